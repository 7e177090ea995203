//! Differential property tests for blocks (CR 509.1, docs/blocks.md slice 3): the integer
//! program (`Ilp` as a `BlockMaximizer`) against the exhaustive checker (`ExhaustiveBlocks`) on
//! random `BlockRules` generated directly as plain data, so that every restriction and
//! requirement kind, capacity and cost is exercised whether or not the board format reads it
//! yet; and a combat too large for the exhaustive checker, answered with a proof by the default
//! method through the library and the command line.
//!
//! Run: `cargo test --release --test it block_differential::`. Counts: [`CASES`] random rules in
//! CI's heavy step (`ATTACKOPT_HEAVY=1`, the differential step of `.ci/run`), a tenth in a plain
//! `cargo test --release` (CI's test step: the heavy step runs them in full right after, new
//! boards each run), `ATTACKOPT_BLOCK_CASES` overriding either; each maximized under the free baseline (no cost
//! allowed), a paid baseline (a random subset of the cost instances allowed) and every cost
//! allowed, by the default program and by a program probed at its first node: 3 × 2 integer
//! programs and 3 exhaustive maxima per case.
//!
//! Per case and allowed set, with a random monotone payability oracle (per-controller budgets
//! over random per-instance prices):
//! - the two methods' maxima are equal, and the program's proof is `ilp_optimal`;
//! - each witness blocks only allowed pairs within capacity (CR 509.1a), respects every
//!   restriction (509.1b), incurs only allowed instances and can be paid (509.1d), and obeys
//!   exactly the maximum (509.1c);
//! - the program's witness differs from `prefer` in as few blockers as the exhaustive one's;
//! - maxima grow with the allowed set (free ≤ paid ≤ all).
//!
//! And `enumerate` by the program (`Ilp::block_enumerate`) on [`CASES`] / 20 of them, under both
//! baselines: the exhaustive checker's legal declarations, fewest blocks first (`enumerate_case`).
//!
//! On a failure proptest shrinks the case and prints it (`Debug` of [`Case`], the rules in full):
//! keep it as a test here that builds that case, named after what it exercises.

use crate::common::{self, run_bin, temp_file};
use attackopt::internals::ilp::{Ilp, Strategy as SearchStrategy};
use attackopt::internals::legality::blocks::exhaustive::candidates;
use attackopt::internals::legality::blocks::exhaustive::{distance, ExhaustiveBlocks};
use attackopt::internals::legality::blocks::{allowed_costs, BlockMaximizer, BlockMaximum, Payability};
use attackopt::internals::rules::blocks::{
    Attacker, BlockAssignment, BlockCost, BlockRequirement, BlockRequirementKind, BlockRestriction, BlockRestrictionKind, BlockRules, Blocker,
    ANY_NUMBER,
};
use attackopt::{AnyDeclaration, Baseline, BlockDeclaration, Deadline, ErrorKind, Method, Options, Position, Proof, SolveError};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::Config as ProptestConfig;
use serde_json::{json, Value};

/// Random rules per run of the property in CI's heavy step (about 25 s in release on a loaded
/// 2-core machine).
const CASES: u32 = 4000;

/// The payability oracle: each controller pays the prices of its blockers' incurred instances
/// from its budget. Monotone, as the real one (a subset costs no more).
#[derive(Debug, Clone)]
struct Budgets {
    /// Per cost instance, its price and the controller paying it.
    price: Vec<(u32, usize)>,
    /// Per controller.
    budget: Vec<u32>,
}

impl Payability for Budgets {
    fn payable(&self, incurred: &[usize]) -> Result<bool, SolveError> {
        let mut spent = vec![0u32; self.budget.len()];
        for &k in incurred {
            let (price, who) = self.price[k];
            spent[who] += price;
        }
        Ok(spent.iter().zip(&self.budget).all(|(s, b)| s <= b))
    }
}

/// One random case: the rules, the oracle, the paid baseline's allowed instances and the
/// declaration the witness should stay close to.
#[derive(Debug, Clone)]
struct Case {
    rules: BlockRules,
    budgets: Budgets,
    paid: Vec<bool>,
    prefer: BlockAssignment,
}

/// A blocker as drawn: controller, capacity (1, 2, any), eligible, banned pairs, cost instances
/// (price, allowed under the paid baseline).
type BlockerDraw = (usize, u8, bool, Vec<bool>, Vec<(u32, bool)>);

fn restriction(na: usize, nb: usize) -> impl Strategy<Value = BlockRestrictionKind> {
    prop_oneof![
        (0..nb, 1usize..=2).prop_map(|(blocker, others)| BlockRestrictionKind::NotAlone { blocker, others }),
        // The side (CR 802.4b) is drawn among 0 and 1: sides without blockers included.
        (0usize..=3, 0usize..2).prop_map(|(count, side)| BlockRestrictionKind::MaxBlockers { count, side }),
        (0..na, 1usize..=3).prop_map(|(attacker, count)| BlockRestrictionKind::AtLeast { attacker, count }),
        (0..na, 0usize..=2).prop_map(|(attacker, count)| BlockRestrictionKind::AtMost { attacker, count }),
        (0..na, vec(0..nb, 0..=3)).prop_map(|(attacker, mut blockers)| {
            blockers.sort_unstable();
            blockers.dedup();
            BlockRestrictionKind::AllOrNone { attacker, blockers }
        }),
    ]
}

fn requirement(na: usize, nb: usize) -> impl Strategy<Value = (BlockRequirementKind, bool)> {
    let kind = prop_oneof![
        (0..nb).prop_map(|blocker| BlockRequirementKind::Blocks { blocker }),
        (0..nb, 0..na).prop_map(|(blocker, attacker)| BlockRequirementKind::BlocksAttacker { blocker, attacker }),
        (0..na).prop_map(|attacker| BlockRequirementKind::Blocked { attacker }),
        (0..na).prop_map(|attacker| BlockRequirementKind::BlockedByExactlyOne { attacker }),
    ];
    (kind, prop::bool::weighted(0.85))
}

/// Random block rules: 1-3 attackers, 1-6 blockers, 1-2 defending players (or one team under
/// shared turns), every restriction and requirement kind, capacities 1, 2 and any number, 0-2
/// cost instances per blocker.
fn case() -> impl Strategy<Value = Case> {
    case_of(3, 6)
}

/// As [`case`], with up to `attackers` attackers and `blockers` blockers.
fn case_of(attackers: usize, blockers: usize) -> impl Strategy<Value = Case> {
    (1usize..=attackers, 1usize..=blockers, 1usize..=2)
        .prop_flat_map(|(na, nb, np)| {
            let blocker = (0..np, 0u8..3, prop::bool::weighted(0.9), vec(prop::bool::weighted(0.2), na), vec((0u32..4, any::<bool>()), 0..=2));
            (
                vec(0..np, na),
                vec(blocker, nb),
                any::<bool>(),
                vec(restriction(na, nb), 0..=4),
                vec(requirement(na, nb), 0..=6),
                vec(0u32..6, np),
                vec(vec(0..na, 0..=2), nb),
            )
        })
        .prop_map(|(defenders, blockers, shared, restrictions, requirements, budget, prefer)| {
            build(&defenders, &blockers, shared, restrictions, requirements, budget, prefer)
        })
}

#[allow(clippy::too_many_arguments)]
fn build(
    defenders: &[usize],
    draws: &[BlockerDraw],
    shared: bool,
    restrictions: Vec<BlockRestrictionKind>,
    requirements: Vec<(BlockRequirementKind, bool)>,
    budget: Vec<u32>,
    prefer: Vec<Vec<usize>>,
) -> Case {
    let attackers: Vec<Attacker> = defenders
        .iter()
        .enumerate()
        .map(|(a, &defender)| Attacker { permanent: a, id: format!("a{a}"), target: defender, defender, flying: false })
        .collect();
    let (mut blockers, mut banned, mut costs, mut price, mut paid) = (vec![], vec![], vec![], vec![], vec![]);
    for (b, (controller, capacity, eligible, bans, instances)) in draws.iter().enumerate() {
        // CR 509.1a: attackers attacking its controller (the team's under shared turns).
        let legal: Vec<usize> = if *eligible { (0..defenders.len()).filter(|&a| shared || defenders[a] == *controller).collect() } else { vec![] };
        let allowed: Vec<usize> = legal.iter().copied().filter(|&a| !bans[a]).collect();
        banned.extend(legal.iter().filter(|&&a| bans[a]).map(|&a| (b, a)));
        let capacity = [1, 2, ANY_NUMBER][*capacity as usize];
        let ineligible = (!eligible).then(|| "it is tapped (CR 509.1a)".to_string());
        // CR 802.4b: each defending player's blocks apart; under shared turns one team.
        let side = if shared { 0 } else { *controller };
        blockers.push(Blocker { permanent: 100 + b, id: format!("b{b}"), controller: *controller, side, capacity, ineligible, legal, allowed });
        for &(p, allowed) in instances {
            costs.push(BlockCost { blocker: b, cost: vec![], source: format!("cost {}", costs.len()) });
            price.push((p, *controller));
            paid.push(allowed);
        }
    }
    let mut restrictions: Vec<BlockRestriction> =
        restrictions.into_iter().map(|kind| BlockRestriction { kind, source: "test".into(), text: "test".into() }).collect();
    if !banned.is_empty() {
        restrictions.push(BlockRestriction { kind: BlockRestrictionKind::Pairs { pairs: banned }, source: "test".into(), text: "test".into() });
    }
    let requirements = requirements.into_iter().map(|(kind, counts)| BlockRequirement { kind, source: "test".into(), counts }).collect();
    // The declaration checked: legal pairs (banned ones too) within capacity.
    let prefer = prefer
        .into_iter()
        .zip(&blockers)
        .map(|(mut p, b)| {
            p.retain(|a| b.legal.contains(a));
            p.sort_unstable();
            p.dedup();
            p.truncate(b.capacity);
            p
        })
        .collect();
    let np = budget.len();
    let rules = BlockRules { attackers, blockers, restrictions, requirements, costs, defending_players: (0..np).collect() };
    Case { rules, budgets: Budgets { price, budget }, paid, prefer }
}

/// `case` with copies of its attackers: `copies[a]` more of attacker a, each attacking the
/// same player, allowed and banned to the same blockers, with a's "none or at least N" and "at
/// most N" restrictions and its "is blocked" requirements, so that the integer program puts
/// them in one class (docs/blocks.md "Deciding"); what names a alone (all or none, "blocks a",
/// "blocked by exactly one") stays on a. Without `keep_prefer` the declaration checked is
/// empty, so that no attacker is kept alone for it.
fn with_copies(case: &Case, copies: &[usize], keep_prefer: bool) -> Case {
    let mut c = case.clone();
    let rules = &mut c.rules;
    let mut made: Vec<(usize, usize)> = vec![];
    for (a, &k) in copies.iter().enumerate().filter(|&(a, _)| a < case.rules.attackers.len()) {
        for _ in 0..k {
            let copy = rules.attackers.len();
            let mut attacker = rules.attackers[a].clone();
            attacker.permanent = 50 + copy;
            attacker.id = format!("a{copy}");
            rules.attackers.push(attacker);
            made.push((a, copy));
        }
    }
    for blocker in &mut rules.blockers {
        for &(a, copy) in &made {
            if blocker.legal.contains(&a) {
                blocker.legal.push(copy);
            }
            if blocker.allowed.contains(&a) {
                blocker.allowed.push(copy);
            }
        }
        blocker.legal.sort_unstable();
        blocker.allowed.sort_unstable();
    }
    let mut more = vec![];
    for r in &mut rules.restrictions {
        match &mut r.kind {
            BlockRestrictionKind::Pairs { pairs } => {
                let extra: Vec<(usize, usize)> =
                    made.iter().flat_map(|&(a, copy)| pairs.iter().filter(move |p| p.1 == a).map(move |&(b, _)| (b, copy))).collect();
                pairs.extend(extra);
                pairs.sort_unstable();
            }
            &mut BlockRestrictionKind::AtLeast { attacker, count } => {
                more.extend(made.iter().filter(|m| m.0 == attacker).map(|&(_, copy)| BlockRestrictionKind::AtLeast { attacker: copy, count }))
            }
            &mut BlockRestrictionKind::AtMost { attacker, count } => {
                more.extend(made.iter().filter(|m| m.0 == attacker).map(|&(_, copy)| BlockRestrictionKind::AtMost { attacker: copy, count }))
            }
            BlockRestrictionKind::NotAlone { .. } | BlockRestrictionKind::AllOrNone { .. } | BlockRestrictionKind::MaxBlockers { .. } => {}
        }
    }
    rules.restrictions.extend(more.into_iter().map(|kind| BlockRestriction { kind, source: "test".into(), text: "test".into() }));
    let mut reqs = vec![];
    for r in &rules.requirements {
        if let BlockRequirementKind::Blocked { attacker } = r.kind {
            reqs.extend(
                made.iter()
                    .filter(|m| m.0 == attacker)
                    .map(|&(_, copy)| BlockRequirement { kind: BlockRequirementKind::Blocked { attacker: copy }, ..r.clone() }),
            );
        }
    }
    rules.requirements.extend(reqs);
    if !keep_prefer {
        c.prefer = vec![vec![]; c.prefer.len()];
    }
    c
}

/// `case` with `copies[b]` copies of blocker b (one without a cost to block): the same
/// controller, capacity, allowed attackers, banned pairs and "blocks if able" requirements, so
/// that an enumeration can swap it for its copies (src/ilp/blocks.rs `Lister::swaps`).
fn with_blocker_copies(case: &Case, copies: &[usize]) -> Case {
    let mut c = case.clone();
    let rules = &mut c.rules;
    let mut made: Vec<(usize, usize)> = vec![];
    for (b, &k) in copies.iter().enumerate().filter(|&(b, _)| b < case.rules.blockers.len()) {
        if case.rules.costs.iter().any(|cost| cost.blocker == b) {
            continue;
        }
        for _ in 0..k {
            let copy = rules.blockers.len();
            let mut blocker = rules.blockers[b].clone();
            blocker.permanent = 100 + copy;
            blocker.id = format!("b{copy}");
            rules.blockers.push(blocker);
            c.prefer.push(vec![]);
            made.push((b, copy));
        }
    }
    for r in &mut rules.restrictions {
        if let BlockRestrictionKind::Pairs { pairs } = &mut r.kind {
            let extra: Vec<(usize, usize)> =
                made.iter().flat_map(|&(b, copy)| pairs.iter().filter(move |p| p.0 == b).map(move |&(_, a)| (copy, a))).collect();
            pairs.extend(extra);
            pairs.sort_unstable();
        }
    }
    let mut reqs = vec![];
    for r in &rules.requirements {
        if let BlockRequirementKind::Blocks { blocker } = r.kind {
            reqs.extend(
                made.iter()
                    .filter(|m| m.0 == blocker)
                    .map(|&(_, copy)| BlockRequirement { kind: BlockRequirementKind::Blocks { blocker: copy }, ..r.clone() }),
            );
        }
    }
    rules.requirements.extend(reqs);
    c
}

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(format!($($fmt)+));
        }
    };
}

/// A maximum's witness is a declaration reaching it: allowed pairs within capacity (CR 509.1a),
/// every restriction (509.1b), only allowed instances, payable (509.1d), `value` requirements.
fn valid_witness(case: &Case, allowed: &[bool], m: &BlockMaximum) -> Result<(), String> {
    let (rules, x) = (&case.rules, &m.witness);
    ensure!(x.len() == rules.blockers.len(), "a witness of {} blockers", x.len());
    for (blocks, b) in x.iter().zip(&rules.blockers) {
        let mut sorted = blocks.clone();
        sorted.sort_unstable();
        sorted.dedup();
        ensure!(sorted.len() == blocks.len() && blocks.len() <= b.capacity, "{} blocks {blocks:?}", b.id);
        ensure!(blocks.iter().all(|a| b.allowed.contains(a)), "{} blocks {blocks:?}, allowed {:?}", b.id, b.allowed);
    }
    ensure!(rules.respects_restrictions(x), "the witness {x:?} breaks a restriction");
    let incurred = rules.incurred(x);
    ensure!(incurred.iter().all(|&k| allowed[k]), "the witness {x:?} incurs {incurred:?}, allowed {allowed:?}");
    ensure!(case.budgets.payable(&incurred).unwrap(), "the witness {x:?} can't be paid");
    ensure!(rules.obeyed(x) == m.value, "the witness {x:?} obeys {}, the maximum says {}", rules.obeyed(x), m.value);
    Ok(())
}

/// The properties of the module comment on one case.
fn run_case(case: &Case) -> Result<(), String> {
    let rules = &case.rules;
    let n = rules.costs.len();
    let probed = Ilp::default().with(SearchStrategy { probe_after: Some(0), ..SearchStrategy::default() });
    let mut maxima = Vec::new();
    for (name, allowed) in [("free", vec![false; n]), ("paid", case.paid.clone()), ("all", vec![true; n])] {
        let reference = ExhaustiveBlocks
            .block_maximum(rules, &allowed, &case.budgets, &case.prefer, Deadline::none())
            .map_err(|e| format!("{name}: exhaustive: {e}"))?;
        valid_witness(case, &allowed, &reference).map_err(|e| format!("{name}: exhaustive: {e}"))?;
        for (method, ilp) in [("ilp", Ilp::default()), ("ilp-probed", probed)] {
            let m =
                ilp.block_maximum(rules, &allowed, &case.budgets, &case.prefer, Deadline::none()).map_err(|e| format!("{name}: {method}: {e}"))?;
            ensure!(m.value == reference.value, "{name}: {method} says {}, the exhaustive checker {}", m.value, reference.value);
            ensure!(m.proof == Proof::IlpOptimal, "{name}: {method}: proof {:?}", m.proof);
            valid_witness(case, &allowed, &m).map_err(|e| format!("{name}: {method}: {e}"))?;
            let (d, best) = (distance(&m.witness, &case.prefer), distance(&reference.witness, &case.prefer));
            ensure!(d == best, "{name}: {method}'s witness {:?} changes {d} blockers of {:?}, the closest {best}", m.witness, case.prefer);
        }
        maxima.push(reference.value);
    }
    ensure!(maxima[0] <= maxima[1] && maxima[1] <= maxima[2], "maxima free, paid, all: {maxima:?}");
    Ok(())
}

fn cases() -> u32 {
    let default = if common::heavy() { CASES } else { CASES / 10 };
    std::env::var("ATTACKOPT_BLOCK_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, max_shrink_time: 60_000, ..ProptestConfig::default() })]

    /// CR 509.1b-d: the integer program and the exhaustive checker agree on random block rules.
    #[test]
    fn cr_509_1c_the_block_program_matches_the_exhaustive_checker(case in case()) {
        if let Err(e) = run_case(&case) {
            return Err(TestCaseError::fail(e));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases() / 2, failure_persistence: None, max_shrink_time: 60_000, ..ProptestConfig::default() })]

    /// CR 509.1b-c: classes of interchangeable attackers (one count per blocker and class, the
    /// blocks dealt to the members in turn) lose no declaration: the program and the exhaustive
    /// checker agree on random rules whose attackers come in copies.
    #[test]
    fn cr_509_1c_classes_of_interchangeable_attackers_match_the_exhaustive_checker(
        (case, copies, keep_prefer) in (case_of(2, 3), vec(0usize..=2, 2), any::<bool>())
    ) {
        if let Err(e) = run_case(&with_copies(&case, &copies, keep_prefer)) {
            return Err(TestCaseError::fail(e));
        }
    }
}

/// The legal declarations of `case` under `baseline`, from the exhaustive checker's candidates
/// (every restriction obeyed, payable): those obeying their bar, the maximum over the
/// candidates incurring only what the baseline allows them (CR 509.1c), sorted.
fn legal_by_exhaustion(case: &Case, baseline: Baseline) -> Vec<BlockAssignment> {
    let rules = &case.rules;
    let all = candidates(rules, &vec![true; rules.costs.len()], &case.budgets, Deadline::none()).expect("candidates");
    // The most obeyed per set of incurred cost instances, then each set's bar over the sets
    // it allows: per set, not per pair of candidates (a case of capacities "any number" has
    // 8^6 candidates, whose pairs took CI an hour).
    let incurred: Vec<Vec<usize>> = all.iter().map(|c| rules.incurred(&c.assignment)).collect();
    let mut best: std::collections::BTreeMap<&[usize], usize> = std::collections::BTreeMap::new();
    for (c, inc) in all.iter().zip(&incurred) {
        let b = best.entry(inc.as_slice()).or_insert(c.obeyed);
        *b = (*b).max(c.obeyed);
    }
    let bar_of = |inc: &[usize]| {
        let allowed = allowed_costs(rules, baseline, inc);
        best.iter().filter(|(set, _)| set.iter().all(|&k| allowed[k])).map(|(_, &o)| o).max()
    };
    let bars: std::collections::BTreeMap<&[usize], Option<usize>> = best.keys().map(|&set| (set, bar_of(set))).collect();
    let mut legal: Vec<BlockAssignment> =
        all.iter().zip(&incurred).filter(|(c, inc)| Some(c.obeyed) >= bars[inc.as_slice()]).map(|(c, _)| sorted_blocks(&c.assignment)).collect();
    legal.sort();
    legal
}

fn sorted_blocks(x: &BlockAssignment) -> BlockAssignment {
    x.iter()
        .map(|blocks| {
            let mut b = blocks.clone();
            b.sort_unstable();
            b
        })
        .collect()
}

/// The most declarations a case's list is compared in full: past it, its first ones (a case
/// of hundreds costs as many programs).
const LISTED: usize = 40;

/// `enumerate` by the integer program on one case and baseline, with limit `LISTED`: a list of
/// every legal declaration the exhaustive checker finds, complete, when there are no more than
/// that; else incomplete, of that many, each legal and distinct, with the fewest blocks there
/// are (the sizes of the exhaustive list's first ones); fewest blocks first either way.
fn enumerate_case(case: &Case, baseline: Baseline) -> Result<(), String> {
    let rules = &case.rules;
    let want = legal_by_exhaustion(case, baseline);
    let list = Ilp::default().block_enumerate(rules, &case.budgets, baseline, LISTED).map_err(|e| format!("{baseline}: {e}"))?;
    ensure!(!list.time_limit_reached, "{baseline}: out of time");
    let size = |x: &BlockAssignment| x.iter().map(Vec::len).sum::<usize>();
    let sizes: Vec<usize> = list.found.iter().map(size).collect();
    ensure!(sizes.windows(2).all(|w| w[0] <= w[1]), "{baseline}: not fewest blocks first: {sizes:?}");
    let mut got: Vec<BlockAssignment> = list.found.iter().map(sorted_blocks).collect();
    got.sort();
    if want.len() <= LISTED {
        ensure!(list.complete, "{baseline}: incomplete with {} of {}", got.len(), want.len());
        ensure!(got == want, "{baseline}: the program lists {got:?}, the exhaustive checker {want:?}");
    } else {
        ensure!(!list.complete && got.len() == LISTED, "{baseline}: {} listed of {}, complete {}", got.len(), want.len(), list.complete);
        ensure!(got.windows(2).all(|w| w[0] != w[1]), "{baseline}: a declaration listed twice");
        ensure!(got.iter().all(|x| want.binary_search(x).is_ok()), "{baseline}: an illegal declaration listed: {got:?}");
        let mut fewest: Vec<usize> = want.iter().map(size).collect();
        fewest.sort_unstable();
        ensure!(sizes[..] == fewest[..LISTED], "{baseline}: sizes {sizes:?}, the fewest {:?}", &fewest[..LISTED]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases() / 20, failure_persistence: None, max_shrink_time: 60_000, ..ProptestConfig::default() })]

    /// CR 509.1b-d: `enumerate` by the integer program (no-good cuts, fewest blocks first)
    /// lists exactly the legal declarations the exhaustive checker finds, under both baselines.
    #[test]
    fn cr_509_1c_the_block_program_enumerates_what_the_exhaustive_checker_finds(case in case()) {
        for baseline in [Baseline::Free, Baseline::Paid] {
            if let Err(e) = enumerate_case(&case, baseline) {
                return Err(TestCaseError::fail(e));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases() / 20, failure_persistence: None, max_shrink_time: 60_000, ..ProptestConfig::default() })]

    /// CR 509.1b-d: `enumerate` on random rules whose attackers and blockers come in copies,
    /// where it lists swaps of interchangeable creatures without a solve, lists exactly the
    /// legal declarations the exhaustive checker finds, under both baselines.
    #[test]
    fn cr_509_1c_the_block_program_enumerates_swaps_of_copies_as_the_exhaustive_checker(
        (case, attackers, blockers) in (case_of(2, 3), vec(0usize..=1, 2), vec(0usize..=1, 3))
    ) {
        let case = with_blocker_copies(&with_copies(&case, &attackers, false), &blockers);
        for baseline in [Baseline::Free, Baseline::Paid] {
            if let Err(e) = enumerate_case(&case, baseline) {
                return Err(TestCaseError::fail(e));
            }
        }
    }
}

/// CR 509.1d: a cost instance the oracle can't pay with the others is cut off, and only the
/// declarations incurring it with them: one controller with budget 2 and three blockers costing
/// 2 each, each blocking its own attacker if able. Only one can block; the program's first
/// solutions (two or three blocking) are cut by the lazy loop.
#[test]
fn cr_509_1d_the_cost_cuts_keep_every_payable_declaration() {
    let draws: Vec<BlockerDraw> = (0..3).map(|_| (0, 0, true, vec![false; 3], vec![(2, true)])).collect();
    let reqs = (0..3).map(|b| (BlockRequirementKind::BlocksAttacker { blocker: b, attacker: b }, true)).collect();
    let case = build(&[0, 0, 0], &draws, false, vec![], reqs, vec![2], vec![vec![]; 3]);
    let all = vec![true; 3];
    let m = Ilp::default().block_maximum(&case.rules, &all, &case.budgets, &case.prefer, Deadline::none()).expect("a maximum");
    let e = ExhaustiveBlocks.block_maximum(&case.rules, &all, &case.budgets, &case.prefer, Deadline::none()).expect("a maximum");
    assert_eq!((m.value, e.value), (1, 1));
    valid_witness(&case, &all, &m).unwrap();
}

// ---------------------------------------------------------------- a combat past the checker

fn creature(id: &str, controller: &str, keywords: &[&str]) -> Value {
    json!({"id": id, "name": format!("Test {id}"), "controller": controller, "types": ["Creature", "Token"], "power": 2, "keywords": keywords})
}

/// 40 blockers of B (the last 10 with reach) against 10 attackers of A: a0 with lure and menace,
/// a1 flying with lure, the others plain; every blocker "blocks each combat if able". Each
/// blocker can obey its "blocks" and one lure requirement (capacity 1), so the maximum is 80.
fn large_combat() -> Value {
    let mut permanents: Vec<Value> = (0..10)
        .map(|i| match i {
            0 => creature("a0", "A", &["Menace"]),
            1 => creature("a1", "A", &["Flying"]),
            _ => creature(&format!("a{i}"), "A", &[]),
        })
        .collect();
    permanents.extend((0..40).map(|i| creature(&format!("b{i}"), "B", if i >= 30 { &["Reach"] } else { &[] })));
    let blockers: Vec<String> = (0..40).map(|i| format!("b{i}")).collect();
    json!({
        "attackopt": 1,
        "active_player": "A",
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": permanents,
        "effects": [
            {"kind": "blocks_if_able", "creatures": blockers, "source": "Test eager"},
            {"kind": "lure", "creatures": ["a0", "a1"], "source": "Test lure"}
        ],
        "combat": {"attacks": (0..10).map(|i| json!({"creature": format!("a{i}"), "target": "B"})).collect::<Vec<_>>()}
    })
}

fn block_declaration(json: &Value) -> BlockDeclaration {
    match attackopt::parse_any_declaration(&json.to_string(), "d.json") {
        Ok((AnyDeclaration::Blocks(d), _)) => d,
        other => panic!("not a declaration of blockers: {other:?}"),
    }
}

/// CR 509.1c on 40 blockers × 10 attackers (11^30 · 12^10 declarations, past the exhaustive
/// checker's bound): the default method proves the maximum (80) with the integer program; no
/// block is illegal, with a witness that checks legal; every blocker on a0 is legal; the
/// integer program enumerates legal declarations; the exhaustive method refuses the combat as
/// too large.
#[test]
fn cr_509_1c_a_combat_too_large_for_the_exhaustive_checker_is_proven_by_the_integer_program() {
    let board = large_combat();
    let pos = Position::from_json(&board.to_string(), "board.json").expect("a board");
    let none = block_declaration(&json!({"blocks": []}));
    let r = pos.check_blocks(&none, &Options::default()).expect("an answer");
    assert_eq!((r.legal, r.proof, r.requirements_obeyed, r.requirements_max), (Some(false), Proof::IlpOptimal, 0, 80), "{:?}", r.violations);
    let witness = r.witness.expect("a witness");
    let again = pos.check_blocks(&witness, &Options::default()).expect("an answer");
    assert_eq!((again.legal, again.requirements_obeyed), (Some(true), 80), "{:?}", again.violations);
    let all_on_a0: Vec<Value> = (0..40).map(|i| json!({"blocker": format!("b{i}"), "attacker": "a0"})).collect();
    let all_on_a0 = json!({"blocks": all_on_a0});
    let r = pos.check_blocks(&block_declaration(&all_on_a0), &Options::default()).expect("an answer");
    assert_eq!((r.legal, r.proof, r.requirements_max), (Some(true), Proof::IlpOptimal, 80), "{:?}", r.violations);
    let exhaustive = Options { method: Method::Exhaustive, ..Options::default() };
    let e = pos.check_blocks(&none, &exhaustive).expect_err("too large for the exhaustive checker");
    assert_eq!(e.kind(), ErrorKind::TooLarge);
    // `enumerate` by the integer program: of the 2^10 legal declarations (b30-b39 on a0 or a1,
    // the others on a0), the first three, each checked legal, the list incomplete.
    let listed = pos.enumerate_blocks(3, &Options::default()).expect("a list");
    assert_eq!((listed.declarations.len(), listed.complete, listed.time_limit_reached, listed.method), (3, false, false, "free"));
    for r in &listed.declarations {
        assert_eq!((r.legal, r.requirements_obeyed, r.declaration.blocks.len()), (Some(true), 80, 40), "{:?}", r.declaration);
    }
    assert_eq!(pos.enumerate_blocks(3, &exhaustive).expect_err("too large").kind(), ErrorKind::TooLarge);
    // The command line: the same answers, the default method's proof in the JSON.
    let (board_file, legal_file) = (temp_file("large-blocks", &board.to_string()), temp_file("large-blocks-decl", &all_on_a0.to_string()));
    let (bf, lf) = (board_file.to_str().unwrap(), legal_file.to_str().unwrap());
    let out = run_bin(&["check", bf, lf, "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!((&v["legal"], &v["proof"], &v["requirements_max"]), (&json!(true), &json!("ilp-optimal"), &json!(80)), "{v:#}");
    let out = run_bin(&["check", bf, lf, "--method", "exhaustive"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stdout));
    for f in [board_file, legal_file] {
        let _ = std::fs::remove_file(f);
    }
}
