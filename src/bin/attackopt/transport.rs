//! The MCP server's standard input/output, as an rmcp [`Transport`] (issue 11, F08-F10, F15).
//!
//! rmcp's own line transport lost answers and requests in four ways: it ended the session at
//! end of input and gave in-flight requests only 5 s more (the README's `printf ... | attackopt
//! mcp` lost a 10 s `solve_attack`); it dropped lines it could not parse without an answer (bad
//! JSON, a board nested 125 deep that the 4 levels of the envelope push past serde_json's 128);
//! it answered a `tools/call` whose `arguments` is not an object with "method not found"; and it
//! parsed the request before the time limit's clock started (answers 1.5 s past the limit).
//!
//! Here a reader thread reads the lines (each at most [`MAX_INPUT_BYTES`]), notes when each
//! line's first byte arrived, reads a tool call's time limit before the full parse (skipping
//! the board) so that a watcher thread answers "no proof" at the deadline if rmcp has not, and
//! answers what can't be a request itself (-32700 parse error,
//! -32600 invalid request, -32602 invalid params, with the request's id when it can be read).
//! Every request handed to rmcp is remembered until its answer is written, and end of input is
//! reported to rmcp only once every request read has been answered. Answers are written whole,
//! one line each, under one lock.

use attackopt::input::MAX_INPUT_BYTES;
use rmcp::model::{ClientRequest, JsonRpcMessage};
use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, Read, Write};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A request read and not yet answered by rmcp.
#[derive(Clone, Copy)]
enum Request {
    /// Waiting for its answer; its line's first byte arrived then.
    Waiting(Instant),
    /// Answered "no proof" at its deadline: rmcp's answer, if it comes, is dropped.
    AnsweredAtDeadline,
}

/// Requests by id (as JSON text).
static PENDING: Mutex<BTreeMap<String, Request>> = Mutex::new(BTreeMap::new());
/// Standard output, one whole line at a time.
static OUT: Mutex<()> = Mutex::new(());
/// Tool calls with a time limit: when each must be answered (arrival + limit + grace), its id
/// as JSON text and as read.
static DEADLINES: Mutex<Vec<(Instant, String, Value, f64)>> = Mutex::new(Vec::new());
static DEADLINE_ADDED: std::sync::Condvar = std::sync::Condvar::new();

fn pending() -> MutexGuard<'static, BTreeMap<String, Request>> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

fn key(id: &impl serde::Serialize) -> String {
    serde_json::to_string(id).unwrap_or_default()
}

/// When the request with this id arrived (its first byte), for the time limit's clock.
pub fn arrival(id: &impl serde::Serialize) -> Option<Instant> {
    match pending().get(&key(id)) {
        Some(Request::Waiting(at)) => Some(*at),
        _ => None,
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
    // An invalid limit is refused by the tool at once; one past a day is no deadline here.
    (0.0..86_400.0).contains(&limit).then_some((probe.id?, limit))
}

/// Answer "no proof" for every tool call past its deadline that rmcp has not answered: the
/// bound holds however long rmcp takes to parse the request (F10).
fn watch_deadlines() {
    let mut due = DEADLINES.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        let now = Instant::now();
        let (expired, waiting): (Vec<_>, Vec<_>) = due.drain(..).partition(|(at, ..)| *at <= now);
        *due = waiting;
        for (_, key, id, limit) in expired {
            // Whoever takes the request out of Waiting answers it.
            let mut pending = pending();
            if let Some(r @ Request::Waiting(_)) = pending.get_mut(&key) {
                *r = Request::AnsweredAtDeadline;
                drop(pending);
                let result = json!({ "content": [{ "type": "text", "text": crate::mcp::no_proof(limit) }], "isError": true });
                crate::mcp::log(&format!("request {id}: answered at its deadline: {}", crate::mcp::no_proof(limit)));
                let _ = write_line(json!({ "jsonrpc": "2.0", "id": id, "result": result }).to_string().as_bytes());
            }
        }
        let next = due.iter().map(|(at, ..)| *at).min();
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

/// Answer a line that never reaches rmcp with a JSON-RPC error.
fn answer_error(id: Option<Value>, code: i32, message: String) {
    crate::mcp::log(&format!("request {}: error {code}: {message}", id.as_ref().map_or("(no id)".into(), |v| v.to_string())));
    let text = json!({ "jsonrpc": "2.0", "id": id.unwrap_or(Value::Null), "error": { "code": code, "message": message } });
    let _ = write_line(text.to_string().as_bytes());
}

/// The `id` of a JSON object's top level, read without parsing the rest: a request nested
/// past serde_json's limit still gets its answer under its own id.
fn top_level_id(line: &[u8]) -> Option<Value> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let mut key_start = None;
    let mut i = 0;
    while i < line.len() {
        let b = line[i];
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
                if depth == 1 && key_start.take().is_some_and(|s: usize| &line[s..i] == b"id") {
                    // A key at the top level: its value runs from after ':' to the next ',' or '}'
                    // at this depth (ids are numbers or strings without those characters, or fail
                    // to parse below).
                    let rest = &line[i + 1..];
                    let colon = rest.iter().position(|&c| c == b':')?;
                    let value = &rest[colon + 1..];
                    let end = value.iter().position(|&c| c == b',' || c == b'}').unwrap_or(value.len());
                    return serde_json::from_slice(&value[..end]).ok();
                }
            }
        } else {
            match b {
                b'"' => {
                    in_string = true;
                    // A string at the top level right after '{' or ',' is a key.
                    let before = line[..i].iter().rev().find(|c| !c.is_ascii_whitespace());
                    if depth == 1 && matches!(before, Some(b'{') | Some(b',')) {
                        key_start = Some(i + 1);
                    }
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        i += 1;
    }
    None
}

/// What to do with one line.
fn route(line: &[u8], arrived: Instant) -> Option<RxJsonRpcMessage<RoleServer>> {
    let line = line.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(line);
    // The deadline is set before the long parse; the id is pending from now on.
    if let Some((id, limit)) = tool_call_limit(line) {
        if let Some(at) = std::time::Duration::try_from_secs_f64(limit).ok().and_then(|d| arrived.checked_add(d + attackopt::TIME_LIMIT_GRACE)) {
            pending().insert(key(&id), Request::Waiting(arrived));
            DEADLINES.lock().unwrap_or_else(|e| e.into_inner()).push((at, key(&id), id, limit));
            DEADLINE_ADDED.notify_all();
        }
    }
    match serde_json::from_slice::<RxJsonRpcMessage<RoleServer>>(line) {
        Ok(JsonRpcMessage::Request(r)) => {
            // rmcp reads a tools/call whose arguments are not an object as an unknown request.
            if let ClientRequest::CustomRequest(c) = &r.request {
                if c.method == "tools/call" {
                    answer_error(
                        serde_json::to_value(&r.id).ok(),
                        -32602,
                        "tools/call: expected params {\"name\": ..., \"arguments\": {...}} with arguments an object".into(),
                    );
                    return None;
                }
            }
            let mut pending = pending();
            // A tool call its deadline already answered is not handed to rmcp.
            if let Some(Request::AnsweredAtDeadline) = pending.get(&key(&r.id)) {
                pending.remove(&key(&r.id));
                return None;
            }
            pending.entry(key(&r.id)).or_insert(Request::Waiting(arrived));
            drop(pending);
            Some(JsonRpcMessage::Request(r))
        }
        Ok(other) => Some(other),
        Err(e) => {
            use serde_json::error::Category;
            let id = top_level_id(line);
            match e.classify() {
                // A notification that doesn't parse gets no answer (JSON-RPC 2.0 section 4.1).
                Category::Data if id.is_none() => crate::mcp::log(&format!("ignored a message: {e}")),
                Category::Data => answer_error(id, -32600, format!("invalid request: {e}")),
                // serde_json's nesting limit counts the envelope's 4 levels too (F09).
                _ if e.to_string().contains("recursion limit") => answer_error(
                    id,
                    -32700,
                    format!(
                        "parse error: the request is nested deeper than 128 levels; inside a tools/call a board may be nested at most 124 deep ({e})"
                    ),
                ),
                _ => answer_error(id, -32700, format!("parse error: {e}")),
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
        if let Some(message) = route(text, arrived) {
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
        // An answer to a request its deadline already answered is dropped: one answer per id.
        let late = answered.as_ref().is_some_and(|id| matches!(pending().remove(id), Some(Request::AnsweredAtDeadline)));
        async move {
            if late {
                return Ok(());
            }
            write_line(&text?)
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        if let Some(message) = self.incoming.recv().await {
            return Some(message);
        }
        // End of input: report it once every request read has been answered (F08).
        while pending().values().any(|r| matches!(r, Request::Waiting(_))) {
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
    use super::top_level_id;
    use serde_json::json;

    #[test]
    fn the_id_is_read_from_the_top_level_only() {
        assert_eq!(top_level_id(br#"{"jsonrpc":"2.0","id":7,"method":"x"}"#), Some(json!(7)));
        assert_eq!(top_level_id(br#"{"params":{"id":1},"id":"a b"}"#), Some(json!("a b")));
        assert_eq!(top_level_id(br#"{"params":{"x":"\"id\":3"}, "id" : 4 }"#), Some(json!(4)));
        assert_eq!(top_level_id(br#"{"params":[[[[1]]]]}"#), None);
        assert_eq!(top_level_id(b"not json"), None);
    }
}
