//! The similarity bands on labelled pairs that do not come from the development set
//! (`tests/eval/similarity-pairs.jsonl`: 190 pairs of held-out memory lines — 48 duplicate,
//! 40 update, 53 related, 49 unrelated; see `tests/eval/similarity-pairs-SOURCES.md`).
//!
//! Derived by `scripts/eval-similarity.sh /path/to/all-MiniLM-L6-v2`: thresholds chosen on
//! every other pair of each label, reported on the rest (held-out half, 94 pairs):
//!
//! | measure | duplicate | update | related | held-out accuracy dup / update / related |
//! | --- | --- | --- | --- | --- |
//! | lexical, memory vocabulary (promotion) | 0.85 | 0.56 | 0.34 | 84% / 96% / 92% |
//! | lexical, pair vocabulary (loops)       | 0.72 | 0.45 | 0.45 | 85% / 89% / 89% |
//! | sentence vectors (MiniLM cosine)       | 0.85 | 0.56 | 0.45 | 82% / 89% / 90% |
//!
//! (update and related: balanced accuracy; duplicate: plain accuracy.) Neither measure tells
//! a duplicate from an update (medians: lexical 0.86 / 0.77, vectors 0.91 / 0.84): the
//! duplicate band alone never decides; promotion skips only when nothing new is said and
//! supersedes only on a contradiction. These tests pin the truth-first edges on all pairs.

use mind::rank::index::Index;
use mind::rank::similarity::{
    Band, Bands, LEXICAL_MEMORY_BANDS, LEXICAL_SESSION_BANDS, SegmentVocabulary, TextVocabulary,
    Vector, content,
};
use mind::rank::tokenize::Tokenizer;

fn pairs() -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/eval/similarity-pairs.jsonl"
    ))
    .expect("pairs");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            let s = |k: &str| v[k].as_str().expect("field").to_string();
            (s("label"), s("a"), s("b"))
        })
        .collect()
}

/// `(label, band)` of every pair, lexically: over the held-out corpus as a memory's
/// vocabulary (`memory`), or over the pair's own texts.
fn lexical_bands(memory: bool) -> Vec<(String, Band)> {
    let mut tok = Tokenizer::default();
    let mut index = Index::default();
    index.add_text(
        "eval",
        "MEMORY.md",
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/eval/search-tech-corpus.md"
        ))
        .unwrap(),
        &mut tok,
    );
    let corpus = SegmentVocabulary::new(index.segments());
    pairs()
        .into_iter()
        .map(|(label, a, b)| {
            let s = if memory {
                Vector::of_text(&a, &mut tok, &corpus)
                    .similarity(&Vector::of_text(&b, &mut tok, &corpus))
            } else {
                let local = TextVocabulary::new([content(&a), content(&b)], &mut tok);
                Vector::of_text(&a, &mut tok, &local)
                    .similarity(&Vector::of_text(&b, &mut tok, &local))
            };
            let bands: &Bands = if memory {
                &LEXICAL_MEMORY_BANDS
            } else {
                &LEXICAL_SESSION_BANDS
            };
            (label, bands.band(s))
        })
        .collect()
}

fn count(bands: &[(String, Band)], label: &str, at_least: Band) -> (usize, usize) {
    let of: Vec<Band> = bands
        .iter()
        .filter(|(l, _)| l == label)
        .map(|(_, b)| *b)
        .collect();
    (of.iter().filter(|&&b| b >= at_least).count(), of.len())
}

#[test]
fn the_pair_set_is_the_held_out_one() {
    let p = pairs();
    assert_eq!(p.len(), 190);
    for (label, n) in [
        ("duplicate", 48),
        ("update", 40),
        ("related", 53),
        ("unrelated", 49),
    ] {
        assert_eq!(p.iter().filter(|x| x.0 == label).count(), n, "{label}");
    }
}

#[test]
fn no_unrelated_pair_reaches_the_band_that_may_supersede() {
    for memory in [true, false] {
        let bands = lexical_bands(memory);
        assert_eq!(
            count(&bands, "unrelated", Band::VerySimilar).0,
            0,
            "memory: {memory}"
        );
        // At most one in ten is even linked.
        let (linked, all) = count(&bands, "unrelated", Band::Similar);
        assert!(linked * 10 <= all, "memory {memory}: {linked}/{all}");
    }
}

#[test]
fn duplicates_and_updates_reach_the_update_band() {
    for memory in [true, false] {
        let bands = lexical_bands(memory);
        let (dup, dups) = count(&bands, "duplicate", Band::VerySimilar);
        let (upd, upds) = count(&bands, "update", Band::VerySimilar);
        assert!(
            dup * 10 >= dups * 9,
            "memory {memory}: {dup}/{dups} duplicates"
        );
        assert!(
            upd * 10 >= upds * 9,
            "memory {memory}: {upd}/{upds} updates"
        );
        // Every duplicate is at least related.
        assert_eq!(count(&bands, "duplicate", Band::Similar), (dups, dups));
    }
}

#[test]
fn with_the_real_model_no_unrelated_pair_reaches_the_sentence_update_band() {
    let Some(model) = std::env::var_os("MIND_TEST_MODEL").filter(|m| !m.is_empty()) else {
        eprintln!("skipped: set MIND_TEST_MODEL to an all-MiniLM-L6-v2 folder to run this test");
        return;
    };
    #[cfg(feature = "semantic")]
    {
        use mind::rank::similarity::{SENTENCE_BANDS, vector_similarity};
        let embedder = mind::embed::Embedder::load(std::path::Path::new(&model)).unwrap();
        let p = pairs();
        let texts: Vec<&str> = p
            .iter()
            .flat_map(|(_, a, b)| [a.as_str(), b.as_str()])
            .collect();
        let v = embedder.embed(&texts).unwrap();
        let bands: Vec<(String, Band)> = p
            .iter()
            .zip(v.chunks(2))
            .map(|((label, _, _), ab)| {
                (
                    label.clone(),
                    SENTENCE_BANDS.band(vector_similarity(&ab[0], &ab[1])),
                )
            })
            .collect();
        assert_eq!(count(&bands, "unrelated", Band::VerySimilar).0, 0);
        let (dup, dups) = count(&bands, "duplicate", Band::VerySimilar);
        assert!(dup * 10 >= dups * 9, "{dup}/{dups}");
    }
    #[cfg(not(feature = "semantic"))]
    let _ = model;
}
