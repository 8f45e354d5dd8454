#!/usr/bin/env bash
# Search quality on the development set: runs `mind search QUERY --json -n 5` for every query
# of search-dev-queries.jsonl in a throw-away project whose MEMORY.md is the dev corpus, then
# scores the predictions with the shared scorer (--loose).
#
# usage: scripts/eval-search.sh [EVAL_DIR] [MIND_BIN]
#   EVAL_DIR defaults to ../shared/eval (next to the repository), MIND_BIN to target/release/mind.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
eval_dir="${1:-$here/../shared/eval}"
mind="${2:-$here/target/release/mind}"
[ -x "$mind" ] || { echo "build first: cargo build --release (or pass MIND_BIN)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project/.mind" "$work/home"
cp "$eval_dir/search-dev-corpus.md" "$work/project/.mind/MEMORY.md"
export MIND_HOME="$work/home" MIND_NOW="2026-03-15T12:00:00Z" NO_COLOR=1
python3 - "$eval_dir/search-dev-queries.jsonl" "$mind" "$work/project" > "$work/preds.jsonl" <<'PY'
import json, subprocess, sys
queries, mind, project = sys.argv[1:4]
for line in open(queries, encoding="utf-8"):
    line = line.strip()
    if not line:
        continue
    q = json.loads(line)["query"]
    out = subprocess.run([mind, "search", q, "--json", "-n", "5"], cwd=project,
                         capture_output=True, text=True, check=True).stdout
    results = [r["text"] for r in json.loads(out)["results"]]
    print(json.dumps({"query": q, "results": results}))
PY
python3 "$eval_dir/score.py" search "$work/preds.jsonl" --gold "$eval_dir/search-dev-queries.jsonl" --loose
if [ -n "${KEEP_PREDS:-}" ]; then cp "$work/preds.jsonl" "$KEEP_PREDS"; fi
