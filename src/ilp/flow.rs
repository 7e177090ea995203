//! The maximum of requirements as a network flow, where the program is one (issue 39).
//!
//! On most boards the program of the maximum (CR 508.1d) is a transportation problem: groups
//! of creatures send attackers to targets, a cap bounds the attackers of a set of targets
//! (CR 508.1c, "no more than N creatures can attack you"), and a player requirement (Trove of
//! Temptation) is worth one for the first attacker into its targets. When the capped and
//! required sets of targets nest (two of them are disjoint or one holds the other), they form
//! a tree, and the program is a network (module [`network`]):
//!
//! ```text
//! source ─(members)→ group ─(weight)→ target → smallest set holding it → … → all targets → sink
//! ```
//!
//! A group's arc to a target gains the requirements a member obeys there (times a scale, so
//! that requirements come first) plus the tie-break: one for each member that keeps its
//! choice in the declaration compared (parallel arcs: the first `want` units gain one more),
//! or minus the cost instances it incurs. A set's arc to its parent carries at most its cap,
//! and its first unit gains one requirement per player requirement on that set. The split on
//! the number of attackers (`Split`) bounds the flow's amount: at most one, a range of N in a
//! `Few` case (a group under "can't attack unless k others attack" takes part from
//! N = k + 1: one range of N per such threshold), at least k for `Many(k)`.
//!
//! Network matrices are totally unimodular, so the best integral flow is the integer program's
//! optimum, found without the simplex: at N = 2,500 on the adversarial profile, a few
//! milliseconds against 0.2 s for microlp. Every flow is certified ([`Network::certify`]) and
//! its declaration re-checked by the rules code (`Ilp::verify`), as the program's are.
//!
//! Not a flow, and left to the integer program (None): conditional requirements, "can't attack
//! unless k of these attack" (rows over single creatures), sets of targets that cross, a player
//! requirement that creatures of another player could help obey, "can attack only alone"
//! outside the case of one attacker.
//!
//! The payment of costs is left out: a flow only keeps each attack's cost instances among
//! those allowed. Its best declaration is then the best of a relaxation, which the caller pays
//! with the rules code (`Ilp::flow_maximum`): when it can be paid it is the best declaration of
//! the program itself, and when it can't, the integer program decides.

mod network;

use super::encode::{distribute, groups, Group, Grouping, Pruning, Split};
use super::Tie;
use crate::legality::SolveError;
use crate::position::Position;
use crate::rules::{in_targets, Assignment, RequirementKind, RestrictionKind};
use network::{max_gain, FlowError, Network};
use std::collections::BTreeMap;

/// What a flow maximizes after the requirements obeyed, its first level.
#[derive(Clone, Copy)]
pub(super) enum Aim<'a> {
    /// The maximum's tie-break: closest to a declaration, or fewest cost instances.
    Tie(Tie<'a>),
    /// An objective of `solve` by its weight per (creature, target) pair, then fewer
    /// attackers. The weight may depend on the creature only through what a group's members
    /// share (its power, [`Grouping::On`]).
    Objective(&'a dyn Fn(usize, usize) -> i64),
    /// As `Objective`, for an objective whose weight is the creature's whatever it attacks
    /// (power, attackers): creatures of different weights share a group, and each member's
    /// weight is an arc of its own from the source ([`Grouping::Obeyed`]), so a group's
    /// strongest members attack first.
    MemberObjective(&'a dyn Fn(usize) -> i64),
    /// `solve`'s Lagrangian relaxation ([`super::lagrangian`]): the objective (`member`'s
    /// weight per attacking creature, where given, plus `pair`'s per pair), plus
    /// `per_requirement` per requirement obeyed, less `price` per pair; nothing after. Not
    /// lexicographic: requirements and objective trade at the multiplier.
    /// The player requirements of `unpriced` (indices in the rules' requirements) are not
    /// priced at all (the bar by moves' entries, [`super::lagrangian`]).
    Lagrangian {
        per_requirement: i64,
        price: &'a dyn Fn(usize, usize) -> i64,
        member: Option<&'a dyn Fn(usize) -> i64>,
        pair: &'a dyn Fn(usize, usize) -> i64,
        unpriced: &'a [usize],
    },
}

/// The best declaration over the cases of `splits` for requirements obeyed, then `aim`,
/// found as flows; None when some case is not a flow (see the module doc). `in_time` is asked
/// before each case (the time limit bounds the whole command, this too).
#[allow(clippy::too_many_arguments)]
pub(super) fn best(
    pos: &Position,
    allowed: &[bool],
    grouping: Grouping,
    splits: &[Split],
    pruning: Pruning,
    aim: Aim,
    in_time: &dyn Fn() -> Result<(), SolveError>,
) -> Result<Option<Assignment>, SolveError> {
    let rules = &pos.rules;
    if rules.has_conditions() || rules.restrictions.iter().any(|r| matches!(r.kind, RestrictionKind::MinOtherAttackersAmong { .. })) {
        return Ok(None);
    }
    let n = rules.creatures.len();
    let no_attack = rules.no_attack();
    let prefer = match aim {
        Aim::Tie(Tie::Closest(a)) => a,
        _ => &no_attack,
    };
    let Some(levels) = Levels::new(pos, aim) else { return Ok(None) };
    let mut best: Option<((i64, i64), Assignment)> = None;
    let most = super::most_obeyed_with(pos);
    // Most attackers first, where the best usually is: the cases of few attackers then rarely
    // can reach it (a case obeying at most m is worth at most m at the first level, where
    // nothing else adds to it).
    let lexicographic = !matches!(aim, Aim::Lagrangian { .. });
    for &split in splits.iter().rev() {
        if lexicographic && best.as_ref().is_some_and(|((obeyed, _), _)| most(split).is_some_and(|m| (m as i64) < *obeyed)) {
            continue;
        }
        let groups = groups(pos, allowed, grouping, split, pruning);
        let Some(ranges) = amounts(split, &groups) else { return Ok(None) };
        for (lo, hi) in ranges {
            in_time()?;
            // CR 506.5: with at least `lo` attackers, a member needing k others may attack
            // when k < lo.
            let part: Vec<Group> = groups.iter().filter(|g| g.min_others.is_none_or(|k| i64::from(k) < lo)).cloned().collect();
            let a = match solve_case(pos, &part, prefer, &levels, lo, hi)? {
                Case::Best(counts, None) => distribute(&part, &counts, prefer, n),
                Case::Best(counts, Some(attacking)) => deal(&part, &counts, &attacking, n),
                Case::Empty => continue,
                Case::NotFlow => return Ok(None),
            };
            let key = levels.key(pos, &a);
            if best.as_ref().is_none_or(|(k, _)| key > *k) {
                best = Some((key, a));
            }
        }
    }
    Ok(best.map(|(_, a)| a))
}

/// The gains of the two levels: one requirement is worth `scale`, more than any change of the
/// second level ([`Levels::pair`]).
struct Levels<'a> {
    aim: Aim<'a>,
    scale: i64,
    /// Under an objective, one unit of it is worth this many attackers fewer (n + 1).
    unit: i64,
}

impl<'a> Levels<'a> {
    /// None when the scale would pass what an arc may gain (hostile powers, see
    /// [`network::max_gain`]): the integer program then.
    fn new(pos: &Position, aim: Aim<'a>) -> Option<Levels<'a>> {
        let rules = &pos.rules;
        let n = i64::try_from(rules.creatures.len()).ok()?;
        let (scale, unit) = match aim {
            Aim::Tie(Tie::Closest(_)) => (n + 1, 0),
            Aim::Tie(Tie::FewestCosts) => (i64::try_from(rules.costs.len()).ok()? + 1, 0),
            Aim::Lagrangian { per_requirement, .. } => (per_requirement, 1),
            Aim::Objective(_) | Aim::MemberObjective(_) => {
                // The second level spans at most (Σ_c max_t |w(c,t)|)·(n+1) + n either way.
                let mut most = 0i64;
                for (c, cr) in rules.creatures.iter().enumerate() {
                    let w = match aim {
                        Aim::MemberObjective(weight) if !cr.allowed.is_empty() => weight(c).checked_abs()?,
                        Aim::Objective(weight) => {
                            cr.allowed.iter().map(|&t| weight(c, t).checked_abs()).try_fold(0i64, |m, w| w.map(|w| m.max(w)))?
                        }
                        _ => 0,
                    };
                    most = most.checked_add(w)?;
                }
                let span = most.checked_add(1)?.checked_mul(n + 1)?;
                (span.checked_mul(2)?, n + 1)
            }
        };
        // A bound on any network's nodes: groups, targets, sets of targets, source and sink.
        let nodes = rules.creatures.len() + rules.targets.len() + rules.restrictions.len() + rules.requirements.len() + 3;
        (scale <= max_gain(nodes)).then_some(Levels { aim, scale, unit })
    }

    /// What one member attacking target `t` gains at the second level (creature `c` stands for
    /// its group).
    fn pair(&self, c: usize, t: usize) -> Option<i64> {
        match self.aim {
            Aim::Tie(_) => Some(0),
            Aim::Objective(weight) => weight(c, t).checked_mul(self.unit)?.checked_sub(1),
            Aim::MemberObjective(_) => Some(0),
            Aim::Lagrangian { price, pair, .. } => pair(c, t).checked_sub(price(c, t)),
        }
    }

    /// What member `c` gains by attacking at all, where that is its own arc
    /// (`Aim::MemberObjective`).
    fn member(&self, c: usize) -> Option<Option<i64>> {
        match self.aim {
            Aim::MemberObjective(weight) => Some(weight(c).checked_mul(self.unit).and_then(|w| w.checked_sub(1))),
            Aim::Lagrangian { member: Some(weight), .. } => Some(Some(weight(c))),
            _ => None,
        }
    }

    /// How the flow ranks a declaration: requirements obeyed, then the second level; under
    /// `Aim::Lagrangian`, the relaxation's value.
    fn key(&self, pos: &Position, a: &Assignment) -> (i64, i64) {
        let obeyed = pos.rules.obeyed(a) as i64;
        match self.aim {
            Aim::Lagrangian { per_requirement, price, member, pair, unpriced } => {
                let rules = &pos.rules;
                let obeyed = obeyed - unpriced.iter().filter(|&&r| rules.obeys(&rules.requirements[r], a)).count() as i64;
                let value = a
                    .iter()
                    .enumerate()
                    .filter_map(|(c, t)| t.map(|t| (c, t)))
                    .fold(0i64, |v, (c, t)| v.saturating_add(member.map_or(0, |m| m(c))).saturating_add(pair(c, t)).saturating_sub(price(c, t)));
                (value.saturating_add(obeyed.saturating_mul(per_requirement)), 0)
            }
            _ => (obeyed, self.second(pos, a)),
        }
    }

    /// The second level of a declaration, as the flow counts it.
    fn second(&self, pos: &Position, a: &Assignment) -> i64 {
        match self.aim {
            Aim::Tie(Tie::Closest(p)) => a.iter().zip(p).filter(|(x, y)| x == y).count() as i64,
            Aim::Tie(Tie::FewestCosts) => -(pos.rules.incurred(a).len() as i64),
            Aim::Objective(weight) => a.iter().enumerate().filter_map(|(c, t)| t.map(|t| weight(c, t) * self.unit - 1)).sum(),
            Aim::MemberObjective(weight) => a.iter().enumerate().filter(|(_, t)| t.is_some()).map(|(c, _)| weight(c) * self.unit - 1).sum(),
            Aim::Lagrangian { .. } => 0,
        }
    }
}

/// A declaration from how many members of each group attack each target and which members
/// attack (the members' own arcs of `Aim::MemberObjective`).
fn deal(groups: &[Group], counts: &[Vec<usize>], attacking: &[bool], n: usize) -> Assignment {
    let mut a: Assignment = vec![None; n];
    for (group, counts) in groups.iter().zip(counts) {
        let mut chosen = group.members.iter().copied().filter(|&c| attacking[c]);
        for (k, &count) in counts.iter().enumerate() {
            for c in chosen.by_ref().take(count) {
                a[c] = Some(group.targets[k]);
            }
        }
    }
    a
}

/// A case's ranges `[lo, hi]` of the number of attackers, within each of which the same groups
/// take part (those whose "needs k others" has k < lo); None when a group's restriction is
/// not a bound on the amount.
fn amounts(split: Split, groups: &[Group]) -> Option<Vec<(i64, i64)>> {
    let restricted = groups.iter().any(|g| g.min_others.is_some() || g.only_alone);
    Some(match split {
        Split::Whole | Split::Many(_) if restricted => return None,
        Split::Whole => vec![(0, i64::MAX)],
        Split::Many(k) => vec![(i64::from(k), i64::MAX)],
        // The split leaves no restriction on the groups of this case.
        Split::AtMostOne => vec![(0, 1)],
        Split::Few(k) => {
            if groups.iter().any(|g| g.only_alone) {
                return None;
            }
            // CR 506.5: with m attackers, a member needing k others takes part when k < m. The
            // members taking part change only where m passes some k + 1: one range between two
            // such values, never one case per m (k may be any u32 a board states).
            let most = i64::from(k).min(groups.iter().map(|g| g.members.len() as i64).sum());
            let mut starts: Vec<i64> = groups.iter().filter_map(|g| g.min_others).map(|k| i64::from(k) + 1).filter(|&m| m > 2 && m <= most).collect();
            starts.push(2);
            starts.sort_unstable();
            starts.dedup();
            let ends: Vec<i64> = starts.iter().skip(1).map(|s| s - 1).chain(std::iter::once(most)).collect();
            starts.into_iter().zip(ends).filter(|(lo, hi)| lo <= hi).collect()
        }
    })
}

/// A set of targets' cap (None: uncapped) and the player requirements on it.
type SetData = (Option<i64>, i64);

/// The tree of capped and required sets of targets (see the module doc).
struct Tree {
    /// The sets, the whole (every target some group may attack) first.
    sets: Vec<Vec<usize>>,
    /// Per set: its cap (None: uncapped) and the player requirements it carries.
    caps: Vec<Option<i64>>,
    troves: Vec<i64>,
    /// Per set, the smallest set strictly holding it (None for the whole).
    parent: Vec<Option<usize>>,
}

impl Tree {
    /// The tree over the targets `used`, or None when two sets cross or a player requirement
    /// could be helped by a creature of another player.
    /// Player requirements of `unpriced` carry no bonus.
    fn new(pos: &Position, groups: &[Group], used: &[usize], unpriced: &[usize]) -> Option<Tree> {
        let rules = &pos.rules;
        let within = |ts: &Option<Vec<usize>>| -> Vec<usize> { used.iter().copied().filter(|&t| in_targets(ts, t)).collect() };
        let mut by_set: BTreeMap<Vec<usize>, SetData> = BTreeMap::new();
        by_set.insert(used.to_vec(), (None, 0));
        for r in &rules.restrictions {
            if let RestrictionKind::MaxAttackers { count, targets, .. } = &r.kind {
                let set = within(targets);
                if !set.is_empty() {
                    let entry = by_set.entry(set).or_insert((None, 0));
                    entry.0 = Some(entry.0.map_or(i64::from(*count), |c: i64| c.min(i64::from(*count))));
                }
            }
        }
        for (i, r) in rules.requirements.iter().enumerate().filter(|(_, r)| r.counts) {
            if let RequirementKind::PlayerAttacks { player, targets } = &r.kind {
                let ts = Some(targets.clone());
                let set = within(&ts);
                if set.is_empty() {
                    continue;
                }
                // Only its player's creatures obey it: the set's first unit must be theirs.
                if groups.iter().any(|g| rules.creatures[g.members[0]].controller != *player && g.targets.iter().any(|&t| in_targets(&ts, t))) {
                    return None;
                }
                by_set.entry(set).or_insert((None, 0)).1 += i64::from(!unpriced.contains(&i));
            }
        }
        // Largest first: a set's parent is the last larger set holding it.
        let mut entries: Vec<(Vec<usize>, SetData)> = by_set.into_iter().collect();
        entries.sort_by_key(|(s, _)| std::cmp::Reverse(s.len()));
        let holds = |big: &[usize], small: &[usize]| small.iter().all(|t| big.binary_search(t).is_ok());
        let mut parent = Vec::with_capacity(entries.len());
        for (i, (set, _)) in entries.iter().enumerate() {
            let mut p = None;
            for (j, (other, _)) in entries.iter().enumerate().take(i) {
                if holds(other, set) {
                    p = Some(j);
                } else if set.iter().any(|t| other.binary_search(t).is_ok()) {
                    return None; // they cross
                }
            }
            parent.push(p);
        }
        let (sets, data): (Vec<Vec<usize>>, Vec<SetData>) = entries.into_iter().unzip();
        let (caps, troves) = data.into_iter().unzip();
        Some(Tree { sets, caps, troves, parent })
    }

    /// The smallest set holding target `t` (the whole holds every used target).
    fn leaf_of(&self, t: usize) -> usize {
        (0..self.sets.len()).rev().find(|&s| self.sets[s].binary_search(&t).is_ok()).unwrap_or(0)
    }
}

/// What one case of the split came to.
enum Case {
    /// The best counts: `counts[g][k]` members of group g attack its k-th target; with
    /// members' own arcs, which members attack.
    Best(Vec<Vec<usize>>, Option<Vec<bool>>),
    /// No declaration has an amount of attackers in the case's range.
    Empty,
    /// The case is not a flow (see the module doc).
    NotFlow,
}

/// One case's best counts with an amount of attackers in `[lo, hi]`.
fn solve_case(pos: &Position, groups: &[Group], prefer: &Assignment, levels: &Levels, lo: i64, hi: i64) -> Result<Case, SolveError> {
    let scale = levels.scale;
    let mut used: Vec<usize> = groups.iter().flat_map(|g| g.targets.iter().copied()).collect();
    used.sort_unstable();
    used.dedup();
    let unpriced = match levels.aim {
        Aim::Lagrangian { unpriced, .. } => unpriced,
        _ => &[],
    };
    let Some(tree) = Tree::new(pos, groups, &used, unpriced) else { return Ok(Case::NotFlow) };
    let total: i64 = groups.iter().map(|g| g.members.len() as i64).sum();
    // Nodes: source, groups, targets, sets, sink.
    let (source, first_target) = (0, 1 + groups.len());
    let first_set = first_target + used.len();
    let sink = first_set + tree.sets.len();
    let mut net = Network::new(sink + 1);
    let mut arcs: Vec<Vec<Vec<usize>>> = Vec::with_capacity(groups.len());
    let mut members: Vec<(usize, usize)> = Vec::new();
    let build = (|| -> Result<(), FlowError> {
        for (g, group) in groups.iter().enumerate() {
            let size = group.members.len() as i64;
            let node = 1 + g;
            let wants = |t: Option<usize>| group.members.iter().filter(|&&c| prefer.get(c).copied().flatten() == t).count() as i64;
            // Members kept out of the attack where `prefer` keeps them out: leaving costs one.
            let stay = if matches!(levels.aim, Aim::Tie(Tie::Closest(_))) { wants(None) } else { 0 };
            if levels.member(group.members[0]).is_some() {
                for &c in &group.members {
                    let gain = levels.member(c).flatten().filter(|w| w.checked_abs().is_some_and(|w| w <= max_gain(net.nodes())));
                    members.push((c, net.add_arc(source, node, 1, gain.ok_or(FlowError::Unsupported("member".into()))?)?));
                }
            } else {
                net.add_arc(source, node, size - stay, 0)?;
            }
            if stay > 0 {
                net.add_arc(source, node, stay, -1)?;
            }
            let mut per_target = Vec::with_capacity(group.targets.len());
            for (k, &t) in group.targets.iter().enumerate() {
                let weight = i64::from(group.weights[k])
                    .checked_mul(scale)
                    .and_then(|w| w.checked_add(levels.pair(group.members[0], t)?))
                    .filter(|w| w.checked_abs().is_some_and(|w| w <= max_gain(net.nodes())))
                    .ok_or(FlowError::Unsupported("weight".into()))?;
                let target = first_target + used.binary_search(&t).map_err(|_| FlowError::Unsupported("target".into()))?;
                let mut ids = Vec::with_capacity(2);
                match levels.aim {
                    Aim::Tie(Tie::Closest(_)) => {
                        let want = wants(Some(t));
                        if want > 0 {
                            ids.push(net.add_arc(node, target, want, weight + 1)?);
                        }
                        ids.push(net.add_arc(node, target, size - want, weight)?);
                    }
                    Aim::Lagrangian { .. } => ids.push(net.add_arc(node, target, size, weight)?),
                    Aim::Tie(Tie::FewestCosts) | Aim::Objective(_) | Aim::MemberObjective(_) => {
                        let incurs = group.costs.iter().filter(|(ts, _)| in_targets(ts, t)).count() as i64;
                        ids.push(net.add_arc(node, target, size, weight - incurs)?);
                    }
                }
                per_target.push(ids);
            }
            arcs.push(per_target);
        }
        for (i, &t) in used.iter().enumerate() {
            net.add_arc(first_target + i, first_set + tree.leaf_of(t), total, 0)?;
        }
        for s in 0..tree.sets.len() {
            let up = tree.parent[s].map_or(sink, |p| first_set + p);
            let cap = tree.caps[s].unwrap_or(total).min(total);
            let bonus = tree.troves[s].checked_mul(scale).filter(|b| *b <= max_gain(net.nodes())).ok_or(FlowError::Unsupported("bonus".into()))?;
            if bonus > 0 && cap >= 1 {
                // CR 508.1d: a player requirement is obeyed once, by the first attacker.
                net.add_arc(first_set + s, up, 1, bonus)?;
                net.add_arc(first_set + s, up, cap - 1, 0)?;
            } else {
                net.add_arc(first_set + s, up, cap, 0)?;
            }
        }
        Ok(())
    })();
    if build.is_err() {
        return Ok(Case::NotFlow);
    }
    let amount = match net.maximize(source, sink, lo, hi.min(total)) {
        Ok(amount) => amount,
        Err(FlowError::Infeasible) => return Ok(Case::Empty),
        Err(FlowError::Unsupported(_)) => return Ok(Case::NotFlow),
    };
    net.certify(source, sink, amount, lo, hi.min(total)).map_err(|why| SolveError::Internal(format!("a flow that is not proven optimal: {why}")))?;
    crate::debug::note(|| {
        format!("flow: {} groups, {} nodes, {} arcs, {amount} attackers in [{lo}, {}]", groups.len(), net.nodes(), net.arcs(), hi.min(total))
    });
    let counts = arcs.iter().map(|per_target| per_target.iter().map(|ids| ids.iter().map(|&e| net.flow(e) as usize).sum()).collect()).collect();
    let attacking = (!members.is_empty()).then(|| {
        let mut attacking = vec![false; pos.rules.creatures.len()];
        for (c, e) in &members {
            attacking[*c] = net.flow(*e) > 0;
        }
        attacking
    });
    Ok(Case::Best(counts, attacking))
}
