//! Costs to block (CR 509.1d-f): which cost instances a declaration of blockers incurs, whether
//! they can be paid together, and the payment.
//!
//! Payability is monotone: a set of cost instances that can be paid leaves any subset payable
//! (tapping fewer sources, paying less life), and blocking taps nothing, so a blocker may also
//! tap for mana. The integer program relies on it: it cuts off a set found unpayable together
//! with every superset (`crate::ilp::blocks`).

use crate::board::PaymentEntry;
use crate::legality::report::Violation;
use crate::legality::SolveError;
use crate::mana::CostTotal;
use crate::position::Position;
use crate::rules::blocks::BlockRules;

/// Whether sets of cost instances to block can be paid together (CR 509.1d).
pub trait Payability {
    /// Whether the cost instances `incurred` (indices into [`BlockRules::costs`]) can be paid
    /// together by their blockers' controllers.
    fn payable(&self, incurred: &[usize]) -> Result<bool, SolveError>;
}

/// The defending players' means of paying: their mana sources, pools and life.
#[derive(Debug, Clone)]
pub struct Payer {}

impl Payer {
    /// The means of paying on a board with combat.
    pub fn new(_pos: &Position) -> Result<Payer, SolveError> {
        Ok(Payer {})
    }

    /// The costs a declaration incurs: their total, and the violations when they can't be paid
    /// or `payment` does not pay them (CR 509.1d).
    pub fn settle(
        &self,
        _pos: &Position,
        _rules: &BlockRules,
        incurred: &[usize],
        _payment: Option<&[PaymentEntry]>,
    ) -> Result<(CostTotal, Vec<Violation>), SolveError> {
        if !incurred.is_empty() {
            return Err(SolveError::Internal("costs to block are not paid yet (docs/blocks.md slice 3)".into()));
        }
        Ok((CostTotal { mana: String::new(), life: 0, actions: vec![] }, vec![]))
    }
}

impl Payability for Payer {
    fn payable(&self, incurred: &[usize]) -> Result<bool, SolveError> {
        Ok(incurred.is_empty())
    }
}
