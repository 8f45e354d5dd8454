#!/usr/bin/env bash
# Two builds of mind side by side (e.g. a baseline commit and the current tree), on the same
# fixtures, in the same run: callgrind instruction counts (repeatable on a busy machine) and
# wall times (medians of round-robin runs, each command started the same way as `true`).
#
# Scenarios, on a 10,000-entry MEMORY.md (gen_memory.py) in a git repository:
#   log-decision, log-experience     `mind log` to MEMORY.md and to SESSION.md
#   log-blocker-open                 `mind log experience` while a blocker is open (the personal
#                                    context file exists and is refreshed by builds that have one)
#   recall-no-gap                    `mind recall` in the same session
#   recall-promote-2                 a new session promoting 2 items (core.sh's case)
#   recall-promote-20                a new session promoting 20 into gen_rank.py's 10,000 entries
#   hook-post-commit                 `mind hook post-commit` on a commit with a `decided:` message
#                                    and a `MEMORY:` comment (what the git hook runs)
#
# usage: benches/versus.sh OLD_BIN NEW_BIN
#   RUNS=timed runs (default 100), WALL=0 skips wall times, SCENARIOS="..." a subset
# Profiles are kept in $OUT (default target/bench-versus/callgrind.{old,new}.SCENARIO.out) for
# callgrind_annotate.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
old=$(realpath "$1")
new=$(realpath "$2")
runs=${RUNS:-100}
out="${OUT:-$here/target/bench-versus}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
export HOME="$work/userhome" MIND_HOME="$work/mindhome" MIND_NOW="2026-01-15T09:00:00Z" NO_COLOR=1
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.com
mkdir -p "$HOME" "$MIND_HOME"

python3 "$here/benches/gen_memory.py" 10000 > "$work/memory-10k.md"
python3 "$here/benches/gen_rank.py" memory 10000 42 > "$work/memory-rank.md"
python3 "$here/benches/gen_rank.py" promotable 20 9 > "$work/session-promote-20.md"
gap_ms=$(( $(date -d "$MIND_NOW" +%s) * 1000 - 7200000 ))

# One project per build, made by that build: git repository, init, 10,000 entries committed,
# a first recall, then a commit for the hook. Snapshots in $dir.snap/ restore each scenario.
fixture() {
    local mind=$1 dir=$2
    mkdir -p "$dir/src" "$dir.snap"
    cd "$dir"
    git init -q -b main
    "$mind" init --quiet
    cp "$work/memory-10k.md" .mind/MEMORY.md
    echo "pub fn start() {}" > src/lib.rs
    git add -A && git commit -q -m start
    # An earlier harvested commit: the hook below appends to an existing commit store.
    echo "pub fn stop() {}" >> src/lib.rs
    git commit -q -am "learned: stop must run before the pool drops its connections"
    "$mind" hook post-commit --quiet
    "$mind" recall --quiet
    "$mind" log rejected "tried redis for sessions - overkill" --quiet
    "$mind" log experience "realized Safari drops the cookie on redirect" --quiet
    cp .mind/SESSION.md "$dir.snap/SESSION.active"
    # The personal context file as it is with that session (none yet: no blocker).
    mkdir -p "$dir.snap/active" && for f in CLAUDE.local.md .mind/state.json; do
        [ -f "$f" ] && cp "$f" "$dir.snap/active/${f#.mind/}"
    done
    "$mind" log blocker "uploads over 2 GB fail with a timeout" --quiet
    cp .mind/SESSION.md "$dir.snap/SESSION.blocker"
    printf 'pub const RETRIES: u32 = 3;\n// MEMORY: learned: the retry budget must match the gateway timeout\n' >> src/lib.rs
    git add src/lib.rs
    git commit -q -m "decided: keep the retry budget at three attempts because the gateway rate limits"
    cp .mind/MEMORY.md "$dir.snap/MEMORY.md"
    cp .mind/state.json "$dir.snap/state.fresh"
    sed 's/"last_activity": *[0-9]*/"last_activity": '"$gap_ms"'/' .mind/state.json > "$dir.snap/state.gap"
    rm -rf "$dir.snap/mind" && cp -a .mind "$dir.snap/mind"
    for f in CLAUDE.md CLAUDE.local.md; do
        [ -f "$f" ] && cp "$f" "$dir.snap/$f"
    done
    cd "$here"
}

# Restore a fixture's store as snapshotted, then the scenario's own files.
restore() {
    local dir=$1 scenario=$2 snap=$1.snap
    rm -rf "$dir/.mind" && cp -a "$snap/mind" "$dir/.mind"
    for f in CLAUDE.md CLAUDE.local.md; do
        if [ -f "$snap/$f" ]; then cp "$snap/$f" "$dir/$f"; else rm -f "$dir/$f"; fi
    done
    case $scenario in
        log-decision | log-experience)
            cp "$snap/SESSION.active" "$dir/.mind/SESSION.md"
            cp "$snap/active/state.json" "$dir/.mind/state.json"
            rm -f "$dir/CLAUDE.local.md"
            [ -f "$snap/active/CLAUDE.local.md" ] && cp "$snap/active/CLAUDE.local.md" "$dir/"
            true ;;
        log-blocker-open | recall-no-gap | hook-post-commit) ;;
        recall-promote-2)
            cp "$snap/SESSION.active" "$dir/.mind/SESSION.md"
            cp "$snap/state.gap" "$dir/.mind/state.json" ;;
        recall-promote-20)
            cp "$work/memory-rank.md" "$dir/.mind/MEMORY.md"
            cp "$work/session-promote-20.md" "$dir/.mind/SESSION.md"
            cp "$snap/state.gap" "$dir/.mind/state.json" ;;
    esac
}

args_for() {
    case $1 in
        log-decision) echo "log decision 'use JWT because stateless' --quiet" ;;
        log-experience | log-blocker-open) echo "log experience 'reading the upload code' --quiet" ;;
        recall-*) echo "recall --quiet" ;;
        hook-post-commit) echo "hook post-commit --quiet" ;;
    esac
}

fixture "$old" "$work/old"
fixture "$new" "$work/new"
export -f restore
export work

scenarios=${SCENARIOS:-log-decision log-experience log-blocker-open recall-no-gap recall-promote-2 recall-promote-20 hook-post-commit}
group() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }
instr() {
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.$name.out" "$@" \
        >/dev/null 2>"$work/valgrind.err" || { cat "$work/valgrind.err" >&2; exit 1; }
    grep -o 'Collected : [0-9]*' "$work/valgrind.err" | awk '{print $3}'
}
echo "## instructions (callgrind)"
cd "$work/old"
t=$(instr true true)
printf '| %-20s | %15s | %15s | %7s | %7s | %7s |\n' scenario old new "old/true" "new/true" "new/old"
printf '| %-20s | %15s | %15s | %7s | %7s | %7s |\n' --- ---: ---: ---: ---: ---:
printf '| %-20s | %15s | %15s | %7s | %7s | %7s |\n' true "$(group "$t")" "" "" "" ""
for s in $scenarios; do
    restore "$work/old" "$s"
    (cd "$work/old" && eval instr "old.$s" "$old" "$(args_for "$s")") > "$work/n.old"
    restore "$work/new" "$s"
    (cd "$work/new" && eval instr "new.$s" "$new" "$(args_for "$s")") > "$work/n.new"
    a=$(cat "$work/n.old") b=$(cat "$work/n.new")
    printf '| %-20s | %15s | %15s | %6.1fx | %6.1fx | %6.2fx |\n' "$s" "$(group "$a")" \
        "$(group "$b")" "$(awk -v a="$a" -v t="$t" 'BEGIN{print a/t}')" \
        "$(awk -v a="$b" -v t="$t" 'BEGIN{print a/t}')" "$(awk -v a="$a" -v b="$b" 'BEGIN{print b/a}')"
done

[ "${WALL:-1}" = 0 ] && exit 0
echo
echo "## wall time (round-robin: true, old, new, each run after its fixture is restored; medians)"
printf '| %-20s | %9s | %9s | %9s | %8s | %8s | %7s |\n' scenario true old new old/true new/true new/old
printf '| %-20s | %9s | %9s | %9s | %8s | %8s | %7s |\n' --- ---: ---: ---: ---: ---: ---:
for s in $scenarios; do
    python3 - "$runs" "$s" "$work" "$old" "$new" "$(args_for "$s")" <<'PY'
import shlex, statistics, subprocess, sys, time
runs, scenario, work, old, new, args = sys.argv[1:]
args = shlex.split(args)
# Commands alternate run by run, so that load from other processes on a small machine
# hits all three alike (a sequential benchmark of one command after the other does not).
commands = [("true", ["true"], f"{work}/old"), ("old", [old, *args], f"{work}/old"),
            ("new", [new, *args], f"{work}/new")]
times = {name: [] for name, _, _ in commands}
for i in range(int(runs) + 5):
    for name, argv, cwd in commands:
        if name != "true":
            subprocess.run(["bash", "-c", f"restore {cwd} {scenario}"], check=True)
        start = time.perf_counter()
        subprocess.run(argv, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
        if i >= 5:
            times[name].append(time.perf_counter() - start)
t, o, n = (statistics.median(times[k]) * 1000 for k in ("true", "old", "new"))
print(f"| {scenario:<20} | {t:6.2f} ms | {o:6.2f} ms | {n:6.2f} ms | {o/t:7.1f}x | {n/t:7.1f}x | {n/o:6.2f}x |")
PY
done
