//! HiGHS as the integer-program backend (the `highs` feature, issue 10).
//!
//! microlp, the default, is pure Rust and builds everywhere (the web page included), but its
//! branch and bound has no presolve, no cutting planes and no symmetry handling: on the taxed
//! Commander boards some programs of a hundred variables keep it busy for seconds that HiGHS
//! proves at the root (docs/history/paid-baseline-steps.md, step 4). With this feature every program goes to
//! HiGHS through good_lp instead; nothing else changes: the same programs, the same rounding
//! and re-check of every solution by the rules code, the same deadlines.
//!
//! Proofs: HiGHS is asked for an exact optimum (relative gap 0, absolute gap 1e-6); objectives
//! are integers, so a run the time limit stops is still proven when its dual bound is below
//! the best value found plus one (as `Ilp::run` does for microlp). One thread: answers do not
//! depend on the machine's cores, and batch already runs requests in parallel.

use super::{Ilp, Optimality};
use crate::legality::SolveError;
use good_lp::solvers::highs::HighsProblem;
use highs::HighsModelStatus;

/// Solve `problem` (a maximization) before `ilp`'s deadline: the values of every column and
/// whether they are proven optimal; None when the program is infeasible.
pub(super) fn run(ilp: &Ilp, problem: HighsProblem) -> Result<Option<(Vec<f64>, Optimality)>, SolveError> {
    let left = ilp.remaining()?;
    let failed = |what: &str| SolveError::Internal(format!("the integer program could not be solved: HiGHS {what}"));
    let mut model = problem.try_into_inner().map_err(|e| failed(&format!("refused the model ({e})")))?;
    model.make_quiet();
    let refused = |name: &str| failed(&format!("refused option {name}"));
    for (name, value) in [("mip_rel_gap", 0.0), ("mip_abs_gap", 1e-6)].into_iter().chain(left.map(|l| ("time_limit", l))) {
        model.try_set_option(name, value).map_err(|_| refused(name))?;
    }
    model.try_set_option("threads", 1).map_err(|_| refused("threads"))?;
    let solved = model.try_solve().map_err(|e| failed(&format!("failed ({e:?})")))?;
    let status = solved.status();
    let feasible = solved.primal_solution_status() == highs::HighsSolutionStatus::Feasible;
    let values = || solved.get_solution().columns().to_vec();
    let objective = solved.objective_value();
    // HiGHS's proven bound on the maximum (its "dual bound").
    let bound = solved.double_info_value(c"mip_dual_bound").ok().filter(|b| b.is_finite());
    crate::debug::note(|| format!("  HiGHS: {status:?}, objective {objective}, bound {bound:?}"));
    match status {
        HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible => Ok(None),
        HighsModelStatus::Optimal if feasible => Ok(Some((values(), Optimality::Proven))),
        HighsModelStatus::ReachedTimeLimit | HighsModelStatus::ReachedInterrupt if feasible => {
            // Objectives are integers: a bound below the best found plus one proves it.
            if bound.is_some_and(|b| (b + 1e-6).floor() <= objective.round()) {
                return Ok(Some((values(), Optimality::Proven)));
            }
            if ilp.call.keep_incumbent {
                return Ok(Some((values(), Optimality::Unproven { bound })));
            }
            Err(SolveError::TimeLimit(format!(
                "the time limit ran out before the integer program proved its optimum (best found {objective:.0}{})",
                bound.map(|b| format!(", proven bound {:.0}", b.floor())).unwrap_or_default()
            )))
        }
        HighsModelStatus::ReachedTimeLimit | HighsModelStatus::ReachedInterrupt => {
            Err(SolveError::TimeLimit("the time limit ran out before the integer program was solved (no solution found yet)".into()))
        }
        other => Err(failed(&format!("ended with status {other:?}"))),
    }
}
