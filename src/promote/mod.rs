//! Promotion at a new session: what of SESSION.md is worth keeping in MEMORY.md, and how
//! it relates to what memory already holds.
//!
//! Candidates: rejected approaches that carry a reason (a marker such as ` - `, `because`
//! or `: `, or a verdict after a comma such as ", overkill") become `decided against: ...`
//! (a rejection, never a decision); experiences that carry a tech word, a path, an insight
//! word or an arrow become `learned: ...`; blockers become `problem: ... → cause: ... →
//! fix: ...` only when they carry reuse signals (a platform, library or tool, an error
//! pattern, a cause or a fix). Assumptions belong to their session and are not kept. A
//! recorded fix of a failing command (`fixed: `KEY` after N failed attempts`) is kept as
//! progress; the `command failed` lines themselves are not.
//!
//! Each candidate is compared with MEMORY.md through [`similarity::Compared`]: by the
//! cosine of sentence vectors when the model is installed (the vectors retrieval caches,
//! the candidates and the few compared lines that lack one embedded now and cached;
//! candidates found through the BM25 index and among the closest cached vectors), else by
//! calibrated TF-IDF over the memory's own vocabulary. Each measure has its own bands
//! (duplicate, update, related; derived on labelled pairs by `scripts/eval-similarity.sh`).
//! Of the lines in the related band or above, one of the candidate's own kind is preferred.
//! Promotion never hides a line that is still true:
//! - skipped only as a true duplicate: a line of the same kind in the duplicate band to
//!   which the candidate adds no word or number;
//! - superseded (the old line marked `[superseded]`, the new one added) only when the
//!   candidate replaces a line of the same kind about the same subject: it is in the
//!   update band or above, is confident (≥ 0.7: a reason or a definite finding, no hedge),
//!   is not a rejection, does not say "also", leaves at most a quarter of the old line's
//!   words unsaid, and contradicts it (the opposite polarity, a correction word such as
//!   "actually" or "no longer", or a changed number);
//! - otherwise linked: added with a `[[MEMORY#YYYY-MM-DD]]` link to the old line's date
//!   heading (a near-duplicate that adds something, a related line of another kind);
//! - below the related band: added.
//!
//! Candidates are also compared with each other, so one batch never adds the same thing twice.

pub mod worth_cues;

use std::collections::BTreeSet;
use std::sync::Arc;

use chrono::NaiveDate;
use serde::Serialize;

use crate::capture::tool_failures::{FailureLine, fixed_key};
use crate::embed::vectors::Quantized;
use crate::error::Result;
use crate::parse::{classify_line, ruled_out};
use crate::rank::bm25::Hit;
use crate::rank::bm25::{Features, Filter, Query};
use crate::rank::corpus::{Kind, SUPERSEDED};
use crate::rank::index::Found;
use crate::rank::index::Index;
use crate::rank::similarity::{
    self, Band, Compared, LEXICAL_MEMORY_BANDS, SENTENCE_BANDS, SegmentVocabulary, Similarity,
    Vector,
};
use crate::rank::tokenize::Tokenizer;
use crate::sentences::Sentences;
use crate::store::home::GlobalFolder;
use crate::store::session_file::{Section, Session};
use crate::store::text::{self, strip_eol};
use crate::store::{Project, append, atomic, memory_file};

/// A candidate at least this confident supersedes instead of linking.
pub const CONFIDENT: f32 = 0.7;

/// What promotion did with a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Added,
    Linked,
    Superseded,
    Skipped,
}

/// The memory line a candidate was compared with.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Similar {
    pub text: String,
    /// Its line in MEMORY.md; none for an item of the same batch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Its type (decision, learning, rejected, note ...).
    #[serde(rename = "type")]
    pub kind: Kind,
    pub similarity: f64,
}

/// One session item and what became of it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Promotion {
    pub from: Section,
    pub item: String,
    /// The memory line (as written, for added, linked and superseded items).
    pub line: String,
    /// The type of that line: `rejected` for a rejected approach, `learning`, `problem`.
    #[serde(rename = "type")]
    pub kind: Kind,
    pub action: Action,
    pub confidence: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub similar_to: Option<Similar>,
    /// Why it was skipped, linked or superseded ("nothing new", "adds: ...").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The result of promoting a session.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub promotions: Vec<Promotion>,
    /// MEMORY.md as it is after promotion.
    pub memory: Vec<u8>,
}

/// How sure a session item sounds, 0..=1: a reason or a definite finding raises it,
/// hedging lowers it; an explicitly labelled item (`learned: x`) counts as the parser rates it.
pub fn confidence(item: &str) -> f32 {
    let mut c: f32 = 0.5;
    if worth_cues::reason(item) {
        c += 0.2;
    }
    if worth_cues::definite(item) {
        c += 0.2;
    }
    if worth_cues::specific(item) {
        c += 0.1;
    }
    if worth_cues::hedge(item) {
        c -= 0.3;
    }
    if let Some(parsed) = classify_line(item, None)
        && parsed.confidence > c
        && !worth_cues::hedge(item)
    {
        c = parsed.confidence;
    }
    c.clamp(0.0, 1.0)
}

/// Reuse signals of a problem: platforms, libraries and tools, error patterns, cause and
/// fix. Reusable when the score reaches 0.3 or two kinds of signal are present.
pub fn reusable(text: &str) -> bool {
    let kinds = [
        (worth_cues::platform(text), 0.3),
        (worth_cues::library(text), 0.25),
        (worth_cues::error(text), 0.3),
        (
            worth_cues::find_cause(text).is_some() || worth_cues::cause_item(text),
            0.15,
        ),
        (
            worth_cues::find_fix(text).is_some() || worth_cues::fix_item(text),
            0.2,
        ),
    ];
    let score: f32 = kinds.iter().filter(|(hit, _)| *hit).map(|(_, w)| w).sum();
    let count = kinds.iter().filter(|(hit, _)| *hit).count();
    score >= 0.3 || count >= 2
}

/// A blocker as `problem: X → cause: C → fix: F`, taking cause and fix from the blocker
/// itself or from the session's experiences about it.
fn problem_line<'e>(
    blocker: &str,
    experiences: &'e [String],
    tokenizer: &mut Tokenizer,
) -> (String, Vec<&'e String>) {
    let mut used: Vec<&'e String> = Vec::new();
    let text = strip_label(blocker);
    let (mut problem, mut cause, mut fix) = (text.to_string(), None, None);
    if let Some(m) = worth_cues::find_fix(&problem) {
        fix = Some(problem[m.end..].trim().to_string());
        problem = problem[..m.start].trim().to_string();
    }
    if let Some(m) = worth_cues::find_cause(&problem) {
        cause = Some(problem[m.end..].trim().to_string());
        problem = problem[..m.start].trim().to_string();
    }
    if cause.is_none() || fix.is_none() {
        let all: Vec<&str> = experiences
            .iter()
            .map(String::as_str)
            .chain([text])
            .collect();
        let vocab = similarity::TextVocabulary::new(all, tokenizer);
        let target = Vector::of_text(text, tokenizer, &vocab);
        let about: Vec<&String> = experiences
            .iter()
            .filter(|e| Vector::of_text(e, tokenizer, &vocab).similarity(&target) >= 0.4)
            .collect();
        if fix.is_none()
            && let Some(e) = about.iter().rev().find(|e| worth_cues::fix_item(e))
        {
            fix = Some(e.to_string());
            used.push(e);
        }
        if cause.is_none()
            && let Some(e) = about
                .iter()
                .rev()
                .find(|e| worth_cues::cause_item(e) && !used.contains(e))
        {
            cause = Some(e.to_string());
            used.push(e);
        }
    }
    let tidy = |s: &str| {
        s.trim()
            .trim_end_matches(['.', ',', ';', ' ', '-', '–', '—'])
            .trim()
            .to_string()
    };
    let mut line = format!("problem: {}", tidy(&problem));
    for (name, part) in [("cause", cause), ("fix", fix)] {
        if let Some(p) = part.map(|p| tidy(&p)).filter(|p| !p.is_empty()) {
            line.push_str(&format!(" → {name}: {p}"));
        }
    }
    (line, used)
}

/// The items of `session` worth promoting, with their memory lines: rejections, then
/// learnings, then problems. An experience that a problem line already carries as its
/// cause or fix is not promoted a second time as a learning.
pub fn candidates(session: &Session) -> Vec<(Section, String, String)> {
    let mut tokenizer = Tokenizer::default();
    let mut problems = Vec::new();
    let mut used: Vec<&String> = Vec::new();
    for item in &session.blockers {
        if reusable(item) {
            let (line, from) = problem_line(item, &session.experience, &mut tokenizer);
            used.extend(from);
            problems.push((Section::Blockers, item.clone(), line));
        }
    }
    let mut out = Vec::new();
    for item in &session.rejected {
        if worth_cues::reason(item) || worth_cues::verdict(item) {
            out.push((
                Section::Rejected,
                item.clone(),
                format!("decided against: {}", rejected_text(item)),
            ));
        }
    }
    for item in &session.experience {
        if used.contains(&item) {
            continue;
        }
        // A failed command is raw material; what is worth keeping is how it got fixed.
        if FailureLine::parse(item).is_some() {
            continue;
        }
        if fixed_key(item).is_some() {
            out.push((Section::Experience, item.clone(), item.clone()));
            continue;
        }
        if worth_cues::tech(item) || worth_cues::insight(item) || worth_cues::path_or_code(item) {
            out.push((
                Section::Experience,
                item.clone(),
                format!("learned: {}", strip_label(item)),
            ));
        }
    }
    out.extend(problems);
    out
}

/// Drop a label the item already has, so `learned: x` does not become `learned: learned: x`.
fn strip_label(item: &str) -> &str {
    let lower = item.to_ascii_lowercase();
    for label in [
        "learned:",
        "learning:",
        "til:",
        "rejected:",
        "tried:",
        "blocked:",
        "blocker:",
        "stuck:",
        "problem:",
    ] {
        if lower.starts_with(label) {
            return item[label.len()..].trim_start();
        }
    }
    item
}

/// A rejected item without the words that already say it was ruled out, so `ruled out X`
/// becomes `decided against: X`, never `decided against: ruled out X`.
fn rejected_text(item: &str) -> &str {
    let text = strip_label(item);
    ruled_out(text).unwrap_or(text)
}

/// Decide what to do with each candidate against `memory_bytes` (MEMORY.md as it is now),
/// by sentence vectors when `home` holds an installed model.
pub fn plan(
    project: &Project,
    session: &Session,
    memory_bytes: &Arc<Vec<u8>>,
    today: NaiveDate,
    home: Option<&GlobalFolder>,
) -> (Vec<Promotion>, Vec<(usize, String)>) {
    let candidates = candidates(session);
    if candidates.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let mut tokenizer = Tokenizer::default();
    let index = Index::memory_bytes(project, Arc::clone(memory_bytes), &mut tokenizer);
    // The model is loaded only when there is something to compare.
    let mut sentences =
        home.and_then(|home| Sentences::open(home, &project.dir().join(crate::store::CACHE_DIR)));
    let decided = decide(
        &index,
        candidates,
        &mut tokenizer,
        today,
        sentences.as_mut(),
    );
    if let Some(sentences) = sentences {
        sentences.save();
    }
    decided
}

/// The type of the memory line a session section is promoted as (a recorded fix is progress).
fn kind_of(from: Section, line: &str) -> Kind {
    if from == Section::Experience && fixed_key(line).is_some() {
        return Kind::Progress;
    }
    match from {
        Section::Rejected => Kind::Rejected,
        Section::Blockers => Kind::Problem,
        Section::Experience | Section::Assumptions => Kind::Learning,
    }
}

/// How a candidate relates to a memory line of its own kind in the related band or above.
fn relate_same_kind(
    kind: Kind,
    line: &str,
    confidence: f32,
    band: Band,
    old: &str,
    tokenizer: &mut Tokenizer,
) -> (Action, String) {
    let added = similarity::new_words(line, old, tokenizer);
    if band == Band::NearIdentical && added.is_empty() {
        return (Action::Skipped, "nothing new".to_string());
    }
    if kind != Kind::Rejected
        && band >= Band::VerySimilar
        && confidence >= CONFIDENT
        && same_subject(line, old, tokenizer)
        && let Some(how) = contradiction(line, old, &added)
    {
        return (Action::Superseded, format!("replaces it: {how}"));
    }
    let reason = if added.is_empty() {
        "related".to_string()
    } else {
        format!("adds: {}", added.join(", "))
    };
    (Action::Linked, reason)
}

/// The old line is about what the new one is about: at most a quarter of its meaningful
/// words (one, for a short line) go unsaid by the new one, numbers and negations aside.
fn same_subject(new: &str, old: &str, tokenizer: &mut Tokenizer) -> bool {
    let unsaid: Vec<String> = similarity::new_words(old, new, tokenizer)
        .into_iter()
        .filter(|w| !w.chars().any(|c| c.is_ascii_digit()) && !worth_cues::negative(w))
        .collect();
    // The old line's words that carry meaning (stop words and framing left out).
    let total = similarity::new_words(old, "", tokenizer).len();
    unsaid.len() <= (total / 4).max(1)
}

/// How `new` contradicts `old`, if it does: the opposite polarity, a correction word, or a
/// number that changed. A line that says "also" adds; it never contradicts.
fn contradiction(new: &str, old: &str, added: &[String]) -> Option<&'static str> {
    let (new_content, old_content) = (similarity::content(new), similarity::content(old));
    if worth_cues::additive(new_content) {
        return None;
    }
    if worth_cues::negative(new_content) != worth_cues::negative(old_content) {
        return Some("the opposite polarity");
    }
    if worth_cues::correction(new_content) {
        return Some("a correction");
    }
    let numbers = |t: &str| -> Vec<String> {
        t.split(|c: char| !c.is_alphanumeric() && c != '.')
            .map(|w| w.trim_matches('.'))
            .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
            .map(str::to_ascii_lowercase)
            .collect()
    };
    let (new_numbers, old_numbers) = (numbers(new_content), numbers(old_content));
    let changed = added.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()))
        && old_numbers.iter().any(|n| !new_numbers.contains(n));
    changed.then_some("a changed number")
}

/// How many memory lines closest in meaning each candidate is compared with, beside the
/// lexical search's hits (a paraphrase may share no word with the line it repeats).
const NEAREST: usize = 5;

/// The memory's lines that have a cached sentence vector: their `(source, doc)` and the
/// vectors end to end, as the cache keeps them (signed bytes and one scale per line).
struct MemoryVectors {
    lines: Vec<(usize, usize)>,
    data: Vec<i8>,
    scales: Vec<f32>,
}

impl MemoryVectors {
    fn of(index: &Index, sentences: &mut Sentences) -> MemoryVectors {
        let mut out = MemoryVectors {
            lines: Vec::new(),
            data: Vec::new(),
            scales: Vec::new(),
        };
        for (s, source) in index.sources.iter().enumerate() {
            for doc in 0..source.segment.doc_count() {
                let meta = source.segment.doc(doc);
                if meta.superseded {
                    continue;
                }
                if let Some(v) = sentences.cached(source.slice(meta.start, meta.len)) {
                    out.lines.push((s, doc));
                    out.data.extend_from_slice(v.values);
                    out.scales.push(v.scale);
                }
            }
        }
        out
    }

    /// The `limit` lines closest to `target` in the related band or above.
    fn nearest(&self, target: &[f32], limit: usize) -> Vec<(usize, usize)> {
        if self.lines.is_empty() {
            return Vec::new();
        }
        let dim = self.data.len() / self.lines.len();
        let mut near: Vec<(f32, (usize, usize))> = self
            .data
            .chunks_exact(dim)
            .zip(&self.scales)
            .zip(&self.lines)
            .map(|((values, &scale), at)| {
                let cosine = Quantized { scale, values }.dot(target);
                (cosine.clamp(0.0, 1.0), *at)
            })
            .filter(|(c, _)| *c >= SENTENCE_BANDS.related)
            .collect();
        near.sort_by(|a, b| b.0.total_cmp(&a.0));
        near.into_iter().take(limit).map(|(_, at)| at).collect()
    }
}

/// The decisions for every candidate, and the memory lines to mark superseded
/// (1-based line number, text as found). With `sentences` (the model is installed) lines
/// are compared by their sentence vectors and the sentence bands; without, lexically.
fn decide(
    index: &Index,
    candidates: Vec<(Section, String, String)>,
    tokenizer: &mut Tokenizer,
    today: NaiveDate,
    mut sentences: Option<&mut Sentences>,
) -> (Vec<Promotion>, Vec<(usize, String)>) {
    let vocab = SegmentVocabulary::new(index.segments());
    let features = Features::default();
    // Sentence vectors of the candidates (embedded in one batch) and of the memory's lines
    // (as retrieval cached them).
    let (mut candidate_vectors, memory) = match sentences.as_deref_mut() {
        Some(sentences) => {
            let lines: Vec<&str> = candidates.iter().map(|c| c.2.as_str()).collect();
            let vectors = sentences.vectors(&lines);
            let memory = vectors
                .is_some()
                .then(|| MemoryVectors::of(index, sentences));
            (vectors.unwrap_or_default(), memory)
        }
        None => (Vec::new(), None),
    };
    candidate_vectors.reverse();
    let mut promotions: Vec<Promotion> = Vec::new();
    let mut accepted: Vec<(Compared, Kind, String)> = Vec::new();
    let mut superseded: Vec<(usize, String)> = Vec::new();
    let round = |x: f32| (f64::from(x) * 100.0).round() / 100.0;
    for (from, item, line) in candidates {
        let kind = kind_of(from, &line);
        let confidence = confidence(&item);
        let compared = Compared {
            lexical: Vector::of_text(&line, tokenizer, &vocab),
            sentence: candidate_vectors.pop(),
        };
        // Already promoted in this batch (same kind, nothing new)?
        let twin = accepted
            .iter()
            .filter(|(_, k, _)| *k == kind)
            .map(|(c, _, l)| (c.similarity(&compared), l))
            .find(|(s, l)| {
                s.band(&LEXICAL_MEMORY_BANDS) == Band::NearIdentical
                    && similarity::new_words(&line, l, tokenizer).is_empty()
            });
        if let Some((s, twin)) = twin {
            promotions.push(Promotion {
                from,
                item,
                line,
                kind,
                action: Action::Skipped,
                confidence: round(confidence),
                similar_to: Some(Similar {
                    text: twin.clone(),
                    line: None,
                    kind,
                    similarity: round(s.value),
                }),
                reason: Some("nothing new (promoted in this batch)".to_string()),
            });
            continue;
        }
        let query = Query::parse(similarity::content(&line), tokenizer, &features);
        let mut pool: Vec<Found<'_>> = index
            .search(&query, &features, &Filter::default(), today, 10)
            .into_iter()
            .filter(|f| !f.meta.superseded)
            .collect();
        if let (Some(target), Some(memory)) = (&compared.sentence, &memory) {
            for (seg, doc) in memory.nearest(target, NEAREST) {
                let hit = Hit {
                    seg,
                    doc,
                    score: 0.0,
                    coverage: 0.0,
                };
                let found = index.resolve(hit);
                if !pool.iter().any(|f| f.meta.line == found.meta.line) {
                    pool.push(found);
                }
            }
        }
        // The lexical hits without a cached vector are embedded now (a few lines), so the
        // whole pool is compared on one scale.
        let pool_vectors: Vec<Option<Vec<f32>>> =
            match (&compared.sentence, sentences.as_deref_mut()) {
                (Some(_), Some(sentences)) => {
                    let texts: Vec<&str> = pool.iter().map(|f| f.text()).collect();
                    match sentences.vectors(&texts) {
                        Some(v) => v.into_iter().map(Some).collect(),
                        None => vec![None; pool.len()],
                    }
                }
                _ => vec![None; pool.len()],
            };
        let related: Vec<(Similarity, Found<'_>)> = pool
            .into_iter()
            .zip(pool_vectors)
            .map(|(f, sentence)| {
                let other = Compared {
                    lexical: Vector::of_doc(&f.source.segment, f.doc, &vocab),
                    sentence,
                };
                (other.similarity(&compared), f)
            })
            .filter(|(s, _)| s.band(&LEXICAL_MEMORY_BANDS) >= Band::Similar)
            .collect();
        // The most similar line of the candidate's own kind, else of another kind in the
        // update band (only a line about the same subject is worth a link across kinds).
        let best = |same: bool| {
            related
                .iter()
                .filter(|(_, f)| (f.meta.kind == kind) == same)
                .filter(|(s, _)| same || s.band(&LEXICAL_MEMORY_BANDS) >= Band::VerySimilar)
                .max_by(|a, b| {
                    a.0.value
                        .total_cmp(&b.0.value)
                        .then(b.1.meta.line.cmp(&a.1.meta.line))
                })
        };
        let mut promotion = Promotion {
            from,
            item,
            line: line.clone(),
            kind,
            action: Action::Added,
            confidence: round(confidence),
            similar_to: None,
            reason: None,
        };
        if let Some((score, found)) = best(true).or_else(|| best(false)) {
            promotion.similar_to = Some(Similar {
                text: found.text().to_string(),
                line: Some(found.meta.line),
                kind: found.meta.kind,
                similarity: round(score.value),
            });
            let (action, reason) = if found.meta.kind == kind {
                relate_same_kind(
                    kind,
                    &line,
                    confidence,
                    score.band(&LEXICAL_MEMORY_BANDS),
                    found.text(),
                    tokenizer,
                )
            } else {
                // Another kind is never a duplicate and never replaced: a rejection of
                // MySQL leaves the decision for Postgres as it is.
                (Action::Linked, format!("related {}", found.meta.kind))
            };
            promotion.action = action;
            promotion.reason = Some(reason);
            match action {
                Action::Superseded => {
                    if !superseded.iter().any(|(l, _)| *l == found.meta.line) {
                        superseded.push((found.meta.line, found.text().to_string()));
                    }
                }
                Action::Linked => {
                    promotion.line = format!("{line} (see also: {})", wikilink(found));
                }
                Action::Added | Action::Skipped => {}
            }
        }
        if promotion.action != Action::Skipped {
            accepted.push((compared, kind, promotion.line.clone()));
        }
        promotions.push(promotion);
    }
    (promotions, superseded)
}

/// Human lines for what promotion skipped, linked or marked (one per item, each starting
/// "\n  "), each naming the MEMORY.md line it was compared with.
pub fn describe(promotions: &[Promotion]) -> String {
    let mut out = String::new();
    for p in promotions {
        let Some(similar) = &p.similar_to else {
            continue;
        };
        let at = match similar.line {
            Some(line) => format!("MEMORY.md:{line}"),
            None => "this batch".to_string(),
        };
        let percent = similar.similarity * 100.0;
        let reason = p.reason.as_deref().unwrap_or("similar");
        match p.action {
            Action::Superseded => out.push_str(&format!(
                "\n  ~ superseded {at}: {} ({percent:.0}% similar; {reason})",
                similar.text
            )),
            Action::Skipped => out.push_str(&format!(
                "\n  = already known ({percent:.0}% similar to {at}: {}; {reason}): {}",
                similar.text, p.item
            )),
            Action::Linked => out.push_str(&format!(
                "\n  > linked to {at}: {} ({percent:.0}% similar; {reason})",
                similar.text
            )),
            Action::Added => {}
        }
    }
    out
}

/// `[[MEMORY#YYYY-MM-DD]]` for the line's date heading (its section heading if it has no
/// date, the file itself if neither).
fn wikilink(found: &crate::rank::index::Found<'_>) -> String {
    if let Some(date) = found.meta.date {
        return format!("[[MEMORY#{date}]]");
    }
    let seg = &found.source.segment;
    let section = seg.section(
        found
            .meta
            .section
            .min(seg.section_count().saturating_sub(1)),
    );
    let heading = found.source.slice(section.start, section.len).trim();
    if heading.is_empty() || heading.contains(['|', '[', ']', '#']) {
        "[[MEMORY]]".to_string()
    } else {
        format!("[[MEMORY#{heading}]]")
    }
}

/// Mark lines `[superseded]` (after their list marker), leaving every other byte as it was.
pub fn mark_superseded(bytes: &[u8], lines: &BTreeSet<usize>) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + lines.len() * 16);
    // Copy the runs between marked lines whole; only a marked line is looked at.
    let mut copied = 0;
    let mut wanted = lines.iter().copied().filter(|&n| n > 0).peekable();
    let ends = memchr::memchr_iter(b'\n', bytes)
        .map(|i| i + 1)
        .chain((bytes.last() != Some(&b'\n') && !bytes.is_empty()).then_some(bytes.len()));
    let mut start = 0;
    for (i, end) in ends.enumerate() {
        let (line_start, number) = (start, i + 1);
        start = end;
        match wanted.peek() {
            None => break,
            Some(&n) if n > number => continue,
            Some(_) => {}
        }
        wanted.next();
        let raw = &bytes[line_start..end];
        if text::lossy(raw).contains(SUPERSEDED) {
            continue;
        }
        out.extend_from_slice(&bytes[copied..line_start]);
        copied = end;
        let body = strip_eol(raw);
        let indent = body.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let rest = &body[indent..];
        let marker = list_marker_len(rest);
        out.extend_from_slice(&body[..indent + marker]);
        out.extend_from_slice(SUPERSEDED.as_bytes());
        out.push(b' ');
        out.extend_from_slice(&rest[marker..]);
        out.extend_from_slice(&raw[body.len()..]);
    }
    out.extend_from_slice(&bytes[copied..]);
    out
}

/// Length of a leading `- `, `* `, `+ ` or `12. ` marker.
fn list_marker_len(line: &[u8]) -> usize {
    if line.len() >= 2 && matches!(line[0], b'-' | b'*' | b'+') && line[1] == b' ' {
        return 2;
    }
    let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits > 0
        && digits < 4
        && line.len() > digits + 1
        && matches!(line[digits], b'.' | b')')
        && line[digits + 1] == b' '
    {
        return digits + 2;
    }
    0
}

/// Promote `session` into MEMORY.md (the caller holds the store lock): new lines go under
/// the `date` heading; superseded lines are marked. A batch that only adds is one append;
/// one that also marks rewrites the file atomically. With `home` holding an installed
/// model, lines are compared by sentence vectors.
pub fn promote(
    project: &Project,
    session: &Session,
    memory_bytes: Vec<u8>,
    date: NaiveDate,
    home: Option<&GlobalFolder>,
) -> Result<Outcome> {
    let shared = Arc::new(memory_bytes);
    let (promotions, superseded) = plan(project, session, &shared, date, home);
    // The index that shared the bytes is gone: this takes them back without a copy.
    let memory_bytes = Arc::try_unwrap(shared).unwrap_or_else(|shared| shared.to_vec());
    let lines: Vec<String> = promotions
        .iter()
        .filter(|p| p.action != Action::Skipped)
        .map(|p| p.line.clone())
        .collect();
    if lines.is_empty() {
        return Ok(Outcome {
            promotions,
            memory: memory_bytes,
        });
    }
    let marks: BTreeSet<usize> = superseded.iter().map(|(l, _)| *l).collect();
    let mut memory = if marks.is_empty() {
        memory_bytes
    } else {
        mark_superseded(&memory_bytes, &marks)
    };
    let appended = memory_file::append_under_date(&memory, date, &lines);
    if marks.is_empty() {
        append::append_bytes(&project.memory(), &appended)?;
        memory.extend_from_slice(&appended);
    } else {
        memory.extend_from_slice(&appended);
        atomic::write_atomic(&project.memory(), &memory)?;
    }
    Ok(Outcome { promotions, memory })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(experience: &[&str], rejected: &[&str], blockers: &[&str]) -> Session {
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect();
        Session {
            experience: v(experience),
            rejected: v(rejected),
            blockers: v(blockers),
            ..Session::default()
        }
    }

    #[test]
    fn candidate_rules() {
        let s = session(
            &[
                "Safari drops the cookie on redirect",
                "had lunch",
                "edited src/auth.rs",
            ],
            &["redis - overkill", "memcached"],
            &[
                "stuck on the login page",
                "docker build fails on Windows with CRLF in entrypoint.sh because autocrlf - fixed by .gitattributes eol=lf",
            ],
        );
        let lines: Vec<String> = candidates(&s).into_iter().map(|c| c.2).collect();
        assert_eq!(
            lines,
            vec![
                "decided against: redis - overkill",
                "learned: Safari drops the cookie on redirect",
                "learned: edited src/auth.rs",
                "problem: docker build fails on Windows with CRLF in entrypoint.sh → cause: autocrlf → fix: .gitattributes eol=lf",
            ]
        );
    }

    #[test]
    fn problem_takes_cause_and_fix_from_experiences() {
        let mut tok = Tokenizer::default();
        let exp = vec![
            "the npm ci lockfile mismatch is because CI uses npm 10".to_string(),
            "fixed the npm ci lockfile mismatch by regenerating package-lock.json".to_string(),
            "lunch".to_string(),
        ];
        assert_eq!(
            problem_line("npm ci fails: lockfile mismatch", &exp, &mut tok).0,
            "problem: npm ci fails: lockfile mismatch → cause: the npm ci lockfile mismatch is because CI uses npm 10 → fix: fixed the npm ci lockfile mismatch by regenerating package-lock.json"
        );
    }

    #[test]
    fn confidence_rises_with_reasons_and_falls_with_hedges() {
        assert!(confidence("redis - overkill for a cache this small") >= CONFIDENT);
        assert!(confidence("maybe redis is too much?") < CONFIDENT);
        assert!(confidence("Safari drops the cookie") < CONFIDENT);
        assert!(confidence("learned: Safari always drops the cookie") >= CONFIDENT);
    }

    #[test]
    fn contradiction_needs_a_changed_claim_and_no_also() {
        let c = |new: &str, old: &str| {
            let mut tok = Tokenizer::default();
            let added = similarity::new_words(new, old, &mut tok);
            contradiction(new, old, &added)
        };
        let old = "learned: the API rate limit is 100 requests per minute";
        assert_eq!(
            c(
                "learned: the API rate limit is 1000 requests per minute",
                old
            ),
            Some("a changed number")
        );
        assert_eq!(
            c("learned: the API rate limit is actually per hour", old),
            Some("a correction")
        );
        assert_eq!(
            c("learned: the API has no rate limit per minute", old),
            Some("the opposite polarity")
        );
        assert_eq!(
            c(
                "learned: the API also limits uploads to 100 per minute",
                old
            ),
            None
        );
        assert_eq!(
            c(
                "learned: the API rate limit is 100 requests per minute per key",
                old
            ),
            None
        );
    }

    #[test]
    fn same_subject_allows_few_unsaid_words() {
        let mut tok = Tokenizer::default();
        let old = "learned: Safari strips the Authorization header on cross-origin redirects";
        assert!(!same_subject(
            "learned: Safari drops cookies on cross-origin redirects",
            old,
            &mut tok
        ));
        assert!(same_subject(
            "learned: Safari no longer strips the Authorization header on cross-origin redirects",
            old,
            &mut tok
        ));
    }

    #[test]
    fn reuse_signals() {
        assert!(reusable("docker build fails on Windows"));
        assert!(reusable("ECONNRESET from the payments API"));
        assert!(!reusable("stuck on the login page"));
    }

    #[test]
    fn marks_the_right_line_after_its_marker() {
        let text = b"# m\r\n- decided: a\r\n  * learned: b\r\n3. fixed: c\r\nplain\r\n";
        let marked = mark_superseded(text, &BTreeSet::from([2, 3, 4, 5]));
        assert_eq!(
            String::from_utf8(marked.clone()).unwrap(),
            "# m\r\n- [superseded] decided: a\r\n  * [superseded] learned: b\r\n3. [superseded] fixed: c\r\n[superseded] plain\r\n"
        );
        assert_eq!(mark_superseded(&marked, &BTreeSet::from([2])), marked);
        // Unmarked lines, a last line without a newline, and lines that do not exist.
        let text = b"a\n- b\nc\nd";
        assert_eq!(
            String::from_utf8(mark_superseded(text, &BTreeSet::from([0, 2, 4, 9]))).unwrap(),
            "a\n- [superseded] b\nc\n[superseded] d"
        );
        assert_eq!(mark_superseded(text, &BTreeSet::new()), text.to_vec());
        assert_eq!(mark_superseded(b"", &BTreeSet::from([1])), b"".to_vec());
    }
}
