//! `mind init`: templates, .gitignore/.gitattributes, CLAUDE.md, registry, idempotence.
use crate::common;

use common::Env;
use predicates::prelude::*;

const MEMORY: &str = "<!-- MIND MEMORY - Append as you work. Write naturally.
Keywords: decided, problem, learned, tried, fixed, blocked, KEY, important
Wikilinks: Use [[MEMORY#L123]] to link to specific lines (Obsidian-compatible)
Sync: To sync across devices, add .mind/ folder to your Obsidian vault -->

# project

## Project State
- Goal:
- Stack: (add your stack)
- Blocked: None

## Gotchas
<!-- Project-specific gotchas -->

---

## Session Log

## 2026-01-15

(Start writing here)

<!-- End session with: ## DATE | summary of what happened | mood: X -->
---
";

const SESSION: &str = "# Session: 2026-01-15

## Experience
<!-- Raw moments, thoughts, what's happening -->

## Blockers

## Rejected
<!-- What didn't work and why -->

## Assumptions
<!-- What I'm assuming true -->

";

fn snapshot(env: &Env) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for entry in walk(&env.root()) {
        let rel = entry
            .strip_prefix(env.root())
            .unwrap()
            .display()
            .to_string();
        files.push((rel, std::fs::read(&entry).unwrap()));
    }
    files.push((
        "home/projects.json".into(),
        std::fs::read(env.home().join("projects.json")).unwrap(),
    ));
    files.sort();
    files
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path))
        } else {
            out.push(path)
        }
    }
    out
}

#[test]
fn init_writes_python_compatible_templates() {
    let env = Env::new();
    env.mind(&["init"])
        .assert()
        .success()
        .stdout(predicate::str::contains("created .mind/MEMORY.md"))
        .stdout(predicate::str::contains(
            "created CLAUDE.md (context block)",
        ));
    assert_eq!(env.read(".mind/MEMORY.md"), MEMORY);
    assert_eq!(env.read(".mind/SESSION.md"), SESSION);
    assert!(
        env.read(".mind/REMINDERS.md")
            .contains("\n## Reminders\n\n## Done\n")
    );
    let config: serde_json::Value = serde_json::from_str(&env.read(".mind/config.json")).unwrap();
    assert_eq!(config["session_gap_minutes"], 30);
    assert_eq!(config["context_budget_chars"], 6000);
    assert_eq!(
        env.read(".mind/.gitattributes").lines().last(),
        Some("MEMORY.md merge=union")
    );
}

#[test]
fn init_gitignore_keeps_memory_and_config_tracked() {
    let env = Env::new();
    env.ok(&["init"]);
    let ignore: Vec<String> = env
        .read(".mind/.gitignore")
        .lines()
        .map(str::to_string)
        .collect();
    for name in [
        "SESSION.md",
        "REMINDERS.md",
        "state.json",
        ".lock",
        "cache/",
    ] {
        assert!(ignore.iter().any(|l| l == name), "{name} not ignored");
    }
    for name in ["MEMORY.md", "config.json", "*"] {
        assert!(
            !ignore.iter().any(|l| l == name),
            "{name} must stay tracked"
        );
    }
}

#[test]
fn init_gitignore_really_ignores_in_git() {
    let env = Env::new();
    env.git(&["init", "-q"]);
    env.ok(&["init"]);
    env.ok(&["log", "decision", "use git"]);
    let status = env.git(&["status", "--porcelain", "--untracked-files=all"]);
    assert!(status.contains(".mind/MEMORY.md"), "{status}");
    assert!(status.contains(".mind/config.json"), "{status}");
    assert!(
        !status.contains("SESSION.md")
            && !status.contains("state.json")
            && !status.contains(".lock"),
        "{status}"
    );
}

#[test]
fn init_private_ignores_everything() {
    let env = Env::new();
    env.ok(&["init", "--private"]);
    assert!(env.read(".mind/.gitignore").lines().any(|l| l == "*"));
    assert!(!env.exists(".mind/.gitattributes"));
}

#[test]
fn existing_gitignore_is_kept_unless_asked() {
    let env = Env::new();
    env.write(".mind/.gitignore", "# mine\n*\n!.gitignore\n");
    env.ok(&["init"]);
    assert_eq!(env.read(".mind/.gitignore"), "# mine\n*\n!.gitignore\n");
    env.ok(&["init", "--rewrite-gitignore"]);
    assert!(env.read(".mind/.gitignore").contains("SESSION.md"));
}

#[test]
fn init_twice_changes_nothing() {
    let env = Env::new();
    env.ok(&["init"]);
    let before = snapshot(&env);
    env.mind(&["init"])
        .assert()
        .success()
        .stdout(predicate::str::contains("nothing changed"));
    assert_eq!(before, snapshot(&env));
}

#[test]
fn init_keeps_user_claude_md_text_byte_for_byte() {
    let env = Env::new();
    let user = "# My rules\r\n\r\nAlways run tests.\r\nno newline at end";
    env.write("CLAUDE.md", user);
    env.ok(&["init"]);
    let after = env.read("CLAUDE.md");
    assert!(
        after.starts_with(&format!("{user}\r\n\r\n<!-- MIND:CONTEXT")),
        "{after:?}"
    );
    assert!(after.ends_with("<!-- MIND:END -->\r\n"));
    assert!(
        !after.replace("\r\n", "").contains('\n'),
        "CRLF kept for the block"
    );
    assert!(after.contains("## Memory (mind)"));
}

#[test]
fn init_registers_project_once() {
    let env = Env::new();
    env.ok(&["init"]);
    let reg: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(env.home().join("projects.json")).unwrap())
            .unwrap();
    let root = std::fs::canonicalize(env.root())
        .unwrap()
        .display()
        .to_string();
    assert_eq!(reg["projects"][&root]["name"], "project");
    assert_eq!(
        reg["projects"][&root]["registered_at"],
        "2026-01-15T09:00:00+00:00"
    );
}

#[test]
fn init_detects_stack() {
    let env = Env::new();
    env.write("Cargo.toml", "[package]\nname = \"x\"\n");
    env.ok(&["init"]);
    assert!(env.read(".mind/MEMORY.md").contains("- Stack: rust\n"));
}

#[test]
fn init_uses_git_root_from_a_subfolder() {
    let env = Env::new();
    env.git(&["init", "-q"]);
    std::fs::create_dir_all(env.path("src/deep")).unwrap();
    env.mind(&["init"])
        .current_dir(env.path("src/deep"))
        .assert()
        .success();
    assert!(env.exists(".mind/MEMORY.md"));
    assert!(!env.exists("src/deep/.mind"));
}

#[test]
fn init_recreates_a_missing_file_and_keeps_the_rest() {
    let env = Env::initialised();
    env.ok(&["log", "decision", "keep me"]);
    std::fs::remove_file(env.path(".mind/SESSION.md")).unwrap();
    env.mind(&["init"])
        .assert()
        .success()
        .stdout(predicate::str::contains("created .mind/SESSION.md"));
    assert!(env.read(".mind/MEMORY.md").contains("decided: keep me"));
}

#[test]
fn init_puts_the_block_where_versioned_python_instructions_were() {
    // The Python Mind's AGENTS.md: version marker, instructions (arrows as `->`), `---`.
    let python = include_str!("../fixtures/real/vibeforge1111__vibeship-plugin__CLAUDE.md");
    let section = &python[..python.find("\n---\n").unwrap()].replace('→', "->");
    let env = Env::new();
    std::fs::create_dir_all(env.path(".mind")).unwrap();
    env.write(".mind/config.json", r#"{"context_targets": ["AGENTS.md"]}"#);
    env.write(
        "AGENTS.md",
        format!("<!-- MIND:VERSION:2 -->\n{section}\n---\n\n# Agents\nRun the tests.\n"),
    );
    let out = env.mind(&["init"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("in AGENTS.md (1 section(s))"));
    let agents = env.read("AGENTS.md");
    assert!(
        agents.starts_with("<!-- MIND:CONTEXT - Auto-generated by mind"),
        "{agents}"
    );
    assert!(
        agents.ends_with("<!-- MIND:END -->\n\n# Agents\nRun the tests.\n"),
        "{agents}"
    );
    assert!(!agents.contains("MIND:VERSION") && !agents.contains("mind_log("));
    let config: serde_json::Value = serde_json::from_str(&env.read(".mind/config.json")).unwrap();
    assert!(
        config.get("personal_target").is_none(),
        "an existing config is kept"
    );
}

#[test]
fn new_config_names_the_personal_target() {
    let env = Env::initialised();
    let config: serde_json::Value = serde_json::from_str(&env.read(".mind/config.json")).unwrap();
    assert_eq!(config["personal_target"], "CLAUDE.local.md");
}

#[test]
fn a_claude_md_ending_in_an_open_code_fence_gets_one_block_above_the_fence() {
    // Run the way a person does: a temp HOME, no MIND_HOME, real git. A block after a
    // fence the file never closes would be code, found by nothing, added again each time.
    let user = common::User::new();
    let dir = user.folder("work/app");
    user.git(&dir, &["init", "-q"]);
    let mine = "# Rules\n\nRun the tests:\n```sh\ncargo test\n";
    std::fs::write(dir.join("CLAUDE.md"), mine).unwrap();
    user.ok(&dir, &["init"]);
    user.ok(&dir, &["recall"]);
    user.ok(&dir, &["init"]);
    let after = std::fs::read_to_string(dir.join("CLAUDE.md")).unwrap();
    assert_eq!(after.matches("<!-- MIND:CONTEXT").count(), 1, "{after}");
    assert_eq!(after.matches("<!-- MIND:END -->").count(), 1, "{after}");
    assert!(
        after.starts_with("# Rules\n\nRun the tests:\n\n<!-- MIND:CONTEXT"),
        "{after}"
    );
    assert!(
        after.ends_with("<!-- MIND:END -->\n```sh\ncargo test\n"),
        "{after}"
    );
}

#[test]
fn a_claude_md_ending_in_a_bare_carriage_return_is_left_alone_after_the_first_block() {
    let env = Env::new();
    env.write("CLAUDE.md", "# Rules\r");
    env.ok(&["init"]);
    let once = env.read_bytes("CLAUDE.md");
    assert!(once.starts_with(b"# Rules\r\r\n\r\n<!-- MIND:CONTEXT"));
    env.mind(&["init"])
        .assert()
        .success()
        .stdout(predicate::str::contains("nothing changed"));
    assert_eq!(env.read_bytes("CLAUDE.md"), once);
}
