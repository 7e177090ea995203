//! A command that could not answer: its exit status and message, and how it is printed.

use attackopt::InputError;
use attackopt::SolveError;
use attackopt::{Assumption, Error, ErrorAnswer, ErrorBody, Exit, ImportNotes, Undecided, Warning};
use std::io::Write;
use std::sync::OnceLock;

/// What answers on the board this process read assume, once it is read: the undecided object
/// of a time limit lists them, whether the worker or the watchdog prints it. Unset when the
/// time limit ran out before the board was read (the watchdog firing during parsing): then the
/// undecided object leaves `assumptions` out, since nothing is known of the board and an empty
/// list would say it assumes nothing. One board per process, so a process-wide cell. With them,
/// what the board's import dropped or guessed (issue 40: every answer about an imported board
/// says it, this one too).
static BOARD_ASSUMPTIONS: OnceLock<(Vec<Assumption>, Option<ImportNotes>)> = OnceLock::new();

/// The board's warnings in words, for a text-mode failure: a text answer carries them, so they
/// are said once, on standard error, only when no answer is printed (issue 40).
static BOARD_WARNINGS: OnceLock<String> = OnceLock::new();

/// Record the assumptions and the import notes of the board read (see [`BOARD_ASSUMPTIONS`])
/// and its warnings in words (see [`BOARD_WARNINGS`]).
pub fn board_read(assumptions: &[Assumption], import: Option<&ImportNotes>, warnings: &[Warning]) {
    let _ = BOARD_ASSUMPTIONS.set((assumptions.to_vec(), import.cloned()));
    if !warnings.is_empty() {
        let _ = BOARD_WARNINGS.set(attackopt::warnings_text(warnings));
    }
}

/// A failure with its exit status.
#[derive(Debug)]
pub struct Failure {
    pub code: Exit,
    pub message: String,
    /// The JSON path in the input, when there is one (for `--format json`'s error object).
    pub path: Option<String>,
}

impl Failure {
    pub fn new(code: Exit, message: impl Into<String>) -> Self {
        Failure { code, message: message.into(), path: None }
    }
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        let path = Some(e.path.clone()).filter(|p| !p.is_empty());
        Failure { code: Exit::BadInput, message: e.to_string(), path }
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
            e => Failure::new(e.exit(), e.to_string()),
        }
    }
}

/// A failure on standard error, and with `--format json` on standard output too: the undecided
/// object for a time limit (exit 3), `{"error": {...}}` otherwise (issue 11: one shape for
/// `check`, `solve` and `enumerate`, and errors a JSON reader can read).
pub fn write_failure(f: &Failure, json: bool) {
    if !json {
        // Text mode said nothing of the board's warnings yet (JSON mode did, at reading).
        if let Some(warnings) = BOARD_WARNINGS.get() {
            let _ = write!(std::io::stderr().lock(), "{warnings}");
        }
        errln!("attackopt: error: {}", f.message);
        return;
    }
    errln!("attackopt: error: {}", f.message);
    let text = if f.code == Exit::Undecided {
        let read = BOARD_ASSUMPTIONS.get();
        let undecided =
            Undecided { assumptions: read.map(|(a, _)| a.clone()), import: read.and_then(|(_, i)| i.clone()), ..Undecided::new(f.message.clone()) };
        serde_json::to_string_pretty(&undecided)
    } else {
        let error = ErrorBody { code: f.code.code(), message: f.message.clone(), path: f.path.clone() };
        serde_json::to_string_pretty(&ErrorAnswer { error })
    };
    if let Ok(text) = text {
        let _ = writeln!(std::io::stdout().lock(), "{text}");
    }
}
