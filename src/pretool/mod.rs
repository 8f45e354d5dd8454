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

use std::path::Path;

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
    /// A file outside the project has nothing in its memory: `None`.
    pub fn file(root: &Path, cwd: &Path, path: &str) -> Option<Action> {
        let path = Path::new(path);
        let absolute = if path.is_absolute() {
            path.to_path_buf()
        } else {
            cwd.join(path)
        };
        let rel = absolute.strip_prefix(root).ok()?;
        let rel = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        (!rel.is_empty()).then_some(Action::File(rel))
    }
}
