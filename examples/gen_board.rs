//! Print a generated board (docs/format.md JSON) on standard output, until the CLI has `generate`:
//! `cargo run --release --example gen_board -- PLAYERS CREATURES SEED PROFILE > board.json`
//! (PROFILE: commander, tokens or adversarial).

use attackopt::generator::{generate, Profile};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 4 {
        eprintln!("usage: gen_board PLAYERS CREATURES SEED commander|tokens|adversarial");
        std::process::exit(2);
    }
    let num = |i: usize| -> u64 {
        args[i].parse().unwrap_or_else(|_| {
            eprintln!("gen_board: expected a number, found \"{}\"", args[i]);
            std::process::exit(2)
        })
    };
    let profile = Profile::parse(&args[3]).unwrap_or_else(|e| {
        eprintln!("gen_board: {e}");
        std::process::exit(2)
    });
    let board = generate(num(0) as usize, num(1) as usize, num(2), profile);
    println!("{}", serde_json::to_string_pretty(&board).expect("a board serializes"));
}
