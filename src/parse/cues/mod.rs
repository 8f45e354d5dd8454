//! Natural-language cues for lines without a type label: "decided to", "going with",
//! "turns out", "stuck on", "doesn't work", "Fix ...", "watch out for" ...
//!
//! One pattern finds every candidate phrase in a line (a DFA built at build time for the
//! first few lines a process scans, the compiled regex with its literal prefilter after
//! that); each candidate is then checked against its context, because the
//! words alone mislead: "Safari decided not to send" is someone else's choice, "going
//! with X would force users to" is a downside, "if you're stuck on X" is advice, "error
//! handling" names a feature, "the fixed header" is an adjective. The checks look only at
//! the few words around the cue.
//!
//! The checks live with their family: [`negation_cues`] (judged first), [`decision_cues`]
//! (with rejections), [`learning_cues`], [`progress_cues`], [`gotcha_cues`] and
//! [`problem_cues`]; [`cue_context`] reads the words around a cue for all of them.
//! [`cjk_cues`] finds the fix and failure words of Chinese, Japanese and Korean text, which
//! the pattern's word boundaries cannot, in lines where no other cue was found, and
//! [`european_cues`] those of Russian, German, French, Spanish, Portuguese and Italian text.

mod cjk_cues;
mod cue_context;
mod decision_cues;
mod european_cues;
mod gotcha_cues;
mod learning_cues;
mod negation_cues;
mod problem_cues;
mod progress_cues;

use std::sync::LazyLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use regex_automata::dfa::{dense, regex::Regex};

use crate::parse::EntryType;
use cue_context::Around;
pub(crate) use problem_cues::reports_after_a_defect_noun;
pub(crate) use progress_cues::names_an_issue;

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

mod cue_pattern;

/// The DFA bytes as build.rs wrote them, aligned as a DFA read in place needs (4 bytes).
#[repr(C, align(4))]
struct Aligned<B: ?Sized> {
    bytes: B,
}

static FORWARD: &Aligned<[u8]> = &Aligned {
    bytes: *include_bytes!(concat!(env!("OUT_DIR"), "/cues.fwd")),
};
static REVERSE: &Aligned<[u8]> = &Aligned {
    bytes: *include_bytes!(concat!(env!("OUT_DIR"), "/cues.rev")),
};

/// Every cue phrase in one automaton, compiled from [`cue_pattern::cue_pattern`] by build.rs:
/// ready at once, where compiling the pattern costs about a millisecond (most of what
/// `mind log` did beyond starting).
static BUILT: LazyLock<Regex<dense::DFA<&'static [u32]>>> = LazyLock::new(|| {
    // SAFETY: the bytes are the serialization `regex_automata` itself wrote at build time,
    // for this target's byte order and with the same crate version (one version in
    // Cargo.lock); the test `built_automaton_is_valid_and_finds_what_the_pattern_finds`
    // reads them with the validating reader. Reading them unchecked costs nothing at start,
    // where validating would cost a tenth of a millisecond.
    let read = |aligned: &'static Aligned<[u8]>| unsafe {
        dense::DFA::from_bytes_unchecked(&aligned.bytes)
            .expect("the cue DFA built for this target")
            .0
    };
    Regex::builder().build_from_dfas(read(FORWARD), read(REVERSE))
});

/// The same pattern compiled at run time by `regex`, whose literal prefilter scans about
/// half again as fast as [`BUILT`]: worth its compile once a process has scanned
/// [`BULK_BYTES`] (a whole MEMORY.md parsed, not a line logged).
static COMPILED: LazyLock<regex::bytes::Regex> = LazyLock::new(|| {
    regex::bytes::Regex::new(&cue_pattern::cue_pattern()).expect("static cue pattern")
});

/// Bytes scanned with [`BUILT`] after which [`COMPILED`] takes over for the process.
const BULK_BYTES: usize = 64 * 1024;

/// Bytes this process has scanned for cues so far.
static SCANNED: AtomicUsize = AtomicUsize::new(0);

/// Every validated cue in `buf` (a lower-cased, masked line body); `original` is the same
/// body as written, for the cues where case matters (`TIL`, `BLOCKED`).
/// Whether the lower-cased words of an attempt say it failed ("- still fails", "no luck",
/// "overkill").
pub fn attempt_failed(lower: &[u8]) -> bool {
    decision_cues::attempt_failed(lower)
}

pub fn scan(buf: &[u8], original: &[u8]) -> Vec<Cue> {
    let mut out = Vec::new();
    let mut consider = |start: usize, end: usize| {
        if glued(buf, start, end) {
            return;
        }
        if let Some((kind, strength)) = judge(buf, original, start, end) {
            out.push(Cue {
                kind,
                strength,
                start,
                end,
            });
        }
    };
    // Both find the same matches (leftmost-first, as `regex` defines them).
    if SCANNED.fetch_add(buf.len(), Ordering::Relaxed) < BULK_BYTES {
        for m in BUILT.find_iter(buf) {
            consider(m.start(), m.end());
        }
    } else {
        for m in COMPILED.find_iter(buf) {
            consider(m.start(), m.end());
        }
    }
    // "switching the job queue from Postgres to Redis": the object between the verb and its
    // "from" keeps the automaton's "switching from" from matching.
    if !out.iter().any(|c| c.kind == EntryType::Decision)
        && let Some((start, end)) = crate::parse::details::switch_with_object(buf)
        && let Some((kind, strength)) = judge(buf, original, start, end)
    {
        out.push(Cue {
            kind,
            strength,
            start,
            end,
        });
    }
    if out.is_empty() {
        cjk_cues::scan(buf, &mut out);
    } else if out
        .iter()
        .all(|c| c.strength == Strength::Weak && c.kind == EntryType::Problem)
    {
        // "修复了一个 bug" (fixed a bug): an English defect noun inside a Chinese sentence says
        // less than the sentence's own fix word, when that word says the fix is done ("这个
        // bug 没有修复", not fixed, and "修复失败" stay reports).
        cjk_cues::scan_finished_fix(buf, &mut out);
    }
    // "El error de login está solucionado": an English symptom noun ("error") found in
    // another language's sentence says less than that sentence's own fix or failure word.
    if out.iter().all(|c| c.strength == Strength::Weak) {
        european_cues::scan(buf, &mut out);
    }
    if out.is_empty()
        && let Some((start, end)) =
            decision_cues::settled_choice(buf).or_else(|| decision_cues::verbless_choice(buf))
    {
        out.push(Cue {
            kind: EntryType::Decision,
            strength: Strength::Medium,
            start,
            end,
        });
    }
    out
}

/// A cue word glued into a name (`TIL-notes.md`, `fix_parser`, `gotchas.md`, `issue/42`).
fn glued(buf: &[u8], start: usize, end: usize) -> bool {
    let joiner = |b: u8| matches!(b, b'-' | b'_' | b'.' | b'/');
    let after = buf.get(end).is_some_and(|b| joiner(*b))
        && buf.get(end + 1).is_some_and(u8::is_ascii_alphanumeric);
    // "Thanks.It works fine.": a phrase of several words after a period with no space is
    // a new sentence; no identifier holds a space.
    let new_sentence = start >= 1 && buf[start - 1] == b'.' && buf[start..end].contains(&b' ');
    let before = start >= 2
        && joiner(buf[start - 1])
        && buf[start - 2].is_ascii_alphanumeric()
        && !new_sentence;
    // `_csv.Error: field larger than field limit`, `socket.error: [Errno 111]`: an error type
    // named with its module, as a traceback's last line names it.
    let qualified_error = before
        && buf[start - 1] == b'.'
        && buf[start..end].ends_with(b"error")
        && buf.get(end) == Some(&b':');
    after || (before && !qualified_error)
}

/// Whether the line's last clause is an instruction to let something happen ("Let it crash
/// and restart under the supervisor"): what fails in it is allowed, not reported.
pub fn lets_it_happen(buf: &[u8]) -> bool {
    cue_context::permitted_by_instruction(buf, buf.len())
}

/// Whether `cue` is a negation that reports a failure of what the line's first word names:
/// "Installed gulp doesn't work after switching to node 0.12", "Updated because doesn't
/// work". A line opening with a verb of work is a statement of work ("Added X"), but here
/// the verb describes its object and the negation is the report. One or two words at most
/// stand between them, none that starts a purpose or a relative clause ("Added retries so
/// the job doesn't fail", "Removed the cache that didn't help"). The words are counted back
/// to the line's start or a clause break, so a failure reported after the work ("Updated
/// the deps, gulp build doesn't work") counts too.
fn failure_of_opening_object(buf: &[u8], cue: &Cue) -> bool {
    if cue.kind != EntryType::Problem
        || !negation_cues::is_negation_phrase(&buf[cue.start..cue.end])
    {
        return false;
    }
    let between = crate::parse::lex::words_before(buf, cue.start, 4);
    (2..=3).contains(&between.len())
        && !between.iter().any(|w| {
            cue_context::any_of(
                Some(w),
                &[
                    "so", "that", "which", "to", "for", "when", "if", "until", "it", "and", "but",
                ],
            )
        })
}

/// Whether `cue` is a failure said of the line's first word used as a noun: "Setup fails on
/// Windows", "Update failed", "Update error at startup", "Run crashed after 2 hours". These
/// first words name a process as often as they order work ("Update the docs"); straight
/// after them a finite failure word is the verb of the sentence, so the opener is its
/// subject. Before another noun the failure word describes that noun, and the line is an
/// order of work ("Update failed tests", "Update error handling").
fn failure_of_opening_noun(buf: &[u8], cue: &Cue) -> bool {
    // Words of the work-verb list that are also the names of processes.
    const PROCESS_NOUNS: &[&str] = &[
        "update", "updates", "setup", "run", "check", "review", "support", "find", "close",
    ];
    // Verbs a thing does, never a noun's modifier: after them the opener and one more word
    // ("Open dialog crashes", "Close button hangs the app") are their subject.
    const THIRD_PERSON: &[&str] = &[
        "fails", "crashes", "hangs", "freezes", "breaks", "panics", "errors", "loops",
    ];
    // Failure words that can stand as the verb (or the head noun) after such a subject.
    const FINITE: &[&str] = &[
        "fails", "failed", "error", "errors", "crashes", "crashed", "crash", "hangs", "hung",
        "breaks", "broke", "freezes", "froze", "stuck", "loops", "panics", "panicked",
    ];
    // What may follow a failure word that ends its clause: a preposition, a conjunction or
    // another failure noun ("Update Failed Error").
    const AFTER: &[&str] = &[
        "at",
        "on",
        "in",
        "with",
        "when",
        "after",
        "for",
        "during",
        "because",
        "since",
        "while",
        "due",
        "error",
        "again",
        "every",
        "sometimes",
        "randomly",
        "silently",
        "immediately",
    ];
    if cue.kind != EntryType::Problem {
        return false;
    }
    let before = crate::parse::lex::words_before(buf, cue.start, 3);
    if !(1..=2).contains(&before.len())
        || !cue_context::any_of(before.last(), PROCESS_NOUNS)
        || buf[..cue.start]
            .iter()
            .any(|b| !b.is_ascii_alphabetic() && *b != b' ')
    {
        return false;
    }
    // "Update keeps crashing", "Build kept failing": the failure goes on, said of the opener.
    if before.len() == 2 && cue_context::any_of(before.first(), &["keeps", "kept"]) {
        return true;
    }
    let words = crate::parse::lex::words_after(buf, cue.start, 2);
    let (Some(failure), next) = (words.first(), words.get(1)) else {
        return false;
    };
    if before.len() == 2 {
        return cue_context::any_of(Some(failure), THIRD_PERSON);
    }
    cue_context::any_of(Some(failure), FINITE)
        && (next.is_none() || cue_context::any_of(next, AFTER))
}

/// "Updated to the latest release, now the app crashes on open", "Ran the installer and I
/// get the error Permission denied": a failure told in a clause of its own after a report of
/// the writer's own past step. The opening verb reports what was done, but the clause after
/// a break ("," "." "and" "but" "now") has its own subject (a pronoun, "now", or "the"/"my"
/// and a noun), so the failure is said of what followed, not done as the work. An order
/// ("Update the docs, the build fails otherwise") opens with a bare verb and keeps its type;
/// a condition in the clause ("if it fails, retry") is a plan or a rule.
fn failure_after_own_step(buf: &[u8], cue: &Cue) -> bool {
    use crate::parse::lex;
    if cue.kind != EntryType::Problem {
        return false;
    }
    let opener_end = buf
        .iter()
        .position(|b| !b.is_ascii_alphabetic())
        .unwrap_or(buf.len());
    let opener = &buf[..opener_end];
    let past = opener.ends_with(b"ed") || matches!(opener, b"ran" | b"built" | b"wrote" | b"set");
    if !past || cue.start <= opener_end {
        return false;
    }
    // The clause of the cue: from the last break before it.
    let head = &buf[opener_end..cue.start];
    let mut clause_start = None;
    for (i, b) in head.iter().enumerate() {
        if matches!(b, b',' | b'.' | b';') && head.get(i + 1) == Some(&b' ') {
            clause_start = Some(i + 2);
        }
    }
    const JOINS: &[&str] = &["and", "but", "now", "then", "so"];
    let words: Vec<&[u8]> = head
        .split(|b| !lex::is_word_byte(*b))
        .filter(|w| !w.is_empty())
        .collect();
    // A joining word starts a clause as a break does; the last one before the cue counts.
    let mut clause: Vec<&[u8]> = match clause_start {
        Some(at) => head[at..]
            .split(|b| !lex::is_word_byte(*b))
            .filter(|w| !w.is_empty())
            .collect(),
        None => Vec::new(),
    };
    if let Some(j) = words
        .iter()
        .rposition(|w| JOINS.iter().any(|x| x.as_bytes() == *w))
        && (clause_start.is_none() || words.len() - j <= clause.len())
    {
        clause = words[j..].to_vec();
    }
    if clause.is_empty() || clause.len() > 5 {
        return false;
    }
    const CONDITIONS: &[&str] = &["if", "unless", "when", "whenever", "once", "otherwise"];
    if clause
        .iter()
        .any(|w| CONDITIONS.iter().any(|x| x.as_bytes() == *w))
    {
        return false;
    }
    let mut rest = clause.as_slice();
    while let [first, tail @ ..] = rest {
        if JOINS.iter().any(|x| x.as_bytes() == *first) {
            if *first == b"now" && !tail.is_empty() {
                // "now app crash": "now" itself opens a clause of what holds since.
                return true;
            }
            rest = tail;
        } else {
            break;
        }
    }
    // "and the errors disappeared": the failure named as what went away.
    const GONE: &[&str] = &[
        "disappeared",
        "vanished",
        "went",
        "are",
        "is",
        "were",
        "was",
        "stopped",
        "resolved",
    ];
    if lex::words_after(buf, cue.start, 2)
        .get(1)
        .is_some_and(|w| cue_context::any_of(Some(w), GONE))
    {
        return false;
    }
    const SUBJECTS: &[&str] = &[
        "i",
        "it",
        "we",
        "they",
        "he",
        "she",
        "everything",
        "nothing",
        "the",
        "my",
        "our",
    ];
    matches!(rest.first(), Some(w) if SUBJECTS.iter().any(|x| x.as_bytes() == *w))
}

/// "Refactored state management to use lifted state instead of React Context": a choice
/// told with what it turned down, whatever step of work the line opens with. Not the means
/// of the step ("Improve resolution speed by using shallow copies instead of deep ones"): a
/// changelog's account of how, not a choice.
fn choice_over_alternative(buf: &[u8], cue: &Cue) -> bool {
    cue.kind == EntryType::Decision
        && crate::parse::lex::words_before(buf, cue.start, 1).last() != Some(&&b"by"[..])
        && decision_cues::names_rejected_alternative(crate::parse::lex::clause_after(buf, cue.end))
}

/// Whether a cue below strong keeps its type in a line that opens with a verb of work
/// ("Update …", "Added …", "Investigate …"), whose cues are otherwise the work's object, not
/// a report: a failure of the thing the verb names ([`failure_of_opening_object`],
/// [`failure_of_opening_noun`]), a failure told after the writer's own step
/// ([`failure_after_own_step`]), or a choice with the alternative it turns down
/// ([`choice_over_alternative`]).
pub fn stands_after_work_verb(buf: &[u8], cue: &Cue) -> bool {
    failure_of_opening_object(buf, cue)
        || failure_of_opening_noun(buf, cue)
        || failure_after_own_step(buf, cue)
        || choice_over_alternative(buf, cue)
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
        .filter(|_| !cue_context::asked_why(buf, start))
        .or_else(|| learning_cues::judge(&around))
        .or_else(|| progress_cues::judge(&around))
        .or_else(|| gotcha_cues::judge(&around))
        .or_else(|| {
            problem_cues::judge(&around).filter(|_| {
                !cue_context::permitted_by_instruction(buf, start)
                    && !cue_context::ordered_about(buf, start)
                    && !cue_context::thanked_for(buf, start)
            })
        })
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
    fn a_realization_told_is_a_learning_a_concession_is_not() {
        assert_eq!(
            kind("I realized the cache key ignores the locale"),
            Some(Learning)
        );
        assert_eq!(
            kind("After some googling I came to realize 5 seconds is too low"),
            Some(Learning)
        );
        assert_eq!(
            kind("I realize this is likely an issue on my end but I hoped for help"),
            None
        );
        assert_eq!(
            kind("I realise that several people still target Windows XP"),
            None
        );
    }

    #[test]
    fn a_choice_stated_by_its_copula_is_a_decision() {
        for line in [
            "The decision is to drop Python 2",
            "The latest decision is to keep the old API",
            "I think the consensus was to remove the flag, so let's do that now.",
            "The new plan is to release 2.3 as is",
            "Our conclusion was that the cache stays",
            "Node 12 support is dropped.",
            "IE11 support was dropped in 3.0",
        ] {
            assert_eq!(kind(line), Some(Decision), "{line}");
        }
        for line in [
            "The plan is to be decided next week",
            "My plan is to add tests tomorrow",
            "Once the decision is to ship, tag the release",
            "Is the plan to drop it?",
            "The goal is to keep builds fast",
            "The decision is hard",
            "No decision was reached",
            "Support was dropped by upstream numpy",
        ] {
            assert_eq!(kind(line), None, "{line}");
        }
    }

    #[test]
    fn a_cause_found_after_the_fact_is_a_learning() {
        for line in [
            "The comma at the end was causing watchman to silently ignore the config.",
            "This migration was causing a deadlock on the primary.",
            "The bug was because the offset differs in summer",
            "So, I had some problems and it was because of the python version.",
            "This is because the cache key ignores the locale",
        ] {
            assert_eq!(kind(line), Some(Learning), "{line}");
        }
        for line in [
            "What was causing the deadlock?",
            "It's not because of the cache",
            "If it was because of the cache, clearing it would help",
        ] {
            assert_ne!(kind(line), Some(Learning), "{line}");
        }
    }

    #[test]
    fn an_outage_with_its_length_and_lost_data_are_problems() {
        for line in [
            "Production was down for two hours",
            "The API went down for about 30 minutes.",
            "Approximately two hours of log data got lost",
            "Unsaved changes were lost after the update",
        ] {
            assert_eq!(kind(line), Some(Problem), "{line}");
        }
        for line in [
            "The error rate went down after the fix",
            "Latency was down 20% this week",
            "I got lost in the docs",
            "Nothing gets lost when the worker restarts",
            "If the connection gets lost, the client retries",
        ] {
            assert_eq!(kind(line), None, "{line}");
        }
    }

    #[test]
    fn a_failure_someone_is_thanked_for_finding_is_no_report() {
        for line in [
            "Thanks for finding the bug!",
            "Credit to @ana for reporting this crash",
            "Thank you for tracking down the leak",
        ] {
            assert_eq!(kind(line), None, "{line}");
        }
        for line in [
            "Thanks for the fix, but the crash still happens",
            "Thanks. The build still fails on ARM",
        ] {
            assert_eq!(kind(line), Some(Problem), "{line}");
        }
    }

    #[test]
    fn a_choice_told_with_its_reason_is_a_decision() {
        assert_eq!(
            kind("- **Database**: SQLite chosen for simplicity and embedded nature"),
            Some(Decision)
        );
        assert_eq!(kind("Tokio chosen as the runtime"), Some(Decision));
        assert_eq!(kind("Use the chosen option for the layout"), None);
        assert_eq!(kind("a port randomly chosen for each run"), None);
    }

    #[test]
    fn a_choice_a_why_asks_about_is_no_decision() {
        for line in [
            "Create ADR as to why Directus was chosen",
            "- Show why Problem 1 was chosen (impact, urgency, validation).",
            "It would be good to comment on why we went with the old parser.",
            "Document why option B was chosen",
            "Explain why we chose Postgres over MySQL in the README",
        ] {
            assert_eq!(kind(line), None, "{line}");
        }
        // The reason for a choice made, given: still the choice.
        for line in [
            "That's why we chose Postgres over MySQL",
            "This is why we went with SQLite",
            "We chose Postgres, and here's why: it has JSONB",
        ] {
            assert_eq!(kind(line), Some(Decision), "{line}");
        }
    }

    #[test]
    fn built_automaton_is_valid_and_finds_what_the_pattern_finds() {
        dense::DFA::from_bytes(&FORWARD.bytes).expect("a valid forward DFA");
        dense::DFA::from_bytes(&REVERSE.bytes).expect("a valid reverse DFA");
        let compiled = regex::bytes::Regex::new(&cue_pattern::cue_pattern()).unwrap();
        let tricky = "I don\u{2019}t know; we'll use X; i will use y; xerror 404 timed out\n\
                      heads-up: heads up! decided against it; it doesn't work; can't, cannot\n\
                      vulnerability oom-killed; TIL-notes.md fix_parser; \u{e9}rror \u{2019}s";
        let corpus = [
            tricky,
            include_str!("../../../README.md"),
            include_str!("../../../CHANGELOG.md"),
            include_str!("../../../ARCHITECTURE.md"),
        ];
        let mut lines = 0;
        for text in corpus {
            for line in text.lines() {
                let lower = lex::lower(line);
                let built: Vec<(usize, usize)> = BUILT
                    .find_iter(&lower)
                    .map(|m| (m.start(), m.end()))
                    .collect();
                let expected: Vec<(usize, usize)> = compiled
                    .find_iter(&lower)
                    .map(|m| (m.start(), m.end()))
                    .collect();
                assert_eq!(built, expected, "{line:?}");
                lines += 1;
            }
        }
        assert!(lines > 1000);
    }

    #[test]
    fn decisions_are_first_person_commitments() {
        assert_eq!(kind("Decided to do K-Mean clustering"), Some(Decision));
        assert_eq!(kind("We finally decided on Postgres"), Some(Decision));
        // A choice declined is the rejection of what it names, shown under Ruled Out.
        assert_eq!(kind("decided NOT to cache tokens"), Some(Rejected));
        assert_eq!(kind("We decided to not use Mongo"), Some(Rejected));
        assert_eq!(
            kind("We decided not to just use Redis, also Postgres"),
            Some(Decision)
        );
        assert_eq!(
            kind("decided to not only cache but prefetch"),
            Some(Decision)
        );
        assert_eq!(kind("It was decided to use JWT"), Some(Decision));
        assert_eq!(kind("Going with Postgres instead"), Some(Decision));
        assert_eq!(kind("Went with a monorepo"), Some(Decision));
        assert_eq!(
            kind("Chose `.forge` as the sidecar directory"),
            Some(Decision)
        );
        assert_eq!(kind("we'll use redis for the queue"), Some(Decision));
        // The team's standing preference, the writer as subject.
        assert_eq!(kind("We prefer Go for core business logic"), Some(Decision));
        assert_eq!(kind("we favor gRPC for internal calls"), Some(Decision));
        assert_eq!(
            kind("I\u{2019}d rather stick with Stack Overflow"),
            Some(Decision)
        );
        assert_eq!(kind("Users prefer dark mode"), None);
        assert_eq!(kind("Prefer composition over inheritance"), None);
        assert_eq!(kind("we would prefer a smaller binary"), None);
        assert_eq!(kind("if we prefer speed, drop the index"), None);
        assert_eq!(kind("I'd rather you didn't force-push"), None);
        // One person's taste, a contributor guideline, a choice left open, a request.
        assert_eq!(kind("I prefer Rust"), None);
        assert_eq!(kind("We prefer PRs against the develop branch"), None);
        assert_eq!(kind("We prefer Jest, but we haven't decided yet"), None);
        assert_eq!(
            kind("I'd rather see a repro before we change anything"),
            None
        );
        assert_eq!(kind("use SQLite over Postgres for tests"), Some(Decision));
        assert_eq!(kind("Switched to pnpm for workspaces"), Some(Decision));
        assert_eq!(
            kind("The fixed-timestep loop was a deliberate early decision"),
            Some(Decision)
        );
        assert_eq!(kind("Polling is a conscious choice"), Some(Decision));
        assert_eq!(
            kind("The decision has been made to use Serde."),
            Some(Decision)
        );
        assert_eq!(
            kind("A decision was reached to move the queue to Redis"),
            Some(Decision)
        );
        assert_eq!(
            kind("The decision has now been made to drop Python 2"),
            Some(Decision)
        );
        assert_eq!(
            kind("A decision was taken that all writes go through the queue"),
            Some(Decision)
        );
        assert_eq!(kind("Let's just switch back to CMake."), Some(Decision));
        assert_eq!(kind("We switched back to SameSite lax"), Some(Decision));
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
        assert_eq!(kind("Polling was not a deliberate choice"), None);
        assert_eq!(kind("No decision has been made to use Serde"), None);
        assert_eq!(kind("Once the decision is made to ship, tag it"), None);
        assert_eq!(kind("A decision was made in #12"), None);
        assert_eq!(kind("No decision was reached to drop Python 2"), None);
        // Dropping support: the project's own choice, not a title, a maybe or someone else's.
        assert_eq!(
            kind("We will drop support for Python 3.7 in the next release"),
            Some(Decision)
        );
        assert_eq!(kind("I will drop django 1.7 support soon."), Some(Decision));
        assert_eq!(
            kind("Support for Windows XP has been dropped (issue #707)"),
            Some(Decision)
        );
        assert_eq!(kind("Drop support for Node 14"), None);
        assert_eq!(kind("We can safely drop our support too"), None);
        assert_eq!(kind("Should we drop support for old Node versions?"), None);
        assert_eq!(kind("We won't drop support for Windows 7 yet"), None);
        assert_eq!(kind("Apple dropped NVIDIA support years ago"), None);
        assert_eq!(kind("Now let's just switch back to the terminal"), None);
    }

    #[test]
    fn learnings() {
        assert_eq!(
            kind("In retrospect, SQLite was a good idea because it is simpler"),
            Some(Learning)
        );
        assert_eq!(
            kind("Lowered it to 0.003. Takeaway: thresholds need tuning per mic"),
            Some(Learning)
        );
        assert_eq!(
            kind("They are structural and predictable in hindsight"),
            None
        );
        assert_eq!(
            kind("With hindsight, the queue should have been per tenant"),
            Some(Learning)
        );
        assert_eq!(
            kind("Looking back, the cache was the bottleneck all along"),
            Some(Learning)
        );
        assert_eq!(kind("Looking back at the logs showed nothing"), None);
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
        // A fix to come or to be tried, not one made.
        assert_eq!(kind("Let me know if it fixes the problem"), None);
        assert_eq!(kind("Once this bug is fixed, please ping me"), None);
        assert_eq!(kind("This fixes the crash on exit"), Some(Progress));
        assert_eq!(
            kind("This pull request fixes a bunch of memory leaks"),
            Some(Progress)
        );
        assert_eq!(
            kind("The new build fixes several race conditions"),
            Some(Progress)
        );
        assert_eq!(kind("the button fixes the header in place"), None);
        // A confirmation that says nothing else.
        assert_eq!(kind("Thanks. It works fine."), Some(Progress));
        // Work on a fix; a change that addresses an issue; a fix confirmed; work finished.
        assert_eq!(kind("Fixing the crash on startup"), Some(Progress));
        assert_eq!(kind("I'm fixing the login bug now"), Some(Progress));
        assert_eq!(kind("Fixing this requires a restart of the daemon"), None);
        assert_eq!(kind("We are not fixing this in 2.x"), None);
        assert_eq!(kind("If fixing the cache helps, ship it"), None);
        assert_eq!(kind("This PR addresses #123"), Some(Progress));
        assert_eq!(kind("FCP 0.0.3 addresses this"), Some(Progress));
        assert_eq!(kind("The leak was addressed in 2.1"), Some(Progress));
        assert_eq!(kind("Security warnings must be addressed promptly"), None);
        assert_eq!(kind("This alias addresses the same external store"), None);
        assert_eq!(kind("That did it! Thank you!"), Some(Progress));
        assert_eq!(kind("A clean rebuild did the trick."), Some(Progress));
        assert_eq!(kind("If that did the trick, close the issue"), None);
        assert_eq!(kind("It works!"), Some(Progress));
        assert_eq!(kind("That worked, thanks"), Some(Progress));
        assert_eq!(kind("It works on Linux but not on macOS"), None);
        assert_eq!(kind("it works by polling the queue every minute"), None);
        assert_eq!(kind("it works on my machine"), None);
        assert_eq!(kind("Crash on startup fix"), Some(Progress));
        assert_eq!(kind("Waiting on upstream fix"), None);
        assert_eq!(kind("- Phase 2: done — SSE endpoint live"), Some(Progress));
        assert_eq!(kind("**Migration:** complete"), Some(Progress));
        assert_eq!(kind("Status: done"), None);
        assert_eq!(kind("Done, thanks for the push"), Some(Progress));
        assert_eq!(kind("Done."), Some(Progress));
        assert_eq!(kind("Finished! The importer is live"), Some(Progress));
        assert_eq!(kind("Done: the column of closed cards"), None);
        assert_eq!(kind("Done when the tests pass"), None);
        assert_eq!(kind("Done, or is there more to do?"), None);
        assert_eq!(kind("Done... almost"), None);
        assert_eq!(kind("Tests: complete coverage of the parser"), None);
        assert_eq!(kind("Everything went well."), Some(Progress));
        assert_eq!(
            kind("I ran the new script and everything went ok"),
            Some(Progress)
        );
        assert_eq!(kind("SQLite would work fine too"), None);
        assert_eq!(kind("This works well with version control systems"), None);
        assert_eq!(kind("It works fine on Linux"), None);
        assert_eq!(kind("it works fine if the cache is warm"), None);
        assert_eq!(kind("It doesn't work fine"), Some(Problem));
        assert_eq!(
            kind("Feel free to re-open this when you've found an actual bug"),
            None
        );
        assert_eq!(
            kind("Whenever I open the app, the same problem comes back"),
            Some(Problem)
        );
        assert_eq!(
            kind("Once we fixed the cache, the build passed"),
            Some(Progress)
        );
        assert_eq!(kind("use a fixed width font"), None);
        assert_eq!(kind("ruff check . --fix"), None);
        assert_eq!(kind("the path resolved to /tmp"), None);
        // The forge's closing keywords, a release that went out, a defect that ended, and a
        // title naming a fix.
        assert_eq!(kind("resolves #2"), Some(Progress));
        assert_eq!(kind("The pull request resolves issue #699"), Some(Progress));
        assert_eq!(kind("closes rust-lang/rust#12"), Some(Progress));
        assert_eq!(kind("the name resolves to 10.0.0.1"), None);
        assert_eq!(kind("the modal closes on escape"), None);
        assert_eq!(kind("v4.8.1 out now"), Some(Progress));
        assert_eq!(kind("The blog post is now live"), Some(Progress));
        assert_eq!(kind("The new API went live on Monday"), Some(Progress));
        assert_eq!(kind("The site will go live when the DNS is ready"), None);
        assert_eq!(kind("The site is not live yet"), None);
        assert_eq!(kind("it is no longer an issue"), Some(Progress));
        assert_eq!(kind("Race condition fix"), Some(Progress));
        assert_eq!(
            kind("Better Safari bugfix, wider disable button"),
            Some(Progress)
        );
        assert_eq!(kind("This needs a fix"), None);
        assert_eq!(kind("Waiting for the upstream fix"), None);
        assert_eq!(kind("Cut a hotfix branch from the tag"), None);
        assert_eq!(kind("Is there a workaround or a fix?"), None);
        assert_eq!(kind("Option 1: Quit the cleaner (Immediate Fix)"), None);
        assert_eq!(kind("The results are live!"), None);
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
        assert_eq!(kind("App freezes on launch"), Some(Problem));
        assert_eq!(kind("The UI froze on save"), Some(Problem));
        assert_eq!(kind("Process hangs on exit"), Some(Problem));
        assert_eq!(kind("Builds stalled again overnight"), Some(Problem));
        assert_eq!(kind("When I click save nothing happens"), Some(Problem));
        assert_eq!(
            kind("when I start the container I get a permission problem:"),
            Some(Problem)
        );
        assert_eq!(
            kind("if I try to open the settings nothing happens"),
            Some(Problem)
        );
        // The team's own step as the trigger reports as the writer's does.
        assert_eq!(
            kind("When we click on settings the app crashes"),
            Some(Problem)
        );
        assert_eq!(
            kind("when we deploy, restart the worker if it crashes"),
            None
        );
        // A condition anyone may meet, and a numbered item's name, report nothing.
        assert_eq!(kind("If nothing happens, check the log"), None);
        assert_eq!(kind("if the upload has a problem, retry it"), None);
        // (A choice made, what it was for: a decision, never a problem.)
        assert_eq!(kind("We picked Problem 2 for the workshop"), Some(Decision));
        // An issue met is a defect; one to open or file is a ticket.
        assert_eq!(
            kind("Hi - we've found an issue with the cache when using two calls"),
            Some(Problem)
        );
        assert_eq!(
            kind("I'm facing an issue with the wording of the template"),
            Some(Problem)
        );
        assert_eq!(kind("Please open an issue with the logs"), None);
        assert_eq!(
            kind("I am creating this issue to collect feedback on XP support"),
            None
        );
        assert_eq!(kind("The upload stalls at 99%"), Some(Problem));
        assert_eq!(kind("'go mod tidy' breaks our build"), Some(Problem));
        // An inability, however hedged, and signing in.
        assert_eq!(
            kind("I cannot log in with the new credentials"),
            Some(Problem)
        );
        assert_eq!(kind("can't sign into the dashboard"), Some(Problem));
        assert_eq!(
            kind("i don't seem to be able to export any map"),
            Some(Problem)
        );
        assert_eq!(kind("I am not able to save files"), Some(Problem));
        assert_eq!(kind("The worker isn't able to connect"), Some(Problem));
        assert_eq!(kind("We don't log passwords"), None);
        assert_eq!(kind("Since I can't reproduce it, please test"), None);
        assert_eq!(
            top("This creates a security issue"),
            Some((Problem, Strength::Weak))
        );
    }

    #[test]
    fn problem_hard_negatives() {
        assert_eq!(kind("if you're stuck on X, ask for help"), None);
        assert_eq!(kind("The pool hangs on to idle connections"), None);
        assert_eq!(kind("Code freezes on the Friday before each release"), None);
        assert_eq!(kind("Feature freezes on the 1st of every month"), None);
        assert_eq!(kind("The API surface froze on March 1"), None);
        assert_eq!(kind("The repo froze on Dec 1 for the audit"), None);
        assert_eq!(kind("Dependencies froze on 1.4 until the audit ends"), None);
        assert_eq!(kind("Don't use on_key for mouse clicks"), None);
        assert_eq!(kind("PostgreSQL error classification"), None);
        assert_eq!(kind("the server issues JWT tokens"), None);
        assert_eq!(kind("see issue #12 for details"), None);
        assert_eq!(kind("Learnings → Decisions → Issues → Sessions"), None);
        assert_eq!(kind("it never fails"), None);
        assert_eq!(kind("increase the timeout to 30s"), None);
        assert_eq!(kind("no errors in the log"), None);
        assert_eq!(kind("regression tests pass"), None);
        assert_eq!(kind("Let me know if you hit any issues."), None);
        assert_eq!(
            kind("Please try it and see if the issue is fixed for you."),
            None
        );
        assert_eq!(
            kind("When I open the app, the issue comes back"),
            Some(Problem)
        );
        assert_eq!(
            kind("When deploying to Vercel we get issues with edge functions."),
            Some(Problem)
        );
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
    fn negations_without_the_apostrophe() {
        assert_eq!(kind("now it doesnt work"), Some(Problem));
        assert_eq!(kind("the build cant find the module"), Some(Problem));
        assert_eq!(kind("the patch doesn't fix it for me"), Some(Problem));
        assert_eq!(kind("restarting didnt help"), Some(Problem));
        assert_eq!(
            kind("_csv.Error: field larger than field limit (131072)"),
            Some(Problem)
        );
        assert_eq!(kind("see docs/error.md for the codes"), None);
        assert_eq!(kind("it didnt end up working"), Some(Problem));
        // The auxiliary dropped, as a second language often drops it; not a prediction.
        assert_eq!(
            kind("Proxy setting not work on next release"),
            Some(Problem)
        );
        assert_eq!(kind("The plugin may not work with Python 2"), None);
        assert_eq!(kind("whether or not works"), None);
        // Any verb of failure, not only "work": issue titles drop the auxiliary.
        assert_eq!(kind("System not start"), Some(Problem));
        assert_eq!(
            kind("Proxy redirection not always triggered"),
            Some(Problem)
        );
        assert_eq!(
            kind("clearing cache not removing old data after clear cache"),
            Some(Problem)
        );
        assert_eq!(kind("Backups not running since Tuesday"), Some(Problem));
        assert_eq!(kind("Tests may not start on Windows"), None);
        assert_eq!(kind("I'd rather not run migrations on boot"), None);
        assert_eq!(kind("We chose to not run the linter"), Some(Decision));
        assert_eq!(kind("Please not start the server twice"), None);
        assert_eq!(
            kind("Integration tests not run on pull requests by design"),
            None
        );
        assert_eq!(
            kind("The dependency was not found in the lockfile"),
            Some(Problem)
        );
        assert_eq!(
            kind("Caching doesn't help here because every query is unique"),
            None
        );
        assert_eq!(kind("This PR does not fix #123, it only adds a test"), None);
        // A remedy that left the named defect in place.
        assert_eq!(
            kind("Deleting the browser cache does not fix the issue."),
            Some(Problem)
        );
        assert_eq!(
            kind("clearing the cache did not solve the problem"),
            Some(Problem)
        );
        assert_eq!(kind("this does not fix the docs, it adds a test"), None);
        assert_eq!(
            kind("Rebooting doesn't fix the underlying issue."),
            Some(Problem)
        );
        assert_eq!(kind("Patch 1.2.1 doesn't fix these bugs."), Some(Problem));
        assert_eq!(kind("Removing the cache won't help"), None);
        assert_eq!(kind("Dont use on_key for mouse clicks"), None);
        assert_eq!(kind("it doesnt matter which one"), None);
    }

    #[test]
    fn a_failure_verb_in_the_progressive_is_a_problem() {
        assert_eq!(kind("Window is not closing"), Some(Problem));
        assert_eq!(
            kind("the jobs aren't running after the upgrade"),
            Some(Problem)
        );
        assert_eq!(kind("the webhook wasn't firing"), Some(Problem));
        assert_eq!(
            kind("The app doesn't restart after an update"),
            Some(Problem)
        );
        assert_eq!(kind("We aren't using Redux"), None);
        assert_eq!(kind("If the server is not running, start it"), None);
        assert_eq!(kind("The page is not something we own"), None);
        assert_eq!(
            kind("We are not accepting pull requests at this time."),
            None
        );
        assert_eq!(
            kind("This crate is not parsing YAML; it only reads TOML"),
            None
        );
        assert_eq!(
            kind("The scheduler is not running jobs in parallel by design."),
            None
        );
        assert_eq!(
            kind("The cron job isn't running on weekends, as intended"),
            None
        );
        assert_eq!(kind("The tests are not passing on CI"), Some(Problem));
        assert_eq!(
            kind("The worker process isn't responding to SIGTERM."),
            Some(Problem)
        );
        assert_eq!(
            kind("Notifications aren't showing up on Android 14."),
            Some(Problem)
        );
    }

    #[test]
    fn a_capability_lost_is_a_problem_and_a_failure_ended_is_progress() {
        assert_eq!(kind("Keyboard shortcut no longer works"), Some(Problem));
        assert_eq!(
            kind("the app no longer launches after the update"),
            Some(Problem)
        );
        assert_eq!(kind("The app no longer crashes."), Some(Progress));
        assert_eq!(kind("the CLI no longer reads ~/.config"), None);
        assert_eq!(kind("if it no longer works, restart it"), None);
        assert_eq!(
            kind("The app no longer exits cleanly on FreeBSD"),
            Some(Problem)
        );
        assert_eq!(kind("if it no longer syncs reliably, restart it"), None);
        assert_eq!(kind("It worked fine until the last update"), Some(Problem));
        assert_eq!(
            kind("was working perfectly until the last update"),
            Some(Problem)
        );
        assert_eq!(kind("Works fine until you open 50 tabs"), None);
        assert_eq!(kind("It worked fine."), Some(Progress));
        assert_eq!(kind("Done in the latest few commits"), Some(Progress));
        assert_eq!(kind("Done in #412"), Some(Progress));
        assert_eq!(kind("Done in two steps: parse, then store"), None);
        assert_eq!(kind("Validation done in the API layer"), None);
        assert_eq!(kind("the CLI no longer reads config files"), None);
        assert_eq!(
            kind("The flicker no longer appears with 2.1"),
            Some(Progress)
        );
        assert_eq!(kind("As of 2.0 the CLI no longer starts a daemon"), None);
        assert_eq!(
            kind("After reinstalling the app, the error no longer occurred."),
            Some(Progress)
        );
        assert_eq!(kind("The banner no longer shows on mobile"), None);
        assert_eq!(kind("Photoframe will not start"), Some(Problem));
        assert_eq!(kind("After update wont start anymore"), Some(Problem));
        // The past of "won't", on the same terms: no object, or a time or place after it.
        assert_eq!(kind("New VM wouldn't start"), Some(Problem));
        assert_eq!(kind("It wouldnt boot after the update"), Some(Problem));
        assert_eq!(kind("That wouldn't work because the queue is shared"), None);
        assert_eq!(kind("Redis wouldn't give us durable queues"), None);
        // A thing that fails to appear, with its particle.
        assert_eq!(kind("Solr does not come up"), Some(Problem));
        assert_eq!(
            kind("the save dialog doesn't pop up anymore"),
            Some(Problem)
        );
        assert_eq!(kind("this doesn't come up often"), None);
        // A condition a comma closed is the failure's trigger; advice after one is not.
        assert_eq!(
            kind("When I open the settings, the app doesn't respond"),
            Some(Problem)
        );
        assert_eq!(kind("If the app doesn't respond, restart it"), None);
        assert_eq!(kind("When deploying, don't run migrations by hand"), None);
        assert_eq!(
            kind("If you are on Windows, you can't use symlinks here"),
            None
        );
        assert_eq!(
            kind("Doesnt want to start after the latest update"),
            Some(Problem)
        );
        assert_eq!(
            kind("The CLI will not start a server unless --serve is given"),
            None
        );
        assert_eq!(
            kind("The UI will NOT show that coin because of this filter"),
            None
        );
        assert_eq!(kind("We will not use GraphQL"), Some(Rejected));
        assert_eq!(kind("I don't want to use Redis here"), None);
    }

    #[test]
    fn fixes_seen_or_announced() {
        assert_eq!(
            kind("Can confirm the latest nightly fixes the issue!"),
            Some(Progress)
        );
        assert_eq!(kind("the 2.1 release fixes it"), Some(Progress));
        assert_eq!(
            kind("Bug seems to be solved in the latest build"),
            Some(Progress)
        );
        assert_eq!(
            kind("This should be fixed as of v22 beta 4."),
            Some(Progress)
        );
        assert_eq!(
            kind("This should be fixed now, please try again."),
            Some(Progress)
        );
        assert_eq!(kind("seems to work now"), Some(Progress));
        assert_eq!(kind("Cool, now it works like a charm"), Some(Progress));
        assert_eq!(kind("the bug doesn't seem to be solved"), Some(Problem));
        assert_eq!(kind("nobody fixes the issue"), None);
        assert_eq!(kind("this should be fixed before release"), None);
        assert_eq!(kind("need to get it to work now"), None);
        assert_ne!(kind("Nothing fixes it"), Some(Progress));
        assert_ne!(kind("Neither flag fixes the bug"), Some(Progress));
        assert_eq!(kind("Maybe a reboot fixes it"), None);
        assert_eq!(kind("Rebooting only fixes it for a few hours"), None);
        assert_eq!(kind("Now it works like this: the worker polls"), None);
        assert_eq!(kind("Right now it works by polling"), None);
        assert_ne!(kind("It doesn\u{2019}t seem to be fixed"), Some(Progress));
    }

    #[test]
    fn remedies_found_fixes_told_and_failures_that_go_on() {
        // A step found to be the remedy, opening the line; told after an account of the
        // defect it is that account's workaround.
        assert_eq!(
            kind("Replacing the app with a fresh copy solves this."),
            Some(Progress)
        );
        assert_eq!(kind("Restarting the worker fixes it"), Some(Progress));
        assert_eq!(
            kind("The app grows in memory. Terminating and reopening it solves this issue."),
            Some(Problem)
        );
        assert_eq!(kind("After a while it solves itself"), None);
        // "hotfix" as a commit's verb; the fix told as done after its defect.
        assert_eq!(kind("lottie: hotfix memory leaks"), Some(Progress));
        assert_eq!(kind("Hotfix release 1.2.1"), None);
        // A change's title after the issue or commit it names first.
        assert_eq!(
            kind("#193 Fix closable() not blocking onClose()"),
            Some(Progress)
        );
        assert_eq!(
            kind("5b91f32 Fixes Advanced setting refresh"),
            Some(Progress)
        );
        assert_eq!(
            kind("Resolves Infinite Redirect behind Reverse Proxy"),
            Some(Progress)
        );
        assert_eq!(kind("Resolves to the IP of the host"), None);
        assert_eq!(
            kind("Segfault on big files. The fix was a one-character change."),
            Some(Progress)
        );
        assert_eq!(
            top("Segfault on big files. The fix was reverted."),
            Some((Problem, Strength::Medium))
        );
        // A failure that goes on, or that every remedy left.
        assert_eq!(kind("Segv in SSI_WakeUp"), Some(Problem));
        assert_eq!(
            kind("This has been happening since the last update"),
            Some(Problem)
        );
        assert_eq!(kind("Nothing helped, so we rolled back"), Some(Problem));
        assert_eq!(kind("If this keeps happening, restart the worker"), None);
        assert_eq!(kind("Nothing works better than a cold restart"), None);
        // Defect words that name tickets, evidence or where reports are kept.
        assert_eq!(kind("title: Bug database"), None);
        assert_eq!(kind("I recorded a GIF that demonstrates the issue"), None);
        assert_eq!(kind("See the previous issues about this:"), None);
        assert_eq!(
            kind("I can demonstrate the bug on a fresh install"),
            Some(Problem)
        );
    }

    #[test]
    fn a_switch_with_its_object_and_a_choice_ruled_out_with_wont() {
        // The object between "switch" and "from X to Y" no longer hides the switch, and it
        // outranks a failure named in its reason.
        for line in [
            "switching the job queue from Postgres to Redis",
            "switched CI from Travis to GitHub Actions",
            "switching the job queue from Postgres to Redis because SKIP LOCKED deadlocks under load",
        ] {
            assert_eq!(kind(line), Some(Decision), "{line}");
        }
        // Only a switch: what is moved or migrated is work as often as a choice.
        assert_eq!(kind("moved the files from tmp to data"), None);
        // A program's behaviour is no choice of the writer's.
        assert_eq!(
            kind("The app switches the theme from light to dark at sunset"),
            None
        );
        // "We won't use X": the writer rules it out; putting it off is a decision.
        assert_eq!(kind("we won't use GraphQL"), Some(Rejected));
        assert_eq!(
            kind("We won't use Redis for sessions because it loses data on restart"),
            Some(Rejected)
        );
        assert_eq!(kind("I won't adopt Bazel yet"), Some(Decision));
        // A thing that will not use something is a failure, as before.
        assert_eq!(kind("the app won't use the GPU"), Some(Problem));
    }

    #[test]
    fn the_authors_next_move_is_a_decision() {
        assert_eq!(kind("Let's switch to tabs."), Some(Decision));
        assert_eq!(kind("I'll switch from PIZZA-WARE to MIT"), Some(Decision));
        assert_eq!(kind("we will stay with Postgres"), Some(Decision));
        assert_eq!(
            kind("Nevermind, I'm just staying with Quicksilver."),
            Some(Decision)
        );
        assert_eq!(kind("The app will switch to dark mode at night"), None);
        assert_eq!(kind("switch to the Network tab and reload"), None);
        assert_eq!(kind("we might switch to tabs"), None);
        assert_eq!(kind("if we're staying with X, we need Y"), None);
        assert_eq!(kind("Let\u{2019}s switch to tabs."), Some(Decision));
        assert_eq!(
            kind("Now let's switch to the terminal and run the tests"),
            None
        );
        assert_eq!(
            kind("we will switch to Postgres if the benchmarks look good"),
            None
        );
        assert_eq!(kind("Maybe we'll switch to Rust"), None);
        assert_eq!(kind("staying with the defaults keeps upgrades easy"), None);
    }

    #[test]
    fn a_defect_named_as_what_is_done_about_it_is_no_report() {
        assert_eq!(kind("I'll try to solve the problem."), None);
        assert_eq!(kind("Try to reproduce the problem first"), None);
        assert_eq!(kind("Apologies for the bug."), None);
        // A cause found is a learning; a defect found is a report.
        assert_eq!(
            kind("Eventually I spotted the problem: my call opened a second connection"),
            Some(Learning)
        );
        assert_eq!(
            kind("Tracked down the bug to a stale cache key"),
            Some(Learning)
        );
        assert_eq!(kind("Found a bug in the uploader"), Some(Problem));
        assert_ne!(kind("I haven't found the problem yet"), Some(Learning));
        // A fix seen, hedged; a repair made.
        assert_eq!(
            kind("The issue seems to have resolved with update 1.7.1."),
            Some(Progress)
        );
        assert_eq!(kind("Repaired the broken migration"), Some(Progress));
        // Tracker talk and purposes name a defect without reporting one.
        assert_eq!(kind("This issue was moved to org/repo#27"), None);
        assert_eq!(kind("I have reported this issue to AVG."), None);
        assert_eq!(kind("Users reported the bug on Windows too"), Some(Problem));
        assert_eq!(
            kind("Refined cache invalidation to avoid stale data issues."),
            None
        );
        assert_eq!(kind("This looks like a duplicate of #10885"), None);
        // An issue template's prompts ask for a defect; they report none.
        assert_eq!(
            kind("A clear and concise description of what the bug is."),
            None
        );
        assert_eq!(
            kind("If applicable, add screenshots to help explain your problem."),
            None
        );
        assert_eq!(kind("Bug description"), None);
        assert_eq!(
            kind("I can describe the bug: uploads hang at 99%"),
            Some(Problem)
        );
        assert_eq!(kind("Thankyou very much for fixing this bug!"), None);
        assert_eq!(kind("Tough to reproduce flickering bug"), Some(Problem));
        assert_eq!(kind("Still no fix for the bug in 2.1"), Some(Problem));
        assert_eq!(kind("Thanks! Same problem here on 2.1"), Some(Problem));
        assert_eq!(
            kind("I can reproduce the problem on 2.1 too"),
            Some(Problem)
        );
        assert_eq!(
            kind("Able to reproduce the bug on Windows 11"),
            Some(Problem)
        );
        assert_eq!(
            kind("Still investigating the issue with the uploads"),
            Some(Problem)
        );
    }

    #[test]
    fn a_verb_joined_by_and_shares_the_clauses_subject() {
        assert_eq!(
            kind("We discussed it with three people and decided that it's time to drop 1.8"),
            Some(Decision)
        );
        assert_eq!(
            kind("Today we discussed it with the team and decided to drop Node 14"),
            Some(Decision)
        );
        assert_eq!(
            kind("Frustrated users forked the project and decided to maintain it themselves"),
            None
        );
        // The typographic apostrophe names the writer as the straight one does.
        assert_eq!(kind("We\u{2019}ve decided to drop Node 14"), Some(Decision));
        assert_eq!(
            kind("Safari ignored the header and decided to reload the page"),
            None
        );
    }

    #[test]
    fn a_line_opening_with_rejected_rules_out_only_with_its_verdict_or_reason() {
        for ruled_out in [
            "Rejected Redis for sessions, overkill",
            "Abandoned the rewrite, since the old code works",
            "Rejected GraphQL in favour of REST",
            "Rejected GraphQL, because the API has three clients",
        ] {
            assert_eq!(kind(ruled_out), Some(Rejected), "{ruled_out}");
        }
        for other in [
            "Rejected uploads go to the quarantine bucket",
            "Rejected promises reach the global handler",
            "Abandoned carts are emailed after a day",
            "Rejected requests get a 403, because the token is checked first",
            "The server rejected it, overkill or not",
        ] {
            assert_ne!(kind(other), Some(Rejected), "{other}");
        }
    }

    #[test]
    fn a_line_opening_with_not_using_rules_out_only_with_its_reason() {
        for ruled_out in [
            "Not using Redux because the app state fits comfortably in React context",
            "- Not using an ORM: the queries are few and hot",
            "Not using Kafka, since the volume is tiny",
            "Not using GraphQL - overkill for three clients",
            "Not using Docker: the builds need the host GPU",
        ] {
            assert_eq!(kind(ruled_out), Some(Rejected), "{ruled_out}");
        }
        for other in [
            "Not using the cache makes every request hit the database",
            "Not using a lock here would corrupt the index because two writers race",
            "We are not using Redux because of the bundle size",
            "If not using Docker, install Postgres 15 first",
            // Going without it failed; a time, not a reason.
            "Not using the proxy didn't help either",
            "Not using the GPU since the 535 driver update",
        ] {
            assert_ne!(kind(other), Some(Rejected), "{other}");
        }
    }

    #[test]
    fn a_cause_found_and_what_an_investigation_showed_are_learnings() {
        for found in [
            "Found the root cause: the CDN was caching API responses for 10 minutes",
            "We tracked down the cause to a stale index on events.user_id",
            "Identified the root cause of the nightly OOM: an unbounded cache",
            "Profiling showed that 80% of request time goes to JSON serialization",
            "Investigation showed the 502s come from the load balancer's idle timeout",
            "Bisecting revealed the regression came with the allocator change",
        ] {
            assert_eq!(kind(found), Some(Learning), "{found}");
        }
        for other in [
            "Need to find the root cause before the release",
            "We never found the root cause of the flake",
            "Did profiling show anything?",
            "If profiling shows a hot loop, move it to a worker",
            "The profiler shows self time per function",
            "The cause of the outage is unknown",
        ] {
            assert_ne!(kind(other), Some(Learning), "{other}");
        }
    }

    #[test]
    fn a_pick_for_a_purpose_is_a_choice_and_a_task_picked_up_is_not() {
        assert_eq!(
            kind("Picked Zod for request validation in the API gateway"),
            Some(Decision)
        );
        assert_eq!(
            kind("We selected Postgres for the event store"),
            Some(Decision)
        );
        for other in [
            "Picked up the flaky test ticket for this sprint",
            "Picked out the slow queries for the report",
            "The user picked a file for upload",
            "Selected rows for deletion are highlighted in red",
        ] {
            assert_ne!(kind(other), Some(Decision), "{other}");
        }
    }

    #[test]
    fn a_choice_stated_without_a_verb_gives_its_reason() {
        for choice in [
            "Postgres over Mongo for the event store, since we need transactions.",
            "SQLite over Postgres for the desktop build, because there is no server to run.",
            "Tokio over async-std: bigger ecosystem and better tracing.",
            "JWT instead of server sessions, since the API is stateless.",
            "pnpm instead of npm for the monorepo because of disk use.",
            "Plain SQL rather than an ORM \u{2014} the queries are few and hot.",
        ] {
            assert_eq!(kind(choice), Some(Decision), "{choice}");
        }
        for other in [
            // No reason: a motto or a heading.
            "Composition over inheritance",
            "Postgres over Mongo",
            // An order, a described thing, a hedge, a question.
            "Prefer composition over inheritance, because it keeps classes small.",
            "Always add `relative z-10` over backgrounds; use `overflow-hidden` on parents.",
            "Don't wrap retries over RabbitMQ: it already retries.",
            "The cache over NFS, since the move, is slow",
            "Maybe Postgres over Mongo, since we need transactions",
            "Postgres over Mongo, since we need transactions?",
            // "over" of time, amount or place.
            "Latency over 200ms: the pool is too small",
            "Costs over time: see the dashboard",
            "Sent over the wire: one frame per event",
            // A reason of one word is no reason.
            "Redis over Memcached: yes",
        ] {
            assert_eq!(kind(other), None, "{other}");
        }
    }

    #[test]
    fn the_idiom_that_settles_a_choice() {
        assert_eq!(kind("postgres it is"), Some(Decision));
        assert_eq!(kind("OK, tabs it is!"), Some(Decision));
        assert_eq!(kind("It is what it is."), None);
        assert_eq!(kind("Leave it as it is."), None);
        assert_eq!(kind("I think it is"), None);
        assert_eq!(kind("Here it is"), None);
        assert_eq!(kind("Of course, it is."), None);
        assert_eq!(kind("Unfortunately it is"), None);
        assert_eq!(
            kind("The cache is keyed by path, and that is how it is"),
            None
        );
    }

    #[test]
    fn fixes_handed_over_and_issues_closed() {
        assert_eq!(
            kind("I've committed a fix which will be in the next version."),
            Some(Progress)
        );
        assert_eq!(
            kind("I've pushed the fix, and closed issue #8."),
            Some(Progress)
        );
        assert_eq!(kind("Once we've pushed the fix, we can close this."), None);
        assert_eq!(kind("Nobody has merged a fix yet"), None);
        assert_eq!(kind("Upstream merged a fix for the race"), None);
        assert_eq!(kind("Unclear whether they merged the fix"), None);
        assert_eq!(
            kind("After we deployed the fix, the crash still happens on Android"),
            Some(Problem)
        );
        assert_eq!(
            kind("Reopened: the crash is back (fix #1876 was incomplete)"),
            Some(Problem)
        );
        assert_eq!(
            kind("suppress `nounset` error if `DIRENV_DIR` is unset (fix #1876)"),
            Some(Progress)
        );
        assert_eq!(kind("the (fix) was simple"), None);
        assert_eq!(kind("This is now done."), Some(Progress));
        assert_eq!(kind("The migration is done"), Some(Progress));
        assert_eq!(kind("Validation is done in the API layer."), None);
        assert_eq!(kind("This is done by the scheduler"), None);
        assert_eq!(kind("Nothing is done"), None);
        assert_eq!(kind("Once this is done, deploy"), None);
        assert_eq!(kind("The damage is done."), None);
        assert_eq!(kind("Don't deploy before the backup is done"), None);
        assert_eq!(kind("Verify the upload is done."), None);
    }

    #[test]
    fn crashes_by_their_signal_or_printout() {
        assert_eq!(
            kind("Segmentation fault when closing the window"),
            Some(Problem)
        );
        assert_eq!(kind("Seg fault on startup"), Some(Problem));
        assert_eq!(kind("Program received signal SIGSEGV"), Some(Problem));
        assert_eq!(kind("Aborted (core dumped)"), Some(Problem));
        assert_eq!(
            kind("Stack overflow when parsing deeply nested JSON"),
            Some(Problem)
        );
        assert_eq!(
            kind("NullPointerException in the settings screen"),
            Some(Problem)
        );
        assert_eq!(kind("Uploads time out on large files"), Some(Problem));
        assert_eq!(kind("Found the answer on Stack Overflow"), None);
        assert_eq!(kind("A Stack Overflow answer explains the flag"), None);
        assert_eq!(kind("Requests may time out after 30 s"), None);
        assert_eq!(
            kind("Sessions time out after 15 minutes of inactivity"),
            None
        );
        assert_eq!(kind("Exit code 139 means SIGSEGV"), None);
        assert_eq!(
            kind("We install a SIGSEGV handler that prints a backtrace"),
            None
        );
        assert_eq!(kind("Per Stack Overflow, the flag must come first"), None);
        assert_eq!(
            kind("Throw IllegalArgumentException for negative sizes"),
            None
        );
        assert_eq!(
            kind("A segmentation fault here usually means a version mismatch"),
            None
        );
        assert_ne!(
            kind("We throw a ValidationException instead of returning null"),
            Some(Problem)
        );
        assert_eq!(kind("Take some time out of the sprint for docs"), None);
        assert_eq!(kind("The exception handler logs and retries"), None);
    }

    #[test]
    fn a_when_clause_stays_a_condition() {
        assert_eq!(kind("If I get stuck, I ask for help"), None);
        assert_eq!(kind("When I have time, I'll switch to Postgres"), None);
        assert_eq!(kind("If the job fails, retry it"), None);
        assert_eq!(kind("Restart the worker when it hangs"), None);
    }

    #[test]
    fn a_kind_of_thing_that_failed_is_no_report() {
        for line in [
            "Retry failed jobs every hour",
            "Clean up failed uploads nightly",
            "Show a toast on failed login",
            "Launch login after failed token refresh",
        ] {
            assert_eq!(kind(line), None, "{line}");
        }
        for line in [
            "two failed tests in the auth suite",
            "The deploy failed on CI",
            "The retry failed again",
            "Stuck on failing tests",
        ] {
            assert_eq!(kind(line), Some(Problem), "{line}");
        }
    }

    #[test]
    fn a_failure_after_its_trigger_is_a_report() {
        // The comma closes the condition: what follows happened.
        assert_eq!(
            kind("When I close one of the windows, kitty throws a segmentation fault"),
            Some(Problem)
        );
        assert_eq!(
            kind("After updating to Android 14, the app crashes on start"),
            Some(Problem)
        );
        // A failure inside the condition is still the condition's.
        assert_eq!(kind("If the build fails, check the cache first"), None);
    }

    #[test]
    fn a_change_told_with_its_reason_and_a_failure_it_replaced() {
        // Dropping support, ordered with its reason, is the change's own choice.
        assert_eq!(
            kind("Hence, drop the support for Python 2, and assume Python 3 instead."),
            Some(Decision)
        );
        assert_eq!(
            kind("Python 2 reached its end of life, so drop support for it"),
            Some(Decision)
        );
        // A bare title proposes as often as it records; others' practice is no choice.
        assert_eq!(kind("Drop support for Python 3.7"), None);
        assert_eq!(
            kind("Vendors often explicitly drop support for older kernels after two years."),
            None
        );
        assert_eq!(
            kind("Modern browsers thus drop support for TLS 1.0 by default."),
            None
        );
        assert_eq!(kind("Should we drop support for Python 2?"), None);
        // What a description goes on to say the change does about the defect it reports.
        assert_eq!(
            kind(
                "Sockets leak after a client disconnects. This resolves that issue by removing references."
            ),
            Some(Progress)
        );
        assert_eq!(kind("Let me know if this resolves the issue"), None);
        assert_eq!(kind("That resolves it, thanks!"), Some(Progress));
        assert_eq!(kind("Let me know if that resolves it"), None);
        assert_eq!(kind("The hostname resolves to 10.0.0.1"), None);
        // What a function does to its object is documentation.
        assert_eq!(
            kind("This resolves the path relative to the config file's directory."),
            None
        );
        assert_eq!(
            kind(
                "The embedded DNS server, which resolves the container names, listens on 127.0.0.11."
            ),
            None
        );
        // A changelog's line naming the fixes it made.
        assert_eq!(kind("More fixes to timezone problems"), Some(Progress));
        assert_eq!(kind("Various fixes for Safari"), Some(Progress));
        assert_eq!(kind("We need more fixes to the parser"), None);
        for line in [
            "More fixes to follow in the next release.",
            "Various fixes for Safari are planned for 2.0.",
            "Small fixes to the docs can go straight to main without an issue.",
            "Some fixes for the importer are still missing.",
            "Many fixes in 3.x were never backported to 2.x.",
        ] {
            assert_eq!(kind(line), None, "{line}");
        }
        // A failure the change replaced is no report.
        assert_eq!(
            kind(
                "A null value is now replaced by the default, instead of causing a crash later on."
            ),
            None
        );
        assert_eq!(
            kind("It now logs a warning rather than throwing an error"),
            None
        );
        assert_eq!(
            kind("Rather than throwing an error, the parser now returns None"),
            None
        );
        assert_eq!(
            kind("The importer now skips bad rows instead of panicking"),
            None
        );
        assert_eq!(
            kind("The importer skips bad rows instead of panicking"),
            Some(Problem)
        );
        // Without a change, the failure that should have happened is the report.
        assert_eq!(
            kind("It returns a 200 with an empty body instead of throwing a 404 error."),
            Some(Problem)
        );
        assert_eq!(
            kind("The parser throws instead of returning null, causing a crash"),
            Some(Problem)
        );
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
