#!/usr/bin/env bash
# What each ranking feature buys: ranks a set's queries with features switched on one at a
# time (and off one at a time), then prints nDCG@5 / R@5 / MRR overall and on paraphrases.
# EVAL_SWEEP="heading_weight=0.1,0.3;synonym_weight=0.2,0.4" adds parameter sweeps.
# EVAL_GROUPS=1 instead leaves out one synonym group at a time and prints, per group, the
# change in nDCG@5 (all queries / paraphrases) on each set: a group pays when leaving it out
# costs something on the held-out sets.
#
# usage: scripts/eval-ablation.sh [SET...]   SET: dev (default), tech, conv (see eval-search.sh)
#   EVAL_DIR: the shared eval folder (default ../shared/eval); CARGO_PROFILE: dev (default) or release
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
eval_dir="${EVAL_DIR:-$here/../shared/eval}"
profile="${CARGO_PROFILE:-dev}"
[ $# -gt 0 ] || set -- dev
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
set_files() {
    case "$1" in
        dev) echo "$eval_dir/search-dev-corpus.md $eval_dir/search-dev-queries.jsonl" ;;
        tech | conv) echo "$here/tests/eval/search-$1-corpus.md $here/tests/eval/search-$1-queries.jsonl" ;;
        *) echo "no such set: $1" >&2; exit 1 ;;
    esac
}
score() { # predictions gold -> "nDCG@5 R@5 MRR para-nDCG@5"
    python3 "$eval_dir/score.py" search "$1" --gold "$2" --loose |
        awk '$1 == "all" { nd = $3; r = $4; mrr = $6 }
             $1 == "paraphrase" { pn = $3 }
             END { printf "%s %s %s %s\n", nd, r, mrr, (pn == "" ? "-" : pn) }'
}
for set_name in "$@"; do
    read -r corpus queries <<<"$(set_files "$set_name")"
    mkdir -p "$work/$set_name"
    cargo run --quiet --profile "$profile" --example eval_search -- \
        "$corpus" "$queries" "$work/$set_name" >&2
done
if [ "${EVAL_GROUPS:-}" = 1 ]; then
    printf '%-34s' group
    for set_name in "$@"; do printf ' %12s %12s' "$set_name-all" "$set_name-para"; done
    echo
    for f in "$work/$1"/30-no-group-*.jsonl; do
        name="$(basename "$f" .jsonl)"
        printf '%-34s' "${name#30-no-group-}"
        for set_name in "$@"; do
            read -r _ queries <<<"$(set_files "$set_name")"
            read -r base_all _ _ base_para <<<"$(score "$work/$set_name/29-default.jsonl" "$queries")"
            read -r all _ _ para <<<"$(score "$work/$set_name/$name.jsonl" "$queries")"
            # Positive: the group pays (leaving it out loses that much).
            python3 -c "import sys; a,b,c,d=sys.argv[1:]; f=lambda x,y: '%+.3f'%(float(x)-float(y)) if '-' not in (x,y) else '-'; print(' %12s %12s' % (f(a,b), f(c,d)), end='')" \
                "$base_all" "$all" "$base_para" "$para"
        done
        echo
    done
    exit 0
fi
for set_name in "$@"; do
    read -r _ queries <<<"$(set_files "$set_name")"
    echo "== $set_name"
    printf '%-28s %8s %8s %8s %10s\n' config nDCG@5 R@5 MRR para-nDCG
    for f in "$work/$set_name"/*.jsonl; do
        read -r nd r mrr pn <<<"$(score "$f" "$queries")"
        printf '%-28s %8s %8s %8s %10s\n' "$(basename "$f" .jsonl)" "$nd" "$r" "$mrr" "$pn"
    done
done
