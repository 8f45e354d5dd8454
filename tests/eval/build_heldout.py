#!/usr/bin/env python3
"""Build parser-heldout.jsonl and the source excerpts in real/ from heldout-labels.txt.

Each "@@" block of heldout-labels.txt is one public source file (its lines in file order,
a subset of the file); each labelled line becomes one record of the LABELING.md schema.
Sections come from the markdown headings above the line in the same excerpt.
"""
import json, os, re, sys

here = os.path.dirname(os.path.abspath(__file__))
TYPES = dict(d="decision", p="problem", l="learning", r="progress", g="gotcha", n="none")
TIERS = dict(e="explicit", l="loose", i="implicit", n="negative", h="hard_negative")
records, blocks, block = [], [], None
for raw in open(os.path.join(here, "heldout-labels.txt"), encoding="utf-8"):
    raw = raw.rstrip("\n")
    if raw.startswith("# ") and block is None or not raw.strip():
        continue
    if raw.startswith("@@"):
        name, repo, path, commit = [p.strip() for p in raw[2:].split("|")]
        block = dict(name=name, repo=repo, path=path, commit=commit, lines=[])
        blocks.append(block)
        headings, pseudo = [], None
        continue
    label, text, *rest = raw.split("\t")
    url = rest[0][1:] if rest else None
    block["lines"].append(text)
    stripped = text.strip()
    heading = re.match(r"^(#{1,6})\s+(.*)$", stripped) if block["name"] != "issues" else None
    section = [h for _, h in headings] + ([pseudo] if pseudo else [])
    if label not in ("-", "S"):
        kind, tier, *flags = label.split()
        if url:
            source = f"issue-title:{url}"
        else:
            source = f"{block['repo']}:{block['path']}@{block['commit'][:7]}"
        rec = dict(text=stripped, type=TYPES[kind], key="K" in flags, source=source, tier=TIERS[tier])
        if section:
            rec["section"] = " > ".join(section)
        records.append(rec)
    if label == "S":
        pseudo = stripped.strip("*").strip()
    elif heading and not stripped.startswith("# Response") and not stripped.startswith("# Install") and not stripped.startswith("# Line"):
        level = len(heading.group(1))
        headings = [(l, h) for l, h in headings if l < level] + [(level, heading.group(2))]
        pseudo = None

os.makedirs(os.path.join(here, "real"), exist_ok=True)
for b in blocks:
    if b["name"] == "issues":
        continue
    with open(os.path.join(here, "real", b["name"]), "w", encoding="utf-8") as f:
        f.write("\n".join(b["lines"]) + "\n")
with open(os.path.join(here, "parser-heldout.jsonl"), "w", encoding="utf-8") as f:
    for r in records:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(records), "records")
