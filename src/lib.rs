//! attackopt decides and optimizes declarations of attackers in Magic: The Gathering
//! (CR 508.1), exactly.
//!
//! Read a board into a [`Position`], then ask it: [`Position::check`] (is this declaration legal,
//! why not, a witness), [`Position::solve`] (the best legal declaration for an [`Objective`]),
//! [`Position::enumerate`] (legal declarations), [`Position::maximum`] (the most requirements a
//! declaration paying nothing can obey), or [`Position::answer`], the one function behind the
//! command line, batch and MCP, which takes a [`Request`] and gives an [`Answer`] with its
//! [`Exit`] status. Every question takes one [`Options`] (baseline, time limit, method), and
//! every result serializes to exactly the JSON of docs/format.md.
//!
//! ```
//! use attackopt::{Exit, Objective, Options, Position, Request};
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
//! assert_eq!(result.witness.as_ref().unwrap().attacks[0].target, "C");
//!
//! let best = pos.solve(&Objective::Power, &Options::default())?;
//! assert!(best.result.legal);
//! assert_eq!(best.objective, 2);
//!
//! // The same check as a request, with the exit status the command line would use.
//! let answer = pos.answer(&Request::Check(decl), &Options::default())?;
//! assert_eq!(answer.exit, Exit::Illegal);
//! # Ok::<(), attackopt::Error>(())
//! ```
//!
//! # The surface
//!
//! The modules are private; what a library user needs is re-exported here, in one list: the
//! facade ([`Position`], [`Options`], [`Request`], [`Answer`], [`Error`]), the results
//! ([`CheckResult`], [`SolveResult`], [`Enumeration`], [`MaximumReport`], [`BoardView`]) with
//! the types of their fields, the formats as Rust types ([`Board`], [`Declaration`]) with their
//! readers ([`parse_board`], [`load_board`], ...), the JSON Schemas ([`schema()`]), and
//! [`check`] with any [`Maximizer`] for those comparing methods. Four small public
//! submodules hold what would read wrongly in a flat list, each a tool of its own with its own
//! vocabulary: [`batch`] (JSON Lines requests answered line by line: `answer_line` at the
//! crate root would read as [`Position::answer`]'s twin), [`input`] (the strict, size-limited
//! JSON reading that batch and MCP share with the board reader: `kind_of` or `too_long` at the
//! crate root would say nothing of what they are about), [`generator`] (random boards: its `Profile` and `MAX_CREATURES` are about
//! generated boards, not boards), [`forge`] (the Forge importer: its `import` and `Skipped`
//! name Forge nowhere) and [`names`] (boards from card names per player, the same way).
//!
//! The pipeline inside flows one way: the board (formats, validation) → the rules (plain
//! requirements, restrictions and cost instances, with the catalog of named cards) → mana
//! (payment) → legality (maximum, check, witness) → report. `tests/it/architecture.rs` checks that
//! the modules import each other without a cycle.

// Every public item is documented, the hidden `internals` included (CI runs clippy with
// `-D warnings`, so a missing doc fails it).
#![warn(missing_docs)]
// No function over 150 lines (clippy.toml): a newcomer reads each one whole (issue 37).
#![warn(clippy::too_many_lines)]

mod api;
mod baseline_dfs;
mod board;
mod cards;
mod deadline;
mod debug;
mod generate;
mod ilp;
mod import;
mod legality;
mod mana;
mod position;
mod rules;
mod schema;
mod solve;
mod view;
mod vocab;
mod wrap;

pub use api::request::{
    default_objective, Answer, BlockEnumerationSummary, Detail, EnumerationSummary, Exit, JsonOptions, OptionError, Outcome, Request,
    DEFAULT_BLOCK_OBJECTIVE, DEFAULT_LIMIT, DEFAULT_OBJECTIVE, DEFAULT_TIME_LIMIT,
};
pub use api::{
    declare_attackers, Enumeration, Error, ErrorAnswer, ErrorBody, ErrorKind, MaximumReport, Method, Options, Undecided, TEXT_WIDTH, TIME_LIMIT_GRACE,
};
pub use board::{
    load_any_declaration, load_board, load_declaration, parse_any_declaration, parse_block_declaration_text, parse_board, parse_declaration,
    parse_declaration_text, AnyDeclaration, Assumption, AssumptionKind, Attack, AttackOption, Block, BlockDeclaration, Board, BoardBuilder, Combat,
    Declaration, Effect, ImportNotes, InputError, ManaAbilitySpec, PaymentEntry, Permanent, Player, ValidBoard, Variant, Warning, MAX_EFFECTS,
    MAX_PERMANENTS, MAX_PLAYERS, MAX_STRING,
};
pub use cards::{card_list, CardEntry, CardList};
pub use deadline::Deadline;
pub use debug::note as debug_note;
pub use legality::blocks::{BlockCheckResult, BlockEnumeration, BlockMaximumReport};
pub use legality::{
    check, Baseline, CheckResult, ExhaustiveOracle, LegalUnder, Maximizer, Maximum, Proof, RequirementReport, SolveError, Violation, ViolationKind,
};
pub use mana::{CostTotal, PayError};
pub use position::Position;
pub use rules::Assignment;
pub use schema::{answer_schema, board_schema, cards_schema, declaration_schema, result_schema, schema, NAMES as SCHEMA_NAMES};
pub use solve::blocks::{BlockBarMethod, BlockGoal, BlockSolveResult};
pub use solve::{BarMethod, Objective, SolveResult};
pub use view::{warnings_text, AttackerView, BlockerView, BlocksView, BoardView, CardView, CreatureView, RuleView, SourceView};
/// The clock of [`Options::clock`]: `std::time::Instant` natively (re-exported, the same type);
/// in a browser (wasm32-unknown-unknown), where `std::time::Instant::now` panics, one that
/// reads `performance.now()`.
pub use web_time::Instant;

/// Reading JSON input as attackopt does, for front ends: files and standard input within the
/// size limit, regular files only, structs read strictly, JSON paths and value kinds worded as
/// in the board reader's messages (batch and MCP read their requests with these).
pub mod input {
    pub use crate::board::size::{check_size, too_long, ListLimit, MAX_INPUT_BYTES};
    pub use crate::board::{check_regular_file, deserialize_strict, json_path, kind_of, read_source, Strict};
}

/// Batch requests, one JSON Lines request answered as one line (docs/format.md "Batch"): what
/// `attackopt batch` computes on each core and the Python binding's `batch` in order, so that
/// both give the same bytes. [`answer_lines`](batch::answer_lines) answers a whole text (or a
/// part of one, keeping its line numbers) on the calling thread.
pub mod batch {
    pub use crate::api::batch::{answer_line, answer_lines, answer_lines_with, error_line, line_name, BoardCache};
}

/// Reproducible random boards for benchmarks and tests (`attackopt generate`): a board depends
/// only on its player count, creature count, seed and [`Profile`](generator::Profile).
pub mod generator {
    pub use crate::generate::{generate, Profile, MAX_CREATURES};
}

/// Forge puzzle and game-state files as boards (`attackopt import forge`).
pub mod forge {
    pub use crate::import::forge::{import, import_with, Imported, Skipped};
}

/// Boards from card names typed per player, one card per line (the judge's page; docs/format.md
/// "Boards from card names"): the cards known by name and, optionally, a card source's.
pub mod names {
    pub use crate::import::names::{import, parse, parse_line, CardLine, Line, NamedBoard, Names, PlayerCards};
}

/// Cards' Oracle text (issue 14, docs/format.md "Oracle text"): the reader that turns a text into
/// the board's effect language, and the card sources of `--cards` (a Scryfall card list, Forge's
/// cardsfolder or XMage's card list) that give a board's cards their text by name.
pub mod oracle {
    pub use crate::api::cards::{position_with_cards, CardSources};
    pub use crate::cards::oracle::{
        mentions_attacking, read, AsThough, Class, Cond, CondTemplate, Cost, Group, Quality, Quantity, ReadRule, Reading, Rule, Template, When, Who,
        Whom, Whose, CONDITIONS, TEMPLATES,
    };
    pub use crate::cards::{parse_forge_card, parse_xmage_line, types_of, CardIndex, CardText, MAX_CARD_FOLDER_ENTRIES, MAX_CARD_SOURCE_BYTES};
}

/// The library's insides, for the differential tests, the benchmarks and the examples, which
/// compare methods piece by piece: the integer program ([`ilp`](internals::ilp)), the
/// exhaustive checker, the depth-first baseline, the plain rules form, mana and the solver's
/// parts. Not part of the supported surface: anything here may change without notice.
///
/// Each submodule re-exports a private module whole, by glob, so that a test names an item by
/// its module path with `internals::` in front. Its items are documented like the surface's:
/// `missing_docs` applies to whatever is reachable by a public path, and an `allow` here would
/// not reach the items, which are defined in their own modules.
#[doc(hidden)]
pub mod internals {
    /// The depth-first search other engines use, as a baseline [`Maximizer`](crate::Maximizer).
    pub mod baseline_dfs {
        pub use crate::baseline_dfs::*;
    }
    /// The catalog of cards known by name.
    pub mod cards {
        pub use crate::cards::*;
    }
    /// The formats and their validation.
    pub mod board {
        pub use crate::board::*;
    }
    /// Random boards.
    pub mod generate {
        pub use crate::generate::*;
    }
    /// The integer program.
    pub mod ilp {
        pub use crate::ilp::*;
    }
    /// Maximum, check, witness; the exhaustive checker.
    pub mod legality {
        pub use crate::legality::*;
    }
    /// Mana sources and payment.
    pub mod mana {
        pub use crate::mana::*;
    }
    /// The plain rules form.
    pub mod rules {
        pub use crate::rules::*;
    }
    /// `solve` and `enumerate` by the integer program or the exhaustive checker.
    pub mod solve {
        pub use crate::solve::*;
    }
}
