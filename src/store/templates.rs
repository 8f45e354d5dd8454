//! The files `mind init` writes. MEMORY.md, SESSION.md and REMINDERS.md keep the Python
//! Mind's headings and markers, so either tool reads the other's files unchanged.

use chrono::NaiveDate;

/// MEMORY.md for a new project.
pub fn memory(project_name: &str, stack: &[String], today: NaiveDate) -> String {
    let stack = if stack.is_empty() {
        "(add your stack)".to_string()
    } else {
        stack.join(", ")
    };
    format!(
        "<!-- MIND MEMORY - Append as you work. Write naturally.
Keywords: decided, problem, learned, tried, fixed, blocked, KEY, important
Wikilinks: Use [[MEMORY#L123]] to link to specific lines (Obsidian-compatible)
Sync: To sync across devices, add .mind/ folder to your Obsidian vault -->

# {project_name}

## Project State
- Goal:
- Stack: {stack}
- Blocked: None

## Gotchas
<!-- Project-specific gotchas -->

---

## Session Log

## {today}

(Start writing here)

<!-- End session with: ## DATE | summary of what happened | mood: X -->
---
"
    )
}

/// SESSION.md for a new session.
pub fn session(today: NaiveDate) -> String {
    format!(
        "# Session: {today}

## Experience
<!-- Raw moments, thoughts, what's happening -->

## Blockers

## Rejected
<!-- What didn't work and why -->

## Assumptions
<!-- What I'm assuming true -->

"
    )
}

/// REMINDERS.md: pending reminders under `## Reminders`, completed ones under `## Done`.
pub const REMINDERS: &str =
    "<!-- MIND REMINDERS - set with `mind remind MESSAGE WHEN`, list with `mind reminders`.
Format: - [ ] DUE | TYPE | MESSAGE   (TYPE: absolute, next session, context) -->

## Reminders

## Done
";

/// `.mind/.gitignore`: personal and rebuildable files stay out of git.
pub const GITIGNORE_SHARED: &str = "# mind: personal and rebuildable files stay out of git;
# MEMORY.md, memories/ and config.json are shared with the team.
SESSION.md
REMINDERS.md
state.json
.lock
cache/
.mind-tmp-*
";

/// `.mind/.gitignore` for `mind init --private`: nothing in `.mind/` is committed.
pub const GITIGNORE_PRIVATE: &str =
    "# mind: this project's memory is private; nothing in .mind/ is committed.
*
";

/// `.mind/.gitattributes`: two branches that both appended memory merge without conflict.
pub const GITATTRIBUTES: &str =
    "# Appends from two branches merge without conflict (git's union merge driver).
MEMORY.md merge=union
";

/// config.json for a new project (the Python Mind reads it too; it ignores keys it does not
/// know). `targets`: the instruction files of the agents found in the project.
pub fn config(targets: &[String]) -> String {
    let value = serde_json::json!({
        "version": 2,
        "session_gap_minutes": crate::config::DEFAULT_GAP_MINUTES,
        "context_budget_chars": crate::config::DEFAULT_BUDGET_CHARS,
        "context_targets": targets,
        "personal_target": crate::config::DEFAULT_PERSONAL_TARGET,
    });
    let mut text = serde_json::to_string_pretty(&value).expect("static JSON");
    text.push('\n');
    text
}
