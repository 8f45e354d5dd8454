//! Reports written in the words of issue titles and thread comments: a process named by
//! the word that also orders work ("Setup fails on Windows", "Update failed"), a problem
//! noun with when it shows ("Problem during startup"), a contracted "not" before a state
//! ("UI isn't responsive"), a lost way of working ("no longer exits cleanly"), what worked
//! until a change ("worked fine until the last update"), and a value shown in place of the
//! expected one ("Some dates show UTC+2 instead"). Their look-alikes stay what they are:
//! orders of work, limits, changes told, and tasks to look into something.

use crate::common::User;

#[test]
fn issue_title_reports_are_problems_and_their_look_alikes_are_not() {
    let mut user = User::new();
    let project = user.project("work/app", &["init"]);
    user.at("2026-04-02T09:00:00Z");

    let out = user.ok(&project, &["log", "Setup fails on Windows 11"]);
    assert!(out.contains("logged problem to .mind/MEMORY.md"), "{out}");
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(memory.contains("Setup fails on Windows 11"), "{memory}");

    std::fs::write(
        project.join("reports.md"),
        "Update failed\n\
         Update error at startup\n\
         Close button hangs the app\n\
         Problem during startup\n\
         UI isn't responsive\n\
         The app no longer exits cleanly on FreeBSD\n\
         It worked fine until the last update\n\
         Some dates show me UTC+2 instead\n",
    )
    .unwrap();
    assert_eq!(
        user.line_types(&project, "reports.md"),
        ["problem"; 8],
        "every line reports a defect"
    );

    std::fs::write(
        project.join("alike.md"),
        "Update failed tests\n\
         Update error handling in the client\n\
         Investigate memory leaks on minimized window\n\
         Problem statement\n\
         Works fine until you open 50 tabs\n\
         It worked fine.\n\
         the CLI no longer reads config files\n\
         We now render the list on the server instead\n",
    )
    .unwrap();
    assert_eq!(
        user.line_types(&project, "alike.md"),
        [
            "none", "none", "none", "none", "none", "progress", "none", "none"
        ]
    );
}

/// `mind log` types a line by its first word when nothing else does ("done with the
/// refactor"), but a choice still to make is no decision: stored as one it would tell the
/// next session that something was chosen.
#[test]
fn a_choice_still_to_make_is_not_logged_as_a_decision() {
    let mut user = User::new();
    let project = user.project("work/app", &["init"]);
    user.at("2026-04-02T09:00:00Z");
    for line in [
        "Decide on Postgres / MySQL",
        "Decision on path forward scheduled for September 14th",
        // Only the topic: nothing says what was chosen.
        "Decision on compiler/platform support",
    ] {
        let out = user.ok(&project, &["log", line]);
        assert!(!out.contains("logged decision"), "{line}: {out}");
    }
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(!memory.contains("Postgres / MySQL"), "{memory}");
    assert!(!memory.contains("path forward"), "{memory}");
    assert!(!memory.contains("compiler/platform"), "{memory}");

    let out = user.ok(&project, &["log", "Done in the latest few commits"]);
    assert!(out.contains("logged progress to .mind/MEMORY.md"), "{out}");
    let out = user.ok(&project, &["log", "Decided on Postgres over MySQL"]);
    assert!(out.contains("logged decision to .mind/MEMORY.md"), "{out}");
    // The topic with what was chosen after a colon is a decision.
    let out = user.ok(
        &project,
        &["log", "Decision on platform support: Linux and macOS only"],
    );
    assert!(out.contains("logged decision to .mind/MEMORY.md"), "{out}");
}

/// What `mind log` stores for this round's shapes, in a project of a user with a real HOME:
/// a label inside a line in bold, a lesson introduced with "the", an alternative turned down
/// with its verdict, and a choice that an order asks the reason of (no decision).
#[test]
fn verdicts_labels_and_asked_reasons_are_logged_as_meant() {
    let mut user = User::new();
    let project = user.project("work/app", &["init"]);
    user.at("2026-04-02T09:00:00Z");
    let out = user.ok(
        &project,
        &[
            "log",
            "Alternative considered: Redis - rejected, one more service to run",
        ],
    );
    assert!(out.contains("logged rejected to .mind/MEMORY.md"), "{out}");
    let out = user.ok(&project, &["log", "**Decision: no host migration.**"]);
    assert!(out.contains("logged decision to .mind/MEMORY.md"), "{out}");
    let out = user.ok(&project, &["log", "The lesson: retries need a budget"]);
    assert!(out.contains("logged learning to .mind/MEMORY.md"), "{out}");
    let out = user.ok(
        &project,
        &["log", "Create an ADR as to why Directus was chosen"],
    );
    assert!(
        out.contains("logged experience to .mind/SESSION.md"),
        "{out}"
    );
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains("decided against: Alternative considered: Redis - rejected"),
        "{memory}"
    );
    assert!(!memory.contains("Directus"), "{memory}");
    // A bare list of the options weighed records no choice.
    let out = user.ok(
        &project,
        &["log", "Alternatives considered: MongoDB, PostgreSQL"],
    );
    assert!(!out.contains("logged rejected"), "{out}");
    assert!(!out.contains("logged decision"), "{out}");
}

/// A choice put off to an open time ("we will switch to httpx later") is no decision,
/// whether logged, written in MEMORY.md or harvested from a comment: the block must not show
/// it under Recent Decisions. A choice made with a revisit planned is still a decision.
#[test]
fn a_plan_put_off_is_no_decision_anywhere() {
    let mut user = User::new();
    let project = user.project("work/app", &["init"]);
    user.at("2026-04-02T09:00:00Z");
    let out = user.ok(&project, &["log", "we will switch to httpx later"]);
    assert!(!out.contains("logged decision"), "{out}");
    let out = user.ok(
        &project,
        &["log", "Decided to use Redis, maybe we will revisit later"],
    );
    assert!(out.contains("logged decision to .mind/MEMORY.md"), "{out}");

    std::fs::write(
        project.join("plans.md"),
        "We'll switch to httpx later.\n\
         KEY: we should drop Python 3.8 in the future\n\
         we switched to orjson for speed\n",
    )
    .unwrap();
    assert_eq!(
        user.line_types(&project, "plans.md"),
        ["none", "none", "decision"]
    );

    user.ok(&project, &["recall"]);
    let block = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    assert!(block.contains("use Redis"), "{block}");
    assert!(!block.contains("httpx"), "{block}");
}
