//! The MCP server's standard input/output, as an rmcp [`Transport`] (issue 11, F08-F10, F15).
//!
//! rmcp's own line transport lost answers and requests in four ways: it ended the session at
//! end of input and gave in-flight requests only 5 s more (docs/interfaces.md's `printf ... | attackopt
//! mcp` lost a 10 s `solve_attack`); it dropped lines it could not parse without an answer (bad
//! JSON, a board nested 125 deep that the 4 levels of the envelope push past serde_json's 128);
//! it answered a `tools/call` whose `arguments` is not an object with "method not found"; and it
//! parsed the request before the time limit's clock started (answers 1.5 s past the limit).
//!
//! Here a reader thread reads the lines (each at most [`MAX_INPUT_BYTES`]), notes when each
//! line's first byte arrived, reads a tool call's time limit before the full parse (skipping
//! the board) so that a watcher thread answers "no proof" at the deadline if rmcp has not, and
//! answers what can't be a request itself (-32700 parse error, -32600 invalid request, -32602
//! invalid params, with the request's id when it is a string or an integer, else null).
//!
//! One answer per request (issue 36, R01, R10, R11): every request is in a book by id from the
//! moment its deadline is set (before the full parse) until it is answered, refused or
//! cancelled, and whoever takes it out answers it, once. A request refused after its deadline
//! was set leaves the book then (it was answered again at the deadline, and a later request
//! reusing its id got that deadline's answer); a second request with the id of one still in the
//! book is refused (-32600, id null); a request the client cancels (`notifications/cancelled`)
//! leaves the book unanswered, as MCP asks, and is not waited for. A JSON-RPC batch's answers
//! are written together as one array when the last is in. End of input is reported to rmcp only
//! once nothing in the book waits for an answer. Answers are written whole, one line each,
//! under one lock.

use attackopt::input::MAX_INPUT_BYTES;
use rmcp::model::{ClientNotification, ClientRequest, JsonRpcMessage};
use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, Read, Write};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Where a request stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Waiting for its answer.
    Waiting,
    /// Answered "no proof" at its deadline: rmcp's answer, if it comes, is dropped.
    AnsweredAtDeadline,
}

/// A request read and not yet answered by rmcp.
struct Entry {
    /// Which request holding this id (issue 36, R01: a deadline set for an earlier request
    /// with the same id must not answer a later one).
    seq: u64,
    /// When its line's first byte arrived, for the time limit's clock.
    arrived: Instant,
    state: State,
    /// The batch it came in, whose answers are written together as one array.
    batch: Option<u64>,
}

/// The answers of a JSON-RPC batch, written as one array once every request in it is answered
/// or cancelled (JSON-RPC 2.0 section 6).
#[derive(Default)]
struct Batch {
    /// Still being read: more answers may be owed.
    open: bool,
    /// Answers owed by requests handed on (an answer or a cancellation settles each).
    owed: usize,
    answers: Vec<Vec<u8>>,
}

/// The requests read and not yet answered, by id (as JSON text), and the open batches.
struct Book {
    requests: BTreeMap<String, Entry>,
    batches: BTreeMap<u64, Batch>,
    next: u64,
}

static BOOK: Mutex<Book> = Mutex::new(Book { requests: BTreeMap::new(), batches: BTreeMap::new(), next: 0 });
/// Standard output, one whole line at a time.
static OUT: Mutex<()> = Mutex::new(());
/// A tool call with a time limit, owed an answer by `at` (not [`attackopt::Deadline`], which stops a
/// computation: this one answers for it).
struct Due {
    /// When it must be answered: arrival + limit + grace.
    at: Instant,
    /// Its id as JSON text, and which request holding that id.
    key: String,
    seq: u64,
    /// Its id as read, and the limit.
    id: Value,
    limit: f64,
}

static DEADLINES: Mutex<Vec<Due>> = Mutex::new(Vec::new());
static DEADLINE_ADDED: std::sync::Condvar = std::sync::Condvar::new();

fn book() -> MutexGuard<'static, Book> {
    BOOK.lock().unwrap_or_else(|e| e.into_inner())
}

fn key(id: &impl serde::Serialize) -> String {
    serde_json::to_string(id).unwrap_or_default()
}

/// When the request with this id arrived (its first byte), for the time limit's clock.
pub fn arrival(id: &impl serde::Serialize) -> Option<Instant> {
    book().requests.get(&key(id)).filter(|e| e.state == State::Waiting).map(|e| e.arrived)
}

/// Note a request as waiting for its answer; None when a request with the same id is still
/// unanswered (ids must be unique among pending requests: JSON-RPC 2.0, MCP).
fn register(key: &str, arrived: Instant, batch: Option<u64>) -> Option<u64> {
    let mut book = book();
    if book.requests.contains_key(key) {
        return None;
    }
    book.next += 1;
    let seq = book.next;
    book.requests.insert(key.to_string(), Entry { seq, arrived, state: State::Waiting, batch });
    if let Some(b) = batch.and_then(|b| book.batches.get_mut(&b)) {
        b.owed += 1;
    }
    Some(seq)
}

/// Where the answer to a request goes: standard output, or its batch.
#[derive(Clone, Copy)]
enum To {
    Out,
    /// A batch, and whether the answer settles a request counted as owed there.
    Batch(u64, bool),
}

/// Take a request out of the book to answer it: `Some(where)` when it was waiting (the caller
/// answers), None when it was already answered at its deadline, cancelled or never there.
/// `seq`: only that request holding the id (None: whichever).
fn settle(key: &str, seq: Option<u64>) -> Option<To> {
    let mut book = book();
    let entry = book.requests.get(key).filter(|e| seq.is_none_or(|s| s == e.seq))?;
    let (state, batch) = (entry.state, entry.batch);
    book.requests.remove(key);
    (state == State::Waiting).then_some(batch.map_or(To::Out, |b| To::Batch(b, true)))
}

/// Write an answer where it goes; a batch's array is written when its last answer is in.
fn deliver(to: To, text: Vec<u8>) {
    let (b, owed) = match to {
        To::Out => {
            let _ = write_line(&text);
            return;
        }
        To::Batch(b, owed) => (b, owed),
    };
    let mut book = book();
    let Some(batch) = book.batches.get_mut(&b) else {
        return;
    };
    batch.answers.push(text);
    if owed {
        batch.owed = batch.owed.saturating_sub(1);
    }
    flush_batch(book, b);
}

/// Write a batch's answers as one array if nothing more is owed (nothing at all when it held
/// only notifications, JSON-RPC 2.0 section 6).
fn flush_batch(mut book: MutexGuard<'static, Book>, b: u64) {
    if !book.batches.get(&b).is_some_and(|batch| !batch.open && batch.owed == 0) {
        return;
    }
    let answers = book.batches.remove(&b).map(|batch| batch.answers).unwrap_or_default();
    drop(book);
    if !answers.is_empty() {
        let _ = write_line(&[b"[".as_slice(), &answers.join(b",".as_slice()), b"]"].concat());
    }
}

/// A request the client cancelled (`notifications/cancelled`): not waited for at end of input
/// and never answered, by rmcp (which drops the handler's answer) or at its deadline (issue 36,
/// R10; MCP: the receiver of a cancellation should not answer the request).
fn cancel(key: &str) {
    let mut book = book();
    let Some(entry) = book.requests.remove(key) else {
        return;
    };
    crate::mcp::log(&format!("request {key}: cancelled by the client; it gets no answer"));
    if let (State::Waiting, Some(b)) = (entry.state, entry.batch) {
        if let Some(batch) = book.batches.get_mut(&b) {
            batch.owed = batch.owed.saturating_sub(1);
        }
        flush_batch(book, b);
    }
}

/// What the reader needs of a request before rmcp parses all of it: parsing a 21 MB request
/// into rmcp's types took 2 s, past a 0.5 s limit (F10). The board is skipped, not built.
#[derive(serde::Deserialize)]
struct Probe {
    id: Option<Value>,
    method: Option<String>,
    params: Option<ProbeParams>,
}

#[derive(serde::Deserialize)]
struct ProbeParams {
    name: Option<String>,
    arguments: Option<ProbeArguments>,
}

#[derive(serde::Deserialize)]
struct ProbeArguments {
    options: Option<ProbeOptions>,
}

#[derive(serde::Deserialize)]
struct ProbeOptions {
    // Absent is the default limit, null no limit: the rule of `JsonOptions`.
    #[serde(default = "default_limit")]
    time_limit: Option<f64>,
}

fn default_limit() -> Option<f64> {
    Some(attackopt::DEFAULT_TIME_LIMIT)
}

/// The time limit of a tool call that has one (every tool but `explain_board`; default 10 s, null none),
/// and its id, read cheaply; None for anything else or a limit that is no deadline.
fn tool_call_limit(line: &[u8]) -> Option<(Value, f64)> {
    let probe: Probe = serde_json::from_slice(line).ok()?;
    let params = probe.params?;
    if probe.method.as_deref() != Some("tools/call") || params.name.as_deref() == Some("explain_board") {
        return None;
    }
    let limit = params.arguments.map_or(default_limit(), |a| a.options.map_or(default_limit(), |o| o.time_limit))?;
    // An invalid limit is refused by the tool at once; one past a day is no deadline here; an
    // invalid id is refused by the full parse.
    (0.0..86_400.0).contains(&limit).then_some((valid_id(probe.id)?, limit))
}

/// Answer "no proof" for every tool call past its deadline that rmcp has not answered: the
/// bound holds however long rmcp takes to parse the request (F10).
fn watch_deadlines() {
    let mut due = DEADLINES.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        let now = Instant::now();
        let (expired, waiting): (Vec<_>, Vec<_>) = due.drain(..).partition(|d| d.at <= now);
        *due = waiting;
        for Due { key, seq, id, limit, .. } in expired {
            // Whoever takes the request out of Waiting answers it; a request refused, answered,
            // cancelled, or an earlier one with the same id, is not this deadline's (R01, R10).
            let mut book = book();
            let Some(entry) = book.requests.get_mut(&key).filter(|e| e.seq == seq && e.state == State::Waiting) else {
                continue;
            };
            entry.state = State::AnsweredAtDeadline;
            let to = entry.batch.map_or(To::Out, |b| To::Batch(b, true));
            drop(book);
            let result = json!({ "content": [{ "type": "text", "text": crate::mcp::no_proof(limit) }], "isError": true });
            crate::mcp::log(&format!("request {id}: answered at its deadline: {}", crate::mcp::no_proof(limit)));
            deliver(to, json!({ "jsonrpc": "2.0", "id": id, "result": result }).to_string().into_bytes());
        }
        let next = due.iter().map(|d| d.at).min();
        due = match next {
            Some(at) => DEADLINE_ADDED.wait_timeout(due, at.saturating_duration_since(Instant::now())).unwrap_or_else(|e| e.into_inner()).0,
            None => DEADLINE_ADDED.wait(due).unwrap_or_else(|e| e.into_inner()),
        };
    }
}

/// Write one message as one line.
fn write_line(text: &[u8]) -> std::io::Result<()> {
    let _guard = OUT.lock().unwrap_or_else(|e| e.into_inner());
    let mut out = std::io::stdout().lock();
    out.write_all(text)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// A JSON-RPC error answer.
fn error_text(id: Option<&Value>, code: i32, message: &str) -> Vec<u8> {
    crate::mcp::log(&format!("request {}: error {code}: {message}", id.map_or("(no id)".into(), |v| v.to_string())));
    json!({ "jsonrpc": "2.0", "id": id.cloned().unwrap_or(Value::Null), "error": { "code": code, "message": message } }).to_string().into_bytes()
}

/// Answer a line that never reaches rmcp with a JSON-RPC error.
fn answer_error(id: Option<Value>, code: i32, message: String) {
    deliver(To::Out, error_text(id.as_ref(), code, &message));
}

/// An id MCP allows: a string or an integer (not null, not a fraction, array or object). Any
/// other is answered as null, as JSON-RPC 2.0 (section 5) says when the id can't be read.
fn valid_id(id: Option<Value>) -> Option<Value> {
    id.filter(|v| v.is_string() || v.is_i64())
}

/// The index of the closing quote of the JSON string opening at `start`; None if it never ends.
fn string_end(line: &[u8], start: usize) -> Option<usize> {
    let mut escaped = false;
    for (i, &b) in line.iter().enumerate().skip(start + 1) {
        if escaped {
            escaped = false;
        } else if b == b'\\' {
            escaped = true;
        } else if b == b'"' {
            return Some(i);
        }
    }
    None
}

/// The `id` of a JSON object's top level, read without parsing the rest: a request nested
/// past serde_json's limit still gets its answer under its own id.
fn top_level_id(line: &[u8]) -> Option<Value> {
    // The last byte outside strings and whitespace: a string after '{' or ',' is a key.
    let (mut depth, mut last, mut i) = (0usize, None, 0);
    while i < line.len() {
        let b = line[i];
        match b {
            b'"' => {
                let end = string_end(line, i)?;
                if depth == 1 && matches!(last, Some(b'{' | b',')) && &line[i + 1..end] == b"id" {
                    // A key at the top level: its value runs from after ':' to the next ',' or '}'
                    // at this depth (ids are numbers or strings without those characters, or fail
                    // to parse below).
                    let rest = &line[end + 1..];
                    let colon = rest.iter().position(|&c| c == b':')?;
                    let value = &rest[colon + 1..];
                    let stop = value.iter().position(|&c| c == b',' || c == b'}').unwrap_or(value.len());
                    return serde_json::from_slice(&value[..stop]).ok();
                }
                last = Some(b'"');
                i = end + 1;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if !b.is_ascii_whitespace() {
            last = Some(b);
        }
        i += 1;
    }
    None
}

/// What a line that rmcp could not read looked like, to tell a response or a notification
/// (never answered: JSON-RPC 2.0 sections 4.1 and 5) from an invalid request, and to say what
/// is wrong with one. `Some` for a member present, even as null.
#[derive(serde::Deserialize)]
struct Shape {
    #[serde(default, deserialize_with = "present")]
    jsonrpc: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    id: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    method: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    result: Option<serde::de::IgnoredAny>,
    #[serde(default, deserialize_with = "present")]
    error: Option<serde::de::IgnoredAny>,
}

fn present<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// Why a JSON line rmcp could not read is an invalid request (R11); None for a response or a
/// notification, which get no answer (answering a response would start a loop of errors).
fn invalid(line: &[u8], e: &serde_json::Error) -> Option<String> {
    let Ok(shape) = serde_json::from_slice::<Shape>(line) else {
        let kind = serde_json::from_slice::<Value>(line).map_or("no object", |v| attackopt::input::kind_of(&v));
        return Some(format!("invalid request: a JSON-RPC message is an object (a batch: a list of them), found {kind}"));
    };
    if shape.method.is_none() && (shape.result.is_some() || shape.error.is_some()) {
        return None;
    }
    if shape.id.is_none() && shape.method.as_ref().is_some_and(Value::is_string) {
        return None;
    }
    if shape.jsonrpc.as_ref().and_then(Value::as_str) != Some("2.0") {
        return Some("invalid request: \"jsonrpc\": \"2.0\" is missing".into());
    }
    match shape.id {
        Some(Value::Number(n)) if !n.is_i64() => Some(format!("invalid request: an id is a string or an integer, found {n}")),
        Some(id) if valid_id(Some(id.clone())).is_none() => {
            Some(format!("invalid request: an id is a string or an integer, found {}", attackopt::input::kind_of(&id)))
        }
        _ => Some(format!("invalid request: {e}")),
    }
}

/// What to do with one line: the messages rmcp should see (several for a batch).
fn route(line: &[u8], arrived: Instant) -> Vec<RxJsonRpcMessage<RoleServer>> {
    let line = line.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(line);
    if line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
        return route_batch(line, arrived);
    }
    route_one(line, arrived, None).into_iter().collect()
}

/// The elements of a JSON array, as slices of its text; None when the text is not one array.
fn array_elements(line: &[u8]) -> Option<Vec<&[u8]>> {
    if line.trim_ascii_start().first() != Some(&b'[') {
        return None;
    }
    let (mut depth, mut elements, mut start, mut i) = (0usize, Vec::new(), None, 0);
    while i < line.len() {
        match line[i] {
            b'"' => i = string_end(line, i)?,
            b'{' | b'[' => {
                depth += 1;
                if depth == 1 {
                    start = Some(i + 1);
                }
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    let element = line[start?..i].trim_ascii();
                    if !element.is_empty() || !elements.is_empty() {
                        elements.push(element);
                    }
                    return line[i + 1..].iter().all(u8::is_ascii_whitespace).then_some(elements);
                }
            }
            b',' if depth == 1 => {
                elements.push(line[start?..i].trim_ascii());
                start = Some(i + 1);
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// A JSON-RPC batch (issue 36, R11; MCP 2025-03-26 requires them): each request answered as if
/// alone, and the answers written together as one array once all are in; an empty batch or bad
/// JSON is one error (JSON-RPC 2.0 section 6). Served whatever protocol version was agreed:
/// JSON-RPC 2.0 defines them, and answering beats refusing a request the client waits for.
fn route_batch(line: &[u8], arrived: Instant) -> Vec<RxJsonRpcMessage<RoleServer>> {
    // The whole line must be JSON; one nested too deep is still split, each request refused
    // under its own id.
    if let Err(e) = serde_json::from_slice::<serde::de::IgnoredAny>(line) {
        if !e.to_string().contains("recursion limit") {
            answer_error(None, -32700, format!("parse error: {e}"));
            return Vec::new();
        }
    }
    let elements = match array_elements(line) {
        Some(elements) if !elements.is_empty() => elements,
        Some(_) => {
            answer_error(None, -32600, "invalid request: an empty batch".into());
            return Vec::new();
        }
        None => {
            answer_error(None, -32700, "parse error: not one JSON array".into());
            return Vec::new();
        }
    };
    let b = {
        let mut book = book();
        book.next += 1;
        let b = book.next;
        book.batches.insert(b, Batch { open: true, ..Batch::default() });
        b
    };
    let messages = elements.into_iter().filter_map(|element| route_one(element, arrived, Some(b))).collect();
    let mut book = book();
    if let Some(batch) = book.batches.get_mut(&b) {
        batch.open = false;
    }
    flush_batch(book, b);
    messages
}

/// Refuse a request that does not reach rmcp: answered unless its deadline already was; taken
/// out of the book if the probe put it there (`seq`), so that nothing answers it again (R01).
fn refuse(registered: Option<(&str, u64)>, batch: Option<u64>, id: Option<Value>, code: i32, message: String) {
    let to = match registered {
        Some((key, seq)) => settle(key, Some(seq)),
        None => Some(batch.map_or(To::Out, |b| To::Batch(b, false))),
    };
    match to {
        Some(to) => deliver(to, error_text(id.as_ref(), code, &message)),
        None => crate::mcp::log(&format!("request {key:?} refused after its deadline answered it: {message}", key = registered.map(|r| r.0))),
    }
}

/// A second request with the id of one not yet answered (R01: it took the first one's answer).
fn duplicate(id: &Value) -> String {
    format!("invalid request: the id {id} is already used by a request not yet answered (request ids must be unique)")
}

/// What to do with one request, notification or response (a line, or a batch's element).
fn route_one(line: &[u8], arrived: Instant, batch: Option<u64>) -> Option<RxJsonRpcMessage<RoleServer>> {
    let immediate = batch.map_or(To::Out, |b| To::Batch(b, false));
    // The deadline is set before the long parse; the id is pending from now on.
    let mut registered = None;
    if let Some((id, limit)) = tool_call_limit(line) {
        let at = Duration::try_from_secs_f64(limit).ok().and_then(|d| arrived.checked_add(d + attackopt::TIME_LIMIT_GRACE));
        if let Some(at) = at {
            let Some(seq) = register(&key(&id), arrived, batch) else {
                deliver(immediate, error_text(None, -32600, &duplicate(&id)));
                return None;
            };
            registered = Some((key(&id), seq));
            DEADLINES.lock().unwrap_or_else(|e| e.into_inner()).push(Due { at, key: key(&id), seq, id, limit });
            DEADLINE_ADDED.notify_all();
        }
    }
    let registered = registered.as_ref().map(|(k, s)| (k.as_str(), *s));
    match serde_json::from_slice::<RxJsonRpcMessage<RoleServer>>(line) {
        Ok(JsonRpcMessage::Request(r)) => {
            let id = serde_json::to_value(&r.id).ok();
            // rmcp reads a tools/call whose arguments are not an object as an unknown request.
            if let ClientRequest::CustomRequest(c) = &r.request {
                if c.method == "tools/call" {
                    let message = "tools/call: expected params {\"name\": ..., \"arguments\": {...}} with arguments an object";
                    refuse(registered, batch, id, -32602, message.into());
                    return None;
                }
            }
            if batch.is_some() && matches!(r.request, ClientRequest::InitializeRequest(_)) {
                refuse(registered, batch, id, -32600, "invalid request: initialize may not be part of a batch (MCP 2025-03-26)".into());
                return None;
            }
            match registered {
                // A tool call its deadline already answered is not handed to rmcp.
                Some((key, seq)) => {
                    let mut book = book();
                    if book.requests.get(key).is_some_and(|e| e.seq == seq && e.state == State::AnsweredAtDeadline) {
                        book.requests.remove(key);
                        return None;
                    }
                }
                None => {
                    if register(&key(&r.id), arrived, batch).is_none() {
                        deliver(immediate, error_text(None, -32600, &duplicate(&id.unwrap_or_default())));
                        return None;
                    }
                }
            }
            Some(JsonRpcMessage::Request(r))
        }
        Ok(JsonRpcMessage::Notification(n)) => {
            if let ClientNotification::CancelledNotification(c) = &n.notification {
                if let Some(id) = &c.params.request_id {
                    cancel(&key(id));
                }
            }
            Some(JsonRpcMessage::Notification(n))
        }
        Ok(other) => Some(other),
        Err(e) => {
            use serde_json::error::Category;
            let id = valid_id(top_level_id(line));
            match e.classify() {
                // A response or notification that doesn't parse gets no answer (JSON-RPC 2.0
                // sections 4.1 and 5); anything else that is not a request object is an invalid
                // request (R11: `5`, `null`, an object as id).
                Category::Data => match invalid(line, &e) {
                    None if registered.is_none() => crate::mcp::log(&format!("ignored a message: {e}")),
                    message => refuse(registered, batch, id, -32600, message.unwrap_or_else(|| format!("invalid request: {e}"))),
                },
                // serde_json's nesting limit counts the envelope's 4 levels too (F09).
                _ if e.to_string().contains("recursion limit") => refuse(
                    registered,
                    batch,
                    id,
                    -32700,
                    format!(
                        "parse error: the request is nested deeper than 128 levels; inside a tools/call a board may be nested at most 124 deep ({e})"
                    ),
                ),
                _ => refuse(registered, batch, id, -32700, format!("parse error: {e}")),
            }
            None
        }
    }
}

/// Read standard input line by line on a thread, handing rmcp what it should see.
fn read_lines(send: tokio::sync::mpsc::Sender<RxJsonRpcMessage<RoleServer>>) {
    let mut input = std::io::BufReader::with_capacity(1 << 16, std::io::stdin());
    let mut line = Vec::new();
    loop {
        // The clock of a request starts when its first byte is here (F10).
        match input.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(_) => {}
        }
        let arrived = Instant::now();
        line.clear();
        let read = (&mut input).take(MAX_INPUT_BYTES as u64 + 1).read_until(b'\n', &mut line);
        if read.is_err() {
            return;
        }
        if line.len() > MAX_INPUT_BYTES && line.last() != Some(&b'\n') {
            let id = top_level_id(&line);
            line = Vec::new();
            // Skip the rest of the line.
            let mut sink = Vec::new();
            while let Ok(n) = (&mut input).take(1 << 20).read_until(b'\n', &mut sink) {
                if n == 0 || sink.last() == Some(&b'\n') {
                    break;
                }
                sink.clear();
            }
            answer_error(id, -32600, format!("a request may be at most {MAX_INPUT_BYTES} bytes"));
            continue;
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        if text.iter().all(|b| b.is_ascii_whitespace()) {
            continue;
        }
        for message in route(text, arrived) {
            if send.blocking_send(message).is_err() {
                return;
            }
        }
        if line.capacity() > 1 << 24 {
            line = Vec::new();
        }
    }
}

/// The transport: messages from the reader thread in, whole lines out.
pub struct Stdio {
    incoming: tokio::sync::mpsc::Receiver<RxJsonRpcMessage<RoleServer>>,
}

impl Stdio {
    pub fn start() -> Stdio {
        let (send, incoming) = tokio::sync::mpsc::channel(16);
        std::thread::spawn(move || read_lines(send));
        std::thread::spawn(watch_deadlines);
        Stdio { incoming }
    }
}

impl Transport<RoleServer> for Stdio {
    type Error = std::io::Error;

    fn send(&mut self, item: TxJsonRpcMessage<RoleServer>) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send + 'static {
        let answered = match &item {
            JsonRpcMessage::Response(r) => Some(key(&r.id)),
            JsonRpcMessage::Error(e) => e.id.as_ref().map(key),
            _ => None,
        };
        let text = serde_json::to_vec(&item).map_err(std::io::Error::other);
        // One answer per id: an answer to a request its deadline already answered, or that the
        // client cancelled, is dropped.
        let to = match answered {
            Some(id) => settle(&id, None),
            None => Some(To::Out),
        };
        async move {
            match (to, text) {
                (Some(To::Out), text) => write_line(&text?),
                (Some(to), text) => {
                    deliver(to, text?);
                    Ok(())
                }
                (None, _) => Ok(()),
            }
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        if let Some(message) = self.incoming.recv().await {
            return Some(message);
        }
        // End of input: report it once every request read has been answered (F08).
        // A cancelled request is not waited for (R10).
        while book().requests.values().any(|e| e.state == State::Waiting) {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        None
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{array_elements, top_level_id};
    use serde_json::json;

    #[test]
    fn a_batch_is_split_at_its_top_level_commas() {
        let split = |s: &str| array_elements(s.as_bytes()).map(|e| e.iter().map(|x| String::from_utf8_lossy(x).into_owned()).collect::<Vec<_>>());
        assert_eq!(split(r#" [ {"a":[1,2]} , "x,]", 5 ] "#), Some(vec![r#"{"a":[1,2]}"#.into(), r#""x,]""#.into(), "5".into()]));
        assert_eq!(split("[]"), Some(vec![]));
        assert_eq!(split("[ ]"), Some(vec![]));
        assert_eq!(split("[1] 2"), None);
        assert_eq!(split("[1"), None);
        assert_eq!(split("]"), None);
    }

    #[test]
    fn the_id_is_read_from_the_top_level_only() {
        assert_eq!(top_level_id(br#"{"jsonrpc":"2.0","id":7,"method":"x"}"#), Some(json!(7)));
        assert_eq!(top_level_id(br#"{"params":{"id":1},"id":"a b"}"#), Some(json!("a b")));
        assert_eq!(top_level_id(br#"{"params":{"x":"\"id\":3"}, "id" : 4 }"#), Some(json!(4)));
        assert_eq!(top_level_id(br#"{"params":[[[[1]]]]}"#), None);
        assert_eq!(top_level_id(b"not json"), None);
    }
}
