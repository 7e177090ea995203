//! `attackopt import forge` on a Forge puzzle file (tests/forge/), through the real binary.

mod common;

use attackopt::board::parse_board;
use serde_json::Value;
use std::path::PathBuf;
use std::process::Output;

fn sample() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/forge/goblins-vs-propaganda.pzl").to_string_lossy().into_owned()
}

fn run(args: &[&str]) -> Output {
    common::run_bin(args)
}

fn permanent<'a>(board: &'a Value, id: &str) -> &'a Value {
    board["permanents"].as_array().and_then(|ps| ps.iter().find(|p| p["id"] == id)).unwrap_or_else(|| panic!("no permanent {id} in {board:#}"))
}

#[test]
fn a_forge_puzzle_becomes_a_board_and_lists_what_it_skipped() {
    let out = run(&["import", "forge", &sample(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let imported: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let board = &imported["board"];
    parse_board(&board.to_string(), "imported").unwrap_or_else(|e| panic!("the imported board is invalid: {e}"));

    assert_eq!(board["active_player"], "human");
    let players = board["players"].as_array().expect("players");
    assert_eq!(players[0]["id"], "human");
    assert_eq!(players[0]["life"], 20);
    assert_eq!(players[0]["hand"], 2);
    assert_eq!(players[1]["id"], "ai");
    assert_eq!(players[1]["life"], 7);

    // Card options.
    assert_eq!(permanent(board, "raging-goblin")["summoning_sick"], true);
    assert_eq!(permanent(board, "raging-goblin")["keywords"][0], "Haste");
    assert_eq!(permanent(board, "hill-giant")["tapped"], true);
    let bears = permanent(board, "grizzly-bears");
    assert_eq!((bears["power"].as_i64(), bears["toughness"].as_i64(), bears["counters"].as_u64()), (Some(4), Some(4), Some(2)));
    assert_eq!(permanent(board, "pacifism")["attached_to"], "mogg-flunkies", "AttachedTo:3 names the card with Id:3");
    assert_eq!(permanent(board, "pacifism")["controller"], "ai");
    assert_eq!(permanent(board, "mountain-2")["tapped"], true);
    assert_eq!(permanent(board, "mountain")["subtypes"][0], "Mountain");
    let token = permanent(board, "goblin-token");
    assert_eq!((token["power"].as_i64(), token["keywords"][0].as_str()), (Some(1), Some("Haste")));
    assert_eq!(permanent(board, "serra-angel")["keywords"], serde_json::json!(["Flying", "Vigilance"]));

    // Skipped cards, with reasons; other zones are not on the battlefield.
    let skipped = imported["skipped"].as_array().expect("skipped");
    let names: Vec<&str> = skipped.iter().filter_map(|s| s["card"].as_str()).collect();
    assert_eq!(names, ["Tarmogoyf", "Dark Confidant"]);
    assert_eq!(skipped[0]["zone"], "humanbattlefield");
    assert_eq!(skipped[0]["index"], 6);
    assert!(skipped[0]["reason"].as_str().is_some_and(|r| r.contains("unknown card")));
    let ids: Vec<&str> = board["permanents"].as_array().expect("list").iter().filter_map(|p| p["id"].as_str()).collect();
    assert!(!ids.iter().any(|i| i.contains("tarmogoyf") || i.contains("lightning")), "{ids:?}");
    assert!(imported["warnings"].is_array());

    // The stderr listing names the file, the zone and the reason.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("goblins-vs-propaganda.pzl: skipped: humanbattlefield, card 6: \"Tarmogoyf\""), "{err}");
    assert!(err.contains("\"Dark Confidant\""), "{err}");
}

#[test]
fn text_format_prints_the_board_alone_and_it_solves() {
    let out = run(&["import", "forge", &sample()]);
    assert_eq!(out.status.code(), Some(0));
    let board: Value = serde_json::from_slice(&out.stdout).expect("the board JSON");
    assert_eq!(board["attackopt"], 1);
    // The board goes straight into solve (standard input).
    let solved = common::run_with_stdin(&["solve", "-", "--format", "json"], &out.stdout);
    assert_eq!(solved.status.code(), Some(0), "{}", String::from_utf8_lossy(&solved.stderr));
    let r: Value = serde_json::from_slice(&solved.stdout).expect("JSON");
    assert_eq!(r["legal"], true);
    // Propaganda: {2} per attacker, three untapped lands: one attacker, the 4/4 bears.
    assert_eq!(r["objective"], 4);
    assert_eq!(r["cost"]["mana"], "{2}");
}

#[test]
fn bad_forge_files_are_bad_input() {
    let dir = std::env::temp_dir().join(format!("attackopt-forge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let cases = [
        ("life.pzl", "[state]\nhumanlife=lots\n", "line 2"),
        ("active.pzl", "[state]\nactiveplayer=nobody\n", "activeplayer"),
        ("nostate.pzl", "[metadata]\nName:x\n", "[state]"),
    ];
    for (name, text, needle) in cases {
        let f = dir.join(name);
        std::fs::write(&f, text).expect("write");
        let out = run(&["import", "forge", f.to_str().unwrap_or_default()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(name) && err.contains(needle), "{name}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let out = run(&["import", "forge", "no/such/file.pzl"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_plain_game_state_without_sections_is_read_too() {
    let dir = std::env::temp_dir().join(format!("attackopt-forge-plain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let f = dir.join("state.txt");
    std::fs::write(
        &f,
        "humanlife=18\nailife=20\nactiveplayer=ai\nactivephase=COMBAT_DECLARE_ATTACKERS\naibattlefield=Juggernaut;Savannah Lions|Tapped;Plains\nhumanbattlefield=Ghostly Prison\n",
    )
    .expect("write");
    let out = run(&["import", "forge", f.to_str().unwrap_or_default()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let board: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(board["active_player"], "ai");
    assert_eq!(board["players"][0]["life"], 18);
    assert_eq!(permanent(&board, "juggernaut")["types"], serde_json::json!(["Artifact", "Creature"]));
    assert_eq!(permanent(&board, "ghostly-prison")["controller"], "human");
}

/// Issue 11: `import forge` printed boards that `validate` refuses (exit 0), and took junk text
/// or an empty file as an empty game. What it prints is now read back as any board is read.
#[test]
fn import_prints_only_boards_validate_accepts() {
    let state = |battlefield: &str| format!("[state]\nhumanlife=20\nactiveplayer=human\nhumanbattlefield={battlefield}\n");
    let many: Vec<&str> = vec!["Grizzly Bears"; 150_000];
    let cases = [
        ("p1p1", state("Grizzly Bears|Counters:P1P1=4294967295,P1P1=4294967295"), "permanents[0].power"),
        ("m1m1", state("Grizzly Bears|Counters:M1M1=4294967295"), "permanents[0]"),
        ("many", state(&many.join(";")), "permanents"),
        ("junk", "this is not a game state\nat all\n".to_string(), "expected a Forge game state"),
        ("empty", String::new(), "expected a Forge game state"),
    ];
    for (tag, text, needle) in cases {
        let f = common::temp_file(tag, &text);
        let name = f.to_string_lossy().into_owned();
        let out = run(&["import", "forge", &name]);
        let _ = std::fs::remove_file(&f);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{tag}: {err}");
        assert!(err.contains(&name) && err.contains(needle), "{tag}: {err}");
    }
}
