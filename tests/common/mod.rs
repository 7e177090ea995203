//! Helpers shared by the integration tests (the modules of tests/it/ and the separate binaries
//! tests/reliability.rs and tests/hard_boards.rs). Each test binary compiles its own copy, so not
//! every helper is used everywhere.
#![allow(dead_code)]

use attackopt::Position;
use attackopt::{check, Baseline, CheckResult, ExhaustiveOracle, ViolationKind};
use attackopt::{parse_board, parse_declaration};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// CI's heavy step (`ATTACKOPT_HEAVY=1`, `.ci/run`): the long properties and sweeps run their full
/// counts (tests/it/differential.rs); a plain `cargo test --release` runs a tenth.
pub fn heavy() -> bool {
    std::env::var_os("ATTACKOPT_HEAVY").is_some_and(|v| !v.is_empty() && v != "0")
}

/// A text answer with its lines joined and its spaces collapsed: what it says, whatever the
/// wrapping at 100 columns (issue 40) made of its lines.
pub fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The seconds each long property may take (`ATTACKOPT_BUDGET`, CI's heavy step). Unset: in a
/// plain `cargo test --release` [`PLAIN_BUDGET`], under `ATTACKOPT_HEAVY` no limit (every case
/// runs, as by hand). A property past its budget stops starting new boards and says how many
/// of its count it ran: the counts stay what they are, the step's time is fixed, and each run
/// draws new random boards.
pub fn budget() -> Option<std::time::Duration> {
    let Ok(s) = std::env::var("ATTACKOPT_BUDGET") else {
        return (!heavy()).then_some(PLAIN_BUDGET);
    };
    let secs: f64 = s.parse().unwrap_or_else(|_| panic!("ATTACKOPT_BUDGET={s}: expected seconds"));
    (secs.is_finite() && secs >= 0.0).then(|| std::time::Duration::from_secs_f64(secs))
}

/// A long property's budget in a plain `cargo test --release`: its tenth of the boards usually
/// takes less, but a run that draws slow boards took 89 s instead of 48 s (the taxed boards'
/// `solve` and `enumerate` against the exhaustive checker), and CI's time with it.
pub const PLAIN_BUDGET: std::time::Duration = std::time::Duration::from_secs(30);

/// A long property's gate under [`budget`]: one `static` per property, asked once per case.
pub struct Gate {
    name: &'static str,
    started: std::sync::OnceLock<std::time::Instant>,
    seen: AtomicUsize,
    ran: AtomicUsize,
}

impl Gate {
    pub const fn new(name: &'static str) -> Gate {
        Gate { name, started: std::sync::OnceLock::new(), seen: AtomicUsize::new(0), ran: AtomicUsize::new(0) }
    }

    /// Whether this case (one of `count`) runs: every case without a budget, and while the
    /// property is within it. The last case prints how many ran when some did not.
    pub fn admit(&self, count: u32) -> bool {
        let started = *self.started.get_or_init(std::time::Instant::now);
        let run = budget().is_none_or(|b| started.elapsed() < b);
        if run {
            self.ran.fetch_add(1, Ordering::Relaxed);
        }
        let seen = self.seen.fetch_add(1, Ordering::Relaxed) + 1;
        if seen == count as usize && budget().is_some() {
            // Past the test harness's capture (a passing test's output is not shown): CI's log.
            use std::io::Write;
            let ran = self.ran.load(Ordering::Relaxed);
            let line = format!("{}: {ran} of {count} boards in {:.1?}\n", self.name, started.elapsed());
            let _ = std::io::stderr().write_all(line.as_bytes());
        }
        run
    }
}

// ---------------------------------------------------------------- library side

/// A board from JSON; `attackopt` and `active_player` ("A") are filled in when absent.
pub fn position(mut board: Value) -> Position {
    let obj = board.as_object_mut().expect("a board is a JSON object");
    obj.entry("attackopt").or_insert(json!(1));
    obj.entry("active_player").or_insert(json!("A"));
    let vb = parse_board(&board.to_string(), "test.json").unwrap_or_else(|e| panic!("board rejected: {e}\n{board:#}"));
    Position::new(vb).unwrap_or_else(|e| panic!("board refused: {e}"))
}

/// Check a declaration given as JSON (`{"attacks": [...], "payment": [...]}`).
pub fn check_json(pos: &Position, decl: &Value, baseline: Baseline) -> CheckResult {
    let (d, _warnings) = parse_declaration(&decl.to_string(), "d.json").unwrap_or_else(|e| panic!("declaration rejected: {e}"));
    pos.board.check_declaration_ids(&d, "d.json").unwrap_or_else(|e| panic!("declaration ids rejected: {e}"));
    let oracle = ExhaustiveOracle::new(pos).unwrap_or_else(|e| panic!("oracle: {e}"));
    check(pos, &d, baseline, &oracle).unwrap_or_else(|e| panic!("check failed: {e}"))
}

/// A declaration's JSON from (creature, target) pairs.
pub fn attacks(list: &[(&str, &str)]) -> Value {
    json!({ "attacks": list.iter().map(|(c, t)| json!({"creature": c, "target": t})).collect::<Vec<_>>() })
}

/// A declaration with an explicit payment.
pub fn attacks_paying(list: &[(&str, &str)], payment: Value) -> Value {
    let mut d = attacks(list);
    d["payment"] = payment;
    d
}

/// Check under the "paid" baseline.
pub fn paid(pos: &Position, list: &[(&str, &str)]) -> CheckResult {
    check_json(pos, &attacks(list), Baseline::Paid)
}

/// Check under the "free" baseline.
pub fn free(pos: &Position, list: &[(&str, &str)]) -> CheckResult {
    check_json(pos, &attacks(list), Baseline::Free)
}

/// Legal under both baselines; panics (with the violations) when the baselines disagree.
pub fn legal(pos: &Position, list: &[(&str, &str)]) -> bool {
    let (p, f) = (paid(pos, list), free(pos, list));
    assert_eq!(p.legal, f.legal, "baselines disagree on {list:?}: paid {:?} / free {:?}", p.violations, f.violations);
    p.legal
}

pub fn kinds(r: &CheckResult) -> Vec<ViolationKind> {
    r.violations.iter().map(|v| v.kind).collect()
}

pub fn has(r: &CheckResult, kind: ViolationKind) -> bool {
    r.violations.iter().any(|v| v.kind == kind)
}

/// Assert the declaration is legal under both baselines.
#[track_caller]
pub fn assert_legal(pos: &Position, list: &[(&str, &str)]) {
    for b in [Baseline::Paid, Baseline::Free] {
        let r = check_json(pos, &attacks(list), b);
        assert!(r.legal, "{list:?} should be legal under {b}, violations: {:#?}", r.violations);
        assert!(r.violations.is_empty());
    }
}

/// Assert the declaration is illegal under both baselines with (at least) this kind of violation.
#[track_caller]
pub fn assert_illegal(pos: &Position, list: &[(&str, &str)], kind: ViolationKind) {
    for b in [Baseline::Paid, Baseline::Free] {
        let r = check_json(pos, &attacks(list), b);
        assert!(!r.legal, "{list:?} should be illegal under {b}");
        assert!(has(&r, kind), "{list:?} under {b}: expected a {kind:?} violation, got {:#?}", r.violations);
    }
}

/// Same as [`assert_illegal`] for a declaration with a payment (JSON).
#[track_caller]
pub fn assert_illegal_json(pos: &Position, decl: &Value, kind: ViolationKind) {
    for b in [Baseline::Paid, Baseline::Free] {
        let r = check_json(pos, decl, b);
        assert!(!r.legal, "{decl} should be illegal under {b}");
        assert!(has(&r, kind), "{decl} under {b}: expected a {kind:?} violation, got {:#?}", r.violations);
    }
}

#[track_caller]
pub fn assert_legal_json(pos: &Position, decl: &Value) -> CheckResult {
    let mut last = None;
    for b in [Baseline::Paid, Baseline::Free] {
        let r = check_json(pos, decl, b);
        assert!(r.legal, "{decl} should be legal under {b}, violations: {:#?}", r.violations);
        last = Some(r);
    }
    last.unwrap()
}

/// The rules creature with this id.
pub fn creature<'a>(pos: &'a Position, id: &str) -> &'a attackopt::internals::rules::Creature {
    pos.rules.creatures.iter().find(|c| c.id == id).unwrap_or_else(|| panic!("no creature {id} on the attacking side"))
}

/// The ids a creature may legally attack (CR 508.1b), sorted.
pub fn legal_target_ids(pos: &Position, id: &str) -> Vec<String> {
    let mut v: Vec<String> = creature(pos, id).legal_targets.iter().map(|&t| pos.rules.targets[t].id.clone()).collect();
    v.sort();
    v
}

/// The ids a creature may attack while obeying every "can't attack" restriction, sorted.
pub fn allowed_ids(pos: &Position, id: &str) -> Vec<String> {
    let mut v: Vec<String> = creature(pos, id).allowed.iter().map(|&t| pos.rules.targets[t].id.clone()).collect();
    v.sort();
    v
}

pub fn ids(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// A plain creature permanent.
pub fn bear(id: &str, controller: &str) -> Value {
    json!({ "id": id, "name": "Grizzly Bears", "controller": controller, "types": ["Creature"], "power": 2, "toughness": 2 })
}

/// A basic land of the given subtype.
pub fn basic(id: &str, controller: &str, subtype: &str) -> Value {
    json!({ "id": id, "name": subtype, "controller": controller, "types": ["Land"], "subtypes": [subtype] })
}

/// A named non-creature permanent (a catalog card).
pub fn card(id: &str, name: &str, controller: &str, types: &[&str]) -> Value {
    json!({ "id": id, "name": name, "controller": controller, "types": types })
}

/// A planeswalker.
pub fn walker(id: &str, controller: &str) -> Value {
    json!({ "id": id, "name": "Jace Beleren", "controller": controller, "types": ["Planeswalker"] })
}

// ---------------------------------------------------------------- binary side

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// Write `content` to a fresh file under the temp dir; the name is unique per process and call.
pub fn temp_file(tag: &str, content: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let path = std::env::temp_dir().join(format!("attackopt-test-{}-{n}-{tag}.json", std::process::id()));
    std::fs::write(&path, content).expect("write temp file");
    path
}

pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_attackopt"))
}

pub fn run_bin(args: &[&str]) -> Output {
    bin().args(args).output().expect("run attackopt")
}

/// Run the binary with `input` on standard input (written from a thread, so a large input
/// can't deadlock against a full output pipe).
pub fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = bin().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("spawn attackopt");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for attackopt");
    let _ = writer.join();
    out
}

/// A run of the binary with a bound on its wall-clock time.
pub struct BoundedRun {
    /// None when it was killed at the bound (or by a signal).
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: std::time::Duration,
    /// The most resident memory seen (Linux: VmHWM, sampled while it runs), in KiB.
    pub peak_rss_kib: Option<u64>,
}

/// The resident-memory high-water mark of a running process, in KiB (Linux).
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Run `cmd` with its output read on threads, killing it after `limit`: a hang fails the test
/// instead of the CI job.
pub fn run_bounded(cmd: Command, limit: std::time::Duration) -> BoundedRun {
    run_bounded_output(cmd, limit, true)
}

/// [`run_bounded`], its standard output discarded (`stdout` empty) when `keep_stdout` is false:
/// a 425 MB answer would otherwise be held twice by the test while it measures the child.
pub fn run_bounded_output(mut cmd: Command, limit: std::time::Duration, keep_stdout: bool) -> BoundedRun {
    use std::io::Read;
    use std::process::Stdio;
    let start = std::time::Instant::now();
    let mut child = cmd.stdout(if keep_stdout { Stdio::piped() } else { Stdio::null() }).stderr(Stdio::piped()).spawn().expect("spawn");
    let read = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = r.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        })
    };
    let out = match child.stdout.take() {
        Some(stdout) => read(Box::new(stdout)),
        None => std::thread::spawn(String::new),
    };
    let err = read(Box::new(child.stderr.take().expect("stderr")));
    let mut peak = None;
    let status = loop {
        if let Some(kib) = peak_rss_kib(child.id()) {
            peak = peak.max(Some(kib));
        }
        if let Some(st) = child.try_wait().expect("wait") {
            break Some(st);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    BoundedRun {
        code: status.and_then(|s| s.code()),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
        elapsed,
        peak_rss_kib: peak,
    }
}
