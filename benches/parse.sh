#!/usr/bin/env bash
# Parser throughput on a generated 10 MB MEMORY.md (50,000 entries).
#
#   benches/parse.sh [ENTRIES]
#
# Reports (1) in-process parse throughput (`examples/parse_throughput`: parse_document
# only, median of 15 runs), and (2) whole commands with hyperfine against references in
# the same run: `mind status` (reads and parses MEMORY.md, as most commands do),
# `mind parse --json` (parse + print every entity), `wc -l` and `rg -c` over the same file.
# The Python Mind parses 620 KB in 0.82 s (0.76 MB/s; reference §16).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
entries="${1:-50000}"
work="$root/target/bench"
mkdir -p "$work/project/.mind"
python3 "$root/benches/gen_parse_memory.py" "$entries" > "$work/project/.mind/MEMORY.md"
memory="$work/project/.mind/MEMORY.md"
cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin mind --example parse_throughput
mind="$root/target/release/mind"
bytes=$(wc -c < "$memory")
echo "file: $memory ($bytes bytes, $entries entries)"
echo
echo "== in-process (parse_document only)"
"$root/target/release/examples/parse_throughput" "$memory" 15
echo
# A minimal project around the file so `mind status` runs as it would for a user.
export MIND_PROJECT="$work/project" MIND_HOME="$work/home" MIND_NOW="2026-01-15T09:00:00Z" NO_COLOR=1
mkdir -p "$MIND_HOME"
printf '{"version":2}\n' > "$work/project/.mind/config.json"
: > "$work/project/.mind/SESSION.md"
: > "$work/project/.mind/REMINDERS.md"
echo "== whole commands (hyperfine)"
hyperfine --warmup 2 --runs 10 -N --export-json "$work/parse-hyperfine.json" \
  "$mind status" \
  "$mind parse $memory --json" \
  "wc -l $memory" \
  "rg -c decided $memory" >/dev/null
python3 - "$work/parse-hyperfine.json" "$bytes" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))["results"]
size = int(sys.argv[2]) / 1e6
ref = {r["command"].split()[0].rsplit("/", 1)[-1]: r["mean"] for r in data}
for r in data:
    mean = r["mean"]
    name = r["command"].replace(sys.argv[1].rsplit("/", 1)[0], "…")
    print(f"{name[:60]:60s} {mean * 1000:8.1f} ms  {size / mean:7.1f} MB/s  "
          f"{mean / ref['wc']:5.1f}x wc  {mean / ref['rg']:5.1f}x rg")
print(f"Python Mind parser: 0.76 MB/s (620 KB in 0.82 s)")
PY
