//! The `.mind/` folder: finding the project, the names of its files, and safe writes.
//!
//! Every write goes through this module: appends of whole lines ([`append`]) and
//! rewrites through a temp file and rename ([`atomic`]), both under the advisory
//! lock on `.mind/.lock` ([`lock`]). Where the project is comes from [`discovery`]; where
//! the global folder is, from [`home`].

pub mod append;
pub mod atomic;
pub mod checkout;
pub mod discovery;
pub mod encoding;
pub mod git_ignored;
pub mod global_config;
pub mod guard;
pub mod home;
pub mod lock;
pub mod memory_file;
pub mod parse_cache;
pub mod read_guard;
pub mod registry;
pub mod session_archive;
pub mod session_file;
pub mod state;
pub mod tail;
pub mod templates;
pub mod text;
pub mod usage;

use std::path::{Path, PathBuf};

use crate::error::Result;

pub use discovery::{discover, find_upwards, init_root};

pub const MIND_DIR: &str = ".mind";
pub const MEMORY_FILE: &str = "MEMORY.md";
pub const SESSION_FILE: &str = "SESSION.md";
pub const REMINDERS_FILE: &str = "REMINDERS.md";
pub const CONFIG_FILE: &str = "config.json";
pub const STATE_FILE: &str = "state.json";
pub const LOCK_FILE: &str = ".lock";
pub const GITIGNORE_FILE: &str = ".gitignore";
pub const GITATTRIBUTES_FILE: &str = ".gitattributes";
pub const MEMORIES_DIR: &str = "memories";
/// Old memory moved out of MEMORY.md by hand (e.g. `archive/2024.md`); searched like it.
pub const ARCHIVE_DIR: &str = "archive";
pub const CACHE_DIR: &str = "cache";

/// Two paths to the same file (symlinks resolved).
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// A project: a folder that holds `.mind/`.
#[derive(Debug, Clone)]
pub struct Project {
    pub root: PathBuf,
}

impl Project {
    /// A project at `root`; from now on no write may leave it through a link ([`guard`]).
    pub fn new(root: impl Into<PathBuf>) -> Self {
        let root = root.into();
        guard::enclose(&root);
        Project { root }
    }

    pub fn dir(&self) -> PathBuf {
        self.root.join(MIND_DIR)
    }

    pub fn file(&self, name: &str) -> PathBuf {
        self.dir().join(name)
    }

    pub fn memory(&self) -> PathBuf {
        self.file(MEMORY_FILE)
    }

    pub fn session(&self) -> PathBuf {
        self.file(SESSION_FILE)
    }

    pub fn reminders(&self) -> PathBuf {
        self.file(REMINDERS_FILE)
    }

    pub fn config(&self) -> PathBuf {
        self.file(CONFIG_FILE)
    }

    pub fn state(&self) -> PathBuf {
        self.file(STATE_FILE)
    }

    /// Whether `path` stays inside the project once symbolic links are followed (checked on
    /// its nearest existing ancestor, so a file not created yet counts by its folder). A
    /// cloned repository's `AGENTS.md -> ~/notes.md` or `.claude -> ~/.claude` does not.
    pub fn leads_inside(&self, path: &Path) -> bool {
        let Ok(root) = std::fs::canonicalize(&self.root) else {
            return false;
        };
        let mut probe = Some(path);
        while let Some(p) = probe {
            match std::fs::canonicalize(p) {
                Ok(real) => return real.starts_with(&root),
                // There but unresolvable: a dangling link, whose target cannot be judged.
                Err(_) if std::fs::symlink_metadata(p).is_ok() => return false,
                Err(_) => probe = p.parent(),
            }
        }
        false
    }

    /// The project's display name: its folder name as one line ([`text::one_line_name`]),
    /// since it is written into MEMORY.md's title, the registry, named memories and
    /// search results, where a line break in it would start a line of its own.
    pub fn name(&self) -> String {
        let name = self
            .root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.root.display().to_string());
        text::one_line_name(&name)
    }

    /// Take the store lock; released when the guard drops. Temp files a killed command
    /// left behind are removed first thing under the lock.
    pub fn lock(&self) -> Result<lock::StoreLock> {
        self.lock_waiting(None)
    }

    /// [`Project::lock`] waiting at most `patience` (an agent's hook, which the agent
    /// waits on), else `MIND_LOCK_TIMEOUT_MS` or its default.
    pub fn lock_waiting(&self, patience: Option<std::time::Duration>) -> Result<lock::StoreLock> {
        // `.mind -> ~/elsewhere` in a cloned repository: not even the lock file is written.
        guard::check(&self.file(LOCK_FILE))?;
        let path = self.file(LOCK_FILE);
        let held = match patience {
            Some(patience) => lock::StoreLock::acquire_within(&path, patience)?,
            None => lock::StoreLock::acquire(&path)?,
        };
        self.sweep_temps();
        Ok(held)
    }

    /// Remove stale rewrite temp files ([`atomic::sweep_stale`]) from the folders mind
    /// rewrites files in: the project root, `.mind/` and its folders, and the git hooks.
    pub fn sweep_temps(&self) -> usize {
        let mut folders = vec![self.root.clone(), self.dir(), self.root.join(".git/hooks")];
        if let Ok(entries) = std::fs::read_dir(self.dir()) {
            folders.extend(
                entries
                    .flatten()
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
                    .map(|e| e.path()),
            );
        }
        folders.iter().map(|f| atomic::sweep_stale(f)).sum()
    }
}
