//! Benchmarks of issue 4: check, maximum and solve on generated boards (src/generate), over
//! N = 10, 100, 1000, 2500, 5000 creatures and P = 2, 4, 8 players, per profile, with three
//! engines side by side:
//!
//! - `ilp`: the integer program as shipped (`Ilp::default()`, grouping on);
//! - `plain`: the same program without reductions (`Ilp { model: Model::PLAIN, .. }`);
//! - `dfs`: the bound-pruned depth-first search of `attackopt::baseline_dfs` (check and maximum
//!   only: it is a maximizer, not an optimizer).
//!
//! Benches (criterion group `{op}-{profile}`, function = engine, parameter `P{p}-N{n}`):
//! - `load`: `parse_board` + `Position::new` (JSON text to rules and mana) — what `validate`
//!   does before printing;
//! - `check`: one `legality::check` of the empty declaration (paid baseline);
//! - `maximum`: `Maximizer::maximum` with no cost allowed (the free maximum);
//! - `solve`: `solve::solve(&pos, Goal::Power, Baseline::Paid, ..)`.
//!
//! Every (op, engine, board) is first run once with a deadline of `SKIP_AFTER` seconds; when
//! that run fails to finish (or takes longer), the bench is skipped and the skip is written to
//! `benches/results/skipped.csv` (search time is not monotone in N: a DFS bound can be loose at
//! N = 100 and tight at N = 1000, so every size gets its own pre-flight). Sampling is flat, 10 samples, short warm-up and measurement,
//! plots off, so the whole run fits in about ten minutes on a 2-core machine.
//!
//! Environment: `ATTACKOPT_BENCH_N` (comma list, default 10,100,1000,2500,5000),
//! `ATTACKOPT_BENCH_P` (default 2,4,8), `ATTACKOPT_BENCH_PROFILES` (default all),
//! `ATTACKOPT_BENCH_SKIP_AFTER` (seconds, default 1.0).

use attackopt::generator::{generate, Profile};
use attackopt::internals::baseline_dfs::BaselineDfs;
use attackopt::internals::ilp::{Ilp, Model};
use attackopt::internals::solve::{self, Goal};
use attackopt::parse_board;
use attackopt::{check, Baseline, Deadline, Maximizer, SolveError};
use attackopt::{Declaration, Position};
use criterion::{BenchmarkId, SamplingMode};
use std::io::Write;
use std::time::{Duration, Instant};
use support::{criterion, env_list, skipped_file};

mod support;

const SEED: u64 = 1;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Engine {
    Ilp,
    Plain,
    Dfs,
}

impl Engine {
    fn name(self) -> &'static str {
        match self {
            Engine::Ilp => "ilp",
            Engine::Plain => "plain",
            Engine::Dfs => "dfs",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Op {
    Load,
    Check,
    Maximum,
    Solve,
}

impl Op {
    fn name(self) -> &'static str {
        match self {
            Op::Load => "load",
            Op::Check => "check",
            Op::Maximum => "maximum",
            Op::Solve => "solve",
        }
    }
    fn engines(self) -> &'static [Engine] {
        match self {
            Op::Load => &[Engine::Ilp],
            Op::Check | Op::Maximum => &[Engine::Ilp, Engine::Plain, Engine::Dfs],
            Op::Solve => &[Engine::Ilp, Engine::Plain],
        }
    }
}

/// Run one operation; `limit` is a deadline in seconds (None: as benchmarked).
fn run(op: Op, engine: Engine, text: &str, pos: &Position, limit: Option<f64>) -> Result<(), SolveError> {
    let deadline = limit.map_or(Deadline::none(), |s| Deadline::from_now(Duration::from_secs_f64(s)));
    let ilp = match engine {
        // No reductions (fields added later keep their defaults: update this line with them).
        Engine::Plain => Ilp { model: Model::PLAIN, ..Ilp::default() }.until(deadline),
        _ => Ilp::default().until(deadline),
    };
    // The DFS always has a deadline (generous when benchmarked: it passed the pre-flight).
    let dfs = BaselineDfs {
        deadline: if deadline.is_limited() { deadline } else { Deadline::from_now(Duration::from_secs(60)) },
        ..BaselineDfs::default()
    };
    let maximizer: &dyn Maximizer = if engine == Engine::Dfs { &dfs } else { &ilp };
    match op {
        Op::Load => {
            let vb = parse_board(text, "bench.json").expect("generated boards are valid");
            std::hint::black_box(Position::new(vb).unwrap());
        }
        Op::Check => {
            let r = check(pos, &Declaration::default(), Baseline::Paid, maximizer)?;
            if r.proof == attackopt::Proof::None {
                return Err(SolveError::TimeLimit("no proof".into()));
            }
            std::hint::black_box(r);
        }
        Op::Maximum => {
            let none = vec![false; pos.rules.costs.len()];
            std::hint::black_box(maximizer.maximum(pos, &none, &pos.rules.no_attack())?);
        }
        Op::Solve => {
            let r = solve::solve(pos, Goal::Power, Baseline::Paid, &ilp)?;
            // Past its deadline solve answers its best legal declaration, unproven: not an
            // answer for this benchmark (benchmarked runs have no deadline).
            if !r.optimal {
                return Err(SolveError::TimeLimit("not proven optimal".into()));
            }
            std::hint::black_box(r);
        }
    }
    Ok(())
}

fn main() {
    let sizes: Vec<usize> = env_list("ATTACKOPT_BENCH_N", &[10, 100, 1000, 2500, 5000]);
    let players: Vec<usize> = env_list("ATTACKOPT_BENCH_P", &[2, 4, 8]);
    let profiles: Vec<String> = env_list("ATTACKOPT_BENCH_PROFILES", &["commander".to_string(), "tokens".into(), "adversarial".into()]);
    let skip_after: f64 = std::env::var("ATTACKOPT_BENCH_SKIP_AFTER").ok().and_then(|s| s.parse().ok()).unwrap_or(1.0);

    let mut c = criterion();
    let mut skipped = skipped_file("skipped.csv", "op,profile,engine,players,creatures,reason");
    let started = Instant::now();

    for profile in &profiles {
        let profile = Profile::parse(profile).expect("a profile");
        for op in [Op::Load, Op::Check, Op::Maximum, Op::Solve] {
            let mut group = c.benchmark_group(format!("{}-{}", op.name(), profile.name()));
            group.sampling_mode(SamplingMode::Flat);
            for &p in &players {
                for &n in &sizes {
                    let board = generate(p, n, SEED, profile);
                    let text = serde_json::to_string_pretty(&board).unwrap();
                    let pos = Position::new(parse_board(&text, "bench.json").unwrap()).unwrap();
                    for &engine in op.engines() {
                        let line = |why: &str| format!("{},{},{},{p},{n},{why}", op.name(), profile.name(), engine.name());
                        // Pre-flight: one run with a deadline.
                        let t = Instant::now();
                        let r = run(op, engine, &text, &pos, Some(skip_after));
                        let took = t.elapsed().as_secs_f64();
                        match r {
                            Ok(()) if took <= skip_after => {}
                            Ok(()) => {
                                writeln!(skipped, "{}", line(&format!("one run took {took:.2} s > {skip_after} s"))).unwrap();
                                continue;
                            }
                            Err(SolveError::TimeLimit(_)) => {
                                writeln!(skipped, "{}", line(&format!("no answer within {skip_after} s"))).unwrap();
                                continue;
                            }
                            Err(e) => {
                                writeln!(skipped, "{}", line(&format!("error: {}", e.to_string().replace(',', ";")))).unwrap();
                                continue;
                            }
                        }
                        group.bench_with_input(BenchmarkId::new(engine.name(), format!("P{p}-N{n}")), &(), |b, _| {
                            b.iter(|| run(op, engine, &text, &pos, None).expect("passed the pre-flight"))
                        });
                    }
                }
            }
            group.finish();
        }
    }
    writeln!(skipped, "# total bench time {:.0} s", started.elapsed().as_secs_f64()).unwrap();
    c.final_summary();
}
