//! What a new session's recall does with the finished session's notes that promotion does
//! not take: a measured figure is a finding worth keeping; the rest is named, so that one
//! that matters can still be logged, and stays in the archive byte for byte.

use crate::common::User;

#[test]
fn a_measurement_is_promoted_and_the_notes_left_behind_are_named() {
    let mut user = User::new();
    let api = user.project("work/api", &["init"]);
    // A second project of the same user is not touched by the first one's session.
    let web = user.project("work/web", &["init"]);
    let web_session = std::fs::read(web.join(".mind/SESSION.md")).unwrap();
    user.at("2026-01-15T09:00:00Z");
    let notes = [
        "k6 load test: p99 latency 840ms at 200 rps, fine at 100",
        "ran the suite twice",
        "paired with Sam on the login page",
        "looked at the flaky test",
        "talked to ops about the deploy window",
    ];
    user.log_each(&api, "experience", &notes);
    user.at("2026-01-15T11:00:00Z");
    let out = user.mind(&api, &["recall"]).output().unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(
            "promoted 1 item(s) to MEMORY.md\n  + learned: k6 load test: p99 latency 840ms at \
             200 rps, fine at 100\n  4 note(s) not promoted (the archive keeps them; `mind log \
             learning \"...\"` keeps one that matters):\n    - ran the suite twice\n    - \
             paired with Sam on the login page\n    - looked at the flaky test\n    - +1 more\n"
        ),
        "{stderr}"
    );
    let memory = std::fs::read_to_string(api.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains("\nlearned: k6 load test: p99 latency 840ms at 200 rps, fine at 100\n")
    );
    assert!(!memory.contains("ran the suite twice"), "{memory}");
    // Every note is in the archive the recall names.
    let archive = std::fs::read_to_string(api.join(".mind/sessions/2026-01-15-0900.md")).unwrap();
    for note in notes {
        assert!(archive.contains(&format!("- {note}\n")), "{archive}");
    }
    assert_eq!(
        std::fs::read(web.join(".mind/SESSION.md")).unwrap(),
        web_session
    );
}

#[test]
fn recall_json_lists_the_notes_left_in_the_archive() {
    let mut user = User::new();
    let api = user.project("api", &["init"]);
    user.at("2026-01-15T09:00:00Z");
    user.log_each(
        &api,
        "experience",
        &["ran the suite twice", "bundle is 40% smaller now"],
    );
    user.log_each(&api, "rejected", &["a bigger runner"]);
    user.at("2026-01-15T11:00:00Z");
    let v: serde_json::Value = serde_json::from_str(&user.ok(&api, &["recall", "--json"])).unwrap();
    assert_eq!(
        v["not_promoted"],
        serde_json::json!(["ran the suite twice", "a bigger runner"])
    );
    assert_eq!(
        v["promoted"],
        serde_json::json!(["learned: bundle is 40% smaller now"])
    );
    // A recall in the same session has nothing left behind to report.
    let again: serde_json::Value =
        serde_json::from_str(&user.ok(&api, &["recall", "--json"])).unwrap();
    assert!(again.get("not_promoted").is_none(), "{again:#}");
}

#[test]
fn guesses_plans_and_failed_fixes_are_not_promoted() {
    let mut user = User::new();
    let api = user.project("api", &["init"]);
    user.at("2026-01-15T09:00:00Z");
    let junk = [
        "thought I fixed the upload by retrying, but it still fails",
        "maybe 40% faster, not measured",
        "noticed nothing unusual in the logs",
        "todo: measure p99 under load",
        "need to check the 512 MB limit",
        "we meet 3x a week",
        "root cause unknown so far",
    ];
    user.log_each(&api, "experience", &junk);
    user.log_each(
        &api,
        "experience",
        &["fixed the flaky test by pinning the seed"],
    );
    user.at("2026-01-15T11:00:00Z");
    let v: serde_json::Value = serde_json::from_str(&user.ok(&api, &["recall", "--json"])).unwrap();
    assert_eq!(
        v["promoted"],
        serde_json::json!(["fixed: the flaky test by pinning the seed"])
    );
    assert_eq!(v["not_promoted"], serde_json::json!(junk));
}
