//! Board to plain rules: selectors and target sets are resolved, goad becomes its two
//! requirements, catalog cards become effects, and each effect becomes one requirement,
//! restriction or cost instance per affected creature.
//!
//! The plain form can be far larger than the board: one Propaganda per creature on a board of
//! 50,000 creatures is 2.5 billion cost instances. Its size is bounded ([`MAX_RULE_INSTANCES`],
//! [`MAX_PAIRS`]) and counted before anything is built, so such a board is refused (exit 2,
//! naming the effect that crosses the limit) instead of exhausting memory.

use super::targets::{all_targets, ineligibility, legal_targets};
use super::*;
use crate::board::{EffectKind, InputError, Selector, TargetSpec, ValidBoard};
use crate::cards;
use crate::vocab::effects::{Action, ActionCost};
use crate::vocab::symbol::{Symbol, MAX_ACTION_CLASSES};
use std::collections::HashMap;

/// The most requirements, restrictions and cost instances a board may expand to (a limit of the
/// board, where the Oracle reader counts against it too).
pub use crate::board::MAX_RULE_INSTANCES;

/// The most (creature, legal target) pairs: every creature of the largest board attacking any
/// of the most players (100,000 × 64). Planeswalkers and battles can raise the count past
/// that; each pair is a variable of the integer program.
pub const MAX_PAIRS: usize = 6_400_000;

/// Counts rule instances against [`MAX_RULE_INSTANCES`] before they are built.
struct Budget<'a> {
    file: &'a str,
    used: usize,
}

impl Budget<'_> {
    fn take(&mut self, n: usize, path: &str) -> Result<(), InputError> {
        self.used = self.used.saturating_add(n);
        if self.used > MAX_RULE_INSTANCES {
            return Err(InputError::new(
                self.file,
                path,
                format!(
                    "expected a board that expands to at most {MAX_RULE_INSTANCES} requirements, restrictions and cost instances \
                     (one per affected creature per effect); with this one there are at least {}",
                    self.used
                ),
            ));
        }
        Ok(())
    }
}

/// Expand a validated board into its plain rules form; refuse a board whose plain form is past
/// the limits above.
pub fn expand(vb: &ValidBoard) -> Result<Rules, InputError> {
    let targets = all_targets(vb);
    // CR 805.10, 810.7: under shared team turns the whole team declares together.
    let attacking_players: Vec<usize> = (0..vb.board.players.len()).filter(|&p| vb.declares_attackers(p)).collect();
    // Legal targets depend only on the controller (CR 508.1b, 802, 803): computed once each.
    let mut legal_of: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut pairs = 0usize;
    let mut creatures = Vec::new();
    for (i, perm) in vb.board.permanents.iter().enumerate() {
        // Only creatures of the attacking side are ever affected (docs/format.md).
        if !perm.is_creature() || !attacking_players.contains(&vb.controller[i]) {
            continue;
        }
        let ineligible = ineligibility(vb, i);
        let legal = if ineligible.is_none() {
            legal_of.entry(vb.controller[i]).or_insert_with(|| legal_targets(vb, &targets, vb.controller[i])).clone()
        } else {
            vec![]
        };
        pairs = pairs.saturating_add(legal.len());
        if pairs > MAX_PAIRS {
            return Err(InputError::new(
                &vb.file,
                format!("permanents[{i}]"),
                format!("expected at most {MAX_PAIRS} pairs of a creature and a target it can attack; with this creature there are more"),
            ));
        }
        creatures.push(Creature {
            permanent: i,
            id: perm.id.clone(),
            name: perm.name.clone(),
            controller: vb.controller[i],
            power: perm.power,
            vigilance: perm.has_keyword("Vigilance"),
            ineligible,
            allowed: legal.clone(),
            legal_targets: legal,
        });
    }
    let mut creature_of = vec![None; vb.board.permanents.len()];
    for (c, cr) in creatures.iter().enumerate() {
        creature_of[cr.permanent] = Some(c);
    }
    let mut rules = Rules {
        targets,
        creatures,
        requirements: vec![],
        restrictions: vec![],
        costs: vec![],
        attacking_players,
        by_creature: vec![],
        creature_of,
        actions: vec![],
    };
    let mut budget = Budget { file: &vb.file, used: 0 };

    // Goad (CR 701.15b-d): per distinct goading player, "attacks if able" and "attacks a player
    // other than G if able".
    for c in 0..rules.creatures.len() {
        let p = rules.creatures[c].permanent;
        budget.take(2 * vb.goaded_by[p].len(), &format!("permanents[{p}].goaded_by"))?;
        for &g in &vb.goaded_by[p] {
            let source: Source = format!("goaded by {} (CR 701.15b)", vb.player_label(g)).into();
            rules.requirements.push(req(RequirementKind::Attack { creature: c, targets: None }, &source));
            rules.requirements.push(req(RequirementKind::AttackPlayerOtherThan { creature: c, player: g }, &source));
        }
        // Goaded by a player who has left the game (CR 800.4a): the goad still stands (docs/rules.md
        // section 2), and "a player other than G" excludes no one left, so its second half is
        // "attacks a player" (an opponent, the only players it may attack, CR 508.1b; not a
        // planeswalker or battle, CR 701.15b).
        if vb.goaded_by_left[p].is_empty() {
            continue;
        }
        budget.take(2 * vb.goaded_by_left[p].len(), &format!("permanents[{p}].goaded_by"))?;
        let me = rules.creatures[c].controller;
        let player_targets: Vec<usize> =
            (0..rules.targets.len()).filter(|&t| rules.targets[t].player().is_some_and(|q| vb.opponents(me, q))).collect();
        for &g in &vb.goaded_by_left[p] {
            let source: Source = format!("goaded by {}, who has left the game (CR 701.15b, 800.4a)", vb.board.left_the_game[g]).into();
            rules.requirements.push(req(RequirementKind::Attack { creature: c, targets: None }, &source));
            rules.requirements.push(req(RequirementKind::Attack { creature: c, targets: Some(player_targets.clone()) }, &source));
        }
    }
    // The creatures each selector picks, found once: many permanents sharing one text make the
    // same selector, and a pass over every creature for each was quadratic.
    let selections = std::cell::RefCell::new(HashMap::new());
    for e in &vb.effects {
        apply(vb, &mut rules, &e.kind, &e.source.as_str().into(), &mut budget, &selections, &format!("effects[{}]", e.index))?;
    }
    // One permanent's card effects at a time, each charged to the budget as it is applied: the
    // effects of all named cards at once can be quadratic (a Nils per creature, issue 11, F04).
    let card_view = cards::CardView::new(vb);
    for permanent in 0..vb.board.permanents.len() {
        for kind in cards::card_effects(&card_view, permanent) {
            let source = card_source(vb, permanent);
            apply(vb, &mut rules, &kind, &source.into(), &mut budget, &selections, &format!("permanents[{permanent}]"))?;
        }
    }

    // Requirements on creatures that may not attack are listed but not counted (docs/format.md).
    for r in &mut rules.requirements {
        if let Some(c) = r.creature() {
            r.counts = rules.creatures[c].may_attack();
        }
    }
    // The pairs a restriction-obeying declaration may use.
    for r in &rules.restrictions {
        if let RestrictionKind::CantAttack { creature, targets } = &r.kind {
            rules.creatures[*creature].allowed.retain(|t| !in_targets(targets, *t));
        }
    }
    let mut index = vec![CreatureIndex::default(); rules.creatures.len()];
    for (i, r) in rules.requirements.iter().enumerate() {
        if let Some(c) = r.creature() {
            index[c].requirements.push(i);
        }
    }
    for (i, r) in rules.restrictions.iter().enumerate() {
        match r.kind {
            RestrictionKind::CantAttack { creature, .. }
            | RestrictionKind::MinOtherAttackers { creature, .. }
            | RestrictionKind::MinOtherAttackersAmong { creature, .. }
            | RestrictionKind::AttacksOnlyAlone { creature } => index[creature].restrictions.push(i),
            RestrictionKind::MaxAttackers { .. } => {}
        }
    }
    for (i, k) in rules.costs.iter().enumerate() {
        index[k.creature].costs.push(i);
    }
    rules.by_creature = index;
    Ok(rules)
}

fn req(kind: RequirementKind, source: &Source) -> Requirement {
    Requirement { kind, source: source.clone(), counts: true, condition: None }
}

/// Add the instances of one effect; `path` names it in a refusal.
fn apply(
    vb: &ValidBoard,
    rules: &mut Rules,
    kind: &EffectKind,
    source: &Source,
    budget: &mut Budget,
    selections: &std::cell::RefCell<HashMap<String, Vec<usize>>>,
    path: &str,
) -> Result<(), InputError> {
    let selected = |sel: &Selector| -> Vec<usize> {
        match sel {
            // A list of ids: look each up (scanning every creature per id would be quadratic).
            Selector::Ids(ids) => {
                let mut cs: Vec<usize> = ids.iter().filter_map(|&p| rules.creature_of[p]).collect();
                cs.sort_unstable();
                cs.dedup();
                cs
            }
            _ => selections
                .borrow_mut()
                .entry(format!("{sel:?}"))
                .or_insert_with(|| (0..rules.creatures.len()).filter(|&c| selects(vb, sel, rules.creatures[c].permanent)).collect())
                .clone(),
        }
    };
    // The creatures an effect applies to, counted against the budget before any is built.
    let mut affected = |sel: &Selector| -> Result<Vec<usize>, InputError> {
        let cs = selected(sel);
        budget.take(cs.len(), path)?;
        Ok(cs)
    };
    let resolve = |t: &Option<TargetSpec>| t.as_ref().map(|t| resolve_targets(rules, t));
    match kind {
        EffectKind::AttacksIfAble { creatures, target } => {
            let targets = resolve(target);
            for c in affected(creatures)? {
                rules.requirements.push(req(RequirementKind::Attack { creature: c, targets: targets.clone() }, source));
            }
        }
        EffectKind::AttacksIfAbleIfOther { creatures, target, others, any_controller } => {
            let targets = resolve(target);
            let among = selected(others);
            // One list per controller: the condition looks only at the creature's own side
            // (every side, one list, when `any_controller`).
            let mut by_controller: HashMap<usize, std::sync::Arc<[usize]>> = HashMap::new();
            for c in affected(creatures)? {
                let p = if *any_controller { usize::MAX } else { rules.creatures[c].controller };
                let list = match by_controller.get(&p) {
                    Some(l) => l.clone(),
                    None => {
                        let l: std::sync::Arc<[usize]> =
                            among.iter().copied().filter(|&o| p == usize::MAX || rules.creatures[o].controller == p).collect();
                        // The integer program's class constraints are rows over the list.
                        budget.take(l.len(), path)?;
                        by_controller.insert(p, l.clone());
                        l
                    }
                };
                let mut r = req(RequirementKind::Attack { creature: c, targets: targets.clone() }, source);
                r.condition = Some(list);
                rules.requirements.push(r);
            }
        }
        EffectKind::AttacksPlayerOtherThan { creatures, player } => {
            for c in affected(creatures)? {
                rules.requirements.push(req(RequirementKind::AttackPlayerOtherThan { creature: c, player: *player }, source));
            }
        }
        EffectKind::PlayerAttacksIfAble { player, target } => {
            if rules.attacking_players.contains(player) {
                budget.take(1, path)?;
                let targets = resolve_targets(rules, target);
                rules.requirements.push(req(RequirementKind::PlayerAttacks { player: *player, targets }, source));
            }
        }
        EffectKind::CantAttack { creatures, target } => {
            let targets = resolve(target);
            for c in affected(creatures)? {
                let kind = RestrictionKind::CantAttack { creature: c, targets: targets.clone() };
                rules.restrictions.push(Restriction { kind, source: source.clone() });
            }
        }
        EffectKind::MinOtherAttackers { creatures, count } => {
            for c in affected(creatures)? {
                let kind = RestrictionKind::MinOtherAttackers { creature: c, count: *count };
                rules.restrictions.push(Restriction { kind, source: source.clone() });
            }
        }
        EffectKind::CantAttackUnlessOthers { creatures, others, count, greater_power } => {
            let among: std::sync::Arc<[usize]> = selected(others).into();
            for c in affected(creatures)? {
                // Each restricted creature is a row over its others in the integer program: they
                // count against the budget too, so a board can't make it quadratic unchecked.
                budget.take(among.len(), path)?;
                let power_above = greater_power.then_some(rules.creatures[c].power);
                let kind = RestrictionKind::MinOtherAttackersAmong { creature: c, count: *count, among: among.clone(), power_above };
                rules.restrictions.push(Restriction { kind, source: source.clone() });
            }
        }
        EffectKind::AttacksOnlyAlone { creatures } => {
            for c in affected(creatures)? {
                rules.restrictions.push(Restriction { kind: RestrictionKind::AttacksOnlyAlone { creature: c }, source: source.clone() });
            }
        }
        EffectKind::MaxAttackers { count, target, per_turn } => {
            budget.take(1, path)?;
            // "Each turn" caps count the creatures that attacked earlier this turn (CR 506.1).
            let already = if *per_turn { vb.board.attacked_this_turn } else { 0 };
            let kind = RestrictionKind::MaxAttackers {
                count: count.saturating_sub(already),
                targets: resolve(target),
                per_turn: *per_turn,
                written: *count,
            };
            rules.restrictions.push(Restriction { kind, source: source.clone() });
        }
        // Settled on the board when the position is made ([`settle_permissions`]).
        // Settled onto the mana sources (`crate::mana`), not rules of the declaration.
        EffectKind::AttacksAsThough { .. } | EffectKind::NoManaAbilities { .. } | EffectKind::Mana(_) => {}
        // About blocks (docs/blocks.md, `crate::rules::blocks`): they say nothing about attacks.
        EffectKind::CantBlock { .. }
        | EffectKind::BlocksIfAble { .. }
        | EffectKind::Lure { .. }
        | EffectKind::CantBlockAlone { .. }
        | EffectKind::MaxBlockers { .. }
        | EffectKind::CanBlockOnly { .. }
        | EffectKind::CantBeBlocked { .. }
        | EffectKind::CantBeBlockedExceptBy { .. }
        | EffectKind::CantBeBlockedByMoreThan { .. }
        | EffectKind::CantBeBlockedBy { .. }
        | EffectKind::MustBeBlockedByAll { .. }
        | EffectKind::MustBeBlockedIfAble { .. }
        | EffectKind::MustBeBlockedByExactlyOne { .. }
        | EffectKind::BlocksCreatureIfAble { .. }
        | EffectKind::CanBlockAdditional { .. }
        | EffectKind::CanBlockAnyNumber { .. }
        | EffectKind::BlockCost { .. } => {}
        EffectKind::AttackCost { creatures, target, cost, actions } => {
            let targets = resolve(target);
            let mut cost = cost.clone();
            for a in actions {
                let k = action_class(vb, &mut rules.actions, a, path)?;
                cost.extend(std::iter::repeat_n(Symbol::Action(k), a.count as usize));
            }
            for c in affected(creatures)? {
                rules.costs.push(CostInstance { creature: c, targets: targets.clone(), cost: cost.clone(), source: source.clone() });
            }
        }
    }
    Ok(())
}

/// The class of a non-mana cost, found or added: the permanents its selector picks (CR
/// 508.1g). At most [`MAX_ACTION_CLASSES`] distinct classes (the bits of a unit's type set).
fn action_class(vb: &ValidBoard, classes: &mut Vec<ActionClass>, a: &ActionCost, path: &str) -> Result<u8, InputError> {
    let permanents: Vec<usize> = match &a.of {
        Selector::Ids(ids) => {
            let mut ps = ids.clone();
            ps.sort_unstable();
            ps.dedup();
            ps
        }
        _ => (0..vb.board.permanents.len()).filter(|&p| selects(vb, &a.of, p)).collect(),
    };
    let words = match a.action {
        Action::Sacrifice => format!("sacrifice {}", describe(&a.of)),
        Action::Return => format!("return {} to its owner's hand", describe(&a.of)),
    };
    if let Some(k) = classes.iter().position(|c| c.action == a.action && c.permanents == permanents && c.words == words) {
        return Ok(k as u8);
    }
    if classes.len() >= usize::from(MAX_ACTION_CLASSES) {
        return Err(InputError::new(
            &vb.file,
            path,
            format!("expected at most {MAX_ACTION_CLASSES} distinct non-mana costs to attack (sacrifice, return_to_hand) on one board"),
        ));
    }
    classes.push(ActionClass { action: a.action, permanents, words });
    Ok((classes.len() - 1) as u8)
}

/// A selector of permanents in words ("a Land you control", "an Island you control").
fn describe(of: &Selector) -> String {
    let noun = match of {
        Selector::All => "permanent".to_string(),
        Selector::Ids(ids) => return format!("one of {} permanents named by id", ids.len()),
        Selector::Filter(f) => {
            let mut words: Vec<String> = Vec::new();
            words.extend(f.color.iter().map(|c| c.letter().to_string()));
            words.extend(f.subtype.iter().cloned());
            if !f.card_types.is_empty() && f.subtype.is_none() {
                words.push(f.card_types.join(" or "));
            }
            if words.is_empty() {
                words.push("permanent".into());
            }
            words.join(" ")
        }
    };
    let article = if noun.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {noun} you control")
}

/// Settle what `attacks_as_though` and `no_mana_abilities` effects, explicit or read from a
/// card's text, say onto the board's permanents: they decide which creatures may attack at all
/// (CR 302.6, 702.3b) and which sources make mana (CR 605.1a), so they are known before the
/// plain rules and the mana are built. Called when a position is made.
pub fn settle_permissions(vb: &mut ValidBoard) {
    let mut kinds: Vec<EffectKind> = vb
        .effects
        .iter()
        .map(|e| &e.kind)
        .chain(vb.text_effects.values().flatten())
        .filter(|k| matches!(k, EffectKind::AttacksAsThough { .. } | EffectKind::NoManaAbilities { .. }))
        .cloned()
        .collect();
    // A permission given twice is given once: 20,000 tokens granting one would otherwise be
    // 20,000 passes over the board.
    let mut seen = std::collections::HashSet::new();
    kinds.retain(|k| seen.insert(format!("{k:?}")));
    for kind in kinds {
        match kind {
            EffectKind::AttacksAsThough { creatures, haste, defender } => {
                let picked: Vec<usize> = match &creatures {
                    Selector::Ids(ids) => ids.iter().copied().filter(|&p| vb.perm(p).is_creature()).collect(),
                    _ => (0..vb.board.permanents.len()).filter(|&p| vb.perm(p).is_creature() && selects(vb, &creatures, p)).collect(),
                };
                for p in picked {
                    vb.as_though_haste[p] |= haste;
                    vb.as_though_no_defender[p] |= defender;
                }
            }
            EffectKind::NoManaAbilities { permanents } => {
                for p in permanents {
                    vb.no_mana[p] = true;
                }
            }
            _ => {}
        }
    }
}

/// Settle the effects on mana production, explicit or read from a card's text, onto the
/// board: each with the permanents whose tapping for mana it affects (any controller's, so
/// `"all"` is every permanent here). Called when a position is made, before the mana is built.
pub fn settle_mana_effects(vb: &mut ValidBoard) {
    let mut found: Vec<(crate::vocab::effects::ManaEffect, String)> = Vec::new();
    for e in &vb.effects {
        if let EffectKind::Mana(m) = &e.kind {
            found.push((m.clone(), e.source.clone()));
        }
    }
    // Read from a text, or made by a catalog card (only those whose entry has an effect on
    // mana are asked), in the board's order.
    let mut by_permanent: Vec<(usize, crate::vocab::effects::ManaEffect)> = Vec::new();
    for (&p, kinds) in &vb.text_effects {
        for k in kinds {
            if let EffectKind::Mana(m) = k {
                by_permanent.push((p, m.clone()));
            }
        }
    }
    for p in 0..vb.board.permanents.len() {
        if let Some(m) = cards::catalog_mana_effect(vb, p) {
            by_permanent.push((p, m));
        }
    }
    by_permanent.sort_by_key(|(p, _)| *p);
    for (p, m) in by_permanent {
        found.push((m, vb.permanent_label(p)));
    }
    let n = vb.board.permanents.len();
    let settled = found
        .into_iter()
        .map(|(m, source)| {
            let tapped = match &m.tapped {
                Selector::Ids(ids) => {
                    let mut v = ids.clone();
                    v.sort_unstable();
                    v.dedup();
                    v
                }
                sel => (0..n).filter(|&p| selects(vb, sel, p)).collect(),
            };
            crate::board::SettledManaEffect { tapped, change: m.change, source }
        })
        .collect();
    vb.mana_effects = settled;
}

/// Whether a selector picks permanent `p` (docs/format.md selectors; every field must hold).
pub fn selects(vb: &ValidBoard, sel: &Selector, p: usize) -> bool {
    let perm = vb.perm(p);
    match sel {
        Selector::All => true,
        Selector::Ids(ids) => ids.contains(&p),
        Selector::Filter(f) => {
            f.controller.is_none_or(|c| vb.controller[p] == c)
                && f.opponents_of.is_none_or(|o| vb.opponents(vb.controller[p], o))
                && f.subtype.as_deref().is_none_or(|s| perm.has_subtype(s))
                && f.color.is_none_or(|c| perm.has_color(&c.letter().to_string()))
                && f.not_color.is_none_or(|c| !perm.has_color(&c.letter().to_string()))
                && f.keyword.as_deref().is_none_or(|k| perm.has_keyword(k))
                && f.without_keyword.as_deref().is_none_or(|k| !perm.has_keyword(k))
                && f.power_greater_than.is_none_or(|n| perm.power > n)
                && f.power_at_most.is_none_or(|n| perm.power <= n)
                && !f.except.contains(&p)
                && (f.colors.is_empty() || f.colors.iter().any(|c| perm.has_color(&c.letter().to_string())))
                && (f.card_types.is_empty() || f.card_types.iter().any(|t| perm.has_type(t)))
                && !f.not_card_types.iter().any(|t| perm.has_type(t))
        }
    }
}

/// The targets of a target set, as sorted indices into `rules.targets`.
fn resolve_targets(rules: &Rules, spec: &TargetSpec) -> Vec<usize> {
    let mut out: Vec<usize> = (0..rules.targets.len())
        .filter(|&t| match rules.targets[t].kind {
            TargetKind::Player(p) => spec.players.contains(&p),
            TargetKind::Planeswalker(perm) => {
                spec.permanents.contains(&perm) || rules.targets[t].defender.is_some_and(|d| spec.planeswalkers_of.contains(&d))
            }
            TargetKind::Battle(perm) => {
                spec.permanents.contains(&perm) || rules.targets[t].defender.is_some_and(|d| spec.battles_protected_by.contains(&d))
            }
        })
        .collect();
    out.sort_unstable();
    out
}

/// The source of a named card's effects: "Propaganda (prop, controlled by C)". Explanations
/// compare a rule's source with this to say "its own ability" instead of naming the creature
/// twice (issue 13).
pub(crate) fn card_source(vb: &ValidBoard, permanent: usize) -> String {
    let p = vb.perm(permanent);
    format!("{} ({}, controlled by {})", crate::board::quoted_name(&p.name), p.id, vb.player_label(vb.controller[permanent]))
}
