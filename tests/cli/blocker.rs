//! Blocker help (`mind blocker`, `mind log blocker`) and retrieval on signal (the first
//! experience of a session, a recall that continues a non-empty session).

use crate::common;

use common::Env;
use predicates::prelude::*;
use serde_json::{Value, json};

const MEMORY: &str = "# demo

## Session Log

## 2026-01-08

problem: npm ci fails in CI because package-lock.json is out of sync with package.json
gotcha: npm 6 silently ignored an out of sync lockfile
decided: CI fails the build when the lockfile is out of sync
learned: npm ci never rewrites package-lock.json, unlike npm install
fixed: regenerated package-lock.json with the npm version CI uses

## 2026-01-10

learned: Safari drops cookies on cross-site redirects
decided: sessions live in Postgres
";

fn env() -> Env {
    let env = Env::initialised();
    env.write(".mind/MEMORY.md", MEMORY);
    env
}

fn json_of(env: &Env, args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&env.ok(&all)).expect("JSON")
}

fn blockers(env: &Env) -> Vec<String> {
    let session = env.read(".mind/SESSION.md");
    let section = session.split("## Blockers").nth(1).unwrap();
    let section = section.split("## ").next().unwrap();
    section
        .lines()
        .filter_map(|l| l.strip_prefix("- "))
        .map(str::to_string)
        .collect()
}

#[test]
fn blocker_is_logged_and_past_solutions_come_first() {
    let env = env();
    let v = json_of(&env, &["blocker", "npm ci fails: lockfile out of sync"]);
    assert_eq!(v["type"], "blocker");
    assert_eq!(v["file"], ".mind/SESSION.md");
    assert_eq!(v["line"], 7);
    assert_eq!(blockers(&env), vec!["npm ci fails: lockfile out of sync"]);
    let got: Vec<(String, u64)> = v["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["type"].as_str().unwrap().into(),
                r["line"].as_u64().unwrap(),
            )
        })
        .collect();
    // Progress, learning and decision lines before the problem and the gotcha.
    let kinds: Vec<&str> = got.iter().map(|(k, _)| k.as_str()).collect();
    let first_other = kinds
        .iter()
        .position(|k| !["progress", "learning", "decision"].contains(k))
        .unwrap_or(kinds.len());
    assert!(first_other >= 3, "{got:?}");
    assert!(
        kinds[first_other..]
            .iter()
            .all(|k| ["problem", "gotcha", "note"].contains(k)),
        "{got:?}"
    );
    let lines: Vec<u64> = got.iter().map(|(_, l)| *l).collect();
    for line in [9, 10, 11] {
        assert!(lines.contains(&line), "{got:?}");
    }
    assert!(!lines.contains(&15), "Safari is not about npm: {got:?}");
    assert!(v.get("next_steps").is_none());
}

#[test]
fn blocker_without_a_match_says_so_and_suggests_next_steps() {
    let env = env();
    let v = json_of(&env, &["blocker", "the GPU driver crashes under Wayland"]);
    assert_eq!(v["solutions"], json!([]));
    assert_eq!(v["next_steps"].as_array().unwrap().len(), 3);
    assert_eq!(blockers(&env), vec!["the GPU driver crashes under Wayland"]);
    env.mind(&["blocker", "the kernel panics on resume"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "logged blocker to .mind/SESSION.md:8\n  - the kernel panics on resume\nno past solution in memory; next:\n  - check your assumptions",
        ))
        .stdout(predicate::str::contains(
            "mind helper 'the kernel panics on resume'",
        ));
}

#[test]
fn log_blocker_shows_the_same_solutions() {
    let env = env();
    let a = json_of(&env, &["blocker", "lockfile out of sync breaks npm ci"]);
    let b = json_of(
        &env,
        &["log", "blocker", "lockfile out of sync breaks npm ci"],
    );
    assert_eq!(a["solutions"], b["solutions"]);
    assert!(!a["solutions"].as_array().unwrap().is_empty());
    let out = env.ok(&["log", "blocker", "lockfile out of sync breaks npm ci"]);
    assert!(out.contains("past solutions:\n   1. "), "{out}");
}

#[test]
fn empty_blocker_is_a_usage_error() {
    let env = env();
    env.mind(&["blocker", " "]).assert().code(2);
    env.mind(&["blocker"]).assert().code(2);
    assert!(blockers(&env).is_empty());
}

#[test]
fn first_experience_of_a_session_surfaces_relevant_memories() {
    let env = env();
    let v = json_of(
        &env,
        &[
            "log",
            "experience",
            "Safari keeps dropping the cookie after the cross-site redirect",
        ],
    );
    let found = v["relevant_memories"]
        .as_array()
        .expect("relevant memories");
    assert_eq!(found[0]["line"], 15, "{v:#}");
    assert_eq!(
        found[0]["text"],
        "learned: Safari drops cookies on cross-site redirects"
    );
    assert!(found[0]["score"].as_f64().unwrap() >= 0.5);
    assert!(found.len() <= 2);
    // Only the first experience of a session triggers retrieval.
    let later = json_of(
        &env,
        &[
            "log",
            "experience",
            "Safari drops cookies on cross-site redirects again",
        ],
    );
    assert!(later.get("relevant_memories").is_none(), "{later:#}");
}

#[test]
fn unrelated_first_experience_surfaces_nothing() {
    let env = env();
    let v = json_of(
        &env,
        &["log", "experience", "refactored the billing PDF layout"],
    );
    assert!(v.get("relevant_memories").is_none(), "{v:#}");
    let out = env.ok(&["log", "experience", "more PDF layout work"]);
    assert_eq!(
        out,
        "logged experience to .mind/SESSION.md:6\n  - more PDF layout work\n"
    );
}

#[test]
fn recall_with_a_session_in_progress_surfaces_relevant_memories() {
    let mut env = env();
    env.ok(&["recall"]);
    env.at("2026-01-15T09:10:00Z");
    env.ok(&["log", "experience", "wrote the weekly report"]);
    env.ok(&[
        "log",
        "experience",
        "npm ci is failing on the lockfile again",
    ]);
    env.at("2026-01-15T09:20:00Z");
    let v = json_of(&env, &["recall"]);
    assert_eq!(v["new_session"], false);
    let found = v["relevant_memories"]
        .as_array()
        .expect("relevant memories");
    assert!(!found.is_empty() && found.len() <= 2);
    // Lines of the npm lockfile day, not the Safari one.
    assert!(
        found
            .iter()
            .all(|r| (7..=11).contains(&r["line"].as_u64().unwrap())),
        "{found:?}"
    );
    let out = env.ok(&["recall"]);
    assert!(
        out.contains("you've dealt with this before:\n   1. "),
        "{out}"
    );
    // An empty session has nothing to go on.
    env.at("2026-01-15T12:00:00Z");
    let v = json_of(&env, &["recall"]);
    assert_eq!(v["new_session"], true);
    assert!(v.get("relevant_memories").is_none());
}

#[test]
fn entries_of_the_current_session_are_not_dealt_with_before() {
    let mut env = env();
    env.ok(&["recall"]);
    env.ok(&[
        "log",
        "problem",
        "the docker build cache misses every layer after the base image bump",
    ]);
    // Ten minutes later, a blocker on the same subject: the fresh entry is not a past solution.
    env.at("2026-01-15T09:10:00Z");
    let v = json_of(
        &env,
        &[
            "blocker",
            "docker build cache misses every layer after the base image bump",
        ],
    );
    assert_eq!(v["solutions"], json!([]), "{v:#}");
    assert!(v["next_steps"].as_array().is_some_and(|s| !s.is_empty()));
    // An entry from an earlier session still shows.
    let v = json_of(&env, &["blocker", "npm ci fails: lockfile out of sync"]);
    let lines: Vec<u64> = v["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["line"].as_u64().unwrap())
        .collect();
    assert!(lines.contains(&11), "{v:#}");
    // The same for the first experience of a session.
    env.ok(&[
        "log",
        "learning",
        "the websocket proxy drops idle connections after sixty seconds",
    ]);
    let out = env.ok(&[
        "log",
        "experience",
        "websocket proxy drops idle connections after sixty seconds",
    ]);
    assert!(!out.contains("dealt with this before"), "{out}");

    // In the next session both are past experience.
    env.at("2026-01-15T11:00:00Z");
    env.ok(&["recall"]);
    let out = env.ok(&[
        "log",
        "experience",
        "websocket proxy drops idle connections after sixty seconds",
    ]);
    assert!(out.contains("you've dealt with this before:"), "{out}");
    assert!(
        out.contains("learned: the websocket proxy drops idle connections"),
        "{out}"
    );
    let out = env.ok(&[
        "blocker",
        "docker build cache misses every layer after the base image bump",
    ]);
    assert!(out.contains("past solutions:"), "{out}");
    assert!(
        out.contains("problem: the docker build cache misses every layer"),
        "{out}"
    );
}

#[test]
fn flags_after_the_description_are_flags() {
    let env = Env::initialised();
    let out = env.ok(&["blocker", "CI is red", "--json"]);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["text"], "- CI is red");
    env.mind(&["blocker", "the", "GPU", "hangs", "-q"])
        .assert()
        .success()
        .stdout("");
    env.ok(&["blocker", "staging is down", "--color", "never"]);
    env.ok(&["blocker", "--", "--json", "output", "is", "empty"]);
    assert_eq!(
        blockers(&env),
        vec![
            "CI is red",
            "the GPU hangs",
            "staging is down",
            "--json output is empty"
        ]
    );
    let context = env.ok(&["recall"]);
    assert!(context.contains("CI is red"), "{context}");
    assert!(!context.contains("CI is red --json"), "{context}");
}

#[test]
fn a_blocker_fixed_during_its_session_stops_blocking_at_once() {
    // Run as a user runs it: a temp HOME, a git project with the hooks; one blocker fixed
    // with `mind log fixed`, one by a commit, one still blocking.
    let mut user = common::User::new();
    let app = user.project("app", &["init", "--hooks"]);
    user.at("2026-01-15T09:00:00Z").ok(&app, &["recall"]);
    user.log_each(
        &app,
        "blocker",
        &[
            "checkout page hangs on the payment step",
            "webhook retries flood the payment queue",
            "staging database refuses connections",
        ],
    );
    // The session's sections go to the personal block (`mind init` sets it up).
    let block = || std::fs::read_to_string(app.join("CLAUDE.local.md")).unwrap();
    let blockers_shown = |block: &str| -> String {
        let section = block
            .split("## ")
            .find(|s| s.starts_with("Session Blockers"));
        section.unwrap_or_default().to_string()
    };
    let recall = user
        .at("2026-01-15T09:05:00Z")
        .mind(&app, &["recall"])
        .output()
        .unwrap();
    let warned = String::from_utf8_lossy(&recall.stderr).into_owned();
    assert!(warned.contains("3 blockers this session"), "{warned}");
    assert!(
        blockers_shown(&block()).contains("checkout page hangs"),
        "{}",
        block()
    );

    user.at("2026-01-15T09:10:00Z").ok(
        &app,
        &[
            "log",
            "fixed",
            "checkout page no longer hangs on the payment step",
        ],
    );
    // The log refreshes the personal block: an agent re-reading it sees the change at once.
    let shown = blockers_shown(&block());
    assert!(!shown.contains("checkout"), "{shown}");
    assert!(shown.contains("webhook retries"), "{shown}");
    user.commit_file(
        &app,
        "queue.rs",
        "// bounded\n",
        "Bound the queue\n\nfixed: webhook retries no longer flood the payment queue",
    );
    let recall = user
        .at("2026-01-15T09:15:00Z")
        .mind(&app, &["recall"])
        .output()
        .unwrap();
    assert!(recall.status.success());
    // One blocker left: no warning that the session is going in circles.
    let warned = String::from_utf8_lossy(&recall.stderr).into_owned();
    assert!(!warned.contains("blockers this session"), "{warned}");
    let shown = blockers_shown(&block());
    assert!(
        shown.contains("staging database refuses connections"),
        "{shown}"
    );
    assert!(!shown.contains("checkout"), "{shown}");
    assert!(!shown.contains("webhook"), "{shown}");

    // `mind session` keeps every blocker as logged and says what fixed which.
    let session = user.ok(&app, &["session"]);
    assert!(
        session.contains(
            "  - checkout page hangs on the payment step  \
             (fixed: checkout page no longer hangs on the payment step)\n"
        ),
        "{session}"
    );
    assert!(
        session.contains("  - staging database refuses connections\n"),
        "{session}"
    );
    let v: Value = serde_json::from_str(&user.ok(&app, &["--json", "session"])).unwrap();
    assert_eq!(v["blockers"].as_array().map(Vec::len), Some(3));
    let fixed = &v["fixed_blockers"][1];
    assert_eq!(fixed["blocker"], "webhook retries flood the payment queue");
    // A fix from a commit names it.
    let fix = fixed["fix"].as_str().unwrap_or_default();
    assert!(
        fix.starts_with("webhook retries no longer flood the payment queue (commit "),
        "{fixed}"
    );
    assert_eq!(v["fixed_blockers"].as_array().map(Vec::len), Some(2));

    // A fix logged before a blocker does not fix it: the problem came back.
    user.at("2026-01-15T09:20:00Z").ok(
        &app,
        &[
            "log",
            "fixed",
            "uploads no longer time out on slow networks",
        ],
    );
    user.at("2026-01-15T09:25:00Z")
        .ok(&app, &["blocker", "uploads time out on slow networks"]);
    let shown = blockers_shown(&block());
    assert!(
        shown.contains("uploads time out on slow networks"),
        "{shown}"
    );
    user.at("2026-01-15T09:26:00Z").ok(&app, &["recall"]);
    let shown = blockers_shown(&block());
    assert!(
        shown.contains("uploads time out on slow networks"),
        "{shown}"
    );
    // Fixed again after it came back: it leaves.
    user.at("2026-01-15T09:30:00Z").ok(
        &app,
        &[
            "log",
            "fixed",
            "uploads no longer time out, retries back off",
        ],
    );
    let shown = blockers_shown(&block());
    assert!(!shown.contains("uploads time out"), "{shown}");
}

/// A session label with nothing after it (`**Blocked:**`, a heading-like field copied from a
/// template) notes no blocker: `log` keeps it as an experience, as the parser reads such a
/// line as no entry. With text after it, the label still makes a blocker. Run as a user runs
/// it: temp HOME, no MIND_* variables but the clock, a git project.
#[test]
fn a_blocked_label_without_text_is_no_blocker() {
    let user = common::User::new();
    let project = user.project("work/app", &["init"]);
    let logged: Value =
        serde_json::from_str(&user.ok(&project, &["--json", "log", "**Blocked:**"])).unwrap();
    assert_eq!(logged["type"], "experience", "{logged}");
    let logged: Value = serde_json::from_str(&user.ok(
        &project,
        &["--json", "log", "**Blocked:** waiting on the API key"],
    ))
    .unwrap();
    assert_eq!(logged["type"], "blocker", "{logged}");
    let session = std::fs::read_to_string(project.join(".mind/SESSION.md")).unwrap();
    let section = |name: &str| -> Vec<String> {
        let body = session.split(&format!("## {name}\n")).nth(1).unwrap();
        let body = body.split("\n## ").next().unwrap();
        body.lines()
            .filter_map(|l| l.strip_prefix("- "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(section("Blockers"), ["**Blocked:** waiting on the API key"]);
    assert_eq!(section("Experience"), ["**Blocked:**"]);
}
