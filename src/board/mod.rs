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
// (`attackopt schema`, the MCP resource attackopt://schema/board), whose descriptions are written
// for JSON users (and LLMs writing boards): every field says its unit, its default and gives an
// example (issue 13), in a `#[schemars(description = ..., extend("examples" = ...))]` of its own
// where the doc comment is written for Rust. `tests/schema_descriptions.rs` checks that no
// property of the board or declaration schema lacks a description.

mod build;
mod combat;
mod error;
mod imported;
mod load;
pub mod size;
mod strict;
mod validate;

pub use crate::vocab::effects::{EffectKind, Filter, LandsOf, ManaAbility, Selector, TargetSpec};
pub use build::BoardBuilder;
pub(crate) use error::edit_distance;
pub use error::{nearest, unknown_id, Assumption, AssumptionKind, InputError, Warning};
pub use imported::{ImportNotes, Skipped};
// json_path and kind_of word batch's messages as the board's (src/bin/attackopt/batch.rs).
pub use load::{
    check_regular_file, json_path, load_any_declaration, load_board, load_declaration, parse_any_declaration, parse_block_declaration_text,
    parse_board, parse_declaration, parse_declaration_text, read_source, validate_typed, AnyDeclaration,
};
// The names input is read as boards are (src/import/names.rs).
pub(crate) use load::{parse_json, read_regular_file, regular_file};
// Batch and MCP read requests through the same strict reader (issue 11, F19).
pub use strict::{deserialize_strict, Strict};
pub use validate::{
    kind_of, parse_color, quoted_name, SettledManaEffect, ValidBoard, ValidEffect, MAX_EFFECTS, MAX_ORACLE_TEXT, MAX_PERMANENTS, MAX_PLAYERS,
    MAX_RULE_INSTANCES, MAX_STRING,
};

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
    #[schemars(description = "How the game is played. Default: {\"attack\": \"multiple\"}, every opponent attackable, no teams (CR 802).", extend("examples" = [{"attack": "left"}, {"attack": "single", "defending_player": "B"}]))]
    #[serde(default)]
    pub variant: Variant,
    /// The player whose combat it is (the attacking player, CR 508.1).
    #[schemars(description = "The id of the player whose combat it is, who declares attackers (CR 508.1). Required.", extend("examples" = ["A"]))]
    pub active_player: String,
    /// Creatures that already attacked this turn, for caps "each turn".
    #[schemars(description = "How many creatures already attacked this turn (a count, >= 0), for max_attackers effects with \"per\": \"turn\". Default 0.", extend("examples" = [0]))]
    #[serde(default)]
    pub attacked_this_turn: u32,
    /// Whether this turn is an extra turn (CR 500.7); None: not known.
    #[schemars(description = "Whether this turn is an extra turn (CR 500.7), for Medomai the Ageless. Absent: not known.", extend("examples" = [false]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_turn: Option<bool>,
    /// The players, in seating order (at least one).
    #[schemars(description = "The players, in seating order (attack left/right and range of influence count seats in this order). At least one; required.", extend("examples" = [[{"id": "A"}, {"id": "B", "life": 12}]]))]
    pub players: Vec<Player>,
    /// The permanents on the battlefield.
    #[schemars(description = "The permanents on the battlefield, creatures and noncreatures (lands, enchantments, planeswalkers, battles). Default empty.", extend("examples" = [[{"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2}]]))]
    #[serde(default)]
    pub permanents: Vec<Permanent>,
    /// Explicit effects: what no named card on the board says (goad, triggers, activations).
    #[schemars(description = "Explicit effects: what no named card on the board says (triggers, activations, effects of cards not on the battlefield). Default empty. Goad is the permanent field goaded_by.", extend("examples" = [[{"kind": "attacks_if_able", "creatures": ["bear"], "source": "Fumiko the Lowblood"}]]))]
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// Ids of players who have left the game (CR 800.4a), which `goaded_by` may still name: a
    /// creature they goaded must attack if able, and any player qualifies as "a player other
    /// than the goading player" (docs/rules.md section 2). Not players of the board.
    #[schemars(description = "Ids of players who have left the game (CR 800.4a), which goaded_by may still name: the goad still holds, and it excludes no one. Not players of the board; ids unique among all ids. Default empty.", extend("examples" = [["D"]]))]
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_the_game: Vec<String>,
    /// What the board's import dropped or guessed (issue 40); None for a board written by hand.
    /// Every answer about the board repeats it; `strict` refuses it.
    #[schemars(description = "What the board's import dropped or guessed, written by attackopt import forge and import names: {\"from\", \"file\", \"skipped\": [{\"zone\", \"index\", \"card\", \"reason\"}], \"notes\": [...]}. Every answer about the board repeats it (its `import` field, one line in text); strict mode refuses to answer when skipped or notes is not empty. Absent (default) for a board written by hand.", extend("examples" = [{"from": "forge", "file": "game.txt", "skipped": [{"zone": "aibattlefield", "index": 3, "card": "Tarmogoyf", "reason": "unknown card"}], "notes": []}]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub import: Option<ImportNotes>,
    /// The attacks declared this combat: a board with `combat` is at the declare blockers step
    /// and asked about blocks (CR 509.1, docs/blocks.md); None asks about attacks.
    #[schemars(description = "The attacks declared this combat, {\"attacks\": [{\"creature\", \"target\"}]}: a board with combat is at the declare blockers step, and check and enumerate answer about declarations of blockers (CR 509.1, docs/blocks.md). Each attacker is a creature of the attacking side, each target a player, planeswalker or battle with a defending player. Absent (default): the board is asked about attacks.", extend("examples" = [{"attacks": [{"creature": "jugg", "target": "B"}]}]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat: Option<Combat>,
}

/// The attacks declared this combat (docs/blocks.md "Input"), in the declaration's shape.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Combat {
    /// The attacks: each attacking creature once.
    #[schemars(description = "The attacks declared this combat: each an attacking creature and what it attacks, each creature at most once. Default empty.", extend("examples" = [[{"creature": "jugg", "target": "B"}]]))]
    #[serde(default)]
    pub attacks: Vec<Attack>,
}

/// How the game is played: attack options and team turns (CR 506.2a, 801, 802, 803, 805, 810).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct Variant {
    /// Which players may be attacked.
    #[schemars(description = "Which players may be attacked: \"multiple\" (default, CR 802), \"single\" (only defending_player and their planeswalkers and battles, CR 506.2a), \"left\" or \"right\" (the next or previous entry of players, CR 803).", extend("examples" = ["multiple"]))]
    #[serde(default)]
    pub attack: AttackOption,
    /// The chosen defending player under [`AttackOption::Single`] (CR 506.2a).
    #[schemars(description = "Under \"attack\": \"single\", the id of the chosen defending player (required then, an opponent of the active player); ignored otherwise. Default null.", extend("examples" = ["B"]))]
    #[serde(default)]
    pub defending_player: Option<String>,
    /// Limited range of influence: the seats a player's influence reaches (CR 801).
    #[schemars(description = "Limited range of influence: how many seats away a player's influence reaches (CR 801), or null (default) for no limit.", extend("examples" = [2]))]
    #[serde(default)]
    pub range_of_influence: Option<u32>,
    /// The active player's whole team declares attackers (Two-Headed Giant, CR 805.10).
    #[schemars(description = "True for Two-Headed Giant and other shared-team turns: every player on the active player's team declares attackers in one declaration (CR 805.10). Default false.", extend("examples" = [true]))]
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
#[schemars(description = "A player: {\"id\": \"A\"} at least; name, life, hand, team and mana_pool are optional.")]
pub struct Player {
    /// The player's id, unique among players and permanents.
    #[schemars(description = "The player's id, unique among players and permanents, non-empty. Required.", extend("examples" = ["A"]))]
    pub id: String,
    /// The player's name, for answers only ("Alice (B)"); None (the default) names them by id.
    #[schemars(
        description = "The player's name, shown in text answers and messages as \"Alice (B)\" (the id after it, so answers stay unambiguous); declarations and effects always name players by id. Optional: absent or null names the player by id alone. A non-empty string without control characters; two players may share a name (with a warning).",
        extend("examples" = ["Alice"]),
        // What validation refuses: empty or blank, control characters (char::is_control is
        // exactly U+0000-001F and U+007F-009F).
        regex(pattern = r"^[^\x00-\x1F\x7F-\x9F]*[^\s\x00-\x1F\x7F-\x9F][^\x00-\x1F\x7F-\x9F]*$")
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Players with the same team are teammates; None is a team of one.
    #[schemars(description = "Players with the same team are teammates (never attacked by each other); null (default) is a team of one.", extend("examples" = ["heroes"]))]
    #[serde(default)]
    pub team: Option<String>,
    /// The life total (default 20): life pays Phyrexian symbols (CR 107.4f, 119.4).
    #[schemars(description = "The life total (default 20); life pays Phyrexian mana symbols, 2 per symbol (CR 107.4f, 119.4).", extend("examples" = [20]))]
    #[serde(default = "default_life")]
    pub life: i64,
    /// Cards in hand, for named cards that count them.
    #[schemars(description = "Cards in hand (a count, default 0), for cards that count them (Ensnaring Bridge).", extend("examples" = [3]))]
    #[serde(default)]
    pub hand: u32,
    /// Mana in the pool, such as `"{R}{R}{2}"` (`{2}` is two colorless).
    #[serde(default)]
    #[schemars(schema_with = "crate::vocab::fields::mana_pool")]
    pub mana_pool: String,
    /// Poison counters (CR 122.1f), for "unless defending player is poisoned"; None: not known.
    #[schemars(description = "Poison counters (CR 122.1f), for cards that ask whether the player is poisoned (Chained Throatseeker). Absent: not known, and a card that needs it is assumed away with a warning naming this field.", extend("examples" = [0]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poison: Option<u32>,
    /// Whether the player is the monarch (CR 724); None: not known (one player's true says the
    /// others are not).
    #[schemars(description = "Whether the player is the monarch (CR 724), for Crown-Hunter Hireling. Absent: not known, unless another player is the monarch.", extend("examples" = [true]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monarch: Option<bool>,
    /// Whether the player has the city's blessing (CR 702.131); None: not known.
    #[schemars(description = "Whether the player has the city's blessing (ascend, CR 702.131), for Wayward Swordtooth. Absent: not known.", extend("examples" = [false]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city_blessing: Option<bool>,
    /// Cards in the player's graveyard; None: not known.
    #[schemars(description = "Cards in the player's graveyard (a count), for threshold and Deep-Sea Terror. Absent: not known.", extend("examples" = [7]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graveyard: Option<u32>,
    /// Card types among the cards in the player's graveyard (delirium); None: not known.
    #[schemars(description = "How many card types are among the cards in the player's graveyard (delirium). Absent: not known.", extend("examples" = [4]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graveyard_card_types: Option<u32>,
    /// The spells the player cast this turn, each as its type line; None: not known.
    #[schemars(description = "The spells the player cast this turn, each as its type line (\"Creature — Goblin\", \"Instant\"), for Goblin Cohort and Piston-Fist Cyclops. Absent: not known; [] for none.", extend("examples" = [["Creature — Goblin", "Instant"]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spells_cast_this_turn: Option<Vec<String>>,
    /// Whether the player was dealt damage this turn; None: not known.
    #[schemars(description = "Whether the player was dealt damage this turn, for Bloodcrazed Goblin (\"unless an opponent has been dealt damage this turn\"). Absent: not known.", extend("examples" = [true]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealt_damage_this_turn: Option<bool>,
    /// The player's speed (CR 702.179, 0 to 4; 4 is max speed); None: not known.
    #[schemars(description = "The player's speed (CR 702.179), 0 to 4 (4 is max speed), for Hazoret, Godseeker. Absent: not known.", extend("examples" = [4]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<u32>,
    /// The cards in the player's graveyard, each as its type line; None: not known. Gives
    /// `graveyard` and `graveyard_card_types` when those are left out.
    #[schemars(description = "The cards in the player's graveyard, each as its type line (\"Sorcery — Lesson\"), for cards that ask what is there (Platypus-Bear: a Lesson card). Gives graveyard (its length) and graveyard_card_types when those are absent. Absent: not known.", extend("examples" = [["Sorcery — Lesson", "Creature — Bear"]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graveyard_cards: Option<Vec<String>>,
    /// The players this player attacked during their last turn (ids); None: not known.
    #[schemars(description = "The ids of the players this player attacked during their last turn, for Weathered Sentinels (\"players who attacked you during their last turn\"). Absent: not known; [] for none.", extend("examples" = [["A"]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacked_players_last_turn: Option<Vec<String>>,
    /// Whether a creature died under the player's control this turn; None: not known.
    #[schemars(description = "Whether a creature died under the player's control this turn, for Bontu the Glorified. Absent: not known.", extend("examples" = [false]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature_died_this_turn: Option<bool>,
    /// Whether the player cast a spell or put a nontoken permanent onto the battlefield during
    /// their last turn (Arboria); None: not known.
    #[schemars(description = "Whether the player cast a spell or put a nontoken permanent onto the battlefield during their last turn, for Arboria (\"Creatures can't attack a player unless that player cast a spell or put a nontoken permanent onto the battlefield during their last turn\"). Absent: not known.", extend("examples" = [true]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cast_spell_or_put_permanent_last_turn: Option<bool>,
}

fn default_life() -> i64 {
    20
}

impl Default for Player {
    /// The format's defaults: 20 life, no name or team, an empty hand and mana pool (and an
    /// empty id: set it).
    fn default() -> Self {
        Player {
            id: String::new(),
            name: None,
            team: None,
            life: default_life(),
            hand: 0,
            mana_pool: String::new(),
            poison: None,
            monarch: None,
            city_blessing: None,
            graveyard: None,
            graveyard_card_types: None,
            spells_cast_this_turn: None,
            dealt_damage_this_turn: None,
            creature_died_this_turn: None,
            speed: None,
            graveyard_cards: None,
            attacked_players_last_turn: None,
            cast_spell_or_put_permanent_last_turn: None,
        }
    }
}

/// A permanent on the battlefield (docs/format.md "Board"). `Default` gives every field the
/// format's default (an empty id and controller: set them).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(
    description = "A permanent on the battlefield: id, controller and types at least, such as {\"id\": \"bear\", \"name\": \"Grizzly Bears\", \"controller\": \"A\", \"types\": [\"Creature\"], \"power\": 2}."
)]
pub struct Permanent {
    /// The permanent's id, unique among players and permanents.
    #[schemars(description = "The permanent's id, unique among players and permanents, non-empty; declarations and effects name it. Required.", extend("examples" = ["bear"]))]
    pub id: String,
    /// The card's name (any case). A card of attackopt's catalog (`attackopt cards`, MCP tool
    /// `list_cards`) brings its effects; a plain card listed there, a token, or a permanent that
    /// an effect names as its `source` is read from its fields alone; any other name gets a
    /// warning (with a did-you-mean) and is read as a card with no abilities that matter for
    /// attacking. Empty (the default) for a permanent described by its fields alone.
    #[serde(default)]
    pub name: String,
    /// The id of the player controlling it.
    #[schemars(description = "The id of the player controlling it. Required.", extend("examples" = ["A"]))]
    pub controller: String,
    /// Card types (any case): Artifact, Battle, Creature, Enchantment, Land, Planeswalker, Kindred, Tribal, Token.
    #[serde(default)]
    #[schemars(schema_with = "crate::vocab::fields::card_types")]
    pub types: Vec<String>,
    /// Subtypes (any case): basic land types imply their mana abilities.
    #[schemars(description = "Subtypes (any case). Basic land types give their mana ability (Forest: {G}); creature types can be selected by effects. Default empty.", extend("examples" = [["Forest"], ["Goblin"]]))]
    #[serde(default)]
    pub subtypes: Vec<String>,
    /// Colors as letters or names (any case): W, U, B, R, G, white, blue, black, red, green.
    #[serde(default)]
    #[schemars(schema_with = "crate::vocab::fields::colors")]
    pub colors: Vec<String>,
    /// Power, within ±1,000,000.
    #[schemars(description = "Power, an integer within ±1,000,000 (default 0): the power objective sums it, Ensnaring Bridge compares it.", extend("examples" = [2]))]
    #[serde(default)]
    pub power: i64,
    /// Toughness, within ±1,000,000.
    #[schemars(description = "Toughness, an integer within ±1,000,000 (default 0).", extend("examples" = [2]))]
    #[serde(default)]
    pub toughness: i64,
    /// Keywords (any case); those that matter: Haste, Vigilance, Defender, Flying, and any a
    /// selector names.
    #[schemars(description = "Keywords (any case, default empty). Those that matter: Haste (attacks while summoning sick), Vigilance (attacks without tapping, so it can still tap for mana), Defender (can't attack), Flying (Moat), and any keyword an effect's selector names.", extend("examples" = [["Haste", "Flying"]]))]
    #[serde(default)]
    pub keywords: Vec<String>,
    /// A tapped creature can't attack and a tapped source makes no mana (CR 508.1a).
    #[schemars(description = "Tapped (default false): a tapped creature can't attack and a tapped source makes no mana (CR 508.1a).", extend("examples" = [true]))]
    #[serde(default)]
    pub tapped: bool,
    /// Under summoning sickness: can't attack or tap for mana without haste (CR 302.6).
    #[schemars(description = "Came under its controller's control this turn (default false): it can't attack or use {T} mana abilities without Haste (CR 302.6).", extend("examples" = [true]))]
    #[serde(default)]
    pub summoning_sick: bool,
    /// Counters on it (Nils, Discipline Enforcer makes them a cost).
    #[schemars(description = "Counters on it (a count, default 0), for Nils, Discipline Enforcer's tax on creatures with counters.", extend("examples" = [1]))]
    #[serde(default)]
    pub counters: u32,
    /// The players who goaded it (CR 701.15): player ids, or ids listed in the board's
    /// `left_the_game` for goaders who have left the game (CR 800.4a).
    #[schemars(description = "The ids of the players who goaded it (CR 701.15): it must attack if able, a player other than these if able. An id may name a player listed in the board's left_the_game (the goad still holds; it excludes no one). Default empty.", extend("examples" = [["B"]]))]
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
    /// The card's Oracle text: attackopt reads the rules for declaring attackers in it
    /// (docs/format.md "Oracle text"); a sentence about attacking that it does not understand
    /// is quoted in a warning and assumed away. Not read for a card of the catalog, nor for a
    /// permanent an explicit effect names as its source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oracle_text: Option<String>,
    /// The card's type line ("Artifact Creature — Juggernaut"): gives `types` and `subtypes`
    /// when `types` is empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub type_line: Option<String>,
    /// Counters by kind (`{"+1/+1": 2, "magnet": 1}`), for texts that name a kind; `counters`
    /// stays the total. None: only the total is known.
    #[schemars(description = "Counters on it by kind, such as {\"+1/+1\": 2, \"magnet\": 1}, for cards that name a kind (Magnetic Web, Scuttlegator); counters stays the total of every kind. Absent: only the total is known (a permanent with no counters has none of any kind).", extend("examples" = [{"+1/+1": 2}]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters_of: Option<std::collections::BTreeMap<String, u32>>,
    /// Whether it attacked during its controller's last turn; None: not known.
    #[schemars(description = "Whether it attacked during its controller's last turn (Giant Turtle, Halls of Mist). Absent: not known.", extend("examples" = [false]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacked_last_turn: Option<bool>,
    /// The players it attacked this turn (ids); None: not known (none, when no creature
    /// attacked this turn: the board's `attacked_this_turn` is 0).
    #[schemars(description = "The ids of the players it attacked this turn, for Bloodthirster (\"can't attack a player it has already attacked this turn\"). Absent: not known, unless no creature attacked this turn (attacked_this_turn 0).", extend("examples" = [["B"]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacked_players_this_turn: Option<Vec<String>>,
    /// Whether it entered the battlefield this turn (Chaos Lord); None: not known (a permanent
    /// free of summoning sickness did not).
    #[schemars(description = "Whether it entered the battlefield this turn (Chaos Lord). Absent: not known, unless it is free of summoning sickness (then it did not).", extend("examples" = [false]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered_this_turn: Option<bool>,
    /// The keyword costs paid as it was cast ("dash", "blitz", "impending", "kicker"); None:
    /// not known.
    #[schemars(description = "The keyword costs paid as it was cast, such as [\"dash\"] (Mardu Strike Leader has haste), [\"impending\"] (an Overlord with time counters is no creature) or [\"kicker\"]; [] for none. Absent: not known.", extend("examples" = [["dash"]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub costs_paid: Option<Vec<String>>,
    /// Whether it is monstrous (CR 701.37b); None: not known.
    #[schemars(description = "Whether it is monstrous (CR 701.37b: monstrosity resolved), for Colossus of Akros. Absent: not known.", extend("examples" = [true]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monstrous: Option<bool>,
    /// The color chosen as it entered (Teferi's Moat); None: not known.
    #[schemars(description = "The color chosen for it (\"As ~ enters, choose a color\": Teferi's Moat), a letter or name. Absent: not known.", extend("examples" = ["G"]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_color: Option<String>,
    /// The player chosen for it (Raving Dead's trigger at the beginning of combat); None: not
    /// known.
    #[schemars(description = "The id of the player chosen for it, by an ability that resolved before attackers were declared (Raving Dead: \"choose an opponent at random. Raving Dead attacks that player this combat if able\"). Absent: not known.", extend("examples" = ["B"]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_player: Option<String>,
    /// The direction last chosen for it, "left" or "right" (Mystic Barrier); None: not known.
    #[schemars(description = "The direction last chosen for it, \"left\" or \"right\" (Mystic Barrier). Absent: not known.", extend("examples" = ["left"]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_direction: Option<String>,
    /// The modes chosen for it ("As ~ enters, choose one — • ... • ..."), by their place among
    /// the bullets of its text, from 1; None: not known.
    #[schemars(description = "The modes chosen for it as it entered (\"As ~ enters, choose one — • ... • ...\"), each by its place among the bullet lines of its Oracle text, counting from 1. Absent: not known (a mode that would change a declaration is then assumed away, with a warning).", extend("examples" = [[2]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_modes: Option<Vec<u32>>,
    /// The creature it is paired with (soulbond, CR 702.95), a list of at most one id; [] when
    /// unpaired; None: not known.
    #[schemars(description = "The id of the creature it is paired with (soulbond, CR 702.95), as a list of one; [] when it is unpaired. For Flowering Lumberknot (\"can't attack or block unless it's paired with a creature with soulbond\"). Absent: not known, unless no other creature its controller controls has soulbond (then it is unpaired).", extend("examples" = [["elf"]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired_with: Option<Vec<String>>,
    /// Whether its effect is ignored until end of turn (CR 116.2d: Lost in Thought, Volrath's
    /// Curse); None: not known.
    #[schemars(description = "Whether a player took the special action its text offers to ignore its effect until end of turn (CR 116.2d: Lost in Thought's \"exile three cards from their graveyard\", Volrath's Curse's \"sacrifice a permanent\"); that action needs priority, so it was taken before attackers are declared or not at all. Absent: not known, and the effect is taken to apply, with a warning naming this field.", extend("examples" = [false]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect_ignored: Option<bool>,
    /// The permanents its triggered ability named as it resolved this combat (a token it made,
    /// each target), in the order its text names them, null for none; None: not known.
    #[schemars(description = "The permanents its beginning-of-combat triggered ability named as it resolved this combat, in the order its text names them: the token it created (Legion Warboss, Howlsquad Heavy: \"That token attacks this combat if able\"), each target (Boros Battleshaper: the creature that attacks if able, then the one that can't attack). null for one it did not name (\"up to one target\" with none chosen) or that has left the battlefield; [] when the ability did not resolve this combat. Absent: not known (asked only in a combat where the ability triggers).", extend("examples" = [["goblin-token"]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger_permanents: Option<Vec<Option<String>>>,
    /// Whether its triggered ability that leaves a requirement for this turn's attack resolved
    /// this turn (Kookus's upkeep trigger); None: not known.
    #[schemars(description = "Whether its triggered ability that leaves a requirement for this turn's attack resolved this turn (Kookus: \"At the beginning of your upkeep, if you don't control a creature named Keeper of Kookus, Kookus ... attacks this turn if able\"). Absent: not known (asked only on its controller's turn, of a permanent free of summoning sickness: one that came under their control this turn was not there at the beginning of the upkeep).", extend("examples" = [true]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger_resolved: Option<bool>,
}

/// A {T} mana ability as written: `{"add": ...}`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "A {T} mana ability: {\"add\": \"{G}\"}; a permanent's abilities are alternatives (tapping uses one).")]
pub struct ManaAbilitySpec {
    /// A mana string, `"any_color"`, or `{"could_produce": ..., "kind": ...}`.
    #[schemars(schema_with = "crate::vocab::fields::mana_add")]
    pub add: Value,
    /// Whether the ability's cost is {Q}, untap this permanent (CR 107.6), instead of {T}.
    #[schemars(
        description = "The ability's cost is {Q} (untap this permanent, CR 107.6) instead of {T}: it can be activated only while the permanent is tapped, and a creature's only if it has been under its controller's control since the turn began (CR 302.6).",
        extend("examples" = [true])
    )]
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub untap: bool,
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
    /// The attacking creatures of the kinds on attackers (`lure`): a selector (docs/blocks.md).
    #[schemars(description = "For the kinds on attackers (docs/blocks.md: lure, cant_be_blocked, cant_be_blocked_except_by, cant_be_blocked_by_more_than, cant_be_blocked_by, must_be_blocked_by_all, must_be_blocked_if_able, must_be_blocked_by_exactly_one): the attacking creatures it is on, a selector (\"all\", a list of ids, or an object) over the creatures of combat.attacks; these kinds also accept creatures in its place. For can_block_only: the attackers its creatures may block.", extend("examples" = [["jugg"]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attackers: Option<Value>,
    /// For `cant_be_blocked_by`: the creatures that can't block its attackers (a selector).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::blockers")]
    pub blockers: Option<Value>,
    /// For `blocks_creature_if_able` (provoke): the id of the creature to block.
    #[schemars(description = "For blocks_creature_if_able (provoke, CR 702.39a): the id of the attacking creature its creatures block if able. A creature that does not attack makes no requirement.", extend("examples" = ["jugg"]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker: Option<String>,
    /// What they may (not) attack: a target set; absent means anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::target_set")]
    pub target: Option<Value>,
    /// The player of `attacks_player_other_than_if_able` and `player_attacks_if_able`.
    #[schemars(description = "The player id of attacks_player_other_than_if_able (\"attacks a player other than P if able\") and player_attacks_if_able (Trove of Temptation: \"attacks P with at least one creature if able\").", extend("examples" = ["B"]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The number of `min_other_attackers` and `max_attackers`.
    #[schemars(description = "The number of min_other_attackers (\"can't attack unless at least N other creatures attack\"), max_attackers (\"no more than N creatures can attack\"), cant_be_blocked_except_by (\"except by N or more creatures\", N >= 1), cant_be_blocked_by_more_than (\"by more than N creatures\") and can_block_additional (\"N additional creatures\", N >= 1).", extend("examples" = [1]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// For `max_attackers`: `"combat"` (default) or `"turn"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::per")]
    pub per: Option<String>,
    /// For `cant_attack_unless_other_attacks`: the creatures whose attack lets them attack (a
    /// selector).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::others")]
    pub others: Option<Value>,
    /// For `cant_attack_unless_other_attacks`: only others with greater power than the
    /// restricted creature count (Okk).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub greater_power: Option<bool>,
    /// For `attacks_if_able`: a condition, a selector (CR 508.1d, Ekundu Cyclops): the
    /// requirement counts only in declarations where another creature with the same controller,
    /// selected by it, attacks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::if_other_attacks")]
    pub if_other_attacks: Option<Value>,
    /// For `attacks_as_though`: `"haste"` or `"no_defender"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::as_though")]
    pub as_though: Option<String>,
    /// For `no_mana_abilities`: the permanents whose mana abilities can't be activated (ids).
    #[schemars(description = "The ids of the permanents of no_mana_abilities: their mana abilities can't be activated (Arrest, CR 605.1a). Any permanents, not only creatures.", extend("examples" = [["elf"]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permanents: Option<Vec<String>>,
    /// For `attack_cost`: a mana string such as `"{2}"` (`{W/P}` allowed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::cost")]
    pub cost: Option<String>,
    /// For `attack_cost`: permanents its creature's controller sacrifices,
    /// `{"count": 1, "of": {"card_types": ["Land"]}}` (CR 508.1g; Exalted Dragon).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::action_cost")]
    pub sacrifice: Option<Value>,
    /// For `attack_cost`: permanents its creature's controller returns to their owner's hand,
    /// `{"count": 1, "of": {"card_types": ["Enchantment"]}}` (CR 508.1g; Floodtide Serpent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::action_cost")]
    pub return_to_hand: Option<Value>,
    /// For `mana_trigger`, `mana_multiplier` and `mana_instead`: the permanents whose tapping
    /// for mana it affects (a selector over permanents of any controller).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::tapped")]
    pub tapped: Option<Value>,
    /// For `mana_trigger`: the mana added (`"{G}"`, `"any_color"`, `"same_type"`); for
    /// `mana_instead`: the one type produced instead (`"{B}"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::mana_effect_add")]
    pub add: Option<String>,
    /// For `mana_trigger`: only when the tap produced mana of this type, a letter (Caged Sun).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::vocab::fields::if_produced")]
    pub if_produced: Option<String>,
    /// For `mana_instead`: keep the amount the tap made (Infernal Darkness) rather than one
    /// mana (Contamination). Default false.
    #[schemars(description = "For mana_instead: true keeps the amount the tap made (Infernal Darkness: \"{B} instead of any other type\"); false (default) makes it one mana (Contamination: \"instead of any other type and amount\").", extend("examples" = [true]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_amount: Option<bool>,
    /// Where the effect comes from (a card name or permanent id), for explanations.
    #[schemars(description = "Where the effect comes from: a card name or a permanent id, shown in explanations. Default empty.", extend("examples" = ["Fumiko the Lowblood"]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A proposed declaration of attackers (docs/format.md "Declaration").
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Declaration {
    /// The attacks: each creature at most once.
    #[schemars(description = "The attacks: each a creature and what it attacks, each creature at most once. Default empty (no creature attacks).", extend("examples" = [[{"creature": "bear", "target": "B"}]]))]
    #[serde(default)]
    pub attacks: Vec<Attack>,
    /// How the costs to attack are paid; None: attackopt finds a payment if there is one.
    #[schemars(description = "How the costs to attack are paid (CR 508.1h-j): taps of mana sources, pool mana, life. Absent: attackopt finds a payment if there is one.", extend("examples" = [[{"permanent": "f1", "mana": "{G}"}, {"player": "A", "life": 2}]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment: Option<Vec<PaymentEntry>>,
}

/// A proposed declaration of blockers (docs/blocks.md "Input"): one entry per (blocker,
/// attacker) pair.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BlockDeclaration {
    /// The blocks: a creature that blocks two attackers appears twice.
    #[schemars(description = "The blocks: each a blocking creature and the attacker it blocks, one entry per pair (a creature blocking two attackers appears twice). Default empty (no creature blocks).", extend("examples" = [[{"blocker": "wall", "attacker": "jugg"}]]))]
    #[serde(default)]
    pub blocks: Vec<Block>,
    /// How the costs to block are paid; None: attackopt finds a payment if there is one.
    #[schemars(description = "How the costs to block are paid (CR 509.1d-f), as a declaration of attackers' payment. Absent: attackopt finds a payment if there is one.", extend("examples" = [[{"permanent": "f1", "mana": "{G}"}]]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment: Option<Vec<PaymentEntry>>,
}

/// One block of a declaration of blockers.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "One block: {\"blocker\": \"wall\", \"attacker\": \"jugg\"}.")]
pub struct Block {
    /// The blocking creature's id.
    #[schemars(description = "The id of the blocking creature (a creature of a defending player).", extend("examples" = ["wall"]))]
    pub blocker: String,
    /// The id of the attacking creature it blocks.
    #[schemars(description = "The id of the attacking creature it blocks (one of combat.attacks).", extend("examples" = ["jugg"]))]
    pub attacker: String,
}

/// One attack of a declaration.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "One attack: {\"creature\": \"bear\", \"target\": \"B\"}.")]
pub struct Attack {
    /// The attacking creature's id.
    #[schemars(description = "The id of the attacking creature (a permanent of the attacking side).", extend("examples" = ["bear"]))]
    pub creature: String,
    /// The id of the player, planeswalker or battle it attacks.
    #[schemars(description = "The id of what it attacks: a player, a planeswalker or a battle.", extend("examples" = ["B"]))]
    pub target: String,
}

/// One step of a payment: tap a permanent for mana, spend pool mana, or pay life.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(transform = crate::vocab::fields::payment_forms)]
pub struct PaymentEntry {
    /// The permanent tapped for mana (with `mana`).
    #[schemars(description = "The id of a permanent tapped for mana (with mana).", extend("examples" = ["f1"]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permanent: Option<String>,
    /// The player whose mana pool is spent (with `mana`) or who pays life (with `life`).
    #[schemars(description = "The id of the player whose mana pool is spent (with mana) or who pays life (with life).", extend("examples" = ["A"]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// The mana made or spent, a mana string such as `"{G}"`.
    #[schemars(description = "The mana made or spent, a mana string: one symbol per unit, such as \"{G}\" or \"{W}{W}\".", extend("examples" = ["{G}"]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana: Option<String>,
    /// Life paid, for Phyrexian symbols (two each, CR 107.4f).
    #[schemars(description = "Life paid, 2 for each Phyrexian symbol paid with life (CR 107.4f).", extend("examples" = [2]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life: Option<i64>,
    /// With `permanent`: what a non-mana cost does with it, `"sacrifice"` or
    /// `"return_to_hand"` (CR 508.1g).
    #[schemars(description = "With permanent: the permanent is given up for a non-mana cost to attack, \"sacrifice\" or \"return_to_hand\" (CR 508.1g). It may also be tapped for mana by another entry.", extend("examples" = ["sacrifice"]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
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
            oracle_text: None,
            type_line: None,
            counters_of: None,
            attacked_last_turn: None,
            attacked_players_this_turn: None,
            entered_this_turn: None,
            monstrous: None,
            costs_paid: None,
            chosen_color: None,
            chosen_player: None,
            chosen_direction: None,
            chosen_modes: None,
            paired_with: None,
            effect_ignored: None,
            trigger_permanents: None,
            trigger_resolved: None,
        }
    }

    /// Whether it has this card type (any case).
    pub fn has_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x.eq_ignore_ascii_case(t))
    }
    /// Whether it has this subtype (any case). A changeling is every creature type (CR
    /// 702.73a), and so has each subtype that is not another type's (CR 205.3).
    pub fn has_subtype(&self, t: &str) -> bool {
        self.subtypes.iter().any(|x| x.eq_ignore_ascii_case(t)) || (self.is_every_creature_type() && is_creature_type(t))
    }
    /// Whether it is every creature type: changeling (CR 702.73a), on an object that can have
    /// creature types at all (a creature or a kindred card, CR 205.3d).
    pub fn is_every_creature_type(&self) -> bool {
        self.has_keyword("Changeling") && (self.is_creature() || self.has_type("Kindred") || self.has_type("Tribal"))
    }
    /// Whether it has this keyword (any case).
    pub fn has_keyword(&self, k: &str) -> bool {
        self.keywords.iter().any(|x| x.eq_ignore_ascii_case(k))
    }
    /// Whether a creature's abilities with {T} or {Q} in their cost (its mana abilities here) can
    /// be activated: not while it has summoning sickness without haste (CR 302.6). Always, for a
    /// permanent that is not a creature. ("As though it had haste" lets it attack only.)
    pub fn can_use_tap_abilities(&self) -> bool {
        !(self.is_creature() && self.summoning_sick && !self.has_keyword("Haste"))
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

/// The land types (CR 205.3i): landwalk names one (CR 702.14a).
pub const LAND_TYPES: [&str; 17] = [
    "Cave",
    "Desert",
    "Forest",
    "Gate",
    "Island",
    "Lair",
    "Locus",
    "Mine",
    "Mountain",
    "Plains",
    "Planet",
    "Power-Plant",
    "Sphere",
    "Swamp",
    "Tower",
    "Town",
    "Urza's",
];

/// The subtypes of CR 205.3 that are not creature types besides the land types ([`LAND_TYPES`]): artifact (205.3g),
/// enchantment (205.3h), battle (205.3q) and spell (205.3k) types. A changeling matches every
/// other subtype; planeswalker types (205.3j, a long list that grows each set) are not listed,
/// since no rule about attacking selects by one.
const NOT_CREATURE_TYPES: [&str; 37] = [
    // Artifact types.
    "Attraction",
    "Blood",
    "Bobblehead",
    "Clue",
    "Contraption",
    "Equipment",
    "Food",
    "Fortification",
    "Gold",
    "Incubator",
    "Infinity",
    "Junk",
    "Lander",
    "Map",
    "Powerstone",
    "Spacecraft",
    "Stone",
    "Treasure",
    "Vehicle",
    // Enchantment types.
    "Aura",
    "Background",
    "Cartouche",
    "Case",
    "Class",
    "Curse",
    "Role",
    "Room",
    "Rune",
    "Saga",
    "Shard",
    "Shrine",
    // Battle and spell types.
    "Siege",
    "Adventure",
    "Arcane",
    "Lesson",
    "Omen",
    "Trap",
];

/// Whether `t` is a creature type: any subtype that is not another type's (see
/// [`NOT_CREATURE_TYPES`]).
fn is_creature_type(t: &str) -> bool {
    !t.trim().is_empty() && !NOT_CREATURE_TYPES.iter().chain(LAND_TYPES.iter()).any(|x| x.eq_ignore_ascii_case(t.trim()))
}
