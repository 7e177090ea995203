//! The integer program for declaring blockers (CR 509.1, docs/blocks.md "Deciding"): the
//! maximum of CR 509.1c over [`BlockRules`], plain data, with no board.
//!
//! # The model
//!
//! For the blockers that may block here (eligible, and every cost instance of theirs allowed:
//! one with an instance outside the allowed set may only not block, as in the exhaustive
//! checker):
//!
//! * Classes of interchangeable attackers (`Classes`): attackers every blocker here may block
//!   both or neither of, with the same "none or at least N" and "at most N" and the same
//!   number of "is blocked" requirements, and named alone by nothing (all or none, "blocks a",
//!   "blocked by exactly one", the declaration checked) form one class g of k members; every
//!   other attacker is a class of its own (all of them for the closest legal declaration; for
//!   `none`, `prevented` and `losses` the members deal the same damage too: a blocker's losses
//!   depend on the damage of the attackers it blocks, not which ones; for `kills` they have
//!   the same toughness, their blockers block one attacker at most, and the ways of killing
//!   one are few: `crate::ilp::kills`).
//! * Classes of blockers, in a solve for a goal (`blocker_classes`): blockers of capacity 1
//!   with the same allowed attackers, damage, toughness and "blocks if able" requirements,
//!   named alone by nothing, are one blocker b standing for c of them: `u[b] ∈ 0..=c`,
//!   `y[b,g] ∈ 0..=c`, one block per member, dealt to the class's members in turn. On the
//!   8-player combat of 2,500 attackers `prevented` went from 1.4 s to 0.3 s (benches/
//!   RESULTS.md, third session of 2026-12-06): identical tokens as 0-1 variables each are
//!   permutations the search walks through.
//! * A solve splits the combat into its independent parts first
//!   (`crate::rules::block_parts`) and builds this program per part.
//! * `y[b,g] ∈ 0..=min(k, capacity)` for every allowed pair of a blocker and a class (CR
//!   509.1a), the members of g that b blocks; a pair a `Pairs` restriction bans (509.1b) is no
//!   variable (it is out of `allowed` already; a banned pair left in `allowed` is dropped too,
//!   as the exhaustive checker's restriction check would drop it). `n[g] = Σ_b y[b,g]`.
//! * `u[b] ∈ {0,1}`, b blocks: `y[b,g] ≤ min(k, capacity)·u[b]`, `u[b] ≤ Σ_g y[b,g]`, and the
//!   capacity (509.1a) `Σ_g y[b,g] ≤ min(capacity, |allowed|)·u[b]` (any number: |allowed|).
//! * Counts per class (509.1b-c), `m[g] ∈ 0..=k` the members blocked, where something counts
//!   them: with "none or at least lo" or "at most hi", `lo·m ≤ n[g] ≤ min(hi, M)·m` (M the
//!   blockers with a pair to g) and `y[b,g] ≤ m` for a blocker of several; with only "is
//!   blocked" requirements, `m ≤ n[g]`. The blocks are dealt to m members in turn, so each
//!   gets between lo and hi and no blocker blocks one twice; every declaration is such a
//!   dealing, so the classes lose none (tests/it/block_differential.rs checks it against the
//!   exhaustive checker on attackers in copies). On a combat of tokens of a few kinds this is
//!   the difference between 780,245 variables and 9,259 (benches/RESULTS.md).
//! * Restrictions (509.1b): "not alone" `u[b] ≤ Σ_{b'≠b} u[b']`; "all or none" (an attacker
//!   alone in its class) with `z ∈ {0,1}`: `y[b,a] = z` for every listed blocker, `y[b,a] ≤ z`
//!   for the others, and `z = 0` when a listed blocker has no variable for a (it can't block
//!   a, so a is not blocked).
//! * Requirements that count (509.1c): "b blocks" is `u[b]`, "b blocks a" is `y[b,a]` (0 with
//!   no variable), "a is blocked" counts `m[g]` per requirement of each member, "a is blocked
//!   by exactly one" `r ≤ n[a]`, `n[a] ≤ 1 + (M − 1)(1 − r)`, `r ∈ {0,1}`. `obeyed` is their
//!   sum.
//! * The witness: `e[b] ∈ {0,1}` when b's blocks can equal `prefer`'s: `e[b] ≤ y[b,a]` for a
//!   in `prefer[b]` (each alone in its class); for b's other pairs one row `Σ y[b,g] ≤ k·(1 −
//!   e[b])` (k = min(capacity, their attackers)), and `y[b,g] ≤ top·(1 − e[b])` each too when
//!   k > 1. The objective is
//!   `(E + 1)·obeyed + Σ e[b]` (E the number of `e`): most requirements first, then the fewest
//!   blockers changed, in one program. (Two solves, the maximum then the closest at that
//!   maximum, would each need the cost cuts below; one weighted program needs them once.)
//!
//! # Costs: a lazy cut loop
//!
//! Whether the costs incurred can be paid is an oracle ([`Payability`]), and it is monotone: a
//! payable set's subsets are payable (`crate::legality::blocks::cost`). The program is solved
//! without it; when the solution's incurred instances can't be paid, a minimal set S of its
//! blockers whose instances together can't be paid is found (dropping blockers while the rest
//! stays unpayable) and cut off: `Σ_{b∈S} u[b] ≤ |S| − 1`. Every declaration the cut removes
//! has all of S block, so incurs S's instances and more, and can't be paid (monotonicity): no
//! payable declaration is lost, and the optimum of the first payable solution is the maximum.
//! Each cut removes the solution found, so the loop ends; the deadline bounds it.
//!
//! # Solve (`crate::solve::blocks`)
//!
//! The same program, every cost instance allowed, with the row `obeyed ≥ m_free` and the
//! objective levels of a defender's goal (`goal`, `less_mana`, `fewer_blocks`): the goal alone
//! first (its answer is proven early), then the three as one weighted objective (`tie_breaks`:
//! a step of each level outweighs every step of the next) without a row pinning the goal's
//! optimum, which made microlp search for a first solution at all (an 8-player combat of 2,500
//! attackers: fewest blocks unproven in 5.8 s, now all three proven in 2.5 s); where the
//! weights could pass 2^31, level by level, each with the previous optimum as a row. Constant
//! levels (least mana without costs to block) are left out. The cost cuts above, and under
//! "paid" the bar cuts (`bar_cut`), keep every legal declaration and remove the answer that
//! broke them, so they carry over from level to level.
//!
//! # Never wrong silently
//!
//! The solution is rounded, rebuilt as an assignment and re-checked with the rules code
//! (allowed pairs and capacity, [`BlockRules::respects_restrictions`], allowed cost instances,
//! [`Payability::payable`], [`BlockRules::obeyed`] equal to the program's count); a program not
//! proven optimal is a time limit, never an answer.

mod enumerate;

use super::kills::{self, KillPattern};
use super::program::Program;
use super::vars::{variable, Vars};
use super::{Call, Found, Ilp, Optimality, Values};
use crate::deadline::Deadline;
use crate::legality::blocks::{allowed_costs, BlockMaximizer, BlockMaximum, Payability};
use crate::legality::{Baseline, Proof, SolveError};
use crate::rules::block_goal::{block_count, BlockGoal, CombatStats};
use crate::rules::block_parts::BlockPart;
use crate::rules::blocks::{BlockAssignment, BlockRequirementKind, BlockRestrictionKind, BlockRules};
use crate::vocab::symbol::mana_value;
pub use enumerate::BlockList;
use good_lp::{constraint, Constraint, Expression, Variable};
use std::collections::HashMap;

/// A value this far from an integer is not read as one: microlp's values of integer columns
/// are integers up to its tolerance.
const INTEGRAL: f64 = 1e-5;

/// The attackers as the program sees them: classes of interchangeable attackers. Two
/// attackers are interchangeable when every blocker here may block both or neither, each
/// carries the same "none or at least N" and "at most N" restrictions (CR 509.1b) and the
/// same number of "is blocked" requirements (509.1c), and nothing names either one alone (an
/// "all or none" restriction, "blocks it" or "blocked by exactly one" requirements, a pair of
/// the preferred declaration). A class of k attackers is one count per blocker, not k 0-1
/// variables: on a combat of tokens of a few kinds, 780,245 variables become about 12,000.
struct Classes {
    /// Per attacker, its class.
    of: Vec<usize>,
    /// Per class, its attackers, ascending.
    members: Vec<Vec<usize>>,
    /// Per class, the fewest blockers of a blocked member: 1, or N of "none or at least N".
    lo: Vec<usize>,
    /// Per class, the most blockers of a member ("at most N"; `usize::MAX` without one).
    hi: Vec<usize>,
    /// Per class, each member's counting "is blocked" requirements.
    blocked: Vec<usize>,
    /// Per class of several members under [`Grouping::ByKills`], its members' toughness and
    /// kill patterns (`crate::ilp::kills`).
    kill: Vec<Option<(i64, Vec<KillPattern>)>>,
    /// Under [`Grouping::ByKills`], per blocker, the damage it deals.
    damage: Vec<i64>,
}

/// Which attackers the program may put in one class.
#[derive(Clone, Copy)]
enum Grouping<'a> {
    /// None: each attacker is its own class (a solve's objective tells attackers apart).
    Single,
    /// The interchangeable ones, but every attacker of this declaration alone (the witness
    /// is measured against its pairs).
    Except(&'a BlockAssignment),
    /// The interchangeable ones that deal the same damage: a solve for damage prevented,
    /// losses, or no objective, tells attackers apart by their damage only.
    ByDamage(&'a CombatStats),
    /// The interchangeable ones with the same toughness, whose blockers block one attacker at
    /// most and whose ways of being killed are few (`crate::ilp::kills`): a solve for kills.
    ByKills(&'a CombatStats),
}

impl Classes {
    /// The classes of `rules`' attackers; `blockers_of[a]`: the blockers with a pair to a,
    /// ascending.
    fn new(rules: &BlockRules, blockers_of: &[Vec<usize>], grouping: Grouping) -> Classes {
        let n = rules.attackers.len();
        let (mut lo, mut hi, mut blocked) = (vec![1usize; n], vec![usize::MAX; n], vec![0usize; n]);
        let mut alone = vec![matches!(grouping, Grouping::Single); n];
        for r in &rules.restrictions {
            match r.kind {
                BlockRestrictionKind::AtLeast { attacker, count } => lo[attacker] = lo[attacker].max(count),
                BlockRestrictionKind::AtMost { attacker, count } => hi[attacker] = hi[attacker].min(count),
                BlockRestrictionKind::AllOrNone { attacker, .. } => alone[attacker] = true,
                BlockRestrictionKind::Pairs { .. } | BlockRestrictionKind::NotAlone { .. } | BlockRestrictionKind::MaxBlockers { .. } => {}
            }
        }
        for r in rules.requirements.iter().filter(|r| r.counts) {
            match r.kind {
                BlockRequirementKind::Blocked { attacker } => blocked[attacker] += 1,
                BlockRequirementKind::BlocksAttacker { attacker, .. } | BlockRequirementKind::BlockedByExactlyOne { attacker } => {
                    alone[attacker] = true
                }
                BlockRequirementKind::Blocks { .. } => {}
            }
        }
        if let Grouping::Except(prefer) = grouping {
            for &a in prefer.iter().flatten() {
                if let Some(x) = alone.get_mut(a) {
                    *x = true;
                }
            }
        }
        // Under ByKills, an attacker joins a class only with its kill patterns (per toughness
        // and blockers, found once): else it is alone, with the per-attacker rows.
        let mut kill: Vec<Option<usize>> = vec![None; n];
        let mut sets: Vec<(i64, Vec<KillPattern>)> = vec![];
        if let Grouping::ByKills(stats) = grouping {
            let mut seen: HashMap<(&[usize], i64, usize), Option<usize>> = HashMap::new();
            for a in 0..n {
                if alone[a] {
                    continue;
                }
                let (bs, t) = (blockers_of[a].as_slice(), stats.attacker_toughness.get(a).copied().unwrap_or(0));
                let longest = hi[a].min(bs.len());
                kill[a] = *seen.entry((bs, t, longest)).or_insert_with(|| {
                    if bs.iter().any(|&b| rules.blockers[b].capacity > 1) {
                        return None;
                    }
                    let values: Vec<i64> = bs.iter().map(|&b| stats.blocker_damage.get(b).copied().unwrap_or(0)).collect();
                    let found = kills::patterns(t, &values, longest)?;
                    sets.push((t, found));
                    Some(sets.len() - 1)
                });
                alone[a] = kill[a].is_none();
            }
        }
        let mut classes =
            Classes { of: Vec::with_capacity(n), members: vec![], lo: vec![], hi: vec![], blocked: vec![], kill: vec![], damage: vec![] };
        let measure = |a: usize| match grouping {
            Grouping::ByDamage(stats) => stats.attacker_damage.get(a).copied().unwrap_or(0),
            Grouping::ByKills(stats) => stats.attacker_toughness.get(a).copied().unwrap_or(0),
            Grouping::Single | Grouping::Except(_) => 0,
        };
        let mut seen: HashMap<(&[usize], usize, usize, usize, i64), usize> = HashMap::new();
        for a in 0..n {
            let next = classes.members.len();
            let g = if alone[a] { next } else { *seen.entry((&blockers_of[a], lo[a], hi[a], blocked[a], measure(a))).or_insert(next) };
            if g == next {
                classes.members.push(vec![]);
                classes.lo.push(lo[a]);
                classes.hi.push(hi[a]);
                classes.blocked.push(blocked[a]);
                classes.kill.push(kill[a].and_then(|i| sets.get(i).cloned()));
            }
            classes.members[g].push(a);
            classes.of.push(g);
        }
        // A class of one keeps the per-attacker rows, which are exact and tighter.
        for (g, members) in classes.members.iter().enumerate() {
            if members.len() == 1 {
                classes.kill[g] = None;
            }
        }
        if let Grouping::ByKills(stats) = grouping {
            classes.damage = stats.blocker_damage.clone();
        }
        classes
    }
}

/// The program of one block maximum, before its cost cuts.
struct BlockProgram {
    vars: Vars,
    rows: Vec<Constraint>,
    /// `(E + 1)·obeyed + Σ e[b]`.
    objective: Expression,
    /// The requirements obeyed.
    obeyed: Expression,
    classes: Classes,
    /// Per blocker, its pairs, by class ascending: (class, `y[b,g]`, its upper bound).
    y: Vec<Vec<(usize, Variable, usize)>>,
    /// Per class, its pairs, by blocker ascending: (blocker, `y[b,g]`, its upper bound).
    by: Vec<Vec<(usize, Variable, usize)>>,
    /// Per class, `m[g]`, its members blocked, where a restriction or requirement counts them.
    m: Vec<Option<Variable>>,
    /// Per class, whether `m[g]` is exact (bounded by "at least" and "at most" rows), not only
    /// at most the members blocked (see [`BlockProgram::assignment`]).
    tight: Vec<bool>,
    /// Per blocker, `u[b]`; None for a blocker that may not block here.
    u: Vec<Option<Variable>>,
    /// Per blocker, the most attackers it can block here: `min(capacity, |pairs|)`.
    most: Vec<usize>,
    /// Per class with kill patterns, under the `kills` goal: `z[p]`, its members killed by
    /// pattern p (`crate::ilp::kills`); empty otherwise.
    kill_z: Vec<Vec<Variable>>,
    /// Per blocker, the blockers its variables stand for: itself, or under a goal's grouping
    /// the class of blockers it represents (`blocker_classes`); empty for the other members of
    /// a class, which have no variables.
    twins: Vec<Vec<usize>>,
    /// Under [`Grouping::Single`], the classes of blockers interchangeable for legality (of
    /// two or more; `blocker_classes` without numbers).
    swaps: Vec<Vec<usize>>,
    /// Under [`Grouping::Single`], the classes of interchangeable attackers (of two or more).
    attacker_swaps: Vec<Vec<usize>>,
}

/// A 0-1 variable.
fn binary(vars: &mut Vars) -> Variable {
    vars.add(variable().binary())
}

/// An integer variable in `0..=top` (0-1 when `top` is 1).
fn count(vars: &mut Vars, top: usize) -> Variable {
    vars.add(variable().integer().min(0.0).max(top as f64))
}

/// Per blocker, the blockers its variables stand for (see [`BlockProgram::twins`]). Under a
/// goal's grouping ([`Grouping::ByDamage`], [`Grouping::ByKills`]), blockers that block one
/// attacker at most, may block the same attackers (`lists`), deal the same damage, have the
/// same toughness and as many counting "blocks if able" requirements (CR 509.1c), and that
/// nothing names alone (no cost to block, "can't block alone", "all or none", "blocks a"), are
/// one class: the first stands for all, the others are empty. A solve's objective counts their
/// blocks, not which of them blocks; the same tokens as one count each spare the search their
/// permutations (an 8-player combat of 2,500 attackers: 1,000 or so blockers per kind).
/// Elsewhere each blocker stands for itself.
///
/// With `stats` None, the blockers interchangeable for legality alone (damage and toughness
/// aside): an enumeration's swaps (`Lister`).
fn blocker_classes(rules: &BlockRules, lists: &[Vec<usize>], stats: Option<&CombatStats>) -> Vec<Vec<usize>> {
    let n = lists.len();
    let number = |v: Option<&Vec<i64>>, b: usize| v.and_then(|v| v.get(b)).copied().unwrap_or(0);
    let mut named = vec![false; n];
    let mut blocks = vec![0usize; n];
    let mut name = |b: usize| {
        if let Some(x) = named.get_mut(b) {
            *x = true;
        }
    };
    for c in &rules.costs {
        name(c.blocker);
    }
    for r in &rules.restrictions {
        match &r.kind {
            BlockRestrictionKind::NotAlone { blocker, .. } => name(*blocker),
            BlockRestrictionKind::AllOrNone { blockers, .. } => blockers.iter().for_each(|&b| name(b)),
            BlockRestrictionKind::Pairs { .. }
            | BlockRestrictionKind::AtLeast { .. }
            | BlockRestrictionKind::AtMost { .. }
            | BlockRestrictionKind::MaxBlockers { .. } => {}
        }
    }
    for r in rules.requirements.iter().filter(|r| r.counts) {
        match r.kind {
            BlockRequirementKind::Blocks { blocker } => {
                if let Some(x) = blocks.get_mut(blocker) {
                    *x += 1;
                }
            }
            BlockRequirementKind::BlocksAttacker { blocker, .. } => name(blocker),
            BlockRequirementKind::Blocked { .. } | BlockRequirementKind::BlockedByExactlyOne { .. } => {}
        }
    }
    let mut twins: Vec<Vec<usize>> = vec![vec![]; n];
    let mut seen: HashMap<(&[usize], i64, i64, usize, usize), usize> = HashMap::new();
    for b in 0..n {
        let alone = named[b] || lists[b].is_empty() || rules.blockers[b].capacity != 1;
        let key = (
            lists[b].as_slice(),
            number(stats.map(|s| &s.blocker_damage), b),
            number(stats.map(|s| &s.blocker_toughness), b),
            blocks[b],
            rules.blockers[b].side,
        );
        let first = if alone { b } else { *seen.entry(key).or_insert(b) };
        twins[first].push(b);
    }
    twins
}

fn sum<I: IntoIterator<Item = Variable>>(vs: I) -> Expression {
    vs.into_iter().map(Expression::from).sum()
}

impl BlockProgram {
    /// The variables `y`, `u`, `m` and the rows of capacity and of counts per class.
    fn new(rules: &BlockRules, allowed_costs: &[bool], grouping: Grouping) -> Result<BlockProgram, SolveError> {
        let n = rules.attackers.len();
        // A blocker with a cost instance not allowed may only not block (as in the exhaustive
        // checker's choices).
        let mut costly = vec![false; rules.blockers.len()];
        for (k, c) in rules.costs.iter().enumerate() {
            if !allowed_costs.get(k).copied().unwrap_or(false) {
                if let Some(x) = costly.get_mut(c.blocker) {
                    *x = true;
                }
            }
        }
        // The banned pairs once, not a search of every restriction per pair.
        let banned = rules.banned_by_blocker();
        let mut lists: Vec<Vec<usize>> = Vec::with_capacity(rules.blockers.len());
        let mut blockers_of: Vec<Vec<usize>> = vec![vec![]; n];
        for (b, blocker) in rules.blockers.iter().enumerate() {
            let mut attackers: Vec<usize> = blocker.allowed.iter().copied().filter(|a| banned[b].binary_search(a).is_err()).collect();
            attackers.sort_unstable();
            attackers.dedup();
            if let Some(&a) = attackers.iter().find(|&&a| a >= n) {
                return Err(SolveError::Internal(format!("blocker {b} is allowed attacker {a}, which does not exist")));
            }
            if costly[b] || blocker.ineligible.is_some() {
                attackers.clear();
            }
            for &a in &attackers {
                blockers_of[a].push(b);
            }
            lists.push(attackers);
        }
        let classes = Classes::new(rules, &blockers_of, grouping);
        // For an enumeration: the attackers a listed declaration may swap for others.
        let attacker_swaps: Vec<Vec<usize>> = match grouping {
            Grouping::Single => Classes::new(rules, &blockers_of, Grouping::Except(&vec![])).members.into_iter().filter(|m| m.len() > 1).collect(),
            _ => vec![],
        };
        drop(blockers_of);
        let twins = match grouping {
            Grouping::ByDamage(stats) | Grouping::ByKills(stats) => blocker_classes(rules, &lists, Some(stats)),
            Grouping::Single | Grouping::Except(_) => (0..lists.len()).map(|b| vec![b]).collect(),
        };
        // For an enumeration (every blocker its own variables): the blockers a listed
        // declaration may swap for others.
        let swaps = match grouping {
            Grouping::Single => blocker_classes(rules, &lists, None).into_iter().filter(|c| c.len() > 1).collect(),
            _ => vec![],
        };
        let mut vars = Vars::new();
        let mut rows = Vec::new();
        let (mut y, mut u, mut most) = (Vec::with_capacity(lists.len()), Vec::with_capacity(lists.len()), Vec::with_capacity(lists.len()));
        let mut by: Vec<Vec<(usize, Variable, usize)>> = vec![vec![]; classes.members.len()];
        for (b, attackers) in lists.iter().enumerate() {
            let copies = twins[b].len();
            if attackers.is_empty() || copies == 0 {
                y.push(vec![]);
                u.push(None);
                most.push(0);
                continue;
            }
            // Every member of a class has the same blockers: b may block all of its class's.
            let mut mine: Vec<usize> = attackers.iter().map(|&a| classes.of[a]).collect();
            mine.sort_unstable();
            mine.dedup();
            // CR 509.1a: no more attackers than it can block.
            let cap = rules.blockers[b].capacity.min(attackers.len());
            // A class of c blockers (each of capacity 1): u[b] ∈ 0..=c of them block, y[b,g] ≤
            // c blocks in class g, one per blocker.
            let ub = count(&mut vars, copies);
            let ys: Vec<(usize, Variable, usize)> = mine
                .iter()
                .map(|&g| {
                    let top = if copies > 1 { copies } else { classes.members[g].len().min(cap) };
                    (g, count(&mut vars, top), top)
                })
                .collect();
            rows.push(constraint::leq(sum(ys.iter().map(|&(_, v, _)| v)), ub * cap as f64));
            rows.push(constraint::leq(Expression::from(ub), sum(ys.iter().map(|&(_, v, _)| v))));
            if cap > 1 {
                rows.extend(ys.iter().map(|&(_, v, top)| constraint::leq(Expression::from(v), ub * top as f64)));
            }
            for &(g, v, top) in &ys {
                by[g].push((b, v, top));
            }
            y.push(ys);
            u.push(Some(ub));
            most.push(cap);
        }
        let mut p = BlockProgram {
            vars,
            rows,
            objective: Expression::default(),
            obeyed: Expression::default(),
            classes,
            y,
            by,
            m: vec![],
            tight: vec![],
            u,
            most,
            kill_z: vec![],
            twins,
            swaps,
            attacker_swaps,
        };
        p.counts();
        Ok(p)
    }

    /// Per class g of k attackers with M blockers that may block them, `m[g] ∈ 0..=k` where
    /// something counts its members blocked. With "none or at least lo" or "at most hi"
    /// (CR 509.1b): `lo·m ≤ Σ_b y[b,g] ≤ min(hi, M)·m`, and `y[b,g] ≤ m` for a blocker of
    /// several; then the blocks can be dealt to m members, each between lo and hi, every
    /// blocker's to distinct members (dealt in turn, the members' blockers differ by at most
    /// one), and every declaration is such a dealing. With only "is blocked" requirements,
    /// `m ≤ Σ_b y[b,g]`: at most the members blocked, which the maximum makes exact.
    fn counts(&mut self) {
        for g in 0..self.classes.members.len() {
            let ys = &self.by[g];
            let k = self.classes.members[g].len();
            let most = self.blockers_each(g);
            let (lo, hi, blocked) = (self.classes.lo[g], self.classes.hi[g].min(most), self.classes.blocked[g]);
            let tight = lo > 1 || hi < most;
            if ys.is_empty() || (!tight && blocked == 0) {
                self.m.push(None);
                self.tight.push(false);
                continue;
            }
            let m = count(&mut self.vars, k);
            let total = sum(ys.iter().map(|&(_, v, _)| v));
            self.rows.push(constraint::leq(m * lo as f64, total.clone()));
            if tight {
                self.rows.push(constraint::leq(total, m * hi as f64));
                if k > 1 {
                    // A blocker of several blocks each member once at most (blockers in a class
                    // of blockers are each one block).
                    let most = &self.most;
                    self.rows
                        .extend(ys.iter().filter(|&&(b, _, top)| top > 1 && most[b] > 1).map(|&(_, v, _)| constraint::leq(Expression::from(v), m)));
                }
            }
            self.m.push(Some(m));
            self.tight.push(tight);
        }
    }

    /// The most blockers one member of class g can have: its blockers, a class of blockers
    /// counting its members.
    fn blockers_each(&self, g: usize) -> usize {
        self.by[g].iter().map(|&(b, _, top)| if self.twins[b].len() > 1 { top } else { 1 }).sum()
    }

    /// `y[b,a]`, if it is a variable: the pair's class count, for an attacker alone in its class.
    fn pair(&self, b: usize, a: usize) -> Option<Variable> {
        let g = *self.classes.of.get(a)?;
        let ys = self.y.get(b)?;
        ys.binary_search_by_key(&g, |&(g, _, _)| g).ok().map(|i| ys[i].1)
    }

    /// `Σ_b y[b,g]` for attacker a's class: its blockers when it is alone in it.
    fn blockers(&self, a: usize) -> &[(usize, Variable, usize)] {
        self.classes.of.get(a).map_or(&[][..], |&g| self.by[g].as_slice())
    }

    /// The restriction rows (CR 509.1b) that are not counts per class.
    fn restrictions(&mut self, rules: &BlockRules) {
        for r in &rules.restrictions {
            match &r.kind {
                // Banned pairs are no variables; "at least" and "at most" are in `counts`.
                BlockRestrictionKind::Pairs { .. } | BlockRestrictionKind::AtLeast { .. } | BlockRestrictionKind::AtMost { .. } => {}
                // others·u[b] ≤ Σ_{b'≠b, same side} u[b'] (CR 802.4b: other sides' blockers
                // are ignored).
                BlockRestrictionKind::NotAlone { blocker, others } => {
                    let Some(Some(ub)) = self.u.get(*blocker).copied() else { continue };
                    let side = rules.blockers[*blocker].side;
                    let rest =
                        sum(self.u.iter().enumerate().filter(|&(b, _)| b != *blocker && rules.blockers[b].side == side).filter_map(|(_, v)| *v));
                    self.rows.push(constraint::leq(ub * *others as f64, rest));
                }
                // Σ_{b of side} u[b] ≤ count.
                BlockRestrictionKind::MaxBlockers { count, side } => {
                    let of_side = self.u.iter().enumerate().filter(|&(b, _)| rules.blockers[b].side == *side).filter_map(|(_, v)| *v);
                    self.rows.push(constraint::leq(sum(of_side), *count as f64));
                }
                BlockRestrictionKind::AllOrNone { attacker, blockers } => {
                    // The attacker is alone in its class.
                    let (a, ys) = (*attacker, self.blockers(*attacker).to_vec());
                    if blockers.is_empty() || ys.is_empty() {
                        continue;
                    }
                    // A listed blocker that can't block a here leaves a unblocked.
                    if blockers.iter().any(|&b| self.pair(b, a).is_none()) {
                        self.rows.extend(ys.iter().map(|&(_, v, _)| constraint::leq(Expression::from(v), 0.0)));
                        continue;
                    }
                    let z = binary(&mut self.vars);
                    for &(b, v, top) in &ys {
                        if blockers.binary_search(&b).is_ok() {
                            self.rows.push(constraint::eq(Expression::from(v), z));
                        } else {
                            // A class of blockers: up to `top` of them.
                            self.rows.push(constraint::leq(Expression::from(v), z * top as f64));
                        }
                    }
                }
            }
        }
    }

    /// `obeyed`, the sum of the requirements that count (CR 509.1c): "is blocked" as each
    /// class's `m` times its members' requirements; "blocked by exactly one" one variable per
    /// attacker however many effects ask it.
    fn requirements(&mut self, rules: &BlockRules) {
        let mut exactly: HashMap<usize, Option<Variable>> = HashMap::new();
        let mut obeyed = Expression::default();
        for r in rules.requirements.iter().filter(|r| r.counts) {
            let term = match r.kind {
                // A class of blockers: its first one's u (how many of them block) once per
                // requirement of each, as each of them has as many (`blocker_classes`).
                BlockRequirementKind::Blocks { blocker } => self.u.get(blocker).copied().flatten().filter(|_| !self.twins[blocker].is_empty()),
                BlockRequirementKind::BlocksAttacker { blocker, attacker } => self.pair(blocker, attacker),
                BlockRequirementKind::Blocked { .. } => None,
                BlockRequirementKind::BlockedByExactlyOne { attacker } => {
                    let ys: Vec<Variable> = self.blockers(attacker).iter().map(|&(_, v, _)| v).collect();
                    *exactly.entry(attacker).or_insert_with(|| {
                        if ys.is_empty() {
                            return None;
                        }
                        let r = binary(&mut self.vars);
                        let n = sum(ys.iter().copied());
                        self.rows.push(constraint::leq(Expression::from(r), n.clone()));
                        let most = self.classes.of.get(attacker).map_or(0, |&g| self.blockers_each(g));
                        if most > 1 {
                            // n ≤ 1 + (M − 1)(1 − r).
                            let slack = (most - 1) as f64;
                            self.rows.push(constraint::leq(n + r * slack, 1.0 + slack));
                        }
                        Some(r)
                    })
                }
            };
            if let Some(v) = term {
                obeyed += v;
            }
        }
        for (g, m) in self.m.iter().enumerate() {
            if let (Some(m), blocked) = (m, self.classes.blocked[g]) {
                if blocked > 0 {
                    obeyed.add_mul(blocked as f64, *m);
                }
            }
        }
        self.obeyed = obeyed;
    }

    /// The objective: `obeyed` first, then the blockers whose blocks equal `prefer`'s.
    fn closeness(&mut self, prefer: &BlockAssignment) {
        let same = self.unchanged(prefer);
        let mut objective = self.obeyed.clone() * (same.len() + 1) as f64;
        objective += sum(same);
        self.objective = objective;
    }

    /// `e[b]` per blocker whose blocks can equal `prefer`'s (whose attackers are alone in their
    /// classes), 1 only where they do.
    fn unchanged(&mut self, prefer: &BlockAssignment) -> Vec<Variable> {
        let mut same = Vec::new();
        for b in 0..self.y.len() {
            let mut want: Vec<usize> = prefer.get(b).cloned().unwrap_or_default();
            want.sort_unstable();
            want.dedup();
            let wanted: Option<Vec<Variable>> = want.iter().map(|&a| self.pair(b, a)).collect();
            // A blocker that may not block here, or asked for a pair with no variable, is what
            // it is whatever the program does.
            let (ys, Some(wanted)) = (&self.y[b], wanted) else { continue };
            if ys.is_empty() {
                continue;
            }
            let want_classes: Vec<usize> = want.iter().map(|&a| self.classes.of[a]).collect();
            let others: Vec<(Variable, usize)> = ys.iter().filter(|(g, _, _)| !want_classes.contains(g)).map(|&(_, v, top)| (v, top)).collect();
            let attackers: usize = ys.iter().filter(|(g, _, _)| !want_classes.contains(g)).map(|&(g, _, _)| self.classes.members[g].len()).sum();
            let e = binary(&mut self.vars);
            self.rows.extend(wanted.iter().map(|&v| constraint::leq(Expression::from(e), v)));
            // e[b] = 1 blocks none of the others: as one row `Σ others ≤ most·(1 − e[b])`, whose
            // relaxation is far tighter than each pair's (a blocker of capacity 1 half on two
            // attackers would otherwise count as half unchanged), and each pair's row as well
            // when it can block several.
            let most = self.most[b].min(attackers);
            if most > 1 {
                self.rows.extend(others.iter().map(|&(v, top)| constraint::leq(e * top as f64 + v, top as f64)));
            }
            if most > 0 {
                self.rows.push(constraint::leq(sum(others.iter().map(|&(v, _)| v)) + e * most as f64, most as f64));
            }
            same.push(e);
        }
        same
    }

    /// The rounded assignment of a solution (`values` by column of `index`): each class's
    /// blocks dealt to its members in turn (see [`BlockProgram::counts`]).
    fn assignment(&self, values: &[f64], index: &HashMap<Variable, usize>) -> Result<BlockAssignment, SolveError> {
        let value = |v: &Variable, top: usize| -> Result<usize, SolveError> {
            let x = index.get(v).and_then(|&i| values.get(i)).copied().unwrap_or(f64::NAN);
            if (x - x.round()).abs() > INTEGRAL || !(-INTEGRAL..=top as f64 + INTEGRAL).contains(&x) {
                return Err(SolveError::Internal(format!("the block program returned {x} for a variable in 0..={top}")));
            }
            Ok(x.round() as usize)
        };
        let mut x: BlockAssignment = vec![vec![]; self.y.len()];
        // Per class of blockers, how many of its members have blocked so far.
        let mut used_twins = vec![0usize; self.y.len()];
        for (g, ys) in self.by.iter().enumerate() {
            let members = &self.classes.members[g];
            let mut counts: Vec<(usize, usize)> = Vec::with_capacity(ys.len());
            for &(b, v, top) in ys {
                let c = value(&v, top)?;
                if self.twins[b].len() <= 1 {
                    counts.push((b, c));
                    continue;
                }
                // A class of blockers' count: its next c members, one block each.
                let twins = self.twins[b].get(used_twins[b]..used_twins[b] + c);
                let twins = twins.ok_or_else(|| SolveError::Internal("the block program's count of a class of blockers passes its size".into()))?;
                counts.extend(twins.iter().map(|&t| (t, 1)));
                used_twins[b] += c;
            }
            let total: usize = counts.iter().map(|&(_, c)| c).sum();
            if total == 0 {
                continue;
            }
            if let (Some((t, patterns)), Some(zs)) = (&self.classes.kill[g], self.kill_z.get(g).filter(|zs| !zs.is_empty())) {
                // Each blocker here blocks one attacker at most: its count is 0 or 1.
                let blocks: Vec<(usize, i64)> = counts
                    .iter()
                    .filter(|&&(_, c)| c > 0)
                    .map(|&(b, _)| (b, self.classes.damage.get(b).copied().unwrap_or(0).clamp(0, *t)))
                    .collect();
                let used: Vec<usize> = zs.iter().map(|z| value(z, members.len())).collect::<Result<_, SolveError>>()?;
                let killed: usize = used.iter().sum();
                let spent: usize = patterns.iter().zip(&used).map(|(p, &z)| kills::size(p) * z).sum();
                let blocked = match (self.tight[g], self.m[g]) {
                    (true, Some(m)) => value(&m, members.len())?,
                    _ => members.len().min(killed + blocks.len().saturating_sub(spent)),
                };
                let dealt = kills::deal(&blocks, patterns, &used, members.len(), blocked, self.classes.lo[g], self.classes.hi[g])
                    .ok_or_else(|| SolveError::Internal("the block program's kills of a class of attackers can't be dealt to its members".into()))?;
                for (i, blockers) in dealt.into_iter().enumerate() {
                    for b in blockers {
                        x[b].push(members[i]);
                    }
                }
                continue;
            }
            let dealt = match (self.tight[g], self.m[g]) {
                (true, Some(m)) => value(&m, members.len())?,
                _ => members.len().min(total),
            };
            if dealt == 0 || counts.iter().any(|&(_, c)| c > dealt) {
                return Err(SolveError::Internal("the block program's counts of a class of attackers can't be dealt to its members".into()));
            }
            let mut next = 0;
            for (b, c) in counts {
                for _ in 0..c {
                    x[b].push(members[next]);
                    next = (next + 1) % dealt;
                }
            }
        }
        for blocks in &mut x {
            blocks.sort_unstable();
        }
        Ok(x)
    }
}

impl Ilp {
    /// The maximum of CR 509.1c by the integer program: see the module's documentation.
    fn block_program(
        &self,
        rules: &BlockRules,
        allowed_costs: &[bool],
        payable: &dyn Payability,
        prefer: &BlockAssignment,
    ) -> Result<BlockMaximum, SolveError> {
        let mut p = BlockProgram::new(rules, allowed_costs, Grouping::Except(prefer))?;
        p.restrictions(rules);
        p.requirements(rules);
        p.closeness(prefer);
        let mut cuts: Vec<Constraint> = Vec::new();
        loop {
            self.remaining()?;
            let program = Program::new(p.vars.clone(), p.objective.clone(), p.rows.clone(), cuts.clone());
            let index = program.index.clone();
            crate::debug::note(|| format!("block program: {} variables, {} rows", program.columns.len(), program.rows.len()));
            let raw = match self.solve_program(program)?.0 {
                Found::Solved(raw) => raw,
                Found::Infeasible => return Err(SolveError::Internal("the block program is infeasible, yet no block is a solution".into())),
                Found::CutShort { message, .. } => return Err(SolveError::TimeLimit(message)),
            };
            if raw.optimality != Optimality::Proven {
                return Err(SolveError::TimeLimit("the time limit ran out before the block program proved its optimum".into()));
            }
            let x = p.assignment(&raw.values, &index)?;
            // CR 509.1d: the costs it incurs, paid; else cut off every declaration incurring them.
            let incurred = rules.incurred(&x);
            if !payable.payable(&incurred)? {
                cuts.push(p.cost_cut(rules, &x, payable)?);
                continue;
            }
            let counted = p.obeyed.eval_with(&Values { values: raw.values, index });
            return verify(rules, allowed_costs, &x, counted, true).map(|value| BlockMaximum { value, witness: x, proof: Proof::IlpOptimal });
        }
    }
}

impl BlockProgram {
    /// The cut for a solution `x` whose costs can't be paid: a minimal set S of its blockers
    /// whose cost instances can't be paid together, `Σ_{b∈S} u[b] ≤ |S| − 1`. Exact because
    /// payability is monotone (see the module's documentation).
    fn cost_cut(&self, rules: &BlockRules, x: &BlockAssignment, payable: &dyn Payability) -> Result<Constraint, SolveError> {
        let instances = |set: &[usize]| -> Vec<usize> { (0..rules.costs.len()).filter(|&k| set.contains(&rules.costs[k].blocker)).collect() };
        let mut set: Vec<usize> = (0..x.len()).filter(|&b| !x[b].is_empty() && rules.costs.iter().any(|c| c.blocker == b)).collect();
        // One pass leaves it minimal: a blocker kept was needed in a larger set, so in this one.
        let mut i = 0;
        while i < set.len() {
            let mut fewer = set.clone();
            fewer.remove(i);
            if payable.payable(&instances(&fewer))? {
                i += 1;
            } else {
                set = fewer;
            }
        }
        if set.is_empty() {
            // Even no cost can't be paid: no declaration is, not even "no block".
            return Err(SolveError::Internal("no declaration of blockers obeys every restriction".into()));
        }
        let us: Option<Vec<Variable>> = set.iter().map(|&b| self.u.get(b).copied().flatten()).collect();
        let us = us.ok_or_else(|| SolveError::Internal("a blocker that blocks has no block variable".into()))?;
        Ok(constraint::leq(sum(us), (set.len() - 1) as f64))
    }
}

/// Re-check a rounded solution with the rules code (CR 509.1a-d) and return the requirements it
/// obeys, which must be the program's count (`exact`: a maximum, whose objective pushes every
/// count up), or at least it (a solve's level, whose objective may leave an "is blocked"
/// count below the attackers blocked).
fn verify(rules: &BlockRules, allowed_costs: &[bool], x: &BlockAssignment, counted: f64, exact: bool) -> Result<usize, SolveError> {
    let fits = x.iter().zip(&rules.blockers).all(|(blocks, b)| blocks.len() <= b.capacity && blocks.iter().all(|a| b.allowed.contains(a)));
    if !fits || !rules.respects_restrictions(x) {
        return Err(SolveError::Internal("the block program's declaration breaks a restriction".into()));
    }
    if rules.incurred(x).iter().any(|&k| !allowed_costs.get(k).copied().unwrap_or(false)) {
        return Err(SolveError::Internal("the block program's declaration incurs a cost it may not".into()));
    }
    let value = rules.obeyed(x);
    if counted > value as f64 + 0.5 || (exact && counted < value as f64 - 0.5) {
        return Err(SolveError::Internal(format!("the block program counts {counted} requirements obeyed but its declaration obeys {value}")));
    }
    Ok(value)
}

impl BlockMaximizer for Ilp {
    /// The integer program over the block rules, within the earlier of `deadline` and the
    /// method's own; the call's other settings (a known bound, keeping an incumbent) are the
    /// attack searches' and do not apply.
    fn block_maximum(
        &self,
        rules: &BlockRules,
        allowed_costs: &[bool],
        payable: &dyn Payability,
        prefer: &BlockAssignment,
        deadline: Deadline,
    ) -> Result<BlockMaximum, SolveError> {
        let ilp = Ilp { call: Call { deadline: self.call.deadline.earlier(deadline), ..Call::default() }, ..*self };
        ilp.block_program(rules, allowed_costs, payable, prefer)
    }
}

/// The objective terms of a block solve (`crate::solve::blocks`), over the program's
/// variables: each an expression and whether the program maximizes it.
impl BlockProgram {
    /// `blocked[a] ∈ {0,1}` with `blocked[a] ≤ n[a]`: at most "a is blocked", and exactly that
    /// where the objective rewards it. None for an attacker no blocker can block.
    fn blocked(&mut self, a: usize) -> Option<Variable> {
        let ys: Vec<Variable> = self.blockers(a).iter().map(|&(_, v, _)| v).collect();
        if ys.is_empty() {
            return None;
        }
        let v = binary(&mut self.vars);
        self.rows.push(constraint::leq(Expression::from(v), sum(ys)));
        Some(v)
    }

    /// The goal's expression (to maximize; `losses` negated): see `crate::solve::blocks`. The
    /// program is built with [`Grouping::ByDamage`] for `none`, `prevented` and `losses` (a
    /// class's members deal the same damage), with [`Grouping::ByKills`] for `kills` (a class's
    /// kills are counted by its kill patterns, `crate::ilp::kills`).
    fn goal(&mut self, stats: &CombatStats, goal: BlockGoal) -> Expression {
        let mut e = Expression::default();
        match goal {
            BlockGoal::None => {}
            // CR 510.1c: a blocked attacker deals its damage to its blockers only. Per class of
            // k members dealing p each, p times its members blocked: `m[g]` where it is exact
            // (the blocks are dealt to m members), else `v ≤ min(k, Σ_b y[b,g])` (they are dealt
            // to min(k, Σ) members, which v reaches at the optimum).
            BlockGoal::Prevented => {
                for g in 0..self.classes.members.len() {
                    let (members, ys) = (&self.classes.members[g], &self.by[g]);
                    let p = stats.attacker_damage.get(members[0]).copied().unwrap_or(0);
                    if p <= 0 || ys.is_empty() {
                        continue;
                    }
                    let v = match (self.tight[g], self.m[g]) {
                        (true, Some(m)) => m,
                        _ => {
                            let v = count(&mut self.vars, members.len());
                            let total = sum(ys.iter().map(|&(_, y, _)| y));
                            self.rows.push(constraint::leq(Expression::from(v), total));
                            v
                        }
                    };
                    e.add_mul(p as f64, v);
                }
            }
            // Killed: per class with kill patterns (`crate::ilp::kills`), `Σ_p z[p]` with
            // `Σ_p count(p, v)·z[p] ≤ Σ_{b of value v} y[b,g]` per value, `Σ_p z[p] ≤ k`, and
            // where `m[g]` counts its members blocked, `Σ_p z[p] ≤ m[g]` and `Σ_p (max(|p|, lo)
            // − lo)·z[p] + lo·m[g] ≤ n[g]`: the killed and the other blocked members each get
            // their blocks. Per attacker alone in its class, `kill_alone`.
            BlockGoal::Kills => {
                self.kill_z = vec![vec![]; self.classes.members.len()];
                for g in 0..self.classes.members.len() {
                    match self.classes.kill[g].clone() {
                        Some((t, patterns)) => e += self.kill_class(g, t, &patterns),
                        None => {
                            for a in self.classes.members[g].clone() {
                                if let Some(k) = self.kill_alone(stats, a) {
                                    e += k;
                                }
                            }
                        }
                    }
                }
            }
            // Lost (minimized): `dealt[b] − (toughness − 1)·u[b] ≤ M·l[b]`, M the most the
            // left side can be; 0 unless b blocks and is dealt at least its toughness.
            BlockGoal::Losses => {
                for b in 0..self.y.len() {
                    let Some(ub) = self.u[b] else { continue };
                    let t = stats.blocker_toughness[b];
                    let attacker = |g: usize| self.classes.members[g][0];
                    if self.twins[b].len() > 1 {
                        // A class of blockers, each blocking one attacker: those blocking one
                        // dealing at least their toughness are lost.
                        for &(g, y, _) in &self.y[b] {
                            if stats.attacker_damage[attacker(g)] >= t {
                                e.add_mul(-1.0, y);
                            }
                        }
                        continue;
                    }
                    let most: i64 = self.y[b].iter().map(|&(g, _, top)| stats.attacker_damage[attacker(g)] * top as i64).sum();
                    if t > most {
                        continue;
                    }
                    let mut lhs = Expression::default();
                    for &(g, y, _) in &self.y[b] {
                        lhs.add_mul(stats.attacker_damage[attacker(g)] as f64, y);
                    }
                    lhs.add_mul(-((t - 1) as f64), ub);
                    let l = binary(&mut self.vars);
                    self.rows.push(constraint::leq(lhs, l * (most - t + 1) as f64));
                    e.add_mul(-1.0, l);
                }
            }
        }
        e
    }

    /// A class's kills by its patterns (see [`BlockProgram::goal`]): `Σ_p z[p]`.
    fn kill_class(&mut self, g: usize, t: i64, patterns: &[KillPattern]) -> Expression {
        let k = self.classes.members[g].len();
        let zs: Vec<Variable> = patterns.iter().map(|_| count(&mut self.vars, k)).collect();
        let mut values: Vec<i64> = patterns.iter().flatten().map(|&(v, _)| v).collect();
        values.sort_unstable();
        values.dedup();
        for v in values {
            let mut used = Expression::default();
            for (p, &z) in patterns.iter().zip(&zs) {
                if let Some(&(_, c)) = p.iter().find(|&&(w, _)| w == v) {
                    used.add_mul(c as f64, z);
                }
            }
            let of_value = self.by[g].iter().filter(|&&(b, _, _)| self.classes.damage.get(b).copied().unwrap_or(0).clamp(0, t) == v);
            self.rows.push(constraint::leq(used, sum(of_value.map(|&(_, y, _)| y))));
        }
        let killed = sum(zs.iter().copied());
        self.rows.push(constraint::leq(killed.clone(), k as f64));
        if let Some(m) = self.m[g] {
            let lo = self.classes.lo[g];
            self.rows.push(constraint::leq(killed.clone(), m));
            let mut needed = Expression::from(m) * lo as f64;
            for (p, &z) in patterns.iter().zip(&zs) {
                needed.add_mul(kills::size(p).max(lo).saturating_sub(lo) as f64, z);
            }
            self.rows.push(constraint::leq(needed, sum(self.by[g].iter().map(|&(_, y, _)| y))));
        }
        self.kill_z[g] = zs;
        killed
    }

    /// Attacker a killed, a alone in its class: `k[a]` blocked, and `toughness·k[a] ≤ Σ_b
    /// min(damage[b], toughness)·y[b,a]` (a blocker dealing more than the toughness counts as
    /// dealing it: the same declarations, a tighter relaxation), and `need·k[a] ≤ Σ_b y[b,a]`,
    /// need the fewest of its blockers whose damage reaches the toughness (the largest
    /// first): a kill takes at least that many, which bounds the fewest blocks. None when no
    /// blocker can block it.
    fn kill_alone(&mut self, stats: &CombatStats, a: usize) -> Option<Variable> {
        let t = stats.attacker_toughness[a];
        let k = self.blocked(a)?;
        if t > 0 {
            let mut dealt = Expression::default();
            let mut damage: Vec<i64> = Vec::with_capacity(self.blockers(a).len());
            for &(b, y, top) in self.blockers(a) {
                dealt.add_mul(stats.blocker_damage[b].min(t) as f64, y);
                // A class of blockers is up to `top` of them.
                let copies = if self.twins[b].len() > 1 { top } else { 1 };
                damage.extend(std::iter::repeat_n(stats.blocker_damage[b].min(t), copies));
            }
            self.rows.push(constraint::leq(k * t as f64, dealt));
            damage.sort_unstable_by(|x, y| y.cmp(x));
            let mut total = 0i64;
            let need = damage.iter().position(|&d| {
                total = total.saturating_add(d);
                total >= t
            });
            match need {
                // No set of its blockers kills it.
                None => self.rows.push(constraint::leq(Expression::from(k), 0.0)),
                Some(i) if i > 0 => {
                    let ys = sum(self.blockers(a).iter().map(|&(_, y, _)| y));
                    self.rows.push(constraint::leq(k * (i + 1) as f64, ys));
                }
                Some(_) => {}
            }
        }
        Some(k)
    }

    /// Least mana value of the costs to block incurred, as an expression to maximize.
    fn less_mana(&self, rules: &BlockRules) -> Expression {
        let mut e = Expression::default();
        for c in &rules.costs {
            if let Some(Some(ub)) = self.u.get(c.blocker) {
                e.add_mul(-(mana_value(&c.cost) as f64), *ub);
            }
        }
        e
    }

    /// Fewest blocks, as an expression to maximize.
    fn fewer_blocks(&self) -> Expression {
        let mut e = Expression::default();
        for &(_, y, _) in self.y.iter().flatten() {
            e.add_mul(-1.0, y);
        }
        e
    }

    /// The paid-baseline cut for a declaration incurring `incurred` below its bar `bar`: a
    /// declaration whose blockers incur all of them obeys at least `bar`,
    /// `obeyed ≥ bar·(1 − Σ_{b∈B} (1 − u[b]))` (see `crate::solve::blocks`).
    fn bar_cut(&self, rules: &BlockRules, incurred: &[usize], bar: usize) -> Result<Constraint, SolveError> {
        let mut blockers: Vec<usize> = incurred.iter().map(|&k| rules.costs[k].blocker).collect();
        blockers.sort_unstable();
        blockers.dedup();
        let us: Option<Vec<Variable>> = blockers.iter().map(|&b| self.u.get(b).copied().flatten()).collect();
        let us = us.ok_or_else(|| SolveError::Internal("a blocker that blocks has no block variable".into()))?;
        let m = bar as f64;
        let rhs = m * (1.0 - us.len() as f64);
        Ok(constraint::geq(self.obeyed.clone() - sum(us) * m, rhs))
    }
}

/// What the integer program found: the assignment and how it met the bar.
pub struct BlockSolved {
    /// The best assignment.
    pub assignment: BlockAssignment,
    /// Whether paid cuts were needed.
    pub cuts: bool,
    /// Whether the tie-breaks were proven too (false: the time limit stopped them).
    pub tie_breaks_proven: bool,
}

/// What a block solve puts first, before least mana and fewest blocks.
#[derive(Clone, Copy)]
enum First<'a> {
    /// A defender's goal.
    Goal(&'a CombatStats, BlockGoal),
    /// The most blockers whose blocks stay as in this declaration: the closest legal one.
    Closest(&'a BlockAssignment),
}

impl Ilp {
    /// The best legal declaration of blockers for `goal` (then least mana, fewest blocks), each
    /// level proven optimal: see `crate::solve::blocks`. Past the time limit, an error (the
    /// undecided answer), never an unproven declaration.
    pub(crate) fn block_solve(
        &self,
        rules: &BlockRules,
        payable: &dyn Payability,
        stats: &CombatStats,
        goal: BlockGoal,
        baseline: Baseline,
    ) -> Result<BlockSolved, SolveError> {
        // Powers and toughnesses are within ±1,000,000 (the board's bound): their sums are
        // exact in f64, but check rather than trust it.
        let total = stats.attacker_damage.iter().chain(&stats.blocker_damage).try_fold(0i64, |s, &v| s.checked_add(v));
        if total.is_none_or(|t| t > 1 << 40) {
            return Err(SolveError::TooLarge("the creatures' powers in this combat are too large for the integer program".into()));
        }
        // Independent parts (`crate::rules::block_parts`), each solved alone: the best of each
        // side by side is the best of the whole, level by level (every level is a sum over the
        // parts, and a part below its own best would leave the whole below the sum of theirs).
        // Each part's tie-breaks get an equal share of half the time left: one whose
        // tie-breaks can't be proven takes no more than its share (on the 8-player combat of
        // 2,500 attackers, two parts of `kills` leave theirs unproven).
        let Some(parts) = rules.parts() else { return self.block_best(rules, payable, First::Goal(stats, goal), baseline, 0.5) };
        crate::debug::note(|| format!("block solve: {} independent parts", parts.len()));
        let mut whole = BlockSolved { assignment: vec![vec![]; rules.blockers.len()], cuts: false, tie_breaks_proven: true };
        let share = 0.5 / parts.len() as f64;
        for part in &parts {
            let solved = self.block_best(&part.rules, payable, First::Goal(&stats.part(part), goal), baseline, share)?;
            part.lift(solved.assignment, &mut whole.assignment);
            whole.cuts |= solved.cuts;
            whole.tie_breaks_proven &= solved.tie_breaks_proven;
        }
        Ok(whole)
    }

    /// The legal declaration of blockers closest to `x` (the most blockers whose blocks stay
    /// as they are, then least mana, fewest blocks), proven as [`Ilp::block_solve`]'s answer
    /// is: a judge's "closest legal declaration" for a declaration that breaks a rule.
    pub(crate) fn block_closest_legal(
        &self,
        rules: &BlockRules,
        payable: &dyn Payability,
        x: &BlockAssignment,
        baseline: Baseline,
    ) -> Result<BlockSolved, SolveError> {
        self.block_best(rules, payable, First::Closest(x), baseline, 0.5)
    }

    /// [`Ilp::block_solve`] and [`Ilp::block_closest_legal`]: the best legal declaration for
    /// `first`, then least mana, then fewest blocks. The first level is solved alone (its
    /// answer is proven early); the tie-breaks then as one weighted program with the first
    /// ([`tie_breaks`]) where the weights stay small, else level by level, each with the
    /// previous level's optimum as a row. The tie-breaks get `tie_share` of the time left
    /// after the first level: its answer, once proven, is answered (`tie_breaks_proven`
    /// false) with time to check it.
    fn block_best(
        &self,
        rules: &BlockRules,
        payable: &dyn Payability,
        first: First,
        baseline: Baseline,
        tie_share: f64,
    ) -> Result<BlockSolved, SolveError> {
        // CR 509.1c: the bar every legal declaration meets, among declarations paying nothing.
        let none = vec![false; rules.costs.len()];
        let m_free = self.block_program(rules, &none, payable, &rules.no_block())?.value;
        let all = vec![true; rules.costs.len()];
        let grouping = match first {
            First::Goal(stats, BlockGoal::None | BlockGoal::Prevented | BlockGoal::Losses) => Grouping::ByDamage(stats),
            First::Goal(stats, BlockGoal::Kills) => Grouping::ByKills(stats),
            First::Closest(_) => Grouping::Single,
        };
        let mut p = BlockProgram::new(rules, &all, grouping)?;
        p.restrictions(rules);
        p.requirements(rules);
        p.rows.push(constraint::geq(p.obeyed.clone(), m_free as f64));
        let first_level = match first {
            First::Goal(stats, goal) => p.goal(stats, goal),
            First::Closest(x) => sum(p.unchanged(x)),
        };
        // A tie-break the same for every declaration (least mana on a combat without costs to
        // block) is no program: solving it anyway can be as hard as the objective.
        let constant = |e: &Expression| good_lp::IntoAffineExpression::linear_coefficients(e.clone()).into_iter().all(|(_, c)| c == 0.0);
        let ties: Vec<Expression> = [p.less_mana(rules), p.fewer_blocks()].into_iter().filter(|e| !constant(e)).collect();
        let combined = if ties.is_empty() { None } else { tie_breaks(&p, rules, &first_level, first) };
        let mut state = LegalCuts::default();
        let legal = LegalLoop { p: &p, rules, payable, baseline };
        // The first level, proven: the answer, whatever the tie-breaks' time.
        let (mut best, counted, first_value) = self.level(&legal, &first_level, &mut state, |x, value| check_first(rules, first, x, value))?;
        let mut tie_breaks_proven = true;
        let tie_solver = self.share_of_time(tie_share);
        if let Some(combined) = combined {
            // No row pins the first level's optimum: the weights keep it, and it is checked.
            match tie_solver.level(&legal, &combined, &mut state, |x, _| {
                let value = check_first(rules, first, x, f64::NAN)?;
                if value != first_value {
                    return Err(SolveError::Internal(format!("the block solve's tie-breaks lost its first level: {first_value} became {value}")));
                }
                Ok(value)
            }) {
                Ok((x, _, _)) => best = x,
                Err(SolveError::TimeLimit(_)) => tie_breaks_proven = false,
                Err(e) => return Err(e),
            }
        } else {
            state.cuts.push(constraint::geq(first_level.clone(), counted - 0.5));
            for level in &ties {
                match tie_solver.level(&legal, level, &mut state, |_, _| Ok(0)) {
                    Ok((x, value, _)) => {
                        best = x;
                        // The next level keeps this one's optimum (values are integers).
                        state.cuts.push(constraint::geq(level.clone(), value - 0.5));
                    }
                    Err(SolveError::TimeLimit(_)) => {
                        tie_breaks_proven = false;
                        break;
                    }
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(BlockSolved { assignment: best, cuts: state.paid_cuts, tie_breaks_proven })
    }

    /// This solver with at most `share` of the time left.
    fn share_of_time(&self, share: f64) -> Ilp {
        match self.call.deadline.left() {
            None => *self,
            Some(left) => {
                let part = Deadline::after(web_time::Instant::now(), left.as_secs_f64() * share);
                Ilp { call: Call { deadline: self.call.deadline.earlier(part), ..self.call }, ..*self }
            }
        }
    }

    /// One level of a block solve: the best legal declaration for `level` (see
    /// [`Ilp::legal_solution`]), re-checked (CR 509.1a-d), `level`'s value for it, and what
    /// `check` says of the two (it may refuse them). Infeasible is an internal error: the
    /// maximum's witness is legal.
    fn level<F>(&self, legal: &LegalLoop, level: &Expression, state: &mut LegalCuts, check: F) -> Result<(BlockAssignment, f64, i64), SolveError>
    where
        F: Fn(&BlockAssignment, f64) -> Result<i64, SolveError>,
    {
        let (x, values) = self
            .legal_solution(legal, level, None, state)?
            .ok_or_else(|| SolveError::Internal("the block solve program is infeasible, yet the maximum's witness is legal".into()))?;
        let all = vec![true; legal.rules.costs.len()];
        verify(legal.rules, &all, &x, legal.p.obeyed.eval_with(&values), false)?;
        let value = level.eval_with(&values);
        let checked = check(&x, value)?;
        Ok((x, value, checked))
    }
}

/// The cuts made over one program, kept from one solve to the next (none removes a legal
/// declaration): cost cuts, paid bar cuts, and a solve's levels' optima or an enumeration's
/// no-goods; each set of costs' bar, and whether a bar cut was made.
#[derive(Default)]
struct LegalCuts {
    cuts: Vec<Constraint>,
    bars: HashMap<Vec<usize>, usize>,
    paid_cuts: bool,
}

/// The first level's exact value for `x`: a goal's by [`CombatStats::value`], which must be
/// `counted`, the program's count, when that is a number; for the closest declaration the
/// blockers whose blocks are as declared (the program counts those it can change only).
fn check_first(rules: &BlockRules, first: First, x: &BlockAssignment, counted: f64) -> Result<i64, SolveError> {
    let (stats, goal) = match first {
        First::Goal(stats, goal) => (stats, goal),
        First::Closest(declared) => {
            let sorted = |v: &[usize]| -> Vec<usize> {
                let mut v = v.to_vec();
                v.sort_unstable();
                v
            };
            let same = x.iter().enumerate().filter(|(b, blocks)| sorted(blocks) == sorted(declared.get(*b).map_or(&[][..], Vec::as_slice))).count();
            return Ok(same as i64);
        }
    };
    let exact = stats.value(goal, rules, x).ok_or_else(|| SolveError::TooLarge("the objective of this combat overflows 64-bit integers".into()))?;
    let counted = if goal.maximizes() { counted } else { -counted };
    if !counted.is_nan() && (counted - exact as f64).abs() > 0.5 {
        return Err(SolveError::Internal(format!("the block solve program counts {counted} for its objective but its declaration has {exact}")));
    }
    Ok(exact)
}

/// The first level and its tie-breaks as one objective, `first·(M+1)(B+1) + less_mana·(B+1) +
/// fewer_blocks` (M the most mana the costs to block can take, B the most blocks): a step of
/// the first level outweighs every tie-break, and one of mana every number of blocks, so its
/// optimum is the lexicographic one. None when the weighted objective could pass 2^31:
/// microlp's tolerances are relative, and the levels one by one stay exact.
fn tie_breaks(p: &BlockProgram, rules: &BlockRules, first_level: &Expression, first: First) -> Option<Expression> {
    let blocks: u64 = p.y.iter().flatten().map(|&(_, _, top)| top as u64).sum();
    let mana: u64 = rules.costs.iter().map(|c| mana_value(&c.cost).max(0) as u64).sum();
    // The most the first level can be: its coefficients' sizes times their variables' tops.
    let most: u64 = match first {
        First::Goal(stats, BlockGoal::Prevented) => stats.attacker_damage.iter().map(|&d| d.max(0) as u64).sum(),
        First::Goal(stats, BlockGoal::Kills) => stats.attacker_toughness.len() as u64,
        First::Goal(stats, BlockGoal::Losses) => stats.blocker_toughness.len() as u64,
        First::Goal(_, BlockGoal::None) => 0,
        First::Closest(_) => p.y.len() as u64,
    };
    let (w_mana, w_first) = (blocks.checked_add(1)?, mana.checked_add(1)?.checked_mul(blocks.checked_add(1)?)?);
    if most.checked_add(1)?.checked_mul(w_first)? > 1 << 31 {
        return None;
    }
    let less_mana = p.less_mana(rules);
    let mut e = first_level.clone() * w_first as f64;
    e += less_mana * w_mana as f64;
    e += p.fewer_blocks();
    Some(e)
}

/// What [`Ilp::legal_solution`] solves over: the program, its rules, who pays and the baseline.
struct LegalLoop<'a> {
    p: &'a BlockProgram,
    rules: &'a BlockRules,
    payable: &'a dyn Payability,
    baseline: Baseline,
}

impl Ilp {
    /// The best solution of `l.p` for `objective` under `cuts` that is a legal declaration, or
    /// None when the program (with its cuts) is infeasible: an answer whose costs can't be paid
    /// is cut off with [`BlockProgram::cost_cut`] (CR 509.1d), and under "paid" one below its
    /// bar with [`BlockProgram::bar_cut`] (509.1c), and the program solved again. The cuts
    /// remove no legal declaration, so they stay in `state` for the next solve over the same
    /// program. `known_bound`, a bound the caller knows on `objective`: a solution reaching it
    /// is optimal (for the program over `l.p` alone, not the bars' programs).
    fn legal_solution(
        &self,
        l: &LegalLoop,
        objective: &Expression,
        known_bound: Option<f64>,
        state: &mut LegalCuts,
    ) -> Result<Option<(BlockAssignment, Values)>, SolveError> {
        let (p, rules) = (l.p, l.rules);
        let LegalCuts { cuts, bars, paid_cuts } = state;
        loop {
            self.remaining()?;
            let program = Program::new(p.vars.clone(), objective.clone(), p.rows.clone(), cuts.clone());
            let index = program.index.clone();
            crate::debug::note(|| format!("block solve program: {} variables, {} rows", program.columns.len(), program.rows.len()));
            let bounded = Ilp { call: Call { known_bound, ..self.call }, ..*self };
            let raw = match bounded.solve_program(program)?.0 {
                Found::Solved(raw) => raw,
                Found::Infeasible => return Ok(None),
                Found::CutShort { message, .. } => return Err(SolveError::TimeLimit(message)),
            };
            if raw.optimality != Optimality::Proven {
                return Err(SolveError::TimeLimit("the time limit ran out before the block program proved its optimum".into()));
            }
            let x = p.assignment(&raw.values, &index)?;
            // CR 509.1d: payable, else cut off every declaration incurring those costs.
            let incurred = rules.incurred(&x);
            if !l.payable.payable(&incurred)? {
                cuts.push(p.cost_cut(rules, &x, l.payable)?);
                continue;
            }
            // CR 509.1c under "paid": the bar of the costs it incurs.
            if l.baseline == Baseline::Paid && !incurred.is_empty() {
                let bar = match bars.get(&incurred) {
                    Some(&m) => m,
                    None => {
                        let m = self.block_program(rules, &allowed_costs(rules, Baseline::Paid, &incurred), l.payable, &x)?.value;
                        bars.insert(incurred.clone(), m);
                        m
                    }
                };
                if rules.obeyed(&x) < bar {
                    cuts.push(p.bar_cut(rules, &incurred, bar)?);
                    *paid_cuts = true;
                    continue;
                }
            }
            return Ok(Some((x, Values { values: raw.values, index })));
        }
    }
}
