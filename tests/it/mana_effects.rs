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
