//! Errors and warnings about user input. Every message names the file, the JSON path and what
//! was expected, so a user can fix the board without reading our code.

use std::fmt;

/// Bad input: exit status 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The file as the user named it (`-` for standard input).
    pub file: String,
    /// A JSON path such as `permanents[3].controller`; empty for the whole document.
    pub path: String,
    /// What is wrong and what was expected.
    pub message: String,
}

impl InputError {
    /// An error in `file` at the JSON `path` (empty for the whole document).
    pub fn new(file: &str, path: impl Into<String>, message: impl Into<String>) -> Self {
        InputError { file: file.to_string(), path: path.into(), message: message.into() }
    }

    /// Without serde's " at line 1 column 87": for JSON that attackopt wrote itself from an
    /// object (a batch line's inline board, a Python dict), that position points into the
    /// re-serialized text, not the user's; the JSON path already says where.
    pub fn without_text_position(mut self) -> Self {
        if let Some(i) = self.message.rfind(" at line ") {
            let tail = &self.message[i + " at line ".len()..];
            let mut parts = tail.split(" column ");
            let is_pos = matches!((parts.next(), parts.next(), parts.next()), (Some(a), Some(b), None)
                if !a.is_empty() && !b.is_empty() && a.bytes().all(|c| c.is_ascii_digit()) && b.bytes().all(|c| c.is_ascii_digit()));
            if is_pos {
                self.message.truncate(i);
            }
        }
        self
    }
}

impl InputError {
    /// Without the values serde quotes from the text: "invalid type: string \"s3cr3t\", expected
    /// u32" becomes "invalid type: a string, expected u32". For a file a batch request names by
    /// path: batch lines may come from someone who may not read that file, and a file that is
    /// no board (a configuration, a key list) was quoted back to them (issue 36, R05). The file,
    /// the JSON path and what was expected stay.
    pub fn without_values(mut self) -> Self {
        // serde's descriptions of a value found (serde::de::Unexpected) and of a name not known:
        // the words before the quote, the quote's closing mark, and what is said instead.
        const QUOTED: [(&str, &str, &str); 7] = [
            ("string \"", "\"", "a string"),
            ("integer `", "`", "an integer"),
            ("floating point `", "`", "a number"),
            ("boolean `", "`", "a boolean"),
            ("character `", "`", "a character"),
            ("unknown variant `", "`, ", "an unknown variant, "),
            ("unknown field `", "`, ", "an unknown field, "),
        ];
        let mut out = String::with_capacity(self.message.len());
        let mut rest = self.message.as_str();
        'scan: while !rest.is_empty() {
            for (open, close, instead) in QUOTED {
                let Some(after) = rest.strip_prefix(open) else { continue };
                // A string is written escaped (`\"` inside); the others end at their mark.
                let end = if close == "\"" { closing_quote(after) } else { after.find(close) };
                if let Some(end) = end {
                    out.push_str(instead);
                    rest = &after[end + close.len()..];
                    continue 'scan;
                }
            }
            let mut chars = rest.chars();
            out.extend(chars.next());
            rest = chars.as_str();
        }
        self.message = out;
        self
    }
}

/// Where a string written with Rust's escapes (`{:?}`) ends: its first quote not escaped.
fn closing_quote(s: &str) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match c {
            '\\' if !escaped => escaped = true,
            '"' if !escaped => return Some(i),
            _ => escaped = false,
        }
    }
    None
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}: at {}: {}", self.file, self.path, self.message)
        }
    }
}

impl std::error::Error for InputError {}

/// Something legal but probably not what the user meant (an unknown field, an unattached aura,
/// a card name attackopt does not know).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Warning {
    /// The JSON path in the board, such as `permanents[3].name`.
    pub path: String,
    /// What attackopt did with it and why it may not be what was meant.
    pub message: String,
    /// Added field: the same for a person at a table (issue 40): the card or player by name,
    /// what attackopt did, the fix in a judge's terms, no JSON paths. The text answers print
    /// these; `message` and `path` are for whoever writes the board's JSON.
    pub words: String,
}

impl Warning {
    /// A warning whose words for people are its message (see [`Warning::in_words`]);
    /// [`crate::ValidBoard`] names its subject once the board is complete.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Warning {
        let message = message.into();
        Warning { path: path.into(), words: message.clone(), message }
    }

    /// The warning said to a person, without the card's name (the subject is added from the
    /// path) and without JSON: "attackopt does not know this card (did you mean ...)".
    pub fn in_words(mut self, words: impl Into<String>) -> Warning {
        self.words = words.into();
        self
    }
}

/// What an answer assumes because attackopt could not read it from the board (issue 34): a
/// sentence of a card's text it does not understand, a card it does not know, or a fact a text
/// needs that the board does not give. Every answer lists them (`assumptions`), and under
/// `strict` a board with any is answered undecided instead (exit 3): never wrong silently.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Assumption {
    /// What is assumed: `unread_text` (a sentence not understood, assumed to do nothing),
    /// `unknown_card` (a name attackopt does not know, read as a card with no abilities that
    /// matter for attacking), `missing_fact` (a sentence understood, whose effect needs a fact
    /// the board does not give; assumed to do nothing until `needs` is filled).
    pub kind: AssumptionKind,
    /// The JSON path in the board it is about, such as `permanents[3].oracle_text`.
    pub path: String,
    /// The id of the permanent whose card it is.
    pub permanent: String,
    /// The card's name.
    pub card: String,
    /// The sentence assumed away, quoted as written; null for an unknown card.
    pub clause: Option<String>,
    /// The board field that would decide it, such as `players[1].poison`; null when no field
    /// would (the sentence is beyond what attackopt reads).
    pub needs: Option<String>,
}

/// The kinds of [`Assumption`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AssumptionKind {
    /// A sentence of the card's text that attackopt does not understand.
    UnreadText,
    /// A card name attackopt does not know, with no text and no fields that describe it.
    UnknownCard,
    /// A sentence understood whose effect needs a board field the board leaves out.
    MissingFact,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "warning: at {}: {}", self.path, self.message)
    }
}

/// The id among `candidates` closest to `wanted` (edit distance), for "did you mean" hints.
///
/// Suggestions are for typos: ids longer than `HINT_MAX_LEN` get none, and at most
/// `HINT_MAX_WORK` character comparisons are spent, so a hostile input can't make an error
/// message slow.
pub fn nearest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    if wanted.len() > HINT_MAX_LEN {
        return None;
    }
    let wanted_lower = wanted.to_lowercase();
    let mut work = 0usize;
    candidates
        .into_iter()
        .filter(|c| c.len() <= HINT_MAX_LEN)
        .take_while(|c| {
            work += c.len() * wanted.len().max(1);
            work <= HINT_MAX_WORK
        })
        .map(|c| (edit_distance(&wanted_lower, &c.to_lowercase()), c))
        .min_by_key(|(d, c)| (*d, *c))
        .filter(|(d, c)| *d <= c.chars().count().max(wanted.chars().count()).div_ceil(2))
        .map(|(_, c)| c)
}

/// Ids longer than this get no "did you mean" suggestion.
pub const HINT_MAX_LEN: usize = 64;
/// The most character comparisons spent looking for a suggestion.
pub const HINT_MAX_WORK: usize = 4_000_000;

/// The message for an id that names nothing, with a suggestion when one is close.
pub fn unknown_id<'a>(kind: &str, wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    // Quote at most 100 characters of what was found: the message stays readable.
    let shown: String = wanted.chars().take(100).collect();
    let wanted_shown = if shown.len() < wanted.len() { format!("{shown}…") } else { shown };
    let wanted = wanted_shown.as_str();
    match nearest(wanted, candidates) {
        Some(s) => format!("expected the id of {kind}, found \"{wanted}\", which names nothing (did you mean \"{s}\"?)"),
        None => format!("expected the id of {kind}, found \"{wanted}\", which names nothing"),
    }
}

/// Levenshtein distance in characters (the catalog's did-you-mean uses it too, `crate::cards`).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let sub = prev[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            cur[j] = sub.min(prev[j] + 1).min(cur[j - 1] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 36, R05: serde's quotes of a file's values are dropped, what was expected stays.
    #[test]
    fn without_values_drops_what_serde_quotes() {
        let cases = [
            ("invalid type: string \"s3cr3t-t0ken\", expected u32 at line 1 column 30", "invalid type: a string, expected u32 at line 1 column 30"),
            ("invalid type: string \"a \\\" b`, expected\", expected a map", "invalid type: a string, expected a map"),
            ("invalid value: integer `-7`, expected u32", "invalid value: an integer, expected u32"),
            ("invalid type: floating point `1.5`, expected i64", "invalid type: a number, expected i64"),
            ("invalid type: boolean `true`, expected a string", "invalid type: a boolean, expected a string"),
            ("unknown variant `AKIA-KEY`, expected one of `paid`, `free`", "an unknown variant, expected one of `paid`, `free`"),
            ("missing field `name`", "missing field `name`"),
            ("invalid length 3, expected a sequence of 2", "invalid length 3, expected a sequence of 2"),
        ];
        for (message, expected) in cases {
            assert_eq!(InputError::new("f.json", "[0]", message).without_values().message, expected, "{message}");
        }
    }

    #[test]
    fn nearest_suggests_close_ids_only() {
        assert_eq!(nearest("beras", ["bears", "elf", "forest"]), Some("bears"));
        assert_eq!(nearest("zzzzzz", ["bears", "elf"]), None);
    }
}
