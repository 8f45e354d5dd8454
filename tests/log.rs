//! `mind log`: routing, aliases, classification, date headings, bad input.
mod common;

use common::Env;
use predicates::prelude::*;

fn memory_tail(env: &Env, n: usize) -> Vec<String> {
    let text = env.read(".mind/MEMORY.md");
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[lines.len().saturating_sub(n)..].to_vec()
}

#[test]
fn memory_types_get_their_labels_under_todays_heading() {
    let env = Env::initialised();
    let before = env.read(".mind/MEMORY.md");
    env.mind(&["log", "decision", "use JWT because stateless"])
        .assert()
        .success()
        .stdout("logged decision to .mind/MEMORY.md:26\n  decided: use JWT because stateless\n");
    env.ok(&["log", "learning", "Safari needs vendor prefixes"]);
    env.ok(&["log", "problem", "upload fails over 10 MB"]);
    env.ok(&["log", "progress", "upload streams now"]);
    // init's template already carries today's heading, so no new heading is added.
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!(
            "{before}decided: use JWT because stateless\nlearned: Safari needs vendor prefixes\nproblem: upload fails over 10 MB\nfixed: upload streams now\n"
        )
    );
}

#[test]
fn a_new_day_gets_a_new_heading() {
    let mut env = Env::initialised();
    env.ok(&["log", "decision", "first"]);
    env.at("2026-01-16T08:00:00Z");
    env.ok(&["log", "decision", "second"]);
    env.ok(&["log", "decision", "third"]);
    assert_eq!(
        memory_tail(&env, 6),
        vec![
            "decided: first",
            "",
            "## 2026-01-16",
            "",
            "decided: second",
            "decided: third"
        ]
    );
}

#[test]
fn session_types_go_to_their_sections_in_order() {
    let env = Env::initialised();
    env.ok(&["log", "experience", "reading the auth code"]);
    env.ok(&["log", "blocker", "CI is red"]);
    env.ok(&["log", "rejected", "redis - overkill"]);
    env.ok(&["log", "assumption", "the API is stable"]);
    env.ok(&["log", "experience", "second experience"]);
    assert_eq!(
        env.read(".mind/SESSION.md"),
        "# Session: 2026-01-15

## Experience
<!-- Raw moments, thoughts, what's happening -->
- reading the auth code
- second experience

## Blockers
- CI is red

## Rejected
<!-- What didn't work and why -->
- redis - overkill

## Assumptions
<!-- What I'm assuming true -->
- the API is stable

"
    );
}

#[test]
fn aliases_and_type_flag() {
    let env = Env::initialised();
    env.ok(&["log", "decided", "use postgres"]);
    env.ok(&["log", "TIL", "cargo caches builds"]);
    env.ok(&["log", "fixed", "the login loop"]);
    env.ok(&["log", "stuck", "on flaky tests"]);
    env.ok(&["log", "tried", "mocking time - brittle"]);
    env.ok(&[
        "log",
        "--type",
        "experience",
        "tried something and it worked",
    ]);
    assert_eq!(
        memory_tail(&env, 3),
        vec![
            "decided: use postgres",
            "learned: cargo caches builds",
            "fixed: the login loop"
        ]
    );
    let session = env.read(".mind/SESSION.md");
    assert!(session.contains("## Blockers\n- on flaky tests\n"));
    assert!(session.contains("- mocking time - brittle\n"));
    assert!(
        session.contains("- tried something and it worked\n"),
        "--type wins over the cue word"
    );
}

#[test]
fn untyped_messages_are_classified_and_the_reply_says_why() {
    let env = Env::initialised();
    env.mind(&["log", "decided to use JWT because stateless"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "logged decision to .mind/MEMORY.md:26",
        ))
        .stdout(predicate::str::contains("\"decided\" reads as decision"));
    env.mind(&["log", "wrote a helper for retries"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "logged experience to .mind/SESSION.md:5",
        ))
        .stdout(predicate::str::contains("no cue word matched"));
    assert!(
        env.read(".mind/MEMORY.md")
            .ends_with("decided: use JWT because stateless\n")
    );
}

#[test]
fn json_reply() {
    let env = Env::initialised();
    let out = env.ok(&["log", "--json", "learning", "turns out X"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["type"], "learning");
    assert_eq!(v["file"], ".mind/MEMORY.md");
    assert_eq!(v["text"], "learned: turns out X");
    assert_eq!(v["line"], 26);
    assert_eq!(v["classified"], false);
}

#[test]
fn stdin_message() {
    let env = Env::initialised();
    env.mind(&["log", "decision", "-"])
        .write_stdin("read from\nstdin\n")
        .assert()
        .success();
    assert!(
        env.read(".mind/MEMORY.md")
            .ends_with("decided: read from stdin\n")
    );
}

#[test]
fn multi_line_messages_cannot_forge_headings() {
    let env = Env::initialised();
    env.ok(&["log", "experience", "line one\n## Blockers\n- fake"]);
    let session = env.read(".mind/SESSION.md");
    assert!(session.contains("- line one ## Blockers - fake\n"));
    let headings = session
        .lines()
        .filter(|l| l.starts_with("## Blockers"))
        .count();
    assert_eq!(headings, 1, "the message stays inside its item line");
}

#[test]
fn bad_input_writes_nothing() {
    let env = Env::initialised();
    let memory = env.read_bytes(".mind/MEMORY.md");
    let session = env.read_bytes(".mind/SESSION.md");
    let state = env.read_bytes(".mind/state.json");
    env.mind(&["log", "decision", "   "])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("empty message"));
    env.mind(&["log", "decision"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no message after the type"));
    env.mind(&["log", "--type", "bogus", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown type \"bogus\""));
    env.mind(&["log", "decision", "-"])
        .write_stdin(vec![0xff, 0xfe])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not valid UTF-8"));
    env.mind(&["log", "-"]).write_stdin("").assert().code(2);
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
    assert_eq!(env.read_bytes(".mind/SESSION.md"), session);
    assert_eq!(env.read_bytes(".mind/state.json"), state);
}

#[test]
fn outside_a_project_fails_and_creates_nothing() {
    let env = Env::new();
    env.mind(&["log", "decision", "x"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no .mind/ here or above"))
        .stderr(predicate::str::contains("mind init"));
    assert_eq!(std::fs::read_dir(env.root()).unwrap().count(), 0);
}

#[test]
fn project_flag_and_env_override_discovery() {
    let env = Env::initialised();
    let elsewhere = env.dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let root = env.root().display().to_string();
    env.mind(&["--project", &root, "log", "decision", "via flag"])
        .current_dir(&elsewhere)
        .assert()
        .success();
    env.mind(&["log", "decision", "via env"])
        .env("MIND_PROJECT", &root)
        .current_dir(&elsewhere)
        .assert()
        .success();
    assert!(
        env.read(".mind/MEMORY.md")
            .ends_with("decided: via flag\ndecided: via env\n")
    );
}

#[test]
fn log_touches_state() {
    let env = Env::initialised();
    env.ok(&["log", "experience", "x"]);
    let state: serde_json::Value = serde_json::from_str(&env.read(".mind/state.json")).unwrap();
    assert_eq!(state["last_activity"], 1_768_467_600_000_i64);
}

#[test]
fn missing_memory_file_is_a_clear_error() {
    let env = Env::initialised();
    std::fs::remove_file(env.path(".mind/MEMORY.md")).unwrap();
    env.mind(&["log", "decision", "x"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "MEMORY.md: missing; run `mind init`",
        ));
    assert!(!env.exists(".mind/MEMORY.md"));
}

#[test]
fn appends_keep_crlf_and_invalid_utf8() {
    let env = Env::initialised();
    let mut memory = b"# caf\xe9\r\n\r\n## 2026-01-14\r\n\r\ndecided: old\r\n".to_vec();
    env.write(".mind/MEMORY.md", &memory);
    env.ok(&["log", "decision", "new"]);
    memory.extend_from_slice(b"\r\n## 2026-01-15\r\n\r\ndecided: new\r\n");
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
}

#[test]
fn flags_after_the_message_are_flags() {
    let env = Env::initialised();
    let out = env.ok(&["log", "decision", "use JWT", "--json"]);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&out).unwrap()["text"],
        "decided: use JWT"
    );
    env.mind(&["log", "decision", "--", "-webkit prefix needed"])
        .assert()
        .success();
    assert!(
        env.read(".mind/MEMORY.md")
            .ends_with("decided: use JWT\ndecided: -webkit prefix needed\n")
    );
}

#[test]
fn session_insert_keeps_invalid_utf8_bytes() {
    let env = Env::initialised();
    let mut session =
        b"# Session: 2026-01-15\n\n## Experience\n- caf\xe9 bytes\n\n## Blockers\n".to_vec();
    env.write(".mind/SESSION.md", &session);
    env.ok(&["log", "experience", "second"]);
    session = b"# Session: 2026-01-15\n\n## Experience\n- caf\xe9 bytes\n- second\n\n## Blockers\n"
        .to_vec();
    assert_eq!(env.read_bytes(".mind/SESSION.md"), session);
}

#[test]
fn read_only_memory_is_an_error_and_nothing_changes() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::initialised();
    let path = env.path(".mind/MEMORY.md");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    if std::fs::OpenOptions::new().append(true).open(&path).is_ok() {
        return; // running as root: permissions do not stop writes, nothing to test
    }
    let before = env.read_bytes(".mind/MEMORY.md");
    env.mind(&["log", "decision", "x"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("MEMORY.md"));
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), before);
}

#[test]
fn quiet_prints_nothing() {
    let env = Env::initialised();
    env.mind(&["log", "decision", "x", "--quiet"])
        .assert()
        .success()
        .stdout("");
}
