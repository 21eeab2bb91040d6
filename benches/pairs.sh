#!/usr/bin/env bash
# Whole-process pairs on this project's own fork layer: an older build
# and this one, alternated so both see the same machine state, medians of
# wall and CPU seconds per command, and the median of the pairs' ratios.
#
#   OLD=/path/to/older/forklayer benches/pairs.sh [pairs]      # default 10
#
# PROJECT=<checkout> takes the fork layer of another checkout (default: this
# one), e.g. an older commit's, so both builds run on the layer the older
# one was timed on.
#
# Commands, all on a committed copy of the layer (the real-layer workload of
# examples/workload.rs, reset with git before each side's runs): check,
# rebuild --out D --check profile/forks, gen-patches (unchanged), release
# (into a scratch directory), and merge onto a made-up 0.1.0-rc.9. Scratch
# lives in a fresh `mktemp -d` under $CARGO_TARGET_DIR (the repository's
# disk).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$PWD/target}"
: "${OLD:?set OLD to the older forklayer binary to compare with}"
PAIRS=${1:-10}
PROJECT=${PROJECT:-$PWD}
cargo build --quiet --release --bin forklayer --example workload
NEW=$CARGO_TARGET_DIR/release/forklayer
scratch=$(mktemp -d "$CARGO_TARGET_DIR/pairs-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
"$CARGO_TARGET_DIR/release/examples/workload" "$scratch/layer" real-layer "$PROJECT" >/dev/null
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# timed <file> <command...>: appends "wall cpu" of one run to <file>, both
# to the millisecond (/usr/bin/time rounds to 10 ms, about what a command
# takes here): wall from $EPOCHREALTIME, CPU (user + system) as the change
# in the children's rusage that `times` prints, run in the shell that waits
# for the command (a command substitution would count its own children).
timed() {
    local file=$1
    shift
    times >"$scratch/times-before"
    local start=$EPOCHREALTIME
    # Exit 1 is a finished run that found differences (an older layer's
    # manifests are stale to a newer build); anything else stops the bench.
    local status=0
    "$@" >/dev/null 2>&1 || status=$?
    local end=$EPOCHREALTIME
    if ((status > 1)); then
        echo "error: \`$*\` exited with $status (in $PWD)" >&2
        exit "$status"
    fi
    times >"$scratch/times-after"
    awk -v start="$start" -v end="$end" '
        # Line 2 of `times`: the children'"'"'s user and system time, "0m0.012s 0m0.003s".
        FNR == 2 { split($1, u, "m"); split($2, s, "m"); cpu[FILENAME] = u[1] * 60 + u[2] + s[1] * 60 + s[2] }
        END { printf "%.4f %.3f\n", end - start, cpu[ARGV[2]] - cpu[ARGV[1]] }
    ' "$scratch/times-before" "$scratch/times-after" >>"$file"
}

for _ in $(seq "$PAIRS"); do
    for side in old new; do
        bin=$OLD
        [ "$side" = new ] && bin=$NEW
        # Every command on the copy (never on this checkout), on the layer
        # as committed (reset again before merge: a newer build's gen-patches may
        # rewrite an older layer's manifests); merge last, since it moves the
        # layer to rc.9.
        cd "$scratch/layer"
        git reset -q --hard && git clean -qfdx -e new
        timed "$scratch/$side-check" "$bin" -q check
        timed "$scratch/$side-rebuild" "$bin" -q rebuild --out "$scratch/out-$side" --check profile/forks
        timed "$scratch/$side-gen-patches" "$bin" -q gen-patches
        timed "$scratch/$side-release" "$bin" -q release --out "$scratch/dist-$side"
        git reset -q --hard && git clean -qfdx -e new
        timed "$scratch/$side-merge" "$bin" -q merge 0.1.0-rc.9 --from new
        cd - >/dev/null
    done
done
# median <numbers...>: the middle one (the lower of the two middle ones).
median() {
    printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

for command in merge check rebuild gen-patches release; do
    for side in old new; do
        file=$scratch/$side-$command
        wall=$(median $(awk '/^[0-9]/ { print $1 }' "$file"))
        cpu=$(median $(awk '/^[0-9]/ { print $2 }' "$file"))
        printf '%-12s %-3s wall median %s s  cpu median %s s  (%d runs)\n' "$command" "$side" "$wall" "$cpu" "$(grep -c '^[0-9]' "$file")"
    done
    # The runs of a pair are back to back, so the machine's drift (a fifth
    # within minutes here) mostly cancels in each pair's ratio: old wall over
    # new wall, one per pair, and their median.
    ratios=$(paste -d' ' "$scratch/old-$command" "$scratch/new-$command" | awk '{ printf "%.3f\n", $1 / $3 }')
    printf '%-12s old/new wall, median of the pairs'"'"' ratios %s (lowest %s, highest %s)\n' "$command" \
        "$(median $ratios)" "$(printf '%s\n' $ratios | sort -n | head -1)" "$(printf '%s\n' $ratios | sort -n | tail -1)"
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
