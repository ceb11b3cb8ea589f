#!/usr/bin/env bash
# Turns the HTML snapshots of the nearby end-to-end test (app/tests/nearby_e2e.rs: two app
# instances opening, joining and playing a verified hand) into phone-sized PNG screenshots with
# headless Chromium. Runs the test first unless NEARBY_SKIP_TEST=1.
# Usage: bash scripts/nearby-screenshots.sh     Writes next to the snapshots and lists them.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

TARGET_DIR="${CARGO_TARGET_DIR:-target}"
SHOTS="$TARGET_DIR/tmp/nearby-e2e"
if [[ "${NEARBY_SKIP_TEST:-0}" != 1 ]]; then
    cargo test -p troef-app --test nearby_e2e
fi
command -v chromium >/dev/null || { echo "error: chromium is needed for the PNGs" >&2; exit 2; }
compgen -G "$SHOTS/*.html" >/dev/null || { echo "error: no snapshots in $SHOTS (run the test first)" >&2; exit 2; }
for page in "$SHOTS"/*.html; do
    rm -f "${page%.html}.png"
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=420,900 \
        --screenshot="${page%.html}.png" "file://$(realpath "$page")" >/dev/null 2>&1
    [ -s "${page%.html}.png" ] || { echo "error: chromium made no screenshot of $page" >&2; exit 1; }
    echo "${page%.html}.png"
done
