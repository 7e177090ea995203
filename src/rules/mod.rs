//! Rules expansion: a board becomes plain data.
//!
//! This is the one place where card and rule knowledge turns into constraints. The result,
//! [`Rules`], lists the creatures of the attacking side with the targets each may attack
//! (CR 508.1a-b), and plain [`Requirement`]s, [`Restriction`]s and [`CostInstance`]s over
//! (creature, target) pairs. Everything downstream (the exhaustive checker, the integer program,
//! the explanations) reads only this form and the mana sources.

mod expand;
pub mod targets;

pub use expand::expand;

use crate::vocab::symbol::Symbol;

/// Something a creature can attack: a player, a planeswalker or a battle (CR 508.1b).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub id: String,
    pub kind: TargetKind,
    /// The defending player if this is attacked: the player, the planeswalker's controller, or
    /// the battle's protector (CR 508.5, 802.2a). None for a battle without a protector.
    pub defender: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    Player(usize),
    Planeswalker(usize),
    Battle(usize),
}

impl Target {
    pub fn is_player(&self) -> bool {
        matches!(self.kind, TargetKind::Player(_))
    }
    pub fn player(&self) -> Option<usize> {
        match self.kind {
            TargetKind::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// A creature of the attacking side (every one, able to attack or not).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Creature {
    /// Index in the board's permanents.
    pub permanent: usize,
    pub id: String,
    pub name: String,
    pub controller: usize,
    pub power: i64,
    pub vigilance: bool,
    /// Why it may not attack at all (CR 508.1a, 302.6, 702.3b), or None when it may.
    pub ineligible: Option<String>,
    /// The targets it may legally attack (CR 508.1b); empty when ineligible.
    pub legal_targets: Vec<usize>,
    /// `legal_targets` minus those a "can't attack" restriction forbids: the pairs a
    /// declaration obeying every restriction can use.
    pub allowed: Vec<usize>,
}

impl Creature {
    pub fn may_attack(&self) -> bool {
        self.ineligible.is_none()
    }
}

/// What a requirement asks (CR 508.1d). Every requirement counts once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequirementKind {
    /// The creature attacks (something in `targets`; None = anything).
    Attack { creature: usize, targets: Option<Vec<usize>> },
    /// The creature attacks a player other than `player` (goad's second half, CR 701.15b).
    AttackPlayerOtherThan { creature: usize, player: usize },
    /// At least one creature `player` controls attacks something in `targets` (Trove of Temptation).
    PlayerAttacks { player: usize, targets: Vec<usize> },
}

/// Where a rule instance comes from ("goaded by B", "Juggernaut", an effect's source): shared
/// by every instance of one effect, which may be thousands.
pub type Source = std::sync::Arc<str>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    pub kind: RequirementKind,
    /// Where it comes from, for explanations.
    pub source: Source,
    /// False when it is on a creature that may not attack: listed, but counted nowhere (docs/format.md).
    pub counts: bool,
}

impl Requirement {
    pub fn creature(&self) -> Option<usize> {
        match self.kind {
            RequirementKind::Attack { creature, .. } | RequirementKind::AttackPlayerOtherThan { creature, .. } => Some(creature),
            RequirementKind::PlayerAttacks { .. } => None,
        }
    }
}

/// Restrictions (CR 508.1c), which every declaration must obey.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RestrictionKind {
    /// The creature can't attack anything in `targets` (None = anything).
    CantAttack { creature: usize, targets: Option<Vec<usize>> },
    /// If the creature attacks, at least `count` other creatures attack (CR 506.5).
    MinOtherAttackers { creature: usize, count: u32 },
    /// If the creature attacks, no other creature attacks (CR 506.5).
    AttacksOnlyAlone { creature: usize },
    /// At most `count` creatures attack (something in `targets`); `count` already has this
    /// turn's earlier attackers taken off for "each turn" caps.
    MaxAttackers { count: u32, targets: Option<Vec<usize>>, per_turn: bool, written: u32 },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restriction {
    pub kind: RestrictionKind,
    pub source: Source,
}

/// One cost effect applied to one creature (docs/rules.md section 7): incurred when the creature
/// attacks something in `targets` (None = anything).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostInstance {
    pub creature: usize,
    pub targets: Option<Vec<usize>>,
    pub cost: Vec<Symbol>,
    pub source: Source,
}

/// The plain form of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    pub targets: Vec<Target>,
    pub creatures: Vec<Creature>,
    pub requirements: Vec<Requirement>,
    pub restrictions: Vec<Restriction>,
    pub costs: Vec<CostInstance>,
    /// Players whose creatures take part in the declaration (the active player, or their team
    /// under shared team turns, CR 805.10).
    pub attacking_players: Vec<usize>,
    /// Index: for each creature, its requirements, restrictions and cost instances (positions in
    /// the lists above), so per-creature questions don't scan whole lists on large boards.
    pub by_creature: Vec<CreatureIndex>,
    /// Index: for each permanent of the board, its position in `creatures`, if it is one.
    pub creature_of: Vec<Option<usize>>,
}

/// What concerns one creature, as positions in the rules' lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CreatureIndex {
    pub requirements: Vec<usize>,
    pub restrictions: Vec<usize>,
    pub costs: Vec<usize>,
}

/// `None` means "anything"; otherwise membership in a sorted list.
pub fn in_targets(targets: &Option<Vec<usize>>, t: usize) -> bool {
    match targets {
        None => true,
        Some(v) => v.binary_search(&t).is_ok(),
    }
}

/// A declaration in plain form: for each creature of [`Rules::creatures`], its target or None.
pub type Assignment = Vec<Option<usize>>;

impl Rules {
    /// Whether creature `c` attacking target `t` obeys requirement `r` (CR 508.1d, 701.15b):
    /// the one definition of the pairs a creature requirement counts, which the check, the
    /// integer program's weights and bounds and the depth-first search all use. A player
    /// requirement (Trove of Temptation) is obeyed by no pair on its own: it holds once any
    /// creature of its player attacks into its targets, which [`Rules::obeys`] and the integer
    /// program's own variable for it count.
    pub fn obeys_pair(&self, r: &Requirement, c: usize, t: usize) -> bool {
        match &r.kind {
            RequirementKind::Attack { creature, targets } => *creature == c && in_targets(targets, t),
            RequirementKind::AttackPlayerOtherThan { creature, player } => *creature == c && self.targets[t].player().is_some_and(|p| p != *player),
            RequirementKind::PlayerAttacks { .. } => false,
        }
    }

    /// Whether requirement `r` is obeyed by the assignment (CR 508.1d, 701.15b).
    pub fn obeys(&self, r: &Requirement, a: &Assignment) -> bool {
        match &r.kind {
            RequirementKind::Attack { creature, .. } | RequirementKind::AttackPlayerOtherThan { creature, .. } => {
                a[*creature].is_some_and(|t| self.obeys_pair(r, *creature, t))
            }
            RequirementKind::PlayerAttacks { player, targets } => {
                self.creatures.iter().enumerate().any(|(c, cr)| cr.controller == *player && a[c].is_some_and(|t| targets.binary_search(&t).is_ok()))
            }
        }
    }

    /// Requirements obeyed, counting only those that count (docs/format.md).
    pub fn obeyed(&self, a: &Assignment) -> usize {
        self.requirements.iter().filter(|r| r.counts && self.obeys(r, a)).count()
    }

    /// Whether restriction `r` holds for the assignment (CR 508.1c).
    pub fn holds(&self, r: &Restriction, a: &Assignment) -> bool {
        let attackers = || a.iter().filter(|t| t.is_some()).count();
        match &r.kind {
            RestrictionKind::CantAttack { creature, targets } => !a[*creature].is_some_and(|t| in_targets(targets, t)),
            RestrictionKind::MinOtherAttackers { creature, count } => a[*creature].is_none() || attackers() > *count as usize,
            RestrictionKind::AttacksOnlyAlone { creature } => a[*creature].is_none() || attackers() == 1,
            RestrictionKind::MaxAttackers { count, targets, .. } => {
                a.iter().filter(|t| t.is_some_and(|t| in_targets(targets, t))).count() <= *count as usize
            }
        }
    }

    /// The cost instances the assignment incurs.
    pub fn incurred(&self, a: &Assignment) -> Vec<usize> {
        (0..self.costs.len())
            .filter(|&i| {
                let k = &self.costs[i];
                a[k.creature].is_some_and(|t| in_targets(&k.targets, t))
            })
            .collect()
    }

    /// Attackers that are legal (eligible, target legal) and restrictions that hold: parts
    /// (a) and (b) of docs/rules.md section 7.
    pub fn respects_restrictions(&self, a: &Assignment) -> bool {
        a.iter().enumerate().all(|(c, t)| t.is_none_or(|t| self.creatures[c].legal_targets.contains(&t)))
            && self.restrictions.iter().all(|r| self.holds(r, a))
    }

    pub fn creature_index(&self, permanent: usize) -> Option<usize> {
        self.creature_of.get(permanent).copied().flatten()
    }

    pub fn target_index(&self, id: &str) -> Option<usize> {
        self.targets.iter().position(|t| t.id == id)
    }

    /// An empty assignment for this board.
    pub fn no_attack(&self) -> Assignment {
        vec![None; self.creatures.len()]
    }
}
