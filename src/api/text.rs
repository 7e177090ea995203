//! Answers as text (`--format text`), in the library so that every front end (the command line,
//! the web page) shows the same words: [`Answer::to_text`].

use super::request::{Answer, Outcome};
use super::{Enumeration, Method, Options};
use crate::Attack;

impl Answer {
    /// The answer as the command line prints it with `--format text` (the options are those it
    /// was answered with: `enumerate` names its baseline and proof).
    pub fn to_text(&self, options: &Options) -> String {
        text(self, options)
    }
}

/// An answer as text (`--format text`): the board's warnings first, as they qualify the answer
/// (a card attackopt does not know is read as having no abilities, issue 13), then the answer.
/// `validate` lists them in its own text.
fn text(answer: &Answer, options: &Options) -> String {
    let body = result_text(&answer.result, options);
    if answer.warnings.is_empty() || matches!(answer.result, Outcome::Validate(_)) {
        return body;
    }
    let mut s: String = answer.warnings.iter().map(|w| format!("{w}\n")).collect();
    s.push('\n');
    s.push_str(&body);
    s
}

fn result_text(outcome: &Outcome, options: &Options) -> String {
    match outcome {
        Outcome::Check(result) => result.to_text(),
        Outcome::Solve(result) if result.optimal => format!("Best declaration (objective {}):\n{}", result.objective, result.result.to_text()),
        Outcome::Solve(result) => {
            let bound = result.objective_bound.map_or("unknown".to_string(), |b| b.to_string());
            format!(
                "Best declaration found before the time limit, not proven optimal (objective {}, proven bound {bound}):\n{}",
                result.objective,
                result.result.to_text()
            )
        }
        Outcome::Enumerate(found) => enumeration_text(found, options),
        // `--detail summary`: the attacks alone.
        Outcome::EnumerateSummary(found) => {
            let lines = found.declarations.iter().map(|d| attacks_text(&d.attacks)).collect();
            list_text(lines, found.complete, found.time_limit_reached, options)
        }
        Outcome::Validate(view) => view.to_text(),
        // No command prints it as text; batch answers it as JSON.
        Outcome::Maximum(report) => serde_json::to_string_pretty(report).unwrap_or_default(),
    }
}

/// `enumerate --format text`: a header, one line per declaration, the proof.
fn enumeration_text(found: &Enumeration, options: &Options) -> String {
    let lines = found
        .declarations
        .iter()
        .map(|r| {
            let cost = if r.cost.mana.is_empty() { String::new() } else { format!(", cost {}", r.cost.mana) };
            format!("{}  (obeys {}{cost})", attacks_text(&r.declaration.attacks), r.requirements_obeyed)
        })
        .collect();
    list_text(lines, found.complete, found.time_limit_reached, options)
}

fn attacks_text(attacks: &[Attack]) -> String {
    let attacks: Vec<String> = attacks.iter().map(|a| format!("{} -> {}", a.creature, a.target)).collect();
    if attacks.is_empty() {
        "no attack".to_string()
    } else {
        attacks.join(", ")
    }
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
