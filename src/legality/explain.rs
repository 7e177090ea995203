//! Sentences a player understands, for requirements, violations and the rules view.

use super::{Baseline, Maximum};
use crate::board::AttackOption;
use crate::mana::format_cost;
use crate::position::Position;
use crate::rules::{targets::defending_players, Assignment, Requirement, RequirementKind, Restriction, RestrictionKind, TargetKind};

/// "Grizzly Bears (bears)", or just the id when the permanent has no name.
pub fn creature_name(pos: &Position, c: usize) -> String {
    let cr = &pos.rules.creatures[c];
    if cr.name.is_empty() {
        cr.id.clone()
    } else {
        format!("{} ({})", cr.name, cr.id)
    }
}

/// "B", "B's planeswalker Jace Beleren (jace)", "the battle Invasion of Tarkir (siege), protected by D".
pub fn describe_target(pos: &Position, t: usize) -> String {
    let target = &pos.rules.targets[t];
    let vb = &pos.board;
    match target.kind {
        TargetKind::Player(p) => vb.player_id(p).to_string(),
        TargetKind::Planeswalker(p) => format!("{}'s planeswalker {} ({})", vb.player_id(vb.controller[p]), vb.perm(p).name, target.id),
        TargetKind::Battle(p) => match vb.protector[p] {
            Some(d) => format!("the battle {} ({}), protected by {}", vb.perm(p).name, target.id, vb.player_id(d)),
            None => format!("the battle {} ({})", vb.perm(p).name, target.id),
        },
    }
}

fn target_list(pos: &Position, ts: &[usize]) -> String {
    match ts.len() {
        0 => "nothing it could attack".into(),
        _ => ts.iter().map(|&t| describe_target(pos, t)).collect::<Vec<_>>().join(" or "),
    }
}

/// One requirement as a sentence, with where it comes from.
pub fn describe_requirement(pos: &Position, r: &Requirement) -> String {
    let vb = &pos.board;
    match &r.kind {
        RequirementKind::Attack { creature, targets: None } => {
            format!("{} attacks each combat if able — {}", creature_name(pos, *creature), r.source)
        }
        RequirementKind::Attack { creature, targets: Some(ts) } => {
            format!("{} attacks {} if able — {}", creature_name(pos, *creature), target_list(pos, ts), r.source)
        }
        RequirementKind::AttackPlayerOtherThan { creature, player } => {
            format!("{} attacks a player other than {} if able — {}", creature_name(pos, *creature), vb.player_id(*player), r.source)
        }
        RequirementKind::PlayerAttacks { player, targets } => {
            format!("{} attacks {} with at least one creature if able — {}", vb.player_id(*player), target_list(pos, targets), r.source)
        }
    }
}

/// Why creature `c` may not attack `wanted` (CR 508.1b), `t` its target index if it is one.
pub(crate) fn why_not_target(pos: &Position, c: usize, t: Option<usize>, wanted: &str) -> String {
    let vb = &pos.board;
    let me = pos.rules.creatures[c].controller;
    let Some(t) = t else {
        return format!("{wanted} is not a player, planeswalker or battle (CR 508.1b)");
    };
    let target = &pos.rules.targets[t];
    let Some(d) = target.defender else {
        return format!("{wanted} is a battle with no protector (CR 310.8)");
    };
    if let TargetKind::Battle(_) = target.kind {
        if d == me {
            return format!("{} protects that battle, and a battle's protector can't attack it (CR 310.8b)", vb.player_id(me));
        }
    }
    let whose = match target.kind {
        TargetKind::Player(_) => String::new(),
        _ => format!(" ({} is the defending player for it, CR 508.5)", vb.player_id(d)),
    };
    let reason = if d == me {
        format!("{} can't attack themselves", vb.player_id(me))
    } else if vb.same_team(d, me) {
        format!("{} is a teammate of {}, and teammates are never defending players", vb.player_id(d), vb.player_id(me))
    } else {
        let variant = &vb.board.variant;
        match variant.attack {
            AttackOption::Single => {
                format!("only {} was chosen as defending player this combat (CR 506.2a)", variant.defending_player.as_deref().unwrap_or("?"))
            }
            AttackOption::Left | AttackOption::Right => {
                let side = if variant.attack == AttackOption::Left { "left" } else { "right" };
                match defending_players(vb, me).first() {
                    Some(&p) => format!("under attack {side}, {} can attack only {} (CR 803.1)", vb.player_id(me), vb.player_id(p)),
                    None => format!(
                        "under attack {side}, the player next to {} on that side is not an opponent, so nobody can be attacked (CR 803.1)",
                        vb.player_id(me)
                    ),
                }
            }
            AttackOption::Multiple => match variant.range_of_influence {
                Some(r) => format!("{} is outside {}'s range of influence of {r} (CR 801.3)", vb.player_id(d), vb.player_id(me)),
                None => format!("{} is not a defending player", vb.player_id(d)),
            },
        }
    };
    format!("{reason}{whose} (CR 508.1b)")
}

/// "X can't attack unless at least k other creatures among ... attack" (CR 508.1c: Scarred
/// Puma, Okk), naming at most six of the creatures that count.
pub(crate) fn companions_rule(pos: &Position, creature: usize, count: u32, among: &[usize], power_above: Option<i64>) -> String {
    let names: Vec<String> = pos.rules.companions(creature, among, power_above).map(|o| creature_name(pos, o)).collect();
    let listed = match names.len() {
        0 => "none on this board".to_string(),
        n if n > 6 => format!("{} and {} more", names[..6].join(", "), n - 6),
        _ => names.join(", "),
    };
    let power = power_above.map(|p| format!(" with power greater than {p}")).unwrap_or_default();
    let (others, verb) = if count == 1 { ("other creature", "attacks") } else { ("other creatures", "attack") };
    format!("{} can't attack unless at least {count} {others}{power} {verb} with it (among: {listed})", creature_name(pos, creature))
}

/// A broken restriction as a sentence.
pub(crate) fn restriction_broken(pos: &Position, r: &Restriction, a: &Assignment) -> String {
    let attackers = a.iter().filter(|t| t.is_some()).count();
    match &r.kind {
        RestrictionKind::CantAttack { creature, targets } => {
            let t = a[*creature].map(|t| describe_target(pos, t)).unwrap_or_default();
            match targets {
                None => format!("{} can't attack ({}) (CR 508.1c)", creature_name(pos, *creature), r.source),
                Some(_) => format!("{} can't attack {t} ({}) (CR 508.1c)", creature_name(pos, *creature), r.source),
            }
        }
        RestrictionKind::MinOtherAttackers { creature, count } => format!(
            "{} can't attack unless at least {count} other creature{} attack{}, and {} other{} attack{} ({}) (CR 506.5, 508.1c)",
            creature_name(pos, *creature),
            if *count == 1 { "" } else { "s" },
            if *count == 1 { "s" } else { "" },
            attackers - 1,
            if attackers == 2 { "" } else { "s" },
            if attackers == 2 { "s" } else { "" },
            r.source
        ),
        RestrictionKind::MinOtherAttackersAmong { creature, count, among, power_above } => {
            let with = pos.rules.companions(*creature, among, *power_above).filter(|&o| a[o].is_some()).count();
            format!("{}, and {with} of them attack ({}) (CR 508.1c)", companions_rule(pos, *creature, *count, among, *power_above), r.source)
        }
        RestrictionKind::AttacksOnlyAlone { creature } => format!(
            "{} can only attack alone, and {} other creature{} attack{} ({}) (CR 506.5, 508.1c)",
            creature_name(pos, *creature),
            attackers - 1,
            if attackers == 2 { "" } else { "s" },
            if attackers == 2 { "s" } else { "" },
            r.source
        ),
        RestrictionKind::MaxAttackers { count, targets, per_turn, written } => {
            let n = a.iter().filter(|t| t.is_some_and(|t| crate::rules::in_targets(targets, t))).count();
            let what = match targets {
                None => String::new(),
                Some(ts) => format!(" {}", target_list(pos, ts)),
            };
            let period = if *per_turn {
                format!("each turn, {} already attacked this turn, so at most {count} more", pos.board.board.attacked_this_turn)
            } else {
                "each combat".to_string()
            };
            format!(
                "no more than {written} creature{} can attack{what} {period}, and {n} do ({}) (CR 508.1c)",
                if *written == 1 { "" } else { "s" },
                r.source
            )
        }
    }
}

/// Why the costs can't be paid.
pub(crate) fn cannot_pay(pos: &Position, a: &Assignment, incurred: &[usize]) -> String {
    let rules = &pos.rules;
    let owed = pos.mana.owed(rules, incurred);
    let parts: Vec<String> = owed
        .iter()
        .map(|(p, symbols)| {
            let sources = pos.mana.sources.iter().filter(|s| s.controller == *p && s.tapped_if_attacks.is_none_or(|c| a[c].is_none())).count();
            format!(
                "{} owes {} and has {} untapped mana source{} that can pay, {} in the pool and {} life",
                pos.board.player_id(*p),
                format_cost(symbols),
                sources,
                if sources == 1 { "" } else { "s" },
                pos.mana.pools[*p].len(),
                pos.mana.group_life[pos.mana.life_group[*p]]
            )
        })
        .collect();
    let why: Vec<String> = incurred
        .iter()
        .map(|&k| format!("{} for {} ({})", format_cost(&rules.costs[k].cost), creature_name(pos, rules.costs[k].creature), rules.costs[k].source))
        .collect();
    format!("the costs to attack can't be paid (CR 508.1g-j, no partial payment): {}; costs: {}", parts.join("; "), why.join(", "))
}

/// The `requirements` violation as a chain of reasons: how many are obeyed, how many could be,
/// and for each creature the witness moves, what it must do instead and why it can
/// ("Grizzly Bears (bear) should attack C instead of B: it then obeys ...; C can be attacked
/// for free").
pub(crate) fn requirements_short(pos: &Position, a: &Assignment, max: &Maximum, baseline: Baseline, obeyed: usize) -> String {
    let rules = &pos.rules;
    let w = &max.witness;
    let allowed = match baseline {
        Baseline::Paid => "paying only costs this declaration pays",
        Baseline::Free => "paying no cost",
    };
    let mut reasons = Vec::new();
    for c in 0..rules.creatures.len() {
        if a[c] == w[c] {
            continue;
        }
        let gained: Vec<String> = rules.by_creature[c]
            .requirements
            .iter()
            .map(|&i| &rules.requirements[i])
            .filter(|r| r.counts && rules.obeys(r, w) && !rules.obeys(r, a))
            .map(|r| format!("«{}»", describe_requirement(pos, r)))
            .collect();
        let was = a[c].map_or("not attacking".to_string(), |t| format!("attacking {}", describe_target(pos, t)));
        let now = match w[c] {
            None => format!("{} should not attack (instead of {was})", creature_name(pos, c)),
            Some(t) => {
                let costs: Vec<String> = rules.by_creature[c]
                    .costs
                    .iter()
                    .filter(|&&k| crate::rules::in_targets(&rules.costs[k].targets, t))
                    .map(|&k| format!("{} ({})", format_cost(&rules.costs[k].cost), rules.costs[k].source))
                    .collect();
                let price = if costs.is_empty() { "for free".to_string() } else { format!("paying {}", costs.join(" and ")) };
                format!("{} should attack {} instead of {was}, which it can {price}", creature_name(pos, c), describe_target(pos, t))
            }
        };
        if gained.is_empty() {
            reasons.push(now);
        } else {
            reasons.push(format!("{now}; it then obeys {}", gained.join(", ")));
        }
    }
    // Player requirements (Trove of Temptation) the witness obeys and this declaration does not.
    for r in rules.requirements.iter().filter(|r| r.counts && r.creature().is_none() && rules.obeys(r, w) && !rules.obeys(r, a)) {
        reasons.push(format!("the witness obeys «{}»", describe_requirement(pos, r)));
    }
    format!(
        "this declaration obeys {obeyed} requirement{}, but {} can be obeyed {allowed} without breaking a restriction (CR 508.1d): {}",
        if obeyed == 1 { "" } else { "s" },
        max.value,
        reasons.join("; ")
    )
}
