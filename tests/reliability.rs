//! Issue 11, "Reliability, round two": each reproduction (F01 to F19) as a test. The inputs are
//! written here (big ones generated), so the tests stand on their own.

mod common;

use attackopt::{Options, Position};
use common::{run_bin, temp_file};
use serde_json::{json, Value};

fn pos(board: &Value) -> Position {
    Position::from_json(&board.to_string(), "board.json").expect("a valid board")
}

/// F01: three life entries (2^63 - 1 twice, and 2) summed as i64 wrapped to 0, and the payment
/// was judged legal. The sum now saturates: paying more life than A has is a cost violation.
#[test]
fn f01_huge_life_payments_do_not_wrap_into_a_legal_payment() {
    let board = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B"}],
        "permanents": [{"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2}]});
    let p = pos(&board);
    let max = i64::MAX;
    for lives in [vec![max, max, 2], vec![max, 1, max], vec![max, max, max, max], vec![2]] {
        let payment: Vec<Value> = lives.iter().map(|l| json!({"player": "A", "life": l})).collect();
        let decl = json!({"attacks": [{"creature": "bear", "target": "B"}], "payment": payment});
        let d = p.declaration_from_json(&decl.to_string(), "decl.json").unwrap();
        let r = p.check(&d, &Options::default()).unwrap();
        assert!(!r.legal, "{lives:?}: an illegal payment judged legal");
        assert!(common::has(&r, attackopt::ViolationKind::Cost), "{lives:?}: {:?}", r.violations);
    }
}

/// F02: power i64::MIN passed validation (`abs()` wraps) and solve claimed an optimum below its
/// own bound. Every power and toughness past ±1,000,000 is refused, i64::MIN included.
#[test]
fn f02_power_i64_min_is_refused() {
    for (field, v) in [("power", i64::MIN), ("power", i64::MAX), ("toughness", i64::MIN), ("power", -1_000_001), ("toughness", 1_000_001)] {
        let board = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
            "permanents": [{"id": "m1", "name": "Min One", "controller": "A", "types": ["Creature"], field: v}]});
        let e = Position::from_json(&board.to_string(), "b.json").err().unwrap_or_else(|| panic!("{field} {v} accepted"));
        assert_eq!(e.exit_code(), 2);
        let m = e.to_string();
        assert!(m.contains(&format!("permanents[0].{field}")) && m.contains("between -1000000 and 1000000"), "{m}");
    }
    let edge = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [{"id": "m1", "name": "Min One", "controller": "A", "types": ["Creature"], "power": -1_000_000, "toughness": 1_000_000}]});
    pos(&edge);
}

/// The F02 board through the command line: exit 2 naming the field.
#[test]
fn f02_solve_refuses_power_i64_min() {
    let board = r#"{"attackopt":1,"active_player":"A","players":[{"id":"A","life":20},{"id":"B"}],"permanents":[
{"id":"bear","name":"Grizzly Bears","controller":"A","types":["Creature"],"power":2},
{"id":"m1","name":"Min One","controller":"A","types":["Creature"],"power":-9223372036854775808},
{"id":"f1","name":"Forest","controller":"A","types":["Land"],"subtypes":["Forest"]}],
"effects":[{"kind":"attacks_if_able","creatures":["m1"]},{"kind":"attack_cost","creatures":["bear"],"cost":"{1}"}]}"#;
    let f = temp_file("f02", board);
    let out = run_bin(&["solve", &f.to_string_lossy(), "--format", "json"]);
    let _ = std::fs::remove_file(&f);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("permanents[1].power"));
}

/// F03: counters (u32) became {X} under Nils past the 1,000,000 limit of a mana symbol, and
/// the generic mana owed was summed in u32 ("A owes {0}" for {8589934592}). Counters are now
/// held to the same limit, and the total is summed in u64.
#[test]
fn f03_counters_past_the_mana_limit_are_refused_and_costs_sum_without_wrapping() {
    let nils = json!({"id": "nils", "name": "Nils, Discipline Enforcer", "controller": "B", "types": ["Creature"], "power": 2});
    let countered =
        |id: &str, n: u64| json!({"id": id, "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "counters": n});
    let board = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [nils, countered("c1", 4_294_967_295), countered("c2", 2)]});
    let e = Position::from_json(&board.to_string(), "b.json").expect_err("counters 2^32 - 1 accepted");
    assert!(e.to_string().contains("permanents[1].counters") && e.to_string().contains("at most 1000000"), "{e}");

    // 5,000 creatures with 1,000,000 counters each owe {5000000000}: past u32.
    let n = 5_000;
    let mut perms = vec![nils];
    perms.extend((0..n).map(|i| countered(&format!("c{i}"), 1_000_000)));
    let board = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}], "permanents": perms});
    let p = pos(&board);
    let attacks: Vec<Value> = (0..n).map(|i| json!({"creature": format!("c{i}"), "target": "B"})).collect();
    let d = p.declaration_from_json(&json!({"attacks": attacks}).to_string(), "d.json").unwrap();
    let r = p.check(&d, &Options::default()).unwrap();
    assert_eq!(r.cost.mana, "{5000000000}");
    assert!(r.violations.iter().any(|v| v.message.contains("{5000000000}")), "{:?}", r.violations);
}

/// F14: a bad `--time-limit` on a board that takes a while to read was exit 3 (the watchdog's
/// "time limit ran out"): every argument is now checked before anything is read.
#[test]
fn f14_a_bad_time_limit_is_exit_2_before_the_board_is_read() {
    let board = attackopt::generator::generate(8, 90_000, 1, attackopt::generator::Profile::Adversarial);
    let f = temp_file("f14", &serde_json::to_string(&board).unwrap());
    let name = f.to_string_lossy().into_owned();
    for (cmd, bad) in [("solve", "--time-limit=-1"), ("solve", "--time-limit=NaN"), ("enumerate", "--time-limit=-0.5"), ("check", "--time-limit=nan")]
    {
        let mut args = vec![cmd, &name];
        if cmd == "check" {
            args.push(&name);
        }
        args.push(bad);
        let out = run_bin(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("--time-limit: expected a non-negative number of seconds"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_file(&f);
}

/// F19: serde reads a struct written as a JSON list: `[]` was a declaration with no attack. A
/// board, a declaration and a batch request must be objects.
#[test]
fn f19_a_list_is_not_a_declaration_a_board_or_a_request() {
    let board = r#"{"attackopt":1,"active_player":"A","players":[{"id":"A"},{"id":"B"}],"permanents":[]}"#;
    let b = temp_file("f19-board", board);
    let list = temp_file("f19-list", "[]");
    let (b, list) = (b.to_string_lossy().into_owned(), list.to_string_lossy().into_owned());
    for args in [vec!["check", &b, &list], vec!["validate", &list], vec!["solve", &list]] {
        let out = run_bin(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(&list) && err.contains("expected an object"), "{args:?}: {err}");
    }
    let batch = format!("[]\n[\"check\", {board:?}]\n{{\"command\": \"validate\", \"board\": {board}}}\n");
    let out = common::run_with_stdin(&["batch", "--quiet"], batch.as_bytes());
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    for l in &lines[..2] {
        assert_eq!(l["error"]["code"], 2, "{l}");
        assert!(l["error"]["message"].as_str().unwrap().contains("expected a request"), "{l}");
    }
    assert_eq!(lines[2]["exit"], 0);
    assert!(Position::from_json("[1]", "b.json").is_err());
    let _ = (std::fs::remove_file(&b), std::fs::remove_file(&list));
}

/// A legal check with every object docs/format.md defines: a variant, players, permanents, a
/// mana ability, an effect, an attack and a payment entry.
fn f19_board() -> Value {
    json!({
        "attackopt": 1, "active_player": "A", "variant": {"attack": "multiple"},
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [
            {"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "toughness": 2},
            {"id": "forest", "name": "Forest", "controller": "A", "types": ["Land"], "mana": [{"add": "{G}"}]}
        ],
        "effects": [{"kind": "attack_cost", "creatures": "all", "cost": "{1}"}]
    })
}

fn f19_declaration() -> Value {
    json!({"attacks": [{"creature": "bear", "target": "B"}], "payment": [{"permanent": "forest", "mana": "{G}"}]})
}

/// Each object of a board or declaration written as a list, with its JSON path: (path, board,
/// declaration). serde's derive reads a struct from a list at any depth, so each is its own case.
fn f19_nested_cases() -> Vec<(&'static str, Value, Value)> {
    let board = |path: &'static str, edit: fn(&mut Value)| {
        let mut b = f19_board();
        edit(&mut b);
        (path, b, f19_declaration())
    };
    let decl = |path: &'static str, edit: fn(&mut Value)| {
        let mut d = f19_declaration();
        edit(&mut d);
        (path, f19_board(), d)
    };
    vec![
        board("variant", |b| b["variant"] = json!(["multiple"])),
        board("players[1]", |b| b["players"][1] = json!(["B"])),
        board("permanents[0]", |b| b["permanents"][0] = json!(["bear", "Grizzly Bears", "A"])),
        board("permanents[1].mana[0]", |b| b["permanents"][1]["mana"][0] = json!(["{G}"])),
        board("effects[0]", |b| b["effects"][0] = json!(["attack_cost"])),
        decl("attacks[0]", |d| d["attacks"][0] = json!(["bear", "B"])),
        decl("payment[0]", |d| d["payment"][0] = json!(["forest"])),
    ]
}

/// F19 at every depth, on the command line and in the library: each is exit 2 naming the file
/// and the JSON path, where the old parser read the list as the object.
#[test]
fn f19_a_list_is_refused_wherever_an_object_is_expected() {
    let (b, d) = (temp_file("f19-ok-board", &f19_board().to_string()), temp_file("f19-ok-decl", &f19_declaration().to_string()));
    let out = run_bin(&["check", &b.to_string_lossy(), &d.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(0), "the unedited check is legal: {}", String::from_utf8_lossy(&out.stderr));
    let _ = (std::fs::remove_file(&b), std::fs::remove_file(&d));
    for (path, board, decl) in f19_nested_cases() {
        let (bf, df) = (temp_file("f19-board", &board.to_string()), temp_file("f19-decl", &decl.to_string()));
        let (bf, df) = (bf.to_string_lossy().into_owned(), df.to_string_lossy().into_owned());
        let file = if path.starts_with("attacks") || path.starts_with("payment") { &df } else { &bf };
        let out = run_bin(&["check", &bf, &df, "--format", "json"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{path}: {err}");
        assert!(err.contains(&format!("{file}: at {path}: ")) && err.contains("expected an object"), "{path}: {err}");
        let answer: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(answer["error"]["path"], json!(path), "{answer}");
        if file == &bf {
            let out = run_bin(&["validate", &bf]);
            assert_eq!(out.status.code(), Some(2), "validate, {path}");
            let e = Position::from_json(&board.to_string(), "b.json").err().unwrap_or_else(|| panic!("{path} accepted"));
            assert!(e.to_string().contains(&format!("at {path}: ")), "{e}");
        } else {
            let e = pos(&board).declaration_from_json(&decl.to_string(), "d.json").expect_err(path);
            assert!(e.to_string().contains(&format!("at {path}: ")) && e.to_string().contains("expected an object"), "{e}");
        }
        let _ = (std::fs::remove_file(&bf), std::fs::remove_file(&df));
    }
}

/// F19 in batch: the same cases as inline boards and declarations, and a request's options
/// written as a list. Unknown fields are still warnings (the strict reading keeps serde_ignored
/// working).
#[test]
fn f19_batch_refuses_a_list_wherever_an_object_is_expected() {
    let cases = f19_nested_cases();
    let mut input = String::new();
    for (_, board, decl) in &cases {
        input.push_str(&json!({"command": "check", "board": board, "declaration": decl}).to_string());
        input.push('\n');
    }
    let ok = json!({"command": "check", "board": f19_board(), "declaration": f19_declaration()});
    for options in [json!(["free", 1]), json!({"baseline": "free", "time_limit": 5, "spelling": 1})] {
        let mut line = ok.clone();
        line["options"] = options;
        input.push_str(&line.to_string());
        input.push('\n');
    }
    let out = common::run_with_stdin(&["batch", "--quiet"], input.as_bytes());
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), cases.len() + 2, "{lines:?}");
    for ((path, _, _), l) in cases.iter().zip(&lines) {
        assert_eq!(l["error"]["code"], 2, "{path}: {l}");
        let m = l["error"]["message"].as_str().unwrap_or_default();
        assert!(m.contains(&format!("at {path}: ")) && m.contains("expected an object"), "{path}: {l}");
    }
    let listed = &lines[cases.len()];
    assert_eq!(listed["error"]["code"], 2, "{listed}");
    assert!(listed["error"]["message"].as_str().unwrap_or_default().contains("at options: invalid type: sequence, expected an object"), "{listed}");
    let typo = &lines[cases.len() + 1];
    assert_eq!(typo["exit"], 0, "{typo}");
    assert!(typo["warnings"].to_string().contains("options.spelling"), "{typo}");
}

/// F16: `ATTACKOPT_DEBUG=1` with standard error unwritable panicked in `eprintln!`.
#[test]
fn f16_debug_output_to_a_full_device_does_not_panic() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let board = r#"{"attackopt":1,"active_player":"A","players":[{"id":"A"},{"id":"B"}],"permanents":[{"id":"bear","name":"Grizzly Bears","controller":"A","types":["Creature"],"power":2}]}"#;
    let f = temp_file("f16", board);
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = common::bin().args(["solve", &f.to_string_lossy()]).env("ATTACKOPT_DEBUG", "1").stderr(full).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    let _ = std::fs::remove_file(&f);
}

/// `solve` cut short answered `optimal: false` with `objective == objective_bound` (a board with
/// no permanents at a tiny limit): a bound the objective meets is a proof.
#[test]
fn solve_cut_short_is_optimal_when_the_bound_meets_the_objective() {
    let empty = pos(&json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}], "permanents": []}));
    for limit in [0.0, 1e-6, 1e-4, 1e-3] {
        let options = Options { time_limit: Some(limit), ..Options::default() };
        if let Ok(r) = empty.solve(&attackopt::Objective::Power, &options) {
            assert_eq!(r.objective_bound, Some(r.objective));
            assert!(r.optimal, "limit {limit}: objective {} meets its bound but optimal is false", r.objective);
        }
    }
}

fn exhaustive_slow_board() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/boards/exhaustive-slow.json")).expect("the board")
}

/// F06: the exhaustive method never looked at the deadline in batch and the library (still
/// running at 60 s). It now stops at the limit: exit 3 and the undecided answer in batch, a
/// time-limit error in the library. The bounds asserted are wide: the code stops within a few
/// milliseconds of the limit.
#[test]
fn f06_the_exhaustive_method_stops_at_the_time_limit_in_batch_and_the_library() {
    let board = exhaustive_slow_board();
    let p = Position::from_json(&board, "slow.json").unwrap();
    let options = Options { time_limit: Some(0.5), method: attackopt::Method::Exhaustive, ..Options::default() };
    let started = std::time::Instant::now();
    let solved = p.solve(&attackopt::Objective::Power, &options);
    assert!(matches!(&solved, Err(e) if e.exit_code() == 3), "{solved:?}");
    let d = p.declaration_from_json(r#"{"attacks": []}"#, "d").unwrap();
    let checked = p.check(&d, &options);
    assert!(matches!(&checked, Err(e) if e.exit_code() == 3), "{checked:?}");
    assert!(matches!(p.enumerate(10, &options), Err(e) if e.exit_code() == 3));
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "took {:?}", started.elapsed());

    let line = json!({"id": 1, "command": "check", "board": serde_json::from_str::<Value>(&board).unwrap(),
        "declaration": {"attacks": []}, "options": {"method": "exhaustive", "time_limit": 0.5}});
    let mut cmd = common::bin();
    let input = temp_file("f06", &format!("{line}\n"));
    cmd.args(["batch", &input.to_string_lossy(), "--quiet"]);
    let r = common::run_bounded(cmd, std::time::Duration::from_secs(30));
    let _ = std::fs::remove_file(&input);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let answer: Value = serde_json::from_str(r.stdout.trim()).expect("one answer line");
    assert_eq!(answer["exit"], 3, "{answer}");
    assert_eq!(answer["result"]["legal"], Value::Null, "{answer}");
    assert_eq!(answer["result"]["proof"], "none", "{answer}");
}

/// F11: batch read ahead `threads × 64` lines whatever their size (2.1 GB seen behind two slow
/// lines). The text in flight is now bounded by bytes (256 MiB, one longer line alone): here
/// 1 GB of padded lines behind two slow solves stays far below what reading them all would take.
#[test]
fn f11_batch_read_ahead_is_bounded_by_bytes() {
    let _one_at_a_time = heavy();
    let board = attackopt::generator::generate(8, 1_000, 1, attackopt::generator::Profile::Adversarial);
    let board_file = temp_file("f11-board", &serde_json::to_string(&board).unwrap());
    let model = concat!(env!("CARGO_MANIFEST_DIR"), "/models/paid-vs-free.json");
    let mut text = Vec::new();
    for objective in ["power", "attackers"] {
        let line =
            json!({"id": objective, "command": "solve", "board": board_file.to_string_lossy(), "objective": objective, "options": {"time_limit": 2}});
        text.extend(format!("{line}\n").bytes());
    }
    for i in 0..10 {
        text.extend(format!("{{\"id\": {i}, ").bytes());
        text.resize(text.len() + (100 << 20), b' ');
        text.extend(format!("\"command\": \"validate\", \"board\": \"{model}\"}}\n").bytes());
    }
    let input = std::env::temp_dir().join(format!("attackopt-f11-{}.jsonl", std::process::id()));
    std::fs::write(&input, &text).unwrap();
    drop(text);
    let mut cmd = common::bin();
    cmd.args(["batch", &input.to_string_lossy(), "--quiet"]).env("RAYON_NUM_THREADS", "2");
    let r = common::run_bounded(cmd, std::time::Duration::from_secs(120));
    let _ = (std::fs::remove_file(&input), std::fs::remove_file(&board_file));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 12);
    if let Some(kib) = r.peak_rss_kib {
        // 256 MiB in flight, one 100 MB line waiting, the boards: about 350 MB measured; the
        // 1 GB of lines all held would be over 1 GB.
        assert!(kib < 800 << 10, "peak resident memory {} MiB", kib >> 10);
    }
}

/// F12 and F17: a batch line naming a device or a FIFO as its board. /dev/zero was read to
/// 256 MiB on each thread before the refusal; a FIFO hung the whole batch. Batch reads only
/// regular files, and checks their size before reading.
#[test]
fn f12_f17_batch_reads_only_regular_files() {
    let dir = std::env::temp_dir().join(format!("attackopt-f17-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let fifo = dir.join("board.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
    let model = concat!(env!("CARGO_MANIFEST_DIR"), "/models/paid-vs-free.json");
    let mut boards = vec!["/dev/zero".to_string(), "/dev/../dev/zero".into(), "//dev/zero".into(), "/dev".into()];
    if made {
        boards.push(fifo.to_string_lossy().into_owned());
    }
    let mut text = String::new();
    for b in &boards {
        text.push_str(&format!("{}\n", json!({"command": "solve", "board": b, "options": {"time_limit": 1}})));
    }
    text.push_str(&format!("{}\n", json!({"command": "check", "board": model, "declaration": "/dev/zero"})));
    text.push_str(&format!("{}\n", json!({"command": "validate", "board": model})));
    let input = temp_file("f17", &text);
    let mut cmd = common::bin();
    cmd.args(["batch", &input.to_string_lossy(), "--quiet"]).env("RAYON_NUM_THREADS", "8");
    let r = common::run_bounded(cmd, std::time::Duration::from_secs(30));
    let _ = (std::fs::remove_file(&input), std::fs::remove_dir_all(&dir));
    assert_eq!(r.code, Some(0), "hung or failed: {:?} {}", r.code, r.stderr);
    let lines: Vec<Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), boards.len() + 2);
    for l in &lines[..boards.len() + 1] {
        assert_eq!(l["error"]["code"], 2, "{l}");
        assert!(l["error"]["message"].as_str().unwrap().contains("expected a regular file"), "{l}");
    }
    assert_eq!(lines[boards.len() + 1]["exit"], 0);
    if let Some(kib) = r.peak_rss_kib {
        assert!(kib < 256 << 10, "peak resident memory {} MiB", kib >> 10);
    }
}

/// A board of 64 players and `creatures` creatures of P0 (power `i % powers`) with `effect`
/// once for each of P1 to P20 as its target: the shape of the largest boards within the limits.
fn wide_board(creatures: usize, powers: usize, effect: Value) -> String {
    let players: Vec<Value> = (0..64).map(|i| json!({"id": format!("P{i}")})).collect();
    let perms: Vec<Value> = (0..creatures)
        .map(|i| json!({"id": format!("c{i}"), "name": "Bear", "controller": "P0", "types": ["Creature"], "power": i % powers}))
        .collect();
    let effects: Vec<Value> = (1..21)
        .map(|j| {
            let mut e = effect.clone();
            e["target"] = json!({"players": [format!("P{j}")]});
            e
        })
        .collect();
    json!({"attackopt": 1, "active_player": "P0", "players": players, "permanents": perms, "effects": effects}).to_string()
}

/// F05: once the answer had started printing nothing bounded the run: a 400 MB check result
/// after a 9.5 s limit ended at 12 s (written, then the board and the result dropped). The
/// answer is now serialized before it claims the output and the process exits right after
/// writing it, leaving the memory to the OS. Measured: within the limit plus 0.37 s; asserted
/// with a wide margin (a busy machine adds seconds).
#[test]
fn f05_a_huge_answer_ends_the_run_soon_after_the_limit() {
    let _one_at_a_time = heavy();
    let board_file = temp_file("f05", &wide_board(90_000, 1000, json!({"kind": "attacks_if_able", "creatures": "all"})));
    let decl = temp_file("f05-decl", r#"{"attacks": []}"#);
    let run = |limit: f64| {
        let started = std::time::Instant::now();
        let mut child = common::bin()
            .args(["check", &board_file.to_string_lossy(), &decl.to_string_lossy(), "--format", "json", &format!("--time-limit={limit}")])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let code = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status.code();
            }
            if started.elapsed() > std::time::Duration::from_secs(120) {
                let _ = child.kill();
                break None;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        (code, started.elapsed().as_secs_f64())
    };
    let (code, full) = run(120.0);
    assert_eq!(code, Some(1), "the full answer");
    // Limits around the moment the answer is ready, where it starts printing near the deadline.
    for limit in [full * 0.5, full * 0.9, (full - 0.2).max(0.1)] {
        let (code, took) = run(limit);
        assert!(matches!(code, Some(1 | 3)), "limit {limit:.2}: {code:?}");
        assert!(took <= limit + 0.3 + 2.0, "limit {limit:.2} s (the whole answer takes {full:.2} s): ended after {took:.2} s");
    }
    let _ = (std::fs::remove_file(&board_file), std::fs::remove_file(&decl));
}

/// F13: peak resident memory at the largest board within every limit (99,999 creatures × 64
/// players, 20 taxes: 1,999,980 cost instances; the board of 99,999 distinct powers needs less
/// for every command), held to docs/guarantees.md with a margin. Measured on the shared 2-core
/// machine: `check` 0.49 GiB, `validate` 2.26 GiB on 5 December 2026 (1.83 GiB earlier; its
/// answer is 560 MB of JSON, 425 MB earlier: 99,999 warnings, each with its `words` since issue
/// 40), `solve` 0.51
/// GiB (proven within the default 10 s), `enumerate --time-limit 3` 0.48 GiB. `enumerate` grows
/// with the time it searches (2.25 GiB at the default 10 s, 3.8 GiB at 40 s), so a short limit
/// keeps the bound independent of the machine's speed and CI's time low. One command at a time,
/// under [`heavy`].
#[test]
fn f13_memory_at_the_largest_board_within_the_limits() {
    let _one_at_a_time = heavy();
    let board_file = temp_file("f13", &wide_board(99_999, 5, json!({"kind": "attack_cost", "creatures": "all", "cost": "{1}"})));
    let decl = temp_file("f13-decl", r#"{"attacks": []}"#);
    let (board, decl_name) = (board_file.to_string_lossy().into_owned(), decl.to_string_lossy().into_owned());
    const GIB: u64 = 1 << 20;
    // (command, arguments, bound in KiB): the README figure plus a margin.
    let runs: [(&str, Vec<&str>, u64); 4] = [
        ("check", vec!["check", &board, &decl_name, "--time-limit", "60"], GIB),
        ("validate", vec!["validate", &board], GIB * 5 / 2),
        ("solve", vec!["solve", &board], GIB),
        ("enumerate --time-limit 3", vec!["enumerate", &board, "--time-limit", "3"], GIB * 3 / 2),
    ];
    let mut failures = Vec::new();
    for (name, args, bound) in runs {
        let mut cmd = common::bin();
        cmd.args(&args).args(["--format", "json"]);
        let r = common::run_bounded_output(cmd, std::time::Duration::from_secs(180), false);
        let peak = r.peak_rss_kib;
        eprintln!("F13 {name}: exit {:?}, {:.1} s, peak {:?} MiB", r.code, r.elapsed.as_secs_f64(), peak.map(|k| k >> 10));
        if !matches!(r.code, Some(0 | 1 | 3)) {
            failures.push(format!("{name}: exit {:?}: {}", r.code, r.stderr));
        }
        if let Some(kib) = peak.filter(|&k| k > bound) {
            failures.push(format!("{name} peaked at {} MiB, over its bound of {} MiB", kib >> 10, bound >> 10));
        }
    }
    let _ = (std::fs::remove_file(&board_file), std::fs::remove_file(&decl));
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The tests that run a big child and measure its memory or wall-clock time, one at a time:
/// two at once could exhaust CI's memory (validate alone peaks at 1.8 GiB) or slow each other
/// past their time bounds.
fn heavy() -> std::sync::MutexGuard<'static, ()> {
    static HEAVY: std::sync::Mutex<()> = std::sync::Mutex::new(());
    // A failed heavy test poisons the lock; the next one still runs.
    HEAVY.lock().unwrap_or_else(|e| e.into_inner())
}
