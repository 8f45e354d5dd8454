#!/usr/bin/env python3
"""Would a classifier over MiniLM sentence vectors type lines better than the parser's rules?

Reproduces the measurement behind the decision not to ship one (README, "Evaluation"):
every line of the first three held-out parser sets is embedded with the installed model
(examples/embed_lines.rs), typed by `mind parse --lines` (headings fed as scripts/eval-parser.sh
feeds them), and a softmax regression or a k-nearest-neighbour vote over the vectors is
trained on two sets and tested on the third (leave one set out). Each classifier is scored
alone and combined with the rules: `override` (the classifier wins where it is sure),
`veto` (a sure "none" drops a rule's entry), `add` (a sure type for a line the rules leave
untyped). The development set and the fourth held-out set are never read.

usage: scripts/line-classifier-experiment.py MODEL_DIR [MIND_BIN]   (EMBED_LINES=path: a built example)
needs: numpy (pip install numpy); builds the example with cargo when it is missing.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETS = {
    "held-out 1": "tests/eval/parser-heldout.jsonl",
    "held-out 2": "tests/eval/parser-heldout2.jsonl",
    "held-out 3": "tests/eval/parser-heldout3.jsonl",
}
TYPES = ["none", "decision", "problem", "learning", "progress", "gotcha"]


def records(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def rule_types(mind, recs):
    """The parser's type of each record, fed as scripts/eval-parser.sh feeds it."""
    lines, index = [], []
    for n, r in enumerate(recs):
        lines.append(f"# record {n}")
        if r.get("tier") == "implicit" and r.get("section"):
            for depth, heading in enumerate(r["section"].split(" > ")):
                lines.append("#" * min(depth + 2, 6) + " " + heading)
        index.append(len(lines))
        lines.append(r["text"].strip())
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False, encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    out = subprocess.run([mind, "parse", "--lines", f.name, "--json"], capture_output=True,
                         text=True, check=True).stdout.splitlines()
    os.unlink(f.name)
    kinds = [json.loads(out[i])["type"] for i in index]
    return np.array([TYPES.index("decision" if k == "rejected" else k) for k in kinds])


def vectors(embedder, model, recs):
    text = "\n".join(r["text"].strip().replace("\n", " ") for r in recs) + "\n"
    raw = subprocess.run([embedder, model], input=text.encode(), capture_output=True,
                         check=True).stdout
    return np.frombuffer(raw, dtype="<f4").reshape(len(recs), -1)


def softmax_regression(x, y, l2, iters=2000, rate=0.5):
    mu, sd = x.mean(0), x.std(0) + 1e-6
    z = np.hstack([(x - mu) / sd, np.ones((len(x), 1))])
    w = np.zeros((z.shape[1], len(TYPES)))
    target = np.eye(len(TYPES))[y]
    for _ in range(iters):
        a = z @ w
        p = np.exp(a - a.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        grad = z.T @ (p - target) / len(x)
        grad[:-1] += l2 * w[:-1]
        w -= rate * grad

    def predict(xt):
        a = np.hstack([(xt - mu) / sd, np.ones((len(xt), 1))]) @ w
        p = np.exp(a - a.max(1, keepdims=True))
        return p / p.sum(1, keepdims=True)

    return predict


def nearest(x, y, k):
    def predict(xt):
        top = np.argsort(-(xt @ x.T), 1)[:, :k]
        return np.stack([np.bincount(y[row], minlength=len(TYPES)) / k for row in top])

    return predict


def combine(p, rules, policy, sure):
    best, conf = p.argmax(1), p.max(1)
    if policy == "alone":
        return best
    out = rules.copy()
    for i in range(len(rules)):
        if policy == "override" and best[i] != rules[i] and conf[i] > sure:
            out[i] = best[i]
        elif policy == "veto" and rules[i] != 0 and p[i, 0] > sure:
            out[i] = 0
        elif policy == "add" and rules[i] == 0 and best[i] != 0 and conf[i] > sure:
            out[i] = best[i]
    return out


def score(gold, pred, recs):
    """Micro-F1 over the five types (none is the negative class), as score.py counts it,
    and the accuracy on hard negatives."""
    tp = sum(1 for g, p in zip(gold, pred) if g == p != 0)
    predicted, actual = sum(pred != 0), sum(gold != 0)
    precision, recall = tp / max(predicted, 1), tp / max(actual, 1)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    hard = [i for i, r in enumerate(recs) if r["tier"] == "hard_negative"]
    return f1, sum(pred[i] == 0 for i in hard) / len(hard)


def main():
    model = sys.argv[1]
    mind = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "target/release/mind")
    embedder = os.environ.get("EMBED_LINES") or os.path.join(ROOT, "target/release/examples/embed_lines")
    if not os.path.exists(embedder):
        subprocess.run(["cargo", "build", "--release", "--example", "embed_lines"], cwd=ROOT,
                       check=True)
    data = {}
    for name, path in SETS.items():
        recs = records(path)
        gold = np.array([TYPES.index(r["type"]) for r in recs])
        data[name] = (vectors(embedder, model, recs), gold, rule_types(mind, recs), recs)
    rows = [("rules alone", None, None, None)]
    for l2 in (0.001, 0.01, 0.1):
        for policy, sures in (("alone", [0]), ("override", [0.8, 0.95]), ("veto", [0.6, 0.9]),
                              ("add", [0.8, 0.95])):
            rows += [(f"softmax l2={l2} {policy} >{s}", ("softmax", l2), policy, s) for s in sures]
    for k in (5, 9):
        for policy, sures in (("veto", [0.6, 1.0 - 1e-9]), ("add", [0.6, 1.0 - 1e-9])):
            rows += [(f"{k}-nn {policy} >{s:.1f}", ("knn", k), policy, s) for s in sures]
    print(f"{'classifier':36} " + "  ".join(f"{n:>16}" for n in SETS) + "   mean F1  mean hard")
    for label, kind, policy, sure in rows:
        cells = []
        for held in SETS:
            x, gold, rules, recs = data[held]
            if kind is None:
                cells.append(score(gold, rules, recs))
                continue
            train = [n for n in SETS if n != held]
            tx = np.vstack([data[n][0] for n in train])
            ty = np.concatenate([data[n][1] for n in train])
            fit = softmax_regression(tx, ty, kind[1]) if kind[0] == "softmax" else nearest(tx, ty, kind[1])
            cells.append(score(gold, combine(fit(x), rules, policy, sure), recs))
        print(f"{label:36} " + "  ".join(f"F1 {f:.3f} hn {h:.2f}" for f, h in cells)
              + f"   {np.mean([c[0] for c in cells]):.3f}    {np.mean([c[1] for c in cells]):.3f}")


if __name__ == "__main__":
    main()
