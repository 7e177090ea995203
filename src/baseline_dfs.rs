//! A bound-pruned depth-first search for the maximum of docs/rules.md section 7: the kind of method
//! other engines use, kept as a baseline for benchmarks (issue 4) and as a second, independent
//! [`Maximizer`] for tests.
//!
//! It branches creature by creature over "no attack" and each target the creature is allowed
//! (CR 508.1a-c) that incurs no cost instance outside `allowed`. A branch is cut when
//! - its upper bound (creature requirements obeyed so far + the most each remaining creature
//!   could still obey + player requirements satisfied or still satisfiable by a remaining
//!   creature) is no better than the best declaration found;
//! - a cap ("at most m attackers (of T)") would be exceeded, or a second creature would join
//!   one that can only attack alone (CR 506.5);
//! - "can't attack unless k others attack" can no longer be met by the remaining creatures.
//!
//! At a leaf every restriction holds by construction except "k others" and "unless another of
//! these attacks" (CR 508.1c: Scarred Puma, Okk), checked there, and
//! the costs are paid with [`crate::mana`] (answers memoized by cost instances and tapped mana
//! creatures). Creatures are searched most-requirements first, and at each creature the
//! choices that gain the most come first, so good declarations are found early.
//!
//! The search is exponential in the worst case; it stops with [`SolveError::TimeLimit`] when
//! its node budget or deadline runs out.

use crate::deadline::Deadline;
use crate::legality::{Maximizer, Maximum, Proof, SolveError};
use crate::position::Position;
use crate::rules::{in_targets, Assignment, RequirementKind, RestrictionKind};
use std::collections::HashMap;
use web_time::Instant;

/// The depth-first search, with a node budget and an optional deadline.
#[derive(Debug, Clone, Copy)]
pub struct BaselineDfs {
    /// Most search nodes (choices applied) before giving up.
    pub max_nodes: u64,
    /// When to give up.
    pub deadline: Deadline,
}

impl Default for BaselineDfs {
    fn default() -> Self {
        BaselineDfs { max_nodes: 50_000_000, deadline: Deadline::none() }
    }
}

impl BaselineDfs {
    /// The search, giving up `seconds` from now (see [`Deadline::after`]).
    pub fn with_time_limit(seconds: f64) -> BaselineDfs {
        BaselineDfs { deadline: Deadline::after(Instant::now(), seconds), ..Default::default() }
    }
}

/// One way a creature may attack.
struct Opt {
    target: usize,
    /// Creature requirements obeyed by this attack.
    weight: u32,
    /// Cost instances incurred.
    costs: Vec<usize>,
    /// Player requirements (indices into `Prep::preqs`) this attack satisfies.
    preqs: Vec<usize>,
    /// Caps (indices into `Prep::caps`) this attack counts toward.
    caps: Vec<usize>,
}

/// Everything the search needs, computed once per call.
struct Prep {
    /// Creatures in branching order.
    order: Vec<usize>,
    /// Options of `order[i]`.
    opts: Vec<Vec<Opt>>,
    /// `suffix_max[i]`: Σ over positions ≥ i of the largest option weight.
    suffix_max: Vec<u32>,
    /// `suffix_able[i]`: creatures at positions ≥ i with at least one option.
    suffix_able: Vec<u32>,
    /// Counting player requirements: the last position whose creature can satisfy each.
    preq_last: Vec<Option<usize>>,
    /// Cap limits.
    caps: Vec<u32>,
    /// Per position: the largest "k others" of that creature, and "only alone".
    min_others: Vec<u32>,
    only_alone: Vec<bool>,
    /// "Can't attack unless another of these attacks" restrictions (positions in the rules'
    /// list), checked at each leaf.
    among: Vec<usize>,
    /// Whether some requirement has a condition (CR 508.1d): leaves are then counted whole.
    conditional: bool,
}

fn prepare(pos: &Position, allowed: &[bool]) -> Prep {
    let rules = &pos.rules;
    let n = rules.creatures.len();
    // Index requirements, restrictions and costs by creature once (no quadratic scans).
    let mut reqs_of: Vec<Vec<usize>> = vec![vec![]; n];
    let mut preq_index: Vec<(usize, &Vec<usize>)> = vec![];
    for (i, r) in rules.requirements.iter().enumerate() {
        if !r.counts {
            continue;
        }
        match &r.kind {
            RequirementKind::PlayerAttacks { player, targets } => preq_index.push((*player, targets)),
            _ => reqs_of[r.creature().expect("creature requirement")].push(i),
        }
    }
    let mut costs_of: Vec<Vec<usize>> = vec![vec![]; n];
    for (k, c) in rules.costs.iter().enumerate() {
        costs_of[c.creature].push(k);
    }
    let mut min_others = vec![0u32; n];
    let mut only_alone = vec![false; n];
    let mut caps: Vec<(u32, &Option<Vec<usize>>)> = vec![];
    let mut among = vec![];
    for (i, r) in rules.restrictions.iter().enumerate() {
        match &r.kind {
            RestrictionKind::MinOtherAttackers { creature, count } => min_others[*creature] = min_others[*creature].max(*count),
            RestrictionKind::MinOtherAttackersAmong { .. } => among.push(i),
            RestrictionKind::AttacksOnlyAlone { creature } => only_alone[*creature] = true,
            RestrictionKind::MaxAttackers { count, targets, .. } => caps.push((*count, targets)),
            RestrictionKind::CantAttack { .. } => {} // already out of `allowed`
        }
    }
    let opts_of = |c: usize| -> Vec<Opt> {
        let cr = &rules.creatures[c];
        if !cr.may_attack() {
            return vec![];
        }
        cr.allowed
            .iter()
            .copied()
            .filter_map(|t| {
                let costs: Vec<usize> = costs_of[c].iter().copied().filter(|&k| in_targets(&rules.costs[k].targets, t)).collect();
                if costs.iter().any(|&k| !allowed[k]) {
                    return None;
                }
                let weight = reqs_of[c].iter().filter(|&&i| rules.obeys_pair(&rules.requirements[i], c, t)).count() as u32;
                let preqs = preq_index
                    .iter()
                    .enumerate()
                    .filter(|(_, (p, ts))| *p == cr.controller && ts.binary_search(&t).is_ok())
                    .map(|(j, _)| j)
                    .collect();
                let caps = caps.iter().enumerate().filter(|(_, (_, ts))| in_targets(ts, t)).map(|(j, _)| j).collect();
                Some(Opt { target: t, weight, costs, preqs, caps })
            })
            .collect()
    };
    let mut all: Vec<(usize, Vec<Opt>)> = (0..n).map(|c| (c, opts_of(c))).collect();
    // Most requirements first; creatures with options before those without.
    all.sort_by_key(|(c, o)| (std::cmp::Reverse(o.iter().map(|x| x.weight).max()), o.is_empty(), *c));
    let order: Vec<usize> = all.iter().map(|(c, _)| *c).collect();
    let opts: Vec<Vec<Opt>> = all.into_iter().map(|(_, o)| o).collect();
    let mut suffix_max = vec![0u32; n + 1];
    let mut suffix_able = vec![0u32; n + 1];
    for i in (0..n).rev() {
        suffix_max[i] = suffix_max[i + 1] + opts[i].iter().map(|o| o.weight).max().unwrap_or(0);
        suffix_able[i] = suffix_able[i + 1] + u32::from(!opts[i].is_empty());
    }
    let mut preq_last = vec![None; preq_index.len()];
    for (i, o) in opts.iter().enumerate() {
        for opt in o {
            for &j in &opt.preqs {
                preq_last[j] = Some(i);
            }
        }
    }
    Prep {
        min_others: order.iter().map(|&c| min_others[c]).collect(),
        only_alone: order.iter().map(|&c| only_alone[c]).collect(),
        order,
        opts,
        suffix_max,
        suffix_able,
        preq_last,
        caps: caps.iter().map(|(m, _)| *m).collect(),
        among,
        conditional: rules.has_conditions(),
    }
}

/// The mutable state of the search.
struct State {
    /// Choice at each position: None or an option index.
    choice: Vec<Option<usize>>,
    creature_obeyed: u32,
    preq_hits: Vec<u32>,
    preq_sat: u32,
    cap_used: Vec<u32>,
    attackers: u32,
    alone_attacking: u32,
    /// "k others" needs of the attackers so far (a multiset, as counts per need).
    need: Vec<u32>,
    incurred: Vec<usize>,
}

impl State {
    fn max_need(&self) -> u32 {
        self.need.iter().rposition(|&k| k > 0).map_or(0, |k| k as u32)
    }
}

struct Search<'a> {
    pos: &'a Position,
    prep: Prep,
    limits: BaselineDfs,
    nodes: u64,
    best_value: u32,
    best: Vec<Option<usize>>,
    upper: u32,
    pay_memo: HashMap<(Vec<usize>, Vec<usize>), bool>,
}

impl Search<'_> {
    fn bound(&self, s: &State, i: usize) -> u32 {
        if s.alone_attacking > 0 {
            return s.creature_obeyed + s.preq_sat;
        }
        let reachable =
            self.prep.preq_last.iter().enumerate().filter(|(j, last)| s.preq_hits[*j] == 0 && last.is_some_and(|l| l >= i)).count() as u32;
        s.creature_obeyed + self.prep.suffix_max[i] + s.preq_sat + reachable
    }

    /// Whether option `o` at position `i` may be added now (caps, "alone").
    fn can_apply(&self, s: &State, i: usize, o: usize) -> bool {
        let opt = &self.prep.opts[i][o];
        if s.alone_attacking > 0 || (s.attackers > 0 && self.prep.only_alone[i]) {
            return false;
        }
        opt.caps.iter().all(|&k| s.cap_used[k] < self.prep.caps[k])
    }

    fn apply(&self, s: &mut State, i: usize, o: usize) {
        let opt = &self.prep.opts[i][o];
        s.choice[i] = Some(o);
        s.creature_obeyed += opt.weight;
        for &j in &opt.preqs {
            if s.preq_hits[j] == 0 {
                s.preq_sat += 1;
            }
            s.preq_hits[j] += 1;
        }
        for &k in &opt.caps {
            s.cap_used[k] += 1;
        }
        s.attackers += 1;
        s.alone_attacking += u32::from(self.prep.only_alone[i]);
        let m = self.prep.min_others[i] as usize;
        if m > 0 {
            if s.need.len() <= m {
                s.need.resize(m + 1, 0);
            }
            s.need[m] += 1;
        }
        s.incurred.extend_from_slice(&opt.costs);
    }

    fn undo(&self, s: &mut State, i: usize) {
        let Some(o) = s.choice[i].take() else { return };
        let opt = &self.prep.opts[i][o];
        s.creature_obeyed -= opt.weight;
        for &j in &opt.preqs {
            s.preq_hits[j] -= 1;
            if s.preq_hits[j] == 0 {
                s.preq_sat -= 1;
            }
        }
        for &k in &opt.caps {
            s.cap_used[k] -= 1;
        }
        s.attackers -= 1;
        s.alone_attacking -= u32::from(self.prep.only_alone[i]);
        let m = self.prep.min_others[i] as usize;
        if m > 0 {
            s.need[m] -= 1;
        }
        s.incurred.truncate(s.incurred.len() - opt.costs.len());
    }

    fn assignment(&self, choice: &[Option<usize>]) -> Assignment {
        let mut a = self.pos.rules.no_attack();
        for (i, ch) in choice.iter().enumerate() {
            if let Some(o) = ch {
                a[self.prep.order[i]] = Some(self.prep.opts[i][*o].target);
            }
        }
        a
    }

    fn payable(&mut self, s: &State) -> Result<bool, SolveError> {
        if s.incurred.is_empty() {
            return Ok(true);
        }
        let a = self.assignment(&s.choice);
        let mut incurred = s.incurred.clone();
        incurred.sort_unstable();
        let tapped: Vec<usize> = self.pos.mana.sources.iter().filter_map(|src| src.tapped_if_attacks.filter(|&c| a[c].is_some())).collect();
        let key = (incurred, tapped);
        if let Some(&ok) = self.pay_memo.get(&key) {
            return Ok(ok);
        }
        let ok = self.pos.mana.pay(&self.pos.board, &self.pos.rules, &a, &key.0)?.is_some();
        self.pay_memo.insert(key, ok);
        Ok(ok)
    }

    fn tick(&mut self) -> Result<(), SolveError> {
        self.nodes += 1;
        if self.nodes > self.limits.max_nodes {
            return Err(SolveError::TimeLimit(format!("the depth-first search ran out of its budget of {} nodes", self.limits.max_nodes)));
        }
        if self.nodes.is_multiple_of(1024) && self.limits.deadline.passed() {
            return Err(SolveError::TimeLimit("the time limit ran out before the depth-first search finished".into()));
        }
        Ok(())
    }

    /// The choices at position `i`, best gain first: attacks that obey something, then no
    /// attack, then attacks that obey nothing; `prefer`'s choice first among equals.
    fn choices(&self, s: &State, i: usize, prefer: Option<usize>) -> Vec<Option<usize>> {
        let opts = &self.prep.opts[i];
        let mut v: Vec<(u32, bool, Option<usize>)> = opts
            .iter()
            .enumerate()
            .map(|(o, opt)| {
                let gain = opt.weight + opt.preqs.iter().filter(|&&j| s.preq_hits[j] == 0).count() as u32;
                (gain, prefer == Some(opt.target), Some(o))
            })
            .collect();
        v.push((0, prefer.is_none(), None));
        // Gain descending; among gain 0, "no attack" before attacks unless preferred.
        v.sort_by_key(|&(gain, pref, ch)| (std::cmp::Reverse(gain), !pref, ch.is_some()));
        v.into_iter().map(|(_, _, ch)| ch).collect()
    }

    fn run(&mut self, prefer: &Assignment) -> Result<(), SolveError> {
        let n = self.prep.order.len();
        let mut s = State {
            choice: vec![None; n],
            creature_obeyed: 0,
            preq_hits: vec![0; self.prep.preq_last.len()],
            preq_sat: 0,
            cap_used: vec![0; self.prep.caps.len()],
            attackers: 0,
            alone_attacking: 0,
            need: vec![],
            incurred: vec![],
        };
        if n == 0 || self.best_value >= self.upper {
            return Ok(());
        }
        // Frames: (choices at this position, next choice index).
        let mut frames: Vec<(Vec<Option<usize>>, usize)> = Vec::with_capacity(n);
        frames.push((self.choices(&s, 0, prefer[self.prep.order[0]]), 0));
        while let Some(depth) = frames.len().checked_sub(1) {
            self.undo(&mut s, depth);
            let (choices, next) = &mut frames[depth];
            let Some(&ch) = choices.get(*next) else {
                frames.pop();
                continue;
            };
            *next += 1;
            if let Some(o) = ch {
                if !self.can_apply(&s, depth, o) {
                    continue;
                }
                self.apply(&mut s, depth, o);
            }
            self.tick()?;
            let i = depth + 1;
            // "k others": enough creatures must remain able to attack.
            if s.max_need() + 1 > s.attackers + self.prep.suffix_able[i] {
                continue;
            }
            if self.bound(&s, i) <= self.best_value {
                continue;
            }
            if i == n {
                // Leaf: "k others" holds (checked above with nothing remaining); "unless another
                // of these attacks" is checked on the whole declaration; pay.
                if !self.prep.among.is_empty() {
                    let (rules, a) = (&self.pos.rules, self.assignment(&s.choice));
                    if !self.prep.among.iter().all(|&r| rules.holds(&rules.restrictions[r], &a)) {
                        continue;
                    }
                }
                // With conditions (CR 508.1d) the weights counted conditional requirements as if
                // their conditions held (so the bounds stay upper bounds): the leaf's own value.
                let value =
                    if self.prep.conditional { self.pos.rules.obeyed(&self.assignment(&s.choice)) as u32 } else { s.creature_obeyed + s.preq_sat };
                if value <= self.best_value {
                    continue;
                }
                if self.payable(&s)? {
                    self.best_value = value;
                    self.best = s.choice.clone();
                    if self.best_value >= self.upper {
                        return Ok(());
                    }
                }
                continue;
            }
            let pref = prefer[self.prep.order[i]];
            frames.push((self.choices(&s, i, pref), 0));
        }
        Ok(())
    }
}

impl Maximizer for BaselineDfs {
    fn maximum(&self, pos: &Position, allowed: &[bool], prefer: &Assignment) -> Result<Maximum, SolveError> {
        // CR 508.1d with conditions: every D' is credited with the requirements in force in
        // both `prefer` and D' (docs/rules.md section 2): the settled rules count the first set,
        // and each leaf is counted whole for the second.
        let settled;
        let pos = if pos.rules.has_conditions() {
            settled = pos.settled_by(prefer);
            &settled
        } else {
            pos
        };
        let prep = prepare(pos, allowed);
        let n = prep.order.len();
        let upper = prep.suffix_max[0] + prep.preq_last.iter().filter(|l| l.is_some()).count() as u32;
        let mut search = Search { pos, prep, limits: *self, nodes: 0, best_value: 0, best: vec![None; n], upper, pay_memo: HashMap::new() };
        search.run(prefer)?;
        let witness = search.assignment(&search.best);
        // Never wrong silently: re-check the witness with the rules code.
        let rules = &pos.rules;
        if !rules.respects_restrictions(&witness) {
            return Err(SolveError::Internal("the depth-first search's declaration breaks a restriction".into()));
        }
        let incurred = rules.incurred(&witness);
        if incurred.iter().any(|&k| !allowed[k]) {
            return Err(SolveError::Internal("the depth-first search's declaration incurs a cost it may not".into()));
        }
        let value = rules.obeyed(&witness);
        if value != search.best_value as usize {
            return Err(SolveError::Internal(format!(
                "the depth-first search counted {} requirements but its declaration obeys {value}",
                search.best_value
            )));
        }
        Ok(Maximum { value, witness, proof: Proof::Exhaustive, tie_break_proven: true })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::legality::ExhaustiveOracle;
    use std::collections::BTreeSet;
    use std::path::Path;

    fn boards() -> Vec<(String, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut out = vec![];
        for dir in ["tests/scenarios", "models"] {
            let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            files.sort();
            for f in files {
                let text = std::fs::read_to_string(&f).unwrap();
                let v: serde_json::Value = serde_json::from_str(&text).unwrap();
                let board = if v.get("board").is_some() { v["board"].clone() } else { v };
                out.push((f.display().to_string(), board.to_string()));
            }
        }
        assert!(out.len() >= 30, "found only {} boards", out.len());
        out
    }

    /// The DFS agrees with the exhaustive checker on every scenario and model board: the free
    /// maximum, the maximum with every cost allowed, and the paid maximum for every set of cost
    /// instances some payable declaration incurs.
    #[test]
    fn agrees_with_the_exhaustive_checker() {
        let dfs = BaselineDfs::default();
        for (name, text) in boards() {
            let pos = Position::new(parse_board(&text, &name).unwrap()).unwrap();
            let oracle = ExhaustiveOracle::new(&pos).unwrap_or_else(|e| panic!("{name}: {e}"));
            let k = pos.rules.costs.len();
            let mut sets: BTreeSet<Vec<usize>> = oracle.candidates.iter().map(|c| c.incurred.clone()).collect();
            sets.insert(vec![]);
            sets.insert((0..k).collect());
            let prefer = pos.rules.no_attack();
            for set in sets.iter().take(200) {
                let mut allowed = vec![false; k];
                for &i in set {
                    allowed[i] = true;
                }
                let want = oracle.maximum(&pos, &allowed, &prefer).unwrap();
                let got = dfs.maximum(&pos, &allowed, &prefer).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(got.value, want.value, "{name}: allowed {set:?}");
                // The witness obeys the maximum, restrictions, and is payable.
                let inc = pos.rules.incurred(&got.witness);
                assert!(inc.is_empty() || pos.mana.pay(&pos.board, &pos.rules, &got.witness, &inc).unwrap().is_some(), "{name}");
            }
        }
    }

    /// Checks with the DFS as maximizer give the same verdicts as with the exhaustive checker.
    #[test]
    fn checks_agree_with_the_exhaustive_checker() {
        use crate::legality::{check, Baseline};
        for (name, text) in boards() {
            let pos = Position::new(parse_board(&text, &name).unwrap()).unwrap();
            let oracle = ExhaustiveOracle::new(&pos).unwrap();
            for c in oracle.candidates.iter().take(50) {
                let d = pos.declaration(&c.assignment);
                for baseline in [Baseline::Paid, Baseline::Free] {
                    let want = check(&pos, &d, baseline, &oracle).unwrap();
                    let got = check(&pos, &d, baseline, &BaselineDfs::default()).unwrap();
                    assert_eq!(
                        (got.legal, got.requirements_max, got.requirements_max_free),
                        (want.legal, want.requirements_max, want.requirements_max_free),
                        "{name} {baseline}"
                    );
                }
            }
        }
    }

    #[test]
    fn generated_boards_agree_with_the_exhaustive_checker() {
        use crate::generate::{generate, Profile};
        for profile in Profile::ALL {
            for seed in 0..20 {
                for (players, creatures) in [(2, 3), (3, 4), (4, 5), (3, 6)] {
                    let text = serde_json::to_string(&generate(players, creatures, seed, profile)).unwrap();
                    let pos = Position::new(parse_board(&text, "gen").unwrap()).unwrap();
                    let Ok(oracle) = ExhaustiveOracle::new(&pos) else { continue };
                    let k = pos.rules.costs.len();
                    for allowed in [vec![false; k], vec![true; k]] {
                        let want = oracle.maximum(&pos, &allowed, &pos.rules.no_attack()).unwrap();
                        let got = BaselineDfs::default().maximum(&pos, &allowed, &pos.rules.no_attack()).unwrap();
                        assert_eq!(got.value, want.value, "{profile} seed {seed} {players}x{creatures}");
                    }
                }
            }
        }
    }

    #[test]
    fn budget_runs_out_with_time_limit() {
        use crate::generate::{generate, Profile};
        let text = serde_json::to_string(&generate(8, 300, 1, Profile::Adversarial)).unwrap();
        let pos = Position::new(parse_board(&text, "gen").unwrap()).unwrap();
        let k = pos.rules.costs.len();
        let r = BaselineDfs { max_nodes: 10, deadline: Deadline::none() }.maximum(&pos, &vec![false; k], &pos.rules.no_attack());
        assert!(matches!(r, Err(SolveError::TimeLimit(_))), "{r:?}");
    }
}
