#!/usr/bin/env bash
# Disk full: a project on a tiny tmpfs (needs root, or run as `sudo -E`), filled up to the last
# few bytes; every `mind log` and `mind recall` must then either succeed whole or fail and leave
# each file exactly as it was (no torn line, no half-written CLAUDE.md, no temp file once there
# is room again).
#
#   scripts/disk-full.sh [MIND]      (default target/release/mind)
set -uo pipefail
mind=$(realpath "${1:-target/release/mind}")
mnt=$(mktemp -d)
home=$(mktemp -d)
cleanup() { cd /; umount "$mnt" 2>/dev/null; rmdir "$mnt"; rm -rf "$home"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
mount -t tmpfs -o size=512k tmpfs "$mnt" || { echo "skip: cannot mount a tmpfs (run as root)"; exit 0; }
export HOME=$home MIND_HOME=$home/mind NO_COLOR=1 MIND_NOW=2026-01-15T09:00:00Z
mkdir -p "$mnt/p" && cd "$mnt/p" || exit 1
"$mind" init --quiet || exit 1
"$mind" log decision "before the disk filled" --quiet || exit 1
# Fill the file system, leaving nothing.
dd if=/dev/zero of=filler bs=4k 2>/dev/null
dd if=/dev/zero of=filler2 bs=1 2>/dev/null

fail() { echo "FAIL: $*"; exit 1; }
failures=0
for i in $(seq 1 40); do
  before=$(sha256sum .mind/MEMORY.md .mind/SESSION.md CLAUDE.md .mind/state.json)
  msg="entry $i $(head -c $((i * 37)) /dev/zero | tr '\0' 'x')"
  if "$mind" log decision "$msg" --quiet 2>/dev/null; then
    tail -n 1 .mind/MEMORY.md | grep -qx "decided: $msg" || fail "log $i succeeded but its line is not whole"
  else
    failures=$((failures + 1))
    after=$(sha256sum .mind/MEMORY.md .mind/SESSION.md CLAUDE.md .mind/state.json)
    [ "$(echo "$before" | head -1)" = "$(echo "$after" | head -1)" ] || fail "a failed log $i changed MEMORY.md"
  fi
  "$mind" recall --quiet >/dev/null 2>&1 || true
  grep -c MIND:CONTEXT CLAUDE.md | grep -qx 1 || fail "CLAUDE.md damaged after recall $i"
  [ -z "$(tail -c 1 .mind/MEMORY.md | tr -d '\n')" ] || fail "MEMORY.md ends in a torn line after $i"
  # Free a little room now and then, so some writes get through part-way.
  [ $((i % 8)) = 0 ] && truncate -s -2k filler2 2>/dev/null || true
done
rm -f filler filler2
"$mind" log decision "after the disk was freed" --quiet || fail "log after freeing space"
left=$(find . -name '.mind-tmp-*')
[ -z "$left" ] || fail "temp files left: $left"
echo "ok: 40 logs and recalls on a full disk ($failures refused whole), no torn file, no temp left"
