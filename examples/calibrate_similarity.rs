//! Similarity calibration: raw TF-IDF cosines of labelled pairs, per class, under two
//! vocabularies (the evaluation corpus as a memory, and the pair's own two texts as a
//! session would have), and how the calibrated bands classify them.
//!
//! usage: cargo run --release --example calibrate_similarity -- PAIRS.jsonl CORPUS.md

use mind::rank::index::Index;
use mind::rank::similarity::{self, SegmentVocabulary, TextVocabulary, Vector, Vocabulary};
use mind::rank::tokenize::Tokenizer;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, pairs, corpus] = &args[..] else {
        eprintln!("usage: calibrate_similarity PAIRS.jsonl CORPUS.md");
        std::process::exit(2);
    };
    let pairs: Vec<(String, String, String)> = std::fs::read_to_string(pairs)
        .expect("pairs")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            let s = |k: &str| v[k].as_str().expect("field").to_string();
            (s("class"), s("a"), s("b"))
        })
        .collect();
    let mut tok = Tokenizer::default();
    let mut index = Index::default();
    index.add_text(
        "eval",
        "MEMORY.md",
        std::fs::read_to_string(corpus).expect("corpus"),
        &mut tok,
    );
    let memory = SegmentVocabulary::new(index.segments());
    let classes = ["identical", "near", "paraphrase", "related", "unrelated"];
    for (name, use_memory) in [("memory vocabulary", true), ("pair-only vocabulary", false)] {
        println!(
            "== {name}: raw cosine per class (min / median / max), calibrated = raw^{}",
            similarity::CALIBRATION
        );
        let mut rows: Vec<(String, f32)> = Vec::new();
        for (class, a, b) in &pairs {
            let local = TextVocabulary::new([a.as_str(), b.as_str()], &mut tok);
            let vocab: &dyn Vocabulary = if use_memory { &memory } else { &local };
            let va = Vector::of_text(a, &mut tok, vocab);
            let vb = Vector::of_text(b, &mut tok, vocab);
            rows.push((class.clone(), va.cosine(&vb)));
        }
        for class in classes {
            let mut v: Vec<f32> = rows
                .iter()
                .filter(|(c, _)| c == class)
                .map(|(_, r)| *r)
                .collect();
            v.sort_by(f32::total_cmp);
            let band_counts = [
                similarity::Band::NearIdentical,
                similarity::Band::VerySimilar,
                similarity::Band::Similar,
                similarity::Band::Unrelated,
            ]
            .map(|b| {
                v.iter()
                    .filter(|r| similarity::band(similarity::calibrate(**r)) == b)
                    .count()
            });
            println!(
                "{class:<11} n={:>2}  raw {:.2} / {:.2} / {:.2}   calibrated {:.2} / {:.2} / {:.2}   bands ≥0.9:{} 0.75-0.9:{} 0.6-0.75:{} <0.6:{}",
                v.len(),
                v[0],
                v[v.len() / 2],
                v[v.len() - 1],
                similarity::calibrate(v[0]),
                similarity::calibrate(v[v.len() / 2]),
                similarity::calibrate(v[v.len() - 1]),
                band_counts[0],
                band_counts[1],
                band_counts[2],
                band_counts[3],
            );
        }
        if std::env::var_os("VERBOSE").is_some() {
            for ((class, a, b), (_, r)) in pairs.iter().zip(&rows) {
                println!(
                    "  {class:<10} {:.2} {:.2}  {a} | {b}",
                    r,
                    similarity::calibrate(*r)
                );
            }
        }
    }
}
