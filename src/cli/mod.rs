//! The command line (SPEC.md "Command line"): a thin layer over the library.
//!
//! Exit status: 0 done (for `check`: legal), 1 `check` found it illegal, 2 bad input or usage,
//! 3 no answer within the time limit.

use crate::board::{load_board, load_declaration, InputError, Warning};
use crate::api::{Error, Method, Options};
use crate::legality::{Baseline, SolveError};
use crate::position::Position;
use crate::solve::Objective;
use crate::generate::Profile;
use crate::view::BoardView;
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
        #[arg(long, default_value = "power")]
        objective: String,
        #[command(flatten)]
        solver: SolverArgs,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Legal declarations, up to --limit, and whether the list is complete.
    Enumerate {
        board: String,
        #[arg(long, default_value_t = 100)]
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
    /// Which declarations the maximum ranges over (RULES.md section 7).
    #[arg(long, value_enum, default_value_t = BaselineArg::Paid)]
    baseline: BaselineArg,
    /// Seconds the whole command may take (reading the board included) before giving up with exit 3.
    #[arg(long, default_value_t = 10.0)]
    time_limit: f64,
    /// Use the exhaustive reference checker instead of the integer program (small boards).
    #[arg(long)]
    exhaustive: bool,
}

impl SolverArgs {
    /// The options, with the time limit counting from `started` (when the command began).
    fn options(self, started: std::time::Instant) -> Result<Options, Failure> {
        if self.time_limit.is_nan() || self.time_limit < 0.0 {
            return Err(Failure { code: 2, message: format!("--time-limit: expected a non-negative number of seconds, found {}", self.time_limit) });
        }
        Ok(Options {
            baseline: self.baseline.into(),
            time_limit: Some(self.time_limit),
            method: if self.exhaustive { Method::Exhaustive } else { Method::Ilp },
            // `--time-limit` bounds the whole command: reading and expanding a 90,000-creature
            // board takes about half a second, which a user waiting on the limit also waits for.
            clock: Some(started),
        })
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
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        Failure { code: 2, message: e.to_string() }
    }
}

impl From<SolveError> for Failure {
    fn from(e: SolveError) -> Self {
        Error::Solve(e).into()
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure { code: e.exit_code(), message: e.to_string() }
    }
}

fn warn(file: &str, warnings: &[Warning]) {
    for w in warnings {
        errln!("attackopt: {file}: {w}");
    }
}

fn print_json<T: serde::Serialize>(v: &T) -> Result<(), Failure> {
    let text = serde_json::to_string_pretty(v).map_err(|e| Failure { code: 70, message: format!("internal error: {e}") })?;
    outln!("{text}");
    Ok(())
}

fn load_position(file: &str) -> Result<Position, Failure> {
    crate::debug::note(|| format!("reading {file}"));
    let vb = load_board(file)?;
    crate::debug::note(|| "board read and validated".into());
    warn(file, &vb.warnings);
    let pos = Position::new(vb)?;
    crate::debug::note(|| "board expanded".into());
    Ok(pos)
}

/// Run a parsed command line; returns the exit status.
pub fn run(cli: Cli) -> Result<i32, Failure> {
    let started = std::time::Instant::now();
    match cli.command {
        Command::Check { board, declaration, solver, format } => {
            if board == "-" && declaration == "-" {
                return Err(Failure { code: 2, message: "only one of BOARD and DECLARATION can be - (standard input)".into() });
            }
            let pos = load_position(&board)?;
            let (decl, warnings) = load_declaration(&declaration)?;
            warn(&declaration, &warnings);
            pos.board.check_declaration_ids(&decl, &declaration)?;
            let result = pos.check(&decl, &solver.options(started)?)?;
            match format {
                Format::Json => print_json(&result)?,
                Format::Text => out!("{}", result.to_text()),
            }
            // Exit 3 when no proof either way; a definite violation is still a proof of illegality.
            Ok(if result.legal {
                0
            } else if result.proof == "none" && result.violations.is_empty() {
                3
            } else {
                1
            })
        }
        Command::Enumerate { board, limit, solver, format } => {
            let pos = load_position(&board)?;
            let options = solver.options(started)?;
            let found = pos.enumerate(limit, &options)?;
            if let Some(bad) = found.declarations.iter().find(|r| !r.legal) {
                return Err(SolveError::Internal(format!("an enumerated declaration failed its check: {:?}", bad.violations)).into());
            }
            match format {
                Format::Json => print_json(&found)?,
                Format::Text => {
                    let n = found.declarations.len();
                    outln!(
                        "{n} legal declaration{} (baseline {}){}:",
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
                        outln!("  {attacks}  (obeys {}{cost})", r.requirements_obeyed);
                    }
                    let proof = if found.time_limit_reached {
                        "none (each declaration is legal; the list stopped at the time limit)"
                    } else if options.method == Method::Exhaustive {
                        "exhaustive"
                    } else {
                        "ilp-optimal"
                    };
                    outln!("Proof: {proof}");
                }
            }
            Ok(if found.time_limit_reached { 3 } else { 0 })
        }
        Command::Solve { board, objective, solver, format } => {
            let pos = load_position(&board)?;
            let objective = Objective::parse(&objective, &pos).map_err(|m| Failure { code: 2, message: format!("--objective: {m}") })?;
            let result = match pos.solve(objective, &solver.options(started)?) {
                Ok(r) => r,
                // JSON readers still get an object saying there is no proof (SPEC.md: exit 3).
                Err(Error::Solve(SolveError::TimeLimit(m))) if format == Format::Json => {
                    print_json(&serde_json::json!({ "proof": "none", "legal": null, "message": m }))?;
                    return Err(Failure { code: 3, message: m });
                }
                Err(e) => return Err(e.into()),
            };
            match format {
                Format::Json => print_json(&result)?,
                Format::Text if result.optimal => {
                    outln!("Best declaration (objective {}):", result.objective);
                    out!("{}", result.result.to_text());
                }
                Format::Text => {
                    let bound = result.objective_bound.map_or("unknown".to_string(), |b| b.to_string());
                    outln!("Best declaration found before the time limit, not proven optimal (objective {}, proven bound {bound}):", result.objective);
                    out!("{}", result.result.to_text());
                }
            }
            // Exit 3: a legal declaration, but no proof that none is better (SPEC.md: the time
            // limit cut the answer short).
            Ok(if result.optimal { 0 } else { 3 })
        }
        Command::Validate { board, format } => {
            // Warnings are part of validate's answer, not standard error.
            let pos = Position::new(load_board(&board)?)?;
            let view = BoardView::new(&pos);
            match format {
                Format::Json => print_json(&view)?,
                Format::Text => out!("{}", view.to_text()),
            }
            Ok(0)
        }
        Command::Generate { players, creatures, seed, profile } => {
            let profile = Profile::parse(&profile).map_err(|m| Failure { code: 2, message: format!("--profile: {m}") })?;
            if players == 0 || players > crate::board::MAX_PLAYERS {
                return Err(Failure { code: 2, message: format!("--players: expected 1 to {}, found {players}", crate::board::MAX_PLAYERS) });
            }
            if creatures > crate::generate::MAX_CREATURES {
                return Err(Failure { code: 2, message: format!("--creatures: expected at most {}, found {creatures}", crate::generate::MAX_CREATURES) });
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
            let schema = crate::schema::schema(name).map_err(|m| Failure { code: 2, message: m })?;
            print_json(&schema)?;
            Ok(0)
        }
        Command::Batch { file, quiet } => {
            let summary = if file == "-" {
                crate::batch::run(std::io::stdin().lock(), "-", std::io::stdout(), !quiet)
            } else {
                let f = std::fs::File::open(&file).map_err(|e| Failure { code: 2, message: format!("{file}: cannot read the file: {e}") })?;
                crate::batch::run(std::io::BufReader::new(f), &file, std::io::stdout(), !quiet)
            }?;
            let _ = summary;
            Ok(0)
        }
        Command::Mcp => {
            crate::mcp::serve_stdio().map_err(|m| Failure { code: 2, message: m })?;
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
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    match cli.command.time_limit() {
        Some(limit) => watchdog::run_within(limit, cli.command.json_output(), move || finish(run(cli))),
        None => finish(run(cli)),
    }
}

/// Print a failure and give the exit status.
fn finish(outcome: Result<i32, Failure>) -> i32 {
    match outcome {
        Ok(code) => {
            crate::debug::note(|| format!("done, exit {code}"));
            code
        }
        Err(f) => {
            if watchdog::may_print() {
                errln!("attackopt: error: {}", f.message);
            }
            f.code
        }
    }
}

impl Command {
    /// The `--time-limit` of a command that has one.
    fn time_limit(&self) -> Option<f64> {
        match self {
            Command::Check { solver, .. }
            | Command::Solve { solver, .. }
            | Command::Enumerate { solver, .. } => Some(solver.time_limit),
            _ => None,
        }
    }

    fn json_output(&self) -> bool {
        matches!(
            self,
            Command::Check {
                format: Format::Json,
                ..
            } | Command::Solve {
                format: Format::Json,
                ..
            } | Command::Enumerate {
                format: Format::Json,
                ..
            }
        )
    }
}
