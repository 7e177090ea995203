//! The effect language: what explicit effects and named cards say, after validation (ids
//! turned into indices). docs/format.md "Explicit effects" describes the written form.

use super::symbol::{ManaType, Symbol, TypeSet};

/// A {T} mana ability: alternatives of a permanent are separate entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ManaAbility {
    /// Adds these units (a unit of several types is one mana of the player's choice).
    Fixed(Vec<TypeSet>),
    /// CR 106.7: one mana of a type (or color) that some lands could produce.
    CouldProduce {
        /// Whose lands.
        lands: LandsOf,
        /// `"kind": "color"`: only the colors among what they could produce (Exotic Orchard);
        /// false for any type, colorless included (Reflecting Pool).
        colors_only: bool,
    },
}

/// Whose lands a "could produce" ability looks at (CR 106.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LandsOf {
    /// The lands of the ability's controller's opponents (`"lands_of_opponents"`).
    Opponents,
    /// The lands the ability's controller controls (`"lands_you_control"`).
    Controller,
}

/// `creatures` of an effect (docs/format.md "Explicit effects").
#[derive(Debug, Clone, PartialEq)]
// A handful per board, each read in place: boxing the filter would change every reader for no gain.
#[allow(clippy::large_enum_variant)]
pub enum Selector {
    /// `"all"`: every creature of the attacking side.
    All,
    /// A list of ids, as permanent indices.
    Ids(Vec<usize>),
    /// An object of conditions.
    Filter(Filter),
}

/// A selector object: every field present must hold.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    /// Controlled by this player.
    pub controller: Option<usize>,
    /// Controlled by an opponent of this player.
    pub opponents_of: Option<usize>,
    /// Has this subtype (any case).
    pub subtype: Option<String>,
    /// Is this color.
    pub color: Option<ManaType>,
    /// Is not this color.
    pub not_color: Option<ManaType>,
    /// Has this keyword (any case).
    pub keyword: Option<String>,
    /// Lacks this keyword (any case).
    pub without_keyword: Option<String>,
    /// Has power greater than this.
    pub power_greater_than: Option<i64>,
    /// Has power this or less (`power_at_most`: "creatures with power 2 or less").
    pub power_at_most: Option<i64>,
    /// Is none of these permanents.
    pub except: Vec<usize>,
    /// Has at least one of these colors (`colors`: Scarred Puma's "a black or green creature").
    pub colors: Vec<ManaType>,
    /// Has at least one of these card types (canonical spelling, `card_types`: "artifact
    /// creatures").
    pub card_types: Vec<String>,
    /// Has none of these card types (`not_card_types`: Akron Legionnaire's "except ... artifact
    /// creatures").
    pub not_card_types: Vec<String>,
}

/// A target set: the union of its parts (docs/format.md). Indices are player or permanent indices.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TargetSpec {
    /// These players.
    pub players: Vec<usize>,
    /// The planeswalkers these players control.
    pub planeswalkers_of: Vec<usize>,
    /// The battles these players protect.
    pub battles_protected_by: Vec<usize>,
    /// These planeswalkers and battles.
    pub permanents: Vec<usize>,
}

/// An effect, explicit or from a named card, in the kinds of docs/format.md "Explicit
/// effects"; `target` None is "anything".
#[derive(Debug, Clone, PartialEq)]
pub enum EffectKind {
    /// `attacks_if_able`: one requirement per creature (CR 508.1d).
    AttacksIfAble {
        /// The creatures.
        creatures: Selector,
        /// What they must attack.
        target: Option<TargetSpec>,
    },
    /// `attacks_if_able` with `if_other_attacks`: one conditional requirement per creature (CR
    /// 508.1d, "it attacks if some condition is met"; Ekundu Cyclops): it counts only in a
    /// declaration where another creature with the same controller, selected by `others`, attacks.
    AttacksIfAbleIfOther {
        /// The creatures.
        creatures: Selector,
        /// What they must attack.
        target: Option<TargetSpec>,
        /// The creatures whose attack is the condition (only those of each creature's own
        /// controller unless `any_controller`, never the creature itself).
        others: Selector,
        /// The condition looks at every attacking player's creatures (Magnetic Web: "if a
        /// creature with a magnet counter on it attacks", teammates' too under shared team
        /// turns). Read from Oracle text only; the board format's `if_other_attacks` is the
        /// controller's own.
        any_controller: bool,
    },
    /// `attacks_player_other_than_if_able`: one requirement per creature (goad, CR 701.15b).
    AttacksPlayerOtherThan {
        /// The creatures.
        creatures: Selector,
        /// The player they must attack another than.
        player: usize,
    },
    /// `player_attacks_if_able`: one requirement, on a player (Trove of Temptation).
    PlayerAttacksIfAble {
        /// The player one of whose creatures must attack.
        player: usize,
        /// What it must attack.
        target: TargetSpec,
    },
    /// `cant_attack`: a restriction per creature (CR 508.1c).
    CantAttack {
        /// The creatures.
        creatures: Selector,
        /// What they can't attack.
        target: Option<TargetSpec>,
    },
    /// `min_other_attackers` (and `cant_attack_alone`, count 1): a restriction per creature
    /// (CR 506.5).
    MinOtherAttackers {
        /// The creatures.
        creatures: Selector,
        /// How many others must attack with each.
        count: u32,
    },
    /// `cant_attack_unless_other_attacks`: a restriction per creature (CR 508.1c): it can attack
    /// only if at least `count` other creatures among `others` attack (Scarred Puma: a black or
    /// green creature; Okk: a creature with greater power).
    CantAttackUnlessOthers {
        /// The creatures restricted.
        creatures: Selector,
        /// The creatures whose attack lets them attack.
        others: Selector,
        /// How many of those must attack with each (default 1).
        count: u32,
        /// Only others with power greater than the restricted creature's count (Okk).
        greater_power: bool,
    },
    /// `attacks_only_alone`: a restriction per creature (CR 506.5).
    AttacksOnlyAlone {
        /// The creatures.
        creatures: Selector,
    },
    /// `max_attackers`: one restriction on the whole declaration.
    MaxAttackers {
        /// The most creatures that may attack.
        count: u32,
        /// The targets whose attackers count.
        target: Option<TargetSpec>,
        /// `per: "turn"`: this turn's earlier attackers count too.
        per_turn: bool,
    },
    /// `attacks_as_though`: the creatures can attack as though they had haste (summoning
    /// sickness does not stop their attack, CR 302.6; their {T} abilities still need haste) or
    /// didn't have defender (CR 702.3b): Instill Energy, High Alert.
    AttacksAsThough {
        /// The creatures.
        creatures: Selector,
        /// As though they had haste.
        haste: bool,
        /// As though they didn't have defender.
        defender: bool,
    },
    /// `no_mana_abilities`: the mana abilities of these permanents can't be activated (Arrest:
    /// "its activated abilities can't be activated", CR 605.1a).
    NoManaAbilities {
        /// The permanents.
        permanents: Vec<usize>,
    },
    /// `mana_trigger`, `mana_multiplier`, `mana_instead`: what tapping some permanents for
    /// mana produces (CR 106.12, 605.1b, 616.1).
    Mana(ManaEffect),
    /// `cant_block`: the creatures can't block (CR 509.1b); read only about blocks
    /// (docs/blocks.md), attacks ignore it.
    CantBlock {
        /// The creatures (of a defending player, to matter).
        creatures: Selector,
    },
    /// `blocks_if_able`: one requirement per creature, "blocks each combat if able" (CR
    /// 509.1c); read only about blocks.
    BlocksIfAble {
        /// The creatures (of a defending player, to matter).
        creatures: Selector,
    },
    /// `lure`: "all creatures able to block it do so" (CR 509.1c): one requirement per attacker
    /// and blocker able to block it; read only about blocks.
    Lure {
        /// The attackers (creatures of `combat.attacks`, to matter).
        creatures: Selector,
    },
    /// `cant_block_alone`: a restriction per creature (CR 509.1b): it blocks only if `others`
    /// other creatures also block (any attacker; Mogg Flunkies 1, Orcish Conscripts 2); read
    /// only about blocks.
    CantBlockAlone {
        /// The creatures.
        creatures: Selector,
        /// How many other creatures must block too (at least 1; `count`, 1 when absent).
        others: u32,
    },
    /// `max_blockers`: no more than `count` creatures can block each combat (CR 509.1b:
    /// Silent Arbiter, Caverns of Despair); read only about blocks.
    MaxBlockers {
        /// The most creatures that may block.
        count: u32,
    },
    /// `can_block_only`: the creatures can block only the attackers `attackers` picks (CR
    /// 509.1b: Vaporkin's "can block only creatures with flying"); read only about blocks.
    CanBlockOnly {
        /// The blocking creatures restricted.
        creatures: Selector,
        /// The attackers they may block.
        attackers: Selector,
    },
    /// `cant_be_blocked`: the attackers can't be blocked (CR 509.1b).
    CantBeBlocked {
        /// The attackers.
        attackers: Selector,
    },
    /// `cant_be_blocked_except_by`: each attacker can't be blocked except by `count` or more
    /// creatures (CR 509.1b; menace is 2, CR 702.111b).
    CantBeBlockedExceptBy {
        /// The attackers.
        attackers: Selector,
        /// The fewest blockers (at least 1).
        count: u32,
    },
    /// `cant_be_blocked_by_more_than`: each attacker can't be blocked by more than `count`
    /// creatures (CR 509.1b).
    CantBeBlockedByMoreThan {
        /// The attackers.
        attackers: Selector,
        /// The most blockers.
        count: u32,
    },
    /// `cant_be_blocked_by`: the attackers can't be blocked by the creatures `blockers` picks
    /// (CR 509.1b: "by creatures with power 2 or less", "by Walls").
    CantBeBlockedBy {
        /// The attackers.
        attackers: Selector,
        /// The creatures that can't block them.
        blockers: Selector,
    },
    /// `must_be_blocked_by_all`: each attacker can't be blocked unless all creatures the
    /// defending player controls block it (CR 509.1b; Tromokratis).
    MustBeBlockedByAll {
        /// The attackers.
        attackers: Selector,
    },
    /// `must_be_blocked_if_able`: one requirement per attacker, obeyed when it is blocked (CR
    /// 509.1c).
    MustBeBlockedIfAble {
        /// The attackers.
        attackers: Selector,
    },
    /// `must_be_blocked_by_exactly_one`: one requirement per attacker, obeyed when exactly one
    /// creature blocks it (CR 509.1c; Nacatl War-Pride).
    MustBeBlockedByExactlyOne {
        /// The attackers.
        attackers: Selector,
    },
    /// `blocks_creature_if_able`: one requirement per creature, "blocks `attacker` if able" (CR
    /// 509.1c; provoke, CR 702.39a).
    BlocksCreatureIfAble {
        /// The creatures.
        creatures: Selector,
        /// The creature they must block (a permanent index; no requirement while it does not
        /// attack).
        attacker: usize,
    },
    /// `can_block_additional`: the creatures can block `count` additional creatures (CR
    /// 509.1a); several such effects add up.
    CanBlockAdditional {
        /// The creatures.
        creatures: Selector,
        /// How many more (at least 1).
        count: u32,
    },
    /// `can_block_any_number`: the creatures can block any number of creatures (CR 509.1a).
    CanBlockAnyNumber {
        /// The creatures.
        creatures: Selector,
    },
    /// `block_cost`: a cost instance per creature, paid by its controller when it blocks (CR
    /// 509.1d; War Cadence); read only about blocks. Mana only: non-mana costs to block are
    /// refused when read.
    BlockCost {
        /// The creatures (of a defending player, to matter).
        creatures: Selector,
        /// The mana.
        cost: Vec<Symbol>,
    },
    /// `attack_cost`: a cost instance per creature (CR 508.1d, 508.1g-h).
    AttackCost {
        /// The creatures.
        creatures: Selector,
        /// The targets whose attack incurs the cost.
        target: Option<TargetSpec>,
        /// The mana.
        cost: Vec<Symbol>,
        /// What else it asks (`sacrifice`, `return_to_hand`): permanents to give up.
        actions: Vec<ActionCost>,
    },
}

impl EffectKind {
    /// Whether the effect is about declaring blockers (CR 509.1; docs/blocks.md): the attack
    /// rules pass over it, the block rules read it.
    pub fn about_blocks(&self) -> bool {
        matches!(
            self,
            EffectKind::CantBlock { .. }
                | EffectKind::BlocksIfAble { .. }
                | EffectKind::Lure { .. }
                | EffectKind::CantBlockAlone { .. }
                | EffectKind::MaxBlockers { .. }
                | EffectKind::CanBlockOnly { .. }
                | EffectKind::CantBeBlocked { .. }
                | EffectKind::CantBeBlockedExceptBy { .. }
                | EffectKind::CantBeBlockedByMoreThan { .. }
                | EffectKind::CantBeBlockedBy { .. }
                | EffectKind::MustBeBlockedByAll { .. }
                | EffectKind::MustBeBlockedIfAble { .. }
                | EffectKind::MustBeBlockedByExactlyOne { .. }
                | EffectKind::BlocksCreatureIfAble { .. }
                | EffectKind::CanBlockAdditional { .. }
                | EffectKind::CanBlockAnyNumber { .. }
                | EffectKind::BlockCost { .. }
        )
    }
}

/// A non-mana part of a cost to attack (CR 508.1g): `count` permanents that the attacking
/// creature's controller controls, of those `of` picks, sacrificed or returned to their owner's
/// hand (Exalted Dragon: "can't attack unless you sacrifice a land").
#[derive(Debug, Clone, PartialEq)]
pub struct ActionCost {
    /// What is done with them.
    pub action: Action,
    /// How many.
    pub count: u32,
    /// Which permanents may be given up.
    pub of: Selector,
}

/// What a non-mana cost does with a permanent. Either way the permanent leaves, so one
/// permanent pays one such cost at most; it may still tap for mana first (CR 508.1h-i).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Sacrifice it (CR 701.21).
    Sacrifice,
    /// Return it to its owner's hand.
    Return,
}

impl Action {
    /// The board format's field (and a payment entry's `action`).
    pub fn field(self) -> &'static str {
        match self {
            Action::Sacrifice => "sacrifice",
            Action::Return => "return_to_hand",
        }
    }
}

/// An effect on the mana that tapping some permanents for mana produces (docs/format.md
/// "Effects on mana"). Which permanents: `tapped`, any controller's.
#[derive(Debug, Clone, PartialEq)]
pub struct ManaEffect {
    /// The permanents whose tapping for mana it affects.
    pub tapped: Selector,
    /// What it does to what the tap produces.
    pub change: ManaChange,
}

/// What a [`ManaEffect`] does. Replacement effects (`Multiplies`, `Instead`) modify the mana
/// the mana ability makes, in the order the tapping player chooses (CR 106.12b, 616.1); then
/// triggered mana abilities (`Adds`, `AddsSameType`) add their own mana at once (CR 106.12a,
/// 605.1b, 605.4a), which no replacement of the tap's mana modifies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ManaChange {
    /// `mana_trigger` adding fixed mana (Wild Growth: "an additional {G}"; `any_color`: one
    /// mana of any color, Fertile Ground); with `if_produced` only when the tap produced mana
    /// of that type, and then mana of that type (Caged Sun, Gauntlet of Power).
    Adds {
        /// The units added.
        units: Vec<TypeSet>,
        /// Only when the tap produced this type.
        if_produced: Option<ManaType>,
    },
    /// `mana_trigger` with `"add": "same_type"`: one mana of any type the tap produced
    /// (Heartbeat of Spring, Mana Flare, Zendikar Resurgent).
    AddsSameType,
    /// `mana_multiplier`: N times as much of that mana (Mana Reflection 2, Nyxbloom Ancient 3).
    Multiplies(u32),
    /// `mana_instead`: mana of this type instead (Contamination: `{B}` instead of any other
    /// type and amount; Infernal Darkness, `keep_amount`: instead of any other type).
    Instead {
        /// The type produced instead.
        mana: ManaType,
        /// As many as the tap made (true), or one (false).
        keep_amount: bool,
    },
}
