//! Fuzz commit harvest: any commit object bytes are read or refused without panicking, and
//! every memory harvested from a message is one line, carries its label, and is read back
//! by the parser as the same kind of entry when it lands in MEMORY.md.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mind::capture::commits::{facts_from_bytes, message_candidates};
use mind::capture::rules::{from_comment, from_message};
use mind::capture::settings::CaptureSettings;
use mind::parse::classify_line;

fn check(kind: mind::parse::EntryType, line: &str) {
    assert!(!line.is_empty());
    assert!(!line.contains(['\n', '\r']), "{line:?} is not one line");
    let read = classify_line(line, None);
    assert_eq!(
        read.map(|c| c.kind),
        Some(kind),
        "{line:?} harvested as {kind:?}"
    );
}

fuzz_target!(|data: &[u8]| {
    let id = gix::ObjectId::null(gix::hash::Kind::Sha1);
    let settings = CaptureSettings {
        conventional_subjects: data.first().is_some_and(|b| b & 1 == 1),
        ..CaptureSettings::default()
    };
    if let Ok(facts) = facts_from_bytes(id, data, gix::hash::Kind::Sha1) {
        for c in message_candidates(&facts, &settings) {
            check(c.kind, &c.text);
            assert!(c.line().ends_with(&format!("(commit {})", facts.short())));
        }
    }
    let message = String::from_utf8_lossy(data);
    for conventional in [false, true] {
        for h in from_message(&message, conventional) {
            check(h.kind, &h.line);
        }
    }
    for line in message.lines() {
        if let Some(h) = from_comment(line) {
            assert!(!h.line.contains(['\n', '\r']));
        }
    }
});
