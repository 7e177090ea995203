//! The maximum as a network flow (`src/ilp/flow.rs`, issue 39) against the integer program it
//! replaces, on generated boards of every profile: the same maximum (CR 508.1d) and a witness
//! as close to the declaration compared, for the free and the paid baseline's allowed costs.
//! (Against the exhaustive checker: `differential.rs`, where "ilp" finds its maxima as flows.)

use attackopt::generator::{generate, Profile};
use attackopt::internals::ilp::{Call, Ilp, Model, Strategy, Tie};
use attackopt::internals::legality::exhaustive::distance;
use attackopt::internals::solve as solving;
use attackopt::Deadline;
use attackopt::{parse_board, Assignment, Baseline, Position};
use solving::Goal;

fn position(players: usize, creatures: usize, seed: u64, profile: Profile) -> Position {
    let board = serde_json::to_string(&generate(players, creatures, seed, profile)).unwrap();
    Position::new(parse_board(&board, "board.json").unwrap()).unwrap()
}

/// A declaration to compare with: each creature attacks one of the targets it may attack, or
/// not, at random (splitmix64 on `seed`); it need not be legal.
fn some_declaration(pos: &Position, seed: u64) -> Assignment {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) as usize
    };
    pos.rules
        .creatures
        .iter()
        .map(|c| {
            let k = next() % (c.allowed.len() + 2);
            c.allowed.get(k).copied()
        })
        .collect()
}

/// CR 508.1c-d: on boards of every profile (2 to 8 players, 12 to 240 creatures, three seeds
/// each), the flow's maximum is the integer program's, under the free baseline (no cost
/// allowed) and under paid for a payable declaration (its own costs allowed); its witness is
/// legal (re-checked inside) and changes as few attacks of the declaration as the program's.
/// Most boards must be flows, or the test checks little.
#[test]
fn cr_508_1d_the_flow_proves_the_same_maximum_as_the_integer_program() {
    let program = Ilp { model: Model { flow: false, ..Model::REDUCED }, ..Ilp::default() };
    let flow = Ilp::default();
    let (mut flows, mut cases) = (0, 0);
    for profile in [Profile::Commander, Profile::Adversarial, Profile::Tokens] {
        for (players, creatures) in [(2, 12), (4, 60), (8, 240)] {
            for seed in 1..=3u64 {
                let pos = position(players, creatures, seed, profile);
                let prefer = some_declaration(&pos, seed);
                let none = vec![false; pos.rules.costs.len()];
                let mut own = none.clone();
                for k in pos.rules.incurred(&prefer) {
                    own[k] = true;
                }
                for allowed in [&none, &own] {
                    for tie in [Tie::Closest(&prefer), Tie::FewestCosts] {
                        cases += 1;
                        let what =
                            format!("{profile} P={players} N={creatures} seed {seed}, allowed {:?}, {tie:?}", allowed.iter().filter(|a| **a).count());
                        let Some(got) = flow.flow_maximum(&pos, allowed, tie).unwrap() else { continue };
                        flows += 1;
                        let want = program.maximum_with(&pos, allowed, tie).unwrap();
                        assert_eq!(got.value, want.value, "{what}: the flow's maximum differs from the program's");
                        match tie {
                            Tie::Closest(p) => {
                                assert_eq!(distance(&got.witness, p), distance(&want.witness, p), "{what}: witnesses differ in closeness")
                            }
                            Tie::FewestCosts => {
                                assert_eq!(pos.rules.incurred(&got.witness).len(), pos.rules.incurred(&want.witness).len(), "{what}: costs incurred")
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(flows * 2 > cases, "only {flows} of {cases} programs were flows");
}

/// A generated board with its costs to attack taken away (the `attack_cost` effects, and the
/// enchantments that tax attacks by name: Propaganda and its kin); None when some remain.
fn without_costs(players: usize, creatures: usize, seed: u64, profile: Profile) -> Option<Position> {
    let mut board = serde_json::to_value(generate(players, creatures, seed, profile)).unwrap();
    board["effects"].as_array_mut().unwrap().retain(|e| e["kind"] != "attack_cost");
    board["permanents"].as_array_mut().unwrap().retain(|p| p["types"].as_array().is_some_and(|ts| ts.iter().all(|t| t != "Enchantment")));
    let pos = Position::new(parse_board(&board.to_string(), "board.json").unwrap()).unwrap();
    pos.rules.costs.is_empty().then_some(pos)
}

/// CR 508.1d: on a board with no cost to attack, `solve` takes the flow's best declaration
/// (most requirements, then the objective, then fewest attackers) as its proven answer; it is
/// the integer program's answer for every objective, tie-breaks included, under both
/// baselines.
#[test]
fn cr_508_1d_without_costs_the_flow_is_the_solve() {
    use attackopt::internals::solve::{rank, solve, Goal};
    use attackopt::Baseline;
    let program = Ilp { model: Model { flow: false, ..Model::REDUCED }, ..Ilp::default() };
    let mut boards = 0;
    for profile in [Profile::Commander, Profile::Adversarial, Profile::Tokens] {
        for (players, creatures) in [(2, 12), (4, 40)] {
            for seed in 1..=3u64 {
                let Some(pos) = without_costs(players, creatures, seed, profile) else { continue };
                boards += 1;
                for goal in [Goal::Power, Goal::Attackers, Goal::None, Goal::Damage(1)] {
                    for baseline in [Baseline::Paid, Baseline::Free] {
                        let what = format!("{profile} P={players} N={creatures} seed {seed}, {goal:?}, {baseline}");
                        let got = solve(&pos, goal, baseline, &Ilp::default()).unwrap();
                        let want = solve(&pos, goal, baseline, &program).unwrap();
                        assert!(got.optimal && got.tie_breaks_proven, "{what}: not proven");
                        let (a, b) = (read(&pos, &got.result.declaration), read(&pos, &want.result.declaration));
                        assert_eq!(rank(&pos, goal, &a), rank(&pos, goal, &b), "{what}: the answers rank differently");
                    }
                }
            }
        }
    }
    assert!(boards >= 9, "only {boards} boards without costs");
}

fn read(pos: &Position, d: &attackopt::Declaration) -> Assignment {
    attackopt::internals::legality::read_declaration(pos, d).0
}

/// Issue 39, "bounds that close": the flow's Lagrangian bound of `solve`'s objective
/// (`src/ilp/lagrangian.rs`) is never below the proven optimum, under either baseline (the paid
/// and the free bar are both at least the free maximum, CR 508.1d; under paid, with the bar by
/// moves of the free maximum's witness as the floor, whose groups mix creatures of different
/// gains here), for power and for the number of attackers, on small boards of the taxed
/// profiles that `solve` proves.
#[test]
fn cr_508_1d_the_lagrangian_bound_of_the_objective_is_never_below_the_optimum() {
    let ilp = Ilp::default();
    let (mut bounded, mut lowered) = (0, 0);
    let boards = [
        (Profile::Commander, 4, 12),
        (Profile::Commander, 4, 30),
        (Profile::Commander, 8, 40),
        (Profile::Adversarial, 4, 12),
        (Profile::Adversarial, 8, 12),
    ];
    for (profile, players, creatures) in boards {
        for seed in 1..=4u64 {
            let pos = position(players, creatures, seed, profile);
            let none = vec![false; pos.rules.costs.len()];
            let free = ilp.maximum_with(&pos, &none, Tie::FewestCosts).unwrap();
            let floor = free.value;
            // Under paid, the bar by moves of the free maximum's witness is the floor.
            let moves = pos.move_bar(&free.witness);
            for goal in [Goal::Power, Goal::Attackers] {
                let weight = |c: usize, t: usize| goal.weight(&pos, c, t);
                let own = |c: usize| goal.creature_weight(&pos, c).unwrap_or(0);
                let Some(free_bound) = ilp.objective_bound(&pos, &weight, Some(&own), floor, None, None).unwrap() else { continue };
                let paid_bound = ilp.objective_bound(&pos, &weight, Some(&own), floor, moves.as_ref(), None).unwrap().unwrap_or(free_bound);
                lowered += usize::from(paid_bound < free_bound);
                for baseline in [Baseline::Paid, Baseline::Free] {
                    let bound = if baseline == Baseline::Paid { paid_bound } else { free_bound };
                    let limited =
                        Ilp { call: Call { deadline: Deadline::from_now(std::time::Duration::from_secs(5)), ..Call::default() }, ..Ilp::default() };
                    let Ok(best) = solving::solve(&pos, goal, baseline, &limited) else { continue };
                    if !best.optimal {
                        continue;
                    }
                    bounded += 1;
                    assert!(
                        bound >= best.objective,
                        "{profile} P={players} N={creatures} seed {seed}, {goal:?}, {baseline}: the bound {bound} is below the optimum {}",
                        best.objective
                    );
                }
            }
        }
    }
    assert!(bounded >= 20, "only {bounded} optima were compared with a bound");
    println!("the bar by moves lowered {lowered} bounds");
}

/// Every creature attacking the first target it may attack: on the adversarial profile it
/// breaks caps and can't be paid, so a check of it proves the paid maximum of its own costs.
fn everything(pos: &Position) -> Assignment {
    pos.rules.creatures.iter().map(|c| c.allowed.first().copied()).collect()
}

/// CR 508.1d: a check's maximum with the witness's closeness on a budget of nodes
/// (`Strategy::tie_break_slices`, issue 39) proves the same maximum as without one, and its
/// witness changes no fewer attacks than the closest, as many where it says it is proven; and
/// on a board whose closeness microlp does not prove in seconds (adversarial, P = 8, N = 1,000,
/// seed 1, attacking with everything) the budget is reached: the maximum is proven, its witness
/// legal and obeying it, with `tie_break_proven` false.
#[test]
fn cr_508_1d_a_budget_for_the_witness_s_closeness_keeps_the_maximum() {
    // Without branching first on debts (`Strategy::branch_first`): with it, every program
    // here is proven at once since (8c) (`Encoding::aggregate_mixed`), and the test needs a
    // hard one.
    let whole = Ilp::default().with(Strategy { branch_first: false, ..Strategy::default() });
    for (players, creatures, seed) in [(4, 60, 1), (8, 300, 1), (8, 600, 2), (8, 1000, 2)] {
        let pos = position(players, creatures, seed, Profile::Adversarial);
        for prefer in [everything(&pos), some_declaration(&pos, seed)] {
            let own = own_costs(&pos, &prefer);
            let full = whole.maximum_with(&pos, &own, Tie::Closest(&prefer)).unwrap();
            assert!(full.tie_break_proven);
            for slices in [0, 16] {
                let m = whole.maximum_with_effort(&pos, &own, Tie::Closest(&prefer), Some(slices)).unwrap();
                let what = format!("P = {players}, N = {creatures}, seed {seed}, {slices} slices");
                assert_eq!(m.value, full.value, "{what}");
                let (d, best) = (distance(&m.witness, &prefer), distance(&full.witness, &prefer));
                assert!(d == best || (!m.tie_break_proven && d > best), "{what}: {d} against {best}");
            }
        }
    }
    let pos = position(8, 1000, 1, Profile::Adversarial);
    let prefer = everything(&pos);
    let own = own_costs(&pos, &prefer);
    let m = whole.maximum_with_effort(&pos, &own, Tie::Closest(&prefer), Some(0)).unwrap();
    assert!(!m.tie_break_proven, "the budget was not reached");
    assert_eq!(pos.rules.obeyed(&m.witness), m.value);
    assert!(pos.rules.respects_restrictions(&m.witness) && pos.can_pay(&m.witness).unwrap());
    assert!(pos.rules.incurred(&m.witness).iter().all(|&k| own[k]));
    let none = vec![false; pos.rules.costs.len()];
    assert!(m.value >= whole.maximum_with(&pos, &none, Tie::Closest(&prefer)).unwrap().value, "CR 508.1d: the paid bar is never below the free one");
}

/// CR 508.1d (issue 39): a check's maximum takes turns between two programs, each on a budget
/// of nodes (`ilp::PORTFOLIO_SLICES`): the lexicographic one (the most requirements, then the
/// witness's closeness) and the requirements alone. On the adversarial profile, P = 4,
/// N = 1,000, seed 5, every creature attacking the opponents in turn, the lexicographic program
/// alone is not proven in 256 slices (nor in 10 s: the build before answered `proof` "none"),
/// the requirements alone are in a few: the maximum, 1,572, is proven, its witness legal.
#[test]
fn cr_508_1d_a_check_s_maximum_takes_turns_between_two_programs() {
    let (pos, prefer) = in_turn(4, 1000, 5);
    let own = own_costs(&pos, &prefer);
    // Without branching first on debts (`Strategy::branch_first`): with it, the lexicographic
    // program proves this board at once since (8c) (`Encoding::aggregate_mixed`), and the test
    // needs a hard one.
    let hard = Ilp::default().with(Strategy { branch_first: false, ..Strategy::default() });
    let alone = Ilp { call: Call { slice_limit: Some(256), ..Call::default() }, ..hard };
    assert!(
        alone.maximum_with(&pos, &own, Tie::Closest(&prefer)).is_err(),
        "the lexicographic program alone proves it: the test no longer shows the turns"
    );
    // With turns, on a budget the lexicographic program alone would spend in vain (1,000
    // slices, about 10 s here).
    let turns = Ilp { call: Call { slice_limit: Some(1000), ..Call::default() }, ..hard };
    let m = turns.maximum_with_effort(&pos, &own, Tie::Closest(&prefer), Some(16)).unwrap();
    assert_eq!(m.value, 1572);
    assert_eq!(pos.rules.obeyed(&m.witness), m.value);
    assert!(pos.rules.respects_restrictions(&m.witness) && pos.can_pay(&m.witness).unwrap());
    assert!(pos.rules.incurred(&m.witness).iter().all(|&k| own[k]));
}

/// An adversarial board and the declaration of `benches/check_vs_validate.py --declaration
/// everything` on it: each untapped creature of the active player free of summoning sickness
/// (or with haste) attacking, the opponents in turn.
fn in_turn(players: usize, creatures: usize, seed: u64) -> (Position, Assignment) {
    let board = serde_json::to_value(generate(players, creatures, seed, Profile::Adversarial)).unwrap();
    let pos = position(players, creatures, seed, Profile::Adversarial);
    let active = board["active_player"].as_str().unwrap();
    let opponents: Vec<&str> = board["players"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).filter(|p| *p != active).collect();
    let mut prefer = pos.rules.no_attack();
    let mut turn = 0;
    for p in board["permanents"].as_array().unwrap() {
        let has = |field: &str, value: &str| p[field].as_array().is_some_and(|l| l.iter().any(|v| v == value));
        let ready = p["tapped"] != true && (p["summoning_sick"] != true || has("keywords", "Haste"));
        if has("types", "Creature") && p["controller"] == active && ready {
            let c = pos.rules.creatures.iter().position(|c| c.id == p["id"]).unwrap();
            prefer[c] = pos.rules.target_index(opponents[turn % opponents.len()]);
            turn += 1;
        }
    }
    (pos, prefer)
}

/// CR 508.1d, 508.1g-h (issue 39): where the {1} and {2} taxes a check's declaration incurs
/// share a class of mana, the relaxation of the paid maximum spends an odd unit on half a {2}
/// attack spread over many interchangeable columns, one requirement above the integers; an
/// integer variable per coefficient (`Encoding::aggregate_mixed`, (8c)), branched on first,
/// settles it. On the adversarial profile, P = 4, N = 1,000, seed 9104, every creature
/// attacking the opponents in turn, the lexicographic program held to 16 slices of nodes
/// proves the maximum, 1,637, its witness legal; without the variables it does not (the build
/// before needed 1.6 s and the turns with the requirements alone).
#[test]
fn cr_508_1d_a_mixed_debt_is_settled_per_coefficient() {
    let (pos, prefer) = in_turn(4, 1000, 9104);
    let own = own_costs(&pos, &prefer);
    let budget = Ilp { call: Call { slice_limit: Some(16), ..Call::default() }, ..Ilp::default() };
    let m = budget.maximum_with(&pos, &own, Tie::Closest(&prefer)).unwrap();
    assert_eq!(m.value, 1637);
    assert_eq!(pos.rules.obeyed(&m.witness), m.value);
    assert!(pos.rules.respects_restrictions(&m.witness) && pos.can_pay(&m.witness).unwrap());
    assert!(pos.rules.incurred(&m.witness).iter().all(|&k| own[k]));
}

/// The cost instances `a` incurs, as the paid baseline's allowed set of its check.
fn own_costs(pos: &Position, a: &Assignment) -> Vec<bool> {
    let mut own = vec![false; pos.rules.costs.len()];
    for k in pos.rules.incurred(a) {
        own[k] = true;
    }
    own
}

/// CR 508.1c-d, issue 39: a check of a declaration that breaks caps on a large adversarial board
/// (P = 8, N = 600) proves its verdict and maximum, and offers a legal declaration though its
/// search is over the budget of columns (`Strategy::alternative_budget`): legal when checked,
/// marked `closest_proven` false, and no farther than the closest declaration that pays
/// nothing (the floor it starts from).
#[test]
fn cr_508_1c_a_check_over_the_alternative_s_budget_still_offers_a_legal_declaration() {
    let pos = position(8, 600, 1, Profile::Adversarial);
    let a = everything(&pos);
    let d = pos.declaration(&a);
    let r = pos.check(&d, &attackopt::Options::default()).unwrap();
    assert_eq!((r.verdict(), r.proof.as_str()), (Some(false), "ilp-optimal"));
    let alt = r.legal_alternative.as_ref().expect("a legal alternative");
    assert_eq!(r.closest_proven, Some(false));
    let again = pos.check(alt, &attackopt::Options::default()).unwrap();
    assert_eq!(again.verdict(), Some(true), "{:?}", again.violations);
    let none = vec![false; pos.rules.costs.len()];
    let floor = Ilp::default().maximum_with(&pos, &none, Tie::Closest(&a)).unwrap().witness;
    let alt = attackopt::internals::legality::read_declaration(&pos, alt).0;
    assert!(distance(&alt, &a) <= distance(&floor, &a));
}

/// The bar by moves on adversarial boards (docs/rules.md section 7, CR 508.1d), where the
/// global cap is full in the free maximum's witness W0 and per-player caps are short, so
/// additions send W0's attackers home and pools are credited their room: for random
/// declarations x built from paid moves while x can still be paid, the declaration behind the
/// promise (`MoveBar::witness`) respects every restriction, incurs only x's cost instances, can
/// be paid and obeys at least the promise; and some of them use a credited room, displace
/// and relay (a base attacker x leaves alone moved out of a short cap).
#[test]
fn cr_508_1d_move_bar_holds_on_adversarial_boards() {
    let ilp = Ilp::default();
    let (mut tried, mut credited, mut displacing, mut relaying) = (0, 0, 0, 0);
    let mut seed_state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |bound: usize| {
        seed_state ^= seed_state << 13;
        seed_state ^= seed_state >> 7;
        seed_state ^= seed_state << 17;
        (seed_state % bound as u64) as usize
    };
    for (players, creatures, seed) in [(8, 1000, 9101), (8, 300, 1), (4, 1000, 2), (8, 1000, 3), (4, 2500, 9101), (8, 2500, 9102)] {
        let pos = position(players, creatures, seed, Profile::Adversarial);
        let rules = &pos.rules;
        let none = vec![false; rules.costs.len()];
        let w0 = ilp.maximum_with(&pos, &none, Tie::FewestCosts).unwrap().witness;
        let Some(bar) = pos.move_bar(&w0) else { continue };
        credited += usize::from(bar.displaced.iter().any(|d| d.room > 0));
        let pairs: Vec<(usize, usize)> = bar.gains.iter().enumerate().flat_map(|(c, g)| g.iter().map(move |&(t, _)| (c, t))).collect();
        if pairs.is_empty() {
            continue;
        }
        // Additions into one pool, as many as can be paid, fill its room and displace.
        let pools: Vec<usize> = bar.displaced.iter().filter(|d| !d.pool.is_empty() || !d.relays.is_empty()).map(|d| d.key).collect();
        for sample in 0..60 {
            let mut chosen = pairs.clone();
            if sample % 2 == 1 && !pools.is_empty() {
                let key = pools[next(pools.len())];
                let open = |d: &attackopt::internals::rules::Displaced| !d.pool.is_empty() || !d.relays.is_empty();
                // Where W places them (the best move their instances allow).
                let into = |c: usize, t: usize| bar.place(c, t).is_some_and(|u| bar.displaced[u].key == key && open(&bar.displaced[u]));
                chosen.retain(|&(c, t)| w0[c].is_none() && into(c, t));
            }
            let mut x: Assignment = vec![None; rules.creatures.len()];
            for _ in 0..chosen.len() {
                let (c, t) = chosen[next(chosen.len())];
                let before = x[c];
                x[c] = Some(t);
                if !pos.can_pay(&x).unwrap() {
                    x[c] = before;
                    if sample % 2 == 0 {
                        break;
                    }
                }
            }
            let w = bar.witness(&w0, &x);
            let what = format!("P={players} N={creatures} seed {seed}, x = {x:?}");
            assert!(rules.respects_restrictions(&w), "{what}: the moved declaration breaks a restriction");
            let incurred = rules.incurred(&w);
            assert!(incurred.iter().all(|k| rules.incurred(&x).contains(k)), "{what}: the moved declaration incurs more than x");
            assert!(pos.can_pay(&w).unwrap(), "{what}: the moved declaration can't be paid");
            let promise = bar.promise(&x);
            assert!(rules.obeyed(&w) as f64 + 1e-9 >= promise, "{what}: obeys {} < promised {promise}", rules.obeyed(&w));
            tried += 1;
            displacing += usize::from(w.iter().zip(&w0).any(|(a, b)| a.is_none() && b.is_some()));
            relaying += usize::from((0..w.len()).any(|c| x[c].is_none() && w0[c].is_some() && w[c].is_some() && w[c] != w0[c]));
        }
    }
    println!(
        "move bars on adversarial boards: {tried} declarations, {credited} boards with credited rooms, {displacing} displacing, {relaying} relaying"
    );
    assert!(
        credited >= 2 && displacing >= 20 && relaying >= 20,
        "{credited} boards with credited rooms, {displacing} declarations displacing, {relaying} relaying: the test means nothing"
    );
}
