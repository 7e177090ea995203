//! The `attackopt` binary: the command line (docs/format.md "Command line"), batch and the MCP
//! server, front ends over the library's public API. Each builds a `Request` and asks
//! `Position::answer` (src/api/request.rs), which gives the exit status.
//!
//! Exit status: 0 done (for `check`: legal), 1 `check` found it illegal, 2 bad input or usage,
//! 3 no answer within the time limit.

// No function over 150 lines (clippy.toml), as in the library.
#![warn(clippy::too_many_lines)]

use args::{Cli, Command, Format, ImportSource, SchemaName};
use attackopt::generator::Profile;
use attackopt::oracle::{position_with_cards, CardIndex, CardSources};
use attackopt::Exit;
use attackopt::Objective;
use attackopt::Options;
use attackopt::Position;
use attackopt::Request;
use attackopt::{load_any_declaration, load_board, AnyDeclaration, Warning};
use clap::Parser;
use failure::{write_failure, Failure};
use std::io::Write;

// Output that never panics: a closed pipe (`attackopt enumerate ... | head`) just ends output.
// Answers go through the watchdog's gate (see `watchdog`), so that a command cut short never
// prints half an answer.
macro_rules! out {
    ($($arg:tt)*) => {{ if watchdog::may_print() { let _ = write!(std::io::stdout().lock(), $($arg)*); } }};
}
macro_rules! outln {
    ($($arg:tt)*) => {{ if watchdog::may_print() { let _ = writeln!(std::io::stdout().lock(), $($arg)*); } }};
}
macro_rules! errln {
    ($($arg:tt)*) => {{ let _ = writeln!(std::io::stderr().lock(), $($arg)*); }};
}

mod args;
mod batch;
mod failure;
mod man;
mod mcp;
mod resources;
mod transport;
mod watchdog;

fn warn(file: &str, warnings: &[Warning]) {
    for w in warnings {
        errln!("attackopt: {file}: {w}");
    }
}

fn print_json<T: serde::Serialize>(v: &T) -> Result<(), Failure> {
    // Serialized whole before the output is claimed: once printing starts it is one write.
    let text = serde_json::to_string_pretty(v).map_err(|e| Failure::new(Exit::Internal, format!("internal error: {e}")))?;
    outln!("{text}");
    // The process ends right after: the OS frees the text faster than `drop` (issue 11, F05).
    std::mem::forget(text);
    Ok(())
}

/// Read, validate and expand a board. Never dropped: the process exits soon after the answer,
/// and freeing a 90,000-creature board took 0.3 s past the time limit (issue 11, F05); the OS
/// frees it at once.
fn load_position(file: &str, cards: Option<&CardIndex>, format: Format) -> Result<&'static Position, Failure> {
    attackopt::debug_note(|| format!("reading {file}"));
    let vb = load_board(file)?;
    attackopt::debug_note(|| "board read and validated".into());
    let pos = position_with_cards(vb, cards)?;
    // After `Position::new`, which adds the named cards' warnings. Said once (issue 40): a text
    // answer begins with them in words, and a text-mode failure prints them before its error;
    // with JSON the answer lists them and standard error keeps them with their paths, where
    // scripts read them (docs/format.md).
    if format == Format::Json {
        warn(file, &pos.board.warnings);
    }
    // An undecided answer printed from now on (the time limit) lists what this board assumes.
    failure::board_read(&pos.board.assumptions, pos.board.board.import.as_ref(), &pos.board.warnings);
    attackopt::debug_note(|| "board expanded".into());
    Ok(Box::leak(Box::new(pos)))
}

/// The card source of `--cards`, indexed (or read from its cache); refused on a command that
/// reads no board.
fn card_source(cli: &Cli) -> Result<Option<CardIndex>, Failure> {
    let Some(path) = &cli.cards else { return Ok(None) };
    if !matches!(
        cli.command,
        Command::Check { .. }
            | Command::Solve { .. }
            | Command::Enumerate { .. }
            | Command::Maximum { .. }
            | Command::Validate { .. }
            | Command::Import { .. }
            | Command::Batch { .. }
            | Command::Mcp
    ) {
        return Err(Failure::new(
            Exit::BadInput,
            "--cards: only check, solve, enumerate, maximum, validate, import forge, import names, batch and mcp read boards",
        ));
    }
    Ok(Some(CardIndex::load(path)?))
}

/// Leave a result to the OS at exit, like the board (see [`load_position`]).
fn keep<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

/// Answer a request and print the answer; returns the exit status.
fn respond(pos: &Position, request: &Request, options: &Options, format: Format) -> Result<Exit, Failure> {
    let answer = keep(pos.answer(request, options)?);
    match format {
        Format::Json => print_json(&answer.json())?,
        Format::Text => print_text(answer.to_text(pos, options)),
    }
    Ok(answer.exit)
}

/// Print a text answer built whole: one write once it is ready, never freed (as [`print_json`]).
fn print_text(text: String) {
    out!("{text}");
    std::mem::forget(text);
}

/// `import ... --format text`: the board as `validate` shows it, then `tail` (what the import
/// left out) and the import's warnings.
fn print_import_text(pos: &Position, warnings: &[String], tail: String) -> Result<(), Failure> {
    let view = keep(pos.answer(&Request::Validate, &Options::default())?);
    let mut text = view.to_text(pos, &Options::default());
    text.push_str(&tail);
    if !warnings.is_empty() {
        text.push_str(&format!("\nThe import's warnings: {}\n", warnings.len()));
        for w in warnings {
            text.push_str(&format!("  ⚠ {w}\n"));
        }
    }
    print_text(text);
    Ok(())
}

/// `import --strict` (issue 40): refused, exit 2 with each thing listed, when the imported
/// board would differ from the game (a card skipped, a guess) or answers on it would assume
/// something; before anything is printed, standard error's listing included.
fn refuse_unfaithful(strict: bool, pos: &Position, file: &str) -> Result<(), Failure> {
    match (strict, &pos.board.board.import) {
        (true, Some(notes)) => Ok(notes.refuse_unless_faithful(file, &pos.board.assumptions)?),
        _ => Ok(()),
    }
}

/// An error in the board built from an input file, said as such (its path is the board's).
fn built_board_error(e: attackopt::Error) -> Failure {
    match e {
        attackopt::Error::Input(mut e) => {
            e.message = format!("the board built from this file is not valid: {}", e.message);
            e.into()
        }
        e => e.into(),
    }
}

/// `check`'s declaration: a file, or the attacks typed with --attack (issue 40), or the blocks
/// with --block, read alike; and the name errors give it.
fn typed_declaration(file: Option<String>, attack: &[String], block: &[String]) -> Result<(AnyDeclaration, String), Failure> {
    Ok(match file {
        Some(file) => {
            let (decl, warnings) = load_any_declaration(&file)?;
            warn(&file, &warnings);
            (decl, file)
        }
        None if !block.is_empty() => {
            (AnyDeclaration::Blocks(attackopt::parse_block_declaration_text(&block.join(","), "--block")?), "--block".to_string())
        }
        None => (AnyDeclaration::Attacks(attackopt::parse_declaration_text(&attack.join(","), "--attack")?), "--attack".to_string()),
    })
}

/// Run a parsed command line; returns the exit status.
fn run(cli: Cli) -> Result<Exit, Failure> {
    let started = std::time::Instant::now();
    let cards = card_source(&cli)?;
    let cards = cards.as_ref();
    match cli.command {
        Command::Check { board, declaration, attack, block, solver, format } => {
            let options = solver.options(started)?;
            let pos = load_position(&board, cards, format)?;
            let (decl, source) = typed_declaration(declaration, &attack, &block)?;
            // The board says which declaration it asks for (docs/blocks.md): blocks with combat.
            // Kept like the board: a declaration of 100,000 attacks is not freed after the answer
            // (issue 11, F05).
            let request = Request::check(&pos.board, decl, &source)?;
            respond(pos, keep(request), &options, format)
        }
        Command::Enumerate { board, limit, detail, solver, format } => {
            let options = solver.options(started)?;
            respond(load_position(&board, cards, format)?, &Request::Enumerate { limit, detail }, &options, format)
        }
        Command::Solve { board, objective, solver, format } => {
            let options = solver.options(started)?;
            let pos = load_position(&board, cards, format)?;
            let objective = objective.as_deref().unwrap_or(attackopt::default_objective(pos));
            let objective = Objective::parse(objective, pos).map_err(|m| Failure::new(Exit::BadInput, format!("--objective: {m}")))?;
            // A time limit with no legal declaration in hand is a failure with exit 3: `finish`
            // prints the undecided object for JSON readers.
            respond(pos, &Request::Solve(objective), &options, format)
        }
        // Batch's `maximum`, on the command line: the same request, so the same answer.
        Command::Maximum { board, solver, format } => {
            let options = solver.options(started)?;
            respond(load_position(&board, cards, format)?, &Request::Maximum, &options, format)
        }
        // `--strict` is accepted and changes nothing: validate answers every board.
        Command::Validate { board, format, strict: _ } => {
            // Warnings are part of validate's answer, not standard error.
            let pos = keep(position_with_cards(load_board(&board)?, cards)?);
            respond(pos, &Request::Validate, &Options::default(), format)
        }
        Command::Generate { players, creatures, seed, profile } => {
            let profile = Profile::from(profile);
            if players == 0 || players > attackopt::MAX_PLAYERS {
                return Err(Failure::new(Exit::BadInput, format!("--players: expected 1 to {}, found {players}", attackopt::MAX_PLAYERS)));
            }
            if creatures > attackopt::generator::MAX_CREATURES {
                return Err(Failure::new(
                    Exit::BadInput,
                    format!("--creatures: expected at most {}, found {creatures}", attackopt::generator::MAX_CREATURES),
                ));
            }
            print_json(&attackopt::generator::generate(players, creatures, seed, profile))?;
            Ok(Exit::Ok)
        }
        Command::Cards { format } => {
            let list = attackopt::card_list();
            match format {
                Format::Json => print_json(&list)?,
                Format::Text => print_text(list.to_text()),
            }
            Ok(Exit::Ok)
        }
        Command::Schema { format } => {
            let name = match format {
                SchemaName::Board => "board",
                SchemaName::Declaration => "declaration",
                SchemaName::Result => "result",
                SchemaName::Cards => "cards",
            };
            let schema = attackopt::schema(name).map_err(|m| Failure::new(Exit::BadInput, m))?;
            print_json(&schema)?;
            Ok(Exit::Ok)
        }
        Command::Batch { file, quiet } => {
            let cache = attackopt::batch::BoardCache::with_cards(CardSources::new(cards.cloned()));
            let summary = if file == "-" {
                batch::run(std::io::stdin().lock(), "-", std::io::stdout(), !quiet, cache)
            } else {
                let f = std::fs::File::open(&file).map_err(|e| Failure::new(Exit::BadInput, format!("{file}: cannot read the file: {e}")))?;
                batch::run(std::io::BufReader::new(f), &file, std::io::stdout(), !quiet, cache)
            }?;
            let _ = summary;
            Ok(Exit::Ok)
        }
        Command::Mcp => {
            mcp::serve_stdio(cards.cloned(), cli.cards.as_deref()).map_err(|m| Failure::new(Exit::BadInput, m))?;
            Ok(Exit::Ok)
        }
        Command::Import { source: ImportSource::Forge { file, format, strict } } => {
            let text = attackopt::input::read_source(&file)?;
            let imported = attackopt::forge::import_with(&text, &file, cards)?;
            let pos = keep(Position::from_board(imported.board.clone(), &file)?);
            refuse_unfaithful(strict, pos, &file)?;
            // Said once (issue 40): the text lists them itself.
            if format != Some(Format::Text) {
                for s in &imported.skipped {
                    errln!("attackopt: {file}: skipped: {s}");
                }
                for w in &imported.warnings {
                    errln!("attackopt: {file}: warning: {w}");
                }
            }
            match format {
                None => print_json(&imported.board)?,
                Some(Format::Json) => print_json(&imported)?,
                // For a person: the board as `validate` reads it, then what was left out.
                Some(Format::Text) => {
                    let mut tail = format!("\nSkipped cards: {}\n", imported.skipped.len());
                    for s in &imported.skipped {
                        tail.push_str(&format!("  - {s}\n"));
                    }
                    print_import_text(pos, &imported.warnings, tail)?;
                }
            }
            Ok(Exit::Ok)
        }
        Command::Import { source: ImportSource::Names { file, format, strict } } => {
            let names = attackopt::names::parse(&attackopt::input::read_source(&file)?, &file)?;
            let built = attackopt::names::import(&names, &file, cards)?;
            // What is printed must be a board `validate` accepts, as `import forge`'s: read it
            // as any board is read, its errors said to be the built board's (their paths are).
            let pos = keep(Position::from_board(built.board.clone(), &file).map_err(built_board_error)?);
            refuse_unfaithful(strict, pos, &file)?;
            // Said once (issue 40): the text lists both itself.
            if format != Some(Format::Text) {
                for w in &built.warnings {
                    errln!("attackopt: {file}: warning: {w}");
                }
                // The board's own warnings too: an unknown name's did-you-mean is how a typo
                // shows. Their paths are the printed board's (`permanents[5].name`).
                for w in &pos.board.warnings {
                    errln!("attackopt: {file}: the board built: {w}");
                }
            }
            match format {
                None => print_json(&built.board)?,
                Some(Format::Json) => print_json(&built)?,
                Some(Format::Text) => print_import_text(pos, &built.warnings, String::new())?,
            }
            Ok(Exit::Ok)
        }
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut <Cli as clap::CommandFactory>::command(), "attackopt", &mut out);
            print_text(String::from_utf8_lossy(&out).into_owned());
            Ok(Exit::Ok)
        }
        Command::Man { subcommand, dir: None } => {
            print_text(man::page(&subcommand)?);
            Ok(Exit::Ok)
        }
        Command::Man { dir: Some(dir), .. } => {
            print_text(man::write_all(&dir)?.iter().map(|f| format!("{f}\n")).collect());
            Ok(Exit::Ok)
        }
    }
}

fn main() {
    std::process::exit(cli_main().code());
}

/// Parse, run, print errors, and give the exit status.
fn cli_main() -> Exit {
    attackopt::debug_note(|| "started".into());
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            if !e.use_stderr() {
                return Exit::Ok;
            }
            // A usage error still answers a JSON reader who asked for JSON.
            let args: Vec<String> = std::env::args().collect();
            let json = args.windows(2).any(|w| w[0] == "--format" && w[1] == "json") || args.iter().any(|a| a == "--format=json");
            if json {
                let message = usage_message(&e);
                let error = attackopt::ErrorBody { code: Exit::BadInput.code(), message, path: None };
                if let Ok(text) = serde_json::to_string_pretty(&attackopt::ErrorAnswer { error }) {
                    let _ = writeln!(std::io::stdout().lock(), "{text}");
                }
            }
            return Exit::BadInput;
        }
    };
    let json = cli.command.json_output();
    // Every argument is checked before anything is read: a bad --time-limit on a huge board is
    // exit 2 at once, not the watchdog's exit 3 (issue 11, F14).
    if let Err(f) = cli.command.check_arguments() {
        return finish(Err(f), json);
    }
    match cli.command.time_limit() {
        Some(limit) => watchdog::run_within(limit, json, move || finish(run(cli), json)),
        None => finish(run(cli), json),
    }
}

/// A usage error as `--format json`'s message: clap's own words, as standard error shows them
/// (the arguments named, the values possible, its tip), on one line, without its styling, its
/// usage and its pointer to `--help` (issue 38: it said only what kind of error it was).
fn usage_message(e: &clap::Error) -> String {
    // `StyledStr`'s Display leaves the styling out.
    let plain = e.render().to_string();
    let said: Vec<String> = plain
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty() && !p.starts_with("Usage:") && !p.starts_with("For more information"))
        .map(|p| p.lines().map(str::trim).collect::<Vec<_>>().join(" "))
        .collect();
    let said = said.join("; ");
    let said = said.strip_prefix("error: ").unwrap_or(&said);
    if said.is_empty() {
        return e.kind().as_str().map_or_else(|| "invalid command line".to_string(), |k| format!("command line: {k}"));
    }
    format!("command line: {said}")
}

/// Print a failure and give the exit status.
fn finish(outcome: Result<Exit, Failure>, json: bool) -> Exit {
    match outcome {
        Ok(code) => {
            attackopt::debug_note(|| format!("done, exit {}", code.code()));
            code
        }
        Err(f) => {
            if watchdog::may_print() {
                write_failure(&f, json);
            }
            f.code
        }
    }
}
