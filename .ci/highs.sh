#!/usr/bin/env bash
# CI for the optional HiGHS backend (feature `highs`, issue 10; README "The paid baseline").
# highs-sys builds HiGHS (C++) from source with cmake and generates its bindings with bindgen,
# which loads libclang; both come from PyPI, so nothing outside the machine's registries is
# needed. The solver-facing tests run again with HiGHS taking the programs microlp does not
# prove quickly, and in the differential tests (against the exhaustive checker) every program
# too; then the paid bar's tests.
#
# HiGHS takes minutes to compile on the 2-core machine, and its source does not change between
# runs: the feature's build has a target directory of its own outside the clone
# (ATTACKOPT_HIGHS_TARGET, default ~/.cache/attackopt-ci/highs-target; not ~/.cache/attackopt,
# the card cache of attackopt itself), where HiGHS and the other dependencies stay built from
# one CI run to the next on the same machine (a new machine builds them once). The crate's own
# outputs are removed from it after each run, so it does not grow.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check cmake libclang
PATH="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))'):$PATH"
LIBCLANG_PATH="$(python3 -c 'import clang, os; print(os.path.join(os.path.dirname(clang.__file__), "native"))')"
export PATH LIBCLANG_PATH
# HiGHS starts in a few milliseconds a program, and these tests solve many thousands of small
# ones: the solve-heavy properties run on fewer boards than in the default build, which runs
# them all (the 2,000 boards of the first ones are a floor).
# ATTACKOPT_HEAVY: the counts not set here (the 2,000 boards of the first property) in full.
export ATTACKOPT_HEAVY=1 ATTACKOPT_SOLVE_CASES=100 ATTACKOPT_TAXED_CASES=200 ATTACKOPT_GAPS_CASES=100 ATTACKOPT_COND_CASES=300 ATTACKOPT_COND_SOLVE_CASES=100 ATTACKOPT_TEXT_CASES=100
target="${ATTACKOPT_HIGHS_TARGET:-$HOME/.cache/attackopt-ci/highs-target}"
mkdir -p "$target"
status=0
cargo test --release --locked --features highs --target-dir "$target" --test it -- differential paid_dual || status=$?
cargo clean --quiet --release --target-dir "$target" -p attackopt
exit "$status"
