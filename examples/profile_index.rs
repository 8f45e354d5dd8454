//! Times the phases of building a search index (for tuning; not a benchmark of record).
//! usage: cargo run --release --example profile_index -- MEMORY.md
use std::time::Instant;

use mind::rank::corpus;
use mind::rank::segment::Segment;
use mind::rank::tokenize::Tokenizer;

fn main() {
    let path = std::env::args().nth(1).expect("MEMORY.md");
    let t = Instant::now();
    let bytes = std::fs::read(&path).unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let read = t.elapsed();
    let t = Instant::now();
    let doc = mind::parse::parse_document(&text);
    let parse = t.elapsed();
    let t = Instant::now();
    let file = corpus::markdown(&text);
    let corpus_t = t.elapsed();
    let mut tok = Tokenizer::default();
    let t = Instant::now();
    let mut n = 0usize;
    for d in &file.docs {
        tok.each(&d.body, |_, _| n += 1);
    }
    let tokenize = t.elapsed();
    let mut tok = Tokenizer::default();
    let t = Instant::now();
    let seg = Segment::build(&file, &mut tok);
    let build = t.elapsed();
    let t = Instant::now();
    let h = mind::rank::cache::fast_hash(&bytes);
    let hash = t.elapsed();
    println!(
        "read {read:?} parse_document {parse:?} ({} entities) corpus(incl. parse) {corpus_t:?} ({} docs) tokenize {tokenize:?} ({n} terms) segment build(incl. tokenize) {build:?} ({} bytes) hash {hash:?} {h:x}",
        doc.entities.len(),
        file.docs.len(),
        seg.bytes().len()
    );
}
