//! The exhaustive reference checker: tries every declaration of a small board.
//!
//! It is the oracle every faster method is tested against, so it is written to be obviously
//! right rather than fast: it enumerates each creature's choice among "no attack" and every
//! target it is allowed (CR 508.1a-b minus "can't attack" restrictions), keeps those obeying
//! every other restriction, and asks the mana module whether their costs can be paid.
//!
//! Boards whose declarations number more than [`MAX_DECLARATIONS`] are refused.

use super::{Baseline, Maximizer, Maximum, Proof, SolveError};
use crate::deadline::Deadline;
use crate::position::Position;
use crate::rules::{Assignment, Rules};
use std::collections::HashMap;

/// The time limit ran out (checked every [`DEADLINE_EVERY`] steps of the enumeration).
fn past(deadline: Deadline, step: usize) -> Result<(), SolveError> {
    if step.is_multiple_of(DEADLINE_EVERY) && deadline.passed() {
        return Err(SolveError::TimeLimit("the time limit ran out before the exhaustive checker had tried every declaration".into()));
    }
    Ok(())
}

/// How often the enumeration looks at the clock: a step is at most a restriction check and a
/// payment, microseconds each.
const DEADLINE_EVERY: usize = 256;

/// The most declarations the exhaustive checker will try (the product over creatures of
/// 1 + allowed targets).
pub const MAX_DECLARATIONS: u64 = 2_000_000;

/// The exhaustive checker.
#[derive(Debug, Clone, Copy, Default)]
pub struct Exhaustive;

/// One declaration that obeys every restriction and can be paid.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The declaration, in plain form.
    pub assignment: Assignment,
    /// The requirements it obeys (those that count).
    pub obeyed: usize,
    /// Incurred cost instances, sorted.
    pub incurred: Vec<usize>,
}

impl Exhaustive {
    /// The number of declarations to try, if it fits in u64.
    pub fn space(pos: &Position) -> Option<u64> {
        pos.rules.creatures.iter().try_fold(1u64, |acc, c| acc.checked_mul(c.allowed.len() as u64 + 1))
    }

    fn check_size(pos: &Position) -> Result<(), SolveError> {
        match Self::space(pos) {
            Some(n) if n <= MAX_DECLARATIONS => Ok(()),
            n => Err(SolveError::TooLarge(format!(
                "the exhaustive checker tries every declaration, and this board has {} (limit {MAX_DECLARATIONS})",
                n.map_or("more than 2^64".to_string(), |n| n.to_string())
            ))),
        }
    }

    /// Every declaration that obeys every restriction and whose costs can be paid, in
    /// enumeration order (the first creature's choice changes fastest).
    pub fn candidates(pos: &Position) -> Result<Vec<Candidate>, SolveError> {
        Self::candidates_until(pos, Deadline::none())
    }

    /// [`Exhaustive::candidates`], stopping with [`SolveError::TimeLimit`] at `deadline` (issue
    /// 11, F06: batch and the library ran it without bound).
    pub fn candidates_until(pos: &Position, deadline: Deadline) -> Result<Vec<Candidate>, SolveError> {
        Self::check_size(pos)?;
        let rules = &pos.rules;
        let n = rules.creatures.len();
        let mut choice = vec![0usize; n]; // 0 = no attack, k = allowed[k - 1]
        let mut payable: HashMap<(Vec<usize>, Vec<usize>), bool> = HashMap::new();
        let mut out = Vec::new();
        for step in 0usize.. {
            past(deadline, step)?;
            let a: Assignment = (0..n).map(|c| if choice[c] == 0 { None } else { Some(rules.creatures[c].allowed[choice[c] - 1]) }).collect();
            if rules.restrictions.iter().all(|r| rules.holds(r, &a)) {
                let incurred = rules.incurred(&a);
                let ok = if incurred.is_empty() {
                    true
                } else {
                    // Payability depends on the costs and on which mana creatures attack.
                    let tapped: Vec<usize> = pos.mana.sources.iter().filter_map(|s| s.tapped_if_attacks.filter(|&c| a[c].is_some())).collect();
                    let key = (incurred.clone(), tapped);
                    match payable.get(&key) {
                        Some(&ok) => ok,
                        None => {
                            let ok = pos.mana.pay(&pos.board, rules, &a, &incurred)?.is_some();
                            payable.insert(key, ok);
                            ok
                        }
                    }
                };
                if ok {
                    out.push(Candidate { obeyed: rules.obeyed(&a), assignment: a, incurred });
                }
            }
            if !next_choice(&mut choice, |c| rules.creatures[c].allowed.len()) {
                return Ok(out);
            }
        }
        Ok(out)
    }
}

/// Hamming distance between assignments: how many creatures' choices differ.
pub fn distance(a: &Assignment, b: &Assignment) -> usize {
    a.iter().zip(b).filter(|(x, y)| x != y).count()
}

/// The exhaustive checker with every candidate computed once, so that many questions about
/// one board (the two baselines, every entry of `enumerate`) share one enumeration.
#[derive(Debug, Clone)]
pub struct ExhaustiveOracle {
    /// Every declaration that obeys every restriction and can be paid, in enumeration order.
    pub candidates: Vec<Candidate>,
    /// When [`ExhaustiveOracle::legal_in_time`] gives up.
    pub deadline: Deadline,
    /// The board's rules when some requirement has a condition (CR 508.1d): each D is then
    /// measured by its own requirements in force, not by `Candidate::obeyed` alone.
    pub conditional: Option<Rules>,
}

impl ExhaustiveOracle {
    /// The oracle of a board, with no deadline; refused past [`MAX_DECLARATIONS`].
    pub fn new(pos: &Position) -> Result<ExhaustiveOracle, SolveError> {
        Self::within(pos, Deadline::none())
    }

    /// The oracle, built by `deadline` or [`SolveError::TimeLimit`].
    pub fn within(pos: &Position, deadline: Deadline) -> Result<ExhaustiveOracle, SolveError> {
        let conditional = pos.rules.has_conditions().then(|| pos.rules.clone());
        Ok(ExhaustiveOracle { candidates: Exhaustive::candidates_until(pos, deadline)?, deadline, conditional })
    }

    /// Every legal declaration under a baseline, in enumeration order: those obeying as many
    /// requirements as the baseline's maximum for them (docs/rules.md section 7).
    pub fn legal(&self, baseline: Baseline) -> Vec<&Candidate> {
        // With no deadline there is no error.
        self.legal_until(baseline, Deadline::none()).unwrap_or_default()
    }

    /// [`ExhaustiveOracle::legal`] by the oracle's deadline.
    pub fn legal_in_time(&self, baseline: Baseline) -> Result<Vec<&Candidate>, SolveError> {
        self.legal_until(baseline, self.deadline)
    }

    fn legal_until(&self, baseline: Baseline, deadline: Deadline) -> Result<Vec<&Candidate>, SolveError> {
        let mut out = Vec::new();
        match &self.conditional {
            None => self.legal_among(baseline, deadline, &self.candidates.iter().map(|c| c.obeyed).collect::<Vec<_>>(), |_| true, &mut out)?,
            // CR 508.1d with conditions (docs/rules.md section 2): a declaration D is measured by
            // the requirements in force in it, and every D' it is compared with by those in force
            // in both. Candidates are taken a set of requirements in force at a time.
            Some(rules) => {
                let in_force: Vec<Vec<bool>> = self.candidates.iter().map(|c| in_force(rules, &c.assignment)).collect();
                let mut sets: Vec<&Vec<bool>> = in_force.iter().collect();
                sets.sort();
                sets.dedup();
                for set in sets {
                    let scores: Vec<usize> = self.candidates.iter().zip(&in_force).map(|(c, own)| score(rules, set, own, &c.assignment)).collect();
                    self.legal_among(baseline, deadline, &scores, |i| &in_force[i] == set, &mut out)?;
                }
                // Enumeration order, as without conditions.
                out.sort_unstable();
            }
        }
        Ok(out.into_iter().map(|i| &self.candidates[i]).collect())
    }

    /// The candidates `i` with `keep(i)` that obey, by `scores`, as many requirements as the
    /// baseline's maximum over all candidates by the same scores.
    fn legal_among(
        &self,
        baseline: Baseline,
        deadline: Deadline,
        scores: &[usize],
        keep: impl Fn(usize) -> bool,
        out: &mut Vec<usize>,
    ) -> Result<(), SolveError> {
        let free_max = self.candidates.iter().zip(scores).filter(|(c, _)| c.incurred.is_empty()).map(|(_, &s)| s).max().unwrap_or(0);
        // Best obeyed per exact set of incurred cost instances.
        let mut best: HashMap<&[usize], usize> = HashMap::new();
        for (c, &s) in self.candidates.iter().zip(scores) {
            let e = best.entry(&c.incurred).or_insert(0);
            *e = (*e).max(s);
        }
        // The paid bar M(S) of each set S met, computed once: many declarations share theirs.
        let mut bars: HashMap<&[usize], usize> = HashMap::new();
        for (step, c) in self.candidates.iter().enumerate() {
            past(deadline, step)?;
            if !keep(step) {
                continue;
            }
            let max = match baseline {
                Baseline::Free => free_max,
                Baseline::Paid => *bars.entry(&c.incurred).or_insert_with(|| {
                    best.iter().filter(|(set, _)| set.iter().all(|k| c.incurred.binary_search(k).is_ok())).map(|(_, &v)| v).max().unwrap_or(0)
                }),
            };
            if scores[step] >= max {
                out.push(step);
            }
        }
        Ok(())
    }
}

/// The requirements in force in `a` (CR 508.1d): those that count, with no condition or one
/// met by another creature's attack. Written here from the definition, apart from the rules'
/// own code, as the exhaustive checker is the reference the integer program is tested against.
fn in_force(rules: &Rules, a: &Assignment) -> Vec<bool> {
    rules
        .requirements
        .iter()
        .map(|r| {
            r.counts
                && r.condition.as_ref().is_none_or(|among| {
                    let own = r.creature();
                    among.iter().any(|&o| a[o].is_some() && Some(o) != own)
                })
        })
        .collect()
}

/// How many requirements of `set` (those in force in the declaration compared) that are in
/// force in `a` too (`own`, from [`in_force`]) the declaration `a` obeys.
fn score(rules: &Rules, set: &[bool], own: &[bool], a: &Assignment) -> usize {
    rules.requirements.iter().zip(set).zip(own).filter(|((r, &on), &mine)| on && mine && rules.obeys(r, a)).count()
}

impl Maximizer for ExhaustiveOracle {
    /// With conditions, every D' is credited with the requirements in force both in `prefer`,
    /// the declaration it is compared with, and in D' (docs/rules.md section 2).
    fn maximum(&self, _pos: &Position, allowed: &[bool], prefer: &Assignment) -> Result<Maximum, SolveError> {
        let set = self.conditional.as_ref().map(|rules| (rules, in_force(rules, prefer)));
        let obeyed = |c: &Candidate| set.as_ref().map_or(c.obeyed, |(rules, set)| score(rules, set, &in_force(rules, &c.assignment), &c.assignment));
        let (value, best) = self
            .candidates
            .iter()
            .filter(|c| c.incurred.iter().all(|&k| allowed[k]))
            .map(|c| (obeyed(c), c))
            // Most requirements, then closest to the declaration being checked.
            .max_by_key(|(v, c)| (*v, std::cmp::Reverse(distance(&c.assignment, prefer))))
            .ok_or_else(|| SolveError::Internal("no declaration at all, not even the empty one, obeys the restrictions".into()))?;
        Ok(Maximum { value, witness: best.assignment.clone(), proof: Proof::Exhaustive, tie_break_proven: true })
    }
}

impl Maximizer for Exhaustive {
    fn maximum(&self, pos: &Position, allowed: &[bool], prefer: &Assignment) -> Result<Maximum, SolveError> {
        ExhaustiveOracle::new(pos)?.maximum(pos, allowed, prefer)
    }
}

/// Advances `choice` to the next vector of a mixed radix whose digit `i` runs over
/// `0..=top(i)`, the first digit fastest; false after the last vector. The exhaustive checkers
/// (attacks and blocks) enumerate every declaration this way: digit 0 is "no attack/block",
/// digit k the k-th allowed target or attacker.
pub(crate) fn next_choice(choice: &mut [usize], top: impl Fn(usize) -> usize) -> bool {
    for (i, digit) in choice.iter_mut().enumerate() {
        *digit += 1;
        if *digit <= top(i) {
            return true;
        }
        *digit = 0;
    }
    false
}
