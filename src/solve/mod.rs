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

pub mod blocks;
pub mod classes;
mod search;

use crate::ilp::{Encoding, Grouping, Ilp, Optimality, Tie, MOST_BOUND_FLOWS};
use crate::legality::{check, Baseline, CheckResult, ExhaustiveOracle, Maximizer, Proof, SolveError};
use crate::position::Position;
use crate::rules::Assignment;
use crate::vocab::symbol::mana_value;
use good_lp::{constraint, Constraint, Expression};
use search::Search;
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
    /// On a board with `combat`: the total power of the attackers blocked (combat damage
    /// prevented, docs/format.md "solve on a board with combat").
    Prevented,
    /// On a board with `combat`: the attackers dealt lethal damage by their blockers.
    Kills,
    /// On a board with `combat`: the fewest own creatures lost blocking (minimized).
    Losses,
}

impl Objective {
    /// Parse `power`, `attackers`, `none` or `damage:PLAYER`, and on a board with `combat`
    /// `none`, `prevented`, `kills` or `losses` (the words in any case, as every value the
    /// command line takes; the player id exactly, as ids are), and check it against the board
    /// so that a front end reports a bad id, or an objective of the other declaration, under
    /// its own option's name.
    pub fn parse(s: &str, pos: &Position) -> Result<Objective, String> {
        let lower = s.to_ascii_lowercase();
        let objective = match lower.as_str() {
            "power" => Objective::Power,
            "attackers" => Objective::Attackers,
            "none" => Objective::None,
            "prevented" => Objective::Prevented,
            "kills" => Objective::Kills,
            "losses" => Objective::Losses,
            _ if lower.starts_with("damage:") => Objective::Damage(s["damage:".len()..].to_string()),
            _ if pos.blocks.is_some() => return Err(format!("expected none, prevented, kills or losses (a board with combat), found \"{s}\"")),
            _ => return Err(format!("expected power, attackers, none or damage:PLAYER, found \"{s}\"")),
        };
        objective.check(pos).map_err(|e| e.message)?;
        Ok(objective)
    }

    /// Check the objective against the board: an objective for declaring attackers on a board
    /// with `combat` (where `solve` declares blockers), one for blockers on a board without, or
    /// a bad player id, is bad input (file `objective`).
    pub fn check(&self, pos: &Position) -> Result<(), crate::board::InputError> {
        if pos.blocks.is_some() {
            self.block_goal().map(|_| ())
        } else {
            Goal::of(self, pos).map(|_| ())
        }
    }

    /// The objective of a defender's `solve` on a board with `combat`, or bad input for an
    /// objective of declaring attackers.
    pub fn block_goal(&self) -> Result<blocks::BlockGoal, crate::board::InputError> {
        Ok(match self {
            Objective::None => blocks::BlockGoal::None,
            Objective::Prevented => blocks::BlockGoal::Prevented,
            Objective::Kills => blocks::BlockGoal::Kills,
            Objective::Losses => blocks::BlockGoal::Losses,
            other => {
                return Err(crate::board::InputError::new(
                    "objective",
                    "",
                    format!("{other} is an objective for declaring attackers; on a board with combat, solve declares blockers: expected none, prevented, kills or losses"),
                ))
            }
        })
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
            Objective::Prevented => f.write_str("prevented"),
            Objective::Kills => f.write_str("kills"),
            Objective::Losses => f.write_str("losses"),
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
            Objective::Prevented | Objective::Kills | Objective::Losses => {
                return Err(bad(format!(
                "{objective} is an objective for declaring blockers, and the board has no combat: expected power, attackers, none or damage:PLAYER"
            )))
            }
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
        match self {
            // Damage to the player: an attack on their planeswalker or battle deals them none,
            // and a creature with negative power deals 0 (CR 510.1a).
            Goal::Damage(p) => {
                if pos.rules.targets[t].player() == Some(p) {
                    pos.rules.creatures[c].power.max(0)
                } else {
                    0
                }
            }
            _ => self.creature_weight(pos, c).unwrap_or(0),
        }
    }

    /// What creature `c` attacking adds to the objective whatever it attacks, for the
    /// objectives where that does not depend on the target (None for damage to a player).
    pub fn creature_weight(self, pos: &Position, c: usize) -> Option<i64> {
        match self {
            Goal::Power => Some(pos.rules.creatures[c].power),
            Goal::Attackers => Some(1),
            Goal::None => Some(0),
            Goal::Damage(_) => None,
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
    let mut bound_by_flow = false;
    // The objective phases' end, before the share kept for the flow's bound.
    let mut search_until = None;
    // The best declaration paying nothing, where the flow finds it.
    let mut paying_nothing = None;
    // The best declaration paying nothing, as a network flow (issue 39): legal under both
    // baselines, so a floor for the answer when the time limit comes first; on a board with no
    // cost to attack, the answer itself (objective, no mana, then fewest attackers).
    let weight = |c: usize, t: usize| objective.weight(pos, c, t);
    let own = |c: usize| objective.creature_weight(pos, c).unwrap_or(0);
    // Damage to a player depends on the target: pair by pair there.
    let per_creature: Option<&dyn Fn(usize) -> i64> = (!matches!(objective, Goal::Damage(_))).then_some(&own);
    if ilp.model.flow {
        let started = web_time::Instant::now();
        if let Some(a) = ilp.flow_best_without_costs(pos, &weight, per_creature)? {
            let flow_time = started.elapsed();
            let value = objective.value(pos, &a);
            crate::debug::note(|| format!("flow: the best declaration paying nothing: objective {value}"));
            if pos.rules.costs.is_empty() {
                return finish(pos, objective, baseline, &a, &search.maxima, Proven { objective: true, ties: true }, Some(value), search.method);
            }
            search.legal_seen.push(a.clone());
            paying_nothing = Some((a, value as f64));
            // The last share of the time limit is kept for the flow's Lagrangian bound of an
            // answer the time limit cuts short (issue 39).
            bound_by_flow = ilp.call.deadline.is_limited();
            // No more than its flows take (each about as long as this one): the search keeps
            // the rest.
            let kept = |left: Duration| left.mul_f64(BOUND_SHARE).min(flow_time.mul_f64(BOUND_FLOWS_ROOM * MOST_BOUND_FLOWS as f64));
            search_until = Some(ilp.call.deadline.with_time_left(|left| left.saturating_sub(kept(left))));
        }
    }
    search.stop_early(true, |left| solve_reserve(left, free_maximum));
    // A first program out of reach: the time goes to the flow's Lagrangian bound, and the
    // answer is the best declaration paying nothing (issue 39: the adversarial profile at
    // N = 5,000 and 10,000, whose first program did not finish its first slice in the time).
    let flows_only = bound_by_flow
        && ilp.call.deadline.left().is_some_and(|left| {
            let size = ilp.objective_size(pos);
            crate::debug::note(|| {
                format!(
                    "first program: size {size:.0}, root estimated {:?} s of {:.1} s left",
                    ilp.strategy.root_size_per_second.map(|r| size / r),
                    left.as_secs_f64()
                )
            });
            out_of_reach(ilp, size, left)
        });
    if flows_only {
        crate::debug::note(|| "the first program is out of reach: the flow's bound only".to_string());
        let bounding = Ilp { call: search.objective_ilp.call, ..*ilp };
        // Alone, the bound takes as many flows as its descent does (issue 39: on the
        // adversarial profile, P = 4, N = 5,000, 55 flows and a gap of 7 % where 24 flows
        // left 10 % and 7.5 s idle).
        let lagrangian = bounding.objective_bound(pos, &weight, per_creature, search.free_value(), search.move_bar(), None)?;
        return in_hand(pos, objective, baseline, &search, search.legal_seen.clone(), lagrangian);
    }
    // After the reserve, which would otherwise undo it (it did from a8c43d5 to 2026-12-07).
    if let Some(until) = search_until {
        search.objective_ilp.call.deadline = search.objective_ilp.call.deadline.earlier(until);
    }
    // Under paid, a share of the objective phase first; cut short, the free optimum with the
    // rest (see `Search::free_rescue`).
    let full = search.objective_ilp.call.deadline;
    // Without coupling duals the first round is the free-bar program itself, which the rescue
    // would solve again: the paid search keeps the whole time there (and tries paying nothing
    // itself, see `Search::pay_nothing`).
    let paid_share = ilp
        .strategy
        .free_rescue
        .filter(|_| baseline == Baseline::Paid && !pos.rules.costs.is_empty() && full.is_limited() && search.couplings.is_some());
    let rescue = paid_share.is_some();
    if let Some(share) = paid_share {
        search.objective_ilp.call.deadline = full.with_time_left(|left| left.mul_f64(share.clamp(0.0, 1.0)));
    }
    let no_extra = |_: &Encoding| Vec::new();
    // The best declaration paying nothing is legal (its bar is m(∅), which it obeys): every
    // program asks to beat it from the first round, and the search does not look for it again
    // (`Search::pay_nothing`, an integer program: 9.6 s on the adversarial profile at P = 8,
    // N = 2,500, where the flow took 0.11 s).
    if paying_nothing.is_some() {
        search.paying_nothing_known();
    }
    let mut found = search.best_beating(|enc: &mut Encoding| objective.expression(pos, enc), no_extra, paying_nothing, None);
    let cut_short = matches!(found, Ok(Some((_, Optimality::Unproven { .. }))) | Err(SolveError::TimeLimit(_)));
    search.objective_ilp.call.deadline = full;
    if rescue && cut_short {
        if let Ok(Some((a, _))) = &found {
            search.legal_seen.push(a.clone());
        }
        let rescued = search.free_rescue(objective, full)?;
        if let Some(a) = rescued {
            found = Ok(Some((a, Optimality::Proven)));
        } else if full.is_limited() && !full.passed() {
            // The paid search again with the time left, from the cuts it found and the best
            // legal declaration seen (each program asks to beat it; none can: it is optimal):
            // its bounds and the free one all hold.
            let before = search.phase.bound;
            let start = search.legal_seen.iter().max_by_key(|a| rank(pos, objective, a)).map(|a| (a.clone(), objective.value(pos, a) as f64));
            found = search.best_beating(|enc: &mut Encoding| objective.expression(pos, enc), no_extra, start, None);
            search.phase.bound = match (before, search.phase.bound) {
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
            // The flow's Lagrangian bound, with the time kept for it.
            let lagrangian = if bound_by_flow {
                ilp.objective_bound(pos, &weight, per_creature, search.free_value(), search.move_bar(), Some(MOST_BOUND_FLOWS))?
            } else {
                None
            };
            return in_hand(pos, objective, baseline, &search, candidates, lagrangian);
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
        (a, false) => return finish(pos, objective, baseline, &a, &search.maxima, proven_objective(false), Some(best_value), search.method),
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
    finish(pos, objective, baseline, &third, &search.maxima, proven_objective(proven), Some(best_value), search.method)
}

/// The share of the time limit `solve` keeps at its end for the flow's Lagrangian bound of an
/// answer cut short (measured on the adversarial profile: benches/RESULTS.md, session of
/// 2026-12-06, sixth). A board the search proves within the rest never uses it.
const BOUND_SHARE: f64 = 0.25;

/// The time kept for the flow's Lagrangian bound, in flows as long as the best declaration
/// paying nothing took: [`MOST_BOUND_FLOWS`], with a quarter more for room (on the adversarial
/// profile at N = 2,500, 24 flows of the bound took 2.3 s, that one flow 0.11 s).
const BOUND_FLOWS_ROOM: f64 = 1.25;

/// The answer of an objective phase cut short (or never started): the best of `candidates`
/// (legal declarations), and the least of the bounds: the search's, the flow's Lagrangian one
/// (`lagrangian`) and [`simple_bound`].
fn in_hand(
    pos: &Position,
    objective: Goal,
    baseline: Baseline,
    search: &Search,
    candidates: Vec<Assignment>,
    lagrangian: Option<i64>,
) -> Result<SolveResult, SolveError> {
    let Some(best) = candidates.into_iter().max_by_key(|a| rank(pos, objective, a)) else {
        return Err(SolveError::TimeLimit("the time limit ran out before a legal declaration was found".into()));
    };
    let value = objective.value(pos, &best);
    // Objective values are integers; the simple bound covers rounds that proved none.
    let simple = simple_bound(pos, objective).min(lagrangian.unwrap_or(i64::MAX));
    let bound = search.phase.bound.map_or(simple, |b| simple.min((b + 1e-6).floor() as i64)).max(value);
    finish(pos, objective, baseline, &best, &search.maxima, Proven { objective: bound == value, ties: false }, Some(bound), search.method)
}

/// Whether `ilp`'s first program of `size` (groups × pair columns) is out of reach with
/// `left` to go ([`crate::ilp::Strategy::root_size_per_second`]): its root relaxation would
/// take more than half of it.
fn out_of_reach(ilp: &Ilp, size: f64, left: Duration) -> bool {
    ilp.strategy.root_size_per_second.is_some_and(|rate| size / rate > left.as_secs_f64() / 2.0)
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

/// A legal declaration close to a declaration checked, and whether it is proven the closest.
#[derive(Debug, Clone, PartialEq)]
pub struct ClosestLegal {
    /// The legal declaration.
    pub assignment: Assignment,
    /// Whether no legal declaration changes fewer creatures' attacks (false where the search
    /// stopped at its budget, [`crate::ilp::Strategy::alternative_budget`], or the deadline).
    pub proven: bool,
}

/// The legal declaration closest to `a` (fewest creatures whose attack changes, the same
/// measure as the witness): what a judge offers for a declaration that breaks a restriction or
/// can't be paid (issue 13). The verdict is known before it is sought, so the search gets a
/// budget of nodes and rounds ([`crate::ilp::Strategy::alternative_budget`]); out of it (or of
/// time), it answers the closest legal declaration it met, unproven: at least the closest of
/// `known` (legal declarations the caller has: the check's witness) and of the declarations
/// that pay nothing and obey the free maximum (legal under both baselines, CR 508.1d). None
/// when the deadline came before any.
pub fn closest_legal(
    pos: &Position,
    a: &Assignment,
    baseline: Baseline,
    ilp: &Ilp,
    known: &[Assignment],
) -> Result<Option<ClosestLegal>, SolveError> {
    let budget = ilp.strategy.alternative_budget;
    let ilp = &Ilp { call: crate::ilp::Call { slice_limit: budget.map(|b| b.slices), ..ilp.call }, ..*ilp };
    if pos.rules.has_conditions() {
        return classes::closest_legal(pos, a, baseline, ilp);
    }
    let distance = crate::legality::exhaustive::distance;
    let none = vec![false; pos.rules.costs.len()];
    let paying_nothing = match ilp.maximum_with_effort(pos, &none, Tie::Closest(a), ilp.strategy.tie_break_slices) {
        Ok(m) => Some(m.witness),
        Err(SolveError::TimeLimit(_)) => None,
        Err(e) => return Err(e),
    };
    let Some(floor) = known.iter().chain(paying_nothing.as_ref()).min_by_key(|x| distance(x, a)).cloned() else {
        return Ok(None);
    };
    if let Some(budget) = budget {
        let all = vec![true; pos.rules.costs.len()];
        let enc = Encoding::with_pruning(pos, &all, ilp.model.grouping, crate::ilp::Split::Whole, crate::ilp::Pruning::Maximum(a));
        let columns: usize = enc.x.iter().map(Vec::len).sum();
        crate::debug::note(|| format!("closest legal: {columns} pair columns"));
        if columns > budget.columns {
            return Ok(Some(ClosestLegal { assignment: floor, proven: false }));
        }
    }
    let mut search = match Search::new(pos, ilp, baseline, ilp.model.grouping) {
        Ok(search) => search,
        Err(SolveError::TimeLimit(_)) => return Ok(Some(ClosestLegal { assignment: floor, proven: false })),
        Err(e) => return Err(e),
    };
    search.prefer = a.clone();
    search.round_limit = budget.map(|b| b.rounds);
    // Not started from the floor: among declarations as close, the search's own (a serpent
    // attacking so that the Flunkies may, in the README's example) teaches more than the floor.
    match search.best(|enc: &mut Encoding| enc.closeness(a), |_| vec![]) {
        Ok(Some((x, optimality))) => Ok(Some(ClosestLegal { assignment: x, proven: optimality == Optimality::Proven })),
        // Never: the declaration paying nothing that obeys the free maximum is legal.
        Ok(None) => Err(SolveError::Internal("no legal declaration, not even one paying nothing".into())),
        // Out of budget or time: the closest legal declaration met.
        Err(SolveError::TimeLimit(_)) => {
            let met = search.legal_seen.iter().chain(std::iter::once(&floor));
            let closest = met.min_by_key(|x| distance(x, a)).cloned().unwrap_or(floor);
            Ok(Some(ClosestLegal { assignment: closest, proven: false }))
        }
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
        // The maxima the search proved are read, not proved again (`Search::maxima`).
        let r = check(pos, &pos.declaration(a), baseline, &search.maxima)?;
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
    use crate::deadline::Deadline;
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
                    .pay_nothing(
                        Deadline::none(),
                        &|enc: &mut crate::ilp::Encoding| Goal::Power.expression(&pos, enc),
                        &|_: &crate::ilp::Encoding| Vec::new(),
                    )
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
