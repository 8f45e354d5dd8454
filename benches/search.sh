#!/usr/bin/env bash
# Ranking benchmarks (hyperfine), each compared with `true` in the same run:
#   1. `mind search` on a 10,000-entry MEMORY.md, index cached (and cold: cache deleted)
#   2. `mind search --all-projects` over 200 registered projects of 2,000 entries each
#   3. `mind log rejected` with 50 rejections already in the session (loop detection)
#   4. `mind recall` that starts a new session and promotes 20 items into 10,000 entries
# Budgets (DESIGN.md / issue): 10 ms, 150 ms, 5 ms, 30 ms.
#
# usage: benches/search.sh [MIND_BIN]   (default target/release/mind; build it first)
# Results: a markdown table per scenario in $OUT (default target/bench-search/).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
mind="${1:-$here/target/release/mind}"
[ -x "$mind" ] || { echo "build first: cargo build --release" >&2; exit 1; }
gen="python3 $here/benches/gen_rank.py"
out="${OUT:-$here/target/bench-search}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out" "$work/home"
export MIND_HOME="$work/home" NO_COLOR=1 MIND_NOW="2026-01-15T09:00:00Z"
query="timeout under load on Windows"

# One project of 10,000 entries.
big="$work/big"
mkdir -p "$big"
(cd "$big" && "$mind" init -q)
$gen memory 10000 42 > "$work/memory-10k.md"
cp "$work/memory-10k.md" "$big/.mind/MEMORY.md"
(cd "$big" && "$mind" search "$query" >/dev/null)   # builds the cache

cd "$big"
hyperfine -N --warmup 5 --runs 50 --export-markdown "$out/search-10k.md" \
    -n "mind search (10k, cached)" "$mind search '$query'" \
    -n true "true"
hyperfine -N --warmup 2 --runs 20 --export-markdown "$out/search-10k-cold.md" \
    --prepare "rm -rf $big/.mind/cache" \
    -n "mind search (10k, no cache)" "$mind search '$query'" \
    -n true "true"

# Loop detection against 50 rejections of this session.
$gen session 50 7 > "$work/session-50.md"
cp "$work/session-50.md" .mind/SESSION.md
hyperfine -N --warmup 3 --runs 50 --export-markdown "$out/log-rejected.md" \
    --prepare "cp $work/session-50.md $big/.mind/SESSION.md" \
    -n "mind log rejected (50 in session)" "$mind log rejected 'bump the retry timeout to 60s'" \
    -n "mind log assumption (same write, no loop check)" "$mind log assumption 'bump the retry timeout to 60s'" \
    -n true "true"

# A new session promoting 20 items into 10,000 entries (the state says the last
# activity was two hours ago; MEMORY.md and SESSION.md are restored before each run).
$gen promotable 20 9 > "$work/session-promote.md"
printf '{"last_activity": %s, "schema_version": 2, "memory_hash": ""}\n' \
    "$(( $(date -d "$MIND_NOW" +%s) * 1000 - 7200000 ))" > "$work/state-gap.json"
restore="cp $work/memory-10k.md $big/.mind/MEMORY.md; cp $work/session-promote.md $big/.mind/SESSION.md; cp $work/state-gap.json $big/.mind/state.json"
$gen session 0 1 > "$work/session-empty.md"
baseline="cp $work/memory-10k.md $big/.mind/MEMORY.md; cp $work/session-empty.md $big/.mind/SESSION.md; cp $work/state-gap.json $big/.mind/state.json"
hyperfine -N --warmup 2 --runs 20 --export-markdown "$out/recall-promote.md" \
    --prepare "sh -c '$restore'" \
    -n "mind recall (new session, 20 promoted, 10k)" "$mind recall -q" \
    --prepare "sh -c '$baseline'" \
    -n "mind recall (new session, nothing to promote, 10k)" "$mind recall -q" \
    --prepare "true" \
    -n true "true"
sh -c "$restore"
"$mind" --json recall | python3 -c 'import json,sys; d=json.load(sys.stdin); print("promotion actions:", {a: sum(1 for p in d["promotion"] if p["action"]==a) for a in ("added","linked","superseded","skipped")})'

# 200 projects of 2,000 entries, all registered (in a home of their own).
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
hyperfine -N --warmup 3 --runs 20 --export-markdown "$out/search-all.md" \
    -n "mind search --all-projects (200 x 2k, cached)" "$mind search '$query' --all-projects" \
    -n true "true"

cat "$out"/*.md
