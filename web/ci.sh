#!/usr/bin/env bash
# The judge's web page, everything in one script (README "In the browser"): install what is
# missing, check the crate's style, build the WebAssembly and its JS glue into web/pkg/, and run
# the browser test (web/test.mjs) in the system's headless Chromium.
#
#   web/ci.sh [--screenshot web/screenshot.png]   (arguments go to the test)
#
# Needs: rustup and cargo, node and npm, and either /usr/bin/chromium or apt-get to install it.
# The test compares the page with the command line: target/release/attackopt is built first if
# missing (CI's `cargo test --release` has built it already).
set -euo pipefail
# The test's --screenshot PATH is the caller's, relative to where the script was started.
export ATTACKOPT_WEB_CALLER_DIR=$(pwd)
cd "$(dirname "$0")"
web=$(pwd)
root=$(cd .. && pwd)

# The target and the wasm-bindgen command of the exact version the crate pins (the JS glue and
# the .wasm must agree). wasm-pack is not used: it downloads its binaries from GitHub.
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
wb_version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' Cargo.toml)
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$wb_version" ]; then
    # --locked first, as the project builds; a registry mirror that lacks one of its locked
    # versions (webpki-roots 1.0.11 here) needs the newest compatible ones instead.
    cargo install wasm-bindgen-cli --version "$wb_version" --locked || cargo install wasm-bindgen-cli --version "$wb_version"
fi

# The crate's style and lints, as the root package's (CI's house rules).
cargo fmt --check
cargo clippy --release --locked --target wasm32-unknown-unknown -- -D warnings

# The engine: the library without its front ends, for the browser.
cargo build --release --locked --target wasm32-unknown-unknown
rm -rf pkg
wasm-bindgen --target web --no-typescript --out-dir pkg target/wasm32-unknown-unknown/release/attackopt_web.wasm
echo "web: pkg/attackopt_web_bg.wasm is $(wc -c < pkg/attackopt_web_bg.wasm) bytes"

# The browser and its driver: Chromium from the system's packages, playwright-core from npm
# (never `npx playwright install`: its browser download is not reachable from CI).
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
    apt-get install -y chromium || { apt-get update && apt-get install -y chromium; }
fi
[ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund

# The command line the page is compared with.
bin=${ATTACKOPT_BIN:-$root/target/release/attackopt}
[ -x "$bin" ] || (cd "$root" && cargo build --release --locked)

CHROMIUM=$chromium ATTACKOPT_BIN=$bin node "$web/test.mjs" "$@"
