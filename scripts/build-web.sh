#!/usr/bin/env bash
# Builds the web app (wasm) into target/web/dist without the Dioxus CLI: cargo for wasm32, then
# wasm-bindgen at the version Cargo.lock pins, then wasm-opt when it is installed.
# Installs what it needs, idempotently: the wasm32 target, wasm-bindgen-cli, binaryen (npm).
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

# wasm-opt shrinks the bundle by about a sixth. It must read the reference types current Rust emits
# (binaryen 116 or later; Debian 12's binaryen 108 cannot), so it comes from npm (app/web/package.json,
# locked), or from the PATH when that one is recent enough; without either the bundle is left as is.
wasm_opt=""
if command -v npm >/dev/null 2>&1; then
    if [ ! -x app/web/node_modules/.bin/wasm-opt ]; then
        (cd app/web && npm ci --no-audit --no-fund --loglevel=error) || echo "note: npm could not install binaryen"
    fi
    [ -x app/web/node_modules/.bin/wasm-opt ] && wasm_opt=app/web/node_modules/.bin/wasm-opt
fi
if [ -z "$wasm_opt" ] && [ "$(wasm-opt --version 2>/dev/null | awk '{print $3}')" -ge 116 ] 2>/dev/null; then
    wasm_opt=wasm-opt
fi

cargo build --profile wasm-release --target wasm32-unknown-unknown -p troef-app --features web --bin troef-app
mkdir -p "$DIST"
wasm-bindgen --target web --no-typescript --out-dir "$DIST" \
    "$TARGET_DIR/wasm32-unknown-unknown/wasm-release/troef-app.wasm"
if [ -n "$wasm_opt" ]; then
    "$wasm_opt" -Oz --strip-debug --strip-producers --enable-reference-types --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-multivalue \
        "$DIST/troef-app_bg.wasm" -o "$DIST/troef-app_bg.wasm.opt"
    mv "$DIST/troef-app_bg.wasm.opt" "$DIST/troef-app_bg.wasm"
else
    echo "note: no wasm-opt (binaryen 116 or later); the bundle is not post-optimised"
fi
cp app/web/index.html "$DIST/index.html"

wasm_bytes=$(wc -c <"$DIST/troef-app_bg.wasm")
wasm_gzip=$(gzip -9 -c "$DIST/troef-app_bg.wasm" | wc -c)
js_gzip=$(gzip -9 -c "$DIST/troef-app.js" | wc -c)
echo "web bundle: $DIST"
echo "  wasm: $wasm_bytes bytes, $wasm_gzip bytes gzipped; js glue: $js_gzip bytes gzipped"
