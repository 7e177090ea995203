//! The board and declaration formats of docs/format.md, read with serde and then validated.
//!
//! Reading happens in two steps so that every error can name its JSON path:
//! 1. serde (through `serde_path_to_error`) checks the shape: field types, required fields;
//! 2. `validate` checks what serde cannot: unique ids, references to existing players and
//!    permanents, selectors, target sets, mana strings and variant fields.
//!
//! Fields whose shape varies (selectors, target sets, mana abilities) are kept as raw JSON by
//! serde and parsed in step 2, which gives far better messages than an untagged enum.

mod error;
mod load;
pub mod size;
mod strict;
mod validate;

pub use crate::vocab::effects::{EffectKind, Filter, LandsOf, ManaAbility, Selector, TargetSpec};
pub(crate) use error::edit_distance;
pub use error::{nearest, unknown_id, InputError, Warning};
// json_path and kind_of word batch's messages as the board's (src/bin/attackopt/batch.rs).
pub use load::{check_regular_file, json_path, load_board, load_declaration, parse_board, parse_declaration, read_source};
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
    #[serde(default)]
    pub variant: Variant,
    pub active_player: String,
    #[serde(default)]
    pub attacked_this_turn: u32,
    pub players: Vec<Player>,
    #[serde(default)]
    pub permanents: Vec<Permanent>,
    #[serde(default)]
    pub effects: Vec<Effect>,
}

/// How the game is played: attack options and team turns (CR 506.2a, 801, 802, 803, 805, 810).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct Variant {
    #[serde(default)]
    pub attack: AttackOption,
    #[serde(default)]
    pub defending_player: Option<String>,
    #[serde(default)]
    pub range_of_influence: Option<u32>,
    #[serde(default)]
    pub shared_team_turns: bool,
    /// Defaults to `shared_team_turns` (Two-Headed Giant shares life; Archenemy sets it false).
    #[serde(default)]
    pub shared_life: Option<bool>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Player {
    pub id: String,
    #[serde(default)]
    pub team: Option<String>,
    #[serde(default = "default_life")]
    pub life: i64,
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

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Permanent {
    pub id: String,
    /// The card's name (any case). A card of attackopt's catalog (`attackopt cards`, MCP tool
    /// `list_cards`) brings its effects; a plain card listed there, a token, or a permanent that
    /// an effect names as its `source` is read from its fields alone; any other name gets a
    /// warning (with a did-you-mean) and is read as a card with no abilities that matter for
    /// attacking. Empty (the default) for a permanent described by its fields alone.
    #[serde(default)]
    pub name: String,
    pub controller: String,
    /// Card types (any case): Artifact, Battle, Creature, Enchantment, Land, Planeswalker, Kindred, Tribal, Token.
    #[serde(default)]
    #[schemars(schema_with = "crate::vocab::fields::card_types")]
    pub types: Vec<String>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    /// Colors as letters or names (any case): W, U, B, R, G, white, blue, black, red, green.
    #[serde(default)]
    #[schemars(schema_with = "crate::vocab::fields::colors")]
    pub colors: Vec<String>,
    #[serde(default)]
    pub power: i64,
    #[serde(default)]
    pub toughness: i64,
    #[serde(default)]
    pub keywords: Vec<String>,
    #[serde(default)]
    pub tapped: bool,
    #[serde(default)]
    pub summoning_sick: bool,
    #[serde(default)]
    pub counters: u32,
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

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// A proposed declaration of attackers (docs/format.md "Declaration").
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Declaration {
    #[serde(default)]
    pub attacks: Vec<Attack>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment: Option<Vec<PaymentEntry>>,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema)]
pub struct Attack {
    pub creature: String,
    pub target: String,
}

/// One step of a payment: tap a permanent for mana, spend pool mana, or pay life.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(transform = crate::vocab::fields::payment_forms)]
pub struct PaymentEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permanent: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana: Option<String>,
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

    pub fn has_type(&self, t: &str) -> bool {
        self.types.iter().any(|x| x.eq_ignore_ascii_case(t))
    }
    pub fn has_subtype(&self, t: &str) -> bool {
        self.subtypes.iter().any(|x| x.eq_ignore_ascii_case(t))
    }
    pub fn has_keyword(&self, k: &str) -> bool {
        self.keywords.iter().any(|x| x.eq_ignore_ascii_case(k))
    }
    pub fn has_color(&self, c: &str) -> bool {
        self.colors.iter().any(|x| x.eq_ignore_ascii_case(c))
    }
    pub fn is_creature(&self) -> bool {
        self.has_type("Creature")
    }
}
