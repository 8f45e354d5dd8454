//! What a push sends: a project's MEMORY.md entries and its named memories by section, as
//! rows keyed by a content hash, every text redacted. SESSION.md, reminders, the commit
//! store and archives are never read here: they are personal or derived.

use std::collections::HashSet;

use chrono::NaiveDate;
use sha2::{Digest, Sha256};

use crate::context::build::Choice;
use crate::error::Result;
use crate::memories::store as memories;
use crate::parse::loops::{Recency, RecencyKey};
use crate::parse::{Document, Entity, EntryType, ProblemStatus, parse_document};
use crate::safety::secrets;
use crate::store::{MEMORIES_DIR, MEMORY_FILE, MIND_DIR, Project, text};

/// The status a row has in the database.
pub const LIVE: &str = "live";
pub const SUPERSEDED: &str = "superseded";
/// A problem a later fix in the memory resolved: kept for the record, but not an open problem.
pub const RESOLVED: &str = "resolved";
pub const DELETED: &str = "deleted";

/// One entry or memory section as pushed.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// SHA-256 (hex) of the type and the cleaned, redacted text: the same entry on every
    /// clone and after it is marked superseded.
    pub hash: String,
    /// The entry's type (`decision`, `gotcha`, ...), or `memory` for a named memory's section.
    pub kind: String,
    pub date: Option<NaiveDate>,
    pub text: String,
    /// Relative to the project root: `.mind/MEMORY.md`, `.mind/memories/NAME.md`.
    pub file: String,
    /// 1-based line in `file` (a section's heading line).
    pub line: i32,
    pub memory: Option<String>,
    pub section: Option<String>,
    /// `live`, `superseded` (marked so, or a decision or rejection a later one takes back) or
    /// `resolved` (a problem a later fix resolved); deleted rows are the ones a push no longer
    /// finds.
    pub status: &'static str,
}

/// What was collected, and how many secrets were redacted on the way.
#[derive(Debug, Default)]
pub struct Collected {
    pub rows: Vec<Row>,
    pub redacted: usize,
    /// Files that could not be read as memories this time (a named memory whose header is
    /// broken): their rows stay in the database as they were.
    pub unread: Vec<String>,
}

/// The project's rows, each hash once (the first occurrence wins).
pub fn collect(project: &Project) -> Result<Collected> {
    let mut out = Collected::default();
    let mut seen = HashSet::new();
    let memory_file = format!("{MIND_DIR}/{MEMORY_FILE}");
    if let Some(bytes) = text::read_optional(&project.memory())? {
        let doc = parse_document(&text::lossy(&bytes));
        let statuses = statuses(&doc);
        for (entity, status) in doc.entities.into_iter().zip(statuses) {
            let (clean, count) = redacted(&cleaned(&entity.text));
            out.redacted += count;
            if clean.is_empty() {
                continue;
            }
            let kind = entity.kind.as_str().to_string();
            let row = Row {
                hash: hash(&kind, &clean),
                kind,
                date: entity.date,
                text: clean,
                file: memory_file.clone(),
                line: i32::try_from(entity.line).unwrap_or(i32::MAX),
                memory: None,
                section: None,
                status,
            };
            if seen.insert(row.hash.clone()) {
                out.rows.push(row);
            }
        }
    }
    for name in memories::names(project)? {
        let file = format!("{MIND_DIR}/{MEMORIES_DIR}/{name}.md");
        let Ok(memory) = memories::read(project, &name) else {
            // A memory whose header is broken is reported by `mind memory list`; its
            // rows stay as they were rather than being marked deleted by a typo.
            out.unread.push(file);
            continue;
        };
        if super::pull::is_pulled(&memory.front) {
            // Another project's memory, pulled for offline reading: it is pushed by its own.
            continue;
        }
        let whole = text::read_optional(&memory.path)?.unwrap_or_default();
        let whole = text::lossy(&whole);
        let body_start = whole
            .lines()
            .count()
            .saturating_sub(memory.body.lines().count());
        let date = memory
            .front
            .updated_at
            .as_deref()
            .and_then(|t| t.get(..10))
            .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
        for section in sections(&memory.body) {
            let (clean, count) = redacted(&section.text);
            out.redacted += count;
            let (heading, _) = redacted(&section.heading.clone().unwrap_or_default());
            if clean.trim().is_empty() {
                continue;
            }
            let kind = "memory".to_string();
            let row = Row {
                hash: hash(&format!("memory\0{name}\0{heading}"), &clean),
                kind,
                date,
                text: clean,
                file: file.clone(),
                line: i32::try_from(body_start + section.line).unwrap_or(i32::MAX),
                memory: Some(name.clone()),
                section: section.heading.map(|_| heading),
                status: LIVE,
            };
            if seen.insert(row.hash.clone()) {
                out.rows.push(row);
            }
        }
    }
    Ok(out)
}

/// Each entity's status as the context block judges it: superseded when marked so, or when a
/// later decision or rejection takes it back ([`Choice::taken_back_by`], the rule the block
/// and `mind search` apply; KEY items and marked entries neither take back nor are taken
/// back); resolved when a later fix resolved the problem; live otherwise. So a team search
/// or another project's recall never serves what this project no longer holds as current.
fn statuses(doc: &Document) -> Vec<&'static str> {
    let recency = Recency::of(doc);
    // The choices, newest first (the block's order): each is judged against the newer ones.
    let mut choices: Vec<(RecencyKey, usize, u64, Choice<'_>)> = (doc.entities.iter().enumerate())
        .filter(|(_, e)| {
            matches!(e.kind, EntryType::Decision | EntryType::Rejected) && !e.key && !e.superseded
        })
        .map(|(i, e)| {
            let choice = Choice::of(e);
            (recency.entity(e), i, word_mask(e, &choice), choice)
        })
        .collect();
    choices.sort_by_key(|(key, i, _, _)| std::cmp::Reverse((*key, *i)));
    let mut taken_back = vec![false; doc.entities.len()];
    for (at, (_, i, mask, older)) in choices.iter().enumerate() {
        taken_back[*i] = choices[..at]
            .iter()
            .any(|(_, _, other, newer)| mask & other != 0 && older.taken_back_by(newer));
    }
    (doc.entities.iter().zip(taken_back))
        .map(|(e, taken_back)| {
            if e.superseded || taken_back {
                SUPERSEDED
            } else if e.kind == EntryType::Problem && e.status == Some(ProblemStatus::Resolved) {
                RESOLVED
            } else {
                LIVE
            }
        })
        .collect()
}

/// A choice's words as bits, one per word (of 63), and the last bit when it starts with a
/// verb of an undoing pair ([`Choice::undoes_something`]). Every pair
/// [`Choice::taken_back_by`] can join shares a subject word (what one turns away from or
/// rejects is among what the other chose; an undone choice has the same object) or starts
/// with two verbs of a pair: a pair whose masks share no bit is judged at once, so a push of
/// a large memory compares few pairs in full.
fn word_mask(e: &Entity, choice: &Choice<'_>) -> u64 {
    let mut mask = 0u64;
    let texts = [e.text.as_str(), e.title.as_str()];
    for text in texts
        .into_iter()
        .chain(e.alternatives.iter().map(String::as_str))
    {
        for id in crate::parse::subject_ids(text, 256) {
            mask |= 1 << (id % 63);
        }
    }
    if choice.undoes_something() {
        mask |= 1 << 63;
    }
    mask
}

/// The entry without the marks of superseding (`[superseded]`, `~~`, the trailing
/// ` see [[...]]` link), so marking it does not make it another entry.
fn cleaned(entry: &str) -> String {
    let mut text = entry.replace("[superseded]", "").replace("~~", "");
    if let Some(at) = text.rfind(" see [[")
        && text.trim_end().ends_with("]]")
    {
        text.truncate(at);
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Secrets are always redacted here, whatever the project's `redact.secrets`: the text is
/// about to leave the machine.
fn redacted(text: &str) -> (String, usize) {
    let (out, count) = secrets::redact(text);
    (out.into_owned(), count)
}

/// SHA-256 (hex) of `kind`, a zero byte and `text`.
pub fn hash(kind: &str, text: &str) -> String {
    let mut digest = Sha256::new();
    digest.update(kind.as_bytes());
    digest.update([0]);
    digest.update(text.as_bytes());
    digest
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A named memory's section: the text under a heading (or before the first one).
struct Section {
    heading: Option<String>,
    /// 1-based line in the body where the section starts.
    line: usize,
    text: String,
}

/// The body split at markdown headings outside code fences.
fn sections(body: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    let mut current = Section {
        heading: None,
        line: 1,
        text: String::new(),
    };
    let mut in_fence = false;
    for (i, line) in body.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_fence = !in_fence;
        }
        if !in_fence && trimmed.starts_with('#') {
            let heading = trimmed.trim_start_matches('#').trim().to_string();
            out.push(std::mem::replace(
                &mut current,
                Section {
                    heading: Some(heading),
                    line: i + 1,
                    text: String::new(),
                },
            ));
            continue;
        }
        if !line.trim().is_empty() {
            if !current.text.is_empty() {
                current.text.push('\n');
            }
            current.text.push_str(line.trim_end());
        }
    }
    out.push(current);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marking_an_entry_superseded_keeps_its_hash() {
        let plain = cleaned("decided: use REST for the API");
        let marked = cleaned("decided: use REST for the API [superseded] see [[MEMORY#L9]]");
        let struck = cleaned("~~decided: use REST for the API~~");
        assert_eq!(plain, marked);
        assert_eq!(plain, struck);
    }

    #[test]
    fn what_the_memory_took_back_or_resolved_is_not_live() {
        let doc = parse_document(
            "# M\n\n## 2026-01-10\n\n\
             decided: for now, disable the e2e suite on PRs\n\
             decided: use bcrypt for password hashing\n\
             KEY: decided: use Postgres for everything\n\
             problem: uploads time out behind the proxy\n\
             decided: use REST for the API [superseded]\n\n\
             ## 2026-01-12\n\n\
             decided: re-enable the e2e suite on PRs because the flake is fixed\n\
             decided: use argon2 instead of bcrypt for password hashing\n\
             decided: use MySQL instead of Postgres\n\
             fixed: uploads time out behind the proxy, raised the proxy timeout\n",
        );
        let found: Vec<(&str, &str)> = (doc.entities.iter())
            .zip(statuses(&doc))
            .map(|(e, s)| (e.title.as_str(), s))
            .collect();
        assert_eq!(
            found,
            [
                ("for now, disable the e2e suite on PRs", SUPERSEDED),
                ("use bcrypt for password hashing", SUPERSEDED),
                // A KEY item is never taken back by a later line.
                ("use Postgres for everything", LIVE),
                ("uploads time out behind the proxy", RESOLVED),
                ("use REST for the API", SUPERSEDED),
                (
                    "re-enable the e2e suite on PRs because the flake is fixed",
                    LIVE
                ),
                ("use argon2 instead of bcrypt for password hashing", LIVE),
                ("use MySQL instead of Postgres", LIVE),
                (
                    "uploads time out behind the proxy, raised the proxy timeout",
                    LIVE
                ),
            ]
        );
    }

    #[test]
    fn sections_split_at_headings_outside_fences() {
        let found = sections("intro\n# One\na\n```\n# not a heading\n```\n## Two\nb\n");
        let headings: Vec<_> = found.iter().map(|s| s.heading.clone()).collect();
        assert_eq!(
            headings,
            vec![None, Some("One".to_string()), Some("Two".to_string())]
        );
        assert_eq!(found[1].line, 2);
        assert!(found[1].text.contains("# not a heading"));
    }
}
