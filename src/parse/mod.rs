//! The loose parser: typed entities with a confidence from any markdown.
//!
//! Pure functions over text; no I/O. Everything downstream (context block, search,
//! promotion, open loops) reads memory through [`parse_document`].

pub mod dates;

use chrono::NaiveDate;
use serde::Serialize;

/// What kind of memory a line holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum EntryType {
    Decision,
    Problem,
    Learning,
    Progress,
    Gotcha,
}

impl EntryType {
    pub const ALL: [EntryType; 5] = [
        EntryType::Decision,
        EntryType::Problem,
        EntryType::Learning,
        EntryType::Progress,
        EntryType::Gotcha,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EntryType::Decision => "decision",
            EntryType::Problem => "problem",
            EntryType::Learning => "learning",
            EntryType::Progress => "progress",
            EntryType::Gotcha => "gotcha",
        }
    }

    /// The label `mind log` writes in front of a memory line of this type.
    pub fn label(self) -> &'static str {
        match self {
            EntryType::Decision => "decided:",
            EntryType::Problem => "problem:",
            EntryType::Learning => "learned:",
            EntryType::Progress => "fixed:",
            EntryType::Gotcha => "gotcha:",
        }
    }
}

/// Status of a problem entity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ProblemStatus {
    Open,
    Resolved,
    Blocked,
}

/// One typed memory found in a markdown file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Entity {
    #[serde(rename = "type")]
    pub kind: EntryType,
    /// The source line as written, trimmed.
    pub text: String,
    /// The memory itself: the text without list markers, labels and emphasis.
    pub title: String,
    pub confidence: f32,
    pub key: bool,
    pub date: Option<NaiveDate>,
    /// 1-based line number in the source file.
    pub line: usize,
    pub reasoning: Option<String>,
    pub alternatives: Vec<String>,
    pub status: Option<ProblemStatus>,
    pub superseded: bool,
    pub links: Vec<String>,
}

/// `## Project State` values; empty and placeholder values are `None`/empty.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ProjectState {
    pub goal: Option<String>,
    pub stack: Vec<String>,
    pub blocked: Option<String>,
}

/// A `## DATE | summary | mood: X` line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionSummary {
    pub date: NaiveDate,
    pub summary: String,
    pub mood: Option<String>,
    pub line: usize,
}

/// A `Next: ...` line: where to continue from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NextStep {
    pub text: String,
    pub date: Option<NaiveDate>,
    pub line: usize,
}

/// Everything the parser reads from one file.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Document {
    pub state: ProjectState,
    /// Entities in file order (gotchas included, with `kind == Gotcha`).
    pub entities: Vec<Entity>,
    pub summaries: Vec<SessionSummary>,
    pub next_steps: Vec<NextStep>,
}

/// Parse a whole markdown document.
pub fn parse_document(text: &str) -> Document {
    let mut doc = Document::default();
    let mut date: Option<NaiveDate> = None;
    let mut section = String::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(heading) = line.strip_prefix("## ") {
            if let Some(d) = dates::heading_date(line) {
                date = Some(d);
            }
            section = heading.trim().to_ascii_lowercase();
            continue;
        }
        if section == "project state" {
            read_state_line(line, &mut doc.state);
            continue;
        }
        if let Some(rest) = line.strip_prefix("Next:") {
            doc.next_steps.push(NextStep {
                text: rest.trim().to_string(),
                date,
                line: index + 1,
            });
            continue;
        }
        let section_hint = if section.starts_with("gotcha") {
            Some(EntryType::Gotcha)
        } else {
            None
        };
        if let Some(found) = classify_line(line, section_hint) {
            doc.entities.push(Entity {
                kind: found.kind,
                text: line.to_string(),
                title: found.title,
                confidence: found.confidence,
                key: found.key,
                date,
                line: index + 1,
                reasoning: None,
                alternatives: Vec::new(),
                status: (found.kind == EntryType::Problem).then_some(ProblemStatus::Open),
                superseded: line.contains("[superseded]"),
                links: Vec::new(),
            });
        }
    }
    doc
}

fn read_state_line(line: &str, state: &mut ProjectState) {
    let body = line.trim_start_matches(['-', '*']).trim();
    let value = |v: &str| {
        let v = v.trim();
        (!v.is_empty() && !v.starts_with('(') && !v.eq_ignore_ascii_case("none"))
            .then(|| v.to_string())
    };
    if let Some(v) = body.strip_prefix("Goal:") {
        state.goal = value(v);
    } else if let Some(v) = body.strip_prefix("Stack:") {
        state.stack = value(v)
            .map(|v| {
                v.split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            })
            .unwrap_or_default();
    } else if let Some(v) = body.strip_prefix("Blocked:") {
        state.blocked = value(v);
    }
}

/// The result of classifying one line on its own.
#[derive(Debug, Clone, PartialEq)]
pub struct Classified {
    pub kind: EntryType,
    pub confidence: f32,
    pub key: bool,
    pub title: String,
}

/// Classify one line; `section` is the type implied by the enclosing heading, if any.
pub fn classify_line(line: &str, section: Option<EntryType>) -> Option<Classified> {
    let body = line.trim().trim_start_matches(['-', '*', '+']).trim();
    if body.is_empty() || body.starts_with('#') || body.starts_with("<!--") {
        return None;
    }
    let lower = body.to_ascii_lowercase();
    let (key, lower_rest, rest) = match lower.strip_prefix("key:") {
        Some(r) => (true, r.trim_start().to_string(), body[4..].trim_start()),
        None => (false, lower.clone(), body),
    };
    for kind in EntryType::ALL {
        if let Some(after) = lower_rest.strip_prefix(kind.label()) {
            let title = rest[rest.len() - after.len()..].trim().to_string();
            return Some(Classified {
                kind,
                confidence: 0.9,
                key,
                title,
            });
        }
    }
    section.map(|kind| Classified {
        kind,
        confidence: 0.6,
        key,
        title: rest.to_string(),
    })
}
