//! Issue 10: `solve` under the paid baseline on taxed Commander boards, the two forms of the
//! dual bar side by side in one run (`src/ilp/dual.rs`):
//!
//! - `coupled`: one program per tuple of coupling duals (`Ilp::default()`);
//! - `products`: one program with linearized products, switched on by the first declaration
//!   that falls short of its bar (`Strategy { max_tuples: 0, .. }`, the method before);
//! - `coupled-no-branch-first`: `coupled` without branching first on what is owed and on the
//!   exchange cuts' selectors (`Strategy { branch_first: false, .. }`, row (8b) of
//!   `src/ilp/mod.rs`, `Encoding::branch_first`);
//! - `coupled-no-probing`: `coupled` without probing the programs microlp does not prove
//!   within 256 nodes (`Strategy { probe_after: None, .. }`, `src/ilp/probe.rs`).
//!
//! Criterion group `paid-commander`, function = form, parameter `P{p}-N{n}-s{seed}`. Each
//! (form, board) is first run once with a deadline of `ATTACKOPT_BENCH_SKIP_AFTER` seconds
//! (default 2); a run that does not prove its optimum by then is skipped and written to
//! `benches/results/paid-skipped.csv`. The outside anchor (the HiGHS reference of issue 10) is a
//! separate program: `benches/paid_commander.py` runs it on the same boards.
//!
//! Environment: `ATTACKOPT_BENCH_P` (default 4,5,6), `ATTACKOPT_BENCH_N` (default 20,40,100),
//! `ATTACKOPT_BENCH_SEEDS` (default 1,2,3).

use attackopt::generator::{generate, Profile};
use attackopt::internals::ilp::{Ilp, Strategy};
use attackopt::internals::solve::{self, Goal};
use attackopt::{parse_board, Baseline, Deadline, Position};
use criterion::{BenchmarkId, SamplingMode};
use std::io::Write;
use std::time::Duration;
use support::{criterion, env_list, skipped_file};

mod support;

/// Solve with `form` to a proven optimum (within `limit` seconds, if given); the objective.
fn run(pos: &Position, form: Ilp, limit: Option<f64>) -> Option<i64> {
    let deadline = limit.map_or(Deadline::none(), |s| Deadline::from_now(Duration::from_secs_f64(s)));
    let ilp = form.until(deadline);
    let r = solve::solve(pos, Goal::Power, Baseline::Paid, &ilp).ok()?;
    r.optimal.then_some(r.objective)
}

fn main() {
    let players: Vec<usize> = env_list("ATTACKOPT_BENCH_P", &[4, 5, 6]);
    let sizes: Vec<usize> = env_list("ATTACKOPT_BENCH_N", &[20, 40, 100]);
    let seeds: Vec<u64> = env_list("ATTACKOPT_BENCH_SEEDS", &[1, 2, 3]);
    let skip_after: f64 = std::env::var("ATTACKOPT_BENCH_SKIP_AFTER").ok().and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let mut c = criterion();
    let mut skipped = skipped_file("paid-skipped.csv", "form,players,creatures,seed,reason");
    let mut group = c.benchmark_group("paid-commander");
    group.sampling_mode(SamplingMode::Flat);
    for &p in &players {
        for &n in &sizes {
            for &seed in &seeds {
                let text = serde_json::to_string(&generate(p, n, seed, Profile::Commander)).unwrap();
                let pos = Position::new(parse_board(&text, "bench.json").unwrap()).unwrap();
                let mut optimum = None;
                let coupled = Ilp::default();
                let forms = [
                    ("coupled", coupled),
                    ("coupled-no-branch-first", coupled.with(Strategy { branch_first: false, ..coupled.strategy })),
                    ("coupled-no-probing", coupled.with(Strategy { probe_after: None, ..coupled.strategy })),
                    ("products", coupled.with(Strategy { max_tuples: 0, ..coupled.strategy })),
                ];
                for (form, config) in forms {
                    let Some(value) = run(&pos, config, Some(skip_after)) else {
                        writeln!(skipped, "{form},{p},{n},{seed},not proven within {skip_after} s").unwrap();
                        continue;
                    };
                    // Both forms prove the same optimum, or the comparison means nothing.
                    assert!(optimum.is_none_or(|o| o == value), "P={p} N={n} seed {seed}: {form} proves {value}, the other {optimum:?}");
                    optimum = Some(value);
                    group.bench_with_input(BenchmarkId::new(form, format!("P{p}-N{n}-s{seed}")), &(), |b, _| {
                        b.iter(|| run(&pos, config, None).expect("passed the pre-flight"))
                    });
                }
            }
        }
    }
    group.finish();
    c.final_summary();
}
