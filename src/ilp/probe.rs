//! Probing on the linear relaxation (issue 10): fix the 0-1 variables one of whose values
//! leaves the relaxation empty.
//!
//! For a 0-1 variable v of a program P: if the linear relaxation of P with v = 1 has no
//! point, no integer point of P has v = 1, so v = 0 in every solution (and the other way
//! round); if both values leave it empty, P has no solution. Each fixing shrinks the
//! relaxation, so a variable that survived one pass may fall in the next: passes repeat until
//! one fixes nothing. Every fixing is implied by P's rows, so P with the fixings has the same
//! integer points, and a proof of its optimum (or emptiness) is one for P.
//!
//! `Ilp::run` uses it for proofs only: a program asked to beat its best solution so far
//! (`objective ≥ v + ½`, objectives being integers) that probing finds empty has that
//! solution as its optimum. Fixings short of that are dropped and branch and bound goes on:
//! restarting it with them was faster on some programs and lost a proof on others
//! (docs/history/paid-baseline-steps.md, step 12).
//!
//! Why: microlp's branch and bound has no presolve and no cutting planes. On the taxed
//! Commander boards a few programs ask to beat a declaration by one (`objective ≥ v + 1`) and
//! are empty, but their relaxation reaches v + 2 with almost any single branching decision:
//! P = 6, N = 60, seed 1 has one (230 variables) that 180,000 nodes leave at bound 73 against
//! an incumbent of 71. Probing its 99 0-1 variables fixes 25 in one pass and finds the
//! relaxation empty in the second, about 350 relaxations in all, each a few pivots from the
//! last (microlp's warm-started bound changes; 1 to 30 ms a probing there). HiGHS proves the
//! same program empty at its root with its own probing and cuts.
//!
//! A variable the relaxation's current point already gives a value needs no test of that
//! value; every point met (the relaxation's and each feasible probe's) is one, until the next
//! fixing shrinks the relaxation.

use super::program::{Form, Program};
use crate::deadline::Deadline;
use crate::legality::SolveError;
use good_lp::Constraint;

/// The most passes over the 0-1 variables; each pass after the first only runs when the one
/// before fixed something.
const MAX_PASSES: usize = 8;

/// What probing found.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Probed {
    /// The program (with `more`) has no integer point.
    Empty,
    /// Columns of 0-1 variables and the value every integer point gives them (possibly none).
    Fixed(Vec<(usize, f64)>),
}

/// Probe the 0-1 variables of `program` with the rows `more` added, until `deadline` (the
/// fixings found by then are kept). microlp errors end the probing with what it has.
pub(super) fn probe(program: &Program, more: &[Constraint], deadline: Deadline) -> Result<Probed, SolveError> {
    let (relaxation, columns) = program.microlp(Form::Relaxation, more)?;
    let mut base = match relaxation.solve() {
        Ok(microlp::SolveOutcome::Solution(s)) => s,
        Ok(microlp::SolveOutcome::Interrupted(_)) => return Ok(Probed::Fixed(vec![])),
        Err(microlp::Error::Infeasible) => return Ok(Probed::Empty),
        Err(_) => return Ok(Probed::Fixed(vec![])),
    };
    let binaries: Vec<usize> = program.vars.domains().iter().enumerate().filter(|(_, d)| d.is_binary()).map(|(i, _)| i).collect();
    let n = columns.len();
    let mut fixed: Vec<Option<f64>> = vec![None; n];
    // seen[j]: whether a point of the current relaxation has column j at 0, at 1.
    let mut seen = vec![[false; 2]; n];
    let record = |seen: &mut Vec<[bool; 2]>, s: &microlp::Solution| {
        for (j, (_, v)) in s.iter().enumerate() {
            if v < 1e-6 {
                seen[j][0] = true;
            } else if v > 1.0 - 1e-6 {
                seen[j][1] = true;
            }
        }
    };
    record(&mut seen, &base);
    let found = |fixed: &[Option<f64>]| fixed.iter().enumerate().filter_map(|(j, f)| f.map(|v| (j, v))).collect();
    for _ in 0..MAX_PASSES {
        let mut changed = false;
        for &j in &binaries {
            if fixed[j].is_some() {
                continue;
            }
            for value in [0.0, 1.0] {
                if seen[j][value as usize] {
                    continue;
                }
                if deadline.passed() {
                    return Ok(Probed::Fixed(found(&fixed)));
                }
                match base.clone().fix_var(columns[j], value) {
                    Ok(microlp::SolveOutcome::Solution(s)) => record(&mut seen, &s),
                    // Undecided: nothing learnt.
                    Ok(microlp::SolveOutcome::Interrupted(_)) => seen[j][value as usize] = true,
                    Err(microlp::Error::Infeasible) => {
                        // Every point has j at the other value.
                        // As a row, not `fix_var`: microlp's `fix_var` of a basic variable to
                        // the value it already has fails (no column to pivot in) when every
                        // other column of its row is fixed, and that is no proof of anything.
                        let other = 1.0 - value;
                        let mut row = microlp::LinearExpr::empty();
                        row.add(columns[j], 1.0);
                        base = match base.add_constraint(row, microlp::ComparisonOp::Eq, other) {
                            Ok(microlp::SolveOutcome::Solution(s)) => s,
                            Err(microlp::Error::Infeasible) => return Ok(Probed::Empty),
                            _ => return Ok(Probed::Fixed(found(&fixed))),
                        };
                        fixed[j] = Some(other);
                        changed = true;
                        // The relaxation shrank: the points met before may have left it.
                        seen = vec![[false; 2]; n];
                        record(&mut seen, &base);
                        break;
                    }
                    Err(_) => return Ok(Probed::Fixed(found(&fixed))),
                }
            }
        }
        if !changed {
            break;
        }
    }
    Ok(Probed::Fixed(found(&fixed)))
}

#[cfg(test)]
mod tests {
    use super::{probe, Probed};
    use crate::deadline::Deadline;
    use crate::ilp::program::Program;
    use crate::ilp::vars::{variable, Vars};
    use good_lp::{constraint, Expression, Variable};

    fn program(n: usize, rows: impl Fn(&[Variable]) -> Vec<good_lp::Constraint>) -> Program {
        let mut vars = Vars::new();
        let xs: Vec<Variable> = (0..n).map(|_| vars.add(variable().binary())).collect();
        let rows = rows(&xs);
        Program::new(vars, Expression::from(0.0), rows, vec![])
    }

    /// An odd cycle of "at most one of two" asking for 1.5 of three: the relaxation has all at
    /// one half, but setting any one to 1 sets the other two to 0, and with it at 0 the other
    /// two can't make 1.5: probing finds the program empty, branching-free.
    #[test]
    fn an_odd_cycle_asking_for_more_than_one_is_empty() {
        let p = program(3, |x| {
            vec![
                constraint::leq(x[0] + x[1], 1.0),
                constraint::leq(x[1] + x[2], 1.0),
                constraint::leq(x[0] + x[2], 1.0),
                constraint::geq(x[0] + x[1] + x[2], 1.5),
            ]
        });
        assert_eq!(probe(&p, &[], Deadline::none()).unwrap(), Probed::Empty);
    }

    /// A program whose only solution has x0 = 0, x1 = x2 = 1 (s = x0 + x1 + x2 in [2, 3],
    /// 4·x0 ≤ s, 2·x2 ≤ s): probing fixes x0 and must keep the solution.
    #[test]
    fn probing_keeps_the_only_solution() {
        let mut vars = Vars::new();
        let x: Vec<Variable> = (0..3).map(|_| vars.add(variable().binary())).collect();
        let s = vars.add(variable().min(0.0));
        let rows = vec![
            constraint::eq(x[0] + x[1] + x[2], s),
            constraint::geq(Expression::from(s), 2.0),
            constraint::leq(Expression::from(s), 3.0),
            constraint::leq(4.0 * x[0], s),
            constraint::leq(2.0 * x[2], s),
        ];
        let p = Program::new(vars, Expression::from(0.0), rows, vec![]);
        assert_eq!(probe(&p, &[], Deadline::none()).unwrap(), Probed::Fixed(vec![(0, 0.0), (1, 1.0), (2, 1.0)]));
    }

    /// Two 0-1 variables asked for 1.5: each at 0 leaves the other short, so both are 1; a third,
    /// free, is not fixed. The rows added for the probing count like the program's own.
    #[test]
    fn variables_one_of_whose_values_empties_the_relaxation_are_fixed() {
        let p = program(3, |x| vec![constraint::geq(x[0] + x[1], 1.5)]);
        assert_eq!(probe(&p, &[], Deadline::none()).unwrap(), Probed::Fixed(vec![(0, 1.0), (1, 1.0)]));
        let free = program(3, |_| vec![]);
        assert_eq!(probe(&free, &[], Deadline::none()).unwrap(), Probed::Fixed(vec![]));
        let x2 = free.columns[2];
        let more = [constraint::geq(Expression::from(x2), 0.5)];
        assert_eq!(probe(&free, &more, Deadline::none()).unwrap(), Probed::Fixed(vec![(2, 1.0)]));
    }
}
