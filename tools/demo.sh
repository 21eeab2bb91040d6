#!/usr/bin/env bash
# A short, scripted dsh session with the Self Checking profile — no API key.
#
#   tools/demo.sh [--keep]
#
# Installs the pinned dsh 0.1.0-rc.8 host (once, into .cache/host), installs
# the profile with install.sh into a scratch DSH_HOME, and plays one headless
# turn against a scripted mock model on 127.0.0.1: a command writing outside
# the workspace is intercepted, its identical re-run is allowed, a dsh-proof
# claim about an edit is graded PROVEN, the result-check plugin catches a
# number no tool produced, and the model corrects it. It prints what the
# model did and saw at every step. --keep leaves the scratch directories.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
keep=0
case "${1:-}" in
  --keep) keep=1 ;;
  "") ;;
  -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "error: unknown option \`$1\`" >&2; echo "help: tools/demo.sh [--keep]" >&2; exit 2 ;;
esac
command -v node >/dev/null || { echo "error: the demo needs Node.js 20 or later (and npm) on PATH" >&2; exit 1; }

host_dir="${FORKLAYER_E2E_HOST_DIR:-$repo/.cache/host}"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/dsh-demo.XXXXXX")"
# "Outside" must be outside /tmp too: /tmp is writable under workspace-write.
outside="$(mktemp -d /var/tmp/dsh-demo-outside.XXXXXX)"
cleanup() {
  if ((keep)); then echo "kept: DSH_HOME=$scratch/home, workspace $scratch/workspace, outside $outside"
  else rm -rf -- "$scratch" "$outside"; fi
}
trap cleanup EXIT

echo "== dsh host: installing the pinned dsh 0.1.0-rc.8 into $host_dir (cached after the first run) ..."
bash "$repo/tools/install-host.sh" "$host_dir" >/dev/null

echo "== profile: installing Self Checking into a scratch DSH_HOME ($scratch/home) with install.sh --headless ..."
mkdir -p "$scratch/workspace"
FORKLAYER_E2E_HOST_DIR="$host_dir" DEMO_HOME="$scratch/home" DEMO_WORKSPACE="$scratch/workspace" DEMO_OUTSIDE="$outside" \
  node --input-type=module - "$repo" <<'JS'
const repo = process.argv[2];
const { host } = await import(`${repo}/tests/e2e/lib/host.mjs`);
const { installProfile } = await import(`${repo}/tests/e2e/lib/profile.mjs`);
const { playDemo } = await import(`${repo}/tests/e2e/lib/demo.mjs`);
const dsh = host();
const dshHome = process.env.DEMO_HOME;
const profile = installProfile({ host: dsh, dshHome, name: "self-checking" }).name;
console.log(`== session: dsh --profile ${profile}, mode self-checking, scripted model on 127.0.0.1\n`);
process.exitCode = await playDemo({ host: dsh, dshHome, profile, workspace: process.env.DEMO_WORKSPACE, outside: process.env.DEMO_OUTSIDE });
JS
