//! `attackopt schema`: the JSON Schemas accept every real board, declaration and result, and the
//! parser and the board schema agree on invalid boards.

use attackopt::generator::{generate, Profile};
use attackopt::{board_schema, declaration_schema, result_schema};
use attackopt::{default_objective, Detail, Objective, Options, Position, Request};
use attackopt::{parse_any_declaration, parse_board, AnyDeclaration};
use jsonschema::Validator;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn validator(schema: Value) -> Validator {
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("the schema itself is invalid: {e}\n{schema:#}"))
}

#[track_caller]
fn assert_valid(v: &Validator, instance: &Value, what: &str) {
    let errors: Vec<String> = v.iter_errors(instance).map(|e| format!("{} at {}", e, e.instance_path())).collect();
    assert!(errors.is_empty(), "{what} does not match its schema:\n{}", errors.join("\n"));
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

fn read_json(p: &Path) -> Value {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn the_three_schemas_are_valid_json_schemas() {
    for name in attackopt::SCHEMA_NAMES {
        let s = attackopt::schema(name).expect("a known schema");
        assert!(jsonschema::meta::is_valid(&s), "{name} schema is not a valid JSON Schema");
    }
    assert!(attackopt::schema("nonsense").is_err());
}

#[test]
fn every_model_board_matches_the_board_schema() {
    let v = validator(board_schema());
    let files = json_files(&root().join("models"));
    assert!(files.len() >= 10, "expected the model boards, found {}", files.len());
    for f in files {
        let board = read_json(&f);
        parse_board(&board.to_string(), &f.display().to_string()).unwrap_or_else(|e| panic!("parser rejects a model: {e}"));
        assert_valid(&v, &board, &f.display().to_string());
    }
}

#[test]
fn every_scenario_board_and_declaration_matches_its_schema() {
    let boards = validator(board_schema());
    let decls = validator(declaration_schema());
    let mut files = json_files(&root().join("tests/scenarios"));
    files.extend(json_files(&root().join("tests/scenarios/blocks")));
    assert!(files.len() >= 20, "expected the scenarios, found {}", files.len());
    let (mut checked_decls, mut checked_blocks) = (0, 0);
    for f in files {
        let scenario = read_json(&f);
        let board = &scenario["board"];
        assert!(board.is_object(), "{}: no board", f.display());
        assert_valid(&boards, board, &format!("{} board", f.display()));
        for (i, c) in scenario["expect"]["checks"].as_array().into_iter().flatten().enumerate() {
            let d = &c["declaration"];
            match parse_any_declaration(&d.to_string(), "d") {
                Ok((kind, _)) if d.is_object() => {
                    assert_valid(&decls, d, &format!("{} check {i}", f.display()));
                    checked_decls += 1;
                    checked_blocks += usize::from(matches!(kind, AnyDeclaration::Blocks(_)));
                }
                _ => {}
            }
        }
    }
    assert!(checked_decls > 20);
    // The declarations of blockers (tests/scenarios/blocks) are among them (issue 38).
    assert!(checked_blocks > 40, "{checked_blocks} declarations of blockers");
}

/// Issue 38: the declaration schema describes a declaration of blockers (CR 509.1) as the
/// parser reads it: `blocks`, each entry a blocker and the attacker it blocks, never with
/// `attacks` too.
#[test]
fn cr_509_1_the_declaration_schema_describes_blocks_and_refuses_what_the_parser_refuses() {
    let v = validator(declaration_schema());
    let good = [
        json!({ "blocks": [ { "blocker": "wall", "attacker": "jugg" }, { "blocker": "wall", "attacker": "drake" } ] }),
        json!({ "blocks": [], "payment": [ { "permanent": "f1", "mana": "{G}" } ] }),
        json!({ "attacks": [ { "creature": "bear", "target": "B" } ] }),
        json!({}),
    ];
    for d in good {
        assert!(parse_any_declaration(&d.to_string(), "d").is_ok(), "the parser refuses {d}");
        assert!(v.is_valid(&d), "the schema refuses {d}");
    }
    let bad = [
        json!({ "blocks": [ { "blocker": "wall" } ] }),
        json!({ "blocks": "wall=jugg" }),
        json!({ "blocks": [ { "blocker": "wall", "attacker": 3 } ] }),
        json!({ "attacks": [], "blocks": [] }),
    ];
    for d in bad {
        assert!(parse_any_declaration(&d.to_string(), "d").is_err(), "the parser accepts {d}");
        assert!(!v.is_valid(&d), "the schema accepts {d}");
    }
    // A payment entry of no known form: the board's check refuses it (as for attacks).
    assert!(!v.is_valid(&json!({ "blocks": [], "payment": [ { "permanent": "f1" } ] })));
    let blocks = &declaration_schema()["properties"]["blocks"];
    assert!(blocks["description"].as_str().is_some_and(|d| d.contains("blocking creature")), "{blocks}");
}

#[test]
fn every_model_declaration_matches_the_declaration_schema() {
    let v = validator(declaration_schema());
    let files = json_files(&root().join("models/declarations"));
    assert!(files.len() >= 20);
    for f in files {
        let d = read_json(&f);
        assert_valid(&v, &d, &f.display().to_string());
    }
}

#[test]
fn generated_boards_match_the_board_schema() {
    let v = validator(board_schema());
    for profile in Profile::ALL {
        for seed in 0..5 {
            let board = serde_json::to_value(generate(4, 12, seed, profile)).expect("a board serializes");
            assert_valid(&v, &board, &format!("generated {} seed {seed}", profile.name()));
        }
    }
}

/// Real results: check every model declaration, solve every model, enumerate a few; through the
/// request layer, as every front end prints them (a board with combat answers about blocks).
#[test]
fn real_results_match_the_result_schema() {
    let v = validator(result_schema());
    let options = Options::default();
    let answer = |pos: &Position, request: &Request, what: &str| {
        let a = pos.answer(request, &options).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_valid(&v, &serde_json::to_value(a.json()).expect("serializes"), what);
    };
    let mut checks = 0;
    for f in json_files(&root().join("models")) {
        let text = std::fs::read_to_string(&f).expect("readable");
        let pos = Position::from_json(&text, "model").unwrap_or_else(|e| panic!("{e}"));
        let objective = Objective::parse(default_objective(&pos), &pos).expect("the default objective");
        answer(&pos, &Request::Solve(objective), &format!("solve {}", f.display()));
        let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        for d in json_files(&root().join("models/declarations")) {
            let name = d.file_name().and_then(|s| s.to_str()).unwrap_or_default();
            if !(name == format!("{stem}.json") || name.starts_with(&format!("{stem}."))) {
                continue;
            }
            let read = parse_any_declaration(&std::fs::read_to_string(&d).expect("readable"), name);
            let Ok(request) = read.and_then(|(decl, _)| Request::check(&pos.board, decl, name)) else {
                continue; // bad input on purpose: no result to check
            };
            answer(&pos, &request, &format!("check {name}"));
            checks += 1;
        }
        answer(&pos, &Request::Enumerate { limit: 5, detail: Detail::Full }, &format!("enumerate {}", f.display()));
    }
    assert!(checks >= 20, "only {checks} declarations checked");
}

/// The binary's own output, and its `schema` command, agree too.
#[test]
fn cli_output_matches_the_cli_schema() {
    let bin = env!("CARGO_BIN_EXE_attackopt");
    let schema_out = Command::new(bin).args(["schema", "result"]).output().expect("runs");
    assert_eq!(schema_out.status.code(), Some(0));
    let schema: Value = serde_json::from_slice(&schema_out.stdout).expect("schema is JSON");
    let v = validator(schema);
    let model = root().join("models/paid-vs-free.json");
    let decl = root().join("models/declarations/paid-vs-free.serpent-alone.json");
    let runs: [Vec<&str>; 3] = [
        vec!["check", model.to_str().unwrap_or_default(), decl.to_str().unwrap_or_default(), "--format", "json"],
        vec!["solve", model.to_str().unwrap_or_default(), "--format", "json"],
        vec!["enumerate", model.to_str().unwrap_or_default(), "--format", "json"],
    ];
    for args in runs {
        let out = Command::new(bin).args(&args).output().expect("runs");
        assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        let value: Value = serde_json::from_slice(&out.stdout).expect("JSON output");
        assert_valid(&v, &value, &format!("{args:?}"));
    }
    for name in ["board", "declaration", "cards"] {
        let out = Command::new(bin).args(["schema", name]).output().expect("runs");
        assert_eq!(out.status.code(), Some(0));
        let printed: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(printed, attackopt::schema(name).expect("known"));
    }
    let bad = Command::new(bin).args(["schema", "boards"]).output().expect("runs");
    assert_eq!(bad.status.code(), Some(2));
}

/// The mirror types of the result schema list exactly the fields a real result has.
#[test]
fn result_schema_lists_exactly_the_fields_of_a_real_result() {
    let schema = result_schema();
    let defs = &schema["$defs"];
    let props = |def: &str| -> Vec<String> {
        let mut v: Vec<String> = defs[def]["properties"].as_object().unwrap_or_else(|| panic!("no {def}")).keys().cloned().collect();
        v.sort();
        v
    };
    let pos = Position::from_json(&std::fs::read_to_string(root().join("models/paid-vs-free.json")).expect("model"), "m").expect("valid");
    let decl = pos.declaration_from_json(r#"{"attacks": [{"creature": "serpent", "target": "B"}]}"#, "d").expect("decl");
    let r = serde_json::to_value(pos.check(&decl, &Options::default()).expect("check")).expect("json");
    let mut keys: Vec<String> = r.as_object().expect("object").keys().cloned().collect();
    keys.push("note".into()); // optional, present only without a proof
    keys.push("payment_that_works".into()); // optional, present only after a payment that fails
    keys.push("legal_alternative".into()); // optional, present only through the facade
    keys.sort();
    keys.dedup();
    assert_eq!(keys, props("CheckResult"));
    let mut req: Vec<String> = r["requirements"][0].as_object().expect("a requirement").keys().cloned().collect();
    req.push("why_not".into()); // optional, present only for a requirement not obeyed under LEGAL
    req.push("condition_holds".into()); // optional, present only on a conditional requirement (CR 508.1d)
    req.sort();
    req.dedup();
    assert_eq!(req, props("RequirementReport"));
    let mut viol: Vec<String> = r["violations"][0].as_object().expect("a violation").keys().cloned().collect();
    viol.sort();
    assert_eq!(viol, props("Violation"));
}

/// Invalid boards: each is rejected by the parser and by the schema.
#[test]
fn parser_and_schema_agree_on_invalid_boards() {
    let v = validator(board_schema());
    let base = json!({
        "attackopt": 1,
        "active_player": "A",
        "players": [ { "id": "A" }, { "id": "B" } ],
        "permanents": [
            { "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "toughness": 2 },
            { "id": "elf", "name": "Llanowar Elves", "controller": "A", "types": ["Creature"], "power": 1, "mana": [ { "add": "{G}" } ] }
        ],
        "effects": [ { "kind": "attacks_if_able", "creatures": ["bear"] } ]
    });
    assert!(parse_board(&base.to_string(), "base").is_ok());
    assert_valid(&v, &base, "the base board");
    type Mutation = fn(&mut Value);
    let cases: Vec<(&str, Mutation)> = vec![
        ("not an object", |b| *b = json!([1, 2])),
        ("version 2", |b| b["attackopt"] = json!(2)),
        ("no version", |b| {
            b.as_object_mut().map(|o| o.remove("attackopt"));
        }),
        ("no active player", |b| {
            b.as_object_mut().map(|o| o.remove("active_player"));
        }),
        ("players not a list", |b| b["players"] = json!({ "A": {} })),
        ("player without id", |b| b["players"][1] = json!({ "life": 20 })),
        ("life a string", |b| b["players"][0]["life"] = json!("forty")),
        ("player name a number", |b| b["players"][0]["name"] = json!(7)),
        ("player name empty", |b| b["players"][0]["name"] = json!("")),
        ("player name blank", |b| b["players"][0]["name"] = json!("  ")),
        ("player name with a newline", |b| b["players"][0]["name"] = json!("Al\nice")),
        ("hand negative", |b| b["players"][0]["hand"] = json!(-1)),
        ("mana pool without braces", |b| b["players"][0]["mana_pool"] = json!("RR")),
        ("unknown attack option", |b| b["variant"] = json!({ "attack": "diagonal" })),
        ("shared_team_turns a string", |b| b["variant"] = json!({ "shared_team_turns": "yes" })),
        ("permanent without controller", |b| {
            b["permanents"][0].as_object_mut().map(|o| o.remove("controller"));
        }),
        ("unknown card type", |b| b["permanents"][0]["types"] = json!(["Creture"])),
        ("unknown color", |b| b["permanents"][0]["colors"] = json!(["purple"])),
        ("power a string", |b| b["permanents"][0]["power"] = json!("2")),
        ("tapped a string", |b| b["permanents"][0]["tapped"] = json!("yes")),
        ("negative counters", |b| b["permanents"][0]["counters"] = json!(-2)),
        ("goaded_by not a list", |b| b["permanents"][0]["goaded_by"] = json!("B")),
        ("mana add a number", |b| b["permanents"][1]["mana"][0]["add"] = json!(5)),
        ("mana add not in braces", |b| b["permanents"][1]["mana"][0]["add"] = json!("G")),
        ("mana add empty", |b| b["permanents"][1]["mana"][0]["add"] = json!("")),
        ("could_produce of nobody", |b| b["permanents"][1]["mana"][0]["add"] = json!({ "could_produce": "lands_of_nobody", "kind": "color" })),
        ("could_produce without kind", |b| b["permanents"][1]["mana"][0]["add"] = json!({ "could_produce": "lands_you_control" })),
        ("mana ability without add", |b| b["permanents"][1]["mana"][0] = json!({})),
        ("effect without kind", |b| b["effects"][0] = json!({ "creatures": "all" })),
        ("unknown effect kind", |b| b["effects"][0]["kind"] = json!("must_attack")),
        ("selector a number", |b| b["effects"][0]["creatures"] = json!(5)),
        ("selector a word other than all", |b| b["effects"][0]["creatures"] = json!("every")),
        ("selector with an unknown field", |b| b["effects"][0]["creatures"] = json!({ "colour": "G" })),
        ("selector color purple", |b| b["effects"][0]["creatures"] = json!({ "color": "purple" })),
        ("selector power a string", |b| b["effects"][0]["creatures"] = json!({ "power_greater_than": "2" })),
        ("selector ids not strings", |b| b["effects"][0]["creatures"] = json!([1, 2])),
        ("attacks_if_able without creatures", |b| b["effects"][0] = json!({ "kind": "attacks_if_able" })),
        ("target a list", |b| b["effects"][0]["target"] = json!(["B"])),
        ("target with an unknown field", |b| b["effects"][0]["target"] = json!({ "player": ["B"] })),
        ("target players a string", |b| b["effects"][0]["target"] = json!({ "players": "B" })),
        ("max_attackers without count", |b| b["effects"][0] = json!({ "kind": "max_attackers" })),
        ("max_attackers per week", |b| b["effects"][0] = json!({ "kind": "max_attackers", "count": 1, "per": "week" })),
        ("negative count", |b| b["effects"][0] = json!({ "kind": "min_other_attackers", "creatures": "all", "count": -1 })),
        ("attack_cost without cost", |b| b["effects"][0] = json!({ "kind": "attack_cost", "creatures": "all" })),
        ("attack_cost empty cost", |b| b["effects"][0] = json!({ "kind": "attack_cost", "creatures": "all", "cost": "" })),
        ("player_attacks_if_able without target", |b| b["effects"][0] = json!({ "kind": "player_attacks_if_able", "player": "A" })),
        ("attacks_player_other_than_if_able without player", |b| {
            b["effects"][0] = json!({ "kind": "attacks_player_other_than_if_able", "creatures": "all" })
        }),
        ("cant_attack_alone with count 2", |b| b["effects"][0] = json!({ "kind": "cant_attack_alone", "creatures": "all", "count": 2 })),
        ("effects not a list", |b| b["effects"] = json!({ "kind": "cant_attack" })),
    ];
    assert!(cases.len() >= 40);
    for (name, mutate) in cases {
        let mut b = base.clone();
        mutate(&mut b);
        assert!(parse_board(&b.to_string(), "bad.json").is_err(), "the parser accepts the invalid board \"{name}\":\n{b:#}");
        assert!(!v.is_valid(&b), "the schema accepts the invalid board \"{name}\":\n{b:#}");
    }
}

/// Declarations: both reject payment entries of no known form.
#[test]
fn declaration_schema_rejects_malformed_declarations() {
    let v = validator(declaration_schema());
    let pos = Position::from_json(&std::fs::read_to_string(root().join("models/paid-vs-free.json")).expect("model"), "m").expect("valid");
    let bad = [
        json!({ "attacks": [ { "creature": "serpent" } ] }),
        json!({ "attacks": "serpent" }),
        json!({ "attacks": [], "payment": [ { "permanent": "ai1" } ] }),
        json!({ "attacks": [], "payment": [ { "player": "A", "mana": "{U}", "life": 2 } ] }),
        json!({ "attacks": [], "payment": [ { "player": "A", "life": -2 } ] }),
    ];
    for d in bad {
        assert!(pos.declaration_from_json(&d.to_string(), "d").is_err(), "the parser accepts {d}");
        assert!(!v.is_valid(&d), "the schema accepts {d}");
    }
}

/// Issue 11: every JSON the command line prints validates against `attackopt schema result`,
/// undecided and error answers included; an undecided `check` says `"legal": null` (false read
/// as illegal), and `check`, `solve` and `enumerate` cut short with nothing to show print one
/// shape, `{"proof": "none", "legal": null, "message"}`.
#[test]
fn undecided_and_error_answers_match_the_result_schema() {
    let bin = env!("CARGO_BIN_EXE_attackopt");
    let v = validator(result_schema());
    let model = root().join("models/paid-vs-free.json");
    let decl = root().join("models/declarations/paid-vs-free.serpent-alone.json");
    let (model, decl) = (model.to_string_lossy().into_owned(), decl.to_string_lossy().into_owned());
    let big = generate(8, 2_000, 1, Profile::Adversarial);
    let big_path = std::env::temp_dir().join(format!("attackopt-schema-{}-big.json", std::process::id()));
    std::fs::write(&big_path, serde_json::to_string(&big).expect("json")).expect("write");
    let big = big_path.to_string_lossy().into_owned();
    let runs: Vec<(Vec<&str>, &[i32])> = vec![
        (vec!["check", &model, &decl, "--format", "json", "--time-limit", "0"], &[1, 3]),
        (vec!["solve", &model, "--format", "json", "--time-limit", "0"], &[0, 3]),
        (vec!["solve", &big, "--format", "json", "--time-limit", "0.05"], &[3]),
        (vec!["enumerate", &big, "--format", "json", "--time-limit", "0.02"], &[3]),
        (vec!["enumerate", &model, "--format", "json", "--time-limit", "0"], &[0, 3]),
        (vec!["validate", "no-such-file.json", "--format", "json"], &[2]),
        (vec!["check", &model, "no-such-file.json", "--format", "json"], &[2]),
        (vec!["solve", &model, "--format", "json", "--time-limit", "-1"], &[2]),
        (vec!["solve", &model, "--format", "json", "--objective", "wrong"], &[2]),
    ];
    for (args, codes) in runs {
        let out = Command::new(bin).args(&args).output().expect("runs");
        let code = out.status.code().unwrap_or(-1);
        assert!(codes.contains(&code), "{args:?}: exit {code}: {}", String::from_utf8_lossy(&out.stderr));
        let value: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: no JSON on standard output ({e})"));
        assert_valid(&v, &value, &format!("{args:?}"));
        match code {
            2 => assert_eq!(value["error"]["code"], 2, "{args:?}: {value}"),
            3 if value.get("optimal").is_none() && value.get("declarations").is_none() => {
                assert_eq!(value["legal"], Value::Null, "{args:?}: undecided is legal: null: {value}");
                assert_eq!(value["proof"], "none", "{args:?}");
            }
            _ => {}
        }
    }
    let _ = std::fs::remove_file(&big_path);
    let bad = Command::new(bin).args(["validate", "no-such-file.json", "--format", "json"]).output().expect("runs");
    let value: Value = serde_json::from_slice(&bad.stdout).expect("JSON");
    assert!(value["error"]["message"].as_str().is_some_and(|m| m.contains("no-such-file.json")), "{value}");

    // The library: a check with no time at all is undecided, and says so.
    let pos = Position::from_json(&std::fs::read_to_string(root().join("models/paid-vs-free.json")).expect("model"), "m").expect("valid");
    let d = pos.declaration_from_json(r#"{"attacks": []}"#, "d").expect("decl");
    let r = pos.check(&d, &Options { time_limit: Some(0.0), ..Options::default() }).expect("an answer");
    assert_eq!((r.verdict(), attackopt::Exit::of_check(&r).code()), (None, 3));
    let json = serde_json::to_value(&r).expect("json");
    assert_eq!(json["legal"], Value::Null);
    assert_valid(&v, &json, "an undecided check");
}

/// Every answer of check, solve and enumerate lists the board's warnings (issue 13), as the
/// result schema describes them; `attackopt cards --format json` matches its own schema and the
/// result schema.
#[test]
fn warnings_and_the_card_list_match_their_schemas() {
    let bin = env!("CARGO_BIN_EXE_attackopt");
    let v = validator(result_schema());
    let board = json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [ { "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2 },
                        { "id": "prop", "name": "Propoganda", "controller": "B", "types": ["Enchantment"] } ] });
    let path = std::env::temp_dir().join(format!("attackopt-schema-warnings-{}.json", std::process::id()));
    std::fs::write(&path, board.to_string()).expect("write");
    let p = path.to_string_lossy().into_owned();
    for args in [vec!["solve", p.as_str()], vec!["enumerate", p.as_str()]] {
        let out = Command::new(bin).args(&args).args(["--format", "json"]).output().expect("runs");
        let value: Value = serde_json::from_slice(&out.stdout).expect("JSON output");
        assert_valid(&v, &value, &format!("{args:?}"));
        assert_eq!(value["warnings"][0]["path"], "permanents[1].name", "{args:?}");
        // A malformed warning is refused: the schema describes the list.
        let mut bad = value.clone();
        bad["warnings"] = json!(["permanents[1].name: unknown"]);
        assert!(!v.is_valid(&bad), "{args:?}: a warning is {{path, message}}");
    }
    let _ = std::fs::remove_file(&path);
    let out = Command::new(bin).args(["cards", "--format", "json"]).output().expect("runs");
    let cards: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_valid(&validator(attackopt::cards_schema()), &cards, "cards");
    assert_valid(&v, &cards, "cards against the result schema");
}

/// Issue 34: answers resting on assumptions (a sentence not read, a card not known) list them,
/// and strict mode's refusal is the undecided object with the list; both validate against
/// `attackopt schema result` and against the command's own answer schema (the MCP tools'
/// output schemas come from it), and a malformed assumption is refused.
#[test]
fn assumptions_and_strict_answers_match_the_schemas() {
    let bin = env!("CARGO_BIN_EXE_attackopt");
    let schema_out = Command::new(bin).args(["schema", "result"]).output().expect("runs");
    let v = validator(serde_json::from_slice(&schema_out.stdout).expect("schema is JSON"));
    let board = json!({ "attackopt": 1, "active_player": "A", "players": [{ "id": "A" }, { "id": "B" }],
        "permanents": [
            { "id": "okk", "name": "Okk", "controller": "A", "types": ["Creature"], "power": 4,
              "oracle_text": "Okk can't attack unless you tap an untapped creature you control not declared as an attacking creature." },
            { "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2 },
            { "id": "prop", "name": "Propoganda", "controller": "B", "types": ["Enchantment"] } ] });
    let path = std::env::temp_dir().join(format!("attackopt-schema-assumptions-{}.json", std::process::id()));
    let decl = std::env::temp_dir().join(format!("attackopt-schema-assumptions-{}-decl.json", std::process::id()));
    std::fs::write(&path, board.to_string()).expect("write");
    std::fs::write(&decl, r#"{"attacks": [{"creature": "bear", "target": "B"}]}"#).expect("write");
    let (p, d) = (path.to_string_lossy().into_owned(), decl.to_string_lossy().into_owned());
    let runs: Vec<(&str, Vec<&str>)> = vec![
        ("check", vec!["check", &p, &d]),
        ("solve", vec!["solve", &p]),
        ("enumerate", vec!["enumerate", &p]),
        ("enumerate-summary", vec!["enumerate", &p, "--detail", "summary"]),
        ("validate", vec!["validate", &p]),
    ];
    for (command, args) in runs {
        let own = validator(attackopt::answer_schema(command).expect("a command"));
        for strict in [false, true] {
            let out = Command::new(bin).args(&args).args(["--format", "json"]).args(strict.then_some("--strict")).output().expect("runs");
            let value: Value = serde_json::from_slice(&out.stdout).expect("JSON output");
            let what = format!("{args:?} strict {strict}");
            assert_valid(&v, &value, &what);
            assert_valid(&own, &value, &format!("{what} against answer_schema({command})"));
            assert_eq!(value["assumptions"].as_array().map(Vec::len), Some(2), "{what}: {value}");
            let refused = strict && command != "validate";
            assert_eq!(out.status.code(), Some(if refused { 3 } else { 0 }), "{what}");
            assert_eq!(value["legal"] == Value::Null && value["proof"] == "none", refused, "{what}: {value}");
            let mut bad = value.clone();
            bad["assumptions"][0]["kind"] = json!("guessed");
            assert!(!v.is_valid(&bad), "{what}: an assumption's kind is one of three");
        }
    }
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&decl);
}

/// Issue 38: every JSON the command line prints about a board with `combat` (CR 509.1)
/// validates against `attackopt schema result` and against its command's answer schema (the
/// MCP tools' output schemas come from it): `check` of a declaration of blockers, `solve`,
/// `enumerate` (both details), `maximum` under both baselines, the time limit's and strict
/// mode's undecided answers; `maximum` on an attack board too. The block maximum has exactly
/// the fields of a shape of the schema: the attack report's, plus `baseline`,
/// `requirements_max` and `witness_max`.
#[test]
fn cr_509_1_block_answers_match_the_result_schema_and_their_answer_schemas() {
    let bin = env!("CARGO_BIN_EXE_attackopt");
    let v = validator(result_schema());
    let combat = crate::common::temp_file("schema-combat", &crate::block_costs::paid_block_board(true).to_string());
    let decl = crate::common::temp_file("schema-combat-decl", r#"{"blocks": [{"blocker": "costly", "attacker": "y"}]}"#);
    let (c, d) = (combat.to_string_lossy().into_owned(), decl.to_string_lossy().into_owned());
    // A combat with a card attackopt does not know: strict mode refuses it.
    let mut unknown = crate::block_costs::paid_block_board(true);
    unknown["permanents"][3]["name"] = json!("Grizzly Baers");
    unknown["permanents"][3]["types"] = json!(["Creature"]);
    let unknown = crate::common::temp_file("schema-combat-unknown", &unknown.to_string()).to_string_lossy().into_owned();
    let model = root().join("models/commander-goad-propaganda.json").to_string_lossy().into_owned();
    let runs: Vec<(&str, Vec<&str>, i32)> = vec![
        ("check", vec!["check", &c, &d], 1),
        ("check", vec!["check", &c, "--block", "costly=m, free=m"], 0),
        ("solve", vec!["solve", &c], 0),
        ("solve", vec!["solve", &c, "--objective", "losses", "--exhaustive"], 0),
        ("enumerate", vec!["enumerate", &c], 0),
        ("enumerate-summary", vec!["enumerate", &c, "--detail", "summary"], 0),
        ("maximum", vec!["maximum", &c], 0),
        ("maximum", vec!["maximum", &c, "--baseline", "free", "--exhaustive"], 0),
        ("maximum", vec!["maximum", &c, "--time-limit", "0"], 3),
        ("maximum", vec!["maximum", &unknown, "--strict"], 3),
        ("solve", vec!["solve", &unknown, "--strict"], 3),
        ("maximum", vec!["maximum", &model], 0),
        ("validate", vec!["validate", &c], 0),
    ];
    for (command, args, code) in runs {
        let out = Command::new(bin).args(&args).args(["--format", "json"]).output().expect("runs");
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        let value: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: no JSON ({e})"));
        assert_valid(&v, &value, &format!("{args:?} against the result schema"));
        assert_valid(&validator(attackopt::answer_schema(command).expect("a command")), &value, &format!("{args:?} against its answer schema"));
        if code == 3 {
            assert_eq!((&value["proof"], &value["legal"]), (&json!("none"), &Value::Null), "{args:?}: {value}");
        }
    }
    // The block maximum's fields are exactly its schema's: the attack report's, plus three.
    let out = Command::new(bin).args(["maximum", &c, "--format", "json"]).output().expect("runs");
    let value: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let schema = result_schema();
    let answered = ["warnings", "assumptions", "import"];
    let shapes: Vec<Vec<String>> = schema["$defs"]
        .as_object()
        .expect("$defs")
        .values()
        .filter_map(|d| d["properties"].as_object())
        .map(|p| {
            let mut f: Vec<String> = p.keys().filter(|k| !answered.contains(&k.as_str())).cloned().collect();
            f.sort();
            f
        })
        .collect();
    let mut keys: Vec<String> = value.as_object().expect("an object").keys().filter(|k| !answered.contains(&k.as_str())).cloned().collect();
    keys.sort();
    assert!(shapes.contains(&keys), "no answer shape of the result schema has exactly {keys:?}");
    let attack: Vec<String> = ["proof", "requirements_max_free", "witness"].map(String::from).to_vec();
    assert!(shapes.contains(&attack), "the attack report's shape {attack:?}");
    assert!(attack.iter().all(|f| keys.contains(f)), "the attack report's fields {attack:?} are all in {keys:?}");
}
