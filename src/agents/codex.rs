//! Codex: the hooks `mind setup codex` merges into the project's `.codex/hooks.json`, and
//! where the context block stands in what Codex reads of AGENTS.md.
//!
//! Codex reads hooks from `hooks.json` beside each active config layer, the project's
//! `.codex/` among them once the person trusts the project
//! (<https://developers.openai.com/codex/hooks>,
//! <https://developers.openai.com/codex/config-advanced>). The file has Claude Code's
//! layout (event → groups of `matcher` and `hooks`), so the merge and the removal are
//! Claude Code's ([`super::claude::merge_hooks`], [`super::claude::remove_hooks`]). The
//! `SessionStart` hook's input and answer are Claude Code's too (`session_id`, `cwd`,
//! `source`; `hookSpecificOutput.additionalContext`), so `mind recall --hook codex` answers
//! as `--hook claude` does. The `PreToolUse` matcher covers `Bash` and `apply_patch`
//! (Codex's file edits; `Edit` and `Write` match it as aliases).

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::claude::{self, HookEntry};

/// The project's hook file, relative to the root.
pub const HOOKS_FILE: &str = ".codex/hooks.json";

/// At each start: the memory as it is now. Codex reads AGENTS.md before any hook runs, so
/// without it a session starts with the block the last recall left (a problem fixed by a
/// teammate's commit since still shown open).
pub const RECALL_COMMAND: &str = "mind recall --hook codex";
pub const PRE_TOOL_COMMAND: &str = "mind hook pre-tool --agent codex";
pub const POST_TOOL_COMMAND: &str = "mind hook post-tool --agent codex";

/// At a session's start (new, resumed, or after `/clear`: the `source` values Codex's
/// matcher sees), the fresh memory; before a shell command or a patch, the memories about
/// it; after a shell command, its failure recorded and a repeat warned about.
pub const HOOKS: [HookEntry; 3] = [
    HookEntry {
        event: "SessionStart",
        matcher: Some("startup|resume|clear"),
        command: RECALL_COMMAND,
    },
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

/// The events of mind's hooks that a file holding some of them lacks: an install an
/// earlier setup made, before mind had those hooks. Empty when the file holds all of them,
/// or none (then it is no install of mind's).
pub fn missing(file: &Map<String, Value>) -> Vec<String> {
    let mut probe = file.clone();
    match merge(&mut probe) {
        Ok(added) if added.len() < HOOKS.len() => added,
        _ => Vec::new(),
    }
}

/// A context block that ends past what Codex reads of the AGENTS.md chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastLimit {
    /// What Codex reads in all (`project_doc_max_bytes`), in bytes.
    pub limit: usize,
    /// Bytes of the AGENTS.md files Codex reads before this one (the folders above it, from
    /// the git root down).
    pub before: usize,
    /// The block's first byte, and the byte after its end marker's line, in the file.
    pub start: usize,
    pub end: usize,
}

impl PastLimit {
    /// The block's bytes Codex reads.
    pub fn seen(&self) -> usize {
        (self.limit.saturating_sub(self.before))
            .saturating_sub(self.start)
            .min(self.end - self.start)
    }

    /// The warning for `file` (a target's path, as shown), with what to do.
    pub fn describe(&self, file: &str) -> String {
        let above = if self.before > 0 {
            format!(", after {} bytes of AGENTS.md files above it", self.before)
        } else {
            String::new()
        };
        format!(
            "{file}: the context block ends {} bytes into what Codex reads{above}, past its limit of {} bytes (`project_doc_max_bytes`): Codex sees {} of the block's {} bytes; move the block (its marker lines and all between them) higher up in {file}, where mind keeps it, or raise `project_doc_max_bytes` in ~/.codex/config.toml",
            self.before + self.end,
            self.limit,
            self.seen(),
            self.end - self.start,
        )
    }
}

/// Where the block of `file` (a context target relative to `root`) stands in what Codex
/// reads, when it ends past the limit: Codex reads the AGENTS.md files from the git root
/// down to its working folder, in that order, up to `project_doc_max_bytes` in all, and
/// drops the rest ([`super::CODEX_DOC_MAX_BYTES`] unless a config raises it). Measured for
/// Codex started in the file's folder. `None` for a file Codex does not read as AGENTS.md,
/// one without a whole block, and a block within the limit.
pub fn block_past_limit(root: &Path, file: &str) -> Option<PastLimit> {
    let path = root.join(file);
    if path.file_name()? != "AGENTS.md" {
        return None;
    }
    // Through the read boundary: a cloned AGENTS.md linked to a pipe or a device is not read.
    let bytes = crate::store::text::read_optional(&path).ok()??;
    let (start, end) = crate::context::splice::block_span(&bytes)?;
    let limit = doc_max_bytes(root);
    let before = read_above(path.parent()?, limit);
    (before + end > limit).then_some(PastLimit {
        limit,
        before,
        start,
        end,
    })
}

/// The AGENTS.md file names Codex looks for in a folder, the first found taken.
const DOC_NAMES: [&str; 2] = ["AGENTS.override.md", "AGENTS.md"];

/// Bytes of the AGENTS.md chain Codex reads before `dir`'s own file: one file a folder from
/// the git root down to `dir`'s parent, each cut to what is left of `limit`, a file of
/// blanks skipped. Without a git root Codex reads the working folder's file alone.
fn read_above(dir: &Path, limit: usize) -> usize {
    let mut above: Vec<PathBuf> = Vec::new();
    let mut cursor = dir.to_path_buf();
    while !cursor.join(".git").exists() {
        let Some(parent) = cursor.parent() else {
            return 0;
        };
        above.push(parent.to_path_buf());
        cursor = parent.to_path_buf();
    }
    let mut read = 0;
    for folder in above.iter().rev() {
        let Some(bytes) = DOC_NAMES
            .iter()
            .map(|name| folder.join(name))
            .find(|p| std::fs::symlink_metadata(p).is_ok())
            .and_then(|p| crate::store::read_guard::read_file(&p).ok())
        else {
            continue;
        };
        let taken = &bytes[..bytes.len().min(limit - read)];
        if !String::from_utf8_lossy(taken).trim().is_empty() {
            read += taken.len();
        }
        if read == limit {
            break;
        }
    }
    read
}

/// `project_doc_max_bytes` as Codex takes it in the project at `root`: its `.codex/config.toml`
/// (read in a trusted project), else the user's (`$CODEX_HOME/config.toml`, by default
/// `~/.codex/config.toml`), else 32 KiB.
fn doc_max_bytes(root: &Path) -> usize {
    let user = std::env::var_os("CODEX_HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
        .or_else(|| crate::store::home::user_home().map(|h| h.join(".codex")));
    [Some(root.join(".codex")), user]
        .into_iter()
        .flatten()
        .find_map(|dir| {
            let text = std::fs::read_to_string(dir.join("config.toml")).ok()?;
            top_level_integer(&text, "project_doc_max_bytes")
        })
        .unwrap_or(super::CODEX_DOC_MAX_BYTES)
}

/// The integer `key = N` sets before the file's first table (`[name]`): a TOML file's
/// top-level keys. Only what this needs of TOML: a decimal integer, `_` between digits, a
/// comment after it.
fn top_level_integer(toml: &str, key: &str) -> Option<usize> {
    for line in toml.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            return None;
        }
        let Some((name, value)) = line.split_once('=') else {
            continue;
        };
        if name.trim().trim_matches('"') != key {
            continue;
        }
        let value = value
            .split('#')
            .next()
            .unwrap_or("")
            .trim()
            .replace('_', "");
        return value.strip_prefix('+').unwrap_or(&value).parse().ok();
    }
    None
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

    #[test]
    fn an_install_lacking_a_later_hook_is_told_apart_from_no_install() {
        let Value::Object(earlier) = json!({"hooks": {
            "PreToolUse": [{"matcher": "Bash|apply_patch", "hooks": [{"type": "command", "command": PRE_TOOL_COMMAND}]}],
            "PostToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/usr/local/bin/mind hook post-tool --agent codex"}]}]
        }}) else {
            unreachable!()
        };
        assert_eq!(missing(&earlier), vec!["SessionStart"]);
        let mut whole = earlier.clone();
        merge(&mut whole).unwrap();
        assert!(missing(&whole).is_empty());
        let Value::Object(theirs) = json!({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./notify.sh"}]}]}})
        else {
            unreachable!()
        };
        assert!(missing(&theirs).is_empty());
    }

    #[test]
    fn the_limit_is_read_from_top_level_keys_only() {
        let key = "project_doc_max_bytes";
        assert_eq!(
            top_level_integer(
                "model = \"o3\"\nproject_doc_max_bytes = 65_536 # more\n",
                key
            ),
            Some(65_536)
        );
        assert_eq!(
            top_level_integer("[profiles.big]\nproject_doc_max_bytes = 65536\n", key),
            None
        );
        assert_eq!(
            top_level_integer("project_doc_max_bytes_x = 1\n", key),
            None
        );
    }

    #[test]
    fn the_part_of_the_block_codex_sees() {
        let past = PastLimit {
            limit: 32_768,
            before: 0,
            start: 32_253,
            end: 33_161,
        };
        assert_eq!(past.seen(), 515);
        assert_eq!(
            PastLimit {
                before: 40_000,
                ..past.clone()
            }
            .seen(),
            0
        );
    }
}
