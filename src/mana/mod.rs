//! Mana available to pay costs to attack, and payment (CR 106, 107.4, 118, 119.4, 302.6,
//! 508.1f-j, 605).
//!
//! Payability is decided exactly: after the (rare) choices that are not a matching are
//! enumerated, paying is a transportation problem between classes of mana units (grouped by
//! the set of types a unit may be) and classes of cost symbols, solved as a max flow
//! (`flow`). Phyrexian symbols take life as a special unit class, and the least life is found
//! by binary search (life paid only grows the flow).

mod flow;
mod pay;
mod production;
mod sources;

/// The mana symbols live in [`crate::vocab::symbol`] (boards are written with them).
pub use crate::vocab::symbol;
pub use pay::{cost_words, format_cost, CostTotal, PayError, Payment, MAX_CHOICES};
pub use sources::{ManaBoard, Source};
