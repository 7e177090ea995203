//! Time the free maximum of a board file with the integer program (grouped and plain) and the
//! DFS baseline: `cargo run --release --example max_file -- BOARD.json [SECONDS]`.

use attackopt::internals::baseline_dfs::BaselineDfs;
use attackopt::internals::ilp::{Ilp, Model};
use attackopt::load_board;
use attackopt::Maximizer;
use attackopt::Position;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let limit: f64 = args.get(1).map_or(10.0, |s| s.parse().unwrap());
    let pos = Position::new(load_board(&args[0]).unwrap()).unwrap();
    let none = vec![false; pos.rules.costs.len()];
    for (name, m) in [
        ("ilp", Box::new(Ilp::with_time_limit(limit)) as Box<dyn Maximizer>),
        ("plain", Box::new(Ilp { model: Model::PLAIN, ..Ilp::with_time_limit(limit) })),
        ("dfs", Box::new(BaselineDfs::with_time_limit(limit))),
    ] {
        let t = Instant::now();
        let r = m.maximum(&pos, &none, &pos.rules.no_attack());
        println!("{name:6} {:8.1} ms  {:?}", t.elapsed().as_secs_f64() * 1e3, r.map(|m| m.value));
    }
}
