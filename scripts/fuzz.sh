#!/bin/sh
# A longer fuzzing session than CI runs (issue 6): the proptest properties of tests/it/fuzz.rs
# (arbitrary bytes and JSON, mutated models and scenarios checked on damaged declarations, mana
# payment, Forge import) with many more cases, then the time-limit and limits tests.
#
# Usage: scripts/fuzz.sh [CASES]        (default 20000 cases per property)
#   ATTACKOPT_FUZZ_CASES=N scripts/fuzz.sh   same, from the environment
#   PROPTEST_MAX_SHRINK_ITERS=N              how hard proptest shrinks a failure (default 1200)
#
# Properties are deterministic per run only through proptest's random seed: each run explores new
# inputs. A failure prints the shrunk input; turn it into a regression test in tests/it/fuzz.rs
# (section "fixed cases and regressions"), marked #[ignore = "BUG: ..."] until src/ is fixed.
# About 1 s per 1,000 cases per property on two cores, in release mode.
set -eu
cd "$(dirname "$0")/.."
CASES="${1:-${ATTACKOPT_FUZZ_CASES:-20000}}"
export ATTACKOPT_FUZZ_CASES="$CASES"
echo "fuzzing with $CASES cases per property" >&2
cargo test --release --test it fuzz:: -- --test-threads 2
cargo test --release --test it limits::
cargo test --release --test hard_boards
