//! What a push sends: a project's MEMORY.md entries and its named memories by section, as
//! rows keyed by a content hash, every text redacted. SESSION.md, reminders, the commit
//! store and archives are never read here: they are personal or derived.

use std::collections::HashSet;

use chrono::NaiveDate;
use sha2::{Digest, Sha256};

use crate::error::Result;
use crate::memories::store as memories;
use crate::parse::parse_document;
use crate::safety::secrets;
use crate::store::{MEMORIES_DIR, MEMORY_FILE, MIND_DIR, Project, text};

/// The status a row has in the database.
pub const LIVE: &str = "live";
pub const SUPERSEDED: &str = "superseded";
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
    /// `live` or `superseded` (deleted rows are the ones a push no longer finds).
    pub status: &'static str,
}

/// What was collected, and how many secrets were redacted on the way.
#[derive(Debug, Default)]
pub struct Collected {
    pub rows: Vec<Row>,
    pub redacted: usize,
}

/// The project's rows, each hash once (the first occurrence wins).
pub fn collect(project: &Project) -> Result<Collected> {
    let mut out = Collected::default();
    let mut seen = HashSet::new();
    let memory_file = format!("{MIND_DIR}/{MEMORY_FILE}");
    if let Some(bytes) = text::read_optional(&project.memory())? {
        let doc = parse_document(&text::lossy(&bytes));
        for entity in doc.entities {
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
                status: if entity.superseded { SUPERSEDED } else { LIVE },
            };
            if seen.insert(row.hash.clone()) {
                out.rows.push(row);
            }
        }
    }
    for name in memories::names(project)? {
        let Ok(memory) = memories::read(project, &name) else {
            // A memory whose header is broken is reported by `mind memory list`; its
            // rows stay as they were rather than being marked deleted by a typo.
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
        let file = format!("{MIND_DIR}/{MEMORIES_DIR}/{name}.md");
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

fn hash(kind: &str, text: &str) -> String {
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
