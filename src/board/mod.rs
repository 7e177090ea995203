//! The board and declaration formats of docs/format.md, read with serde and then validated.
//!
//! Reading happens in two steps so that every error can name its JSON path:
//! 1. serde (through `serde_path_to_error`) checks the shape: field types, required fields;
//! 2. `validate` checks what serde cannot: unique ids, references to existing players and
//!    permanents, selectors, target sets, mana strings and variant fields.
//!
//! Fields whose shape varies (selectors, target sets, mana abilities) are kept as raw JSON by
//! serde and parsed in step 2, which gives far better messages than an untagged enum.

// The doc comments here are for Rust users; schemars copies doc comments into the JSON Schema
// (`attackopt schema`), whose descriptions are written for JSON users and must not change with
// them. So an item documented for Rust only carries `#[schemars(description = "")]`: no
// description in the schema, as before it had a doc comment.

mod build;
mod error;
mod load;
pub mod size;
mod strict;
mod validate;

pub use crate::vocab::effects::{EffectKind, Filter, LandsOf, ManaAbility, Selector, TargetSpec};
pub use build::BoardBuilder;
pub(crate) use error::edit_distance;
pub use error::{nearest, unknown_id, InputError, Warning};
// json_path and kind_of word batch's messages as the board's (src/bin/attackopt/batch.rs).
pub use load::{check_regular_file, json_path, load_board, load_declaration, parse_board, parse_declaration, read_source, validate_typed};
// Batch and MCP read requests through the same strict reader (issue 11, F19).
pub use strict::{deserialize_strict, Strict};
pub use validate::{kind_of, parse_color, ValidBoard, ValidEffect, MAX_EFFECTS, MAX_PERMANENTS, MAX_PLAYERS, MAX_STRING};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The board as written in the file (docs/format.md "Board").
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Board {
    /// Format version; must be 1.
    #[schemars(extend("const" = 1))]
    pub attackopt: u32,
    /// How the game is played (default: attack multiple players, no teams).
    #[schemars(description = "")]
    #[serde(default)]
    pub variant: Variant,
    /// The player whose combat it is (the attacking player, CR 508.1).
    #[schemars(description = "")]
    pub active_player: String,
    /// Creatures that already attacked this turn, for caps "each turn".
    #[schemars(description = "")]
    #[serde(default)]
    pub attacked_this_turn: u32,
    /// The players, in seating order (at least one).
    #[schemars(description = "")]
    pub players: Vec<Player>,
    /// The permanents on the battlefield.
    #[schemars(description = "")]
    #[serde(default)]
    pub permanents: Vec<Permanent>,
    /// Explicit effects: what no named card on the board says (goad, triggers, activations).
    #[schemars(description = "")]
    #[serde(default)]
    pub effects: Vec<Effect>,
}

/// How the game is played: attack options and team turns (CR 506.2a, 801, 802, 803, 805, 810).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct Variant {
    /// Which players may be attacked.
    #[schemars(description = "")]
    #[serde(default)]
    pub attack: AttackOption,
    /// The chosen defending player under [`AttackOption::Single`] (CR 506.2a).
    #[schemars(description = "")]
    #[serde(default)]
    pub defending_player: Option<String>,
    /// Limited range of influence: the seats a player's influence reaches (CR 801).
    #[schemars(description = "")]
    #[serde(default)]
    pub range_of_influence: Option<u32>,
    /// The active player's whole team declares attackers (Two-Headed Giant, CR 805.10).
    #[schemars(description = "")]
    #[serde(default)]
    pub shared_team_turns: bool,
    /// Defaults to `shared_team_turns` (Two-Headed Giant shares life; Archenemy sets it false).
    #[serde(default)]
    pub shared_life: Option<bool>,
}

/// Which players a creature may attack (CR 506.2a, 802, 803).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "")]
#[serde(rename_all = "lowercase")]
pub enum AttackOption {
    /// CR 802: attack multiple players.
    #[default]
    Multiple,
    /// CR 506.2a: only the chosen defending player.
    Single,
    /// CR 803: attack left (the next entry of `players`).
    Left,
    /// CR 803: attack right (the previous entry of `players`).
    Right,
}

/// A player (docs/format.md "Board").
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "")]
pub struct Player {
    /// The player's id, unique among players and permanents.
    #[schemars(description = "")]
    pub id: String,
    /// Players with the same team are teammates; None is a team of one.
    #[schemars(description = "")]
    #[serde(default)]
    pub team: Option<String>,
    /// The life total (default 20): life pays Phyrexian symbols (CR 107.4f, 119.4).
    #[schemars(description = "")]
    #[serde(default = "default_life")]
    pub life: i64,
    /// Cards in hand, for named cards that count them.
    #[schemars(description = "")]
    #[serde(default)]
    pub hand: u32,
    /// Mana in the pool, such as `"{R}{R}{2}"` (`{2}` is two colorless).
    #[serde(default)]
    #[schemars(schema_with = "crate::vocab::fields::mana_pool")]
    pub mana_pool: String,
}

fn default_life() -> i64 {
    20
}

/// A permanent on the battlefield (docs/format.md "Board"). `Default` gives every field the
/// format's default (an empty id and controller: set them).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "")]
pub struct Permanent {
    /// The permanent's id, unique among players and permanents.
    #[schemars(description = "")]
    pub id: String,
    /// The card's name (any case). A card of attackopt's catalog (`attackopt cards`, MCP tool
    /// `list_cards`) brings its effects; a plain card listed there, a token, or a permanent that
    /// an effect names as its `source` is read from its fields alone; any other name gets a
    /// warning (with a did-you-mean) and is read as a card with no abilities that matter for
    /// attacking. Empty (the default) for a permanent described by its fields alone.
    #[serde(default)]
    pub name: String,
    /// The id of the player controlling it.
    #[schemars(description = "")]
    pub controller: String,
    /// Card types (any case): Artifact, Battle, Creature, Enchantment, Land, Planeswalker, Kindred, Tribal, Token.
    #[serde(default)]
    #[schemars(schema_with = "crate::vocab::fields::card_types")]
    pub types: Vec<String>,
    /// Subtypes (any case): basic land types imply their mana abilities.
    #[schemars(description = "")]
    #[serde(default)]
    pub subtypes: Vec<String>,
    /// Colors as letters or names (any case): W, U, B, R, G, white, blue, black, red, green.
    #[serde(default)]
    #[schemars(schema_with = "crate::vocab::fields::colors")]
    pub colors: Vec<String>,
    /// Power, within ±1,000,000.
    #[schemars(description = "")]
    #[serde(default)]
    pub power: i64,
    /// Toughness, within ±1,000,000.
    #[schemars(description = "")]
    #[serde(default)]
    pub toughness: i64,
    /// Keywords (any case); those that matter: Haste, Vigilance, Defender, Flying, and any a
    /// selector names.
    #[schemars(description = "")]
    #[serde(default)]
    pub keywords: Vec<String>,
    /// A tapped creature can't attack and a tapped source makes no mana (CR 508.1a).
    #[schemars(description = "")]
    #[serde(default)]
    pub tapped: bool,
    /// Under summoning sickness: can't attack or tap for mana without haste (CR 302.6).
    #[schemars(description = "")]
    #[serde(default)]
    pub summoning_sick: bool,
    /// Counters on it (Nils, Discipline Enforcer makes them a cost).
    #[schemars(description = "")]
    #[serde(default)]
    pub counters: u32,
    /// The players who goaded it (CR 701.15).
    #[schemars(description = "")]
    #[serde(default)]
    pub goaded_by: Vec<String>,
    /// {T} mana abilities, alternatives; each `{"add": ...}` (checked in validation).
    #[serde(default)]
    pub mana: Vec<ManaAbilitySpec>,
    /// For Auras (Pacifism, Brainwash, Vows): the permanent enchanted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached_to: Option<String>,
    /// For battles: the player protecting it (CR 310.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protector: Option<String>,
}

/// A {T} mana ability as written: `{"add": ...}`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "")]
pub struct ManaAbilitySpec {
    /// A mana string, `"any_color"`, or `{"could_produce": ..., "kind": ...}`.
    #[schemars(schema_with = "crate::vocab::fields::mana_add")]
    pub add: Value,
}

/// An explicit effect (docs/format.md "Explicit effects"). Kept flat: which fields a kind needs is
/// checked in validation, so a missing `count` is reported as `effects[2].count`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(transform = crate::vocab::fields::effect_rules)]
pub struct Effect {
    /// The kind, such as `attacks_if_able` or `max_attackers` (docs/format.md "Explicit effects").
    #[schemars(description = "")]
    #[schemars(schema_with = "crate::vocab::fields::effect_kind")]
    pub kind: String,
    /// The creatures affected: a selector.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::selector")]
    pub creatures: Option<Value>,
    /// What they may (not) attack: a target set; absent means anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::target_set")]
    pub target: Option<Value>,
    /// The player of `attacks_player_other_than_if_able` and `player_attacks_if_able`.
    #[schemars(description = "")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The number of `min_other_attackers` and `max_attackers`.
    #[schemars(description = "")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// For `max_attackers`: `"combat"` (default) or `"turn"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::per")]
    pub per: Option<String>,
    /// For `attack_cost`: a mana string such as `"{2}"` (`{W/P}` allowed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::cost")]
    pub cost: Option<String>,
    /// Where the effect comes from (a card name or permanent id), for explanations.
    #[schemars(description = "")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A proposed declaration of attackers (docs/format.md "Declaration").
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Declaration {
    /// The attacks: each creature at most once.
    #[schemars(description = "")]
    #[serde(default)]
    pub attacks: Vec<Attack>,
    /// How the costs to attack are paid; None: attackopt finds a payment if there is one.
    #[schemars(description = "")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment: Option<Vec<PaymentEntry>>,
}

/// One attack of a declaration.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "")]
pub struct Attack {
    /// The attacking creature's id.
    #[schemars(description = "")]
    pub creature: String,
    /// The id of the player, planeswalker or battle it attacks.
    #[schemars(description = "")]
    pub target: String,
}

/// One step of a payment: tap a permanent for mana, spend pool mana, or pay life.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(transform = crate::vocab::fields::payment_forms)]
pub struct PaymentEntry {
    /// The permanent tapped for mana (with `mana`).
    #[schemars(description = "")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permanent: Option<String>,
    /// The player whose mana pool is spent (with `mana`) or who pays life (with `life`).
    #[schemars(description = "")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The mana made or spent, a mana string such as `"{G}"`.
    #[schemars(description = "")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana: Option<String>,
    /// Life paid, for Phyrexian symbols (two each, CR 107.4f).
    #[schemars(description = "")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life: Option<i64>,
}

impl Permanent {
    /// A permanent with every optional field at its default (docs/format.md "Defaults").
    pub fn new(id: impl Into<String>, name: impl Into<String>, controller: impl Into<String>, types: &[&str]) -> Permanent {
        Permanent {
            id: id.into(),
            name: name.into(),
            controller: controller.into(),
            types: types.iter().map(|t| t.to_string()).collect(),
            subtypes: vec![],
            colors: vec![],
            power: 0,
            toughness: 0,
            keywords: vec![],
            tapped: false,
            summoning_sick: false,
            counters: 0,
            goaded_by: vec![],
            mana: vec![],
            attached_to: None,
            protector: None,
        }
    }

    /// Whether it has this card type (any case).
    pub fn has_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x.eq_ignore_ascii_case(t))
    }
    /// Whether it has this subtype (any case).
    pub fn has_subtype(&self, t: &str) -> bool {
        self.subtypes.iter().any(|x| x.eq_ignore_ascii_case(t))
    }
    /// Whether it has this keyword (any case).
    pub fn has_keyword(&self, k: &str) -> bool {
        self.keywords.iter().any(|x| x.eq_ignore_ascii_case(k))
    }
    /// Whether it has this color, a letter (any case): a validated board keeps colors as letters.
    pub fn has_color(&self, c: &str) -> bool {
        self.colors.iter().any(|x| x.eq_ignore_ascii_case(c))
    }
    /// Whether it is a creature.
    pub fn is_creature(&self) -> bool {
        self.has_type("Creature")
    }
}
