//! Time the stages of `check` on a board: `cargo run --release --example profile_check -- BOARD`.
use attackopt::internals::ilp::Ilp;
use attackopt::Position;
use attackopt::{check, Baseline, Maximizer};
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("usage: profile_check BOARD");
    let t = Instant::now();
    let text = std::fs::read_to_string(&path).expect("readable board");
    let vb = attackopt::parse_board(&text, &path).expect("valid board");
    eprintln!("parse+validate {:?}", t.elapsed());
    let t = Instant::now();
    let rules = attackopt::internals::rules::expand(&vb).unwrap();
    eprintln!(
        "expand {:?} ({} creatures, {} requirements, {} restrictions, {} costs)",
        t.elapsed(),
        rules.creatures.len(),
        rules.requirements.len(),
        rules.restrictions.len(),
        rules.costs.len()
    );
    let t = Instant::now();
    let pos = Position::new(vb).unwrap();
    eprintln!("position (expand + mana) {:?}", t.elapsed());
    let none = vec![false; pos.rules.costs.len()];
    let t = Instant::now();
    let enc = attackopt::internals::ilp::Encoding::new(&pos, &none, attackopt::internals::ilp::Grouping::On, attackopt::internals::ilp::Split::Whole);
    eprintln!("encode {:?} ({} groups)", t.elapsed(), enc.groups.len());
    let t = Instant::now();
    let m = Ilp::default().maximum(&pos, &none, &pos.rules.no_attack()).expect("maximum");
    eprintln!("maximum {:?} = {}", t.elapsed(), m.value);
    let t = Instant::now();
    let r = check(&pos, &attackopt::Declaration::default(), Baseline::Paid, &Ilp::default()).expect("check");
    eprintln!("check {:?} legal={}", t.elapsed(), r.legal);
}
