#!/usr/bin/env bash
# forklayer's commands (import, export, upgrade, merge) with the real
# package managers, on the projects tests/formats/run.sh made ($1: its work
# directory: made/<format> with each tool's own patches and the bytes its
# install gave, template/<format> without patches, pristine/).
#
# 1. import: each tool's project into a layer of its own
#    (`-C <layer> import <format> <project>`) and in place (`import <format>`
#    in a copy of the project); `check` passes on both, the forks are the
#    bytes the tool installed; the in-place layer exported in place
#    (`export`, from [origin]) and installed by the tool gives them again.
# 2. conversions: each layer exported to every format into a fresh template
#    project (25), installed by the target tool: the fork's bytes, except
#    what Yarn cannot carry (CRLF lines), refused by name with nothing
#    written, the other package then exported alone.
# 3. upgrade: a project of each tool on left-pad@1.2.0 with the tool's own
#    patch, its lock moved to 1.3.0 as a dependency bot moves it, then
#    `forklayer upgrade`: a clean merge exported at once, a conflicting one
#    resolved through `merge --continue` and `export`; the tool installs the
#    merged fork.
# 4. refusals: patches the tools write but must not be imported (binary,
#    symbolic links), a patch path leaving the project, a symlinked patch
#    file: `import` names the patch file and writes nothing.
# 5. aliases (`"lp": "npm:left-pad@1.3.0"`): exported where each tool looks
#    for the patch, installed patched, imported back as left-pad's; the
#    patch of a version an alias still installs kept by the export of
#    another; package.json's `pnpm.patchedDependencies`, which pnpm no
#    longer reads, left out by import and left alone by export.
set -euo pipefail

# shellcheck source=tests/formats/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
work="$1"
forklayer="${CARGO_TARGET_DIR:-$repo/target}/debug/forklayer"
[[ -x "$forklayer" ]] || fail "no forklayer binary at $forklayer (cargo build)"
logs="$work/logs"
mkdir -p "$logs"
export GIT_AUTHOR_NAME=formats GIT_AUTHOR_EMAIL=formats@example.invalid
export GIT_COMMITTER_NAME=formats GIT_COMMITTER_EMAIL=formats@example.invalid

# fl <status> <log name> <forklayer arguments...>: runs forklayer, stdout and
# stderr into $logs/<name>.out and .err; fails unless it exits <status>.
fl() {
  local want="$1" log="$logs/$2" status=0
  shift 2
  "$forklayer" "$@" >"$log.out" 2>"$log.err" || status=$?
  if [[ "$status" != "$want" ]]; then
    cat "$log.out" "$log.err" >&2
    fail "\`forklayer $*\` exited $status, expected $want"
  fi
}

# has <file> <text>: the file contains the text.
has() { grep -qF -- "$2" "$1" || { sed 's/^/  | /' "$1" >&2; fail "$(basename "$1") does not contain: $2"; }; }

# A copy of a project as its repository holds it: no install, no logs.
copy_project() {
  mkdir -p "$2"
  (cd "$1" && tar -cf - --exclude=./node_modules --exclude=./installed --exclude='./*.log' .) | tar -xf - -C "$2"
}

# The layer directory an import must leave empty, or the project it must
# leave as it was (listing and bytes).
listing() { (cd "$1" && find . -path ./node_modules -prune -o -print0 | sort -z | xargs -0 -r sha256sum 2>/dev/null; find . -path ./node_modules -prune -o -print | sort); }

install_mode() { if [[ "$1" == npm ]]; then echo frozen; else echo fresh; fi; }

# --- 1. import -------------------------------------------------------------
echo "Importing each tool's patches (forklayer import, in a layer of its own and in place)" >&2
t=$SECONDS
imported=0
for format in "${formats[@]}"; do
  made="$work/made/$format"
  layer="$work/layer/$format"
  mkdir -p "$layer"
  fl 0 "import-$format" -C "$layer" import "$format" "$made"
  has "$layer/forklayer.toml" "format = \"$format\""
  fl 0 "check-$format" -C "$layer" check
  for pkg in "${packages[@]}"; do
    has "$logs/import-$format.out" "imported $pkg@"
    same_tree "$made/installed/$(slug "$pkg")" "$layer/forks/$pkg" ||
      fail "$format: the imported fork of $pkg is not what \`$format\` installed"
  done

  inplace="$work/inplace/$format"
  copy_project "$made" "$inplace"
  (cd "$inplace" && fl 0 "import-in-place-$format" import "$format")
  has "$inplace/forklayer.toml" 'project = "."'
  has "$inplace/forklayer.toml" 'forks = "forklayer/forks"'
  fl 0 "check-in-place-$format" -C "$inplace" check
  diff -r "$layer/forks" "$inplace/forklayer/forks" >&2 || fail "$format: the two imports hold other forks"
  # Back into the project it came from: forklayer's patches replace the
  # tool's own, which the tool's install must take.
  (cd "$inplace" && fl 0 "export-in-place-$format" export)
  install "$format" "$inplace" "$(install_mode "$format")"
  for pkg in "${packages[@]}"; do
    same_tree "$made/installed/$(slug "$pkg")" "$inplace/node_modules/$pkg" ||
      fail "$format: exported in place, \`$format\` installed other bytes of $pkg"
  done
  imported=$((imported + 1))
done
echo "ok: $imported tools' projects imported twice (own layer, in place), \`check\` passes, the forks are the tool's bytes; exported in place, each tool installs them again ($((SECONDS - t))s)" >&2

# --- 2. conversions ----------------------------------------------------------
echo "Converting between the formats (forklayer export into fresh projects)" >&2
t=$SECONDS
mkdir -p "$work/export"
count=0 refused=0
for from in "${formats[@]}"; do
  layer="$work/layer/$from"
  for to in "${formats[@]}"; do
    dir="$work/export/$from-to-$to"
    cp -a "$work/template/$to" "$dir"
    skipped=""
    if [[ "$to" == yarn && "$from" != yarn ]]; then
      # Yarn turns every `\r` of a patch into a line break: the forks that
      # add CRLF lines to left-pad cannot be carried, and must be refused by
      # name with nothing written.
      fl 2 "export-$from-to-$to" -C "$layer" export "$to" "$dir"
      has "$logs/export-$from-to-$to.err" '`left-pad@1.3.0` cannot be exported as yarn patches'
      has "$logs/export-$from-to-$to.err" 'the change to `COPYING` of `left-pad`'
      diff -r "$work/template/$to" "$dir" >&2 || fail "$from -> $to: the refused export wrote into the project"
      # export has no per-package choice: a declaration naming only the
      # other package (--config) exports it alone.
      grep -v '"left-pad@' "$layer/forklayer.toml" >"$layer/without-left-pad.toml"
      fl 0 "export-$from-to-$to-alone" -C "$layer" --config without-left-pad.toml export "$to" "$dir"
      rm "$layer/without-left-pad.toml"
      skipped=left-pad
      refused=$((refused + 1))
      echo "  $from -> $to: left-pad refused by name (COPYING: CRLF lines), @types/minimist exported alone" >&2
    else
      fl 0 "export-$from-to-$to" -C "$layer" export "$to" "$dir"
    fi
    if [[ "$to" == patch-package ]]; then
      cmp "$work/template/$to/package.json" "$dir/package.json" || fail "$from -> $to: patch-package has no configuration"
    fi
    install "$to" "$dir" "$(install_mode "$to")"
    for pkg in "${packages[@]}"; do
      if [[ "$pkg" == "$skipped" ]]; then
        same_tree "$work/pristine/$(slug "$pkg")" "$dir/node_modules/$pkg" ||
          fail "$from -> $to: $pkg, not exported, is not pristine"
        continue
      fi
      same_tree "$work/made/$from/installed/$(slug "$pkg")" "$dir/node_modules/$pkg" ||
        fail "$from -> $to: \`$to\` installed other bytes of $pkg than $from's fork"
      count=$((count + 1))
    done
  done
done
((count + refused == 50)) || fail "only $((count + refused)) of 50 converted packages were checked"
echo "ok: 25 conversions through import + export: $count patched packages reproduce the fork's bytes under the target tool; $refused refused by name (Yarn, CRLF), nothing written ($((SECONDS - t))s)" >&2

# --- 3. upgrade ----------------------------------------------------------------
# The tool's patch files of left-pad, project-relative (forklayer's own
# directory left out).
patch_files() { (cd "$1" && find . -path ./node_modules -prune -o -path ./forklayer -prune -o -name '*.patch' -print | sed 's|^\./||' | sort); }

# Where the tool declares a patch file (patch-package: the file itself).
declares() {
  local format="$1" dir="$2" rel="$3"
  case "$format" in
    pnpm) has "$dir/pnpm-workspace.yaml" "$rel" ;;
    patch-package) [[ -f "$dir/$rel" ]] || fail "no $rel" ;;
    *) has "$dir/package.json" "$rel" ;;
  esac
}

# The lock file moved from left-pad 1.2.0 to 1.3.0 as a dependency bot
# moves it while the patch still names 1.2.0: package.json edited, then
# the install that rewrites the lock and lets the patch go unused (npm and
# pnpm need to be told; bun ignores it; patch-package is not run). Yarn
# keeps a patch in the dependency's own value: its `yarn up` moves the
# dependency and drops the patch.
bump() {
  local format="$1" dir="$2"
  (
    cd "$dir"
    if [[ "$format" == yarn ]]; then
      YARN_ENABLE_IMMUTABLE_INSTALLS=0 yarn up left-pad@1.3.0
      exit
    fi
    sed -i 's/"left-pad": "1.2.0"/"left-pad": "1.3.0"/' package.json
    case "$format" in
      npm) npm12 install --no-audit --no-fund --allow-unused-patches ;;
      pnpm) pnpm install --no-frozen-lockfile --config.allow-unused-patches=true ;;
      bun) bun install ;;
      patch-package) npm install --no-audit --no-fund --loglevel=error ;;
    esac
  ) >"$dir/bump.log" 2>&1 || { cat "$dir/bump.log" >&2; fail "$format could not move the lock file to left-pad 1.3.0"; }
  has "$dir/$(lock_file "$format")" 1.3.0
}

lock_file() {
  case "$1" in
    npm | patch-package) echo package-lock.json ;;
    pnpm) echo pnpm-lock.yaml ;;
    yarn) echo yarn.lock ;;
    bun) echo bun.lock ;;
  esac
}

# upgrade_project <format> <case>: left-pad@1.2.0 with the tool's patch
# (edit.js step <case>), imported in place and committed, the lock bumped
# and committed.
upgrade_project() {
  local format="$1" case="$2" dir="$work/upgrade/$1-$2"
  mkdir -p "$dir"
  printf '{\n  "name": "upgrade-%s",\n  "version": "1.0.0",\n  "private": true,\n  "dependencies": {\n    "left-pad": "1.2.0"\n  }\n}\n' "$format" >"$dir/package.json"
  if [[ "$format" == yarn ]]; then
    yarnrc "$dir"
    : >"$dir/yarn.lock"
  fi
  install "$format" "$dir" fresh
  tool_patch "$format" "$dir" left-pad@1.2.0 "$case"
  install "$format" "$dir" fresh
  fl 0 "upgrade-import-$format-$case" -C "$dir" import "$format"
  printf 'node_modules/\n*.log\n.yarn/install-state.gz\n' >>"$dir/.gitignore"
  (cd "$dir" && git init -q && git add -A && git commit -qm "left-pad 1.2.0, patched") || fail "git commit in $dir"
  patch_files "$dir" >"$dir.before"
  bump "$format" "$dir"
  (cd "$dir" && git add -A && git commit -qm "bump left-pad to 1.3.0") || fail "git commit in $dir"
}

# The old patch files are gone, one new one for 1.3.0 is declared, and the
# tool's fresh install gives <expected>.
upgraded() {
  local format="$1" dir="$2" expected="$3" old new
  new="$(comm -13 "$dir.before" <(patch_files "$dir"))"
  old="$(comm -12 "$dir.before" <(patch_files "$dir"))"
  [[ -z "$old" ]] || fail "$format: the patch of left-pad 1.2.0 is still there: $old"
  [[ "$new" == *1.3.0*.patch && "$new" != *$'\n'* ]] || fail "$format: expected one new patch of 1.3.0, found: $new"
  declares "$format" "$dir" "$new"
  install "$format" "$dir" fresh
  same_tree "$expected" "$dir/node_modules/left-pad" || fail "$format: \`$format\` installed other bytes than the merged fork"
}

echo "Upgrading patched packages whose lock file a bot moved (forklayer upgrade)" >&2
t=$SECONDS
for step in upgrade resolved; do
  cp -a "$work/pristine/left-pad" "$work/expected-$step"
  edit left-pad "$work/expected-$step" "$step"
done
clean=0 conflicting=0
for format in "${formats[@]}"; do
  # A fork of a line 1.3.0 did not change: merged and exported at once.
  dir="$work/upgrade/$format-upgrade"
  upgrade_project "$format" upgrade
  fl 0 "upgrade-$format" -C "$dir" upgrade
  has "$logs/upgrade-$format.err" "Moving left-pad 1.2.0 -> 1.3.0 (as \`$(lock_file "$format")\` resolves)"
  has "$logs/upgrade-$format.out" "kept       left-pad/index.js"
  upgraded "$format" "$dir" "$work/expected-upgrade"
  clean=$((clean + 1))

  # A fork of the line 1.3.0 changed too: guided conflict, resolved by
  # hand, then merge --continue and export.
  dir="$work/upgrade/$format-conflict"
  upgrade_project "$format" conflict
  fl 1 "upgrade-conflict-$format" -C "$dir" upgrade
  has "$logs/upgrade-conflict-$format.out" "conflict   left-pad/index.d.ts"
  fork="$dir/forklayer/forks/left-pad"
  has "$fork/index.d.ts" "<<<<<<< fork@1.2.0"
  has "$fork/index.d.ts" ">>>>>>> upstream@1.3.0"
  [[ "$(patch_files "$dir")" == "$(cat "$dir.before")" ]] || fail "$format: a conflicting upgrade changed the project's patches"
  edit left-pad "$fork" resolve
  fl 0 "continue-$format" -C "$dir" merge --continue
  fl 0 "export-conflict-$format" -C "$dir" export
  upgraded "$format" "$dir" "$work/expected-resolved"
  conflicting=$((conflicting + 1))
done
echo "ok: $clean clean upgrades (lock moved by the tool, patch merged onto 1.3.0 and exported, old patch gone) and $conflicting guided conflicts (resolved, merge --continue, export); each tool installs the merged fork ($((SECONDS - t))s)" >&2

# --- 4. refusals ----------------------------------------------------------------
# refused <name> <format> <project> <patch file>: `import` in place exits 3,
# names the patch file, and leaves the project as it was.
refused() {
  local name="$1" format="$2" dir="$3" patch="$4" before
  before="$(listing "$dir")"
  fl 3 "refused-$name" -C "$dir" import "$format"
  has "$logs/refused-$name.err" "$patch"
  has "$logs/refused-$name.err" "nothing was written"
  [[ "$(listing "$dir")" == "$before" ]] || fail "$name: the refused import changed the project"
  echo "  $name: refused, naming \`$patch\`" >&2
  nrefused=$((nrefused + 1))
}

# A project of <format> on left-pad@1.3.0 whose patch the tool made from
# edit.js step <step>.
refusal_project() {
  local format="$1" step="$2" dir="$work/refused/$1-$2"
  mkdir -p "$dir"
  printf '{\n  "name": "refused",\n  "version": "1.0.0",\n  "private": true,\n  "dependencies": {\n    "left-pad": "1.3.0"\n  }\n}\n' >"$dir/package.json"
  if [[ "$format" == yarn ]]; then
    yarnrc "$dir"
    : >"$dir/yarn.lock"
  fi
  install "$format" "$dir" fresh
  # pnpm writes a patch creating a symbolic link, then fails to apply it.
  (tool_patch "$format" "$dir" left-pad@1.3.0 "$step") 2>/dev/null || has "$dir/make.log" "Unexpected file mode string: 120000"
  rm -rf "$dir/node_modules"
}

echo "Refusing unsafe patches (forklayer import)" >&2
t=$SECONDS
nrefused=0
# patch-package writes `Binary files … differ` for a binary file.
refusal_project patch-package binary
refused binary-patch-package patch-package "$work/refused/patch-package-binary" patches/left-pad+1.3.0.patch
# git's own binary patch, where pnpm keeps its patch.
refusal_project pnpm binary
dir="$work/refused/pnpm-git-binary"
copy_project "$work/refused/pnpm-binary" "$dir"
mkdir "$work/git-binary"
(
  cd "$work/git-binary" && git init -q && edit left-pad . binary && git add logo.png && git diff --cached --binary
) >"$dir/patches/left-pad@1.3.0.patch"
has "$dir/patches/left-pad@1.3.0.patch" "GIT binary patch"
refused git-binary-pnpm pnpm "$dir" patches/left-pad@1.3.0.patch
# pnpm itself writes a binary file as text, every byte that is no UTF-8
# replaced by U+FFFD: nothing to refuse, the layer holds what pnpm installs.
dir="$work/refused/pnpm-binary"
fl 0 lossy-pnpm -C "$dir" import pnpm
install pnpm "$dir" fresh
same_tree "$dir/node_modules/left-pad" "$dir/forklayer/forks/left-pad" ||
  fail "pnpm's patch of a binary file: the imported fork is not what pnpm installs"
echo "  pnpm's own patch of a binary file (U+FFFD for the bytes that are no UTF-8): imported as pnpm installs it" >&2
# Patches creating a symbolic link, as pnpm and Yarn write them.
refusal_project pnpm symlink
refused symlink-pnpm pnpm "$work/refused/pnpm-symlink" patches/left-pad@1.3.0.patch
refusal_project yarn symlink
refused symlink-yarn yarn "$work/refused/yarn-symlink" "$(cd "$work/refused/yarn-symlink" && echo .yarn/patches/left-pad-npm-1.3.0-*.patch)"
# Each tool's own project, its left-pad patch declared at `../` (outside
# the project), or replaced by a symbolic link.
for format in "${formats[@]}"; do
  rel="$(cd "$work/made/$format" && { find patches .yarn -name 'left-pad*.patch' 2>/dev/null || true; } | sort | head -n1)"
  if [[ "$format" != patch-package ]]; then
    dir="$work/refused/$format-outside/project"
    copy_project "$work/made/$format" "$dir"
    mv "$dir/$rel" "$dir/../outside.patch"
    for config in package.json pnpm-workspace.yaml; do
      [[ -f "$dir/$config" ]] && sed -i "s|$rel|../outside.patch|" "$dir/$config"
    done
    refused "outside-$format" "$format" "$dir" ../outside.patch
  fi
  dir="$work/refused/$format-linked"
  copy_project "$work/made/$format" "$dir"
  mv "$dir/$rel" "$dir/linked-target.patch"
  ln -s "$dir/linked-target.patch" "$dir/$rel"
  refused "linked-$format" "$format" "$dir" "$rel"
done
echo "ok: $nrefused unsafe patches refused by \`import\`, each named, nothing written ($((SECONDS - t))s)" >&2

# --- 5. aliases, other versions, pnpm's old key ----------------------------------
# A project installing left-pad under an alias (`"lp": "npm:left-pad@…"`).
alias_project() {
  local format="$1" dir="$2" deps="$3"
  mkdir -p "$dir"
  printf '{\n  "name": "alias-%s",\n  "version": "1.0.0",\n  "private": true,\n  "dependencies": {\n%s\n  }\n}\n' "$format" "$deps" >"$dir/package.json"
  if [[ "$format" == yarn ]]; then
    yarnrc "$dir"
    : >"$dir/yarn.lock"
  fi
  install "$format" "$dir" fresh
}

echo "Patching aliased dependencies (export, import), keeping other versions' patches, pnpm's old key" >&2
t=$SECONDS
# Yarn's fork of left-pad (no CRLF lines: every tool can carry it), alone.
layer="$work/layer/yarn"
grep -v '"@types/minimist@' "$layer/forklayer.toml" >"$layer/left-pad-only.toml"
fork="$work/made/yarn/installed/left-pad"
# The same fork on left-pad@1.2.0, in a layer of its own.
old="$work/alias/made-1.2.0"
alias_project pnpm "$old" '    "left-pad": "1.2.0"'
tool_patch pnpm "$old" left-pad@1.2.0 upgrade
mkdir -p "$work/alias/layer-1.2.0"
fl 0 alias-import-1.2.0 -C "$work/alias/layer-1.2.0" import pnpm "$old"
aliased=0
for format in "${formats[@]}"; do
  # npm and patch-package find a package by the name it is installed
  # under (`lp@1.3.0`, `patches/lp+1.3.0.patch`), Yarn by the dependency
  # that declares `patch:`; pnpm and bun by the package's own name.
  dir="$work/alias/$format"
  alias_project "$format" "$dir" '    "lp": "npm:left-pad@1.3.0"'
  fl 0 "alias-export-$format" -C "$layer" --config left-pad-only.toml export "$format" "$dir"
  case "$format" in
    npm) has "$dir/package.json" '"lp@1.3.0": "patches/left-pad@1.3.0.patch"' ;;
    yarn) has "$dir/package.json" '"lp": "patch:left-pad@npm%3A1.3.0#~/.yarn/patches/left-pad-npm-1.3.0-' ;;
    patch-package) has "$dir/patches/lp+1.3.0.patch" 'b/node_modules/lp/' ;;
  esac
  install "$format" "$dir" "$(install_mode "$format")"
  same_tree "$fork" "$dir/node_modules/lp" || fail "$format: the aliased left-pad is not the fork"
  # Imported back: the alias's patch is left-pad's.
  mkdir -p "$work/alias/imported-$format"
  fl 0 "alias-import-$format" -C "$work/alias/imported-$format" import "$format" "$dir"
  has "$logs/alias-import-$format.out" "imported left-pad@1.3.0"
  same_tree "$fork" "$work/alias/imported-$format/forks/left-pad" || fail "$format: the alias's patch imported as another fork"

  # left-pad@1.3.0 and, through the alias, 1.2.0 with its own patch: the
  # export of 1.3.0 keeps the patch of 1.2.0 the lock file still installs.
  dir="$work/alias/$format-both"
  alias_project "$format" "$dir" '    "left-pad": "1.3.0",
    "lp": "npm:left-pad@1.2.0"'
  fl 0 "alias-export-1.2.0-$format" -C "$work/alias/layer-1.2.0" export "$format" "$dir"
  kept="$(patch_files "$dir")"
  fl 0 "alias-export-both-$format" -C "$layer" --config left-pad-only.toml export "$format" "$dir"
  has "$logs/alias-export-both-$format.err" "patches \`left-pad@1.2.0\`, which \`$(lock_file "$format")\` says the project still installs"
  for rel in $kept; do
    [[ -f "$dir/$rel" ]] || fail "$format: the export of left-pad@1.3.0 removed $rel, the patch of the 1.2.0 the project installs"
    declares "$format" "$dir" "$rel"
  done
  install "$format" "$dir" fresh
  same_tree "$fork" "$dir/node_modules/left-pad" || fail "$format: left-pad@1.3.0 is not the fork"
  same_tree "$work/alias/layer-1.2.0/forks/left-pad" "$dir/node_modules/lp" || fail "$format: left-pad@1.2.0 lost its patch"
  aliased=$((aliased + 1))
done
rm "$layer/left-pad-only.toml"

# pnpm no longer reads package.json's `pnpm.patchedDependencies`: import
# leaves those entries out as pnpm does, export leaves them and their files.
dir="$work/alias/pnpm-old-key"
copy_project "$work/made/pnpm" "$dir"
node -e 'const fs=require("fs"),y=fs.readFileSync(process.argv[2],"utf8"),p=JSON.parse(fs.readFileSync(process.argv[1])),e={};
for (const m of y.matchAll(/^  (\S+): (\S+)$/gm)) e[m[1].replace(/^[\x27"]|[\x27"]$/g,"")]=m[2];
p.pnpm={patchedDependencies:e};fs.writeFileSync(process.argv[1],JSON.stringify(p,null,2)+"\n")' "$dir/package.json" "$dir/pnpm-workspace.yaml"
rm "$dir/pnpm-workspace.yaml"
has "$dir/package.json" '"left-pad": "patches/left-pad.patch"'
install pnpm "$dir" fresh
has "$dir/install.log" 'The "pnpm" field in package.json is no longer read by pnpm'
same_tree "$work/pristine/left-pad" "$dir/node_modules/left-pad" || fail "pnpm applied package.json's pnpm.patchedDependencies"
rm -rf "$dir/node_modules" "$dir/install.log"
before="$(listing "$dir")"
fl 2 pnpm-old-key-import -C "$dir" import pnpm
has "$logs/pnpm-old-key-import.err" '`package.json` declares `@types/minimist` (`patches/@types__minimist.patch`), `left-pad` (`patches/left-pad.patch`)'
has "$logs/pnpm-old-key-import.err" 'under `pnpm.patchedDependencies`, which pnpm no longer reads'
has "$logs/pnpm-old-key-import.err" 'move the entries to `patchedDependencies` in `pnpm-workspace.yaml`'
[[ "$(listing "$dir")" == "$before" ]] || fail "the refused import changed the project"
cp "$dir/package.json" "$work/alias/pnpm-old-key.package.json"
fl 0 pnpm-old-key-export -C "$work/layer/pnpm" export pnpm "$dir"
has "$logs/pnpm-old-key-export.err" 'export leaves that key and the files it names as they are'
cmp "$dir/package.json" "$work/alias/pnpm-old-key.package.json" || fail "export changed package.json"
for rel in patches/left-pad.patch patches/@types__minimist.patch; do
  cmp "$work/made/pnpm/$rel" "$dir/$rel" || fail "export changed or removed $rel, which package.json still names"
done
install pnpm "$dir" fresh
for pkg in "${packages[@]}"; do
  same_tree "$work/made/pnpm/installed/$(slug "$pkg")" "$dir/node_modules/$pkg" || fail "pnpm-old-key: $pkg is not the fork"
done
echo "ok: $aliased tools patch an aliased left-pad as forklayer exports it and import it back; the patch of the 1.2.0 an alias still installs is kept; pnpm's old key is left out by import and left alone by export ($((SECONDS - t))s)" >&2
