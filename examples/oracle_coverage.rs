//! The Oracle-text reader's coverage on a card source (issue 14, README "Oracle text"):
//!
//! `cargo run --release --example oracle_coverage -- SOURCE [--list FILE] [--sample N] [--seed S]`
//!
//! SOURCE is a Scryfall card list (JSON file) or a Forge cardsfolder (directory), as for
//! `--cards`. Among the cards whose Oracle text mentions attacking, it counts those fully
//! understood and those skipped (a sentence not understood, reported with the reason), and, apart,
//! the cards that are not permanents (instants and sorceries: their effects are written on the
//! board when they resolve). `--list FILE` writes every such card as CSV `name,verdict,reason`;
//! `--sample N` writes instead N of them drawn at random (seed S, default 14) with an empty
//! `hand` column, for a hand check of misreadings (benches/oracle_sample.csv).

use attackopt::oracle::{mentions_attacking, read, types_of, CardIndex};

/// xorshift64*: a reproducible draw without a dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

fn csv(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\"").replace('\n', " "))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(source) = args.first() else {
        eprintln!("usage: oracle_coverage SOURCE [--list FILE] [--sample N] [--seed S]");
        std::process::exit(2);
    };
    let option = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let index = CardIndex::load(source).unwrap_or_else(|e| {
        eprintln!("oracle_coverage: {e}");
        std::process::exit(2)
    });
    let mut cards: Vec<_> = index.cards().filter(|c| mentions_attacking(&c.oracle_text)).collect();
    cards.sort_by(|a, b| a.name.cmp(&b.name));
    cards.dedup_by(|a, b| a.name == b.name);
    let (mut understood, mut skipped, mut spells) = (0usize, 0usize, 0usize);
    let mut rows = Vec::new();
    let mut reasons: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    for c in &cards {
        if types_of(&c.type_line).0.is_empty() {
            spells += 1;
            rows.push((c.name.clone(), "not a permanent", String::new()));
            continue;
        }
        let r = read(&c.name, &c.oracle_text);
        if r.fully_understood() {
            understood += 1;
            rows.push((c.name.clone(), "understood", String::new()));
        } else {
            skipped += 1;
            let reason = format!("not understood: {}", r.unread.join(" | "));
            // The reasons grouped by their first words, for the report.
            let head: String = r.unread[0].to_lowercase().split_whitespace().skip(1).take(4).collect::<Vec<_>>().join(" ");
            *reasons.entry(head).or_default() += 1;
            rows.push((c.name.clone(), "skipped", reason));
        }
    }
    let permanents = understood + skipped;
    let pct = |n: usize| if permanents == 0 { 0.0 } else { 100.0 * n as f64 / permanents as f64 };
    println!("{} cards indexed; {} mention attacking, {} of them not permanents", index.len(), cards.len(), spells);
    println!("permanents mentioning attacking: {permanents}");
    println!("  fully understood: {understood} ({:.1} %)", pct(understood));
    println!("  skipped with a reason: {skipped} ({:.1} %)", pct(skipped));
    let mut common: Vec<_> = reasons.into_iter().collect();
    common.sort_by_key(|c| std::cmp::Reverse(c.1));
    for (head, n) in common.iter().take(15) {
        println!("    {n:5}  ... {head} ...");
    }
    if let Some(n) = option("--sample") {
        let n: usize = n.parse().unwrap_or(200);
        let seed: u64 = option("--seed").and_then(|s| s.parse().ok()).unwrap_or(14);
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut pool: Vec<_> = rows.iter().filter(|r| r.1 != "not a permanent").collect();
        // Fisher-Yates, the first n.
        for i in 0..pool.len() {
            let j = i + (rng.next() % (pool.len() - i) as u64) as usize;
            pool.swap(i, j);
        }
        pool.truncate(n);
        pool.sort();
        println!("name,reader,hand,reason");
        for (name, verdict, reason) in pool {
            println!("{},{verdict},,{}", csv(name), csv(reason));
        }
    } else if let Some(file) = option("--list") {
        let mut out = String::from("name,verdict,reason\n");
        for (name, verdict, reason) in &rows {
            out.push_str(&format!("{},{verdict},{}\n", csv(name), csv(reason)));
        }
        std::fs::write(&file, out).unwrap_or_else(|e| {
            eprintln!("oracle_coverage: {file}: {e}");
            std::process::exit(2)
        });
    }
}
