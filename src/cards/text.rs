//! Oracle text on a board (docs/format.md "Oracle text"): each permanent's `oracle_text` read by
//! [`super::oracle`] and turned into effects of the board's language, computed from the board as
//! it stands, like the catalog's cards.
//!
//! Precedence, decided here once: a card of the catalog is read from its catalog entry (the
//! verified core; its computed values, such as Sphere of Safety's enchantment count, stay), and
//! a permanent that an explicit effect names as its `source` is described by those effects
//! alone: explicit effects win over everything. A permanent's written `mana` wins over the
//! mana abilities of its text; keywords read from the text are added to its `keywords`.
//!
//! A rule under a condition holds when the condition does, decided on the board now, or per
//! defending player (CR 508.5). A condition that needs a fact the board leaves out (a player's
//! `poison`, a permanent's `attacked_last_turn`) is never guessed: the rule is left out, and
//! the board gets a warning and a `missing_fact` assumption naming the field to fill.

use super::oracle::{read, AsThough, Class, Cond, Cost, Quality, Quantity, Reading, Rule, Scope, Spell, Subject, Who, Whom, Whose};
use super::{defended_by, defending_players, effect_sources, facts, lookup, named_source, this, you, you_or_your_planeswalkers, CardView};
use crate::board::{Assumption, AssumptionKind, EffectKind, Filter, InputError, Selector, TargetSpec, ValidBoard, Warning, MAX_RULE_INSTANCES};
use crate::vocab::symbol::Symbol;
use std::cell::RefCell;
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

/// The supertypes of a type line (CR 205.4a), title case.
pub(crate) fn supertypes_of(type_line: &str) -> Vec<String> {
    let front = type_line.split(" // ").next().unwrap_or("");
    let head = front.split_once('—').or_else(|| front.split_once(" - ")).map_or(front, |(t, _)| t);
    head.split_whitespace()
        .filter(|w| ["Basic", "Legendary", "Snow", "World", "Ongoing", "Elite"].iter().any(|s| s.eq_ignore_ascii_case(w)))
        .map(str::to_string)
        .collect()
}

/// What a group's members and a count depend on besides the board: the permanent whose text
/// asks, through its controller ("you", its hand), the player it enchants, its chosen color and
/// its name ("~").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Viewer {
    controller: usize,
    enchanted: Option<usize>,
    color: Option<String>,
    name: String,
}

/// A question a text asks of the board (its phrase written out) and who asks it.
type Asked = (String, Viewer);

/// Groups and counts computed once per viewer, and each permanent's attachments: tokens that
/// share a text ask the same questions, and asking each over the whole board was quadratic
/// (20,000 permanents with "Creatures you control have haste." took 8 s). Emptied whenever a
/// grant changes the board, since keywords and subtypes decide membership.
struct Memo {
    /// By the group (written out) and viewer.
    members: RefCell<HashMap<Asked, Rc<Vec<usize>>>>,
    /// By the classes (written out), viewer and the controller counted.
    counts: RefCell<HashMap<(Asked, Option<usize>), u32>>,
    basic_land_types: RefCell<Option<Vec<u32>>>,
    /// Per permanent, the permanents attached to it.
    attachments: Vec<Vec<usize>>,
}

impl Memo {
    fn new(vb: &ValidBoard) -> Memo {
        let mut attachments = vec![Vec::new(); vb.board.permanents.len()];
        for (r, to) in vb.attached_to.iter().enumerate() {
            if let Some(q) = *to {
                attachments[q].push(r);
            }
        }
        Memo { members: RefCell::default(), counts: RefCell::default(), basic_land_types: RefCell::default(), attachments }
    }

    fn viewer(&self, vb: &ValidBoard, p: usize) -> Viewer {
        let perm = vb.perm(p);
        Viewer {
            controller: vb.controller[p],
            enchanted: vb.enchanted_player[p],
            color: perm.chosen_color.clone(),
            name: perm.name.trim().to_lowercase(),
        }
    }

    /// The board changed: what was computed from it no longer holds.
    fn forget(&self) {
        self.members.borrow_mut().clear();
        self.counts.borrow_mut().clear();
        self.basic_land_types.borrow_mut().take();
    }
}

/// A fact the board leaves out: the field that would give it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Missing(String);

type Fact<T> = Result<T, Missing>;

/// Read every permanent's Oracle text into the board: keywords, mana abilities, effects
/// ([`ValidBoard::text_effects`]) and a warning for each sentence not understood. Called once,
/// when a position is made; a text shared by many permanents (tokens) is read once.
pub(crate) fn read_texts(vb: &mut ValidBoard) -> Result<(), InputError> {
    types_from_type_lines(vb);
    let (mut read_here, first_with) = read_each_text(vb);
    let mut missing: Vec<(usize, String, Missing)> = Vec::new();
    add_chosen_modes(vb, &mut read_here, &mut missing);
    ask_whether_ignored(vb, &read_here, &mut missing);
    warn_unread(vb, &read_here, &first_with);
    // A catalog card's keyword grant (Mirari's Wake) is applied as a text's is, in the board's
    // order (CR 613.7); it makes no effect (its card's effects are the catalog's).
    for (p, perm) in vb.board.permanents.iter().enumerate() {
        if let Some(card) = lookup(&perm.name).filter(|c| !c.grants.is_empty()) {
            read_here.push((p, Rc::new(read(&perm.name, card.grants))));
        }
    }
    read_here.sort_by_key(|(p, _)| *p);
    add_keywords_and_mana(vb, &read_here);
    let m = Memo::new(vb);
    apply_grants(vb, &m, &read_here, &mut missing);
    vb.text_effects = text_effects(vb, &m, &read_here, &mut missing)?;
    warn_missing(vb, missing);
    Ok(())
}

/// A permanent written with a `type_line` and no `types` gets its types (and subtypes, unless
/// written) from the line.
fn types_from_type_lines(vb: &mut ValidBoard) {
    for perm in &mut vb.board.permanents {
        if let (true, Some(line)) = (perm.types.is_empty(), perm.type_line.as_deref()) {
            let (types, subtypes) = types_of(line);
            perm.types = types;
            if perm.subtypes.is_empty() {
                perm.subtypes = subtypes;
            }
        }
    }
}

/// Per text read (its permanent's name, lower case, and the text), its first permanent and how
/// many permanents share it.
type TextCounts = HashMap<(String, String), (usize, usize)>;

/// The texts to read, one reading per distinct name and text: the permanents read, with their
/// reading, and per text its first permanent and how many share it (for warnings). A catalog
/// card, and a permanent that explicit effects describe, are not read.
fn read_each_text(vb: &ValidBoard) -> (Vec<(usize, Rc<Reading>)>, TextCounts) {
    let sources = effect_sources(vb);
    let mut readings: HashMap<(String, String), Rc<Reading>> = HashMap::new();
    let mut read_here: Vec<(usize, Rc<Reading>)> = Vec::new();
    let mut first_with: TextCounts = HashMap::new();
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
    (read_here, first_with)
}

/// Add the modes chosen as each permanent entered to its reading.
fn add_chosen_modes(vb: &ValidBoard, read_here: &mut [(usize, Rc<Reading>)], missing: &mut Vec<(usize, String, Missing)>) {
    // Modes of a choice made as the permanent entered: those the board says were chosen are in
    // force; without `chosen_modes`, none is guessed (an assumption naming the field).
    for (p, reading) in read_here {
        if reading.modes.is_empty() {
            continue;
        }
        let Some(chosen) = vb.board.permanents[*p].chosen_modes.clone() else {
            for mode in &reading.modes {
                missing.push((*p, mode.text.clone(), Missing(format!("permanents[{p}].chosen_modes"))));
            }
            continue;
        };
        let mut with_modes = Reading::clone(reading);
        for mode in reading.modes.iter().filter(|m| chosen.contains(&m.number)) {
            let m = &mode.reading;
            with_modes.rules.extend(m.rules.iter().cloned());
            with_modes.keywords.extend(m.keywords.iter().filter(|k| !with_modes.keywords.contains(k)).cloned().collect::<Vec<_>>());
            with_modes.mana.extend(m.mana.iter().cloned());
            with_modes.untap_mana.extend(m.untap_mana.iter().cloned());
            with_modes.unread.extend(m.unread.iter().cloned());
            with_modes.unread_blocks.extend(m.unread_blocks.iter().cloned());
        }
        *reading = Rc::new(with_modes);
    }
}

/// Ask for `effect_ignored` where a text offers to ignore its effect.
fn ask_whether_ignored(vb: &ValidBoard, read_here: &[(usize, Rc<Reading>)], missing: &mut Vec<(usize, String, Missing)>) {
    // "... to ignore this effect until end of turn" (CR 116.2d): the effect holds unless the
    // board says the special action was taken; without `effect_ignored`, the sentence offering
    // it is assumed away (no one took it), with the field to fill. Asked only where the
    // creature it enchants is one that may attack now.
    for (p, reading) in read_here {
        let perm = vb.perm(*p);
        if reading.ignorable.is_empty() || perm.effect_ignored.is_some() {
            continue;
        }
        let attacker = vb.attached_to[*p].is_none_or(|q| vb.declares_attackers(vb.controller[q]));
        if attacker {
            for clause in &reading.ignorable {
                missing.push((*p, clause.clone(), Missing(format!("permanents[{p}].effect_ignored"))));
            }
        }
    }
}

/// A warning and an `unread_text` assumption for each sentence not understood; on a board with
/// combat, each sentence about blocking not understood too (CR 509.1: it may decide the
/// declaration of blockers asked about).
fn warn_unread(vb: &mut ValidBoard, read_here: &[(usize, Rc<Reading>)], first_with: &TextCounts) {
    let combat = vb.board.combat.is_some();
    // Warnings: one per distinct text, at its first permanent.
    let reading_of: HashMap<usize, &Rc<Reading>> = read_here.iter().map(|(p, r)| (*p, r)).collect();
    let mut firsts: Vec<&(usize, usize)> = first_with.values().collect();
    firsts.sort();
    for &(p, count) in firsts {
        let Some(reading) = reading_of.get(&p) else { continue };
        let (name, id) = (vb.board.permanents[p].name.clone(), vb.board.permanents[p].id.clone());
        let others = if count > 1 { format!(" (and {} other permanents with this text)", count - 1) } else { String::new() };
        let blocks = if combat { reading.unread_blocks.as_slice() } else { &[] };
        for clause in reading.unread.iter().chain(blocks) {
            warn_unread_clause(vb, format!("permanents[{p}].oracle_text"), &id, &name, &others, clause);
        }
    }
}

/// The warning and the `unread_text` assumption of one sentence of permanent `id`'s text
/// (`path`) not understood; `others`, the other permanents with the text, in words.
pub(crate) fn warn_unread_clause(vb: &mut ValidBoard, path: String, id: &str, name: &str, others: &str, clause: &str) {
    vb.assumptions.push(Assumption {
        kind: AssumptionKind::UnreadText,
        path: path.clone(),
        permanent: id.to_string(),
        card: name.to_string(),
        clause: Some(clause.to_string()),
        needs: None,
    });
    vb.warnings.push(
        Warning::new(path, format!(
            "\"{name}\" ({id}){others}: attackopt does not understand \"{clause}\"; this answer assumes it away (write what it does as effects with \"source\": \"{id}\")"
        ))
        .in_words(format!(
            "attackopt does not read \"{clause}\"{others}, so this answer assumes it does nothing. If it matters, describe \
             what it does as effects on the board (docs/format.md \"Effects\")"
        )),
    );
}

/// The keywords and mana abilities each text gives its own permanent.
fn add_keywords_and_mana(vb: &mut ValidBoard, read_here: &[(usize, Rc<Reading>)]) {
    // Keywords first: grants change which creatures a keyword selector (Moat) picks.
    for (p, reading) in read_here {
        let perm = &mut vb.board.permanents[*p];
        for k in &reading.keywords {
            if !perm.has_keyword(k) {
                perm.keywords.push(k.clone());
            }
        }
        // A written `mana` ({T} or {Q}) wins over the text's.
        if vb.mana[*p].is_empty() && vb.untap_mana[*p].is_empty() {
            vb.mana[*p] = reading.mana.clone();
            vb.untap_mana[*p] = reading.untap_mana.clone();
        }
    }
}

/// Apply every text's grants to the board (see [`grant`]).
fn apply_grants(vb: &mut ValidBoard, m: &Memo, read_here: &[(usize, Rc<Reading>)], missing: &mut Vec<(usize, String, Missing)>) {
    // Grants in the order of the board (timestamps, CR 613.7), each on the board as the earlier
    // ones left it. One applied again to the same group, with the board unchanged since, changes
    // nothing, and is skipped; an "other" group needs at most two applications (together they
    // leave no one out).
    // A permanent that becomes a creature (Grand Master of Flowers) first: it changes card
    // types (CR 613.1d), which the other grants' groups ask about.
    let mut applied: HashMap<(String, Viewer, Option<usize>), Vec<usize>> = HashMap::new();
    for pass in 0..2 {
        for (p, reading) in read_here {
            for r in &reading.rules {
                if matches!(r.rule, Rule::Becomes(..) | Rule::NonbasicLandsAre(_)) != (pass == 0) {
                    continue;
                }
                grant(vb, m, *p, r, &mut applied, missing);
            }
        }
    }
}

/// The effects of every text on the board as the grants left it, by permanent; bad input past
/// [`MAX_RULE_INSTANCES`].
fn text_effects(
    vb: &mut ValidBoard,
    m: &Memo,
    read_here: &[(usize, Rc<Reading>)],
    missing: &mut Vec<(usize, String, Missing)>,
) -> Result<HashMap<usize, Vec<EffectKind>>, InputError> {
    let mut text_effects = HashMap::new();
    let mut made = 0usize;
    for (p, reading) in read_here {
        let needs_attachment =
            reading.rules.iter().any(|r| about_attached(&r.rule) || (r.rule.about_blocks() && r.rule.who() == Some(&Who::Attached)));
        if needs_attachment && vb.attached_to[*p].is_none() {
            let perm = vb.perm(*p);
            vb.warnings.push(
                Warning::new(
                    format!("permanents[{p}].attached_to"),
                    format!("\"{}\" ({}): its text is about the creature it enchants or equips, and it has no attached_to", perm.name, perm.id),
                )
                .in_words(
                    "its text is about the creature it enchants or equips, but the board does not say which: it does nothing until it is attached",
                ),
            );
        }
        let mut all = Vec::new();
        // A land that lost its abilities (Blood Moon, CR 305.7) has no effects of its text.
        let rules: &[super::oracle::ReadRule] = if vb.abilities_lost[*p] { &[] } else { &reading.rules };
        for r in rules {
            match effects(vb, m, *p, &r.rule, &r.when) {
                Ok(es) => {
                    made = made.saturating_add(es.iter().map(size).sum());
                    if made > MAX_RULE_INSTANCES {
                        return Err(InputError::new(
                            &vb.file,
                            format!("permanents[{p}].oracle_text"),
                            format!(
                                "expected Oracle texts whose effects name at most {MAX_RULE_INSTANCES} creatures in all (an effect on a group \
                                 the effect language has no field for names each creature); with this one there are more"
                            ),
                        ));
                    }
                    all.extend(es)
                }
                Err(m) => missing.push((*p, r.clause.clone(), m)),
            }
        }
        if !all.is_empty() {
            text_effects.insert(*p, all);
        }
    }
    Ok(text_effects)
}

/// A warning and a `missing_fact` assumption for each sentence left out for a fact the board
/// does not give, once per permanent, sentence and field.
fn warn_missing(vb: &mut ValidBoard, mut missing: Vec<(usize, String, Missing)>) {
    missing.sort_by(|a, b| (a.0, &a.1, &(a.2).0).cmp(&(b.0, &b.1, &(b.2).0)));
    missing.dedup();
    for (p, clause, Missing(field)) in missing {
        let (name, id) = (vb.perm(p).name.clone(), vb.perm(p).id.clone());
        vb.warnings.push(Warning::new(format!("permanents[{p}].oracle_text"), format!(
                "\"{name}\" ({id}): \"{clause}\" depends on {field}, which the board does not give; this answer assumes the sentence away (fill {field})"
            ))
            .in_words(missing_fact_words(vb, &clause, &field)));
        vb.assumptions.push(Assumption {
            kind: AssumptionKind::MissingFact,
            path: format!("permanents[{p}].oracle_text"),
            permanent: id,
            card: name,
            clause: Some(clause),
            needs: Some(field),
        });
    }
}

/// Apply one grant of permanent `p`'s text (a keyword, subtype, mana ability, land type, or what
/// it becomes) to the permanents it names, in the order of the board (timestamps, CR 613.7),
/// each on the board as the earlier ones left it. One applied again to the same group, with the
/// board unchanged since, changes nothing, and is skipped; an "other" group needs at most two
/// applications (together they leave no one out). A rule about one permanent (`~`, what it is
/// attached to, what its trigger named) is its own: never skipped for another's.
fn grant(
    vb: &mut ValidBoard,
    m: &Memo,
    p: usize,
    r: &super::oracle::ReadRule,
    applied: &mut HashMap<(String, Viewer, Option<usize>), Vec<usize>>,
    missing: &mut Vec<(usize, String, Missing)>,
) {
    let who = match &r.rule {
        Rule::Grant(who, _) | Rule::GrantSubtype(who, _) | Rule::SetSubtype(who, _) | Rule::GrantMana(who, _) | Rule::Becomes(who, _) => Some(who),
        Rule::LandsAre(_) | Rule::EveryLandType(_) | Rule::EveryCreatureType(_) | Rule::NonbasicLandsAre(_) | Rule::YourLandsHave(_) => None,
        _ => return,
    };
    match holds(vb, m, p, &r.when, who) {
        Ok(true) => {}
        Ok(false) => return,
        Err(e) => {
            missing.push((p, r.clause.clone(), e));
            return;
        }
    }
    let own = match who {
        Some(Who::Group(_)) | None => None,
        Some(_) => Some(p),
    };
    let key = (format!("{:?}", r.rule), m.viewer(vb, p), own);
    let other = matches!(who, Some(Who::Group(g)) if g.class.other);
    if applied.get(&key).is_some_and(|ps| !other || ps.len() >= 2 || ps.contains(&p)) {
        return;
    }
    let qs = match (who, &r.rule) {
        (Some(w), _) => match members(vb, m, p, w) {
            Ok(qs) => qs,
            Err(e) => {
                missing.push((p, r.clause.clone(), e));
                return;
            }
        },
        // The lands, or the nonland creatures, with a counter of the kind (Omo's everything
        // counters).
        (None, Rule::EveryLandType(kind) | Rule::EveryCreatureType(kind)) => {
            let lands = matches!(r.rule, Rule::EveryLandType(_));
            let mut qs = Vec::new();
            let of_kind = |q: usize| if lands { vb.perm(q).has_type("Land") } else { vb.perm(q).is_creature() && !vb.perm(q).has_type("Land") };
            for q in (0..vb.board.permanents.len()).filter(|&q| of_kind(q)) {
                match counters(vb, q, Some(kind)) {
                    Ok(n) if n > 0 => qs.push(q),
                    Ok(_) => {}
                    Err(e) => missing.push((p, r.clause.clone(), e)),
                }
            }
            Rc::new(qs)
        }
        // The lands its controller controls (Chromatic Lantern).
        (None, Rule::YourLandsHave(_)) => {
            Rc::new((0..vb.board.permanents.len()).filter(|&q| vb.controller[q] == vb.controller[p] && vb.perm(q).has_type("Land")).collect())
        }
        (None, _) => Rc::new((0..vb.board.permanents.len()).collect()),
    };
    if apply(vb, &r.rule, &qs) {
        m.forget();
        applied.clear();
    }
    applied.entry(key).or_default().push(p);
}

/// Every land type (CR 205.3i): the basic ones give their mana abilities (CR 305.7).
const LAND_TYPES: [&str; 18] = [
    "Plains",
    "Island",
    "Swamp",
    "Mountain",
    "Forest",
    "Cave",
    "Cloud",
    "Desert",
    "Gate",
    "Lair",
    "Locus",
    "Mine",
    "Planet",
    "Power-Plant",
    "Sphere",
    "Tower",
    "Town",
    "Urza's",
];

/// Apply a grant (CR 613.1d types, 613.1f abilities) to the permanents `qs`; whether anything
/// changed.
fn apply(vb: &mut ValidBoard, rule: &Rule, qs: &[usize]) -> bool {
    let mut changed = false;
    for &q in qs {
        let perm = &mut vb.board.permanents[q];
        match rule {
            Rule::Grant(_, k) if !perm.has_keyword(k) => perm.keywords.push(k.clone()),
            Rule::GrantSubtype(_, t) if !perm.has_subtype(t) => perm.subtypes.push(t.clone()),
            // CR 205.1b: its creature types are replaced (no other subtype matters to a creature
            // here).
            Rule::SetSubtype(_, t) if perm.subtypes != std::slice::from_ref(t) => perm.subtypes = vec![t.clone()],
            Rule::LandsAre(t) if perm.has_type("Land") && !perm.has_subtype(t) => perm.subtypes.push(t.clone()),
            // CR 305.7: a nonbasic land's land types are set to this one; it loses its own
            // abilities (its written and read mana, its catalog mana, its text's effects) and
            // has the basic land type's mana ability.
            Rule::NonbasicLandsAre(t) if perm.has_type("Land") && !super::is_basic(perm) => {
                let before = (perm.subtypes.clone(), vb.abilities_lost[q]);
                perm.subtypes.retain(|s| !LAND_TYPES.iter().any(|l| l.eq_ignore_ascii_case(s)));
                perm.subtypes.push(t.clone());
                vb.mana[q].clear();
                vb.abilities_lost[q] = true;
                changed |= before != (vb.board.permanents[q].subtypes.clone(), true);
                continue;
            }
            // CR 702.73a: every creature type, kept as the keyword that says so (what
            // `Permanent::is_every_creature_type` reads).
            Rule::EveryCreatureType(_) if !perm.has_keyword("Changeling") => perm.keywords.push("Changeling".into()),
            Rule::EveryLandType(_) => {
                for t in LAND_TYPES {
                    if !perm.has_subtype(t) {
                        perm.subtypes.push(t.to_string());
                        changed = true;
                    }
                }
                continue;
            }
            // CR 205.1a: the new card types and creature types replace the old (a planeswalker
            // that becomes a creature is no planeswalker); its power and toughness are set
            // (CR 613.4b) unless the board gives them, as it stands.
            Rule::Becomes(_, b) => {
                let before = (perm.types.clone(), perm.subtypes.clone(), perm.keywords.len(), perm.power, perm.toughness);
                let token = perm.has_type("Token");
                perm.types = b.types.clone();
                if token {
                    perm.types.push("Token".into());
                }
                perm.subtypes = b.subtypes.clone();
                for k in &b.keywords {
                    if !perm.has_keyword(k) {
                        perm.keywords.push(k.clone());
                    }
                }
                if perm.power == 0 && perm.toughness == 0 {
                    perm.power = b.power;
                    perm.toughness = b.toughness;
                }
                changed |= before != (perm.types.clone(), perm.subtypes.clone(), perm.keywords.len(), perm.power, perm.toughness);
                continue;
            }
            Rule::GrantMana(_, abilities) | Rule::YourLandsHave(abilities) => {
                for a in abilities {
                    if !vb.mana[q].contains(a) {
                        vb.mana[q].push(a.clone());
                        changed = true;
                    }
                }
                continue;
            }
            _ => continue,
        }
        changed = true;
    }
    changed
}

/// An effect's weight against [`MAX_RULE_INSTANCES`]: one, and one per permanent it names by id.
fn size(e: &EffectKind) -> usize {
    let ids = |s: &Selector| if let Selector::Ids(ids) = s { ids.len() } else { 0 };
    1 + match e {
        EffectKind::AttacksIfAble { creatures, .. }
        | EffectKind::AttacksPlayerOtherThan { creatures, .. }
        | EffectKind::CantAttack { creatures, .. }
        | EffectKind::MinOtherAttackers { creatures, .. }
        | EffectKind::AttacksOnlyAlone { creatures }
        | EffectKind::CantBlock { creatures }
        | EffectKind::BlocksIfAble { creatures }
        | EffectKind::Lure { creatures }
        | EffectKind::CantBlockAlone { creatures, .. }
        | EffectKind::CantBeBlocked { attackers: creatures }
        | EffectKind::CantBeBlockedExceptBy { attackers: creatures, .. }
        | EffectKind::CantBeBlockedByMoreThan { attackers: creatures, .. }
        | EffectKind::MustBeBlockedByAll { attackers: creatures }
        | EffectKind::MustBeBlockedIfAble { attackers: creatures }
        | EffectKind::MustBeBlockedByExactlyOne { attackers: creatures }
        | EffectKind::BlocksCreatureIfAble { creatures, .. }
        | EffectKind::CanBlockAdditional { creatures, .. }
        | EffectKind::CanBlockAnyNumber { creatures }
        | EffectKind::BlockCost { creatures, .. }
        | EffectKind::AttacksAsThough { creatures, .. }
        | EffectKind::AttackCost { creatures, .. } => ids(creatures),
        EffectKind::AttacksIfAbleIfOther { creatures, others, .. } | EffectKind::CantAttackUnlessOthers { creatures, others, .. } => {
            ids(creatures) + ids(others)
        }
        EffectKind::CanBlockOnly { creatures, attackers: others } | EffectKind::CantBeBlockedBy { attackers: creatures, blockers: others } => {
            ids(creatures) + ids(others)
        }
        EffectKind::NoManaAbilities { permanents } => permanents.len(),
        EffectKind::Mana(m) => ids(&m.tapped),
        EffectKind::PlayerAttacksIfAble { .. } | EffectKind::MaxAttackers { .. } | EffectKind::MaxBlockers { .. } => 0,
    }
}

/// Whether a rule is about what the permanent enchants or equips.
fn about_attached(rule: &Rule) -> bool {
    matches!(
        rule,
        Rule::AttacksIfAble(Who::Attached)
            | Rule::CantAttack(Who::Attached, _)
            | Rule::Tax(Who::Attached, _, _)
            | Rule::AsThough(Who::Attached, _)
            | Rule::NoManaAbilities(Who::Attached)
            | Rule::Goaded(Who::Attached)
            | Rule::Mana(super::oracle::ManaTapped::Enchanted, _)
    )
}

/// The permanent that permanent `p`'s triggered ability named, by its place in the text, as it
/// resolved this combat: its `trigger_permanents` (None: none named, or the ability did not
/// resolve).
fn named_by_trigger(vb: &ValidBoard, p: usize, i: usize) -> Fact<Option<usize>> {
    let list = vb.perm(p).trigger_permanents.as_ref().ok_or_else(|| Missing(format!("permanents[{p}].trigger_permanents")))?;
    Ok(list.get(i).cloned().flatten().and_then(|id| vb.permanent_index(&id)))
}

/// The creatures a `Who` names now.
fn members(vb: &ValidBoard, m: &Memo, p: usize, who: &Who) -> Fact<Rc<Vec<usize>>> {
    let g = match who {
        Who::This => return Ok(Rc::new(vec![p])),
        Who::Attached => return Ok(Rc::new(vb.attached_to[p].into_iter().collect())),
        Who::Trigger(i) => return Ok(Rc::new(named_by_trigger(vb, p, *i)?.into_iter().collect())),
        Who::Group(g) => g,
    };
    let scan = |who: &Who| -> Fact<Vec<usize>> {
        let mut out = Vec::new();
        for q in (0..vb.board.permanents.len()).filter(|&q| vb.perm(q).is_creature()) {
            if in_group(vb, m, p, who, q)? {
                out.push(q);
            }
        }
        Ok(out)
    };
    if g.except.iter().any(|e| e.other) {
        return scan(who).map(Rc::new);
    }
    // "Other": the group as any other permanent of the same viewer sees it, less this one.
    let mut base = g.clone();
    base.class.other = false;
    let key = (format!("{base:?}"), m.viewer(vb, p));
    let cached = m.members.borrow().get(&key).cloned();
    let all = match cached {
        Some(all) => all,
        None => match scan(&Who::Group(base)) {
            Ok(all) => {
                let all = Rc::new(all);
                m.members.borrow_mut().insert(key, all.clone());
                all
            }
            // A fact missing about this permanent itself may not matter to its "other" group.
            Err(_) if g.class.other => return scan(who).map(Rc::new),
            Err(e) => return Err(e),
        },
    };
    Ok(if g.class.other { Rc::new(all.iter().copied().filter(|&q| q != p).collect()) } else { all })
}

/// Whether creature `q` is of the group `who` names.
fn in_group(vb: &ValidBoard, m: &Memo, p: usize, who: &Who, q: usize) -> Fact<bool> {
    let Who::Group(g) = who else { return Ok(false) };
    let c = vb.controller[p];
    let owner_ok = match g.whose {
        Whose::Anyone => true,
        Whose::You => vb.controller[q] == c,
        Whose::Opponents => vb.opponents(vb.controller[q], c),
        Whose::EnchantedPlayer => vb.enchanted_player[p] == Some(vb.controller[q]),
    };
    if !owner_ok || !is_of(vb, m, p, q, &g.class)? {
        return Ok(false);
    }
    for e in &g.except {
        if is_of(vb, m, p, q, e)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether permanent `q` is of a class (relative to permanent `p`, whose text it is).
fn is_of(vb: &ValidBoard, m: &Memo, p: usize, q: usize, class: &Class) -> Fact<bool> {
    let perm = vb.perm(q);
    if (class.other && q == p) || !(class.types.is_empty() || class.types.iter().any(|t| perm.has_type(t))) {
        return Ok(false);
    }
    for quality in &class.qualities {
        if !has_quality(vb, m, p, q, quality)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether an Aura (or, for Equipment, an Equipment) is attached to `q`.
fn attached_to_it(vb: &ValidBoard, m: &Memo, q: usize, equipment: bool) -> bool {
    m.attachments[q].iter().any(|&r| {
        let a = vb.perm(r);
        if equipment {
            a.has_subtype("Equipment")
        } else {
            a.has_subtype("Aura") || (!a.has_subtype("Equipment") && a.has_type("Enchantment"))
        }
    })
}

/// Whether an Aura controlled by `player` is attached to `q`.
fn enchanted_by(vb: &ValidBoard, m: &Memo, q: usize, player: usize) -> bool {
    m.attachments[q].iter().any(|&r| vb.controller[r] == player && vb.perm(r).has_subtype("Aura"))
}

/// Counters of a kind (or of any) on `q`; a kind needs `counters_of` unless it has none at all.
fn counters(vb: &ValidBoard, q: usize, kind: Option<&str>) -> Fact<u32> {
    let perm = vb.perm(q);
    let Some(kind) = kind else { return Ok(perm.counters) };
    match &perm.counters_of {
        Some(map) => Ok(map.iter().filter(|(k, _)| k.eq_ignore_ascii_case(kind)).map(|(_, n)| *n).sum()),
        None if perm.counters == 0 => Ok(0),
        None => Err(Missing(format!("permanents[{q}].counters_of"))),
    }
}

fn has_quality(vb: &ValidBoard, m: &Memo, p: usize, q: usize, quality: &Quality) -> Fact<bool> {
    let perm = vb.perm(q);
    Ok(match quality {
        Quality::Subtype(ts) => ts.iter().any(|t| perm.has_subtype(t)),
        Quality::NotSubtype(t) => !perm.has_subtype(t),
        Quality::Color(cs) => cs.iter().any(|c| perm.has_color(&c.letter().to_string())),
        Quality::NotColor(c) => !perm.has_color(&c.letter().to_string()),
        Quality::ChosenColor => match vb.perm(p).chosen_color.as_deref().and_then(crate::board::parse_color) {
            Some(c) => perm.has_color(&c.letter().to_string()),
            None => return Err(Missing(format!("permanents[{p}].chosen_color"))),
        },
        Quality::Keyword(k) => perm.has_keyword(k),
        Quality::WithoutKeywords(ks) => !ks.iter().any(|k| perm.has_keyword(k)),
        Quality::PowerAtMost(n) => perm.power <= *n,
        Quality::PowerAtLeast(n) => perm.power >= *n,
        Quality::PowerAboveHand => perm.power > i64::from(vb.board.players[vb.controller[p]].hand),
        Quality::Counters(kind, n) => counters(vb, q, kind.as_deref())? >= *n,
        // "~" is the card's own name ("except for creatures named Akron Legionnaire").
        Quality::Named(name) if name == "~" => perm.name.trim().eq_ignore_ascii_case(vb.perm(p).name.trim()),
        Quality::Named(name) => perm.name.trim().eq_ignore_ascii_case(name),
        Quality::Type(t) => perm.has_type(t),
        Quality::Supertype(s) => match perm.type_line.as_deref() {
            Some(line) => supertypes_of(line).iter().any(|t| t.eq_ignore_ascii_case(s)),
            None => return Err(Missing(format!("permanents[{q}].type_line"))),
        },
        Quality::Untapped => !perm.tapped,
        Quality::Tapped => perm.tapped,
        Quality::Enchanted => attached_to_it(vb, m, q, false),
        Quality::Equipped => attached_to_it(vb, m, q, true),
        Quality::AttackedLastTurn => match perm.attacked_last_turn {
            Some(b) => b,
            None => return Err(Missing(format!("permanents[{q}].attacked_last_turn"))),
        },
        Quality::Token => perm.has_type("Token"),
        // A permanent free of summoning sickness has been under its controller's control since
        // the turn began (CR 302.6): it did not enter this turn.
        Quality::EnteredThisTurn => match perm.entered_this_turn {
            Some(b) => b,
            None if !perm.summoning_sick => false,
            None => return Err(Missing(format!("permanents[{q}].entered_this_turn"))),
        },
        Quality::Monstrous => match perm.monstrous {
            Some(b) => b,
            None => return Err(Missing(format!("permanents[{q}].monstrous"))),
        },
        Quality::SummoningSick => perm.summoning_sick,
        Quality::AttachedToAPermanent => vb.attached_to[q].is_some(),
        // CR 702.95: paired with a creature with soulbond. A creature is unpaired, known without
        // `paired_with`, when no other creature its controller controls has soulbond.
        Quality::PairedWithSoulbond => match &perm.paired_with {
            Some(list) => list.iter().filter_map(|id| vb.permanent_index(id)).any(|r| vb.perm(r).is_creature() && vb.perm(r).has_keyword("Soulbond")),
            None => {
                let c = vb.controller[q];
                let partner = (0..vb.board.permanents.len())
                    .any(|r| r != q && vb.controller[r] == c && vb.perm(r).is_creature() && vb.perm(r).has_keyword("Soulbond"));
                if partner {
                    return Err(Missing(format!("permanents[{q}].paired_with")));
                }
                false
            }
        },
        Quality::Modified => perm.counters > 0 || attached_to_it(vb, m, q, true) || enchanted_by(vb, m, q, vb.controller[q]),
        Quality::EnchantedByYours => enchanted_by(vb, m, q, vb.controller[p]),
        Quality::ControllerCastThisTurn => {
            let c = vb.controller[q];
            !vb.board.players[c].spells_cast_this_turn.as_ref().ok_or_else(|| Missing(format!("players[{c}].spells_cast_this_turn")))?.is_empty()
        }
    })
}

/// How many permanents of any of the classes a player controls (None: anyone).
fn count(vb: &ValidBoard, m: &Memo, p: usize, classes: &[Class], controller: Option<usize>) -> Fact<u32> {
    let scan = |classes: &[Class]| -> Fact<u32> {
        let mut n = 0u32;
        for q in 0..vb.board.permanents.len() {
            if controller.is_some_and(|c| vb.controller[q] != c) {
                continue;
            }
            for class in classes {
                if is_of(vb, m, p, q, class)? {
                    n = n.saturating_add(1);
                    break;
                }
            }
        }
        Ok(n)
    };
    // "Other": counted as any other permanent of the same viewer counts, less this one when
    // only an "other" class takes it.
    let base: Vec<Class> = classes.iter().map(|c| Class { other: false, ..c.clone() }).collect();
    let key = ((format!("{base:?}"), m.viewer(vb, p)), controller);
    let cached = m.counts.borrow().get(&key).copied();
    let n = match cached {
        Some(n) => n,
        None => match scan(&base) {
            Ok(n) => {
                m.counts.borrow_mut().insert(key, n);
                n
            }
            Err(_) => return scan(classes),
        },
    };
    if !classes.iter().any(|c| c.other) || controller.is_some_and(|c| vb.controller[p] != c) {
        return Ok(n);
    }
    let (mut by_base, mut by_own) = (false, false);
    for (class, plain) in classes.iter().zip(&base) {
        let Ok(fits) = is_of(vb, m, p, p, plain) else { return scan(classes) };
        by_base |= fits;
        by_own |= fits && !class.other;
    }
    Ok(if by_base && !by_own { n.saturating_sub(1) } else { n })
}

/// Cards in a player's graveyard: `graveyard`, or the length of `graveyard_cards`.
fn graveyard(vb: &ValidBoard, player: usize) -> Fact<u32> {
    let pl = &vb.board.players[player];
    match (pl.graveyard, &pl.graveyard_cards) {
        (Some(n), _) => Ok(n),
        (None, Some(cards)) => Ok(u32::try_from(cards.len()).unwrap_or(u32::MAX)),
        (None, None) => Err(Missing(format!("players[{player}].graveyard"))),
    }
}

/// Card types among the cards in a player's graveyard (delirium): `graveyard_card_types`, or
/// counted from `graveyard_cards`.
fn graveyard_types(vb: &ValidBoard, player: usize) -> Fact<u32> {
    let pl = &vb.board.players[player];
    if let Some(n) = pl.graveyard_card_types {
        return Ok(n);
    }
    let cards = pl.graveyard_cards.as_ref().ok_or_else(|| Missing(format!("players[{player}].graveyard_card_types")))?;
    // Instants and sorceries count too (CR 205.2a), beside the permanent types.
    const TYPES: [&str; 9] = ["artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery"];
    let n = TYPES
        .iter()
        .filter(|t| cards.iter().any(|line| line.split(" — ").next().unwrap_or("").to_lowercase().split_whitespace().any(|w| w == **t)))
        .count();
    Ok(n as u32)
}

/// A player's fact, or the field that would give it.
fn player_fact<T: Copy>(vb: &ValidBoard, player: usize, field: &str, get: impl Fn(&crate::board::Player) -> Option<T>) -> Fact<T> {
    get(&vb.board.players[player]).ok_or_else(|| Missing(format!("players[{player}].{field}")))
}

/// The creature an "it" condition looks at: the permanent, or what it is attached to.
fn it(vb: &ValidBoard, p: usize, subject: Subject, rule_subject: Option<&Who>) -> Option<usize> {
    match (subject, rule_subject) {
        (Subject::It, Some(Who::Attached)) => vb.attached_to[p],
        _ => Some(p),
    }
}

/// Whether a condition holds on this board (for `defender`, the defending player of the target
/// a restriction is decided for).
fn eval(vb: &ValidBoard, m: &Memo, p: usize, cond: &Cond, defender: Option<usize>, rule_subject: Option<&Who>) -> Fact<bool> {
    let c = vb.controller[p];
    let d = || defender.ok_or_else(|| Missing("a defending player".into()));
    Ok(match cond {
        Cond::DefenderControls(classes) => count(vb, m, p, classes, Some(d()?))? > 0,
        Cond::DefenderPoisoned => player_fact(vb, d()?, "poison", |pl| pl.poison)? > 0,
        Cond::DefenderMonarch => {
            let d = d()?;
            match vb.board.players[d].monarch {
                Some(b) => b,
                // One monarch at most (CR 724.1): another player's crown says this one has none.
                None if vb.board.players.iter().any(|pl| pl.monarch == Some(true)) => false,
                None => return Err(Missing(format!("players[{d}].monarch"))),
            }
        }
        Cond::MoreThanDefender(class) => {
            let classes = std::slice::from_ref(class);
            count(vb, m, p, classes, Some(c))? > count(vb, m, p, classes, Some(d()?))?
        }
        Cond::MoreThanAttacker(class) => {
            let classes = std::slice::from_ref(class);
            count(vb, m, p, classes, Some(c))? > count(vb, m, p, classes, Some(vb.active))?
        }
        Cond::YouControl(classes, n) => count(vb, m, p, classes, Some(c))? >= *n,
        Cond::OnBattlefield(classes, n) => count(vb, m, p, classes, None)? >= *n,
        Cond::HandAtMost(n) => vb.board.players[c].hand <= *n,
        Cond::HandAtLeast(n) => vb.board.players[c].hand >= *n,
        Cond::SomeHandEmpty => vb.board.players.iter().any(|pl| pl.hand == 0),
        Cond::GraveyardAtLeast(n) => graveyard(vb, c)? >= *n,
        Cond::GraveyardTypesAtLeast(n) => graveyard_types(vb, c)? >= *n,
        Cond::OpponentGraveyardAtLeast(n) => {
            let mut unknown = None;
            for o in (0..vb.board.players.len()).filter(|&o| vb.opponents(o, c)) {
                match graveyard(vb, o) {
                    Ok(g) if g >= *n => return Ok(true),
                    Ok(_) => {}
                    Err(m) => unknown = unknown.or(Some(m)),
                }
            }
            if let Some(m) = unknown {
                return Err(m);
            }
            false
        }
        Cond::GraveyardSubtypeAtLeast(subtype, n) => {
            let cards = vb.board.players[c].graveyard_cards.as_ref().ok_or_else(|| Missing(format!("players[{c}].graveyard_cards")))?;
            let count = cards.iter().filter(|line| types_of(line).1.iter().any(|t| t.eq_ignore_ascii_case(subtype))).count();
            count >= *n as usize
        }
        Cond::MaxSpeed => player_fact(vb, c, "speed", |pl| pl.speed)? >= 4,
        Cond::Paid(keyword) => match &vb.perm(p).costs_paid {
            Some(list) => list.iter().any(|k| k.eq_ignore_ascii_case(keyword)),
            None => return Err(Missing(format!("permanents[{p}].costs_paid"))),
        },
        Cond::CastThisTurn(kind) => {
            let spells = vb.board.players[c].spells_cast_this_turn.as_ref().ok_or_else(|| Missing(format!("players[{c}].spells_cast_this_turn")))?;
            spells.iter().any(|line| {
                let (types, _) = types_of(line);
                let words: Vec<String> = line.split_whitespace().map(str::to_lowercase).collect();
                match kind {
                    Spell::Creature => types.iter().any(|t| t == "Creature"),
                    Spell::Noncreature => !types.iter().any(|t| t == "Creature"),
                    Spell::InstantOrSorcery => words.iter().any(|w| w == "instant" || w == "sorcery"),
                }
            })
        }
        Cond::CityBlessing => player_fact(vb, c, "city_blessing", |pl| pl.city_blessing)?,
        Cond::ExtraTurn => vb.board.extra_turn.ok_or_else(|| Missing("extra_turn".into()))?,
        Cond::OpponentDamagedThisTurn => {
            let mut unknown = None;
            for o in (0..vb.board.players.len()).filter(|&o| vb.opponents(o, c)) {
                match vb.board.players[o].dealt_damage_this_turn {
                    Some(true) => return Ok(true),
                    Some(false) => {}
                    None => unknown = unknown.or(Some(o)),
                }
            }
            if let Some(o) = unknown {
                return Err(Missing(format!("players[{o}].dealt_damage_this_turn")));
            }
            false
        }
        Cond::CreatureDiedThisTurn => player_fact(vb, c, "creature_died_this_turn", |pl| pl.creature_died_this_turn)?,
        Cond::Is(subject, qualities) => {
            let Some(q) = it(vb, p, *subject, rule_subject) else { return Ok(false) };
            let mut any = false;
            for quality in qualities {
                any |= has_quality(vb, m, p, q, quality)?;
            }
            any
        }
        Cond::AttachedHas(k) => vb.attached_to[p].is_some_and(|q| vb.perm(q).has_keyword(k)),
        Cond::ChosenMode(n) => match &vb.perm(p).chosen_modes {
            Some(chosen) => chosen.contains(n),
            None => return Err(Missing(format!("permanents[{p}].chosen_modes"))),
        },
        // Absent, the action is taken not to have been taken (`read_texts` lists the assumption).
        Cond::EffectIgnored => vb.perm(p).effect_ignored.unwrap_or(false),
        Cond::YourTurn => vb.declares_attackers(c),
        Cond::Attacking => vb.board.combat.as_ref().is_some_and(|combat| combat.attacks.iter().any(|a| a.creature == vb.perm(p).id)),
        // A permanent that came under its controller's control this turn was not theirs as the
        // upkeep began: its trigger did not trigger (CR 302.6, 503.1a).
        Cond::TriggerResolved => match vb.perm(p).trigger_resolved {
            Some(b) => b,
            None if vb.perm(p).summoning_sick => false,
            None => return Err(Missing(format!("permanents[{p}].trigger_resolved"))),
        },
        Cond::DefenderCastOrPutLastTurn => {
            player_fact(vb, d()?, "cast_spell_or_put_permanent_last_turn", |pl| pl.cast_spell_or_put_permanent_last_turn)?
        }
    })
}

/// Whether a rule's board-scope conditions hold now (defender-scope ones are decided per
/// target: `defender` None skips them).
fn holds(vb: &ValidBoard, m: &Memo, p: usize, when: &[super::oracle::When], rule_subject: Option<&Who>) -> Fact<bool> {
    for w in when.iter().filter(|w| w.cond.scope() == Scope::Board) {
        if eval(vb, m, p, &w.cond, None, rule_subject)? != w.holds {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The selector a `Who` is on this board: a selector object where the effect language has the
/// fields, else the creatures' ids; None when it names nothing (an aura attached to nothing).
fn selector(vb: &ValidBoard, m: &Memo, p: usize, who: &Who) -> Fact<Option<Selector>> {
    let c = vb.controller[p];
    let g = match who {
        Who::This => return Ok(Some(this(p))),
        Who::Attached => return Ok(vb.attached_to[p].map(this)),
        Who::Trigger(i) => return Ok(named_by_trigger(vb, p, *i)?.map(this)),
        Who::Group(g) => g,
    };
    let mut f = Filter { except: if g.class.other { vec![p] } else { vec![] }, ..Default::default() };
    match g.whose {
        Whose::Anyone => {}
        Whose::You => f.controller = Some(c),
        Whose::Opponents => f.opponents_of = Some(c),
        Whose::EnchantedPlayer => match vb.enchanted_player[p] {
            Some(e) => f.controller = Some(e),
            None => return Ok(None),
        },
    }
    let mut fits = g.except.is_empty() && g.class.types == ["Creature"];
    for q in &g.class.qualities {
        match q {
            Quality::Subtype(ts) if ts.len() == 1 && f.subtype.is_none() => f.subtype = Some(ts[0].clone()),
            Quality::Color(cs) if cs.len() == 1 && f.color.is_none() => f.color = Some(cs[0]),
            Quality::Color(cs) if f.colors.is_empty() => f.colors = cs.clone(),
            Quality::NotColor(col) if f.not_color.is_none() => f.not_color = Some(*col),
            Quality::Keyword(k) if f.keyword.is_none() => f.keyword = Some(k.clone()),
            Quality::WithoutKeywords(ks) if ks.len() == 1 && f.without_keyword.is_none() => f.without_keyword = Some(ks[0].clone()),
            Quality::PowerAboveHand if f.power_greater_than.is_none() => f.power_greater_than = Some(i64::from(vb.board.players[c].hand)),
            Quality::PowerAtLeast(n) if f.power_greater_than.is_none() => f.power_greater_than = Some(n.saturating_sub(1)),
            _ => fits = false,
        }
    }
    if fits {
        return Ok(Some(if f == Filter::default() { Selector::All } else { Selector::Filter(f) }));
    }
    members(vb, m, p, who).map(|ids| Some(Selector::Ids(ids.to_vec())))
}

fn target(vb: &ValidBoard, p: usize, whom: Whom) -> Option<TargetSpec> {
    match whom {
        Whom::Anything => None,
        Whom::You => Some(you(vb, p)),
        Whom::YouOrYourPlaneswalkers => Some(you_or_your_planeswalkers(vb, p)),
        Whom::YourPlaneswalkers => Some(TargetSpec { planeswalkers_of: vec![vb.controller[p]], ..Default::default() }),
        Whom::Players => Some(TargetSpec { players: (0..vb.board.players.len()).collect(), ..Default::default() }),
    }
}

/// A quantity on this board, for the creature `q` when it counts something on a creature.
fn quantity(vb: &ValidBoard, m: &Memo, p: usize, amount: &Quantity, q: usize) -> Fact<u32> {
    let c = vb.controller[p];
    Ok(match amount {
        Quantity::YouControl(class) => count(vb, m, p, std::slice::from_ref(class), Some(c))?,
        Quantity::BasicLandTypes => {
            let mut known = m.basic_land_types.borrow_mut();
            let per_player = known.get_or_insert_with(|| facts(&CardView::new(vb)).basic_land_types.iter().map(|t| t.count_ones()).collect());
            per_player.get(c).copied().unwrap_or(0)
        }
        Quantity::CardsInHand => vb.board.players[c].hand,
        Quantity::CountersOnIt(kind) => counters(vb, q, kind.as_deref())?,
    })
}

/// The effects one rule of permanent `p`'s text makes on this board, under its conditions.
fn effects(vb: &ValidBoard, m: &Memo, p: usize, rule: &Rule, when: &[super::oracle::When]) -> Fact<Vec<EffectKind>> {
    let c = vb.controller[p];
    let subject = rule.who();
    if !holds(vb, m, p, when, subject)? {
        return Ok(vec![]);
    }
    let sel = |w: &Who| selector(vb, m, p, w);
    let one = |e: Option<EffectKind>| e.into_iter().collect::<Vec<_>>();
    // Conditions on the defending player: the restriction is decided per target (CR 508.5,
    // 802.2a), as Sea Serpent's.
    let per_defender: Vec<&super::oracle::When> = when.iter().filter(|w| w.cond.scope() == Scope::Defender).collect();
    if !per_defender.is_empty() {
        return cant_attack_per_defender(vb, m, p, rule, &per_defender);
    }
    Ok(match rule {
        Rule::AttacksIfAble(w) => one(sel(w)?.map(|creatures| EffectKind::AttacksIfAble { creatures, target: None })),
        // CR 701.15b: goaded by the permanent's controller.
        Rule::Goaded(w) => match sel(w)? {
            Some(creatures) => vec![
                EffectKind::AttacksIfAble { creatures: creatures.clone(), target: None },
                EffectKind::AttacksPlayerOtherThan { creatures, player: c },
            ],
            None => vec![],
        },
        Rule::AttacksChosenPlayer(w) => {
            let chosen = vb.chosen_player[p].ok_or_else(|| Missing(format!("permanents[{p}].chosen_player")))?;
            let target = TargetSpec { players: vec![chosen], ..Default::default() };
            one(sel(w)?.map(|creatures| EffectKind::AttacksIfAble { creatures, target: Some(target) }))
        }
        // CR 508.1d: the condition looks at the creatures of each required creature's controller,
        // or at anyone's when the text names no controller ("if a creature with a magnet
        // counter on it attacks").
        Rule::AttacksIfOthersAttack(w, o) => {
            let any_controller = matches!(o, Who::Group(g) if g.whose == Whose::Anyone);
            match (sel(w)?, sel(o)?) {
                (Some(creatures), Some(others)) => vec![EffectKind::AttacksIfAbleIfOther { creatures, target: None, others, any_controller }],
                _ => vec![],
            }
        }
        Rule::CantAttack(w, whom) => one(sel(w)?.map(|creatures| EffectKind::CantAttack { creatures, target: target(vb, p, *whom) })),
        Rule::MinOthers(w, count) => one(sel(w)?.map(|creatures| EffectKind::MinOtherAttackers { creatures, count: *count })),
        Rule::OthersMustAttack(w, class, greater_power) => {
            let others = anyone(class);
            match (sel(w)?, sel(&others)?) {
                (Some(creatures), Some(others)) => {
                    vec![EffectKind::CantAttackUnlessOthers { creatures, others, count: 1, greater_power: *greater_power }]
                }
                _ => vec![],
            }
        }
        Rule::OnlyAlone(w) => one(sel(w)?.map(|creatures| EffectKind::AttacksOnlyAlone { creatures })),
        Rule::MaxAttackers { count, whom, per_turn } => {
            vec![EffectKind::MaxAttackers { count: *count, target: target(vb, p, *whom), per_turn: *per_turn }]
        }
        Rule::Tax(w, whom, cost) => attack_costs(vb, m, p, w, *whom, cost)?,
        // CR 508.1g: the permanents come from the attacking creature's controller.
        Rule::GiveUp(w, action, count, class) => match (sel(w)?, class.selector()) {
            (Some(creatures), Some(of)) => vec![EffectKind::AttackCost {
                creatures,
                target: None,
                cost: vec![],
                actions: vec![crate::vocab::effects::ActionCost { action: *action, count: *count, of }],
            }],
            _ => vec![],
        },
        Rule::EachOpponentAttacks(whom) => each_opponent_attacks(vb, p, *whom),
        Rule::CantAttackPlayersAttacked(w) => cant_attack_players_attacked(vb, m, p, w)?,
        Rule::AsThoughAgainstLastTurnAttackers(w) => against_last_turn_attackers(vb, m, p, w)?,
        Rule::AsThough(w, permission) => one(sel(w)?.map(|creatures| EffectKind::AttacksAsThough {
            creatures,
            haste: *permission == AsThough::Haste,
            defender: *permission == AsThough::NoDefender,
        })),
        Rule::NoManaAbilities(w) => {
            let permanents = match w {
                Who::This => vec![p],
                Who::Attached => vb.attached_to[p].into_iter().collect(),
                Who::Group(_) | Who::Trigger(_) => members(vb, m, p, w)?.to_vec(),
            };
            vec![EffectKind::NoManaAbilities { permanents }]
        }
        Rule::NearestOpponentOnly => nearest_opponent_only(vb, p)?,
        // CR 509.1: read by the block rules on a board with combat, ignored by the attack rules.
        Rule::CantBlock(w) => one(sel(w)?.map(|creatures| EffectKind::CantBlock { creatures })),
        Rule::CantBlockAlone(w, others) => one(sel(w)?.map(|creatures| EffectKind::CantBlockAlone { creatures, others: *others })),
        Rule::MaxBlockers(count) => vec![EffectKind::MaxBlockers { count: *count }],
        Rule::BlocksIfAble(w) => one(sel(w)?.map(|creatures| EffectKind::BlocksIfAble { creatures })),
        Rule::CanBlockOnly(w, class) => match (sel(w)?, sel(&anyone(class))?) {
            (Some(creatures), Some(attackers)) => vec![EffectKind::CanBlockOnly { creatures, attackers }],
            _ => vec![],
        },
        Rule::CantBlockClass(w, class) => match (sel(w)?, sel(&anyone(class))?) {
            (Some(blockers), Some(attackers)) => vec![EffectKind::CantBeBlockedBy { attackers, blockers }],
            _ => vec![],
        },
        Rule::CanBlockAdditional(w, count) => one(sel(w)?.map(|creatures| EffectKind::CanBlockAdditional { creatures, count: *count })),
        Rule::CanBlockAnyNumber(w) => one(sel(w)?.map(|creatures| EffectKind::CanBlockAnyNumber { creatures })),
        Rule::CantBeBlocked(w) => one(sel(w)?.map(|attackers| EffectKind::CantBeBlocked { attackers })),
        Rule::CantBeBlockedExceptBy(w, count) => one(sel(w)?.map(|attackers| EffectKind::CantBeBlockedExceptBy { attackers, count: *count })),
        Rule::CantBeBlockedByMoreThan(w, count) => one(sel(w)?.map(|attackers| EffectKind::CantBeBlockedByMoreThan { attackers, count: *count })),
        Rule::CantBeBlockedBy(w, class) => match (sel(w)?, sel(&anyone(class))?) {
            (Some(attackers), Some(blockers)) => vec![EffectKind::CantBeBlockedBy { attackers, blockers }],
            _ => vec![],
        },
        Rule::MustBeBlockedByAll(w) => one(sel(w)?.map(|attackers| EffectKind::MustBeBlockedByAll { attackers })),
        Rule::MustBeBlockedIfAble(w) => one(sel(w)?.map(|attackers| EffectKind::MustBeBlockedIfAble { attackers })),
        Rule::MustBeBlockedByExactlyOne(w) => one(sel(w)?.map(|attackers| EffectKind::MustBeBlockedByExactlyOne { attackers })),
        Rule::Lure(w) => one(sel(w)?.map(|creatures| EffectKind::Lure { creatures })),
        Rule::BlockTax(w, cost) => block_costs(vb, m, p, w, cost)?,
        // Settled onto the board's mana (`crate::rules::settle_mana_effects`).
        Rule::Mana(tapped, made) => super::mana_effect(vb, p, tapped, made).map_err(Missing)?.into_iter().collect(),
        // Applied to the permanents in `read_texts`.
        Rule::Grant(..)
        | Rule::GrantSubtype(..)
        | Rule::SetSubtype(..)
        | Rule::GrantMana(..)
        | Rule::LandsAre(_)
        | Rule::NonbasicLandsAre(_)
        | Rule::YourLandsHave(_)
        | Rule::EveryLandType(_)
        | Rule::EveryCreatureType(_)
        | Rule::Becomes(..) => vec![],
        // Read into its sentence's conditions (`oracle::read_line`).
        Rule::Ignorable => vec![],
    })
}

/// The permanents of a class, whoever controls them ("Walls", "creatures with flying").
fn anyone(class: &super::oracle::Class) -> Who {
    Who::Group(super::oracle::Group { whose: Whose::Anyone, class: class.clone(), except: vec![] })
}

/// A "can't attack" rule under conditions on the defending player, decided per defending
/// player (CR 508.5, 802.2a).
fn cant_attack_per_defender(vb: &ValidBoard, m: &Memo, p: usize, rule: &Rule, per_defender: &[&super::oracle::When]) -> Fact<Vec<EffectKind>> {
    // The reader reads such conditions on "can't attack" only (`oracle::checked`).
    let Rule::CantAttack(w, whom @ (Whom::Anything | Whom::Players)) = rule else { return Ok(vec![]) };
    let Some(creatures) = selector(vb, m, p, w)? else { return Ok(vec![]) };
    let subject = rule.who();
    let mut out = Vec::new();
    // Facts about a player who is no defending player are not asked.
    for d in defending_players(vb) {
        let mut applies = true;
        for pd in per_defender {
            applies &= eval(vb, m, p, &pd.cond, Some(d), subject)? == pd.holds;
        }
        if applies {
            // "can't attack a player unless ...": that player only, not their planeswalkers.
            let target = match whom {
                Whom::Players => TargetSpec { players: vec![d], ..Default::default() },
                _ => defended_by(d),
            };
            out.push(EffectKind::CantAttack { creatures: creatures.clone(), target: Some(target) });
        }
    }
    Ok(out)
}

/// A cost to attack (a tax) on the creatures `w`: fixed, or counted on the board.
fn attack_costs(vb: &ValidBoard, m: &Memo, p: usize, w: &Who, whom: Whom, cost: &Cost) -> Fact<Vec<EffectKind>> {
    let one = |e: Option<EffectKind>| e.into_iter().collect::<Vec<_>>();
    Ok(match cost {
        Cost::Fixed(symbols) => one(selector(vb, m, p, w)?.map(|creatures| EffectKind::AttackCost {
            creatures,
            target: target(vb, p, whom),
            cost: symbols.clone(),
            actions: vec![],
        })),
        // A cost counted on each creature (Nils: its counters) is one cost per creature.
        Cost::PerUnit(unit, amount @ Quantity::CountersOnIt(_)) => {
            let mut out = Vec::new();
            for &q in members(vb, m, p, w)?.iter() {
                let n = unit.saturating_mul(quantity(vb, m, p, amount, q)?);
                out.push(EffectKind::AttackCost { creatures: this(q), target: target(vb, p, whom), cost: vec![Symbol::Generic(n)], actions: vec![] });
            }
            out
        }
        Cost::PerUnit(unit, amount) => {
            let n = unit.saturating_mul(quantity(vb, m, p, amount, p)?);
            one(selector(vb, m, p, w)?.map(|creatures| EffectKind::AttackCost {
                creatures,
                target: target(vb, p, whom),
                cost: vec![Symbol::Generic(n)],
                actions: vec![],
            }))
        }
    })
}

/// The costs to block (CR 509.1d) a rule puts on the creatures `w`: as [`attack_costs`]'s, a
/// cost counted on each creature is one cost per creature.
fn block_costs(vb: &ValidBoard, m: &Memo, p: usize, w: &Who, cost: &Cost) -> Fact<Vec<EffectKind>> {
    Ok(match cost {
        Cost::Fixed(symbols) => {
            selector(vb, m, p, w)?.map(|creatures| EffectKind::BlockCost { creatures, cost: symbols.clone() }).into_iter().collect()
        }
        Cost::PerUnit(unit, amount @ Quantity::CountersOnIt(_)) => {
            let mut out = Vec::new();
            for &q in members(vb, m, p, w)?.iter() {
                let n = unit.saturating_mul(quantity(vb, m, p, amount, q)?);
                out.push(EffectKind::BlockCost { creatures: this(q), cost: vec![Symbol::Generic(n)] });
            }
            out
        }
        Cost::PerUnit(unit, amount) => {
            let n = unit.saturating_mul(quantity(vb, m, p, amount, p)?);
            selector(vb, m, p, w)?.map(|creatures| EffectKind::BlockCost { creatures, cost: vec![Symbol::Generic(n)] }).into_iter().collect()
        }
    })
}

/// Each opponent of `p`'s controller attacks with at least one creature if able.
fn each_opponent_attacks(vb: &ValidBoard, p: usize, whom: Whom) -> Vec<EffectKind> {
    // "with at least one creature", whatever it attacks: every player, planeswalker
    // and battle (what each may attack is decided by the rules, CR 508.1b).
    let n = vb.board.players.len();
    let everything =
        || TargetSpec { players: (0..n).collect(), planeswalkers_of: (0..n).collect(), battles_protected_by: (0..n).collect(), permanents: vec![] };
    let t = target(vb, p, whom).unwrap_or_else(everything);
    (0..n).filter(|&o| vb.opponents(o, vb.controller[p])).map(|o| EffectKind::PlayerAttacksIfAble { player: o, target: t.clone() }).collect()
}

/// The creatures `w` can't attack the players they attacked this turn.
fn cant_attack_players_attacked(vb: &ValidBoard, m: &Memo, p: usize, w: &Who) -> Fact<Vec<EffectKind>> {
    let mut out = Vec::new();
    for &q in members(vb, m, p, w)?.iter() {
        let players = match &vb.perm(q).attacked_players_this_turn {
            Some(ids) => ids.iter().filter_map(|id| vb.player_index(id)).collect(),
            // No creature attacked this turn: it attacked no one.
            None if vb.board.attacked_this_turn == 0 => vec![],
            None => return Err(Missing(format!("permanents[{q}].attacked_players_this_turn"))),
        };
        if !players.is_empty() {
            out.push(EffectKind::CantAttack { creatures: this(q), target: Some(TargetSpec { players, ..Default::default() }) });
        }
    }
    Ok(out)
}

/// The creatures `w` with defender may attack the players who attacked `p`'s controller last
/// turn, and only them.
fn against_last_turn_attackers(vb: &ValidBoard, m: &Memo, p: usize, w: &Who) -> Fact<Vec<EffectKind>> {
    // Only a creature with defender needs the permission; it may then attack only those
    // players (CR 702.3b: "as though it didn't have defender" for them alone).
    let c = vb.controller[p];
    let mut out = Vec::new();
    let n = vb.board.players.len();
    for q in members(vb, m, p, w)?.iter().copied().filter(|&q| vb.perm(q).has_keyword("Defender")) {
        let mut allowed = Vec::new();
        for o in 0..n {
            let list =
                vb.board.players[o].attacked_players_last_turn.as_ref().ok_or_else(|| Missing(format!("players[{o}].attacked_players_last_turn")))?;
            if o != c && list.iter().any(|id| vb.player_index(id) == Some(c)) {
                allowed.push(o);
            }
        }
        if allowed.is_empty() {
            continue;
        }
        let others: Vec<usize> = (0..n).filter(|o| !allowed.contains(o)).collect();
        out.push(EffectKind::AttacksAsThough { creatures: this(q), haste: false, defender: true });
        out.push(EffectKind::CantAttack {
            creatures: this(q),
            target: Some(TargetSpec {
                players: others,
                planeswalkers_of: (0..n).collect(),
                battles_protected_by: (0..n).collect(),
                permanents: vec![],
            }),
        });
    }
    Ok(out)
}

/// Mystic Barrier (CR 508.1b): each player who declares attackers may attack only the nearest
/// opponent in the chosen direction (the next entry of `players` for left, the previous for
/// right, as the board's seating, CR 803) and that opponent's planeswalkers.
fn nearest_opponent_only(vb: &ValidBoard, p: usize) -> Fact<Vec<EffectKind>> {
    let left = match vb.perm(p).chosen_direction.as_deref() {
        Some("left") => true,
        Some("right") => false,
        _ => return Err(Missing(format!("permanents[{p}].chosen_direction"))),
    };
    let n = vb.board.players.len();
    let mut out = Vec::new();
    for a in (0..n).filter(|&a| vb.declares_attackers(a)) {
        let nearest = (1..n).map(|k| if left { (a + k) % n } else { (a + n - k) % n }).find(|&o| vb.opponents(a, o));
        let others: Vec<usize> = (0..n).filter(|&o| Some(o) != nearest).collect();
        let target = TargetSpec { players: others.clone(), planeswalkers_of: others, battles_protected_by: (0..n).collect(), permanents: vec![] };
        let creatures = Selector::Filter(Filter { controller: Some(a), ..Default::default() });
        out.push(EffectKind::CantAttack { creatures, target: Some(target) });
    }
    Ok(out)
}

/// A sentence whose fact the board leaves out, said to a person: "\"...\" depends on B's poison,
/// which the board does not give: this answer assumes it does nothing until it is given".
pub(crate) fn missing_fact_words(vb: &ValidBoard, clause: &str, field: &str) -> String {
    format!("\"{clause}\" depends on {}, which the board does not give: this answer assumes it does nothing until it is given", vb.field_words(field))
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
        assert_eq!(supertypes_of("Snow Land — Forest"), vec!["Snow".to_string()]);
        assert_eq!(supertypes_of("Legendary Snow Creature — Bear"), vec!["Legendary".to_string(), "Snow".to_string()]);
    }
}
