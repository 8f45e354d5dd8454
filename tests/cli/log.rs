//! `mind log`: routing, aliases, classification, date headings, bad input.
use crate::common;

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

fn session_items(env: &Env, section: &str) -> Vec<String> {
    let text = env.read(".mind/SESSION.md");
    let mut items = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            inside = heading == section;
        } else if inside && let Some(item) = line.strip_prefix("- ") {
            items.push(item.to_string());
        }
    }
    items
}

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn misspelt_type_is_refused_and_writes_nothing() {
    let env = Env::initialised();
    let memory = env.read_bytes(".mind/MEMORY.md");
    let session = env.read_bytes(".mind/SESSION.md");
    let state = env.read_bytes(".mind/state.json");
    for args in [
        &["log", "decison", "foo"][..],
        &["log", "lerning", "cargo caches builds"],
        &["log", "porblem:", "upload fails"],
        &["log", "dnoe", "with the refactor"],
    ] {
        env.mind(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is not a type; did you mean `"));
    }
    env.mind(&["log", "decison", "foo"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "\"decison\" is not a type; did you mean `decision`?",
        ))
        .stderr(predicate::str::contains(
            "quote them (mind log \"decison foo\"), or give --type experience, or put them after `--`",
        ));
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
    assert_eq!(env.read_bytes(".mind/SESSION.md"), session);
    assert_eq!(env.read_bytes(".mind/state.json"), state);

    // Each way out logs the words as they are.
    env.ok(&["log", "decison foo"]);
    env.ok(&["log", "--type", "experience", "decison", "bar"]);
    env.ok(&["log", "--", "decison", "baz"]);
    assert_eq!(
        session_items(&env, "Experience"),
        vec!["decison foo", "decison bar", "decison baz"]
    );
    assert_eq!(env.read_bytes(".mind/MEMORY.md"), memory);
}

#[test]
fn english_words_near_type_names_are_logged_as_written() {
    let env = Env::initialised();
    for message in [
        "design the api first",
        "dont cache the token",
        "code review notes for auth",
        "stack traces point at serde",
        "issues pile up in the tracker",
    ] {
        let words: Vec<&str> = message.split(' ').collect();
        let mut args = vec!["log"];
        args.extend(&words);
        env.ok(&args);
    }
    env.ok(&["log", "bugs", "in", "the", "parser", "are", "tracked"]);
    assert_eq!(
        session_items(&env, "Experience"),
        vec![
            "design the api first",
            "dont cache the token",
            "code review notes for auth",
            "stack traces point at serde",
            "issues pile up in the tracker",
            "bugs in the parser are tracked",
        ]
    );
}

/// A leading type word names the type only when something is said after it: with one word
/// after it ("learning output.") the message is a fragment or a name, an experience.
#[test]
fn a_type_word_with_one_word_after_it_names_no_type() {
    let env = Env::initialised();
    env.ok(&["log", "learning output."]);
    // A title names a thing, as a lone word after the type word does.
    env.ok(&["log", "Lesson on Scientific Debugging"]);
    env.ok(&["log", "learning Rust lifetimes the hard way"]);
    assert_eq!(
        memory_tail(&env, 1),
        vec!["learned: learning Rust lifetimes the hard way"]
    );
    assert_eq!(
        session_items(&env, "Experience"),
        vec!["learning output.", "Lesson on Scientific Debugging"]
    );
}

/// A plural type word opening a message names a list of entries (a title, an introduction),
/// so the message is no entry of that type: it is read as the parser reads the same line in
/// a memory file.
#[test]
fn a_plural_type_word_names_a_list_not_an_entry() {
    let env = Env::initialised();
    env.mind(&[
        "log",
        "Gotchas for humans and agents working on the importer.",
    ])
    .assert()
    .success()
    .stdout(predicate::str::starts_with(
        "logged experience to .mind/SESSION.md",
    ));
    env.ok(&["log", "Decisions made at the kickoff meeting"]);
    // The singular still names the type.
    env.ok(&["log", "issue with the importer on dates before 1970"]);
    assert_eq!(
        session_items(&env, "Experience"),
        vec![
            "Gotchas for humans and agents working on the importer.",
            "Decisions made at the kickoff meeting",
        ]
    );
    assert_eq!(
        memory_tail(&env, 1),
        vec!["problem: issue with the importer on dates before 1970"]
    );
}

#[test]
fn an_attempt_its_author_undid_is_a_rejected_approach() {
    let env = Env::initialised();
    env.ok(&[
        "log",
        "Tried rayon to parallelise parsing but dropped it: writes serialize",
    ]);
    env.ok(&[
        "log",
        "Considered switching to sccache, but rejected it because CI is warm",
    ]);
    // Someone else's view is not the author's ruling.
    env.ok(&["log", "The old API is considered stable by the maintainers"]);
    assert_eq!(
        session_items(&env, "Rejected"),
        vec![
            "Tried rayon to parallelise parsing but dropped it: writes serialize",
            "Considered switching to sccache, but rejected it because CI is warm",
        ]
    );
    assert_eq!(
        session_items(&env, "Experience"),
        vec!["The old API is considered stable by the maintainers"]
    );
}

#[test]
fn aliases_that_are_plain_words_stay_in_the_text() {
    let env = Env::initialised();
    env.mind(&["log", "done", "with", "the", "refactor"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "logged progress to .mind/MEMORY.md:26 (no type given; \"done\" reads as progress; --type overrides)\n  fixed: done with the refactor\n",
        ));
    env.ok(&["log", "issue", "with", "flaky", "tests"]);
    env.ok(&["log", "bug", "in", "the", "upload", "path"]);
    // One quoted message after an alias, or the alias as --type: the alias names the type.
    env.ok(&["log", "done", "the refactor"]);
    env.ok(&["log", "issue", "flaky tests on CI"]);
    env.ok(&["log", "--type", "done", "with the refactor"]);
    // A canonical type name always names the type.
    env.ok(&["log", "progress", "upload", "streams", "now"]);
    env.ok(&["log", "note", "the", "cache", "is", "per", "user"]);
    env.ok(&["log", "stuck", "on", "the", "flaky", "CI"]);
    assert_eq!(
        memory_tail(&env, 7),
        vec![
            "fixed: done with the refactor",
            "problem: issue with flaky tests",
            "problem: bug in the upload path",
            "fixed: the refactor",
            "problem: flaky tests on CI",
            "fixed: with the refactor",
            "fixed: upload streams now",
        ]
    );
    assert_eq!(
        session_items(&env, "Experience"),
        vec!["note the cache is per user"]
    );
    assert_eq!(
        session_items(&env, "Blockers"),
        vec!["stuck on the flaky CI"]
    );
}

#[test]
fn a_memory_line_carries_its_label_once() {
    let env = Env::initialised();
    env.mind(&["log", "decided", "to", "use", "JWT"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "logged decision to .mind/MEMORY.md:26 (no type given; \"decided\" reads as decision; --type overrides)\n  decided: use JWT\n",
        ));
    env.ok(&["log", "fixed the upload retry"]);
    env.ok(&["log", "learned that Safari drops the cookie"]);
    env.ok(&["log", "TIL", "cargo", "caches", "builds"]);
    env.ok(&["log", "decided against redis for the queue"]);
    let out = env.ok(&["log", "--type", "decision", "learned: x", "--json"]);
    assert_eq!(json(&out)["text"], "decided: x");
    env.ok(&["log", "decision", "Decided on postgres"]);
    env.ok(&["log", "progress", "fixed: already labelled"]);
    // Only the label's own verb goes; every other word stays.
    env.ok(&["log", "we decided to use JWT"]);
    assert_eq!(
        memory_tail(&env, 9),
        vec![
            "decided: use JWT",
            "fixed: the upload retry",
            "learned: Safari drops the cookie",
            "learned: cargo caches builds",
            "decided against: redis for the queue",
            "decided: x",
            "decided: postgres",
            "fixed: already labelled",
            "decided: we decided to use JWT",
        ]
    );
}

#[test]
fn a_label_with_the_full_width_colon_is_kept_as_written() {
    // Chinese and Japanese write the colon full width: the label is the type's, once.
    let env = Env::initialised();
    env.mind(&["log", "问题：构建失败"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "(no type given; \"问题:\" reads as problem; --type overrides)\n  问题：构建失败\n",
        ));
    env.ok(&["log", "问题: 链接器崩溃"]);
    env.ok(&["log", "**已修复：** 构建失败"]);
    assert_eq!(
        memory_tail(&env, 3),
        vec![
            "问题：构建失败",
            "问题: 链接器崩溃",
            "**已修复：** 构建失败"
        ]
    );
}

#[test]
fn cjk_fix_and_failure_words_type_an_unlabelled_message() {
    // No spaces mark the words: "export to pdf hangs", "resolved in 3.1.8", and "fix the
    // crash on start", a fix's title (as "Fix crash on startup" is) that reports nothing.
    let env = Env::initialised();
    env.mind(&["log", "导出pdf卡住"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "(no type given; \"卡住\" reads as problem; --type overrides)\n  problem: 导出pdf卡住\n",
        ));
    env.mind(&["log", "3.1.8 已解决"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"已解决\" reads as progress"));
    env.mind(&["log", "修复启动崩溃"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"修复\" reads as progress"));
    assert_eq!(
        memory_tail(&env, 3),
        vec![
            "problem: 导出pdf卡住",
            "fixed: 3.1.8 已解决",
            "fixed: 修复启动崩溃"
        ]
    );
    assert!(session_items(&env, "Experience").is_empty());
}

#[test]
fn thread_talk_types_an_unlabelled_message() {
    // What people write in issue threads: a choice settled by an idiom, a symptom with no
    // failure verb, a fix handed over, work finished.
    let env = Env::initialised();
    env.ok(&["log", "postgres it is"]);
    env.ok(&["log", "Containers exit immediately after docker-compose up"]);
    env.ok(&["log", "I've pushed the fix, and closed issue #8."]);
    env.ok(&["log", "The server exits immediately if the port is taken"]);
    env.ok(&["log", "Seg fault on startup"]);
    env.ok(&["log", "The button does nothing"]);
    assert_eq!(
        memory_tail(&env, 5),
        vec![
            "decided: postgres it is",
            "problem: Containers exit immediately after docker-compose up",
            "fixed: I've pushed the fix, and closed issue #8.",
            "problem: Seg fault on startup",
            "problem: The button does nothing",
        ]
    );
    assert_eq!(
        session_items(&env, "Experience"),
        vec!["The server exits immediately if the port is taken"]
    );
}

#[test]
fn double_dash_keeps_flags_as_text() {
    let env = Env::initialised();
    env.ok(&["log", "--", "--json", "is", "a", "flag"]);
    env.ok(&["log", "decision", "--", "--json", "in", "every", "reply"]);
    env.ok(&["log", "use -webkit- prefix for backdrop"]);
    env.ok(&["log", "done", "--", "-x"]);
    assert_eq!(
        session_items(&env, "Experience"),
        vec!["--json is a flag", "use -webkit- prefix for backdrop"]
    );
    assert_eq!(
        memory_tail(&env, 2),
        vec!["decided: --json in every reply", "fixed: -x"]
    );
}

#[test]
fn flags_after_free_text_on_every_command() {
    let env = Env::initialised();
    let out = env.ok(&["log", "reading", "the", "auth", "code", "--json"]);
    assert_eq!(json(&out)["text"], "- reading the auth code");
    env.mind(&["log", "more", "auth", "work", "today", "-q"])
        .assert()
        .success()
        .stdout("");
    env.ok(&["log", "still", "auth", "work", "here", "--color", "never"]);
    assert_eq!(
        session_items(&env, "Experience"),
        vec![
            "reading the auth code",
            "more auth work today",
            "still auth work here"
        ]
    );

    let out = env.ok(&["remind", "rotate", "the", "keys", "tomorrow", "--json"]);
    assert_eq!(json(&out)["message"], "rotate the keys");
    assert!(
        env.read(".mind/REMINDERS.md")
            .contains("- [ ] 2026-01-16 | absolute | rotate the keys\n")
    );

    env.mind(&[
        "edges",
        "add",
        "cookies",
        "vanish",
        "in",
        "Safari",
        "--workaround",
        "same-site domain",
        "-q",
    ])
    .assert()
    .success()
    .stdout("");
    assert!(
        env.read(".mind/MEMORY.md")
            .contains("- cookies vanish in Safari -> same-site domain\n")
    );
    let out = env.ok(&["edges", "store", "the", "cookie", "--json", "-n", "1"]);
    assert_eq!(json(&out)["intent"], "store the cookie");

    let out = env.ok(&["helper", "flaky", "login", "test", "--json"]);
    assert_eq!(json(&out)["problem"], "flaky login test");

    let out = env.ok(&["search", "auth", "code", "--json", "-n", "1"]);
    assert_eq!(json(&out)["query"], "auth code");
}

fn with_level(level: &str) -> Env {
    let env = Env::initialised();
    env.write(
        ".mind/config.json",
        format!("{{\"version\": 2, \"logging\": {{\"level\": \"{level}\"}}}}\n"),
    );
    env
}

#[test]
fn balanced_level_skips_short_plain_experiences() {
    let env = with_level("balanced");
    let session = env.read_bytes(".mind/SESSION.md");
    let state = env.read_bytes(".mind/state.json");
    env.mind(&["log", "experience", "reading code"])
        .assert()
        .success()
        .stdout(
            "not logged (experience): Skipped in balanced mode (too short, no insight) (\"logging\": {\"level\": \"detailed\"} in .mind/config.json keeps everything)\n",
        );
    let out = env.ok(&["log", "hello world", "--json"]);
    assert_eq!(
        json(&out),
        serde_json::json!({
            "schema_version": 1,
            "action": "filtered",
            "type": "experience",
            "logging_level": "balanced",
            "reason": "Skipped in balanced mode (too short, no insight)"
        })
    );
    assert_eq!(env.read_bytes(".mind/SESSION.md"), session);
    assert_eq!(
        env.read_bytes(".mind/state.json"),
        state,
        "activity not touched"
    );

    env.ok(&["log", "experience", "reading the auth module"]); // 20+ characters
    env.ok(&["log", "experience", "saw `npm ci` fail"]); // backticks
    env.ok(&["log", "experience", "bumped to v2.1"]); // a version
    env.ok(&["log", "assumption", "it works"]);
    env.ok(&["log", "blocker", "CI red"]);
    env.ok(&["log", "rejected", "redis"]);
    env.ok(&["log", "decision", "x"]);
    assert_eq!(
        session_items(&env, "Experience"),
        vec![
            "reading the auth module",
            "saw `npm ci` fail",
            "bumped to v2.1"
        ]
    );
    assert_eq!(session_items(&env, "Assumptions"), vec!["it works"]);
    assert_eq!(session_items(&env, "Blockers"), vec!["CI red"]);
    assert_eq!(session_items(&env, "Rejected"), vec!["redis"]);
    assert_eq!(memory_tail(&env, 1), vec!["decided: x"]);
}

#[test]
fn efficient_level_skips_plain_experiences_and_obvious_assumptions() {
    let env = with_level("efficient");
    for (args, reason) in [
        (
            &["log", "experience", "reading the whole auth module today"][..],
            "Skipped in efficient mode (no insight markers)",
        ),
        (
            &["log", "assumption", "assuming it works"],
            "Skipped in efficient mode (obvious assumption)",
        ),
        (
            &["log", "assumption", "the API is stable"],
            "Skipped in efficient mode (obvious assumption)",
        ),
    ] {
        let mut args = args.to_vec();
        args.push("--json");
        assert_eq!(json(&env.ok(&args))["reason"], reason);
    }
    env.ok(&["log", "experience", "slow because of the N+1 query"]);
    env.ok(&["log", "experience", "found it"]);
    env.ok(&["log", "assumption", "the cache key includes the locale"]);
    env.ok(&["log", "blocker", "CI red"]);
    assert_eq!(
        session_items(&env, "Experience"),
        vec!["slow because of the N+1 query", "found it"]
    );
    assert_eq!(
        session_items(&env, "Assumptions"),
        vec!["the cache key includes the locale"]
    );
    assert_eq!(session_items(&env, "Blockers"), vec!["CI red"]);
}

#[test]
fn detailed_missing_and_unknown_levels_keep_everything() {
    for config in [
        "{\"logging\": {\"level\": \"detailed\"}}\n",
        "{\"version\": 2}\n",
        "{\"logging\": {\"level\": \"verbose\"}}\n",
    ] {
        let env = Env::initialised();
        env.write(".mind/config.json", config);
        let out = env.mind(&["log", "experience", "x"]).output().unwrap();
        assert!(out.status.success());
        assert_eq!(session_items(&env, "Experience"), vec!["x"], "{config}");
        // config.json is read once per command: one warning, not one per reader.
        let warnings = String::from_utf8_lossy(&out.stderr)
            .matches("logging.level must be")
            .count();
        assert_eq!(
            warnings,
            usize::from(config.contains("verbose")),
            "{config}"
        );
    }
}

#[test]
fn a_log_records_its_activity_and_the_personal_block_in_state() {
    let mut env = Env::initialised();
    env.at("2026-01-15T10:30:00Z");
    env.ok(&["log", "blocker", "staging is down"]);
    let state: serde_json::Value = serde_json::from_str(&env.read(".mind/state.json")).unwrap();
    assert_eq!(state["last_activity"], 1_768_473_000_000_i64);
    let recorded = state["context_blocks"]["CLAUDE.local.md"].as_str().unwrap();
    assert!(recorded.contains("- staging is down"), "{recorded}");
    assert!(
        env.read("CLAUDE.local.md").contains(recorded),
        "the state holds the block the file got"
    );
}

/// The way a user runs it: a real HOME, no MIND_HOME, a git repository.
#[test]
fn as_a_user_runs_it() {
    let user = common::User::new();
    let home = user.home();
    let project = user.folder("repo");
    user.git(&project, &["init", "-q"]);
    let mind = |args: &[&str]| user.mind(&project, args);
    mind(&["init", "-q"]).assert().success();
    assert!(home.join(".local/share/mind/projects.json").exists());
    assert!(!home.join(".mind").exists());
    mind(&["blocker", "the build hangs", "--json"])
        .assert()
        .success();
    mind(&["log", "done", "with", "the", "refactor", "-q"])
        .assert()
        .success()
        .stdout("");
    mind(&["log", "decison", "use", "JWT"]).assert().code(2);
    let session = std::fs::read_to_string(project.join(".mind/SESSION.md")).unwrap();
    assert!(
        session.contains("## Blockers\n- the build hangs\n"),
        "{session}"
    );
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.ends_with("\nfixed: done with the refactor\n"),
        "{memory}"
    );
}

#[test]
fn a_rejection_logged_as_a_decision_stays_a_rejection() {
    // Run the way a user does: a git repository in a temp HOME, no MIND_HOME.
    let env = Env::new();
    let person = env.user();
    person.git(&env.root(), &["init", "-q"]);
    let user = |args: &[&str]| person.ok(&env.root(), args);
    user(&["init"]);
    let out = user(&[
        "log",
        "--type",
        "decision",
        "rejected: graphql - the team does not know it",
        "--json",
    ]);
    assert_eq!(
        json(&out)["text"],
        "decided against: graphql - the team does not know it"
    );
    user(&[
        "log",
        "decision",
        "ruled out: SQLite, no concurrent writers",
    ]);
    user(&[
        "log",
        "decision",
        "against memcached because it does not persist",
    ]);
    user(&["log", "decision", "use postgres over mysql"]);
    assert_eq!(
        memory_tail(&env, 4),
        vec![
            "decided against: graphql - the team does not know it",
            "decided against: SQLite, no concurrent writers",
            "decided against: memcached because it does not persist",
            "decided: use postgres over mysql",
        ]
    );
    // What the agent reads: the rejections are ruled out, never decisions.
    let recall = user(&["recall"]);
    assert!(
        env.dir
            .path()
            .join(".local/share/mind/projects.json")
            .is_file()
    );
    let decisions = recall
        .split("## Recent Decisions\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("a decisions section");
    assert_eq!(decisions, "- use postgres over mysql (2026-01-15)");
    let ruled_out = recall
        .split("## Ruled Out\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("a ruled-out section");
    assert!(ruled_out.contains("graphql"), "{ruled_out}");
    assert!(ruled_out.contains("memcached"), "{ruled_out}");
    assert!(ruled_out.contains("SQLite"), "{ruled_out}");
}

#[test]
fn a_rejection_with_its_subject_gets_the_label_once() {
    // Run the way a user does: a git repository in a temp HOME, no MIND_HOME.
    let env = Env::new();
    let person = env.user();
    person.git(&env.root(), &["init", "-q"]);
    let user = |args: &[&str]| person.ok(&env.root(), args);
    user(&["init"]);
    let out = user(&["log", "we decided against kafka, too heavy", "--json"]);
    assert_eq!(json(&out)["type"], "rejected");
    assert_eq!(json(&out)["text"], "decided against: kafka, too heavy");
    user(&["log", "I've decided against: nats - no persistence"]);
    user(&["log", "decided against redis for the queue"]);
    // A rejection phrase later in the message is part of it.
    user(&["log", "the team decided against GraphQL"]);
    assert_eq!(
        memory_tail(&env, 4),
        vec![
            "decided against: kafka, too heavy",
            "decided against: nats - no persistence",
            "decided against: redis for the queue",
            "decided against: the team decided against GraphQL",
        ]
    );
    // The context block shows what was ruled out, under Ruled Out.
    let recall = user(&["recall"]);
    let ruled_out = recall
        .split("## Ruled Out\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("a ruled-out section");
    assert!(ruled_out.contains("- kafka, too heavy"), "{ruled_out}");
}

/// Every free-text argument reads stdin when it is just `-`, the way `mind log -` does.
#[test]
fn dash_reads_stdin_for_every_free_text_argument() {
    let env = Env::initialised();
    let json = |args: &[&str], stdin: &str| -> serde_json::Value {
        let out = env.mind(args).write_stdin(stdin).output().unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        serde_json::from_slice(&out.stdout).unwrap()
    };
    env.ok(&["log", "decision", "keep sessions in Postgres"]);

    let found = json(&["--json", "search", "-"], "sessions\nPostgres\n");
    assert_eq!(found["query"], "sessions Postgres");
    assert_eq!(
        found["results"][0]["text"],
        "decided: keep sessions in Postgres"
    );

    let reminder = json(
        &["--json", "remind", "-", "tomorrow"],
        "check the\naudit log\n",
    );
    assert_eq!(reminder["message"], "check the audit log");
    let reminder = json(
        &["--json", "remind", "-", "--when", "next session"],
        "rotate keys",
    );
    assert_eq!(reminder["message"], "rotate keys");
    assert!(
        env.read(".mind/REMINDERS.md")
            .contains("check the audit log")
    );

    let blocker = json(&["--json", "blocker", "-"], "uploads time out\n");
    assert_eq!(blocker["text"], "- uploads time out");
    assert!(
        env.read(".mind/SESSION.md")
            .contains("- uploads time out\n")
    );

    let brief = json(&["--json", "helper", "-"], "large uploads\ntime out\n");
    assert_eq!(brief["problem"], "large uploads time out");

    let added = env
        .mind(&["edges", "add", "-", "--workaround", "use the stream API"])
        .write_stdin("Safari drops\ncookies on redirects\n")
        .output()
        .unwrap();
    assert!(added.status.success(), "{added:?}");
    assert!(
        env.read(".mind/MEMORY.md")
            .contains("- Safari drops cookies on redirects -> use the stream API\n")
    );
    let edges = json(&["--json", "edges", "-"], "redirect with cookies in Safari");
    assert_eq!(edges["intent"], "redirect with cookies in Safari");
    assert_eq!(
        edges["edges"][0]["title"],
        "Safari drops cookies on redirects"
    );

    // After `--` a `-` is the text itself.
    env.ok(&["log", "experience", "--", "-"]);
    assert!(env.read(".mind/SESSION.md").contains("- -\n"));
}

#[test]
fn a_failure_after_the_entry_is_written_is_a_warning_and_a_retry_writes_nothing() {
    let env = Env::initialised();
    // state.json that cannot be read: the activity cannot be recorded.
    std::fs::remove_file(env.path(".mind/state.json")).ok();
    std::fs::create_dir(env.path(".mind/state.json")).unwrap();
    let out = env.mind(&["log", "decision", "use JWT"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "logged decision to .mind/MEMORY.md:26\n  decided: use JWT\n"
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("warning: the entry is saved"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The retry a script or an agent makes after any error writes nothing twice.
    env.mind(&["log", "decision", "use JWT"])
        .assert()
        .success()
        .stdout("already logged decision to .mind/MEMORY.md:26\n  decided: use JWT\n");
    std::fs::remove_dir(env.path(".mind/state.json")).unwrap();
    env.mind(&["log", "blocker", "CI is red"])
        .assert()
        .success();
    env.mind(&["log", "blocker", "CI is red"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("already logged blocker"));
    let memory = env.read(".mind/MEMORY.md");
    assert_eq!(memory.matches("decided: use JWT").count(), 1);
    assert_eq!(
        env.read(".mind/SESSION.md").matches("- CI is red").count(),
        1
    );
}

// ---- MEMORY.md read from its end ----

/// `mind log decision TEXT --json`: the line it reports.
fn logged_line(env: &Env, text: &str) -> u64 {
    let out = env.ok(&["log", "decision", text, "--json"]);
    let reply: serde_json::Value = serde_json::from_str(&out).unwrap();
    reply["line"].as_u64().unwrap()
}

/// The 1-based line of `needle` in MEMORY.md, counted from the top.
fn line_of(env: &Env, needle: &str) -> u64 {
    let text = env.read(".mind/MEMORY.md");
    text.lines().position(|l| l == needle).unwrap() as u64 + 1
}

fn age(env: &Env, rel: &str, back: std::time::Duration) {
    env.set_modified(rel, std::time::SystemTime::now() - back);
}

#[test]
fn line_numbers_stay_right_when_the_file_changes_between_logs() {
    let env = Env::initialised();
    env.ok(&["recall"]);
    assert_eq!(
        logged_line(&env, "use JWT"),
        line_of(&env, "decided: use JWT")
    );
    // Lines added at the top by hand (the file grows).
    let text = env.read(".mind/MEMORY.md");
    env.write(".mind/MEMORY.md", format!("# Notes\n\n\n{text}"));
    assert_eq!(
        logged_line(&env, "use REST"),
        line_of(&env, "decided: use REST")
    );
    // Same size, one more line, a new modification time.
    let text = env.read(".mind/MEMORY.md");
    env.write(".mind/MEMORY.md", text.replacen("# Notes", "#\nNotes", 1));
    assert_eq!(
        logged_line(&env, "use gRPC"),
        line_of(&env, "decided: use gRPC")
    );
    // Cut short by hand.
    let text = env.read(".mind/MEMORY.md");
    let cut = &text[..text.find("decided: use REST").unwrap()];
    env.write(".mind/MEMORY.md", cut);
    assert_eq!(
        logged_line(&env, "use SOAP"),
        line_of(&env, "decided: use SOAP")
    );
    // Retried within ten minutes: the same line, nothing written.
    let before = env.read(".mind/MEMORY.md");
    env.mind(&["log", "decision", "use SOAP"])
        .assert()
        .success()
        .stdout(format!(
            "already logged decision to .mind/MEMORY.md:{}\n  decided: use SOAP\n",
            line_of(&env, "decided: use SOAP")
        ));
    assert_eq!(env.read(".mind/MEMORY.md"), before);
}

#[test]
fn a_large_memory_is_appended_to_as_a_small_one() {
    // The last date heading is far from the end (more than any first read of the end),
    // lines end in CRLF, and the last line has no line ending.
    let env = Env::initialised();
    let mut text = String::from("# Project Memory\r\n\r\n## 2026-01-15\r\n\r\n");
    for i in 0..4000 {
        text.push_str(&format!(
            "learned: entry number {i} about the importer and its retries\r\n"
        ));
    }
    text.push_str("learned: the last one");
    env.write(".mind/MEMORY.md", &text);
    age(
        &env,
        ".mind/MEMORY.md",
        std::time::Duration::from_secs(3600),
    );
    let line = logged_line(&env, "use JWT");
    assert_eq!(line, 4006);
    let mut expected = text.clone();
    expected.push_str("\r\ndecided: use JWT\r\n");
    assert_eq!(env.read(".mind/MEMORY.md"), expected);

    // No heading at all: today's heading is added, after a blank line.
    let mut text = String::new();
    for i in 0..4000 {
        text.push_str(&format!(
            "learned: entry number {i} about the importer and its retries\n"
        ));
    }
    env.write(".mind/MEMORY.md", &text);
    assert_eq!(logged_line(&env, "use REST"), 4004);
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!("{text}\n## 2026-01-15\n\ndecided: use REST\n")
    );

    // An earlier day's heading far back: a new heading for today.
    let mut text = String::from("## 2026-01-14\n\n");
    for i in 0..4000 {
        text.push_str(&format!(
            "learned: entry number {i} about the importer and its retries\n"
        ));
    }
    text.push_str("\n\n");
    env.write(".mind/MEMORY.md", &text);
    assert_eq!(logged_line(&env, "use gRPC"), 4007);
    assert_eq!(
        env.read(".mind/MEMORY.md"),
        format!("{text}## 2026-01-15\n\ndecided: use gRPC\n")
    );
}

/// SESSION.md is bounded: the log that would take it past 1 MB first moves the whole file,
/// byte for byte, to `.mind/sessions/`, says so, and writes its item to a fresh SESSION.md
/// that keeps the file's notes. Run as a user: temp HOME, no MIND_HOME, a git repository.
#[test]
fn a_full_session_file_moves_to_the_archive_before_the_next_item() {
    let user = common::User::new();
    let project = user.folder("app");
    user.git(&project, &["init", "-q"]);
    user.ok(&project, &["init", "--quiet"]);
    // A runaway session: the template, a note section, then items up to just under 1 MB.
    let session_path = project.join(".mind/SESSION.md");
    let mut full = std::fs::read_to_string(&session_path).unwrap();
    full.push_str("\n## Notes\nkeep me\n\n## Experience\n");
    let item = format!("- {}\n", "x".repeat(98));
    while full.len() + item.len() <= (1 << 20) - 40 {
        full.push_str(&item);
    }
    // The last item leaves 20 bytes: less than the next item needs.
    let pad = (1 << 20) - 20 - full.len() - 3;
    full.push_str(&format!("- {}\n", "y".repeat(pad)));
    assert_eq!(full.len(), (1 << 20) - 20);
    std::fs::write(&session_path, &full).unwrap();

    user.mind(
        &project,
        &["log", "experience", "one more moment of the session"],
    )
    .assert()
    .success()
    .stderr(predicate::str::contains(
        "SESSION.md reached its size bound (1024 KB): the session so far was moved to \
             .mind/sessions/",
    ));
    let archives: Vec<_> = std::fs::read_dir(project.join(".mind/sessions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    assert_eq!(archives.len(), 1, "{archives:?}");
    assert_eq!(std::fs::read_to_string(&archives[0]).unwrap(), full);
    let fresh = std::fs::read_to_string(&session_path).unwrap();
    assert!(fresh.len() < 1024, "{fresh}");
    assert!(fresh.contains("## Notes\nkeep me\n"), "{fresh}");
    assert!(
        fresh.contains("- one more moment of the session\n"),
        "{fresh}"
    );
    assert!(!fresh.contains(&item), "{fresh}");

    // Below the bound nothing moves.
    user.ok(&project, &["log", "experience", "and another"]);
    assert_eq!(
        std::fs::read_dir(project.join(".mind/sessions"))
            .unwrap()
            .count(),
        2 // the archive and the folder's .gitignore
    );
}

/// A memory that would read back as nothing (a template a program fills in, a legend line)
/// is still saved as written, but `mind log` says that recall will not show it; a plain
/// entry, and the same slot in a code span, log without a word. Run as a user runs it, in
/// two projects, and the recall shows exactly the entries that read back.
#[test]
fn a_memory_that_would_read_back_as_nothing_is_kept_and_named() {
    let user = common::User::new();
    let one = user.project("one", &["init", "--quiet"]);
    let two = user.project("two", &["init", "--quiet"]);
    user.mind(&one, &["log", "decision", "render {title} with {helper}"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "the entry is saved, but it reads back as no memory (label with a format slot), so \
             recall and the context block will not show it as a decision; reword it (put the \
             `{slot}` or the code in backticks) and log it again",
        ));
    user.mind(&one, &["log", "gotcha", "Something that surprised you"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "reads back as no memory (label with template text), so recall and the context \
             block will not show it as a gotcha; reword it (say the particular thing it \
             records) and log it again",
        ));
    user.mind(
        &two,
        &["log", "decision", "render `{title}` with `{helper}`"],
    )
    .assert()
    .success()
    .stderr("");
    // A single slot in a sentence is text about it; a decision against something is written
    // `decided against:` on purpose and reads back as that rejection: no warning for either.
    for message in [
        "the {id} route param must be numeric",
        "against redis - overkill for one cache",
    ] {
        user.mind(&two, &["log", "decision", message])
            .assert()
            .success()
            .stderr("");
    }
    user.mind(
        &two,
        &["log", "decision", "use JWT because sessions are stateless"],
    )
    .assert()
    .success()
    .stderr("");
    let memory = std::fs::read_to_string(one.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.ends_with(
            "decided: render {title} with {helper}\ngotcha: Something that surprised you\n"
        ),
        "{memory}"
    );
    let json = user.ok(
        &one,
        &["log", "decision", "pick {choice} over {other}", "--json"],
    );
    let reply: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        reply["warnings"].as_array().map(Vec::len),
        Some(1),
        "{json}"
    );
    user.ok(&two, &["recall"]);
    let claude = std::fs::read_to_string(two.join("CLAUDE.md")).unwrap();
    assert!(
        claude.contains("render `{title}` with `{helper}`"),
        "{claude}"
    );
    assert!(
        claude.contains("use JWT because sessions are stateless"),
        "{claude}"
    );
}

/// A memory that opens with "when", "why" or "how" and goes on to say what happens is a
/// statement, not a template's prompt: it logs without a warning and recall shows it, while a
/// bare prompt ("What went wrong") still warns. Run as a user runs it.
#[test]
fn a_memory_opening_with_a_question_word_reads_back_as_written() {
    let user = common::User::new();
    let project = user.project("app", &["init", "--quiet"]);
    for (kind, message) in [
        ("gotcha", "When the tab is hidden, timers throttle"),
        ("learning", "why it failed: the token expired after an hour"),
    ] {
        user.mind(&project, &["log", kind, message])
            .assert()
            .success()
            .stderr("");
    }
    user.mind(&project, &["log", "problem", "What went wrong"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "reads back as no memory (label with template text)",
        ));
    user.ok(&project, &["recall"]);
    let claude = std::fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    assert!(
        claude.contains("When the tab is hidden, timers throttle"),
        "{claude}"
    );
    assert!(
        claude.contains("why it failed: the token expired after an hour"),
        "{claude}"
    );
    assert!(!claude.contains("What went wrong"), "{claude}");
}

/// A thread's "Done, thanks" and an attempt that ended "but no success" are typed alike by
/// `mind log` and by the parser reading them in a file: progress, and a rejected approach
/// (in the session, when logged). Run as a person runs it: temp HOME,
/// real git.
#[test]
fn a_done_reply_and_an_attempt_with_no_success_read_alike_everywhere() {
    let user = common::User::new();
    let project = user.project("work/app", &["init"]);
    let logged: serde_json::Value =
        serde_json::from_str(&user.ok(&project, &["--json", "log", "Done, thanks for the push"]))
            .unwrap();
    assert_eq!(logged["type"], "progress", "{logged}");
    let logged: serde_json::Value = serde_json::from_str(&user.ok(
        &project,
        &[
            "--json",
            "log",
            "Tried to pin the runner image as well, but no success",
        ],
    ))
    .unwrap();
    assert_eq!(logged["type"], "rejected", "{logged}");
    let memory = std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory.ends_with("\nfixed: Done, thanks for the push\n"),
        "{memory}"
    );
    let session = std::fs::read_to_string(project.join(".mind/SESSION.md")).unwrap();
    let rejected = session.split("## Rejected\n").nth(1).unwrap();
    assert_eq!(
        rejected.split("\n## ").next().unwrap().trim(),
        "<!-- What didn't work and why -->\n- Tried to pin the runner image as well, but no success"
    );
    // The parser reads the same lines in a file the same way; "Done" as a condition is none.
    assert_eq!(
        user.types_of(
            &project,
            "Done, thanks for the push\nTried to pin the runner image as well, but no success\nDone when the tests pass\n",
        ),
        ["progress", "rejected", "none"]
    );
}

/// Each line parsed from a file (`mind parse --lines`) gets the type expected, and is then
/// logged without a type, one `mind log` each: MEMORY.md and SESSION.md as they are after.
fn parsed_then_logged(
    user: &common::User,
    project: &std::path::Path,
    cases: &[(&str, &str)],
) -> (String, String) {
    let file: String = cases
        .iter()
        .map(|(line, _)| format!("{line}\n\n"))
        .collect();
    // Each line, then the blank line after it.
    let parsed = user.types_of(project, &file);
    assert_eq!(parsed.len(), 2 * cases.len());
    for ((line, expected), got) in cases.iter().zip(parsed.iter().step_by(2)) {
        assert_eq!(got, expected, "{line}");
    }
    for (line, _) in cases {
        user.ok(project, &["log", line]);
    }
    (
        std::fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap(),
        std::fs::read_to_string(project.join(".mind/SESSION.md")).unwrap(),
    )
}

/// The body of one `## NAME` section of SESSION.md, up to the next heading.
fn session_section<'a>(session: &'a str, name: &str) -> &'a str {
    let body = session
        .split(&format!("## {name}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("a {name} section: {session}"));
    body.split("\n## ").next().unwrap()
}

/// Choices and rulings-out as memory files and quick notes write them, logged without a type
/// and parsed from a file: a choice stated without a verb is a decision when its reason
/// follows, a line opening with "Rejected" rules out only with its verdict or reason, and
/// `log` and the parser agree on each. Run as a user runs it: temp HOME, no MIND_* variables
/// but the clock, two projects, real git.
#[test]
fn verbless_choices_and_noted_rejections_are_typed_alike_by_log_and_parser() {
    let user = common::User::new();
    let app = user.project("code/app", &["init", "--quiet"]);
    let other = user.project("code/other", &["init", "--quiet"]);
    let cases = [
        (
            "Postgres over Mongo for the event store, since we need transactions",
            "decision",
        ),
        (
            "JWT instead of server sessions: the API is stateless",
            "decision",
        ),
        ("Composition over inheritance", "none"),
        ("Rejected Redis for sessions, overkill", "rejected"),
        ("Rejected GraphQL in favour of REST", "rejected"),
        ("Rejected uploads go to the quarantine bucket", "none"),
    ];
    let (memory, session) = parsed_then_logged(&user, &app, &cases);
    assert!(
        memory.contains(
            "\ndecided: Postgres over Mongo for the event store, since we need transactions\n"
        ),
        "{memory}"
    );
    assert!(
        memory.contains("\ndecided: JWT instead of server sessions: the API is stateless\n"),
        "{memory}"
    );
    let section = |name: &str| session_section(&session, name);
    // Tried and ruled out for this session: SESSION.md's rejected approaches.
    let rejected = section("Rejected");
    assert!(
        rejected.contains("- Rejected Redis for sessions, overkill\n"),
        "{session}"
    );
    assert!(
        rejected.contains("- Rejected GraphQL in favour of REST\n"),
        "{session}"
    );
    // The rest are experiences of the session, typed by nothing.
    let experience = section("Experience");
    assert!(
        experience.contains("- Composition over inheritance\n"),
        "{session}"
    );
    assert!(
        experience.contains("- Rejected uploads go to the quarantine bucket\n"),
        "{session}"
    );
    // The other project is untouched.
    assert!(
        !std::fs::read_to_string(other.join(".mind/MEMORY.md"))
            .unwrap()
            .contains("Postgres over Mongo")
    );
}

/// The forms the probe of canonical memory forms found the rules missing, run as a user runs
/// them: `mind log` and the parser give each the same type, and each lands where its type
/// belongs; a placeholder after a session label is no blocker.
#[test]
fn picks_reasons_not_to_use_findings_and_foreign_cues_are_typed_alike_by_log_and_parser() {
    let user = common::User::new();
    let app = user.project("code/app", &["init", "--quiet"]);
    let other = user.project("code/other", &["init", "--quiet"]);
    let cases = [
        (
            "Picked Zod for request validation in the API gateway",
            "decision",
        ),
        ("Picked up the billing ticket for this sprint", "none"),
        (
            "Not using Redux because the app state fits in React context",
            "rejected",
        ),
        ("Not using the cache makes every request slow", "none"),
        (
            "Found the root cause: the CDN cached API responses for 10 minutes",
            "learning",
        ),
        (
            "Profiling showed that 80% of request time goes to JSON serialization",
            "learning",
        ),
        ("Decidimos usar gRPC entre los servicios", "decision"),
        (
            "J'ai découvert que BGSAVE ne bloque pas le serveur",
            "learning",
        ),
        ("决定使用 PostgreSQL，因为需要 JSONB", "decision"),
        ("Achtung: npm ci löscht node_modules komplett", "gotcha"),
    ];
    let (memory, _) = parsed_then_logged(&user, &app, &cases);
    user.ok(&app, &["log", "Blocked: None"]);
    let session = std::fs::read_to_string(app.join(".mind/SESSION.md")).unwrap();
    for entry in [
        "\ndecided: Picked Zod for request validation in the API gateway\n",
        "\nlearned: Found the root cause: the CDN cached API responses for 10 minutes\n",
        "\nlearned: Profiling showed that 80% of request time goes to JSON serialization\n",
        "\ndecided: Decidimos usar gRPC entre los servicios\n",
        "\nlearned: J'ai découvert que BGSAVE ne bloque pas le serveur\n",
        "\ndecided: 决定使用 PostgreSQL，因为需要 JSONB\n",
        // A line with its own type label is kept as written.
        "\nAchtung: npm ci löscht node_modules komplett\n",
    ] {
        assert!(memory.contains(entry), "{entry:?} in {memory}");
    }
    // A choice not to use something, with its reason, is a standing decision: memory.
    assert!(
        memory.contains(
            "\ndecided against: Not using Redux because the app state fits in React context\n"
        ),
        "{memory}"
    );
    assert!(!session.contains("Not using Redux"), "{session}");
    let section = |name: &str| session_section(&session, name);
    let experience = section("Experience");
    for note in [
        "- Picked up the billing ticket for this sprint\n",
        "- Not using the cache makes every request slow\n",
        "- Blocked: None\n",
    ] {
        assert!(experience.contains(note), "{note:?} in {session}");
    }
    assert!(!section("Blockers").contains("None"), "{session}");
    assert!(
        !std::fs::read_to_string(other.join(".mind/MEMORY.md"))
            .unwrap()
            .contains("Zod")
    );
}
