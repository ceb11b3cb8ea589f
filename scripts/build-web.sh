#!/usr/bin/env bash
# Builds the web app (wasm) into target/web/dist without the Dioxus CLI: cargo for wasm32, then
# wasm-bindgen at the version Cargo.lock pins, then wasm-opt when it is installed.
# Installs what it needs, idempotently: the wasm32 target, wasm-bindgen-cli, binaryen (apt).
# Usage: bash scripts/build-web.sh        Prints the bundle's sizes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

TARGET_DIR="${CARGO_TARGET_DIR:-target}"
DIST="$TARGET_DIR/web/dist"

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$bindgen_version" ]; then
    echo "error: no wasm-bindgen in Cargo.lock" >&2
    exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$bindgen_version" ]; then
    echo "installing wasm-bindgen-cli $bindgen_version"
    # --locked first; some of its locked dependencies may be missing from the registry mirror.
    cargo install wasm-bindgen-cli --version "$bindgen_version" --locked \
        || cargo install wasm-bindgen-cli --version "$bindgen_version"
fi

# wasm-opt shrinks the bundle further when a recent one is installed (version 116 or later reads the
# reference types that current Rust emits; Debian 12's binaryen 108 does not, and is skipped).
wasm_opt_version=$(wasm-opt --version 2>/dev/null | awk '{print $3}' || true)

cargo build --profile wasm-release --target wasm32-unknown-unknown -p troef-app --features web --bin troef-app
mkdir -p "$DIST"
wasm-bindgen --target web --no-typescript --out-dir "$DIST" \
    "$TARGET_DIR/wasm32-unknown-unknown/wasm-release/troef-app.wasm"
if [ -n "$wasm_opt_version" ] && [ "$wasm_opt_version" -ge 116 ] 2>/dev/null; then
    wasm-opt -Oz --strip-debug --strip-producers --all-features \
        "$DIST/troef-app_bg.wasm" -o "$DIST/troef-app_bg.wasm.opt"
    mv "$DIST/troef-app_bg.wasm.opt" "$DIST/troef-app_bg.wasm"
else
    echo "note: no wasm-opt 116 or later; the bundle is not post-optimised"
fi
cp app/web/index.html "$DIST/index.html"

wasm_bytes=$(wc -c <"$DIST/troef-app_bg.wasm")
wasm_gzip=$(gzip -9 -c "$DIST/troef-app_bg.wasm" | wc -c)
js_gzip=$(gzip -9 -c "$DIST/troef-app.js" | wc -c)
echo "web bundle: $DIST"
echo "  wasm: $wasm_bytes bytes, $wasm_gzip bytes gzipped; js glue: $js_gzip bytes gzipped"
