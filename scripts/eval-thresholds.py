#!/usr/bin/env python3
"""How sure must the line classifier be to change the rules' type? Replays every policy of a
grid on the classifier's decisions and scores each on two groups of sets.

A policy is three thresholds (see src/parse/line_model.rs): the probability the classifier
needs to type a line the rules left untyped (add), to take a rules' entry away (drop) and to
give one another type (retype; above 1 it never does). `mind parse --lines --json` with the
model prints, on every line the classifier judged, its type and probability whether or not it
was sure enough; this script runs `scripts/eval-parser.sh` once per set with the model and
replays the grid on those decisions, without running the model again.

The two groups:
  --seen SET...    text the rules were written from (the development set): a policy must
                   not lose there what the rules get right;
  --unseen SET...  text neither the rules nor the classifier had read when it was scored:
                   sets labelled after the classifier was trained, each scored by the binary
                   of the day it was added, before any rule was written from it.
A set may name its own binary as SET@BIN (a set added in an earlier round, scored by that
round's binary); otherwise MIND_BIN is used.

The chosen policy is the one whose smaller gain over the rules, of the two groups (micro-F1
over each group's lines pooled), is largest; ties go to the larger gain on the unseen group.
Score the held-out sets once with the chosen policy, never choose it on them.

usage: MIND_BIN=target/release/mind EVAL_MODEL=.ci/cache/all-MiniLM-L6-v2 \\
       scripts/eval-thresholds.py --seen ../shared/eval/parser-dev.jsonl \\
       --unseen tests/eval/parser-train17a.jsonl ... [--top N]
"""
import importlib.util
import itertools
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRID = [0.5, 0.6, 0.7, 0.8, 0.9, 1.01]

# The evaluation's scorer, found where scripts/eval-parser.sh finds it: a policy's micro-F1
# is counted with its own precision / recall / F1.
EVAL_DIR = os.environ.get("MIND_EVAL", os.path.join(ROOT, "../shared/eval"))
if not os.path.isdir(EVAL_DIR):
    EVAL_DIR = "/work/shared/eval"
_spec = importlib.util.spec_from_file_location("score", os.path.join(EVAL_DIR, "score.py"))
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)


def norm(kind):
    """The evaluation counts a recorded rejection as a decision."""
    return "decision" if kind == "rejected" else kind


def decisions(gold_path, binary):
    """(gold type, rules' type, classifier's type or None, its probability) per gold line."""
    env = dict(os.environ, MIND_BIN=binary)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "preds.jsonl")
        env["OUT"] = out
        subprocess.run([os.path.join(ROOT, "scripts/eval-parser.sh"), gold_path], env=env,
                       check=True, stdout=subprocess.DEVNULL)
        preds = [json.loads(line) for line in open(out, encoding="utf-8") if line.strip()]
    gold = [json.loads(line) for line in open(gold_path, encoding="utf-8") if line.strip()]
    rows = []
    for g, p in zip(gold, preds):
        c = p.get("classifier")
        rules = norm(p.get("rules", p["type"]))
        rows.append((g["type"], rules, norm(c["type"]) if c else None,
                     c["probability"] if c else 0.0))
    return rows


def micro_f1(rows, policy):
    add, drop, retype = policy
    tp = fp = fn = 0
    for gold, rules, kind, probability in rows:
        pred = rules
        if kind is not None and kind != rules:
            need = add if rules == "none" else drop if kind == "none" else retype
            if probability >= need:
                pred = kind
        if pred != "none":
            tp += pred == gold
            fp += pred != gold
        fn += gold != "none" and pred != gold
    return score.prf(tp, fp, fn)[2]


def main(argv):
    groups, group, top = {"seen": [], "unseen": []}, None, 12
    args = iter(argv)
    for arg in args:
        if arg in ("--seen", "--unseen"):
            group = arg[2:]
        elif arg == "--top":
            top = int(next(args))
        elif group:
            groups[group].append(arg)
        else:
            sys.exit(__doc__)
    if not groups["seen"] or not groups["unseen"] or not os.environ.get("EVAL_MODEL"):
        sys.exit(__doc__)
    default = os.environ.get("MIND_BIN", os.path.join(ROOT, "target/release/mind"))
    rows = {}
    for name in groups["seen"] + groups["unseen"]:
        path, _, binary = name.partition("@")
        rows[name] = decisions(path, binary or default)
    pooled = {g: [r for n in names for r in rows[n]] for g, names in groups.items()}
    never = (1.01, 1.01, 1.01)
    base = {g: micro_f1(pooled[g], never) for g in groups}
    scored = []
    for policy in itertools.product(GRID, GRID, GRID):
        f = {g: micro_f1(pooled[g], policy) for g in groups}
        smaller = min(f[g] - base[g] for g in groups)
        scored.append((smaller, f["unseen"] - base["unseen"], policy, f))
    scored.sort(key=lambda s: (-s[0], -s[1]))
    names = groups["seen"] + groups["unseen"]
    print("sets: " + " ".join(os.path.basename(n.partition("@")[0]) for n in names))
    print(f"rules alone: seen {base['seen']:.3f} unseen {base['unseen']:.3f}")

    def show(policy, f):
        each = " ".join(f"{micro_f1(rows[n], policy):.3f}" for n in names)
        print(f"add/drop/retype {'/'.join(f'{t:g}' for t in policy)}: seen {f['seen']:.3f} "
              f"unseen {f['unseen']:.3f} | {each}")

    for smaller, _, policy, f in scored[:top]:
        print(f"smaller gain {smaller:+.3f} ", end="")
        show(policy, f)
    shipped = json.load(open(os.path.join(ROOT, "src/parse/line_model.json")))["sure"]
    policy = (shipped["add"], shipped["drop"], shipped["retype"])
    print("shipped: ", end="")
    show(policy, {g: micro_f1(pooled[g], policy) for g in groups})


if __name__ == "__main__":
    main(sys.argv[1:])
