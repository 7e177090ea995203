//! Why a legal declaration of blockers leaves a requirement unobeyed (`why_not`, as for
//! attacks in `super::super::explain`): each single change that would obey it (a creature
//! blocking the attacker, instead of or beside its blocks; the attacker left with one blocker)
//! and what stands in its way, a restriction (CR 509.1b), a cost no one has to pay (509.1c), a
//! cost that could not be paid (509.1d), or the requirements it would give up (509.1c).

use super::cost::Payer;
use super::{restriction_broken, BlockCheckResult};
use crate::legality::Baseline;
use crate::mana::format_cost;
use crate::position::Position;
use crate::rules::blocks::{BlockAssignment, BlockRequirement, BlockRequirementKind, BlockRestrictionKind, BlockRules};
use std::collections::HashMap;

/// The most single changes one requirement's explanation tries (as for attacks).
const WHY_NOT_MAX_CHANGES: usize = 64;

/// The most reasons one requirement's explanation shows; the rest are counted.
const WHY_NOT_SHOWN: usize = 3;

/// The most unobeyed requirements explained in one answer (as for attacks).
const WHY_NOT_MAX: usize = 100;

/// Under a LEGAL verdict, the reason each counted requirement the declaration leaves unobeyed
/// is not obeyed. `x` is the declaration as read.
pub fn explain_unobeyed(pos: &Position, rules: &BlockRules, x: &BlockAssignment, payer: &Payer, result: &mut BlockCheckResult) {
    if result.legal != Some(true) {
        return;
    }
    let paid = match result.baseline {
        Baseline::Paid => rules.incurred(x),
        Baseline::Free => vec![],
    };
    let unobeyed = rules.requirements.iter().zip(result.requirements.iter_mut()).filter(|(r, report)| r.counts && !report.obeyed);
    for (r, report) in unobeyed.take(WHY_NOT_MAX) {
        report.why_not = Some(why_not_obeyed(pos, rules, x, r, &paid, payer));
    }
}

/// The single changes to `x` that obey `r` (at most [`WHY_NOT_MAX_CHANGES`]), each with the
/// blocker and attacker it is about.
fn changes(rules: &BlockRules, x: &BlockAssignment, r: &BlockRequirement) -> Vec<(BlockAssignment, usize, usize)> {
    // Blocker b blocking attacker a: beside its blocks when it can block one more (CR 509.1a),
    // else instead of them.
    let block = |b: usize, a: usize| -> Option<(BlockAssignment, usize, usize)> {
        if x[b].contains(&a) || rules.blockers[b].allowed.binary_search(&a).is_err() {
            return None;
        }
        let mut y = x.clone();
        if y[b].len() >= rules.blockers[b].capacity {
            y[b].clear();
        }
        y[b].push(a);
        y[b].sort_unstable();
        Some((y, b, a))
    };
    // Only pairs no restriction bans (`allowed`): a banned pair's reason is its ban, which the
    // validation lists; the pairs worth explaining are those a judge would try.
    let blockers_of = |a: usize| (0..rules.blockers.len()).filter(move |&b| rules.blockers[b].allowed.binary_search(&a).is_ok());
    let take = WHY_NOT_MAX_CHANGES;
    match r.kind {
        BlockRequirementKind::Blocks { blocker } => rules.blockers[blocker].allowed.iter().filter_map(|&a| block(blocker, a)).take(take).collect(),
        BlockRequirementKind::BlocksAttacker { blocker, attacker } => block(blocker, attacker).into_iter().collect(),
        BlockRequirementKind::Blocked { attacker } => blockers_of(attacker).filter_map(|b| block(b, attacker)).take(take).collect(),
        BlockRequirementKind::BlockedByExactlyOne { attacker } => {
            let by = rules.blockers_of(x, attacker);
            if by.is_empty() {
                return blockers_of(attacker).filter_map(|b| block(b, attacker)).take(take).collect();
            }
            // Several block it: one of them alone.
            by.iter()
                .take(take)
                .map(|&keep| {
                    let mut y = x.clone();
                    for &b in by.iter().filter(|&&b| b != keep) {
                        y[b].retain(|&a| a != attacker);
                    }
                    (y, keep, attacker)
                })
                .collect()
        }
    }
}

/// Why `r` is not obeyed by the legal `x`: each change that would obey it with its obstacle,
/// changes with the same obstacle grouped.
fn why_not_obeyed(pos: &Position, rules: &BlockRules, x: &BlockAssignment, r: &BlockRequirement, paid: &[usize], payer: &Payer) -> String {
    let vb = &pos.board;
    let found = changes(rules, x, r);
    if found.is_empty() {
        return "no block that obeys it is one CR 509.1a allows and no restriction on pairs bans (CR 509.1b)".to_string();
    }
    // Changes with the same obstacle and blocker grouped: "Wall blocking Bear or Ogre: ...".
    let mut reasons: Vec<(String, usize, Vec<usize>)> = Vec::new();
    for (y, b, a) in found {
        let Some(reason) = obstacle(pos, rules, x, &y, paid, payer) else { continue };
        match reasons.iter_mut().find(|(why, by, _)| *why == reason && *by == b) {
            Some((_, _, list)) => list.push(a),
            None => reasons.push((reason, b, vec![a])),
        }
    }
    if reasons.is_empty() {
        // Never, for a legal x: a change with no obstacle would obey more than the maximum.
        return "no single change obeys it without giving up another requirement".to_string();
    }
    // A judge reads a few reasons, not one per attacker of a combat of thousands.
    let label = |a: usize| vb.permanent_label(rules.attackers[a].permanent);
    let more = reasons.len().saturating_sub(WHY_NOT_SHOWN);
    let mut parts: Vec<String> = reasons
        .into_iter()
        .take(WHY_NOT_SHOWN)
        .map(|(why, b, attackers)| {
            let mut named: Vec<String> = attackers.iter().take(WHY_NOT_SHOWN).map(|&a| label(a)).collect();
            if attackers.len() > WHY_NOT_SHOWN {
                named.push(format!("{} others", attackers.len() - WHY_NOT_SHOWN));
            }
            format!("{} blocking {}: {why}", vb.permanent_label(rules.blockers[b].permanent), named.join(" or "))
        })
        .collect();
    if more > 0 {
        parts.push(format!("and {more} other change{} with reasons of their own", if more == 1 { "" } else { "s" }));
    }
    parts.join("; ")
}

/// What stands in the way of `y` (one change from the legal `x`): the restrictions it breaks,
/// the costs it adds beyond `paid`, costs it could not pay, or the requirements it gives up.
/// Only what the change touches is looked at (x obeys every restriction), so that explaining
/// stays cheap on a combat of thousands.
fn obstacle(pos: &Position, rules: &BlockRules, x: &BlockAssignment, y: &BlockAssignment, paid: &[usize], payer: &Payer) -> Option<String> {
    let vb = &pos.board;
    // The blockers whose blocks change, the pairs added, and the attackers either touches.
    let moved: Vec<usize> = (0..x.len()).filter(|&b| x[b] != y[b]).collect();
    let added: Vec<(usize, usize)> = moved.iter().flat_map(|&b| y[b].iter().filter(move |a| !x[b].contains(a)).map(move |&a| (b, a))).collect();
    let mut touched: Vec<usize> = moved.iter().flat_map(|&b| x[b].iter().chain(&y[b]).copied()).collect();
    touched.sort_unstable();
    touched.dedup();
    // Blocking creatures per side, counted once (CR 802.4b: each side's blocks apart).
    let mut blocking: HashMap<usize, usize> = HashMap::new();
    for (b, _) in y.iter().enumerate().filter(|(_, blocks)| !blocks.is_empty()) {
        *blocking.entry(rules.blockers[b].side).or_default() += 1;
    }
    let on_side = |side: usize| blocking.get(&side).copied().unwrap_or(0);
    let broken: Vec<String> = rules
        .restrictions
        .iter()
        .filter(|r| match &r.kind {
            BlockRestrictionKind::Pairs { pairs } => added.iter().any(|p| pairs.binary_search(p).is_ok()),
            BlockRestrictionKind::NotAlone { blocker, others } => !y[*blocker].is_empty() && on_side(rules.blockers[*blocker].side) <= *others,
            BlockRestrictionKind::MaxBlockers { count, side } => on_side(*side) > *count,
            BlockRestrictionKind::AtLeast { attacker, .. }
            | BlockRestrictionKind::AtMost { attacker, .. }
            | BlockRestrictionKind::AllOrNone { attacker, .. } => touched.binary_search(attacker).is_ok() && !rules.holds(r, y),
        })
        .map(|r| format!("«{}: {}»", r.text, restriction_broken(vb, rules, &r.kind, y)))
        .collect();
    if !broken.is_empty() {
        return Some(format!("would break {}", broken.join(" and ")));
    }
    let incurred = rules.incurred(y);
    let new_costs: Vec<String> = incurred
        .iter()
        .filter(|k| !paid.contains(k))
        .map(|&k| format!("{} for {}", format_cost(&rules.costs[k].cost), rules.costs[k].source))
        .collect();
    if !new_costs.is_empty() {
        return Some(format!("costs {}, and no one has to pay a cost to obey a requirement (CR 509.1c)", new_costs.join(" and ")));
    }
    if !incurred.is_empty() && !matches!(payer.payment(&incurred), Ok(Some(_))) {
        return Some("leaves the costs to block unpayable (CR 509.1d)".to_string());
    }
    let affected = |r: &BlockRequirement| match r.kind {
        BlockRequirementKind::Blocks { blocker } | BlockRequirementKind::BlocksAttacker { blocker, .. } => moved.contains(&blocker),
        BlockRequirementKind::Blocked { attacker } | BlockRequirementKind::BlockedByExactlyOne { attacker } => {
            touched.binary_search(&attacker).is_ok()
        }
    };
    let lost: Vec<String> = rules
        .requirements
        .iter()
        .filter(|r| r.counts && affected(r) && rules.obeys(r, x) && !rules.obeys(r, y))
        .map(|r| format!("«{}»", rules.requirement_text(vb, r)))
        .collect();
    (!lost.is_empty()).then(|| format!("cannot be obeyed together with {}", lost.join(" and ")))
}
