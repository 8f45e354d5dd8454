//! What an agent reads about attempts and promoted session notes: an attempt that failed is
//! ruled out, never a decision or an open problem, whether it was logged or written into
//! MEMORY.md by hand; an attempt that worked is progress. Each runs `mind` as a person does:
//! a temp HOME with no `MIND_*` variables but the clock, a real git repository.

use std::fs;

use crate::common::{User, block_section};

#[test]
fn attempts_written_by_hand_are_ruled_out_not_decisions_or_open_problems() {
    let user = User::new();
    let project = user.project("work/app", &["init"]);
    let memory = project.join(".mind/MEMORY.md");
    let mut text = fs::read_to_string(&memory).unwrap();
    text.push_str(
        "tried: switching to rustls, it failed\n\
         tried: pinning node 18 - build failed\n\
         tried: restarting the worker, it worked\n",
    );
    fs::write(&memory, text).unwrap();

    let block = user.ok(&project, &["recall"]);
    assert_eq!(
        block_section(&block, "Ruled Out"),
        [
            "- pinning node 18 - build failed (2026-01-15)",
            "- switching to rustls, it failed (2026-01-15)",
        ],
        "{block}"
    );
    assert!(
        block_section(&block, "Recent Decisions").is_empty(),
        "{block}"
    );
    assert!(block_section(&block, "Open Loops").is_empty(), "{block}");
    assert!(!block.contains("open problem"), "{block}");

    let types = user.ok(&project, &["parse", "--lines", ".mind/MEMORY.md"]);
    let tail: Vec<&str> = types.lines().rev().take(3).collect();
    assert!(tail[0].contains(" progress "), "{types}");
    assert!(tail[1].contains(" rejected "), "{types}");
    assert!(tail[2].contains(" rejected "), "{types}");
}

#[test]
fn a_logged_attempt_that_failed_goes_to_the_sessions_rejected_approaches() {
    let user = User::new();
    let project = user.project("work/app", &["init"]);
    let out = user.ok(&project, &["log", "tried switching to rustls, it failed"]);
    assert!(
        out.starts_with("logged rejected to .mind/SESSION.md"),
        "{out}"
    );
    let out = user.ok(&project, &["log", "tried pinning node 18 - build failed"]);
    assert!(
        out.starts_with("logged rejected to .mind/SESSION.md"),
        "{out}"
    );
    let session = fs::read_to_string(project.join(".mind/SESSION.md")).unwrap();
    let rejected = &session[session.find("## Rejected").unwrap()..];
    let rejected = &rejected[..rejected.find("\n## ").unwrap()];
    assert!(
        rejected.contains("\n- tried switching to rustls, it failed\n"),
        "{session}"
    );
    assert!(
        rejected.contains("\n- tried pinning node 18 - build failed"),
        "{session}"
    );
    let memory = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        !memory.contains("rustls") && !memory.contains("node 18"),
        "{memory}"
    );
}

#[test]
fn promoted_experiences_keep_one_label_and_the_type_their_words_say() {
    let mut user = User::new();
    let project = user.project("work/app", &["init"]);
    user.at("2026-01-15T09:05:00Z");
    user.log_each(
        &project,
        "experience",
        &[
            "decided to use tokio for the runtime",
            "learned that retries need jitter in src/net.rs",
            "fixed the flaky test by pinning the seed in tests/a.rs",
            "chose postgres over mysql for the jsonb support",
        ],
    );
    user.at("2026-01-15T10:00:00Z");
    let out = user.ok(&project, &["recall"]);
    let memory = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    let promoted: Vec<&str> = memory.lines().rev().take(4).collect();
    assert_eq!(
        promoted,
        [
            "decided: postgres over mysql for the jsonb support",
            "fixed: the flaky test by pinning the seed in tests/a.rs",
            "learned: retries need jitter in src/net.rs",
            "decided: use tokio for the runtime",
        ],
        "{out}\n{memory}"
    );
    // A later recall in a new session does not promote them again.
    user.at("2026-01-15T12:00:00Z");
    user.ok(&project, &["recall"]);
    let again = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert_eq!(again.matches("use tokio").count(), 1, "{again}");
}
