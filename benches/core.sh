#!/usr/bin/env bash
# Core benchmarks: `mind log` and `mind recall` on a 10,000-entry MEMORY.md, against
# `true` (process start) in the same run. Needs hyperfine and python3.
#   benches/core.sh [ENTRIES]        (default 10000)
set -euo pipefail
cd "$(dirname "$0")/.."
entries=${1:-10000}
cargo build --release --locked --quiet
mind=$PWD/target/release/mind
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export MIND_HOME=$work/home MIND_NOW=2026-01-15T09:00:00Z NO_COLOR=1
mkdir -p "$work/p" && cd "$work/p"
"$mind" init --quiet
python3 "$OLDPWD/benches/gen_memory.py" "$entries" > .mind/MEMORY.md
cp .mind/MEMORY.md "$work/MEMORY.md.orig"
"$mind" recall --quiet
cp .mind/state.json "$work/state.fresh"
# A state whose last activity is two hours old, and a session with two promotable items.
sed 's/"last_activity": [0-9]*/"last_activity": 1768453200000/' "$work/state.fresh" > "$work/state.gap"
"$mind" log rejected "tried redis for sessions - overkill" --quiet
"$mind" log experience "realized Safari drops the cookie on redirect" --quiet
cp .mind/SESSION.md "$work/SESSION.active"
echo "MEMORY.md: $(wc -l < .mind/MEMORY.md) lines, $(du -k .mind/MEMORY.md | cut -f1) KB"

# The same entry again within ten minutes is a retry that writes nothing: before each run a
# different entry is logged (MEMORY.md's last line is then not the measured one) and SESSION.md
# is aged. MEMORY.md itself is never touched from outside: `mind log` keeps its line count
# while the file's length, modification time and end are the ones it recorded, as between an
# agent's consecutive logs; a file changed by another program is counted again (one read).
hyperfine -N --warmup 20 --runs 300 --export-markdown "$work/log.md" \
  --prepare "sh -c \"touch -d '1 hour ago' .mind/SESSION.md; $mind log decision 'a spacer between runs' --quiet\"" \
  -n 'true' 'true' \
  -n 'mind log decision' "$mind log decision 'use JWT because stateless' --quiet" \
  -n 'mind log experience' "$mind log experience 'reading the upload code' --quiet" \
  -n 'mind log decision, MIND_FSYNC=0' "env MIND_FSYNC=0 $mind log decision 'use JWT because stateless' --quiet" \
  -n 'mind log experience, MIND_FSYNC=0' "env MIND_FSYNC=0 $mind log experience 'reading the upload code' --quiet"
cp "$work/MEMORY.md.orig" .mind/MEMORY.md
hyperfine -N --warmup 10 --runs 100 --export-markdown "$work/recall.md" \
  --prepare "cp $work/state.fresh .mind/state.json" \
  -n 'mind recall (no gap)' "$mind recall --quiet"
hyperfine --warmup 5 --runs 50 --export-markdown "$work/gap.md" \
  --prepare "cp $work/state.gap .mind/state.json; cp $work/SESSION.active .mind/SESSION.md; cp $work/MEMORY.md.orig .mind/MEMORY.md" \
  -n 'mind recall (gap, promote 2)' "$mind recall --quiet"
cat "$work/log.md" "$work/recall.md" "$work/gap.md"

# Peak memory (maximum resident set size) of one run each, when GNU time is there.
if [ -x /usr/bin/time ]; then
  peak() { /usr/bin/time -f "%M KB peak RSS, %e s: $1" "${@:2}" >/dev/null; }
  cp "$work/state.fresh" .mind/state.json
  peak 'mind recall (no gap)' "$mind" recall --quiet
  cp "$work/state.gap" .mind/state.json; cp "$work/SESSION.active" .mind/SESSION.md
  peak 'mind recall (gap, promote 2)' "$mind" recall --quiet
  "$mind" log decision 'a spacer between runs' --quiet
  peak 'mind log decision' "$mind" log decision 'use JWT because stateless' --quiet
  peak 'mind search (after a log)' "$mind" search 'jwt session timeout'
  peak 'mind search (cached)' "$mind" search 'jwt session timeout'
fi
