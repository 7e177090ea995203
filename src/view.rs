//! How attackopt reads a board (`attackopt validate`): who may attack what, and every
//! requirement, restriction and cost with its source. The first thing to run on a new board.

use crate::legality::{describe_requirement, describe_target, restricted_creature, source_of};
use crate::mana::cost_words;
use crate::position::Position;
use crate::rules::RestrictionKind;
use crate::vocab::symbol::TypeSet;
use serde::Serialize;
use std::fmt::Write;

/// `validate`'s answer (docs/format.md "Result JSON"): the board as attackopt reads it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BoardView {
    /// The file the board was read from.
    pub file: String,
    /// The players declaring attackers: the active player, or their team under shared team
    /// turns (CR 805.10).
    pub attacking_players: Vec<String>,
    /// Each creature of the attacking side and what it may attack.
    pub creatures: Vec<CreatureView>,
    /// Every requirement (CR 508.1d), as a sentence with its source.
    pub requirements: Vec<RuleView>,
    /// Every restriction (CR 508.1c).
    pub restrictions: Vec<RuleView>,
    /// Every cost instance (CR 508.1d, 508.1g-h).
    pub costs: Vec<RuleView>,
    /// The permanents that can tap for mana to pay costs.
    pub mana_sources: Vec<SourceView>,
    /// The permanents whose names are in the catalog, with what each does here.
    pub known_cards: Vec<CardView>,
    /// The board's warnings.
    pub warnings: Vec<crate::board::Warning>,
    /// What answers on this board assume because the board does not say it (issue 34; empty
    /// when nothing): what `strict` refuses, listed here so that it can be fixed.
    pub assumptions: Vec<crate::board::Assumption>,
    /// What the board's import dropped or guessed (issue 40); left out for a board not imported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "crate::board::ImportNotes")]
    pub import: Option<crate::board::ImportNotes>,
}

/// A creature of the attacking side, as `validate` shows it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CreatureView {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The id of its controller.
    pub controller: String,
    /// Its power.
    pub power: i64,
    /// Whether it may attack at all (CR 508.1a).
    pub may_attack: bool,
    /// Why not, when it may not attack at all.
    pub why_not: Option<String>,
    /// Targets it may legally attack (CR 508.1b).
    pub legal_targets: Vec<String>,
    /// Of those, the ones no "can't attack" restriction forbids.
    pub allowed_targets: Vec<String>,
}

/// A requirement, restriction or cost as `validate` shows it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct RuleView {
    /// The rule as a sentence.
    pub text: String,
    /// The effect or card it comes from.
    pub source: String,
}

/// A mana source as `validate` shows it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SourceView {
    /// The id of the permanent that taps.
    pub permanent: String,
    /// The id of its controller.
    pub controller: String,
    /// Each alternative's mana, e.g. "{G}" or "{W/U}".
    pub makes: Vec<String>,
    /// The creature whose attack (without vigilance) taps this source first, if any.
    pub unusable_if_attacks: Option<String>,
    /// Added field: the effects on mana that change what it makes (Mana Reflection, Heartbeat
    /// of Spring: CR 106.12), where each comes from; left out when none does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modified_by: Vec<String>,
}

/// A permanent known by name, as `validate` shows it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CardView {
    /// Its id.
    pub permanent: String,
    /// The card's name.
    pub name: String,
    /// What the card does, in a line.
    pub summary: String,
}

fn units_text(units: &[TypeSet]) -> String {
    units.iter().map(|u| u.to_string()).collect()
}

impl BoardView {
    /// The view of a position.
    pub fn new(pos: &Position) -> BoardView {
        let (vb, rules) = (&pos.board, &pos.rules);
        let name = |c: usize| crate::legality::creature_label(pos, c);
        let creatures = rules
            .creatures
            .iter()
            .map(|c| CreatureView {
                id: c.id.clone(),
                name: c.name.clone(),
                controller: vb.player_id(c.controller).to_string(),
                power: c.power,
                may_attack: c.may_attack(),
                why_not: c.ineligible.clone(),
                legal_targets: c.legal_targets.iter().map(|&t| rules.targets[t].id.clone()).collect(),
                allowed_targets: c.allowed.iter().map(|&t| rules.targets[t].id.clone()).collect(),
            })
            .collect();
        let requirements = rules
            .requirements
            .iter()
            .map(|r| {
                let mut text = describe_requirement(pos, r);
                if !r.counts {
                    text.push_str(" [not counted: the creature may not attack]");
                }
                RuleView { text, source: r.source.to_string() }
            })
            .collect();
        let targets_text = |ts: &Option<Vec<usize>>| match ts {
            None => String::new(),
            Some(ts) if ts.is_empty() => " (nothing on this board)".into(),
            Some(ts) => format!(" {}", ts.iter().map(|&t| describe_target(pos, t)).collect::<Vec<_>>().join(" or ")),
        };
        let restrictions = rules
            .restrictions
            .iter()
            .map(|r| {
                let text = match &r.kind {
                    RestrictionKind::CantAttack { creature, targets } => format!("{} can't attack{}", name(*creature), targets_text(targets)),
                    RestrictionKind::MinOtherAttackers { creature, count } => {
                        let others = if *count == 1 { "other creature attacks".to_string() } else { "other creatures attack".to_string() };
                        format!("{} can't attack unless at least {count} {others}", name(*creature))
                    }
                    RestrictionKind::MinOtherAttackersAmong { creature, count, among, power_above } => {
                        crate::legality::companions_rule(pos, *creature, *count, among, *power_above)
                    }
                    RestrictionKind::AttacksOnlyAlone { creature } => format!("{} can only attack alone", name(*creature)),
                    RestrictionKind::MaxAttackers { count, targets, per_turn, written } => {
                        if *per_turn {
                            format!(
                                "no more than {} can attack{} each turn ({count} left this turn)",
                                count_creatures(*written),
                                targets_text(targets)
                            )
                        } else {
                            format!("no more than {} can attack{} each combat", count_creatures(*count), targets_text(targets))
                        }
                    }
                };
                let source = source_of(pos, &r.source, restricted_creature(r));
                RuleView { text: format!("{text} — {source}"), source: r.source.to_string() }
            })
            .collect();
        let costs = rules
            .costs
            .iter()
            .map(|k| {
                let what = match &k.targets {
                    None => "to attack".to_string(),
                    Some(_) => format!("to attack{}", targets_text(&k.targets)),
                };
                let source = source_of(pos, &k.source, Some(k.creature));
                RuleView {
                    text: format!("{} pays {} {what} — {source}", name(k.creature), cost_words(rules, &k.cost)), source: k.source.to_string()
                }
            })
            .collect();
        let mana_sources = pos
            .mana
            .sources
            .iter()
            .map(|s| SourceView {
                permanent: s.id.clone(),
                controller: vb.player_id(s.controller).to_string(),
                makes: s.alternatives.iter().map(|a| units_text(a)).collect(),
                unusable_if_attacks: s.tapped_if_attacks.map(|c| rules.creatures[c].id.clone()),
                modified_by: s.modified_by.clone(),
            })
            .collect();
        let known_cards = vb
            .board
            .permanents
            .iter()
            .filter_map(|p| {
                crate::cards::lookup(&p.name).map(|c| CardView { permanent: p.id.clone(), name: c.name.to_string(), summary: c.summary.to_string() })
            })
            .collect();
        BoardView {
            file: vb.file.clone(),
            attacking_players: rules.attacking_players.iter().map(|&p| vb.player_id(p).to_string()).collect(),
            creatures,
            requirements,
            restrictions,
            costs,
            mana_sources,
            known_cards,
            warnings: vb.warnings.clone(),
            assumptions: vb.assumptions.clone(),
            import: vb.board.import.clone(),
        }
    }

    /// The view as text (`attackopt validate` without `--format json`), cards by name and id
    /// (`pos` is the board viewed).
    pub fn to_text(&self, pos: &Position) -> String {
        let vb = &pos.board;
        let labels = |ids: &[String]| ids.iter().map(|t| vb.id_label(t)).collect::<Vec<_>>();
        let mut s = String::new();
        let _ = writeln!(s, "{}: valid board; declaring attackers: {}", self.file, labels(&self.attacking_players).join(", "));
        let _ = writeln!(s, "\nCreatures of the attacking side:");
        for c in &self.creatures {
            let label = vb.id_label(&c.id);
            match &c.why_not {
                Some(w) => {
                    let _ = writeln!(s, "  {label}, power {}: may not attack: {w}", c.power);
                }
                None => {
                    let barred: Vec<String> = c.legal_targets.iter().filter(|t| !c.allowed_targets.contains(t)).map(|t| vb.id_label(t)).collect();
                    let _ = write!(s, "  {label}, power {}: may attack {}", c.power, list(&labels(&c.allowed_targets)));
                    if !barred.is_empty() {
                        let _ = write!(s, "; a restriction forbids {}", barred.join(", "));
                    }
                    s.push('\n');
                }
            }
        }
        for (title, items) in [
            ("Requirements (CR 508.1d)", &self.requirements),
            ("Restrictions (CR 508.1c)", &self.restrictions),
            ("Costs to attack (CR 508.1g)", &self.costs),
        ] {
            let _ = writeln!(s, "\n{title}: {}", items.len());
            // Each text ends with its source ("— goaded by B (CR 701.15b)", "— its own ability").
            for r in items.iter() {
                let _ = writeln!(s, "  - {}", r.text);
            }
        }
        let _ = writeln!(s, "\nMana sources that can pay: {}", self.mana_sources.len());
        for m in &self.mana_sources {
            let _ = write!(s, "  - {}, controlled by {}: {}", vb.id_label(&m.permanent), vb.id_label(&m.controller), m.makes.join(" or "));
            if !m.modified_by.is_empty() {
                let _ = write!(s, " with {}", m.modified_by.join(", "));
            }
            match &m.unusable_if_attacks {
                Some(c) if *c == m.permanent => {
                    let _ = write!(s, "; not if it attacks (no vigilance, CR 508.1f)");
                }
                Some(c) => {
                    let _ = write!(s, "; not if {} attacks (no vigilance, CR 508.1f)", vb.id_label(c));
                }
                None => {}
            }
            s.push('\n');
        }
        if !self.known_cards.is_empty() {
            let _ = writeln!(s, "\nCards read by name:");
            for c in &self.known_cards {
                let _ = writeln!(s, "  - {} ({}): {}", c.name, c.permanent, c.summary);
            }
        }
        // Before the warnings, which say the same in other words: what strict mode would refuse.
        if !self.assumptions.is_empty() {
            let _ = writeln!(s, "\nAssumed by every answer (strict mode refuses to answer on this board): {}", self.assumptions.len());
            for a in &self.assumptions {
                let _ = writeln!(s, "  - {a}");
            }
        }
        if !self.warnings.is_empty() {
            s.push('\n');
            s.push_str(&warnings_text(&self.warnings));
        }
        s
    }
}

/// The board's warnings as a person reads them (issue 40): how many, then each in words (the
/// card by name, what attackopt did, the fix), within [`crate::TEXT_WIDTH`] columns. The JSON
/// keeps each warning's path and message for whoever writes the board.
pub fn warnings_text(warnings: &[crate::board::Warning]) -> String {
    let n = warnings.len();
    let mut s = match n {
        1 => "1 warning about the board (answers read the board as it says):\n".to_string(),
        _ => format!("{n} warnings about the board (answers read the board as they say):\n"),
    };
    for w in warnings {
        let _ = writeln!(s, "  ⚠ {}", w.words);
    }
    crate::wrap::wrap(&s, crate::wrap::TEXT_WIDTH)
}

fn list(v: &[String]) -> String {
    if v.is_empty() {
        "nothing".into()
    } else {
        v.join(", ")
    }
}

/// "1 creature", "2 creatures".
fn count_creatures(n: u32) -> String {
    if n == 1 {
        "1 creature".into()
    } else {
        format!("{n} creatures")
    }
}
