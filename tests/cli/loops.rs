//! Loop detection on `mind log rejected`: repeats of this session's rejected approaches
//! get a warning with a severity, the earlier item and a way out; the rejection is logged
//! either way.

use crate::common;

use common::Env;
use serde_json::Value;

fn reject(env: &Env, text: &str) -> Value {
    serde_json::from_str(&env.ok(&["--json", "log", "rejected", text])).expect("JSON")
}

fn rejected_items(env: &Env) -> Vec<String> {
    let session = env.read(".mind/SESSION.md");
    let section = session
        .split("## Rejected")
        .nth(1)
        .unwrap()
        .split("## ")
        .next()
        .unwrap();
    section
        .lines()
        .filter_map(|l| l.strip_prefix("- "))
        .map(str::to_string)
        .collect()
}

#[test]
fn identical_rejection_is_critical_and_still_logged() {
    let env = Env::initialised();
    let first = reject(&env, "bump the timeout to 60s");
    assert!(first.get("loop_warning").is_none(), "{first:#}");
    let again = reject(&env, "Bump the timeout to 60s!");
    let w = &again["loop_warning"];
    assert_eq!(w["severity"], "critical");
    assert_eq!(w["similarity"], 1.0);
    assert_eq!(w["similar_to"], "bump the timeout to 60s");
    assert_eq!(w["attempt"], 2);
    assert_eq!(w["methodology"].as_array().unwrap().len(), 4);
    assert!(w.get("helper").is_none());
    assert_eq!(again["type"], "rejected");
    assert_eq!(again["line"], 11);
    assert_eq!(
        rejected_items(&env),
        vec!["bump the timeout to 60s", "Bump the timeout to 60s!"]
    );
}

#[test]
fn paraphrased_rejection_is_at_least_moderate() {
    let env = Env::initialised();
    reject(&env, "bump the timeout to 60s");
    let v = reject(&env, "tried increasing the timeout - still failing");
    let w = &v["loop_warning"];
    assert!(
        ["moderate", "high", "critical"].contains(&w["severity"].as_str().unwrap()),
        "{v:#}"
    );
    let s = w["similarity"].as_f64().unwrap();
    assert!((0.6..1.0).contains(&s), "{s}");
    assert_eq!(w["similar_to"], "bump the timeout to 60s");
}

#[test]
fn unrelated_rejection_gets_no_warning() {
    let env = Env::initialised();
    reject(&env, "bump the timeout to 60s");
    let v = reject(&env, "switch the session store to redis");
    assert!(v.get("loop_warning").is_none(), "{v:#}");
    let out = env.ok(&["log", "rejected", "drop the ORM for raw SQL"]);
    assert_eq!(
        out,
        "logged rejected to .mind/SESSION.md:12\n  - drop the ORM for raw SQL\n"
    );
}

#[test]
fn third_similar_attempt_suggests_a_fresh_agent() {
    let env = Env::initialised();
    reject(&env, "raise the connection pool size to 20");
    reject(&env, "switch the session store to redis");
    let second = reject(&env, "raise the connection pool size to 50");
    assert_eq!(second["loop_warning"]["attempt"], 2);
    assert!(second["loop_warning"].get("helper").is_none());
    let third = reject(&env, "raise the connection pool size to 100");
    let w = &third["loop_warning"];
    assert_eq!(w["attempt"], 3);
    assert_eq!(
        w["helper"],
        "mind helper 'raise the connection pool size to 100'"
    );
    assert_eq!(w["similar_to"], "raise the connection pool size to 50");
    assert_eq!(rejected_items(&env).len(), 4);
}

#[test]
fn loop_warning_for_humans() {
    let env = Env::initialised();
    env.ok(&["log", "rejected", "pin esbuild to 0.28.2"]);
    let out = env.ok(&["log", "rejected", "pin esbuild to 0.28.2"]);
    assert_eq!(
        out,
        "logged rejected to .mind/SESSION.md:11
  - pin esbuild to 0.28.2
warning: you're looping (critical, 100% similar to an earlier rejection)
  STOP: this repeats an approach that already failed
  earlier: pin esbuild to 0.28.2
  before the next attempt:
    1. question assumptions: which one would make every attempt fail? (`mind session` lists them)
    2. reframe: what are you actually trying to achieve, and is this the right problem?
    3. try the opposite of what keeps failing
    4. simplify: remove variables until something works, then add them back one by one
"
    );
}

#[test]
fn only_this_sessions_rejections_count() {
    let mut env = Env::initialised();
    reject(&env, "bump the timeout to 60s");
    // Two hours later a recall starts a new session: SESSION.md is cleared.
    env.at("2026-01-15T11:30:00Z");
    env.ok(&["recall"]);
    let v = reject(&env, "bump the timeout to 60s");
    assert!(v.get("loop_warning").is_none(), "{v:#}");
}

#[test]
fn rejections_that_share_only_their_reason_are_no_loop() {
    let user = crate::common::User::new();
    let project = user.project("work/app", &["init"]);
    user.ok(
        &project,
        &[
            "log",
            "rejected",
            "increasing the connection pool size - still fails with the same error",
        ],
    );
    let out = user.ok(
        &project,
        &[
            "log",
            "rejected",
            "disabling HTTP keepalive - still fails with the same error",
        ],
    );
    assert!(!out.contains("looping"), "{out}");
    // The same approach for another reason is one.
    let out = user.ok(
        &project,
        &[
            "log",
            "rejected",
            "increasing the connection pool size because errors looked like exhaustion",
        ],
    );
    assert!(out.contains("warning: you're looping"), "{out}");
    assert!(
        out.contains(
            "earlier: increasing the connection pool size - still fails with the same error"
        ),
        "{out}"
    );
}
