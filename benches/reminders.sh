#!/usr/bin/env bash
# Reminder, edge and helper benchmarks on a 10,000-entry MEMORY.md, against `true` (process
# start) and the plain `mind log` in the same run. Needs hyperfine and python3.
#   benches/reminders.sh [ENTRIES] [REMINDERS] [GLOBAL_EDGES]   (default 10000 200 200)
set -euo pipefail
cd "$(dirname "$0")/.."
entries=${1:-10000}
reminders=${2:-200}
edges=${3:-200}
cargo build --release --locked --quiet
mind=$PWD/target/release/mind
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export MIND_HOME=$work/home MIND_NOW=2026-01-15T09:00:00Z NO_COLOR=1
mkdir -p "$work/p" && cd "$work/p"
"$mind" init --quiet
python3 "$OLDPWD/benches/gen_memory.py" "$entries" > .mind/MEMORY.md
"$mind" recall --quiet
cp .mind/REMINDERS.md "$work/REMINDERS.empty"
python3 - "$reminders" "$edges" "$MIND_HOME/global_edges.json" > .mind/REMINDERS.md <<'PY'
import json, random, sys
random.seed(42)
n, e, edges_path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
words = "auth login cache deploy upload cookie session token redis nginx docker build test api queue".split()
print("## Reminders")
for i in range(n):
    if i % 2:
        print(f"- [ ] {random.choice(words)},{random.choice(words)} | context | context reminder {i}")
    else:
        print(f"- [ ] 2026-0{random.randint(2, 9)}-1{random.randint(0, 9)} | absolute | timed reminder {i}")
print("\n## Done")
edges = [{"id": f"{i:08x}", "title": f"{random.choice(words)} {random.choice(words)} gotcha {i}",
          "description": f"{random.choice(words)} breaks when {random.choice(words)} changes",
          "workaround": f"pin the {random.choice(words)}",
          "detection": {"context": [], "intent": [f"{random.choice(words)} {random.choice(words)}"], "code": []},
          "stack_tags": [random.choice(["nextjs", "rust", "django", "docker"])], "severity": "warning",
          "created_at": "2025-12-01T10:00:00"} for i in range(e)]
json.dump(edges, open(edges_path, "w"), indent=2)
PY
cp .mind/REMINDERS.md "$work/REMINDERS.full"
cp .mind/MEMORY.md "$work/MEMORY.md.orig"
cp .mind/state.json "$work/state.fresh"
echo "MEMORY.md: $(wc -l < .mind/MEMORY.md) lines; REMINDERS.md: $reminders reminders; global edges: $edges"

hyperfine -N --warmup 20 --runs 200 --export-markdown "$work/log.md" \
  --prepare "cp $work/REMINDERS.empty .mind/REMINDERS.md" \
  -n 'true' 'true' \
  -n 'mind log (no reminders)' "$mind log decision 'move the cache to redis' --quiet" \
  -n 'mind log (no reminders, again)' "$mind log decision 'move the cache to redis' --quiet"
hyperfine -N --warmup 20 --runs 200 --export-markdown "$work/log-fire.md" \
  --prepare "cp $work/REMINDERS.full .mind/REMINDERS.md" \
  -n "mind log ($reminders reminders, fires)" "$mind log decision 'move the auth cache to redis' --quiet" \
  -n "mind remind (append to $reminders)" "$mind remind 'check the audit' tomorrow --quiet" \
  -n "mind reminders ($reminders)" "$mind reminders --quiet"
cp "$work/MEMORY.md.orig" .mind/MEMORY.md
hyperfine -N --warmup 10 --runs 100 --export-markdown "$work/recall.md" \
  --prepare "sh -c 'cp $work/state.fresh .mind/state.json; cp $work/REMINDERS.empty .mind/REMINDERS.md'" \
  -n 'mind recall (no reminders)' "$mind recall --quiet"
hyperfine -N --warmup 10 --runs 100 --export-markdown "$work/recall-r.md" \
  --prepare "sh -c 'cp $work/state.fresh .mind/state.json; cp $work/REMINDERS.full .mind/REMINDERS.md'" \
  -n "mind recall ($reminders reminders)" "$mind recall --quiet"
hyperfine -N --warmup 10 --runs 100 --export-markdown "$work/edges.md" \
  -n "mind edges ($edges global + project)" "$mind edges 'store the session token in a cookie' --quiet" \
  -n 'mind helper' "$mind helper 'uploads time out behind nginx' --attempt 'raised the timeout' --quiet"
cat "$work/log.md" "$work/log-fire.md" "$work/recall.md" "$work/recall-r.md" "$work/edges.md"
