#!/usr/bin/env bash
# Score `mind parse --lines` on the parser evaluation set.
#
#   scripts/eval-parser.sh [GOLD.jsonl]     (default: ../shared/eval/parser-dev.jsonl)
#   scripts/eval-parser.sh tests/eval/parser-heldout.jsonl   (the held-out set)
#
# Score the held-out set once per change and report it beside the development set; never
# change a rule because one of its lines needs it.
#
# Every record becomes one line of an input file, classified on its own. Records of the
# `implicit` tier come after their recorded section headings (`section`, outer > inner),
# as the evaluation README asks: their type may come from the heading alone. Each record
# is preceded by an empty level-1 heading (`#`) that closes the previous record's headings,
# so no heading leaks from one record into the next, and adds no title of its own to the
# headings the line classifier reads before a line. SECTIONS=0 feeds every line alone (no
# headings), for comparison. EVAL_MODEL=PATH scores the line classifier with the model at
# PATH (see below). Writes preds to $OUT (default target/eval/parser-preds.jsonl)
# and prints the scorer's full report.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
eval_dir="${MIND_EVAL:-$root/../shared/eval}"
[ -d "$eval_dir" ] || eval_dir="/work/shared/eval"
gold="${1:-$eval_dir/parser-dev.jsonl}"
out="${OUT:-$root/target/eval/parser-preds.jsonl}"
mkdir -p "$(dirname "$out")"
mind="${MIND_BIN:-}"
if [ -z "$mind" ]; then
  cargo build --quiet --release --manifest-path "$root/Cargo.toml"
  mind="$root/target/release/mind"
fi
input="$(mktemp)"
trap 'rm -f "$input" "$input.index" "$input.out"' EXIT

SECTIONS="${SECTIONS:-1}" python3 - "$gold" "$input" <<'PY'
import json, os, sys
gold, path = sys.argv[1], sys.argv[2]
sections = os.environ["SECTIONS"] != "0"
lines, index = [], []
for n, raw in enumerate(open(gold, encoding="utf-8")):
    if not raw.strip():
        continue
    r = json.loads(raw)
    lines.append("#")
    if sections and r.get("tier") == "implicit" and r.get("section"):
        for depth, heading in enumerate(r["section"].split(" > ")):
            # Some sets record a heading with its marks ("## Gotchas"): the title is the rest.
            lines.append("#" * min(depth + 2, 6) + " " + heading.strip().lstrip("#").strip())
    index.append(len(lines))
    lines.append(r["text"].strip())
open(path, "w", encoding="utf-8").write("\n".join(lines) + "\n")
open(path + ".index", "w").write("\n".join(map(str, index)) + "\n")
PY

# EVAL_MODEL=PATH (a folder, .zip or .whl) installs the embedding model in a throw-away data
# folder, so the line classifier types the lines; without it the rules alone do, whatever
# model the caller's data folder holds.
if [ -n "${EVAL_MODEL:-}" ]; then
  home="$(mktemp -d)"
  trap 'rm -rf "$input" "$input.index" "$input.out" "$home"' EXIT
  MIND_HOME="$home" "$mind" model install --from "$EVAL_MODEL" >/dev/null
  MIND_HOME="$home" "$mind" parse --lines "$input" --json > "$input.out"
else
  "$mind" parse --lines --rules-only "$input" --json > "$input.out"
fi
python3 - "$input.out" "$input.index" "$out" <<'PY'
import json, sys
records = open(sys.argv[1], encoding="utf-8").read().split("\n")
keep = [int(i) for i in open(sys.argv[2]).read().split()]
with open(sys.argv[3], "w", encoding="utf-8") as f:
    for i in keep:
        r = json.loads(records[i])
        # The evaluation's labelling counts a recorded rejection ("decided against X") as a
        # decision entity; mind types it `rejected` to keep its polarity.
        kind = "decision" if r["type"] == "rejected" else r["type"]
        pred = {"text": r["text"], "type": kind, "key": r["key"]}
        # With the model: the rules' type and the classifier's decision, for
        # scripts/eval-thresholds.py to replay other thresholds on.
        if "classifier" in r:
            pred["rules"] = r.get("rules", r["type"])
            pred["classifier"] = r["classifier"]
        f.write(json.dumps(pred, ensure_ascii=False) + "\n")
PY
echo "predictions: $out"
python3 "$eval_dir/score.py" parser "$out" --gold "$gold"
