//! `attackopt import names` (docs/format.md "Boards from card names"), through the real binary:
//! it prints what `attackopt::names::import` builds, a board the other commands read; bad input
//! is exit 2 naming the file and the JSON path; `--cards` gives an unknown name its Oracle text.

use crate::common;

use attackopt::names::{import, parse};
use attackopt::oracle::CardIndex;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Player A's bears and Mogg Flunkies (goaded by C), three Mountains; B's Propaganda; C's
/// tapped angel; and a typo, kept as an unknown noncreature.
fn names_text() -> String {
    json!({ "active": "A", "players": [
        { "id": "A", "cards": "life: 12\n2 Grizzly Bears\nMogg Flunkies goaded:C\n3 Mountain\nGrizly Bears" },
        { "id": "B", "cards": "Propaganda" },
        { "id": "C", "cards": "Serra Angel tapped" }
    ]})
    .to_string()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("attackopt-import-names-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

fn stdout_json(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

/// The binary with its card cache in `dir` (a `--cards` source is cached).
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_attackopt")).args(args).env("ATTACKOPT_CACHE_DIR", dir.join("cache")).output().expect("run attackopt")
}

#[test]
fn it_prints_the_board_the_library_builds() {
    let text = names_text();
    let f = common::temp_file("names", &text);
    let file = s(&f);
    let expected = import(&parse(&text, &file).expect("names"), &file, None).expect("built");
    let board = stdout_json(&common::run_bin(&["import", "names", &file]));
    assert_eq!(board, serde_json::to_value(&expected.board).expect("JSON"));
    // --format json: the board and the import's warnings, as the library gives them.
    let wrapped = stdout_json(&common::run_bin(&["import", "names", &file, "--format", "json"]));
    assert_eq!(wrapped, serde_json::to_value(&expected).expect("JSON"));
    assert_eq!(expected.warnings.len(), 1, "the typo is read with an assumption: {:?}", expected.warnings);
    // Standard input reads the same, its `import` naming no file (issue 40).
    let mut from_stdin = stdout_json(&common::run_with_stdin(&["import", "names", "-"], text.as_bytes()));
    assert_eq!(from_stdin["import"].get("file"), None, "{from_stdin:#}");
    from_stdin["import"]["file"] = board["import"]["file"].clone();
    assert_eq!(from_stdin, board);
    // Standard error: the import's warning for its line, and the board's did-you-mean.
    let out = common::run_bin(&["import", "names", &file]);
    let err = String::from_utf8_lossy(&out.stderr);
    let _ = std::fs::remove_file(&f);
    assert!(err.contains(&format!("attackopt: {file}: warning: players[0] (A), line 5: \"Grizly Bears\" is not known")), "{err}");
    assert!(err.contains("the board built: warning: at permanents[6].name") && err.contains("did you mean \"Grizzly Bears\""), "{err}");
}

#[test]
fn the_printed_board_matches_the_board_schema_and_check_and_solve_read_it() {
    let out = common::run_with_stdin(&["import", "names", "-"], names_text().as_bytes());
    let board = stdout_json(&out);
    let schema = attackopt::board_schema();
    let validator = jsonschema::validator_for(&schema).expect("schema");
    let errors: Vec<String> = validator.iter_errors(&board).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // `import names - | solve -`: the best declaration by the integer program and by the
    // exhaustive checker agree.
    let solve = |extra: &[&str]| {
        let args: Vec<&str> = ["solve", "-", "--format", "json"].iter().chain(extra).copied().collect();
        stdout_json(&common::run_with_stdin(&args, &out.stdout))
    };
    let (ilp, exhaustive) = (solve(&[]), solve(&["--exhaustive"]));
    assert_eq!((ilp["legal"].clone(), ilp["objective"].clone()), (json!(true), exhaustive["objective"].clone()));
    // Three Mountains pay Propaganda for one attacker at B at most; at C all three attack:
    // power 2 + 2 + 3.
    assert_eq!(ilp["objective"], 7);
    // CR 701.15b: the goaded Flunkies must attack each combat if able, and could with the bears
    // (it can't attack alone): a bear alone obeys none of its requirements, one at most.
    let board_file = common::temp_file("named-board", &board.to_string());
    let decl = common::temp_file("named-decl", &json!({ "attacks": [{ "creature": "grizzly-bears", "target": "C" }] }).to_string());
    let check = common::run_bin(&["check", &s(&board_file), &s(&decl), "--format", "json"]);
    let _ = (std::fs::remove_file(&board_file), std::fs::remove_file(&decl));
    let r: Value = serde_json::from_slice(&check.stdout).expect("JSON");
    assert_eq!((check.status.code(), r["legal"].clone(), r["requirements_max"].clone()), (Some(1), json!(false), json!(1)), "{r:#}");
}

#[test]
fn text_format_is_the_validate_view_and_the_warnings() {
    let dir = temp_dir("text");
    let names = dir.join("names.json");
    std::fs::write(&names, names_text()).expect("write");
    let board = dir.join("board.json");
    std::fs::write(&board, common::run_bin(&["import", "names", &s(&names)]).stdout).expect("write");
    let text = common::run_bin(&["import", "names", &s(&names), "--format", "text"]);
    let validate = common::run_bin(&["validate", &s(&board)]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(text.status.code(), Some(0));
    let (text, validate) = (String::from_utf8_lossy(&text.stdout).into_owned(), String::from_utf8_lossy(&validate.stdout).into_owned());
    // The same view, the first line naming the file read.
    let view = validate.replacen(&s(&board), &s(&names), 1);
    let tail = text.strip_prefix(&view).unwrap_or_else(|| panic!("not validate's view:\n{text}\n---\n{view}"));
    // Said once, as a warning (issue 40): standard error stays quiet in text mode.
    assert!(
        tail.starts_with("\nThe import's warnings: 1\n  ⚠ players[0] (A), line 5: \"Grizly Bears\" is not known") && tail.lines().count() == 3,
        "{tail}"
    );
}

/// The names input, its lines and the board built from it, each wrong once: exit 2, the
/// message naming the file, the path and what was expected (JSON readers get the path too).
#[test]
fn bad_input_is_exit_2_naming_the_file_and_path() {
    let out = common::run_bin(&["import", "names", "no/such/names.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/names.json: cannot read the file"));
    let player = |cards: &str| json!({ "active": "A", "players": [{ "id": "A", "cards": cards }, { "id": "B" }] }).to_string();
    let cases = [
        ("not-json", "{\"active\": \"A\", \"players\": [".to_string(), "players", "not valid JSON"),
        ("cards-type", json!({ "active": "A", "players": [{ "id": "A", "cards": 3 }] }).to_string(), "players[0].cards", "expected a string"),
        ("unknown-field", json!({ "active": "A", "players": [{ "id": "A", "card": "" }] }).to_string(), "players[0].card", "unknown field"),
        ("no-active", json!({ "players": [{ "id": "A" }] }).to_string(), "", "missing field `active`"),
        ("active", json!({ "active": "Alise", "players": [{ "id": "Alice" }, { "id": "B" }] }).to_string(), "active", "did you mean \"Alice\""),
        ("goaded", player("Grizzly Bears goaded:Q"), "players[0] (A), line 1", "goaded:Q: expected the id of a player"),
        ("line", player("Grizzly Bears\n0 Mountain"), "players[0] (A), line 2", "expected 1 to"),
        (
            "built",
            json!({ "active": "A", "players": [{ "id": "A" }, { "id": "A" }] }).to_string(),
            "players[1].id",
            "the board built from this file is not valid",
        ),
    ];
    // The error answers of `--format json` are answers of `attackopt schema result`.
    let result_schema = attackopt::result_schema();
    let validator = jsonschema::validator_for(&result_schema).expect("schema");
    for (tag, text, path, expected) in cases {
        let f = common::temp_file(tag, &text);
        let file = s(&f);
        let out = common::run_bin(&["import", "names", &file, "--format", "json"]);
        let _ = std::fs::remove_file(&f);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{tag}: {err}");
        let at = if path.is_empty() { format!("{file}: ") } else { format!("{file}: at {path}: ") };
        assert!(err.contains(&at) && err.contains(expected), "{tag}: {err}");
        let answer: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{tag}: {e}"));
        assert_eq!(answer["error"]["code"], 2, "{tag}");
        assert_eq!(answer["error"]["path"], if path.is_empty() { Value::Null } else { json!(path) }, "{tag}: {answer}");
        assert!(validator.is_valid(&answer), "{tag}: {answer}");
        assert!(!validator.is_valid(&json!({ "error": { "code": "two", "message": expected } })), "the schema tells");
    }
}

/// `--cards`: a Scryfall list written here makes an unknown creature's Oracle text count: the
/// brute must attack (CR 508.1d), so not attacking breaks a requirement; without the list it is
/// an unknown noncreature.
#[test]
fn a_card_source_gives_an_unknown_creature_its_oracle_text() {
    let dir = temp_dir("cards");
    let list = dir.join("cards.json");
    let cards = json!([{ "name": "Raging Brute", "oracle_text": "Raging Brute attacks each combat if able.", "type_line": "Creature — Ogre Warrior", "power": "4", "toughness": "3", "colors": ["R"] }]);
    std::fs::write(&list, cards.to_string()).expect("write");
    let text = json!({ "active": "A", "players": [{ "id": "A", "cards": "Raging Brute\nGrizzly Bears" }, { "id": "B" }] }).to_string();
    let names = dir.join("names.json");
    std::fs::write(&names, &text).expect("write");
    let with = run_in(&dir, &["import", "names", &s(&names), "--cards", &s(&list)]);
    let without = run_in(&dir, &["import", "names", &s(&names)]);
    let empty = dir.join("empty.json");
    std::fs::write(&empty, r#"{"attacks": []}"#).expect("write");
    let check = |out: &Output| {
        let board = dir.join("board.json");
        std::fs::write(&board, &out.stdout).expect("write");
        let c = run_in(&dir, &["check", &s(&board), &s(&empty), "--format", "json"]);
        (c.status.code(), serde_json::from_slice::<Value>(&c.stdout).expect("JSON"))
    };
    let (with_check, without_check) = (check(&with), check(&without));
    let board = stdout_json(&with);
    let index = CardIndex::from_scryfall_json(&cards.to_string(), "cards.json").expect("list");
    let expected = import(&parse(&text, "n").expect("names"), &s(&names), Some(&index)).expect("built");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(board, serde_json::to_value(&expected.board).expect("JSON"), "the board the library builds with the list");
    assert_eq!(board["permanents"][0]["oracle_text"], "Raging Brute attacks each combat if able.");
    assert_eq!((board["permanents"][0]["power"].clone(), board["permanents"][0]["types"].clone()), (json!(4), json!(["Creature"])));
    assert_eq!(with_check.0, Some(1), "{:#}", with_check.1);
    assert_eq!(with_check.1["requirements_max"], 1);
    assert_eq!(without_check.0, Some(0), "without the list no requirement: {:#}", without_check.1);
    assert!(String::from_utf8_lossy(&without.stderr).contains("\"Raging Brute\" is not known"));
}

/// A bad Scryfall list behind `--cards`: the message names the list, the JSON path into the
/// card's face and what was expected (src/cards/source.rs reads cards and faces as one struct).
#[test]
fn a_bad_card_list_is_named_with_its_json_path() {
    let dir = temp_dir("bad-cards");
    let list = dir.join("cards.json");
    let cards = json!([{ "name": "Fine", "oracle_text": "" }, { "name": "A // B", "card_faces": [{ "name": "A", "oracle_text": 5 }] }]);
    std::fs::write(&list, cards.to_string()).expect("write");
    let names = dir.join("names.json");
    std::fs::write(&names, names_text()).expect("write");
    let out = run_in(&dir, &["import", "names", &s(&names), "--cards", &s(&list)]);
    let _ = std::fs::remove_dir_all(&dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    let at = format!("{}: at [1].card_faces[0].oracle_text: expected a Scryfall card list (a JSON array of card objects): invalid type: integer `5`, expected a string", s(&list));
    assert!(err.contains(&at), "{err}");
}

/// The model names file of the README's example imports without a warning and solves.
#[test]
fn the_model_names_file_imports_cleanly() {
    let model = concat!(env!("CARGO_MANIFEST_DIR"), "/models/names/goad-propaganda.json");
    let out = common::run_bin(&["import", "names", model]);
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let solved = stdout_json(&common::run_with_stdin(&["solve", "-", "--format", "json"], &out.stdout));
    assert_eq!(solved["legal"], true);
}

/// Words card lines are made of, the syntax's and others.
const WORDS: [&str; 24] = [
    "Grizzly",
    "Bears",
    "Grizzly Bears",
    "Propaganda",
    "Goblin",
    "Token",
    "3",
    "3x",
    "x2",
    "×2",
    "0",
    "2/2",
    "-1/+3",
    "99999999/1",
    "tapped",
    "sick",
    "flying",
    "HASTE",
    "goaded:B",
    "goaded:",
    "goaded:A,B",
    "life:",
    "hand: 2",
    "é#",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Any lists of A and B: a line-named error, or a board that reads back as any board (what
    /// `import names` prints is never refused by `validate`), never a panic.
    #[test]
    fn any_card_lists_give_a_line_named_error_or_a_valid_board(
        lines in proptest::collection::vec((proptest::bool::ANY, proptest::collection::vec(proptest::sample::select(&WORDS[..]), 0..5)), 0..12)
    ) {
        let (mut a, mut b) = (String::new(), String::new());
        for (first, words) in &lines {
            let list = if *first { &mut a } else { &mut b };
            list.push_str(&words.join(" "));
            list.push('\n');
        }
        let text = json!({ "active": "A", "players": [{ "id": "A", "cards": a }, { "id": "B", "cards": b }] }).to_string();
        match import(&parse(&text, "n").expect("names"), "n", None) {
            Ok(built) => {
                let read = attackopt::Position::from_board(built.board, "n");
                proptest::prop_assert!(read.is_ok(), "{text}: {:?}", read.err());
            }
            Err(e) => proptest::prop_assert!(e.path.starts_with("players[") && e.path.contains(", line "), "{text}: {e}"),
        }
    }
}
