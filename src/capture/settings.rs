//! The `"capture"` object of `.mind/config.json`: what the scanner, the hooks and harvest
//! may do. Read here rather than in `config.rs` so capture's knobs live with capture;
//! unknown keys are ignored and a wrong type falls back to the default.
//!
//! ```json
//! "capture": {
//!   "comments": true,              // harvest `MEMORY:` comments (checkpoint, post-commit)
//!   "commits": true,               // harvest commit messages (post-commit, harvest)
//!   "conventional_subjects": false, // `fix: x` / `fix(api): x` subjects become `fixed: x`
//!   "commit_prompt": "comments",   // prepare-commit-msg: "comments", "trailers" or "off"
//!   "max_file_bytes": 1048576,     // checkpoint skips larger files
//!   "stale": true                  // flag entries about files changed since
//! }
//! ```

use std::path::Path;

use serde_json::Value;

use crate::store::text;

/// What prepare-commit-msg adds to a message that an editor will show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommitPrompt {
    /// Commented lines (git strips them): the default.
    Comments,
    /// `Memory:` trailers the author can keep or delete.
    Trailers,
    Off,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureSettings {
    pub comments: bool,
    pub commits: bool,
    pub conventional_subjects: bool,
    pub commit_prompt: CommitPrompt,
    pub max_file_bytes: u64,
    pub stale: bool,
}

pub const DEFAULT_MAX_FILE_BYTES: u64 = 1024 * 1024;

impl Default for CaptureSettings {
    fn default() -> Self {
        CaptureSettings {
            comments: true,
            commits: true,
            conventional_subjects: false,
            commit_prompt: CommitPrompt::Comments,
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
            stale: true,
        }
    }
}

impl CaptureSettings {
    /// The settings in `config.json` (defaults for anything missing or unreadable).
    pub fn load(config_path: &Path) -> CaptureSettings {
        let value = text::read_optional(config_path)
            .ok()
            .flatten()
            .and_then(|bytes| crate::store::text::parse_json::<Value>(&bytes).ok());
        match value.as_ref().and_then(|v| v.get("capture")) {
            Some(capture) => Self::from_value(capture),
            None => CaptureSettings::default(),
        }
    }

    fn from_value(v: &Value) -> CaptureSettings {
        let d = CaptureSettings::default();
        let flag =
            |key: &str, default: bool| v.get(key).and_then(Value::as_bool).unwrap_or(default);
        CaptureSettings {
            comments: flag("comments", d.comments),
            commits: flag("commits", d.commits),
            conventional_subjects: flag("conventional_subjects", d.conventional_subjects),
            commit_prompt: match v.get("commit_prompt").and_then(Value::as_str) {
                Some("trailers") => CommitPrompt::Trailers,
                Some("off") => CommitPrompt::Off,
                _ => d.commit_prompt,
            },
            max_file_bytes: v
                .get("max_file_bytes")
                .and_then(Value::as_u64)
                .filter(|&n| n > 0)
                .unwrap_or(d.max_file_bytes),
            stale: flag("stale", d.stale),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_keys_and_keeps_defaults() {
        let v: Value = serde_json::json!({
            "commits": false, "commit_prompt": "trailers", "max_file_bytes": 10, "stale": "no"
        });
        let s = CaptureSettings::from_value(&v);
        assert!(!s.commits);
        assert!(s.comments);
        assert_eq!(s.commit_prompt, CommitPrompt::Trailers);
        assert_eq!(s.max_file_bytes, 10);
        assert!(s.stale);
    }
}
