//! Which session items are candidates for MEMORY.md, and how sure each one sounds.

use std::collections::HashMap;

use super::cue_match::has_word;
use super::worth_cues;
use crate::capture::dedupe;
use crate::capture::tool_failures::{FailureLine, fixed_key, memory_line};
use crate::parse::{EntryType, classify_line, ruled_out};
use crate::rank::similarity::{self, Vector};
use crate::rank::tokenize::Tokenizer;
use crate::store::session_file::{Section, Session};

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
pub(super) fn problem_line<'e>(
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
    // A part that already names itself after an arrow ("fails on arm64 -> fix: use
    // buildx") keeps the one label the line gives it: `→ fix: use buildx`.
    let unlabelled = |part: String, labels: &[&str]| {
        let cut = labels.iter().find_map(|label| {
            let head = part.get(..label.len())?;
            head.eq_ignore_ascii_case(label)
                .then(|| part[label.len()..].trim_start().to_string())
        });
        cut.unwrap_or(part)
    };
    let cause_labels = ["root cause:", "cause:"];
    // What follows an arrow is a fix unless it says it is the cause ("-> cause: ...").
    if cause.is_none()
        && let Some(f) = &fix
        && cause_labels
            .iter()
            .any(|l| f.get(..l.len()).is_some_and(|h| h.eq_ignore_ascii_case(l)))
    {
        cause = fix.take();
    }
    let cause = cause.map(|c| unlabelled(c, &cause_labels));
    let fix = fix.map(|f| unlabelled(f, &["fix:", "fixed by", "workaround:", "solution:"]));
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
/// cause or fix is not promoted a second time as a learning. `answered` holds the blockers
/// a fix logged during the session resolves, with that fix: a solved problem and how it was
/// solved is worth keeping whatever else it names.
pub fn candidates(
    session: &Session,
    answered: &HashMap<String, String>,
) -> Vec<(Section, String, String)> {
    let mut tokenizer = Tokenizer::default();
    let mut problems = Vec::new();
    let mut used: Vec<&String> = Vec::new();
    for item in &session.blockers {
        if reusable(item) || answered.contains_key(item) {
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
            // The hook's own line goes without its agent's tag (and any output an earlier
            // version kept in it); a fix written another way, as it is.
            let line = memory_line(item).unwrap_or_else(|| item.clone());
            out.push((Section::Experience, item.clone(), line));
            continue;
        }
        // A question, a plan or a record of time spent is no finding, whatever it names.
        if !finding(item) {
            continue;
        }
        // A choice noted as an experience ("switching from Celery to Dramatiq because ...")
        // is kept as the decision it is, so Recent Decisions and what it takes back see it.
        let (kind, line) = experience_line(item);
        // A fix the parser reads as one ("fixed the flaky test by pinning the seed") is
        // worth keeping as a choice is: how something got solved.
        // Not one that only hoped so ("thought I fixed it, but it still fails").
        let fix = kind == EntryType::Progress
            && worth_cues::fix_item(item)
            && !worth_cues::hedge(item)
            && !worth_cues::nothing_found(item)
            && !crate::parse::attempt_failed(item)
            && !has_word(item, "thought|hoped|but|not");
        // A figure measured, not guessed or still to measure.
        let measured = worth_cues::measurement(item)
            && !worth_cues::hedge(item)
            && !worth_cues::nothing_found(item);
        if kind == EntryType::Decision
            || fix
            || worth_cues::tech(item)
            || (worth_cues::insight(item) && !worth_cues::nothing_found(item))
            || worth_cues::path_or_code(item)
            || measured
        {
            out.push((Section::Experience, item.clone(), line));
        }
    }
    out.extend(problems);
    out
}

/// The line promotion writes for the session item `item` of `section` taken on its own: no
/// cause or fix from the session's other items, no link, whatever its worth; `None` for an
/// assumption, which is never promoted. An experience is written `learned: ...` here, though
/// promotion may keep it as `decided: ...` or as the recorded fix it is: the comparison key
/// ([`dedupe::key`]) drops either label. A fix the post-tool hook recorded is written as
/// promotion writes it (without its agent's tag).
fn promoted_line(section: Section, item: &str) -> Option<String> {
    match section {
        Section::Rejected => Some(format!("decided against: {}", rejected_text(item))),
        Section::Experience => Some(memory_line(item).unwrap_or_else(|| experience_line(item).1)),
        Section::Blockers => Some(problem_line(item, &[], &mut Tokenizer::default()).0),
        Section::Assumptions => None,
    }
}

/// Where promotion's link to a related line starts (see `decisions::plan`).
const SEE_ALSO: &str = " (see also: ";

/// A session item as promotion writes it, to tell the memory line made of it: the same
/// item, though promotion rewrote it (`decided against: X` of a rejected `ruled out X`,
/// `problem: X → cause: C` of a blocker `X because C`) and may have added to it (the fix
/// the session logged, ` → fix: F`; a link to a related line,
/// ` (see also: [[MEMORY#2026-01-15]])`; a `[superseded]` mark since). Lines are compared by
/// the comparison keys of their parts (split at ` → `): a problem's line holds every part
/// of the item's, starting with the same problem; any other line is the item's exactly.
pub struct Promoted {
    section: Section,
    parts: Vec<String>,
}

impl Promoted {
    /// The item `item` of `section`; `None` for one promotion never writes (an assumption)
    /// or that has no words.
    pub fn of(section: Section, item: &str) -> Option<Promoted> {
        let parts = key_parts(&promoted_line(section, item)?);
        (!parts[0].is_empty()).then_some(Promoted { section, parts })
    }

    /// Whether the memory line `line` is the one promotion made of this item.
    pub fn made(&self, line: &str) -> bool {
        let made = key_parts(line);
        if made[0] != self.parts[0] {
            return false;
        }
        match self.section {
            Section::Blockers => self.parts.iter().all(|part| made.contains(part)),
            _ => made == self.parts,
        }
    }
}

/// The comparison keys of a line's parts, without promotion's link.
fn key_parts(line: &str) -> Vec<String> {
    let line = line.find(SEE_ALSO).map_or(line, |at| &line[..at]);
    line.split(" → ").map(dedupe::key).collect()
}

/// Whether an experience states something found: not a question ("should we switch to
/// Go?"), a plan ("we will use Postgres again once ...") or a record of time spent ("spent
/// an hour reading the auth middleware") unless it also says what was found.
fn finding(item: &str) -> bool {
    let text = strip_label(item).trim();
    if text.ends_with('?') {
        return false;
    }
    let lower = text.to_lowercase();
    let opens = |words: &[&str]| {
        words.iter().any(|w| {
            lower
                .strip_prefix(w)
                .is_some_and(|rest| rest.starts_with([' ', ',', ':']))
        })
    };
    let plan = opens(&[
        "we will",
        "we'll",
        "i will",
        "i'll",
        "will",
        "going to",
        "we're going to",
        "plan to",
        "planning to",
        "we plan to",
        "todo",
        "to do",
        "next",
        "need to",
        "needs to",
        "have to",
    ]);
    let activity = opens(&[
        "spent",
        "worked on",
        "working on",
        "started",
        "looked at",
        "looking at",
        "reading",
        "read through",
        "went through",
    ]);
    let found = !activity || worth_cues::insight(text) || worth_cues::reason(text);
    !plan && found
}

/// The type and memory line of an experience worth keeping, with exactly one label as `mind
/// log` writes it: a choice is a decision ("decided to use tokio" -> `decided: use tokio`), a
/// fix is progress ("fixed the flaky test by pinning the seed" -> `fixed: the flaky test
/// ...`), a finding anything else ("learned that retries need jitter" -> `learned: retries
/// need jitter`). The parser reads the item's words as it reads a line of MEMORY.md.
fn experience_line(item: &str) -> (EntryType, String) {
    let text = strip_label(item);
    let kind = match classify_line(text, None) {
        Some(parsed)
            if parsed.reason == "cue"
                && matches!(parsed.kind, EntryType::Decision | EntryType::Progress) =>
        {
            parsed.kind
        }
        _ => EntryType::Learning,
    };
    (kind, crate::classify::memory_line(kind, text))
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

#[cfg(test)]
mod tests {
    use super::{Promoted, Section};

    fn made(section: Section, item: &str, line: &str) -> bool {
        Promoted::of(section, item).is_some_and(|p| p.made(line))
    }

    #[test]
    fn a_part_named_after_an_arrow_keeps_one_label() {
        let mut tokenizer = crate::rank::tokenize::Tokenizer::default();
        for (blocker, line) in [
            (
                "docker build fails on arm64 -> fix: use buildx",
                "problem: docker build fails on arm64 → fix: use buildx",
            ),
            (
                "docker build fails on arm64 → Fix: use buildx",
                "problem: docker build fails on arm64 → fix: use buildx",
            ),
            (
                "login loops -> cause: stale cookie",
                "problem: login loops → cause: stale cookie",
            ),
            (
                "uploads stall because the proxy buffers -> fixed by streaming",
                "problem: uploads stall → cause: the proxy buffers → fix: streaming",
            ),
        ] {
            assert_eq!(super::problem_line(blocker, &[], &mut tokenizer).0, line);
        }
    }

    #[test]
    fn the_memory_line_promotion_made_of_an_item_is_known() {
        let rejected = "bumping the timeout to 60s - still fails under load";
        assert!(made(
            Section::Rejected,
            rejected,
            "decided against: bumping the timeout to 60s - still fails under load"
        ));
        assert!(made(
            Section::Rejected,
            "ruled out memcached: no persistence",
            "[superseded] decided against: memcached: no persistence"
        ));
        assert!(made(
            Section::Experience,
            "TIL: the client retries forever",
            "learned: the client retries forever (see also: [[MEMORY#2026-01-15]])"
        ));
        assert!(made(
            Section::Experience,
            "switching from Celery to Dramatiq because of retries",
            "decided: switching from Celery to Dramatiq because of retries"
        ));
        let blocker = "uploads stall on slow networks because the proxy buffers";
        assert!(made(
            Section::Blockers,
            blocker,
            "problem: uploads stall on slow networks → cause: the proxy buffers"
        ));
        // The fix the session logged after it, added at promotion.
        assert!(made(
            Section::Blockers,
            blocker,
            "problem: uploads stall on slow networks → cause: the proxy buffers → fix: stream"
        ));
    }

    #[test]
    fn other_lines_are_not_the_item() {
        assert!(!made(
            Section::Rejected,
            "bumping the timeout to 90s - still fails under load",
            "decided against: bumping the timeout to 60s - still fails under load"
        ));
        // A decision is not the rejection of the same words.
        assert!(!made(
            Section::Rejected,
            "redis for sessions - overkill",
            "decided: redis for sessions - overkill"
        ));
        assert!(!made(
            Section::Experience,
            "the client retries forever",
            "learned: the client retries forever without a timeout"
        ));
        // The same problem with another cause is another finding.
        assert!(!made(
            Section::Blockers,
            "uploads stall on slow networks because the CDN throttles",
            "problem: uploads stall on slow networks → cause: the proxy buffers"
        ));
        assert!(!made(Section::Assumptions, "x", "x"));
    }
}
