//! Open blockers across a session's end: two agents share a project and one's recall after a
//! break ends the session the other is still working in. The other's open blocker is
//! promoted when it carries reuse signals ("OOMs" is an error), carried over into the new
//! SESSION.md otherwise (marked with the session it comes from), and the other agent's next
//! `mind log` or `mind session` says once that its session ended and where its notes are.

use crate::common;

use std::path::Path;

use common::{Env, User};
use serde_json::{Value, json};

/// A Claude Code SessionStart hook's recall in `app` (a new conversation): its context.
fn session_start(user: &User, app: &Path, conversation: &str) -> String {
    let input = json!({"session_id": conversation, "cwd": app,
        "hook_event_name": "SessionStart", "source": "startup"});
    let out = user
        .mind(app, &["recall", "--hook", "claude"])
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    assert!(out.status.success());
    let reply: Value = serde_json::from_slice(&out.stdout).unwrap();
    reply["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap()
        .to_string()
}

fn read(path: impl AsRef<Path>) -> String {
    std::fs::read_to_string(path).unwrap()
}

const ENDED: &str = "the session was ended by a `mind recall` at 2026-12-07 10:05 (48m after \
                     its last activity); its notes are in .mind/sessions/2026-12-07-0900.md (1 \
                     open blocker carried over into SESSION.md)";

#[test]
fn another_agents_open_blocker_survives_the_recall_that_ends_its_session() {
    let mut user = User::new();
    let app = user.folder("app");
    user.git(&app, &["init", "-q"]);
    std::fs::write(app.join("CLAUDE.md"), "# Claude\n").unwrap();
    std::fs::write(app.join("AGENTS.md"), "# Agent guide\nRun make test.\n").unwrap();
    user.ok(&app, &["init", "-q"]);
    user.ok(&app, &["setup", "claude", "-q"]);
    user.ok(&app, &["setup", "codex", "-q"]);
    // A (Claude Code) starts and logs its blocker; B (an agent without hooks) starts with a
    // recall, as the block tells it, and logs two blockers and a failed attempt.
    session_start(user.at("2026-12-07T09:00:00Z"), &app, "A1");
    user.at("2026-12-07T09:05:00Z").ok(
        &app,
        &["blocker", "postgres pool timeouts in integration tests"],
    );
    user.at("2026-12-07T09:15:00Z").ok(&app, &["recall"]);
    user.at("2026-12-07T09:16:00Z").ok(
        &app,
        &["blocker", "cargo build --release OOMs on the CI runner"],
    );
    user.at("2026-12-07T09:16:30Z").ok(
        &app,
        &["blocker", "waiting on the staging credentials from ops"],
    );
    user.at("2026-12-07T09:17:00Z").ok(
        &app,
        &[
            "log",
            "rejected",
            "lowering codegen-units to 1 - still OOMs",
        ],
    );
    // B edits code for 45 minutes without a mind command; A comes back after its break and
    // its new conversation's recall ends "the session".
    let context = session_start(user.at("2026-12-07T10:05:00Z"), &app, "A2");

    // The blocker with a tool and an error is memory now, open: every agent reads it.
    let memory = read(app.join(".mind/MEMORY.md"));
    assert!(
        memory.ends_with(
            "## 2026-12-07\n\ndecided against: lowering codegen-units to 1 - still OOMs\n\
             problem: postgres pool timeouts in integration tests\n\
             problem: cargo build --release OOMs on the CI runner\n"
        ),
        "{memory}"
    );
    assert_eq!(
        common::block_section(&context, "Open Loops"),
        vec![
            "- [!] cargo build --release OOMs on the CI runner (2026-12-07) - unresolved",
            "- [!] postgres pool timeouts in integration tests (2026-12-07) - unresolved",
        ],
        "{context}"
    );
    // The one memory does not keep is carried over, marked with the session it comes from.
    let carried = "- waiting on the staging credentials from ops (carried over from the session \
                   of 2026-12-07 09:00)";
    assert_eq!(
        read(app.join(".mind/SESSION.md")),
        format!(
            "# Session: 2026-12-07\n\n## Experience\n<!-- Raw moments, thoughts, what's happening -->\n\n\
             ## Blockers\n{carried}\n\n## Rejected\n<!-- What didn't work and why -->\n\n\
             ## Assumptions\n<!-- What I'm assuming true -->\n\n"
        )
    );
    assert_eq!(
        common::block_section(&context, "Session Blockers"),
        vec![carried],
        "{context}"
    );
    let archived = read(app.join(".mind/sessions/2026-12-07-0900.md"));
    assert!(
        archived.contains("- waiting on the staging credentials from ops\n"),
        "{archived}"
    );

    // B's next log is told once that its session ended, when, and where its notes are.
    let out = user
        .at("2026-12-07T10:07:00Z")
        .ok(&app, &["log", "tried opt-level s, still OOMs"]);
    assert_eq!(
        out,
        format!(
            "logged rejected to .mind/SESSION.md:11 (no type given; \"tried\" reads as rejected; \
             --type overrides)\n  - tried opt-level s, still OOMs\n{ENDED}\n"
        )
    );
    let again = user.at("2026-12-07T10:08:00Z").ok(
        &app,
        &["log", "experience", "trying a smaller runner image"],
    );
    assert!(!again.contains("session was ended"), "{again}");
    let session = user.at("2026-12-07T10:09:00Z").ok(&app, &["session"]);
    assert!(!session.contains("session was ended"), "{session}");
    assert!(
        session.contains(&format!("Blockers (1)\n  {carried}\n")),
        "{session}"
    );
}

/// The project of [`another_agents_open_blocker_survives_the_recall_that_ends_its_session`]
/// without the agents: a session from 09:00 whose last activity is 09:17, with a blocker at
/// 09:16 that memory does not keep.
fn ended_session() -> Env {
    let mut env = Env::initialised();
    env.at("2026-12-07T09:00:00Z").ok(&["recall"]);
    env.at("2026-12-07T09:16:00Z")
        .ok(&["blocker", "waiting on the staging credentials from ops"]);
    env.at("2026-12-07T09:17:00Z")
        .ok(&["log", "experience", "reading the deploy script"]);
    env.at("2026-12-07T10:05:00Z").ok(&["recall", "-q"]);
    env
}

#[test]
fn mind_session_says_once_that_the_session_was_ended() {
    let mut env = ended_session();
    let v: Value =
        serde_json::from_str(&env.at("2026-12-07T10:06:00Z").ok(&["session", "--json"])).unwrap();
    assert_eq!(
        v["session_ended"],
        json!({"at": "2026-12-07T10:05:00+00:00", "last_activity": "2026-12-07T09:17:00+00:00",
            "archived": ".mind/sessions/2026-12-07-0900.md", "carried_blockers": 1}),
        "{v}"
    );
    assert_eq!(
        v["blockers"],
        json!(["waiting on the staging credentials from ops"])
    );
    assert_eq!(
        v["carried_over"],
        json!([{"blocker": "waiting on the staging credentials from ops",
            "from": "2026-12-07 09:00"}])
    );
    let text = env.at("2026-12-07T10:07:00Z").ok(&["session"]);
    assert!(!text.contains("session was ended"), "{text}");
    let log: Value = serde_json::from_str(&env.at("2026-12-07T10:08:00Z").ok(&[
        "log",
        "experience",
        "x",
        "--json",
    ]))
    .unwrap();
    assert!(log.get("session_ended").is_none(), "{log}");

    // Told in text to whichever of the two comes first.
    let mut env = ended_session();
    let text = env.at("2026-12-07T10:06:00Z").ok(&["session"]);
    assert!(
        text.ends_with(&format!(
            "\n{ENDED}\n\n1 earlier session(s) in .mind/sessions/\n"
        )),
        "{text}"
    );
    let mut env = ended_session();
    let log: Value = serde_json::from_str(&env.at("2026-12-07T10:06:00Z").ok(&[
        "blocker",
        "the runner image lacks python3",
        "--json",
    ]))
    .unwrap();
    assert_eq!(log["session_ended"]["carried_blockers"], 1, "{log}");
}

#[test]
fn a_fixed_an_early_or_a_hand_written_blocker_is_not_carried_over() {
    let mut env = Env::initialised();
    env.at("2026-12-07T09:00:00Z").ok(&["recall"]);
    // Logged more than the gap (30 min) before the session's last activity: its session's.
    env.at("2026-12-07T09:01:00Z")
        .ok(&["blocker", "the design review is waiting on product"]);
    env.at("2026-12-07T09:40:00Z")
        .ok(&["blocker", "the staging deploy hangs on the health check"]);
    env.at("2026-12-07T09:41:00Z")
        .ok(&["blocker", "waiting on the staging credentials from ops"]);
    // Resolved by a later `done`: promoted with its fix, not carried.
    env.at("2026-12-07T09:50:00Z").ok(&[
        "log",
        "done",
        "the staging deploy no longer hangs on the health check",
    ]);
    // Written by hand: when is not known.
    let session = env.read(".mind/SESSION.md").replace(
        "## Blockers\n",
        "## Blockers\n- the license check is pending legal\n",
    );
    env.write(".mind/SESSION.md", session);
    let v: Value =
        serde_json::from_str(&env.at("2026-12-07T11:00:00Z").ok(&["recall", "--json"])).unwrap();
    assert_eq!(v["new_session"], true, "{v}");
    assert_eq!(
        v["carried_over"],
        json!(["waiting on the staging credentials from ops"]),
        "{v}"
    );
    assert!(
        env.read(".mind/MEMORY.md").contains(
            "problem: the staging deploy hangs on the health check → fix: the staging deploy \
             no longer hangs on the health check"
        ),
        "{}",
        env.read(".mind/MEMORY.md")
    );
    assert_eq!(
        v["session"]["blockers"],
        json!(["waiting on the staging credentials from ops"]),
        "{v}"
    );

    // Carried over once: the next session, whose last activity is long after it was
    // logged, leaves it to its archive.
    env.at("2026-12-07T12:00:00Z")
        .ok(&["log", "experience", "reading the deploy script"]);
    let v: Value =
        serde_json::from_str(&env.at("2026-12-07T13:00:00Z").ok(&["recall", "--json"])).unwrap();
    assert_eq!(v["new_session"], true, "{v}");
    assert!(v.get("carried_over").is_none(), "{v}");
    assert_eq!(v["session"]["blockers"], json!([]), "{v}");
}

#[test]
fn a_carried_over_blocker_is_resolved_by_a_later_fix() {
    let mut env = ended_session();
    env.at("2026-12-07T10:20:00Z").ok(&[
        "log",
        "fixed",
        "the staging credentials from ops arrived and work",
    ]);
    let v: Value =
        serde_json::from_str(&env.at("2026-12-07T10:21:00Z").ok(&["session", "--json"])).unwrap();
    assert_eq!(
        v["fixed_blockers"],
        json!([{"blocker": "waiting on the staging credentials from ops",
            "fix": "the staging credentials from ops arrived and work"}]),
        "{v}"
    );
    // Its next session's end promotes it with its fix (a solved problem is kept).
    let v: Value =
        serde_json::from_str(&env.at("2026-12-07T12:00:00Z").ok(&["recall", "--json"])).unwrap();
    assert_eq!(
        v["promoted"],
        json!([
            "problem: waiting on the staging credentials from ops → fix: the staging credentials from ops arrived and work (see also: [[MEMORY#2026-12-07]])"
        ]),
        "{v}"
    );
    assert!(v.get("carried_over").is_none(), "{v}");
}

#[test]
fn a_blocker_that_reports_an_out_of_memory_is_kept() {
    let mut env = Env::initialised();
    env.at("2026-12-07T09:00:00Z").ok(&["recall"]);
    for blocker in [
        "cargo build --release OOMs on the CI runner",
        "webpack build OOMs on the CI runner",
        "the worker pod gets OOMKilled under load",
    ] {
        env.at("2026-12-07T09:05:00Z").ok(&["blocker", blocker]);
    }
    let v: Value =
        serde_json::from_str(&env.at("2026-12-07T10:05:00Z").ok(&["recall", "--json"])).unwrap();
    assert_eq!(
        v["promoted"],
        json!([
            "problem: cargo build --release OOMs on the CI runner",
            "problem: webpack build OOMs on the CI runner",
            "problem: the worker pod gets OOMKilled under load",
        ]),
        "{v}"
    );
    assert!(v.get("carried_over").is_none(), "{v}");
}
