//! Checks of what is not any one project's: the global folder and the `mind` on PATH.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use super::{Finding, Severity};
use crate::store::home::GlobalFolder;
pub use crate::store::same_file;

const SUBJECT: &str = "global";

/// The global folder exists and is writable (a missing one is created by the first `init`).
pub fn global_folder(home: &GlobalFolder) -> Finding {
    let dir = &home.dir;
    if !dir.exists() {
        return Finding::new(
            "global-folder",
            SUBJECT,
            Severity::Note,
            format!(
                "{} does not exist yet; the first `mind init` creates it",
                dir.display()
            ),
        );
    }
    if !dir.is_dir() {
        return Finding::problem(
            "global-folder",
            SUBJECT,
            format!(
                "{} is not a folder; move it away or set MIND_HOME",
                dir.display()
            ),
        );
    }
    // Writable is what matters, and only trying tells (permissions, ACLs, read-only mounts).
    match tempfile::Builder::new()
        .prefix(".mind-doctor")
        .tempfile_in(dir)
    {
        Ok(_) => Finding::ok(
            "global-folder",
            SUBJECT,
            format!("{} (writable)", dir.display()),
        ),
        Err(e) => Finding::problem(
            "global-folder",
            SUBJECT,
            format!("{} is not writable: {e}", dir.display()),
        ),
    }
}

/// The embedding model: loaded (search is hybrid), never installed (a note on how to turn
/// it on), or installed but unusable — a file missing or one that does not load, such as
/// weights damaged since the install. That last is a problem: search has fallen back to
/// words alone in every project, which nothing else says. Nothing for a build without
/// semantic search.
pub fn semantic_search(home: &GlobalFolder) -> Option<Finding> {
    use crate::embed::{Model, files};
    if !crate::embed::COMPILED {
        return None;
    }
    let model = crate::embed::open(home);
    if let Some(problem) = model.problem(home) {
        return Some(Finding::problem("semantic-search", SUBJECT, problem));
    }
    Some(match model {
        Model::Loaded(_) => Finding::ok(
            "semantic-search",
            SUBJECT,
            format!(
                "{} at {} loads: search is hybrid",
                files::MODEL_NAME,
                files::model_dir(home).display()
            ),
        ),
        _ => Finding::new(
            "semantic-search",
            SUBJECT,
            Severity::Note,
            files::ENABLE_HINT,
        ),
    })
}

/// The Python Mind's `~/.mind`, when it is read as a second source.
pub fn legacy_folder(home: &GlobalFolder) -> Option<Finding> {
    let legacy = home.legacy.as_ref()?;
    Some(Finding::new(
        "legacy-folder",
        SUBJECT,
        Severity::Note,
        format!(
            "the Python Mind's {} is read too (never written); its projects and global edges are included",
            legacy.display()
        ),
    ))
}

/// Whether the `mind` that PATH finds first is this one (git hooks and agents run that one).
pub fn path_binary(current: Option<&Path>, path_var: Option<&OsStr>) -> Finding {
    let on_path = path_var.and_then(|p| find_on_path(p, "mind"));
    let Some(current) = current else {
        return Finding::new(
            "path",
            SUBJECT,
            Severity::Warning,
            "cannot tell where this mind binary is",
        );
    };
    match on_path {
        None => Finding::new(
            "path",
            SUBJECT,
            Severity::Warning,
            format!(
                "no `mind` on PATH; git hooks and agents cannot run it (this one is {})",
                current.display()
            ),
        ),
        Some(found) if same_file(&found, current) => Finding::ok(
            "path",
            SUBJECT,
            format!("{} is the mind on PATH", current.display()),
        ),
        Some(found) => Finding::new(
            "path",
            SUBJECT,
            Severity::Warning,
            format!(
                "PATH runs {}, not this binary ({}); hooks and agents use the one on PATH",
                found.display(),
                current.display()
            ),
        ),
    }
}

/// The first executable file called `name` in the PATH folders.
pub fn find_on_path(path_var: &OsStr, name: &str) -> Option<PathBuf> {
    std::env::split_paths(path_var)
        .filter(|dir| !dir.as_os_str().is_empty())
        .flat_map(|dir| {
            let plain = dir.join(name);
            let exe = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
            [plain, exe]
        })
        .find(|candidate| is_executable(candidate))
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}
