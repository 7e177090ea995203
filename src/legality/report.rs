//! The result of `check` (docs/format.md "Result JSON") and its readable text form.
//!
//! These types derive the result's JSON Schema, and schemars copies doc comments into it: an item
//! documented here for Rust only carries `#[schemars(description = "")]`, so that the schema
//! (`attackopt schema result`) stays as it was (see src/board/mod.rs).

use super::words::{self, attacks_text, payment_text};
use super::{Baseline, Proof};
use crate::board::{Declaration, PaymentEntry};
use crate::mana::CostTotal;
use crate::position::Position;
use serde::Serialize;
use std::fmt::Write;

/// What a violation breaks (docs/format.md "Result JSON"): `Attacker`, a creature that may not
/// attack at all (CR 508.1a), or about blocks an attacker the blocker may not block (CR 509.1a);
/// `Blocker`, a creature that may not block (CR 509.1a, docs/blocks.md); `Target`, a target it may not attack (CR 508.1b); `Restriction`
/// (CR 508.1c); `Requirements`, fewer requirements obeyed than the baseline's maximum
/// (CR 508.1d); `Cost`, costs that can't be paid or a payment that does not work (CR 508.1g-j).
// The variants are documented above, not one by one: a doc comment on a unit variant turns the
// schema's `"enum": [...]` into a `oneOf` (schemars), which would change `attackopt schema result`.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[schemars(description = "")]
#[serde(rename_all = "lowercase")]
pub enum ViolationKind {
    Attacker,
    Blocker,
    Target,
    Restriction,
    Requirements,
    Cost,
}

impl ViolationKind {
    /// The name used in the JSON result (docs/format.md `violations[].kind`).
    pub fn as_str(self) -> &'static str {
        match self {
            ViolationKind::Attacker => "attacker",
            ViolationKind::Blocker => "blocker",
            ViolationKind::Target => "target",
            ViolationKind::Restriction => "restriction",
            ViolationKind::Requirements => "requirements",
            ViolationKind::Cost => "cost",
        }
    }
}

/// One reason a declaration is illegal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[schemars(description = "")]
pub struct Violation {
    /// What it breaks.
    #[schemars(description = "")]
    pub kind: ViolationKind,
    /// A sentence saying what and why, naming cards and CR rules.
    #[schemars(description = "")]
    pub message: String,
}

impl Violation {
    /// A violation of `kind` with its message.
    pub fn new(kind: ViolationKind, message: impl Into<String>) -> Self {
        Violation { kind, message: message.into() }
    }
}

/// One requirement of the board and whether the declaration obeys it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[schemars(description = "")]
pub struct RequirementReport {
    /// The requirement as a sentence.
    #[schemars(description = "")]
    pub text: String,
    /// The id of the creature it is on; None for a player requirement.
    #[schemars(description = "")]
    pub creature: Option<String>,
    /// Whether the declaration obeys it.
    #[schemars(description = "")]
    pub obeyed: bool,
    /// False for requirements on creatures that may not attack: listed, counted nowhere.
    pub counts: bool,
    /// The effect it comes from.
    pub source: String,
    /// Added field: under a LEGAL verdict, why this requirement is not obeyed: the restriction,
    /// cost or other requirements that stand in the way of each attack that would obey it
    /// (issue 13). Absent when obeyed, not counted, or not explained (JSON: left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why_not: Option<String>,
    /// Added field: for a conditional requirement (CR 508.1d: Ekundu Cyclops, "if a creature you
    /// control attacks, ~ also attacks if able"), whether its condition holds in this
    /// declaration; only then does it count, for this declaration, and for a declaration
    /// compared with it where it holds there too (docs/rules.md section 2). Absent for other
    /// requirements (JSON: left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition_holds: Option<bool>,
}

/// Legality under each baseline (docs/rules.md section 7), so a user sees when they disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LegalUnder {
    /// Legal under the paid baseline.
    #[schemars(description = "")]
    pub paid: bool,
    /// Legal under the free baseline.
    #[schemars(description = "")]
    pub free: bool,
}

/// docs/format.md "Result JSON" for `check` (and each entry of `enumerate`). In JSON, `legal` is null
/// when the answer is undecided (see [`CheckResult::verdict`]).
#[derive(Debug, Clone, PartialEq, Eq, schemars::JsonSchema)]
pub struct CheckResult {
    /// True: legal; false: illegal, or not decided (`proof` "none" and no violation proven).
    #[schemars(with = "Option<bool>")]
    pub legal: bool,
    /// The baseline it was judged under.
    #[schemars(description = "")]
    pub baseline: Baseline,
    /// Requirements the declaration obeys (those that count).
    #[schemars(description = "")]
    pub requirements_obeyed: usize,
    /// The most requirements a declaration allowed by the baseline can obey.
    #[schemars(description = "")]
    pub requirements_max: usize,
    /// The most requirements a declaration paying no cost can obey.
    #[schemars(description = "")]
    pub requirements_max_free: usize,
    /// The declaration, with the payment found when it is legal and payable.
    #[schemars(description = "")]
    pub declaration: Declaration,
    /// Every requirement of the board, obeyed or not.
    #[schemars(description = "")]
    pub requirements: Vec<RequirementReport>,
    /// Why it is illegal; empty when legal.
    #[schemars(description = "")]
    pub violations: Vec<Violation>,
    /// When it obeys too few requirements: a declaration the baseline allows that obeys
    /// `requirements_max`, differing from it in as few creatures as the method manages.
    #[schemars(description = "")]
    pub witness: Option<Declaration>,
    /// The costs it incurs: mana totalled, life paid.
    #[schemars(description = "")]
    pub cost: CostTotal,
    /// How `requirements_max` was established.
    #[schemars(description = "")]
    pub proof: Proof,
    /// Added field: the verdict under both baselines.
    pub legal_under: LegalUnder,
    /// Added field: why there is no proof (time limit), when `proof` is "none".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Added field: when the declaration's own payment does not work but another one does, that
    /// one (CR 508.1h-j): a judge would say "pay differently", not only "wrong payment".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment_that_works: Option<Vec<PaymentEntry>>,
    /// Added field: for a declaration that is illegal for another reason than its requirements
    /// alone (an attacker, a target, a restriction, the cost), the legal declaration closest to
    /// it (fewest creatures whose attack changes), with its payment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_alternative: Option<Declaration>,
    /// Added field, present when `witness` or `legal_alternative` is: whether each of them is
    /// proven to change the fewest creatures' attacks. False where the method stopped
    /// searching for a closer one (its budget of nodes, or the deadline, once the verdict and
    /// `requirements_max` were proven); what they obey and their legality are proven
    /// regardless.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closest_proven: Option<bool>,
}

impl Serialize for CheckResult {
    /// The derived form, except that `legal` is null when undecided (issue 11: `false` with
    /// proof "none" read as illegal).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut m = s.serialize_struct("CheckResult", 17)?;
        m.serialize_field("legal", &self.verdict())?;
        m.serialize_field("baseline", &self.baseline)?;
        m.serialize_field("requirements_obeyed", &self.requirements_obeyed)?;
        m.serialize_field("requirements_max", &self.requirements_max)?;
        m.serialize_field("requirements_max_free", &self.requirements_max_free)?;
        m.serialize_field("declaration", &self.declaration)?;
        m.serialize_field("requirements", &self.requirements)?;
        m.serialize_field("violations", &self.violations)?;
        m.serialize_field("witness", &self.witness)?;
        m.serialize_field("cost", &self.cost)?;
        m.serialize_field("proof", &self.proof)?;
        m.serialize_field("legal_under", &self.legal_under)?;
        match &self.note {
            Some(note) => m.serialize_field("note", note)?,
            None => m.skip_field("note")?,
        }
        match &self.payment_that_works {
            Some(p) => m.serialize_field("payment_that_works", p)?,
            None => m.skip_field("payment_that_works")?,
        }
        match &self.legal_alternative {
            Some(d) => m.serialize_field("legal_alternative", d)?,
            None => m.skip_field("legal_alternative")?,
        }
        match self.closest_proven {
            Some(p) => m.serialize_field("closest_proven", &p)?,
            None => m.skip_field("closest_proven")?,
        }
        m.end()
    }
}

impl CheckResult {
    /// Legal, illegal, or None when not decided: the time limit came before the maximum was
    /// proven and no violation proves the declaration illegal.
    pub fn verdict(&self) -> Option<bool> {
        if !self.legal && self.proof == Proof::None && self.violations.is_empty() {
            None
        } else {
            Some(self.legal)
        }
    }

    /// Readable text: the verdict first, then why, then the details; cards by name and id
    /// (`pos` is the board the result is about).
    pub fn to_text(&self, pos: &Position) -> String {
        let mut s = verdict_text(pos, self.verdict(), self.baseline, &attacks_text(pos, &self.declaration), &self.violations);
        if let Some(p) = &self.payment_that_works {
            if self.violations.iter().all(|v| v.kind == ViolationKind::Cost) {
                let _ = writeln!(s, "  The attacks themselves are legal; only the payment is wrong. Pay differently: {}", payment_text(pos, p));
            } else {
                let _ = writeln!(s, "  A payment that works for these attacks: {}", payment_text(pos, p));
            }
        }
        if self.legal_under.paid != self.legal_under.free {
            let _ = writeln!(
                s,
                "  note: the baselines disagree: legal under {}, illegal under {} (docs/rules.md section 7)",
                if self.legal_under.paid { "paid" } else { "free" },
                if self.legal_under.paid { "free" } else { "paid" }
            );
        }
        let _ = writeln!(s, "{}", self.requirements_line());
        for line in self.requirement_lines(pos) {
            s.push_str(&line);
        }
        cost_text(&mut s, pos, &self.cost, self.declaration.payment.as_deref().filter(|_| self.legal));
        // Said where the search for a closer one stopped short (docs/format.md, `closest_proven`).
        let unproven = if self.closest_proven == Some(false) { "; not proven the closest" } else { "" };
        if let Some(w) = &self.witness {
            let _ = writeln!(s, "Witness (obeys {}{unproven}): {}", self.requirements_max, attacks_text(pos, w));
            if let Some(p) = w.payment.as_ref().filter(|p| !p.is_empty()) {
                let _ = writeln!(s, "  paid by: {}", payment_text(pos, p));
            }
        }
        if let Some(d) = &self.legal_alternative {
            let title = if unproven.is_empty() { "Closest legal declaration" } else { "A close legal declaration (not proven the closest)" };
            let _ = writeln!(s, "{title}: {}", attacks_text(pos, d));
            if let Some(p) = d.payment.as_ref().filter(|p| !p.is_empty()) {
                let _ = writeln!(s, "  paid by: {}", payment_text(pos, p));
            }
        }
        let _ = writeln!(s, "Proof: {}", self.proof);
        if let Some(n) = &self.note {
            let _ = writeln!(s, "  {n}");
        }
        s
    }

    /// One line per requirement (and its reason, when not obeyed), marked obeyed `✓`, not
    /// obeyed `✗`, not counted `-`; the same requirement of identical creatures (one name, the
    /// same words but for the creature) one line: "✓ each of 23 Goblin Token (t1-t23) attacks
    /// each combat if able — goaded by B (CR 701.15b)" (issue 40).
    fn requirement_lines(&self, pos: &Position) -> Vec<String> {
        let items = self.requirements.iter().map(|r| {
            let in_force = r.counts && r.condition_holds != Some(false);
            let mark = match (in_force, r.obeyed) {
                (false, _) => "-",
                (true, true) => "✓",
                (true, false) => "✗",
            };
            let note = match (r.counts, r.condition_holds) {
                (false, _) => " [not counted: it may not attack]",
                (true, Some(false)) => " [not counted: its condition does not hold, CR 508.1d]",
                _ => "",
            };
            // Each reason on its line (issue 40): "attacking B: would break ...;".
            let why = r.why_not.as_deref().map_or(String::new(), why_not_lines);
            let line = format!("  {mark} {}{note}{why}\n", r.text);
            (r.creature.as_deref(), line)
        });
        words::creature_lines(pos, items)
    }

    /// "Requirements: obeys 5 of the 5 it could": the maximum in words a player knows (issue
    /// 40), what the baseline allows said once (docs/rules.md section 7), and, for a declaration
    /// that breaks a rule, that the maximum is over declarations that break none (issue 13:
    /// "1 obeyed; the most ... is 0" read as a contradiction).
    fn requirements_line(&self) -> String {
        if self.proof == Proof::None {
            return format!("Requirements: obeys {}; the most it could obey is not known (no proof).", self.requirements_obeyed);
        }
        // Only a rule other than the requirements lets a declaration obey more than the maximum.
        let breaks = self.violations.iter().any(|v| v.kind != ViolationKind::Requirements);
        let obeyed = if breaks && self.requirements_obeyed > self.requirements_max {
            let rules = self.violations.iter().filter(|v| v.kind != ViolationKind::Requirements).count();
            format!(
                "obeys {}, but only by breaking the rule{} above; the most it could obey is {}",
                self.requirements_obeyed,
                if rules == 1 { "" } else { "s" },
                self.requirements_max
            )
        } else {
            format!("obeys {} of the {} it could", self.requirements_obeyed, self.requirements_max)
        };
        match self.baseline {
            Baseline::Paid => {
                format!("Requirements: {obeyed} (restrictions obeyed, paying only its costs; {} paying none).", self.requirements_max_free)
            }
            Baseline::Free => format!("Requirements: {obeyed} (restrictions obeyed, paying no cost)."),
        }
    }
}

/// The "Cost: {2}{W} (with 2 life); paid by: ..." line of a declaration that incurs a cost
/// (none when it incurs none), `payment` the payment that pays it, when legal. Shared by the
/// attack and the block results.
pub(crate) fn cost_text(s: &mut String, pos: &Position, cost: &CostTotal, payment: Option<&[PaymentEntry]>) {
    if cost.mana.is_empty() && cost.life == 0 {
        return;
    }
    let mana = if cost.mana.is_empty() { "{0}" } else { &cost.mana };
    let _ = match (cost.actions.is_empty(), mana) {
        (true, _) => write!(s, "Cost: {mana}"),
        (false, "{0}") => write!(s, "Cost: {}", cost.actions.join(", ")),
        (false, _) => write!(s, "Cost: {mana} and {}", cost.actions.join(", ")),
    };
    if cost.life > 0 {
        let _ = write!(s, " (with {} life)", cost.life);
    }
    match payment {
        Some(p) if !p.is_empty() => {
            let _ = writeln!(s, "; paid by: {}", payment_text(pos, p));
        }
        _ => s.push('\n'),
    }
}

/// The verdict line, then each violation with one reason per line (issue 40): the rule broken,
/// then each clause of why. Shared by the attack and the block results (docs/blocks.md).
pub(crate) fn verdict_text(pos: &Position, verdict: Option<bool>, baseline: Baseline, declaration: &str, violations: &[Violation]) -> String {
    let mut s = String::new();
    let verdict = match verdict {
        Some(true) => "LEGAL",
        None => "UNDECIDED (time limit)",
        Some(false) => "ILLEGAL",
    };
    let _ = writeln!(s, "{verdict} (baseline {baseline}): {declaration}");
    for v in violations {
        let mut clauses = reasons(&v.message).into_iter();
        let _ = writeln!(s, "  ✗ {}: {}", v.kind.as_str(), clauses.next().unwrap_or_default());
        for reason in grouped_reasons(pos, clauses) {
            let _ = writeln!(s, "      {reason}");
        }
    }
    s
}

/// The reasons of a violation with identical creatures' said once (issue 40): a reason that
/// starts with a creature ("Goblin Token (t1) should attack C ...", with the "it then obeys"
/// clause after it) is one item, merged with its twins' into "each of 23 Goblin Token (t1-t23)
/// should attack C ...". Each returned string is a reason's lines.
fn grouped_reasons<'a>(pos: &'a Position, clauses: impl Iterator<Item = &'a str>) -> Vec<String> {
    let vb = &pos.board;
    let mut units: Vec<Vec<&str>> = Vec::new();
    for clause in clauses {
        match units.last_mut() {
            Some(unit) if clause.starts_with("it then ") => unit.push(clause),
            _ => units.push(vec![clause]),
        }
    }
    let items = units.iter().map(|unit| {
        // The creature it starts with: "Name (id) ...", the label answers write.
        let id = unit[0].split_once(") ").and_then(|(head, _)| head.rsplit_once(" (")).map(|(_, id)| id);
        let id = id.filter(|id| vb.permanent_index(id).is_some_and(|p| unit[0].starts_with(&format!("{} ", vb.permanent_label(p)))));
        (id, unit.join("\n      "))
    });
    words::creature_lines(pos, items)
}

/// A violation's message as the lines of its text (issue 40): its head, up to the colon that
/// introduces the reasons (after a CR citation), then each reason ([`clauses`]).
fn reasons(message: &str) -> Vec<&str> {
    let Some(colon) = message.find("): ").map(|i| i + 2) else { return vec![message] };
    let (head, rest) = message.split_at(colon);
    let mut out = vec![head.trim_end()];
    out.extend(clauses(rest));
    out
}

/// Reasons said in one string, split at the semicolons between them (outside «quoted
/// requirements»), each kept with its semicolon.
/// A requirement's `why_not` under its line: "not obeyed: ...", each reason on its line.
pub(crate) fn why_not_lines(why: &str) -> String {
    format!("\n      not obeyed: {}", clauses(why).join("\n        "))
}

fn clauses(text: &str) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0usize, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '«' => depth += 1,
            '»' => depth = depth.saturating_sub(1),
            ';' if depth == 0 && text[i + 1..].starts_with(' ') => {
                out.push(text[start..=i].trim());
                start = i + 2;
            }
            _ => {}
        }
    }
    out.push(text[start..].trim());
    out.retain(|l| !l.is_empty());
    out
}
