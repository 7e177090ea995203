//! Issue 40, point 3, "Imports tell": a board imported with cards skipped or guesses carries its
//! import's account (`import`), and every answer about it repeats it on every surface (the
//! command line's JSON and text, batch, MCP; Python in python/tests/test_import_notes.py);
//! `--strict` refuses it, on `check`/`solve`/`enumerate` (exit 3) and on `import` (exit 2).

use crate::common;

use attackopt::{result_schema, TEXT_WIDTH};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Output;

fn sample() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/forge/goblins-vs-propaganda.pzl").to_string_lossy().into_owned()
}

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

fn json_of(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

/// The sample Forge puzzle imported (Tarmogoyf and Dark Confidant skipped), saved as a board.
fn imported_board() -> (PathBuf, Value) {
    let out = common::run_bin(&["import", "forge", &sample()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let board = json_of(&out);
    (common::temp_file("imported", &board.to_string()), board)
}

/// What every answer about the sample's board must carry: the board's own account.
fn expected_import() -> Value {
    json!({
        "from": "forge",
        "file": "goblins-vs-propaganda.pzl",
        "skipped": [
            { "zone": "humanbattlefield", "index": 6, "card": "Tarmogoyf",
              "reason": "unknown card: not in attackopt's catalog, basic lands or table of plain creatures, so what it does to attacks is unknown" },
            { "zone": "aibattlefield", "index": 4, "card": "Dark Confidant",
              "reason": "unknown card: not in attackopt's catalog, basic lands or table of plain creatures, so what it does to attacks is unknown" }
        ],
        "notes": []
    })
}

const FIRST_LINE: &str = "Imported from goblins-vs-propaganda.pzl (Forge) with 2 cards skipped (Tarmogoyf, Dark Confidant):";

fn assert_text_tells(text: &str, what: &str) {
    assert!(text.starts_with(FIRST_LINE), "{what}: the first line says what the import left out:\n{text}");
    assert!(text.contains("this board may differ from the game."), "{what}:\n{text}");
    let head = text.split("\n\n").next().unwrap_or_default();
    assert!(head.lines().all(|l| l.chars().count() <= TEXT_WIDTH), "{what}: the line is wrapped within {TEXT_WIDTH} columns:\n{head}");
}

#[test]
fn issue_40_every_command_line_answer_about_an_imported_board_carries_its_import() {
    let (file, board) = imported_board();
    let file = s(&file);
    assert_eq!(board["import"], expected_import(), "the board carries what its import skipped");
    let schema = jsonschema::validator_for(&result_schema()).expect("schema");
    let commands: [&[&str]; 4] =
        [&["check", &file, "--attack", "none"], &["solve", &file], &["enumerate", &file, "--limit", "3"], &["validate", &file]];
    for args in commands {
        let json_args: Vec<&str> = args.iter().copied().chain(["--format", "json"]).collect();
        let answer = json_of(&common::run_bin(&json_args));
        assert_eq!(answer["import"], expected_import(), "{args:?}: {answer:#}");
        assert!(schema.is_valid(&answer), "{args:?}: the answer matches the result schema");
        let text = common::run_bin(args);
        assert_text_tells(&String::from_utf8_lossy(&text.stdout), &format!("{args:?}"));
    }
    // The undecided answer of a time limit too (the watchdog's and the solver's), and
    // `enumerate --detail summary`; a hand-written board's answers say nothing of imports.
    for args in [["solve", &file, "--time-limit", "0"], ["enumerate", &file, "--time-limit", "0"]] {
        let json_args: Vec<&str> = args.iter().copied().chain(["--format", "json"]).collect();
        let answer = json_of(&common::run_bin(&json_args));
        assert_eq!((answer["proof"].clone(), answer["import"].clone()), (json!("none"), expected_import()), "{args:?}: {answer:#}");
    }
    let summary = json_of(&common::run_bin(&["enumerate", &file, "--detail", "summary", "--format", "json"]));
    assert_eq!(summary["import"], expected_import());
    let model = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("models/paid-vs-free.json");
    let plain = json_of(&common::run_bin(&["solve", &s(&model), "--format", "json"]));
    assert!(plain.get("import").is_none(), "{plain:#}");
    assert!(!String::from_utf8_lossy(&common::run_bin(&["solve", &s(&model)]).stdout).contains("Imported"));
    let _ = std::fs::remove_file(&file);
}

#[test]
fn issue_40_strict_refuses_a_board_whose_import_skipped_cards() {
    let (file, _) = imported_board();
    let file = s(&file);
    let schema = jsonschema::validator_for(&result_schema()).expect("schema");
    for args in [vec!["check", &file, "--attack", "none"], vec!["solve", &file], vec!["enumerate", &file]] {
        let strict: Vec<&str> = args.iter().copied().chain(["--strict", "--format", "json"]).collect();
        let out = common::run_bin(&strict);
        assert_eq!(out.status.code(), Some(3), "{args:?}: refused as an assumption is");
        let answer = json_of(&out);
        assert_eq!((answer["proof"].clone(), answer["legal"].clone()), (json!("none"), Value::Null), "{answer:#}");
        assert_eq!(answer["message"], "strict mode refuses to answer: this board's import skipped 2 cards", "{answer:#}");
        assert_eq!(answer["import"], expected_import());
        assert!(schema.is_valid(&answer), "{answer:#}");
        let text: Vec<&str> = args.iter().copied().chain(["--strict"]).collect();
        let text = String::from_utf8_lossy(&common::run_bin(&text).stdout).into_owned();
        assert_text_tells(&text, &format!("{args:?} --strict"));
        assert!(text.contains("UNDECIDED: strict mode refuses to answer"), "{text}");
    }
    // validate answers every board, strict or not: it is how the board gets fixed.
    let out = common::run_bin(&["validate", &file, "--strict"]);
    assert_eq!(out.status.code(), Some(0));
    let _ = std::fs::remove_file(&file);
}

/// A game state attackopt imports whole: its board carries an empty account, and strict
/// answers on it; no line of text about the import.
#[test]
fn issue_40_a_faithful_import_passes_both_strict_options() {
    let state = "humanlife=18\nailife=20\nactiveplayer=ai\nactivephase=COMBAT_DECLARE_ATTACKERS\naibattlefield=Juggernaut;Savannah Lions|Tapped;Plains\nhumanbattlefield=Ghostly Prison\n";
    let f = common::temp_file("faithful", state);
    let out = common::run_bin(&["import", "forge", &s(&f), "--strict"]);
    let _ = std::fs::remove_file(&f);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let board = json_of(&out);
    assert_eq!(board["import"]["skipped"], json!([]));
    assert_eq!(board["import"]["notes"], json!([]));
    let file = common::temp_file("faithful-board", &board.to_string());
    let strict = common::run_bin(&["solve", &s(&file), "--strict", "--format", "json"]);
    let text = common::run_bin(&["solve", &s(&file), "--strict"]);
    let _ = std::fs::remove_file(&file);
    assert_eq!(strict.status.code(), Some(0), "{}", String::from_utf8_lossy(&strict.stdout));
    assert_eq!(json_of(&strict)["import"], board["import"], "the account is in every answer, empty too");
    assert!(!String::from_utf8_lossy(&text.stdout).contains("Imported"), "nothing to tell in text");
}

/// `import KIND` of `content` with `--strict`, refused (exit 2, nothing printed): its standard
/// error; and without: the board.
fn refused_and_plain(kind: &str, content: &str) -> (String, Value) {
    let f = common::temp_file("import-strict", content);
    let out = common::run_bin(&["import", kind, &s(&f), "--strict"]);
    let plain = common::run_bin(&["import", kind, &s(&f)]);
    let _ = std::fs::remove_file(&f);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty(), "no board printed");
    (err, json_of(&plain))
}

#[test]
fn issue_40_import_strict_refuses_and_lists_what_would_be_dropped() {
    // Forge: the two unknown cards.
    let out = common::run_bin(&["import", "forge", &sample(), "--strict"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty(), "no board printed");
    assert!(err.contains("goblins-vs-propaganda.pzl: --strict: the board would differ from the game in 2 things"), "{err}");
    assert!(
        err.contains("  - skipped: humanbattlefield, card 6: \"Tarmogoyf\"")
            && err.contains("  - skipped: aibattlefield, card 4: \"Dark Confidant\""),
        "{err}"
    );
    // With --format json, the error object, valid against the result schema.
    let out = common::run_bin(&["import", "forge", &sample(), "--strict", "--format", "json"]);
    let answer = json_of(&out);
    assert_eq!((out.status.code(), answer["error"]["code"].clone()), (Some(2), json!(2)), "{answer:#}");
    assert!(answer["error"]["message"].as_str().is_some_and(|m| m.contains("Tarmogoyf")), "{answer:#}");
    assert!(jsonschema::validator_for(&result_schema()).expect("schema").is_valid(&answer));
    // A guess alone is refused too: no activeplayer.
    let (err, plain) = refused_and_plain("forge", "humanbattlefield=Grizzly Bears\n");
    assert!(err.contains("  - guessed: no activeplayer: assuming human"), "{err}");
    assert_eq!(plain["import"]["notes"], json!(["no activeplayer: assuming human"]), "without --strict, the guess is noted");
}

#[test]
fn issue_40_import_names_strict_refuses_a_guessed_line() {
    let typo = json!({ "active": "A", "players": [{ "id": "A", "cards": "Grizzly Bears\nGrizly Bears" }, { "id": "B" }] }).to_string();
    let (err, board) = refused_and_plain("names", &typo);
    assert!(err.contains("  - guessed: players[0] (A), line 2: \"Grizly Bears\" is not known"), "{err}");
    assert!(err.contains("  - assumed: Grizly Bears (grizly-bears): a card attackopt does not know"), "what answers would assume: {err}");
    assert_eq!(board["import"]["from"], "names");
    assert_eq!(board["import"]["notes"].as_array().map(Vec::len), Some(1), "{board:#}");
    // The model names file is faithful: imported under --strict.
    let model = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("models/names/goad-propaganda.json");
    let out = common::run_bin(&["import", "names", &s(&model), "--strict"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(json_of(&out)["import"], json!({ "from": "names", "file": "goad-propaganda.json", "skipped": [], "notes": [] }));
}

#[test]
fn issue_40_batch_answers_carry_the_import_and_strict_refuses_it() {
    let (file, _) = imported_board();
    let file = s(&file);
    let requests: Vec<String> = [
        json!({ "id": "check", "command": "check", "board": file, "attacks": "none" }),
        json!({ "id": "solve", "command": "solve", "board": file }),
        json!({ "id": "enumerate", "command": "enumerate", "board": file, "limit": 2 }),
        json!({ "id": "maximum", "command": "maximum", "board": file }),
        json!({ "id": "validate", "command": "validate", "board": file }),
        json!({ "id": "strict", "command": "solve", "board": file, "options": { "strict": true } }),
    ]
    .iter()
    .map(Value::to_string)
    .collect();
    let out = common::run_with_stdin(&["batch", "--quiet"], format!("{}\n", requests.join("\n")).as_bytes());
    let _ = std::fs::remove_file(&file);
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(answers.len(), 6, "{answers:#?}");
    for a in &answers {
        assert_eq!(a["result"]["import"], expected_import(), "{}: {a:#}", a["id"]);
    }
    let strict = &answers[5];
    assert_eq!((strict["exit"].clone(), strict["result"]["legal"].clone()), (json!(3), Value::Null), "{strict:#}");
}

#[test]
fn issue_40_mcp_tools_answer_with_the_import() {
    let (file, board) = imported_board();
    let _ = std::fs::remove_file(&file);
    let call = |id: usize, tool: &str, arguments: Value| {
        json!({ "jsonrpc": "2.0", "id": id, "method": "tools/call", "params": { "name": tool, "arguments": arguments } }).to_string().into_bytes()
    };
    let lines = vec![
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}).to_string().into_bytes(),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string().into_bytes(),
        call(2, "check_attack", json!({ "board": board, "declaration": "none" })),
        call(3, "solve_attack", json!({ "board": board })),
        call(4, "enumerate_attacks", json!({ "board": board, "limit": 2 })),
        call(5, "explain_board", json!({ "board": board })),
        call(6, "solve_attack", json!({ "board": board.to_string(), "options": { "strict": true } })),
    ];
    let (answers, code) = crate::mcp::piped_session(&lines);
    assert_eq!(code, Some(0));
    for id in 2..=6 {
        let a = answers.iter().find(|a| a["id"] == json!(id)).unwrap_or_else(|| panic!("no answer {id}: {answers:?}"));
        let result = &a["result"];
        assert!(result.get("isError").is_none_or(|e| e == false), "{id}: {result:#}");
        assert_eq!(result["structuredContent"]["import"], expected_import(), "{id}: {result:#}");
        let text = result["content"][0]["text"].as_str().unwrap_or_default();
        assert!(text.contains("Tarmogoyf") && text.contains("\"import\""), "{id}: the text content says it too: {text}");
    }
    let strict = &answers.iter().find(|a| a["id"] == json!(6)).expect("6")["result"]["structuredContent"];
    assert_eq!((strict["proof"].clone(), strict["legal"].clone()), (json!("none"), Value::Null), "{strict:#}");
}

/// The `import` field is read as every field is: a bad shape or value is bad input naming the
/// file and the JSON path (exit 2), and the board schema refuses what the parser refuses; a
/// hand-written account from another importer is read and repeated.
#[test]
fn issue_40_a_bad_import_field_is_bad_input_naming_its_path() {
    let base = json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [{ "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2 }] });
    let with = |import: Value| {
        let mut b = base.clone();
        b["import"] = import;
        b
    };
    let skipped = |field: &str, v: Value| {
        let mut s = json!({ "zone": "aibattlefield", "index": 1, "card": "Tarmogoyf", "reason": "unknown card" });
        s[field] = v;
        with(json!({ "from": "forge", "skipped": [s] }))
    };
    let board_schema = jsonschema::validator_for(&attackopt::board_schema()).expect("schema");
    let cases = [
        ("a list", with(json!(["forge"])), "import", true),
        ("from missing", with(json!({ "skipped": [] })), "import", true),
        ("from a number", with(json!({ "from": 3 })), "import.from", true),
        ("from blank", with(json!({ "from": " " })), "import.from", false),
        ("notes a string", with(json!({ "from": "forge", "notes": "no activeplayer" })), "import.notes", true),
        ("index 0", skipped("index", json!(0)), "import.skipped[0].index", true),
        ("index negative", skipped("index", json!(-1)), "import.skipped[0].index", true),
        (
            "card missing",
            {
                let mut b = skipped("card", json!(null));
                b["import"]["skipped"][0].as_object_mut().map(|o| o.remove("card"));
                b
            },
            "import.skipped[0]",
            true,
        ),
        ("reason too long", skipped("reason", json!("x".repeat(1001))), "import.skipped[0].reason", false),
    ];
    for (tag, board, path, schema_too) in cases {
        let f = common::temp_file("bad-import", &board.to_string());
        let out = common::run_bin(&["solve", &s(&f), "--format", "json"]);
        let _ = std::fs::remove_file(&f);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{tag}: {err}");
        assert!(err.contains(&s(&f)) && err.contains(&format!("at {path}")), "{tag}: the file and the path are named: {err}");
        assert_eq!(json_of(&out)["error"]["path"], path, "{tag}");
        if schema_too {
            assert!(!board_schema.is_valid(&board), "{tag}: the schema refuses it too");
        }
    }
    // Written by hand, from another program: read, valid against the schema, and repeated.
    let other = with(json!({ "from": "xmage", "skipped": [{ "zone": "battlefield", "index": 2, "card": "Tarmogoyf", "reason": "not exported" }] }));
    assert!(board_schema.is_valid(&other));
    let f = common::temp_file("other-import", &other.to_string());
    let answer = json_of(&common::run_bin(&["solve", &s(&f), "--format", "json"]));
    let text = String::from_utf8_lossy(&common::run_bin(&["solve", &s(&f)]).stdout).into_owned();
    let _ = std::fs::remove_file(&f);
    assert_eq!(
        answer["import"],
        json!({ "from": "xmage", "skipped": [{ "zone": "battlefield", "index": 2, "card": "Tarmogoyf", "reason": "not exported" }], "notes": [] })
    );
    assert!(text.starts_with("Imported from xmage with 1 card skipped (Tarmogoyf): this board may differ from the game."), "{text}");
}
