#!/usr/bin/env bash
# The patch formats of the real package managers against forklayer's
# patchfmt library (src/patchfmt.rs).
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
# 3. The Rust test `formats` (tests/cli/formats.rs) reads those projects:
#    discover, apply on the pristine bytes (must equal the tool's install),
#    then render + edit_config into a new project for every target format.
# 4. Each target tool installs each rendered project from scratch; its
#    installed packages must equal the fork's bytes (content and exec bits).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
tools="$repo/.cache/formats-tools"
work="$(mktemp -d "${TMPDIR:-/tmp}/forklayer-formats.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export YARN_ENABLE_TELEMETRY=0 YARN_ENABLE_GLOBAL_CACHE=1 DO_NOT_TRACK=1

fail() { echo "error: $*" >&2; exit 1; }

echo "Installing the pinned package managers into .cache/formats-tools" >&2
mkdir -p "$tools"
cp "$here/tools/package.json" "$here/tools/package-lock.json" "$tools/"
# `npm install`, not `npm ci`: npm 11 leaves pnpm's per-platform optional
# packages out of the lock and then refuses its own lock in `npm ci`; the
# versions are exact in package.json and in the lock either way.
(cd "$tools" && npm install --no-audit --no-fund --loglevel=error >&2) || fail "could not install the pinned tools from the npm registry"

bin="$tools/node_modules/.bin"
npm12() { "$bin/npm" --loglevel=error "$@" 2> >(grep -v 'does not support Node.js\|Unknown user config' >&2); }
pnpm() { "$bin/pnpm" "$@"; }
bun() { "$bin/bun" "$@"; }
yarn() { node "$tools/node_modules/@yarnpkg/cli-dist/bin/yarn.js" "$@"; }
patch_package() { "$bin/patch-package" "$@"; }

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

packages=(left-pad @types/minimist)
slug() { echo "${1//\//+}"; }

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
    printf 'nodeLinker: node-modules\nenableTelemetry: false\nnpmRegistryServer: "https://registry.npmjs.org"\n' >"$dir/.yarnrc.yml"
    : >"$dir/yarn.lock"
  fi
}

# A fresh install by the tool; `frozen` for the project the tool made itself.
install() {
  local format="$1" dir="$2" mode="$3"
  rm -rf "$dir/node_modules"
  (
    cd "$dir"
    case "$format" in
      npm) if [[ "$mode" == frozen ]]; then npm12 ci --no-audit --no-fund; else npm12 install --no-audit --no-fund; fi ;;
      pnpm) if [[ "$mode" == frozen ]]; then pnpm install --frozen-lockfile; else pnpm install --no-frozen-lockfile; fi ;;
      yarn) if [[ "$mode" == frozen ]]; then yarn install --immutable; else YARN_ENABLE_IMMUTABLE_INSTALLS=0 yarn install; fi ;;
      bun) if [[ "$mode" == frozen ]]; then bun install --frozen-lockfile; else bun install; fi ;;
      patch-package) npm install --no-audit --no-fund --loglevel=error && patch_package --error-on-fail ;;
    esac
  ) >"$dir/install.log" 2>&1 || { cat "$dir/install.log" >&2; fail "\`$format\` install failed in $dir"; }
}

snapshot() {
  local dir="$1" out="$2"
  mkdir -p "$out"
  for pkg in "${packages[@]}"; do
    cp -rL --preserve=mode "$dir/node_modules/$pkg" "$out/$(slug "$pkg")"
  done
  # Install artifacts, not package bytes: bun marks a patched package with
  # an empty `.bun-tag-<hash>`, patch-package records applied sequences in
  # `.patch-package.json`.
  find "$out" \( -name '.bun-tag-*' -o -name .patch-package.json \) -delete
}

edit() { node "$here/edit.js" "$@"; }

make_patches() {
  local format="$1" dir="$2" pkg edit_dir
  (
    cd "$dir"
    for pkg in "${packages[@]}"; do
      case "$format" in
        npm)
          edit_dir="$(npm12 patch "$pkg" | sed -n 's/^You can now edit the following directory: //p')"
          edit "$pkg" "$edit_dir"
          npm12 patch commit "$edit_dir" >/dev/null ;;
        pnpm)
          edit_dir="$(pnpm patch "$pkg" | sed -n "s/.*patch-commit '\(.*\)'.*/\1/p")"
          edit "$pkg" "$edit_dir"
          pnpm patch-commit "$edit_dir" >/dev/null ;;
        yarn)
          edit_dir="$(yarn patch "$pkg" | sed -n 's/.*You can now edit the following folder: //p')"
          edit "$pkg" "$edit_dir"
          yarn patch-commit -s "$edit_dir" >/dev/null ;;
        bun)
          bun patch "$pkg" >/dev/null
          edit "$pkg" "node_modules/$pkg"
          bun patch --commit "node_modules/$pkg" >/dev/null ;;
        patch-package)
          edit "$pkg" "node_modules/$pkg"
          patch_package "$pkg" >/dev/null
          if [[ "$pkg" == left-pad ]]; then
            edit "$pkg" "node_modules/$pkg" 2
            patch_package "$pkg" --append second >/dev/null
          fi ;;
      esac
      [[ -n "${edit_dir-x}" ]] || fail "\`$format\` printed no edit directory for $pkg"
    done
  ) >>"$dir/make.log" 2>&1 || { cat "$dir/make.log" >&2; fail "\`$format\` could not make its patches"; }
}

formats=(npm pnpm yarn bun patch-package)
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

echo "Applying, rendering and converting with forklayer (cargo test --test formats)" >&2
(cd "$repo" && FORKLAYER_FORMATS_WORK="$work" cargo test --locked --quiet --test formats >&2)

same_tree() {
  local want="$1" got="$2"
  diff -r -x '.bun-tag-*' -x .patch-package.json "$want" "$got" >&2 || return 1
  diff <(cd "$want" && find . -type f -perm -u+x | sort) <(cd "$got" && find . -type f -perm -u+x ! -name '.bun-tag-*' | sort) >&2
}

echo "Installing every rendered project with its tool" >&2
count=0 refused=0
for from in "${formats[@]}"; do
  for to in "${formats[@]}"; do
    dir="$work/export/$from-to-$to"
    [[ -f "$dir/package.json" ]] || fail "forklayer wrote no project for $from -> $to"
    mode=fresh
    [[ "$to" == npm ]] && mode=frozen
    install "$to" "$dir" "$mode"
    for pkg in "${packages[@]}"; do
      marker="$dir/REFUSED-$(slug "$pkg")"
      if [[ -f "$marker" ]]; then
        echo "  $from -> $to: refused by name (Yarn cannot carry CRLF lines): $(cat "$marker")" >&2
        refused=$((refused + 1))
        continue
      fi
      same_tree "$work/made/$from/installed/$(slug "$pkg")" "$dir/node_modules/$pkg" ||
        fail "$from -> $to: \`$to\` installed other bytes of $pkg than $from's fork"
      count=$((count + 1))
    done
  done
done
echo "ok: $count patched packages in 25 conversions reproduce the fork's bytes under the target tool; $refused refused by name" >&2
((count + refused == 50)) || fail "only $((count + refused)) of 50 converted packages were checked"
