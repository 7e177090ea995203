//! One test (or a few) per rule, named after its CR number (docs/rules.md cites them). Every board
//! is small and built inline; every expected answer was derived by hand from docs/rules.md, with the
//! requirement counts of the alternatives written in a comment ("X: n obeyed ... max = m").

use crate::common;

use attackopt::{Baseline, ViolationKind as V};
use common::*;
use serde_json::{json, Value};

fn two_players() -> Value {
    json!([{ "id": "A" }, { "id": "B" }])
}
fn three_players() -> Value {
    json!([{ "id": "A" }, { "id": "B" }, { "id": "C" }])
}
fn four_players() -> Value {
    json!([{ "id": "A" }, { "id": "B" }, { "id": "C" }, { "id": "D" }])
}

fn elves(id: &str, controller: &str) -> Value {
    json!({ "id": id, "name": "Llanowar Elves", "controller": controller, "types": ["Creature"], "subtypes": ["Elf"],
            "colors": ["G"], "power": 1, "toughness": 1 })
}

fn creature_with(id: &str, controller: &str, extra: Value) -> Value {
    let mut c = bear(id, controller);
    for (k, v) in extra.as_object().unwrap() {
        c[k] = v.clone();
    }
    c
}

// =========================================================================== CR 508.1a

#[test]
fn cr_508_1a_tapped_creature_cannot_attack() {
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ creature_with("tb", "A", json!({"tapped": true})), bear("ub", "A") ]
    }));
    assert!(creature(&pos, "tb").ineligible.is_some());
    assert!(legal_target_ids(&pos, "tb").is_empty());
    assert_eq!(legal_target_ids(&pos, "ub"), ids(&["B"]));
    assert_illegal(&pos, &[("tb", "B")], V::Attacker);
    assert_illegal(&pos, &[("tb", "B"), ("ub", "B")], V::Attacker);
    assert_legal(&pos, &[("ub", "B")]);
    assert_legal(&pos, &[]);
}

#[test]
fn cr_508_1a_requirement_on_tapped_creature_is_listed_but_not_counted() {
    // Tapped Juggernaut: its requirement can't be obeyed and counts toward neither number.
    // no attack: 0 of 0; max = 0.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ { "id": "jug", "name": "Juggernaut", "controller": "A", "types": ["Artifact", "Creature"],
                          "power": 5, "toughness": 3, "tapped": true } ]
    }));
    let r = paid(&pos, &[]);
    assert!(r.legal);
    assert_eq!(r.requirements.len(), 1);
    assert!(!r.requirements[0].counts);
    assert_eq!((r.requirements_obeyed, r.requirements_max, r.requirements_max_free), (0, 0, 0));
}

#[test]
fn cr_508_1a_only_the_active_players_creatures_attack() {
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ bear("mine", "A"), bear("theirs", "B"), basic("f", "A", "Forest") ]
    }));
    // B's creature is not on the attacking side; a land is not a creature.
    assert_illegal(&pos, &[("theirs", "C")], V::Attacker);
    assert_illegal(&pos, &[("f", "B")], V::Attacker);
    assert_legal(&pos, &[("mine", "C")]);
}

#[test]
fn cr_508_1a_battle_cannot_attack() {
    // A battle that is also a creature is still a battle.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ { "id": "bc", "name": "Odd Battle", "controller": "A", "types": ["Battle", "Creature"],
                          "power": 3, "protector": "B" } ]
    }));
    assert!(creature(&pos, "bc").ineligible.is_some());
    assert_illegal(&pos, &[("bc", "B")], V::Attacker);
}

// =========================================================================== CR 302.6

#[test]
fn cr_302_6_summoning_sick_without_haste() {
    let pos = position(json!({
        "players": two_players(),
        "permanents": [
            creature_with("sick", "A", json!({"summoning_sick": true})),
            creature_with("hasty", "A", json!({"summoning_sick": true, "keywords": ["Haste"]}))
        ]
    }));
    assert!(creature(&pos, "sick").ineligible.is_some());
    assert!(creature(&pos, "hasty").ineligible.is_none());
    assert_illegal(&pos, &[("sick", "B")], V::Attacker);
    assert_legal(&pos, &[("hasty", "B")]);
}

#[test]
fn cr_302_6_summoning_sick_creature_cannot_tap_for_mana() {
    // Ghostly Prison: {2} per creature attacking B. A has a Forest and Llanowar Elves.
    let board = |elf_extra: Value| {
        let mut elf = elves("elf", "A");
        for (k, v) in elf_extra.as_object().unwrap() {
            elf[k] = v.clone();
        }
        position(json!({
            "players": two_players(),
            "permanents": [ bear("bear", "A"), elf, basic("f", "A", "Forest"),
                            card("gp", "Ghostly Prison", "B", &["Enchantment"]) ]
        }))
    };
    // Sick elves: only the Forest's {G}: 1 < 2.
    let pos = board(json!({"summoning_sick": true}));
    assert_illegal(&pos, &[("bear", "B")], V::Cost);
    // An explicit payment tapping the sick elves fails too.
    let d = attacks_paying(&[("bear", "B")], json!([{ "permanent": "elf", "mana": "{G}" }, { "permanent": "f", "mana": "{G}" }]));
    assert_illegal_json(&pos, &d, V::Cost);
    // Sick but hasty elves may tap (CR 302.6): Forest + elves = 2.
    let pos = board(json!({"summoning_sick": true, "keywords": ["Haste"]}));
    let r = paid(&pos, &[("bear", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!(r.cost.mana, "{2}");
    // Not sick: 2 as well.
    let pos = board(json!({}));
    assert_legal(&pos, &[("bear", "B")]);
}

// =========================================================================== CR 702.3b

#[test]
fn cr_702_3b_defender() {
    // The wall "attacks each combat if able" but has defender: it may not attack, and the
    // requirement counts nowhere. no attack: 0; max = 0.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ creature_with("wall", "A", json!({"keywords": ["Defender"], "power": 0})) ],
        "effects": [ { "kind": "attacks_if_able", "creatures": ["wall"] } ]
    }));
    assert!(creature(&pos, "wall").ineligible.is_some());
    assert_illegal(&pos, &[("wall", "B")], V::Attacker);
    let r = paid(&pos, &[]);
    assert!(r.legal);
    assert_eq!((r.requirements_max, r.requirements_max_free), (0, 0));
    assert!(!r.requirements[0].counts);
}

// =========================================================================== CR 508.1b

#[test]
fn cr_508_1b_teammate_is_not_a_defending_player() {
    let pos = position(json!({
        "players": [ { "id": "A", "team": "t1" }, { "id": "A2", "team": "t1" }, { "id": "B", "team": "t2" }, { "id": "C" } ],
        "permanents": [ bear("bear", "A"), walker("pwA2", "A2"), walker("pwB", "B"), basic("fB", "B", "Forest") ]
    }));
    // Defending players: B and C (opponents); A2 is a teammate; a Forest can't be attacked.
    assert_eq!(legal_target_ids(&pos, "bear"), ids(&["B", "C", "pwB"]));
    assert_illegal(&pos, &[("bear", "A2")], V::Target);
    assert_illegal(&pos, &[("bear", "pwA2")], V::Target);
    assert_illegal(&pos, &[("bear", "A")], V::Target);
    assert_illegal(&pos, &[("bear", "fB")], V::Target);
    assert_legal(&pos, &[("bear", "B")]);
    assert_legal(&pos, &[("bear", "pwB")]);
    assert_legal(&pos, &[("bear", "C")]);
}

// =========================================================================== CR 506.2a

#[test]
fn cr_506_2a_single_defending_player() {
    let pos = position(json!({
        "variant": { "attack": "single", "defending_player": "C" },
        "players": three_players(),
        "permanents": [
            bear("bear", "A"), walker("pwB", "B"), walker("pwC", "C"),
            { "id": "btC", "name": "Invasion of X", "controller": "B", "types": ["Battle"], "protector": "C" },
            { "id": "btB", "name": "Invasion of Y", "controller": "C", "types": ["Battle"], "protector": "B" }
        ]
    }));
    // Only C, C's planeswalkers and the battles C protects.
    assert_eq!(legal_target_ids(&pos, "bear"), ids(&["C", "btC", "pwC"]));
    assert_illegal(&pos, &[("bear", "B")], V::Target);
    assert_illegal(&pos, &[("bear", "pwB")], V::Target);
    assert_illegal(&pos, &[("bear", "btB")], V::Target);
    assert_legal(&pos, &[("bear", "C")]);
    assert_legal(&pos, &[("bear", "pwC")]);
    assert_legal(&pos, &[("bear", "btC")]);
}

// =========================================================================== CR 803.1

#[test]
fn cr_803_1_attack_left_only_adjacent_opponent() {
    // Seats A, B, C, D: A's left is B (next entry), A's right is D (previous, wrapping).
    let board = |dir: &str| {
        position(json!({
            "variant": { "attack": dir },
            "players": four_players(),
            "permanents": [ bear("bear", "A"), walker("pwB", "B"), walker("pwC", "C"), walker("pwD", "D") ]
        }))
    };
    let left = board("left");
    assert_eq!(legal_target_ids(&left, "bear"), ids(&["B", "pwB"]));
    assert_illegal(&left, &[("bear", "C")], V::Target);
    assert_illegal(&left, &[("bear", "D")], V::Target);
    assert_legal(&left, &[("bear", "B")]);
    let right = board("right");
    assert_eq!(legal_target_ids(&right, "bear"), ids(&["D", "pwD"]));
    assert_illegal(&right, &[("bear", "B")], V::Target);
    assert_legal(&right, &[("bear", "pwD")]);
}

#[test]
fn cr_803_1_attack_left_teammate_adjacent_means_no_one() {
    // A's left neighbour A2 is a teammate: no one can be attacked (not the next opponent B).
    let pos = position(json!({
        "variant": { "attack": "left" },
        "players": [ { "id": "A", "team": "x" }, { "id": "A2", "team": "x" }, { "id": "B" }, { "id": "C" } ],
        "permanents": [ bear("bear", "A") ],
        "effects": [ { "kind": "attacks_if_able", "creatures": ["bear"] } ]
    }));
    assert!(legal_target_ids(&pos, "bear").is_empty());
    assert_illegal(&pos, &[("bear", "B")], V::Target);
    // The requirement can't be obeyed: no attack obeys 0 of max 0.
    let r = paid(&pos, &[]);
    assert!(r.legal);
    assert_eq!(r.requirements_max, 0);
}

// =========================================================================== CR 801.3

#[test]
fn cr_801_3_range_of_influence() {
    // Five seats A B C D E. Range 1 from A: B (1 seat) and E (1 seat the other way).
    let board = |range: u32| {
        position(json!({
            "variant": { "range_of_influence": range },
            "players": [ { "id": "A" }, { "id": "B" }, { "id": "C" }, { "id": "D" }, { "id": "E" } ],
            "permanents": [ bear("bear", "A"), walker("pwC", "C"), walker("pwE", "E") ]
        }))
    };
    let r1 = board(1);
    assert_eq!(legal_target_ids(&r1, "bear"), ids(&["B", "E", "pwE"]));
    assert_illegal(&r1, &[("bear", "C")], V::Target);
    assert_illegal(&r1, &[("bear", "pwC")], V::Target);
    assert_illegal(&r1, &[("bear", "D")], V::Target);
    assert_legal(&r1, &[("bear", "E")]);
    // Range 2 reaches everyone at a five-seat table.
    let r2 = board(2);
    assert_eq!(legal_target_ids(&r2, "bear"), ids(&["B", "C", "D", "E", "pwC", "pwE"]));
}

// =========================================================================== CR 310.8b

#[test]
fn cr_310_8b_own_siege() {
    let pos = position(json!({
        "players": three_players(),
        "permanents": [
            bear("bear", "A"),
            // A's own Siege, protected by B (a defending player): A may attack it.
            { "id": "siegeA", "name": "Invasion of Tarkir", "controller": "A", "types": ["Battle"], "protector": "B" },
            // A battle A protects: its protector can never attack it.
            { "id": "protA", "name": "Invasion of Z", "controller": "B", "types": ["Battle"], "protector": "A" },
            // No protector: no defending player, can't be attacked.
            { "id": "orphan", "name": "Invasion of W", "controller": "C", "types": ["Battle"] }
        ]
    }));
    assert_eq!(legal_target_ids(&pos, "bear"), ids(&["B", "C", "siegeA"]));
    assert_legal(&pos, &[("bear", "siegeA")]);
    assert_illegal(&pos, &[("bear", "protA")], V::Target);
    assert_illegal(&pos, &[("bear", "orphan")], V::Target);
}

#[test]
fn cr_310_8b_own_siege_only_when_protector_is_defending() {
    // Single defending player B: A's Siege protected by C is not attackable.
    let pos = position(json!({
        "variant": { "attack": "single", "defending_player": "B" },
        "players": three_players(),
        "permanents": [
            bear("bear", "A"),
            { "id": "sB", "name": "Invasion of Tarkir", "controller": "A", "types": ["Battle"], "protector": "B" },
            { "id": "sC", "name": "Invasion of Ikoria", "controller": "A", "types": ["Battle"], "protector": "C" }
        ]
    }));
    assert_eq!(legal_target_ids(&pos, "bear"), ids(&["B", "sB"]));
    assert_illegal(&pos, &[("bear", "sC")], V::Target);
}

// =========================================================================== CR 701.15 goad

#[test]
fn cr_701_15b_goad_two_requirements() {
    // Goaded by B: "attacks if able" + "attacks a player other than B if able".
    // bear->C: 2; bear->B: 1; bear->pwC: 1 (no player half); no attack: 0. max = 2.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ creature_with("bear", "A", json!({"goaded_by": ["B"]})), walker("pwC", "C") ]
    }));
    assert_eq!(pos.rules.requirements.len(), 2);
    let r = paid(&pos, &[("bear", "C")]);
    assert!(r.legal);
    assert_eq!((r.requirements_obeyed, r.requirements_max, r.requirements_max_free), (2, 2, 2));
    let r = paid(&pos, &[("bear", "B")]);
    assert_eq!(r.requirements_obeyed, 1);
    assert!(has(&r, V::Requirements));
    assert!(r.witness.is_some());
    assert_illegal(&pos, &[("bear", "B")], V::Requirements);
    assert_illegal(&pos, &[("bear", "pwC")], V::Requirements);
    assert_illegal(&pos, &[], V::Requirements);
    assert_legal(&pos, &[("bear", "C")]);
}

#[test]
fn cr_701_15b_goad_with_only_the_goader_attackable() {
    // Two players: only B can be attacked. bear->B: 1 (attack half); no attack: 0. max = 1.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ creature_with("bear", "A", json!({"goaded_by": ["B"]})) ]
    }));
    assert_legal(&pos, &[("bear", "B")]);
    assert_illegal(&pos, &[], V::Requirements);
}

#[test]
fn cr_701_15c_two_goaders() {
    // Goaded by B and C: 4 requirements. bear->D: 4; bear->B: 2 + "other than C" = 3;
    // bear->C: 3; no attack: 0. max = 4.
    let pos = position(json!({
        "players": four_players(),
        "permanents": [ creature_with("bear", "A", json!({"goaded_by": ["B", "C"]})) ]
    }));
    assert_eq!(pos.rules.requirements.len(), 4);
    let r = paid(&pos, &[("bear", "D")]);
    assert!(r.legal);
    assert_eq!((r.requirements_obeyed, r.requirements_max), (4, 4));
    assert_eq!(paid(&pos, &[("bear", "B")]).requirements_obeyed, 3);
    assert_illegal(&pos, &[("bear", "B")], V::Requirements);
    assert_illegal(&pos, &[("bear", "C")], V::Requirements);
    assert_illegal(&pos, &[], V::Requirements);
}

#[test]
fn cr_701_15c_goaded_by_every_opponent_must_attack_a_player() {
    // Three players, goaded by B and C. bear->B: 3; bear->C: 3; bear->pwB: 2; none: 0. max = 3.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ creature_with("bear", "A", json!({"goaded_by": ["B", "C"]})), walker("pwB", "B") ]
    }));
    assert_legal(&pos, &[("bear", "B")]);
    assert_legal(&pos, &[("bear", "C")]);
    assert_illegal(&pos, &[("bear", "pwB")], V::Requirements);
    assert_illegal(&pos, &[], V::Requirements);
}

#[test]
fn cr_701_15d_same_goader_twice_dedup() {
    // Goaded by B twice: still 2 requirements. bear->C: 2; max = 2.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ creature_with("bear", "A", json!({"goaded_by": ["B", "B"]})) ]
    }));
    assert_eq!(pos.rules.requirements.len(), 2);
    let r = paid(&pos, &[("bear", "C")]);
    assert!(r.legal);
    assert_eq!(r.requirements_max, 2);
}

#[test]
fn cr_701_15d_goad_look_alikes_are_not_deduplicated() {
    // Kardur twice (explicit pairs, not goad): 4 requirements. bear->C: 4; bear->B: 2. max = 4.
    let pair = json!([
        { "kind": "attacks_if_able", "creatures": ["bear"], "source": "Kardur" },
        { "kind": "attacks_player_other_than_if_able", "creatures": ["bear"], "player": "B", "source": "Kardur" },
        { "kind": "attacks_if_able", "creatures": ["bear"], "source": "Maximum Carnage" },
        { "kind": "attacks_player_other_than_if_able", "creatures": ["bear"], "player": "B", "source": "Maximum Carnage" }
    ]);
    let pos = position(json!({ "players": three_players(), "permanents": [ bear("bear", "A") ], "effects": pair }));
    assert_eq!(pos.rules.requirements.len(), 4);
    let r = paid(&pos, &[("bear", "C")]);
    assert!(r.legal);
    assert_eq!(r.requirements_max, 4);
    assert_eq!(paid(&pos, &[("bear", "B")]).requirements_obeyed, 2);
    assert_illegal(&pos, &[("bear", "B")], V::Requirements);
}

#[test]
fn cr_701_15b_attacking_a_battle_obeys_only_the_attack_half() {
    // Goaded by B; A's Siege protected by B; C also attackable.
    // bear->C: 2; bear->siege: 1; bear->B: 1. max = 2.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ creature_with("bear", "A", json!({"goaded_by": ["B"]})),
                        { "id": "siege", "name": "Invasion of Tarkir", "controller": "A", "types": ["Battle"], "protector": "C" } ]
    }));
    assert_eq!(paid(&pos, &[("bear", "siege")]).requirements_obeyed, 1);
    assert_illegal(&pos, &[("bear", "siege")], V::Requirements);
    assert_legal(&pos, &[("bear", "C")]);
}

// =========================================================================== CR 508.1c restrictions

#[test]
fn cr_508_1c_cant_attack_alone() {
    // Mogg Flunkies: legal only with another attacker, whatever it attacks.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [
            { "id": "f1", "name": "Mogg Flunkies", "controller": "A", "types": ["Creature"], "subtypes": ["Goblin"], "power": 3 },
            { "id": "f2", "name": "Mogg Flunkies", "controller": "A", "types": ["Creature"], "subtypes": ["Goblin"], "power": 3 },
            bear("bear", "A")
        ]
    }));
    assert_illegal(&pos, &[("f1", "B")], V::Restriction);
    assert_legal(&pos, &[("f1", "B"), ("bear", "C")]);
    assert_legal(&pos, &[("f1", "B"), ("f2", "B")]);
    assert_legal(&pos, &[("bear", "B")]);
    assert_legal(&pos, &[]);
}

#[test]
fn cr_508_1c_min_other_attackers_orcish_conscripts() {
    // Orcish Conscripts: at least two other attackers.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [
            { "id": "oc", "name": "Orcish Conscripts", "controller": "A", "types": ["Creature"], "power": 2 },
            bear("b1", "A"), bear("b2", "A"), bear("b3", "A")
        ],
        "effects": [ { "kind": "min_other_attackers", "creatures": ["b3"], "count": 3 } ]
    }));
    assert_illegal(&pos, &[("oc", "B")], V::Restriction);
    assert_illegal(&pos, &[("oc", "B"), ("b1", "B")], V::Restriction);
    assert_legal(&pos, &[("oc", "B"), ("b1", "B"), ("b2", "B")]);
    // b3 needs three others.
    assert_illegal(&pos, &[("b3", "B"), ("b1", "B"), ("b2", "B")], V::Restriction);
    assert_legal(&pos, &[("b3", "B"), ("b1", "B"), ("b2", "B"), ("oc", "B")]);
}

#[test]
fn cr_508_1c_attacks_only_alone() {
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ { "id": "moc", "name": "Master of Cruelties", "controller": "A", "types": ["Creature"], "power": 1 },
                        bear("bear", "A") ]
    }));
    assert_illegal(&pos, &[("moc", "B"), ("bear", "C")], V::Restriction);
    assert_legal(&pos, &[("moc", "B")]);
    assert_legal(&pos, &[("bear", "B")]);
}

#[test]
fn cr_508_1c_max_attackers_per_combat() {
    // Silent Arbiter (one attacker) controlled by B; Caverns of Despair (two) in another game.
    let arbiter = position(json!({
        "players": two_players(),
        "permanents": [ bear("b1", "A"), bear("b2", "A"),
                        { "id": "sa", "name": "Silent Arbiter", "controller": "B", "types": ["Artifact", "Creature"], "power": 1 } ]
    }));
    assert_illegal(&arbiter, &[("b1", "B"), ("b2", "B")], V::Restriction);
    assert_legal(&arbiter, &[("b2", "B")]);
    let caverns = position(json!({
        "players": three_players(),
        "permanents": [ bear("b1", "A"), bear("b2", "A"), bear("b3", "A"), card("cav", "Caverns of Despair", "C", &["Enchantment"]) ]
    }));
    assert_illegal(&caverns, &[("b1", "B"), ("b2", "C"), ("b3", "C")], V::Restriction);
    assert_legal(&caverns, &[("b1", "B"), ("b2", "C")]);
}

#[test]
fn cr_508_1c_max_attackers_per_combat_ignores_earlier_combats() {
    // "each combat" cap of 1 after one creature already attacked this turn: one may attack.
    let pos = position(json!({
        "attacked_this_turn": 1,
        "players": two_players(),
        "permanents": [ bear("b1", "A"), bear("b2", "A") ],
        "effects": [ { "kind": "max_attackers", "count": 1, "per": "combat" } ]
    }));
    assert_legal(&pos, &[("b1", "B")]);
    assert_illegal(&pos, &[("b1", "B"), ("b2", "B")], V::Restriction);
}

#[test]
fn cr_508_1c_max_attackers_per_turn_counts_attacked_this_turn() {
    // Dueling Grounds: one attacker each turn.
    let board = |already: u32| {
        position(json!({
            "attacked_this_turn": already,
            "players": two_players(),
            "permanents": [ bear("b1", "A"), bear("b2", "A"), card("dg", "Dueling Grounds", "B", &["Enchantment"]) ],
            "effects": [ { "kind": "attacks_if_able", "creatures": ["b1"] } ]
        }))
    };
    // First combat: b1->B: 1; b2->B: 0; none: 0. max = 1.
    let first = board(0);
    assert_legal(&first, &[("b1", "B")]);
    assert_illegal(&first, &[("b1", "B"), ("b2", "B")], V::Restriction);
    assert_illegal(&first, &[], V::Requirements);
    // Second combat after one attacker: nobody may attack; none: 0 of max 0.
    let second = board(1);
    assert_illegal(&second, &[("b1", "B")], V::Restriction);
    let r = paid(&second, &[]);
    assert!(r.legal);
    assert_eq!(r.requirements_max, 0);
}

#[test]
fn cr_508_1c_max_attackers_per_player_not_their_planeswalkers() {
    // Crawlspace (B): at most two creatures attack B; B's planeswalker is not counted.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ bear("b1", "A"), bear("b2", "A"), bear("b3", "A"), walker("pwB", "B"),
                        card("cs", "Crawlspace", "B", &["Artifact"]) ]
    }));
    assert_illegal(&pos, &[("b1", "B"), ("b2", "B"), ("b3", "B")], V::Restriction);
    assert_legal(&pos, &[("b1", "B"), ("b2", "B"), ("b3", "pwB")]);
    assert_legal(&pos, &[("b1", "pwB"), ("b2", "pwB"), ("b3", "pwB")]);
}

#[test]
fn cr_508_1c_cant_attack_you_leaves_planeswalkers_attackable() {
    // Blazing Archon (B): creatures can't attack B; B's planeswalker may be attacked.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ bear("bear", "A"), walker("pwB", "B"),
                        { "id": "ba", "name": "Blazing Archon", "controller": "B", "types": ["Creature"], "power": 5 } ]
    }));
    assert_eq!(allowed_ids(&pos, "bear"), ids(&["pwB"]));
    assert_illegal(&pos, &[("bear", "B")], V::Restriction);
    assert_legal(&pos, &[("bear", "pwB")]);
}

#[test]
fn cr_508_1c_moat_flying_only() {
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ bear("bear", "A"), creature_with("bird", "A", json!({"keywords": ["Flying"]})),
                        card("moat", "Moat", "B", &["Enchantment"]) ]
    }));
    assert_illegal(&pos, &[("bear", "B")], V::Restriction);
    assert_legal(&pos, &[("bird", "B")]);
}

#[test]
fn cr_508_1c_pacifism_on_attached_creature_only() {
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ bear("pac", "A"), bear("free", "A"),
                        { "id": "p", "name": "Pacifism", "controller": "B", "types": ["Enchantment"], "subtypes": ["Aura"], "attached_to": "pac" } ]
    }));
    assert!(allowed_ids(&pos, "pac").is_empty());
    assert_illegal(&pos, &[("pac", "B")], V::Restriction);
    assert_legal(&pos, &[("free", "B")]);
}

// =========================================================================== CR 508.1d requirements

#[test]
fn cr_508_1d_official_example() {
    // "attacks if able", a vanilla creature, "no more than one creature can attack".
    // raider: 1; bystander: 0; none: 0; both: restriction. max = 1.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ bear("raider", "A"), bear("bystander", "A") ],
        "effects": [ { "kind": "attacks_if_able", "creatures": ["raider"] }, { "kind": "max_attackers", "count": 1 } ]
    }));
    assert_legal(&pos, &[("raider", "B")]);
    assert_illegal(&pos, &[("bystander", "B")], V::Requirements);
    assert_illegal(&pos, &[], V::Requirements);
    assert_illegal(&pos, &[("raider", "B"), ("bystander", "B")], V::Restriction);
}

#[test]
fn cr_508_1d_attacks_if_able_with_target() {
    // Alluring Siren: bear attacks B if able. bear->B: 1; bear->pwB: 0; bear->C: 0; none: 0. max = 1.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ bear("bear", "A"), walker("pwB", "B") ],
        "effects": [ { "kind": "attacks_if_able", "creatures": ["bear"], "target": { "players": ["B"] }, "source": "Alluring Siren" } ]
    }));
    assert_legal(&pos, &[("bear", "B")]);
    assert_illegal(&pos, &[("bear", "pwB")], V::Requirements);
    assert_illegal(&pos, &[("bear", "C")], V::Requirements);
    assert_illegal(&pos, &[], V::Requirements);
}

#[test]
fn cr_508_1d_attacks_a_given_planeswalker_if_able() {
    // Gideon Jura: bear attacks pwB if able. bear->pwB: 1; bear->B: 0. max = 1.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ bear("bear", "A"), walker("pwB", "B") ],
        "effects": [ { "kind": "attacks_if_able", "creatures": "all", "target": { "permanents": ["pwB"] }, "source": "Gideon Jura" } ]
    }));
    assert_legal(&pos, &[("bear", "pwB")]);
    assert_illegal(&pos, &[("bear", "B")], V::Requirements);
}

#[test]
fn cr_508_1d_player_attacks_if_able_trove() {
    // Trove of Temptation (B): one requirement on A (C is not declaring): at least one of A's
    // creatures attacks B or pwB. Any such declaration: 1; otherwise 0. max = 1.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ bear("b1", "A"), bear("b2", "A"), walker("pwB", "B"),
                        card("trove", "Trove of Temptation", "B", &["Enchantment"]) ]
    }));
    assert_eq!(pos.rules.requirements.len(), 1);
    assert_legal(&pos, &[("b1", "B")]);
    assert_legal(&pos, &[("b1", "pwB"), ("b2", "C")]);
    assert_legal(&pos, &[("b1", "B"), ("b2", "B")]);
    assert_illegal(&pos, &[], V::Requirements);
    assert_illegal(&pos, &[("b1", "C")], V::Requirements);
    assert_illegal(&pos, &[("b1", "C"), ("b2", "C")], V::Requirements);
}

#[test]
fn cr_508_1d_requirements_counted_one_by_one() {
    // Juggernaut plus Bident-style "attacks if able" on it: two requirements on jug; one on
    // each of b1, b2; Caverns of Despair: at most two attackers.
    // jug+b1: 3; jug+b2: 3; b1+b2: 2; jug alone: 2; none: 0. max = 3.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [
            { "id": "jug", "name": "Juggernaut", "controller": "A", "types": ["Artifact", "Creature"], "power": 5 },
            bear("b1", "A"), bear("b2", "A"), card("cav", "Caverns of Despair", "B", &["Enchantment"])
        ],
        "effects": [
            { "kind": "attacks_if_able", "creatures": ["jug"], "source": "Bident of Thassa" },
            { "kind": "attacks_if_able", "creatures": ["b1", "b2"] }
        ]
    }));
    assert_eq!(pos.rules.requirements.len(), 4);
    let r = paid(&pos, &[("jug", "B"), ("b1", "B")]);
    assert!(r.legal);
    assert_eq!((r.requirements_obeyed, r.requirements_max), (3, 3));
    assert_legal(&pos, &[("jug", "B"), ("b2", "B")]);
    assert_illegal(&pos, &[("b1", "B"), ("b2", "B")], V::Requirements);
    assert_illegal(&pos, &[("jug", "B")], V::Requirements);
}

#[test]
fn cr_508_1d_two_requirements_beat_one_under_a_cap() {
    // Silent Arbiter: one attacker. jug has two requirements, bear one.
    // jug: 2; bear: 1; none: 0. max = 2.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [
            { "id": "jug", "name": "Juggernaut", "controller": "A", "types": ["Artifact", "Creature"], "power": 5 },
            bear("bear", "A"), card("sa", "Silent Arbiter", "B", &["Artifact", "Creature"])
        ],
        "effects": [ { "kind": "attacks_if_able", "creatures": ["jug", "bear"] } ]
    }));
    assert_legal(&pos, &[("jug", "B")]);
    assert_illegal(&pos, &[("bear", "B")], V::Requirements);
}

#[test]
fn cr_508_1d_cost_never_has_to_be_paid() {
    // Juggernaut must attack, but its only opponent has Propaganda ({2}); A has two Forests.
    // no attack: legal (paid: D incurs nothing, so D' may incur nothing: max 0; free: max 0).
    // jug->B: paid max 1 with that cost allowed, obeys 1: legal; free max 0: legal.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [
            { "id": "jug", "name": "Juggernaut", "controller": "A", "types": ["Artifact", "Creature"], "power": 5 },
            basic("f1", "A", "Forest"), basic("f2", "A", "Forest"), card("prop", "Propaganda", "B", &["Enchantment"])
        ]
    }));
    let r = paid(&pos, &[]);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!((r.requirements_max, r.requirements_max_free), (0, 0));
    assert_legal(&pos, &[]);
    let r = paid(&pos, &[("jug", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!((r.requirements_obeyed, r.requirements_max, r.requirements_max_free), (1, 1, 0));
    assert_eq!(r.cost.mana, "{2}");
    assert!(free(&pos, &[("jug", "B")]).legal);
}

#[test]
fn cr_508_1d_paid_baseline_counts_requirements_a_paid_attack_enables() {
    // docs/rules.md section 7: B has an Island and Propaganda, C has none; Sea Serpent can attack
    // only B ({2}); Flunkies must attack but not alone. A has two Islands to pay.
    // Free: Serpent can't attack for free, Flunkies can't alone: max_free = 0.
    // D = serpent->B: paid D' serpent->B + flunkies->C obeys 1, D obeys 0: illegal under paid,
    // legal under free.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [
            { "id": "ss", "name": "Sea Serpent", "controller": "A", "types": ["Creature"], "power": 5 },
            { "id": "mf", "name": "Mogg Flunkies", "controller": "A", "types": ["Creature"], "power": 3 },
            basic("i1", "A", "Island"), basic("i2", "A", "Island"),
            basic("iB", "B", "Island"), card("prop", "Propaganda", "B", &["Enchantment"]), basic("mC", "C", "Mountain")
        ],
        "effects": [ { "kind": "attacks_if_able", "creatures": ["mf"] } ]
    }));
    let p = paid(&pos, &[("ss", "B")]);
    let f = free(&pos, &[("ss", "B")]);
    assert!(!p.legal && has(&p, V::Requirements));
    assert_eq!((p.requirements_obeyed, p.requirements_max, p.requirements_max_free), (0, 1, 0));
    assert!(f.legal, "{:?}", f.violations);
    assert_eq!((p.legal_under.paid, p.legal_under.free), (false, true));
    assert_legal(&pos, &[("ss", "B"), ("mf", "C")]);
    assert_legal(&pos, &[]);
    // Both at B: {4} with two Islands.
    assert_illegal(&pos, &[("ss", "B"), ("mf", "B")], V::Cost);
}

// =========================================================================== CR 508.1g-j costs

fn taxed(perms: Value, life: i64) -> attackopt::Position {
    position(json!({ "players": [ { "id": "A", "life": life }, { "id": "B" }, { "id": "C" } ], "permanents": perms }))
}

#[test]
fn cr_508_1g_costs_are_totalled_and_cumulative() {
    // Two Propagandas: {4} per creature attacking B.
    let perms = |forests: usize| {
        let mut v = vec![bear("bear", "A"), card("p1", "Propaganda", "B", &["Enchantment"]), card("p2", "Propaganda", "B", &["Enchantment"])];
        for i in 0..forests {
            v.push(basic(&format!("f{i}"), "A", "Forest"));
        }
        Value::Array(v)
    };
    let three = taxed(perms(3), 20);
    assert_illegal(&three, &[("bear", "B")], V::Cost);
    assert_eq!(paid(&three, &[("bear", "B")]).cost.mana, "{4}");
    let four = taxed(perms(4), 20);
    let r = paid(&four, &[("bear", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!(r.cost.mana, "{4}");
    assert_eq!(r.declaration.payment.as_ref().map(Vec::len), Some(4));
    // C has no tax.
    assert_eq!(paid(&three, &[("bear", "C")]).cost.mana, "");
    assert_legal(&three, &[("bear", "C")]);
}

#[test]
fn cr_508_1j_no_partial_payment() {
    // Propaganda: {2} each; three Forests: one attacker payable, two ({4}) not.
    let pos = taxed(
        json!([
            bear("b1", "A"),
            bear("b2", "A"),
            basic("f1", "A", "Forest"),
            basic("f2", "A", "Forest"),
            basic("f3", "A", "Forest"),
            card("prop", "Propaganda", "B", &["Enchantment"])
        ]),
        20,
    );
    assert_legal(&pos, &[("b1", "B")]);
    assert_legal(&pos, &[("b2", "B")]);
    assert_illegal(&pos, &[("b1", "B"), ("b2", "B")], V::Cost);
    // One creature at B, the other at C: {2}, payable.
    assert_legal(&pos, &[("b1", "B"), ("b2", "C")]);
    // An explicit payment that covers only part of {2}.
    let d = attacks_paying(&[("b1", "B")], json!([{ "permanent": "f1", "mana": "{G}" }]));
    assert_illegal_json(&pos, &d, V::Cost);
}

#[test]
fn cr_118_5_zero_cost_still_a_cost() {
    // bear must attack; its only opponent taxes it {0}. Under "free" the attack incurs a cost,
    // so max_free = 0. no attack: legal (max 0 both); bear->B: obeys 1, legal (paid max 1).
    let board = |cost: Option<&str>| {
        let mut effects = vec![json!({ "kind": "attacks_if_able", "creatures": ["bear"] })];
        if let Some(c) = cost {
            effects.push(json!({ "kind": "attack_cost", "creatures": ["bear"], "target": { "players": ["B"] }, "cost": c }));
        }
        position(json!({ "players": two_players(), "permanents": [ bear("bear", "A") ], "effects": effects }))
    };
    let pos = board(Some("{0}"));
    let r = paid(&pos, &[]);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!((r.requirements_max, r.requirements_max_free), (0, 0));
    assert_legal(&pos, &[]);
    let r = paid(&pos, &[("bear", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!(r.cost.mana, "{0}");
    assert_eq!((r.requirements_obeyed, r.requirements_max, r.requirements_max_free), (1, 1, 0));
    assert_legal(&pos, &[("bear", "B")]);
    // Without the {0} tax, not attacking breaks the requirement.
    let untaxed = board(None);
    assert_illegal(&untaxed, &[], V::Requirements);
}

#[test]
fn cr_107_4f_phyrexian_life() {
    // Norn's Annex (B): {W/P} per creature attacking B or pwB; A has no mana.
    let pos = |life: i64, extra: Vec<Value>| {
        let mut v = vec![bear("b1", "A"), bear("b2", "A"), walker("pwB", "B"), card("na", "Norn's Annex", "B", &["Artifact"])];
        v.extend(extra);
        taxed(Value::Array(v), life)
    };
    let p20 = pos(20, vec![]);
    let r = paid(&p20, &[("b1", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!((r.cost.mana.as_str(), r.cost.life), ("{W/P}", 2));
    let r = paid(&p20, &[("b1", "B"), ("b2", "pwB")]);
    assert!(r.legal);
    assert_eq!((r.cost.mana.as_str(), r.cost.life), ("{W/P}{W/P}", 4));
    // Attacking C costs nothing.
    assert_eq!(paid(&p20, &[("b1", "C")]).cost.life, 0);
    // With a Plains, the least life: one symbol paid with {W}, the other with 2 life.
    let plains = pos(20, vec![basic("pl", "A", "Plains")]);
    assert_eq!(paid(&plains, &[("b1", "B")]).cost.life, 0);
    assert_eq!(paid(&plains, &[("b1", "B"), ("b2", "B")]).cost.life, 2);
    // Life 3: one symbol (2 life) yes, two (4 life) no.
    let p3 = pos(3, vec![]);
    assert_legal(&p3, &[("b1", "B")]);
    assert_illegal(&p3, &[("b1", "B"), ("b2", "B")], V::Cost);
}

#[test]
fn cr_119_4_cannot_pay_more_life_than_total() {
    let pos = |life: i64| taxed(json!([bear("b1", "A"), card("na", "Norn's Annex", "B", &["Artifact"])]), life);
    // Paying exactly one's whole life total is allowed (2 of 2).
    assert_legal(&pos(2), &[("b1", "B")]);
    // 1, 0 or negative life: can't pay 2.
    assert_illegal(&pos(1), &[("b1", "B")], V::Cost);
    assert_illegal(&pos(0), &[("b1", "B")], V::Cost);
    assert_illegal(&pos(-3), &[("b1", "B")], V::Cost);
    // Explicit payment: 2 life with 2 is fine; 4 life with 3 is not.
    assert_legal_json(&pos(2), &attacks_paying(&[("b1", "B")], json!([{ "player": "A", "life": 2 }])));
    assert_illegal_json(&pos(3), &attacks_paying(&[("b1", "B")], json!([{ "player": "A", "life": 4 }])), V::Cost);
}

#[test]
fn cr_810_9_shared_life_two_headed_giant() {
    // Two-Headed Giant: team t1 = A (life 3, the team's total) and A2 (its own life is ignored);
    // Norn's Annex of B taxes creatures attacking B {W/P}. Nobody has mana.
    let board = |shared: Option<bool>, life_a: i64, life_a2: i64| {
        let mut variant = json!({ "shared_team_turns": true });
        if let Some(s) = shared {
            variant["shared_life"] = json!(s);
        }
        position(json!({
            "variant": variant,
            "players": [ { "id": "A", "team": "t1", "life": life_a }, { "id": "A2", "team": "t1", "life": life_a2 },
                         { "id": "B", "team": "t2" }, { "id": "B2", "team": "t2" } ],
            "permanents": [ bear("a", "A"), bear("a2", "A2"), card("na", "Norn's Annex", "B", &["Artifact"]) ]
        }))
    };
    let pos = board(None, 3, 20);
    assert_legal(&pos, &[("a", "B")]);
    assert_legal(&pos, &[("a2", "B")]);
    // 2 + 2 = 4 life from one total of 3.
    assert_illegal(&pos, &[("a", "B"), ("a2", "B")], V::Cost);
    // Only one is taxed: 2 of 3.
    assert_legal(&pos, &[("a", "B"), ("a2", "B2")]);
    // The total is the first listed player's: A 20, A2 1 -> A2 may pay 2.
    let pos = board(None, 20, 1);
    assert_legal(&pos, &[("a2", "B")]);
    assert_legal(&pos, &[("a", "B"), ("a2", "B")]);
    // Archenemy-style separate life: A pays 2 of 3, A2 2 of 20.
    let pos = board(Some(false), 3, 20);
    assert_legal(&pos, &[("a", "B"), ("a2", "B")]);
    let pos = board(Some(false), 20, 1);
    assert_illegal(&pos, &[("a2", "B")], V::Cost);
}

#[test]
fn cr_810_5_mana_not_shared_between_teammates() {
    // 2HG: Propaganda of B; A attacks, the Forests are A2's.
    let board = |forest_owner: &str| {
        position(json!({
            "variant": { "shared_team_turns": true },
            "players": [ { "id": "A", "team": "t1" }, { "id": "A2", "team": "t1" }, { "id": "B", "team": "t2" }, { "id": "B2", "team": "t2" } ],
            "permanents": [ bear("a", "A"), basic("f1", forest_owner, "Forest"), basic("f2", forest_owner, "Forest"),
                            card("prop", "Propaganda", "B", &["Enchantment"]) ]
        }))
    };
    let pos = board("A2");
    assert_illegal(&pos, &[("a", "B")], V::Cost);
    // Explicitly paying with the teammate's Forests does not work either.
    let d = attacks_paying(&[("a", "B")], json!([{ "permanent": "f1", "mana": "{G}" }, { "permanent": "f2", "mana": "{G}" }]));
    assert_illegal_json(&pos, &d, V::Cost);
    // Propaganda covers only its controller: B2 is free.
    assert_legal(&pos, &[("a", "B2")]);
    let pos = board("A");
    assert_legal(&pos, &[("a", "B")]);
}

#[test]
fn cr_805_10_team_declares_together() {
    // 2HG: A's Mogg Flunkies may attack with A2's bear.
    let pos = position(json!({
        "variant": { "shared_team_turns": true },
        "players": [ { "id": "A", "team": "t1" }, { "id": "A2", "team": "t1" }, { "id": "B", "team": "t2" }, { "id": "B2", "team": "t2" } ],
        "permanents": [ { "id": "mf", "name": "Mogg Flunkies", "controller": "A", "types": ["Creature"], "power": 3 },
                        bear("a2", "A2"), bear("b", "B") ]
    }));
    assert_eq!(pos.rules.creatures.len(), 2);
    assert_legal(&pos, &[("mf", "B"), ("a2", "B2")]);
    assert_illegal(&pos, &[("mf", "B")], V::Restriction);
    assert_illegal(&pos, &[("b", "A")], V::Attacker);
}

#[test]
fn cr_805_10_trove_one_requirement_per_attacking_teammate() {
    // 2HG: Trove of B: "each opponent" = A and A2, both declaring: 2 requirements.
    // a->B, a2->pwB: 2; a->B alone: 1; a->B2, a2->B2: 0. max = 2.
    let pos = position(json!({
        "variant": { "shared_team_turns": true },
        "players": [ { "id": "A", "team": "t1" }, { "id": "A2", "team": "t1" }, { "id": "B", "team": "t2" }, { "id": "B2", "team": "t2" } ],
        "permanents": [ bear("a", "A"), bear("a2", "A2"), walker("pwB", "B"), card("trove", "Trove of Temptation", "B", &["Enchantment"]) ]
    }));
    assert_eq!(pos.rules.requirements.len(), 2);
    assert_legal(&pos, &[("a", "B"), ("a2", "pwB")]);
    assert_illegal(&pos, &[("a", "B")], V::Requirements);
    assert_illegal(&pos, &[("a", "B2"), ("a2", "B2")], V::Requirements);
}

#[test]
fn cr_508_1f_attacking_creature_without_vigilance_cannot_tap_for_mana() {
    // Ghostly Prison (B): {2}. A: Llanowar Elves, a Forest, a bear.
    let board = |elf_vigilance: bool| {
        let mut elf = elves("elf", "A");
        if elf_vigilance {
            elf["keywords"] = json!(["Vigilance"]);
        }
        position(json!({
            "players": three_players(),
            "permanents": [ bear("bear", "A"), elf, basic("f", "A", "Forest"), card("gp", "Ghostly Prison", "B", &["Enchantment"]) ]
        }))
    };
    let pos = board(false);
    // elf attacks B: it is tapped, only the Forest pays: 1 < 2.
    assert_illegal(&pos, &[("elf", "B")], V::Cost);
    // bear attacks B and the elf attacks C: again only the Forest.
    assert_illegal(&pos, &[("bear", "B"), ("elf", "C")], V::Cost);
    // bear attacks B, elf stays home and taps: Forest + elf.
    assert_legal(&pos, &[("bear", "B")]);
    let ok = attacks_paying(&[("bear", "B")], json!([{ "permanent": "elf", "mana": "{G}" }, { "permanent": "f", "mana": "{G}" }]));
    let r = assert_legal_json(&pos, &ok);
    assert_eq!(r.declaration.payment.as_ref().map(Vec::len), Some(2));
    let bad = attacks_paying(&[("elf", "B")], json!([{ "permanent": "elf", "mana": "{G}" }, { "permanent": "f", "mana": "{G}" }]));
    assert_illegal_json(&pos, &bad, V::Cost);
    // With vigilance the elf pays for its own attack.
    let vig = board(true);
    assert_legal(&vig, &[("elf", "B")]);
    assert_legal_json(&vig, &bad);
}

#[test]
fn cr_106_7_reflecting_pools_alone_make_nothing() {
    // Propaganda (B): {2}. A's Reflecting Pools copy only what A's lands could produce.
    let board = |extra: Vec<Value>| {
        let mut v = vec![
            bear("bear", "A"),
            card("prop", "Propaganda", "B", &["Enchantment"]),
            card("rp1", "Reflecting Pool", "A", &["Land"]),
            card("rp2", "Reflecting Pool", "A", &["Land"]),
        ];
        v.extend(extra);
        position(json!({ "players": two_players(), "permanents": v }))
    };
    let alone = board(vec![]);
    assert_illegal(&alone, &[("bear", "B")], V::Cost);
    // A Forest gives the pools {G}: Forest + 2 pools = 3 >= 2.
    let forest = board(vec![basic("f", "A", "Forest")]);
    assert_legal(&forest, &[("bear", "B")]);
    // A tapped Forest still defines what the pools could produce (it pays nothing itself).
    let tapped = board(vec![json!({ "id": "f", "name": "Forest", "controller": "A", "types": ["Land"], "subtypes": ["Forest"], "tapped": true })]);
    assert_legal(&tapped, &[("bear", "B")]);
    // An opponent's Island does not help Reflecting Pool.
    let theirs = board(vec![basic("iB", "B", "Island")]);
    assert_illegal(&theirs, &[("bear", "B")], V::Cost);
}

#[test]
fn cr_106_7_reflecting_pool_copies_types_including_colorless() {
    // attack_cost {C}{C}: a {C} land plus a Reflecting Pool (type, colorless included).
    let board = |cost: &str| {
        position(json!({
            "players": two_players(),
            "permanents": [ bear("bear", "A"), card("rp", "Reflecting Pool", "A", &["Land"]),
                            { "id": "w", "name": "Wastes", "controller": "A", "types": ["Land"], "mana": [ { "add": "{C}" } ] },
                            basic("f", "A", "Forest") ],
            "effects": [ { "kind": "attack_cost", "creatures": "all", "cost": cost } ]
        }))
    };
    assert_legal(&board("{C}{C}"), &[("bear", "B")]);
    assert_legal(&board("{G}{G}"), &[("bear", "B")]);
    // No land of A makes {U}.
    assert_illegal(&board("{U}"), &[("bear", "B")], V::Cost);
    // Three mana symbols from three lands, with one {C} and two {G}: fine; {C}{C}{C}: the Forest can't.
    assert_legal(&board("{C}{G}{G}"), &[("bear", "B")]);
    assert_illegal(&board("{C}{C}{C}"), &[("bear", "B")], V::Cost);
}

#[test]
fn cr_106_7_exotic_orchard_copies_opponents_colors() {
    // A's Exotic Orchard: one mana of a color a land of an opponent could produce.
    // B: a tapped Island (still counts) and a {C} land (colorless is not a color).
    // A's own Mountain does not count for the Orchard.
    let board = |cost: &str, orchard: &str| {
        position(json!({
            "players": two_players(),
            "permanents": [
                bear("bear", "A"), card("eo", orchard, "A", &["Land"]),
                { "id": "iB", "name": "Island", "controller": "B", "types": ["Land"], "subtypes": ["Island"], "tapped": true },
                { "id": "wB", "name": "Wastes", "controller": "B", "types": ["Land"], "mana": [ { "add": "{C}" } ] }
            ],
            "effects": [ { "kind": "attack_cost", "creatures": "all", "cost": cost } ]
        }))
    };
    assert_legal(&board("{U}", "Exotic Orchard"), &[("bear", "B")]);
    assert_illegal(&board("{R}", "Exotic Orchard"), &[("bear", "B")], V::Cost);
    assert_illegal(&board("{C}", "Exotic Orchard"), &[("bear", "B")], V::Cost);
    assert_legal(&board("{1}", "Exotic Orchard"), &[("bear", "B")]);
    // Fellwar Stone (an artifact) reads the same lands.
    let mut fs = board("{U}", "Fellwar Stone");
    assert_legal(&fs, &[("bear", "B")]);
    fs = board("{C}", "Fellwar Stone");
    assert_illegal(&fs, &[("bear", "B")], V::Cost);
    // The Orchard can't make {U} by pointing at its controller's own Island.
    let own = position(json!({
        "players": two_players(),
        "permanents": [ bear("bear", "A"), card("eo", "Exotic Orchard", "A", &["Land"]), basic("mA", "A", "Mountain"), basic("fB", "B", "Forest") ],
        "effects": [ { "kind": "attack_cost", "creatures": "all", "cost": "{R}{R}" } ]
    }));
    assert_illegal(&own, &[("bear", "B")], V::Cost);
    let explicit = attacks_paying(&[("bear", "B")], json!([{ "permanent": "eo", "mana": "{R}" }, { "permanent": "mA", "mana": "{R}" }]));
    assert_illegal_json(&own, &explicit, V::Cost);
}

#[test]
fn cr_106_4_mana_pool_and_multi_mana_sources_pay() {
    // Propaganda (B): {2}. A's pool holds {2} (two colorless); or a Sol Ring ({C}{C}).
    let pool = position(json!({
        "players": [ { "id": "A", "mana_pool": "{2}" }, { "id": "B" } ],
        "permanents": [ bear("bear", "A"), bear("bear2", "A"), card("prop", "Propaganda", "B", &["Enchantment"]) ]
    }));
    assert_legal(&pool, &[("bear", "B")]);
    assert_illegal(&pool, &[("bear", "B"), ("bear2", "B")], V::Cost);
    assert_legal_json(&pool, &attacks_paying(&[("bear", "B")], json!([{ "player": "A", "mana": "{C}{C}" }])));
    assert_illegal_json(&pool, &attacks_paying(&[("bear", "B")], json!([{ "player": "A", "mana": "{R}{R}" }])), V::Cost);
    let ring = position(json!({
        "players": two_players(),
        "permanents": [ bear("bear", "A"), card("sr", "Sol Ring", "A", &["Artifact"]), card("prop", "Propaganda", "B", &["Enchantment"]) ]
    }));
    assert_legal(&ring, &[("bear", "B")]);
    assert_legal_json(&ring, &attacks_paying(&[("bear", "B")], json!([{ "permanent": "sr", "mana": "{C}{C}" }])));
}

// =========================================================================== explicit payments

fn prison_board() -> attackopt::Position {
    // Ghostly Prison (B): {2}. A: bear, Llanowar Elves, two Forests, an Island, a tapped Forest.
    position(json!({
        "players": [ { "id": "A", "life": 5 }, { "id": "B" } ],
        "permanents": [
            bear("bear", "A"), elves("elf", "A"), basic("f1", "A", "Forest"), basic("f2", "A", "Forest"), basic("i1", "A", "Island"),
            { "id": "ft", "name": "Forest", "controller": "A", "types": ["Land"], "subtypes": ["Forest"], "tapped": true },
            basic("iB", "B", "Island"), card("gp", "Ghostly Prison", "B", &["Enchantment"])
        ]
    }))
}

#[test]
fn cr_508_1g_explicit_payment_that_works() {
    let pos = prison_board();
    let given = json!([{ "permanent": "f1", "mana": "{G}" }, { "permanent": "i1", "mana": "{U}" }]);
    let r = assert_legal_json(&pos, &attacks_paying(&[("bear", "B")], given.clone()));
    assert_eq!(serde_json::to_value(r.declaration.payment.unwrap()).unwrap(), given);
    // Making more mana than needed is allowed (CR 508.1i): three lands for {2}.
    let more = json!([{ "permanent": "f1", "mana": "{G}" }, { "permanent": "f2", "mana": "{G}" }, { "permanent": "i1", "mana": "{U}" }]);
    assert_legal_json(&pos, &attacks_paying(&[("bear", "B")], more));
}

#[test]
fn cr_508_1g_explicit_payment_permanent_tapped_twice() {
    let pos = prison_board();
    let d = attacks_paying(&[("bear", "B")], json!([{ "permanent": "f1", "mana": "{G}" }, { "permanent": "f1", "mana": "{G}" }]));
    assert_illegal_json(&pos, &d, V::Cost);
}

#[test]
fn cr_508_1f_explicit_payment_non_vigilant_attacker_tapped() {
    let pos = prison_board();
    let d = attacks_paying(&[("elf", "B")], json!([{ "permanent": "elf", "mana": "{G}" }, { "permanent": "f1", "mana": "{G}" }]));
    assert_illegal_json(&pos, &d, V::Cost);
}

#[test]
fn cr_508_1g_explicit_payment_mana_the_source_cant_make() {
    let pos = prison_board();
    let d = attacks_paying(&[("bear", "B")], json!([{ "permanent": "f1", "mana": "{U}" }, { "permanent": "f2", "mana": "{G}" }]));
    assert_illegal_json(&pos, &d, V::Cost);
    // A Forest makes one {G}, not two.
    let d = attacks_paying(&[("bear", "B")], json!([{ "permanent": "f1", "mana": "{G}{G}" }]));
    assert_illegal_json(&pos, &d, V::Cost);
    // A creature without a mana ability, a tapped land, an opponent's land.
    for p in [json!({ "permanent": "bear", "mana": "{G}" }), json!({ "permanent": "ft", "mana": "{G}" }), json!({ "permanent": "iB", "mana": "{U}" })]
    {
        let d = attacks_paying(&[("bear", "B")], json!([p, { "permanent": "f2", "mana": "{G}" }]));
        assert_illegal_json(&pos, &d, V::Cost);
    }
}

#[test]
fn cr_119_4_explicit_payment_too_much_life() {
    // Life pays only Phyrexian symbols: Ghostly Prison's {2} can't be paid with 4 life.
    let pos = prison_board();
    let d = attacks_paying(&[("bear", "B")], json!([{ "player": "A", "life": 4 }]));
    assert_illegal_json(&pos, &d, V::Cost);
    // Norn's Annex: 2 life pays {W/P}; 4 life is more than the one symbol owed; 6 > life 5.
    let annex = position(json!({
        "players": [ { "id": "A", "life": 5 }, { "id": "B" } ],
        "permanents": [ bear("b1", "A"), bear("b2", "A"), card("na", "Norn's Annex", "B", &["Artifact"]) ]
    }));
    assert_legal_json(&annex, &attacks_paying(&[("b1", "B")], json!([{ "player": "A", "life": 2 }])));
    assert_illegal_json(&annex, &attacks_paying(&[("b1", "B")], json!([{ "player": "A", "life": 4 }])), V::Cost);
    // Two symbols owed = 4 life, which A (5) can pay; 6 can't.
    assert_legal_json(&annex, &attacks_paying(&[("b1", "B"), ("b2", "B")], json!([{ "player": "A", "life": 4 }])));
    assert_illegal_json(&annex, &attacks_paying(&[("b1", "B"), ("b2", "B")], json!([{ "player": "A", "life": 6 }])), V::Cost);
}

// =========================================================================== catalog cards

#[test]
fn catalog_sphere_of_safety_counts_enchantments_including_auras_on_others_creatures() {
    // B controls Sphere, another enchantment, and Pacifism on A's creature: X = 3.
    // A's own enchantment does not count. Covers B and pwB, not battles.
    let board = |forests: usize| {
        let mut v = vec![
            bear("bear", "A"),
            bear("pac", "A"),
            walker("pwB", "B"),
            card("sos", "Sphere of Safety", "B", &["Enchantment"]),
            card("e2", "Some Enchantment", "B", &["Enchantment"]),
            json!({ "id": "p", "name": "Pacifism", "controller": "B", "types": ["Enchantment"], "subtypes": ["Aura"], "attached_to": "pac" }),
            card("eA", "A's Enchantment", "A", &["Enchantment"]),
            json!({ "id": "siege", "name": "Invasion of Tarkir", "controller": "A", "types": ["Battle"], "protector": "B" }),
        ];
        for i in 0..forests {
            v.push(basic(&format!("f{i}"), "A", "Forest"));
        }
        position(json!({ "players": two_players(), "permanents": v }))
    };
    let pos = board(3);
    let r = paid(&pos, &[("bear", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!(r.cost.mana, "{3}");
    assert_eq!(paid(&pos, &[("bear", "pwB")]).cost.mana, "{3}");
    assert_eq!(paid(&pos, &[("bear", "siege")]).cost.mana, "");
    assert_illegal(&pos, &[("pac", "B")], V::Restriction);
    let two = board(2);
    assert_illegal(&two, &[("bear", "B")], V::Cost);
    assert_legal(&two, &[("bear", "siege")]);
}

#[test]
fn catalog_archangel_of_tithes_only_untapped() {
    let board = |tapped: bool| {
        position(json!({
            "players": two_players(),
            "permanents": [ bear("bear", "A"), basic("f", "A", "Forest"), walker("pwB", "B"),
                            { "id": "aot", "name": "Archangel of Tithes", "controller": "B", "types": ["Creature"], "power": 3, "tapped": tapped } ]
        }))
    };
    let up = board(false);
    assert_eq!(paid(&up, &[("bear", "B")]).cost.mana, "{1}");
    assert_eq!(paid(&up, &[("bear", "pwB")]).cost.mana, "{1}");
    assert_legal(&up, &[("bear", "B")]);
    let down = board(true);
    assert_eq!(paid(&down, &[("bear", "B")]).cost.mana, "");
    assert!(down.rules.costs.is_empty());
}

#[test]
fn catalog_propaganda_covers_the_player_not_planeswalkers_baird_covers_both() {
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ bear("bear", "A"), basic("f1", "A", "Forest"), basic("f2", "A", "Forest"), basic("f3", "A", "Forest"),
                        walker("pwB", "B"), walker("pwC", "C"),
                        card("prop", "Propaganda", "B", &["Enchantment"]),
                        { "id": "baird", "name": "Baird, Steward of Argive", "controller": "C", "types": ["Creature"], "power": 2 } ]
    }));
    assert_eq!(paid(&pos, &[("bear", "B")]).cost.mana, "{2}");
    assert_eq!(paid(&pos, &[("bear", "pwB")]).cost.mana, "");
    assert_eq!(paid(&pos, &[("bear", "C")]).cost.mana, "{1}");
    assert_eq!(paid(&pos, &[("bear", "pwC")]).cost.mana, "{1}");
}

#[test]
fn catalog_sea_serpent_per_defending_player() {
    // B controls an Island; C does not (A's own Island doesn't matter). Serpent may attack B,
    // B's planeswalker and the battle B protects; not C, C's planeswalker, the battle C protects.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [
            { "id": "ss", "name": "Sea Serpent", "controller": "A", "types": ["Creature"], "power": 5 },
            basic("iA", "A", "Island"), basic("iB", "B", "Island"), basic("mC", "C", "Mountain"),
            walker("pwB", "B"), walker("pwC", "C"),
            { "id": "btB", "name": "Invasion of Tarkir", "controller": "A", "types": ["Battle"], "protector": "B" },
            { "id": "btC", "name": "Invasion of Ikoria", "controller": "A", "types": ["Battle"], "protector": "C" }
        ]
    }));
    assert_eq!(legal_target_ids(&pos, "ss"), ids(&["B", "C", "btB", "btC", "pwB", "pwC"]));
    assert_eq!(allowed_ids(&pos, "ss"), ids(&["B", "btB", "pwB"]));
    for t in ["C", "pwC", "btC"] {
        assert_illegal(&pos, &[("ss", t)], V::Restriction);
    }
    for t in ["B", "pwB", "btB"] {
        assert_legal(&pos, &[("ss", t)]);
    }
}

#[test]
fn catalog_goblin_goon_per_defending_player() {
    // A controls Goon + bear = 2 creatures; B controls 1, C controls 2.
    // Goon may attack B (2 > 1), B's planeswalker, the battle B protects; not C (2 > 2 false).
    let pos = position(json!({
        "players": three_players(),
        "permanents": [
            { "id": "gg", "name": "Goblin Goon", "controller": "A", "types": ["Creature"], "subtypes": ["Goblin"], "power": 6 },
            bear("bear", "A"), bear("b1", "B"), bear("c1", "C"), bear("c2", "C"),
            walker("pwB", "B"), walker("pwC", "C"),
            { "id": "btB", "name": "Invasion of Tarkir", "controller": "A", "types": ["Battle"], "protector": "B" },
            { "id": "btC", "name": "Invasion of Ikoria", "controller": "A", "types": ["Battle"], "protector": "C" }
        ]
    }));
    assert_eq!(allowed_ids(&pos, "gg"), ids(&["B", "btB", "pwB"]));
    assert_illegal(&pos, &[("gg", "C")], V::Restriction);
    assert_illegal(&pos, &[("gg", "pwC")], V::Restriction);
    assert_illegal(&pos, &[("gg", "btC")], V::Restriction);
    assert_legal(&pos, &[("gg", "pwB")]);
    assert_legal(&pos, &[("gg", "B"), ("bear", "C")]);
}

#[test]
fn catalog_goblin_rabblemaster_only_its_controllers_other_goblins() {
    // A's Rabblemaster: only A's other Goblin (g1). B's Rabblemaster affects only B's Goblins.
    // g1 attacks: 1; otherwise 0. max = 1.
    let gob = |id: &str, name: &str, ctl: &str| json!({ "id": id, "name": name, "controller": ctl, "types": ["Creature"], "subtypes": ["Goblin"], "power": 1 });
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ gob("rm", "Goblin Rabblemaster", "A"), gob("g1", "Goblin Guide", "A"), bear("bear", "A"),
                        gob("rmB", "Goblin Rabblemaster", "B"), gob("gB", "Goblin Guide", "B") ]
    }));
    assert_eq!(pos.rules.requirements.len(), 1);
    let g1 = pos.rules.creatures.iter().position(|c| c.id == "g1").unwrap();
    assert_eq!(pos.rules.requirements[0].creature(), Some(g1));
    assert_legal(&pos, &[("g1", "B")]);
    assert_legal(&pos, &[("rm", "B"), ("g1", "B")]);
    assert_illegal(&pos, &[("rm", "B")], V::Requirements);
    assert_illegal(&pos, &[("bear", "B")], V::Requirements);
    assert_illegal(&pos, &[], V::Requirements);
}

#[test]
fn catalog_goblin_rabblemaster_does_not_reach_a_teammates_goblins() {
    // 2HG: A's Rabblemaster says "other Goblins you control": A2's Goblin is not required.
    let pos = position(json!({
        "variant": { "shared_team_turns": true },
        "players": [ { "id": "A", "team": "t1" }, { "id": "A2", "team": "t1" }, { "id": "B", "team": "t2" }, { "id": "B2", "team": "t2" } ],
        "permanents": [ { "id": "rm", "name": "Goblin Rabblemaster", "controller": "A", "types": ["Creature"], "subtypes": ["Goblin"], "power": 2 },
                        { "id": "g2", "name": "Goblin Guide", "controller": "A2", "types": ["Creature"], "subtypes": ["Goblin"], "power": 2 } ]
    }));
    assert!(pos.rules.requirements.is_empty());
    assert_legal(&pos, &[]);
}

#[test]
fn catalog_fumiko_only_opponents_creatures() {
    let board = |fumiko_controller: &str, teams: bool| {
        let players = if teams {
            json!([ { "id": "A", "team": "t" }, { "id": "A2", "team": "t" }, { "id": "B" } ])
        } else {
            json!([ { "id": "A" }, { "id": "A2" }, { "id": "B" } ])
        };
        position(json!({
            "players": players,
            "permanents": [ bear("bear", "A"), elves("elf", "A"),
                            { "id": "fu", "name": "Fumiko the Lowblood", "controller": fumiko_controller, "types": ["Creature"], "power": 3 } ]
        }))
    };
    // A's own Fumiko: no requirement on A's creatures (it is one of them, and not an opponent's).
    let own = board("A", false);
    assert!(own.rules.requirements.is_empty());
    assert_legal(&own, &[]);
    // B's Fumiko: bear and elf each attack if able. both: 2; one: 1; none: 0. max = 2.
    let opp = board("B", false);
    assert_eq!(opp.rules.requirements.len(), 2);
    assert_legal(&opp, &[("bear", "B"), ("elf", "A2")]);
    assert_illegal(&opp, &[("bear", "B")], V::Requirements);
    assert_illegal(&opp, &[], V::Requirements);
    // A teammate's Fumiko: A is not its controller's opponent.
    let mate = board("A2", true);
    assert!(mate.rules.requirements.is_empty());
}

#[test]
fn catalog_ensnaring_bridge_uses_its_controllers_hand() {
    // B's Bridge, B's hand 1, A's hand 5: power 2 can't attack, power 1 can.
    let pos = position(json!({
        "players": [ { "id": "A", "hand": 5 }, { "id": "B", "hand": 1 } ],
        "permanents": [ creature_with("p1", "A", json!({"power": 1})), creature_with("p2", "A", json!({"power": 2})),
                        card("eb", "Ensnaring Bridge", "B", &["Artifact"]) ]
    }));
    assert_legal(&pos, &[("p1", "B")]);
    assert_illegal(&pos, &[("p2", "B")], V::Restriction);
    // A's own Bridge with A's hand 2 (B's 0): power 2 may attack, power 3 may not.
    let pos = position(json!({
        "players": [ { "id": "A", "hand": 2 }, { "id": "B", "hand": 0 } ],
        "permanents": [ creature_with("p2", "A", json!({"power": 2})), creature_with("p3", "A", json!({"power": 3})),
                        card("eb", "Ensnaring Bridge", "A", &["Artifact"]) ]
    }));
    assert_legal(&pos, &[("p2", "B")]);
    assert_illegal(&pos, &[("p3", "B")], V::Restriction);
}

#[test]
fn catalog_collective_restraint_domain() {
    // B's lands: Plains, two Islands, a Swamp Mountain dual: 4 basic land types -> {4} per
    // creature attacking B. C's Forest does not count. B's planeswalker is not covered.
    let board = |forests: usize| {
        let mut v = vec![
            bear("bear", "A"),
            walker("pwB", "B"),
            card("cr", "Collective Restraint", "B", &["Enchantment"]),
            basic("pl", "B", "Plains"),
            basic("i1", "B", "Island"),
            basic("i2", "B", "Island"),
            json!({ "id": "dual", "name": "Badlands", "controller": "B", "types": ["Land"], "subtypes": ["Swamp", "Mountain"] }),
            basic("fC", "C", "Forest"),
        ];
        for i in 0..forests {
            v.push(basic(&format!("f{i}"), "A", "Forest"));
        }
        position(json!({ "players": three_players(), "permanents": v }))
    };
    let four = board(4);
    let r = paid(&four, &[("bear", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!(r.cost.mana, "{4}");
    assert_eq!(paid(&four, &[("bear", "pwB")]).cost.mana, "");
    assert_illegal(&board(3), &[("bear", "B")], V::Cost);
}

#[test]
fn catalog_elephant_grass_black_vs_nonblack() {
    // B's Elephant Grass: black creatures can't attack B; nonblack pay {2}. A has two Forests.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [
            creature_with("bk", "A", json!({"colors": ["B"]})), creature_with("br", "A", json!({"colors": ["B", "R"]})),
            creature_with("gr", "A", json!({"colors": ["G"]})), creature_with("art", "A", json!({"colors": []})),
            walker("pwB", "B"), basic("f1", "A", "Forest"), basic("f2", "A", "Forest"),
            card("eg", "Elephant Grass", "B", &["Enchantment"])
        ]
    }));
    assert_illegal(&pos, &[("bk", "B")], V::Restriction);
    assert_illegal(&pos, &[("br", "B")], V::Restriction);
    assert_legal(&pos, &[("bk", "C")]);
    assert_legal(&pos, &[("bk", "pwB")]);
    let r = paid(&pos, &[("gr", "B")]);
    assert!(r.legal);
    assert_eq!(r.cost.mana, "{2}");
    assert_eq!(paid(&pos, &[("art", "B")]).cost.mana, "{2}");
    assert_illegal(&pos, &[("gr", "B"), ("art", "B")], V::Cost);
}

#[test]
fn catalog_elephant_grass_color_written_as_a_name() {
    // The validator accepts color names ("black") as well as letters (parse_color). A creature
    // written with "Black" is black, so Elephant Grass forbids it from attacking B.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ creature_with("bk", "A", json!({"colors": ["Black"]})), basic("f1", "A", "Forest"), basic("f2", "A", "Forest"),
                        card("eg", "Elephant Grass", "B", &["Enchantment"]) ]
    }));
    assert_illegal(&pos, &[("bk", "B")], V::Restriction);
}

#[test]
fn catalog_brainwash_taxes_the_enchanted_creature_whatever_it_attacks() {
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ bear("bw", "A"), bear("other", "A"), walker("pwB", "B"),
                        basic("f1", "A", "Forest"), basic("f2", "A", "Forest"), basic("f3", "A", "Forest"),
                        { "id": "b", "name": "Brainwash", "controller": "B", "types": ["Enchantment"], "attached_to": "bw" } ]
    }));
    assert_eq!(paid(&pos, &[("bw", "B")]).cost.mana, "{3}");
    assert_eq!(paid(&pos, &[("bw", "pwB")]).cost.mana, "{3}");
    assert_eq!(paid(&pos, &[("other", "B")]).cost.mana, "");
    assert_legal(&pos, &[("bw", "pwB")]);
}

#[test]
fn catalog_avatar_of_slaughter_every_creature_attacks_if_able() {
    // Two creatures, both must attack: both: 2; one: 1; none: 0. max = 2.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ bear("b1", "A"), bear("b2", "A"), card("av", "Avatar of Slaughter", "B", &["Creature"]) ]
    }));
    assert_eq!(pos.rules.requirements.len(), 2);
    assert_legal(&pos, &[("b1", "B"), ("b2", "B")]);
    assert_illegal(&pos, &[("b1", "B")], V::Requirements);
}

#[test]
fn catalog_crawlspace_counts_only_the_player() {
    // Two Crawlspaces of different players: at most 2 at B and at most 2 at C, walkers free.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ bear("b1", "A"), bear("b2", "A"), bear("b3", "A"), bear("b4", "A"), walker("pwB", "B"),
                        card("cs1", "Crawlspace", "B", &["Artifact"]), card("cs2", "Crawlspace", "C", &["Artifact"]) ]
    }));
    assert_legal(&pos, &[("b1", "B"), ("b2", "B"), ("b3", "C"), ("b4", "C")]);
    assert_legal(&pos, &[("b1", "B"), ("b2", "B"), ("b3", "pwB"), ("b4", "pwB")]);
    assert_illegal(&pos, &[("b1", "B"), ("b2", "B"), ("b3", "B"), ("b4", "C")], V::Restriction);
}

#[test]
fn catalog_taxes_with_requirements_baseline_agreement() {
    // Windborn Muse (B) {2}, Koskun Falls (C) {2}; bear must attack; A has one Forest.
    // Neither attack is payable, so max (both baselines) = 0 and no attack is legal.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ bear("bear", "A"), basic("f", "A", "Forest"),
                        { "id": "wm", "name": "Windborn Muse", "controller": "B", "types": ["Creature"], "power": 2 },
                        card("kf", "Koskun Falls", "C", &["Enchantment"]) ],
        "effects": [ { "kind": "attacks_if_able", "creatures": ["bear"] } ]
    }));
    let r = paid(&pos, &[]);
    assert!(r.legal);
    assert_eq!((r.requirements_max, r.requirements_max_free), (0, 0));
    assert_illegal(&pos, &[("bear", "B")], V::Cost);
    assert_illegal(&pos, &[("bear", "C")], V::Cost);
}

#[test]
fn baseline_field_is_reported() {
    let pos = position(json!({ "players": two_players(), "permanents": [ bear("bear", "A") ] }));
    assert_eq!(check_json(&pos, &attacks(&[]), Baseline::Free).baseline, Baseline::Free);
    assert_eq!(check_json(&pos, &attacks(&[]), Baseline::Paid).baseline, Baseline::Paid);
}

#[test]

fn cr_508_1g_explicit_payment_checked_even_when_nothing_is_owed() {
    // docs/format.md: "an explicit payment that does not work (a permanent tapped twice, ...) is a
    // cost violation". Attacking C costs nothing, but the Forest can't be tapped twice.
    let pos = position(json!({
        "players": three_players(),
        "permanents": [ bear("bear", "A"), basic("f1", "A", "Forest"), card("gp", "Ghostly Prison", "B", &["Enchantment"]) ]
    }));
    let d = attacks_paying(&[("bear", "C")], json!([{ "permanent": "f1", "mana": "{G}" }, { "permanent": "f1", "mana": "{G}" }]));
    assert_illegal_json(&pos, &d, V::Cost);
}

#[test]
fn cr_508_1b_battle_protected_by_a_teammate_is_not_attackable() {
    let pos = position(json!({
        "players": [ { "id": "A", "team": "t" }, { "id": "A2", "team": "t" }, { "id": "B" } ],
        "permanents": [ bear("bear", "A"),
                        { "id": "bt", "name": "Invasion of Z", "controller": "B", "types": ["Battle"], "protector": "A2" } ]
    }));
    assert_eq!(legal_target_ids(&pos, "bear"), ids(&["B"]));
    assert_illegal(&pos, &[("bear", "bt")], V::Target);
}

#[test]
fn cr_508_1a_teammates_creature_outside_shared_team_turns() {
    // Without shared team turns only the active player declares: A2's creature can't attack.
    let pos = position(json!({
        "players": [ { "id": "A", "team": "t" }, { "id": "A2", "team": "t" }, { "id": "B" } ],
        "permanents": [ bear("a2", "A2") ]
    }));
    assert!(pos.rules.creatures.is_empty());
    assert_illegal(&pos, &[("a2", "B")], V::Attacker);
}

#[test]
fn cr_508_1d_paid_baseline_cost_instances_are_per_creature() {
    // x and y must attack; the only opponent B has Propaganda ({2} each); A has four Forests.
    // D = x->B incurs Propaganda-on-x only. D' may incur only that instance: [] (0) or x->B (1):
    // max 1, D obeys 1 -> legal, although x->B + y->B (2) is payable: it incurs Propaganda-on-y.
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ bear("x", "A"), bear("y", "A"), basic("f1", "A", "Forest"), basic("f2", "A", "Forest"),
                        basic("f3", "A", "Forest"), basic("f4", "A", "Forest"), card("prop", "Propaganda", "B", &["Enchantment"]) ],
        "effects": [ { "kind": "attacks_if_able", "creatures": ["x", "y"] } ]
    }));
    let r = paid(&pos, &[("x", "B")]);
    assert!(r.legal, "{:?}", r.violations);
    assert_eq!((r.requirements_obeyed, r.requirements_max, r.requirements_max_free), (1, 1, 0));
    assert_legal(&pos, &[("y", "B")]);
    assert_legal(&pos, &[("x", "B"), ("y", "B")]);
    assert_legal(&pos, &[]);
}

#[test]
fn cr_803_1_attack_left_goaded_by_the_left_neighbour() {
    // Attack left: only B. Goaded by B: bear->B obeys 1 (attack half); none 0. max = 1.
    let pos = position(json!({
        "variant": { "attack": "left" },
        "players": three_players(),
        "permanents": [ creature_with("bear", "A", json!({"goaded_by": ["B"]})) ]
    }));
    assert_legal(&pos, &[("bear", "B")]);
    assert_illegal(&pos, &[("bear", "C")], V::Target);
    assert_illegal(&pos, &[], V::Requirements);
}

#[test]
fn cr_106_7_could_produce_respects_teams() {
    // 2HG: A's Exotic Orchard reads opponents' lands (B's Forest), not teammate A2's Island;
    // A's Reflecting Pool reads only A's lands (none besides itself and the Orchard).
    let board = |cost: &str| {
        position(json!({
            "variant": { "shared_team_turns": true },
            "players": [ { "id": "A", "team": "t1" }, { "id": "A2", "team": "t1" }, { "id": "B", "team": "t2" }, { "id": "B2", "team": "t2" } ],
            "permanents": [ bear("a", "A"), card("eo", "Exotic Orchard", "A", &["Land"]), card("rp", "Reflecting Pool", "A", &["Land"]),
                            basic("iA2", "A2", "Island"), basic("fB", "B", "Forest") ],
            "effects": [ { "kind": "attack_cost", "creatures": ["a"], "cost": cost } ]
        }))
    };
    // Orchard makes {G}; the Pool copies what A's lands could produce: the Orchard's {G}.
    assert_legal(&board("{G}{G}"), &[("a", "B")]);
    assert_illegal(&board("{U}"), &[("a", "B")], V::Cost);
}

/// CR 508.1h-j: a declaration whose only fault is its payment is told so, with a payment that
/// works ("pay differently"), as a judge would; the verdict stays a cost violation.
#[test]
fn cr_508_1h_a_payment_that_fails_gets_one_that_works() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let board = root.join("models/paid-vs-free.json");
    let decl = root.join("models/declarations/paid-vs-free.pay-differently.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_attackopt")).arg("check").arg(&board).arg(&decl).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        crate::common::flat(&text).contains("only the payment is wrong. Pay differently: tap Island (ai1) for {U}, tap Island (ai2) for {U}"),
        "{text}"
    );
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_attackopt")).arg("check").arg(&board).arg(&decl).args(["--format", "json"]).output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["legal"], json!(false));
    assert_eq!(v["violations"][0]["kind"], json!("cost"));
    assert_eq!(v["payment_that_works"], json!([{"permanent": "ai1", "mana": "{U}"}, {"permanent": "ai2", "mana": "{U}"}]));
}

/// CR 508.1c: a declaration that breaks a restriction gets the closest legal declaration (Mogg
/// Flunkies can't attack alone: adding the Sea Serpent, paid for, is one change away).
#[test]
fn cr_508_1c_a_broken_restriction_gets_the_closest_legal_declaration() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_attackopt"))
        .arg("check")
        .arg(root.join("models/paid-vs-free.json"))
        .arg(root.join("models/declarations/paid-vs-free.flunkies-alone.json"))
        .args(["--format", "json"])
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["violations"][0]["kind"], json!("restriction"));
    let alt = &v["legal_alternative"]["attacks"];
    let attacks: Vec<(&str, &str)> =
        alt.as_array().unwrap().iter().map(|a| (a["creature"].as_str().unwrap(), a["target"].as_str().unwrap())).collect();
    // One change from flunkies -> C: the empty declaration, or the serpent added (the tie is the program's).
    assert!(attacks.is_empty() || attacks == [("serpent", "B"), ("flunkies", "C")], "{attacks:?}");
    if !attacks.is_empty() {
        assert!(v["legal_alternative"]["payment"].is_array(), "the alternative's costs are paid: {v}");
    }
}

/// CR 702.73a: a changeling is every creature type, so Goblin Rabblemaster's "other Goblin
/// creatures you control attack each combat if able" reaches a changeling creature (Chameleon
/// Colossus, read from its Oracle text); it is no land or artifact type (CR 205.3i, 205.3g:
/// not an Island); and a changeling that is neither a creature nor a kindred card has no
/// creature type (CR 205.3d).
#[test]
fn cr_702_73a_a_changeling_is_every_creature_type_and_no_other_subtype() {
    let colossus = json!({ "id": "cc", "name": "Chameleon Colossus", "controller": "A", "type_line": "Creature — Shapeshifter", "power": 4, "toughness": 4,
        "oracle_text": "Changeling (This card is every creature type.)\nProtection from black\n{2}{G}{G}: Chameleon Colossus gets +X/+X until end of turn, where X is its power." });
    let pos = position(json!({
        "players": two_players(),
        "permanents": [ { "id": "rm", "name": "Goblin Rabblemaster", "controller": "A" }, colossus, bear("bear", "A") ]
    }));
    let cc = pos.rules.creatures.iter().position(|c| c.id == "cc").expect("the colossus");
    assert_eq!(pos.rules.requirements.iter().filter(|r| r.creature() == Some(cc)).count(), 1, "{:?}", pos.rules.requirements);
    assert_illegal(&pos, &[("bear", "B")], V::Requirements);
    assert_legal(&pos, &[("cc", "B")]);
    let perm = pos.board.perm(pos.board.permanent_index("cc").unwrap());
    assert!(perm.has_subtype("Goblin") && perm.has_subtype("Eye") && !perm.has_subtype("Island") && !perm.has_subtype("Equipment"));
    // Omo, Queen of Vesuva: a nonland creature with an everything counter is every creature
    // type too; one without is not.
    let omo = json!({ "id": "omo", "name": "Omo, Queen of Vesuva", "controller": "A", "type_line": "Legendary Creature — Shapeshifter Noble", "power": 1, "toughness": 5,
        "oracle_text": "Whenever Omo enters or attacks, put an everything counter on each of up to one target land and up to one target creature.\nEach land with an everything counter on it is every land type in addition to its other types.\nEach nonland creature with an everything counter on it is every creature type." });
    let countered = |n: u32| {
        let mut b = bear("bear", "A");
        b["counters_of"] = json!({ "everything": n });
        position(
            json!({ "players": two_players(), "permanents": [ { "id": "rm", "name": "Goblin Rabblemaster", "controller": "A" }, omo.clone(), b ] }),
        )
    };
    assert_illegal(&countered(1), &[("omo", "B")], V::Requirements);
    assert_legal(&countered(1), &[("bear", "B")]);
    assert_legal(&countered(0), &[]);
    // A changeling written as an artifact (no creature, no kindred) has no creature type.
    let mut idol = attackopt::Permanent::new("idol", "Idol", "A", &["Artifact"]);
    idol.keywords.push("Changeling".into());
    assert!(!idol.has_subtype("Goblin"));
}
