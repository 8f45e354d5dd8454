//! `.mind/config.json`: per-project settings. Unknown keys (the Python Mind's among them)
//! are ignored and never rewritten; missing keys take their defaults.

use std::path::Path;

use serde_json::Value;

use crate::error::Result;
use crate::log_level::LoggingLevel;
use crate::store::text;

pub const DEFAULT_GAP_MINUTES: u64 = 30;
pub const DEFAULT_BUDGET_CHARS: usize = 6000;
/// Where the session's own sections go (Claude Code reads it next to CLAUDE.md).
pub const DEFAULT_PERSONAL_TARGET: &str = "CLAUDE.local.md";

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// A recall this many minutes after the last activity starts a new session.
    pub session_gap_minutes: u64,
    /// Each context block (shared and personal) never exceeds this many characters
    /// (Unicode scalar values, marker lines included).
    pub context_budget_chars: usize,
    /// Instruction files that carry the shared context block, relative to the project root.
    pub context_targets: Vec<String>,
    /// How many finished sessions `.mind/sessions/` keeps (0 keeps all).
    pub session_archive_keep: usize,
    /// The git-ignored file that carries the personal block (session blockers, reminders);
    /// `None` puts everything in the shared block.
    pub personal_target: Option<String>,
    /// Which low-value session notes `mind log` skips (`"logging": {"level": ...}`).
    pub logging_level: LoggingLevel,
    /// Why config.json could not be used, if it could not (defaults apply then).
    pub problem: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            session_gap_minutes: DEFAULT_GAP_MINUTES,
            context_budget_chars: DEFAULT_BUDGET_CHARS,
            context_targets: vec!["CLAUDE.md".into()],
            session_archive_keep: crate::store::session_archive::DEFAULT_KEEP,
            personal_target: Some(DEFAULT_PERSONAL_TARGET.into()),
            logging_level: LoggingLevel::Detailed,
            problem: None,
        }
    }
}

impl Config {
    /// Load config.json. A missing file gives the defaults; an unreadable or invalid one
    /// gives the defaults plus a `problem` that `mind status` reports.
    pub fn load(path: &Path) -> Result<Config> {
        let mut config = Config::default();
        let bytes = match text::read_optional(path) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Ok(config),
            Err(e) => {
                config.problem = Some(format!("unreadable: {e}"));
                return Ok(config);
            }
        };
        let value = match serde_json::from_slice::<Value>(&bytes) {
            Ok(Value::Object(map)) => Value::Object(map),
            Ok(_) => {
                config.problem = Some("not a JSON object; using defaults".into());
                return Ok(config);
            }
            Err(e) => {
                config.problem = Some(format!("invalid JSON ({e}); using defaults"));
                return Ok(config);
            }
        };
        if let Some(minutes) = value.get("session_gap_minutes") {
            match minutes.as_u64() {
                Some(m) if m > 0 => config.session_gap_minutes = m,
                _ => {
                    config.problem =
                        Some("session_gap_minutes must be a positive whole number".into())
                }
            }
        }
        if let Some(budget) = value.get("context_budget_chars") {
            match budget.as_u64() {
                Some(b) if b >= 200 => config.context_budget_chars = b as usize,
                _ => {
                    config.problem =
                        Some("context_budget_chars must be a whole number ≥ 200".into())
                }
            }
        }
        if let Some(keep) = value.get("session_archive_keep") {
            match keep.as_u64() {
                Some(k) => config.session_archive_keep = usize::try_from(k).unwrap_or(usize::MAX),
                None => {
                    config.problem = Some(
                        "session_archive_keep must be a whole number (0 keeps every session)"
                            .into(),
                    )
                }
            }
        }
        if let Some(targets) = value.get("context_targets") {
            match targets.as_array() {
                Some(list) => {
                    let names: Vec<String> = list
                        .iter()
                        .filter_map(Value::as_str)
                        .filter(|s| is_safe_target(s))
                        .map(str::to_string)
                        .collect();
                    if names.len() != list.len() {
                        config.problem =
                            Some("context_targets must be file names inside the project".into());
                    }
                    config.context_targets = names;
                }
                None => {
                    config.problem = Some("context_targets must be a list of file names".into())
                }
            }
        }
        match value.get("personal_target") {
            None => {}
            Some(Value::Bool(false) | Value::Null) => config.personal_target = None,
            Some(Value::String(name)) if name.is_empty() => config.personal_target = None,
            Some(Value::String(name))
                if is_safe_target(name) && !config.context_targets.contains(name) =>
            {
                config.personal_target = Some(name.clone())
            }
            Some(_) => {
                config.problem = Some(
                    "personal_target must be a file name inside the project (not a context target), \"\" or false"
                        .into(),
                )
            }
        }
        if let Some(logging) = value.get("logging") {
            // The Python Mind's key; a level it did not know kept everything, and so do we.
            match logging.get("level").map(|l| l.as_str().and_then(LoggingLevel::parse)) {
                None => {}
                Some(Some(level)) => config.logging_level = level,
                Some(None) => {
                    config.problem = Some(
                        "logging.level must be \"efficient\", \"balanced\" or \"detailed\"; keeping every message".into(),
                    )
                }
            }
        }
        Ok(config)
    }
}

/// A target is a relative path inside the project (no `..`, not absolute).
fn is_safe_target(name: &str) -> bool {
    let path = Path::new(name);
    !name.is_empty()
        && path.is_relative()
        && path
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
}
