//! The one request layer: every front end (the command line, batch, MCP) turns what it read into
//! a [`Request`] and [`Options`], and asks [`Position::answer`]; the answer carries the exit
//! status, so the rule "which answer exits how" (docs/format.md "Command line") is written here
//! once.
//!
//! ```
//! use attackopt::{Exit, Options, Position, Request};
//!
//! let board = r#"{"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
//!   "permanents": [{"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2}]}"#;
//! let pos = Position::from_json(board, "board.json")?;
//! let decl = pos.declaration_from_json(r#"{"attacks": []}"#, "d.json")?;
//! let answer = pos.answer(&Request::Check(decl), &Options::default())?;
//! assert_eq!(answer.exit, Exit::Ok);
//! # Ok::<(), attackopt::Error>(())
//! ```

use super::{Enumeration, MaximumReport, Method, Options, Undecided};
use crate::board::{AnyDeclaration, Assumption, Declaration, ImportNotes, Warning};
use crate::legality::{Baseline, CheckResult};
use crate::solve::{Objective, SolveResult};
use crate::view::BoardView;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Seconds an answer may take when a request names no time limit (docs/format.md).
pub const DEFAULT_TIME_LIMIT: f64 = 10.0;

/// How many declarations `enumerate` lists when a request names no limit.
pub const DEFAULT_LIMIT: usize = 100;

/// The objective `solve` maximizes when a request names none, on a board asked about attacks.
pub const DEFAULT_OBJECTIVE: &str = "power";

/// The objective `solve` maximizes when a request names none, on a board with `combat`: the
/// defender's most natural aim, the most combat damage prevented (docs/blocks.md).
pub const DEFAULT_BLOCK_OBJECTIVE: &str = "prevented";

/// The objective a request naming none gets on this board: [`DEFAULT_BLOCK_OBJECTIVE`] on a
/// board with `combat`, else [`DEFAULT_OBJECTIVE`]. Every front end asks this, so `solve` with
/// no objective answers on both kinds of board.
pub fn default_objective(pos: &crate::position::Position) -> &'static str {
    if pos.blocks.is_some() {
        DEFAULT_BLOCK_OBJECTIVE
    } else {
        DEFAULT_OBJECTIVE
    }
}

/// How much of each declaration `enumerate` prints (issue 13): the rule of the option `detail`
/// for every front end (`--detail` on the command line, `"detail"` in a batch request and in
/// the MCP tool `enumerate_attacks`).
///
/// `full` (the default of the library, the command line and batch, so that their output is
/// the contract's) prints each declaration's whole check result; `summary` prints each
/// declaration alone (`{"attacks": [...], "payment": [...]}`, the payment only when it pays a
/// cost), 274 bytes a declaration against 4,196 on `models/commander-eight-player.json` (compact
/// JSON, docs/interfaces.md "MCP server"): what an agent choosing among declarations needs, and what it
/// gives back to `check` for the details of one. MCP defaults to `summary`
/// ([`Detail::FOR_AGENTS`]): a full list of 1,000 declarations was 382 KB of an agent's context.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[schemars(description = "How much of each declaration enumerate lists: \"summary\" (each declaration alone) or \"full\" (each one's check result).")]
pub enum Detail {
    /// Each declaration's check result (requirements, violations, cost, proof, ...).
    #[default]
    Full,
    /// Each declaration alone: its attacks, and its payment when it pays a cost.
    Summary,
}

impl Detail {
    /// The default of the MCP tool `enumerate_attacks`: an agent's context is small.
    pub const FOR_AGENTS: Detail = Detail::Summary;

    /// Read `summary` or `full` (any case), with the message every front end gives.
    pub fn parse(s: &str) -> Result<Detail, OptionError> {
        match s.to_ascii_lowercase().as_str() {
            "summary" => Ok(Detail::Summary),
            "full" => Ok(Detail::Full),
            _ => Err(OptionError { option: "detail", message: format!("expected \"summary\" or \"full\", found \"{s}\"") }),
        }
    }
}

// Read through `Detail::parse`, so that batch, MCP and the command line word a bad value alike.
impl<'de> Deserialize<'de> for Detail {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Detail, D::Error> {
        let s = String::deserialize(d)?;
        Detail::parse(&s).map_err(|e| serde::de::Error::custom(e.message))
    }
}

impl std::str::FromStr for Detail {
    type Err = String;
    fn from_str(s: &str) -> Result<Detail, String> {
        Detail::parse(s).map_err(|e| e.message)
    }
}

impl std::fmt::Display for Detail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Detail::Full => "full",
            Detail::Summary => "summary",
        })
    }
}

/// What a front end asks of a board.
#[derive(Debug, Clone)]
pub enum Request {
    /// Is this declaration legal; why not; a witness.
    Check(Declaration),
    /// Is this declaration of blockers legal (a board with `combat`, docs/blocks.md).
    CheckBlocks(crate::board::BlockDeclaration),
    /// The best legal declaration for an objective.
    Solve(Objective),
    /// Legal declarations, up to `limit`.
    Enumerate {
        /// At most this many declarations.
        limit: usize,
        /// Each declaration's check result, or the declaration alone.
        detail: Detail,
    },
    /// The most requirements a declaration paying no cost can obey, with a witness; on a board
    /// with `combat` the maxima for declarations of blockers (CR 509.1c), also under the
    /// baseline ([`crate::BlockMaximumReport`]).
    Maximum,
    /// How attackopt reads the board.
    Validate,
}

/// The exit status of an answer (docs/format.md "Command line"); batch's `exit` field and the
/// command line's status are this number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Done (for `check`: legal).
    Ok = 0,
    /// `check` proved the declaration illegal.
    Illegal = 1,
    /// Bad input or usage.
    BadInput = 2,
    /// No answer within the time limit, or one cut short (not proven optimal, a partial list).
    Undecided = 3,
    /// A bug.
    Internal = 70,
}

impl Request {
    /// `check` of a declaration of either kind: the board says which it asks for (a board with
    /// `combat` asks for blocks, docs/blocks.md), and every id must name a permanent. Bad input
    /// names `name` (the declaration's file, or how it was given). One function for every front
    /// end (command line, batch, MCP, Python), so that they read declarations alike.
    pub fn check(board: &crate::board::ValidBoard, decl: AnyDeclaration, name: &str) -> Result<Request, crate::board::InputError> {
        match decl {
            AnyDeclaration::Attacks(d) => {
                board.check_declaration_kind(false, name)?;
                board.check_declaration_ids(&d, name)?;
                Ok(Request::Check(d))
            }
            AnyDeclaration::Blocks(d) => {
                board.check_declaration_kind(true, name)?;
                board.check_block_declaration_ids(&d, name)?;
                Ok(Request::CheckBlocks(d))
            }
            // `{}` declares nothing, of whichever kind the board asks for (docs/blocks.md).
            AnyDeclaration::Neither(d) if board.board.combat.is_some() => {
                Request::check(board, AnyDeclaration::Blocks(crate::board::BlockDeclaration { blocks: Vec::new(), payment: d.payment }), name)
            }
            AnyDeclaration::Neither(d) => Request::check(board, AnyDeclaration::Attacks(d), name),
        }
    }

    /// `check` of a declaration given as text without saying how (MCP's `check_attack`,
    /// Python's `Position.check`): JSON when it starts with `{` ([`crate::parse_any_declaration`]),
    /// else one line as a judge types it, of the kind the board asks for: on a board with
    /// `combat` blocks `wall=jugg, wall=drake` (as `--block` and batch's `"blocks"` read them,
    /// [`crate::parse_block_declaration_text`]), else attacks `jugg=B, drake=pwC` (as
    /// `--attack` and batch's `"attacks"`, [`crate::parse_declaration_text`]); `none` for
    /// nothing. Then [`Request::check`]. With the JSON's warnings (unknown fields).
    pub fn check_text(board: &crate::board::ValidBoard, text: &str, name: &str) -> Result<(Request, Vec<Warning>), crate::board::InputError> {
        let (decl, warnings) = if text.trim_start().starts_with('{') {
            crate::board::parse_any_declaration(text, name)?
        } else if board.board.combat.is_some() {
            (AnyDeclaration::Blocks(crate::board::parse_block_declaration_text(text, name)?), Vec::new())
        } else {
            (AnyDeclaration::Attacks(crate::board::parse_declaration_text(text, name)?), Vec::new())
        };
        Ok((Request::check(board, decl, name)?, warnings))
    }
}

impl Exit {
    /// The number the process exits with.
    pub fn code(self) -> i32 {
        self as i32
    }

    /// A check's status: legal 0, illegal 1, undecided 3 (a definite violation proves
    /// illegality even when the time limit left the maximum unproven).
    pub fn of_check(result: &CheckResult) -> Exit {
        Exit::of_verdict(result.verdict())
    }

    /// The status of a verdict: legal 0, illegal 1, undecided 3.
    pub fn of_verdict(verdict: Option<bool>) -> Exit {
        match verdict {
            Some(true) => Exit::Ok,
            Some(false) => Exit::Illegal,
            None => Exit::Undecided,
        }
    }
}

impl Serialize for Exit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i32(self.code())
    }
}

/// What a request produced; serialized, exactly what the command prints with `--format json`.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum Outcome {
    /// `check`'s result.
    Check(CheckResult),
    /// `check`'s result about a declaration of blockers (docs/blocks.md).
    CheckBlocks(crate::legality::blocks::BlockCheckResult),
    /// `enumerate`'s list on a board with `combat`: declarations of blockers.
    EnumerateBlocks(crate::legality::blocks::BlockEnumeration),
    /// `solve`'s result.
    Solve(SolveResult),
    /// `solve`'s result on a board with `combat`: a declaration of blockers.
    SolveBlocks(crate::solve::blocks::BlockSolveResult),
    /// `enumerate`'s list.
    Enumerate(Enumeration),
    /// `enumerate`'s list with `detail: summary`: the declarations alone.
    EnumerateSummary(EnumerationSummary),
    /// `maximum`'s report.
    Maximum(MaximumReport),
    /// `maximum`'s report on a board with `combat`: the maxima of CR 509.1c for blockers.
    MaximumBlocks(crate::legality::blocks::BlockMaximumReport),
    /// `enumerate`'s list of declarations of blockers with `detail: summary`: each alone.
    EnumerateBlocksSummary(BlockEnumerationSummary),
    /// `validate`'s view of the board.
    Validate(BoardView),
    /// No answer: `strict` refused a board with assumptions (`{"proof": "none", "legal": null,
    /// "message", "assumptions"}`, exit 3).
    Undecided(Undecided),
}

/// An answer and the status it exits with.
#[derive(Debug, Clone)]
pub struct Answer {
    /// The exit status.
    pub exit: Exit,
    /// The result.
    pub result: Outcome,
    /// The board's warnings (an unknown field, an unknown card name): part of every answer,
    /// see [`Answer::json`]; empty for `validate`, whose view lists them.
    pub warnings: Vec<Warning>,
    /// What the answer assumes because the board does not say it (issue 34): part of every
    /// answer too, see [`Answer::json`]; empty for `validate`, whose view lists them.
    pub assumptions: Vec<Assumption>,
    /// What the board's import dropped or guessed (issue 40), None for a board not imported:
    /// part of every answer about an imported board, see [`Answer::json`].
    pub import: Option<ImportNotes>,
}

impl Answer {
    /// The answer as every front end prints or sends it (the command line's `--format json`,
    /// batch's `result`, MCP's structured content): the result's fields, then `warnings`, the
    /// board's warnings, so that a JSON reader is told when the answer rests on a card attackopt
    /// does not know (issue 13), and `assumptions`, what it assumes in one list (issue 34;
    /// empty when nothing), and `import`, what the board's import dropped or guessed (issue
    /// 40; only about an imported board). `validate`'s view and the undecided object carry
    /// their own.
    pub fn json(&self) -> Printed<'_> {
        Printed { result: &self.result, warnings: &self.warnings, assumptions: &self.assumptions, import: self.import.as_ref() }
    }
}

/// An answer as printed: see [`Answer::json`].
#[derive(Debug, Clone, Copy)]
pub struct Printed<'a> {
    result: &'a Outcome,
    warnings: &'a [Warning],
    assumptions: &'a [Assumption],
    import: Option<&'a ImportNotes>,
}

/// A result with the board's warnings and assumptions after its own fields, then what its
/// import dropped or guessed when it was imported.
#[derive(Serialize)]
struct WithWarnings<'a, T: Serialize> {
    #[serde(flatten)]
    result: &'a T,
    warnings: &'a [Warning],
    assumptions: &'a [Assumption],
    #[serde(skip_serializing_if = "Option::is_none")]
    import: Option<&'a ImportNotes>,
}

impl Serialize for Printed<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (warnings, assumptions, import) = (self.warnings, self.assumptions, self.import);
        match self.result {
            Outcome::Check(result) => WithWarnings { result, warnings, assumptions, import }.serialize(s),
            Outcome::CheckBlocks(result) => WithWarnings { result, warnings, assumptions, import }.serialize(s),
            Outcome::EnumerateBlocks(result) => WithWarnings { result, warnings, assumptions, import }.serialize(s),
            Outcome::Solve(result) => WithWarnings { result, warnings, assumptions, import }.serialize(s),
            Outcome::SolveBlocks(result) => WithWarnings { result, warnings, assumptions, import }.serialize(s),
            Outcome::Enumerate(result) => WithWarnings { result, warnings, assumptions, import }.serialize(s),
            Outcome::EnumerateSummary(result) => WithWarnings { result, warnings, assumptions, import }.serialize(s),
            Outcome::Maximum(result) => WithWarnings { result, warnings, assumptions, import }.serialize(s),
            Outcome::MaximumBlocks(result) => WithWarnings { result, warnings, assumptions, import }.serialize(s),
            Outcome::EnumerateBlocksSummary(result) => WithWarnings { result, warnings, assumptions, import }.serialize(s),
            Outcome::Validate(view) => view.serialize(s),
            // The shape of every undecided answer (the time limit's too): its message and
            // assumptions, no warnings, since it answers nothing they could qualify.
            Outcome::Undecided(undecided) => undecided.serialize(s),
        }
    }
}

/// `enumerate`'s list with `detail: summary` (see [`Detail`]): `{"declarations": [{"attacks",
/// "payment"?}], "complete", "time_limit_reached", "method"}`, the fields of [`Enumeration`]
/// with each check result cut down to its declaration.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EnumerationSummary {
    /// The legal declarations found, fewest attackers first: each its attacks, and the payment
    /// that pays its costs to attack when it incurs any (CR 508.1h-j). `check_attack` (or
    /// `attackopt check`) gives the whole result of one.
    pub declarations: Vec<Declaration>,
    /// True when it was proven that there are no more legal declarations.
    pub complete: bool,
    /// True when the time limit stopped the search: the declarations listed are legal, and there
    /// may be more (exit 3).
    pub time_limit_reached: bool,
    /// How the declarations were made to meet the baseline's bar (docs/format.md, `solve`'s
    /// `method`).
    pub method: crate::solve::BarMethod,
}

impl EnumerationSummary {
    /// The summary of a full list: each check result's declaration, with its payment when it
    /// pays something.
    pub fn new(found: Enumeration) -> EnumerationSummary {
        let declarations = found.declarations.into_iter().map(|r| without_empty_payment(r.declaration, |d| &mut d.payment)).collect();
        EnumerationSummary { declarations, complete: found.complete, time_limit_reached: found.time_limit_reached, method: found.method }
    }
}

/// A declaration (of attackers or blockers) whose payment of nothing is written as none.
fn without_empty_payment<D>(mut d: D, payment: impl Fn(&mut D) -> &mut Option<Vec<crate::board::PaymentEntry>>) -> D {
    let p = payment(&mut d);
    if p.as_ref().is_some_and(Vec::is_empty) {
        *p = None;
    }
    d
}

/// `enumerate`'s list of declarations of blockers (a board with `combat`) with `detail:
/// summary`: `{"declarations": [{"blocks", "payment"?}], "complete", "time_limit_reached",
/// "method"}`, the fields of [`crate::BlockEnumeration`] with each check result cut down to its
/// declaration, as [`EnumerationSummary`] is for attacks.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct BlockEnumerationSummary {
    /// The legal declarations of blockers found, fewest blocks first: each its blocks, and the
    /// payment of its costs to block when it incurs any (CR 509.1d). `check` (MCP's
    /// `check_attack`) gives the whole result of one.
    pub declarations: Vec<crate::board::BlockDeclaration>,
    /// True when every legal declaration is listed.
    pub complete: bool,
    /// True when the time limit stopped the search: the declarations listed are legal, and
    /// there may be more (exit 3).
    pub time_limit_reached: bool,
    /// How they were found: "exhaustive".
    #[schemars(with = "String")]
    pub method: &'static str,
}

impl BlockEnumerationSummary {
    /// The summary of a full list: each check result's declaration, with its payment when it
    /// pays something.
    pub fn new(found: crate::legality::blocks::BlockEnumeration) -> BlockEnumerationSummary {
        let declarations = found.declarations.into_iter().map(|r| without_empty_payment(r.declaration, |d| &mut d.payment)).collect();
        BlockEnumerationSummary { declarations, complete: found.complete, time_limit_reached: found.time_limit_reached, method: found.method }
    }
}

/// An option with a value outside its rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionError {
    /// The option's name in JSON (`time_limit`); the command line spells it `--time-limit`.
    pub option: &'static str,
    /// What was expected and found.
    pub message: String,
}

impl Options {
    /// The rule of each option, for every front end (docs/format.md "Options"): a time limit is
    /// a number of seconds >= 0 (0 answers at once, undecided unless nothing needs the solver;
    /// infinity, like no limit, never stops).
    pub fn validate(&self) -> Result<(), OptionError> {
        match self.time_limit {
            Some(t) if t.is_nan() || t < 0.0 => {
                Err(OptionError { option: "time_limit", message: format!("expected a non-negative number of seconds, found {t}") })
            }
            _ => Ok(()),
        }
    }
}

// The `options` of a batch request or an MCP tool call (docs/format.md "Batch"), every field
// optional: absent is the default, a `time_limit` of null is no limit. Named `ToolOptions` and
// documented by its doc comment in the MCP tools' input schemas, as before it was shared.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[schemars(rename = "ToolOptions")]
/// Options shared by the tools that decide legality.
pub struct JsonOptions {
    /// `paid` (default) or `free`.
    #[serde(default)]
    #[schemars(
        with = "BaselineParam",
        description = "\"paid\" (default): compared with every declaration paying only costs this one pays; \"free\": only with those paying nothing."
    )]
    pub baseline: Baseline,
    /// Seconds the answer may take, a number >= 0 (default 10; null for no limit).
    #[serde(default = "default_time_limit")]
    #[schemars(
        description = "Seconds the answer may take, a number >= 0 (default 10; 0 answers at once with what is proven by then; null for no limit)."
    )]
    pub time_limit: Option<f64>,
    /// `ilp` (default) or `exhaustive`.
    #[serde(default)]
    #[schemars(
        with = "MethodParam",
        description = "\"ilp\" (default): the integer program; \"exhaustive\": tries every declaration, on boards of at most 2,000,000."
    )]
    pub method: Method,
    /// Refuse to assume: `true` answers a board with any assumption, or whose import dropped
    /// or guessed something (issue 40), as undecided (exit 3).
    #[serde(default)]
    #[schemars(description = "true: answer undecided (legal null, exit 3) on a board with `assumptions` or an `import` that skipped or guessed.")]
    pub strict: bool,
    /// batch only: the path of a card source (a Scryfall JSON file or Forge's cardsfolder)
    /// for this request's board, instead of `--cards` (issue 14). Not in the MCP tools'
    /// schema: the server reads no files, and refuses it.
    #[serde(default)]
    #[schemars(skip)]
    pub cards: Option<String>,
}

fn default_time_limit() -> Option<f64> {
    Some(DEFAULT_TIME_LIMIT)
}

impl Default for JsonOptions {
    fn default() -> Self {
        JsonOptions { baseline: Baseline::default(), time_limit: default_time_limit(), method: Method::default(), strict: false, cards: None }
    }
}

impl JsonOptions {
    /// The options, the time limit counting from `clock`, validated.
    pub fn options(&self, clock: web_time::Instant) -> Result<Options, OptionError> {
        let options = Options { baseline: self.baseline, time_limit: self.time_limit, method: self.method, clock: Some(clock), strict: self.strict };
        options.validate()?;
        Ok(options)
    }
}

// The baseline as the MCP input schemas describe it (the schema only; `Baseline` is read).
// Its values are described once, in the option's own description (issue 40: `tools/list`
// under 15,000 bytes).
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
// No description of its own: the option's says it all, once (`tools/list`'s budget).
#[allow(dead_code)]
enum BaselineParam {
    Paid,
    Free,
}

// The method as the MCP input schemas describe it (the schema only; `Method` is read).
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum MethodParam {
    Ilp,
    Exhaustive,
}
