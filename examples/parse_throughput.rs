//! In-process parser throughput: `cargo run --release --example parse_throughput FILE [RUNS]`.
//!
//! Reads FILE once, then times `parse_document` over it RUNS times (default 10) and prints
//! the median MB/s and the entity count, without process start, I/O or output in the way.

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: parse_throughput FILE [RUNS]");
    let runs: usize = args
        .next()
        .map_or(10, |r| r.parse().expect("RUNS is a number"));
    let bytes = std::fs::read(&path).expect("read FILE");
    let text = String::from_utf8_lossy(&bytes);
    let mut times = Vec::with_capacity(runs);
    let mut entities = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let doc = mind::parse::parse_document(&text);
        times.push(start.elapsed().as_secs_f64());
        entities = doc.entities.len();
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    let best = times[0];
    let mb = bytes.len() as f64 / 1_000_000.0;
    println!(
        "{path}: {mb:.2} MB, {entities} entities, median {:.1} ms over {runs} runs, {:.0} MB/s (best {:.0} MB/s)",
        median * 1000.0,
        mb / median,
        mb / best
    );
}
