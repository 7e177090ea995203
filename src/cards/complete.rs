//! A named card is a whole card (issue 34, point 1): a permanent that names a card and leaves
//! out what the card is (no `types`, no `type_line`) becomes that card, with what a card
//! database gives (types, subtypes, colors, power, toughness, keywords, mana). The data comes
//! from a card source when the board has one ([`super::CardIndex::fill`], `--cards`), else from
//! attackopt's own table ([`super::KNOWN_CARDS`]: every catalog card and every plain card).
//! `{"id": "j", "name": "Juggernaut", "controller": "A"}` is then a 5/3 artifact creature that
//! attacks each combat if able, as the same card written in full.
//!
//! A board's own fields always win: a permanent with types is read as written (a Juggernaut
//! written as an Artifact is not a creature), and only the fields it leaves at their default
//! are filled (a power written, a pumped card, stays). Two cases are warned about, since the
//! answer is then about another permanent than the card: a creature card whose entry says it is
//! not a creature, and a permanent left with no card types at all (it can neither attack nor be
//! attacked).

use super::known::{known_card, KnownCard};
use super::text::types_of;
use crate::board::{Permanent, ValidBoard, Warning};
use crate::vocab::effects::ManaAbility;
use crate::vocab::symbol::parse_production;

/// What a card database says of a card, as [`fill`] writes it on a permanent.
pub(crate) struct CardData {
    /// Card types.
    pub types: Vec<String>,
    /// Subtypes.
    pub subtypes: Vec<String>,
    /// Colors, as letters.
    pub colors: Vec<String>,
    /// Printed power and toughness, when numbers.
    pub power: Option<i64>,
    /// Printed toughness.
    pub toughness: Option<i64>,
    /// Keywords that matter to attacking.
    pub keywords: Vec<String>,
}

impl CardData {
    /// The data of a card attackopt knows by name.
    fn known(k: &KnownCard) -> CardData {
        let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
        CardData {
            types: strings(k.types),
            subtypes: strings(k.subtypes),
            colors: strings(k.colors),
            power: Some(k.power),
            toughness: Some(k.toughness),
            keywords: strings(k.keywords),
        }
    }

    /// The data of a type line and printed numbers (a card source's card).
    pub fn from_type_line(type_line: &str, power: Option<i64>, toughness: Option<i64>, colors: &[String]) -> CardData {
        let (types, subtypes) = types_of(type_line);
        CardData { types, subtypes, colors: colors.to_vec(), power, toughness, keywords: vec![] }
    }
}

/// Fill what a permanent without types leaves out from its card's data; a permanent with types
/// is left as written. Power and toughness are filled where the board left them at 0 (its
/// default), subtypes and colors where empty; keywords are added. Returns whether anything was
/// filled.
pub(crate) fn fill(perm: &mut Permanent, card: &CardData) -> bool {
    if !perm.types.is_empty() || card.types.is_empty() {
        return false;
    }
    perm.types = card.types.clone();
    if perm.subtypes.is_empty() {
        perm.subtypes = card.subtypes.clone();
    }
    if perm.colors.is_empty() {
        perm.colors = card.colors.clone();
    }
    if perm.power == 0 {
        perm.power = card.power.unwrap_or(0);
    }
    if perm.toughness == 0 {
        perm.toughness = card.toughness.unwrap_or(0);
    }
    for k in &card.keywords {
        if !perm.has_keyword(k) {
            perm.keywords.push(k.clone());
        }
    }
    true
}

/// Complete every permanent of a board that names a card attackopt knows and has no types
/// (nor a type line, read by the card reader), and warn about creature cards written as
/// noncreatures and permanents left without types. Called when a position is made, after a
/// card source filled what it has.
pub(crate) fn complete(vb: &mut ValidBoard) {
    for p in 0..vb.board.permanents.len() {
        let perm = &vb.board.permanents[p];
        if perm.types.is_empty() && perm.type_line.is_none() {
            let Some(k) = known_card(&perm.name) else { continue };
            fill(&mut vb.board.permanents[p], &CardData::known(k));
            if vb.mana[p].is_empty() {
                vb.mana[p] = k.mana.iter().filter_map(|m| parse_production(m).ok()).map(ManaAbility::Fixed).collect();
            }
            // A battle named alone: its protector is now meaningful (validation, which saw no
            // types, warned that it was ignored).
            if vb.board.permanents[p].has_type("Battle") {
                let at = format!("permanents[{p}].protector");
                vb.warnings.retain(|w| w.path != at);
                if vb.protector[p].is_none() {
                    vb.warnings.push(
                        Warning::new(at, "a battle without a protector can't be attacked (CR 310.8)")
                            .in_words("no player protects this battle, so it can't be attacked (CR 310.8): give its protector if it has one"),
                    );
                }
            }
        }
    }
    for p in 0..vb.board.permanents.len() {
        if let Some(w) = type_warning(&vb.board.permanents[p], p) {
            vb.warnings.push(w);
        }
    }
}

/// The warning a permanent's types deserve, if any: none at all, or a creature card written
/// as something else.
fn type_warning(perm: &Permanent, p: usize) -> Option<Warning> {
    let label = if perm.name.trim().is_empty() { format!("\"{}\"", perm.id) } else { format!("\"{}\" ({})", perm.name.trim(), perm.id) };
    // Read after the type line fills the types (the card reader): a type line counts as types.
    let line_types = perm.type_line.as_deref().map(|l| types_of(l).0).unwrap_or_default();
    if perm.types.is_empty() && line_types.is_empty() {
        return Some(Warning::new(format!("permanents[{p}].types"), format!(
                "{label} has no card types: it is read as a permanent that is no creature, planeswalker or battle (it can neither attack nor be attacked). \
                 Write its \"types\" (or \"type_line\"), or give a card source (--cards) that has its card"
            ))
            .in_words(
                "its card types are not given, so it is read as neither a creature, a planeswalker nor a battle: it can't attack \
                 or be attacked. Give its types, or a card source (--cards) that has the card",
            ));
    }
    let card_is_creature = match perm.type_line {
        Some(_) => line_types.iter().any(|t| t == "Creature"),
        None => known_card(&perm.name).is_some_and(|k| k.types.contains(&"Creature")),
    };
    if card_is_creature && !perm.types.is_empty() && !perm.is_creature() {
        return Some(
            Warning::new(
                format!("permanents[{p}].types"),
                format!(
                    "{label} is a creature card, but this permanent's types are {}: it is read as written, not a creature (it can't attack). \
                 Add \"Creature\" if it is one",
                    perm.types.join(", ")
                ),
            )
            .in_words(format!(
                "it is a creature card, but the board gives its types as {}: it is read as written, not as a creature (it \
                 can't attack). If it is a creature, add Creature to its types",
                perm.types.join(", ")
            )),
        );
    }
    None
}
