//! Solve a board with each variant of the program: `cargo run --release --example solve_file -- BOARD [paid|free]`.
use attackopt::internals::ilp::{Grouping, Ilp, Model};
use attackopt::internals::solve::{solve, Goal};
use attackopt::{Baseline, Deadline, Position};
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("usage: solve_file BOARD [paid|free]");
    let baseline = if std::env::args().nth(2).as_deref() == Some("free") { Baseline::Free } else { Baseline::Paid };
    let text = std::fs::read_to_string(&path).expect("readable board");
    let pos = Position::from_json(&text, &path).expect("valid board");
    for (name, ilp) in [
        ("default", Ilp::default()),
        ("plain", Ilp::plain()),
        ("grouping", Ilp { model: Model { grouping: Grouping::On, ..Model::PLAIN }, ..Ilp::plain() }),
    ] {
        let ilp = ilp.until(Deadline::from_now(std::time::Duration::from_secs(10)));
        let t = Instant::now();
        let r = solve(&pos, Goal::Power, baseline, &ilp);
        println!("{name}: {:?} {:?}", t.elapsed(), r.map(|r| r.objective));
    }
}
