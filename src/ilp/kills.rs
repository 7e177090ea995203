//! Kills of a class of interchangeable attackers (`crate::ilp::blocks`, the `kills` goal): the
//! ways a set of blockers can kill one member, and the dealing of a class's blocks that
//! realizes the kills the program counts.
//!
//! A member of toughness t is killed (CR 510.1, 704.5g; power only, see
//! `crate::rules::block_goal`) when its blockers' damage adds up to t. Each blocker counts as
//! dealing `min(damage, t)`, its *value*. A *kill pattern* is a multiset of values adding up to
//! t that no smaller part of does (removing its smallest value drops it below t): every killed
//! member's blockers hold one, the rest of its blockers being extra. With `z[p]` the members
//! killed by pattern p and `Y[v]` the class's blocks of value v, the kills the blocks allow are
//! the most `Σ_p z[p]` with `Σ_p count(p, v)·z[p] ≤ Y[v]` per value: exact when every blocker
//! of the class blocks one attacker at most (its blocks are distinct blockers), which the
//! grouping requires.

use std::collections::HashMap;

/// One way of killing a member: per value (descending), how many blocks of it.
pub(super) type KillPattern = Vec<(i64, usize)>;

/// Past this many patterns (or this much search), a class is not formed: its attackers stay
/// alone, with the per-attacker rows, rather than a program of thousands of pattern columns.
const MOST_PATTERNS: usize = 64;
const MOST_STEPS: usize = 100_000;
/// The longest pattern searched for; a longer one needed means no class (see [`patterns`]).
const LONGEST: usize = 64;

/// The kill patterns of toughness `t` over the blocker `values` (each `1..=t`, any order,
/// repeats ignored), each at most `longest` blocks (the class's "at most N blockers" and its
/// number of blockers: a longer one can't be dealt). None when there are too many to model
/// (or the search is too long): then the attackers are not grouped.
pub(super) fn patterns(t: i64, values: &[i64], longest: usize) -> Option<Vec<KillPattern>> {
    let mut values: Vec<i64> = values.iter().copied().filter(|&v| v > 0).map(|v| v.min(t)).collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    values.dedup();
    if t <= 0 {
        return None;
    }
    let mut search = Search { t, values, longest, found: vec![], steps: 0, chosen: vec![] };
    search.extend(0, 0).then_some(search.found)
}

struct Search {
    t: i64,
    values: Vec<i64>,
    longest: usize,
    found: Vec<KillPattern>,
    steps: usize,
    /// The values chosen so far, non-increasing.
    chosen: Vec<i64>,
}

impl Search {
    /// Extend `chosen` (adding up to `sum` < t) with values from `values[from..]`, the
    /// smallest last: the first that reaches t ends a pattern, minimal because without its
    /// smallest (last) value it was below t. False when a limit is passed.
    fn extend(&mut self, from: usize, sum: i64) -> bool {
        for i in from..self.values.len() {
            self.steps += 1;
            if self.steps > MOST_STEPS {
                return false;
            }
            let v = self.values[i];
            self.chosen.push(v);
            let ok = if sum + v >= self.t {
                if self.chosen.len() <= self.longest {
                    self.found.push(counts(&self.chosen));
                }
                self.found.len() <= MOST_PATTERNS
            } else if self.chosen.len() >= self.longest {
                // Too many blocks for this class: no pattern this way.
                true
            } else if self.chosen.len() >= LONGEST {
                false
            } else {
                self.extend(i, sum + v)
            };
            self.chosen.pop();
            if !ok {
                return false;
            }
        }
        true
    }
}

/// A non-increasing list of values as (value, count).
fn counts(chosen: &[i64]) -> KillPattern {
    let mut out: KillPattern = vec![];
    for &v in chosen {
        match out.last_mut() {
            Some((w, c)) if *w == v => *c += 1,
            _ => out.push((v, 1)),
        }
    }
    out
}

/// A pattern's number of blocks.
pub(super) fn size(p: &KillPattern) -> usize {
    p.iter().map(|&(_, c)| c).sum()
}

/// A class's blocks dealt to its members: `used[p]` members killed by pattern p first (each
/// its pattern's blocks), then every one of the first `blocked` members brought to `lo`
/// blocks, then the rest in turn to those with fewer than `hi`. `blocks` are (blocker, value),
/// each blocker once (it blocks one attacker at most). Per member, its blockers; None when the
/// blocks can't be dealt so (the program's counts are wrong).
pub(super) fn deal(
    blocks: &[(usize, i64)],
    patterns: &[KillPattern],
    used: &[usize],
    members: usize,
    blocked: usize,
    lo: usize,
    hi: usize,
) -> Option<Vec<Vec<usize>>> {
    let mut pools: HashMap<i64, Vec<usize>> = HashMap::new();
    for &(b, v) in blocks.iter().rev() {
        pools.entry(v).or_default().push(b);
    }
    let mut dealt: Vec<Vec<usize>> = vec![vec![]; members];
    let mut next = 0;
    for (p, &times) in patterns.iter().zip(used) {
        for _ in 0..times {
            let member = dealt.get_mut(next)?;
            for &(v, c) in p {
                let pool = pools.get_mut(&v)?;
                for _ in 0..c {
                    member.push(pool.pop()?);
                }
            }
            next += 1;
        }
    }
    let blocked = blocked.max(next);
    if blocked > members {
        return None;
    }
    let mut rest: Vec<usize> = pools.into_values().flatten().collect();
    rest.sort_unstable_by(|a, b| b.cmp(a));
    for member in &mut dealt[..blocked] {
        while member.len() < lo {
            member.push(rest.pop()?);
        }
    }
    let mut open: Vec<usize> = (0..blocked).filter(|&i| dealt[i].len() < hi).collect();
    let mut turn = 0;
    while let Some(b) = rest.pop() {
        if open.is_empty() {
            return None;
        }
        turn %= open.len();
        let i = open[turn];
        dealt[i].push(b);
        if dealt[i].len() >= hi {
            open.remove(turn);
        } else {
            turn += 1;
        }
    }
    Some(dealt)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cr_704_5g_kill_patterns_are_the_minimal_multisets_reaching_the_toughness() {
        let mut found = patterns(3, &[1, 2, 3, 5, 0], usize::MAX).expect("few patterns");
        found.sort();
        // 5 counts as 3; {2, 2} is minimal (2 alone is not enough), {2, 1, 1} is not.
        assert_eq!(found, vec![vec![(1, 3)], vec![(2, 1), (1, 1)], vec![(2, 2)], vec![(3, 1)]]);
        // At most 2 blocks: no {1, 1, 1}.
        assert_eq!(patterns(3, &[1], 2), Some(vec![]));
        assert_eq!(patterns(3, &[], 5), Some(vec![]));
        assert_eq!(patterns(0, &[1], 5), None);
        // Too many ways: not modeled.
        assert_eq!(patterns(40, &(1..=40).collect::<Vec<_>>(), usize::MAX), None);
        assert_eq!(patterns(1_000_000, &[1], usize::MAX), None);
    }

    #[test]
    fn cr_704_5g_a_dealing_gives_each_pattern_its_member_then_fills_to_lo_and_hi() {
        let patterns = vec![vec![(3, 1)], vec![(2, 1), (1, 1)]];
        // Blockers 0..=4 of values 3, 2, 1, 1, 0.
        let blocks = [(0, 3), (1, 2), (2, 1), (3, 1), (4, 0)];
        let dealt = deal(&blocks, &patterns, &[1, 1], 3, 3, 1, usize::MAX).expect("dealt");
        assert!(dealt[0].contains(&0));
        assert!(dealt[1].contains(&1) && dealt[1].contains(&2));
        assert!(dealt.iter().all(|m| !m.is_empty()));
        assert_eq!(dealt.iter().map(Vec::len).sum::<usize>(), 5);
        // Two pattern {3} kills with one block of value 3: not dealt.
        assert_eq!(deal(&blocks, &patterns, &[2, 0], 3, 3, 1, usize::MAX), None);
        // At most one blocker each, five blocks, three members: not dealt.
        assert_eq!(deal(&blocks, &patterns, &[1, 0], 3, 3, 1, 1), None);
    }
}
