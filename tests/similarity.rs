//! Calibration of the similarity bands on labelled pairs built from the evaluation set
//! (`tests/fixtures/similarity-pairs.jsonl`: 12 pairs each of identical, near (one or two
//! words changed), paraphrase, related (same topic, different claim) and unrelated texts).
//!
//! Measured with `examples/calibrate_similarity.rs`, calibrated = raw cosine ^ 0.5:
//!
//! | class | memory vocabulary (dev corpus) min / median / max | pair-only vocabulary |
//! | --- | --- | --- |
//! | identical  | 0.97 / 1.00 / 1.00 | 0.94 / 1.00 / 1.00 |
//! | near       | 0.91 / 0.96 / 1.00 | 0.86 / 0.92 / 1.00 |
//! | paraphrase | 0.69 / 0.80 / 0.98 | 0.63 / 0.73 / 0.96 |
//! | related    | 0.00 / 0.35 / 0.77 | 0.00 / 0.34 / 0.77 |
//! | unrelated  | 0.00 / 0.00 / 0.00 | 0.00 / 0.00 / 0.00 |
//!
//! This test pins the pair-only case (what loop detection uses) to those bands.

use mind::rank::similarity::{Band, TextVocabulary, Vector, band};
use mind::rank::tokenize::Tokenizer;

fn pairs() -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/similarity-pairs.jsonl"
    ))
    .expect("pairs fixture");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            let s = |k: &str| v[k].as_str().expect("field").to_string();
            (s("class"), s("a"), s("b"))
        })
        .collect()
}

fn bands(class: &str) -> Vec<Band> {
    let mut tok = Tokenizer::default();
    pairs()
        .into_iter()
        .filter(|(c, _, _)| c == class)
        .map(|(_, a, b)| {
            let vocab = TextVocabulary::new([a.as_str(), b.as_str()], &mut tok);
            let va = Vector::of_text(&a, &mut tok, &vocab);
            let vb = Vector::of_text(&b, &mut tok, &vocab);
            band(va.similarity(&vb))
        })
        .collect()
}

#[test]
fn identical_pairs_are_near_identical() {
    let b = bands("identical");
    assert_eq!(b.len(), 12);
    assert!(b.iter().all(|&x| x == Band::NearIdentical), "{b:?}");
}

#[test]
fn near_pairs_are_at_least_very_similar() {
    let b = bands("near");
    assert_eq!(b.len(), 12);
    assert!(b.iter().all(|&x| x >= Band::VerySimilar), "{b:?}");
}

#[test]
fn paraphrases_are_at_least_similar() {
    let b = bands("paraphrase");
    assert_eq!(b.len(), 12);
    assert!(b.iter().all(|&x| x >= Band::Similar), "{b:?}");
}

#[test]
fn related_and_unrelated_pairs_are_mostly_not_similar() {
    let related = bands("related");
    let below = related.iter().filter(|&&x| x == Band::Unrelated).count();
    assert!(below >= 10, "{related:?}");
    let unrelated = bands("unrelated");
    assert!(
        unrelated.iter().all(|&x| x == Band::Unrelated),
        "{unrelated:?}"
    );
}
