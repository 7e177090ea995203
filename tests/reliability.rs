//! Issue 11, "Reliability, round two": each reproduction (F01 to F19) as a test. The inputs are
//! written here (big ones generated), so the tests stand on their own.

mod common;

use attackopt::{Options, Position};
use common::{run_bin, temp_file};
use serde_json::{json, Value};

fn pos(board: &Value) -> Position {
    Position::from_json(&board.to_string(), "board.json").expect("a valid board")
}

/// F01: three life entries (2^63 - 1 twice, and 2) summed as i64 wrapped to 0, and the payment
/// was judged legal. The sum now saturates: paying more life than A has is a cost violation.
#[test]
fn f01_huge_life_payments_do_not_wrap_into_a_legal_payment() {
    let board = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A", "life": 20}, {"id": "B"}],
        "permanents": [{"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2}]});
    let p = pos(&board);
    let max = i64::MAX;
    for lives in [vec![max, max, 2], vec![max, 1, max], vec![max, max, max, max], vec![2]] {
        let payment: Vec<Value> = lives.iter().map(|l| json!({"player": "A", "life": l})).collect();
        let decl = json!({"attacks": [{"creature": "bear", "target": "B"}], "payment": payment});
        let d = p.declaration_from_json(&decl.to_string(), "decl.json").unwrap();
        let r = p.check(&d, &Options::default()).unwrap();
        assert!(!r.legal, "{lives:?}: an illegal payment judged legal");
        assert!(common::has(&r, attackopt::legality::ViolationKind::Cost), "{lives:?}: {:?}", r.violations);
    }
}

/// F02: power i64::MIN passed validation (`abs()` wraps) and solve claimed an optimum below its
/// own bound. Every power and toughness past ±1,000,000 is refused, i64::MIN included.
#[test]
fn f02_power_i64_min_is_refused() {
    for (field, v) in [("power", i64::MIN), ("power", i64::MAX), ("toughness", i64::MIN), ("power", -1_000_001), ("toughness", 1_000_001)] {
        let board = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
            "permanents": [{"id": "m1", "name": "Min One", "controller": "A", "types": ["Creature"], field: v}]});
        let e = Position::from_json(&board.to_string(), "b.json").err().unwrap_or_else(|| panic!("{field} {v} accepted"));
        assert_eq!(e.exit_code(), 2);
        let m = e.to_string();
        assert!(m.contains(&format!("permanents[0].{field}")) && m.contains("between -1000000 and 1000000"), "{m}");
    }
    let edge = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [{"id": "m1", "name": "Min One", "controller": "A", "types": ["Creature"], "power": -1_000_000, "toughness": 1_000_000}]});
    pos(&edge);
}

/// The F02 board through the command line: exit 2 naming the field.
#[test]
fn f02_solve_refuses_power_i64_min() {
    let board = r#"{"attackopt":1,"active_player":"A","players":[{"id":"A","life":20},{"id":"B"}],"permanents":[
{"id":"bear","name":"Grizzly Bears","controller":"A","types":["Creature"],"power":2},
{"id":"m1","name":"Min One","controller":"A","types":["Creature"],"power":-9223372036854775808},
{"id":"f1","name":"Forest","controller":"A","types":["Land"],"subtypes":["Forest"]}],
"effects":[{"kind":"attacks_if_able","creatures":["m1"]},{"kind":"attack_cost","creatures":["bear"],"cost":"{1}"}]}"#;
    let f = temp_file("f02", board);
    let out = run_bin(&["solve", &f.to_string_lossy(), "--format", "json"]);
    let _ = std::fs::remove_file(&f);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("permanents[1].power"));
}

/// F03: counters (u32) became {X} under Nils past the 1,000,000 limit of a mana symbol, and
/// the generic mana owed was summed in u32 ("A owes {0}" for {8589934592}). Counters are now
/// held to the same limit, and the total is summed in u64.
#[test]
fn f03_counters_past_the_mana_limit_are_refused_and_costs_sum_without_wrapping() {
    let nils = json!({"id": "nils", "name": "Nils, Discipline Enforcer", "controller": "B", "types": ["Creature"], "power": 2});
    let countered = |id: &str, n: u64| json!({"id": id, "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "counters": n});
    let board = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [nils, countered("c1", 4_294_967_295), countered("c2", 2)]});
    let e = Position::from_json(&board.to_string(), "b.json").err().expect("counters 2^32 - 1 accepted");
    assert!(e.to_string().contains("permanents[1].counters") && e.to_string().contains("at most 1000000"), "{e}");

    // 5,000 creatures with 1,000,000 counters each owe {5000000000}: past u32.
    let n = 5_000;
    let mut perms = vec![nils];
    perms.extend((0..n).map(|i| countered(&format!("c{i}"), 1_000_000)));
    let board = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}], "permanents": perms});
    let p = pos(&board);
    let attacks: Vec<Value> = (0..n).map(|i| json!({"creature": format!("c{i}"), "target": "B"})).collect();
    let d = p.declaration_from_json(&json!({"attacks": attacks}).to_string(), "d.json").unwrap();
    let r = p.check(&d, &Options::default()).unwrap();
    assert_eq!(r.cost.mana, "{5000000000}");
    assert!(r.violations.iter().any(|v| v.message.contains("{5000000000}")), "{:?}", r.violations);
}
