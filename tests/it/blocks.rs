//! Declaring blockers (CR 509.1, docs/blocks.md slice 2): boards with `combat`, the blocks
//! declaration, 509.1a, flying and reach, menace, `cant_block`, `blocks_if_able`, `lure`, through
//! the library and the command line. Each test names the rule it checks.

use crate::common::{run_bin, temp_file};
use attackopt::{AnyDeclaration, BlockDeclaration, Exit, Options, Position, Request};
use serde_json::{json, Value};

/// A creature of `controller`, with keywords.
pub(crate) fn creature(id: &str, controller: &str, keywords: &[&str]) -> Value {
    json!({"id": id, "name": format!("Test {id}"), "controller": controller, "types": ["Creature", "Token"], "power": 2, "keywords": keywords})
}

/// A board of players A (attacking) and `defenders`, with permanents, effects and the attacks.
pub(crate) fn board(players: &[&str], permanents: Vec<Value>, effects: Vec<Value>, attacks: &[(&str, &str)]) -> Value {
    let attacks: Vec<Value> = attacks.iter().map(|(c, t)| json!({"creature": c, "target": t})).collect();
    json!({
        "attackopt": 1,
        "active_player": "A",
        "players": players.iter().map(|p| json!({"id": p})).collect::<Vec<_>>(),
        "permanents": permanents,
        "effects": effects,
        "combat": {"attacks": attacks}
    })
}

pub(crate) fn position(b: &Value) -> Position {
    Position::from_json(&b.to_string(), "board.json").unwrap_or_else(|e| panic!("board refused: {e}\n{b:#}"))
}

pub(crate) fn blocks(list: &[(&str, &str)]) -> BlockDeclaration {
    let v = json!({"blocks": list.iter().map(|(b, a)| json!({"blocker": b, "attacker": a})).collect::<Vec<_>>()});
    match attackopt::parse_any_declaration(&v.to_string(), "d.json") {
        Ok((AnyDeclaration::Blocks(d), _)) => d,
        other => panic!("not a declaration of blockers: {other:?}"),
    }
}

/// The check by the default method (the integer program), which must agree with the
/// exhaustive checker's on the verdict and the counts.
#[track_caller]
pub(crate) fn check(pos: &Position, list: &[(&str, &str)]) -> attackopt::BlockCheckResult {
    let r = pos.check_blocks(&blocks(list), &Options::default()).unwrap_or_else(|e| panic!("check failed: {e}"));
    let exhaustive = Options { method: attackopt::Method::Exhaustive, ..Options::default() };
    let e = pos.check_blocks(&blocks(list), &exhaustive).unwrap_or_else(|e| panic!("exhaustive check failed: {e}"));
    assert_eq!(e.proof, attackopt::Proof::Exhaustive);
    let counts = |r: &attackopt::BlockCheckResult| (r.legal, r.requirements_obeyed, r.requirements_max, r.requirements_max_free);
    assert_eq!(counts(&r), counts(&e), "{list:?}: the integer program and the exhaustive checker disagree");
    r
}

#[track_caller]
pub(crate) fn assert_legal(pos: &Position, list: &[(&str, &str)]) {
    let r = check(pos, list);
    assert_eq!(r.legal, Some(true), "{list:?} should be legal: {:?}", r.violations);
    assert_eq!(r.proof, attackopt::Proof::IlpOptimal);
}

#[track_caller]
pub(crate) fn assert_illegal(pos: &Position, list: &[(&str, &str)], kind: &str) {
    let r = check(pos, list);
    assert_eq!(r.legal, Some(false), "{list:?} should be illegal");
    assert!(r.violations.iter().any(|v| v.kind.as_str() == kind), "{list:?}: expected a {kind} violation, found {:?}", r.violations);
}

pub(crate) fn two_player(permanents: Vec<Value>, effects: Vec<Value>, attacks: &[(&str, &str)]) -> Position {
    position(&board(&["A", "B"], permanents, effects, attacks))
}

#[test]
fn cr_509_1a_a_tapped_creature_cant_block() {
    let mut tapped = creature("wall", "B", &[]);
    tapped["tapped"] = json!(true);
    let pos = two_player(vec![creature("jugg", "A", &[]), tapped], vec![], &[("jugg", "B")]);
    assert_illegal(&pos, &[("wall", "jugg")], "blocker");
    let r = check(&pos, &[("wall", "jugg")]);
    assert!(r.violations[0].message.contains("tapped (CR 509.1a)"), "{:?}", r.violations);
    assert_legal(&pos, &[]);
}

#[test]
fn cr_509_1a_only_a_defending_players_creature_blocks() {
    // C is not attacked: not a defending player. A's own creature is not one either.
    let pos = position(&board(
        &["A", "B", "C"],
        vec![creature("jugg", "A", &[]), creature("other", "A", &[]), creature("bear", "B", &[]), creature("cbear", "C", &[])],
        vec![],
        &[("jugg", "B")],
    ));
    assert_illegal(&pos, &[("cbear", "jugg")], "blocker");
    assert_illegal(&pos, &[("other", "jugg")], "blocker");
    assert_legal(&pos, &[("bear", "jugg")]);
}

#[test]
fn cr_509_1a_multiplayer_a_creature_blocks_only_attackers_attacking_its_controller_or_their_planeswalker() {
    let walker = json!({"id": "pw", "name": "Test Walker", "controller": "B", "types": ["Planeswalker"]});
    let pos = position(&board(
        &["A", "B", "C"],
        vec![
            creature("x", "A", &[]),
            creature("y", "A", &[]),
            creature("z", "A", &[]),
            walker,
            creature("bear", "B", &[]),
            creature("cbear", "C", &[]),
        ],
        vec![],
        &[("x", "B"), ("y", "C"), ("z", "pw")],
    ));
    assert_legal(&pos, &[("bear", "x")]);
    assert_legal(&pos, &[("bear", "z")]); // B's planeswalker
    assert_legal(&pos, &[("cbear", "y")]);
    assert_illegal(&pos, &[("bear", "y")], "attacker"); // y attacks C
    assert_illegal(&pos, &[("cbear", "x")], "attacker");
    assert_illegal(&pos, &[("cbear", "z")], "attacker");
}

#[test]
fn cr_509_1a_a_creature_blocks_one_attacker_and_only_an_attacking_one() {
    let pos = two_player(
        vec![creature("x", "A", &[]), creature("y", "A", &[]), creature("home", "A", &[]), creature("bear", "B", &[])],
        vec![],
        &[("x", "B"), ("y", "B")],
    );
    assert_illegal(&pos, &[("bear", "x"), ("bear", "y")], "blocker");
    assert_illegal(&pos, &[("bear", "x"), ("bear", "x")], "blocker");
    assert_illegal(&pos, &[("bear", "home")], "attacker"); // not attacking
}

#[test]
fn cr_810_7_shared_team_turns_a_teammate_blocks_an_attacker_attacking_the_team() {
    let mut b = board(&["A", "A2", "B", "B2"], vec![creature("x", "A", &[]), creature("mate", "B2", &[])], vec![], &[("x", "B")]);
    for (i, team) in ["a", "a", "b", "b"].iter().enumerate() {
        b["players"][i]["team"] = json!(team);
    }
    assert_illegal(&position(&b), &[("mate", "x")], "blocker");
    b["variant"] = json!({"shared_team_turns": true});
    assert_legal(&position(&b), &[("mate", "x")]);
}

#[test]
fn cr_702_9b_a_creature_with_flying_is_blocked_only_by_flying_or_reach() {
    let pos = two_player(
        vec![creature("angel", "A", &["Flying"]), creature("bear", "B", &[]), creature("bird", "B", &["flying"])],
        vec![],
        &[("angel", "B")],
    );
    assert_illegal(&pos, &[("bear", "angel")], "restriction");
    let r = check(&pos, &[("bear", "angel")]);
    assert!(r.violations[0].message.contains("CR 702.9b"), "{:?}", r.violations);
    assert_legal(&pos, &[("bird", "angel")]);
}

#[test]
fn cr_702_17b_reach_blocks_a_creature_with_flying() {
    let pos = two_player(vec![creature("angel", "A", &["Flying"]), creature("spider", "B", &["Reach"])], vec![], &[("angel", "B")]);
    assert_legal(&pos, &[("spider", "angel")]);
}

#[test]
fn cr_702_111b_menace_one_blocker_illegal_two_legal_none_legal() {
    let pos = two_player(vec![creature("brute", "A", &["Menace"]), creature("b1", "B", &[]), creature("b2", "B", &[])], vec![], &[("brute", "B")]);
    assert_illegal(&pos, &[("b1", "brute")], "restriction");
    assert!(check(&pos, &[("b1", "brute")]).violations[0].message.contains("CR 702.111b"));
    assert_legal(&pos, &[("b1", "brute"), ("b2", "brute")]);
    assert_legal(&pos, &[]);
}

/// CR 509.1c's own example: a creature that "blocks each combat if able" and a plain one face an
/// attacker with menace; the first can block only with the second, so both must block.
#[test]
fn cr_509_1c_example_blocks_if_able_and_menace_both_must_block() {
    let pos = two_player(
        vec![creature("brute", "A", &["Menace"]), creature("eager", "B", &[]), creature("plain", "B", &[])],
        vec![json!({"kind": "blocks_if_able", "creatures": ["eager"], "source": "Test eager"})],
        &[("brute", "B")],
    );
    assert_illegal(&pos, &[], "requirements");
    let r = check(&pos, &[]);
    assert_eq!((r.requirements_obeyed, r.requirements_max), (0, 1));
    let w = r.witness.expect("a witness");
    assert_eq!(w.blocks.len(), 2, "{w:?}");
    assert_illegal(&pos, &[("eager", "brute")], "restriction");
    assert_legal(&pos, &[("eager", "brute"), ("plain", "brute")]);
}

#[test]
fn cr_509_1c_lure_every_creature_able_to_block_it_must() {
    let mut tapped = creature("tired", "B", &[]);
    tapped["tapped"] = json!(true);
    let pos = two_player(
        vec![creature("lure", "A", &[]), creature("x", "A", &[]), creature("b1", "B", &[]), creature("b2", "B", &[]), tapped],
        vec![json!({"kind": "lure", "creatures": ["lure"], "source": "Lure"})],
        &[("lure", "B"), ("x", "B")],
    );
    // One requirement per able blocker: the tapped one has none.
    assert_eq!(check(&pos, &[]).requirements.len(), 2);
    assert_legal(&pos, &[("b1", "lure"), ("b2", "lure")]);
    assert_illegal(&pos, &[("b1", "lure"), ("b2", "x")], "requirements");
    assert_illegal(&pos, &[("b1", "lure")], "requirements");
}

#[test]
fn cr_509_1c_lure_asks_nothing_of_a_creature_that_cant_block_it() {
    // A flying lure: a creature without flying or reach is not able to block it (CR 702.9b).
    let pos = two_player(
        vec![creature("lure", "A", &["Flying"]), creature("bear", "B", &[]), creature("spider", "B", &["Reach"])],
        vec![json!({"kind": "lure", "creatures": ["lure"], "source": "Lure"})],
        &[("lure", "B")],
    );
    assert_legal(&pos, &[("spider", "lure")]);
    assert_eq!(check(&pos, &[("spider", "lure")]).requirements_max, 1);
}

#[test]
fn cr_509_1b_cant_block_and_it_lifts_blocks_if_able() {
    let pos = two_player(
        vec![creature("x", "A", &[]), creature("bear", "B", &[])],
        vec![
            json!({"kind": "cant_block", "creatures": ["bear"], "source": "Test pacifism"}),
            json!({"kind": "blocks_if_able", "creatures": ["bear"], "source": "Test eager"}),
        ],
        &[("x", "B")],
    );
    assert_illegal(&pos, &[("bear", "x")], "restriction");
    assert_legal(&pos, &[]); // CR 509.1c: the requirement can't be obeyed without breaking a restriction
}

#[test]
fn attack_boards_ignore_the_block_kinds() {
    let b = json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [creature("bear", "A", &[])],
        "effects": [{"kind": "cant_block", "creatures": ["bear"]}, {"kind": "blocks_if_able", "creatures": ["bear"]}, {"kind": "lure", "creatures": ["bear"]}]});
    let pos = position(&b);
    assert!(pos.blocks.is_none());
    let d = pos.declaration_from_json(r#"{"attacks": [{"creature": "bear", "target": "B"}]}"#, "d").expect("a declaration");
    let r = pos.check(&d, &Options::default()).expect("a check");
    assert!(r.legal && r.requirements.is_empty(), "{r:?}");
}

#[test]
fn combat_attacks_are_checked_with_their_json_paths() {
    let b = board(&["A", "B"], vec![creature("x", "A", &[]), creature("bear", "B", &[])], vec![], &[("bear", "B")]);
    let e = Position::from_json(&b.to_string(), "board.json").expect_err("B's creature does not attack");
    assert_eq!(e.path(), Some("combat.attacks[0].creature"));
    let b = board(&["A", "B"], vec![creature("x", "A", &[])], vec![], &[("x", "nobody")]);
    assert_eq!(Position::from_json(&b.to_string(), "board.json").expect_err("unknown").path(), Some("combat.attacks[0].target"));
    let b = board(&["A", "B"], vec![creature("x", "A", &[])], vec![], &[("x", "A")]);
    assert_eq!(Position::from_json(&b.to_string(), "board.json").expect_err("its own player").path(), Some("combat.attacks[0].target"));
}

#[test]
fn the_declarations_kind_must_agree_with_the_board() {
    let pos = two_player(vec![creature("x", "A", &[]), creature("bear", "B", &[])], vec![], &[("x", "B")]);
    let d = pos.declaration_from_json(r#"{"attacks": []}"#, "d").expect("ids fine");
    let e = pos.answer(&Request::Check(d), &Options::default()).expect_err("attacks on a combat board");
    assert_eq!((e.exit(), e.path()), (Exit::BadInput, Some("blocks")));
    // CR 509.1: on a board with combat solve declares blockers; `power` is an attacker's objective.
    let e = pos.answer(&Request::Solve(attackopt::Objective::Power), &Options::default()).expect_err("solve");
    assert_eq!(e.exit(), Exit::BadInput, "{e}");
    assert!(e.to_string().contains("power is an objective for declaring attackers"), "{e}");
    let attack_board = position(&json!({"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}], "permanents": []}));
    let e = attack_board.answer(&Request::CheckBlocks(blocks(&[])), &Options::default()).expect_err("blocks on an attack board");
    assert_eq!((e.exit(), e.path()), (Exit::BadInput, Some("blocks")));
}

#[test]
fn a_combat_past_the_exhaustive_bound_is_refused_by_that_method_and_the_time_limit_leaves_it_undecided() {
    // 4^11 = 4,194,304 assignments: past the attack checker's bound of 2,000,000.
    let mut perms: Vec<Value> = (0..3).map(|i| creature(&format!("a{i}"), "A", &[])).collect();
    perms.extend((0..11).map(|i| creature(&format!("b{i}"), "B", &[])));
    let attacks: Vec<(String, &str)> = (0..3).map(|i| (format!("a{i}"), "B")).collect();
    let pairs: Vec<(&str, &str)> = attacks.iter().map(|(c, t)| (c.as_str(), *t)).collect();
    let pos = two_player(perms.clone(), vec![], &pairs);
    let exhaustive = Options { method: attackopt::Method::Exhaustive, ..Options::default() };
    let e = pos.check_blocks(&blocks(&[]), &exhaustive).expect_err("too large");
    assert_eq!((e.kind(), e.exit()), (attackopt::ErrorKind::TooLarge, Exit::BadInput));
    // The default method, the integer program, answers it.
    let r = pos.check_blocks(&blocks(&[]), &Options::default()).expect("an answer");
    assert_eq!((r.legal, r.proof), (Some(true), attackopt::Proof::IlpOptimal));
    // A small one at time limit 0: nothing proven, no violation: undecided (legal null).
    let pos = two_player(perms[..4].to_vec(), vec![], &pairs[..1]);
    let options = Options { time_limit: Some(0.0), ..Options::default() };
    let r = pos.check_blocks(&blocks(&[]), &options).expect("an answer");
    assert_eq!((r.legal, r.proof), (None, attackopt::Proof::None));
    assert_eq!(pos.answer(&Request::CheckBlocks(blocks(&[])), &options).expect("an answer").exit, Exit::Undecided);
}

/// Peer engine: XMage, Mage.Tests/src/test/java/org/mage/test/cards/continuous/TwoHeadedSliverTest.java
/// (testCantBeBlockedByOneEffectAbility): Two-Headed Sliver, "can't be blocked except by two or
/// more creatures", attacks; Silvercoat Lion alone blocking it fails. That ability is menace's
/// restriction (CR 702.111b); the board's kind for it (`cant_be_blocked_except_by`) is slice 3,
/// so the sliver carries Menace here.
#[test]
fn xmage_two_headed_sliver_is_not_blocked_by_one_creature() {
    let pos = two_player(
        vec![
            json!({"id": "sliver", "name": "Two-Headed Sliver", "controller": "A", "types": ["Creature"], "power": 1, "keywords": ["Menace"]}),
            json!({"id": "lion", "name": "Silvercoat Lion", "controller": "B", "types": ["Creature"], "power": 2}),
        ],
        vec![],
        &[("sliver", "B")],
    );
    assert_illegal(&pos, &[("lion", "sliver")], "restriction");
    assert_legal(&pos, &[]);
}

/// Peer engine: XMage, Mage.Sets/src/mage/cards/l/Lure.java ("All creatures able to block
/// enchanted creature do so", MustBeBlockedByAllAttachedEffect): the enchanted attacker must be
/// blocked by every creature able to, a flyer's blocker included; one that blocks another
/// attacker instead breaks a requirement (CR 509.1c).
#[test]
fn xmage_lure_enchanted_creature_is_blocked_by_all_able() {
    let pos = two_player(
        vec![creature("lured", "A", &[]), creature("drake", "A", &["Flying"]), creature("bear", "B", &[]), creature("bird", "B", &["Flying"])],
        vec![json!({"kind": "lure", "creatures": ["lured"], "source": "Lure (aura on lured)"})],
        &[("lured", "B"), ("drake", "B")],
    );
    assert_legal(&pos, &[("bear", "lured"), ("bird", "lured")]);
    let r = check(&pos, &[("bear", "lured"), ("bird", "drake")]);
    assert_eq!((r.legal, r.requirements_obeyed, r.requirements_max), (Some(false), 1, 2));
}

/// Juggernaut attacks B, whose Wall of Omens (written as a plain creature) blocks each combat
/// if able: the command-line tests' combat.
fn jugg_and_wall() -> Value {
    board(
        &["A", "B"],
        vec![
            json!({"id": "jugg", "name": "Juggernaut", "controller": "A", "types": ["Creature"], "power": 5}),
            json!({"id": "wall", "name": "Wall of Omens", "controller": "B", "types": ["Creature"], "power": 0}),
        ],
        vec![json!({"kind": "blocks_if_able", "creatures": ["wall"], "source": "Test"})],
        &[("jugg", "B")],
    )
}

/// The command line: text and JSON, exit statuses, the JSON against `attackopt schema result`.
#[test]
fn cli_check_and_enumerate_blocks() {
    let b = jugg_and_wall();
    let board_file = temp_file("blocks-board", &b.to_string());
    let legal = temp_file("blocks-legal", r#"{"blocks": [{"blocker": "wall", "attacker": "jugg"}]}"#);
    let none = temp_file("blocks-none", r#"{"blocks": []}"#);
    let attacks = temp_file("blocks-attacks", r#"{"attacks": []}"#);
    let (bf, lf, nf, af) = (board_file.to_str().unwrap(), legal.to_str().unwrap(), none.to_str().unwrap(), attacks.to_str().unwrap());
    let out = run_bin(&["check", bf, lf]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.starts_with("LEGAL (baseline paid): Wall of Omens (wall) blocks Juggernaut (jugg)"), "{text}");
    assert!(text.contains("✓ Wall of Omens (wall) blocks each combat if able"), "{text}");
    let out = run_bin(&["check", bf, nf, "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["legal"], json!(false));
    assert_eq!(v["proof"], json!("ilp-optimal"));
    assert_eq!(v["violations"][0]["kind"], json!("requirements"));
    assert_eq!(v["witness"]["blocks"][0], json!({"blocker": "wall", "attacker": "jugg"}));
    let schema = jsonschema::validator_for(&attackopt::result_schema()).expect("a schema");
    assert!(schema.is_valid(&v), "{v:#}");
    let out = run_bin(&["check", bf, af]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("blocks"), "{}", String::from_utf8_lossy(&out.stderr));
    let out = run_bin(&["enumerate", bf, "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["declarations"].as_array().map(Vec::len), Some(1));
    assert_eq!(v["complete"], json!(true));
    assert!(schema.is_valid(&v), "{v:#}");
    // `solve` with no objective on a combat board prevents the most damage; an attack
    // objective there is bad input.
    let out = run_bin(&["solve", bf]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let out = run_bin(&["solve", bf, "--objective", "power"]);
    assert_eq!(out.status.code(), Some(2));
    for f in [board_file, legal, none, attacks] {
        let _ = std::fs::remove_file(f);
    }
}

/// CR 509.1c: `attackopt maximum` on a board with combat (batch's `maximum` on the command
/// line): the most requirements a declaration of blockers obeys, with a witness, in words and
/// in JSON; on an attack board the free maximum of CR 508.1d; a bad option is refused before
/// the board is read (exit 2).
#[test]
fn cr_509_1c_cli_maximum_on_a_combat_board_and_an_attack_board() {
    let b = jugg_and_wall();
    let board_file = temp_file("blocks-maximum", &b.to_string());
    let bf = board_file.to_str().unwrap();
    let out = run_bin(&["maximum", bf]);
    let text = crate::common::flat(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.starts_with("Requirements: a declaration of blockers obeying every restriction obeys at most 1 (CR 509.1c; no block has a cost)."),
        "{text}"
    );
    assert!(text.contains("Witness: Wall of Omens (wall) blocks Juggernaut (jugg)") && text.ends_with("Proof: ilp-optimal"), "{text}");
    let out = run_bin(&["maximum", bf, "--format", "json", "--exhaustive"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!((&v["requirements_max_free"], &v["requirements_max"], &v["proof"]), (&json!(1), &json!(1), &json!("exhaustive")), "{v}");
    assert_eq!(v["witness"], json!({"blocks": [{"blocker": "wall", "attacker": "jugg"}]}));
    let model = concat!(env!("CARGO_MANIFEST_DIR"), "/models/commander-goad-propaganda.json");
    let out = run_bin(&["maximum", model]);
    let text = crate::common::flat(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("paying no cost obeys at most 5 (CR 508.1d") && text.contains("Witness: "), "{text}");
    let out = run_bin(&["maximum", "no-such-board.json", "--time-limit", "-1", "--format", "json"]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(v["error"]["message"].as_str().is_some_and(|m| m.starts_with("--time-limit")), "{v}");
    let _ = std::fs::remove_file(board_file);
}

/// A small deterministic generator (xorshift): `next(n)` is in 0..n.
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    }
}

/// The next combination of `index` (the first place fastest, place `i` below `len(i)`); false
/// after the last.
pub(crate) fn odometer(index: &mut [usize], len: impl Fn(usize) -> usize) -> bool {
    for (i, x) in index.iter_mut().enumerate() {
        *x += 1;
        if *x < len(i) {
            return true;
        }
        *x = 0;
    }
    false
}

/// `na` attacking creatures a0, a1, ... of A, each with flying, menace or reach at random,
/// attacking B or (one in three) C.
pub(crate) fn random_attackers(next: &mut impl FnMut(u64) -> u64, na: usize) -> (Vec<Value>, Vec<(String, &'static str)>) {
    let kw = ["Flying", "Menace", "Reach"];
    let mut perms = vec![];
    let mut attacks = vec![];
    for i in 0..na {
        let k: Vec<&str> = kw.iter().copied().filter(|_| next(3) == 0).collect();
        perms.push(creature(&format!("a{i}"), "A", &k));
        attacks.push((format!("a{i}"), if next(3) == 0 { "C" } else { "B" }));
    }
    (perms, attacks)
}

/// Small random combats: every declaration `enumerate` lists is checked legal with the most
/// requirements, and every declaration of blockers over the board's pairs that `check` finds
/// legal is listed.
#[test]
fn random_combats_enumerate_and_check_agree() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..40 {
        let (na, nb) = (1 + next(3) as usize, 1 + next(3) as usize);
        let kw = ["Flying", "Menace", "Reach"];
        let (mut perms, attacks) = random_attackers(&mut next, na);
        for i in 0..nb {
            let k: Vec<&str> = kw.iter().copied().filter(|_| next(3) == 0).collect();
            let mut c = creature(&format!("b{i}"), if next(4) == 0 { "C" } else { "B" }, &k);
            c["tapped"] = json!(next(6) == 0);
            perms.push(c);
        }
        let mut effects = vec![];
        for (kind, prefix, n) in [("blocks_if_able", "b", nb), ("cant_block", "b", nb), ("lure", "a", na)] {
            if next(2) == 0 {
                effects.push(json!({"kind": kind, "creatures": [format!("{prefix}{}", next(n as u64))]}));
            }
        }
        let pairs: Vec<(&str, &str)> = attacks.iter().map(|(c, t)| (c.as_str(), *t)).collect();
        let pos = position(&board(&["A", "B", "C"], perms, effects, &pairs));
        let found = pos.enumerate_blocks(10_000, &Options::default()).expect("enumerate");
        assert!(found.complete);
        let listed: Vec<BlockDeclaration> = found.declarations.iter().map(|r| r.declaration.clone()).collect();
        for r in &found.declarations {
            let again = pos.check_blocks(&r.declaration, &Options::default()).expect("check");
            assert_eq!(again.legal, Some(true), "{:?}: {:?}", r.declaration, again.violations);
            assert_eq!(again.requirements_obeyed, again.requirements_max);
        }
        // Every declaration of at most one attacker per defending creature.
        let choices: Vec<Vec<Option<&str>>> =
            (0..nb).map(|_| std::iter::once(None).chain(attacks.iter().map(|(a, _)| Some(a.as_str()))).collect()).collect();
        let mut index = vec![0usize; nb];
        loop {
            let list: Vec<(String, &str)> = (0..nb).filter_map(|b| choices[b][index[b]].map(|a| (format!("b{b}"), a))).collect();
            let list: Vec<(&str, &str)> = list.iter().map(|(b, a)| (b.as_str(), *a)).collect();
            let r = check(&pos, &list);
            assert_eq!(r.legal == Some(true), listed.contains(&blocks(&list)), "{list:?}: {:?}", r.violations);
            if !odometer(&mut index, |b| choices[b].len()) {
                break;
            }
        }
    }
}

/// The acceptance scenarios of slice 2 (tests/scenarios/blocks/*.json, each naming its source:
/// XMage, Forge, phase.rs, the CR's examples): every check's verdict and violation kind, and
/// the maximum of requirements each result reports.
#[test]
fn scenarios() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/blocks");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("the scenarios").filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "json"));
    files.sort();
    assert!(files.len() >= 25, "expected the 25 scenarios, found {}", files.len());
    for f in files {
        let name = f.display().to_string();
        let s: Value = serde_json::from_str(&std::fs::read_to_string(&f).expect("readable")).expect("JSON");
        let pos = Position::from_json(&s["board"].to_string(), &name).unwrap_or_else(|e| panic!("{name}: board refused: {e}"));
        let max = s["expect"]["requirements_max_free"].as_u64();
        for (i, c) in s["expect"]["checks"].as_array().into_iter().flatten().enumerate() {
            let d = match attackopt::parse_any_declaration(&c["declaration"].to_string(), "d.json") {
                Ok((AnyDeclaration::Blocks(d), _)) => d,
                other => panic!("{name} check {i}: not a declaration of blockers: {other:?}"),
            };
            // Without `baseline` a check holds under both (docs/rules.md section 7).
            let baselines = match c["baseline"].as_str() {
                Some("paid") => vec![attackopt::Baseline::Paid],
                Some("free") => vec![attackopt::Baseline::Free],
                _ => vec![attackopt::Baseline::Paid, attackopt::Baseline::Free],
            };
            for baseline in baselines {
                let options = Options { baseline, ..Options::default() };
                let r = pos.check_blocks(&d, &options).unwrap_or_else(|e| panic!("{name} check {i}: {e}"));
                assert_eq!(r.legal, c["legal"].as_bool(), "{name} check {i} ({baseline:?}): {:?}\n{}", r.violations, s["note"]);
                if let Some(kind) = c["violation"].as_str() {
                    assert!(r.violations.iter().any(|v| v.kind.as_str() == kind), "{name} check {i}: expected {kind}: {:?}", r.violations);
                }
                if let Some(max) = max {
                    assert_eq!(r.requirements_max_free as u64, max, "{name} check {i}: the maximum\n{}", s["note"]);
                }
            }
        }
    }
}

/// Batch reads a declaration of blockers as the command line does (CR 509.1): the same
/// verdicts on the CR 509.1c example (menace and "blocks each combat if able": both must block),
/// and a declaration whose kind the board does not ask for is that line's bad input.
#[test]
fn cr_509_1c_batch_answers_a_declaration_of_blockers() {
    let spire = json!({"id": "spire", "name": "Test spire", "controller": "B", "types": ["Creature", "Token"], "power": 2});
    let b = board(
        &["A", "B"],
        vec![creature("brute", "A", &["Menace"]), spire, creature("bears", "B", &[])],
        vec![json!({"kind": "blocks_if_able", "creatures": ["spire"]})],
        &[("brute", "B")],
    );
    let file = temp_file("blocks-batch.json", &b.to_string());
    let path = file.to_string_lossy().into_owned();
    let line = |blocks: Value| json!({"command": "check", "board": path, "declaration": {"blocks": blocks}}).to_string();
    let both = json!([{"blocker": "spire", "attacker": "brute"}, {"blocker": "bears", "attacker": "brute"}]);
    let alone = json!([{"blocker": "spire", "attacker": "brute"}]);
    let attack_line = json!({"command": "check", "board": path, "declaration": {"attacks": []}}).to_string();
    let input = format!("{}\n{}\n{}\n", line(both), line(alone), attack_line);
    let out = crate::common::run_with_stdin(&["batch", "-", "--quiet"], input.as_bytes());
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert_eq!((answers[0]["exit"].as_i64(), answers[0]["result"]["legal"].as_bool()), (Some(0), Some(true)), "{}", answers[0]);
    assert_eq!((answers[1]["exit"].as_i64(), answers[1]["result"]["legal"].as_bool()), (Some(1), Some(false)), "{}", answers[1]);
    assert_eq!(answers[1]["result"]["violations"][0]["kind"], "restriction", "{}", answers[1]);
    assert_eq!(answers[2]["error"]["code"].as_i64(), Some(2), "a board with combat asks for blocks: {}", answers[2]);
    assert!(answers[2]["error"]["message"].as_str().is_some_and(|m| m.contains("has combat")), "{}", answers[2]);
}

/// The one-line form of a declaration of blockers (docs/blocks.md): `--block` on the command
/// line and `"blocks"` in batch, read as the JSON declaration is, `none` for no block; a
/// malformed pair is bad input naming `blocks[i]`.
#[test]
fn cr_509_1a_blocks_typed_on_one_line_on_the_command_line_and_in_batch() {
    let b = board(
        &["A", "B"],
        vec![creature("brute", "A", &["Menace"]), creature("spire", "B", &[]), creature("bears", "B", &[])],
        vec![json!({"kind": "blocks_if_able", "creatures": ["spire"]})],
        &[("brute", "B")],
    );
    let file = temp_file("blocks-line.json", &b.to_string());
    let path = file.to_string_lossy().into_owned();
    let out = run_bin(&["check", &path, "--block", "spire=brute, bears=brute"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.starts_with("LEGAL (baseline paid): Test spire (spire) blocks Test brute (brute), Test bears (bears) blocks Test brute (brute)"),
        "{text}"
    );
    // Repeated options add up, as --attack's do; `spire` alone breaks menace (CR 702.111b).
    let out = run_bin(&["check", &path, "--block", "spire=brute", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["violations"][0]["kind"], json!("restriction"), "{v:#}");
    let out = run_bin(&["check", &path, "--block", "spire=brute", "--block", "bears=brute", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let out = run_bin(&["check", &path, "--block", "none", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "no block leaves spire's requirement unobeyed (CR 509.1c)");
    let out = run_bin(&["check", &path, "--block", "spire:brute"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("blocks[0]") && err.contains("BLOCKER=ATTACKER"), "{err}");
    let out = run_bin(&["check", &path, "--block", "spire=brute", "--attack", "brute=B"]);
    assert_eq!(out.status.code(), Some(2), "--block and --attack together are refused");
    // Batch: "blocks" in place of "declaration"; with both, bad input naming the field.
    let line = |extra: Value| {
        let mut l = json!({"command": "check", "board": path});
        l.as_object_mut().expect("an object").extend(extra.as_object().expect("an object").clone());
        l.to_string()
    };
    let input = [
        line(json!({"blocks": "spire=brute, bears=brute"})),
        line(json!({"blocks": "spire=brute"})),
        line(json!({"blocks": "spire=brute", "declaration": {"blocks": []}})),
        line(json!({"blocks": "spire=zzz"})),
    ]
    .join("\n");
    let out = crate::common::run_with_stdin(&["batch", "-", "--quiet"], input.as_bytes());
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(answers.len(), 4, "{answers:?}");
    assert_eq!(answers[0]["result"]["legal"], json!(true), "{}", answers[0]);
    assert_eq!(answers[1]["result"]["legal"], json!(false), "{}", answers[1]);
    assert_eq!(answers[2]["error"]["code"].as_i64(), Some(2), "{}", answers[2]);
    assert!(answers[2]["error"]["message"].as_str().is_some_and(|m| m.contains("declaration and blocks")), "{}", answers[2]);
    assert_eq!(answers[3]["error"]["code"].as_i64(), Some(2), "an unknown id: {}", answers[3]);
    assert!(answers[3]["error"]["message"].as_str().is_some_and(|m| m.contains("zzz")), "{}", answers[3]);
    let _ = std::fs::remove_file(file);
}

/// `validate` on a board with combat shows the declare blockers step (CR 509.1): the
/// defending players, each attacker and its target, each creature of the defending side with
/// what it may block and why not, and the block rules with their sources; the JSON validates.
#[test]
fn cr_509_1_validate_shows_the_declare_blockers_step() {
    let mut tapped = creature("sleeper", "B", &[]);
    tapped["tapped"] = json!(true);
    let b = board(
        &["A", "B"],
        vec![creature("drake", "A", &["Flying"]), creature("brute", "A", &["Menace"]), creature("bears", "B", &[]), tapped],
        vec![json!({"kind": "blocks_if_able", "creatures": ["bears"], "source": "Test"})],
        &[("drake", "B"), ("brute", "B")],
    );
    let file = temp_file("blocks-validate.json", &b.to_string());
    let path = file.to_string_lossy().into_owned();
    let out = run_bin(&["validate", &path]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    for expected in [
        "Combat: declaring blockers (CR 509.1): B",
        "Test drake (drake) attacks B",
        "Test bears (bears): may block Test brute (brute); a restriction forbids Test drake (drake)",
        "Test sleeper (sleeper): may not block: it is tapped (CR 509.1a)",
        "Requirements on blocks (CR 509.1c): 1",
        "Test bears (bears) blocks each combat if able — Test",
        "Restrictions on blocks (CR 509.1b): 2",
        "has menace",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    let out = run_bin(&["validate", &path, "--format", "json"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["blocks"]["defending_players"], json!(["B"]), "{v:#}");
    assert_eq!(v["blocks"]["blockers"][0]["allowed_attackers"], json!(["brute"]), "{v:#}");
    assert_eq!(v["blocks"]["blockers"][0]["capacity"], json!(1), "{v:#}");
    assert_eq!(v["blocks"]["blockers"][1]["may_block"], json!(false), "{v:#}");
    let schema = jsonschema::validator_for(&attackopt::result_schema()).expect("a schema");
    assert!(schema.is_valid(&v), "{v:#}");
    let _ = std::fs::remove_file(file);
}

// ---- The board once attackers are declared (attackopt::declare_attackers) -------------------

/// A model board as written, and the same board before its attacks: no `combat`, its attacking
/// creatures untapped.
fn model_before_attacks(name: &str) -> (attackopt::Board, attackopt::Board) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/models/").to_string() + name;
    let model = attackopt::parse_board(&std::fs::read_to_string(&path).unwrap(), name).unwrap().board;
    let mut before = model.clone();
    let attacks = before.combat.take().expect("a board with combat").attacks;
    for p in &mut before.permanents {
        if attacks.iter().any(|a| a.creature == p.id) {
            p.tapped = false;
        }
    }
    (model, before)
}

#[test]
fn cr_508_1f_declaring_attackers_taps_them_unless_vigilance_and_makes_the_combat_board() {
    // models/lure-menace.json is the board of its attacks: Serra Angel (vigilance, CR 702.20b)
    // stays untapped, Boggart Brute and Grizzly Bears tap (CR 508.1f).
    let (model, before) = model_before_attacks("lure-menace.json");
    let decl = attackopt::Declaration { attacks: model.combat.clone().unwrap().attacks, payment: None };
    let built = attackopt::declare_attackers(&before, "lure-menace.json", &decl, "d.json").unwrap();
    assert_eq!(serde_json::to_value(&built).unwrap(), serde_json::to_value(&model).unwrap());
    let tapped: Vec<(&str, bool)> = built.permanents.iter().take(4).map(|p| (p.id.as_str(), p.tapped)).collect();
    assert_eq!(tapped, [("angel", false), ("lure", false), ("brute", true), ("bears", true)]);
    // It is asked about blocks: the same answers as the model's.
    let pos = Position::from_board(built, "lure-menace.json").unwrap();
    assert!(pos.blocks.is_some());
    // With no attack, nothing taps, and the combat is empty.
    let none = attackopt::declare_attackers(&before, "b.json", &attackopt::Declaration::default(), "d.json").unwrap();
    assert!(none.combat.unwrap().attacks.is_empty() && none.permanents.iter().all(|p| !p.tapped));
}

#[test]
fn cr_702_20b_vigilance_granted_by_a_card_keeps_the_attacker_untapped() {
    // Mirari's Wake (the card by name): "Creatures you control get +1/+1 and have vigilance."
    let tapped_with_wake_of = |owner: &str| {
        let wake = json!({"id": "wake", "name": "Mirari's Wake", "controller": owner});
        let mut b = board(&["A", "B"], vec![creature("bear", "A", &[]), wake], vec![], &[]);
        b.as_object_mut().unwrap().remove("combat");
        let written = attackopt::parse_board(&b.to_string(), "b.json").unwrap_or_else(|e| panic!("{e}")).board;
        let decl = attackopt::parse_declaration_text("bear=B", "--attack").unwrap();
        let built = attackopt::declare_attackers(&written, "b.json", &decl, "--attack").unwrap_or_else(|e| panic!("{e}"));
        built.permanents[0].tapped
    };
    assert!(!tapped_with_wake_of("A"), "A's Wake gives A's bear vigilance");
    assert!(tapped_with_wake_of("B"), "B's Wake gives A's bear nothing: it taps to attack");
}

#[test]
fn declaring_attackers_is_bad_input_on_a_combat_board_an_unknown_id_or_a_defenders_creature() {
    let (model, before) = model_before_attacks("lure-menace.json");
    let err = |board: &attackopt::Board, line: &str| {
        let decl = attackopt::parse_declaration_text(line, "--attack").unwrap();
        let e = attackopt::declare_attackers(board, "b.json", &decl, "--attack").unwrap_err();
        assert_eq!(e.exit_code(), 2, "{e}");
        (e.path().unwrap_or_default().to_string(), e.to_string())
    };
    // Attackers are declared once: a board with combat is at the declare blockers step.
    let (path, message) = err(&model, "angel=B");
    assert!(path == "combat" && message.contains("declare blockers step already"), "{message}");
    // An id naming nothing: the declaration's path, with its did-you-mean.
    let (path, message) = err(&before, "angle=B");
    assert!(path == "attacks[0].creature" && message.starts_with("--attack:") && message.contains("angel"), "{message}");
    // A defending player's creature can't be in combat as an attacker: the built board says so.
    let (path, message) = err(&before, "giant=A");
    assert!(path.starts_with("combat.attacks[0]") && message.contains("the board at the declare blockers step is not valid"), "{message}");
}

/// CR 509.1c (`why_not`, as for attacks): under a legal verdict every counted requirement the
/// declaration leaves unobeyed gets its reason, each single change that would obey it with
/// what stands in its way (a restriction, a cost no one has to pay, a requirement given up):
/// never none, since a change with nothing in its way would obey more than the maximum. On
/// random combats with lure, menace, caps, "can't block alone" and costs to block, for every
/// legal declaration `enumerate` lists, under both baselines; obeyed requirements get none.
#[test]
fn cr_509_1c_every_unobeyed_requirement_of_a_legal_declaration_says_why() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let mut explained = 0;
    for _ in 0..60 {
        let (na, nb) = (1 + next(3) as usize, 1 + next(4) as usize);
        let (mut perms, attacks) = random_attackers(&mut next, na);
        for i in 0..nb {
            perms.push(creature(&format!("b{i}"), if next(4) == 0 { "C" } else { "B" }, &[]));
        }
        perms.push(json!({"id": "land", "name": "Plains", "controller": "B", "types": ["Land"], "subtypes": ["Plains"]}));
        let mut effects = vec![];
        let pick = |next: &mut dyn FnMut(u64) -> u64, prefix: &str, n: usize| format!("{prefix}{}", next(n as u64));
        for kind in ["blocks_if_able", "lure", "must_be_blocked_if_able", "max_blockers", "cant_block_alone", "block_cost"] {
            if next(2) == 0 {
                continue;
            }
            effects.push(match kind {
                "lure" | "must_be_blocked_if_able" => json!({"kind": kind, "attackers": [pick(&mut next, "a", na)]}),
                "max_blockers" => json!({"kind": kind, "count": 1 + next(2)}),
                "cant_block_alone" => json!({"kind": kind, "creatures": [pick(&mut next, "b", nb)], "count": 1 + next(2)}),
                "block_cost" => json!({"kind": kind, "creatures": [pick(&mut next, "b", nb)], "cost": "{1}"}),
                _ => json!({"kind": kind, "creatures": [pick(&mut next, "b", nb)]}),
            });
        }
        let pairs: Vec<(&str, &str)> = attacks.iter().map(|(c, t)| (c.as_str(), *t)).collect();
        let pos = position(&board(&["A", "B", "C"], perms, effects, &pairs));
        for baseline in [attackopt::Baseline::Paid, attackopt::Baseline::Free] {
            let options = Options { baseline, ..Options::default() };
            let found = pos.enumerate_blocks(10_000, &options).expect("enumerate");
            for listed in &found.declarations {
                let r = pos.check_blocks(&listed.declaration, &options).expect("check");
                assert_eq!(r.legal, Some(true));
                for q in &r.requirements {
                    if q.counts && !q.obeyed {
                        let why = q.why_not.as_deref().unwrap_or_else(|| panic!("{}: no reason\n{:?}", q.text, listed.declaration));
                        assert!(!why.starts_with("no single change"), "{}: {why}\n{:?}", q.text, listed.declaration);
                        explained += 1;
                    } else {
                        assert_eq!(q.why_not, None, "{}", q.text);
                    }
                }
            }
        }
    }
    assert!(explained >= 50, "only {explained} requirements explained");
}

/// CR 509.1c, 702.111b: the reason in words. A menace attacker that must be blocked if able,
/// and one creature that could block it: blocking it alone would break menace.
#[test]
fn cr_509_1c_why_a_menace_attacker_that_must_be_blocked_is_not() {
    let perms = vec![creature("brute", "A", &["Menace"]), creature("wall", "B", &[])];
    let effects = vec![json!({"kind": "must_be_blocked_if_able", "attackers": ["brute"]})];
    let pos = position(&board(&["A", "B"], perms, effects, &[("brute", "B")]));
    let r = check(&pos, &[]);
    assert_eq!(r.legal, Some(true));
    let why = r.requirements[0].why_not.as_deref().expect("a reason");
    assert!(why.starts_with("Test wall (wall) blocking Test brute (brute): would break «"), "{why}");
    assert!(why.contains("menace") && why.contains("is blocked by Test wall (wall) only"), "{why}");
    let text = r.to_text(&pos);
    assert!(text.contains("not obeyed: Test wall (wall) blocking Test brute (brute): would break"), "{text}");
}
