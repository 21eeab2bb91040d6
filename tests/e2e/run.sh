#!/usr/bin/env bash
# Real-host end-to-end suite: installs the pinned dsh host once per run
# (cached in .cache/host, or $FORKLAYER_E2E_HOST_DIR), then runs every
# tests/e2e/*.test.mjs with this machine's Node (the test runner); the tests
# boot dsh with the host's Node 24. Fails, saying why, when the host cannot be
# installed: nothing is skipped.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

export FORKLAYER_E2E_HOST_DIR="${FORKLAYER_E2E_HOST_DIR:-$root/.cache/host}"

start=$SECONDS
if ! bash tools/install-host.sh "$FORKLAYER_E2E_HOST_DIR" >/dev/null; then
  echo "error: the pinned dsh host could not be installed into $FORKLAYER_E2E_HOST_DIR (see above)" >&2
  echo "help: the end-to-end suite needs the npm registry; run tools/install-host.sh $FORKLAYER_E2E_HOST_DIR to retry" >&2
  exit 1
fi
echo "dsh host ready in $((SECONDS - start))s: $FORKLAYER_E2E_HOST_DIR"

if ! command -v bwrap >/dev/null; then
  echo "note: bwrap not found; dsh confines commands with Landlock instead (CI installs bubblewrap)" >&2
fi

shopt -s nullglob
tests=(tests/e2e/*.test.mjs)
((${#tests[@]})) || { echo "error: no tests/e2e/*.test.mjs found" >&2; exit 1; }
exec node --test --test-reporter=spec "${tests[@]}"
