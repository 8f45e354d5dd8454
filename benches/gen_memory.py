#!/usr/bin/env python3
"""Write a synthetic MEMORY.md with N entries, or of about a given size (deterministic for a
seed), streamed: memory stays small at any size.

Usage: gen_memory.py ENTRIES|SIZE [SEED] > MEMORY.md

ENTRIES is a count (`100000`); SIZE is a byte size with a unit (`200MB`, `1.5GB`, `64KB`;
decimal units): entries are written until the file reaches it. The same seed gives the same
entries, so a size-bound file is a prefix of a larger count-bound one.

The mix follows real memory files: dated headings, `decided:` / `learned:` / `problem:` /
`fixed:` lines, KEY items, bullets, prose and the occasional session summary.
"""
import random
import re
import sys

TOPICS = ["auth", "cache", "upload", "database", "search", "billing", "deploy", "websocket",
          "parser", "sync", "export", "login", "session", "routing", "queue", "metrics"]
TECH = ["Safari", "Postgres", "Redis", "Docker", "React", "Rust", "Python", "nginx", "JWT",
        "OAuth", "S3", "Kafka", "SQLite", "Node", "Vite", "cargo", "Kubernetes", "CORS"]
VERBS = ["drops", "times out on", "leaks memory in", "double-counts", "rejects", "caches",
         "retries", "corrupts", "slows down", "breaks"]
REASONS = ["because it is stateless", "since the API rate limits", "because of the 30s timeout",
           "so that retries stay idempotent", "due to the memory limit", "because users asked"]
UNITS = {"B": 1, "KB": 10**3, "MB": 10**6, "GB": 10**9}


def entry(rng, i):
    topic, tech, verb = rng.choice(TOPICS), rng.choice(TECH), rng.choice(VERBS)
    kind = rng.random()
    if kind < 0.25:
        return f"decided: use {tech} for {topic} {rng.choice(REASONS)} (#{i})"
    if kind < 0.45:
        return f"learned: {tech} {verb} {topic} when the payload is large (#{i})"
    if kind < 0.58:
        return f"problem: {topic} {verb} requests under load with {tech} (#{i})"
    if kind < 0.70:
        return f"fixed: {topic} no longer {verb} {tech} requests (#{i})"
    if kind < 0.74:
        return f"KEY: never call {tech} from the {topic} hot path (#{i})"
    if kind < 0.86:
        return f"- {topic}: {tech} {verb} the {rng.choice(TOPICS)} path (#{i})"
    return f"Worked on {topic} with {tech}; it {verb} things sometimes (#{i})"


def limits(arg):
    """(entries, bytes) from the command line: one of them is None (no limit)."""
    m = re.fullmatch(r"([\d.]+)\s*([KMG]?B)", arg.strip(), re.IGNORECASE)
    if m:
        return None, int(float(m.group(1)) * UNITS[m.group(2).upper()])
    return int(arg), None


def main():
    entries, size = limits(sys.argv[1])
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 42)
    out = sys.stdout
    head = ["<!-- MIND MEMORY - Append as you work. Write naturally.",
            "Keywords: decided, problem, learned, tried, fixed, blocked, KEY, important -->", "",
            "# bench", "", "## Project State", "- Goal: benchmark", "- Stack: rust",
            "- Blocked: None", "", "## Gotchas",
            "- Safari ITP blocks cross-domain cookies -> same-site auth domain", "", "---", "",
            "## Session Log", ""]
    written = 0
    chunk = []

    def emit(line):
        nonlocal written
        chunk.append(line)
        written += len(line.encode()) + 1
        if len(chunk) >= 4096:
            out.write("\n".join(chunk) + "\n")
            chunk.clear()

    for line in head:
        emit(line)
    day, i = 0, 0
    while (entries is None or i < entries) and (size is None or written < size):
        if i % 40 == 0:
            day += 1
            y, d = 2024 + day // 365, day % 365
            month, dom = 1 + d // 28 % 12, 1 + d % 28
            for line in ["", f"## {y}-{month:02d}-{dom:02d}", ""]:
                emit(line)
        emit(entry(rng, i))
        i += 1
    out.write("\n".join(chunk) + ("\n" if chunk else ""))


if __name__ == "__main__":
    main()
