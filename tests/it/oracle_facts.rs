//! Oracle texts whose effect depends on the board (issue 34, point 3): conditions on the
//! defending player and on the attacking player, classes of creatures, "as though"
//! permissions, abilities that can't be activated, chosen players, colors and directions. Each
//! test reads a real card's text on a board and checks the rules it makes; a fact the board
//! leaves out is a `missing_fact` assumption naming the field, never a guess.

use attackopt::{AssumptionKind, Position};
use serde_json::{json, Value};

fn position(board: &Value) -> Position {
    Position::from_json(&board.to_string(), "board.json").unwrap_or_else(|e| panic!("board refused: {e}\n{board:#}"))
}

fn board(players: Value, permanents: Value) -> Value {
    json!({ "attackopt": 1, "active_player": "A", "players": players, "permanents": permanents })
}

fn abc() -> Value {
    json!([{ "id": "A" }, { "id": "B" }, { "id": "C" }])
}

fn card(id: &str, name: &str, controller: &str, type_line: &str, text: &str) -> Value {
    json!({ "id": id, "name": name, "controller": controller, "type_line": type_line, "oracle_text": text, "power": 2, "toughness": 2 })
}

/// The targets creature `id` may attack without breaking a "can't attack" restriction (ids).
fn allowed(pos: &Position, id: &str) -> Vec<String> {
    let c = pos.rules.creatures.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("{id} is not a creature of the attacking side"));
    if c.ineligible.is_some() {
        return vec![];
    }
    c.allowed.iter().map(|&t| pos.rules.targets[t].id.clone()).collect()
}

/// The fields named by the board's missing-fact assumptions.
fn needs(pos: &Position) -> Vec<String> {
    pos.board.assumptions.iter().filter(|a| a.kind == AssumptionKind::MissingFact).filter_map(|a| a.needs.clone()).collect()
}

const THROATSEEKER: &str = "Infect\nChained Throatseeker can't attack unless defending player is poisoned.";

#[test]
fn cr_508_5_unless_defending_player_is_poisoned() {
    let players = json!([{ "id": "A" }, { "id": "B", "poison": 1 }, { "id": "C", "poison": 0 }]);
    let pos = position(&board(players, json!([card("t", "Chained Throatseeker", "A", "Creature — Horror", THROATSEEKER)])));
    assert_eq!(allowed(&pos, "t"), vec!["B"]);
    assert!(pos.board.assumptions.is_empty());
    // Not given: never guessed; the assumption names the field to fill.
    let pos = position(&board(abc(), json!([card("t", "Chained Throatseeker", "A", "Creature — Horror", THROATSEEKER)])));
    assert_eq!(allowed(&pos, "t"), vec!["B", "C"]);
    assert_eq!(needs(&pos), vec!["players[1].poison".to_string()]);
    assert!(pos.board.warnings.iter().any(|w| w.message.contains("players[1].poison")));
}

#[test]
fn cr_508_5_defending_player_controls_an_untapped_creature_with_power_2_or_less() {
    let jailer = "Mogg Jailer can't attack if defending player controls an untapped creature with power 2 or less.";
    let pos = position(&board(
        abc(),
        json!([
            card("j", "Mogg Jailer", "A", "Creature — Goblin", jailer),
            { "id": "b1", "name": "Grizzly Bears", "controller": "B", "types": ["Creature"], "power": 2 },
            { "id": "c1", "name": "Grizzly Bears", "controller": "C", "types": ["Creature"], "power": 2, "tapped": true }
        ]),
    ));
    assert_eq!(allowed(&pos, "j"), vec!["C"]);
}

#[test]
fn cr_508_1c_unless_you_cast_a_creature_spell_this_turn() {
    let cohort = "Goblin Cohort can't attack unless you've cast a creature spell this turn.";
    let with = |spells: Value| {
        let players = json!([{ "id": "A", "spells_cast_this_turn": spells }, { "id": "B" }]);
        position(&board(players, json!([card("g", "Goblin Cohort", "A", "Creature — Goblin Warrior", cohort)])))
    };
    assert_eq!(allowed(&with(json!(["Creature — Goblin"])), "g"), vec!["B"]);
    assert!(allowed(&with(json!(["Instant"])), "g").is_empty());
    assert!(allowed(&with(json!([])), "g").is_empty());
    let unknown =
        position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([card("g", "Goblin Cohort", "A", "Creature — Goblin Warrior", cohort)])));
    assert_eq!(needs(&unknown), vec!["players[0].spells_cast_this_turn".to_string()]);
}

#[test]
fn cr_302_6_can_attack_as_though_it_had_haste_but_not_tap_for_mana() {
    let elf = json!({ "id": "elf", "name": "Llanowar Elves", "controller": "A", "summoning_sick": true });
    let energy = json!({ "id": "ie", "name": "Instill Energy", "controller": "A", "attached_to": "elf", "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature can attack as though it had haste.\n{0}: Untap enchanted creature. Activate only during your turn and only once each turn." });
    let pos = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([elf.clone(), energy])));
    assert_eq!(allowed(&pos, "elf"), vec!["B"]);
    // Its {T} ability still needs haste (CR 302.6).
    assert!(pos.mana.sources.iter().all(|s| s.id != "elf"));
    let pos = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([elf])));
    assert!(allowed(&pos, "elf").is_empty());
}

#[test]
fn cr_702_3b_can_attack_as_though_it_didnt_have_defender() {
    let wall = json!({ "id": "w", "name": "Wall of Stone", "controller": "A", "types": ["Creature"], "subtypes": ["Wall"], "keywords": ["Defender"], "power": 0 });
    let alert = card("h", "High Alert", "A", "Enchantment", "Creatures you control can attack as though they didn't have defender.");
    let pos = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([wall.clone(), alert])));
    assert_eq!(allowed(&pos, "w"), vec!["B"]);
    let pos = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([wall])));
    assert!(allowed(&pos, "w").is_empty());
}

#[test]
fn cr_605_1a_arrest_stops_mana_abilities_too() {
    let elf = json!({ "id": "elf", "name": "Llanowar Elves", "controller": "A" });
    let arrest = json!({ "id": "ar", "name": "Arrest", "controller": "B", "attached_to": "elf", "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant creature\nEnchanted creature can't attack or block, and its activated abilities can't be activated." });
    let pos = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([elf.clone(), arrest])));
    assert!(allowed(&pos, "elf").is_empty());
    assert!(pos.mana.sources.iter().all(|s| s.id != "elf"), "{:?}", pos.mana.sources);
    let pos = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([elf])));
    assert!(pos.mana.sources.iter().any(|s| s.id == "elf"));
}

#[test]
fn cr_508_1b_mystic_barrier_in_the_chosen_direction() {
    let barrier = "When Mystic Barrier enters or at the beginning of your upkeep, choose left or right.\nEach player may attack only the nearest opponent in the last chosen direction and planeswalkers controlled by that opponent.";
    let players = json!([{ "id": "A" }, { "id": "B" }, { "id": "C" }, { "id": "D" }]);
    let bear = json!({ "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2 });
    let pw = json!({ "id": "pwB", "name": "Jace Beleren", "controller": "B", "types": ["Planeswalker"] });
    let mut mb = card("mb", "Mystic Barrier", "C", "Enchantment", barrier);
    mb["chosen_direction"] = json!("right");
    let pos = position(&board(players.clone(), json!([bear.clone(), pw.clone(), mb.clone()])));
    // Right of A is the previous entry, wrapping around: D.
    assert_eq!(allowed(&pos, "bear"), vec!["D"]);
    mb["chosen_direction"] = json!("left");
    let pos = position(&board(players.clone(), json!([bear.clone(), pw.clone(), mb.clone()])));
    assert_eq!(allowed(&pos, "bear"), vec!["B", "pwB"]);
    mb.as_object_mut().map(|o| o.remove("chosen_direction"));
    let pos = position(&board(players, json!([bear, pw, mb])));
    assert_eq!(needs(&pos), vec!["permanents[2].chosen_direction".to_string()]);
}

#[test]
fn cr_508_1d_raving_dead_attacks_the_chosen_player() {
    let text =
        "Deathtouch\nAt the beginning of combat on your turn, choose an opponent at random. Raving Dead attacks that player this combat if able.";
    let mut rd = card("rd", "Raving Dead", "A", "Creature — Zombie", text);
    rd["chosen_player"] = json!("C");
    let pos = position(&board(abc(), json!([rd.clone()])));
    assert_eq!(pos.rules.requirements.len(), 1);
    let r = format!("{:?}", pos.rules.requirements[0].kind);
    let c = pos.rules.targets.iter().position(|t| t.id == "C").unwrap();
    assert!(r.contains(&format!("targets: Some([{c}])")), "{r}");
    rd.as_object_mut().map(|o| o.remove("chosen_player"));
    let pos = position(&board(abc(), json!([rd])));
    assert!(pos.rules.requirements.is_empty());
    assert_eq!(needs(&pos), vec!["permanents[0].chosen_player".to_string()]);
}

#[test]
fn cr_508_1c_each_opponent_who_cast_a_spell_this_turn() {
    let arbiter =
        card("aa", "Angelic Arbiter", "B", "Creature — Angel", "Flying\nEach opponent who cast a spell this turn can't attack with creatures.");
    let bear = json!({ "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2 });
    let cast = position(&board(json!([{ "id": "A", "spells_cast_this_turn": ["Sorcery"] }, { "id": "B" }]), json!([bear.clone(), arbiter.clone()])));
    assert!(allowed(&cast, "bear").is_empty());
    let none = position(&board(json!([{ "id": "A", "spells_cast_this_turn": [] }, { "id": "B" }]), json!([bear, arbiter])));
    assert_eq!(allowed(&none, "bear"), vec!["B"]);
}

#[test]
fn cr_303_4_508_1d_curse_of_the_nightly_hunt_on_a_player() {
    let curse = json!({ "id": "cu", "name": "Curse of the Nightly Hunt", "controller": "B", "attached_to": "A", "type_line": "Enchantment — Aura Curse",
        "oracle_text": "Enchant player\nCreatures enchanted player controls attack each combat if able." });
    let bear = json!({ "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2 });
    let pos = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([bear, curse])));
    assert_eq!(pos.rules.requirements.len(), 1);
    assert!(pos.board.warnings.iter().all(|w| !w.path.contains("attached_to")), "{:?}", pos.board.warnings);
}

#[test]
fn cr_305_7_all_lands_are_islands() {
    let leviathan = card(
        "sl",
        "Stormtide Leviathan",
        "B",
        "Creature — Leviathan",
        "Islandwalk\nAll lands are Islands in addition to their other types.\nCreatures without flying or islandwalk can't attack.",
    );
    let serpent = card("ss", "Sea Serpent", "A", "Creature — Serpent", "Sea Serpent can't attack unless defending player controls an Island.");
    let plains = json!({ "id": "p", "name": "Plains", "controller": "A", "types": ["Land"], "subtypes": ["Plains"] });
    let c_land = json!({ "id": "w", "name": "Wastes", "controller": "C", "types": ["Land"] });
    let pos = position(&board(abc(), json!([leviathan, serpent, plains, c_land])));
    // The Plains taps for {U} too; the serpent has neither flying nor islandwalk: it can't attack.
    assert!(allowed(&pos, "ss").is_empty());
    let p = pos.mana.sources.iter().find(|s| s.id == "p").expect("the Plains");
    assert_eq!(p.alternatives.len(), 2);
}

#[test]
fn counters_of_a_kind_need_counters_of() {
    let text = "Defender\nAdapt 3\nAs long as Scuttlegator has a +1/+1 counter on it, it can attack as though it didn't have defender.";
    let mut sg = card("sg", "Scuttlegator", "A", "Creature — Crab Turtle", text);
    sg["counters"] = json!(1);
    sg["counters_of"] = json!({ "+1/+1": 1 });
    let pos = position(&board(abc(), json!([sg.clone()])));
    assert_eq!(allowed(&pos, "sg"), vec!["B", "C"]);
    // A total without kinds: the kind is not known.
    sg.as_object_mut().map(|o| o.remove("counters_of"));
    let pos = position(&board(abc(), json!([sg.clone()])));
    assert!(allowed(&pos, "sg").is_empty());
    assert_eq!(needs(&pos), vec!["permanents[0].counters_of".to_string()]);
    // No counters at all: none of any kind, nothing assumed.
    sg["counters"] = json!(0);
    let pos = position(&board(abc(), json!([sg])));
    assert!(allowed(&pos, "sg").is_empty() && pos.board.assumptions.is_empty());
}

#[test]
fn cr_508_1c_creatures_with_counters_on_them() {
    let knight = card(
        "kk",
        "Kulrath Knight",
        "B",
        "Creature — Elemental Knight",
        "Flying, wither\nCreatures your opponents control with counters on them can't attack or block.",
    );
    let gob = json!({ "id": "gob", "name": "Goblin Token", "controller": "A", "types": ["Creature", "Token"], "subtypes": ["Goblin"], "power": 1, "counters": 1 });
    let bear = json!({ "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2 });
    let pos = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([knight, gob, bear])));
    assert!(allowed(&pos, "gob").is_empty());
    assert_eq!(allowed(&pos, "bear"), vec!["B"]);
}

#[test]
fn explicit_effects_of_the_new_kinds() {
    let wall = json!({ "id": "w", "name": "Wall of Stone", "controller": "A", "types": ["Creature"], "keywords": ["Defender"], "power": 0 });
    let elf = json!({ "id": "elf", "name": "Llanowar Elves", "controller": "A" });
    let b = json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }], "permanents": [wall, elf],
        "effects": [{ "kind": "attacks_as_though", "creatures": ["w"], "as_though": "no_defender", "source": "Animate Wall" },
                    { "kind": "no_mana_abilities", "permanents": ["elf"], "source": "Arrest" }] });
    let pos = position(&b);
    assert_eq!(allowed(&pos, "w"), vec!["B"]);
    assert!(pos.mana.sources.iter().all(|s| s.id != "elf"));
    // Bad input names its path.
    let mut bad = b.clone();
    bad["effects"][0]["as_though"] = json!("flying");
    let e = Position::from_json(&bad.to_string(), "board.json").unwrap_err();
    assert!(e.to_string().contains("effects[0].as_though"), "{e}");
}
