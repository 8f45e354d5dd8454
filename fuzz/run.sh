#!/usr/bin/env bash
# Run every fuzz target (or the ones named) for SECONDS each (default 600), one after the other,
# at low priority, and print each target's executions and coverage. A crash stops the run with
# libFuzzer's report; the input is kept in fuzz/artifacts/TARGET/ (make it a regression test).
# Corpora grow in fuzz/corpus/TARGET (git-ignored), seeded from fuzz/seeds/.
#
#   fuzz/run.sh [SECONDS] [TARGET...]    (needs `cargo install cargo-fuzz` and a nightly toolchain)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse splice reminders when harvest front_matter)
# `cargo fuzz run` builds each target itself (the shared crates once, with the flags it runs with).
for t in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$t"
    seeds=fuzz/seeds/$t
    extra=()
    if [ "$t" = parse ]; then seeds=fuzz/seeds; extra=(-dict=fuzz/parse.dict); fi
    log=fuzz/artifacts/$t.log
    mkdir -p fuzz/artifacts
    if nice -n 10 cargo +nightly fuzz run "$t" "fuzz/corpus/$t" "$seeds" -- \
        -max_total_time="$seconds" -print_final_stats=1 "${extra[@]}" >"$log" 2>&1; then
        execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
        cov=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9a-zA-Z]+' || true)
        echo "$t: ${seconds}s, $execs executions, $cov, no crash"
    else
        echo "$t: CRASH (see $log)"
        grep -E 'panicked|SUMMARY|Test unit written' "$log" | head -5
        exit 1
    fi
done
