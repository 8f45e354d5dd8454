//! `mind doctor`'s checks: the global folder, which `mind` PATH runs, and each registered
//! project. Every check is one function returning typed [`Finding`]s; a finding that can be
//! repaired safely carries the [`Fix`] that does it ([`fix`] applies them). Only repairs that
//! lose nothing: templates for missing files, mind's own block and hooks, an empty lock file,
//! a registry entry for a folder that is gone, a UTF-16 file in UTF-8 (the same characters).
//! Text a person wrote is never changed.

pub mod fix;
pub mod global_checks;
pub mod project_checks;

use std::path::PathBuf;

use serde::Serialize;

/// How much a finding matters. Only problems make the doctor exit 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Ok,
    /// Worth knowing; nothing is wrong.
    Note,
    /// Probably unintended, but mind works.
    Warning,
    /// Something mind relies on is broken.
    Problem,
}

/// A repair that loses nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fix {
    /// Write the template of a missing `.mind/` file.
    CreateFile { root: PathBuf, name: &'static str },
    /// Rebuild the project's context blocks and write them (repairs missing, doubled,
    /// edited, damaged-but-repairable and oversized blocks).
    RewriteBlocks { root: PathBuf },
    /// `mind hooks install` (an existing hook keeps running first).
    InstallHooks { root: PathBuf },
    /// Empty `.mind/.lock` of the pid of a process that is gone.
    ClearLock { root: PathBuf },
    /// Remove a project whose folder is gone from projects.json.
    Unregister { root: PathBuf },
    /// Convert the UTF-16 text of a project's file (`file`, relative to the root) to UTF-8,
    /// every character and line ending kept.
    ConvertToUtf8 { root: PathBuf, file: String },
    /// Bring the hook commands an earlier `mind setup` wrote in an agent's settings file
    /// (`file`, relative to the project) up to date; every other byte stays. Codex's hooks
    /// file gets the hooks of mind's it lacks, as `mind setup codex` adds them.
    UpdateAgentHooks { root: PathBuf, file: &'static str },
}

impl Fix {
    /// What `--fix` does, in words.
    pub fn describe(&self) -> String {
        match self {
            Fix::CreateFile { name, .. } => format!("recreate .mind/{name} from its template"),
            Fix::RewriteBlocks { .. } => {
                "rewrite the context blocks from memory (text outside the markers is kept)".into()
            }
            Fix::InstallHooks { .. } => {
                "reinstall the git hooks (`mind hooks install`; existing hooks keep running)".into()
            }
            Fix::ClearLock { .. } => "empty .mind/.lock (the process is gone)".into(),
            Fix::Unregister { .. } => "remove the project from projects.json".into(),
            Fix::ConvertToUtf8 { file, .. } => {
                format!("convert {file} to UTF-8 (every character and line ending kept)")
            }
            Fix::UpdateAgentHooks { file, .. } => {
                format!("bring the mind hooks in {file} up to date (nothing else in it changes)")
            }
        }
    }
}

/// One thing the doctor found.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    /// Which check: global-folder, legacy-folder, semantic-search, path, project-folder,
    /// file, encoding, memory-names, git-ignore, config, state, block, hooks, agent-settings,
    /// lock, cache.
    pub check: &'static str,
    /// The project folder, or "global".
    pub subject: String,
    pub severity: Severity,
    pub message: String,
    /// What `--fix` would do (or did); absent when there is no safe fix.
    #[serde(rename = "fix", serialize_with = "describe_fix")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<Fix>,
    /// After `--fix`: whether the fix worked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fixed: Option<bool>,
    /// After `--fix`: why it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix_error: Option<String>,
}

fn describe_fix<S: serde::Serializer>(fix: &Option<Fix>, s: S) -> Result<S::Ok, S::Error> {
    match fix {
        Some(fix) => s.serialize_str(&fix.describe()),
        None => s.serialize_none(),
    }
}

impl Finding {
    pub fn new(
        check: &'static str,
        subject: impl Into<String>,
        severity: Severity,
        message: impl Into<String>,
    ) -> Finding {
        Finding {
            check,
            subject: subject.into(),
            severity,
            message: message.into(),
            fix: None,
            fixed: None,
            fix_error: None,
        }
    }

    pub fn ok(check: &'static str, subject: impl Into<String>, message: impl Into<String>) -> Self {
        Finding::new(check, subject, Severity::Ok, message)
    }

    pub fn problem(
        check: &'static str,
        subject: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Finding::new(check, subject, Severity::Problem, message)
    }

    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(fix);
        self
    }

    /// A problem still standing: not fixed (no fix, not tried, or failed).
    pub fn unresolved(&self) -> bool {
        self.severity == Severity::Problem && self.fixed != Some(true)
    }
}
