//! Batch requests (docs/format.md "Batch"): one JSON Lines request answered as one line, the
//! same for `attackopt batch` (which adds reading, ordering and all cores, in the binary) and
//! the Python binding's `batch`, so both print byte-identical answers.
//!
//! A request is one JSON object on one line:
//!
//! ```json
//! {"id": 7, "command": "check", "board": "models/paid-vs-free.json",
//!  "declaration": {"attacks": [{"creature": "serpent", "target": "B"}]},
//!  "options": {"baseline": "paid", "time_limit": 10, "method": "ilp"}}
//! ```
//!
//! - `command`: `check`, `solve`, `enumerate`, `maximum` or `validate`;
//! - `board`: a board object, or the path of a board file (relative to the current directory);
//! - `declaration` (check): a declaration object or a path; `objective` (solve, default `power`,
//!   `prevented` on a board with `combat`);
//!   `limit` (enumerate, default 100); `detail` (enumerate: `full`, the default, or `summary`);
//! - `options`: `baseline` (`paid`/`free`), `time_limit` (seconds >= 0, default 10; null for none),
//!   `method` (`ilp`/`exhaustive`), `strict` (true: a board with assumptions is answered
//!   undecided, exit 3), `cards` (the path of a card source for this request's board,
//!   instead of `attackopt batch --cards`; each source indexed once per batch); all optional;
//! - `id`: anything, echoed in the answer.
//!
//! Each answer is one line: `{"id", "line", "command", "exit", "result", "warnings"?}` where
//! `result` is what the command prints with `--format json` and `exit` the status the command
//! line would give (0, 1 for an illegal check, 3 for a time limit), or
//! `{"id", "line", "error": {"code", "message", "path"}}` for a request that could not be
//! answered (code 2 for bad input; the message starts with `FILE:LINE:`, `path` is the error's
//! JSON path, null when it has none). Blank lines are skipped. A bad line never stops the batch.
//!
//! Batch input is trusted as a command line is (docs/interfaces.md "Batch", issue 36, R05): a request may
//! name any path the process can read. A file it names is not quoted in its error
//! ([`InputError::without_values`]): one that is no board does not hand its values back.

use super::cards::{position_with_cards, CardSources};
use super::request::{default_objective, Detail, JsonOptions, Request, DEFAULT_LIMIT};
use super::{Error, ErrorBody, Exit, Undecided};
use crate::board::size::check_size;
use crate::board::{
    check_regular_file, kind_of, load_board, parse_any_declaration, parse_block_declaration_text, parse_board, parse_declaration_text, read_source,
    AnyDeclaration, InputError, Warning,
};
use crate::position::Position;
use crate::solve::Objective;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use web_time::Instant;

/// What one request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum BatchCommand {
    Check,
    Solve,
    Enumerate,
    Maximum,
    Validate,
}

impl BatchCommand {
    fn name(self) -> &'static str {
        match self {
            BatchCommand::Check => "check",
            BatchCommand::Solve => "solve",
            BatchCommand::Enumerate => "enumerate",
            BatchCommand::Maximum => "maximum",
            BatchCommand::Validate => "validate",
        }
    }
}

/// One request line.
#[derive(Debug, Clone, Deserialize)]
struct RequestLine {
    command: BatchCommand,
    board: Value,
    #[serde(default)]
    declaration: Option<Value>,
    /// check: the attacks in one line, `"jugg=B, drake=pwC"` (issue 40), in place of
    /// `declaration`.
    #[serde(default)]
    attacks: Option<String>,
    /// check on a board with combat: the blocks in one line, `"wall=jugg, wall=drake"`
    /// (docs/blocks.md), in place of `declaration`.
    #[serde(default)]
    blocks: Option<String>,
    #[serde(default)]
    objective: Option<String>,
    #[serde(default)]
    limit: Option<usize>,
    /// enumerate: `full` (default here, as on the command line) or `summary`.
    #[serde(default)]
    detail: Option<Detail>,
    #[serde(default)]
    options: JsonOptions,
    // Declared so that it is no unknown field; the answer echoes it as read, before parsing.
    #[serde(default)]
    #[allow(dead_code)]
    id: Value,
}

/// A request that could not be answered.
#[derive(Debug, Clone)]
struct LineError {
    code: Exit,
    message: String,
    /// The JSON path the error has (in the document its message names), as the command line's
    /// `--format json` error carries it; None when it has none.
    path: Option<String>,
}

impl LineError {
    /// Bad input (exit 2) with no JSON path.
    fn bad_input(message: impl Into<String>) -> Self {
        LineError { code: Exit::BadInput, message: message.into(), path: None }
    }

    /// Bad input (exit 2) at `path` in the request line (`objective`, `options.time_limit`).
    fn at(here: &str, path: &str, message: impl std::fmt::Display) -> Self {
        LineError { code: Exit::BadInput, message: format!("{here}: at {path}: {message}"), path: Some(path.to_string()) }
    }

    /// The same error, its message after `prefix` (`FILE:LINE: declaration: ...`).
    fn after(mut self, prefix: &str) -> Self {
        self.message = format!("{prefix}: {}", self.message);
        self
    }
}

impl From<InputError> for LineError {
    fn from(e: InputError) -> Self {
        let path = Some(e.path.clone()).filter(|p| !p.is_empty());
        LineError { path, ..LineError::bad_input(e.to_string()) }
    }
}

impl From<Error> for LineError {
    fn from(e: Error) -> Self {
        LineError { code: e.exit(), message: e.to_string(), path: e.path().map(str::to_string) }
    }
}

/// A board file read (or why it could not be), shared by the requests naming it.
type Loaded = Arc<Result<Position, InputError>>;

/// Boards read from files, shared by the requests that name the same path with the same card
/// source (one cache per batch: a file changed between two batches is read again), and the
/// batch's card sources (`--cards`, and those requests name in `options.cards`, each indexed
/// once for the batch's life).
#[derive(Default)]
pub struct BoardCache {
    boards: Mutex<HashMap<(Option<String>, String), Loaded>>,
    cards: CardSources,
}

impl BoardCache {
    /// A cache whose requests read their boards' cards from these sources (`--cards` is the
    /// default source).
    pub fn with_cards(cards: CardSources) -> BoardCache {
        BoardCache { boards: Mutex::default(), cards }
    }

    /// The board file at `path`, its cards filled from `cards` (a request's own source) or the
    /// batch's default source.
    fn get(&self, path: &str, cards: Option<&str>) -> Loaded {
        let key = (cards.map(str::to_string), path.to_string());
        if let Some(hit) = self.boards.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return hit;
        }
        let loaded = Arc::new(
            check_regular_file(path)
                .and_then(|()| load_board(path))
                .map_err(InputError::without_values)
                .and_then(|vb| Ok((vb, self.cards.get(cards)?)))
                .and_then(|(vb, source)| position_with_cards(vb, source.as_deref())),
        );
        if let Ok(mut m) = self.boards.lock() {
            m.insert(key, loaded.clone());
        }
        loaded
    }
}

/// Where a line comes from, for messages: `requests.jsonl:3`, `<stdin>:3` for `-`.
pub fn line_name(source: &str, line: usize) -> String {
    let source = if source == "-" { "<stdin>" } else { source };
    format!("{source}:{line}")
}

/// Answer one line (already known not to be blank): the answer line, and whether it is an
/// error line. Never panics on any input.
pub fn answer_line(text: &str, source: &str, line: usize, cache: &BoardCache) -> (String, bool) {
    let here = line_name(source, line);
    // The size limits of a board file hold for a line too, before it is parsed (issue 6).
    if let Err(e) = check_size(text, &here, &[]) {
        return (error_answer(&Value::Null, line, &e.into()), true);
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return (error_answer(&Value::Null, line, &LineError::bad_input(format!("{here}: not valid JSON: {e}"))), true),
    };
    let id = value.get("id").cloned().unwrap_or(Value::Null);
    match answer(value, &here, cache) {
        Ok((command, exit, result, warnings)) => {
            // Written by hand so that fields keep their order: id first, result as the command
            // prints it.
            let mut out = format!("{{\"id\":{id},\"line\":{line},\"command\":\"{}\",\"exit\":{},\"result\":{result}", command.name(), exit.code());
            if !warnings.is_empty() {
                out.push_str(&format!(",\"warnings\":{}", json!(warnings)));
            }
            out.push('}');
            (out, false)
        }
        Err(e) => (error_answer(&id, line, &e), true),
    }
}

/// Answer JSON Lines in order on the calling thread, as `attackopt batch` answers them: `text`
/// split at each `\n`, the first line numbered `first_line` (a part of a larger file keeps its
/// line numbers, so its answers are those of the whole file), blank lines skipped but counted,
/// board files read once per call. `attackopt batch` spreads the same lines over all cores;
/// a caller who wants more (a cluster) calls this on parts of the input.
pub fn answer_lines(text: &str, source: &str, first_line: usize) -> Vec<String> {
    answer_lines_with(text, source, first_line, &BoardCache::default())
}

/// [`answer_lines`] with a cache made by the caller: its card sources (`--cards`) are the
/// default of every request (the Python binding's `batch(..., cards=...)`).
pub fn answer_lines_with(text: &str, source: &str, first_line: usize, cache: &BoardCache) -> Vec<String> {
    // A text ending in a newline has no line after it (as reading the file line by line).
    let text = text.strip_suffix('\n').unwrap_or(text);
    text.split('\n')
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| answer_line(line, source, first_line.saturating_add(i), cache).0)
        .collect()
}

/// An error answer line: `{"id", "line", "error": {"code", "message", "path": null}}`.
pub fn error_line(id: &Value, line: usize, code: Exit, message: &str) -> String {
    error_line_at(id, line, code, message, None)
}

/// An error answer line with the JSON path its error has: `{"id", "line", "error": {"code",
/// "message", "path"}}` (docs/format.md "Errors": null only when the error has no path).
pub fn error_line_at(id: &Value, line: usize, code: Exit, message: &str, path: Option<&str>) -> String {
    let body = ErrorBody { code: code.code(), message: message.to_string(), path: path.map(str::to_string) };
    format!("{{\"id\":{id},\"line\":{line},\"error\":{}}}", json!(body))
}

fn error_answer(id: &Value, line: usize, e: &LineError) -> String {
    error_line_at(id, line, e.code, &e.message, e.path.as_deref())
}

/// The request, with its JSON path on error and unknown fields as warnings.
fn parse_request(value: Value, here: &str) -> Result<(RequestLine, Vec<String>), LineError> {
    // Any other JSON value is not a request; say what one looks like.
    if !value.is_object() {
        return Err(LineError::bad_input(format!("{here}: expected a request {{\"command\", \"board\", ...}}, found {}", kind_of(&value))));
    }
    let mut unknown = Vec::new();
    let mut note = |p: serde_ignored::Path| unknown.push(format!("at {}: unknown request field, ignored", crate::board::json_path(&p)));
    // Strict: options written as a list are refused too (F19).
    let req: Result<RequestLine, _> = serde_path_to_error::deserialize(serde_ignored::Deserializer::new(crate::board::Strict(value), &mut note));
    let req = req.map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner().to_string();
        if path == "." || path.is_empty() {
            LineError::bad_input(format!("{here}: expected a request {{\"command\", \"board\", ...}}: {inner}"))
        } else {
            LineError::at(here, &path, inner)
        }
    })?;
    Ok((req, unknown))
}

type Answer = (BatchCommand, Exit, String, Vec<String>);

fn to_value<T: serde::Serialize>(v: &T) -> Result<String, LineError> {
    serde_json::to_string(v).map_err(|e| LineError { code: Exit::Internal, message: format!("internal error: {e}"), path: None })
}

fn answer(value: Value, here: &str, cache: &BoardCache) -> Result<Answer, LineError> {
    // The time limit covers the whole request, reading the board included.
    let started = Instant::now();
    let (req, mut warnings) = parse_request(value, here)?;
    let command = req.command;
    let options = req.options.options(started).map_err(|e| LineError::at(here, &format!("options.{}", e.option), e.message))?;
    let unused = |field: &str, present: bool, warnings: &mut Vec<String>| {
        if present {
            warnings.push(format!("at {field}: ignored by {}", command.name()));
        }
    };
    unused("declaration", req.declaration.is_some() && command != BatchCommand::Check, &mut warnings);
    unused("attacks", req.attacks.is_some() && command != BatchCommand::Check, &mut warnings);
    unused("blocks", req.blocks.is_some() && command != BatchCommand::Check, &mut warnings);
    unused("objective", req.objective.is_some() && command != BatchCommand::Solve, &mut warnings);
    unused("limit", req.limit.is_some() && command != BatchCommand::Enumerate, &mut warnings);
    unused("detail", req.detail.is_some() && command != BatchCommand::Enumerate, &mut warnings);

    // The board: inline, or a file read once per batch.
    let cached;
    let inline;
    // The request's card source (or the batch's), indexed once per batch: an unreadable one
    // is this request's error, named by its path in the request.
    let cards = req.options.cards.as_deref();
    let source = cache.cards.get(cards).map_err(|e| LineError::at(here, "options.cards", e.without_values()))?;
    let pos: &Position = match &req.board {
        Value::String(path) => {
            cached = cache.get(path, cards);
            match cached.as_ref() {
                Ok(p) => p,
                Err(e) => return Err(LineError::from(e.clone()).after(&format!("{here}: board"))),
            }
        }
        Value::Object(_) => {
            // Named `FILE:LINE: board`, so that its errors start with `FILE:LINE:` as every
            // error line's message does (docs/format.md "Batch requests").
            let name = format!("{here}: board");
            let vb = parse_board(&req.board.to_string(), &name).map_err(InputError::without_text_position)?;
            inline = position_with_cards(vb, source.as_deref()).map_err(InputError::without_text_position)?;
            &inline
        }
        other => {
            let found = kind_of(other);
            return Err(LineError::at(here, "board", format!("expected a board object or the path of a board file, found {found}")));
        }
    };
    warnings.extend(pos.board.warnings.iter().map(|w: &Warning| format!("board: {w}")));

    let mut compute = || -> Result<(Exit, String), LineError> {
        let request = match command {
            BatchCommand::Check if req.attacks.is_some() && req.declaration.is_none() && req.blocks.is_none() => {
                let name = format!("{here}: attacks");
                let decl = parse_declaration_text(req.attacks.as_deref().unwrap_or_default(), &name)?;
                Request::check(&pos.board, AnyDeclaration::Attacks(decl), &name)?
            }
            BatchCommand::Check if req.blocks.is_some() && req.declaration.is_none() && req.attacks.is_none() => {
                let name = format!("{here}: blocks");
                let decl = parse_block_declaration_text(req.blocks.as_deref().unwrap_or_default(), &name)?;
                Request::check(&pos.board, AnyDeclaration::Blocks(decl), &name)?
            }
            BatchCommand::Check => {
                let given: Vec<&str> =
                    [("declaration", req.declaration.is_some()), ("attacks", req.attacks.is_some()), ("blocks", req.blocks.is_some())]
                        .iter()
                        .filter(|f| f.1)
                        .map(|f| f.0)
                        .collect();
                if given.len() > 1 {
                    let found = given.join(" and ");
                    return Err(LineError::at(here, given[1], format!("expected one of declaration, attacks or blocks, found {found}")));
                }
                // A file's errors name the file, after `FILE:LINE: declaration` (as the board
                // file's); the request's own declaration is named `FILE:LINE: declaration`.
                let in_file = |e: InputError| LineError::from(e).after(&format!("{here}: declaration"));
                let (text, name) = match &req.declaration {
                    Some(Value::String(path)) => (check_regular_file(path).and_then(|()| read_source(path)).map_err(in_file)?, path.clone()),
                    Some(d @ Value::Object(_)) => (d.to_string(), format!("{here}: declaration")),
                    Some(_) | None => {
                        return Err(LineError::at(
                            here,
                            "declaration",
                            "expected a declaration object or the path of a declaration file: check needs one",
                        ))
                    }
                };
                // A file's values are not quoted back (R05, as the board's); the request's own are.
                let named_by_path = matches!(req.declaration, Some(Value::String(_)));
                let parsed = parse_any_declaration(&text, &name)
                    .map_err(InputError::without_text_position)
                    .and_then(|(decl, dw)| Ok((Request::check(&pos.board, decl, &name)?, dw)));
                let (request, dw) = match parsed {
                    Ok(read) => read,
                    Err(e) if named_by_path => return Err(in_file(e.without_values())),
                    Err(e) => return Err(e.into()),
                };
                warnings.extend(dw.iter().map(|w| format!("declaration: {w}")));
                // Attacks or blocks, as the command line reads them (docs/blocks.md).
                request
            }
            BatchCommand::Solve => {
                let objective = req.objective.as_deref().unwrap_or(default_objective(pos));
                Request::Solve(Objective::parse(objective, pos).map_err(|m| LineError::at(here, "objective", m))?)
            }
            BatchCommand::Enumerate => Request::Enumerate { limit: req.limit.unwrap_or(DEFAULT_LIMIT), detail: req.detail.unwrap_or_default() },
            BatchCommand::Maximum => Request::Maximum,
            BatchCommand::Validate => Request::Validate,
        };
        match pos.answer(&request, &options) {
            Ok(answer) => Ok((answer.exit, to_value(&answer.json())?)),
            // Cut short with nothing to show: the command line's undecided answer, exit 3, with
            // the assumptions of the board read.
            Err(e) if e.exit() == Exit::Undecided => Ok((Exit::Undecided, to_value(&Undecided::about(pos, e.to_string()))?)),
            // The exhaustive checker's bound, an internal error: said of this line too.
            Err(e) => Err(LineError::from(e).after(here)),
        }
    };
    let (exit, result) = compute()?;
    Ok((command, exit, result, warnings))
}
