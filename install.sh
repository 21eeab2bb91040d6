#!/usr/bin/env bash
# Installs the Self Checking dsh profile into $DSH_HOME/profiles/<name>, from a
# checkout of this repository or from an unpacked release (same layout:
# install.sh, profile/, tools/verify.mjs). No Rust or network needed, except
# for --with-dsh, which installs the pinned dsh host from the npm registry.
#
#   ./install.sh [--profile NAME] [--dsh-home DIR] [--force] [--headless] [--with-dsh]
#   ./install.sh --uninstall [--profile NAME] [--dsh-home DIR]
#
# Run ./install.sh --help for the options. install.ps1 is the same installer
# for PowerShell, option for option.

# `sh install.sh` on a system whose sh is not bash: hand over to bash.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -euo pipefail

readonly RECEIPT=install-receipt.txt
readonly RECEIPT_HEADER='# dsh profile install receipt, format 1: written by install.sh or install.ps1, read by --uninstall'
# dsh rewrites the profile's root cordis.yml at every boot, so its content
# proves nothing about who wrote it: the receipt marks it for removal as is.
readonly DSH_ROOT_CONFIG=cordis.yml
readonly WEB_BUNDLE=@deepseek-ai/dsh-web-app
readonly HEADLESS_BUNDLE=@deepseek-ai/dsh-headless
readonly MIN_NODE_MAJOR=20
# The pnpm `dsh plugin` runs when none is on PATH (through npm).
readonly PNPM_VERSION=12.21.0
# One install or uninstall at a time per dsh home: they hold an flock on this
# file (removed again when they end). DSH_INSTALL_LOCK_WAIT bounds the wait.
readonly LOCK_NAME=.install.lock

usage() {
  cat <<'EOF'
Install the Self Checking profile for DeepSeek Harness (dsh) 0.1.0-rc.8.

usage: install.sh [options]
       install.sh --uninstall [--profile NAME] [--dsh-home DIR]
       install.sh --plugin-route [--uninstall] [--profile NAME] [--dsh-home DIR]
       install.sh --plugin BUNDLE [--uninstall] [--profile NAME] [--dsh-home DIR]

options:
  --profile NAME    profile name (default: self-checking); dsh --profile NAME boots it
  --dsh-home DIR    the dsh home (default: $DSH_HOME, else ~/.dsh)
  --force           replace an existing profile; it is renamed to NAME.backup-<time> first
  --headless        compose the profile for one-shot runs (dsh-base + dsh-headless)
                    instead of the web app (dsh-base + dsh-web-app)
  --with-dsh        also install the pinned dsh 0.1.0-rc.8 host (with Node 24) into
                    DIR/host and create the shared module fallback
  --uninstall       remove what the install wrote (listed in the profile's
                    install-receipt.txt); files changed since are kept
  --plugin-route    instead of installing the Self Checking profile, add the
                    dsh-self-checking bundle to your existing profile NAME
                    (default: web) with `dsh plugin` (from plugins/ in a checkout,
                    from bundles/*.tgz in a release); with --uninstall, remove it
  --plugin BUNDLE   the same for any bundle of this project: dsh-self-checking
                    (= --plugin-route), dsh-result-check or dsh-proof. The add is
                    verified (tools/verify.mjs --strict) and undone when that fails;
                    dsh and pnpm are brought through npm when not installed
  -h, --help        show this help

Needs Node.js 20 or later on PATH (to run the verifier); dsh itself needs 22.15+.
EOF
}

# Every exit but a clean one prints an `error:` and a `help:` line: die and
# usage_error say so (reported=1); the EXIT handler covers anything else.
reported=0
die() {
  reported=1
  printf 'error: %s\n' "$1" >&2
  [[ -n "${2:-}" ]] && printf 'help: %s\n' "$2" >&2
  exit 1
}
usage_error() { reported=1; printf 'error: %s\n' "$1" >&2; echo 'help: run install.sh --help for the options' >&2; exit 2; }
warn() { printf 'warning: %s\n' "$1" >&2; }
note() { printf '%s\n' "$1" >&2; }

# The fix for a failed write under <dir>, from the system's reason.
io_help() { # io_help <dir> <reason>
  case "$2" in
    *'No space left'* | *'Disk quota'*) echo "free space on the file system of $1 (see \`df -h $1\`), then re-run; what this run wrote was removed" ;;
    *'Read-only file system'*) echo "$1 is on a read-only file system: pass a writable --dsh-home DIR (or remount it read-write), then re-run" ;;
    *'Permission denied'* | *'Operation not permitted'*) echo "make $1 writable for this user, or pass a --dsh-home DIR you can write to, then re-run" ;;
    *) echo "check that $1 is a writable directory with free space, then re-run" ;;
  esac
}
# Runs one command that writes under the dsh home; when it fails, says what
# failed and why, with the fix, and exits 1 (the EXIT handler removes what this
# run wrote). The command must print nothing on stdout.
write_step() { # write_step <what> <dir for the help line> <command...>
  local what="$1" dir="$2" err
  shift 2
  if ! err="$("$@" 2>&1 >/dev/null)"; then
    err="${err%%$'\n'*}"
    die "$what failed: ${err:-no reason given}" "$(io_help "$dir" "$err")"
  fi
}
write_file() { printf '%s' "$2" >"$1"; } # write_file <path> <bytes>

# ── arguments ───────────────────────────────────────────────────────────────

name=self-checking
dsh_home="${DSH_HOME:-}"
[[ -n "${dsh_home// /}" ]] || dsh_home="$HOME/.dsh"
force=0
headless=0
with_dsh=0
uninstall=0
plugin=''
plugin_flag=''
name_given=0

while (($#)); do
  case "$1" in
    --profile) (($# >= 2)) || usage_error '--profile needs a name'; name="$2"; name_given=1; shift 2 ;;
    --profile=*) name="${1#*=}"; name_given=1; shift ;;
    --dsh-home) (($# >= 2)) || usage_error '--dsh-home needs a directory'; dsh_home="$2"; shift 2 ;;
    --dsh-home=*) dsh_home="${1#*=}"; shift ;;
    --force) force=1; shift ;;
    --headless) headless=1; shift ;;
    --with-dsh) with_dsh=1; shift ;;
    --uninstall) uninstall=1; shift ;;
    --plugin-route) plugin=dsh-self-checking; plugin_flag=--plugin-route; shift ;;
    --plugin) (($# >= 2)) || usage_error '--plugin needs a bundle name'; plugin="$2"; plugin_flag=--plugin; shift 2 ;;
    --plugin=*) plugin="${1#*=}"; plugin_flag=--plugin; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage_error "unknown option \`$1\`" ;;
  esac
done

# The names dsh itself refuses (see its profile resolution), plus option-like ones.
if [[ -z "$name" || "$name" == . || "$name" == .. || "$name" == node_modules || "$name" == */* || "$name" == *\\* || "$name" == -* || "$name" == .* || "$name" == *$'\t'* || "$name" == *$'\n'* ]]; then
  usage_error "invalid profile name \`$name\`: use letters, digits, dots, dashes or underscores, not starting with a dot or dash"
fi
if [[ -n "$plugin" ]]; then
  ((name_given)) || name=web
  ((force || headless || with_dsh)) && usage_error "$plugin_flag takes only --uninstall, --profile and --dsh-home"
  case "$plugin" in
    dsh-self-checking | dsh-result-check | dsh-proof) ;;
    *) usage_error "unknown bundle \`$plugin\`: --plugin takes dsh-self-checking, dsh-result-check or dsh-proof" ;;
  esac
fi
if ((uninstall)) && ((force || headless || with_dsh)); then
  usage_error '--uninstall takes only --profile and --dsh-home'
fi
[[ -n "${dsh_home// /}" ]] || usage_error '--dsh-home needs a directory, not an empty string'
[[ "$dsh_home" != *$'\t'* && "$dsh_home" != *$'\n'* ]] || usage_error 'the dsh home path must not contain tabs or newlines'

source_root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# An absolute path with no empty, `.` or `..` components, resolved lexically
# like `cd` does, so that the install and the uninstall (which checks the
# receipt against it) spell the same directory the same way.
normalise_path() {
  local part out=''
  local -a parts
  IFS=/ read -r -a parts <<<"$1"
  for part in ${parts[@]+"${parts[@]}"}; do
    case "$part" in
      '' | .) ;;
      ..) out="${out%/*}" ;;
      *) out="$out/$part" ;;
    esac
  done
  printf '%s\n' "${out:-/}"
}
abs_path() {
  local path="$1"
  [[ ! -d "$path" ]] || path="$(cd "$path" && pwd)"
  [[ "$path" == /* ]] || path="$PWD/$path"
  normalise_path "$path"
}
dsh_home="$(abs_path "$dsh_home")"
profiles_dir="${dsh_home%/}/profiles"
target="$profiles_dir/$name"
lock_wait="${DSH_INSTALL_LOCK_WAIT:-600}"
[[ "$lock_wait" =~ ^[0-9]+$ ]] || usage_error "DSH_INSTALL_LOCK_WAIT must be a number of seconds, not \`$lock_wait\`"

# ── tools ───────────────────────────────────────────────────────────────────

require_sha256() {
  command -v sha256sum >/dev/null || command -v shasum >/dev/null ||
    die 'neither sha256sum nor shasum is on PATH' 'install coreutils (sha256sum) and re-run'
}
sha256_of_files() { # prints "<sha256>  <path>" per NUL-separated path on stdin
  if command -v sha256sum >/dev/null; then xargs -0 sha256sum --; else xargs -0 shasum -a 256 --; fi
}

require_node() {
  command -v node >/dev/null ||
    die "Node.js is not installed (no \`node\` on PATH); the installer needs it to verify the profile" \
      "install Node.js ${MIN_NODE_MAJOR} or later (dsh itself needs 22.15 or later), e.g. from https://nodejs.org or your package manager, then re-run; or re-run with --with-dsh after installing Node.js and npm, to get dsh with its own Node 24"
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  ((major >= MIN_NODE_MAJOR)) ||
    die "Node.js $(node --version 2>/dev/null || echo '?') is too old; the verifier needs Node.js ${MIN_NODE_MAJOR} or later" \
      "install a newer Node.js (dsh itself needs 22.15 or later) and re-run"
}

# Whether a process runs; when that cannot be told, it is taken as running,
# so that nothing of a live install is ever removed.
pid_alive() {
  if [[ -d /proc/self ]]; then [[ -d "/proc/$1" ]]
  elif command -v ps >/dev/null; then ps -p "$1" >/dev/null 2>&1
  else return 0
  fi
}

# ── the dsh home lock ───────────────────────────────────────────────────────

# File descriptor 9 holds the lock. Commands that may outlive this script
# (node, dsh, npm) are started with 9>&- so that they never keep it.
lock_file="$dsh_home/$LOCK_NAME"
lock_held=0

# Takes the lock of the dsh home, waiting up to $lock_wait seconds for an
# install or uninstall that holds it. make_home=1 creates the profiles
# directory first (again, when a failing install removed it while we waited).
acquire_lock() { # acquire_lock <make_home>
  if ! command -v flock >/dev/null; then
    warn "flock (util-linux) is not on PATH, so nothing stops another install into $dsh_home from running at the same time"
    return 0
  fi
  local deadline=$((SECONDS + lock_wait)) holder err left
  while :; do
    ((!$1)) || write_step "creating $profiles_dir" "$dsh_home" mkdir -p -- "$profiles_dir"
    err="$({ : >>"$lock_file"; } 2>&1)" ||
      die "could not create the lock file $lock_file: ${err##*: }" "$(io_help "$dsh_home" "$err")"
    exec 9>>"$lock_file"
    if ! flock -n 9; then
      holder="$(head -c 20 "$lock_file" 2>/dev/null | tr -cd 0-9 || true)"
      note "waiting for another install or uninstall (pid ${holder:-unknown}) to finish with $dsh_home ..."
      left=$((deadline - SECONDS))
      ((left > 0)) || left=0
      flock -w "$left" 9 ||
        die "another install or uninstall (pid ${holder:-unknown}) still holds $lock_file after ${lock_wait}s; nothing was changed" \
          "let it finish (\`ps -p ${holder:-PID}\` shows whether it runs), then re-run; set DSH_INSTALL_LOCK_WAIT=SECONDS to wait longer"
    fi
    # The holder removes the file when it ends: a lock on a removed file
    # guards nothing, so lock the file that is there now.
    if [[ /dev/fd/9 -ef "$lock_file" ]]; then break; fi
    exec 9>&-
  done
  lock_held=1
  # Only to name the holder in a waiting installer's message.
  printf '%s\n' "$$" >"$lock_file" 2>/dev/null || true
}

release_lock() {
  ((lock_held)) || return 0
  lock_held=0
  rm -f -- "$lock_file"
  exec 9>&-
}

# Removes the directories an install created (outermost first in "$@") that
# are empty, innermost first; never a symbolic link. The lock file lives in
# the dsh home, so the lock is given up just before the dsh home goes.
remove_created_dirs() {
  local i dirs=("$@")
  for ((i = ${#dirs[@]} - 1; i >= 0; i--)); do
    [[ "${dirs[$i]}" != "$dsh_home" ]] || release_lock
    if [[ -d "${dirs[$i]}" && ! -L "${dirs[$i]}" ]]; then rmdir -- "${dirs[$i]}" 2>/dev/null || true; fi
  done
}

# ── what an ended run leaves ────────────────────────────────────────────────

# What the EXIT handler reads to undo a run that did not finish.
created=()      # directories this install created, outermost first
staging=''      # the staging directory while it exists
installed=0     # 1 while the new profile is in place but not yet verified
backup=''       # where --force moved the previous profile
finished=0      # 1 once the run has done its work
work_dir=''     # the uninstall's scratch directory
failed_command=''

on_exit() {
  local status=$?
  set +e
  trap - EXIT
  if ((status != 0 && !reported)); then
    printf 'error: install.sh stopped (exit %s)%s\n' "$status" "${failed_command:+ when \`$failed_command\` failed}" >&2
    printf 'help: %s\n' "what this run had written is removed; fix the cause named above and re-run" >&2
  fi
  [[ -z "$work_dir" ]] || rm -rf -- "$work_dir"
  if ((!finished && !uninstall)); then undo_install; fi
  release_lock
  exit "$status"
}
undo_install() {
  [[ -z "$staging" ]] || rm -rf -- "$staging"
  if ((installed)); then rm -rf -- "$target"; fi
  if [[ -n "$backup" && ! -e "$target" ]] && mv -- "$backup" "$target"; then note "restored the previous profile from $backup"; fi
  remove_created_dirs ${created[@]+"${created[@]}"}
}
set -E
trap 'failed_command=$BASH_COMMAND' ERR
trap on_exit EXIT
stopped_by_signal() { # stopped_by_signal <exit status> <signal>
  reported=1
  printf 'error: install.sh was stopped by %s; what this run had written is removed\n' "$2" >&2
  printf 'help: re-run the same command\n' >&2
  exit "$1"
}
trap 'stopped_by_signal 130 SIGINT' INT
trap 'stopped_by_signal 143 SIGTERM' TERM
trap 'stopped_by_signal 129 SIGHUP' HUP
# ── uninstall ───────────────────────────────────────────────────────────────

# Other profiles in the dsh home that compose the mode: while one stays, a
# session in the mode still opens with it, so it is nothing to warn about.
other_mode_profiles() {
  local patch
  for patch in "$profiles_dir"/*/cordis.patch.yml; do
    [[ "${patch%/cordis.patch.yml}" != "$target" ]] || continue
    if grep -q 'self-checking' "$patch" 2>/dev/null; then basename "${patch%/cordis.patch.yml}"; fi
  done
}

warn_about_sessions() {
  local verifier="$target/verify.mjs" listing others
  [[ -d "$dsh_home/sessions" ]] || return 0
  others="$(other_mode_profiles | tr '\n' ' ')"
  if [[ -n "$others" ]]; then
    note "sessions in the self-checking mode stay usable: the profile(s) ${others% } still have the mode"
    return 0
  fi
  if [[ ! -f "$verifier" ]] || ! command -v node >/dev/null; then
    warn "could not check $dsh_home/sessions for sessions in the self-checking mode (needs node and $verifier)"
    return 0
  fi
  listing="$(node "$verifier" --sessions "$dsh_home" 2>/dev/null 9>&- || true)"
  [[ -n "$listing" ]] || return 0
  warn "these sessions in $dsh_home/sessions recorded the self-checking mode:"
  printf '%s\n' "$listing" | sed 's/^/  /' >&2
  note "  A \"current\" session is still in the mode, which dsh without this profile does"
  note "  not know: it cannot run that session. Switch each one back first: open it with"
  note "  this profile and choose /permission workspace-write (or Settings → Permission)."
  note "  An \"earlier\" session used the mode before and has switched back already."
  note "  The uninstall goes on; installing the profile again makes the sessions usable."
}

# Checks every entry of a receipt before anything is removed, so that an
# edited receipt cannot point the uninstall outside the profile. Prints
# "<line number><TAB><entry><TAB><why>" for the first bad entry; nothing when
# all are good. Profile paths must be relative with no empty, `.` or `..`
# component (nor a backslash, a separator for install.ps1); a `created`
# directory must be the profiles directory or one above it, spelt as the
# install spells it.
check_receipt() { # check_receipt <receipt>
  LC_ALL=C awk -F'\t' -v profiles="$profiles_dir" '
    function bad(why) { entry = $0; gsub(/\t/, " ", entry); printf "%d\t%s\t%s\n", NR, entry, why; found = 1; exit }
    function relative(path, n, parts, i) {
      if (path == "" || path ~ /\\/) return 0
      n = split(path, parts, "/")
      for (i = 1; i <= n; i++) if (parts[i] == "" || parts[i] == "." || parts[i] == "..") return 0
      return 1
    }
    function above_or_profiles(path) {
      if (path == "/") return 1
      if (substr(path, 1, 1) != "/" || !relative(substr(path, 2))) return 0
      return path == profiles || substr(profiles, 1, length(path) + 1) == path "/"
    }
    NR == 1 || $0 == "" { next }
    $1 == "profile" { if (NF != 2 || $2 == "") bad("expected `profile<TAB>NAME`"); next }
    $1 == "created" { if (NF != 2 || !above_or_profiles($2)) bad("not " profiles " or a directory above it"); next }
    $1 == "dir" { if (NF != 2 || ($2 != "." && !relative($2))) bad("not a relative path inside the profile"); next }
    $1 == "rewritten-by-dsh" { if (NF != 2 || !relative($2)) bad("not a relative path inside the profile"); next }
    $1 == "file" {
      if (NF != 3 || length($2) != 64 || $2 ~ /[^0-9a-f]/) bad("expected `file<TAB>SHA256<TAB>PATH`")
      if (!relative($3)) bad("not a relative path inside the profile")
      next
    }
    { bad("unknown kind of entry") }
  ' "$1"
}

# How the directories above a receipt path stand: 0 all real directories,
# 1 one is missing (so is the entry), 2 one is a symbolic link or not a
# directory. The uninstall never goes through a link: 2 keeps the entry.
parents_state() { # parents_state <relative path>
  local dir="$target" part
  local -a parts
  IFS=/ read -r -a parts <<<"$1"
  unset 'parts[${#parts[@]}-1]'
  for part in ${parts[@]+"${parts[@]}"}; do
    dir="$dir/$part"
    if [[ -L "$dir" ]] || { [[ -e "$dir" ]] && [[ ! -d "$dir" ]]; }; then return 2; fi
    [[ -d "$dir" ]] || return 1
  done
  return 0
}
# Whether a receipt path names a regular file (not a link) reached through
# real directories only.
plain_file() { parents_state "$1" && [[ -f "$target/$1" && ! -L "$target/$1" ]]; }

# Decides, for every file the receipt lists, whether it still holds the bytes
# the install wrote. Prints "remove<TAB>path", "kept<TAB>path" (changed, or
# not a file any more) or "linked<TAB>path" (behind a symbolic link) lines.
classify_receipt_files() {
  local receipt="$1" work="$2" rel state
  awk -F'\t' '$1 == "file" { print $3 }' "$receipt" >"$work/listed"
  : >"$work/plain"
  while IFS= read -r rel; do
    state=0
    parents_state "$rel" || state=$?
    if ((state == 2)); then printf 'linked\t%s\n' "$rel"
    elif ((state == 1)) || [[ ! -e "$target/$rel" && ! -L "$target/$rel" ]]; then :
    elif plain_file "$rel"; then printf '%s\0' "$rel" >>"$work/plain"
    else printf 'kept\t%s\n' "$rel"
    fi
  done <"$work/listed"
  (cd "$target" && sha256_of_files <"$work/plain") >"$work/current"
  awk -F'\t' '
    FNR == NR { current[substr($0, 67)] = substr($0, 1, 64); next }
    $1 == "file" && ($3 in current) { print (current[$3] == $2 ? "remove" : "kept") "\t" $3 }
  ' "$work/current" "$receipt"
}

# Refuses, with nothing removed, a profile the uninstall cannot trust.
check_uninstallable() { # check_uninstallable <receipt>
  local receipt="$1" bad
  [[ ! -L "$target" ]] || die "$target is a symbolic link, which the uninstall never follows; nothing removed" "remove the link by hand (rm $target), then uninstall the profile it points to by its own name"
  [[ -f "$receipt" ]] || die "$target has no $RECEIPT, so it was not installed by install.sh or install.ps1; nothing removed" "remove it by hand if it is yours to remove"
  [[ "$(head -n 1 "$receipt")" == "$RECEIPT_HEADER" ]] || die "$receipt is not an install receipt this installer understands; nothing removed" "remove the profile by hand"
  bad="$(check_receipt "$receipt")"
  [[ -z "$bad" ]] || die "$receipt line ${bad%%$'\t'*} lists \`$(printf '%s' "$bad" | cut -f2)\`: $(printf '%s' "$bad" | cut -f3); nothing removed" \
    "the receipt was changed after the install: restore it, or remove the profile by hand (a reinstall with --force writes a new receipt)"
}

run_uninstall() {
  local receipt="$target/$RECEIPT" rel
  [[ -d "$target" ]] || die "there is no profile \`$name\` in $profiles_dir; nothing to uninstall" "pass the name and dsh home used at install: --profile NAME --dsh-home DIR"
  require_sha256
  acquire_lock 0
  check_uninstallable "$receipt"

  warn_about_sessions

  work_dir="$(mktemp -d)"
  local work="$work_dir"
  classify_receipt_files "$receipt" "$work" >"$work/plan"
  (cd "$target" && awk -F'\t' '$1 == "remove" { printf "%s%c", $2, 0 }' "$work/plan" | xargs -0 rm -f --)
  awk -F'\t' '$1 == "rewritten-by-dsh" { print $2 }' "$receipt" | while IFS= read -r rel; do
    if plain_file "$rel"; then rm -f -- "$target/$rel"; fi
  done
  awk -F'\t' '$1 == "dir" { print $2 }' "$receipt" >"$work/dirs"
  awk -F'\t' '$1 == "created" { print $2 }' "$receipt" >"$work/created"
  rm -f -- "$receipt"
  # Directories the install made, deepest first, when nothing else is in them.
  LC_ALL=C sort -r "$work/dirs" | while IFS= read -r rel; do
    if [[ "$rel" == . ]]; then rmdir -- "$target" 2>/dev/null || true
    elif parents_state "$rel" && [[ -d "$target/$rel" && ! -L "$target/$rel" ]]; then rmdir -- "$target/$rel" 2>/dev/null || true
    fi
  done
  local dirs=()
  while IFS= read -r rel; do dirs+=("$rel"); done < <(LC_ALL=C sort "$work/created")
  remove_created_dirs ${dirs[@]+"${dirs[@]}"}
  finished=1
  report_uninstall "$work/plan"
}

report_uninstall() { # report_uninstall <plan>
  local plan="$1" backups
  note "removed $(awk -F'\t' '$1 == "remove"' "$plan" | wc -l | tr -d ' ') files of profile \`$name\` from $target"
  if grep -q $'^kept\t' "$plan"; then
    warn "kept $(grep -c $'^kept\t' "$plan") file(s) changed since the install:"
    awk -F'\t' '$1 == "kept" { print "  " $2 }' "$plan" >&2
  fi
  if grep -q $'^linked\t' "$plan"; then
    warn "left $(grep -c $'^linked\t' "$plan") file(s) alone that are now behind a symbolic link (the uninstall never follows one):"
    awk -F'\t' '$1 == "linked" { print "  " $2 }' "$plan" >&2
  fi
  if [[ -d "$target" ]]; then
    warn "$target still holds files the install did not write (kept):"
    (cd "$target" && find . -mindepth 1 \( -type f -o -type l \) | sed 's|^\./|  |' | LC_ALL=C sort | head -n 20) >&2
  fi
  backups="$(find "$profiles_dir" -mindepth 1 -maxdepth 1 -name "$name.backup-*" -exec basename {} \; 2>/dev/null | LC_ALL=C sort | tr '\n' ' ' || true)"
  [[ -z "$backups" ]] || note "backups made by --force are kept in $profiles_dir: $backups"
  report_kept_host
}

# What --with-dsh wrote outside the profile stays (other profiles may boot
# with it): name each part and the exact command that removes it.
report_kept_host() {
  local fallback="$profiles_dir/node_modules"
  [[ -d "$dsh_home/host" ]] || return 0
  note "kept, for other profiles that may use them:"
  note "  the dsh host in $dsh_home/host; remove it with: rm -rf '$dsh_home/host'"
  [[ ! -d "$fallback" ]] || note "  the shared module fallback $fallback; remove it with: rm -rf '$fallback'"
}

# ── install ─────────────────────────────────────────────────────────────────

check_source() {
  local missing=()
  for f in profile/package.json profile/cordis.patch.yml profile/forks tools/verify.mjs; do
    [[ -e "$source_root/$f" ]] || missing+=("$f")
  done
  ((${#missing[@]} == 0)) || die "$source_root is missing ${missing[*]}: not a complete checkout or release" "download the release zip again, or restore the files with git"
  if ! find "$source_root/profile/forks" -mindepth 3 -maxdepth 3 -name package.json -path '*/@*/*' | grep -q .; then
    die "$source_root/profile/forks holds no packages" "restore profile/forks from git or the release zip"
  fi
  # The receipt is one entry per line, fields split by tabs, and the
  # uninstall refuses a path with a backslash (a separator for install.ps1).
  local odd
  odd="$(cd "$source_root/profile" && find . \( -name $'*[\t\n]*' -o -name '*\\*' \) -print | head -n 1)"
  [[ -z "$odd" ]] || die "the file name \`$odd\` in $source_root/profile holds a tab, newline or backslash, which the install receipt cannot list" "rename it in the fork layer"
}

host_launcher=''
install_host() { # install_host [how to re-run]
  local script="$source_root/tools/install-host.sh" rerun="${1:-re-run with --with-dsh}"
  [[ -f "$script" && -d "$source_root/host" ]] || die "installing dsh needs tools/install-host.sh and host/ beside install.sh" "use a complete checkout or release zip, or install dsh 0.1.0-rc.8 yourself"
  command -v npm >/dev/null || die 'dsh is installed with npm, which is not on PATH' 'install Node.js with npm 11 or later and re-run'
  note "installing the dsh 0.1.0-rc.8 host into $dsh_home/host (npm registry, about a minute on a cold cache) ..."
  local out
  out="$(bash "$script" "$dsh_home/host" 9>&-)" || die "installing the dsh host into $dsh_home/host failed (see the lines above)" "check registry access with \`npm ping\` and free space on $dsh_home, then $rerun"
  host_launcher="$(printf '%s\n' "$out" | sed -n 's/^launcher=//p')"
  [[ -x "$host_launcher" ]] || die "the dsh host installed, but its launcher \`$host_launcher\` is missing" "remove $dsh_home/host and $rerun"
}

# Stage the profile next to its final place (same file system, so the final
# rename is atomic), from the template and the fork layer.
stage_profile() {
  local staging="$1" entry scope pkg
  for entry in "$source_root/profile"/* "$source_root/profile"/.[!.]*; do
    [[ -e "$entry" ]] || continue
    [[ "$(basename "$entry")" == node_modules ]] && continue
    write_step "copying $entry into $staging" "$profiles_dir" cp -pR -- "$entry" "$staging/"
  done
  # forks/@scope/<pkg> (the forked upstream packages) and forks/<pkg> (the
  # project's own plugins, published under their own unscoped names).
  write_step "creating $staging/node_modules" "$profiles_dir" mkdir -p -- "$staging/node_modules"
  for pkg in "$staging/forks"/*; do
    [[ -d "$pkg" && "$(basename "$pkg")" != @* && -f "$pkg/package.json" ]] || continue
    write_step "copying $pkg into $staging/node_modules" "$profiles_dir" cp -pR -- "$pkg" "$staging/node_modules/"
  done
  for scope in "$staging/forks"/@*; do
    [[ -d "$scope" ]] || continue
    write_step "creating $staging/node_modules/$(basename "$scope")" "$profiles_dir" mkdir -p -- "$staging/node_modules/$(basename "$scope")"
    for pkg in "$scope"/*; do
      [[ -f "$pkg/package.json" ]] || continue
      write_step "copying $pkg into $staging/node_modules" "$profiles_dir" cp -pR -- "$pkg" "$staging/node_modules/$(basename "$scope")/"
    done
  done
  write_step "copying the verifier into $staging" "$profiles_dir" cp -p -- "$source_root/tools/verify.mjs" "$staging/verify.mjs"
  write_step "writing $staging/$DSH_ROOT_CONFIG" "$profiles_dir" write_file "$staging/$DSH_ROOT_CONFIG" \
    $'# dsh rewrites this file at every boot; put your rows in cordis.patch.yml.\n[]\n'
  ((headless)) || return 0
  write_step "switching $staging/package.json to the headless bundle" "$profiles_dir" \
    node -e "$SWITCH_TO_HEADLESS" "$staging/package.json" "$WEB_BUNDLE" "$HEADLESS_BUNDLE"
}
# node -e SCRIPT FILE WEB HEADLESS: the bundle swap; prints the reason when it fails.
readonly SWITCH_TO_HEADLESS='
const fs = require("node:fs");
const [file, web, headless] = process.argv.slice(1);
try {
  const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
  const bundles = manifest.dsh?.profile?.bundles ?? [];
  if (!bundles.includes(web)) throw new Error(`${file} does not name ${web} in dsh.profile.bundles`);
  manifest.dsh.profile.bundles = bundles.map((bundle) => (bundle === web ? headless : bundle));
  fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + "\n");
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
'

# The receipt's lines: what the uninstall may remove, with every file's sha256.
receipt_lines() { # receipt_lines <staging> <created directory>...
  local staging="$1" line sum rel
  shift
  printf '%s\n' "$RECEIPT_HEADER"
  printf 'profile\t%s\n' "$name"
  for line in ${1+"$@"}; do printf 'created\t%s\n' "$line"; done
  printf 'rewritten-by-dsh\t%s\n' "$DSH_ROOT_CONFIG"
  (cd "$staging" && find . -type d | LC_ALL=C sort) | while IFS= read -r line; do
    line="${line#./}"
    printf 'dir\t%s\n' "${line:-.}"
  done
  (cd "$staging" && find . \( -type f -o -type l \) ! -path "./$DSH_ROOT_CONFIG" -print0 | LC_ALL=C sort -z | sha256_of_files) |
    while IFS= read -r line; do
      sum="${line%% *}" rel="${line#*  }"
      printf 'file\t%s\t%s\n' "$sum" "${rel#./}"
    done
}

# Writes the receipt in one write, so that a full disk cannot leave a
# truncated receipt that looks whole.
write_receipt() { # write_receipt <staging> <created directory>...
  local staging="$1" text
  text="$(receipt_lines "$@")" || die "could not list the files of $staging for the install receipt" "re-run; if it fails again, report the output"
  write_step "writing the install receipt $staging/$RECEIPT" "$profiles_dir" write_file "$staging/.$RECEIPT.tmp" "$text"$'\n'
  write_step "writing the install receipt $staging/$RECEIPT" "$profiles_dir" mv -f -- "$staging/.$RECEIPT.tmp" "$staging/$RECEIPT"
}

# The one-shot hint of a web install. The web profile cannot take a task
# argument (dsh says `too many arguments`): a task runs in a second profile
# composed with --headless, so the hint names the exact install command for
# it (unless it exists already) and then the exact run command.
print_one_shot_hint() { # print_one_shot_hint <dsh command> <env prefix>
  local one_shot="$name-headless" home_option=''
  [[ -z "$2" ]] || home_option=" --dsh-home $dsh_home"
  if [[ ! -f "$profiles_dir/$one_shot/$RECEIPT" ]]; then
    echo "One-shot runs need:    $source_root/install.sh --headless --profile $one_shot$home_option"
  fi
  echo "Run one task:          ${2}DSH_PERMISSION_MODE=self-checking $1 --profile $one_shot \"<task>\""
}

# The dsh the hints name: the host this run installed, else one an earlier
# --with-dsh left in the dsh home (its marker says that install finished),
# since `dsh` alone is then usually not on PATH.
hint_launcher() {
  local earlier="$dsh_home/host/bin/dsh"
  if [[ -n "$host_launcher" ]]; then echo "$host_launcher"
  elif [[ -f "$dsh_home/host/.forklayer-host-installed" && -x "$earlier" ]]; then echo "$earlier"
  else echo dsh
  fi
}

print_next_steps() {
  local dsh_cmd env_prefix=''
  dsh_cmd="$(hint_launcher)"
  [[ "$dsh_home" == "$HOME/.dsh" ]] || env_prefix="DSH_HOME=$dsh_home "
  echo
  echo "Installed the Self Checking profile \`$name\` into $target."
  if ((headless)); then
    echo "Run one task:          ${env_prefix}DSH_PERMISSION_MODE=self-checking $dsh_cmd --profile $name \"<task>\""
  else
    echo "Start dsh with it:     ${env_prefix}$dsh_cmd --profile $name"
    echo "Select the mode:       Settings → Permission → Self Checking, or /permission self-checking"
    echo "Make it the default:   ${env_prefix}DSH_PERMISSION_MODE=self-checking $dsh_cmd --profile $name"
    print_one_shot_hint "$dsh_cmd" "$env_prefix"
  fi
  echo "Check it again:        node $target/verify.mjs --profile $target"
  echo "Uninstall:             $source_root/install.sh --uninstall --profile $name${env_prefix:+ --dsh-home $dsh_home}"
}

refuse_existing_profile() {
  if [[ -e "$target" || -L "$target" ]] && ((force == 0)); then
    die "a profile \`$name\` already exists in $profiles_dir; nothing was changed" \
      "re-run with --force to back it up (renamed to $name.backup-<time>) and replace it, or with --uninstall to remove it"
  fi
}

# Every directory this install is about to create, outermost first, so that
# the uninstall (and a failed install) can remove them again when empty.
note_created_dirs() {
  local dir="$profiles_dir"
  while [[ ! -d "$dir" && "$dir" != / && -n "$dir" ]]; do
    created=("$dir" ${created[@]+"${created[@]}"})
    dir="$(dirname "$dir")"
  done
}

# Staging directories (.<name>.install-<pid>) of installs that were killed:
# removed when their process is gone, never while it runs. Called under the
# lock, so no install of this version is between staging and renaming.
remove_stale_staging() {
  local dir pid
  for dir in "$profiles_dir"/.*.install-*; do
    [[ -d "$dir" && ! -L "$dir" ]] || continue
    pid="${dir##*.install-}"
    [[ "$pid" =~ ^[0-9]+$ ]] || continue
    if [[ "$pid" != "$$" ]] && ! pid_alive "$pid"; then
      rm -rf -- "$dir" && note "removed $dir, left by an install (pid $pid) that did not finish"
    fi
  done
}

# Renames the profile into place; --force first renames the existing one.
put_in_place() {
  if [[ -e "$target" || -L "$target" ]]; then
    local candidate n=1
    candidate="$profiles_dir/$name.backup-$(date -u +%Y%m%dT%H%M%SZ)"
    local base="$candidate"
    while [[ -e "$candidate" || -L "$candidate" ]]; do candidate="$base-$n"; n=$((n + 1)); done
    write_step "renaming the existing profile $target to $candidate" "$profiles_dir" mv -- "$target" "$candidate"
    backup="$candidate"
    note "backed up the existing profile to $backup"
  fi
  # Under the lock nothing else puts a profile there: mv renames, never moves
  # the staging directory into an existing one.
  [[ ! -e "$target" && ! -L "$target" ]] || die "$target appeared while this install ran; nothing was changed" "re-run (with --force to replace it)"
  write_step "renaming $staging to $target" "$profiles_dir" mv -- "$staging" "$target"
  staging=''
  installed=1
}

run_install() {
  check_source
  require_node
  require_sha256
  refuse_existing_profile
  note_created_dirs
  acquire_lock 1
  remove_stale_staging
  refuse_existing_profile # again: another install may have finished while this one waited
  ((with_dsh == 0)) || install_host

  # mkdir, not mktemp -d: the profile directory gets the user's usual mode.
  staging="$profiles_dir/.$name.install-$$"
  rm -rf -- "$staging"
  write_step "creating the staging directory $staging" "$profiles_dir" mkdir -- "$staging"
  stage_profile "$staging"
  write_receipt "$staging" ${created[@]+"${created[@]}"}
  put_in_place

  # dsh creates the shared module fallback on any profile boot; a config dump
  # is the cheapest boot. A failure below exits 1; the EXIT handler then
  # removes the new profile and renames a --force backup back.
  if [[ -n "$host_launcher" ]] && ! DSH_HOME="$dsh_home" "$host_launcher" --profile "$name" --dump-default-config >/dev/null 9>&-; then
    die "dsh could not load the installed profile \`$name\` (see the lines above); the install was rolled back" "re-run with --with-dsh; if it fails again, report the output"
  fi

  echo "verifying $target ..."
  node "$target/verify.mjs" --profile "$target" 9>&- ||
    die "the installed profile failed verification (the FAIL lines above say which check and why); the install was rolled back, nothing was changed" \
      "re-install from a complete, unmodified checkout or release; if a check about the dsh install failed, install the matching dsh 0.1.0-rc.8 (or use --with-dsh)"
  installed=0
  finished=1

  if [[ ! -d "$profiles_dir/node_modules/@deepseek-ai/dsh" ]]; then
    warn "no pristine dsh install found ($profiles_dir/node_modules is missing), so the checks marked SKIP above did not run"
    note "  To get dsh: re-run with --with-dsh (installs dsh 0.1.0-rc.8 with Node 24 into $dsh_home/host),"
    note "  or install dsh 0.1.0-rc.8 yourself and run \`DSH_HOME=$dsh_home dsh --profile $name --dump-default-config\` once,"
    note "  then check again: node $target/verify.mjs --profile $target"
  fi
  print_next_steps
}

# ── the plugin route: a bundle added to an existing profile ────────────────

# Adds (or removes) one bundle of this project (dsh-self-checking, the
# plugin route, or a checking plugin) to an existing profile through dsh's
# own `dsh plugin` (pnpm), as docs/plugin-route.md describes: the profile
# keeps everything else it has. Nothing extra to install: dsh comes from
# DIR/host, PATH or, failing both, the pinned host installed with npm; pnpm
# from PATH or, failing that, the pinned pnpm run through npm.
dsh_cmd=''
find_dsh() {
  if [[ -x "$dsh_home/host/bin/dsh" ]]; then dsh_cmd="$dsh_home/host/bin/dsh"
  elif command -v dsh >/dev/null; then dsh_cmd="$(command -v dsh)"
  else
    note "dsh is neither in $dsh_home/host nor on PATH: installing the pinned dsh 0.1.0-rc.8 with npm"
    install_host "re-run $plugin_flag"
    dsh_cmd="$host_launcher"
  fi
}
# A directory whose `pnpm` runs the pinned pnpm through npm, when none is on
# PATH (`dsh plugin` runs pnpm).
pnpm_dir=''
provide_pnpm() {
  command -v pnpm >/dev/null && return 0
  command -v npm >/dev/null ||
    die 'neither pnpm nor npm is on PATH; `dsh plugin` runs pnpm, which this installer brings through npm' 'install Node.js with npm, then re-run'
  pnpm_dir="$(mktemp -d "${TMPDIR:-/tmp}/install-pnpm.XXXXXX")"
  work_dir="$pnpm_dir" # removed on exit
  printf '#!/bin/sh\nexec npm exec --yes --package=pnpm@%s -- pnpm "$@"\n' "$PNPM_VERSION" >"$pnpm_dir/pnpm"
  chmod +x "$pnpm_dir/pnpm"
  note "pnpm is not on PATH: \`dsh plugin\` runs the pinned pnpm $PNPM_VERSION through npm"
}
dsh_plugin() { # dsh_plugin <args...>: `dsh plugin --profile NAME <args>` with pnpm on PATH
  DSH_HOME="$dsh_home" PATH="${pnpm_dir:+$pnpm_dir:}$PATH" "$dsh_cmd" plugin --profile "$name" "$@" 9>&-
}
# The package to add: a checkout has its directory (plugins/); an unpacked
# release has the tarball (bundles/, written by `forklayer release`) or, for
# the checking plugins, the copy in the profile's fork layer.
bundle_spec() {
  local dir="$source_root/plugins/$plugin" tarballs=("$source_root"/bundles/"$plugin"-*.tgz)
  if [[ -f "$dir/lib/index.js" && -f "$dir/cordis.patch.yml" ]]; then echo "file:$dir"
  elif ((${#tarballs[@]} == 1)) && [[ -f "${tarballs[0]}" ]]; then echo "${tarballs[0]}"
  elif ((${#tarballs[@]} > 1)); then
    die "more than one bundle tarball in $source_root/bundles: ${tarballs[*]##*/}" 'keep the one of this release (re-unpack the release into an empty directory), then re-run'
  elif [[ -f "$source_root/profile/forks/$plugin/lib/index.js" ]]; then echo "file:$source_root/profile/forks/$plugin"
  else
    die "the bundle is missing: neither $dir/lib/index.js (a checkout) nor $source_root/bundles/$plugin-<version>.tgz (a release) exists" \
      'run install.sh from a checkout of the repository or from an unpacked release (`forklayer release` ships the bundle)'
  fi
}
# How to spell the dsh command found: `dsh` when PATH has it, else its path.
dsh_shown() { if [[ "$(command -v dsh 2>/dev/null)" == "$dsh_cmd" ]]; then echo dsh; else echo "DSH_HOME=$dsh_home $dsh_cmd"; fi; }
restart_note() {
  note "if dsh is running, restart it (dsh --profile $name) and reload the page: a running dsh keeps the bundles it booted with"
}
plugin_remove() {
  dsh_plugin remove "$plugin" ||
    die "dsh plugin --profile $name remove $plugin failed (see above)" "check that the profile $name has the bundle (\`cat $profiles_dir/$name/package.json\`)"
  note "removed $plugin from the profile $name; the profile is as before"
  restart_note
}
# Undo a failed add: remove the bundle when the profile did not have it, or
# put its manifest and lock file back and let pnpm restore node_modules.
undo_plugin_add() { # undo_plugin_add <saved dir> <had the bundle: 0|1>
  if (($2 == 0)); then dsh_plugin remove "$plugin" >&2 && return 0
  else
    cp -p -- "$1/package.json" "$target/package.json" &&
      { [[ ! -f "$1/pnpm-lock.yaml" ]] || cp -p -- "$1/pnpm-lock.yaml" "$target/pnpm-lock.yaml"; } &&
      dsh_plugin install >&2 && return 0
  fi
  warn "the add could not be undone; remove it with: install.sh --plugin $plugin --uninstall --profile $name --dsh-home $dsh_home"
}
plugin_add() {
  local spec saved had=0
  spec="$(bundle_spec)"
  saved="$(mktemp -d "${TMPDIR:-/tmp}/install-plugin-saved.XXXXXX")"
  if [[ -f "$target/package.json" ]]; then
    cp -p -- "$target/package.json" "$saved/package.json"
    [[ ! -f "$target/pnpm-lock.yaml" ]] || cp -p -- "$target/pnpm-lock.yaml" "$saved/pnpm-lock.yaml"
    node -e 'process.exit(require(process.argv[1]).dependencies?.[process.argv[2]] === undefined ? 1 : 0)' "$target/package.json" "$plugin" 2>/dev/null && had=1
  fi
  dsh_plugin add "$spec" || { rm -rf -- "$saved"; die "dsh plugin --profile $name add $spec failed (see above)" 'fix what pnpm reported, then re-run'; }
  echo "verifying $plugin in the profile $name ..."
  if ! node "$source_root/tools/verify.mjs" --profile "$name" --dsh-home "$dsh_home" --dsh "$dsh_cmd" --bundle "$plugin" --strict 9>&-; then
    undo_plugin_add "$saved" "$had"
    rm -rf -- "$saved"
    die "$plugin failed verification in the profile $name (the FAIL lines above say which check and why); the add was undone" \
      'fix what the FAIL lines name (a cordis.patch.yml override, another dsh version), then re-run'
  fi
  rm -rf -- "$saved"
  case "$plugin" in
    dsh-self-checking)
      note "added dsh-self-checking to the profile $name: pick Self Checking in Settings → Permission or with /permission self-checking"
      if grep -qF "\"$HEADLESS_BUNDLE\"" "$target/package.json"; then
        note "one-shot runs in Self Checking: DSH_PERMISSION_MODE=self-checking $(dsh_shown) --profile $name \"<task>\""
      else
        note "one-shot runs need a headless profile: $source_root/install.sh --plugin-route --profile headless --dsh-home $dsh_home, then DSH_PERMISSION_MODE=self-checking $(dsh_shown) --profile headless \"<task>\""
      fi ;;
    *) note "added $plugin to the profile $name; configure it by its row id in $target/cordis.patch.yml" ;;
  esac
  note "remove it with: install.sh --plugin $plugin --uninstall --profile $name"
  restart_note
}
run_plugin_route() {
  require_node
  find_dsh
  provide_pnpm
  if ((uninstall)); then plugin_remove; else plugin_add; fi
  finished=1
}

if [[ -n "$plugin" ]]; then run_plugin_route
elif ((uninstall)); then run_uninstall
else run_install
fi
