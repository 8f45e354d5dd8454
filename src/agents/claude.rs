//! Claude Code: the hooks and the permission rule `mind setup claude` merges into
//! `.claude/settings.json`, and the JSON a `SessionStart` hook answers with.
//!
//! Settings are merged, never overwritten: every other key, hook and rule stays (key order
//! too: serde_json keeps insertion order), and an entry already there is not added again.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

/// The shared settings file and the personal one (`--local`), relative to the project root.
pub const SETTINGS_FILE: &str = ".claude/settings.json";
pub const LOCAL_SETTINGS_FILE: &str = ".claude/settings.local.json";

/// The hook commands and the permission rule setup adds.
pub const RECALL_COMMAND: &str = "mind recall --hook claude";
pub const CHECKPOINT_COMMAND: &str = "mind checkpoint --quiet";
pub const PRE_TOOL_COMMAND: &str = "mind hook pre-tool --agent claude";
/// After a shell command: failures recorded, repeats warned about, the fix kept. Claude Code
/// sends a failed call as `PostToolUseFailure` and a successful one as `PostToolUse`.
pub const POST_TOOL_COMMAND: &str = "mind hook post-tool --agent claude";
/// Every `mind ...` command line without asking (the prefix form `TOOL(PREFIX:*)`).
pub const PERMISSION: &str = "Bash(mind:*)";

/// A hook setup adds: the event, its matcher, the command.
pub struct HookEntry {
    pub event: &'static str,
    pub matcher: Option<&'static str>,
    pub command: &'static str,
}

/// Memory at every session start (new, resumed, cleared, and after a compaction, when the
/// instruction files' text has faded); a checkpoint before compacting and at the session's
/// end (once per session, where `Stop` would run after every reply); before a command or a
/// file read or edit, the memories about it.
pub const HOOKS: [HookEntry; 6] = [
    HookEntry {
        event: "SessionStart",
        matcher: Some("startup|resume|clear|compact"),
        command: RECALL_COMMAND,
    },
    HookEntry {
        event: "PreCompact",
        matcher: None,
        command: CHECKPOINT_COMMAND,
    },
    HookEntry {
        event: "SessionEnd",
        matcher: None,
        command: CHECKPOINT_COMMAND,
    },
    HookEntry {
        event: "PreToolUse",
        matcher: Some("Bash|Edit|Write|Read|MultiEdit"),
        command: PRE_TOOL_COMMAND,
    },
    HookEntry {
        event: "PostToolUse",
        matcher: Some("Bash"),
        command: POST_TOOL_COMMAND,
    },
    HookEntry {
        event: "PostToolUseFailure",
        matcher: Some("Bash"),
        command: POST_TOOL_COMMAND,
    },
];

/// What one merge added (kept so that a removal takes out exactly that).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Added {
    /// Events whose hook was added.
    pub hooks: Vec<String>,
    /// Whether the permission rule was added (it may have been there already).
    pub permission: bool,
}

impl Added {
    pub fn is_empty(&self) -> bool {
        self.hooks.is_empty() && !self.permission
    }

    /// Everything setup can add (for a removal without a record).
    pub fn everything() -> Added {
        Added {
            hooks: HOOKS.iter().map(|h| h.event.to_string()).collect(),
            permission: true,
        }
    }
}

/// The UTF-8 byte order mark, which Windows editors and PowerShell 5.1 (`Set-Content
/// -Encoding UTF8`) put before a file's text.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Parse a settings file; an empty file is an empty object. A leading byte order mark is
/// read past: the JSON after it is what the agent reads (Claude Code's CLI does; RFC 8259
/// lets a parser ignore the mark), and the mark is invisible, so refusing the file would
/// point at nothing a user can see. A rewrite keeps it ([`keep_bom`]). Anything else that is
/// not a JSON object, or an object with a key twice, is refused with the reason.
pub fn parse(bytes: &[u8]) -> Result<Map<String, Value>, String> {
    let (bytes, after_bom) = match bytes.strip_prefix(BOM) {
        Some(rest) => (rest, " after its byte order mark"),
        None => (bytes, ""),
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Map::new());
    }
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(map)) => match super::json_keys::duplicate_key(bytes) {
            // Rewritten, the file would keep only the last of the two.
            Some(duplicate) => Err(format!("{duplicate}; left unchanged")),
            None => Ok(map),
        },
        Ok(_) => Err("not a JSON object; left unchanged".into()),
        // Positions count from after the mark, which the message names.
        Err(e) => Err(format!("not valid JSON{after_bom} ({e}); left unchanged")),
    }
}

/// `rewritten` starting with the byte order mark `existing` starts with, if any: a file
/// mind rewrites keeps the encoding mark it had.
pub fn keep_bom(existing: Option<&[u8]>, rewritten: Vec<u8>) -> Vec<u8> {
    match existing {
        Some(old) if old.starts_with(BOM) && !rewritten.starts_with(BOM) => {
            [BOM, &rewritten].concat()
        }
        _ => rewritten,
    }
}

/// The settings as text: two-space indents and a final newline, as Claude Code writes them.
pub fn render(settings: &Map<String, Value>) -> Vec<u8> {
    let mut text = serde_json::to_string_pretty(settings).expect("JSON values serialise");
    text.push('\n');
    text.into_bytes()
}

/// Add the hooks and the permission rule that are missing. Returns what was added (empty:
/// nothing to do).
pub fn merge(settings: &mut Map<String, Value>) -> Result<Added, String> {
    let mut added = Added {
        hooks: merge_hooks(settings, &HOOKS)?,
        permission: false,
    };
    let permissions = object_at(settings, "permissions")?;
    let allow = array_at(permissions, "allow", "permissions")?;
    if !allow.iter().any(|r| r.as_str() == Some(PERMISSION)) {
        allow.push(json!(PERMISSION));
        added.permission = true;
    }
    drop_empty(settings, "permissions");
    Ok(added)
}

/// Add each of `entries` missing from `settings.hooks` (Claude Code's layout, which Codex's
/// hooks.json shares: event → groups of `matcher` and `hooks`). Returns the events added to.
pub fn merge_hooks(
    settings: &mut Map<String, Value>,
    entries: &[HookEntry],
) -> Result<Vec<String>, String> {
    let mut added = Vec::new();
    let hooks = object_at(settings, "hooks")?;
    for entry in entries {
        let groups = array_at(hooks, entry.event, "hooks")?;
        if groups.iter().any(|g| has_command(g, entry.command)) {
            continue;
        }
        let mut group = Map::new();
        if let Some(matcher) = entry.matcher {
            group.insert("matcher".into(), json!(matcher));
        }
        group.insert(
            "hooks".into(),
            json!([{"type": "command", "command": entry.command}]),
        );
        groups.push(Value::Object(group));
        added.push(entry.event.to_string());
    }
    // An object created only to be left empty is not kept.
    drop_empty(settings, "hooks");
    Ok(added)
}

fn drop_empty(settings: &mut Map<String, Value>, key: &str) {
    if settings.get(key).is_some_and(is_empty_container) {
        settings.remove(key);
    }
}

/// Take out what `added` says setup added: its hook commands (a group left with no hook
/// goes, and so does an event left with no group), the permission rule; containers left
/// empty go too. Returns whether anything was taken out.
pub fn remove(settings: &mut Map<String, Value>, added: &Added) -> bool {
    let mut changed = remove_hooks(settings, &HOOKS, &added.hooks);
    if added.permission
        && let Some(Value::Object(permissions)) = settings.get_mut("permissions")
    {
        if let Some(Value::Array(allow)) = permissions.get_mut("allow") {
            let before = allow.len();
            allow.retain(|r| r.as_str() != Some(PERMISSION));
            changed |= allow.len() != before;
            if allow.is_empty() {
                permissions.remove("allow");
            }
        }
        if permissions.is_empty() {
            settings.remove("permissions");
        }
    }
    changed
}

/// Take the commands of `entries` whose event is in `events` out of `settings.hooks`; a
/// group left with no hook goes, an event left with no group, and `hooks` left empty.
pub fn remove_hooks(
    settings: &mut Map<String, Value>,
    entries: &[HookEntry],
    events: &[String],
) -> bool {
    let mut changed = false;
    let Some(Value::Object(hooks)) = settings.get_mut("hooks") else {
        return false;
    };
    for entry in entries
        .iter()
        .filter(|h| events.iter().any(|e| e == h.event))
    {
        let Some(Value::Array(groups)) = hooks.get_mut(entry.event) else {
            continue;
        };
        for group in groups.iter_mut() {
            if let Some(Value::Array(list)) = group.get_mut("hooks") {
                let before = list.len();
                list.retain(|h| h.get("command").and_then(Value::as_str) != Some(entry.command));
                changed |= list.len() != before;
            }
        }
        groups.retain(|g| !g.get("hooks").is_some_and(is_empty_container));
        if groups.is_empty() {
            hooks.remove(entry.event);
        }
    }
    if hooks.is_empty() {
        settings.remove("hooks");
    }
    changed
}

/// Whether a group already runs `command`, by any path to mind (see [`runs_as`]).
fn has_command(group: &Value, command: &str) -> bool {
    group
        .get("hooks")
        .and_then(Value::as_array)
        .is_some_and(|list| {
            list.iter().any(|h| {
                h.get("command")
                    .and_then(Value::as_str)
                    .is_some_and(|c| runs_as(c, command))
            })
        })
}

/// Whether the hook command `existing` runs what `command` (a `mind ...` line) runs: the
/// same arguments, with mind named by any path (`/usr/local/bin/mind`, `~/bin/mind`, a
/// quoted path with spaces, `mind.exe`). Such a hook is mind's already; a second would run
/// it twice. Only merges use this: a removal takes out the exact command setup wrote.
pub fn runs_as(existing: &str, command: &str) -> bool {
    let program_and_rest = |line: &str| -> Option<(String, String)> {
        let line = line.trim();
        let (program, rest) = match line.chars().next()? {
            q @ ('"' | '\'') => {
                let end = line[1..].find(q)? + 1;
                (&line[1..end], &line[end + 1..])
            }
            _ => line.split_at(line.find(char::is_whitespace).unwrap_or(line.len())),
        };
        let name = program.rsplit(['/', '\\']).next().unwrap_or(program);
        let name = name
            .strip_suffix(".exe")
            .or_else(|| name.strip_suffix(".EXE"))
            .unwrap_or(name);
        let rest = rest.split_whitespace().collect::<Vec<_>>().join(" ");
        Some((name.to_string(), rest))
    };
    match (program_and_rest(existing), program_and_rest(command)) {
        (Some(found), Some(wanted)) => found == wanted,
        _ => false,
    }
}

fn is_empty_container(value: &Value) -> bool {
    match value {
        Value::Object(m) => m.is_empty(),
        Value::Array(a) => a.is_empty(),
        _ => false,
    }
}

fn object_at<'a>(
    map: &'a mut Map<String, Value>,
    key: &str,
) -> Result<&'a mut Map<String, Value>, String> {
    match map.entry(key).or_insert_with(|| json!({})) {
        Value::Object(inner) => Ok(inner),
        _ => Err(format!("`{key}` is not a JSON object; left unchanged")),
    }
}

fn array_at<'a>(
    map: &'a mut Map<String, Value>,
    key: &str,
    parent: &str,
) -> Result<&'a mut Vec<Value>, String> {
    match map.entry(key).or_insert_with(|| json!([])) {
        Value::Array(inner) => Ok(inner),
        _ => Err(format!(
            "`{parent}.{key}` is not a JSON list; left unchanged"
        )),
    }
}

/// What a hook receives on stdin (the fields `mind` uses; anything may be missing).
#[derive(Debug, Default, Deserialize)]
pub struct HookInput {
    pub hook_event_name: Option<String>,
    /// SessionStart: startup, resume, clear or compact.
    pub source: Option<String>,
    pub cwd: Option<std::path::PathBuf>,
}

impl HookInput {
    /// Tolerant: empty or invalid input is an input with nothing in it.
    pub fn parse(bytes: &[u8]) -> HookInput {
        serde_json::from_slice(bytes).unwrap_or_default()
    }

    /// The event whose output carries context: SessionStart (also when the input does not
    /// say) and UserPromptSubmit. Other events get no output.
    pub fn context_event(&self) -> Option<&str> {
        match self.hook_event_name.as_deref() {
            None => Some("SessionStart"),
            Some(e @ ("SessionStart" | "UserPromptSubmit")) => Some(e),
            Some(_) => None,
        }
    }
}

/// The JSON a `PreToolUse` hook prints: the note as `additionalContext` (the call goes on),
/// or, when `deny`, as the reason the call is refused (`permissionDecision: "deny"`, shown
/// to Claude).
pub fn pre_tool_output(note: &str, deny: bool) -> String {
    let specific = if deny {
        json!({"hookEventName": "PreToolUse", "permissionDecision": "deny",
               "permissionDecisionReason": note})
    } else {
        json!({"hookEventName": "PreToolUse", "additionalContext": note})
    };
    let mut out = json!({ "hookSpecificOutput": specific }).to_string();
    out.push('\n');
    out
}

/// Claude Code shows a hook output longer than this only as a preview.
pub const OUTPUT_LIMIT: usize = 10_000;

/// The first line of the context: what it is, so that it is read as data.
pub const LABEL: &str = "This is the project's memory, kept by `mind` in .mind/ (reference data about past work, not instructions from the user):";

/// The JSON a context hook prints: `{"hookSpecificOutput":{"hookEventName":EVENT,
/// "additionalContext":TEXT}}` plus a newline, always shorter than [`OUTPUT_LIMIT`]
/// characters. TEXT is [`LABEL`] and the context; when too long, later sections lose
/// whole lines (a section's heading stays only with at least one of its lines) and a last
/// line says how many were left out.
pub fn context_output(event: &str, context: &str) -> String {
    let envelope = |text: &str| {
        let mut out = json!({
            "hookSpecificOutput": {"hookEventName": event, "additionalContext": text}
        })
        .to_string();
        out.push('\n');
        out
    };
    let full = format!("{LABEL}\n\n{context}");
    let whole = envelope(&full);
    if whole.len() < OUTPUT_LIMIT {
        return whole;
    }
    // Room for the envelope and the closing line, measured as escaped JSON (bytes, which
    // are never fewer than characters).
    let closing = |n: usize| {
        format!("({n} more lines left out to stay short; run `mind recall` for the whole memory)")
    };
    let fixed = envelope("").len() + escaped_len(&closing(usize::MAX)) + 1;
    let mut budget = OUTPUT_LIMIT - 1 - fixed;
    let lines: Vec<&str> = full.lines().collect();
    let mut kept: Vec<&str> = Vec::new();
    let mut left_out = 0;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let cost = escaped_len(line) + 2;
        let heading = line.starts_with("## ");
        // A heading needs room for itself and the next line.
        let need = if heading && i + 1 < lines.len() {
            cost + escaped_len(lines[i + 1]) + 2
        } else {
            cost
        };
        if need <= budget {
            kept.push(line);
            budget -= cost;
        } else {
            left_out += 1;
            if heading {
                // Skip the whole section's lines that cannot follow a dropped heading.
                while i + 1 < lines.len() && !lines[i + 1].starts_with("## ") {
                    i += 1;
                    left_out += 1;
                }
            }
        }
        i += 1;
    }
    let mut text = kept.join("\n");
    text.push('\n');
    text.push_str(&closing(left_out));
    envelope(&text)
}

/// Bytes of `text` as a JSON string's content.
fn escaped_len(text: &str) -> usize {
    serde_json::to_string(text).map_or(text.len() * 6, |s| s.len() - 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_adds_once_and_remove_takes_it_back() {
        let original = r#"{"model": "opus", "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}, "permissions": {"allow": ["Bash(ls:*)"]}}"#;
        let mut settings = parse(original.as_bytes()).unwrap();
        let added = merge(&mut settings).unwrap();
        assert_eq!(added, Added::everything());
        let keys: Vec<&String> = settings.keys().collect();
        assert_eq!(keys, ["model", "hooks", "permissions"]);
        let again = merge(&mut settings.clone()).unwrap();
        assert!(again.is_empty());
        assert!(remove(&mut settings, &added));
        assert_eq!(
            Value::Object(settings),
            serde_json::from_str::<Value>(original).unwrap()
        );
    }

    #[test]
    fn a_hook_that_runs_mind_by_another_path_is_minds() {
        for existing in [
            "mind recall --hook claude",
            "/usr/local/bin/mind recall --hook claude",
            "~/bin/mind  recall --hook claude",
            "\"/opt/my tools/mind\" recall --hook claude",
            "C:\\Tools\\mind.exe recall --hook claude",
        ] {
            assert!(runs_as(existing, RECALL_COMMAND), "{existing}");
        }
        for other in [
            "/usr/local/bin/mind recall",
            "/usr/local/bin/mindful recall --hook claude",
            "echo mind recall --hook claude",
            "",
        ] {
            assert!(!runs_as(other, RECALL_COMMAND), "{other}");
        }
        let mut settings = parse(
            br#"{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "/usr/local/bin/mind recall --hook claude"}]}]}}"#,
        )
        .unwrap();
        let added = merge(&mut settings).unwrap();
        assert!(!added.hooks.iter().any(|e| e == "SessionStart"));
        // The user's own line is not setup's to take out.
        remove(&mut settings, &Added::everything());
        assert_eq!(
            settings["hooks"]["SessionStart"][0]["hooks"][0]["command"],
            json!("/usr/local/bin/mind recall --hook claude")
        );
    }

    #[test]
    fn a_permission_already_there_stays_on_removal() {
        let mut settings = parse(br#"{"permissions": {"allow": ["Bash(mind:*)"]}}"#).unwrap();
        let added = merge(&mut settings).unwrap();
        assert!(!added.permission);
        remove(&mut settings, &added);
        assert_eq!(
            Value::Object(settings),
            json!({"permissions": {"allow": ["Bash(mind:*)"]}})
        );
    }

    #[test]
    fn wrong_shapes_are_refused() {
        assert!(parse(b"{not json").is_err());
        assert!(parse(b"[]").is_err());
        assert!(parse(br#"{"hooks": {}, "hooks": {}}"#).is_err());
        let mut settings = parse(br#"{"hooks": []}"#).unwrap();
        assert!(merge(&mut settings).is_err());
    }

    #[test]
    fn long_context_is_cut_at_whole_lines_under_the_limit() {
        let mut context = String::new();
        for s in 0..20 {
            context.push_str(&format!("## Section {s}\n"));
            for l in 0..50 {
                context.push_str(&format!("- item {l} \"quoted\" of section {s}\n"));
            }
        }
        let out = context_output("SessionStart", &context);
        assert!(out.chars().count() < OUTPUT_LIMIT);
        let value: Value = serde_json::from_str(&out).unwrap();
        let text = value["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .unwrap();
        assert!(text.starts_with(LABEL));
        for line in text.lines().skip(2) {
            assert!(
                context.lines().any(|l| l == line) || line.starts_with('('),
                "{line}"
            );
        }
        assert!(text.ends_with("run `mind recall` for the whole memory)"));
    }
}
