//! How attackopt reads a board (`attackopt validate`): who may attack what, and every
//! requirement, restriction and cost with its source. The first thing to run on a new board.

use crate::legality::{describe_requirement, describe_target, restricted_creature, source_of};
use crate::mana::{cost_words, format_cost};
use crate::position::Position;
use crate::rules::blocks::{BlockRules, ANY_NUMBER};
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
    /// On a board with `combat` (docs/blocks.md): the declare blockers step as attackopt reads
    /// it; left out for a board asked about attacks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocks: Option<BlocksView>,
    /// What the board's import dropped or guessed (issue 40); left out for a board not imported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "crate::board::ImportNotes")]
    pub import: Option<crate::board::ImportNotes>,
}

/// The declare blockers step as `validate` shows it (CR 509.1).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BlocksView {
    /// The defending players (CR 506.2): those attacked, or their team under shared team turns.
    pub defending_players: Vec<String>,
    /// The attacking creatures, as `combat.attacks` declares them.
    pub attackers: Vec<AttackerView>,
    /// Every creature of a defending player and what it may block.
    pub blockers: Vec<BlockerView>,
    /// Every requirement on blocks (CR 509.1c), as a sentence with its source.
    pub requirements: Vec<RuleView>,
    /// Every restriction on blocks (CR 509.1b).
    pub restrictions: Vec<RuleView>,
    /// Every cost to block (CR 509.1d).
    pub costs: Vec<RuleView>,
}

/// An attacking creature as `validate` shows it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct AttackerView {
    /// Its id.
    pub id: String,
    /// The id of what it attacks: a player, planeswalker or battle.
    pub target: String,
    /// The id of the defending player it attacks (CR 506.2).
    pub defending_player: String,
}

/// A creature of a defending player as `validate` shows it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BlockerView {
    /// Its id.
    pub id: String,
    /// The id of its controller.
    pub controller: String,
    /// Whether it may block at all (CR 509.1a).
    pub may_block: bool,
    /// Why not, when it may not block at all.
    pub why_not: Option<String>,
    /// How many attackers it can block (CR 509.1a); null for any number.
    pub capacity: Option<usize>,
    /// The attackers CR 509.1a lets it block.
    pub legal_attackers: Vec<String>,
    /// Of those, the ones no restriction forbids it to block.
    pub allowed_attackers: Vec<String>,
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
            blocks: pos.blocks.as_ref().map(|b| BlocksView::new(pos, b)),
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
        write_rules(
            &mut s,
            [
                ("Requirements (CR 508.1d)", &self.requirements),
                ("Restrictions (CR 508.1c)", &self.restrictions),
                ("Costs to attack (CR 508.1g)", &self.costs),
            ],
        );
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
        if let Some(b) = &self.blocks {
            b.write_text(&mut s, pos);
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

impl BlocksView {
    /// The view of a position's block rules.
    fn new(pos: &Position, rules: &BlockRules) -> BlocksView {
        let vb = &pos.board;
        let attacker_id = |a: usize| rules.attackers[a].id.clone();
        let attackers = rules
            .attackers
            .iter()
            .map(|a| AttackerView {
                id: a.id.clone(),
                target: pos.rules.targets[a.target].id.clone(),
                defending_player: vb.player_id(a.defender).to_string(),
            })
            .collect();
        let blockers = rules
            .blockers
            .iter()
            .map(|b| BlockerView {
                id: b.id.clone(),
                controller: vb.player_id(b.controller).to_string(),
                may_block: b.ineligible.is_none(),
                why_not: b.ineligible.clone(),
                capacity: (b.capacity != ANY_NUMBER).then_some(b.capacity),
                legal_attackers: b.legal.iter().map(|&a| attacker_id(a)).collect(),
                allowed_attackers: b.allowed.iter().map(|&a| attacker_id(a)).collect(),
            })
            .collect();
        let requirements = rules
            .requirements
            .iter()
            .map(|r| {
                let mut text = format!("{} — {}", rules.requirement_text(vb, r), r.source);
                if !r.counts {
                    text.push_str(" [not counted: the creature may not block]");
                }
                RuleView { text, source: r.source.clone() }
            })
            .collect();
        let restrictions =
            rules.restrictions.iter().map(|r| RuleView { text: format!("{} — {}", r.text, r.source), source: r.source.clone() }).collect();
        let costs = rules
            .costs
            .iter()
            .map(|k| {
                let who = vb.permanent_label(rules.blockers[k.blocker].permanent);
                RuleView { text: format!("{who} pays {} to block — {}", format_cost(&k.cost), k.source), source: k.source.clone() }
            })
            .collect();
        BlocksView {
            defending_players: rules.defending_players.iter().map(|&p| vb.player_id(p).to_string()).collect(),
            attackers,
            blockers,
            requirements,
            restrictions,
            costs,
        }
    }

    /// The declare blockers step in words, after the attack part of `validate`'s text.
    fn write_text(&self, s: &mut String, pos: &Position) {
        let vb = &pos.board;
        let labels = |ids: &[String]| ids.iter().map(|t| vb.id_label(t)).collect::<Vec<_>>();
        let _ = writeln!(s, "\nCombat: declaring blockers (CR 509.1): {}", labels(&self.defending_players).join(", "));
        let _ = writeln!(s, "\nAttacking creatures: {}", self.attackers.len());
        for a in &self.attackers {
            let _ = writeln!(s, "  - {} attacks {}", vb.id_label(&a.id), vb.id_label(&a.target));
        }
        let _ = writeln!(s, "\nCreatures of the defending side:");
        for b in &self.blockers {
            let label = vb.id_label(&b.id);
            match &b.why_not {
                Some(w) => {
                    let _ = writeln!(s, "  {label}: may not block: {w}");
                }
                None => {
                    let barred: Vec<String> = b.legal_attackers.iter().filter(|a| !b.allowed_attackers.contains(a)).map(|a| vb.id_label(a)).collect();
                    let most = match b.capacity {
                        None => " (any number of them)".to_string(),
                        Some(1) => String::new(),
                        Some(n) => format!(" (up to {n} of them)"),
                    };
                    let _ = write!(s, "  {label}: may block {}{most}", list(&labels(&b.allowed_attackers)));
                    if !barred.is_empty() {
                        let _ = write!(s, "; a restriction forbids {}", barred.join(", "));
                    }
                    s.push('\n');
                }
            }
        }
        write_rules(
            s,
            [
                ("Requirements on blocks (CR 509.1c)", &self.requirements),
                ("Restrictions on blocks (CR 509.1b)", &self.restrictions),
                ("Costs to block (CR 509.1d)", &self.costs),
            ],
        );
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

/// Lists of rules under their titles with their counts; each text ends with its source ("—
/// goaded by B (CR 701.15b)", "— its own ability").
fn write_rules(s: &mut String, lists: [(&str, &Vec<RuleView>); 3]) {
    for (title, items) in lists {
        let _ = writeln!(s, "\n{title}: {}", items.len());
        for r in items {
            let _ = writeln!(s, "  - {}", r.text);
        }
    }
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
