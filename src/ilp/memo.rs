//! Maxima proved once (issue 37): a search proves the free maximum `m(∅)` and the paid bar
//! `M(incurred(a))` of every declaration a round returns; checking its answers asks for the same
//! maxima again (`check` proves `m(∅)` and `M(incurred(D))` for each declaration it reports).
//! [`Maxima`] remembers them by allowed cost set, so the checks of `solve`'s and `enumerate`'s
//! answers read them instead of solving their programs again.

use super::Ilp;
use crate::legality::{Maximizer, Maximum, SolveError};
use crate::position::Position;
use crate::rules::Assignment;
use std::cell::RefCell;
use std::collections::HashMap;

/// A [`Maximizer`] over an [`Ilp`] that remembers the maxima proved for each allowed set of
/// cost instances, on boards without conditional requirements, where a maximum's value depends
/// on the allowed set alone (with conditions it depends on the declaration compared too, CR
/// 508.1d, and every maximum is proved).
///
/// A remembered maximum keeps the witness it was proved with, which need not be the closest to
/// the declaration compared (what [`Maximizer::maximum`] asks for): it is meant for checking
/// declarations known to be legal (the answers of `solve` and `enumerate`), whose reports show
/// no witness. A check of any other declaration uses the [`Ilp`] itself.
pub struct Maxima<'a> {
    ilp: &'a Ilp,
    known: RefCell<HashMap<Vec<bool>, Maximum>>,
}

impl<'a> Maxima<'a> {
    /// None known yet; what is not known is proved by `ilp`.
    pub fn new(ilp: &'a Ilp) -> Maxima<'a> {
        Maxima { ilp, known: RefCell::new(HashMap::new()) }
    }

    /// Remember `maximum`, proved over the declarations incurring only the cost instances of
    /// `allowed` (by any tie-break: its value is the maximum's).
    pub fn remember(&self, pos: &Position, allowed: &[bool], maximum: &Maximum) {
        if !pos.rules.has_conditions() {
            self.known.borrow_mut().entry(allowed.to_vec()).or_insert_with(|| maximum.clone());
        }
    }

    /// How many maxima are remembered.
    pub fn len(&self) -> usize {
        self.known.borrow().len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Maximizer for Maxima<'_> {
    fn maximum(&self, pos: &Position, allowed: &[bool], prefer: &Assignment) -> Result<Maximum, SolveError> {
        if pos.rules.has_conditions() {
            return self.ilp.maximum(pos, allowed, prefer);
        }
        if let Some(known) = self.known.borrow().get(allowed) {
            return Ok(known.clone());
        }
        let proved = self.ilp.maximum(pos, allowed, prefer)?;
        self.remember(pos, allowed, &proved);
        Ok(proved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Profile};

    /// CR 508.1d: a remembered maximum is read, not proved again (a planted value comes back),
    /// what is not known is proved and remembered, and the value agrees with the Ilp's.
    #[test]
    fn cr_508_1d_a_remembered_maximum_is_read_and_the_rest_proved() {
        let pos = Position::new(crate::board::validate_typed(generate(4, 20, 1, Profile::Commander), "board.json").unwrap()).unwrap();
        assert!(!pos.rules.has_conditions());
        let ilp = Ilp::default();
        let maxima = Maxima::new(&ilp);
        let (none, all) = (vec![false; pos.rules.costs.len()], vec![true; pos.rules.costs.len()]);
        let no_attack = pos.rules.no_attack();
        let planted = Maximum { value: 999, ..ilp.maximum(&pos, &none, &no_attack).unwrap() };
        maxima.remember(&pos, &none, &planted);
        assert_eq!(maxima.maximum(&pos, &none, &no_attack).unwrap().value, 999);
        let proved = maxima.maximum(&pos, &all, &no_attack).unwrap();
        assert_eq!(proved.value, ilp.maximum(&pos, &all, &no_attack).unwrap().value);
        assert_eq!(maxima.len(), 2);
    }
}
