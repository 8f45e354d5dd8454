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

mod cue_match;
mod decisions;
pub mod rewrite;
mod selection;
pub mod worth_cues;

pub use decisions::plan;
pub use rewrite::mark_superseded;
pub use selection::{Promoted, candidates, confidence, reusable};

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use chrono::NaiveDate;
use serde::Serialize;

use crate::error::Result;
use crate::rank::corpus::Kind;
use crate::store::home::GlobalFolder;
use crate::store::session_file::{Section, Session};
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

/// How a skip for length starts (the only skip with nothing to compare with).
const TOO_LONG: &str = "too long";

/// The longest line promotion writes: what `mind log` takes, with room for its label.
const MAX_PROMOTED_BYTES: usize = crate::commands::MAX_MESSAGE_BYTES + 64;

/// Human lines for what promotion skipped, linked or marked (one per item, each starting
/// "\n  "), each naming the MEMORY.md line it was compared with.
pub fn describe(promotions: &[Promotion]) -> String {
    let mut out = String::new();
    for p in promotions {
        let Some(similar) = &p.similar_to else {
            if p.action == Action::Skipped
                && let Some(reason) = p.reason.as_ref().filter(|r| r.starts_with(TOO_LONG))
            {
                let start: String = p.item.chars().take(60).collect();
                out.push_str(&format!("\n  = not promoted ({reason}): {start}…"));
            }
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

/// What is known of the finished session's blockers, each by its text.
#[derive(Debug, Clone, Default)]
pub struct Blockers {
    /// The fix logged after it that resolves it by the open-loop rule.
    pub fixes: HashMap<String, String>,
    /// Where it was logged: MEMORY.md's length then, and the day. A fix of another wording
    /// that the comparison finds about the same subject among the lines MEMORY.md gained
    /// after it (and not dated before the day) is its fix too.
    pub logged_at: HashMap<String, (u64, Option<NaiveDate>)>,
}

/// Promote `session` into MEMORY.md (the caller holds the store lock): new lines go under
/// the `date` heading; superseded lines are marked. A batch that only adds is one append;
/// one that also marks rewrites the file atomically. With `home` holding an installed
/// model, lines are compared by sentence vectors. `blockers`: the fixes the session logged
/// after its blockers, and where each blocker was logged.
pub fn promote(
    project: &Project,
    session: &Session,
    memory_bytes: Vec<u8>,
    date: NaiveDate,
    home: Option<&GlobalFolder>,
    blockers: &Blockers,
) -> Result<Outcome> {
    let shared = Arc::new(memory_bytes);
    let (mut promotions, superseded) = plan(project, session, &shared, date, home, blockers);
    // A memory is a sentence or a few: an item written into SESSION.md by hand past what
    // `mind log` takes would put a page on one line of MEMORY.md (and of every block).
    // The session's archive keeps it whole.
    for p in promotions
        .iter_mut()
        .filter(|p| p.action != Action::Skipped)
    {
        if p.line.len() > MAX_PROMOTED_BYTES {
            p.action = Action::Skipped;
            p.reason = Some(format!(
                "{TOO_LONG} for a memory line ({} bytes, at most {MAX_PROMOTED_BYTES}); the \
                 session archive keeps it",
                p.line.len()
            ));
        }
    }
    for p in promotions.iter_mut().filter(|p| {
        p.kind == Kind::Problem && p.from == Section::Blockers && p.action != Action::Skipped
    }) {
        if let Some(line) = (blockers.fixes)
            .get(&p.item)
            .and_then(|fix| with_fix(&p.line, fix))
        {
            p.line = line;
        }
    }
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

/// A promoted blocker that a fix logged during its session already answers, written with
/// that fix (`problem: X → fix: Y`) so it reads as resolved. Promotion appends the problem
/// after the fix, and a problem is resolved only by a later fix (an earlier one may be the
/// fix of an older occurrence), so without it a blocker solved before the session ended
/// stayed an open loop for good. `None` when the line has its fix already.
fn with_fix(line: &str, fix: &str) -> Option<String> {
    if line.contains("→ fix:") {
        return None;
    }
    let (head, tail) = match line.find(" (see also: ") {
        Some(at) => line.split_at(at),
        None => (line, ""),
    };
    Some(format!("{head} → fix: {fix}{tail}"))
}

/// For each of `problems` (lines typed as problems, `problem: X`), the title of the fix in
/// `logged_since` that resolves it by the rule open loops use, if any: `logged_since` is
/// read as following them, the problems dated `day` when it is known (a fix dated before
/// it resolves none of them). One parse for all of them.
pub fn fixes_logged_since(
    problems: &[&str],
    day: Option<NaiveDate>,
    logged_since: &str,
) -> Vec<Option<String>> {
    if logged_since.trim().is_empty() || problems.is_empty() {
        return vec![None; problems.len()];
    }
    let heading = day.map(|day| format!("## {day}\n")).unwrap_or_default();
    let first = 1 + usize::from(day.is_some());
    let mut text: String = problems
        .iter()
        .map(|p| format!("{}\n", p.replace(['\n', '\r'], " ")))
        .collect();
    text.insert_str(0, &heading);
    text.push_str(logged_since);
    let doc = crate::parse::parse_document(&text);
    (first..first + problems.len())
        .map(|line| {
            let problem = doc.entities.iter().find(|e| e.line == line)?;
            let fix_line = problem.resolved_by?;
            let fix = doc.entities.iter().find(|e| e.line == fix_line)?;
            let fix = fix.title.trim();
            (!fix.is_empty()).then(|| fix.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::similarity;
    use crate::rank::tokenize::Tokenizer;
    use decisions::{contradiction, same_subject};
    use selection::problem_line;

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
    fn a_blocker_takes_the_fix_its_session_logged() {
        let since = "fixed: the login test no longer fails across midnight (clock injected)\n";
        let found = fixes_logged_since(
            &[
                "problem: login test fails at midnight",
                "problem: S3 uploads time out",
            ],
            None,
            since,
        );
        assert_eq!(
            found,
            [
                Some("the login test no longer fails across midnight (clock injected)".into()),
                None
            ]
        );
        assert_eq!(
            with_fix(
                "problem: login test fails at midnight (see also: [[MEMORY]])",
                found[0].as_deref().unwrap()
            )
            .as_deref(),
            Some(
                "problem: login test fails at midnight → fix: the login test no longer fails \
                 across midnight (clock injected) (see also: [[MEMORY]])"
            )
        );
        // A line that has its fix, or nothing logged: unchanged.
        assert_eq!(
            with_fix("problem: login fails at midnight → fix: UTC", "x"),
            None
        );
        assert_eq!(
            fixes_logged_since(&["problem: login test fails at midnight"], None, " \n"),
            [None]
        );
        // A fix dated before the day the blocker was logged (brought from an old commit
        // since) fixed an earlier occurrence; one of that day or later is its fix.
        let day = NaiveDate::from_ymd_opt(2026, 1, 8);
        let old = "## 2026-01-05\nfixed: the login test no longer fails across midnight\n";
        let blocker = ["problem: login test fails at midnight"];
        assert_eq!(fixes_logged_since(&blocker, day, old), [None]);
        let same_day = "## 2026-01-08\nfixed: the login test no longer fails across midnight\n";
        assert_eq!(
            fixes_logged_since(&blocker, day, same_day),
            [Some(
                "the login test no longer fails across midnight".into()
            )]
        );
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
        let lines: Vec<String> = candidates(&s, &HashMap::new())
            .into_iter()
            .map(|c| c.2)
            .collect();
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
        // A tool and an error in the form a report uses ("OOMs", not "OOM").
        assert!(reusable("cargo build --release OOMs on the CI runner"));
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
