//! Issue 14, point 4: conditional requirements (CR 508.1d: "it attacks if some condition is
//! met"; Ekundu Cyclops, "if a creature you control attacks, ~ also attacks if able"). The
//! worked cases of docs/rules.md section 2 (a declaration D is measured by the requirements
//! whose conditions hold in it, and every D' it is compared with by those in force in both D
//! and D'), each derived
//! by hand in a comment, then run through every method against the exhaustive checker
//! (`format_gaps::all_methods_agree`: the integer program grouped and plain, the depth-first
//! baseline, `solve` and `enumerate`).

use crate::common;
use crate::format_gaps::{all_methods_agree, creature_with};

use attackopt::internals::ilp::Ilp;
use attackopt::internals::solve as solving;
use attackopt::{check, Baseline, ExhaustiveOracle, Position, ViolationKind as V};
use common::*;
use serde_json::{json, Value};
use solving::Goal;

/// Ekundu Cyclops (the catalog card) and a bear, both A's; B and C opponents.
fn cyclops_board(cyclops_extra: Value) -> Position {
    position(json!({
        "players": [{ "id": "A" }, { "id": "B" }, { "id": "C" }],
        "permanents": [ creature_with("cyclops", "Ekundu Cyclops", cyclops_extra), creature_with("bear", "Grizzly Bears", json!({})) ]
    }))
}

#[test]
fn cr_508_1d_ekundu_cyclops_worked_cases() {
    let pos = cyclops_board(json!({}));
    // Nothing attacks: the condition fails, nothing is in force; max 0. Legal.
    let r = paid(&pos, &[]);
    assert!(r.legal && r.requirements_max == 0 && r.requirements_max_free == 0, "{r:?}");
    assert_eq!(r.requirements[0].condition_holds, Some(false));
    // The Cyclops alone: "also" means another creature, so the condition fails; max 0. Legal,
    // though it obeys what would be its requirement.
    let r = paid(&pos, &[("cyclops", "B")]);
    assert!(r.legal && r.requirements_obeyed == 0 && r.requirements_max == 0, "{r:?}");
    assert_eq!((r.requirements[0].obeyed, r.requirements[0].condition_holds), (true, Some(false)));
    // The bear alone: the condition holds, the requirement is in force; bear and Cyclops obey 1.
    assert_illegal(&pos, &[("bear", "B")], V::Requirements);
    let r = free(&pos, &[("bear", "C")]);
    assert!(!r.legal && r.requirements_obeyed == 0 && r.requirements_max == 1, "{r:?}");
    // Bear and Cyclops, whatever each attacks: 1 of 1. Legal.
    assert_legal(&pos, &[("bear", "B"), ("cyclops", "B")]);
    assert_legal(&pos, &[("bear", "B"), ("cyclops", "C")]);
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1d_a_cyclops_that_cant_attack_never_stops_the_bear() {
    // Tapped (CR 508.1a): its requirement is listed but counts nowhere; the bear attacks freely.
    let pos = cyclops_board(json!({ "tapped": true }));
    assert_legal(&pos, &[("bear", "B")]);
    assert_legal(&pos, &[]);
    // Able to attack but forbidden (Pacifism-like, CR 508.1c): in force, yet no D' obeys it.
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [ creature_with("cyclops", "Ekundu Cyclops", json!({})), creature_with("bear", "Grizzly Bears", json!({})) ],
        "effects": [ { "kind": "cant_attack", "creatures": ["cyclops"], "source": "Pacifism" } ]
    }));
    let r = paid(&pos, &[("bear", "B")]);
    assert!(r.legal && r.requirements_max == 0 && r.requirements[0].condition_holds == Some(true), "{r:?}");
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1d_explicit_condition_with_a_selector() {
    // "attacks_if_able" with "if_other_attacks": {"subtype": "Goblin"}: the wolf must attack
    // when a Goblin of its controller attacks. goblin alone: in force, max 1 (goblin+wolf):
    // illegal; bear alone: not in force: legal; bear+goblin+wolf: 1, legal.
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [
            creature_with("wolf", "Timber Wolves", json!({})),
            creature_with("goblin", "Goblin Piker", json!({"subtypes": ["Goblin"]})),
            creature_with("bear", "Grizzly Bears", json!({}))
        ],
        "effects": [ { "kind": "attacks_if_able", "creatures": ["wolf"], "if_other_attacks": { "subtype": "Goblin" }, "source": "a pack call" } ]
    }));
    assert_illegal(&pos, &[("goblin", "B")], V::Requirements);
    assert_legal(&pos, &[("bear", "B")]);
    assert_legal(&pos, &[("bear", "B"), ("goblin", "B"), ("wolf", "B")]);
    let r = paid(&pos, &[("goblin", "B")]);
    assert!(r.requirements[0].text.contains("only if one of Goblin Piker (goblin) attacks"), "{}", r.requirements[0].text);
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1d_condition_looks_at_the_creatures_own_controller() {
    // Two-Headed Giant (CR 805.10): A and T declare together. T's creature attacking does not
    // make A's Cyclops's condition hold ("a creature you control").
    let pos = position(json!({
        "players": [{ "id": "A", "team": "x" }, { "id": "T", "team": "x" }, { "id": "B", "team": "y" }, { "id": "D", "team": "y" }],
        "variant": { "shared_team_turns": true },
        "permanents": [
            creature_with("cyclops", "Ekundu Cyclops", json!({})),
            { "id": "tbear", "name": "Grizzly Bears", "controller": "T", "types": ["Creature"], "power": 2, "toughness": 2 }
        ]
    }));
    assert_legal(&pos, &[("tbear", "B")]);
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1d_two_cyclopes_each_count_the_other() {
    // Each Cyclops's condition is met by the other. One Cyclops alone: the other's requirement
    // is in force (max 2 with both): illegal. Both: 2 of 2, legal. Nothing: legal.
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [ creature_with("c1", "Ekundu Cyclops", json!({})), creature_with("c2", "Ekundu Cyclops", json!({})) ]
    }));
    assert_illegal(&pos, &[("c1", "B")], V::Requirements);
    assert_legal(&pos, &[("c1", "B"), ("c2", "B")]);
    assert_legal(&pos, &[]);
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1d_paid_cost_exempts_the_cyclops_from_its_requirement() {
    // Propaganda on B's side; C is untaxed. bear -> B paying {2}: in force; a free Cyclops -> C
    // obeys it (free max 1, and paid max 1): illegal. With only B to attack, the Cyclops would
    // have to pay: bear -> B alone is legal under both baselines (CR 508.1d: no one has to pay).
    let two = json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [
            creature_with("cyclops", "Ekundu Cyclops", json!({})), creature_with("bear", "Grizzly Bears", json!({})),
            basic("m1", "A", "Mountain"), basic("m2", "A", "Mountain"), card("prop", "Propaganda", "B", &["Enchantment"])
        ]
    });
    let pos = position(two);
    let r = paid(&pos, &[("bear", "B")]);
    assert!(r.legal && r.requirements_max == 0, "{r:?}");
    assert!(free(&pos, &[("bear", "B")]).legal);
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1d_two_lone_cyclopes_each_may_attack_alone() {
    // Found by the differential tests against the first reading (every D' counted over D's set),
    // which left no declaration legal here. Two Cyclopes X and Y that each attack each combat if
    // able (Jx, Jy: Juggernaut-like) and can only attack alone (Master of Cruelties-like); each
    // also carries "attacks if another creature you control attacks" (Cx, Cy).
    // Nothing: in force Jx, Jy; X alone is credited Jx (1): illegal. X alone: in force Jx, Jy,
    // Cy (Y's condition: X is another creature); obeys Jx = 1; Y alone is credited over the
    // requirements in force in both, {Jx, Jy}: Jy = 1, not Cy (Y's own attack never meets its
    // condition, and in Y alone X does not attack): legal. Y alone likewise; both together break
    // "only alone". So the legal declarations are X alone and Y alone, under both baselines.
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [ creature_with("x", "Ekundu Cyclops", json!({})), creature_with("y", "Ekundu Cyclops", json!({})) ],
        "effects": [
            { "kind": "attacks_if_able", "creatures": ["x", "y"], "source": "Juggernaut-like" },
            { "kind": "attacks_only_alone", "creatures": ["x", "y"], "source": "Master of Cruelties-like" }
        ]
    }));
    assert_illegal(&pos, &[], V::Requirements);
    for baseline in [Baseline::Paid, Baseline::Free] {
        for alone in ["x", "y"] {
            let r = check_json(&pos, &attacks(&[(alone, "B")]), baseline);
            assert!(r.legal && r.requirements_obeyed == 1 && r.requirements_max == 1, "{alone} alone ({baseline}): {r:?}");
        }
        let oracle = ExhaustiveOracle::new(&pos).unwrap();
        assert_eq!(oracle.legal(baseline).len(), 2);
        let listed = solving::enumerate(&pos, baseline, 100, &Ilp::default()).unwrap();
        assert!(listed.declarations.len() == 2 && listed.complete, "{listed:?}");
        let best = solving::solve(&pos, Goal::Attackers, baseline, &Ilp::default()).unwrap();
        assert!(best.optimal && best.objective == 1 && best.result.legal, "{best:?}");
    }
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1d_bear_alone_under_a_cap_of_one_beside_a_cyclops() {
    // "No more than one creature can attack" (Silent Arbiter, CR 508.1c). The bear alone makes
    // the Cyclops's requirement in force, but no D' can obey it: the Cyclops would need the bear
    // beside it (its condition), and the cap allows one attacker. So the bar is 0 and the bear
    // alone is legal; the first reading (D' counted over D's set, conditions ignored in D')
    // credited the Cyclops alone with it and made the bear alone illegal.
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [
            creature_with("cyclops", "Ekundu Cyclops", json!({})), creature_with("bear", "Grizzly Bears", json!({})),
            card("arbiter", "Silent Arbiter", "B", &["Artifact", "Creature"])
        ]
    }));
    let r = paid(&pos, &[("bear", "B")]);
    assert!(r.legal && r.requirements_max == 0 && r.requirements[0].condition_holds == Some(true), "{r:?}");
    assert_legal(&pos, &[("cyclops", "B")]);
    assert_legal(&pos, &[]);
    all_methods_agree(&pos);
}

#[test]
fn cr_508_1d_solve_reports_the_classes() {
    // Power: both attack (5). Classes for the one list {cyclops, bear}, carrier the Cyclops:
    // nobody attacks, the Cyclops alone, otherwise: 3.
    let pos = cyclops_board(json!({ "power": 3 }));
    let got = solving::solve(&pos, Goal::Power, Baseline::Paid, &Ilp::default()).unwrap();
    assert_eq!((got.objective, got.condition_classes), (5, Some(3)));
    let listed = solving::enumerate(&pos, Baseline::Paid, 100, &Ilp::default()).unwrap();
    // Legal: nothing, the Cyclops alone (B or C), both (2 x 2): 7.
    assert_eq!((listed.declarations.len(), listed.condition_classes), (7, Some(3)));
    let oracle = ExhaustiveOracle::new(&pos).unwrap();
    assert_eq!(oracle.legal(Baseline::Paid).len(), 7);
    for r in &listed.declarations {
        assert!(check(&pos, &r.declaration, Baseline::Paid, &oracle).unwrap().legal);
    }
}

#[test]
fn cr_508_1d_too_many_classes_are_refused_not_guessed() {
    // Nine lists (one "if_other_attacks" selector per Cyclops naming a different bear), each
    // with 3 cases: 3^9 = 19,683 classes, past the limit: exit 2's kind of error.
    let mut permanents = Vec::new();
    let mut effects = Vec::new();
    for i in 0..9 {
        permanents.push(creature_with(&format!("c{i}"), "Hill Giant", json!({})));
        permanents.push(creature_with(&format!("b{i}"), "Grizzly Bears", json!({})));
        effects.push(json!({ "kind": "attacks_if_able", "creatures": [format!("c{i}")], "if_other_attacks": [format!("b{i}"), format!("c{i}")] }));
    }
    let pos = position(json!({ "players": [{ "id": "A" }, { "id": "B" }], "permanents": permanents, "effects": effects }));
    let e = solving::solve(&pos, Goal::Power, Baseline::Paid, &Ilp::default()).unwrap_err();
    assert!(matches!(e, attackopt::SolveError::TooLarge(_)), "{e}");
    assert!(e.to_string().contains("19683 classes"), "{e}");
    // check still answers with the integer program: it needs no classes.
    let r = check(&pos, &pos.declaration(&pos.rules.no_attack()), Baseline::Paid, &Ilp::default()).unwrap();
    assert!(r.legal, "{r:?}");
}

#[test]
fn cr_508_1d_bad_condition_is_reported_with_its_path() {
    let board = json!({
        "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [ creature_with("cyclops", "Hill Giant", json!({})) ],
        "effects": [ { "kind": "attacks_if_able", "creatures": ["cyclops"], "if_other_attacks": ["nobody"] } ]
    });
    let e = attackopt::parse_board(&board.to_string(), "b.json").unwrap_err().to_string();
    assert!(e.contains("b.json") && e.contains("effects[0].if_other_attacks"), "{e}");
    // Ignored where it means nothing, with a warning naming it.
    let board = json!({
        "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [ creature_with("x", "Hill Giant", json!({})) ],
        "effects": [ { "kind": "cant_attack", "creatures": ["x"], "if_other_attacks": "all" } ]
    });
    let vb = attackopt::parse_board(&board.to_string(), "b.json").unwrap();
    assert!(vb.warnings.iter().any(|w| w.path == "effects[0].if_other_attacks"), "{:?}", vb.warnings);
}

/// Magnetic Web's condition names no controller ("if a creature with a magnet counter on it
/// attacks"): under shared team turns (CR 805.10) a teammate's magnet creature attacking puts A's
/// in force, where Ekundu Cyclops's "a creature you control" does not (test above).
#[test]
fn cr_508_1d_magnetic_web_looks_at_every_attacking_creature() {
    const WEB: &str = "If a creature with a magnet counter on it attacks, all creatures with magnet counters on them attack if able.";
    let magnet = |id: &str, controller: &str| {
        json!({ "id": id, "name": "Grizzly Bears", "controller": controller, "types": ["Creature"], "power": 2, "toughness": 2,
                "counters": 1, "counters_of": { "magnet": 1 } })
    };
    let web = json!({ "id": "web", "name": "Magnetic Web", "controller": "B", "types": ["Artifact"], "oracle_text": WEB });
    let pos = position(json!({
        "players": [{ "id": "A", "team": "x" }, { "id": "T", "team": "x" }, { "id": "B", "team": "y" }, { "id": "D", "team": "y" }],
        "variant": { "shared_team_turns": true },
        "permanents": [web.clone(), magnet("am", "A"), magnet("tm", "T")]
    }));
    assert!(pos.board.assumptions.is_empty(), "{:?}", pos.board.assumptions);
    assert_illegal(&pos, &[("tm", "B")], attackopt::ViolationKind::Requirements);
    assert_legal(&pos, &[("tm", "B"), ("am", "B")]);
    assert_legal(&pos, &[]);
    all_methods_agree(&pos);
    // Two players: the same, and a creature without a counter changes nothing.
    let pos = position(json!({
        "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [web, magnet("x", "A"), magnet("y", "A"), { "id": "z", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "toughness": 2 }]
    }));
    assert_illegal(&pos, &[("x", "B")], attackopt::ViolationKind::Requirements);
    assert_legal(&pos, &[("z", "B")]);
    all_methods_agree(&pos);
}
