//! The write boundary: mind never writes through a symbolic link that leads out of the project.
//!
//! A cloned repository is untrusted: its `CLAUDE.md`, `.mind/`, `.gitignore` or a hook can be a
//! link to `~/.bashrc`. Every project mind opens is recorded here ([`enclose`]), and every
//! write ([`check`], called by the append and rewrite functions) refuses a path that lies
//! inside a recorded project by name but outside it once links are followed. A link that
//! stays inside the project (`CLAUDE.md -> AGENTS.md`) is fine; a path outside every project
//! (the data folder, `~/.claude/settings.json`) is not judged here.

use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;

use crate::error::{Error, Result};

/// Each project root as written and as resolved.
static ROOTS: Mutex<Vec<(PathBuf, PathBuf)>> = Mutex::new(Vec::new());

/// Record `root` as a boundary that writes must not leave.
pub fn enclose(root: &Path) {
    let Ok(real) = std::fs::canonicalize(root) else {
        return;
    };
    let given = lexical(root);
    let mut roots = ROOTS.lock().unwrap_or_else(|e| e.into_inner());
    if !roots.iter().any(|(g, r)| *g == given && *r == real) {
        roots.push((given, real));
    }
}

/// The recorded projects whose root `path` lies under by name (the root as written or as
/// resolved), each as `(the root as the path names it, the root resolved)`, and `path`
/// made absolute with `.` and `..` folded by name. Empty: `path` is in no project.
pub(crate) fn roots_naming(path: &Path) -> (PathBuf, Vec<(PathBuf, PathBuf)>) {
    let given = lexical(path);
    let roots = ROOTS.lock().unwrap_or_else(|e| e.into_inner());
    let naming = roots
        .iter()
        .filter_map(|(root, real)| {
            let named = [root, real].into_iter().find(|r| given.starts_with(r))?;
            Some((named.clone(), real.clone()))
        })
        .collect();
    (given, naming)
}

/// Refuse a write to `path` when links take it out of a project it names, or into a cache
/// folder that is a link ([`linked_cache`]).
pub fn check(path: &Path) -> Result<()> {
    let given = lexical(path);
    let roots = ROOTS.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let mut resolved: Option<Option<PathBuf>> = None;
    for (root, real_root) in &roots {
        if !(given.starts_with(root) || given.starts_with(real_root)) {
            continue;
        }
        let real = resolved.get_or_insert_with(|| resolve(&given));
        match real {
            Some(real) if real.starts_with(real_root) => {}
            Some(real) => return Err(outside(path, &format!("to {}", real.display()))),
            None => return Err(outside(path, "to a missing target")),
        }
    }
    // Inside the project, but through a cache folder that is a link.
    if let Some((folder, to)) = linked_cache(&given) {
        return Err(Error::Failed(format!(
            "refused to write {}: {} is a symbolic link (to {}), and mind keeps no cache \
             behind a link; replace the link with a folder",
            path.display(),
            folder.display(),
            to.display()
        )));
    }
    Ok(())
}

/// The `.mind/cache` folder of a recorded project that `path` (absolute, folded by name)
/// lies in when that folder is a symbolic link, with where the link leads. Every file there
/// is mind's own derived data, so a link is never what mind made: a cloned repository's
/// `.mind/cache -> ../src` would have mind drop its caches, and a `.gitignore` holding `*`,
/// into the project's sources, where git would then leave every new file out without a
/// word. Such a folder is judged like one leading out of the project, wherever it leads:
/// nothing is written there and the files mind keeps there are not read.
pub(crate) fn linked_cache(given: &Path) -> Option<(PathBuf, PathBuf)> {
    let roots = ROOTS.lock().unwrap_or_else(|e| e.into_inner()).clone();
    roots
        .iter()
        .flat_map(|(root, real)| [root, real])
        .map(|root| {
            root.join(crate::store::MIND_DIR)
                .join(crate::store::CACHE_DIR)
        })
        .find(|folder| {
            given.starts_with(folder)
                && std::fs::symlink_metadata(folder).is_ok_and(|m| m.file_type().is_symlink())
        })
        .map(|folder| {
            let to = std::fs::canonicalize(&folder)
                .or_else(|_| std::fs::read_link(&folder))
                .unwrap_or_default();
            (folder, to)
        })
}

fn outside(path: &Path, target: &str) -> Error {
    Error::Failed(format!(
        "refused to write {}: a symbolic link leads it outside the project ({target}); {}",
        path.display(),
        replace_hint(path)
    ))
}

/// What to do about the link that takes `path` out of its project: replace the file's own
/// link with a file, or name the folder that is the link (a cloned repository's `.mind ->
/// ../other/.mind`, where replacing each file would not help).
pub fn replace_hint(path: &Path) -> String {
    let given = lexical(path);
    match first_link(&given) {
        Some(link) if link != given => format!(
            "replace the link {} with a folder of the project's own, or point it inside the \
             project",
            link.display()
        ),
        _ => "replace the link with a file, or point it inside the project".to_string(),
    }
}

/// The first symbolic link on the way from the outermost recorded project naming `given`
/// (absolute, folded by name) down to it: the file itself, or a folder above it.
pub(crate) fn first_link(given: &Path) -> Option<PathBuf> {
    let (_, roots) = roots_naming(given);
    let base = roots
        .iter()
        .map(|(named, _)| named)
        .min_by_key(|r| r.as_os_str().len())?;
    let mut at = base.clone();
    for part in given.strip_prefix(base).ok()?.components() {
        at.push(part);
        if std::fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink()) {
            return Some(at);
        }
    }
    None
}

/// Where `path` really is: its nearest existing ancestor resolved, the rest appended.
/// `None` for a dangling link, whose target cannot be judged.
///
/// Another `mind` may create the file between the failed `canonicalize` and the look at
/// what is there (two `init`s at once), or a link's target: whatever is found then is
/// resolved again, a few times, not taken for a dangling link. Only a link that still
/// resolves to nothing is refused.
pub(crate) fn resolve(path: &Path) -> Option<PathBuf> {
    /// How often a path that appeared in between is resolved again: each retry needs another
    /// process to create or remove it in a window of microseconds.
    const RETRIES: usize = 8;
    let mut rest = Vec::new();
    let mut probe = path;
    let mut retries = 0;
    loop {
        match std::fs::canonicalize(probe) {
            Ok(real) => {
                let mut out = real;
                for part in rest.iter().rev() {
                    out.push(part);
                }
                return Some(out);
            }
            Err(_) => match std::fs::symlink_metadata(probe) {
                // Looked at again too: its target may be what another `mind` is creating.
                Ok(_) if retries < RETRIES => retries += 1,
                Ok(meta) if meta.file_type().is_symlink() => return None,
                // Still there but never resolvable (a race that keeps losing): judged by its
                // parent, as a path that is not there yet.
                Ok(_) | Err(_) => {
                    rest.push(probe.file_name()?.to_os_string());
                    probe = probe.parent()?;
                }
            },
        }
    }
}

/// `path` made absolute with `.` and `..` folded by name (no links followed).
fn lexical(path: &Path) -> PathBuf {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    };
    let mut out = PathBuf::new();
    for part in absolute.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_link_out_of_a_project_is_refused_and_one_inside_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("p");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(dir.path().join("outside"), "x").unwrap();
        std::fs::write(root.join("AGENTS.md"), "x").unwrap();
        std::os::unix::fs::symlink(dir.path().join("outside"), root.join("CLAUDE.md")).unwrap();
        std::os::unix::fs::symlink("AGENTS.md", root.join("GEMINI.md")).unwrap();
        enclose(&root);
        assert!(check(&root.join("CLAUDE.md")).is_err());
        assert!(check(&root.join("GEMINI.md")).is_ok());
        assert!(check(&root.join("new/file.md")).is_ok());
        assert!(check(&dir.path().join("outside")).is_ok());
    }

    #[test]
    fn a_dangling_link_is_refused_and_a_file_made_meanwhile_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("p");
        std::fs::create_dir_all(&root).unwrap();
        std::os::unix::fs::symlink(dir.path().join("gone"), root.join("dangling.md")).unwrap();
        enclose(&root);
        assert_eq!(resolve(&root.join("dangling.md")), None);
        // A file that exists resolves to itself, however it came to be there.
        std::fs::write(root.join("made.md"), "x").unwrap();
        let real_root = std::fs::canonicalize(&root).unwrap();
        assert_eq!(
            resolve(&root.join("made.md")),
            Some(real_root.join("made.md"))
        );
        assert!(check(&root.join("made.md")).is_ok());
    }

    #[test]
    fn a_file_another_process_keeps_making_and_removing_is_never_refused() {
        // The race of two `mind init`s: the file is absent when `canonicalize` looks and
        // present when `symlink_metadata` does. A writer makes and removes it as fast as it
        // can while the checks run; the old reading took that for a dangling link.
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("p");
        std::fs::create_dir_all(&root).unwrap();
        enclose(&root);
        let path = root.join("flicker.md");
        let done = std::sync::atomic::AtomicBool::new(false);
        let refused = std::thread::scope(|s| {
            s.spawn(|| {
                for _ in 0..20_000 {
                    std::fs::write(&path, "x").unwrap();
                    std::fs::remove_file(&path).unwrap();
                }
                done.store(true, std::sync::atomic::Ordering::Relaxed);
            });
            let mut refused = 0;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                refused += usize::from(check(&path).is_err());
            }
            refused
        });
        assert_eq!(refused, 0);
    }
}
