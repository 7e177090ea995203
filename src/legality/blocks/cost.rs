//! Costs to block (CR 509.1d-f): which cost instances a declaration of blockers incurs, whether
//! they can be paid together, and the payment.
//!
//! Each blocker's controller pays its cost instances from their own sources, pool and life (CR
//! 810.5; life shared by the team under shared life, 810.9), with the mana of
//! `crate::mana` read for the defending players (`ManaBoard::for_blocks`).
//!
//! Payability is monotone: a set of cost instances that can be paid leaves any subset payable.
//! Declaring blockers taps nothing (unlike attacking, CR 508.1f), so the sources are the same
//! whatever blocks, a blocking creature's own mana ability included (509.1e); a subset owes a
//! sub-multiset of the symbols, paid by the same units less some (and less life). The integer
//! program relies on it: it cuts off a set found unpayable together with every superset
//! (`crate::ilp::blocks`); `tests/it/block_costs.rs` checks it on every subset.

use super::rules_of;
use crate::board::{PaymentEntry, ValidBoard};
use crate::legality::report::{Violation, ViolationKind};
use crate::legality::SolveError;
use crate::mana::{format_cost, CostTotal, ManaBoard, Payment, Source};
use crate::position::Position;
use crate::rules::blocks::BlockRules;
use crate::vocab::symbol::Symbol;
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

/// Whether sets of cost instances to block can be paid together (CR 509.1d).
pub trait Payability {
    /// Whether the cost instances `incurred` (indices into [`BlockRules::costs`]) can be paid
    /// together by their blockers' controllers.
    fn payable(&self, incurred: &[usize]) -> Result<bool, SolveError>;
}

/// Blocking taps no source (CR 509.1): every source of a defending player may pay.
fn none_tapped(_: &Source) -> bool {
    false
}

/// What [`Payer::settle`] finds: the costs' total, the cost violations, a payment that works
/// when the one given does not.
pub type Settled = (CostTotal, Vec<Violation>, Option<Vec<PaymentEntry>>);

/// The defending players' means of paying: their mana sources, pools and life.
#[derive(Debug)]
pub struct Payer<'p> {
    board: &'p ValidBoard,
    rules: &'p BlockRules,
    mana: &'p ManaBoard,
    /// Payability already decided, by set of cost instances (sorted): the exhaustive checker
    /// asks the same few sets for many declarations.
    known: Mutex<HashMap<Vec<usize>, bool>>,
}

impl<'p> Payer<'p> {
    /// The means of paying on a board with combat.
    pub fn new(pos: &'p Position) -> Result<Payer<'p>, SolveError> {
        let rules = rules_of(pos)?;
        let mana = pos.block_mana.as_ref().ok_or_else(|| SolveError::Internal("a board with combat without the defenders' mana".into()))?;
        Ok(Payer { board: &pos.board, rules, mana, known: Mutex::new(HashMap::new()) })
    }

    /// What each defending player owes for the cost instances `incurred`: those of the
    /// creatures they control (CR 509.1d).
    pub fn owed(&self, incurred: &[usize]) -> BTreeMap<usize, Vec<Symbol>> {
        let mut owed: BTreeMap<usize, Vec<Symbol>> = BTreeMap::new();
        for &k in incurred {
            let cost = &self.rules.costs[k];
            owed.entry(self.rules.blockers[cost.blocker].controller).or_default().extend(cost.cost.iter().copied());
        }
        owed
    }

    /// A payment of the cost instances `incurred` with the least life, or None when they can't
    /// be paid together (CR 509.1d-f).
    pub fn payment(&self, incurred: &[usize]) -> Result<Option<Payment>, SolveError> {
        Ok(self.mana.pay_owed(self.board, &self.owed(incurred), &none_tapped)?)
    }

    /// The costs a declaration incurs: their total, the violations when they can't be paid or
    /// `payment` does not pay them (CR 509.1d), and then a payment that works, if any. A given
    /// payment is checked even when nothing is owed: every entry must still be possible.
    pub fn settle(&self, _pos: &Position, rules: &BlockRules, incurred: &[usize], payment: Option<&[PaymentEntry]>) -> Result<Settled, SolveError> {
        let symbols: Vec<Symbol> = incurred.iter().flat_map(|&k| rules.costs[k].cost.iter().copied()).collect();
        let mut cost = CostTotal { mana: format_cost(&symbols), life: 0, actions: vec![] };
        let mut violations = Vec::new();
        let mut works = None;
        match payment {
            Some(given) => {
                let owed = self.owed(incurred);
                let problems = self.mana.verify_owed(self.board, &owed, &none_tapped, &|s| format_cost(s), given)?;
                if problems.is_empty() {
                    cost.life = given.iter().filter_map(|e| e.life).fold(0i64, i64::saturating_add);
                } else {
                    // The given payment stays a cost violation, but a judge shows one that
                    // works when there is one (as for attacks).
                    works = self.payment(incurred)?.map(|p| p.entries);
                }
                violations.extend(problems.into_iter().map(|p| Violation::new(ViolationKind::Cost, p)));
            }
            None if incurred.is_empty() => {}
            None => match self.payment(incurred)? {
                Some(p) => cost.life = p.total_life(),
                None => violations.push(Violation::new(ViolationKind::Cost, self.cannot_pay(incurred))),
            },
        }
        Ok((cost, violations, works))
    }

    /// Why the cost instances `incurred` can't be paid: what each player owes and has, and each
    /// cost with its blocker and source.
    fn cannot_pay(&self, incurred: &[usize]) -> String {
        let vb = self.board;
        let parts: Vec<String> =
            self.owed(incurred).iter().map(|(&p, symbols)| self.mana.means_words(vb, p, &format_cost(symbols), &none_tapped)).collect();
        let costs: Vec<String> = incurred
            .iter()
            .map(|&k| {
                let c = &self.rules.costs[k];
                format!("{} for {}, by {}", format_cost(&c.cost), vb.permanent_label(self.rules.blockers[c.blocker].permanent), c.source)
            })
            .collect();
        format!("the costs to block can't be paid (CR 509.1d-f, no partial payment): {}; costs: {}", parts.join("; "), costs.join("; "))
    }
}

impl Payability for Payer<'_> {
    fn payable(&self, incurred: &[usize]) -> Result<bool, SolveError> {
        if incurred.is_empty() {
            return Ok(true);
        }
        let mut key = incurred.to_vec();
        key.sort_unstable();
        // A poisoned lock only means another thread panicked; the map is still sound.
        if let Some(&known) = self.known.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Ok(known);
        }
        let payable = self.payment(&key)?.is_some();
        self.known.lock().unwrap_or_else(|e| e.into_inner()).insert(key, payable);
        Ok(payable)
    }
}
