//! Bad input through the real binary (docs/format.md "Command line"): exit status 2, and a message on
//! standard error that names the file, the JSON path and what was expected.

use crate::common;

use common::{run_bin, temp_file};
use serde_json::{json, Value};
use std::process::Output;

/// A small valid board: A (active) and B, C; A's bear and elf, B's planeswalker and Forest.
fn base_board() -> Value {
    json!({
        "attackopt": 1,
        "active_player": "A",
        "players": [ { "id": "A", "team": "t1" }, { "id": "A2", "team": "t1" }, { "id": "B" }, { "id": "C" } ],
        "permanents": [
            { "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "toughness": 2 },
            { "id": "elf", "name": "Llanowar Elves", "controller": "A", "types": ["Creature"], "power": 1, "toughness": 1 },
            { "id": "jace", "name": "Jace Beleren", "controller": "B", "types": ["Planeswalker"] },
            { "id": "forest", "name": "Forest", "controller": "A", "types": ["Land"], "subtypes": ["Forest"] }
        ],
        "effects": []
    })
}

fn empty_decl() -> Value {
    json!({ "attacks": [] })
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Run `check BOARD DECL` with both written to temp files; returns (board path, decl path, output).
fn run_check(tag: &str, board_text: &str, decl_text: &str) -> (String, String, Output) {
    let b = temp_file(&format!("{tag}-board"), board_text);
    let d = temp_file(&format!("{tag}-decl"), decl_text);
    let (bs, ds) = (b.to_string_lossy().into_owned(), d.to_string_lossy().into_owned());
    let out = run_bin(&["check", &bs, &ds, "--format", "json"]);
    let _ = std::fs::remove_file(&b);
    let _ = std::fs::remove_file(&d);
    (bs, ds, out)
}

/// Assert exit 2 and that stderr contains the file name and every needle.
#[track_caller]
fn assert_bad(out: &Output, file: &str, needles: &[&str]) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "expected exit status 2; stderr:\n{err}\nstdout:\n{}", String::from_utf8_lossy(&out.stdout));
    assert!(err.contains(file), "stderr should name the file {file}:\n{err}");
    for n in needles {
        assert!(err.contains(n), "stderr should contain {n:?}:\n{err}");
    }
}

/// A bad board: mutate the base board, run `check`, expect exit 2 naming the board file.
#[track_caller]
fn bad_board(tag: &str, mutate: impl FnOnce(&mut Value), needles: &[&str]) {
    let mut b = base_board();
    mutate(&mut b);
    let (bf, _, out) = run_check(tag, &b.to_string(), &empty_decl().to_string());
    assert_bad(&out, &bf, needles);
}

/// A bad declaration against the (valid) base board, expect exit 2 naming the declaration file.
#[track_caller]
fn bad_decl(tag: &str, decl: Value, needles: &[&str]) {
    let (_, df, out) = run_check(tag, &base_board().to_string(), &decl.to_string());
    assert_bad(&out, &df, needles);
}

// ------------------------------------------------------------------ sanity

#[test]
fn base_board_is_accepted() {
    let (_, _, out) = run_check("ok", &base_board().to_string(), &empty_decl().to_string());
    assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON result on stdout");
    assert_eq!(v["legal"], json!(true));
}

// ------------------------------------------------------------------ shape (serde)

#[test]
fn invalid_json_syntax() {
    let (bf, _, out) = run_check("syntax", "{\"attackopt\": 1, \"players\": [", &empty_decl().to_string());
    assert_bad(&out, &bf, &["not valid JSON", "line 1"]);
}

#[test]
fn trailing_text_after_json() {
    let text = format!("{} extra", base_board());
    let (bf, _, out) = run_check("trailing", &text, &empty_decl().to_string());
    assert_bad(&out, &bf, &["after the JSON"]);
}

#[test]
fn wrong_type_power_as_string() {
    bad_board("power-type", |b| b["permanents"][0]["power"] = json!("2"), &["permanents[0].power", "expected i64", "string"]);
}

#[test]
fn wrong_type_tapped_as_number() {
    bad_board("tapped-type", |b| b["permanents"][1]["tapped"] = json!(1), &["permanents[1].tapped", "expected a boolean"]);
}

#[test]
fn missing_required_field_active_player() {
    bad_board(
        "no-active",
        |b| {
            b.as_object_mut().unwrap().remove("active_player");
        },
        &["missing field", "active_player"],
    );
}

#[test]
fn missing_required_field_permanent_controller() {
    bad_board(
        "no-controller",
        |b| {
            b["permanents"][2].as_object_mut().unwrap().remove("controller");
        },
        &["permanents[2]", "missing field", "controller"],
    );
}

#[test]
fn format_version_not_1() {
    bad_board("version", |b| b["attackopt"] = json!(2), &["attackopt", "expected format version 1", "found 2"]);
}

#[test]
fn file_that_does_not_exist() {
    let missing = std::env::temp_dir().join(format!("attackopt-test-{}-missing.json", std::process::id()));
    let d = temp_file("missing-decl", &empty_decl().to_string());
    let ms = missing.to_string_lossy().into_owned();
    let out = run_bin(&["check", &ms, &d.to_string_lossy()]);
    let _ = std::fs::remove_file(&d);
    assert_bad(&out, &ms, &["cannot read"]);
}

// ------------------------------------------------------------------ ids and references

#[test]
fn duplicate_id_player_and_permanent() {
    bad_board("dup-id", |b| b["permanents"][0]["id"] = json!("B"), &["permanents[0].id", "expected a unique id", "players[2].id"]);
}

#[test]
fn empty_id() {
    bad_board("empty-id", |b| b["permanents"][0]["id"] = json!(""), &["permanents[0].id", "non-empty id"]);
}

#[test]
fn controller_names_no_player() {
    bad_board(
        "controller-zzz",
        |b| b["permanents"][0]["controller"] = json!("Zorblax"),
        &["permanents[0].controller", "expected the id of a player", "\"Zorblax\""],
    );
}

#[test]
fn controller_near_miss_suggests_id() {
    bad_board(
        "controller-near",
        |b| b["permanents"][0]["controller"] = json!("A3"),
        &["permanents[0].controller", "expected the id of a player", "did you mean"],
    );
    // "Bx" is one edit from "B" and two from the others: the suggestion is "B".
    bad_board("controller-near-b", |b| b["permanents"][1]["controller"] = json!("Bx"), &["permanents[1].controller", "did you mean \"B\""]);
}

#[test]
fn active_player_unknown() {
    bad_board("active-unknown", |b| b["active_player"] = json!("Q"), &["active_player", "expected the id of a player"]);
}

#[test]
fn goaded_by_unknown_player() {
    bad_board(
        "goad-unknown",
        |b| b["permanents"][0]["goaded_by"] = json!(["B", "Nobody"]),
        &["permanents[0].goaded_by[1]", "expected the id of a player", "Nobody"],
    );
}

#[test]
fn attached_to_unknown_permanent() {
    bad_board(
        "attached-unknown",
        |b| {
            b["permanents"].as_array_mut().unwrap().push(json!({
                "id": "pac", "name": "Pacifism", "controller": "B", "types": ["Enchantment"], "attached_to": "baer"
            }))
        },
        &["permanents[4].attached_to", "expected the id of a permanent", "did you mean \"bear\""],
    );
}

#[test]
fn protector_unknown_player() {
    bad_board(
        "protector-unknown",
        |b| {
            b["permanents"].as_array_mut().unwrap().push(json!({
                "id": "siege", "name": "Invasion of Tarkir", "controller": "A", "types": ["Battle"], "protector": "Nobody"
            }))
        },
        &["permanents[4].protector", "expected the id of a player"],
    );
}

// ------------------------------------------------------------------ effects

#[test]
fn unknown_effect_kind_with_suggestion() {
    bad_board(
        "effect-kind",
        |b| b["effects"] = json!([{ "kind": "attack_if_able", "creatures": "all" }]),
        &["effects[0].kind", "expected an effect kind", "did you mean \"attacks_if_able\""],
    );
}

#[test]
fn max_attackers_without_count() {
    bad_board(
        "no-count",
        |b| b["effects"] = json!([{ "kind": "max_attackers", "per": "combat" }]),
        &["effects[0].count", "expected a non-negative integer"],
    );
}

#[test]
fn attack_cost_without_cost() {
    bad_board(
        "no-cost",
        |b| b["effects"] = json!([{ "kind": "attacks_if_able", "creatures": "all" }, { "kind": "attack_cost", "creatures": "all" }]),
        &["effects[1].cost", "expected a mana string"],
    );
}

#[test]
fn attacks_if_able_without_creatures() {
    bad_board("no-creatures", |b| b["effects"] = json!([{ "kind": "attacks_if_able" }]), &["effects[0].creatures", "expected a selector"]);
}

#[test]
fn player_attacks_if_able_without_target() {
    bad_board(
        "no-target",
        |b| b["effects"] = json!([{ "kind": "player_attacks_if_able", "player": "A" }]),
        &["effects[0].target", "expected a target set"],
    );
}

#[test]
fn selector_unknown_field() {
    bad_board(
        "sel-field",
        |b| b["effects"] = json!([{ "kind": "cant_attack", "creatures": { "colour": "B" } }]),
        &["effects[0].creatures.colour", "unknown selector field", "did you mean \"color\""],
    );
}

#[test]
fn selector_wrong_type() {
    bad_board(
        "sel-type",
        |b| b["effects"] = json!([{ "kind": "cant_attack", "creatures": 5 }]),
        &["effects[0].creatures", "expected a selector", "a number"],
    );
    bad_board(
        "sel-string",
        |b| b["effects"] = json!([{ "kind": "cant_attack", "creatures": "everyone" }]),
        &["effects[0].creatures", "expected a selector", "\"everyone\""],
    );
    bad_board(
        "sel-field-type",
        |b| b["effects"] = json!([{ "kind": "cant_attack", "creatures": { "power_greater_than": "3" } }]),
        &["effects[0].creatures.power_greater_than", "expected an integer"],
    );
}

#[test]
fn selector_unknown_creature_id() {
    bad_board(
        "sel-id",
        |b| b["effects"] = json!([{ "kind": "cant_attack", "creatures": ["bear", "wolf"] }]),
        &["effects[0].creatures[1]", "expected the id of a permanent"],
    );
}

#[test]
fn target_set_unknown_field() {
    bad_board(
        "target-field",
        |b| b["effects"] = json!([{ "kind": "cant_attack", "creatures": "all", "target": { "player": ["B"] } }]),
        &["effects[0].target.player", "unknown target set field", "did you mean \"players\""],
    );
}

#[test]
fn target_set_wrong_type() {
    bad_board(
        "target-type",
        |b| b["effects"] = json!([{ "kind": "cant_attack", "creatures": "all", "target": ["B"] }]),
        &["effects[0].target", "expected a target set"],
    );
    bad_board(
        "target-players-type",
        |b| b["effects"] = json!([{ "kind": "cant_attack", "creatures": "all", "target": { "players": "B" } }]),
        &["effects[0].target.players", "expected a list of player ids"],
    );
}

#[test]
fn target_set_unknown_player() {
    bad_board(
        "target-player",
        |b| b["effects"] = json!([{ "kind": "cant_attack", "creatures": "all", "target": { "planeswalkers_of": ["Z"] } }]),
        &["effects[0].target.planeswalkers_of[0]", "expected the id of a player"],
    );
}

#[test]
fn per_not_combat_or_turn() {
    bad_board(
        "per",
        |b| b["effects"] = json!([{ "kind": "max_attackers", "count": 1, "per": "game" }]),
        &["effects[0].per", "expected \"combat\" or \"turn\"", "game"],
    );
}

// ------------------------------------------------------------------ mana strings

#[test]
fn bad_mana_string_in_mana_add() {
    bad_board("mana-add", |b| b["permanents"][1]["mana"] = json!([{ "add": "{Q}" }]), &["permanents[1].mana[0].add", "not a mana symbol"]);
    bad_board(
        "mana-add-phyrexian",
        |b| b["permanents"][1]["mana"] = json!([{ "add": "{G}" }, { "add": "{W/P}" }]),
        &["permanents[1].mana[1].add", "not mana a source can add"],
    );
    bad_board("mana-add-type", |b| b["permanents"][1]["mana"] = json!([{ "add": 3 }]), &["permanents[1].mana[0].add", "expected a mana string"]);
    bad_board(
        "mana-add-could",
        |b| b["permanents"][3]["mana"] = json!([{ "add": { "could_produce": "lands_of_friends", "kind": "color" } }]),
        &["permanents[3].mana[0].add.could_produce", "lands_of_opponents"],
    );
}

#[test]
fn bad_mana_string_in_mana_pool() {
    bad_board("pool", |b| b["players"][0]["mana_pool"] = json!("{R}{X}"), &["players[0].mana_pool", "not a mana symbol"]);
    bad_board("pool-braces", |b| b["players"][1]["mana_pool"] = json!("RR"), &["players[1].mana_pool", "expected a mana string"]);
    bad_board("pool-any", |b| b["players"][0]["mana_pool"] = json!("any_color"), &["players[0].mana_pool", "expected mana in the pool"]);
}

#[test]
fn bad_mana_string_in_attack_cost() {
    bad_board(
        "cost-str",
        |b| b["effects"] = json!([{ "kind": "attack_cost", "creatures": "all", "cost": "2" }]),
        &["effects[0].cost", "expected a mana string"],
    );
    bad_board(
        "cost-unclosed",
        |b| b["effects"] = json!([{ "kind": "attack_cost", "creatures": "all", "cost": "{2" }]),
        &["effects[0].cost", "unclosed brace"],
    );
    bad_board(
        "cost-empty",
        |b| b["effects"] = json!([{ "kind": "attack_cost", "creatures": "all", "cost": "" }]),
        &["effects[0].cost", "expected a mana string"],
    );
}

// ------------------------------------------------------------------ card fields

#[test]
fn unknown_card_type() {
    bad_board(
        "type",
        |b| b["permanents"][0]["types"] = json!(["Creture"]),
        &["permanents[0].types[0]", "expected a card type", "did you mean \"Creature\""],
    );
}

#[test]
fn bad_color() {
    bad_board("color", |b| b["permanents"][0]["colors"] = json!(["G", "Purple"]), &["permanents[0].colors[1]", "expected a color", "Purple"]);
}

// ------------------------------------------------------------------ variant

#[test]
fn single_attack_without_defending_player() {
    bad_board("single", |b| b["variant"] = json!({ "attack": "single" }), &["variant.defending_player", "expected a player id"]);
}

#[test]
fn defending_player_is_a_teammate() {
    bad_board(
        "single-team",
        |b| b["variant"] = json!({ "attack": "single", "defending_player": "A2" }),
        &["variant.defending_player", "expected an opponent", "A2"],
    );
    bad_board(
        "single-self",
        |b| b["variant"] = json!({ "attack": "single", "defending_player": "A" }),
        &["variant.defending_player", "expected an opponent"],
    );
}

#[test]
fn unknown_attack_option() {
    bad_board("attack-option", |b| b["variant"] = json!({ "attack": "sideways" }), &["variant.attack", "expected one of"]);
}

// ------------------------------------------------------------------ declarations

#[test]
fn declaration_unknown_creature() {
    bad_decl(
        "decl-creature",
        json!({ "attacks": [ { "creature": "beer", "target": "B" } ] }),
        &["attacks[0].creature", "expected the id of a creature on the board", "did you mean \"bear\""],
    );
}

#[test]
fn declaration_unknown_target() {
    bad_decl(
        "decl-target",
        json!({ "attacks": [ { "creature": "bear", "target": "jacee" } ] }),
        &["attacks[0].target", "expected the id of a player, planeswalker or battle", "did you mean \"jace\""],
    );
}

#[test]
fn declaration_creature_twice() {
    bad_decl(
        "decl-twice",
        json!({ "attacks": [ { "creature": "bear", "target": "B" }, { "creature": "bear", "target": "C" } ] }),
        &["attacks[1].creature", "at most once", "declared twice"],
    );
}

#[test]
fn declaration_payment_unknown_permanent() {
    bad_decl(
        "decl-pay",
        json!({ "attacks": [], "payment": [ { "permanent": "forrest", "mana": "{G}" } ] }),
        &["payment[0].permanent", "expected the id of a permanent", "did you mean \"forest\""],
    );
}

#[test]
fn declaration_payment_malformed() {
    bad_decl(
        "decl-pay-both",
        json!({ "attacks": [], "payment": [ { "permanent": "forest", "player": "A", "mana": "{G}" } ] }),
        &["payment[0]", "expected exactly one of"],
    );
    bad_decl(
        "decl-pay-mana",
        json!({ "attacks": [], "payment": [ { "permanent": "forest", "mana": "{G" } ] }),
        &["payment[0].mana", "unclosed brace"],
    );
    bad_decl("decl-pay-life", json!({ "attacks": [], "payment": [ { "player": "A", "life": -2 } ] }), &["payment[0].life", "non-negative"]);
}

#[test]
fn declaration_wrong_shape() {
    bad_decl("decl-shape", json!({ "attacks": [ { "creature": "bear" } ] }), &["attacks[0]", "missing field", "target"]);
    bad_decl("decl-type", json!({ "attacks": { "creature": "bear", "target": "B" } }), &["attacks", "expected a sequence"]);
}

#[test]
fn both_board_and_declaration_from_stdin() {
    let out = run_bin(&["check", "-", "-"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(err.contains("standard input") && err.contains("BOARD") && err.contains("DECLARATION"), "stderr: {err}");
}

#[test]
fn declaration_from_stdin_is_named_dash() {
    use std::io::Write;
    use std::process::Stdio;
    let b = temp_file("stdin-board", &base_board().to_string());
    let mut child = common::bin()
        .args(["check", &b.to_string_lossy(), "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    child.stdin.take().unwrap().write_all(br#"{"attacks": [ {"creature": "wolf", "target": "B"} ]}"#).unwrap();
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_file(&b);
    assert_bad(&out, "-:", &["attacks[0].creature", "expected the id of a creature"]);
}

// ------------------------------------------------------------------ usage

#[test]
fn usage_error_unknown_subcommand() {
    let out = run_bin(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2), "stderr: {}", stderr(&out));
    assert!(stderr(&out).contains("frobnicate"), "stderr: {}", stderr(&out));
}

#[test]
fn usage_error_missing_argument_and_bad_option() {
    let out = run_bin(&["check"]);
    assert_eq!(out.status.code(), Some(2), "stderr: {}", stderr(&out));
    let b = temp_file("usage-board", &base_board().to_string());
    let d = temp_file("usage-decl", &empty_decl().to_string());
    let out = run_bin(&["check", &b.to_string_lossy(), &d.to_string_lossy(), "--baseline", "cheap"]);
    let _ = std::fs::remove_file(&b);
    let _ = std::fs::remove_file(&d);
    assert_eq!(out.status.code(), Some(2), "stderr: {}", stderr(&out));
    assert!(stderr(&out).contains("cheap"), "stderr: {}", stderr(&out));
}

// ------------------------------------------------------------------ warnings are not errors

#[test]
fn unknown_field_is_a_warning_not_an_error() {
    let mut b = base_board();
    b["permanents"][0]["goaded_bye"] = json!(["B"]);
    b["players"][2]["lfe"] = json!(3);
    let (bf, _, out) = run_check("warn", &b.to_string(), &empty_decl().to_string());
    let err = stderr(&out);
    let code = out.status.code();
    assert!(code == Some(0) || code == Some(1), "an unknown field must not be fatal; exit {code:?}, stderr:\n{err}");
    assert!(err.contains("warning"), "stderr should warn:\n{err}");
    assert!(err.contains(&bf), "the warning should name the file:\n{err}");
    assert!(err.contains("goaded_bye") && err.contains("lfe"), "the warning should name the fields:\n{err}");
    assert!(err.contains("unknown field"), "stderr:\n{err}");
    // The result is still printed.
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON result on stdout despite the warning");
    assert_eq!(v["legal"], json!(true));
}

#[test]

fn unknown_field_warning_uses_the_same_path_syntax_as_errors() {
    // Errors write `permanents[0].power`; a warning about the same place should too, so a user
    // can search for one syntax.
    let mut b = base_board();
    b["permanents"][0]["goaded_bye"] = json!(["B"]);
    let (_, _, out) = run_check("warn-path", &b.to_string(), &empty_decl().to_string());
    let err = stderr(&out);
    assert!(err.contains("permanents[0].goaded_bye"), "stderr:\n{err}");
}

#[test]
fn unknown_field_in_declaration_is_a_warning() {
    let decl = json!({ "attacks": [ { "creature": "bear", "target": "B", "targte": "C" } ] });
    let (_, df, out) = run_check("warn-decl", &base_board().to_string(), &decl.to_string());
    let err = stderr(&out);
    let code = out.status.code();
    assert!(code == Some(0) || code == Some(1), "exit {code:?}, stderr:\n{err}");
    assert!(err.contains("warning") && err.contains(&df) && err.contains("targte"), "stderr:\n{err}");
}

// ------------------------------------------------------------------ error kinds of the other commands (issue 6)

fn model_path(name: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("models").join(name).to_string_lossy().into_owned()
}

/// `solve --objective`: an unknown player in damage:PLAYER, or an unknown objective, names the
/// argument and the expected form.
#[test]
fn solve_objective_errors_name_the_argument() {
    let m = model_path("paid-vs-free.json");
    for (objective, needles) in [
        ("damage:UNKNOWN", vec!["--objective", "expected the id of a player", "\"UNKNOWN\""]),
        ("damage:", vec!["--objective", "expected the id of a player"]),
        ("damage:b", vec!["--objective", "did you mean \"B\""]),
        ("strength", vec!["--objective", "expected power, attackers, none or damage:PLAYER", "\"strength\""]),
        // Names read in any case (issue 13: `Power` is `power`), player ids exactly.
        ("damage:Bee", vec!["--objective", "expected the id of a player"]),
    ] {
        let out = run_bin(&["solve", &m, "--objective", objective]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{objective}: {err}");
        for n in needles {
            assert!(err.contains(n), "{objective}: stderr should contain {n:?}:\n{err}");
        }
        assert!(out.stdout.is_empty(), "{objective}: nothing on standard output");
    }
}

/// `generate` with arguments out of range: exit 2 naming the argument, its range and the value.
#[test]
fn generate_argument_errors_name_the_argument() {
    for (args, needles) in [
        (vec!["--players", "0", "--creatures", "3"], vec!["--players", "expected 1 to 64", "found 0"]),
        (vec!["--players", "65", "--creatures", "3"], vec!["--players", "expected 1 to 64", "found 65"]),
        (vec!["--players", "2", "--creatures", "90001"], vec!["--creatures", "expected at most 90000", "found 90001"]),
        (vec!["--players", "2", "--creatures", "3", "--profile", "legacy"], vec!["--profile", "commander, tokens, adversarial", "'legacy'"]),
        (vec!["--players", "two", "--creatures", "3"], vec!["--players", "two"]),
        (vec!["--players", "2", "--creatures", "3", "--seed", "-1"], vec!["-1"]),
        (vec!["--creatures", "3"], vec!["--players"]),
    ] {
        let mut a = vec!["generate"];
        a.extend(args.iter().copied());
        let out = run_bin(&a);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        for n in needles {
            assert!(err.contains(n), "{args:?}: stderr should contain {n:?}:\n{err}");
        }
    }
}

/// `batch`: each bad line gets an error line (code 2) naming the file, the line, the JSON path
/// of the request field and the expected form; the batch goes on and exits 0.
#[test]
fn batch_bad_lines_name_line_and_path() {
    let pvf = model_path("paid-vs-free.json");
    let lines: Vec<(String, Vec<&str>)> = vec![
        ("{not json".to_string(), vec!["not valid JSON"]),
        (json!({ "id": 1, "command": "frobnicate", "board": pvf }).to_string(), vec!["at command", "expected one of", "check"]),
        (json!({ "id": 2, "board": pvf }).to_string(), vec!["missing field `command`"]),
        (json!({ "id": 3, "command": "solve" }).to_string(), vec!["missing field `board`"]),
        (json!({ "id": 4, "command": "solve", "board": "no/such/board.json" }).to_string(), vec!["board", "no/such/board.json", "cannot read"]),
        (json!({ "id": 5, "command": "solve", "board": 7 }).to_string(), vec!["at board", "expected a board object or the path of a board file"]),
        (json!({ "id": 6, "command": "check", "board": pvf }).to_string(), vec!["at declaration", "expected a declaration object"]),
        (
            json!({ "id": 7, "command": "solve", "board": pvf, "objective": "damage:UNKNOWN" }).to_string(),
            vec!["at objective", "expected the id of a player"],
        ),
        (
            json!({ "id": 8, "command": "solve", "board": pvf, "options": { "time_limit": -1 } }).to_string(),
            vec!["at options.time_limit", "expected a non-negative number of seconds"],
        ),
        (
            json!({ "id": 9, "command": "solve", "board": pvf, "options": { "baseline": "cheap" } }).to_string(),
            vec!["at options.baseline", "expected `paid` or `free`"],
        ),
        (
            json!({ "id": 10, "command": "solve", "board": pvf, "options": { "method": "magic" } }).to_string(),
            vec!["at options.method", "`ilp` or `exhaustive`"],
        ),
        (json!({ "id": 11, "command": "enumerate", "board": pvf, "limit": -3 }).to_string(), vec!["at limit", "expected usize"]),
        (
            json!({ "id": 12, "command": "solve", "board": { "attackopt": 1, "active_player": "Z", "players": [ { "id": "A" } ] } }).to_string(),
            vec!["board", "at active_player", "expected the id of a player"],
        ),
        (
            json!({ "id": 13, "command": "check", "board": pvf, "declaration": { "attacks": [ { "creature": "nobody", "target": "B" } ] } })
                .to_string(),
            vec!["declaration", "at attacks[0].creature", "expected the id of a creature"],
        ),
        ("[1, 2]".to_string(), vec!["expected"]),
    ];
    let input: String = lines.iter().map(|(l, _)| format!("{l}\n")).collect();
    let out = common::run_with_stdin(&["batch", "-", "--quiet"], input.as_bytes());
    assert_eq!(out.status.code(), Some(0), "a bad line never stops the batch: {}", stderr(&out));
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
    assert_eq!(answers.len(), lines.len());
    for (i, ((line, needles), a)) in lines.iter().zip(&answers).enumerate() {
        assert_eq!(a["line"], json!(i + 1), "{line}: {a}");
        assert_eq!(a["error"]["code"], json!(2), "{line}: expected an error line, got {a}");
        let msg = a["error"]["message"].as_str().unwrap();
        assert!(msg.contains(&format!(":{}", i + 1)), "{line}: the message should name the line: {msg}");
        for n in needles {
            assert!(msg.contains(n), "{line}: the message should contain {n:?}: {msg}");
        }
    }
    // Not UTF-8: an error line too.
    let out = common::run_with_stdin(&["batch", "-", "--quiet"], b"\xff\xfe\n");
    assert_eq!(out.status.code(), Some(0));
    let a: Value = serde_json::from_slice(out.stdout.split(|b| *b == b'\n').next().unwrap()).unwrap();
    assert_eq!(a["error"]["code"], json!(2));
    assert!(a["error"]["message"].as_str().unwrap().contains("not valid UTF-8"), "{a}");
    // A request file that can't be read: exit 2 naming it.
    let out = run_bin(&["batch", "no/such/requests.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no/such/requests.jsonl"), "{}", stderr(&out));
}

/// `import forge`: a malformed file names the file and the line (key) and what was expected.
#[test]
fn import_forge_bad_files_name_file_and_line() {
    for (name, text, needles) in [
        ("life.pzl", "[state]\nhumanlife=lots\n".as_bytes(), vec!["line 2 (humanlife)", "expected a life total (an integer)", "\"lots\""]),
        ("ailife.pzl", "[state]\nactiveplayer=ai\nailife=99999999999999999999\n".as_bytes(), vec!["line 3 (ailife)", "expected a life total"]),
        ("active.pzl", "[state]\nactiveplayer=nobody\n".as_bytes(), vec!["activeplayer", "expected the active player human or ai"]),
        ("nostate.pzl", "[metadata]\nName:x\n".as_bytes(), vec!["expected a [state] section"]),
        ("binary.pzl", b"[state]\nhumanlife=\xff\xfe\n".as_slice(), vec!["cannot read"]),
    ] {
        let f = std::env::temp_dir().join(format!("attackopt-bad-{}-{name}", std::process::id()));
        std::fs::write(&f, text).unwrap();
        let file = f.to_string_lossy().into_owned();
        let out = run_bin(&["import", "forge", &file]);
        let _ = std::fs::remove_file(&f);
        assert_bad(&out, &file, &needles);
    }
    let out = run_bin(&["import", "forge", "no/such/file.pzl"]);
    assert_bad(&out, "no/such/file.pzl", &["cannot read the file"]);
}

/// `--exhaustive` on a board past its 2,000,000 declarations: exit 2 saying so.
#[test]
fn exhaustive_on_a_board_too_large() {
    let mut b = base_board();
    for i in 0..24 {
        b["permanents"].as_array_mut().unwrap().push(json!({ "id": format!("t{i}"), "controller": "A", "types": ["Creature"], "power": 1 }));
    }
    let f = temp_file("too-large", &b.to_string());
    let out = run_bin(&["solve", &f.to_string_lossy(), "--exhaustive"]);
    let _ = std::fs::remove_file(&f);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("exhaustive checker") && err.contains("2000000"), "{err}");
}

/// A payment question with more than 65,536 combinations of choices is refused (exit 2), never
/// guessed: it names the player and the limit. The rocks differ (identical ones are decided by
/// how many take each alternative, 18 cases for 17 identical rocks, not 2^17): each makes one
/// {C} more than the last, or {G}.
#[test]
fn payment_with_too_many_choices() {
    let mut b = base_board();
    for i in 0..17 {
        b["permanents"].as_array_mut().unwrap().push(json!({ "id": format!("rock{i}"), "controller": "A", "types": ["Artifact"],
            "mana": [ { "add": "{C}".repeat(i + 2) }, { "add": "{G}" } ] }));
    }
    b["effects"] = json!([ { "kind": "attack_cost", "creatures": ["bear"], "cost": "{2/W}{2/W}{2/W}" } ]);
    let decl = json!({ "attacks": [ { "creature": "bear", "target": "B" } ] });
    let (_, _, out) = run_check("too-many-choices", &b.to_string(), &decl.to_string());
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("paying A's costs") && err.contains("65536"), "{err}");
}

/// A mana ability whose choices of types under an effect that depends on them are past the
/// split's limit (five of each of five hybrid symbols doubled by Mana Reflection: 6^5 = 7,776
/// choices) is refused with the permanent's path, never approximated (CR 106.12b).
#[test]
fn mana_ability_with_too_many_choices_under_a_multiplier() {
    bad_board(
        "too-many-split",
        |b| {
            let add = ["{W/U}", "{B/R}", "{G/W}", "{U/B}", "{R/G}"].map(|h| h.repeat(5)).concat();
            b["permanents"].as_array_mut().unwrap().push(json!({ "id": "prism", "name": "Big Prism", "controller": "A", "types": ["Artifact"],
                "mana": [ { "add": add } ] }));
            b["effects"] = json!([ { "kind": "mana_multiplier", "tapped": "all", "count": 2, "source": "Mana Reflection" } ]);
        },
        &["permanents[4]", "Big Prism", "7776", "1296"],
    );
}

/// A declaration or board file that does not exist, and a directory given as a file.
#[test]
fn unreadable_declaration_and_directory() {
    let b = temp_file("unreadable-board", &base_board().to_string());
    let out = run_bin(&["check", &b.to_string_lossy(), "no/such/decl.json"]);
    assert_bad(&out, "no/such/decl.json", &["cannot read the file"]);
    let dir = std::env::temp_dir().to_string_lossy().into_owned();
    let out = run_bin(&["validate", &dir]);
    let _ = std::fs::remove_file(&b);
    assert_bad(&out, &dir, &["cannot read the file"]);
}

/// `--time-limit` is a number of seconds: a huge, infinite or NaN value must be a usage error
/// (or no limit), never a panic; the batch already refuses non-positive limits with exit 2.
#[test]
fn time_limit_values_out_of_range() {
    let m = model_path("paid-vs-free.json");
    let d = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("models/declarations/paid-vs-free.json").to_string_lossy().into_owned();
    for t in ["1e300", "inf", "1e20"] {
        for args in [vec!["check", &m, &d, "--time-limit", t], vec!["solve", &m, "--time-limit", t], vec!["enumerate", &m, "--time-limit", t]] {
            let out = run_bin(&args);
            let code = out.status.code();
            assert!(matches!(code, Some(0..=2)), "{args:?}: exit {code:?}: {}", stderr(&out));
            assert!(!stderr(&out).contains("panicked"), "{args:?}: {}", stderr(&out));
        }
    }
    for t in ["NaN", "-1"] {
        let out = run_bin(&["solve", &m, &format!("--time-limit={t}")]);
        assert_eq!(out.status.code(), Some(2), "--time-limit={t}: {}", stderr(&out));
        assert!(stderr(&out).contains("--time-limit"), "{}", stderr(&out));
    }
    // Issue 40: "--time-limit -1" (a separate word) is the option's value, refused with the
    // option's own message, not clap's "unexpected argument ... use '-- -1'".
    for args in [vec!["solve", &m, "--time-limit", "-1"], vec!["check", &m, &d, "--time-limit", "-0.5"]] {
        let out = run_bin(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("non-negative number of seconds") && !stderr(&out).contains("unexpected argument"), "{}", stderr(&out));
    }
    // Issue 40: a damage objective naming nothing suggests a player being attacked, never the
    // attacking player ("A2" is nearest to A, which attacks).
    let out = run_bin(&["solve", &m, "--objective", "damage:A2"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("a player being attacked") && !stderr(&out).contains("did you mean \"A\""), "{}", stderr(&out));
    let out = common::run_with_stdin(
        &["batch", "-", "--quiet"],
        json!({ "id": 1, "command": "solve", "board": m, "options": { "time_limit": 1e300 } }).to_string().as_bytes(),
    );
    let a: Value = serde_json::from_slice(out.stdout.split(|b| *b == b'\n').next().unwrap()).unwrap();
    assert_ne!(a["error"]["code"], json!(70), "an internal error: {a}");
    assert_eq!(a["id"], json!(1), "the id is kept: {a}");
}

/// Issue 38: with `--format json` a usage error's JSON message names the arguments as standard
/// error does (it said only "an argument cannot be used with one or more of the other
/// specified arguments"), without clap's styling, usage or pointer to `--help`; it validates
/// against the result schema.
#[test]
fn a_usage_error_in_json_names_the_arguments() {
    let lure = model_path("lure-menace.json");
    let cases: [(Vec<&str>, &[&str]); 3] = [
        (vec!["check", &lure, "--block", "x=y", "--attack", "a=B"], &["--block", "--attack", "cannot be used with"]),
        (vec!["solve", &lure, "--baseline", "cheap"], &["cheap", "--baseline", "paid", "free"]),
        (vec!["solve", &lure, "--frobnicate"], &["--frobnicate"]),
    ];
    let schema = jsonschema::validator_for(&attackopt::result_schema()).expect("a schema");
    for (args, names) in cases {
        let args: Vec<&str> = args.into_iter().chain(["--format", "json"]).collect();
        let out = run_bin(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let message = v["error"]["message"].as_str().unwrap_or_default();
        for name in names {
            assert!(message.contains(name) && stderr(&out).contains(name), "{args:?}: {message:?} lacks {name}");
        }
        assert!(!message.contains('\u{1b}') && !message.contains("Usage:") && !message.contains("--help") && !message.contains('\n'), "{message:?}");
        assert!(schema.is_valid(&v), "{v}");
    }
}
