#!/usr/bin/env python3
"""Synthetic MEMORY.md / SESSION.md for benchmarks (deterministic: seeded).

usage:
  gen_rank.py memory N [SEED]          MEMORY.md with N entries (~62 bytes each) under date headings
  gen_rank.py session REJECTED [SEED]  SESSION.md with that many rejected items (plus a few others)
  gen_rank.py promotable N [SEED]      SESSION.md with N promotable items (rejections with a reason,
                                         experiences with a tech or insight word)

Entries mix the forms real memories take: `decided:`/`learned:`/`fixed:`/`problem:` lines, bold
labels, plain bullets and prose, about a vocabulary of software words and identifiers.
"""
import random
import sys

WORDS = """auth login session token cookie cache redis postgres sqlite query index migration schema
timeout retry backoff queue worker job cron deploy release build compile test fixture mock lint
format bundle webpack vite docker image container kubernetes pod ingress nginx proxy tls cert dns
upload download stream buffer socket websocket http request response header payload json yaml
config env secret vault key rotation password hash bcrypt jwt oauth callback redirect cors csrf
router handler middleware controller service repository model view template component state store
reducer hook effect render layout css theme button form input validation error exception panic
crash leak memory cpu thread async await promise future channel mutex lock deadlock race signal
file path directory permission windows linux macos shell script cli flag argument parser logger
metrics trace span alert dashboard latency throughput limit quota rate pagination cursor offset
search ranking filter sort merge rebase branch commit hook ci pipeline runner artifact registry
package dependency version semver lockfile npm cargo pip venv python rust go node typescript""".split()
IDENTS = ["src/auth.rs", "api/v2/users", "config.yaml", "UserService", "fetchOrders", "ERR_TIMEOUT",
          "max_connections", "retryPolicy", "v1.4.2", "Cargo.toml", "package.json", "useSession",
          "OrderRepo", "src/db/pool.rs", "HTTP_PROXY", "tokio::spawn", "next.config.js", "go.sum"]
VERBS = ["use", "switch to", "drop", "keep", "move", "split", "cache", "retry", "pin", "bump",
         "remove", "add", "replace", "wrap", "batch", "stream", "validate", "log", "limit", "index"]


def phrase(rng, n):
    out = []
    for _ in range(n):
        out.append(rng.choice(IDENTS) if rng.random() < 0.12 else rng.choice(WORDS))
    return " ".join(out)


def entry(rng):
    kind = rng.random()
    body = f"{rng.choice(VERBS)} {phrase(rng, rng.randint(4, 8))}"
    if kind < 0.22:
        return f"decided: {body} because {phrase(rng, 2)}"
    if kind < 0.42:
        return f"learned: {body}"
    if kind < 0.55:
        return f"fixed: {body}"
    if kind < 0.65:
        return f"problem: {phrase(rng, rng.randint(4, 8))} fails"
    if kind < 0.72:
        return f"- **Decided:** {body}"
    if kind < 0.85:
        return f"- {body}"
    return f"{body.capitalize()}."


def memory(n, rng):
    lines = ["<!-- MIND MEMORY - Append as you work. Write naturally. -->", "", "# bench", "",
             "## Project State", "- Goal: benchmark", "- Stack: rust", "", "## Gotchas",
             "- gotcha: the windows runner has no docker", "", "## Session Log", ""]
    year, month, day = 2024, 1, 1
    i = 0
    while i < n:
        lines.append(f"## {year:04d}-{month:02d}-{day:02d}")
        lines.append("")
        for _ in range(rng.randint(5, 15)):
            if i >= n:
                break
            lines.append(entry(rng))
            i += 1
        lines.append("")
        day += 1
        if day > 28:
            day, month = 1, month + 1
        if month > 12:
            month, year = 1, year + 1
    return "\n".join(lines) + "\n"


def session(rejected, rng, promotable=False):
    exp, rej = [], []
    if promotable:
        for k in range(rejected):
            if k % 2:
                rej.append(f"{rng.choice(VERBS)} {phrase(rng, 5)} - {phrase(rng, 3)}")
            else:
                exp.append(f"turns out {phrase(rng, 6)}")
    else:
        exp = [phrase(rng, 6) for _ in range(3)]
        rej = [f"{rng.choice(VERBS)} {phrase(rng, 5)} - {phrase(rng, 3)}" for _ in range(rejected)]
    out = ["# Session: 2026-01-15", "", "## Experience"] + [f"- {e}" for e in exp]
    out += ["", "## Blockers", "", "## Rejected"] + [f"- {r}" for r in rej]
    out += ["", "## Assumptions", ""]
    return "\n".join(out) + "\n"


def main():
    what, n = sys.argv[1], int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 42)
    if what == "memory":
        sys.stdout.write(memory(n, rng))
    elif what == "session":
        sys.stdout.write(session(n, rng))
    elif what == "promotable":
        sys.stdout.write(session(n, rng, promotable=True))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
