# shellcheck shell=bash
# What tests/formats/run.sh and tests/formats/commands.sh share, sourced:
# the pinned tools (installed by run.sh into .cache/formats-tools), a fresh
# install by each tool, and the comparison of installed package bytes.
formats_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$formats_dir/../.." && pwd)"
tools="$repo/.cache/formats-tools"
bin="$tools/node_modules/.bin"
export YARN_ENABLE_TELEMETRY=0 YARN_ENABLE_GLOBAL_CACHE=1 DO_NOT_TRACK=1

fail() { echo "error: $*" >&2; exit 1; }

npm12() { "$bin/npm" --loglevel=error "$@" 2> >(grep -v 'does not support Node.js\|Unknown user config' >&2); }
pnpm() { "$bin/pnpm" "$@"; }
bun() { "$bin/bun" "$@"; }
yarn() { node "$tools/node_modules/@yarnpkg/cli-dist/bin/yarn.js" "$@"; }
patch_package() { "$bin/patch-package" "$@"; }

formats=(npm pnpm yarn bun patch-package)
packages=(left-pad @types/minimist)
slug() { echo "${1//\//+}"; }

yarnrc() { printf 'nodeLinker: node-modules\nenableTelemetry: false\nnpmRegistryServer: "https://registry.npmjs.org"\n' >"$1/.yarnrc.yml"; }

# A fresh install by the tool; `frozen` for a project whose lock file must
# be taken as it is.
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

# Install artifacts, not package bytes: bun marks a patched package with an
# empty `.bun-tag-<hash>`, patch-package records applied sequences in
# `.patch-package.json`.
strip_markers() { find "$1" \( -name '.bun-tag-*' -o -name .patch-package.json \) -delete; }

# same_tree <want> <got>: the same files, bytes and exec bits.
same_tree() {
  local want="$1" got="$2"
  diff -r -x '.bun-tag-*' -x .patch-package.json "$want" "$got" >&2 || return 1
  diff <(cd "$want" && find . -type f -perm -u+x | sort) <(cd "$got" && find . -type f -perm -u+x ! -name '.bun-tag-*' | sort) >&2
}

edit() { node "$formats_dir/edit.js" "$@"; }

# tool_patch <format> <dir> <spec> [step]: the tool makes one patch of the
# installed package <spec> names (pnpm keys the patch as the spec is
# written: a bare name, or name@version), edited by `edit.js <name> <edit
# directory> [step]`. patch-package appends a patch named `second` to
# a package it has patched already.
tool_patch() {
  local format="$1" dir="$2" spec="$3" pkg="$3" step="${4-1}" edit_dir
  [[ "${spec:1}" == *@* ]] && pkg="${spec%@*}"
  (
    cd "$dir"
    case "$format" in
      npm)
        edit_dir="$(npm12 patch "$pkg" | sed -n 's/^You can now edit the following directory: //p')"
        [[ -n "$edit_dir" ]] || exit 1
        edit "$pkg" "$edit_dir" "$step"
        npm12 patch commit "$edit_dir" ;;
      pnpm)
        edit_dir="$(pnpm patch "$spec" | sed -n "s/.*patch-commit '\(.*\)'.*/\1/p")"
        [[ -n "$edit_dir" ]] || exit 1
        edit "$pkg" "$edit_dir" "$step"
        pnpm patch-commit "$edit_dir" ;;
      yarn)
        edit_dir="$(yarn patch "$pkg" | sed -n 's/.*You can now edit the following folder: //p')"
        [[ -n "$edit_dir" ]] || exit 1
        edit "$pkg" "$edit_dir" "$step"
        yarn patch-commit -s "$edit_dir" ;;
      bun)
        bun patch "$pkg"
        edit "$pkg" "node_modules/$pkg" "$step"
        bun patch --commit "node_modules/$pkg" ;;
      patch-package)
        edit "$pkg" "node_modules/$pkg" "$step"
        if compgen -G "patches/$(slug "$pkg")+*.patch" >/dev/null; then
          patch_package "$pkg" --append second
        else
          patch_package "$pkg"
        fi ;;
    esac
  ) >>"$dir/make.log" 2>&1 || { cat "$dir/make.log" >&2; fail "\`$format\` could not make its patch of $spec in $dir"; }
}
