//! The judge's web page's engine: attackopt's public API behind a few functions for JavaScript
//! (wasm-bindgen). Each takes text (a board, a declaration, options as JSON) and returns one
//! JSON text, so that the page's worker (web/worker.js) passes plain strings:
//!
//! - an answer: `{"exit": 0|1|3, "text": ..., "result": ...}`, where `text` is exactly what the
//!   command line prints with `--format text` ([`attackopt::Answer::to_text`]) and `result` what
//!   it prints with `--format json`;
//! - a failure: `{"error": {"code": 2|3|70, "message": ..., "path": ...}}`, the command line's
//!   `--format json` error object, with the same message.
//!
//! A board with `combat` is at the declare blockers step (docs/blocks.md): `check`, `solve`,
//! `enumerate` and `declaration_from_line` answer about declarations of blockers there, as the
//! command line does; `declare_attackers` builds that board from a board and its attack.
//!
//! Options are read as batch and MCP read them ([`attackopt::JsonOptions`]): `baseline`,
//! `time_limit` (seconds, default 10, null for none), `method`; the time limit counts from the
//! call, which reads the board too, like the command line's.

use attackopt::oracle::CardIndex;
use attackopt::{Answer, Detail, Error, ErrorAnswer, ErrorBody, InputError, JsonOptions, Objective, Options, Position, Request};
use serde::Serialize;
use wasm_bindgen::prelude::wasm_bindgen;

/// What the page gets back from an answered request.
#[derive(Serialize)]
struct Reply<R: Serialize> {
    exit: i32,
    text: String,
    result: R,
}

/// What the page shows and uses before any board: `{"version", "time_limit_grace_ms"}`, the
/// library's version and how long past its time limit the command line waits for an answer
/// before it reports none ([`attackopt::TIME_LIMIT_GRACE`]; the page stops the engine then).
#[wasm_bindgen]
pub fn about() -> String {
    serde_json::json!({ "version": env!("CARGO_PKG_VERSION"), "time_limit_grace_ms": attackopt::TIME_LIMIT_GRACE.as_secs_f64() * 1e3 }).to_string()
}

include!(concat!(env!("OUT_DIR"), "/models.rs"));

/// The model boards of `models/` for the page's menu (embedded by web/build.rs):
/// `[{"name", "what", "board"}]`, `what` saying what the board shows, `board` its JSON text.
#[wasm_bindgen]
pub fn models() -> String {
    let boards: Vec<_> = MODELS.iter().map(|(name, what, board)| serde_json::json!({ "name": name, "what": what, "board": board })).collect();
    to_json(&boards)
}

/// How attackopt reads a board (`attackopt validate`).
#[wasm_bindgen]
pub fn validate(board: &str, name: &str) -> String {
    run(board, name, "{}", |_| Ok(Request::Validate))
}

/// Is this declaration legal (`attackopt check`): `declaration` is the declaration's JSON, of
/// attackers (`{"attacks": [...]}`) or, on a board with `combat`, of blockers (`{"blocks":
/// [...]}`); read as the command line reads a declaration file ([`Request::check`]: the kind
/// must agree with the board).
#[wasm_bindgen]
pub fn check(board: &str, name: &str, declaration: &str, options: &str) -> String {
    run(board, name, options, |pos| {
        let (decl, _warnings) = attackopt::parse_any_declaration(declaration, DECLARATION)?;
        Ok(Request::check(&pos.board, decl, DECLARATION)?)
    })
}

/// What errors call the declaration the page sends (a file's name on the command line).
const DECLARATION: &str = "declaration";

/// A declaration typed in one line, as `attackopt check BOARD --attack LINE` takes it (issue 40):
/// `jugg=B, drake=pwC`, or `none`; on a board with `combat`, blocks as `--block LINE` takes them:
/// `wall=jugg, wall=drake` (a blocker of two attackers twice). Read by the library's parsers
/// and its id checks against the board, the JSON form's rules, so that the page has no parser
/// of its own. Answers the declaration's JSON (`{"attacks": [...]}` or `{"blocks": [...]}`) or
/// the error object; errors name the line `attacks` or `blocks` (`attacks: at attacks[0].creature:
/// ...`, with the did-you-mean of an unknown id).
#[wasm_bindgen]
pub fn declaration_from_line(board: &str, name: &str, line: &str) -> String {
    // The board read as `check` reads it: a board that check refuses is refused here alike.
    // The field is called what its declaration holds: the command line says `--attack` or
    // `--block`, a judge on the page never typed either.
    let read = Position::from_json(board, name).and_then(|pos| {
        if pos.blocks.is_some() {
            let decl = attackopt::parse_block_declaration_text(line, "blocks")?;
            pos.board.check_block_declaration_ids(&decl, "blocks")?;
            Ok(to_json(&decl))
        } else {
            let decl = attackopt::parse_declaration_text(line, "attacks")?;
            pos.board.check_declaration_ids(&decl, "attacks")?;
            Ok(to_json(&decl))
        }
    });
    read.unwrap_or_else(failure)
}

/// The board at the declare blockers step once `declaration` (attackers, JSON) is declared on
/// `board` ([`attackopt::declare_attackers`]: `combat` the attacks, the attackers tapped unless
/// they have vigilance, CR 508.1f): `{"board"}`, or the error object. The page asks it after a
/// legal verdict, then asks about blocks on that board.
#[wasm_bindgen]
pub fn declare_attackers(board: &str, name: &str, declaration: &str) -> String {
    let built = attackopt::parse_board(board, name).map_err(Error::from).and_then(|read| {
        let (decl, _warnings) = attackopt::parse_declaration(declaration, DECLARATION)?;
        attackopt::declare_attackers(&read.board, name, &decl, DECLARATION)
    });
    match built {
        Ok(board) => to_json(&serde_json::json!({ "board": board })),
        Err(e) => failure(e),
    }
}

/// The best legal declaration (`attackopt solve`): `objective` is `power`, `attackers`, `none` or
/// `damage:PLAYER`, as on the command line; on a board with `combat` a defender's, `prevented`,
/// `kills`, `losses` or `none`. Empty: the command line's default for the board
/// ([`attackopt::default_objective`]: `power`, or `prevented` with combat).
#[wasm_bindgen]
pub fn solve(board: &str, name: &str, objective: &str, options: &str) -> String {
    run(board, name, options, |pos| {
        let objective = if objective.is_empty() { attackopt::default_objective(pos) } else { objective };
        let objective = Objective::parse(objective, pos).map_err(|m| InputError::new("objective", "", m))?;
        Ok(Request::Solve(objective))
    })
}

/// Legal declarations (`attackopt enumerate --detail summary --limit LIMIT`): each declaration
/// alone, fewest attackers first, and whether the list is complete; on a board with `combat`,
/// declarations of blockers alike (`{blocks, payment?}`).
#[wasm_bindgen]
pub fn enumerate(board: &str, name: &str, limit: u32, options: &str) -> String {
    // u32 from JavaScript (a number the page clamps); usize on every target this builds for.
    run(board, name, options, |_| Ok(Request::Enumerate { limit: limit as usize, detail: Detail::Summary }))
}

/// A board from card names per player (docs/format.md "Boards from card names"): `names` is
/// `{"active", "players": [{"id", "cards"}]}`; `cards`, when not empty, a Scryfall card list
/// (JSON) named `cards_name` whose cards give unknown names their Oracle text. Answers
/// `{"board", "warnings", "cards_indexed"}` or the error object.
#[wasm_bindgen]
pub fn import_names(names: &str, name: &str, cards: &str, cards_name: &str) -> String {
    // Read as the command line reads it (`attackopt import names`): errors name the JSON path.
    let built = attackopt::names::parse(names, name).and_then(|names| {
        // Read on each call: the page keeps the list's text, as a cancelled worker loses its memory.
        let index = if cards.trim().is_empty() { None } else { Some(CardIndex::from_scryfall_json(cards, cards_name)?) };
        let built = attackopt::names::import(&names, name, index.as_ref())?;
        Ok((built, index.map_or(0, |i| i.len())))
    });
    match built {
        Ok((built, indexed)) => to_json(&serde_json::json!({ "board": built.board, "warnings": built.warnings, "cards_indexed": indexed })),
        Err(e) => failure(e.into()),
    }
}

/// A Forge puzzle or game-state file as a board (`attackopt import forge --format json`):
/// `{"board", "skipped", "warnings"}`, or the error object.
#[wasm_bindgen]
pub fn import_forge(text: &str, name: &str) -> String {
    match attackopt::forge::import(text, name) {
        Ok(imported) => to_json(&imported),
        Err(e) => failure(e.into()),
    }
}

/// Read the options and the board, build the request, answer it.
fn run(board: &str, name: &str, options: &str, request: impl FnOnce(&Position) -> Result<Request, Error>) -> String {
    // The clock starts first, as the command line's: reading the board counts.
    let clock = attackopt::Instant::now();
    let answered = read_options(options, clock).and_then(|options| {
        let pos = Position::from_json(board, name)?;
        let request = request(&pos)?;
        let answer = pos.answer(&request, &options)?;
        Ok((answer, options, pos))
    });
    match answered {
        Ok((answer, options, pos)) => reply(&answer, &pos, &options),
        Err(e) => failure(e),
    }
}

fn read_options(text: &str, clock: attackopt::Instant) -> Result<Options, Error> {
    // Read as batch and MCP read theirs: strictly (an object, no list in its place).
    let mut de = serde_json::Deserializer::from_str(text);
    let json: JsonOptions = attackopt::input::deserialize_strict(&mut de).map_err(|e| InputError::new("options", "", e.to_string()))?;
    json.options(clock).map_err(|e| Error::Input(InputError::new("options", e.option, e.message)))
}

fn reply(answer: &Answer, pos: &Position, options: &Options) -> String {
    to_json(&Reply { exit: answer.exit.code(), text: answer.to_text(pos, options), result: answer.json() })
}

/// The command line's `--format json` error object (its `path` is the JSON path, when any).
fn failure(e: Error) -> String {
    let path = match &e {
        Error::Input(i) => Some(i.path.clone()).filter(|p| !p.is_empty()),
        Error::Solve(_) => None,
    };
    to_json(&ErrorAnswer { error: ErrorBody { code: e.exit_code(), message: e.to_string(), path } })
}

fn to_json<T: Serialize>(value: &T) -> String {
    // Serializing these types cannot fail (no maps with non-string keys); should it, the page
    // still gets an error object rather than a trap.
    serde_json::to_string(value).unwrap_or_else(|e| format!(r#"{{"error":{{"code":70,"message":"internal error: {e}","path":null}}}}"#))
}
