//! Costs to block (CR 509.1d-f, docs/blocks.md slice 3): `block_cost`, paid by each blocker's
//! controller from their own sources, pool and life; an explicit payment in a declaration of
//! blockers; the paid and free baselines (docs/rules.md section 7), which differ where a paid
//! block makes a requirement obeyable. Each test names the rule it checks.

use crate::blocks::{assert_illegal, assert_legal, board, check, creature, position, two_player};
use attackopt::internals::legality::blocks::cost::{Payability, Payer};
use attackopt::{AnyDeclaration, Baseline, BlockDeclaration, Options, Position};
use serde_json::{json, Value};

/// A land of `controller` tapping for `add` (`"{W}"`).
fn land(id: &str, controller: &str, add: &str) -> Value {
    json!({"id": id, "name": format!("Test Land {id}"), "controller": controller, "types": ["Land"], "mana": [{"add": add}]})
}

fn cost(creatures: &[&str], mana: &str) -> Value {
    json!({"kind": "block_cost", "creatures": creatures, "cost": mana, "source": format!("Test Tax {mana}")})
}

/// A declaration of blockers with a payment, from JSON.
fn paid(blocks: &[(&str, &str)], payment: Value) -> BlockDeclaration {
    let blocks: Vec<Value> = blocks.iter().map(|(b, a)| json!({"blocker": b, "attacker": a})).collect();
    let v = json!({"blocks": blocks, "payment": payment});
    match attackopt::parse_any_declaration(&v.to_string(), "d.json") {
        Ok((AnyDeclaration::Blocks(d), _)) => d,
        other => panic!("not a declaration of blockers: {other:?}"),
    }
}

fn under(baseline: Baseline) -> Options {
    Options { baseline, ..Options::default() }
}

fn check_under(pos: &Position, d: &BlockDeclaration, baseline: Baseline) -> attackopt::BlockCheckResult {
    pos.check_blocks(d, &under(baseline)).unwrap_or_else(|e| panic!("check failed: {e}"))
}

fn cost_messages(r: &attackopt::BlockCheckResult) -> Vec<String> {
    r.violations.iter().filter(|v| v.kind.as_str() == "cost").map(|v| v.message.clone()).collect()
}

#[test]
fn cr_509_1d_block_cost_is_one_instance_per_effect_and_creature() {
    // War Cadence for X = 2 on every creature, and Oppressive Rays ({3}) on the lion as well.
    let mut tapped = creature("tapped", "B", &[]);
    tapped["tapped"] = json!(true);
    let pos = two_player(
        vec![creature("x", "A", &[]), creature("lion", "B", &[]), creature("bear", "B", &[]), tapped],
        vec![json!({"kind": "block_cost", "creatures": "all", "cost": "{2}"}), cost(&["lion"], "{3}")],
        &[("x", "B")],
    );
    let rules = pos.blocks.as_ref().expect("combat");
    let of = |id: &str| rules.costs.iter().filter(|c| rules.blockers[c.blocker].id == id).count();
    // "all" selects the attacking creature too, but only creatures that may block have costs
    // to block (CR 509.1a: not the tapped one).
    assert_eq!((of("lion"), of("bear"), of("tapped"), rules.costs.len()), (2, 1, 0, 3));
    let r = check(&pos, &[("lion", "x")]);
    assert_eq!(r.cost.mana, "{5}", "both of the lion's costs, together");
}

#[test]
fn cr_509_1d_block_cost_reads_mana_only_and_refuses_the_rest() {
    let perms = vec![creature("x", "A", &[]), creature("lion", "B", &[])];
    let refused = |effect: Value| {
        let b = board(&["A", "B"], perms.clone(), vec![effect], &[("x", "B")]);
        Position::from_json(&b.to_string(), "board.json").expect_err("refused")
    };
    let e = refused(json!({"kind": "block_cost", "creatures": ["lion"], "cost": "{1}", "sacrifice": {"count": 1, "of": "all"}}));
    assert_eq!(e.path(), Some("effects[0].sacrifice"));
    assert!(e.to_string().contains("non-mana costs to block are not read"), "{e}");
    let e = refused(json!({"kind": "block_cost", "creatures": ["lion"]}));
    assert_eq!(e.path(), Some("effects[0].cost"));
    let e = refused(json!({"kind": "block_cost", "creatures": ["lion"], "cost": "{X}"}));
    assert_eq!(e.path(), Some("effects[0].cost"));
    let e = refused(json!({"kind": "block_cost", "creatures": ["lion"], "cost": ""}));
    assert!(e.to_string().contains("write \"{0}\""), "{e}");
    let e = refused(json!({"kind": "block_cost", "cost": "{1}"}));
    assert_eq!(e.path(), Some("effects[0].creatures"));
}

#[test]
fn cr_509_1d_an_unpayable_block_is_illegal_with_a_cost_violation() {
    // Oppressive Rays: the lion can't block unless B pays {3}; B has two lands.
    let perms = vec![creature("x", "A", &[]), creature("lion", "B", &[]), land("p1", "B", "{W}"), land("p2", "B", "{W}")];
    let pos = two_player(perms.clone(), vec![cost(&["lion"], "{3}")], &[("x", "B")]);
    assert_illegal(&pos, &[("lion", "x")], "cost");
    let r = check(&pos, &[("lion", "x")]);
    assert!(cost_messages(&r)[0].contains("B owes {3} and has 2 mana sources that can pay"), "{:?}", r.violations);
    assert!(cost_messages(&r)[0].contains("CR 509.1d-f"), "{:?}", r.violations);
    assert_legal(&pos, &[]);
    // A third land pays it: legal, and the result says what it cost and how it was paid.
    let mut more = perms;
    more.push(land("p3", "B", "{W}"));
    let pos = two_player(more, vec![cost(&["lion"], "{3}")], &[("x", "B")]);
    let r = check(&pos, &[("lion", "x")]);
    assert_eq!(r.legal, Some(true), "{:?}", r.violations);
    assert_eq!((r.cost.mana.as_str(), r.cost.life), ("{3}", 0));
    let payment = r.declaration.payment.as_ref().expect("the payment found");
    assert_eq!(payment.len(), 3, "{payment:?}");
    let text = r.to_text(&pos);
    assert!(text.contains("Cost: {3}; paid by:"), "{text}");
    assert!(text.contains("Costs to block (CR 509.1d, paid only by choice): {3} for Test lion (lion) — Test Tax {3}"), "{text}");
    assert!(!text.contains("no block has a cost"), "{text}");
}

#[test]
fn cr_509_1c_no_block_has_a_cost_is_said_only_when_true() {
    let pos = two_player(vec![creature("x", "A", &[]), creature("bear", "B", &[])], vec![], &[("x", "B")]);
    let text = check(&pos, &[]).to_text(&pos);
    assert!(text.contains("no block has a cost"), "{text}");
    assert!(!text.contains("Cost:"), "{text}");
}

#[test]
fn cr_509_1e_a_creature_tapping_for_mana_pays_its_own_block_cost_and_still_blocks() {
    // The elf's only mana pays its own {G}: blocking taps nothing (CR 509.1), and mana
    // abilities are activated after blockers are chosen (509.1e).
    let mut elf = creature("elf", "B", &[]);
    elf["mana"] = json!([{"add": "{G}"}]);
    let pos = two_player(vec![creature("x", "A", &[]), elf.clone()], vec![cost(&["elf"], "{G}")], &[("x", "B")]);
    let r = check(&pos, &[("elf", "x")]);
    assert_eq!(r.legal, Some(true), "{:?}", r.violations);
    let payment = r.declaration.payment.as_ref().expect("a payment");
    assert_eq!(payment[0].permanent.as_deref(), Some("elf"));
    // The same, written by the player.
    let d = paid(&[("elf", "x")], json!([{"permanent": "elf", "mana": "{G}"}]));
    assert_eq!(check_under(&pos, &d, Baseline::Paid).legal, Some(true));
    // Summoning sick, it can block but not tap for mana (CR 302.6): unpayable.
    elf["summoning_sick"] = json!(true);
    let pos = two_player(vec![creature("x", "A", &[]), elf], vec![cost(&["elf"], "{G}")], &[("x", "B")]);
    assert_illegal(&pos, &[("elf", "x")], "cost");
    let r = check_under(&pos, &paid(&[("elf", "x")], json!([{"permanent": "elf", "mana": "{G}"}])), Baseline::Paid);
    assert!(cost_messages(&r).iter().any(|m| m.contains("summoning sickness")), "{:?}", r.violations);
}

#[test]
fn cr_509_1d_an_explicit_payment_is_checked() {
    let perms = vec![creature("x", "A", &[]), creature("lion", "B", &[]), land("w1", "B", "{W}"), land("w2", "B", "{W}"), land("alands", "A", "{W}")];
    let pos = two_player(perms, vec![cost(&["lion"], "{2}")], &[("x", "B")]);
    let ok = paid(&[("lion", "x")], json!([{"permanent": "w1", "mana": "{W}"}, {"permanent": "w2", "mana": "{W}"}]));
    let r = check_under(&pos, &ok, Baseline::Paid);
    assert_eq!(r.legal, Some(true), "{:?}", r.violations);
    assert_eq!(r.declaration.payment, ok.payment, "the given payment is kept");
    // Partial payment (CR 509.1f).
    let short = paid(&[("lion", "x")], json!([{"permanent": "w1", "mana": "{W}"}]));
    let r = check_under(&pos, &short, Baseline::Paid);
    assert_eq!(r.legal, Some(false));
    assert!(cost_messages(&r).iter().any(|m| m.contains("does not cover B's costs of {2}") && m.contains("CR 509.1f")), "{:?}", r.violations);
    // A payment that works is shown beside the cost violation (CR 509.1d-f, as for attacks),
    // and only when the payment given fails.
    let works = r.payment_that_works.as_ref().expect("a payment that works");
    assert_eq!(works.len(), 2, "{works:?}");
    assert!(r.to_text(&pos).contains("The blocks themselves are legal; only the payment is wrong. Pay differently:"), "{}", r.to_text(&pos));
    assert_eq!(check_under(&pos, &ok, Baseline::Paid).payment_that_works, None);
    // The attacking player's land pays no cost to block.
    let theirs = paid(&[("lion", "x")], json!([{"permanent": "w1", "mana": "{W}"}, {"permanent": "alands", "mana": "{W}"}]));
    let r = check_under(&pos, &theirs, Baseline::Paid);
    assert!(cost_messages(&r).iter().any(|m| m.contains("who is not a defending player")), "{:?}", r.violations);
    // Life pays only Phyrexian symbols (CR 107.4f); a payment for nothing is still checked.
    let life = paid(&[], json!([{"player": "B", "life": 2}]));
    let r = check_under(&pos, &life, Baseline::Paid);
    assert_eq!(r.legal, Some(false));
    assert!(cost_messages(&r).iter().any(|m| m.contains("CR 107.4f")), "{:?}", r.violations);
    // No cost to block gives up a permanent.
    let given = paid(&[("lion", "x")], json!([{"permanent": "w1", "action": "sacrifice"}]));
    let r = check_under(&pos, &given, Baseline::Paid);
    assert!(cost_messages(&r).iter().any(|m| m.contains("no cost to block here asks its payer to sacrifice")), "{:?}", r.violations);
    // Ids in a payment are checked as in a declaration of attackers (exit 2), and in blocks.
    let e = pos.check_blocks(&paid(&[], json!([{"permanent": "nowhere", "mana": "{W}"}])), &Options::default()).expect_err("unknown id");
    assert_eq!(e.path(), Some("payment[0].permanent"));
    let e = pos.check_blocks(&paid(&[("nobody", "x")], json!([])), &Options::default()).expect_err("unknown id");
    assert_eq!(e.path(), Some("blocks[0].blocker"));
}

/// Menace on one attacker, flying on the other: the free blocker with "blocks each combat if
/// able" can block only the menace one, beside another blocker, and the only other one (with
/// reach) has a cost to block. A requirement obeyable only by paying: the baselines differ
/// (docs/rules.md section 7). With `land`, B can pay.
fn paid_block_enables_a_requirement(land_too: bool) -> Position {
    position(&paid_block_board(land_too))
}

/// The board of [`paid_block_enables_a_requirement`] as JSON, for the front ends' tests: no
/// block pays nothing and obeys the most paying no cost (0); with `land_too`, the costly and
/// free creatures blocking m together, paying {1}, obey 1 (CR 509.1c-d).
pub(crate) fn paid_block_board(land_too: bool) -> Value {
    let mut perms =
        vec![creature("m", "A", &["Menace"]), creature("y", "A", &["Flying"]), creature("costly", "B", &["Reach"]), creature("free", "B", &[])];
    if land_too {
        perms.push(land("w1", "B", "{W}"));
    }
    board(
        &["A", "B"],
        perms,
        vec![cost(&["costly"], "{1}"), json!({"kind": "blocks_if_able", "creatures": ["free"], "source": "Test Provocation"})],
        &[("m", "B"), ("y", "B")],
    )
}

#[test]
fn cr_509_1c_the_baselines_differ_where_a_paid_block_enables_a_free_requirement() {
    let pos = paid_block_enables_a_requirement(true);
    // The costly creature blocks y and pays: under "paid" the declarations compared may pay
    // the same cost, and the costly and free creatures blocking m together obey the
    // requirement; under "free" none may pay, and the free creature can't block m alone.
    let d = crate::blocks::blocks(&[("costly", "y")]);
    let p = check_under(&pos, &d, Baseline::Paid);
    let f = check_under(&pos, &d, Baseline::Free);
    assert_eq!((p.legal, f.legal), (Some(false), Some(true)), "{:?} / {:?}", p.violations, f.violations);
    assert_eq!((p.requirements_max, p.requirements_max_free, f.requirements_max), (1, 0, 0));
    assert!(
        p.violations.iter().any(|v| v.kind.as_str() == "requirements" && v.message.contains("paying only the costs it pays")),
        "{:?}",
        p.violations
    );
    assert_eq!((p.legal_under.paid, p.legal_under.free), (false, true));
    let w = p.witness.as_ref().expect("a witness");
    assert_eq!(w.blocks.len(), 2, "costly and free block m: {w:?}");
    assert!(w.payment.as_ref().is_some_and(|p| p.len() == 1), "the witness shows its payment: {w:?}");
    let text = p.to_text(&pos);
    assert!(text.contains("the baselines disagree: legal under free, illegal under paid"), "{text}");
    assert!(text.contains("paying only its costs to block; 0 paying none"), "{text}");
    assert!(f.to_text(&pos).contains("paying no cost to block"));
    // Blocking nothing pays nothing: legal under both, even though paying would obey more
    // (CR 509.1c: a cost to block is never required to be paid).
    for baseline in [Baseline::Paid, Baseline::Free] {
        assert_eq!(check_under(&pos, &crate::blocks::blocks(&[]), baseline).legal, Some(true));
    }
    // Both blocking m obeys the requirement: legal under both.
    let both = crate::blocks::blocks(&[("costly", "m"), ("free", "m")]);
    assert_eq!((check_under(&pos, &both, Baseline::Paid).legal, check_under(&pos, &both, Baseline::Free).legal), (Some(true), Some(true)));
    // Without the land the cost can't be paid: the requirement is obeyable by no one.
    let pos = paid_block_enables_a_requirement(false);
    assert_illegal(&pos, &[("costly", "y")], "cost");
    assert_eq!(check_under(&pos, &crate::blocks::blocks(&[]), Baseline::Paid).requirements_max, 0);
}

#[test]
fn cr_509_1d_enumerate_lists_costly_declarations_with_their_payments() {
    let pos = paid_block_enables_a_requirement(true);
    let list = |baseline: Baseline| -> Vec<attackopt::BlockCheckResult> {
        let found = pos.enumerate_blocks(1000, &under(baseline)).expect("enumerate");
        assert!(found.complete);
        found.declarations
    };
    let (paid_list, free_list) = (list(Baseline::Paid), list(Baseline::Free));
    let key = |r: &attackopt::BlockCheckResult| {
        let mut v: Vec<(String, String)> = r.declaration.blocks.iter().map(|b| (b.blocker.clone(), b.attacker.clone())).collect();
        v.sort();
        v
    };
    let has = |l: &[attackopt::BlockCheckResult], pairs: &[(&str, &str)]| {
        let mut want: Vec<(String, String)> = pairs.iter().map(|(b, a)| (b.to_string(), a.to_string())).collect();
        want.sort();
        l.iter().any(|r| key(r) == want)
    };
    // Paying for the costly block to y alone is legal under "free" only.
    assert!(has(&free_list, &[("costly", "y")]) && !has(&paid_list, &[("costly", "y")]));
    assert!(has(&paid_list, &[("costly", "m"), ("free", "m")]) && has(&free_list, &[("costly", "m"), ("free", "m")]));
    assert!(has(&paid_list, &[]) && has(&free_list, &[]));
    for r in paid_list.iter().chain(&free_list) {
        assert_eq!(r.legal, Some(true));
        let costly = r.declaration.blocks.iter().any(|b| b.blocker == "costly");
        assert_eq!(r.cost.mana, if costly { "{1}" } else { "" }, "{:?}", r.declaration);
        assert_eq!(r.declaration.payment.is_some(), costly, "a costly declaration lists its payment: {:?}", r.declaration);
        // Each listed declaration checks legal again, payment included.
        let again = check_under(&pos, &r.declaration, r.baseline);
        assert_eq!(again.legal, Some(true), "{:?}: {:?}", r.declaration, again.violations);
    }
}

#[test]
fn cr_810_9_shared_life_pays_phyrexian_block_costs_from_one_total() {
    // Two-Headed Giant: B and B2 share 3 life. Each blocker's {W/P} is 2 life: one can be
    // paid, not both (CR 119.4, 810.9).
    let mut b = board(
        &["A", "A2", "B", "B2"],
        vec![creature("x", "A", &[]), creature("y", "A2", &[]), creature("bb", "B", &[]), creature("cc", "B2", &[])],
        vec![cost(&["bb", "cc"], "{W/P}")],
        &[("x", "B"), ("y", "B")],
    );
    for (i, team) in ["a", "a", "b", "b"].iter().enumerate() {
        b["players"][i]["team"] = json!(team);
    }
    b["variant"] = json!({"shared_team_turns": true});
    b["players"][2]["life"] = json!(3);
    let pos = position(&b);
    let r = check(&pos, &[("bb", "x")]);
    assert_eq!((r.legal, r.cost.life), (Some(true), 2), "{:?}", r.violations);
    assert_legal(&pos, &[("cc", "y")]);
    assert_illegal(&pos, &[("bb", "x"), ("cc", "y")], "cost");
    // Life enough for both when the team has 4.
    b["players"][2]["life"] = json!(4);
    let pos = position(&b);
    let r = check(&pos, &[("bb", "x"), ("cc", "y")]);
    assert_eq!((r.legal, r.cost.life), (Some(true), 4), "{:?}", r.violations);
}

/// Payability is monotone (the integer program cuts off an unpayable set with its supersets,
/// src/legality/blocks/cost.rs): on boards mixing colored, hybrid, {2/W}, Phyrexian and generic
/// costs, every subset of a payable set of cost instances is payable. Not trivially: some sets
/// are payable, some not.
#[test]
fn cr_509_1d_payability_is_monotone() {
    let costs = ["{W}", "{W/U}", "{2/W}", "{U/P}", "{1}{U}", "{G}"];
    let mut seen = (0, 0);
    for life in [0, 2, 5] {
        for lands in [vec!["{W}", "{U}"], vec!["{W}", "{W}", "{U}"], vec!["{C}", "{U}", "{G}", "{W}"]] {
            let mut perms = vec![creature("x", "A", &[])];
            let mut effects = vec![];
            for (i, c) in costs.iter().enumerate() {
                perms.push(creature(&format!("b{i}"), "B", &[]));
                effects.push(cost(&[&format!("b{i}")], c));
            }
            for (i, add) in lands.iter().enumerate() {
                perms.push(land(&format!("l{i}"), "B", add));
            }
            let mut b = board(&["A", "B"], perms, effects, &[("x", "B")]);
            b["players"][1]["life"] = json!(life);
            let pos = position(&b);
            let payer = Payer::new(&pos).expect("payer");
            let n = pos.blocks.as_ref().expect("combat").costs.len();
            let set = |mask: u32| -> Vec<usize> { (0..n).filter(|k| mask & (1 << k) != 0).collect() };
            let payable: Vec<bool> = (0..1u32 << n).map(|m| payer.payable(&set(m)).expect("decided")).collect();
            for m in 0..1u32 << n {
                if payable[m as usize] {
                    seen.0 += 1;
                    // Every subset: each one-instance-less subset suffices by induction.
                    for k in 0..n {
                        let sub = m & !(1 << k);
                        assert!(payable[sub as usize], "life {life}, lands {lands:?}: {:?} payable, {:?} not", set(m), set(sub));
                    }
                } else {
                    seen.1 += 1;
                }
            }
        }
    }
    assert!(seen.0 > 9 && seen.1 > 9, "payable / not: {seen:?}");
}

/// Through the command line: a declaration of blockers with a payment (CR 509.1d-f), read and
/// checked; the result and the board are valid under their schemas.
#[test]
fn cr_509_1d_the_command_line_checks_a_payment_for_a_block() {
    let b = board(
        &["A", "B"],
        vec![creature("x", "A", &[]), creature("lion", "B", &[]), land("w1", "B", "{W}")],
        vec![cost(&["lion"], "{W}")],
        &[("x", "B")],
    );
    let board_schema = jsonschema::validator_for(&attackopt::board_schema()).expect("a schema");
    assert!(board_schema.is_valid(&b), "{:?}", board_schema.iter_errors(&b).map(|e| e.to_string()).collect::<Vec<_>>());
    let board_file = crate::common::temp_file("block-costs-board", &b.to_string());
    let good = crate::common::temp_file(
        "block-costs-good",
        r#"{"blocks": [{"blocker": "lion", "attacker": "x"}], "payment": [{"permanent": "w1", "mana": "{W}"}]}"#,
    );
    let wrong = crate::common::temp_file(
        "block-costs-wrong",
        r#"{"blocks": [{"blocker": "lion", "attacker": "x"}], "payment": [{"player": "B", "mana": "{W}"}]}"#,
    );
    let (bf, gf, wf) = (board_file.to_str().unwrap(), good.to_str().unwrap(), wrong.to_str().unwrap());
    let out = crate::common::run_bin(&["check", bf, gf, "--format", "json"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!((out.status.code(), &v["legal"], &v["cost"]["mana"]), (Some(0), &json!(true), &json!("{W}")), "{v:#}");
    let schema = jsonschema::validator_for(&attackopt::result_schema()).expect("a schema");
    assert!(schema.is_valid(&v), "{v:#}");
    // B's pool is empty: the payment does not pay.
    let out = crate::common::run_bin(&["check", bf, wf]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("mana pool has no {W} left"), "{text}");
    for f in [board_file, good, wrong] {
        let _ = std::fs::remove_file(f);
    }
}

/// Small random combats with costs to block (docs/rules.md section 7): for every declaration of
/// at most one attacker per blocker, a declaration legal under "paid" is legal under "free"
/// (its bar is at least the free maximum), both baselines report the same free maximum and the
/// same cost violations, and `enumerate` lists exactly the declarations `check` finds legal
/// under each baseline. Not vacuous: unpayable blocks, paid-for legal blocks and declarations the
/// baselines disagree on all occur.
#[test]
fn cr_509_1d_random_combats_with_costs_agree_under_both_baselines() {
    let mut next = crate::blocks::xorshift(0x2545_f491_4f6c_dd1d);
    let (mut unpayable, mut paid_for, mut differ) = (0, 0, 0);
    for _ in 0..80 {
        let (na, nb) = (1 + next(2) as usize, 2 + next(2) as usize);
        let kw = ["Flying", "Menace", "Reach"];
        let (mut perms, attacks) = crate::blocks::random_attackers(&mut next, na);
        let mut effects = vec![];
        for i in 0..nb {
            let k: Vec<&str> = kw.iter().copied().filter(|_| next(3) == 0).collect();
            let id = format!("b{i}");
            perms.push(creature(&id, if next(4) == 0 { "C" } else { "B" }, &k));
            if next(2) == 0 {
                effects.push(cost(&[&id], ["{1}", "{W}", "{W/P}", "{0}", "{2}"][next(5) as usize]));
            }
        }
        for (i, p) in ["B", "B", "C"].iter().enumerate() {
            if next(2) == 0 {
                perms.push(land(&format!("l{i}"), p, ["{W}", "{C}"][next(2) as usize]));
            }
        }
        for (kind, prefix, n) in [("blocks_if_able", "b", nb), ("blocks_if_able", "b", nb), ("lure", "a", na)] {
            if next(2) == 0 {
                effects.push(json!({"kind": kind, "creatures": [format!("{prefix}{}", next(n as u64))]}));
            }
        }
        let pairs: Vec<(&str, &str)> = attacks.iter().map(|(c, t)| (c.as_str(), *t)).collect();
        let mut b = board(&["A", "B", "C"], perms, effects, &pairs);
        b["players"][1]["life"] = json!(next(4));
        let pos = position(&b);
        let listed = |baseline: Baseline| -> Vec<Vec<(String, String)>> {
            let found = pos.enumerate_blocks(10_000, &under(baseline)).expect("enumerate");
            assert!(found.complete);
            found.declarations.iter().map(|r| r.declaration.blocks.iter().map(|b| (b.blocker.clone(), b.attacker.clone())).collect()).collect()
        };
        let (listed_paid, listed_free) = (listed(Baseline::Paid), listed(Baseline::Free));
        // Each declaration as a number in base na + 1: digit b is blocker b's attacker, 0 none.
        let radix = na + 1;
        for code in 0..radix.pow(nb as u32) {
            let list: Vec<(String, String)> = (0..nb)
                .filter_map(|b| match code / radix.pow(b as u32) % radix {
                    0 => None,
                    a => Some((format!("b{b}"), format!("a{}", a - 1))),
                })
                .collect();
            let refs: Vec<(&str, &str)> = list.iter().map(|(b, a)| (b.as_str(), a.as_str())).collect();
            let d = crate::blocks::blocks(&refs);
            let (p, f) = (check_under(&pos, &d, Baseline::Paid), check_under(&pos, &d, Baseline::Free));
            let what = format!("{list:?} on {b:#}");
            assert!(p.legal != Some(true) || f.legal == Some(true), "paid-legal, free-illegal: {what}: {:?}", f.violations);
            assert_eq!(p.requirements_max_free, f.requirements_max_free, "{what}");
            assert_eq!(f.requirements_max, f.requirements_max_free, "{what}");
            assert!(p.requirements_max >= p.requirements_max_free, "{what}");
            assert_eq!(cost_messages(&p), cost_messages(&f), "{what}");
            assert_eq!(p.legal == Some(true), listed_paid.contains(&list), "paid: {what}");
            assert_eq!(f.legal == Some(true), listed_free.contains(&list), "free: {what}");
            unpayable += usize::from(!cost_messages(&p).is_empty());
            paid_for += usize::from(p.legal == Some(true) && !p.cost.mana.is_empty());
            differ += usize::from(p.legal != f.legal);
        }
    }
    assert!(unpayable > 0 && paid_for > 0 && differ > 0, "unpayable {unpayable}, legal and paid for {paid_for}, baselines differ {differ}");
}

/// CR 509.1c: `maximum` on a board with combat (batch's and the command line's): the most
/// requirements a declaration of blockers paying no cost to block obeys (every legal
/// declaration's floor), and under "paid" the most one paying any cost to block that can be
/// paid obeys (the highest bar), each with a declaration reaching it that `check` finds legal
/// under both baselines; the integer program and the exhaustive checker agree.
#[test]
fn cr_509_1c_maximum_blocks_paying_no_cost_and_paying_what_can_be_paid() {
    use attackopt::{Method, Proof};
    for (land_too, paid_max) in [(true, 1), (false, 0)] {
        let pos = paid_block_enables_a_requirement(land_too);
        for method in [Method::Ilp, Method::Exhaustive] {
            for baseline in [Baseline::Paid, Baseline::Free] {
                let what = format!("land {land_too}, {method:?}, {baseline}");
                let m = pos.maximum_blocks(&Options { baseline, method, ..Options::default() }).unwrap_or_else(|e| panic!("{what}: {e}"));
                let expected = if baseline == Baseline::Paid { paid_max } else { 0 };
                assert_eq!((m.requirements_max_free, m.requirements_max, m.baseline), (0, expected, baseline), "{what}");
                assert_eq!(m.proof, if method == Method::Exhaustive { Proof::Exhaustive } else { Proof::IlpOptimal }, "{what}");
                assert_eq!(m.witness, crate::blocks::blocks(&[]), "{what}: blocking nothing pays nothing");
                for b in [Baseline::Paid, Baseline::Free] {
                    let r = check_under(&pos, &m.witness_max, b);
                    assert_eq!((r.legal, r.requirements_obeyed), (Some(true), m.requirements_max), "{what}, checked under {b}: {:?}", r.violations);
                }
                // The free maximum is the one `check` reports.
                assert_eq!(check_under(&pos, &crate::blocks::blocks(&[]), baseline).requirements_max_free, m.requirements_max_free);
                if expected == 1 {
                    assert_eq!(m.witness_max.blocks.len(), 2, "costly and free block m: {:?}", m.witness_max);
                    assert_eq!(m.witness_max.payment.as_ref().map(Vec::len), Some(1), "the witness shows its payment: {:?}", m.witness_max);
                    let text = pos.answer(&attackopt::Request::Maximum, &Options { baseline, method, ..Options::default() }).expect("answer");
                    let text = crate::common::flat(&text.to_text(&pos, &Options::default()));
                    assert!(text.contains("at most 0 paying no cost to block (CR 509.1c)") && text.contains("at most 1"), "{text}");
                    assert!(text.contains("paid by: tap Test Land w1 (w1) for {W}"), "{text}");
                }
            }
        }
    }
}

/// Small random combats with costs to block: `maximum`'s free maximum is `check`'s
/// `requirements_max_free`; under "paid" its maximum is the most requirements any legal
/// declaration obeys (the best of `enumerate`'s complete list), under "free" the free one; its
/// witnesses are legal and obey what they claim; both methods give the same maxima.
#[test]
fn cr_509_1c_random_combats_maximum_is_the_best_legal_declaration() {
    use attackopt::Method;
    let mut next = crate::blocks::xorshift(0x9e37_79b9_7f4a_7c15);
    let mut paying_more = 0;
    for _ in 0..40 {
        let (na, nb) = (1 + next(2) as usize, 2 + next(2) as usize);
        let (mut perms, attacks) = crate::blocks::random_attackers(&mut next, na);
        let mut effects = vec![];
        for i in 0..nb {
            let k: Vec<&str> = ["Flying", "Menace", "Reach"].iter().copied().filter(|_| next(3) == 0).collect();
            let id = format!("b{i}");
            perms.push(creature(&id, if next(4) == 0 { "C" } else { "B" }, &k));
            if next(2) == 0 {
                effects.push(cost(&[&id], ["{1}", "{W}", "{2}"][next(3) as usize]));
            }
        }
        if next(3) != 0 {
            perms.push(land("l0", "B", "{W}"));
        }
        for (kind, prefix, n) in [("blocks_if_able", "b", nb), ("blocks_if_able", "b", nb), ("lure", "a", na)] {
            if next(2) == 0 {
                effects.push(json!({"kind": kind, "creatures": [format!("{prefix}{}", next(n as u64))]}));
            }
        }
        let pairs: Vec<(&str, &str)> = attacks.iter().map(|(c, t)| (c.as_str(), *t)).collect();
        let b = board(&["A", "B", "C"], perms, effects, &pairs);
        let pos = position(&b);
        let best_legal = pos.enumerate_blocks(10_000, &under(Baseline::Paid)).expect("enumerate");
        assert!(best_legal.complete);
        let best_legal = best_legal.declarations.iter().map(|r| r.requirements_obeyed).max().expect("blocking nothing is legal");
        let free_max = check_under(&pos, &crate::blocks::blocks(&[]), Baseline::Free).requirements_max_free;
        for baseline in [Baseline::Paid, Baseline::Free] {
            let [ilp, exhaustive] = [Method::Ilp, Method::Exhaustive]
                .map(|method| pos.maximum_blocks(&Options { baseline, method, ..Options::default() }).unwrap_or_else(|e| panic!("{e}: {b:#}")));
            let counts = |m: &attackopt::BlockMaximumReport| (m.requirements_max_free, m.requirements_max);
            assert_eq!(counts(&ilp), counts(&exhaustive), "{baseline}: {b:#}");
            let expected = if baseline == Baseline::Paid { best_legal } else { free_max };
            assert_eq!(counts(&ilp), (free_max, expected), "{baseline}: {b:#}");
            for m in [&ilp, &exhaustive] {
                assert_eq!(check_under(&pos, &m.witness, Baseline::Free).requirements_obeyed, free_max, "{b:#}");
                let r = check_under(&pos, &m.witness_max, baseline);
                assert_eq!((r.legal, r.requirements_obeyed), (Some(true), m.requirements_max), "{baseline}: {:?} on {b:#}", r.violations);
            }
            paying_more += usize::from(ilp.requirements_max > ilp.requirements_max_free);
        }
    }
    assert!(paying_more > 0, "no combat where paying a cost to block obeys more: the test is vacuous");
}
