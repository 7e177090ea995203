//! Size limits checked on the JSON text, before anything is built from it.
//!
//! serde builds every list before validation can count it, and a list of tiny strings costs
//! about 14 times its text in memory: a 110 MB file of 2,000,000 permanents took 1 GB before
//! the "at most 100000 permanents" refusal. So the text is scanned first, in one pass and
//! constant memory (one frame per open bracket, at most [`MAX_DEPTH`]), counting the values
//! of the whole document and the elements of the limited lists; past a limit the input is
//! refused (exit 2) before serde allocates anything. Issue 6: "boards past documented sizes get
//! exit 2 with a message, never memory exhaustion".
//!
//! The scan is not a parser: on text that is not JSON it counts what it can and lets serde_json
//! report the syntax error with its position.

use super::error::InputError;
use super::validate::{MAX_EFFECTS, MAX_PERMANENTS, MAX_PLAYERS};

/// The largest input read, in bytes (256 MiB): a board at every other limit fits in a tenth.
pub const MAX_INPUT_BYTES: usize = 256 << 20;

/// The most JSON values (objects, lists, strings, numbers, literals, counted each) in one
/// document: 80 per permanent at the largest board. The measured peak memory of a board at
/// this limit is in docs/guarantees.md.
pub const MAX_VALUES: usize = 8_000_000;

/// serde_json refuses documents nested deeper than 128; the scan stops counting there and
/// leaves the refusal (with its path) to serde_json.
pub const MAX_DEPTH: usize = 128;

/// A list of the root object with its own limit, such as `permanents`.
#[derive(Debug, Clone, Copy)]
pub struct ListLimit {
    /// The list's key in the root object.
    pub key: &'static str,
    /// The most elements it may have.
    pub max: usize,
    /// Its elements, plural, for the message: "expected at most 64 players".
    pub what: &'static str,
}

/// The lists of a board (docs/format.md "Board") with their limits.
pub const BOARD_LISTS: [ListLimit; 3] = [
    ListLimit { key: "players", max: MAX_PLAYERS, what: "players" },
    ListLimit { key: "permanents", max: MAX_PERMANENTS, what: "permanents" },
    ListLimit { key: "effects", max: MAX_EFFECTS, what: "effects" },
];

/// The lists of a declaration: an attack per creature at most.
pub const DECLARATION_LISTS: [ListLimit; 1] = [ListLimit { key: "attacks", max: MAX_PERMANENTS, what: "attacks" }];

/// The list of a declaration of blockers (docs/blocks.md): one block per pair, so a creature
/// may appear more than once, but never more pairs than the most creatures of a board.
pub const BLOCK_DECLARATION_LISTS: [ListLimit; 1] = [ListLimit { key: "blocks", max: MAX_PERMANENTS, what: "blocks" }];

/// One open bracket.
#[derive(Clone, Copy)]
struct Frame {
    object: bool,
    /// Which of the limited lists this is, if any.
    list: Option<usize>,
}

/// Refuse `text` if it is longer than [`MAX_INPUT_BYTES`], has more than [`MAX_VALUES`] values,
/// or one of `lists` (keys of the root object) has more elements than its limit.
pub fn check_size(text: &str, file: &str, lists: &[ListLimit]) -> Result<(), InputError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(too_long(file));
    }
    let b = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut counts = vec![0usize; lists.len()];
    let mut values = 0usize;
    // The last key read directly in the root object.
    let mut root_key: &[u8] = b"";
    let mut i = 0;
    // Count a value in the innermost open container.
    let count = |stack: &[Frame], counts: &mut [usize], values: &mut usize| {
        *values += 1;
        if let Some(k) = stack.last().and_then(|f| f.list) {
            counts[k] += 1;
        }
    };
    while i < b.len() {
        match b[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    // Skip the escaped character (an escaped quote does not end the string).
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                let s = &b[start..i.min(b.len())];
                i += 1;
                let mut j = i;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j < b.len() && b[j] == b':' {
                    // A key, not a value.
                    if stack.len() == 1 && stack[0].object {
                        root_key = s;
                    }
                    i = j + 1;
                } else {
                    count(&stack, &mut counts, &mut values);
                }
                continue;
            }
            c @ (b'{' | b'[') => {
                count(&stack, &mut counts, &mut values);
                if stack.len() >= MAX_DEPTH {
                    break;
                }
                let object = c == b'{';
                let at_root = stack.len() == 1 && stack[0].object;
                let list = if !object && at_root { lists.iter().position(|l| l.key.as_bytes() == root_key) } else { None };
                stack.push(Frame { object, list });
            }
            b'}' | b']' => {
                stack.pop();
            }
            b',' | b':' | b' ' | b'\t' | b'\n' | b'\r' => {}
            _ => {
                // A number or literal: up to the next delimiter.
                count(&stack, &mut counts, &mut values);
                while i < b.len() && !matches!(b[i], b',' | b']' | b'}' | b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'[' | b'{') {
                    i += 1;
                }
                continue;
            }
        }
        i += 1;
    }
    for (l, &n) in lists.iter().zip(&counts) {
        if n > l.max {
            return Err(InputError::new(file, l.key, format!("expected at most {} {}, found {n}", l.max, l.what)));
        }
    }
    if values > MAX_VALUES {
        return Err(InputError::new(
            file,
            "",
            format!("expected at most {MAX_VALUES} JSON values (objects, lists, strings, numbers) in one document, found {values}"),
        ));
    }
    Ok(())
}

/// The error for input past [`MAX_INPUT_BYTES`].
pub fn too_long(file: &str) -> InputError {
    larger_than(file, MAX_INPUT_BYTES)
}

/// The error for input past `limit` bytes (a card source's limits are the board's).
pub fn larger_than(file: &str, limit: usize) -> InputError {
    InputError::new(file, "", format!("expected at most {limit} bytes ({} MiB) of input, found more", limit >> 20))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan(text: &str) -> Result<(), String> {
        check_size(text, "t.json", &BOARD_LISTS).map_err(|e| e.to_string())
    }

    #[test]
    fn counts_only_direct_elements_of_root_lists() {
        let many = |n: usize| vec!["{\"id\": \"x\", \"types\": [\"a\", \"b\"]}"; n].join(",");
        assert!(scan(&format!("{{\"players\": [{}]}}", many(64))).is_ok());
        let e = scan(&format!("{{\"players\": [{}]}}", many(65))).unwrap_err();
        assert!(e.contains("at players: expected at most 64 players, found 65"), "{e}");
        // A nested list named like a root list is not limited.
        assert!(scan(&format!("{{\"x\": {{\"players\": [{}]}}}}", many(65))).is_ok());
        // Keys inside strings and escaped quotes do not confuse the count.
        assert!(scan(&format!("{{\"a\": \"\\\"players\\\": [\", \"players\": [{}]}}", many(64))).is_ok());
    }

    #[test]
    fn counts_every_value() {
        let text = format!("{{\"x\": [{}]}}", vec!["1"; MAX_VALUES].join(","));
        let e = scan(&text).unwrap_err();
        assert!(e.contains(&format!("found {}", MAX_VALUES + 2)), "{e}");
        let text = format!("{{\"x\": [{}]}}", vec!["true"; MAX_VALUES - 2].join(","));
        assert!(scan(&text).is_ok());
    }

    #[test]
    fn not_json_is_left_to_serde() {
        for text in ["", "{", "]]]", "{\"players\": [1, 2", "\"unterminated", "\\", "{\"a\" 1 2 3}"] {
            assert!(scan(text).is_ok(), "{text}");
        }
        assert!(scan(&"[".repeat(100_000)).is_ok());
    }
}
