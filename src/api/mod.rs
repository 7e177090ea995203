//! The library facade: read a board, then check, solve, maximize or enumerate, with one options
//! type. Results serialize to exactly the JSON of docs/format.md.
//!
//! ```
//! use attackopt::{Options, Position};
//!
//! let board = r#"{
//!   "attackopt": 1,
//!   "active_player": "A",
//!   "players": [{ "id": "A" }, { "id": "B" }, { "id": "C" }],
//!   "permanents": [
//!     { "id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"],
//!       "power": 2, "goaded_by": ["B"] }
//!   ]
//! }"#;
//! let pos = Position::from_json(board, "board.json")?;
//! // Goaded by B, the bear must attack a player other than B: C.
//! let decl = pos.declaration_from_json(r#"{ "attacks": [ { "creature": "bear", "target": "B" } ] }"#, "d.json")?;
//! let result = pos.check(&decl, &Options::default())?;
//! assert!(!result.legal);
//! assert_eq!(result.requirements_max, 2);
//! assert_eq!(result.witness.unwrap().attacks[0].target, "C");
//!
//! let best = pos.solve(&attackopt::Objective::Power, &Options::default())?;
//! assert!(best.result.legal);
//! assert_eq!(best.objective, 2);
//! # Ok::<(), attackopt::Error>(())
//! ```

/// One batch request line answered (`attackopt batch`, Python's `attackopt.batch`): the request
/// layer for JSON Lines, in the library so that every front end answers a line alike.
pub mod batch;
/// Card sources (`--cards`) for every front end: loaded once per path, boards filled from them.
pub mod cards;
/// The one request layer the command line, batch and MCP share: `Request`, `Answer`, `Exit`,
/// and the options rule (`Options::validate`). A submodule: requests and the facade are one layer.
pub mod request;
/// Answers as text (`--format text`), cards by name: one rendering for every front end.
mod text;
pub use crate::wrap::TEXT_WIDTH;

use crate::board::{parse_board, parse_declaration, Board, Declaration, InputError};
use crate::deadline::Deadline;
use crate::ilp::Ilp;
use crate::legality::{self, Baseline, CheckResult, ExhaustiveOracle, Maximizer, Proof, SolveError, ViolationKind};
use crate::position::Position;
use crate::solve::{self, Objective, SolveResult};
use crate::view::BoardView;
use request::{Answer, BlockEnumerationSummary, Detail, EnumerationSummary, Exit, Outcome, Request};
use serde::Serialize;

/// How long past its time limit a command-line command or an MCP request may run before it is
/// answered "no proof" regardless (reading and encoding a huge board can't be interrupted): the
/// rich answer that finishes just past the limit is worth a short wait.
pub const TIME_LIMIT_GRACE: std::time::Duration = std::time::Duration::from_millis(300);

/// How to answer: the baseline (docs/rules.md section 7), the method, and a time limit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Which declarations the maximum of requirements ranges over (default: paid).
    pub baseline: Baseline,
    /// Seconds the answer may take; None for no limit.
    pub time_limit: Option<f64>,
    /// How the maximum is established (default: the integer program).
    pub method: Method,
    /// When the time limit starts counting; None: when the call starts. The command line passes
    /// the moment it started, so that `--time-limit` bounds the whole command, reading and
    /// expanding the board included (issue 6: "answers within 2 s" means the process).
    /// The type is [`Instant`](crate::Instant): `std::time::Instant` itself natively.
    pub clock: Option<web_time::Instant>,
    /// Refuse to assume (issue 34): on a board with any [`Assumption`](crate::Assumption) (a
    /// sentence attackopt does not read, a card it does not know, a fact the board leaves out),
    /// `check`, `solve`, `enumerate` and `maximum` are not computed and the answer is undecided
    /// (exit 3, [`Undecided`] with the assumptions listed), for a caller that prefers no
    /// answer to an assumed one. `validate` answers as always: it is how the board gets fixed.
    /// Default false: answer, listing the assumptions.
    pub strict: bool,
}

impl Default for Options {
    /// The paid baseline, the integer program, 10 seconds, not strict (as every front end).
    fn default() -> Self {
        Options { baseline: Baseline::Paid, time_limit: Some(request::DEFAULT_TIME_LIMIT), method: Method::Ilp, clock: None, strict: false }
    }
}

/// How the maximum number of requirements is established.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The integer program (any size).
    #[default]
    Ilp,
    /// The exhaustive reference checker (small boards; refuses past 2,000,000 declarations).
    Exhaustive,
}

/// Any failure of the facade, with the command line's exit status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Bad input: exit 2.
    Input(InputError),
    /// No answer: exit 3 for a time limit, 2 for a board too large for the method.
    Solve(SolveError),
}

/// What kind of failure an [`Error`] is, for a caller that decides what to do by kind
/// ([`Error::kind`]): fix the input, give a larger method or time, or report a bug.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The board, the declaration or an option is wrong: [`Error::file`] and [`Error::path`]
    /// say where (exit 2).
    BadInput,
    /// The board is past what the chosen method accepts (the exhaustive checker's 2,000,000
    /// declarations, a payment with too many combinations): the input is valid, use the
    /// integer program or a smaller board (exit 2).
    TooLarge,
    /// The time limit ran out before an answer (exit 3).
    TimeLimit,
    /// A bug: an internal consistency check failed (exit 70).
    Internal,
}

impl Error {
    /// The kind of failure, to match on.
    ///
    /// ```
    /// use attackopt::{ErrorKind, Position};
    ///
    /// let err = Position::from_json(r#"{"attackopt": 1, "active_player": "Z", "players": [{"id": "A"}]}"#, "b.json").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::BadInput);
    /// assert_eq!((err.file(), err.path()), (Some("b.json"), Some("active_player")));
    /// ```
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Input(_) => ErrorKind::BadInput,
            Error::Solve(SolveError::TooLarge(_) | SolveError::Pay(_)) => ErrorKind::TooLarge,
            Error::Solve(SolveError::TimeLimit(_)) => ErrorKind::TimeLimit,
            Error::Solve(SolveError::Internal(_)) => ErrorKind::Internal,
        }
    }

    /// The file (as the caller named it) of bad input; None for other kinds.
    pub fn file(&self) -> Option<&str> {
        match self {
            Error::Input(e) => Some(&e.file),
            Error::Solve(_) => None,
        }
    }

    /// The JSON path of bad input (`permanents[3].controller`); None for other kinds and for
    /// an error about the whole document.
    pub fn path(&self) -> Option<&str> {
        match self {
            Error::Input(e) if !e.path.is_empty() => Some(&e.path),
            _ => None,
        }
    }

    /// The exit status the command line uses for this error.
    pub fn exit(&self) -> Exit {
        match self {
            Error::Input(_) => Exit::BadInput,
            Error::Solve(SolveError::TimeLimit(_)) => Exit::Undecided,
            Error::Solve(SolveError::Internal(_)) => Exit::Internal,
            Error::Solve(_) => Exit::BadInput,
        }
    }

    /// [`Error::exit`] as the number the process exits with.
    pub fn exit_code(&self) -> i32 {
        self.exit().code()
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Input(e) => write!(f, "{e}"),
            Error::Solve(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<InputError> for Error {
    fn from(e: InputError) -> Self {
        Error::Input(e)
    }
}

impl From<SolveError> for Error {
    fn from(e: SolveError) -> Self {
        Error::Solve(e)
    }
}

pub use crate::solve::Enumeration;

/// The answer of `check`, `solve` or `enumerate` when nothing could be decided: the time limit
/// ran out with nothing proven and nothing to show, or `strict` refused a board with
/// assumptions. `{"proof": "none", "legal": null, "message": ..., "assumptions": [...]}` (exit
/// 3), one shape for the three commands (and batch's `maximum`), the command line's watchdog
/// and batch.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Undecided {
    /// Always "none".
    #[schemars(with = "ProofNone")]
    pub proof: &'static str,
    /// Always null: neither legal nor illegal was proven.
    pub legal: (),
    /// Why: what ran out of time, or what strict mode refused to assume.
    #[schemars(description = "")]
    pub message: String,
    /// What answers on the board assume ([`crate::Assumption`]; empty when nothing), as every
    /// answer lists them; under strict, what was refused. None, and left out of the JSON, when
    /// no board was read (the time limit ran out while reading it): then nothing is known of
    /// the board, and an empty list would say it assumes nothing.
    // `default`: optional in the schema (never read; serde's attribute is what schemars reads).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<crate::board::Assumption>")]
    pub assumptions: Option<Vec<crate::board::Assumption>>,
    /// What the board's import dropped or guessed (issue 40), as every answer about an
    /// imported board carries it; under strict, refused with the assumptions. None, and left
    /// out, for a board not imported or not read (so never null: an object in the schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "crate::board::ImportNotes")]
    pub import: Option<crate::board::ImportNotes>,
}

/// The only proof an undecided answer has.
#[derive(schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum ProofNone {
    None,
}

impl Undecided {
    /// The undecided answer with its message, about no board read (no `assumptions`).
    pub fn new(message: impl Into<String>) -> Self {
        Undecided { proof: "none", legal: (), message: message.into(), assumptions: None, import: None }
    }

    /// The undecided answer about a board that was read: with what answers on it assume.
    pub fn about(pos: &Position, message: impl Into<String>) -> Self {
        Undecided { assumptions: Some(pos.board.assumptions.clone()), import: pos.board.board.import.clone(), ..Undecided::new(message) }
    }

    /// `strict`'s refusal of a board with assumptions, or whose import dropped or guessed
    /// something (exit 3): one sentence with how many and the first, then the lists. An import
    /// that skipped a card is refused as an assumption is (issue 40): the answer would be
    /// about another board than the game.
    pub fn strict(assumptions: &[crate::board::Assumption], import: Option<&crate::board::ImportNotes>) -> Self {
        let first = assumptions.first().map_or_else(String::new, |a| format!("; the first: {a}"));
        let mut message = format!("{}{first}", strict_refusal(assumptions.len()));
        if let Some(import) = import.filter(|i| i.differs()) {
            // Short: the text's first line (and the JSON's `import`) already says what and why.
            let imported = format!("strict mode refuses to answer: this board's import {}", import.counts());
            message = if assumptions.is_empty() { imported } else { format!("{message}; and {imported}") };
        }
        Undecided { assumptions: Some(assumptions.to_vec()), import: import.cloned(), ..Undecided::new(message) }
    }
}

/// The sentence of a strict refusal, without the first assumption: "this board has N things
/// attackopt would have to assume, and strict mode refuses to assume".
pub(crate) fn strict_refusal(n: usize) -> String {
    let things = if n == 1 { "1 thing".to_string() } else { format!("{n} things") };
    format!("this board has {things} attackopt would have to assume, and strict mode refuses to assume")
}

/// An error as JSON: `{"code": 2, "message": ..., "path": ...}`, the `error` of an answer that
/// could not be given (the command line's `--format json`, batch lines).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ErrorBody {
    /// The exit status: 2 bad input, 3 time limit, 70 internal error.
    pub code: i32,
    /// The message, naming the file and the JSON path.
    pub message: String,
    /// The JSON path in the input; null when the error has none (docs/format.md "Errors").
    pub path: Option<String>,
}

/// What `--format json` prints on standard output when a command fails: `{"error": {...}}`.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ErrorAnswer {
    /// The error.
    #[schemars(description = "")]
    pub error: ErrorBody,
}

/// The maxima of a board: requirements the best declarations obey, with a witness.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct MaximumReport {
    /// The most requirements a declaration paying no cost can obey.
    pub requirements_max_free: usize,
    /// A declaration obeying that many (paying nothing).
    pub witness: Declaration,
    /// How the maximum was established.
    pub proof: Proof,
}

impl Options {
    /// When the answer's time is up: [`Options::time_limit`] from [`Options::clock`].
    fn deadline(&self) -> Deadline {
        self.time_limit.map_or(Deadline::none(), |t| Deadline::after(self.clock.unwrap_or_else(web_time::Instant::now), t))
    }

    fn ilp(&self) -> Ilp {
        Ilp::default().until(self.deadline())
    }

    fn maximizer(&self, pos: &Position) -> Result<Box<dyn Maximizer>, SolveError> {
        Ok(match self.method {
            Method::Ilp => Box::new(self.ilp()),
            Method::Exhaustive => Box::new(self.oracle(pos)?),
        })
    }

    /// The exhaustive checker, bounded by the same deadline as the integer program (issue 11,
    /// F06).
    fn oracle(&self, pos: &Position) -> Result<ExhaustiveOracle, SolveError> {
        ExhaustiveOracle::within(pos, self.deadline())
    }
}

/// The board at the declare blockers step once `decl` is declared on `board` (CR 508.1,
/// 509.1): `board` with `combat` the declaration's attacks and each attacking creature tapped
/// unless it has vigilance (CR 508.1f, 702.20b), vigilance read as `check` reads it (keywords,
/// the card by name, Oracle text, effects that grant it); see [`Board::with_attackers_declared`].
/// `board` is the board as written (a board file parsed, [`crate::ValidBoard::board`], rather
/// than a [`Position`]'s, whose cards are completed), so that the board returned is the judge's
/// own with the combat added; `name` and `decl_name` name the two in errors.
///
/// Bad input: a board that is invalid or already has `combat` (attackers are declared once, on
/// a board asked about attacks), a declaration naming no permanent; the board built is
/// validated too. The declaration's legality is not checked: ask `check` first (the page offers
/// the step after a legal verdict). One function for every front end, so that a board with
/// combat is built alike wherever it is.
///
/// ```
/// use attackopt::{declare_attackers, parse_board, parse_declaration, Position};
///
/// let board = parse_board(r#"{"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
///   "permanents": [{"id": "bear", "name": "Grizzly Bears", "controller": "A"},
///                  {"id": "angel", "name": "Serra Angel", "controller": "A"}]}"#, "board.json")?.board;
/// let (decl, _) = parse_declaration(r#"{"attacks": [{"creature": "bear", "target": "B"}, {"creature": "angel", "target": "B"}]}"#, "d.json")?;
/// let combat = declare_attackers(&board, "board.json", &decl, "d.json")?;
/// assert_eq!(combat.combat.as_ref().map(|c| c.attacks.len()), Some(2));
/// // The bear taps to attack; Serra Angel has vigilance (the card by name).
/// assert!(combat.permanents[0].tapped && !combat.permanents[1].tapped);
/// // It is at the declare blockers step: asked about blocks.
/// assert!(Position::from_board(combat, "board.json")?.blocks.is_some());
/// # Ok::<(), attackopt::Error>(())
/// ```
pub fn declare_attackers(board: &Board, name: &str, decl: &Declaration, decl_name: &str) -> Result<Board, Error> {
    let pos = Position::from_board(board.clone(), name)?;
    if board.combat.is_some() {
        let message = "the board is at the declare blockers step already (it has combat): attackers are declared on a board without combat";
        return Err(InputError::new(name, "combat", message).into());
    }
    pos.board.check_declaration_ids(decl, decl_name)?;
    let vigilant =
        |id: &str| pos.board.permanent_index(id).and_then(|p| pos.rules.creature_index(p)).is_some_and(|c| pos.rules.creatures[c].vigilance);
    let built = board.with_attackers_declared(&decl.attacks, vigilant);
    // An attack of a creature of the defending side, or at the attacking side, makes a combat
    // the block rules refuse (CR 506.2, 509.1): said as the built board's error (its path is
    // `combat...`).
    match Position::from_board(built.clone(), name) {
        Err(Error::Input(mut e)) => {
            e.message = format!("the board at the declare blockers step is not valid: {}", e.message);
            Err(e.into())
        }
        Err(e) => Err(e),
        Ok(_) => Ok(built),
    }
}

impl Position {
    /// A board built in Rust ([`crate::BoardBuilder`], or a [`crate::Board`] filled by hand),
    /// validated as a board file is; `name` is used in error messages.
    pub fn from_board(board: crate::board::Board, name: &str) -> Result<Position, Error> {
        Ok(Position::new(crate::board::validate_typed(board, name)?)?)
    }

    /// Parse and validate a board (docs/format.md); `name` is used in error messages.
    pub fn from_json(text: &str, name: &str) -> Result<Position, Error> {
        Ok(Position::new(parse_board(text, name)?)?)
    }

    /// Parse a declaration and check its ids against this board.
    pub fn declaration_from_json(&self, text: &str, name: &str) -> Result<Declaration, Error> {
        let (d, _warnings) = parse_declaration(text, name)?;
        self.board.check_declaration_ids(&d, name)?;
        Ok(d)
    }

    /// Is this declaration legal; why not; a witness (docs/format.md result JSON).
    pub fn check(&self, d: &Declaration, options: &Options) -> Result<CheckResult, Error> {
        self.board.check_declaration_ids(d, "declaration")?;
        let mut r = legality::check(self, d, options.baseline, options.maximizer(self)?.as_ref())?;
        // Legal: why each requirement left unobeyed is, as a judge would explain (issue 13).
        legality::explain_unobeyed(self, &mut r);
        // Illegal for another reason than its requirements alone (those get the witness): the
        // closest legal declaration, as a judge would offer (issue 13).
        if r.verdict() == Some(false) && r.violations.iter().any(|v| v.kind != ViolationKind::Requirements) {
            let (a, _) = legality::read_declaration(self, d);
            let closest = match options.method {
                Method::Ilp => {
                    // The witness is legal (it obeys the maximum of its own costs, CR 508.1d).
                    let known: Vec<_> = r.witness.iter().map(|w| legality::read_declaration(self, w).0).collect();
                    solve::closest_legal(self, &a, options.baseline, &options.ilp(), &known)?
                }
                Method::Exhaustive => solve::closest_legal_with_oracle(&a, options.baseline, &options.oracle(self)?)?
                    .map(|assignment| solve::ClosestLegal { assignment, proven: true }),
            };
            if let Some(closest) = closest {
                r.legal_alternative = Some(legality::paid_declaration(self, &closest.assignment)?);
                r.closest_proven = Some(r.closest_proven.unwrap_or(true) && closest.proven);
            }
        }
        Ok(r)
    }

    /// The best legal declaration for an objective, with its payment. The objective's player
    /// id is checked here, once: one naming no player, or a player declaring attackers, is bad
    /// input ([`crate::ErrorKind::BadInput`], file `objective`).
    pub fn solve(&self, objective: &Objective, options: &Options) -> Result<SolveResult, Error> {
        // A board with combat answers with a declaration of blockers: `solve_blocks`.
        if self.board.board.combat.is_some() {
            let message = "the board has combat, so solve declares blockers: Position::solve_blocks (or Request::Solve) answers it";
            return Err(InputError::new(&self.board.file, "combat", message).into());
        }
        let objective = solve::Goal::of(objective, self)?;
        let mut found = match options.method {
            Method::Ilp => solve::solve(self, objective, options.baseline, &options.ilp())?,
            Method::Exhaustive => solve::solve_with_oracle(self, objective, options.baseline, &options.oracle(self)?)?,
        };
        // The same reasons `check` gives for this declaration (issue 40).
        legality::explain_unobeyed(self, &mut found.result);
        Ok(found)
    }

    /// The most requirements a declaration paying no cost can obey.
    pub fn maximum(&self, options: &Options) -> Result<MaximumReport, Error> {
        let none = vec![false; self.rules.costs.len()];
        let m = options.maximizer(self)?.maximum(self, &none, &self.rules.no_attack())?;
        Ok(MaximumReport { requirements_max_free: m.value, witness: self.declaration(&m.witness), proof: m.proof })
    }

    /// Legal declarations, up to `limit`, and whether the list is complete.
    pub fn enumerate(&self, limit: usize, options: &Options) -> Result<Enumeration, Error> {
        let mut found = self.enumerate_unexplained(limit, options)?;
        // Each declaration with the reasons `check` gives for it (issue 40).
        for result in &mut found.declarations {
            legality::explain_unobeyed(self, result);
        }
        Ok(found)
    }

    /// Legal declarations, their unobeyed requirements not explained.
    fn enumerate_unexplained(&self, limit: usize, options: &Options) -> Result<Enumeration, Error> {
        match options.method {
            Method::Ilp => Ok(solve::enumerate(self, options.baseline, limit, &options.ilp())?),
            Method::Exhaustive => {
                let oracle = options.oracle(self)?;
                let legal = oracle.legal_in_time(options.baseline)?;
                let declarations = legal
                    .iter()
                    .take(limit)
                    .map(|c| legality::check(self, &self.declaration(&c.assignment), options.baseline, &oracle))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Enumeration {
                    declarations,
                    complete: legal.len() <= limit,
                    time_limit_reached: false,
                    method: solve::BarMethod::Exhaustive,
                    condition_classes: None,
                })
            }
        }
    }

    /// Is this declaration of blockers legal (a board with `combat`, docs/blocks.md): the
    /// maximum of CR 509.1c by the integer program (`Method::Ilp`, the default; `proof`
    /// "ilp-optimal") or the exhaustive checker (`Method::Exhaustive`, `proof` "exhaustive",
    /// refusing a combat past its bound with exit 2).
    pub fn check_blocks(&self, d: &crate::board::BlockDeclaration, options: &Options) -> Result<legality::blocks::BlockCheckResult, Error> {
        self.board.check_declaration_kind(true, "declaration")?;
        self.board.check_block_declaration_ids(d, "declaration")?;
        let by: &dyn legality::blocks::BlockMaximizer = match options.method {
            Method::Ilp => &options.ilp(),
            Method::Exhaustive => &legality::blocks::exhaustive::ExhaustiveBlocks,
        };
        let mut r = legality::blocks::check_blocks(self, d, options.baseline, by, options.deadline())?;
        // Illegal for another reason than its requirements alone (those get the witness): the
        // closest legal declaration, as a judge would offer (as for attacks).
        if r.legal == Some(false) && r.violations.iter().any(|v| v.kind != ViolationKind::Requirements) {
            r.legal_alternative = match options.method {
                Method::Ilp => solve::blocks::closest_legal_blocks(self, d, options.baseline, &options.ilp())?,
                Method::Exhaustive => solve::blocks::closest_legal_blocks_exhaustive(self, d, options.baseline, options.deadline())?,
            };
        }
        Ok(r)
    }

    /// The best legal declaration of blockers for a defender's objective (a board with
    /// `combat`, docs/format.md "solve on a board with combat"): `none`, `prevented`, `kills`
    /// or `losses`, proven optimal; past the time limit a time limit error (no answer).
    pub fn solve_blocks(&self, objective: &Objective, options: &Options) -> Result<solve::blocks::BlockSolveResult, Error> {
        self.board.check_declaration_kind(true, "declaration")?;
        let goal = objective.block_goal()?;
        Ok(match options.method {
            Method::Ilp => solve::blocks::solve_blocks(self, goal, options.baseline, &options.ilp(), options.deadline())?,
            Method::Exhaustive => solve::blocks::solve_blocks_exhaustive(self, goal, options.baseline, options.deadline())?,
        })
    }

    /// The maxima of CR 509.1c on a board with `combat` (batch's and the command line's
    /// `maximum`): paying no cost to block, and under [`Options::baseline`] paid, paying any
    /// cost to block that can be paid, each with a declaration reaching it; by the integer
    /// program (`Method::Ilp`) or the exhaustive checker. Past the time limit a time limit error.
    pub fn maximum_blocks(&self, options: &Options) -> Result<legality::blocks::BlockMaximumReport, Error> {
        self.board.check_declaration_kind(true, "declaration")?;
        let by: &dyn legality::blocks::BlockMaximizer = match options.method {
            Method::Ilp => &options.ilp(),
            Method::Exhaustive => &legality::blocks::exhaustive::ExhaustiveBlocks,
        };
        Ok(legality::blocks::maximum_blocks(self, options.baseline, by, options.deadline())?)
    }

    /// The legal declarations of blockers, up to `limit` (a board with `combat`), fewest blocks
    /// first: by the integer program (`Method::Ilp`) or the exhaustive checker.
    pub fn enumerate_blocks(&self, limit: usize, options: &Options) -> Result<legality::blocks::BlockEnumeration, Error> {
        self.board.check_declaration_kind(true, "declaration")?;
        Ok(match options.method {
            Method::Ilp => solve::blocks::enumerate_blocks_ilp(self, options.baseline, limit, &options.ilp(), options.deadline())?,
            Method::Exhaustive => legality::blocks::enumerate_blocks(self, options.baseline, limit, options.deadline())?,
        })
    }

    /// Answer a request: the one function behind `check`, `solve`, `enumerate`, `maximum` and
    /// `validate` in every front end. Under [`Options::strict`], a board with assumptions gets
    /// the undecided answer (exit 3) to everything but `validate`, once the request itself is
    /// known to be good input.
    pub fn answer(&self, request: &Request, options: &Options) -> Result<Answer, Error> {
        options.validate().map_err(|e| Error::Input(InputError::new("options", e.option, e.message)))?;
        // The board says which declaration it is about (docs/blocks.md "Commands").
        match request {
            Request::Check(_) => self.board.check_declaration_kind(false, "declaration")?,
            Request::CheckBlocks(_) => self.board.check_declaration_kind(true, "declaration")?,
            Request::Solve(_) | Request::Enumerate { .. } | Request::Maximum | Request::Validate => {}
        }
        let import = self.board.board.import.as_ref();
        let answer = |exit, result| {
            Ok(Answer { exit, result, warnings: self.board.warnings.clone(), assumptions: self.board.assumptions.clone(), import: import.cloned() })
        };
        // Strict refuses an import that dropped or guessed as it refuses an assumption (issue 40).
        let refused = !self.board.assumptions.is_empty() || import.is_some_and(|i| i.differs());
        if options.strict && refused && !matches!(request, Request::Validate) {
            // Bad input stays bad input (exit 2) under strict: the request's ids are checked as
            // they would be before any computing.
            match request {
                Request::Check(d) => self.board.check_declaration_ids(d, "declaration")?,
                Request::CheckBlocks(d) => self.board.check_block_declaration_ids(d, "declaration")?,
                Request::Solve(objective) => objective.check(self)?,
                _ => {}
            }
            return answer(Exit::Undecided, Outcome::Undecided(Undecided::strict(&self.board.assumptions, import)));
        }
        match request {
            Request::Check(d) => {
                let result = self.check(d, options)?;
                answer(Exit::of_check(&result), Outcome::Check(result))
            }
            Request::Solve(objective) if self.blocks.is_some() => {
                let result = self.solve_blocks(objective, options)?;
                answer(if result.optimal { Exit::Ok } else { Exit::Undecided }, Outcome::SolveBlocks(result))
            }
            // Not proven optimal: the time limit cut the search short.
            Request::Solve(objective) => {
                let result = self.solve(objective, options)?;
                answer(if result.optimal { Exit::Ok } else { Exit::Undecided }, Outcome::Solve(result))
            }
            Request::CheckBlocks(d) => {
                let result = self.check_blocks(d, options)?;
                answer(Exit::of_verdict(result.verdict()), Outcome::CheckBlocks(result))
            }
            Request::Enumerate { limit, detail } if self.blocks.is_some() => {
                let found = self.enumerate_blocks(*limit, options)?;
                if let Some(bad) = found.declarations.iter().find(|r| r.legal != Some(true)) {
                    return Err(SolveError::Internal(format!("an enumerated declaration of blockers failed its check: {:?}", bad.violations)).into());
                }
                let exit = if found.time_limit_reached { Exit::Undecided } else { Exit::Ok };
                match detail {
                    Detail::Full => answer(exit, Outcome::EnumerateBlocks(found)),
                    Detail::Summary => answer(exit, Outcome::EnumerateBlocksSummary(BlockEnumerationSummary::new(found))),
                }
            }
            Request::Enumerate { limit, detail } => {
                // The summary shows no requirements: their reasons are not worked out for it.
                let found = match detail {
                    Detail::Full => self.enumerate(*limit, options)?,
                    Detail::Summary => self.enumerate_unexplained(*limit, options)?,
                };
                if let Some(bad) = found.declarations.iter().find(|r| !r.legal) {
                    return Err(SolveError::Internal(format!("an enumerated declaration failed its check: {:?}", bad.violations)).into());
                }
                let exit = if found.time_limit_reached { Exit::Undecided } else { Exit::Ok };
                match detail {
                    Detail::Full => answer(exit, Outcome::Enumerate(found)),
                    Detail::Summary => answer(exit, Outcome::EnumerateSummary(EnumerationSummary::new(found))),
                }
            }
            Request::Maximum if self.blocks.is_some() => answer(Exit::Ok, Outcome::MaximumBlocks(self.maximum_blocks(options)?)),
            Request::Maximum => answer(Exit::Ok, Outcome::Maximum(self.maximum(options)?)),
            // The view carries the warnings and assumptions itself: not copied a second time
            // (a board of 100,000 unknown names has as many warnings; F13 bounds the memory).
            Request::Validate => {
                let result = Outcome::Validate(BoardView::new(self));
                Ok(Answer { exit: Exit::Ok, result, warnings: Vec::new(), assumptions: Vec::new(), import: import.cloned() })
            }
        }
    }
}
