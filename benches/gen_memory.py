#!/usr/bin/env python3
"""Write a synthetic MEMORY.md with N entries (deterministic for a seed).

Usage: gen_memory.py ENTRIES [SEED] > MEMORY.md

The mix follows real memory files: dated headings, `decided:` / `learned:` / `problem:` /
`fixed:` lines, KEY items, bullets, prose and the occasional session summary.
"""
import random
import sys

TOPICS = ["auth", "cache", "upload", "database", "search", "billing", "deploy", "websocket",
          "parser", "sync", "export", "login", "session", "routing", "queue", "metrics"]
TECH = ["Safari", "Postgres", "Redis", "Docker", "React", "Rust", "Python", "nginx", "JWT",
        "OAuth", "S3", "Kafka", "SQLite", "Node", "Vite", "cargo", "Kubernetes", "CORS"]
VERBS = ["drops", "times out on", "leaks memory in", "double-counts", "rejects", "caches",
         "retries", "corrupts", "slows down", "breaks"]
REASONS = ["because it is stateless", "since the API rate limits", "because of the 30s timeout",
           "so that retries stay idempotent", "due to the memory limit", "because users asked"]


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


def main():
    n = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 42)
    out = ["<!-- MIND MEMORY - Append as you work. Write naturally.",
           "Keywords: decided, problem, learned, tried, fixed, blocked, KEY, important -->", "",
           "# bench", "", "## Project State", "- Goal: benchmark", "- Stack: rust", "- Blocked: None",
           "", "## Gotchas", "- Safari ITP blocks cross-domain cookies -> same-site auth domain", "",
           "---", "", "## Session Log", ""]
    day = 0
    for i in range(n):
        if i % 40 == 0:
            day += 1
            y, d = 2024 + day // 365, day % 365
            month, dom = 1 + d // 28 % 12, 1 + d % 28
            out += ["", f"## {y}-{month:02d}-{dom:02d}", ""]
        out.append(entry(rng, i))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
