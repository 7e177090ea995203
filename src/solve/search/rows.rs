//! The families of rows a round of the search adds to its programs (see the module doc of
//! [`super`]). Each is one type behind [`RowFamily`]; a round's program is the encoding, the
//! families in [`Round::families`](super::Round) order, the objective and its window.
//!
//! Every family is valid for every legal declaration the phase still looks for (CR 508.1d:
//! legal under paid means obeying the maximum `M(incurred(D))`), so a round's program is a
//! relaxation of the legal set: its optimum bounds the phase's objective, and a declaration
//! it returns is legal exactly when it meets its own paid bar (checked after the round).

use crate::ilp::dual::spare::Case;
use crate::ilp::dual::Couplings;
use crate::ilp::exchange::Exchange;
use crate::ilp::Encoding;
use crate::position::Position;
use crate::rules::Assignment;
use good_lp::{constraint, Constraint, Expression};
use std::cell::RefCell;

/// One family of rows for one program of a round: `tuple` is the program's tuple of coupling
/// duals and case of the split on tied mana (None: the round has one program).
pub(super) trait RowFamily {
    fn rows(&self, pos: &Position, enc: &mut Encoding, tuple: Option<(usize, Case)>) -> Vec<Constraint>;
}

/// `obeyed ≥ m(∅)`: every legal declaration obeys at least the free maximum (its bar
/// `M(S) ≥ m(∅)`, CR 508.1d).
pub(super) struct FreeBar(pub usize);

impl RowFamily for FreeBar {
    fn rows(&self, _: &Position, enc: &mut Encoding, _: Option<(usize, Case)>) -> Vec<Constraint> {
        vec![constraint::leq(Expression::from(self.0 as f64), enc.obeyed.clone())]
    }
}

/// The lazy cuts so far: for each declaration W that was a paid bar's witness and its maximum
/// m, "a declaration incurring at least W's cost instances obeys at least m"
/// ([`Encoding::paid_cut`]), lifted where `lift` and the witness allow.
pub(super) struct PaidCuts<'a> {
    pub cuts: &'a [(Assignment, usize)],
    pub m_free: usize,
    /// Lifted cuts where there are no coupling duals only: on the taxed Commander boards,
    /// whose coupled dual bars carry the search, they made the rounds slower.
    pub lift: bool,
}

impl RowFamily for PaidCuts<'_> {
    fn rows(&self, pos: &Position, enc: &mut Encoding, _: Option<(usize, Case)>) -> Vec<Constraint> {
        self.cuts.iter().flat_map(|(a, m)| enc.paid_cut(a, *m, self.m_free, pos, self.lift)).collect()
    }
}

/// The paid bar's lower bounds by moves of declarations obeying the free maximum, each over
/// every cost set at once ([`crate::rules::MoveBar`], [`Encoding::moves_cut`]).
pub(super) struct Moves<'a>(pub Option<&'a crate::rules::MoveBar>);

impl RowFamily for Moves<'_> {
    fn rows(&self, _: &Position, enc: &mut Encoding, _: Option<(usize, Case)>) -> Vec<Constraint> {
        self.0.iter().flat_map(|bar| enc.moves_cut(bar)).collect()
    }
}

/// The exchange cuts read off the rounds once the search escalated ([`crate::ilp::exchange`]).
pub(super) struct Exchanges<'a>(pub &'a [Exchange]);

impl RowFamily for Exchanges<'_> {
    fn rows(&self, pos: &Position, enc: &mut Encoding, tuple: Option<(usize, Case)>) -> Vec<Constraint> {
        let idle = enc.idle_tied(pos, tuple.map_or(Case::Any, |(_, case)| case));
        self.0.iter().flat_map(|e| enc.exchange_cut(pos, e, &idle)).collect()
    }
}

/// The paid bar by LP duality ([`crate::ilp::dual`]): the program's tuple of coupling duals
/// and case, or, without tuples, the one program with linearized products. Records for each
/// program whether a bar was built and whether it is exact (`built`).
pub(super) struct DualBar<'a> {
    pub couplings: Option<&'a Couplings>,
    pub built: RefCell<BarsBuilt>,
}

impl RowFamily for DualBar<'_> {
    fn rows(&self, pos: &Position, enc: &mut Encoding, tuple: Option<(usize, Case)>) -> Vec<Constraint> {
        let bar = match (self.couplings, tuple) {
            (Some(c), Some((t, case))) => enc.paid_bar_coupled(pos, c, t, case),
            _ => enc.paid_bar_dual(pos),
        };
        self.built.borrow_mut().0.push(bar.as_ref().map(|b| b.exact));
        match (bar, tuple) {
            (Some(b), _) => b.constraints,
            // No bar for the tuple: the program still keeps to its case of the split, which
            // the exchange cuts' premises count on ([`Encoding::idle_tied`]).
            (None, Some((_, case))) => enc.spare_case(pos, case).unwrap_or_default(),
            (None, None) => vec![],
        }
    }
}

/// The dual bars of a round's programs: per program, None when none could be built, else
/// whether it is exact. Empty when the dual bar is not on.
#[derive(Debug, Default)]
pub(super) struct BarsBuilt(Vec<Option<bool>>);

impl BarsBuilt {
    /// Whether some program's bar was built.
    pub fn any(&self) -> bool {
        self.0.iter().any(Option::is_some)
    }

    /// Whether every program's bar was built and exact: then a declaration of the round meets
    /// its paid bar, or the model is wrong.
    pub fn all_exact(&self) -> bool {
        !self.0.is_empty() && self.0.iter().all(|b| *b == Some(true))
    }

    /// Whether some program's bar is only a lower bound.
    pub fn some_inexact(&self) -> bool {
        self.0.contains(&Some(false))
    }
}

/// The caller's rows: the tie-breaks' fixed earlier objectives, `enumerate`'s no-goods, a
/// class's settled requirements (CR 508.1d).
pub(super) struct Caller<'a, X>(pub &'a X);

impl<X: Fn(&Encoding) -> Vec<Constraint>> RowFamily for Caller<'_, X> {
    fn rows(&self, _: &Position, enc: &mut Encoding, _: Option<(usize, Case)>) -> Vec<Constraint> {
        (self.0)(enc)
    }
}

/// The objective's window: at most the phase's proven bound, and better than the best
/// declaration known (the incumbent, or an earlier program's answer this round).
pub(super) struct Window {
    pub bound: Option<f64>,
    pub beat: Option<f64>,
}

impl Window {
    pub fn rows(&self, objective: &Expression) -> Vec<Constraint> {
        let mut rows = Vec::new();
        if let Some(b) = self.bound {
            // Objectives are integers: a proven bound b allows at most ⌊b⌋.
            rows.push(constraint::leq(objective.clone(), (b + 1e-6).floor()));
        }
        if let Some(v) = self.beat {
            // Objectives are integers; the solver's value is a float (3e-16 for 0): unrounded,
            // "beat 3e-16" asked for 1 + 3e-16 and lost a declaration of value 1
            // (tests/regressions/closest-legal-float-incumbent.json).
            rows.push(constraint::leq(v.round() + 1.0, objective.clone()));
        }
        rows
    }
}
