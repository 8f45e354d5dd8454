#!/usr/bin/env python3
"""Write the BENCHMARKS.md table from the rows `scripts/bench` measured.

usage: bench_table.py ROWS.jsonl META.json > BENCHMARKS.md

Each row is one command timed by hyperfine beside its reference in the same run. A row's budget
is absolute (`abs`: median ms), a ratio to its reference (`ratio`) or time added to the
reference (`added`, the post-commit hook). Peak RSS is judged against the 50 MB budget. A missed
budget shows the measured reason (what the figures say) and, when one is written below, the plan.
"""
import json
import sys

RSS_BUDGET_MB = 50

# Why a budget is missed and what is being done, per row id; shown only while the row misses.
PLANS = {
    "log-10000": "Profiled 2026-11-24: compiling the parser's cue pattern was 5.6 M of the log's "
    "7.6 M instructions and is now done at build time. On Linux with glibc `mind` is linked "
    "position-dependent (`-no-pie`, from build.rs; MIND_PIE=1 builds a PIE): a start applies "
    "169 dynamic relocations instead of 45,388 and takes 260 page faults instead of 460, about "
    "0.6 ms (perf stat, 40 runs: a log 2.95 → 2.3 ms, `mind --version` 2.0 → 1.3 ms). What is "
    "left (strace): the append's `fdatasync` (0.65 ms) and the state.json rename (0.47 ms) "
    "beside process start. Plan: keep the log's bookkeeping out of the synced path.",
    "recall-log-10000": "The logged line is a `fixed:`, the costlier case. A recall after a "
    "log reads the parse cache as it is while at most 64 KiB (or a sixteenth of the cached "
    "text) follows it: the new lines are parsed on top, a progress entry among them is matched "
    "against the problems still waiting when the cache was written (kept in the cache), and "
    "the cache is not rewritten. Before that state was kept, such a recall resolved problems "
    "again over every cached entry (10,000 entries: 21.1 → 10.5 ms, hyperfine, 30 runs; "
    "200 MB: 5.2 → 1.1 s). Plan: if missed, the cache walk (every entry's view is decoded "
    "once for the lists).",
    "promote": "The row starts from the caches a session leaves (parse cache from a recall "
    "earlier in the session, index cache from a search). The promotion's append is now parsed "
    "on top of the parse cache, as a recall after a log is (34.7 → 21.4 ms in one run, "
    "hyperfine, 20 runs). What is left: the synced session archive, append and SESSION.md "
    "rewrite (the archive's fsync about 3 ms), the memory's last section indexed again and 20 "
    "BM25 searches.",
    "hybrid": "The linear layers run on half-precision weights derived once from the model "
    "(weights-f16.bin beside it): a warm hybrid search reads 21 MB of weights instead of 42.5 "
    "MB. In one run against the code before (hyperfine, 30 runs): 17.7 → 14.2 ms, peak RSS "
    "59.5 → 41.4 MB; nDCG@5 dev 0.865 → 0.865, tech 0.635 → 0.630 (one query whose results "
    "4-5 changed near the 0.35 cut-off), conv 0.543 → 0.543. Plan: if missed, the query's "
    "forward pass on two cores is about half of it.",
    "promote-model": "The session's few items (about 60 tokens) run through the blocked "
    "kernel that reads the half-precision weights in place, not the GEMM kernel that widened "
    "and packed every weight matrix per product: 42.0 → 36.4 ms in runs against the build "
    "before (benches/promote_semantic.sh set-up), system time 16.3 → 9.7 ms. Two scripts/bench "
    "runs of the same model path measured 35.8 and 41.8 ms: the figure sits at the budget and "
    "moves with the machine's load. Where its 62 ms of CPU goes: the forward pass of the five "
    "items 57%, loading the model 7%, the context blocks 5%, cosines against the cached vectors "
    "5%. Plan: if missed, the forward pass is what is left (about 1.3 GFLOP at some 36 GFLOP/s "
    "over both cores).",
    "named": "Measured on memories more than a second old: a search within a second of a "
    "memory file's writing reads that file again (its modification time cannot vouch for it), "
    "which for 1,000 files just generated was 21-24 ms. Steady state (one stat per file, the "
    "index cache mapped) measured 12.5 ms. Plan: if missed, profile the 1,000 stat calls "
    "(one per file, to vouch for its cached index) against the per-section ranking.",
    "hook": "A commit's `decided:` lines are checked against cached keys of MEMORY.md's lines "
    "(`.mind/cache/memory-keys.bin`) instead of the file, and `mind` starts position-dependent "
    "(see log-10000): +5.1/+5.2 → +4.4/+4.5 ms added per commit in two alternating runs of "
    "benches/hook_overhead.py against the build before. Run exactly as installed, the hook now "
    "skips building the argument parser's command tree (the hook alone 2.7 → 2.5 ms). `git commit -m` runs two hook shims "
    "(empty shell hooks cost about 1.9 ms over none; the prepare-commit-msg shim does not start `mind` for a message given with -m), so a commit runs one `mind` (about 1.3 ms of start-up). Plan: let git run `mind` as the post-commit hook itself (a link named after the hook, the previous hook chained from it), without the shell shim.",
}


# Why a Scale row is over the memory budget, per row id without its corpus; measured with
# heaptrack on the 100,000-entry and 200 MB corpora (see scripts/bench's Scale rows).
SCALE_REASONS = {
    "scale-recall-warm": "recall reads only the block's few entries from the parse cache "
    "(its lists kept for the block) and lets go of the cache's mapped pages behind its walk, "
    "but still reads all of MEMORY.md into memory to hash it and count its lines (200 MB). "
    "Plan: hash MEMORY.md in pieces or mapped, not held whole.",
    "scale-recall-cold": "with no parse cache recall parses MEMORY.md a piece at a time "
    "straight into a new cache (never every entry at once) and reads the block from it as the "
    "warm recall does; what is left is MEMORY.md read whole (200 MB) and, while the cache is "
    "written, the problems no fix has reached yet (about 400,000 here, kept to resolve them). "
    "Plan: as for the warm recall.",
    "scale-recall-fix": "as the warm recall, and the fix is matched against the problems "
    "still waiting when the cache was written (about 400,000 in this corpus, where almost no "
    "problem is ever fixed), read back from the cache with their titles and kept while the "
    "new lines are matched. Before the cache kept them (in the same place), such a recall "
    "resolved problems again over all 3 million cached entries: 5.2 s instead of 1.1 s. "
    "Plan: keep a waiting problem's title as its place in MEMORY.md, not a copy.",
    "scale-search-cached": "showing a line reads and checks only its own ~64 KB block of "
    "MEMORY.md; the index cache is mapped, and the pages a query reads become resident: its "
    "terms' postings and the fixed fields of the lines they hold (for common words, most of the "
    "line table) and the per-line scores over 3 million lines (not profiled further).",
    "scale-search-rebuild": "only the memory's tail after its last heading is indexed; "
    "the cached beginning is mapped (its pages a query reads become resident, as for the "
    "cached search), and the whole index.bin is rewritten with the new tail (274 MB here, most "
    "of the wall time). Plan: keep the tail in a file of its own, so a save is as big as the "
    "tail.",
    "scale-log": "not expected: `mind log` reads MEMORY.md from its end only.",
}


def fmt_ms(ms):
    return f"{ms:.1f} ms" if ms < 100 else f"{ms:,.0f} ms"


def judge(row):
    """(figure compared with the budget, budget text, met?) for a row."""
    kind, budget, med, ref = row["kind"], row["budget"], row["median_ms"], row["ref_ms"]
    if budget is None:
        return None, "—", None
    if kind == "abs":
        return fmt_ms(med), f"≤ {budget:g} ms", med <= budget
    if kind == "ratio":
        ratio = med / ref
        return f"{ratio:.2f}×", f"≤ {budget:g} × reference", ratio <= budget
    if kind == "added":
        added = med - ref
        return f"{added:+.1f} ms", f"≤ {budget:g} ms added", added <= budget
    raise ValueError(kind)


def reason(row):
    """The measured reason a row misses, from its own figures."""
    med, ref = row["median_ms"], row["ref_ms"]
    if row["kind"] == "abs" and ref is not None:
        return (f"median {fmt_ms(med)}, of which process start (`true`) {fmt_ms(ref)}: "
                f"{fmt_ms(med - ref)} is mind's own work")
    if row["kind"] == "ratio":
        return f"{fmt_ms(med)} against {fmt_ms(ref)} for the reference"
    if row["kind"] == "added":
        return f"{fmt_ms(med)} per commit with the hooks against {fmt_ms(ref)} without"
    return ""


def main():
    every = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
    rows = [r for r in every if r.get("section") != "scale"]
    scale = [r for r in every if r.get("section") == "scale"]
    meta = json.load(open(sys.argv[2]))
    out = []
    w = out.append
    w("# Benchmarks")
    w("")
    w("Written by `scripts/bench` (run it again to refresh this file; `--quick` for a smoke run, "
      "`--lto` for the shipped build profile). Every figure is a hyperfine median measured in the "
      "same run as its reference; ratios are medians over medians. Budgets are DESIGN.md's; "
      "recall with promotion, hybrid search, named-memory search and recall with promotion and "
      "the model have their own targets (30, 30, 20 and 40 ms).")
    if meta["quick"]:
        w("")
        w("**Quick run: small corpora, few runs. Not the budgets' sizes.**")
    w("")
    w("## Machine")
    w("")
    w(meta["machine"])
    w(f"- disk: {meta['disk']}")
    w(f"- date: {meta['date']}")
    w(f"- commit: {meta['commit']}")
    w(f"- build: {meta['profile']}; {meta['rustc']}")
    w(f"- tools: {meta['hyperfine']}, {meta['rg']}, {meta['git']}")
    w(f"- runs: {meta['runs']} per command ({meta['heavy_runs']} for the tree scan and harvest), "
      "after warm-up runs")
    w("")
    w("## Results")
    w("")
    w("| operation | median | reference (median) | ratio | budget | measured | peak RSS | verdict |")
    w("| --- | ---: | --- | ---: | --- | ---: | ---: | --- |")
    misses = []
    # The memory budget covers the budgets' own inputs (rows without a budget are larger ones).
    peak = max([r["rss_kb"] or 0 for r in rows if r["budget"] is not None] or [0])
    for r in rows:
        figure, budget, ok = judge(r)
        ref = f"`{r['ref']}` ({fmt_ms(r['ref_ms'])})" if r["ref"] else "—"
        ratio = f"{r['median_ms'] / r['ref_ms']:.2f}×" if r["ref_ms"] else "—"
        rss = f"{r['rss_kb'] / 1024:.1f} MB" if r["rss_kb"] else "—"
        rss_ok = r["rss_kb"] is None or r["rss_kb"] / 1024 <= RSS_BUDGET_MB
        if ok is None:
            verdict = "no budget" + ("" if rss_ok else "; **RSS over 50 MB**")
        elif ok and rss_ok:
            verdict = "met"
        else:
            verdict = "**missed**" if not ok else "**RSS over 50 MB**"
            misses.append(r)
        w(f"| {r['label']} | {fmt_ms(r['median_ms'])} | {ref} | {ratio} | {budget} | "
          f"{figure or '—'} | {rss} | {verdict} |")
    w(f"| peak memory, any of the above | | | | ≤ {RSS_BUDGET_MB} MB | {peak / 1024:.1f} MB | | "
      f"{'met' if peak / 1024 <= RSS_BUDGET_MB else '**missed**'} |")
    w("")
    if meta.get("hybrid_note"):
        w(f"Hybrid search: {meta['hybrid_note']}.")
        w("")
    if misses:
        w("## Missed budgets")
        w("")
        for r in misses:
            w(f"- **{r['label']}**: {reason(r)}.")
            if r["rss_kb"] and r["rss_kb"] / 1024 > RSS_BUDGET_MB:
                w(f"  Peak RSS {r['rss_kb'] / 1024:.1f} MB.")
            w(f"  Plan: {PLANS.get(r['id'], 'none recorded yet (add it to PLANS in scripts/bench_table.py)')}")
        w("")
    if scale:
        scale_section(scale, meta, w)
    sys.stdout.write("\n".join(out))


def fmt_size(n):
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.0f} KB"


def ratio(n, text):
    return f"{fmt_size(n)} ({n / text:.2f}×)" if n and text else "—"


def scale_section(rows, meta, w):
    """Log, recall and search on the large corpora: time, CPU, memory and the caches' sizes."""
    w("## Scale")
    w("")
    w(f"`benches/gen_memory.py` corpora. User CPU is hyperfine's mean over the runs (it does not "
      "move with the machine's load as wall time does); peak RSS is GNU time's maximum resident "
      f"size, which counts the pages of the memory-mapped index cache a command touches. The "
      f"{meta.get('huge', 'largest')} rows are {meta.get('huge_runs', '?')} runs without warm-up "
      "and one run for RSS; the others as in the table above. Cache sizes are after the last "
      "command of the corpus, against MEMORY.md's size.")
    w("")
    w("| MEMORY.md | command | median | user CPU | peak RSS | runs | `index.bin` | `memory.parse` |")
    w("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    last = {}
    for r in rows:
        last[r["corpus"]] = r
    for r in rows:
        rss = f"{r['rss_kb'] / 1024:.1f} MB" if r["rss_kb"] else "—"
        if r["rss_kb"] and r["rss_kb"] / 1024 > RSS_BUDGET_MB:
            rss = f"**{rss}**"
        sizes = ["", ""]
        if last[r["corpus"]] is r:
            sizes = [ratio(r["index"], r["text"]), ratio(r["parse"], r["text"])]
        w(f"| {r['corpus']} | {r['label']} | {fmt_ms(r['median_ms'])} | {fmt_ms(r['user_ms'])} | "
          f"{rss} | {r['runs']} | {sizes[0]} | {sizes[1]} |")
    w("")
    over = [r for r in rows if r["rss_kb"] and r["rss_kb"] / 1024 > RSS_BUDGET_MB]
    if over:
        w(f"Over the {RSS_BUDGET_MB} MB budget (in bold), and why:")
        w("")
        for r in over:
            why = SCALE_REASONS.get(r["id"].rsplit("-", 1)[0], "not analysed yet (add it to "
                                    "SCALE_REASONS in scripts/bench_table.py)")
            w(f"- {r['corpus']}, {r['label']}: {why}")
        w("")


main()
