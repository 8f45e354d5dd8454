//! The per-harness part of the pre-tool hook: how each agent's harness describes the tool
//! call it is about to make (stdin JSON) and how it takes an answer (stdout JSON). Matching
//! and the note are shared ([`super::scan`], [`super::note`]); a harness only changes these
//! two ends.
//!
//! The contracts, from each harness's own documentation:
//! - Claude Code, `PreToolUse` (<https://code.claude.com/docs/en/hooks>): `tool_name` and
//!   `tool_input` (`command` for Bash, an absolute `file_path` for Read, Edit, MultiEdit,
//!   Write); answered with `hookSpecificOutput.additionalContext`, or
//!   `permissionDecision: "deny"` with `permissionDecisionReason`.
//! - Codex, `PreToolUse` (<https://developers.openai.com/codex/hooks>, and the schemas
//!   `codex-rs/hooks/schema/generated/pre-tool-use.command.{input,output}.schema.json` in
//!   openai/codex): the same field names as Claude Code; `tool_input.command` holds the
//!   shell command for `Bash` and the patch text for `apply_patch` (Codex's file edits,
//!   whose `*** Add File:` / `*** Update File:` / `*** Delete File:` lines name the files);
//!   the same `hookSpecificOutput` answer.
//! - Cursor, `beforeShellExecution` and `beforeReadFile` (<https://cursor.com/docs/agent/hooks>,
//!   hooks.json `version: 1`): `command` and `cwd`, or an absolute `file_path`, beside
//!   `hook_event_name` and `workspace_roots`. `beforeShellExecution` answers with
//!   `permission` (`allow`, `deny`, `ask`), `user_message` and `agent_message`;
//!   `beforeReadFile` with `permission` alone, so a read cannot carry a note.

use std::path::PathBuf;

use serde_json::{Value, json};

use crate::agents::claude;

/// A harness whose pre-tool hook `mind hook pre-tool --agent NAME` answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Harness {
    Claude,
    Codex,
    Cursor,
}

/// What the tool call touches, as the harness gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    Command(String),
    /// Paths as given (absolute, or relative to the call's folder).
    Files(Vec<String>),
}

/// One pre-tool call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    /// The folder the call runs in, when the input names one.
    pub cwd: Option<PathBuf>,
    pub subject: Subject,
    /// Cursor: the event, since the answer's shape depends on it.
    event: Option<String>,
}

/// The answer to print, and whether the note in it reaches the agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub text: String,
    pub shows_note: bool,
}

impl Harness {
    pub fn from_name(name: &str) -> Option<Harness> {
        match name {
            "claude" => Some(Harness::Claude),
            "codex" => Some(Harness::Codex),
            "cursor" => Some(Harness::Cursor),
            _ => None,
        }
    }

    /// The call `bytes` describe; `None` for anything else (another event, another tool,
    /// input that is not JSON).
    pub fn parse(self, bytes: &[u8]) -> Option<Call> {
        let v: Value = serde_json::from_slice(bytes).ok()?;
        match self {
            Harness::Claude | Harness::Codex => parse_pre_tool_use(self, &v),
            Harness::Cursor => parse_cursor(&v),
        }
    }

    /// The answer carrying `note` (the call is refused when `deny`), or `None` when this
    /// event cannot carry one and nothing is refused.
    pub fn answer(self, call: &Call, note: &str, deny: bool) -> Option<Answer> {
        match self {
            Harness::Claude | Harness::Codex => Some(Answer {
                text: claude::pre_tool_output(note, deny),
                shows_note: true,
            }),
            Harness::Cursor => cursor_answer(call, note, deny),
        }
    }
}

/// Claude Code's and Codex's `PreToolUse` input.
fn parse_pre_tool_use(harness: Harness, v: &Value) -> Option<Call> {
    match v.get("hook_event_name").map(Value::as_str) {
        None | Some(Some("PreToolUse")) => {}
        Some(_) => return None,
    }
    let tool = v.get("tool_name")?.as_str()?;
    let input = v.get("tool_input");
    let text = |key: &str| input?.get(key)?.as_str().map(str::to_string);
    let subject = match (harness, tool) {
        (_, "Bash") => Subject::Command(text("command")?),
        (Harness::Codex, "apply_patch") => Subject::Files(patch_files(&text("command")?)),
        _ => Subject::Files(vec![text("file_path").or_else(|| text("notebook_path"))?]),
    };
    Some(Call {
        cwd: cwd_of(v),
        subject,
        event: None,
    })
}

/// Cursor's `beforeShellExecution` and `beforeReadFile` input.
fn parse_cursor(v: &Value) -> Option<Call> {
    let event = v.get("hook_event_name")?.as_str()?;
    let text = |key: &str| v.get(key)?.as_str().map(str::to_string);
    let subject = match event {
        "beforeShellExecution" => Subject::Command(text("command")?),
        "beforeReadFile" => Subject::Files(vec![text("file_path")?]),
        _ => return None,
    };
    // A read names no folder; the workspace's first root stands for it.
    let cwd = cwd_of(v).or_else(|| {
        v.get("workspace_roots")?
            .as_array()?
            .first()?
            .as_str()
            .map(PathBuf::from)
    });
    Some(Call {
        cwd,
        subject,
        event: Some(event.to_string()),
    })
}

fn cwd_of(v: &Value) -> Option<PathBuf> {
    v.get("cwd")?.as_str().map(PathBuf::from)
}

/// The files a Codex patch adds, updates, deletes or moves to, in order, each once.
pub fn patch_files(patch: &str) -> Vec<String> {
    const HEADERS: [&str; 4] = [
        "*** Add File:",
        "*** Update File:",
        "*** Delete File:",
        "*** Move to:",
    ];
    let mut files: Vec<String> = Vec::new();
    for line in patch.lines() {
        let line = line.trim_end();
        if let Some(path) = HEADERS.iter().find_map(|h| line.strip_prefix(h)) {
            let path = path.trim().to_string();
            if !path.is_empty() && !files.contains(&path) {
                files.push(path);
            }
        }
    }
    files
}

/// Cursor: a shell command goes on (`allow`) with the note as the agent's message; a
/// refused one says why to the agent and the person. A read's answer has no message, so
/// only a refusal is worth printing.
fn cursor_answer(call: &Call, note: &str, deny: bool) -> Option<Answer> {
    let (value, shows_note) = match (call.event.as_deref(), deny) {
        (Some("beforeShellExecution"), false) => {
            (json!({"permission": "allow", "agent_message": note}), true)
        }
        (Some("beforeShellExecution"), true) => (
            json!({"permission": "deny", "user_message": note, "agent_message": note}),
            true,
        ),
        (_, true) => (json!({"permission": "deny"}), false),
        (_, false) => return None,
    };
    let mut text = value.to_string();
    text.push('\n');
    Some(Answer { text, shows_note })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patch_headers_name_the_files() {
        let patch = "*** Begin Patch\n*** Update File: src/auth.rs\n@@\n-a\n+b\n*** Add File: docs/x.md\n+hi\n*** Update File: src/auth.rs\n*** Move to: src/login.rs\n*** End Patch\n";
        assert_eq!(
            patch_files(patch),
            ["src/auth.rs", "docs/x.md", "src/login.rs"]
        );
    }

    #[test]
    fn each_harness_reads_only_its_own_calls() {
        let codex = br#"{"hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Update File: a.rs\n*** End Patch"},"cwd":"/p"}"#;
        let call = Harness::Codex.parse(codex).unwrap();
        assert_eq!(call.subject, Subject::Files(vec!["a.rs".into()]));
        assert_eq!(Harness::Claude.parse(codex), None);
        let read = br#"{"hook_event_name":"beforeReadFile","file_path":"/p/a.rs","workspace_roots":["/p"]}"#;
        let call = Harness::Cursor.parse(read).unwrap();
        assert_eq!(call.cwd, Some(PathBuf::from("/p")));
        assert_eq!(Harness::Cursor.answer(&call, "n", false), None);
        let edit = br#"{"hook_event_name":"afterFileEdit","file_path":"/p/a.rs"}"#;
        assert_eq!(Harness::Cursor.parse(edit), None);
    }
}
