#!/usr/bin/env bash
# `mind search` over named memories (hyperfine), compared with `true` in the same run:
# 1,000 named memories (about 5 MB, generated) plus a 10,000-entry MEMORY.md, index cached
# (warm), lexical ranking; also with --category/--tag and with --threshold. Target: 20 ms.
#
# usage: benches/memsearch.sh [MIND_BIN]   (default target/release/mind; build it first)
# Results: markdown tables in $OUT (default target/bench-memsearch/).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
mind="${1:-$here/target/release/mind}"
[ -x "$mind" ] || { echo "build first: cargo build --release" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is needed" >&2; exit 1; }
out="${OUT:-$here/target/bench-memsearch}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out" "$work/home" "$work/project"
export MIND_HOME="$work/home" NO_COLOR=1 MIND_NOW="2026-03-15T09:00:00Z"
cd "$work/project"
"$mind" init -q
python3 "$here/benches/gen_rank.py" memory 10000 42 > .mind/MEMORY.md
python3 "$here/benches/gen_named.py" .mind/memories 1000 7
echo "named memories: $(cat .mind/memories/*.md | wc -c) bytes, MEMORY.md: $(wc -c < .mind/MEMORY.md) bytes"
query="refresh token retry timeout"
"$mind" search "$query" >/dev/null   # builds the cache

hyperfine -N --warmup 5 --runs 50 --export-markdown "$out/named-1k.md" \
    --export-json "$out/named-1k.json" \
    -n "mind search (1k named + 10k lines, cached)" "$mind search '$query'" \
    -n "mind search --category guide --tag auth" "$mind search '$query' --category guide --tag auth" \
    -n "mind search --threshold 0.5" "$mind search '$query' --threshold 0.5" \
    -n true "true"
python3 - "$out/named-1k.json" <<'PY'
import json, statistics, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"{r['command']:48s} p50 {statistics.median(r['times']) * 1000:7.2f} ms")
PY
