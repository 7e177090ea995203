//! `attackopt batch` through the real binary: JSON Lines in, one answer per request in input
//! order, bad lines answered with error lines, exit 0.

use crate::common;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_attackopt")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn model(name: &str) -> String {
    root().join("models").join(name).to_string_lossy().into_owned()
}

/// Run `attackopt batch` (plus extra args) with `input` on standard input.
fn batch(input: &str, extra: &[&str]) -> Output {
    let args: Vec<&str> = std::iter::once("batch").chain(extra.iter().copied()).collect();
    common::run_with_stdin(&args, input.as_bytes())
}

fn lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not a JSON line ({e}): {l}"))).collect()
}

fn cli_json(args: &[&str]) -> Value {
    let out = Command::new(bin()).args(args).arg("--format").arg("json").output().expect("runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn mixed_requests_answer_in_order_and_bad_lines_do_not_stop_the_batch() {
    let pvf = model("paid-vs-free.json");
    let inline_board = json!({
        "attackopt": 1, "active_player": "A",
        "players": [ { "id": "A" }, { "id": "B" }, { "id": "C" } ],
        "permanents": [ { "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "goaded_by": ["B"] } ]
    });
    let requests = [
        json!({ "id": "check-illegal", "command": "check", "board": pvf, "declaration": { "attacks": [ { "creature": "serpent", "target": "B" } ] } }),
        json!({ "id": 2, "command": "solve", "board": inline_board, "objective": "power" }),
        json!({ "id": [3], "command": "enumerate", "board": inline_board, "limit": 2 }),
        json!({ "id": { "n": 4 }, "command": "maximum", "board": pvf, "options": { "baseline": "free", "method": "exhaustive" } }),
        json!({ "id": 5, "command": "validate", "board": pvf }),
        json!({ "id": 6, "command": "check", "board": inline_board, "declaration": { "attacks": [ { "creature": "bear", "target": "B" } ] },
                "options": { "baseline": "paid", "time_limit": 5, "method": "ilp" } }),
        json!({ "id": 7, "command": "check", "board": inline_board, "declaration": { "attacks": [ { "creature": "bear", "target": "C" } ] } }),
    ];
    let mut input: Vec<String> = requests.iter().map(|r| r.to_string()).collect();
    input.insert(1, "this is not JSON".into());
    input.insert(2, String::new()); // blank lines are skipped
    input.push(
        json!({ "id": "bad-board", "command": "solve", "board": { "attackopt": 1, "active_player": "Z", "players": [ { "id": "A" } ] } }).to_string(),
    );
    input.push(json!({ "id": "bad-command", "command": "attack", "board": pvf }).to_string());
    input.push(json!({ "id": "no-declaration", "command": "check", "board": pvf }).to_string());
    input.push(json!({ "id": "missing-file", "command": "solve", "board": "no/such/board.json" }).to_string());
    input.push(json!({ "id": "bad-objective", "command": "solve", "board": pvf, "objective": "glory" }).to_string());
    input.push(json!({ "id": "bad-creature", "command": "check", "board": inline_board, "declaration": { "attacks": [ { "creature": "beer", "target": "C" } ] } }).to_string());
    let out = batch(&(input.join("\n") + "\n"), &[]);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    let got = lines(&out);
    assert_eq!(got.len(), input.len() - 1, "one answer per non-blank line");

    let ids: Vec<Value> = got.iter().map(|l| l["id"].clone()).collect();
    assert_eq!(
        ids,
        vec![
            json!("check-illegal"),
            Value::Null, // not JSON: no id to echo
            json!(2),
            json!([3]),
            json!({ "n": 4 }),
            json!(5),
            json!(6),
            json!(7),
            json!("bad-board"),
            json!("bad-command"),
            json!("no-declaration"),
            json!("missing-file"),
            json!("bad-objective"),
            json!("bad-creature"),
        ]
    );
    let line_numbers: Vec<u64> = got.iter().map(|l| l["line"].as_u64().expect("line")).collect();
    assert_eq!(line_numbers, vec![1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);

    // Answers.
    assert_eq!(got[0]["command"], "check");
    assert_eq!(got[0]["exit"], 1);
    assert_eq!(got[0]["result"]["legal"], false);
    assert_eq!(got[2]["result"]["objective"], 2);
    assert_eq!(got[2]["result"]["declaration"]["attacks"][0]["target"], "C");
    assert_eq!(got[3]["result"]["complete"], true);
    assert_eq!(got[4]["result"]["proof"], "exhaustive");
    assert!(got[5]["result"]["creatures"].is_array());
    assert_eq!(got[6]["exit"], 1, "goaded by B, attacking B is illegal");
    assert_eq!(got[7]["exit"], 0);
    assert_eq!(got[7]["result"]["legal"], true);

    // Error lines: code 2 and a message that says where and what.
    for (i, needle) in
        [(1, "not valid JSON"), (8, "active_player"), (9, "attack"), (10, "declaration"), (11, "no/such/board.json"), (12, "objective"), (13, "beer")]
    {
        let e = &got[i]["error"];
        assert_eq!(e["code"], 2, "line {i}: {e}");
        let m = e["message"].as_str().expect("message");
        assert!(m.contains(needle), "line {i}: {m:?} should mention {needle:?}");
        assert!(got[i].get("result").is_none());
    }
}

#[test]
fn answers_are_what_the_command_line_prints() {
    let pvf = model("paid-vs-free.json");
    let decl = root().join("models/declarations/paid-vs-free.serpent-alone.json").to_string_lossy().into_owned();
    let input = [
        json!({ "command": "check", "board": pvf, "declaration": decl }),
        json!({ "command": "solve", "board": pvf }),
        json!({ "command": "enumerate", "board": pvf, "limit": 3 }),
    ]
    .iter()
    .map(|r| r.to_string())
    .collect::<Vec<_>>()
    .join("\n");
    let got = lines(&batch(&input, &[]));
    assert_eq!(got[0]["result"], cli_json(&["check", &pvf, &decl]));
    assert_eq!(got[1]["result"], cli_json(&["solve", &pvf]));
    assert_eq!(got[2]["result"], cli_json(&["enumerate", &pvf, "--limit", "3"]));
}

#[test]
fn a_long_run_keeps_order_and_reports_progress() {
    let boards = ["paid-vs-free.json", "commander-goad-propaganda.json", "moat-flyers.json", "exotic-orchard.json", "archenemy.json"];
    let n = 2500;
    let mut input = String::new();
    for i in 0..n {
        let command = ["solve", "validate", "maximum", "enumerate"][i % 4];
        let req = if i % 97 == 13 {
            format!("{{\"id\": {i}, \"command\": \"solve\", \"board\": ")
        } else {
            json!({ "id": i, "command": command, "board": model(boards[i % boards.len()]), "limit": 3 }).to_string()
        };
        input.push_str(&req);
        input.push('\n');
    }
    // From a file this time.
    let dir = std::env::temp_dir().join(format!("attackopt-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("requests.jsonl");
    std::fs::write(&file, &input).expect("write");
    let out = Command::new(bin()).arg("batch").arg(&file).output().expect("runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(0));
    let got = lines(&out);
    assert_eq!(got.len(), n);
    for (i, l) in got.iter().enumerate() {
        assert_eq!(l["line"], json!(i + 1));
        if i % 97 == 13 {
            assert_eq!(l["error"]["code"], 2, "{l}");
        } else {
            assert_eq!(l["id"], json!(i), "{l}");
            assert!(l["result"].is_object(), "{l}");
        }
    }
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1000 lines answered"), "progress on stderr:\n{err}");
    assert!(err.contains("2000 lines answered"), "progress on stderr:\n{err}");

    // --quiet: no progress.
    let quiet = batch(&input, &["--quiet"]);
    assert_eq!(quiet.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&quiet.stderr).contains("lines answered"));
    let again = lines(&quiet);
    assert_eq!(again.len(), got.len());
    for (a, b) in again.iter().zip(&got) {
        // Error messages name the source (<stdin> or the file); everything else is the same.
        assert!(a["result"] == b["result"] && a["error"]["code"] == b["error"]["code"], "line {} differs from standard input", b["line"]);
    }
}

#[test]
fn a_closed_output_ends_quietly() {
    let pvf = model("paid-vs-free.json");
    let line = json!({ "command": "validate", "board": pvf }).to_string() + "\n";
    let input = line.repeat(5000);
    let mut child = Command::new(bin())
        .args(["batch", "-", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let stdout = child.stdout.take().expect("stdout");
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).expect("one line");
    // The reader is dropped here: standard output is closed.
    let out = child.wait_with_output().expect("ends");
    let _ = writer.join();
    assert!(first.contains("\"command\":\"validate\""));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn an_unreadable_request_file_is_bad_input() {
    let out = Command::new(bin()).args(["batch", "no/such/requests.jsonl"]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/requests.jsonl"));
}

/// A line past the input limit (256 MiB) is an error line, read no further than the limit;
/// the next line is still answered (issue 6: limits, never memory exhaustion).
#[test]
fn a_line_past_256_mib_is_an_error_line() {
    let mut input = String::with_capacity((257 << 20) + 200);
    input.push('"');
    input.push_str(&"x".repeat(257 << 20));
    input.push_str("\"\n");
    input.push_str(&format!("{{\"id\": 2, \"command\": \"validate\", \"board\": \"{}\"}}\n", model("commander-goad-propaganda.json")));
    let out = batch(&input, &["--quiet"]);
    drop(input);
    let answers = lines(&out);
    assert_eq!(answers.len(), 2, "{answers:?}");
    let message = answers[0]["error"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("<stdin>:1:") && message.contains("256 MiB"), "{message}");
    assert_eq!(answers[1]["id"], 2, "{}", answers[1]);
    assert!(answers[1].get("error").is_none(), "{}", answers[1]);
}

/// Issue 36, R05: batch reads any path the process can (documented: batch input is trusted as
/// the command line is), but a file named by a request that is no board, declaration or card
/// source is never quoted back: its values were echoed in the error (`invalid type: string
/// "s3cr3t-t0ken"`). The message still names the file, the JSON path and what was expected.
#[test]
fn r05_files_named_by_requests_are_not_quoted_in_errors() {
    let dir = std::env::temp_dir().join(format!("attackopt-batch-r05-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let config = file("config.json", r#"{"attackopt": "s3cr3t-t0ken", "token": "s3cr3t-t0ken"}"#);
    let keys = file("keys.json", r#"["AKIA-SECRET-KEY", 12345678]"#);
    let numbers = file("pin.json", r#"{"attacks": 987654}"#);
    let pvf = model("paid-vs-free.json");
    let requests = [
        json!({ "id": "board", "command": "validate", "board": config }),
        json!({ "id": "cards", "command": "validate", "board": pvf, "options": { "cards": keys } }),
        json!({ "id": "declaration", "command": "check", "board": pvf, "declaration": numbers }),
        // The request's own values are its writer's: still quoted.
        json!({ "id": "inline", "command": "validate", "board": { "attackopt": "mine" } }),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = batch(&input, &["--quiet"]);
    let _ = std::fs::remove_dir_all(&dir);
    let got = lines(&out);
    assert_eq!(got.len(), requests.len());
    for (answer, (file, path)) in got.iter().zip([(&config, "at attackopt"), (&keys, "at [0]"), (&numbers, "at attacks")]) {
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert_eq!(answer["error"]["code"], 2, "{answer:#}");
        assert!(message.contains(file.as_str()) && message.contains(path) && message.contains("expected"), "{message}");
        for secret in ["s3cr3t", "AKIA", "987654"] {
            assert!(!message.contains(secret), "a file's value quoted: {message}");
        }
    }
    let inline = got[3]["error"]["message"].as_str().unwrap_or_default();
    assert!(inline.contains("\"mine\""), "{inline}");
}

/// The combat boards of tests/scenarios/blocks, each as (name, board, expected free maximum).
fn block_scenarios() -> Vec<(String, Value, Option<u64>)> {
    let dir = root().join("tests/scenarios/blocks");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).expect("scenarios").map(|e| e.expect("entry").path()).collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "json"));
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let s: Value = serde_json::from_str(&std::fs::read_to_string(&p).expect("readable")).expect("JSON");
            (p.file_name().expect("a name").to_string_lossy().into_owned(), s["board"].clone(), s["expect"]["requirements_max_free"].as_u64())
        })
        .collect()
}

/// CR 509.1c: batch's `maximum` on a board with `combat` (it was "not built yet") answers the
/// maxima for declarations of blockers: `requirements_max_free`, `witness` and `proof` as for
/// attacks, plus `baseline`, `requirements_max` (under "paid", paying any cost to block that can
/// be paid) and `witness_max` with its payment. The same answer as `attackopt maximum`, exit 0,
/// valid against the result schema and `maximum`'s answer schema; the witnesses are legal when
/// checked in the same batch; on every scenario board the free maximum is the scenario's; a
/// generated combat of 300 creatures is proven; a time limit of 0 is undecided (exit 3).
#[test]
fn cr_509_1c_batch_maximum_on_a_combat_board() {
    let file = common::temp_file("batch-maximum", &crate::block_costs::paid_block_board(true).to_string());
    let file = file.to_string_lossy().into_owned();
    let cases: [(Value, Vec<&str>); 4] = [
        (json!({}), vec![]),
        (json!({"baseline": "free"}), vec!["--baseline", "free"]),
        (json!({"method": "exhaustive"}), vec!["--exhaustive"]),
        (json!({"baseline": "free", "method": "exhaustive"}), vec!["--baseline", "free", "--exhaustive"]),
    ];
    let mut input: Vec<String> = cases.iter().map(|(o, _)| json!({"command": "maximum", "board": file, "options": o}).to_string()).collect();
    input.push(json!({"command": "maximum", "board": file, "options": {"time_limit": 0}}).to_string());
    let got = lines(&batch(&(input.join("\n") + "\n"), &[]));
    let result_schema = jsonschema::validator_for(&attackopt::result_schema()).expect("a schema");
    let answer_schema = jsonschema::validator_for(&attackopt::answer_schema("maximum").expect("maximum")).expect("a schema");
    for (i, (_, flags)) in cases.iter().enumerate() {
        let (line, r) = (&got[i], &got[i]["result"]);
        assert_eq!((&line["command"], &line["exit"]), (&json!("maximum"), &json!(0)), "{line}");
        let paid = !flags.contains(&"free");
        assert_eq!((&r["requirements_max_free"], &r["requirements_max"]), (&json!(0), &json!(if paid { 1 } else { 0 })), "{flags:?}: {r}");
        assert_eq!(r["baseline"], if paid { "paid" } else { "free" });
        assert_eq!(r["proof"], if flags.contains(&"--exhaustive") { "exhaustive" } else { "ilp-optimal" });
        assert_eq!(r["witness"], json!({"blocks": []}), "blocking nothing pays nothing");
        if paid {
            assert_eq!(r["witness_max"]["blocks"].as_array().map(Vec::len), Some(2), "{r}");
            assert_eq!(r["witness_max"]["payment"], json!([{"permanent": "w1", "mana": "{W}"}]), "{r}");
        } else {
            assert_eq!(r["witness_max"], r["witness"]);
        }
        let args: Vec<&str> = ["maximum", file.as_str()].into_iter().chain(flags.iter().copied()).collect();
        assert_eq!(r, &cli_json(&args), "{args:?}: batch differs from the command line");
        assert!(result_schema.is_valid(r) && answer_schema.is_valid(r), "{r}");
    }
    let undecided = &got[4];
    assert_eq!((&undecided["exit"], &undecided["result"]["proof"], &undecided["result"]["legal"]), (&json!(3), &json!("none"), &Value::Null));
    assert!(answer_schema.is_valid(&undecided["result"]), "{undecided}");
    // The witnesses, checked in a batch: legal, obeying what the maximum says.
    let paid = &got[0]["result"];
    let checks: Vec<String> =
        [&paid["witness"], &paid["witness_max"]].iter().map(|d| json!({"command": "check", "board": file, "declaration": d}).to_string()).collect();
    let checked = lines(&batch(&(checks.join("\n") + "\n"), &[]));
    for (c, obeys) in checked.iter().zip([&paid["requirements_max_free"], &paid["requirements_max"]]) {
        assert_eq!((&c["exit"], &c["result"]["legal"], &c["result"]["requirements_obeyed"]), (&json!(0), &json!(true), obeys), "{c}");
    }
    // Every scenario board: the scenario's free maximum, and a witness that obeys it.
    let scenarios = block_scenarios();
    let input: Vec<String> = scenarios.iter().map(|(_, b, _)| json!({"command": "maximum", "board": b}).to_string()).collect();
    let got = lines(&batch(&(input.join("\n") + "\n"), &[]));
    let mut compared = 0;
    for ((name, _, expected), line) in scenarios.iter().zip(&got) {
        let r = &line["result"];
        assert_eq!(line["exit"], 0, "{name}: {line}");
        assert!(result_schema.is_valid(r), "{name}: {r}");
        assert!(r["requirements_max"].as_u64() >= r["requirements_max_free"].as_u64(), "{name}: {r}");
        if let Some(m) = expected {
            assert_eq!(r["requirements_max_free"], json!(m), "{name}");
            compared += 1;
        }
    }
    assert!(compared >= 20, "only {compared} scenarios state their free maximum");
    // A generated combat (`generate --profile combat`), proven.
    let out =
        Command::new(bin()).args(["generate", "--players", "4", "--creatures", "300", "--seed", "7", "--profile", "combat"]).output().expect("runs");
    let generated: Value = serde_json::from_slice(&out.stdout).expect("a board");
    assert!(generated.get("combat").is_some());
    let got = lines(&batch(&format!("{}\n", json!({"command": "maximum", "board": generated})), &[]));
    let r = &got[0]["result"];
    assert_eq!((&got[0]["exit"], &r["proof"]), (&json!(0), &json!("ilp-optimal")), "{}", got[0]);
    assert!(r["requirements_max_free"].as_u64().is_some_and(|m| m > 0) && result_schema.is_valid(r), "{r}");
    let check = json!({"command": "check", "board": generated, "declaration": r["witness"]});
    let checked = lines(&batch(&format!("{check}\n"), &[]));
    assert_eq!((&checked[0]["result"]["legal"], &checked[0]["result"]["requirements_obeyed"]), (&json!(true), &r["requirements_max_free"]));
}

/// Issue 38: an error line carries the JSON path its error has (`"path": null` only when it has
/// none), as the command line's `--format json` error does, and its message starts with
/// `FILE:LINE:` (docs/format.md "Batch requests") whatever went wrong: a declaration of blockers
/// typed on one line, given inline or by path, attacks on a board with combat (CR 509.1), an
/// objective, an inline board, the exhaustive checker's bound on a combat.
#[test]
fn cr_509_1_batch_errors_carry_the_path_and_start_with_file_line() {
    let lure = model("lure-menace.json");
    let bad = json!({"blocks": [{"blocker": "zzz", "attacker": "angel"}]});
    let decl = common::temp_file("batch-error-path", &bad.to_string());
    let decl = decl.to_string_lossy().into_owned();
    let out =
        Command::new(bin()).args(["generate", "--players", "4", "--creatures", "40", "--seed", "1", "--profile", "combat"]).output().expect("runs");
    let big: Value = serde_json::from_slice(&out.stdout).expect("a board");
    let requests = [
        (json!({"command": "check", "board": lure, "blocks": "zzz=angel"}), Some("blocks[0].blocker"), "blocks: at blocks[0].blocker: "),
        (json!({"command": "check", "board": lure, "declaration": bad}), Some("blocks[0].blocker"), "declaration: at blocks[0].blocker: "),
        (json!({"command": "check", "board": lure, "declaration": decl}), Some("blocks[0].blocker"), "declaration: "),
        (json!({"command": "check", "board": lure, "attacks": "angel=B"}), Some("blocks"), "attacks: at blocks: "),
        (json!({"command": "solve", "board": lure, "objective": "power"}), Some("objective"), "at objective: "),
        (json!({"command": "check", "board": big, "blocks": "none", "options": {"method": "exhaustive"}}), None, "the exhaustive checker"),
        (
            json!({"command": "validate", "board": {"attackopt": 1, "active_player": "Z", "players": [{"id": "A"}]}}),
            Some("active_player"),
            "board: at active_player: ",
        ),
    ];
    let input: String = requests.iter().map(|(r, _, _)| format!("{r}\n")).collect();
    let got = lines(&batch(&input, &["--quiet"]));
    assert_eq!(got.len(), requests.len());
    for (i, ((request, path, after), answer)) in requests.iter().zip(&got).enumerate() {
        let e = &answer["error"];
        assert_eq!(e["code"], 2, "{request}: {answer}");
        assert_eq!(e["path"].as_str(), *path, "{request}: {answer}");
        let message = e["message"].as_str().unwrap_or_default();
        let head = format!("<stdin>:{}: {after}", i + 1);
        assert!(message.starts_with(&head), "{request}: {message:?} should start with {head:?}");
    }
    // The command line gives the same path.
    let cli = Command::new(bin()).args(["check", &lure, "--block", "zzz=angel", "--format", "json"]).output().expect("runs");
    let cli: Value = serde_json::from_slice(&cli.stdout).expect("JSON");
    assert_eq!(cli["error"]["path"], got[0]["error"]["path"]);
}
