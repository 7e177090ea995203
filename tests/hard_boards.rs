//! Hard boards (issue 6, point 3): boards of the coNP-hardness construction
//! (tests/support/hard.rs: exact cover by 3-sets reduced to the legality of a declaration of
//! attackers) and random adversarial boards (`attackopt generate --profile adversarial`).
//!
//! Promises tested, through the real binary:
//! - with `--time-limit 1`, `check`, `solve` and `enumerate` answer within 5 s of wall clock,
//!   with exit 0, 1 (check: illegal) or 3 (no answer in time), never anything else;
//! - when they answer, the answer is right: on hardness boards it matches the exact-cover truth
//!   computed independently; on boards small enough for `--exhaustive` it matches the
//!   exhaustive checker (legality and maxima for `check`, objective and tie-breaks for `solve`,
//!   the list of declarations for a complete `enumerate`).
//!
//! Timed runs hold a lock so that they do not compete with each other for the two CI cores.

mod common;
#[path = "support/hard.rs"]
mod hard;

use attackopt::{parse_board, parse_declaration};
use attackopt::{Method, Options, Position};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

static TIMED: Mutex<()> = Mutex::new(());
static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// The wall-clock bound for a command run with `--time-limit 1`: wide (the watchdog exits at the
/// deadline) so that a busy CI machine does not fail it by chance, yet far below what an ignored
/// limit would take on these boards.
const BOUND: Duration = Duration::from_millis(5000);

fn temp(tag: &str, content: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let p = std::env::temp_dir().join(format!("attackopt-hard-{}-{n}-{tag}.json", std::process::id()));
    std::fs::write(&p, content).unwrap();
    p
}

use common::BoundedRun as Run;

/// Run the binary; kill it after 60 s so that a hang fails the test instead of the CI job.
fn run(args: &[&str]) -> Run {
    let _guard = TIMED.lock().unwrap_or_else(|e| e.into_inner());
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_attackopt"));
    cmd.args(args);
    common::run_bounded(cmd, Duration::from_secs(60))
}

/// Run with `--time-limit 1` and assert the 5 s bound and an allowed exit status.
#[track_caller]
fn run_limited(what: &str, args: &[&str], allowed: &[i32]) -> Run {
    let mut a: Vec<&str> = args.to_vec();
    a.extend(["--time-limit", "1", "--format", "json"]);
    let r = run(&a);
    assert!(r.elapsed <= BOUND, "{what}: `attackopt {}` took {:?} with --time-limit 1 (bound {BOUND:?}); exit {:?}", a.join(" "), r.elapsed, r.code);
    assert!(
        r.code.is_some_and(|c| allowed.contains(&c)),
        "{what}: `attackopt {}` exited {:?} (allowed {allowed:?}); stderr:\n{}",
        a.join(" "),
        r.code,
        r.stderr
    );
    r
}

fn json(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("not JSON ({e}):\n{s}"))
}

/// Mana value of a cost string ("{2}{W}" is 3, "{2/W}" is 2), the solve tie-break.
fn mana_value(cost: &str) -> i64 {
    cost.split('{')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let sym = s.trim_end_matches('}');
            if let Ok(n) = sym.parse::<i64>() {
                n
            } else if sym.starts_with("2/") {
                2
            } else {
                1
            }
        })
        .sum()
}

/// The rank `solve` optimizes: (objective, -mana, -attackers).
fn rank(v: &Value) -> (i64, i64, i64) {
    let attacks = v["declaration"]["attacks"].as_array().map_or(0, |a| a.len()) as i64;
    (v["objective"].as_i64().unwrap(), -mana_value(v["cost"]["mana"].as_str().unwrap_or("")), -attacks)
}

fn attack_set(d: &Value) -> BTreeSet<(String, String)> {
    d["attacks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["creature"].as_str().unwrap().to_string(), a["target"].as_str().unwrap().to_string()))
        .collect()
}

/// Run check / solve / enumerate under `--time-limit 1` and, when `exhaustive` and the board
/// is within the exhaustive checker's limit, compare every answer with `--exhaustive`.
fn commands_agree(what: &str, board: &str, decls: &[String], exhaustive: bool) -> usize {
    let mut answered = 0;
    for (i, d) in decls.iter().enumerate() {
        for baseline in ["paid", "free"] {
            let r = run_limited(&format!("{what} check #{i} {baseline}"), &["check", board, d, "--baseline", baseline], &[0, 1, 3]);
            if r.code == Some(3) || !exhaustive {
                continue;
            }
            answered += 1;
            let e = run(&["check", board, d, "--baseline", baseline, "--format", "json", "--exhaustive"]);
            if e.code == Some(2) && e.stderr.contains("exhaustive checker") {
                continue; // too large for the reference
            }
            assert!(matches!(e.code, Some(0 | 1)), "{what}: exhaustive check exited {:?}: {}", e.code, e.stderr);
            assert_eq!(r.code, e.code, "{what} check #{i} {baseline}: exit {:?} vs exhaustive {:?}", r.code, e.code);
            let (a, b) = (json(&r.stdout), json(&e.stdout));
            assert_eq!(a["legal"], b["legal"], "{what} check #{i} {baseline}: legal differs from the exhaustive checker");
            if a["proof"] != "none" {
                for f in ["requirements_obeyed", "requirements_max", "requirements_max_free"] {
                    assert_eq!(a[f], b[f], "{what} check #{i} {baseline}: {f} differs from the exhaustive checker");
                }
            }
        }
    }
    for objective in ["power", "attackers", "none"] {
        let r = run_limited(&format!("{what} solve {objective}"), &["solve", board, "--objective", objective], &[0, 3]);
        if r.code == Some(3) || !exhaustive {
            continue;
        }
        answered += 1;
        let e = run(&["solve", board, "--objective", objective, "--format", "json", "--exhaustive"]);
        if e.code == Some(2) && e.stderr.contains("exhaustive checker") {
            continue;
        }
        assert_eq!(e.code, Some(0), "{what}: exhaustive solve: {}", e.stderr);
        let (a, b) = (json(&r.stdout), json(&e.stdout));
        assert_eq!(a["legal"], Value::Bool(true), "{what} solve {objective}: the answer is not legal");
        assert_eq!(rank(&a), rank(&b), "{what} solve {objective}: (objective, -mana, -attackers) differs from the exhaustive checker");
    }
    let r = run_limited(&format!("{what} enumerate"), &["enumerate", board, "--limit", "50"], &[0, 3]);
    if r.code == Some(0) && exhaustive {
        answered += 1;
        let e = run(&["enumerate", board, "--limit", "50", "--format", "json", "--exhaustive"]);
        if !(e.code == Some(2) && e.stderr.contains("exhaustive checker")) {
            assert_eq!(e.code, Some(0), "{what}: exhaustive enumerate: {}", e.stderr);
            let (a, b) = (json(&r.stdout), json(&e.stdout));
            assert_eq!(a["complete"], b["complete"], "{what}: enumerate completeness differs");
            let set = |v: &Value| -> BTreeSet<BTreeSet<(String, String)>> {
                v["declarations"].as_array().unwrap().iter().map(|d| attack_set(&d["declaration"])).collect()
            };
            if a["complete"] == Value::Bool(true) {
                assert_eq!(set(&a), set(&b), "{what}: enumerate lists differ");
            } else {
                assert_eq!(set(&a).len(), set(&b).len(), "{what}: enumerate list sizes differ");
            }
        }
    }
    answered
}

// ------------------------------------------------------------------ the reduction itself

/// On small instances, both methods agree with the exact-cover truth: "the decoy attacks" is
/// legal exactly when there is no exact cover, and the maximum is m or m-1.
#[test]
fn hardness_boards_decide_exact_cover_library() {
    let mut yes = 0;
    let mut no = 0;
    for seed in 0..24u64 {
        let q = 2 + (seed % 2) as usize;
        let k = q + 2 + (seed as usize % 7);
        let inst = hard::instance(q, k, seed % 3 == 0, seed);
        let cover = hard::exact_cover(&inst);
        if cover.is_some() {
            yes += 1;
        } else {
            no += 1;
        }
        let board = hard::board(&inst);
        let pos = Position::new(parse_board(&board.to_string(), "hard.json").unwrap()).unwrap();
        for method in [Method::Ilp, Method::Exhaustive] {
            let opts = Options { method, time_limit: Some(30.0), ..Options::default() };
            let (d, _) = parse_declaration(&hard::decoy_declaration().to_string(), "d.json").unwrap();
            let r = pos.check(&d, &opts).unwrap();
            let ctx = format!("seed {seed} ({inst:?}) method {method:?}");
            assert_eq!(r.legal, cover.is_none(), "{ctx}: the decoy declaration's legality must be 'no exact cover'");
            assert_eq!(r.requirements_max, hard::expected_max(&inst), "{ctx}: maximum");
            if let Some(c) = &cover {
                let (d, _) = parse_declaration(&hard::sets_declaration(c).to_string(), "d.json").unwrap();
                let r = pos.check(&d, &opts).unwrap();
                assert!(r.legal, "{ctx}: the exact cover {c:?} must be legal: {:?}", r.violations);
                assert_eq!(r.requirements_obeyed, inst.m);
            }
        }
    }
    assert!(yes >= 4 && no >= 4, "the instances should mix yes ({yes}) and no ({no}) answers");
}

/// The same through the binary with `--time-limit 1`, compared with `--exhaustive`.
#[test]
fn hardness_boards_small_binary_agrees_with_exhaustive() {
    let mut answered = 0;
    for seed in [1u64, 2, 3, 6] {
        let inst = hard::instance(3, 9 + seed as usize % 3, seed % 2 == 0, 100 + seed);
        let board = temp("hard-small", &hard::board(&inst).to_string());
        let b = board.to_string_lossy().into_owned();
        let mut decls = vec![hard::decoy_declaration().to_string(), r#"{"attacks": []}"#.to_string()];
        if let Some(c) = hard::exact_cover(&inst) {
            decls.push(hard::sets_declaration(&c).to_string());
        }
        decls.push(hard::sets_declaration(&[0, 1, 2]).to_string());
        let files: Vec<PathBuf> = decls.iter().map(|d| temp("hard-decl", d)).collect();
        let names: Vec<String> = files.iter().map(|f| f.to_string_lossy().into_owned()).collect();
        // Truth check for the decoy declaration.
        let r = run_limited("decoy", &["check", &b, &names[0]], &[0, 1, 3]);
        if r.code != Some(3) {
            let v = json(&r.stdout);
            assert_eq!(v["legal"], Value::Bool(!hard::has_exact_cover(&inst)), "seed {seed}: decoy legality");
        }
        answered += commands_agree(&format!("hard seed {seed}"), &b, &names, true);
        for f in files.iter().chain([&board]) {
            let _ = std::fs::remove_file(f);
        }
    }
    assert!(answered > 0, "no command answered within the time limit on small hardness boards");
}

/// Large instances (up to the 64-player limit): every command answers within 5 s, and any
/// answer matches the exact-cover truth.
#[test]
fn hardness_boards_large_answer_in_time() {
    for (seed, q, k, planted) in [(7u64, 10usize, 40usize, true), (8, 12, 62, false), (9, 20, 62, true), (10, 15, 55, false)] {
        let inst = hard::instance(q, k, planted, seed);
        let cover = hard::exact_cover(&inst);
        let board = temp("hard-large", &hard::board(&inst).to_string());
        let decoy = temp("hard-decoy", &hard::decoy_declaration().to_string());
        let (b, d) = (board.to_string_lossy().into_owned(), decoy.to_string_lossy().into_owned());
        let what = format!("hard q={q} k={k} seed {seed}");
        let r = run_limited(&format!("{what} check"), &["check", &b, &d], &[0, 1, 3]);
        if r.code != Some(3) {
            let v = json(&r.stdout);
            assert_eq!(v["legal"], Value::Bool(cover.is_none()), "{what}: decoy legality must be 'no exact cover'");
            assert_eq!(v["requirements_max"].as_u64(), Some(hard::expected_max(&inst) as u64), "{what}: maximum");
        }
        let r = run_limited(&format!("{what} solve"), &["solve", &b, "--objective", "attackers"], &[0, 3]);
        if r.code == Some(0) {
            let v = json(&r.stdout);
            assert_eq!(v["legal"], Value::Bool(true));
            assert_eq!(v["requirements_obeyed"].as_u64(), Some(hard::expected_max(&inst) as u64), "{what}: solve must obey the maximum");
        }
        run_limited(&format!("{what} enumerate"), &["enumerate", &b, "--limit", "20"], &[0, 3]);
        let _ = std::fs::remove_file(&board);
        let _ = std::fs::remove_file(&decoy);
    }
}

// ------------------------------------------------------------------ adversarial profile

fn generate(players: usize, creatures: usize, seed: u64) -> String {
    generate_profile(players, creatures, seed, "adversarial")
}

fn generate_profile(players: usize, creatures: usize, seed: u64, profile: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_attackopt"))
        .args([
            "generate",
            "--players",
            &players.to_string(),
            "--creatures",
            &creatures.to_string(),
            "--seed",
            &seed.to_string(),
            "--profile",
            profile,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Declarations for a generated board: nothing, everyone at the first opponent, and half.
fn adversarial_declarations(board: &str) -> Vec<String> {
    let v = json(board);
    let active = v["active_player"].as_str().unwrap().to_string();
    let opp = v["players"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).find(|p| *p != active).unwrap().to_string();
    let creatures: Vec<String> = v["permanents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["controller"] == active.as_str() && p["types"].as_array().is_some_and(|t| t.iter().any(|x| x == "Creature")))
        .map(|p| p["id"].as_str().unwrap().to_string())
        .collect();
    let decl = |cs: Vec<&String>| {
        serde_json::json!({ "attacks": cs.iter().map(|c| serde_json::json!({"creature": c, "target": opp})).collect::<Vec<_>>() }).to_string()
    };
    vec![r#"{"attacks": []}"#.to_string(), decl(creatures.iter().collect()), decl(creatures.iter().step_by(2).collect())]
}

/// Small adversarial boards: answers within 5 s and equal to the exhaustive checker's.
#[test]
fn adversarial_small_agree_with_exhaustive() {
    let mut answered = 0;
    for (players, creatures, seed) in [(2, 6, 1u64), (3, 7, 2), (4, 8, 3), (3, 9, 4)] {
        let text = generate(players, creatures, seed);
        let board = temp("adv-small", &text);
        let files: Vec<PathBuf> = adversarial_declarations(&text).iter().map(|d| temp("adv-decl", d)).collect();
        let names: Vec<String> = files.iter().map(|f| f.to_string_lossy().into_owned()).collect();
        answered += commands_agree(&format!("adversarial P={players} N={creatures} seed {seed}"), &board.to_string_lossy(), &names, true);
        for f in files.iter().chain([&board]) {
            let _ = std::fs::remove_file(f);
        }
    }
    assert!(answered > 0, "nothing answered on small adversarial boards");
}

/// Large adversarial boards: every command within 5 s with exit 0, 1 or 3.
#[test]
fn adversarial_large_answer_in_time() {
    for (players, creatures, seed) in [(4, 300, 11u64), (8, 1000, 12), (6, 3000, 13)] {
        let text = generate(players, creatures, seed);
        let board = temp("adv-large", &text);
        let files: Vec<PathBuf> = adversarial_declarations(&text).iter().map(|d| temp("adv-decl", d)).collect();
        let names: Vec<String> = files.iter().map(|f| f.to_string_lossy().into_owned()).collect();
        commands_agree(&format!("adversarial P={players} N={creatures} seed {seed}"), &board.to_string_lossy(), &names, false);
        for f in files.iter().chain([&board]) {
            let _ = std::fs::remove_file(f);
        }
    }
}

/// The time limit bounds the whole command, not only the integer program: at the generator's
/// largest sizes, building the model takes far longer than the limit.
#[test]
fn adversarial_huge_answer_in_time() {
    for creatures in [20_000, 90_000] {
        let text = generate(8, creatures, 3);
        let board = temp("adv-huge", &text);
        let empty = temp("adv-empty", r#"{"attacks": []}"#);
        let b = board.to_string_lossy().into_owned();
        run_limited(&format!("adversarial N={creatures} check"), &["check", &b, &empty.to_string_lossy()], &[0, 1, 3]);
        run_limited(&format!("adversarial N={creatures} solve"), &["solve", &b], &[0, 3]);
        run_limited(&format!("adversarial N={creatures} enumerate"), &["enumerate", &b], &[0, 3]);
        let _ = std::fs::remove_file(&board);
        let _ = std::fs::remove_file(&empty);
    }
}

/// `solve` cut short by its time limit still answers with its best legal declaration when it
/// has one: exit 3, `optimal: false`, and a proven `objective_bound` at least the objective. The
/// declaration is re-checked by a separate `check` with time to spare (legality is never in
/// doubt; only optimality is).
#[test]
fn unproven_solve_answers_are_legal_with_a_bound() {
    // An adversarial board (branch and bound leaves a gap) and a commander board where most
    // opponents are taxed (the paid-baseline cuts take many rounds).
    for (text, limits) in [(generate(8, 1000, 1), ["3", "6"]), (generate_profile(5, 40, 9, "commander"), ["1", "2"])] {
        unproven_answers(&text, &limits);
    }
}

fn unproven_answers(text: &str, limits: &[&str]) {
    let board = temp("adv-unproven", text);
    let b = board.to_string_lossy().into_owned();
    let mut unproven = 0;
    for &limit in limits {
        let r = run(&["solve", &b, "--time-limit", limit, "--format", "json"]);
        assert!(matches!(r.code, Some(0) | Some(3)), "solve --time-limit {limit}: exit {:?}: {}", r.code, r.stderr);
        let v = json(&r.stdout);
        if v.get("objective").is_none() {
            assert_eq!(r.code, Some(3));
            assert_eq!(v["proof"], "none", "{v}");
            continue;
        }
        assert_eq!(v["legal"], true, "{v}");
        let objective = v["objective"].as_i64().unwrap();
        let optimal = v["optimal"].as_bool().unwrap();
        assert_eq!(r.code, Some(if optimal { 0 } else { 3 }));
        if let Some(bound) = v["objective_bound"].as_i64() {
            assert!(bound >= objective, "bound {bound} below the objective {objective}");
        }
        if optimal {
            assert_eq!(v["objective_bound"].as_i64(), Some(objective));
        }
        unproven += usize::from(!optimal);
        let decl = temp("adv-unproven-decl", &v["declaration"].to_string());
        let c = run(&["check", &b, &decl.to_string_lossy(), "--time-limit", "60", "--format", "json"]);
        let _ = std::fs::remove_file(&decl);
        assert_eq!(c.code, Some(0), "the answer of solve --time-limit {limit} is not legal: {}", c.stdout.chars().take(2000).collect::<String>());
        let cv = json(&c.stdout);
        assert_eq!(cv["requirements_obeyed"], v["requirements_obeyed"]);
    }
    // enumerate cut short lists legal declarations only, and says the time limit was reached.
    let r = run(&["enumerate", &b, "--limit", "4", "--time-limit", limits[0], "--format", "json"]);
    assert!(matches!(r.code, Some(0) | Some(3)), "enumerate: exit {:?}: {}", r.code, r.stderr);
    if let Some(list) = json(&r.stdout).get("declarations").and_then(Value::as_array).cloned() {
        let v = json(&r.stdout);
        assert_eq!(v["time_limit_reached"], r.code == Some(3), "{}", r.stdout.chars().take(300).collect::<String>());
        for d in list {
            assert_eq!(d["legal"], true);
            let decl = temp("adv-enum-decl", &d["declaration"].to_string());
            let c = run(&["check", &b, &decl.to_string_lossy(), "--time-limit", "60", "--format", "json"]);
            let _ = std::fs::remove_file(&decl);
            assert_eq!(c.code, Some(0), "an enumerated declaration is not legal: {}", c.stdout.chars().take(2000).collect::<String>());
        }
    }
    let _ = std::fs::remove_file(&board);
    // This board is beyond proving in seconds (docs/performance.md): the test exercises the
    // unproven path; if it ever proves, it still checks the proven one.
    eprintln!("{unproven} unproven answers");
}
