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
    "log-10000": "The append is `fdatasync`ed and state.json rewritten (temp, fsync, rename, "
    "folder fsync) before `mind log` reports success (README, Durability): three syncs, the "
    "state's two 0.4 ms at load 1.5 and tens of ms at load 8 (strace -c -w, 2026-11-23). CPU work "
    "is 1.1 ms user over `mind --version`'s 2.0 ms (process start and the command line). "
    "MEMORY.md is read from its end only (64 KB + 4 KB) while state.json's recorded line count "
    "matches; a MEMORY.md touched from outside is counted again once, which every measured run "
    "here is (scripts/bench ages MEMORY.md with `touch`; benches/core.sh logs between runs). Plan: one sync "
    "fewer by keeping the activity time out of the fsynced state.json.",
    "recall-10000": "Split of a warm recall at 10,000 entries (strace -r phases, three runs, "
    "load 8): the parse snapshot's load, checks and decode of every entry plus problem "
    "resolution over all of them 11-23 ms; staleness over every entry and the block's ranking "
    "3-14 ms; state.json's synced rewrite 1-9 ms; relevant memories for the session (index "
    "cache) 1-5 ms. The snapshot (301 KB for a 623 KB MEMORY.md: places in the text, not "
    "copies) is still decoded entry by entry, every entry; problem resolution is the largest "
    "single part left (7.6% of a perf profile). "
    "Plan: keep the block's lists (KEY items, gotchas, open problems, provisional decisions) and "
    "a bounded recent window in the snapshot, with problem resolution cached for the prefix, so "
    "a recall stops decoding and ranking every entry.",
    "promote": "Promotion runs on top of the same whole-memory recall (see recall-10000), then "
    "compares each of the 20 items with the memory and rewrites MEMORY.md, SESSION.md and the "
    "parse cache (re-encoded whole); not profiled further yet, both parts need to shrink.",
    "hybrid": "Split of a warm hybrid search (perf, 2026-11-23): the query's forward pass (six "
    "MiniLM layers over the query's tokens; blocked AVX2/FMA products on two cores) about 45%, "
    "loading the vector cache (4 MB read, checksummed, keyed) ~8%, the cosine scan of 10,000 "
    "vectors ~7%, mapping the weights' pages ~5%, model and tokenizer load ~4%; the mapped "
    "weights' pages are the peak RSS. Plan: map the vector cache and check it by block as the "
    "index cache is, and measure int8 weights for the linear layers against the reference "
    "vectors (a quarter of the bytes a query reads).",
    "hook": "Not profiled at this commit. Known parts: the hook shim starts `mind` once per "
    "commit (process start and command line 2.0-2.4 ms against 0.8 ms for `true`), which opens "
    "the repository, reads the commit, and appends what it harvests with an `fdatasync`. Plan: "
    "profile the hook's phases (strace -r, perf) and cut the largest.",
}


# Why a Scale row is over the memory budget, per row id without its corpus; measured with
# heaptrack on the 100,000-entry and 200 MB corpora (see scripts/bench's Scale rows).
SCALE_REASONS = {
    "scale-recall-warm": "recall maps MEMORY.md and the parse cache (0.48× the text) and "
    "decodes every entry at once (208 bytes each plus its strings: about 3.1 million entries "
    "here), then ranks them; the block needs a bounded few, so the plan is to keep its lists "
    "and a recent window in the cache and decode only those.",
    "scale-recall-cold": "as the warm recall, plus the parse of the whole file and the snapshot "
    "encoded to be saved.",
    "scale-search-cached": "showing a line reads MEMORY.md whole (to check it against the "
    "cache's hash before slicing it), so the text is resident once; the index cache itself is "
    "mapped, and only the pages a query reads become resident: its terms' postings and the "
    "fixed fields of the lines they hold (for common words, most of the line table).",
    "scale-search-rebuild": "the build streams the text and its parse (1 MB pieces), but keeps "
    "until the end what the segment is made of: each line's fixed fields (32 bytes), its "
    "`(term, count)` pairs packed as varints (about 3 bytes each, twice while ids are renamed), "
    "the tokenizer's vocabulary (these corpora give every entry a distinct `#N` term: ~100 "
    "bytes each) and the finished segment (1.37× the text) before it is written; add ~13 MB of "
    "process (`mind log`'s RSS). Heaptrack at 100,000 entries: vocabulary ~10 MB, segment 8.6 "
    "MB, forward lists 3 MB, line fields 3.2 MB.",
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
      "recall with promotion, hybrid search and named-memory search have their own targets "
      "(30, 30 and 20 ms).")
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
