//! The exhaustive checker for blocks (docs/blocks.md "Deciding"), written to be obviously right
//! rather than fast, as the attack one ([`crate::legality::exhaustive`]): every assignment of
//! each able blocker to no attacker or to a set of the attackers it is allowed, within its
//! capacity (CR 509.1a), keeping those that obey every restriction (509.1b), incur only allowed
//! cost instances and can be paid (509.1d); the maximum of 509.1c is the most requirements
//! obeyed among them. It is the reference the integer program is tested against.

use super::{BlockMaximizer, BlockMaximum, Payability};
use crate::deadline::Deadline;
use crate::legality::exhaustive::{next_choice, MAX_DECLARATIONS};
use crate::legality::{Proof, SolveError};
use crate::rules::blocks::{BlockAssignment, BlockRules};
use itertools::Itertools;

/// The most assignments the exhaustive checker tries: the attack checker's bound (one step of
/// either is a pass over the restrictions).
pub const MAX_BLOCK_ASSIGNMENTS: u64 = MAX_DECLARATIONS;

/// How often the enumeration looks at the clock.
const DEADLINE_EVERY: usize = 256;

/// One assignment obeying every restriction, incurring only allowed costs, payable.
#[derive(Debug, Clone)]
pub struct BlockCandidate {
    /// The blocks, per blocker.
    pub assignment: BlockAssignment,
    /// The requirements it obeys (those that count).
    pub obeyed: usize,
}

/// What blocker `b` may do: block nothing, or a set of its allowed attackers of at most its
/// capacity (CR 509.1a), in increasing size. A blocker with a cost instance not allowed may
/// only not block.
fn choices(rules: &BlockRules, b: usize, allowed_costs: &[bool]) -> Vec<Vec<usize>> {
    let blocker = &rules.blockers[b];
    let costly = rules.costs.iter().enumerate().any(|(k, c)| c.blocker == b && !allowed_costs[k]);
    if costly {
        return vec![vec![]];
    }
    let most = blocker.capacity.min(blocker.allowed.len());
    (0..=most).flat_map(|n| blocker.allowed.iter().copied().combinations(n)).collect()
}

/// The number of assignments to try, if it fits in u64: the product over blockers of their
/// choices (without building them: a sum of binomial coefficients each).
pub fn space(rules: &BlockRules) -> Option<u64> {
    rules.blockers.iter().try_fold(1u64, |acc, b| {
        let n = b.allowed.len() as u64;
        let most = (b.capacity.min(b.allowed.len())) as u64;
        // Σ_{k ≤ most} C(n, k), each term from the last, checked.
        let (mut term, mut sum) = (1u64, 1u64);
        for k in 1..=most {
            term = term.checked_mul(n - k + 1)? / k;
            sum = sum.checked_add(term)?;
        }
        acc.checked_mul(sum)
    })
}

/// Every assignment obeying every restriction, incurring only cost instances `k` with
/// `allowed_costs[k]` and payable, in enumeration order (the first blocker's choice changes
/// fastest); refused past [`MAX_BLOCK_ASSIGNMENTS`], stopped at `deadline`.
pub fn candidates(
    rules: &BlockRules,
    allowed_costs: &[bool],
    payable: &dyn Payability,
    deadline: Deadline,
) -> Result<Vec<BlockCandidate>, SolveError> {
    match space(rules) {
        Some(n) if n <= MAX_BLOCK_ASSIGNMENTS => {}
        n => {
            return Err(SolveError::TooLarge(format!(
                "the exhaustive checker tries every declaration of blockers, and this combat has {} (limit {MAX_BLOCK_ASSIGNMENTS})",
                n.map_or("more than 2^64".to_string(), |n| n.to_string())
            )))
        }
    }
    let options: Vec<Vec<Vec<usize>>> = (0..rules.blockers.len()).map(|b| choices(rules, b, allowed_costs)).collect();
    let n = rules.blockers.len();
    let mut choice = vec![0usize; n];
    let mut out = Vec::new();
    for step in 0usize.. {
        if step.is_multiple_of(DEADLINE_EVERY) && deadline.passed() {
            return Err(SolveError::TimeLimit("the time limit ran out before the exhaustive checker had tried every declaration of blockers".into()));
        }
        let x: BlockAssignment = (0..n).map(|b| options[b][choice[b]].clone()).collect();
        // CR 509.1b: every restriction; 509.1d: the costs can be paid.
        if rules.respects_restrictions(&x) && payable.payable(&rules.incurred(&x))? {
            out.push(BlockCandidate { obeyed: rules.obeyed(&x), assignment: x });
        }
        if !next_choice(&mut choice, |b| options[b].len() - 1) {
            return Ok(out);
        }
    }
    Ok(out)
}

/// How many blockers' blocks differ between two assignments.
pub fn distance(x: &BlockAssignment, y: &BlockAssignment) -> usize {
    x.iter().zip(y).filter(|(a, b)| a != b).count()
}

/// The most requirements obeyed among `cands` (CR 509.1c), with a witness closest to `prefer`.
pub fn best<'c>(cands: &'c [BlockCandidate], prefer: &BlockAssignment) -> Option<(usize, &'c BlockAssignment)> {
    let max = cands.iter().map(|c| c.obeyed).max()?;
    let best = cands.iter().filter(|c| c.obeyed == max).min_by_key(|c| distance(&c.assignment, prefer))?;
    Some((max, &best.assignment))
}

/// The exhaustive checker as a [`BlockMaximizer`].
#[derive(Debug, Clone, Copy)]
pub struct ExhaustiveBlocks;

impl BlockMaximizer for ExhaustiveBlocks {
    fn block_maximum(
        &self,
        rules: &BlockRules,
        allowed_costs: &[bool],
        payable: &dyn Payability,
        prefer: &BlockAssignment,
        deadline: Deadline,
    ) -> Result<BlockMaximum, SolveError> {
        let cands = candidates(rules, allowed_costs, payable, deadline)?;
        // "No block" obeys every restriction and incurs no cost, so there is always one.
        let (value, witness) =
            best(&cands, prefer).ok_or_else(|| SolveError::Internal("no declaration of blockers obeys every restriction".into()))?;
        Ok(BlockMaximum { value, witness: witness.clone(), proof: Proof::Exhaustive })
    }
}
