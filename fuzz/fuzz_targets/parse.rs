//! Fuzz the loose parser: any bytes, read the way `mind` reads files (lossy UTF-8), must
//! parse without panicking, give entities that point at real lines with confidences in
//! [0, 1], classify every line on its own, and build a context block within its budget.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mind::context::build::{Input, build};
use mind::context::digest::Digest;
use mind::parse::{EntryType, classify_line, parse_document};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let doc = parse_document(&text);
    let lines = text.lines().count();
    for e in &doc.entities {
        assert!(e.line >= 1 && e.line <= lines, "line {} of {lines}", e.line);
        assert!((0.0..=1.0).contains(&e.confidence));
        if let Some(by) = e.resolved_by {
            assert!(by > e.line, "resolved by an earlier line");
        }
    }
    for line in text.lines() {
        if let Some(c) = classify_line(line, None) {
            assert!((0.0..=1.0).contains(&c.confidence));
        }
        let _ = classify_line(line, Some(EntryType::Gotcha));
    }
    // Both layouts: everything shared, and session sections in a personal block.
    let digest = Digest::of(&doc);
    for split in [false, true] {
        let blocks = build(&Input {
            digest: &digest,
            session: None,
            extra: Vec::new(),
            budget: 1500,
            split,
            named: Vec::new(),
        });
        for block in std::iter::once(&blocks.shared).chain(blocks.personal.as_ref()) {
            assert!(block.body.chars().count() <= 1500, "over budget");
            assert!(
                !block.body.contains("<!--") && !block.body.contains("-->"),
                "markers escape"
            );
        }
    }
});
