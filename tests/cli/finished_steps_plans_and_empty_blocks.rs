//! What the context blocks leave out because it does not hold: a next step a later fix
//! finished, a plan put off to later read as a decision, and a personal block with nothing
//! to show (its heading alone).

use std::fs;

use crate::common::{self, User};

/// A project in which `Next: STEP` is logged, then each of `after` (`mind log`'s words);
/// the Continue From section of CLAUDE.md after `mind recall`, and MEMORY.md.
fn continue_from(step: &str, after: &[&[&str]]) -> (Vec<String>, String) {
    let user = User::new();
    let dir = user.project("upload", &["init", "-q"]);
    user.ok(&dir, &["log", &format!("Next: {step}")]);
    for args in after {
        let mut args = args.to_vec();
        args.insert(0, "log");
        user.ok(&dir, &args);
    }
    user.ok(&dir, &["recall"]);
    let block = fs::read_to_string(dir.join("CLAUDE.md")).unwrap();
    let memory = fs::read_to_string(dir.join(".mind/MEMORY.md")).unwrap();
    (common::block_section(&block, "Continue From"), memory)
}

#[test]
fn a_next_step_a_later_fix_did_is_no_place_to_continue_from() {
    let step = "add retry to the upload client";
    for fix in [
        "added retry to the upload client",
        "retry in the upload client",
    ] {
        let (section, memory) = continue_from(
            step,
            &[&["decision", "use exponential backoff"], &["fixed", fix]],
        );
        assert_eq!(
            section,
            vec![format!("Last (progress): {fix} (2026-01-15)")],
            "{fix}"
        );
        // MEMORY.md keeps the step as written.
        assert!(memory.contains(&format!("\nNext: {step}\n")), "{memory}");
    }
    // A commit's fix finishes it too.
    let user = User::new();
    let dir = user.project("upload", &["init", "--hooks", "-q"]);
    user.ok(&dir, &["log", &format!("Next: {step}")]);
    user.commit_file(
        &dir,
        "client.py",
        "retry = 3\n",
        "fixed: retry in the upload client",
    );
    user.ok(&dir, &["recall"]);
    let block = fs::read_to_string(dir.join("CLAUDE.md")).unwrap();
    let section = common::block_section(&block, "Continue From");
    assert_eq!(section.len(), 1, "{block}");
    assert!(section[0].starts_with("Last (progress): "), "{block}");
    assert!(section[0].contains("retry in the upload client"), "{block}");
}

#[test]
fn a_next_step_stays_after_a_fix_of_something_else_or_of_part_of_it() {
    let step = "add retry to the upload client";
    for fix in [
        "retry for the download client",
        "upload client timeout",
        "added logging to the settings page",
    ] {
        let (section, _) = continue_from(step, &[&["fixed", fix]]);
        assert_eq!(
            section,
            vec![
                format!("Next: {step}"),
                format!("Last (progress): {fix} (2026-01-15)")
            ],
            "{fix}"
        );
    }
    // A fix logged before the step finishes none of it.
    let user = User::new();
    let dir = user.project("upload", &["init", "-q"]);
    user.ok(&dir, &["log", "fixed", "added retry to the upload client"]);
    user.ok(&dir, &["log", &format!("Next: {step}")]);
    user.ok(&dir, &["recall"]);
    let block = fs::read_to_string(dir.join("CLAUDE.md")).unwrap();
    assert_eq!(
        common::block_section(&block, "Continue From"),
        vec![
            format!("Next: {step}"),
            "Last (progress): added retry to the upload client (2026-01-15)".to_string()
        ],
        "{block}"
    );
}

const PLANS: &str = "import requests\n\
# MEMORY: we will switch to httpx later\n\
# MEMORY: someday we will use uvloop\n\
# MEMORY: maybe we should cache tokens\n\
# MEMORY: we switched to orjson for speed\n\
# MEMORY: the pool eventually drains idle connections\n\
def fetch(): pass\n";

#[test]
fn a_comment_that_puts_a_plan_off_to_later_is_no_decision() {
    let user = User::new();
    let dir = user.project("client", &["init", "-q"]);
    user.commit_file(&dir, "client.py", PLANS, "client");
    let out = user.ok(&dir, &["checkpoint"]);
    assert!(out.contains("5 MEMORY: comment(s), 2 added"), "{out}");
    user.ok(&dir, &["recall"]);
    let memory = fs::read_to_string(dir.join(".mind/MEMORY.md")).unwrap();
    let block = fs::read_to_string(dir.join("CLAUDE.md")).unwrap();
    for plan in ["httpx", "uvloop", "cache tokens"] {
        assert!(!memory.contains(plan), "{memory}");
        assert!(!block.contains(plan), "{block}");
    }
    // What was done, and what the code does in time, are kept.
    assert!(
        memory.contains("\nwe switched to orjson for speed (client.py:5)\n"),
        "{memory}"
    );
    assert!(
        memory.contains("\nlearned: the pool eventually drains idle connections (client.py:6)\n"),
        "{memory}"
    );
    assert_eq!(
        common::block_section(&block, "Recent Decisions"),
        vec!["- \u{201c}we switched to orjson for speed\u{201d} (client.py:5) (2026-01-15)"],
        "{block}"
    );
}

#[test]
fn a_commit_that_labels_a_plan_put_off_a_decision_keeps_only_its_decisions() {
    let user = User::new();
    let dir = user.project("client", &["init", "--hooks", "-q"]);
    user.commit_file(
        &dir,
        "client.py",
        "import requests\n",
        "client\n\nDecided: we will switch to httpx later\nDecided: keep requests for the CLI\n",
    );
    user.ok(&dir, &["recall"]);
    let block = fs::read_to_string(dir.join("CLAUDE.md")).unwrap();
    let decisions = common::block_section(&block, "Recent Decisions");
    assert_eq!(decisions.len(), 1, "{block}");
    assert!(
        decisions[0].contains("keep requests for the CLI"),
        "{block}"
    );
    assert!(!block.contains("httpx"), "{block}");
}

const PERSONAL: &str = "CLAUDE.local.md";

#[test]
fn a_personal_block_left_with_nothing_to_show_is_taken_out() {
    let mut user = User::new();
    // Beside the user's own notes: the file comes back as it was.
    let dir = user.project("ci", &["init", "-q"]);
    fs::write(dir.join(PERSONAL), "my notes\n").unwrap();
    user.ok(&dir, &["blocker", "CI runner is down"]);
    let with_block = fs::read_to_string(dir.join(PERSONAL)).unwrap();
    assert!(
        with_block.starts_with("my notes\n\n<!-- MIND:CONTEXT"),
        "{with_block}"
    );
    assert!(
        with_block.contains("## Session Blockers\n- CI runner is down\n"),
        "{with_block}"
    );
    let shared = fs::read(dir.join("CLAUDE.md")).unwrap();
    user.at("2026-01-15T09:10:00Z");
    user.ok(&dir, &["log", "fixed", "CI runner is up again"]);
    assert_eq!(
        fs::read_to_string(dir.join(PERSONAL)).unwrap(),
        "my notes\n"
    );
    assert_eq!(fs::read(dir.join("CLAUDE.md")).unwrap(), shared);
    // No block with its heading alone comes back at the next recall.
    user.at("2026-01-15T09:20:00Z");
    user.ok(&dir, &["recall"]);
    assert_eq!(
        fs::read_to_string(dir.join(PERSONAL)).unwrap(),
        "my notes\n"
    );
    let context = user.ok(&dir, &["context", "--target", PERSONAL]);
    assert_eq!(
        context,
        format!("{PERSONAL} (personal): nothing to write (no session blockers or reminders)\n")
    );

    // A file mind made for the block alone goes with it.
    let dir = user.project("ci2", &["init", "-q"]);
    user.at("2026-01-15T09:00:00Z");
    user.ok(&dir, &["blocker", "CI runner is down"]);
    assert!(dir.join(PERSONAL).exists());
    user.at("2026-01-15T09:10:00Z");
    user.ok(&dir, &["log", "fixed", "CI runner is up again"]);
    assert!(!dir.join(PERSONAL).exists());
    user.ok(&dir, &["recall"]);
    assert!(!dir.join(PERSONAL).exists());

    // The blocker taken out of SESSION.md by hand: `mind context` says what a write does,
    // and the next recall does it.
    let dir = user.project("ci3", &["init", "-q"]);
    user.at("2026-01-15T09:00:00Z");
    user.ok(&dir, &["blocker", "CI runner is down"]);
    let session = dir.join(".mind/SESSION.md");
    let text = fs::read_to_string(&session).unwrap();
    fs::write(&session, text.replace("- CI runner is down\n", "")).unwrap();
    let context = user.ok(&dir, &["context", "--target", PERSONAL]);
    assert_eq!(
        context,
        format!(
            "{PERSONAL} (personal): nothing to write (no session blockers or reminders); a write takes out the block it has\n"
        )
    );
    user.at("2026-01-15T09:10:00Z");
    user.ok(&dir, &["recall"]);
    assert!(!dir.join(PERSONAL).exists());
}

#[test]
fn a_personal_block_with_something_to_show_stays_and_a_file_without_one_is_left_alone() {
    let mut user = User::new();
    let dir = user.project("ci", &["init", "-q"]);
    // Nothing to show and no block: the user's file is not touched.
    fs::write(dir.join(PERSONAL), "my notes\n").unwrap();
    user.ok(&dir, &["recall"]);
    assert_eq!(
        fs::read_to_string(dir.join(PERSONAL)).unwrap(),
        "my notes\n"
    );
    // A fix of another thing leaves the blocker, and the block, in place.
    user.ok(&dir, &["blocker", "CI runner is down"]);
    user.at("2026-01-15T09:10:00Z");
    user.ok(&dir, &["log", "fixed", "the login form trims emails"]);
    user.ok(&dir, &["recall"]);
    let block = fs::read_to_string(dir.join(PERSONAL)).unwrap();
    assert!(
        block.starts_with("my notes\n\n<!-- MIND:CONTEXT"),
        "{block}"
    );
    assert_eq!(
        common::block_section(&block, "Session Blockers"),
        vec!["- CI runner is down"],
        "{block}"
    );
    assert!(block.ends_with("<!-- MIND:END -->\n"), "{block}");
}

/// A fix told in another tense of a verb in -e ("migrated" for "migrate", "updated" for
/// "update") closes its problem: the subject words of both meet. A fix of another table
/// leaves the problem open.
#[test]
fn a_fix_in_another_tense_closes_its_problem() {
    let mut user = User::new();
    let dir = user.project("db", &["init", "-q"]);
    user.at("2026-04-02T09:00:00Z");
    user.ok(
        &dir,
        &[
            "log",
            "problem",
            "cannot migrate the users table to postgres",
        ],
    );
    user.ok(
        &dir,
        &[
            "log",
            "problem",
            "cannot migrate the orders table to postgres",
        ],
    );
    user.at("2026-04-02T10:00:00Z");
    user.ok(
        &dir,
        &["log", "fixed: migrated the users table to postgres"],
    );
    user.at("2026-04-02T12:00:00Z");
    user.ok(&dir, &["recall"]);
    let block = fs::read_to_string(dir.join("CLAUDE.md")).unwrap();
    let loops = common::block_section(&block, "Open Loops");
    assert_eq!(
        loops,
        vec!["- [!] cannot migrate the orders table to postgres (2026-04-02) - unresolved"],
        "{block}"
    );
}
