//! Oracle text on a board (docs/format.md "Oracle text"): each permanent's `oracle_text` read by
//! [`super::oracle`] and turned into effects of the board's language, computed from the board as
//! it stands, like the catalog's cards.
//!
//! Precedence, decided here once: a card of the catalog is read from its catalog entry (the
//! verified core; its computed values, such as Sphere of Safety's enchantment count, stay), and
//! a permanent that an explicit effect names as its `source` is described by those effects
//! alone: explicit effects win over everything. A permanent's written `mana` wins over the
//! mana abilities of its text; keywords read from the text are added to its `keywords`.

use super::oracle::{read, Reading, Rule, Who, Whom};
use super::{defended_by, effect_sources, lookup, named_source, this, you, you_or_your_planeswalkers};
use crate::board::{Assumption, AssumptionKind, EffectKind, Filter, Selector, TargetSpec, ValidBoard, Warning};
use std::collections::HashMap;
use std::rc::Rc;

/// The card types a type line may give a permanent (CR 205.2a; Instant and Sorcery are not
/// permanents, CR 110.4a).
const PERMANENT_TYPES: [&str; 7] = ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker", "Kindred"];

/// `types` and `subtypes` from a type line ("Legendary Artifact Creature — Golem"): supertypes
/// (Legendary, Basic, Snow, World) are left out.
pub fn types_of(type_line: &str) -> (Vec<String>, Vec<String>) {
    // A double-faced card's line is "front // back": the front face is on the battlefield.
    let front = type_line.split(" // ").next().unwrap_or("");
    let (types, subtypes) = match front.split_once('—').or_else(|| front.split_once(" - ")) {
        Some((t, s)) => (t, s),
        None => (front, ""),
    };
    let types = types.split_whitespace().filter_map(|w| PERMANENT_TYPES.iter().find(|t| t.eq_ignore_ascii_case(w))).map(|t| t.to_string()).collect();
    (types, subtypes.split_whitespace().map(str::to_string).collect())
}

/// Read every permanent's Oracle text into the board: keywords, mana abilities, effects
/// ([`ValidBoard::text_effects`]) and a warning for each sentence not understood. Called once,
/// when a position is made; a text shared by many permanents (tokens) is read once.
pub(crate) fn read_texts(vb: &mut ValidBoard) {
    for perm in &mut vb.board.permanents {
        if let (true, Some(line)) = (perm.types.is_empty(), perm.type_line.as_deref()) {
            let (types, subtypes) = types_of(line);
            perm.types = types;
            if perm.subtypes.is_empty() {
                perm.subtypes = subtypes;
            }
        }
    }
    let sources = effect_sources(vb);
    let mut readings: HashMap<(String, String), Rc<Reading>> = HashMap::new();
    // The permanents read, with their reading, and how many share each text (for warnings).
    let mut read_here: Vec<(usize, Rc<Reading>)> = Vec::new();
    let mut first_with: HashMap<(String, String), (usize, usize)> = HashMap::new();
    for (p, perm) in vb.board.permanents.iter().enumerate() {
        let Some(text) = perm.oracle_text.as_deref().filter(|t| !t.trim().is_empty()) else { continue };
        if lookup(&perm.name).is_some() || named_source(&sources, perm) {
            continue;
        }
        let key = (perm.name.trim().to_lowercase(), text.to_string());
        let reading = readings.entry(key.clone()).or_insert_with(|| Rc::new(read(&perm.name, text))).clone();
        first_with.entry(key).or_insert((p, 0)).1 += 1;
        read_here.push((p, reading));
    }
    // Warnings: one per distinct text, at its first permanent.
    let mut firsts: Vec<&(usize, usize)> = first_with.values().collect();
    firsts.sort();
    for &(p, count) in firsts {
        let Some((_, reading)) = read_here.iter().find(|(q, _)| *q == p) else { continue };
        let (name, id) = (&vb.board.permanents[p].name, &vb.board.permanents[p].id);
        let others = if count > 1 { format!(" (and {} other permanents with this text)", count - 1) } else { String::new() };
        for clause in &reading.unread {
            vb.assumptions.push(Assumption {
                kind: AssumptionKind::UnreadText,
                path: format!("permanents[{p}].oracle_text"),
                permanent: id.clone(),
                card: name.clone(),
                clause: Some(clause.clone()),
                needs: None,
            });
            vb.warnings.push(Warning {
                path: format!("permanents[{p}].oracle_text"),
                message: format!(
                    "\"{name}\" ({id}){others}: attackopt does not understand \"{clause}\"; this answer assumes it away (write what it does as effects with \"source\": \"{id}\")"
                ),
            });
        }
    }
    // Keywords first: grants change which creatures a keyword selector (Moat) picks.
    for (p, reading) in &read_here {
        let perm = &mut vb.board.permanents[*p];
        for k in &reading.keywords {
            if !perm.has_keyword(k) {
                perm.keywords.push(k.clone());
            }
        }
        if vb.mana[*p].is_empty() {
            vb.mana[*p] = reading.mana.clone();
        }
    }
    for (p, reading) in &read_here {
        for r in &reading.rules {
            if let Rule::Grant(who, keyword) = &r.rule {
                for q in members(vb, *p, who) {
                    let perm = &mut vb.board.permanents[q];
                    if !perm.has_keyword(keyword) {
                        perm.keywords.push(keyword.to_string());
                    }
                }
            }
        }
    }
    let mut text_effects = HashMap::new();
    for (p, reading) in &read_here {
        let needs_attachment = reading
            .rules
            .iter()
            .any(|r| matches!(r.rule, Rule::AttacksIfAble(Who::Attached) | Rule::CantAttack(Who::Attached, _) | Rule::Tax(Who::Attached, _, _)));
        if needs_attachment && vb.attached_to[*p].is_none() {
            let perm = vb.perm(*p);
            vb.warnings.push(Warning {
                path: format!("permanents[{p}].attached_to"),
                message: format!("\"{}\" ({}): its text is about the creature it enchants or equips, and it has no attached_to", perm.name, perm.id),
            });
        }
        let effects: Vec<EffectKind> = reading.rules.iter().flat_map(|r| effects(vb, *p, &r.rule)).collect();
        if !effects.is_empty() {
            text_effects.insert(*p, effects);
        }
    }
    vb.text_effects = text_effects;
}

/// The permanents a `Who` names now (for keyword grants).
fn members(vb: &ValidBoard, p: usize, who: &Who) -> Vec<usize> {
    let c = vb.controller[p];
    let creatures = (0..vb.board.permanents.len()).filter(|&q| vb.perm(q).is_creature());
    match who {
        Who::This => vec![p],
        Who::Attached => vb.attached_to[p].into_iter().collect(),
        Who::All => creatures.collect(),
        Who::Yours { other, subtype } => creatures
            .filter(|&q| vb.controller[q] == c && !(*other && q == p) && subtype.as_ref().is_none_or(|s| vb.perm(q).has_subtype(s)))
            .collect(),
        Who::Opponents => creatures.filter(|&q| vb.opponents(vb.controller[q], c)).collect(),
        Who::Without(k) => creatures.filter(|&q| !vb.perm(q).has_keyword(k)).collect(),
        Who::With(k) => creatures.filter(|&q| vb.perm(q).has_keyword(k)).collect(),
        Who::Subtype { other, subtype } => creatures.filter(|&q| !(*other && q == p) && vb.perm(q).has_subtype(subtype)).collect(),
    }
}

/// The selector a `Who` is on this board; None when it names nothing (an aura attached to
/// nothing).
fn selector(vb: &ValidBoard, p: usize, who: &Who) -> Option<Selector> {
    let c = vb.controller[p];
    Some(match who {
        Who::This => this(p),
        Who::Attached => this(vb.attached_to[p]?),
        Who::All => Selector::All,
        Who::Yours { other, subtype } => Selector::Filter(Filter {
            controller: Some(c),
            subtype: subtype.clone(),
            except: if *other { vec![p] } else { vec![] },
            ..Default::default()
        }),
        Who::Opponents => Selector::Filter(Filter { opponents_of: Some(c), ..Default::default() }),
        Who::Without(k) => Selector::Filter(Filter { without_keyword: Some(k.clone()), ..Default::default() }),
        Who::With(k) => Selector::Filter(Filter { keyword: Some(k.clone()), ..Default::default() }),
        Who::Subtype { other, subtype } => {
            Selector::Filter(Filter { subtype: Some(subtype.clone()), except: if *other { vec![p] } else { vec![] }, ..Default::default() })
        }
    })
}

fn target(vb: &ValidBoard, p: usize, whom: Whom) -> Option<TargetSpec> {
    match whom {
        Whom::Anything => None,
        Whom::You => Some(you(vb, p)),
        Whom::YouOrYourPlaneswalkers => Some(you_or_your_planeswalkers(vb, p)),
    }
}

/// Whether player `d` controls a permanent of this subtype.
fn controls_subtype(vb: &ValidBoard, d: usize, subtype: &str) -> bool {
    (0..vb.board.permanents.len()).any(|q| vb.controller[q] == d && vb.perm(q).has_subtype(subtype))
}

/// The effects one rule of permanent `p`'s text makes on this board.
fn effects(vb: &ValidBoard, p: usize, rule: &Rule) -> Vec<EffectKind> {
    let c = vb.controller[p];
    let sel = |w: &Who| selector(vb, p, w);
    let one = |e: Option<EffectKind>| e.into_iter().collect::<Vec<_>>();
    match rule {
        Rule::AttacksIfAble(w) => one(sel(w).map(|creatures| EffectKind::AttacksIfAble { creatures, target: None })),
        // CR 508.1d: the condition looks at the creatures of each required creature's controller.
        Rule::AttacksIfYoursAttack(w) => one(sel(w).map(|creatures| EffectKind::AttacksIfAbleIfOther {
            creatures,
            target: None,
            others: Selector::Filter(Filter { controller: Some(c), ..Default::default() }),
        })),
        Rule::CantAttack(w, whom) => one(sel(w).map(|creatures| EffectKind::CantAttack { creatures, target: target(vb, p, *whom) })),
        Rule::MinOthers(w, count) => one(sel(w).map(|creatures| EffectKind::MinOtherAttackers { creatures, count: *count })),
        Rule::OnlyAlone(w) => one(sel(w).map(|creatures| EffectKind::AttacksOnlyAlone { creatures })),
        Rule::MaxAttackers { count, whom, per_turn } => {
            vec![EffectKind::MaxAttackers { count: *count, target: target(vb, p, *whom), per_turn: *per_turn }]
        }
        Rule::Tax(w, whom, cost) => {
            one(sel(w).map(|creatures| EffectKind::AttackCost { creatures, target: target(vb, p, *whom), cost: cost.clone() }))
        }
        // Decided per target, for its defending player (CR 508.5, 802.2a), as Sea Serpent.
        Rule::UnlessDefenderControls(w, subtype) => match sel(w) {
            Some(creatures) => (0..vb.board.players.len())
                .filter(|&d| !controls_subtype(vb, d, subtype))
                .map(|d| EffectKind::CantAttack { creatures: creatures.clone(), target: Some(defended_by(d)) })
                .collect(),
            None => vec![],
        },
        Rule::UnlessYouControl(w, subtype) => {
            if controls_subtype(vb, c, subtype) {
                vec![]
            } else {
                one(sel(w).map(|creatures| EffectKind::CantAttack { creatures, target: None }))
            }
        }
        Rule::EachOpponentAttacks(whom) => match target(vb, p, *whom) {
            Some(t) => (0..vb.board.players.len())
                .filter(|&o| vb.opponents(o, c))
                .map(|o| EffectKind::PlayerAttacksIfAble { player: o, target: t.clone() })
                .collect(),
            None => vec![],
        },
        // Applied to the creatures' keywords in `read_texts`.
        Rule::Grant(..) => vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_lines() {
        assert_eq!(
            types_of("Legendary Artifact Creature — Golem Construct"),
            (vec!["Artifact".into(), "Creature".into()], vec!["Golem".into(), "Construct".into()])
        );
        assert_eq!(types_of("Basic Land — Forest"), (vec!["Land".into()], vec!["Forest".into()]));
        assert_eq!(types_of("Instant").0, Vec::<String>::new());
        assert_eq!(types_of("Creature — Human Werewolf // Creature — Werewolf").1, vec!["Human".to_string(), "Werewolf".to_string()]);
    }
}
