#!/usr/bin/env bash
# Capture benchmarks. Each is a ratio against a reference measured in the same run:
#   1. scan:    `mind checkpoint --dry-run` on a 100,000-file tree vs `rg -l 'MEMORY:'` (budget ≤ 1.3×)
#   2. hooks:   100 `git commit -m` with the hooks installed vs without, alternating commit by commit,
#               on a 10,000-entry MEMORY.md (ENTRIES=N to change) (budget ≤ 5 ms added per commit)
#   3. harvest: `mind harvest --dry-run` over a 50,000-commit history vs `git log --format=%B > file`
#               (budget ≤ 2×)
# Commands are timed round-robin (alternate.py, hook_overhead.py) rather than one after the
# other, so load from other processes on a small machine hits both sides of a ratio alike.
# Data is generated once into bench-data/ (git-ignored; or $BENCH_DATA) by gen_tree.sh and
# gen_history.py. Needs ripgrep, git and python3.
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

bench_scan() {
    local tree="$data/tree"
    [ -d "$tree/.mind" ] || MIND=mind "$root/benches/gen_tree.sh" "$tree" 100000
    cd "$tree"
    echo "scan: $(find . -path ./.git -prune -o -type f -print | wc -l) files"
    python3 "$root/benches/alternate.py" "$runs" 2 "rg -l MEMORY:" "mind checkpoint --dry-run --quiet"
}

bench_hooks() {
    local base="$data/commits-base"
    rm -rf "$base" "$data/commits-plain" "$data/commits-empty" "$data/commits-hooks"
    mkdir -p "$base/src"
    # MEMORY.md holds ENTRIES entries (default 10,000; 0 keeps init's): the hook reads it to
    # skip memories already kept.
    (cd "$base" && git init -q -b main && mind init -q && if [ "${ENTRIES:-10000}" != 0 ]; then
        python3 "$root/benches/gen_memory.py" "${ENTRIES:-10000}" > .mind/MEMORY.md; fi &&
        for i in 0 1 2 3 4 5 6 7 8 9; do
        echo "// file $i" >"src/file$i.rs"; done && git add -A && git commit -q -m start)
    cp -a "$base" "$data/commits-plain"
    cp -a "$base" "$data/commits-empty"
    cp -a "$base" "$data/commits-hooks"
    for hook in post-commit prepare-commit-msg; do
        printf '#!/bin/sh\nexit 0\n' >"$data/commits-empty/.git/hooks/$hook"
        chmod +x "$data/commits-empty/.git/hooks/$hook"
    done
    (cd "$data/commits-hooks" && mind hooks install --quiet)
    echo "hooks: 100 commits in each repository, round-robin"
    python3 "$root/benches/hook_overhead.py" "$data/commits-plain" "$data/commits-empty" \
        "$data/commits-hooks" "${COMMITS:-100}"
    # The hook appends to the commit store (.mind/cache/commits.md), never to MEMORY.md.
    echo "  (memories kept by the hooks: $(cat "$data/commits-hooks/.mind/MEMORY.md" \
        "$data/commits-hooks/.mind/cache/commits.md" 2>/dev/null | grep -c '(commit '))"
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
    echo "harvest: $(git rev-list --count HEAD) commits"
    python3 "$root/benches/alternate.py" "$runs" 2 \
        "git log --format=%B > '$data/log.txt'" "mind harvest --dry-run --quiet"
    echo "  (memories found: $(mind harvest --dry-run --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["found"])'))"
}

for what in "${@:-scan hooks harvest}"; do
    for w in $what; do "bench_$w"; done
done
