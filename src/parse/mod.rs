//! The loose parser: typed entities with a confidence from any markdown.
//!
//! Pure functions over text; no I/O. Everything downstream (context block, search,
//! promotion, open loops) reads memory through [`parse_document`]; single lines (capture,
//! `mind parse --lines`) go through [`classify_line`].
//!
//! Modules: [`document`] walks a file (fences, comments, headings, fields); [`line`]
//! classifies one line, using [`labels`] (leading type/KEY/field labels), [`negatives`]
//! (code, questions, placeholders, templates), [`cues`] (natural-language cue words checked
//! in context), [`symptoms`] (issue-title reports of misbehaviour) and [`sections`] (what a
//! heading types); [`details`] extracts titles,
//! reasoning, alternatives, status and gotcha splits; [`confidence`] documents the scheme;
//! [`loops`] finds open loops; [`dates`] reads heading dates; [`snapshot`] keeps a
//! [`Resumable`] parse as bytes, so appended lines are parsed without the rest.

mod about_entries;
pub mod confidence;
mod cues;
pub mod dates;
mod details;
mod document;
mod labels;
mod lex;
mod line;
pub mod line_model;
pub mod loops;
mod negatives;
pub mod provenance;
pub mod sections;
pub mod snapshot;
mod symptoms;
mod varint;

use chrono::NaiveDate;
use serde::Serialize;

pub use details::{
    before_reason, before_turning_away, contrasts, narrows, subject_ids, subject_words,
    switched_object, turned_away,
};
pub use details::{declines, ruled_out};
pub use labels::MEMORY_LABELS;
pub use lex::shortcode;

use line::LineContext;

/// What kind of memory a line holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum EntryType {
    Decision,
    Problem,
    Learning,
    Progress,
    Gotcha,
    /// An approach considered and ruled out (`decided against: X - why`, `ruled out X`,
    /// `tried X, didn't work`): the opposite of a decision, never shown as one.
    Rejected,
}

impl EntryType {
    pub const ALL: [EntryType; 6] = [
        EntryType::Decision,
        EntryType::Problem,
        EntryType::Learning,
        EntryType::Progress,
        EntryType::Gotcha,
        EntryType::Rejected,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EntryType::Decision => "decision",
            EntryType::Problem => "problem",
            EntryType::Learning => "learning",
            EntryType::Progress => "progress",
            EntryType::Gotcha => "gotcha",
            EntryType::Rejected => "rejected",
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
            EntryType::Rejected => "decided against:",
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
    /// Reasoning, alternatives and links are rare and never grow once parsed: boxed, they
    /// keep every entity of a large memory smaller (a recall holds all of them at once).
    pub reasoning: Option<Box<str>>,
    pub alternatives: Box<[String]>,
    pub status: Option<ProblemStatus>,
    pub superseded: bool,
    /// `[[wikilinks]]` in the line (targets).
    pub links: Box<[String]>,
    /// A gotcha's workaround: the text after `->`, `→` or ` -- `.
    pub workaround: Option<String>,
    /// For a problem resolved by a later progress entry: that entry's line.
    pub resolved_by: Option<usize>,
    /// A problem's or progress entry's subject words, read once from its title when the
    /// line is parsed (and kept in the parse cache), for [`loops::resolve_problems`].
    #[serde(skip)]
    pub subject: loops::Subject,
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
    document::parse(text)
}

/// The lines of a text as the parser reads them, each with its 1-based line number: lines end
/// at `\n` (`\r\n`), and a lone `\r` (a classic Mac line end) ends a line too. The lines a
/// lone `\r` separates share the number of the line `\n` ends, so every number is the one git,
/// `grep -n` and the index count.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .flat_map(|(index, line)| lex::split_lone_cr(line).map(move |piece| (index + 1, piece)))
}

/// The verdict on every line of a text ([`lines`]), each judged on its own as
/// [`parse_document`] judges it, with the headings and field labels above it in scope; one per
/// line.
pub fn explain_lines(text: &str) -> Vec<document::LineVerdict> {
    document::explain_lines(text)
}

pub use document::{LineVerdict, Resumable, heading_paths};
pub use lex::strip_list_marker;
pub use negatives::{puts_off, says_nothing};

/// The verdict on every line ([`lines`]) as [`parse_document`] reads it in place (a line in a
/// fence or a multi-line comment is that fence's or comment's); one per line.
pub fn explain_in_place(text: &str) -> Vec<document::LineVerdict> {
    document::explain_in_place(text)
}

/// [`parse_document`] with some lines typed by a verdict given instead of the rules' (the
/// line classifier's: [`line_model`]); `replaced` holds (the line's 1-based place among
/// [`lines`], verdict) in order of line.
pub fn parse_document_with_verdicts(text: &str, replaced: Vec<(usize, LineVerdict)>) -> Document {
    document::parse_with_verdicts(text, replaced)
}

/// [`parse_document`] without resolving problems by later progress: for joining documents
/// that are then resolved as one ([`loops::resolve_problems`]).
pub fn parse_document_unresolved(text: &str) -> Document {
    document::parse_unresolved(text)
}

/// The reason ([`Classified::reason`]) of a line typed by its own label (`decided:`,
/// `problem:`, `gotcha:` ...): the writer said what it is.
pub const TYPE_LABEL: &str = "type label";

/// The result of classifying one line on its own.
#[derive(Debug, Clone, PartialEq)]
pub struct Classified {
    pub kind: EntryType,
    pub confidence: f32,
    pub key: bool,
    /// The memory itself: the line without list markers, labels and emphasis.
    pub title: String,
    /// What decided the type: "type label", "cue", "symptom", "heading", "gotcha heading",
    /// "KEY label".
    pub reason: &'static str,
    /// The cue phrase that decided it, lower-cased ("decided against", "stuck"), when a cue
    /// did.
    pub cue: Option<String>,
}

/// Classify one line on its own; `section` is the type implied by the enclosing heading,
/// if any (bullets under `## Gotchas` are gotchas even without a keyword).
pub fn classify_line(line: &str, section: Option<EntryType>) -> Option<Classified> {
    explain_line(line, section).0
}

/// Why a line is or is not an entity: its classification (if any) and the reason, e.g.
/// "type label", "cue", "heading", "question", "code", "heading or comment", "no cue".
pub fn explain_line(line: &str, section: Option<EntryType>) -> (Option<Classified>, &'static str) {
    let analysis = line::analyse(
        line,
        LineContext {
            section,
            detail: false,
            plans: false,
        },
    );
    let classified = analysis.kind.map(|kind| Classified {
        kind,
        confidence: confidence::tidy(analysis.confidence),
        key: analysis.key,
        title: details::title(analysis.body),
        reason: analysis.reason,
        cue: analysis
            .cue
            .and_then(|(start, end)| analysis.body.get(start..end))
            .map(str::to_lowercase),
    });
    (classified, analysis.reason)
}

/// The text of a `Next: ...` line (`Next steps:`, `Up next:`, `Continue from:` too), as the
/// parser records it among a document's next steps; `None` for any other line.
pub fn next_step(line: &str) -> Option<String> {
    let analysis = line::analyse(
        line,
        LineContext {
            section: None,
            detail: false,
            plans: false,
        },
    );
    analysis.next.map(details::title)
}

/// Whether a text hedges ("probably", "I think", "assuming"): how `mind log` tells an
/// assumption from a plain note when the text is no memory.
pub fn is_hedged(text: &str) -> bool {
    negatives::is_hedged(&lex::lower(text))
}

/// The type a label names (`decided`, `TIL`, `ruled out`, `fix`), as the parser reads a
/// leading `LABEL:`; `None` for labels that name no type.
pub fn label_type(label: &str) -> Option<EntryType> {
    match labels::kind_of(label) {
        labels::LabelKind::Type(kind) => Some(kind),
        _ => None,
    }
}

/// Whether an attempt's words say it failed (`single PUT - still fails`, `bigger runner, no
/// luck`, `kafka - overkill`): an approach ruled out, not one merely tried.
pub fn attempt_failed(text: &str) -> bool {
    cues::attempt_failed(&lex::lower(text))
}

/// A conventional-commit fix subject (`fix: x`, `fix(api)!: x`): the text after the label.
pub fn conventional_fix(subject: &str) -> Option<&str> {
    let label = labels::leading(subject)?;
    let name = label
        .raw
        .split('(')
        .next()
        .unwrap_or("")
        .trim_end_matches('!');
    // A conventional subject starts with its bare type: `**Fix**:` is a field in notes.
    (label.kind == labels::LabelKind::Type(EntryType::Progress)
        && name.eq_ignore_ascii_case("fix")
        && !label.emphatic
        && !label.rest.is_empty())
    .then_some(label.rest)
}

/// The type a heading gives to the bullets under it (`## Gotchas` → gotcha), if any.
pub fn heading_section(heading_text: &str) -> Option<EntryType> {
    match sections::heading_kind(heading_text) {
        sections::SectionKind::Typed(kind) => Some(kind),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::conventional_fix;

    #[test]
    fn a_conventional_fix_subject_starts_with_its_bare_type() {
        assert_eq!(conventional_fix("fix: retry on 503"), Some("retry on 503"));
        assert_eq!(
            conventional_fix("fix(api): retry on 503"),
            Some("retry on 503")
        );
        assert_eq!(
            conventional_fix("fix(api)!: retry on 503"),
            Some("retry on 503")
        );
        // A bold label is a note's field, not a commit subject.
        assert_eq!(conventional_fix("**Fix**: keep the file short"), None);
        assert_eq!(conventional_fix("feat: retry on 503"), None);
    }
}
