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

usage() {
  cat <<'EOF'
Install the Self Checking profile for DeepSeek Harness (dsh) 0.1.0-rc.8.

usage: install.sh [options]
       install.sh --uninstall [--profile NAME] [--dsh-home DIR]

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
  -h, --help        show this help

Needs Node.js 20 or later on PATH (to run the verifier); dsh itself needs 22.15+.
EOF
}

die() {
  printf 'error: %s\n' "$1" >&2
  [[ -n "${2:-}" ]] && printf 'help: %s\n' "$2" >&2
  exit 1
}
usage_error() { printf 'error: %s\n' "$1" >&2; echo 'help: run install.sh --help for the options' >&2; exit 2; }
warn() { printf 'warning: %s\n' "$1" >&2; }
note() { printf '%s\n' "$1" >&2; }

# ── arguments ───────────────────────────────────────────────────────────────

name=self-checking
dsh_home="${DSH_HOME:-}"
[[ -n "${dsh_home// /}" ]] || dsh_home="$HOME/.dsh"
force=0
headless=0
with_dsh=0
uninstall=0

while (($#)); do
  case "$1" in
    --profile) (($# >= 2)) || usage_error '--profile needs a name'; name="$2"; shift 2 ;;
    --profile=*) name="${1#*=}"; shift ;;
    --dsh-home) (($# >= 2)) || usage_error '--dsh-home needs a directory'; dsh_home="$2"; shift 2 ;;
    --dsh-home=*) dsh_home="${1#*=}"; shift ;;
    --force) force=1; shift ;;
    --headless) headless=1; shift ;;
    --with-dsh) with_dsh=1; shift ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage_error "unknown option \`$1\`" ;;
  esac
done

# The names dsh itself refuses (see its profile resolution), plus option-like ones.
if [[ -z "$name" || "$name" == . || "$name" == .. || "$name" == node_modules || "$name" == */* || "$name" == *\\* || "$name" == -* || "$name" == .* || "$name" == *$'\t'* || "$name" == *$'\n'* ]]; then
  usage_error "invalid profile name \`$name\`: use letters, digits, dots, dashes or underscores, not starting with a dot or dash"
fi
if ((uninstall)) && ((force || headless || with_dsh)); then
  usage_error '--uninstall takes only --profile and --dsh-home'
fi
[[ -n "${dsh_home// /}" ]] || usage_error '--dsh-home needs a directory, not an empty string'
[[ "$dsh_home" != *$'\t'* && "$dsh_home" != *$'\n'* ]] || usage_error 'the dsh home path must not contain tabs or newlines'

source_root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
abs_path() {
  if [[ -d "$1" ]]; then (cd "$1" && pwd)
  elif [[ "$1" == /* ]]; then printf '%s\n' "${1%/}"
  else printf '%s/%s\n' "$PWD" "${1%/}"
  fi
}
dsh_home="$(abs_path "$dsh_home")"
profiles_dir="$dsh_home/profiles"
target="$profiles_dir/$name"

# ── tools ───────────────────────────────────────────────────────────────────

sha256_of_files() { # prints "<sha256>  <path>" per NUL-separated path on stdin
  if command -v sha256sum >/dev/null; then xargs -0 sha256sum --
  elif command -v shasum >/dev/null; then xargs -0 shasum -a 256 --
  else die 'neither sha256sum nor shasum is on PATH' 'install coreutils (sha256sum) and re-run'
  fi
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

# ── uninstall ───────────────────────────────────────────────────────────────

warn_about_sessions() {
  local verifier="$target/verify.mjs" listing
  [[ -d "$dsh_home/sessions" ]] || return 0
  if [[ ! -f "$verifier" ]] || ! command -v node >/dev/null; then
    warn "could not check $dsh_home/sessions for sessions in the self-checking mode (needs node and $verifier)"
    return 0
  fi
  listing="$(node "$verifier" --sessions "$dsh_home" 2>/dev/null || true)"
  [[ -n "$listing" ]] || return 0
  warn "these sessions in $dsh_home/sessions recorded the self-checking mode:"
  printf '%s\n' "$listing" | sed 's/^/  /' >&2
  note "  A \"current\" session is still in the mode, which dsh without this profile does"
  note "  not know: it cannot run that session. Switch each one back first: open it with"
  note "  this profile and choose /permission workspace-write (or Settings → Permission)."
  note "  An \"earlier\" session used the mode before and has switched back already."
  note "  The uninstall goes on; installing the profile again makes the sessions usable."
}

# Decide, for every file the receipt lists, whether it still holds the bytes
# the install wrote. Prints "remove<TAB>path" or "kept<TAB>path" lines.
classify_receipt_files() {
  local receipt="$1" work="$2" rel
  awk -F'\t' '$1 == "file" { print $3 }' "$receipt" >"$work/listed"
  (cd "$target" && while IFS= read -r rel; do
    if [[ -f "$rel" && ! -L "$rel" ]]; then printf '%s\0' "$rel"; fi
  done <"$work/listed" | sha256_of_files) >"$work/current"
  while IFS= read -r rel; do
    if [[ -L "$target/$rel" || ( -e "$target/$rel" && ! -f "$target/$rel" ) ]]; then printf 'kept\t%s\n' "$rel"; fi
  done <"$work/listed"
  awk -F'\t' '
    FNR == NR { current[substr($0, 67)] = substr($0, 1, 64); next }
    $1 == "file" && ($3 in current) { print (current[$3] == $2 ? "remove" : "kept") "\t" $3 }
  ' "$work/current" "$receipt"
}

run_uninstall() {
  local receipt="$target/$RECEIPT"
  [[ -d "$target" ]] || die "there is no profile \`$name\` in $profiles_dir; nothing to uninstall" "pass the name and dsh home used at install: --profile NAME --dsh-home DIR"
  [[ -f "$receipt" ]] || die "$target has no $RECEIPT, so it was not installed by install.sh or install.ps1; nothing removed" "remove it by hand if it is yours to remove"
  [[ "$(head -n 1 "$receipt")" == "$RECEIPT_HEADER" ]] || die "$receipt is not an install receipt this installer understands; nothing removed" "remove the profile by hand"
  local kind
  kind="$(awk -F'\t' 'NR > 1 && $1 !~ /^(profile|created|dir|file|rewritten-by-dsh)$/ { print $1; exit }' "$receipt")"
  [[ -z "$kind" ]] || die "$receipt has an unknown entry \`$kind\`; nothing removed" "remove the profile by hand"

  warn_about_sessions

  uninstall_work="$(mktemp -d)"
  trap 'rm -rf -- "$uninstall_work"' EXIT
  local work="$uninstall_work"
  classify_receipt_files "$receipt" "$work" >"$work/plan"
  local removed kept
  removed="$(awk -F'\t' '$1 == "remove"' "$work/plan" | wc -l | tr -d ' ')"
  kept="$(awk -F'\t' '$1 == "kept"' "$work/plan" | wc -l | tr -d ' ')"
  (cd "$target" && awk -F'\t' '$1 == "remove" { printf "%s%c", $2, 0 }' "$work/plan" | xargs -0 rm -f --)
  awk -F'\t' '$1 == "rewritten-by-dsh" { print $2 }' "$receipt" | while IFS= read -r rel; do
    if [[ -f "$target/$rel" && ! -L "$target/$rel" ]]; then rm -f -- "$target/$rel"; fi
  done
  awk -F'\t' '$1 == "dir" { print $2 }' "$receipt" >"$work/dirs"
  awk -F'\t' '$1 == "created" { print $2 }' "$receipt" >"$work/created"
  rm -f -- "$receipt"
  # Directories the install made, deepest first, when nothing else is in them.
  LC_ALL=C sort -r "$work/dirs" | while IFS= read -r rel; do
    if [[ "$rel" == . ]]; then rmdir -- "$target" 2>/dev/null || true; else rmdir -- "$target/$rel" 2>/dev/null || true; fi
  done
  LC_ALL=C sort -r "$work/created" | while IFS= read -r dir; do rmdir -- "$dir" 2>/dev/null || true; done

  note "removed $removed files of profile \`$name\` from $target"
  if ((kept > 0)); then
    warn "kept $kept file(s) changed since the install:"
    awk -F'\t' '$1 == "kept" { print "  " $2 }' "$work/plan" >&2
  fi
  if [[ -d "$target" ]]; then
    warn "$target still holds files the install did not write (kept):"
    (cd "$target" && find . -mindepth 1 \( -type f -o -type l \) | sed 's|^\./|  |' | LC_ALL=C sort | head -n 20) >&2
  fi
  local backups
  backups="$(find "$profiles_dir" -mindepth 1 -maxdepth 1 -name "$name.backup-*" -exec basename {} \; 2>/dev/null | LC_ALL=C sort | tr '\n' ' ' || true)"
  [[ -z "$backups" ]] || note "backups made by --force are kept in $profiles_dir: $backups"
  [[ ! -d "$dsh_home/host" ]] || note "the dsh host in $dsh_home/host is kept (other profiles may use it); remove that directory to remove it"
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
}

host_launcher=''
install_host() {
  local script="$source_root/tools/install-host.sh"
  [[ -f "$script" && -d "$source_root/host" ]] || die "--with-dsh needs tools/install-host.sh and host/ beside install.sh" "use a complete checkout or release zip"
  command -v npm >/dev/null || die '--with-dsh installs dsh with npm, which is not on PATH' 'install Node.js with npm 11 or later and re-run'
  note "installing the dsh 0.1.0-rc.8 host into $dsh_home/host (npm registry, about a minute on a cold cache) ..."
  local out
  out="$(bash "$script" "$dsh_home/host")" || die "installing the dsh host into $dsh_home/host failed (see the lines above)" "check registry access with \`npm ping\`, then re-run with --with-dsh"
  host_launcher="$(printf '%s\n' "$out" | sed -n 's/^launcher=//p')"
  [[ -x "$host_launcher" ]] || die "the dsh host installed, but its launcher \`$host_launcher\` is missing" "remove $dsh_home/host and re-run with --with-dsh"
}

# Stage the profile next to its final place (same file system, so the final
# rename is atomic), from the template and the fork layer.
stage_profile() {
  local staging="$1" entry scope pkg
  for entry in "$source_root/profile"/* "$source_root/profile"/.[!.]*; do
    [[ -e "$entry" ]] || continue
    [[ "$(basename "$entry")" == node_modules ]] && continue
    cp -pR -- "$entry" "$staging/"
  done
  for scope in "$staging/forks"/@*; do
    [[ -d "$scope" ]] || continue
    mkdir -p "$staging/node_modules/$(basename "$scope")"
    for pkg in "$scope"/*; do
      [[ -f "$pkg/package.json" ]] || continue
      cp -pR -- "$pkg" "$staging/node_modules/$(basename "$scope")/"
    done
  done
  cp -p -- "$source_root/tools/verify.mjs" "$staging/verify.mjs"
  printf '# dsh rewrites this file at every boot; put your rows in cordis.patch.yml.\n[]\n' >"$staging/$DSH_ROOT_CONFIG"
  if ((headless)); then
    node - "$staging/package.json" "$WEB_BUNDLE" "$HEADLESS_BUNDLE" <<'JS' || die "could not switch $staging/package.json to the headless bundle"
const fs = require('node:fs');
const [file, web, headless] = process.argv.slice(2);
const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
const bundles = manifest.dsh?.profile?.bundles ?? [];
if (!bundles.includes(web)) throw new Error(`${file} does not name ${web} in dsh.profile.bundles`);
manifest.dsh.profile.bundles = bundles.map((bundle) => (bundle === web ? headless : bundle));
fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
JS
  fi
}

write_receipt() {
  local staging="$1"; shift
  # The receipt is one entry per line, fields split by tabs.
  if (cd "$staging" && find . -name $'*[\t\n]*' | grep -q .); then
    die "a file name in $source_root/profile holds a tab or newline, which the install receipt cannot list" "rename it in the fork layer"
  fi
  local tmp="$staging/.$RECEIPT.tmp" line
  {
    printf '%s\n' "$RECEIPT_HEADER"
    printf 'profile\t%s\n' "$name"
    for line in ${1+"$@"}; do printf 'created\t%s\n' "$line"; done
    printf 'rewritten-by-dsh\t%s\n' "$DSH_ROOT_CONFIG"
    (cd "$staging" && find . -type d | LC_ALL=C sort) | while IFS= read -r line; do
      line="${line#./}"
      printf 'dir\t%s\n' "${line:-.}"
    done
    (cd "$staging" && find . \( -type f -o -type l \) ! -path "./$DSH_ROOT_CONFIG" ! -path "./.$RECEIPT.tmp" -print0 | LC_ALL=C sort -z | sha256_of_files) |
      while IFS= read -r line; do
        local sum="${line%% *}" rel="${line#*  }"
        printf 'file\t%s\t%s\n' "$sum" "${rel#./}"
      done
  } >"$tmp"
  mv -f -- "$tmp" "$staging/$RECEIPT"
}

print_next_steps() {
  local dsh_cmd='dsh' env_prefix=''
  [[ -z "$host_launcher" ]] || dsh_cmd="$host_launcher"
  [[ "$dsh_home" == "$HOME/.dsh" ]] || env_prefix="DSH_HOME=$dsh_home "
  echo
  echo "Installed the Self Checking profile \`$name\` into $target."
  if ((headless)); then
    echo "Run one task:          ${env_prefix}DSH_PERMISSION_MODE=self-checking $dsh_cmd --profile $name \"<task>\""
  else
    echo "Start dsh with it:     ${env_prefix}$dsh_cmd --profile $name"
    echo "Select the mode:       Settings → Permission → Self Checking, or /permission self-checking"
    echo "Make it the default:   ${env_prefix}DSH_PERMISSION_MODE=self-checking $dsh_cmd --profile $name"
  fi
  echo "Check it again:        node $target/verify.mjs --profile $target"
  echo "Uninstall:             $source_root/install.sh --uninstall --profile $name${env_prefix:+ --dsh-home $dsh_home}"
}

run_install() {
  check_source
  require_node
  if [[ -e "$target" && $force -eq 0 ]]; then
    die "a profile \`$name\` already exists in $profiles_dir; nothing was changed" \
      "re-run with --force to back it up (renamed to $name.backup-<time>) and replace it, or with --uninstall to remove it"
  fi

  # Every directory this install creates, outermost first, so that the
  # uninstall (and a rollback) can remove them again when they are empty.
  local created=() dir="$profiles_dir"
  while [[ ! -d "$dir" && "$dir" != / && -n "$dir" ]]; do
    created=("$dir" ${created[@]+"${created[@]}"})
    dir="$(dirname "$dir")"
  done
  mkdir -p -- "$profiles_dir"
  ((with_dsh == 0)) || install_host

  # mkdir, not mktemp -d: the profile directory gets the user's usual mode.
  staging="$profiles_dir/.$name.install-$$"
  rm -rf -- "$staging"
  mkdir -- "$staging"
  trap 'rm -rf -- "$staging"' EXIT
  stage_profile "$staging"
  write_receipt "$staging" ${created[@]+"${created[@]}"}

  local backup=''
  if [[ -e "$target" ]]; then
    backup="$profiles_dir/$name.backup-$(date -u +%Y%m%dT%H%M%SZ)"
    local n=1 base="$backup"
    while [[ -e "$backup" ]]; do backup="$base-$n"; n=$((n + 1)); done
    mv -- "$target" "$backup"
    note "backed up the existing profile to $backup"
  fi
  mv -- "$staging" "$target"
  trap - EXIT

  rollback() {
    rm -rf -- "$target"
    if [[ -n "$backup" ]]; then mv -- "$backup" "$target"; note "restored the previous profile from $backup"; fi
    local i
    for ((i = ${#created[@]} - 1; i >= 0; i--)); do rmdir -- "${created[$i]}" 2>/dev/null || true; done
    return 0
  }

  # dsh creates the shared module fallback on any profile boot; a config dump
  # is the cheapest boot.
  if [[ -n "$host_launcher" ]]; then
    if ! DSH_HOME="$dsh_home" "$host_launcher" --profile "$name" --dump-default-config >/dev/null; then
      rollback
      die "dsh could not load the installed profile \`$name\` (see the lines above); the install was rolled back" "re-run with --with-dsh; if it fails again, report the output"
    fi
  fi

  echo "verifying $target ..."
  local status=0
  node "$target/verify.mjs" --profile "$target" || status=$?
  if ((status != 0)); then
    rollback
    die "the installed profile failed verification (the FAIL lines above say which check and why); the install was rolled back, nothing was changed" \
      "re-install from a complete, unmodified checkout or release; if a check about the dsh install failed, install the matching dsh 0.1.0-rc.8 (or use --with-dsh)"
  fi

  if [[ ! -d "$profiles_dir/node_modules/@deepseek-ai/dsh" ]]; then
    warn "no pristine dsh install found ($profiles_dir/node_modules is missing), so the checks marked SKIP above did not run"
    note "  To get dsh: re-run with --with-dsh (installs dsh 0.1.0-rc.8 with Node 24 into $dsh_home/host),"
    note "  or install dsh 0.1.0-rc.8 yourself and run \`DSH_HOME=$dsh_home dsh --profile $name --dump-default-config\` once,"
    note "  then check again: node $target/verify.mjs --profile $target"
  fi
  print_next_steps
}

if ((uninstall)); then run_uninstall; else run_install; fi
