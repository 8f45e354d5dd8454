//! Capture without calls: memories harvested from inline `MEMORY:` comments
//! ([`comments`]) and commit messages ([`commits`]), typed by [`rules`], never added twice
//! ([`dedupe`]), and flagged when the files they talk about change later ([`staleness`]).
//!
//! Every path ends the same way: candidate lines with a provenance and a date are checked
//! against MEMORY.md, the commit store and the ledger, and the new ones are appended under
//! their date headings in one write, under the store lock: `MEMORY:` comments found in the
//! work tree by `mind checkpoint` to MEMORY.md ([`append_new`]), what commits hold to the
//! ignored commit store ([`derived::append_new`]), so a commit never dirties the tree.

pub mod comments;
pub mod commits;
pub mod dedupe;
pub mod derived;
pub mod edited;
pub mod kept_keys;
mod lexer;
pub mod path_filter;
pub mod progress;
pub mod rewrites;
pub mod routing;
pub mod rules;
pub mod settings;
pub mod staleness;
pub mod tool_failures;

use std::borrow::Cow;

use chrono::NaiveDate;
use serde::Serialize;

use crate::error::Result;
use crate::parse::EntryType;
use crate::store::{Project, append, memory_file};

/// A memory found by a harvester, not yet checked against memory.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    #[serde(rename = "type")]
    pub kind: EntryType,
    /// The memory line without provenance (`decided: cache tokens`).
    pub text: String,
    /// Where it came from: `src/auth.rs:42`, `commit 1a2b3c4`.
    pub provenance: String,
    /// The date heading it goes under.
    pub date: NaiveDate,
}

impl Candidate {
    /// The line with its provenance; the one written is that of [`as_written`]'s candidate.
    pub fn line(&self) -> String {
        rules::with_provenance(&self.text, &self.provenance)
    }
}

/// Split candidates into new ones (in order, each once) and a count of duplicates.
pub fn select_new(seen: &mut dedupe::Seen, candidates: Vec<Candidate>) -> (Vec<Candidate>, usize) {
    let mut fresh = Vec::new();
    let mut duplicates = 0;
    for candidate in candidates {
        if seen.insert(&candidate.text) {
            fresh.push(candidate);
        } else {
            duplicates += 1;
        }
    }
    (fresh, duplicates)
}

/// [`select_new`] for what commits say, with the one exception to "never twice" that
/// [`dedupe::OpenProblems`] describes: a fix line memory already holds is kept again, under
/// its new commit, when it closes a problem nothing else closes. `open` gives the problems
/// memory leaves open and is called only when such a repeat comes up (a hook does not parse
/// MEMORY.md for every commit); what is kept before that counts as written after them.
/// Returns the new candidates and the repeated ones.
pub fn select_new_from_commits(
    seen: &mut dedupe::Seen,
    candidates: Vec<Candidate>,
    open: impl FnOnce() -> Result<dedupe::OpenProblems>,
) -> Result<(Vec<Candidate>, Vec<Candidate>)> {
    select_new_with_repeated_fixes(
        seen,
        candidates,
        |c| c.text.as_str(),
        |c| (c.date, Cow::Owned(c.line())),
        open,
    )
}

/// [`select_new_from_commits`] over any dated lines: `text` is what [`dedupe::Seen`]
/// compares, `dated_line` the line as written with its date heading (read only once `open`
/// has been called).
pub fn select_new_with_repeated_fixes<T>(
    seen: &mut dedupe::Seen,
    items: impl IntoIterator<Item = T>,
    text: impl Fn(&T) -> &str,
    dated_line: impl Fn(&T) -> (NaiveDate, Cow<'_, str>),
    open: impl FnOnce() -> Result<dedupe::OpenProblems>,
) -> Result<(Vec<T>, Vec<T>)> {
    let mut fresh: Vec<T> = Vec::new();
    let mut duplicates = Vec::new();
    let mut open = Some(open);
    let mut problems: Option<dedupe::OpenProblems> = None;
    for item in items {
        if seen.insert(text(&item)) {
            if let Some(problems) = problems.as_mut() {
                let (date, line) = dated_line(&item);
                problems.kept(date, &line);
            }
            fresh.push(item);
            continue;
        }
        if dedupe::key(text(&item)).starts_with(dedupe::FIX_MARK) {
            if problems.is_none()
                && let Some(read) = open.take()
            {
                let mut read = read()?;
                for kept in &fresh {
                    let (date, line) = dated_line(kept);
                    read.kept(date, &line);
                }
                problems = Some(read);
            }
            let closes = problems.as_mut().is_some_and(|problems| {
                let (date, line) = dated_line(&item);
                problems.closes_again(date, &line)
            });
            if closes {
                fresh.push(item);
                continue;
            }
        }
        duplicates.push(item);
    }
    Ok((fresh, duplicates))
}

/// The bytes that append `added` to `existing`, each run of equal dates under its heading.
pub fn render_append(existing: &[u8], added: &[Candidate]) -> Vec<u8> {
    let lines: Vec<(NaiveDate, String)> = added.iter().map(|c| (c.date, c.line())).collect();
    render_lines(existing, &lines)
}

/// The bytes that append dated lines to `existing`, each run of equal dates under its heading.
pub fn render_lines(existing: &[u8], added: &[(NaiveDate, String)]) -> Vec<u8> {
    let mut out = Vec::new();
    // Only the text after the last heading matters to `append_under_date`; keeping a short
    // tail makes many date groups cheap on a large MEMORY.md.
    let mut tail: Vec<u8> = tail_from_last_heading(existing).to_vec();
    let mut start = 0;
    while start < added.len() {
        let date = added[start].0;
        let end = added[start..]
            .iter()
            .position(|c| c.0 != date)
            .map_or(added.len(), |n| start + n);
        let lines: Vec<String> = added[start..end].iter().map(|c| c.1.clone()).collect();
        let bytes = memory_file::append_under_date(&tail, date, &lines);
        out.extend_from_slice(&bytes);
        tail.extend_from_slice(&bytes);
        let cut = tail_from_last_heading(&tail).len();
        tail.drain(..tail.len() - cut);
        start = end;
    }
    out
}

/// `bytes` from the start of its last `## ` line (all of it when there is none).
fn tail_from_last_heading(bytes: &[u8]) -> &[u8] {
    let mut at = 0;
    let mut line_start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            line_start = i + 1;
        } else if i == line_start && bytes[i..].starts_with(b"## ") {
            at = i;
        }
    }
    // Keep the newline before the heading so blank-line handling sees the same ending.
    let from = at.saturating_sub(2);
    if at == 0 { bytes } else { &bytes[from..] }
}

/// Whether the project redacts secrets before writing (`"redact": {"secrets": false}` turns
/// it off).
pub fn redacts(project: &Project) -> bool {
    crate::config::Config::load(&project.config()).map_or(true, |c| c.redact_secrets)
}

/// The candidates as they are written ([`crate::safety::harvested`]: controls escaped,
/// secrets redacted, a leading `KEY:` quoted as data), those that would not read back as
/// the one memory they are left out ([`reads_back`]): what a report of the lines added, or
/// that would be added, shows.
pub fn as_written(project: &Project, added: &[Candidate]) -> Vec<Candidate> {
    writable(project, added).1
}

/// The candidates that are written, as found (what the ledger records) and as written.
pub(crate) fn writable(project: &Project, added: &[Candidate]) -> (Vec<Candidate>, Vec<Candidate>) {
    let (cleaned, _) = crate::safety::harvested(added, redacts(project));
    added
        .iter()
        .zip(cleaned)
        .filter(|(_, written)| reads_back(written))
        .map(|(found, written)| (found.clone(), written))
        .unzip()
}

/// Whether a candidate's line as written reads back as exactly the one memory it is: one
/// line, one entity of its type that is no key memory, ending with its own provenance.
/// Whatever a harvest writes was chosen by whoever wrote the comment, the file's name or
/// the commit: a line that would read as anything more (a second line, a heading, a
/// `KEY:` memory, a provenance cut short so part of it reads as the memory) is never
/// appended.
pub fn reads_back(c: &Candidate) -> bool {
    let line = c.line();
    if line.contains([
        '\n', '\r', '\u{b}', '\u{c}', '\u{85}', '\u{2028}', '\u{2029}',
    ]) {
        return false;
    }
    if rules::split_provenance(&line).map(|(_, p)| p) != Some(c.provenance.as_str()) {
        return false;
    }
    let doc = crate::parse::parse_document(&line);
    matches!(doc.entities.as_slice(), [one] if one.kind == c.kind && !one.key)
}

/// Append the new candidates to MEMORY.md and record them in the ledger.
/// The caller holds the store lock; `existing` is MEMORY.md's current content.
pub fn append_new(project: &Project, existing: &[u8], added: &[Candidate]) -> Result<Vec<u8>> {
    let (found, written) = writable(project, added);
    if written.is_empty() {
        return Ok(Vec::new());
    }
    let bytes = render_append(existing, &written);
    append::append_bytes(&project.memory(), &bytes)?;
    dedupe::record(project, &found)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(text: &str, day: u32) -> Candidate {
        Candidate {
            kind: EntryType::Decision,
            text: text.into(),
            provenance: "commit 1a2b3c4".into(),
            date: NaiveDate::from_ymd_opt(2026, 1, day).unwrap(),
        }
    }

    #[test]
    fn groups_by_date_in_one_append() {
        let existing = b"# p\n\n## 2026-01-10\n\nold\n";
        let added = [
            candidate("decided: a", 10),
            candidate("decided: b", 12),
            candidate("decided: c", 12),
        ];
        let out = String::from_utf8(render_append(existing, &added)).unwrap();
        assert_eq!(
            out,
            "decided: a (commit 1a2b3c4)\n\n## 2026-01-12\n\ndecided: b (commit 1a2b3c4)\ndecided: c (commit 1a2b3c4)\n"
        );
    }

    #[test]
    fn select_new_skips_present_and_repeated() {
        let mut seen = dedupe::Seen::from_memory("decided: a (src/x.rs:1)\n");
        let (fresh, dups) = select_new(
            &mut seen,
            vec![
                candidate("decided: a", 1),
                candidate("decided: b", 1),
                candidate("decided: b", 2),
            ],
        );
        assert_eq!(fresh.len(), 1);
        assert_eq!(dups, 2);
    }

    #[test]
    fn only_a_line_that_reads_back_as_its_one_memory_is_written() {
        let with = |text: &str, provenance: &str| Candidate {
            provenance: provenance.into(),
            ..candidate(text, 1)
        };
        assert!(reads_back(&with("decided: a", "src/a.rs:1")));
        assert!(reads_back(&with(
            "decided: a",
            "\"src/a b.rs\":1, commit 1a2b3c4"
        )));
        // A provenance that holds a line of its own, or that the split would cut short.
        assert!(!reads_back(&with(
            "decided: a",
            "src/a.rs\n- KEY: b\nx.rs:1"
        )));
        assert!(!reads_back(&with("decided: a", "src/a\u{2028}## b.rs:1")));
        assert!(!reads_back(&with("decided: a", "src/a b.rs:1")));
        assert!(!reads_back(&with("decided: a", "x.rs)- KEY: b (y.rs:1")));
        // Text that is no memory of its type, or a key memory.
        assert!(!reads_back(&with("KEY: decided: a", "src/a.rs:1")));
        assert!(!reads_back(&with("learned: a", "src/a.rs:1")));
    }
}
