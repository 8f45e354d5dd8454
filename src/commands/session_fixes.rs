//! What the current session has already fixed: the lines MEMORY.md and the commit store
//! gained since it started, and the session's blockers those lines resolve. A blocker an
//! agent logged and then fixed is not shown as blocking any more (the context block's
//! Session Blockers, the personal block), and `mind session` says what fixed it.

use crate::capture::derived;
use crate::store::session_file::Session;
use crate::store::{Project, state::State};

/// The text MEMORY.md and the commit store gained since the session in `state` started
/// (nothing when its start lengths are unknown or the files were cut back below them).
/// `memory`: MEMORY.md as the caller has read it, or `None` to read only its new part.
pub(crate) fn logged_during_session(
    project: &Project,
    state: &State,
    memory: Option<&[u8]>,
) -> String {
    let tail = |bytes: &[u8], from: Option<u64>| -> String {
        match from.and_then(|f| usize::try_from(f).ok()) {
            Some(f) if f <= bytes.len() => String::from_utf8_lossy(&bytes[f..]).into_owned(),
            _ => String::new(),
        }
    };
    let mut out = match memory {
        Some(bytes) => tail(bytes, state.session_memory_offset()),
        None => read_from(&project.memory(), state.session_memory_offset())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .unwrap_or_default(),
    };
    // Only the commit store's part after the session's start is read: the store holds a
    // project's whole history.
    if let Some(commits) = read_from(&derived::path(project), state.session_commits_offset()) {
        out.push('\n');
        out.push_str(&String::from_utf8_lossy(&commits));
    }
    out
}

/// The bytes of `path` from `offset` on; `None` without an offset, a file, or when the file
/// is now shorter than the offset (cut back: nothing after it is known to be new).
fn read_from(path: &std::path::Path, offset: Option<u64>) -> Option<Vec<u8>> {
    use std::io::{Read, Seek, SeekFrom};
    let offset = offset?;
    let mut file = std::fs::File::open(path).ok()?;
    if file.metadata().ok()?.len() < offset {
        return None;
    }
    file.seek(SeekFrom::Start(offset)).ok()?;
    let mut out = Vec::new();
    file.read_to_end(&mut out).ok()?;
    Some(out)
}

/// For each of the session's blockers, in order, the fix logged since the session started
/// that resolves it (by the rule open loops use), if any. Reads nothing when there are no
/// blockers.
pub(crate) fn blocker_fixes(
    project: &Project,
    state: &State,
    session: &Session,
) -> Vec<Option<String>> {
    if session.blockers.is_empty() {
        return Vec::new();
    }
    let logged = logged_during_session(project, state, None);
    let problems: Vec<String> = (session.blockers.iter())
        .map(|b| format!("problem: {b}"))
        .collect();
    let problems: Vec<&str> = problems.iter().map(String::as_str).collect();
    crate::promote::fixes_logged_since(&problems, &logged)
}

/// `session` without the blockers a fix logged since it started resolves: what still
/// blocks.
pub(crate) fn still_blocking(project: &Project, state: &State, mut session: Session) -> Session {
    let fixes = blocker_fixes(project, state, &session);
    let mut fixes = fixes.into_iter();
    session
        .blockers
        .retain(|_| fixes.next().flatten().is_none());
    session
}
