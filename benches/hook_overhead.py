#!/usr/bin/env python3
"""Time `git commit -m` in three repositories, round-robin commit by commit, so that load on
the machine hits all of them the same way: one without hooks, one whose post-commit and
prepare-commit-msg hooks are empty shell scripts (the floor any hook costs), and one with
mind's hooks installed. Each commit changes a file; one in ten carries a `decided:` line and
one in twenty-five adds a `MEMORY:` comment, so the post-commit hook has real work to do.
Only `git commit` is timed.

usage: hook_overhead.py PLAIN_REPO EMPTY_HOOKS_REPO MIND_HOOKS_REPO [N]
"""
import statistics
import subprocess
import sys
import time

repos = sys.argv[1:4]
n = int(sys.argv[4]) if len(sys.argv) > 4 else 100
labels = ["no hooks", "empty sh hooks", "mind hooks"]
times = {r: [] for r in repos}
for i in range(1, n + 1):
    k = i % 3
    for repo in repos[k:] + repos[:k]:
        with open(f"{repo}/src/file{i % 10}.rs", "a") as f:
            f.write(f"pub const LINE_{i}: u32 = {i};\n")
            if i % 25 == 0:
                f.write(f"// MEMORY: learned: constant {i} must stay in sync with the table\n")
        subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
        msg = f"decided: commit {i} keeps the loop honest" if i % 10 == 0 else f"change {i}"
        start = time.perf_counter()
        subprocess.run(["git", "commit", "-q", "-m", msg], cwd=repo, check=True,
                       stderr=subprocess.DEVNULL)
        times[repo].append(time.perf_counter() - start)

median = {r: statistics.median(times[r]) * 1000 for r in repos}
for label, r in zip(labels, repos):
    print(f"  git commit, {label:<15} median {median[r]:6.2f} ms   mean {statistics.mean(times[r])*1000:6.2f} ms   ({n} commits)")
print(f"hooks: {median[repos[2]] - median[repos[0]]:+.2f} ms added per commit by mind's hooks "
      f"({median[repos[2]] - median[repos[1]]:+.2f} ms over empty shell hooks)")
