#!/usr/bin/env bash
# What each ranking feature buys: ranks the dev queries with features switched on one at a
# time (and off one at a time), then prints nDCG@5 / R@5 / MRR overall and on paraphrases.
# EVAL_SWEEP="heading_weight=0.1,0.3;synonym_weight=0.2,0.4" adds parameter sweeps.
#
# usage: scripts/eval-ablation.sh [EVAL_DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
eval_dir="${1:-$here/../shared/eval}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cargo run --quiet --release --example eval_search -- \
    "$eval_dir/search-dev-corpus.md" "$eval_dir/search-dev-queries.jsonl" "$work" >&2
printf '%-28s %8s %8s %8s %10s\n' config nDCG@5 R@5 MRR para-nDCG
for f in "$work"/*.jsonl; do
    python3 "$eval_dir/score.py" search "$f" --gold "$eval_dir/search-dev-queries.jsonl" --loose |
        awk -v name="$(basename "$f" .jsonl)" '
            $1 == "all" { nd = $3; r = $4; mrr = $6 }
            $1 == "paraphrase" { pn = $3 }
            END { printf "%-28s %8s %8s %8s %10s\n", name, nd, r, mrr, pn }'
done
