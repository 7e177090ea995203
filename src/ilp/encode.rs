//! Building the integer program of [`super`] from the plain rules form.

use super::vars::{variable, Vars};
use crate::position::Position;
use crate::rules::{in_targets, Assignment, RequirementKind, RestrictionKind};
use crate::vocab::symbol::{ManaType, Symbol, TypeSet};
use good_lp::{constraint, Constraint, Expression, Solution, Variable};
use std::collections::BTreeMap;

/// A class of cost symbols: the types that pay it, and whether 2 life also does (Phyrexian).
pub(crate) use crate::vocab::symbol::PipClass;

/// The class of a cost symbol and how many of it the symbol owes; None for {0} and for {2/c}
/// (paid either way, see `encode_payment`).
pub(crate) fn demand_of(sym: &Symbol) -> Option<(PipClass, f64)> {
    match *sym {
        Symbol::Generic(0) | Symbol::TwoOr(_) => None,
        Symbol::Generic(m) => Some((sym.pip_class(), f64::from(m))),
        _ => Some((sym.pip_class(), 1.0)),
    }
}

/// Whether interchangeable creatures share one integer variable per target (see the module
/// doc). Off gives the plain 0-1 model, one variable per creature and target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    /// Interchangeable creatures share variables.
    On,
    /// As `On`, with power left out of what makes creatures interchangeable: for programs
    /// whose objective never looks at power (the maximum of requirements and its tie-breaks),
    /// where creatures of distinct powers would otherwise each get variables of their own
    /// (the adversarial profile: 10,040 variables at N = 2,500, 2,947 without power).
    Obeyed,
    /// One variable per creature and target.
    Off,
}

/// Which numbers of attackers N a model covers (see "Splitting on the number of attackers" in
/// the module doc). The cases of a split partition every declaration by N.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Split {
    /// Every N: restrictions (3) and (4) as constraints.
    Whole,
    /// N ≤ 1: "only alone" holds by itself; a creature needing others can't attack.
    AtMostOne,
    /// 2 ≤ N ≤ k: "only alone" creatures can't attack; (3) as constraints.
    Few(u32),
    /// N ≥ k: "only alone" creatures can't attack; every "needs j others" with j < k holds.
    Many(u32),
}

/// Creatures that are interchangeable for every constraint and objective of the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Creature indices (into `rules.creatures`), in order.
    pub members: Vec<usize>,
    /// Targets each member may attack in this model.
    pub targets: Vec<usize>,
    /// Requirements a member obeys by attacking each target (parallel to `targets`).
    pub weights: Vec<u32>,
    /// The largest "can't attack unless k others attack" on a member (CR 506.5).
    pub min_others: Option<u32>,
    /// "Can only attack alone" (CR 506.5).
    pub only_alone: bool,
    /// Cost shapes of a member: the targets that incur it and its symbols.
    pub costs: Vec<(Option<Vec<usize>>, Vec<Symbol>)>,
}

/// The integer program for one board and one set of allowed cost instances.
pub struct Encoding {
    /// The program's variables.
    pub vars: Vars,
    /// Its constraints: (1)-(9) of the module doc.
    pub constraints: Vec<Constraint>,
    /// The groups of interchangeable creatures (one creature each without grouping).
    pub groups: Vec<Group>,
    /// `x[g]`: (target, variable) pairs: how many members of group g attack the target.
    pub x: Vec<Vec<(usize, Variable)>>,
    /// `a[g]`: how many members of group g attack.
    pub attacks: Vec<Expression>,
    /// `y[g][s]`: how many members of group g incur cost shape s.
    pub incurred: Vec<Vec<Expression>>,
    /// Requirements obeyed (exact for integral x, see the module doc).
    pub obeyed: Expression,
    /// Each player requirement's share of `obeyed` (2).
    pub(crate) player_obeyed: Vec<PlayerObeyed>,
    /// Integer variables to branch on first, each with the expression it equals: what a
    /// player owes in a class of cost symbols, in steps of its `Divisor` (8b) or per
    /// coefficient (8c), and the selectors of exchange cuts with their continuous twins. See
    /// [`Encoding::branch_first`].
    pub aggregates: Vec<(Variable, Expression)>,
    /// What a player owes in a class of cost symbols where the coefficients share no divisor
    /// of 2 or more ({1} and {2} taxes together), for [`Encoding::aggregate_mixed`].
    mixed: Vec<Expression>,
}

/// A player requirement's variable `r_j` of (2), `r_j ≤ Σ x` over its columns.
pub(crate) struct PlayerObeyed {
    /// The requirement, by index in the rules' requirements.
    requirement: usize,
    r_j: Variable,
    /// The columns that may obey it: (group, index in `x[group]`).
    columns: Vec<(usize, usize)>,
}

/// The fewest columns sharing a coefficient for (8c) ([`Encoding::aggregate_mixed`]): the
/// half a relaxation spreads is a problem over dozens of interchangeable columns (253 on the
/// adversarial board that needed it); the taxed Commander boards' maxima have 3 or 4, where
/// the variable only slowed them (P = 5, N = 100, seed 3: 0.57 s against 0.43 s).
const MIXED_COLUMNS: usize = 8;

fn sum<I: IntoIterator<Item = Variable>>(vars: I) -> Expression {
    let mut e = Expression::with_capacity(4);
    for v in vars {
        e.add_mul(1.0, v);
    }
    e
}

/// The signature under which creatures are interchangeable.
type Signature = (usize, Vec<usize>, i64, Vec<u32>, Option<u32>, bool, Vec<(Option<Vec<usize>>, Vec<Symbol>)>);

/// Partition the creatures that can attack into groups of interchangeable ones.
/// Which targets an encoding leaves out as dominated.
#[derive(Debug, Clone, Copy)]
pub enum Pruning<'a> {
    /// None.
    Off,
    /// Targets dominated for the maximum of requirements, keeping this declaration's choices
    /// (see `undominated`).
    Maximum(&'a Assignment),
    /// Pairs no declaration legal under the paid baseline uses (see `paid_dominated`): for
    /// the objective phases of `solve` and `enumerate` under paid.
    PaidLegal,
}

// Indices name creatures, groups and nodes across several parallel vectors here.
#[allow(clippy::needless_range_loop)]
pub(super) fn groups(pos: &Position, allowed: &[bool], grouping: Grouping, split: Split, pruning: Pruning) -> Vec<Group> {
    let rules = &pos.rules;
    let n = rules.creatures.len();
    // A creature whose attack taps a mana source is never grouped (its source is its own).
    let mut tied = vec![false; n];
    for s in &pos.mana.sources {
        if let Some(c) = s.tapped_if_attacks {
            tied[c] = true;
        }
    }
    // Nor is a creature under "can't attack unless another of these attacks", or one of those
    // others (CR 508.1c): the row (3b) counts single creatures, which a group's count can't
    // tell apart.
    for r in &rules.restrictions {
        if let RestrictionKind::MinOtherAttackersAmong { creature, among, .. } = &r.kind {
            tied[*creature] = true;
            for &o in among.iter() {
                tied[o] = true;
            }
        }
    }
    // Nor is a creature with a conditional requirement, or one whose attack meets such a
    // condition (CR 508.1d): its row counts single creatures too.
    let conditional = rules.has_conditions();
    for r in rules.requirements.iter().filter(|r| r.counts) {
        if let (Some(among), Some(c)) = (&r.condition, r.creature()) {
            tied[c] = true;
            for &o in among.iter() {
                tied[o] = true;
            }
        }
    }
    // Dominance compares one weight per target; a conditional requirement's credit depends on
    // other creatures' attacks, so boards with them are not pruned (they are small: a few
    // Ekundu Cyclopes).
    let dominance = match pruning {
        Pruning::Off => None,
        _ if conditional => None,
        _ => Some(DominanceContext::new(pos)),
    };
    let mut by_signature: BTreeMap<Signature, Group> = BTreeMap::new();
    let mut singles = Vec::new();
    for c in 0..n {
        // Pairs allowed by CR 508.1a-c, minus those incurring a cost instance outside `allowed`.
        let index = &rules.by_creature[c];
        let targets: Vec<usize> = rules.creatures[c]
            .allowed
            .iter()
            .copied()
            .filter(|&t| index.costs.iter().all(|&k| allowed[k] || !in_targets(&rules.costs[k].targets, t)))
            .collect();
        if targets.is_empty() {
            continue;
        }
        let mut weights: Vec<u32> = targets
            .iter()
            // Conditional requirements are not weights: each gets a variable of its own below.
            .map(|&t| {
                index
                    .requirements
                    .iter()
                    .map(|&i| &rules.requirements[i])
                    .filter(|r| r.counts && r.condition.is_none() && rules.obeys_pair(r, c, t))
                    .count() as u32
            })
            .collect();
        let mut targets = targets;
        match (pruning, &dominance) {
            (Pruning::Maximum(prefer), Some(cx)) => (targets, weights) = undominated(pos, cx, c, targets, weights, prefer.get(c).copied().flatten()),
            (Pruning::PaidLegal, Some(cx)) => (targets, weights) = paid_undominated(pos, cx, c, targets, weights),
            _ => {}
        }
        if targets.is_empty() {
            continue;
        }
        let mut min_others = None;
        let mut only_alone = false;
        for r in index.restrictions.iter().map(|&i| &rules.restrictions[i]) {
            match &r.kind {
                RestrictionKind::MinOtherAttackers { creature, count } if *creature == c => {
                    min_others = Some(min_others.map_or(*count, |m: u32| m.max(*count)))
                }
                RestrictionKind::AttacksOnlyAlone { creature } if *creature == c => only_alone = true,
                _ => {}
            }
        }
        let mut costs: Vec<(Option<Vec<usize>>, Vec<Symbol>)> = index
            .costs
            .iter()
            .map(|&k| &rules.costs[k])
            .filter(|k| targets.iter().any(|&t| in_targets(&k.targets, t)))
            .map(|k| (k.targets.clone(), k.cost.clone()))
            .collect();
        costs.sort();
        // Groups are formed on the creature's own restrictions, so members are interchangeable
        // on the whole board, not only in this case (the paid-baseline cuts rely on it).
        let own = (min_others, only_alone);
        // What the split implies: creatures that can't attack in this case are left out, and
        // restrictions that hold by themselves are not encoded.
        match split {
            Split::Whole => {}
            Split::AtMostOne => {
                if min_others.is_some_and(|k| k >= 1) {
                    continue;
                }
                (min_others, only_alone) = (None, false);
            }
            Split::Few(_) => {
                if only_alone {
                    continue;
                }
            }
            Split::Many(lo) => {
                if only_alone {
                    continue;
                }
                if min_others.is_some_and(|k| k < lo) {
                    min_others = None;
                }
            }
        }
        let group = Group { members: vec![c], targets: targets.clone(), weights: weights.clone(), min_others, only_alone, costs: costs.clone() };
        if grouping == Grouping::Off || tied[c] {
            singles.push(group);
            continue;
        }
        let cr = &rules.creatures[c];
        let power = if grouping == Grouping::Obeyed { 0 } else { cr.power };
        let sig: Signature = (cr.controller, targets, power, weights, own.0, own.1, costs);
        by_signature.entry(sig).and_modify(|g| g.members.push(c)).or_insert(group);
    }
    let mut all: Vec<Group> = by_signature.into_values().chain(singles).collect();
    all.sort_by_key(|g| g.members[0]);
    all
}

/// A declaration from how many members of each group attack each target (`counts[g][k]`
/// members of `groups[g]` attack its k-th target), giving each member the choice it has in
/// `prefer` where the counts allow: first the members whose preferred target has room, then
/// members preferring no attack stay out while the others fill the rest.
pub(super) fn distribute(groups: &[Group], counts: &[Vec<usize>], prefer: &Assignment, n: usize) -> Assignment {
    let mut a: Assignment = vec![None; n];
    for (group, left) in groups.iter().zip(counts) {
        let mut left = left.clone();
        let mut free = Vec::new();
        for &c in &group.members {
            match prefer.get(c).copied().flatten().and_then(|t| group.targets.iter().position(|&u| u == t)) {
                Some(k) if left[k] > 0 => {
                    left[k] -= 1;
                    a[c] = Some(group.targets[k]);
                }
                _ => free.push(c),
            }
        }
        free.sort_by_key(|&c| prefer.get(c).copied().flatten().is_none());
        let mut remaining = free.into_iter();
        for (k, count) in left.iter().enumerate() {
            for _ in 0..*count {
                if let Some(c) = remaining.next() {
                    a[c] = Some(group.targets[k]);
                }
            }
        }
    }
    a
}

/// Drop the targets of creature `c` that another of its targets dominates for the maximum of
/// requirements: at least as many of its requirements obeyed, in no cap the other isn't in,
/// counting for every player requirement the other counts for, and incurring no cost instance
/// the other doesn't. Moving an attack to the dominating target keeps any declaration allowed,
/// payable and at least as good, so the maximum is unchanged. `keep` (the checked declaration's
/// choice) is never dropped, so witnesses can stay close to it.
/// What target dominance looks at besides a creature's own requirements and costs: the capped
/// target sets, and each player's "attacks with at least one creature" target sets. Computed
/// once per encoding (per creature it would be quadratic on large boards).
struct DominanceContext<'a> {
    caps: Vec<&'a Option<Vec<usize>>>,
    player_sets: BTreeMap<usize, Vec<&'a Vec<usize>>>,
}

impl<'a> DominanceContext<'a> {
    fn new(pos: &'a Position) -> DominanceContext<'a> {
        let rules = &pos.rules;
        let caps = rules
            .restrictions
            .iter()
            .filter_map(|r| match &r.kind {
                RestrictionKind::MaxAttackers { targets, .. } if targets.is_some() => Some(targets),
                _ => None,
            })
            .collect();
        let mut player_sets: BTreeMap<usize, Vec<&Vec<usize>>> = BTreeMap::new();
        for r in rules.requirements.iter().filter(|r| r.counts) {
            if let RequirementKind::PlayerAttacks { player, targets } = &r.kind {
                player_sets.entry(*player).or_default().push(targets);
            }
        }
        DominanceContext { caps, player_sets }
    }
}

/// What target dominance compares for creature c at each target: the caps the target is in,
/// the player requirements it counts for, and the cost instances it incurs.
struct Profile {
    caps: Vec<bool>,
    players: Vec<bool>,
    costs: Vec<usize>,
}

impl Profile {
    fn of(pos: &Position, cx: &DominanceContext, c: usize, targets: &[usize]) -> Vec<Profile> {
        let rules = &pos.rules;
        let no_sets = Vec::new();
        let player_sets = cx.player_sets.get(&rules.creatures[c].controller).unwrap_or(&no_sets);
        targets
            .iter()
            .map(|&t| Profile {
                caps: cx.caps.iter().map(|ts| in_targets(ts, t)).collect(),
                players: player_sets.iter().map(|ts| ts.binary_search(&t).is_ok()).collect(),
                costs: rules.by_creature[c].costs.iter().copied().filter(|&k| in_targets(&rules.costs[k].targets, t)).collect(),
            })
            .collect()
    }

    /// Moving an attack from `other` to `self` breaks no cap, loses no player requirement and
    /// incurs no new cost instance.
    fn no_worse_than(&self, other: &Profile) -> bool {
        self.caps.iter().zip(&other.caps).all(|(a, b)| !a || *b)
            && self.players.iter().zip(&other.players).all(|(a, b)| *a || !b)
            && self.costs.iter().all(|k| other.costs.contains(k))
    }
}

fn undominated(
    pos: &Position,
    cx: &DominanceContext,
    c: usize,
    targets: Vec<usize>,
    weights: Vec<u32>,
    keep: Option<usize>,
) -> (Vec<usize>, Vec<u32>) {
    let profiles = Profile::of(pos, cx, c, &targets);
    // i dominates j: weakly better everywhere; among equals the first one is kept.
    let dominates = |i: usize, j: usize| weights[i] >= weights[j] && profiles[i].no_worse_than(&profiles[j]);
    let keep_index = |j: usize| Some(targets[j]) == keep;
    let alive: Vec<usize> = (0..targets.len())
        .filter(|&j| keep_index(j) || !(0..targets.len()).any(|i| i != j && dominates(i, j) && (!dominates(j, i) || i < j)))
        .collect();
    (alive.iter().map(|&j| targets[j]).collect(), alive.iter().map(|&j| weights[j]).collect())
}

/// Drop the pairs (c, t) no declaration legal under the paid baseline uses (CR 508.1d, docs/rules.md
/// section 7): some other target t' of c obeys strictly more of c's requirements, incurs only
/// cost instances t incurs, is in no cap t isn't in, and counts for every player requirement t
/// counts for. A declaration x sending c to t is then illegal: moving c to t' gives a
/// declaration that incurs only costs x incurs (so x's payment pays for it: the sources are the
/// same, c attacks in both), keeps every restriction (the number of attackers and every cap
/// count stay or drop) and obeys more. The paid maximum never uses such a pair either (the same
/// move improves it), so the dual bar over the remaining pairs is unchanged.
fn paid_undominated(pos: &Position, cx: &DominanceContext, c: usize, targets: Vec<usize>, weights: Vec<u32>) -> (Vec<usize>, Vec<u32>) {
    let profiles = Profile::of(pos, cx, c, &targets);
    let beats = |i: usize, j: usize| weights[i] > weights[j] && profiles[i].no_worse_than(&profiles[j]);
    let alive: Vec<usize> = (0..targets.len()).filter(|&j| !(0..targets.len()).any(|i| beats(i, j))).collect();
    (alive.iter().map(|&j| targets[j]).collect(), alive.iter().map(|&j| weights[j]).collect())
}

impl Encoding {
    /// Encode the declarations that respect every restriction, incur only cost instances `k`
    /// with `allowed[k]`, and can be paid.
    pub fn new(pos: &Position, allowed: &[bool], grouping: Grouping, split: Split) -> Encoding {
        Encoding::with_pruning(pos, allowed, grouping, split, Pruning::Off)
    }

    /// As [`Encoding::new`], leaving out dominated targets (see [`Pruning`]).
    #[allow(clippy::needless_range_loop)]
    pub fn with_pruning(pos: &Position, allowed: &[bool], grouping: Grouping, split: Split, pruning: Pruning) -> Encoding {
        let rules = &pos.rules;
        let groups = groups(pos, allowed, grouping, split, pruning);
        let mut vars = Vars::new();
        let mut constraints = Vec::new();
        let size = |g: &Group| g.members.len() as f64;

        let x: Vec<Vec<(usize, Variable)>> = groups
            .iter()
            .map(|g| {
                let def = if g.members.len() == 1 { variable().binary() } else { variable().integer().min(0.0).max(size(g)) };
                g.targets.iter().map(|&t| (t, vars.add(def))).collect()
            })
            .collect();
        let attacks: Vec<Expression> = x.iter().map(|xs| sum(xs.iter().map(|(_, v)| *v))).collect();
        // N, the number of attackers, as one variable defined by one dense row, so restrictions
        // on N stay sparse (a row per restriction over every x would be quadratic in size).
        let total = {
            let mut e = Expression::with_capacity(x.len());
            for a in &attacks {
                e.add_mul(1.0, a.clone());
            }
            let n_var = vars.add(variable().min(0.0));
            constraints.push(constraint::eq(e, n_var));
            Expression::from(n_var)
        };
        let n_attackers: f64 = groups.iter().map(size).sum();
        // The split's range of N.
        match split {
            Split::Whole => {}
            Split::AtMostOne => constraints.push(constraint::leq(total.clone(), 1.0)),
            Split::Few(k) => {
                constraints.push(constraint::leq(2.0, total.clone()));
                constraints.push(constraint::leq(total.clone(), f64::from(k)));
            }
            Split::Many(k) => constraints.push(constraint::leq(f64::from(k), total.clone())),
        }
        // (1) each creature attacks at most one target.
        for (g, a) in attacks.iter().enumerate() {
            if x[g].len() > 1 {
                constraints.push(constraint::leq(a.clone(), size(&groups[g])));
            }
        }
        // b[g] = 1 when some member of g attacks; only for groups under min/only-alone restrictions.
        let some = |g: usize, vars: &mut Vars, constraints: &mut Vec<Constraint>| -> Expression {
            if groups[g].members.len() == 1 {
                return attacks[g].clone();
            }
            let b = vars.add(variable().binary());
            let mut bound = Expression::with_capacity(1);
            bound.add_mul(size(&groups[g]), b);
            constraints.push(constraint::leq(attacks[g].clone(), bound));
            Expression::from(b)
        };

        // Requirements: creature requirements weigh x; a player requirement gets r_j in [0, 1].
        let mut obeyed = Expression::with_capacity(x.len() * 2);
        for (g, xs) in x.iter().enumerate() {
            for (k, (_, v)) in xs.iter().enumerate() {
                if groups[g].weights[k] > 0 {
                    obeyed.add_mul(f64::from(groups[g].weights[k]), *v);
                }
            }
        }
        let mut player_obeyed = Vec::new();
        for (i, r) in rules.requirements.iter().enumerate().filter(|(_, r)| r.counts) {
            if let RequirementKind::PlayerAttacks { player, targets } = &r.kind {
                let r_j = vars.add(variable().min(0.0).max(1.0));
                let ts = Some(targets.clone());
                let pairs: Vec<(usize, usize)> = groups
                    .iter()
                    .enumerate()
                    .filter(|(_, gr)| rules.creatures[gr.members[0]].controller == *player)
                    .flat_map(|(g, _)| x[g].iter().enumerate().filter(|(_, (t, _))| in_targets(&ts, *t)).map(move |(k, _)| (g, k)))
                    .collect();
                // (2)
                constraints.push(constraint::leq(Expression::from(r_j), sum(pairs.iter().map(|&(g, k)| x[g][k].1))));
                obeyed.add_mul(1.0, r_j);
                player_obeyed.push(PlayerObeyed { requirement: i, r_j, columns: pairs });
            }
        }

        // Every creature concerned by a row over single creatures ((3b), conditional
        // requirements) is a group of its own (see `groups`); one left out of this model (it
        // can't attack here) counts as not attacking.
        let mut group_of = vec![usize::MAX; rules.creatures.len()];
        for (g, group) in groups.iter().enumerate() {
            for &c in &group.members {
                group_of[c] = g;
            }
        }
        // (2b) a conditional requirement on creature c (CR 508.1d, docs/rules.md section 2): a
        // declaration is credited with it when c attacks one of its targets and another creature
        // of its condition attacks: q ≤ Σ_{t∈T} x[c,t], q ≤ Σ_{o∈S, o≠c} a[o], q ∈ [0, 1].
        for r in rules.requirements.iter().filter(|r| r.counts) {
            let (Some(among), Some(c)) = (&r.condition, r.creature()) else { continue };
            let g = group_of[c];
            if g == usize::MAX {
                continue;
            }
            let hits: Vec<Variable> = groups[g].targets.iter().zip(&x[g]).filter(|(&t, _)| rules.obeys_pair(r, c, t)).map(|(_, (_, v))| *v).collect();
            if hits.is_empty() {
                continue;
            }
            let mut others = Expression::with_capacity(among.len());
            for h in among.iter().filter(|&&o| o != c).map(|&o| group_of[o]).filter(|&h| h != usize::MAX) {
                others.add_mul(1.0, attacks[h].clone());
            }
            let q = vars.add(variable().min(0.0).max(1.0));
            constraints.push(constraint::leq(Expression::from(q), sum(hits)));
            constraints.push(constraint::leq(Expression::from(q), others));
            obeyed.add_mul(1.0, q);
        }

        // Restrictions (CR 508.1c). "Can't attack" is already out of x.
        for g in 0..groups.len() {
            let (min_others, only_alone) = (groups[g].min_others, groups[g].only_alone);
            if min_others.is_none() && !only_alone {
                continue;
            }
            let b = some(g, &mut vars, &mut constraints);
            // (3) a member attacks only if k others do: (k+1)·b ≤ N.
            if let Some(k) = min_others {
                let mut e = Expression::with_capacity(2);
                e.add_mul(f64::from(k) + 1.0, b.clone());
                constraints.push(constraint::leq(e, total.clone()));
            }
            // (4) a member attacks only alone: N + (n-2)·b ≤ n-1 (and so a[g] ≤ 1).
            if only_alone {
                let mut lhs = total.clone();
                lhs.add_mul(n_attackers - 2.0, b);
                constraints.push(constraint::leq(lhs, n_attackers - 1.0));
            }
        }
        // (3b) "can't attack unless k others among S attack" (CR 508.1c): k·a[c] ≤ Σ_{o∈S, o≠c} a[o].
        for r in &rules.restrictions {
            if let RestrictionKind::MinOtherAttackersAmong { creature, count, among, power_above } = &r.kind {
                let g = group_of[*creature];
                if g == usize::MAX || *count == 0 {
                    continue;
                }
                let mut others = Expression::with_capacity(among.len());
                for h in rules.companions(*creature, among, *power_above).map(|o| group_of[o]).filter(|&h| h != usize::MAX) {
                    others.add_mul(1.0, attacks[h].clone());
                }
                let mut lhs = Expression::with_capacity(1);
                lhs.add_mul(f64::from(*count), attacks[g].clone());
                constraints.push(constraint::leq(lhs, others));
            }
        }
        for r in &rules.restrictions {
            // (5) caps.
            if let RestrictionKind::MaxAttackers { count, targets, .. } = &r.kind {
                let vs: Vec<(f64, Variable)> = groups
                    .iter()
                    .enumerate()
                    .flat_map(|(g, gr)| x[g].iter().filter(|(t, _)| in_targets(targets, *t)).map(move |(_, v)| (size(gr), *v)))
                    .collect();
                if vs.iter().map(|(s, _)| s).sum::<f64>() > f64::from(*count) {
                    constraints.push(constraint::leq(sum(vs.into_iter().map(|(_, v)| v)), f64::from(*count)));
                }
            }
        }

        let incurred = groups
            .iter()
            .enumerate()
            .map(|(g, gr)| gr.costs.iter().map(|(ts, _)| sum(x[g].iter().filter(|(t, _)| in_targets(ts, *t)).map(|(_, v)| *v))).collect())
            .collect();
        let mut enc = Encoding { vars, constraints, groups, x, attacks, incurred, obeyed, player_obeyed, aggregates: Vec::new(), mixed: Vec::new() };
        enc.encode_payment(pos);
        enc
    }

    /// Payment (CR 508.1f-j): per paying player, a transportation problem from classes of mana
    /// units to classes of cost symbols, with life for Phyrexian symbols (see the module doc).
    fn encode_payment(&mut self, pos: &Position) {
        let rules = &pos.rules;
        let mana = &pos.mana;
        let mut demand: BTreeMap<usize, BTreeMap<PipClass, Expression>> = BTreeMap::new();
        let mut two_or: BTreeMap<(usize, ManaType), Expression> = BTreeMap::new();
        for (g, group) in self.groups.iter().enumerate() {
            let player = rules.creatures[group.members[0]].controller;
            for (s, (_, cost)) in group.costs.iter().enumerate() {
                let y = &self.incurred[g][s];
                for sym in cost {
                    if let Symbol::TwoOr(c) = *sym {
                        two_or.entry((player, c)).or_insert_with(|| Expression::with_capacity(4)).add_mul(1.0, y.clone());
                        continue;
                    }
                    let Some((class, amount)) = demand_of(sym) else { continue };
                    demand.entry(player).or_default().entry(class).or_insert_with(|| Expression::with_capacity(4)).add_mul(amount, y.clone());
                }
            }
        }
        // {2/c}: w of them paid with two generic mana, the rest with c (CR 107.4e).
        for ((player, c), owed) in two_or {
            let w = self.vars.add(variable().integer().min(0.0));
            self.constraints.push(constraint::leq(Expression::from(w), owed.clone()));
            let classes = demand.entry(player).or_default();
            let mut colored = owed;
            colored.add_mul(-1.0, w);
            classes.entry((TypeSet::one(c), false)).or_insert_with(|| Expression::with_capacity(4)).add_mul(1.0, colored);
            classes.entry((TypeSet::ANY_TYPE, false)).or_insert_with(|| Expression::with_capacity(4)).add_mul(2.0, w);
        }
        // The group of each creature, to read "it attacks" for sources it taps.
        let mut group_of = vec![usize::MAX; rules.creatures.len()];
        for (g, group) in self.groups.iter().enumerate() {
            for &c in &group.members {
                group_of[c] = g;
            }
        }
        let mut life_by_group: BTreeMap<usize, Expression> = BTreeMap::new();
        for (player, classes) in demand {
            let mut supply: BTreeMap<TypeSet, Expression> = BTreeMap::new();
            for set in &mana.pools[player] {
                *supply.entry(*set).or_insert_with(|| Expression::with_capacity(4)) += 1.0;
            }
            // Identical sources not tied to an attacker share integer variables.
            let mut kinds: BTreeMap<(Vec<Vec<TypeSet>>, Option<usize>), usize> = BTreeMap::new();
            for src in mana.sources.iter().filter(|s| s.controller == player) {
                // A source whose alternatives each add one unit is one unit of their union.
                let alternatives: Vec<Vec<TypeSet>> = if src.alternatives.iter().all(|a| a.len() == 1) {
                    vec![vec![src.alternatives.iter().fold(TypeSet::EMPTY, |acc, a| acc.union(a[0]))]]
                } else {
                    src.alternatives.clone()
                };
                *kinds.entry((alternatives, src.tapped_if_attacks)).or_default() += 1;
            }
            for ((alternatives, tied), count) in kinds {
                let mut taps = Expression::with_capacity(alternatives.len());
                for alt in &alternatives {
                    let u = self.vars.add(if count == 1 { variable().binary() } else { variable().integer().min(0.0).max(count as f64) });
                    taps.add_mul(1.0, u);
                    for set in alt {
                        supply.entry(*set).or_insert_with(|| Expression::with_capacity(4)).add_mul(1.0, u);
                    }
                }
                // (6) each tapped once; not at all if it attacks without vigilance (CR 508.1f).
                let mut cap = Expression::from(count as f64);
                if let Some(c) = tied {
                    if group_of[c] != usize::MAX {
                        cap.add_mul(-1.0, self.attacks[group_of[c]].clone());
                    }
                }
                self.constraints.push(constraint::leq(taps, cap));
            }
            let mut paid: BTreeMap<PipClass, Expression> = classes.keys().map(|q| (*q, Expression::with_capacity(4))).collect();
            for (set, available) in supply {
                let mut used = Expression::with_capacity(classes.len());
                for (q, paid_q) in paid.iter_mut() {
                    if set.intersects(q.0) {
                        let z = self.vars.add(variable().min(0.0));
                        used.add_mul(1.0, z);
                        paid_q.add_mul(1.0, z);
                    }
                }
                // (7) supply.
                self.constraints.push(constraint::leq(used, available));
            }
            for (q, owed) in classes {
                let mut covered = paid.remove(&q).unwrap_or_else(|| Expression::with_capacity(1));
                if q.1 {
                    let l = self.vars.add(variable().min(0.0));
                    covered.add_mul(1.0, l);
                    life_by_group.entry(mana.life_group[player]).or_insert_with(|| Expression::with_capacity(4)).add_mul(1.0, l);
                }
                self.aggregate(&owed);
                // (8) demand.
                self.constraints.push(constraint::leq(owed, covered));
            }
        }
        // (9) life: 2 per Phyrexian symbol, never more than the (shared) life total (CR 119.4).
        for (group, life_pips) in life_by_group {
            let budget = (mana.group_life[group].max(0) / 2) as f64;
            self.constraints.push(constraint::leq(life_pips, budget));
        }
    }

    /// (8b) `owed = k + g·n` with n a new integer variable, for what a player owes in one class
    /// of cost symbols over two or more group counts whose [`Divisor`] g is 2 or more (k its
    /// constant). The same integer points: owed is k plus an integer combination of integer
    /// counts, each coefficient a multiple of g. Why: under two {2} taxes the
    /// relaxation's optimum often owes an odd amount of generic mana, half an attack spread
    /// over dozens of interchangeable columns (the groups times the taxed targets), and branch
    /// and bound on the columns moves the half from one to the next without the bound moving.
    /// Branching on n once (`n ≤ 8` or `n ≥ 9` attacks) settles every column at once. See
    /// [`Encoding::branch_first`]. Where g is 1 the relaxation has no such half steps to
    /// settle, so no variable (measurements: docs/history/paid-baseline-steps.md, step 9).
    fn aggregate(&mut self, owed: &Expression) {
        use good_lp::IntoAffineExpression;
        if owed.linear_coefficients().nth(1).is_none() {
            return;
        }
        let Some(d) = Divisor::integral(owed) else { return };
        if d.g < 2.0 {
            self.mixed.push(owed.clone());
            return;
        }
        let steps = (owed.clone() - d.k) * (1.0 / d.g);
        let n = self.vars.add(variable().integer().min(0.0));
        self.constraints.push(constraint::eq(steps.clone(), n));
        self.aggregates.push((n, steps));
    }

    /// (8c) Where what a player owes in a class mixes coefficients ({1} and {2} taxes: no
    /// common divisor for (8b)), an integer variable per coefficient c ≥ 2 shared by
    /// [`MIXED_COLUMNS`] columns or more: `n_c = Σ` of those columns, branched on first. The
    /// same integer points (a sum of integer counts). Why: the relaxation spends an odd unit
    /// of mana on half a {2} attack spread over dozens of interchangeable columns, one
    /// requirement above the integers, and branching on the columns moves the half around
    /// without the bound moving (issue 39: a check of half the creatures attacking on the
    /// adversarial profile, P = 8, N = 5,000, seed 9102: 8,280 with bound 8,281 after 65,000
    /// nodes; with `n_2` over 253 columns, proven in 1.1 s). Only for the maximum's programs: in `solve`'s rounds on the
    /// taxed Commander boards the variables cost 17 % (the 60 boards of issue 10, 3.56 s
    /// against 3.05 s).
    pub fn aggregate_mixed(&mut self) {
        use good_lp::IntoAffineExpression;
        for owed in std::mem::take(&mut self.mixed) {
            let mut parts: BTreeMap<u64, (Expression, usize)> = BTreeMap::new();
            for (v, c) in owed.linear_coefficients() {
                // Integral (`Divisor::integral` said so). Columns owing 1 need no variable:
                // a half unit of mana is spread only over columns owing 2 or more.
                let c = c.abs().round() as u64;
                if c >= 2 {
                    let part = parts.entry(c).or_insert_with(|| (Expression::with_capacity(4), 0));
                    part.0.add_mul(1.0, v);
                    part.1 += 1;
                }
            }
            for (part, columns) in parts.into_values() {
                if columns >= MIXED_COLUMNS {
                    let n = self.vars.add(variable().integer().min(0.0));
                    self.constraints.push(constraint::eq(part.clone(), n));
                    self.aggregates.push((n, part));
                }
            }
        }
    }

    /// Branch on the binary `v` first (see [`Encoding::branch_first`]), through a continuous
    /// twin `w = v`. Why: an exchange cut ([`crate::ilp::exchange`]) says one of its premise
    /// rows fails, a binary selector per row; while the objective's columns are fractional,
    /// microlp never branches on the selectors and the disjunction stays open below every node
    /// (docs/history/paid-baseline-steps.md, step 10).
    pub fn branch_first_on(&mut self, v: Variable) {
        let w = self.vars.add(variable().min(0.0).max(1.0));
        self.constraints.push(constraint::eq(w, v));
        self.aggregates.push((v, Expression::from(w)));
    }

    /// The objective to hand the solver, equal to `objective` at every point of the relaxation:
    /// plus `s·(n − e)` for each aggregate n = e, with s the largest coefficient of the
    /// objective. Why: microlp branches on the fractional variable of the best pseudo-cost
    /// score, and starts each pseudo-cost at the variable's objective coefficient, so a
    /// variable the objective does not weigh is never branched on while a weighed column is
    /// fractional. The term gives each aggregate a coefficient as large as any column's
    /// (columns of e lose up to s/g each) without changing any value of the objective.
    pub fn branch_first(&self, objective: Expression) -> Expression {
        use good_lp::IntoAffineExpression;
        if self.aggregates.is_empty() {
            return objective;
        }
        let s = (&objective).linear_coefficients().map(|(_, c)| c.abs()).fold(1.0, f64::max);
        let mut out = objective;
        for (n, e) in &self.aggregates {
            out.add_mul(s, *n);
            out.add_mul(-s, e.clone());
        }
        out
    }

    /// An encoding reduced to its groups and variables, to read a solution after the model
    /// was handed to the solver.
    pub fn shell(groups: Vec<Group>, x: Vec<Vec<(usize, Variable)>>) -> Encoding {
        Encoding {
            vars: Vars::new(),
            constraints: vec![],
            groups,
            x,
            attacks: vec![],
            incurred: vec![],
            obeyed: Expression::from(0.0),
            player_obeyed: vec![],
            aggregates: vec![],
            mixed: vec![],
        }
    }

    /// How many members of each group attack each target in `a` (parallel to `x`).
    pub fn counts(&self, a: &Assignment) -> Vec<Vec<usize>> {
        self.groups.iter().map(|g| g.targets.iter().map(|&t| g.members.iter().filter(|&&c| a[c] == Some(t)).count()).collect()).collect()
    }

    /// Turn solved counts into a declaration, giving each member the choice it has in `prefer`
    /// where the counts allow (so a witness changes as few attacks as it can).
    pub fn assignment<S: Solution>(&self, solution: &S, prefer: &Assignment, n: usize) -> Assignment {
        let counts: Vec<Vec<usize>> =
            self.x.iter().map(|xs| xs.iter().map(|(_, v)| solution.value(*v).round().max(0.0) as usize).collect()).collect();
        distribute(&self.groups, &counts, prefer, n)
    }

    /// The creatures that keep their choice in `prefer`: Σ over groups of the closeness of
    /// counts, plus the creatures this encoding leaves out (they can't attack here: those
    /// `prefer` keeps out keep their choice). Counting them makes the cases of a split
    /// comparable: a case that leaves out creatures under "can attack only alone" (CR 506.5)
    /// is not less close for it. Needs auxiliary variables: m ≤ x and m ≤ preferred count
    /// (per target and for "none").
    pub fn closeness(&mut self, prefer: &Assignment) -> Expression {
        let mut e = Expression::with_capacity(self.x.len());
        let mut present = vec![false; prefer.len()];
        for c in self.groups.iter().flat_map(|g| g.members.iter()) {
            if let Some(p) = present.get_mut(*c) {
                *p = true;
            }
        }
        let left_out_at_rest = prefer.iter().zip(&present).filter(|(choice, here)| choice.is_none() && !**here).count();
        e += left_out_at_rest as f64;
        for g in 0..self.groups.len() {
            let group = &self.groups[g];
            let size = group.members.len();
            let want: Vec<usize> =
                group.targets.iter().map(|&t| group.members.iter().filter(|&&c| prefer.get(c).copied().flatten() == Some(t)).count()).collect();
            let want_none = group.members.iter().filter(|&&c| prefer.get(c).copied().flatten().is_none()).count();
            if size == 1 {
                // Binary x: closeness is x for the preferred target, 1 - a for "no attack".
                for (k, (_, v)) in self.x[g].iter().enumerate() {
                    if want[k] == 1 {
                        e.add_mul(1.0, *v);
                    }
                }
                if want_none == 1 {
                    e.add_mul(-1.0, self.attacks[g].clone());
                    e += 1.0;
                }
                continue;
            }
            for (k, (_, v)) in self.x[g].iter().enumerate() {
                if want[k] > 0 {
                    let m = self.vars.add(variable().min(0.0).max(want[k] as f64));
                    self.constraints.push(constraint::leq(Expression::from(m), Expression::from(*v)));
                    e.add_mul(1.0, m);
                }
            }
            if want_none > 0 {
                let m = self.vars.add(variable().min(0.0).max(want_none as f64));
                let mut rest = Expression::from(size as f64);
                rest.add_mul(-1.0, self.attacks[g].clone());
                self.constraints.push(constraint::leq(Expression::from(m), rest));
                e.add_mul(1.0, m);
            }
        }
        e
    }

    /// The paid-baseline cut for a declaration `a` that falls short of `m` (see `crate::solve`):
    /// declarations incurring, group by group, at least the cost shapes `a` incurs obey ≥ m.
    /// `δ_gs = 1` allows `y_gs` to be below a's count, and then relaxes the bound.
    ///
    /// Every candidate already obeys at least `floor` (the free maximum), so a failed premise
    /// only needs to bring the bound down to `floor`: the coefficient is `m - floor`, which keeps
    /// the relaxation as tight as it can be.
    ///
    /// With `lift`, also its lifted form ([`Encoding::paid_cut_lifted`]).
    #[allow(clippy::needless_range_loop)]
    pub fn paid_cut(&mut self, a: &Assignment, m: usize, floor: usize, pos: &Position, lift: bool) -> Vec<Constraint> {
        // A creature of `a` that pays a cost but can't attack in this split's case makes the
        // cut's premise false for every declaration here: nothing to add.
        let present: std::collections::HashSet<usize> = self.groups.iter().flat_map(|g| g.members.iter().copied()).collect();
        if pos.rules.incurred(a).iter().any(|&k| !present.contains(&pos.rules.costs[k].creature)) {
            return vec![];
        }
        let counts = self.counts(a);
        let mut relax = Expression::with_capacity(4);
        let mut out = Vec::new();
        for g in 0..self.groups.len() {
            let size = self.groups[g].members.len() as f64;
            for s in 0..self.groups[g].costs.len() {
                let ts = &self.groups[g].costs[s].0;
                let n_gs = self.shape_count(&counts, g, ts);
                if n_gs == 0 {
                    continue;
                }
                let coefficient = m.saturating_sub(floor) as f64;
                if size == 1.0 {
                    // A single creature: the premise fails exactly when y = 0, so 1 - y is δ.
                    relax.add_mul(coefficient, Expression::from(1.0));
                    relax.add_mul(-coefficient, self.incurred[g][s].clone());
                    continue;
                }
                let delta = self.vars.add(variable().binary());
                // δ = 1 ⇒ y ≤ n - 1:  y ≤ n - 1 + (size - n + 1)(1 - δ)
                let mut rhs = Expression::from(size);
                rhs.add_mul(-(size - n_gs as f64 + 1.0), delta);
                out.push(constraint::leq(self.incurred[g][s].clone(), rhs));
                relax.add_mul(coefficient, delta);
            }
        }
        // obeyed ≥ m - (m - floor)·Σ δ
        let mut lhs = self.obeyed.clone();
        lhs.add_mul(1.0, relax);
        out.push(constraint::leq(Expression::from(m as f64), lhs));
        if lift {
            out.extend(self.paid_cut_lifted(a, m, pos, &counts));
        }
        out
    }

    /// How many of group g's members attack into the targets `ts` (a cost shape), by the
    /// declaration's per-target `counts` ([`Encoding::counts`]).
    fn shape_count(&self, counts: &[Vec<usize>], g: usize, ts: &Option<Vec<usize>>) -> usize {
        self.groups[g].targets.iter().zip(&counts[g]).filter(|(t, _)| in_targets(ts, **t)).map(|(_, c)| *c).sum()
    }

    /// The lifted form of [`Encoding::paid_cut`], where [`Rules::removal_losses`] can promise
    /// it: a declaration that incurs `z` fewer of a shape than `a` has its bar lowered by at
    /// most `z` times what removing one of `a`'s attacks of that shape loses, rather than all
    /// the way to the floor. Why it holds: remove from `a` (`m`'s witness) `z_gs` of its members
    /// of group g attacking into shape s, for every (g, s); what is left respects every
    /// restriction, incurs per (g, s) no more than the declaration does (so, the members of a
    /// group being interchangeable, only instances it incurs), and obeys at least
    /// `m − Σ ℓ_gs z_gs`, a lower bound of its bar. Issue 10: on the adversarial profile a
    /// witness's cost instances raise the bar by 67 requirements, where each attack loses 1 to 5.
    ///
    /// obeyed + Σ ℓ_gs z_gs ≥ m, with z_gs ≥ n_gs − y_gs, z_gs ≥ 0 (`1 − y` for a creature alone).
    #[allow(clippy::needless_range_loop)]
    fn paid_cut_lifted(&mut self, a: &Assignment, m: usize, pos: &Position, counts: &[Vec<usize>]) -> Vec<Constraint> {
        let Some(loss) = pos.rules.removal_losses(a) else { return vec![] };
        let mut out = Vec::new();
        let mut lhs = self.obeyed.clone();
        for g in 0..self.groups.len() {
            let size = self.groups[g].members.len();
            for s in 0..self.groups[g].costs.len() {
                let ts = &self.groups[g].costs[s].0;
                let n_gs = self.shape_count(counts, g, ts);
                if n_gs == 0 {
                    continue;
                }
                let members = self.groups[g].members.iter().filter(|&&c| a[c].is_some_and(|t| in_targets(ts, t)));
                let most = members.map(|&c| loss[c]).fold(0.0, f64::max);
                if most == 0.0 {
                    continue;
                }
                if size == 1 {
                    lhs.add_mul(most, Expression::from(1.0));
                    lhs.add_mul(-most, self.incurred[g][s].clone());
                    continue;
                }
                let z = self.vars.add(variable().min(0.0).max(n_gs as f64));
                let mut covered = Expression::from(z);
                covered.add_mul(1.0, self.incurred[g][s].clone());
                out.push(constraint::leq(Expression::from(n_gs as f64), covered));
                lhs.add_mul(most, z);
            }
        }
        out.push(constraint::leq(Expression::from(m as f64), lhs));
        out
    }

    /// The paid bar's lower bound by moves ([`crate::rules::MoveBar`], CR 508.1d):
    /// `obeyed ≥ m0 + Σ gain·x + Σ_R v_R`, with `v_R ≥ x` for the moves that enter player
    /// requirement R, and `v_R ≥ r_R − Σ x` over R's columns that enter nothing (`r_R` its
    /// share of `obeyed`). A group's members are interchangeable, so n of them attacking t can
    /// be the n that the base moves there: its gain is the least of its members' (none where
    /// one of them has no move), and its entry counts `x / size` (at most one).
    pub fn moves_cut(&mut self, bar: &crate::rules::MoveBar) -> Vec<Constraint> {
        let mut rhs = Expression::from(bar.base as f64);
        let mut out = Vec::new();
        let entered: Vec<Option<Variable>> =
            bar.entries.iter().map(|e| (!e.is_empty()).then(|| self.vars.add(variable().min(0.0).max(1.0)))).collect();
        for (g, group) in self.groups.iter().enumerate() {
            for &(t, x) in &self.x[g] {
                let gain = group.members.iter().map(|&c| bar.gain(c, t)).try_fold(f64::INFINITY, |least, g| g.map(|g| least.min(g)));
                let Some(gain) = gain else { continue };
                if gain > 0.0 {
                    rhs.add_mul(gain, x);
                }
                for (i, v) in entered.iter().enumerate() {
                    if let Some(v) = v {
                        if group.members.iter().all(|&c| bar.enters(i, c, t)) {
                            let mut share = Expression::with_capacity(1);
                            share.add_mul(1.0 / group.members.len() as f64, x);
                            out.push(constraint::leq(share, *v));
                        }
                    }
                }
            }
        }
        // W enters R whenever x obeys R by a column that enters it: `r_j − Σ x (R's other
        // columns) ≤ v`. Valid for integral x: r_j = 1 needs an attack obeying R, on another
        // column (the row holds by itself) or on an entering one (W makes its move, so obeys
        // R). Without it a relaxation obeys R by slivers of many entering attacks, each
        // credited to the bar by its own sliver (issue 39: P = 8, N = 1,000, seed 9101, 320
        // creatures at 0.0032 toward a player with a Trove-like requirement; tested by
        // `cr_508_1d_the_rows_of_the_bar_by_moves_admit_every_legal_declaration`).
        for (i, v) in entered.iter().enumerate() {
            let (Some(v), Some(&requirement)) = (v, bar.entered.get(i)) else { continue };
            let Some(obeying) = self.player_obeyed.iter().find(|p| p.requirement == requirement) else { continue };
            let mut lhs = Expression::from(obeying.r_j);
            let enters = |&&(g, k): &&(usize, usize)| self.groups[g].members.iter().all(|&c| bar.enters(i, c, self.x[g][k].0));
            for &(g, k) in obeying.columns.iter().filter(|p| !enters(p)) {
                lhs.add_mul(-1.0, self.x[g][k].1);
            }
            out.push(constraint::leq(lhs, *v));
        }
        for v in entered.into_iter().flatten() {
            rhs.add_mul(1.0, v);
        }
        out.push(constraint::leq(rhs, self.obeyed.clone()));
        out
    }

    /// Mana value of the incurred costs (for "less mana" tie-breaks).
    pub fn mana_value(&self) -> Expression {
        let mut e = Expression::with_capacity(self.groups.len());
        for (g, group) in self.groups.iter().enumerate() {
            for (s, (_, cost)) in group.costs.iter().enumerate() {
                let mv = crate::vocab::symbol::mana_value(cost);
                if mv != 0 {
                    e.add_mul(mv as f64, self.incurred[g][s].clone());
                }
            }
        }
        e
    }
}

/// The values a row's `owed` can take (issue 10): its constant k plus multiples of g, the
/// greatest common divisor of its coefficients, since its variables are integer group counts.
/// Rounding a row's bound to them (Chvátal-Gomory rounding) keeps the same integer points and
/// tightens the relaxation. Why: two generic taxes of {2} (Propaganda, Ghostly Prison) make
/// `owed` even, so a level asking for `owed = N_Q + m` with `N_Q + m` odd has no integer point,
/// yet its relaxation has one (half an attack), which microlp's branch and bound is slow to
/// prove empty (docs/history/paid-baseline-steps.md, step 7).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Divisor {
    /// g, the greatest common divisor of the coefficients (1 when there is none to use).
    pub g: f64,
    /// k, the constant.
    pub k: f64,
}

impl Divisor {
    /// g = 1 (no rounding) when some coefficient is not an integer or too large to be exact.
    pub(crate) fn of(owed: &Expression) -> Divisor {
        Divisor::integral(owed).unwrap_or(Divisor { g: 1.0, k: good_lp::IntoAffineExpression::constant(&owed) })
    }

    /// The divisor of an expression whose coefficients are all integers (exact in a float);
    /// None when some coefficient is not.
    pub(crate) fn integral(owed: &Expression) -> Option<Divisor> {
        use good_lp::IntoAffineExpression;
        let mut g: u64 = 0;
        for (_, c) in owed.linear_coefficients() {
            let r = c.abs().round();
            if (c.abs() - r).abs() > 1e-9 || r >= 9.0e15 {
                return None;
            }
            g = gcd(g, r as u64);
        }
        Some(Divisor { g: if g == 0 { 1.0 } else { g as f64 }, k: owed.constant() })
    }

    /// The largest value `owed` can take at most `bound`.
    pub(crate) fn at_most(self, bound: f64) -> f64 {
        self.k + self.g * ((bound - self.k) / self.g + 1e-9).floor()
    }

    /// The smallest value `owed` can take at least `bound`.
    pub(crate) fn at_least(self, bound: f64) -> f64 {
        self.k + self.g * ((bound - self.k) / self.g - 1e-9).ceil()
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::Divisor;
    use good_lp::{variable, Expression, ProblemVariables};

    /// CR 508.1f, 508.1h: what a declaration owes under two {2} taxes is even, so a row's
    /// bound rounds to the even values on both sides; a constant shifts them; coprime or
    /// fractional coefficients leave the bound as it is.
    #[test]
    fn cr_508_1h_row_bounds_round_to_the_values_the_debt_can_take() {
        let mut vars = ProblemVariables::new();
        let (a, b) = (vars.add(variable().integer()), vars.add(variable().integer()));
        let even = Expression::from(a) * 2.0 + Expression::from(b) * 4.0;
        let d = Divisor::of(&even);
        assert_eq!((d.at_most(15.0), d.at_most(14.0), d.at_least(15.0), d.at_least(14.0)), (14.0, 14.0, 16.0, 14.0));
        let shifted = Divisor::of(&(even.clone() + 1.0));
        assert_eq!((shifted.at_most(14.0), shifted.at_least(14.0)), (13.0, 15.0));
        let coprime = Divisor::of(&(Expression::from(a) * 2.0 + Expression::from(b) * 3.0));
        let fractional = Divisor::of(&(Expression::from(a) * 2.0 + Expression::from(b) * 0.5));
        for d in [coprime, fractional] {
            assert_eq!((d.at_most(15.0), d.at_least(15.0)), (15.0, 15.0));
        }
        assert_eq!(Divisor::of(&Expression::from(0.0)).at_most(7.0), 7.0);
    }
}
