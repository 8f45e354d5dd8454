#!/usr/bin/env python3
"""Write N synthetic named memories (about 5 KB each) into a `.mind/memories/` folder.

Usage: gen_named.py DIR [N] [SEED]

Each memory has the front matter `mind memory write` writes (category, tags, createdAt,
updatedAt), a title and a handful of `##` sections of bullets and prose, deterministic
for a seed.
"""
import os
import random
import sys

CATEGORIES = ["architecture", "decision", "pattern", "guide", "onboarding", "note", "progress"]
TAGS = ["auth", "api", "cache", "db", "deploy", "ui", "billing", "search", "queue", "infra"]
WORDS = ("request token cache session timeout retry upload database index query worker queue "
         "deploy rollback latency memory payload header cookie redirect schema migration lock "
         "shard replica tenant region invoice webhook signature parser router metric alert "
         "gateway proxy client server build release branch test fixture container volume").split()
SECTIONS = ["Overview", "Token refresh", "Storage", "Failure modes", "Rollout", "Open questions",
            "Testing", "Monitoring", "Limits", "History"]


def sentence(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def memory(rng, i):
    day = 1 + i % 28
    month = 1 + i % 12
    out = [
        "---",
        f"category: {rng.choice(CATEGORIES)}",
        "tags:",
        *[f"- {t}" for t in rng.sample(TAGS, 2)],
        f"createdAt: 2025-{month:02d}-{day:02d}T09:00:00Z",
        f"updatedAt: 2026-{month:02d}-{day:02d}T09:00:00Z",
        "---",
        "",
        f"# Memory {i}: {sentence(rng, 3)}",
        "",
        sentence(rng, 20) + ".",
    ]
    size = sum(len(line) + 1 for line in out)
    sections = iter(rng.sample(SECTIONS, len(SECTIONS)) * 10)
    while size < 5000:
        block = ["", f"## {next(sections)}", ""]
        block += [f"- {sentence(rng, rng.randint(8, 16))}" for _ in range(rng.randint(3, 7))]
        size += sum(len(line) + 1 for line in block)
        out += block
    return "\n".join(out) + "\n"


def main():
    folder = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 42)
    os.makedirs(folder, exist_ok=True)
    for i in range(n):
        with open(os.path.join(folder, f"memory-{i:04d}.md"), "w", encoding="utf-8") as f:
            f.write(memory(rng, i))


if __name__ == "__main__":
    main()
