//! Objectives: the best legal declaration (`attackopt solve`) and enumeration of legal
//! declarations beyond exhaustive sizes (`attackopt enumerate`).
//!
//! # Exactness under the paid baseline: lazy cuts
//!
//! Under the free baseline a declaration is legal when it respects the restrictions, can be
//! paid and obeys at least `m_free` requirements: one integer program.
//!
//! Under the paid baseline the bar depends on the declaration: D must obey `m(S)`, the maximum
//! over declarations incurring only cost instances in S = incurred(D). We solve the free-bar
//! program (every legal D obeys at least `m_free = m(∅) ≤ m(S)`), take its answer D*, and compute
//! `m(S*)`. If D* obeys `m(S*)`, it is legal, and optimal because every legal declaration was a
//! candidate. Otherwise we add the cut "a declaration incurring every instance of S* obeys at
//! least `m(S*)`": `obeyed ≥ m(S*)·(1 - Σ_{k∈S*} (1 - y_k))`. It is valid (such a D has
//! `m(incurred(D)) ≥ m(S*)`, so every legal D satisfies it) and it cuts off D*. Each cut is for a
//! different set S* (after the cut for S, any D with incurred(D) = S obeying enough is legal), and
//! there are finitely many sets, so the loop ends; in practice after a cut or two.
//!
//! Under paid with a deadline, when the objective phase is cut short (at half its time),
//! `solve` solves the objective under the free baseline with the rest: every declaration
//! legal under paid is legal under free, so its optimum (or proven bound) bounds the paid
//! objective, and its declaration, when it meets its paid bar, is legal. Where the free
//! optimum is legal under paid, that proves the paid optimum without proving the hard tuple's
//! program (see `Search::free_rescue`).
//!
//! Ties are broken lexicographically by solving again with the previous objective fixed: most
//! `objective`, then least mana value of the costs, then fewest attackers (docs/format.md).

pub mod classes;

use crate::ilp::dual::spare::Case;
use crate::ilp::dual::Couplings;
use crate::ilp::exchange::Exchange;
use crate::ilp::{reaches, Call, Encoding, Found, Grouping, Ilp, Optimality, Pruning, Solved, Tie, PROBE_VARIABLES};
use crate::legality::{check, Baseline, CheckResult, ExhaustiveOracle, Maximizer, Maximum, Proof, SolveError};
use crate::position::Position;
use crate::rules::Assignment;
use crate::vocab::symbol::mana_value;
use good_lp::{constraint, Constraint, Expression};
use serde::Serialize;
use std::time::Duration;

/// What `solve` maximizes. Players are named by id, as everywhere in the formats.
///
/// ```
/// use attackopt::{BoardBuilder, ErrorKind, Objective, Options, Position};
///
/// let pos = Position::new(BoardBuilder::new("A").players(["A", "B", "C"]).creature("bear", "Grizzly Bears", "A", 2).build("b")?)?;
/// let best = pos.solve(&Objective::Damage("C".into()), &Options::default())?;
/// assert_eq!((best.objective, best.result.declaration.attacks[0].target.as_str()), (2, "C"));
/// // No player D; A declares the attack and is never attacked (CR 506.2): bad input.
/// for id in ["D", "A"] {
///     assert_eq!(pos.solve(&Objective::Damage(id.into()), &Options::default()).unwrap_err().kind(), ErrorKind::BadInput);
/// }
/// # Ok::<(), attackopt::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Objective {
    /// Total power of the attackers.
    Power,
    /// Number of attackers.
    Attackers,
    /// Any legal declaration (then least mana, fewest attackers).
    None,
    /// Power of the creatures attacking the player with this id directly (negative power
    /// counts 0, CR 510.1a): `Objective::Damage("B".into())`. Solving checks the id: one that
    /// names no player, or names a player declaring attackers, is bad input.
    Damage(String),
}

impl Objective {
    /// Parse `power`, `attackers`, `none` or `damage:PLAYER` (the words in any case, as every
    /// value the command line takes; the player id exactly, as ids are), and check the player
    /// against the board so that a front end reports a bad id under its own option's name.
    pub fn parse(s: &str, pos: &Position) -> Result<Objective, String> {
        let lower = s.to_ascii_lowercase();
        let objective = match lower.as_str() {
            "power" => Objective::Power,
            "attackers" => Objective::Attackers,
            "none" => Objective::None,
            _ if lower.starts_with("damage:") => Objective::Damage(s["damage:".len()..].to_string()),
            _ => return Err(format!("expected power, attackers, none or damage:PLAYER, found \"{s}\"")),
        };
        Goal::of(&objective, pos).map_err(|e| e.message)?;
        Ok(objective)
    }
}

impl std::fmt::Display for Objective {
    /// As the command line spells it: `power`, `damage:B`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Objective::Power => f.write_str("power"),
            Objective::Attackers => f.write_str("attackers"),
            Objective::None => f.write_str("none"),
            Objective::Damage(player) => write!(f, "damage:{player}"),
        }
    }
}

/// An [`Objective`] resolved against a board, once where a solve starts: the damaged player as
/// an index. `Copy` and free of lookups, since the solver weighs it for every creature and
/// target pair in its inner loops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Total power of the attackers.
    Power,
    /// Number of attackers.
    Attackers,
    /// Any legal declaration.
    None,
    /// Damage to the player with this index in the board's `players`.
    Damage(usize),
}

impl Goal {
    /// Resolve an objective: its player id must name a player who does not declare attackers
    /// (an attacking player is never a defending player, CR 506.2, 508.1b, so "damage to the
    /// attacker" would be 0 for every declaration: surely a mistake).
    pub fn of(objective: &Objective, pos: &Position) -> Result<Goal, crate::board::InputError> {
        let bad = |message| crate::board::InputError::new("objective", "", message);
        Ok(match objective {
            Objective::Power => Goal::Power,
            Objective::Attackers => Goal::Attackers,
            Objective::None => Goal::None,
            Objective::Damage(id) => {
                let board = &pos.board;
                // The suggestion is among the players being attacked (issue 40: "damage:Q"
                // suggested the attacking player).
                let mut defending: Vec<&str> =
                    board.player_ids.iter().filter(|(_, i)| !pos.rules.attacking_players.contains(i)).map(|(k, _)| k.as_str()).collect();
                defending.sort_unstable();
                let p = board.player_index(id).ok_or_else(|| bad(crate::board::unknown_id("a player being attacked", id, defending)))?;
                if pos.rules.attacking_players.contains(&p) {
                    let label = board.player_label(p);
                    return Err(bad(format!(
                        "expected the id of a player being attacked, found \"{id}\": {label} declares attackers this combat and takes no combat damage from them (CR 506.2, 508.1b)"
                    )));
                }
                Goal::Damage(p)
            }
        })
    }

    /// What creature `c` attacking target `t` adds to the objective: the one definition of the
    /// objective, which is the sum of its weights over a declaration's attacks ([`Goal::value`],
    /// the integer program's objective, and the bound that needs no solving all use it).
    pub fn weight(self, pos: &Position, c: usize, t: usize) -> i64 {
        let power = pos.rules.creatures[c].power;
        match self {
            Goal::Power => power,
            Goal::Attackers => 1,
            Goal::None => 0,
            // Damage to the player: an attack on their planeswalker or battle deals them none,
            // and a creature with negative power deals 0 (CR 510.1a).
            Goal::Damage(p) => {
                if pos.rules.targets[t].player() == Some(p) {
                    power.max(0)
                } else {
                    0
                }
            }
        }
    }

    /// The objective's value for an assignment.
    pub fn value(self, pos: &Position, a: &Assignment) -> i64 {
        a.iter().enumerate().filter_map(|(c, t)| t.map(|t| self.weight(pos, c, t))).sum()
    }

    /// The objective over the encoding's group counts: the members of a group share power and
    /// targets (the encoding's signature), so the first member's weight is each member's.
    fn expression(self, pos: &Position, enc: &Encoding) -> Expression {
        let mut e = Expression::with_capacity(enc.x.len());
        for (g, xs) in enc.x.iter().enumerate() {
            let c = enc.groups[g].members[0];
            for (t, v) in xs {
                let w = self.weight(pos, c, *t);
                if w != 0 {
                    e.add_mul(w as f64, *v);
                }
            }
        }
        e
    }
}

/// The mana value of the costs an assignment incurs.
pub fn mana_of(pos: &Position, a: &Assignment) -> i64 {
    pos.rules.incurred(a).iter().map(|&k| mana_value(&pos.rules.costs[k].cost)).sum()
}

/// The result of `solve`: the check of the best declaration, plus the objective's value.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SolveResult {
    /// The check of the best declaration (its fields are the result's, flattened).
    #[serde(flatten)]
    #[schemars(description = "")]
    pub result: CheckResult,
    /// The objective's value for it.
    #[schemars(description = "")]
    pub objective: i64,
    /// Whether no legal declaration is better (objective, then the tie-breaks). False when the
    /// time limit came first: the declaration is still legal (checked like any other), the
    /// best found, and the command exits 3.
    pub optimal: bool,
    /// A proven upper bound on the objective over legal declarations: the tightest known (the
    /// free-baseline optimum, the cut rounds' and branch and bound's bounds); equal to
    /// `objective` exactly when the objective is proven optimal; null when the time limit left
    /// it unknown.
    pub objective_bound: Option<i64>,
    /// Whether the tie-breaks (less mana, then fewer attackers) are proven too; false when the
    /// time limit stopped them after the objective was proven.
    pub tie_breaks_proven: bool,
    /// How the answer was made to meet the baseline's bar (see [`BarMethod`]).
    pub method: BarMethod,
    /// Added field: on a board with conditional requirements (CR 508.1d), the number of classes
    /// of declarations (by which requirements are in force) the integer program solved, each
    /// exactly with `method`'s bar; the answer is the best over them. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition_classes: Option<usize>,
}

/// The paid-baseline maximum for a declaration, with a witness incurring as few cost instances
/// as possible (its cost set makes the strongest cut, see below).
fn paid_bar(pos: &Position, a: &Assignment, ilp: &Ilp) -> Result<Maximum, SolveError> {
    ilp.maximum_with(pos, &paid_allowed(pos, a), Tie::FewestCosts)
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
struct Search<'a> {
    pos: &'a Position,
    /// Proves maxima (paid bars): never returns an unproven answer.
    ilp: &'a Ilp,
    /// Solves the objective phases: may stop early with its best solution (see [`solve`]).
    objective_ilp: Ilp,
    baseline: Baseline,
    grouping: Grouping,
    /// The free maximum `m(∅)`, and a declaration that obeys it incurring no cost.
    m_free: usize,
    free_witness: Assignment,
    /// How long the maximum `m(∅)` took (zero where it was given): the measure of the checks'
    /// cost in [`solve_reserve`].
    free_maximum: Duration,
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
    /// Whether the search has escalated (see [`Search::escalate`]): from then on each round
    /// that falls short adds its exchange cuts; and whether it escalated to the split.
    escalated: bool,
    split_escalated: bool,
    /// Legal declarations met on the way (the free maximum's witness, the witnesses of paid
    /// bars): what `solve` falls back on when the time limit stops the cuts.
    legal_seen: Vec<Assignment>,
    /// The tightest upper bound on the current phase's objective over legal declarations: every
    /// round solves a relaxation (the cuts are valid), so its optimum, or the bound branch and
    /// bound proved for it, bounds the legal optimum.
    bound: Option<f64>,
    /// Whether the objective phases carry the paid bar by LP duality ([`crate::ilp::dual`]):
    /// switched on by the first declaration that falls short of its paid bar.
    dual: bool,
    /// The dual bar's coupling duals, enumerated (see [`Couplings`]), once `dual` is on and
    /// when there are at most [`Strategy::max_tuples`](crate::ilp::Strategy::max_tuples);
    /// otherwise the single program with linearized products carries the dual bar.
    couplings: Option<Couplings>,
    /// The cases of the split on tied mana (see [`crate::ilp::dual::spare`]): once escalated,
    /// spared, levels and needed where it applies; else one case for every declaration.
    cases: Vec<Case>,
    /// The tuples (with their case) whose bar some declaration meets (with `obeyed ≥ m_free`),
    /// found on the first round that needs them: every later constraint (cuts, objective
    /// bounds, no-goods) only shrinks a tuple's set, so an empty one stays empty for the whole
    /// search.
    live: Option<Vec<(usize, Case)>>,
    /// How the paid bar has been enforced so far (reported as the result's `method`).
    method: BarMethod,
    /// What group counts become: the declaration whose members they keep where they can (no
    /// attack, or the declaration a closest legal one is sought for).
    prefer: Assignment,
}

/// How `solve` and `enumerate` made sure their answers meet the baseline's bar (the result's
/// `method`; every answer is re-checked by the rules code whatever the method).
// Ordered from the least to the most involved: `enumerate` over classes reports the most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BarMethod {
    /// Free baseline: one integer program with the bar `m_free`.
    Free,
    /// Paid baseline, and the answers of the free-bar program met their paid bars as they were.
    PaidDirect,
    /// Paid baseline, the bar as linear constraints by LP duality, exact on this board (coupled
    /// or with linearized products, see [`crate::ilp::dual`]).
    PaidDual,
    /// Paid baseline, the dual bar as a lower bound (the board's structure restricts it) and lazy
    /// cuts for the rest.
    PaidDualCuts,
    /// Paid baseline, as `PaidDualCuts` until rounds kept falling short, then the dual bar split
    /// on the tied mana the declaration's payment needs, with exchange cuts (issue 10; see
    /// `Search::escalate`).
    PaidSplitCuts,
    /// Paid baseline, lazy cuts only: caps that cross each other leave no dual bar, or, without
    /// coupling duals, the cuts can be lifted and do better than the products form.
    PaidCuts,
    /// The exhaustive checker tried every declaration.
    Exhaustive,
}

impl<'a> Search<'a> {
    fn new(pos: &'a Position, ilp: &'a Ilp, baseline: Baseline, grouping: Grouping) -> Result<Search<'a>, SolveError> {
        let none = vec![false; pos.rules.costs.len()];
        // Not `Maximizer::maximum`, which would count over the requirements in force in the
        // empty declaration: on a class's settled rules (CR 508.1d) the set is already fixed.
        let started = web_time::Instant::now();
        let free = ilp.maximum_with(pos, &none, Tie::Closest(&pos.rules.no_attack()))?;
        let mut search = Search::with_free(pos, ilp, baseline, grouping, free.value, free.witness)?;
        search.free_maximum = started.elapsed();
        if baseline == Baseline::Paid && search.couplings.is_none() && !pos.rules.costs.is_empty() {
            search.cut_upfront()?;
        }
        Ok(search)
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
            escalated: false,
            split_escalated: false,
            bound: None,
            dual: couplings.is_some(),
            couplings,
            cases,
            live: None,
            method,
            prefer: pos.rules.no_attack(),
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
    fn free_rescue(&mut self, objective: Goal, deadline: Option<web_time::Instant>) -> Result<Option<Assignment>, SolveError> {
        let pos = self.pos;
        let ilp = self.ilp.until(deadline);
        // The free maximum m(∅) is the paid search's own: not solved again.
        let mut free = Search::with_free(pos, &ilp, Baseline::Free, self.grouping, self.m_free, self.free_witness.clone())?;
        free.objective_ilp.call = Call { deadline, keep_incumbent: true, ..free.objective_ilp.call };
        let found = match free.best(|enc: &mut Encoding| objective.expression(pos, enc), |_: &Encoding| Vec::new()) {
            Ok(found) => found,
            Err(SolveError::TimeLimit(_)) => {
                // Cut short before a solution, it may still have proved a bound (`Found::CutShort`).
                if let Some(b) = free.bound {
                    self.bound = Some(self.bound.map_or(b, |old| old.min(b)));
                }
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        let Some((a, optimality)) = found else { return Ok(None) };
        let value = objective.value(pos, &a) as f64;
        let bound = match optimality {
            Optimality::Proven => Some(value),
            Optimality::Unproven { .. } => free.bound,
        };
        if let Some(b) = bound {
            self.bound = Some(self.bound.map_or(b, |old| old.min(b)));
        }
        let legal = match paid_bar(pos, &a, self.ilp) {
            Ok(bar) => pos.rules.obeyed(&a) >= bar.value,
            Err(SolveError::TimeLimit(_)) => false,
            Err(e) => return Err(e),
        };
        crate::debug::note(|| format!("free optimum: bound {bound:?}, legal under paid: {legal}"));
        if !legal {
            return Ok(None);
        }
        self.legal_seen.push(a.clone());
        Ok(self.bound.is_some_and(|b| value >= (b + 1e-6).floor()).then_some(a))
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
        let pairs: usize = self.pos.rules.creatures.iter().map(|c| c.allowed.len()).sum();
        if pairs > PROBE_VARIABLES {
            return Ok(());
        }
        let all = vec![true; self.pos.rules.costs.len()];
        let budget = web_time::Instant::now() + self.free_maximum.saturating_mul(5) + Duration::from_millis(50);
        let ilp = self.ilp.until(Some(self.ilp.call.deadline.map_or(budget, |d| d.min(budget))));
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

    /// Whether a program started now may give an answer before `deadline` (none: always): it
    /// needs about as long as the longest so far to its first ([`Search::longest`]).
    fn may_start(&self, deadline: Option<web_time::Instant>) -> bool {
        deadline.is_none_or(|d| d > web_time::Instant::now() + self.longest.get())
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
    fn pay_nothing<O, X>(&self, deadline: Option<web_time::Instant>, objective: &O, extra: &X) -> Result<Option<(Assignment, f64)>, SolveError>
    where
        O: Fn(&mut Encoding) -> Expression,
        X: Fn(&Encoding) -> Vec<Constraint>,
    {
        let none = vec![false; self.pos.rules.costs.len()];
        let found = self.best_within(&none, self.m_free, deadline, objective, extra)?;
        crate::debug::note(|| format!("paying nothing: {:?}", found.as_ref().map(|(_, v)| *v)));
        Ok(found)
    }

    /// Under a deadline, let the objective phases stop when `reserve(time left)` is left
    /// (keeping their best solution, unproven, when `keep_incumbent`), so that it is left for
    /// checking what they found.
    fn stop_early(&mut self, keep_incumbent: bool, reserve: impl Fn(Duration) -> Duration) {
        if let Some(deadline) = self.ilp.call.deadline {
            let now = web_time::Instant::now();
            let left = deadline.saturating_duration_since(now);
            self.objective_ilp.call = Call { deadline: Some(now + left.saturating_sub(reserve(left))), keep_incumbent, ..self.objective_ilp.call };
        }
    }

    /// Maximize `objective(enc)` over legal declarations with `extra(enc)` constraints; None when
    /// there is none (infeasible). An unproven answer (the objective phase's deadline came
    /// first) is still a legal declaration, with the bound on the objective.
    fn best<O, X>(&mut self, objective: O, extra: X) -> Result<Option<(Assignment, Optimality)>, SolveError>
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
    fn best_beating<O, X>(
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
        self.bound = None;
        // The ceiling ends each program's branch and bound too, but is not added to the
        // programs as a row (see `Call::known_bound`), nor to `self.bound`, which is.
        // Without coupling duals, rounds under paid stop near their bound
        // (`Strategy::near_enough`): their declarations mostly fall short and are only cut off;
        // one that is legal becomes the incumbent, which the next round must beat, so proofs
        // are still proofs.
        let stop_near = match (self.baseline, &self.couplings) {
            (Baseline::Paid, None) => self.ilp.strategy.near_enough,
            _ => None,
        };
        let objective_ilp = Ilp { call: Call { known_bound: ceiling, stop_near, ..self.objective_ilp.call }, ..self.objective_ilp };
        // The best legal declaration this phase has met (by repair, see below) and its value.
        let mut incumbent: Option<(Assignment, f64)> = start;
        // Rounds of this phase whose declaration fell short of its paid bar.
        let mut rounds_short = 0;
        loop {
            if let Some((a, _)) = incumbent.as_ref().filter(|(_, v)| reaches(*v, ceiling) || reaches(*v, self.bound)) {
                return Ok(Some((a.clone(), Optimality::Proven)));
            }
            // Every cost allowed, obeyed ≥ m_free, every cut so far, the dual bar once on, a
            // bound from earlier rounds, better than the incumbent, and the caller's constraints.
            let cuts = &self.cuts;
            let exchanges = &self.exchanges;
            let better_than = incumbent.as_ref().map(|(_, v)| *v);
            let m_free = self.m_free;
            let pos = self.pos;
            let dual = self.dual;
            let bound = self.bound;
            // Lifted cuts where there are no coupling duals only: on the taxed Commander
            // boards, whose coupled dual bars carry the search, they changed the rounds' path
            // and made P = 6, N = 60, seed 1 slower (2.4 s against 1.1 s).
            let lift = self.couplings.is_none();
            // Per case: whether the dual bar was built, and exact.
            let mut dual_built: Vec<Option<bool>> = Vec::new();
            if dual && self.couplings.is_some() && self.live.is_none() {
                self.live = Some(self.live_tuples()?);
            }
            let couplings = self.couplings.as_ref().filter(|_| dual);
            let tuples: Vec<Option<(usize, Case)>> = match (couplings, &self.live) {
                (Some(_), Some(live)) => live.iter().copied().map(Some).collect(),
                _ => vec![None],
            };
            // One program per tuple of coupling duals (or one with the whole bar): the round's
            // answer is the best of them, each asked to beat the best so far.
            let mut found: Option<Solved> = None;
            // Proven unless some tuple was cut short; then the bound over the tuples, if known.
            let mut proven = true;
            let mut round_bound: Option<f64> = Some(f64::NEG_INFINITY);
            // Whether a program reached the ceiling (the rest were not solved).
            let mut at_ceiling = false;
            // Why the deadline stopped a tuple's program before its first solution, if it did.
            let mut cut_short: Option<String> = None;
            let last_tuple = tuples.len().saturating_sub(1);
            for (i, tuple) in tuples.into_iter().enumerate() {
                let at_least = match (better_than, found.as_ref().map(|s| s.objective)) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    (a, b) => a.or(b),
                };
                let started = web_time::Instant::now();
                let solved = objective_ilp.best_found(self.pos, &all, self.grouping, &self.prefer, m_free, |enc| {
                    let mut cs = vec![constraint::leq(Expression::from(m_free as f64), enc.obeyed.clone())];
                    for (a, m) in cuts {
                        cs.extend(enc.paid_cut(a, *m, m_free, pos, lift));
                    }
                    for e in exchanges {
                        cs.extend(enc.exchange_cut(pos, e));
                    }
                    if dual {
                        let bar = match (couplings, tuple) {
                            (Some(c), Some((t, case))) => enc.paid_bar_coupled(pos, c, t, case),
                            _ => enc.paid_bar_dual(pos),
                        };
                        dual_built.push(bar.as_ref().map(|b| b.exact));
                        cs.extend(bar.into_iter().flat_map(|b| b.constraints));
                    }
                    let objective = objective(enc);
                    if let Some(b) = bound {
                        // Objectives are integers: a proven bound b allows at most ⌊b⌋.
                        cs.push(constraint::leq(objective.clone(), (b + 1e-6).floor()));
                    }
                    if let Some(v) = at_least {
                        // Objectives are integers; the solver's value is a float (3e-16 for 0):
                        // unrounded, "beat 3e-16" asked for 1 + 3e-16 and lost a declaration of
                        // value 1 (tests/regressions/closest-legal-float-incumbent.json).
                        cs.push(constraint::leq(v.round() + 1.0, objective.clone()));
                    }
                    cs.extend(extra(enc));
                    (objective, cs)
                });
                let s = match solved? {
                    Found::Solved(s) => s,
                    Found::Infeasible => {
                        self.note_start(started, None);
                        continue;
                    }
                    // A tuple cut short before its first solution: its bound holds over the
                    // declarations it asked for (beating `at_least`); the tuples after it have none.
                    Found::CutShort { bound: b, message } => {
                        self.note_start(started, None);
                        (proven, cut_short) = (false, Some(message));
                        round_bound = round_bound.zip(b).map(|(a, b)| a.max(b)).filter(|_| i == last_tuple);
                        break;
                    }
                };
                self.note_start(started, Some(&s));
                let tuple_bound = match s.optimality {
                    Optimality::Proven => Some(s.objective),
                    Optimality::Unproven { bound } => {
                        proven = false;
                        bound
                    }
                };
                round_bound = round_bound.zip(tuple_bound).map(|(a, b)| a.max(b));
                at_ceiling = reaches(s.objective, ceiling);
                found = Some(s);
                if at_ceiling {
                    // No other tuple can beat it.
                    proven = true;
                    break;
                }
            }
            if let Some(message) = cut_short.filter(|_| found.is_none() || !objective_ilp.call.keep_incumbent) {
                // Nothing in hand: what the round proved still bounds the phase, with the
                // incumbent (the programs asked to beat it).
                if let Some(b) = round_bound.filter(|_| !at_ceiling) {
                    let b = better_than.map_or(b, |v| b.max(v));
                    self.bound = Some(self.bound.map_or(b, |old| old.min(b)));
                }
                return Err(SolveError::TimeLimit(message));
            }
            let found = found.map(|mut s| {
                if !proven {
                    s.optimality = Optimality::Unproven { bound: round_bound };
                }
                s
            });
            let Some(solved) = found else {
                // Nothing legal beats the incumbent: it is this phase's optimum.
                return Ok(incumbent.map(|(a, _)| (a, Optimality::Proven)));
            };
            let optimality = solved.optimality;
            let near = solved.near_enough;
            let value = solved.objective.round();
            let round_bound = match optimality {
                Optimality::Proven => Some(solved.objective),
                Optimality::Unproven { bound } => bound,
            };
            if let Some(b) = round_bound.filter(|_| !at_ceiling) {
                self.bound = Some(self.bound.map_or(b, |old| old.min(b)));
            }
            let a = solved.assignment;
            self.ilp.verify(self.pos, &a, &all)?;
            let obeyed = self.pos.rules.obeyed(&a);
            if obeyed < self.m_free {
                return Err(SolveError::Internal("the solver's declaration obeys fewer requirements than required".into()));
            }
            if self.baseline == Baseline::Free {
                return Ok(Some((a, optimality)));
            }
            if dual && self.method == BarMethod::PaidDual && dual_built.iter().all(|b| b.is_none()) {
                self.method = BarMethod::PaidCuts;
            }
            // A bar built as a lower bound: whatever the re-check below finds, the answer does
            // not rest on the dual bar alone.
            if dual && self.method == BarMethod::PaidDual && dual_built.contains(&Some(false)) {
                self.method = BarMethod::PaidDualCuts;
            }
            let bar = paid_bar(self.pos, &a, self.ilp)?;
            crate::debug::note(|| format!("round: objective {:.0} ({optimality:?}), obeys {obeyed}, paid bar {}", solved.objective, bar.value));
            // With ATTACKOPT_DEBUG: the round's declaration and its bar's witness, to see what a
            // bar that is only a lower bound missed (issue 10: the trade of an elf's mana).
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
                format!("round declaration: {}\n  witness: {}", show(&a), show(&bar.witness))
            });
            if obeyed >= bar.value {
                if !near {
                    return Ok(Some((a, optimality)));
                }
                // Legal but not proven: the incumbent, which the next round must beat.
                self.legal_seen.push(a.clone());
                if incumbent.as_ref().is_none_or(|(_, old)| value > *old) {
                    incumbent = Some((a, value));
                }
                continue;
            }
            // The bar's witness W is legal: it incurs S' ⊆ incurred(a) and obeys
            // m(incurred(a)) ≥ m(S').
            self.legal_seen.push(bar.witness.clone());
            // Repair: the best declaration incurring only a's costs and obeying a's bar is
            // legal (its own bar is at most a's), often close to the optimum, and from now on
            // the rounds look only for better ones. Usually a fraction of a millisecond; it may
            // use the time kept for checking, so that the last declaration an objective phase
            // found before its share ran out is repaired, but not the two maxima checking the
            // answer takes, nor start where it could overrun them (`Search::longest`).
            let until = self.ilp.call.deadline.map(|d| d.checked_sub(self.free_maximum.saturating_mul(2)).unwrap_or(d));
            let repaired = match self.may_start(until) {
                true => self.best_within(&paid_allowed(self.pos, &a), bar.value, until, &objective, &extra)?,
                false => None,
            };
            crate::debug::note(|| format!("repair: {:?}", repaired.as_ref().map(|(_, v)| *v)));
            // Without coupling duals, once: the best declaration that pays nothing, where it
            // leaves time for a round after it (whose bound is worth more: issue 10, the
            // adversarial profile at 10 s, seed 1, 276,607 against 293,862, where paying nothing
            // gave 250,083 and the repair 257,456).
            let mut paid_nothing = None;
            if self.couplings.is_none() && !self.tried_paying_nothing {
                let until = objective_ilp.call.deadline.map(|d| d.checked_sub(self.longest.get()).unwrap_or(d));
                if self.may_start(until) {
                    self.tried_paying_nothing = true;
                    paid_nothing = self.pay_nothing(objective_ilp.call.deadline, &objective, &extra)?;
                }
            }
            for (r, v) in repaired.into_iter().chain(paid_nothing) {
                self.legal_seen.push(r.clone());
                if incumbent.as_ref().is_none_or(|(_, old)| v > *old) {
                    incumbent = Some((r, v));
                }
            }
            if dual && !dual_built.is_empty() && dual_built.iter().all(|b| *b == Some(true)) {
                return Err(SolveError::Internal("a declaration met the exact dual bar but falls short of its paid maximum".into()));
            }
            // From now on the dual bar carries the paid baseline; cuts complete it where it is
            // only a lower bound (or where no dual bar could be built). Except without coupling
            // duals where the cut can be lifted (`Encoding::paid_cut`): the dual bar is then
            // the products form, one large program, and lifted cuts alone do better (issue 10,
            // the adversarial profile at P = 8, N = 1,000, seed 2, with HiGHS: the products
            // form found no solution in 7 s, where the next round on lifted cuts took 1.6 s and
            // lowered the bound from 293,702 to 269,887).
            let lifted = !dual && self.couplings.is_none() && self.pos.rules.removal_losses(&bar.witness).is_some();
            self.method = match (dual, dual_built.iter().any(|b| b.is_some())) {
                _ if self.split_escalated => BarMethod::PaidSplitCuts,
                (false, _) if lifted => BarMethod::PaidCuts,
                (false, _) => BarMethod::PaidDual,
                (true, true) => BarMethod::PaidDualCuts,
                (true, false) => BarMethod::PaidCuts,
            };
            self.dual = dual || !lifted;
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
                // The exchange is read off the maximum closest to `a` (fewest attacks changed):
                // the bar's own witness gives up every attack that obeys nothing.
                let closest = self.ilp.maximum_with(self.pos, &paid_allowed(self.pos, &a), Tie::Closest(&a))?;
                for e in Exchange::derive(self.pos, &a, &closest.witness) {
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
            }
            self.cuts.push((bar.witness, bar.value));
            rounds_short += 1;
            if self.ilp.strategy.escalate_after.is_some_and(|after| rounds_short >= after) {
                self.escalate();
            }
        }
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
            let pair_deadline = web_time::Instant::now() + self.objective_ilp.strategy.liveness_budget;
            let ilp = self.objective_ilp.until(Some(self.objective_ilp.call.deadline.map_or(pair_deadline, |d| d.min(pair_deadline))));
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
        deadline: Option<web_time::Instant>,
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

fn fewest_attackers(enc: &Encoding) -> Expression {
    let mut e = Expression::with_capacity(enc.attacks.len());
    for a in &enc.attacks {
        e.add_mul(-1.0, a.clone());
    }
    e
}

/// Of the time left, the share `enumerate`'s search may use before it settles for the
/// declarations found: the rest is kept for checking them (each check's paid-baseline bar takes
/// about as long as a maximum).
pub const OBJECTIVE_SHARE: f64 = 0.6;

/// What `solve` keeps of the time left for checking its one answer (its paid-baseline bar and
/// the report), given how long the free maximum `m(∅)` took: [`RESERVE_MAXIMA`] such maxima
/// plus [`RESERVE_SHARE`] of the time left, never more than the `1 − OBJECTIVE_SHARE` kept
/// before (issue 10). Why not a fixed share: on the taxed Commander boards a maximum takes a
/// millisecond, so a fixed 40 % left idle the seconds the paid search needed (P = 6, N = 60,
/// seed 1 is proven with HiGHS after 6.2 s, and `--time-limit 10` stopped it at 6 s); where a
/// maximum takes a second (the adversarial profile at N = 1,000), the reserve stays 40 %.
pub fn solve_reserve(left: Duration, free_maximum: Duration) -> Duration {
    reserve_for_checks(left, free_maximum, 1)
}

/// As [`solve_reserve`], for checking `answers` answers (`enumerate`'s limit): each gets its
/// [`RESERVE_MAXIMA`] maxima. Before, `enumerate` kept a fixed 40 % (issue 10: 4 of 10 s idle
/// on P = 5, N = 100, seed 3, whose 20 checks took 30 ms, while the search ran out of time).
pub fn reserve_for_checks(left: Duration, free_maximum: Duration, answers: usize) -> Duration {
    let maxima = u32::try_from(answers).unwrap_or(u32::MAX).saturating_mul(RESERVE_MAXIMA);
    let adaptive = left.mul_f64(RESERVE_SHARE).saturating_add(free_maximum.saturating_mul(maxima));
    adaptive.min(left.mul_f64(1.0 - OBJECTIVE_SHARE))
}

/// See [`solve_reserve`]: checking an answer takes two maxima (the free maximum and the
/// answer's paid bar), twice that for room (a maximum over the answer's costs can be larger
/// than the free one). Ten until issue 10's adversarial boards, where a check took 0.74 s, 2.2
/// maxima, and the 3.5 s kept of a 10 s limit left no time for the best declaration that pays
/// nothing (`Search::pay_nothing`).
pub const RESERVE_MAXIMA: u32 = 4;

/// See [`solve_reserve`]: the part of the reserve that does not scale with the board.
pub const RESERVE_SHARE: f64 = 0.05;

/// The best legal declaration for an objective, with the integer program.
///
/// Under a deadline the objective phases stop when [`solve_reserve`] of the time left
/// remains, with the best declaration they found; if it is legal, it is the answer with
/// `optimal: false` and the bound on the objective that branch and bound proved (the remaining
/// gap). Maxima are always proven, so legality is never in doubt.
pub fn solve(pos: &Position, objective: Goal, baseline: Baseline, ilp: &Ilp) -> Result<SolveResult, SolveError> {
    // CR 508.1d: conditional requirements, class by class.
    if pos.rules.has_conditions() {
        return classes::solve(pos, objective, baseline, ilp);
    }
    let mut search = Search::new(pos, ilp, baseline, ilp.model.grouping)?;
    let free_maximum = search.free_maximum;
    search.stop_early(true, |left| solve_reserve(left, free_maximum));
    // Under paid, a share of the objective phase first; cut short, the free optimum with the
    // rest (see `Search::free_rescue`).
    let full = search.objective_ilp.call.deadline;
    // Without coupling duals the first round is the free-bar program itself, which the rescue
    // would solve again: the paid search keeps the whole time there (and tries paying nothing
    // itself, see `Search::pay_nothing`).
    let paid_share = ilp
        .strategy
        .free_rescue
        .filter(|_| baseline == Baseline::Paid && !pos.rules.costs.is_empty() && full.is_some() && search.couplings.is_some());
    let rescue = paid_share.is_some();
    if let Some(share) = paid_share {
        let now = web_time::Instant::now();
        search.objective_ilp.call.deadline = full.map(|d| now + d.saturating_duration_since(now).mul_f64(share.clamp(0.0, 1.0)));
    }
    let no_extra = |_: &Encoding| Vec::new();
    let mut found = search.best(|enc: &mut Encoding| objective.expression(pos, enc), no_extra);
    let cut_short = matches!(found, Ok(Some((_, Optimality::Unproven { .. }))) | Err(SolveError::TimeLimit(_)));
    search.objective_ilp.call.deadline = full;
    if rescue && cut_short {
        if let Ok(Some((a, _))) = &found {
            search.legal_seen.push(a.clone());
        }
        let rescued = search.free_rescue(objective, full)?;
        if let Some(a) = rescued {
            found = Ok(Some((a, Optimality::Proven)));
        } else if full.is_some_and(|d| d > web_time::Instant::now()) {
            // The paid search again with the time left, from the cuts it found and the best
            // legal declaration seen (each program asks to beat it; none can: it is optimal):
            // its bounds and the free one all hold.
            let before = search.bound;
            let start = search.legal_seen.iter().max_by_key(|a| rank(pos, objective, a)).map(|a| (a.clone(), objective.value(pos, a) as f64));
            found = search.best_beating(|enc: &mut Encoding| objective.expression(pos, enc), no_extra, start, None);
            search.bound = match (before, search.bound) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
    }
    let first = match found {
        Ok(Some((a, Optimality::Proven))) => a,
        Ok(None) => return Err(SolveError::Internal("no legal declaration at all".into())),
        Err(e) if !matches!(e, SolveError::TimeLimit(_)) => return Err(e),
        // Cut short: the best legal declaration in hand, and the bound proved so far.
        stopped => {
            let mut candidates = search.legal_seen.clone();
            match stopped {
                Ok(Some((a, _))) => candidates.push(a),
                Err(e) if candidates.is_empty() => return Err(e),
                _ => {}
            }
            let Some(best) = candidates.into_iter().max_by_key(|a| rank(pos, objective, a)) else {
                return Err(SolveError::TimeLimit("the time limit ran out before a legal declaration was found".into()));
            };
            let value = objective.value(pos, &best);
            // Objective values are integers; the simple bound covers rounds that proved none.
            let simple = simple_bound(pos, objective);
            let bound = search.bound.map_or(simple, |b| simple.min((b + 1e-6).floor() as i64)).max(value);
            return finish(pos, objective, baseline, &best, ilp, Proven { objective: bound == value, ties: false }, Some(bound), search.method);
        }
    };
    let best_value = objective.value(pos, &first);
    // Tie-breaks: least mana value of costs, then fewest attackers (docs/format.md). Past the deadline
    // the objective stays proven and the tie-breaks are not.
    // Objectives and mana values are integers, so fixing them at their exact values keeps the
    // relaxation tight (a bound such as value - 0.5 would leave branch and bound a gap to close).
    let fix_objective = |enc: &Encoding| vec![constraint::leq(Expression::from(best_value as f64), objective.expression(pos, enc))];
    let less_mana = |enc: &mut Encoding| {
        let mut e = Expression::with_capacity(1);
        e.add_mul(-1.0, enc.mana_value());
        e
    };
    let proven_objective = |ties| Proven { objective: true, ties };
    let start = Some((first.clone(), -(mana_of(pos, &first) as f64)));
    let (second, proven) = match tie_break(search.best_beating(less_mana, fix_objective, start, None), &first)? {
        (a, true) => (a, true),
        (a, false) => return finish(pos, objective, baseline, &a, ilp, proven_objective(false), Some(best_value), search.method),
    };
    let least_mana = mana_of(pos, &second);
    let fix_both = |enc: &Encoding| {
        let mut cs = fix_objective(enc);
        cs.push(constraint::leq(enc.mana_value(), least_mana as f64));
        cs
    };
    let (third, proven) = if objective == Goal::Attackers {
        (second, proven)
    } else {
        let start = Some((second.clone(), -(Goal::Attackers.value(pos, &second) as f64)));
        tie_break(search.best_beating(|enc: &mut Encoding| fewest_attackers(enc), fix_both, start, None), &second)?
    };
    finish(pos, objective, baseline, &third, ilp, proven_objective(proven), Some(best_value), search.method)
}

/// What a solve proved: the objective (its bound met), and the tie-breaks.
#[derive(Debug, Clone, Copy)]
struct Proven {
    objective: bool,
    ties: bool,
}

/// An upper bound on the objective that needs no solving: each creature contributes the most it
/// can over the targets it is allowed to attack, and a cap on all attackers (Crawlspace-style
/// "no more than N creatures can attack") keeps only the N best. Reported when branch and
/// bound stopped before proving a bound of its own.
pub fn simple_bound(pos: &Position, objective: Goal) -> i64 {
    let rules = &pos.rules;
    let mut gains: Vec<i64> =
        rules.creatures.iter().enumerate().map(|(c, cr)| cr.allowed.iter().map(|&t| objective.weight(pos, c, t)).max().unwrap_or(0).max(0)).collect();
    gains.sort_unstable_by(|a, b| b.cmp(a));
    let cap = rules
        .restrictions
        .iter()
        .filter_map(|r| match &r.kind {
            crate::rules::RestrictionKind::MaxAttackers { count, targets: None, .. } => Some(*count as usize),
            _ => None,
        })
        .min()
        .unwrap_or(gains.len());
    gains.iter().take(cap).sum()
}

/// A tie-break phase's answer and whether it is proven; the previous answer when the phase
/// found nothing better or ran out of time.
fn tie_break(found: Result<Option<(Assignment, Optimality)>, SolveError>, previous: &Assignment) -> Result<(Assignment, bool), SolveError> {
    match found {
        Ok(Some((a, optimality))) => Ok((a, optimality == Optimality::Proven)),
        Ok(None) => Ok((previous.clone(), true)),
        Err(SolveError::TimeLimit(_)) => Ok((previous.clone(), false)),
        Err(e) => Err(e),
    }
}

#[allow(clippy::too_many_arguments)]
fn finish(
    pos: &Position,
    objective: Goal,
    baseline: Baseline,
    a: &Assignment,
    maximizer: &dyn Maximizer,
    proven: Proven,
    objective_bound: Option<i64>,
    method: BarMethod,
) -> Result<SolveResult, SolveError> {
    let result = check(pos, &pos.declaration(a), baseline, maximizer)?;
    if result.proof == Proof::None {
        return Err(SolveError::TimeLimit("the time limit ran out while checking the best declaration found".into()));
    }
    if !result.legal {
        return Err(SolveError::Internal(format!("the best declaration found is not legal: {:?}", result.violations)));
    }
    let value = objective.value(pos, a);
    if objective_bound.is_some_and(|b| b < value) {
        return Err(SolveError::Internal(format!("the objective {value} is above its own proven bound {objective_bound:?}")));
    }
    // The objective is proven exactly when its bound is met (CR-independent: a bound is an
    // upper bound over legal declarations, and this one is legal).
    let optimal = proven.objective || objective_bound == Some(value);
    Ok(SolveResult { result, objective: value, optimal, objective_bound, tie_breaks_proven: optimal && proven.ties, method, condition_classes: None })
}

/// The key by which answers are ranked: objective, then less mana, then fewer attackers.
pub fn rank(pos: &Position, objective: Goal, a: &Assignment) -> (i64, i64, i64) {
    (objective.value(pos, a), -mana_of(pos, a), -(a.iter().filter(|t| t.is_some()).count() as i64))
}

/// The best legal declaration by trying every one (the reference for tests and `--exhaustive`).
pub fn solve_exhaustive(pos: &Position, objective: Goal, baseline: Baseline) -> Result<SolveResult, SolveError> {
    solve_with_oracle(pos, objective, baseline, &ExhaustiveOracle::new(pos)?)
}

/// [`solve_exhaustive`] with an oracle already built (with its deadline, see
/// [`ExhaustiveOracle::within`]).
pub fn solve_with_oracle(pos: &Position, objective: Goal, baseline: Baseline, oracle: &ExhaustiveOracle) -> Result<SolveResult, SolveError> {
    let best = oracle
        .legal_in_time(baseline)?
        .into_iter()
        .max_by_key(|c| rank(pos, objective, &c.assignment))
        .ok_or_else(|| SolveError::Internal("no legal declaration at all".into()))?
        .assignment
        .clone();
    let value = objective.value(pos, &best);
    finish(pos, objective, baseline, &best, oracle, Proven { objective: true, ties: true }, Some(value), BarMethod::Exhaustive)
}

/// The legal declaration closest to `a` (fewest creatures whose attack changes, the same
/// measure as the witness): what a judge offers for a declaration that breaks a restriction or
/// can't be paid (issue 13). None when the deadline came first.
pub fn closest_legal(pos: &Position, a: &Assignment, baseline: Baseline, ilp: &Ilp) -> Result<Option<Assignment>, SolveError> {
    if pos.rules.has_conditions() {
        return classes::closest_legal(pos, a, baseline, ilp);
    }
    let mut search = Search::new(pos, ilp, baseline, ilp.model.grouping)?;
    search.prefer = a.clone();
    match search.best(|enc: &mut Encoding| enc.closeness(a), |_| vec![]) {
        Ok(found) => Ok(found.map(|(x, _)| x)),
        Err(SolveError::TimeLimit(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// [`closest_legal`] from the exhaustive checker's list.
pub fn closest_legal_with_oracle(a: &Assignment, baseline: Baseline, oracle: &ExhaustiveOracle) -> Result<Option<Assignment>, SolveError> {
    match oracle.legal_in_time(baseline) {
        Ok(list) => Ok(list.into_iter().min_by_key(|c| crate::legality::exhaustive::distance(&c.assignment, a)).map(|c| c.assignment.clone())),
        Err(SolveError::TimeLimit(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// `enumerate`'s result: `{ "declarations": [...], "complete": bool, "time_limit_reached": bool,
/// "method": ... }`.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Enumeration {
    /// The legal declarations found, each checked.
    #[schemars(description = "")]
    pub declarations: Vec<CheckResult>,
    /// The program (or the exhaustive checker) proved there are no more.
    pub complete: bool,
    /// The time limit stopped the search: the declarations listed are legal, and there may be
    /// more (the command exits 3).
    pub time_limit_reached: bool,
    /// How the declarations were made to meet the baseline's bar (see [`BarMethod`]).
    pub method: BarMethod,
    /// Added field: on a board with conditional requirements (CR 508.1d), the number of classes
    /// of declarations (by which requirements are in force) enumerated one after the other.
    /// Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition_classes: Option<usize>,
}

/// Legal declarations found with the integer program and no-good cuts, up to `limit`, and
/// whether the list is complete (the program proved there are no more). Enumeration lists
/// declarations creature by creature, so it uses the plain model without grouping.
///
/// Under a deadline the search stops when [`reserve_for_checks`] is left (at most
/// `1 − OBJECTIVE_SHARE` of the time), keeping it for checking what it found: the declarations
/// found by then are returned (each legal and checked), with the list incomplete and
/// `time_limit_reached`;
/// so are the legal declarations met on the way (the free maximum's witness, the paid bars'
/// witnesses), which keeps the list from being empty.
pub fn enumerate(pos: &Position, baseline: Baseline, limit: usize, ilp: &Ilp) -> Result<Enumeration, SolveError> {
    if pos.rules.has_conditions() {
        return classes::enumerate(pos, baseline, limit, ilp);
    }
    let mut search = Search::new(pos, ilp, baseline, Grouping::Off)?;
    let free_maximum = search.free_maximum;
    search.stop_early(false, |left| reserve_for_checks(left, free_maximum, limit));
    let mut found: Vec<Assignment> = Vec::new();
    let mut timed_out = false;
    let complete = loop {
        let seen = found.clone();
        let no_goods = |enc: &Encoding| seen.iter().map(|a| no_good(enc, a)).collect();
        // Fewer attackers first, for a stable, readable order: none left has fewer than the
        // last one listed.
        let ceiling = found.last().map(|a| -(Goal::Attackers.value(pos, a) as f64));
        match search.best_beating(|enc: &mut Encoding| fewest_attackers(enc), no_goods, None, ceiling) {
            Ok(Some(_)) if found.len() == limit => break false,
            Ok(Some((a, _))) => found.push(a),
            Ok(None) => break true,
            Err(SolveError::TimeLimit(_)) => {
                // The legal declarations met on the way are still legal (the order "fewer
                // attackers first" is then not kept).
                for a in &search.legal_seen {
                    if found.len() < limit && !found.contains(a) {
                        found.push(a.clone());
                    }
                }
                timed_out = true;
                break false;
            }
            Err(e) => return Err(e),
        }
    };
    let mut results = Vec::with_capacity(found.len());
    for a in &found {
        let r = check(pos, &pos.declaration(a), baseline, ilp)?;
        if r.proof == Proof::None {
            // Out of time for the reports: the list ends here.
            timed_out = true;
            break;
        }
        results.push(r);
    }
    if timed_out && results.is_empty() {
        return Err(SolveError::TimeLimit("the time limit ran out before a legal declaration was found and checked".into()));
    }
    Ok(Enumeration {
        declarations: results,
        complete: complete && !timed_out,
        time_limit_reached: timed_out,
        method: search.method,
        condition_classes: None,
    })
}

/// No-good cut: a declaration differing from `a` in at least one (creature, target) pair.
fn no_good(enc: &Encoding, a: &Assignment) -> Constraint {
    let mut e = Expression::with_capacity(8);
    for (g, xs) in enc.x.iter().enumerate() {
        let c = enc.groups[g].members[0];
        for (t, v) in xs {
            if a[c] == Some(*t) {
                e.add_mul(-1.0, *v);
                e.add_mul(1.0, Expression::from(1.0));
            } else {
                e.add_mul(1.0, *v);
            }
        }
    }
    constraint::leq(Expression::from(1.0), e)
}

#[cfg(test)]
mod tests {
    use super::{reserve_for_checks, solve_reserve, Goal, Search, OBJECTIVE_SHARE};
    use crate::board::parse_board;
    use crate::generate::{generate, Profile};
    use crate::ilp::Ilp;
    use crate::legality::{Baseline, ExhaustiveOracle};
    use crate::position::Position;
    use std::time::Duration;

    /// CR 508.1d, paid baseline (issue 10): the declaration [`Search::pay_nothing`] adds is
    /// legal, incurs no cost, and is the most powerful legal declaration that incurs none, by
    /// the exhaustive checker, on small taxed Commander boards (grouped and plain).
    #[test]
    fn cr_508_1d_paying_nothing_is_the_best_legal_declaration_without_costs() {
        let mut checked = 0;
        for seed in 1..=12 {
            let board = serde_json::to_string(&generate(4, 4 + (seed as usize % 4), seed, Profile::Commander)).unwrap();
            let pos = Position::new(parse_board(&board, "generated.json").unwrap()).unwrap();
            if pos.rules.costs.is_empty() {
                continue;
            }
            let oracle = ExhaustiveOracle::new(&pos).unwrap();
            let want = oracle
                .legal(Baseline::Paid)
                .iter()
                .filter(|c| pos.rules.incurred(&c.assignment).is_empty())
                .map(|c| Goal::Power.value(&pos, &c.assignment))
                .max();
            for ilp in [Ilp::default(), Ilp::plain()] {
                let search = Search::new(&pos, &ilp, Baseline::Paid, ilp.model.grouping).unwrap();
                let found = search
                    .pay_nothing(None, &|enc: &mut crate::ilp::Encoding| Goal::Power.expression(&pos, enc), &|_: &crate::ilp::Encoding| Vec::new())
                    .unwrap();
                let got = found.as_ref().map(|(a, _)| a);
                assert_eq!(got.map(|a| Goal::Power.value(&pos, a)), want, "seed {seed}");
                if let Some(a) = got {
                    assert!(pos.rules.incurred(a).is_empty(), "seed {seed}: incurs a cost");
                    assert!(oracle.legal(Baseline::Paid).iter().any(|c| c.assignment == *a), "seed {seed}: not legal under paid");
                }
            }
            checked += 1;
        }
        assert!(checked >= 6, "only {checked} boards had costs");
    }

    /// Quick maxima leave `solve` most of its time (5 % and four maxima kept); slow ones keep
    /// the 40 % of before, never more; no time left keeps none.
    #[test]
    fn the_reserve_for_checking_scales_with_the_maximum_and_never_exceeds_the_fixed_share() {
        let ms = |d: Duration| d.as_millis();
        assert_eq!(ms(solve_reserve(Duration::from_secs(10), Duration::from_millis(1))), 504);
        assert_eq!(ms(solve_reserve(Duration::from_secs(3), Duration::ZERO)), 150);
        assert_eq!(ms(solve_reserve(Duration::from_secs(10), Duration::from_millis(300))), 1700);
        let fixed = Duration::from_secs(10).mul_f64(1.0 - OBJECTIVE_SHARE);
        assert_eq!(solve_reserve(Duration::from_secs(10), Duration::from_millis(900)), fixed);
        assert_eq!(solve_reserve(Duration::ZERO, Duration::from_secs(1)), Duration::ZERO);
    }

    /// `enumerate` keeps four maxima per declaration it may list, within the same cap; a limit
    /// past u32 saturates rather than overflows.
    #[test]
    fn enumerate_keeps_four_maxima_per_declaration_for_its_checks() {
        let ms = |d: Duration| d.as_millis();
        assert_eq!(ms(reserve_for_checks(Duration::from_secs(10), Duration::from_millis(1), 20)), 580);
        let fixed = Duration::from_secs(10).mul_f64(1.0 - OBJECTIVE_SHARE);
        assert_eq!(reserve_for_checks(Duration::from_secs(10), Duration::from_millis(1), 1000), fixed);
        assert_eq!(reserve_for_checks(Duration::from_secs(10), Duration::from_millis(1), usize::MAX), fixed);
    }
}
