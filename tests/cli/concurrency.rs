//! Concurrent writers: nothing is lost, nothing is torn, templates survive.
use crate::common;

use std::process::Command;
use std::thread;

use common::Env;

fn mind_at(env: &Env, now: &str, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mind"))
        .args(args)
        .current_dir(env.root())
        .env("MIND_HOME", env.home())
        .env("MIND_NOW", now)
        .env("NO_COLOR", "1")
        // What is tested is that no write is lost, not how long a writer waits: on a loaded
        // machine a queue of writers may wait longer than the default limit.
        .env("MIND_LOCK_TIMEOUT_MS", "120000")
        .output()
        .expect("run mind")
}

#[test]
fn eight_writers_fifty_logs_each_keep_all_four_hundred() {
    let env = Env::initialised();
    let types = [
        "decision",
        "experience",
        "learning",
        "blocker",
        "problem",
        "rejected",
        "progress",
        "assumption",
    ];
    thread::scope(|scope| {
        for writer in 0..8 {
            let env = &env;
            scope.spawn(move || {
                for i in 0..50 {
                    let kind = types[(writer + i) % types.len()];
                    let message = format!("w{writer}-{i}");
                    let out = mind_at(env, common::T0, &["log", kind, &message]);
                    assert!(
                        out.status.success(),
                        "{}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                }
            });
        }
    });
    let memory = env.read(".mind/MEMORY.md");
    let session = env.read(".mind/SESSION.md");
    let entry = regex::Regex::new(r"^(?:(?:decided|learned|problem|fixed): |- )w\d-\d+$").unwrap();
    let memory_entries: Vec<&str> = memory.lines().filter(|l| entry.is_match(l)).collect();
    let session_entries: Vec<&str> = session.lines().filter(|l| entry.is_match(l)).collect();
    assert_eq!(memory_entries.len(), 200);
    assert_eq!(session_entries.len(), 200);
    let mut all: Vec<String> = memory_entries
        .iter()
        .chain(&session_entries)
        .map(|l| l.rsplit(' ').next().unwrap().to_string())
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 400, "every message exactly once");
    assert!(memory.starts_with("<!-- MIND MEMORY - Append as you work."));
    assert!(memory.contains("\n## Project State\n- Goal:\n"));
    for heading in [
        "# Session: 2026-01-15",
        "## Experience",
        "## Blockers",
        "## Rejected",
        "## Assumptions",
    ] {
        assert_eq!(
            session.lines().filter(|l| *l == heading).count(),
            1,
            "{heading}"
        );
    }
    // Every line is whole: no fragments of entries glued together.
    for line in memory.lines().chain(session.lines()) {
        assert!(
            line.matches("w").count() <= 1 || !line.contains("-w"),
            "torn line {line:?}"
        );
    }
}

#[test]
fn recalls_racing_with_logs_lose_no_promotable_item() {
    let env = Env::initialised();
    // Loggers run "two hours later" than the last recall and recalls "two hours later" still,
    // so every recall sees a gap, promotes and resets while logs keep arriving.
    let logger_time = "2026-01-15T11:00:00Z";
    let recall_time = "2026-01-15T13:00:00Z";
    thread::scope(|scope| {
        for writer in 0..4 {
            let env = &env;
            scope.spawn(move || {
                for i in 0..25 {
                    let message = format!("approach w{writer}n{i} - too slow");
                    let out = mind_at(env, logger_time, &["log", "rejected", &message]);
                    assert!(
                        out.status.success(),
                        "{}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                }
            });
        }
        for _ in 0..2 {
            let env = &env;
            scope.spawn(move || {
                for _ in 0..15 {
                    let out = mind_at(env, recall_time, &["recall", "--quiet"]);
                    assert!(
                        out.status.success(),
                        "{}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                }
            });
        }
    });
    let memory = env.read(".mind/MEMORY.md");
    let session = env.read(".mind/SESSION.md");
    for writer in 0..4 {
        for i in 0..25 {
            let item = format!("approach w{writer}n{i} - too slow");
            let promoted = memory
                .lines()
                // Promoted as is, or linked to a similar earlier rejection.
                .filter(|l| {
                    *l == format!("decided against: {item}")
                        || l.starts_with(&format!("decided against: {item} (see also: "))
                })
                .count();
            let pending = session
                .lines()
                .filter(|l| *l == format!("- {item}"))
                .count();
            assert_eq!(
                promoted + pending,
                1,
                "{item}: promoted {promoted}, pending {pending}"
            );
        }
    }
}

#[test]
fn concurrent_inits_give_the_same_result_as_one() {
    let env = Env::new();
    thread::scope(|scope| {
        for _ in 0..6 {
            let env = &env;
            scope.spawn(move || {
                let out = mind_at(env, common::T0, &["init", "--quiet"]);
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
            });
        }
    });
    let single = Env::new();
    single.ok(&["init", "--quiet"]);
    for file in [
        ".mind/MEMORY.md",
        ".mind/SESSION.md",
        ".mind/config.json",
        ".mind/.gitignore",
        "CLAUDE.md",
    ] {
        assert_eq!(env.read(file), single.read(file), "{file}");
    }
    let claude = env.read("CLAUDE.md");
    assert_eq!(claude.matches("<!-- MIND:CONTEXT").count(), 1);
}
