#!/usr/bin/env bash
# `mind hook pre-tool` on a 10,000-entry MEMORY.md with 200 gotchas (and rejections and
# provenance lines among the entries), against `true`. 1,000 replayed Claude Code PreToolUse
# calls: four inputs (a Bash command meeting a rejection, an Edit of a file a provenance
# names, a Read meeting a gotcha, a Bash command meeting nothing), 250 runs each. Both sides
# run as `sh -c '... < input'` (hyperfine 1.15 has no stdin option), so the shell's start
# is in both. Prints p50/p95 in milliseconds and as a ratio to `true`. Needs hyperfine, python3.
#   benches/pretool.sh [ENTRIES] [GOTCHAS]   (default 10000 200)
set -euo pipefail
cd "$(dirname "$0")/.."
entries=${1:-10000}
gotchas=${2:-200}
cargo build --release --locked --quiet
mind=$PWD/target/release/mind
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export MIND_HOME=$work/home MIND_NOW=2026-01-15T09:00:00Z NO_COLOR=1
mkdir -p "$work/p" && cd "$work/p"
"$mind" init --quiet
python3 "$OLDPWD/benches/gen_memory.py" "$entries" > "$work/gen.md"
python3 - "$gotchas" "$work/gen.md" > .mind/MEMORY.md <<'PY'
import random, sys
random.seed(7)
n, lines = int(sys.argv[1]), open(sys.argv[2]).read().splitlines()
words = "auth login cache deploy upload cookie session token nginx docker build queue".split()
out = []
for i, line in enumerate(lines):
    out.append(line)
    if line == "## Gotchas":
        out += [f"- {random.choice(words)} {random.choice(words)} breaks under load {i}x{k} -> pin it"
                for k in range(n)]
    elif i % 50 == 0 and line.startswith("decided"):
        out.append(f"decided against: {random.choice(words)} rewrite {i} - too slow")
    elif i % 25 == 0 and line.startswith("learned"):
        out.append(f"learned: {random.choice(words)} needs a retry (src/{random.choice(words)}.rs:{i})")
out.append("decided against: Redis for sessions - overkill for one server")
out.append("learned: token refresh races on reload (src/auth.rs:42)")
print("\n".join(out))
PY
echo "MEMORY.md: $(wc -l < .mind/MEMORY.md) lines, $(grep -c 'breaks under load' .mind/MEMORY.md) gotchas"
root=$PWD
input() { printf '{"session_id":"b","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"%s","tool_input":%s}' "$root" "$1" "$2"; }
input Bash '{"command":"redis-server --port 7000"}' > "$work/bash.json"
input Edit "{\"file_path\":\"$root/src/auth.rs\",\"old_string\":\"a\",\"new_string\":\"b\"}" > "$work/edit.json"
input Read "{\"file_path\":\"$root/src/cookie.rs\"}" > "$work/read.json"
input Bash '{"command":"ls -la"}' > "$work/none.json"
for kind in bash edit read none; do
  printf '%s: ' "$kind"; "$mind" hook pre-tool --agent claude < "$work/$kind.json" | head -c 160; echo
done
# hyperfine: mean time of each call, the shell's start subtracted (hyperfine calibrates it).
hyperfine --warmup 20 --runs 250 --export-markdown "$work/hyperfine.md" \
  -n 'true' "true < $work/none.json" \
  -n 'bash (rejection)' "$mind hook pre-tool --agent claude < $work/bash.json" \
  -n 'edit (provenance)' "$mind hook pre-tool --agent claude < $work/edit.json" \
  -n 'read (gotcha)' "$mind hook pre-tool --agent claude < $work/read.json" \
  -n 'bash (no match)' "$mind hook pre-tool --agent claude < $work/none.json" 2>/dev/null >/dev/null
cat "$work/hyperfine.md"
# 1,000 replayed calls, each spawned with its input on stdin, against 1,000 spawns of `true`
# the same way: p50/p95 and the ratio.
python3 - "$mind" "$work" <<'PY'
import subprocess, sys, time
mind, work = sys.argv[1], sys.argv[2]
inputs = [open(f"{work}/{k}.json", "rb").read() for k in ("bash", "edit", "read", "none")]
def replay(argv):
    for data in inputs * 5:  # warm-up
        subprocess.run(argv, input=data, stdout=subprocess.DEVNULL)
    times = []
    for i in range(1000):
        start = time.perf_counter()
        subprocess.run(argv, input=inputs[i % 4], stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return sorted(times)
def pct(ts, p):
    return ts[min(len(ts) - 1, int(len(ts) * p))] * 1000
base = replay(["true"])
hook = replay([mind, "hook", "pre-tool", "--agent", "claude"])
for name, p in (("p50", 0.50), ("p95", 0.95)):
    b, m = pct(base, p), pct(hook, p)
    print(f"{name}: true {b:.2f} ms, mind hook pre-tool {m:.2f} ms ({m / b:.2f}x true, +{m - b:.2f} ms)")
PY
