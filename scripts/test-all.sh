#!/usr/bin/env bash
# Runs every check of the project, as CI does: formatting, lints, all tests, and a short
# self-play of every game. Prints the seconds each stage took and the total.
# Usage: bash scripts/test-all.sh   (from anywhere inside the repository)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

GAMES=(tarneeb tysiacha rikken tachtigen)
SELFPLAY_HANDS=20000

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
}

stage "setup (rustfmt, clippy)" ensure_components
stage "cargo fmt --all --check" cargo fmt --all --check
stage "cargo clippy --workspace --all-targets -- -D warnings" cargo clippy --workspace --all-targets -- -D warnings
stage "cargo test --workspace" cargo test --workspace
stage "self-play ($SELFPLAY_HANDS hands of ${GAMES[*]})" selfplay_all

echo "all checks passed in $((SECONDS - total_start)) s"
