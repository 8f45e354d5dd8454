//! What a session has already fixed: its blockers that the lines MEMORY.md and the commit
//! store gained after each was logged resolve. A blocker an agent logged and then fixed is
//! not shown as blocking any more (the context block's Session Blockers, the personal
//! block, recall's warning), `mind session` says what fixed it, and promotion writes it
//! with its fix.

use std::io::{Read, Seek, SeekFrom};

use chrono::NaiveDate;

use crate::capture::derived;
use crate::store::session_file::Session;
use crate::store::{Project, state::State};

/// Where a blocker was logged: MEMORY.md's and the commit store's lengths then (each `None`
/// when unknown), and the day, if known.
type Place = (Option<u64>, Option<u64>, Option<NaiveDate>);

/// The text MEMORY.md and the commit store gained since they were `from` bytes long (each
/// nothing when unknown or the file is now shorter): only their new parts are read (the
/// commit store holds a project's whole history). Each part comes after the heading it is
/// written under in its file, so its lines have their own dates (a same-day append has no
/// heading of its own).
fn logged_since(project: &Project, from: (Option<u64>, Option<u64>)) -> String {
    let mut out = String::new();
    for (path, offset) in [(project.memory(), from.0), (derived::path(project), from.1)] {
        let Some((heading, bytes)) = read_from(&path, offset) else {
            continue;
        };
        if bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        out.push('\n');
        if let Some(heading) = heading {
            out.push_str(&heading);
            out.push('\n');
        }
        out.push_str(&String::from_utf8_lossy(&bytes));
    }
    out
}

/// The bytes of `path` from `offset` on, with the heading they are under; `None` without an
/// offset, a file, or when the file is now shorter than the offset (cut back: nothing after
/// it is known to be new).
fn read_from(path: &std::path::Path, offset: Option<u64>) -> Option<(Option<String>, Vec<u8>)> {
    let offset = offset?;
    let mut file = crate::store::read_guard::open(path).ok()??;
    if file.metadata().ok()?.len() < offset {
        return None;
    }
    let heading = heading_before(&mut file, offset);
    file.seek(SeekFrom::Start(offset)).ok()?;
    let mut out = Vec::new();
    file.read_to_end(&mut out).ok()?;
    Some((heading, out))
}

/// The last level-1 or level-2 heading line of `file` before `offset` (a date heading holds
/// until the next one), read backwards a piece at a time and no further than
/// [`HEADING_READ_MAX`] bytes.
fn heading_before(file: &mut std::fs::File, offset: u64) -> Option<String> {
    const PIECE: u64 = 16 * 1024;
    // `buf` holds the file from `start` to `offset`.
    let mut buf: Vec<u8> = Vec::new();
    let mut start = offset;
    while start > 0 && offset - start < HEADING_READ_MAX {
        let from = start.saturating_sub(PIECE);
        let mut piece = vec![0; usize::try_from(start - from).ok()?];
        file.seek(SeekFrom::Start(from)).ok()?;
        file.read_exact(&mut piece).ok()?;
        let read = piece.len();
        piece.extend_from_slice(&buf);
        buf = piece;
        start = from;
        // The lines that start in the piece just read or right after it (the first only at
        // the file's start): those after it were looked at before.
        let is_line_start = |i: usize| {
            if i == 0 {
                start == 0
            } else {
                buf[i - 1] == b'\n'
            }
        };
        let is_heading = |i: usize| buf[i..].starts_with(b"# ") || buf[i..].starts_with(b"## ");
        if let Some(at) = (0..=read)
            .rev()
            .find(|&i| i < buf.len() && is_line_start(i) && is_heading(i))
        {
            let end = memchr::memchr(b'\n', &buf[at..]).map_or(buf.len(), |n| at + n);
            let line = String::from_utf8_lossy(&buf[at..end]);
            return Some(line.trim_end().to_string());
        }
    }
    None
}

/// How far back [`heading_before`] looks.
const HEADING_READ_MAX: u64 = 1024 * 1024;

/// For each of the session's blockers, in order, where it was logged: the point `mind log`
/// marked for it, or for a blocker written by hand, the session's start (and its day).
/// What MEMORY.md and the commit store gained after it is what may have fixed it.
fn blocker_places(state: &State, session: &Session) -> Vec<Place> {
    // A blocker written by hand is from this session: its day is the session's.
    let session_start = (
        state.session_memory_offset(),
        state.session_commits_offset(),
        session.date,
    );
    (session.blockers.iter())
        .map(|b| {
            (state.blocker_mark(b)).map_or(session_start, |(m, c)| {
                (Some(m), Some(c), state.blocker_day(b))
            })
        })
        .collect()
}

/// For each of the session's blockers, in order, the fix logged after it that resolves it
/// (by the rule open loops use), if any: after the point `mind log` marked for it, or for a
/// blocker written by hand, after the session's start ([`blocker_places`]). Reads nothing
/// when there are no blockers.
pub(crate) fn blocker_fixes(
    project: &Project,
    state: &State,
    session: &Session,
) -> Vec<Option<String>> {
    fixes_at(project, session, &blocker_places(state, session))
}

/// The session's blockers as promotion needs them: the fix of each that has one
/// ([`blocker_fixes`]), and where each was logged, so that a fix in other words that
/// MEMORY.md gained after it counts too.
pub(crate) fn promotion_blockers(
    project: &Project,
    state: &State,
    session: &Session,
) -> crate::promote::Blockers {
    let places = blocker_places(state, session);
    let fixes = fixes_at(project, session, &places);
    crate::promote::Blockers {
        fixes: (session.blockers.iter())
            .zip(fixes)
            .filter_map(|(blocker, fix)| Some((blocker.clone(), fix?)))
            .collect(),
        logged_at: (session.blockers.iter())
            .zip(places)
            .filter_map(|(blocker, (memory_len, _, day))| {
                Some((blocker.clone(), (memory_len?, day)))
            })
            .collect(),
    }
}

/// [`blocker_fixes`] for the blockers logged at `places`.
fn fixes_at(project: &Project, session: &Session, places: &[Place]) -> Vec<Option<String>> {
    // One read and one parse per place the blockers were logged at (usually a few).
    let mut distinct = places.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let mut fixes = vec![None; session.blockers.len()];
    for place in distinct {
        let which: Vec<usize> = (0..places.len()).filter(|&i| places[i] == place).collect();
        let problems: Vec<String> = (which.iter())
            .map(|&i| format!("problem: {}", session.blockers[i]))
            .collect();
        let problems: Vec<&str> = problems.iter().map(String::as_str).collect();
        let logged = logged_since(project, (place.0, place.1));
        let found = crate::promote::fixes_logged_since(&problems, place.2, &logged);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heading_a_part_is_written_under() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("MEMORY.md");
        // Headings far apart, so the backward read crosses several pieces, and one right at
        // a piece's edge.
        let mut text = String::from("# Memory\n\n## 2026-01-05\n");
        let filler = "learned: a line of filler about the parser and the queue\n";
        while text.len() < 40_000 {
            text.push_str(filler);
        }
        text.push_str("## 2026-01-07 | a session | mood: ok\n");
        let after_second = text.len();
        while text.len() < 80_000 {
            text.push_str(filler);
        }
        std::fs::write(&path, &text).unwrap();
        let mut file = std::fs::File::open(&path).unwrap();
        let at = |offset: usize, file: &mut std::fs::File| heading_before(file, offset as u64);
        assert_eq!(at(0, &mut file), None);
        assert_eq!(at(9, &mut file).as_deref(), Some("# Memory"));
        assert_eq!(
            at(text.len(), &mut file).as_deref(),
            Some("## 2026-01-07 | a session | mood: ok")
        );
        assert_eq!(
            at(after_second, &mut file).as_deref(),
            Some("## 2026-01-07 | a session | mood: ok")
        );
        // Right at the heading: the text from there is under its own heading, not before.
        let second = text.find("## 2026-01-07").unwrap();
        assert_eq!(at(second, &mut file).as_deref(), Some("## 2026-01-05"));
        // A heading that starts exactly a piece before the offset.
        let mut edged = format!("## 2026-01-05\n{filler}");
        edged.push_str("## 2026-01-09\n");
        let body = 16 * 1024 - "## 2026-01-09\n".len();
        edged.push_str(&"x".repeat(body - 1));
        edged.push('\n');
        let offset = edged.len();
        edged.push_str(filler);
        std::fs::write(&path, &edged).unwrap();
        let mut file = std::fs::File::open(&path).unwrap();
        assert_eq!(at(offset, &mut file).as_deref(), Some("## 2026-01-09"));
    }
}
