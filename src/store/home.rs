//! Where the global folder is, and which `.mind/` folders are global folders rather than projects.
//!
//! The global folder holds what belongs to no single project (`projects.json`,
//! `global_edges.json`). It is `MIND_HOME` when set, else the platform's data folder
//! (`$XDG_DATA_HOME/mind` or `~/.local/share/mind` on Linux, `~/Library/Application
//! Support/mind` on macOS, `%APPDATA%\mind` on Windows). The Python Mind kept the same files
//! in `~/.mind/`; when `MIND_HOME` is unset and that folder holds them, it is read as a second,
//! read-only source so nothing recorded there is lost, and `mind` never writes into it.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The folder name of the global folder inside the platform data folder.
const APP_DIR: &str = "mind";
/// The Python Mind's global folder, relative to the home folder.
const LEGACY_DIR: &str = ".mind";
/// Files that only a global folder holds (the Python Mind's and ours); a project's `.mind/`
/// never does. Any one of them marks a `.mind/` as a global folder.
const GLOBAL_ONLY_FILES: [&str; 5] = [
    "projects.json",
    "global_edges.json",
    "SELF_IMPROVE.md",
    "pattern_metadata.json",
    "preferences.json",
];

/// The global folder `mind` reads and writes, and the Python Mind's folder it also reads.
#[derive(Debug, Clone, PartialEq)]
pub struct GlobalFolder {
    /// Where `mind` writes: `MIND_HOME`, else the platform data folder.
    pub dir: PathBuf,
    /// `~/.mind` when `MIND_HOME` is unset and it holds the Python Mind's global files; read only.
    pub legacy: Option<PathBuf>,
}

impl GlobalFolder {
    /// The global folder for this environment; a relative `MIND_HOME` is taken from `cwd`.
    pub fn from_env(cwd: &Path) -> Result<GlobalFolder> {
        if let Some(dir) = mind_home(cwd) {
            return Ok(GlobalFolder { dir, legacy: None });
        }
        let base = directories::BaseDirs::new().ok_or_else(|| {
            Error::Failed(
                "cannot find your home folder; set MIND_HOME to a folder for mind's global files"
                    .into(),
            )
        })?;
        let legacy = Some(base.home_dir().join(LEGACY_DIR)).filter(|d| holds_global_files(d));
        Ok(GlobalFolder {
            dir: base.data_dir().join(APP_DIR),
            legacy,
        })
    }

    /// A file in the folder `mind` writes.
    pub fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The same file in the Python Mind's folder, when that folder is read.
    pub fn legacy_file(&self, name: &str) -> Option<PathBuf> {
        self.legacy.as_ref().map(|d| d.join(name))
    }
}

/// `MIND_HOME` as an absolute path, when set and not empty.
fn mind_home(cwd: &Path) -> Option<PathBuf> {
    let home = PathBuf::from(std::env::var_os("MIND_HOME").filter(|h| !h.is_empty())?);
    Some(if home.is_absolute() {
        home
    } else {
        cwd.join(home)
    })
}

/// The user's home folder (`HOME` on Unix), where discovery stops.
pub fn user_home() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|b| b.home_dir().to_path_buf())
}

/// Whether a `.mind/` folder holds a global folder's files: such a folder is never a
/// project, wherever it is (the Python Mind's `~/.mind`, a `MIND_HOME` named `.mind`).
/// A project's `.mind/` holds MEMORY.md and the like but none of these.
pub fn holds_global_files(mind_dir: &Path) -> bool {
    GLOBAL_ONLY_FILES
        .iter()
        .any(|name| mind_dir.join(name).is_file())
}

/// Whether `mind_dir` (a `.mind/` folder) is a global folder: the one `mind` writes to, or
/// one holding global files.
pub fn is_global_folder(mind_dir: &Path, global_dir: Option<&Path>) -> bool {
    if holds_global_files(mind_dir) {
        return true;
    }
    let Some(global_dir) = global_dir else {
        return false;
    };
    same_folder(mind_dir, global_dir)
}

/// Whether two paths name the same folder, either of which may not exist yet.
fn same_folder(a: &Path, b: &Path) -> bool {
    canonical(a) == canonical(b)
}

/// The canonical form of `path`, or of its parent joined with its name when it does not exist.
fn canonical(path: &Path) -> PathBuf {
    if let Ok(c) = std::fs::canonicalize(path) {
        return c;
    }
    match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) => std::fs::canonicalize(parent)
            .map(|p| p.join(name))
            .unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_python_global_folder_is_recognised_by_its_files_not_its_place() {
        let tmp = tempfile::tempdir().unwrap();
        let project = tmp.path().join("p/.mind");
        let global = tmp.path().join("g/.mind");
        std::fs::create_dir_all(&project).unwrap();
        std::fs::create_dir_all(&global).unwrap();
        std::fs::write(project.join("MEMORY.md"), "# p\n").unwrap();
        std::fs::write(global.join("projects.json"), "{}").unwrap();
        assert!(!is_global_folder(&project, None));
        assert!(is_global_folder(&global, None));
        // The configured global folder is one even while still empty.
        let empty = tmp.path().join("e/.mind");
        std::fs::create_dir_all(&empty).unwrap();
        assert!(is_global_folder(
            &empty,
            Some(&tmp.path().join("e/../e/.mind"))
        ));
        assert!(!is_global_folder(&empty, Some(&global)));
    }
}
