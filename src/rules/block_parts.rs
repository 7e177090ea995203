//! Independent parts of a declaration of blockers (CR 509.1): blockers and attackers that no
//! pair, restriction or requirement connects decide nothing of each other, so a defender's
//! best declaration is each part's best, side by side.
//!
//! In a multiplayer combat each defending player blocks only the attackers attacking them or
//! their permanents (CR 509.1a), and tokens of one kind attack one player: an 8-player combat
//! falls apart into many parts. A solve over the whole board must close every part's gap at
//! once (a bound 1 above the best found, on a program of 651 variables, unproven in 60 s); one
//! part at a time, each closes alone.
//!
//! Some rules tie every blocker together whatever it may block: "no more than N creatures can
//! block" (Silent Arbiter), "can't block alone" (it counts blockers anywhere), and costs to
//! block (paid from one pool of mana per player, checked as one set). A combat with any of
//! them is one part.

use super::blocks::{BlockAssignment, BlockRequirement, BlockRequirementKind, BlockRestriction, BlockRestrictionKind, BlockRules};

/// One part: its rules, over its own indices, and which of the whole combat's blockers and
/// attackers they are (ascending).
#[derive(Debug, Clone)]
pub struct BlockPart {
    /// The part's rules; their blocker i is `blockers[i]`, attacker j `attackers[j]`.
    pub rules: BlockRules,
    /// The whole combat's blockers in this part.
    pub blockers: Vec<usize>,
    /// The whole combat's attackers in this part.
    pub attackers: Vec<usize>,
}

impl BlockRules {
    /// The combat's independent parts, or None when it is one (a rule ties every blocker
    /// together, or everything is connected). Blockers and attackers linked to nothing (no
    /// legal pair) join the first part.
    pub fn parts(&self) -> Option<Vec<BlockPart>> {
        let global =
            self.restrictions.iter().any(|r| matches!(r.kind, BlockRestrictionKind::NotAlone { .. } | BlockRestrictionKind::MaxBlockers { .. }));
        if global || !self.costs.is_empty() {
            return None;
        }
        let nb = self.blockers.len();
        let mut sets = UnionFind::new(nb + self.attackers.len());
        // A pair a restriction bans (flying, "can't block") is in no legal declaration: only
        // the allowed pairs link.
        for (b, blocker) in self.blockers.iter().enumerate() {
            for &a in &blocker.allowed {
                sets.join(b, nb + a);
            }
        }
        for r in &self.restrictions {
            if let BlockRestrictionKind::AllOrNone { attacker, blockers } = &r.kind {
                blockers.iter().for_each(|&b| sets.join(b, nb + attacker));
            }
        }
        for r in &self.requirements {
            if let BlockRequirementKind::BlocksAttacker { blocker, attacker } = r.kind {
                sets.join(blocker, nb + attacker);
            }
        }
        // Parts in order of their first member; a node alone joins part 0.
        let mut part_of_root: Vec<Option<usize>> = vec![None; nb + self.attackers.len()];
        let mut members: Vec<Vec<usize>> = vec![];
        let alone = |x: usize, sets: &mut UnionFind| sets.size(x) == 1;
        for x in 0..nb + self.attackers.len() {
            if alone(x, &mut sets) {
                continue;
            }
            let root = sets.find(x);
            let p = *part_of_root[root].get_or_insert_with(|| {
                members.push(vec![]);
                members.len() - 1
            });
            members[p].push(x);
        }
        if members.len() < 2 {
            return None;
        }
        for x in 0..nb + self.attackers.len() {
            if alone(x, &mut sets) {
                members[0].push(x);
            }
        }
        Some(
            members
                .into_iter()
                .map(|mut m| {
                    m.sort_unstable();
                    let blockers: Vec<usize> = m.iter().copied().filter(|&x| x < nb).collect();
                    let attackers: Vec<usize> = m.iter().copied().filter(|&x| x >= nb).map(|x| x - nb).collect();
                    self.part(blockers, attackers)
                })
                .collect(),
        )
    }

    /// The rules of the part of these blockers and attackers (ascending), re-indexed: the
    /// restrictions and requirements on them (a part holds every one it touches; a banned
    /// pair across parts, or a legal attacker of another part, is dropped: no block of the
    /// part can be one).
    fn part(&self, blockers: Vec<usize>, attackers: Vec<usize>) -> BlockPart {
        let b_at = |b: usize| blockers.binary_search(&b).ok();
        let a_at = |a: usize| attackers.binary_search(&a).ok();
        let list = |v: &[usize]| -> Vec<usize> { v.iter().filter_map(|&a| a_at(a)).collect() };
        let rules = BlockRules {
            attackers: attackers.iter().map(|&a| self.attackers[a].clone()).collect(),
            blockers: blockers
                .iter()
                .map(|&b| {
                    let mut x = self.blockers[b].clone();
                    x.legal = list(&x.legal);
                    x.allowed = list(&x.allowed);
                    x
                })
                .collect(),
            restrictions: self
                .restrictions
                .iter()
                .filter_map(|r| {
                    let kind = match &r.kind {
                        BlockRestrictionKind::Pairs { pairs } => {
                            let pairs: Vec<(usize, usize)> = pairs.iter().filter_map(|&(b, a)| Some((b_at(b)?, a_at(a)?))).collect();
                            (!pairs.is_empty()).then_some(BlockRestrictionKind::Pairs { pairs })?
                        }
                        BlockRestrictionKind::AtLeast { attacker, count } => {
                            BlockRestrictionKind::AtLeast { attacker: a_at(*attacker)?, count: *count }
                        }
                        BlockRestrictionKind::AtMost { attacker, count } => {
                            BlockRestrictionKind::AtMost { attacker: a_at(*attacker)?, count: *count }
                        }
                        BlockRestrictionKind::AllOrNone { attacker, blockers } => BlockRestrictionKind::AllOrNone {
                            attacker: a_at(*attacker)?,
                            blockers: blockers.iter().filter_map(|&b| b_at(b)).collect(),
                        },
                        // Not in a combat with parts.
                        BlockRestrictionKind::NotAlone { .. } | BlockRestrictionKind::MaxBlockers { .. } => return None,
                    };
                    Some(BlockRestriction { kind, source: r.source.clone(), text: r.text.clone() })
                })
                .collect(),
            requirements: self
                .requirements
                .iter()
                .filter_map(|r| {
                    let kind = match r.kind {
                        BlockRequirementKind::Blocks { blocker } => BlockRequirementKind::Blocks { blocker: b_at(blocker)? },
                        BlockRequirementKind::BlocksAttacker { blocker, attacker } => {
                            BlockRequirementKind::BlocksAttacker { blocker: b_at(blocker)?, attacker: a_at(attacker)? }
                        }
                        BlockRequirementKind::Blocked { attacker } => BlockRequirementKind::Blocked { attacker: a_at(attacker)? },
                        BlockRequirementKind::BlockedByExactlyOne { attacker } => {
                            BlockRequirementKind::BlockedByExactlyOne { attacker: a_at(attacker)? }
                        }
                    };
                    Some(BlockRequirement { kind, source: r.source.clone(), counts: r.counts })
                })
                .collect(),
            costs: vec![],
            defending_players: self.defending_players.clone(),
        };
        BlockPart { rules, blockers, attackers }
    }
}

impl BlockPart {
    /// Write the part's declaration `x` (its indices) into the whole combat's `whole`.
    pub fn lift(&self, x: BlockAssignment, whole: &mut BlockAssignment) {
        for (b, blocks) in x.into_iter().enumerate() {
            if let Some(&wb) = self.blockers.get(b) {
                if let Some(slot) = whole.get_mut(wb) {
                    *slot = blocks.into_iter().filter_map(|a| self.attackers.get(a).copied()).collect();
                }
            }
        }
    }
}

/// The `limit` choices of one entry from each of `lists` lists with the smallest sums,
/// smallest first, as indices; `entry(p, i)` is list p's entry i (None past its end), each
/// list ascending, and is asked only for the entries the choices reach (a part's list of
/// declarations is made as far as needed). With it, whether every choice was listed. The
/// parts' lists of declarations, fewest blocks first, give the whole combat's, fewest blocks
/// first.
pub fn smallest_sums(lists: usize, mut entry: impl FnMut(usize, usize) -> Option<usize>, limit: usize) -> (Vec<Vec<usize>>, bool) {
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, HashSet};
    let mut out = Vec::new();
    let mut start_sum = 0usize;
    for p in 0..lists {
        match entry(p, 0) {
            Some(v) => start_sum = start_sum.saturating_add(v),
            None => return (out, true),
        }
    }
    let start = vec![0; lists];
    let mut heap = BinaryHeap::from([Reverse((start_sum, start.clone()))]);
    let mut seen: HashSet<Vec<usize>> = HashSet::from([start]);
    while out.len() < limit {
        let Some(Reverse((sum, ix))) = heap.pop() else { return (out, true) };
        for p in 0..lists {
            // Entries ascending: the successor's sum is this one's plus the step.
            let (Some(now), Some(next_value)) = (entry(p, ix[p]), entry(p, ix[p] + 1)) else { continue };
            let mut next = ix.clone();
            next[p] += 1;
            if seen.insert(next.clone()) {
                heap.push(Reverse((sum.saturating_sub(now).saturating_add(next_value), next)));
            }
        }
        out.push(ix);
    }
    let exhausted = heap.is_empty();
    (out, exhausted)
}

/// Disjoint sets over `0..n`, by size with path halving.
struct UnionFind {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind { parent: (0..n).collect(), size: vec![1; n] }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    fn join(&mut self, x: usize, y: usize) {
        let (Some(_), Some(_)) = (self.parent.get(x), self.parent.get(y)) else { return };
        let (mut x, mut y) = (self.find(x), self.find(y));
        if x == y {
            return;
        }
        if self.size[x] < self.size[y] {
            std::mem::swap(&mut x, &mut y);
        }
        self.parent[y] = x;
        self.size[x] += self.size[y];
    }

    /// The size of x's set.
    fn size(&mut self, x: usize) -> usize {
        let root = self.find(x);
        self.size[root]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cr_509_1_the_smallest_sums_of_parts_come_first_and_each_once() {
        let lists = [vec![0, 1, 3], vec![0, 2], vec![1]];
        let entry = |p: usize, i: usize| lists[p].get(i).copied();
        let (found, exhausted) = smallest_sums(3, entry, 10);
        let sums: Vec<usize> = found.iter().map(|ix| ix.iter().zip(&lists).map(|(&i, l)| l[i]).sum()).collect();
        assert_eq!(sums, vec![1, 2, 3, 4, 4, 6]);
        assert!(exhausted);
        let mut unique = found.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 6);
        assert_eq!(smallest_sums(3, entry, 2).0.len(), 2);
        let empty = [vec![0], vec![]];
        assert_eq!(smallest_sums(2, |p: usize, i: usize| empty[p].get(i).copied(), 5), (vec![], true));
        // Asked only as far as needed: the first two choices read entry 0 and 1 of each list.
        let mut asked = vec![];
        smallest_sums(
            2,
            |p, i| {
                asked.push((p, i));
                (i < 100).then_some(i)
            },
            2,
        );
        assert!(asked.iter().all(|&(_, i)| i <= 2), "{asked:?}");
    }
}
