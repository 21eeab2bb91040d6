#!/usr/bin/env bash
# Runs every test of the repository: the Rust tool, the TypeScript plugins,
# the README translation check, the fork-layer behaviour suites, the install
# scripts, the real-host end-to-end run and the distribution (crate, npm
# packages, release workflow scripts, SBOM, workflows). Exits non-zero when
# any suite fails; skips nothing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

failed=()
sections=0
# Each suite's output is also kept, so that the end of the run repeats the
# last lines of every failed suite: a CI log is often read from its tail.
logs="$(mktemp -d "${TMPDIR:-/tmp}/forklayer-test-all.XXXXXX")"
trap 'rm -rf "$logs"' EXIT
section() {
  local name="$1"; shift
  printf '\n==> %s\n' "$name"
  sections=$((sections + 1))
  local start=$SECONDS log="$logs/$sections.log"
  if "$@" 2>&1 | tee "$log"; then
    printf '==> %s: ok (%ss)\n' "$name" "$((SECONDS - start))"
  else
    printf '==> %s: FAILED (%ss)\n' "$name" "$((SECONDS - start))"
    failed+=("$name")
    failed_logs+=("$log")
  fi
}
failed_logs=()

plugin_check() { (cd "plugins/$1" && npm ci --no-audit --no-fund && npm run check); }

section "rust: cargo test" cargo test --locked --workspace
section "fork layer: forklayer check" cargo run --locked --quiet -- check
section "fork layer: manifests under the JS toolchain's rules" node --test tests/seed/
section "plugin: dsh-result-check" plugin_check dsh-result-check
section "plugin: dsh-proof" plugin_check dsh-proof
section "plugin: dsh-self-checking" plugin_check dsh-self-checking
section "docs: README languages in step" node --test tests/docs/readme-i18n.test.mjs
section "fork layer behaviour suites" bash tests/forks/run.sh
section "patch formats: npm, pnpm, yarn, bun, patch-package (real tools)" bash tests/formats/run.sh
section "install scripts" bash tests/install/run.sh
section "real-host end to end" bash tests/e2e/run.sh
section "distribution: cargo package/install, npm, release scripts, SBOM schema, workflows" bash tests/ship/run.sh

echo
if ((${#failed[@]})); then
  for i in "${!failed[@]}"; do
    printf '\n==> the last lines of the failed suite "%s":\n' "${failed[$i]}"
    tail -n 60 "${failed_logs[$i]}"
  done
  printf '\nfailed suites: %s\n' "${failed[*]}"
  exit 1
fi
echo "all suites passed"
