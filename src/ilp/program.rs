//! One integer program as microlp gets it: the encoding's variables with their domains, the
//! objective and every row, kept after microlp's problem is built, so that the probing
//! ([`super::probe`]) can build the linear relaxation and the search can rebuild the problem
//! with the variables it fixed (good_lp's `microlp()` takes its rows by value and keeps none).

use super::vars::{Domain, Vars};
use crate::legality::SolveError;
use good_lp::{Constraint, Expression, IntoAffineExpression, Variable};
use std::collections::HashMap;

/// A program to maximize: `objective` over `rows`.
pub(super) struct Program {
    pub vars: Vars,
    pub objective: Expression,
    pub rows: Vec<Constraint>,
    /// good_lp's variables in creation order (microlp's columns).
    pub columns: Vec<Variable>,
    /// The inverse: a variable's column.
    pub index: HashMap<Variable, usize>,
}

/// Which problem [`Program::microlp`] builds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Form {
    /// The integer program itself.
    Integer,
    /// Its linear relaxation with no objective: a feasibility problem.
    Relaxation,
}

impl Program {
    pub fn new(vars: Vars, objective: Expression, mut rows: Vec<Constraint>, extra: Vec<Constraint>) -> Program {
        rows.extend(extra);
        let columns: Vec<Variable> = vars.problem().iter_variables_with_def().map(|(v, _)| v).collect();
        let index = columns.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        Program { vars, objective, rows, columns, index }
    }

    /// The program (or its relaxation) as a microlp problem, with `more` rows, and its
    /// columns. Integer bounds are rounded inwards as good_lp's microlp backend does; bounds
    /// past microlp's `i32` are an error, never a silent change.
    pub fn microlp(&self, form: Form, more: &[Constraint]) -> Result<(microlp::Problem, Vec<microlp::Variable>), SolveError> {
        let mut problem = microlp::Problem::new(microlp::OptimizationDirection::Maximize);
        let objective: HashMap<Variable, f64> = match form {
            Form::Integer => self.objective.clone().linear_coefficients().collect(),
            Form::Relaxation => HashMap::new(),
        };
        let mut columns = Vec::with_capacity(self.columns.len());
        for (v, d) in self.columns.iter().zip(self.vars.domains()) {
            let c = objective.get(v).copied().unwrap_or(0.0);
            columns.push(match (form, d) {
                (Form::Integer, Domain { min, max, integer: true }) => {
                    let (lo, hi) = (to_i32(min.ceil())?, to_i32(max.floor())?);
                    if lo > hi {
                        return Err(SolveError::Internal("an integer variable has no integer value within its bounds".into()));
                    }
                    problem.add_integer_var(c, (lo, hi))
                }
                _ => problem.add_var(c, (d.min, d.max)),
            });
        }
        for row in self.rows.iter().chain(more) {
            let e = row.expression();
            let mut linear = microlp::LinearExpr::empty();
            for (v, k) in e.linear_coefficients() {
                let column = self.index.get(&v).ok_or_else(|| SolveError::Internal("a row uses a variable the program does not have".into()))?;
                linear.add(columns[*column], k);
            }
            let op = if row.is_equality() { microlp::ComparisonOp::Eq } else { microlp::ComparisonOp::Le };
            problem.add_constraint(linear, op, -e.constant());
        }
        Ok((problem, columns))
    }
}

impl Program {
    /// The objective at `values` (a column each), its constant included: microlp's own
    /// objective value leaves the constant out.
    pub fn value(&self, values: &[f64]) -> f64 {
        let e = &self.objective;
        e.linear_coefficients().map(|(v, k)| k * self.index.get(&v).and_then(|&j| values.get(j)).copied().unwrap_or(0.0)).sum::<f64>() + e.constant()
    }
}

/// An integer bound as microlp takes it: infinite bounds are its whole range.
fn to_i32(b: f64) -> Result<i32, SolveError> {
    if b == f64::INFINITY {
        Ok(i32::MAX)
    } else if b == f64::NEG_INFINITY {
        Ok(i32::MIN)
    } else if (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(&b) {
        Ok(b as i32)
    } else {
        Err(SolveError::Internal(format!("an integer bound ({b}) is beyond what microlp takes")))
    }
}
