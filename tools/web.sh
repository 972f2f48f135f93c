#!/usr/bin/env bash
# Builds Redline for the browser (wasm32-unknown-unknown, WebGL2) into a folder any static
# file server can serve, with the starter pack embedded in the .wasm (docs/web.md).
#
# Usage: tools/web.sh [build]   build the site into $REDLINE_WEB_OUT (default target/web/site)
#        tools/web.sh test      build it, then run the browser test (tools/web_test.py) in
#                               Debian's headless chromium; screenshots in target/web/shots
#
# REDLINE_WEB_PROFILE picks the cargo profile: `web` (the default: the shipped site, optimised
# for size) or `dev` (what CI builds: a cold build in a fraction of the time, sharing the
# native debug build's proc-macros and build scripts in the same target dir).
#
# Tools: wasm-bindgen-cli at the exact version Cargo.lock holds, installed with cargo into
# $REDLINE_WEB_TOOLS (default ~/.cache/redline-web) when missing; with REDLINE_WASM_OPT=1,
# wasm-opt: the system's (Debian's `binaryen`) or else npm's `binaryen` package in the same
# folder (skipped, and said, otherwise).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

mode="${1:-build}"
profile="${REDLINE_WEB_PROFILE:-web}"
# Cargo's folder for a profile: `dev` builds into `debug`.
profile_dir="$profile"
[[ "$profile" == "dev" ]] && profile_dir=debug
target_dir="${CARGO_TARGET_DIR:-$root/target}"
out="${REDLINE_WEB_OUT:-$root/target/web/site}"
shots="${REDLINE_WEB_SHOTS:-$root/target/web/shots}"
tools="${REDLINE_WEB_TOOLS:-$HOME/.cache/redline-web}"
binaryen_version=132.0.0

# The wasm-bindgen the game links against: the CLI must be the very same version.
bindgen_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)"
bindgen="$tools/bin/wasm-bindgen"
if ! "$bindgen" --version 2>/dev/null | grep -qx "wasm-bindgen $bindgen_version"; then
    echo "web.sh: installing wasm-bindgen-cli $bindgen_version into $tools"
    # Not `--locked`: the CLI's own lock file pins webpki-roots 1.0.11, which the registry
    # does not offer (cargo install --locked fails to resolve it).
    cargo install --root "$tools" wasm-bindgen-cli --version "=$bindgen_version"
fi

# wasm-opt: Debian's `binaryen` package when it is there (native code, every core), else npm's
# (binaryen compiled to WebAssembly itself: one thread, many times slower).
wasm_opt="$(command -v wasm-opt || echo "$tools/npm/node_modules/.bin/wasm-opt")"
if [[ "${REDLINE_WASM_OPT:-0}" == "1" && ! -x "$wasm_opt" ]] && command -v npm >/dev/null; then
    echo "web.sh: installing binaryen $binaryen_version (wasm-opt) from npm into $tools/npm"
    npm install --silent --no-audit --no-fund --prefix "$tools/npm" "binaryen@$binaryen_version"
fi

build_start=$(date +%s)
cargo build --locked --profile "$profile" --target wasm32-unknown-unknown -p redline --bin redline
echo "web.sh: cargo build --profile $profile took $(( $(date +%s) - build_start )) s"
wasm="$target_dir/wasm32-unknown-unknown/$profile_dir/redline.wasm"

rm -rf "$out"
mkdir -p "$out"
# Without the name and producers sections: a third less to download, nothing the page uses.
"$bindgen" --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name redline "$wasm"
site_wasm="$out/redline_bg.wasm"
raw_size="$(stat -c %s "$site_wasm")"
# wasm-opt is slow on a .wasm this size (minutes at -Os on two cores): opt in with
# REDLINE_WASM_OPT=1.
if [[ -x "$wasm_opt" && "${REDLINE_WASM_OPT:-0}" == "1" ]]; then
    # Rust's wasm32 target emits these post-MVP features by default; wasm-opt must accept them.
    opt_start=$(date +%s)
    "$wasm_opt" -Os --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
        --enable-mutable-globals --enable-reference-types --enable-multivalue \
        "$site_wasm" -o "$site_wasm.opt"
    mv "$site_wasm.opt" "$site_wasm"
    echo "web.sh: wasm-opt -Os took $(( $(date +%s) - opt_start )) s"
else
    echo "web.sh: no wasm-opt (REDLINE_WASM_OPT=1 runs it): the .wasm is served as wasm-bindgen left it"
fi
cp web/index.html web/loader.js "$out/"
opt_size="$(stat -c %s "$site_wasm")"
gz_size="$(gzip -9 -c "$site_wasm" | wc -c)"
echo "web.sh: site in $out"
echo "web.sh: redline_bg.wasm ${raw_size} bytes from wasm-bindgen, ${opt_size} after wasm-opt, ${gz_size} gzipped"

if [[ "$mode" == "test" ]]; then
    python3 tools/web_test.py "$out" "$shots"
    for shot in menu table solo planner; do
        python3 tools/check_png.py "$shots/$shot.png"
    done
fi
