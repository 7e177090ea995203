//! Fuzzing that runs in CI (issue 6, point 1): proptest drives arbitrary and mutated input
//! through the library, and asserts that nothing panics and that every error is a clear
//! `InputError`.
//!
//! Properties:
//! - `arbitrary_bytes`: any bytes (as lossy UTF-8) through `parse_board` and
//!   `parse_declaration`: no panic; an error names the file (and its JSON path when it has one).
//! - `mutated_boards`: valid boards (every model in `models/`, every scenario board in
//!   `tests/scenarios/`, and boards of tests/support/gen.rs) mutated as JSON values (values
//!   replaced, keys deleted or duplicated, types changed, deep nesting, huge numbers, long and
//!   unicode strings, ids moved to other places) and as text (truncated, bytes flipped); then,
//!   when the board is accepted, `Position::new` and `check` on arbitrary declarations (unknown
//!   ids, creatures twice, bad payments, random attacks): no panic, errors are `InputError`s
//!   naming the file and path, and no internal error (exit 70) ever.
//! - `mana_payment`: random mana sources (basic lands, duals, any color, "could produce",
//!   multi-mana alternatives, creatures with and without vigilance, pools) and random costs
//!   ({2/W}, Phyrexian, hybrid, colored, generic) on random attacks: `pos.mana.pay` never
//!   panics, and when it finds a payment, `pos.mana.verify` accepts it with no problem.
//!
//! Case counts are small by default (the whole file runs in well under a minute in release);
//! `ATTACKOPT_FUZZ_CASES=N` sets the count of every property (scripts/fuzz.sh runs long
//! sessions). Every crash found becomes a test in the `regressions` section at the end.

use crate::gen;

use attackopt::SolveError;
use attackopt::{parse_board, parse_declaration, InputError};
use attackopt::{Error, Method, Options, Position};
use gen::Choices;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;
use serde_json::{json, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::OnceLock;

fn cases(default: u32) -> u32 {
    std::env::var("ATTACKOPT_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

fn config(default: u32) -> ProptestConfig {
    ProptestConfig { cases: cases(default), failure_persistence: None, ..ProptestConfig::default() }
}

// ------------------------------------------------------------------ seeds

/// Valid boards to mutate: models/*.json and the `board` of tests/scenarios/*.json.
fn seeds() -> &'static Vec<(String, Value)> {
    static SEEDS: OnceLock<Vec<(String, Value)>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut out = Vec::new();
        for (dir, field) in [("models", None), ("tests/scenarios", Some("board"))] {
            let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            files.sort();
            for f in files {
                let v: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
                let b = match field {
                    Some(k) => v[k].clone(),
                    None => v,
                };
                out.push((f.file_name().unwrap().to_string_lossy().into_owned(), b));
            }
        }
        assert!(out.len() >= 40, "expected the models and scenarios as seeds, found {}", out.len());
        out
    })
}

// ------------------------------------------------------------------ error checks

const FILE: &str = "fuzz-board.json";
const DECL_FILE: &str = "fuzz-decl.json";

/// An error must name its file first, then its path (when it has one), and say something.
fn check_error(e: &InputError, file: &str, text: &str) -> Result<(), TestCaseError> {
    let shown = e.to_string();
    prop_assert_eq!(&e.file, file, "the error names another file: {}", shown);
    prop_assert!(shown.starts_with(&format!("{file}: ")), "the message does not start with the file: {}", shown);
    if !e.path.is_empty() {
        prop_assert!(shown.starts_with(&format!("{file}: at {}: ", e.path)), "the message does not name its path: {}", shown);
        // Known (see `regression_truncated_object_path_has_question_mark`): serde_path_to_error
        // ends the path of a syntax error inside an object with `?`. Tolerated here for syntax
        // errors only, so the fuzzer can look for other problems.
        prop_assert!(!e.path.contains('?') || e.message.contains("not valid JSON"), "a path with an unknown part: {}", shown);
    } else {
        // Only errors about the whole document may go without a path.
        let whole = [
            "not valid JSON",
            "unexpected text after",
            "recursion limit",
            "missing field",
            "duplicate field",
            "invalid type",
            "expected",
            "EOF",
            "cannot",
        ];
        prop_assert!(
            whole.iter().any(|w| e.message.contains(w)),
            "an error without a path that is not about the whole document: {}\ninput: {}",
            shown,
            clip(text)
        );
    }
    prop_assert!(!e.message.trim().is_empty(), "an empty message");
    Ok(())
}

fn clip(s: &str) -> String {
    if s.len() > 3000 {
        let mut end = 3000;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}... ({} bytes)", &s[..end], s.len())
    } else {
        s.to_string()
    }
}

/// Run `f`, turning a panic into a test failure that shows the input.
fn no_panic<T>(what: &str, input: &str, f: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let msg = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
        TestCaseError::fail(format!("PANIC in {what}: {msg}\ninput:\n{}", clip(input)))
    })
}

// ------------------------------------------------------------------ mutation

/// Field names of every format, to insert known fields in wrong places.
const FIELDS: [&str; 48] = [
    "attackopt",
    "variant",
    "attack",
    "defending_player",
    "range_of_influence",
    "shared_team_turns",
    "shared_life",
    "active_player",
    "attacked_this_turn",
    "players",
    "id",
    "team",
    "life",
    "hand",
    "mana_pool",
    "permanents",
    "name",
    "controller",
    "types",
    "subtypes",
    "colors",
    "power",
    "toughness",
    "keywords",
    "tapped",
    "summoning_sick",
    "counters",
    "goaded_by",
    "mana",
    "add",
    "attached_to",
    "protector",
    "effects",
    "kind",
    "creatures",
    "target",
    "player",
    "count",
    "per",
    "cost",
    "source",
    "opponents_of",
    "except",
    "planeswalkers_of",
    "battles_protected_by",
    "could_produce",
    "power_greater_than",
    "subtype",
];

const DUP: &str = "\u{1}dup\u{1}";

/// Strings found in the document (ids, names), to move ids into other places.
fn strings_of(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) if s.len() < 64 => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings_of(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings_of(x, out)),
        _ => {}
    }
}

fn random_value(g: &mut Choices, known: &[String]) -> Value {
    match g.below(22) {
        0 => Value::Null,
        1 => json!(g.chance(50)),
        2 => json!(u64::MAX),
        3 => json!(i64::MIN),
        4 => json!(i64::MAX),
        5 => json!(-1),
        6 => json!(0),
        7 => json!(1e308),
        8 => json!(-0.5),
        9 => json!(4294967296u64),
        10 => json!(4294967295u32),
        11 => json!("x".repeat(1001)),
        12 => json!("é🂡\u{0}\u{202e}\u{fffd}ǅ"),
        13 => json!(""),
        14 => json!([]),
        15 => json!({}),
        16 => json!("{2/W}{W/P}{W/U}{C}{G}{100}"),
        17 => json!(*g.pick(&[
            "any_color",
            "all",
            "{",
            "{}",
            "{2/P}",
            "{W/W}",
            "{X}",
            "{-1}",
            "{18446744073709551616}",
            "turn",
            "combat",
            "Creature",
            "Land",
            "Flying"
        ])),
        18 => {
            json!({ "could_produce": *g.pick(&["lands_of_opponents", "lands_you_control", "x"]), "kind": g.pick(&[json!("color"), json!("type"), json!(7)]).clone() })
        }
        19 => json!({ "players": [g.pick(&["A", "B", "ZZ"])], "permanents": [] }),
        20 => json!({ "controller": "A", "subtype": "Goblin", "except": [], "power_greater_than": 1 }),
        _ if !known.is_empty() => json!(g.pick(known).clone()),
        _ => json!("A"),
    }
}

/// The node at a path of indices / keys.
#[derive(Clone, Debug)]
enum Seg {
    Index(usize),
    Key(String),
}

fn paths(v: &Value, here: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    out.push(here.clone());
    match v {
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                here.push(Seg::Index(i));
                paths(x, here, out);
                here.pop();
            }
        }
        Value::Object(o) => {
            for (k, x) in o {
                here.push(Seg::Key(k.clone()));
                paths(x, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[Seg]) -> Option<&'a mut Value> {
    let mut cur = v;
    for s in path {
        cur = match (s, cur) {
            (Seg::Index(i), Value::Array(a)) => a.get_mut(*i)?,
            (Seg::Key(k), Value::Object(o)) => o.get_mut(k)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// How deeply a value nests (iteratively: the value may be thousands of levels deep).
fn max_depth(v: &Value) -> usize {
    let mut stack = vec![(v, 1)];
    let mut most = 0;
    while let Some((v, d)) = stack.pop() {
        most = most.max(d);
        match v {
            Value::Array(a) => stack.extend(a.iter().map(|x| (x, d + 1))),
            Value::Object(o) => stack.extend(o.values().map(|x| (x, d + 1))),
            _ => {}
        }
    }
    most
}

fn nest(v: Value, depth: usize) -> Value {
    let mut v = v;
    for i in 0..depth {
        // Not `json!({"k": v})`: that serializes `v` again at every level (quadratic, and
        // recursive: thousands of levels overflowed the test thread's stack).
        v = if i % 2 == 0 { Value::Array(vec![v]) } else { Value::Object(serde_json::Map::from_iter([("k".to_string(), v)])) };
    }
    v
}

/// One mutation at a random node.
fn mutate_once(doc: &mut Value, g: &mut Choices, known: &[String]) {
    let mut all = Vec::new();
    paths(doc, &mut Vec::new(), &mut all);
    let path = all[g.below(all.len())].clone();
    let op = g.below(10);
    let (parent_path, last) = match path.split_last() {
        Some((l, p)) => (p.to_vec(), Some(l.clone())),
        None => (vec![], None),
    };
    match op {
        // Delete the node (a key of an object, an element of a list).
        0 => {
            if let (Some(last), Some(parent)) = (last, at(doc, &parent_path)) {
                match (last, parent) {
                    (Seg::Key(k), Value::Object(o)) => {
                        o.remove(&k);
                    }
                    (Seg::Index(i), Value::Array(a)) if i < a.len() => {
                        a.remove(i);
                    }
                    _ => {}
                }
            }
        }
        // Duplicate a key (as text: a marker key renamed after serialization), or an element.
        1 => {
            if let (Some(last), Some(parent)) = (last, at(doc, &parent_path)) {
                match (last, parent) {
                    (Seg::Key(k), Value::Object(o)) => {
                        let v = if g.chance(50) { o[&k].clone() } else { random_value(g, known) };
                        o.insert(format!("{DUP}{k}"), v);
                    }
                    (Seg::Index(i), Value::Array(a)) if i < a.len() => {
                        let v = a[i].clone();
                        a.insert(i, v);
                    }
                    _ => {}
                }
            }
        }
        // Change the type.
        2 => {
            if let Some(node) = at(doc, &path) {
                *node = match node.take() {
                    Value::Number(n) => json!(n.to_string()),
                    Value::String(s) => s.parse::<i64>().map(|n| json!(n)).unwrap_or(json!([s])),
                    Value::Array(a) => Value::Object(a.into_iter().enumerate().map(|(i, x)| (i.to_string(), x)).collect()),
                    Value::Object(o) => Value::Array(o.into_iter().map(|(_, x)| x).collect()),
                    Value::Bool(b) => json!(if b { "true" } else { "false" }),
                    Value::Null => json!(0),
                };
            }
        }
        // Deep nesting, around and past serde_json's recursion limit (128).
        // Once per document: the harness itself serializes values recursively (on the test
        // thread's 2 MiB stack), and two deep nestings compounded overflowed it.
        3 => {
            let depth = *g.pick(&[3usize, 60, 120, 127, 128, 129, 300, 2000]);
            if max_depth(doc) < 200 {
                if let Some(node) = at(doc, &path) {
                    *node = nest(node.take(), depth);
                }
            }
        }
        // Insert a field (known somewhere in the formats, or not) into an object.
        4 => {
            if let Some(Value::Object(o)) = at(doc, &path) {
                let k = if g.chance(80) { g.pick(&FIELDS).to_string() } else { "ünknown🂡".to_string() };
                o.insert(k, random_value(g, known));
            } else if let Some(Value::Array(a)) = at(doc, &path) {
                let v = random_value(g, known);
                a.push(v);
            }
        }
        // Long strings.
        5 => {
            if let Some(node) = at(doc, &path) {
                let n = *g.pick(&[1000usize, 1001, 5000, 100_000]);
                let c = *g.pick(&["x", "é", "🂡", "{G}"]);
                let mut s = c.repeat(n / c.len().max(1) + 1);
                s.truncate(s.char_indices().map(|(i, _)| i).take_while(|&i| i <= n).last().unwrap_or(0));
                *node = json!(s);
            }
        }
        // Anything else in place.
        _ => {
            if let Some(node) = at(doc, &path) {
                *node = random_value(g, known);
            }
        }
    }
}

/// Serialize, turning duplicate markers into real duplicate keys.
fn to_text(v: &Value) -> String {
    let marker = serde_json::to_string(DUP).unwrap();
    serde_json::to_string(v).unwrap().replace(&marker[1..marker.len() - 1], "")
}

/// Text-level damage: truncate, flip a byte, insert structural characters.
fn damage_text(text: &str, g: &mut Choices) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..1 + g.below(3) {
        if b.is_empty() {
            break;
        }
        let i = g.below(b.len());
        match g.below(4) {
            0 => b.truncate(i),
            1 => b[i] = *g.pick(b"{}[]\",:\\0-e9 \x00\xff"),
            2 => {
                let ins = *g.pick(&["{", "]", "\"", "\\u0000", "\\ud800", "1e999999", "-", "nul", "[[[[[[[[", ",,"]);
                b.splice(i..i, ins.bytes());
            }
            _ => {
                b.remove(i);
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

// ------------------------------------------------------------------ declarations

/// A declaration for a (valid) board, then damaged: unknown ids, duplicates, bad payments.
fn fuzz_declaration(board: &Value, g: &mut Choices, data: &[u32]) -> String {
    let mut d = gen::build_declaration(board, data);
    let known = {
        let mut k = Vec::new();
        strings_of(board, &mut k);
        k
    };
    for _ in 0..g.below(3) {
        let op = g.below(7);
        if op <= 3 && !d.get("attacks").is_some_and(Value::is_array) {
            continue; // an earlier mutation changed the shape
        }
        match op {
            0 => {
                let who = g.pick(&["nobody", "A", ""]).to_string();
                let a = d["attacks"].as_array_mut().unwrap();
                a.push(json!({ "creature": who, "target": "B" }));
            }
            1 => {
                let a = d["attacks"].as_array_mut().unwrap();
                if let Some(x) = a.first().cloned() {
                    a.push(x);
                }
            }
            2 => {
                let c = if known.is_empty() { "x".to_string() } else { g.pick(&known).clone() };
                let t = if known.is_empty() { "x".to_string() } else { g.pick(&known).clone() };
                let a = d["attacks"].as_array_mut().unwrap();
                a.push(json!({ "creature": c, "target": t }));
            }
            3 => {
                let p = g.pick(&known.iter().map(String::as_str).chain(["nobody"]).collect::<Vec<_>>()).to_string();
                let entry = match g.below(6) {
                    0 => json!({ "permanent": p, "mana": *g.pick(&["{G}", "{C}{C}", "{W/U}", "any_color", "{", "{2/W}", ""]) }),
                    1 => json!({ "player": p, "life": *g.pick(&[0i64, 2, -2, i64::MAX, i64::MIN]) }),
                    2 => json!({ "player": p, "mana": *g.pick(&["{G}", "{2}", "{W}{W}{W}{W}{W}{W}", "{U/P}"]) }),
                    3 => json!({ "permanent": p, "player": p, "mana": "{G}" }),
                    4 => json!({}),
                    _ => json!({ "player": p, "mana": "{G}", "life": 2 }),
                };
                match d.get_mut("payment").and_then(Value::as_array_mut) {
                    Some(a) => a.push(entry),
                    None => d["payment"] = json!([entry]),
                }
            }
            _ => {
                let mut all = d.clone();
                mutate_once(&mut all, g, &known);
                d = all;
            }
        }
    }
    to_text(&d)
}

/// Parse a board text, check the errors, and (when accepted) check declarations on it.
fn exercise(text: &str, decl_data: &[Vec<u32>], g: &mut Choices) -> Result<(), TestCaseError> {
    let parsed = no_panic("parse_board", text, || parse_board(text, FILE))?;
    let vb = match parsed {
        Ok(vb) => vb,
        Err(e) => return check_error(&e, FILE, text),
    };
    let pos = match no_panic("Position::new", text, || Position::new(vb))? {
        Ok(pos) => pos,
        Err(e) => return check_error(&e, FILE, text),
    };
    // Declarations: the exhaustive checker when the board is small, else the integer program.
    let space: f64 = pos.rules.creatures.iter().map(|c| 1.0 + c.legal_targets.len() as f64).product();
    let method = if space <= 20_000.0 { Method::Exhaustive } else { Method::Ilp };
    let board_value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    for data in decl_data {
        let dtext = if board_value.is_object() {
            no_panic("building a declaration", text, || fuzz_declaration(&board_value, g, data)).unwrap_or_else(|_| "{}".into())
        } else {
            "{}".into()
        };
        let parsed = no_panic("parse_declaration", &dtext, || parse_declaration(&dtext, DECL_FILE))?;
        let d = match parsed {
            Ok((d, _)) => d,
            Err(e) => {
                check_error(&e, DECL_FILE, &dtext)?;
                continue;
            }
        };
        for baseline in [attackopt::Baseline::Paid, attackopt::Baseline::Free] {
            let opts = Options { baseline, time_limit: Some(2.0), method, clock: None, strict: false };
            let both = format!("board:\n{}\ndeclaration:\n{}", clip(text), clip(&dtext));
            let r = no_panic("check", &both, || pos.check(&d, &opts))?;
            match r {
                Ok(r) => {
                    prop_assert_eq!(r.legal, r.violations.is_empty(), "legal but with violations (or the reverse): {:?}\n{}", r.violations, both);
                    if r.proof != attackopt::Proof::None {
                        prop_assert!(
                            r.requirements_max >= r.requirements_max_free || baseline == attackopt::Baseline::Free,
                            "paid maximum below the free one\n{}",
                            both
                        );
                    }
                }
                Err(Error::Input(e)) => check_error(&e, "declaration", &dtext)?,
                Err(Error::Solve(SolveError::Internal(m))) => {
                    return Err(TestCaseError::fail(format!("internal error (a bug): {m}\n{both}")));
                }
                Err(Error::Solve(_)) => {} // time limit, too large, too many payment choices
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(4000))]

    /// Any bytes at all.
    #[test]
    fn arbitrary_bytes(bytes in vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let r = no_panic("parse_board", &text, || parse_board(&text, FILE))?;
        if let Err(e) = r {
            check_error(&e, FILE, &text)?;
        }
        let r = no_panic("parse_declaration", &text, || parse_declaration(&text, DECL_FILE))?;
        if let Err(e) = r {
            check_error(&e, DECL_FILE, &text)?;
        }
    }

    /// JSON-looking text built from structural pieces (more likely to get past the tokenizer).
    #[test]
    fn arbitrary_json_tokens(tokens in vec(0usize..24, 0..120)) {
        const T: [&str; 24] = ["{", "}", "[", "]", ",", ":", "\"attackopt\"", "1", "\"players\"", "\"id\"", "\"A\"",
            "\"permanents\"", "\"effects\"", "\"kind\"", "\"controller\"", "null", "true", "-1e400", "18446744073709551616",
            "\"active_player\"", "\"creatures\"", "\"all\"", "\"types\"", "\"Creature\""];
        let text: String = tokens.iter().map(|&i| T[i]).collect::<Vec<_>>().join("");
        let r = no_panic("parse_board", &text, || parse_board(&text, FILE))?;
        if let Err(e) = r {
            check_error(&e, FILE, &text)?;
        }
    }
}

proptest! {
    #![proptest_config(config(3000))]

    /// Valid boards, mutated as values and as text, then checked on damaged declarations.
    #[test]
    fn mutated_boards(seed in any::<u32>(), choices in vec(any::<u32>(), 64..128),
                      board_data in vec(any::<u32>(), 200..400),
                      decls in vec(vec(any::<u32>(), 16..48), 1..3)) {
        let g = &mut Choices::new(&choices);
        let mut doc = if seed % 4 == 0 {
            gen::build_board(&board_data)
        } else {
            let s = seeds();
            s[seed as usize % s.len()].1.clone()
        };
        let mut known = Vec::new();
        strings_of(&doc, &mut known);
        let ops = g.below(4); // 0 to 3 mutations: 0 keeps the board valid, to fuzz declarations
        for _ in 0..ops {
            mutate_once(&mut doc, g, &known);
        }
        let mut text = to_text(&doc);
        if g.chance(15) {
            text = damage_text(&text, g);
        }
        exercise(&text, &decls, g)?;
    }
}

// ------------------------------------------------------------------ mana payment

/// A board with many kinds of mana sources and costs to attack.
fn mana_board(g: &mut Choices) -> Value {
    let shared = g.chance(25);
    let mut players = vec![
        json!({ "id": "A", "team": if shared { json!("t") } else { Value::Null }, "life": g.range(-1, 9), "mana_pool": *g.pick(&["", "", "{G}", "{W}{U}", "{C}{C}{2}", "{B}"]) }),
        json!({ "id": "B", "life": 20 }),
        json!({ "id": "C" }),
    ];
    if shared {
        players.push(json!({ "id": "A2", "team": "t", "life": g.range(0, 9), "mana_pool": *g.pick(&["", "{R}", "{W}"]) }));
    }
    let attackers: Vec<&str> = if shared { vec!["A", "A2"] } else { vec!["A"] };
    let mut perms = Vec::new();
    let mut creatures = Vec::new();
    const ADDS: [&str; 12] = ["{G}", "{C}{C}", "{W/U}", "any_color", "{2}", "{C}", "{W}", "{R}{G}", "{B/R}", "{U}{U}{U}", "{W}", "{G}{G}"];
    for i in 0..1 + g.below(5) {
        let ctrl = *g.pick(&attackers);
        let mut c = json!({ "id": format!("c{i}"), "controller": ctrl, "types": ["Creature"], "power": g.range(0, 5) });
        if g.chance(40) {
            let n = 1 + g.below(2);
            c["mana"] = Value::Array((0..n).map(|_| json!({ "add": *g.pick(&ADDS) })).collect());
        }
        if g.chance(25) {
            c["keywords"] = json!(["Vigilance"]);
        }
        if g.chance(15) {
            c["summoning_sick"] = json!(true);
            if g.chance(50) {
                c["keywords"] = json!(["Haste"]);
            }
        }
        if g.chance(10) {
            c["name"] = json!("Llanowar Elves");
        }
        creatures.push(format!("c{i}"));
        perms.push(c);
    }
    for i in 0..g.below(7) {
        let ctrl = if g.chance(85) { *g.pick(&attackers) } else { *g.pick(&["B", "C"]) };
        let mut p = json!({ "id": format!("m{i}"), "controller": ctrl });
        match g.below(7) {
            0 => {
                p["types"] = json!(["Land"]);
                p["subtypes"] = json!(g.subset(&["Plains", "Island", "Swamp", "Mountain", "Forest"], 30));
            }
            1 => {
                p["types"] = json!(["Land"]);
                p["name"] = json!(*g.pick(&["Exotic Orchard", "Reflecting Pool"]));
            }
            2 => {
                p["types"] = json!(["Artifact"]);
                p["name"] = json!(*g.pick(&["Sol Ring", "Fellwar Stone"]));
            }
            3 => {
                p["types"] = json!(["Land"]);
                p["mana"] = json!([{ "add": { "could_produce": *g.pick(&["lands_of_opponents", "lands_you_control"]), "kind": *g.pick(&["color", "type"]) } }]);
            }
            _ => {
                p["types"] = json!([*g.pick(&["Land", "Artifact"])]);
                let n = 1 + g.below(3);
                p["mana"] = Value::Array((0..n).map(|_| json!({ "add": *g.pick(&ADDS) })).collect());
            }
        }
        if g.chance(10) {
            p["tapped"] = json!(true);
        }
        perms.push(p);
    }
    const COSTS: [&str; 16] = [
        "{2}",
        "{1}",
        "{0}",
        "{W/P}",
        "{2/W}",
        "{W/U}",
        "{C}",
        "{G}",
        "{1}{W}",
        "{G/P}{G/P}",
        "{3}",
        "{R}{R}",
        "{2/W}{2/U}",
        "{U/P}{2}",
        "{W}{U}{B}{R}{G}",
        "{C}{C}",
    ];
    let mut effects = Vec::new();
    for _ in 0..1 + g.below(4) {
        let sel = if g.chance(50) { json!("all") } else { json!(g.nonempty_subset(&creatures, 50)) };
        let mut e = json!({ "kind": "attack_cost", "creatures": sel, "cost": *g.pick(&COSTS) });
        if g.chance(40) {
            e["target"] = json!({ "players": [*g.pick(&["B", "C"])] });
        }
        effects.push(e);
    }
    let mut variant = json!({});
    if shared {
        variant = json!({ "shared_team_turns": true, "shared_life": g.chance(70) });
    }
    json!({ "attackopt": 1, "variant": variant, "active_player": "A", "players": players, "permanents": perms, "effects": effects })
}

proptest! {
    #![proptest_config(config(4000))]

    /// `pay` never panics, and a payment it finds verifies.
    #[test]
    fn mana_payment(data in vec(any::<u32>(), 60..200), picks in vec(any::<u32>(), 32..64)) {
        let g = &mut Choices::new(&data);
        let board = mana_board(g);
        let text = board.to_string();
        let vb = match parse_board(&text, FILE) {
            Ok(vb) => vb,
            Err(e) => return Err(TestCaseError::fail(format!("the mana board generator made an invalid board: {e}\n{text}"))),
        };
        let pos = no_panic("Position::new", &text, || Position::new(vb))?.map_err(|e| TestCaseError::fail(format!("mana board refused: {e}")))?;
        let rules = &pos.rules;
        let p = &mut Choices::new(&picks);
        for round in 0..4 {
            let a: Vec<Option<usize>> = rules
                .creatures
                .iter()
                .map(|c| if c.legal_targets.is_empty() || p.chance(30) { None } else { Some(*p.pick(&c.legal_targets)) })
                .collect();
            let incurred: Vec<usize> = if round < 3 {
                rules.incurred(&a)
            } else {
                (0..rules.costs.len()).filter(|_| p.chance(50)).collect()
            };
            let what = format!("board {text}\nassignment {a:?} incurred {incurred:?}");
            let paid = no_panic("pay", &what, || pos.mana.pay(&pos.board, rules, &a, &incurred))?;
            if let Ok(Some(payment)) = paid {
                let problems = no_panic("verify", &what, || pos.mana.verify(&pos.board, rules, &a, &incurred, &payment.entries))?;
                match problems {
                    Ok(problems) => prop_assert!(problems.is_empty(), "pay's own payment {:?} does not verify: {:?}\n{}", payment.entries, problems, what),
                    Err(e) => return Err(TestCaseError::fail(format!("verify refused pay's payment: {e}\n{what}"))),
                }
                prop_assert!(payment.total_life() >= 0, "negative life paid\n{}", what);
            }
        }
    }
}

// ------------------------------------------------------------------ Forge import

proptest! {
    #![proptest_config(config(3000))]

    /// `import forge` on damaged Forge files: no panic; errors name the file; an imported board
    /// is valid input.
    #[test]
    fn forge_import(lines in vec((0usize..16, any::<u32>(), vec(any::<u8>(), 0..12)), 0..12)) {
        const KEYS: [&str; 16] = ["[state]", "humanlife=", "ailife=", "activeplayer=", "humanbattlefield=", "aibattlefield=",
            "humanhand=", "aihand=", "[metadata]", "turn=", "activephase=", "removesummoningsickness=", "humancounters=",
            "humanprecast=", "garbage", ""];
        const CARDS: [&str; 10] = ["Grizzly Bears", "Propaganda|Id:3", "Pacifism|AttachedTo:3", "Mogg Flunkies|Tapped",
            "t:w_1_1_soldier_flying", "Forest|Counters:P1P1=2", "Serra Angel|SummonSick", "Ghostly Prison|FaceDown", "Sol Ring|Id:x", "Llanowar Elves|Counters:M1M1=99999999999"];
        let mut text = String::new();
        for (k, n, junk) in &lines {
            text.push_str(KEYS[*k]);
            match *k {
                1 | 2 => text.push_str(&[n.to_string(), "-5".into(), "x".into(), "99999999999999999999".into()][*n as usize % 4]),
                3 => text.push_str(["human", "ai", "nobody", ""][*n as usize % 4]),
                4..=7 => {
                    let cards: Vec<&str> = (0..(*n % 4)).map(|i| CARDS[(*n as usize / 4 + i as usize) % CARDS.len()]).collect();
                    text.push_str(&cards.join(";"));
                }
                _ => text.push_str(&String::from_utf8_lossy(junk)),
            }
            text.push('\n');
        }
        let r = no_panic("import forge", &text, || attackopt::forge::import(&text, "f.pzl"))?;
        match r {
            Ok(imported) => {
                let board = serde_json::to_string(&imported.board).unwrap();
                let parsed = no_panic("parse_board (imported)", &board, || parse_board(&board, "imported.json"))?;
                prop_assert!(parsed.is_ok(), "an imported board is not valid input: {:?}\n{}\nfrom:\n{}", parsed.err(), board, text);
            }
            Err(e) => {
                prop_assert!(e.to_string().starts_with("f.pzl: "), "{}", e);
            }
        }
    }
}

// ------------------------------------------------------------------ fixed cases and regressions

/// Inputs that each exercised one corner once; kept as plain tests.
#[test]
fn fixed_corner_inputs_are_clean_errors() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let deep_in_field = format!(
        r#"{{"attackopt": 1, "active_player": "A", "players": [{{"id": "A"}}], "effects": [{{"kind": "attacks_if_able", "creatures": {}1{}}}]}}"#,
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let deep_unknown =
        format!(r#"{{"attackopt": 1, "active_player": "A", "players": [{{"id": "A"}}], "junk": {}1{}}}"#, "{\"a\":".repeat(5000), "}".repeat(5000));
    let cases: Vec<(&str, String)> = vec![
        ("empty", String::new()),
        ("deep", deep),
        ("deep in a selector", deep_in_field),
        ("deep in an unknown field", deep_unknown),
        ("lone surrogate", r#"{"attackopt": 1, "active_player": "\ud800", "players": [{"id": "A"}]}"#.to_string()),
        ("huge number", r#"{"attackopt": 18446744073709551616, "active_player": "A", "players": [{"id": "A"}]}"#.to_string()),
        ("float version", r#"{"attackopt": 1.0, "active_player": "A", "players": [{"id": "A"}]}"#.to_string()),
        ("duplicate key", r#"{"attackopt": 1, "attackopt": 1, "active_player": "A", "players": [{"id": "A"}]}"#.to_string()),
        ("nul byte", "{\"attackopt\": 1, \u{0}}".to_string()),
    ];
    for (name, text) in cases {
        let r = catch_unwind(AssertUnwindSafe(|| parse_board(&text, FILE))).unwrap_or_else(|_| panic!("{name}: panic"));
        if name == "deep in an unknown field" {
            // Skipped without recursion (serde_json ignores it iteratively): a warning, not an error.
            let vb = r.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(vb.warnings.iter().any(|w| w.path == "junk"), "{name}: expected a warning about junk");
            continue;
        }
        let e = r.err().unwrap_or_else(|| panic!("{name}: accepted"));
        let shown = e.to_string();
        assert!(shown.starts_with(&format!("{FILE}: ")), "{name}: {shown}");
        if name.starts_with("deep ") {
            assert!(shown.contains("recursion limit"), "{name}: {shown}");
        }
        if name == "deep in a selector" {
            assert!(shown.contains("effects[0].creatures"), "{name}: the path should lead to the field: {shown}");
        }
        if name == "duplicate key" {
            assert!(shown.contains("duplicate field"), "{name}: {shown}");
        }
    }
}

/// A declaration naming things that do not exist or twice, through `Position::check`: bad input
/// naming the declaration and the path, never a panic.
#[test]
fn fixed_bad_declarations_through_check() {
    let pos = Position::from_json(&seeds().iter().find(|(n, _)| n == "paid-vs-free.json").unwrap().1.to_string(), "b.json").unwrap();
    let decls = [
        (r#"{"attacks": [{"creature": "nobody", "target": "B"}]}"#, "attacks[0].creature"),
        (r#"{"attacks": [{"creature": "serpent", "target": "nowhere"}]}"#, "attacks[0].target"),
        (r#"{"attacks": [{"creature": "serpent", "target": "B"}, {"creature": "serpent", "target": "C"}]}"#, "attacks[1].creature"),
        (r#"{"attacks": [], "payment": [{"permanent": "nothing", "mana": "{U}"}]}"#, "payment[0].permanent"),
        (r#"{"attacks": [], "payment": [{"player": "A", "life": -1}]}"#, "payment[0].life"),
        (r#"{"attacks": [], "payment": [{"player": "A"}]}"#, "payment[0]"),
        (r#"{"attacks": [], "payment": [{"permanent": "ai1", "mana": "{U"}]}"#, "payment[0].mana"),
    ];
    for (text, path) in decls {
        let (d, _) = parse_declaration(text, "d.json").unwrap();
        let e = pos.check(&d, &Options::default()).expect_err(text);
        assert_eq!(e.exit_code(), 2, "{text}: {e}");
        let shown = e.to_string();
        assert!(shown.contains(&format!("at {path}:")), "{text}: the message should name {path}: {shown}");
    }
}

/// Found by `mutated_boards`: a board cut off inside an object gives the path
/// `permanents[0].?` (serde_path_to_error's marker for an unknown key), which is not a JSON
/// path. Expected: `permanents[0]` (or no path) and the line and column.
#[test]
fn regression_truncated_object_path_has_question_mark() {
    let text = r#"{"attackopt":1,"active_player":"A","players":[{"id":"A"}],"permanents":[{"id":"x","controller":"A""#;
    let e = parse_board(text, FILE).unwrap_err();
    assert!(!e.path.contains('?'), "{e}");
}

/// Found while fuzzing options: a time limit too large for a `Duration` (or infinite, or NaN)
/// panics in `Ilp::with_time_limit` (`Duration::from_secs_f64`). Reachable from the command
/// line (`--time-limit 1e300`, `inf`), from `batch` (`"time_limit": 1e300`) and the library.
#[test]
fn regression_huge_time_limit_does_not_panic() {
    let pos = Position::from_json(&seeds().iter().find(|(n, _)| n == "paid-vs-free.json").unwrap().1.to_string(), "b.json").unwrap();
    let (d, _) = parse_declaration(r#"{"attacks": [{"creature": "serpent", "target": "B"}]}"#, "d.json").unwrap();
    for t in [1e300, f64::INFINITY, f64::NAN, 1e20] {
        let opts = Options { time_limit: Some(t), ..Options::default() };
        let r = catch_unwind(AssertUnwindSafe(|| pos.check(&d, &opts).map(|r| r.legal)));
        assert!(r.is_ok(), "time limit {t}: panic");
    }
}
