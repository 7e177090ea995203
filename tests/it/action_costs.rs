//! Non-mana costs to attack (CR 508.1g, issue 34): permanents sacrificed or returned to hand,
//! from the effect language (`attack_cost` with `sacrifice` / `return_to_hand`) and from Oracle
//! text (Exalted Dragon, Leviathan, Floodtide Serpent, Flooded Woodlands). Each permanent
//! leaves once, so it pays one such cost at most; it may tap for mana first (CR 508.1h-i).

use super::common::*;
use attackopt::{Baseline, ViolationKind};
use serde_json::{json, Value};

const DRAGON: &str = "Flying\nExalted Dragon can't attack unless you sacrifice a land.";
const LEVIATHAN: &str = "Trample\nLeviathan can't attack unless you sacrifice two Islands.";

fn text(id: &str, name: &str, controller: &str, power: i64, oracle: &str) -> Value {
    json!({ "id": id, "name": name, "controller": controller, "types": ["Creature"], "power": power, "oracle_text": oracle })
}

fn board(permanents: Value) -> Value {
    json!({ "players": [{ "id": "A" }, { "id": "B" }], "permanents": permanents })
}

#[test]
fn cr_508_1g_one_land_pays_for_one_dragon() {
    let pos = position(board(json!([
        text("d1", "Exalted Dragon", "A", 5, DRAGON),
        text("d2", "Exalted Dragon", "A", 5, DRAGON),
        basic("m", "A", "Mountain")
    ])));
    assert!(pos.board.assumptions.is_empty(), "{:?}", pos.board.assumptions);
    let r = paid(&pos, &[("d1", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!(r.cost.actions, vec!["sacrifice a Land you control".to_string()]);
    let payment = serde_json::to_value(&r.declaration.payment).unwrap();
    assert_eq!(payment, json!([{ "permanent": "m", "action": "sacrifice" }]));
    assert_illegal(&pos, &[("d1", "B"), ("d2", "B")], ViolationKind::Cost);
    assert_legal(&pos, &[]);
}

/// A land sacrificed may first tap for mana (CR 508.1h then 508.1i): one Mountain pays a {1}
/// tax and the Dragon's sacrifice together.
#[test]
fn cr_508_1h_a_land_taps_for_mana_then_is_sacrificed() {
    let mut b = board(json!([text("d1", "Exalted Dragon", "A", 5, DRAGON), basic("m", "A", "Mountain")]));
    b["effects"] = json!([{ "kind": "attack_cost", "creatures": "all", "cost": "{1}", "source": "a tax" }]);
    let pos = position(b);
    let r = paid(&pos, &[("d1", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    let entries = serde_json::to_value(&r.declaration.payment).unwrap();
    assert_eq!(entries, json!([{ "permanent": "m", "mana": "{R}" }, { "permanent": "m", "action": "sacrifice" }]));
}

/// Leviathan's two Islands and a Dragon's land are three different lands (Hall's condition: two
/// Islands pay Leviathan or the Dragon and one Island, never both).
#[test]
fn cr_508_1g_overlapping_classes_need_distinct_permanents() {
    let perms = |extra: Option<Value>| {
        let mut v = vec![
            text("lev", "Leviathan", "A", 10, LEVIATHAN),
            text("d1", "Exalted Dragon", "A", 5, DRAGON),
            basic("i1", "A", "Island"),
            basic("i2", "A", "Island"),
        ];
        v.extend(extra);
        Value::Array(v)
    };
    let pos = position(board(perms(None)));
    assert!(legal(&pos, &[("lev", "B")]));
    assert!(legal(&pos, &[("d1", "B")]));
    assert_illegal(&pos, &[("lev", "B"), ("d1", "B")], ViolationKind::Cost);
    let pos = position(board(perms(Some(basic("f", "A", "Forest")))));
    let r = paid(&pos, &[("lev", "B"), ("d1", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    // Another player's land pays nothing.
    let pos = position(board(perms(Some(basic("f", "B", "Forest")))));
    assert_illegal(&pos, &[("lev", "B"), ("d1", "B")], ViolationKind::Cost);
}

/// A requirement that needs a cost paid is not required (CR 508.1d): a goaded Dragon need not
/// give up a land to attack, under either baseline; attacking with it is legal too.
#[test]
fn cr_508_1d_a_goaded_dragon_need_not_sacrifice() {
    let mut dragon = text("d1", "Exalted Dragon", "A", 5, DRAGON);
    dragon["goaded_by"] = json!(["B"]);
    let pos = position(json!({ "players": [{ "id": "A" }, { "id": "B" }, { "id": "C" }], "permanents": [dragon, basic("m", "A", "Mountain")] }));
    assert!(legal(&pos, &[]));
    assert!(legal(&pos, &[("d1", "C")]));
}

#[test]
fn cr_508_1g_explicit_payments_name_what_is_given_up() {
    let pos = position(board(json!([
        text("d1", "Exalted Dragon", "A", 5, DRAGON),
        basic("m", "A", "Mountain"),
        card("e", "Glorious Anthem", "A", &["Enchantment"])
    ])));
    let ok = attacks_paying(&[("d1", "B")], json!([{ "permanent": "m", "action": "sacrifice" }]));
    assert_legal_json(&pos, &ok);
    // Nothing given up, or the wrong permanent, or the wrong action: the payment does not work.
    for payment in [
        json!([]),
        json!([{ "permanent": "e", "action": "sacrifice" }]),
        json!([{ "permanent": "m", "action": "return_to_hand" }]),
        json!([{ "permanent": "m", "mana": "{R}" }]),
    ] {
        let r = check_json(&pos, &attacks_paying(&[("d1", "B")], payment.clone()), Baseline::Paid);
        assert!(!r.legal && has(&r, ViolationKind::Cost), "{payment}: {:?}", r.violations);
    }
    let twice = attacks_paying(&[("d1", "B")], json!([{ "permanent": "m", "action": "sacrifice" }, { "permanent": "m", "action": "sacrifice" }]));
    let r = check_json(&pos, &twice, Baseline::Paid);
    assert!(r.violations.iter().any(|v| v.message.contains("given up twice")), "{:?}", r.violations);
}

#[test]
fn cr_508_1g_return_an_enchantment_and_sacrifice_for_each_green_attacker() {
    let pos = position(board(json!([
        text("s", "Floodtide Serpent", "A", 4, "Floodtide Serpent can't attack unless you return an enchantment you control to its owner's hand."),
        { "id": "g1", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "colors": ["G"] },
        { "id": "g2", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "colors": ["G"] },
        { "id": "fw", "name": "Flooded Woodlands", "controller": "B", "types": ["Enchantment"],
          "oracle_text": "Green creatures can't attack unless their controller sacrifices a land for each green creature they control that's attacking." },
        basic("f", "A", "Forest"),
    ])));
    assert!(pos.board.assumptions.is_empty(), "{:?}", pos.board.assumptions);
    // No enchantment of A's: the Serpent can't pay.
    assert_illegal(&pos, &[("s", "B")], ViolationKind::Cost);
    assert!(legal(&pos, &[("g1", "B")]));
    assert_illegal(&pos, &[("g1", "B"), ("g2", "B")], ViolationKind::Cost);
}

#[test]
fn attack_cost_without_mana_needs_a_sacrifice_or_return_and_counts_are_bounded() {
    let bad = |effect: Value| {
        let b = json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }],
                        "permanents": [bear("c", "A")], "effects": [effect] });
        attackopt::parse_board(&b.to_string(), "b.json").and_then(attackopt::Position::new).map(|_| ()).unwrap_err().to_string()
    };
    assert!(bad(json!({ "kind": "attack_cost", "creatures": "all" })).contains("effects[0].cost"));
    assert!(
        bad(json!({ "kind": "attack_cost", "creatures": "all", "sacrifice": { "count": 0, "of": "all" } })).contains("effects[0].sacrifice.count")
    );
    assert!(bad(json!({ "kind": "attack_cost", "creatures": "all", "sacrifice": { "count": 4294967295u64, "of": "all" } })).contains("from 1 to 100"));
    assert!(bad(json!({ "kind": "attack_cost", "creatures": "all", "return_to_hand": { "count": 1 } })).contains("effects[0].return_to_hand.of"));
}
