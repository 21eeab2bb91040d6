#!/usr/bin/env bash
# Whole-process timings of the release binary on generated repositories,
# in fresh scratch directories on the disk the repository lives on and on
# tmpfs (/dev/shm). Prints one row per run: wall, user and system CPU
# seconds, peak RSS (from /usr/bin/time -v) and the 1-minute load average at
# the start.
#
#   benches/whole-process.sh            # every workload, 3 runs each
#   RUNS=1 benches/whole-process.sh big-file
#   benches/whole-process.sh scaling    # the big file at 20k/50k/100k/200k/500k lines
#   RUNS=5 benches/whole-process.sh real-layer
#
# Workloads: real-size (12 packages, one 10,000-line file), 5000-files
# (1,000 packages), big-file (one 200,000-line file); see
# examples/workload.rs and benches/support/. real-layer: this
# project's own fork layer merged onto a made-up 0.1.0-rc.9 (merge only).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$PWD/target}"
RUNS=${RUNS:-3}
cargo build --quiet --release --bin forklayer --example workload
# FORKLAYER_BIN: another binary to time (e.g. a build of an older commit).
BIN=${FORKLAYER_BIN:-$CARGO_TARGET_DIR/release/forklayer}
GEN=$CARGO_TARGET_DIR/release/examples/workload

# measure <label> <command...>: one row, the command's output discarded.
measure() {
    local label=$1 load out
    shift
    load=$(cut -d' ' -f1 /proc/loadavg)
    out=$(mktemp)
    if ! /usr/bin/time -v "$@" >/dev/null 2>"$out"; then
        echo "error: \`$*\` failed:" >&2
        cat "$out" >&2
        exit 1
    fi
    awk -v label="$label" -v load="$load" '
        /User time/ { user = $NF }
        /System time/ { sys = $NF }
        /Elapsed \(wall clock\)/ { n = split($NF, t, ":"); wall = (n == 3) ? t[1] * 3600 + t[2] * 60 + t[3] : t[1] * 60 + t[2] }
        /Maximum resident set size/ { rss = $NF }
        END { printf "%-44s wall %6.2f s  user %6.2f s  sys %6.2f s  rss %7.1f MB  load %s\n", label, wall, user, sys, rss / 1024, load }' "$out"
    rm -f "$out"
}

# run <disk label> <scratch parent> <workload> [lines]
run() {
    local disk=$1 parent=$2 kind=$3 lines=${4:-} scratch repo name
    name=$kind${lines:+-$lines}
    for _ in $(seq "$RUNS"); do
        scratch=$(mktemp -d "$parent/forklayer-whole-process.XXXXXX")
        repo=$scratch/repo
        if [ "$kind" = real-layer ]; then
            "$GEN" "$repo" real-layer "$PWD"
            measure "$disk $name merge 0.1.0-rc.8 -> 0.1.0-rc.9" "$BIN" -q -C "$repo" merge 0.1.0-rc.9 --from new
            rm -rf "$scratch"
            continue
        fi
        "$GEN" "$repo" "$kind" $lines
        # What a release carries besides the fork layer, from this project.
        mkdir -p "$repo/tools"
        cp -r LICENSE README.md docs install.sh install.ps1 "$repo/"
        cp tools/verify.mjs "$repo/tools/"
        rm -rf "$repo/patches"
        measure "$disk $name gen-patches (writes all)" "$BIN" -q -C "$repo" gen-patches
        measure "$disk $name gen-patches (unchanged)" "$BIN" -q -C "$repo" gen-patches
        measure "$disk $name rebuild --out D --check" "$BIN" -q -C "$repo" rebuild --out "$scratch/out" --check profile/forks
        # Into its previous output: only what differs is written (here nothing).
        measure "$disk $name rebuild --out D again" "$BIN" -q -C "$repo" rebuild --out "$scratch/out" --check profile/forks
        measure "$disk $name release" "$BIN" -q -C "$repo" release --out "$scratch/dist" --source-date-epoch 0
        measure "$disk $name merge 1.0.0 -> 2.0.0" "$BIN" -q -C "$repo" merge 2.0.0 --from new
        rm -rf "$scratch"
    done
}

DISK_PARENT=$CARGO_TARGET_DIR
mkdir -p "$DISK_PARENT"
DISK_FS=$(stat -f -c %T "$DISK_PARENT")
WORKLOADS=("$@")
[ ${#WORKLOADS[@]} -gt 0 ] || WORKLOADS=(real-layer real-size 5000-files big-file)
for kind in "${WORKLOADS[@]}"; do
    if [ "$kind" = scaling ]; then
        for lines in 20000 50000 100000 200000 500000; do
            run "disk($DISK_FS)" "$DISK_PARENT" big-file "$lines"
            run "tmpfs" /dev/shm big-file "$lines"
        done
        continue
    fi
    run "disk($DISK_FS)" "$DISK_PARENT" "$kind"
    run "tmpfs" /dev/shm "$kind"
done
