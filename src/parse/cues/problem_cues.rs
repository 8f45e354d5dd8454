//! The problem cues: "stuck on", "broken", "fails", "timed out", symptom nouns ("error",
//! "issue"), which name a report only when the words around them do not make them a
//! feature ("error handling"), a tracker reference ("issue #12") or a process ("bugs are
//! triaged weekly").

use super::Strength::{self, *};
use super::cue_context::{
    Around, CONDITIONALS, any_of, clause_subject, conditional, contains_any, failure_conditional,
    modal, negated, negated_within, own_part_before, own_trigger_then_subject,
};
use crate::parse::EntryType::{self, *};
use crate::parse::lex::{clause_after, has_word, words_after, words_before};

/// A problem, or `None` when the cue is not one or its context says otherwise.
pub(super) fn judge(around: &Around) -> Option<(EntryType, Strength)> {
    let (buf, original) = (around.buf, around.original);
    let (start, end, at_start) = (around.start, around.end, around.at_start);
    let before = &around.before;
    let (cue, prev, next) = (around.cue(), around.prev(), around.next());
    // Said of a change ("now", "no longer"): "It returns 200 instead of throwing a 404
    // error" reports the failure that should have happened.
    if averted_instead(&words_before(buf, start, 5))
        && crate::parse::lex::has_any_word(buf, &["now", "longer"])
    {
        return None;
    }
    // "707 tests (0 failures)", "zero errors after the fix": a tally of none. The 0 must be
    // a number of its own, not a version's last part ("1.4.0 regressions").
    if matches!(
        cue,
        b"failures"
            | b"errors"
            | b"bugs"
            | b"issues"
            | b"problems"
            | b"warnings"
            | b"crashes"
            | b"regressions"
    ) {
        let before = buf[..start].trim_ascii_end();
        let count_of_none = before.ends_with(b"zero")
            || (before.ends_with(b"0")
                && before
                    .len()
                    .checked_sub(2)
                    .is_none_or(|at| !(before[at].is_ascii_alphanumeric() || before[at] == b'.')));
        if count_of_none {
            return None;
        }
    }
    match cue {
        // ---- problems
        // "Production was down for two hours", "the API went down for about 30 minutes": an
        // outage told with how long it lasted. Without a span "went down" is as often a
        // number falling ("the error rate went down").
        _ if cue.ends_with(b" down") || cue.ends_with(b" offline") => {
            (outage_span(&words_after(buf, end, 5))
                && !negated(buf, start)
                && !conditional(buf, start))
            .then_some((Problem, Medium))
        }
        // "Two hours of log data got lost", "unsaved changes were lost": something that should
        // have been kept and was not. Not a person ("I got lost in the docs"), nor what is
        // never lost ("nothing gets lost").
        _ if cue.ends_with(b" lost") => {
            let person = clause_subject(buf, start).is_some_and(|w| {
                matches!(
                    w,
                    b"i" | b"we" | b"you" | b"he" | b"she" | b"they" | b"nothing"
                )
            });
            (!person
                && !negated_within(buf, start, 4)
                && !has_word(crate::parse::lex::clause_before(buf, start), b"never")
                && !conditional(buf, start))
            .then_some((Problem, Medium))
        }
        b"stuck" => {
            if failure_conditional(buf, start) || negated(buf, start) {
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
            if failure_conditional(buf, start) || negated(buf, start) {
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
        // "Scroll position is lost on back. This shouldn't happen!": a report that names what
        // went wrong as something that should not have. Only about a thing already said
        // ("this", "it", "which"): "a partial write should never happen" is a rule.
        _ if cue.starts_with(b"should") => (any_of(prev, &["this", "it", "that", "which"])
            && !failure_conditional(buf, start))
        .then_some((Problem, Medium)),
        // Not asked ("is this still happening?"): a question whether it goes on.
        _ if cue.starts_with(b"still ") || cue.ends_with(b" red") => {
            (!failure_conditional(buf, start)
                && !negated(buf, start)
                && buf.get(start + crate::parse::lex::clause_after(buf, start).len())
                    != Some(&b'?'))
            .then_some((Problem, Medium))
        }
        // "This has been happening since the last update", "it keeps happening after every
        // restart", "I tried reinstalling and rebooting but nothing works", "when I click
        // save nothing happens": a failure that goes on, that every remedy tried left, or an
        // action that does nothing. Not "if this keeps happening, restart".
        // ("Nothing works better than a cold restart" compares.)
        _ if cue.ends_with(b" happening") || cue.starts_with(b"nothing ") => {
            (!any_of(next, &["better", "like", "as", "quite", "faster", "than"])
                && !failure_conditional(buf, start)
                && !negated(buf, start)
                && !modal(buf, start)
                && !buf.contains(&b'?'))
            .then_some((Problem, Medium))
        }
        // "Drop support for Python 3.7 (silently)", "it should be dropped silently": how a
        // change is to be made, not a failure.
        b"silently" => {
            (!negated(buf, start) && !modal(buf, start) && !buf[..start].ends_with(b"("))
                .then_some((Problem, Weak))
        }
        b"hang" => (!negated(buf, start)
            && !modal(buf, start)
            && !failure_conditional(buf, start)
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
        b"not working"
        | b"stopped working"
        | b"stops working"
        | b"stopped responding"
        | b"stops responding" => (!failure_conditional(buf, start)).then_some((Problem, Medium)),
        // Before the dropped auxiliary below, which "not found" would otherwise match.
        b"not found" => Some((Problem, Weak)),
        // "Proxy setting not work on next release", "System not start", "clearing cache not
        // removing old data": the auxiliary dropped before a verb of failure, as issue titles
        // and reports written in a second language often do. After a modal or "to" it is a
        // prediction or a purpose ("may not work on Windows", "chose not to run it"), after
        // "rather"/"better" a preference, after "why"/"or" a question or an alternative; "by
        // design" makes it a statement of how things are meant to be.
        _ if cue.starts_with(b"not ") => (!modal(buf, start)
            && !any_of(
                prev,
                &[
                    "or", "does", "do", "did", "rather", "better", "why", "whether", "and", "i",
                    "we", "you", "please",
                ],
            )
            && !failure_conditional(buf, start)
            && !crate::parse::symptoms::meant_to_be(buf))
        .then_some((Problem, Medium)),
        b"broken" | b"broke" | b"breaks" => {
            if negated(buf, start) || failure_conditional(buf, start) {
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
            && !failure_conditional(buf, start)
            && !any_of(next, &["course", "reporter", "reporting", "handler"]))
        .then_some((Problem, Medium)),
        b"fail" => (!negated(buf, start)
            && !modal(buf, start)
            && !failure_conditional(buf, start)
            && !any_of(
                next,
                &["over", "fast", "safe", "early", "loudly", "gracefully"],
            ))
        .then_some((Problem, Medium)),
        b"fails" | b"failed" | b"failing" => {
            let attributive = cue != b"fails" && kind_that_failed(prev, next);
            (!negated(buf, start)
                && !failure_conditional(buf, start)
                && !attributive
                && !any_of(next, &["over", "fast", "safe"])
                && !any_of(prev, &["longer"]))
            .then_some((Problem, Medium))
        }
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
                before,
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
                before,
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
        // "Uploads time out on large files"; not "requests may time out", "take time out",
        // nor a setting: "Sessions time out after 15 minutes", "time out by default".
        b"time out" => {
            let a_setting = (any_of(next, &["after"])
                && around
                    .after
                    .get(1)
                    .is_some_and(|w| w.first().is_some_and(u8::is_ascii_digit)))
                || crate::parse::lex::has_any_word(clause_after(buf, end), &["default"]);
            (!negated(buf, start)
                && !failure_conditional(buf, start)
                && !modal(buf, start)
                && !any_of(
                    prev,
                    &[
                        "a", "the", "some", "of", "take", "took", "taking", "let", "that", "which",
                    ],
                )
                && !a_setting)
                .then_some((Problem, Medium))
        }
        // "CI: tests flaking on ubuntu-latest": tests that pass and fail by turns.
        b"flaking" | b"flaked" => {
            (!negated(buf, start) && !modal(buf, start) && !failure_conditional(buf, start))
                .then_some((Problem, Medium))
        }
        // "Builds stalled", "Upload stalls at 99%": stopped making progress, as a hang.
        b"timed out" | b"times out" | b"timing out" | b"hangs" | b"hanging" | b"freezes"
        | b"freezing" | b"froze" | b"stalls" | b"stalled" | b"stalling" => {
            // "hangs on exit", "freezes on launch" report; "hangs on to the socket" holds
            // on, and a freeze on a date or a value is a release freeze or a state meant to
            // be ("Code freezes on Friday", "froze on March 1", "freezes on 99% while it
            // finalises", "freezes on the first frame").
            let after_on = around.after.get(1).copied().unwrap_or_default();
            let held = any_of(next, &["on"])
                && if cue.starts_with(b"hang") {
                    after_on == b"to"
                } else {
                    after_on == b"the"
                        || after_on.first().is_some_and(u8::is_ascii_digit)
                        || crate::parse::dates::names_a_day_or_month(after_on)
                };
            (!negated(buf, start)
                && !failure_conditional(buf, start)
                && !held
                && !any_of(next, &["indent"]))
            .then_some((Problem, Medium))
        }
        _ if cue.starts_with(b"panic") || cue.starts_with(b"segfault") => {
            (!negated(buf, start) && !any_of(prev, &["don't"])).then_some((Problem, Medium))
        }
        // A crash by its signal or the words a crash prints: "Seg fault on startup",
        // "Program received signal SIGSEGV", "Aborted (core dumped)".
        // Not what a signal means ("Exit code 139 means SIGSEGV") or its handler.
        _ if cue.starts_with(b"seg") || cue.starts_with(b"sig") || cue == b"core dumped" => {
            (!negated(buf, start)
                && !failure_conditional(buf, start)
                && !any_of(prev, &["means", "mean", "meaning"])
                && !any_of(next, &["handler", "handlers", "handling"])
                && !crate::parse::lex::has_any_word(clause_after(buf, end), &["means", "mean"]))
            .then_some((Problem, Medium))
        }
        // "Stack overflow when parsing deeply nested JSON"; not the question site ("found
        // it on Stack Overflow", "a Stack Overflow answer").
        b"stack overflow" => (!any_of(
            prev,
            &[
                "on", "from", "at", "via", "to", "of", "per", "see", "searched", "check", "in",
            ],
        ) && !any_of(
            next,
            &[
                "answer",
                "answers",
                "post",
                "posts",
                "question",
                "questions",
                "thread",
                "says",
                "suggests",
                "link",
                "user",
                "users",
                "page",
            ],
        ) && !negated(buf, start)
            && !failure_conditional(buf, start))
        .then_some((Problem, Medium)),
        // `NullPointerException`, `IllegalStateException`: an exception type named in prose.
        // Not one a program is made to throw ("Throw IllegalArgumentException for negative
        // sizes") or a meaning explained ("ConcurrentModificationException means ...").
        // The match starts at the letter before "exception": the word before is the type's.
        _ if cue.ends_with(b"exception") && cue.len() > b"exception".len() => {
            let type_start = start
                - buf[..start]
                    .iter()
                    .rev()
                    .take_while(|b| b.is_ascii_alphanumeric())
                    .count();
            (!any_of(
                words_before(buf, type_start, 1).first(),
                &[
                    "throw", "throws", "thrown", "throwing", "raise", "raises", "raised", "catch",
                    "catches", "a", "an",
                ],
            ) && !any_of(next, &["means", "is", "for", "when", "if"]))
            .then_some((Problem, Weak))
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
        b"bug" | b"problem" | b"issue" if diagnosed(buf, start) => Some((Learning, Medium)),
        b"bug" | b"bugs" | b"buggy" => (!negated(buf, start)
            && !named_in_condition(buf, start)
            && !about_handling_reports(buf, end)
            && !object_of_remedy_or_courtesy(buf, start)
            && !any_of(
                next,
                &[
                    "fix",
                    "fixes",
                    "fixed",
                    "fixing",
                    "report",
                    "reports",
                    "tracker",
                    "bounty",
                    "triage",
                    "bash",
                    "description",
                    // What holds or sorts reports: "title: Bug database", "the bug label".
                    "database",
                    "list",
                    "label",
                    "labels",
                    "template",
                    "templates",
                    "tracking",
                ],
            ))
        .then_some((Problem, Weak)),
        // "Let me know if you hit any issues" names no report. A "when" clause is the
        // trigger of one ("When the issue occurs, the log shows EPIPE"), so only "if",
        // "unless", "once" and "until" count here.
        b"issue" | b"issues" => (issue_noun(buf, original, before, prev, next, start, end)
            && !crate::parse::lex::has_any_word(
                own_part_before(buf, start),
                &["if", "unless", "once", "until"],
            )
            && !object_of_remedy_or_courtesy(buf, start))
        .then_some((Problem, Weak)),
        b"problem" | b"problems" => (!negated(buf, start)
            && !named_in_condition(buf, start)
            && !about_handling_reports(buf, end)
            && !object_of_remedy_or_courtesy(buf, start)
            && !any_of(prev, &["no"])
            // "why Problem 1 was chosen": a numbered item's name, not a report.
            && !next.is_some_and(|w| w.first().is_some_and(u8::is_ascii_digit))
            && (prev.is_some() || any_of(next, NOUN_FOLLOWERS) || reports_an_action(next)))
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

/// "failed"/"failing" before a noun, after a verb that deals with such things or a
/// preposition: "Retry failed jobs every hour", "Clean up failed uploads", "Show a toast on
/// failed login", "Launch login after failed token refresh". The line names a kind of thing
/// that fails, as a feature or a task handles it, and reports no failure ("two failed tests
/// in the auth suite" and "the deploy failed on CI" still do).
fn kind_that_failed(prev: Option<&&[u8]>, next: Option<&&[u8]>) -> bool {
    const DEALS_WITH: &[&str] = &[
        "retry", "retries", "retrying", "handle", "handles", "handling", "skip", "skips", "up",
        "purge", "purges", "requeue", "requeues", "resend", "resends", "rerun", "reruns", "track",
        "tracks", "ignore", "ignores", "drop", "drops", "delete", "deletes", "collect", "collects",
        "after", "on", "for", "from", "about", "per",
    ];
    // Words after "failed" that make it a verb or say how, not a noun it qualifies.
    const NOT_A_NOUN: &[&str] = &[
        "to",
        "on",
        "in",
        "at",
        "with",
        "because",
        "again",
        "silently",
        "for",
        "after",
        "when",
        "since",
        "and",
        "but",
        "so",
        "the",
        "a",
        "an",
        "due",
        "during",
        "while",
        "if",
        "as",
        "twice",
        "randomly",
        "intermittently",
        "consistently",
        "once",
        "here",
        "there",
        "now",
        "today",
        "yesterday",
        "too",
        "also",
        "without",
        "before",
        "by",
        "of",
    ];
    any_of(prev, DEALS_WITH)
        && next.is_some_and(|n| {
            n.first().is_some_and(u8::is_ascii_alphabetic)
                && !NOT_A_NOUN.iter().any(|w| w.as_bytes() == *n)
        })
}

/// A defect noun in a condition, which names the defect a request or a plan is about:
/// "let me know if it fixes the problem", "Once this bug is fixed, please ping me". A
/// condition closed by a comma before the noun is a trigger ("When I open it, the problem
/// comes back" reports one; see [`failure_conditional`]).
fn named_in_condition(buf: &[u8], start: usize) -> bool {
    let part = own_part_before(buf, start);
    (crate::parse::lex::has_any_word(part, CONDITIONALS)
        || crate::parse::lex::has_any_word(part, &["once"]))
        // "when I start the container I get a permission problem": the writer's own step,
        // then what followed it.
        && !own_trigger_then_subject(part, false)
}

/// The defect noun after "found the", "spotted the", "tracked down the", "pinned down the":
/// its cause was found, which is a learning ("Eventually I spotted the problem: my call
/// opened a second connection"). "Found a bug in X" reports one; "haven't found the problem
/// yet" has not found it.
fn diagnosed(buf: &[u8], start: usize) -> bool {
    let before = words_before(buf, start, 3);
    let found = |w: Option<&&[u8]>| {
        any_of(
            w,
            &[
                "found",
                "spotted",
                "identified",
                "pinpointed",
                "located",
                "isolated",
            ],
        )
    };
    any_of(before.first(), &["the"])
        && (found(before.get(1))
            || (any_of(before.get(1), &["down"])
                && any_of(before.get(2), &["tracked", "pinned", "narrowed"])))
        && !negated_within(buf, start, 6)
        && !modal(buf, start)
}

/// A failure a change replaced: "it is now replaced by the default value, instead of
/// causing a crash later on", "logs a warning rather than throwing an error". What no longer
/// happens, said of a change.
fn averted_instead(before: &crate::parse::lex::Words) -> bool {
    // The failure itself after "instead of" ("now skips bad rows instead of panicking").
    let right_after =
        |a: &str, b: &str| any_of(before.first(), &[a]) && any_of(before.get(1), &[b]);
    if right_after("of", "instead") || right_after("than", "rather") {
        return true;
    }
    before.iter().take(3).enumerate().any(|(i, w)| {
        any_of(
            Some(w),
            &["causing", "throwing", "raising", "crashing", "failing"],
        ) && ((any_of(before.get(i + 1), &["of"]) && any_of(before.get(i + 2), &["instead"]))
            || (any_of(before.get(i + 1), &["than"]) && any_of(before.get(i + 2), &["rather"])))
    })
}

/// A defect noun as the object of what is done about it or of a courtesy, a few words
/// before it: "try to reproduce the problem first", "I'll try to solve the problem",
/// "determine the cause of the bug", "I have reported this issue to AVG", "Apologies for the
/// bug", "thanks for fixing this bug". The line talks about a defect; it reports none.
fn object_of_remedy_or_courtesy(buf: &[u8], start: usize) -> bool {
    // Nearest first, the remedy within three words; "still no fix for the bug" and "tough to
    // reproduce flickering bug" report one.
    let before = words_before(buf, start, 5);
    // "a description of what the bug is": the defect named in a clause about it.
    let reach = if any_of(before.get(1), &["what"]) {
        4
    } else {
        3
    };
    before.iter().take(reach).enumerate().any(|(i, w)| {
        // "I can reproduce the bug", "still investigating the issue", "spent the day trying
        // to debug this issue": the writer has the defect.
        let has_it = any_of(
            before.get(i + 1),
            &["can", "could", "still", "trying", "i", "we", "i'm", "we're"],
        ) || (before.get(i + 1).is_some_and(|p| *p == b"to")
            && any_of(before.get(i + 2), &["able", "trying", "tried", "managed"]));
        // "I have reported this issue to AVG", "please report the bug upstream": passed on.
        // ("Users reported the bug on Windows" relays a report.)
        let passed_on = any_of(Some(w), &["report", "reported"])
            && any_of(
                before.get(i + 1),
                &[
                    "have", "i", "we", "i've", "we've", "already", "please", "to",
                ],
            );
        // "to avoid stale data issues", "prevents race-condition bugs": what a change is for.
        let averted = any_of(Some(w), crate::parse::symptoms::AVERTING);

        passed_on
            || ((averted || any_of(Some(w), REMEDY_OR_COURTESY))
                && !has_it
                && before.get(i + 1).is_none_or(|p| *p != b"no")
                && !(before.get(i + 1).is_some_and(|p| *p == b"to")
                    && any_of(
                        before.get(i + 2),
                        &["hard", "tough", "difficult", "impossible", "tricky", "easy"],
                    )))
    })
}

const REMEDY_OR_COURTESY: &[&str] = &[
    "solve",
    "solving",
    "fix",
    "fixing",
    "resolve",
    "resolving",
    "reproduce",
    "reproducing",
    "investigate",
    "investigating",
    "debug",
    "debugging",
    "diagnose",
    "determine",
    "cause",
    // "Describe the bug", "help explain your problem": asking for an account of a defect.
    "describe",
    "describing",
    "description",
    "explain",
    "explaining",
    // "a GIF that demonstrates the issue": evidence of a defect reported elsewhere.
    "demonstrate",
    "demonstrates",
    "demonstrating",
    "illustrate",
    "illustrates",
    "illustrating",
    "thanks",
    "thank",
    "thankyou",
    "apologies",
    "sorry",
];

/// "issue" as a noun naming a defect, not the verb ("the server issues tokens") nor a
/// tracker reference ("issue #12", "open an issue", "the Issues tab").
fn issue_noun(
    buf: &[u8],
    original: &[u8],
    before: &[&[u8]],
    prev: Option<&&[u8]>,
    next: Option<&&[u8]>,
    start: usize,
    end: usize,
) -> bool {
    // "an issue" is mostly a ticket ("open an issue", "file an issue"), but one met is a
    // defect: "we've found an issue with the cache", "I'm facing an issue with the template".
    let met = any_of(prev, &["an"])
        && any_of(
            before.get(1),
            &[
                "found",
                "facing",
                "encountered",
                "experienced",
                "experiencing",
                "noticed",
                "spotted",
                "discovered",
                "hit",
            ],
        );
    if negated(buf, start)
        || (!met
            && any_of(
                prev,
                &[
                    "no", "github", "gitlab", "jira", "open", "file", "an", "linked", "related",
                ],
            ))
    {
        return false;
    }
    if buf.get(end..end + 2).is_some_and(|s| s == b" #") || buf.get(end) == Some(&b'#') {
        return false;
    }
    // "See the previous issues about this", "search the existing issues": other tickets.
    if &buf[start..end] == b"issues" && any_of(prev, &["previous", "existing", "other"]) {
        return false;
    }
    // What is done to an issue in a tracker: "Closing the issue", "reopened this issue".
    if contains_any(
        before,
        &[
            "closing",
            "close",
            "closed",
            "closes",
            "reopen",
            "reopened",
            "reopening",
            "opened",
            "opening",
            "filed",
            "filing",
            "lock",
            "locked",
            "locking",
            "transfer",
            "transferred",
            "remove",
            "removed",
            "promoted",
            "create",
            "creating",
            "created",
            // "deserves its own issue": a ticket to open.
            "own",
        ],
    ) {
        return false;
    }
    // "I found this issue: https://…", "Issue https://…": a link to a ticket.
    if buf[end..]
        .trim_ascii_start()
        .strip_prefix(b":")
        .unwrap_or(&buf[end..])
        .trim_ascii_start()
        .starts_with(b"http")
    {
        return false;
    }
    // What was done to it, said right after: "Original issue reported on code.google.com",
    // "Test issue closing", "silence at issue owner end". Not who met it ("the issue
    // reported by users is that login is slow").
    let said_after = words_after(buf, end, 2);
    if any_of(
        next,
        &[
            "reported", "posted", "created", "opened", "closing", "closed", "owner", "owners",
        ],
    ) && !any_of(said_after.get(1), &["by"])
    {
        return false;
    }
    // What a tracker did to it: "This issue was moved to org/repo#27", "has been locked".
    let after = words_after(buf, end, 3);
    if any_of(after.first(), &["was", "is", "has", "got"])
        && after[1..].iter().take(2).any(|w| {
            any_of(
                Some(w),
                &[
                    "moved",
                    "transferred",
                    "locked",
                    "migrated",
                    "closed",
                    "reopened",
                    "created",
                    "opened",
                    "reported",
                    "posted",
                    "promoted",
                ],
            )
        })
    {
        return false;
    }
    if any_of(
        next,
        &[
            "tracker",
            "tab",
            "page",
            "template",
            "templates",
            "number",
            "link",
            "label",
            "labels",
            "title",
            "titles",
            "id",
        ],
    ) {
        return false;
    }
    // Named in a list ("decisions, issues, progress"): a word, not a report. An issue
    // title names what failed with a verb in -ing after the noun ("Problem displaying an
    // emoji", "Issue loading images"): a report.
    if prev.is_none() && !any_of(next, NOUN_FOLLOWERS) && !reports_an_action(next) {
        return false;
    }
    if about_handling_reports(buf, end) {
        return false;
    }
    // A capitalised "Issues" mid-line is usually a name (a tab, a page, a list).
    if start > 0 && original.get(start).is_some_and(u8::is_ascii_uppercase) {
        return false;
    }
    // Verb use: "<subject> issues <object>".
    if &buf[start..end] == b"issues"
        && any_of(
            next,
            &[
                "a",
                "an",
                "the",
                "jwt",
                "tokens",
                "token",
                "commands",
                "command",
                "warnings",
                "warning",
                "requests",
                "request",
                "certificates",
                "certificate",
                "new",
            ],
        )
    {
        return false;
    }
    true
}

/// Talk about how reports are handled ("bugs in the parser are tracked in Jira", "issues
/// get triaged weekly"): a process, not a report.
fn about_handling_reports(buf: &[u8], end: usize) -> bool {
    let clause = clause_after(buf, end);
    [
        &b"tracked"[..],
        b"filed",
        b"triaged",
        b"labelled",
        b"labeled",
        b"listed",
        b"logged",
    ]
    .iter()
    .any(|w| has_word(clause, w))
}

/// An operation in -ing after "problem"/"issue" that says what failed ("Problem displaying
/// an emoji", "Issue loading images"): general software vocabulary of what a program does.
/// Any other -ing word makes a compound naming an activity ("problem solving", "problem
/// framing", "issue tracking", "issue numbering").
fn reports_an_action(next: Option<&&[u8]>) -> bool {
    any_of(
        next,
        &[
            "displaying",
            "showing",
            "rendering",
            "loading",
            "reloading",
            "running",
            "starting",
            "launching",
            "booting",
            "building",
            "compiling",
            "installing",
            "updating",
            "upgrading",
            "deploying",
            "connecting",
            "opening",
            "closing",
            "saving",
            "reading",
            "writing",
            "parsing",
            "importing",
            "exporting",
            "uploading",
            "downloading",
            "syncing",
            "sending",
            "receiving",
            "fetching",
            "printing",
            "playing",
            "scrolling",
            "typing",
            "switching",
            "creating",
            "deleting",
            "accessing",
            "using",
            "logging",
            "signing",
            "resolving",
            "converting",
            "generating",
            "copying",
            "pasting",
            "sharing",
        ],
    )
}

/// Words after "issue"/"problem" that make it a report ("problem with X", "issue where",
/// "Problem during startup", "Issue after the update": when it shows itself).
const NOUN_FOLLOWERS: &[&str] = &[
    "with", "in", "on", "where", "when", "that", "causing", "found", "is", "was", "are", "were",
    "here", "again", "persists", "remains", "during", "after", "since", "while", "upon",
];

/// Whether `word`, right after a defect noun, makes the noun a report ("a bug in the retry
/// wrapper", "an issue where the sidebar flickers", "the issue is the pool").
pub(crate) fn reports_after_a_defect_noun(word: &[u8]) -> bool {
    any_of(Some(&word), NOUN_FOLLOWERS)
}

/// Nouns after which "error" names a feature, not a failure ("error handling").
const ERROR_COMPOUNDS: &[&str] = &[
    "handling",
    "handler",
    "handlers",
    "classification",
    "recovery",
    "response",
    "responses",
    "codes",
    "code",
    "types",
    "type",
    "reporting",
    "reporter",
    "boundary",
    "boundaries",
    "page",
    "pages",
    "rate",
    "rates",
    "logging",
    "tracking",
    "message",
    "messages",
    "free",
    "budget",
    "bars",
    "bar",
    "correction",
    "state",
    "states",
];

/// Whether the words after "was down" give how long it lasted: "for two hours", "for about
/// 30 minutes", "for most of the day".
fn outage_span(after: &crate::parse::lex::Words) -> bool {
    const UNITS: &[&str] = &[
        "second",
        "seconds",
        "minute",
        "minutes",
        "min",
        "mins",
        "hour",
        "hours",
        "hrs",
        "h",
        "day",
        "days",
        "week",
        "weeks",
        "night",
        "morning",
        "afternoon",
        "weekend",
    ];
    any_of(after.first(), &["for"])
        && after.iter().skip(1).take(4).any(|w| {
            any_of(Some(w), UNITS)
                || (w.len() > 1
                    && w.iter().take_while(|b| b.is_ascii_digit()).count() >= 1
                    && UNITS.iter().any(|u| w.ends_with(u.as_bytes())))
        })
}
