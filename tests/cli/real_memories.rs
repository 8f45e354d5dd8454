//! Real memory files written by hand or by the Python Mind, opened by `mind` as they are:
//! the context block says only what they hold. Run as a user runs it: a temp HOME, no
//! `MIND_*` variable but the clock, real git.
use std::fs;

use crate::common::{User, block_section as section};

const REAL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/eval/real");

/// The block `mind init` writes into CLAUDE.md for a project whose MEMORY.md is `file`.
fn block_for(user: &User, name: &str, file: &str) -> String {
    let project = user.folder(name);
    user.git(&project, &["init", "-q"]);
    fs::create_dir_all(project.join(".mind")).unwrap();
    fs::copy(format!("{REAL}/{file}"), project.join(".mind/MEMORY.md")).unwrap();
    user.ok(&project, &["init", "-q"]);
    let text = fs::read_to_string(project.join("CLAUDE.md")).unwrap();
    let start = text.find("<!-- MIND:CONTEXT").expect("start marker");
    let end = text.find("<!-- MIND:END -->").expect("end marker");
    text[start..end].to_string()
}

#[test]
fn hard_wrapped_prose_that_tells_a_fix_is_no_open_loop() {
    let user = User::new();
    let block = block_for(&user, "vibeship", "vibeforge1111__vibeship-mind__MEMORY.md");
    // "fixed ParsedMemory dataclass -\nwas missing project_state field that parser was
    // setting. now properly typed.": the wrapped half tells the fix, not an open problem.
    let loops = section(&block, "Open Loops");
    assert!(
        !loops.iter().any(|l| l.contains("project_state")),
        "{block}"
    );
    // What the file decided is still there.
    let decisions = section(&block, "Recent Decisions");
    assert!(
        decisions.iter().any(|l| l.contains("In-repo storage")),
        "{block}"
    );
}

#[test]
fn environment_lines_and_a_component_named_discovery_are_not_memories() {
    let user = User::new();
    let block = block_for(&user, "scout", "nobrakesnft__scout-ai__MEMORY.md");
    let decisions = section(&block, "Recent Decisions");
    // `QWEN_API_KEY=sk-xxx  # SECONDARY ...` under "## Architecture Decisions" is config.
    assert!(!decisions.iter().any(|l| l.contains("API_KEY")), "{block}");
    assert!(
        decisions
            .iter()
            .any(|l| l.contains("CrewAI over LangGraph")),
        "{block}"
    );
    // "### Phase 1: Discovery System ⬜ NOT STARTED" names a component: its exit criteria
    // ("Approve/skip buttons work") are not learnings.
    let out = user.ok(&user.home().join("scout"), &["parse", ".mind/MEMORY.md"]);
    assert!(!out.contains("buttons work"), "{out}");
    assert!(!out.contains("API_KEY"), "{out}");
}

#[test]
fn a_problem_field_answered_by_the_fix_field_of_its_record_is_no_open_loop() {
    let user = User::new();
    let block = block_for(&user, "orac", "2oby__ORAC-STT__DEVLOG.md");
    let loops = section(&block, "Open Loops");
    // `**Problem**: BaseSettings import error ...` then `**Solution**: Updated imports ...`;
    // `**Problem**: Extra [default] section ...` then `**Fixed**: Configuration now loads`.
    assert!(!loops.iter().any(|l| l.contains("BaseSettings")), "{block}");
    assert!(!loops.iter().any(|l| l.contains("[default]")), "{block}");
    // A problem field no fix field follows stays open.
    assert!(
        loops.iter().any(|l| l.contains("command_api.url")),
        "{block}"
    );
}

#[test]
fn a_record_answered_after_the_memory_was_cached_is_answered_as_when_read_whole() {
    let mut user = User::new();
    let project = user.project("big", &["init", "-q"]);
    // A memory large enough to keep a parse cache, ending on a record's problem field.
    let mut memory = fs::read_to_string(project.join(".mind/MEMORY.md")).unwrap();
    memory.push_str("\n## 2026-01-05\n\n");
    for i in 0..900 {
        memory.push_str(&format!("learned: fact number {i} about the cache layer\n"));
    }
    memory.push_str("- **Problem**: the nightly export drops rows over 2 GB\n");
    fs::write(project.join(".mind/MEMORY.md"), &memory).unwrap();
    user.at("2026-01-05T10:00:00Z");
    let first = user.ok(&project, &["recall"]);
    assert!(first.contains("nightly export drops rows"), "{first}");
    assert!(project.join(".mind/cache/memory.parse").exists());
    // The record's fix field, appended after the cache was written.
    let mut file = fs::OpenOptions::new()
        .append(true)
        .open(project.join(".mind/MEMORY.md"))
        .unwrap();
    std::io::Write::write_all(
        &mut file,
        b"- **Fix Applied**: stream the rows in batches\n",
    )
    .unwrap();
    user.at("2026-01-05T10:05:00Z");
    let cached = user.ok(&project, &["recall"]);
    fs::remove_dir_all(project.join(".mind/cache")).unwrap();
    let whole = user.ok(&project, &["recall"]);
    let open = |out: &str| section(out, "Open Loops").join("\n");
    assert!(!open(&cached).contains("nightly export"), "{cached}");
    assert_eq!(open(&cached), open(&whole));
}
