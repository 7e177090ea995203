//! Issue 13, "Answers a judge would give" and "The command line and the library": text answers
//! that name cards, explain a maximum and an unobeyed requirement in a player's words; `import
//! forge --format text`, shell completions and the man page; the typed board builder, the
//! objective by player id and the error kinds. The README's judge-style explanation is run
//! here, so it cannot drift.

use crate::common;

use attackopt::{BoardBuilder, ErrorKind, Objective, Options, Permanent, Position, Request};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn model(name: &str) -> String {
    root().join("models").join(name).to_string_lossy().into_owned()
}

/// Every model declaration with its board.
fn model_checks() -> Vec<(String, String)> {
    let dir = root().join("models/declarations");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .into_iter()
        .map(|d| {
            let stem = d.file_name().unwrap().to_string_lossy().split('.').next().unwrap().to_string();
            (model(&format!("{stem}.json")), d.to_string_lossy().into_owned())
        })
        .collect()
}

/// "Island (ai1)" for a permanent of the board with a name, the id itself otherwise (players).
fn label(board: &Value, id: &str) -> String {
    let named =
        board["permanents"].as_array().unwrap().iter().find(|p| p["id"] == id).and_then(|p| p["name"].as_str()).filter(|n| !n.is_empty() && *n != id);
    match named {
        // Issue 40: a name with a comma is quoted, so that lists of cards read as lists.
        Some(name) if name.contains(',') => format!("\"{name}\" ({id})"),
        Some(name) => format!("{name} ({id})"),
        None => id.to_string(),
    }
}

/// The deepest nesting of round brackets in a line.
fn bracket_depth(line: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for ch in line.chars() {
        match ch {
            '(' => {
                depth += 1;
                max = max.max(depth);
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Issue 13: cards by name, never bare ids: every attack of the declaration, the witness and
/// the closest legal declaration reads "Name (id) -> target", every payment "tap Name (id) for
/// {M}"; no doubled brackets ("(Mogg Flunkies (flunkies, controlled by A))"), no "creature(s)",
/// no creature named twice as its own source — on every model declaration (CR 508.1).
#[test]
fn cr_508_1_text_answers_name_cards_not_bare_ids() {
    for (board_file, decl_file) in model_checks() {
        let board: Value = serde_json::from_str(&std::fs::read_to_string(&board_file).unwrap()).unwrap();
        let text = stdout(&common::run_bin(&["check", &board_file, &decl_file]));
        let json: Value = serde_json::from_slice(&common::run_bin(&["check", &board_file, &decl_file, "--format", "json"]).stdout).unwrap();
        for key in ["declaration", "witness", "legal_alternative"] {
            for a in json[key]["attacks"].as_array().into_iter().flatten() {
                let shown = format!("{} -> {}", label(&board, a["creature"].as_str().unwrap()), label(&board, a["target"].as_str().unwrap()));
                assert!(common::flat(&text).contains(&shown), "{decl_file}: {key} should read «{shown}»:\n{text}");
            }
        }
        for key in ["witness", "legal_alternative", "declaration"] {
            for p in json[key]["payment"].as_array().into_iter().flatten().filter(|p| p["permanent"].is_string()) {
                let shown = format!("tap {} for {}", label(&board, p["permanent"].as_str().unwrap()), p["mana"].as_str().unwrap());
                if json["legal"] == true || key != "declaration" {
                    assert!(common::flat(&text).contains(&shown), "{decl_file}: the payment should read «{shown}»:\n{text}");
                }
            }
        }
        for line in text.lines() {
            assert!(bracket_depth(line) <= 1, "{decl_file}: doubled brackets in «{line}»");
            assert!(!line.contains("creature(s)"), "{decl_file}: «{line}»");
        }
        for r in json["requirements"].as_array().unwrap() {
            let own = r["creature"].as_str().map(|c| format!("— {}", label(&board, c)));
            if let Some(own) = own {
                assert!(!r["text"].as_str().unwrap().contains(&own), "{decl_file}: the creature named twice: {}", r["text"]);
            }
        }
    }
}

/// `validate`'s text: no doubled brackets on any model board either.
#[test]
fn cr_508_1_validate_text_has_no_doubled_brackets() {
    let mut boards: Vec<PathBuf> =
        std::fs::read_dir(root().join("models")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "json")).collect();
    boards.sort();
    for b in boards {
        let text = stdout(&common::run_bin(&["validate", &b.to_string_lossy()]));
        for line in text.lines() {
            assert!(bracket_depth(line) <= 1, "{}: doubled brackets in «{line}»", b.display());
        }
    }
}

/// CR 508.1b, 310.8b: a target violation names the battle, not its bare id.
#[test]
fn cr_310_8b_a_target_violation_names_the_battle() {
    let out = common::run_bin(&["check", &model("siege-battle.json"), &model("declarations/siege-battle.protector.json")]);
    let text = stdout(&out);
    assert!(text.contains("Juggernaut (jugg) can't attack the battle Invasion of Ergamon (ergamon)"), "{text}");
}

/// CR 508.1d, 701.15b: under a LEGAL verdict, a `✗` requirement gets its reason: the Giant,
/// goaded by B and D, attacks B; "a player other than B" would take C (Propaganda's {2}, which no
/// one has to pay to obey a requirement) or D (giving up "a player other than D").
#[test]
fn cr_508_1d_an_unobeyed_requirement_under_legal_says_why() {
    let args = [model("commander-goad-propaganda.json"), model("declarations/commander-goad-propaganda.json")];
    let json: Value = serde_json::from_slice(&common::run_bin(&["check", &args[0], &args[1], "--format", "json"]).stdout).unwrap();
    assert_eq!(json["legal"], true);
    let unobeyed: Vec<&Value> = json["requirements"].as_array().unwrap().iter().filter(|r| r["obeyed"] == false).collect();
    assert_eq!(unobeyed.len(), 1, "{json}");
    let why = unobeyed[0]["why_not"].as_str().expect("why_not under LEGAL");
    assert!(why.contains("attacking C: costs {2} for Propaganda"), "{why}");
    assert!(why.contains("attacking D: cannot be obeyed together with «Hill Giant (ogre) attacks a player other than D"), "{why}");
    assert!(json["requirements"].as_array().unwrap().iter().filter(|r| r["obeyed"] == true).all(|r| r.get("why_not").is_none()));
    let text = stdout(&common::run_bin(&["check", &args[0], &args[1]]));
    assert!(common::flat(&text).contains(&format!("not obeyed: {}", common::flat(why))), "{text}");
    // The JSON still matches its schema with the added field.
    let schema: Value = serde_json::from_slice(&common::run_bin(&["schema", "result"]).stdout).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    assert!(validator.is_valid(&json), "{json}");
    // An illegal verdict explains through its violations, not `why_not`.
    let bad = model("declarations/commander-goad-propaganda.planeswalker.json");
    let json: Value = serde_json::from_slice(&common::run_bin(&["check", &args[0], &bad, "--format", "json"]).stdout).unwrap();
    assert!(json["requirements"].as_array().unwrap().iter().all(|r| r.get("why_not").is_none()), "{json}");
}

/// CR 506.5, 508.1c: a restriction makes "can't attack alone": with nothing to attack beside
/// it, Mogg Flunkies' requirement is left unobeyed, and the reason is that restriction.
#[test]
fn cr_506_5_unobeyed_because_it_cannot_attack_alone() {
    let text = stdout(&common::run_bin(&["check", &model("paid-vs-free.json"), &model("declarations/paid-vs-free.empty.json")]));
    assert!(text.starts_with("LEGAL"), "{text}");
    assert!(common::flat(&text).contains("not obeyed: attacking B or C: would break «Mogg Flunkies (flunkies) can't attack unless at least 1 other creature attacks, and 0 others attack — its own ability"), "{text}");
}

/// CR 508.1c-d: a declaration that breaks a restriction may obey more requirements than the
/// maximum; the text says the maximum is over declarations that obey every restriction, and
/// never "the paid baseline".
#[test]
fn cr_508_1c_the_maximum_is_over_declarations_obeying_every_restriction() {
    let text = stdout(&common::run_bin(&["check", &model("paid-vs-free.json"), &model("declarations/paid-vs-free.flunkies-alone.json")]));
    assert!(common::flat(&text).contains("Requirements: obeys 1, but only by breaking the rule above; the most it could obey is 0"), "{text}");
    for (board, decl) in model_checks() {
        for baseline in ["paid", "free"] {
            let text = stdout(&common::run_bin(&["check", &board, &decl, "--baseline", baseline]));
            assert!(!text.contains("allowed by the"), "{decl}: jargon left:\n{text}");
        }
    }
}

/// `import forge --format text` prints text for a person (the board as validate shows it and the
/// cards skipped); without --format the board alone, as JSON, to save.
#[test]
fn import_forge_format_text_prints_text() {
    let file = root().join("tests/forge/goblins-vs-propaganda.pzl").to_string_lossy().into_owned();
    let out = common::run_bin(&["import", "forge", &file, "--format", "text"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(serde_json::from_str::<Value>(&text).is_err(), "text, not JSON:\n{text}");
    assert!(text.contains("valid board; declaring attackers: human") && text.contains("Skipped cards: 2") && text.contains("Tarmogoyf"), "{text}");
    let board: Value = serde_json::from_slice(&common::run_bin(&["import", "forge", &file]).stdout).expect("the board as JSON");
    assert_eq!(board["attackopt"], 1);
}

/// `attackopt completions SHELL` for every shell clap_complete knows, and `attackopt man`, both
/// from the clap definition: every subcommand is in them.
#[test]
fn completions_and_man_page_come_from_the_arguments() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell", "BASH"] {
        let out = common::run_bin(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let text = stdout(&out);
        for sub in ["check", "solve", "enumerate", "validate", "import", "completions"] {
            assert!(text.contains(sub), "{shell} completions lack {sub}");
        }
    }
    assert_eq!(common::run_bin(&["completions", "tcsh"]).status.code(), Some(2));
    let out = common::run_bin(&["man"]);
    assert_eq!(out.status.code(), Some(0));
    let man = stdout(&out);
    assert!(man.contains(".TH attackopt 1"), "{man}");
    for sub in ["check", "solve", "enumerate", "batch", "mcp"] {
        assert!(man.contains(sub), "the man page lacks {sub}");
    }
    assert!(man.contains("Exit status"), "the exit codes are in the man page");
}

/// Value enums in any case, listed in --help: --objective (a word or damage:PLAYER), --profile.
#[test]
fn objective_and_profile_in_any_case() {
    let solve = |o: &str| {
        serde_json::from_slice::<Value>(&common::run_bin(&["solve", &model("paid-vs-free.json"), "--objective", o, "--format", "json"]).stdout)
            .unwrap()
    };
    assert_eq!(solve("POWER")["objective"], solve("power")["objective"]);
    assert_eq!(solve("Damage:B")["objective"], solve("damage:B")["objective"]);
    assert_eq!(common::run_bin(&["solve", &model("paid-vs-free.json"), "--objective", "damage:b"]).status.code(), Some(2), "ids are exact");
    let a = common::run_bin(&["generate", "--players", "2", "--creatures", "5", "--profile", "TOKENS"]);
    let b = common::run_bin(&["generate", "--players", "2", "--creatures", "5", "--profile", "tokens"]);
    assert_eq!((a.status.code(), stdout(&a)), (Some(0), stdout(&b)));
    let help = stdout(&common::run_bin(&["generate", "--help"]));
    assert!(help.contains("commander") && help.contains("adversarial"), "{help}");
}

/// The README's judge-style explanations: each ```sh block that starts with `$ attackopt ...`
/// is run and its output compared, line for line.
#[test]
fn readme_judge_explanations_are_what_the_binary_prints() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut checked = 0;
    for block in readme.split("```sh\n").skip(1) {
        let block = block.split("```").next().unwrap();
        let Some(command) = block.lines().next().and_then(|l| l.strip_prefix("$ attackopt ")) else { continue };
        let want: String = block.lines().skip(1).map(|l| format!("{l}\n")).collect();
        let args: Vec<&str> = command.split_whitespace().collect();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_attackopt")).args(&args).current_dir(root()).output().unwrap();
        assert_eq!(stdout(&out), want, "README block `attackopt {command}` drifted");
        checked += 1;
    }
    assert!(checked >= 2, "the README shows judge-style explanations ({checked} found)");
}

/// The README's library example is `examples/library.rs` verbatim, which every `cargo test`
/// and `cargo clippy --all-targets` compiles: it cannot drift from the API.
#[test]
fn readme_library_example_is_the_compiled_example() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let block = readme.split("```rust\n").nth(1).and_then(|b| b.split("```").next()).expect("the README's library example");
    assert_eq!(
        block,
        std::fs::read_to_string(root().join("examples/library.rs")).unwrap(),
        "README library example drifted from examples/library.rs"
    );
}

/// The typed board builder gives the same board as its JSON, and `Objective::Damage` names the
/// player by id (CR 510.1a: damage to the player attacked); an id naming no player, or the
/// attacking player (never a defending player, CR 506.2, 508.1b), is bad input when solving.
#[test]
fn cr_510_1a_cr_506_2_builder_and_objective_by_player_id() {
    let built = BoardBuilder::new("A")
        .players(["A", "B", "C"])
        .creature("bear", "Grizzly Bears", "A", 2)
        .permanent(Permanent { goaded_by: vec!["B".into()], power: 3, ..BoardBuilder::card("ogre", "Hill Giant", "A", &["Creature"]) })
        .build("built")
        .unwrap();
    let built = Position::new(built).unwrap();
    let json = Position::from_json(
        &serde_json::to_string(
            &BoardBuilder::new("A")
                .players(["A", "B", "C"])
                .creature("bear", "Grizzly Bears", "A", 2)
                .permanent(Permanent { goaded_by: vec!["B".into()], power: 3, ..BoardBuilder::card("ogre", "Hill Giant", "A", &["Creature"]) })
                .board(),
        )
        .unwrap(),
        "json",
    )
    .unwrap();
    let o = Options::default();
    for pos in [&built, &json] {
        let best = pos.solve(&Objective::Damage("C".into()), &o).unwrap();
        assert_eq!(best.objective, 5, "both attack C, the ogre as its goad asks");
        let best = pos.solve(&Objective::Damage("B".into()), &o).unwrap();
        assert_eq!(best.objective, 2, "the goaded ogre must attack a player other than B");
    }
    for (id, says) in [("Z", "names nothing"), ("c", "did you mean \"C\""), ("A", "declares attackers this combat")] {
        let err = built.solve(&Objective::Damage(id.into()), &o).unwrap_err();
        assert_eq!((err.kind(), err.file(), err.exit_code()), (ErrorKind::BadInput, Some("objective"), 2), "{err}");
        assert!(err.to_string().contains(says), "damage:{id}: {err}");
        // The front ends' parser refuses it too, before any solving.
        assert!(Objective::parse(&format!("damage:{id}"), &built).unwrap_err().contains(says), "parse damage:{id}");
    }
    assert_eq!(Objective::parse("Damage:C", &built), Ok(Objective::Damage("C".into())));
    assert_eq!(Objective::Damage("C".into()).to_string(), "damage:C");
    // A bad builder board is bad input, with the JSON path the field has in the format.
    let err = Position::from_board(BoardBuilder::new("A").player("A").creature("bear", "Grizzly Bears", "Q", 2).board(), "built").unwrap_err();
    assert_eq!((err.kind(), err.file(), err.path()), (ErrorKind::BadInput, Some("built"), Some("permanents[0].controller")), "{err}");
}

/// Typed error kinds a caller matches: bad input (with file and path), too large for the
/// method, time limit.
#[test]
fn error_kinds_can_be_matched() {
    let err = Position::from_json("{", "b.json").unwrap_err();
    assert_eq!((err.kind(), err.file(), err.exit_code()), (ErrorKind::BadInput, Some("b.json"), 2));
    let many = (0..12).fold(BoardBuilder::new("A").players(["A", "B", "C", "D"]), |b, i| b.creature(&format!("c{i}"), "", "A", 1));
    let pos = Position::new(many.build("many").unwrap()).unwrap();
    let exhaustive = Options { method: attackopt::Method::Exhaustive, ..Options::default() };
    let err = pos.answer(&Request::Enumerate { limit: 1, detail: attackopt::Detail::Full }, &exhaustive).unwrap_err();
    assert_eq!((err.kind(), err.path()), (ErrorKind::TooLarge, None), "{err}");
    let none = Options { time_limit: Some(0.0), ..Options::default() };
    match pos.solve(&Objective::Power, &none) {
        Err(e) => assert_eq!(e.kind(), ErrorKind::TimeLimit, "{e}"),
        Ok(r) => assert!(!r.optimal, "a zero time limit proves nothing"),
    }
}

/// Issue 40, point 4: a declaration typed on the command line, `--attack CREATURE=TARGET`
/// (repeated, or comma-separated), answers as the same declaration in a JSON file, word for
/// word and exit status alike; `none` is no attack; a word that is no attack, an id that names
/// nothing, and a file given with --attack are refused (exit 2). Batch takes the same line as
/// `"attacks"`.
#[test]
fn a_declaration_typed_with_attack_answers_as_its_json_file() {
    let board = model("paid-vs-free.json");
    let cases: [(&[&str], Value); 3] = [
        (&["--attack", "serpent=B"], serde_json::json!({ "attacks": [{ "creature": "serpent", "target": "B" }] })),
        (
            &["--attack", "serpent=B", "--attack", "flunkies=C"],
            serde_json::json!({ "attacks": [{ "creature": "serpent", "target": "B" }, { "creature": "flunkies", "target": "C" }] }),
        ),
        (&["--attack", "none"], serde_json::json!({ "attacks": [] })),
    ];
    for (args, json) in cases {
        let file = common::temp_file("typed-attack", &json.to_string());
        let from_file = common::run_bin(&["check", &board, &file.to_string_lossy()]);
        let typed: Vec<&str> = ["check", board.as_str()].into_iter().chain(args.iter().copied()).collect();
        let from_args = common::run_bin(&typed);
        assert_eq!(from_args.status.code(), from_file.status.code(), "{args:?}");
        assert_eq!(stdout(&from_args), stdout(&from_file), "{args:?}");
        let _ = std::fs::remove_file(&file);
    }
    let joined = common::run_bin(&["check", &board, "--attack", "serpent=B,flunkies=C"]);
    assert_eq!(joined.status.code(), Some(0), "{}", String::from_utf8_lossy(&joined.stderr));
    for (args, needle) in [
        (vec!["--attack", "serpentB"], "expected CREATURE=TARGET"),
        (vec!["--attack", "serpent=Q"], "names nothing"),
        (vec!["--attack", "nobody=B"], "names nothing"),
        (vec!["models/declarations/paid-vs-free.json", "--attack", "serpent=B"], "cannot be used with"),
    ] {
        let mut all = vec!["check", board.as_str()];
        all.extend(args.iter().copied());
        let out = common::run_bin(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let line = serde_json::json!({ "id": 1, "command": "check", "board": board, "attacks": "serpent=B, flunkies=C" }).to_string();
    let out = common::run_with_stdin(&["batch", "-"], line.as_bytes());
    let answer: Value = serde_json::from_slice(&out.stdout).expect("one line");
    let cli: Value =
        serde_json::from_slice(&common::run_bin(&["check", &board, "--attack", "serpent=B,flunkies=C", "--format", "json"]).stdout).expect("JSON");
    assert_eq!(answer["result"], cli, "batch's attacks answer as the command line's --attack");
}

/// Issue 40, point 1: no line of a text answer is wider than 100 characters (read at a table):
/// `check` of every model declaration, `solve` and `enumerate` of every model board; and the
/// requirements are summed up in plain words ("obeys 5 of the 5 it could").
#[test]
fn text_answers_keep_within_100_columns() {
    let mut boards: Vec<String> = model_checks().into_iter().map(|(b, _)| b).collect();
    boards.dedup();
    let mut runs: Vec<Vec<String>> = model_checks().into_iter().map(|(b, d)| vec!["check".into(), b, d]).collect();
    for b in &boards {
        runs.push(vec!["solve".into(), b.clone()]);
        runs.push(vec!["enumerate".into(), b.clone(), "--limit".into(), "5".into()]);
    }
    for args in runs {
        let text = stdout(&common::run_bin(&args.iter().map(String::as_str).collect::<Vec<_>>()));
        for line in text.lines() {
            assert!(line.chars().count() <= attackopt::TEXT_WIDTH, "{args:?}: a line of {} characters:\n{line}", line.chars().count());
        }
        if args[0] == "check" {
            assert!(text.contains("Requirements: obeys "), "{args:?}:\n{text}");
        }
    }
}

/// CR 508.1c, 508.1j: a declaration that breaks a restriction is illegal whatever the maximum of
/// requirements; when the time limit leaves the maximum (and the closest legal declaration)
/// unfound, the answer still says so, with its violations, `proof` "none" and no
/// `legal_alternative`, rather than leaving the verdict undecided (an adversarial board of
/// 2,500 creatures attacking with everything used to answer "undecided" after 10 s).
#[test]
fn cr_508_1c_a_broken_restriction_is_illegal_even_when_the_time_limit_cuts_the_search_short() {
    let board = std::fs::read_to_string(root().join("models/collective-restraint.json")).expect("model");
    let pos = Position::from_json(&board, "collective-restraint.json").expect("valid");
    let decl = std::fs::read_to_string(root().join("models/declarations/collective-restraint.flunkies-alone.json")).expect("declaration");
    let d = pos.declaration_from_json(&decl, "d").expect("ids");
    let r = pos.check(&d, &Options { time_limit: Some(0.0), ..Options::default() }).expect("an answer, not an error");
    assert_eq!(r.verdict(), Some(false), "{r:?}");
    assert!(r.violations.iter().any(|v| v.kind.as_str() == "restriction"), "{:?}", r.violations);
    assert!(r.legal_alternative.is_none());
    // With time, the same check proves its maximum and offers the closest legal declaration.
    let r = pos.check(&d, &Options::default()).expect("an answer");
    assert_eq!((r.verdict(), r.proof.as_str()), (Some(false), "ilp-optimal"));
    assert!(r.legal_alternative.is_some());
}
