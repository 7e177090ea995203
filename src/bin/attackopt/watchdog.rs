//! The time limit as a bound on the whole process.
//!
//! The integer program stops at its deadline, and the command's clock starts before the board
//! is read, but reading, expanding and encoding are not interruptible: on a 90,000-creature
//! board they take about a second. So `check`, `solve` and `enumerate` run on a worker thread,
//! and if no answer has started printing shortly after the limit (`GRACE`), the main thread
//! answers "no proof" (exit 3) and ends the process. Issue 6: "with `--time-limit 1` every
//! command answers within 2 s".
//!
//! Output goes through a gate so the two threads never both print: once the worker has printed
//! anything it finishes (printing is quick); once the watchdog has closed the gate, the worker
//! prints nothing.

use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

// How long past the time limit the watchdog waits for the worker's own answer, which is
// richer (a check still reports every definite violation).
use attackopt::Exit;
use attackopt::TIME_LIMIT_GRACE as GRACE;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Gate {
    /// Nothing printed yet.
    Open,
    /// The worker has printed: it owns the output.
    Worker,
    /// The watchdog answered: the worker prints nothing more.
    Closed,
}

static GATE: Mutex<Gate> = Mutex::new(Gate::Open);

/// May the caller print its answer? Called by the worker before each output: the first call
/// claims the output, unless the watchdog has already answered.
pub fn may_print() -> bool {
    let mut gate = GATE.lock().unwrap_or_else(|e| e.into_inner());
    match *gate {
        Gate::Closed => false,
        _ => {
            *gate = Gate::Worker;
            true
        }
    }
}

/// Run `work` (which prints its answer and gives the exit status) on a worker thread; answer
/// exit 3 if it has not started printing within `limit` seconds plus [`GRACE`].
pub fn run_within(limit: f64, json: bool, work: impl FnOnce() -> Exit + Send + 'static) -> Exit {
    let Some(wait) = Duration::try_from_secs_f64(limit.max(0.0)).ok().and_then(|d| d.checked_add(GRACE)) else {
        return work();
    };
    let (send, receive) = channel();
    // The main thread's stack size: the worker does what the main thread would.
    let spawned = std::thread::Builder::new().stack_size(8 << 20).spawn(move || {
        let _ = send.send(work());
    });
    let Ok(worker) = spawned else {
        return Exit::Internal;
    };
    match receive.recv_timeout(wait) {
        Ok(code) => code,
        Err(RecvTimeoutError::Disconnected) => {
            // The worker panicked; its message is already on standard error.
            let _ = worker.join();
            Exit::Internal
        }
        Err(RecvTimeoutError::Timeout) => {
            let mut gate = GATE.lock().unwrap_or_else(|e| e.into_inner());
            if *gate == Gate::Worker {
                // The answer is being printed: let it finish.
                drop(gate);
                return receive.recv().unwrap_or(Exit::Internal);
            }
            *gate = Gate::Closed;
            let message = format!("the time limit ({limit} s) ran out before the board was read and solved");
            crate::write_failure(&crate::Failure::new(Exit::Undecided, message), json);
            attackopt::debug_note(|| "watchdog: no answer in time, exit 3".into());
            Exit::Undecided
        }
    }
}
