//! The `.mind/` folder: finding the project, the names of its files, and safe writes.
//!
//! Every write goes through this module: appends of whole lines ([`append`]) and
//! rewrites through a temp file and rename ([`atomic`]), both under the advisory
//! lock on `.mind/.lock` ([`lock`]).

pub mod append;
pub mod atomic;
pub mod lock;
pub mod memory;
pub mod registry;
pub mod session;
pub mod session_archive;
pub mod state;
pub mod templates;
pub mod text;

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

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

/// A project: a folder that holds `.mind/`.
#[derive(Debug, Clone)]
pub struct Project {
    pub root: PathBuf,
}

impl Project {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Project { root: root.into() }
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

    /// The project's display name: its folder name.
    pub fn name(&self) -> String {
        self.root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.root.display().to_string())
    }

    /// Take the store lock; released when the guard drops.
    pub fn lock(&self) -> Result<lock::StoreLock> {
        lock::StoreLock::acquire(&self.file(LOCK_FILE))
    }
}

/// Find the project for a command that needs one.
///
/// An explicit folder (`--project` / `MIND_PROJECT`) is used as it is; otherwise the
/// nearest ancestor of `cwd` holding `.mind/`.
pub fn discover(cwd: &Path, explicit: Option<&Path>) -> Result<Project> {
    if let Some(dir) = explicit {
        let dir = absolute(cwd, dir);
        if dir.join(MIND_DIR).is_dir() {
            return Ok(Project::new(dir));
        }
        return Err(Error::NoProject { searched_from: dir });
    }
    find_upwards(cwd).ok_or_else(|| Error::NoProject {
        searched_from: cwd.to_path_buf(),
    })
}

/// The nearest ancestor of `start` (itself included) that holds `.mind/`.
pub fn find_upwards(start: &Path) -> Option<Project> {
    start
        .ancestors()
        .find(|dir| dir.join(MIND_DIR).is_dir())
        .map(Project::new)
}

/// Where `mind init` puts `.mind/`: the given folder, else an existing project above,
/// else the git work-tree root, else the current folder.
pub fn init_root(cwd: &Path, dir: Option<&Path>) -> PathBuf {
    if let Some(dir) = dir {
        return absolute(cwd, dir);
    }
    if let Some(project) = find_upwards(cwd) {
        return project.root;
    }
    cwd.ancestors()
        .find(|d| d.join(".git").exists())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| cwd.to_path_buf())
}

fn absolute(cwd: &Path, dir: &Path) -> PathBuf {
    let joined = if dir.is_absolute() {
        dir.to_path_buf()
    } else {
        cwd.join(dir)
    };
    // Canonical form keeps projects.json free of `..` and symlink duplicates.
    std::fs::canonicalize(&joined).unwrap_or(joined)
}
