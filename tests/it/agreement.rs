//! The program and the exhaustive checker agree on every real board (issue 6, point 6): every
//! board in `models/` and every scenario board in `tests/scenarios/`.
//!
//! - `check`: every declaration of the board (models/declarations/<name>*.json; the scenario's
//!   checks) under both baselines, with the default method (`Method::Ilp`) and with
//!   `Method::Exhaustive`: same `legal`, `legal_under`, `requirements_obeyed`,
//!   `requirements_max`, `requirements_max_free` and violation kinds.
//! - `solve`: each objective (power, attackers, none, damage:P for every opponent) under both
//!   baselines: both answers legal, with the same rank (objective, then less mana, then fewer
//!   attackers).
//! - `enumerate`: where the exhaustive list of legal declarations is short, the same set.
//! - a model with `combat` (docs/blocks.md): its declarations of blockers checked, and `solve`
//!   for each defender's objective (none, prevented, kills, losses), by the block program and
//!   the exhaustive checker alike (`agree_on_blocks`).
//!
//! Every model and scenario is small enough for the exhaustive checker; the test fails if one is
//! not (so a board that grows past it is noticed, not silently skipped).

use attackopt::internals::legality::read_declaration;
use attackopt::internals::solve::mana_of;
use attackopt::Objective;
use attackopt::{parse_board, parse_declaration, Declaration};
use attackopt::{Baseline, CheckResult, Method, Options, Position, Request};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "json")).collect();
    v.sort();
    v
}

/// (name, board text, declarations) for every model and scenario.
/// A board's name, its text, and its named declarations.
type NamedBoard = (String, String, Vec<(String, String)>);

fn boards() -> Vec<NamedBoard> {
    let mut out = Vec::new();
    let decl_dir = root().join("models").join("declarations");
    for m in json_files(&root().join("models")) {
        let stem = m.file_stem().unwrap().to_string_lossy().into_owned();
        let decls = json_files(&decl_dir)
            .into_iter()
            .filter(|p| {
                let n = p.file_name().unwrap().to_string_lossy();
                n == format!("{stem}.json") || n.starts_with(&format!("{stem}."))
            })
            .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
            .collect();
        out.push((format!("models/{stem}.json"), std::fs::read_to_string(&m).unwrap(), decls));
    }
    for s in json_files(&root().join("tests").join("scenarios")) {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&s).unwrap()).unwrap();
        let decls = v["expect"]["checks"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(i, c)| (format!("check #{i}"), c["declaration"].to_string()))
            .collect();
        out.push((format!("scenarios/{}", s.file_name().unwrap().to_string_lossy()), v["board"].to_string(), decls));
    }
    out
}

fn opts(method: Method, baseline: Baseline) -> Options {
    Options { baseline, time_limit: Some(60.0), method, clock: None, strict: false }
}

fn kinds(r: &CheckResult) -> BTreeSet<String> {
    r.violations.iter().map(|v| v.kind.as_str().to_string()).collect()
}

fn attack_set(d: &Declaration) -> BTreeSet<(String, String)> {
    d.attacks.iter().map(|a| (a.creature.clone(), a.target.clone())).collect()
}

#[test]
fn program_and_exhaustive_checker_agree_on_every_model_and_scenario() {
    let mut failures = Vec::new();
    let (mut boards_done, mut checks, mut solves, mut enumerations) = (0, 0, 0, 0);
    for (name, text, decls) in boards() {
        let pos = match parse_board(&text, &name) {
            Ok(vb) => Position::new(vb).expect("within limits"),
            Err(e) => {
                failures.push(format!("{name}: board rejected: {e}"));
                continue;
            }
        };
        if let Err(e) = attackopt::ExhaustiveOracle::new(&pos) {
            failures.push(format!("{name}: too large for the exhaustive checker ({e}); agreement can't be shown"));
            continue;
        }
        boards_done += 1;
        // A board with combat (docs/blocks.md): declarations of blockers and a defender's
        // objectives, through the request layer.
        if pos.blocks.is_some() {
            let (c, s) = agree_on_blocks(&name, &pos, &decls, &mut failures);
            (checks, solves) = (checks + c, solves + s);
            continue;
        }
        for baseline in [Baseline::Paid, Baseline::Free] {
            // check
            for (dname, dtext) in &decls {
                let at = format!("{name} {dname} ({baseline})");
                let (d, _) = match parse_declaration(dtext, dname) {
                    Ok(d) => d,
                    Err(e) => {
                        failures.push(format!("{at}: declaration rejected: {e}"));
                        continue;
                    }
                };
                let (ilp, exh) = (pos.check(&d, &opts(Method::Ilp, baseline)), pos.check(&d, &opts(Method::Exhaustive, baseline)));
                let (ilp, exh) = match (ilp, exh) {
                    (Ok(a), Ok(b)) => (a, b),
                    (a, b) => {
                        failures.push(format!("{at}: check failed: ilp {:?} / exhaustive {:?}", a.err(), b.err()));
                        continue;
                    }
                };
                checks += 1;
                let pairs = [
                    ("legal", ilp.legal as usize, exh.legal as usize),
                    ("legal_under.paid", ilp.legal_under.paid as usize, exh.legal_under.paid as usize),
                    ("legal_under.free", ilp.legal_under.free as usize, exh.legal_under.free as usize),
                    ("requirements_obeyed", ilp.requirements_obeyed, exh.requirements_obeyed),
                    ("requirements_max", ilp.requirements_max, exh.requirements_max),
                    ("requirements_max_free", ilp.requirements_max_free, exh.requirements_max_free),
                ];
                for (field, a, b) in pairs {
                    if a != b {
                        failures.push(format!("{at}: {field}: ilp {a}, exhaustive {b}"));
                    }
                }
                if kinds(&ilp) != kinds(&exh) {
                    failures.push(format!("{at}: violation kinds: ilp {:?}, exhaustive {:?}", kinds(&ilp), kinds(&exh)));
                }
                if ilp.proof != attackopt::Proof::IlpOptimal {
                    failures.push(format!("{at}: proof {:?}", ilp.proof));
                }
            }
            // solve
            let mut objectives = vec!["power".to_string(), "attackers".to_string(), "none".to_string()];
            for p in &pos.board.board.players {
                let i = pos.board.player_index(&p.id).unwrap();
                if pos.board.opponents(pos.board.active, i) {
                    objectives.push(format!("damage:{}", p.id));
                }
            }
            for o in &objectives {
                let at = format!("{name} solve {o} ({baseline})");
                let objective = Objective::parse(o, &pos).unwrap();
                let (ilp, exh) = (pos.solve(&objective, &opts(Method::Ilp, baseline)), pos.solve(&objective, &opts(Method::Exhaustive, baseline)));
                let (ilp, exh) = match (ilp, exh) {
                    (Ok(a), Ok(b)) => (a, b),
                    (a, b) => {
                        failures.push(format!("{at}: solve failed: ilp {:?} / exhaustive {:?}", a.err(), b.err()));
                        continue;
                    }
                };
                solves += 1;
                let rank = |r: &attackopt::SolveResult| {
                    let (a, _) = read_declaration(&pos, &r.result.declaration);
                    (r.objective, -mana_of(&pos, &a), -(r.result.declaration.attacks.len() as i64))
                };
                if !ilp.result.legal || !exh.result.legal {
                    failures.push(format!("{at}: an answer is not legal: ilp {} / exhaustive {}", ilp.result.legal, exh.result.legal));
                }
                if rank(&ilp) != rank(&exh) {
                    failures.push(format!(
                        "{at}: (objective, -mana, -attackers) ilp {:?} {:?} vs exhaustive {:?} {:?}",
                        rank(&ilp),
                        attack_set(&ilp.result.declaration),
                        rank(&exh),
                        attack_set(&exh.result.declaration)
                    ));
                }
            }
            // enumerate, where the list is short
            let exh = match pos.enumerate(60, &opts(Method::Exhaustive, baseline)) {
                Ok(e) => e,
                Err(e) => {
                    failures.push(format!("{name} enumerate ({baseline}): exhaustive failed: {e}"));
                    continue;
                }
            };
            if exh.complete {
                match pos.enumerate(60, &opts(Method::Ilp, baseline)) {
                    Ok(ilp) => {
                        enumerations += 1;
                        let set = |e: &attackopt::Enumeration| e.declarations.iter().map(|r| attack_set(&r.declaration)).collect::<BTreeSet<_>>();
                        if !ilp.complete || set(&ilp) != set(&exh) {
                            failures.push(format!(
                                "{name} enumerate ({baseline}): ilp lists {} (complete {}), exhaustive {}; only ilp: {:?}; only exhaustive: {:?}",
                                ilp.declarations.len(),
                                ilp.complete,
                                exh.declarations.len(),
                                set(&ilp).difference(&set(&exh)).collect::<Vec<_>>(),
                                set(&exh).difference(&set(&ilp)).collect::<Vec<_>>()
                            ));
                        }
                    }
                    Err(e) => failures.push(format!("{name} enumerate ({baseline}): ilp failed: {e}")),
                }
            }
        }
    }
    eprintln!("agreement: {boards_done} boards, {checks} checks, {solves} solves, {enumerations} enumerations compared");
    assert!(failures.is_empty(), "{} disagreements:\n{}", failures.len(), failures.join("\n"));
    assert!(boards_done >= 40 && checks >= 300 && solves >= 200, "too little compared: {boards_done} boards, {checks} checks, {solves} solves");
}

/// `check` and `solve` on a board with combat by the block program and by the exhaustive
/// checker, under both baselines: the same verdicts and counts, and for each objective (none,
/// prevented, kills, losses) the same value and tie-breaks, both answers legal. Returns the
/// checks and solves compared. (`enumerate` of blockers is compared in block_differential.rs.)
fn agree_on_blocks(name: &str, pos: &Position, decls: &[(String, String)], failures: &mut Vec<String>) -> (usize, usize) {
    let (mut checks, mut solves) = (0, 0);
    let both = |request: &Request, baseline: Baseline, at: &str, failures: &mut Vec<String>| {
        let answer = |method| pos.answer(request, &opts(method, baseline)).map(|a| serde_json::to_value(a.json()).unwrap());
        match (answer(Method::Ilp), answer(Method::Exhaustive)) {
            (Ok(a), Ok(b)) => Some((a, b)),
            (a, b) => {
                failures.push(format!("{at}: failed: ilp {:?} / exhaustive {:?}", a.err(), b.err()));
                None
            }
        }
    };
    let kinds = |r: &Value| r["violations"].as_array().unwrap().iter().map(|v| v["kind"].to_string()).collect::<BTreeSet<_>>();
    for baseline in [Baseline::Paid, Baseline::Free] {
        for (dname, dtext) in decls {
            let at = format!("{name} {dname} ({baseline})");
            let request = match attackopt::parse_any_declaration(dtext, dname).and_then(|(d, _)| Request::check(&pos.board, d, dname)) {
                Ok(r) => r,
                Err(e) => {
                    failures.push(format!("{at}: declaration rejected: {e}"));
                    continue;
                }
            };
            let Some((ilp, exh)) = both(&request, baseline, &at, failures) else { continue };
            checks += 1;
            for field in ["legal", "legal_under", "requirements_obeyed", "requirements_max", "requirements_max_free"] {
                if ilp[field] != exh[field] {
                    failures.push(format!("{at}: {field}: ilp {}, exhaustive {}", ilp[field], exh[field]));
                }
            }
            if kinds(&ilp) != kinds(&exh) {
                failures.push(format!("{at}: violation kinds: ilp {:?}, exhaustive {:?}", kinds(&ilp), kinds(&exh)));
            }
        }
        for o in ["none", "prevented", "kills", "losses"] {
            let at = format!("{name} solve {o} ({baseline})");
            let request = Request::Solve(Objective::parse(o, pos).unwrap());
            let Some((ilp, exh)) = both(&request, baseline, &at, failures) else { continue };
            solves += 1;
            if ilp["legal"] != Value::Bool(true) || exh["legal"] != Value::Bool(true) {
                failures.push(format!("{at}: an answer is not legal: ilp {} / exhaustive {}", ilp["legal"], exh["legal"]));
            }
            // The objective, then the tie-breaks: least mana paid to block, fewest blocks.
            let rank = |r: &Value| (r["objective"].clone(), r["cost"]["mana"].clone(), r["declaration"]["blocks"].as_array().map(Vec::len));
            if rank(&ilp) != rank(&exh) {
                failures.push(format!("{at}: (objective, mana, blocks) ilp {:?} vs exhaustive {:?}", rank(&ilp), rank(&exh)));
            }
        }
    }
    (checks, solves)
}

/// Powers past what the integer program sums exactly in floating point (2^53) are refused as
/// input: a board with |power| above 1,000,000 is bad input naming the field, so `solve` never
/// answers from a rounded objective.
#[test]
fn huge_powers_are_refused_as_input() {
    for p in [1i64 << 53, i64::MAX, -(1i64 << 40), 1_000_001] {
        let board = serde_json::json!({ "attackopt": 1, "active_player": "A", "players": [ { "id": "A" }, { "id": "B" } ],
            "permanents": [ { "id": "x", "controller": "A", "types": ["Creature"], "power": p } ] });
        let e = Position::from_json(&board.to_string(), "big.json").unwrap_err().to_string();
        assert!(e.contains("permanents[0].power") && e.contains("between"), "power {p}: {e}");
    }
    let ok = serde_json::json!({ "attackopt": 1, "active_player": "A", "players": [ { "id": "A" }, { "id": "B" } ],
        "permanents": [ { "id": "x", "controller": "A", "types": ["Creature"], "power": 1_000_000 } ] });
    let pos = Position::from_json(&ok.to_string(), "ok.json").unwrap();
    let ilp = pos.solve(&Objective::Power, &opts(Method::Ilp, Baseline::Paid)).unwrap();
    assert_eq!(ilp.objective, 1_000_000);
}
