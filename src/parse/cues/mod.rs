//! Natural-language cues for lines without a type label: "decided to", "going with",
//! "turns out", "stuck on", "doesn't work", "Fix ...", "watch out for" ...
//!
//! One regex finds every candidate phrase in a line (its literal prefilter keeps the cost
//! near a memchr scan); each candidate is then checked against its context, because the
//! words alone mislead: "Safari decided not to send" is someone else's choice, "going
//! with X would force users to" is a downside, "if you're stuck on X" is advice, "error
//! handling" names a feature, "the fixed header" is an adjective. The checks look only at
//! the few words around the cue.

mod cue_context;
mod decision_cues;
mod negation_cues;
mod problem_cues;
mod progress_cues;

use std::sync::LazyLock;

use regex::bytes::Regex;

use super::lex::{clause_after, has_word, words_after, words_before};
use crate::parse::EntryType;
use cue_context::{
    DETERMINERS, FIRST_PERSON, any_of, conditional, contains_any, first_person, has_phrase,
    hypothetical_after, modal, negated, subject,
};
use decision_cues::attempt_failed;
use negation_cues::{FAILURE_VERBS, NEG_SKIP, is_negation_phrase};
use problem_cues::{ERROR_COMPOUNDS, NOUN_FOLLOWERS, about_handling_reports, issue_noun};
use progress_cues::FIXED_ADJECTIVE_NOUNS;

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

fn judge(buf: &[u8], original: &[u8], start: usize, end: usize) -> Option<(EntryType, Strength)> {
    use EntryType::*;
    use Strength::*;
    let cue = &buf[start..end];
    let before = words_before(buf, start, 3);
    let prev = before.first();
    let after = words_after(buf, end, 3);
    let next = after.first();
    let at_start = before.is_empty() && super::lex::word_index(buf, start) == 0;

    // Negative-capability family: "doesn't load", "cannot run", "failed to connect".
    if is_negation_phrase(cue) {
        if cue.starts_with(b"don") && cue.ends_with(b"forget") {
            return Some((Gotcha, Medium));
        }
        if conditional(buf, start) {
            return None;
        }
        if at_start && (cue.starts_with(b"don") || cue == b"do not") {
            // Imperative advice: "Don't use X for Y".
            return None;
        }
        let open_verb = cue.starts_with(b"unable") || cue.starts_with(b"fail");
        let verb = after.iter().find(|w| !any_of(Some(w), NEG_SKIP)).copied();
        let adverb = after
            .iter()
            .any(|w| any_of(Some(w), &["properly", "correctly", "reliably"]));
        return (verb.is_some_and(|v| open_verb || any_of(Some(&v), FAILURE_VERBS)) || adverb)
            .then_some((Problem, Medium));
    }

    match cue {
        // ---- rejections: an approach ruled out is the opposite of a decision.
        b"decided against" | b"ruled out" | b"gave up on" | b"given up on" => {
            (first_person(buf, start) && !negated(buf, start) && !conditional(buf, start))
                .then_some((Rejected, Strong))
        }
        b"abandoned" | b"rejected" => {
            // Only with the author as subject: "the rejected promise", "abandoned carts"
            // and "the server rejected it" are not the author's choice.
            let author =
                subject(buf, start).is_some_and(|w| FIRST_PERSON.iter().any(|f| f.as_bytes() == w));
            (author && !negated(buf, start) && !conditional(buf, start))
                .then_some((Rejected, Strong))
        }
        b"tried" => (first_person(buf, start)
            && !conditional(buf, start)
            && !any_of(prev, &["be", "been", "is", "was", "were"])
            && attempt_failed(&buf[end..]))
        .then_some((Rejected, Strong)),

        // ---- decisions
        b"decided" => {
            if negated(buf, start) || conditional(buf, start) || any_of(prev, &["to", "be"]) {
                return None;
            }
            if any_of(prev, &["was", "were", "is", "are", "been"]) {
                // Impersonal passive ("it was decided to ...") but not "decided by X".
                return (!any_of(next, &["by"])).then_some((Decision, Strong));
            }
            first_person(buf, start).then_some((Decision, Strong))
        }
        _ if cue.starts_with(b"decision to") || cue.starts_with(b"made ") => {
            (!negated(buf, start) && !conditional(buf, start)).then_some((Decision, Strong))
        }
        b"going with" | b"sticking with" => {
            if conditional(buf, start) || hypothetical_after(buf, end) {
                return None;
            }
            let ok = match subject(buf, start) {
                None => true,
                Some(w) => [
                    "i'm",
                    "we're",
                    "im",
                    "am",
                    "are",
                    "i",
                    "we",
                    "probably",
                    "likely",
                    "currently",
                    "still",
                    "for",
                ]
                .iter()
                .any(|s| s.as_bytes() == w),
            };
            ok.then_some((Decision, Strong))
        }
        b"go with" | b"stick with" => any_of(
            prev,
            &["we'll", "i'll", "let's", "will", "to", "gonna", "ll", "'ll"],
        )
        .then_some((Decision, Strong))
        .filter(|_| !conditional(buf, start) && !negated(buf, start)),
        b"went with" | b"gone with" | b"chose" | b"settled on" | b"agreed to" | b"agreed on" => {
            (first_person(buf, start) && !negated(buf, start) && !conditional(buf, start))
                .then_some((Decision, Strong))
        }
        b"chosen" => (any_of(prev, &["was", "were", "is", "been", "have", "has", "we've"])
            && !any_of(next, &["by"]))
        .then_some((Decision, Strong)),
        _ if cue.starts_with(b"opt") || cue.starts_with(b"switched") => {
            (first_person(buf, start) && !negated(buf, start) && !conditional(buf, start))
                .then_some((Decision, Strong))
        }
        b"picked" | b"selected" => {
            let clause = clause_after(buf, end);
            (first_person(buf, start)
                && ["over", "because", "instead", "rather", "as"]
                    .iter()
                    .any(|w| has_word(clause, w.as_bytes())))
            .then_some((Decision, Strong))
        }
        b"use" | b"using" => {
            if negated(buf, start) || conditional(buf, start) {
                return None;
            }
            let clause = clause_after(buf, end);
            let over = super::details::alternative_over(clause).is_some();
            let instead = has_phrase(clause, b"instead of") || has_phrase(clause, b"rather than");
            (over || instead).then_some((Decision, Medium))
        }
        _ if cue.ends_with(b" use") => Some((Decision, Strong)),

        // ---- learnings
        b"learned" | b"learnt" => {
            if !first_person(buf, start)
                || any_of(prev, DETERMINERS)
                || any_of(
                    prev,
                    &["be", "been", "is", "are", "was", "were", "being", "machine"],
                )
                || any_of(
                    next,
                    &[
                        "model",
                        "models",
                        "weights",
                        "embeddings",
                        "embedding",
                        "representations",
                        "representation",
                        "parameters",
                        "features",
                        "policy",
                        "helplessness",
                    ],
                )
                || conditional(buf, start)
                || negated(buf, start)
            {
                return None;
            }
            Some((Learning, Strong))
        }
        b"today i learned" => Some((Learning, Strong)),
        // The acronym in capitals anywhere, or in lower case opening a note ("til you
        // can ..."); "Til" is a word in other languages (Uzbek "language").
        b"til" => (&original[start..end] == b"TIL"
            || (at_start
                && &original[start..end] == b"til"
                && !any_of(next, &["then", "now", "tomorrow", "later", "next"])))
        .then_some((Learning, Strong)),
        b"turns out" | b"turned out" | b"found out" | b"figured out" => {
            (!conditional(buf, start)).then_some((Learning, Strong))
        }
        b"found that" => first_person(buf, start).then_some((Learning, Strong)),
        _ if cue.starts_with(b"reali") => {
            let accounting = any_of(
                next,
                &[
                    "gains",
                    "gain",
                    "losses",
                    "loss",
                    "profit",
                    "profits",
                    "pnl",
                    "p&l",
                    "returns",
                    "return",
                    "value",
                    "revenue",
                    "income",
                    "volatility",
                    "price",
                ],
            );
            let passive = any_of(
                prev,
                &[
                    "is", "are", "was", "were", "be", "been", "being", "fully", "you", "you'll",
                ],
            );
            (!accounting && !passive && !conditional(buf, start)).then_some((Learning, Strong))
        }
        b"discovered" => {
            let passive = any_of(
                prev,
                &[
                    "is", "are", "was", "were", "be", "been", "being", "auto", "newly", "not",
                ],
            ) || any_of(prev, DETERMINERS);
            (!passive && first_person(buf, start) && !conditional(buf, start))
                .then_some((Learning, Strong))
        }
        b"noticed that" | b"the lesson" | b"lesson learned" | b"lessons learned"
        | b"apparently" => Some((Learning, Medium)),

        // ---- progress
        b"fixed" | b"resolved" | b"solved" | b"patched" | b"shipped" | b"completed" => {
            if negated(buf, start) && !modal(buf, start) && !conditional(buf, start) {
                // "still not fixed": the problem is open.
                return (cue != b"shipped" && cue != b"completed").then_some((Problem, Medium));
            }
            if modal(buf, start)
                || conditional(buf, start)
                || any_of(prev, DETERMINERS)
                || any_of(prev, &["only", "un", "partially"])
                || (cue == b"fixed" && any_of(next, FIXED_ADJECTIVE_NOUNS))
                || (cue == b"resolved" && any_of(next, &["to"]))
            {
                return None;
            }
            Some((Progress, Strong))
        }
        b"fixes" => (at_start
            || any_of(
                prev,
                &[
                    "this", "it", "which", "that", "commit", "pr", "patch", "change", "update",
                    "release",
                ],
            ))
        .then_some((Progress, Strong)),
        b"fix" => {
            if at_start {
                return Some((Progress, Strong));
            }
            (any_of(
                next,
                &["was", "applied", "landed", "merged", "worked", "works"],
            ) && !negated(buf, start))
            .then_some((Progress, Medium))
        }
        b"got" => {
            // "got the ARM build working", "finally got it to work".
            let clause = clause_after(buf, end);
            ([
                "working", "running", "passing", "to work", "to run", "to pass", "green",
            ]
            .iter()
            .any(|w| has_word(clause, w.as_bytes()))
                && !negated(buf, start)
                && !conditional(buf, start))
            .then_some((Progress, Strong))
        }
        b"works now" | b"now works" | b"now working" | b"working now" | b"works again"
        | b"working again" => (!negated(buf, start)).then_some((Progress, Strong)),

        // ---- gotchas
        b"watch out" | b"be aware" | b"beware" | b"be careful" | b"heads up" | b"heads-up" => {
            Some((Gotcha, Strong))
        }
        b"caveat" | b"caveats" | b"pitfall" | b"pitfalls" | b"gotcha" | b"gotchas" | b"footgun"
        | b"footguns" => {
            // The noun names a gotcha only when it introduces one ("a classic pitfall",
            // "the gotcha here is"), not when gotchas are talked about ("check for
            // gotchas", "lists the known pitfalls").
            let introduced = !cue.ends_with(b"s")
                && (at_start
                    || any_of(
                        prev,
                        &[
                            "a", "one", "another", "the", "classic", "common", "subtle", "nasty",
                            "big", "main", "major", "key", "real", "sneaky",
                        ],
                    ));
            introduced.then_some((Gotcha, Strong))
        }
        b"takeaway" | b"insight" => any_of(
            prev,
            &[
                "key",
                "main",
                "big",
                "biggest",
                "one",
                "an",
                "a",
                "important",
                "the",
            ],
        )
        .then_some((Learning, Medium)),
        _ if cue.starts_with(b"careful ") => Some((Gotcha, Strong)),
        b"watch for" => at_start.then_some((Gotcha, Strong)),
        b"trap" | b"traps" => (any_of(
            prev,
            &["a", "the", "classic", "common", "nasty", "subtle", "real"],
        ) && !any_of(next, &["door"]))
        .then_some((Gotcha, Medium)),
        b"keep in mind" => Some((Gotcha, Medium)),
        b"make sure" => Some((Gotcha, Weak)),

        // ---- problems
        b"stuck" => {
            if conditional(buf, start) || negated(buf, start) {
                return None;
            }
            let status = any_of(
                next,
                &[
                    "on", "with", "in", "at", "trying", "for", "behind", "because",
                ],
            ) || any_of(
                prev,
                &[
                    "is", "am", "are", "got", "get", "gets", "getting", "been", "was", "were",
                    "still", "keeps", "keep", "i'm", "we're",
                ],
            );
            status.then_some((Problem, Strong))
        }
        b"blocked" => {
            if conditional(buf, start) || negated(buf, start) {
                return None;
            }
            let shouting = &original[start..end] == b"BLOCKED";
            let status = shouting
                || any_of(next, &["by", "on", "until", "waiting"])
                || any_of(
                    prev,
                    &[
                        "is",
                        "are",
                        "was",
                        "were",
                        "still",
                        "got",
                        "been",
                        "currently",
                        "i'm",
                        "we're",
                        "am",
                    ],
                );
            status.then_some((Problem, Strong))
        }
        b"struggling with" => Some((Problem, Strong)),
        _ if cue.starts_with(b"still ") || cue.ends_with(b" red") => {
            (!conditional(buf, start) && !negated(buf, start)).then_some((Problem, Medium))
        }
        b"silently" => (!negated(buf, start)).then_some((Problem, Weak)),
        b"hang" => (!negated(buf, start)
            && !modal(buf, start)
            && !conditional(buf, start)
            && !any_of(next, &["on", "out", "up", "onto", "in"])
            && !at_start)
            .then_some((Problem, Medium)),
        _ if cue.len() == 3 && cue.iter().all(u8::is_ascii_digit) => {
            // An HTTP error status reported as a symptom: "returns 500", "a 403 error".
            (any_of(
                prev,
                &[
                    "returns",
                    "returned",
                    "returning",
                    "return",
                    "getting",
                    "got",
                    "gives",
                    "giving",
                    "throws",
                    "throwing",
                    "with",
                    "a",
                    "an",
                    "get",
                ],
            ) || any_of(
                next,
                &["error", "errors", "response", "responses", "status"],
            ))
            .then_some((Problem, Medium))
        }
        b"not working" | b"stopped working" => {
            (!conditional(buf, start)).then_some((Problem, Medium))
        }
        b"broken" | b"broke" | b"breaks" => {
            if negated(buf, start) || conditional(buf, start) {
                return None;
            }
            if cue == b"breaks"
                && any_of(
                    prev,
                    &[
                        "line", "page", "word", "hard", "soft", "the", "a", "no", "lunch",
                        "coffee", "column",
                    ],
                )
            {
                return None;
            }
            Some((Problem, Medium))
        }
        _ if cue.starts_with(b"crash") => (!negated(buf, start)
            && !conditional(buf, start)
            && !any_of(next, &["course", "reporter", "reporting", "handler"]))
        .then_some((Problem, Medium)),
        b"fail" => (!negated(buf, start)
            && !modal(buf, start)
            && !conditional(buf, start)
            && !any_of(
                next,
                &["over", "fast", "safe", "early", "loudly", "gracefully"],
            ))
        .then_some((Problem, Medium)),
        b"fails" | b"failed" | b"failing" => (!negated(buf, start)
            && !conditional(buf, start)
            && !any_of(next, &["over", "fast", "safe"])
            && !any_of(prev, &["longer"]))
        .then_some((Problem, Medium)),
        b"failure" | b"failures" => (!negated(buf, start)
            && !any_of(
                next,
                &[
                    "mode", "modes", "handling", "domain", "domains", "case", "cases", "path",
                    "paths",
                ],
            ))
        .then_some((Problem, Weak)),
        b"error" | b"errors" => {
            // Errors handled by design are a feature ("handles transient errors").
            let handled = contains_any(
                &before,
                &[
                    "handle",
                    "handles",
                    "handled",
                    "handling",
                    "catch",
                    "catches",
                    "log",
                    "logs",
                    "logged",
                    "report",
                    "reports",
                    "retries",
                    "retry",
                    "surfaces",
                    "suppress",
                    "suppresses",
                    "classify",
                    "classifies",
                    "informative",
                    "friendly",
                    "better",
                    "clearer",
                    "improved",
                ],
            );
            // "Errors handled gracefully", "errors caught at the boundary": also a feature.
            let handled_after = any_of(
                next,
                &[
                    "handled",
                    "caught",
                    "logged",
                    "surfaced",
                    "retried",
                    "recovered",
                ],
            );
            (!negated(buf, start)
                && !handled
                && !handled_after
                && !any_of(prev, &["any", "zero"])
                && !any_of(next, ERROR_COMPOUNDS))
            .then_some((Problem, Weak))
        }
        _ if cue.ends_with(b"error") => {
            // `SyntaxError`, `TypeError`: an error type named in prose.
            Some((Problem, Weak))
        }
        b"exception" | b"exceptions" => (!negated(buf, start)
            && !any_of(
                next,
                &[
                    "handling",
                    "types",
                    "type",
                    "classes",
                    "class",
                    "hierarchy",
                    "handler",
                    "handlers",
                    "catching",
                    "safety",
                ],
            ))
        .then_some((Problem, Weak)),
        _ if cue.starts_with(b"leak") => (!negated(buf, start)).then_some((Problem, Medium)),
        _ if cue.starts_with(b"race condition") || cue.starts_with(b"deadlock") => {
            (!negated(buf, start)).then_some((Problem, Medium))
        }
        b"timeout" | b"timeouts" => (!negated(buf, start)
            && !contains_any(
                &before,
                &[
                    "set",
                    "increase",
                    "increased",
                    "raise",
                    "raised",
                    "configurable",
                    "default",
                    "custom",
                    "longer",
                    "shorter",
                    "configure",
                    "configured",
                    "lower",
                    "reduce",
                ],
            )
            && !any_of(
                next,
                &[
                    "setting",
                    "settings",
                    "option",
                    "options",
                    "value",
                    "config",
                    "parameter",
                    "param",
                    "ms",
                    "seconds",
                ],
            ))
        .then_some((Problem, Weak)),
        b"timed out" | b"times out" | b"timing out" | b"hangs" | b"hanging" | b"freezes"
        | b"freezing" | b"froze" => {
            (!negated(buf, start) && !conditional(buf, start) && !any_of(next, &["on", "indent"]))
                .then_some((Problem, Medium))
        }
        _ if cue.starts_with(b"panic") || cue.starts_with(b"segfault") => {
            (!negated(buf, start) && !any_of(prev, &["don't"])).then_some((Problem, Medium))
        }
        b"regression" | b"regressions" => (!any_of(
            next,
            &["test", "tests", "testing", "suite", "model", "analysis"],
        ) && !any_of(prev, &["linear", "logistic", "no"]))
        .then_some((Problem, Weak)),
        _ if cue.starts_with(b"vulnerab") => (!negated(buf, start)
            && !any_of(next, &["scanner", "scanning", "scan", "scans", "database"]))
        .then_some((Problem, Weak)),
        b"out of sync" | b"bad interpreter" | b"no such file" | b"permission denied" | b"oom"
        | b"oom-killed" | b"out of memory" => Some((Problem, Medium)),
        b"not found" => Some((Problem, Weak)),
        b"bug" | b"bugs" | b"buggy" => (!negated(buf, start)
            && !about_handling_reports(buf, end)
            && !any_of(
                next,
                &[
                    "fix", "fixes", "fixed", "fixing", "report", "reports", "tracker", "bounty",
                    "triage", "bash",
                ],
            ))
        .then_some((Problem, Weak)),
        b"issue" | b"issues" => {
            issue_noun(buf, original, prev, next, start, end).then_some((Problem, Weak))
        }
        b"problem" | b"problems" => (!negated(buf, start)
            && !about_handling_reports(buf, end)
            && !any_of(prev, &["no"])
            && (prev.is_some() || any_of(next, NOUN_FOLLOWERS)))
        .then_some((Problem, Weak)),
        b"exposed" => any_of(
            prev,
            &[
                "password",
                "passwords",
                "secret",
                "secrets",
                "token",
                "tokens",
                "key",
                "keys",
                "credential",
                "credentials",
                "pii",
            ],
        )
        .then_some((Problem, Medium)),
        b"unavailable" | b"incorrect" => (!negated(buf, start)).then_some((Problem, Weak)),
        _ => None,
    }
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
