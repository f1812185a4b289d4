#!/usr/bin/env bash
# Checks that a change leaves every verdict byte-identical: builds BASE (a commit, default
# HEAD) in a worktree beside the checkout, runs the same commands with both binaries and
# compares their output byte for byte. The commands: `verify --format json` on each shared
# corpus and on the project's own, and `diff --format json` of the Tenhou corpus against every
# preset. Needs ../shared (or HAIFU_SHARED). Exit 0 when all agree, 1 when any differs.
#
#   scripts/same-verdicts.sh [BASE]
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-HEAD}
rev=$(git rev-parse --short "$base")
shared=${HAIFU_SHARED:-../shared}
work=${TMPDIR:-/tmp}/haifu-same-verdicts
tree=$work/tree-$rev
mkdir -p "$work"
if [[ ! -d $tree ]]; then
  git worktree add --detach "$tree" "$rev" >/dev/null
fi
echo "building $rev in $tree" >&2
(cd "$tree" && CARGO_TARGET_DIR=$work/target cargo build --release -q -p haifu-cli)
echo "building the working tree" >&2
cargo build --release -q -p haifu-cli
old=$work/target/release/haifu
new=target/release/haifu

runs=()
for corpus in tenhou tenhou6 majsoul; do
  runs+=("verify $shared/corpus/$corpus --format json")
done
runs+=("verify corpus --format json")
for preset in $("$new" rules list | awk '{print $1}'); do
  runs+=("diff $shared/corpus/tenhou --against $preset --format json")
done

status=0
for run in "${runs[@]}"; do
  # shellcheck disable=SC2086
  "$old" $run >"$work/old.out" 2>"$work/old.err" && o=0 || o=$?
  # shellcheck disable=SC2086
  "$new" $run >"$work/new.out" 2>"$work/new.err" && n=0 || n=$?
  if [[ $o != "$n" ]] || ! cmp -s "$work/old.out" "$work/new.out" || ! cmp -s "$work/old.err" "$work/new.err"; then
    echo "DIFFERS: haifu $run (exit $o before, $n now)"
    diff <(head -c 2000000 "$work/old.out") <(head -c 2000000 "$work/new.out") | head -20 || true
    diff "$work/old.err" "$work/new.err" | head -10 || true
    status=1
  else
    echo "same:    haifu $run (exit $n, $(wc -c <"$work/new.out") bytes)"
  fi
done
exit $status
