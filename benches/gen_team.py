#!/usr/bin/env python3
"""Generate the team benchmark's projects: gen_team.py WORK PROJECTS ENTRIES QUERIES (run from the repository root).

Writes WORK/projects/svcNNNN/.mind/MEMORY.md, WORK/home/projects.json and WORK/queries.txt.
"""
# Entries are spliced from real memory lines (tests/eval: published MEMORY.md files and the
# search corpora): the head of one line joined to the tail of another, under a real type label,
# in dated sections spread over two years, now and then with a project-specific reference. The
# text has the vocabulary, lengths and word frequencies of real memory, so ranks rarely tie.
# Queries are one to three consecutive words of a real line, the way people type them.
import glob, json, os, random, re, sys
work, projects, entries, queries = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rnd = random.Random(42)
pool = set()
for f in glob.glob("tests/eval/*entries.jsonl"):
    pool.update(json.loads(line)["text"] for line in open(f))
for f in glob.glob("tests/eval/real/*"):
    for line in open(f):
        line = re.sub(r"^([-*]|\d+\.)\s+", "", line.strip())
        if len(line.split()) >= 5 and not line.startswith("#"):
            pool.add(line)
label = re.compile(r"^(decided|learned|fixed|problem|gotcha|KEY):\s*")
pool = [label.sub("", " ".join(p.split())) for p in sorted(pool)]
kinds = ["decided:", "learned:", "fixed:", "problem:", "gotcha:"]


def spliced():
    a, b = rnd.choice(pool).split(), rnd.choice(pool).split()
    head = a[: rnd.randint(3, max(3, len(a) - 1))]
    tail = b[rnd.randint(1, max(1, len(b) - 3)):]
    return " ".join(head + tail)[:300]


registry = {"projects": {}}
for p in range(projects):
    name = f"svc{p:04d}"
    root = os.path.join(work, "projects", name)
    os.makedirs(os.path.join(root, ".mind"), exist_ok=True)
    lines, seen, day = ["# Project Memory", ""], set(), None
    for e in range(entries):
        d = 720 * e // entries  # 2024-01 .. 2025-12, oldest first
        if d != day:
            day = d
            lines += ["", f"## {2024 + d // 360}-{1 + d % 360 // 30:02d}-{1 + d % 30:02d}", ""]
        while True:
            text = f"{rnd.choice(kinds)} {spliced()}"
            if rnd.random() < 0.3:
                text += rnd.choice([f" ({name} #{rnd.randint(1, 999)})",
                                    f" in {name}/{rnd.choice(['api', 'web', 'worker', 'cli'])}"])
            if text not in seen:
                seen.add(text)
                break
        lines.append(text)
    with open(os.path.join(root, ".mind", "MEMORY.md"), "w") as out:
        out.write("\n".join(lines) + "\n")
    registry["projects"][root] = {"path": root, "name": name, "stack": [],
                                  "registered_at": "2026-03-01T09:00:00Z", "last_activity": None}
json.dump(registry, open(os.path.join(work, "home", "projects.json"), "w"))
with open(os.path.join(work, "queries.txt"), "w") as q:
    made = 0
    while made < queries:
        w = re.findall(r"[A-Za-z][A-Za-z-]{3,}", rnd.choice(pool))
        if len(w) >= 3:
            start = rnd.randrange(len(w) - 1)
            q.write(" ".join(w[start:start + rnd.choice([1, 2, 2, 3])]) + "\n")
            made += 1
