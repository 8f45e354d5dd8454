//! `.mind/config.json`: per-project settings. Unknown keys (the Python Mind's among them)
//! are ignored and never rewritten; missing keys take their defaults.

use std::path::Path;

use serde_json::Value;

use crate::error::Result;
use crate::log_level::LoggingLevel;
use crate::store::text;

pub const DEFAULT_GAP_MINUTES: u64 = 30;
/// The longest session gap accepted: one year. Larger values (1.5e14 minutes) overflow the
/// clock arithmetic and mean nothing.
pub const MAX_GAP_MINUTES: u64 = 366 * 24 * 60;
/// The largest context budget accepted: ten million characters.
pub const MAX_BUDGET_CHARS: u64 = 10_000_000;
/// The longest search decay half-life accepted: a hundred years.
pub const MAX_DECAY_HALF_LIFE_DAYS: f64 = 36_500.0;
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
    /// Whether tokens, keys and passwords are replaced by `[redacted]` before anything is
    /// written (`"redact": {"secrets": false}` turns it off).
    pub redact_secrets: bool,
    /// The half-life of `mind search`'s temporal decay (`"search": {"decay_half_life_days":
    /// N}`, see [`crate::rank::decay`]); `None` (the default) leaves it off.
    pub search_decay_half_life_days: Option<f32>,
    /// Whether `mind team push` sends this project (`"team": {"push": false}` keeps it out).
    pub team_push: bool,
    /// Whether `mind recall` adds team memories (`"team": {"recall": true}`); `None` leaves it
    /// to the global config.
    pub team_recall: Option<bool>,
    /// The project's name in the team database (`"team": {"identity": "..."}`); `None`: the
    /// `origin` remote's, else the folder's ([`crate::team::identity`]).
    pub team_identity: Option<String>,
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
            redact_secrets: true,
            search_decay_half_life_days: None,
            team_push: true,
            team_recall: None,
            team_identity: None,
            problem: None,
        }
    }
}

impl Config {
    /// The session gap in epoch milliseconds: a longer pause between two activities ends a
    /// session.
    pub fn session_gap_ms(&self) -> i64 {
        self.session_gap_minutes as i64 * 60_000
    }

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
                Some(m) if (1..=MAX_GAP_MINUTES).contains(&m) => config.session_gap_minutes = m,
                Some(m) if m > MAX_GAP_MINUTES => {
                    config.session_gap_minutes = MAX_GAP_MINUTES;
                    config.problem = Some(format!(
                        "session_gap_minutes {m} is more than a year; using {MAX_GAP_MINUTES} (one year)"
                    ));
                }
                _ => {
                    config.problem = Some(format!(
                        "session_gap_minutes must be a whole number from 1 to {MAX_GAP_MINUTES} (one year), not {minutes}; using {DEFAULT_GAP_MINUTES}"
                    ))
                }
            }
        }
        if let Some(budget) = value.get("context_budget_chars") {
            match budget.as_u64() {
                Some(b) if (200..=MAX_BUDGET_CHARS).contains(&b) => {
                    config.context_budget_chars = usize::try_from(b).unwrap_or(usize::MAX)
                }
                _ => {
                    config.problem = Some(format!(
                        "context_budget_chars must be a whole number from 200 to {MAX_BUDGET_CHARS}, not {budget}; using {DEFAULT_BUDGET_CHARS}"
                    ))
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
        match value.get("redact").map(|r| r.get("secrets")) {
            None | Some(None) => {}
            Some(Some(Value::Bool(on))) => config.redact_secrets = *on,
            Some(Some(_)) => {
                config.problem =
                    Some("redact.secrets must be true or false; redacting secrets".into())
            }
        }
        match value
            .get("search")
            .and_then(|s| s.get("decay_half_life_days"))
        {
            None | Some(Value::Null) => {}
            Some(days) => match days.as_f64() {
                Some(d) if d > 0.0 && d <= MAX_DECAY_HALF_LIFE_DAYS => {
                    config.search_decay_half_life_days = Some(d as f32)
                }
                _ => {
                    config.problem = Some(format!(
                        "search.decay_half_life_days must be a number of days above 0 and at most {MAX_DECAY_HALF_LIFE_DAYS}, not {days}; searching without decay"
                    ))
                }
            },
        }
        match value.get("team").map(|t| t.get("push")) {
            None | Some(None) => {}
            Some(Some(Value::Bool(on))) => config.team_push = *on,
            Some(Some(_)) => {
                config.problem = Some("team.push must be true or false; not pushing".into());
                config.team_push = false;
            }
        }
        if let Some(on) = value
            .get("team")
            .and_then(|t| t.get("recall"))
            .and_then(Value::as_bool)
        {
            config.team_recall = Some(on);
        }
        match value.get("team").map(|t| t.get("identity")) {
            None | Some(None) | Some(Some(Value::Null)) => {}
            Some(Some(Value::String(name)))
                if !name.trim().is_empty() && !name.chars().any(char::is_control) =>
            {
                config.team_identity = Some(name.trim().to_string())
            }
            // Pushing under another name than the one asked for would mix this project's
            // rows into another's: not at all, until it is fixed.
            Some(Some(other)) => {
                config.problem = Some(format!(
                    "team.identity must be a non-empty name on one line, not {other}; not pushing"
                ));
                config.team_push = false;
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
