//! `mind recall`: session gap, promotion, reset, context block, state.
use crate::common;

use common::{Env, User};
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

/// A fresh SESSION.md of `date` after the recall that ended [`active_session`]: its blocker,
/// still open and logged near the session's end, is carried over with the session's start.
fn fresh_after_active(date: &str) -> String {
    FRESH_SESSION_16.replace("2026-01-16", date).replace(
        "## Blockers\n",
        "## Blockers\n- CI is red (carried over from the session of 2026-01-15 09:00)\n",
    )
}

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
        fresh_after_active("2026-01-15")
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
    assert_eq!(
        env.read(".mind/SESSION.md"),
        fresh_after_active("2026-01-16")
    );
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

/// state.json is rewritten without waiting for the disk, so a power loss may leave it empty
/// (or old). That must cost no memory: the next recall starts a new session, promotes the
/// session's items once, and writes a whole state again.
#[test]
fn a_state_emptied_by_a_power_loss_costs_only_a_new_session() {
    let mut env = active_session();
    let memory = env.read(".mind/MEMORY.md");
    env.write(".mind/state.json", "");
    env.at("2026-01-15T09:10:00Z");
    let v: serde_json::Value = serde_json::from_str(&env.ok(&["recall", "--json"])).unwrap();
    assert_eq!(v["new_session"], true);
    let promoted = format!(
        "{memory}decided against: redis cache - overkill for 3 users\nlearned: Safari drops the cookie on redirect\n"
    );
    assert_eq!(env.read(".mind/MEMORY.md"), promoted);
    assert_eq!(
        env.read(".mind/SESSION.md"),
        FRESH_SESSION_16.replace("2026-01-16", "2026-01-15")
    );
    let state: serde_json::Value = serde_json::from_str(&env.read(".mind/state.json")).unwrap();
    assert_eq!(state["last_activity"], 1_768_468_200_000_i64);
    // The next recall continues that session and promotes nothing again.
    env.at("2026-01-15T09:15:00Z");
    let v: serde_json::Value = serde_json::from_str(&env.ok(&["recall", "--json"])).unwrap();
    assert_eq!(v["new_session"], false);
    assert_eq!(env.read(".mind/MEMORY.md"), promoted);
    let status: serde_json::Value = serde_json::from_str(&env.ok(&["status", "--json"])).unwrap();
    assert!(
        !status["problems"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p.as_str().unwrap().starts_with("state.json")),
        "{status}"
    );
}

#[test]
fn recall_prints_the_block_it_writes() {
    let env = Env::initialised();
    env.ok(&["log", "decision", "use JWT because stateless"]);
    env.ok(&["log", "blocker", "staging is down"]);
    let out = env.ok(&["recall"]);
    let shared = body_of(&env.read("CLAUDE.md"));
    let personal = body_of(&env.read("CLAUDE.local.md"));
    assert_eq!(out, format!("{shared}\n{personal}"));
    assert!(personal.contains("- staging is down"), "{personal}");
    assert!(!shared.contains("staging"), "{shared}");
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
        after.ends_with(
            "Last (decision): use JWT (2026-01-15)\n<!-- MIND:END -->\nuser text after\n"
        ),
        "{after}"
    );
}

#[test]
fn an_edited_block_without_its_end_marker_is_refused() {
    let env = Env::initialised();
    let claude = env
        .read("CLAUDE.md")
        .replace("<!-- MIND:END -->\n", "")
        .replace("## Memory: Active", "## My edit");
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

// ---- Archive before reset, carry-over, warnings ----

fn recall_json(env: &Env) -> serde_json::Value {
    serde_json::from_str(&env.ok(&["recall", "--json"])).unwrap()
}

fn archives(env: &Env) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(env.path(".mind/sessions"))
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n != ".gitignore")
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

const NOTED_SESSION: &str = "# Session: 2026-01-15
Scratch: the staging box is 10.0.0.7, ask Dana before deploying.

## Experience
<!-- Raw moments, thoughts, what's happening -->
- Safari drops the cookie on redirect

## Notes
### login flow
1. /login posts to the API
2. the API sets the cookie on the app domain

## Blockers
- CI is red

## Rejected
<!-- What didn't work and why -->
- redis cache - overkill for 3 users

## Assumptions
<!-- What I'm assuming true -->

## Links
- https://example.com/design-doc
";

#[test]
fn a_new_session_archives_the_finished_file_and_keeps_notes_in_place() {
    let mut env = Env::initialised();
    env.ok(&["log", "assumption", "the API is stable"]); // the session starts at 09:00
    env.write(".mind/SESSION.md", NOTED_SESSION);
    env.at("2026-01-16T10:00:00Z");
    let v = recall_json(&env);
    assert_eq!(v["new_session"], true);
    assert_eq!(v["archived"], ".mind/sessions/2026-01-15-0900.md");
    assert_eq!(
        env.read_bytes(".mind/sessions/2026-01-15-0900.md"),
        NOTED_SESSION.as_bytes()
    );
    assert_eq!(
        env.read(".mind/SESSION.md"),
        "# Session: 2026-01-16
Scratch: the staging box is 10.0.0.7, ask Dana before deploying.

## Experience
<!-- Raw moments, thoughts, what's happening -->

## Notes
### login flow
1. /login posts to the API
2. the API sets the cookie on the app domain

## Blockers

## Rejected
<!-- What didn't work and why -->

## Assumptions
<!-- What I'm assuming true -->

## Links
- https://example.com/design-doc
"
    );
    // Promotion still happened from the finished items.
    assert!(
        env.read(".mind/MEMORY.md")
            .contains("decided against: redis cache - overkill for 3 users")
    );
    // Human output names the archive.
    let mut env2 = Env::initialised();
    env2.ok(&["log", "experience", "something happened"]);
    env2.at("2026-01-15T10:00:00Z");
    env2.mind(&["recall"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "the finished session is kept in .mind/sessions/2026-01-15-0900.md",
        ));
}

#[test]
fn a_real_python_mind_session_of_notes_survives_recall() {
    const REAL: &[u8] = include_bytes!("../fixtures/real/vultisig__vultisig-windows__SESSION.md");
    let env = Env::initialised();
    env.write(".mind/SESSION.md", REAL);
    // The first recall (no state.json) starts a new session.
    let v = recall_json(&env);
    assert_eq!(v["new_session"], true);
    let archived = v["archived"].as_str().expect("archived").to_string();
    assert_eq!(archived, ".mind/sessions/2026-01-15-0900.md");
    assert_eq!(env.read_bytes(&archived), REAL);
    let fresh = env.read_bytes(".mind/SESSION.md");
    let mut want = b"# Session: 2026-01-15\n".to_vec();
    want.extend_from_slice(REAL);
    want.extend_from_slice(FRESH_SESSION_16.split_once("\n\n").unwrap().1.as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&fresh),
        String::from_utf8_lossy(&want)
    );
    // The next new session has nothing to lose: its file is not archived again.
    let mut env = env;
    env.at("2026-01-16T09:00:00Z");
    let v = recall_json(&env);
    assert!(v.get("archived").is_none(), "{v}");
    assert_eq!(archives(&env), vec!["2026-01-15-0900.md"]);
    assert_eq!(env.read_bytes(".mind/SESSION.md"), {
        let mut w = b"# Session: 2026-01-16".to_vec();
        w.extend_from_slice(&want[b"# Session: 2026-01-15".len()..]);
        w
    });
}

#[test]
fn an_empty_session_is_not_archived() {
    let mut env = Env::initialised();
    env.ok(&["log", "decision", "use postgres"]); // memory, not session
    env.at("2026-01-15T11:00:00Z");
    let v = recall_json(&env);
    assert_eq!(v["new_session"], true);
    assert!(v.get("archived").is_none(), "{v}");
    assert!(!env.exists(".mind/sessions"));
    assert_eq!(
        env.read(".mind/SESSION.md"),
        FRESH_SESSION_16.replace("2026-01-16", "2026-01-15")
    );
}

#[test]
fn an_archive_is_never_replaced() {
    let mut env = Env::initialised();
    env.write(".mind/sessions/2026-01-15-0900.md", "an older archive\n");
    env.ok(&["log", "experience", "first"]);
    env.at("2026-01-15T10:00:00Z");
    assert_eq!(
        recall_json(&env)["archived"],
        ".mind/sessions/2026-01-15-0900-2.md"
    );
    assert_eq!(
        env.read(".mind/sessions/2026-01-15-0900.md"),
        "an older archive\n"
    );
    assert!(
        env.read(".mind/sessions/2026-01-15-0900-2.md")
            .contains("- first\n")
    );
}

#[test]
fn pruning_keeps_exactly_the_newest_n_archives() {
    let mut env = Env::initialised();
    env.write(
        ".mind/config.json",
        r#"{"session_gap_minutes": 30, "session_archive_keep": 2}"#,
    );
    env.write(".mind/sessions/my-notes.md", "not an archive\n");
    for hour in 9..14 {
        env.at(&format!("2026-01-15T{hour:02}:00:00Z"));
        env.ok(&["recall"]);
        env.ok(&["log", "experience", &format!("worked at {hour}")]);
    }
    env.at("2026-01-15T15:00:00Z");
    env.ok(&["recall"]);
    assert_eq!(
        archives(&env),
        vec!["2026-01-15-1200.md", "2026-01-15-1300.md", "my-notes.md"]
    );
    assert!(
        env.read(".mind/sessions/2026-01-15-1300.md")
            .contains("- worked at 13\n")
    );
    let session: serde_json::Value = serde_json::from_str(&env.ok(&["session", "--json"])).unwrap();
    assert_eq!(session["archived_sessions"], 2);
    assert!(
        env.ok(&["session"])
            .ends_with("\n2 earlier session(s) in .mind/sessions/\n")
    );

    // 0 keeps every session.
    env.write(".mind/config.json", r#"{"session_archive_keep": 0}"#);
    for hour in 16..19 {
        env.at(&format!("2026-01-15T{hour:02}:00:00Z"));
        env.ok(&["log", "experience", &format!("worked at {hour}")]);
        env.at(&format!("2026-01-15T{hour:02}:45:00Z"));
        env.ok(&["recall"]);
    }
    assert_eq!(archives(&env).len(), 6);
}

#[test]
fn session_archives_stay_out_of_git_for_a_real_user() {
    // As a user runs it: a temp HOME, no MIND_HOME, no XDG variables, a real repository.
    let mut user = User::new();
    let repo = user.folder("repo");
    user.git(&repo, &["init", "-q"]);
    user.at("2026-01-15T09:00:00Z").ok(&repo, &["init"]);
    user.git(&repo, &["add", "-A"]);
    user.git(&repo, &["commit", "-qm", "memory"]);
    user.at("2026-01-15T09:05:00Z")
        .ok(&repo, &["log", "rejected", "redis - overkill"]);
    user.at("2026-01-15T12:00:00Z").ok(&repo, &["recall"]);
    let sessions = repo.join(".mind/sessions");
    let archived: Vec<_> = std::fs::read_dir(&sessions)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name() != ".gitignore")
        .collect();
    assert_eq!(archived.len(), 1);
    assert!(
        std::fs::read_to_string(archived[0].path())
            .unwrap()
            .contains("- redis - overkill\n")
    );
    let status = user.git(&repo, &["status", "--porcelain", "-uall"]);
    assert!(!status.contains("sessions"), "{status}");
    assert!(
        !user
            .git(&repo, &["ls-files", "--others", "--exclude-standard"])
            .contains("sessions")
    );
}

#[test]
fn recall_warns_when_a_session_goes_in_circles() {
    let mut env = Env::initialised();
    env.ok(&["recall"]);
    env.ok(&["log", "rejected", "bump the timeout - still failing"]);
    env.ok(&["log", "rejected", "retry the request - still failing"]);
    env.ok(&["log", "blocker", "upload times out"]);
    env.at("2026-01-15T09:10:00Z");
    // Below both thresholds: quiet.
    let v = recall_json(&env);
    assert_eq!(v["new_session"], false);
    assert!(v.get("session_warnings").is_none(), "{v}");
    env.mind(&["recall"])
        .assert()
        .success()
        .stderr(predicate::str::contains("warning").not());

    env.ok(&["log", "rejected", "switch the http client - still failing"]);
    let v = recall_json(&env);
    let warnings = v["session_warnings"].as_array().expect("warnings");
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0]
            .as_str()
            .unwrap()
            .starts_with("3 rejected approaches this session")
    );
    assert!(warnings[0].as_str().unwrap().contains("mind helper"));

    env.ok(&["log", "blocker", "CI is red"]);
    env.mind(&["recall"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "mind: warning: 3 rejected approaches this session",
        ))
        .stderr(predicate::str::contains(
            "mind: warning: 2 blockers this session: consider asking the user for direction",
        ));
}

#[test]
fn recall_hints_at_archiving_a_large_memory() {
    let mut env = Env::initialised();
    env.ok(&["recall"]);
    env.at("2026-01-15T09:10:00Z");
    let head = "# demo\n\n## Session Log\n\n## 2024-03-01\n\n";
    let line = "learned: an old note about the build that nobody reads anymore\n";
    let mut memory = head.to_string();
    while memory.len() + line.len() <= 100 * 1024 {
        memory.push_str(line);
    }
    let pad = 100 * 1024 - memory.len();
    memory.push_str(&"x".repeat(pad.saturating_sub(1)));
    memory.push('\n');
    assert_eq!(memory.len(), 100 * 1024);
    env.write(".mind/MEMORY.md", &memory);
    let v = recall_json(&env);
    assert!(v.get("memory_hint").is_none(), "{}", v["memory_hint"]);

    memory.push('\n');
    env.write(".mind/MEMORY.md", &memory);
    let v = recall_json(&env);
    let hint = v["memory_hint"].as_str().expect("hint");
    assert!(hint.contains(".mind/archive/"), "{hint}");
    // Said once a session: the next session's recall says it again.
    env.at("2026-01-16T09:00:00Z");
    env.mind(&["recall"])
        .assert()
        .success()
        .stderr(predicate::str::contains("MEMORY.md is large (100 KiB)"));
}
/// The lines between the markers of the block in `file`, each ended by a newline.
fn body_of(file: &str) -> String {
    file.split("<!-- MIND:CONTEXT")
        .nth(1)
        .and_then(|rest| rest.split_once('\n'))
        .map(|(_, body)| body.split("<!-- MIND:END -->").next().unwrap().to_string())
        .unwrap()
}

/// The block in `file` from its start marker to the end of its end marker line.
fn block_of(file: &str) -> &str {
    let start = file.find("<!-- MIND:CONTEXT").unwrap();
    let end = start + file[start..].find("<!-- MIND:END -->\n").unwrap();
    &file[start..end + "<!-- MIND:END -->\n".len()]
}

#[test]
fn a_small_budget_is_a_hard_cap_and_warned_about_once() {
    let env = Env::initialised();
    env.write(".mind/config.json", r#"{"context_budget_chars": 300}"#);
    let mut memory = env.read(".mind/MEMORY.md");
    memory.push_str("decided: use sqlite because no server is needed\nlearned: KEY: tokens are scoped per workspace\n");
    env.write(".mind/MEMORY.md", &memory);
    env.ok(&["log", "blocker", "staging is down"]);
    let first = env.mind(&["recall"]).output().unwrap();
    assert!(first.status.success());
    let stderr = String::from_utf8_lossy(&first.stderr);
    assert_eq!(stderr.matches("too small").count(), 1, "{stderr}");
    for file in ["CLAUDE.md", "CLAUDE.local.md"] {
        let text = env.read(file);
        let block = block_of(&text);
        assert!(
            block.chars().count() <= 300,
            "{file}: {} chars\n{block}",
            block.chars().count()
        );
        assert!(
            block.contains("mind recall") || file == "CLAUDE.local.md",
            "{block}"
        );
    }
    let again = env.mind(&["recall"]).output().unwrap();
    assert!(!String::from_utf8_lossy(&again.stderr).contains("too small"));
}

#[test]
fn many_key_items_leave_room_for_every_section() {
    let env = Env::initialised();
    env.write(".mind/config.json", r#"{"context_budget_chars": 3000}"#);
    let mut memory = env.read(".mind/MEMORY.md");
    memory.push_str("## 2026-01-14\n");
    for i in 0..40 {
        memory.push_str(&format!(
            "learned: KEY: invariant number {i} of the storage layer must always hold for every write\n"
        ));
    }
    memory.push_str("decided: use sqlite because no server is needed\n");
    memory.push_str("decided: use axum over actix because the team knows it\n");
    memory.push_str("gotcha: the CI cache hides stale lockfiles -> clear it on lockfile change\n");
    env.write(".mind/MEMORY.md", &memory);
    env.ok(&["recall"]);
    let claude = env.read("CLAUDE.md");
    let block = block_of(&claude);
    assert!(block.chars().count() <= 3000);
    for heading in [
        "## Key (Never Forget)",
        "## Recent Decisions",
        "## Gotchas",
        "## Continue From",
    ] {
        assert!(block.contains(heading), "{heading} missing:\n{block}");
    }
    assert!(
        block.contains("use axum over actix") && block.contains("use sqlite because"),
        "{block}"
    );
    assert!(
        block.contains("invariant number 39"),
        "newest KEY item first"
    );
}

#[test]
fn session_sections_move_from_an_old_shared_block_to_the_personal_file() {
    let env = Env::initialised();
    env.write(
        "CLAUDE.md",
        "# Team notes\n\n<!-- MIND:CONTEXT - Auto-generated by mind from .mind/; edits here are replaced. -->\n## Memory (mind)\n\n## Session Blockers\n- staging is down\n<!-- MIND:END -->\n\nafter\n",
    );
    env.ok(&["log", "blocker", "staging is down"]);
    assert!(
        env.read("CLAUDE.local.md").contains("- staging is down"),
        "refreshed by log"
    );
    env.ok(&["recall"]);
    let claude = env.read("CLAUDE.md");
    assert!(!claude.contains("Session Blockers"), "{claude}");
    assert!(
        claude.starts_with("# Team notes\n\n<!-- MIND:CONTEXT")
            && claude.ends_with("<!-- MIND:END -->\n\nafter\n")
    );
    let personal = env.read("CLAUDE.local.md");
    assert_eq!(
        personal.matches("- staging is down").count(),
        1,
        "{personal}"
    );
}

#[test]
fn without_a_personal_target_everything_stays_in_the_shared_block() {
    let env = Env::initialised();
    env.write(".mind/config.json", r#"{"personal_target": false}"#);
    env.ok(&["log", "blocker", "staging is down"]);
    env.ok(&["recall"]);
    assert!(
        env.read("CLAUDE.md")
            .contains("## Session Blockers\n- staging is down\n")
    );
    assert!(!env.exists("CLAUDE.local.md"));
}

#[test]
fn blockers_and_logs_leave_a_committed_claude_md_untouched() {
    // Run the way a user does: a real git repository, a temporary HOME, no MIND_HOME.
    let env = Env::new();
    let user = env.user();
    let home = user.home();
    let mind = |args: &[&str]| {
        let out = user.mind(&env.root(), args).assert().success();
        String::from_utf8_lossy(&out.get_output().stderr).into_owned()
    };
    env.git(&["init", "-q"]);
    env.write("CLAUDE.md", "# Project rules\nUse pnpm.\n");
    mind(&["init"]);
    env.git(&["add", "-A"]);
    env.git(&["commit", "-qm", "set up mind"]);
    let stderr = mind(&["blocker", "x"]);
    assert!(
        stderr.contains("CLAUDE.local.md"),
        "says where the personal block goes: {stderr}"
    );
    mind(&["log", "experience", "y"]);
    mind(&["recall"]);
    assert_eq!(env.git(&["status", "--porcelain"]), "");
    assert!(
        env.read("CLAUDE.local.md")
            .contains("## Session Blockers\n- x\n")
    );
    assert!(
        env.read(".git/info/exclude")
            .contains("\n/CLAUDE.local.md\n")
    );
    assert!(
        home.join(".local/share/mind/projects.json").exists(),
        "the global folder is the data folder under HOME"
    );
    assert!(!home.join(".mind").exists());
}

#[test]
fn a_promoted_rejection_is_ruled_out_never_a_decision() {
    // Run the way a user does: a temp HOME, no MIND_HOME or other MIND_* variable but the
    // clock, no XDG_* variables.
    let mut user = User::new();
    let dir = user.folder("shop");
    user.ok(&dir, &["init"]);
    user.ok(
        &dir,
        &["log", "decision", "use a queue for webhook retries"],
    );
    user.ok(
        &dir,
        &[
            "log",
            "rejected",
            "bumping the timeout to 60s - still fails under load",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(
        &user
            .at("2026-01-15T11:00:00Z")
            .ok(&dir, &["--json", "recall"]),
    )
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
    let block = user.at("2026-01-15T11:05:00Z").ok(&dir, &["recall"]);
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

#[test]
fn a_refused_session_archive_changes_no_file() {
    let mut env = Env::initialised();
    env.ok(&["log", "rejected", "pinning the node version - same failure"]);
    // `.mind/sessions` is a file, not a folder: the archive is refused.
    env.write(".mind/sessions", "not a folder\n");
    let memory = env.read(".mind/MEMORY.md");
    let session = env.read(".mind/SESSION.md");
    env.at("2026-01-15T12:00:00Z");
    env.mind(&["recall"]).assert().code(1);
    // Nothing was promoted before the refusal, and the session is intact for the next try.
    assert_eq!(env.read(".mind/MEMORY.md"), memory);
    assert_eq!(env.read(".mind/SESSION.md"), session);
}

#[test]
fn the_memories_a_written_context_block_shows_count_as_used_once_per_write() {
    let mut env = Env::initialised();
    env.at("2026-01-10T09:00:00Z");
    let mut memory = env.read(".mind/MEMORY.md");
    memory.push_str("\n## 2026-01-09\n\ndecided: use postgres for storage\nlearned: the login timeout is thirty seconds\n");
    env.write(".mind/MEMORY.md", memory);
    let unused = |env: &Env| -> Vec<(String, u64)> {
        let v: serde_json::Value =
            serde_json::from_str(&env.ok(&["status", "--unused", "--json"])).unwrap();
        v["unused"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| {
                (
                    u["text"].as_str().unwrap().to_string(),
                    u["shown"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(unused(&env).len(), 2);

    // The recall writes both into CLAUDE.md's block: shown, so not unused.
    env.ok(&["recall"]);
    assert!(env.read("CLAUDE.md").contains("use postgres for storage"));
    assert_eq!(unused(&env), Vec::<(String, u64)>::new());
    let ledger = env.read(".mind/cache/usage.tsv");
    assert_eq!(ledger.lines().count(), 2, "{ledger}");
    assert!(
        ledger.lines().all(|l| l.ends_with("\t2026-01-10\t1")),
        "{ledger}"
    );

    // A refresh that leaves the files as they are counts nothing.
    env.ok(&["recall"]);
    env.ok(&["context"]);
    assert_eq!(env.read(".mind/cache/usage.tsv"), ledger);

    // Forty days on, they are unused again, each shown once.
    env.at("2026-02-19T09:00:00Z");
    assert_eq!(
        unused(&env),
        [
            ("decided: use postgres for storage".to_string(), 1),
            (
                "learned: the login timeout is thirty seconds".to_string(),
                1
            )
        ]
    );
}

// ---- the parse cache (.mind/cache/memory.parse): an optimisation only ----

const PARSE_CACHE: &str = ".mind/cache/memory.parse";
const PARSE_CACHE_PREVIOUS: &str = ".mind/cache/memory.parse.prev";

/// A memory that keeps parser state across lines: project state, date headings (one
/// without a year), a field label over a list, an open fence and a problem fixed later.
const CACHED_MEMORY: &str = "# Project Memory

## Project State
- Goal: ship the importer
- Stack: rust, sqlite

## Gotchas
- bcrypt slow on ARM -> use argon2

## 2026-01-10 | wired the importer | mood: ok

decided: use REST for the importer API because the clients speak it
problem: imports hang on big files
KEY: never run migrations on Friday

### Dec 13 notes
**Decision:**
- keep the staging bucket
learned: Safari drops the cookie on redirect

## 2026-01-12

```
decided: inside a fence, not a memory
";

/// The rest of the memory: it closes the fence, fixes the problem and goes on.
const CACHED_TAIL: &str = "```
fixed: imports hang on big files
Next: write the docs

## 2026-01-14

decided against: gRPC - too heavy for three clients
learned: the CSV reader needs a BOM check";

/// `memory` with enough plain notes after its title for the parse cache to be kept (small
/// memories are parsed whole every time).
fn large(memory: &str) -> String {
    let filler: String = (0..700)
        .map(|i| format!("- note {i}: the importer reads rows in batches of a hundred\n"))
        .collect();
    memory.replacen("\n\n", &format!("\n\n{filler}\n"), 1)
}

/// What a reader of the memory sees: the block (`mind context`), the entities (`mind parse
/// --json`) and `mind status --json`.
fn views(env: &Env) -> Vec<String> {
    vec![
        env.ok(&["context"]),
        env.ok(&["parse", "--json"]),
        env.ok(&["status", "--json"]),
    ]
}

/// The same views with no parse cache at all (and none left behind).
fn cold_views(env: &Env) -> Vec<String> {
    let clear = || {
        let _ = std::fs::remove_file(env.path(PARSE_CACHE));
        let _ = std::fs::remove_file(env.path(PARSE_CACHE_PREVIOUS));
    };
    clear();
    let seen = views(env);
    clear();
    seen
}

#[test]
fn the_parse_cache_never_changes_what_is_shown() {
    let env = Env::initialised();
    let memory = large(CACHED_MEMORY);
    env.write(".mind/MEMORY.md", &memory);
    let cold = cold_views(&env);
    assert!(cold[0].contains("use REST"), "{}", cold[0]);

    // Warm: the first run keeps the parse, the second starts from it.
    assert_eq!(views(&env), cold);
    assert!(env.exists(PARSE_CACHE));
    assert_eq!(views(&env), cold);

    // Appended lines are parsed on top of the cached beginning (the fence it left open
    // closes, the fix resolves the problem above it).
    let mut grown = memory.clone();
    grown.push_str(CACHED_TAIL);
    env.write(".mind/MEMORY.md", &grown);
    let warm = views(&env);
    assert_ne!(warm, cold);
    assert_eq!(warm, cold_views(&env));
    // A last line without a newline may still grow: it is never taken as finished.
    views(&env);
    grown.push_str(" and a UTF-16 fallback\n");
    env.write(".mind/MEMORY.md", &grown);
    let warm = views(&env);
    assert!(warm[1].contains("UTF-16 fallback"), "{}", warm[1]);
    assert_eq!(warm, cold_views(&env));

    // An edit inside the cached beginning, same size, with the old modification time.
    views(&env);
    let mtime = std::fs::metadata(env.path(".mind/MEMORY.md"))
        .unwrap()
        .modified()
        .unwrap();
    let edited = grown.replace("use REST", "use SOAP");
    assert_eq!(edited.len(), grown.len());
    env.write(".mind/MEMORY.md", &edited);
    env.set_modified(".mind/MEMORY.md", mtime);
    let warm = views(&env);
    assert!(warm[0].contains("use SOAP") && !warm[0].contains("use REST"));
    assert_eq!(warm, cold_views(&env));

    // Truncated in the middle of a line.
    views(&env);
    let cut = &edited[..edited.find("KEY: never").unwrap() + 9];
    env.write(".mind/MEMORY.md", cut);
    let warm = views(&env);
    assert_eq!(warm, cold_views(&env));

    // Touched, same bytes: nothing changes.
    views(&env);
    env.set_modified(".mind/MEMORY.md", std::time::SystemTime::now());
    assert_eq!(views(&env), warm);
}

#[test]
fn the_parse_cache_keeps_places_in_memory_md_not_copies_of_its_lines() {
    let env = Env::initialised();
    let mut memory = large(CACHED_MEMORY);
    memory.push_str(CACHED_TAIL);
    memory.push('\n');
    env.write(".mind/MEMORY.md", &memory);
    let cold = cold_views(&env);
    views(&env);
    // Each line is where it stands in the file, its title where it stands in the line: the
    // cache is a fraction of the memory's size, not a second copy of it.
    let cache = env.read_bytes(PARSE_CACHE);
    assert!(
        cache.len() * 3 < memory.len(),
        "cache {} bytes for a memory of {}",
        cache.len(),
        memory.len()
    );
    assert!(!String::from_utf8_lossy(&cache).contains("the importer reads rows"));
    assert_eq!(views(&env), cold);
}

#[test]
fn a_memory_with_bytes_that_are_not_utf8_reads_the_same_through_the_parse_cache() {
    let env = Env::initialised();
    // Before the fence the memory leaves open.
    let text = large(CACHED_MEMORY);
    let (head, fenced) = text.split_at(text.find("## 2026-01-12").unwrap());
    let mut memory = head.as_bytes().to_vec();
    memory
        .extend_from_slice(b"decided: serve the caf\xe9 menu from the CDN because it is static\n");
    memory.extend_from_slice(b"problem: the \xff\xfe importer chokes on latin-1 files\n");
    memory.extend_from_slice(fenced.as_bytes());
    memory.extend_from_slice(CACHED_TAIL.as_bytes());
    memory.push(b'\n');
    env.write(".mind/MEMORY.md", &memory);
    let cold = cold_views(&env);
    assert!(cold[1].contains("menu from the CDN"), "{}", cold[1]);
    views(&env);
    assert!(env.exists(PARSE_CACHE));
    assert_eq!(views(&env), cold);
    // Appended after a cached beginning that is not UTF-8.
    memory.extend_from_slice(b"learned: latin-1 files need a decoder\n");
    env.write(".mind/MEMORY.md", &memory);
    let warm = views(&env);
    assert!(
        warm[1].contains("latin-1 files need a decoder"),
        "{}",
        warm[1]
    );
    assert_eq!(warm, cold_views(&env));
}

#[test]
fn a_corrupt_or_stale_parse_cache_is_ignored() {
    let env = Env::initialised();
    let mut grown = large(CACHED_MEMORY);
    grown.push_str(CACHED_TAIL);
    grown.push('\n');
    env.write(".mind/MEMORY.md", &grown);
    let expected = cold_views(&env);
    views(&env);
    let good = env.read_bytes(PARSE_CACHE);

    // Damaged: cut short, a flipped byte anywhere, garbage, empty.
    for damaged in [
        good[..good.len() / 2].to_vec(),
        {
            let mut b = good.clone();
            let middle = b.len() / 2;
            b[middle] ^= 0x40;
            b
        },
        {
            let mut b = good.clone();
            b[40] ^= 0x01;
            b
        },
        b"not a cache at all".to_vec(),
        Vec::new(),
    ] {
        env.write(PARSE_CACHE, &damaged);
        assert_eq!(views(&env), expected);
    }

    // Stale: the cache of another memory (one that starts differently, and one that is
    // longer than the file now).
    env.write(
        ".mind/MEMORY.md",
        large(CACHED_MEMORY).replace("importer", "exporter"),
    );
    views(&env);
    let other = env.read_bytes(PARSE_CACHE);
    env.write(".mind/MEMORY.md", &grown);
    env.write(PARSE_CACHE, &other);
    assert_eq!(views(&env), expected);
    env.write(PARSE_CACHE, &good);
    env.write(".mind/MEMORY.md", large(CACHED_MEMORY));
    assert_eq!(views(&env), cold_views(&env));
}

#[test]
fn recall_in_a_fresh_home_keeps_using_the_parse_cache_as_memory_grows() {
    // The way a person runs it: a temp HOME, a git repository, no MIND_* but the clock.
    let mut user = User::new();
    let project = user.project("work/app", &["init"]);
    let memory_path = project.join(".mind/MEMORY.md");
    let text = std::fs::read_to_string(&memory_path).unwrap();
    std::fs::write(&memory_path, large(&text)).unwrap();
    user.ok(
        &project,
        &["log", "decision", "use sqlite because it is one file"],
    );
    user.ok(&project, &["log", "problem", "imports hang on big files"]);
    user.ok(&project, &["recall"]);
    let cache = project.join(PARSE_CACHE);
    assert!(cache.exists());
    user.at("2026-01-15T09:10:00Z");
    user.ok(&project, &["log", "fixed", "imports hang on big files"]);
    let warm = user.ok(&project, &["recall"]);
    std::fs::remove_file(&cache).unwrap();
    let cold = user.ok(&project, &["recall"]);
    assert_eq!(warm, cold);
    assert!(cold.contains("use sqlite"), "{cold}");
    let memory = std::fs::read(project.join(".mind/MEMORY.md")).unwrap();
    // The cache covers the whole file: its header holds the length it was made from.
    let bytes = std::fs::read(&cache).unwrap();
    assert_eq!(
        u64::from_le_bytes(bytes[20..28].try_into().unwrap()),
        memory.len() as u64
    );
}

/// The session goes on after a recall: entries are logged, and a commit whose message says
/// `fixed:` lands in the commit store through the hook. The next recall reads the parse
/// cache as it is and parses only what came after it (the file is not written again), shows
/// exactly what a recall without any cache shows, and resolves the cached problems those
/// fixes name. Once much more has been added, a recall brings the cache up to date. Run as
/// a person runs it: temp HOME, real git, hooks installed.
#[test]
fn recall_after_logs_and_commits_reads_the_parse_cache_without_rewriting_it() {
    let mut user = User::new();
    let project = user.project("work/app", &["init", "--hooks"]);
    let memory_path = project.join(".mind/MEMORY.md");
    let text = std::fs::read_to_string(&memory_path).unwrap();
    std::fs::write(&memory_path, large(&text)).unwrap();
    user.ok(&project, &["log", "problem", "imports hang on big files"]);
    user.ok(
        &project,
        &["log", "problem", "uploads stall at ninety percent"],
    );
    // The block's items that name either problem (a resolved one is not listed).
    let listed = |block: &str| -> Vec<String> {
        let named = |l: &&str| l.contains("imports hang") || l.contains("uploads stall");
        let items = block.lines().filter(|l| l.starts_with("- ")).filter(named);
        items.map(str::to_string).collect()
    };
    let before = user.ok(&project, &["recall"]);
    assert_eq!(listed(&before).len(), 2, "{before}");
    let cache = project.join(PARSE_CACHE);
    let written = std::fs::read(&cache).unwrap();

    user.at("2026-01-15T09:10:00Z");
    user.ok(
        &project,
        &["log", "decision", "use sqlite because it is one file"],
    );
    user.ok(&project, &["log", "fixed", "imports hang on big files"]);
    user.commit_file(
        &project,
        "upload.rs",
        "fn upload() {}\n",
        "Upload in parts\n\nfixed: uploads stall at ninety percent",
    );
    let store = std::fs::read_to_string(project.join(".mind/cache/commits.md")).unwrap();
    assert!(store.contains("uploads stall at ninety percent"), "{store}");

    let warm = user.ok(&project, &["recall"]);
    assert_eq!(
        std::fs::read(&cache).unwrap(),
        written,
        "the cache was rewritten"
    );
    assert!(warm.contains("use sqlite"), "{warm}");
    assert_eq!(listed(&warm), Vec::<String>::new(), "{warm}");
    assert!(
        warm.contains("Last (progress): “uploads stall at ninety percent” (commit"),
        "{warm}"
    );
    let context = user.ok(&project, &["context"]);
    std::fs::remove_file(&cache).unwrap();
    assert_eq!(user.ok(&project, &["recall"]), warm);
    assert_eq!(user.ok(&project, &["context"]), context);

    // Past what a recall parses on top of the cache (64 KiB), it is brought up to date.
    let mut grown = std::fs::read_to_string(&memory_path).unwrap();
    for i in 0..2000 {
        grown.push_str(&format!(
            "- later note {i}: the exporter writes rows in batches\n"
        ));
    }
    std::fs::write(&memory_path, &grown).unwrap();
    user.ok(&project, &["recall"]);
    let bytes = std::fs::read(&cache).unwrap();
    assert_eq!(
        u64::from_le_bytes(bytes[20..28].try_into().unwrap()),
        grown.len() as u64
    );
}

/// A SESSION.md grown past its 1 MB bound by hand (only `mind log` enforces the bound
/// while writing) is moved whole to `.mind/sessions/` by the next recall, which then works
/// on a fresh SESSION.md: nothing of the big file is promoted, every byte is in the
/// archive, and the notes it kept come back. Run as a user: temp HOME, a git repository.
#[test]
fn recall_moves_an_oversized_session_file_to_the_archive_whole() {
    let mut user = User::new();
    let project = user.folder("app");
    user.git(&project, &["init", "-q"]);
    user.ok(&project, &["init", "--quiet"]);
    let session_path = project.join(".mind/SESSION.md");
    let memory_before = std::fs::read(project.join(".mind/MEMORY.md")).unwrap();
    let mut big = std::fs::read_to_string(&session_path).unwrap();
    big.push_str("\n## Notes\nkeep me\n\n## Experience\n");
    big.push_str("- realized Safari drops the session cookie on every redirect\n");
    let filler = format!("- {}\n", "x".repeat(98));
    while big.len() <= 1 << 20 {
        big.push_str(&filler);
    }
    std::fs::write(&session_path, &big).unwrap();

    // Two hours later: a new session, whose promotion would read the big file.
    user.at("2026-01-15T11:00:00Z");
    let out = user
        .mind(&project, &["recall", "--json"])
        .assert()
        .success()
        .get_output()
        .clone();
    let reply: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let archived = reply["session_archived"]
        .as_str()
        .unwrap_or_else(|| panic!("{reply}"));
    assert!(archived.starts_with(".mind/sessions/"), "{archived}");
    assert_eq!(
        std::fs::read_to_string(project.join(archived)).unwrap(),
        big
    );
    assert_eq!(reply["new_session"], true);
    assert_eq!(reply["promoted"], serde_json::json!([]));
    assert_eq!(
        std::fs::read(project.join(".mind/MEMORY.md")).unwrap(),
        memory_before,
        "nothing of the oversized file is promoted"
    );
    let fresh = std::fs::read_to_string(&session_path).unwrap();
    assert!(fresh.len() < 1024, "{fresh}");
    assert!(fresh.contains("## Notes\nkeep me\n"), "{fresh}");
    assert!(!fresh.contains("Safari"), "{fresh}");

    // Within the same session too, and the human reply says where the file went. (Another
    // file: the same bytes again would not be copied twice.)
    let big = big.replacen("Safari", "Firefox", 1);
    std::fs::write(&session_path, &big).unwrap();
    user.at("2026-01-15T11:05:00Z");
    user.mind(&project, &["recall"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "SESSION.md had outgrown its size bound (1024 KB): all of it was moved to \
             .mind/sessions/",
        ));
    let archives: Vec<String> = std::fs::read_dir(project.join(".mind/sessions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert_eq!(archives.len(), 2);
    assert_eq!(archives.iter().filter(|a| **a == big).count(), 1);
    assert!(std::fs::metadata(&session_path).unwrap().len() < 1024);
}

// ---- recall read from the parse cache: the block from a few cached entities ----

/// A memory whose block needs every kind of pick: undated gotchas and KEY items above the
/// first date, problems fixed later and still open, superseded and provisional decisions
/// (old and recent), rejections, summaries with moods, next steps, entries naming a file
/// that is gone, more of each than a list shows, and undated lines after the last date.
fn picked_memory() -> String {
    let mut m = String::from(
        "# Project Memory\n\n## Project State\n- Goal: ship the importer\n- Stack: rust, sqlite\n\
         - Blocked: review of the schema\n\n## Gotchas\n- bcrypt slow on ARM -> use argon2\n\
         - KEY: never run migrations on Friday\n\n",
    );
    for day in 1..=28u32 {
        m.push_str(&format!(
            "## 2025-12-{day:02} | day {day} of the importer | mood: ok\n\n"
        ));
        for i in 0..20 {
            m.push_str(&format!(
                "- note {day}-{i}: the importer reads rows in batches of a hundred\n"
            ));
        }
        m.push_str(&format!("decided: use codec {day} because it streams\n"));
        if day % 5 == 0 {
            m.push_str(&format!(
                "problem: batch {day} hangs on the upload of big files\n"
            ));
        }
        if day == 12 || day == 22 {
            let fixed = day - 2;
            m.push_str(&format!(
                "fixed: batch {fixed} hangs on the upload of big files\n"
            ));
        }
        if day % 4 == 0 {
            m.push_str(&format!("decided: keep a temporary cache {day} for now\n"));
            m.push_str(&format!(
                "decided: use queue {day} over polling [superseded]\n"
            ));
            m.push_str(&format!(
                "rejected: polling {day} - too slow for the uploads\n"
            ));
            m.push_str(&format!(
                "gotcha: worker {day} leaks handles -> restart it nightly\n"
            ));
            m.push_str(&format!("learned: KEY: schema {day} is append-only\n"));
        }
        if day % 7 == 0 {
            m.push_str(&format!(
                "decided: keep the parser {day} in src/gone{day}.rs (src/gone{day}.rs:3)\n"
            ));
            m.push_str(&format!("Next: wire the retry queue {day}\n"));
        }
        m.push('\n');
    }
    m.push_str("## Notes\n\ndecided: an undated choice after the last date\nproblem: an undated problem at the end\n");
    m
}

/// Everything a recall changes or prints, to compare two recalls byte for byte.
fn recall_effects(env: &Env) -> Vec<(String, Vec<u8>)> {
    let out = env.ok(&["recall"]);
    let mut effects = vec![("stdout".to_string(), out.into_bytes())];
    for file in [
        "CLAUDE.md",
        "CLAUDE.local.md",
        ".mind/state.json",
        ".mind/cache/usage.tsv",
        ".mind/cache/stale.json",
        ".mind/MEMORY.md",
        PARSE_CACHE,
    ] {
        let bytes = env.path(file).exists().then(|| env.read_bytes(file));
        effects.push((file.to_string(), bytes.unwrap_or_default()));
    }
    effects
}

/// The files a recall reads and writes, as they are now, to put back before another one.
fn recall_inputs(env: &Env) -> Vec<(String, Option<Vec<u8>>)> {
    ["CLAUDE.md", ".mind/state.json", ".mind/cache/usage.tsv"]
        .into_iter()
        .map(|f| {
            (
                f.to_string(),
                env.path(f).exists().then(|| env.read_bytes(f)),
            )
        })
        .collect()
}

fn restore(env: &Env, inputs: &[(String, Option<Vec<u8>>)]) {
    for (file, bytes) in inputs {
        match bytes {
            Some(bytes) => env.write(file, bytes),
            None => {
                let _ = std::fs::remove_file(env.path(file));
            }
        }
    }
}

/// A recall that takes the block from an up-to-date parse cache writes and prints exactly
/// what one that parses the whole memory does, block rewritten or not, with what follows
/// the cached lines (an unfinished last line, the commit store) taken into account.
#[test]
fn recall_from_the_parse_cache_gives_what_a_whole_parse_gives() {
    let env = Env::initialised();
    let mut memory = picked_memory();
    env.write(".mind/MEMORY.md", &memory);
    let store = "<!-- mind: memories from commit messages -->\n\n## 2025-12-29\n\n\
                 decided: ship the importer behind a flag (commit 1a2b3c4)\n\
                 problem: the flag is read twice (commit 2b3c4d5)\n";
    for (step, tail, with_store) in [
        ("cached", "", false),
        (
            "an unfinished last line",
            "learned: KEY: the last line has no newline",
            false,
        ),
        ("the commit store after it", "", true),
    ] {
        memory.push_str(tail);
        env.write(".mind/MEMORY.md", &memory);
        if with_store {
            env.write(".mind/cache/commits.md", store);
        }
        env.ok(&["recall"]);
        assert!(env.exists(PARSE_CACHE), "{step}");
        // The block is written again each time (a changed file), and left as it is.
        for rewrite in [true, false] {
            if rewrite {
                env.write("CLAUDE.md", "# Notes kept by hand\n");
            }
            let before = recall_inputs(&env);
            let warm = recall_effects(&env);
            restore(&env, &before);
            let _ = std::fs::remove_file(env.path(PARSE_CACHE));
            let _ = std::fs::remove_file(env.path(PARSE_CACHE_PREVIOUS));
            let cold = recall_effects(&env);
            for (w, c) in warm.iter().zip(&cold) {
                assert_eq!(
                    String::from_utf8_lossy(&w.1),
                    String::from_utf8_lossy(&c.1),
                    "{step}, rewrite {rewrite}: {}",
                    w.0
                );
            }
        }
    }
    let block = env.read("CLAUDE.md");
    for shown in [
        "never run migrations on Friday",
        "the last line has no newline",
        "batch 25 hangs",
        "keep a temporary cache 28 for now",
        "[stale?]",
        "an undated problem at the end",
        "Next: wire the retry queue 28",
    ] {
        assert!(block.contains(shown), "{shown}: {block}");
    }
    assert!(!block.contains("batch 20 hangs"), "fixed: {block}");
    assert!(
        !block.contains("queue 28 over polling"),
        "superseded: {block}"
    );
}

/// A progress entry after the cached lines may close a cached problem: the recall then
/// reads the whole memory, and the fixed problem leaves the block.
#[test]
fn a_fix_logged_after_the_cache_closes_a_cached_problem() {
    let env = Env::initialised();
    env.write(".mind/MEMORY.md", picked_memory());
    env.ok(&["recall"]);
    env.ok(&["recall"]);
    assert!(env.read("CLAUDE.md").contains("[!] batch 25 hangs"));
    env.write(
        ".mind/cache/commits.md",
        "## 2025-12-30\n\nfixed: batch 25 hangs on the upload of big files, now streamed (commit 3c4d5e6)\n",
    );
    let warm = env.ok(&["recall"]);
    assert!(!warm.contains("[!] batch 25 hangs"), "{warm}");
    let _ = std::fs::remove_file(env.path(PARSE_CACHE));
    assert_eq!(env.ok(&["recall"]), warm);
}

/// A parse cache that is damaged, of another format, or of another memory is rebuilt by
/// the next recall, which shows what a whole parse gives.
#[test]
fn a_damaged_parse_cache_is_rebuilt_by_recall() {
    let env = Env::initialised();
    env.write(".mind/MEMORY.md", picked_memory());
    env.ok(&["recall"]);
    let good = env.read_bytes(PARSE_CACHE);
    let expected = env.ok(&["recall"]);
    let mut old_format = good.clone();
    old_format[8] = 4;
    let mut flipped = good.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x20;
    for damaged in [
        old_format,
        flipped,
        good[..good.len() - 9].to_vec(),
        b"MINDPRS\0 nothing else".to_vec(),
    ] {
        env.write(PARSE_CACHE, &damaged);
        assert_eq!(env.ok(&["recall"]), expected);
        assert_eq!(env.read_bytes(PARSE_CACHE), good, "rebuilt");
    }
}

/// As a person runs it: a temp HOME, no MIND_* but the clock, real git repositories, two
/// projects. Each project's recall from its own cache gives what a whole parse gives.
#[test]
fn recall_from_the_parse_cache_in_two_projects_of_a_fresh_home() {
    let user = User::new();
    let mut outputs = Vec::new();
    for (name, word) in [("work/api", "codec"), ("work/web", "bundler")] {
        let project = user.folder(name);
        user.git(&project, &["init", "-q"]);
        user.ok(&project, &["init"]);
        let memory_path = project.join(".mind/MEMORY.md");
        std::fs::write(&memory_path, picked_memory().replace("codec", word)).unwrap();
        user.ok(
            &project,
            &["log", "problem", "the importer drops the last row"],
        );
        user.ok(&project, &["recall"]);
        let warm = user.ok(&project, &["recall"]);
        let block = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
        std::fs::remove_file(project.join(PARSE_CACHE)).unwrap();
        assert_eq!(user.ok(&project, &["recall"]), warm, "{name}");
        assert_eq!(
            std::fs::read_to_string(project.join("CLAUDE.md")).unwrap(),
            block
        );
        assert!(warm.contains(&format!("use {word} 28")), "{warm}");
        assert!(warm.contains("the importer drops the last row"), "{warm}");
        outputs.push(warm);
    }
    assert_ne!(outputs[0], outputs[1]);
}

/// The shared block never says "Blocked: None" (MEMORY.md's template placeholder) while the
/// session has blockers; a project state that names a blocker is shown. And what to continue
/// from says what it is: a fix is not read as the problem it fixed.
#[test]
fn the_shared_block_claims_no_blocker_from_a_placeholder_and_labels_the_last_entry() {
    let user = User::new();
    let project = user.project("work/app", &["init"]);
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(memory.contains("- Blocked: None"), "{memory}");
    user.ok(&project, &["log", "blocker", "staging database is down"]);
    user.ok(
        &project,
        &["log", "problem", "websocket reconnect loops forever"],
    );
    user.ok(
        &project,
        &["log", "fixed", "websocket reconnect loops forever"],
    );
    user.ok(&project, &["recall"]);
    let claude = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    assert!(!claude.contains("Blocked: None"), "{claude}");
    assert!(
        claude.contains("Last (progress): websocket reconnect loops forever (2026-01-15)"),
        "{claude}"
    );
    let named = memory.replace(
        "- Blocked: None",
        "- Blocked: waiting for the security review",
    );
    std::fs::write(project.join(".mind/MEMORY.md"), named).unwrap();
    user.ok(&project, &["recall"]);
    let claude = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    assert!(
        claude.contains("- Blocked: waiting for the security review"),
        "{claude}"
    );
}

/// A decision that a later one reverses is not shown as current: "switch from FastAPI to
/// Litestar" takes back "going with FastAPI", "use MySQL instead of Postgres" takes back
/// "use Postgres", and a later "decided against" takes back the decision it names. MEMORY.md
/// keeps every line as written. Run as a person runs it: temp HOME, a git repository.
#[test]
fn reversed_decisions_leave_the_recent_decisions() {
    let user = User::new();
    let project = user.project("work/api", &["init"]);
    for (kind, text) in [
        ("decision", "going with FastAPI for the HTTP layer"),
        ("decision", "use Postgres for the main database"),
        ("decision", "use Redis for rate limiting"),
        ("decision", "use JWT because sessions must be stateless"),
        (
            "decision",
            "switch from FastAPI to Litestar because of typing",
        ),
        (
            "decision",
            "use MySQL instead of Postgres, the host only offers MySQL",
        ),
    ] {
        user.ok(&project, &["log", kind, text]);
    }
    user.ok(
        &project,
        &[
            "log",
            "we decided against Redis for rate limiting because of memory cost",
        ],
    );
    user.ok(&project, &["recall"]);
    let claude = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    let decisions = recent_decisions(&claude);
    assert_eq!(
        decisions,
        [
            "- use MySQL instead of Postgres, the host only offers MySQL (2026-01-15)",
            "- switch from FastAPI to Litestar because of typing (2026-01-15)",
            "- use JWT because sessions must be stateless (2026-01-15)",
        ],
        "{claude}"
    );
    assert!(claude.contains("## Ruled Out\n- Redis for rate limiting because of memory cost"));
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(memory.contains("decided: going with FastAPI for the HTTP layer\n"));
    assert!(!memory.contains("[superseded]"));
}

/// The `## Recent Decisions` items of a context block.
fn recent_decisions(claude: &str) -> Vec<&str> {
    let start = claude.find("## Recent Decisions\n").expect("decisions");
    claude[start..]
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("- "))
        .collect()
}

/// Decisions about password hashing: bcrypt chosen, bcrypt kept for legacy tokens, then
/// argon2 instead of bcrypt for password hashing.
pub(crate) const BCRYPT_TO_ARGON2: [&str; 3] = [
    "use bcrypt for password hashing",
    "keep bcrypt hashes of the legacy API tokens until they expire in March",
    "use argon2 instead of bcrypt for password hashing because bcrypt is slow on ARM",
];

/// A decision that turns away from something for a purpose takes back only the older
/// decisions that chose it for that purpose: "use argon2 instead of bcrypt for password
/// hashing" takes back "use bcrypt for password hashing", while "keep bcrypt hashes of the
/// legacy API tokens until March" still holds and stays among the recent decisions. Run as a
/// person runs it: temp HOME, a git repository.
#[test]
fn a_reversal_for_one_purpose_leaves_other_decisions_about_the_same_thing() {
    let user = User::new();
    let project = user.project("work/auth", &["init"]);
    user.log_each(&project, "decision", &BCRYPT_TO_ARGON2);
    user.ok(&project, &["recall"]);
    let claude = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    let decisions = recent_decisions(&claude);
    assert_eq!(
        decisions,
        [
            "- use argon2 instead of bcrypt for password hashing because bcrypt is slow on ARM (2026-01-15)",
            "- keep bcrypt hashes of the legacy API tokens until they expire in March (2026-01-15)",
        ],
        "{claude}"
    );
}

/// A reversal that names its purpose before what it turns away from ("YAML for config files
/// instead of JSON") takes back the decision that chose JSON for config files, as "use YAML
/// instead of JSON for config files" does, and leaves JSON chosen for another purpose. Run
/// as a person runs it: temp HOME, a git repository, the decisions on different days.
#[test]
fn a_reversal_naming_its_purpose_first_takes_back_the_decision_for_it() {
    let mut user = User::new();
    user.at("2026-02-02T09:00:00Z");
    let project = user.project("work/cli", &["init"]);
    user.ok(&project, &["log", "decided", "JSON for config files"]);
    user.ok(
        &project,
        &["log", "decided", "JSON for the API error bodies"],
    );
    user.at("2026-02-05T09:00:00Z");
    user.ok(
        &project,
        &[
            "log",
            "decided",
            "YAML for config files instead of JSON, comments matter",
        ],
    );
    user.ok(&project, &["recall"]);
    let claude = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    assert_eq!(
        recent_decisions(&claude),
        [
            "- YAML for config files instead of JSON, comments matter (2026-02-05)",
            "- JSON for the API error bodies (2026-02-02)",
        ],
        "{claude}"
    );
}

/// "Switch the local cache from SQLite to sled" takes back the decision that chose SQLite
/// for the local cache (its object is its purpose) and leaves SQLite chosen for analytics;
/// "replace Redis with Postgres" takes back every decision that chose Redis. Run as a
/// person runs it: temp HOME, a git repository, the reversals days later.
#[test]
fn switching_a_thing_from_one_choice_or_replacing_a_choice_takes_the_old_one_back() {
    let mut user = User::new();
    user.at("2026-02-02T09:00:00Z");
    let project = user.project("work/shop", &["init"]);
    user.log_each(
        &project,
        "decision",
        &[
            "use SQLite for the local cache",
            "use SQLite for the analytics exports",
            "use Redis for the job queue",
        ],
    );
    user.at("2026-02-05T09:00:00Z");
    user.log_each(
        &project,
        "decision",
        &[
            "switch the local cache from SQLite to sled, fewer moving parts",
            "replace Redis with Postgres for the job queue - one database less",
        ],
    );
    user.ok(&project, &["recall"]);
    let claude = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    assert_eq!(
        recent_decisions(&claude),
        [
            "- replace Redis with Postgres for the job queue - one database less (2026-02-05)",
            "- switch the local cache from SQLite to sled, fewer moving parts (2026-02-05)",
            "- use SQLite for the analytics exports (2026-02-02)",
        ],
        "{claude}"
    );
}

/// A memory of a few megabytes (more than one piece of the streamed parse) appended to
/// MEMORY.md in many writes: dated days of decisions, problems (some fixed days later,
/// some never), provisional decisions, entries naming files, summaries and next steps.
fn append_large_memory(memory: &std::path::Path) {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(memory)
        .expect("MEMORY.md");
    let subjects = ["upload", "login", "parser", "queue", "export", "search"];
    let tools = ["Redis", "Postgres", "nginx", "Kafka", "SQLite"];
    let mut written = 0;
    let mut day = 0usize;
    while written < 3_000_000 {
        day += 1;
        let mut piece = format!(
            "\n## {}-{:02}-{:02} | worked on {} | mood: ok\n\n",
            2020 + day / 336,
            1 + day / 28 % 12,
            1 + day % 28,
            subjects[day % 6]
        );
        for i in 0..40 {
            let s = subjects[(day + i) % 6];
            let t = tools[(day * 7 + i) % 5];
            piece.push_str(&match i % 8 {
                0 => format!("problem: {s} drops {t} requests under load (#{day}-{i})\n"),
                1 => format!("decided: use {t} for {s} for now (#{day}-{i})\n"),
                2 => format!("fixed: {s} no longer drops {t} requests\n"),
                3 => format!("learned: src/{s}/{t}.rs retries when the payload is large\n"),
                4 => format!("- {s}: {t} rejects the path (#{day}-{i})\n"),
                5 => format!(
                    "problem: {t} leaks memory in {s} with {} (#{day})\n",
                    tools[i % 5]
                ),
                6 => format!("Next: look at {s} and {t}\n"),
                _ => format!("KEY: never call {t} from the {s} hot path\n"),
            });
        }
        file.write_all(piece.as_bytes()).expect("append");
        written += piece.len();
    }
}

#[test]
fn a_recall_without_a_parse_cache_shows_what_one_with_it_shows_on_a_large_memory() {
    let user = User::new();
    let project = user.project("work/app", &["init"]);
    append_large_memory(&project.join(".mind/MEMORY.md"));
    let cache = project.join(PARSE_CACHE);
    let previous = project.join(PARSE_CACHE_PREVIOUS);
    let clear = || {
        let _ = std::fs::remove_file(&cache);
        let _ = std::fs::remove_file(&previous);
    };
    // The first recall starts the session; the ones after continue it, so each gives the
    // same reply.
    user.ok(&project, &["recall"]);
    let block = || std::fs::read_to_string(project.join("CLAUDE.md")).expect("CLAUDE.md");

    // The cache a whole parse writes (`mind context` parses the memory whole).
    clear();
    user.ok(&project, &["context"]);
    let whole = std::fs::read(&cache).expect("a cache written by the whole parse");

    // A recall with no cache writes the same one, a piece at a time, and shows what a
    // recall that reads it shows.
    clear();
    let cold = user.ok(&project, &["recall", "--json"]);
    let cold_block = block();
    assert!(std::fs::read(&cache).expect("a cache written by the recall") == whole);
    let warm = user.ok(&project, &["recall", "--json"]);
    assert_eq!(cold, warm);
    assert_eq!(cold_block, block());
    assert!(cold_block.contains("drops"), "{cold_block}");
    clear();
    let cold_text = user.ok(&project, &["recall"]);
    assert_eq!(cold_text, user.ok(&project, &["recall"]));
    assert!(cold_text.contains(cold_block.lines().nth(2).unwrap_or_default()));
}

#[test]
fn a_fix_after_the_parse_cache_closes_the_cached_problem_as_a_whole_parse_does() {
    // Run as a user runs it: a temp HOME, a git project with the hooks, a memory large enough
    // for the parse cache, then fixes from a log and from a commit after it was written.
    let mut user = User::new();
    let app = user.project("app", &["init", "--hooks"]);
    let mut memory = std::fs::read_to_string(app.join(".mind/MEMORY.md")).unwrap();
    memory.push_str("\n## 2026-01-10\n\n");
    memory.push_str("problem: checkout page times out for guest users\n");
    memory.push_str("problem: webhook retries flood the payment queue\n");
    memory.push_str("problem: invoice totals round the VAT twice\n");
    for i in 0..900 {
        memory.push_str(&format!("- note {i}: the importer reads rows in batches\n"));
    }
    memory.push_str("problem: export of orders drops the currency column\n");
    memory.push_str("fixed: export of orders keeps the currency column again\n");
    std::fs::write(app.join(".mind/MEMORY.md"), &memory).unwrap();
    user.at("2026-01-15T09:00:00Z").ok(&app, &["recall"]);
    assert!(app.join(PARSE_CACHE).exists());

    user.at("2026-01-15T09:10:00Z").ok(
        &app,
        &[
            "log",
            "fixed",
            "checkout page no longer times out for guest users",
        ],
    );
    user.commit_file(
        &app,
        "queue.rs",
        "// bounded\n",
        "Bound the queue\n\nfixed: webhook retries no longer flood the payment queue",
    );
    user.at("2026-01-15T09:20:00Z").ok(&app, &["recall"]);
    let warm = std::fs::read_to_string(app.join("CLAUDE.md")).unwrap();
    let open = warm.split("## ").find(|s| s.starts_with("Open Loops"));
    let open = open.unwrap_or_else(|| panic!("open loops listed: {warm}"));
    assert!(
        open.contains("invoice totals round the VAT twice"),
        "{open}"
    );
    for closed in ["checkout page", "webhook retries", "export of orders"] {
        assert!(!open.contains(closed), "{closed} still open: {open}");
    }

    std::fs::remove_file(app.join(PARSE_CACHE)).unwrap();
    let _ = std::fs::remove_file(app.join(PARSE_CACHE_PREVIOUS));
    user.at("2026-01-15T09:21:00Z").ok(&app, &["recall"]);
    let cold = std::fs::read_to_string(app.join("CLAUDE.md")).unwrap();
    assert_eq!(warm, cold);
}

/// A break that another command ends still starts a new session at the next recall: the
/// first thing after lunch is a commit and a log, not a recall. Run as a user runs it (temp
/// HOME, real git with mind's hooks, two projects): the morning's blocker and rejection are
/// archived and promoted as the finished session's, dated by it, and no longer shown as
/// this session's; a project with no break keeps its session.
#[test]
fn a_break_ended_by_a_log_or_a_commit_still_starts_a_new_session() {
    let mut user = User::new();
    let api = user.project("api", &["init", "--hooks", "--quiet"]);
    let web = user.project("web", &["init", "--quiet"]);
    user.at("2026-01-15T09:05:00Z").ok(&api, &["recall"]);
    user.at("2026-01-15T09:05:00Z").ok(&web, &["recall"]);
    user.at("2026-01-15T09:10:00Z").ok(
        &api,
        &[
            "log",
            "blocker",
            "the deploy script hangs on the migration step",
        ],
    );
    user.at("2026-01-15T09:12:00Z").ok(
        &api,
        &["log", "rejected", "bumping the lock timeout - still hangs"],
    );
    user.at("2026-01-15T09:12:00Z")
        .ok(&web, &["log", "blocker", "the CDN serves a stale bundle"]);
    // After lunch: a commit first (its hook touches the project), then a log, then recall.
    user.at("2026-01-15T13:00:00Z").commit_file(
        &api,
        "billing.txt",
        "export\n",
        "start the billing export",
    );
    user.at("2026-01-15T13:01:00Z")
        .ok(&api, &["log", "experience", "starting the billing export"]);
    user.at("2026-01-15T13:01:30Z").ok(
        &api,
        &[
            "log",
            "blocker",
            "the export job times out on the March invoices",
        ],
    );
    let v = recall_at(&mut user, &api, "2026-01-15T13:02:00Z");
    assert_eq!(v["new_session"], true, "{v}");
    assert_eq!(v["gap_minutes"], 230, "{v}");
    assert_eq!(v["archived"], ".mind/sessions/2026-01-15-0905.md", "{v}");
    let archived = std::fs::read_to_string(api.join(".mind/sessions/2026-01-15-0905.md")).unwrap();
    assert!(
        archived.contains("- the deploy script hangs on the migration step\n"),
        "{archived}"
    );
    let memory = std::fs::read_to_string(api.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.contains("## 2026-01-15\n")
            && memory.contains("decided against: bumping the lock timeout - still hangs\n"),
        "{memory}"
    );
    // What was logged after the break is this session's: carried into the fresh SESSION.md,
    // neither promoted nor dropped. The finished session's blocker, still open and logged
    // near its end, is carried over before it, marked with the session it comes from.
    let session = std::fs::read_to_string(api.join(".mind/SESSION.md")).unwrap();
    assert!(!session.contains("bumping the lock timeout"), "{session}");
    assert!(
        session.contains("## Experience\n<!-- Raw moments, thoughts, what's happening -->\n- starting the billing export\n"),
        "{session}"
    );
    assert!(
        session.contains(
            "## Blockers\n- the deploy script hangs on the migration step (carried over from \
             the session of 2026-01-15 09:05)\n- the export job times out on the March invoices\n"
        ),
        "{session}"
    );
    assert!(!memory.contains("billing export"), "{memory}");
    assert!(!memory.contains("March invoices"), "{memory}");
    assert_eq!(
        v["session"]["blockers"],
        serde_json::json!([
            "the deploy script hangs on the migration step",
            "the export job times out on the March invoices"
        ]),
        "{v}"
    );
    assert_eq!(
        v["carried_over"],
        serde_json::json!(["the deploy script hangs on the migration step"]),
        "{v}"
    );
    // The break is used once: the next recall is the same session.
    let again = recall_at(&mut user, &api, "2026-01-15T13:10:00Z");
    assert_eq!(again["new_session"], false, "{again}");
    // Five minutes between commands is no break: the other project keeps its session.
    user.at("2026-01-15T09:17:00Z")
        .ok(&web, &["log", "experience", "purging the CDN by hand"]);
    let w = recall_at(&mut user, &web, "2026-01-15T09:20:00Z");
    assert_eq!(w["new_session"], false, "{w}");
    let session = std::fs::read_to_string(web.join(".mind/SESSION.md")).unwrap();
    assert!(
        session.contains("- the CDN serves a stale bundle\n"),
        "{session}"
    );
    // A log that ends the break itself says so, once, so an agent that skipped the recall
    // learns its context is the last session's.
    let out = user
        .at("2026-01-15T11:15:00Z")
        .ok(&web, &["log", "experience", "back from the design review"]);
    assert!(
        out.ends_with(
            "115 min since the last activity: the session before the break ends at the next \
             `mind recall` (run it now for this session's context)\n"
        ),
        "{out}"
    );
    let again: serde_json::Value = serde_json::from_str(&user.at("2026-01-15T11:16:00Z").ok(
        &web,
        &["--json", "log", "experience", "reading the review notes"],
    ))
    .unwrap();
    assert!(again.get("session_break_minutes").is_none(), "{again}");
    let w = recall_at(&mut user, &web, "2026-01-15T11:17:00Z");
    assert_eq!(w["new_session"], true, "{w}");
    assert_eq!(w["gap_minutes"], 117, "{w}");
    // A checkpoint (which refreshes the block and touches the session) ends a break too.
    user.at("2026-01-15T15:00:00Z").ok(&web, &["checkpoint"]);
    let w = recall_at(&mut user, &web, "2026-01-15T15:05:00Z");
    assert_eq!(w["new_session"], true, "{w}");
    assert_eq!(w["gap_minutes"], 228, "{w}");
}

/// `mind --json recall` in `dir` at `now`, as the user runs it.
fn recall_at(user: &mut User, dir: &std::path::Path, now: &str) -> serde_json::Value {
    serde_json::from_str(&user.at(now).ok(dir, &["--json", "recall"])).unwrap()
}

/// A break a log noted while the gap was 30 minutes is no break once the user raises the gap
/// above it before recalling: the session and its items go on.
#[test]
fn a_break_noted_before_the_gap_was_raised_is_no_break() {
    let mut user = User::new();
    let app = user.project("app", &["init", "--quiet"]);
    recall_at(&mut user, &app, "2026-01-15T09:00:00Z");
    user.at("2026-01-15T09:05:00Z")
        .ok(&app, &["log", "experience", "reading the retry policy"]);
    let out = user
        .at("2026-01-15T09:50:00Z")
        .ok(&app, &["log", "experience", "back from coffee"]);
    assert!(out.contains("45 min since the last activity"), "{out}");
    let config_path = app.join(".mind/config.json");
    let mut config: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&config_path).unwrap()).unwrap();
    config["session_gap_minutes"] = serde_json::json!(60);
    std::fs::write(&config_path, config.to_string()).unwrap();
    let v = recall_at(&mut user, &app, "2026-01-15T09:52:00Z");
    assert_eq!(v["new_session"], false, "{v}");
    assert!(v["archived"].is_null(), "{v}");
    let session = std::fs::read_to_string(app.join(".mind/SESSION.md")).unwrap();
    assert!(
        session.contains("- reading the retry policy\n- back from coffee\n"),
        "{session}"
    );
    assert!(
        !app.join(".mind/sessions").exists()
            || std::fs::read_dir(app.join(".mind/sessions"))
                .unwrap()
                .next()
                .is_none()
    );
    // The marker is used up: a later log after a short pause notes nothing.
    let out = user
        .at("2026-01-15T09:55:00Z")
        .ok(&app, &["log", "experience", "writing the test"]);
    assert!(!out.contains("since the last activity"), "{out}");
}

/// A blocker logged after a break that a log ended, and fixed before the recall, is carried
/// into the new session as fixed: not shown as blocking (it was, before: the new session's
/// start, taken at the recall, is after the fix).
#[test]
fn a_blocker_carried_over_a_break_keeps_the_fix_logged_before_the_recall() {
    let mut user = User::new();
    let app = user.project("app", &["init", "--quiet"]);
    recall_at(&mut user, &app, "2026-01-15T09:00:00Z");
    user.at("2026-01-15T09:05:00Z")
        .ok(&app, &["log", "experience", "morning"]);
    user.at("2026-01-15T13:00:00Z").ok(
        &app,
        &[
            "log",
            "blocker",
            "the export job times out on March invoices",
        ],
    );
    user.at("2026-01-15T13:10:00Z").ok(
        &app,
        &[
            "log",
            "fixed",
            "the export job no longer times out on March invoices - batched the queries",
        ],
    );
    let v = recall_at(&mut user, &app, "2026-01-15T13:12:00Z");
    assert_eq!(v["new_session"], true, "{v}");
    // Carried into the new SESSION.md (nothing is lost) but no longer blocking.
    let session = std::fs::read_to_string(app.join(".mind/SESSION.md")).unwrap();
    assert!(
        session.contains("## Blockers\n- the export job times out on March invoices\n"),
        "{session}"
    );
    let claude = std::fs::read_to_string(app.join("CLAUDE.md")).unwrap();
    assert!(!claude.contains("the export job times out"), "{claude}");
    let shown: serde_json::Value = serde_json::from_str(
        &user
            .at("2026-01-15T13:13:00Z")
            .ok(&app, &["--json", "session"]),
    )
    .unwrap();
    assert_eq!(
        shown["fixed_blockers"][0]["fix"],
        "the export job no longer times out on March invoices - batched the queries",
        "{shown}"
    );
}
