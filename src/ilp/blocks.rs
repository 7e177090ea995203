//! The integer program for declaring blockers (CR 509.1, docs/blocks.md "Deciding"): the
//! maximum of CR 509.1c over [`BlockRules`], plain data, with no board.
//!
//! # The model
//!
//! For the blockers that may block here (eligible, and every cost instance of theirs allowed:
//! one with an instance outside the allowed set may only not block, as in the exhaustive
//! checker):
//!
//! * `y[b,a] ∈ {0,1}` for every allowed pair (CR 509.1a); a pair a `Pairs` restriction bans
//!   (509.1b) is no variable (it is out of `allowed` already; a banned pair left in `allowed`
//!   is dropped too, as the exhaustive checker's restriction check would drop it).
//!   `n[a] = Σ_b y[b,a]`, the blockers of attacker a.
//! * `u[b] ∈ {0,1}`, b blocks: `y[b,a] ≤ u[b]`, `u[b] ≤ Σ_a y[b,a]`, and the capacity (509.1a)
//!   `Σ_a y[b,a] ≤ min(capacity, |allowed|)·u[b]` (any number: |allowed|).
//! * Restrictions (509.1b): "not alone" `u[b] ≤ Σ_{b'≠b} u[b']`; "none or at least N" with
//!   `z ∈ {0,1}`: `N·z ≤ n[a] ≤ M·z` (M the blockers with a pair to a); "at most N" `n[a] ≤ N`;
//!   "all or none" with `z ∈ {0,1}`: `y[b,a] = z` for every listed blocker, `y[b,a] ≤ z` for
//!   the others, and `z = 0` when a listed blocker has no variable for a (it can't block a, so
//!   a is not blocked).
//! * Requirements that count (509.1c): "b blocks" is `u[b]`, "b blocks a" is `y[b,a]` (0 with
//!   no variable), "a is blocked" `r ≤ n[a]`, "a is blocked by exactly one" `r ≤ n[a]`,
//!   `n[a] ≤ 1 + (M − 1)(1 − r)`, each `r ∈ {0,1}`. `obeyed` is their sum.
//! * The witness: `e[b] ∈ {0,1}` when b's blocks can equal `prefer`'s: `e[b] ≤ y[b,a]` for a
//!   in `prefer[b]`; for b's other pairs one row `Σ y[b,a] ≤ k·(1 − e[b])` (k = min(capacity,
//!   their number)), and `e[b] ≤ 1 − y[b,a]` each too when k > 1. The objective is
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
//! objective levels of a defender's goal (`goal`, `less_mana`, `fewer_blocks`), each solved
//! with the previous fixed. The cost cuts above, and under "paid" the bar cuts (`bar_cut`),
//! keep every legal declaration and remove the answer that broke them, so they carry over
//! from level to level.
//!
//! # Never wrong silently
//!
//! The solution is rounded, rebuilt as an assignment and re-checked with the rules code
//! (allowed pairs and capacity, [`BlockRules::respects_restrictions`], allowed cost instances,
//! [`Payability::payable`], [`BlockRules::obeyed`] equal to the program's count); a program not
//! proven optimal is a time limit, never an answer.

use super::program::Program;
use super::vars::{variable, Vars};
use super::{Call, Found, Ilp, Optimality, Values};
use crate::deadline::Deadline;
use crate::legality::blocks::{allowed_costs, BlockMaximizer, BlockMaximum, Payability};
use crate::legality::{Baseline, Proof, SolveError};
use crate::rules::block_goal::{BlockGoal, CombatStats};
use crate::rules::blocks::{BlockAssignment, BlockRequirementKind, BlockRestrictionKind, BlockRules};
use crate::vocab::symbol::mana_value;
use good_lp::{constraint, Constraint, Expression, Variable};
use std::collections::HashMap;

/// A value this far from an integer is not read as one: microlp's values of integer columns
/// are integers up to its tolerance.
const INTEGRAL: f64 = 1e-5;

/// The program of one block maximum, before its cost cuts.
struct BlockProgram {
    vars: Vars,
    rows: Vec<Constraint>,
    /// `(E + 1)·obeyed + Σ e[b]`.
    objective: Expression,
    /// The requirements obeyed.
    obeyed: Expression,
    /// Per blocker, its pairs: (attacker, `y[b,a]`).
    y: Vec<Vec<(usize, Variable)>>,
    /// `y[b,a]` by (b, a).
    at: HashMap<(usize, usize), Variable>,
    /// Per blocker, `u[b]`; None for a blocker that may not block here.
    u: Vec<Option<Variable>>,
    /// Per blocker, the most attackers it can block here: `min(capacity, |pairs|)`.
    most: Vec<usize>,
}

/// A 0-1 variable.
fn binary(vars: &mut Vars) -> Variable {
    vars.add(variable().binary())
}

fn sum<I: IntoIterator<Item = Variable>>(vs: I) -> Expression {
    vs.into_iter().map(Expression::from).sum()
}

impl BlockProgram {
    /// The variables `y`, `u` and the capacity rows; `n[a]` and its blockers per attacker.
    fn pairs(rules: &BlockRules, allowed_costs: &[bool]) -> Result<(BlockProgram, Vec<Vec<Variable>>), SolveError> {
        let mut vars = Vars::new();
        let mut rows = Vec::new();
        let mut y = Vec::with_capacity(rules.blockers.len());
        let mut u = Vec::with_capacity(rules.blockers.len());
        let mut most = Vec::with_capacity(rules.blockers.len());
        let mut by: Vec<Vec<Variable>> = vec![vec![]; rules.attackers.len()];
        let mut at = HashMap::new();
        // One set of the banned pairs, not a search of every restriction per pair.
        let banned = rules.banned_pairs();
        for (b, blocker) in rules.blockers.iter().enumerate() {
            // A blocker with a cost instance not allowed may only not block (as in the exhaustive
            // checker's choices).
            let costly = rules.costs.iter().enumerate().any(|(k, c)| c.blocker == b && !allowed_costs.get(k).copied().unwrap_or(false));
            let mut attackers: Vec<usize> = blocker.allowed.iter().copied().filter(|&a| !banned.contains(&(b, a))).collect();
            attackers.sort_unstable();
            attackers.dedup();
            if let Some(&a) = attackers.iter().find(|&&a| a >= rules.attackers.len()) {
                return Err(SolveError::Internal(format!("blocker {b} is allowed attacker {a}, which does not exist")));
            }
            if costly || blocker.ineligible.is_some() || attackers.is_empty() {
                y.push(vec![]);
                u.push(None);
                most.push(0);
                continue;
            }
            let ub = binary(&mut vars);
            let ys: Vec<(usize, Variable)> = attackers.iter().map(|&a| (a, binary(&mut vars))).collect();
            // CR 509.1a: no more attackers than it can block.
            let cap = blocker.capacity.min(ys.len());
            rows.push(constraint::leq(sum(ys.iter().map(|&(_, v)| v)), ub * cap as f64));
            rows.push(constraint::leq(Expression::from(ub), sum(ys.iter().map(|&(_, v)| v))));
            if cap > 1 {
                rows.extend(ys.iter().map(|&(_, v)| constraint::leq(Expression::from(v), ub)));
            }
            for &(a, v) in &ys {
                by[a].push(v);
                at.insert((b, a), v);
            }
            y.push(ys);
            u.push(Some(ub));
            most.push(cap);
        }
        let program = BlockProgram { vars, rows, objective: Expression::default(), obeyed: Expression::default(), y, at, u, most };
        Ok((program, by))
    }

    /// `y[b,a]`, if it is a variable.
    fn pair(&self, b: usize, a: usize) -> Option<Variable> {
        self.at.get(&(b, a)).copied()
    }

    /// The restriction rows (CR 509.1b); `by[a]`: the `y` of attacker a.
    fn restrictions(&mut self, rules: &BlockRules, by: &[Vec<Variable>]) {
        for r in &rules.restrictions {
            match &r.kind {
                // Banned pairs are no variables.
                BlockRestrictionKind::Pairs { .. } => {}
                BlockRestrictionKind::NotAlone { blocker } => {
                    let Some(Some(ub)) = self.u.get(*blocker).copied() else { continue };
                    let others = sum(self.u.iter().enumerate().filter(|&(b, _)| b != *blocker).filter_map(|(_, v)| *v));
                    self.rows.push(constraint::leq(Expression::from(ub), others));
                }
                &BlockRestrictionKind::AtLeast { attacker, count } => {
                    let ys = &by[attacker];
                    // None or at least 1 holds always.
                    if count <= 1 || ys.is_empty() {
                        continue;
                    }
                    let z = binary(&mut self.vars);
                    self.rows.push(constraint::leq(z * count as f64, sum(ys.iter().copied())));
                    self.rows.push(constraint::leq(sum(ys.iter().copied()), z * ys.len() as f64));
                }
                &BlockRestrictionKind::AtMost { attacker, count } => {
                    let ys = &by[attacker];
                    if count < ys.len() {
                        self.rows.push(constraint::leq(sum(ys.iter().copied()), count as f64));
                    }
                }
                BlockRestrictionKind::AllOrNone { attacker, blockers } => {
                    let (a, ys) = (*attacker, &by[*attacker]);
                    if blockers.is_empty() || ys.is_empty() {
                        continue;
                    }
                    // A listed blocker that can't block a here leaves a unblocked.
                    if blockers.iter().any(|&b| self.pair(b, a).is_none()) {
                        self.rows.extend(ys.iter().map(|&v| constraint::leq(Expression::from(v), 0.0)));
                        continue;
                    }
                    let z = binary(&mut self.vars);
                    for b in 0..self.y.len() {
                        let Some(v) = self.pair(b, a) else { continue };
                        if blockers.contains(&b) {
                            self.rows.push(constraint::eq(Expression::from(v), z));
                        } else {
                            self.rows.push(constraint::leq(Expression::from(v), z));
                        }
                    }
                }
            }
        }
    }

    /// `obeyed`, the sum of the requirements that count (CR 509.1c). An attacker's
    /// requirement of one kind shares one variable however many effects ask it.
    fn requirements(&mut self, rules: &BlockRules, by: &[Vec<Variable>]) {
        let mut blocked: HashMap<(bool, usize), Option<Variable>> = HashMap::new();
        let mut obeyed = Expression::default();
        for r in rules.requirements.iter().filter(|r| r.counts) {
            let term = match r.kind {
                BlockRequirementKind::Blocks { blocker } => self.u.get(blocker).copied().flatten(),
                BlockRequirementKind::BlocksAttacker { blocker, attacker } => self.pair(blocker, attacker),
                BlockRequirementKind::Blocked { attacker } | BlockRequirementKind::BlockedByExactlyOne { attacker } => {
                    let exactly = matches!(r.kind, BlockRequirementKind::BlockedByExactlyOne { .. });
                    let ys = by.get(attacker).map_or(&[][..], Vec::as_slice);
                    *blocked.entry((exactly, attacker)).or_insert_with(|| {
                        if ys.is_empty() {
                            return None;
                        }
                        let r = binary(&mut self.vars);
                        let n = sum(ys.iter().copied());
                        self.rows.push(constraint::leq(Expression::from(r), n.clone()));
                        if exactly && ys.len() > 1 {
                            // n ≤ 1 + (M − 1)(1 − r).
                            let slack = (ys.len() - 1) as f64;
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
        self.obeyed = obeyed;
    }

    /// The objective: `obeyed` first, then the blockers whose blocks equal `prefer`'s.
    fn closeness(&mut self, prefer: &BlockAssignment) {
        let mut same = Vec::new();
        for (b, ys) in self.y.iter().enumerate() {
            let mut want: Vec<usize> = prefer.get(b).cloned().unwrap_or_default();
            want.sort_unstable();
            want.dedup();
            // A blocker that may not block here, or asked for a pair with no variable, is what
            // it is whatever the program does.
            if ys.is_empty() || want.iter().any(|&a| !ys.iter().any(|&(x, _)| x == a)) {
                continue;
            }
            let e = binary(&mut self.vars);
            let others: Vec<Variable> = ys.iter().filter(|(a, _)| !want.contains(a)).map(|&(_, v)| v).collect();
            self.rows.extend(ys.iter().filter(|(a, _)| want.contains(a)).map(|&(_, v)| constraint::leq(Expression::from(e), v)));
            // e[b] = 1 blocks none of the others: as one row `Σ others ≤ most·(1 − e[b])`, whose
            // relaxation is far tighter than each pair's (a blocker of capacity 1 half on two
            // attackers would otherwise count as half unchanged), and each pair's row as well
            // when it can block several.
            let most = self.most[b].min(others.len());
            if most > 1 {
                self.rows.extend(others.iter().map(|&v| constraint::leq(e + v, 1.0)));
            }
            if most > 0 {
                self.rows.push(constraint::leq(sum(others) + e * most as f64, most as f64));
            }
            same.push(e);
        }
        let mut objective = self.obeyed.clone() * (same.len() + 1) as f64;
        objective += sum(same);
        self.objective = objective;
    }

    /// The rounded assignment of a solution (`values` by column of `index`).
    fn assignment(&self, values: &[f64], index: &HashMap<Variable, usize>) -> Result<BlockAssignment, SolveError> {
        let value = |v: &Variable| -> Result<bool, SolveError> {
            let x = index.get(v).and_then(|&i| values.get(i)).copied().unwrap_or(f64::NAN);
            if (x - x.round()).abs() > INTEGRAL || !(-INTEGRAL..=1.0 + INTEGRAL).contains(&x) {
                return Err(SolveError::Internal(format!("the block program returned {x} for a 0-1 variable")));
            }
            Ok(x > 0.5)
        };
        self.y.iter().map(|ys| ys.iter().filter_map(|&(a, v)| value(&v).map(|on| on.then_some(a)).transpose()).collect()).collect()
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
        let (mut p, by) = BlockProgram::pairs(rules, allowed_costs)?;
        p.restrictions(rules, &by);
        p.requirements(rules, &by);
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
            return verify(rules, allowed_costs, &x, counted).map(|value| BlockMaximum { value, witness: x, proof: Proof::IlpOptimal });
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
/// obeys, which must be the program's count.
fn verify(rules: &BlockRules, allowed_costs: &[bool], x: &BlockAssignment, counted: f64) -> Result<usize, SolveError> {
    let fits = x.iter().zip(&rules.blockers).all(|(blocks, b)| blocks.len() <= b.capacity && blocks.iter().all(|a| b.allowed.contains(a)));
    if !fits || !rules.respects_restrictions(x) {
        return Err(SolveError::Internal("the block program's declaration breaks a restriction".into()));
    }
    if rules.incurred(x).iter().any(|&k| !allowed_costs.get(k).copied().unwrap_or(false)) {
        return Err(SolveError::Internal("the block program's declaration incurs a cost it may not".into()));
    }
    let value = rules.obeyed(x);
    if (counted - value as f64).abs() > 0.5 {
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
    fn blocked(&mut self, by: &[Vec<Variable>], a: usize) -> Option<Variable> {
        let ys = by.get(a).filter(|ys| !ys.is_empty())?;
        let v = binary(&mut self.vars);
        self.rows.push(constraint::leq(Expression::from(v), sum(ys.iter().copied())));
        Some(v)
    }

    /// The goal's expression (to maximize; `losses` negated): see `crate::solve::blocks`.
    fn goal(&mut self, rules: &BlockRules, by: &[Vec<Variable>], stats: &CombatStats, goal: BlockGoal) -> Expression {
        let mut e = Expression::default();
        match goal {
            BlockGoal::None => {}
            // CR 510.1c: a blocked attacker deals its damage to its blockers only.
            BlockGoal::Prevented => {
                for (a, &p) in stats.attacker_damage.iter().enumerate() {
                    if p > 0 {
                        if let Some(v) = self.blocked(by, a) {
                            e.add_mul(p as f64, v);
                        }
                    }
                }
            }
            // Killed: blocked, and `toughness·k[a] ≤ Σ_b damage[b]·y[b,a]`.
            BlockGoal::Kills => {
                for (a, &t) in stats.attacker_toughness.iter().enumerate() {
                    let Some(k) = self.blocked(by, a) else { continue };
                    if t > 0 {
                        let mut dealt = Expression::default();
                        for b in 0..rules.blockers.len() {
                            if let Some(y) = self.pair(b, a) {
                                dealt.add_mul(stats.blocker_damage[b] as f64, y);
                            }
                        }
                        self.rows.push(constraint::leq(k * t as f64, dealt));
                    }
                    e += k;
                }
            }
            // Lost (minimized): `dealt[b] − (toughness − 1)·u[b] ≤ M·l[b]`, M the most the
            // left side can be; 0 unless b blocks and is dealt at least its toughness.
            BlockGoal::Losses => {
                for b in 0..self.y.len() {
                    let Some(ub) = self.u[b] else { continue };
                    let t = stats.blocker_toughness[b];
                    let most: i64 = self.y[b].iter().map(|&(a, _)| stats.attacker_damage[a]).sum();
                    if t > most {
                        continue;
                    }
                    let l = binary(&mut self.vars);
                    let mut lhs = Expression::default();
                    for &(a, y) in &self.y[b] {
                        lhs.add_mul(stats.attacker_damage[a] as f64, y);
                    }
                    lhs.add_mul(-((t - 1) as f64), ub);
                    self.rows.push(constraint::leq(lhs, l * (most - t + 1) as f64));
                    e.add_mul(-1.0, l);
                }
            }
        }
        e
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
        for &(_, y) in self.y.iter().flatten() {
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
        // CR 509.1c: the bar every legal declaration meets, among declarations paying nothing.
        let none = vec![false; rules.costs.len()];
        let m_free = self.block_program(rules, &none, payable, &rules.no_block())?.value;
        let all = vec![true; rules.costs.len()];
        let (mut p, by) = BlockProgram::pairs(rules, &all)?;
        p.restrictions(rules, &by);
        p.requirements(rules, &by);
        p.rows.push(constraint::geq(p.obeyed.clone(), m_free as f64));
        let levels = [p.goal(rules, &by, stats, goal), p.less_mana(rules), p.fewer_blocks()];
        let mut cuts: Vec<Constraint> = Vec::new();
        let mut bars: HashMap<Vec<usize>, usize> = HashMap::new();
        let mut paid_cuts = false;
        let (mut best, mut tie_breaks_proven) = (None, true);
        for (i, level) in levels.into_iter().enumerate() {
            // The tie-breaks may use half the time left: the objective, once proven, is answered
            // (`tie_breaks_proven` false) with time to check it.
            let me = match (i, self.call.deadline.left()) {
                (0, _) | (_, None) => *self,
                (_, Some(left)) => {
                    let half = Deadline::after(web_time::Instant::now(), left.as_secs_f64() / 2.0);
                    Ilp { call: Call { deadline: self.call.deadline.earlier(half), ..self.call }, ..*self }
                }
            };
            let mut found = || -> Result<BlockAssignment, SolveError> {
                loop {
                    me.remaining()?;
                    let program = Program::new(p.vars.clone(), level.clone(), p.rows.clone(), cuts.clone());
                    let index = program.index.clone();
                    let raw = match me.solve_program(program)?.0 {
                        Found::Solved(raw) => raw,
                        Found::Infeasible => {
                            return Err(SolveError::Internal("the block solve program is infeasible, yet the maximum's witness is legal".into()))
                        }
                        Found::CutShort { message, .. } => return Err(SolveError::TimeLimit(message)),
                    };
                    if raw.optimality != Optimality::Proven {
                        return Err(SolveError::TimeLimit("the time limit ran out before the block solve proved its optimum".into()));
                    }
                    let x = p.assignment(&raw.values, &index)?;
                    // CR 509.1d: payable, else cut off every declaration incurring those costs.
                    let incurred = rules.incurred(&x);
                    if !payable.payable(&incurred)? {
                        cuts.push(p.cost_cut(rules, &x, payable)?);
                        continue;
                    }
                    // CR 509.1c under "paid": the bar of the costs it incurs.
                    if baseline == Baseline::Paid && !incurred.is_empty() {
                        let bar = match bars.get(&incurred) {
                            Some(&m) => m,
                            None => {
                                let m = me.block_program(rules, &allowed_costs(rules, Baseline::Paid, &incurred), payable, &x)?.value;
                                bars.insert(incurred.clone(), m);
                                m
                            }
                        };
                        if rules.obeyed(&x) < bar {
                            cuts.push(p.bar_cut(rules, &incurred, bar)?);
                            paid_cuts = true;
                            continue;
                        }
                    }
                    let values = Values { values: raw.values, index };
                    let value = level.eval_with(&values);
                    verify(rules, &all, &x, p.obeyed.eval_with(&values))?;
                    if i == 0 {
                        // The objective as the program counts it must be the exact one.
                        let exact = stats
                            .value(goal, rules, &x)
                            .ok_or_else(|| SolveError::TooLarge("the objective of this combat overflows 64-bit integers".into()))?;
                        let counted = if goal.maximizes() { value } else { -value };
                        if (counted - exact as f64).abs() > 0.5 {
                            return Err(SolveError::Internal(format!(
                                "the block solve program counts {counted} for its objective but its declaration has {exact}"
                            )));
                        }
                    }
                    // The next level keeps this one's optimum (values are integers).
                    cuts.push(constraint::geq(level.clone(), value - 0.5));
                    return Ok(x);
                }
            };
            match found() {
                Ok(x) => best = Some(x),
                Err(SolveError::TimeLimit(_)) if best.is_some() => {
                    tie_breaks_proven = false;
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        let assignment = best.ok_or_else(|| SolveError::Internal("the block solve has no level".into()))?;
        Ok(BlockSolved { assignment, cuts: paid_cuts, tie_breaks_proven })
    }
}
