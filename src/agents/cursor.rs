//! Cursor reads project rules from `.cursor/rules/*.mdc`: markdown after a YAML front
//! matter; `alwaysApply: true` puts the rule in every request. Its agent hooks live in the
//! project's `.cursor/hooks.json` (<https://cursor.com/docs/agent/hooks>): `version: 1` and,
//! per event, a list of `{"command": ...}` entries. Setup adds the pre-tool hook to
//! `beforeShellExecution` and `beforeReadFile`; `afterShellExecution` reports no exit code
//! and takes no answer, so there is no post-tool hook.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

/// The rule file that carries the context block.
pub const RULE_FILE: &str = ".cursor/rules/mind.mdc";

/// The front matter the rule starts with; the context block follows it.
pub const FRONT_MATTER: &str =
    "---\ndescription: Project memory kept by mind in .mind/\nglobs:\nalwaysApply: true\n---\n";

/// The instruction file Cursor loads in every request besides its always-applied rules:
/// the project's root AGENTS.md (<https://cursor.com/docs/rules>, "AGENTS.md"). While it
/// holds the context block, a rule file carrying the block too would put it in each
/// request twice.
pub const READS_ALSO: &str = "AGENTS.md";

/// Whether `name` (a context target, relative to the project root) is one of Cursor's
/// project rules: an `.mdc` file under the root's `.cursor/rules/`.
pub fn is_rule_file(name: &str) -> bool {
    let name = name.strip_prefix("./").unwrap_or(name);
    name.starts_with(".cursor/rules/") && name.ends_with(".mdc")
}

/// What a new file named `name` starts with before its first block: the front matter that
/// makes Cursor load a rule file always (without it the rule is applied only on request),
/// nothing for any other file.
pub fn new_file_start(name: &str) -> &'static [u8] {
    if is_rule_file(name) {
        FRONT_MATTER.as_bytes()
    } else {
        b""
    }
}

/// Whether `bytes` hold nothing but mind's front matter and blank lines: a rule file with
/// nothing of the user's in it, which Cursor would load as an empty rule.
pub fn holds_only_front_matter(bytes: &[u8]) -> bool {
    bytes
        .strip_prefix(FRONT_MATTER.as_bytes())
        .is_some_and(|rest| rest.iter().all(u8::is_ascii_whitespace))
}

/// Whether `bytes` start with a front matter that always applies.
pub fn always_applies(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    let mut lines = text.lines();
    if lines.next().map(str::trim_end) != Some("---") {
        return false;
    }
    lines
        .take_while(|l| l.trim_end() != "---")
        .any(|l| l.replace(' ', "") == "alwaysApply:true")
}

/// The project's hook file, relative to the root.
pub const HOOKS_FILE: &str = ".cursor/hooks.json";
/// The hook file format version Cursor documents.
pub const HOOKS_VERSION: u64 = 1;
pub const PRE_TOOL_COMMAND: &str = "mind hook pre-tool --agent cursor";
/// The events the pre-tool hook answers.
pub const HOOK_EVENTS: [&str; 2] = ["beforeShellExecution", "beforeReadFile"];

/// What one merge added to `.cursor/hooks.json`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Added {
    pub hooks: Vec<String>,
    /// Setup wrote `version` (the file had none).
    #[serde(default)]
    pub version: bool,
}

impl Added {
    pub fn is_empty(&self) -> bool {
        self.hooks.is_empty() && !self.version
    }

    /// Everything setup can add (for a removal without a record; `version` stays).
    pub fn everything() -> Added {
        Added {
            hooks: HOOK_EVENTS.iter().map(|e| e.to_string()).collect(),
            version: false,
        }
    }
}

/// Add the pre-tool hook to each event that lacks it, and `version: 1` to a file without
/// one. Refuses a file of another version or with `hooks` of the wrong shape.
pub fn merge(file: &mut Map<String, Value>) -> Result<Added, String> {
    let mut added = Added::default();
    match file.get("version") {
        None => {
            file.insert("version".into(), json!(HOOKS_VERSION));
            added.version = true;
        }
        Some(v) if v.as_u64() == Some(HOOKS_VERSION) => {}
        Some(v) => {
            return Err(format!(
                "`version` is {v}, not {HOOKS_VERSION}; left unchanged"
            ));
        }
    }
    let Value::Object(hooks) = file.entry("hooks").or_insert_with(|| json!({})) else {
        return Err("`hooks` is not a JSON object; left unchanged".into());
    };
    for event in HOOK_EVENTS {
        let Value::Array(entries) = hooks.entry(event).or_insert_with(|| json!([])) else {
            return Err(format!(
                "`hooks.{event}` is not a JSON list; left unchanged"
            ));
        };
        // A hook that runs mind by another path (`/usr/local/bin/mind ...`) is mind's too.
        let runs_mind = |e: &Value| {
            e.get("command")
                .and_then(Value::as_str)
                .is_some_and(|c| super::claude::runs_as(c, PRE_TOOL_COMMAND))
        };
        if !entries.iter().any(runs_mind) {
            entries.push(json!({"command": PRE_TOOL_COMMAND}));
            added.hooks.push(event.to_string());
        }
    }
    Ok(added)
}

/// Take out what `added` says setup added; an event left with no entry goes, and `hooks`
/// left empty, unless `before`, the file as it was before setup (None: unknown or no file),
/// had them: a container the user wrote stays theirs. Returns whether anything was taken
/// out.
pub fn remove(
    file: &mut Map<String, Value>,
    added: &Added,
    before: Option<&Map<String, Value>>,
) -> bool {
    let mut changed = false;
    let before_hooks = before.and_then(|b| b.get("hooks"));
    if let Some(Value::Object(hooks)) = file.get_mut("hooks") {
        for event in added.hooks.iter() {
            if let Some(Value::Array(entries)) = hooks.get_mut(event) {
                let count = entries.len();
                entries.retain(|e| !is_ours(e));
                changed |= entries.len() != count;
                if entries.is_empty() && before_hooks.and_then(|h| h.get(event)).is_none() {
                    hooks.remove(event);
                }
            }
        }
        if hooks.is_empty() && before_hooks.is_none() {
            file.remove("hooks");
        }
    }
    // The version setup wrote goes with the last hook, and also while other hooks stay
    // when without it the file is what it was before setup (the user's own hooks did
    // without it then). Hooks added since keep it: they were written beside it.
    if added.version && file.contains_key("version") {
        let mut without = file.clone();
        without.remove("version");
        if !without.contains_key("hooks") || before == Some(&without) {
            *file = without;
            changed = true;
        }
    }
    changed
}

fn is_ours(entry: &Value) -> bool {
    entry.get("command").and_then(Value::as_str) == Some(PRE_TOOL_COMMAND)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hooks_merge_once_and_come_out_alone() {
        let original = json!({"version": 1, "hooks": {"afterFileEdit": [{"command": "./fmt.sh"}], "beforeShellExecution": [{"command": "./audit.sh"}]}});
        let Value::Object(mut file) = original.clone() else {
            unreachable!()
        };
        let added = merge(&mut file).unwrap();
        assert_eq!(added, Added::everything());
        assert!(merge(&mut file.clone()).unwrap().is_empty());
        assert!(remove(&mut file, &added, None));
        assert_eq!(Value::Object(file), original);

        let mut empty = Map::new();
        let added = merge(&mut empty).unwrap();
        assert!(added.version);
        remove(&mut empty, &added, None);
        assert!(empty.is_empty());
        let Value::Object(mut other) = json!({"version": 2}) else {
            unreachable!()
        };
        assert!(merge(&mut other).is_err());
    }

    #[test]
    fn a_version_setup_wrote_goes_when_the_rest_is_as_before() {
        let Value::Object(before) =
            json!({"hooks": {"beforeShellExecution": [{"command": "./audit.sh"}]}})
        else {
            unreachable!()
        };
        let mut file = before.clone();
        let added = merge(&mut file).unwrap();
        assert!(added.version);
        assert!(remove(&mut file.clone(), &added, Some(&before)));
        let mut back = file.clone();
        remove(&mut back, &added, Some(&before));
        assert_eq!(back, before);
        // A hook the user added since was written beside the version: it stays.
        let Value::Object(hooks) = &mut file["hooks"] else {
            unreachable!()
        };
        hooks.insert("afterFileEdit".into(), json!([{"command": "./fmt.sh"}]));
        remove(&mut file, &added, Some(&before));
        assert_eq!(file["version"], json!(1));
    }

    #[test]
    fn rule_files_start_with_the_front_matter() {
        assert!(is_rule_file(RULE_FILE));
        assert!(is_rule_file("./.cursor/rules/team/memory.mdc"));
        assert!(!is_rule_file(".cursor/rules/notes.md"));
        assert!(!is_rule_file("AGENTS.md"));
        assert_eq!(new_file_start(RULE_FILE), FRONT_MATTER.as_bytes());
        assert_eq!(new_file_start("GEMINI.md"), b"");
        assert!(holds_only_front_matter(
            format!("{FRONT_MATTER}\n").as_bytes()
        ));
        assert!(!holds_only_front_matter(
            format!("{FRONT_MATTER}\nAlso: keep answers short.\n").as_bytes()
        ));
        assert!(!holds_only_front_matter(b"\n"));
    }

    #[test]
    fn the_front_matter_always_applies() {
        assert!(always_applies(FRONT_MATTER.as_bytes()));
        assert!(!always_applies(b"---\nalwaysApply: false\n---\n"));
        assert!(!always_applies(b"# rules\n"));
    }
}
