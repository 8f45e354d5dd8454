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
