//! The block restrictions, requirements and capacities of docs/blocks.md slice 3 (issue 38):
//! the effect kinds `cant_block_alone`, `can_block_only`, `cant_be_blocked`,
//! `cant_be_blocked_except_by`, `cant_be_blocked_by_more_than`, `cant_be_blocked_by`,
//! `must_be_blocked_by_all`, `must_be_blocked_if_able`, `must_be_blocked_by_exactly_one`,
//! `blocks_creature_if_able`, `can_block_additional`, `can_block_any_number`, and the evasion
//! keywords read from the board (shadow, horsemanship, fear, intimidate, skulk, landwalk,
//! protection). Each test names the rule it checks; boards are JSON, as in `blocks.rs`.

use crate::blocks::{assert_illegal, assert_legal, board, check, creature, odometer, position, two_player, xorshift};
use attackopt::{Position, RequirementReport};
use serde_json::{json, Value};

/// `v` with `key` set to `value`.
fn with(mut v: Value, key: &str, value: Value) -> Value {
    v[key] = value;
    v
}

/// A creature with power and colors.
fn colored(id: &str, controller: &str, power: i64, colors: &[&str], keywords: &[&str]) -> Value {
    with(with(creature(id, controller, keywords), "power", json!(power)), "colors", json!(colors))
}

fn tapped(v: Value) -> Value {
    with(v, "tapped", json!(true))
}

/// The restriction violation messages of a check.
fn restriction_texts(pos: &Position, list: &[(&str, &str)]) -> Vec<String> {
    check(pos, list).violations.into_iter().filter(|v| v.kind.as_str() == "restriction").map(|v| v.message).collect()
}

#[track_caller]
fn assert_says(pos: &Position, list: &[(&str, &str)], words: &str) {
    let texts = restriction_texts(pos, list);
    assert!(texts.iter().any(|t| t.contains(words)), "{list:?}: expected a restriction saying {words:?}, found {texts:?}");
}

/// (requirements obeyed, requirements_max) of a declaration.
fn obeyed_and_max(pos: &Position, list: &[(&str, &str)]) -> (usize, usize) {
    let r = check(pos, list);
    (r.requirements_obeyed, r.requirements_max)
}

/// The board's error for a JSON board: its path and message.
fn refused(b: &Value) -> (String, String) {
    let e = Position::from_json(&b.to_string(), "board.json").expect_err("bad input");
    (e.path().unwrap_or_default().to_string(), e.to_string())
}

#[test]
fn cr_509_1b_cant_block_alone_another_creature_blocking_any_attacker_suffices() {
    let pos = two_player(
        vec![creature("x", "A", &[]), creature("y", "A", &[]), creature("flunkies", "B", &[]), creature("bear", "B", &[])],
        vec![json!({"kind": "cant_block_alone", "creatures": ["flunkies"], "source": "Mogg Flunkies"})],
        &[("x", "B"), ("y", "B")],
    );
    assert_illegal(&pos, &[("flunkies", "x")], "restriction");
    assert_says(&pos, &[("flunkies", "x")], "can't block alone (CR 509.1b): Test flunkies (flunkies) is the only creature blocking");
    // Another creature blocking another attacker: the flunkies don't block alone.
    assert_legal(&pos, &[("flunkies", "x"), ("bear", "y")]);
    assert_legal(&pos, &[("flunkies", "x"), ("bear", "x")]);
    assert_legal(&pos, &[("bear", "x")]);
    assert_legal(&pos, &[]);
}

#[test]
fn cr_509_1b_can_block_only_creatures_the_selector_picks() {
    let pos = two_player(
        vec![creature("lion", "A", &[]), creature("rider", "A", &["Flying"]), creature("vaporkin", "B", &["Flying"])],
        vec![json!({"kind": "can_block_only", "creatures": ["vaporkin"], "attackers": {"keyword": "Flying"}, "source": "Vaporkin"})],
        &[("lion", "B"), ("rider", "B")],
    );
    assert_illegal(&pos, &[("vaporkin", "lion")], "restriction");
    assert_says(&pos, &[("vaporkin", "lion")], "can block only the creatures Vaporkin allows (CR 509.1b)");
    assert_legal(&pos, &[("vaporkin", "rider")]);
    // A lure on the lion asks nothing of a creature that may not block it.
    let b = board(
        &["A", "B"],
        vec![creature("lion", "A", &[]), creature("vaporkin", "B", &["Flying"])],
        vec![
            json!({"kind": "can_block_only", "creatures": ["vaporkin"], "attackers": {"keyword": "Flying"}}),
            json!({"kind": "lure", "attackers": ["lion"]}),
        ],
        &[("lion", "B")],
    );
    assert!(check(&position(&b), &[]).requirements.is_empty());
}

#[test]
fn cr_509_1b_cant_be_blocked() {
    let pos = two_player(
        vec![creature("rogue", "A", &[]), creature("bear", "B", &[])],
        vec![
            json!({"kind": "cant_be_blocked", "attackers": ["rogue"], "source": "Test rogue"}),
            json!({"kind": "must_be_blocked_if_able", "attackers": ["rogue"]}),
        ],
        &[("rogue", "B")],
    );
    assert_illegal(&pos, &[("bear", "rogue")], "restriction");
    assert_says(&pos, &[("bear", "rogue")], "Test rogue (rogue) can't be blocked (CR 509.1b): Test bear (bear) blocks Test rogue (rogue)");
    // CR 509.1c: a requirement no declaration obeying the restrictions can obey asks nothing.
    assert_legal(&pos, &[]);
    assert_eq!(obeyed_and_max(&pos, &[]), (0, 0));
}

#[test]
fn cr_509_1b_cant_be_blocked_except_by_three_or_more() {
    let pos = two_player(
        vec![creature("cerberus", "A", &[]), creature("m1", "B", &[]), creature("m2", "B", &[]), creature("m3", "B", &[])],
        vec![json!({"kind": "cant_be_blocked_except_by", "attackers": ["cerberus"], "count": 3, "source": "Underworld Cerberus"})],
        &[("cerberus", "B")],
    );
    assert_illegal(&pos, &[("m1", "cerberus")], "restriction");
    assert_illegal(&pos, &[("m1", "cerberus"), ("m2", "cerberus")], "restriction");
    assert_says(&pos, &[("m1", "cerberus"), ("m2", "cerberus")], "can't be blocked except by 3 or more creatures (CR 509.1b): it is blocked by");
    assert_legal(&pos, &[("m1", "cerberus"), ("m2", "cerberus"), ("m3", "cerberus")]);
    assert_legal(&pos, &[]);
}

#[test]
fn cr_509_1b_cant_be_blocked_by_more_than_one() {
    let pos = two_player(
        vec![creature("troll", "A", &[]), creature("hulk", "A", &[]), creature("b1", "B", &[]), creature("b2", "B", &[])],
        vec![json!({"kind": "cant_be_blocked_by_more_than", "creatures": ["troll"], "count": 1, "source": "Challenger Troll"})],
        &[("troll", "B"), ("hulk", "B")],
    );
    assert_illegal(&pos, &[("b1", "troll"), ("b2", "troll")], "restriction");
    assert_says(&pos, &[("b1", "troll"), ("b2", "troll")], "can't be blocked by more than 1 creature (CR 509.1b)");
    assert_legal(&pos, &[("b1", "troll"), ("b2", "hulk")]);
    assert_legal(&pos, &[("b1", "hulk"), ("b2", "hulk")]);
}

#[test]
fn cr_509_1b_cant_be_blocked_by_power_2_or_less_and_by_walls() {
    let wall = with(colored("wall", "B", 5, &[], &[]), "subtypes", json!(["Wall"]));
    let pos = two_player(
        vec![
            creature("x", "A", &[]),
            colored("small", "B", 2, &[], &[]),
            colored("big", "B", 3, &[], &[]),
            wall,
            colored("negative", "B", -1, &[], &[]),
        ],
        vec![
            json!({"kind": "cant_be_blocked_by", "attackers": ["x"], "blockers": {"power_at_most": 2}, "source": "Test small ban"}),
            json!({"kind": "cant_be_blocked_by", "attackers": ["x"], "blockers": {"subtype": "wall"}, "source": "Test wall ban"}),
        ],
        &[("x", "B")],
    );
    assert_illegal(&pos, &[("small", "x")], "restriction");
    assert_illegal(&pos, &[("negative", "x")], "restriction");
    assert_says(&pos, &[("small", "x")], "can't be blocked by the creatures Test small ban names (CR 509.1b)");
    assert_illegal(&pos, &[("wall", "x")], "restriction");
    assert_says(&pos, &[("wall", "x")], "Test wall ban");
    assert_legal(&pos, &[("big", "x")]);
}

/// Steel Leaf Champion named alone: "can't be blocked by creatures with power 2 or less" (CR
/// 509.1b), a power-based restriction read from the catalog.
#[test]
fn cr_509_1b_steel_leaf_champion_named_alone_is_not_blocked_by_power_2_or_less() {
    let champion = json!({"id": "champ", "name": "Steel Leaf Champion", "controller": "A"});
    let pos = two_player(vec![champion, colored("small", "B", 2, &[], &[]), colored("big", "B", 3, &[], &[])], vec![], &[("champ", "B")]);
    assert_illegal(&pos, &[("small", "champ")], "restriction");
    assert_legal(&pos, &[("big", "champ")]);
    assert_legal(&pos, &[]);
}

#[test]
fn cr_509_1b_tromokratis_is_blocked_by_all_the_defending_players_creatures_or_none() {
    let tromokratis = json!({"kind": "must_be_blocked_by_all", "attackers": ["trom"], "source": "Tromokratis"});
    let pos = two_player(
        vec![creature("trom", "A", &[]), creature("x", "A", &[]), creature("bears", "B", &[]), creature("memnite", "B", &[])],
        vec![tromokratis.clone()],
        &[("trom", "B"), ("x", "B")],
    );
    assert_illegal(&pos, &[("bears", "trom")], "restriction");
    assert_says(
        &pos,
        &[("bears", "trom"), ("memnite", "x")],
        "can't be blocked unless all creatures B controls block it (CR 509.1b): it is blocked by Test bears (bears), and not by Test memnite (memnite)",
    );
    assert_legal(&pos, &[("bears", "trom"), ("memnite", "trom")]);
    assert_legal(&pos, &[("memnite", "x")]);
    // A tapped creature of the defending player can't block: nothing can block Tromokratis.
    let pos = two_player(
        vec![creature("trom", "A", &[]), creature("bears", "B", &[]), creature("memnite", "B", &[]), tapped(creature("giant", "B", &[]))],
        vec![tromokratis, json!({"kind": "lure", "attackers": ["trom"]})],
        &[("trom", "B")],
    );
    assert_illegal(&pos, &[("bears", "trom"), ("memnite", "trom")], "restriction");
    // Lure's requirements can't be obeyed without breaking the restriction (CR 509.1c).
    assert_legal(&pos, &[]);
    assert_eq!(obeyed_and_max(&pos, &[]), (0, 0));
}

#[test]
fn cr_509_1c_must_be_blocked_if_able_with_menace_needs_two_blockers() {
    let effect = json!({"kind": "must_be_blocked_if_able", "attackers": ["strangler"], "source": "Neyith of the Dire Hunt"});
    let pos = two_player(
        vec![creature("strangler", "A", &["Menace"]), creature("m1", "B", &[]), creature("m2", "B", &[])],
        vec![effect.clone()],
        &[("strangler", "B")],
    );
    assert_legal(&pos, &[("m1", "strangler"), ("m2", "strangler")]);
    assert_illegal(&pos, &[], "requirements");
    assert_eq!(obeyed_and_max(&pos, &[]), (0, 1));
    assert_illegal(&pos, &[("m1", "strangler")], "restriction");
    // One possible blocker: no declaration obeying menace blocks it, so none is required.
    let pos = two_player(vec![creature("strangler", "A", &["Menace"]), creature("m1", "B", &[])], vec![effect], &[("strangler", "B")]);
    assert_legal(&pos, &[]);
    assert_eq!(obeyed_and_max(&pos, &[]), (0, 0));
}

#[test]
fn cr_509_1c_must_be_blocked_by_exactly_one_if_able() {
    let pos = two_player(
        vec![creature("nacatl", "A", &[]), creature("b1", "B", &[]), creature("b2", "B", &[])],
        vec![json!({"kind": "must_be_blocked_by_exactly_one", "attackers": ["nacatl"], "source": "Nacatl War-Pride"})],
        &[("nacatl", "B")],
    );
    assert_legal(&pos, &[("b1", "nacatl")]);
    assert_legal(&pos, &[("b2", "nacatl")]);
    assert_illegal(&pos, &[("b1", "nacatl"), ("b2", "nacatl")], "requirements");
    assert_eq!(obeyed_and_max(&pos, &[("b1", "nacatl"), ("b2", "nacatl")]), (0, 1));
    assert_illegal(&pos, &[], "requirements");
    let r = check(&pos, &[]);
    assert!(r.requirements[0].text.starts_with("Test nacatl (nacatl) is blocked by exactly one creature if able"), "{:?}", r.requirements);
    // Nacatl War-Pride named alone is the same requirement (the catalog), and with a lure on it
    // both can't be obeyed at once: one blocker obeys the War-Pride, two the lure's two.
    let named = json!({"id": "nacatl", "name": "Nacatl War-Pride", "controller": "A"});
    let pos = two_player(vec![named.clone(), creature("b1", "B", &[]), creature("b2", "B", &[])], vec![], &[("nacatl", "B")]);
    assert_legal(&pos, &[("b1", "nacatl")]);
    assert_illegal(&pos, &[("b1", "nacatl"), ("b2", "nacatl")], "requirements");
    let lure = json!({"kind": "lure", "attackers": ["nacatl"], "source": "Lure"});
    let pos = two_player(vec![named, creature("b1", "B", &[]), creature("b2", "B", &[])], vec![lure], &[("nacatl", "B")]);
    assert_eq!(obeyed_and_max(&pos, &[("b1", "nacatl"), ("b2", "nacatl")]), (2, 2));
    assert_eq!(obeyed_and_max(&pos, &[("b1", "nacatl")]), (2, 2));
    assert_illegal(&pos, &[], "requirements");
}

/// CR 509.1c counts requirements one by one, as 508.1d does for attacks: two "blocks each
/// combat if able" effects on one creature are two requirements, both obeyed by one block and
/// both broken by none.
#[test]
fn cr_509_1c_two_blocks_if_able_effects_on_one_creature_are_two_requirements() {
    let must = |source: &str| json!({"kind": "blocks_if_able", "creatures": ["spire"], "source": source});
    let pos = two_player(
        vec![creature("x", "A", &[]), creature("spire", "B", &[]), creature("bears", "B", &[])],
        vec![must("Spirespine"), must("Grasp of the Hieromancer")],
        &[("x", "B")],
    );
    assert_eq!(obeyed_and_max(&pos, &[("spire", "x")]), (2, 2));
    assert_eq!(obeyed_and_max(&pos, &[("bears", "x")]), (0, 2));
    assert_illegal(&pos, &[], "requirements");
    assert_eq!(check(&pos, &[]).requirements.len(), 2);
}

/// "All creatures able to block ~ do so" on an Equipment (Nemesis Mask, CR 509.1c) as on an
/// Aura (Lure): named alone with `attached_to`, or read from its Oracle text; every creature
/// able to block the equipped attacker must, and one that can't (a flyer it can't block) need
/// not.
#[test]
fn cr_509_1c_nemesis_mask_an_equipment_lure_named_alone_or_read() {
    for mask in [
        json!({"id": "mask", "name": "Nemesis Mask", "controller": "A", "attached_to": "x"}),
        json!({"id": "mask", "name": "Test mask", "controller": "A", "types": ["Artifact"], "subtypes": ["Equipment"], "attached_to": "x",
               "oracle_text": "All creatures able to block equipped creature do so.\nEquip {3}"}),
    ] {
        let pos = two_player(
            vec![
                creature("x", "A", &["Flying"]),
                creature("y", "A", &[]),
                mask,
                creature("bird", "B", &["Flying"]),
                creature("spider", "B", &["Reach"]),
                creature("bear", "B", &[]),
            ],
            vec![],
            &[("x", "B"), ("y", "B")],
        );
        assert_eq!(obeyed_and_max(&pos, &[("bird", "x"), ("spider", "x")]), (2, 2));
        assert_legal(&pos, &[("bird", "x"), ("spider", "x"), ("bear", "y")]);
        assert_illegal(&pos, &[("bird", "x"), ("spider", "y")], "requirements");
        assert_illegal(&pos, &[], "requirements");
    }
}

#[test]
fn cr_702_39a_provoke_the_provoked_creature_blocks_the_provoker_if_able() {
    let provoke = |creature: &str| json!({"kind": "blocks_creature_if_able", "creatures": [creature], "attacker": "bronto", "source": "Brontotherium (provoke)"});
    let pos = two_player(
        vec![creature("bronto", "A", &[]), creature("other", "A", &[]), creature("lion", "B", &[])],
        vec![provoke("lion")],
        &[("bronto", "B"), ("other", "B")],
    );
    assert_legal(&pos, &[("lion", "bronto")]);
    assert_illegal(&pos, &[("lion", "other")], "requirements");
    assert_illegal(&pos, &[], "requirements");
    assert_eq!(obeyed_and_max(&pos, &[]), (0, 1));
    // The provoked creature can't block the provoker (a flyer): the requirement can't be obeyed,
    // so it counts against no declaration.
    let pos = two_player(vec![creature("bronto", "A", &["Flying"]), creature("lion", "B", &[])], vec![provoke("lion")], &[("bronto", "B")]);
    assert_legal(&pos, &[]);
    assert_eq!(obeyed_and_max(&pos, &[]), (0, 0));
    // A tapped provoked creature: listed, not counted (it can't block at all).
    let pos = two_player(vec![creature("bronto", "A", &[]), tapped(creature("lion", "B", &[]))], vec![provoke("lion")], &[("bronto", "B")]);
    let r = check(&pos, &[]);
    assert_eq!(r.legal, Some(true));
    let counted: Vec<&RequirementReport> = r.requirements.iter().filter(|q| q.counts).collect();
    assert_eq!((r.requirements.len(), counted.len()), (1, 0), "{:?}", r.requirements);
}

#[test]
fn cr_509_1c_provoke_naming_a_creature_that_does_not_attack_asks_nothing() {
    let pos = two_player(
        vec![creature("basilisk", "A", &[]), creature("bears", "A", &[]), creature("crow", "B", &["Flying"])],
        vec![json!({"kind": "blocks_creature_if_able", "creatures": ["crow"], "attacker": "basilisk"})],
        &[("bears", "B")],
    );
    assert!(check(&pos, &[]).requirements.is_empty());
    assert_legal(&pos, &[("crow", "bears")]);
    assert_legal(&pos, &[]);
    assert_illegal(&pos, &[("crow", "basilisk")], "attacker");
}

#[test]
fn cr_509_1a_can_block_additional_creatures_adds_up_and_any_number() {
    let attackers: Vec<String> = (0..5).map(|i| format!("a{i}")).collect();
    let mut perms: Vec<Value> = attackers.iter().map(|a| creature(a, "A", &[])).collect();
    perms.push(creature("guard", "B", &[]));
    perms.push(creature("hho", "B", &[]));
    let attacks: Vec<(&str, &str)> = attackers.iter().map(|a| (a.as_str(), "B")).collect();
    let pos = two_player(
        perms,
        vec![
            json!({"kind": "can_block_additional", "creatures": ["guard"], "count": 1, "source": "Night Market Guard"}),
            json!({"kind": "can_block_additional", "creatures": ["guard"], "count": 2, "source": "Test more"}),
            json!({"kind": "can_block_any_number", "creatures": ["hho"], "source": "Test any number"}),
        ],
        &attacks,
    );
    let guard: Vec<(&str, &str)> = attackers.iter().map(|a| ("guard", a.as_str())).collect();
    assert_legal(&pos, &guard[..4]); // 1 + 1 + 2
    assert_illegal(&pos, &guard, "blocker");
    let r = check(&pos, &guard);
    assert!(r.violations.iter().any(|v| v.message.contains("can't block more than 4 creatures (CR 509.1a)")), "{:?}", r.violations);
    let hho: Vec<(&str, &str)> = attackers.iter().map(|a| ("hho", a.as_str())).collect();
    assert_legal(&pos, &hho);
    assert_illegal(&pos, &[("hho", "a0"), ("hho", "a0")], "blocker");
}

/// The exhaustive checker enumerates every set of attackers within a blocker's capacity: a
/// blocker of capacity 2 under two lures obeys both only by blocking both (CR 509.1a, 509.1c).
#[test]
fn cr_509_1a_a_blocker_of_capacity_two_obeys_two_lures_at_once() {
    let pos = two_player(
        vec![creature("l1", "A", &[]), creature("l2", "A", &[]), creature("l3", "A", &[]), creature("guard", "B", &[])],
        vec![json!({"kind": "can_block_additional", "creatures": ["guard"], "count": 1}), json!({"kind": "lure", "attackers": ["l1", "l2", "l3"]})],
        &[("l1", "B"), ("l2", "B"), ("l3", "B")],
    );
    assert_eq!(obeyed_and_max(&pos, &[("guard", "l1")]), (1, 2));
    let r = check(&pos, &[("guard", "l1")]);
    assert_eq!(r.witness.map(|w| w.blocks.len()), Some(2));
    assert_legal(&pos, &[("guard", "l1"), ("guard", "l3")]);
    assert_illegal(&pos, &[("guard", "l1"), ("guard", "l2"), ("guard", "l3")], "blocker");
    // Enumerate lists the three pairs of lures (fewest blocks first), each legal.
    let found = pos.enumerate_blocks(100, &attackopt::Options::default()).expect("enumerate");
    assert!(found.complete);
    assert_eq!(found.declarations.len(), 3);
    assert!(found.declarations.iter().all(|r| r.legal == Some(true) && r.declaration.blocks.len() == 2));
}

/// CR 509.1c with menace: a lure's requirement on a creature with menace can be obeyed only with
/// a second blocker; with one able blocker it can't, and not blocking is legal.
#[test]
fn cr_509_1c_lure_and_menace_a_requirement_obeyed_only_with_a_second_blocker() {
    let lure = json!({"kind": "lure", "attackers": ["howl"], "source": "Bloodscent"});
    let pos = two_player(vec![creature("howl", "A", &["Menace"]), creature("m1", "B", &[])], vec![lure.clone()], &[("howl", "B")]);
    assert_legal(&pos, &[]);
    assert_eq!(obeyed_and_max(&pos, &[]), (0, 0));
    assert_illegal(&pos, &[("m1", "howl")], "restriction");
    let pos = two_player(vec![creature("howl", "A", &["Menace"]), creature("m1", "B", &[]), creature("m2", "B", &[])], vec![lure], &[("howl", "B")]);
    assert_illegal(&pos, &[], "requirements");
    assert_eq!(obeyed_and_max(&pos, &[]), (0, 2));
    assert_legal(&pos, &[("m1", "howl"), ("m2", "howl")]);
}

#[test]
fn cr_702_28b_shadow_is_blocked_only_by_shadow_and_shadow_blocks_only_shadow() {
    let pos = two_player(
        vec![creature("ghost", "A", &["Shadow"]), creature("plain", "A", &[]), creature("s", "B", &["shadow"]), creature("g", "B", &[])],
        vec![],
        &[("ghost", "B"), ("plain", "B")],
    );
    assert_illegal(&pos, &[("g", "ghost")], "restriction");
    assert_says(&pos, &[("g", "ghost")], "has shadow: it can't be blocked except by creatures with shadow (CR 702.28b)");
    assert_illegal(&pos, &[("s", "plain")], "restriction");
    assert_says(&pos, &[("s", "plain")], "Test s (s) has shadow: it can block only creatures with shadow (CR 702.28b)");
    assert_legal(&pos, &[("s", "ghost"), ("g", "plain")]);
}

#[test]
fn cr_702_31b_horsemanship_is_blocked_only_by_horsemanship() {
    let pos = two_player(
        vec![creature("rider", "A", &["Horsemanship"]), creature("plain", "A", &[]), creature("h", "B", &["Horsemanship"]), creature("g", "B", &[])],
        vec![],
        &[("rider", "B"), ("plain", "B")],
    );
    assert_illegal(&pos, &[("g", "rider")], "restriction");
    assert_says(&pos, &[("g", "rider")], "(CR 702.31b)");
    assert_legal(&pos, &[("h", "rider")]);
    // Unlike shadow, a creature with horsemanship may block one without it.
    assert_legal(&pos, &[("h", "plain")]);
}

#[test]
fn cr_702_36b_fear_only_artifact_and_or_black_creatures_block() {
    let sable = with(colored("sable", "B", 2, &[], &[]), "types", json!(["Artifact", "Creature"]));
    let pos = two_player(
        vec![colored("legion", "A", 2, &["B"], &["Fear"]), colored("bears", "B", 2, &["G"], &[]), colored("corpse", "B", 2, &["black"], &[]), sable],
        vec![],
        &[("legion", "B")],
    );
    assert_illegal(&pos, &[("bears", "legion")], "restriction");
    assert_says(&pos, &[("bears", "legion")], "has fear: it can't be blocked except by artifact creatures and/or black creatures (CR 702.36b)");
    assert_legal(&pos, &[("corpse", "legion")]);
    assert_legal(&pos, &[("sable", "legion")]);
}

#[test]
fn cr_702_13b_intimidate_only_artifact_creatures_and_creatures_sharing_a_color_block() {
    let sable = with(colored("sable", "B", 2, &[], &[]), "types", json!(["Artifact", "Creature"]));
    let pos = two_player(
        vec![
            colored("boar", "A", 3, &["R", "G"], &["Intimidate"]),
            colored("golem", "A", 3, &[], &["Intimidate"]),
            colored("goblin", "B", 1, &["R"], &[]),
            colored("elf", "B", 1, &["G", "W"], &[]),
            colored("corpse", "B", 2, &["B"], &[]),
            sable,
        ],
        vec![],
        &[("boar", "B"), ("golem", "B")],
    );
    assert_legal(&pos, &[("goblin", "boar"), ("elf", "boar"), ("sable", "boar")]);
    assert_illegal(&pos, &[("corpse", "boar")], "restriction");
    assert_says(&pos, &[("corpse", "boar")], "(CR 702.13b)");
    // A colorless attacker with intimidate shares no color: only artifact creatures block it.
    assert_illegal(&pos, &[("goblin", "golem")], "restriction");
    assert_legal(&pos, &[("sable", "golem")]);
}

#[test]
fn cr_702_118b_skulk_is_not_blocked_by_creatures_with_greater_power() {
    let pos = two_player(
        vec![colored("skulker", "A", 2, &[], &["Skulk"]), colored("equal", "B", 2, &[], &[]), colored("bigger", "B", 3, &[], &[])],
        vec![],
        &[("skulker", "B")],
    );
    assert_illegal(&pos, &[("bigger", "skulker")], "restriction");
    assert_says(&pos, &[("bigger", "skulker")], "has skulk: it can't be blocked by creatures with greater power (CR 702.118b)");
    assert_legal(&pos, &[("equal", "skulker")]);
}

fn land(id: &str, controller: &str, land_type: &str) -> Value {
    json!({"id": id, "name": land_type, "controller": controller, "types": ["Land"], "subtypes": [land_type]})
}

#[test]
fn cr_702_14c_landwalk_unblockable_while_the_defending_player_controls_that_land_type() {
    // C's Island does not count: B is the defending player of the serpent.
    let b = board(
        &["A", "B", "C"],
        vec![creature("serpent", "A", &["Islandwalk"]), creature("bear", "B", &[]), land("island", "C", "Island")],
        vec![],
        &[("serpent", "B")],
    );
    assert_legal(&position(&b), &[("bear", "serpent")]);
    let mut b = b;
    b["permanents"][2]["controller"] = json!("B");
    let pos = position(&b);
    assert_illegal(&pos, &[("bear", "serpent")], "restriction");
    assert_says(
        &pos,
        &[("bear", "serpent")],
        "has Islandwalk: it can't be blocked as long as the defending player controls a land of type Island, and B controls Island (island) (CR 702.14c)",
    );
    // Under shared team turns a creature attacks a player, not the team (CR 805.10, since
    // Dominaria), and its landwalk looks at the player it attacks (CR 508.5a): the teammate's
    // Forest does not count, the attacked player's does.
    let mut b = board(
        &["A", "B", "B2"],
        vec![creature("serpent", "A", &["forestwalk"]), creature("bear", "B", &[]), land("forest", "B2", "Forest")],
        vec![],
        &[("serpent", "B")],
    );
    b["players"][1]["team"] = json!("b");
    b["players"][2]["team"] = json!("b");
    assert_legal(&position(&b), &[("bear", "serpent")]);
    b["variant"] = json!({"shared_team_turns": true});
    assert_legal(&position(&b), &[("bear", "serpent")]);
    b["permanents"][2]["controller"] = json!("B");
    assert_illegal(&position(&b), &[("bear", "serpent")], "restriction");
}

/// CR 802.4b: with several defending players, each one's blocks are judged apart, the blockers
/// of other players ignored. B's Mogg Flunkies ("can't block alone") blocking beside C's bear
/// blocks alone; beside another of B's creatures it does not. Silent Arbiter ("no more than one
/// creature can block each combat") lets B and C block with one creature each, not B with two.
/// Under shared team turns (CR 805.10) the team declares one combined block: the teammate's
/// creature keeps the Flunkies company and counts against the Arbiter.
#[test]
fn cr_802_4b_each_defending_players_blocks_are_judged_apart() {
    let flunkies = json!({"id": "fl", "name": "Mogg Flunkies", "controller": "B"});
    let mut b = board(
        &["A", "B", "C"],
        vec![creature("x", "A", &[]), creature("y", "A", &[]), flunkies, creature("b2", "B", &[]), creature("cb", "C", &[])],
        vec![],
        &[("x", "B"), ("y", "C")],
    );
    let pos = position(&b);
    assert_illegal(&pos, &[("fl", "x"), ("cb", "y")], "restriction");
    assert_says(&pos, &[("fl", "x"), ("cb", "y")], "can't block alone");
    assert_legal(&pos, &[("fl", "x"), ("b2", "x"), ("cb", "y")]);
    b["players"][1]["team"] = json!("bc");
    b["players"][2]["team"] = json!("bc");
    b["variant"] = json!({"shared_team_turns": true});
    assert_legal(&position(&b), &[("fl", "x"), ("cb", "y")]);

    let arbiter = json!({"id": "arb", "name": "Silent Arbiter", "controller": "A"});
    let mut b = board(
        &["A", "B", "C"],
        vec![creature("x", "A", &[]), creature("y", "A", &[]), arbiter, creature("b1", "B", &[]), creature("b2", "B", &[]), creature("cb", "C", &[])],
        vec![],
        &[("x", "B"), ("y", "C")],
    );
    let pos = position(&b);
    assert_legal(&pos, &[("b1", "x"), ("cb", "y")]);
    assert_illegal(&pos, &[("b1", "x"), ("b2", "x")], "restriction");
    assert_says(&pos, &[("b1", "x"), ("b2", "x")], "counted among the blockers of B, whose blocks are judged apart (CR 509.1b, 802.4b)");
    b["players"][1]["team"] = json!("bc");
    b["players"][2]["team"] = json!("bc");
    b["variant"] = json!({"shared_team_turns": true});
    let pos = position(&b);
    assert_illegal(&pos, &[("b1", "x"), ("cb", "y")], "restriction");
    assert_legal(&pos, &[("cb", "y")]);
}

/// Two-Headed Giant: Tromokratis attacking one player needs all of *that* player's creatures
/// to block it (CR 508.5a: "defending player" in an attacking creature's ability is the player
/// it attacks); the teammate's creatures may join the block (CR 805.10) but need not, and a
/// tapped creature of the teammate does not make it unblockable.
#[test]
fn cr_508_5a_two_headed_giant_tromokratis_needs_the_attacked_players_creatures_only() {
    let mut b = board(
        &["A", "C", "D"],
        vec![creature("trom", "A", &[]), creature("c1", "C", &[]), creature("d1", "D", &[]), tapped(creature("d2", "D", &[]))],
        vec![json!({"kind": "must_be_blocked_by_all", "attackers": ["trom"], "source": "Tromokratis"})],
        &[("trom", "C")],
    );
    b["players"][1]["team"] = json!("cd");
    b["players"][2]["team"] = json!("cd");
    b["variant"] = json!({"shared_team_turns": true});
    let pos = position(&b);
    assert_legal(&pos, &[("c1", "trom")]);
    assert_legal(&pos, &[("c1", "trom"), ("d1", "trom")]);
    assert_illegal(&pos, &[("d1", "trom")], "restriction");
    assert_says(&pos, &[("d1", "trom")], "can't be blocked unless all creatures C controls block it (CR 509.1b)");
}

#[test]
fn cr_702_16f_protection_from_a_quality_is_not_blocked_by_creatures_with_it() {
    let sable = with(colored("sable", "B", 2, &["W"], &[]), "types", json!(["Artifact", "Creature"]));
    let pos = two_player(
        vec![
            colored("paladin", "A", 2, &["W"], &["First strike", "Protection from black and from red"]),
            colored("knight", "A", 2, &["W"], &["Protection from artifacts", "Protection from multicolored"]),
            colored("progenitus", "A", 10, &["W", "U", "B", "R", "G"], &["Protection from everything"]),
            colored("minotaur", "B", 3, &["R"], &[]),
            colored("corpse", "B", 2, &["B"], &[]),
            colored("lion", "B", 2, &["W"], &[]),
            colored("gold", "B", 2, &["W", "U"], &[]),
            sable,
        ],
        vec![],
        &[("paladin", "B"), ("knight", "B"), ("progenitus", "B")],
    );
    assert_illegal(&pos, &[("minotaur", "paladin")], "restriction");
    assert_illegal(&pos, &[("corpse", "paladin")], "restriction");
    assert_says(
        &pos,
        &[("corpse", "paladin")],
        "has Protection from black and from red: it can't be blocked by black creatures or red creatures (CR 702.16f)",
    );
    assert_legal(&pos, &[("lion", "paladin")]);
    assert_illegal(&pos, &[("sable", "knight")], "restriction");
    assert_says(&pos, &[("sable", "knight")], "has Protection from artifacts: it can't be blocked by artifact creatures (CR 702.16f)");
    assert_illegal(&pos, &[("gold", "knight")], "restriction");
    assert_legal(&pos, &[("lion", "knight")]);
    for b in ["minotaur", "corpse", "lion", "gold", "sable"] {
        assert_illegal(&pos, &[(b, "progenitus")], "restriction");
    }
}

/// A protection or landwalk attackopt does not read is refused, naming the keyword: never
/// ignored (an ignored protection would let an illegal block pass).
#[test]
fn keywords_about_blocks_attackopt_does_not_read_are_bad_input_with_their_paths() {
    for (keyword, words) in
        [("Protection from Goblins", "cant_be_blocked_by"), ("Nonbasic landwalk", "landwalk of a land type"), ("Snow Swampwalk", "CR 702.14a")]
    {
        let b = board(&["A", "B"], vec![creature("bear", "B", &[]), creature("x", "A", &["Trample", keyword])], vec![], &[("x", "B")]);
        let (path, message) = refused(&b);
        assert_eq!(path, "permanents[1].keywords[1]", "{keyword}: {message}");
        assert!(message.contains(words) && message.contains(keyword), "{keyword}: {message}");
    }
    // Not attacking: nothing reads it.
    let b = board(
        &["A", "B"],
        vec![creature("bear", "B", &["Protection from Goblins"]), creature("x", "A", &[]), creature("home", "A", &["Snow Swampwalk"])],
        vec![],
        &[("x", "B")],
    );
    assert_legal(&position(&b), &[("bear", "x")]);
}

#[test]
fn bad_block_effects_are_refused_with_their_json_paths() {
    let base = |effect: Value| board(&["A", "B"], vec![creature("x", "A", &[]), creature("bear", "B", &[])], vec![effect], &[("x", "B")]);
    let cases = [
        (json!({"kind": "cant_be_blocked_except_by", "attackers": ["x"], "count": 0}), "effects[0].count", "expected an integer from 1 to"),
        (json!({"kind": "cant_be_blocked_except_by", "attackers": ["x"]}), "effects[0].count", "needs count"),
        (json!({"kind": "can_block_additional", "creatures": ["bear"], "count": 0}), "effects[0].count", "from 1 to"),
        (json!({"kind": "can_block_additional", "creatures": ["bear"], "count": 2_000_000}), "effects[0].count", "from 1 to 1000000"),
        (
            json!({"kind": "cant_be_blocked_by", "attackers": ["x"], "blockers": {"power_at_mots": 2}}),
            "effects[0].blockers.power_at_mots",
            "did you mean \"power_at_most\"",
        ),
        (json!({"kind": "cant_be_blocked_by", "attackers": ["x"]}), "effects[0].blockers", "needs blockers"),
        (
            json!({"kind": "cant_be_blocked_by", "attackers": ["x"], "blockers": {"power_at_most": "two"}}),
            "effects[0].blockers.power_at_most",
            "expected an integer",
        ),
        (json!({"kind": "can_block_only", "creatures": ["bear"]}), "effects[0].attackers", "needs attackers"),
        (json!({"kind": "must_be_blocked_if_able", "attackers": ["x"], "creatures": ["x"]}), "effects[0].attackers", "not both"),
        (json!({"kind": "must_be_blocked_by_all"}), "effects[0].attackers", "needs attackers"),
        (json!({"kind": "blocks_creature_if_able", "creatures": ["bear"]}), "effects[0].attacker", "needs attacker"),
        (json!({"kind": "blocks_creature_if_able", "creatures": ["bear"], "attacker": "nobody"}), "effects[0].attacker", "nobody"),
        (json!({"kind": "cant_be_blocked", "attackers": ["nobody"]}), "effects[0].attackers[0]", "nobody"),
        (json!({"kind": "cant_be_blockd", "attackers": ["x"]}), "effects[0].kind", "did you mean \"cant_be_blocked\""),
    ];
    for (effect, path, words) in cases {
        let (p, message) = refused(&base(effect.clone()));
        assert_eq!(p, path, "{effect}: {message}");
        assert!(message.contains(words), "{effect}: expected {words:?} in {message}");
    }
    // A field the kind does not read is a warning naming it.
    let b = base(json!({"kind": "cant_be_blocked", "attackers": ["x"], "blockers": "all"}));
    let pos = position(&b);
    assert!(pos.board.warnings.iter().any(|w| w.path == "effects[0].blockers"), "{:?}", pos.board.warnings);
    // `count` 0 is "can't be blocked by more than 0": unblockable.
    let pos = position(&base(json!({"kind": "cant_be_blocked_by_more_than", "attackers": ["x"], "count": 0})));
    assert_illegal(&pos, &[("bear", "x")], "restriction");
}

/// The schema knows the new kinds and fields: every block scenario's board matches it, and it
/// refuses a count of 0 where 1 or more is needed.
#[test]
fn the_board_schema_describes_the_block_kinds() {
    let schema = attackopt::schema("board").expect("a schema");
    let v = jsonschema::validator_for(&schema).expect("a validator");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/blocks");
    let mut n = 0;
    for f in std::fs::read_dir(&dir).expect("the scenarios").filter_map(|e| e.ok().map(|e| e.path())) {
        if f.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let s: Value = serde_json::from_str(&std::fs::read_to_string(&f).expect("readable")).expect("JSON");
        let errors: Vec<String> = v.iter_errors(&s["board"]).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{}: {errors:?}", f.display());
        n += 1;
    }
    assert!(n >= 40, "expected the 40 block scenarios, found {n}");
    let b = |effect: Value| board(&["A", "B"], vec![creature("x", "A", &[])], vec![effect], &[("x", "B")]);
    assert!(v.is_valid(&b(json!({"kind": "cant_be_blocked_by", "creatures": ["x"], "blockers": {"power_at_most": 2}}))));
    assert!(!v.is_valid(&b(json!({"kind": "cant_be_blocked_except_by", "attackers": ["x"], "count": 0}))));
    assert!(!v.is_valid(&b(json!({"kind": "cant_be_blocked_by", "attackers": ["x"]}))));
    assert!(!v.is_valid(&b(json!({"kind": "blocks_creature_if_able", "creatures": ["x"]}))));
}

/// Random small combats with the new kinds and capacities above 1: every declaration
/// `enumerate` lists is legal with the most requirements, and every declaration within two
/// attackers per blocker that `check` finds legal is listed (the exhaustive checker's subsets
/// within capacity agree with the reading of a declaration).
#[test]
fn random_combats_with_capacities_enumerate_and_check_agree() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let kw = ["Flying", "Menace", "Reach", "Shadow", "Skulk", "Fear"];
    for round in 0..30 {
        let (na, nb) = (1 + next(3) as usize, 1 + next(3) as usize);
        let mut perms = vec![];
        let attacks: Vec<String> = (0..na).map(|i| format!("a{i}")).collect();
        for a in &attacks {
            let k: Vec<&str> = kw.iter().copied().filter(|_| next(5) == 0).collect();
            perms.push(colored(a, "A", next(4) as i64, &[], &k));
        }
        for i in 0..nb {
            let k: Vec<&str> = kw.iter().copied().filter(|_| next(5) == 0).collect();
            let c = colored(&format!("b{i}"), "B", next(4) as i64, if next(2) == 0 { &["B"] } else { &[] }, &k);
            perms.push(if next(8) == 0 { tapped(c) } else { c });
        }
        let a_id = |n: &mut dyn FnMut(u64) -> u64| format!("a{}", n(na as u64));
        let b_id = |n: &mut dyn FnMut(u64) -> u64| format!("b{}", n(nb as u64));
        let mut effects = vec![];
        for kind in 0..12 {
            if next(4) != 0 {
                continue;
            }
            effects.push(match kind {
                0 => json!({"kind": "cant_block_alone", "creatures": [b_id(&mut next)]}),
                1 => json!({"kind": "can_block_only", "creatures": [b_id(&mut next)], "attackers": [a_id(&mut next)]}),
                2 => json!({"kind": "cant_be_blocked_except_by", "attackers": [a_id(&mut next)], "count": 1 + next(3)}),
                3 => json!({"kind": "cant_be_blocked_by_more_than", "attackers": [a_id(&mut next)], "count": next(3)}),
                4 => json!({"kind": "cant_be_blocked_by", "attackers": [a_id(&mut next)], "blockers": {"power_at_most": next(3)}}),
                5 => json!({"kind": "must_be_blocked_by_all", "attackers": [a_id(&mut next)]}),
                6 => json!({"kind": "must_be_blocked_if_able", "attackers": [a_id(&mut next)]}),
                7 => json!({"kind": "must_be_blocked_by_exactly_one", "attackers": [a_id(&mut next)]}),
                8 => json!({"kind": "blocks_creature_if_able", "creatures": [b_id(&mut next)], "attacker": a_id(&mut next)}),
                9 => json!({"kind": "can_block_additional", "creatures": [b_id(&mut next)], "count": 1 + next(2)}),
                10 => json!({"kind": "can_block_any_number", "creatures": [b_id(&mut next)]}),
                _ => json!({"kind": "lure", "attackers": [a_id(&mut next)]}),
            });
        }
        let pairs: Vec<(&str, &str)> = attacks.iter().map(|a| (a.as_str(), "B")).collect();
        let pos = two_player(perms, effects.clone(), &pairs);
        let found = pos.enumerate_blocks(100_000, &attackopt::Options::default()).expect("enumerate");
        assert!(found.complete);
        for r in &found.declarations {
            assert_eq!(r.legal, Some(true), "round {round}: {:?}: {:?}", r.declaration, r.violations);
            assert_eq!(r.requirements_obeyed, r.requirements_max);
        }
        let listed: Vec<_> = found.declarations.iter().map(|r| r.declaration.clone()).collect();
        // Every declaration giving each blocker a set of at most two attackers.
        let subsets: Vec<Vec<&str>> = (0u32..1 << na)
            .filter(|m| m.count_ones() <= 2)
            .map(|m| (0..na).filter(|i| m & (1 << i) != 0).map(|i| attacks[i].as_str()).collect())
            .collect();
        let blockers: Vec<String> = (0..nb).map(|i| format!("b{i}")).collect();
        let mut index = vec![0usize; nb];
        loop {
            let list: Vec<(&str, &str)> =
                (0..nb).flat_map(|b| subsets[index[b]].iter().map(move |a| (b, *a))).map(|(b, a)| (blockers[b].as_str(), a)).collect();
            let r = check(&pos, &list);
            assert_eq!(
                r.legal == Some(true),
                listed.contains(&crate::blocks::blocks(&list)),
                "round {round}: {list:?}: {:?}\n{effects:?}",
                r.violations
            );
            if !odometer(&mut index, |_| subsets.len()) {
                break;
            }
        }
    }
}
