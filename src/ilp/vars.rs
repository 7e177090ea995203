//! The program's variables: good_lp's, with the domains good_lp keeps to itself.
//!
//! [`super::probe`] solves the program's linear relaxation on its own (microlp's warm-started
//! bound changes, which good_lp does not expose), so it needs each variable's bounds and
//! whether it is integer; good_lp's `VariableDefinition` does not give its bounds back. Every
//! variable of an [`super::Encoding`] is made here, with the same builder calls as good_lp's.

use good_lp::{ProblemVariables, Variable};

/// A variable's domain: its bounds and whether it takes integer values only.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Domain {
    pub min: f64,
    pub max: f64,
    pub integer: bool,
}

impl Domain {
    /// A 0-1 variable: what the probing fixes.
    pub fn is_binary(&self) -> bool {
        self.integer && self.min == 0.0 && self.max == 1.0
    }
}

/// A continuous variable with no bounds, to restrict with the builder methods (as good_lp's
/// `variable()`).
pub fn variable() -> Domain {
    Domain { min: f64::NEG_INFINITY, max: f64::INFINITY, integer: false }
}

impl Domain {
    pub fn min(self, min: f64) -> Domain {
        Domain { min, ..self }
    }
    pub fn max(self, max: f64) -> Domain {
        Domain { max, ..self }
    }
    pub fn integer(self) -> Domain {
        Domain { integer: true, ..self }
    }
    pub fn binary(self) -> Domain {
        Domain { min: 0.0, max: 1.0, integer: true }
    }
}

/// good_lp's variables and, in the same order, their domains.
#[derive(Default, Clone)]
pub struct Vars {
    problem: ProblemVariables,
    domains: Vec<Domain>,
}

impl Vars {
    pub fn new() -> Vars {
        Vars::default()
    }

    /// A new variable of domain `d`.
    pub fn add(&mut self, d: Domain) -> Variable {
        let mut def = good_lp::variable().min(d.min).max(d.max);
        if d.integer {
            def = def.integer();
        }
        self.domains.push(d);
        self.problem.add(def)
    }

    /// The domains, in the order the variables were made (microlp's column order).
    pub fn domains(&self) -> &[Domain] {
        &self.domains
    }

    /// good_lp's variables, to build a model from.
    pub fn problem(&self) -> &ProblemVariables {
        &self.problem
    }

    pub fn into_problem(self) -> ProblemVariables {
        self.problem
    }
}
