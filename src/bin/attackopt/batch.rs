//! `attackopt batch`: JSON Lines in, one result line out per request, in input order, computed
//! on all cores.
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
//! - `declaration` (check): a declaration object or a path; `objective` (solve, default `power`);
//!   `limit` (enumerate, default 100); `detail` (enumerate: `full`, the default, or `summary`);
//! - `options`: `baseline` (`paid`/`free`), `time_limit` (seconds >= 0, default 10; null for none),
//!   `method` (`ilp`/`exhaustive`); all optional;
//! - `id`: anything, echoed in the answer.
//!
//! Each answer is one line: `{"id", "line", "command", "exit", "result", "warnings"?}` where
//! `result` is what the command prints with `--format json` and `exit` the status the command
//! line would give (0, 1 for an illegal check, 3 for a time limit), or
//! `{"id", "line", "error": {"code", "message"}}` for a request that could not be answered
//! (code 2 for bad input). Blank lines are skipped. A bad line never stops the batch.

use attackopt::input::MAX_INPUT_BYTES;
use attackopt::input::{check_regular_file, read_source};
use attackopt::Objective;
use attackopt::Position;
use attackopt::{load_board, parse_board, parse_declaration, InputError, Warning};
use attackopt::{Detail, JsonOptions, Request, DEFAULT_LIMIT, DEFAULT_OBJECTIVE};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::io::Read;
use std::io::{BufRead, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// What one request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BatchCommand {
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
pub struct RequestLine {
    pub command: BatchCommand,
    pub board: Value,
    #[serde(default)]
    pub declaration: Option<Value>,
    #[serde(default)]
    pub objective: Option<String>,
    #[serde(default)]
    pub limit: Option<usize>,
    /// enumerate: `full` (default here, as on the command line) or `summary`.
    #[serde(default)]
    pub detail: Option<Detail>,
    #[serde(default)]
    pub options: JsonOptions,
    // Declared so that it is no unknown field; the answer echoes it as read, before parsing.
    #[serde(default)]
    #[allow(dead_code)]
    pub id: Value,
}

/// A request that could not be answered.
#[derive(Debug, Clone)]
pub struct LineError {
    pub code: i32,
    pub message: String,
}

impl From<InputError> for LineError {
    fn from(e: InputError) -> Self {
        LineError { code: 2, message: e.to_string() }
    }
}

impl From<attackopt::Error> for LineError {
    fn from(e: attackopt::Error) -> Self {
        LineError { code: e.exit_code(), message: e.to_string() }
    }
}

/// Boards read from files, shared by the requests that name the same path.
#[derive(Default)]
pub struct BoardCache {
    boards: Mutex<HashMap<String, Arc<Result<Position, InputError>>>>,
}

impl BoardCache {
    fn get(&self, path: &str) -> Arc<Result<Position, InputError>> {
        if let Some(hit) = self.boards.lock().ok().and_then(|m| m.get(path).cloned()) {
            return hit;
        }
        let loaded = Arc::new(check_regular_file(path).and_then(|()| load_board(path)).and_then(Position::new));
        if let Ok(mut m) = self.boards.lock() {
            m.insert(path.to_string(), loaded.clone());
        }
        loaded
    }
}

/// Where a line comes from, for messages: `requests.jsonl:3`.
fn line_name(source: &str, line: usize) -> String {
    let source = if source == "-" { "<stdin>" } else { source };
    format!("{source}:{line}")
}

/// Answer one line (already known not to be blank): the answer line, and whether it is an
/// error line. Never panics on any input.
pub fn answer_line(text: &str, source: &str, line: usize, cache: &BoardCache) -> (String, bool) {
    let here = line_name(source, line);
    // The size limits of a board file hold for a line too, before it is parsed (issue 6).
    if let Err(e) = attackopt::input::check_size(text, &here, &[]) {
        return (error_line(&Value::Null, line, &LineError { code: 2, message: e.to_string() }), true);
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return (error_line(&Value::Null, line, &LineError { code: 2, message: format!("{here}: not valid JSON: {e}") }), true),
    };
    let id = value.get("id").cloned().unwrap_or(Value::Null);
    match answer(value, &here, cache) {
        Ok((command, exit, result, warnings)) => {
            // Written by hand so that fields keep their order: id first, result as the command
            // prints it.
            let mut out = format!("{{\"id\":{id},\"line\":{line},\"command\":\"{}\",\"exit\":{exit},\"result\":{result}", command.name());
            if !warnings.is_empty() {
                out.push_str(&format!(",\"warnings\":{}", json!(warnings)));
            }
            out.push('}');
            (out, false)
        }
        Err(e) => (error_line(&id, line, &e), true),
    }
}

/// Read and drop the rest of a line.
fn skip_line<R: BufRead>(input: &mut R) -> std::io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = chunk.len();
                input.consume(n);
            }
        }
    }
}

fn error_line(id: &Value, line: usize, e: &LineError) -> String {
    let body = attackopt::ErrorBody { code: e.code, message: e.message.clone(), path: None };
    format!("{{\"id\":{id},\"line\":{line},\"error\":{}}}", json!(body))
}

/// The request, with its JSON path on error and unknown fields as warnings.
fn parse_request(value: Value, here: &str) -> Result<(RequestLine, Vec<String>), LineError> {
    // Any other JSON value is not a request; say what one looks like.
    if !value.is_object() {
        return Err(LineError {
            code: 2,
            message: format!("{here}: expected a request {{\"command\", \"board\", ...}}, found {}", attackopt::input::kind_of(&value)),
        });
    }
    let mut unknown = Vec::new();
    let mut note = |p: serde_ignored::Path| unknown.push(format!("at {}: unknown request field, ignored", attackopt::input::json_path(&p)));
    // Strict: options written as a list are refused too (F19).
    let req: Result<RequestLine, _> = serde_path_to_error::deserialize(serde_ignored::Deserializer::new(attackopt::input::Strict(value), &mut note));
    let req = req.map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner().to_string();
        let message = if path == "." || path.is_empty() {
            format!("{here}: expected a request {{\"command\", \"board\", ...}}: {inner}")
        } else {
            format!("{here}: at {path}: {inner}")
        };
        LineError { code: 2, message }
    })?;
    Ok((req, unknown))
}

/// serde's " at line 1 column 87" points into the re-serialized object, not the batch line:
/// the JSON path already says where.
fn without_text_position(mut e: InputError) -> InputError {
    if let Some(i) = e.message.rfind(" at line ") {
        let tail = &e.message[i + " at line ".len()..];
        let mut parts = tail.split(" column ");
        let is_pos = matches!((parts.next(), parts.next(), parts.next()), (Some(a), Some(b), None)
            if !a.is_empty() && !b.is_empty() && a.bytes().all(|c| c.is_ascii_digit()) && b.bytes().all(|c| c.is_ascii_digit()));
        if is_pos {
            e.message.truncate(i);
        }
    }
    e
}

type Answer = (BatchCommand, i32, String, Vec<String>);

fn to_value<T: serde::Serialize>(v: &T) -> Result<String, LineError> {
    serde_json::to_string(v).map_err(|e| LineError { code: 70, message: format!("internal error: {e}") })
}

fn answer(value: Value, here: &str, cache: &BoardCache) -> Result<Answer, LineError> {
    // The time limit covers the whole request, reading the board included.
    let started = Instant::now();
    let (req, mut warnings) = parse_request(value, here)?;
    let command = req.command;
    let options =
        req.options.options(started).map_err(|e| LineError { code: 2, message: format!("{here}: at options.{}: {}", e.option, e.message) })?;
    let unused = |field: &str, present: bool, warnings: &mut Vec<String>| {
        if present {
            warnings.push(format!("at {field}: ignored by {}", command.name()));
        }
    };
    unused("declaration", req.declaration.is_some() && command != BatchCommand::Check, &mut warnings);
    unused("objective", req.objective.is_some() && command != BatchCommand::Solve, &mut warnings);
    unused("limit", req.limit.is_some() && command != BatchCommand::Enumerate, &mut warnings);
    unused("detail", req.detail.is_some() && command != BatchCommand::Enumerate, &mut warnings);

    // The board: inline, or a file read once per batch.
    let cached;
    let inline;
    let pos: &Position = match &req.board {
        Value::String(path) => {
            cached = cache.get(path);
            match cached.as_ref() {
                Ok(p) => p,
                Err(e) => return Err(LineError { code: 2, message: format!("{here}: board: {e}") }),
            }
        }
        Value::Object(_) => {
            let name = format!("{here} board");
            let vb = parse_board(&req.board.to_string(), &name).map_err(without_text_position)?;
            inline = Position::new(vb).map_err(without_text_position)?;
            &inline
        }
        other => {
            let found = attackopt::input::kind_of(other);
            return Err(LineError {
                code: 2,
                message: format!("{here}: at board: expected a board object or the path of a board file, found {found}"),
            });
        }
    };
    warnings.extend(pos.board.warnings.iter().map(|w: &Warning| format!("board: {w}")));

    let mut compute = || -> Result<(i32, String), LineError> {
        let request = match command {
            BatchCommand::Check => {
                let (text, name) = match &req.declaration {
                    Some(Value::String(path)) => (
                        check_regular_file(path)
                            .and_then(|()| read_source(path))
                            .map_err(|e| LineError { code: 2, message: format!("{here}: declaration: {e}") })?,
                        path.clone(),
                    ),
                    Some(d @ Value::Object(_)) => (d.to_string(), format!("{here} declaration")),
                    Some(_) | None => {
                        return Err(LineError {
                            code: 2,
                            message: format!(
                                "{here}: at declaration: expected a declaration object or the path of a declaration file: check needs one"
                            ),
                        })
                    }
                };
                let (decl, dw) = parse_declaration(&text, &name).map_err(without_text_position)?;
                warnings.extend(dw.iter().map(|w| format!("declaration: {w}")));
                pos.board.check_declaration_ids(&decl, &name)?;
                Request::Check(decl)
            }
            BatchCommand::Solve => {
                let objective = req.objective.as_deref().unwrap_or(DEFAULT_OBJECTIVE);
                Request::Solve(Objective::parse(objective, pos).map_err(|m| LineError { code: 2, message: format!("{here}: at objective: {m}") })?)
            }
            BatchCommand::Enumerate => Request::Enumerate { limit: req.limit.unwrap_or(DEFAULT_LIMIT), detail: req.detail.unwrap_or_default() },
            BatchCommand::Maximum => Request::Maximum,
            BatchCommand::Validate => Request::Validate,
        };
        let answer = pos.answer(&request, &options)?;
        Ok((answer.exit.code(), to_value(&answer.json())?))
    };
    match compute() {
        Ok((exit, result)) => Ok((command, exit, result, warnings)),
        // Cut short with nothing to show: the command line's undecided answer, exit 3.
        Err(e) if e.code == 3 => Ok((command, 3, to_value(&attackopt::Undecided::new(e.message))?, warnings)),
        Err(e) => Err(e),
    }
}

/// The text of the lines read and not yet answered is at most this many bytes (one line past it
/// is let in alone): reading ahead `threads × 64` lines of up to 256 MiB each held 2.1 GB, and
/// could hold 32 GB (issue 11, F11).
pub const READ_AHEAD_BYTES: usize = MAX_INPUT_BYTES;

/// Lines read and not yet answered, bounded in number and in bytes.
struct Window {
    /// Lines and bytes in flight.
    state: Mutex<(usize, usize)>,
    freed: std::sync::Condvar,
    lines: usize,
}

impl Window {
    /// Wait until a line of `bytes` fits, and count it.
    fn acquire(&self, bytes: usize) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while !(s.0 < self.lines && (s.0 == 0 || s.1.saturating_add(bytes) <= READ_AHEAD_BYTES)) {
            s = self.freed.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        s.0 += 1;
        s.1 = s.1.saturating_add(bytes);
    }

    /// A line of `bytes` is answered.
    fn release(&self, bytes: usize) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.0 = s.0.saturating_sub(1);
        s.1 = s.1.saturating_sub(bytes);
        self.freed.notify_all();
    }
}

/// What a batch run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Requests answered (result or error line written).
    pub lines: usize,
    /// Of those, error lines.
    pub errors: usize,
    /// Output stopped early (standard output closed).
    pub output_closed: bool,
}

/// Progress reports on standard error: every 1000 lines, and every second when standard error
/// is a terminal.
struct Progress {
    start: Instant,
    last: Instant,
    tty: bool,
    enabled: bool,
    reported: usize,
}

impl Progress {
    fn tick(&mut self, lines: usize, errors: usize) {
        if !self.enabled {
            return;
        }
        let due = lines.is_multiple_of(1000) || (self.tty && self.last.elapsed() >= Duration::from_secs(1));
        if due {
            self.last = Instant::now();
            self.reported = lines;
            self.report(lines, errors, "");
        }
    }

    fn report(&self, lines: usize, errors: usize, tail: &str) {
        let secs = self.start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 { lines as f64 / secs } else { 0.0 };
        let _ = writeln!(
            std::io::stderr().lock(),
            "attackopt batch: {lines} line{} answered ({errors} error{}), {rate:.0} lines/s{tail}",
            if lines == 1 { "" } else { "s" },
            if errors == 1 { "" } else { "s" }
        );
    }
}

/// Run a batch: read requests from `input`, write one answer per request to `output` in input
/// order. Requests are answered in parallel on rayon's global pool, at most a window of them
/// ahead of the output. Returns an error only when reading the input fails (the lines read
/// before are answered first).
pub fn run<R: BufRead, W: Write + Send>(mut input: R, source: &str, output: W, progress: bool) -> Result<Summary, InputError> {
    let window = Arc::new(Window { state: Mutex::new((0, 0)), freed: std::sync::Condvar::new(), lines: rayon::current_num_threads().max(1) * 64 });
    let cache = Arc::new(BoardCache::default());
    let source_arc: Arc<str> = Arc::from(source);
    let stop = Arc::new(AtomicBool::new(false));
    // Each answer carries the size of its line, released from the window when it is written.
    let (result_tx, result_rx) = mpsc::channel::<(usize, String, bool, usize)>();

    std::thread::scope(|scope| {
        let stop_w = stop.clone();
        let window_w = window.clone();
        let writer = scope.spawn(move || {
            let mut out = std::io::BufWriter::new(output);
            let mut pending: BTreeMap<usize, (String, bool, usize)> = BTreeMap::new();
            let mut next = 0usize;
            let mut summary = Summary::default();
            let tty = std::io::stderr().is_terminal();
            let mut prog = Progress { start: Instant::now(), last: Instant::now(), tty, enabled: progress, reported: 0 };
            while let Ok((seq, text, is_error, bytes)) = result_rx.recv() {
                pending.insert(seq, (text, is_error, bytes));
                while let Some((text, is_error, bytes)) = pending.remove(&next) {
                    next += 1;
                    window_w.release(bytes);
                    if summary.output_closed {
                        continue;
                    }
                    if writeln!(out, "{text}").is_err() {
                        summary.output_closed = true;
                        stop_w.store(true, Ordering::Relaxed);
                        continue;
                    }
                    summary.lines += 1;
                    summary.errors += usize::from(is_error);
                    prog.tick(summary.lines, summary.errors);
                }
                if !summary.output_closed && out.flush().is_err() {
                    summary.output_closed = true;
                    stop_w.store(true, Ordering::Relaxed);
                }
            }
            if out.flush().is_err() {
                summary.output_closed = true;
            }
            if progress && (summary.lines >= 1000 || tty) && prog.reported != summary.lines {
                prog.report(summary.lines, summary.errors, ", done");
            }
            summary
        });

        let mut read_error = None;
        let mut seq = 0usize;
        let mut line_no = 0usize;
        let mut buf = Vec::new();
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            buf.clear();
            // A line is read up to the input limit; the rest of a longer one is skipped.
            match (&mut input).take(MAX_INPUT_BYTES as u64 + 1).read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) => {
                    read_error = Some(InputError::new(source, "", format!("cannot read line {}: {e}", line_no + 1)));
                    break;
                }
            }
            line_no += 1;
            if buf.len() > MAX_INPUT_BYTES && buf.last() != Some(&b'\n') {
                buf = Vec::new();
                if let Err(e) = skip_line(&mut input) {
                    read_error = Some(InputError::new(source, "", format!("cannot read line {line_no}: {e}")));
                    break;
                }
                window.acquire(0);
                let msg = LineError { code: 2, message: attackopt::input::too_long(&line_name(source, line_no)).to_string() };
                let _ = result_tx.send((seq, error_line(&Value::Null, line_no, &msg), true, 0));
                seq += 1;
                continue;
            }
            let text = match String::from_utf8(std::mem::take(&mut buf)) {
                Ok(t) => t,
                Err(_) => {
                    // Answered here: nothing to compute.
                    window.acquire(0);
                    let msg = LineError { code: 2, message: format!("{}: not valid UTF-8", line_name(source, line_no)) };
                    let _ = result_tx.send((seq, error_line(&Value::Null, line_no, &msg), true, 0));
                    seq += 1;
                    continue;
                }
            };
            if text.trim().is_empty() {
                continue;
            }
            let bytes = text.len();
            window.acquire(bytes);
            let (tx, cache, src, this_seq, this_line) = (result_tx.clone(), cache.clone(), source_arc.clone(), seq, line_no);
            seq += 1;
            rayon::spawn(move || {
                let answered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer_line(&text, &src, this_line, &cache)));
                let (line, is_error) = match answered {
                    Ok(answered) => answered,
                    Err(_) => {
                        let e =
                            LineError { code: 70, message: format!("{}: internal error while answering this request", line_name(&src, this_line)) };
                        (error_line(&Value::Null, this_line, &e), true)
                    }
                };
                let _ = tx.send((this_seq, line, is_error, bytes));
            });
        }
        drop(result_tx);
        let summary = writer.join().unwrap_or_else(|_| Summary { output_closed: true, ..Summary::default() });
        match read_error {
            Some(e) => Err(e),
            None => Ok(summary),
        }
    })
}
