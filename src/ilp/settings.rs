//! The integer-program method's settings, in three parts: how a board becomes a program
//! ([`Model`]), how programs are solved and the paid search proceeds ([`Strategy`]), and what
//! one call asks ([`Call`]: its deadline, a bound it knows, ...). Each setting says its default
//! and its range; [`Ilp::default`] is the default of all three, [`Ilp::plain`] the plain 0-1
//! model the differential tests compare it with.

use super::Grouping;
use crate::deadline::Deadline;
use std::time::Duration;
use web_time::Instant;

/// The integer-program method: its model, its strategy and the current call's arguments.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ilp {
    /// How a board becomes a program.
    pub model: Model,
    /// How programs are solved and the paid search proceeds.
    pub strategy: Strategy,
    /// What this call asks (a deadline, a known bound, ...); the searches set these per call.
    pub call: Call,
}

/// How a board becomes a program: the reductions, each checked on and off against the
/// exhaustive checker by the differential tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Model {
    /// Whether interchangeable creatures share one integer variable per target. Default
    /// [`Grouping::On`]; [`Grouping::Off`]: one 0-1 variable per pair.
    pub grouping: Grouping,
    /// Whether "alone" restrictions split the program on the number of attackers. Default true.
    pub split: bool,
    /// Whether the maximum leaves out dominated targets (and, under paid, the objective phases
    /// the pairs no legal declaration uses, [`Call::paid_legal_only`]). Default true.
    pub prune: bool,
    /// Whether the maximum, and `solve`'s best declaration paying nothing, are found as
    /// network flows where their programs are ones (see `src/ilp/flow.rs`), without the
    /// simplex. Default true.
    pub flow: bool,
}

impl Model {
    /// Every reduction on: the default.
    pub const REDUCED: Model = Model { grouping: Grouping::On, split: true, prune: true, flow: true };
    /// Every reduction off: the plain 0-1 model.
    pub const PLAIN: Model = Model { grouping: Grouping::Off, split: false, prune: false, flow: false };
}

impl Default for Model {
    fn default() -> Self {
        Model::REDUCED
    }
}

/// How programs are solved and how the paid search proceeds. Defaults are the constants named
/// with each setting, measured on the taxed Commander boards and the adversarial profile
/// (docs/history/paid-baseline-steps.md).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Strategy {
    /// Whether microlp branches first on what each player owes per class of cost symbols, in
    /// steps of its divisor, and on the selectors of exchange cuts (see
    /// [`super::Encoding::branch_first`]). Default true: on the taxed Commander boards it proves
    /// in a few nodes programs that took seconds (step 9). False for the benchmarks and the
    /// tests that need a hard program.
    pub branch_first: bool,
    /// After how many slices of [`NODES_PER_SLICE`](super::NODES_PER_SLICE) nodes a program
    /// microlp has not proven is probed on its linear relaxation for a proof that nothing beats
    /// its best solution so far (then after 4, 16, ... times as many). Default `Some(`[`PROBE_SLICES`]`)`; `Some(0)`:
    /// every program not proven at its first node, as the differential tests check; None: never.
    pub probe_after: Option<u64>,
    /// Under paid, the most tuples of coupling duals the search tries one program each (see
    /// [`super::dual::Couplings`]). Default [`MAX_TUPLES`]; above it, or at 0, the dual bar is
    /// one program with linearized products (0 forces that form, as [`Ilp::plain`] does).
    pub max_tuples: usize,
    /// Under paid, after how many rounds of one objective phase fall short of their paid bar
    /// the search switches to the split on tied mana with its levels (see
    /// [`super::dual::spare`]) and to exchange cuts (see [`super::exchange`]) for the rest of
    /// the search. Default `Some(`[`ESCALATE_ROUNDS`]`)`; `Some(0)`: from the start, as in
    /// [`Ilp::plain`]; None: never.
    pub escalate_after: Option<usize>,
    /// Under paid with a deadline and coupling duals, the share of the objective phase's time
    /// (0 to 1) the paid search has before `solve` solves the objective under the free baseline
    /// with the rest, as a bound and a legal declaration (see `crate::solve`). Default
    /// `Some(`[`PAID_SHARE`]`)`; `Some(0.0)`: every board takes that path, as the differential
    /// tests check; None: never.
    pub free_rescue: Option<f64>,
    /// Under paid, how long the search may take deciding whether one (tuple of coupling duals,
    /// case) pair admits a declaration before keeping it as if it did. Default
    /// [`LIVENESS_BUDGET`]; zero keeps every pair (their programs find out).
    pub liveness_budget: Duration,
    /// Under paid without coupling duals, the rounds stop at a solution within this fraction
    /// (0 to 1) of their proven bound. Their declarations mostly fall short of their bar and are
    /// only cut off, and proving one optimal can take most of the time on a large program (the
    /// adversarial profile, step 15); a legal one becomes the incumbent the next round must
    /// beat, so a proof is still a proof. Default `Some(`[`NEAR_ENOUGH`]`)`; None: every round
    /// proven. Objectives are integers: on objectives below 1 / gap this changes nothing.
    pub near_enough: Option<f64>,
    /// Under paid, a round's program stops at its best solution, unproven, once this many
    /// slices of [`NODES_PER_SLICE`](super::NODES_PER_SLICE) nodes have passed without a better
    /// one ([`Call::stop_stalled`]). A round's program is a relaxation: its declaration is
    /// judged by its own bar either way, legal (the incumbent, which the next round must beat)
    /// or short (cut off), so a proof of its optimality would buy nothing but the round's bound,
    /// which the program's proven bound gives too. Issue 39: the taxed Commander board P = 7,
    /// N = 1,000, seed 7004, whose first round found 1,430 in its first slice and spent 4.7 s
    /// not proving 1,431 out of reach (unproven at 120 s); stopped, the declaration falls short,
    /// and six rounds prove 1,428 in 0.33 s. Default `Some(`[`STALL_SLICES`]`)`; `Some(0)`:
    /// every round not proven by the end of its first slice stops at its first solution (the
    /// test of that board runs 0, 1 and 16; small random boards prove every round at once, so
    /// the differential tests never stop one); None: never.
    pub stall_slices: Option<u64>,
    /// How many slices of [`NODES_PER_SLICE`](super::NODES_PER_SLICE) nodes a check's witness
    /// (and the closest declaration paying nothing its closest legal one starts from) gets to
    /// change fewer creatures once the most requirements are proven (see [`Lexicographic`]).
    /// Default `Some(`[`TIE_BREAK_SLICES`]`)`; None: until proven or the deadline.
    pub tie_break_slices: Option<u64>,
    /// How much work a check's search for the closest legal declaration may do once the
    /// verdict is known (see `crate::solve::closest_legal`): counted in nodes and rounds, not
    /// in time, so that the answer does not depend on the machine. Default
    /// `Some(`[`ALTERNATIVE_BUDGET`]`)`; None: until proven or the deadline.
    pub alternative_budget: Option<Budget>,
    /// Under a time limit, `solve` leaves its objective phase out when the root relaxation of
    /// its first program, estimated at (groups × pair columns) / this seconds, would take more
    /// than half the time left: the time goes to the flow's Lagrangian bound, and the answer is
    /// the best declaration paying nothing, with that bound (issue 39: the adversarial profile
    /// at N = 5,000 and 10,000, whose first program did not finish its first slice in the time,
    /// leaving the bound one flow). Only where that declaration and bound are flows. Default
    /// `Some(`[`ROOT_SIZE_PER_SECOND`]`)`; None: never (the differential tests also run a tiny
    /// value, which leaves every phase out).
    pub root_size_per_second: Option<f64>,
}

impl Default for Strategy {
    fn default() -> Self {
        Strategy {
            branch_first: true,
            probe_after: Some(PROBE_SLICES),
            max_tuples: MAX_TUPLES,
            escalate_after: Some(ESCALATE_ROUNDS),
            free_rescue: Some(PAID_SHARE),
            liveness_budget: LIVENESS_BUDGET,
            near_enough: Some(NEAR_ENOUGH),
            stall_slices: Some(STALL_SLICES),
            tie_break_slices: Some(TIE_BREAK_SLICES),
            alternative_budget: Some(ALTERNATIVE_BUDGET),
            root_size_per_second: Some(ROOT_SIZE_PER_SECOND),
        }
    }
}

/// What one call asks; the searches set these for each program they solve.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Call {
    /// When every solve stops. Default: no limit.
    pub deadline: Deadline,
    /// A bound the caller knows on the objective (default None): branch and bound stops at the
    /// first solution worth ⌊bound⌋ and returns it as proven, rather than proving that nothing
    /// beats it (`enumerate`: none of the declarations left has fewer attackers than the last
    /// one listed), and such programs are probed less. The bound is not added to the program
    /// as a row: a program whose objective the row pins is far harder for microlp
    /// (docs/history/paid-baseline-steps.md, step 13).
    pub known_bound: Option<f64>,
    /// Stop each program at a solution within this fraction of its proven bound (`(bound −
    /// value) ≤ gap · |bound|`), returned unproven and marked [`super::Solved::near_enough`].
    /// Default None: programs are proven; the search sets [`Strategy::near_enough`] here for
    /// its rounds.
    pub stop_near: Option<f64>,
    /// Stop each program at a solution once this many slices of
    /// [`NODES_PER_SLICE`](super::NODES_PER_SLICE) nodes have passed without a better one,
    /// returned unproven (with its proven bound) and marked [`super::Solved::near_enough`], as
    /// with `stop_near`. Default None; the search sets [`Strategy::stall_slices`] here for its
    /// rounds under paid.
    pub stop_stalled: Option<u64>,
    /// At the deadline, return the best solution found, marked
    /// [`super::Optimality::Unproven`], instead of an error. Default false: maxima must be
    /// proven; `solve`'s objective phases set it to report their best legal declaration and
    /// the remaining gap.
    pub keep_incumbent: bool,
    /// Leave out the pairs no declaration legal under the paid baseline uses (see
    /// [`super::Pruning::PaidLegal`]). Default false; `solve` and `enumerate` set it for their
    /// objective phases under paid when [`Model::prune`] is on.
    pub paid_legal_only: bool,
    /// Stop each program after this many slices of [`NODES_PER_SLICE`](super::NODES_PER_SLICE)
    /// nodes, as at the deadline (default None: no limit; see [`Budget`]).
    pub slice_limit: Option<u64>,
    /// A lexicographic objective whose tie-break gets limited effort (default None: every
    /// program is proven whole). Set by [`Ilp::maximum_with_effort`](super::Ilp) for a check's
    /// maximum, whose witness's closeness is a courtesy, not the verdict.
    pub lexicographic: Option<Lexicographic>,
}

/// An objective `scale · first + tie` with `0 ≤ tie < scale`: once branch and bound proves the
/// incumbent's first level (`⌊bound / scale⌋ = ⌊value / scale⌋`), the program goes on at most
/// `slices` slices of [`NODES_PER_SLICE`](super::NODES_PER_SLICE) nodes for the tie-break,
/// then stops with its incumbent, unproven and [`super::Solved::near_enough`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lexicographic {
    /// The first level's weight.
    pub scale: f64,
    /// The slices the tie-break gets once the first level is proven.
    pub slices: u64,
}

impl Lexicographic {
    /// Whether a proven `bound` on the objective proves the first level of a solution worth
    /// `value`: objectives are integers, so the bound allows at most `⌊bound⌋` (a float a hair
    /// under an integer still counts, as in [`super::reaches`]).
    pub fn first_level_proven(self, value: f64, bound: f64) -> bool {
        ((bound + 1e-6).floor() / self.scale).floor() <= (value.round() / self.scale).floor()
    }
}

/// The default [`Strategy::probe_after`]: after 4 slices of
/// [`NODES_PER_SLICE`](super::NODES_PER_SLICE) nodes (256), a program microlp has not proven is
/// probed for a proof (then after 16, 64, ... slices). Most programs here are proven in a few
/// nodes and never probed.
pub const PROBE_SLICES: u64 = 4;

/// The default [`Strategy::escalate_after`]: on the taxed Commander boards of the benchmarks, a
/// phase that needs more than one round falls short again and again (19 to 42 rounds on the
/// boards left unproven), while the others need one round a phase (issue 10).
///
/// Two rounds: the boards that do not escalate are unchanged, the others pay the split's
/// liveness check sooner and are proven sooner (docs/history/paid-baseline-steps.md, steps 11
/// and 13).
pub const ESCALATE_ROUNDS: usize = 2;

/// The default [`Strategy::liveness_budget`]. Most pairs are decided in under a millisecond, but
/// some feasibility programs of the levels (rows asking for an exact debt) are not decided by
/// microlp in any useful time, and without a budget the first of them took the rest of the
/// search (docs/history/paid-baseline-steps.md, step 8).
pub const LIVENESS_BUDGET: Duration = Duration::from_millis(100);

/// The default [`Strategy::max_tuples`]: on the taxed Commander boards of the benchmarks there
/// are 2 to a few hundred; each costs about as much as a free-baseline solve.
pub const MAX_TUPLES: usize = 4096;

/// The default [`Strategy::free_rescue`]: the smallest share that proved the board that needed
/// the free rescue within 3 s (docs/history/paid-baseline-steps.md, step 3).
pub const PAID_SHARE: f64 = 0.5;

/// The default [`Strategy::near_enough`]: one in ten thousand.
pub const NEAR_ENOUGH: f64 = 1e-4;

/// The default [`Strategy::root_size_per_second`]: a program of g groups (about as many rows)
/// and c pair columns is estimated at g × c / 5,000,000 seconds. Measured on the adversarial
/// profile, seed 9101, on the 2-core machine, with the bar by moves' row on every program
/// (2026-12-07, fifteenth session): P = 4, N = 1,000 (size 4.6 million) 0.45 s; P = 4,
/// N = 2,500 (16.9 million) 3.4 s; P = 8, N = 2,500 (57.4 million) 8.3 s, whose single slice
/// then found nothing in the time while the flow's bound alone took 1.5 s for the same
/// answer and bound. The first estimate, 20,000,000 a second, was measured before that row
/// (benches/RESULTS.md, sessions of 2026-12-07, eleventh and fifteenth).
pub const ROOT_SIZE_PER_SECOND: f64 = 5_000_000.0;

/// The default [`Strategy::stall_slices`]: 16 slices (1,024 nodes) without a better solution.
/// On the Commander grid of seeds 7001 to 7006, 4, 16 and 64 prove the same 180 boards in the
/// same time (22.8 s, against 32.0 s and 179 proven without); the larger leaves a program more
/// room to prove its own optimum, and probing its turns at 4 and 16 slices.
pub const STALL_SLICES: u64 = 16;

/// The default [`Strategy::tie_break_slices`]: 1,024 nodes. The closeness of a witness is a
/// courtesy beyond the verdict (docs/format.md: "as few creatures as the method manages");
/// without a limit, a check of a declaration attacking with everything on the adversarial
/// profile (8 players, 2,500 creatures) proved its maximum within the first second and spent
/// the rest of the time limit on closeness, then answered with no proof at all (issue 39).
pub const TIE_BREAK_SLICES: u64 = 16;

/// A budget of work for a search, counted on the board and in nodes, never in time (the
/// answer must not depend on the machine, docs/guarantees.md): no search where its program
/// would have more than `columns` pair columns; otherwise each program stops after `slices`
/// slices of [`NODES_PER_SLICE`](super::NODES_PER_SLICE) nodes, and the search after
/// `rounds` rounds, as if the deadline had come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most pair columns (a group's count of attackers per target) of a program searched.
    pub columns: usize,
    /// Slices of nodes per program.
    pub slices: u64,
    /// Rounds of the search (each a program per live tuple, then the check of its answer).
    pub rounds: usize,
}

/// The default [`Strategy::alternative_budget`]: programs of up to 1,000 pair columns, 1,024
/// nodes each, 4 rounds. The closest legal declaration is a courtesy beyond the verdict, as
/// the witness's closeness is; on the adversarial profile (8 players, 2,500 creatures) its
/// search is as hard as a paid solve, and took the whole time limit of a check whose verdict
/// was known in 1 s (issue 39); with nodes and rounds alone, its rounds' programs (7,000 to
/// 24,000 variables) still took 3 s (4 players) and 10 s. The Commander profile's checks of a
/// declaration attacking with everything have 74 to 216 columns (N = 300 to 5,000) and prove
/// theirs within it; the adversarial profile's 351 at N = 100, 1,021 and more from N = 300.
pub const ALTERNATIVE_BUDGET: Budget = Budget { columns: 1000, slices: 16, rounds: 4 };

impl Ilp {
    /// A deadline `seconds` from now (see [`Deadline::after`]).
    pub fn with_time_limit(seconds: f64) -> Ilp {
        Ilp::default().until(Deadline::after(Instant::now(), seconds))
    }

    /// The plain 0-1 model ([`Model::PLAIN`]), the paid bar as one program with linearized
    /// products, and escalation (exchange cuts) from the first round: for tests and benchmarks,
    /// so that the differential tests check the forms the default settings reach only on some
    /// boards.
    pub fn plain() -> Ilp {
        Ilp { model: Model::PLAIN, strategy: Strategy { max_tuples: 0, escalate_after: Some(0), ..Strategy::default() }, call: Call::default() }
    }

    /// The same method with `deadline`.
    pub fn until(self, deadline: Deadline) -> Ilp {
        Ilp { call: Call { deadline, ..self.call }, ..self }
    }

    /// The same method with `strategy`.
    pub fn with(self, strategy: Strategy) -> Ilp {
        Ilp { strategy, ..self }
    }
}
