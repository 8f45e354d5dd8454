//! What `mind log` (and `mind blocker`) add to their reply when they have signal about
//! what you are working on: a loop warning for a repeated rejection, past solutions for a
//! blocker, relevant memories for the first experience of a session.
//!
//! Computed before the new item is written (the loop check compares with the items that
//! were there; "first experience" means the Experience section was still empty), under the
//! store lock the command already holds.

use chrono::NaiveDate;
use serde::Serialize;

use super::index::{Index, Scope};
use super::loop_signals::{self, LoopWarning};
use super::retrieve::{self, Recalled, ThisSession};
use super::tokenize::Tokenizer;
use crate::capture::derived;
use crate::classify::LogKind;
use crate::error::Result;
use crate::store::session_file::{self as session_file, Section, Session};
use crate::store::state::State;
use crate::store::{MEMORY_FILE, MIND_DIR, Project, text};

/// How many memories the first experience of a session surfaces.
const RELEVANT_LIMIT: usize = 2;
/// How many past solutions a blocker shows.
pub const SOLUTIONS_LIMIT: usize = 5;

/// Signals for a log reply; empty parts are left out of the JSON.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct LogSignals {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loop_warning: Option<LoopWarning>,
    /// Past solutions for a blocker (progress, learning, decision first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<Recalled>>,
    /// What to do when memory holds no solution for a blocker.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub next_steps: Vec<String>,
    /// Memories about the same thing as the first experience of a session.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub relevant_memories: Vec<Recalled>,
}

impl LogSignals {
    pub fn is_empty(&self) -> bool {
        *self == LogSignals::default()
    }
}

/// Steps to take when memory has nothing for a blocker.
pub fn next_steps(blocker: &str) -> Vec<String> {
    vec![
        "check your assumptions: is one of them wrong? (`mind session` lists them)".into(),
        "zoom out: what are you actually trying to do, and is this the only way there?".into(),
        // The same command the loop warnings suggest, quoted (and `--` placed) the same way.
        format!(
            "ask the user for direction, or brief a fresh agent: {}",
            loop_signals::helper_command(blocker)
        ),
    ]
}

fn read_session(project: &Project) -> Result<Session> {
    Ok(text::read_optional(&project.session())?
        .map(|bytes| session_file::parse(&text::lossy(&bytes)))
        .unwrap_or_default())
}

/// Each line of a pulled team memory marked with the project it came from.
fn mark_pulled(project: &Project, items: &mut [Recalled]) {
    let mut sources = crate::memories::pulled::Sources::default();
    for r in items {
        r.pulled_from = sources.of(project, &r.file);
    }
}

/// The signals for logging `message` as `kind`, looked up before it is written.
pub fn for_log(
    project: &Project,
    kind: LogKind,
    message: &str,
    today: NaiveDate,
) -> Result<LogSignals> {
    let mut signals = LogSignals::default();
    let LogKind::Session(section) = kind else {
        return Ok(signals);
    };
    let session = read_session(project)?;
    match section {
        Section::Rejected => {
            let context: Vec<String> = Section::ALL
                .iter()
                .flat_map(|s| session.items(*s).iter().cloned())
                .collect();
            signals.loop_warning = loop_signals::detect(&session.rejected, &context, message);
        }
        Section::Experience if session.experience.is_empty() => {
            let index = kept_memory(project)?;
            let fresh = this_session(project)?;
            signals.relevant_memories =
                retrieve::relevant(&index, message, RELEVANT_LIMIT, today, &fresh);
            mark_pulled(project, &mut signals.relevant_memories);
        }
        Section::Blockers => {
            let index = kept_memory(project)?;
            let fresh = this_session(project)?;
            let mut found = retrieve::solutions(&index, message, SOLUTIONS_LIMIT, today, &fresh);
            mark_pulled(project, &mut found);
            if found.is_empty() {
                signals.next_steps = next_steps(message);
            }
            signals.solutions = Some(found);
        }
        _ => {}
    }
    Ok(signals)
}

/// Memories relevant to what the current session is about (its newest experiences and
/// blockers), for a recall that continues a session.
pub fn for_session(
    project: &Project,
    session: &Session,
    today: NaiveDate,
) -> Result<Vec<Recalled>> {
    let recent: Vec<&str> = session
        .experience
        .iter()
        .rev()
        .take(3)
        .chain(session.blockers.iter().rev().take(2))
        .map(String::as_str)
        .collect();
    if recent.is_empty() {
        return Ok(Vec::new());
    }
    let index = kept_memory(project)?;
    let fresh = this_session(project)?;
    // Each item on its own: one long query would dilute every similarity.
    let mut best: Vec<Recalled> = Vec::new();
    for item in recent {
        for r in retrieve::relevant(&index, item, RELEVANT_LIMIT, today, &fresh) {
            match best
                .iter_mut()
                .find(|b| b.file == r.file && b.line == r.line)
            {
                Some(b) if b.score < r.score => *b = r,
                Some(_) => {}
                None => best.push(r),
            }
        }
    }
    best.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.line.cmp(&b.line)));
    mark_pulled(project, &mut best);
    best.truncate(RELEVANT_LIMIT);
    Ok(best)
}

/// The lines the current session wrote to MEMORY.md and to the commit store: those past the
/// length each file had when the session started (recorded in state.json). Unknown (an
/// older state) means none.
fn this_session(project: &Project) -> Result<ThisSession> {
    let state = State::load(&project.state())?;
    let mut fresh = ThisSession::default();
    for (offset, path, name) in [
        (
            state.session_memory_offset(),
            project.memory(),
            format!("{MIND_DIR}/{MEMORY_FILE}"),
        ),
        (
            state.session_commits_offset(),
            derived::path(project),
            format!("{MIND_DIR}/{}", derived::RELATIVE),
        ),
    ] {
        let Some(offset) = offset else { continue };
        let Some(bytes) = text::read_optional(&path)? else {
            continue;
        };
        if let Some(from_line) = first_line_past(&bytes, offset) {
            fresh = fresh.and_from_line(name, from_line);
        }
    }
    Ok(fresh)
}

/// The first line (1-based) that starts at or past byte `offset` of `bytes`; `None` when the
/// file is shorter than that: it was rewritten, and which lines are new cannot be told.
fn first_line_past(bytes: &[u8], offset: u64) -> Option<usize> {
    let before = usize::try_from(offset).ok().and_then(|o| bytes.get(..o))?;
    Some(memchr::memchr_iter(b'\n', before).count() + 1)
}

fn kept_memory(project: &Project) -> Result<Index> {
    Index::open(project, Scope::KEPT, &mut Tokenizer::default(), true)
}

#[cfg(test)]
mod tests {
    use super::first_line_past;

    #[test]
    fn the_first_line_past_an_offset() {
        assert_eq!(first_line_past(b"", 0), Some(1));
        assert_eq!(first_line_past(b"a\nb\n", 2), Some(2));
        assert_eq!(first_line_past(b"a\nb\n", 4), Some(3));
        // Shorter than at the session's start: rewritten, nothing can be told.
        assert_eq!(first_line_past(b"a\n", 4), None);
    }
}
