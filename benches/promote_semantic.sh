#!/usr/bin/env bash
# Recall with promotion on a 10,000-entry MEMORY.md with the model installed (budget ≤ 40 ms),
# each against `true` (hyperfine; every run starts from the same saved .mind/: a finished
# session of five promotable items, opened by a recall as an agent's session is, so the
# index, vector and parse caches are warm):
#   1. recall promoting by sentence vectors (model installed)
#   2. the same recall, lexical (no model)
#   3. with perf installed: CPU time of each recall (perf stat, the .mind/ restored before
#      each run), a figure that holds on a machine other jobs are loading
#   4. a search on an empty project, model vs none: about what loading the model costs
# Needs the model folder (all-MiniLM-L6-v2) as MODEL=... or in .ci/cache/ (see .ci/run).
#
# usage: benches/promote_semantic.sh [MIND_BIN]   (default target/release/mind; build it first,
#   e.g. CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo build --release)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
mind="${1:-$here/target/release/mind}"
model="${MODEL:-$here/.ci/cache/all-MiniLM-L6-v2}"
runs=${RUNS:-20}
[ -x "$mind" ] || { echo "build first: cargo build --release" >&2; exit 1; }
[ -f "$model/model.safetensors" ] || { echo "no model at $model (set MODEL)" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "needs hyperfine" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lexical-home" "$work/home/models"
ln -s "$model" "$work/home/models/all-MiniLM-L6-v2"
export NO_COLOR=1 MIND_NOW="2026-01-15T09:00:00Z"
big="$work/big"
mkdir -p "$big" "$work/empty"
(cd "$big" && MIND_HOME="$work/home" "$mind" init -q)
(cd "$work/empty" && MIND_HOME="$work/home" "$mind" init -q)
python3 "$here/benches/gen_rank.py" memory 10000 42 > "$big/.mind/MEMORY.md"
cd "$big"
echo "warming the caches (the first vector build embeds 10,000 lines)"
MIND_HOME="$work/home" "$mind" search "timeout under load" >/dev/null 2>&1
# The session opens with a recall (what an agent's session-start hook runs).
MIND_HOME="$work/home" "$mind" recall >/dev/null 2>&1
for item in \
    "experience|the staging database is restored from production every night" \
    "experience|Safari drops the session cookie on cross-site redirects" \
    "experience|CI runners have 4 CPU cores since the January upgrade" \
    "rejected|memcached for the session store - no persistence" \
    "rejected|kafka for the job queue, overkill"; do
    MIND_HOME="$work/home" "$mind" log "${item%%|*}" "${item#*|}" >/dev/null
done
cp -a "$big/.mind" "$work/saved"
export MIND_NOW="2026-01-15T11:00:00Z"
restore="rm -rf '$big/.mind' && cp -a '$work/saved' '$big/.mind'"
# The promoted lines, once, for the record.
MIND_HOME="$work/home" "$mind" recall --json | python3 -c \
    'import json,sys; [print("  ", p["action"], p.get("similar_to", {}).get("similarity", ""), p["line"]) for p in json.load(sys.stdin)["promotion"]]'
eval "$restore"

echo "1-2. recall with promotion, 10,000 entries"
hyperfine -N --runs "$runs" --warmup 2 --prepare "sh -c \"$restore\"" \
    -n true "true" \
    -n model "env MIND_HOME=$work/home $mind recall" \
    -n lexical "env MIND_HOME=$work/lexical-home $mind recall"

if command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then
    echo "3. CPU time of a recall (perf stat, $runs runs each)"
    for side in home lexical-home; do
        samples=""
        for _ in $(seq "$runs"); do
            eval "$restore"
            samples="$samples $(perf stat -x, -e task-clock env MIND_HOME="$work/$side" "$mind" recall 2>&1 >/dev/null |
                awk -F, '/task-clock/ {print $1}')"
        done
        python3 -c "import statistics as s, sys; v=[float(x) for x in sys.argv[2:]]; \
print(f'  {sys.argv[1]}: {s.mean(v):.1f} ms CPU ± {s.stdev(v):.1f} (median {s.median(v):.1f})')" \
            "$( [ "$side" = home ] && echo model || echo lexical)" $samples
    done
    eval "$restore"
fi

echo "4. model load (search on an empty project, model vs none)"
cd "$work/empty"
hyperfine -N --runs "$runs" --warmup 2 \
    -n true "true" \
    -n model "env MIND_HOME=$work/home $mind search 'timeout under load'" \
    -n lexical "env MIND_HOME=$work/lexical-home $mind search 'timeout under load'"
