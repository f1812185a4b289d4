#!/usr/bin/env bash
# Fails when a committed snapshot under snapshots/ was asserted by no test: what
# `cargo insta test --unreferenced=reject` checks, without cargo-insta. REFS is the file that
# insta filled while the tests ran with INSTA_SNAPSHOT_REFERENCES_FILE=REFS (one snapshot path
# a line).
#
#   INSTA_SNAPSHOT_REFERENCES_FILE=/tmp/refs cargo test --workspace
#   scripts/unreferenced-snapshots.sh /tmp/refs
set -euo pipefail
cd "$(dirname "$0")/.."
refs=${1:?usage: scripts/unreferenced-snapshots.sh REFS}
root=$(pwd -P)
referenced=$(mktemp)
trap 'rm -f "$referenced"' EXIT
# insta writes absolute paths, some through `..`: make them relative to the workspace.
while IFS= read -r path; do
  [[ -n $path ]] || continue
  real=$(realpath -m -- "$path")
  printf '%s\n' "${real#"$root"/}"
done <"$refs" | sort -u >"$referenced"
unreferenced=$(git ls-files 'snapshots/*.snap' | sort | comm -23 - "$referenced")
if [[ -n $unreferenced ]]; then
  echo "snapshots no test asserts (remove them, or the test that lost them):" >&2
  printf '  %s\n' $unreferenced >&2
  exit 1
fi
echo "every snapshot is asserted by a test ($(wc -l <"$referenced") referenced)"
