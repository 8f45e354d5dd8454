//! A blocker fixed in its own session by a fix in other words: promotion, which finds the
//! fix about the same subject, writes the problem with it, so the problem it appends after
//! the fix does not read as open.

use serde_json::Value;

use crate::common;

const BLOCKER: &str = "tantivy writer panics with LockBusy when tests run in parallel";
/// The remedy first, then what it ended: the open-loop rule, which reads a fix's subject
/// before its remedy, finds too few of the blocker's words in "gave each parallel test its
/// own tempdir index".
const FIX: &str = "gave each parallel test its own tempdir index: no more tantivy LockBusy";

/// A project whose first session logs `first`, then `second`, each `(kind, text)` with
/// `kind` "blocker" (`mind blocker`) or "fixed" (`mind log fixed`); the next day's `recall
/// --json`, MEMORY.md and CLAUDE.md.
fn next_day(first: (&str, &str), second: (&str, &str)) -> (Value, String, String) {
    let mut user = common::User::new();
    let dir = user.folder("search");
    user.git(&dir, &["init", "-q"]);
    user.at("2026-12-07T14:00:00Z");
    user.ok(&dir, &["init", "-q"]);
    user.ok(&dir, &["recall"]);
    for (i, (kind, text)) in [first, second].into_iter().enumerate() {
        user.at(["2026-12-07T14:05:00Z", "2026-12-07T14:20:00Z"][i]);
        match kind {
            "blocker" => user.ok(&dir, &["blocker", text]),
            _ => user.ok(&dir, &["log", kind, text]),
        };
    }
    user.at("2026-12-08T09:00:00Z");
    let v: Value = serde_json::from_str(&user.ok(&dir, &["--json", "recall"])).unwrap();
    let memory = std::fs::read_to_string(dir.join(".mind/MEMORY.md")).unwrap();
    let block = std::fs::read_to_string(dir.join("CLAUDE.md")).unwrap();
    (v, memory, block)
}

#[test]
fn a_blocker_fixed_later_in_other_words_is_promoted_with_its_fix() {
    let (v, memory, block) = next_day(("blocker", BLOCKER), ("fixed", FIX));
    let line = format!("problem: {BLOCKER} → fix: {FIX} (see also: [[MEMORY#2026-12-07]])");
    assert_eq!(v["promoted"], serde_json::json!([line]), "{v:#}");
    let p = &v["promotion"][0];
    assert_eq!(p["action"], "linked", "{v:#}");
    assert_eq!(p["reason"], "its fix, logged after it", "{v:#}");
    assert_eq!(p["similar_to"]["text"], format!("fixed: {FIX}"), "{v:#}");
    // The fix, then the problem with it, under the session's day.
    assert!(
        memory.ends_with(&format!("fixed: {FIX}\n{line}\n")),
        "{memory}"
    );
    // Read back as solved: no open loop in the shared block.
    assert!(!block.contains("Open Loops"), "{block}");
    assert!(!block.contains("- unresolved"), "{block}");
}

#[test]
fn a_fix_logged_before_the_blocker_or_about_something_else_is_not_its_fix() {
    // The blocker came back after the fix: it is open, linked to the fix.
    let (v, memory, block) = next_day(("fixed", FIX), ("blocker", BLOCKER));
    let line = format!("problem: {BLOCKER} (see also: [[MEMORY#2026-12-07]])");
    assert_eq!(v["promoted"], serde_json::json!([line]), "{v:#}");
    assert_eq!(v["promotion"][0]["reason"], "related progress", "{v:#}");
    assert!(memory.ends_with(&format!("{line}\n")), "{memory}");
    assert_eq!(
        common::block_section(&block, "Open Loops"),
        vec![format!("- [!] {BLOCKER} (2026-12-07) - unresolved")],
        "{block}"
    );
    // A fix of another problem logged after it answers nothing.
    let other = "S3 uploads time out: raised the multipart chunk size";
    let (v, memory, block) = next_day(("blocker", BLOCKER), ("fixed", other));
    let line = format!("problem: {BLOCKER}");
    assert_eq!(v["promoted"], serde_json::json!([line]), "{v:#}");
    assert!(
        memory.ends_with(&format!("fixed: {other}\n{line}\n")),
        "{memory}"
    );
    assert_eq!(
        common::block_section(&block, "Open Loops"),
        vec![format!("- [!] {BLOCKER} (2026-12-07) - unresolved")],
        "{block}"
    );
}
