#!/usr/bin/env bash
# Kill loop: SIGKILL every rewriting command (and hooks install/uninstall) at a random moment,
# N times, and check after each kill that
#   - no file is torn: MEMORY.md/SESSION.md/REMINDERS.md end with a newline, state.json and
#     config.json are valid JSON, CLAUDE.md holds exactly one block, the user's own git hook
#     exists exactly once (as post-commit or post-commit.pre-mind) with its bytes;
#   - no lock is stuck: the next `mind log` succeeds within MIND_LOCK_TIMEOUT_MS;
#   - no temp file is left once that next command has run;
#   - every entry a command reported as logged is in MEMORY.md at the end.
#
#   scripts/kill-loop.sh [N] [MIND]      (default 1000 kills, target/release/mind)
set -uo pipefail
n=${1:-1000}
mind=$(realpath "${2:-target/release/mind}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
export HOME=$work MIND_HOME=$work/home MIND_NOW=2026-01-15T09:00:00Z NO_COLOR=1 TZ=UTC
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 MIND_LOCK_TIMEOUT_MS=3000
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@e
mkdir -p "$work/p" && cd "$work/p" || exit 1
git init -q
user_hook=$'#!/bin/sh\n# the user\'s own hook\nexit 0\n'
printf '%s' "$user_hook" > .git/hooks/post-commit && chmod +x .git/hooks/post-commit
"$mind" init --quiet || exit 1
printf 'x\n' > src.py && git add -A && git commit -qm init
printf '# MEMORY: decided: keep the loop going\n' > harvest.py

commands=(
  "log decision kill-loop entry"
  "log experience reading the code"
  "log blocker staging is down"
  "recall"
  "checkpoint"
  "edges add Safari-drops-the-cookie --workaround set-SameSite"
  "remind check-the-audit tomorrow"
  "hooks install"
  "hooks uninstall"
  "blocker the build is red"
)

if command -v jq >/dev/null; then valid_json() { jq empty "$1" >/dev/null 2>&1; }
else valid_json() { python3 -m json.tool "$1" >/dev/null 2>&1; }; fi
fail() { echo "FAIL after kill $1 (${2}): $3"; exit 1; }
ends_clean() { [ ! -s "$1" ] || [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ]; }

acknowledged=0
for ((i = 1; i <= n; i++)); do
  cmd=${commands[$((i % ${#commands[@]}))]}
  # shellcheck disable=SC2086
  "$mind" $cmd --quiet >/dev/null 2>&1 &
  pid=$!
  sleep "0.00$((RANDOM % 10))$((RANDOM % 10))"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null

  for f in .mind/MEMORY.md .mind/SESSION.md .mind/REMINDERS.md; do
    [ -e "$f" ] && { ends_clean "$f" || fail "$i" "$cmd" "$f ends in a torn line"; }
  done
  for f in .mind/state.json .mind/config.json; do
    [ -e "$f" ] && { valid_json "$f" || fail "$i" "$cmd" "$f is not valid JSON"; }
  done
  if [ -e CLAUDE.md ]; then
    [ "$(grep -c 'MIND:CONTEXT' CLAUDE.md)" = 1 ] && [ "$(grep -c 'MIND:END' CLAUDE.md)" = 1 ] \
      || fail "$i" "$cmd" "CLAUDE.md block markers damaged"
  fi
  copies=0
  for f in .git/hooks/post-commit .git/hooks/post-commit.pre-mind; do
    [ -e "$f" ] && [ "$(cat "$f"; echo .)" = "${user_hook}." ] && copies=$((copies + 1))
  done
  [ "$copies" = 1 ] || fail "$i" "$cmd" "the user's hook exists $copies times"

  # The next command: the lock is free, and it sweeps what the kill left.
  "$mind" log decision "acknowledged $i" --quiet >/dev/null 2>"$work/err" \
    || fail "$i" "$cmd" "the next command failed: $(cat "$work/err")"
  acknowledged=$((acknowledged + 1))
  left=$(find . -name '.mind-tmp-*' -not -path './.git/objects/*' | head -3)
  [ -z "$left" ] || fail "$i" "$cmd" "temp files left after the next command: $left"
done

# Complete any install/uninstall a kill cut short, then check nothing was lost.
"$mind" hooks uninstall --quiet >/dev/null 2>&1
[ "$(cat .git/hooks/post-commit; echo .)" = "${user_hook}." ] || { echo "FAIL: the user's hook was not restored"; exit 1; }
found=$(grep -c '^decided: acknowledged [0-9]*$' .mind/MEMORY.md)
[ "$found" = "$acknowledged" ] || { echo "FAIL: $acknowledged entries acknowledged, $found in MEMORY.md"; exit 1; }
echo "ok: $n kills over ${#commands[@]} commands; no torn file, no stuck lock, no temp left; $found/$acknowledged acknowledged entries kept"
