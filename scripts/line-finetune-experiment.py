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

Regime A (model selection): the training sets' five folds by source, as
`scripts/line-classifier-experiment.py` makes them. `--final` then trains on everything above
and scores the development set and the unseen held-out sets once, beside the rules alone.
Never tune on those figures.

usage: scripts/line-finetune-experiment.py MODEL_DIR MIND_BIN [--final]
       (TOP=0,1,2: the layers trained; EPOCHS=4; FOLDS_RUN=1: how many of the five folds A runs;
        DEV=path: the development set, ../shared/eval/parser-dev.jsonl by default)
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
MAX_TOKENS = 64
HEADS = 12
EPOCHS = int(os.environ.get("EPOCHS", "4"))
POOL_WEIGHT = float(os.environ.get("POOL_WEIGHT", "3"))
torch.manual_seed(7)
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


class Head(torch.nn.Module):
    def __init__(self, bert, top, extra):
        super().__init__()
        self.layers = torch.nn.ModuleList()
        for i in range(6 - top, 6):
            m = torch.nn.ParameterDict({k.replace(".", "_"): torch.nn.Parameter(v.clone())
                                        for k, v in bert.layer_params(i).items()})
            self.layers.append(m)
        self.out = torch.nn.Linear(384 + extra, len(TYPES))

    def forward(self, states, mask, extra, dropout=0.0):
        x = states
        for m in self.layers:
            # ParameterDict keys cannot hold dots; the parameter names have no underscores.
            x = layer({k.replace("_", "."): v for k, v in m.items()}, x, mask, dropout)
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
    opt = torch.optim.AdamW([{"params": layer_params, "lr": 3e-5},
                             {"params": head.out.parameters(), "lr": 2e-3}], weight_decay=0.01)
    rng = np.random.default_rng(11)
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


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    model_dir, mind = args[0], args[1]
    final = "--final" in sys.argv
    bert = Bert(model_dir)
    pool_paths = lce.POOL
    seen_paths = lce.SEEN
    dev = os.environ.get("DEV", os.path.join(ROOT, "..", "shared", "eval", "parser-dev.jsonl"))
    test_paths = [dev] + lce.UNSEEN
    groups = [("pool", pool_paths), ("seen", seen_paths)] + [(p, [p]) for p in test_paths]
    recs, verdicts, group = [], [], []
    for name, paths in groups:
        for p in paths:
            r = lce.records(p)
            recs += r
            verdicts += lce.rule_verdicts(mind, r)
            group += [name] * len(r)
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
    weight = torch.tensor(np.where(group == "pool", POOL_WEIGHT, 1.0), dtype=torch.float32)
    texts = [r["text"].strip().replace("\n", " ") for r in recs]
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
        sure = lce.score(g, lce.combine(p, r, v, lce.SURE), rr)
        print(f"  {name:<28} rules {base[0]:.3f}/{base[1]:.2f}  every line {every[0]:.3f}/"
              f"{every[1]:.2f}  shipped policy {sure[0]:.3f}/{sure[1]:.2f}", flush=True)

    for top in [int(t) for t in os.environ.get("TOP", "0,1,2").split(",")]:
        print(f"top layers trained: {top}", flush=True)
        states = frozen_states(bert, texts, top)
        if not final:
            runs = int(os.environ.get("FOLDS_RUN", "1"))
            test = np.concatenate(folds[:runs])
            p = np.zeros((len(test), len(TYPES)))
            at = 0
            for k in range(runs):
                rest = np.concatenate([folds[j] for j in range(lce.FOLDS) if j != k] + [seen])
                head = train(bert, top, states, extra, gold, weight, list(rest))
                p[at:at + len(folds[k])] = predict(head, states, extra, list(folds[k]))
                at += len(folds[k])
            report(f"A ({runs} of {lce.FOLDS} folds)", list(test), p)
        else:
            head = train(bert, top, states, extra, gold, weight, list(pool) + list(seen))
            for name, _ in groups[2:]:
                idx = list(np.where(group == name)[0])
                report(os.path.basename(name), idx, predict(head, states, extra, idx))


if __name__ == "__main__":
    main()
