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

use chrono::NaiveDate;

use super::corpus::Kind;
use super::segment::Segment;
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
            for (term, weight) in originals {
                for related in synonyms::related(&term) {
                    q.add(&related, weight * features.synonym_weight, false);
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
                } else if t.original == original {
                    t.weight = t.weight.max(weight);
                }
            }
            None => self.terms.push(QueryTerm {
                term: term.to_string(),
                weight,
                original,
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
    fn admits(&self, kind: Kind, date: Option<NaiveDate>) -> bool {
        if let Some(kinds) = &self.kinds
            && !kinds.contains(&kind)
        {
            return false;
        }
        match self.since {
            Some(since) => date.is_some_and(|d| d >= since),
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
    weight: f32,
    original: bool,
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
    let total_len: f64 = segments
        .iter()
        .map(|s| s.total_body_len() as f64 + f64::from(wh) * s.total_head_len() as f64)
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
            let df: usize = segments
                .iter()
                .zip(&postings)
                .map(|(s, p)| p[i].as_ref().map_or(0, |p| doc_freq(s, p, wh)))
                .sum();
            let df = df as f32;
            let idf = (1.0 + (n as f32 - df + 0.5) / (df + 0.5)).ln();
            TermStats {
                idf,
                weight: t.weight,
                original: t.original,
            }
        })
        .collect();
    let full: f32 = stats
        .iter()
        .filter(|s| s.original)
        .map(|s| s.idf * s.weight)
        .sum::<f32>()
        .max(f32::MIN_POSITIVE);

    let mut hits: Vec<(Hit, Option<NaiveDate>)> = Vec::new();
    for (si, seg) in segments.iter().enumerate() {
        let nd = seg.doc_count();
        let mut score = vec![0f32; nd];
        let mut cover = vec![0f32; nd];
        let mut wtf = vec![0f32; nd];
        let mut touched: Vec<usize> = Vec::new();
        let mut in_term: Vec<usize> = Vec::new();
        for (ti, p) in postings[si].iter().enumerate() {
            let Some(p) = p else { continue };
            let st = &stats[ti];
            for (d, tf) in seg.body_postings(p) {
                if d < nd {
                    if wtf[d] == 0.0 {
                        in_term.push(d);
                    }
                    wtf[d] += tf as f32;
                }
            }
            if wh > 0.0 {
                for (s, tf) in seg.head_postings(p) {
                    if s >= seg.section_count() {
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
            }
            for &d in &in_term {
                let meta = seg.doc(d);
                let head_len = if wh > 0.0 && meta.section < seg.section_count() {
                    seg.section(meta.section).head_len as f32
                } else {
                    0.0
                };
                let dl = meta.body_len as f32 + wh * head_len;
                let f = wtf[d];
                let norm = features.k1 * (1.0 - features.b + features.b * dl / avgdl);
                if score[d] == 0.0 && cover[d] == 0.0 {
                    touched.push(d);
                }
                score[d] += st.idf * st.weight * f * (features.k1 + 1.0) / (f + norm);
                // A match in the heading alone, or through a synonym, covers less of the query.
                let body_share = if f > 0.0 { f.min(1.0).max(wh) } else { 0.0 };
                cover[d] += st.idf * st.weight * body_share.min(1.0);
                wtf[d] = 0.0;
            }
            in_term.clear();
        }
        if features.neighbours > 0.0 {
            neighbour_bonus(seg, &touched, &mut score, features.neighbours);
        }
        for &d in &touched {
            let meta = seg.doc(d);
            if !filter.admits(meta.kind, meta.date) {
                continue;
            }
            let mut s = score[d];
            if meta.superseded {
                s *= features.superseded;
            }
            if features.recency > 0.0
                && let Some(date) = meta.date
            {
                let age = (today - date).num_days().max(0) as f32;
                s *= 1.0 + features.recency * 0.5f32.powf(age / features.half_life_days);
            }
            if s > 0.0 {
                hits.push((
                    Hit {
                        seg: si,
                        doc: d,
                        score: s,
                        coverage: (cover[d] / full).min(1.0),
                    },
                    meta.date,
                ));
            }
        }
    }
    hits.sort_by(|(a, ad), (b, bd)| {
        b.score
            .total_cmp(&a.score)
            .then(bd.cmp(ad))
            .then(a.seg.cmp(&b.seg))
            .then(a.doc.cmp(&b.doc))
    });
    hits.truncate(limit);
    hits.into_iter().map(|(h, _)| h).collect()
}

/// Lines under one heading that has words of its own ("2026-02-21 | vercel timeouts") were
/// logged together about one topic; a line that matches the query a little gains a share
/// of the geometric mean of its own score and its best neighbour's. Sections under a bare
/// date heading (a day of unrelated logs) get nothing.
fn neighbour_bonus(seg: &Segment, touched: &[usize], score: &mut [f32], share: f32) {
    let mut best: Vec<(f32, f32)> = vec![(0.0, 0.0); seg.section_count()];
    for &d in touched {
        if let Some(b) = best.get_mut(seg.doc(d).section) {
            let s = score[d];
            if s > b.0 {
                *b = (s, b.0);
            } else if s > b.1 {
                b.1 = s;
            }
        }
    }
    let own: Vec<f32> = touched.iter().map(|&d| score[d]).collect();
    for (&d, &s) in touched.iter().zip(&own) {
        let section = seg.doc(d).section;
        if section >= seg.section_count() || seg.section(section).head_len == 0 {
            continue;
        }
        let (b0, b1) = best[section];
        let other = if s >= b0 { b1 } else { b0 };
        score[d] = s + share * (s * other).sqrt();
    }
}

fn doc_freq(seg: &Segment, p: &super::segment::TermPostings, wh: f32) -> usize {
    if wh > 0.0 {
        (p.body_count + p.head_count).min(seg.doc_count())
    } else {
        p.body_count
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
}
