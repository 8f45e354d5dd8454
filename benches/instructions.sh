#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind) for the ranking scenarios of
# benches/search.sh, with `true` in the same run. Wall times on a shared machine vary by
# tens of percent from run to run; instruction counts do not, so this is the figure to
# compare before and after a change (and `callgrind_annotate` on the kept profiles says
# where the instructions go).
#   1. `mind search` on a 10,000-entry MEMORY.md, index cached, and without the cache
#   2. `mind log rejected` with 50 rejections in the session, and `mind log assumption`
#      (the same write without loop detection)
#   3. `mind recall` that starts a new session and promotes 20 items into 10,000 entries
#   4. `mind search --all-projects` over 200 projects of 2,000 entries (skip: ALL=0)
#
# usage: benches/instructions.sh [MIND_BIN]   (default target/release/mind; build it first)
# Profiles are kept in $OUT (default target/bench-instructions/callgrind.SCENARIO.out).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
mind="${1:-$here/target/release/mind}"
[ -x "$mind" ] || { echo "build first: cargo build --release" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "needs valgrind" >&2; exit 1; }
gen="python3 $here/benches/gen_rank.py"
out="${OUT:-$here/target/bench-instructions}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out" "$work/home"
export MIND_HOME="$work/home" NO_COLOR=1 MIND_NOW="2026-01-15T09:00:00Z"
query="timeout under load on Windows"

# Print "name  instructions  ratio to true" for one command run under callgrind.
count() {
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.$name.out" "$@" \
        >/dev/null 2>"$work/valgrind.err" || { cat "$work/valgrind.err" >&2; exit 1; }
    local n
    n=$(grep -o 'Collected : [0-9]*' "$work/valgrind.err" | awk '{print $3}')
    [ "$name" = true ] && base=$n
    printf '%-34s %13s %8s\n' "$name" "$(printf "%'d" "$n")" "$(awk -v n="$n" -v b="$base" 'BEGIN{printf "%.1fx", n/b}')"
}

big="$work/big"
mkdir -p "$big"
(cd "$big" && "$mind" init -q)
$gen memory 10000 42 > "$work/memory-10k.md"
$gen session 50 7 > "$work/session-50.md"
$gen promotable 20 9 > "$work/session-promote.md"
printf '{"last_activity": %s, "schema_version": 2, "memory_hash": ""}\n' \
    "$(( $(date -d "$MIND_NOW" +%s) * 1000 - 7200000 ))" > "$work/state-gap.json"
cp "$work/memory-10k.md" "$big/.mind/MEMORY.md"
cd "$big"
"$mind" search "$query" >/dev/null   # builds the cache

printf '%-34s %13s %8s\n' scenario instructions "vs true"
count true true
count search-10k-cached "$mind" search "$query"
rm -rf .mind/cache
count search-10k-no-cache "$mind" search "$query"
cp "$work/session-50.md" .mind/SESSION.md
count log-rejected-50 "$mind" log rejected 'bump the retry timeout to 60s'
cp "$work/session-50.md" .mind/SESSION.md
count log-assumption-50 "$mind" log assumption 'bump the retry timeout to 60s'
cp "$work/memory-10k.md" .mind/MEMORY.md
cp "$work/session-promote.md" .mind/SESSION.md
cp "$work/state-gap.json" .mind/state.json
count recall-promote-20 "$mind" recall -q

if [ "${ALL:-1}" != 0 ]; then
    export MIND_HOME="$work/home-200"
    mkdir -p "$MIND_HOME"
    cd "$work"
    for i in $(seq 1 200); do
        p="$work/projects/p$i"
        mkdir -p "$p"
        (cd "$p" && "$mind" init -q)
        $gen memory 2000 "$i" > "$p/.mind/MEMORY.md"
    done
    "$mind" search "$query" --all-projects >/dev/null   # builds every cache
    count search-all-200x2k "$mind" search "$query" --all-projects
fi
