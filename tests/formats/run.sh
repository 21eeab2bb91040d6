#!/usr/bin/env bash
# The patch formats of the real package managers against forklayer's
# patchfmt library (src/patchfmt.rs) and its commands (import, export,
# upgrade).
#
# 1. Installs the pinned tools (tests/formats/tools: npm 12, pnpm, Yarn
#    Berry, bun, patch-package 8) into .cache/formats-tools; fails when one
#    cannot be installed or run.
# 2. For each tool, in a scratch project: the tool makes its own patches of
#    real registry packages (left-pad@1.3.0: a changed CRLF line, a file
#    losing its final newline, a deleted file, new files with CRLF and
#    without a final newline; @types/minimist@1.2.5, scoped; patch-package
#    also a second patch of left-pad), then a fresh install by the tool;
#    the installed package directories are kept as the fork's bytes.
# 3. Drifted patches (a hunk off its header's line, mode headers): whether
#    each tool applies them.
# 4. The Rust test `formats` (tests/formats/driver.rs) reads those
#    projects: forklayer's apply of each tool's patches on the pristine
#    bytes must equal the tool's install, and apply or fail where the tool
#    does for the drifted ones.
# 5. tests/formats/commands.sh: the commands on the same projects, with the
#    tools installing what they write (import, export, the 25 conversions,
#    upgrade with clean and conflicting merges, refusals).
#
# FORKLAYER_FORMATS_KEEP=1 keeps the scratch projects (the path is printed).
set -euo pipefail

# shellcheck source=tests/formats/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
here="$formats_dir"
work="$(mktemp -d "${TMPDIR:-/tmp}/forklayer-formats.XXXXXX")"
if [[ -n "${FORKLAYER_FORMATS_KEEP-}" ]]; then
  echo "note: keeping the projects in $work" >&2
else
  trap 'rm -rf "$work"' EXIT
fi
started=$SECONDS

echo "Installing the pinned package managers into .cache/formats-tools" >&2
mkdir -p "$tools"
cp "$here/tools/package.json" "$here/tools/package-lock.json" "$tools/"
# `npm install`, not `npm ci`: npm 11 leaves pnpm's per-platform optional
# packages out of the lock and then refuses its own lock in `npm ci`; the
# versions are exact in package.json and in the lock either way.
(cd "$tools" && npm install --no-audit --no-fund --loglevel=error >&2) || fail "could not install the pinned tools from the npm registry"

check_version() {
  local name="$1" want="$2" got
  got="$("${@:3}" 2>/dev/null | tail -n1)" || fail "\`$name\` does not run"
  [[ "$got" == "$want" ]] || fail "\`$name\` reports version \`$got\`, expected \`$want\`"
}
check_version npm 12.2.2 npm12 --version
check_version pnpm 12.23.0 pnpm --version
check_version yarn 4.18.1 yarn --version
check_version bun 1.4.5 bun --version
[[ -x "$bin/patch-package" ]] || fail "patch-package is not installed"

echo "Fetching the pristine packages" >&2
mkdir -p "$work/tgz" "$work/pristine"
(cd "$work/tgz" && npm pack --silent left-pad@1.3.0 @types/minimist@1.2.5 >/dev/null)
for tgz in "$work/tgz"/*.tgz; do
  case "$(basename "$tgz")" in
    left-pad-*) out="$work/pristine/left-pad" ;;
    types-minimist-*) out="$work/pristine/$(slug @types/minimist)" ;;
  esac
  mkdir -p "$out"
  tar -xzf "$tgz" -C "$out" --strip-components=1 --no-same-owner
done

new_project() {
  local dir="$1" format="$2"
  mkdir -p "$dir"
  cat >"$dir/package.json" <<EOF
{
  "name": "formats-$format",
  "version": "1.0.0",
  "private": true,
  "dependencies": {
    "left-pad": "^1.3.0",
    "@types/minimist": "1.2.5"
  }
}
EOF
  if [[ "$format" == yarn ]]; then
    yarnrc "$dir"
    : >"$dir/yarn.lock"
  fi
}

snapshot() {
  local dir="$1" out="$2"
  mkdir -p "$out"
  for pkg in "${packages[@]}"; do
    cp -rL --preserve=mode "$dir/node_modules/$pkg" "$out/$(slug "$pkg")"
  done
  strip_markers "$out"
}

make_patches() {
  local format="$1" dir="$2" pkg
  for pkg in "${packages[@]}"; do
    tool_patch "$format" "$dir" "$pkg"
    # patch-package keeps a second patch of left-pad after the first.
    if [[ "$format" == patch-package && "$pkg" == left-pad ]]; then
      tool_patch "$format" "$dir" "$pkg" 2
    fi
  done
}

for format in "${formats[@]}"; do
  echo "Making $format's own patches" >&2
  dir="$work/made/$format"
  new_project "$dir" "$format"
  new_project "$work/template/$format" "$format"
  if [[ "$format" == npm ]]; then
    # An npm project with a lock from before any patch: the export must
    # record its patches there so that `npm ci` accepts them.
    install npm "$work/template/npm" fresh
    rm -rf "$work/template/npm/node_modules" "$work/template/npm/install.log"
  fi
  install "$format" "$dir" fresh
  make_patches "$format" "$dir"
  # Yarn's patch-commit leaves yarn.lock as it was: one install to record
  # the patches, then the clean one whose bytes count.
  install "$format" "$dir" fresh
  install "$format" "$dir" frozen
  snapshot "$dir" "$dir/installed"
  rm -rf "$dir/node_modules"
done

# Patches whose hunk is not where its header says: 9 lines off with trailing
# white space on a context line the file does not have, and 24 lines off
# with exact context. Each tool applies or refuses them by its own rules;
# the Rust test checks that forklayer's apply decides the same.
drift_patch() {
  local format="$1" header="$2" space="$3" path=index.js
  [[ "$format" == patch-package ]] && path=node_modules/left-pad/index.js
  if [[ "$format" == npm ]]; then
    printf -- '--- a/%s\t\n+++ b/%s\t\n' "$path" "$path"
  else
    printf 'diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n' "$path" "$path" "$path" "$path"
  fi
  printf "@@ -%s,3 +%s,4 @@\n 'use strict';%s\n+// drifted\n module.exports = leftPad;\n \n" "$header" "$header" "$space"
}

# A new executable file and an existing file made executable, in git's
# headers (npm reads neither mode header).
modes_patch() {
  local format="$1" prefix=""
  [[ "$format" == patch-package ]] && prefix=node_modules/left-pad/
  printf 'diff --git a/%srun.sh b/%srun.sh\nnew file mode 100755\n' "$prefix" "$prefix"
  printf -- '--- /dev/null\n+++ b/%srun.sh\n@@ -0,0 +1 @@\n+echo hi\n' "$prefix"
  printf 'diff --git a/%sindex.js b/%sindex.js\nold mode 100644\nnew mode 100755\n' "$prefix" "$prefix"
}

drift_project() {
  local format="$1" case="$2" header="$3" space="$4" dir patch
  dir="$work/drift/$format-$case"
  mkdir -p "$dir"
  printf '{\n  "name": "drift",\n  "version": "1.0.0",\n  "private": true,\n  "dependencies": {\n    "left-pad": "1.3.0"\n  }\n}\n' >"$dir/package.json"
  case "$format" in
    patch-package) patch=patches/left-pad+1.3.0.patch ;;
    yarn) patch=.yarn/patches/left-pad.patch ;;
    *) patch=patches/left-pad@1.3.0.patch ;;
  esac
  mkdir -p "$(dirname "$dir/$patch")"
  if [[ "$case" == modes ]]; then
    modes_patch "$format" >"$dir/$patch"
  else
    drift_patch "$format" "$header" "$space" >"$dir/$patch"
  fi
  case "$format" in
    npm | bun) node -e 'const fs=require("fs"),f=process.argv[1],p=JSON.parse(fs.readFileSync(f));p.patchedDependencies={"left-pad@1.3.0":process.argv[2]};fs.writeFileSync(f,JSON.stringify(p,null,2)+"\n")' "$dir/package.json" "$patch" ;;
    pnpm) printf 'patchedDependencies:\n  left-pad@1.3.0: %s\n' "$patch" >"$dir/pnpm-workspace.yaml" ;;
    yarn)
      printf 'nodeLinker: node-modules\nenableTelemetry: false\nnpmRegistryServer: "https://registry.npmjs.org"\n' >"$dir/.yarnrc.yml"
      : >"$dir/yarn.lock"
      node -e 'const fs=require("fs"),f=process.argv[1],p=JSON.parse(fs.readFileSync(f));p.dependencies["left-pad"]="patch:left-pad@npm%3A1.3.0#~/"+process.argv[2];fs.writeFileSync(f,JSON.stringify(p,null,2)+"\n")' "$dir/package.json" "$patch" ;;
  esac
  if (install "$format" "$dir" fresh) 2>/dev/null; then
    echo applied >"$dir/outcome"
    mkdir -p "$dir/installed"
    cp -rL --preserve=mode "$dir/node_modules/left-pad" "$dir/installed/left-pad"
    find "$dir/installed" \( -name '.bun-tag-*' -o -name .patch-package.json \) -delete
  else
    echo failed >"$dir/outcome"
  fi
  rm -rf "$dir/node_modules"
  echo "  $format, $case: $(cat "$dir/outcome")" >&2
}

for format in "${formats[@]}"; do
  echo "Trying drifted patches with $format" >&2
  drift_project "$format" off9-space 16 "  "
  drift_project "$format" off24 31 ""
  drift_project "$format" modes 0 ""
done

echo "Applying each tool's patches with forklayer's library (cargo test --test formats)" >&2
(cd "$repo" && FORKLAYER_FORMATS_WORK="$work" cargo test --locked --quiet --test formats >&2)
echo "ok: forklayer applies each tool's own patches to the tool's bytes, and the 15 drifted ones where the tool does ($((SECONDS - started))s so far)" >&2

echo "Building forklayer (cargo build)" >&2
(cd "$repo" && cargo build --locked --quiet >&2)
bash "$here/commands.sh" "$work"
echo "ok: the real-tool suite passed in $((SECONDS - started))s" >&2
