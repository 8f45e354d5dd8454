//! Two session items that differ only in a one-digit number or a one-letter name are two
//! memories: promotion keeps both, so Ruled Out says that 3 and 5 retries both failed. An
//! item too long for a memory line stays in the archive; one from a SESSION.md that is not
//! UTF-8 is written into MEMORY.md as UTF-8, each stray byte read as Latin-1, never U+FFFD.

use std::path::PathBuf;

use crate::common::User;

/// A project whose session (after a first recall) holds the rejection `text`.
fn session_with_rejection(user: &User, text: &str) -> PathBuf {
    let project = user.project("code/app", &["init"]);
    user.ok(&project, &["recall"]);
    user.ok(&project, &["log", "rejected", text]);
    project
}

#[test]
fn rejections_that_differ_in_a_number_or_a_letter_are_both_promoted() {
    let mut user = User::new();
    let project = user.project("code/app", &["init"]);
    user.ok(&project, &["recall"]);
    user.log_each(
        &project,
        "rejected",
        &[
            "retrying 3 times - still fails",
            "retrying 5 times - still fails",
            "approach A with a mutex - deadlocks",
            "approach B with a mutex - deadlocks",
            "retrying 5 times - still fails again",
        ],
    );
    user.at("2026-01-16T09:00:00Z");
    let out = user.mind(&project, &["recall"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    for kept in [
        "decided against: retrying 3 times - still fails",
        "decided against: retrying 5 times - still fails",
        "decided against: approach A with a mutex - deadlocks",
        "decided against: approach B with a mutex - deadlocks",
    ] {
        assert_eq!(
            memory.matches(kept).count(),
            1,
            "{kept}\n{memory}\n{stderr}"
        );
    }
    // A true copy is still one memory.
    assert!(!memory.contains("still fails again"), "{memory}");
    let block = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    let ruled_out = crate::common::block_section(&block, "Ruled Out").join("\n");
    for shown in [
        "retrying 3 times",
        "retrying 5 times",
        "approach A",
        "approach B",
    ] {
        assert!(ruled_out.contains(shown), "{shown}\n{ruled_out}");
    }
}

/// An item written into SESSION.md by hand past what `mind log` takes is not promoted onto
/// one line of MEMORY.md; recall says so and the archive keeps it.
#[test]
fn an_item_too_long_for_a_memory_line_stays_in_the_archive() {
    let mut user = User::new();
    let project = session_with_rejection(&user, "pinning openssl 1.1 - breaks the arm64 image");
    let session = project.join(".mind/SESSION.md");
    let text = std::fs::read_to_string(&session).unwrap();
    let long = format!(
        "retrying with a pasted stack trace {}- still fails",
        "frame at 0x1f ".repeat(400)
    );
    let text = text.replace(
        "- pinning openssl 1.1",
        &format!("- {long}\n- pinning openssl 1.1"),
    );
    std::fs::write(&session, text).unwrap();

    user.at("2026-01-16T09:00:00Z");
    let out = user.mind(&project, &["recall"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "= not promoted (too long for a memory line ({} bytes, at most 4160); the session \
             archive keeps it): {}…",
            "decided against: ".len() + long.len(),
            &long[..60]
        )),
        "{stderr}"
    );
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(!memory.contains("pasted stack trace"), "{memory}");
    assert!(
        memory.contains("decided against: pinning openssl 1.1 - breaks the arm64 image"),
        "{memory}"
    );
    let archived = std::fs::read_dir(project.join(".mind/sessions"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .any(|a| a.contains(&long));
    assert!(archived);
}

#[test]
fn a_latin1_byte_in_a_session_item_is_promoted_as_its_character() {
    let mut user = User::new();
    let project = session_with_rejection(
        &user,
        "tried the cafe encoder for the menu export - drops accents",
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
        memory.contains("decided against: the café encoder for the menu export - drops accents"),
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
