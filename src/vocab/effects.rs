//! The effect language: what explicit effects and named cards say, after validation (ids
//! turned into indices). docs/format.md "Explicit effects" describes the written form.

use super::symbol::{ManaType, Symbol, TypeSet};

/// A {T} mana ability: alternatives of a permanent are separate entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ManaAbility {
    /// Adds these units (a unit of several types is one mana of the player's choice).
    Fixed(Vec<TypeSet>),
    /// CR 106.7: one mana of a type (or color) that some lands could produce.
    CouldProduce { lands: LandsOf, colors_only: bool },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LandsOf {
    Opponents,
    Controller,
}

/// `creatures` of an effect (docs/format.md "Explicit effects").
#[derive(Debug, Clone, PartialEq)]
pub enum Selector {
    All,
    Ids(Vec<usize>),
    Filter(Filter),
}

/// A selector object: every field present must hold.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    pub controller: Option<usize>,
    pub opponents_of: Option<usize>,
    pub subtype: Option<String>,
    pub color: Option<ManaType>,
    pub not_color: Option<ManaType>,
    pub keyword: Option<String>,
    pub without_keyword: Option<String>,
    pub power_greater_than: Option<i64>,
    pub except: Vec<usize>,
}

/// A target set: the union of its parts (docs/format.md). Indices are player or permanent indices.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TargetSpec {
    pub players: Vec<usize>,
    pub planeswalkers_of: Vec<usize>,
    pub battles_protected_by: Vec<usize>,
    pub permanents: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum EffectKind {
    AttacksIfAble { creatures: Selector, target: Option<TargetSpec> },
    AttacksPlayerOtherThan { creatures: Selector, player: usize },
    PlayerAttacksIfAble { player: usize, target: TargetSpec },
    CantAttack { creatures: Selector, target: Option<TargetSpec> },
    MinOtherAttackers { creatures: Selector, count: u32 },
    AttacksOnlyAlone { creatures: Selector },
    MaxAttackers { count: u32, target: Option<TargetSpec>, per_turn: bool },
    AttackCost { creatures: Selector, target: Option<TargetSpec>, cost: Vec<Symbol> },
}
