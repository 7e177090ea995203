//! Sentences a player understands, for requirements, violations and the rules view.

use super::{Baseline, Maximum};
use crate::board::AttackOption;
use crate::mana::cost_words;
use crate::position::Position;
use crate::rules::{targets::defending_players, Assignment, Requirement, RequirementKind, Restriction, RestrictionKind, TargetKind};

/// "Grizzly Bears (bears)", or just the id when the permanent has no name.
pub fn creature_name(pos: &Position, c: usize) -> String {
    pos.board.permanent_label(pos.rules.creatures[c].permanent)
}

/// "B", "B's planeswalker Jace Beleren (jace)", "the battle Invasion of Tarkir (siege), protected by D".
pub fn describe_target(pos: &Position, t: usize) -> String {
    let target = &pos.rules.targets[t];
    let vb = &pos.board;
    match target.kind {
        TargetKind::Player(p) => vb.player_label(p),
        TargetKind::Planeswalker(p) => format!("{}'s planeswalker {}", vb.player_label(vb.controller[p]), vb.permanent_label(p)),
        TargetKind::Battle(p) => match vb.protector[p] {
            Some(d) => format!("the battle {}, protected by {}", vb.permanent_label(p), vb.player_label(d)),
            None => format!("the battle {}", vb.permanent_label(p)),
        },
    }
}

fn target_list(pos: &Position, ts: &[usize]) -> String {
    match ts.len() {
        0 => "nothing it could attack".into(),
        _ => ts.iter().map(|&t| describe_target(pos, t)).collect::<Vec<_>>().join(" or "),
    }
}

/// Where a rule on creature `c` comes from, for a sentence that already names `c`: "its own
/// ability" when it is `c`'s own card (not "Juggernaut (jugg) attacks each combat if able —
/// Juggernaut (jugg, controlled by A)", issue 13), else the source as it is.
pub(crate) fn source_of(pos: &Position, source: &str, c: Option<usize>) -> String {
    match c {
        Some(c) if source == crate::rules::card_source(&pos.board, pos.rules.creatures[c].permanent) => "its own ability".into(),
        _ => source.to_string(),
    }
}

/// One requirement as a sentence, with where it comes from.
pub fn describe_requirement(pos: &Position, r: &Requirement) -> String {
    let vb = &pos.board;
    let source = source_of(pos, &r.source, r.creature());
    // CR 508.1d: a conditional requirement says when it applies ("Ekundu Cyclops attacks each
    // combat if able, only if another creature A controls attacks").
    let cond = match &r.condition {
        Some(_) => format!(", {}", condition_text(pos, r)),
        None => String::new(),
    };
    match &r.kind {
        RequirementKind::Attack { creature, targets: None } => {
            format!("{} attacks each combat if able{cond} — {source}", creature_name(pos, *creature))
        }
        RequirementKind::Attack { creature, targets: Some(ts) } => {
            format!("{} attacks {} if able{cond} — {source}", creature_name(pos, *creature), target_list(pos, ts))
        }
        RequirementKind::AttackPlayerOtherThan { creature, player } => {
            format!("{} attacks a player other than {} if able — {source}", creature_name(pos, *creature), vb.player_label(*player))
        }
        RequirementKind::PlayerAttacks { player, targets } => {
            format!("{} attacks {} with at least one creature if able — {}", vb.player_label(*player), target_list(pos, targets), r.source)
        }
    }
}

/// The condition of a conditional requirement in words (CR 508.1d): "only if another creature
/// A controls attacks", or the creatures by name when the condition names some of them.
pub(crate) fn condition_text(pos: &Position, r: &Requirement) -> String {
    let rules = &pos.rules;
    let Some(among) = &r.condition else { return String::new() };
    let own = r.creature();
    let others: Vec<usize> = among.iter().copied().filter(|&o| Some(o) != own).collect();
    let controller = own.map(|c| rules.creatures[c].controller);
    let all_of_controller =
        controller.is_some_and(|p| (0..rules.creatures.len()).all(|o| Some(o) == own || rules.creatures[o].controller != p || others.contains(&o)));
    match controller {
        Some(p) if all_of_controller => format!("only if another creature {} controls attacks", pos.board.player_id(p)),
        _ if others.is_empty() => "only if another creature of an empty list attacks (never)".to_string(),
        _ => {
            let names: Vec<String> = others.iter().take(8).map(|&o| creature_name(pos, o)).collect();
            let more = if others.len() > 8 { format!(" or {} more", others.len() - 8) } else { String::new() };
            format!("only if one of {}{more} attacks", names.join(", "))
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
        return "it is a battle with no protector (CR 310.8)".to_string();
    };
    if let TargetKind::Battle(_) = target.kind {
        if d == me {
            return format!("{} protects that battle, and a battle's protector can't attack it (CR 310.8b)", vb.player_label(me));
        }
    }
    let whose = match target.kind {
        TargetKind::Player(_) => String::new(),
        _ => format!(" ({} is the defending player for it, CR 508.5)", vb.player_label(d)),
    };
    let reason = if d == me {
        format!("{} can't attack themselves", vb.player_label(me))
    } else if vb.same_team(d, me) {
        format!("{} is a teammate of {}, and teammates are never defending players", vb.player_label(d), vb.player_label(me))
    } else {
        let variant = &vb.board.variant;
        match variant.attack {
            AttackOption::Single => {
                format!(
                    "only {} was chosen as defending player this combat (CR 506.2a)",
                    vb.id_label(variant.defending_player.as_deref().unwrap_or("?"))
                )
            }
            AttackOption::Left | AttackOption::Right => {
                let side = if variant.attack == AttackOption::Left { "left" } else { "right" };
                match defending_players(vb, me).first() {
                    Some(&p) => format!("under attack {side}, {} can attack only {} (CR 803.1)", vb.player_label(me), vb.player_label(p)),
                    None => format!(
                        "under attack {side}, the player next to {} on that side is not an opponent, so nobody can be attacked (CR 803.1)",
                        vb.player_label(me)
                    ),
                }
            }
            AttackOption::Multiple => match variant.range_of_influence {
                Some(r) => format!("{} is outside {}'s range of influence of {r} (CR 801.3)", vb.player_label(d), vb.player_label(me)),
                None => format!("{} is not a defending player", vb.player_label(d)),
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
    // The list follows a colon, not brackets: names carry their ids in brackets (issue 13).
    format!("{} can't attack unless at least {count} {others}{power} {verb} with it; those that count: {listed}", creature_name(pos, creature))
}

/// The creature a restriction is on, if it is on one.
pub(crate) fn restricted_creature(r: &Restriction) -> Option<usize> {
    match &r.kind {
        RestrictionKind::CantAttack { creature, .. }
        | RestrictionKind::MinOtherAttackers { creature, .. }
        | RestrictionKind::MinOtherAttackersAmong { creature, .. }
        | RestrictionKind::AttacksOnlyAlone { creature } => Some(*creature),
        RestrictionKind::MaxAttackers { .. } => None,
    }
}

/// "2 others attack", "1 other attacks".
fn others_attack(n: usize) -> String {
    if n == 1 {
        "1 other attacks".into()
    } else {
        format!("{n} others attack")
    }
}

/// A broken restriction as a sentence: what it says, what the declaration does, where it comes
/// from (after a dash, as requirements: no nested brackets), the rule.
pub(crate) fn restriction_broken(pos: &Position, r: &Restriction, a: &Assignment) -> String {
    let attackers = a.iter().filter(|t| t.is_some()).count();
    let source = source_of(pos, &r.source, restricted_creature(r));
    match &r.kind {
        RestrictionKind::CantAttack { creature, targets } => {
            let t = a[*creature].map(|t| describe_target(pos, t)).unwrap_or_default();
            match targets {
                None => format!("{} can't attack — {source} (CR 508.1c)", creature_name(pos, *creature)),
                Some(_) => format!("{} can't attack {t} — {source} (CR 508.1c)", creature_name(pos, *creature)),
            }
        }
        RestrictionKind::MinOtherAttackers { creature, count } => format!(
            "{} can't attack unless at least {count} other creature{} attack{}, and {} — {source} (CR 506.5, 508.1c)",
            creature_name(pos, *creature),
            if *count == 1 { "" } else { "s" },
            if *count == 1 { "s" } else { "" },
            others_attack(attackers.saturating_sub(1)),
        ),
        RestrictionKind::MinOtherAttackersAmong { creature, count, among, power_above } => {
            let with = pos.rules.companions(*creature, among, *power_above).filter(|&o| a[o].is_some()).count();
            format!("{}; {with} of them attack — {source} (CR 508.1c)", companions_rule(pos, *creature, *count, among, *power_above))
        }
        RestrictionKind::AttacksOnlyAlone { creature } => format!(
            "{} can only attack alone, and {} — {source} (CR 506.5, 508.1c)",
            creature_name(pos, *creature),
            others_attack(attackers.saturating_sub(1)),
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
                "no more than {written} creature{} can attack{what} {period}, and {n} do — {source} (CR 508.1c)",
                if *written == 1 { "" } else { "s" }
            )
        }
    }
}

/// Why the costs can't be paid.
pub(crate) fn cannot_pay(pos: &Position, a: &Assignment, incurred: &[usize]) -> String {
    let rules = &pos.rules;
    let owed = pos.mana.owed(rules, incurred);
    let tapped = crate::mana::tapped_by(a);
    let parts: Vec<String> = owed.iter().map(|(p, symbols)| pos.mana.means_words(&pos.board, *p, &cost_words(rules, symbols), &tapped)).collect();
    let why: Vec<String> = incurred
        .iter()
        .map(|&k| {
            format!("{} for {}, by {}", cost_words(rules, &rules.costs[k].cost), creature_name(pos, rules.costs[k].creature), rules.costs[k].source)
        })
        .collect();
    format!("the costs to attack can't be paid (CR 508.1g-j, no partial payment): {}; costs: {}", parts.join("; "), why.join("; "))
}

/// The `requirements` violation as a chain of reasons: how many are obeyed, how many could be,
/// and for each creature the witness moves, what it must do instead and why it can
/// ("Grizzly Bears (bear) should attack C instead of B: it then obeys ...; C can be attacked
/// for free").
pub(crate) fn requirements_short(pos: &Position, a: &Assignment, max: &Maximum, baseline: Baseline, obeyed: usize) -> String {
    let rules = &pos.rules;
    let w = &max.witness;
    // The requirements in force in this declaration; the witness is credited with those in
    // force in it too (CR 508.1d, docs/rules.md section 2).
    let force = rules.in_force(a);
    let allowed = match baseline {
        Baseline::Paid => "pays no cost this one does not pay",
        Baseline::Free => "pays no cost",
    };
    let mut reasons = Vec::new();
    for c in 0..rules.creatures.len() {
        if a[c] == w[c] {
            continue;
        }
        let gained: Vec<String> = rules.by_creature[c]
            .requirements
            .iter()
            .filter(|&&i| force[i])
            .map(|&i| &rules.requirements[i])
            .filter(|r| rules.condition_holds(r, w) && rules.obeys(r, w) && !rules.obeys(r, a))
            .map(|r| format!("«{}»", describe_requirement(pos, r)))
            .collect();
        let was = a[c].map_or("not attacking".to_string(), |t| format!("attacking {}", describe_target(pos, t)));
        let now = match w[c] {
            None => format!("{} should not attack instead of {was}", creature_name(pos, c)),
            Some(t) => {
                let costs: Vec<String> = rules.by_creature[c]
                    .costs
                    .iter()
                    .filter(|&&k| crate::rules::in_targets(&rules.costs[k].targets, t))
                    .map(|&k| format!("{} for {}", cost_words(rules, &rules.costs[k].cost), rules.costs[k].source))
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
    let players = rules.requirements.iter().zip(&force).filter(|(r, &on)| on && r.creature().is_none());
    for (r, _) in players.filter(|(r, _)| rules.obeys(r, w) && !rules.obeys(r, a)) {
        reasons.push(format!("the witness obeys «{}»", describe_requirement(pos, r)));
    }
    format!(
        "this declaration obeys {obeyed} requirement{}, but one that obeys every restriction and {allowed} can obey {} (CR 508.1d): {}",
        if obeyed == 1 { "" } else { "s" },
        max.value,
        reasons.join("; ")
    )
}

/// The most single attacks a "why not obeyed" explanation looks at: each costs a pass over the
/// restrictions and requirements, and a judge reads a few reasons, not a thousand.
const WHY_NOT_MAX_ATTACKS: usize = 64;

/// Why requirement `r`, which a legal declaration `a` does not obey, could not be obeyed with
/// it (issue 13: a `✗` under a LEGAL verdict needs its reason): for each single attack that
/// would obey it (`c` attacking `t` instead of what it does now), what stands in the way: a
/// restriction it would break, a cost no one has to pay to obey a requirement (CR 508.1d), or
/// the requirements this declaration obeys that it would give up ("cannot be obeyed together
/// with «...»"). Attacks with the same reason are grouped ("attacking B or D: ..."). None when
/// the requirement is obeyed, does not count, or no reason is found (never, when `a` is legal:
/// such an attack would then obey more than the maximum).
/// `force`: the requirements in force in `a` ([`crate::rules::Rules::in_force`]), computed once
/// by the caller for all the requirements it explains.
pub(crate) fn why_not_obeyed(pos: &Position, a: &Assignment, r: &Requirement, baseline: Baseline, force: &[bool]) -> Option<String> {
    let rules = &pos.rules;
    if !r.counts || rules.obeys(r, a) {
        return None;
    }
    // CR 508.1d: a requirement whose condition does not hold in this declaration is not one it
    // has to obey (docs/rules.md section 2).
    if !rules.condition_holds(r, a) {
        return Some(format!("its condition does not hold in this declaration: {} (CR 508.1d)", condition_text(pos, r)));
    }
    let paid = match baseline {
        Baseline::Paid => rules.incurred(a),
        Baseline::Free => Vec::new(),
    };
    let creatures: Vec<usize> = match r.creature() {
        Some(c) => vec![c],
        None => (0..rules.creatures.len()).collect(),
    };
    // The single attacks that would obey it, each with the reason it is not made.
    let mut reasons: Vec<(String, (usize, Vec<String>))> = Vec::new();
    let mut looked = 0;
    'attacks: for &c in &creatures {
        for &t in &rules.creatures[c].legal_targets {
            if a[c] == Some(t) {
                continue;
            }
            let mut b = a.clone();
            b[c] = Some(t);
            if !rules.obeys(r, &b) {
                continue;
            }
            looked += 1;
            if looked > WHY_NOT_MAX_ATTACKS {
                break 'attacks;
            }
            let Some(reason) = why_not_attack(pos, a, &b, &paid, force) else { continue };
            // Targets with the same reason are grouped: "attacking B or C: ...".
            let target = describe_target(pos, t);
            match reasons.iter_mut().find(|(why, whats)| *why == reason && whats.0 == c) {
                Some((_, whats)) => whats.1.push(target),
                None => reasons.push((reason, (c, vec![target]))),
            }
        }
    }
    if looked == 0 {
        return Some(match r.creature() {
            Some(c) => format!("nothing {} may attack obeys it", creature_name(pos, c)),
            None => "no creature of that player may attack what it names".to_string(),
        });
    }
    if reasons.is_empty() {
        return None;
    }
    let parts: Vec<String> = reasons
        .into_iter()
        .map(|(why, (c, targets))| match r.creature() {
            Some(_) => format!("attacking {}: {why}", targets.join(" or ")),
            None => format!("{} attacking {}: {why}", creature_name(pos, c), targets.join(" or ")),
        })
        .collect();
    Some(parts.join("; "))
}

/// What stands in the way of declaration `b` (one attack changed from the legal `a`): the
/// restrictions it breaks, the costs it adds beyond `paid`, a payment that fails, or the
/// requirements it gives up.
fn why_not_attack(pos: &Position, a: &Assignment, b: &Assignment, paid: &[usize], force: &[bool]) -> Option<String> {
    let rules = &pos.rules;
    let attackers = b.iter().filter(|t| t.is_some()).count();
    let broken: Vec<String> = rules
        .restrictions
        .iter()
        .filter(|x| !rules.holds_given(x, b, || attackers))
        .map(|x| format!("«{}»", restriction_broken(pos, x, b)))
        .collect();
    if !broken.is_empty() {
        return Some(format!("would break {}", broken.join(" and ")));
    }
    let incurred = rules.incurred(b);
    let added: Vec<String> = incurred
        .iter()
        .filter(|k| !paid.contains(k))
        .map(|&k| format!("{} for {}", cost_words(rules, &rules.costs[k].cost), rules.costs[k].source))
        .collect();
    if !added.is_empty() {
        return Some(format!("costs {}, and no one has to pay a cost to obey a requirement (CR 508.1d)", added.join(" and ")));
    }
    if !incurred.is_empty() && !matches!(pos.mana.pay(&pos.board, rules, b, &incurred), Ok(Some(_))) {
        return Some("leaves the costs to attack unpayable (CR 508.1h)".to_string());
    }
    let lost: Vec<String> = rules
        .requirements
        .iter()
        .zip(force)
        .filter(|(x, &on)| on && rules.obeys(x, a) && !rules.obeys(x, b))
        .map(|(x, _)| format!("«{}»", describe_requirement(pos, x)))
        .collect();
    if lost.is_empty() {
        return None;
    }
    Some(format!("cannot be obeyed together with {}", lost.join(" and ")))
}
