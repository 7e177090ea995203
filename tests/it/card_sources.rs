//! Card sources (`--cards`, issue 14) in every front end that reads boards: `attackopt batch`
//! (the batch's source, or a request's own `options.cards`, each indexed once per batch), the
//! MCP server (`attackopt mcp --cards`, named in the board tools' descriptions), and the Forge
//! importer's report of a card text it reads only in part. The card texts are short Forge
//! scripts and Scryfall objects written here (no card database is vendored).

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("attackopt-card-sources-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> String {
    p.to_string_lossy().to_string()
}

/// The Forge cardsfolder of `oracle.rs`: a creature that must attack, a hasty one, a tax.
fn cardsfolder(dir: &Path) -> PathBuf {
    super::oracle::cardsfolder(dir)
}

/// A Scryfall list giving the brute another text, to tell the sources apart.
fn scryfall_list(dir: &Path) -> PathBuf {
    let list = dir.join("cards.json");
    let cards = json!([{ "name": "Ironclad Brute", "oracle_text": "Ironclad Brute can't attack.", "type_line": "Artifact Creature — Golem", "power": "5", "toughness": "3" }]);
    std::fs::write(&list, cards.to_string()).unwrap();
    list
}

/// A board naming its cards only (and a Forest to pay one {1}).
fn board() -> Value {
    json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }], "permanents": [
        { "id": "brute", "name": "Ironclad Brute", "controller": "A" },
        { "id": "pup", "name": "Quick Pup", "controller": "A", "summoning_sick": true },
        { "id": "toll", "name": "Toll Wall", "controller": "B" },
        { "id": "forest", "name": "Forest", "controller": "A", "types": ["Land"], "subtypes": ["Forest"] }
    ]})
}

/// The rule texts of a `validate` view (requirements, restrictions, costs).
fn rules(view: &Value) -> Vec<String> {
    ["requirements", "restrictions", "costs"]
        .iter()
        .flat_map(|k| view[k].as_array().cloned().unwrap_or_default())
        .map(|r| r["text"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn batch(dir: &Path, requests: &[Value], args: &[&str]) -> Vec<Value> {
    let file = dir.join("requests.jsonl");
    std::fs::write(&file, requests.iter().map(|r| format!("{r}\n")).collect::<String>()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_attackopt"))
        .args(["batch", &s(&file), "--quiet"])
        .args(args)
        .env("ATTACKOPT_CACHE_DIR", dir.join("cache"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn batch_reads_cards_from_its_source_or_the_requests_own() {
    let dir = temp_dir("batch");
    let folder = s(&cardsfolder(&dir));
    let list = s(&scryfall_list(&dir));
    let board_file = dir.join("board.json");
    std::fs::write(&board_file, board().to_string()).unwrap();
    let board_file = s(&board_file);
    let requests = [
        json!({ "id": "file", "command": "validate", "board": board_file }),
        json!({ "id": "inline", "command": "validate", "board": board() }),
        json!({ "id": "own", "command": "validate", "board": board_file, "options": { "cards": list } }),
        json!({ "id": "own-inline", "command": "validate", "board": board(), "options": { "cards": list } }),
        json!({ "id": "missing", "command": "validate", "board": board(), "options": { "cards": s(&dir.join("missing.json")) } }),
        json!({ "id": "solve", "command": "solve", "board": board_file }),
    ];
    let answers = batch(&dir, &requests, &["--cards", &folder]);
    assert_eq!(answers.len(), requests.len());
    // The batch's source (a Forge cardsfolder): the brute must attack, Toll Wall taxes.
    for a in &answers[..2] {
        let r = rules(&a["result"]);
        assert!(r.iter().any(|t| t.contains("attacks each combat")), "{a:#}");
        assert!(r.iter().any(|t| t.contains("{1}")), "{a:#}");
        let pup = a["result"]["creatures"].as_array().unwrap().iter().find(|c| c["id"] == "pup").unwrap();
        assert_eq!(pup["may_attack"], true, "haste read from the text: {a:#}");
    }
    // A request's own source replaces the batch's for its board (file or inline): the brute
    // can't attack, and Toll Wall is not in that source (so it has no text, and a warning).
    for a in &answers[2..4] {
        let r = rules(&a["result"]);
        assert!(r.iter().any(|t| t.contains("Ironclad Brute (brute) can't attack")), "{a:#}");
        assert!(!r.iter().any(|t| t.contains("attacks each combat") || t.contains("{1}")), "{a:#}");
    }
    // An unreadable source is that request's error, named by its path in the request.
    assert_eq!(answers[4]["error"]["code"], 2);
    let message = answers[4]["error"]["message"].as_str().unwrap();
    assert!(message.contains("at options.cards") && message.contains("missing.json"), "{message}");
    // The brute must attack, paying Toll Wall's {1} with the Forest: it is in the best declaration.
    let attacks = answers[5]["result"]["declaration"]["attacks"].as_array().cloned().unwrap_or_default();
    assert!(attacks.iter().any(|a| a["creature"] == "brute"), "{:#}", answers[5]);

    // Without --cards, the names are unknown: no requirement, a warning per name.
    let answers = batch(&dir, &requests[..1], &[]);
    assert!(!rules(&answers[0]["result"]).iter().any(|t| t.contains("attacks each combat")), "{:#}", answers[0]);
    assert!(answers[0]["warnings"].as_array().is_some_and(|w| !w.is_empty()), "{:#}", answers[0]);
    let _ = std::fs::remove_dir_all(&dir);
}

fn mcp_session(args: &[&str], cache: &Path, requests: &[(&str, Value)]) -> Vec<Value> {
    let mut lines = vec![
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "attackopt-test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    ];
    for (i, (method, params)) in requests.iter().enumerate() {
        lines.push(json!({"jsonrpc": "2.0", "id": i + 2, "method": method, "params": params}));
    }
    let lines: Vec<Vec<u8>> = lines.iter().map(|l| l.to_string().into_bytes()).collect();
    let cache = s(cache);
    let (answers, code) = super::mcp::piped_session_with(args, &[("ATTACKOPT_CACHE_DIR", &cache)], &lines);
    assert_eq!(code, Some(0));
    (0..requests.len()).map(|i| answers.iter().find(|a| a["id"] == json!(i + 2)).cloned().expect("an answer")).collect()
}

#[test]
fn mcp_server_reads_boards_cards_from_its_source() {
    let dir = temp_dir("mcp");
    let folder = s(&cardsfolder(&dir));
    let cache = dir.join("cache");
    let call = |tool: &str, arguments: Value| ("tools/call", json!({ "name": tool, "arguments": arguments }));
    let requests = [
        ("tools/list", json!({})),
        call("explain_board", json!({ "board": board() })),
        call("solve_attack", json!({ "board": board() })),
        call("check_attack", json!({ "board": board(), "declaration": { "attacks": [] }, "options": { "cards": folder } })),
    ];
    let answers = mcp_session(&["--cards", &folder], &cache, &requests);
    let tools = answers[0]["result"]["tools"].as_array().unwrap();
    for t in tools {
        let description = t["description"].as_str().unwrap();
        let says = description.contains("looked up by name in the card source") && description.contains(&folder);
        assert_eq!(says, t["name"] != "list_cards", "{}: {description}", t["name"]);
    }
    let view = &answers[1]["result"]["structuredContent"];
    assert!(rules(view).iter().any(|t| t.contains("attacks each combat")), "{view:#}");
    let attacks = answers[2]["result"]["structuredContent"]["declaration"]["attacks"].as_array().unwrap();
    assert!(attacks.iter().any(|a| a["creature"] == "brute"), "{:#}", answers[2]);
    // A tool call naming a source is refused: the server reads no files.
    assert_eq!(answers[3]["result"]["isError"], true, "{:#}", answers[3]);
    let text = answers[3]["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("options.cards") && text.contains("reads no files"), "{text}");

    // Without --cards: the descriptions say nothing of a source, and the names are unknown.
    let answers = mcp_session(&[], &cache, &requests[..2]);
    let tools = answers[0]["result"]["tools"].as_array().unwrap();
    assert!(tools.iter().all(|t| !t["description"].as_str().unwrap().contains("card source")));
    assert!(!rules(&answers[1]["result"]["structuredContent"]).iter().any(|t| t.contains("attacks each combat")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 14, point 3 with card text: a card imported from its text is reported when a
/// sentence of it is not understood; a script without an Oracle line is not read as a card
/// without text; an ability word (CR 207.2c) and the older mana wording (CR 106.1b) are read.
#[test]
fn forge_import_reports_card_text_it_does_not_understand() {
    let dir = temp_dir("import");
    let folder = dir.join("cardsfolder");
    for (file, text) in [
        // A painland in the older wording: its first ability is read, the second refused.
        ("toll_reef.txt", "Name:Toll Reef\nManaCost:no cost\nTypes:Land\nOracle:{T}: Add {1} to your mana pool.\\n{T}: Add {U} or {R} to your mana pool. Toll Reef deals 1 damage to you.\n"),
        // An older script: no Oracle line, so its text is unknown.
        ("old_beast.txt", "Name:Old Beast\nManaCost:4 G\nTypes:Creature Beast\nPT:3/4\nK:Trample\n"),
        // An ability word before a triggered ability, written with Forge's hyphen.
        ("raider.txt", "Name:Raider\nManaCost:3 B\nTypes:Creature Orc Warrior\nPT:4/5\nOracle:Raid - When this creature enters, you lose 4 life unless you attacked this turn.\n"),
    ] {
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(file), text).unwrap();
    }
    let pzl = dir.join("p.pzl");
    std::fs::write(&pzl, "[state]\nactiveplayer=human\nhumanbattlefield=Toll Reef;Old Beast;Raider\naibattlefield=\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_attackopt"))
        .args(["import", "forge", &s(&pzl), "--cards", &s(&folder), "--format", "json"])
        .env("ATTACKOPT_CACHE_DIR", dir.join("cache"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let imported: Value = serde_json::from_slice(&out.stdout).unwrap();
    let skipped = imported["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 1, "{imported:#}");
    assert_eq!(skipped[0]["card"], "Old Beast");
    assert!(skipped[0]["reason"].as_str().unwrap().contains("card source"), "{imported:#}");
    let warnings: Vec<&str> = imported["warnings"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    let about: Vec<&&str> = warnings.iter().filter(|w| w.contains("does not understand")).collect();
    assert_eq!(about.len(), 1, "{warnings:#?}");
    assert!(about[0].contains("Toll Reef") && about[0].contains("deals 1 damage to you"), "{}", about[0]);
    // The board's own readers say it too, and read the first ability's {C}.
    let board = dir.join("board.json");
    std::fs::write(&board, imported["board"].to_string()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_attackopt")).args(["validate", &s(&board), "--format", "json"]).output().unwrap();
    let view: Value = serde_json::from_slice(&out.stdout).unwrap();
    let warnings: Vec<&str> = view["warnings"].as_array().unwrap().iter().filter_map(|w| w["message"].as_str()).collect();
    assert_eq!(warnings.len(), 1, "the raider's text is understood: {view:#}");
    assert!(warnings[0].contains("Toll Reef") && warnings[0].contains("does not understand"), "{view:#}");
    assert_eq!(view["mana_sources"], json!([{ "controller": "human", "makes": ["{C}"], "permanent": "toll-reef", "unusable_if_attacks": null }]));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `attackopt` run with `args` and `input` on standard input, its cache in `dir`, killed after
/// 20 s: a hang fails the test.
fn bounded(dir: &Path, args: &[&str], input: &str) -> crate::common::BoundedRun {
    let requests = dir.join("bounded-requests.jsonl");
    std::fs::write(&requests, input).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_attackopt"));
    cmd.args(args).env("ATTACKOPT_CACHE_DIR", dir.join("cache")).stdin(std::fs::File::open(&requests).unwrap());
    crate::common::run_bounded(cmd, std::time::Duration::from_secs(20))
}

/// A temporary folder removed when the test ends, passed or failed.
struct Removed(PathBuf);

impl Drop for Removed {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Lines of JSON Lines for `attackopt batch -`.
fn jsonl(requests: &[Value]) -> String {
    requests.iter().map(|r| format!("{r}\n")).collect()
}

/// Issue 36, R02: a card folder whose subfolder links to its parent (`b/up -> ..`) was walked
/// into 2^depth copies of itself: `validate --cards` and a whole batch hung, memory growing.
/// Each folder is now entered once: the card is read, the batch's every line is answered, and
/// the MCP server answers `initialize`.
#[cfg(unix)]
#[test]
fn r02_a_symlink_loop_in_a_card_folder_is_walked_once() {
    let dir = temp_dir("r02");
    let _removed = Removed(dir.clone());
    let folder = dir.join("cards-loop");
    std::fs::create_dir_all(folder.join("b")).unwrap();
    std::fs::write(
        folder.join("b/brute.txt"),
        "Name:Ironclad Brute\nTypes:Artifact Creature Golem\nPT:5/3\nOracle:Ironclad Brute attacks each combat if able.\n",
    )
    .unwrap();
    std::os::unix::fs::symlink("..", folder.join("b/up")).unwrap();
    std::os::unix::fs::symlink("..", folder.join("b/up2")).unwrap();
    let folder = s(&folder);
    let board_file = dir.join("board.json");
    std::fs::write(&board_file, board().to_string()).unwrap();
    let board_file = s(&board_file);

    let run = bounded(&dir, &["validate", &board_file, "--cards", &folder, "--format", "json"], "");
    assert_eq!(run.code, Some(0), "after {:?}: {}", run.elapsed, run.stderr);
    let view: Value = serde_json::from_str(&run.stdout).unwrap();
    assert!(rules(&view).iter().any(|t| t.contains("attacks each combat")), "{view:#}");

    let requests = [
        json!({ "id": 1, "command": "validate", "board": board_file, "options": { "cards": folder, "time_limit": 1 } }),
        json!({ "id": 2, "command": "validate", "board": board_file }),
    ];
    let run = bounded(&dir, &["batch", "-", "--quiet"], &jsonl(&requests));
    assert_eq!(run.code, Some(0), "after {:?}: {}", run.elapsed, run.stderr);
    let answers: Vec<Value> = run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), 2, "{}", run.stdout);
    assert!(rules(&answers[0]["result"]).iter().any(|t| t.contains("attacks each combat")), "{:#}", answers[0]);
    assert_eq!(answers[1]["exit"], 0, "{:#}", answers[1]);

    let answers = mcp_session(&["--cards", &folder], &dir.join("cache"), &[("tools/list", json!({}))]);
    assert!(answers[0]["result"]["tools"].is_array(), "{:#}", answers[0]);
}

/// Issue 36, R03: a FIFO named as a card source hung the whole batch (and `validate --cards`),
/// and /dev/zero was read to 256 MiB on each thread before it was refused: F12/F17's bounds
/// covered boards only. A source must be a regular file (or a folder), checked before it is
/// opened; a FIFO or device inside a folder is refused the same way. The batch's other lines
/// are answered.
#[cfg(unix)]
#[test]
fn r03_a_fifo_or_a_device_as_a_card_source_is_refused_before_it_is_opened() {
    let dir = temp_dir("r03");
    let _removed = Removed(dir.clone());
    let fifo = dir.join("cards.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().is_ok_and(|st| st.success());
    assert!(made, "mkfifo");
    let in_folder = dir.join("folder");
    std::fs::create_dir_all(&in_folder).unwrap();
    std::os::unix::fs::symlink("/dev/zero", in_folder.join("zz.txt")).unwrap();
    let board_file = dir.join("board.json");
    std::fs::write(&board_file, board().to_string()).unwrap();
    let board_file = s(&board_file);
    let sources = [s(&fifo), "/dev/zero".to_string(), "/dev//zero".to_string(), s(&in_folder)];
    let mut requests: Vec<Value> = sources
        .iter()
        .map(|source| json!({ "id": source, "command": "validate", "board": board_file, "options": { "cards": source, "time_limit": 1 } }))
        .collect();
    requests.push(json!({ "id": "plain", "command": "validate", "board": board_file }));
    let run = bounded(&dir, &["batch", "-", "--quiet"], &jsonl(&requests));
    assert_eq!(run.code, Some(0), "after {:?}: {}", run.elapsed, run.stderr);
    let answers: Vec<Value> = run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), requests.len(), "{}", run.stdout);
    for (a, source) in answers.iter().zip(&sources) {
        let message = a["error"]["message"].as_str().unwrap_or_default();
        assert_eq!(a["error"]["code"], 2, "{a:#}");
        assert!(message.contains("at options.cards") && message.contains("expected a regular file"), "{message}");
        let named = if source.ends_with("folder") { format!("{source}/zz.txt") } else { source.clone() };
        assert!(message.contains(&named), "{message}");
    }
    assert_eq!(answers[sources.len()]["exit"], 0, "{:#}", answers[sources.len()]);
    // The command line: exit 2 at once, naming the FIFO.
    let run = bounded(&dir, &["validate", &board_file, "--cards", &s(&fifo)], "");
    assert_eq!(run.code, Some(2), "after {:?}: {}", run.elapsed, run.stderr);
    assert!(run.stderr.contains(&s(&fifo)) && run.stderr.contains("expected a regular file"), "{}", run.stderr);
}

/// Issue 36, R06: the cache of a folder was keyed by its file count, size sum and newest time,
/// so a script replaced by one of the same size with an older time kept its old text. The key
/// is now a hash of the files' bytes. And a cache file another user could have written (here:
/// writable by all) is not read: the key is no secret, so only the user's own files are trusted.
#[test]
fn r06_a_same_size_replacement_with_an_older_time_is_read_again() {
    let dir = temp_dir("r06");
    let _removed = Removed(dir.clone());
    let folder = dir.join("cards");
    std::fs::create_dir_all(folder.join("a")).unwrap();
    std::fs::create_dir_all(folder.join("b")).unwrap();
    let brute = folder.join("a/brute.txt");
    let at = |days: u64| std::time::UNIX_EPOCH + std::time::Duration::from_secs(days * 86_400);
    let write = |text: &str, days: u64| {
        std::fs::write(&brute, text).unwrap();
        std::fs::File::options().write(true).open(&brute).unwrap().set_modified(at(days)).unwrap();
    };
    let must = "Name:Ironclad Brute\nTypes:Artifact Creature Golem\nPT:5/3\nOracle:Ironclad Brute attacks each combat if able.\n";
    let cant = "Name:Ironclad Brute\nTypes:Artifact Creature Golem\nPT:5/3\nOracle:Ironclad Brute can't attack or block alone.\n";
    assert_eq!(must.len(), cant.len());
    write(must, 18_262); // 2020-01-01
    std::fs::write(folder.join("b/other.txt"), "Name:Quick Pup\nTypes:Creature Dog\nPT:1/1\nOracle:Haste\n").unwrap();
    let board_file = dir.join("board.json");
    std::fs::write(&board_file, board().to_string()).unwrap();
    let (board_file, folder) = (s(&board_file), s(&folder));
    let view = || -> Vec<String> {
        let run = bounded(&dir, &["validate", &board_file, "--cards", &folder, "--format", "json"], "");
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        rules(&serde_json::from_str(&run.stdout).unwrap())
    };
    assert!(view().iter().any(|t| t.contains("attacks each combat")));
    write(cant, 18_628); // 2021-01-01: older than other.txt, same size
    let read = view();
    assert!(read.iter().any(|t| t.contains("can't attack unless at least 1 other creature attacks")), "{read:#?}");
    assert!(!read.iter().any(|t| t.contains("attacks each combat")), "{read:#?}");

    // The cache file, its text changed as another user would plant it.
    let caches: Vec<PathBuf> = std::fs::read_dir(dir.join("cache")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(caches.len(), 1, "{caches:?}");
    let planted = std::fs::read_to_string(&caches[0]).unwrap().replace("can't attack or block alone", "attacks each combat if able.");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let plant = |mode: u32| {
            std::fs::write(&caches[0], &planted).unwrap();
            std::fs::set_permissions(&caches[0], std::fs::Permissions::from_mode(mode)).unwrap();
        };
        plant(0o666);
        let read = view();
        assert!(!read.iter().any(|t| t.contains("attacks each combat")), "a cache writable by others was read: {read:#?}");
        // The same file, the user's own: read (so the refusal above is the mode's doing).
        plant(0o600);
        assert!(view().iter().any(|t| t.contains("attacks each combat")), "the user's own cache is used");
    }
}
