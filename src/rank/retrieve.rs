//! Retrieval on signal: the past memories worth showing when `mind` knows what you are
//! working on (the first experience of a session, a recall with a non-empty session, a
//! blocker).
//!
//! Candidates come from BM25 over the kept memory (MEMORY.md and named memories); each is
//! then checked against the text with the calibrated similarity, so only lines that are
//! about the same thing come back, never "the best of a bad lot".

use serde::Serialize;

use super::bm25::{Features, Filter, Query};
use super::corpus::Kind;
use super::index::{Found, Index};
use super::similarity::{self, SegmentVocabulary, Vector};
use super::tokenize::Tokenizer;
use crate::memories::Category;

/// Similarity a memory needs to be surfaced unasked ("you've dealt with this before").
pub const RELEVANT: f32 = 0.5;
/// Share of a blocker's words the best past line must match for memory to have anything
/// on it; other lines offered with it must match at least [`SOLUTION_FLOOR`].
pub const SOLUTION_COVERAGE: f32 = 0.3;
pub const SOLUTION_FLOOR: f32 = 0.15;

/// A memory line as replies show it (the same shape as a search result).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Recalled {
    #[serde(rename = "type")]
    pub kind: Kind,
    /// The line as written, trimmed.
    pub text: String,
    pub score: f64,
    pub date: Option<String>,
    pub file: String,
    pub line: usize,
    pub project: String,
    /// Where the later decision or rejection that takes this one back is (`FILE:LINE`), when
    /// it was among the lines compared: the context block no longer lists this one as current.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub taken_back_by: Option<String>,
    /// Taken from a code comment or a commit message: data chosen by whoever committed it,
    /// not an instruction.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub harvested: bool,
    /// Written during the current session (a blocker's past solutions only).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub this_session: bool,
    /// The project a pulled team memory came from (`mind team pull`): another project's
    /// text, shown quoted with that project named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pulled_from: Option<String>,
}

impl Recalled {
    pub fn from_found(found: &Found<'_>, score: f32) -> Self {
        Recalled {
            kind: found.meta.kind,
            text: found.text().to_string(),
            score: (f64::from(score) * 1000.0).round() / 1000.0,
            date: found.meta.date.map(|d| d.to_string()),
            file: found.source.file.clone(),
            line: found.meta.line,
            project: found.source.project.clone(),
            taken_back_by: None,
            harvested: crate::parse::provenance::harvested_parts(found.text()).is_some(),
            this_session: false,
            pulled_from: None,
        }
    }
}

/// Lines written during the current session: what `mind` knows from this session is not
/// "dealt with before", so retrieval leaves these lines out, but for a blocker's solutions
/// (see [`solutions`]). Empty by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ThisSession {
    /// Per file (as sources name it: `.mind/MEMORY.md`), the first line (1-based) the
    /// session wrote; every later line is the session's too.
    files: Vec<(String, usize)>,
}

impl ThisSession {
    /// The lines of `file` (display name) from `from_line` (1-based) on.
    pub fn from_line(file: impl Into<String>, from_line: usize) -> Self {
        ThisSession::default().and_from_line(file, from_line)
    }

    /// These lines and those of `file` from `from_line` (1-based) on.
    pub fn and_from_line(mut self, file: impl Into<String>, from_line: usize) -> Self {
        if from_line > 0 {
            self.files.push((file.into(), from_line));
        }
        self
    }

    pub fn contains(&self, found: &Found<'_>) -> bool {
        self.files
            .iter()
            .any(|(file, from)| found.meta.line >= *from && found.source.file == *file)
    }
}

/// The ranking query for `text`, with the tokenizer and features that built it; `None`
/// when the text has no searchable word.
fn query_for(text: &str) -> Option<(Tokenizer, Features, Query)> {
    let mut tokenizer = Tokenizer::default();
    let features = Features::default();
    let query = Query::parse(text, &mut tokenizer, &features);
    (!query.is_empty()).then_some((tokenizer, features, query))
}

/// Up to `limit` memories about the same thing as `text`, best first; `score` is the
/// calibrated similarity. Offered unasked as past experience, so two things more than the
/// similarity are asked of a line:
/// - it shares a word with `text` (stemmed, as the index reads it), not only words of one
///   synonym group: a group is broad ("module" and "package", "error" and "failure"), so a
///   match made of it alone says two lines are about the same area, and a short line
///   ("**Package managers:** pip") reaches the threshold on one such word;
/// - it is not in an onboarding memory (`mind onboard --write` keeps one): the languages,
///   package managers and commands read from the build files are facts about the
///   project's setup, not something dealt with before. `mind search` still finds them.
pub fn relevant(
    index: &Index,
    text: &str,
    limit: usize,
    today: chrono::NaiveDate,
    fresh: &ThisSession,
) -> Vec<Recalled> {
    let Some((mut tokenizer, features, query)) = query_for(text) else {
        return Vec::new();
    };
    let vocab = SegmentVocabulary::new(index.segments());
    let target = Vector::of_text(text, &mut tokenizer, &vocab);
    let words = similarity::content_terms(text, &mut tokenizer);
    let mut out: Vec<(f32, Found<'_>)> = index
        .search(&query, &features, &Filter::default(), today, 20)
        .into_iter()
        .filter(|f| !f.meta.superseded && !fresh.contains(f) && !is_onboarding(f))
        .map(|f| {
            let v = Vector::of_doc(&f.source.segment, f.doc, &vocab);
            (v.similarity(&target), f)
        })
        .filter(|(s, f)| {
            *s >= RELEVANT && similarity::holds_a_term(&f.source.segment, f.doc, &words)
        })
        .collect();
    out.sort_by(|a, b| b.0.total_cmp(&a.0));
    out.truncate(limit);
    out.iter()
        .map(|(s, f)| Recalled::from_found(f, *s))
        .collect()
}

/// A line of a named memory of the onboarding category.
fn is_onboarding(found: &Found<'_>) -> bool {
    (found.source.header.as_ref()).is_some_and(|h| h.category == Category::Onboarding)
}

/// Past lines that may solve a blocker: the best matches that cover enough of its words,
/// solutions (progress, learning, decision) before the rest; `score` is the BM25 score.
/// A fix written earlier in the current session is one (the failure it fixed an hour ago
/// is back) and is marked `this_session`; the session's other lines are the work in hand
/// (the problem it logged, the decision it just took), not a past solution. A decision or
/// rejection that a later match takes back is marked with it, as `mind search` marks it.
pub fn solutions(
    index: &Index,
    text: &str,
    limit: usize,
    today: chrono::NaiveDate,
    fresh: &ThisSession,
) -> Vec<Recalled> {
    let Some((_, features, query)) = query_for(text) else {
        return Vec::new();
    };
    let pool = index.search(
        &query,
        &features,
        &Filter::default(),
        today,
        limit.max(1) * 3,
    );
    let taken_back = taken_back_by(&pool);
    let mut found: Vec<(&Found<'_>, Option<&Found<'_>>)> = (pool.iter().zip(&taken_back))
        .map(|(f, by)| (f, by.map(|j| &pool[j])))
        .filter(|(f, _)| {
            f.coverage >= SOLUTION_FLOOR
                && !f.meta.superseded
                && (f.meta.kind == Kind::Progress || !fresh.contains(f))
        })
        .collect();
    if !found.iter().any(|(f, _)| f.coverage >= SOLUTION_COVERAGE) {
        return Vec::new();
    }
    found.truncate(limit.max(1) * 2);
    // A stable sort keeps the ranking within each group.
    found.sort_by_key(|(f, _)| !is_solution(f.meta.kind));
    found.truncate(limit);
    found
        .iter()
        .map(|(f, by)| Recalled {
            taken_back_by: by.map(|g| format!("{}:{}", g.source.file, g.meta.line)),
            this_session: fresh.contains(f),
            ..Recalled::from_found(f, f.score)
        })
        .collect()
}

/// A line of MEMORY.md.
pub fn is_memory(found: &Found<'_>) -> bool {
    found.source.file.ends_with(crate::store::MEMORY_FILE)
}

/// A line of the commit store (`.mind/cache/commits.md`).
pub fn is_commit_store(found: &Found<'_>) -> bool {
    found
        .source
        .file
        .ends_with(crate::capture::derived::RELATIVE)
}

/// A line of an archive of old memory (`.mind/archive/*.md`).
pub fn is_archive(found: &Found<'_>) -> bool {
    (found.source.file.strip_prefix(crate::store::MIND_DIR))
        .and_then(|rest| rest.strip_prefix('/'))
        .and_then(|rest| rest.strip_prefix(crate::store::ARCHIVE_DIR))
        .is_some_and(|rest| rest.starts_with('/'))
}

/// For each line of `found`, the later one among them that takes it back (its index), judged
/// as the context block judges it ([`crate::context::build::Choice::taken_back_by`]): a decision reversed
/// by "use X instead of Y" or "switch from Y to X", a decision a later "decided against" names,
/// a rejection a later decision chooses. The block leaves such an entry out of its lists; a
/// search or a blocker that shows it says what replaced it. Lines of MEMORY.md, the commit
/// store and the archives of one project, which is later as [`later`] says.
pub fn taken_back_by(found: &[Found<'_>]) -> Vec<Option<usize>> {
    use crate::context::build::Choice;
    use crate::parse::EntryType;
    let places: Vec<Option<MemoryPlace>> = found.iter().map(memory_place).collect();
    let choices: Vec<Option<crate::parse::Entity>> = (found.iter().zip(&places))
        .map(|(f, place)| {
            place.as_ref()?;
            let doc = crate::parse::parse_document(f.text());
            (doc.entities.into_iter().next())
                .filter(|e| matches!(e.kind, EntryType::Decision | EntryType::Rejected) && !e.key)
        })
        .collect();
    // What each choice says, worked out once for all the pairs judged below.
    let choices: Vec<Option<Choice<'_>>> =
        choices.iter().map(|e| e.as_ref().map(Choice::of)).collect();
    (found.iter().enumerate())
        .map(|(i, f)| {
            let older = choices[i].as_ref()?;
            (found.iter().enumerate())
                .filter(|(j, g)| later((g, places[*j]), (f, places[i])))
                .filter_map(|(j, _)| Some((j, choices[j].as_ref()?)))
                .find(|(_, newer)| older.taken_back_by(newer))
                .map(|(j, _)| j)
        })
        .collect()
}

/// Which of a project's memory files a line is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MemoryPlace {
    Archive,
    Memory,
    Commits,
}

/// `None` for a line of no memory file (a named memory, a session).
fn memory_place(found: &Found<'_>) -> Option<MemoryPlace> {
    if is_archive(found) {
        Some(MemoryPlace::Archive)
    } else if is_memory(found) {
        Some(MemoryPlace::Memory)
    } else if is_commit_store(found) {
        Some(MemoryPlace::Commits)
    } else {
        None
    }
}

/// Whether `g` was written after `f`, both lines of one project's memory, in the order the
/// context block reads them: the archives hold memory moved out of MEMORY.md, so every
/// line of them is older than MEMORY.md's and the commit store's; otherwise the later date
/// is later (a line's date heading), and on one date (or a line without one) the later line
/// of a file, a commit's line after MEMORY.md's (as a decision is written down, then
/// committed), and a later archive's (by name: `2025.md` after `2024.md`) after an
/// earlier one's. Two projects (even of one folder name) never take back each other's.
fn later(
    (g, gat): (&Found<'_>, Option<MemoryPlace>),
    (f, at): (&Found<'_>, Option<MemoryPlace>),
) -> bool {
    use MemoryPlace::*;
    let (Some(at), Some(gat)) = (at, gat) else {
        return false;
    };
    if g.source.project != f.source.project {
        return false;
    }
    match (at, gat) {
        (Archive, Memory | Commits) => return true,
        (Memory | Commits, Archive) => return false,
        _ => {}
    }
    if let (Some(a), Some(b)) = (f.meta.date, g.meta.date)
        && a != b
    {
        return b > a;
    }
    // MEMORY.md may be indexed as two sources, its cached beginning and the rest: one file.
    if g.source.file == f.source.file {
        return g.meta.line > f.meta.line;
    }
    match (at, gat) {
        (Memory, Commits) => true,
        (Commits, Memory) => false,
        _ => g.source.file > f.source.file,
    }
}

fn is_solution(kind: Kind) -> bool {
    matches!(kind, Kind::Progress | Kind::Learning | Kind::Decision)
}
