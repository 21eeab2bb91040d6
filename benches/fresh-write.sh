#!/usr/bin/env bash
# Writing 1,000 packages into fresh directories on the repository's disk,
# with nothing deleted on it for WAIT seconds before: an older build and
# this one, alternated. whole-process.sh deletes scratch trees between
# commands; on an ext4 without a journal the inodes freed in the last
# minute or so slow down every file created in their block group, so this
# script tells the cost of writing from the cost of those deletions.
#
#   OLD=/path/to/older/forklayer benches/fresh-write.sh      # RUNS=2 WAIT=130
#
# Per run: two `5000-files` repositories are generated (one per build),
# `patches/` is moved aside (not deleted), and after WAIT seconds each build
# runs `gen-patches` (writes every manifest and diff), `rebuild --out D
# --check profile/forks` into a new D and `release`. Prints wall seconds
# per command and the 1-minute load average; scratch is removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$PWD/target}"
: "${OLD:?set OLD to the older forklayer binary to compare with}"
RUNS=${RUNS:-2}
WAIT=${WAIT:-130}
cargo build --quiet --release --bin forklayer --example workload
NEW=$CARGO_TARGET_DIR/release/forklayer
GEN=$CARGO_TARGET_DIR/release/examples/workload
scratch=$(mktemp -d "$CARGO_TARGET_DIR/fresh-write-XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# timed <label> <command...>: one line, wall seconds from $EPOCHREALTIME.
timed() {
    local label=$1 start
    shift
    start=$EPOCHREALTIME
    if ! "$@" >/dev/null 2>&1; then
        echo "error: \`$*\` failed" >&2
        exit 1
    fi
    awk -v label="$label" -v start="$start" -v end="$EPOCHREALTIME" -v load="$(cut -d' ' -f1 /proc/loadavg)" \
        'BEGIN { printf "%-40s wall %6.3f s  load %s\n", label, end - start, load }'
}

for run in $(seq "$RUNS"); do
    for side in old new; do
        repo=$scratch/$run-$side
        "$GEN" "$repo" 5000-files >/dev/null
        mkdir -p "$repo/tools"
        cp -r LICENSE README.md docs install.sh install.ps1 "$repo/"
        cp tools/verify.mjs "$repo/tools/"
        mv "$repo/patches" "$scratch/$run-$side-patches-aside"
    done
    sleep "$WAIT"
    # Alternate which build goes first.
    order=(old new)
    ((run % 2)) || order=(new old)
    for command in gen-patches rebuild release; do
        for side in "${order[@]}"; do
            bin=$OLD
            [ "$side" = new ] && bin=$NEW
            repo=$scratch/$run-$side
            case $command in
            gen-patches) timed "run $run $side gen-patches (writes all)" "$bin" -q -C "$repo" gen-patches ;;
            rebuild) timed "run $run $side rebuild --out D --check" "$bin" -q -C "$repo" rebuild --out "$repo-out" --check profile/forks ;;
            release) timed "run $run $side release" "$bin" -q -C "$repo" release --out "$repo-dist" --source-date-epoch 0 ;;
            esac
        done
    done
done
