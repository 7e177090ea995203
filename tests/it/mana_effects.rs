//! Effects on mana production (CR 106.12, 605.1b, 616.1; issue 35): triggered mana abilities
//! (`mana_trigger`), replacement effects (`mana_multiplier`, `mana_instead`) and "could
//! produce" after them (CR 106.7), deciding whether costs to attack can be paid (CR 508.1h-j).

use super::common::*;
use attackopt::{Baseline, ViolationKind};
use serde_json::{json, Value};

fn board(permanents: Value, effects: Value) -> Value {
    json!({ "players": [{ "id": "A" }, { "id": "B", "life": 20 }], "permanents": permanents, "effects": effects })
}

fn propaganda(cost: &str) -> Value {
    json!({ "kind": "attack_cost", "creatures": "all", "target": { "players": ["B"] }, "cost": cost, "source": "Propaganda" })
}

fn reflection(controller: &str) -> Value {
    json!({ "kind": "mana_multiplier", "tapped": { "controller": controller }, "count": 2, "source": "Mana Reflection" })
}

/// Two Forests under Mana Reflection make {G}{G} each: Propaganda's {4} for two creatures is
/// paid (without it, two Forests pay for one).
#[test]
fn cr_106_12b_mana_reflection_pays_propaganda_for_two() {
    let perms = json!([bear("b1", "A"), bear("b2", "A"), basic("f1", "A", "Forest"), basic("f2", "A", "Forest")]);
    let without = position(board(perms.clone(), json!([propaganda("{2}")])));
    assert_illegal(&without, &[("b1", "B"), ("b2", "B")], ViolationKind::Cost);
    let with = position(board(perms, json!([propaganda("{2}"), reflection("A")])));
    let r = paid(&with, &[("b1", "B"), ("b2", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    let payment = serde_json::to_value(&r.declaration.payment).unwrap();
    assert_eq!(payment, json!([{ "permanent": "f1", "mana": "{G}{G}" }, { "permanent": "f2", "mana": "{G}{G}" }]));
    // An opponent's Mana Reflection doubles only that opponent's taps ("If you tap").
    let theirs = position(board(
        json!([bear("b1", "A"), bear("b2", "A"), basic("f1", "A", "Forest"), basic("f2", "A", "Forest")]),
        json!([propaganda("{2}"), reflection("B")]),
    ));
    assert_illegal(&theirs, &[("b1", "B"), ("b2", "B")], ViolationKind::Cost);
}

/// A Plains under Contamination makes {B}: Norn's Annex's {W/P} for a player at 1 life can't be
/// paid (CR 106.12b, 107.4f, 119.4); without Contamination the Plains pays it.
#[test]
fn cr_106_12b_contamination_makes_a_plains_pay_black() {
    let annex = json!({ "kind": "attack_cost", "creatures": "all", "target": { "players": ["B"] }, "cost": "{W/P}", "source": "Norn's Annex" });
    let contamination = json!({ "kind": "mana_instead", "tapped": { "card_types": ["Land"] }, "add": "{B}", "source": "Contamination" });
    let b = |effects: Value| {
        let mut v = board(json!([bear("b1", "A"), basic("p", "A", "Plains")]), effects);
        v["players"][0]["life"] = json!(1);
        v
    };
    assert_legal(&position(b(json!([annex.clone()]))), &[("b1", "B")]);
    let pos = position(b(json!([annex, contamination])));
    assert_illegal(&pos, &[("b1", "B")], ViolationKind::Cost);
    // What the Plains makes is shown as such.
    assert_eq!(pos.mana.sources[0].alternatives.len(), 1);
}

/// Heartbeat of Spring ("one mana of any type that land produced", CR 605.1b): a Forest makes
/// {G}{G}; under Mana Reflection too, {G}{G}{G} (the trigger's mana is not the tap's, so it is
/// not doubled). A dual land's extra mana is of the type it made: {R}{W} can't be had from one.
#[test]
fn cr_605_1b_heartbeat_of_spring_adds_a_type_the_land_produced() {
    let heartbeat = json!({ "kind": "mana_trigger", "tapped": { "card_types": ["Land"] }, "add": "same_type", "source": "Heartbeat of Spring" });
    let taxed = |cost: &str, extra: Vec<Value>| {
        let mut effects = vec![propaganda(cost), heartbeat.clone()];
        effects.extend(extra);
        position(board(json!([bear("b1", "A"), basic("f1", "A", "Forest")]), Value::Array(effects)))
    };
    assert_legal(&taxed("{G}{G}", vec![]), &[("b1", "B")]);
    assert_illegal(&taxed("{3}", vec![]), &[("b1", "B")], ViolationKind::Cost);
    assert_legal(&taxed("{3}", vec![reflection("A")]), &[("b1", "B")]);
    assert_illegal(&taxed("{4}", vec![reflection("A")]), &[("b1", "B")], ViolationKind::Cost);
    let dual = json!({ "id": "d", "name": "Sacred Foundry", "controller": "A", "types": ["Land"], "subtypes": ["Mountain", "Plains"] });
    let pos = position(board(json!([bear("b1", "A"), dual.clone()]), json!([propaganda("{R}{R}"), heartbeat.clone()])));
    assert_legal(&pos, &[("b1", "B")]);
    let pos = position(board(json!([bear("b1", "A"), dual]), json!([propaganda("{R}{W}"), heartbeat])));
    assert_illegal(&pos, &[("b1", "B")], ViolationKind::Cost);
}

/// Wild Growth on one Forest adds {G} to its taps only; Caged Sun adds one of the chosen color
/// only when a land made that color (CR 605.1b).
#[test]
fn cr_605_1b_wild_growth_and_caged_sun_add_to_some_taps_only() {
    let perms = json!([bear("b1", "A"), basic("f1", "A", "Forest"), basic("m1", "A", "Mountain")]);
    let wild = json!({ "kind": "mana_trigger", "tapped": ["f1"], "add": "{G}", "source": "Wild Growth" });
    let pos = position(board(perms.clone(), json!([propaganda("{G}{G}{R}"), wild.clone()])));
    assert_legal(&pos, &[("b1", "B")]);
    let pos = position(board(perms.clone(), json!([propaganda("{R}{R}{G}"), wild])));
    assert_illegal(&pos, &[("b1", "B")], ViolationKind::Cost);
    let caged = json!({ "kind": "mana_trigger", "tapped": { "card_types": ["Land"], "controller": "A" }, "add": "{R}", "if_produced": "R", "source": "Caged Sun" });
    let pos = position(board(perms.clone(), json!([propaganda("{R}{R}{G}"), caged.clone()])));
    assert_legal(&pos, &[("b1", "B")]);
    let pos = position(board(perms, json!([propaganda("{G}{G}{R}"), caged])));
    assert_illegal(&pos, &[("b1", "B")], ViolationKind::Cost);
}

/// "Could produce" looks through replacement effects (CR 106.7): under Contamination an
/// opponent's Plains could produce only {B}, so Fellwar Stone can't make {W}.
#[test]
fn cr_106_7_fellwar_stone_under_contamination() {
    let perms = json!([bear("b1", "A"), card("fs", "Fellwar Stone", "A", &["Artifact"]), basic("p", "B", "Plains")]);
    let contamination = json!({ "kind": "mana_instead", "tapped": { "card_types": ["Land"] }, "add": "{B}", "source": "Contamination" });
    let white = json!({ "kind": "attack_cost", "creatures": "all", "cost": "{W}", "source": "a white tax" });
    let black = json!({ "kind": "attack_cost", "creatures": "all", "cost": "{B}", "source": "a black tax" });
    assert_legal(&position(board(perms.clone(), json!([white.clone()]))), &[("b1", "B")]);
    assert_illegal(&position(board(perms.clone(), json!([white, contamination.clone()]))), &[("b1", "B")], ViolationKind::Cost);
    assert_legal(&position(board(perms, json!([black, contamination]))), &[("b1", "B")]);
}

/// An explicit payment names what the tap made, its triggers' mana included; the order of
/// replacements is the player's (CR 616.1): under Contamination and Mana Reflection a Plains
/// made {B} or {B}{B}.
#[test]
fn cr_616_1_explicit_payments_name_what_the_tap_made() {
    let contamination = json!({ "kind": "mana_instead", "tapped": { "card_types": ["Land"] }, "add": "{B}", "source": "Contamination" });
    let pos = position(board(json!([bear("b1", "A"), basic("p", "A", "Plains")]), json!([propaganda("{1}"), reflection("A"), contamination])));
    for made in ["{B}", "{B}{B}"] {
        let r = check_json(&pos, &attacks_paying(&[("b1", "B")], json!([{ "permanent": "p", "mana": made }])), Baseline::Paid);
        assert!(r.legal, "{made}: {:?}", r.violations);
    }
    let r = check_json(&pos, &attacks_paying(&[("b1", "B")], json!([{ "permanent": "p", "mana": "{W}" }])), Baseline::Paid);
    assert!(!r.legal);
}

/// Bad effects on mana are refused with their path.
#[test]
fn mana_effects_are_validated() {
    for (effect, path) in [
        (json!({ "kind": "mana_multiplier", "tapped": "all", "count": 1 }), "effects[0].count"),
        (json!({ "kind": "mana_multiplier", "tapped": "all" }), "effects[0].count"),
        (json!({ "kind": "mana_trigger", "add": "{G}" }), "effects[0].tapped"),
        (json!({ "kind": "mana_trigger", "tapped": "all", "add": "{Q}" }), "effects[0].add"),
        (json!({ "kind": "mana_trigger", "tapped": "all", "add": "{G}", "if_produced": "green" }), "effects[0].if_produced"),
        (json!({ "kind": "mana_instead", "tapped": "all", "add": "{B}{B}" }), "effects[0].add"),
        (json!({ "kind": "mana_instead", "tapped": ["nope"], "add": "{B}" }), "effects[0].tapped[0]"),
    ] {
        let b = board(json!([bear("b1", "A")]), json!([effect]));
        let mut b = b;
        b["attackopt"] = json!(1);
        b["active_player"] = json!("A");
        let err = attackopt::parse_board(&b.to_string(), "t.json").expect_err("refused");
        assert!(err.to_string().contains(path), "{path}: {err}");
    }
}

/// Twelve lands of any color under Mana Reflection: each makes two mana of one color. Which
/// lands make which color does not matter, only how many (1,820 splits, not 5^12): a cost of
/// five colors twice and {14} is paid, {15} is not, nor 23 colored mana needing 14 pairs.
#[test]
fn cr_106_12b_many_doubled_choices_are_decided() {
    let mut perms = vec![bear("b1", "A")];
    for i in 0..12 {
        perms.push(json!({ "id": format!("t{i}"), "name": "Command Tower", "controller": "A", "types": ["Land"], "mana": [{ "add": "any_color" }] }));
    }
    let cost = |c: &str| position(board(Value::Array(perms.clone()), json!([propaganda(c), reflection("A")])));
    assert_legal(&cost("{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}{14}"), &[("b1", "B")]);
    assert_illegal(&cost("{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}{15}"), &[("b1", "B")], ViolationKind::Cost);
    assert_legal(&cost("{W}{W}{W}{U}{U}{U}{B}{B}{B}{R}{R}{G}{G}"), &[("b1", "B")]);
    // 23 colored mana of 24, but five of each of four colors and three green need 3 + 3 + 3 +
    // 3 + 2 = 14 lands: a pair is of one color.
    assert_illegal(&cost("{W}{W}{W}{W}{W}{U}{U}{U}{U}{U}{B}{B}{B}{B}{B}{R}{R}{R}{R}{R}{G}{G}{G}"), &[("b1", "B")], ViolationKind::Cost);
}

// ---- the cards of issue 35, by name and by their Oracle text (docs/format.md "Cards known by
// name"; the reader's rows in src/cards/oracle/templates.rs)

/// The card as a board writes it: by name alone (its catalog entry), and by its Oracle text
/// under another name (what the reader makes of the text), each with `extra` fields.
fn both(id: &str, name: &str, controller: &str, extra: Value) -> [Value; 2] {
    let card = attackopt::internals::cards::CATALOG.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("{name}: not in the catalog"));
    let k = attackopt::internals::cards::known_card(name).unwrap_or_else(|| panic!("{name}: no card data"));
    let proxy = format!("{name} Proxy");
    let mut named = json!({ "id": id, "name": name, "controller": controller });
    let mut read = json!({ "id": id, "name": proxy, "controller": controller, "types": k.types, "subtypes": k.subtypes,
                           "power": k.power, "toughness": k.toughness, "oracle_text": card.oracle.replace(name, &proxy) });
    for v in [&mut named, &mut read] {
        for (f, x) in extra.as_object().into_iter().flatten() {
            v[f] = x.clone();
        }
    }
    [named, read]
}

/// A position of `permanents` plus the card, with the effects; nothing about the card is
/// assumed away or warned about.
fn with(permanents: &Value, card: &Value, effects: Value) -> attackopt::Position {
    let mut perms = permanents.as_array().cloned().unwrap_or_default();
    perms.push(card.clone());
    let pos = position(board(Value::Array(perms), effects));
    assert!(pos.board.assumptions.is_empty(), "{}: {:?}", card["name"], pos.board.assumptions);
    assert!(pos.board.warnings.is_empty(), "{}: {:?}", card["name"], pos.board.warnings);
    pos
}

/// `b1` attacking B with Propaganda asking `cost` is paid with `permanents` and the card.
#[track_caller]
fn pays(permanents: &Value, card: &Value, cost: &str) {
    assert_legal(&with(permanents, card, json!([propaganda(cost)])), &[("b1", "B")]);
}

/// ... and is not paid.
#[track_caller]
fn refuses(permanents: &Value, card: &Value, cost: &str) {
    assert_illegal(&with(permanents, card, json!([propaganda(cost)])), &[("b1", "B")], ViolationKind::Cost);
}

/// Heartbeat of Spring, Mana Flare and Dictate of Karametra (CR 605.1b, 106.12a): "a player
/// taps a land": an opponent's copy adds to A's Forest too, {G}{G} from one Forest.
#[test]
fn cr_605_1b_heartbeat_mana_flare_and_dictate_add_to_any_players_lands() {
    let perms = json!([bear("b1", "A"), basic("f1", "A", "Forest")]);
    assert_illegal(&position(board(perms.clone(), json!([propaganda("{G}{G}")]))), &[("b1", "B")], ViolationKind::Cost);
    for name in ["Heartbeat of Spring", "Mana Flare", "Dictate of Karametra"] {
        for card in both("x", name, "B", json!({})) {
            let pos = with(&perms, &card, json!([propaganda("{G}{G}")]));
            assert_legal(&pos, &[("b1", "B")]);
            assert!(pos.mana.sources[0].modified_by[0].contains(name), "{:?}", pos.mana.sources[0].modified_by);
            refuses(&perms, &card, "{G}{G}{G}");
        }
    }
}

/// Zendikar Resurgent, Mirari's Wake and Vorinclex, Voice of Hunger: "you tap a land" (CR
/// 605.1b): their controller's lands only. Vorinclex's other trigger (an opponent's land doesn't
/// untap) changes nothing now.
#[test]
fn cr_605_1b_zendikar_resurgent_mirari_and_vorinclex_add_to_their_controllers_lands() {
    let perms = json!([bear("b1", "A"), basic("f1", "A", "Forest")]);
    for name in ["Zendikar Resurgent", "Mirari's Wake", "Vorinclex, Voice of Hunger"] {
        for card in both("x", name, "A", json!({})) {
            pays(&perms, &card, "{G}{G}");
        }
        for card in both("x", name, "B", json!({})) {
            refuses(&perms, &card, "{G}{G}");
        }
    }
}

/// Mirari's Wake gives its controller's creatures vigilance (CR 702.20b): an attacking Llanowar
/// Elves is not tapped by attacking (CR 508.1f) and taps for its own tax; under Zendikar
/// Resurgent it is tapped, and the Forest's {G}{G} alone can't pay {3}.
#[test]
fn cr_702_20b_mirari_s_wake_vigilance_lets_an_attacking_elf_pay() {
    let perms = json!([{ "id": "elf", "name": "Llanowar Elves", "controller": "A" }, basic("f1", "A", "Forest")]);
    for card in both("x", "Mirari's Wake", "A", json!({})) {
        let pos = with(&perms, &card, json!([propaganda("{3}")]));
        assert!(creature(&pos, "elf").vigilance);
        assert_legal(&pos, &[("elf", "B")]);
    }
    for card in both("x", "Zendikar Resurgent", "A", json!({})) {
        assert_illegal(&with(&perms, &card, json!([propaganda("{3}")])), &[("elf", "B")], ViolationKind::Cost);
    }
}

/// Kinnan, Bonder Prodigy: "you tap a nonland permanent" (CR 605.1b): Sol Ring makes
/// {C}{C}{C}; a Forest still makes {G}.
#[test]
fn cr_605_1b_kinnan_adds_to_nonland_permanents_only() {
    let ring = json!([bear("b1", "A"), { "id": "ring", "name": "Sol Ring", "controller": "A" }]);
    let forest = json!([bear("b1", "A"), basic("f1", "A", "Forest")]);
    assert_illegal(&position(board(ring.clone(), json!([propaganda("{3}")]))), &[("b1", "B")], ViolationKind::Cost);
    for card in both("x", "Kinnan, Bonder Prodigy", "A", json!({ "summoning_sick": true })) {
        pays(&ring, &card, "{3}");
        refuses(&ring, &card, "{4}");
        refuses(&forest, &card, "{2}");
    }
}

/// Wild Growth ({G}), Overgrowth ({G}{G}), Fertile Ground (one of any color) and Utopia Sprawl
/// (the chosen color) on the Forest they enchant (CR 605.1b, `attached_to`).
#[test]
fn cr_605_1b_land_auras_add_to_the_enchanted_land() {
    let perms = json!([bear("b1", "A"), basic("f1", "A", "Forest"), basic("f2", "A", "Forest")]);
    for (name, extra, pays, not) in [
        ("Wild Growth", json!({}), "{G}{G}{G}", "{G}{G}{G}{G}"),
        ("Overgrowth", json!({}), "{G}{G}{G}{G}", "{G}{G}{G}{G}{G}"),
        ("Fertile Ground", json!({}), "{U}{G}{G}", "{U}{U}{G}"),
        ("Utopia Sprawl", json!({ "chosen_color": "W" }), "{W}{G}{G}", "{U}{G}{G}"),
    ] {
        let mut extra = extra;
        extra["attached_to"] = json!("f1");
        for card in both("aura", name, "A", extra) {
            self::pays(&perms, &card, pays);
            refuses(&perms, &card, not);
        }
    }
}

/// Utopia Sprawl and Caged Sun without `chosen_color`: the color is never guessed; the answer
/// says it assumes the sentence away (a `missing_fact` naming the field).
#[test]
fn cr_605_1b_a_chosen_color_left_out_is_a_missing_fact() {
    for sprawl in both("sprawl", "Utopia Sprawl", "A", json!({ "attached_to": "f1" })) {
        let pos = position(board(json!([bear("b1", "A"), basic("f1", "A", "Forest"), sprawl]), json!([propaganda("{G}{G}")])));
        let needs: Vec<_> = pos.board.assumptions.iter().filter_map(|a| a.needs.clone()).collect();
        assert_eq!(needs, vec!["permanents[2].chosen_color".to_string()]);
        assert_illegal(&pos, &[("b1", "B")], ViolationKind::Cost);
    }
    for sun in both("sun", "Caged Sun", "A", json!({})) {
        let pos = position(board(json!([bear("b1", "A"), basic("f1", "A", "Forest"), sun]), json!([propaganda("{G}{G}")])));
        let needs: Vec<_> = pos.board.assumptions.iter().filter_map(|a| a.needs.clone()).collect();
        assert_eq!(needs, vec!["permanents[2].chosen_color".to_string()]);
    }
}

/// Caged Sun (chosen red): "a land's ability causes you to add ... the chosen color" (CR
/// 605.1b): a Mountain of its controller makes {R}{R}, a Forest {G}; another player's Caged Sun
/// adds nothing to A's lands.
#[test]
fn cr_605_1b_caged_sun_adds_the_chosen_color_to_its_controllers_lands() {
    let perms = json!([bear("b1", "A"), basic("f1", "A", "Forest"), basic("m1", "A", "Mountain")]);
    for card in both("sun", "Caged Sun", "A", json!({ "chosen_color": "R" })) {
        pays(&perms, &card, "{R}{R}{G}");
        refuses(&perms, &card, "{G}{G}{R}");
    }
    for card in both("sun", "Caged Sun", "B", json!({ "chosen_color": "R" })) {
        refuses(&perms, &card, "{R}{R}{G}");
    }
}

/// Gauntlet of Power (chosen green): any player's basic land that makes green makes one more
/// (CR 605.1b). Basic (CR 205.4c) is a basic land's name or Basic in the type line: Temple
/// Garden, a Forest but not basic, makes {G} only.
#[test]
fn cr_605_1b_gauntlet_of_power_adds_to_basic_lands_only() {
    let forest = json!([bear("b1", "A"), basic("f1", "A", "Forest")]);
    let snow = json!([bear("b1", "A"), { "id": "f1", "name": "Woodland Forest", "controller": "A", "type_line": "Basic Snow Land — Forest", "types": ["Land"], "subtypes": ["Forest"] }]);
    let garden = json!([bear("b1", "A"), { "id": "g1", "name": "Temple Garden", "controller": "A" }]);
    for card in both("gauntlet", "Gauntlet of Power", "B", json!({ "chosen_color": "G" })) {
        pays(&forest, &card, "{G}{G}");
        pays(&snow, &card, "{G}{G}");
        refuses(&garden, &card, "{G}{G}");
    }
    for card in both("gauntlet", "Gauntlet of Power", "B", json!({ "chosen_color": "U" })) {
        refuses(&forest, &card, "{G}{G}");
    }
}

/// Nissa, Who Shakes the World: "you tap a Forest" (CR 605.1b): {G}{G} from a Forest, {R}
/// from a Mountain.
#[test]
fn cr_605_1b_nissa_adds_g_to_her_controllers_forests() {
    for card in both("nissa", "Nissa, Who Shakes the World", "A", json!({})) {
        assert_legal(&with(&json!([bear("b1", "A"), basic("f1", "A", "Forest")]), &card, json!([propaganda("{G}{G}")])), &[("b1", "B")]);
        let mountain = json!([bear("b1", "A"), basic("m1", "A", "Mountain")]);
        refuses(&mountain, &card, "{R}{R}");
    }
}

/// Mana Reflection (twice) and Nyxbloom Ancient (three times) by name and text (CR 106.12b,
/// 616.1): two Forests pay Propaganda for two creatures under Mana Reflection; one Forest
/// makes {G}{G}{G} under Nyxbloom Ancient, six under both, in either order.
#[test]
fn cr_106_12b_mana_reflection_and_nyxbloom_ancient_by_name_and_text() {
    let two = json!([bear("b1", "A"), bear("b2", "A"), basic("f1", "A", "Forest"), basic("f2", "A", "Forest")]);
    for card in both("refl", "Mana Reflection", "A", json!({})) {
        assert_legal(&with(&two, &card, json!([propaganda("{2}")])), &[("b1", "B"), ("b2", "B")]);
    }
    for card in both("refl", "Mana Reflection", "B", json!({})) {
        assert_illegal(&with(&two, &card, json!([propaganda("{2}")])), &[("b1", "B"), ("b2", "B")], ViolationKind::Cost);
    }
    let one = json!([bear("b1", "A"), basic("f1", "A", "Forest")]);
    for (nyx, refl) in
        both("nyx", "Nyxbloom Ancient", "A", json!({ "summoning_sick": true })).into_iter().zip(both("refl", "Mana Reflection", "A", json!({})))
    {
        pays(&one, &nyx, "{G}{G}{G}");
        refuses(&one, &nyx, "{4}");
        let mut perms = one.as_array().unwrap().clone();
        perms.push(refl.clone());
        let perms = Value::Array(perms);
        pays(&perms, &nyx, "{6}");
        refuses(&perms, &nyx, "{7}");
    }
}

/// Contamination ("{B} instead of any other type and amount") and Infernal Darkness ("{B}
/// instead of any other type": as much as the land made) by name and text (CR 106.12b, 616.1):
/// a land making {C}{C} makes {B} under Contamination, {B}{B} under Infernal Darkness; a Plains
/// can't pay Norn's Annex's {W/P} under either for a player at 1 life.
#[test]
fn cr_106_12b_contamination_and_infernal_darkness_by_name_and_text() {
    let tomb = json!([bear("b1", "A"), { "id": "t", "name": "Ancient Tomb", "controller": "A", "types": ["Land"], "mana": [{ "add": "{C}{C}" }] }]);
    for card in both("c", "Contamination", "B", json!({})) {
        pays(&tomb, &card, "{B}");
        refuses(&tomb, &card, "{B}{B}");
    }
    for card in both("c", "Infernal Darkness", "B", json!({})) {
        pays(&tomb, &card, "{B}{B}");
        refuses(&tomb, &card, "{C}");
    }
    let annex = json!({ "kind": "attack_cost", "creatures": "all", "target": { "players": ["B"] }, "cost": "{W/P}", "source": "Norn's Annex" });
    for name in ["Contamination", "Infernal Darkness"] {
        for card in both("c", name, "B", json!({})) {
            let mut b = board(json!([bear("b1", "A"), basic("p", "A", "Plains"), card.clone()]), json!([annex.clone()]));
            b["players"][0]["life"] = json!(1);
            assert_illegal(&position(b), &[("b1", "B")], ViolationKind::Cost);
        }
    }
}

/// Forbidden Orchard's trigger targets, so it is no mana ability (CR 605.5a): it adds nothing,
/// and the text is understood, with no warning; its own mana ability pays {W}.
#[test]
fn cr_605_5a_forbidden_orchard_trigger_adds_nothing() {
    let text = "{T}: Add one mana of any color.\nWhenever you tap Forbidden Orchard for mana, target opponent creates a 1/1 colorless Spirit creature token.";
    for orchard in [
        json!({ "id": "o", "name": "Forbidden Orchard", "controller": "A" }),
        json!({ "id": "o", "name": "Orchard Proxy", "controller": "A", "types": ["Land"], "oracle_text": text.replace("Forbidden Orchard", "Orchard Proxy") }),
    ] {
        let pos = with(&json!([bear("b1", "A")]), &orchard, json!([propaganda("{W}")]));
        assert_legal(&pos, &[("b1", "B")]);
        assert!(pos.board.mana_effects.is_empty());
        assert_illegal(&with(&json!([bear("b1", "A")]), &orchard, json!([propaganda("{W}{W}")])), &[("b1", "B")], ViolationKind::Cost);
    }
}

/// Blood Moon and Magus of the Moon, by name and by text (CR 305.7, 613.1d): a nonbasic land
/// is a Mountain only, losing its other land types and its own abilities. Temple Garden makes
/// {R}, not {G} or {W}; Exotic Orchard and a land whose text taps for {C} make {R}; a basic
/// Forest still makes {G}; a defending player whose only Island is nonbasic controls no Island
/// for Sea Serpent.
#[test]
fn cr_305_7_blood_moon_makes_nonbasic_lands_mountains() {
    let garden = json!([bear("b1", "A"), { "id": "g", "name": "Temple Garden", "controller": "A" }]);
    let orchard = json!([bear("b1", "A"), { "id": "o", "name": "Exotic Orchard", "controller": "A" }, basic("i", "B", "Island")]);
    let read = json!([bear("b1", "A"), { "id": "t", "name": "Tomb Proxy", "controller": "A", "types": ["Land"], "oracle_text": "{T}: Add {C}{C}." }]);
    let forest = json!([bear("b1", "A"), basic("f1", "A", "Forest")]);
    for name in ["Blood Moon", "Magus of the Moon"] {
        for moon in both("moon", name, "B", json!({})) {
            pays(&garden, &moon, "{R}");
            refuses(&garden, &moon, "{G}");
            refuses(&garden, &moon, "{W}");
            pays(&orchard, &moon, "{R}");
            refuses(&orchard, &moon, "{U}");
            pays(&read, &moon, "{R}");
            refuses(&read, &moon, "{2}");
            pays(&forest, &moon, "{G}");
            let serpent = json!([{ "id": "s", "name": "Sea Serpent", "controller": "A" },
                { "id": "sea", "name": "Underground Sea", "controller": "B", "types": ["Land"], "subtypes": ["Island", "Swamp"] }]);
            let mut perms = serpent.as_array().unwrap().clone();
            perms.push(moon.clone());
            let pos = position(board(Value::Array(perms), json!([])));
            assert!(pos.board.assumptions.is_empty(), "{:?}", pos.board.assumptions);
            assert_illegal(&pos, &[("s", "B")], ViolationKind::Restriction);
        }
    }
    let serpent = json!([{ "id": "s", "name": "Sea Serpent", "controller": "A" },
        { "id": "sea", "name": "Underground Sea", "controller": "B", "types": ["Land"], "subtypes": ["Island", "Swamp"] }]);
    assert_legal(&position(board(serpent, json!([]))), &[("s", "B")]);
}

/// Chromatic Lantern, by name and by text (CR 605.1a, 613.1f): its controller's lands have
/// "{T}: Add one mana of any color", and so has the Lantern; granted after Blood Moon's type
/// change (layer 6 after layer 4), so Temple Garden under Blood Moon makes any color. Another
/// player's Lantern gives A's lands nothing.
#[test]
fn cr_613_1f_chromatic_lantern_after_blood_moon() {
    let mountain = json!([bear("b1", "A"), bear("b2", "A"), basic("m1", "A", "Mountain")]);
    for lantern in both("lantern", "Chromatic Lantern", "A", json!({})) {
        pays(&mountain, &lantern, "{U}");
        assert_legal(&with(&mountain, &lantern, json!([propaganda("{U}")])), &[("b1", "B"), ("b2", "B")]);
        assert_illegal(&with(&mountain, &lantern, json!([propaganda("{U}{U}")])), &[("b1", "B"), ("b2", "B")], ViolationKind::Cost);
        for moon in both("moon", "Blood Moon", "B", json!({})) {
            let garden = json!([bear("b1", "A"), { "id": "g", "name": "Temple Garden", "controller": "A" }, moon]);
            pays(&garden, &lantern, "{U}{B}");
        }
    }
    for lantern in both("lantern", "Chromatic Lantern", "B", json!({})) {
        refuses(&mountain, &lantern, "{U}");
    }
}

/// Issue 35, done when: a card that changes mana works by name and by its Oracle text in
/// check, solve, enumerate and validate, on the command line (its mana shown per source: "{G}{G}
/// with Mana Reflection"), in batch and over MCP. Two Forests pay Propaganda for two bears only
/// doubled (CR 106.12b, 508.1h).
#[test]
fn cr_106_12b_mana_reflection_on_every_command_and_surface() {
    let by_name = json!({ "id": "mr", "name": "Mana Reflection", "controller": "A" });
    let by_text = json!({ "id": "mr", "name": "Mana Reflection", "controller": "A", "type_line": "Enchantment",
        "oracle_text": "If you tap a permanent for mana, it produces twice as much of that mana instead." });
    let decl = attacks(&[("b1", "B"), ("b2", "B")]);
    let d = temp_file("reflection-surfaces-decl", &decl.to_string());
    for (tag, card) in [("name", by_name), ("text", by_text)] {
        let perms = json!([bear("b1", "A"), bear("b2", "A"), basic("f1", "A", "Forest"), basic("f2", "A", "Forest"), card,
            { "id": "pr", "name": "Propaganda", "controller": "B" }]);
        let mut b = board(perms, json!([]));
        b["attackopt"] = json!(1);
        b["active_player"] = json!("A");
        let f = temp_file(&format!("reflection-surfaces-{tag}"), &b.to_string());
        let (bs, ds) = (f.to_string_lossy().into_owned(), d.to_string_lossy().into_owned());
        let text = |args: &[&str]| {
            let out = run_bin(args);
            assert_eq!(out.status.code(), Some(0), "{tag} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        let shown = "tap Forest (f1) for {G}{G} with Mana Reflection (mr)";
        let check = text(&["check", &bs, &ds]);
        assert!(check.starts_with("LEGAL") && check.contains(shown), "{tag}: {check}");
        let solve = text(&["solve", &bs, "--objective", "attackers"]);
        assert!(solve.contains("objective 2") && solve.contains("with Mana Reflection (mr)"), "{tag}: {solve}");
        let enumerate: Value = serde_json::from_str(&text(&["enumerate", &bs, "--format", "json"])).expect("JSON");
        let both = enumerate["declarations"]
            .as_array()
            .expect("declarations")
            .iter()
            .any(|x| x["declaration"]["attacks"].as_array().map(Vec::len) == Some(2));
        assert!(both, "{tag}: enumerate lists the doubled payment's declaration: {enumerate}");
        assert!(text(&["validate", &bs]).contains("Forest (f1), controlled by A: {G}{G} with Mana Reflection (mr)"), "{tag}");
        // Batch and MCP answer as the command line does.
        let line = json!({ "id": 1, "command": "check", "board": b, "declaration": decl }).to_string();
        let out = run_with_stdin(&["batch"], line.as_bytes());
        let answer: Value = serde_json::from_slice(&out.stdout).expect("one JSON line");
        assert_eq!(answer["result"]["legal"], true, "{tag}: {answer}");
        assert_eq!(answer["result"]["declaration"]["payment"][0]["mana"], "{G}{G}", "{tag}: {answer}");
        let mut lines = crate::mcp::initialize_lines();
        lines.push(crate::mcp::tool_call(json!(2), "check_attack", json!({ "board": b, "declaration": decl })));
        lines.push(crate::mcp::tool_call(json!(3), "explain_board", json!({ "board": b })));
        let (answers, _) = crate::mcp::piped_session(&lines);
        assert_eq!(crate::mcp::answer_to(&answers, 2)["result"]["structuredContent"]["legal"], true, "{tag}: {answers:?}");
        let sources = &crate::mcp::answer_to(&answers, 3)["result"]["structuredContent"]["mana_sources"];
        assert_eq!(sources[0]["modified_by"][0], "Mana Reflection (mr)", "{tag}: {sources}");
        let _ = std::fs::remove_file(&f);
    }
    let _ = std::fs::remove_file(&d);
}

/// A permanent with a {Q} mana ability: `{"add": ..., "untap": true}` or the text "{Q}: Add".
fn untapper(id: &str, tapped: bool, extra: Value) -> Value {
    let mut v = json!({ "id": id, "name": "Untapping Stone", "controller": "A", "types": ["Artifact"], "tapped": tapped,
        "mana": [ { "add": "{G}{G}", "untap": true } ] });
    for (k, x) in extra.as_object().expect("an object") {
        v[k] = x.clone();
    }
    v
}

/// The board of `permanents` and effects, refused or not.
fn made(permanents: Value, effects: Value) -> Result<attackopt::Position, String> {
    let mut b = board(permanents, effects);
    b["attackopt"] = json!(1);
    b["active_player"] = json!("A");
    let vb = attackopt::parse_board(&b.to_string(), "q.json").map_err(|e| e.to_string())?;
    attackopt::Position::new(vb).map_err(|e| e.to_string())
}

/// CR 107.6: {Q} means "untap this permanent": a tapped permanent untaps once for its mana
/// (Propaganda's {2} is paid), an untapped one can't pay {Q}; written as a field or read from
/// "{Q}: Add {G}{G}." alike. CR 106.12: untapping for mana is not tapping for mana, so Mana
/// Reflection does not double it.
#[test]
fn cr_107_6_a_tapped_permanent_untaps_for_its_mana() {
    let by_text = json!({ "id": "q", "name": "Untapping Stone", "controller": "A", "type_line": "Artifact", "tapped": true, "oracle_text": "{Q}: Add {G}{G}." });
    for stone in [untapper("q", true, json!({})), by_text] {
        let pos = made(json!([bear("b1", "A"), stone]), json!([propaganda("{2}")])).expect("a board");
        assert_legal(&pos, &[("b1", "B")]);
        assert_legal_json(&pos, &attacks_paying(&[("b1", "B")], json!([{ "permanent": "q", "mana": "{G}{G}" }])));
    }
    let pos = made(json!([bear("b1", "A"), untapper("q", false, json!({}))]), json!([propaganda("{2}")])).expect("a board");
    assert_illegal(&pos, &[("b1", "B")], ViolationKind::Cost);
    let r = check_json(&pos, &attacks_paying(&[("b1", "B")], json!([{ "permanent": "q", "mana": "{G}{G}" }])), Baseline::Paid);
    assert!(format!("{:?}", r.violations).contains("CR 107.6"), "{:?}", r.violations);
    // Under Mana Reflection the {Q} ability still makes {G}{G}: Propaganda's {4} for two is not paid.
    let pos = made(json!([bear("b1", "A"), bear("b2", "A"), untapper("q", true, json!({}))]), json!([propaganda("{2}"), reflection("A")]))
        .expect("a board");
    assert_legal(&pos, &[("b1", "B")]);
    assert_illegal(&pos, &[("b1", "B"), ("b2", "B")], ViolationKind::Cost);
}

/// CR 302.6: a creature's {Q} ability, like its {T} ability, needs it to have been under its
/// controller's control since the turn began (haste lifts it).
#[test]
fn cr_302_6_a_summoning_sick_creature_cant_untap_for_mana() {
    let creature = |sick: bool, haste: bool| {
        let keywords = if haste { json!(["Haste"]) } else { json!([]) };
        untapper("q", true, json!({ "types": ["Creature"], "power": 1, "summoning_sick": sick, "keywords": keywords }))
    };
    for (sick, haste, pays) in [(false, false, true), (true, false, false), (true, true, true)] {
        let pos = made(json!([bear("b1", "A"), creature(sick, haste)]), json!([propaganda("{2}")])).expect("a board");
        assert_eq!(legal(&pos, &[("b1", "B")]), pays, "sick {sick}, haste {haste}");
    }
}

/// What attackopt does not decide is refused, naming the permanent: a {T} and a {Q} mana
/// ability on one permanent (unbounded mana), and an untapped creature that may attack without
/// vigilance (attacking taps it, CR 508.1f, so its mana would exist only if it attacks). With
/// vigilance, or unable to attack (defender), it is untapped and makes nothing (CR 107.6).
#[test]
fn cr_107_6_what_q_would_leave_undecided_is_refused() {
    let both = untapper("q", true, json!({ "mana": [ { "add": "{G}" }, { "add": "{G}", "untap": true } ] }));
    let e = made(json!([both]), json!([])).expect_err("refused");
    assert!(e.contains("permanents[0].mana") && e.contains("unbounded"), "{e}");
    let attacker = untapper("q", false, json!({ "types": ["Creature"], "power": 1 }));
    let e = made(json!([attacker]), json!([])).expect_err("refused");
    assert!(e.contains("CR 508.1f"), "{e}");
    for extra in [
        json!({ "types": ["Creature"], "power": 1, "keywords": ["Vigilance"] }),
        json!({ "types": ["Creature"], "power": 1, "keywords": ["Defender"] }),
    ] {
        let pos = made(json!([bear("b1", "A"), untapper("q", false, extra.clone())]), json!([propaganda("{2}")])).expect("decided");
        assert_illegal(&pos, &[("b1", "B")], ViolationKind::Cost);
    }
}
