#!/usr/bin/env python3
"""Generate a large, realistic MEMORY.md for benchmarks (deterministic: seed 42).

    gen_parse_memory.py ENTRIES > MEMORY.md

About 200 bytes per entry, so 50,000 entries make ~10 MB. The mix follows real files:
what `mind log` writes (decided:/learned:/fixed:/problem:/gotcha:, some KEY), loose
prose with and without cue words, bullets under typed headings, session summaries,
occasional code fences and HTML comments, dated `## YYYY-MM-DD` headings every ~25 entries.
"""
import random
import sys
from datetime import date, timedelta

rng = random.Random(42)
WORDS = ("auth token cache session upload parser index query schema migration worker queue "
         "retry timeout cookie header proxy redirect build deploy release config secret key "
         "storage bucket stream buffer payload export import search ranking embedding vector "
         "client server api endpoint route handler middleware logger metrics alert dashboard "
         "test fixture mock snapshot flaky runner pipeline docker image container volume "
         "network dns tls certificate database table column index transaction lock replica").split()
TECH = "Postgres SQLite Redis Kafka React Svelte Rust Go Python Node Docker Nginx S3 Safari Chrome".split()


def words(n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def entry():
    r = rng.random()
    a, b = rng.sample(TECH, 2)
    tail = words(rng.randint(12, 28))
    if r < 0.16:
        return f"decided: use {a} over {b} for the {words(2)} because {tail}"
    if r < 0.28:
        return f"learned: {a} {words(3)} behaves differently when {tail}"
    if r < 0.40:
        return f"fixed: {words(4)} no longer fails after {tail}"
    if r < 0.50:
        return f"problem: {words(3)} fails on {a} when {tail}"
    if r < 0.54:
        return f"gotcha: {words(4)} -> {tail}"
    if r < 0.57:
        return f"decided: KEY: never {words(3)} without {tail}"
    if r < 0.65:
        return f"- Decided to move the {words(2)} to {a} since {tail}"
    if r < 0.72:
        return f"- Turns out {a} {words(4)} {tail}"
    if r < 0.78:
        return f"- The {words(2)} doesn't work with {b} when {tail}"
    if r < 0.84:
        return f"- Going with {a} for {words(3)} {tail}"
    if r < 0.90:
        return f"- {words(5).capitalize()} {tail}"
    if r < 0.95:
        return f"Worked on the {words(3)} and reviewed {tail}."
    return f"- Watch out for {words(3)} in {a}: {tail}"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
    out = [
        "<!-- MIND MEMORY - Append as you work. Write naturally.",
        "Keywords: decided, problem, learned, tried, fixed, blocked, KEY, important -->",
        "",
        "# bench",
        "",
        "## Project State",
        "- Goal: benchmark the parser",
        "- Stack: rust",
        "- Blocked: None",
        "",
        "## Gotchas",
        "- bcrypt is slow on ARM -> use argon2",
        "",
        "---",
        "",
        "## Session Log",
    ]
    day = date(2024, 1, 1)
    for i in range(n):
        if i % 25 == 0:
            day += timedelta(days=1)
            out += ["", f"## {day.isoformat()}", ""]
        if i % 500 == 499:
            out += ["```", f"let {words(1)} = compute({words(1)}); // decided: not an entry", "```"]
        if i % 300 == 299:
            out += ["", f"## {day.isoformat()} | {words(6)} | mood: {rng.choice(['good', 'tired', 'focused'])}", ""]
        if i % 400 == 0:
            out += [f"<!-- note: {words(5)}", f"{words(8)} -->"]
        out.append(entry())
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
