//! `mind status` and `mind session`.
use crate::common;

use common::Env;
use predicates::prelude::*;

#[test]
fn status_counts_and_health() {
    let mut env = Env::initialised();
    env.ok(&["log", "decision", "use JWT"]);
    env.ok(&["log", "problem", "upload fails"]);
    env.ok(&["log", "learning", "Safari needs prefixes"]);
    env.ok(&["log", "blocker", "CI red"]);
    env.ok(&["recall"]);
    env.at("2026-01-15T09:20:00Z");
    let v: serde_json::Value = serde_json::from_str(&env.ok(&["status", "--json"])).unwrap();
    assert_eq!(v["counts"]["decision"], 1);
    assert_eq!(v["counts"]["problem"], 1);
    assert_eq!(v["counts"]["learning"], 1);
    assert_eq!(v["open_problems"], 1);
    assert_eq!(v["last_activity"], "2026-01-15T09:00:00+00:00");
    assert_eq!(v["session_age_minutes"], 20);
    assert_eq!(v["context"][0]["block"], "present");
    assert_eq!(v["problems"], serde_json::json!([]));
    assert!(v["files"]["MEMORY.md"].as_u64().unwrap() > 500);
    env.mind(&["status"])
        .assert()
        .success()
        .stdout(predicate::str::contains("problems none"));
}

#[test]
fn status_reports_problems_and_changes_nothing() {
    let env = Env::initialised();
    env.write(".mind/config.json", "[1, 2]");
    env.write(".mind/state.json", "garbage");
    std::fs::remove_file(env.path(".mind/REMINDERS.md")).unwrap();
    env.write(
        "CLAUDE.md",
        "<!-- MIND:CONTEXT -->\n<!-- MIND:CONTEXT -->\n<!-- MIND:END -->\n",
    );
    let v: serde_json::Value = serde_json::from_str(&env.ok(&["status", "--json"])).unwrap();
    let problems: Vec<String> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("config.json: not a JSON object")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("state.json: invalid JSON")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("REMINDERS.md is missing")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("markers do not pair up")),
        "{problems:?}"
    );
    assert_eq!(v["context"][0]["block"], "damaged");
    assert_eq!(env.read(".mind/state.json"), "garbage");
}

#[test]
fn status_outside_a_project() {
    let env = Env::new();
    env.mind(&["status"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no .mind/ here or above"));
}

#[test]
fn session_lists_sections_with_counts() {
    let mut env = Env::initialised();
    env.ok(&["recall"]);
    env.ok(&["log", "experience", "reading code"]);
    env.ok(&["log", "rejected", "redis - overkill"]);
    env.at("2026-01-15T11:05:00Z");
    let out = env.ok(&["session"]);
    assert_eq!(
        out,
        "Session 2026-01-15 · started 2026-01-15 09:00 (2h 05m ago) · last activity 2026-01-15 09:00

Experience (1)
  - reading code

Blockers (0)

Rejected (1)
  - redis - overkill

Assumptions (0)
"
    );
    let v: serde_json::Value = serde_json::from_str(&env.ok(&["session", "--json"])).unwrap();
    assert_eq!(v["experience"], serde_json::json!(["reading code"]));
    assert_eq!(v["rejected"], serde_json::json!(["redis - overkill"]));
    assert_eq!(v["total"], 2);
    assert_eq!(
        v["last_activity"], "2026-01-15T11:05:00+00:00",
        "the first `session` call touched the state"
    );
}

#[test]
fn completions_are_generated() {
    let env = Env::new();
    env.mind(&["completions", "bash"])
        .assert()
        .success()
        .stdout(predicate::str::contains("_mind()"));
}

#[test]
fn status_shows_each_target_when_written_its_size_and_hand_edits() {
    let mut env = Env::initialised();
    env.ok(&["log", "blocker", "CI red"]);
    // Twenty minutes on, in the same session: the shared block changes, the personal one
    // (the blocker) does not, so only the shared one is written again.
    env.at("2026-01-15T09:20:00Z");
    env.ok(&["log", "decision", "use JWT because stateless"]);
    env.ok(&["recall"]);
    let v: serde_json::Value = serde_json::from_str(&env.ok(&["status", "--json"])).unwrap();
    let shared = &v["context"][0];
    assert_eq!(shared["file"], "CLAUDE.md");
    assert_eq!(shared["personal"], false);
    assert_eq!(shared["written_at"], "2026-01-15T09:20:00+00:00");
    let claude = env.read("CLAUDE.md");
    let block = &claude[claude.find("<!-- MIND:CONTEXT").unwrap()..];
    let chars = block.chars().count();
    assert_eq!(shared["chars"], chars);
    assert_eq!(shared["tokens"], chars.div_ceil(4));
    assert_eq!(shared["matches_last_written"], true);
    let personal = &v["context"][1];
    assert_eq!(personal["file"], "CLAUDE.local.md");
    assert_eq!(personal["personal"], true);
    assert_eq!(personal["written_at"], "2026-01-15T09:00:00+00:00");
    assert_eq!(personal["matches_last_written"], true);

    let edited = claude.replace("use JWT", "use sessions");
    env.write("CLAUDE.md", &edited);
    let chars = edited[edited.find("<!-- MIND:CONTEXT").unwrap()..]
        .chars()
        .count();
    let v: serde_json::Value = serde_json::from_str(&env.ok(&["status", "--json"])).unwrap();
    assert_eq!(v["context"][0]["matches_last_written"], false);
    env.mind(&["status"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "context  CLAUDE.md: block present · {chars} chars (~{} tokens) · written 2026-01-15 09:20 · edited by hand",
            chars.div_ceil(4)
        )));
}

fn unused_texts(env: &Env) -> Vec<String> {
    let v: serde_json::Value =
        serde_json::from_str(&env.ok(&["status", "--unused", "--json"])).unwrap();
    v["unused"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["text"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn status_unused_lists_entries_not_shown_lately() {
    let mut env = Env::initialised();
    env.at("2026-01-10T09:00:00Z");
    env.ok(&["log", "decision", "use postgres for storage"]);
    env.ok(&["log", "learning", "the login timeout is thirty seconds"]);
    env.ok(&["log", "gotcha", "redis drops keys on restart"]);
    env.ok(&["search", "postgres"]);
    assert_eq!(
        unused_texts(&env),
        [
            "learned: the login timeout is thirty seconds",
            "gotcha: redis drops keys on restart"
        ]
    );
    // Forty days on, the search shown only long ago no longer counts; one fresh search does.
    env.at("2026-02-19T09:00:00Z");
    env.ok(&["search", "redis restart"]);
    let v: serde_json::Value =
        serde_json::from_str(&env.ok(&["status", "--unused", "--json"])).unwrap();
    assert_eq!(v["days"], 30);
    let unused = v["unused"].as_array().unwrap();
    assert_eq!(unused.len(), 2);
    assert_eq!(
        unused[0]["text"],
        "learned: the login timeout is thirty seconds"
    );
    assert_eq!(unused[0]["last_shown"], serde_json::Value::Null);
    assert_eq!(unused[1]["text"], "decided: use postgres for storage");
    assert_eq!(unused[1]["last_shown"], "2026-01-10");
    assert_eq!(unused[1]["shown"], 1);
    // A wider window counts the old search again.
    let wide = env.ok(&["status", "--unused", "--days", "60"]);
    assert!(wide.contains("learned: the login timeout"), "{wide}");
    assert!(!wide.contains("postgres"), "{wide}");
    assert!(wide.contains("never shown"), "{wide}");
    // A read-only curation aid: MEMORY.md is untouched.
    let before = env.read(".mind/MEMORY.md");
    env.ok(&["status", "--unused"]);
    assert_eq!(env.read(".mind/MEMORY.md"), before);
}

#[test]
fn status_unused_ignores_and_rebuilds_a_corrupt_ledger() {
    let env = Env::initialised();
    env.ok(&["log", "decision", "use postgres for storage"]);
    env.ok(&["log", "gotcha", "redis drops keys on restart"]);
    env.write(
        ".mind/cache/usage.tsv",
        b"\xff\xfe not a ledger\n\tx\t\n".as_slice(),
    );
    assert_eq!(unused_texts(&env).len(), 2);
    env.ok(&["search", "postgres"]);
    let ledger = env.read(".mind/cache/usage.tsv");
    assert_eq!(ledger.lines().count(), 1, "{ledger}");
    assert!(ledger.ends_with("\t1\n"), "{ledger}");
    assert_eq!(unused_texts(&env), ["gotcha: redis drops keys on restart"]);
}

#[test]
fn status_unused_for_a_plain_user_counts_blocker_solutions() {
    let mut user = common::User::new();
    let project = user.project("shop", &["init"]);
    user.ok(
        &project,
        &[
            "log",
            "progress",
            "fixed the flaky upload test by raising the timeout",
        ],
    );
    // The context block's last entry, so that only the blocker shows the fix.
    user.ok(
        &project,
        &["log", "learning", "the CI bucket is in eu-west-1"],
    );
    // The fix is a past solution from the next session on.
    user.at("2026-01-15T13:00:00Z");
    user.ok(&project, &["recall", "-q"]);
    user.ok(&project, &["log", "gotcha", "redis drops keys on restart"]);
    let blocker = user.ok(&project, &["blocker", "upload test is flaky again"]);
    assert!(blocker.contains("raising the timeout"), "{blocker}");
    let unused = user.ok(&project, &["status", "--unused"]);
    assert!(unused.contains("redis drops keys"), "{unused}");
    assert!(!unused.contains("upload test"), "{unused}");
    assert!(project.join(".mind/cache/usage.tsv").is_file());
    // The ledger is git-ignored with the rest of the cache.
    let tracked = user.git(&project, &["status", "--porcelain", "--ignored"]);
    assert!(!tracked.contains("?? .mind/cache"), "{tracked}");
}
