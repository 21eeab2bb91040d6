#!/usr/bin/env bash
# Builds forklayer's release binary for one Rust target and copies it to
# <out>/forklayer-<target>[.exe]. The release workflow runs it on each
# platform's runner; tests/ship/run.sh runs it for this machine's target.
#   bash tools/ship/build-binary.sh <rust target> <out dir>
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
usage="usage: bash tools/ship/build-binary.sh <rust target> <out dir>"
target="${1:?$usage}"
out="${2:?$usage}"

host="$(rustc -vV | sed -n 's/^host: //p')"
if [[ $target == "$host" ]]; then
  # The host's own build shares target/release with `cargo install --path .`.
  cargo build --release --locked --manifest-path "$root/Cargo.toml"
  built="$root/target/release"
else
  # A second target of the same system (x86_64 macOS on an arm64 runner).
  rustup target add "$target"
  cargo build --release --locked --target "$target" --manifest-path "$root/Cargo.toml"
  built="$root/target/$target/release"
fi
exe=""
[[ $target == *-windows-* ]] && exe=".exe"
mkdir -p "$out"
cp "$built/forklayer$exe" "$out/forklayer-$target$exe"
echo "$out/forklayer-$target$exe"
