//! Open loops: what memory says is unfinished. A problem is open until a later progress
//! entry on the same subject resolves it (same subject = enough shared content words; the
//! ranking module may refine this); a provisional decision ("for now", "temporary",
//! "quick fix", "mvp") older than [`STALE_DAYS`] is a question: is it still valid?

use std::collections::HashMap;

use chrono::NaiveDate;

use super::details::subject_words;
use crate::parse::{Document, Entity, EntryType, ProblemStatus};

/// Age at which a provisional decision is asked about again.
pub const STALE_DAYS: i64 = 14;

/// Content words considered per entity (titles can be long; the subject comes first).
const MAX_WORDS: usize = 8;
/// Candidates looked at per shared word or word pair.
const MAX_CANDIDATES: usize = 3;

/// Mark problems that a later progress entry resolves (`status = Resolved`,
/// `resolved_by = Some(line)`).
pub fn resolve_problems(entities: &mut [Entity]) {
    let open = |e: &Entity| {
        e.kind == EntryType::Problem
            && matches!(e.status, Some(ProblemStatus::Open | ProblemStatus::Blocked))
    };
    if !entities.iter().any(open) {
        return;
    }
    let mut vocab: HashMap<String, u32> = HashMap::new();
    let ids = |words: Vec<String>, insert: bool, vocab: &mut HashMap<String, u32>| {
        let mut out: Vec<u32> = Vec::new();
        for w in words.into_iter().take(MAX_WORDS) {
            let next = vocab.len() as u32;
            let id = if insert {
                Some(*vocab.entry(w).or_insert(next))
            } else {
                vocab.get(&w).copied()
            };
            // Unknown words still count towards the problem's size.
            out.push(id.unwrap_or(u32::MAX - out.len() as u32));
        }
        out.sort_unstable();
        out.dedup();
        out
    };

    // Progress entries in file order with their word ids, and indexes by word and pair.
    let mut progress: Vec<(usize, Vec<u32>)> = Vec::new();
    for e in entities
        .iter()
        .filter(|e| e.kind == EntryType::Progress && !e.superseded)
    {
        progress.push((e.line, ids(subject_words(&e.title), true, &mut vocab)));
    }
    let mut singles: HashMap<u32, Vec<usize>> = HashMap::new();
    let mut pairs: HashMap<(u32, u32), Vec<usize>> = HashMap::new();
    for (i, (_, words)) in progress.iter().enumerate() {
        for (a, wa) in words.iter().enumerate() {
            singles.entry(*wa).or_default().push(i);
            for wb in &words[a + 1..] {
                pairs.entry((*wa, *wb)).or_default().push(i);
            }
        }
    }

    for e in entities.iter_mut().filter(|e| open(e)) {
        let words = ids(subject_words(&e.title), false, &mut vocab);
        if words.is_empty() {
            continue;
        }
        let need = words.len().div_ceil(2).clamp(1, 3);
        let mut candidates: Vec<usize> = Vec::new();
        let mut take = |list: Option<&Vec<usize>>| {
            if let Some(list) = list {
                let from = list.partition_point(|&i| progress[i].0 <= e.line);
                candidates.extend(list[from..].iter().take(MAX_CANDIDATES));
            }
        };
        if need == 1 {
            for w in &words {
                take(singles.get(w));
            }
        } else {
            for (a, wa) in words.iter().enumerate() {
                for wb in &words[a + 1..] {
                    take(pairs.get(&(*wa, *wb)));
                }
            }
        }
        candidates.sort_unstable();
        candidates.dedup();
        let found = candidates.into_iter().find(|&i| {
            let shared = progress[i]
                .1
                .iter()
                .filter(|w| words.binary_search(w).is_ok())
                .count();
            shared >= need
        });
        if let Some(i) = found {
            e.status = Some(ProblemStatus::Resolved);
            e.resolved_by = Some(progress[i].0);
        }
    }
}

/// Why a loop is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopKind {
    /// A problem with no later fix.
    Problem,
    /// A problem waiting on something.
    Blocked,
    /// A provisional decision older than [`STALE_DAYS`].
    StaleDecision,
}

/// One open loop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpenLoop<'a> {
    pub kind: LoopKind,
    pub entity: &'a Entity,
    /// Days since the entity's date, when it has one.
    pub age_days: Option<i64>,
}

/// Words that mark a decision as provisional.
pub fn is_provisional(text: &str) -> bool {
    let lower = text.to_lowercase();
    [
        "for now",
        "temporary",
        "temporarily",
        "quick fix",
        "quick hack",
        "mvp",
        "stopgap",
        "for the time being",
        "interim",
    ]
    .iter()
    .any(|p| super::lex::has_word(lower.as_bytes(), p.as_bytes()))
}

/// Open problems (newest first), then stale provisional decisions (newest first).
pub fn open_loops(doc: &Document, today: NaiveDate) -> Vec<OpenLoop<'_>> {
    let age = |e: &Entity| e.date.map(|d| (today - d).num_days());
    let mut problems: Vec<OpenLoop<'_>> = doc
        .entities
        .iter()
        .filter(|e| e.kind == EntryType::Problem && !e.superseded)
        .filter_map(|e| {
            let kind = match e.status {
                Some(ProblemStatus::Open) => LoopKind::Problem,
                Some(ProblemStatus::Blocked) => LoopKind::Blocked,
                _ => return None,
            };
            Some(OpenLoop {
                kind,
                entity: e,
                age_days: age(e),
            })
        })
        .collect();
    problems.sort_by_key(|l| std::cmp::Reverse((l.entity.date, l.entity.line)));
    let mut stale: Vec<OpenLoop<'_>> = doc
        .entities
        .iter()
        .filter(|e| e.kind == EntryType::Decision && !e.superseded)
        .filter(|e| age(e).is_some_and(|a| a >= STALE_DAYS) && is_provisional(&e.text))
        .map(|e| OpenLoop {
            kind: LoopKind::StaleDecision,
            entity: e,
            age_days: age(e),
        })
        .collect();
    stale.sort_by_key(|l| std::cmp::Reverse((l.entity.date, l.entity.line)));
    problems.extend(stale);
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_document;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn later_fix_on_same_subject_resolves() {
        let doc = parse_document(
            "## 2026-01-10\nproblem: API returns 500 on large payloads\nproblem: Safari drops the session cookie\n\
             ## 2026-01-11\nfixed: large payloads now stream, API 500 gone\n",
        );
        let p = &doc.entities[0];
        assert_eq!(p.status, Some(ProblemStatus::Resolved));
        assert_eq!(p.resolved_by, Some(5));
        assert_eq!(doc.entities[1].status, Some(ProblemStatus::Open));
    }

    #[test]
    fn earlier_fix_or_unrelated_fix_does_not_resolve() {
        let doc = parse_document(
            "fixed: login redirect loop\nproblem: login redirect loop is back\nfixed: typo in README\n",
        );
        assert_eq!(doc.entities[1].status, Some(ProblemStatus::Open));
    }

    #[test]
    fn loops_newest_first_with_stale_decisions() {
        let doc = parse_document(
            "## 2026-01-01\ndecided: use sqlite for now\ndecided: use rust\nproblem: flaky upload test\n\
             ## 2026-01-20\nproblem: deploy blocked by legal review\ndecided: temporary cache in memory\n",
        );
        let loops = open_loops(&doc, d(2026, 1, 22));
        let got: Vec<(LoopKind, &str)> = loops
            .iter()
            .map(|l| (l.kind, l.entity.title.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (LoopKind::Blocked, "deploy blocked by legal review"),
                (LoopKind::Problem, "flaky upload test"),
                (LoopKind::StaleDecision, "use sqlite for now"),
            ]
        );
        assert_eq!(loops[2].age_days, Some(21));
    }
}
