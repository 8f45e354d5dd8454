//! Each candidate against the MEMORY.md index (sentence vectors with the model, else
//! lexical similarity): skip, link, supersede or add, with the line it concerns.

use std::cell::OnceCell;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::NaiveDate;

use super::{
    Action, Blockers, CONFIDENT, Promotion, Similar, candidates, confidence, with_fix, worth_cues,
};
use crate::capture::tool_failures::fixed_key;
use crate::parse::{EntryType, ProblemStatus};
use crate::rank::bm25::Hit;
use crate::rank::bm25::{Features, Filter, Query};
use crate::rank::corpus::Kind;
use crate::rank::index::Found;
use crate::rank::index::Index;
use crate::rank::similarity::{
    self, Band, Compared, LEXICAL_MEMORY_BANDS, Measure, SENTENCE_BANDS, SegmentVocabulary,
    Similarity, Vector,
};
use crate::rank::tokenize::Tokenizer;
use crate::sentences::Sentences;
use crate::store::Project;
use crate::store::home::GlobalFolder;
use crate::store::session_file::{Section, Session};

/// Decide what to do with each candidate against `memory_bytes` (MEMORY.md as it is now),
/// by sentence vectors when `home` holds an installed model; `blockers`: the blockers a fix
/// logged during the session resolves, with that fix, and where each was logged.
pub fn plan(
    project: &Project,
    session: &Session,
    memory_bytes: &Arc<Vec<u8>>,
    today: NaiveDate,
    home: Option<&GlobalFolder>,
    blockers: &Blockers,
) -> (Vec<Promotion>, Vec<(usize, String)>) {
    let candidates = candidates(session, &blockers.fixes);
    if candidates.is_empty() {
        return (Vec::new(), Vec::new());
    }
    // For each blocker no fix answers by the open-loop rule: the first MEMORY.md line
    // written after it, and its day.
    let logged_after: HashMap<&str, (usize, Option<NaiveDate>)> = (blockers.logged_at.iter())
        .filter(|(blocker, _)| !blockers.fixes.contains_key(*blocker))
        .filter_map(|(blocker, &(offset, day))| {
            Some((
                blocker.as_str(),
                (first_line_from(memory_bytes, offset)?, day),
            ))
        })
        .collect();
    let mut tokenizer = Tokenizer::default();
    let index = Index::memory_bytes(project, Arc::clone(memory_bytes), &mut tokenizer);
    // The model is loaded only when there is something to compare.
    let mut sentences =
        home.and_then(|home| Sentences::open(home, &project.dir().join(crate::store::CACHE_DIR)));
    let resolved = ResolvedProblems::new(project, memory_bytes);
    let decided = decide(
        &index,
        candidates,
        &mut tokenizer,
        today,
        sentences.as_mut(),
        &logged_after,
        (&blockers.fixes, &resolved),
    );
    if let Some(sentences) = sentences {
        sentences.save();
    }
    decided
}

/// The 1-based number of the first line of `bytes` that starts at `offset` or later: the
/// first line written after the file was `offset` bytes long. `None` when the file is now
/// shorter (cut back: nothing in it is known to be newer).
fn first_line_from(bytes: &[u8], offset: u64) -> Option<usize> {
    let offset = usize::try_from(offset).ok()?;
    let before = bytes.get(..offset)?;
    let lines = memchr::memchr_iter(b'\n', before).count();
    // A line the offset falls inside was begun before it.
    let inside = before.last().is_some_and(|&b| b != b'\n');
    Some(lines + 1 + usize::from(inside))
}

/// Which problems of MEMORY.md are resolved, as the open-loop rule judges them (a fix
/// written with the problem, or a later fix on the same subject in MEMORY.md or the commit
/// store): worked out once, and only when a blocker comes to be compared with a problem
/// that does not say so itself (few sessions have one).
struct ResolvedProblems<'a> {
    project: &'a Project,
    memory: &'a [u8],
    /// The lines (of MEMORY.md) of the problems a later fix resolves.
    lines: OnceCell<HashSet<usize>>,
}

impl<'a> ResolvedProblems<'a> {
    fn new(project: &'a Project, memory: &'a [u8]) -> Self {
        ResolvedProblems {
            project,
            memory,
            lines: OnceCell::new(),
        }
    }

    /// `found` is a problem memory holds as resolved.
    fn holds(&self, found: &Found<'_>) -> bool {
        if found.meta.kind != Kind::Problem {
            return false;
        }
        // `problem: X → fix: Y`, `[x]`, "fixed": resolved by its own words.
        let says_so = (crate::parse::parse_document(found.text()).entities.first())
            .is_some_and(|e| e.status == Some(ProblemStatus::Resolved));
        says_so
            || (self.lines.get_or_init(|| {
                let Ok(doc) = crate::commands::memory_document(self.project, self.memory) else {
                    return HashSet::new();
                };
                (doc.entities.iter())
                    .filter(|e| e.kind == EntryType::Problem && e.resolved_by.is_some())
                    .map(|e| e.line)
                    .collect()
            }))
            .contains(&found.meta.line)
    }
}

/// The type of the memory line a session section is promoted as. An experience is written
/// with the label its words call for (`decided:` for a choice, `fixed:` for a fix), and is of
/// that type: compared with the decisions it may take back, reported as what it is.
fn kind_of(from: Section, line: &str) -> Kind {
    match from {
        Section::Rejected => Kind::Rejected,
        Section::Blockers => Kind::Problem,
        Section::Assumptions => Kind::Learning,
        Section::Experience => match crate::classify::label_type(line) {
            Some(EntryType::Decision) => Kind::Decision,
            Some(EntryType::Progress) => Kind::Progress,
            Some(EntryType::Rejected) => Kind::Rejected,
            _ if fixed_key(line).is_some() => Kind::Progress,
            _ => Kind::Learning,
        },
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
    // Sure enough to replace the old line: a confident finding, or one that says in so many
    // words that it corrects ("now allows 60", "actually 1000") without hedging; a plain
    // statement otherwise only links.
    let sure = confidence >= CONFIDENT
        || (worth_cues::correction(similarity::content(line)) && !worth_cues::hedge(line));
    if kind != Kind::Rejected
        && band >= Band::VerySimilar
        && sure
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
/// words (one, for a short line) go unsaid by the new one, numbers and negations aside, and
/// no word of the new one stands where the old one has another ("Chrome drops cookies" is
/// not about "Safari drops cookies"; see [`crate::parse::contrasts`]), and neither names a
/// narrower subject than the other ("the API worker" is not "the worker"; see
/// [`crate::parse::narrows`]).
pub(super) fn same_subject(new: &str, old: &str, tokenizer: &mut Tokenizer) -> bool {
    if crate::parse::contrasts(new, old, false)
        || crate::parse::narrows(new, old)
        || crate::parse::narrows(old, new)
    {
        return false;
    }
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
pub(super) fn contradiction(new: &str, old: &str, added: &[String]) -> Option<&'static str> {
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

/// For each target (a candidate's sentence vector), the `limit` memory lines closest to it
/// in the related band or above, as `(source, doc)`, closest first. One pass over the
/// memory's lines reads each cached vector in place (no copy of the cache) and scores it
/// against every target.
fn nearest_lines(
    index: &Index,
    sentences: &mut Sentences,
    targets: &[Vec<f32>],
    limit: usize,
) -> Vec<Vec<(usize, usize)>> {
    let mut near: Vec<Vec<(f32, (usize, usize))>> = vec![Vec::new(); targets.len()];
    for (s, source) in index.sources.iter().enumerate() {
        for doc in 0..source.segment.doc_count() {
            let meta = source.segment.doc(doc);
            if meta.superseded {
                continue;
            }
            let Some(v) = sentences.cached(source.slice(meta.start, meta.len)) else {
                continue;
            };
            for (target, near) in targets.iter().zip(&mut near) {
                let cosine = v.dot(target).clamp(0.0, 1.0);
                if cosine >= SENTENCE_BANDS.related {
                    near.push((cosine, (s, doc)));
                }
            }
        }
    }
    near.into_iter()
        .map(|mut near| {
            near.sort_by(|a, b| b.0.total_cmp(&a.0));
            near.into_iter().take(limit).map(|(_, at)| at).collect()
        })
        .collect()
}

/// The decisions for every candidate, and the memory lines to mark superseded
/// (1-based line number, text as found). With `sentences` (the model is installed) lines
/// are compared by their sentence vectors and the sentence bands; without, lexically.
/// `logged_after`: for a blocker, the first MEMORY.md line written after it was logged and
/// its day (see [`session_fix`]); `answered`: the blockers a fix logged during the session
/// resolves, and `resolved`: the problems memory holds as resolved (see [`recurrence`]).
fn decide(
    index: &Index,
    candidates: Vec<(Section, String, String)>,
    tokenizer: &mut Tokenizer,
    today: NaiveDate,
    mut sentences: Option<&mut Sentences>,
    logged_after: &HashMap<&str, (usize, Option<NaiveDate>)>,
    (answered, resolved): (&HashMap<String, String>, &ResolvedProblems<'_>),
) -> (Vec<Promotion>, Vec<(usize, String)>) {
    let vocab = SegmentVocabulary::new(index.segments());
    let features = Features::default();
    // Sentence vectors of the candidates (embedded in one batch) and of the memory's lines
    // (as retrieval cached them).
    let (mut candidate_vectors, mut nearest) = match sentences.as_deref_mut() {
        Some(sentences) => {
            let lines: Vec<&str> = candidates.iter().map(|c| c.2.as_str()).collect();
            let vectors = sentences.vectors(&lines).unwrap_or_default();
            let nearest = nearest_lines(index, sentences, &vectors, NEAREST);
            (vectors, nearest)
        }
        None => (Vec::new(), Vec::new()),
    };
    candidate_vectors.reverse();
    nearest.reverse();
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
        let near = nearest.pop().unwrap_or_default();
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
        for (seg, doc) in near {
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
        // A lexical match counts only when the memory line holds one of the item's words
        // itself: made of synonym-group words alone ("DB" against "Postgres over MySQL") it
        // says the two are about the same area, and would link, skip or replace a line about
        // something else. Sentence vectors judge the meaning themselves: a paraphrase that
        // shares no word is what they find.
        let terms = similarity::content_terms(&line, tokenizer);
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
            .filter(|(s, f)| {
                s.band(&LEXICAL_MEMORY_BANDS) >= Band::Similar
                    && (s.measure == Measure::Sentence
                        || similarity::holds_a_term(&f.source.segment, f.doc, &terms))
            })
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
        let fixed_by = (from == Section::Blockers)
            .then(|| logged_after.get(promotion.item.as_str()))
            .flatten()
            .and_then(|&after| session_fix(&related, after));
        if let Some((score, found, fix)) = fixed_by {
            // Written with its fix, the problem reads as resolved though it lands after it.
            promotion.similar_to = Some(Similar {
                text: found.text().to_string(),
                line: Some(found.meta.line),
                kind: found.meta.kind,
                similarity: round(score.value),
            });
            promotion.action = Action::Linked;
            promotion.reason = Some("its fix, logged after it".to_string());
            let line = with_fix(&line, &fix).unwrap_or(line);
            promotion.line = format!("{line} (see also: {})", wikilink(found));
        } else if let Some((chosen, came_back)) = best(true).or_else(|| best(false)).map(|best| {
            let open = from == Section::Blockers
                && !answered.contains_key(&promotion.item)
                && !line.contains("→ fix:");
            recurrence(
                open,
                best,
                &related,
                kind,
                (&line, confidence),
                resolved,
                tokenizer,
            )
        }) {
            let (score, found) = chosen;
            promotion.similar_to = Some(Similar {
                text: found.text().to_string(),
                line: Some(found.meta.line),
                kind: found.meta.kind,
                similarity: round(score.value),
            });
            let (action, reason) = if came_back {
                // The old line stays true (the problem was fixed then); this one says it
                // is open again, so it is added after it, linked, and never skipped.
                (Action::Linked, "back after its fix".to_string())
            } else if found.meta.kind == kind {
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

/// What a blocker is compared with when memory holds it as a problem already: `best`, the
/// most similar line, unless an `open` blocker (promoted with no fix) meets a problem that
/// memory holds as resolved. That is an earlier occurrence, never a duplicate: the problem
/// came back after its fix, and skipped as "already known" it would leave no trace of
/// being open again (Open Loops, like `mind log problem`, reads a problem logged after its
/// fix as open). Then an open problem of the same wording that memory holds still is the
/// duplicate, if there is one; else `best` with `true`: the blocker is added as a problem
/// again, linked to it.
fn recurrence<'f, 'i>(
    open: bool,
    best: &'f (Similarity, Found<'i>),
    related: &'f [(Similarity, Found<'i>)],
    kind: Kind,
    (line, confidence): (&str, f32),
    resolved: &ResolvedProblems<'_>,
    tokenizer: &mut Tokenizer,
) -> (&'f (Similarity, Found<'i>), bool) {
    if !open || best.1.meta.kind != kind || !resolved.holds(&best.1) {
        return (best, false);
    }
    let still_open = (related.iter())
        .filter(|(_, f)| f.meta.kind == kind && !resolved.holds(f))
        .max_by(|a, b| a.0.value.total_cmp(&b.0.value));
    if let Some(duplicate) = still_open {
        let band = duplicate.0.band(&LEXICAL_MEMORY_BANDS);
        let text = duplicate.1.text();
        if relate_same_kind(kind, line, confidence, band, text, tokenizer).0 == Action::Skipped {
            return (duplicate, false);
        }
    }
    (best, true)
}

/// The fix of a blocker among the `related` lines of its comparison: a progress line about
/// the same subject (in the update band or above, as any line of another kind must be to
/// be linked), written to MEMORY.md after the blocker was logged (`after`: its first line
/// then, and the blocker's day, which the fix must not be dated before), the most similar
/// first; with its title. The open-loop rule wants more shared words than a fix worded
/// differently has ("gave each parallel test its own tempdir index: no more tantivy
/// LockBusy" for "tantivy writer panics with LockBusy when tests run in parallel");
/// promoted without its fix, the problem would land after it and read as open for good.
fn session_fix<'f, 'i>(
    related: &'f [(Similarity, Found<'i>)],
    (first_line, day): (usize, Option<NaiveDate>),
) -> Option<(Similarity, &'f Found<'i>, String)> {
    let (score, found) = (related.iter())
        .filter(|(s, f)| {
            f.meta.kind == Kind::Progress
                && f.meta.line >= first_line
                && crate::parse::loops::not_before(f.meta.date, day)
                && s.band(&LEXICAL_MEMORY_BANDS) >= Band::VerySimilar
        })
        .max_by(|a, b| a.0.value.total_cmp(&b.0.value))?;
    let doc = crate::parse::parse_document(found.text());
    let fix = doc.entities.first()?.title.trim().to_string();
    (!fix.is_empty()).then_some((*score, found, fix))
}

/// `[[MEMORY#YYYY-MM-DD]]` for the line's date heading; `[[MEMORY#L69]]` for a line under
/// no date heading, the line link MEMORY.md's own header describes. The heading such a
/// line follows says nothing of it: the Python Mind and hand-kept files append their
/// `learned:` lines after whatever section came last (`## Project Context`, `## Stack`).
fn wikilink(found: &crate::rank::index::Found<'_>) -> String {
    match found.meta.date {
        Some(date) => format!("[[MEMORY#{date}]]"),
        None => format!("[[MEMORY#L{}]]", found.meta.line),
    }
}

#[cfg(test)]
mod tests {
    use super::first_line_from;

    #[test]
    fn the_first_line_written_after_an_offset() {
        let text = b"# m\n\nproblem: a\nfixed: b\n";
        assert_eq!(first_line_from(text, 0), Some(1));
        // At a line's start: that line; inside one: the next.
        assert_eq!(first_line_from(text, 5), Some(3));
        assert_eq!(first_line_from(text, 6), Some(4));
        assert_eq!(first_line_from(text, text.len() as u64), Some(5));
        // A file cut back below the offset: nothing in it is known to be newer.
        assert_eq!(first_line_from(text, text.len() as u64 + 1), None);
    }
}
