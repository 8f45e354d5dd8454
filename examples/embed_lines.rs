//! Embeds lines for offline work on the line classifier (`scripts/line-classifier-experiment.py`).
//!
//! usage: cargo run --release --example embed_lines -- MODEL_DIR < texts.txt > vectors.f32
//! One text a line in; out, for every line in order, its unit vector as little-endian f32s.
#[cfg(feature = "semantic")]
fn main() {
    use std::io::{BufRead, Write};
    let dir = std::env::args()
        .nth(1)
        .expect("usage: embed_lines MODEL_DIR");
    let model = mind::embed::Embedder::load(std::path::Path::new(&dir)).expect("model");
    let texts: Vec<String> = std::io::stdin()
        .lock()
        .lines()
        .map(|l| l.expect("stdin"))
        .collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for chunk in refs.chunks(256) {
        for vector in model.embed(chunk).expect("embed") {
            for x in vector {
                out.write_all(&x.to_le_bytes()).expect("stdout");
            }
        }
    }
}

#[cfg(not(feature = "semantic"))]
fn main() {
    eprintln!("embed_lines needs the `semantic` feature");
    std::process::exit(2);
}
