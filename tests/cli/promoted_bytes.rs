//! What a new session's recall promotes from a SESSION.md that is not UTF-8 is written into
//! MEMORY.md as UTF-8 with each stray byte read as Latin-1, never as U+FFFD.

use crate::common::User;

#[test]
fn a_latin1_byte_in_a_session_item_is_promoted_as_its_character() {
    let mut user = User::new();
    let project = user.project("code/app", &["init"]);
    user.ok(&project, &["recall"]);
    user.ok(
        &project,
        &[
            "log",
            "rejected",
            "tried the cafe encoder for the menu export - drops accents",
        ],
    );
    let session = project.join(".mind/SESSION.md");
    let bytes = std::fs::read(&session).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let mut latin1 = text.replace("cafe encoder", "caf\u{0}encoder").into_bytes();
    let at = latin1.iter().position(|&b| b == 0).unwrap();
    latin1.splice(at..=at, [0xe9, b' ']);
    std::fs::write(&session, &latin1).unwrap();

    user.at("2026-01-16T09:00:00Z");
    user.ok(&project, &["recall"]);
    let memory = std::fs::read(project.join(".mind/MEMORY.md")).unwrap();
    let memory = String::from_utf8(memory).expect("MEMORY.md stays UTF-8");
    assert!(
        memory.contains(
            "decided against: tried the café encoder for the menu export - drops accents"
        ),
        "{memory}"
    );
    assert!(!memory.contains('\u{fffd}'), "{memory}");
    // The archive keeps the session's own bytes.
    let archives = std::fs::read_dir(project.join(".mind/sessions")).unwrap();
    let kept = archives
        .filter_map(|e| std::fs::read(e.unwrap().path()).ok())
        .any(|b| b.windows(5).any(|w| w == b"caf\xe9 "));
    assert!(kept);
}
