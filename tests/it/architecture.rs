//! The module graph of the library is acyclic, and the vocabulary sits below everything
//! (issue 12: "vocabulary down, cycle gone").
//!
//! How it is checked: every file under `src/` (the binary's files excepted) is read, comments
//! skipped, and each `crate::module` path, including the items of `use crate::{a, b::c}`
//! groups, is an edge from the file's top-level module to `module`. The graph of top-level
//! modules must have no cycle, and `vocab` must depend on no other module.

use attackopt::parse_board;
use attackopt::Position;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules a source text refers to through `crate::`.
fn references(text: &str) -> BTreeSet<String> {
    let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let mut out = BTreeSet::new();
    let mut rest = code.as_str();
    while let Some(i) = rest.find("crate::") {
        let before_ok = i == 0 || !rest[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        rest = &rest[i + "crate::".len()..];
        if !before_ok {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            // `use crate::{a, b::{c, d}, e}`: the identifiers at depth one.
            let mut depth = 1;
            let mut at_item = true;
            for (k, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ',' if depth == 1 => at_item = true,
                    c if at_item && depth == 1 && (c.is_alphanumeric() || c == '_') => {
                        out.insert(ident(&group[k..]));
                        at_item = false;
                    }
                    _ => {}
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let rel = f.strip_prefix(&src).unwrap();
        let first = rel.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
        // The binary (its `crate::` is itself) and the crate root (it re-exports) are not modules.
        if first == "bin" || first == "main.rs" || first == "lib.rs" {
            continue;
        }
        let module = first.trim_end_matches(".rs").to_string();
        let text = std::fs::read_to_string(&f).unwrap();
        let refs = graph.entry(module.clone()).or_default();
        refs.extend(references(&text).into_iter().filter(|m| *m != module));
    }
    // Keep edges to modules only (`crate::Position` is a re-export at the root: resolve it).
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for refs in graph.values_mut() {
        let resolved: BTreeSet<String> = refs.iter().filter_map(|r| if modules.contains(r) { Some(r.clone()) } else { root_reexport(r) }).collect();
        *refs = resolved;
    }
    graph
}

/// The module a name re-exported at the crate root comes from: src/lib.rs's top-level
/// `pub use module::{A, b::C, d as E};` statements, one line or several (the names exported are
/// `A`, `C` and `E`). Re-exports inside lib.rs's own submodules (`input`, `internals`) are at
/// `crate::input::...`, not at the root, and are not read.
fn root_reexport(name: &str) -> Option<String> {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    root_reexports(&lib).into_iter().find(|(exported, _)| exported == name).map(|(_, module)| module)
}

/// (exported name, module) for each name of each top-level `pub use` of a crate root's text.
fn root_reexports(lib: &str) -> Vec<(String, String)> {
    let code: Vec<&str> = lib.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        // Top level only: an indented `pub use` is inside a submodule of lib.rs.
        let Some(first) = code[i].strip_prefix("pub use ") else {
            i += 1;
            continue;
        };
        let mut statement = first.to_string();
        while !statement.contains(';') && i + 1 < code.len() {
            i += 1;
            statement.push(' ');
            statement.push_str(code[i].trim());
        }
        i += 1;
        let statement = statement.split(';').next().unwrap_or("");
        let module = statement.split("::").next().unwrap_or("").trim().to_string();
        // The items: everything after the module's `::`, braces and paths flattened.
        let items = statement[module.len()..].trim_start_matches("::");
        for item in items.split([',', '{', '}']).map(str::trim).filter(|s| !s.is_empty()) {
            let exported = match item.split_once(" as ") {
                Some((_, alias)) => alias.trim(),
                None => item.rsplit("::").next().unwrap_or(item),
            };
            out.push((exported.to_string(), module.clone()));
        }
    }
    out
}

/// A cycle in the graph, if any (depth-first search).
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(m: &str, graph: &BTreeMap<String, BTreeSet<String>>, state: &mut BTreeMap<String, u8>, stack: &mut Vec<String>) -> Option<Vec<String>> {
        state.insert(m.to_string(), 1);
        stack.push(m.to_string());
        for n in graph.get(m).into_iter().flatten() {
            match state.get(n.as_str()).copied().unwrap_or(0) {
                1 => {
                    let from = stack.iter().position(|s| s == n).unwrap();
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(n.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(n, graph, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(m.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if state.get(m.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(m, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn the_module_graph_has_no_cycle() {
    let graph = module_graph();
    assert!(graph.len() >= 10, "too few modules found: {graph:?}");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle: {}\n(graph: {graph:#?})", cycle.join(" -> "));
    }
}

#[test]
fn the_vocabulary_depends_on_nothing_and_the_board_only_on_it() {
    let graph = module_graph();
    assert_eq!(graph.get("vocab").map(BTreeSet::len), Some(0), "{:?}", graph.get("vocab"));
    let board: Vec<&String> = graph["board"].iter().filter(|m| !matches!(m.as_str(), "vocab" | "debug")).collect();
    assert!(board.is_empty(), "board depends on {board:?}");
}

/// The checker itself: a cycle is found when there is one.
#[test]
fn a_cycle_is_detected() {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    g.entry("c".into()).or_default().insert("a".into());
    assert_eq!(find_cycle(&g), Some(vec!["a".into(), "b".into(), "c".into(), "a".into()]));
    g.get_mut("c").unwrap().clear();
    assert_eq!(find_cycle(&g), None);
    assert_eq!(
        references("use crate::{board::{A, B}, mana::symbol};\n// crate::cards\nlet x = crate::rules::f();"),
        ["board", "mana", "rules"].iter().map(|s| s.to_string()).collect()
    );
    let lib = "pub use a::{B, c::D};\npub use e::{\n    F, g as H,\n};\npub use i::J;\npub mod k {\n    pub use crate::l::M;\n}";
    let found: Vec<(String, String)> = root_reexports(lib);
    let pairs = [("B", "a"), ("D", "a"), ("F", "e"), ("H", "e"), ("J", "i")];
    assert_eq!(found, pairs.iter().map(|(n, m)| (n.to_string(), m.to_string())).collect::<Vec<_>>());
}

/// Card warnings come from `Position::new` now (the catalog is read there, not by `board`).
#[test]
fn a_pacifism_without_attached_to_warns_when_the_position_is_built() {
    let board = r#"{"attackopt": 1, "players": [{"id": "A"}, {"id": "B"}], "active_player": "A",
        "permanents": [{"id": "p", "name": "Pacifism", "controller": "B", "types": ["Enchantment"]}]}"#;
    let vb = parse_board(board, "b.json").unwrap();
    let pos = Position::new(vb).unwrap();
    assert!(pos.board.warnings.iter().any(|w| w.message.contains("Pacifism has no effect without attached_to")), "{:?}", pos.board.warnings);
}

/// The library's surface is one curated list (issue 12, point 4): src/lib.rs declares every
/// module of a file private (`mod board;`); only the re-export modules written inside lib.rs
/// (`pub mod input { ... }`) are public.
#[test]
fn the_modules_are_private_and_the_root_re_exports_them() {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let public: Vec<&str> = lib.lines().filter(|l| l.trim_start().starts_with("pub mod ") && l.trim_end().ends_with(';')).collect();
    assert!(public.is_empty(), "public modules in src/lib.rs: {public:?}");
    for name in ["Position", "Options", "Request", "Declaration", "check", "debug_note"] {
        assert!(root_reexport(name).is_some(), "{name} is not re-exported at the root");
    }
}

/// Lines of a source text that would panic in a browser (wasm32-unknown-unknown, the web page):
/// `std::time::Instant` or `SystemTime` (the library's clock is `web_time::Instant`), and a
/// thread spawned in a file that never provides for wasm (`target_family = "wasm"`).
fn browser_panics(text: &str) -> Vec<String> {
    let code: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
    let wasm_aware = code.iter().any(|l| l.contains("target_family = \"wasm\""));
    code.iter()
        .filter(|l| {
            let clock = l.contains("std::time") && (l.contains("Instant") || l.contains("SystemTime"));
            let thread = l.contains("thread::spawn") && !wasm_aware;
            clock || thread
        })
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn the_library_uses_no_clock_or_thread_that_panics_in_a_browser() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = Vec::new();
    for f in files.iter().filter(|f| !f.strip_prefix(&src).unwrap().starts_with("bin")) {
        for line in browser_panics(&std::fs::read_to_string(f).unwrap()) {
            found.push(format!("{}: {line}", f.display()));
        }
    }
    assert!(found.is_empty(), "use web_time::Instant, and run inline on wasm:\n{}", found.join("\n"));
    // The checker itself finds each case.
    assert_eq!(browser_panics("use std::time::{Duration, Instant};\n// std::time::Instant\nlet t = std::time::SystemTime::now();").len(), 2);
    assert_eq!(browser_panics("std::thread::spawn(f);").len(), 1);
    assert!(browser_panics("if cfg!(target_family = \"wasm\") { return f(); }\nstd::thread::spawn(f);").is_empty());
}
