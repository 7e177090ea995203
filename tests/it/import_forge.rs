//! `attackopt import forge` on a Forge puzzle file (tests/forge/), through the real binary.

use crate::common;

use attackopt::parse_board;
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

// ------------------------------------------------------------------ issue 14: real Forge files

/// Imports `text` through the binary (`--format json`), checks the board with `validate` (exit
/// 0), and returns `{"board", "skipped", "warnings"}`.
fn import_ok(tag: &str, text: &str) -> Value {
    let f = common::temp_file(tag, text);
    let name = f.to_string_lossy().into_owned();
    let out = run(&["import", "forge", &name, "--format", "json"]);
    let _ = std::fs::remove_file(&f);
    assert_eq!(out.status.code(), Some(0), "{tag}: {}", String::from_utf8_lossy(&out.stderr));
    let imported: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let board = imported["board"].to_string();
    let checked = common::run_with_stdin(&["validate", "-"], board.as_bytes());
    assert_eq!(checked.status.code(), Some(0), "{tag}: validate refuses the imported board: {}", String::from_utf8_lossy(&checked.stderr));
    imported
}

fn player_ids(board: &Value) -> Vec<&str> {
    board["players"].as_array().expect("players").iter().filter_map(|p| p["id"].as_str()).collect()
}

fn skipped_cards(imported: &Value) -> Vec<(&str, &str)> {
    imported["skipped"].as_array().expect("skipped").iter().filter_map(|s| Some((s["card"].as_str()?, s["reason"].as_str()?))).collect()
}

/// Forge's newer key style: `p0`/`p1` keys and `activeplayer=p0` (4 of 39 real puzzles failed
/// on them). The players are p0 and p1, each key read for its seat.
#[test]
fn numbered_player_keys_become_players_p0_and_p1() {
    let imported = import_ok(
        "p0p1",
        "[metadata]\nName:two seats\n[state]\nturn=3\nactiveplayer=p0\nactivephase=MAIN1\np0life=6\np0hand=Shock;Opt\n\
         p0battlefield=Savannah Lions|SummonSick;Wind Drake;Sulfur Falls|NoETBTrigs;Mountain\np0graveyard=Opt\n\
         p1life=3\np1landsplayed=0\np1battlefield=Wall of Stone;Plains|Tapped\n",
    );
    let board = &imported["board"];
    assert_eq!(player_ids(board), ["p0", "p1"]);
    assert_eq!(board["active_player"], "p0");
    assert_eq!((board["players"][0]["life"].as_i64(), board["players"][0]["hand"].as_u64()), (Some(6), Some(2)));
    assert_eq!(board["players"][1]["life"], 3);
    assert_eq!(permanent(board, "savannah-lions")["controller"], "p0");
    assert_eq!(permanent(board, "savannah-lions")["summoning_sick"], true);
    assert_eq!(permanent(board, "wall-of-stone")["controller"], "p1");
    assert_eq!(permanent(board, "plains")["tapped"], true);
    // A dual land whose text is only its mana ability comes with that ability, as alternatives.
    assert_eq!(permanent(board, "sulfur-falls")["mana"], serde_json::json!([{ "add": "{U}" }, { "add": "{R}" }]));
    assert_eq!(skipped_cards(&imported), Vec::<(&str, &str)>::new());
}

/// Multiplayer: p0 to p3, the highest seat named decides how many players there are; an
/// opponent named by no key (p2 here has no cards) is still a player with the default life.
#[test]
fn multiplayer_keys_give_one_player_per_seat() {
    let imported = import_ok(
        "p0p3",
        "[state]\nactiveplayer=p1\np0life=40\np1life=38\np1battlefield=Serra Angel;Hill Giant|Tapped\np3life=12\n\
         p3battlefield=Ghostly Prison;Forest\np7mystery=1\n",
    );
    let board = &imported["board"];
    // p7mystery is no key Forge has: a warning, and no seat p7.
    assert_eq!(player_ids(board), ["p0", "p1", "p2", "p3"]);
    assert!(imported["warnings"].as_array().is_some_and(|w| w.iter().any(|w| w.as_str().is_some_and(|w| w.contains("p7mystery")))));
    assert_eq!(board["active_player"], "p1");
    let lives: Vec<i64> = board["players"].as_array().expect("players").iter().filter_map(|p| p["life"].as_i64()).collect();
    assert_eq!(lives, [40, 38, 20, 12]);
    assert_eq!(permanent(board, "serra-angel")["controller"], "p1");
    assert_eq!(permanent(board, "ghostly-prison")["controller"], "p3");
    // The board solves: Ghostly Prison taxes attacks on p3 only.
    let solved = common::run_with_stdin(&["solve", "-", "--format", "json"], board.to_string().as_bytes());
    assert_eq!(solved.status.code(), Some(0), "{}", String::from_utf8_lossy(&solved.stderr));
}

/// Token descriptions as Forge writes them, with an empty field (`Saproling,,P:1`), which Forge's
/// reader passes over; a script name written `T:`; a token whose keyword attackopt does not read
/// and a script name with an ability word are skipped with the reason, never guessed.
#[test]
fn token_specs_with_empty_fields_and_unknown_abilities() {
    let imported = import_ok(
        "tokens",
        "[state]\nactiveplayer=human\n\
         humanbattlefield=t:Saproling,,P:1,T:1,Cost:no cost,Color:G,Types:Creature-Saproling,Keywords:,Image:g_1_1_saproling;\
         T:c_1_1_a_thopter_flying;t:Spirit,P:1,T:1,Cost:W,Types:Creature-Spirit,Keywords:Flying,,;\
         t:Zombie,P:2,T:2,Types:Creature-Zombie,Keywords:Decayed;t:b_2_2_zombie_decayed;t:c_a_treasure_sac\n",
    );
    let board = &imported["board"];
    let saproling = permanent(board, "saproling");
    assert_eq!((saproling["power"].as_i64(), saproling["toughness"].as_i64()), (Some(1), Some(1)));
    assert_eq!(saproling["types"], serde_json::json!(["Token", "Creature"]));
    assert_eq!(saproling["subtypes"], serde_json::json!(["Saproling"]));
    assert_eq!(saproling["colors"], serde_json::json!(["G"]));
    let thopter = permanent(board, "thopter-token");
    assert_eq!(thopter["keywords"], serde_json::json!(["Flying"]));
    assert!(thopter["types"].as_array().is_some_and(|t| t.contains(&Value::from("Artifact"))), "{thopter}");
    // No Color: field: the color comes from the cost, as in Forge.
    assert_eq!(permanent(board, "spirit")["colors"], serde_json::json!(["W"]));
    let skipped = skipped_cards(&imported);
    assert_eq!(skipped.len(), 3, "{skipped:?}");
    assert!(skipped[0].1.contains("\"Decayed\""), "{skipped:?}");
    assert!(skipped[1].1.contains("\"decayed\""), "{skipped:?}");
    assert!(skipped[2].1.contains("noncreature"), "{skipped:?}");
}

/// Every card left out is listed with its reason: an unknown card, a phased-out one (CR
/// 702.26b), a transformed one (its other face's text is not the name's). Counters that change
/// power alone (`P1P0`, as in Forge's puzzles) count too (CR 122.1a).
#[test]
fn skipped_cards_are_listed_with_their_reasons() {
    let imported = import_ok(
        "skips",
        "[state]\nactiveplayer=p0\np0battlefield=Grizzly Bears|Counters:P1P0=2,TIME=1;Tarmogoyf;Hill Giant|PhasedOut;\
         Serra Angel|Transformed\np1battlefield=Thornwood Falls\n",
    );
    let board = &imported["board"];
    let bears = permanent(board, "grizzly-bears");
    assert_eq!((bears["power"].as_i64(), bears["toughness"].as_i64(), bears["counters"].as_u64()), (Some(4), Some(2), Some(3)));
    let skipped = imported["skipped"].as_array().expect("skipped");
    let got: Vec<(&str, u64, &str)> = skipped.iter().filter_map(|s| Some((s["zone"].as_str()?, s["index"].as_u64()?, s["card"].as_str()?))).collect();
    assert_eq!(got, [("p0battlefield", 2, "Tarmogoyf"), ("p0battlefield", 3, "Hill Giant"), ("p0battlefield", 4, "Serra Angel")]);
    let reasons: Vec<&str> = skipped.iter().filter_map(|s| s["reason"].as_str()).collect();
    assert!(reasons[0].contains("unknown card"), "{reasons:?}");
    assert!(reasons[1].contains("phased out"), "{reasons:?}");
    assert!(reasons[2].contains("another face"), "{reasons:?}");
}

/// Both key styles in one file: human and ai are Forge's first two seats, p0 and p1.
#[test]
fn mixed_key_styles_read_human_and_ai_as_p0_and_p1() {
    let imported = import_ok("mixed", "[state]\nactiveplayer=human\nhumanlife=9\nhumanbattlefield=Memnite\np2battlefield=Island\n");
    let board = &imported["board"];
    assert_eq!(player_ids(board), ["p0", "p1", "p2"]);
    assert_eq!(board["active_player"], "p0");
    assert_eq!(board["players"][0]["life"], 9);
    assert_eq!(permanent(board, "memnite")["controller"], "p0");
    assert_eq!(permanent(board, "island")["controller"], "p2");
    assert!(imported["warnings"].as_array().is_some_and(|w| w.iter().any(|w| w.as_str().is_some_and(|w| w.contains("p0 and p1")))));
}

/// Bad seats are bad input: exit 2 naming the file, the line and what was expected.
#[test]
fn bad_seats_are_bad_input() {
    for (tag, text, needles) in [
        ("seat", "[state]\np64life=20\n", ["line 2 (p64life)", "expected a player p0 to p63"]),
        ("active", "[state]\nactiveplayer=p1x\n", ["line 2 (activeplayer)", "expected the active player human or ai"]),
        ("bigactive", "[state]\nactiveplayer=p99999999999999999999999\n", ["line 2 (activeplayer)", "expected a player p0 to p63"]),
    ] {
        let f = common::temp_file(tag, text);
        let name = f.to_string_lossy().into_owned();
        let out = run(&["import", "forge", &name]);
        let _ = std::fs::remove_file(&f);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{tag}: {err}");
        assert!(err.contains(&name) && needles.iter().all(|n| err.contains(n)), "{tag}: {err}");
    }
}
