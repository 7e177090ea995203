//! The command line (docs/format.md "Command line"): a thin layer over the library.
//!
//! Exit status: 0 done (for `check`: legal), 1 `check` found it illegal, 2 bad input or usage,
//! 3 no answer within the time limit.

use crate::api::{Enumeration, Error, Method, Options};
use crate::board::{load_board, load_declaration, InputError, Warning};
use crate::generate::Profile;
use crate::legality::{Baseline, SolveError};
use crate::position::Position;
use crate::request::{Outcome, Request, DEFAULT_TIME_LIMIT};
use crate::solve::Objective;
use clap::{Args, Parser, Subcommand, ValueEnum};
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

mod watchdog;

#[derive(Parser, Debug)]
#[command(name = "attackopt", version, about = "Decide and optimize declarations of attackers (CR 508.1), exactly.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Is this declaration legal; why not; a witness that obeys more requirements.
    Check {
        /// Board file (JSON), or - for standard input.
        board: String,
        /// Declaration file (JSON), or - for standard input.
        declaration: String,
        #[command(flatten)]
        solver: SolverArgs,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The best legal declaration for an objective, and its payment.
    Solve {
        board: String,
        /// power (most total power), attackers, none, or damage:PLAYER; ties are broken by less
        /// mana, then fewer attackers.
        #[arg(long, default_value = crate::request::DEFAULT_OBJECTIVE)]
        objective: String,
        #[command(flatten)]
        solver: SolverArgs,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Legal declarations, up to --limit, and whether the list is complete.
    Enumerate {
        board: String,
        #[arg(long, default_value_t = crate::request::DEFAULT_LIMIT)]
        limit: usize,
        #[command(flatten)]
        solver: SolverArgs,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Parse and validate a board, and show how attackopt reads it.
    Validate {
        board: String,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// A random board (JSON), for benchmarks and tests; the same seed gives the same board.
    Generate {
        /// Players (1 to 64).
        #[arg(long)]
        players: usize,
        /// Creatures (at most 90,000).
        #[arg(long)]
        creatures: usize,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// commander, tokens or adversarial.
        #[arg(long, default_value = "commander")]
        profile: String,
    },
    /// JSON Schema of a format: board, declaration or result.
    Schema {
        #[arg(value_enum)]
        format: SchemaName,
    },
    /// JSON Lines in (one request per line), one result line out per request, in input order,
    /// on all cores.
    Batch {
        /// Requests file (JSON Lines), or - for standard input.
        #[arg(default_value = "-")]
        file: String,
        /// No progress reports on standard error.
        #[arg(long)]
        quiet: bool,
    },
    /// A Model Context Protocol server on standard input/output (tools check_attack,
    /// solve_attack, enumerate_attacks, explain_board).
    Mcp,
    /// Turn another program's game state into a board.
    Import {
        #[command(subcommand)]
        source: ImportSource,
    },
}

/// Formats `import` reads.
#[derive(Subcommand, Debug)]
pub enum ImportSource {
    /// A Forge puzzle or game-state file (the `[state]` section); prints the board, and lists on
    /// standard error the cards it skipped and why.
    Forge {
        /// The Forge file, or - for standard input.
        file: String,
        /// json wraps the board as {"board": ..., "skipped": [...], "warnings": [...]}; text
        /// prints the board alone.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum SchemaName {
    Board,
    Declaration,
    Result,
}

/// Options shared by the commands that decide legality.
#[derive(Args, Debug, Clone, Copy)]
pub struct SolverArgs {
    /// Which declarations the maximum ranges over (docs/rules.md section 7).
    #[arg(long, value_enum, default_value_t = BaselineArg::Paid)]
    baseline: BaselineArg,
    /// Seconds the whole command may take (reading the board included) before giving up with exit 3.
    #[arg(long, default_value_t = DEFAULT_TIME_LIMIT)]
    time_limit: f64,
    /// Use the exhaustive reference checker instead of the integer program (small boards).
    #[arg(long)]
    exhaustive: bool,
}

impl SolverArgs {
    /// The options, with the time limit counting from `started` (when the command began).
    fn options(self, started: std::time::Instant) -> Result<Options, Failure> {
        let options = Options {
            baseline: self.baseline.into(),
            time_limit: Some(self.time_limit),
            method: if self.exhaustive { Method::Exhaustive } else { Method::Ilp },
            // `--time-limit` bounds the whole command: reading and expanding a 90,000-creature
            // board takes about half a second, which a user waiting on the limit also waits for.
            clock: Some(started),
        };
        options.validate().map_err(|e| Failure::new(2, format!("--{}: {}", e.option.replace('_', "-"), e.message)))?;
        Ok(options)
    }
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum BaselineArg {
    Paid,
    Free,
}

impl From<BaselineArg> for Baseline {
    fn from(b: BaselineArg) -> Self {
        match b {
            BaselineArg::Paid => Baseline::Paid,
            BaselineArg::Free => Baseline::Free,
        }
    }
}

/// A failure with its exit status.
#[derive(Debug)]
pub struct Failure {
    pub code: i32,
    pub message: String,
    /// The JSON path in the input, when there is one (for `--format json`'s error object).
    pub path: Option<String>,
}

impl Failure {
    fn new(code: i32, message: impl Into<String>) -> Self {
        Failure { code, message: message.into(), path: None }
    }
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        let path = Some(e.path.clone()).filter(|p| !p.is_empty());
        Failure { code: 2, message: e.to_string(), path }
    }
}

impl From<SolveError> for Failure {
    fn from(e: SolveError) -> Self {
        Error::Solve(e).into()
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        match e {
            Error::Input(e) => e.into(),
            e => Failure::new(e.exit_code(), e.to_string()),
        }
    }
}

fn warn(file: &str, warnings: &[Warning]) {
    for w in warnings {
        errln!("attackopt: {file}: {w}");
    }
}

fn print_json<T: serde::Serialize>(v: &T) -> Result<(), Failure> {
    // Serialized whole before the output is claimed: once printing starts it is one write.
    let text = serde_json::to_string_pretty(v).map_err(|e| Failure::new(70, format!("internal error: {e}")))?;
    outln!("{text}");
    // The process ends right after: the OS frees the text faster than `drop` (issue 11, F05).
    std::mem::forget(text);
    Ok(())
}

/// Read, validate and expand a board. Never dropped: the process exits soon after the answer,
/// and freeing a 90,000-creature board took 0.3 s past the time limit (issue 11, F05); the OS
/// frees it at once.
fn load_position(file: &str) -> Result<&'static Position, Failure> {
    crate::debug::note(|| format!("reading {file}"));
    let vb = load_board(file)?;
    crate::debug::note(|| "board read and validated".into());
    warn(file, &vb.warnings);
    let pos = Position::new(vb)?;
    crate::debug::note(|| "board expanded".into());
    Ok(Box::leak(Box::new(pos)))
}

/// Leave a result to the OS at exit, like the board (see [`load_position`]).
fn keep<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

/// Answer a request and print the answer; returns the exit status.
fn respond(pos: &Position, request: &Request, options: &Options, format: Format) -> Result<i32, Failure> {
    let answer = keep(pos.answer(request, options)?);
    match format {
        Format::Json => print_json(&answer.result)?,
        Format::Text => out!("{}", text(&answer.result, options)),
    }
    Ok(answer.exit.code())
}

/// An answer as text (`--format text`).
fn text(outcome: &Outcome, options: &Options) -> String {
    match outcome {
        Outcome::Check(result) => result.to_text(),
        Outcome::Solve(result) if result.optimal => format!("Best declaration (objective {}):\n{}", result.objective, result.result.to_text()),
        Outcome::Solve(result) => {
            let bound = result.objective_bound.map_or("unknown".to_string(), |b| b.to_string());
            format!(
                "Best declaration found before the time limit, not proven optimal (objective {}, proven bound {bound}):\n{}",
                result.objective,
                result.result.to_text()
            )
        }
        Outcome::Enumerate(found) => enumeration_text(found, options),
        Outcome::Validate(view) => view.to_text(),
        // No command prints it as text; batch answers it as JSON.
        Outcome::Maximum(report) => serde_json::to_string_pretty(report).unwrap_or_default(),
    }
}

/// `enumerate --format text`: a header, one line per declaration, the proof.
fn enumeration_text(found: &Enumeration, options: &Options) -> String {
    let n = found.declarations.len();
    let mut s = format!(
        "{n} legal declaration{} (baseline {}){}:\n",
        if n == 1 { "" } else { "s" },
        options.baseline,
        if found.complete {
            ", the complete list"
        } else if found.time_limit_reached {
            ", found before the time limit; there may be more"
        } else {
            ", there are more (raise --limit)"
        }
    );
    for r in &found.declarations {
        let attacks: Vec<String> = r.declaration.attacks.iter().map(|a| format!("{} -> {}", a.creature, a.target)).collect();
        let attacks = if attacks.is_empty() { "no attack".to_string() } else { attacks.join(", ") };
        let cost = if r.cost.mana.is_empty() { String::new() } else { format!(", cost {}", r.cost.mana) };
        s.push_str(&format!("  {attacks}  (obeys {}{cost})\n", r.requirements_obeyed));
    }
    let proof = if found.time_limit_reached {
        "none (each declaration is legal; the list stopped at the time limit)"
    } else if options.method == Method::Exhaustive {
        "exhaustive"
    } else {
        "ilp-optimal"
    };
    s.push_str(&format!("Proof: {proof}\n"));
    s
}

/// Run a parsed command line; returns the exit status.
pub fn run(cli: Cli) -> Result<i32, Failure> {
    let started = std::time::Instant::now();
    match cli.command {
        Command::Check { board, declaration, solver, format } => {
            let options = solver.options(started)?;
            let pos = load_position(&board)?;
            let (decl, warnings) = load_declaration(&declaration)?;
            warn(&declaration, &warnings);
            pos.board.check_declaration_ids(&decl, &declaration)?;
            respond(pos, &Request::Check(decl), &options, format)
        }
        Command::Enumerate { board, limit, solver, format } => {
            let options = solver.options(started)?;
            respond(load_position(&board)?, &Request::Enumerate { limit }, &options, format)
        }
        Command::Solve { board, objective, solver, format } => {
            let options = solver.options(started)?;
            let pos = load_position(&board)?;
            let objective = Objective::parse(&objective, pos).map_err(|m| Failure::new(2, format!("--objective: {m}")))?;
            // A time limit with no legal declaration in hand is a failure with exit 3: `finish`
            // prints the undecided object for JSON readers.
            respond(pos, &Request::Solve(objective), &options, format)
        }
        Command::Validate { board, format } => {
            // Warnings are part of validate's answer, not standard error.
            let pos = keep(Position::new(load_board(&board)?)?);
            respond(pos, &Request::Validate, &Options::default(), format)
        }
        Command::Generate { players, creatures, seed, profile } => {
            let profile = Profile::parse(&profile).map_err(|m| Failure::new(2, format!("--profile: {m}")))?;
            if players == 0 || players > crate::board::MAX_PLAYERS {
                return Err(Failure::new(2, format!("--players: expected 1 to {}, found {players}", crate::board::MAX_PLAYERS)));
            }
            if creatures > crate::generate::MAX_CREATURES {
                return Err(Failure::new(2, format!("--creatures: expected at most {}, found {creatures}", crate::generate::MAX_CREATURES)));
            }
            print_json(&crate::generate::generate(players, creatures, seed, profile))?;
            Ok(0)
        }
        Command::Schema { format } => {
            let name = match format {
                SchemaName::Board => "board",
                SchemaName::Declaration => "declaration",
                SchemaName::Result => "result",
            };
            let schema = crate::schema::schema(name).map_err(|m| Failure::new(2, m))?;
            print_json(&schema)?;
            Ok(0)
        }
        Command::Batch { file, quiet } => {
            let summary = if file == "-" {
                crate::batch::run(std::io::stdin().lock(), "-", std::io::stdout(), !quiet)
            } else {
                let f = std::fs::File::open(&file).map_err(|e| Failure::new(2, format!("{file}: cannot read the file: {e}")))?;
                crate::batch::run(std::io::BufReader::new(f), &file, std::io::stdout(), !quiet)
            }?;
            let _ = summary;
            Ok(0)
        }
        Command::Mcp => {
            crate::mcp::serve_stdio().map_err(|m| Failure::new(2, m))?;
            Ok(0)
        }
        Command::Import { source: ImportSource::Forge { file, format } } => {
            let text = crate::board::read_source(&file)?;
            let imported = crate::import::forge::import(&text, &file)?;
            for s in &imported.skipped {
                errln!("attackopt: {file}: skipped: {s}");
            }
            for w in &imported.warnings {
                errln!("attackopt: {file}: warning: {w}");
            }
            match format {
                Format::Json => print_json(&imported)?,
                Format::Text => print_json(&imported.board)?,
            }
            Ok(0)
        }
    }
}

/// Entry point used by `main`: parse, run, print errors, and give the exit status.
pub fn main() -> i32 {
    crate::debug::note(|| "started".into());
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            if !e.use_stderr() {
                return 0;
            }
            // A usage error still answers a JSON reader who asked for JSON.
            let args: Vec<String> = std::env::args().collect();
            let json = args.windows(2).any(|w| w[0] == "--format" && w[1] == "json") || args.iter().any(|a| a == "--format=json");
            if json {
                let message = e.kind().as_str().map_or_else(|| "invalid command line".to_string(), |k| format!("command line: {k}"));
                let error = crate::api::ErrorBody { code: 2, message, path: None };
                if let Ok(text) = serde_json::to_string_pretty(&crate::api::ErrorAnswer { error }) {
                    let _ = writeln!(std::io::stdout().lock(), "{text}");
                }
            }
            return 2;
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

/// Print a failure and give the exit status.
fn finish(outcome: Result<i32, Failure>, json: bool) -> i32 {
    match outcome {
        Ok(code) => {
            crate::debug::note(|| format!("done, exit {code}"));
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

/// A failure on standard error, and with `--format json` on standard output too: the undecided
/// object for a time limit (exit 3), `{"error": {...}}` otherwise (issue 11: one shape for
/// `check`, `solve` and `enumerate`, and errors a JSON reader can read).
fn write_failure(f: &Failure, json: bool) {
    errln!("attackopt: error: {}", f.message);
    if !json {
        return;
    }
    let text = if f.code == 3 {
        serde_json::to_string_pretty(&crate::api::Undecided::new(f.message.clone()))
    } else {
        let error = crate::api::ErrorBody { code: f.code, message: f.message.clone(), path: f.path.clone() };
        serde_json::to_string_pretty(&crate::api::ErrorAnswer { error })
    };
    if let Ok(text) = text {
        let _ = writeln!(std::io::stdout().lock(), "{text}");
    }
}

impl Command {
    /// The `--time-limit` of a command that has one.
    fn time_limit(&self) -> Option<f64> {
        match self {
            Command::Check { solver, .. } | Command::Solve { solver, .. } | Command::Enumerate { solver, .. } => Some(solver.time_limit),
            _ => None,
        }
    }

    fn json_output(&self) -> bool {
        matches!(
            self,
            Command::Check { format: Format::Json, .. }
                | Command::Solve { format: Format::Json, .. }
                | Command::Enumerate { format: Format::Json, .. }
                | Command::Validate { format: Format::Json, .. }
                | Command::Import { source: ImportSource::Forge { format: Format::Json, .. } }
        )
    }

    /// Check the arguments that need no file (issue 11, F14: before anything is read).
    fn check_arguments(&self) -> Result<(), Failure> {
        match self {
            Command::Check { board, declaration, .. } if board == "-" && declaration == "-" => {
                Err(Failure::new(2, "only one of BOARD and DECLARATION can be - (standard input)"))
            }
            Command::Check { solver, .. } | Command::Solve { solver, .. } | Command::Enumerate { solver, .. } => {
                solver.options(std::time::Instant::now()).map(|_| ())
            }
            _ => Ok(()),
        }
    }
}
