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
