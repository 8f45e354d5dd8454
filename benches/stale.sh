#!/usr/bin/env bash
# Staleness benchmark: `mind status --stale` on a project whose MEMORY.md holds 200
# checkpointed `MEMORY:` comment memories in 20 files, every file committed the day after the
# checkpoint (the commit that brings the comments in) and changed again two days later —
# half the files keeping their comments, half dropping them: the worst case of the check,
# which reads two versions of each file from history and the work-tree file. Timed
# round-robin against `true` (alternate.py).
#
# usage: benches/stale.sh [MIND_BIN]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mind=${1:+$(realpath "$1")}
if [ -z "$mind" ]; then
    cargo build --release --locked --quiet --manifest-path "$root/Cargo.toml"
    mind="$root/target/release/mind"
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export MIND_HOME="$dir/home" GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.com
cd "$dir" && git init -q -b main p && cd p
MIND_NOW=2026-01-10T09:00:00Z "$mind" init -q
mkdir src
for f in $(seq 1 20); do
    for m in $(seq 1 10); do
        echo "// MEMORY: decided: module $f keeps rule $m because the tests rely on it"
        echo "fn f${m}() {}"
    done > "src/m$f.rs"
done
MIND_NOW=2026-01-10T09:00:00Z "$mind" checkpoint -q
git add -A && GIT_AUTHOR_DATE=2026-01-11T09:00:00Z GIT_COMMITTER_DATE=2026-01-11T09:00:00Z git commit -qm add
for f in $(seq 1 20); do
    if [ $((f % 2)) = 0 ]; then echo "fn later() {}" >> "src/m$f.rs"; else echo "fn later() {}" > "src/m$f.rs"; fi
done
git add -A && GIT_AUTHOR_DATE=2026-01-13T09:00:00Z GIT_COMMITTER_DATE=2026-01-13T09:00:00Z git commit -qm change
export MIND_NOW=2026-01-20T09:00:00Z
echo "stale entries: $("$mind" status --stale | grep -c '^\[stale?\]')"
python3 "$root/benches/alternate.py" "${RUNS:-30}" 3 "true" "$mind status --stale"
