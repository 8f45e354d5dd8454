//! What the block says of migrated and everyday memory: a fix written "subject - how"
//! closes its problem, design notes are not open problems, promotion links an undated line
//! by its line number, and a memory without dates says its capture date is unknown.
//! Run as a user runs it: a temp HOME, no `MIND_*` variable but the clock, real git.

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::{User, block_section};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/real");
const EVAL_REAL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/eval/real");

/// The context block in the project's CLAUDE.md, between its markers.
fn claude_block(project: &Path) -> String {
    let text = fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    let start = text.find("<!-- MIND:CONTEXT").expect("start marker");
    let end = text.find("<!-- MIND:END -->").expect("end marker");
    text[start..end].to_string()
}

/// A project whose MEMORY.md is a copy of `file`, opened with `mind init`.
fn migrated(user: &User, name: &str, file: &str) -> PathBuf {
    let project = user.folder(name);
    user.git(&project, &["init", "-q"]);
    fs::create_dir_all(project.join(".mind")).unwrap();
    fs::copy(file, project.join(".mind/MEMORY.md")).unwrap();
    user.ok(&project, &["init", "-q"]);
    project
}

#[test]
fn a_fix_that_names_its_subject_and_then_how_closes_the_problem() {
    let mut user = User::new();
    user.at("2026-01-10T09:00:00Z");
    let project = user.project("app", &["init", "-q", "--hooks"]);
    user.log_each(
        &project,
        "problem",
        &[
            "CI build fails on arm64 runners",
            "nightly export job times out on large tenants",
            "paper fills double counted when a partial fill completes",
            "search crashes on queries with emoji",
            "upload stalls after resume on slow networks",
        ],
    );
    user.at("2026-01-10T11:00:00Z");
    // The subject, shorter than the problem's, then how it was fixed: from a commit, from
    // `mind log progress` and from `mind log fixed`.
    user.commit_file(
        &project,
        "rust-toolchain",
        "1.80\n",
        "fixed: CI fails on arm64 - pin the rust toolchain",
    );
    user.ok(
        &project,
        &[
            "log",
            "progress",
            "nightly export job times out - stream rows in batches",
        ],
    );
    user.ok(
        &project,
        &[
            "log",
            "fixed",
            "paper fills double counted - dedupe by order id in apply_paper_fill",
        ],
    );
    // Another thing in the same words stays another thing, remedy or not: quotes are not
    // emoji, and a retry is not a resume (what comes before the remedy shares too little).
    user.ok(
        &project,
        &[
            "log",
            "fixed",
            "search crashes on queries with quotes - escape them",
        ],
    );
    user.ok(
        &project,
        &[
            "log",
            "fixed",
            "upload stalls after retry on slow networks - raise the buffer",
        ],
    );

    let recalled = user.ok(&project, &["recall"]);
    let open = vec![
        "- [!] upload stalls after resume on slow networks (2026-01-10) - unresolved".to_string(),
        "- [!] search crashes on queries with emoji (2026-01-10) - unresolved".to_string(),
    ];
    assert_eq!(block_section(&recalled, "Open Loops"), open, "{recalled}");
    assert_eq!(
        block_section(&claude_block(&project), "Open Loops"),
        open,
        "{}",
        claude_block(&project)
    );

    // `mind parse` says which line resolves which.
    let parsed = user.ok(&project, &["parse"]);
    for (problem, fix) in [
        ("CI build fails on arm64 runners", None),
        (
            "nightly export job times out on large tenants",
            Some("nightly export job times out - stream rows in batches"),
        ),
        (
            "paper fills double counted when a partial fill completes",
            Some("paper fills double counted - dedupe by order id in apply_paper_fill"),
        ),
    ] {
        let line = parsed
            .lines()
            .find(|l| l.contains(problem))
            .unwrap_or_else(|| panic!("{problem}: {parsed}"));
        let Some(fix) = fix else {
            // The commit's fix is in the commit store, which `mind parse` does not read.
            continue;
        };
        let fix_line = parsed
            .lines()
            .find(|l| l.contains(fix))
            .unwrap_or_else(|| panic!("{fix}: {parsed}"));
        let number = fix_line.split_whitespace().next().unwrap();
        assert!(
            line.ends_with(&format!("(2026-01-10, resolved by {number})")),
            "{line}\n{parsed}"
        );
    }
}

#[test]
fn a_two_letter_name_in_capitals_is_part_of_the_subject() {
    let user = User::new();
    let project = user.project("app", &["init", "-q"]);
    fs::write(
        project.join("notes.md"),
        "## 2026-01-10\n\
         - problem: CI build fails on arm64 runners\n\
         - fixed: CI fails on arm64\n\
         - problem: UI freezes on large boards\n\
         - fixed: DB freezes on large boards\n",
    )
    .unwrap();
    let parsed = user.ok(&project, &["parse", "notes.md"]);
    let lines: Vec<&str> = parsed.lines().collect();
    assert_eq!(
        lines,
        [
            "L2 problem  0.90 CI build fails on arm64 runners (2026-01-10, resolved by L3)",
            "L3 progress 0.90 CI fails on arm64 (2026-01-10)",
            "L4 problem  0.90 UI freezes on large boards (2026-01-10, open)",
            "L5 progress 0.90 DB freezes on large boards (2026-01-10)",
        ],
        "{parsed}"
    );
}

#[test]
fn design_notes_in_a_migrated_memory_are_neither_open_loops_nor_where_to_continue() {
    let user = User::new();
    let file = format!("{FIXTURES}/vultisig__vultisig-windows__MEMORY.md");
    let project = migrated(&user, "vult", &file);
    let block = claude_block(&project);
    // "For DKLS/Schnorr vaults: NOT stored/returned by reshare functions" (under "## Reshare
    // Prefix Information") and "Address derived from vault's public keys, not stored
    // separately per chain" (under "### Data Consistency Notes:") say how the code is built.
    assert!(!block.contains("## Open Loops"), "{block}");
    assert!(!block.contains("unresolved"), "{block}");
    assert!(!block.contains("not stored"), "{block}");
    assert!(!block.contains("NOT stored"), "{block}");
    assert!(!block.contains("Last (open problem)"), "{block}");

    // Line by line: the design statements are no entries; a report in the same words is.
    fs::write(
        project.join("lines.md"),
        "- For DKLS/Schnorr vaults: NOT stored/returned by reshare functions\n\
         - Address derived from vault's public keys, not stored separately per chain\n\
         - API key kept in `.env`, not hardcoded\n\
         - Images not cached separately per user\n\
         - Settings not saved on reload\n\
         - Clock not updated with daylight saving time change\n",
    )
    .unwrap();
    let lines = user.ok(&project, &["parse", "--lines", "--rules-only", "lines.md"]);
    let types: Vec<&str> = lines
        .lines()
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(
        types,
        ["none", "none", "none", "none", "problem", "problem"],
        "{lines}"
    );
}

#[test]
fn promotion_links_an_undated_line_by_its_number_not_the_heading_it_follows() {
    let mut user = User::new();
    user.at("2026-01-19T09:00:00Z");
    let file = format!("{FIXTURES}/vibeforge1111__vibeship-spawner-ui__MEMORY.md");
    let project = migrated(&user, "spawner", &file);
    user.ok(&project, &["recall"]);
    user.ok(
        &project,
        &[
            "log",
            "rejected",
            "switching goto to window.location.href again - breaks the back button",
        ],
    );
    user.at("2026-01-20T09:00:00Z");
    let out = user.mind(&project, &["recall"]).output().expect("run mind");
    assert!(out.status.success());
    let report = String::from_utf8(out.stderr).unwrap();
    // The line it resembles is MEMORY.md:69, a `learned:` line appended after the Python
    // Mind's `## Project Context` section (Stack, Purpose, Key Pages) with no date heading.
    assert!(
        report.contains("> linked to MEMORY.md:69: learned: BUG FIX: PRD pipeline"),
        "{report}"
    );
    let memory = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    assert!(
        memory
            .lines()
            .nth(68)
            .unwrap()
            .starts_with("learned: BUG FIX: PRD pipeline creation failed"),
        "{memory}"
    );
    let promoted = memory
        .lines()
        .find(|l| l.contains("window.location.href again"))
        .expect("promoted");
    assert_eq!(
        promoted,
        "decided against: switching goto to window.location.href again - breaks the back \
         button (see also: [[MEMORY#L69]])"
    );
    assert!(!memory.contains("[[MEMORY#Project Context]]"), "{memory}");
}

#[test]
fn a_memory_without_dates_says_its_capture_date_is_unknown() {
    let user = User::new();
    // vibeship-mind's MEMORY.md dates its sessions `## Dec 12 (Session 6 - continuing)`:
    // no year, so no date.
    let file = format!("{EVAL_REAL}/vibeforge1111__vibeship-mind__MEMORY.md");
    let project = migrated(&user, "mindp", &file);
    let unknown = ["Last captured: unknown (no dated entries)"];
    let block = claude_block(&project);
    assert_eq!(block_section(&block, "Memory: Active"), unknown, "{block}");
    assert!(
        block_section(&block, "Project State")
            .iter()
            .any(|l| l.starts_with("- Goal: Build Mind MCP")),
        "{block}"
    );
    // `mind context` shows the same block, and `mind recall` prints it.
    let context = user.ok(&project, &["context"]);
    assert_eq!(
        block_section(&context, "Memory: Active"),
        unknown,
        "{context}"
    );
    let recalled = user.ok(&project, &["recall"]);
    assert_eq!(
        block_section(&recalled, "Memory: Active"),
        unknown,
        "{recalled}"
    );

    // A dated entry gives the date.
    user.ok(
        &project,
        &["log", "decided", "keep the prose memory as it is"],
    );
    let recalled = user.ok(&project, &["recall"]);
    assert_eq!(
        block_section(&recalled, "Memory: Active"),
        ["Last captured: 2026-01-15"],
        "{recalled}"
    );
}
