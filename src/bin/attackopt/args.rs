//! The command line's arguments (docs/format.md "Command line"), read by clap, and the checks
//! that need no file.

use crate::Failure;
use attackopt::generator::Profile;
use attackopt::Baseline;
use attackopt::Exit;
use attackopt::{Method, Options};
use attackopt::{DEFAULT_LIMIT, DEFAULT_TIME_LIMIT};
use clap::{Args, Parser, Subcommand, ValueEnum};

/// The exit statuses and where the formats are described, at the end of `--help`.
const AFTER_HELP: &str = "Exit status: 0 done (check: legal), 1 check: illegal, 2 bad input or usage, 3 no proof \
within the time limit (an answer cut short says so) or --strict refused to assume, 70 internal error.
Boards, declarations and answers: docs/format.md; the rules implemented: docs/rules.md; \
`attackopt schema board` prints the board's JSON Schema.";

#[derive(Parser, Debug)]
#[command(name = "attackopt", version, about = "Decide and optimize declarations of attackers (CR 508.1), exactly.", after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// A card source for the board's cards: a Scryfall card list (JSON file) or Forge's
    /// cardsfolder (directory); cards found by name get their Oracle text (check, solve,
    /// enumerate, maximum, validate, import forge, import names; batch: every request's default;
    /// mcp: every tool call).
    #[arg(long, global = true, value_name = "FILE|DIR")]
    pub cards: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Is this declaration legal; why not; a witness that obeys more requirements.
    #[command(after_help = AFTER_HELP)]
    Check {
        /// Board file (JSON), or - for standard input.
        board: String,
        /// Declaration file (JSON), or - for standard input; or the attacks with --attack, the
        /// blocks with --block.
        #[arg(required_unless_present_any = ["attack", "block"], conflicts_with_all = ["attack", "block"])]
        declaration: Option<String>,
        /// An attack, CREATURE=TARGET by ids (jugg=B, drake=pwC), in place of a declaration
        /// file; repeated, or several in one value separated by commas; `none` for no attack.
        #[arg(long, value_name = "CREATURE=TARGET", conflicts_with = "block")]
        attack: Vec<String>,
        /// A block on a board with combat, BLOCKER=ATTACKER by ids (wall=jugg), in place of a
        /// declaration file; repeated, or several separated by commas (a creature blocking two
        /// attackers is written twice); `none` for no block.
        #[arg(long, value_name = "BLOCKER=ATTACKER")]
        block: Vec<String>,
        #[command(flatten)]
        solver: SolverArgs,
        #[arg(long, value_enum, ignore_case = true, default_value_t = Format::Text)]
        format: Format,
    },
    /// The best legal declaration for an objective, and its payment.
    #[command(after_help = AFTER_HELP)]
    Solve {
        board: String,
        /// power (most total power, the default), attackers, none, or damage:PLAYER (the power
        /// attacking that player); in any case; ties are broken by less mana, then fewer
        /// attackers. On a board with combat: prevented (the default), kills, losses or none.
        #[arg(long, value_name = "power|attackers|none|damage:PLAYER|prevented|kills|losses")]
        objective: Option<String>,
        #[command(flatten)]
        solver: SolverArgs,
        #[arg(long, value_enum, ignore_case = true, default_value_t = Format::Text)]
        format: Format,
    },
    /// Legal declarations, up to --limit, and whether the list is complete.
    #[command(after_help = AFTER_HELP)]
    Enumerate {
        board: String,
        #[arg(long, default_value_t = DEFAULT_LIMIT)]
        limit: usize,
        /// `full`: each declaration's check result; `summary`: each declaration alone (issue 13).
        #[arg(long, default_value_t = attackopt::Detail::Full, ignore_case = true,
            value_parser = clap::builder::TypedValueParser::try_map(clap::builder::PossibleValuesParser::new(["full", "summary"]), |s| s.parse::<attackopt::Detail>()))]
        detail: attackopt::Detail,
        #[command(flatten)]
        solver: SolverArgs,
        #[arg(long, value_enum, ignore_case = true, default_value_t = Format::Text)]
        format: Format,
    },
    /// The most requirements a declaration can obey (CR 508.1d; 509.1c on a board with
    /// combat), and a declaration that obeys that many.
    ///
    /// Attacks: the most a declaration paying no cost can obey. On a board with combat also
    /// the most under --baseline: paid (the default), paying any cost to block that can be
    /// paid; free, paying none. The same answer as batch's `maximum`.
    #[command(after_help = AFTER_HELP)]
    Maximum {
        board: String,
        #[command(flatten)]
        solver: SolverArgs,
        #[arg(long, value_enum, ignore_case = true, default_value_t = Format::Text)]
        format: Format,
    },
    /// Parse and validate a board, and show how attackopt reads it.
    #[command(after_help = AFTER_HELP)]
    Validate {
        board: String,
        #[arg(long, value_enum, ignore_case = true, default_value_t = Format::Text)]
        format: Format,
        /// Accepted and changes nothing, so that one set of flags serves every command: validate
        /// always answers, listing what the other commands would assume (what --strict refuses).
        #[arg(long)]
        strict: bool,
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
        /// The kind of board.
        #[arg(long, value_enum, ignore_case = true, default_value_t = ProfileArg::Commander)]
        profile: ProfileArg,
    },
    /// The cards attackopt knows by name: what each does for declaring attackers, and its
    /// rules (CR numbers); then the plain cards read from their fields. Any other name on a
    /// board gets a warning.
    Cards {
        #[arg(long, value_enum, ignore_case = true, default_value_t = Format::Text)]
        format: Format,
    },
    /// JSON Schema of a format: board, declaration, result or cards.
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
    /// solve_attack, enumerate_attacks, maximum_requirements, explain_board, list_cards).
    Mcp,
    /// Turn another program's game state into a board.
    Import {
        #[command(subcommand)]
        source: ImportSource,
    },
    /// Shell completions for attackopt, generated from its arguments; e.g.
    /// `attackopt completions bash > /etc/bash_completion.d/attackopt`.
    Completions {
        #[arg(value_enum, ignore_case = true)]
        shell: clap_complete::Shell,
    },
    /// Manual pages (roff), generated from the arguments: the command's (`attackopt man >
    /// attackopt.1`, then `man ./attackopt.1`), a subcommand's (`attackopt man check`,
    /// `attackopt man import forge`), or every page as a file (`attackopt man --dir DIR`).
    Man {
        /// The subcommand whose page to print (`check`, `import forge`); none: the command's.
        #[arg(value_name = "SUBCOMMAND", conflicts_with = "dir")]
        subcommand: Vec<String>,
        /// Write every page into DIR (created if missing): attackopt.1, attackopt-check.1,
        /// attackopt-import-forge.1, ...; prints the files written.
        #[arg(long, value_name = "DIR")]
        dir: Option<std::path::PathBuf>,
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
        /// Without --format: the board alone (JSON), to save as a board file. json wraps it as
        /// {"board": ..., "skipped": [...], "warnings": [...]}; text shows it as `validate`
        /// does, with the cards skipped and the warnings, for a person to read.
        #[arg(long, value_enum, ignore_case = true)]
        format: Option<Format>,
        /// Refuse instead of importing when the board would differ from the game: a card
        /// skipped, a line ignored, a guess (no activeplayer), a card whose answers would assume
        /// (its text not read); exit 2, each listed. Without it they are listed in the board's
        /// `import` field, which every answer about the board repeats.
        #[arg(long)]
        strict: bool,
    },
    /// A board from card names per player (the judge's page's input); prints the board, and
    /// lists on standard error the lines read with an assumption and the board's warnings.
    ///
    /// The input is JSON, each player's cards one per line: {"active": "A", "players": [{"id":
    /// "A", "cards": "life: 12\n2 Grizzly Bears"}, {"id": "B", "cards": "Propaganda"}]}
    /// (docs/format.md "Boards from card names").
    Names {
        /// The names file (JSON), or - for standard input.
        file: String,
        /// Without --format: the board alone (JSON), to save as a board file. json wraps it as
        /// {"board": ..., "warnings": [...]}; text shows it as `validate` does, with the
        /// warnings, for a person to read.
        #[arg(long, value_enum, ignore_case = true)]
        format: Option<Format>,
        /// Refuse instead of importing when the board would differ from what was typed: a name
        /// read as a noncreature for want of a power/toughness, a card whose answers would
        /// assume (a name attackopt does not know, a text it does not read); exit 2, each listed.
        #[arg(long)]
        strict: bool,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum SchemaName {
    Board,
    Declaration,
    Result,
    Cards,
}

/// Options shared by the commands that decide legality.
#[derive(Args, Debug, Clone, Copy)]
pub struct SolverArgs {
    /// Which declarations the maximum ranges over (docs/rules.md section 7).
    #[arg(long, value_enum, ignore_case = true, default_value_t = BaselineArg::Paid)]
    baseline: BaselineArg,
    /// Seconds the whole command may take (reading the board included) before giving up with exit 3:
    /// a number >= 0, `inf` for no limit (docs/format.md "Options").
    // A negative number is the option's value, refused with the option's own message (issue
    // 40: clap took "-1" for an argument and advised "-- -1").
    #[arg(long, default_value_t = DEFAULT_TIME_LIMIT, allow_negative_numbers = true)]
    time_limit: f64,
    /// Use the exhaustive reference checker instead of the integer program (small boards).
    #[arg(long)]
    exhaustive: bool,
    /// Refuse to assume: on a board with anything attackopt would have to assume (a card text
    /// it does not read, a card it does not know), answer undecided (exit 3, legal null) with
    /// the assumptions listed, instead of answering.
    #[arg(long)]
    strict: bool,
}

impl SolverArgs {
    /// The options, with the time limit counting from `started` (when the command began).
    pub fn options(self, started: std::time::Instant) -> Result<Options, Failure> {
        let options = Options {
            baseline: self.baseline.into(),
            time_limit: Some(self.time_limit),
            method: if self.exhaustive { Method::Exhaustive } else { Method::Ilp },
            // `--time-limit` bounds the whole command: reading and expanding a 90,000-creature
            // board takes about half a second, which a user waiting on the limit also waits for.
            clock: Some(started),
            strict: self.strict,
        };
        options.validate().map_err(|e| Failure::new(Exit::BadInput, format!("--{}: {}", e.option.replace('_', "-"), e.message)))?;
        Ok(options)
    }
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// `generate --profile` (attackopt::generator::Profile, as a value clap lists in --help).
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum ProfileArg {
    /// A Commander table: tokens in a few dozen kinds, goad, taxes, caps, mana.
    Commander,
    /// Two to four kinds of identical hasty tokens, one goaded, one tax.
    Tokens,
    /// Pairwise-different creatures with heavily coupled requirements and restrictions.
    Adversarial,
    /// A combat at the declare blockers step: N attackers declared, as many potential blockers.
    Combat,
}

impl From<ProfileArg> for Profile {
    fn from(p: ProfileArg) -> Self {
        match p {
            ProfileArg::Commander => Profile::Commander,
            ProfileArg::Tokens => Profile::Tokens,
            ProfileArg::Adversarial => Profile::Adversarial,
            ProfileArg::Combat => Profile::Combat,
        }
    }
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

impl Command {
    /// The `--time-limit` of a command that has one.
    pub fn time_limit(&self) -> Option<f64> {
        match self {
            Command::Check { solver, .. } | Command::Solve { solver, .. } | Command::Enumerate { solver, .. } | Command::Maximum { solver, .. } => {
                Some(solver.time_limit)
            }
            _ => None,
        }
    }

    pub fn json_output(&self) -> bool {
        matches!(
            self,
            Command::Check { format: Format::Json, .. }
                | Command::Solve { format: Format::Json, .. }
                | Command::Enumerate { format: Format::Json, .. }
                | Command::Maximum { format: Format::Json, .. }
                | Command::Validate { format: Format::Json, .. }
                | Command::Cards { format: Format::Json }
                | Command::Import {
                    source: ImportSource::Forge { format: Some(Format::Json), .. } | ImportSource::Names { format: Some(Format::Json), .. }
                }
        )
    }

    /// Check the arguments that need no file (issue 11, F14: before anything is read).
    pub fn check_arguments(&self) -> Result<(), Failure> {
        match self {
            Command::Check { board, declaration, .. } if board == "-" && declaration.as_deref() == Some("-") => {
                Err(Failure::new(Exit::BadInput, "only one of BOARD and DECLARATION can be - (standard input)"))
            }
            Command::Check { solver, .. } | Command::Solve { solver, .. } | Command::Enumerate { solver, .. } | Command::Maximum { solver, .. } => {
                solver.options(std::time::Instant::now()).map(|_| ())
            }
            _ => Ok(()),
        }
    }
}
