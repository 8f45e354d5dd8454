//! Scores labelled pairs of memory lines for `scripts/eval-similarity.sh`: per pair, the
//! lexical similarity promotion computes (TF-IDF over a memory's vocabulary), the one loop
//! detection computes (the two texts' own vocabulary), and the cosine of the two lines'
//! sentence vectors (the vectors retrieval caches), as tab-separated values.
//!
//! usage: cargo run --release --example score_similarity_pairs -- PAIRS.jsonl CORPUS.md [MODEL_DIR]

use mind::rank::index::Index;
use mind::rank::similarity::{SegmentVocabulary, TextVocabulary, Vector};
use mind::rank::tokenize::Tokenizer;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: score_similarity_pairs PAIRS.jsonl CORPUS.md [MODEL_DIR]");
        std::process::exit(2);
    }
    let pairs: Vec<(String, String, String)> = std::fs::read_to_string(&args[1])
        .expect("pairs")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            let s = |k: &str| v[k].as_str().expect("field").to_string();
            (s("label"), s("a"), s("b"))
        })
        .collect();
    let mut tok = Tokenizer::default();
    let mut index = Index::default();
    index.add_text(
        "eval",
        "MEMORY.md",
        std::fs::read_to_string(&args[2]).expect("corpus"),
        &mut tok,
    );
    let memory = SegmentVocabulary::new(index.segments());
    let cosines = vector_cosines(args.get(3), &pairs);
    println!("label\tlexical_memory\tlexical_pair\tvector");
    for (i, (label, a, b)) in pairs.iter().enumerate() {
        let lexical_memory = Vector::of_text(a, &mut tok, &memory)
            .similarity(&Vector::of_text(b, &mut tok, &memory));
        let local = TextVocabulary::new(
            [
                mind::rank::similarity::content(a),
                mind::rank::similarity::content(b),
            ],
            &mut tok,
        );
        let lexical_pair =
            Vector::of_text(a, &mut tok, &local).similarity(&Vector::of_text(b, &mut tok, &local));
        let vector = cosines
            .as_ref()
            .map_or_else(|| "".to_string(), |c| format!("{:.4}", c[i]));
        println!("{label}\t{lexical_memory:.4}\t{lexical_pair:.4}\t{vector}");
    }
}

#[cfg(feature = "semantic")]
fn vector_cosines(model: Option<&String>, pairs: &[(String, String, String)]) -> Option<Vec<f32>> {
    let embedder = mind::embed::Embedder::load(std::path::Path::new(model?)).expect("model");
    let texts: Vec<&str> = pairs
        .iter()
        .flat_map(|(_, a, b)| [a.as_str(), b.as_str()])
        .collect();
    let v = embedder.embed(&texts).expect("embed");
    Some(
        v.chunks(2)
            .map(|p| mind::rank::similarity::vector_similarity(&p[0], &p[1]))
            .collect(),
    )
}

#[cfg(not(feature = "semantic"))]
fn vector_cosines(_: Option<&String>, _: &[(String, String, String)]) -> Option<Vec<f32>> {
    None
}
