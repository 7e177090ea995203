//! Boards built in Rust, without writing JSON (issue 13): a [`BoardBuilder`] fills the format's
//! types ([`Board`], [`Player`], [`Permanent`], [`Effect`]) with the format's defaults, and
//! [`BoardBuilder::build`] validates the result exactly as a board file is validated.

use super::load::validate_typed;
use super::{Board, Effect, InputError, Permanent, Player, ValidBoard, Variant};

/// A board under construction: players, permanents and effects in the order added.
///
/// ```
/// use attackopt::{BoardBuilder, Options, Permanent, Position};
///
/// let board = BoardBuilder::new("A")
///     .players(["A", "B", "C"])
///     .creature("bear", "Grizzly Bears", "A", 2)
///     .permanent(Permanent { goaded_by: vec!["B".into()], ..BoardBuilder::card("ogre", "Hill Giant", "A", &["Creature"]) })
///     .build("my board")?;
/// let pos = Position::new(board)?;
/// let best = pos.solve(&attackopt::Objective::Power, &Options::default())?;
/// assert_eq!(best.result.declaration.attacks.len(), 2);
/// # Ok::<(), attackopt::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct BoardBuilder {
    board: Board,
}

impl BoardBuilder {
    /// An empty board (format version 1, the default variant) whose active player is
    /// `active_player`; add that player with [`BoardBuilder::player`].
    pub fn new(active_player: &str) -> Self {
        BoardBuilder {
            board: Board {
                attackopt: 1,
                variant: Variant::default(),
                active_player: active_player.to_string(),
                attacked_this_turn: 0,
                extra_turn: None,
                players: Vec::new(),
                permanents: Vec::new(),
                effects: Vec::new(),
                left_the_game: Vec::new(),
                import: None,
                combat: None,
            },
        }
    }

    /// A player with the format's defaults (20 life, no team, empty hand and mana pool).
    pub fn player(mut self, id: &str) -> Self {
        self.board.players.push(Player { id: id.to_string(), ..Player::default() });
        self
    }

    /// A player with a name for answers ("Alice (B)"), otherwise the format's defaults.
    pub fn named_player(mut self, id: &str, name: &str) -> Self {
        self.board.players.push(Player { id: id.to_string(), name: Some(name.to_string()), ..Player::default() });
        self
    }

    /// Several players with the format's defaults, in order.
    pub fn players<'a>(self, ids: impl IntoIterator<Item = &'a str>) -> Self {
        ids.into_iter().fold(self, BoardBuilder::player)
    }

    /// A player written out in full (name, team, life, hand, mana pool); start from
    /// `Player::default()` and set the fields that differ.
    pub fn player_full(mut self, player: Player) -> Self {
        self.board.players.push(player);
        self
    }

    /// An untapped creature with this power and no other field set (toughness 0 is fine: the
    /// board format does not check it).
    pub fn creature(self, id: &str, name: &str, controller: &str, power: i64) -> Self {
        let card = Permanent { power, ..BoardBuilder::card(id, name, controller, &["Creature"]) };
        self.permanent(card)
    }

    /// A permanent written out in full; start from [`BoardBuilder::card`] and set the fields
    /// that differ (`Permanent { tapped: true, ..BoardBuilder::card(...) }`).
    pub fn permanent(mut self, permanent: Permanent) -> Self {
        self.board.permanents.push(permanent);
        self
    }

    /// An explicit effect (docs/format.md "Explicit effects").
    pub fn effect(mut self, effect: Effect) -> Self {
        self.board.effects.push(effect);
        self
    }

    /// The variant: attack options, teams, range of influence.
    pub fn variant(mut self, variant: Variant) -> Self {
        self.board.variant = variant;
        self
    }

    /// Creatures that already attacked this turn (for "per turn" caps).
    pub fn attacked_this_turn(mut self, n: u32) -> Self {
        self.board.attacked_this_turn = n;
        self
    }

    /// A permanent with an id, a name, a controller and card types, every other field at the
    /// format's default.
    pub fn card(id: &str, name: &str, controller: &str, types: &[&str]) -> Permanent {
        Permanent {
            id: id.to_string(),
            name: name.to_string(),
            controller: controller.to_string(),
            types: types.iter().map(|t| t.to_string()).collect(),
            ..Permanent::default()
        }
    }

    /// The board as built, not validated (to serialize it, say).
    pub fn board(self) -> Board {
        self.board
    }

    /// Validate the board as a board file is validated; errors name `name` and the JSON path the
    /// faulty field has in the format (`permanents[1].controller`).
    pub fn build(self, name: &str) -> Result<ValidBoard, InputError> {
        validate_typed(self.board, name)
    }
}
