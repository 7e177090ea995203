//! The integration tests, in one binary (issue 12, point 7: a fast fresh build). Each former
//! `tests/NAME.rs` is the module `NAME` here, its tests unchanged: `cargo test --release --test it
//! NAME::` runs one of them (`cargo test --release --test it differential::cr_508_1d_paid`). One
//! binary links the crate and its dependencies once instead of once per file (19 links saved).
//!
//! Two files stay binaries of their own, as they measure the machine and must not share a
//! process (and so its two test threads) with unrelated tests:
//! - `tests/reliability.rs`: F13 measures the peak resident memory of `check`, `validate`
//!   (1.8 GiB), `solve` and `enumerate` at the largest board, F11 and F12/F17 the memory of
//!   `batch`, and F05 the wall clock of a 400 MB answer around its time limit. Its `heavy()` lock
//!   runs them one at a time but only within its own process: here a `limits` child (up to 1 GiB)
//!   or a `fuzz` property could run beside them.
//! - `tests/hard_boards.rs`: every timed run (`--time-limit 1`, answered within 5 s, boards of up
//!   to 90,000 creatures) holds its `TIMED` lock so that timed runs do not compete with each other
//!   for the two cores; in this binary they would compete with the CPU-bound properties
//!   (`differential`, `fuzz`) and the other files' children instead.
//!
//! The bounds kept here are wide margins, not measurements, and hold beside other tests as
//! they did beside a file's own tests (a test binary runs two tests at once on two cores either
//! way): `limits` caps each child's address space with `ulimit -v` (its own, not the machine's)
//! and allows 5 s for a refusal; `mcp` allows 20 s for a 0.5 s limit; `cards` 20 s for reading
//! 20,000 names. No test here sets environment variables, the current directory or a panic
//! hook of the test process (children get theirs through `Command`), and temporary files are
//! named by the process id plus a per-file prefix and counter, so the files do not collide.

// Shared helpers: `tests/common` (boards, checks, running the binary) and the random board
// generator of `tests/support` (the separate binaries include them as well).
#[path = "../common/mod.rs"]
mod common;
#[path = "../support/gen.rs"]
mod gen;

mod action_costs;
mod agreement;
mod architecture;
mod bad_input;
mod batch;
mod block_costs;
mod block_differential;
mod block_rules;
mod block_solve;
mod blocks;
mod card_sources;
mod cards;
mod conditional;
mod determinism;
mod differential;
mod extremes;
mod flow;
mod format_gaps;
mod front_ends;
mod fuzz;
mod generate_cli;
mod golden;
mod import_forge;
mod import_names;
mod import_notes;
mod judge;
mod limits;
mod man_pages;
mod mana_effects;
mod mcp;
mod mcp_tools;
mod models;
mod named_cards;
mod oracle;
mod oracle_facts;
mod paid_dual;
mod player_names;
mod rules_cr;
mod scenarios;
mod schema;
mod strict;
