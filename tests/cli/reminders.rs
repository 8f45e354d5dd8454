//! `mind remind`, `mind reminders`, and reminders at recall and on log.

use crate::common;

use common::Env;
use predicates::prelude::*;
use serde_json::Value;

const REMINDERS: &str = ".mind/REMINDERS.md";

/// The reminder lines of REMINDERS.md (`- [` lines), in order.
fn lines(env: &Env) -> Vec<String> {
    env.read(REMINDERS)
        .lines()
        .filter(|l| l.trim_start().starts_with("- ["))
        .map(str::to_string)
        .collect()
}

fn json(env: &Env, args: &[&str]) -> Value {
    serde_json::from_str(&env.ok(args)).expect("JSON reply")
}

#[test]
fn every_when_form_is_written_in_the_python_format() {
    // Thursday 15 January 2026, 09:30 UTC.
    let mut env = Env::initialised();
    env.at("2026-01-15T09:30:00Z");
    let cases = [
        ("tomorrow", "2026-01-16 | absolute"),
        ("tonight", "2026-01-15T20:00:00 | absolute"),
        ("tomorrow 9am", "2026-01-16T09:00:00 | absolute"),
        ("in 3 days", "2026-01-18 | absolute"),
        ("in 2 hours", "2026-01-15T11:30:00 | absolute"),
        ("in 2 weeks", "2026-01-29 | absolute"),
        ("next friday", "2026-01-16 | absolute"),
        ("next thursday", "2026-01-22 | absolute"),
        ("next week", "2026-01-19 | absolute"),
        ("2026-12-01", "2026-12-01 | absolute"),
        ("Dec 20", "2026-12-20 | absolute"),
        ("Jan 2", "2027-01-02 | absolute"),
        ("friday 8pm", "2026-01-16T20:00:00 | absolute"),
        ("next session", "2026-01-15 | next session"),
        ("when I mention auth", "auth | context"),
        ("when we work on the database", "database | context"),
        ("when deploy comes up", "deploy | context"),
        (
            "when I mention auth, login and oauth",
            "auth,login,oauth | context",
        ),
    ];
    for (i, (when, fields)) in cases.iter().enumerate() {
        let message = format!("message {i}");
        let out = env.ok(&["remind", &message, when]);
        assert!(
            out.starts_with(&format!("reminder {}: ", i + 1)),
            "{when}: {out}"
        );
        let last = lines(&env).pop().unwrap();
        assert_eq!(last, format!("- [ ] {fields} | {message}"), "{when}");
    }
    // Pending reminders sit under `## Reminders`, in the order they were set.
    let text = env.read(REMINDERS);
    let section = text.split("## Reminders\n").nth(1).unwrap();
    let section = section.split("\n\n## Done").next().unwrap();
    assert_eq!(section.lines().count(), cases.len());
}

#[test]
fn month_and_year_rollover() {
    let mut env = Env::initialised();
    env.at("2026-12-31T22:00:00Z");
    for when in ["tomorrow", "in 3 hours", "in 2 days", "next week", "Dec 20"] {
        env.ok(&["remind", when, when]);
    }
    env.at("2026-01-31T09:00:00Z");
    env.ok(&["remind", "month", "in 1 month"]);
    assert_eq!(
        lines(&env),
        [
            "- [ ] 2027-01-01 | absolute | tomorrow",
            "- [ ] 2027-01-01T01:00:00 | absolute | in 3 hours",
            "- [ ] 2027-01-02 | absolute | in 2 days",
            "- [ ] 2027-01-04 | absolute | next week",
            "- [ ] 2027-12-20 | absolute | Dec 20",
            "- [ ] 2026-02-28 | absolute | month",
        ]
    );
}

#[test]
fn when_flag_and_unquoted_messages() {
    let env = Env::initialised();
    env.ok(&["remind", "check", "the", "audit", "--when", "tomorrow"]);
    env.ok(&["remind", "call", "Bob", "in", "2", "days"]);
    env.ok(&["remind", "rotate", "tokens", "when", "I", "mention", "auth"]);
    assert_eq!(
        lines(&env),
        [
            "- [ ] 2026-01-16 | absolute | check the audit",
            "- [ ] 2026-01-17 | absolute | call Bob",
            "- [ ] auth | context | rotate tokens",
        ]
    );
}

#[test]
fn unknown_when_and_empty_message_write_nothing() {
    let env = Env::initialised();
    let before = env.read_bytes(REMINDERS);
    for when in [
        "sometime",
        "whenever",
        "next monsoon",
        "2026-13-45",
        "yesterday",
    ] {
        env.mind(&["remind", "do it", when])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("unknown WHEN"))
            .stderr(predicate::str::contains("accepted WHEN forms"))
            .stderr(predicate::str::contains("when I mention auth"));
    }
    env.mind(&["remind", "  ", "tomorrow"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("empty message"));
    env.mind(&["remind", "only a message"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("missing WHEN"));
    assert_eq!(env.read_bytes(REMINDERS), before);
}

#[test]
fn reads_the_three_formats_in_the_wild() {
    let env = Env::initialised();
    env.write(
        REMINDERS,
        "# Reminders

## Pending
- [ ] 2026-01-20 | absolute | python mind line | with a pipe
- [ ] Review PR | due: 2026-02-01 | type: absolute
- [ ] Talk to security | due: auth, login | type: context
- [ ] Check security audit | due: tomorrow
- [ ] Review auth flow | trigger: when I mention auth

## Done
- [x] Update docs | completed: 2025-12-13
",
    );
    let reply = json(&env, &["reminders", "--all", "--json"]);
    let got: Vec<(u64, &str, &str, bool)> = reply["reminders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["number"].as_u64().unwrap(),
                r["message"].as_str().unwrap(),
                r["type"].as_str().unwrap(),
                r["done"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (1, "python mind line | with a pipe", "absolute", false),
            (2, "Review PR", "absolute", false),
            (3, "Talk to security", "context", false),
            (4, "Check security audit", "unresolved", false),
            (5, "Review auth flow", "context", false),
            (6, "Update docs", "unresolved", true),
        ]
    );
    assert_eq!(
        reply["reminders"][2]["keywords"],
        serde_json::json!(["auth", "login"])
    );
    assert_eq!(
        reply["reminders"][4]["keywords"],
        serde_json::json!(["auth"])
    );
    assert!(reply["unreadable"].as_array().unwrap().is_empty());
    // Without --all only the pending ones, with the same numbers.
    let out = env.ok(&["reminders"]);
    assert!(out.starts_with("1. python mind line | with a pipe (due Tue 2026-01-20)\n"));
    assert!(out.contains("5. Review auth flow (when you mention auth)\n"));
    assert!(!out.contains("Update docs"));
}

#[test]
fn real_python_mind_file_is_read_and_extended() {
    let env = Env::initialised();
    let original = include_str!("../fixtures/vibeforge1111__vibeship-spawner-ui__REMINDERS.md");
    env.write(REMINDERS, original);
    let reply = json(&env, &["reminders", "--all", "--json"]);
    let only = &reply["reminders"][0];
    assert_eq!(only["done"], true);
    assert!(
        only["message"]
            .as_str()
            .unwrap()
            .starts_with("Implement LITE+ in Mind v5")
    );
    env.mind(&["reminders"])
        .assert()
        .success()
        .stdout("")
        .stderr(predicate::str::contains("no pending reminders"));

    env.ok(&["remind", "check the tiers doc", "tomorrow"]);
    let (head, tail) = original.split_at(original.find("\n\n").unwrap() + 1);
    assert_eq!(
        env.read(REMINDERS),
        format!("{head}- [ ] 2026-01-16 | absolute | check the tiers doc\n{tail}")
    );
    // The Python Mind's own pattern reads the new line.
    let python = regex::Regex::new(r"^- \[([ x])\] ([^|]+)\|([^|]+)\|(.+)$").unwrap();
    assert!(python.is_match(&lines(&env)[1]));
    env.mind(&["reminders", "done", "1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("reminder 1 is already done"));
}

#[test]
fn done_duplicate_and_unknown_numbers() {
    let env = Env::initialised();
    env.ok(&["remind", "first", "tomorrow"]);
    env.ok(&["remind", "second", "in 3 days"]);
    env.ok(&["remind", "third", "when I mention deploy"]);

    assert_eq!(env.ok(&["reminders", "done", "2"]), "done 2: second\n");
    assert_eq!(lines(&env)[1], "- [x] 2026-01-18 | done | second");
    // The others keep their numbers.
    let out = env.ok(&["reminders"]);
    assert_eq!(
        out,
        "1. first (due Fri 2026-01-16)\n3. third (when you mention deploy)\n"
    );

    let before = env.read_bytes(REMINDERS);
    env.mind(&["reminders", "done", "2"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "reminder 2 is already done: second",
        ));
    env.mind(&["reminders", "done", "9"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no reminder 9 (numbers run from 1 to 3",
        ));
    // One bad number in a list: nothing is written.
    env.mind(&["reminders", "done", "1", "7"]).assert().code(1);
    env.mind(&["reminders", "done", "one"]).assert().code(2);
    assert_eq!(env.read_bytes(REMINDERS), before);

    let reply = json(&env, &["reminders", "done", "1", "3", "--json"]);
    assert_eq!(reply["done"][1]["number"], 3);
    assert!(lines(&env).iter().all(|l| l.starts_with("- [x]")));
}

#[test]
fn next_session_reminders_show_once_and_due_ones_until_done() {
    let mut env = Env::initialised();
    env.ok(&["remind", "demo prep", "next session"]);
    env.ok(&["remind", "security audit", "tomorrow"]);
    env.ok(&["remind", "rotate tokens", "when I mention auth"]);

    // Later in the session it was set in (an agent's recall, a hook's): not yet.
    env.at("2026-01-15T09:05:00Z");
    let same = env.ok(&["recall"]);
    assert!(!same.contains("demo prep"), "{same}");
    assert_eq!(
        lines(&env)[0],
        "- [ ] 2026-01-15 | next session | demo prep"
    );
    assert!(same.contains(
        "## Context Reminders\nMention these when relevant keywords come up:\n- [3] \"rotate tokens\" -> triggers on: auth\n"
    ));

    // The next session: shown, once, with the reminders due by then.
    env.at("2026-01-16T08:00:00Z");
    let first = env.ok(&["recall"]);
    assert!(first.contains(
        "## Reminders Due\nYou have 2 reminder(s) for this session (when handled: `mind reminders done N`):\n- demo prep\n"
    ), "{first}");
    assert!(first.contains("- [2] security audit (due 2026-01-16)\n"));
    assert!(env.read("CLAUDE.local.md").contains("- demo prep\n"));
    assert!(
        !env.read("CLAUDE.md").contains("demo prep"),
        "reminders are personal"
    );
    assert_eq!(lines(&env)[0], "- [x] 2026-01-15 | done | demo prep");

    env.at("2026-01-16T08:05:00Z");
    let second = env.ok(&["recall"]);
    assert!(!second.contains("demo prep"), "shown once: {second}");
    assert!(second.contains("- [2] security audit (due 2026-01-16)\n"));

    // The session after moves the completed line under `## Done`.
    env.at("2026-01-17T08:00:00Z");
    env.ok(&["recall"]);
    assert!(
        env.read(REMINDERS)
            .ends_with("## Done\n- [x] 2026-01-15 | done | demo prep\n")
    );

    env.at("2026-01-17T08:10:00Z");
    let reply = json(&env, &["recall", "--json"]);
    assert_eq!(reply["reminders"]["due"][0]["message"], "security audit");
    assert_eq!(reply["reminders"]["due"][0]["number"], 1);
    assert_eq!(
        reply["reminders"]["context"][0]["keywords"],
        serde_json::json!(["auth"])
    );
    env.ok(&["reminders", "done", "1"]);
    env.at("2026-01-17T08:20:00Z");
    assert!(!env.ok(&["recall"]).contains("## Reminders Due"));
    assert!(!env.read("CLAUDE.md").contains("## Reminders Due"));
}

#[test]
fn context_reminders_fire_when_a_log_mentions_them() {
    let mut env = Env::initialised();
    env.ok(&[
        "remind",
        "rotate tokens",
        "when I mention auth and rate limits",
    ]);
    env.ok(&["remind", "tag the release", "when deploy comes up"]);

    let out = env.ok(&["log", "decision", "move Auth into the gateway"]);
    assert!(out.contains(
        "reminder 1: rotate tokens (you mentioned auth; when handled: mind reminders done 1)"
    ));
    assert!(!out.contains("tag the release"));

    // Reminder 1 already fired this session; reminder 2 fires for the first time.
    let reply = json(
        &env,
        &[
            "--json",
            "log",
            "experience",
            "deploying hit the rate-limit",
        ],
    );
    let fired = reply["reminders"].as_array().unwrap();
    assert_eq!(fired.len(), 1, "{reply}");
    assert_eq!(fired[0]["number"], 2);
    assert_eq!(fired[0]["matched"], serde_json::json!(["deploy"]));

    // A new session: both fire again while pending.
    env.at("2026-01-15T12:00:00Z");
    env.ok(&["recall"]);
    let reply = json(
        &env,
        &[
            "--json",
            "log",
            "experience",
            "deploying hit the rate-limit",
        ],
    );
    let fired = reply["reminders"].as_array().unwrap();
    assert_eq!(fired.len(), 2, "{reply}");
    assert_eq!(fired[0]["matched"], serde_json::json!(["rate limits"]));
    assert_eq!(fired[1]["number"], 2);

    // Whole words only: "author" is not "auth".
    let out = env.ok(&["log", "learning", "the author of the parser left notes"]);
    assert!(!out.contains("reminder"), "{out}");
    let reply = json(
        &env,
        &["--json", "log", "learning", "the author wrote more"],
    );
    assert!(reply.get("reminders").is_none());

    // A done context reminder no longer fires, even in a later session.
    env.ok(&["reminders", "done", "1"]);
    env.at("2026-01-15T15:00:00Z");
    env.ok(&["recall"]);
    assert!(
        !env.ok(&["log", "decision", "auth stays"])
            .contains("reminder")
    );
}

#[test]
fn a_context_reminder_fires_once_per_session() {
    let mut env = Env::initialised();
    env.ok(&["remind", "rotate tokens", "when I mention auth"]);
    env.ok(&["recall"]);
    let first = env.ok(&["log", "decision", "move auth into the gateway"]);
    assert!(first.contains("reminder 1: rotate tokens"), "{first}");
    // Ten minutes later, same session: quiet, in human and JSON output.
    env.at("2026-01-15T09:10:00Z");
    let again = env.ok(&["log", "experience", "auth tokens expire early"]);
    assert!(!again.contains("reminder"), "{again}");
    let reply = json(&env, &["--json", "blocker", "auth still broken"]);
    assert!(reply.get("reminders").is_none(), "{reply}");
    // The record names the session it belongs to.
    let state: serde_json::Value = serde_json::from_str(&env.read(".mind/state.json")).unwrap();
    assert_eq!(state["fired_reminders"]["ids"].as_array().unwrap().len(), 1);
    // A search still lists it: the user asked.
    let found = json(&env, &["--json", "search", "auth"]);
    assert_eq!(found["reminders"][0]["number"], 1, "{found}");
    // The next session fires it again, once.
    env.at("2026-01-15T11:00:00Z");
    env.ok(&["recall"]);
    let next = env.ok(&["log", "decision", "auth moves back"]);
    assert!(next.contains("reminder 1: rotate tokens"), "{next}");
    assert!(
        !env.ok(&["log", "decision", "auth stays"])
            .contains("reminder")
    );
}

#[test]
fn corrupted_lines_are_kept_and_reported() {
    let env = Env::initialised();
    let file = "## Reminders\r\n- [ ] 2026-01-20 | absolute | fine\r\n- [ ] this line is broken\r\n- [ ] 2026-13-45 | absolute | bad date\r\n\r\n## Done\r\n";
    env.write(REMINDERS, file);
    env.mind(&["status"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "REMINDERS.md line 3: not a reminder mind can read",
        ))
        .stdout(predicate::str::contains(
            "kept as is: - [ ] this line is broken",
        ))
        .stdout(predicate::str::contains("REMINDERS.md line 4"));
    env.mind(&["reminders"])
        .assert()
        .success()
        .stdout("1. fine (due Tue 2026-01-20)\n")
        .stderr(predicate::str::contains(
            "line 3 is not a reminder mind can read",
        ));

    env.ok(&["remind", "new one", "tomorrow"]);
    env.ok(&["reminders", "done", "1"]);
    assert_eq!(
        env.read(REMINDERS),
        "## Reminders\r\n- [x] 2026-01-20 | done | fine\r\n- [ ] this line is broken\r\n- [ ] 2026-13-45 | absolute | bad date\r\n- [ ] 2026-01-16 | absolute | new one\r\n\r\n## Done\r\n"
    );
}

#[test]
fn a_missing_file_is_created_and_outside_a_project_is_an_error() {
    let env = Env::initialised();
    std::fs::remove_file(env.path(REMINDERS)).unwrap();
    assert!(env.ok(&["recall"]).contains("## Memory: Active"));
    env.ok(&["remind", "x", "tomorrow"]);
    assert!(
        env.read(REMINDERS)
            .contains("## Reminders\n- [ ] 2026-01-16 | absolute | x\n")
    );

    let bare = Env::new();
    bare.mind(&["remind", "x", "tomorrow"]).assert().code(1);
}

#[test]
fn context_reminders_fire_on_search_and_blocker() {
    let env = Env::initialised();
    env.ok(&["remind", "rotate the refresh tokens", "when I mention auth"]);
    env.ok(&["log", "decision", "keep sessions short"]);
    let out = env.ok(&["search", "auth", "sessions"]);
    assert!(
        out.contains("reminder 1: rotate the refresh tokens"),
        "{out}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(&["search", "auth", "--json"])).unwrap();
    assert_eq!(json["reminders"][0]["number"], 1);
    assert_eq!(json["reminders"][0]["matched"], serde_json::json!(["auth"]));
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(&["search", "sessions", "--json"])).unwrap();
    assert!(json.get("reminders").is_none(), "no keyword, no reminder");
    let out = env.ok(&["blocker", "auth callback returns 500"]);
    assert!(
        out.contains("reminder 1: rotate the refresh tokens"),
        "{out}"
    );
}

#[test]
fn a_when_holding_control_characters_is_refused_and_nothing_written() {
    let env = Env::initialised();
    let before = env.read_bytes(REMINDERS);
    for when in ["when I mention a\u{1}b", "tomorrow\u{1b}[2J"] {
        env.mind(&["remind", "rotate tokens", "--when", when])
            .assert()
            .failure()
            .stderr(predicate::str::contains("control character \\u00"))
            .stderr(predicate::str::contains('\u{1b}').not());
    }
    assert_eq!(env.read_bytes(REMINDERS), before);
}

#[test]
fn done_reminders_stay_read_when_the_file_ends_in_an_open_code_fence() {
    let mut env = Env::initialised();
    env.write(
        REMINDERS,
        "## Reminders\n- [ ] 2026-01-15 | next session | demo prep\n- [ ] 2027-01-01 | absolute | later\n\n```\nnotes left open\n",
    );
    env.at("2026-01-15T09:05:00Z");
    assert!(env.ok(&["recall"]).contains("- demo prep\n"));
    // The next session moves the shown reminder under `## Done`, outside the fence.
    env.at("2026-01-16T08:00:00Z");
    env.ok(&["recall"]);
    assert_eq!(
        env.read(REMINDERS),
        "## Reminders\n- [ ] 2027-01-01 | absolute | later\n\n## Done\n- [x] 2026-01-15 | done | demo prep\n\n```\nnotes left open\n"
    );
    let reply = json(&env, &["reminders", "--all", "--json"]);
    assert_eq!(reply["reminders"][1]["message"], "demo prep", "{reply}");
    assert_eq!(reply["reminders"][1]["done"], true, "{reply}");
}

#[test]
fn a_done_line_without_a_due_lists_with_no_due_date() {
    let env = Env::initialised();
    env.write(REMINDERS, "## Done\n- [x]  | done | old one\n");
    let reply = json(&env, &["reminders", "--all", "--json"]);
    assert_eq!(reply["reminders"][0]["message"], "old one", "{reply}");
    assert_eq!(reply["reminders"][0]["type"], "unresolved", "{reply}");
    assert_eq!(env.ok(&["reminders", "--all"]), "1. old one (done)\n");
}

#[test]
fn swept_reminders_go_above_a_line_read_as_a_heading() {
    let mut env = Env::initialised();
    env.write(
        REMINDERS,
        "## Reminders\n- [ ] 2026-01-15 | next session | demo prep\n\n## Done\n- [x] old | done | c\n##-01 notes\n",
    );
    env.at("2026-01-15T09:05:00Z");
    env.ok(&["recall"]);
    env.at("2026-01-16T08:00:00Z");
    env.ok(&["recall"]);
    assert_eq!(
        env.read(REMINDERS),
        "## Reminders\n\n## Done\n- [x] old | done | c\n- [x] 2026-01-15 | done | demo prep\n##-01 notes\n"
    );
}
