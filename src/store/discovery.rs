//! Finding the project a command works on, and where `mind init` puts a new one.
//!
//! From the current folder upwards, the first folder whose `.mind/` is not a global folder
//! is the project. The walk stops at the git work-tree root (the nearest folder holding
//! `.git`, a folder or a file), so a repository nested inside a project is a place of its own —
//! except a submodule, which the enclosing repository's `.gitmodules` lists: it is part of that
//! work tree, and the walk goes on. It never goes above the home folder. A folder outside git
//! walks up to the home folder.

use std::path::{Path, PathBuf};

use super::home::{self, GlobalFolder};
use super::{MIND_DIR, Project};
use crate::error::{Error, Result, SearchEnd};

/// What discovery needs to know about the machine: the global folder and the home folder.
#[derive(Debug, Default, Clone)]
pub struct Bounds {
    /// The global folder `mind` writes to (never a project even while empty).
    pub global_dir: Option<PathBuf>,
    /// The home folder, canonical; the walk never goes above it.
    pub user_home: Option<PathBuf>,
}

impl Bounds {
    /// Only the home folder: enough to tell a submodule from a repository of its own.
    pub fn home_only() -> Bounds {
        Bounds {
            global_dir: None,
            user_home: home::user_home().map(|h| std::fs::canonicalize(&h).unwrap_or(h)),
        }
    }

    pub fn from_env(cwd: &Path) -> Bounds {
        Bounds {
            global_dir: GlobalFolder::from_env(cwd).ok().map(|g| g.dir),
            user_home: home::user_home().map(|h| std::fs::canonicalize(&h).unwrap_or(h)),
        }
    }
}

/// The outcome of a walk upwards that found no project.
#[derive(Debug)]
struct NotFound {
    last: PathBuf,
    end: SearchEnd,
    skipped: Vec<PathBuf>,
}

/// Find the project for a command that needs one.
///
/// An explicit folder (`--project` / `MIND_PROJECT`) is used as it is (unless its `.mind/`
/// is a global folder); otherwise the nearest project upwards from `cwd`.
pub fn discover(cwd: &Path, explicit: Option<&Path>) -> Result<Project> {
    let bounds = Bounds::from_env(cwd);
    if let Some(dir) = explicit {
        let dir = absolute(cwd, dir);
        let mind = dir.join(MIND_DIR);
        if mind.is_dir() {
            refuse_global(&mind, &bounds)?;
            return Ok(Project::new(dir));
        }
        return Err(Error::NoProject {
            searched_from: dir.clone(),
            searched_to: dir,
            end: SearchEnd::Explicit,
            skipped: Vec::new(),
        });
    }
    walk_up(cwd, &bounds).map_err(|n| Error::NoProject {
        searched_from: cwd.to_path_buf(),
        searched_to: n.last,
        end: n.end,
        skipped: n.skipped,
    })
}

/// The nearest project upwards from `start` (itself included), within the bounds above.
pub fn find_upwards(start: &Path) -> Option<Project> {
    walk_up(start, &Bounds::from_env(start)).ok()
}

/// Where `mind init` puts `.mind/`: the given folder, else an existing project found the
/// way discovery finds one, else the git work-tree root (unless that is the home folder
/// itself, a dotfiles repository), else the current folder. A folder whose `.mind/` is a
/// global folder is refused.
pub fn init_root(cwd: &Path, dir: Option<&Path>) -> Result<PathBuf> {
    let bounds = Bounds::from_env(cwd);
    let root = match dir {
        Some(dir) => absolute(cwd, dir),
        None => match walk_up(cwd, &bounds) {
            Ok(project) => project.root,
            Err(NotFound {
                last,
                end: SearchEnd::GitRoot,
                ..
            }) if Some(&last) != bounds.user_home.as_ref() => last,
            Err(_) => cwd.to_path_buf(),
        },
    };
    // Checked even before `.mind/` exists: a MIND_HOME pointing there would make it one.
    refuse_global(&root.join(MIND_DIR), &bounds)?;
    Ok(root)
}

fn walk_up(start: &Path, bounds: &Bounds) -> std::result::Result<Project, NotFound> {
    let mut skipped = Vec::new();
    let mut last = start.to_path_buf();
    for dir in start.ancestors() {
        last = dir.to_path_buf();
        let mind = dir.join(MIND_DIR);
        if mind.is_dir() {
            if home::is_global_folder(&mind, bounds.global_dir.as_deref()) {
                skipped.push(mind);
            } else {
                return Ok(Project::new(dir));
            }
        }
        if is_repository_of_its_own(dir, bounds) {
            return Err(NotFound {
                last,
                end: SearchEnd::GitRoot,
                skipped,
            });
        }
        if bounds.user_home.as_deref() == Some(dir) {
            return Err(NotFound {
                last,
                end: SearchEnd::UserHome,
                skipped,
            });
        }
    }
    Err(NotFound {
        last,
        end: SearchEnd::FilesystemRoot,
        skipped,
    })
}

/// Whether `dir` holds a project of its own: a `.mind/` folder that is not a global folder
/// (the rule of the upward search). A walk down a project's files (`mind checkpoint`) and the
/// commit hooks leave such a folder's files to it: a package of a monorepo with its own
/// `.mind/` is a place of its own, as a nested repository is.
pub fn holds_project(dir: &Path, bounds: &Bounds) -> bool {
    let mind = dir.join(MIND_DIR);
    mind.is_dir() && !home::is_global_folder(&mind, bounds.global_dir.as_deref())
}

/// Whether `dir` is a git work-tree root of its own: it holds `.git` (a folder or a file) and
/// is not a submodule. The upward search stops there, and a walk down a project's files
/// (`mind checkpoint`) does not enter it: a repository nested inside a project (a vendored
/// clone, a scratch repository) is a place of its own, whose files git does not track
/// either.
pub fn is_repository_of_its_own(dir: &Path, bounds: &Bounds) -> bool {
    dir.join(".git").exists() && !is_submodule(dir, bounds)
}

/// Whether `dir` (a git work-tree root) is a submodule of the nearest enclosing repository
/// (within the home folder): that repository's `.gitmodules` has `path = <dir relative to it>`.
fn is_submodule(dir: &Path, bounds: &Bounds) -> bool {
    for parent in dir.ancestors().skip(1) {
        if parent.join(".git").exists() {
            let Ok(rel) = dir.strip_prefix(parent) else {
                return false;
            };
            let Ok(modules) = std::fs::read_to_string(parent.join(".gitmodules")) else {
                return false;
            };
            return submodule_paths(&modules).any(|p| Path::new(p) == rel);
        }
        if bounds.user_home.as_deref() == Some(parent) {
            return false;
        }
    }
    false
}

/// The `path = ...` values of a `.gitmodules` file.
fn submodule_paths(modules: &str) -> impl Iterator<Item = &str> {
    modules.lines().filter_map(|line| {
        let (key, value) = line.split_once('=')?;
        (key.trim() == "path").then(|| value.trim().trim_matches('"'))
    })
}

fn refuse_global(mind: &Path, bounds: &Bounds) -> Result<()> {
    if home::is_global_folder(mind, bounds.global_dir.as_deref()) {
        return Err(Error::Failed(format!(
            "{} is a global folder (it holds mind's cross-project files), not a project; \
             run `mind init` in a project folder",
            mind.display()
        )));
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(home: &Path) -> Bounds {
        Bounds {
            global_dir: None,
            user_home: Some(home.to_path_buf()),
        }
    }

    #[test]
    fn stops_at_the_git_root_and_the_home_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let home = tmp.path().join("home");
        let nested = home.join("proj/vendor/lib/src");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::create_dir_all(home.join("proj/.mind")).unwrap();
        std::fs::create_dir_all(tmp.path().join(".mind")).unwrap();
        // Plain folders walk up to the project.
        assert_eq!(
            walk_up(&nested, &bounds(&home)).unwrap().root,
            home.join("proj")
        );
        // A nested repository is its own place.
        std::fs::write(home.join("proj/vendor/lib/.git"), "gitdir: elsewhere\n").unwrap();
        let n = walk_up(&nested, &bounds(&home)).unwrap_err();
        assert_eq!(
            (n.last, n.end),
            (home.join("proj/vendor/lib"), SearchEnd::GitRoot)
        );
        // Never above the home folder, even with a .mind/ there.
        let n = walk_up(&home, &bounds(&home)).unwrap_err();
        assert_eq!((n.last, n.end), (home.clone(), SearchEnd::UserHome));
        // A submodule the project's repository lists is part of it.
        std::fs::create_dir_all(home.join("proj/.git")).unwrap();
        std::fs::write(
            home.join("proj/.gitmodules"),
            "[submodule \"lib\"]\n\tpath = vendor/lib\n\turl = ../lib\n",
        )
        .unwrap();
        assert_eq!(
            walk_up(&nested, &bounds(&home)).unwrap().root,
            home.join("proj")
        );
    }
}
