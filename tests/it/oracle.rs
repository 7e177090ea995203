//! Oracle text on boards (issue 14): a board whose cards carry their `oracle_text` answers as the
//! same board written with explicit effects, keywords and mana; `--cards` gives a board's cards
//! their text from a Scryfall card list or a Forge cardsfolder; a sentence not understood is a
//! warning in the answer. The fixtures are short Oracle texts written here.

use attackopt::{Objective, Options, Position};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::process::Command;

fn position(board: &Value) -> Position {
    Position::from_json(&board.to_string(), "board.json").unwrap_or_else(|e| panic!("board refused: {e}\n{board:#}"))
}

/// Every legal declaration (the list complete), each as sorted (creature, target) pairs.
fn legal_set(pos: &Position) -> BTreeSet<Vec<(String, String)>> {
    let e = pos.enumerate(100_000, &Options::default()).expect("enumerate");
    assert!(e.complete, "the list must be complete");
    e.declarations
        .iter()
        .map(|r| {
            let mut a: Vec<(String, String)> = r.declaration.attacks.iter().map(|x| (x.creature.clone(), x.target.clone())).collect();
            a.sort();
            a
        })
        .collect()
}

/// The two boards answer alike: the same legal declarations, the same maxima, the same best
/// declaration's power and mana.
fn assert_same_answers(text: &Value, explicit: &Value) {
    let (t, x) = (position(text), position(explicit));
    assert!(t.board.warnings.iter().all(|w| !w.path.ends_with("oracle_text")), "unread text: {:?}", t.board.warnings);
    assert_eq!(legal_set(&t), legal_set(&x));
    let (st, sx) = (t.solve(&Objective::Power, &Options::default()).unwrap(), x.solve(&Objective::Power, &Options::default()).unwrap());
    assert_eq!(
        (st.objective, st.result.requirements_max, st.result.requirements_max_free),
        (sx.objective, sx.result.requirements_max, sx.result.requirements_max_free)
    );
    assert_eq!(st.result.cost, sx.result.cost);
    assert_eq!(t.rules.requirements.len(), x.rules.requirements.len());
    assert_eq!(t.rules.restrictions.len(), x.rules.restrictions.len());
    assert_eq!(t.rules.costs.len(), x.rules.costs.len());
}

fn players() -> Value {
    json!([{ "id": "A" }, { "id": "B" }, { "id": "C" }])
}

fn creature(id: &str, name: &str, controller: &str, power: i64) -> Value {
    json!({ "id": id, "name": name, "controller": controller, "types": ["Creature"], "power": power })
}

fn with(mut v: Value, field: &str, value: Value) -> Value {
    v[field] = value;
    v
}

#[test]
fn cr_508_1d_requirements_taxes_and_mana_from_text_equal_explicit_effects() {
    let text = json!({ "attackopt": 1, "active_player": "A", "players": players(), "permanents": [
        with(creature("jug", "Ironclad Brute", "A", 5), "oracle_text", json!("This creature attacks each combat if able.")),
        with(creature("bear", "Brown Bear", "A", 2), "oracle_text", json!("")),
        with(creature("elf", "Green Elf", "A", 1), "oracle_text", json!("{T}: Add {G}.")),
        { "id": "prop", "name": "Toll Wall", "controller": "B", "types": ["Enchantment"],
          "oracle_text": "Creatures can't attack you unless their controller pays {1} for each creature they control that's attacking you." },
        { "id": "trove", "name": "Lure Chest", "controller": "B", "types": ["Enchantment"],
          "oracle_text": "Each opponent attacks you or a planeswalker you control with at least one creature each combat if able." }
    ]});
    let explicit = json!({ "attackopt": 1, "active_player": "A", "players": players(), "permanents": [
        creature("jug", "Ironclad Brute", "A", 5), creature("bear", "Brown Bear", "A", 2),
        with(creature("elf", "Green Elf", "A", 1), "mana", json!([{ "add": "{G}" }])),
        { "id": "prop", "name": "Toll Wall", "controller": "B", "types": ["Enchantment"] },
        { "id": "trove", "name": "Lure Chest", "controller": "B", "types": ["Enchantment"] }
    ], "effects": [
        { "kind": "attacks_if_able", "creatures": ["jug"], "source": "jug" },
        { "kind": "attack_cost", "creatures": "all", "target": { "players": ["B"] }, "cost": "{1}", "source": "prop" },
        { "kind": "player_attacks_if_able", "player": "A", "target": { "players": ["B"], "planeswalkers_of": ["B"] }, "source": "trove" },
        { "kind": "player_attacks_if_able", "player": "C", "target": { "players": ["B"], "planeswalkers_of": ["B"] }, "source": "trove" }
    ]});
    assert_same_answers(&text, &explicit);
}

#[test]
fn cr_506_5_508_1c_restrictions_and_keywords_from_text_equal_explicit_effects() {
    let text = json!({ "attackopt": 1, "active_player": "A", "players": players(), "permanents": [
        with(creature("flunky", "Tag Along", "A", 3), "oracle_text", json!("Tag Along can't attack alone.")),
        with(creature("lone", "Lone Duelist", "A", 4), "oracle_text", json!("Flying\nLone Duelist can attack only alone.")),
        with(with(creature("rush", "Quick Pup", "A", 1), "summoning_sick", json!(true)), "oracle_text", json!("Haste")),
        with(creature("wall", "Stone Wall", "A", 0), "oracle_text", json!("Defender")),
        with(creature("shy", "Shy One", "A", 2), "oracle_text", json!("Shy One can't attack unless at least two other creatures attack.")),
        { "id": "arb", "name": "Calm Judge", "controller": "C", "types": ["Artifact"], "oracle_text": "No more than two creatures can attack each combat." }
    ]});
    let explicit = json!({ "attackopt": 1, "active_player": "A", "players": players(), "permanents": [
        creature("flunky", "Tag Along", "A", 3),
        with(creature("lone", "Lone Duelist", "A", 4), "keywords", json!(["Flying"])),
        with(with(creature("rush", "Quick Pup", "A", 1), "summoning_sick", json!(true)), "keywords", json!(["Haste"])),
        with(creature("wall", "Stone Wall", "A", 0), "keywords", json!(["Defender"])),
        creature("shy", "Shy One", "A", 2),
        { "id": "arb", "name": "Calm Judge", "controller": "C", "types": ["Artifact"] }
    ], "effects": [
        { "kind": "cant_attack_alone", "creatures": ["flunky"], "source": "flunky" },
        { "kind": "attacks_only_alone", "creatures": ["lone"], "source": "lone" },
        { "kind": "min_other_attackers", "creatures": ["shy"], "count": 2, "source": "shy" },
        { "kind": "max_attackers", "count": 2, "source": "arb" }
    ]});
    assert_same_answers(&text, &explicit);
}

#[test]
fn cr_508_5_auras_lords_and_defending_players_lands_from_text_equal_explicit_effects() {
    let text = json!({ "attackopt": 1, "active_player": "A", "players": players(), "permanents": [
        with(with(creature("g1", "Goblin Boss", "A", 2), "subtypes", json!(["Goblin"])), "oracle_text",
             json!("Other Goblin creatures you control attack each combat if able.")),
        with(creature("g2", "Goblin Raider", "A", 1), "subtypes", json!(["Goblin"])),
        with(creature("serp", "Deep Eel", "A", 5), "oracle_text", json!("Deep Eel can't attack unless defending player controls an Island.")),
        creature("ox", "Plow Ox", "A", 3),
        { "id": "yoke", "name": "Heavy Yoke", "controller": "B", "types": ["Enchantment"], "subtypes": ["Aura"], "attached_to": "ox",
          "oracle_text": "Enchant creature\nEnchanted creature can't attack unless its controller pays {1}." },
        { "id": "isl", "name": "Island", "controller": "C", "types": ["Land"], "subtypes": ["Island"] },
        { "id": "f", "name": "Forest", "controller": "A", "types": ["Land"], "subtypes": ["Forest"] }
    ]});
    let explicit = json!({ "attackopt": 1, "active_player": "A", "players": players(), "permanents": [
        with(creature("g1", "Goblin Boss", "A", 2), "subtypes", json!(["Goblin"])),
        with(creature("g2", "Goblin Raider", "A", 1), "subtypes", json!(["Goblin"])),
        creature("serp", "Deep Eel", "A", 5),
        creature("ox", "Plow Ox", "A", 3),
        { "id": "yoke", "name": "Heavy Yoke", "controller": "B", "types": ["Enchantment"], "subtypes": ["Aura"], "attached_to": "ox" },
        { "id": "isl", "name": "Island", "controller": "C", "types": ["Land"], "subtypes": ["Island"] },
        { "id": "f", "name": "Forest", "controller": "A", "types": ["Land"], "subtypes": ["Forest"] }
    ], "effects": [
        { "kind": "attacks_if_able", "creatures": { "controller": "A", "subtype": "Goblin", "except": ["g1"] }, "source": "g1" },
        { "kind": "cant_attack", "creatures": ["serp"], "target": { "players": ["B"], "planeswalkers_of": ["B"], "battles_protected_by": ["B"] }, "source": "serp" },
        { "kind": "attack_cost", "creatures": ["ox"], "cost": "{1}", "source": "yoke" }
    ]});
    assert_same_answers(&text, &explicit);
}

#[test]
fn the_catalog_and_explicit_effects_win_over_text() {
    // Propaganda's catalog entry ({2}) wins over a text saying {5}; an explicit effect naming
    // the permanent as its source replaces what its text says.
    let board = json!({ "attackopt": 1, "active_player": "A", "players": players(), "permanents": [
        creature("bear", "Brown Bear", "A", 2),
        { "id": "prop", "name": "Propaganda", "controller": "B", "types": ["Enchantment"],
          "oracle_text": "Creatures can't attack you unless their controller pays {5} for each creature they control that's attacking you." },
        with(creature("odd", "Odd Beast", "A", 3), "oracle_text", json!("Odd Beast can't attack."))
    ], "effects": [ { "kind": "attacks_if_able", "creatures": ["odd"], "source": "odd" } ]});
    let pos = position(&board);
    assert_eq!(pos.rules.costs.len(), 2, "one {{2}} per creature, from the catalog");
    assert!(pos.rules.restrictions.is_empty(), "the explicit effect replaces the text");
    let best = pos.solve(&Objective::Power, &Options::default()).unwrap();
    assert!(best.result.legal);
}

#[test]
fn a_sentence_not_understood_is_quoted_in_the_answers_warnings() {
    let board = json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }], "permanents": [
        with(creature("okk", "Proud Okk", "A", 4), "oracle_text", json!("Proud Okk can't attack if you cast a spell this turn.")),
        with(creature("bear", "Brown Bear", "A", 2), "oracle_text", json!("Trample"))
    ]});
    let pos = position(&board);
    let answer = pos.answer(&attackopt::Request::Solve(Objective::Power), &Options::default()).unwrap();
    let json = serde_json::to_value(answer.json()).unwrap();
    let warnings = json["warnings"].as_array().unwrap();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0]["path"], "permanents[0].oracle_text");
    let message = warnings[0]["message"].as_str().unwrap();
    assert!(message.contains("\"Proud Okk can't attack if you cast a spell this turn.\"") && message.contains("assumes it away"), "{message}");
    // Assumed away: the creature attacks freely.
    assert_eq!(json["objective"], 6);
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("attackopt-oracle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str], cache: &std::path::Path) -> (i32, Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_attackopt")).args(args).env("ATTACKOPT_CACHE_DIR", cache).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let json = serde_json::from_str(&stdout).unwrap_or(Value::Null);
    (out.status.code().unwrap_or(-1), json, String::from_utf8_lossy(&out.stderr).to_string())
}

/// A board naming its cards only: their text, types and power come from the card source.
fn named_board(dir: &std::path::Path) -> String {
    let board = json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }], "permanents": [
        { "id": "brute", "name": "Ironclad Brute", "controller": "A" },
        { "id": "pup", "name": "quick pup", "controller": "A", "summoning_sick": true },
        { "id": "toll", "name": "Toll Wall", "controller": "B" }
    ]});
    let path = dir.join("board.json");
    std::fs::write(&path, board.to_string()).unwrap();
    path.to_string_lossy().to_string()
}

fn assert_cards_read(args: &[&str], cache: &std::path::Path) {
    let (code, json, stderr) = run(args, cache);
    assert_eq!(code, 0, "{stderr}");
    // The brute must attack (5 power), the pup has haste (1), each pays {1}: no mana, so the
    // requirement can't be obeyed paying nothing... the solver finds the best legal declaration.
    assert_eq!(json["requirements_max_free"], 0, "{json:#}");
    assert_eq!(json["warnings"], json!([]), "{json:#}");
    let (code, view, _) = run(&["validate", args[1], "--cards", args[3], "--format", "json"], cache);
    assert_eq!(code, 0);
    let texts: Vec<&str> =
        view["requirements"].as_array().unwrap().iter().chain(view["costs"].as_array().unwrap()).map(|r| r["text"].as_str().unwrap()).collect();
    assert_eq!(texts.len(), 3, "one requirement, two cost instances: {view:#}");
    let pup = view["creatures"].as_array().unwrap().iter().find(|c| c["id"] == "pup").unwrap();
    assert_eq!(pup["may_attack"], true, "haste from the text: {view:#}");
}

/// A Forge cardsfolder of short scripts under `dir`: a creature that must attack, a hasty one,
/// and a Propaganda-like tax (also `card_sources.rs`'s).
pub(crate) fn cardsfolder(dir: &std::path::Path) -> std::path::PathBuf {
    let folder = dir.join("cardsfolder");
    for (sub, file, text) in [
        ("i", "ironclad_brute.txt", "Name:Ironclad Brute\nManaCost:4\nTypes:Artifact Creature Golem\nPT:5/3\nS:Mode$ MustAttack | ValidCreature$ Card.Self\nOracle:Ironclad Brute attacks each combat if able.\n"),
        ("q", "quick_pup.txt", "Name:Quick Pup\nManaCost:R\nTypes:Creature Dog\nPT:1/1\nK:Haste\nOracle:Haste\n"),
        ("t", "toll_wall.txt", "Name:Toll Wall\nManaCost:2 W\nTypes:Enchantment\nOracle:Creatures can't attack you unless their controller pays {1} for each creature they control that's attacking you.\n"),
    ] {
        std::fs::create_dir_all(folder.join(sub)).unwrap();
        std::fs::write(folder.join(sub).join(file), text).unwrap();
    }
    folder
}

#[test]
fn cards_from_a_scryfall_list_and_a_forge_cardsfolder() {
    let dir = temp_dir("cards");
    let cache = dir.join("cache");
    let board = named_board(&dir);
    let scryfall = json!([
        { "name": "Ironclad Brute", "oracle_text": "Ironclad Brute attacks each combat if able.", "type_line": "Artifact Creature — Golem", "power": "5", "toughness": "3", "keywords": [] },
        { "name": "Quick Pup", "oracle_text": "Haste", "type_line": "Creature — Dog", "power": "1", "toughness": "1", "keywords": ["Haste"] },
        { "name": "Toll Wall", "oracle_text": "Creatures can't attack you unless their controller pays {1} for each creature they control that's attacking you.", "type_line": "Enchantment" }
    ]);
    let list = dir.join("cards.json");
    std::fs::write(&list, scryfall.to_string()).unwrap();
    let list = list.to_string_lossy().to_string();
    assert_cards_read(&["solve", &board, "--cards", &list, "--format", "json"], &cache);
    // Indexed once: the cache file is there, and a second run reads it.
    assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 1);
    assert_cards_read(&["solve", &board, "--cards", &list, "--format", "json"], &cache);

    let folder = cardsfolder(&dir).to_string_lossy().to_string();
    assert_cards_read(&["solve", &board, "--cards", &folder, "--format", "json"], &cache);

    // The Forge importer takes the cards it does not know from the source.
    let pzl = dir.join("p.pzl");
    std::fs::write(&pzl, "[state]\nactiveplayer=human\nhumanbattlefield=Ironclad Brute;Quick Pup|SummonSick\naibattlefield=Toll Wall\n").unwrap();
    let pzl = pzl.to_string_lossy().to_string();
    let (code, imported, stderr) = run(&["import", "forge", &pzl, "--cards", &folder, "--format", "json"], &cache);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(imported["skipped"], json!([]), "{imported:#}");
    assert_eq!(imported["board"]["permanents"][0]["oracle_text"], "Ironclad Brute attacks each combat if able.");
    // Without a source they are skipped, as before.
    let (_, imported, _) = run(&["import", "forge", &pzl, "--format", "json"], &cache);
    assert_eq!(imported["skipped"].as_array().unwrap().len(), 3);

    // A card source on a command that reads no board is a usage error.
    let (code, _, stderr) = run(&["cards", "--cards", &folder], &cache);
    assert_eq!(code, 2, "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
