#!/usr/bin/env bash
# Starts the Troef app: builds the web app and serves it on localhost, printing the address.
# Installs what it needs (the wasm32 target, wasm-bindgen-cli, binaryen, python3 for the server).
#
# Usage: bash scripts/run-app.sh [--port N] [--no-build]
#        bash scripts/run-app.sh --desktop     # the desktop window instead (installs webkit2gtk)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

port=8080
build=1
desktop=0
while [ $# -gt 0 ]; do
    case "$1" in
        --port) port="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --desktop) desktop=1; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "error: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

apt_install() {
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1 \
            || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null; }
    else
        echo "error: please install $* (Debian packages)" >&2
        return 1
    fi
}

if [ "$desktop" = 1 ]; then
    # The desktop window renders in WebKitGTK (Linux); its development packages are needed to build.
    if ! pkg-config --exists webkit2gtk-4.1 2>/dev/null; then
        apt_install pkg-config libwebkit2gtk-4.1-dev libgtk-3-dev libxdo-dev libssl-dev
    fi
    exec cargo run --release -p troef-app --features desktop
fi

if [ "$build" = 1 ]; then
    bash scripts/build-web.sh
fi
dist="${CARGO_TARGET_DIR:-target}/web/dist"
if [ ! -f "$dist/index.html" ]; then
    echo "error: no web build in $dist (run without --no-build)" >&2
    exit 1
fi
command -v python3 >/dev/null 2>&1 || apt_install python3
echo "Troef is served at http://127.0.0.1:$port/ (Ctrl-C stops it)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dist"
