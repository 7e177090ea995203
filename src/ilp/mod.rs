//! The integer program: declaring attackers as a 0-1 program solved by good_lp + microlp.
//!
//! # The model
//!
//! For a board in plain form (creatures c, targets t, requirements, restrictions, cost
//! instances k) and a set A of allowed cost instances:
//!
//! * `x[c,t] ∈ {0,1}` for every pair allowed by CR 508.1a-c (eligible creature, legal target, no
//!   "can't attack" on it) and not incurring a cost instance outside A. `a[c] = Σ_t x[c,t]`.
//! * (1) `a[c] ≤ 1`: one target per creature.
//! * Requirements: a creature requirement is obeyed by a set of its pairs, so it is the sum of
//!   those `x` (at most 1). A player requirement j ("P attacks T with at least one creature")
//!   gets `r[j] ∈ [0,1]` with (2) `r[j] ≤ Σ_{c of P, t ∈ T} x[c,t]`; it need not be integer,
//!   because with integral x the best `r[j]` is `min(1, Σ …)`, an integer. A conditional
//!   requirement r on creature c (CR 508.1d: Ekundu Cyclops, "attacks if another creature of S
//!   attacks") gets `q[r] ∈ [0,1]` with (2b) `q[r] ≤ Σ_{t obeying r} x[c,t]` and
//!   `q[r] ≤ Σ_{o∈S, o≠c} a[o]` (c and S never grouped): credited only where its condition holds
//!   in the declaration itself (docs/rules.md section 2; which of them count at all is settled
//!   by the declaration compared, `Position::settled`).
//!   `obeyed = Σ creature requirements + Σ_j r[j] + Σ_r q[r]`.
//! * Restrictions (CR 508.1c), with `N = Σ_c a[c]`:
//!   (3) can't attack unless k others attack: `(k+1)·a[c] ≤ N`;
//!   (3b) can't attack unless k others among S attack (CR 508.1c: Scarred Puma, Okk):
//!   `k·a[c] ≤ Σ_{o∈S, o≠c} a[o]` (the creatures of c and S are never grouped);
//!   (4) can only attack alone: `N + (n-2)·a[c] ≤ n-1`;
//!   (5) at most m attackers (of T): `Σ_{c, t∈T} x[c,t] ≤ m` (per-turn caps have this turn's
//!   earlier attackers taken off m already).
//! * Costs: `y[k] = Σ_{t ∈ T_k} x[c_k,t]` is 1 when instance k is incurred.
//! * Payment (CR 508.1f-j, 107.4, 119.4), per paying player P: `u[s,α] ∈ {0,1}` taps source s for
//!   alternative α (a source whose alternatives each add one unit is one unit of their union);
//!   (6) `Σ_α u[s,α] ≤ 1 - a[c]` when s is a creature c without vigilance, else `≤ 1`.
//!   Units are grouped into classes U by the set of types they may be, cost symbols into
//!   classes Q by what pays them. `z[U,Q] ≥ 0` units of U pay symbols of Q (only where U meets Q);
//!   (7) `Σ_Q z[U,Q] ≤ supply_U = Σ u[s,α]·(units of U in α) + pool_U`;
//!   (8) `Σ_U z[U,Q] + ℓ[Q] ≥ demand_Q = Σ_k y[k]·(symbols of Q in k)`, where `ℓ[Q] ≥ 0` only
//!   for Phyrexian classes; {2/c} symbols add an integer `w ≤ owed` paid as 2 generic each;
//!   (9) `Σ_{P in a life group} ℓ ≤ ⌊life/2⌋` (teammates share life under CR 810.9).
//!   `z` and `ℓ` may be continuous: once u, y, w are integral this is a network flow with
//!   integral capacities, which is feasible exactly when an integral flow is.
//!   (8b) Where `demand_Q` sums two or more counts whose coefficients have a greatest common
//!   divisor g ≥ 2 (two {2} taxes), an integer `n_Q ≥ 0` with `demand_Q = k + g·n_Q` (k its
//!   constant): the same integer points, and one variable for branch and bound to settle the
//!   relaxation's half attacks on at once (`Encoding::branch_first`, [`Strategy::branch_first`]).
//!
//! The maximum of docs/rules.md section 7 is `max obeyed` with A = ∅ (free baseline) or A = the cost
//! instances of the declaration checked (paid baseline).
//!
//! # Never wrong silently
//!
//! microlp works in floating point and may stop at the time limit. Every solution is rounded,
//! rebuilt as a declaration, and re-checked with the rules code (restrictions, costs allowed,
//! an exact payment from [`crate::mana`], requirements counted by [`crate::rules`]); a solution
//! that fails, or a solve that ends without a proof of optimality, is an error, never an answer.

mod blocks;
pub use blocks::BlockList;
pub mod dual;
mod encode;
pub mod exchange;
mod flow;
mod kills;
mod lagrangian;
mod memo;
mod probe;
mod program;
mod settings;
mod vars;

pub use encode::{Encoding, Group, Grouping, Pruning, Split};
pub use lagrangian::MOST_BOUND_FLOWS;
pub use memo::Maxima;
pub use settings::{
    Budget, Call, Ilp, Lexicographic, Model, Strategy, ALTERNATIVE_BUDGET, ESCALATE_ROUNDS, LIVENESS_BUDGET, MAX_TUPLES, NEAR_ENOUGH, PAID_SHARE,
    PROBE_SLICES, ROOT_SIZE_PER_SECOND, STALL_SLICES, TIE_BREAK_SLICES,
};

use crate::legality::{Maximizer, Maximum, Proof, SolveError};
use crate::position::Position;
use crate::rules::{Assignment, RestrictionKind};
use good_lp::{constraint, Constraint, Expression, Solution, SolutionStatus};
use probe::Probed;
use program::{Form, Program};
use std::collections::HashMap;
use std::time::Duration;
use web_time::Instant;

/// Branch-and-bound nodes between two checks of the integrality proof (see `Ilp::run`).
pub const NODES_PER_SLICE: u64 = 64;

/// Programs of more variables than this are not probed: each 0-1 variable costs up to two
/// relaxations.
pub const PROBE_VARIABLES: usize = 2000;

/// A solution as microlp gives it, before it is read as a declaration (what [`Found`] holds at
/// the solver's level): the value of every variable, its optimality, and whether it stopped
/// within [`Call::stop_near`] of its bound.
struct Raw {
    values: Vec<f64>,
    optimality: Optimality,
    near_enough: bool,
}

impl Raw {
    fn proven(values: Vec<f64>) -> Raw {
        Raw { values, optimality: Optimality::Proven, near_enough: false }
    }

    /// A solution kept unproven, with microlp's bound (plus the objective's `constant`, which
    /// microlp leaves out): stopped by choice (`near_enough`: near its bound, or its first
    /// level proven, [`Call::lexicographic`]) or by the deadline.
    fn unproven(solution: &microlp::Solution, constant: f64, near_enough: bool) -> Raw {
        let bound = solution.stats().best_bound.map(|b| b + constant);
        Raw { values: solution.iter().map(|(_, v)| v).collect(), optimality: Optimality::Unproven { bound }, near_enough }
    }
}

/// What a program, or the split's programs ([`Ilp::best_found`]), came to: one outcome type
/// from the microlp driver (its raw values) up to the searches (`Found<Solved>`, a
/// declaration); a phase the deadline stops becomes [`SolveError::TimeLimit`] only where it
/// has nothing to keep ([`Found::into_option`]).
pub enum Found<S = Solved> {
    /// A solution (proven optimal or not, see [`Solved::optimality`]).
    Solved(S),
    /// No declaration meets the constraints.
    Infeasible,
    /// The deadline came before a solution to keep. `bound`, when known, bounds the objective
    /// over every declaration meeting the constraints: a search asking to beat its best
    /// keeps its proof that nothing beats it by more (on the adversarial profile that proof is
    /// most of the bound: docs/history/paid-baseline-steps.md, step 15).
    CutShort {
        /// The bound proved, if any.
        bound: Option<f64>,
        /// What to tell the user (the time-limit error's message).
        message: String,
    },
}

impl Found {
    /// The plain form: the solution, None when infeasible, a time-limit error when cut short.
    pub fn into_option(self) -> Result<Option<Solved>, SolveError> {
        match self {
            Found::Solved(s) => Ok(Some(s)),
            Found::Infeasible => Ok(None),
            Found::CutShort { message, .. } => Err(SolveError::TimeLimit(message)),
        }
    }
}

/// Variable values read back from microlp, for good_lp's expressions.
struct Values {
    values: Vec<f64>,
    index: HashMap<good_lp::Variable, usize>,
}

impl Solution for Values {
    fn status(&self) -> SolutionStatus {
        SolutionStatus::Optimal
    }
    fn value(&self, variable: good_lp::Variable) -> f64 {
        self.index.get(&variable).and_then(|&i| self.values.get(i)).copied().unwrap_or(0.0)
    }
}
/// Whether a solution is proven optimal.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Optimality {
    /// Branch and bound proved the solution optimal.
    Proven,
    /// The deadline came first; the best proven upper bound on the objective, if known.
    Unproven {
        /// The bound, if any was proven.
        bound: Option<f64>,
    },
}

/// What a solve returns: the rounded assignment and the objective microlp reported.
pub struct Solved {
    /// The solution as a declaration in plain form.
    pub assignment: Assignment,
    /// The objective's value, as microlp computed it.
    pub objective: f64,
    /// The encoding's `obeyed` at the solution, as microlp computed it.
    pub obeyed: f64,
    /// Whether it is proven optimal.
    pub optimality: Optimality,
    /// The longest first slice of microlp nodes among its programs (the root relaxation is in
    /// it): about how long such a program takes to a first answer, and the longest microlp
    /// goes without looking at the clock.
    pub first_slice: Duration,
    /// Whether it is unproven because it came within [`Call::stop_near`] of its bound (not
    /// because of the deadline): with the deadline not yet passed, the search may go on.
    pub near_enough: bool,
}

impl Solved {
    /// The upper bound on the objective this solve proved: its value when proven optimal, the
    /// bound branch and bound proved otherwise (None: unknown).
    pub fn bound(&self) -> Option<f64> {
        match self.optimality {
            Optimality::Proven => Some(self.objective),
            Optimality::Unproven { bound } => bound,
        }
    }
}

impl Ilp {
    /// The cases to solve: one model, or one per range of the number of attackers when "can
    /// only attack alone" or "can't attack unless k others do" is in play.
    pub fn splits(&self, pos: &Position) -> Vec<Split> {
        let rules = &pos.rules;
        let can = |c: usize| !rules.creatures[c].allowed.is_empty();
        let mut alone = false;
        let mut k_max = 0;
        for r in &rules.restrictions {
            match r.kind {
                RestrictionKind::AttacksOnlyAlone { creature } if can(creature) => alone = true,
                RestrictionKind::MinOtherAttackers { creature, count } if can(creature) => k_max = k_max.max(count),
                _ => {}
            }
        }
        if !self.model.split || (!alone && k_max == 0) {
            return vec![Split::Whole];
        }
        let mut cases = vec![Split::AtMostOne];
        if k_max >= 2 {
            cases.push(Split::Few(k_max));
        }
        cases.push(Split::Many(2.max(k_max.saturating_add(1))));
        cases
    }

    /// The best solution over the split's cases: `build` adds the objective and any extra
    /// constraints to each case's encoding, which must include `obeyed ≥ floor`: cases that
    /// can't obey `floor` requirements are skipped unsolved. None when no case has a solution.
    pub fn best<F>(
        &self,
        pos: &Position,
        allowed: &[bool],
        grouping: Grouping,
        prefer: &Assignment,
        floor: usize,
        build: F,
    ) -> Result<Option<Solved>, SolveError>
    where
        F: FnMut(&mut Encoding) -> (Expression, Vec<good_lp::Constraint>),
    {
        self.best_found(pos, allowed, grouping, prefer, floor, build)?.into_option()
    }

    /// As [`Ilp::best`], with the bound proved when the deadline came before a solution.
    pub fn best_found<F>(
        &self,
        pos: &Position,
        allowed: &[bool],
        grouping: Grouping,
        prefer: &Assignment,
        floor: usize,
        build: F,
    ) -> Result<Found, SolveError>
    where
        F: FnMut(&mut Encoding) -> (Expression, Vec<good_lp::Constraint>),
    {
        let most = most_obeyed_with(pos);
        self.best_bounded(pos, allowed, grouping, prefer, false, build, |split, _| most(split).is_some_and(|m| m < floor))
    }

    /// As [`Ilp::best`], skipping a case when `skip(case, best so far)` says it can't win.
    /// Cases are tried from the most attackers down, where the best answers usually are.
    #[allow(clippy::too_many_arguments)]
    fn best_bounded<F, S>(
        &self,
        pos: &Position,
        allowed: &[bool],
        grouping: Grouping,
        prefer: &Assignment,
        prune: bool,
        mut build: F,
        skip: S,
    ) -> Result<Found, SolveError>
    where
        F: FnMut(&mut Encoding) -> (Expression, Vec<good_lp::Constraint>),
        S: Fn(Split, Option<&Solved>) -> bool,
    {
        let mut best: Option<Solved> = None;
        // The best bound over the cases solved so far (None: some case's bound is unknown).
        let mut bound = Some(f64::NEG_INFINITY);
        let mut proven = true;
        let mut first_slice = Duration::ZERO;
        // Whether a case's solution came back unproven because of the deadline.
        let mut deadline_hit = false;
        // Why the deadline stopped the cases, if it did.
        let mut cut_short: Option<String> = None;
        let mut splits = self.splits(pos);
        // Most attackers first, where the best answers usually are and the skips pay; but when
        // the deadline may leave a case unsolved, the small cases (quick) first, so that only
        // the last case can be cut short and the bound stays known.
        if !self.call.keep_incumbent {
            splits.reverse();
        }
        for (i, &split) in splits.iter().enumerate() {
            if skip(split, best.as_ref()) {
                continue;
            }
            // Building a large encoding takes time too: don't start one past the deadline.
            if let Err(e) = self.remaining() {
                // The cases left unsolved have no bound.
                (proven, bound, cut_short) = (false, None, Some(e.to_string()));
                break;
            }
            crate::debug::note(|| format!("encoding {split:?}"));
            let pruning = if prune {
                Pruning::Maximum(prefer)
            } else if self.call.paid_legal_only {
                Pruning::PaidLegal
            } else {
                Pruning::Off
            };
            let mut enc = Encoding::with_pruning(pos, allowed, grouping, split, pruning);
            let (objective, extra) = build(&mut enc);
            let solved = match self.solve(pos, enc, objective, extra, prefer)? {
                Found::Solved(s) => Some(s),
                Found::Infeasible => None,
                // A case cut short before its first solution: its bound holds over its
                // declarations, and the bound over the cases stays known when no case is left.
                Found::CutShort { bound: b, message } => {
                    let last = splits[i + 1..].iter().all(|&later| skip(later, best.as_ref()));
                    (proven, cut_short) = (false, Some(message));
                    bound = bound.zip(b).map(|(a, b)| a.max(b)).filter(|_| last);
                    break;
                }
            };
            if let Some(s) = solved {
                first_slice = first_slice.max(s.first_slice);
                deadline_hit |= !s.near_enough && s.optimality != Optimality::Proven;
                proven &= s.optimality == Optimality::Proven;
                let case_bound = s.bound();
                bound = bound.zip(case_bound).map(|(a, b)| a.max(b));
                // Objectives here are integers: a case wins only by at least one.
                if best.as_ref().is_none_or(|b| s.objective > b.objective + 0.5) {
                    let known = reaches(s.objective, self.call.known_bound);
                    best = Some(s);
                    if known {
                        // No other case can beat it.
                        (proven, bound) = (true, self.call.known_bound);
                        break;
                    }
                }
            }
        }
        match (best, cut_short) {
            // With a solution in hand, cut short only where the caller keeps it.
            (Some(mut b), cut_short) if cut_short.is_none() || self.call.keep_incumbent => {
                b.optimality = if proven { Optimality::Proven } else { Optimality::Unproven { bound } };
                b.first_slice = first_slice;
                b.near_enough = !proven && !deadline_hit && cut_short.is_none();
                Ok(Found::Solved(b))
            }
            (_, Some(message)) => Ok(Found::CutShort { bound, message }),
            (_, None) => Ok(Found::Infeasible),
        }
    }

    pub(crate) fn remaining(&self) -> Result<Option<f64>, SolveError> {
        match self.call.deadline.left() {
            Some(left) if left.is_zero() => Err(SolveError::TimeLimit("the time limit ran out before the integer program was solved".into())),
            left => Ok(left.map(|l| l.as_secs_f64())),
        }
    }

    /// Maximize `objective` over the encoding plus `extra` constraints: a solution (proven
    /// optimal unless the deadline came first with `keep_incumbent`), infeasible, cut short, or
    /// an error. Group counts become a declaration as close to `prefer` as they allow.
    pub fn solve(
        &self,
        pos: &Position,
        enc: Encoding,
        objective: Expression,
        extra: Vec<good_lp::Constraint>,
        prefer: &Assignment,
    ) -> Result<Found, SolveError> {
        let objective_copy = objective.clone();
        let objective = if self.strategy.branch_first { enc.branch_first(objective) } else { objective };
        let Encoding { vars, constraints, .. } = enc;
        let (groups, x, obeyed) = (enc.groups, enc.x, enc.obeyed);
        let program = Program::new(vars, objective, constraints, extra);
        let index = program.index.clone();
        crate::debug::note(|| format!("integer program built: {} variables, {} constraints", program.columns.len(), program.rows.len()));
        let (found, first_slice) = self.solve_program(program)?;
        let Raw { values, optimality, near_enough } = match found {
            Found::Solved(raw) => raw,
            Found::Infeasible => return Ok(Found::Infeasible),
            Found::CutShort { bound, message } => return Ok(Found::CutShort { bound, message }),
        };
        let values = Values { values, index };
        let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let shell = Encoding::shell(groups, x);
            let assignment = shell.assignment(&values, prefer, pos.rules.creatures.len());
            Solved {
                assignment,
                objective: objective_copy.eval_with(&values),
                obeyed: obeyed.eval_with(&values),
                optimality,
                first_slice,
                near_enough,
            }
        }));
        read.map(Found::Solved).map_err(|_| SolveError::Internal("the integer program returned values that are not integers".into()))
    }

    /// Solve `program` to a proof, within the deadline ([`Ilp::within_deadline`], [`Ilp::run`]):
    /// the values of its columns (proven optimal unless the call keeps an incumbent or stops
    /// near enough), infeasible, or cut short; and how long its first slice took. The attack
    /// searches ([`Ilp::solve`]) and the block program (`blocks`) share it.
    fn solve_program(&self, program: Program) -> Result<(Found<Raw>, Duration), SolveError> {
        let started = Instant::now();
        let me = *self;
        let outcome = match self.within_deadline(move || me.run(&program)) {
            Ok(done) => Ok(done),
            // Abandoned at the deadline (see `within_deadline`): no bound either.
            Err(SolveError::TimeLimit(message)) => Ok((Found::CutShort { bound: None, message }, Duration::ZERO)),
            Err(e) => Err(e),
        };
        crate::debug::note(|| format!("solved in {:?}: {}", started.elapsed(), if outcome.is_ok() { "ok" } else { "failed" }));
        outcome
    }

    /// Whether a solution is worth [`Call::known_bound`] (see [`reaches`]). (`program.value`:
    /// microlp's objective leaves out the expression's constant.)
    fn reaches_known_bound(&self, program: &Program, solution: &microlp::Solution) -> bool {
        self.call.known_bound.is_some() && reaches(program.value(&solution.iter().map(|(_, v)| v).collect::<Vec<f64>>()), self.call.known_bound)
    }

    /// Probing for a proof (see [`probe`]): whether the program, asked to beat `incumbent` (its
    /// best solution so far, if any), is empty; then `incumbent` is optimal (or, with none, the
    /// program has no solution). What the probing fixes short of that is left to branch and
    /// bound: restarting it with the fixings was faster on some programs but lost proofs (a
    /// restarted search loses its tree; docs/history/paid-baseline-steps.md, step 12).
    fn probe_for_proof(&self, program: &Program, incumbent: Option<Vec<f64>>) -> Result<Option<Found<Raw>>, SolveError> {
        // Objectives are integers (see `run`): a better solution is worth at least one more;
        // asking for half of it keeps clear of rounding. (`program.value`: microlp's objective
        // leaves out the expression's constant.)
        let beat: Vec<Constraint> = incumbent.iter().map(|v| constraint::leq(program.value(v).round() + 0.5, program.objective.clone())).collect();
        let started = Instant::now();
        let probed = probe::probe(program, &beat, self.call.deadline)?;
        crate::debug::note(|| format!("  probed in {:?}: {probed:?}", started.elapsed()));
        Ok((probed == Probed::Empty).then(|| incumbent.map_or(Found::Infeasible, |v| Found::Solved(Raw::proven(v)))))
    }

    /// Run the solver, and under a deadline, stop waiting for it when the deadline passes:
    /// microlp checks its time limit between steps, and one step (the first relaxation of a
    /// very large program) can take seconds. The abandoned solve ends on its own time limit.
    /// microlp asserts in places (e.g. an integer value far from an integer): a panic there
    /// becomes an error, never a crash.
    fn within_deadline<F, T>(&self, run: F) -> Result<T, SolveError>
    where
        F: FnOnce() -> Result<T, SolveError> + Send + 'static,
        T: Send + 'static,
    {
        let solve = move || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(run))
                .unwrap_or_else(|_| Err(SolveError::Internal("the integer program solver panicked".into())))
        };
        if !self.call.deadline.is_limited() {
            return solve();
        }
        // A browser's WebAssembly has no threads (std::thread::spawn fails there): the solve runs
        // inline and stops on microlp's own time limit; the web page runs the whole engine in a
        // Web Worker it can terminate, which covers the step that does not check the clock.
        if cfg!(target_family = "wasm") {
            return solve();
        }
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send(solve());
        });
        // A little grace past the deadline, for a solve that is just finishing.
        let wait = self.call.deadline.left().unwrap_or_default() + Duration::from_millis(50);
        receive
            .recv_timeout(wait)
            .unwrap_or_else(|_| Err(SolveError::TimeLimit("the time limit ran out before the integer program was solved".into())))
    }

    /// Branch and bound in slices of [`NODES_PER_SLICE`] nodes until a proof: microlp's own
    /// (optimal status), or integrality: every objective here has integer coefficients over
    /// variables whose optimum is integral, so once the proven bound is below the best value
    /// found plus one, that value is optimal. (Waiting for microlp to close the gap exactly lets
    /// a fractional bound such as 167.4 over an incumbent of 167 keep it branching for minutes.)
    /// Node budgets rather than time slices keep answers independent of the machine's speed.
    /// A program of at most [`PROBE_VARIABLES`] still unproven after [`Strategy::probe_after`]
    /// slices is probed for a proof ([`Ilp::probe_for_proof`]), again after 4, 16, ... times as
    /// many and whenever a better solution turns up after that. Returns the values of every
    /// variable, or None when the problem is infeasible, and how long the first slice took.
    fn run(&self, program: &Program) -> Result<(Found<Raw>, Duration), SolveError> {
        let (problem, _) = program.microlp(Form::Integer, &[])?;
        let first_probe = self.strategy.probe_after.filter(|_| program.columns.len() <= PROBE_VARIABLES).map(|at| at.max(1));
        let mut next_probe = first_probe;
        // The incumbent's value at the last probe: a better one asks for more, so is probed at once.
        let mut probed_at_value: Option<f64> = None;
        let limit = |left: Option<f64>| left.map(Duration::from_secs_f64);
        // `probe_after` 0 (the tests): one node, then the probing.
        let first_slice = if self.strategy.probe_after == Some(0) { 1 } else { NODES_PER_SLICE };
        let mut options = microlp::SolveOptions::default();
        options.node_limit = Some(first_slice);
        options.time_limit = limit(self.remaining()?);
        let mut slices: u64 = 0;
        let started = Instant::now();
        let mut outcome = match problem.solve_with(options) {
            Ok(o) => o,
            Err(microlp::Error::Infeasible) => return Ok((Found::Infeasible, started.elapsed())),
            Err(e) => return Err(SolveError::Internal(format!("the integer program could not be solved: {e}"))),
        };
        let first_slice = started.elapsed();
        // microlp's values and bound leave out the objective's constant.
        let constant = good_lp::IntoAffineExpression::constant(&program.objective);
        // The slice at which a lexicographic objective's first level was proven.
        let mut first_level_at: Option<u64> = None;
        // The slice of the last better solution, and its value (`Call::stop_stalled`).
        let (mut last_better, mut best_value) = (0u64, f64::NEG_INFINITY);
        let answer = loop {
            if let microlp::SolveOutcome::Solution(solution) = &outcome {
                if solution.objective() > best_value + 0.5 {
                    (last_better, best_value) = (slices, solution.objective());
                }
                let stats = solution.stats();
                let by_integrality = stats.best_bound.is_some_and(|b| (b + 1e-6).floor() <= solution.objective().round());
                if solution.status() == microlp::SolutionStatus::Optimal || by_integrality || self.reaches_known_bound(program, solution) {
                    crate::debug::note(|| {
                        let st = solution.stats();
                        format!(
                            "  {} nodes, {} pivots, {:?} in microlp, objective {}",
                            st.nodes_solved,
                            st.lp_iterations,
                            st.elapsed,
                            solution.objective()
                        )
                    });
                    let values = solution.iter().map(|(_, v)| v).collect();
                    break Ok(Found::Solved(Raw::proven(values)));
                }
                if self.call.stop_stalled.is_some_and(|k| slices >= last_better + k) {
                    crate::debug::note(|| {
                        format!("  stalled after {} nodes: {} of {:?}", stats.nodes_solved, solution.objective(), stats.best_bound)
                    });
                    break Ok(Found::Solved(Raw::unproven(solution, constant, true)));
                }
                if let (Some(gap), Some(bound)) = (self.call.stop_near, stats.best_bound) {
                    if bound - solution.objective() <= gap * bound.abs() {
                        crate::debug::note(|| format!("  near enough after {} nodes: {} of {bound}", stats.nodes_solved, solution.objective()));
                        break Ok(Found::Solved(Raw::unproven(solution, constant, true)));
                    }
                }
            }
            if let (Some(lex), microlp::SolveOutcome::Solution(solution)) = (self.call.lexicographic, &outcome) {
                let proven = solution.stats().best_bound.is_some_and(|b| lex.first_level_proven(solution.objective() + constant, b + constant));
                if proven {
                    let at = *first_level_at.get_or_insert(slices);
                    if slices - at >= lex.slices {
                        crate::debug::note(|| format!("  first level proven at slice {at}; the tie-break stops after {slices} slices"));
                        break Ok(Found::Solved(Raw::unproven(solution, constant, true)));
                    }
                }
            }
            slices += 1;
            let value = match &outcome {
                microlp::SolveOutcome::Solution(s) => Some(s.objective()),
                microlp::SolveOutcome::Interrupted(_) => None,
            };
            let improved = first_probe.is_some_and(|at| slices > at) && value.is_some_and(|v| probed_at_value.is_none_or(|p| v > p + 0.5));
            // With a known bound, a solution reaching it is the likely end (`enumerate`: a
            // declaration tied with the last one listed), which probing, made to prove, does not
            // find: such a program is probed on the schedule only, and only once it has a
            // solution, whose optimality probing may prove where the bound is out of reach
            // (probing before a first solution was in vain there, and never probing would leave
            // such a proof to branch and bound alone; docs/history/paid-baseline-steps.md, step 13).
            let probe = match self.call.known_bound {
                None => next_probe == Some(slices) || improved,
                Some(_) => next_probe == Some(slices) && value.is_some(),
            };
            if next_probe == Some(slices) {
                next_probe = next_probe.and_then(|at| at.checked_mul(4));
            }
            if probe {
                probed_at_value = value;
                let incumbent = match &outcome {
                    microlp::SolveOutcome::Solution(s) => Some(s.iter().map(|(_, v)| v).collect()),
                    microlp::SolveOutcome::Interrupted(_) => None,
                };
                if let Some(done) = self.probe_for_proof(program, incumbent)? {
                    break Ok(done);
                }
            }
            let out_of_nodes = self.call.slice_limit.is_some_and(|limit| slices >= limit);
            let left = match self.remaining() {
                Ok(left) if !out_of_nodes => left,
                _ => {
                    if let (Some(_), microlp::SolveOutcome::Solution(s)) = (first_level_at, &outcome) {
                        break Ok(Found::Solved(Raw::unproven(s, constant, true)));
                    }
                    if let (true, microlp::SolveOutcome::Solution(s)) = (self.call.keep_incumbent, &outcome) {
                        break Ok(Found::Solved(Raw::unproven(s, constant, false)));
                    }
                    let progress = match &outcome {
                        microlp::SolveOutcome::Solution(s) => match s.stats().best_bound {
                            Some(bound) => format!(" (best found {:.0}, proven bound {:.0})", s.objective(), bound.floor()),
                            None => format!(" (best found {:.0}, no bound yet)", s.objective()),
                        },
                        microlp::SolveOutcome::Interrupted(i) => match i.stats().best_bound {
                            // Before any solution too: where a search that asks to beat the incumbent is stuck.
                            Some(bound) => format!(" (no solution found yet, proven bound {:.0})", bound.floor()),
                            None => " (no solution found yet)".to_string(),
                        },
                    };
                    crate::debug::note(|| format!("  stopped after {slices} slices of {NODES_PER_SLICE} nodes{progress}"));
                    let bound = match &outcome {
                        microlp::SolveOutcome::Solution(s) => s.stats().best_bound,
                        microlp::SolveOutcome::Interrupted(i) => i.stats().best_bound,
                    };
                    let ran_out = if out_of_nodes { "its budget of nodes" } else { "the time limit" };
                    let message = format!("{ran_out} ran out before the integer program proved its optimum{progress}");
                    break Ok(Found::CutShort { bound: bound.map(|b| b + constant), message });
                }
            };
            let mut resume = outcome.last_resume_options();
            resume.time_limit = limit(left);
            resume.node_limit = Some(NODES_PER_SLICE);
            resume.mip_gap = None;
            outcome = match outcome.resume_with(resume) {
                Ok(o) => o,
                Err(microlp::Error::Infeasible) => return Ok((Found::Infeasible, first_slice)),
                Err(e) => return Err(SolveError::Internal(format!("the integer program could not be solved: {e}"))),
            };
        };
        // A few slices' tree (up to 1,024 nodes) is freed at once; a long search's is not (see
        // `dispose`).
        if slices >= 16 {
            dispose(outcome);
        }
        answer.map(|run| (run, first_slice))
    }
}

/// Whether an objective value reaches a bound: objectives are integers, so a bound b allows at
/// most ⌊b⌋ (a float a hair under an integer still counts).
pub(crate) fn reaches(value: f64, bound: Option<f64>) -> bool {
    bound.is_some_and(|b| value.round() >= (b + 1e-6).floor())
}

/// Drops a solver's state off the answer's path: after thousands of slices microlp's node tree
/// takes tens of milliseconds to free (docs/history/paid-baseline-steps.md, step 8), past the grace
/// `Ilp::within_deadline` gives a solve finishing
/// at the deadline, which then lost its answer. A browser's WebAssembly has no threads.
fn dispose<T: Send + 'static>(state: T) {
    if cfg!(target_family = "wasm") {
        drop(state);
    } else {
        std::thread::spawn(move || drop(state));
    }
}

impl Ilp {
    /// Re-check a rounded solution with the rules code: restrictions, allowed costs, payment.
    pub fn verify(&self, pos: &Position, a: &Assignment, allowed: &[bool]) -> Result<(), SolveError> {
        let rules = &pos.rules;
        if !rules.respects_restrictions(a) {
            return Err(SolveError::Internal("the solver's declaration breaks a restriction".into()));
        }
        if rules.incurred(a).iter().any(|&k| !allowed[k]) {
            return Err(SolveError::Internal("the solver's declaration incurs a cost it may not".into()));
        }
        if !pos.can_pay(a)? {
            return Err(SolveError::Internal("the solver's declaration can't be paid".into()));
        }
        Ok(())
    }
}

/// The slices of nodes each program of [`Ilp::maximum_with_effort`]'s portfolio gets on its
/// first turn (four times as many on each turn after).
pub const PORTFOLIO_SLICES: u64 = 64;

/// What a maximum's integer program optimizes (see [`Ilp::maximum_program`]).
#[derive(Debug, Clone, Copy)]
enum Levels {
    /// The most requirements, then the tie-break; with a budget of slices for the tie-break
    /// once the first level is proven ([`Lexicographic`]).
    Both(Option<u64>),
    /// The most requirements alone (no tie-break: the witness is any).
    First,
    /// The tie-break among declarations obeying exactly this many (a proven maximum), with a
    /// budget of slices.
    Fixed(usize, u64),
}

/// How ties among declarations obeying the most requirements are broken.
#[derive(Debug, Clone, Copy)]
pub enum Tie<'a> {
    /// Closest to this declaration (a witness for `check` changes as few attacks as it can).
    Closest(&'a Assignment),
    /// Fewest cost instances incurred (the strongest paid-baseline cuts in `solve`).
    FewestCosts,
}

impl Ilp {
    /// The most requirements obeyed by a declaration that respects every restriction, can be
    /// paid and incurs only allowed cost instances, with a witness chosen by `tie`. A
    /// requirement with a condition counts where its condition holds in that declaration
    /// ([`Rules::obeyed`](crate::rules::Rules::obeyed)); on [`Position::settled`] rules, that is
    /// a D' credited over the requirements in force in both D and D'.
    pub fn maximum_with(&self, pos: &Position, allowed: &[bool], tie: Tie) -> Result<Maximum, SolveError> {
        self.maximum_with_effort(pos, allowed, tie, None)
    }

    /// As [`Ilp::maximum_with`], the tie-break given at most `tie_break_slices` slices of
    /// nodes once the most requirements are proven ([`Lexicographic`]); the witness then obeys
    /// the maximum, proven, but may not be the tie-break's best ([`Maximum::tie_break_proven`]).
    ///
    /// With a budget for the tie-break, two programs take turns, each with a budget of nodes
    /// ([`PORTFOLIO_SLICES`], four times as many each turn): the lexicographic one, and the
    /// requirements alone, whose proven maximum m then fixes the first level of a
    /// lexicographic program for the witness's closeness. Neither proves faster on every board
    /// (issue 39, adversarial profile, a check of every creature attacking: 4 players, 1,000
    /// creatures, seed 5, the requirements alone in 0.17 s and the lexicographic program
    /// unproven at 10 s; 8 players, 2,500 creatures, seed 9101, the other way round, 1.0 s and
    /// unproven at 30 s), and node budgets keep the answer the same from run to run. Each turn
    /// starts its program afresh (the split's cases are solved one after another, so a search
    /// can't be set aside and resumed here): with budgets growing fourfold, the turns cost a
    /// constant factor in nodes over the winner's own run (under 8 at worst, when the
    /// requirements alone win just past a turn's budget), and nothing on the boards the
    /// lexicographic program proves within its first turn.
    pub fn maximum_with_effort(&self, pos: &Position, allowed: &[bool], tie: Tie, tie_break_slices: Option<u64>) -> Result<Maximum, SolveError> {
        if self.model.flow {
            if let Some(m) = self.flow_maximum(pos, allowed, tie)? {
                return Ok(m);
            }
        }
        let Some(slices) = tie_break_slices else { return self.maximum_program(pos, allowed, tie, Levels::Both(None)) };
        // The caller's own budget of nodes, if any, bounds every turn.
        let cap = self.call.slice_limit;
        let mut budget = PORTFOLIO_SLICES;
        loop {
            let turn = cap.map_or(budget, |c| budget.min(c));
            let limited = Ilp { call: Call { slice_limit: Some(turn), ..self.call }, ..*self };
            let last = cap.is_some_and(|c| turn >= c);
            match limited.maximum_program(pos, allowed, tie, Levels::Both(Some(slices))) {
                Err(SolveError::TimeLimit(_)) if self.remaining().is_ok() => {}
                done => return done,
            }
            match limited.maximum_program(pos, allowed, tie, Levels::First) {
                Ok(most) => return self.closest_at(pos, allowed, tie, most, slices),
                Err(SolveError::TimeLimit(_)) if self.remaining().is_ok() && !last => {}
                Err(e) => return Err(e),
            }
            budget = budget.saturating_mul(4);
        }
    }

    /// The witness of a proven maximum `most`, as close as [`Levels::Fixed`] finds within the
    /// tie-break's budget, `slices` in all (finding a first declaration that obeys `most` is
    /// the hard part, which the budget does not wait for); `most`'s own witness, its closeness
    /// unproven, where it finds none (out of nodes or of time).
    fn closest_at(&self, pos: &Position, allowed: &[bool], tie: Tie, most: Maximum, slices: u64) -> Result<Maximum, SolveError> {
        let limited = Ilp { call: Call { slice_limit: Some(slices), ..self.call }, ..*self };
        match limited.maximum_program(pos, allowed, tie, Levels::Fixed(most.value, slices)) {
            Ok(closest) if closest.value == most.value => Ok(closest),
            Ok(other) => Err(SolveError::Internal(format!("a witness at the proven maximum {} obeys {}", most.value, other.value))),
            Err(SolveError::TimeLimit(_)) => Ok(most),
            Err(e) => Err(e),
        }
    }

    /// The maximum's integer program: the most requirements and the tie-break, lexicographic
    /// ([`Levels`]), over the cases of the split.
    fn maximum_program(&self, pos: &Position, allowed: &[bool], tie: Tie, levels: Levels) -> Result<Maximum, SolveError> {
        let n = pos.rules.creatures.len();
        let no_attack = pos.rules.no_attack();
        let prefer = match tie {
            Tie::Closest(a) => a,
            Tie::FewestCosts => &no_attack,
        };
        let most = most_obeyed_with(pos);
        // Lexicographic: most requirements first (the tie-break term is at most `scale - 1`).
        let scale = match (levels, tie) {
            (Levels::First, _) => 1,
            (_, Tie::Closest(_)) => n + 1,
            (_, Tie::FewestCosts) => pos.rules.costs.len() + 1,
        };
        let grouping = self.maximum_grouping();
        let lexicographic = match levels {
            Levels::Both(slices) => slices,
            Levels::First => None,
            Levels::Fixed(_, slices) => Some(slices),
        }
        .map(|slices| Lexicographic { scale: scale as f64, slices });
        let ilp = Ilp { call: Call { lexicographic, ..self.call }, ..*self };
        let solved = ilp
            .best_bounded(
                pos,
                allowed,
                grouping,
                prefer,
                self.model.prune,
                |enc| {
                    enc.aggregate_mixed();
                    let mut objective = Expression::with_capacity(n * 2);
                    objective.add_mul(scale as f64, enc.obeyed.clone());
                    match (levels, tie) {
                        (Levels::First, _) => {}
                        (_, Tie::Closest(_)) => {
                            let closeness = enc.closeness(prefer);
                            objective.add_mul(1.0, closeness);
                        }
                        (_, Tie::FewestCosts) => {
                            for ys in &enc.incurred {
                                for y in ys {
                                    objective.add_mul(-1.0, y.clone());
                                }
                            }
                        }
                    }
                    let fixed = match levels {
                        Levels::Fixed(m, _) => vec![constraint::eq(enc.obeyed.clone(), m as f64)],
                        _ => vec![],
                    };
                    (objective, fixed)
                },
                |split, found| found.is_some_and(|f| most(split).is_some_and(|m| (m as f64) < f.obeyed - 0.5)),
            )?
            .into_option()?
            // The empty declaration is always feasible, so infeasible means a bug (a fixed
            // first level is a proven maximum: some declaration obeys it).
            .ok_or_else(|| SolveError::Internal("the integer program is infeasible".into()))?;
        let tie_break_proven = match (solved.optimality, lexicographic) {
            (Optimality::Proven, _) => !matches!(levels, Levels::First),
            // Stopped by the tie-break's limit: only a proof of the most requirements makes
            // the witness's count the maximum.
            (Optimality::Unproven { bound: Some(bound) }, Some(lex)) if lex.first_level_proven(solved.objective, bound) => false,
            (Optimality::Unproven { .. }, _) => {
                return Err(SolveError::Internal("a maximum stopped before the most requirements were proven".into()));
            }
        };
        let mut found = self.proven_maximum(pos, allowed, solved.assignment, Some(solved.obeyed))?;
        found.tie_break_proven = tie_break_proven;
        Ok(found)
    }

    /// The grouping of the maximum's programs: power plays no part in them, so creatures of
    /// different powers group too.
    fn maximum_grouping(&self) -> Grouping {
        match self.model.grouping {
            Grouping::On => Grouping::Obeyed,
            g => g,
        }
    }

    /// As [`Ilp::maximum_with`], found as a network flow (`src/ilp/flow.rs`); None where the
    /// program is not one, or where the flow's declaration can't be paid. The flow leaves the
    /// payment out, so its best declaration is the best of a relaxation: paid, it is the
    /// program's best (the same requirements and tie-break, over fewer declarations); unpaid,
    /// the integer program decides. The paid maximum of a check of a payable declaration with
    /// no mana creature among the attackers allows only costs that declaration pays, part of
    /// which the same sources pay (CR 508.1g-h), so its flow is always paid; a check of a
    /// declaration attacking with everything on the adversarial profile (8 players, 2,500
    /// creatures) is not: the relaxation's best obeys 4,273, the free maximum 4,072, and the
    /// integer program decides.
    pub fn flow_maximum(&self, pos: &Position, allowed: &[bool], tie: Tie) -> Result<Option<Maximum>, SolveError> {
        let grouping = self.maximum_grouping();
        let no_attack = pos.rules.no_attack();
        let prefer = match tie {
            Tie::Closest(a) => a,
            Tie::FewestCosts => &no_attack,
        };
        let pruning = if self.model.prune { Pruning::Maximum(prefer) } else { Pruning::Off };
        let in_time = || self.remaining().map(|_| ());
        match flow::best(pos, allowed, grouping, &self.splits(pos), pruning, flow::Aim::Tie(tie), &in_time)? {
            Some(a) if pos.can_pay(&a)? => self.proven_maximum(pos, allowed, a, None).map(Some),
            Some(a) => {
                crate::debug::note(|| format!("flow: the relaxation's best obeys {} and can't be paid", pos.rules.obeyed(&a)));
                Ok(None)
            }
            None => Ok(None),
        }
    }

    /// The best declaration incurring no cost instance, found as a network flow
    /// (`src/ilp/flow.rs`): the most requirements (so it is legal under both baselines, CR
    /// 508.1d), then the most of an objective given by its `weight` per (creature, target) pair
    /// (depending on the creature only through its power), then the fewest attackers. None
    /// where the program is not a flow.
    /// `per_creature`, when the weight is the creature's whatever it attacks (power,
    /// attackers): then creatures of different weights share groups, each member's weight an
    /// arc of its own (at N = 10,000, 800 groups instead of 9,000).
    pub fn flow_best_without_costs(
        &self,
        pos: &Position,
        weight: &dyn Fn(usize, usize) -> i64,
        per_creature: Option<&dyn Fn(usize) -> i64>,
    ) -> Result<Option<Assignment>, SolveError> {
        let none = vec![false; pos.rules.costs.len()];
        let in_time = || self.remaining().map(|_| ());
        let (grouping, aim) = match per_creature {
            Some(w) => (self.maximum_grouping(), flow::Aim::MemberObjective(w)),
            None => (self.model.grouping, flow::Aim::Objective(weight)),
        };
        let found = flow::best(pos, &none, grouping, &self.splits(pos), Pruning::Off, aim, &in_time)?;
        match found {
            Some(a) => {
                self.verify(pos, &a, &none)?;
                Ok(Some(a))
            }
            None => Ok(None),
        }
    }

    /// An upper bound of `solve`'s objective over the declarations obeying at least `floor`
    /// requirements (the free maximum) that can be paid, by the flow's Lagrangian relaxation
    /// ([`lagrangian::objective_bound`]); None where the program is not a flow. The weights
    /// are as [`Ilp::flow_best_without_costs`]'s. It stops after `most_flows` flows (none:
    /// when its descent ends) or at this call's deadline, with the least bound met (every one
    /// is valid). With the paid bar's bound by moves (`moves`), that bound is the floor.
    pub fn objective_bound(
        &self,
        pos: &Position,
        weight: &dyn Fn(usize, usize) -> i64,
        per_creature: Option<&dyn Fn(usize) -> i64>,
        floor: usize,
        moves: Option<&crate::rules::MoveBar>,
        most_flows: Option<usize>,
    ) -> Result<Option<i64>, SolveError> {
        let in_time = || self.remaining().map(|_| ());
        let zero = |_: usize, _: usize| 0;
        let (grouping, pair): (Grouping, &dyn Fn(usize, usize) -> i64) = match per_creature {
            Some(_) => (self.maximum_grouping(), &zero),
            None => (self.model.grouping, weight),
        };
        lagrangian::objective_bound(pos, grouping, &self.splits(pos), per_creature, pair, floor, moves, most_flows, &in_time, self.call.deadline)
    }

    /// The size of the largest program `solve`'s objective phase starts with (every cost
    /// instance allowed), over the cases of the split: its groups (about its rows) times its
    /// pair columns (one per group and target), the measure of [`crate::solve`]'s estimate of
    /// its root relaxation's time.
    pub fn objective_size(&self, pos: &Position) -> f64 {
        let allowed = vec![true; pos.rules.costs.len()];
        let size = |split| {
            let groups = encode::groups(pos, &allowed, self.model.grouping, split, Pruning::Off);
            groups.len() as f64 * groups.iter().map(|g| g.targets.len()).sum::<usize>() as f64
        };
        self.splits(pos).into_iter().map(size).fold(0.0, f64::max)
    }

    /// The maximum a program's declaration proves, once the rules code re-checks it: its
    /// restrictions, costs and payment, and (when the program counted them, `counted`) the
    /// requirements it obeys.
    fn proven_maximum(&self, pos: &Position, allowed: &[bool], witness: Assignment, counted: Option<f64>) -> Result<Maximum, SolveError> {
        self.verify(pos, &witness, allowed)?;
        let value = pos.rules.obeyed(&witness);
        if let Some(counted) = counted.filter(|c| (c - value as f64).abs() > 0.5) {
            return Err(SolveError::Internal(format!("the integer program counts {counted} requirements obeyed but its declaration obeys {value}")));
        }
        Ok(Maximum { value, witness, proof: Proof::IlpOptimal, tie_break_proven: true })
    }
}

impl Maximizer for Ilp {
    /// With conditions, every D' is credited with the requirements in force both in `prefer`,
    /// the declaration it is compared with, and in D' (CR 508.1d, docs/rules.md section 2): the
    /// program is built on the rules with `prefer`'s set settled, its conditions as rows (2b).
    /// The witness's closeness gets [`Strategy::tie_break_slices`].
    fn maximum(&self, pos: &Position, allowed: &[bool], prefer: &Assignment) -> Result<Maximum, SolveError> {
        let effort = self.strategy.tie_break_slices;
        if pos.rules.has_conditions() {
            return self.maximum_with_effort(&pos.settled_by(prefer), allowed, Tie::Closest(prefer), effort);
        }
        self.maximum_with_effort(pos, allowed, Tie::Closest(prefer), effort)
    }
}

/// The most requirements a case of the split can obey (None: no bound cheaper than solving).
/// A case allowing at most k attackers obeys at most the k best creatures' requirements plus
/// every player requirement.
fn most_obeyed_with(pos: &Position) -> impl Fn(Split) -> Option<usize> {
    let mut best_each: Vec<usize> = (0..pos.rules.creatures.len()).map(|c| most_obeyed_by(pos, c)).collect();
    best_each.sort_unstable_by(|a, b| b.cmp(a));
    let players = pos.rules.requirements.iter().filter(|r| r.counts && r.creature().is_none()).count();
    move |split| match split {
        Split::AtMostOne => Some(best_each.iter().take(1).sum::<usize>() + players),
        Split::Few(k) => Some(best_each.iter().take(k as usize).sum::<usize>() + players),
        Split::Many(_) | Split::Whole => None,
    }
}

/// The most requirements of creature `c` one attack of it can obey.
fn most_obeyed_by(pos: &Position, c: usize) -> usize {
    let rules = &pos.rules;
    let reqs: Vec<&crate::rules::Requirement> =
        rules.by_creature[c].requirements.iter().map(|&i| &rules.requirements[i]).filter(|r| r.counts).collect();
    rules.creatures[c].allowed.iter().map(|&t| reqs.iter().filter(|r| rules.obeys_pair(r, c, t)).count()).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadline::Deadline;
    use crate::generate::{generate, Profile};
    use good_lp::constraint;

    /// Whether microlp proves the free baseline's power program on `pos` (every cost
    /// instance allowed, at least `floor` requirements) within `slices` slices, and its optimum.
    fn proven_within(pos: &Position, floor: usize, branch_first: bool, slices: u64) -> Option<f64> {
        let all = vec![true; pos.rules.costs.len()];
        let enc = Encoding::new(pos, &all, Grouping::On, Split::Whole);
        let mut power = Expression::with_capacity(enc.x.len());
        for (g, xs) in enc.x.iter().enumerate() {
            for (_, v) in xs {
                power.add_mul(pos.rules.creatures[enc.groups[g].members[0]].power as f64, *v);
            }
        }
        let objective = if branch_first { enc.branch_first(power) } else { power };
        let floor_row = constraint::leq(floor as f64, enc.obeyed.clone());
        let Encoding { vars, constraints, .. } = enc;
        let (problem, _) = Program::new(vars, objective, constraints, vec![floor_row]).microlp(Form::Integer, &[]).ok()?;
        let mut options = microlp::SolveOptions::default();
        options.node_limit = Some(NODES_PER_SLICE);
        let mut outcome = problem.solve_with(options).ok()?;
        for _ in 0..slices {
            if let microlp::SolveOutcome::Solution(s) = &outcome {
                if s.stats().best_bound.is_some_and(|b| (b + 1e-6).floor() <= s.objective().round()) {
                    return Some(s.objective().round());
                }
            }
            let mut resume = outcome.last_resume_options();
            resume.node_limit = Some(NODES_PER_SLICE);
            resume.mip_gap = None;
            outcome = outcome.resume_with(resume).ok()?;
        }
        None
    }

    /// CR 508.1h, 107.4 (issue 10): on P = 5, N = 1,000, seed 4 of the taxed Commander boards,
    /// the relaxation of the free baseline's power program owes 17 generic mana under two {2}
    /// taxes: eight and a half taxed attacks, the half spread over 36 interchangeable columns.
    /// Branching on what is owed in steps of 2 first (8b) proves the optimum, 132, within 16
    /// slices of 64 nodes; without it the bound stays above it after 128 slices (node counts,
    /// the same on every machine).
    #[test]
    fn cr_508_1h_branching_on_what_is_owed_settles_the_half_attacks() {
        let board = crate::board::validate_typed(generate(5, 1000, 4, Profile::Commander), "board.json").unwrap();
        let pos = Position::new(board).unwrap();
        let none = vec![false; pos.rules.costs.len()];
        let floor = Ilp::default().maximum_with(&pos, &none, Tie::FewestCosts).unwrap().value;
        assert_eq!(proven_within(&pos, floor, true, 16), Some(132.0));
        assert_eq!(proven_within(&pos, floor, false, 128), None, "proven without branching on debts: the test no longer shows it");
    }

    /// The free baseline's power program on P = 5, N = 1,000, seed 4 (at least `m(∅)`
    /// requirements, optimum 132) under `ilp` with microlp's branch and bound alone (no
    /// probing, no branching first on debts: nothing else may prove it).
    fn free_power_program(ilp: Ilp) -> Found {
        let board = crate::board::validate_typed(generate(5, 1000, 4, Profile::Commander), "board.json").unwrap();
        let pos = Position::new(board).unwrap();
        let (none, all) = (vec![false; pos.rules.costs.len()], vec![true; pos.rules.costs.len()]);
        let floor = Ilp::default().maximum_with(&pos, &none, Tie::FewestCosts).unwrap().value;
        let ilp = ilp.with(Strategy { branch_first: false, probe_after: None, ..ilp.strategy });
        ilp.best_found(&pos, &all, Grouping::On, &pos.rules.no_attack(), floor, |enc| {
            let mut power = Expression::with_capacity(enc.x.len());
            for (g, xs) in enc.x.iter().enumerate() {
                for (_, v) in xs {
                    power.add_mul(pos.rules.creatures[enc.groups[g].members[0]].power as f64, *v);
                }
            }
            (power, vec![constraint::leq(floor as f64, enc.obeyed.clone())])
        })
        .unwrap()
    }

    /// A program the deadline stops before a solution it may keep still reports the bound
    /// branch and bound proved (`Found::CutShort`), and that bound is valid: at least the
    /// optimum, 132 (the program of the test above, without branching on debts, which microlp
    /// does not prove within 128 slices). Deadlines from 1 ms up, until one stops it past its
    /// first relaxation.
    #[test]
    fn a_program_cut_short_keeps_a_valid_bound() {
        for ms in (0..12).map(|k| 1u64 << k) {
            let deadline = Deadline::from_now(Duration::from_millis(ms));
            match free_power_program(Ilp::default().until(deadline)) {
                Found::CutShort { bound: Some(b), .. } => {
                    assert!(b >= 132.0 - 1e-6, "cut short after {ms} ms with bound {b}, below the optimum 132");
                    return;
                }
                Found::CutShort { bound: None, .. } => continue,
                Found::Solved(s) => panic!("proven within {ms} ms ({}): the program no longer needs the deadline", s.objective),
                Found::Infeasible => panic!("infeasible"),
            }
        }
        panic!("never cut short past the first relaxation");
    }

    /// A program stopped near enough (`Call::stop_near`) returns its solution unproven and
    /// marked, with a valid bound (at least the optimum, 132) that the solution is within the
    /// gap of. The same program as above, without branching on debts: microlp does not prove
    /// it within 128 slices, so the stop is what ends it (node counts, no deadline).
    #[test]
    fn a_program_stopped_near_enough_keeps_a_valid_bound() {
        let (objective, bound) = stopped_with_a_valid_bound(Call { stop_near: Some(0.05), ..Call::default() });
        assert!(bound - objective <= 0.05 * bound + 1e-6, "objective {objective} not within 5 % of {bound}");
    }

    /// `free_power_program` under `call`, which must stop it short of a proof: its solution
    /// comes back unproven and marked, with a valid bound (at least the optimum, 132).
    fn stopped_with_a_valid_bound(call: Call) -> (f64, f64) {
        let Found::Solved(s) = free_power_program(Ilp { call, ..Ilp::default() }) else { panic!("no solution") };
        let Optimality::Unproven { bound: Some(bound) } = s.optimality else { panic!("{:?}: proven, the stop no longer shows", s.optimality) };
        assert!(s.near_enough);
        assert!(bound >= 132.0 - 1e-6 && s.objective <= 132.0 + 1e-6, "objective {} bound {bound}", s.objective);
        (s.objective, bound)
    }

    /// A program stopped for want of a better solution (`Call::stop_stalled`) returns its
    /// solution unproven and marked, with a valid bound (at least the optimum, 132). The same
    /// program as above; 2 slices without a better solution come long before a proof.
    #[test]
    fn a_program_stopped_stalled_keeps_a_valid_bound() {
        stopped_with_a_valid_bound(Call { stop_stalled: Some(2), ..Call::default() });
    }
}
