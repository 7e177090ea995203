//! Answers as readable text (`--format text`): the command line prints it, and any front end
//! (the web page) can, from the library alone. Cards are named with their ids ("tap Island (ai1)
//! for {U}", issue 13).

use super::request::{Answer, Outcome};
use super::{Enumeration, Method, Options, Undecided};
use crate::board::{Assumption, AssumptionKind};
use crate::legality::attacks_text;
use crate::position::Position;
use crate::view::warnings_text;
use crate::wrap::{wrap, TEXT_WIDTH};
use std::fmt;

impl Answer {
    /// The answer as text: the board's warnings first, in words for people (issue 40), as they
    /// qualify the answer (a card attackopt does not know is read as having no abilities, issue
    /// 13), then the answer.
    /// `validate` lists them in its own text; a strict refusal lists its assumptions instead,
    /// which say what those warnings say. `pos` is the board the answer is about.
    ///
    /// ```
    /// use attackopt::{Options, Position, Request};
    ///
    /// let board = r#"{"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
    ///   "permanents": [{"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"],
    ///                   "power": 2, "goaded_by": ["B"]}]}"#;
    /// let pos = Position::from_json(board, "board.json")?;
    /// let decl = pos.declaration_from_json(r#"{"attacks": [{"creature": "bear", "target": "B"}]}"#, "d.json")?;
    /// let answer = pos.answer(&Request::Check(decl), &Options::default())?;
    /// assert!(answer.to_text(&pos, &Options::default()).starts_with("LEGAL (baseline paid): Grizzly Bears (bear) -> B"));
    /// # Ok::<(), attackopt::Error>(())
    /// ```
    pub fn to_text(&self, pos: &Position, options: &Options) -> String {
        let text = self.answer_text(pos, options);
        match import_line(self) {
            Some(line) => format!("{line}\n{text}"),
            None => text,
        }
    }

    fn answer_text(&self, pos: &Position, options: &Options) -> String {
        // Verdicts and lists are read at a table: wrapped (issue 40). `validate`'s view and
        // an undecided answer keep their lines (listings, read with a pager).
        let body = match &self.result {
            Outcome::Validate(_) | Outcome::Undecided(_) => outcome_text(&self.result, pos, options),
            _ => wrap(&outcome_text(&self.result, pos, options), TEXT_WIDTH),
        };
        if self.warnings.is_empty() || matches!(self.result, Outcome::Validate(_) | Outcome::Undecided(_)) {
            return body;
        }
        format!("{}\n{body}", warnings_text(&self.warnings))
    }
}

/// The line that opens a text answer about a board whose import dropped or guessed something
/// (issue 40: a verdict about another board than the game must say so first), wrapped; None
/// for any other board. "Imported from game.txt (Forge) with 2 cards skipped (Tarmogoyf, Dark
/// Confidant): this board may differ from the game."
fn import_line(answer: &Answer) -> Option<String> {
    let import = answer.import.as_ref().filter(|i| i.differs())?;
    Some(wrap(&format!("Imported from {} with {}: this board may differ from the game.\n", import.origin(), import.summary()), TEXT_WIDTH))
}

fn outcome_text(outcome: &Outcome, pos: &Position, options: &Options) -> String {
    match outcome {
        Outcome::Check(result) => result.to_text(pos),
        Outcome::CheckBlocks(result) => result.to_text(pos),
        Outcome::EnumerateBlocks(found) => {
            block_list_text(&found.declarations.iter().map(|r| &r.declaration).collect::<Vec<_>>(), found.complete, pos)
        }
        Outcome::SolveBlocks(result) => result.to_text(pos),
        Outcome::Solve(result) if result.optimal => format!("Best declaration (objective {}):\n{}", result.objective, result.result.to_text(pos)),
        Outcome::Solve(result) => {
            let bound = result.objective_bound.map_or("unknown".to_string(), |b| b.to_string());
            format!(
                "Best declaration found before the time limit, not proven optimal (objective {}, proven bound {bound}):\n{}",
                result.objective,
                result.result.to_text(pos)
            )
        }
        Outcome::Enumerate(found) => enumeration_text(found, pos, options),
        // `--detail summary`: the attacks alone.
        Outcome::EnumerateSummary(found) => {
            let lines = found.declarations.iter().map(|d| attacks_text(pos, d)).collect();
            list_text(lines, found.complete, found.time_limit_reached, options)
        }
        Outcome::Validate(view) => view.to_text(pos),
        Outcome::Undecided(undecided) => undecided_text(undecided),
        Outcome::Maximum(report) => maximum_text(report, pos),
        Outcome::MaximumBlocks(report) => report.to_text(pos),
        // `--detail summary`: the blocks alone, as the full list's text shows them.
        Outcome::EnumerateBlocksSummary(found) => block_list_text(&found.declarations.iter().collect::<Vec<_>>(), found.complete, pos),
    }
}

/// `maximum --format text`: the free maximum of CR 508.1d, its witness, the proof.
fn maximum_text(report: &crate::api::MaximumReport, pos: &Position) -> String {
    format!(
        "Requirements: a declaration obeying every restriction and paying no cost obeys at most {} (CR 508.1d; counted over the requirements in force in the empty declaration).\nWitness: {}\nProof: {}\n",
        report.requirements_max_free,
        attacks_text(pos, &report.witness),
        report.proof
    )
}

/// `enumerate --format text`: a header, one line per declaration, the proof.
fn enumeration_text(found: &Enumeration, pos: &Position, options: &Options) -> String {
    let lines = found
        .declarations
        .iter()
        .map(|r| {
            let cost = if r.cost.mana.is_empty() { String::new() } else { format!(", cost {}", r.cost.mana) };
            format!("{}  (obeys {}{cost})", attacks_text(pos, &r.declaration), r.requirements_obeyed)
        })
        .collect();
    list_text(lines, found.complete, found.time_limit_reached, options)
}

/// A list of declarations as text: a header, one line each, the proof.
fn list_text(lines: Vec<String>, complete: bool, time_limit_reached: bool, options: &Options) -> String {
    let n = lines.len();
    let mut s = format!(
        "{n} legal declaration{} (baseline {}){}:\n",
        if n == 1 { "" } else { "s" },
        options.baseline,
        if complete {
            ", the complete list"
        } else if time_limit_reached {
            ", found before the time limit; there may be more"
        } else {
            ", there are more (raise --limit)"
        }
    );
    for line in lines {
        s.push_str(&format!("  {line}\n"));
    }
    let proof = if time_limit_reached {
        "none (each declaration is legal; the list stopped at the time limit)"
    } else if options.method == Method::Exhaustive {
        "exhaustive"
    } else {
        "ilp-optimal"
    };
    s.push_str(&format!("Proof: {proof}\n"));
    s
}

/// An undecided answer as text. A strict refusal: how many assumptions, one line each (card,
/// id, the clause quoted, the field that would decide it), and the two ways out.
fn undecided_text(undecided: &Undecided) -> String {
    let Some(assumptions) = undecided.assumptions.as_deref().filter(|a| !a.is_empty()) else {
        return format!("UNDECIDED: {}\nProof: none\n", undecided.message);
    };
    let mut s = format!("UNDECIDED: {}:\n", super::strict_refusal(assumptions.len()));
    for a in assumptions {
        s.push_str(&format!("  - {a}\n"));
    }
    s.push_str("Write what each does as effects (or give the fact it needs) and ask again, or ask without strict mode to answer assuming them.\nProof: none\n");
    s
}

/// One assumption as a line of text: the card and its id, the clause quoted, what is assumed,
/// the board field that would decide it, where it is on the board. Used in the strict refusal's
/// message (the first assumption) and its text (each).
///
/// ```
/// use attackopt::{Assumption, AssumptionKind};
///
/// let a = Assumption { kind: AssumptionKind::UnknownCard, path: "permanents[1].name".into(), permanent: "prop".into(),
///                      card: "Propoganda".into(), clause: None, needs: None };
/// assert_eq!(a.to_string(), "Propoganda (prop): a card attackopt does not know, assumed to have no abilities that matter for attacking or blocking (at permanents[1].name)");
/// ```
impl fmt::Display for Assumption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.card.trim().is_empty() {
            write!(f, "{}", self.permanent)?;
        } else {
            write!(f, "{} ({})", crate::board::quoted_name(&self.card), self.permanent)?;
        }
        if let Some(clause) = &self.clause {
            write!(f, ": \"{clause}\"")?;
        }
        let needs = self.needs.as_deref();
        match self.kind {
            AssumptionKind::UnreadText => write!(f, ", which attackopt does not read: assumed to do nothing")?,
            AssumptionKind::UnknownCard => {
                write!(f, ": a card attackopt does not know, assumed to have no abilities that matter for attacking or blocking")?
            }
            AssumptionKind::MissingFact => {
                write!(f, ", whose effect needs {}, which the board does not give: assumed to do nothing", needs.unwrap_or("a fact"))?
            }
        }
        // The field that would decide it, when the kind's own words have not named it.
        if let (Some(field), false) = (needs, self.kind == AssumptionKind::MissingFact) {
            write!(f, " (needs {field})")?;
        }
        write!(f, " (at {})", self.path)
    }
}

/// `enumerate` on a board with combat: each legal declaration of blockers, then whether the
/// list is complete (both details: the list shows the blocks alone).
fn block_list_text(declarations: &[&crate::board::BlockDeclaration], complete: bool, pos: &Position) -> String {
    let mut s = format!("{} legal declaration{} of blockers", declarations.len(), if declarations.len() == 1 { "" } else { "s" });
    s.push_str(if complete { " (complete):\n" } else { " (there are more):\n" });
    for (i, d) in declarations.iter().enumerate() {
        s.push_str(&format!("{}. {}\n", i + 1, crate::legality::blocks::blocks_text(pos, d)));
    }
    s
}
