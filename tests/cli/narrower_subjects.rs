//! A line about one member of a kind of thing is not an update of a line about the kind:
//! "the API worker actually retries failed jobs 5 times" links to "the worker retries
//! failed jobs 3 times" and leaves it live, where "the worker actually retries failed jobs
//! 5 times" replaces it.

use std::path::PathBuf;

use serde_json::Value;

use crate::common::User;

const MEMORY_LINE: &str = "learned: the worker retries failed jobs 3 times";

/// A user whose project learned [`MEMORY_LINE`] a day ago and noted `experience` in the
/// session since; then a new session starts. The recall's JSON and the project.
fn promoted_after(experience: &str) -> (User, PathBuf, Value) {
    let mut user = User::new();
    user.at("2026-04-01T09:00:00Z");
    let project = user.project("work/queue", &["init"]);
    user.ok(
        &project,
        &["log", "learning", "the worker retries failed jobs 3 times"],
    );
    user.at("2026-04-02T09:00:00Z");
    user.ok(&project, &["recall"]);
    user.ok(&project, &["log", "experience", experience]);
    user.at("2026-04-03T09:00:00Z");
    let v = serde_json::from_str(&user.ok(&project, &["--json", "recall"])).unwrap();
    (user, project, v)
}

fn memory(project: &std::path::Path) -> String {
    std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap()
}

#[test]
fn a_fact_about_one_worker_links_to_the_fact_about_the_workers_and_keeps_it() {
    let (_user, project, v) =
        promoted_after("learned: the API worker actually retries failed jobs 5 times");
    let p = &v["promotion"][0];
    assert_eq!(p["action"], "linked", "{v:#}");
    assert_eq!(p["similar_to"]["text"], MEMORY_LINE, "{v:#}");
    let after = memory(&project);
    assert!(!after.contains("[superseded]"), "{after}");
    assert!(after.contains(&format!("\n{MEMORY_LINE}\n")), "{after}");
    assert!(
        after.contains(
            "\nlearned: the API worker actually retries failed jobs 5 times (see also: [[MEMORY#2026-04-01]])\n"
        ),
        "{after}"
    );
}

#[test]
fn a_correction_of_the_same_worker_replaces_the_old_fact() {
    let (_user, project, v) =
        promoted_after("learned: the worker actually retries failed jobs 5 times");
    let p = &v["promotion"][0];
    assert_eq!(p["action"], "superseded", "{v:#}");
    assert_eq!(p["reason"], "replaces it: a correction", "{v:#}");
    let after = memory(&project);
    assert!(
        after.contains(&format!("\n[superseded] {MEMORY_LINE}\n")),
        "{after}"
    );
    assert!(
        after.contains("\nlearned: the worker actually retries failed jobs 5 times\n"),
        "{after}"
    );
}
