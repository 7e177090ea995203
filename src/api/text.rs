//! Answers as readable text (`--format text`): the command line prints it, and any front end
//! (the web page) can, from the library alone. Cards are named with their ids ("tap Island (ai1)
//! for {U}", issue 13).

use super::request::{Answer, Outcome};
use super::{Enumeration, Method, Options, Undecided};
use crate::board::{Assumption, AssumptionKind};
use crate::legality::attacks_text;
use crate::position::Position;
use std::fmt;

impl Answer {
    /// The answer as text: the board's warnings first, as they qualify the answer (a card
    /// attackopt does not know is read as having no abilities, issue 13), then the answer.
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
            Outcome::Validate(_) | Outcome::Undecided(_) | Outcome::Maximum(_) => outcome_text(&self.result, pos, options),
            _ => wrap(&outcome_text(&self.result, pos, options), TEXT_WIDTH),
        };
        if self.warnings.is_empty() || matches!(self.result, Outcome::Validate(_) | Outcome::Undecided(_)) {
            return body;
        }
        let mut s: String = self.warnings.iter().map(|w| format!("{w}\n")).collect();
        s.push('\n');
        s.push_str(&body);
        s
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

/// The widest line of a text answer, in characters (issue 40: read at a table, in a terminal).
pub const TEXT_WIDTH: usize = 100;

/// Every line of `text` longer than `width` characters wrapped at spaces: its continuation lines
/// hang under the line's text (past a `✓`/`✗`/`-` mark, or 4 columns in), so a reason stays one
/// block. A word longer than the room left is cut.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / width);
    for line in text.split_inclusive('\n') {
        let (body, newline) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
        if body.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let indent = body.len() - body.trim_start_matches(' ').len();
        let marked = ["✓ ", "✗ ", "- "].iter().any(|m| body[indent..].starts_with(m));
        let hang = " ".repeat(if marked { indent + 2 } else { indent + 4 });
        let (mut current, mut count) = (body[..indent].to_string(), indent);
        for word in body[indent..].split(' ').filter(|w| !w.is_empty()) {
            let mut word = word;
            loop {
                let n = word.chars().count();
                let first = count == current.len() && current.trim().is_empty();
                if first || count + 1 + n <= width {
                    if !first {
                        current.push(' ');
                        count += 1;
                    }
                    if count + n <= width {
                        current.push_str(word);
                        count += n;
                        break;
                    }
                    // Longer than a whole line: cut it.
                    let cut = word.char_indices().nth(width.saturating_sub(count).max(1)).map_or(word.len(), |(i, _)| i);
                    current.push_str(&word[..cut]);
                    word = &word[cut..];
                }
                out.push_str(current.trim_end());
                out.push('\n');
                (current, count) = (hang.clone(), hang.len());
                if word.is_empty() {
                    break;
                }
            }
        }
        out.push_str(current.trim_end());
        out.push_str(newline);
    }
    out
}

fn outcome_text(outcome: &Outcome, pos: &Position, options: &Options) -> String {
    match outcome {
        Outcome::Check(result) => result.to_text(pos),
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
        // No command prints it as text; batch answers it as JSON.
        Outcome::Maximum(report) => serde_json::to_string_pretty(report).unwrap_or_default(),
    }
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
/// assert_eq!(a.to_string(), "Propoganda (prop): a card attackopt does not know, assumed to have no abilities that matter for attacking (at permanents[1].name)");
/// ```
impl fmt::Display for Assumption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.card.trim().is_empty() {
            write!(f, "{}", self.permanent)?;
        } else {
            write!(f, "{} ({})", self.card, self.permanent)?;
        }
        if let Some(clause) = &self.clause {
            write!(f, ": \"{clause}\"")?;
        }
        let needs = self.needs.as_deref();
        match self.kind {
            AssumptionKind::UnreadText => write!(f, ", which attackopt does not read: assumed to do nothing")?,
            AssumptionKind::UnknownCard => write!(f, ": a card attackopt does not know, assumed to have no abilities that matter for attacking")?,
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

#[cfg(test)]
mod tests {
    use super::wrap;

    /// Issue 40: short lines are kept, long ones wrap at spaces within the width and hang under
    /// their mark, and a word longer than a line is cut, never left past the width.
    #[test]
    fn wrapped_lines_keep_within_the_width_and_hang_under_their_mark() {
        assert_eq!(wrap("short\n", 20), "short\n");
        assert_eq!(wrap("  ✗ one two three four five\n", 16), "  ✗ one two\n    three four\n    five\n");
        assert_eq!(wrap("Requirements: a b\n", 14), "Requirements:\n    a b\n");
        let cut = wrap(&"x".repeat(45), 20);
        assert!(cut.lines().all(|l| l.chars().count() <= 20), "{cut}");
        assert_eq!(cut.replace([' ', '\n'], ""), "x".repeat(45));
    }
}
