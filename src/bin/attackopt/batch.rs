//! `attackopt batch`: JSON Lines in, one result line out per request, in input order, computed
//! on all cores. Each line is answered by the library's `attackopt::batch::answer_line` (the
//! request format is documented there and in docs/format.md "Batch"); this file reads, orders,
//! writes and reports progress.

use attackopt::batch::{answer_line, error_line, line_name, BoardCache};
use attackopt::input::MAX_INPUT_BYTES;
use attackopt::Exit;
use attackopt::InputError;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Read;
use std::io::{BufRead, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// Read and drop the rest of a line.
fn skip_line<R: BufRead>(input: &mut R) -> std::io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = chunk.len();
                input.consume(n);
            }
        }
    }
}

/// The text of the lines read and not yet answered is at most this many bytes (one line past it
/// is let in alone): reading ahead `threads × 64` lines of up to 256 MiB each held 2.1 GB, and
/// could hold 32 GB (issue 11, F11).
pub const READ_AHEAD_BYTES: usize = MAX_INPUT_BYTES;

/// Lines read and not yet answered, bounded in number and in bytes.
struct Window {
    /// Lines and bytes in flight.
    state: Mutex<(usize, usize)>,
    freed: std::sync::Condvar,
    lines: usize,
}

impl Window {
    /// Wait until a line of `bytes` fits, and count it.
    fn acquire(&self, bytes: usize) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while !(s.0 < self.lines && (s.0 == 0 || s.1.saturating_add(bytes) <= READ_AHEAD_BYTES)) {
            s = self.freed.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        s.0 += 1;
        s.1 = s.1.saturating_add(bytes);
    }

    /// A line of `bytes` is answered.
    fn release(&self, bytes: usize) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.0 = s.0.saturating_sub(1);
        s.1 = s.1.saturating_sub(bytes);
        self.freed.notify_all();
    }
}

/// What a batch run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Requests answered (result or error line written).
    pub lines: usize,
    /// Of those, error lines.
    pub errors: usize,
    /// Output stopped early (standard output closed).
    pub output_closed: bool,
}

/// Progress reports on standard error: every 1000 lines, and every second when standard error
/// is a terminal.
struct Progress {
    start: Instant,
    last: Instant,
    tty: bool,
    enabled: bool,
    reported: usize,
}

impl Progress {
    fn tick(&mut self, lines: usize, errors: usize) {
        if !self.enabled {
            return;
        }
        let due = lines.is_multiple_of(1000) || (self.tty && self.last.elapsed() >= Duration::from_secs(1));
        if due {
            self.last = Instant::now();
            self.reported = lines;
            self.report(lines, errors, "");
        }
    }

    fn report(&self, lines: usize, errors: usize, tail: &str) {
        let secs = self.start.elapsed().as_secs_f64();
        let rate = if secs > 0.0 { lines as f64 / secs } else { 0.0 };
        let _ = writeln!(
            std::io::stderr().lock(),
            "attackopt batch: {lines} line{} answered ({errors} error{}), {rate:.0} lines/s{tail}",
            if lines == 1 { "" } else { "s" },
            if errors == 1 { "" } else { "s" }
        );
    }
}

/// Run a batch: read requests from `input`, write one answer per request to `output` in input
/// order. Requests are answered in parallel on rayon's global pool, at most a window of them
/// ahead of the output. Returns an error only when reading the input fails (the lines read
/// before are answered first).
/// `cache` holds the batch's card sources (`--cards`).
pub fn run<R: BufRead, W: Write + Send>(mut input: R, source: &str, output: W, progress: bool, cache: BoardCache) -> Result<Summary, InputError> {
    let window = Arc::new(Window { state: Mutex::new((0, 0)), freed: std::sync::Condvar::new(), lines: rayon::current_num_threads().max(1) * 64 });
    let cache = Arc::new(cache);
    let source_arc: Arc<str> = Arc::from(source);
    let stop = Arc::new(AtomicBool::new(false));
    // Each answer carries the size of its line, released from the window when it is written.
    let (result_tx, result_rx) = mpsc::channel::<(usize, String, bool, usize)>();

    std::thread::scope(|scope| {
        let stop_w = stop.clone();
        let window_w = window.clone();
        let writer = scope.spawn(move || {
            let mut out = std::io::BufWriter::new(output);
            let mut pending: BTreeMap<usize, (String, bool, usize)> = BTreeMap::new();
            let mut next = 0usize;
            let mut summary = Summary::default();
            let tty = std::io::stderr().is_terminal();
            let mut prog = Progress { start: Instant::now(), last: Instant::now(), tty, enabled: progress, reported: 0 };
            while let Ok((seq, text, is_error, bytes)) = result_rx.recv() {
                pending.insert(seq, (text, is_error, bytes));
                while let Some((text, is_error, bytes)) = pending.remove(&next) {
                    next += 1;
                    window_w.release(bytes);
                    if summary.output_closed {
                        continue;
                    }
                    if writeln!(out, "{text}").is_err() {
                        summary.output_closed = true;
                        stop_w.store(true, Ordering::Relaxed);
                        continue;
                    }
                    summary.lines += 1;
                    summary.errors += usize::from(is_error);
                    prog.tick(summary.lines, summary.errors);
                }
                if !summary.output_closed && out.flush().is_err() {
                    summary.output_closed = true;
                    stop_w.store(true, Ordering::Relaxed);
                }
            }
            if out.flush().is_err() {
                summary.output_closed = true;
            }
            if progress && (summary.lines >= 1000 || tty) && prog.reported != summary.lines {
                prog.report(summary.lines, summary.errors, ", done");
            }
            summary
        });

        let mut read_error = None;
        let mut seq = 0usize;
        let mut line_no = 0usize;
        let mut buf = Vec::new();
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            buf.clear();
            // A line is read up to the input limit; the rest of a longer one is skipped.
            match (&mut input).take(MAX_INPUT_BYTES as u64 + 1).read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) => {
                    read_error = Some(InputError::new(source, "", format!("cannot read line {}: {e}", line_no + 1)));
                    break;
                }
            }
            line_no += 1;
            if buf.len() > MAX_INPUT_BYTES && buf.last() != Some(&b'\n') {
                buf = Vec::new();
                if let Err(e) = skip_line(&mut input) {
                    read_error = Some(InputError::new(source, "", format!("cannot read line {line_no}: {e}")));
                    break;
                }
                window.acquire(0);
                let msg = attackopt::input::too_long(&line_name(source, line_no)).to_string();
                let _ = result_tx.send((seq, error_line(&Value::Null, line_no, Exit::BadInput, &msg), true, 0));
                seq += 1;
                continue;
            }
            let text = match String::from_utf8(std::mem::take(&mut buf)) {
                Ok(t) => t,
                Err(_) => {
                    // Answered here: nothing to compute.
                    window.acquire(0);
                    let msg = format!("{}: not valid UTF-8", line_name(source, line_no));
                    let _ = result_tx.send((seq, error_line(&Value::Null, line_no, Exit::BadInput, &msg), true, 0));
                    seq += 1;
                    continue;
                }
            };
            if text.trim().is_empty() {
                continue;
            }
            let bytes = text.len();
            window.acquire(bytes);
            let (tx, cache, src, this_seq, this_line) = (result_tx.clone(), cache.clone(), source_arc.clone(), seq, line_no);
            seq += 1;
            rayon::spawn(move || {
                let answered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answer_line(&text, &src, this_line, &cache)));
                let (line, is_error) = match answered {
                    Ok(answered) => answered,
                    Err(_) => {
                        let e = format!("{}: internal error while answering this request", line_name(&src, this_line));
                        (error_line(&Value::Null, this_line, Exit::Internal, &e), true)
                    }
                };
                let _ = tx.send((this_seq, line, is_error, bytes));
            });
        }
        drop(result_tx);
        let summary = writer.join().unwrap_or_else(|_| Summary { output_closed: true, ..Summary::default() });
        match read_error {
            Some(e) => Err(e),
            None => Ok(summary),
        }
    })
}
