//! Similarity of two short texts: cosine over TF-IDF vectors, calibrated to bands.
//!
//! Terms come from the tokenizer (stemmed, stop words out, identifiers whole and split);
//! words of one synonym group count as one term (a word in two groups is shared between
//! them); a few words that say nothing about *what* was tried ("tried", "again", "still")
//! are left out. IDF comes from a [`Vocabulary`]: the memory's own (its index) when
//! comparing with memory, the session's items when comparing rejections.
//!
//! Raw TF-IDF cosines of one-line texts run low (a faithful paraphrase often shares only
//! half its words), so the raw value is mapped through `raw^CALIBRATION`.
//!
//! [`Compared`] is the one comparison promotion and loop detection use: the cosine of two
//! lines' sentence vectors (the vectors hybrid retrieval ranks by) when both have one, the
//! lexical similarity otherwise. Each measure has its own [`Bands`] — duplicate, update,
//! related — derived by `scripts/eval-similarity.sh` on the labelled pairs of
//! `tests/eval/similarity-pairs.jsonl` (held-out lines, none from the development set):
//! thresholds chosen on one half of the pairs, reported on the other (see
//! `tests/cli/similarity.rs` for the figures).

use std::collections::HashMap;

use super::segment::Segment;
use super::synonyms;
use super::tokenize::{FastHash, Tokenizer};

/// `calibrated = raw ^ CALIBRATION`.
pub const CALIBRATION: f32 = 0.5;

/// Words that describe the attempt, not its content.
const FILLER: &[&str] = &[
    "tri", "tried", "try", "attempt", "again", "still", "also", "mayb", "probabl", "realli",
    "actual", "basic", "thing", "stuff", "approach", "idea",
];

/// A term that describes the attempt, not its content ("tried", "again"): no weight in a
/// vector, and no evidence that two lines are about the same thing.
pub fn is_filler(term: &str) -> bool {
    FILLER.contains(&term)
}

/// Where document frequencies come from.
pub trait Vocabulary {
    /// Number of documents.
    fn docs(&self) -> usize;
    /// Number of documents holding `term`.
    fn df(&self, term: &str) -> usize;
    /// Number of documents holding term `id` of `seg` (whose text is `term`).
    fn df_in(&self, seg: &Segment, id: usize, term: &str) -> usize {
        let _ = (seg, id);
        self.df(term)
    }
}

/// The vocabulary of indexed segments (their bodies).
pub struct SegmentVocabulary<'a> {
    segments: Vec<&'a Segment>,
    docs: usize,
}

impl<'a> SegmentVocabulary<'a> {
    pub fn new(segments: Vec<&'a Segment>) -> Self {
        let docs = segments.iter().map(|s| s.doc_count()).sum();
        SegmentVocabulary { segments, docs }
    }
}

impl Vocabulary for SegmentVocabulary<'_> {
    fn docs(&self) -> usize {
        self.docs
    }
    fn df(&self, term: &str) -> usize {
        self.segments
            .iter()
            .filter_map(|s| s.find(term).map(|p| p.body_count))
            .sum()
    }
    /// The term's own segment knows its postings by id; only the others are searched.
    fn df_in(&self, seg: &Segment, id: usize, term: &str) -> usize {
        self.segments
            .iter()
            .filter_map(|s| {
                if s.same_as(seg) {
                    Some(s.postings_of(id).body_count)
                } else {
                    s.find(term).map(|p| p.body_count)
                }
            })
            .sum()
    }
}

/// The vocabulary of a list of texts (a session's items).
#[derive(Default)]
pub struct TextVocabulary {
    docs: usize,
    df: HashMap<Box<str>, usize, FastHash>,
}

impl TextVocabulary {
    pub fn new<'t>(texts: impl IntoIterator<Item = &'t str>, tokenizer: &mut Tokenizer) -> Self {
        let mut v = TextVocabulary::default();
        let mut ids: Vec<u32> = Vec::new();
        for text in texts {
            v.docs += 1;
            ids.clear();
            tokenizer.each_id(text, |id, _| ids.push(id));
            ids.sort_unstable();
            ids.dedup();
            for &id in &ids {
                let term = tokenizer.term(id);
                match v.df.get_mut(term) {
                    Some(n) => *n += 1,
                    None => {
                        v.df.insert(term.into(), 1);
                    }
                }
            }
        }
        v
    }
}

impl Vocabulary for TextVocabulary {
    fn docs(&self) -> usize {
        self.docs
    }
    fn df(&self, term: &str) -> usize {
        self.df.get(term).copied().unwrap_or(0)
    }
}

/// What a vector dimension stands for: a synonym group (all its members are one term) or
/// a term outside the groups.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Group(usize),
    Term(Box<str>),
}

/// A unit-length TF-IDF vector, its dimensions sorted by key.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Vector {
    weights: Vec<(Key, f32)>,
}

impl Vector {
    /// Build from `(term, tf)` pairs.
    pub fn from_terms<'t>(
        terms: impl IntoIterator<Item = (&'t str, u32)>,
        vocab: &dyn Vocabulary,
    ) -> Vector {
        Vector::weighted(
            terms.into_iter().map(|(t, c)| (t, c, None)),
            |term, _| vocab.df(term),
            vocab.docs(),
        )
    }

    /// Build from `(term, tf, id in its segment)` triples; `df` gives a term's document
    /// frequency.
    fn weighted<'t>(
        terms: impl IntoIterator<Item = (&'t str, u32, Option<usize>)>,
        df: impl Fn(&str, Option<usize>) -> usize,
        docs: usize,
    ) -> Vector {
        let n = docs as f32;
        let mut tf: Vec<(&str, u32, Option<usize>)> = terms
            .into_iter()
            .filter(|(t, _, _)| !FILLER.contains(t))
            .collect();
        tf.sort_unstable_by(|a, b| a.0.cmp(b.0));
        tf.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 += later.1;
            }
            same
        });
        let mut weights: Vec<(Key, f32)> = Vec::with_capacity(tf.len());
        for (term, count, id) in tf {
            let df = df(term, id) as f32;
            // Smoothed so that a term every document shares still counts a little and a
            // term the vocabulary has never seen counts most.
            let idf = (1.0 + (n + 1.0) / (df + 1.0)).ln();
            let w = (1.0 + (count as f32).ln()) * idf;
            let groups = synonyms::groups(term);
            if groups.is_empty() {
                weights.push((Key::Term(term.into()), w));
            } else {
                let share = w / (groups.len() as f32).sqrt();
                weights.extend(groups.iter().map(|&g| (Key::Group(g), share)));
            }
        }
        weights.sort_by(|a, b| a.0.cmp(&b.0));
        weights.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 += later.1;
            }
            same
        });
        let norm = weights.iter().map(|(_, w)| w * w).sum::<f32>().sqrt();
        if norm > 0.0 {
            for (_, w) in &mut weights {
                *w /= norm;
            }
        }
        Vector { weights }
    }

    /// The vector of a text (its [`content`]: list marker and type label left out).
    pub fn of_text(text: &str, tokenizer: &mut Tokenizer, vocab: &dyn Vocabulary) -> Vector {
        let mut ids: Vec<u32> = Vec::new();
        tokenizer.each_id(content(text), |id, _| ids.push(id));
        Vector::from_terms(ids.iter().map(|&id| (tokenizer.term(id), 1)), vocab)
    }

    /// The vector of an indexed line's body.
    pub fn of_doc(seg: &Segment, doc: usize, vocab: &dyn Vocabulary) -> Vector {
        Vector::weighted(
            seg.doc_terms(doc).map(|(t, tf)| (seg.term(t), tf, Some(t))),
            |term, id| match id {
                Some(id) => vocab.df_in(seg, id, term),
                None => vocab.df(term),
            },
            vocab.docs(),
        )
    }

    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// Raw cosine (both vectors are unit length).
    pub fn cosine(&self, other: &Vector) -> f32 {
        let (mut a, mut b) = (
            self.weights.iter().peekable(),
            other.weights.iter().peekable(),
        );
        let mut sum = 0.0f32;
        while let (Some((ka, wa)), Some((kb, wb))) = (a.peek(), b.peek()) {
            match ka.cmp(kb) {
                std::cmp::Ordering::Less => {
                    a.next();
                }
                std::cmp::Ordering::Greater => {
                    b.next();
                }
                std::cmp::Ordering::Equal => {
                    sum += wa * wb;
                    a.next();
                    b.next();
                }
            }
        }
        sum.clamp(0.0, 1.0)
    }

    /// Calibrated similarity in 0..=1 (see the module docs for the bands).
    pub fn similarity(&self, other: &Vector) -> f32 {
        calibrate(self.cosine(other))
    }
}

/// The terms of `text`'s [`content`] as the tokenizer gives them (stemmed, as an index
/// holds them: "caching" and "caches" are one), filler left out: a line about the same thing
/// holds one of them itself ([`holds_a_term`]).
pub fn content_terms(text: &str, tokenizer: &mut Tokenizer) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    tokenizer.each(content(text), |term, _| {
        if !is_filler(term) && !terms.iter().any(|t| t == term) {
            terms.push(term.to_string());
        }
    });
    terms
}

/// Whether line `doc` of `segment` holds one of `terms` ([`content_terms`]) itself, not
/// only a word of one synonym group with one of them. A group is broad ("db", "database",
/// "sql", "postgres", "mysql"; "module" and "package"): a lexical similarity made of group
/// words alone says two lines are about the same area, not the same thing ("bump the DB
/// pool size" is not about "use Postgres over MySQL"), and on short lines such a match
/// alone reaches the bands. Retrieval and promotion ask it of every lexical match.
pub fn holds_a_term(segment: &Segment, doc: usize, terms: &[String]) -> bool {
    (segment.doc_terms(doc)).any(|(t, _)| terms.iter().any(|w| w == segment.term(t)))
}

/// Words that frame a finding ("turns out", "realized") without adding to it.
const FRAMING: &[&str] = &[
    "turns",
    "turned",
    "out",
    "realized",
    "realised",
    "learned",
    "learnt",
    "discovered",
    "noticed",
    "apparently",
];

/// The words of `text` that say something `other` does not: each word (of the
/// [`content`], as written, punctuation trimmed) with a term that is neither among
/// `other`'s terms nor in a synonym group with one of them. Filler words ("also",
/// "tried") and stop words say nothing new. Empty: `text` adds nothing to `other`.
pub fn new_words(text: &str, other: &str, tokenizer: &mut Tokenizer) -> Vec<String> {
    let mut known: Vec<String> = Vec::new();
    tokenizer.each(content(other), |term, _| known.push(term.to_string()));
    let groups: Vec<usize> = known
        .iter()
        .flat_map(|t| synonyms::groups(t).iter().copied())
        .collect();
    let mut out: Vec<String> = Vec::new();
    let other_words: Vec<&str> = (content(other).split_whitespace())
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    for (n, word) in content(text).split_whitespace().enumerate() {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric());
        if word.is_empty() || FRAMING.iter().any(|f| word.eq_ignore_ascii_case(f)) {
            continue;
        }
        // A bare number or a one-letter name ("retrying 5 times", "approach B") is what
        // tells two otherwise equal lines apart, and yields no term: compared as written.
        if names_a_variant(word, n) {
            if !other_words.iter().any(|w| w.eq_ignore_ascii_case(word))
                && !out.iter().any(|w| w.eq_ignore_ascii_case(word))
            {
                out.push(word.to_string());
            }
            continue;
        }
        let mut new = false;
        tokenizer.each(word, |term, _| {
            let said = FILLER.contains(&term)
                || known.iter().any(|k| k == term)
                || synonyms::groups(term).iter().any(|g| groups.contains(g));
            new |= !said;
        });
        if new && !out.iter().any(|w| w.eq_ignore_ascii_case(word)) {
            out.push(word.to_string());
        }
    }
    out
}

/// A word that names one variant among others without saying anything a term would: a
/// number of one digit, or a capital letter alone that is neither "I" nor a line's
/// opening article ("A retry loop …"). Longer numbers ("16", "30s") are terms already.
fn names_a_variant(word: &str, position: usize) -> bool {
    let mut chars = word.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return false;
    };
    c.is_ascii_digit() || (c.is_ascii_uppercase() && c != 'I' && !(c == 'A' && position == 0))
}

/// Labels that say what kind of memory a line is, not what it says.
const LABELS: &[&str] = &[
    "decided against",
    "decided",
    "decision",
    "learned",
    "learning",
    "til",
    "lesson",
    "fixed",
    "fix",
    "resolved",
    "problem",
    "bug",
    "issue",
    "gotcha",
    "tried",
    "rejected",
    "note",
    "experience",
    "blocker",
    "blocked",
    "assumption",
    "key",
    "important",
];

/// A line without list marker, `[superseded]`, emphasis and leading type labels
/// (`- **Decided:** KEY: x` → `x`).
pub fn content(line: &str) -> &str {
    let mut t = super::corpus::strip_marker(line);
    loop {
        let before = t;
        t = t.trim_start();
        if let Some(r) = t.strip_prefix(super::corpus::SUPERSEDED) {
            t = r.trim_start();
        }
        let bare = t.trim_start_matches('*');
        let colon = bare.find(':').filter(|&i| i <= 16);
        if let Some(i) = colon {
            let label = bare[..i].trim_end_matches('*').trim().to_ascii_lowercase();
            if LABELS.contains(&label.as_str()) {
                t = bare[i + 1..].trim_start_matches('*').trim_start();
            }
        }
        if t == before {
            return t.trim();
        }
    }
}

/// Similarity of two sentence vectors (unit length, from the installed model): their
/// cosine, the same number hybrid retrieval ranks by, floored at 0.
pub fn vector_similarity(a: &[f32], b: &[f32]) -> f32 {
    crate::embed::cosine(a, b).clamp(0.0, 1.0)
}

/// Map a raw cosine onto the calibrated scale.
pub fn calibrate(raw: f32) -> f32 {
    raw.clamp(0.0, 1.0).powf(CALIBRATION)
}

/// Where a similarity comes from; each measure has its own bands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// Calibrated TF-IDF cosine ([`Vector::similarity`]).
    Lexical,
    /// Cosine of the two lines' sentence vectors ([`vector_similarity`]).
    Sentence,
}

/// The edges of the bands on one measure's scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bands {
    /// At or above: says the same thing (skipped when it adds no word; a critical loop).
    pub duplicate: f32,
    /// At or above: the same subject, close enough to replace (may supersede; a high loop).
    pub update: f32,
    /// At or above: about the same thing (linked; a moderate loop).
    pub related: f32,
}

/// Lexical bands (calibrated scale) over a memory's vocabulary, as promotion compares.
pub const LEXICAL_MEMORY_BANDS: Bands = Bands {
    duplicate: 0.85,
    update: 0.56,
    related: 0.34,
};

/// Lexical bands (calibrated scale) over the two texts' own vocabulary (a session's
/// items), as loop detection compares. Related and update pairs are not told apart by
/// this measure: the fitted edges coincide, so every warning below a duplicate is high.
pub const LEXICAL_SESSION_BANDS: Bands = Bands {
    duplicate: 0.72,
    update: 0.45,
    related: 0.45,
};

/// Sentence-vector bands (cosines of the installed all-MiniLM-L6-v2).
pub const SENTENCE_BANDS: Bands = Bands {
    duplicate: 0.85,
    update: 0.56,
    related: 0.45,
};

impl Bands {
    pub fn band(&self, similarity: f32) -> Band {
        if similarity >= self.duplicate {
            Band::NearIdentical
        } else if similarity >= self.update {
            Band::VerySimilar
        } else if similarity >= self.related {
            Band::Similar
        } else {
            Band::Unrelated
        }
    }
}

/// A similarity and the measure it was taken with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Similarity {
    pub value: f32,
    pub measure: Measure,
}

impl Similarity {
    /// Its band: the sentence bands for a sentence cosine, `lexical` for a lexical one
    /// (the bands of the vocabulary the vectors were built over).
    pub fn band(self, lexical: &Bands) -> Band {
        match self.measure {
            Measure::Lexical => lexical.band(self.value),
            Measure::Sentence => SENTENCE_BANDS.band(self.value),
        }
    }
}

/// What a line is compared by: its TF-IDF vector, and its sentence vector when the model is
/// installed and the line has one.
#[derive(Debug, Clone, Default)]
pub struct Compared {
    pub lexical: Vector,
    pub sentence: Option<Vec<f32>>,
}

impl Compared {
    /// The similarity of two lines: by sentence vectors when both have one (the vectors
    /// retrieval ranks by), lexical otherwise.
    pub fn similarity(&self, other: &Compared) -> Similarity {
        match (&self.sentence, &other.sentence) {
            (Some(a), Some(b)) => Similarity {
                value: vector_similarity(a, b),
                measure: Measure::Sentence,
            },
            _ => Similarity {
                value: self.lexical.similarity(&other.lexical),
                measure: Measure::Lexical,
            },
        }
    }
}

/// How close two lines are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Band {
    Unrelated,
    Similar,
    VerySimilar,
    NearIdentical,
}

/// The band of a calibrated lexical similarity over a memory's vocabulary.
pub fn band(similarity: f32) -> Band {
    LEXICAL_MEMORY_BANDS.band(similarity)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sim(a: &str, b: &str) -> f32 {
        let mut tok = Tokenizer::default();
        let vocab = TextVocabulary::new([a, b], &mut tok);
        let va = Vector::of_text(a, &mut tok, &vocab);
        let vb = Vector::of_text(b, &mut tok, &vocab);
        va.similarity(&vb)
    }

    #[test]
    fn identical_texts_are_near_identical_and_unrelated_ones_are_not_similar() {
        assert!(sim("bump the timeout to 60s", "Bump the timeout to 60s!") > 0.99);
        assert_eq!(
            band(sim("bump the timeout to 60s", "switched reqwest to rustls")),
            Band::Unrelated
        );
        assert_eq!(sim("", "anything"), 0.0);
    }

    #[test]
    fn synonyms_and_stems_bring_paraphrases_together() {
        let s = sim(
            "bump the timeout to 60s",
            "tried increasing the timeout - still failing",
        );
        assert!(LEXICAL_SESSION_BANDS.band(s) >= Band::Similar, "{s}");
    }

    #[test]
    fn content_drops_markers_and_labels() {
        assert_eq!(content("- decided: use JWT"), "use JWT");
        assert_eq!(content("**Fix**: run it"), "run it");
        assert_eq!(
            content("- [superseded] KEY: decided against: redis"),
            "redis"
        );
        assert_eq!(content("Note to self: x"), "Note to self: x");
        assert_eq!(content("ratio: 3"), "ratio: 3");
    }

    #[test]
    fn bands() {
        assert_eq!(band(0.95), Band::NearIdentical);
        assert_eq!(band(0.6), Band::VerySimilar);
        assert_eq!(band(0.4), Band::Similar);
        assert_eq!(band(0.2), Band::Unrelated);
    }

    #[test]
    fn sentence_vectors_are_used_only_when_both_lines_have_one() {
        let lexical = |t: &str| {
            let mut tok = Tokenizer::default();
            let vocab = TextVocabulary::new([t], &mut tok);
            Vector::of_text(t, &mut tok, &vocab)
        };
        let a = Compared {
            lexical: lexical("bump the timeout"),
            sentence: Some(vec![0.6, 0.8]),
        };
        let b = Compared {
            lexical: lexical("switch the session store to redis"),
            sentence: Some(vec![0.8, 0.6]),
        };
        let s = a.similarity(&b);
        assert_eq!(s.measure, Measure::Sentence);
        assert!((s.value - 0.96).abs() < 1e-6, "{s:?}");
        assert_eq!(s.band(&LEXICAL_MEMORY_BANDS), Band::NearIdentical);
        let without = Compared {
            sentence: None,
            ..b.clone()
        };
        let s = a.similarity(&without);
        assert_eq!(
            (s.measure, s.band(&LEXICAL_MEMORY_BANDS)),
            (Measure::Lexical, Band::Unrelated)
        );
    }
}
