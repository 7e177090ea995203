//! The three front ends (the command line, batch, MCP) build one `Request` and ask the library's
//! one function (docs/format.md "Options", issue 12): on every model they give the same results
//! and exit statuses, and each option follows the same rule in all three.

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_attackopt"));
    c.current_dir(root());
    c
}

/// The command line's `--format json` answer and exit status.
fn cli(args: &[&str]) -> (Value, i32) {
    let out = bin().args(args).args(["--format", "json"]).output().expect("runs");
    let value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stderr)));
    (value, out.status.code().expect("an exit status"))
}

/// Run with this standard input, written from another thread: the answers fill the output
/// pipe while the input is still being written.
fn run(command: &mut Command, input: String) -> Output {
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).expect("write"));
    let out = child.wait_with_output().expect("ends");
    writer.join().expect("written");
    out
}

/// Batch's answer lines for these requests, in order.
fn batch(requests: &[Value]) -> Vec<Value> {
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = run(bin().args(["batch", "-", "--quiet"]), input);
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

/// MCP's `tools/call` results for these (tool, arguments), by position.
fn mcp(calls: &[(&str, Value)]) -> Vec<Value> {
    let mut input = json!({"jsonrpc": "2.0", "id": "init", "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "front_ends", "version": "0"}}})
    .to_string();
    input.push('\n');
    input.push_str(&format!("{}\n", json!({"jsonrpc": "2.0", "method": "notifications/initialized"})));
    for (i, (tool, arguments)) in calls.iter().enumerate() {
        input
            .push_str(&format!("{}\n", json!({"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": tool, "arguments": arguments}})));
    }
    let out = run(bin().arg("mcp").stderr(Stdio::null()), input);
    let mut by_id: BTreeMap<u64, Value> = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let msg: Value = serde_json::from_str(line).expect("JSON");
        if let Some(id) = msg["id"].as_u64() {
            by_id.insert(id, msg["result"].clone());
        }
    }
    assert_eq!(by_id.len(), calls.len(), "one answer per call");
    by_id.into_values().collect()
}

fn read(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("readable")).expect("JSON")
}

fn rel(p: &Path) -> String {
    p.strip_prefix(root()).expect("in the repository").to_string_lossy().into_owned()
}

/// The model boards and their declaration files (models/declarations/<board>[.<suffix>].json).
fn models() -> Vec<(PathBuf, Vec<PathBuf>)> {
    let sorted = |dir: PathBuf| {
        let mut v: Vec<PathBuf> =
            std::fs::read_dir(dir).expect("dir").map(|e| e.expect("entry").path()).filter(|p| p.extension().is_some_and(|x| x == "json")).collect();
        v.sort();
        v
    };
    let declarations = sorted(root().join("models/declarations"));
    sorted(root().join("models"))
        .into_iter()
        .map(|b| {
            let stem = b.file_stem().expect("name").to_string_lossy().into_owned();
            let mine =
                declarations.iter().filter(|d| d.file_name().unwrap().to_string_lossy().split('.').next() == Some(stem.as_str())).cloned().collect();
            (b, mine)
        })
        .collect()
}

#[test]
fn every_front_end_gives_the_same_answers_on_the_models() {
    // (command line arguments, batch request, MCP call) for one question.
    let mut cases: Vec<(Vec<String>, Value, (&str, Value))> = Vec::new();
    for (board, declarations) in models() {
        let (path, value) = (rel(&board), read(&board));
        for d in &declarations {
            cases.push((
                vec!["check".into(), path.clone(), rel(d), "--baseline".into(), "free".into()],
                json!({"command": "check", "board": path, "declaration": rel(d), "options": {"baseline": "free"}}),
                ("check_attack", json!({"board": value, "declaration": read(d), "options": {"baseline": "free"}})),
            ));
        }
        // A board with combat is solved for a defender (docs/blocks.md): an objective of blocks.
        let objective = if value.get("combat").is_some() { "kills" } else { "attackers" };
        cases.push((
            vec!["solve".into(), path.clone(), "--objective".into(), objective.into()],
            json!({"command": "solve", "board": path, "objective": objective}),
            ("solve_attack", json!({"board": value, "objective": objective})),
        ));
        cases.push((
            vec!["enumerate".into(), path.clone(), "--limit".into(), "7".into()],
            json!({"command": "enumerate", "board": path, "limit": 7}),
            ("enumerate_attacks", json!({"board": value, "limit": 7, "detail": "full"})),
        ));
        cases.push((
            vec!["maximum".into(), path.clone(), "--baseline".into(), "free".into()],
            json!({"command": "maximum", "board": path, "options": {"baseline": "free"}}),
            ("maximum_requirements", json!({"board": value, "options": {"baseline": "free"}})),
        ));
        cases.push((
            vec!["validate".into(), path.clone()],
            json!({"command": "validate", "board": path}),
            ("explain_board", json!({"board": value})),
        ));
    }
    let batch_answers = batch(&cases.iter().map(|c| c.1.clone()).collect::<Vec<_>>());
    let mcp_answers = mcp(&cases.iter().map(|c| c.2.clone()).collect::<Vec<_>>());
    for (i, (args, _, _)) in cases.iter().enumerate() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (result, exit) = cli(&args);
        let what = args.join(" ");
        assert_eq!(batch_answers[i]["result"], result, "{what}: batch differs from the command line");
        assert_eq!(batch_answers[i]["exit"], json!(exit), "{what}: batch's exit differs");
        let mut from_mcp = mcp_answers[i]["structuredContent"].clone();
        // `validate` names the file it read; MCP's board has no file.
        if args[0] == "validate" {
            from_mcp["file"] = result["file"].clone();
        }
        assert_eq!(from_mcp, result, "{what}: MCP differs from the command line");
    }
}

#[test]
fn one_time_limit_rule_in_every_front_end() {
    let board = "models/paid-vs-free.json";
    let value = read(&root().join(board));
    let solve = |limit: Value| json!({"command": "solve", "board": board, "options": {"time_limit": limit}});
    let call = |limit: Value| ("solve_attack", json!({"board": value, "options": {"time_limit": limit}}));

    // 0 is accepted and stops at once: undecided, exit 3.
    let (result, exit) = cli(&["solve", board, "--time-limit", "0"]);
    assert_eq!((result["proof"].as_str(), exit), (Some("none"), 3), "{result}");
    // A negative number is bad input, with the same words everywhere.
    let (result, exit) = cli(&["solve", board, "--time-limit=-1"]);
    assert_eq!(exit, 2);
    let expected = "expected a non-negative number of seconds, found -1";
    assert!(result["error"]["message"].as_str().is_some_and(|m| m == format!("--time-limit: {expected}")), "{result}");
    // No limit: the command line's infinity, JSON's null.
    let (result, exit) = cli(&["solve", board, "--time-limit", "inf"]);
    assert_eq!((result["optimal"].as_bool(), exit), (Some(true), 0), "{result}");

    let answers = batch(&[solve(json!(0)), solve(json!(-1)), solve(Value::Null), json!({"command": "solve", "board": board})]);
    assert_eq!((answers[0]["exit"].as_i64(), answers[0]["result"]["proof"].as_str()), (Some(3), Some("none")), "{}", answers[0]);
    assert_eq!(answers[1]["error"]["code"], 2, "{}", answers[1]);
    assert!(answers[1]["error"]["message"].as_str().is_some_and(|m| m.ends_with(&format!("at options.time_limit: {expected}"))), "{}", answers[1]);
    for a in &answers[2..] {
        assert_eq!((a["exit"].as_i64(), a["result"]["optimal"].as_bool()), (Some(0), Some(true)), "{a}");
    }

    let answers = mcp(&[call(json!(0)), call(json!(-1)), call(Value::Null), ("solve_attack", json!({"board": value}))]);
    let text = |a: &Value| a["content"][0]["text"].as_str().unwrap_or_default().to_string();
    assert_eq!(answers[0]["isError"], true, "{}", answers[0]);
    // The solver gives up at once, or the deadline watcher answers first on a busy machine.
    assert!(text(&answers[0]).contains("ran out"), "{}", answers[0]);
    assert_eq!(text(&answers[1]), format!("options.time_limit: {expected}"));
    for a in &answers[2..] {
        assert_eq!(a["structuredContent"]["optimal"], true, "{a}");
    }
}

/// `--help` ends with the exit statuses, and the value options read any case (issue 13).
#[test]
fn help_lists_exit_statuses_and_values_read_any_case() {
    let bin = env!("CARGO_BIN_EXE_attackopt");
    for args in [&["--help"][..], &["check", "--help"], &["solve", "--help"]] {
        let out = std::process::Command::new(bin).args(args).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("Exit status: 0 done") && text.contains("3 no proof"), "{args:?}: {text}");
    }
    let model = concat!(env!("CARGO_MANIFEST_DIR"), "/models/paid-vs-free.json");
    let out = std::process::Command::new(bin).args(["solve", model, "--baseline", "FREE", "--format", "Json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["baseline"], "free");
}

/// Issue 38: on the combat boards of tests/scenarios/blocks (CR 509.1), the command line, batch
/// and MCP give the same answers and exit statuses to `check` (each scenario's declarations of
/// blockers), `solve` (the default objective, and `kills`), `enumerate` (both details) and
/// `validate`; batch's `maximum` is the command line's `maximum` (MCP has no such tool).
#[test]
fn cr_509_1_every_front_end_gives_the_same_answers_on_combat_boards() {
    let dir = root().join("tests/scenarios/blocks");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).expect("scenarios").map(|e| e.expect("entry").path()).collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "json"));
    files.sort();
    assert!(files.len() >= 40, "the block scenarios: {}", files.len());
    // (command line arguments, batch request, MCP call if the command has a tool)
    type Case = (Vec<String>, Value, Option<(&'static str, Value)>);
    let mut cases: Vec<Case> = Vec::new();
    for f in &files {
        let scenario = read(f);
        let board = scenario["board"].clone();
        let path = crate::common::temp_file("front-ends-combat", &board.to_string()).to_string_lossy().into_owned();
        for (i, c) in scenario["expect"]["checks"].as_array().into_iter().flatten().enumerate() {
            let decl = crate::common::temp_file(&format!("front-ends-combat-decl{i}"), &c["declaration"].to_string()).to_string_lossy().into_owned();
            cases.push((
                vec!["check".into(), path.clone(), decl.clone()],
                json!({"command": "check", "board": path, "declaration": decl}),
                Some(("check_attack", json!({"board": board, "declaration": c["declaration"]}))),
            ));
        }
        cases.push((vec!["solve".into(), path.clone()], json!({"command": "solve", "board": path}), Some(("solve_attack", json!({"board": board})))));
        cases.push((
            vec!["solve".into(), path.clone(), "--objective".into(), "kills".into(), "--baseline".into(), "free".into()],
            json!({"command": "solve", "board": path, "objective": "kills", "options": {"baseline": "free"}}),
            Some(("solve_attack", json!({"board": board, "objective": "kills", "options": {"baseline": "free"}}))),
        ));
        for detail in ["full", "summary"] {
            cases.push((
                vec!["enumerate".into(), path.clone(), "--limit".into(), "7".into(), "--detail".into(), detail.into()],
                json!({"command": "enumerate", "board": path, "limit": 7, "detail": detail}),
                Some(("enumerate_attacks", json!({"board": board, "limit": 7, "detail": detail}))),
            ));
        }
        cases.push((
            vec!["maximum".into(), path.clone()],
            json!({"command": "maximum", "board": path}),
            Some(("maximum_requirements", json!({"board": board}))),
        ));
        cases.push((
            vec!["validate".into(), path.clone()],
            json!({"command": "validate", "board": path}),
            Some(("explain_board", json!({"board": board}))),
        ));
    }
    let batch_answers = batch(&cases.iter().map(|c| c.1.clone()).collect::<Vec<_>>());
    let calls: Vec<(&str, Value)> = cases.iter().filter_map(|c| c.2.clone()).collect();
    let mut mcp_answers = mcp(&calls).into_iter();
    let (mut checks, mut blocks_listed) = (0, 0);
    for (i, (args, _, call)) in cases.iter().enumerate() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (result, exit) = cli(&args);
        let what = args.join(" ");
        assert!(result.get("error").is_none(), "{what}: {result}");
        assert_eq!(batch_answers[i]["result"], result, "{what}: batch differs from the command line");
        assert_eq!(batch_answers[i]["exit"], json!(exit), "{what}: batch's exit differs");
        if call.is_some() {
            let mut from_mcp = mcp_answers.next().expect("an MCP answer")["structuredContent"].clone();
            if args[0] == "validate" {
                from_mcp["file"] = result["file"].clone();
            }
            assert_eq!(from_mcp, result, "{what}: MCP differs from the command line");
        }
        checks += usize::from(args[0] == "check");
        if args[0] == "enumerate" && args.contains(&"summary") {
            blocks_listed += usize::from(result["declarations"].as_array().is_some_and(|d| d.iter().all(|d| d["blocks"].is_array())));
        }
    }
    assert!(checks >= 40 && blocks_listed == files.len(), "{checks} checks, {blocks_listed} summaries of blocks");
}

/// Issue 38, CR 509.1: `{}` has neither `attacks` nor `blocks`, so it declares nothing of the
/// kind the board asks for: on a board with combat no block (as `--block none`), on an attack
/// board no attack (as `--attack none`), on the command line, in batch and through MCP alike
/// (docs/blocks.md "Input"). `{"attacks": []}` on a board with combat stays bad input naming
/// `blocks`; blocks on an attack board are refused naming the board once ("the board board"
/// was said of a board sent inline).
#[test]
fn cr_509_1_an_empty_declaration_is_no_block_on_a_board_with_combat() {
    let empty = crate::common::temp_file("front-ends-empty-decl", "{}").to_string_lossy().into_owned();
    let no_attack = crate::common::temp_file("front-ends-no-attack", r#"{"attacks": []}"#).to_string_lossy().into_owned();
    for (board, typed) in [("models/lure-menace.json", "--block"), ("models/paid-vs-free.json", "--attack")] {
        let (want, exit) = cli(&["check", board, typed, "none"]);
        assert!(want.get("error").is_none(), "{board}: {want}");
        assert_eq!(cli(&["check", board, &empty]), (want.clone(), exit), "{board}: {{}} is {typed} none");
        let answers = batch(&[json!({"command": "check", "board": board, "declaration": {}})]);
        assert_eq!((&answers[0]["result"], &answers[0]["exit"]), (&want, &json!(exit)), "{board}: batch");
        let from_mcp = mcp(&[("check_attack", json!({"board": read(&root().join(board)), "declaration": {}}))]);
        assert_eq!(from_mcp[0]["structuredContent"], want, "{board}: MCP");
    }
    let (refused, exit) = cli(&["check", "models/lure-menace.json", &no_attack]);
    assert_eq!((exit, &refused["error"]["path"]), (2, &json!("blocks")), "{refused}");
    let pvf = read(&root().join("models/paid-vs-free.json"));
    let answer = &mcp(&[("check_attack", json!({"board": pvf, "declaration": {"blocks": [{"blocker": "serpent", "attacker": "flunkies"}]}}))])[0];
    let text = answer["content"][0]["text"].as_str().unwrap_or_default();
    assert!(answer["isError"] == json!(true) && text.contains("the board has no combat") && !text.contains("board board"), "{text}");
}
