//! Mana available to pay costs to attack and to block, and payment (CR 106, 107.4, 118, 119.4,
//! 302.6, 508.1f-j, 509.1d-f, 605).
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
pub(crate) use pay::tapped_by;
pub use pay::{cost_words, format_cost, CostTotal, PayError, Payment, MAX_CHOICES};
pub use sources::{Declaring, ManaBoard, Source};

/// How many ways `n` interchangeable sources split among `m` alternatives: C(n + m - 1, m - 1);
/// None past `usize`.
fn multisets(n: usize, m: usize) -> Option<usize> {
    let (top, k) = (n.checked_add(m)?.checked_sub(1)?, m.checked_sub(1)?);
    (0..k).try_fold(1usize, |acc, i| acc.checked_mul(top - i).map(|x| x / (i + 1)))
}

/// Every way to write `n` as an ordered sum of `m` counts (called only where [`multisets`] is
/// within a limit).
fn compositions(n: usize, m: usize) -> Vec<Vec<usize>> {
    if m == 1 {
        return vec![vec![n]];
    }
    (0..=n)
        .flat_map(|first| {
            compositions(n - first, m - 1).into_iter().map(move |mut rest| {
                rest.insert(0, first);
                rest
            })
        })
        .collect()
}
