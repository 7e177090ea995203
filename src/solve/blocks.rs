//! `solve` on a board with `combat` (docs/blocks.md slice 4, "Answers"): the best legal
//! declaration of blockers for a defender's objective, proven optimal.
//!
//! # Legality inside the program
//!
//! A legal declaration obeys every restriction (CR 509.1b), can be paid (509.1d) and obeys as
//! many requirements as the maximum (509.1c). Under "free" the maximum is one number, `m_free`
//! (declarations paying no cost): a declaration is legal when it obeys at least `m_free`, one
//! row. Under "paid" the bar of D is `m(S)`, S = the cost instances D incurs, and `m(S) ≥
//! m_free`: the program with the row `obeyed ≥ m_free` holds every legal declaration; an answer
//! D* below its own bar `m(S*)` is cut off by "a declaration incurring all of S* obeys at least
//! `m(S*)`", valid since such a declaration's bar is at least `m(S*)` (a larger set of allowed
//! costs has a larger maximum). Each cut is for a new set S*, so the loop ends (the attack
//! solve's lazy cuts, src/solve/mod.rs). On a board with no cost to block the two are the
//! single row `obeyed ≥ m_free`.
//!
//! Ties are broken lexicographically: the objective, then least mana value of the costs to
//! block, then fewest blocks (src/ilp/blocks.rs "Solve": the objective alone, then the three in
//! one weighted program). The answer is re-checked by
//! [`check_blocks`] (its `legal` must be true) and its objective recomputed here, exactly.

use crate::board::BlockDeclaration;
use crate::deadline::Deadline;
use crate::ilp::Ilp;
use crate::legality::blocks::{
    check_blocks, check_with, cost::Payer, enumerate_blocks, read_blocks, rules_of, BlockCheckResult, BlockEnumeration, BlockMaximizer, BlockMaximum,
};
use crate::legality::{Baseline, SolveError};
use crate::position::Position;
pub use crate::rules::block_goal::{block_count, block_mana, BlockGoal, CombatStats};
use crate::rules::blocks::BlockAssignment;
use serde::Serialize;
use std::cell::RefCell;
use std::collections::HashMap;

/// How `solve` met the baseline's bar on a board with combat (the result's `method`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BlockBarMethod {
    /// Free baseline (or no cost to block): one row, `obeyed ≥ m_free`.
    Free,
    /// Paid baseline, and the answers met their paid bars as they were.
    PaidDirect,
    /// Paid baseline, with lazy cuts for the declarations below their bars.
    PaidCuts,
    /// The exhaustive checker listed every legal declaration.
    Exhaustive,
}

impl BlockBarMethod {
    /// How the integer program met the bar: under `baseline`, on a combat with or without
    /// costs to block, with or without paid cuts.
    fn of(baseline: Baseline, no_costs: bool, cuts: bool) -> BlockBarMethod {
        match (baseline, no_costs, cuts) {
            (Baseline::Free, _, _) | (_, true, _) => BlockBarMethod::Free,
            (Baseline::Paid, false, false) => BlockBarMethod::PaidDirect,
            (Baseline::Paid, false, true) => BlockBarMethod::PaidCuts,
        }
    }

    /// As the JSON spells it (`enumerate`'s `method` is a string).
    fn name(self) -> &'static str {
        match self {
            BlockBarMethod::Free => "free",
            BlockBarMethod::PaidDirect => "paid-direct",
            BlockBarMethod::PaidCuts => "paid-cuts",
            BlockBarMethod::Exhaustive => "exhaustive",
        }
    }
}

/// The result of `solve` on a board with combat: the check of the best declaration of blockers
/// (its fields flattened), with the objective, as the attack solve's result (docs/format.md).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BlockSolveResult {
    /// The check of the best declaration.
    #[serde(flatten)]
    #[schemars(description = "")]
    pub result: BlockCheckResult,
    /// The objective's value for it (for `losses`, the creatures lost, which is minimized).
    #[schemars(description = "")]
    pub objective: i64,
    /// Whether no legal declaration is better: always true, since the time limit gives the
    /// undecided answer rather than an unproven one.
    pub optimal: bool,
    /// The proven bound on the objective (equal to `objective` when optimal).
    pub objective_bound: Option<i64>,
    /// Whether the tie-breaks (less mana, then fewer blocks) are proven too; false when the
    /// time limit stopped them after the objective was proven (the answer is still legal and
    /// optimal for the objective).
    pub tie_breaks_proven: bool,
    /// How the answer was made to meet the baseline's bar.
    pub method: BlockBarMethod,
    /// The objective solved for, for the text (not in the JSON: the request says it).
    #[serde(skip)]
    pub goal: BlockGoal,
}

impl BlockSolveResult {
    /// Readable text: the objective and its value, then the check of the declaration.
    pub fn to_text(&self, pos: &Position) -> String {
        let what = match self.goal {
            BlockGoal::None => "any legal declaration".to_string(),
            BlockGoal::Prevented => format!("{} combat damage prevented", self.objective),
            BlockGoal::Kills => format!("{} attacker{} killed", self.objective, if self.objective == 1 { "" } else { "s" }),
            BlockGoal::Losses => format!("{} own creature{} lost", self.objective, if self.objective == 1 { "" } else { "s" }),
        };
        format!("Best declaration of blockers (objective {}: {what}; then least mana, fewest blocks):\n{}", self.goal, self.result.to_text(pos))
    }
}

/// `solve` on a board with combat by the integer program.
pub fn solve_blocks(pos: &Position, goal: BlockGoal, baseline: Baseline, ilp: &Ilp, deadline: Deadline) -> Result<BlockSolveResult, SolveError> {
    let rules = rules_of(pos)?;
    let payer = Payer::new(pos)?;
    let stats = CombatStats::of(&pos.board, rules);
    let found = ilp.block_solve(rules, &payer, &stats, goal, baseline)?;
    let method = BlockBarMethod::of(baseline, rules.costs.is_empty(), found.cuts);
    let d = crate::legality::blocks::paid_block_declaration(rules, &payer, &found.assignment)?;
    let mut r = finish(pos, d, goal, baseline, ilp, deadline, method)?;
    r.tie_breaks_proven = found.tie_breaks_proven;
    Ok(r)
}

/// The legal declaration of blockers closest to `d` (docs/format.md, `legal_alternative`): the
/// most blockers whose blocks stay as declared (as written: a blocker declared past its
/// capacity has changed in every legal one), then least mana, then fewest blocks, by the
/// integer program; None past the time limit.
pub fn closest_legal_blocks(pos: &Position, d: &BlockDeclaration, baseline: Baseline, ilp: &Ilp) -> Result<Option<BlockDeclaration>, SolveError> {
    let rules = rules_of(pos)?;
    let payer = Payer::new(pos)?;
    let x = crate::legality::blocks::declared_blocks(pos, rules, d);
    match ilp.block_closest_legal(rules, &payer, &x, baseline) {
        Ok(found) => Ok(Some(crate::legality::blocks::paid_block_declaration(rules, &payer, &found.assignment)?)),
        Err(SolveError::TimeLimit(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// [`closest_legal_blocks`] by the exhaustive checker: every legal declaration, the closest
/// (then least mana, fewest blocks); None past the time limit.
pub fn closest_legal_blocks_exhaustive(
    pos: &Position,
    d: &BlockDeclaration,
    baseline: Baseline,
    deadline: Deadline,
) -> Result<Option<BlockDeclaration>, SolveError> {
    let rules = rules_of(pos)?;
    let x = crate::legality::blocks::declared_blocks(pos, rules, d);
    let all = match enumerate_blocks(pos, baseline, usize::MAX, deadline) {
        Ok(all) if all.complete => all,
        Ok(_) | Err(SolveError::TimeLimit(_)) => return Ok(None),
        Err(e) => return Err(e),
    };
    let key = |r: &BlockCheckResult| {
        let (mut y, _) = read_blocks(pos, rules, &r.declaration);
        y.iter_mut().for_each(|blocks| blocks.sort_unstable());
        (crate::legality::blocks::exhaustive::distance(&y, &x), block_mana(rules, &y), block_count(&y))
    };
    Ok(all.declarations.into_iter().min_by_key(key).map(|r| r.declaration))
}

/// `enumerate` on a board with combat by the integer program ([`Ilp::block_enumerate`]): the
/// legal declarations of blockers, fewest blocks first, up to `limit`, each checked with the
/// maxima computed once per set of allowed costs (a legal declaration's check needs no witness).
/// Past the time limit, the declarations found and checked by then, `time_limit_reached`; none
/// at all is the time limit error.
pub fn enumerate_blocks_ilp(pos: &Position, baseline: Baseline, limit: usize, ilp: &Ilp, deadline: Deadline) -> Result<BlockEnumeration, SolveError> {
    let rules = rules_of(pos)?;
    let payer = Payer::new(pos)?;
    let list = ilp.block_enumerate(rules, &payer, baseline, limit)?;
    let maxima: RefCell<HashMap<Vec<bool>, BlockMaximum>> = RefCell::new(HashMap::new());
    let maximum = |allowed: &[bool], prefer: &BlockAssignment| -> Result<Option<BlockMaximum>, SolveError> {
        if let Some(m) = maxima.borrow().get(allowed) {
            return Ok(Some(m.clone()));
        }
        match ilp.block_maximum(rules, allowed, &payer, prefer, deadline) {
            Ok(m) => {
                maxima.borrow_mut().insert(allowed.to_vec(), m.clone());
                Ok(Some(m))
            }
            Err(SolveError::TimeLimit(_)) => Ok(None),
            Err(e) => Err(e),
        }
    };
    let mut timed_out = list.time_limit_reached;
    let mut declarations = Vec::with_capacity(list.found.len());
    for x in &list.found {
        let d = crate::legality::blocks::paid_block_declaration(rules, &payer, x)?;
        let r = check_with(pos, &d, baseline, &payer, maximum)?;
        if r.legal.is_none() {
            // Out of time for the checks: the list ends here.
            timed_out = true;
            break;
        }
        declarations.push(r);
    }
    if timed_out && declarations.is_empty() {
        return Err(SolveError::TimeLimit("the time limit ran out before a legal declaration of blockers was found and checked".into()));
    }
    let method = BlockBarMethod::of(baseline, rules.costs.is_empty(), list.paid_cuts).name();
    Ok(BlockEnumeration { declarations, complete: list.complete && !timed_out, time_limit_reached: timed_out, method })
}

/// `solve` on a board with combat by the exhaustive checker: every legal declaration, the best
/// by the objective, then least mana, then fewest blocks.
pub fn solve_blocks_exhaustive(pos: &Position, goal: BlockGoal, baseline: Baseline, deadline: Deadline) -> Result<BlockSolveResult, SolveError> {
    let rules = rules_of(pos)?;
    let stats = CombatStats::of(&pos.board, rules);
    let all = enumerate_blocks(pos, baseline, usize::MAX, deadline)?;
    let mut best: Option<((i64, i64, usize), BlockDeclaration)> = None;
    for r in all.declarations {
        let (x, _) = read_blocks(pos, rules, &r.declaration);
        let v = stats.value(goal, rules, &x).ok_or_else(overflow)?;
        // Smaller is better: the objective (its negation when maximized), mana, blocks.
        let key = (if goal.maximizes() { -v } else { v }, block_mana(rules, &x), block_count(&x));
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, r.declaration));
        }
    }
    let (_, d) = best.ok_or_else(|| SolveError::Internal("no declaration of blockers is legal".into()))?;
    finish(pos, d, goal, baseline, &crate::legality::blocks::exhaustive::ExhaustiveBlocks, deadline, BlockBarMethod::Exhaustive)
}

/// Re-check the answer with the rules code (it must be legal) and compute its objective.
fn finish(
    pos: &Position,
    d: BlockDeclaration,
    goal: BlockGoal,
    baseline: Baseline,
    by: &dyn BlockMaximizer,
    deadline: Deadline,
    method: BlockBarMethod,
) -> Result<BlockSolveResult, SolveError> {
    let rules = rules_of(pos)?;
    let result = check_blocks(pos, &d, baseline, by, deadline)?;
    match result.legal {
        Some(true) => {}
        None => return Err(SolveError::TimeLimit("the time limit ran out before the best declaration of blockers was checked".into())),
        Some(false) => return Err(SolveError::Internal(format!("the best declaration of blockers failed its check: {:?}", result.violations))),
    }
    let (x, _) = read_blocks(pos, rules, &result.declaration);
    let objective = CombatStats::of(&pos.board, rules).value(goal, rules, &x).ok_or_else(overflow)?;
    Ok(BlockSolveResult { result, objective, optimal: true, objective_bound: Some(objective), tie_breaks_proven: true, method, goal })
}

/// The objective's sums past i64: refused rather than wrapped.
fn overflow() -> SolveError {
    SolveError::TooLarge("the objective of this combat overflows 64-bit integers".into())
}

#[cfg(test)]
mod tests {
    use super::BlockBarMethod;

    /// `enumerate`'s `method` string is `solve`'s JSON spelling of the same method.
    #[test]
    fn block_bar_method_names_are_their_json() {
        for m in [BlockBarMethod::Free, BlockBarMethod::PaidDirect, BlockBarMethod::PaidCuts, BlockBarMethod::Exhaustive] {
            assert_eq!(serde_json::to_value(m).ok(), Some(serde_json::Value::from(m.name())));
        }
    }
}
