//! Oracle texts whose effect depends on the board (issue 34, point 3): conditions on the
//! defending player and on the attacking player, classes of creatures, "as though"
//! permissions, abilities that can't be activated, chosen players, colors and directions. Each
//! test reads a real card's text on a board and checks the rules it makes; a fact the board
//! leaves out is a `missing_fact` assumption naming the field, never a guess.

use super::common::allowed_ids as allowed;
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

#[test]
fn cr_702_109a_dash_gives_haste_when_its_cost_was_paid() {
    let text = "Whenever Mardu Strike Leader attacks, create a 2/1 black Warrior creature token.\nDash {3}{B} (You may cast this spell for its dash cost. If you do, it gains haste, and it's returned from the battlefield to its owner's hand at the beginning of the next end step.)";
    let leader = |sick: bool, paid: Option<Value>| {
        let mut c = card("m", "Mardu Strike Leader", "A", "Creature — Human Warrior", text);
        c["summoning_sick"] = json!(sick);
        if let Some(p) = paid {
            c["costs_paid"] = p;
        }
        position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([c])))
    };
    assert_eq!(allowed(&leader(true, Some(json!(["dash"]))), "m"), vec!["B"]);
    assert!(allowed(&leader(true, Some(json!([]))), "m").is_empty());
    let unknown = leader(true, None);
    assert!(allowed(&unknown, "m").is_empty());
    assert_eq!(needs(&unknown), vec!["permanents[0].costs_paid".to_string()]);
    // Free of summoning sickness, haste decides nothing: nothing is asked.
    let free = leader(false, None);
    assert_eq!(allowed(&free, "m"), vec!["B"]);
    assert!(free.board.assumptions.is_empty());
}

#[test]
fn cr_702_176a_impending_with_time_counters_is_no_creature() {
    let text = "Impending 5—{1}{B}\nWhenever this enchantment enters or attacks, mill four cards, then you may return a non-Avatar creature card or a planeswalker card from your graveyard to your hand.";
    let overlord = |counters: u32, paid: Value| {
        let mut c = card("o", "Overlord of the Balemurk", "A", "Enchantment Creature — Avatar Horror", text);
        c["counters"] = json!(counters);
        c["counters_of"] = json!({ "time": counters });
        c["costs_paid"] = paid;
        position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([c])))
    };
    assert!(allowed(&overlord(3, json!(["impending"])), "o").is_empty());
    assert_eq!(allowed(&overlord(0, json!(["impending"])), "o"), vec!["B"]);
    assert_eq!(allowed(&overlord(3, json!([])), "o"), vec!["B"]);
}

#[test]
fn cr_702_103b_a_bestowed_aura_does_not_attack() {
    let text = "Bestow {2}{R} (If you cast this card for its bestow cost, it's an Aura spell with enchant creature. It becomes a creature again if it's not attached to a creature.)\nMogis's Warhound attacks each combat if able.\nEnchanted creature gets +2/+2 and attacks each combat if able.";
    let mut hound = card("h", "Mogis's Warhound", "A", "Enchantment Creature — Hound", text);
    hound["attached_to"] = json!("bear");
    let bear = json!({ "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2 });
    let pos = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([hound, bear])));
    assert!(allowed(&pos, "h").is_empty());
    assert_eq!(allowed(&pos, "bear"), vec!["B"]);
    assert!(
        pos.rules.requirements.iter().any(|r| format!("{:?}", r.kind).contains("creature: 1")),
        "the bear must attack: {:?}",
        pos.rules.requirements
    );
}

#[test]
fn cr_702_179_max_speed() {
    let text = "Indestructible, haste\nStart your engines!\nHazoret can't attack or block unless you have max speed.";
    let with_speed = |speed: Option<u32>| {
        let players = match speed {
            Some(s) => json!([{ "id": "A", "speed": s }, { "id": "B" }]),
            None => json!([{ "id": "A" }, { "id": "B" }]),
        };
        position(&board(players, json!([card("hz", "Hazoret, Godseeker", "A", "Legendary Creature — God", text)])))
    };
    assert_eq!(allowed(&with_speed(Some(4)), "hz"), vec!["B"]);
    assert!(allowed(&with_speed(Some(2)), "hz").is_empty());
    assert_eq!(needs(&with_speed(None)), vec!["players[0].speed".to_string()]);
}

#[test]
fn cr_508_1c_a_player_it_already_attacked_this_turn() {
    let text = "Flying, trample\nBloodthirster can't attack a player it has already attacked this turn.";
    let mut bt = card("bt", "Bloodthirster", "A", "Creature — Demon", text);
    let fresh = position(&board(abc(), json!([bt.clone()])));
    assert_eq!(allowed(&fresh, "bt"), vec!["B", "C"]);
    assert!(fresh.board.assumptions.is_empty(), "no creature attacked this turn: it attacked no one");
    bt["attacked_players_this_turn"] = json!(["B"]);
    let mut b = board(abc(), json!([bt]));
    b["attacked_this_turn"] = json!(1);
    assert_eq!(allowed(&position(&b), "bt"), vec!["C"]);
}

#[test]
fn cr_508_1d_each_opponent_must_attack_with_at_least_one_creature() {
    let seeker = card(
        "s",
        "Seeker of Slaanesh",
        "B",
        "Creature — Daemon",
        "Haste\nAllure of Slaanesh -- Each opponent must attack with at least one creature each combat if able.",
    );
    let bear = json!({ "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2 });
    let pos = position(&board(abc(), json!([seeker, bear])));
    assert_eq!(pos.rules.requirements.len(), 1, "{:?}", pos.rules.requirements);
    // The empty declaration breaks it; the bear attacking C (not the Seeker's controller) obeys it.
    let d = pos.declaration_from_json(r#"{"attacks": [{"creature": "bear", "target": "C"}]}"#, "d.json").unwrap();
    assert!(pos.check(&d, &attackopt::Options::default()).unwrap().legal);
    let empty = pos.declaration_from_json(r#"{"attacks": []}"#, "d.json").unwrap();
    assert!(!pos.check(&empty, &attackopt::Options::default()).unwrap().legal);
}

#[test]
fn cr_702_3b_only_against_players_who_attacked_you_last_turn() {
    let text = "Defender, vigilance, reach, trample\nThis creature can attack players who attacked you during their last turn as though it didn't have defender.";
    let players = json!([{ "id": "A", "attacked_players_last_turn": [] }, { "id": "B", "attacked_players_last_turn": ["A"] }, { "id": "C", "attacked_players_last_turn": ["B"] }]);
    let pos = position(&board(players, json!([card("ws", "Weathered Sentinels", "A", "Artifact Creature — Wall", text)])));
    assert_eq!(allowed(&pos, "ws"), vec!["B"]);
}

#[test]
fn graveyard_cards_and_modified_creatures() {
    let bear = card(
        "pb",
        "Platypus-Bear",
        "A",
        "Creature — Platypus Bear",
        "Defender\nAs long as there is a Lesson card in your graveyard, this creature can attack as though it didn't have defender.",
    );
    let with = |cards: Value| position(&board(json!([{ "id": "A", "graveyard_cards": cards }, { "id": "B" }]), json!([bear.clone()])));
    assert_eq!(allowed(&with(json!(["Sorcery — Lesson"])), "pb"), vec!["B"]);
    assert!(allowed(&with(json!(["Instant"])), "pb").is_empty());
    let guardians = card(
        "go",
        "Guardians of Oboro",
        "A",
        "Creature — Human Samurai",
        "Modified creatures you control can attack as though they didn't have defender.",
    );
    let wall = json!({ "id": "w", "name": "Wall of Stone", "controller": "A", "types": ["Creature"], "keywords": ["Defender"], "counters": 1 });
    let pos = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([guardians, wall])));
    assert_eq!(allowed(&pos, "w"), vec!["B"]);
}

/// "It" in a condition of a sentence about what an Aura enchants is that creature, for grants
/// as for restrictions (Bonds of Faith's "as long as it's a Human").
#[test]
fn an_it_condition_looks_at_the_enchanted_creature() {
    let aura = |on: &str| {
        json!({ "id": "au", "name": "War Paint of the Tribe", "controller": "A", "attached_to": on, "type_line": "Enchantment — Aura",
                "oracle_text": "Enchant creature\nEnchanted creature has haste as long as it's a Goblin." })
    };
    let gob = json!({ "id": "g", "name": "Goblin Token", "controller": "A", "types": ["Creature", "Token"], "subtypes": ["Goblin"], "power": 1, "summoning_sick": true });
    let bear = json!({ "id": "b", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "subtypes": ["Bear"], "power": 2, "summoning_sick": true });
    let on_goblin = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([gob.clone(), bear.clone(), aura("g")])));
    assert_eq!(allowed(&on_goblin, "g"), vec!["B"]);
    let on_bear = position(&board(json!([{ "id": "A" }, { "id": "B" }]), json!([gob, bear, aura("b")])));
    assert!(allowed(&on_bear, "b").is_empty());
}

/// "Other" groups and counts are each permanent's own, though many permanents share a text and
/// the group is found once (CR 613: a lord's ability affects other creatures, not itself; two
/// such lords affect each other).
#[test]
fn cr_613_other_creatures_are_all_but_the_permanent_itself() {
    let lord = |id: &str| {
        json!({ "id": id, "name": "Lord", "controller": "A", "types": ["Creature"], "power": 1, "summoning_sick": true,
                "oracle_text": "Other creatures you control have haste." })
    };
    let bear = json!({ "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "summoning_sick": true });
    let pos = position(&board(abc(), json!([lord("l1"), bear.clone()])));
    assert!(allowed(&pos, "l1").is_empty());
    assert_eq!(allowed(&pos, "bear"), vec!["B", "C"]);
    let pos = position(&board(abc(), json!([lord("l1"), lord("l2"), lord("l3"), bear])));
    for id in ["l1", "l2", "l3", "bear"] {
        assert_eq!(allowed(&pos, id), vec!["B", "C"], "{id}");
    }
}

#[test]
fn cr_508_1d_another_ally_is_one_besides_itself() {
    let text = "Reckless Cohort attacks each combat if able unless you control another Ally.";
    let cohort = |id: &str| card(id, "Reckless Cohort", "A", "Creature — Human Warrior Ally", text);
    let in_force = |pos: &Position| pos.rules.requirements.iter().filter(|r| r.counts).count();
    assert_eq!(in_force(&position(&board(abc(), json!([cohort("r1")])))), 1);
    // Two: each controls another Ally.
    assert_eq!(in_force(&position(&board(abc(), json!([cohort("r1"), cohort("r2")])))), 0);
    // An Ally of another player does not count.
    let theirs = card("x", "Reckless Cohort", "B", "Creature — Human Warrior Ally", text);
    assert_eq!(in_force(&position(&board(abc(), json!([cohort("r1"), theirs])))), 1);
}

/// Issue 36, R09: "As ~ enters, choose one — • ... • ...": only the modes the board says were
/// chosen (`chosen_modes`, by place among the text's bullets) are in force; without it none is
/// guessed, and the assumption names the field.
#[test]
fn r09_chosen_modes_decide_which_mode_is_in_force() {
    let text = "As Fickle Ward enters, choose one —\n• Creatures can't attack you.\n• Creatures your opponents control attack each combat if able.";
    let ward = |modes: Option<Value>| {
        let mut w = json!({ "id": "x", "name": "Fickle Ward", "controller": "B", "types": ["Enchantment"], "oracle_text": text });
        if let Some(m) = modes {
            w["chosen_modes"] = m;
        }
        w
    };
    let bear = json!({ "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2 });
    let counted = |pos: &Position| pos.rules.requirements.iter().filter(|r| r.counts).count();
    let pos = position(&board(abc(), json!([ward(None), bear.clone()])));
    assert_eq!(allowed(&pos, "bear"), vec!["B", "C"]);
    assert_eq!(counted(&pos), 0);
    assert_eq!(needs(&pos), vec!["permanents[0].chosen_modes".to_string(); 2]);
    let pos = position(&board(abc(), json!([ward(Some(json!([1]))), bear.clone()])));
    assert_eq!((allowed(&pos, "bear"), counted(&pos)), (vec!["C".to_string()], 0));
    assert!(pos.board.assumptions.is_empty());
    let pos = position(&board(abc(), json!([ward(Some(json!([2]))), bear])));
    assert_eq!((allowed(&pos, "bear"), counted(&pos)), (vec!["B".to_string(), "C".to_string()], 1));
}

/// The requirements that count on a board (CR 508.1d), by creature id.
fn required(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .rules
        .requirements
        .iter()
        .filter(|r| r.counts)
        .filter_map(|r| match &r.kind {
            attackopt::internals::rules::RequirementKind::Attack { creature, .. } => Some(pos.rules.creatures[*creature].id.clone()),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

const LOST_IN_THOUGHT: &str = "Enchant creature\nEnchanted creature can't attack or block, and its activated abilities can't be activated. Its controller may exile three cards from their graveyard for that player to ignore this effect until end of turn.";

/// CR 116.2d: the special action to ignore Lost in Thought's effect needs priority, so it was
/// taken before attackers are declared or not at all: the board's `effect_ignored`. Absent, the
/// sentence offering it is assumed away (the effect applies) with the field to fill.
#[test]
fn cr_116_2d_an_effect_ignored_this_turn() {
    let lost = |ignored: Option<bool>| {
        let mut a = json!({ "id": "lit", "name": "Lost in Thought", "controller": "B", "attached_to": "bear", "type_line": "Enchantment — Aura", "oracle_text": LOST_IN_THOUGHT });
        if let Some(b) = ignored {
            a["effect_ignored"] = json!(b);
        }
        position(&board(abc(), json!([super::common::bear("bear", "A"), a])))
    };
    let pos = lost(None);
    assert!(allowed(&pos, "bear").is_empty());
    assert_eq!(needs(&pos), vec!["permanents[1].effect_ignored".to_string()]);
    let pos = lost(Some(false));
    assert!(allowed(&pos, "bear").is_empty() && pos.board.assumptions.is_empty());
    let pos = lost(Some(true));
    assert_eq!((allowed(&pos, "bear"), pos.board.assumptions.len()), (vec!["B".to_string(), "C".to_string()], 0));
}

/// CR 614.12: Primal Clay's choice is `chosen_modes` (2: flying, 3: a Wall with defender).
#[test]
fn cr_614_12_primal_clay_chosen_as_it_entered() {
    let text = "As Primal Clay enters the battlefield, it becomes your choice of a 3/3 artifact creature, a 2/2 artifact creature with flying, or a 1/6 Wall artifact creature with defender in addition to its other types. (A creature with defender can't attack.)";
    let moat = json!({ "id": "moat", "name": "Moat", "controller": "B", "types": ["Enchantment"] });
    let clay = |modes: Option<Value>| {
        let mut c = card("clay", "Primal Clay", "A", "Artifact Creature — Shapeshifter", text);
        if let Some(m) = modes {
            c["chosen_modes"] = m;
        }
        position(&board(abc(), json!([c, moat.clone()])))
    };
    assert_eq!(allowed(&clay(Some(json!([2]))), "clay"), vec!["B", "C"]);
    assert!(allowed(&clay(Some(json!([1]))), "clay").is_empty());
    assert!(allowed(&clay(Some(json!([3]))), "clay").is_empty());
    let pos = clay(None);
    assert!(allowed(&pos, "clay").is_empty());
    assert_eq!(needs(&pos), vec!["permanents[0].chosen_modes".to_string()]);
}

/// CR 702.95: Flowering Lumberknot attacks only while paired with a creature with soulbond:
/// `paired_with`, known unpaired when no other creature of its controller has soulbond.
#[test]
fn cr_702_95_paired_with_a_creature_with_soulbond() {
    let text = "Flowering Lumberknot can't attack or block unless it's paired with a creature with soulbond.";
    let knot = |paired: Option<Value>| {
        let mut k = card("knot", "Flowering Lumberknot", "A", "Creature — Treefolk", text);
        if let Some(p) = paired {
            k["paired_with"] = p;
        }
        k
    };
    let bond = json!({ "id": "bond", "name": "", "controller": "A", "types": ["Creature"], "keywords": ["Soulbond"], "power": 2 });
    let pos = position(&board(abc(), json!([knot(None)])));
    assert!(allowed(&pos, "knot").is_empty() && pos.board.assumptions.is_empty());
    let pos = position(&board(abc(), json!([knot(None), bond.clone()])));
    assert_eq!(needs(&pos), vec!["permanents[0].paired_with".to_string()]);
    let pos = position(&board(abc(), json!([knot(Some(json!(["bond"]))), bond.clone()])));
    assert_eq!(allowed(&pos, "knot"), vec!["B", "C"]);
    let pos = position(&board(abc(), json!([knot(Some(json!([]))), bond.clone()])));
    assert!(allowed(&pos, "knot").is_empty() && pos.board.assumptions.is_empty());
    // Validation names the path.
    let bad = board(abc(), json!([knot(Some(json!(["nobody"]))), bond]));
    let err = Position::from_json(&bad.to_string(), "board.json").expect_err("refused").to_string();
    assert!(err.contains("permanents[0].paired_with[0]"), "{err}");
}

/// Arboria (CR 508.1c, 508.5): each player is decided apart, by
/// `cast_spell_or_put_permanent_last_turn`; their planeswalkers may still be attacked.
#[test]
fn cr_508_1c_arboria_last_turn() {
    let text =
        "Creatures can't attack a player unless that player cast a spell or put a nontoken permanent onto the battlefield during their last turn.";
    let arboria = json!({ "id": "arb", "name": "Arboria", "controller": "B", "type_line": "World Enchantment", "oracle_text": text });
    let players = json!([{ "id": "A" }, { "id": "B", "cast_spell_or_put_permanent_last_turn": true }, { "id": "C", "cast_spell_or_put_permanent_last_turn": false }]);
    let pos = position(&board(players, json!([arboria.clone(), super::common::bear("bear", "A"), super::common::walker("jace", "C")])));
    assert_eq!(allowed(&pos, "bear"), vec!["B", "jace"]);
    assert!(pos.board.assumptions.is_empty());
    let pos = position(&board(abc(), json!([arboria, super::common::bear("bear", "A")])));
    // The first player not known is named (the rule is assumed away until every one is given).
    assert_eq!(needs(&pos), vec!["players[1].cast_spell_or_put_permanent_last_turn".to_string()]);
}

/// CR 508.1d, 603: a beginning-of-combat trigger's token or targets (`trigger_permanents`).
#[test]
fn cr_508_1d_a_resolved_trigger_names_its_permanents() {
    let warboss_text = "Mentor (Whenever this creature attacks, put a +1/+1 counter on target attacking creature with lesser power.)\nAt the beginning of combat on your turn, create a 1/1 red Goblin creature token. That token gains haste until end of turn and attacks this combat if able.";
    let token = json!({ "id": "tok", "name": "Goblin", "controller": "A", "types": ["Creature", "Token"], "subtypes": ["Goblin"], "power": 1, "summoning_sick": true });
    let warboss = |controller: &str, named: Option<Value>| {
        let mut w = card("wb", "Legion Warboss", controller, "Creature — Goblin Soldier", warboss_text);
        if let Some(n) = named {
            w["trigger_permanents"] = n;
        }
        w
    };
    let pos = position(&board(abc(), json!([warboss("A", Some(json!(["tok"]))), token.clone()])));
    assert_eq!((allowed(&pos, "tok"), required(&pos)), (vec!["B".to_string(), "C".to_string()], vec!["tok".to_string()]));
    let pos = position(&board(abc(), json!([warboss("A", None), token.clone()])));
    assert!(allowed(&pos, "tok").is_empty());
    assert_eq!(needs(&pos), vec!["permanents[0].trigger_permanents".to_string()]);
    // Not its controller's turn: the trigger did not trigger, nothing is asked.
    let pos = position(&board(abc(), json!([warboss("B", None), token.clone()])));
    assert!(pos.board.assumptions.is_empty());
    // "[]": it did not resolve this combat; null: no permanent.
    let pos = position(&board(abc(), json!([warboss("A", Some(json!([null]))), token])));
    assert!(required(&pos).is_empty() && pos.board.assumptions.is_empty());

    let shaper = "At the beginning of each combat, up to one target creature attacks or blocks this combat if able and up to one target creature can't attack or block this combat.";
    let mut bs = card("bs", "Boros Battleshaper", "B", "Creature — Minotaur Soldier", shaper);
    bs["trigger_permanents"] = json!(["b1", "b2"]);
    let pos = position(&board(abc(), json!([bs, super::common::bear("b1", "A"), super::common::bear("b2", "A")])));
    assert_eq!(required(&pos), vec!["b1"]);
    assert!(allowed(&pos, "b2").is_empty());
}

/// Kookus (CR 603.4): whether its upkeep trigger resolved is the board's `trigger_resolved`;
/// not asked of a Kookus under summoning sickness (it was not there as the upkeep began).
#[test]
fn cr_603_4_kookus_upkeep_trigger() {
    let text = "Trample\nAt the beginning of your upkeep, if you don't control a creature named Keeper of Kookus, Kookus deals 3 damage to you and attacks this turn if able.\n{R}: Kookus gets +1/+0 until end of turn.";
    let kookus = |resolved: Option<bool>, sick: bool| {
        let mut k = card("k", "Kookus", "A", "Creature — Djinn", text);
        k["summoning_sick"] = json!(sick);
        if let Some(b) = resolved {
            k["trigger_resolved"] = json!(b);
        }
        position(&board(abc(), json!([k])))
    };
    assert_eq!(required(&kookus(Some(true), false)), vec!["k"]);
    assert!(required(&kookus(Some(false), false)).is_empty());
    assert_eq!(needs(&kookus(None, false)), vec!["permanents[0].trigger_resolved".to_string()]);
    assert!(kookus(None, true).board.assumptions.is_empty());
}

/// CR 205.1a: Grand Master of Flowers with seven loyalty counters is a 7/7 creature and no
/// planeswalker (it can attack, and can't be attacked); CR 305.7: Omo's land with an
/// everything counter is an Island too (Sea Serpent may attack its controller).
#[test]
fn cr_205_1a_types_changed_under_a_condition() {
    let gm_text = "As long as Grand Master of Flowers has seven or more loyalty counters on him, he's a 7/7 Dragon God creature with flying and indestructible.";
    let gm = |controller: &str, loyalty: u32| {
        json!({ "id": "gm", "name": "Grand Master of Flowers", "controller": controller, "type_line": "Legendary Planeswalker — Bahamut",
                "oracle_text": gm_text, "counters": loyalty, "counters_of": { "loyalty": loyalty } })
    };
    let pos = position(&board(abc(), json!([gm("A", 7)])));
    assert_eq!(allowed(&pos, "gm"), vec!["B", "C"]);
    let pos = position(&board(abc(), json!([gm("B", 7), super::common::bear("bear", "A")])));
    assert_eq!(allowed(&pos, "bear"), vec!["B", "C"]);
    let pos = position(&board(abc(), json!([gm("B", 6), super::common::bear("bear", "A")])));
    assert_eq!(allowed(&pos, "bear"), vec!["B", "C", "gm"]);

    let omo = "Each land with an everything counter on it is every land type in addition to its other types.";
    let serpent = card("s", "Sea Serpent", "A", "Creature — Serpent", "Sea Serpent can't attack unless defending player controls an Island.");
    let forest = |counters: Value| json!({ "id": "f", "name": "Forest", "controller": "B", "types": ["Land"], "subtypes": ["Forest"], "counters": 1, "counters_of": counters });
    let o = card("omo", "Omo, Queen of Vesuva", "C", "Legendary Creature — Shapeshifter Noble", omo);
    let pos = position(&board(abc(), json!([serpent.clone(), forest(json!({ "everything": 1 })), o.clone()])));
    assert_eq!(allowed(&pos, "s"), vec!["B"]);
    let pos = position(&board(abc(), json!([serpent, forest(json!({ "+1/+1": 1 })), o])));
    assert!(allowed(&pos, "s").is_empty());
}

/// Through the binary: Lost in Thought's effect decides `check`'s answer, and the board's
/// `effect_ignored` turns it off.
#[test]
fn cli_check_reads_an_ignored_effect() {
    let decl = super::common::temp_file("decl", &json!({ "attacks": [{ "creature": "bear", "target": "B" }] }).to_string());
    let run = |ignored: Option<bool>| {
        let mut a = json!({ "id": "lit", "name": "Lost in Thought", "controller": "B", "attached_to": "bear", "type_line": "Enchantment — Aura", "oracle_text": LOST_IN_THOUGHT });
        if let Some(b) = ignored {
            a["effect_ignored"] = json!(b);
        }
        let b = super::common::temp_file("board", &board(abc(), json!([super::common::bear("bear", "A"), a])).to_string());
        let out = super::common::run_bin(&["check", &b.to_string_lossy(), &decl.to_string_lossy(), "--format", "json"]);
        let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
        (out.status.code(), v)
    };
    let (code, v) = run(None);
    assert_eq!((code, &v["legal"]), (Some(1), &json!(false)), "{v}");
    assert!(v["assumptions"].to_string().contains("permanents[1].effect_ignored"), "{v}");
    let (code, v) = run(Some(true));
    assert_eq!((code, &v["legal"]), (Some(0), &json!(true)), "{v}");
}

/// Through the binary: the Warboss's token must attack when the board names it.
#[test]
fn cli_check_reads_a_trigger_token() {
    let text = "At the beginning of combat on your turn, create a 1/1 red Goblin creature token. That token gains haste until end of turn and attacks this combat if able.";
    let mut wb = card("wb", "Legion Warboss", "A", "Creature — Goblin Soldier", text);
    wb["trigger_permanents"] = json!(["tok"]);
    wb["summoning_sick"] = json!(true);
    let token = json!({ "id": "tok", "name": "Goblin", "controller": "A", "types": ["Creature", "Token"], "power": 1, "summoning_sick": true });
    let b = super::common::temp_file("board", &board(abc(), json!([wb, token])).to_string());
    let empty = super::common::temp_file("decl", &json!({ "attacks": [] }).to_string());
    let out = super::common::run_bin(&["check", &b.to_string_lossy(), &empty.to_string_lossy(), "--format", "json"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!((out.status.code(), &v["legal"]), (Some(1), &json!(false)), "{v}");
    let attack = super::common::temp_file("decl", &json!({ "attacks": [{ "creature": "tok", "target": "B" }] }).to_string());
    let out = super::common::run_bin(&["check", &b.to_string_lossy(), &attack.to_string_lossy(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}
