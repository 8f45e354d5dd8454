//! Memory at the moment of action: what the project's memory says about one tool call an
//! agent is about to make (a shell command, a file read or edit).
//!
//! Runs before every tool call, so it never parses the whole memory: [`scan`] reads
//! MEMORY.md, the commit store and SESSION.md line by line and looks only at the few line
//! kinds that can matter here (gotchas, rejected approaches, lines with a file provenance),
//! then [`note`] turns the matches into one short note. [`harness`] reads each agent
//! harness's hook input and writes its answer.

pub mod harness;
pub mod note;
pub mod scan;

use std::path::{Component, Path, PathBuf};

/// The tool call about to run, as the harness described it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// A shell command line.
    Command(String),
    /// A file the tool reads or writes, relative to the project root when inside it.
    File(String),
}

impl Action {
    /// The action for a file path the harness gave (absolute, or relative to `cwd`).
    /// A file outside the project has nothing in its memory: `None`. `.` and `..` are
    /// folded first, so `app/../other/a.rs` is outside the project `app` and
    /// `app/src/../src/a.rs` is its `src/a.rs`.
    pub fn file(root: &Path, cwd: &Path, path: &str) -> Option<Action> {
        let path = Path::new(path);
        let absolute = if path.is_absolute() {
            path.to_path_buf()
        } else {
            cwd.join(path)
        };
        let absolute = fold_dots(&absolute)?;
        let rel = absolute.strip_prefix(root).ok()?;
        let rel = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        (!rel.is_empty()).then_some(Action::File(rel))
    }
}

/// `path` with `.` and `..` folded by name, as a harness names a file (no links followed,
/// and the file need not exist yet). `..` at the root stays there; `None` when a relative
/// path climbs above its start (it names nothing inside the folder it is relative to).
pub(crate) fn fold_dots(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    let mut depth = 0usize;
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if depth > 0 {
                    out.pop();
                    depth -= 1;
                } else if !path.has_root() {
                    return None;
                }
            }
            Component::Normal(name) => {
                out.push(name);
                depth += 1;
            }
            root @ (Component::RootDir | Component::Prefix(_)) => out.push(root),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_paths_are_judged_with_their_dots_folded() {
        let (root, cwd) = (Path::new("/w/app"), Path::new("/w/app/src"));
        let file = |p: &str| Action::file(root, cwd, p);
        let auth = Some(Action::File("src/auth.rs".into()));
        assert_eq!(file("/w/app/src/auth.rs"), auth);
        assert_eq!(file("/w/app/src/../src/./auth.rs"), auth);
        assert_eq!(file("./auth.rs"), auth);
        assert_eq!(file("../src/auth.rs"), auth);
        assert_eq!(file("/w/other/../app/src/auth.rs"), auth);
        assert_eq!(file("/w/app/../other/src/auth.rs"), None);
        assert_eq!(file("../../other/src/auth.rs"), None);
        assert_eq!(file("/w/app/.."), None);
        assert_eq!(file("/../../w/app/src/auth.rs"), auth);
        assert_eq!(fold_dots(Path::new("src/../../a.rs")), None);
        assert_eq!(
            fold_dots(Path::new("./src/x/../a.rs")),
            Some(PathBuf::from("src/a.rs"))
        );
    }
}
