//! The search for the best legal declaration under an objective, both baselines (CR 508.1d):
//! the lazy-cut loop of [`super`]'s module doc, with the paid bar carried by row families.
//!
//! # The loop
//!
//! [`Search::new`] proves the free maximum `m(∅)` (and, without coupling duals, may put the
//! cut of the maximum over every cost in first, [`Search::cut_upfront`]). Each objective phase
//! ([`Search::best_beating`]; `solve` has three: the objective, less mana, fewer attackers) is
//! a loop of rounds over one accumulator, the [`Phase`]: its proven bound and its incumbent.
//!
//! 1. **Settled?** An incumbent worth the bound (or the caller's ceiling) is the optimum.
//! 2. **Round** ([`Search::round`]): one program per live tuple of coupling duals and case of
//!    the split on tied mana (or one program), each the encoding plus the row families of
//!    [`rows`] in this order: the free bar ([`rows::FreeBar`]), the lazy cuts
//!    ([`rows::PaidCuts`]), the bar by moves ([`rows::Moves`], from the start on
//!    programs without coupling duals), the exchange cuts ([`rows::Exchanges`]), the dual bar once on
//!    ([`rows::DualBar`]); then the objective, its window ([`rows::Window`]: at most the
//!    bound, better than the best so far) and the caller's rows ([`rows::Caller`]: tie-breaks,
//!    no-goods, a class). Every family holds for every legal declaration, so the round's
//!    optimum bounds the phase: the bound tightens. No solution: the incumbent is optimal.
//! 3. **Judge** the round's declaration `a` by its own paid bar `M(incurred(a))`
//!    (`paid_bar`): under free, or meeting it, `a` is the answer (proven when the round was);
//!    met only "near enough" (`Strategy::near_enough`), `a` becomes the incumbent.
//! 4. **Fall short** ([`Search::fall_short`]): the bar's witness, the repair of `a` and once the
//!    best declaration that pays nothing are legal and offered to the incumbent; `a` is cut
//!    off by the cut of the witness, from then on the dual bar is on (or lifted cuts carry the
//!    bar); once escalated, exchange cuts are read off `a` too. After
//!    `Strategy::escalate_after` rounds fall short, [`Search::escalate`] splits on tied mana.
//!
//! Each cut is for a new cost set and there are finitely many, so the loop ends. The deadline
//! can stop a round: what it proved stays in the bound, a cut it found stays, and the phase
//! ends with [`SolveError::TimeLimit`]; `solve` then falls back on the legal declarations met
//! (`legal_seen`) and, under paid with coupling duals, the free optimum
//! ([`Search::free_rescue`]).

mod rows;

use super::{BarMethod, Goal};
use crate::deadline::Deadline;
use crate::ilp::dual::spare::Case;
use crate::ilp::dual::Couplings;
use crate::ilp::exchange::Exchange;
use crate::ilp::{reaches, Call, Encoding, Found, Grouping, Ilp, Maxima, Optimality, Pruning, Solved, Tie, PROBE_VARIABLES};
use crate::legality::{Baseline, Maximum, SolveError};
use crate::position::Position;
use crate::rules::Assignment;
use good_lp::{constraint, Constraint, Expression};
use rows::{BarsBuilt, Caller, DualBar, Exchanges, FreeBar, Moves, PaidCuts, RowFamily, Window};
use std::cell::RefCell;
use std::time::Duration;

/// The most cost instances [`Search::cut_singletons`] computes a maximum for (one each).
const SINGLETON_INSTANCES: usize = 500;

/// The accumulator of one objective phase: the tightest proven upper bound on its objective
/// over the legal declarations it looks for (every round solves a relaxation, so its optimum,
/// or the bound branch and bound proved for it, bounds the legal optimum), and the best legal
/// declaration met with its value (the incumbent), which every program must beat.
#[derive(Debug, Default)]
pub(super) struct Phase {
    pub(super) bound: Option<f64>,
    incumbent: Option<(Assignment, f64)>,
}

impl Phase {
    /// Keep the tighter of the bound known and `b`.
    fn tighten(&mut self, b: f64) {
        self.bound = Some(self.bound.map_or(b, |old| old.min(b)));
    }

    /// Keep the better of the incumbent and `a`, worth `v`.
    fn offer(&mut self, a: Assignment, v: f64) {
        if self.incumbent.as_ref().is_none_or(|(_, old)| v > *old) {
            self.incumbent = Some((a, v));
        }
    }

    /// The incumbent, when it is worth the bound or `ceiling`: the phase's optimum.
    fn settled(&self, ceiling: Option<f64>) -> Option<&Assignment> {
        self.incumbent.as_ref().filter(|(_, v)| reaches(*v, ceiling) || reaches(*v, self.bound)).map(|(a, _)| a)
    }
}

/// The cost instances a declaration compared with `a` under paid may incur: `a`'s own.
fn paid_allowed(pos: &Position, a: &Assignment) -> Vec<bool> {
    let mut allowed = vec![false; pos.rules.costs.len()];
    for k in pos.rules.incurred(a) {
        allowed[k] = true;
    }
    allowed
}

/// The state of a lazy-cut search: the free maximum and the cuts found so far.
pub(super) struct Search<'a> {
    pos: &'a Position,
    /// Proves maxima (paid bars): never returns an unproven answer.
    ilp: &'a Ilp,
    /// Solves the objective phases: may stop early with its best solution (see [`solve`]).
    pub(super) objective_ilp: Ilp,
    baseline: Baseline,
    grouping: Grouping,
    /// The free maximum `m(∅)`, and a declaration that obeys it incurring no cost.
    m_free: usize,
    free_witness: Assignment,
    /// How long the maximum `m(∅)` took (zero where it was given): the measure of the checks'
    /// cost in [`solve_reserve`].
    pub(super) free_maximum: Duration,
    /// The longest an objective-phase program (a round's, a repair) has taken to its first
    /// answer, its first slice of nodes ([`Solved::first_slice`]; a program that gave none: all
    /// the time it had): about how long a program started near the deadline needs to give
    /// one, and what it may overrun the deadline by, since microlp looks at the clock only
    /// between nodes (issue 10: the adversarial profile's root relaxations take 1.5 s). Not a
    /// program's whole time: a round cut short at its deadline took 8.7 s of a 20 s limit, and
    /// the repair and the declaration that pays nothing, which need 1.5 s, left the other 8 s idle.
    longest: std::cell::Cell<Duration>,
    /// Whether [`Search::pay_nothing`] was tried (once a search).
    tried_paying_nothing: bool,
    /// Declarations that fell short of their paid maximum, with that maximum.
    cuts: Vec<(Assignment, usize)>,
    /// Exchange cuts read off the rounds so far (see [`crate::ilp::exchange`]).
    exchanges: Vec<Exchange>,
    /// The paid bar's lower bound by moves of the free maximum's witness (see
    /// [`Search::bar_by_moves`]).
    moves: Option<crate::rules::MoveBar>,
    /// Whether the search has escalated (see [`Search::escalate`]): from then on each round
    /// that falls short adds its exchange cuts; and whether it escalated to the split.
    escalated: bool,
    split_escalated: bool,
    /// Legal declarations met on the way (the free maximum's witness, the witnesses of paid
    /// bars): what `solve` falls back on when the time limit stops the cuts.
    pub(super) legal_seen: Vec<Assignment>,
    /// What the current objective phase knows: its bound and its incumbent.
    pub(super) phase: Phase,
    /// Whether the objective phases carry the paid bar by LP duality ([`crate::ilp::dual`]):
    /// switched on by the first declaration that falls short of its paid bar.
    dual: bool,
    /// The dual bar's coupling duals, enumerated (see [`Couplings`]), once `dual` is on and
    /// when there are at most [`Strategy::max_tuples`](crate::ilp::Strategy::max_tuples);
    /// otherwise the single program with linearized products carries the dual bar.
    pub(super) couplings: Option<Couplings>,
    /// The cases of the split on tied mana (see [`crate::ilp::dual::spare`]): once escalated,
    /// spared, levels and needed where it applies; else one case for every declaration.
    cases: Vec<Case>,
    /// The tuples (with their case) whose bar some declaration meets (with `obeyed ≥ m_free`),
    /// found on the first round that needs them: every later constraint (cuts, objective
    /// bounds, no-goods) only shrinks a tuple's set, so an empty one stays empty for the whole
    /// search.
    live: Option<Vec<(usize, Case)>>,
    /// How the paid bar has been enforced so far (reported as the result's `method`).
    pub(super) method: BarMethod,
    /// What group counts become: the declaration whose members they keep where they can (no
    /// attack, or the declaration a closest legal one is sought for).
    pub(super) prefer: Assignment,
    /// The maxima proved so far (the free maximum, the paid bars), which the checks of the
    /// answers read rather than prove again.
    pub(super) maxima: Maxima<'a>,
    /// The most rounds an objective phase may take (None: no limit); past it the phase ends as
    /// at the deadline (see [`crate::ilp::Budget`]).
    pub(super) round_limit: Option<usize>,
}

impl<'a> Search<'a> {
    pub(super) fn new(pos: &'a Position, ilp: &'a Ilp, baseline: Baseline, grouping: Grouping) -> Result<Search<'a>, SolveError> {
        let none = vec![false; pos.rules.costs.len()];
        // Not `Maximizer::maximum`, which would count over the requirements in force in the
        // empty declaration: on a class's settled rules (CR 508.1d) the set is already fixed.
        let started = web_time::Instant::now();
        let free = ilp.maximum_with(pos, &none, Tie::Closest(&pos.rules.no_attack()))?;
        let mut search = Search::with_free(pos, ilp, baseline, grouping, free.value, free.witness.clone())?;
        search.free_maximum = started.elapsed();
        search.maxima.remember(pos, &none, &free);
        if baseline == Baseline::Paid && search.couplings.is_none() && !pos.rules.costs.is_empty() {
            search.cut_upfront()?;
            search.cut_singletons()?;
            search.bar_by_moves();
        }
        Ok(search)
    }

    /// The free maximum `m(∅)`: every legal declaration obeys at least it (CR 508.1d).
    pub(super) fn free_value(&self) -> usize {
        self.m_free
    }

    /// The paid bar's lower bound by moves, where the search has one ([`Search::bar_by_moves`]).
    pub(super) fn move_bar(&self) -> Option<&crate::rules::MoveBar> {
        self.moves.as_ref()
    }

    /// As [`Search::new`], with the free maximum `m_free = m(∅)` and its witness already known.
    fn with_free(
        pos: &'a Position,
        ilp: &'a Ilp,
        baseline: Baseline,
        grouping: Grouping,
        m_free: usize,
        free_witness: Assignment,
    ) -> Result<Search<'a>, SolveError> {
        // The free maximum's witness incurs no cost and obeys m(∅): legal under both baselines.
        // Under paid with costs to attack, the bar by enumerated coupling duals from the start
        // when they are few enough: each of its programs is about as easy as the free
        // baseline's, where the free-bar program of the cut loop's first round can itself be
        // hard (many near-ties of the objective).
        let couplings = match baseline {
            Baseline::Paid if !pos.rules.costs.is_empty() && ilp.strategy.max_tuples > 0 => Couplings::new(pos, ilp.strategy.max_tuples),
            _ => None,
        };
        crate::debug::note(|| format!("coupling duals: {:?} tuples", couplings.as_ref().map(Couplings::count)));
        let method = match (baseline, &couplings) {
            (Baseline::Free, _) => BarMethod::Free,
            (Baseline::Paid, None) => BarMethod::PaidDirect,
            (Baseline::Paid, Some(_)) => BarMethod::PaidDual,
        };
        let cases = vec![Case::Any];
        // Under paid, the objective phases leave out pairs no legal declaration uses.
        let objective_ilp = Ilp { call: Call { paid_legal_only: baseline == Baseline::Paid && ilp.model.prune, ..ilp.call }, ..*ilp };
        let mut search = Search {
            pos,
            ilp,
            objective_ilp,
            baseline,
            grouping,
            m_free,
            legal_seen: vec![free_witness.clone()],
            free_witness,
            free_maximum: Duration::ZERO,
            longest: std::cell::Cell::new(Duration::ZERO),
            tried_paying_nothing: false,
            cuts: vec![],
            exchanges: vec![],
            moves: None,
            escalated: false,
            split_escalated: false,
            phase: Phase::default(),
            dual: couplings.is_some(),
            couplings,
            cases,
            live: None,
            method,
            prefer: pos.rules.no_attack(),
            maxima: Maxima::new(ilp),
            round_limit: None,
        };
        // `escalate_after: Some(0)`: escalated from the start.
        if baseline == Baseline::Paid && ilp.strategy.escalate_after == Some(0) {
            search.escalate();
        }
        Ok(search)
    }

    /// Under paid, when the objective phase was cut short, the free baseline's optimum (issue
    /// 10), until `deadline`: every declaration legal under paid is legal under free (its bar
    /// `M(S) ≥ m(∅)`, docs/rules.md section 7), so the free optimum, or the bound branch and
    /// bound proved for it, bounds the paid objective; and when the free optimum's declaration
    /// meets its paid bar, it is legal under paid too. Where a tuple's program is hard to
    /// prove (P = 4, N = 100, seed 2 of the taxed Commander boards: 95,872 nodes), the free
    /// program may be easier (43,008 nodes there) and its optimum legal under paid: proven.
    /// Tightens `bound` and adds the declaration to `legal_seen`; returns it with its value
    /// when it meets the bound (the paid optimum).
    pub(super) fn free_rescue(&mut self, objective: Goal, deadline: Deadline) -> Result<Option<Assignment>, SolveError> {
        let pos = self.pos;
        let ilp = self.ilp.until(deadline);
        // The free maximum m(∅) is the paid search's own: not solved again.
        let mut free = Search::with_free(pos, &ilp, Baseline::Free, self.grouping, self.m_free, self.free_witness.clone())?;
        free.objective_ilp.call = Call { deadline, keep_incumbent: true, ..free.objective_ilp.call };
        let found = match free.best(|enc: &mut Encoding| objective.expression(pos, enc), |_: &Encoding| Vec::new()) {
            Ok(found) => found,
            Err(SolveError::TimeLimit(_)) => {
                // Cut short before a solution, it may still have proved a bound (`Found::CutShort`).
                if let Some(b) = free.phase.bound {
                    self.phase.tighten(b);
                }
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        let Some((a, optimality)) = found else { return Ok(None) };
        let value = objective.value(pos, &a) as f64;
        let bound = match optimality {
            Optimality::Proven => Some(value),
            Optimality::Unproven { .. } => free.phase.bound,
        };
        if let Some(b) = bound {
            self.phase.tighten(b);
        }
        let legal = match self.paid_bar(&a) {
            Ok(bar) => pos.rules.obeyed(&a) >= bar.value,
            Err(SolveError::TimeLimit(_)) => false,
            Err(e) => return Err(e),
        };
        crate::debug::note(|| format!("free optimum: bound {bound:?}, legal under paid: {legal}"));
        if !legal {
            return Ok(None);
        }
        self.legal_seen.push(a.clone());
        Ok(self.phase.bound.is_some_and(|b| value >= (b + 1e-6).floor()).then_some(a))
    }

    /// Under paid without coupling duals, before the first round: the lifted cut
    /// ([`Encoding::paid_cut`]) of the maximum `M(all)` over every cost instance, where it
    /// exceeds `m(∅)` and lifts. It holds for every declaration (its witness incurs only what
    /// it incurs). Without it the first round is the free-bar program, whose answer, the free
    /// optimum, pays costs that raise its bar by dozens of requirements on the adversarial
    /// profile; with it the first round's bound is far tighter (issue 10: P = 8, N = 60, seed 1,
    /// 1,067 against 1,128, where a legal declaration of 990 is known). The maximum gets five
    /// times what `m(∅)` took: cut short, it adds nothing. Its witness is the closest to
    /// `m(∅)`'s, which incurs nothing, so it incurs few costs (fewest costs as the tie-break was
    /// far harder for microlp: no proof in 9.6 s on P = 8, N = 1,000, seed 1, where `m(∅)` took
    /// 0.4 s).
    fn cut_upfront(&mut self) -> Result<(), SolveError> {
        // Not on large programs: the cut makes the first round harder, and at P = 8, N = 1,000
        // (10,000 pairs) microlp found no solution of it in 5.8 s (seed 3); at N = 60 and 200
        // it gains from it.
        if !self.small_program() {
            return Ok(());
        }
        let all = vec![true; self.pos.rules.costs.len()];
        let budget = Deadline::from_now(self.free_maximum.saturating_mul(5) + Duration::from_millis(50));
        let ilp = self.ilp.until(self.ilp.call.deadline.earlier(budget));
        let most = match ilp.maximum_with(self.pos, &all, Tie::Closest(&self.free_witness)) {
            Ok(most) => most,
            Err(SolveError::TimeLimit(_)) => return Ok(()),
            Err(e) => return Err(e),
        };
        let lifts = self.pos.rules.removal_losses(&most.witness).is_some();
        crate::debug::note(|| format!("cut up front: M(all) {}, m(∅) {}, lifts: {lifts}", most.value, self.m_free));
        if most.value > self.m_free && lifts {
            self.cuts.push((most.witness, most.value));
        }
        Ok(())
    }

    /// Whether the board's program is small enough for cuts made before the first round: at
    /// most [`PROBE_VARIABLES`] (creature, target) pairs.
    fn small_program(&self) -> bool {
        self.pos.rules.creatures.iter().map(|c| c.allowed.len()).sum::<usize>() <= PROBE_VARIABLES
    }

    /// Under paid without coupling duals, before the first round: the cut of each single cost
    /// instance k whose maximum `M({k})` is above `m(∅)`. The paid bar is monotone in the cost
    /// set (a declaration allowed fewer instances is allowed more, CR 508.1d), so every
    /// declaration incurring k obeys at least `M({k})`: the cut of `M({k})`'s witness, which
    /// incurs k alone ([`Tie::FewestCosts`]). Where a cost set's bar comes from one instance,
    /// this cuts off at once every declaration the rounds would otherwise cut one cost set at
    /// a time (issue 39: the adversarial profile, P = 8, N = 100, seed 9101, 35 of 115
    /// instances raise the bar by one; unproven in 10 s with a gap of 8 before, proven now).
    /// Only on small programs, as [`Search::cut_upfront`], and at most
    /// [`SINGLETON_INSTANCES`] instances (each cut adds a row, and a binary per group of
    /// several creatures); the time limit stops it with the cuts found so far.
    fn cut_singletons(&mut self) -> Result<(), SolveError> {
        let k = self.pos.rules.costs.len();
        if !self.small_program() || k > SINGLETON_INSTANCES {
            return Ok(());
        }
        let mut raised = 0;
        for i in 0..k {
            let mut one = vec![false; k];
            one[i] = true;
            let most = match self.ilp.maximum_with(self.pos, &one, Tie::FewestCosts) {
                Ok(most) => most,
                Err(SolveError::TimeLimit(_)) => break,
                Err(e) => return Err(e),
            };
            if most.value > self.m_free && self.pos.rules.removal_losses(&most.witness).is_some() {
                self.maxima.remember(self.pos, &one, &most);
                self.cuts.push((most.witness, most.value));
                raised += 1;
            }
        }
        crate::debug::note(|| format!("single cost instances: {raised} of {k} raise the bar above m(∅) {}", self.m_free));
        Ok(())
    }

    /// Under paid without coupling duals, before the first round: the bound of the paid bar
    /// by moves of the free maximum's witness ([`crate::rules::MoveBar`]), which holds for
    /// every cost set at once. On every program: with displacements it is tight enough to
    /// help the large ones (P = 4, N = 2,500, seed 9101: 1,512,616 with bound 1,542,443
    /// against 1,485,254 with 1,589,558 without the row), where without them it made the
    /// first round find no solution in 9.4 s (benches/RESULTS.md, fourteenth session).
    fn bar_by_moves(&mut self) {
        self.moves = self.pos.move_bar(&self.free_witness).filter(|bar| bar.gains.iter().any(|g| !g.is_empty()));
        crate::debug::note(|| format!("bar by moves: {:?} moves", self.moves.as_ref().map(|b| b.gains.iter().map(Vec::len).sum::<usize>())));
    }

    /// The paid-baseline maximum for a declaration, with a witness incurring as few cost
    /// instances as possible (its cost set makes the strongest cut, see [`Search::fall_short`]),
    /// remembered for the checks of the answers ([`Search::maxima`]).
    fn paid_bar(&self, a: &Assignment) -> Result<Maximum, SolveError> {
        let allowed = paid_allowed(self.pos, a);
        let bar = self.ilp.maximum_with(self.pos, &allowed, Tie::FewestCosts)?;
        self.maxima.remember(self.pos, &allowed, &bar);
        Ok(bar)
    }

    /// Whether a program started now may give an answer before `deadline` (none: always): it
    /// needs about as long as the longest so far to its first ([`Search::longest`]).
    fn may_start(&self, deadline: Deadline) -> bool {
        deadline.left().is_none_or(|left| left > self.longest.get())
    }

    /// Keeps [`Search::longest`]: the first slice of a program that gave an answer, the whole
    /// time of one that did not (cut short before its first, or infeasible).
    fn note_start(&self, started: web_time::Instant, answered: Option<&Solved>) {
        let took = answered.map_or_else(|| started.elapsed(), |s| s.first_slice);
        self.longest.set(self.longest.get().max(took));
    }

    /// The best declaration (for the phase's objective and constraints) that pays nothing,
    /// until `deadline`, with its value. It is legal: incurring nothing, its bar is `m(∅)`.
    /// Where the costs the free optimum pays raise its bar by dozens of requirements, it can
    /// beat the repair of that optimum (issue 10: the adversarial profile, P = 8, N = 1,000,
    /// seed 2: 260,558 against 255,161). Tried once a search, after the first round without
    /// coupling duals that falls short (see `Search::best_beating`).
    pub(super) fn pay_nothing<O, X>(&self, deadline: Deadline, objective: &O, extra: &X) -> Result<Option<(Assignment, f64)>, SolveError>
    where
        O: Fn(&mut Encoding) -> Expression,
        X: Fn(&Encoding) -> Vec<Constraint>,
    {
        let none = vec![false; self.pos.rules.costs.len()];
        let found = self.best_within(&none, self.m_free, deadline, objective, extra)?;
        crate::debug::note(|| format!("paying nothing: {:?}", found.as_ref().map(|(_, v)| *v)));
        Ok(found)
    }

    /// The best declaration paying nothing is known (`solve` found it as a flow, for its
    /// objective phase): [`Search::pay_nothing`] is not tried.
    pub(super) fn paying_nothing_known(&mut self) {
        self.tried_paying_nothing = true;
    }

    /// Under a deadline, let the objective phases stop when `reserve(time left)` is left
    /// (keeping their best solution, unproven, when `keep_incumbent`), so that it is left for
    /// checking what they found.
    pub(super) fn stop_early(&mut self, keep_incumbent: bool, reserve: impl Fn(Duration) -> Duration) {
        if self.ilp.call.deadline.is_limited() {
            let deadline = self.ilp.call.deadline.with_time_left(|left| left.saturating_sub(reserve(left)));
            self.objective_ilp.call = Call { deadline, keep_incumbent, ..self.objective_ilp.call };
        }
    }

    /// Maximize `objective(enc)` over legal declarations with `extra(enc)` constraints; None when
    /// there is none (infeasible). An unproven answer (the objective phase's deadline came
    /// first) is still a legal declaration, with the bound on the objective.
    pub(super) fn best<O, X>(&mut self, objective: O, extra: X) -> Result<Option<(Assignment, Optimality)>, SolveError>
    where
        O: Fn(&mut Encoding) -> Expression,
        X: Fn(&Encoding) -> Vec<Constraint>,
    {
        self.best_beating(objective, extra, None, None)
    }

    /// [`Search::best`] from a known legal declaration meeting `extra` and its objective value:
    /// every program asks to beat it, and when none can, it is the phase's optimum. The
    /// tie-break phases start from the previous phase's answer (issue 10: on P = 5, N = 100,
    /// seed 3 they took a quarter of the solve looking again for declarations as good as it).
    ///
    /// `ceiling`, when known, bounds the objective over the legal declarations meeting `extra`
    /// (`enumerate`: none left can have fewer attackers than the last one listed): a round
    /// stops at the first program that reaches it, where it would otherwise ask every other
    /// tuple to beat it, and proving that none can is most of a round's time (issue 10: P = 6,
    /// N = 60, seed 1 spent 5.2 s listing 20 declarations).
    ///
    /// The loop of the module doc: a round, then its answer is returned (free baseline, or it
    /// meets its paid bar), kept as the incumbent (met "near enough"), or cut off
    /// ([`Search::fall_short`]).
    pub(super) fn best_beating<O, X>(
        &mut self,
        objective: O,
        extra: X,
        start: Option<(Assignment, f64)>,
        ceiling: Option<f64>,
    ) -> Result<Option<(Assignment, Optimality)>, SolveError>
    where
        O: Fn(&mut Encoding) -> Expression,
        X: Fn(&Encoding) -> Vec<Constraint>,
    {
        let all = vec![true; self.pos.rules.costs.len()];
        self.phase = Phase { bound: None, incumbent: start };
        // The ceiling ends each program's branch and bound too, but is not added to the
        // programs as a row (see `Call::known_bound`), nor to the phase's bound, which is.
        // Without coupling duals, rounds under paid stop near their bound
        // (`Strategy::near_enough`): their declarations mostly fall short and are only cut off;
        // one that is legal becomes the incumbent, which the next round must beat, so proofs
        // are still proofs.
        let stop_near = match (self.baseline, &self.couplings) {
            (Baseline::Paid, None) => self.ilp.strategy.near_enough,
            _ => None,
        };
        // Under free a round's answer is the phase's: it must be proven.
        let stop_stalled = self.ilp.strategy.stall_slices.filter(|_| self.baseline == Baseline::Paid);
        let objective_ilp = Ilp { call: Call { known_bound: ceiling, stop_near, stop_stalled, ..self.objective_ilp.call }, ..self.objective_ilp };
        // Rounds of this phase whose declaration fell short of its paid bar.
        let mut rounds_short = 0;
        let mut rounds = 0;
        loop {
            if let Some(a) = self.phase.settled(ceiling) {
                return Ok(Some((a.clone(), Optimality::Proven)));
            }
            if self.round_limit.is_some_and(|limit| rounds >= limit) {
                return Err(SolveError::TimeLimit("the search's budget of rounds ran out".into()));
            }
            rounds += 1;
            let (found, bars) = self.round(&objective_ilp, &objective, &extra, ceiling)?;
            let Some(solved) = found else {
                // Nothing legal beats the incumbent: it is this phase's optimum.
                return Ok(self.phase.incumbent.take().map(|(a, _)| (a, Optimality::Proven)));
            };
            let (optimality, near, value) = (solved.optimality, solved.near_enough, solved.objective.round());
            let a = solved.assignment;
            self.ilp.verify(self.pos, &a, &all)?;
            let obeyed = self.pos.rules.obeyed(&a);
            if obeyed < self.m_free {
                return Err(SolveError::Internal("the solver's declaration obeys fewer requirements than required".into()));
            }
            if self.baseline == Baseline::Free {
                return Ok(Some((a, optimality)));
            }
            if self.dual && self.method == BarMethod::PaidDual && !bars.any() {
                self.method = BarMethod::PaidCuts;
            }
            // A bar built as a lower bound: whatever the re-check below finds, the answer does
            // not rest on the dual bar alone.
            if self.dual && self.method == BarMethod::PaidDual && bars.some_inexact() {
                self.method = BarMethod::PaidDualCuts;
            }
            let bar = self.paid_bar(&a)?;
            crate::debug::note(|| format!("round: objective {:.0} ({optimality:?}), obeys {obeyed}, paid bar {}", solved.objective, bar.value));
            self.note_round(&a, &bar.witness);
            if obeyed >= bar.value {
                if !near {
                    return Ok(Some((a, optimality)));
                }
                // Legal but not proven: the incumbent, which the next round must beat.
                self.legal_seen.push(a.clone());
                self.phase.offer(a, value);
                continue;
            }
            self.fall_short(a, bar, (optimality, near), &bars, (&objective_ilp, &objective, &extra))?;
            rounds_short += 1;
            if self.ilp.strategy.escalate_after.is_some_and(|after| rounds_short >= after) {
                self.escalate();
            }
        }
    }

    /// One round: a program per live tuple of coupling duals (or one program), each with every
    /// row family and asked to beat the best so far; its best solution, marked unproven with
    /// the round's bound when some program was cut short, or None when no program has one
    /// (nothing beats the incumbent). Tightens the phase's bound with what the round proved;
    /// the deadline before any solution (or before the last, without `keep_incumbent`) is an
    /// error, after the bound is kept.
    fn round<O, X>(&mut self, ilp: &Ilp, objective: &O, extra: &X, ceiling: Option<f64>) -> Result<(Option<Solved>, BarsBuilt), SolveError>
    where
        O: Fn(&mut Encoding) -> Expression,
        X: Fn(&Encoding) -> Vec<Constraint>,
    {
        if self.dual && self.couplings.is_some() && self.live.is_none() {
            self.live = Some(self.live_tuples()?);
        }
        let (pos, better_than) = (self.pos, self.phase.incumbent.as_ref().map(|(_, v)| *v));
        let couplings = self.couplings.as_ref().filter(|_| self.dual);
        let tuples: Vec<Option<(usize, Case)>> = match (couplings, &self.live) {
            (Some(_), Some(live)) => live.iter().copied().map(Some).collect(),
            _ => vec![None],
        };
        let (free_bar, exchanges, caller) = (FreeBar(self.m_free), Exchanges(&self.exchanges), Caller(extra));
        let cuts = PaidCuts { cuts: &self.cuts, m_free: self.m_free, lift: self.couplings.is_none() };
        let bars = DualBar { couplings, built: RefCell::default() };
        // Large programs take the bar without places (see `MoveBar::unplaced`).
        let small = self.small_program();
        let moves = Moves(self.moves.as_ref().map(|bar| if small { bar } else { bar.unplaced() }));
        let mut families: Vec<&dyn RowFamily> = vec![&free_bar, &cuts, &moves, &exchanges];
        if self.dual {
            families.push(&bars);
        }
        let all = vec![true; pos.rules.costs.len()];
        let mut found: Option<Solved> = None;
        // Proven unless some program was cut short; then the bound over the programs, if known.
        let (mut proven, mut round_bound) = (true, Some(f64::NEG_INFINITY));
        // Whether a program reached the ceiling (the rest were not solved).
        let mut at_ceiling = false;
        // Why the deadline stopped a program before its first solution, if it did.
        let mut cut_short: Option<String> = None;
        let last_tuple = tuples.len().saturating_sub(1);
        for (i, tuple) in tuples.into_iter().enumerate() {
            let beat = match (better_than, found.as_ref().map(|s| s.objective)) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            };
            let window = Window { bound: self.phase.bound, beat };
            let started = web_time::Instant::now();
            crate::debug::note(|| format!("round program {i}: {tuple:?}, beat {beat:?}"));
            let solved = ilp.best_found(pos, &all, self.grouping, &self.prefer, self.m_free, |enc| {
                let mut rows = Vec::new();
                for family in &families {
                    rows.extend(family.rows(pos, enc, tuple));
                }
                let objective = objective(enc);
                rows.extend(window.rows(&objective));
                rows.extend(caller.rows(pos, enc, tuple));
                (objective, rows)
            });
            let s = match solved? {
                Found::Solved(s) => s,
                Found::Infeasible => {
                    self.note_start(started, None);
                    continue;
                }
                // Cut short before its first solution: its bound holds over the declarations it
                // asked for (beating `beat`); the programs after it have none.
                Found::CutShort { bound: b, message } => {
                    self.note_start(started, None);
                    (proven, cut_short) = (false, Some(message));
                    round_bound = round_bound.zip(b).map(|(a, b)| a.max(b)).filter(|_| i == last_tuple);
                    break;
                }
            };
            self.note_start(started, Some(&s));
            proven &= s.optimality == Optimality::Proven;
            round_bound = round_bound.zip(s.bound()).map(|(a, b)| a.max(b));
            at_ceiling = reaches(s.objective, ceiling);
            found = Some(s);
            if at_ceiling {
                // No other program can beat it.
                proven = true;
                break;
            }
        }
        let built = bars.built.into_inner();
        if let Some(message) = cut_short.filter(|_| found.is_none() || !ilp.call.keep_incumbent) {
            // Nothing in hand: what the round proved still bounds the phase, with the
            // incumbent (the programs asked to beat it).
            if let Some(b) = round_bound.filter(|_| !at_ceiling) {
                self.phase.tighten(better_than.map_or(b, |v| b.max(v)));
            }
            return Err(SolveError::TimeLimit(message));
        }
        let found = found.map(|mut s| {
            if !proven {
                s.optimality = Optimality::Unproven { bound: round_bound };
            }
            s
        });
        if let Some(b) = found.as_ref().and_then(Solved::bound).filter(|_| !at_ceiling) {
            self.phase.tighten(b);
        }
        Ok((found, built))
    }

    /// With ATTACKOPT_DEBUG: a round's declaration and its bar's witness, to see what a bar
    /// that is only a lower bound missed (issue 10: the trade of an elf's mana).
    fn note_round(&self, a: &Assignment, witness: &Assignment) {
        crate::debug::note(|| {
            let show = |d: &Assignment| {
                let mut v: Vec<String> = d
                    .iter()
                    .enumerate()
                    .filter_map(|(c, t)| t.map(|t| format!("{}->{}", self.pos.rules.creatures[c].id, self.pos.rules.targets[t].id)))
                    .collect();
                v.sort();
                v.join(" ")
            };
            format!("round declaration: {}\n  witness: {}", show(a), show(witness))
        });
    }

    /// A round's declaration `a` fell short of its paid bar: keep the legal declarations met
    /// on the way (the bar's witness, the repair of `a`, once the best that pays nothing), and
    /// cut `a` off (the cut of the bar's witness, and once escalated the exchanges read off
    /// `a`). A round cut short by the deadline keeps its cut and ends the phase (an error).
    fn fall_short<O, X>(
        &mut self,
        a: Assignment,
        bar: Maximum,
        (optimality, near): (Optimality, bool),
        bars: &BarsBuilt,
        (objective_ilp, objective, extra): (&Ilp, &O, &X),
    ) -> Result<(), SolveError>
    where
        O: Fn(&mut Encoding) -> Expression,
        X: Fn(&Encoding) -> Vec<Constraint>,
    {
        // The bar's witness W is legal: it incurs S' ⊆ incurred(a) and obeys
        // m(incurred(a)) ≥ m(S').
        self.legal_seen.push(bar.witness.clone());
        for (r, v) in self.legal_near(&a, bar.value, objective_ilp, objective, extra)? {
            self.legal_seen.push(r.clone());
            self.phase.offer(r, v);
        }
        if bars.all_exact() {
            return Err(SolveError::Internal("a declaration met the exact dual bar but falls short of its paid maximum".into()));
        }
        // From now on the dual bar carries the paid baseline; cuts complete it where it is
        // only a lower bound (or where no dual bar could be built). Except without coupling
        // duals where the cut can be lifted (`Encoding::paid_cut`): the dual bar is then
        // the products form, one large program, and lifted cuts alone do better (issue 10,
        // the adversarial profile at P = 8, N = 1,000, seed 2: the products form found no
        // solution in 7 s, where the next round on lifted cuts took 1.6 s and lowered the
        // bound from 293,702 to 269,887).
        let lifted = !self.dual && self.couplings.is_none() && self.pos.rules.removal_losses(&bar.witness).is_some();
        self.method = match (self.dual, bars.any()) {
            _ if self.split_escalated => BarMethod::PaidSplitCuts,
            (false, _) if lifted => BarMethod::PaidCuts,
            (false, _) => BarMethod::PaidDual,
            (true, true) => BarMethod::PaidDualCuts,
            (true, false) => BarMethod::PaidCuts,
        };
        self.dual = self.dual || !lifted;
        // The cut is built on the witness W of the maximum, not on `a`: W is allowed for
        // every declaration incurring at least W's cost instances, so each of them must obey
        // at least m. W's costs are a subset of a's, so the cut is stronger and still cuts
        // off `a`.
        let set = self.pos.rules.incurred(&bar.witness);
        if self.cuts.iter().any(|(b, _)| self.pos.rules.incurred(b) == set) {
            return Err(SolveError::Internal("a paid-baseline cut repeated".into()));
        }
        if let (Optimality::Unproven { .. }, false) = (optimality, near) {
            // The cut holds whatever the round proved: the paid search again with the time
            // left (`solve`'s rescue) starts from it, where it would find `a` again (issue
            // 10: the adversarial profile at --time-limit 20 did the first round twice).
            self.cuts.push((bar.witness, bar.value));
            return Err(SolveError::TimeLimit("the time limit ran out before the paid-baseline cuts were done".into()));
        }
        if self.escalated {
            self.read_exchanges(&a)?;
        }
        self.cuts.push((bar.witness, bar.value));
        Ok(())
    }

    /// The legal declarations near a declaration `a` that fell short of its bar `m`: the
    /// repair (the best incurring only `a`'s costs and obeying `m`: its own bar is at most
    /// `a`'s, and it is often close to the optimum), and once a search, without coupling duals,
    /// the best that pays nothing.
    fn legal_near<O, X>(
        &mut self,
        a: &Assignment,
        m: usize,
        objective_ilp: &Ilp,
        objective: &O,
        extra: &X,
    ) -> Result<Vec<(Assignment, f64)>, SolveError>
    where
        O: Fn(&mut Encoding) -> Expression,
        X: Fn(&Encoding) -> Vec<Constraint>,
    {
        // The repair usually takes a fraction of a millisecond; it may use the time kept for
        // checking, so that the last declaration an objective phase found before its share
        // ran out is repaired, but not the two maxima checking the answer takes, nor start
        // where it could overrun them (`Search::longest`).
        let until = self.ilp.call.deadline.sooner_by(self.free_maximum.saturating_mul(2));
        let repaired = match self.may_start(until) {
            true => self.best_within(&paid_allowed(self.pos, a), m, until, objective, extra)?,
            false => None,
        };
        crate::debug::note(|| format!("repair: {:?}", repaired.as_ref().map(|(_, v)| *v)));
        // Without coupling duals, once: the best declaration that pays nothing, where it
        // leaves time for a round after it (whose bound is worth more: issue 10, the
        // adversarial profile at 10 s, seed 1, 276,607 against 293,862, where paying nothing
        // gave 250,083 and the repair 257,456).
        let mut paid_nothing = None;
        if self.couplings.is_none() && !self.tried_paying_nothing {
            let until = objective_ilp.call.deadline.sooner_by(self.longest.get());
            if self.may_start(until) {
                self.tried_paying_nothing = true;
                paid_nothing = self.pay_nothing(objective_ilp.call.deadline, objective, extra)?;
            }
        }
        Ok(repaired.into_iter().chain(paid_nothing).collect())
    }

    /// Once escalated, the exchange cuts read off a declaration `a` that fell short: from the
    /// maximum closest to `a` (fewest attacks changed; the bar's own witness gives up every
    /// attack that obeys nothing).
    fn read_exchanges(&mut self, a: &Assignment) -> Result<(), SolveError> {
        let closest = self.ilp.maximum_with(self.pos, &paid_allowed(self.pos, a), Tie::Closest(a))?;
        for e in Exchange::derive(self.pos, a, &closest.witness) {
            if !self.exchanges.contains(&e) {
                crate::debug::note(|| {
                    format!(
                        "exchange cut: gain {}, {:?}",
                        e.gain(self.pos),
                        e.moves.iter().map(|m| (m.pairs.len(), m.to, m.count)).collect::<Vec<_>>()
                    )
                });
                self.exchanges.push(e);
            }
        }
        Ok(())
    }

    /// After [`Strategy::escalate_after`](crate::ilp::Strategy::escalate_after) rounds of one phase fell short of their paid bar (issue
    /// 10): from then on, the split on tied mana with its levels (where the board has tied
    /// mana and coupled tuples) and exchange cuts. On the taxed Commander boards that stay
    /// unproven otherwise, the declarations that fall short spend the elves' mana and their
    /// witnesses fund the elves by giving up taxed attacks: the levels' bars and the exchanges
    /// cut them off by kind, where the cuts do one cost set at a time. Not from the start:
    /// deciding which of the (tuple, case) pairs admit a declaration costs about a second there,
    /// while most boards need one round a phase. Every cut, exchange, bound and legal
    /// declaration found so far stays valid (each case's bar is a lower bound of the paid bar,
    /// see [`crate::ilp::dual::spare`]).
    fn escalate(&mut self) {
        if self.escalated {
            return;
        }
        self.escalated = true;
        let split = self.couplings.as_ref().and_then(|c| split_cases(self.pos, c, self.grouping));
        if let Some(cases) = split {
            crate::debug::note(|| format!("escalated: split on tied mana: {cases:?}"));
            self.cases = cases;
            self.live = None;
            self.split_escalated = true;
            self.method = BarMethod::PaidSplitCuts;
        } else {
            crate::debug::note(|| "escalated: exchange cuts only".to_string());
        }
    }
}

/// The cases of the split on tied mana, with its levels (see [`crate::ilp::dual::spare`]),
/// where it applies to the whole board's encoding.
fn split_cases(pos: &Position, couplings: &Couplings, grouping: Grouping) -> Option<Vec<Case>> {
    let all = vec![true; pos.rules.costs.len()];
    Encoding::new(pos, &all, grouping, crate::ilp::Split::Whole).spare_rows(pos)?;
    Some(crate::ilp::dual::spare::cases(pos, couplings.phi_most()))
}

impl Search<'_> {
    /// The tuples of coupling duals whose bar some declaration meets (see `live`). Under a
    /// deadline, the tuples not reached in time are kept.
    fn live_tuples(&self) -> Result<Vec<(usize, Case)>, SolveError> {
        let Some(couplings) = &self.couplings else { return Ok(vec![]) };
        let all = vec![true; self.pos.rules.costs.len()];
        let no_attack = self.pos.rules.no_attack();
        // Whether a pair admits a declaration does not depend on how the program names it: the
        // grouped model when the configuration has it, even where the search lists creature
        // by creature (`enumerate`: 1.35 s deciding 2,576 pairs on P = 6, N = 60, seed 1, with
        // one variable per creature, where `solve`'s grouped model took 0.3 s).
        let grouping = self.ilp.model.grouping;
        // The same encodings the programs below start from, for the cheap test first.
        let pruning = if self.objective_ilp.call.paid_legal_only { Pruning::PaidLegal } else { Pruning::Off };
        let cases: Vec<Encoding> =
            self.objective_ilp.splits(self.pos).into_iter().map(|split| Encoding::with_pruning(self.pos, &all, grouping, split, pruning)).collect();
        let (mut live, mut tested, mut undecided) = (Vec::new(), 0, 0);
        let pairs: Vec<(usize, Case)> = (0..couplings.count()).flat_map(|t| self.cases.iter().map(move |&case| (t, case))).collect();
        let may_meet = |&(t, case): &(usize, Case)| cases.iter().any(|enc| enc.may_meet_coupled(self.pos, couplings, t, case));
        for (i, &(t, case)) in pairs.iter().enumerate() {
            if !may_meet(&(t, case)) {
                continue;
            }
            tested += 1;
            // Each pair within its budget (and the deadline): undecided, it stays live.
            let pair_deadline = Deadline::from_now(self.objective_ilp.strategy.liveness_budget);
            let ilp = self.objective_ilp.until(self.objective_ilp.call.deadline.earlier(pair_deadline));
            let found = ilp.best(self.pos, &all, grouping, &no_attack, self.m_free, |enc| {
                let mut cs = vec![constraint::leq(Expression::from(self.m_free as f64), enc.obeyed.clone())];
                cs.extend(enc.paid_bar_coupled(self.pos, couplings, t, case).into_iter().flat_map(|b| b.constraints));
                (Expression::from(0.0), cs)
            });
            match found {
                Ok(None) => {}
                Ok(Some(_)) => live.push((t, case)),
                Err(SolveError::TimeLimit(_)) if self.objective_ilp.remaining().is_ok() => {
                    crate::debug::note(|| {
                        format!("coupling duals: tuple {t}, {case:?} undecided within {:?}: kept", self.objective_ilp.strategy.liveness_budget)
                    });
                    undecided += 1;
                    live.push((t, case));
                }
                // The deadline: the pairs not reached stay, but for those the cheap test drops.
                Err(SolveError::TimeLimit(_)) => {
                    live.extend(pairs[i..].iter().filter(|p| may_meet(p)));
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        crate::debug::note(|| {
            format!(
                "coupling duals: {} of {} (tuple, case) pairs admit a declaration ({} passed the cheap test, {} undecided)",
                live.len(),
                pairs.len(),
                tested,
                undecided
            )
        });
        Ok(live)
    }

    /// The best declaration (for this phase's objective and constraints) that incurs only cost
    /// instances allowed by `allowed` and obeys at least `m`, where `m ≥ M(allowed)`: legal
    /// under paid, since its own bar `M(incurred(D)) ≤ M(allowed) ≤ m` (docs/rules.md section
    /// 7). Two uses: the repair of a declaration `a` that fell short (its costs, its bar
    /// `M(incurred(a))`), and paying nothing (no cost, the bar `m(∅)`). None when the time limit
    /// came first or the phase's constraints leave none.
    fn best_within<O, X>(
        &self,
        allowed: &[bool],
        m: usize,
        deadline: Deadline,
        objective: &O,
        extra: &X,
    ) -> Result<Option<(Assignment, f64)>, SolveError>
    where
        O: Fn(&mut Encoding) -> Expression,
        X: Fn(&Encoding) -> Vec<Constraint>,
    {
        let pos = self.pos;
        let ilp = self.objective_ilp.until(deadline);
        let started = web_time::Instant::now();
        let found = ilp.best(pos, allowed, self.grouping, &self.prefer, m, |enc| {
            let mut cs = vec![constraint::leq(Expression::from(m as f64), enc.obeyed.clone())];
            cs.extend(extra(enc));
            (objective(enc), cs)
        });
        self.note_start(started, found.as_ref().ok().and_then(|f| f.as_ref()));
        let solved = match found {
            Ok(Some(s)) => s,
            Ok(None) | Err(SolveError::TimeLimit(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        self.ilp.verify(pos, &solved.assignment, allowed)?;
        if pos.rules.obeyed(&solved.assignment) < m {
            return Err(SolveError::Internal("a repaired declaration obeys fewer requirements than its bar".into()));
        }
        Ok(Some((solved.assignment, solved.objective.round())))
    }
}
