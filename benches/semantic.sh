#!/usr/bin/env bash
# Semantic search benchmarks on a 10,000-entry MEMORY.md, each against `true` in the same
# run (commands timed round-robin by alternate.py):
#   1. first vector build: a search with the index cached and no vector cache (entries/s)
#   2. hybrid search, vectors cached (budget ≤ 30 ms) beside the lexical search of the same
#      project without a model (budget ≤ 10 ms)
#   3. peak RSS of a hybrid search
# Needs the model folder (all-MiniLM-L6-v2) as MODEL=... or in .ci/cache/ (see .ci/run).
#
# usage: benches/semantic.sh [MIND_BIN]   (default target/release/mind; build it first)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
mind="${1:-$here/target/release/mind}"
model="${MODEL:-$here/.ci/cache/all-MiniLM-L6-v2}"
runs=${RUNS:-30}
[ -x "$mind" ] || { echo "build first: cargo build --release" >&2; exit 1; }
[ -f "$model/model.safetensors" ] || { echo "no model at $model (set MODEL)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lexical-home" "$work/home/models"
ln -s "$model" "$work/home/models/all-MiniLM-L6-v2"
export NO_COLOR=1 MIND_NOW="2026-01-15T09:00:00Z"
query="timeout under load on Windows"
big="$work/big"
mkdir -p "$big"
(cd "$big" && MIND_HOME="$work/home" "$mind" init -q)
python3 "$here/benches/gen_rank.py" memory 10000 42 > "$big/.mind/MEMORY.md"
cd "$big"
MIND_HOME="$work/lexical-home" "$mind" search "$query" >/dev/null   # builds the index cache

echo "1. first vector build (10,000 entries, index cached)"
start=$(date +%s.%N)
MIND_HOME="$work/home" "$mind" search "$query" --json | python3 -c \
    'import json,sys; print("  embedded:", json.load(sys.stdin)["semantic"]["embedded"])'
end=$(date +%s.%N)
python3 -c "s=$end-$start; print(f'  {s:.1f} s, {10000/s:.0f} entries/s')"

echo "2. search, vectors cached"
python3 "$here/benches/alternate.py" "$runs" 3 "true" \
    "MIND_HOME=$work/lexical-home $mind search '$query'" \
    "MIND_HOME=$work/home $mind search '$query'"

echo "3. peak RSS"
for side in lexical-home home; do
    /usr/bin/time -f "  $side: %M KB" env MIND_HOME="$work/$side" "$mind" search "$query" >/dev/null
done
