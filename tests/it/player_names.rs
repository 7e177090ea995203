//! Players' names (issue 13: answers a judge would give): an optional `name` on a player, shown
//! as "Alice (A)" wherever text names a player, never instead of an id in a field a program
//! reads. Checked by rendering the same board with and without names: the answers differ only
//! by the labels.

use crate::common;
use attackopt::{BoardBuilder, ErrorKind, Objective, Options, Position, Request};
use serde_json::{json, Value};

/// Alice (A) attacks; Bob (B) goaded her bear; C has no name and a Norn's Annex ({W/P} per
/// attacker, which Alice pays with life: her Forest makes no white).
fn board(names: bool) -> Value {
    let mut b = json!({
        "attackopt": 1,
        "active_player": "A",
        "players": [{ "id": "A", "name": "Alice" }, { "id": "B", "name": "Bob" }, { "id": "C" }],
        "permanents": [
            { "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2, "goaded_by": ["B"] },
            { "id": "f1", "name": "Forest", "controller": "A", "types": ["Land"], "subtypes": ["Forest"] },
            { "id": "annex", "name": "Norn's Annex", "controller": "C", "types": ["Artifact"] }
        ]
    });
    if !names {
        for p in b["players"].as_array_mut().unwrap() {
            p.as_object_mut().unwrap().remove("name");
        }
    }
    b
}

/// The answer of `attackopt ARGS BOARD [DECLARATION] --format FORMAT` for the board with and
/// without names, the board's file name made the same.
fn both(command: &str, declaration: Option<Value>, format: &str) -> (String, String) {
    let run = |names: bool| {
        let b = common::temp_file("names", &board(names).to_string());
        let mut args = vec![command.to_string(), b.display().to_string()];
        if let Some(d) = &declaration {
            args.push(common::temp_file("names-decl", &d.to_string()).display().to_string());
        }
        args.extend(["--format".to_string(), format.to_string()]);
        let out = common::run_bin(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).replace(&b.display().to_string(), "board.json")
    };
    (run(true), run(false))
}

/// Names shown, and nothing else changed: with the labels put back to ids, the answer is the
/// one without names, in text and in JSON (where only free text holds a name).
#[test]
fn names_label_players_in_text_and_messages_only() {
    let cases: Vec<(&str, Option<Value>, Vec<&str>)> = vec![
        (
            "validate",
            None,
            vec!["declaring attackers: Alice (A)", "may attack Bob (B), C", "goaded by Bob (B) (CR 701.15b)", "a player other than Bob (B)"],
        ),
        ("check", Some(json!({ "attacks": [{ "creature": "bear", "target": "C" }] })), vec!["-> C", "Alice (A) pays 2 life", "other than Bob (B)"]),
        ("check", Some(json!({ "attacks": [{ "creature": "bear", "target": "A" }] })), vec!["Alice (A) can't attack themselves"]),
        // Attacking Bob obeys as much as attacking C and costs nothing: less mana wins the tie.
        ("solve", None, vec!["Grizzly Bears (bear) -> Bob (B)", "other than Bob (B)"]),
        ("enumerate", None, vec!["Grizzly Bears (bear) -> Bob (B)"]),
    ];
    for (command, decl, shown) in cases {
        let (named, plain) = both(command, decl.clone(), "text");
        for s in shown {
            assert!(common::flat(&named).contains(s), "{command} {decl:?} lacks \"{s}\":\n{named}");
        }
        assert!(!plain.contains("Alice") && !plain.contains("Bob"), "{plain}");
        // Compared as words: the labels' lengths move where lines wrap (issue 40).
        let unlabeled = common::flat(&named).replace("Alice (A)", "A").replace("Bob (B)", "B");
        assert_eq!(unlabeled, common::flat(&plain), "{command} {decl:?}: only the labels differ");
        let (named, plain) = both(command, decl.clone(), "json");
        let (named, plain): (Value, Value) = (serde_json::from_str(&named).unwrap(), serde_json::from_str(&plain).unwrap());
        // Fields a program reads keep the ids: the declaration, the witness, attacking_players.
        for field in ["declaration", "witness", "attacking_players", "creatures"] {
            assert_eq!(named[field], plain[field], "{command}: {field}");
        }
        let named = named.to_string().replace("Alice (A)", "A").replace("Bob (B)", "B");
        assert_eq!(named, plain.to_string(), "{command} {decl:?} as JSON: only the labels in messages differ");
    }
}

/// The label itself: a name equal to the id is not repeated; the damage objective's refusal of
/// the attacking player names her.
#[test]
fn cr_506_2_damage_to_the_attacking_player_names_her() {
    let pos = Position::new(
        BoardBuilder::new("A")
            .named_player("A", "Alice")
            .named_player("B", "B")
            .player("C")
            .creature("bear", "Grizzly Bears", "A", 2)
            .build("b")
            .unwrap(),
    )
    .unwrap();
    assert_eq!((pos.board.player_label(0), pos.board.player_label(1), pos.board.player_label(2)), ("Alice (A)".into(), "B".into(), "C".into()));
    let err = pos.solve(&Objective::Damage("A".into()), &Options::default()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BadInput);
    assert!(err.to_string().contains("Alice (A) declares attackers"), "{err}");
    let view = pos.answer(&Request::Validate, &Options::default()).unwrap().to_text(&pos, &Options::default());
    assert!(view.contains("may attack B, C"), "{view}");
    // The builder's board is the JSON one.
    let json = Position::from_json(&board(true).to_string(), "b").unwrap();
    assert_eq!(json.board.board.players[0].name.as_deref(), Some("Alice"));
    assert_eq!(json.board.board.players[2].name, None);
}

/// Validation: a name is a non-empty string without control characters (exit 2 at its JSON
/// path); a name two players share is a warning, not an error (the ids tell them apart).
#[test]
fn player_names_are_validated() {
    let with_name = |name: Value| {
        let mut b = board(true);
        b["players"][2]["name"] = name;
        common::run_bin(&["validate", common::temp_file("name", &b.to_string()).to_str().unwrap(), "--format", "json"])
    };
    for (name, says) in [(json!(""), "non-empty"), (json!(" "), "non-empty"), (json!("Ca\nrol"), "control"), (json!(3), "string")] {
        let out = with_name(name.clone());
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(err["error"]["path"], "players[2].name", "{name}: {err}");
        assert!(err["error"]["message"].as_str().unwrap().contains(says), "{name}: {err}");
    }
    let out = with_name(json!("Bob"));
    assert_eq!(out.status.code(), Some(0));
    let view: Value = serde_json::from_slice(&out.stdout).unwrap();
    let warnings = view["warnings"].as_array().unwrap();
    assert!(warnings.iter().any(|w| w["path"] == "players[2].name" && w["message"].as_str().unwrap().contains("players[1]")), "{view}");
    assert_eq!(with_name(Value::Null).status.code(), Some(0), "null is no name");
    assert_eq!(with_name(json!("Ærin the 3rd 🐻")).status.code(), Some(0), "any printable text");
}

/// The board schema describes `name` and agrees with validation.
#[test]
fn the_board_schema_describes_player_names() {
    let schema = attackopt::board_schema();
    let v = jsonschema::validator_for(&schema).unwrap();
    let text = schema.to_string();
    assert!(text.contains("The player's name, shown in text answers"), "the schema describes name");
    for (name, ok) in [
        (json!("Alice"), true),
        (Value::Null, true),
        (json!("Ærin 🐻"), true),
        (json!(""), false),
        (json!(" "), false),
        (json!("a\tb"), false),
        (json!(1), false),
    ] {
        let mut b = board(true);
        b["players"][0]["name"] = name.clone();
        assert_eq!(v.is_valid(&b), ok, "schema on {name}");
        assert_eq!(attackopt::parse_board(&b.to_string(), "b").is_ok(), ok, "parser on {name}");
    }
}
