#!/usr/bin/env python3
"""Regenerate src/suggest/english.txt: dictionary words within two edits of a `mind log`
type word. `mind log` never reads such a word as a misspelt type ("design", "process",
"stack", "code" are words, not typos).

Usage: python3 scripts/english_near_types.py [/usr/share/dict/words] > src/suggest/english.txt
The type words must match classify::TYPE_WORDS (those of four letters or more); extra
software words that are not in the dictionary are listed in EXTRA.
"""
import re
import sys

TYPE_WORDS = """decision decisions decided decide learning learnings learned learnt learn
lesson problem problems issue progress fixed done resolved shipped gotcha gotchas pitfall
caveat experience note blocker blockers stuck blocked assumption assumptions assume assuming
rejected reject tried failed""".split()

# Software words missing from a plain English dictionary.
EXTRA = """trie tries noded nodejs deno dotenv dockerd lerna blockly assert asserts
assertion assertions rejectable resolvers lessc fixup fixups fixme notebook notes nodes
shipit proble probs isuse exps""".split()


def osa(a, b):
    """Optimal string alignment distance (an adjacent swap is one edit)."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/dict/words"
    words = set(EXTRA)
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            # "don't" is typed "dont" as often as not.
            w = line.strip().lower().replace("'", "")
            if re.fullmatch(r"[a-z]+", w):
                words.add(w)
    targets = set(TYPE_WORDS)
    near = sorted(
        w
        for w in words
        if w not in targets
        and any(abs(len(w) - len(t)) <= 2 and osa(w, t) <= 2 for t in targets)
    )
    print("\n".join(near))


main()
