//! What a session has already fixed: its blockers that the lines MEMORY.md and the commit
//! store gained after each was logged resolve. A blocker an agent logged and then fixed is
//! not shown as blocking any more (the context block's Session Blockers, the personal
//! block, recall's warning), `mind session` says what fixed it, and promotion writes it
//! with its fix.

use crate::capture::derived;
use crate::store::session_file::Session;
use crate::store::{Project, state::State};

/// The text MEMORY.md and the commit store gained since they were `from` bytes long (each
/// nothing when unknown or the file is now shorter): only their new parts are read (the
/// commit store holds a project's whole history).
fn logged_since(project: &Project, from: (Option<u64>, Option<u64>)) -> String {
    let mut out = read_from(&project.memory(), from.0)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    if let Some(commits) = read_from(&derived::path(project), from.1) {
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

/// For each of the session's blockers, in order, the fix logged after it that resolves it
/// (by the rule open loops use), if any: after the point `mind log` marked for it, or for a
/// blocker written by hand, after the session's start. Reads nothing when there are no
/// blockers.
pub(crate) fn blocker_fixes(
    project: &Project,
    state: &State,
    session: &Session,
) -> Vec<Option<String>> {
    let session_start = (
        state.session_memory_offset(),
        state.session_commits_offset(),
    );
    let places: Vec<(Option<u64>, Option<u64>)> = (session.blockers.iter())
        .map(|b| (state.blocker_mark(b)).map_or(session_start, |(m, c)| (Some(m), Some(c))))
        .collect();
    // One read and one parse per place the blockers were logged at (usually a few).
    let mut distinct = places.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let mut fixes = vec![None; session.blockers.len()];
    for place in distinct {
        let which: Vec<usize> = (0..places.len()).filter(|&i| places[i] == place).collect();
        let problems: Vec<String> = (which.iter())
            .map(|&i| format!("problem: {}", session.blockers[i]))
            .collect();
        let problems: Vec<&str> = problems.iter().map(String::as_str).collect();
        let logged = logged_since(project, place);
        let found = crate::promote::fixes_logged_since(&problems, &logged);
        for (i, fix) in which.into_iter().zip(found) {
            fixes[i] = fix;
        }
    }
    fixes
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
