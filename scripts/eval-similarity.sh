#!/usr/bin/env bash
# Similarity bands, derived on labelled pairs: scores every pair of
# tests/eval/similarity-pairs.jsonl lexically (over the held-out tech corpus as a memory's
# vocabulary, as promotion does, and over the pair's own two texts, as loop detection does)
# and with sentence vectors (when a model folder is given), then for each decision picks the
# threshold with the best accuracy on one half of the pairs (every other pair of each label)
# and reports it on the other half:
#   related   (link, or a moderate loop warning)  duplicate+update+related vs unrelated
#   update    (may supersede; a high loop warning) duplicate+update vs related+unrelated
#   duplicate (skip when nothing is new; critical)  duplicate vs the rest
# related and update maximise balanced accuracy (the mean of the hit rates of both sides, the
# classes being of unequal size), and update starts above every unrelated pair of the fitting
# half (truth first: it is the band that may supersede); duplicate, the strictest claim,
# maximises plain accuracy. Ties go to the higher threshold. SCORES=FILE keeps the scores.
#
# usage: scripts/eval-similarity.sh [MODEL_DIR]   (e.g. /tmp/minilm; default $MIND_TEST_MODEL)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
model="${1:-${MIND_TEST_MODEL:-}}"
pairs="$here/tests/eval/similarity-pairs.jsonl"
corpus="$here/tests/eval/search-tech-corpus.md"
scores="$(mktemp)"
trap 'rm -f "$scores"' EXIT
if [ -n "${SCORES:-}" ] && [ -s "$SCORES" ]; then
    cp "$SCORES" "$scores"   # scores of an earlier run (SCORES=FILE keeps them)
else
    (cd "$here" && CARGO_INCREMENTAL=0 cargo run -q --example score_similarity_pairs -- \
        "$pairs" "$corpus" ${model:+"$model"}) > "$scores"
    [ -z "${SCORES:-}" ] || cp "$scores" "$SCORES"
fi
python3 - "$scores" <<'PY'
import csv, sys

rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
measures = [("lexical, memory vocabulary (promotion)", "lexical_memory"),
            ("lexical, pair vocabulary (loops)", "lexical_pair")]
if rows and rows[0]["vector"]:
    measures.append(("sentence vectors (MiniLM cosine)", "vector"))
seen = {}
for r in rows:
    n = seen.get(r["label"], 0)
    seen[r["label"]] = n + 1
    r["half"] = "fit" if n % 2 == 0 else "test"
fit = [r for r in rows if r["half"] == "fit"]
test = [r for r in rows if r["half"] == "test"]
labels = ["duplicate", "update", "related", "unrelated"]


def plain(data, key, positive, t):
    return sum((float(r[key]) >= t) == (r["label"] in positive) for r in data) / len(data)


def balanced(data, key, positive, t):
    """Balanced accuracy: the mean of the share of positives at or above `t` and the share
    of negatives below it (the classes are of unequal size)."""
    pos = [float(r[key]) >= t for r in data if r["label"] in positive]
    neg = [float(r[key]) < t for r in data if r["label"] not in positive]
    return (sum(pos) / len(pos) + sum(neg) / len(neg)) / 2


def best(data, key, positive, accuracy, floor=0.0):
    candidates = sorted({round(float(r[key]), 2) for r in data} | {0.01, 0.99})
    candidates = [t for t in candidates if t > floor] or [0.99]
    return max(candidates, key=lambda t: (round(accuracy(data, key, positive, t), 6), t))


# (name, positive labels, objective)
gates = [
    ("related", {"duplicate", "update", "related"}, balanced),
    ("update", {"duplicate", "update"}, balanced),
    ("duplicate", {"duplicate"}, plain),
]
print(f"pairs: {len(rows)} ({len(fit)} to choose thresholds, {len(test)} to report); "
      + ", ".join(f"{l} {sum(r['label'] == l for r in rows)}" for l in labels))
for name, key in measures:
    print(f"\n== {name}")
    for label in labels:
        v = sorted(float(r[key]) for r in rows if r["label"] == label)
        print(f"  {label:9}  min {v[0]:.2f}  median {v[len(v) // 2]:.2f}  max {v[-1]:.2f}")
    chosen = {}
    for gate, positive, accuracy in gates:
        # Truth first: the band that may supersede starts above every unrelated pair.
        floor = max(float(r[key]) for r in fit if r["label"] == "unrelated") if gate == "update" else 0.0
        t = best(fit, key, positive, accuracy, floor)
        chosen[gate] = t
        print(f"  {gate:9} ≥ {t:.2f}: accuracy {accuracy(fit, key, positive, t):.0%} on the fitting half, "
              f"{accuracy(test, key, positive, t):.0%} on the held-out half ({accuracy.__name__})")
    # Thresholds must nest; a lower gate above a higher one is raised to it.
    chosen["update"] = max(chosen["update"], chosen["related"])
    chosen["duplicate"] = max(chosen["duplicate"], chosen["update"])

    def band(s):
        s = float(s)
        for gate in ("duplicate", "update", "related"):
            if s >= chosen[gate]:
                return gate
        return "novel"

    print("  held-out half, label → band (" + ", ".join(f"{g} ≥ {chosen[g]:.2f}" for g in ("duplicate", "update", "related")) + "):")
    for label in labels:
        got = [band(r[key]) for r in test if r["label"] == label]
        counts = "  ".join(f"{b} {got.count(b):2}" for b in ("duplicate", "update", "related", "novel"))
        print(f"    {label:9} ({len(got):2}): {counts}")
PY
