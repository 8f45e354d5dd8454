//! Similarity of two short texts: cosine over TF-IDF vectors, calibrated to bands.
//!
//! Terms come from the tokenizer (stemmed, stop words out, identifiers whole and split);
//! words of one synonym group count as one term (a word in two groups is shared between
//! them); a few words that say nothing about *what* was tried ("tried", "again", "still")
//! are left out. IDF comes from a [`Vocabulary`]: the memory's own (its index) when
//! comparing with memory, the session's items when comparing rejections.
//!
//! Raw TF-IDF cosines of one-line texts run low (a faithful paraphrase often shares only
//! half its words), so the raw value is mapped through `raw^CALIBRATION` to put the bands
//! where the seeds (and the Python Mind's MiniLM thresholds) put them:
//! ≥ 0.9 near-identical, 0.75–0.9 very similar, 0.6–0.75 similar. The exponent was fitted on
//! labelled pairs built from the evaluation set (`tests/fixtures/similarity-pairs.jsonl`;
//! the figures are in `tests/similarity.rs`).

use std::collections::HashMap;

use super::segment::Segment;
use super::synonyms;
use super::tokenize::Tokenizer;

/// `calibrated = raw ^ CALIBRATION`.
pub const CALIBRATION: f32 = 0.5;

/// Band edges on the calibrated scale.
pub const NEAR_IDENTICAL: f32 = 0.9;
pub const VERY_SIMILAR: f32 = 0.75;
pub const SIMILAR: f32 = 0.6;

/// Words that describe the attempt, not its content.
const FILLER: &[&str] = &[
    "tri", "tried", "try", "attempt", "again", "still", "also", "mayb", "probabl", "realli",
    "actual", "basic", "thing", "stuff", "approach", "idea",
];

/// Where document frequencies come from.
pub trait Vocabulary {
    /// Number of documents.
    fn docs(&self) -> usize;
    /// Number of documents holding `term`.
    fn df(&self, term: &str) -> usize;
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
}

/// The vocabulary of a list of texts (a session's items).
#[derive(Default)]
pub struct TextVocabulary {
    docs: usize,
    df: HashMap<String, usize>,
}

impl TextVocabulary {
    pub fn new<'t>(texts: impl IntoIterator<Item = &'t str>, tokenizer: &mut Tokenizer) -> Self {
        let mut v = TextVocabulary::default();
        for text in texts {
            v.docs += 1;
            let mut seen: Vec<String> = Vec::new();
            tokenizer.each(text, |t, _| {
                if !seen.iter().any(|s| s == t) {
                    seen.push(t.to_string());
                }
            });
            for t in seen {
                *v.df.entry(t).or_default() += 1;
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

/// A unit-length TF-IDF vector.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Vector {
    weights: HashMap<String, f32>,
}

impl Vector {
    /// Build from `(term, tf)` pairs.
    pub fn from_terms<'t>(
        terms: impl IntoIterator<Item = (&'t str, u32)>,
        vocab: &dyn Vocabulary,
    ) -> Vector {
        let n = vocab.docs() as f32;
        let mut tf: HashMap<&str, u32> = HashMap::new();
        for (t, c) in terms {
            if !FILLER.contains(&t) {
                *tf.entry(t).or_default() += c;
            }
        }
        let mut weights: HashMap<String, f32> = HashMap::new();
        for (term, count) in tf {
            let df = vocab.df(term) as f32;
            // Smoothed so that a term every document shares still counts a little and a
            // term the vocabulary has never seen counts most.
            let idf = (1.0 + (n + 1.0) / (df + 1.0)).ln();
            let w = (1.0 + (count as f32).ln()) * idf;
            let groups = synonyms::groups(term);
            if groups.is_empty() {
                *weights.entry(term.to_string()).or_default() += w;
            } else {
                let share = w / (groups.len() as f32).sqrt();
                for g in groups {
                    *weights.entry(format!("\u{1}{g}")).or_default() += share;
                }
            }
        }
        let norm = weights.values().map(|w| w * w).sum::<f32>().sqrt();
        if norm > 0.0 {
            for w in weights.values_mut() {
                *w /= norm;
            }
        }
        Vector { weights }
    }

    /// The vector of a text (its [`content`]: list marker and type label left out).
    pub fn of_text(text: &str, tokenizer: &mut Tokenizer, vocab: &dyn Vocabulary) -> Vector {
        let terms = tokenizer.terms(content(text));
        Vector::from_terms(terms.iter().map(|(t, _)| (t.as_str(), 1)), vocab)
    }

    /// The vector of an indexed line's body.
    pub fn of_doc(seg: &Segment, doc: usize, vocab: &dyn Vocabulary) -> Vector {
        Vector::from_terms(seg.doc_terms(doc).map(|(t, tf)| (seg.term(t), tf)), vocab)
    }

    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// Raw cosine (both vectors are unit length).
    pub fn cosine(&self, other: &Vector) -> f32 {
        let (small, large) = if self.weights.len() <= other.weights.len() {
            (self, other)
        } else {
            (other, self)
        };
        small
            .weights
            .iter()
            .filter_map(|(t, w)| large.weights.get(t).map(|v| w * v))
            .sum::<f32>()
            .clamp(0.0, 1.0)
    }

    /// Calibrated similarity in 0..=1 (see the module docs for the bands).
    pub fn similarity(&self, other: &Vector) -> f32 {
        calibrate(self.cosine(other))
    }
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

/// Map a raw cosine onto the calibrated scale.
pub fn calibrate(raw: f32) -> f32 {
    raw.clamp(0.0, 1.0).powf(CALIBRATION)
}

/// The band a calibrated similarity falls in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Band {
    Unrelated,
    Similar,
    VerySimilar,
    NearIdentical,
}

pub fn band(similarity: f32) -> Band {
    if similarity >= NEAR_IDENTICAL {
        Band::NearIdentical
    } else if similarity >= VERY_SIMILAR {
        Band::VerySimilar
    } else if similarity >= SIMILAR {
        Band::Similar
    } else {
        Band::Unrelated
    }
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
        assert!(s >= SIMILAR, "{s}");
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
        assert_eq!(band(0.8), Band::VerySimilar);
        assert_eq!(band(0.65), Band::Similar);
        assert_eq!(band(0.2), Band::Unrelated);
    }
}
