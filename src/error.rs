//! Typed errors and the exit codes they map to.
//!
//! | code | meaning |
//! | --- | --- |
//! | 0 | success (also "no results": a note goes to stderr) |
//! | 1 | the command could not do its work (no project, unreadable file, refused repair) |
//! | 2 | usage: bad arguments, unknown type, empty message, unparsable date |

use std::fmt;
use std::io;
use std::path::PathBuf;

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why the search for a project stopped where it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEnd {
    /// The folder was given (`--project` / `MIND_PROJECT`); nothing else was searched.
    Explicit,
    /// The nearest folder holding `.git`: a repository is a place of its own.
    GitRoot,
    /// The home folder: discovery never goes above it.
    UserHome,
    /// The top of the file system.
    FilesystemRoot,
}

impl SearchEnd {
    fn describe(self) -> &'static str {
        match self {
            SearchEnd::Explicit => "the folder given by --project or MIND_PROJECT",
            SearchEnd::GitRoot => "the git work-tree root; the search stops there",
            SearchEnd::UserHome => "your home folder; the search never goes above it",
            SearchEnd::FilesystemRoot => "the file system root",
        }
    }
}

#[derive(Debug)]
pub enum Error {
    /// No project from `searched_from` up to `searched_to`, where the search ended for
    /// the reason `end`; `skipped` global folders on the way.
    NoProject {
        searched_from: PathBuf,
        searched_to: PathBuf,
        end: SearchEnd,
        skipped: Vec<PathBuf>,
    },
    /// Another process held a lock for longer than the wait allows.
    Locked {
        path: PathBuf,
        holder: Option<u32>,
        waited_ms: u64,
    },
    /// The arguments make no sense; nothing was written.
    Usage {
        message: String,
        hint: Option<String>,
    },
    /// Reading or writing a file failed.
    Io { path: PathBuf, source: io::Error },
    /// A file exists but its content cannot be used.
    BadFile { path: PathBuf, reason: String },
    /// The context block markers in an instruction file are damaged in a way
    /// that cannot be repaired without guessing.
    Markers { path: PathBuf, reason: String },
    /// What the command would write collides with what is there (an edge title already
    /// taken, a file changed on both sides of a vault copy); the hint says how to settle it.
    Conflict { message: String, hint: String },
    /// Any other failure with a message for the user.
    Failed(String),
    /// A failure with a second line saying what to do about it (e.g. a team database that
    /// refused the connection: which setting to check).
    FailedHint { message: String, hint: String },
}

impl Error {
    pub fn usage(message: impl Into<String>) -> Self {
        Error::Usage {
            message: message.into(),
            hint: None,
        }
    }

    pub fn usage_hint(message: impl Into<String>, hint: impl Into<String>) -> Self {
        Error::Usage {
            message: message.into(),
            hint: Some(hint.into()),
        }
    }

    pub fn io(path: impl Into<PathBuf>, source: io::Error) -> Self {
        Error::Io {
            path: path.into(),
            source,
        }
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Usage { .. } => 2,
            _ => 1,
        }
    }

    /// A second line telling the user what to do next.
    pub fn hint(&self) -> Option<String> {
        match self {
            Error::NoProject { .. } => Some("run `mind init` in the project root, or pass --project DIR".into()),
            Error::Usage { hint, .. } => hint.clone(),
            Error::Conflict { hint, .. } | Error::FailedHint { hint, .. } => Some(hint.clone()),
            Error::Locked { .. } => Some(
                "try again when that process has finished; MIND_LOCK_TIMEOUT_MS sets how long to wait".into(),
            ),
            Error::Markers { .. } => Some(
                "fix the markers by hand (one `<!-- MIND:CONTEXT -->` line followed by one `<!-- MIND:END -->` line), then run `mind recall` again"
                    .into(),
            ),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoProject {
                searched_from,
                searched_to,
                end,
                skipped,
            } => {
                if searched_from == searched_to {
                    write!(
                        f,
                        "no .mind/ here or above: looked in {} ({})",
                        searched_from.display(),
                        end.describe()
                    )?;
                } else {
                    write!(
                        f,
                        "no .mind/ here or above: looked in {} and each folder up to {} ({})",
                        searched_from.display(),
                        searched_to.display(),
                        end.describe()
                    )?;
                }
                for dir in skipped {
                    write!(
                        f,
                        "; skipped {}: a global folder, not a project",
                        dir.display()
                    )?;
                }
                Ok(())
            }
            Error::Locked {
                path,
                holder,
                waited_ms,
            } => {
                write!(f, "{} is locked by ", path.display())?;
                match holder {
                    Some(pid) => write!(f, "process {pid}")?,
                    None => f.write_str("another process")?,
                }
                write!(f, "; gave up after {} ms, nothing written", waited_ms)
            }
            Error::Usage { message, .. } => f.write_str(message),
            // A folder where a file belongs (`.mind/MEMORY.md` made a folder by hand or by a
            // sync tool) says so in words, not as the system's "Is a directory (os error 21)".
            Error::Io { path, source } if source.kind() == io::ErrorKind::IsADirectory => write!(
                f,
                "{}: is a folder, not a file; move it away and run `mind doctor`",
                path.display()
            ),
            Error::Io { path, source } => write!(f, "{}: {}", path.display(), source),
            Error::BadFile { path, reason } => write!(f, "{}: {}", path.display(), reason),
            Error::Markers { path, reason } => {
                write!(
                    f,
                    "{}: context block left alone: {}",
                    path.display(),
                    reason
                )
            }
            Error::Conflict { message, .. }
            | Error::FailedHint { message, .. }
            | Error::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
