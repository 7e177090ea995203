//! Reading boards and declarations from files or standard input.

use super::error::{InputError, Warning};
use super::size::{check_size, larger_than, too_long, BOARD_LISTS, DECLARATION_LISTS, MAX_INPUT_BYTES};
use super::strict::Strict;
use super::validate::{validate_board, ValidBoard};
use super::{BlockDeclaration, Board, Declaration};
use serde::de::DeserializeOwned;
use std::fs::Metadata;
use std::io::Read;
use std::path::Path;

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
    regular_file(Path::new(file), file, MAX_INPUT_BYTES, "a batch reads no FIFO, device or directory").map(|_| ())
}

/// The metadata of `path` (named `file` in messages) if it is a regular file of at most `limit`
/// bytes, read before it is opened (opening a FIFO waits for a writer); `why` says who refuses
/// other kinds of file. Shared by batch's boards and every card source (issue 36, R03).
pub(crate) fn regular_file(path: &Path, file: &str, limit: usize, why: &str) -> Result<Metadata, InputError> {
    let meta = std::fs::metadata(path).map_err(|e| InputError::new(file, "", format!("cannot read the file: {e}")))?;
    if !meta.is_file() {
        return Err(InputError::new(file, "", format!("expected a regular file ({why})")));
    }
    if meta.len() > limit as u64 {
        return Err(larger_than(file, limit));
    }
    Ok(meta)
}

/// The bytes of the regular file at `path` ([`regular_file`]), at most `limit` of them: the
/// file is checked again once open (it may have been replaced in between) and read no further
/// than one byte past the limit, so a file that grows, or a size the metadata misstates (files
/// of /proc), costs no more than the limit.
pub(crate) fn read_regular_file(path: &Path, file: &str, limit: usize, why: &str) -> Result<Vec<u8>, InputError> {
    let meta = regular_file(path, file, limit, why)?;
    let cannot = |e: std::io::Error| InputError::new(file, "", format!("cannot read the file: {e}"));
    let f = std::fs::File::open(path).map_err(cannot)?;
    if !f.metadata().map_err(cannot)?.is_file() {
        return Err(InputError::new(file, "", format!("expected a regular file ({why})")));
    }
    // Room for the size the file had: read without doubling its buffer (and its memory).
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(limit).min(limit));
    f.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() > limit {
        return Err(larger_than(file, limit));
    }
    Ok(bytes)
}

/// Parse JSON into `T`, naming the JSON path of any error and collecting unknown fields as
/// warnings (they are ignored, but a typo such as `goaded_bye` should not pass silently).
pub(crate) fn parse_json<T: DeserializeOwned>(text: &str, file: &str) -> Result<(T, Vec<Warning>), InputError> {
    let mut warnings = Vec::new();
    let mut json = serde_json::Deserializer::from_str(text);
    let mut note = |path: serde_ignored::Path| {
        let path = json_path(&path);
        let field = path.rsplit(['.', '[']).next().unwrap_or_default().to_string();
        warnings.push(
            Warning::new(path, "unknown field, ignored")
                .in_words(format!("\"{field}\" is not something attackopt reads, so it was ignored (misspelled?)")),
        );
    };
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

/// Parse a declaration written in one line of text, as a judge types it (issue 40): attacks
/// `CREATURE=TARGET` separated by commas or spaces (`jugg=B, drake=pwC`), or `none` for no
/// attack. The ids are checked against a board later, as the JSON form's
/// ([`ValidBoard::check_declaration_ids`]); errors name `source` (such as `--attack`) and the
/// attack's place, `attacks[1]`.
pub fn parse_declaration_text(text: &str, source: &str) -> Result<Declaration, InputError> {
    const FORM: &str = "CREATURE=TARGET (a creature's id, then the id of the player, planeswalker or battle it attacks: jugg=B)";
    let attacks = pairs_from_line(text, source, "attacks", FORM)?.into_iter().map(|(creature, target)| super::Attack { creature, target }).collect();
    Ok(Declaration { attacks, payment: None })
}

/// Parse blocks typed on one line, as a judge writes them: `wall=jugg, wall=drake` (each
/// BLOCKER=ATTACKER by ids; a creature blocking two attackers is written twice), or `none` for
/// no block. The `--block` option and batch's `"blocks"` string read this (docs/blocks.md).
pub fn parse_block_declaration_text(text: &str, source: &str) -> Result<BlockDeclaration, InputError> {
    const FORM: &str = "BLOCKER=ATTACKER (a blocking creature's id, then the id of the attacking creature it blocks: wall=jugg)";
    let blocks = pairs_from_line(text, source, "blocks", FORM)?.into_iter().map(|(blocker, attacker)| super::Block { blocker, attacker }).collect();
    Ok(BlockDeclaration { blocks, payment: None })
}

/// The `A=B` pairs of a one-line declaration (separated by commas or spaces), or none for
/// `none`; errors name `list[i]` and the `form` expected.
fn pairs_from_line(text: &str, source: &str, list: &str, form: &str) -> Result<Vec<(String, String)>, InputError> {
    let words: Vec<&str> = text.split([',', ' ', '\t', '\n']).filter(|w| !w.is_empty()).collect();
    if words.len() == 1 && words[0].eq_ignore_ascii_case("none") {
        return Ok(vec![]);
    }
    if words.len() > super::MAX_PERMANENTS {
        return Err(InputError::new(source, list, format!("expected at most {} {list}, found {}", super::MAX_PERMANENTS, words.len())));
    }
    let mut pairs = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        match w.split_once('=') {
            Some((a, b)) if !a.is_empty() && !b.is_empty() && !b.contains('=') => pairs.push((a.to_string(), b.to_string())),
            _ => {
                let shown: String = w.chars().take(100).collect();
                return Err(InputError::new(source, format!("{list}[{i}]"), format!("expected {form}, or none, found \"{shown}\"")));
            }
        }
    }
    if words.is_empty() {
        let one = list.strip_suffix('s').unwrap_or(list);
        return Err(InputError::new(source, list, format!("expected {form}, or none for no {one}, found nothing")));
    }
    Ok(pairs)
}

/// Read and parse a declaration file (`-` for standard input).
pub fn load_declaration(file: &str) -> Result<(Declaration, Vec<Warning>), InputError> {
    parse_declaration(&read_source(file)?, file)
}

/// A declaration of attackers or of blockers, as its top-level key says (docs/blocks.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyDeclaration {
    /// `{"attacks": [...]}`.
    Attacks(Declaration),
    /// `{"blocks": [...]}`.
    Blocks(BlockDeclaration),
    /// Neither key (`{}`, or a `payment` alone; its `attacks` are empty): the empty declaration
    /// of the kind the board asks for, no attack or, on a board with `combat`, no block
    /// (docs/blocks.md "Input"). [`crate::Request::check`] reads it so.
    Neither(Declaration),
}

/// Parse a declaration of either kind: one with a top-level `blocks` is a declaration of
/// blockers, one with `attacks` of attackers, one with neither the empty declaration of either
/// kind ([`AnyDeclaration::Neither`]). Which kind a board asks for is checked against the
/// board later (a board with `combat` asks for blocks).
pub fn parse_any_declaration(text: &str, file: &str) -> Result<(AnyDeclaration, Vec<Warning>), InputError> {
    check_size(text, file, &DECLARATION_LISTS)?;
    check_size(text, file, &super::size::BLOCK_DECLARATION_LISTS)?;
    // Only the top-level keys are looked at here; a document that is not an object is left to
    // the typed reader below, whose message names what it found.
    let keys: Option<serde_json::Map<String, serde_json::Value>> = serde_json::from_str(text).ok();
    let has = |k: &str| keys.as_ref().is_some_and(|m| m.contains_key(k));
    if has("blocks") {
        if has("attacks") {
            return Err(InputError::new(
                file,
                "attacks",
                "expected a declaration of attackers or of blockers, not both: found both \"attacks\" and \"blocks\"",
            ));
        }
        let (d, w) = parse_json(text, file)?;
        return Ok((AnyDeclaration::Blocks(d), w));
    }
    let (d, w) = parse_json(text, file)?;
    // A document that is no object is refused by the typed reader above, so `keys` is read.
    Ok((if has("attacks") { AnyDeclaration::Attacks(d) } else { AnyDeclaration::Neither(d) }, w))
}

/// Read and parse a declaration of either kind (`-` for standard input).
pub fn load_any_declaration(file: &str) -> Result<(AnyDeclaration, Vec<Warning>), InputError> {
    parse_any_declaration(&read_source(file)?, file)
}
