//! Board to plain rules: selectors and target sets are resolved, goad becomes its two
//! requirements, catalog cards become effects, and each effect becomes one requirement,
//! restriction or cost instance per affected creature.

use super::targets::{all_targets, ineligibility, legal_targets};
use super::*;
use crate::board::{EffectKind, Selector, TargetSpec, ValidBoard};
use crate::cards;

/// Expand a validated board into its plain rules form.
pub fn expand(vb: &ValidBoard) -> Rules {
    let targets = all_targets(vb);
    // CR 805.10, 810.7: under shared team turns the whole team declares together.
    let attacking_players: Vec<usize> = if vb.board.variant.shared_team_turns {
        (0..vb.board.players.len()).filter(|&p| vb.same_team(p, vb.active)).collect()
    } else {
        vec![vb.active]
    };
    let mut creatures = Vec::new();
    for (i, perm) in vb.board.permanents.iter().enumerate() {
        // Only creatures of the attacking side are ever affected (SPEC.md).
        if !perm.is_creature() || !attacking_players.contains(&vb.controller[i]) {
            continue;
        }
        let ineligible = ineligibility(vb, i);
        let legal = if ineligible.is_none() { legal_targets(vb, &targets, vb.controller[i]) } else { vec![] };
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
    };

    // Goad (CR 701.15b-d): per distinct goading player, "attacks if able" and "attacks a player
    // other than G if able".
    for c in 0..rules.creatures.len() {
        for &g in &vb.goaded_by[rules.creatures[c].permanent] {
            let source = format!("goaded by {} (CR 701.15b)", vb.player_id(g));
            rules.requirements.push(req(RequirementKind::Attack { creature: c, targets: None }, &source));
            rules.requirements.push(req(RequirementKind::AttackPlayerOtherThan { creature: c, player: g }, &source));
        }
    }
    for e in &vb.effects {
        apply(vb, &mut rules, &e.kind, &e.source);
    }
    for ce in cards::card_effects(vb) {
        let p = vb.perm(ce.permanent);
        let source = format!("{} ({}, controlled by {})", p.name, p.id, vb.player_id(vb.controller[ce.permanent]));
        apply(vb, &mut rules, &ce.kind, &source);
    }

    // Requirements on creatures that may not attack are listed but not counted (SPEC.md).
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
            | RestrictionKind::AttacksOnlyAlone { creature } => index[creature].restrictions.push(i),
            RestrictionKind::MaxAttackers { .. } => {}
        }
    }
    for (i, k) in rules.costs.iter().enumerate() {
        index[k.creature].costs.push(i);
    }
    rules.by_creature = index;
    rules
}

fn req(kind: RequirementKind, source: &str) -> Requirement {
    Requirement { kind, source: source.to_string(), counts: true }
}

fn apply(vb: &ValidBoard, rules: &mut Rules, kind: &EffectKind, source: &str) {
    let selected = |sel: &Selector| -> Vec<usize> {
        match sel {
            // A list of ids: look each up (scanning every creature per id would be quadratic).
            Selector::Ids(ids) => {
                let mut cs: Vec<usize> = ids.iter().filter_map(|&p| rules.creature_of[p]).collect();
                cs.sort_unstable();
                cs.dedup();
                cs
            }
            _ => (0..rules.creatures.len()).filter(|&c| selects(vb, sel, rules.creatures[c].permanent)).collect(),
        }
    };
    let resolve = |t: &Option<TargetSpec>| t.as_ref().map(|t| resolve_targets(rules, t));
    match kind {
        EffectKind::AttacksIfAble { creatures, target } => {
            let targets = resolve(target);
            for c in selected(creatures) {
                rules.requirements.push(req(RequirementKind::Attack { creature: c, targets: targets.clone() }, source));
            }
        }
        EffectKind::AttacksPlayerOtherThan { creatures, player } => {
            for c in selected(creatures) {
                rules.requirements.push(req(RequirementKind::AttackPlayerOtherThan { creature: c, player: *player }, source));
            }
        }
        EffectKind::PlayerAttacksIfAble { player, target } => {
            if rules.attacking_players.contains(player) {
                let targets = resolve_targets(rules, target);
                rules.requirements.push(req(RequirementKind::PlayerAttacks { player: *player, targets }, source));
            }
        }
        EffectKind::CantAttack { creatures, target } => {
            let targets = resolve(target);
            for c in selected(creatures) {
                let kind = RestrictionKind::CantAttack { creature: c, targets: targets.clone() };
                rules.restrictions.push(Restriction { kind, source: source.to_string() });
            }
        }
        EffectKind::MinOtherAttackers { creatures, count } => {
            for c in selected(creatures) {
                let kind = RestrictionKind::MinOtherAttackers { creature: c, count: *count };
                rules.restrictions.push(Restriction { kind, source: source.to_string() });
            }
        }
        EffectKind::AttacksOnlyAlone { creatures } => {
            for c in selected(creatures) {
                rules.restrictions.push(Restriction { kind: RestrictionKind::AttacksOnlyAlone { creature: c }, source: source.to_string() });
            }
        }
        EffectKind::MaxAttackers { count, target, per_turn } => {
            // "Each turn" caps count the creatures that attacked earlier this turn (CR 506.1).
            let already = if *per_turn { vb.board.attacked_this_turn } else { 0 };
            let kind = RestrictionKind::MaxAttackers {
                count: count.saturating_sub(already),
                targets: resolve(target),
                per_turn: *per_turn,
                written: *count,
            };
            rules.restrictions.push(Restriction { kind, source: source.to_string() });
        }
        EffectKind::AttackCost { creatures, target, cost } => {
            let targets = resolve(target);
            for c in selected(creatures) {
                rules.costs.push(CostInstance { creature: c, targets: targets.clone(), cost: cost.clone(), source: source.to_string() });
            }
        }
    }
}

/// Whether a selector picks permanent `p` (SPEC.md selectors; every field must hold).
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
                && !f.except.contains(&p)
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
