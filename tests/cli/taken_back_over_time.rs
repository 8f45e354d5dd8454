//! A choice taken back stays taken back: however many decisions follow the reversal, in
//! the context block (Ruled Out, Open Loops), and wherever the lines are kept (MEMORY.md,
//! the commit store, `.mind/archive/`), in `mind search`.

use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::common::{User, block_section};

/// `mind log decision` of `count` ordinary decisions, one a day from `first_day` of March 2026.
fn log_decisions(user: &mut User, project: &Path, first_day: u32, count: u32) {
    for i in 0..count {
        let day = first_day + i;
        user.at(&format!("2026-03-{day:02}T09:00:00Z"));
        user.ok(
            project,
            &[
                "log",
                "decision",
                &format!("use cursor pagination for module{i} lists"),
            ],
        );
    }
}

/// The 1-based line of MEMORY.md (or another file of the project) holding `text`.
fn line_of(project: &Path, file: &str, text: &str) -> u64 {
    let content = fs::read_to_string(project.join(file)).unwrap();
    let at = content.lines().position(|l| l.contains(text));
    at.map(|i| i as u64 + 1)
        .unwrap_or_else(|| panic!("{text:?} in {file}:\n{content}"))
}

/// (text, taken_back_by) of each result of `mind search --json QUERY`.
fn search_marks(user: &User, project: &Path, query: &str) -> Vec<(String, Value)> {
    let json: Value =
        serde_json::from_str(&user.ok(project, &["search", "--json", query])).unwrap();
    (json["results"].as_array().unwrap().iter())
        .map(|r| {
            let text = r["text"].as_str().unwrap().to_string();
            (text, r["taken_back_by"].clone())
        })
        .collect()
}

#[test]
fn a_rejection_a_later_decision_took_back_stays_out_of_ruled_out_however_many_decisions_follow() {
    let mut user = User::new();
    user.at("2026-03-02T09:00:00Z");
    let project = user.project("work/shop", &["init", "--quiet"]);
    user.ok(
        &project,
        &[
            "log",
            "we decided against Kafka for the order events - too heavy for our team",
        ],
    );
    user.ok(
        &project,
        &[
            "log",
            "we decided against GraphQL for the public API - no client needs it",
        ],
    );
    user.at("2026-03-03T09:00:00Z");
    user.ok(
        &project,
        &[
            "log",
            "decision",
            "use Kafka for the order events because the volume grew 10x",
        ],
    );
    // A recall in between: the block is read from the parse cache it writes, with the
    // decisions logged after it on top.
    user.ok(&project, &["recall", "--quiet"]);
    log_decisions(&mut user, &project, 4, 20);
    user.at("2026-03-26T09:00:00Z");
    user.ok(&project, &["recall", "--quiet"]);

    let block = fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    assert_eq!(
        block_section(&block, "Ruled Out"),
        ["- GraphQL for the public API - no client needs it (2026-03-02)"],
        "{block}"
    );
    assert!(!block.contains("too heavy"), "{block}");
    // The block and search agree: the rejection is taken back by the decision.
    let decision = line_of(
        &project,
        ".mind/MEMORY.md",
        "use Kafka for the order events",
    );
    let marks = search_marks(&user, &project, "Kafka order events");
    let rejection = marks.iter().find(|(text, _)| text.contains("too heavy"));
    assert_eq!(
        rejection.map(|(_, by)| by.clone()),
        Some(Value::from(format!(".mind/MEMORY.md:{decision}"))),
        "{marks:?}"
    );
}

#[test]
fn a_provisional_decision_a_later_one_undid_asks_no_still_valid_however_many_decisions_follow() {
    let mut user = User::new();
    user.at("2026-03-02T09:00:00Z");
    let project = user.project("work/shop", &["init", "--quiet"]);
    user.log_each(
        &project,
        "decision",
        &[
            "for now, disable the e2e suite on PRs because the runner is flaky",
            "for now, pin Node to 20 until the base image is upgraded",
        ],
    );
    user.ok(&project, &["recall", "--quiet"]);
    user.at("2026-03-10T09:00:00Z");
    user.ok(
        &project,
        &[
            "log",
            "decision",
            "re-enable the e2e suite on PRs now that the runner is fixed",
        ],
    );
    log_decisions(&mut user, &project, 11, 18);
    user.at("2026-03-28T09:00:00Z");
    user.ok(&project, &["recall", "--quiet"]);

    let block = fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    assert_eq!(
        block_section(&block, "Open Loops"),
        [
            "- [?] for now, pin Node to 20 until the base image is upgraded (2026-03-02) - still valid?"
        ],
        "{block}"
    );
    assert!(!block.contains("disable the e2e suite"), "{block}");
}

#[test]
fn a_decision_from_a_commit_takes_back_a_rejection_in_memory_in_search_as_in_the_block() {
    let mut user = User::new();
    user.at("2026-03-02T09:00:00Z");
    let project = user.project("work/shop", &["init", "--hooks", "--quiet"]);
    user.ok(
        &project,
        &[
            "log",
            "we decided against Kafka for the order events - too heavy for our team",
        ],
    );
    user.at("2026-03-03T09:00:00Z");
    user.commit_file(
        &project,
        "events.py",
        "QUEUE = 'kafka'\n",
        "Order events on Kafka\n\ndecided: use Kafka for the order events because the volume grew 10x",
    );
    user.at("2026-03-04T09:00:00Z");
    user.ok(&project, &["recall", "--quiet"]);

    let block = fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    assert!(block_section(&block, "Ruled Out").is_empty(), "{block}");
    let store = ".mind/cache/commits.md";
    let decision = line_of(&project, store, "use Kafka for the order events");
    let marks = search_marks(&user, &project, "Kafka order events");
    let rejection = marks.iter().find(|(text, _)| text.contains("too heavy"));
    assert_eq!(
        rejection.map(|(_, by)| by.clone()),
        Some(Value::from(format!("{store}:{decision}"))),
        "{marks:?}"
    );
    // The decision itself stands.
    let chosen = marks.iter().find(|(text, _)| text.contains("volume grew"));
    assert_eq!(
        chosen.map(|(_, by)| by.clone()),
        Some(Value::Null),
        "{marks:?}"
    );
}

#[test]
fn search_marks_a_choice_taken_back_in_the_archives_and_by_memory_after_them() {
    let mut user = User::new();
    user.at("2026-03-02T09:00:00Z");
    let project = user.project("work/auth", &["init", "--quiet"]);
    user.ok(
        &project,
        &["log", "decision", "use bcrypt for password hashing"],
    );
    user.at("2026-03-18T09:00:00Z");
    user.ok(
        &project,
        &[
            "log",
            "decision",
            "use argon2 instead of bcrypt for password hashing",
        ],
    );
    user.at("2026-04-02T09:00:00Z");
    user.ok(&project, &["log", "learning", "the cart cache is per-user"]);
    user.at("2026-04-03T09:00:00Z");

    // Both lines archived: the later line of the archive takes back the earlier one.
    crate::common::archive(&project, "2026-03.md", "2026-03-02", "2026-04-02");
    let file = ".mind/archive/2026-03.md";
    let argon2 = line_of(&project, file, "use argon2");
    let out = user.ok(&project, &["search", "bcrypt"]);
    assert!(
        out.contains(&format!(
            "decided: use bcrypt for password hashing [taken back by {file}:{argon2}]"
        )),
        "{out}"
    );
    assert!(
        out.contains("decided: use argon2 instead of bcrypt for password hashing\n"),
        "{out}"
    );

    // The reversal in MEMORY.md, the old decision in the archive: MEMORY.md is later.
    let archived = fs::read_to_string(project.join(file)).unwrap();
    let without: String = (archived.lines())
        .filter(|l| !l.contains("argon2"))
        .map(|l| format!("{l}\n"))
        .collect();
    fs::write(project.join(file), without).unwrap();
    user.ok(
        &project,
        &[
            "log",
            "decision",
            "use argon2 instead of bcrypt for password hashing",
        ],
    );
    let argon2 = line_of(&project, ".mind/MEMORY.md", "use argon2");
    let marks = search_marks(&user, &project, "bcrypt");
    // The choice in effect first, the one it took back right after it, marked.
    assert_eq!(
        marks,
        [
            (
                "decided: use argon2 instead of bcrypt for password hashing".to_string(),
                Value::Null
            ),
            (
                "decided: use bcrypt for password hashing".to_string(),
                Value::from(format!(".mind/MEMORY.md:{argon2}"))
            ),
        ]
    );
}

#[test]
fn a_later_archive_takes_back_an_earlier_one_and_no_archive_takes_back_memory() {
    let mut user = User::new();
    user.at("2024-05-02T09:00:00Z");
    let project = user.project("work/auth", &["init", "--quiet"]);
    user.ok(
        &project,
        &["log", "decision", "use bcrypt for password hashing"],
    );
    user.at("2025-02-10T09:00:00Z");
    user.ok(
        &project,
        &[
            "log",
            "decision",
            "use argon2 instead of bcrypt for password hashing",
        ],
    );
    user.at("2026-01-05T09:00:00Z");
    user.ok(&project, &["log", "learning", "the cart cache is per-user"]);
    crate::common::archive(&project, "2024.md", "2024-05-02", "2025-02-10");
    crate::common::archive(&project, "2025.md", "2025-02-10", "2026-01-05");
    // Back to bcrypt this year: nothing in the archives takes that back.
    user.ok(
        &project,
        &[
            "log",
            "decision",
            "use bcrypt for password hashing on the old API",
        ],
    );

    let argon2 = line_of(&project, ".mind/archive/2025.md", "use argon2");
    let marks = search_marks(&user, &project, "bcrypt password hashing");
    let mark = |text: &str| {
        let found = marks.iter().find(|(t, _)| t.ends_with(text));
        found
            .map(|(_, by)| by.clone())
            .unwrap_or_else(|| panic!("{text}: {marks:?}"))
    };
    assert_eq!(
        mark("use bcrypt for password hashing"),
        Value::from(format!(".mind/archive/2025.md:{argon2}"))
    );
    assert_eq!(
        mark("use bcrypt for password hashing on the old API"),
        Value::Null
    );
    assert_eq!(
        mark("use argon2 instead of bcrypt for password hashing"),
        Value::Null
    );
}
