#!/usr/bin/env bash
# A short, scripted dsh session with the Self Checking profile — no API key.
#
#   tools/demo.sh [--keep | --which-host]
#
# Uses the pinned dsh 0.1.0-rc.8 host that install.sh --with-dsh put in
# $DSH_HOME/host (default ~/.dsh/host), else the one in .cache/host that the
# test suites share, and installs it there once when neither holds it
# (--which-host prints the directory it would use and exits). Installs
# the profile with install.sh into a scratch DSH_HOME, and plays one headless
# turn against a scripted mock model on 127.0.0.1: a command writing outside
# the workspace is intercepted, its identical re-run is allowed, a dsh-proof
# claim about an edit is graded PROVEN, the result-check plugin catches a
# number no tool produced, and the model corrects it. It prints what the
# model did and saw at every step. --keep leaves the scratch directories.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
keep=0
which_host=0
case "${1:-}" in
  --keep) keep=1 ;;
  --which-host) which_host=1 ;;
  "") ;;
  -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "error: unknown option \`$1\`" >&2; echo "help: tools/demo.sh [--keep | --which-host]" >&2; exit 2 ;;
esac
command -v node >/dev/null || { echo "error: the demo needs Node.js 20 or later (and npm) on PATH" >&2; exit 1; }

# One host on the machine, not two: a finished install of the same lock in
# the user's dsh home or in the tests' cache is reused as it is.
choose_host_dir() {
  local user_home="${DSH_HOME:-}"
  [[ -n "${user_home// /}" ]] || user_home="$HOME/.dsh"
  if [[ -n "${FORKLAYER_E2E_HOST_DIR:-}" ]]; then echo "$FORKLAYER_E2E_HOST_DIR"
  else bash "$repo/tools/install-host.sh" --find "$user_home/host" "$repo/.cache/host" || echo "$repo/.cache/host"
  fi
}
host_dir="$(choose_host_dir)"
if ((which_host)); then echo "$host_dir"; exit 0; fi

# Phase lines carry the time so far; on a terminal a long step also ticks,
# so the demo never sits silent.
t0=$SECONDS
phase() { echo "== [$((SECONDS - t0))s] $1"; }
with_ticker() { # with_ticker <what> <command...>
  local what="$1" ticker status=0
  shift
  if [[ ! -t 2 ]]; then "$@"; return; fi
  (while sleep 1; do printf '\r\033[K   %s ... %ss' "$what" $((SECONDS - t0)) >&2; done) &
  ticker=$!
  "$@" || status=$?
  kill "$ticker" 2>/dev/null
  wait "$ticker" 2>/dev/null || true
  printf '\r\033[K' >&2
  return "$status"
}
scratch="$(mktemp -d "${TMPDIR:-/tmp}/dsh-demo.XXXXXX")"
# "Outside" must be outside /tmp too: /tmp is writable under workspace-write.
outside="$(mktemp -d /var/tmp/dsh-demo-outside.XXXXXX)"
cleanup() {
  if ((keep)); then echo "kept: DSH_HOME=$scratch/home, workspace $scratch/workspace, outside $outside"
  else rm -rf -- "$scratch" "$outside"; fi
}
trap cleanup EXIT

phase "dsh host: $host_dir (installed once, then reused)"
bash "$repo/tools/install-host.sh" "$host_dir" >/dev/null

phase "profile: installing Self Checking into a scratch DSH_HOME ($scratch/home) with install.sh --headless ..."
mkdir -p "$scratch/workspace"
export FORKLAYER_E2E_HOST_DIR="$host_dir" DEMO_REPO="$repo" DEMO_HOME="$scratch/home" DEMO_WORKSPACE="$scratch/workspace" DEMO_OUTSIDE="$outside"
with_ticker 'installing and verifying the profile' node --input-type=module -e '
const { host } = await import(`${process.env.DEMO_REPO}/tests/e2e/lib/host.mjs`);
const { installProfile } = await import(`${process.env.DEMO_REPO}/tests/e2e/lib/profile.mjs`);
installProfile({ host: host(), dshHome: process.env.DEMO_HOME, name: "self-checking" });
'

phase "session: dsh --profile self-checking, mode self-checking, scripted model on 127.0.0.1"
echo
node --input-type=module -e '
const { host } = await import(`${process.env.DEMO_REPO}/tests/e2e/lib/host.mjs`);
const { playDemo } = await import(`${process.env.DEMO_REPO}/tests/e2e/lib/demo.mjs`);
const env = process.env;
process.exitCode = await playDemo({ host: host(), dshHome: env.DEMO_HOME, profile: "self-checking", workspace: env.DEMO_WORKSPACE, outside: env.DEMO_OUTSIDE });
'
