#!/usr/bin/env python3
"""Write a `git fast-import` stream of N commits (default 50,000) to stdout.

Each commit changes one of 400 files; messages look like real ones (a subject, sometimes a
body, sometimes trailers), and one in twenty carries a memory line (`decided:`, `learned:`,
`TIL:`, `gotcha:`, `problem:`, `fixed:` or a `Decided:` trailer) so harvest has work to do.
Deterministic: the same N gives the same history.

usage: gen_history.py [N] | git fast-import --quiet
"""
import random
import sys

N = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
rng = random.Random(42)
out = sys.stdout.buffer
VERBS = ["Fix", "Add", "Refactor", "Update", "Remove", "Rename", "Document", "Speed up", "Test"]
NOUNS = ["parser", "cache", "login flow", "retry loop", "config loader", "CLI flags",
         "database pool", "upload handler", "session store", "rate limiter", "build script"]
MEMORY = ["decided: {n} uses a bounded queue because memory spikes under load",
          "learned: {n} needs a warm cache before the first request",
          "TIL: {n} is called twice on reload",
          "gotcha: {n} breaks when the path has spaces",
          "problem: {n} times out on slow disks",
          "fixed: {n} no longer leaks file handles",
          "Decided: move {n} behind a feature flag"]


def data(payload: bytes) -> None:
    out.write(b"data %d\n" % len(payload))
    out.write(payload)
    out.write(b"\n")


t0 = 1_600_000_000
for i in range(1, N + 1):
    path = f"src/mod{rng.randrange(40)}/file{rng.randrange(10)}.rs"
    content = f"// revision {i}\npub fn f{i}() -> u64 {{ {rng.randrange(10**9)} }}\n".encode()
    subject = f"{rng.choice(VERBS)} {rng.choice(NOUNS)} (#{i})"
    body = ""
    if rng.random() < 0.4:
        body += "\n\n" + " ".join(rng.choice(NOUNS) for _ in range(rng.randrange(5, 30)))
    if rng.random() < 0.05:
        body += "\n\n" + rng.choice(MEMORY).format(n=f"{rng.choice(NOUNS)} #{i}")
    if rng.random() < 0.2:
        body += "\n\nSigned-off-by: Dev <dev@example.com>"
    message = (subject + body + "\n").encode()
    when = t0 + i * 600
    out.write(b"blob\nmark :%d\n" % (2 * i - 1))
    data(content)
    out.write(b"commit refs/heads/main\nmark :%d\n" % (2 * i))
    out.write(b"author Dev <dev@example.com> %d +0000\n" % when)
    out.write(b"committer Dev <dev@example.com> %d +0000\n" % when)
    data(message)
    if i > 1:
        out.write(b"from :%d\n" % (2 * i - 2))
    out.write(b"M 100644 :%d %s\n\n" % (2 * i - 1, path.encode()))
