//! Reading boards and declarations from files or standard input.

use super::error::{InputError, Warning};
use super::size::{check_size, too_long, BOARD_LISTS, DECLARATION_LISTS, MAX_INPUT_BYTES};
use super::strict::Strict;
use super::validate::{validate_board, ValidBoard};
use super::{Board, Declaration};
use serde::de::DeserializeOwned;
use std::io::Read;

/// Read a whole file, or standard input for `-`: at most [`MAX_INPUT_BYTES`].
pub fn read_source(file: &str) -> Result<String, InputError> {
    let mut text = String::new();
    // One byte more than the limit tells a file at the limit from a longer one.
    let cap = MAX_INPUT_BYTES as u64 + 1;
    let result = if file == "-" {
        std::io::stdin().lock().take(cap).read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::File::open(file).and_then(|f| f.take(cap).read_to_string(&mut text)).map(|_| ())
    };
    result.map_err(|e| InputError::new(file, "", format!("cannot read the file: {e}")))?;
    if text.len() > MAX_INPUT_BYTES {
        return Err(too_long(file));
    }
    Ok(text)
}

/// Refuse, before opening it, a path that is not a regular file or is past the input limit: a
/// batch line naming a FIFO hung the whole batch (issue 11, F17), and one naming /dev/zero read
/// 256 MiB on each thread before it was refused (F12).
pub fn check_regular_file(file: &str) -> Result<(), InputError> {
    let meta = std::fs::metadata(file).map_err(|e| InputError::new(file, "", format!("cannot read the file: {e}")))?;
    if !meta.is_file() {
        return Err(InputError::new(file, "", "expected a regular file (a batch reads no FIFO, device or directory)"));
    }
    if meta.len() > MAX_INPUT_BYTES as u64 {
        return Err(too_long(file));
    }
    Ok(())
}

/// Parse JSON into `T`, naming the JSON path of any error and collecting unknown fields as
/// warnings (they are ignored, but a typo such as `goaded_bye` should not pass silently).
pub(crate) fn parse_json<T: DeserializeOwned>(text: &str, file: &str) -> Result<(T, Vec<Warning>), InputError> {
    let mut warnings = Vec::new();
    let mut json = serde_json::Deserializer::from_str(text);
    let mut note = |path: serde_ignored::Path| warnings.push(Warning { path: json_path(&path), message: "unknown field, ignored".into() });
    // Strict: every struct, at any depth, from an object only (issue 11, F19).
    let result: Result<T, _> = serde_path_to_error::deserialize(serde_ignored::Deserializer::new(Strict(&mut json), &mut note));
    let value = result.map_err(|e| {
        let path = e.path().to_string();
        // serde_path_to_error writes "." for the root and "?" for a key it never read (syntax
        // errors inside an object): keep only the real part of the path.
        let path = path.trim_end_matches('?').trim_end_matches('.').to_string();
        let path = if path == "." { String::new() } else { path };
        InputError::new(file, path, describe_serde_error(&e.into_inner()))
    })?;
    json.end().map_err(|e| InputError::new(file, "", format!("unexpected text after the JSON document: {e}")))?;
    Ok((value, warnings))
}

/// A serde_ignored path in the syntax of our error paths: `permanents[0].goaded_bye`.
pub fn json_path(p: &serde_ignored::Path) -> String {
    use serde_ignored::Path;
    match p {
        Path::Root => String::new(),
        Path::Seq { parent, index } => format!("{}[{index}]", json_path(parent)),
        Path::Map { parent, key } => {
            let head = json_path(parent);
            if head.is_empty() {
                key.clone()
            } else {
                format!("{head}.{key}")
            }
        }
        Path::Some { parent } | Path::NewtypeStruct { parent } | Path::NewtypeVariant { parent } => json_path(parent),
    }
}

fn describe_serde_error(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    match e.classify() {
        Category::Syntax | Category::Eof => format!("not valid JSON: {e}"),
        Category::Io => format!("cannot read: {e}"),
        Category::Data => e.to_string(),
    }
}

/// Parse and validate a board (docs/format.md "Board").
pub fn parse_board(text: &str, file: &str) -> Result<ValidBoard, InputError> {
    check_size(text, file, &BOARD_LISTS)?;
    let (board, warnings): (Board, _) = parse_json(text, file)?;
    validate_board(board, file, warnings)
}

/// Validate a board built in Rust (no JSON): the same checks as [`parse_board`], errors naming
/// `file` and the JSON path the field would have.
pub fn validate_typed(board: Board, file: &str) -> Result<ValidBoard, InputError> {
    validate_board(board, file, Vec::new())
}

/// Read, parse and validate a board file (`-` for standard input).
pub fn load_board(file: &str) -> Result<ValidBoard, InputError> {
    parse_board(&read_source(file)?, file)
}

/// Parse a declaration; ids are checked against a board later ([`ValidBoard::check_declaration_ids`]).
pub fn parse_declaration(text: &str, file: &str) -> Result<(Declaration, Vec<Warning>), InputError> {
    check_size(text, file, &DECLARATION_LISTS)?;
    parse_json(text, file)
}

/// Read and parse a declaration file (`-` for standard input).
pub fn load_declaration(file: &str) -> Result<(Declaration, Vec<Warning>), InputError> {
    parse_declaration(&read_source(file)?, file)
}
