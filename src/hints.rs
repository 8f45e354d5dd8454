//! What `mind recall` warns about besides the context: a session going in circles (many
//! rejected approaches or blockers) and a MEMORY.md grown large. Pure; the thresholds are
//! the Python Mind's.

use crate::store::session_file::Session;

/// Rejected approaches in one session from which recall suggests a step back.
pub const REJECTED_WARNING: usize = 3;
/// Blockers in one session from which recall suggests asking for direction.
pub const BLOCKERS_WARNING: usize = 2;
/// MEMORY.md larger than this (100 KiB) gets the archiving hint.
pub const LARGE_MEMORY_BYTES: u64 = 100 * 1024;

/// Warnings about the current session, empty while it goes well.
pub fn session_warnings(session: &Session) -> Vec<String> {
    let mut out = Vec::new();
    let rejected = session.rejected.len();
    if rejected >= REJECTED_WARNING {
        out.push(format!(
            "{rejected} rejected approaches this session: step back before the next fix — \
             reread them (`mind session`), question your assumptions, or brief a fresh agent \
             with `mind helper`"
        ));
    }
    let blockers = session.blockers.len();
    if blockers >= BLOCKERS_WARNING {
        out.push(format!(
            "{blockers} blockers this session: consider asking the user for direction, or \
             brief a fresh agent with `mind helper`"
        ));
    }
    out
}

/// The hint for a MEMORY.md of `bytes` bytes, if it is large.
pub fn memory_size_hint(bytes: u64) -> Option<String> {
    (bytes > LARGE_MEMORY_BYTES).then(|| {
        format!(
            "MEMORY.md is large ({} KiB): move old years into .mind/archive/ (e.g. the \
             `## 2024-…` entries into .mind/archive/2024.md); `mind search` still finds them, \
             and recall reads less",
            bytes / 1024
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds() {
        let mut s = Session {
            rejected: vec!["a".into(), "b".into()],
            blockers: vec!["x".into()],
            ..Session::default()
        };
        assert!(session_warnings(&s).is_empty());
        s.rejected.push("c".into());
        s.blockers.push("y".into());
        let w = session_warnings(&s);
        assert_eq!(w.len(), 2);
        assert!(w[0].starts_with("3 rejected") && w[1].starts_with("2 blockers"));
        assert_eq!(memory_size_hint(LARGE_MEMORY_BYTES), None);
        assert!(memory_size_hint(LARGE_MEMORY_BYTES + 1).is_some());
    }
}
