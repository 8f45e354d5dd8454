#!/usr/bin/env python3
"""Would a classifier over MiniLM sentence vectors type lines better than the parser's rules?

Reproduces the measurement behind the decision about the line classifier (README, "Evaluation").

Two kinds of labelled lines are used, and they play different parts:
- the held-out parser sets 1-5 (`tests/eval/parser-heldout{,2,3,4,5}.jsonl`): the rules were
  written after their misses were read, so the rules are right on nearly all of them. They
  teach a classifier what lines are, but say nothing about where the rules fail on new text.
- the training sets (every `tests/eval/parser-train*.jsonl` by default, POOL=comma-separated paths):
  lines from sources no rule was written from, so the rules miss on them as they miss on
  unseen text. (A few general rules were later written after reading misses of the first;
  2a and 2b were scored once before and after those rules, then joined the pool.)

Each line is embedded with the installed model (examples/embed_lines.rs) and typed by
`mind parse --lines` (headings fed as scripts/eval-parser.sh feeds them). Classifiers: a
softmax regression over the vector (`vec`), over the vector and the rules' verdict
(`vec+rules`: one-hot type, confidence and reason), over both and the line's words
(`vec+rules+words`: one feature per word that at least MIN_LINES training lines hold), and
over the verdict and the words without the vector (`rules+words`). A line of the training
set counts POOL_WEIGHT (3) times a line of sets 1-5.

Each is scored in two regimes: A, the training set's K folds (a fold holds whole sources,
so no fold shares its topic words with the lines it is trained on): text the rules miss on;
B, each of sets 1-5 left out in turn: text the rules were written from, as the development
set is. A policy says how sure the classifier must be to change the rules' type: to type a
line the rules left untyped (add), to take an entry away (drop), to retype one (retype);
lines typed by their own label and structure keep the rules' verdict. `--grid` searches
the thresholds; the shipped ones (SURE) are those whose smaller gain of the two regimes is
largest.

`--final` then trains on everything above and scores the unseen held-out sets (6 and 7)
once, beside the rules alone. Never tune on those figures.

`--write PATH` trains the chosen classifier (CHOICE=vec+rules,l2; default l2 0.03, the weight
decay whose smaller gain of the two regimes is largest with the twelve training sets; the words
add nothing over it under the shipped thresholds, so the shipped classifier reads none)
on everything above and writes its weights and thresholds in src/parse/line_model.json's
form (a classifier over the published vectors; the shipped one reads vectors through tuned
layers and is written by scripts/line-finetune-experiment.py).

usage: scripts/line-classifier-experiment.py MODEL_DIR [MIND_BIN] [--grid] [--final] [--write PATH]
       (EMBED_LINES=path: a built example; ONLY=vec+rules,...: only these classifiers' rows;
        POOL_FRACTION=0.5: regime A trained on about half the training sources)
needs: numpy (pip install numpy); builds the example with cargo when it is missing.
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import zlib

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEEN = [f"tests/eval/parser-heldout{s}.jsonl" for s in os.environ.get("SEEN", ",2,3,4,5").split(",")]
POOL = os.environ.get(
    "POOL",
    # Every training set, in name order (`tests/eval/parser-train*.jsonl`).
    ",".join(sorted(os.path.relpath(p, ROOT) for p in glob.glob(
        os.path.join(ROOT, "tests/eval/parser-train*.jsonl")))),
).split(",")
# The sets `--final` scores once (UNSEEN=comma-separated paths: other sets nothing was trained
# on, say a new round's training sets before they join the pool).
UNSEEN = os.environ.get(
    "UNSEEN",
    "tests/eval/parser-heldout6.jsonl,tests/eval/parser-heldout7.jsonl,"
    "tests/eval/parser-heldout8.jsonl,tests/eval/parser-heldout9.jsonl",
).split(",")
UNSEEN = [p for p in UNSEEN if p]
TYPES = ["none", "decision", "problem", "learning", "progress", "gotcha"]
FOLDS = 5


def records(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def heading_title(heading):
    """A recorded section's heading as a title: some sets record it with its marks ("## Gotchas")."""
    return heading.strip().lstrip("#").strip()


def rule_verdicts(mind, recs):
    """The parser's verdict on each record, fed as scripts/eval-parser.sh feeds it."""
    lines, index = [], []
    for r in recs:
        lines.append("#")
        if r.get("tier") == "implicit" and r.get("section"):
            for depth, heading in enumerate(r["section"].split(" > ")):
                lines.append("#" * min(depth + 2, 6) + " " + heading_title(heading))
        index.append(len(lines))
        lines.append(r["text"].strip())
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False, encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    # The rules alone, whatever model the caller has installed: the classifier's own output
    # must never become its input.
    out = subprocess.run([mind, "parse", "--lines", "--rules-only", f.name, "--json"],
                         capture_output=True, text=True, check=True).stdout.split("\n")
    os.unlink(f.name)
    verdicts = [json.loads(out[i]) for i in index]
    assert all(v["reason"] != "line classifier" for v in verdicts)
    return verdicts


def vectors(embedder, model, recs):
    text = "\n".join(r["text"].strip().replace("\n", " ") for r in recs) + "\n"
    raw = subprocess.run([embedder, model], input=text.encode(), capture_output=True,
                         check=True).stdout
    vec = np.frombuffer(raw, dtype="<f4").reshape(len(recs), -1)
    # As `mind parse` reads them: the vector cache's signed bytes and scale
    # (src/embed/vectors.rs, as_cached), so a cached vector and a fresh one type a line alike.
    scale = np.abs(vec).max(1, keepdims=True) / np.float32(127)
    q = np.clip(np.round(vec / np.where(scale > 0, scale, 1)), -127, 127)
    return (q * scale).astype(np.float32)


WORD = re.compile(r"[a-z][a-z']+")
# A word is a feature when this many training lines hold it (src/parse/line_model.rs reads
# words the same way: lower-cased, runs of a-z and apostrophes starting with a letter).
MIN_LINES = 4


def words(text):
    return set(WORD.findall(text.lower()))


def vocabulary_of(recs):
    counts = {}
    for r in recs:
        for w in words(r["text"]):
            counts[w] = counts.get(w, 0) + 1
    kept = sorted(w for w, n in counts.items() if n >= MIN_LINES)
    return {w: i for i, w in enumerate(kept)}


def source_of(record):
    """The file or thread a record comes from: lines of one source share their topic words,
    so a fold holds whole sources."""
    return record["source"].split("@")[0].split("#")[0]


class Data:
    def __init__(self, paths, embedder, model, mind, reasons):
        self.recs = [r for p in paths for r in records(p)]
        self.gold = np.array([TYPES.index(r["type"]) for r in self.recs])
        verdicts = [v for p in paths for v in rule_verdicts(mind, records(p))]
        kinds = ["decision" if v["type"] == "rejected" else v["type"] for v in verdicts]
        self.rules = np.array([TYPES.index(k) for k in kinds])
        self.vec = vectors(embedder, model, self.recs)
        for v in verdicts:
            reasons.setdefault(v["reason"], len(reasons))
        self.verdicts = verdicts

    def features(self, kind, reasons, vocabulary=None):
        onehot = np.eye(len(TYPES))[self.rules]
        conf = np.array([[v["confidence"]] for v in self.verdicts])
        why = np.zeros((len(self.recs), len(reasons)))
        for i, v in enumerate(self.verdicts):
            why[i, reasons[v["reason"]]] = 1
        parts = []
        if kind.startswith("vec"):
            parts.append(self.vec)
        if "rules" in kind:
            parts += [onehot, conf, why]
        if "words" in kind:
            bag = np.zeros((len(self.recs), len(vocabulary)))
            for i, r in enumerate(self.recs):
                for w in words(r["text"]):
                    if w in vocabulary:
                        bag[i, vocabulary[w]] = 1
            parts.append(bag)
        return np.hstack(parts)

    def subset(self, idx):
        d = Data.__new__(Data)
        d.recs = [self.recs[i] for i in idx]
        d.gold, d.rules, d.vec = self.gold[idx], self.rules[idx], self.vec[idx]
        d.verdicts = [self.verdicts[i] for i in idx]
        return d


def softmax_regression(x, y, l2, weight=None, iters=1500, rate=0.5):
    # A floor on the spread: a nearly constant input (one of MiniLM's dimensions barely
    # moves) would otherwise get a huge weight once the standardisation is folded in.
    mu, sd = x.mean(0), np.maximum(x.std(0), 0.02)
    z = np.hstack([(x - mu) / sd, np.ones((len(x), 1))])
    w = np.zeros((z.shape[1], len(TYPES)))
    target = np.eye(len(TYPES))[y]
    weight = np.ones(len(x)) if weight is None else weight
    weight = (weight / weight.mean())[:, None]
    for _ in range(iters):
        a = z @ w
        p = np.exp(a - a.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        grad = z.T @ ((p - target) * weight) / len(x)
        grad[:-1] += l2 * w[:-1]
        w -= rate * grad

    def predict(xt):
        a = np.hstack([(xt - mu) / sd, np.ones((len(xt), 1))]) @ w
        p = np.exp(a - a.max(1, keepdims=True))
        return p / p.sum(1, keepdims=True)

    # The standardisation folded into the weights: x @ weights + bias gives the same scores.
    predict.weights = w[:-1] / sd[:, None]
    predict.bias = w[-1] - (mu / sd) @ w[:-1]
    return predict


def mlp(x, y, l2, weight=None, hidden=None, iters=None, rate=0.01):
    """An experiment (HIDDEN=n): one hidden layer of rectified units, trained with Adam on
    the same standardised input; not what ships (a softmax regression is)."""
    hidden = hidden or int(os.environ.get("HIDDEN", "64"))
    iters = iters or int(os.environ.get("ITERS", "300"))
    rng = np.random.default_rng(3)
    mu, sd = x.mean(0), np.maximum(x.std(0), 0.02)
    z = (x - mu) / sd
    target = np.eye(len(TYPES))[y]
    weight = np.ones(len(x)) if weight is None else weight
    weight = (weight / weight.mean())[:, None]
    params = [rng.normal(0, 1 / np.sqrt(z.shape[1]), (z.shape[1], hidden)), np.zeros(hidden),
              rng.normal(0, 1 / np.sqrt(hidden), (hidden, len(TYPES))), np.zeros(len(TYPES))]
    m = [np.zeros_like(q) for q in params]
    v = [np.zeros_like(q) for q in params]
    for t in range(1, iters + 1):
        w1, b1, w2, b2 = params
        h = np.maximum(z @ w1 + b1, 0)
        a = h @ w2 + b2
        p = np.exp(a - a.max(1, keepdims=True))
        p /= p.sum(1, keepdims=True)
        d = (p - target) * weight / len(x)
        g2 = h.T @ d + l2 * w2
        gb2 = d.sum(0)
        dh = (d @ w2.T) * (h > 0)
        g1 = z.T @ dh + l2 * w1
        gb1 = dh.sum(0)
        for i, g in enumerate((g1, gb1, g2, gb2)):
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            params[i] -= rate * (m[i] / (1 - 0.9 ** t)) / (np.sqrt(v[i] / (1 - 0.999 ** t)) + 1e-8)

    def predict(xt):
        w1, b1, w2, b2 = params
        a = np.maximum(((xt - mu) / sd) @ w1 + b1, 0) @ w2 + b2
        p = np.exp(a - a.max(1, keepdims=True))
        return p / p.sum(1, keepdims=True)

    return predict


# Verdicts the shipped classifier never judges (src/parse/line_model.rs, NOT_JUDGED).
NOT_JUDGED = {"blank", "heading", "heading or comment", "HTML comment", "code fence",
              "code block", "project state", "type label", "next step", "label without text"}


def combine(p, rules, verdicts, sure):
    """The rules' types, changed where the classifier disagrees and is sure enough: `sure`
    is the probability it needs to type a line the rules left untyped (add), to take a
    rules' entry away (drop) and to give a rules' entry another type (retype). A line the
    classifier does not judge keeps the rules' type. (0, 0, 0) lets it decide every line
    it judges."""
    add, drop, retype = sure
    best, conf = p.argmax(1), p.max(1)
    out = rules.copy()
    for i in range(len(rules)):
        if verdicts[i]["reason"] in NOT_JUDGED or best[i] == rules[i]:
            continue
        need = add if rules[i] == 0 else drop if best[i] == 0 else retype
        if conf[i] >= need:
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
    return f1, sum(pred[i] == 0 for i in hard) / max(len(hard), 1)


CLASSIFIERS = [(kind, l2) for kind in ("vec", "vec+rules", "vec+rules+words", "rules+words")
               for l2 in (0.03, 0.1, 0.3)
               if kind in os.environ.get("ONLY", kind).split(",")]
# How much more a pool line counts in training than a line of sets 1-5.
POOL_WEIGHT = float(os.environ.get("POOL_WEIGHT", "3"))
# POOL_FRACTION=F (a learning curve): regime A trains on about that share of the other
# folds' sources; the test folds stay the same.
POOL_FRACTION = float(os.environ.get("POOL_FRACTION", "1"))
# The shipped policy (add, drop, retype): chosen as the one whose smaller gain over the
# rules, of the two regimes below, is largest (`--grid` prints the search).
SURE = (0.6, 0.7, 0.8)
GRID = [(a, d, r) for a in (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)
        for d in (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01) for r in (0.0, 0.6, 0.8, 1.01)]


def fit_on(parts, kind, l2, reasons):
    """A classifier trained on (data, weight) parts."""
    vocabulary = vocabulary_of([r for d, _ in parts for r in d.recs])
    x = np.vstack([d.features(kind, reasons, vocabulary) for d, _ in parts])
    y = np.concatenate([d.gold for d, _ in parts])
    weight = np.concatenate([np.full(len(d.gold), w) for d, w in parts])
    learner = mlp if os.environ.get("HIDDEN") else softmax_regression
    fit = learner(x, y, l2, weight)
    return fit, vocabulary


def regimes(seen, seen_sets, pool, folds, kind, l2, reasons):
    """Held-out probabilities in two regimes: A, the training set's folds (text the rules
    were never written for: where they miss); B, each of sets 1-5 left out in turn (text
    the rules were written from, as on the development set: where they are right)."""
    a = np.zeros((len(pool.recs), len(TYPES)))
    for k in range(FOLDS):
        rest = np.concatenate([folds[j] for j in range(FOLDS) if j != k])
        if POOL_FRACTION < 1:
            # A learning curve: train on a share of the other folds' sources only.
            keep = {s for s in {source_of(pool.recs[i]) for i in rest}
                    if np.random.default_rng(zlib.crc32(s.encode())).random() < POOL_FRACTION}
            rest = np.array([i for i in rest if source_of(pool.recs[i]) in keep])
        fit, vocabulary = fit_on([(seen, 1.0), (pool.subset(rest), POOL_WEIGHT)], kind, l2, reasons)
        a[folds[k]] = fit(pool.subset(folds[k]).features(kind, reasons, vocabulary))
    b = np.zeros((len(seen.recs), len(TYPES)))
    for test in seen_sets:
        train = np.setdiff1d(np.arange(len(seen.recs)), test)
        fit, vocabulary = fit_on([(seen.subset(train), 1.0), (pool, POOL_WEIGHT)], kind, l2,
                                 reasons)
        b[test] = fit(seen.subset(test).features(kind, reasons, vocabulary))
    return a, b


def main():
    argv = sys.argv[1:]
    write = None
    if "--write" in argv:
        at = argv.index("--write")
        write = argv[at + 1]
        del argv[at:at + 2]
    args = [a for a in argv if not a.startswith("--")]
    final, grid = "--final" in argv, "--grid" in argv
    model = args[0]
    mind = args[1] if len(args) > 1 else os.path.join(ROOT, "target/release/mind")
    embedder = os.environ.get("EMBED_LINES") or os.path.join(ROOT, "target/release/examples/embed_lines")
    if not os.path.exists(embedder):
        subprocess.run(["cargo", "build", "--release", "--example", "embed_lines"], cwd=ROOT,
                       check=True)
    reasons = {}
    seen = Data(SEEN, embedder, model, mind, reasons)
    sizes = [len(records(p)) for p in SEEN]
    bounds = np.cumsum([0] + sizes)
    seen_sets = [np.arange(bounds[k], bounds[k + 1]) for k in range(len(SEEN))]
    pool = Data(POOL, embedder, model, mind, reasons)
    # Loaded before any fit, so every reason the rules give has its column from the start.
    held = {p: Data([p], embedder, model, mind, reasons) for p in UNSEEN
            if final and os.path.exists(os.path.join(ROOT, p))}
    sources = sorted({source_of(r) for r in pool.recs})
    order = np.random.default_rng(7).permutation(len(sources))
    fold_of = {sources[s]: k % FOLDS for k, s in enumerate(order)}
    folds = [np.array([i for i, r in enumerate(pool.recs) if fold_of[source_of(r)] == k])
             for k in range(FOLDS)]
    print(f"sets 1-5: {len(seen.recs)} lines; training set: {len(pool.recs)} lines, {FOLDS} folds")
    print("micro-F1 / hard-negative accuracy; A: training-set folds, B: sets 1-5 left out")
    rules_a = score(pool.gold, pool.rules, pool.recs)
    rules_b = score(seen.gold, seen.rules, seen.recs)
    print(f"{'rules alone':28} {'':22} A {rules_a[0]:.3f} {rules_a[1]:.2f}   "
          f"B {rules_b[0]:.3f} {rules_b[1]:.2f}")
    for kind, l2 in CLASSIFIERS:
        pa, pb = regimes(seen, seen_sets, pool, folds, kind, l2, reasons)
        policies = GRID if grid else [(0.0, 0.0, 0.0), SURE]
        rows = []
        for sure in policies:
            a = score(pool.gold, combine(pa, pool.rules, pool.verdicts, sure), pool.recs)
            b = score(seen.gold, combine(pb, seen.rules, seen.verdicts, sure), seen.recs)
            rows.append((min(a[0] - rules_a[0], b[0] - rules_b[0]), sure, a, b))
        if grid:
            rows.sort(key=lambda r: -r[0])
            rows = rows[:5]
        for _, sure, a, b in rows:
            policy = "add/drop/retype " + "/".join(f"{t:g}" for t in sure)
            print(f"{kind + ' l2=' + str(l2):28} {policy:22} A {a[0]:.3f} {a[1]:.2f}   "
                  f"B {b[0]:.3f} {b[1]:.2f}")
    if not final and not write:
        return
    choice = os.environ.get("CHOICE", "vec+rules,0.03").split(",")
    kind, l2 = choice[0], float(choice[1])
    fit, vocabulary = fit_on([(seen, 1.0), (pool, POOL_WEIGHT)], kind, l2, reasons)
    if write:
        assert kind == "vec+rules", "the shipped classifier reads the vector and the verdict"
        names = sorted(reasons, key=reasons.get)
        out = {"model": "all-MiniLM-L6-v2", "types": TYPES, "reasons": names,
               "dim": seen.vec.shape[1],
               "sure": dict(zip(("add", "drop", "retype"), SURE)),
               "weights": [[round(float(v), 3) for v in row] for row in fit.weights],
               "bias": [round(float(v), 4) for v in fit.bias]}
        with open(write, "w", encoding="utf-8") as f:
            json.dump(out, f, separators=(",", ":"))
            f.write("\n")
        print(f"wrote {write}: {kind} l2={l2}, trained on {len(seen.recs) + len(pool.recs)} lines")
    for path, data in held.items():
        rules = score(data.gold, data.rules, data.recs)
        both = score(data.gold, combine(fit(data.features(kind, reasons, vocabulary)), data.rules,
                                        data.verdicts, SURE), data.recs)
        print(f"{path}: rules F1 {rules[0]:.3f} hard {rules[1]:.2f}; with {kind}: "
              f"F1 {both[0]:.3f} hard {both[1]:.2f}")


if __name__ == "__main__":
    main()
