//! `mind recall`: session gap, promotion, reset, context block, state.
mod common;

use common::Env;
use predicates::prelude::*;

const FRESH_SESSION_16: &str = "# Session: 2026-01-16

## Experience
<!-- Raw moments, thoughts, what's happening -->

## Blockers

## Rejected
<!-- What didn't work and why -->

## Assumptions
<!-- What I'm assuming true -->

";

/// A project with one active session at 09:00 holding promotable and non-promotable items.
fn active_session() -> Env {
    let env = Env::initialised();
    env.ok(&["log", "rejected", "redis cache - overkill for 3 users"]);
    env.ok(&["log", "rejected", "memcached"]);
    env.ok(&["log", "experience", "Safari drops the cookie on redirect"]);
    env.ok(&["log", "experience", "had lunch"]);
    env.ok(&["log", "blocker", "CI is red"]);
    env.ok(&["log", "assumption", "the API is stable"]);
    env
}

#[test]
fn recall_29_minutes_later_continues_the_session() {
    let mut env = active_session();
    let session = env.read(".mind/SESSION.md");
    let memory = env.read(".mind/MEMORY.md");
    env.at("2026-01-15T09:29:00Z");
    let out = env.ok(&["recall", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["new_session"], false);
    assert_eq!(v["promoted"].as_array().unwrap().len(), 0);
    assert_eq!(env.read(".mind/SESSION.md"), session);
    assert_eq!(env.read(".mind/MEMORY.md"), memory);
}

#[test]
fn recall_31_minutes_later_promotes_and_resets() {
    let mut env = active_session();
    let memory = env.read(".mind/MEMORY.md");
    env.at("2026-01-15T09:31:00Z");
    let out = env.ok(&["recall", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["new_session"], true);
    assert_eq!(v["gap_minutes"], 31);
    assert_eq!(
        v["promoted"],
        serde_json::json!([
            "decided against: redis cache - overkill for 3 users",
            "learned: Safari drops the cookie on redirect"
        ])
    );
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!(
            "{memory}decided against: redis cache - overkill for 3 users\nlearned: Safari drops the cookie on redirect\n"
        )
    );
    assert_eq!(
        env.read(".mind/SESSION.md"),
        FRESH_SESSION_16.replace("2026-01-16", "2026-01-15")
    );
    let state: serde_json::Value = serde_json::from_str(&env.read(".mind/state.json")).unwrap();
    assert_eq!(state["last_activity"], 1_768_469_460_000_i64);
    assert_eq!(state["session_started"], 1_768_469_460_000_i64);
}

#[test]
fn promoted_items_are_dated_by_their_session() {
    let mut env = active_session();
    env.at("2026-01-16T10:00:00Z");
    env.ok(&["recall"]);
    // The session's last activity was on the 15th, so no new heading; the fresh session is the 16th's.
    assert!(env.read(".mind/MEMORY.md").ends_with("---\ndecided against: redis cache - overkill for 3 users\nlearned: Safari drops the cookie on redirect\n"));
    assert_eq!(env.read(".mind/SESSION.md"), FRESH_SESSION_16);
}

#[test]
fn duplicates_are_not_promoted_twice() {
    let mut env = Env::initialised();
    env.ok(&["log", "learning", "Safari drops the cookie on redirect"]);
    env.ok(&["log", "experience", "Safari drops the cookie on redirect"]);
    env.ok(&["log", "rejected", "redis - overkill"]);
    env.ok(&["log", "rejected", "redis - overkill"]);
    let memory = env.read(".mind/MEMORY.md");
    env.at("2026-01-15T11:00:00Z");
    env.ok(&["recall"]);
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!("{memory}decided against: redis - overkill\n")
    );
}

#[test]
fn first_recall_without_state_is_a_new_session() {
    let env = Env::initialised();
    let v: serde_json::Value = serde_json::from_str(&env.ok(&["recall", "--json"])).unwrap();
    assert_eq!(v["new_session"], true);
    assert_eq!(v["last_activity"], serde_json::Value::Null);
}

#[test]
fn recall_prints_the_block_it_writes() {
    let env = Env::initialised();
    env.ok(&["log", "decision", "use JWT because stateless"]);
    env.ok(&["log", "blocker", "staging is down"]);
    let out = env.ok(&["recall"]);
    let claude = env.read("CLAUDE.md");
    let block = claude
        .split("<!-- MIND:CONTEXT")
        .nth(1)
        .and_then(|rest| rest.split_once('\n'))
        .map(|(_, body)| body.split("<!-- MIND:END -->").next().unwrap().to_string())
        .unwrap();
    assert_eq!(out, block);
    assert!(
        out.contains("use JWT because stateless (2026-01-15)"),
        "{out}"
    );
}

#[test]
fn identical_memory_gives_byte_identical_block() {
    let mut env = Env::initialised();
    env.ok(&["log", "decision", "use JWT because stateless"]);
    env.ok(&["recall"]);
    let first = env.read_bytes("CLAUDE.md");
    env.at("2026-01-20T18:00:00Z");
    env.ok(&["recall"]);
    env.at("2026-02-01T07:00:00Z");
    env.ok(&["recall"]);
    assert_eq!(env.read_bytes("CLAUDE.md"), first);
}

#[test]
fn user_text_around_the_block_survives_byte_for_byte() {
    let env = Env::initialised();
    let claude = env.read("CLAUDE.md");
    let edited = format!("# Team rules\r\nuse tabs\r\n{claude}## After\r\n\u{e9}t\u{e9} notes");
    env.write("CLAUDE.md", &edited);
    env.ok(&["log", "decision", "use JWT"]);
    env.ok(&["recall"]);
    let after = env.read("CLAUDE.md");
    assert!(after.starts_with("# Team rules\r\nuse tabs\r\n<!-- MIND:CONTEXT"));
    // The block takes the file's line ending (CRLF, from its first line).
    assert!(after.ends_with("<!-- MIND:END -->\r\n## After\r\n\u{e9}t\u{e9} notes"));
    assert!(after.contains("- use JWT (2026-01-15)"));
}

#[test]
fn deleted_end_marker_is_repaired_without_touching_user_text() {
    let env = Env::initialised();
    env.ok(&["recall"]);
    let claude = env.read("CLAUDE.md").replace("<!-- MIND:END -->\n", "");
    env.write("CLAUDE.md", format!("intro\n{claude}user text after\n"));
    env.ok(&["log", "decision", "use JWT"]);
    env.ok(&["recall"]);
    let after = env.read("CLAUDE.md");
    assert!(after.starts_with("intro\n<!-- MIND:CONTEXT"));
    assert!(after.contains("\n- use JWT (2026-01-15)\n"), "{after}");
    assert!(
        after.ends_with("Last: use JWT (2026-01-15)\n<!-- MIND:END -->\nuser text after\n"),
        "{after}"
    );
}

#[test]
fn an_edited_block_without_its_end_marker_is_refused() {
    let env = Env::initialised();
    let claude = env
        .read("CLAUDE.md")
        .replace("<!-- MIND:END -->\n", "")
        .replace("## Project State", "## My edit");
    env.write("CLAUDE.md", &claude);
    env.mind(&["recall"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("## Memory: Active"))
        .stderr(predicate::str::contains("context block left alone"))
        .stderr(predicate::str::contains("start on line 1"));
    assert_eq!(env.read("CLAUDE.md"), claude);
}

#[test]
fn a_doubled_block_becomes_one() {
    let env = Env::initialised();
    let claude = env.read("CLAUDE.md");
    env.write("CLAUDE.md", format!("{claude}middle\n{claude}end\n"));
    env.ok(&["recall"]);
    let after = env.read("CLAUDE.md");
    assert_eq!(after.matches("<!-- MIND:CONTEXT").count(), 1);
    assert!(after.ends_with("<!-- MIND:END -->\nmiddle\nend\n"));
}

#[test]
fn memory_text_cannot_close_the_block() {
    let env = Env::initialised();
    env.ok(&["log", "decision", "evil <!-- MIND:END --> text"]);
    env.ok(&["recall"]);
    let claude = env.read("CLAUDE.md");
    assert_eq!(claude.matches("<!-- MIND:END -->").count(), 1);
    assert!(claude.contains("evil &lt;!-- MIND:END --&gt; text"));
}

#[test]
fn the_block_respects_the_budget() {
    let env = Env::initialised();
    env.write(".mind/config.json", r#"{"context_budget_chars": 1500}"#);
    let mut memory = env.read(".mind/MEMORY.md");
    for i in 0..300 {
        memory.push_str(&format!(
            "decided: choice number {i} because of reason {i}\n"
        ));
    }
    env.write(".mind/MEMORY.md", &memory);
    env.ok(&["recall"]);
    let claude = env.read("CLAUDE.md");
    let start = claude.find("<!-- MIND:CONTEXT").unwrap();
    let block = &claude[start..];
    assert!(block.chars().count() <= 1500, "{}", block.chars().count());
    assert!(
        block.contains("choice number 299 because of reason 299"),
        "newest kept"
    );
    assert!(!block.contains("choice number 0 "), "oldest dropped");
}

#[test]
fn session_blockers_appear_in_the_block() {
    let env = Env::initialised();
    env.ok(&["recall"]);
    env.ok(&["log", "blocker", "staging is down"]);
    let out = env.ok(&["recall"]);
    assert!(out.contains("- staging is down"), "{out}");
}

#[test]
fn recall_writes_agents_md_when_configured() {
    let env = Env::initialised();
    env.write(
        ".mind/config.json",
        r#"{"context_targets": ["CLAUDE.md", "AGENTS.md"]}"#,
    );
    env.write("AGENTS.md", "# Agents\n");
    env.ok(&["recall"]);
    assert!(
        env.read("AGENTS.md")
            .starts_with("# Agents\n\n<!-- MIND:CONTEXT")
    );
}

#[test]
fn invalid_config_falls_back_to_defaults_with_a_warning() {
    let env = Env::initialised();
    env.write(".mind/config.json", "{ not json");
    env.mind(&["recall"])
        .assert()
        .success()
        .stderr(predicate::str::contains("config.json: invalid JSON"));
    assert_eq!(
        env.read(".mind/config.json"),
        "{ not json",
        "never rewritten"
    );
}

#[test]
fn custom_gap_minutes() {
    let mut env = Env::initialised();
    env.write(".mind/config.json", r#"{"session_gap_minutes": 5}"#);
    env.ok(&["recall"]);
    env.at("2026-01-15T09:06:00Z");
    let v: serde_json::Value = serde_json::from_str(&env.ok(&["recall", "--json"])).unwrap();
    assert_eq!(v["new_session"], true);
}

#[test]
fn claude_md_symlink_is_followed() {
    let env = Env::initialised();
    std::fs::rename(env.path("CLAUDE.md"), env.path("AGENTS.md")).unwrap();
    std::os::unix::fs::symlink("AGENTS.md", env.path("CLAUDE.md")).unwrap();
    env.ok(&["log", "decision", "via link"]);
    env.ok(&["recall"]);
    assert!(
        std::fs::symlink_metadata(env.path("CLAUDE.md"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(env.read("AGENTS.md").contains("- via link (2026-01-15)"));
}

/// `mind` run the way a user runs it: a temp HOME, no MIND_HOME or other MIND_* variable
/// but the clock, no XDG_* variables, in `dir`.
fn as_a_user(home: &std::path::Path, dir: &std::path::Path, now: &str, args: &[&str]) -> String {
    let out = assert_cmd::Command::cargo_bin("mind")
        .unwrap()
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("MIND_NOW", now)
        .env("TZ", "UTC")
        .env("NO_COLOR", "1")
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_promoted_rejection_is_ruled_out_never_a_decision() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("shop");
    std::fs::create_dir_all(&dir).unwrap();
    let t0 = "2026-01-15T09:00:00Z";
    as_a_user(home.path(), &dir, t0, &["init"]);
    as_a_user(
        home.path(),
        &dir,
        t0,
        &["log", "decision", "use a queue for webhook retries"],
    );
    as_a_user(
        home.path(),
        &dir,
        t0,
        &[
            "log",
            "rejected",
            "bumping the timeout to 60s - still fails under load",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&as_a_user(
        home.path(),
        &dir,
        "2026-01-15T11:00:00Z",
        &["--json", "recall"],
    ))
    .unwrap();
    assert_eq!(v["new_session"], true);
    assert_eq!(v["promotion"][0]["type"], "rejected");
    assert_eq!(
        v["promoted"],
        serde_json::json!(["decided against: bumping the timeout to 60s - still fails under load"])
    );
    let memory = std::fs::read_to_string(dir.join(".mind/MEMORY.md")).unwrap();
    assert!(memory.ends_with(
        "decided: use a queue for webhook retries\ndecided against: bumping the timeout to 60s - still fails under load\n"
    ), "{memory}");
    // The next recall reads it back: ruled out, with its reason; not a decision, not where
    // to continue from.
    let block = as_a_user(home.path(), &dir, "2026-01-15T11:05:00Z", &["recall"]);
    assert!(
        block.contains(
            "## Recent Decisions\n- use a queue for webhook retries (2026-01-15)\n\n## Ruled Out\n- bumping the timeout to 60s - still fails under load (2026-01-15)\n"
        ),
        "{block}"
    );
    let continue_from = block.split("## Continue From").nth(1).unwrap();
    assert!(!continue_from.contains("timeout"), "{block}");
    assert_eq!(block.matches("bumping the timeout").count(), 1, "{block}");
    let claude = std::fs::read_to_string(dir.join("CLAUDE.md")).unwrap();
    assert!(claude.contains("## Ruled Out\n- bumping the timeout to 60s"));
}
