//! The order due reminders are listed in (what the block's cap leaves out), ties among
//! full `mind edges` matches, the large-MEMORY.md hint naming what the file holds (once a
//! session), and a WHEN already gone refused as past.

use crate::common;

use common::{Env, block_section};
use predicates::prelude::*;
use serde_json::Value;

const MEMORY: &str = ".mind/MEMORY.md";
const REMINDERS: &str = ".mind/REMINDERS.md";

fn stderr_of(env: &Env, args: &[&str]) -> String {
    let out = env.mind(args).output().unwrap();
    assert!(out.status.success(), "mind {args:?}: {out:?}");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn a_reminder_due_today_is_never_the_one_the_block_leaves_out() {
    let mut env = Env::initialised();
    env.at("2026-03-02T09:00:00Z");
    for i in 1..=10 {
        env.ok(&[
            "remind",
            &format!("weekly chore {i}"),
            &format!("in {i} days"),
        ]);
    }
    env.at("2026-04-10T09:00:00Z");
    env.ok(&["remind", "post-holiday triage with the team", "2026-04-27"]);

    env.at("2026-04-27T09:00:00Z");
    let recall = env.ok(&["recall"]);
    let mut expected = vec![
        "You have 11 reminder(s) for this session (when handled: `mind reminders done N`):"
            .to_string(),
        "- [11] post-holiday triage with the team (due 2026-04-27)".to_string(),
    ];
    // The longest overdue are the ones counted instead of listed.
    for i in (3..=10).rev() {
        expected.push(format!(
            "- [{i}] weekly chore {i} (due 2026-03-{:02})",
            2 + i
        ));
    }
    expected.push("- ... and 2 more: `mind reminders`".to_string());
    assert_eq!(
        block_section(&recall, "Reminders Due"),
        expected,
        "{recall}"
    );
    let personal = env.read("CLAUDE.local.md");
    assert_eq!(
        block_section(&personal, "Reminders Due"),
        expected,
        "{personal}"
    );
    // `mind reminders` still lists every one, in file order.
    let all = env.ok(&["reminders"]);
    assert!(
        all.starts_with(" 1. weekly chore 1 (due Tue 2026-03-03) due\n"),
        "{all}"
    );
    assert!(all.contains("11. post-holiday triage with the team (due Mon 2026-04-27) due\n"));
    // Numbers still name the same reminders.
    env.ok(&["reminders", "done", "11"]);
    assert!(
        env.read(REMINDERS)
            .contains("| done | post-holiday triage with the team")
    );
}

#[test]
fn reminders_due_on_one_day_keep_their_file_order_after_newer_ones() {
    let mut env = Env::initialised();
    env.ok(&["remind", "old audit", "2026-01-16"]);
    env.ok(&["remind", "demo prep", "next session"]);
    env.ok(&["remind", "call Bob", "2026-01-20 08:00"]);
    env.ok(&["remind", "write the notes", "2026-01-20"]);
    env.at("2026-01-20T09:00:00Z");
    let reply: Value = serde_json::from_str(&env.ok(&["recall", "--json"])).unwrap();
    let due: Vec<&str> = reply["reminders"]["due"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        due,
        ["demo prep", "call Bob", "write the notes", "old audit"]
    );
}

#[test]
fn among_full_matches_the_gotcha_holding_every_intent_word_ranks_first() {
    let env = Env::initialised();
    for area in ["admin", "billing", "cart"] {
        env.ok(&[
            "log",
            "gotcha",
            &format!("{area} import breaks on empty CSV rows -> skip blank lines"),
        ]);
    }
    let out = env.ok(&["edges", "cart CSV import breaks on empty rows"]);
    let scored: Vec<&str> = out.lines().filter(|l| l.starts_with("1.00")).collect();
    assert_eq!(
        scored,
        [
            "1.00  cart import breaks on empty CSV rows  [project, MEMORY.md:28]",
            "1.00  admin import breaks on empty CSV rows  [project, MEMORY.md:26]",
            "1.00  billing import breaks on empty CSV rows  [project, MEMORY.md:27]",
        ],
        "{out}"
    );
    assert!(out.contains("matched: intent cart, csv, import, breaks, empty, rows"));
}

/// A MEMORY.md past 100 KiB: the template, then ten learnings a day from `first` on, for
/// `days` days.
fn large_memory(env: &Env, first: chrono::NaiveDate, days: u64) {
    let mut memory = env.read(MEMORY);
    for d in 0..days {
        let day = first + chrono::Days::new(d);
        memory.push_str(&format!("\n## {day}\n\n"));
        for j in 0..10 {
            memory.push_str(&format!(
                "learned: the cart service number {} caches its results for a few minutes in \
                 src/cart_{j}.py, remember it\n",
                d * 10 + j
            ));
        }
    }
    env.write(MEMORY, memory);
    assert!(env.read_bytes(MEMORY).len() > 100 * 1024);
}

#[test]
fn the_large_memory_hint_names_the_oldest_months_of_a_one_year_file_once_a_session() {
    let mut env = Env::initialised();
    let first = chrono::NaiveDate::from_ymd_opt(2026, 1, 5).unwrap();
    large_memory(&env, first, 100);
    let hint = "mind: MEMORY.md is large (103 KiB): move old months into .mind/archive/ (e.g. \
                the `## 2026-01-…` to `## 2026-02-…` entries into \
                .mind/archive/2026-01-to-2026-02.md); `mind search` still finds them, and \
                recall reads less\n";

    env.at("2026-04-20T09:00:00Z");
    let stderr = stderr_of(&env, &["recall"]);
    assert!(stderr.contains(hint), "{stderr}");
    assert!(!stderr.contains("2024"), "{stderr}");
    // Later recalls of the same session do not say it again.
    env.at("2026-04-20T09:10:00Z");
    let again = stderr_of(&env, &["recall"]);
    assert!(!again.contains("MEMORY.md is large"), "{again}");
    env.at("2026-04-20T09:20:00Z");
    let reply: Value = serde_json::from_str(&env.ok(&["recall", "--json"])).unwrap();
    assert_eq!(reply.get("memory_hint"), None);

    // A session started by a hook's recall, which prints no notes: the first recall that
    // tells someone gives the hint, once.
    env.at("2026-04-21T09:00:00Z");
    let hook = env
        .mind(&["recall", "--hook", "claude"])
        .write_stdin("{\"hook_event_name\": \"SessionStart\"}")
        .output()
        .unwrap();
    assert!(hook.status.success());
    assert!(hook.stderr.is_empty());
    env.at("2026-04-21T09:05:00Z");
    assert!(stderr_of(&env, &["recall"]).contains(hint));
    env.at("2026-04-21T09:10:00Z");
    assert!(!stderr_of(&env, &["recall"]).contains("MEMORY.md is large"));

    // The next session says it again.
    env.at("2026-04-22T09:00:00Z");
    assert!(stderr_of(&env, &["recall"]).contains(hint));
}

#[test]
fn the_large_memory_hint_names_the_oldest_year_the_file_holds() {
    let mut env = Env::initialised();
    let first = chrono::NaiveDate::from_ymd_opt(2025, 10, 1).unwrap();
    large_memory(&env, first, 100);
    env.at("2026-01-20T09:00:00Z");
    let reply: Value = serde_json::from_str(&env.ok(&["recall", "--json"])).unwrap();
    assert_eq!(
        reply["memory_hint"],
        "MEMORY.md is large (103 KiB): move old years into .mind/archive/ (e.g. the \
         `## 2025-…` entries into .mind/archive/2025.md); `mind search` still finds them, and \
         recall reads less"
    );
}

#[test]
fn a_when_already_gone_is_refused_as_past_whatever_its_day() {
    let mut env = Env::initialised();
    env.at("2026-01-31T09:00:00Z");
    let before = env.read_bytes(REMINDERS);
    let refused = |args: &[&str], phrase: &str, moment: &str| {
        env.mind(args).assert().code(2).stderr(format!(
            "mind: error: WHEN {phrase:?} is in the past ({moment}; it is now Sat 2026-01-31 \
             09:00); nothing written\n"
        ));
    };
    refused(
        &["remind", "call Bob", "today 8am"],
        "today 8am",
        "Sat 2026-01-31 08:00",
    );
    refused(
        &["remind", "call Bob", "2026-01-31 08:00"],
        "2026-01-31 08:00",
        "Sat 2026-01-31 08:00",
    );
    refused(
        &["remind", "call Bob", "2026-01-30 23:00"],
        "2026-01-30 23:00",
        "Fri 2026-01-30 23:00",
    );
    refused(
        &["remind", "call Bob", "2026-01-30"],
        "2026-01-30",
        "Fri 2026-01-30",
    );
    refused(
        &["remind", "call Bob", "--when", "2026-01-31 08:59"],
        "2026-01-31 08:59",
        "Sat 2026-01-31 08:59",
    );
    // Unquoted: the past date-time is the WHEN, not a shorter time of day after it.
    refused(
        &["remind", "call", "Bob", "2026-01-30", "23:00"],
        "2026-01-30 23:00",
        "Fri 2026-01-30 23:00",
    );
    assert_eq!(env.read_bytes(REMINDERS), before);

    // What is not read at all is still "unknown", with the forms.
    env.mind(&["remind", "call Bob", "sometime"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown WHEN"))
        .stderr(predicate::str::contains("accepted WHEN forms"));

    // Today, and a time in the current minute, are due at once.
    env.at("2026-01-31T09:00:40Z");
    assert_eq!(
        env.ok(&["remind", "call Bob", "today 9am"]),
        "reminder 1: call Bob (due Sat 2026-01-31 09:00)\n"
    );
    assert_eq!(
        env.ok(&["remind", "call Ann", "today"]),
        "reminder 2: call Ann (due Sat 2026-01-31)\n"
    );
}
