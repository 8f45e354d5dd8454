#!/usr/bin/env python3
"""Would fine-tuning the sentence model's top layers type lines better than the classifier
over its frozen vectors?

The shipped line classifier (`src/parse/line_model.rs`) reads a line's mean-pooled MiniLM
vector and the rules' verdict. Its vector is fixed: the model was trained to say what a
sentence is about, not whether it reports, decides or only mentions something. This script
measures what training the model's top layers on the labelled lines adds.

The published all-MiniLM-L6-v2 runs frozen up to layer 6 - T; its token states there are
computed once. On top, the last T layers (started from the published weights; T = 0 keeps
them all frozen) and a softmax layer over the mean-pooled output and the rules' verdict (type
one-hot, confidence, reason one-hot) are trained with Adam on the training sets
(`tests/eval/parser-train*.jsonl`, weight POOL_WEIGHT) and held-out 1-5 (weight 1), as the
shipped classifier is.

Regime A (model selection): the training sets' five folds by source (a fold holds whole
sources, assigned by a hash of the source). `--grid` adds regime B
(each of sets 1-5 left out, trained on the rest and the training sets) and chooses the
thresholds as the shipped ones are chosen: the policy whose smaller gain over the rules, of
the two regimes, is largest. `--final` then trains on everything above and scores the
development set and the unseen held-out sets once, beside the rules alone. Never tune on
those figures. With `WRITE=1 SURE=add,drop,retype` (and `LORA`) it also writes the shipped
weights: src/parse/line_tuning.safetensors and src/parse/line_model.json.

The shipped classifier: three starts (SEEDS=0,1,2) of LORA=8 TOP=4 EPOCHS=4, their
probabilities averaged, deciding every line (SURE=0,0,0), trained on every training set up to
the twenty-third round (POOL= them; the default POOL would add the twenty-fourth, kept out as
unread text for the next choice of settings) with UNSEEN= empty. It was first kept out because
it lost most verbless choices ("X over Y, since ..."); once the rules typed those, it gained on
held-out 6-9 and the twenty-fourth round, pooled, and on the probe of canonical forms (tests/eval/parser-probe.jsonl), and was
shipped. New weights must pass the probe's gate before they ship: `cargo test` with
MIND_TEST_MODEL set runs `with_the_real_model_the_canonical_memory_forms_of_the_probe_keep_their_types`
(the rules and classifier together type at least as many probe lines right as the rules
alone). One start was shipped before
with thresholds 0.7,0.6,0.7 (chosen on unread text by scripts/eval-thresholds.py; the --grid
choice was 0.8,0.5,1.01); averaged starts gain most deciding every line. Settings were compared
first with the eighteenth and nineteenth rounds' sets left out (POOL= the others, UNSEEN=
them): on text neither the rules nor the classifier had read, pooled (a fold of the training
sets favours the rules, which were written from their misses), four layers beat two from
two starts each; on the twentieth round's sets, read by neither, four layers trained on the
same lines beat two again and six did not gain.

usage: scripts/line-finetune-experiment.py MODEL_DIR MIND_BIN [--grid] [--final]
       (TOP=0,1,2: the layers trained; LORA=r: a rank-r change of their matrices instead of
        every weight; EPOCHS=4; FOLDS_RUN=1: how many of the five folds A runs without --grid;
        POOL_FRACTION=F: a learning curve, A trains on about that share of the other folds'
        sources; SURE=add,drop,retype: the policy the figures use (default 0.6,0.7,0.8);
        HARD_WEIGHT=1: the weight of hard negatives among the training lines;
        MAX_TOKENS=128; SECTION_TEXT=all|implicit|train: headings before a line's text
        (train: the training lines' wherever they have them, SECTION_DROP=p of them left out;
        a scored line's where the harness gives them; WRITE marks the weights "headings");
        PROBS_OUT=file.npz: --grid's probabilities; PRED_DIR=dir: --final's
        types per line; DEV=path: the development set, ../shared/eval/parser-dev.jsonl;
        POOL=paths and UNSEEN=paths: the training sets and the sets --final scores, as in
        scripts/line-classifier-experiment.py; with more than one UNSEEN set, --final also
        scores their lines pooled; SEEDS=0,1,2: --final trains one start per seed and also
        scores their probabilities averaged; PROBE=path: the probe of canonical forms --final
        scores beside the others, tests/eval/parser-probe.jsonl, PROBE= to skip it)
needs: torch, tokenizers, safetensors, numpy (pip install torch tokenizers safetensors numpy).
"""
import importlib.util
import math
import os
import sys
import zlib

import numpy as np
import torch
import torch.nn.functional as F
from safetensors.numpy import load_file
from tokenizers import Tokenizer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location(
    "lce", os.path.join(ROOT, "scripts/line-classifier-experiment.py"))
lce = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lce)

TYPES = lce.TYPES
# As src/embed/encoder.rs cuts them.
MAX_TOKENS = int(os.environ.get("MAX_TOKENS", "128"))
HEADS = 12
EPOCHS = int(os.environ.get("EPOCHS", "4"))
POOL_WEIGHT = float(os.environ.get("POOL_WEIGHT", "3"))
# HARD_WEIGHT=w: a training line labelled `hard_negative` (none, with a cue word or an entry's
# shape) weighs w times as much, to see whether the classifier then keeps more of them none.
HARD_WEIGHT = float(os.environ.get("HARD_WEIGHT", "1"))
# SEED=n: another start (dropout, the low-rank factors, the batches' order), to see how much
# of a difference between settings is chance.
SEED = int(os.environ.get("SEED", "0"))
torch.manual_seed(7 + SEED)
torch.set_num_threads(os.cpu_count() or 2)


class Bert:
    """all-MiniLM-L6-v2's BERT, as src/embed/bert.rs computes it."""

    def __init__(self, model_dir):
        w = {k: torch.from_numpy(v.astype(np.float32)) for k, v in
             load_file(os.path.join(model_dir, "model.safetensors")).items()
             if v.dtype != np.int64}
        self.w = w
        self.tokenizer = Tokenizer.from_file(os.path.join(model_dir, "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()

    def layer_params(self, i):
        p = f"encoder.layer.{i}."
        return {k[len(p):]: v for k, v in self.w.items() if k.startswith(p)}

    def tokens(self, texts):
        return [e.ids for e in self.tokenizer.encode_batch(texts)]

    def embed(self, ids):
        w = self.w
        n = ids.shape[1]
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:n][None]
             + w["embeddings.token_type_embeddings.weight"][0][None, None])
        return F.layer_norm(x, (384,), w["embeddings.LayerNorm.weight"],
                            w["embeddings.LayerNorm.bias"], 1e-12)


def layer(p, x, mask, dropout=0.0):
    """One BERT encoder layer; p maps its parameter names to tensors; mask is 1 for a token."""
    b, n, d = x.shape
    h = d // HEADS

    def heads(t):
        return t.view(b, n, HEADS, h).transpose(1, 2)

    q = heads(F.linear(x, p["attention.self.query.weight"], p["attention.self.query.bias"]))
    k = heads(F.linear(x, p["attention.self.key.weight"], p["attention.self.key.bias"]))
    v = heads(F.linear(x, p["attention.self.value.weight"], p["attention.self.value.bias"]))
    scores = q @ k.transpose(-1, -2) / math.sqrt(h) + (1.0 - mask[:, None, None, :]) * -1e4
    a = F.dropout(scores.softmax(-1), dropout)
    ctx = (a @ v).transpose(1, 2).reshape(b, n, d)
    x = F.layer_norm(x + F.dropout(F.linear(ctx, p["attention.output.dense.weight"],
                                            p["attention.output.dense.bias"]), dropout),
                     (d,), p["attention.output.LayerNorm.weight"],
                     p["attention.output.LayerNorm.bias"], 1e-12)
    f = F.gelu(F.linear(x, p["intermediate.dense.weight"], p["intermediate.dense.bias"]))
    f = F.linear(f, p["output.dense.weight"], p["output.dense.bias"])
    return F.layer_norm(x + F.dropout(f, dropout), (d,), p["output.LayerNorm.weight"],
                        p["output.LayerNorm.bias"], 1e-12)


def padded(seqs):
    n = max(len(s) for s in seqs)
    ids = torch.zeros(len(seqs), n, dtype=torch.long)
    mask = torch.zeros(len(seqs), n)
    for i, s in enumerate(seqs):
        ids[i, :len(s)] = torch.tensor(s)
        mask[i, :len(s)] = 1
    return ids, mask


def frozen_states(bert, texts, top):
    """Each text's token states after the frozen layers (6 - top), unpadded."""
    seqs = bert.tokens(texts)
    order = sorted(range(len(seqs)), key=lambda i: len(seqs[i]))
    out = [None] * len(seqs)
    frozen = [bert.layer_params(i) for i in range(6 - top)]
    with torch.no_grad():
        for s in range(0, len(order), 128):
            batch = order[s:s + 128]
            ids, mask = padded([seqs[i] for i in batch])
            x = bert.embed(ids)
            for p in frozen:
                x = layer(p, x, mask)
            for j, i in enumerate(batch):
                out[i] = x[j, :len(seqs[i])].clone()
    return out


def pooled(x, mask):
    return (x * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)


LINEARS = ["attention.self.query", "attention.self.key", "attention.self.value",
           "attention.output.dense", "intermediate.dense", "output.dense"]
# LORA=r: instead of every weight of the trained layers, a rank-r update B·A of each of their
# six matrices (B starts at zero) and their biases and layer norms: about 121,000 numbers for
# two layers at r = 8, against 3.5 million.
LORA = int(os.environ.get("LORA", "0"))
LORA_LR = float(os.environ.get("LORA_LR", "1e-3"))


class Head(torch.nn.Module):
    def __init__(self, bert, top, extra):
        super().__init__()
        self.layers = torch.nn.ModuleList()
        self.frozen = []
        g = torch.Generator().manual_seed(5 + SEED)
        for i in range(6 - top, 6):
            params = bert.layer_params(i)
            if LORA:
                base = {k: v.clone() for k, v in params.items() if k[:-len(".weight")] in LINEARS
                        and k.endswith(".weight")}
                trained = {k: v.clone() for k, v in params.items() if k not in base}
                for name in LINEARS:
                    out, inp = base[name + ".weight"].shape
                    trained[name + ".lora_a"] = torch.randn(LORA, inp, generator=g) / math.sqrt(inp)
                    trained[name + ".lora_b"] = torch.zeros(out, LORA)
                self.frozen.append(base)
            else:
                trained = {k: v.clone() for k, v in params.items()}
                self.frozen.append({})
            self.layers.append(torch.nn.ParameterDict(
                {k.replace(".", "_"): torch.nn.Parameter(v) for k, v in trained.items()}))
        self.out = torch.nn.Linear(384 + extra, len(TYPES))

    def layer_weights(self, n):
        """Layer n's parameters by their names, the rank-r updates folded into the weights."""
        p = {k.replace("_", ".").replace("lora.", "lora_"): v for k, v in self.layers[n].items()}
        for name in LINEARS if LORA else []:
            p[name + ".weight"] = (self.frozen[n][name + ".weight"]
                                   + p.pop(name + ".lora_b") @ p.pop(name + ".lora_a"))
        return p

    def forward(self, states, mask, extra, dropout=0.0):
        x = states
        for n in range(len(self.layers)):
            # ParameterDict keys cannot hold dots; the parameter names have no underscores
            # but lora_a and lora_b.
            x = layer(self.layer_weights(n), x, mask, dropout)
        v = F.normalize(pooled(x, mask), dim=-1)
        return self.out(torch.cat([v * 8.0, extra], -1))


def batches(states, idx, size):
    idx = sorted(idx, key=lambda i: len(states[i]))
    chunks = [idx[s:s + size] for s in range(0, len(idx), size)]
    return chunks


def stack(states, chunk):
    n = max(len(states[i]) for i in chunk)
    x = torch.zeros(len(chunk), n, 384)
    mask = torch.zeros(len(chunk), n)
    for j, i in enumerate(chunk):
        x[j, :len(states[i])] = states[i]
        mask[j, :len(states[i])] = 1
    return x, mask


def train(bert, top, states, extra, gold, weight, idx):
    head = Head(bert, top, extra.shape[1])
    layer_params = [p for m in head.layers for p in m.values()]
    opt = torch.optim.AdamW([{"params": layer_params, "lr": LORA_LR if LORA else 3e-5},
                             {"params": head.out.parameters(), "lr": 2e-3}], weight_decay=0.01)
    rng = np.random.default_rng(11 + SEED)
    for epoch in range(EPOCHS):
        chunks = batches(states, idx, 32)
        rng.shuffle(chunks)
        total = 0.0
        for chunk in chunks:
            x, mask = stack(states, chunk)
            logits = head(x, mask, extra[chunk], dropout=0.1)
            loss = (F.cross_entropy(logits, gold[chunk], reduction="none") * weight[chunk]).sum() \
                / weight[chunk].sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(chunk)
        print(f"    epoch {epoch + 1}: loss {total / len(idx):.4f}", file=sys.stderr)
    return head


def predict(head, states, extra, idx):
    p = np.zeros((len(idx), len(TYPES)))
    pos = {i: n for n, i in enumerate(idx)}
    with torch.no_grad():
        for chunk in batches(states, idx, 128):
            x, mask = stack(states, chunk)
            probs = head(x, mask, extra[chunk]).softmax(-1).numpy()
            for j, i in enumerate(chunk):
                p[pos[i]] = probs[j]
    return p


def policies(bert, top, states, extra, gold, weight, folds, seen, part, rules, verdicts, recs):
    """Chooses the thresholds (add, drop, retype) for T trained layers as the shipped
    classifier's were chosen: the policy whose smaller gain over the rules, of regime A (the
    training sets' five folds) and regime B (each of sets 1-5 left out, trained on the rest
    and the training sets), is largest. Prints the five best and the shipped one."""
    pool = np.concatenate(folds)
    pa = {}
    for k in range(lce.FOLDS):
        rest = np.concatenate([folds[j] for j in range(lce.FOLDS) if j != k] + [seen])
        head = train(bert, top, states, extra, gold, weight, list(rest))
        pa.update(zip(folds[k], predict(head, states, extra, list(folds[k]))))
        print(f"  fold {k + 1} of {lce.FOLDS} done", file=sys.stderr, flush=True)
    pb = {}
    for name in lce.SEEN:
        test = np.where(part == name)[0]
        rest = np.concatenate([pool, np.setdiff1d(seen, test)])
        head = train(bert, top, states, extra, gold, weight, list(rest))
        pb.update(zip(test, predict(head, states, extra, list(test))))
        print(f"  {name} done", file=sys.stderr, flush=True)
    if os.environ.get("PROBS_OUT"):
        np.savez(os.environ["PROBS_OUT"], a_idx=pool, a=np.array([pa[i] for i in pool]),
                 b_idx=seen, b=np.array([pb[i] for i in seen]))

    def scored(idx, probs, sure):
        g = gold[idx].numpy()
        v = [verdicts[i] for i in idx]
        rr = [recs[i] for i in idx]
        return lce.score(g, lce.combine(probs, rules[idx], v, sure), rr)

    a_p = np.array([pa[i] for i in pool])
    b_p = np.array([pb[i] for i in seen])
    base_a = lce.score(gold[pool].numpy(), rules[pool], [recs[i] for i in pool])
    base_b = lce.score(gold[seen].numpy(), rules[seen], [recs[i] for i in seen])
    print(f"  rules alone: A {base_a[0]:.3f}  B {base_b[0]:.3f}", flush=True)
    rows = []
    for sure in lce.GRID:
        a, b = scored(pool, a_p, sure), scored(seen, b_p, sure)
        rows.append((min(a[0] - base_a[0], b[0] - base_b[0]), sure, a, b))
    shown = sorted(rows, key=lambda r: -r[0])[:5] + [r for r in rows if r[1] == (0.0, 0.0, 0.0)]
    for sure in [lce.SURE]:
        a, b = scored(pool, a_p, sure), scored(seen, b_p, sure)
        shown.append((min(a[0] - base_a[0], b[0] - base_b[0]), sure, a, b))
    for gain, sure, a, b in shown:
        print(f"  add/drop/retype {'/'.join(f'{t:g}' for t in sure):<16} A {a[0]:.3f} {a[1]:.2f}"
              f"   B {b[0]:.3f} {b[1]:.2f}   smaller gain {gain:+.3f}", flush=True)


def write_tuned(heads, top, reasons, sure, model_json, tuning_path):
    """The shipped form of LoRA heads (one, or the starts of an ensemble): each head's tuned
    layers' low-rank factors, biases and layer norms as f16 safetensors (src/embed/tuning.rs
    reads them; the first head's in `tuning_path`, the k-th's beside it as
    line_tuning.k.safetensors) and the softmax layers in line_model.json's form (per head one
    row per feature: the vector, scaled as trained, then the rules' type one-hot, confidence
    and reasons; one column per type)."""
    import hashlib
    import json
    from safetensors.numpy import save_file
    assert LORA, "only the low-rank form is shipped"
    members = []
    for k, head in enumerate(heads):
        tensors = {}
        for n in range(top):
            i = 6 - top + n
            for key, v in head.layers[n].items():
                name = key.replace("_", ".").replace("lora.", "lora_")
                if name.endswith(".weight") and "LayerNorm" not in name:
                    continue
                tensors[f"encoder.layer.{i}.{name}"] = v.detach().numpy().astype(np.float16)
        path = tuning_path if k == 0 else tuning_path.replace(".safetensors", f".{k}.safetensors")
        save_file(tensors, path)
        digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
        w = head.out.weight.detach().numpy().T.copy()
        w[:384] *= 8.0
        members.append({"tuned_layers": digest,
                        "weights": [[round(float(v), 4) for v in row] for row in w],
                        "bias": [round(float(v), 4) for v in head.out.bias.detach().numpy()]})
        print(f"wrote {path} ({sum(v.size for v in tensors.values())} numbers)", flush=True)
    names = sorted(reasons, key=reasons.get)
    out = {"model": "all-MiniLM-L6-v2", "types": TYPES, "reasons": names, "dim": 384,
           "sure": dict(zip(("add", "drop", "retype"), sure)), "members": members}
    if os.environ.get("SECTION_TEXT") == "train":
        # Trained on "outer > inner: text" where a line has headings: `mind parse` gives the
        # classifier each line's headings the same way.
        out["headings"] = True
    with open(model_json, "w", encoding="utf-8") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {model_json}", flush=True)


def written():
    """Where WRITE puts the weights: src/parse, or the folder WRITE_TO names."""
    to = os.environ.get("WRITE_TO", os.path.join(ROOT, "src/parse"))
    return os.path.join(to, "line_model.json"), os.path.join(to, "line_tuning.safetensors")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    model_dir, mind = args[0], args[1]
    final = "--final" in sys.argv
    grid = "--grid" in sys.argv
    bert = Bert(model_dir)
    if os.environ.get("SURE"):
        # The policy the figures (and WRITE) use; the frozen classifier's by default.
        lce.SURE = tuple(float(t) for t in os.environ["SURE"].split(","))
    pool_paths = lce.POOL
    seen_paths = lce.SEEN
    dev = os.environ.get("DEV", os.path.join(ROOT, "..", "shared", "eval", "parser-dev.jsonl"))
    # The probe of canonical forms, scored beside the rules: the gate new weights must pass
    # (the real-model test in tests/cli/semantic.rs asks as many lines right as the rules).
    probe = os.environ.get("PROBE", os.path.join(ROOT, "tests/eval/parser-probe.jsonl"))
    test_paths = [dev] + lce.UNSEEN + ([probe] if probe else [])
    groups = [("pool", pool_paths), ("seen", seen_paths)] + [(p, [p]) for p in test_paths]
    recs, verdicts, group, part = [], [], [], []
    for name, paths in groups:
        for p in paths:
            r = lce.records(p)
            recs += r
            verdicts += lce.rule_verdicts(mind, r)
            group += [name] * len(r)
            part += [p] * len(r)
    kinds = ["decision" if v["type"] == "rejected" else v["type"] for v in verdicts]
    rules = np.array([TYPES.index(k) for k in kinds])
    gold = torch.tensor([TYPES.index(r["type"]) for r in recs])
    reasons = {}
    for v in verdicts:
        reasons.setdefault(v["reason"], len(reasons))
    extra = np.zeros((len(recs), len(TYPES) + 1 + len(reasons)), dtype=np.float32)
    for i, v in enumerate(verdicts):
        extra[i, rules[i]] = 1
        extra[i, len(TYPES)] = v["confidence"]
        extra[i, len(TYPES) + 1 + reasons[v["reason"]]] = 1
    extra = torch.from_numpy(extra)
    group = np.array(group)
    part = np.array(part)
    hard = np.array([r.get("tier") == "hard_negative" for r in recs])
    weight = torch.tensor(np.where(group == "pool", POOL_WEIGHT, 1.0)
                          * np.where(hard, HARD_WEIGHT, 1.0), dtype=torch.float32)
    texts = [r["text"].strip().replace("\n", " ") for r in recs]
    if os.environ.get("SECTION_TEXT"):
        # SECTION_TEXT=all: each line's headings before its text ("Known Limitations > 4. Deep
        # Nesting: Settings with very deep nesting ..."), to see whether the model reads what a
        # heading makes of the lines below it better than the rules' verdict tells it;
        # SECTION_TEXT=implicit: only where scripts/eval-parser.sh gives the parser the
        # headings (lines of the implicit tier), as a shipped classifier would be scored.
        # SECTION_TEXT=train: headings before the training lines' text wherever they have
        # one (as in a real file, every line sits under its headings), but before a scored
        # line's only where scripts/eval-parser.sh gives them (its implicit tier), as the
        # shipped classifier would see the scored sets; SECTION_DROP=p leaves a training
        # line's headings out with chance p (by a hash of its text), so the classifier also
        # learns lines that come without them.
        mode = os.environ["SECTION_TEXT"]
        drop = float(os.environ.get("SECTION_DROP", "0"))

        def shown(r, t, g):
            if not (r.get("section") or "").strip():
                return False
            training = g in ("pool", "seen")
            if mode == "implicit" or (mode == "train" and not training):
                return r.get("tier") == "implicit"
            if training and drop and zlib.crc32(t.encode()) % 1000 < drop * 1000:
                return False
            return True
        # As `mind parse` gives them (src/parse/document.rs, `heading_paths`): the titles,
        # without the `#` marks some sets record a heading with ("## Gotchas").
        def titles(section):
            return " > ".join(lce.heading_title(p) for p in section.split(" > "))
        texts = [f"{titles(r['section'])}: {t}" if shown(r, t, g) else t
                 for r, t, g in zip(recs, texts, group)]
    pool = np.where(group == "pool")[0]
    seen = np.where(group == "seen")[0]
    sources = sorted({lce.source_of(recs[i]) for i in pool})
    fold_of = {s: n % lce.FOLDS for n, s in enumerate(
        sorted(sources, key=lambda s: zlib.crc32(s.encode())))}
    folds = [np.array([i for i in pool if fold_of[lce.source_of(recs[i])] == k])
             for k in range(lce.FOLDS)]

    def report(name, idx, p):
        g = gold[idx].numpy()
        r = rules[idx]
        v = [verdicts[i] for i in idx]
        rr = [recs[i] for i in idx]
        base = lce.score(g, r, rr)
        every = lce.score(g, lce.combine(p, r, v, (0, 0, 0)), rr)
        chosen = lce.combine(p, r, v, lce.SURE)
        sure = lce.score(g, chosen, rr)
        if os.environ.get("PRED_DIR"):
            # Each line's type under the thresholds, to compare with `mind parse`'s.
            with open(os.path.join(os.environ["PRED_DIR"], name + ".types"), "w") as f:
                for t in chosen:
                    f.write(TYPES[t] + "\n")
        print(f"  {name:<28} rules {base[0]:.3f}/{base[1]:.2f}  every line {every[0]:.3f}/"
              f"{every[1]:.2f}  shipped policy {sure[0]:.3f}/{sure[1]:.2f}", flush=True)

    for top in [int(t) for t in os.environ.get("TOP", "0,1,2").split(",")]:
        print(f"top layers trained: {top}", flush=True)
        states = frozen_states(bert, texts, top)
        if grid:
            policies(bert, top, states, extra, gold, weight, folds, seen, part, rules, verdicts, recs)
        elif not final:
            runs = int(os.environ.get("FOLDS_RUN", "1"))
            test = np.concatenate(folds[:runs])
            p = np.zeros((len(test), len(TYPES)))
            at = 0
            for k in range(runs):
                rest = np.concatenate([folds[j] for j in range(lce.FOLDS) if j != k])
                if lce.POOL_FRACTION < 1:
                    # A learning curve: train on a share of the other folds' sources only.
                    keep = {s for s in {lce.source_of(recs[i]) for i in rest}
                            if np.random.default_rng(zlib.crc32(s.encode())).random()
                            < lce.POOL_FRACTION}
                    rest = np.array([i for i in rest if lce.source_of(recs[i]) in keep])
                rest = np.concatenate([rest, seen])
                head = train(bert, top, states, extra, gold, weight, list(rest))
                p[at:at + len(folds[k])] = predict(head, states, extra, list(folds[k]))
                at += len(folds[k])
            report(f"A ({runs} of {lce.FOLDS} folds)", list(test), p)
        elif os.environ.get("SEEDS"):
            # An ensemble: each start trained alone and scored, then their probabilities
            # averaged, to see whether several starts together type unread text better
            # than one (the spread between starts is itself a few thousandths).
            global SEED
            named = [(os.path.basename(n), list(np.where(group == n)[0])) for n, _ in groups[2:]]
            if len(lce.UNSEEN) > 1:
                named.append(("unseen sets pooled",
                              list(np.where(np.isin(group, lce.UNSEEN))[0])))
            total = {name: 0 for name, _ in named}
            seeds = [int(s) for s in os.environ["SEEDS"].split(",")]
            heads = []
            for s in seeds:
                SEED = s
                torch.manual_seed(7 + s)
                head = train(bert, top, states, extra, gold, weight, list(pool) + list(seen))
                heads.append(head)
                print(f" start {s}", flush=True)
                for name, idx in named:
                    p = predict(head, states, extra, idx)
                    total[name] = total[name] + p
                    report(name, idx, p)
            if os.environ.get("WRITE"):
                write_tuned(heads, top, reasons, lce.SURE, *written())
            print(f" mean of {len(seeds)} starts", flush=True)
            for name, idx in named:
                report(name, idx, total[name] / len(seeds))
        else:
            head = train(bert, top, states, extra, gold, weight, list(pool) + list(seen))
            if os.environ.get("WRITE"):
                write_tuned([head], top, reasons, lce.SURE, *written())
            for name, _ in groups[2:]:
                idx = list(np.where(group == name)[0])
                report(os.path.basename(name), idx, predict(head, states, extra, idx))
            if len(lce.UNSEEN) > 1:
                # The unseen sets' lines together: a set of 150 lines moves by a hundredth
                # with two lines, the pool is what a choice between settings can rest on.
                idx = list(np.where(np.isin(group, lce.UNSEEN))[0])
                report("unseen sets pooled", idx, predict(head, states, extra, idx))


if __name__ == "__main__":
    main()
