//! Issue 14, point 4: format gaps found by translating peer engines' tests (XMage, Forge), one
//! test (or a few) per rule, named after its CR number. Boards are small and inline; every
//! expected answer was derived by hand (the requirement counts of the alternatives are in a
//! comment). Each board is also run through every method (integer program grouped and plain,
//! the depth-first baseline, `solve` and `enumerate`) against the exhaustive checker on every
//! declaration (`all_methods_agree`), so a wrong encoding fails here too, not only in the
//! random differential tests.

use crate::common;

use attackopt::internals::baseline_dfs::BaselineDfs;
use attackopt::internals::ilp::Ilp;
use attackopt::internals::legality::read_declaration;
use attackopt::internals::solve as solving;
use attackopt::{check, Baseline, ExhaustiveOracle, Maximizer, Position, ViolationKind as V};
use common::*;
use serde_json::{json, Value};
use solving::Goal;
use std::collections::BTreeSet;

pub(crate) fn creature_with(id: &str, name: &str, extra: Value) -> Value {
    let mut c = json!({ "id": id, "name": name, "controller": "A", "types": ["Creature"], "power": 2, "toughness": 2 });
    for (k, v) in extra.as_object().unwrap() {
        c[k] = v.clone();
    }
    c
}

/// Every declaration of a small board, checked with the exhaustive oracle, agrees with every
/// other maximizer (verdicts and maxima, both baselines); `solve` (power) answers a legal
/// declaration of the exhaustive best power, and `enumerate` lists exactly the legal set.
#[track_caller]
pub(crate) fn all_methods_agree(pos: &Position) {
    let oracle = ExhaustiveOracle::new(pos).expect("small board");
    let others: Vec<(&str, Box<dyn Maximizer>)> =
        vec![("ilp", Box::new(Ilp::default())), ("ilp-plain", Box::new(Ilp::plain())), ("dfs", Box::new(BaselineDfs::default()))];
    for baseline in [Baseline::Paid, Baseline::Free] {
        for cand in oracle.candidates.iter() {
            let d = pos.declaration(&cand.assignment);
            let want = check(pos, &d, baseline, &oracle).unwrap();
            for (name, m) in &others {
                let got = check(pos, &d, baseline, m.as_ref()).unwrap();
                assert_eq!(
                    (got.legal, got.requirements_obeyed, got.requirements_max, got.requirements_max_free),
                    (want.legal, want.requirements_obeyed, want.requirements_max, want.requirements_max_free),
                    "{name} disagrees with the exhaustive checker on {:?} ({baseline})",
                    d.attacks
                );
            }
        }
        let legal: BTreeSet<Vec<(String, String)>> = oracle.legal(baseline).iter().map(|c| pairs(&pos.declaration(&c.assignment))).collect();
        let listed = solving::enumerate(pos, baseline, 1000, &Ilp::default()).unwrap();
        assert!(listed.complete);
        let got: BTreeSet<Vec<(String, String)>> = listed.declarations.iter().map(|r| pairs(&r.declaration)).collect();
        assert_eq!(got, legal, "enumerate ({baseline})");
        let want = solving::solve_exhaustive(pos, Goal::Power, baseline).unwrap();
        for ilp in [Ilp::default(), Ilp::plain()] {
            let got = solving::solve(pos, Goal::Power, baseline, &ilp).unwrap();
            assert!(check(pos, &got.result.declaration, baseline, &oracle).unwrap().legal, "solve answered an illegal declaration");
            let (a, _) = read_declaration(pos, &got.result.declaration);
            let (b, _) = read_declaration(pos, &want.result.declaration);
            assert_eq!(solving::rank(pos, Goal::Power, &a), solving::rank(pos, Goal::Power, &b), "solve ({baseline})");
        }
    }
}

fn pairs(d: &attackopt::Declaration) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = d.attacks.iter().map(|a| (a.creature.clone(), a.target.clone())).collect();
    v.sort();
    v
}

// =========================================================================== CR 508.1c

/// Scarred Puma: "can't attack unless a black or green creature also attacks".
fn puma_board() -> Position {
    position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [
            creature_with("puma", "Scarred Puma", json!({"colors": ["R"], "power": 2})),
            creature_with("bear", "Grizzly Bears", json!({"colors": ["G"]})),
            creature_with("goblin", "Goblin Piker", json!({"colors": ["R"]})),
            creature_with("knight", "Black Knight", json!({"colors": ["B"], "tapped": true}))
        ],
        "effects": [ { "kind": "cant_attack_unless_other_attacks", "creatures": ["puma"], "others": { "colors": ["black", "G"] },
                       "source": "Scarred Puma" } ]
    }))
}

#[test]
fn cr_508_1c_scarred_puma_attacks_only_with_a_black_or_green_creature() {
    let pos = puma_board();
    assert_illegal(&pos, &[("puma", "B")], V::Restriction);
    // A red creature is not enough, however many attack.
    assert_illegal(&pos, &[("puma", "B"), ("goblin", "B")], V::Restriction);
    assert_legal(&pos, &[("puma", "B"), ("bear", "B")]);
    assert_legal(&pos, &[("puma", "B"), ("bear", "B"), ("goblin", "B")]);
    // Others may attack without the Puma.
    assert_legal(&pos, &[("goblin", "B")]);
    assert_legal(&pos, &[]);
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1c_scarred_puma_does_not_count_itself() {
    // A green Puma still needs another black or green attacker ("also attacks").
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [ creature_with("puma", "Scarred Puma", json!({"colors": ["G"]})), creature_with("goblin", "Goblin Piker", json!({"colors": ["R"]})) ],
        "effects": [ { "kind": "cant_attack_unless_other_attacks", "creatures": ["puma"], "others": { "colors": ["B", "G"] } } ]
    }));
    assert_illegal(&pos, &[("puma", "B")], V::Restriction);
    assert_illegal(&pos, &[("puma", "B"), ("goblin", "B")], V::Restriction);
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1c_508_1d_puma_forced_to_attack_needs_its_companion() {
    // Puma attacks each combat if able (Bident-like), bear may attack: the maximum (1) needs the
    // bear too. puma+bear: 1; bear alone: 0; nothing: 0; max = 1.
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [ creature_with("puma", "Scarred Puma", json!({"colors": ["R"]})), creature_with("bear", "Grizzly Bears", json!({"colors": ["G"]})) ],
        "effects": [
            { "kind": "cant_attack_unless_other_attacks", "creatures": ["puma"], "others": { "colors": ["B", "G"] }, "source": "Scarred Puma" },
            { "kind": "attacks_if_able", "creatures": ["puma"], "source": "Bident of Thassa" }
        ]
    }));
    assert_illegal(&pos, &[], V::Requirements);
    assert_illegal(&pos, &[("bear", "B")], V::Requirements);
    let r = paid(&pos, &[("puma", "B"), ("bear", "B")]);
    assert!(r.legal && r.requirements_max == 1);
    all_methods_agree(&pos);
}

/// Okk: "can't attack unless a creature with greater power also attacks".
#[test]
fn cr_508_1c_okk_attacks_only_with_greater_power() {
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }, { "id": "C" }],
        "permanents": [
            creature_with("okk", "Okk", json!({"power": 4})),
            creature_with("same", "Gray Ogre", json!({"power": 4})),
            creature_with("small", "Grizzly Bears", json!({"power": 2})),
            creature_with("big", "Craw Wurm", json!({"power": 6}))
        ],
        "effects": [ { "kind": "cant_attack_unless_other_attacks", "creatures": ["okk"], "others": "all", "greater_power": true, "source": "Okk" } ]
    }));
    assert_illegal(&pos, &[("okk", "B")], V::Restriction);
    // Equal power is not greater.
    assert_illegal(&pos, &[("okk", "B"), ("same", "C"), ("small", "C")], V::Restriction);
    // The bigger creature may attack another player (CR 802.3a: the declaration as a whole).
    assert_legal(&pos, &[("okk", "B"), ("big", "C")]);
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1c_greater_power_is_each_creatures_own() {
    // "Creatures you control can't attack unless a creature with greater power also attacks"
    // over two creatures: the bigger of the two can never attack, the smaller only with it.
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [ creature_with("s", "Grizzly Bears", json!({"power": 2})), creature_with("l", "Hill Giant", json!({"power": 3})) ],
        "effects": [ { "kind": "cant_attack_unless_other_attacks", "creatures": "all", "others": "all", "greater_power": true } ]
    }));
    assert_illegal(&pos, &[("s", "B"), ("l", "B")], V::Restriction);
    assert_illegal(&pos, &[("s", "B")], V::Restriction);
    assert_legal(&pos, &[]);
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1c_two_others_needed_counts_only_the_named_ones() {
    // count 2 among the Goblins: two Goblins besides it must attack.
    let goblin = |id: &str| creature_with(id, "Goblin Piker", json!({"subtypes": ["Goblin"]}));
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [ goblin("chief"), goblin("g1"), goblin("g2"), creature_with("bear", "Grizzly Bears", json!({})) ],
        "effects": [ { "kind": "cant_attack_unless_other_attacks", "creatures": ["chief"], "others": { "subtype": "Goblin" }, "count": 2 } ]
    }));
    assert_illegal(&pos, &[("chief", "B"), ("g1", "B"), ("bear", "B")], V::Restriction);
    assert_legal(&pos, &[("chief", "B"), ("g1", "B"), ("g2", "B")]);
    all_methods_agree(&pos);
}

/// The paid-baseline dual bar leaves a Puma out of D' and falls back on cuts: `solve` must
/// still meet the paid bar exactly (docs/rules.md section 7).
#[test]
fn cr_508_1d_paid_bar_with_a_puma_and_propaganda() {
    // B has Propaganda ({2} per attacker on B), A has two Forests. Juggernaut attacks if able.
    // Puma needs the green bear. Paying for the bear to attack B lets the Puma (forced by an
    // effect) attack C for free.
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }, { "id": "C" }],
        "permanents": [
            creature_with("puma", "Scarred Puma", json!({"colors": ["R"]})),
            creature_with("bear", "Grizzly Bears", json!({"colors": ["G"]})),
            basic("f1", "A", "Forest"), basic("f2", "A", "Forest"),
            card("prop", "Propaganda", "B", &["Enchantment"])
        ],
        "effects": [
            { "kind": "cant_attack_unless_other_attacks", "creatures": ["puma"], "others": { "colors": ["G"] }, "source": "Scarred Puma" },
            { "kind": "attacks_if_able", "creatures": ["puma"], "source": "Bident of Thassa" },
            { "kind": "cant_attack", "creatures": ["bear"], "target": { "players": ["C"] }, "source": "a Vow" }
        ]
    }));
    // bear->B (paid) + puma->C: 1 obeyed; the paid bar of bear->B alone is 1, so it is illegal
    // under paid, legal under free (free max 0: the bear can only attack B, which costs).
    let r = paid(&pos, &[("bear", "B")]);
    assert!(!r.legal && r.requirements_max == 1 && r.requirements_max_free == 0);
    assert!(free(&pos, &[("bear", "B")]).legal);
    assert_legal(&pos, &[("bear", "B"), ("puma", "C")]);
    all_methods_agree(&pos);
}

// =========================================================================== selectors

/// Akron Legionnaire: "Except for creatures named Akron Legionnaire and artifact creatures,
/// creatures you control can't attack."
#[test]
fn cr_508_1c_akron_legionnaire_card_type_selector() {
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [
            creature_with("akron", "Akron Legionnaire", json!({"power": 8})),
            creature_with("jug", "Juggernaut", json!({"types": ["artifact", "Creature"], "power": 5})),
            creature_with("bear", "Grizzly Bears", json!({})),
            creature_with("theirs", "Grizzly Bears", json!({"controller": "B"}))
        ],
        "effects": [ { "kind": "cant_attack", "source": "Akron Legionnaire",
                       "creatures": { "controller": "A", "not_card_types": ["Artifact"], "except": ["akron"] } } ]
    }));
    assert_illegal(&pos, &[("bear", "B")], V::Restriction);
    // Juggernaut (an artifact creature) must attack; Akron may.
    assert_legal(&pos, &[("jug", "B"), ("akron", "B")]);
    assert_illegal(&pos, &[("akron", "B")], V::Requirements);
    all_methods_agree(&pos);
}

#[test]
fn selectors_card_types_and_colors_pick_any_of_their_list() {
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [
            creature_with("art", "Ornithopter", json!({"types": ["Artifact", "Creature"], "colors": []})),
            creature_with("ench", "Nyx Beast", json!({"types": ["Enchantment", "Creature"], "colors": ["U"]})),
            creature_with("plain", "Grizzly Bears", json!({"colors": ["G"]}))
        ],
        "effects": [
            { "kind": "attacks_if_able", "creatures": { "card_types": ["ARTIFACT", "enchantment"] }, "source": "one" },
            { "kind": "attacks_if_able", "creatures": { "colors": ["U", "green"] }, "source": "two" }
        ]
    }));
    let r = paid(&pos, &[]);
    let on: BTreeSet<String> = r.requirements.iter().map(|q| format!("{}:{}", q.creature.clone().unwrap(), q.source)).collect();
    let want: BTreeSet<String> = ["art:one", "ench:one", "ench:two", "plain:two"].iter().map(|s| s.to_string()).collect();
    assert_eq!(on, want);
}

#[test]
fn selector_lists_are_checked_with_their_path() {
    let bad = |sel: Value, want: &str| {
        let board = json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }],
                            "effects": [ { "kind": "cant_attack", "creatures": sel } ] });
        let e = attackopt::parse_board(&board.to_string(), "b.json").unwrap_err().to_string();
        assert!(e.contains(want), "{e}");
    };
    bad(json!({"card_types": ["Artefact"]}), "effects[0].creatures.card_types[0]: expected a card type");
    bad(json!({"card_types": ["Artefact"]}), "did you mean \"Artifact\"");
    bad(json!({"card_types": []}), "effects[0].creatures.card_types: expected at least one card type");
    bad(json!({"colors": []}), "effects[0].creatures.colors: expected at least one color");
    bad(json!({"colors": ["purple"]}), "effects[0].creatures.colors[0]: expected a color");
    bad(json!({"not_card_types": "Artifact"}), "effects[0].creatures.not_card_types: expected a list");
}

// =========================================================================== CR 800.4a

/// Goaded by E, who has left the game; B also controls a planeswalker.
fn departed_goad() -> Position {
    position(json!({
        "players": [{ "id": "A" }, { "id": "B" }, { "id": "C" }],
        "left_the_game": ["E"],
        "permanents": [ creature_with("ogre", "Gray Ogre", json!({"goaded_by": ["E", "E"]})), walker("jace", "B"), bear("bear", "A") ]
    }))
}

#[test]
fn cr_800_4a_goad_by_a_player_who_left_must_attack_a_player() {
    // ogre->B or C: 2; ogre->jace: 1; no attack: 0; max = 2 (E goading twice counts once, CR 701.15d).
    let pos = departed_goad();
    let r = paid(&pos, &[("ogre", "B")]);
    assert!(r.legal && r.requirements_obeyed == 2 && r.requirements_max == 2, "{:?}", r.violations);
    assert_legal(&pos, &[("ogre", "C"), ("bear", "jace")]);
    assert_illegal(&pos, &[("ogre", "jace")], V::Requirements);
    assert_illegal(&pos, &[("bear", "B")], V::Requirements);
    all_methods_agree(&pos);
}

#[test]
fn cr_800_4a_departed_and_present_goaders_together() {
    // Goaded by B and by E (left): attacks (2), a player other than B (1), a player (1).
    // ogre->C: 4; ogre->B: 3; ogre->jace: 2; max = 4.
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }, { "id": "C" }],
        "left_the_game": ["E"],
        "permanents": [ creature_with("ogre", "Gray Ogre", json!({"goaded_by": ["B", "E"]})), walker("jace", "B") ]
    }));
    assert!(paid(&pos, &[("ogre", "C")]).requirements_max == 4);
    assert_illegal(&pos, &[("ogre", "B")], V::Requirements);
    all_methods_agree(&pos);
}

#[test]
fn cr_800_4a_goad_by_an_unknown_player_is_still_bad_input() {
    let board = |extra: Value| {
        let mut b = json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }],
                            "permanents": [ { "id": "x", "controller": "A", "types": ["Creature"], "goaded_by": ["E"] } ] });
        for (k, v) in extra.as_object().unwrap() {
            b[k] = v.clone();
        }
        attackopt::parse_board(&b.to_string(), "b.json").map(|_| ()).map_err(|e| e.to_string())
    };
    let e = board(json!({})).unwrap_err();
    assert!(e.contains("permanents[0].goaded_by[0]") && e.contains("left_the_game"), "{e}");
    assert!(board(json!({"left_the_game": ["E"]})).is_ok());
    let e = board(json!({"left_the_game": ["B"]})).unwrap_err();
    assert!(e.contains("left_the_game[0]") && e.contains("unique"), "{e}");
    let e = board(json!({"left_the_game": [""]})).unwrap_err();
    assert!(e.contains("left_the_game[0]"), "{e}");
}

#[test]
fn cr_800_4a_validate_names_the_departed_goader() {
    let out = run_bin(&["validate", temp_file("departed", &departed_board_text()).to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("goaded by E, who has left the game (CR 701.15b, 800.4a)"), "{text}");
    assert!(text.contains("attacks B or C if able"), "{text}");
}

fn departed_board_text() -> String {
    json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }, { "id": "C" }], "left_the_game": ["E"],
            "permanents": [ { "id": "ogre", "name": "Gray Ogre", "controller": "A", "types": ["Creature"], "power": 2, "goaded_by": ["E"] } ] })
    .to_string()
}
