//! Rules expansion: a board becomes plain data.
//!
//! This is the one place where card and rule knowledge turns into constraints. The result,
//! [`Rules`], lists the creatures of the attacking side with the targets each may attack
//! (CR 508.1a-b), and plain [`Requirement`]s, [`Restriction`]s and [`CostInstance`]s over
//! (creature, target) pairs. Everything downstream (the exhaustive checker, the integer program,
//! the explanations) reads only this form and the mana sources.

pub mod block_goal;
pub mod block_parts;
pub mod blocks;
mod expand;
mod moves;
pub mod targets;

pub(crate) use expand::card_source;
pub use expand::{expand, settle_mana_effects, settle_permissions, MAX_RULE_INSTANCES};
pub use moves::{Chain, Displaced, MoveBar, Purse};

use crate::vocab::symbol::Symbol;

/// Something a creature can attack: a player, a planeswalker or a battle (CR 508.1b).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The player's or permanent's id on the board.
    pub id: String,
    /// What it is, with its index.
    pub kind: TargetKind,
    /// The defending player if this is attacked: the player, the planeswalker's controller, or
    /// the battle's protector (CR 508.5, 802.2a). None for a battle without a protector.
    pub defender: Option<usize>,
}

/// The three kinds of things a creature can attack (CR 508.1b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    /// A player, by index in the board's players.
    Player(usize),
    /// A planeswalker, by index in the board's permanents.
    Planeswalker(usize),
    /// A battle, by index in the board's permanents.
    Battle(usize),
}

impl Target {
    /// The player this target is, if it is one (not a planeswalker or battle).
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
    /// Its id on the board.
    pub id: String,
    /// Its card name (empty when the board gives none).
    pub name: String,
    /// Its controller, by index in the board's players.
    pub controller: usize,
    /// Its power, for objectives.
    pub power: i64,
    /// Whether it has vigilance: attacking does not tap it, so it can still tap for mana to
    /// pay costs to attack (CR 702.20b, 508.1f).
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
    /// Whether it may attack at all (CR 508.1a).
    pub fn may_attack(&self) -> bool {
        self.ineligible.is_none()
    }
}

/// What a requirement asks (CR 508.1d). Every requirement counts once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequirementKind {
    /// The creature attacks (something in `targets`; None = anything).
    Attack {
        /// The creature, by index in [`Rules::creatures`].
        creature: usize,
        /// The targets that obey it, sorted; None for any target.
        targets: Option<Vec<usize>>,
    },
    /// The creature attacks a player other than `player` (goad's second half, CR 701.15b).
    AttackPlayerOtherThan {
        /// The creature, by index in [`Rules::creatures`].
        creature: usize,
        /// The player it must attack another than (the goading player).
        player: usize,
    },
    /// At least one creature `player` controls attacks something in `targets` (Trove of Temptation).
    PlayerAttacks {
        /// The player whose creatures may obey it.
        player: usize,
        /// The targets that obey it, sorted.
        targets: Vec<usize>,
    },
}

/// Where a rule instance comes from ("goaded by B", "Juggernaut", an effect's source): shared
/// by every instance of one effect, which may be thousands.
pub type Source = std::sync::Arc<str>;

/// A requirement (CR 508.1d): obeyed by as many as possible, never forced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    /// What it asks.
    pub kind: RequirementKind,
    /// Where it comes from, for explanations.
    pub source: Source,
    /// False when it is on a creature that may not attack: listed, but counted nowhere (docs/format.md).
    pub counts: bool,
    /// Its condition, if it has one (CR 508.1d: "it attacks if some condition is met"): it
    /// counts only in declarations where another creature of this list attacks (Ekundu Cyclops:
    /// the creatures its controller controls). The requirement's own creature never counts for
    /// it ("also"). Sorted indices in [`Rules::creatures`], shared by every instance of one effect.
    pub condition: Option<std::sync::Arc<[usize]>>,
}

impl Requirement {
    /// The creature a creature requirement is on; None for a player requirement.
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
    CantAttack {
        /// The creature, by index in [`Rules::creatures`].
        creature: usize,
        /// The targets it can't attack, sorted; None for all of them.
        targets: Option<Vec<usize>>,
    },
    /// If the creature attacks, at least `count` other creatures attack (CR 506.5).
    MinOtherAttackers {
        /// The creature, by index in [`Rules::creatures`].
        creature: usize,
        /// How many others must attack with it.
        count: u32,
    },
    /// If the creature attacks, at least `count` other creatures of `among` attack, counting only
    /// those with power greater than `power_above` when it is set (CR 508.1c: Scarred Puma,
    /// Okk). `among` is shared by every creature of one effect and may hold the creature itself,
    /// which never counts ([`Rules::companions`]).
    MinOtherAttackersAmong {
        /// The creature, by index in [`Rules::creatures`].
        creature: usize,
        /// How many of the others must attack with it.
        count: u32,
        /// The creatures that count, sorted indices in [`Rules::creatures`].
        among: std::sync::Arc<[usize]>,
        /// Only those with power greater than this count (Okk: its own power).
        power_above: Option<i64>,
    },
    /// If the creature attacks, no other creature attacks (CR 506.5).
    AttacksOnlyAlone {
        /// The creature, by index in [`Rules::creatures`].
        creature: usize,
    },
    /// At most `count` creatures attack (something in `targets`); `count` already has this
    /// turn's earlier attackers taken off for "each turn" caps.
    MaxAttackers {
        /// How many more creatures may attack (this turn's earlier attackers taken off for a
        /// per-turn cap).
        count: u32,
        /// The targets the cap counts attacks on, sorted; None for all attacks.
        targets: Option<Vec<usize>>,
        /// Whether the cap counts the whole turn ("each turn") rather than this combat.
        per_turn: bool,
        /// The number as the effect writes it, for explanations.
        written: u32,
    },
}

/// A restriction (CR 508.1c): every legal declaration obeys it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restriction {
    /// What it forbids.
    pub kind: RestrictionKind,
    /// Where it comes from, for explanations.
    pub source: Source,
}

/// One cost effect applied to one creature (docs/rules.md section 7): incurred when the creature
/// attacks something in `targets` (None = anything).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostInstance {
    /// The creature, by index in [`Rules::creatures`].
    pub creature: usize,
    /// The targets whose attack incurs it, sorted; None for any attack.
    pub targets: Option<Vec<usize>>,
    /// The mana to pay (CR 508.1g-h), symbol by symbol.
    pub cost: Vec<Symbol>,
    /// Where it comes from, for explanations.
    pub source: Source,
}

/// The plain form of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// Everything that can be attacked: players, then planeswalkers and battles.
    pub targets: Vec<Target>,
    /// The creatures of the attacking side.
    pub creatures: Vec<Creature>,
    /// Every requirement (CR 508.1d).
    pub requirements: Vec<Requirement>,
    /// Every restriction (CR 508.1c).
    pub restrictions: Vec<Restriction>,
    /// Every cost instance (CR 508.1d, 508.1g-h).
    pub costs: Vec<CostInstance>,
    /// Players whose creatures take part in the declaration (the active player, or their team
    /// under shared team turns, CR 805.10).
    pub attacking_players: Vec<usize>,
    /// Index: for each creature, its requirements, restrictions and cost instances (positions in
    /// the lists above), so per-creature questions don't scan whole lists on large boards.
    pub by_creature: Vec<CreatureIndex>,
    /// Index: for each permanent of the board, its position in `creatures`, if it is one.
    pub creature_of: Vec<Option<usize>>,
    /// The board's non-mana cost classes: [`crate::vocab::symbol::Symbol::Action`]`(k)` in a
    /// cost asks for one permanent of `actions[k]` (CR 508.1g).
    pub actions: Vec<ActionClass>,
}

/// A class of permanents a non-mana cost gives up ("sacrifice a land"): each cost symbol
/// [`crate::vocab::symbol::Symbol::Action`] of it is paid by one permanent of the class that the
/// attacking creature's controller controls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionClass {
    /// Sacrificed or returned.
    pub action: crate::vocab::effects::Action,
    /// The permanents of the class, any controller, sorted.
    pub permanents: Vec<usize>,
    /// What it asks, in words ("sacrifice a Land"), for explanations.
    pub words: String,
}

impl Rules {
    /// The non-mana costs of a cost instance's symbols, in words ("sacrifice a Land", "sacrifice
    /// 2 Islands"); empty when it asks only mana.
    pub fn actions_of(&self, cost: &[crate::vocab::symbol::Symbol]) -> Vec<String> {
        let mut counts: std::collections::BTreeMap<u8, usize> = std::collections::BTreeMap::new();
        for s in cost {
            if let crate::vocab::symbol::Symbol::Action(k) = s {
                *counts.entry(*k).or_default() += 1;
            }
        }
        counts
            .into_iter()
            .filter_map(|(k, n)| self.actions.get(usize::from(k)).map(|a| if n == 1 { a.words.clone() } else { format!("{} ×{n}", a.words) }))
            .collect()
    }
}

/// What concerns one creature, as positions in the rules' lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CreatureIndex {
    /// Its creature requirements, as positions in [`Rules::requirements`].
    pub requirements: Vec<usize>,
    /// Its own restrictions (caps on all creatures are in none), as positions in
    /// [`Rules::restrictions`].
    pub restrictions: Vec<usize>,
    /// Its cost instances, as positions in [`Rules::costs`].
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
            RequirementKind::PlayerAttacks { player, targets } => self.attacks_obeying(*player, targets, a).next().is_some(),
        }
    }

    /// The creatures whose attacks in `a` obey the player requirement "`player` attacks one of
    /// `targets` with at least one creature if able" (Trove of Temptation, CR 508.1d).
    pub fn attacks_obeying<'a>(&'a self, player: usize, targets: &'a [usize], a: &'a Assignment) -> impl Iterator<Item = usize> + 'a {
        (0..a.len()).filter(move |&c| self.creatures[c].controller == player && a[c].is_some_and(|t| targets.binary_search(&t).is_ok()))
    }

    /// Requirements obeyed, counting only those that count (docs/format.md) and whose
    /// condition holds in `a` itself (docs/rules.md section 2, conditional requirements).
    pub fn obeyed(&self, a: &Assignment) -> usize {
        self.requirements.iter().filter(|r| r.counts && self.condition_holds(r, a) && self.obeys(r, a)).count()
    }

    /// Whether requirement `r`'s condition holds in `a` (CR 508.1d): true without a condition;
    /// otherwise some creature of the condition's list other than `r`'s own attacks.
    pub fn condition_holds(&self, r: &Requirement, a: &Assignment) -> bool {
        match &r.condition {
            None => true,
            Some(among) => among.iter().any(|&o| Some(o) != r.creature() && a[o].is_some()),
        }
    }

    /// Whether any requirement that counts has a condition: then the requirements a declaration
    /// is measured by depend on the declaration (docs/rules.md section 2).
    pub fn has_conditions(&self) -> bool {
        self.requirements.iter().any(|r| r.counts && r.condition.is_some())
    }

    /// The requirements declaration `a` is measured by (CR 508.1d, docs/rules.md section 2):
    /// those that count and whose condition holds in `a`. A D' compared with `a` is credited with
    /// those of them in force in D' too.
    pub fn in_force(&self, a: &Assignment) -> Vec<bool> {
        self.requirements.iter().map(|r| r.counts && self.condition_holds(r, a)).collect()
    }

    /// These rules with the requirements of `in_force` (those in force in the declaration D
    /// compared) counting, every other one not at all. Conditions stay: a D' is credited with a
    /// conditional requirement only where its condition holds in D' too, so [`Rules::obeyed`] on
    /// these rules counts a D' over the requirements in force in both D and D' (docs/rules.md
    /// section 2). What the maximizers of a conditional board work on.
    pub fn settled(&self, in_force: &[bool]) -> Rules {
        let mut rules = self.clone();
        for (r, &on) in rules.requirements.iter_mut().zip(in_force) {
            r.counts = on;
        }
        rules
    }

    /// Whether restriction `r` holds for the assignment (CR 508.1c).
    pub fn holds(&self, r: &Restriction, a: &Assignment) -> bool {
        self.holds_given(r, a, || a.iter().filter(|t| t.is_some()).count())
    }

    /// [`Rules::holds`] with the number of creatures attacking in `a` given (asked only by the
    /// restrictions that count them): a caller checking many restrictions against one
    /// declaration counts once (the explanations of a legal declaration, issue 39).
    pub fn holds_given(&self, r: &Restriction, a: &Assignment, attackers: impl Fn() -> usize) -> bool {
        match &r.kind {
            RestrictionKind::CantAttack { creature, targets } => !a[*creature].is_some_and(|t| in_targets(targets, t)),
            RestrictionKind::MinOtherAttackers { creature, count } => a[*creature].is_none() || attackers() > *count as usize,
            RestrictionKind::MinOtherAttackersAmong { creature, count, among, power_above } => {
                a[*creature].is_none() || self.companions(*creature, among, *power_above).filter(|&o| a[o].is_some()).count() >= *count as usize
            }
            RestrictionKind::AttacksOnlyAlone { creature } => a[*creature].is_none() || attackers() == 1,
            RestrictionKind::MaxAttackers { count, targets, .. } => {
                a.iter().filter(|t| t.is_some_and(|t| in_targets(targets, t))).count() <= *count as usize
            }
        }
    }

    /// The creatures whose attack counts for `creature`'s "can't attack unless another of these
    /// attacks" (CR 508.1c): those of `among` other than itself, with power greater than
    /// `power_above` when it is set.
    pub fn companions<'a>(&'a self, creature: usize, among: &'a [usize], power_above: Option<i64>) -> impl Iterator<Item = usize> + 'a {
        among.iter().copied().filter(move |&o| o != creature && power_above.is_none_or(|p| self.creatures[o].power > p))
    }

    /// What removing attacks from `w` can cost it (docs/rules.md section 7, the paid-baseline
    /// cuts): for each creature, a number of requirements such that removing the attacks of any
    /// set R of `w`'s attackers that incur a cost leaves a declaration that still respects every
    /// restriction (CR 508.1c) and obeys at least `obeyed(w) − Σ_{c ∈ R} loss[c]` (CR 508.1d).
    /// A creature's loss is its own requirements its attack obeys, plus a share of each player
    /// requirement (Trove of Temptation) its attack helps obey: none where an attack that
    /// incurs no cost obeys it too (that one stays), else 1/k of it among the k removable
    /// attacks that obey it (it is lost only when all k go, and then their shares sum to 1).
    /// Shares, not 1 each: on the adversarial profile hundreds of attacks obey one such
    /// requirement (issue 39).
    /// None when that cannot be promised cheaply: a requirement has a condition, or removing
    /// attackers could leave an attacker of a "can't attack unless others attack" restriction
    /// with too few companions (the only restrictions that removing attacks can break).
    pub fn removal_losses(&self, w: &Assignment) -> Option<Vec<f64>> {
        if self.has_conditions() {
            return None;
        }
        let mut incurs = vec![false; w.len()];
        for k in self.incurred(w) {
            incurs[self.costs[k].creature] = true;
        }
        let removable = |c: usize| incurs[c];
        let attackers = w.iter().filter(|t| t.is_some()).count();
        let removed_at_most = (0..w.len()).filter(|&c| removable(c)).count();
        for r in &self.restrictions {
            let enough = match &r.kind {
                // Removable or not, the attacker may stay while every other removable one goes.
                RestrictionKind::MinOtherAttackers { creature, count } if w[*creature].is_some() => {
                    let others_removable = removed_at_most - usize::from(removable(*creature));
                    attackers.saturating_sub(1 + others_removable) >= *count as usize
                }
                RestrictionKind::MinOtherAttackersAmong { creature, count, among, power_above } if w[*creature].is_some() => {
                    self.companions(*creature, among, *power_above).filter(|&o| w[o].is_some() && !removable(o)).count() >= *count as usize
                }
                _ => true,
            };
            if !enough {
                return None;
            }
        }
        let mut loss = vec![0.0; w.len()];
        for r in self.requirements.iter().filter(|r| r.counts) {
            match &r.kind {
                RequirementKind::Attack { creature, .. } | RequirementKind::AttackPlayerOtherThan { creature, .. } => {
                    if removable(*creature) && w[*creature].is_some_and(|t| self.obeys_pair(r, *creature, t)) {
                        loss[*creature] += 1.0;
                    }
                }
                RequirementKind::PlayerAttacks { player, targets } => {
                    let obeying: Vec<usize> = self.attacks_obeying(*player, targets, w).collect();
                    if obeying.iter().all(|&c| removable(c)) {
                        for &c in &obeying {
                            loss[c] += 1.0 / obeying.len() as f64;
                        }
                    }
                }
            }
        }
        Some(loss)
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
        // The attackers counted once, not once per "can't attack unless k others attack".
        let attackers = std::cell::OnceCell::new();
        let count = || *attackers.get_or_init(|| a.iter().filter(|t| t.is_some()).count());
        a.iter().enumerate().all(|(c, t)| t.is_none_or(|t| self.creatures[c].legal_targets.contains(&t)))
            && self.restrictions.iter().all(|r| self.holds_given(r, a, count))
    }

    /// The creature a permanent of the board is, if it is one of the attacking side's.
    pub fn creature_index(&self, permanent: usize) -> Option<usize> {
        self.creature_of.get(permanent).copied().flatten()
    }

    /// The target with this id, if any.
    pub fn target_index(&self, id: &str) -> Option<usize> {
        self.targets.iter().position(|t| t.id == id)
    }

    /// An empty assignment for this board.
    pub fn no_attack(&self) -> Assignment {
        vec![None; self.creatures.len()]
    }
}
