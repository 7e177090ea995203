//! The Oracle-text reader's coverage on a card source (issue 14, docs/oracle.md):
//!
//! `cargo run --release --example oracle_coverage -- SOURCE... [--list FILE] [--sample N] [--seed S] [--details FILE]`
//!
//! Each SOURCE is a Scryfall card list (JSON file), an XMage card list (text file), or a folder
//! (Forge's cardsfolder, or pieces of XMage's list), as for `--cards`; several are merged, the
//! first source of a name winning. Among the cards whose Oracle text mentions attacking, it counts those fully
//! understood and those skipped (a sentence not understood, reported with the reason), and, apart,
//! the cards that are not permanents (instants and sorceries: their effects are written on the
//! board when they resolve). `--list FILE` writes every such card as CSV `name,verdict,reason`;
//! A SOURCE may also be a file of faces as `../shared/cards/forge-2020-attack-faces.json` writes
//! them; `--stratum restrictive|other` keeps one of its strata.
//!
//! `--explain NAME` prints one card's text and what the reader made of it; `--sample N`
//! writes instead N of them drawn at random (seed S, default 14) with an empty
//! `hand` column, for a hand check of misreadings (benches/oracle_sample.csv); `--details FILE`
//! writes each sampled card's text and what the reader made of it, to check by hand.
//!
//! `oracle_coverage --offsets N [--seed S] [--total CHARS] [--chunk CHARS]` draws instead N
//! distinct chunk offsets of a file of CHARS characters (default: XMage's `mtg-cards-data.txt`
//! at commit 031a46af, 13,201,960 characters) cut in chunks of CHARS (default 16,000, what the
//! search tool's `read_file` returns a call), sorted: the random sample of the whole card list
//! that docs/oracle.md measures.

use attackopt::oracle::{mentions_attacking, read, types_of, CardIndex, CardText};

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

/// The generator of a seed, for both draws.
fn rng(seed: u64) -> Rng {
    Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
}

/// N distinct chunk offsets out of `total` characters cut in `chunk`s, sorted.
fn offsets(n: usize, seed: u64, total: u64, chunk: u64) -> Vec<u64> {
    let mut chunks: Vec<u64> = (0..total.div_ceil(chunk.max(1))).collect();
    let mut rng = rng(seed);
    // Fisher-Yates, the first n.
    for i in 0..chunks.len() {
        let j = i + (rng.next() % (chunks.len() - i) as u64) as usize;
        chunks.swap(i, j);
    }
    chunks.truncate(n);
    chunks.sort();
    chunks.into_iter().map(|c| c * chunk).collect()
}

fn fail(message: String) -> ! {
    eprintln!("oracle_coverage: {message}");
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let number = |name: &str, default: u64| match option(name) {
        Some(v) => v.parse::<u64>().unwrap_or_else(|_| fail(format!("{name} {v}: expected a whole number"))),
        None => default,
    };
    let seed = number("--seed", 14);
    if option("--offsets").is_some() {
        let n = usize::try_from(number("--offsets", 0)).unwrap_or(usize::MAX);
        for o in offsets(n, seed, number("--total", 13_201_960), number("--chunk", 16_000)) {
            println!("{o}");
        }
        return;
    }
    // The sources: every argument that is not an option or an option's value.
    let mut sources = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if args[i].starts_with("--") {
            i += 2;
        } else {
            sources.push(args[i].clone());
            i += 1;
        }
    }
    if sources.is_empty() {
        fail("usage: oracle_coverage SOURCE... [--list FILE] [--sample N] [--seed S] [--details FILE] | --offsets N [--seed S]".into());
    }
    let mut index = CardIndex::default();
    for source in &sources {
        let faces = faces_file(source, option("--stratum").as_deref());
        index.merge(faces.unwrap_or_else(|| CardIndex::load(source).unwrap_or_else(|e| fail(e.to_string()))));
    }
    // `--explain NAME`: one card's text and what the reader made of it.
    if let Some(name) = option("--explain") {
        match index.get(&name) {
            Some(card) => print!("{}", explain(card)),
            None => fail(format!("{name}: not in the sources")),
        }
        return;
    }
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
        let n: usize = n.parse().unwrap_or_else(|_| fail(format!("--sample {n}: expected a whole number")));
        let mut rng = rng(seed);
        let mut pool: Vec<_> = rows.iter().filter(|r| r.1 != "not a permanent").collect();
        // Fisher-Yates, the first n.
        for i in 0..pool.len() {
            let j = i + (rng.next() % (pool.len() - i) as u64) as usize;
            pool.swap(i, j);
        }
        pool.truncate(n);
        pool.sort();
        println!("name,reader,hand,reason");
        let mut details = String::new();
        for (name, verdict, reason) in pool {
            println!("{},{verdict},,{}", csv(name), csv(reason));
            if let Some(card) = index.get(name) {
                details.push_str(&explain(card));
            }
        }
        if let Some(file) = option("--details") {
            std::fs::write(&file, details).unwrap_or_else(|e| fail(format!("{file}: {e}")));
        }
    } else if let Some(file) = option("--list") {
        let mut out = String::from("name,verdict,reason\n");
        for (name, verdict, reason) in &rows {
            out.push_str(&format!("{},{verdict},{}\n", csv(name), csv(reason)));
        }
        std::fs::write(&file, out).unwrap_or_else(|e| fail(format!("{file}: {e}")));
    }
}

/// A file of card faces as `../shared/cards/forge-2020-attack-faces.json` writes them (a JSON
/// list of `{"name", "type_line", "pt", "colors", "oracle", "stratum"}`), as a card index; with
/// `--stratum NAME`, only that stratum's faces. None when the file is not of that shape.
fn faces_file(path: &str, stratum: Option<&str>) -> Option<CardIndex> {
    let text = std::fs::read_to_string(path).ok()?;
    let faces: Vec<serde_json::Value> = serde_json::from_str(&text).ok()?;
    if !faces.first().is_some_and(|f| f.get("stratum").is_some() && f.get("oracle").is_some()) {
        return None;
    }
    let list: Vec<serde_json::Value> = faces
        .iter()
        .filter(|f| stratum.is_none_or(|s| f["stratum"] == s))
        .map(|f| {
            let pt: Vec<&str> = f["pt"].as_str().map(|pt| pt.split('/').collect()).unwrap_or_default();
            serde_json::json!({ "name": f["name"], "oracle_text": f["oracle"], "type_line": f["type_line"],
                                "power": pt.first(), "toughness": pt.get(1), "colors": f["colors"] })
        })
        .collect();
    Some(CardIndex::from_scryfall_json(&serde_json::Value::Array(list).to_string(), path).unwrap_or_else(|e| fail(e.to_string())))
}

/// A card's text and its reading, for a person to compare.
fn explain(card: &CardText) -> String {
    let r = read(&card.name, &card.oracle_text);
    let mut out = format!("== {} ({})\n", card.name, card.type_line);
    for line in card.oracle_text.lines() {
        out.push_str(&format!("   | {line}\n"));
    }
    if !r.keywords.is_empty() {
        out.push_str(&format!("   keywords: {}\n", r.keywords.join(", ")));
    }
    for m in &r.mana {
        out.push_str(&format!("   mana: {m:?}\n"));
    }
    for rule in &r.rules {
        out.push_str(&format!("   RULE CR {}: {:?}   <- {}\n", rule.cr, rule.rule, rule.clause));
        for w in &rule.when {
            out.push_str(&format!("      when {:?} is {}   <- \"{}\"\n", w.cond, w.holds, w.template));
        }
    }
    for (clause, why) in &r.no_effect {
        let why: String = why.chars().take(40).collect();
        out.push_str(&format!("   no effect [{why}]: {clause}\n"));
    }
    for u in &r.unread {
        out.push_str(&format!("   UNREAD: {u}\n"));
    }
    out
}
