#!/usr/bin/env bash
# Behaviour suites of the Self Checking fork layer (profile/forks/@deepseek-ai).
#
# 1. Installs the real dsh 0.1.0-rc.8 runtime packages from the registry into
#    tests/forks/runtime/node_modules (committed package.json + lock, npm ci).
# 2. Assembles a profile-like module tree, runtime/profile/node_modules, holding
#    a copy of every fork: code under runtime/profile resolves a forked package
#    to the fork and everything else to the pristine install one level up,
#    exactly as an installed profile falls back to the shared install.
# 3. Runs the suites with the machine's node (20: test files listed explicitly).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
runtime="$here/runtime"
forks="$repo/profile/forks/@deepseek-ai"

if ! command -v bwrap >/dev/null 2>&1; then
  echo "error: tests/forks needs bubblewrap (bwrap) for the real-confinement suites" >&2
  echo "help: apt-get install bubblewrap" >&2
  exit 2
fi

echo "Installing rc.8 runtime packages (npm ci) into tests/forks/runtime" >&2
(cd "$runtime" && npm ci --legacy-peer-deps --no-audit --no-fund --loglevel=error >&2)

echo "Assembling the profile-like tree with the forks" >&2
tree="$runtime/profile/node_modules/@deepseek-ai"
staging="$runtime/profile.staging"
rm -rf "$staging"
mkdir -p "$staging/node_modules/@deepseek-ai"
for fork in "$forks"/*/; do
  cp -a "${fork%/}" "$staging/node_modules/@deepseek-ai/"
done
rm -rf "$runtime/profile"
mv "$staging" "$runtime/profile"
test -d "$tree/dsh-sandbox"

cd "$here"
exec node --test --test-concurrency=1 \
  suites/vocabulary.test.mjs \
  suites/classify.test.mjs \
  suites/gate.test.mjs \
  suites/confinement.test.mjs \
  suites/pwsh.test.mjs \
  suites/tools.test.mjs \
  suites/fs-fence.test.mjs \
  suites/terminal.test.mjs \
  suites/sandbox-local.test.mjs \
  suites/presets.test.mjs \
  suites/glyph.test.mjs
