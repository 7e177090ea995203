//! JSON Schema of attackopt's formats (`attackopt schema board|declaration|result`), generated
//! from the Rust types with schemars.
//!
//! The board and declaration schemas come from the very types serde reads ([`Board`],
//! [`Declaration`]); the fields serde keeps as raw JSON (selectors, target sets, mana abilities)
//! get the hand-written schemas of [`crate::vocab::fields`], which describe their real shapes. The schema checks
//! shapes, not references: an id that names nothing passes the schema and is refused by the
//! parser (`attackopt validate`), so the schema accepts every board the parser accepts.
//!
//! The result schema is derived from the result types themselves (`CheckResult`, `SolveResult`,
//! `Enumeration`), and the tests validate real `check`/`solve`/`enumerate` output against it.
//!
//! ```
//! let schema = attackopt::schema("board").unwrap();
//! assert_eq!(schema["title"], "Board");
//! assert!(schema["properties"]["permanents"].is_object());
//! ```

use crate::board::{BlockDeclaration, Board, Declaration};
use schemars::{JsonSchema, SchemaGenerator};
use serde_json::Value;

/// The formats that have a schema.
pub const NAMES: [&str; 4] = ["board", "declaration", "result", "cards"];

/// The schema of `board`, `declaration`, `result` or `cards`.
pub fn schema(name: &str) -> Result<Value, String> {
    let s = match name {
        "board" => board_schema(),
        "declaration" => declaration_schema(),
        "result" => result_schema(),
        "cards" => cards_schema(),
        other => return Err(format!("expected one of board, declaration, result, cards; found \"{other}\"")),
    };
    Ok(s)
}

fn root<T: JsonSchema>(id: &str, description: &str) -> Value {
    let mut s = SchemaGenerator::default().into_root_schema_for::<T>();
    s.insert("$id".into(), Value::String(format!("https://attackopt.invalid/schema/{id}.json")));
    s.insert("description".into(), Value::String(description.into()));
    s.to_value()
}

/// The board format (docs/format.md "Board").
pub fn board_schema() -> Value {
    root::<Board>(
        "board",
        "An attackopt board (format version 1): players, permanents and explicit effects. \
         References between ids are checked by the parser, not by this schema.",
    )
}

/// The declaration format (docs/format.md "Declaration"): of attackers (`attacks`), or, on a
/// board with `combat`, of blockers (`blocks`, docs/blocks.md), never both, as
/// [`crate::board::parse_any_declaration`] reads it. The attack declaration's shape stays the
/// root (its `properties`), so readers of the earlier schema keep working; `blocks` is one more
/// property, and `not` refuses a declaration with both keys.
pub fn declaration_schema() -> Value {
    let mut s = root::<Declaration>(
        "declaration",
        "A proposed declaration of attackers ({\"attacks\": [...]}) or, on a board with combat, of \
         blockers ({\"blocks\": [...]}, docs/blocks.md), never both, with an optional payment.",
    );
    let blocks = SchemaGenerator::default().into_root_schema_for::<BlockDeclaration>().to_value();
    s["properties"]["blocks"] = blocks["properties"]["blocks"].clone();
    s["$defs"]["Block"] = blocks["$defs"]["Block"].clone();
    s["properties"]["payment"]["description"] = Value::String(
        "How the costs are paid: to attack (CR 508.1h-j) or, with blocks, to block (CR 509.1d-f): taps of \
         mana sources, pool mana, life. Absent: attackopt finds a payment if there is one."
            .into(),
    );
    s["not"] = serde_json::json!({ "required": ["attacks", "blocks"] });
    s
}

/// The result JSON: a `check` result, a `solve` result (a check result plus `objective`), or
/// `enumerate`'s list.
pub fn result_schema() -> Value {
    root::<AttackoptResult>(
        "result",
        "What attackopt prints with --format json: a check result (check), the same with \
         `objective` (solve), {declarations, complete} (enumerate; with detail summary each declaration \
         alone; on a board with combat, the check result of a declaration of blockers and their list, docs/blocks.md), maximum {requirements_max_free, witness, proof} (with combat also baseline, requirements_max, witness_max), each with the board's `warnings` and \
         `assumptions` (and `import`, what an imported board's import dropped or guessed), the board as attackopt reads it (validate), \
         {proof: \"none\", legal: null, message, assumptions, import?} when the time limit left nothing proven or strict mode \
         refused a board with assumptions (or an import that skipped or guessed), {error: {code, message, path}}, or {cards, plain_cards} (cards).",
    )
}

/// `attackopt cards --format json` and the MCP tool `list_cards` (docs/format.md "Command line").
pub fn cards_schema() -> Value {
    root::<crate::cards::CardList>(
        "cards",
        "The names attackopt understands: the catalog's cards, each with what it does for declaring \
         attackers and its Comprehensive Rules numbers, and the plain cards read from their fields.",
    )
}

/// The schema of what one command answers with `--format json` when it answers (the part of
/// [`result_schema`] it can print, without the error object): `check`, `solve`, `enumerate`
/// (`detail: full`), `enumerate-summary` (`detail: summary`), `maximum`, each its result about
/// attacks, its result about blocks (a board with `combat`, docs/blocks.md) or the undecided
/// object (a strict refusal, or the time limit with nothing to show); `validate`, `cards`.
/// Front ends that describe one command's answer use it (the MCP tools' output schemas).
pub fn answer_schema(command: &str) -> Result<Value, String> {
    use crate::legality::blocks::{BlockCheckResult, BlockEnumeration, BlockMaximumReport};
    let s = match command {
        "check" => root::<OrUndecided<crate::legality::CheckResult, BlockCheckResult>>(
            "answer-check",
            "A check result (of attackers; of blockers on a board with combat) with the board's warnings and assumptions, or the undecided object.",
        ),
        "solve" => root::<OrUndecided<crate::solve::SolveResult, crate::solve::blocks::BlockSolveResult>>(
            "answer-solve",
            "A solve result (a check result plus the objective; of blockers with combat) with the board's warnings and assumptions, or the undecided object.",
        ),
        "enumerate" => root::<OrUndecided<crate::api::Enumeration, BlockEnumeration>>(
            "answer-enumerate",
            "enumerate's list, each declaration's check result (of blockers with combat), with the board's warnings and assumptions, or the undecided object.",
        ),
        "enumerate-summary" => root::<OrUndecided<crate::api::request::EnumerationSummary, crate::api::request::BlockEnumerationSummary>>(
            "answer-enumerate-summary",
            "enumerate's list with detail summary: each declaration alone (of blockers with combat), with the board's warnings and assumptions, or the undecided object.",
        ),
        "maximum" => root::<OrUndecided<crate::api::MaximumReport, BlockMaximumReport>>(
            "answer-maximum",
            "maximum's report {requirements_max_free, witness, proof} (on a board with combat also baseline, requirements_max, witness_max) with the board's warnings and assumptions, or the undecided object.",
        ),
        "validate" => root::<crate::view::BoardView>("answer-validate", "How attackopt reads the board (validate)."),
        "cards" => cards_schema(),
        other => {
            return Err(format!("expected one of check, solve, enumerate, enumerate-summary, maximum, validate, cards; found \"{other}\""))
        }
    };
    Ok(s)
}

/// Any result attackopt prints with `--format json`, for the result schema: the real result
/// types derive their schemas, so the schema and the output can't drift apart.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum AttackoptResult {
    Solve(Answered<crate::solve::SolveResult>),
    Check(Answered<crate::legality::CheckResult>),
    // A board with combat (docs/blocks.md): check and enumerate answer about blocks.
    CheckBlocks(Answered<crate::legality::blocks::BlockCheckResult>),
    EnumerateBlocks(Answered<crate::legality::blocks::BlockEnumeration>),
    SolveBlocks(Answered<crate::solve::blocks::BlockSolveResult>),
    Enumerate(Answered<crate::api::Enumeration>),
    EnumerateSummary(Answered<crate::api::request::EnumerationSummary>),
    Maximum(Answered<crate::api::MaximumReport>),
    MaximumBlocks(Answered<crate::legality::blocks::BlockMaximumReport>),
    EnumerateBlocksSummary(Answered<crate::api::request::BlockEnumerationSummary>),
    Validate(crate::view::BoardView),
    Undecided(crate::api::Undecided),
    Error(crate::api::ErrorAnswer),
    Cards(crate::cards::CardList),
}

/// One command's answer: its result about attacks (`T`) or, on a board with `combat`, about
/// blocks (`B`), or the undecided object (`strict` refused the board, or the time limit left
/// nothing to show).
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum OrUndecided<T, B> {
    Answer(Answered<T>),
    Blocks(Answered<B>),
    Undecided(crate::api::Undecided),
}

/// A result as the front ends print it (`crate::request::Answer::json`): its fields, and the
/// board's warnings and assumptions.
#[derive(JsonSchema)]
#[allow(dead_code)]
struct Answered<T> {
    #[serde(flatten)]
    result: T,
    /// The board's warnings: unknown fields, unknown card names (with a did-you-mean), a known
    /// card missing its mana, an aura attached to nothing. An answer resting on a card attackopt
    /// does not know says so here. Always printed by the command line, batch and MCP; optional
    /// in the schema, since the library's result types serialize without it.
    #[serde(default)]
    warnings: Vec<crate::board::Warning>,
    /// What the answer assumes because the board does not say it (issue 34): a sentence of a
    /// card's text attackopt does not read, a card it does not know, a fact a text needs that
    /// the board leaves out; empty when nothing. `strict` refuses to answer instead. Always
    /// printed by the command line, batch and MCP; optional in the schema, as `warnings`.
    #[serde(default)]
    assumptions: Vec<crate::board::Assumption>,
    /// What the board's import dropped or guessed (issue 40: an answer about an imported board
    /// says when the board may differ from the game): printed only about a board that has an
    /// `import` field, as that field reads (never null).
    #[serde(default)]
    import: crate::board::ImportNotes,
}
