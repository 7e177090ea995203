//! Where the time goes: times each stage of `check` (empty declaration) and `solve --objective
//! power` on a generated board, separately, median of several runs.
//!
//! `cargo run --release --example stages -- PLAYERS CREATURES SEED PROFILE [RUNS]`
//!
//! Stages: JSON text, parse + validate (`parse_board`), expand (`Position::new`: rules, mana),
//! encode (`Encoding::new`, grouped and plain), maximum (free, grouped ILP), check (the whole
//! `legality::check` on the empty declaration), solve (`solve::solve`, power, paid), and the
//! DFS baseline's free maximum (deadline 10 s).

use attackopt::generator::{generate, Profile};
use attackopt::internals::baseline_dfs::BaselineDfs;
use attackopt::internals::ilp::{Encoding, Grouping, Ilp, Model};
use attackopt::internals::solve::{self, Goal};
use attackopt::parse_board;
use attackopt::{check, Baseline, Maximizer};
use attackopt::{Declaration, Position};
use std::time::{Duration, Instant};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = f();
        times.push(t.elapsed());
        last = Some(r);
    }
    (median(times), last.unwrap())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: stages PLAYERS CREATURES SEED PROFILE [RUNS]");
        std::process::exit(2);
    }
    let (p, n, seed) = (args[0].parse().unwrap(), args[1].parse().unwrap(), args[2].parse().unwrap());
    let profile = Profile::parse(&args[3]).unwrap();
    let runs: usize = args.get(4).map_or(5, |r| r.parse().unwrap());
    let board = generate(p, n, seed, profile);
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
    let (t_json, text) = time(runs, || serde_json::to_string_pretty(&board).unwrap());
    let (t_parse, vb) = time(runs, || parse_board(&text, "gen.json").unwrap());
    let (t_expand, pos) = time(runs, || Position::new(vb.clone()).unwrap());
    let none = vec![false; pos.rules.costs.len()];
    let (t_enc, groups) = time(runs, || Encoding::new(&pos, &none, Grouping::On, attackopt::internals::ilp::Split::Whole).groups.len());
    let (t_enc_plain, _) = time(runs, || Encoding::new(&pos, &none, Grouping::Off, attackopt::internals::ilp::Split::Whole).groups.len());
    println!(
        "board {profile} P={p} N={n} seed={seed}: {} bytes, {} creatures, {} requirements, {} restrictions, {} cost instances, {} groups",
        text.len(),
        pos.rules.creatures.len(),
        pos.rules.requirements.len(),
        pos.rules.restrictions.len(),
        pos.rules.costs.len(),
        groups
    );
    println!("  to_json             {}", ms(t_json));
    println!("  parse+validate      {}", ms(t_parse));
    println!("  expand (rules+mana) {}", ms(t_expand));
    println!("  encode grouped      {}  plain {}", ms(t_enc), ms(t_enc_plain));
    let limit: f64 = std::env::var("STAGES_LIMIT").ok().and_then(|s| s.parse().ok()).unwrap_or(30.0);
    let (t_max, m) = time(runs, || Ilp::with_time_limit(limit).maximum(&pos, &none, &pos.rules.no_attack()));
    println!("  maximum (free, ILP) {}  -> {:?}", ms(t_max), m.map(|m| m.value));
    let plain = || Ilp { model: Model::PLAIN, ..Ilp::with_time_limit(limit) };
    let (t_maxp, m) = time(1, || plain().maximum(&pos, &none, &pos.rules.no_attack()));
    println!("  maximum (free, plain ILP) {}  -> {:?}", ms(t_maxp), m.map(|m| m.value));
    let (t_check, c) = time(runs, || check(&pos, &Declaration::default(), Baseline::Paid, &Ilp::with_time_limit(limit)));
    println!("  check (empty decl)  {}  -> {:?}", ms(t_check), c.map(|c| (c.legal, c.requirements_max, c.proof)));
    let (t_solve, s) = time(runs.min(3), || solve::solve(&pos, Goal::Power, Baseline::Paid, &Ilp::with_time_limit(limit)));
    println!("  solve power         {}  -> {:?}", ms(t_solve), s.map(|s| (s.objective, s.optimal, s.objective_bound)));
    let (t_dfs, d) = time(1, || BaselineDfs::with_time_limit(limit.min(10.0)).maximum(&pos, &none, &pos.rules.no_attack()));
    println!("  dfs maximum (free)  {}  -> {:?}", ms(t_dfs), d.map(|m| m.value));
}
