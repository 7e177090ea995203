//! Issue 34, point 4: programs can refuse to assume. Every JSON answer lists what it assumes in
//! `assumptions` (a card text attackopt does not read, a card it does not know), and under
//! `strict` (`--strict`, batch and MCP `options.strict`, Python `strict=True`, the library's
//! `Options::strict`) a board with any assumption is answered undecided: exit 3, `legal: null`,
//! the assumptions listed. `validate` answers as always; a board with no assumption answers
//! exactly as without strict.

use attackopt::{AssumptionKind, ErrorKind, Exit, Objective, Options, Outcome, Position, Request};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::{Command, Output};

use super::common::{run_with_stdin, temp_file};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_attackopt"));
    c.current_dir(root());
    c
}

/// A text beyond the reader: a cost to attack that taps a creature the declaration leaves out
/// (Hollow Warrior's, docs/oracle.md), on a creature named Okk.
const OKK: &str = "Okk can't attack unless you tap an untapped creature you control not declared as an attacking creature.";

/// A board with one sentence attackopt does not read: Okk's.
fn okk_board() -> Value {
    json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
    "permanents": [
        {"id": "okk", "name": "Okk", "controller": "A", "types": ["Creature"], "power": 4, "oracle_text": OKK},
        {"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "goaded_by": ["B"]}
    ]})
}

/// A board with one card attackopt does not know (a typo of Propaganda).
fn unknown_board() -> Value {
    json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
    "permanents": [
        {"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2},
        {"id": "prop", "name": "Propoganda", "controller": "B", "types": ["Enchantment"]}
    ]})
}

fn okk_assumption() -> Value {
    json!({"kind": "unread_text", "path": "permanents[0].oracle_text", "permanent": "okk", "card": "Okk", "clause": OKK, "needs": null})
}

fn unknown_assumption() -> Value {
    json!({"kind": "unknown_card", "path": "permanents[1].name", "permanent": "prop", "card": "Propoganda", "clause": null, "needs": null})
}

/// The two boards with what they assume, and a declaration for `check` on each.
fn boards() -> Vec<(&'static str, Value, Value, Value)> {
    vec![
        ("okk", okk_board(), okk_assumption(), json!({"attacks": [{"creature": "bear", "target": "B"}]})),
        ("unknown", unknown_board(), unknown_assumption(), json!({"attacks": []})),
    ]
}

fn file(tag: &str, v: &Value) -> String {
    temp_file(&format!("strict-{tag}"), &v.to_string()).to_string_lossy().into_owned()
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("runs")
}

/// The command line's `--format json` answer and exit status.
fn cli(args: &[&str]) -> (Value, i32) {
    let out = bin().args(args).args(["--format", "json"]).output().expect("runs");
    let value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stderr)));
    (value, out.status.code().expect("an exit status"))
}

fn batch(requests: &[Value]) -> Vec<Value> {
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = run_with_stdin(&["batch", "-", "--quiet"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect()
}

/// `tools/list` and the results of these tool calls, in order.
fn mcp(calls: &[(&str, Value)]) -> (Vec<Value>, Vec<Value>) {
    let mut lines = vec![
        json!({"jsonrpc": "2.0", "id": "init", "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "strict", "version": "0"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": "list", "method": "tools/list"}),
    ];
    for (i, (tool, arguments)) in calls.iter().enumerate() {
        lines.push(json!({"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {"name": tool, "arguments": arguments}}));
    }
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let out = run_with_stdin(&["mcp"], input.as_bytes());
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON-RPC")).collect();
    let tools = answers.iter().find(|a| a["id"] == "list").and_then(|a| a["result"]["tools"].as_array().cloned()).expect("tools/list");
    let results = (0..calls.len())
        .map(|i| answers.iter().find(|a| a["id"] == json!(i)).map(|a| a["result"].clone()).unwrap_or_else(|| panic!("no answer to call {i}")))
        .collect();
    (tools, results)
}

/// Answered, not refused (a result of any command, which may have no `legal` of its own).
fn answered(v: &Value) -> bool {
    !(v["proof"] == "none" && v["legal"].is_null() && v.get("message").is_some())
}

#[track_caller]
fn assert_valid(schema: &Value, instance: &Value, what: &str) {
    let v = jsonschema::validator_for(schema).unwrap_or_else(|e| panic!("not a valid schema ({e})"));
    let errors: Vec<String> = v.iter_errors(instance).map(|e| format!("{} at {}", e, e.instance_path())).collect();
    assert!(errors.is_empty(), "{what}: {errors:?}\n{instance:#}");
}

/// The strict refusal: undecided, the assumptions listed, the message counting them and
/// naming the first.
#[track_caller]
fn assert_refused(answer: &Value, assumption: &Value, what: &str) {
    assert_eq!(answer["proof"], "none", "{what}: {answer}");
    assert_eq!(answer["legal"], Value::Null, "{what}: {answer}");
    assert_eq!(answer["assumptions"], json!([assumption]), "{what}");
    let message = answer["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("this board has 1 thing attackopt would have to assume, and strict mode refuses to assume"), "{what}: {message}");
    assert!(message.contains(assumption["permanent"].as_str().unwrap_or("?")), "{what}: {message}");
    assert!(answer.get("warnings").is_none() && answer.get("declaration").is_none(), "{what}: nothing answered: {answer}");
}

/// Without strict, every answer lists the assumption and answers as it always did; a board
/// with none lists an empty list.
#[test]
fn every_answer_lists_its_assumptions_in_one_field() {
    for (tag, board, assumption, decl) in boards() {
        let (b, d) = (file(tag, &board), file(&format!("{tag}-decl"), &decl));
        let runs: Vec<Vec<&str>> =
            vec![vec!["check", &b, &d], vec!["solve", &b], vec!["enumerate", &b], vec!["enumerate", &b, "--detail", "summary"], vec!["validate", &b]];
        for args in runs {
            let (answer, exit) = cli(&args);
            assert_eq!(answer["assumptions"], json!([assumption]), "{tag} {args:?}: {answer}");
            // Answered as before: the bear's goad (okk) or nothing (unknown) decides it.
            match args[0] {
                "check" => assert_eq!((answer["legal"].clone(), exit), (json!(true), 0), "{tag}"),
                "solve" => assert_eq!((answer["optimal"].clone(), exit), (json!(true), 0), "{tag}"),
                "enumerate" => assert_eq!((answer["complete"].clone(), exit), (json!(true), 0), "{tag}"),
                _ => assert_eq!(exit, 0, "{tag}"),
            }
            // The warning stays, beside it.
            let warnings = answer["warnings"].as_array().cloned().unwrap_or_default();
            assert!(warnings.iter().any(|w| w["path"] == assumption["path"]), "{tag} {args:?}: {answer}");
        }
    }
    // Okk is read as a plain 4-power creature: solve sends both (its own restriction unread).
    let (solved, _) = cli(&["solve", &file("okk-again", &okk_board())]);
    assert_eq!(solved["objective"], 6, "{solved}");
    // No assumption: the field is there, empty.
    for args in [vec!["solve", "models/paid-vs-free.json"], vec!["validate", "models/paid-vs-free.json"]] {
        assert_eq!(cli(&args).0["assumptions"], json!([]), "{args:?}");
    }
}

/// `--strict` on check, solve and enumerate: exit 3, `legal: null`, the assumptions listed, in
/// JSON and in text; validate accepts the flag and answers as without it.
#[test]
fn strict_on_the_command_line_refuses_to_assume() {
    for (tag, board, assumption, decl) in boards() {
        let (b, d) = (file(tag, &board), file(&format!("{tag}-decl"), &decl));
        for args in [vec!["check", &b, &d, "--strict"], vec!["solve", &b, "--strict"], vec!["enumerate", &b, "--strict", "--detail", "summary"]] {
            let (answer, exit) = cli(&args);
            assert_eq!(exit, 3, "{tag} {args:?}");
            assert_refused(&answer, &assumption, &format!("{tag} {args:?}"));
            let text = run(&args);
            assert_eq!(text.status.code(), Some(3));
            let text = String::from_utf8_lossy(&text.stdout).into_owned();
            assert!(text.starts_with("UNDECIDED: this board has 1 thing attackopt would have to assume"), "{tag}: {text}");
            // One line per assumption: the card, its id, the clause quoted, where it is.
            let line = text.lines().find(|l| l.starts_with("  - ")).unwrap_or_else(|| panic!("{tag}: no assumption line: {text}"));
            let card = assumption["card"].as_str().unwrap_or_default();
            let id = assumption["permanent"].as_str().unwrap_or_default();
            assert!(line.contains(&format!("{card} ({id})")) && line.contains(assumption["path"].as_str().unwrap_or("?")), "{tag}: {line}");
            if let Some(clause) = assumption["clause"].as_str() {
                assert!(line.contains(&format!("\"{clause}\"")), "{tag}: {line}");
            }
        }
        // validate --strict: accepted, the same answer, exit 0.
        assert_eq!(cli(&["validate", &b, "--strict"]), cli(&["validate", &b]), "{tag}");
        let text = String::from_utf8_lossy(&run(&["validate", &b, "--strict"]).stdout).into_owned();
        assert!(text.contains("Assumed by every answer (strict mode refuses to answer on this board): 1"), "{text}");
    }
    // Bad input stays bad input under strict (exit 2 before the refusal): an id that names
    // nothing, an objective naming no player.
    let b = file("okk-bad", &okk_board());
    let bad_decl = file("okk-bad-decl", &json!({"attacks": [{"creature": "ghost", "target": "B"}]}));
    assert_eq!(cli(&["check", &b, &bad_decl, "--strict"]).1, 2);
    assert_eq!(cli(&["solve", &b, "--strict", "--objective", "damage:Z"]).1, 2);
}

/// A board with nothing to assume answers exactly as without strict, in every front end.
#[test]
fn strict_changes_nothing_on_a_board_without_assumptions() {
    let (board, decl) = ("models/paid-vs-free.json", "models/declarations/paid-vs-free.serpent-alone.json");
    for args in [vec!["check", board, decl], vec!["solve", board], vec!["enumerate", board, "--limit", "5"]] {
        let plain = cli(&args);
        let strict = cli(&[args.as_slice(), &["--strict"]].concat());
        assert_eq!(plain, strict, "{args:?}");
        assert_eq!(plain.0["assumptions"], json!([]), "{args:?}");
        assert!(answered(&plain.0), "{args:?}");
    }
    let requests: Vec<Value> = [json!({}), json!({"strict": true})]
        .iter()
        .map(|o| json!({"id": 1, "command": "check", "board": board, "declaration": decl, "options": o}))
        .collect();
    let answers = batch(&requests);
    assert_eq!((&answers[0]["exit"], &answers[0]["result"]), (&answers[1]["exit"], &answers[1]["result"]));
    let pos = Position::from_json(&std::fs::read_to_string(root().join(board)).expect("model"), "m").expect("valid");
    let strict = Options { strict: true, ..Options::default() };
    let a = pos.answer(&Request::Solve(Objective::Power), &strict).expect("answers");
    let b = pos.answer(&Request::Solve(Objective::Power), &Options::default()).expect("answers");
    assert_eq!((a.exit, serde_json::to_value(a.json()).ok()), (b.exit, serde_json::to_value(b.json()).ok()));
}

/// Batch: `options.strict` refuses check, solve, enumerate and maximum (exit 3, the undecided
/// object as `result`) and answers validate; without it every result lists the assumptions.
#[test]
fn strict_in_batch() {
    let board = okk_board();
    let decl = json!({"attacks": []});
    let mut requests = Vec::new();
    for strict in [true, false] {
        for (command, extra) in [
            ("check", json!({"declaration": decl})),
            ("solve", json!({})),
            ("enumerate", json!({"detail": "summary"})),
            ("maximum", json!({})),
            ("validate", json!({})),
        ] {
            let mut r = json!({"id": command, "command": command, "board": board, "options": {"strict": strict}});
            for (k, v) in extra.as_object().into_iter().flatten() {
                r[k] = v.clone();
            }
            requests.push(r);
        }
    }
    requests.push(json!({"id": "bad", "command": "solve", "board": board, "options": {"strict": "yes"}}));
    let answers = batch(&requests);
    let schema = attackopt::result_schema();
    for (request, answer) in requests.iter().zip(&answers).take(10) {
        let what = format!("{request}");
        let strict = request["options"]["strict"] == true;
        let result = &answer["result"];
        assert_valid(&schema, result, &what);
        match (strict, request["command"].as_str()) {
            (true, Some("validate")) | (false, _) => {
                assert_ne!(answer["exit"], 3, "{what}: {answer}");
                assert_eq!(result["assumptions"], json!([okk_assumption()]), "{what}");
            }
            (true, _) => {
                assert_eq!(answer["exit"], 3, "{what}: {answer}");
                assert_refused(result, &okk_assumption(), &what);
            }
        }
    }
    let bad = &answers[10];
    assert_eq!(bad["error"]["code"], 2, "{bad}");
    assert!(bad["error"]["message"].as_str().is_some_and(|m| m.contains("options.strict")), "{bad}");
}

/// MCP: `options.strict` in the tools' input schemas; a refused call is an answer (not a tool
/// error) that validates against the tool's output schema and the result schema.
#[test]
fn strict_in_mcp() {
    let (board, unknown) = (okk_board(), unknown_board());
    let calls = [
        ("check_attack", json!({"board": board, "declaration": {"attacks": []}, "options": {"strict": true}})),
        ("solve_attack", json!({"board": unknown, "options": {"strict": true}})),
        ("enumerate_attacks", json!({"board": board, "options": {"strict": true}})),
        ("enumerate_attacks", json!({"board": board, "detail": "full", "options": {"strict": true}})),
        ("solve_attack", json!({"board": unknown})),
        ("explain_board", json!({"board": board})),
    ];
    let (tools, results) = mcp(&calls);
    for name in ["check_attack", "solve_attack", "enumerate_attacks"] {
        let tool = tools.iter().find(|t| t["name"] == name).expect("listed");
        // The options inlined in the input schema (no `$defs`: `tools/list`'s budget).
        let options = &tool["inputSchema"]["properties"]["options"]["properties"]["strict"];
        assert_eq!(options["type"], "boolean", "{name}: {}", tool["inputSchema"]);
        assert!(options["description"].as_str().is_some_and(|d| d.contains("undecided")), "{name}");
    }
    let schema = attackopt::result_schema();
    for ((name, arguments), result) in calls.iter().zip(&results) {
        let what = format!("{name} {arguments}");
        assert_eq!(result["isError"], false, "{what}: {result}");
        let content = &result["structuredContent"];
        let tool = tools.iter().find(|t| t["name"] == *name).expect("listed");
        assert_valid(&tool["outputSchema"], content, &format!("{what} against its output schema"));
        assert_valid(&schema, content, &format!("{what} against the result schema"));
        let assumption = if arguments["board"] == unknown { unknown_assumption() } else { okk_assumption() };
        if arguments["options"]["strict"] == true {
            assert_refused(content, &assumption, &what);
        } else {
            assert_eq!(content["assumptions"], json!([assumption]), "{what}");
            assert!(answered(content), "{what}");
        }
    }
}

/// The library: `Options::strict`, the answer's exit and outcome, its JSON and its text; the
/// assumptions are on the board (`ValidBoard::assumptions`) and in every answer.
#[test]
fn strict_in_the_library() {
    let pos = Position::from_json(&okk_board().to_string(), "okk.json").expect("valid");
    assert_eq!(pos.board.assumptions.len(), 1);
    let a = &pos.board.assumptions[0];
    assert_eq!((a.kind, a.permanent.as_str(), a.clause.as_deref()), (AssumptionKind::UnreadText, "okk", Some(OKK)));
    let strict = Options { strict: true, ..Options::default() };
    let decl = pos.declaration_from_json(r#"{"attacks": []}"#, "d.json").expect("a declaration");
    let requests =
        [Request::Check(decl), Request::Solve(Objective::Power), Request::Enumerate { limit: 5, detail: attackopt::Detail::Full }, Request::Maximum];
    for request in &requests {
        let answer = pos.answer(request, &strict).expect("an answer");
        assert_eq!(answer.exit, Exit::Undecided, "{request:?}");
        assert!(matches!(&answer.result, Outcome::Undecided(u) if u.assumptions.as_deref() == Some(&pos.board.assumptions[..])), "{request:?}");
        assert_refused(&serde_json::to_value(answer.json()).expect("JSON"), &okk_assumption(), &format!("{request:?}"));
        let text = answer.to_text(&pos, &strict);
        assert!(text.contains(&format!("  - Okk (okk): \"{OKK}\"")), "{text}");
        // Without strict: answered, the assumption listed.
        let plain = pos.answer(request, &Options::default()).expect("an answer");
        assert_ne!(plain.exit, Exit::Undecided, "{request:?}");
        assert_eq!(serde_json::to_value(plain.json()).expect("JSON")["assumptions"], json!([okk_assumption()]));
    }
    let view = pos.answer(&Request::Validate, &strict).expect("validate answers");
    assert_eq!(view.exit, Exit::Ok);
    assert_eq!(serde_json::to_value(view.json()).expect("JSON")["assumptions"], json!([okk_assumption()]));
    // Bad input is still bad input under strict.
    let ghost = attackopt::Declaration { attacks: vec![attackopt::Attack { creature: "ghost".into(), target: "B".into() }], payment: None };
    assert_eq!(pos.answer(&Request::Check(ghost), &strict).map(|_| ()).map_err(|e| e.kind()), Err(ErrorKind::BadInput));
    assert_eq!(pos.answer(&Request::Solve(Objective::Damage("Z".into())), &strict).map(|_| ()).map_err(|e| e.kind()), Err(ErrorKind::BadInput));
}

/// The time limit's undecided answer on a board that was read lists its assumptions too (the
/// command line and batch); one printed before any board was read leaves the field out.
#[test]
fn a_time_limit_undecided_answer_lists_the_boards_assumptions() {
    let b = file("okk-time", &okk_board());
    // With no time at all the answer is usually the undecided object; whichever it is, it lists
    // the assumption.
    let (answer, exit) = cli(&["solve", &b, "--time-limit", "0"]);
    assert!(matches!(exit, 0 | 3), "{answer}");
    assert_eq!(answer["assumptions"], json!([okk_assumption()]), "{answer}");
    assert_valid(&attackopt::result_schema(), &answer, "solve --time-limit 0");
    let answers = batch(&[json!({"command": "solve", "board": okk_board(), "options": {"time_limit": 0}})]);
    assert_eq!(answers[0]["result"]["assumptions"], json!([okk_assumption()]), "{}", answers[0]);
    // No board read: nothing known, so no list.
    let none = serde_json::to_value(attackopt::Undecided::new("the time limit ran out before the board was read")).expect("JSON");
    assert!(none.get("assumptions").is_none(), "{none}");
    assert_valid(&attackopt::result_schema(), &none, "an undecided answer about no board");
}
