#!/usr/bin/env bash
# Publishes an assembled release (tools/ship/assemble.sh):
#   bash tools/ship/publish.sh github <tag> <out dir>   # a GitHub release with every file and SHA256SUMS
#   bash tools/ship/publish.sh npm <tag> <out dir>      # the npm packages, platform packages first
# DRY_RUN=1 only checks and shows what would be published (`npm publish
# --dry-run`, the `gh` command line), which the test command does.
set -euo pipefail
usage="usage: bash tools/ship/publish.sh github|npm <tag> <out dir>"
what="${1:?$usage}"
tag="${2:?$usage}"
out="${3:?$usage}"
dry="${DRY_RUN:-}"
[[ -f $out/SHA256SUMS ]] || { echo "error: \`$out/SHA256SUMS\` is missing: run tools/ship/assemble.sh first" >&2; exit 2; }
(cd "$out" && sha256sum --check --quiet SHA256SUMS) || { echo "error: \`$out\` does not match its SHA256SUMS" >&2; exit 3; }

case "$what" in
  github)
    files=("$out/SHA256SUMS")
    while IFS= read -r file; do files+=("$out/$file"); done < <(sed 's/^[0-9a-f]*  //' "$out/SHA256SUMS")
    cmd=(gh release create "$tag" --verify-tag --title "forklayer ${tag#v}" --notes "Binaries, npm packages, the profile release and its CycloneDX SBOM; verify with \`sha256sum -c SHA256SUMS\` and \`gh attestation verify <file> --repo <owner>/<repo>\`." "${files[@]}")
    if [[ -n $dry ]]; then printf '%q ' "${cmd[@]}"; echo; else "${cmd[@]}"; fi
    ;;
  npm)
    # The root package last: when it appears, its optional dependencies exist.
    root_pkg="$out/npm/forklayer-${tag#v}.tgz"
    [[ -f $root_pkg ]] || { echo "error: \`$root_pkg\` is missing" >&2; exit 2; }
    publish() {
      if [[ -n $dry ]]; then npm publish --dry-run --access public "$1"; else npm publish --provenance --access public "$1"; fi
    }
    for tgz in "$out"/npm/*.tgz; do
      [[ $tgz == "$root_pkg" ]] || publish "$tgz"
    done
    publish "$root_pkg"
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
