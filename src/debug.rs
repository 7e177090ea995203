//! `ATTACKOPT_DEBUG=1`: where a command's time goes, on standard error.
//!
//! Each note prints the time since the first note of the process, so a run reads as a
//! timeline: board read, expanded, each integer program built and solved.

use std::sync::OnceLock;
use web_time::Instant;

fn start() -> Option<Instant> {
    static START: OnceLock<Option<Instant>> = OnceLock::new();
    *START.get_or_init(|| std::env::var_os("ATTACKOPT_DEBUG").is_some().then(Instant::now))
}

/// Print `what` with the time since the first note, when debugging output is on.
pub fn note(what: impl FnOnce() -> String) {
    if let Some(t) = start() {
        // Not eprintln!, which panics when standard error can't be written (2>/dev/full,
        // issue 11, F16): a timeline that can't be written is simply lost.
        use std::io::Write;
        let _ = writeln!(std::io::stderr().lock(), "attackopt: debug: {:>9.3} ms  {}", t.elapsed().as_secs_f64() * 1e3, what());
    }
}
