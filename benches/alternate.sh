#!/usr/bin/env bash
# One command of two builds, alternated many times on this project's own
# layer: the finer-grained companion of pairs.sh, for changes of a
# millisecond or two (the machine's speed drifts by a fifth within
# minutes, so only alternated runs compare).
#
#   A=/path/to/forklayer B=/path/to/other/forklayer benches/alternate.sh [runs] [merge|release]
#
# Defaults: 30 runs of each build, `merge` (onto the made-up 0.1.0-rc.9 of
# the real-layer workload, examples/workload.rs; the layer is reset with
# git before every run). `release` writes into a scratch directory. Prints,
# per build, the median wall time and the quartiles in milliseconds, and
# the load average. Scratch lives in a fresh `mktemp -d` under
# $CARGO_TARGET_DIR (the repository's disk).
set -euo pipefail
: "${A:?set A to one forklayer binary}"
: "${B:?set B to the other forklayer binary}"
# The builds as absolute paths: the runs happen in the scratch layer.
A=$(realpath -e "$A")
B=$(realpath -e "$B")
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$PWD/target}"
RUNS=${1:-30}
COMMAND=${2:-merge}
case "$COMMAND" in
    merge | release) ;;
    *)
        echo "error: the command is \`merge\` or \`release\`, not \`$COMMAND\`" >&2
        exit 2
        ;;
esac
cargo build --quiet --release --example workload
scratch=$(mktemp -d "$CARGO_TARGET_DIR/alternate-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
"$CARGO_TARGET_DIR/release/examples/workload" "$scratch/layer" real-layer "$PWD" >/dev/null
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
cd "$scratch/layer"

# run <binary>: one run, its wall time in ms on stdout.
run() {
    local start end status=0
    if [ "$COMMAND" = merge ]; then
        git reset -q --hard && git clean -qfdx -e new
        start=$EPOCHREALTIME
        "$1" -q merge 0.1.0-rc.9 --from new >/dev/null 2>&1 || status=$?
    else
        rm -rf "$scratch/out"
        start=$EPOCHREALTIME
        "$1" -q release --out "$scratch/out" >/dev/null 2>&1 || status=$?
    fi
    end=$EPOCHREALTIME
    if ((status != 0)); then
        echo "error: \`$1 $COMMAND\` exited with $status (in $PWD)" >&2
        exit "$status"
    fi
    awk -v start="$start" -v end="$end" 'BEGIN { printf "%.2f\n", (end - start) * 1000 }'
}

for _ in $(seq "$RUNS"); do
    run "$A" >>"$scratch/A"
    run "$B" >>"$scratch/B"
done
for side in A B; do
    sort -n "$scratch/$side" | awk -v side="$side" -v command="$COMMAND" '
        { v[NR] = $1 }
        END {
            printf "%s %s: median %.2f ms, quartiles %.2f and %.2f ms (%d runs)\n", side, command,
                v[int((NR + 1) / 2)], v[int((NR + 1) / 4)], v[int(3 * (NR + 1) / 4)], NR
        }'
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
