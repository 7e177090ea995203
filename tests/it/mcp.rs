//! `attackopt mcp` through the real binary over stdio, as an MCP client would drive it:
//! initialize, notifications/initialized, tools/list, a call of each tool, bad input.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read_json(rel: &str) -> Value {
    let p = root().join(rel);
    serde_json::from_str(&std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))).expect("JSON")
}

struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stdout_seen: Vec<String>,
    next_id: u64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_attackopt"))
            .arg("mcp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Client { child, stdin, lines: rx, stdout_seen: Vec::new(), next_id: 1 }
    }

    fn send(&mut self, msg: &Value) {
        let stdin = self.stdin.as_mut().expect("open");
        // One write: the pipe is unbuffered, and a large board written token by token is slow.
        stdin.write_all(format!("{msg}\n").as_bytes()).expect("write to the server");
        stdin.flush().expect("flush");
    }

    /// Send a request and wait for the response with its id.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let line = self.lines.recv_timeout(Duration::from_secs(60)).unwrap_or_else(|_| panic!("no answer to {method}"));
            self.stdout_seen.push(line.clone());
            let msg: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("stdout carried a non-JSON line ({e}): {line}"));
            assert_eq!(msg["jsonrpc"], "2.0", "{line}");
            if msg["id"] == json!(id) {
                return msg;
            }
        }
    }

    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        let r = self.request("tools/call", json!({ "name": tool, "arguments": arguments }));
        assert!(r.get("error").is_none(), "{tool}: protocol error {r}");
        r["result"].clone()
    }

    /// Close standard input; the server ends. Returns (exit code, stderr).
    fn finish(mut self) -> (Option<i32>, String) {
        drop(self.stdin.take());
        let out = self.child.wait_with_output().expect("the server ends");
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

fn cli_json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_attackopt")).args(args).args(["--format", "json"]).output().expect("runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn text_of(result: &Value) -> String {
    result["content"][0]["text"].as_str().unwrap_or_default().to_string()
}

#[test]
fn an_mcp_client_session() {
    let board = read_json("models/paid-vs-free.json");
    let decl = read_json("models/declarations/paid-vs-free.serpent-alone.json");
    let mut c = Client::start();

    // initialize
    let init = c.request(
        "initialize",
        json!({ "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "attackopt-test", "version": "1" } }),
    );
    let info = &init["result"];
    assert_eq!(info["serverInfo"]["name"], "attackopt", "{init}");
    assert!(info["capabilities"]["tools"].is_object(), "{init}");
    assert!(info["protocolVersion"].is_string());
    c.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));

    // tools/list: the six tools; a board is an object or a JSON string whose full schema is a
    // resource (issue 13: tests/mcp_tools.rs).
    let list = c.request("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().expect("tools");
    let mut names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    names.sort();
    assert_eq!(names, ["check_attack", "enumerate_attacks", "explain_board", "list_cards", "maximum_requirements", "solve_attack"]);
    for t in tools.iter().filter(|t| t["name"] != "list_cards") {
        let schema = &t["inputSchema"];
        assert_eq!(schema["type"], "object", "{t}");
        assert!(schema["required"].as_array().expect("required").contains(&json!("board")), "{t}");
        assert!(t["description"].as_str().is_some_and(|d| d.len() > 40));
        assert!(schema["properties"]["board"]["description"].as_str().is_some_and(|d| d.contains("attackopt://schema/board")), "{t}");
    }
    let check_tool = tools.iter().find(|t| t["name"] == "check_attack").expect("check_attack");
    assert!(check_tool["inputSchema"]["properties"]["declaration"].is_object());

    // check_attack: the same JSON as `attackopt check --format json`.
    let b = root().join("models/paid-vs-free.json");
    let d = root().join("models/declarations/paid-vs-free.serpent-alone.json");
    let (bs, ds) = (b.to_string_lossy().into_owned(), d.to_string_lossy().into_owned());
    let r = c.call("check_attack", json!({ "board": board, "declaration": decl }));
    assert_eq!(r["isError"], false, "{r}");
    assert_eq!(r["structuredContent"], cli_json(&["check", &bs, &ds]));
    assert_eq!(r["structuredContent"]["legal"], false);
    let from_text: Value = serde_json::from_str(&text_of(&r)).expect("text content is the JSON");
    assert_eq!(from_text, r["structuredContent"]);

    // Options reach the solver.
    let r = c.call("check_attack", json!({ "board": board, "declaration": decl, "options": { "baseline": "free", "method": "exhaustive" } }));
    assert_eq!(r["structuredContent"]["legal"], true, "legal under the free baseline: {r}");
    assert_eq!(r["structuredContent"]["proof"], "exhaustive");

    // solve_attack
    let r = c.call("solve_attack", json!({ "board": board }));
    assert_eq!(r["isError"], false, "{r}");
    assert_eq!(r["structuredContent"], cli_json(&["solve", &bs]));
    let r = c.call("solve_attack", json!({ "board": board, "objective": "attackers" }));
    assert_eq!(r["structuredContent"]["objective"], 2);

    // enumerate_attacks
    let r = c.call("enumerate_attacks", json!({ "board": board, "limit": 1 }));
    assert_eq!(r["isError"], false, "{r}");
    assert_eq!(r["structuredContent"]["declarations"].as_array().map(Vec::len), Some(1));
    assert_eq!(r["structuredContent"]["complete"], false);

    // maximum_requirements: `attackopt maximum` (issue 38).
    let r = c.call("maximum_requirements", json!({ "board": board, "options": { "method": "exhaustive" } }));
    assert_eq!(r["isError"], false, "{r}");
    assert_eq!(r["structuredContent"], cli_json(&["maximum", &bs, "--exhaustive"]));

    // explain_board: validate's view.
    let r = c.call("explain_board", json!({ "board": board }));
    assert_eq!(r["isError"], false, "{r}");
    assert_eq!(r["structuredContent"]["creatures"], cli_json(&["validate", &bs])["creatures"]);

    // A bad board: a tool error with the command line's message.
    let mut bad = board.clone();
    bad["permanents"][0]["controller"] = json!("Z");
    let r = c.call("explain_board", json!({ "board": bad }));
    assert_eq!(r["isError"], true, "{r}");
    let msg = text_of(&r);
    let bad_file = std::env::temp_dir().join(format!("attackopt-mcp-bad-{}.json", std::process::id()));
    std::fs::write(&bad_file, bad.to_string()).expect("write");
    let cli = Command::new(env!("CARGO_BIN_EXE_attackopt")).arg("validate").arg(&bad_file).output().expect("runs");
    let _ = std::fs::remove_file(&bad_file);
    assert_eq!(cli.status.code(), Some(2));
    let cli_err = String::from_utf8_lossy(&cli.stderr).into_owned();
    let cli_tail = cli_err.split_once(": at ").map(|(_, t)| t.trim().to_string()).expect("the CLI names a path");
    assert_eq!(msg, format!("board: at {cli_tail}"), "the same message as the command line");
    assert!(msg.contains("permanents[0].controller"), "{msg}");

    // Bad boards through every tool, a bad declaration, a board that is not an object.
    for tool in ["check_attack", "solve_attack", "enumerate_attacks", "maximum_requirements"] {
        let r = c.call(tool, json!({ "board": bad, "declaration": decl }));
        assert_eq!(r["isError"], true, "{tool}: {r}");
        assert!(text_of(&r).contains("permanents[0].controller"), "{tool}: {r}");
    }
    let r = c.call("check_attack", json!({ "board": board, "declaration": { "attacks": [ { "creature": "serpant", "target": "B" } ] } }));
    assert_eq!(r["isError"], true);
    assert!(text_of(&r).contains("declaration: at attacks[0].creature") && text_of(&r).contains("serpent"), "{r}");
    let r = c.call("solve_attack", json!({ "board": "models/paid-vs-free.json" }));
    assert_eq!(r["isError"], true);
    let r = c.call("solve_attack", json!({ "board": board, "objective": "glory" }));
    assert_eq!(r["isError"], true);
    assert!(text_of(&r).contains("objective"));

    // An unknown tool is a protocol error, and the server goes on.
    let r = c.request("tools/call", json!({ "name": "declare_war", "arguments": {} }));
    assert!(r.get("error").is_some() || r["result"]["isError"] == true, "{r}");
    let r = c.call("explain_board", json!({ "board": board }));
    assert_eq!(r["isError"], false);

    let seen = c.stdout_seen.clone();
    let (code, stderr) = c.finish();
    assert_eq!(code, Some(0), "stderr:\n{stderr}");
    assert!(stderr.contains("attackopt mcp:"), "logs go to standard error:\n{stderr}");
    for line in seen {
        assert!(line.starts_with('{') && line.contains("\"jsonrpc\""), "stdout carries only the protocol: {line}");
    }
}

/// `list_cards` over MCP: the catalog with what each card does for attacking and its CR numbers
/// (CR 508.1d: Propaganda's tax), the same JSON as `attackopt cards --format json`; and a board
/// naming a card attackopt does not know is answered with the warning and its did-you-mean in
/// every tool's structured content (issue 13).
#[test]
fn cr_508_1d_list_cards_and_unknown_name_warnings_over_mcp() {
    let mut c = Client::start();
    c.request(
        "initialize",
        json!({ "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "attackopt-test", "version": "1" } }),
    );
    c.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
    let list = c.request("tools/list", json!({}));
    let tool = list["result"]["tools"].as_array().expect("tools").iter().find(|t| t["name"] == "list_cards").cloned().expect("list_cards is listed");
    assert!(tool["description"].as_str().is_some_and(|d| d.contains("Comprehensive Rules")), "{tool}");
    assert!(tool["inputSchema"]["required"].as_array().is_none_or(|r| r.is_empty()), "no argument is required: {tool}");

    let r = c.call("list_cards", json!({}));
    assert_eq!(r["isError"], false, "{r}");
    let cards = &r["structuredContent"];
    assert_eq!(*cards, cli_json(&["cards"]), "the command line's JSON");
    let propaganda = cards["cards"].as_array().expect("cards").iter().find(|c| c["name"] == "Propaganda").expect("Propaganda");
    assert!(propaganda["summary"].as_str().is_some_and(|s| s.contains("{2}")), "{propaganda}");
    assert_eq!(propaganda["cr"], json!(["508.1d", "508.1g-h"]));
    let schema = attackopt::schema("cards").expect("the cards schema");
    assert!(jsonschema::validator_for(&schema).expect("a schema").is_valid(cards), "list_cards matches `attackopt schema cards`");

    let board = json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [
            { "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2 },
            { "id": "prop", "name": "Propoganda", "controller": "B", "types": ["Enchantment"] } ] });
    let calls = [
        ("check_attack", json!({ "board": board, "declaration": { "attacks": [] } })),
        ("solve_attack", json!({ "board": board })),
        ("enumerate_attacks", json!({ "board": board })),
        ("explain_board", json!({ "board": board })),
    ];
    for (tool, arguments) in calls {
        let r = c.call(tool, arguments);
        assert_eq!(r["isError"], false, "{tool}: {r}");
        let warnings = r["structuredContent"]["warnings"].as_array().cloned().unwrap_or_default();
        assert_eq!(warnings.len(), 1, "{tool}: {r}");
        assert_eq!(warnings[0]["path"], "permanents[1].name", "{tool}");
        assert!(warnings[0]["message"].as_str().is_some_and(|m| m.contains("did you mean \"Propaganda\"?")), "{tool}: {r}");
    }
    let (code, stderr) = c.finish();
    assert_eq!(code, Some(0), "stderr:\n{stderr}");
}

/// A huge board with a short time limit is answered within the limit plus the server's grace
/// (0.3 s), with "no proof", even though reading and encoding it can't be interrupted; the
/// server then answers the next request (issue 6: no hangs past the time limit).
#[test]
fn a_huge_board_is_answered_within_the_time_limit() {
    let out = Command::new(env!("CARGO_BIN_EXE_attackopt"))
        .args(["generate", "--players", "8", "--creatures", "90000", "--seed", "3", "--profile", "adversarial"])
        .output()
        .expect("runs");
    let board: Value = serde_json::from_slice(&out.stdout).expect("a board");
    let mut c = Client::start();
    c.request("initialize", json!({ "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "test", "version": "0" } }));
    c.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
    let request = json!({ "board": board, "options": { "time_limit": 0.5 } });
    let started = std::time::Instant::now();
    let r = c.call("solve_attack", request);
    let took = started.elapsed();
    assert_eq!(r["isError"], true, "{}", text_of(&r));
    assert!(text_of(&r).contains("time limit"), "{}", text_of(&r));
    // The server's clock starts at the request's first byte and it answers by the limit plus
    // 0.3 s, however long the parse takes. Writing 37 MB on a busy machine counts here too, so
    // the bound is wide (issue 11, F10: 5 s failed by chance once); the figures themselves
    // belong to benchmarks.
    assert!(took < Duration::from_secs(20), "answered after {took:?}");
    let small = read_json("models/commander-goad-propaganda.json");
    let r = c.call("solve_attack", json!({ "board": small }));
    assert!(r.get("isError").is_none_or(|e| e == false), "{}", text_of(&r));
    let (code, _) = c.finish();
    assert_eq!(code, Some(0));
}

/// The lines of a whole session written at once, then end of input, as `printf ... | attackopt
/// mcp` does: the answers, each parsed, and the exit status. Killed after 60 s.
pub(crate) fn piped_session(lines: &[Vec<u8>]) -> (Vec<Value>, Option<i32>) {
    piped_session_with(&[], &[], lines)
}

/// [`piped_session`] with more arguments after `mcp` (`--cards DIR`) and environment variables
/// for the server (`ATTACKOPT_CACHE_DIR`).
pub(crate) fn piped_session_with(args: &[&str], env: &[(&str, &str)], lines: &[Vec<u8>]) -> (Vec<Value>, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_attackopt"))
        .arg("mcp")
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input: Vec<u8> = lines.iter().flat_map(|l| l.iter().copied().chain([b'\n'])).collect();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || BufReader::new(stdout).lines().map_while(Result::ok).collect::<Vec<String>>());
    let started = std::time::Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = writer.join();
    let answers = reader.join().expect("read").iter().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"))).collect();
    (answers, code)
}

pub(crate) fn initialize_lines() -> Vec<Vec<u8>> {
    vec![
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "sh", "version": "0"}}}).to_string().into_bytes(),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string().into_bytes(),
    ]
}

pub(crate) fn answer_to(answers: &[Value], id: u64) -> &Value {
    answers.iter().find(|a| a["id"] == json!(id)).unwrap_or_else(|| panic!("no answer to id {id}: {answers:?}"))
}

/// Issue 11, F07 and F08: with the whole session piped in, a request that takes longer than the
/// input is still answered (the server exited at end of input before), an exhaustive call is
/// bounded by its time limit, and the server then exits.
#[test]
fn piped_requests_are_all_answered_before_the_server_exits() {
    let slow = read_json("tests/boards/exhaustive-slow.json");
    let adversarial = Command::new(env!("CARGO_BIN_EXE_attackopt"))
        .args(["generate", "--players", "8", "--creatures", "1000", "--seed", "1", "--profile", "adversarial"])
        .output()
        .expect("runs");
    let adversarial: Value = serde_json::from_slice(&adversarial.stdout).expect("a board");
    let mut lines = initialize_lines();
    let call = |id: u64, tool: &str, arguments: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}).to_string().into_bytes()
    };
    lines.push(call(2, "solve_attack", json!({"board": slow, "options": {"method": "exhaustive", "time_limit": 1}})));
    // rmcp's own transport gave in-flight requests 5 s after end of input.
    lines.push(call(3, "solve_attack", json!({"board": adversarial, "options": {"time_limit": 6}})));
    // Answered 8.3 s after end of input: a call that ends later than rmcp's 5 s (the adversarial
    // solve may finish sooner; this one runs to its limit).
    lines.push(call(4, "solve_attack", json!({"board": slow, "options": {"method": "exhaustive", "time_limit": 8}})));
    let (answers, code) = piped_session(&lines);
    assert_eq!(code, Some(0), "the server should exit after answering: {answers:?}");
    let exhaustive = answer_to(&answers, 2);
    assert!(text_of(&exhaustive["result"]).contains("time limit"), "{exhaustive}");
    let solved = answer_to(&answers, 3);
    assert!(solved.get("result").is_some(), "{solved}");
    let late = answer_to(&answers, 4);
    assert!(text_of(&late["result"]).contains("time limit"), "{late}");
}

/// Issue 11, F10: the time limit counts from the request's first byte, not from when rmcp has
/// parsed it. A client that takes 2.5 s to write a request with a 1 s limit gets "time limit"
/// at once, where the clock started after the parse solved the small board and answered late.
#[test]
fn the_time_limit_counts_from_the_first_byte_of_the_request() {
    let board = read_json("models/commander-goad-propaganda.json");
    let line = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "solve_attack", "arguments": {"options": {"time_limit": 1}, "board": board}}})
        .to_string();
    let (head, tail) = line.split_at(line.len() / 2);
    let mut c = Client::start();
    c.request("initialize", json!({ "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "test", "version": "0" } }));
    c.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
    let stdin = c.stdin.as_mut().expect("open");
    stdin.write_all(head.as_bytes()).and_then(|()| stdin.flush()).expect("write");
    std::thread::sleep(Duration::from_millis(2500));
    stdin.write_all(format!("{tail}\n").as_bytes()).and_then(|()| stdin.flush()).expect("write");
    let answer = loop {
        let l = c.lines.recv_timeout(Duration::from_secs(60)).expect("an answer to id 2");
        let msg: Value = serde_json::from_str(&l).unwrap_or_else(|e| panic!("{e}: {l}"));
        if msg["id"] == json!(2) {
            break msg;
        }
    };
    assert_eq!(answer["result"]["isError"], json!(true), "{answer}");
    assert!(text_of(&answer["result"]).contains("time limit"), "{answer}");
    // The small board itself is solved within its limit.
    c.next_id = 3;
    let r = c.call("solve_attack", json!({"board": board, "options": {"time_limit": 1}}));
    assert!(r.get("isError").is_none_or(|e| e == false), "{}", text_of(&r));
    let (code, _) = c.finish();
    assert_eq!(code, Some(0));
}

/// Issue 11, F09 and F15: every line gets an answer. A board nested 125 deep (the command line
/// takes it) is past serde_json's 128 levels inside the envelope: a parse error under the
/// request's own id, not silence. Bad JSON and invalid UTF-8 get -32700, `arguments` that are
/// not an object -32602 (it was -32601, "method not found").
#[test]
fn every_line_gets_an_answer() {
    let mut nested = json!(1);
    for _ in 0..124 {
        nested = json!([nested]);
    }
    let board = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}], "permanents": [], "extra": nested});
    let mut lines = initialize_lines();
    lines.push(
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "solve_attack", "arguments": {"board": board}}})
            .to_string()
            .into_bytes(),
    );
    lines.push(br#"{"jsonrpc":"2.0","id":3,"method":"#.to_vec());
    lines.push(b"not json".to_vec());
    lines.push(b"\xff\xfe".to_vec());
    lines.push(br#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"solve_attack","arguments":"x"}}"#.to_vec());
    lines.push(br#"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#.to_vec());
    let (answers, code) = piped_session(&lines);
    assert_eq!(code, Some(0));
    let deep = answer_to(&answers, 2);
    assert_eq!(deep["error"]["code"], -32700, "{deep}");
    assert!(deep["error"]["message"].as_str().unwrap_or_default().contains("nested deeper than 128"), "{deep}");
    assert_eq!(answer_to(&answers, 3)["error"]["code"], -32700);
    let anonymous: Vec<&Value> = answers.iter().filter(|a| a["id"].is_null()).collect();
    assert_eq!(anonymous.len(), 2, "not json and invalid UTF-8: {answers:?}");
    assert!(anonymous.iter().all(|a| a["error"]["code"] == -32700));
    assert_eq!(answer_to(&answers, 4)["error"]["code"], -32602);
    assert!(answer_to(&answers, 5)["result"]["tools"].is_array());
}

/// Issue 11, F19: serde's derive reads a struct from a list. Tool arguments whose options, or an
/// object inside the board or declaration, are written as lists are refused with a tool error:
/// the options as rmcp reports arguments it cannot read, the board and declaration as the
/// command line refuses them, naming the JSON path.
#[test]
fn objects_written_as_lists_are_refused() {
    let board = json!({
        "attackopt": 1, "active_player": "A", "variant": {"attack": "multiple"}, "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [{"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "toughness": 2}]
    });
    let decl = json!({"attacks": [{"creature": "bear", "target": "B"}], "payment": []});
    let mut listed_variant = board.clone();
    listed_variant["variant"] = json!(["multiple"]);
    let call = |id: u64, tool: &str, arguments: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}).to_string().into_bytes()
    };
    let mut lines = initialize_lines();
    lines.push(call(2, "check_attack", json!({"board": board, "declaration": decl, "options": {"baseline": "free"}})));
    lines.push(call(3, "check_attack", json!({"board": board, "declaration": decl, "options": ["free", 1]})));
    lines.push(call(4, "solve_attack", json!({"board": board, "options": ["paid"]})));
    lines.push(call(5, "solve_attack", json!({"board": listed_variant})));
    lines.push(call(6, "check_attack", json!({"board": board, "declaration": {"attacks": [["bear", "B"]]}})));
    lines.push(call(7, "check_attack", json!({"board": board, "declaration": {"attacks": [], "payment": [["bear"]]}})));
    let (answers, code) = piped_session(&lines);
    assert_eq!(code, Some(0));
    assert_eq!(answer_to(&answers, 2)["result"]["structuredContent"]["legal"], json!(true), "{answers:?}");
    for (id, path) in [
        (3, "failed to deserialize parameters: at options: "),
        (4, "failed to deserialize parameters: at options: "),
        (5, "board: at variant: "),
        (6, "declaration: at attacks[0]: "),
        (7, "declaration: at payment[0]: "),
    ] {
        let a = answer_to(&answers, id);
        assert_eq!(a["result"]["isError"], json!(true), "{a}");
        let text = text_of(&a["result"]);
        assert!(text.contains(path) && text.contains("expected an object"), "{id}: {text}");
    }
}

/// The answers with this id (a batch's answers are looked into).
fn answers_to<'a>(answers: &'a [Value], id: &Value) -> Vec<&'a Value> {
    answers.iter().flat_map(|a| a.as_array().map_or_else(|| vec![a], |all| all.iter().collect())).filter(|a| a["id"] == *id).collect()
}

pub(crate) fn tool_call(id: Value, tool: &str, arguments: Value) -> Vec<u8> {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}).to_string().into_bytes()
}

fn small_board() -> Value {
    json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [{"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2}]})
}

/// Issue 36, R01: a tool call refused before it reaches rmcp (no `"jsonrpc"`, a fractional id,
/// F09's board nested 125 deep) is answered once, with its error: it was answered again with
/// "no proof" at its deadline, and the server stayed up until then (10 s for F09's default
/// limit) after the end of input.
#[test]
fn r01_a_refused_tool_call_is_answered_once() {
    let mut nested = json!(1);
    for _ in 0..124 {
        nested = json!([nested]);
    }
    let mut deep = small_board();
    deep["extra"] = nested;
    let mut no_version: Value =
        serde_json::from_slice(&tool_call(json!(10), "solve_attack", json!({"board": small_board(), "options": {"time_limit": 1}}))).expect("JSON");
    no_version.as_object_mut().expect("an object").remove("jsonrpc");
    let mut lines = initialize_lines();
    lines.push(no_version.to_string().into_bytes());
    lines.push(tool_call(json!(1.5), "solve_attack", json!({"board": small_board(), "options": {"time_limit": 1}})));
    lines.push(tool_call(json!(2), "solve_attack", json!({"board": deep})));
    let started = std::time::Instant::now();
    let (answers, code) = piped_session(&lines);
    assert_eq!(code, Some(0), "{answers:?}");
    assert!(started.elapsed() < Duration::from_secs(5), "the server stayed {:?} after the end of input", started.elapsed());
    let ten = answers_to(&answers, &json!(10));
    assert_eq!(ten.len(), 1, "{answers:?}");
    assert_eq!(ten[0]["error"]["code"], -32600, "{answers:?}");
    assert!(ten[0]["error"]["message"].as_str().unwrap_or_default().contains("jsonrpc"), "{answers:?}");
    let fraction = answers_to(&answers, &Value::Null);
    assert_eq!(fraction.len(), 1, "{answers:?}");
    assert!(fraction[0]["error"]["message"].as_str().unwrap_or_default().contains("found 1.5"), "{answers:?}");
    assert!(answers_to(&answers, &json!(1.5)).is_empty(), "an invalid id is answered as null: {answers:?}");
    let two = answers_to(&answers, &json!(2));
    assert_eq!(two.len(), 1, "F09 answered once: {answers:?}");
    assert_eq!(two[0]["error"]["code"], -32700, "{answers:?}");
}

/// Issue 36, R01: a request reusing the id of one refused earlier gets its own answer; the
/// refused one's deadline (1 s) answered it "no proof: the time limit (1 s) ran out" and its
/// real answer was dropped.
#[test]
fn r01_a_reused_id_gets_its_own_answer() {
    let slow = read_json("tests/boards/exhaustive-slow.json");
    let mut refused: Value =
        serde_json::from_slice(&tool_call(json!(2), "solve_attack", json!({"board": small_board(), "options": {"time_limit": 1}}))).expect("JSON");
    refused.as_object_mut().expect("an object").remove("jsonrpc");
    let mut lines = initialize_lines();
    lines.push(refused.to_string().into_bytes());
    // Runs to its own limit, past the refused request's deadline.
    lines.push(tool_call(json!(2), "solve_attack", json!({"board": slow, "options": {"method": "exhaustive", "time_limit": 2}})));
    let (answers, code) = piped_session(&lines);
    assert_eq!(code, Some(0), "{answers:?}");
    let two = answers_to(&answers, &json!(2));
    assert_eq!(two.len(), 2, "the refusal and the real answer: {answers:?}");
    assert_eq!(two[0]["error"]["code"], -32600, "{answers:?}");
    let text = text_of(&two[1]["result"]);
    assert!(!text.contains("(1 s)"), "the refused request's deadline answered the new one: {text}");
}

/// Issue 36, R01: a request whose id is already pending is refused (-32600, id null, so that
/// the pending one keeps its single answer under its id), and the pending one gets its own
/// answer; ids are compared as JSON (2 and "2" differ).
#[test]
fn r01_an_id_in_use_is_refused_and_the_first_request_answered() {
    let slow = read_json("tests/boards/exhaustive-slow.json");
    let mut lines = initialize_lines();
    lines.push(tool_call(json!(2), "solve_attack", json!({"board": slow, "options": {"method": "exhaustive", "time_limit": 1}})));
    lines.push(tool_call(json!(2), "solve_attack", json!({"board": small_board()})));
    lines.push(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}).to_string().into_bytes());
    lines.push(json!({"jsonrpc": "2.0", "id": "2", "method": "tools/list"}).to_string().into_bytes());
    let (answers, code) = piped_session(&lines);
    assert_eq!(code, Some(0));
    let refused = answers_to(&answers, &Value::Null);
    assert_eq!(refused.len(), 2, "{refused:?}");
    assert!(
        refused.iter().all(|a| a["error"]["code"] == -32600 && a["error"]["message"].as_str().is_some_and(|m| m.contains("id 2 is already used"))),
        "{refused:?}"
    );
    let two = answers_to(&answers, &json!(2));
    assert_eq!(two.len(), 1, "{two:?}");
    assert!(text_of(&two[0]["result"]).contains("time limit"), "the first request's own answer: {two:?}");
    assert!(answers_to(&answers, &json!("2"))[0]["result"]["tools"].is_array());
}

/// Issue 36, R10: a cancelled request (`notifications/cancelled`) is not waited for at end of
/// input (after a cancelled `explain_board` or `resources/read` the server never exited) and is
/// never answered "time limit ran out" (a cancelled solve that took 5 ms was, at its deadline).
/// MCP: the receiver of a cancellation should not answer the request, so none gets an answer
/// unless it was written before the cancellation was read.
#[test]
fn r10_cancelled_requests_are_not_waited_for_nor_told_time_limit() {
    let board = Command::new(env!("CARGO_BIN_EXE_attackopt"))
        .args(["generate", "--players", "4", "--creatures", "3000", "--seed", "1"])
        .output()
        .expect("runs");
    let board: Value = serde_json::from_slice(&board.stdout).expect("a board");
    let cancel = |id: u64| {
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": id, "reason": "test"}}).to_string().into_bytes()
    };
    let mut lines = initialize_lines();
    lines.push(tool_call(json!(5), "explain_board", json!({"board": board})));
    lines.push(cancel(5));
    lines
        .push(json!({"jsonrpc": "2.0", "id": 8, "method": "resources/read", "params": {"uri": "attackopt://schema/board"}}).to_string().into_bytes());
    lines.push(cancel(8));
    lines.push(tool_call(json!(7), "solve_attack", json!({"board": small_board(), "options": {"time_limit": 2}})));
    lines.push(cancel(7));
    lines.push(json!({"jsonrpc": "2.0", "id": 9, "method": "tools/list"}).to_string().into_bytes());
    let started = std::time::Instant::now();
    let (answers, code) = piped_session(&lines);
    assert_eq!(code, Some(0), "the server exits at end of input: {answers:?}");
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
    assert!(answers_to(&answers, &json!(5)).is_empty(), "the cancelled explain_board: {answers:?}");
    for id in [7, 8] {
        let these = answers_to(&answers, &json!(id));
        assert!(these.len() <= 1, "{answers:?}");
        assert!(these.iter().all(|a| !text_of(&a["result"]).contains("time limit")), "cancelled {id} told time limit: {answers:?}");
    }
    assert!(answer_to(&answers, 9)["result"]["tools"].is_array(), "{answers:?}");
}

/// Issue 36, R11: a line that is JSON but not a request object gets a -32600 Invalid Request
/// with id null (JSON-RPC 2.0 sections 5 and 6): `[]`, `5`, `null`, `"x"`, an id that is an
/// object, a list, null or a fraction; `[1, 2]` gets a list of two. A response and a
/// notification that can't be read get nothing (JSON-RPC 2.0 section 4.1). They got no answer.
#[test]
fn r11_lines_that_are_not_requests_get_invalid_request() {
    let mut lines = initialize_lines();
    for line in [
        "[]",
        "5",
        "null",
        "\"x\"",
        r#"{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":[1],"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":null,"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":2.5,"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","method":1,"params":"bar"}"#,
        r#"[1, 2]"#,
        // Nothing for these two.
        r#"{"jsonrpc":"2.0","id":99,"result":{"x":1}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{"a":1}}}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#,
    ] {
        lines.push(line.as_bytes().to_vec());
    }
    let (answers, code) = piped_session(&lines);
    assert_eq!(code, Some(0), "{answers:?}");
    let singles: Vec<&Value> = answers.iter().filter(|a| a["id"].is_null() && a.is_object()).collect();
    assert_eq!(singles.len(), 9, "{answers:?}");
    assert!(singles.iter().all(|a| a["error"]["code"] == -32600 && a["jsonrpc"] == "2.0"), "{answers:?}");
    let lists: Vec<&Value> = answers.iter().filter(|a| a.is_array()).collect();
    assert_eq!(lists.len(), 1, "{answers:?}");
    assert_eq!(lists[0].as_array().map(Vec::len), Some(2), "{answers:?}");
    assert!(lists[0].as_array().into_iter().flatten().all(|a| a["error"]["code"] == -32600 && a["id"].is_null()), "{answers:?}");
    assert!(answers_to(&answers, &json!(99)).is_empty(), "a response is not answered: {answers:?}");
    assert!(answer_to(&answers, 3)["result"]["tools"].is_array());
    assert_eq!(answers.len(), 12, "initialize, 9 errors, a list, id 3: {answers:?}");
}

/// Issue 36, R11: JSON-RPC batches (MCP 2025-03-26, which the server agrees to, requires them)
/// are answered with one list holding an answer per request, in any protocol version; a
/// notification in a batch is not answered, a batch of notifications gets nothing, an element
/// that is not a request gets its error in the list, `initialize` in a batch is refused, and a
/// tool call's time limit holds in a batch. The batch's requests were lost.
#[test]
fn r11_batches_are_answered_with_one_list() {
    let slow = read_json("tests/boards/exhaustive-slow.json");
    let mut lines = vec![
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "sh", "version": "0"}}}).to_string().into_bytes(),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string().into_bytes(),
    ];
    let batch = |elements: Vec<Value>| Value::Array(elements).to_string().into_bytes();
    let call = |id: Value, tool: &str, arguments: Value| -> Value { serde_json::from_slice(&tool_call(id, tool, arguments)).expect("JSON") };
    lines.push(batch(vec![
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
        call(json!(3), "list_cards", json!({})),
        json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 1, "progress": 1}}),
    ]));
    lines.push(batch(vec![
        call(json!("a"), "solve_attack", json!({"board": small_board()})),
        json!(5),
        call(json!("b"), "solve_attack", json!({"board": slow, "options": {"method": "exhaustive", "time_limit": 1}})),
        json!({"jsonrpc": "2.0", "id": "c", "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "sh", "version": "0"}}}),
    ]));
    lines.push(batch(vec![json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 1, "progress": 2}})]));
    lines.push(br#"[{"jsonrpc":"2.0","id":4,"method":"tools/list"},{"jsonrpc":"2.0","method"]"#.to_vec());
    let (answers, code) = piped_session(&lines);
    assert_eq!(code, Some(0), "{answers:?}");
    assert_eq!(answer_to(&answers, 1)["result"]["protocolVersion"], "2025-03-26");
    let lists: Vec<&Vec<Value>> = answers.iter().filter_map(Value::as_array).collect();
    assert_eq!(lists.len(), 2, "a list per batch with a request, none for notifications alone: {answers:?}");
    let first = lists.iter().find(|l| l.iter().any(|a| a["id"] == 2)).expect("the first batch's list");
    assert_eq!(first.len(), 2, "{first:?}");
    assert!(first.iter().any(|a| a["id"] == 3 && a["result"]["structuredContent"]["cards"].is_array()), "{first:?}");
    let second = lists.iter().find(|l| l.iter().any(|a| a["id"] == "a")).expect("the second batch's list");
    assert_eq!(second.len(), 4, "{second:?}");
    let by_id = |id: Value| second.iter().find(|a| a["id"] == id).unwrap_or_else(|| panic!("{id} in {second:?}"));
    assert_eq!(by_id(json!("a"))["result"]["structuredContent"]["legal"], true, "{second:?}");
    assert!(text_of(&by_id(json!("b"))["result"]).contains("time limit"), "{second:?}");
    assert_eq!(by_id(json!("c"))["error"]["code"], -32600, "{second:?}");
    assert_eq!(by_id(Value::Null)["error"]["code"], -32600, "{second:?}");
    // A batch that is not JSON: one parse error.
    let parse: Vec<&Value> = answers.iter().filter(|a| a["id"].is_null() && a["error"]["code"] == -32700).collect();
    assert_eq!(parse.len(), 1, "{answers:?}");
    assert!(answers_to(&answers, &json!(4)).is_empty(), "{answers:?}");
}
