#!/usr/bin/env bash
# Capture benchmarks. Each is a ratio against a reference measured in the same run:
#   1. scan:    `mind checkpoint --dry-run` on a 100,000-file tree vs `rg -l 'MEMORY:'` (budget ≤ 1.3×)
#   2. hooks:   100 `git commit -m` with the hooks installed vs without, alternating commit by commit
#               (budget ≤ 5 ms added per commit)
#   3. harvest: `mind harvest --dry-run` over a 50,000-commit history vs `git log --format=%B > file`
#               (budget ≤ 2×)
# Data is generated once into bench-data/ (git-ignored; or $BENCH_DATA) by gen_tree.sh and
# gen_history.py. Needs hyperfine, ripgrep, git and python3.
#
# usage: benches/capture.sh [scan|hooks|harvest]...   (default: all three)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
data=${BENCH_DATA:-$root/bench-data}
runs=${RUNS:-10}
cargo build --release --locked --quiet --manifest-path "$root/Cargo.toml"
export PATH="$root/target/release:$PATH"
export MIND_HOME="$data/home" GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.com
mkdir -p "$data"

# Print the mean of each command and the ratio (or difference per unit) of the second to the first.
report() { # json label per
    python3 - "$@" <<'PY'
import json, sys
path, label, per = sys.argv[1], sys.argv[2], int(sys.argv[3])
r = json.load(open(path))["results"]
ref, mind = r[0], r[1]
for x in r:
    print(f"  {x['command']:<60} {x['mean']*1000:9.1f} ms ± {x['stddev']*1000:.1f}")
if per > 1:
    added = (mind["mean"] - ref["mean"]) * 1000 / per
    print(f"{label}: {added:+.2f} ms per commit added by the hooks")
else:
    print(f"{label}: {mind['mean'] / ref['mean']:.2f}x the reference")
PY
}

bench_scan() {
    local tree="$data/tree"
    [ -d "$tree/.mind" ] || MIND=mind "$root/benches/gen_tree.sh" "$tree" 100000
    cd "$tree"
    hyperfine --style basic --warmup 2 --runs "$runs" -N --export-json "$data/scan.json" \
        "rg -l MEMORY:" "mind checkpoint --dry-run --quiet" >/dev/null
    report "$data/scan.json" "checkpoint scan vs rg -l" 1
}

bench_hooks() {
    local base="$data/commits-base"
    rm -rf "$base" "$data/commits-plain" "$data/commits-empty" "$data/commits-hooks"
    mkdir -p "$base/src"
    (cd "$base" && git init -q -b main && mind init -q && for i in 0 1 2 3 4 5 6 7 8 9; do
        echo "// file $i" >"src/file$i.rs"; done && git add -A && git commit -q -m start)
    cp -a "$base" "$data/commits-plain"
    cp -a "$base" "$data/commits-empty"
    cp -a "$base" "$data/commits-hooks"
    for hook in post-commit prepare-commit-msg; do
        printf '#!/bin/sh\nexit 0\n' >"$data/commits-empty/.git/hooks/$hook"
        chmod +x "$data/commits-empty/.git/hooks/$hook"
    done
    (cd "$data/commits-hooks" && mind hooks install --quiet)
    # Alternating commits in the two repositories; each commit timed on its own.
    python3 "$root/benches/hook_overhead.py" "$data/commits-plain" "$data/commits-empty" \
        "$data/commits-hooks" "${COMMITS:-100}"
    echo "  (memories kept by the hooks: $(grep -c '(commit ' "$data/commits-hooks/.mind/MEMORY.md"))"
}

bench_harvest() {
    local repo="$data/history"
    if [ ! -d "$repo/.mind" ]; then
        rm -rf "$repo"
        git init -q -b main "$repo"
        python3 "$root/benches/gen_history.py" 50000 | git -C "$repo" fast-import --quiet
        git -C "$repo" gc --quiet
        git -C "$repo" reset -q --hard main
        (cd "$repo" && mind init -q)
    fi
    cd "$repo"
    echo "  history: $(git rev-list --count HEAD) commits"
    hyperfine --style basic --warmup 2 --runs "$runs" --export-json "$data/harvest.json" \
        "git log --format=%B > '$data/log.txt'" "mind harvest --dry-run --quiet" >/dev/null
    report "$data/harvest.json" "harvest vs git log --format=%B" 1
    echo "  (memories found: $(mind harvest --dry-run --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["found"])'))"
}

for what in "${@:-scan hooks harvest}"; do
    for w in $what; do "bench_$w"; done
done
