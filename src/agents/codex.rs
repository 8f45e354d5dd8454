//! Codex: the hooks `mind setup codex` merges into the project's `.codex/hooks.json`.
//!
//! Codex reads hooks from `hooks.json` beside each active config layer, the project's
//! `.codex/` among them once the person trusts the project
//! (<https://developers.openai.com/codex/hooks>,
//! <https://developers.openai.com/codex/config-advanced>). The file has Claude Code's
//! layout (event → groups of `matcher` and `hooks`), so the merge and the removal are
//! Claude Code's ([`super::claude::merge_hooks`], [`super::claude::remove_hooks`]). The
//! `PreToolUse` matcher covers `Bash` and `apply_patch` (Codex's file edits; `Edit` and
//! `Write` match it as aliases).

use serde_json::{Map, Value};

use super::claude::{self, HookEntry};

/// The project's hook file, relative to the root.
pub const HOOKS_FILE: &str = ".codex/hooks.json";

pub const PRE_TOOL_COMMAND: &str = "mind hook pre-tool --agent codex";
pub const POST_TOOL_COMMAND: &str = "mind hook post-tool --agent codex";

/// Before a shell command or a patch, the memories about it; after a shell command, its
/// failure recorded and a repeat warned about.
pub const HOOKS: [HookEntry; 2] = [
    HookEntry {
        event: "PreToolUse",
        matcher: Some("Bash|apply_patch"),
        command: PRE_TOOL_COMMAND,
    },
    HookEntry {
        event: "PostToolUse",
        matcher: Some("Bash"),
        command: POST_TOOL_COMMAND,
    },
];

/// Add the hooks missing from `file` (parsed with [`claude::parse`]); the events added to.
pub fn merge(file: &mut Map<String, Value>) -> Result<Vec<String>, String> {
    claude::merge_hooks(file, &HOOKS)
}

/// Take out the hooks of `events` (a container left empty goes only when `before`, the file
/// before setup, lacks it: [`claude::remove_hooks`]); whether anything was taken out.
pub fn remove(
    file: &mut Map<String, Value>,
    events: &[String],
    before: Option<&Map<String, Value>>,
) -> bool {
    claude::remove_hooks(file, &HOOKS, events, before)
}

/// Every event setup can add to (for a removal without a record).
pub fn all_events() -> Vec<String> {
    HOOKS.iter().map(|h| h.event.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn merge_keeps_the_users_hooks_and_remove_takes_only_ours() {
        let original = json!({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./check.sh"}]}]}});
        let Value::Object(mut file) = original.clone() else {
            unreachable!()
        };
        assert_eq!(merge(&mut file).unwrap(), all_events());
        assert!(merge(&mut file.clone()).unwrap().is_empty());
        assert!(remove(&mut file, &all_events(), None));
        assert_eq!(Value::Object(file), original);
    }
}
