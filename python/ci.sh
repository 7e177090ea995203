#!/usr/bin/env bash
# The Python bindings in CI: a fresh venv, `pip install .` from the repository's root (as a user
# would), then pytest (python/tests), which compares the binding with target/release/attackopt.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${ATTACKOPT_VENV:-target/python-venv}"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --upgrade pip
# The tests' and the fan-out's dependencies; maturin is fetched by pip for the build.
"$venv/bin/pip" install --quiet "maturin>=1.9,<2" "pytest>=7" "dask[distributed]>=2024.1"
"$venv/bin/pip" install --quiet .
# The binary the answers are compared with (already built by `cargo test --release`).
cargo build --release --locked --quiet
# From the repository's root, not python/: `import attackopt` must find the installed package.
"$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests
