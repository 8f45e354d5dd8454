//! Two first-week paths a person takes: checkpoint a `// MEMORY:` comment today and commit
//! the file tomorrow (the memory is not stale for the commit that brings its own comment in,
//! only for a later change that takes the comment away), and convert a MEMORY.md that Notepad saved in UTF-16 with blank lines in it. Each
//! runs `mind` as a person does: a temp HOME, no `MIND_*` variables but the clock, real git.

use std::fs;

use crate::common::{User, block_section};

#[test]
fn a_memory_is_not_stale_for_the_commit_that_brings_in_its_own_comment() {
    let mut user = User::new();
    let project = user.project("work/app", &["init"]);
    user.commit_file(&project, "README.md", "app\n", "start");
    fs::create_dir_all(project.join("src")).unwrap();
    fs::write(
        project.join("src/a.rs"),
        "// MEMORY: decided: cache tokens for 5 min\nfn main() {}\n",
    )
    .unwrap();
    user.at("2026-01-15T17:00:00Z");
    user.ok(&project, &["checkpoint"]);

    // The next day the file is committed as it is: the memory's own comment came in.
    user.at("2026-01-16T09:00:00Z");
    user.git(&project, &["add", "src/a.rs"]);
    user.git(&project, &["commit", "-q", "-m", "add a"]);
    let status = user.ok(&project, &["status", "--stale"]);
    assert_eq!(status, "", "no entry is stale");
    let block = user.ok(&project, &["recall"]);
    assert!(!block.contains("[stale?]"), "{block}");

    // A later change elsewhere in the file leaves the comment saying what it said: the
    // memory still holds there.
    user.at("2026-01-18T09:00:00Z");
    user.commit_file(
        &project,
        "src/a.rs",
        "fn main() { run(); }\n// MEMORY: decided: cache tokens for 5 min\n",
        "run",
    );
    let status = user.ok(&project, &["status", "--stale"]);
    assert_eq!(status, "", "the comment is still there");
    // A change that takes the comment away may have left the memory behind: stale.
    user.at("2026-01-19T09:00:00Z");
    user.commit_file(&project, "src/a.rs", "fn main() { run(); }\n", "drop it");
    let status = user.ok(&project, &["status", "--stale"]);
    assert!(
        status.starts_with("[stale?] MEMORY.md:") && status.contains("src/a.rs changed 2026-01-19"),
        "{status}"
    );
    let block = user.ok(&project, &["recall"]);
    let decisions = block_section(&block, "Recent Decisions");
    assert!(
        decisions
            .iter()
            .any(|l| l.contains("cache tokens for 5 min") && l.contains("[stale?]")),
        "{block}"
    );
}

#[test]
fn doctor_converts_a_utf16_memory_with_blank_lines() {
    let user = User::new();
    let project = user.project("work/app", &["init"]);
    let memory = project.join(".mind/MEMORY.md");
    let text =
        "# Project Memory\n\n## 2026-01-14\n\ndecided: use postgres\n\n\nlearned: vacuum nightly\n";
    let utf16: Vec<u8> = [b"\xFF\xFE".as_slice()]
        .into_iter()
        .flatten()
        .copied()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    fs::write(&memory, &utf16).unwrap();
    let out = user
        .mind(&project, &["log", "decision", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(fs::read(&memory).unwrap(), utf16);

    user.ok(&project, &["doctor", "--fix"]);
    assert_eq!(
        fs::read_to_string(&memory).unwrap(),
        format!("\u{feff}{text}")
    );
    let found = user.ok(&project, &["search", "vacuum"]);
    assert!(found.contains("learned: vacuum nightly"), "{found}");
}

/// A memory the commit hook harvested is marked `[stale?]` in the block and listed by
/// `mind status --stale`, in the file it is in.
#[test]
fn status_stale_lists_harvested_memories_as_the_block_marks_them() {
    let mut user = User::new();
    let project = user.project("work/app", &["init"]);
    user.ok(&project, &["hooks", "install"]);
    user.at("2026-03-02T09:00:00Z");
    user.commit_file(
        &project,
        "c.ts",
        "// MEMORY: decided: use zod for request validation\n",
        "c",
    );
    let block = user.ok(&project, &["recall"]);
    assert!(block.contains("use zod for request validation"), "{block}");
    assert!(!block.contains("[stale?]"), "{block}");

    user.at("2026-03-10T09:00:00Z");
    user.commit_file(&project, "c.ts", "export const x = 1;\n", "c2");
    let block = user.ok(&project, &["recall"]);
    assert!(block.contains("[stale?]"), "{block}");
    let status = user.ok(&project, &["status", "--stale"]);
    assert!(
        status.starts_with("[stale?] .mind/cache/commits.md:"),
        "{status}"
    );
    assert!(status.contains("c.ts changed 2026-03-10"), "{status}");
    let json: serde_json::Value =
        serde_json::from_str(&user.ok(&project, &["status", "--stale", "--json"])).unwrap();
    assert_eq!(json["stale"][0]["file"], ".mind/cache/commits.md");
    assert_eq!(json["stale"][0]["path"], "c.ts");
}
