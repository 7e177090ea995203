//! The acceptance scenarios (tests/scenarios/*.json, format in tests/scenarios/README.md), run
//! through the library: every check under every baseline it applies to, comparing `legal`,
//! `requirements_max_free` and the expected violation kind. All failures are collected and
//! reported together.

use attackopt::Position;
use attackopt::{check, Baseline, ExhaustiveOracle, ViolationKind};
use attackopt::{parse_board, parse_declaration};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn scenario_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

fn kind_name(k: ViolationKind) -> &'static str {
    k.as_str()
}

/// Run one scenario file; returns (checks run, failure messages).
fn run_scenario(path: &Path) -> (usize, Vec<String>) {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut failures = Vec::new();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return (0, vec![format!("{name}: cannot read: {e}")]),
    };
    let v: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return (0, vec![format!("{name}: not valid JSON: {e}")]),
    };
    let board_text = v["board"].to_string();
    let vb = match parse_board(&board_text, &name) {
        Ok(vb) => vb,
        Err(e) => return (0, vec![format!("{name}: board rejected: {e}")]),
    };
    let pos = Position::new(vb).unwrap();
    let oracle = match ExhaustiveOracle::new(&pos) {
        Ok(o) => o,
        Err(e) => return (0, vec![format!("{name}: exhaustive oracle refused the board: {e}")]),
    };
    let expect = &v["expect"];
    let Some(max_free) = expect["requirements_max_free"].as_u64() else {
        return (0, vec![format!("{name}: expect.requirements_max_free missing")]);
    };
    let Some(checks) = expect["checks"].as_array().filter(|c| !c.is_empty()) else {
        return (0, vec![format!("{name}: expect.checks missing or empty")]);
    };
    let mut run = 0;
    for (i, c) in checks.iter().enumerate() {
        let at = format!("{name} check #{i}");
        let baselines: Vec<Baseline> = match c.get("baseline").and_then(Value::as_str) {
            None => vec![Baseline::Paid, Baseline::Free],
            Some("paid") => vec![Baseline::Paid],
            Some("free") => vec![Baseline::Free],
            Some(other) => {
                failures.push(format!("{at}: unknown baseline {other:?} in the scenario"));
                continue;
            }
        };
        let Some(want_legal) = c["legal"].as_bool() else {
            failures.push(format!("{at}: `legal` missing in the scenario"));
            continue;
        };
        let want_violation = c.get("violation").and_then(Value::as_str);
        let decl = match parse_declaration(&c["declaration"].to_string(), "declaration.json") {
            Ok((d, _)) => d,
            Err(e) => {
                failures.push(format!("{at}: declaration rejected: {e}"));
                continue;
            }
        };
        if let Err(e) = pos.board.check_declaration_ids(&decl, "declaration.json") {
            failures.push(format!("{at}: declaration ids rejected: {e}"));
            continue;
        }
        for b in baselines {
            run += 1;
            let at = format!("{at} [{b}] {}", c["declaration"]);
            let r = match check(&pos, &decl, b, &oracle) {
                Ok(r) => r,
                Err(e) => {
                    failures.push(format!("{at}: check failed: {e}"));
                    continue;
                }
            };
            if r.legal != want_legal {
                failures.push(format!(
                    "{at}: legal = {}, expected {want_legal}; violations: {:?}",
                    r.legal,
                    r.violations.iter().map(|v| format!("{}: {}", kind_name(v.kind), v.message)).collect::<Vec<_>>()
                ));
            }
            if r.requirements_max_free as u64 != max_free {
                failures.push(format!("{at}: requirements_max_free = {}, expected {max_free}", r.requirements_max_free));
            }
            let under = if b == Baseline::Paid { r.legal_under.paid } else { r.legal_under.free };
            if under != r.legal {
                failures.push(format!("{at}: legal = {} but legal_under.{b} = {under}", r.legal));
            }
            if b == Baseline::Free && r.requirements_max != r.requirements_max_free {
                failures.push(format!(
                    "{at}: free baseline but requirements_max {} != requirements_max_free {}",
                    r.requirements_max, r.requirements_max_free
                ));
            }
            let short = r.violations.iter().any(|v| v.kind == ViolationKind::Requirements);
            if short != r.witness.is_some() {
                failures.push(format!("{at}: requirements violated = {short} but witness present = {}", r.witness.is_some()));
            }
            if r.legal != r.violations.is_empty() {
                failures.push(format!("{at}: legal = {} but {} violation(s)", r.legal, r.violations.len()));
            }
            if let Some(kind) = want_violation {
                if !r.violations.iter().any(|v| kind_name(v.kind) == kind) {
                    failures.push(format!(
                        "{at}: expected a `{kind}` violation, got {:?}",
                        r.violations.iter().map(|v| kind_name(v.kind)).collect::<Vec<_>>()
                    ));
                }
            }
        }
    }
    (run, failures)
}

#[test]
fn acceptance_scenarios() {
    let files = scenario_files();
    assert!(files.len() >= 30, "expected at least 30 scenarios in tests/scenarios, found {}", files.len());
    let mut failures = Vec::new();
    let mut total = 0;
    for f in &files {
        let (n, mut fails) = run_scenario(f);
        total += n;
        failures.append(&mut fails);
    }
    assert!(total >= 2 * files.len(), "suspiciously few checks ran: {total}");
    assert!(failures.is_empty(), "{} of {total} scenario checks failed ({} files):\n{}", failures.len(), files.len(), failures.join("\n"));
}
