//! Fuzz the context block splice: whatever an instruction file holds, splicing a block in
//! keeps every byte outside the markers, is idempotent, reads back the body it wrote, and an
//! appended block comes out again leaving the file as it was.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mind::context::splice::{
    BlockState, END_MARKER, START_MARKER, block_state, current_body, remove_appended, splice,
};
use mind::store::text::{split_lines, trimmed};

/// Input: `existing \0 body \0 previous` (previous optional).
fn pieces(data: &[u8]) -> (&[u8], String, Option<String>) {
    let mut parts = data.splitn(3, |b| *b == 0);
    let existing = parts.next().unwrap_or_default();
    let body = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let previous = parts
        .next()
        .map(|p| String::from_utf8_lossy(p).into_owned());
    (existing, body, previous)
}

/// A body as `mind` builds one: no markers, no fences, no carriage returns (the block
/// builder escapes these), so what is read back can be compared.
fn plain(body: &str) -> bool {
    !body.contains("<!--")
        && !body.contains('\r')
        && body.lines().all(|l| {
            let t = l.trim_start();
            !t.starts_with("```") && !t.starts_with("~~~")
        })
}

/// Index of the line where a marker (outside fences) starts, the way the splice sees it.
fn marker_lines(bytes: &[u8]) -> Vec<usize> {
    let mut fence: Option<String> = None;
    let mut found = Vec::new();
    for (i, line) in split_lines(bytes).iter().enumerate() {
        let t = trimmed(line);
        if let Some(open) = &fence {
            if t.starts_with(open.as_str()) {
                fence = None;
            }
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(t[..3].to_string());
            continue;
        }
        if t.starts_with("<!-- MIND:CONTEXT") || t.starts_with("<!-- MIND:END") {
            found.push(i);
        }
    }
    found
}

fuzz_target!(|data: &[u8]| {
    let (existing, body, previous) = pieces(data);
    let state = block_state(existing);
    let Ok(out) = splice(existing, &body, previous.as_deref()) else {
        assert!(
            matches!(state, BlockState::Damaged(_)),
            "refused a file whose markers pair up"
        );
        return;
    };
    // The block is there, once, with the markers as written.
    assert_eq!(
        block_state(&out),
        BlockState::Pairs(1),
        "not one block after splice"
    );
    let text = String::from_utf8_lossy(&out);
    assert!(text.contains(START_MARKER) && text.contains(END_MARKER));
    if plain(&body) {
        let expected: Vec<&str> = body.lines().collect();
        assert_eq!(
            current_body(&out).as_deref(),
            Some(expected.join("\n").as_str()),
            "body does not read back"
        );
        // Idempotent: writing the same body again changes nothing.
        let again = splice(&out, &body, None).expect("a fresh block splices");
        assert_eq!(again, out, "second splice changed the file");
    }
    let lines = split_lines(existing);
    match state {
        BlockState::Missing => {
            // Added: the file's bytes are all kept, in one piece before the block and one
            // after it (empty unless the file ends inside a fence it leaves open), and
            // come back on removal.
            let kept = out
                .iter()
                .zip(existing)
                .take_while(|(a, b)| a == b)
                .count();
            assert!(out.ends_with(&existing[kept..]), "user text changed on append");
            if plain(&body) {
                let newline_added = !existing.is_empty() && !existing.ends_with(b"\n");
                let back = remove_appended(&out, newline_added).expect("one block");
                assert_eq!(back.as_deref(), Some(existing), "removal did not restore");
            }
        }
        BlockState::Pairs(1) => {
            // Replaced in place: everything before the start line and after the end line
            // is kept byte for byte.
            let at = marker_lines(existing);
            let (start, end) = (at[0], at[1]);
            let before: Vec<u8> = lines[..start].concat();
            let after: Vec<u8> = lines[end + 1..].concat();
            assert!(out.starts_with(&before), "text before the block changed");
            assert!(out.ends_with(&after), "text after the block changed");
        }
        _ => {}
    }
});
