//! Two session items that differ only in a one-digit number or a one-letter name are two
//! memories: promotion keeps both, so Ruled Out says that 3 and 5 retries both failed.

use crate::common::User;

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
    let project = user.project("code/app", &["init"]);
    user.ok(&project, &["recall"]);
    user.ok(
        &project,
        &[
            "log",
            "rejected",
            "pinning openssl 1.1 - breaks the arm64 image",
        ],
    );
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
