//! What an import dropped or guessed, carried by the board it printed (issue 40: "imports that
//! silently change the game"). `attackopt import forge` skipped the cards it does not know and
//! said so on standard error only, so a later `solve` of the saved board answered about another
//! board than the game, silently. The board now carries the import's account in its `import`
//! field, and every answer about it repeats it (`import` in the JSON, one line in text); under
//! `strict` an answer refuses it as it refuses an assumption (`crate::api::Position::answer`).

use super::error::InputError;
use super::validate::{MAX_PERMANENTS, MAX_STRING};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a board came from and what its import left out or guessed (docs/format.md "Board":
/// `import`). Written by `attackopt import forge` and `import names` (and the page's importers);
/// a hand-written board may carry one too, e.g. from another program's importer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(
    description = "What the board's import dropped or guessed, written by attackopt import forge and import names: every answer about the board repeats it (its `import` field; one line in text), and strict mode refuses to answer when skipped or notes is not empty. Optional; a hand-written board may carry it."
)]
pub struct ImportNotes {
    /// The program or format the board was imported from: `forge`, `names`, or another name.
    #[schemars(description = "What the board was imported from: \"forge\" (a Forge game state), \"names\" (card names per player), or any other non-empty name. Required.", extend("examples" = ["forge"]))]
    pub from: String,
    /// The file's name without its folders (a board is shared, its importer's folders are not);
    /// None for standard input.
    #[schemars(description = "The imported file's name, without its folders; absent or null for standard input.", extend("examples" = ["game.txt"]))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The cards left out of the board, each with why.
    #[schemars(description = "The cards the import left out of the board, each with where it was and why (default empty).", extend("examples" = [[{"zone": "aibattlefield", "index": 3, "card": "Tarmogoyf", "reason": "unknown card"}]]))]
    #[serde(default)]
    pub skipped: Vec<Skipped>,
    /// What the import guessed or ignored that may change the board, one sentence each.
    #[schemars(description = "What the import guessed or ignored that may change the board, one sentence each, e.g. \"no activeplayer: assuming human\" (default empty).", extend("examples" = [["no activeplayer: assuming human"]]))]
    #[serde(default)]
    pub notes: Vec<String>,
}

/// A card left out of the board by its import.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "A card the import left out: where it was, what it was, why.")]
pub struct Skipped {
    /// The list the card was in, e.g. Forge's key `aibattlefield`.
    #[schemars(description = "The list the card was in, e.g. Forge's key \"aibattlefield\". Required.", extend("examples" = ["aibattlefield"]))]
    pub zone: String,
    /// Its position in that list, from 1.
    #[schemars(description = "Its position in that list, from 1. Required.", extend("examples" = [3]), range(min = 1))]
    pub index: usize,
    /// The card as the imported file wrote it.
    #[schemars(description = "The card as the imported file wrote it. Required.", extend("examples" = ["Tarmogoyf"]))]
    pub card: String,
    /// Why it was left out.
    #[schemars(description = "Why it was left out. Required.", extend("examples" = ["unknown card"]))]
    pub reason: String,
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, card {}: \"{}\": {}", self.zone, self.index, self.card, self.reason)
    }
}

impl ImportNotes {
    /// The account of an import from `from` of `file` (as the user named it: its folders are
    /// dropped, standard input `-` is None), strings clipped to the board's bounds so that a
    /// junk line quoted in a note never makes the board invalid.
    pub fn new(from: &str, file: &str, skipped: Vec<Skipped>, notes: Vec<String>) -> ImportNotes {
        let name =
            (file != "-").then(|| std::path::Path::new(file).file_name().map_or_else(|| file.to_string(), |n| n.to_string_lossy().into_owned()));
        let skipped =
            skipped.into_iter().map(|s| Skipped { zone: clip(&s.zone), card: clip(&s.card), reason: clip(&s.reason), index: s.index }).collect();
        ImportNotes { from: from.to_string(), file: name.map(|n| clip(&n)), skipped, notes: notes.iter().map(|n| clip(n)).collect() }
    }

    /// Whether the import dropped or guessed anything: the board may differ from the game.
    pub fn differs(&self) -> bool {
        !self.skipped.is_empty() || !self.notes.is_empty()
    }

    /// Where the board came from, for people: "game.txt (Forge)", "names.json (card names)";
    /// without a file (standard input, or written by hand) the source alone: "Forge".
    pub fn origin(&self) -> String {
        let from = match self.from.as_str() {
            "forge" => "Forge",
            "names" => "card names",
            other => other,
        };
        match &self.file {
            Some(file) => format!("{file} ({from})"),
            None => from.to_string(),
        }
    }

    /// What was dropped and guessed, in words: "2 cards skipped (Tarmogoyf, Dark Confidant) and
    /// 1 thing guessed or ignored («no activeplayer: assuming human»)"; at most 5 cards and 2
    /// notes named, the rest counted ("and 3 more"), as a line read at a table.
    pub fn summary(&self) -> String {
        fn some<'a>(all: impl ExactSizeIterator<Item = &'a str>, shown: usize, sep: &str) -> String {
            let n = all.len();
            let named: Vec<&str> = all.take(shown).collect();
            let more = n.saturating_sub(shown);
            if more == 0 {
                named.join(sep)
            } else {
                format!("{}{sep}and {more} more", named.join(sep))
            }
        }
        let plural = |n: usize, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
        let mut parts = Vec::new();
        if !self.skipped.is_empty() {
            let cards = some(self.skipped.iter().map(|s| s.card.as_str()), 5, ", ");
            parts.push(format!("{} skipped ({cards})", plural(self.skipped.len(), "card", "cards")));
        }
        if !self.notes.is_empty() {
            // Quoted, as a requirement is in text answers: a note has its own semicolons.
            let quoted: Vec<String> = self.notes.iter().map(|n| format!("«{n}»")).collect();
            let notes = some(quoted.iter().map(String::as_str), 2, ", ");
            parts.push(format!("{} guessed or ignored ({notes})", plural(self.notes.len(), "thing", "things")));
        }
        if parts.is_empty() {
            return "nothing skipped or guessed".into();
        }
        parts.join(" and ")
    }

    /// How much was dropped and guessed: "skipped 2 cards and guessed or ignored 1 thing".
    pub fn counts(&self) -> String {
        let plural = |n: usize, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
        match (self.skipped.len(), self.notes.len()) {
            (0, 0) => "skipped and guessed nothing".into(),
            (s, 0) => format!("skipped {}", plural(s, "card", "cards")),
            (0, n) => format!("guessed or ignored {}", plural(n, "thing", "things")),
            (s, n) => format!("skipped {} and guessed or ignored {}", plural(s, "card", "cards"), plural(n, "thing", "things")),
        }
    }

    /// The refusal of `--strict` on `import` (docs/format.md "Command line"): bad input (exit
    /// 2) naming `file`, with every card that would be dropped, every guess, and each thing
    /// answers on the board would assume (`assumptions`, the built board's), one a line; Ok
    /// when there is none, so that a board `import --strict` prints is one `check --strict`
    /// answers.
    pub fn refuse_unless_faithful(&self, file: &str, assumptions: &[super::Assumption]) -> Result<(), InputError> {
        if !self.differs() && assumptions.is_empty() {
            return Ok(());
        }
        let mut lines: Vec<String> = self.skipped.iter().map(|s| format!("  - skipped: {s}")).collect();
        lines.extend(self.notes.iter().map(|n| format!("  - guessed: {n}")));
        lines.extend(assumptions.iter().map(|a| format!("  - assumed: {a}")));
        let n = lines.len();
        let things = if n == 1 { "1 thing".to_string() } else { format!("{n} things") };
        Err(InputError::new(
            file,
            "",
            format!(
                "--strict: the board would differ from the game in {things}, and strict mode refuses to import it (without --strict the board carries them in its `import` field and `assumptions`):\n{}",
                lines.join("\n")
            ),
        ))
    }
}

/// At most [`MAX_STRING`] bytes, cut at a character and marked with an ellipsis.
fn clip(s: &str) -> String {
    if s.len() <= MAX_STRING {
        return s.to_string();
    }
    let mut end = MAX_STRING - '…'.len_utf8();
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

/// The board's `import`, checked as every field is: strings within [`MAX_STRING`] bytes,
/// `from` not blank, positions from 1, lists within [`MAX_PERMANENTS`] entries; errors name the
/// JSON path (`import.skipped[2].index`).
pub(super) fn check_import(file: &str, import: &ImportNotes) -> Result<(), InputError> {
    let err = |path: String, message: String| InputError::new(file, path, message);
    let len = |path: String, s: &str| {
        if s.len() > MAX_STRING {
            return Err(err(path, format!("expected a string of at most {MAX_STRING} bytes, found {} bytes", s.len())));
        }
        Ok(())
    };
    if import.from.trim().is_empty() {
        return Err(err("import.from".into(), "expected what the board was imported from (\"forge\", \"names\", ...), found an empty string".into()));
    }
    len("import.from".into(), &import.from)?;
    if let Some(f) = &import.file {
        len("import.file".into(), f)?;
    }
    for (list, n) in [("skipped", import.skipped.len()), ("notes", import.notes.len())] {
        if n > MAX_PERMANENTS {
            return Err(err(format!("import.{list}"), format!("expected at most {MAX_PERMANENTS} entries, found {n}")));
        }
    }
    for (i, s) in import.skipped.iter().enumerate() {
        if s.index == 0 {
            return Err(err(format!("import.skipped[{i}].index"), "expected a position from 1, found 0".into()));
        }
        for (field, v) in [("zone", &s.zone), ("card", &s.card), ("reason", &s.reason)] {
            len(format!("import.skipped[{i}].{field}"), v)?;
        }
    }
    for (i, n) in import.notes.iter().enumerate() {
        len(format!("import.notes[{i}]"), n)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_named_without_its_folders_and_strings_are_clipped() {
        let notes = ImportNotes::new("forge", "/home/judge/games/game.txt", vec![], vec!["x".repeat(5000)]);
        assert_eq!(notes.file.as_deref(), Some("game.txt"));
        assert!(notes.notes[0].len() <= MAX_STRING && notes.notes[0].ends_with('…'));
        assert_eq!(ImportNotes::new("names", "-", vec![], vec![]).file, None);
        assert!(!ImportNotes::new("names", "-", vec![], vec![]).differs());
    }

    #[test]
    fn the_summary_names_five_cards_and_two_notes_and_counts_the_rest() {
        let card = |c: &str| Skipped { zone: "aibattlefield".into(), index: 1, card: c.into(), reason: "unknown card".into() };
        let skipped = ["A", "B", "C", "D", "E", "F"].map(card).to_vec();
        let notes = vec!["line 2: unknown key \"foo\"; ignored".to_string(), "no activeplayer: assuming human".into(), "x".into()];
        let n = ImportNotes::new("forge", "g.txt", skipped, notes);
        assert_eq!(
            n.summary(),
            "6 cards skipped (A, B, C, D, E, and 1 more) and 3 things guessed or ignored («line 2: unknown key \"foo\"; ignored», «no activeplayer: assuming human», and 1 more)"
        );
        assert_eq!((n.origin(), n.counts()), ("g.txt (Forge)".to_string(), "skipped 6 cards and guessed or ignored 3 things".to_string()));
    }
}
