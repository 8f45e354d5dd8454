//! Natural-language cues for lines without a type label: "decided to", "going with",
//! "turns out", "stuck on", "doesn't work", "Fix ...", "watch out for" ...
//!
//! One regex finds every candidate phrase in a line (its literal prefilter keeps the cost
//! near a memchr scan); each candidate is then checked against its context, because the
//! words alone mislead: "Safari decided not to send" is someone else's choice, "going
//! with X would force users to" is a downside, "if you're stuck on X" is advice, "error
//! handling" names a feature, "the fixed header" is an adjective. The checks look only at
//! the few words around the cue.
//!
//! The checks live with their family: [`negation_cues`] (judged first), [`decision_cues`]
//! (with rejections), [`learning_cues`], [`progress_cues`], [`gotcha_cues`] and
//! [`problem_cues`]; [`cue_context`] reads the words around a cue for all of them.

mod cue_context;
mod decision_cues;
mod gotcha_cues;
mod learning_cues;
mod negation_cues;
mod problem_cues;
mod progress_cues;

use std::sync::LazyLock;

use regex::bytes::Regex;

use crate::parse::EntryType;
use cue_context::Around;

/// How much a cue says about the line's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// A symptom noun ("issue", "error", "timeout"): vague.
    Weak,
    /// A failure verb or state ("fails", "doesn't load", "broken").
    Medium,
    /// A first-person verb phrase that names the type ("decided to", "turns out").
    Strong,
}

/// One validated cue in a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cue {
    pub kind: EntryType,
    pub strength: Strength,
    pub start: usize,
    pub end: usize,
}

const APOS: &str = r"(?:'|\xE2\x80\x99)";

static CUES: LazyLock<Regex> = LazyLock::new(|| {
    let neg = format!(
        r"doesn{APOS}t|does not|don{APOS}t forget|don{APOS}t|do not|didn{APOS}t|did not|isn{APOS}t|is not|aren{APOS}t|are not|wasn{APOS}t|was not|weren{APOS}t|were not|won{APOS}t|can{APOS}t|cannot|can not|couldn{APOS}t|could not|unable to|fail(?:s|ed|ing)? to"
    );
    let dec = format!(
        r"decided against|decided|decision to|made (?:the|a|this|that|our) decision|going with|go with|went with|gone with|chose|chosen|opted (?:for|to)|opting for|settled on|picked|selected|switched (?:to|from)|agreed (?:to|on)|ruled out|gave up on|given up on|abandoned|rejected|tried|sticking with|stick with|(?:we|i)(?:{APOS}ll| will) use|use|using"
    );
    let pattern = format!(
        r"(?-u)\b(?:{dec}|{learn}|{prog}|{gotcha}|{neg}|{prob})\b|[a-z]error\b",
        learn = r"today i learned|learned|learnt|til|turns out|turned out|reali[sz](?:ed|e|ing)|discovered|found out|found that|figured out|noticed that|lessons? learned|the lesson|apparently|takeaway|insight",
        prog = r"fixed|fixes|fix|resolved|solved|shipped|completed|patched|works now|now works|now working|working now|works again|working again|got",
        gotcha = r"watch out|watch for|be aware|beware|be careful|careful (?:with|when|not)|caveats?|pitfalls?|gotchas?|footguns?|traps?|heads[ -]up|keep in mind|make sure",
        prob = r"still (?:getting|seeing|happening|failing|broken|occurring)|(?:is|went|turned|stays|still) red|silently|hang|[45][0-9][0-9]|stuck|blocked|struggling with|not working|stopped working|broken|breaks|broke|crash(?:es|ed|ing)?|fails|failed|failing|fail|failures?|errors?|exceptions?|leak(?:s|ed|ing)?|race conditions?|deadlocks?|timeouts?|timed out|times out|timing out|hangs|hanging|freez(?:es|ing)|froze|panic(?:s|ked|king)?|segfaults?|regressions?|vulnerab[a-z]*|oom(?:-killed)?|out of memory|out of sync|bad interpreter|no such file|not found|permission denied|bugs?|buggy|issues?|problems?|exposed|unavailable|incorrect",
    );
    Regex::new(&pattern).expect("static cue pattern")
});

/// Every validated cue in `buf` (a lower-cased, masked line body); `original` is the same
/// body as written, for the cues where case matters (`TIL`, `BLOCKED`).
pub fn scan(buf: &[u8], original: &[u8]) -> Vec<Cue> {
    let mut out = Vec::new();
    for m in CUES.find_iter(buf) {
        let (start, end) = (m.start(), m.end());
        if glued(buf, start, end) {
            continue;
        }
        if let Some((kind, strength)) = judge(buf, original, start, end) {
            out.push(Cue {
                kind,
                strength,
                start,
                end,
            });
        }
    }
    out
}

/// A cue word glued into a name (`TIL-notes.md`, `fix_parser`, `gotchas.md`, `issue/42`).
fn glued(buf: &[u8], start: usize, end: usize) -> bool {
    let joiner = |b: u8| matches!(b, b'-' | b'_' | b'.' | b'/');
    let after = buf.get(end).is_some_and(|b| joiner(*b))
        && buf.get(end + 1).is_some_and(u8::is_ascii_alphanumeric);
    let before = start >= 2 && joiner(buf[start - 1]) && buf[start - 2].is_ascii_alphanumeric();
    after || before
}

/// The cue that decides the line: the strongest, then the earliest.
pub fn best(cues: &[Cue]) -> Option<Cue> {
    cues.iter()
        .copied()
        .max_by(|a, b| a.strength.cmp(&b.strength).then(b.start.cmp(&a.start)))
}

/// The type and strength a candidate cue gives its line, or `None` when its context says
/// it is not one.
fn judge(buf: &[u8], original: &[u8], start: usize, end: usize) -> Option<(EntryType, Strength)> {
    let around = Around::new(buf, original, start, end);
    if negation_cues::is_negation_phrase(around.cue()) {
        return negation_cues::judge(&around);
    }
    // Each family claims its own cue phrases, and no phrase belongs to two: a cue that one
    // family turns down is not one that another would take.
    decision_cues::judge(&around)
        .or_else(|| learning_cues::judge(&around))
        .or_else(|| progress_cues::judge(&around))
        .or_else(|| gotcha_cues::judge(&around))
        .or_else(|| problem_cues::judge(&around))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::lex;

    fn top(text: &str) -> Option<(EntryType, Strength)> {
        let mut buf = lex::lower(text);
        lex::mask_spans(&mut buf);
        best(&scan(&buf, text.as_bytes())).map(|c| (c.kind, c.strength))
    }

    fn kind(text: &str) -> Option<EntryType> {
        top(text).map(|t| t.0)
    }

    use EntryType::*;

    #[test]
    fn decisions_are_first_person_commitments() {
        assert_eq!(kind("Decided to do K-Mean clustering"), Some(Decision));
        assert_eq!(kind("We finally decided on Postgres"), Some(Decision));
        assert_eq!(kind("decided NOT to cache tokens"), Some(Decision));
        assert_eq!(kind("It was decided to use JWT"), Some(Decision));
        assert_eq!(kind("Going with Postgres instead"), Some(Decision));
        assert_eq!(kind("Went with a monorepo"), Some(Decision));
        assert_eq!(
            kind("Chose `.forge` as the sidecar directory"),
            Some(Decision)
        );
        assert_eq!(kind("we'll use redis for the queue"), Some(Decision));
        assert_eq!(kind("use SQLite over Postgres for tests"), Some(Decision));
        assert_eq!(kind("Switched to pnpm for workspaces"), Some(Decision));
    }

    #[test]
    fn decision_hard_negatives() {
        assert_eq!(kind("Safari decided not to send the cookie"), None);
        assert_eq!(kind("we need to decide on a queue"), None);
        assert_eq!(kind("haven't decided on the queue"), None);
        assert_eq!(kind("if we decided to use it, fine"), None);
        assert_eq!(kind("going with X would force users to log in twice"), None);
        assert_eq!(kind("the order is decided by the scheduler"), None);
        assert_eq!(kind("the user chose a password"), None);
        assert_eq!(kind("use the cache for reads"), None);
        assert_eq!(kind("ran it over the weekend using cron"), None);
    }

    #[test]
    fn learnings() {
        assert_eq!(kind("Turns out it helps to be in the dir"), Some(Learning));
        assert_eq!(kind("Realized that podman needs a VM"), Some(Learning));
        assert_eq!(kind("Learned that grep is much faster"), Some(Learning));
        assert_eq!(kind("TIL the env section can be replaced"), Some(Learning));
        assert_eq!(kind("discovered the cache is per-user"), Some(Learning));
        assert_eq!(kind("realized gains are taxed"), None);
        assert_eq!(kind("the learned weights are saved"), None);
        assert_eq!(kind("services are discovered via DNS"), None);
        assert_eq!(kind("wait til tomorrow"), None);
        assert_eq!(kind("quote: \"you realize you've learned it\" said"), None);
    }

    #[test]
    fn progress() {
        assert_eq!(kind("Fixed the login redirect"), Some(Progress));
        assert_eq!(kind("Fix line number in error message"), Some(Progress));
        assert_eq!(kind("Resolved next day"), Some(Progress));
        assert_eq!(kind("the upload works now"), Some(Progress));
        assert_eq!(kind("login is not fixed yet"), Some(Problem));
        assert_eq!(kind("needs to be fixed before release"), None);
        assert_eq!(kind("use a fixed width font"), None);
        assert_eq!(kind("ruff check . --fix"), None);
        assert_eq!(kind("the path resolved to /tmp"), None);
    }

    #[test]
    fn problems() {
        assert_eq!(kind("stuck on the OAuth callback"), Some(Problem));
        assert_eq!(kind("BLOCKED by above dependencies"), Some(Problem));
        assert_eq!(kind("ESM module not working in Jest"), Some(Problem));
        assert_eq!(kind("CSRF validation failed in Django 4"), Some(Problem));
        assert_eq!(kind("Docker cannot run shell scripts"), Some(Problem));
        assert_eq!(kind("errors weren't properly handled"), Some(Problem));
        assert_eq!(kind("Memory leak with dataloader"), Some(Problem));
        assert_eq!(kind("buffering timed out after 10000ms"), Some(Problem));
        assert_eq!(kind("'go mod tidy' breaks our build"), Some(Problem));
        assert_eq!(
            top("This creates a security issue"),
            Some((Problem, Strength::Weak))
        );
    }

    #[test]
    fn problem_hard_negatives() {
        assert_eq!(kind("if you're stuck on X, ask for help"), None);
        assert_eq!(kind("Don't use on_key for mouse clicks"), None);
        assert_eq!(kind("PostgreSQL error classification"), None);
        assert_eq!(kind("the server issues JWT tokens"), None);
        assert_eq!(kind("see issue #12 for details"), None);
        assert_eq!(kind("Learnings → Decisions → Issues → Sessions"), None);
        assert_eq!(kind("it never fails"), None);
        assert_eq!(kind("increase the timeout to 30s"), None);
        assert_eq!(kind("no errors in the log"), None);
        assert_eq!(kind("regression tests pass"), None);
    }

    #[test]
    fn gotchas() {
        assert_eq!(
            kind("Watch out for floating-point arithmetic"),
            Some(Gotcha)
        );
        assert_eq!(kind("Be aware of potential resource leaks"), Some(Gotcha));
        assert_eq!(kind("beware: the API rounds down"), Some(Gotcha));
    }

    #[test]
    fn strongest_then_earliest() {
        assert_eq!(
            kind("Learned that the build failed because of the cache"),
            Some(Learning)
        );
        assert_eq!(kind("Fixed the crash where upload fails"), Some(Progress));
        assert_eq!(kind("Turns out the job failed on CI"), Some(Learning));
    }
}
