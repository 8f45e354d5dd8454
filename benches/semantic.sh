#!/usr/bin/env bash
# Semantic search benchmarks on a MEMORY.md of SIZE entries (default 10,000):
#   1. first vector build: a search with the index cached and no vector cache (entries/s)
#   2. hyperfine, one run, ratios to `true`: hybrid search (model installed, vectors cached;
#      budget ≤ 30 ms) and lexical search of the same project without a model (≤ 10 ms)
#   3. peak RSS of a hybrid and a lexical search (/usr/bin/time -v)
#   4. with perf installed: CPU time and page faults of each (perf stat, 10 runs), figures
#      that hold on a machine other jobs are loading, where wall times do not
# Needs hyperfine, python3 and the model folder (all-MiniLM-L6-v2) as MODEL=... or in
# .ci/cache/ (see .ci/run). Warm figures: the model's files are read once before timing.
#
# usage: benches/semantic.sh [SIZE] [MIND_BIN]   (default 10000, target/release/mind)
#        RUNS=N (default 30) timed runs per command
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
size="${1:-10000}"
mind="${2:-$here/target/release/mind}"
model="${MODEL:-$here/.ci/cache/all-MiniLM-L6-v2}"
runs=${RUNS:-30}
[ -x "$mind" ] || { echo "build first: cargo build --release" >&2; exit 1; }
[ -f "$model/model.safetensors" ] || { echo "no model at $model (set MODEL)" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "needs hyperfine" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lexical-home" "$work/home/models"
cp -r "$model" "$work/home/models/all-MiniLM-L6-v2"
export NO_COLOR=1 MIND_NOW="2026-01-15T09:00:00Z"
query="timeout under load on Windows"
big="$work/big"
mkdir -p "$big"
(cd "$big" && MIND_HOME="$work/home" "$mind" init -q)
python3 "$here/benches/gen_rank.py" memory "$size" 42 > "$big/.mind/MEMORY.md"
cd "$big"
MIND_HOME="$work/lexical-home" "$mind" search "$query" >/dev/null   # builds the index cache
cat "$work/home/models/all-MiniLM-L6-v2/"* >/dev/null 2>&1 || true  # model in the page cache

echo "1. first vector build ($size entries, index cached)"
start=$(date +%s.%N)
embedded=$(MIND_HOME="$work/home" "$mind" search "$query" --json | python3 -c \
    'import json,sys; print(json.load(sys.stdin)["semantic"]["embedded"])')
end=$(date +%s.%N)
python3 -c "s=$end-$start; print(f'  {$embedded} lines embedded in {s:.1f} s: {$embedded/s:.0f} entries/s')"

echo "2. search, vectors cached ($runs runs each, ratios to \`true\`)"
hyperfine -N --warmup 3 --runs "$runs" --style basic --export-markdown "$work/table.md" \
    -n true "true" \
    -n lexical "env MIND_HOME=$work/lexical-home $mind search '$query'" \
    -n hybrid "env MIND_HOME=$work/home $mind search '$query'" >/dev/null
cat "$work/table.md"

echo "3. peak RSS"
for side in lexical-home home; do
    rss=$(/usr/bin/time -v env MIND_HOME="$work/$side" "$mind" search "$query" 2>&1 >/dev/null |
        awk -F': ' '/Maximum resident/ {print $2}')
    echo "  ${side%-home}: ${rss} KB" | sed 's/  home:/  hybrid:/'
done

if command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then
    echo "4. CPU time and page faults (perf stat, 10 runs)"
    for side in lexical-home home; do
        perf stat -r 10 -e task-clock,page-faults env MIND_HOME="$work/$side" "$mind" search "$query" 2>&1 >/dev/null |
            awk -v side="${side%-home}" '/task-clock/ {ms=$1} /page-faults/ {pf=$1}
                END {sub(/^home$/, "hybrid", side); printf "  %s: %s ms CPU, %s page faults\n", side, ms, pf}'
    done
fi
