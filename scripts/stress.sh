#!/usr/bin/env bash
# Stress run: N writer processes, each running M mixed operations at once against one project
# (log decision, log experience, remind, recall, edges add, memory write, checkpoint of a
# `MEMORY:` comment the writer just wrote, search), then check that
#   - every entry a command acknowledged (exit 0) is in its file exactly once: decisions, gotchas
#     and harvested comments in MEMORY.md, experiences in SESSION.md, reminders in REMINDERS.md,
#     each named memory in .mind/memories/ with its body;
#   - the files read: `mind reminders` finds no unreadable line, `mind memory list` no broken
#     memory, state.json is JSON, CLAUDE.md holds exactly one context block, every file ends
#     with a newline;
#   - no temp file (`.mind-tmp-*`) is left anywhere and the lock is free (a last `mind log`
#     succeeds at once).
# Prints the operations run, the failures (non-zero exits, each counted; a lock timeout under
# contention is a refusal, not a loss) and anything lost or doubled; exits 1 on any loss.
#
#   scripts/stress.sh [N] [M] [MIND]      (default 16 writers x 1000 operations, target/release/mind)
set -uo pipefail
writers=${1:-16}
ops=${2:-1000}
mind=$(realpath "${3:-target/release/mind}")
[ -x "$mind" ] || { echo "no binary at $mind (cargo build --release)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
export HOME=$work MIND_HOME=$work/home MIND_NOW=2026-01-15T09:00:00Z NO_COLOR=1 TZ=UTC
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
# Long enough that contention alone never times a writer out on a busy 2-core machine.
export MIND_LOCK_TIMEOUT_MS=${MIND_LOCK_TIMEOUT_MS:-60000}
mkdir -p "$work/p" "$work/ack" "$work/fail" "$work/ops" && cd "$work/p" || exit 2
git init -q
"$mind" init --quiet || exit 2
mkdir -p src

# One writer: op j of writer w uses the token `sWxJ`, unique in the whole run, and records
# every acknowledged write as `KIND TOKEN` in ack/W.
writer() {
    local w=$1 j tok ack=$work/ack/$w fail=$work/fail/$w.fail
    : >"$ack"
    : >"$fail"
    for ((j = 0; j < ops; j++)); do
        tok="s${w}x${j}"
        case $((j % 8)) in
        0) "$mind" log decision "use the $tok queue for uploads" --quiet && echo "decision $tok" >>"$ack" || echo "log-decision $tok" >>"$fail" ;;
        1) "$mind" log experience "reading the $tok handler" --quiet && echo "experience $tok" >>"$ack" || echo "log-experience $tok" >>"$fail" ;;
        2) "$mind" remind "check the $tok audit" tomorrow --quiet && echo "reminder $tok" >>"$ack" || echo "remind $tok" >>"$fail" ;;
        3) "$mind" recall --quiet >/dev/null || echo "recall $tok" >>"$fail" ;;
        4) "$mind" edges add "the $tok cookie drops on redirect" --workaround "set SameSite for $tok" --quiet && echo "gotcha $tok" >>"$ack" || echo "edges-add $tok" >>"$fail" ;;
        5) "$mind" memory write "note-$tok" --content "body of $tok" --quiet && echo "memory $tok" >>"$ack" || echo "memory-write $tok" >>"$fail" ;;
        6) printf '# MEMORY: decided: the %s cache stays small\n' "$tok" >"src/c_$tok.py"
           "$mind" checkpoint --quiet >/dev/null && echo "harvest $tok" >>"$ack" || echo "checkpoint $tok" >>"$fail" ;;
        7) "$mind" search "$tok queue" >/dev/null 2>&1 || echo "search $tok" >>"$fail" ;;
        esac
        echo $((j + 1)) >"$work/ops/$w"
    done 2>>"$work/fail/$w.stderr"
}

start=$(date +%s)
for ((w = 0; w < writers; w++)); do writer "$w" & done
wait
elapsed=$(($(date +%s) - start))

total=$(cat "$work"/ops/* 2>/dev/null | awk '{s += $1} END {print s + 0}')
failed=$(cat "$work"/fail/*.fail | wc -l)
acked=$(cat "$work"/ack/* | wc -l)
problems=0
problem() { echo "  LOST/BROKEN: $*"; problems=$((problems + 1)); }
# One pass over the files: each acknowledged entry's text must occur exactly once.
while read -r line; do problem "$line"; done < <(python3 - "$work" <<'PY'
import glob, os, sys
work = sys.argv[1]
mind = os.path.join(work, "p", ".mind")
def read(name):
    try:
        return open(os.path.join(mind, name), encoding="utf-8", errors="replace").read()
    except OSError:
        return ""
files = {n: read(n) for n in ("MEMORY.md", "SESSION.md", "REMINDERS.md")}
expect = {
    "decision": ("MEMORY.md", "use the {} queue for uploads"),
    "experience": ("SESSION.md", "reading the {} handler"),
    "reminder": ("REMINDERS.md", "check the {} audit"),
    "gotcha": ("MEMORY.md", "the {} cookie drops on redirect"),
    "harvest": ("MEMORY.md", "the {} cache stays small"),
}
for path in glob.glob(os.path.join(work, "ack", "*")):
    for line in open(path):
        kind, tok = line.split()
        if kind == "memory":
            body = read(os.path.join("memories", f"note-{tok}.md"))
            if f"body of {tok}" not in body:
                print(f"memory note-{tok} missing or without its body")
            continue
        name, pattern = expect[kind]
        text = pattern.format(tok)
        # The token ends at a space, so `s1x2 ` never matches inside `s1x23 `.
        n = files[name].count(text)
        if n != 1:
            print(f"{kind} {text!r} found {n} times in {name}")
PY
)

"$mind" --json reminders >"$work/reminders.json" 2>/dev/null || problem "mind reminders failed"
python3 - "$work/reminders.json" <<'PY' || problem "REMINDERS.md has unreadable lines"
import json, sys
d = json.load(open(sys.argv[1]))
bad = d.get("unreadable", []) if isinstance(d, dict) else []
sys.exit(1 if bad else 0)
PY
"$mind" --json memory list >"$work/memories.json" 2>/dev/null || problem "mind memory list failed"
python3 - "$work/memories.json" <<'PY' || problem "a named memory is broken"
import json, sys
d = json.load(open(sys.argv[1]))
items = d if isinstance(d, list) else d.get("memories", [])
sys.exit(1 if any(m.get("error") or m.get("broken") for m in items) else 0)
PY
python3 -m json.tool .mind/state.json >/dev/null 2>&1 || problem "state.json is not JSON"
[ "$(grep -c 'MIND:CONTEXT' CLAUDE.md)" = 1 ] || problem "CLAUDE.md does not hold exactly one block"
for f in .mind/MEMORY.md .mind/SESSION.md .mind/REMINDERS.md CLAUDE.md; do
    [ -z "$(tail -c 1 "$f" | tr -d '\n')" ] || problem "$f ends in a torn line"
done
temps=$(find "$work/p" "$MIND_HOME" -name '.mind-tmp-*' 2>/dev/null | wc -l)
[ "$temps" = 0 ] || problem "$temps temp files left"
MIND_LOCK_TIMEOUT_MS=1000 "$mind" log decision "the lock is free after the run" --quiet || problem "the lock is stuck"

echo "stress: $writers writers x $ops operations: $total operations run in ${elapsed}s"
echo "  acknowledged writes checked: $acked; commands that failed: $failed"
if [ "$failed" -gt 0 ]; then
    cut -d' ' -f1 "$work"/fail/*.fail | sort | uniq -c | sed 's/^/    /'
    sort "$work"/fail/*.stderr | uniq -c | sort -rn | head -5 | sed 's/^/    stderr: /'
fi
echo "  MEMORY.md $(wc -l <.mind/MEMORY.md) lines, SESSION.md $(wc -l <.mind/SESSION.md) lines, REMINDERS.md $(wc -l <.mind/REMINDERS.md) lines, $(find .mind/memories -name '*.md' | wc -l) named memories"
if [ "$problems" = 0 ]; then
    echo "  lost: 0, doubled: 0, broken files: 0, temp files: 0, lock free"
else
    echo "  FAIL: $problems problems"
    exit 1
fi
