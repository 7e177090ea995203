//! Issue 11: no arithmetic on a user's number can wrap. Boards, declarations and options are
//! fed the extremes of every number a user writes (power, toughness, counters, life, mana
//! amounts, caps, time limits, limits): each is refused with exit 2 naming its path, or
//! answered, and an answer's numbers are what exact (i128) arithmetic gives.
//!
//! The release profile has overflow checks on for attackopt's own code (Cargo.toml), so a wrap
//! anywhere on the way would be a panic, which these tests catch; the checks on the answers
//! catch a wrong number even where a wrap would not panic.

use attackopt::{Method, Objective, Options, Position};
use proptest::prelude::*;
use serde_json::{json, Value};

/// Mostly values within the limits (at their edges too), so that most boards get answered;
/// sometimes past them.
fn i64_extreme() -> impl Strategy<Value = i64> {
    prop_oneof![
        6 => prop_oneof![Just(-1_000_000i64), Just(1_000_000i64), Just(0i64), -1_000_000i64..=1_000_000],
        1 => prop_oneof![Just(i64::MIN), Just(i64::MAX), Just(i64::MIN + 1), Just(-1_000_001i64), Just(1_000_001i64)],
    ]
}

fn u64_extreme() -> impl Strategy<Value = u64> {
    prop_oneof![
        6 => prop_oneof![Just(0u64), Just(1), Just(1_000_000), 0u64..=1_000_000],
        1 => prop_oneof![Just(1_000_001u64), Just(u64::from(u32::MAX)), Just(u64::from(u32::MAX) + 1), Just(u64::MAX)],
    ]
}

/// Any life total is a valid board.
fn life() -> impl Strategy<Value = i64> {
    prop_oneof![Just(i64::MIN), Just(i64::MAX), Just(0i64), Just(20i64), Just(-5i64), Just(i64::MAX / 2), any::<i64>()]
}

fn time_limit() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(0.0),
        Just(1e-9),
        Just(0.05),
        Just(1e300),
        Just(f64::MAX),
        Just(f64::INFINITY),
        Just(f64::NAN),
        Just(-1.0),
        Just(f64::MIN_POSITIVE)
    ]
}

/// Everything a board says with a number, at the extremes.
#[derive(Debug, Clone)]
struct Extremes {
    power: [i64; 2],
    toughness: i64,
    counters: [u64; 2],
    life: [i64; 2],
    cost: u64,
    max_attackers: u64,
    min_others: u64,
    attacked: u64,
    hand: u64,
    paid_life: Vec<i64>,
    time_limit: f64,
    enumerate_limit: usize,
}

fn extremes() -> impl Strategy<Value = Extremes> {
    (
        (i64_extreme(), i64_extreme(), i64_extreme()),
        (u64_extreme(), u64_extreme()),
        (life(), life()),
        (u64_extreme(), u64_extreme(), u64_extreme(), u64_extreme(), u64_extreme()),
        proptest::collection::vec(prop_oneof![Just(i64::MAX), Just(2i64), Just(i64::MAX / 2 + 1), Just(0i64), Just(-2i64)], 0..4),
        (time_limit(), prop_oneof![Just(0usize), Just(1), Just(3), Just(usize::MAX)]),
    )
        .prop_map(
            |((p0, p1, t), (c0, c1), (l0, l1), (cost, max_attackers, min_others, attacked, hand), paid_life, (time_limit, enumerate_limit))| {
                Extremes {
                    power: [p0, p1],
                    toughness: t,
                    counters: [c0, c1],
                    life: [l0, l1],
                    cost,
                    max_attackers,
                    min_others,
                    attacked,
                    hand,
                    paid_life,
                    time_limit,
                    enumerate_limit,
                }
            },
        )
}

fn board(x: &Extremes) -> Value {
    let bear = |id: &str, power: i64, counters: u64| json!({"id": id, "name": "Bear", "controller": "A", "types": ["Creature"], "power": power, "toughness": x.toughness, "counters": counters});
    json!({
        "attackopt": 1, "active_player": "A", "attacked_this_turn": x.attacked,
        "players": [{"id": "A", "life": x.life[0], "hand": x.hand}, {"id": "B", "life": x.life[1]}],
        "permanents": [
            bear("b0", x.power[0], x.counters[0]),
            bear("b1", x.power[1], x.counters[1]),
            {"id": "nils", "name": "Nils, Discipline Enforcer", "controller": "B", "types": ["Creature"], "power": 2},
            {"id": "annex", "name": "Norn's Annex", "controller": "B", "types": ["Artifact"]},
            {"id": "plains", "name": "Plains", "controller": "A", "types": ["Land"], "subtypes": ["Plains"]}
        ],
        "effects": [
            {"kind": "attack_cost", "creatures": ["b1"], "cost": format!("{{{}}}", x.cost)},
            {"kind": "max_attackers", "count": x.max_attackers},
            {"kind": "min_other_attackers", "creatures": ["b0"], "count": x.min_others}
        ]
    })
}

/// Whether the board keeps every documented limit (docs/format.md "Input limits").
fn within_limits(x: &Extremes) -> bool {
    let power = |v: i64| (-1_000_000..=1_000_000).contains(&v);
    let u32_ok = |v: u64| v <= u64::from(u32::MAX);
    x.power.iter().all(|&p| power(p))
        && power(x.toughness)
        && x.counters.iter().all(|&c| c <= 1_000_000)
        && x.cost <= 1_000_000
        && u32_ok(x.max_attackers)
        && u32_ok(x.min_others)
        && u32_ok(x.attacked)
        && u32_ok(x.hand)
}

/// The generic mana a mana string like "{8589934592}{W/P}" starts with.
fn generic(mana: &str) -> u128 {
    mana.strip_prefix('{').and_then(|m| m.split('}').next()).and_then(|n| n.parse().ok()).unwrap_or(0)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn extremes_are_refused_or_answered_exactly(x in extremes()) {
        let text = board(&x).to_string();
        let pos = match Position::from_json(&text, "board.json") {
            Ok(p) => {
                prop_assert!(within_limits(&x), "accepted a board past the limits: {x:?}");
                p
            }
            Err(e) => {
                prop_assert_eq!(e.exit_code(), 2);
                let m = e.to_string();
                prop_assert!(m.starts_with("board.json: at "), "the refusal names no path: {m}");
                prop_assert!(!within_limits(&x) || m.contains("expands to at most"), "refused a board within the limits: {m}");
                return Ok(());
            }
        };
        let options = Options { time_limit: Some(x.time_limit), ..Options::default() };
        let quick = Options { time_limit: Some(if x.time_limit.is_finite() { x.time_limit.clamp(0.0, 0.5) } else { 0.5 }), ..Options::default() };

        // A declaration with both bears and a payment of extreme life entries.
        let payment: Vec<Value> = x.paid_life.iter().map(|l| json!({"player": "A", "life": l})).collect();
        let mut decl = json!({"attacks": [{"creature": "b0", "target": "B"}, {"creature": "b1", "target": "B"}]});
        if !payment.is_empty() {
            decl["payment"] = json!(payment);
        }
        match pos.declaration_from_json(&decl.to_string(), "decl.json") {
            Err(e) => prop_assert!(x.paid_life.iter().any(|&l| l < 0), "{e}"),
            Ok(d) => {
                if let Ok(r) = pos.check(&d, &quick) {
                    // Both bears attack B: Nils taxes each its counters, the effect b1 its cost.
                    let want = u128::from(x.counters[0]) + u128::from(x.counters[1]) + u128::from(x.cost);
                    prop_assert_eq!(generic(&r.cost.mana), want, "cost {}", r.cost.mana);
                    let paid: i128 = x.paid_life.iter().map(|&l| i128::from(l)).sum();
                    if r.verdict() == Some(true) && !payment.is_empty() {
                        prop_assert!(paid <= i128::from(x.life[0].max(0)), "paid {paid} life of {}", x.life[0]);
                    }
                    prop_assert!(r.cost.life >= 0);
                }
            }
        }
        // solve and enumerate under every time limit: an answer's objective is exact.
        for objective in [Objective::Power, Objective::Attackers] {
            if let Ok(s) = pos.solve(&objective, &Options { time_limit: quick.time_limit, ..options }) {
                let attacking: Vec<usize> = s.result.declaration.attacks.iter().map(|a| if a.creature == "b0" { 0 } else { 1 }).collect();
                let want: i128 = match objective {
                    Objective::Power => attacking.iter().map(|&c| i128::from(x.power[c])).sum(),
                    _ => attacking.len() as i128,
                };
                prop_assert_eq!(i128::from(s.objective), want);
                if let Some(bound) = s.objective_bound {
                    prop_assert!(bound >= s.objective, "bound {bound} below objective {}", s.objective);
                }
            }
        }
        if let Ok(found) = pos.enumerate(x.enumerate_limit, &quick) {
            prop_assert!(found.declarations.len() <= x.enumerate_limit);
        }
        let exhaustive = Options { method: Method::Exhaustive, ..quick };
        let _ = pos.solve(&Objective::Power, &exhaustive);
    }
}

/// The command line with extreme options: exit 2 for what is not a time limit or a limit,
/// before the board is read; never a crash.
#[test]
fn extreme_options_on_the_command_line() {
    let board = concat!(env!("CARGO_MANIFEST_DIR"), "/models/paid-vs-free.json");
    let bin = env!("CARGO_BIN_EXE_attackopt");
    for (limit, ok) in
        [("0", true), ("1e300", true), ("inf", true), ("1e-320", true), ("-0", true), ("NaN", false), ("-inf", false), ("-1e-9", false)]
    {
        for cmd in ["solve", "enumerate"] {
            let out =
                std::process::Command::new(bin).args([cmd, board, &format!("--time-limit={limit}"), "--format", "json"]).output().expect("runs");
            let code = out.status.code();
            if ok {
                prop_assert_ok(
                    matches!(code, Some(0 | 3)),
                    &format!("{cmd} --time-limit {limit}: {code:?} {}", String::from_utf8_lossy(&out.stderr)),
                );
            } else {
                prop_assert_ok(code == Some(2), &format!("{cmd} --time-limit {limit}: {code:?}"));
            }
        }
    }
    for limit in ["0", "18446744073709551615"] {
        let out = std::process::Command::new(bin).args(["enumerate", board, "--limit", limit]).output().expect("runs");
        assert_eq!(out.status.code(), Some(0), "--limit {limit}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let out = std::process::Command::new(bin).args(["enumerate", board, "--limit", "18446744073709551616"]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
}

#[track_caller]
fn prop_assert_ok(ok: bool, what: &str) {
    assert!(ok, "{what}");
}
