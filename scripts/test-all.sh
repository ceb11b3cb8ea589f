#!/usr/bin/env bash
# Runs every check of the project, as CI does: formatting, lints, all tests, and a short
# self-play of every game. Prints the seconds each stage took and the total.
# Usage: bash scripts/test-all.sh   (from anywhere inside the repository)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

GAMES=(tarneeb tysiacha rikken tachtigen tachentige)
SELFPLAY_HANDS=20000
# A short duplicate run of the baseline bot against random play per game (the long runs are
# in the README); it fails unless the baseline is significantly stronger.
ARENA_DEALS=200

total_start=$SECONDS

stage() {
    local name=$1
    shift
    local start=$SECONDS
    echo "==> $name"
    "$@"
    echo "<== $name: $((SECONDS - start)) s"
}

# Idempotent setup: the rustfmt and clippy components, when rustup manages the toolchain.
ensure_components() {
    local missing=()
    cargo fmt --version >/dev/null 2>&1 || missing+=(rustfmt)
    cargo clippy --version >/dev/null 2>&1 || missing+=(clippy)
    if [ ${#missing[@]} -gt 0 ]; then
        if command -v rustup >/dev/null 2>&1; then
            rustup component add "${missing[@]}"
        else
            echo "error: missing ${missing[*]} and no rustup to install them" >&2
            return 1
        fi
    fi
}

selfplay_all() {
    cargo build --profile ci -p troef
    local dir="${CARGO_TARGET_DIR:-target}/ci"
    local bin="$dir/troef"
    local game
    for game in "${GAMES[@]}"; do
        local start=$SECONDS
        local out="$dir/selfplay-$game.json"
        if ! "$bin" selfplay --game "$game" --hands "$SELFPLAY_HANDS" --seed 1 --json >"$out"; then
            cat "$out" >&2 || true
            echo "error: self-play of $game failed" >&2
            return 1
        fi
        echo "    $game: $SELFPLAY_HANDS hands in $((SECONDS - start)) s"
    done
    # A double-dummy table through the command (its answers are checked against DDS in
    # troef-bots' tests): N/S make 10 tricks in diamonds here.
    local table
    table=$("$bin" dd "N:AKQ2.T98.765.432 JT98.AKQ2.432.76 765.765.AKQJ.AKQ 43.J43.T98.JT985" --json)
    if ! echo "$table" | grep -q '"D": 10'; then
        echo "$table" >&2
        echo "error: troef dd smoke run failed" >&2
        return 1
    fi
    echo "    troef dd: ok"
    # The solver bench on ten deals of DDS's own test list: it stops with an error when a trick
    # count differs from DDS's answer in the list.
    if ! "$bin" bench solver --game bridge --list bots/tests/data/dds-list100.txt --deals 10 >/dev/null; then
        echo "error: the solver disagrees with DDS's list" >&2
        return 1
    fi
    echo "    troef bench solver on DDS's list: ok"
}

# The web app: build the wasm bundle, install Debian's Chromium and the locked npm packages, run
# the browser suite (tests/e2e), then the README's run command, fetching the page it serves.
apt_install() {
    command -v apt-get >/dev/null 2>&1 || { echo "error: cannot install $* without apt-get" >&2; return 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1 \
        || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null; }
}

web_suite() {
    bash scripts/build-web.sh
    command -v chromium >/dev/null 2>&1 || apt_install chromium
    command -v npm >/dev/null 2>&1 || apt_install nodejs npm
    (cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
    cargo build --profile ci -p troef
    TROEF_BIN="${CARGO_TARGET_DIR:-target}/ci/troef" node tests/e2e/run.mjs
    # The nearby end-to-end test's snapshots (two app instances opening, joining and playing a
    # verified hand: app/tests/nearby_e2e.rs, run by `cargo test --workspace` above) as PNGs.
    local shots
    shots=$(NEARBY_SKIP_TEST=1 bash scripts/nearby-screenshots.sh | grep -c '\.png$')
    echo "nearby end-to-end screenshots: $shots PNGs in ${CARGO_TARGET_DIR:-target}/tmp/nearby-e2e"
    [ "$shots" -ge 6 ]
}

run_command() {
    local log port=8471 pid address=""
    log=$(mktemp)
    bash scripts/run-app.sh --port "$port" >"$log" 2>&1 &
    pid=$!
    for _ in $(seq 1 600); do
        address=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$log" | head -1 || true)
        [ -n "$address" ] && node -e "fetch('$address').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))" && break
        address=""
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.5
    done
    local page=""
    [ -n "$address" ] && page=$(node -e "fetch('$address').then(r => r.text()).then(t => console.log(t))")
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    if [ -z "$address" ] || ! grep -q 'id="main"' <<<"$page"; then
        cat "$log" >&2
        echo "error: the run command did not serve the app" >&2
        return 1
    fi
    echo "    the run command served the app at $address"
}

arena_all() {
    cargo build --profile ci -p troef
    local bin="${CARGO_TARGET_DIR:-target}/ci/troef"
    local game
    for game in "${GAMES[@]}"; do
        local start=$SECONDS
        "$bin" arena --game "$game" --a baseline --b random --deals "$ARENA_DEALS" --seed 1 --require-a-stronger \
            | sed -n 2p
        echo "    $game: $ARENA_DEALS deals in $((SECONDS - start)) s"
    done
}

# Compile proof for Android (this machine has no Android SDK or NDK; docs/mobile.md): the app with its
# mobile feature (and so the networking crate), checked and linted for aarch64-linux-android. ring (libp2p's
# noise handshake, through snow) compiles C in its build script even under `cargo check`; Debian's clang
# builds it for the Android target without a sysroot, as ring's own build does for targets it knows to lack
# one (-nostdlibinc, RING_CORE_NOSTDLIBINC). Nothing is linked, so no NDK is needed.
ANDROID_TARGET=aarch64-linux-android
# A subshell, so the compiler variables stay out of the other stages.
android_check() (
    if ! rustup target list --installed 2>/dev/null | grep -qx "$ANDROID_TARGET"; then
        command -v rustup >/dev/null 2>&1 || { echo "error: no rustup to add $ANDROID_TARGET" >&2; return 1; }
        rustup target add "$ANDROID_TARGET"
    fi
    command -v clang >/dev/null 2>&1 && command -v llvm-ar >/dev/null 2>&1 || apt_install clang llvm
    local start=$SECONDS
    export CC_aarch64_linux_android=clang AR_aarch64_linux_android=llvm-ar
    export CFLAGS_aarch64_linux_android="--target=${ANDROID_TARGET}21 -nostdlibinc -DRING_CORE_NOSTDLIBINC=1"
    # The app depends on troef-net (nearby play), so this checks the networking crate too.
    cargo check --target "$ANDROID_TARGET" -p troef-app --features mobile
    echo "    troef-app (mobile, with troef-net): $((SECONDS - start)) s"
    start=$SECONDS
    # The JNI code (app/src/platform.rs) is compiled for Android only: lint it there.
    cargo clippy --target "$ANDROID_TARGET" -p troef-app --features mobile --all-targets -- -D warnings
    echo "    clippy troef-app (mobile): $((SECONDS - start)) s"
)

# Peer-to-peer tables in network namespaces (tests/lan/run.sh): needs root and iproute2.
lan_suite() {
    command -v ip >/dev/null 2>&1 || apt_install iproute2
    cargo build --profile ci -p troef
    TROEF="${CARGO_TARGET_DIR:-target}/ci/troef" bash tests/lan/run.sh
}

stage "setup (rustfmt, clippy)" ensure_components
stage "cargo fmt --all --check" cargo fmt --all --check
stage "cargo clippy --workspace --all-targets -- -D warnings" cargo clippy --workspace --all-targets -- -D warnings
stage "cargo test --workspace" cargo test --workspace
stage "Android compile proof (cargo check --target $ANDROID_TARGET, the app with troef-net)" android_check
stage "peer-to-peer tables on a namespaced LAN (tests/lan/run.sh)" lan_suite
stage "self-play ($SELFPLAY_HANDS hands of ${GAMES[*]})" selfplay_all
stage "arena ($ARENA_DEALS deals of baseline against random, ${GAMES[*]})" arena_all
stage "web app: wasm bundle and browser suite" web_suite
stage "web app: the README's run command" run_command

echo "all checks passed in $((SECONDS - total_start)) s"
