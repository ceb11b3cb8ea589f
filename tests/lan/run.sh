#!/usr/bin/env bash
# The LAN harness: four `troef peer` processes, one per network namespace, joined by veth pairs to
# a bridge in a namespace of its own (no link to the host's interfaces, so mDNS never reaches a real
# network). They find each other by mDNS alone and play 20 hands of each 4-seat game (Tarneeb,
# Rikken, Tachentige), peer 4 there being the app's headless peer (`troef-app peer`: the app's
# networked session and network layer, its seat played through the session); then the fault tests:
# a peer killed with -9 mid-hand and restarted (same scores as the fault-free run of the same deal;
# started once more after the table's end, it reports the saved table over with the same log), a
# peer's link cut for 15 s, duplicated, reordered and replayed entries, and each kind of bad
# message (its sender named, the table paused).
# Prints the deal and latency figures and, last, `lan: peers=4 hands=N divergences=0`.
#
# Needs root (network namespaces). Every loop is bounded in count and time; the namespaces and
# processes are removed on every exit path, and the work directory unless LAN_KEEP is set.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HANDS="${LAN_HANDS:-20}"
TROEF="${TROEF:-}"
if [[ -z "$TROEF" ]]; then
    cargo build --quiet --profile ci -p troef --manifest-path "$ROOT/Cargo.toml"
    TROEF="${CARGO_TARGET_DIR:-$ROOT/target}/ci/troef"
fi
APP="${TROEF_APP:-}"
if [[ -z "$APP" ]]; then
    cargo build --quiet --profile ci -p troef-app --bin troef-app --manifest-path "$ROOT/Cargo.toml"
    APP="${CARGO_TARGET_DIR:-$ROOT/target}/ci/troef-app"
fi
command -v ip >/dev/null || { echo "lan: the ip command (iproute2) is missing" >&2; exit 2; }

TAG="tl$$"
BRIDGE_NS="${TAG}br"
PEER_NS=("${TAG}p1" "${TAG}p2" "${TAG}p3" "${TAG}p4")
WORK="$(mktemp -d "${TMPDIR:-/tmp}/troef-lan.XXXXXX")"
PIDS=()
PEER_TIMEOUT=240
DIVERGENCES=0
TOTAL_HANDS=0
FAILURES=0

cleanup() {
    local status=$?
    for pid in "${PIDS[@]:-}"; do
        [[ -n "$pid" ]] && kill -9 "$pid" 2>/dev/null || true
    done
    for ns in "${PEER_NS[@]}" "$BRIDGE_NS"; do
        ip netns del "$ns" 2>/dev/null || true
    done
    [[ -n "${LAN_KEEP:-}" ]] || rm -rf "$WORK"
    exit "$status"
}
trap cleanup EXIT INT TERM

ip netns add "$BRIDGE_NS"
ip -n "$BRIDGE_NS" link set lo up
ip -n "$BRIDGE_NS" link add br0 type bridge
ip -n "$BRIDGE_NS" link set br0 up
for i in 1 2 3 4; do
    ns="${PEER_NS[$((i - 1))]}"
    ip netns add "$ns"
    ip -n "$BRIDGE_NS" link add "vp$i" type veth peer name eth0 netns "$ns"
    ip -n "$BRIDGE_NS" link set "vp$i" master br0 up
    ip -n "$ns" link set lo up
    ip -n "$ns" addr add "10.77.0.$i/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip -n "$ns" route add 224.0.0.0/4 dev eth0
done

# The peers that run the app's headless peer instead of `troef peer` (set per stage).
APP_PEERS=""

# start_peer INDEX OUTPUT ARGS...: runs `troef peer` (or `troef-app peer`, for the peers listed in
# APP_PEERS) in peer INDEX's namespace in the background.
start_peer() {
    local index=$1 output=$2 binary="$TROEF"
    shift 2
    [[ " $APP_PEERS " == *" $index "* ]] && binary="$APP"
    ip netns exec "${PEER_NS[$((index - 1))]}" "$binary" peer --name "p$index" --timeout "$PEER_TIMEOUT" "$@" >"$output" 2>&1 &
    PIDS[$index]=$!
}

# wait_peers: waits for peers 1-4 (in this shell: a subshell cannot wait for them); sets CODES to
# their exit codes.
wait_peers() {
    local codes=() code
    for i in 1 2 3 4; do
        code=0
        wait "${PIDS[$i]}" || code=$?
        codes+=("$code")
        PIDS[$i]=""
    done
    CODES="${codes[*]}"
}

# wait_for_line FILE PATTERN: waits (at most 60 s) until a line of FILE matches PATTERN.
wait_for_line() {
    for _ in $(seq 1 1200); do
        grep -q "$2" "$1" 2>/dev/null && return
        sleep 0.05
    done
}

fail() {
    echo "lan: FAILED: $*" >&2
    FAILURES=$((FAILURES + 1))
}

# play NAME GAME HANDS SEED [extra args for every peer]: a table of four peers; checks that all
# finish with the same log hash and the same hands. Sets LAST_SCORES.
play() {
    local name=$1 game=$2 hands=$3 seed=$4
    shift 4
    local dir="$WORK/$name"
    mkdir -p "$dir"
    start_peer 1 "$dir/p1.out" --open "$game" --table "$name" --hands "$hands" --seed "$seed" \
        --data "$dir/d1" --timings "$dir/p1.times" "$@"
    for i in 2 3 4; do
        start_peer "$i" "$dir/p$i.out" --join "$name" --seat $((i - 1)) --data "$dir/d$i" --timings "$dir/p$i.times" "$@"
    done
    wait_peers
    check_table "$name" "$hands" "$CODES"
}

# check_table NAME HANDS CODES: every peer exited 0 with the same log hash and hand lines.
check_table() {
    local name=$1 hands=$2 codes=$3 dir="$WORK/$1"
    if [[ "$codes" != "0 0 0 0" ]]; then
        fail "$name: exit codes $codes"
        tail -n 5 "$dir"/p*.out >&2
        return
    fi
    local logs played
    logs="$(grep -ho 'log=[0-9a-f]*' "$dir"/p*.out | sort -u | wc -l)"
    if [[ "$logs" != 1 ]]; then
        DIVERGENCES=$((DIVERGENCES + 1))
        fail "$name: the peers' logs differ"
    fi
    for i in 2 3 4; do
        if ! diff <(grep -o 'hand [0-9]* deltas.*' "$dir/p1.out") <(grep -o 'hand [0-9]* deltas.*' "$dir/p$i.out") >/dev/null; then
            DIVERGENCES=$((DIVERGENCES + 1))
            fail "$name: p$i's hands differ from p1's"
        fi
    done
    played="$(grep -c 'deltas' "$dir/p1.out" || true)"
    if [[ "$played" != "$hands" ]]; then
        fail "$name: $played hands played, $hands wanted"
    fi
    TOTAL_HANDS=$((TOTAL_HANDS + played))
    LAST_SCORES="$(grep -o 'hand [0-9]* deltas.*' "$dir/p1.out" | tail -n 1)"
    echo "lan: $name: $played hands, logs agree"
}

started=$SECONDS
# LAN_STAGES picks stages (games faults bad), for debugging the harness itself.
want() { [[ " ${LAN_STAGES:-games faults bad} " == *" $1 "* ]]; }

# Acceptance 2 and 5: 20 hands of every 4-seat game, found by mDNS alone; peer 4 is the app's.
if want games; then
APP_PEERS="4"
play tarneeb tarneeb "$HANDS" 11
play rikken rikken "$HANDS" 12
play tachentige tachentige "$HANDS" 13
APP_PEERS=""
echo "lan: the app's headless peer (p4) played $(grep -c deltas "$WORK"/{tarneeb,rikken,tachentige}/p4.out | awk -F: '{ n += $2 } END { print n }') hands"
for game in tarneeb rikken tachentige; do
    echo "lan: $game: $("$TROEF" lan-report "$WORK/$game"/p*.times)"
done
"$TROEF" lan-report "$WORK"/tarneeb/p*.times "$WORK"/rikken/p*.times "$WORK"/tachentige/p*.times
fi
if want faults; then

# Acceptance 3: the fault-free run of a deal, then the same deal (same devices, same seed) with
# peer 3 killed mid-hand and restarted from its data directory.
play calm tarneeb 3 21
CALM_SCORES="$LAST_SCORES"
mkdir -p "$WORK/killed"
for i in 1 2 3 4; do
    mkdir -p "$WORK/killed/d$i"
    cp "$WORK/calm/d$i/identity.key" "$WORK/killed/d$i/"
done
dir="$WORK/killed"
start_peer 1 "$dir/p1.out" --open tarneeb --table calm --hands 3 --seed 21 --data "$dir/d1"
for i in 2 3 4; do
    extra=()
    [[ $i == 3 ]] && extra=(--timings "$dir/p3.times")
    start_peer "$i" "$dir/p$i.out" --join calm --seat $((i - 1)) --data "$dir/d$i" "${extra[@]}"
done
# p3 writes a line per action applied: it is killed at the first action of hand 2 it applies, so
# hand 3 at least is still to play (a peer killed after the table's end is tested too: it reports
# the saved table over, with the same log).
wait_for_line "$dir/p3.times" '^applied 2 '
kill -9 "${PIDS[3]}" 2>/dev/null || true
wait "${PIDS[3]}" 2>/dev/null || true
echo "lan: killed p3 with -9 in hand $(grep -o '^applied [0-9]*' "$dir/p3.times" | tail -n 1 | cut -d' ' -f2): $(grep -c deltas "$dir/p3.out") hands done"
mv "$dir/p3.out" "$dir/p3.before"
sleep 1
start_peer 3 "$dir/p3.after" --join calm --seat 2 --data "$dir/d3"
wait_peers
# The hands p3 finished before the kill, then after the restart.
cat "$dir/p3.before" "$dir/p3.after" >"$dir/p3.out"
check_table killed 3 "$CODES"
if [[ "$LAST_SCORES" != "$CALM_SCORES" ]]; then
    fail "after the kill: $LAST_SCORES, fault-free: $CALM_SCORES"
else
    echo "lan: killed and restarted: same scores as the fault-free run ($CALM_SCORES)"
fi
# p3 started once more, after the table's end with the others gone (as if killed at the last
# card): it reports the saved table over, with the same log, instead of waiting to join it again.
start_peer 3 "$dir/p3.again" --join calm --seat 2 --data "$dir/d3"
code=0
wait "${PIDS[3]}" || code=$?
PIDS[3]=""
again_log="$(grep -o 'log=[0-9a-f]*' "$dir/p3.again" || true)"
if [[ "$code" != 0 ]] || ! grep -q 'is over' "$dir/p3.again" || [[ "$again_log" != "$(grep -o 'log=[0-9a-f]*' "$dir/p1.out")" ]]; then
    fail "p3 started after the table's end: exit $code"
    cat "$dir/p3.again" >&2
else
    echo "lan: started after the table's end: the saved table reported over, same log"
fi

# The same deal with every entry duplicated, reordered and old ones replayed by every peer.
mkdir -p "$WORK/chaos"
for i in 1 2 3 4; do
    mkdir -p "$WORK/chaos/d$i"
    cp "$WORK/calm/d$i/identity.key" "$WORK/chaos/d$i/"
done
dir="$WORK/chaos"
start_peer 1 "$dir/p1.out" --open tarneeb --table calm --hands 3 --seed 21 --data "$dir/d1" --chaos
for i in 2 3 4; do
    start_peer "$i" "$dir/p$i.out" --join calm --seat $((i - 1)) --data "$dir/d$i" --chaos
done
wait_peers
check_table chaos 3 "$CODES"
if [[ "$LAST_SCORES" != "$CALM_SCORES" ]]; then
    fail "with duplicates, reordering and replays: $LAST_SCORES, fault-free: $CALM_SCORES"
else
    echo "lan: duplicated, reordered and replayed entries: same scores as the fault-free run"
fi

# A peer cut off for 15 s (its link down) rejoins and the table finishes.
dir="$WORK/cut"
mkdir -p "$dir"
start_peer 1 "$dir/p1.out" --open tarneeb --table cut --hands 2 --seed 31 --data "$dir/d1"
for i in 2 3 4; do
    extra=()
    [[ $i == 2 ]] && extra=(--timings "$dir/p2.times")
    start_peer "$i" "$dir/p$i.out" --join cut --seat $((i - 1)) --data "$dir/d$i" "${extra[@]}"
done
# The link goes down at the first action p2 applies, so the second hand at least is still to play
# (the first may be thrown in at once).
wait_for_line "$dir/p2.times" '^applied 1 '
ip -n "$BRIDGE_NS" link set vp2 down
cut_hands="$(grep -c deltas "$dir/p2.out" || true)"
sleep 15
ip -n "$BRIDGE_NS" link set vp2 up
wait_peers
check_table cut 2 "$CODES"
if [[ "$cut_hands" -ge 2 ]]; then
    fail "cut: the link went down after the table's end"
else
    echo "lan: p2's link was down for 15 s from hand $((cut_hands + 1)); the table finished"
fi

fi

# Acceptance 4: each kind of bad message names its sender and pauses the table.
if want bad; then
PEER_TIMEOUT=60
for kind in ${LAN_BAD:-undecodable oversized mis-signed forked equivocation illegal replayed-deal}; do
    dir="$WORK/bad-$kind"
    mkdir -p "$dir"
    start_peer 1 "$dir/p1.out" --open tarneeb --table "bad-$kind" --hands 2 --seed 41 --data "$dir/d1"
    for i in 2 3; do
        start_peer "$i" "$dir/p$i.out" --join "bad-$kind" --seat $((i - 1)) --data "$dir/d$i"
    done
    start_peer 4 "$dir/p4.out" --join "bad-$kind" --seat 3 --data "$dir/d4" --inject "$kind" --inject-at 3
    # The honest peers stop when they pause; the injector is stopped then.
    for i in 1 2 3; do
        wait "${PIDS[$i]}" || true
        PIDS[$i]=""
    done
    kill -9 "${PIDS[4]}" 2>/dev/null || true
    wait "${PIDS[4]}" 2>/dev/null || true
    PIDS[4]=""
    device="$(grep -o 'device [0-9a-f]*' "$dir/p4.out" | head -n 1 | cut -d' ' -f2 || true)"
    named=0
    for i in 1 2 3; do
        if grep -q "paused: .*\(seat Some(3)\|device $device\)" "$dir/p$i.out"; then
            named=$((named + 1))
        fi
    done
    if [[ "$named" != 3 ]]; then
        fail "bad message $kind: $named of 3 honest peers paused naming p4"
        tail -n 3 "$dir"/p*.out >&2
    else
        echo "lan: bad message $kind: $(grep -h -o 'paused: [A-Za-z]*' "$dir/p1.out" || true) by p4, every honest peer paused"
    fi
done

fi

echo "lan: $((SECONDS - started)) s"
if [[ "$FAILURES" != 0 ]]; then
    echo "lan: peers=4 hands=$TOTAL_HANDS divergences=$DIVERGENCES failures=$FAILURES"
    exit 1
fi
echo "lan: peers=4 hands=$TOTAL_HANDS divergences=$DIVERGENCES"
