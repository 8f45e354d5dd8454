//! Promotion at a new session: what of SESSION.md is worth keeping in MEMORY.md, and how
//! it relates to what memory already holds.
//!
//! Candidates: rejected approaches that carry a reason become `decided against: ...`;
//! experiences that carry a tech word, a path, an insight word or an arrow become
//! `learned: ...`; blockers become `problem: ... → cause: ... → fix: ...` only when they carry
//! reuse signals (a platform, library or tool, an error pattern, a cause or a fix). Assumptions
//! belong to their session and are not kept.
//!
//! Each candidate is compared with MEMORY.md (calibrated TF-IDF similarity over the
//! memory's own vocabulary, candidates found through its BM25 index):
//! - ≥ 0.9: already known, skipped;
//! - 0.7–0.9: if the candidate is confident (≥ 0.7: it states a reason or a definite finding
//!   and does not hedge), the old line is marked `[superseded]` and the new one added;
//!   otherwise the new line is added with a `[[MEMORY#YYYY-MM-DD]]` link to the old one's
//!   date heading;
//! - below: added.
//!
//! Candidates are also compared with each other, so one batch never adds the same thing twice.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;
use serde::Serialize;

use crate::error::Result;
use crate::parse::classify_line;
use crate::rank::bm25::{Features, Filter, Query};
use crate::rank::corpus::SUPERSEDED;
use crate::rank::index::Index;
use crate::rank::similarity::{self, SegmentVocabulary, Vector};
use crate::rank::tokenize::Tokenizer;
use crate::store::session::{Section, Session};
use crate::store::text::{self, split_lines, strip_eol};
use crate::store::{Project, append, atomic, memory};

/// At or above: the memory already holds this; skip it.
pub const SKIP: f32 = 0.9;
/// At or above (and below [`SKIP`]): link to, or supersede, the similar line.
pub const RELATE: f32 = 0.7;
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
    pub similarity: f64,
}

/// One session item and what became of it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Promotion {
    pub from: Section,
    pub item: String,
    /// The memory line (as written, for added, linked and superseded items).
    pub line: String,
    pub action: Action,
    pub confidence: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub similar_to: Option<Similar>,
}

/// The result of promoting a session.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub promotions: Vec<Promotion>,
    /// MEMORY.md as it is after promotion.
    pub memory: Vec<u8>,
}

static REASON: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\s[-–—]\s|\s--\s|\bbecause\b|\bsince\b|\bdue to\b|:\s|->|=>|→")
        .expect("static pattern")
});

static TECH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:safari|chrome|firefox|windows|linux|macos|ios|android|npm|yarn|pnpm|pip|cargo|apt|brew|docker|kubernetes|k8s|react|vue|angular|svelte|node|python|rust|go|java|typescript|httponly|cookies?|localstorage|jwt|oauth|cors|bcrypt|hash|ssl|tls|https?|sql|postgres|sqlite|redis|git|api|webpack|vite|jest)\b",
    )
    .expect("static pattern")
});

static INSIGHT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:realized|realised|learned|learnt|discovered|turns out|gotcha|important|key|critical|always|never|because)\b|->|=>|→",
    )
    .expect("static pattern")
});

static PATH_OR_CODE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[/\\][\w.-]+\.\w+|`[^`]+`").expect("static pattern"));

static DEFINITE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:always|never|must|turns out|turned out|realized|realised|discovered|confirmed|verified|root cause|fixed by|solution|the fix)\b")
        .expect("static pattern")
});

static HEDGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:maybe|might|probably|perhaps|possibly|not sure|unsure|i think|i guess|seems|could be|may be)\b|\?")
        .expect("static pattern")
});

static SPECIFIC: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"`[^`]+`|[/\\][\w.-]+\.\w+|\b\w+[._]\w+\b|\bv?\d+\.\d+|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b",
    )
    .expect("static pattern")
});

// Reuse signals of a problem (a blocker worth remembering beyond its session).
static PLATFORM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:windows|win32|macos|darwin|linux|ubuntu|debian|alpine|wsl|ios|android|safari|chrome|firefox|docker|kubernetes|k8s|musl|arm64|x86_64)\b")
        .expect("static pattern")
});
static LIBRARY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:npm|yarn|pnpm|pip|cargo|rustc|go|node|nodejs|python|java|gradle|maven|react|vue|angular|svelte|next(?:\.js)?|django|flask|fastapi|rails|express|jest|pytest|vitest|webpack|vite|babel|typescript|postgres(?:ql)?|mysql|sqlite|redis|mongo(?:db|ose)?|kafka|nginx|git|github actions|terraform|openssl|tokio|serde|sqlalchemy|asyncio|celery|graphql|prisma|vercel|aws|lambda|supabase)\b")
        .expect("static pattern")
});
static ERROR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)\b(?:error|exception|traceback|panic(?:ked|s)?|segfault|core dump|timeout|timed out|deadlock|race condition|memory leak|oom|out of memory|permission denied|access denied|not found|no such file|refused|forbidden|unauthorized|[45]\d\d|E\d{3,5}|E[A-Z]{4,})\b|"[^"]{8,}"|\b[A-Z][A-Z0-9]*_[A-Z0-9_]{3,}\b"#)
        .expect("static pattern")
});
static CAUSE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\s*(?:\bbecause\b|\broot cause(?: is|:)?|\bcaused by\b|\bdue to\b)\s*")
        .expect("static pattern")
});
static FIX: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\s*(?:\bfixed by\b|\bfixed with\b|\bsolved by\b|\bsolution:|\bfix:|\bworkaround:|->|=>|→)\s*")
        .expect("static pattern")
});
static FIX_ITEM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:fixed|solved|resolved|works now|working now|workaround|the fix|solution)\b",
    )
    .expect("static pattern")
});
static CAUSE_ITEM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:because|root cause|caused by|turns out|turned out|the reason)\b")
        .expect("static pattern")
});

/// How sure a session item sounds, 0..=1: a reason or a definite finding raises it,
/// hedging lowers it; an explicitly labelled item (`learned: x`) counts as the parser rates it.
pub fn confidence(item: &str) -> f32 {
    let mut c: f32 = 0.5;
    if REASON.is_match(item) {
        c += 0.2;
    }
    if DEFINITE.is_match(item) {
        c += 0.2;
    }
    if SPECIFIC.is_match(item) {
        c += 0.1;
    }
    if HEDGE.is_match(item) {
        c -= 0.3;
    }
    if let Some(parsed) = classify_line(item, None)
        && parsed.confidence > c
        && !HEDGE.is_match(item)
    {
        c = parsed.confidence;
    }
    c.clamp(0.0, 1.0)
}

/// Reuse signals of a problem: platforms, libraries and tools, error patterns, cause and
/// fix. Reusable when the score reaches 0.3 or two kinds of signal are present.
pub fn reusable(text: &str) -> bool {
    let kinds = [
        (PLATFORM.is_match(text), 0.3),
        (LIBRARY.is_match(text), 0.25),
        (ERROR.is_match(text), 0.3),
        (CAUSE.is_match(text) || CAUSE_ITEM.is_match(text), 0.15),
        (FIX.is_match(text) || FIX_ITEM.is_match(text), 0.2),
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
    if let Some(m) = FIX.find(&problem) {
        fix = Some(problem[m.end()..].trim().to_string());
        problem = problem[..m.start()].trim().to_string();
    }
    if let Some(m) = CAUSE.find(&problem) {
        cause = Some(problem[m.end()..].trim().to_string());
        problem = problem[..m.start()].trim().to_string();
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
            && let Some(e) = about.iter().rev().find(|e| FIX_ITEM.is_match(e))
        {
            fix = Some(e.to_string());
            used.push(e);
        }
        if cause.is_none()
            && let Some(e) = about
                .iter()
                .rev()
                .find(|e| CAUSE_ITEM.is_match(e) && !used.contains(e))
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
        if REASON.is_match(item) {
            out.push((
                Section::Rejected,
                item.clone(),
                format!("decided against: {}", strip_label(item)),
            ));
        }
    }
    for item in &session.experience {
        if used.contains(&item) {
            continue;
        }
        if TECH.is_match(item) || INSIGHT.is_match(item) || PATH_OR_CODE.is_match(item) {
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

/// Decide what to do with each candidate against `memory_bytes` (MEMORY.md as it is now).
pub fn plan(
    project: &Project,
    session: &Session,
    memory_bytes: &[u8],
    today: NaiveDate,
) -> (Vec<Promotion>, Vec<(usize, String)>) {
    if candidates(session).is_empty() {
        return (Vec::new(), Vec::new());
    }
    let mut tokenizer = Tokenizer::default();
    let index = Index::memory_bytes(project, memory_bytes.to_vec(), &mut tokenizer);
    decide(&index, session, &mut tokenizer, today)
}

/// The decisions for every candidate, and the memory lines to mark superseded
/// (1-based line number, text as found).
fn decide(
    index: &Index,
    session: &Session,
    tokenizer: &mut Tokenizer,
    today: NaiveDate,
) -> (Vec<Promotion>, Vec<(usize, String)>) {
    let vocab = SegmentVocabulary::new(index.segments());
    let features = Features::default();
    let mut promotions: Vec<Promotion> = Vec::new();
    let mut accepted: Vec<(Vector, String)> = Vec::new();
    let mut superseded: Vec<(usize, String)> = Vec::new();
    for (from, item, line) in candidates(session) {
        let confidence = confidence(&item);
        let vector = Vector::of_text(&line, tokenizer, &vocab);
        let round = |x: f32| (f64::from(x) * 100.0).round() / 100.0;
        // Already promoted in this batch?
        let twin = accepted
            .iter()
            .map(|(v, l)| (v.similarity(&vector), l))
            .find(|(s, _)| *s >= SKIP);
        if let Some((s, twin)) = twin {
            promotions.push(Promotion {
                from,
                item,
                line,
                action: Action::Skipped,
                confidence: round(confidence),
                similar_to: Some(Similar {
                    text: twin.clone(),
                    line: None,
                    similarity: round(s),
                }),
            });
            continue;
        }
        let query = Query::parse(similarity::content(&line), tokenizer, &features);
        let best = index
            .search(&query, &features, &Filter::default(), today, 10)
            .into_iter()
            .filter(|f| !f.meta.superseded)
            .map(|f| {
                let s = Vector::of_doc(&f.source.segment, f.doc, &vocab).similarity(&vector);
                (s, f)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.meta.line.cmp(&a.1.meta.line)));
        let mut promotion = Promotion {
            from,
            item,
            line: line.clone(),
            action: Action::Added,
            confidence: round(confidence),
            similar_to: None,
        };
        if let Some((score, found)) = best.filter(|(s, _)| *s >= RELATE) {
            promotion.similar_to = Some(Similar {
                text: found.text().to_string(),
                line: Some(found.meta.line),
                similarity: round(score),
            });
            if score >= SKIP {
                promotion.action = Action::Skipped;
            } else if confidence >= CONFIDENT {
                promotion.action = Action::Superseded;
                if !superseded.iter().any(|(l, _)| *l == found.meta.line) {
                    superseded.push((found.meta.line, found.text().to_string()));
                }
            } else {
                promotion.action = Action::Linked;
                promotion.line = format!("{line} (see also: {})", wikilink(&found));
            }
        }
        if promotion.action != Action::Skipped {
            accepted.push((vector, promotion.line.clone()));
        }
        promotions.push(promotion);
    }
    (promotions, superseded)
}

/// Human lines for what promotion marked or skipped (one per item, each starting "\n  ").
pub fn describe(promotions: &[Promotion]) -> String {
    let mut out = String::new();
    for p in promotions {
        let Some(similar) = &p.similar_to else {
            continue;
        };
        match (p.action, similar.line) {
            (Action::Superseded, Some(line)) => out.push_str(&format!(
                "\n  ~ superseded MEMORY.md:{line}: {}",
                similar.text
            )),
            (Action::Skipped, _) => out.push_str(&format!(
                "\n  = already known ({:.0}% similar): {}",
                similar.similarity * 100.0,
                p.item
            )),
            _ => {}
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
    let heading = found
        .source
        .text
        .get(section.start..section.start + section.len)
        .unwrap_or("")
        .trim();
    if heading.is_empty() || heading.contains(['|', '[', ']', '#']) {
        "[[MEMORY]]".to_string()
    } else {
        format!("[[MEMORY#{heading}]]")
    }
}

/// Mark lines `[superseded]` (after their list marker), leaving every other byte as it was.
pub fn mark_superseded(bytes: &[u8], lines: &BTreeSet<usize>) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + lines.len() * 16);
    for (i, raw) in split_lines(bytes).into_iter().enumerate() {
        if !lines.contains(&(i + 1)) || text::lossy(raw).contains(SUPERSEDED) {
            out.extend_from_slice(raw);
            continue;
        }
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
/// one that also marks rewrites the file atomically.
pub fn promote(
    project: &Project,
    session: &Session,
    memory_bytes: Vec<u8>,
    date: NaiveDate,
) -> Result<Outcome> {
    let (promotions, superseded) = plan(project, session, &memory_bytes, date);
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
    let appended = memory::append_under_date(&memory, date, &lines);
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
    }
}
