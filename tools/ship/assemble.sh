#!/usr/bin/env bash
# Assembles a forklayer release from prebuilt binaries (build-binary.sh):
#   - forklayer-<V>-<target>.tar.gz per binary: the binary, the man page,
#     shell completions, README.md and LICENSE;
#   - the npm packages (npm/platforms.json): the root package `forklayer`
#     and one per binary, packed by `npm pack` into npm/;
#   - the profile release of this repository: `forklayer release` (zip,
#     plugin and bundle tarballs, CycloneDX SBOM), then `release --check`
#     into a second directory, whose files must be byte-identical;
#   - SHA256SUMS of every file above.
# The binary of this machine's target renders the man page and completions
# and builds the profile release.
#   bash tools/ship/assemble.sh <version> <bin dir> <out dir> [--require-all]
# --require-all (the release workflow) fails unless every platform of
# npm/platforms.json has its binary in <bin dir>.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
usage="usage: bash tools/ship/assemble.sh <version> <bin dir> <out dir> [--require-all]"
version="${1:?$usage}"
bins="$(cd "${2:?$usage}" && pwd)"
out="${3:?$usage}"
require_all="${4:-}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
# Archives get the commit time, so that a rebuild of the tag gives the same bytes.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct)}"

# <key> <target> <binary file name> for every platform of npm/platforms.json.
# shellcheck disable=SC2016 # the single-quoted text is JavaScript
platforms="$(node -e '
  const { platforms } = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  for (const [key, p] of Object.entries(platforms)) console.log(`${key} ${p.target} ${p.binary}`);
' "$root/npm/platforms.json")"

host="$(rustc -vV | sed -n 's/^host: //p')"
host_bin="$bins/forklayer-$host"
# Workflow artifacts lose the executable bit on the way between jobs.
[[ -f $host_bin ]] && chmod 0755 "$host_bin"
[[ -x $host_bin ]] || { echo "error: no binary of this machine's target \`$host\` in \`$bins\`" >&2; exit 2; }
said="$("$host_bin" --version)"
[[ $said == "forklayer $version" ]] || { echo "error: \`$host_bin --version\` says \`$said\`, not \`forklayer $version\`" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$host_bin" man >"$work/forklayer.1"
mkdir -p "$work/completions"
"$host_bin" completions bash >"$work/completions/forklayer.bash"
"$host_bin" completions zsh >"$work/completions/_forklayer"
"$host_bin" completions fish >"$work/completions/forklayer.fish"
"$host_bin" completions powershell >"$work/completions/_forklayer.ps1"
"$host_bin" completions elvish >"$work/completions/forklayer.elv"

# Reproducible tar: sorted names, one mtime, root-owned, no pax times.
repro_tar() {
  tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
    --pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime -cf - -C "$1" "$2" | gzip -9n
}

npm_binaries=()
while read -r key target binary; do
  ext="${binary#forklayer}"
  bin="$bins/forklayer-$target$ext"
  if [[ ! -f $bin ]]; then
    if [[ $require_all == --require-all ]]; then
      echo "error: the binary for \`$key\` (\`$bin\`) is missing" >&2
      exit 2
    fi
    echo "note: no binary for \`$key\` in \`$bins\`; its archive and npm package are left out" >&2
    continue
  fi
  top="forklayer-$version-$target"
  mkdir -p "$work/$top"
  cp "$bin" "$work/$top/$binary"
  chmod 0755 "$work/$top/$binary"
  cp "$work/forklayer.1" "$root/README.md" "$root/LICENSE" "$work/$top/"
  cp -r "$work/completions" "$work/$top/completions"
  repro_tar "$work" "$top" >"$out/$top.tar.gz"
  npm_binaries+=(--binary "$key=$bin")
done <<<"$platforms"

node "$root/tools/ship/npm-packages.mjs" --version "$version" --out "$work/npm" --man "$work/forklayer.1" \
  "${npm_binaries[@]}" >"$work/npm-dirs"
mkdir -p "$out/npm"
while read -r dir; do
  (cd "$dir" && npm pack --silent --pack-destination "$out/npm" >/dev/null)
done <"$work/npm-dirs"

# The profile release, built twice: once plainly, once with --check (two
# more builds compared in process); the two outputs must agree.
"$host_bin" -C "$root" release --out "$out"
"$host_bin" -C "$root" release --check --out "$work/check"
for file in "$work/check"/*; do
  cmp -s "$file" "$out/$(basename "$file")" || { echo "error: \`$(basename "$file")\` differs between two release builds" >&2; exit 1; }
done

(cd "$out" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum) >"$work/SHA256SUMS"
mv "$work/SHA256SUMS" "$out/SHA256SUMS"
echo "assembled forklayer $version in $out"
