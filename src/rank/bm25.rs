//! BM25F ranking over one or more segments.
//!
//! Each line has two fields: its body (the words of the memory) and the heading of its
//! section (a date heading's summary, "Gotchas", a named memory's heading), the latter at a
//! lower weight: a heading says what a group of lines is about, so it lifts every line of
//! the group a little without letting a line that only shares the heading win. Type labels
//! (`decided:`) are not indexed at all, so they cannot dominate; `--type` filters instead.
//!
//! On top of BM25F: query expansion through the synonym table (at a reduced weight), a
//! small bonus from the best-matching neighbour in the same section (lines logged together
//! are about the same thing), an optional mild recency boost, and superseded lines ranked
//! down. Statistics (N, document frequencies, average length) are taken over all segments
//! searched together, so scores from different files and projects are comparable.

use std::cmp::Ordering;

use chrono::NaiveDate;

use super::corpus::Kind;
use super::segment::{Day, DocTable, Segment};
use super::synonyms;
use super::tokenize::{Role, Tokenizer};

/// Ranking parameters. `Features::default()` is what `mind` uses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Features {
    pub k1: f32,
    pub b: f32,
    /// Weight of the section heading field relative to the body (0 = off).
    pub heading_weight: f32,
    /// Weight of a synonym added to the query (0 = no expansion).
    pub synonym_weight: f32,
    /// Weight of an identifier's parts in the query (its whole form has weight 1).
    pub part_weight: f32,
    /// Share of the best neighbour's score (same section) added to a line's score.
    pub neighbours: f32,
    /// Extra weight for the newest lines (0 = off), halving every `half_life_days`.
    pub recency: f32,
    pub half_life_days: f32,
    /// Multiplier for lines marked `[superseded]`.
    pub superseded: f32,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            k1: 1.2,
            b: 0.75,
            heading_weight: 0.3,
            synonym_weight: 0.4,
            part_weight: 1.0,
            neighbours: 0.5,
            recency: 0.1,
            half_life_days: 180.0,
            superseded: 0.5,
        }
    }
}

impl Features {
    /// Plain BM25 over the body only: the baseline the others are measured against.
    pub fn plain() -> Self {
        Features {
            heading_weight: 0.0,
            synonym_weight: 0.0,
            neighbours: 0.0,
            recency: 0.0,
            superseded: 1.0,
            ..Features::default()
        }
    }
}

/// One weighted query term.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryTerm {
    pub term: String,
    pub weight: f32,
    /// From the query text itself (not a synonym).
    pub original: bool,
    /// For a synonym: the query's own terms it was expanded from (indexes into
    /// `Query::terms`). A synonym never weighs more than the rarest of them, so a line that
    /// matches only the expansion cannot outrank one that matches the word itself.
    pub from: Vec<usize>,
}

/// A parsed query.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Query {
    pub terms: Vec<QueryTerm>,
}

impl Query {
    pub fn parse(text: &str, tokenizer: &mut Tokenizer, features: &Features) -> Query {
        let mut q = Query::default();
        for (term, role) in tokenizer.terms(text) {
            let weight = if role == Role::Part {
                features.part_weight
            } else {
                1.0
            };
            q.add(&term, weight, true);
        }
        if features.synonym_weight > 0.0 {
            let originals: Vec<(String, f32)> =
                q.terms.iter().map(|t| (t.term.clone(), t.weight)).collect();
            for (i, (term, weight)) in originals.into_iter().enumerate() {
                for related in synonyms::related(&term) {
                    q.add(related, weight * features.synonym_weight, false);
                    if let Some(t) = q.terms.iter_mut().find(|t| t.term == related)
                        && !t.original
                        && !t.from.contains(&i)
                    {
                        t.from.push(i);
                    }
                }
            }
        }
        q
    }

    fn add(&mut self, term: &str, weight: f32, original: bool) {
        match self.terms.iter_mut().find(|t| t.term == term) {
            Some(t) => {
                if original && !t.original {
                    t.original = true;
                    t.weight = weight;
                    t.from.clear();
                } else if t.original == original {
                    t.weight = t.weight.max(weight);
                }
            }
            None => self.terms.push(QueryTerm {
                term: term.to_string(),
                weight,
                original,
                from: Vec::new(),
            }),
        }
    }

    pub fn is_empty(&self) -> bool {
        !self.terms.iter().any(|t| t.original)
    }

    /// The query's own terms (for highlighting).
    pub fn original_terms(&self) -> impl Iterator<Item = &str> {
        self.terms
            .iter()
            .filter(|t| t.original)
            .map(|t| t.term.as_str())
    }
}

/// Which lines may be returned.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub kinds: Option<Vec<Kind>>,
    pub since: Option<NaiveDate>,
}

impl Filter {
    /// `since` is `self.since` as a day number (converted once per search).
    fn admits(&self, kind: Kind, day: Day, since: Option<Day>) -> bool {
        if let Some(kinds) = &self.kinds
            && !kinds.contains(&kind)
        {
            return false;
        }
        match since {
            Some(since) => !day.is_none() && day >= since,
            None => true,
        }
    }
}

/// A ranked line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// Index into the segments searched.
    pub seg: usize,
    pub doc: usize,
    pub score: f32,
    /// Share of the query's own weight (IDF-weighted) that the line matches, 0..=1.
    pub coverage: f32,
}

struct TermStats {
    idf: f32,
    /// The term's weight in the query's whole for [`Hit::coverage`]: its IDF, but as if a
    /// term no line holds were in one (see where it is computed).
    cover_idf: f32,
    weight: f32,
    original: bool,
}

/// A scored line and the day it sorts by.
#[derive(Clone, Copy)]
struct Candidate {
    hit: Hit,
    day: Day,
}

/// Best first: score, then the newer line, then file order (a total order, so the best
/// `limit` are the same whether picked by selection or by a full sort).
fn best_first(a: &Candidate, b: &Candidate) -> Ordering {
    b.hit
        .score
        .total_cmp(&a.hit.score)
        .then(b.day.cmp(&a.day))
        .then(a.hit.seg.cmp(&b.hit.seg))
        .then(a.hit.doc.cmp(&b.hit.doc))
}

/// The best `limit` candidates seen so far. Candidates gather in a buffer that is cut back
/// to the best `limit` whenever it fills; from then on, one worse than the worst kept is
/// dropped on arrival. (A full sort of every matching line cost more than the scoring.)
struct TopK {
    limit: usize,
    buf: Vec<Candidate>,
    floor: Option<Candidate>,
}

impl TopK {
    fn new(limit: usize) -> Self {
        TopK {
            limit,
            buf: Vec::new(),
            floor: None,
        }
    }

    fn push(&mut self, c: Candidate) {
        if let Some(floor) = &self.floor
            && best_first(&c, floor) != Ordering::Less
        {
            return;
        }
        self.buf.push(c);
        if self.buf.len() >= self.limit.saturating_mul(2).max(64) {
            self.cut();
        }
    }

    /// Whether `limit` candidates are already known that score more than `score`.
    fn beats_all(&self, score: f32) -> bool {
        self.floor.is_some_and(|f| score < f.hit.score)
    }

    fn cut(&mut self) {
        if self.buf.len() > self.limit {
            self.buf.select_nth_unstable_by(self.limit - 1, best_first);
            self.buf.truncate(self.limit);
            self.floor = self.buf.last().copied();
        }
    }

    fn into_sorted(mut self) -> Vec<Hit> {
        self.cut();
        self.buf.sort_unstable_by(best_first);
        self.buf.into_iter().map(|c| c.hit).collect()
    }
}

/// Per-line accumulators, sized for the largest segment searched so far and all zero
/// between searches: only the lines a query touches are written, and those are reset
/// before the next segment. Kept per thread, so that the searches of one command (a
/// promotion runs one per item) do not each allocate and clear them.
#[derive(Default)]
struct Scratch {
    score: Vec<f32>,
    cover: Vec<f32>,
    wtf: Vec<f32>,
    touched: Vec<usize>,
    in_term: Vec<usize>,
    /// Each line's length normalisation, NaN until first needed, for the segment and
    /// parameters in `norms_of`: a promotion searches one index once per item.
    norms: Vec<f32>,
    norms_of: Option<NormsKey>,
}

/// What the remembered length normalisations were computed for: a segment and the bits
/// of `avgdl`, `k1`, `b` and the heading weight.
#[derive(Clone, Copy, PartialEq, Eq)]
struct NormsKey(u64, [u32; 4]);

/// The recency multiplier of one day, remembered for the last day asked (lines of one
/// date heading are scored one after another, so a run of them costs one `powf`).
struct Recency {
    today: Day,
    features: Features,
    last: Option<(Day, f32)>,
}

impl Recency {
    fn factor(&mut self, day: Day) -> f32 {
        if let Some((d, f)) = self.last
            && d == day
        {
            return f;
        }
        let age = day.days_until(self.today).max(0) as f32;
        let f = 1.0 + self.features.recency * 0.5f32.powf(age / self.features.half_life_days);
        self.last = Some((day, f));
        f
    }
}

/// The best `limit` lines for `query` across `segments`.
pub fn search(
    segments: &[&Segment],
    query: &Query,
    features: &Features,
    filter: &Filter,
    today: NaiveDate,
    limit: usize,
) -> Vec<Hit> {
    let wh = features.heading_weight;
    let n: usize = segments.iter().map(|s| s.doc_count()).sum();
    if n == 0 || query.is_empty() || limit == 0 {
        return Vec::new();
    }
    // Summed per file (a segment and those that go on from it) as whole numbers first, so
    // a memory indexed in two parts has the statistics of the whole file to the last bit.
    let total_len: f64 = files(segments)
        .map(|file| {
            let body: u64 = file.iter().map(|s| s.total_body_len()).sum();
            let head: u64 = file.iter().map(|s| s.total_head_len()).sum();
            body as f64 + f64::from(wh) * head as f64
        })
        .sum();
    let avgdl = ((total_len / n as f64) as f32).max(1.0);
    let postings: Vec<Vec<Option<super::segment::TermPostings>>> = segments
        .iter()
        .map(|s| query.terms.iter().map(|t| s.find(&t.term)).collect())
        .collect();
    let stats: Vec<TermStats> = query
        .terms
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let mut at = 0;
            let df: usize = files(segments)
                .map(|file| {
                    let from = at;
                    at += file.len();
                    doc_freq(file, &postings[from..at], i, wh)
                })
                .sum();
            let idf_of = |df: f32| (1.0 + (n as f32 - df + 0.5) / (df + 0.5)).ln();
            TermStats {
                idf: idf_of(df as f32),
                // A word no line holds can match nothing, so it only weighs in the query's
                // whole. Its own IDF, ln(2n + 2), outweighs a word one line holds by a
                // factor that is large in a small memory (2.1 to 1.0 with three lines) and
                // nears 1 in a large one: the same line would cover less of the same query
                // the smaller the memory. Counted as the rarest word memory could hold, it
                // weighs the same at every size.
                cover_idf: idf_of(df.max(1) as f32),
                weight: t.weight,
                original: t.original,
            }
        })
        .collect();
    // A synonym counts at most as much as the rarest query word it stands in for: a rare
    // expansion of a common word must not outscore the word itself.
    let mut stats = stats;
    for (i, t) in query.terms.iter().enumerate() {
        if let Some(cap) = t.from.iter().map(|&j| stats[j].idf).reduce(f32::max) {
            stats[i].idf = stats[i].idf.min(cap);
        }
    }
    let full: f32 = stats
        .iter()
        .filter(|s| s.original)
        .map(|s| s.cover_idf * s.weight)
        .sum::<f32>()
        .max(f32::MIN_POSITIVE);
    let since = filter.since.map(Day::of);
    let mut recency = Recency {
        today: Day::of(today),
        features: *features,
        last: None,
    };

    let largest = segments.iter().map(|s| s.doc_count()).max().unwrap_or(0);
    let mut sc = SCRATCH.take();
    if sc.score.len() < largest {
        sc.score.resize(largest, 0.0);
        sc.cover.resize(largest, 0.0);
        sc.wtf.resize(largest, 0.0);
    }
    let mut hits = TopK::new(limit);
    let most_recent = 1.0f32.max(1.0 + features.recency);
    for (si, seg) in segments.iter().enumerate() {
        let nd = seg.doc_count();
        let n_sections = seg.section_count();
        let docs = seg.docs();
        let head_lens = if wh > 0.0 || features.neighbours > 0.0 {
            seg.section_head_lens()
        } else {
            Vec::new()
        };
        let key = NormsKey(
            seg.id(),
            [avgdl, features.k1, features.b, wh].map(f32::to_bits),
        );
        if sc.norms_of != Some(key) {
            sc.norms.clear();
            sc.norms.resize(nd, f32::NAN);
            sc.norms_of = Some(key);
        }
        let Scratch {
            score,
            cover,
            wtf,
            touched,
            in_term,
            norms,
            ..
        } = &mut sc;
        // Length normalisation of line `d`, computed once per segment and parameters.
        let mut norm_of = |d: usize| {
            let n = norms[d];
            if !n.is_nan() {
                return n;
            }
            let head_len = if wh > 0.0 {
                head_lens.get(docs.section(d)).map_or(0.0, |&h| h as f32)
            } else {
                0.0
            };
            let dl = docs.body_len(d) as f32 + wh * head_len;
            let n = features.k1 * (1.0 - features.b + features.b * dl / avgdl);
            norms[d] = n;
            n
        };
        for (ti, p) in postings[si].iter().enumerate() {
            let Some(p) = p else { continue };
            let st = &stats[ti];
            // Score and coverage a line gains from `f` (weighted) occurrences of the term.
            let gain = |f: f32, norm: f32| {
                let s = st.idf * st.weight * f * (features.k1 + 1.0) / (f + norm);
                // A match in the heading alone, or through a synonym, covers less of the query.
                let body_share = if f > 0.0 { f.min(1.0).max(wh) } else { 0.0 };
                (s, st.idf * st.weight * body_share.min(1.0))
            };
            if wh == 0.0 || p.head_count == 0 {
                // Body only: each line is in the postings once, with its own count.
                for (d, tf) in seg.body_postings(p) {
                    if d >= nd {
                        continue;
                    }
                    let (s, c) = gain(tf as f32, norm_of(d));
                    if score[d] == 0.0 && cover[d] == 0.0 {
                        touched.push(d);
                    }
                    score[d] += s;
                    cover[d] += c;
                }
                continue;
            }
            // Body and heading: add up each line's weighted count first.
            for (d, tf) in seg.body_postings(p) {
                if d < nd {
                    if wtf[d] == 0.0 {
                        in_term.push(d);
                    }
                    wtf[d] += tf as f32;
                }
            }
            for (s, tf) in seg.head_postings(p) {
                if s >= n_sections {
                    continue;
                }
                let m = seg.section(s);
                let range = m.first_doc..m.end_doc;
                for (w, d) in wtf[range.clone()].iter_mut().zip(range) {
                    if *w == 0.0 {
                        in_term.push(d);
                    }
                    *w += wh * tf as f32;
                }
            }
            for &d in in_term.iter() {
                let (s, c) = gain(wtf[d], norm_of(d));
                if score[d] == 0.0 && cover[d] == 0.0 {
                    touched.push(d);
                }
                score[d] += s;
                cover[d] += c;
                wtf[d] = 0.0;
            }
            in_term.clear();
        }
        if features.neighbours > 0.0 {
            neighbour_bonus(docs, &head_lens, touched, score, features.neighbours);
        }
        for &d in touched.iter() {
            let s = std::mem::take(&mut score[d]);
            let c = std::mem::take(&mut cover[d]);
            let (kind, day, superseded) = docs.rank_fields(d);
            if !filter.admits(kind, day, since) {
                continue;
            }
            let mut s = s;
            if superseded {
                s *= features.superseded;
            }
            // Recency multiplies by at most `1 + recency`: a line that cannot reach the
            // worst of the best so far even then is out, without computing its age.
            if hits.beats_all(s * most_recent) {
                continue;
            }
            if features.recency > 0.0 && !day.is_none() {
                s *= recency.factor(day);
            }
            if s > 0.0 {
                hits.push(Candidate {
                    hit: Hit {
                        seg: si,
                        doc: d,
                        score: s,
                        coverage: (c / full).min(1.0),
                    },
                    day,
                });
            }
        }
        touched.clear();
    }
    SCRATCH.set(sc);
    hits.into_sorted()
}

thread_local! {
    static SCRATCH: std::cell::Cell<Scratch> = std::cell::Cell::new(Scratch::default());
}

/// Lines under one heading that has words of its own ("2026-02-21 | vercel timeouts") were
/// logged together about one topic; a line that matches the query a little gains a share
/// of the geometric mean of its own score and its best neighbour's. Sections under a bare
/// date heading (a day of unrelated logs) get nothing.
fn neighbour_bonus(
    docs: DocTable<'_>,
    head_lens: &[u32],
    touched: &[usize],
    score: &mut [f32],
    share: f32,
) {
    // Best and second-best score per section, for the sections the query touched.
    let mut best: Vec<(f32, f32)> = vec![(0.0, 0.0); head_lens.len()];
    let mut sections: Vec<usize> = Vec::with_capacity(touched.len());
    for &d in touched {
        let section = docs.section(d);
        sections.push(section);
        if let Some(b) = best.get_mut(section) {
            let s = score[d];
            if s > b.0 {
                *b = (s, b.0);
            } else if s > b.1 {
                b.1 = s;
            }
        }
    }
    for (&d, &section) in touched.iter().zip(&sections) {
        if head_lens.get(section).is_none_or(|&h| h == 0) {
            continue;
        }
        let s = score[d];
        let (b0, b1) = best[section];
        let other = if s >= b0 { b1 } else { b0 };
        score[d] = s + share * (s * other).sqrt();
    }
}

/// The segments grouped by file: each with those that go on from it
/// ([`Segment::continues`]).
fn files<'s, 'a>(segments: &'s [&'a Segment]) -> impl Iterator<Item = &'s [&'a Segment]> {
    segments.chunk_by(|_, next| next.continues())
}

/// Term `term`'s document frequency in one file's segments (`postings` are theirs): lines
/// that hold it, plus the sections whose heading holds it, at most the file's lines.
fn doc_freq(
    file: &[&Segment],
    postings: &[Vec<Option<super::segment::TermPostings>>],
    term: usize,
    wh: f32,
) -> usize {
    let found = || {
        file.iter()
            .zip(postings)
            .filter_map(|(s, p)| Some((s, p[term]?)))
    };
    if wh > 0.0 {
        let count: usize = found().map(|(_, p)| p.body_count + p.head_count).sum();
        let docs: usize = file.iter().map(|s| s.doc_count()).sum();
        count.min(docs)
    } else {
        found().map(|(_, p)| p.body_count).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::corpus;

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()
    }

    fn ranked(text: &str, query: &str, features: &Features, filter: &Filter) -> Vec<usize> {
        let file = corpus::markdown(text);
        let mut tok = Tokenizer::default();
        let seg = Segment::build(&file, &mut tok);
        let q = Query::parse(query, &mut tok, features);
        search(&[&seg], &q, features, filter, day(), 10)
            .into_iter()
            .map(|h| seg.doc(h.doc).line)
            .collect()
    }

    const TEXT: &str = "## 2026-01-10 | login work\n\
        decided: use JWT for sessions\n\
        problem: users cannot sign in after the upgrade\n\
        learned: cookies need SameSite=None on Safari\n\
        ## 2026-02-10 | build\n\
        fixed: cargo build on musl\n\
        - [superseded] decided: sessions in redis\n";

    #[test]
    fn exact_terms_rank_first_and_types_filter() {
        let f = Features::default();
        assert_eq!(ranked(TEXT, "JWT", &f, &Filter::default()), vec![2]);
        let only = Filter {
            kinds: Some(vec![Kind::Decision]),
            since: None,
        };
        assert_eq!(ranked(TEXT, "sessions", &f, &only), vec![2, 7]);
        let since = Filter {
            kinds: None,
            since: NaiveDate::from_ymd_opt(2026, 2, 1),
        };
        let mut recent = ranked(TEXT, "sessions build", &f, &since);
        recent.sort();
        assert_eq!(recent, vec![6, 7]);
    }

    #[test]
    fn synonyms_find_other_wording() {
        let f = Features::default();
        assert_eq!(ranked(TEXT, "log in fails", &f, &Filter::default())[0], 3);
        assert!(ranked(TEXT, "log in fails", &Features::plain(), &Filter::default()).is_empty());
    }

    #[test]
    fn superseded_lines_rank_below_current_ones() {
        let f = Features::default();
        assert_eq!(ranked(TEXT, "sessions", &f, &Filter::default()), vec![2, 7]);
    }

    /// The coverage of the line `fixed: ...` for a query of five words, two of which it
    /// holds and two of which no line holds, in a memory of that line and `others` more.
    fn coverage_among(others: usize) -> f32 {
        let mut text = String::from("## 2026-01-10\n");
        text.push_str("fixed: regenerated package-lock.json with the npm version CI uses\n");
        text.push_str("fixed: upload fails over 10 MB by streaming it\n");
        for i in 0..others {
            text.push_str(&format!("decided: keep the staging{i} cluster warm\n"));
        }
        let file = corpus::markdown(&text);
        let mut tok = Tokenizer::default();
        let seg = Segment::build(&file, &mut tok);
        let f = Features::plain();
        let q = Query::parse("npm ci fails: lockfile out of sync", &mut tok, &f);
        let hits = search(&[&seg], &q, &f, &Filter::default(), day(), 10);
        hits.iter()
            .find(|h| seg.doc(h.doc).line == 2)
            .expect("the npm line is found")
            .coverage
    }

    #[test]
    fn coverage_does_not_depend_on_the_size_of_memory() {
        // npm, ci and fails are each in one line, lockfile and sync in none: the line holds
        // two of five words that are all as rare as a word can be in this memory.
        for others in [0, 3, 30, 300] {
            let c = coverage_among(others);
            assert!((c - 0.4).abs() < 1e-4, "{others} other lines: {c}");
        }
    }
}
