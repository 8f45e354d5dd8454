//! The decision and rejection cues: "decided to", "going with", "ruled out", "tried X - no luck".
//! Only the author's own commitments count: "Safari decided not to send" and "the user chose
//! a password" are someone else's choice.

use super::Strength::{self, *};
use super::cue_context::{
    Around, DETERMINERS, FIRST_PERSON, any_of, conditional, contains_any, first_person, has_phrase,
    hypothetical_after, negated, subject,
};
use crate::parse::EntryType::{self, *};
use crate::parse::lex::{clause_after, clause_before, has_word, words_after};

/// A decision or rejection, or `None` when the cue is not one or its context says otherwise.
pub(super) fn judge(around: &Around) -> Option<(EntryType, Strength)> {
    let (buf, start, end) = (around.buf, around.start, around.end);
    let (cue, prev, next) = (around.cue(), around.prev(), around.next());
    match cue {
        // ---- rejections: an approach ruled out is the opposite of a decision.
        b"decided against" | b"ruled out" | b"gave up on" | b"given up on" => {
            (first_person(buf, start) && !negated(buf, start) && !conditional(buf, start))
                .then_some((Rejected, Strong))
        }
        b"abandoned" | b"rejected" => {
            // Only with the author as subject: "the rejected promise", "abandoned carts"
            // and "the server rejected it" are not the author's choice. Or opening the line
            // as a log's note does, the author left out, when the verdict or the reason
            // follows: "Rejected Redis for sessions, overkill", "Abandoned the rewrite,
            // since the old code works", "Rejected GraphQL in favour of REST". Without one it
            // opens a noun phrase: "Rejected uploads go to the quarantine bucket".
            let author =
                subject(buf, start).is_some_and(|w| FIRST_PERSON.iter().any(|f| f.as_bytes() == w));
            let noted = buf[..start].iter().all(|b| !b.is_ascii_alphanumeric())
                && ruled_out_for_a_reason(&buf[end..]);
            ((author || noted) && !negated(buf, start) && !conditional(buf, start))
                .then_some((Rejected, Strong))
        }
        // "Tried rayon, but dropped it", "Considered sccache - overkill": an attempt or an
        // option weighed, and its verdict. "X is considered stable" is someone's view.
        b"tried" | b"considered" => (first_person(buf, start)
            && !conditional(buf, start)
            && !any_of(prev, &["be", "been", "is", "was", "were"])
            && attempt_failed(&buf[end..]))
        .then_some((Rejected, Strong)),

        // ---- decisions
        // "I'm going to close this, as we are not going this route", "Closing this in favour
        // of #151", "... so I will close this one": a maintainer closing a thread, with the
        // reason why. Not a close without a reason ("Thanks. Closing the issue."), one asked
        // or left to another ("can we close this?", "feel free to close it", "before we
        // close it"), nor one for a fix that works (a report of progress) or for a defect
        // nobody could reproduce, which closes no question of what to do.
        _ if cue.starts_with(b"clos") || cue == b"safe to close" => {
            const REASONS: &[&str] = &["as", "since", "because", "given", "favor", "favour"];
            const NOT_DECIDED: &[&str] = &[
                "fixed",
                "resolved",
                "solved",
                "works",
                "working",
                "merged",
                "reproduce",
                "repro",
                "reproduced",
                "repeat",
                "recreate",
                "free",
                "you",
                "if",
                "before",
                "when",
                "once",
                "until",
            ];
            let has_any = crate::parse::lex::has_any_word;
            let reason = has_any(&buf[end..], REASONS)
                || has_any(&buf[..start], &["so", "since", "because"]);
            (reason && !buf.contains(&b'?') && !negated(buf, start) && !has_any(buf, NOT_DECIDED))
                .then_some((Decision, Medium))
        }
        // "We will drop Python 3.7 in the next release", "I'm dropping Node 14 support", "we
        // dropped support for IE11": the project's own choice to stop supporting something,
        // said by its people. Not a title's imperative ("Drop support for Node 14"), a
        // possibility ("we can safely drop it", "should we drop ...?"), a condition or a
        // refusal ("we won't drop ...").
        // "Support for Windows XP has been dropped", "... will be dropped in 3.0", "Node 12
        // support is dropped": the same, in the passive.
        b"drop" | b"dropping" | b"dropped" => {
            let support_after = words_after(buf, end, 4).iter().any(|w| *w == b"support");
            // "... has been dropped by upstream numpy", "... from Debian's repos": someone
            // else's choice.
            let passive = cue == b"dropped"
                && !any_of(next, &["by", "from"])
                && any_of(prev, &["been", "be", "being", "is", "are", "was", "were"])
                && !any_of(prev, &["to"])
                && crate::parse::lex::has_word(clause_before(buf, start), b"support")
                && around.before.iter().any(|w| {
                    any_of(
                        Some(w),
                        &["has", "have", "will", "is", "are", "was", "were"],
                    )
                });
            let said_by_us = support_after
                && around
                    .before
                    .iter()
                    .any(|w| any_of(Some(w), FIRST_PERSON_SUBJECTS));
            // "Hence, drop the support for Python 2", "It reached its end of life, so drop
            // support for it": the change ordered with its reason, as the change's own
            // description gives it. (A bare title's "Drop Python 2 support" proposes as often
            // as it records.)
            const THEREFORE: &[&str] = &["hence", "thus", "therefore", "so", "explicitly"];
            // The word opens its clause: "Vendors often explicitly drop support ..." and
            // "browsers thus drop support ..." say what others do.
            let ordered = cue == b"drop"
                && support_after
                && ((any_of(prev, THEREFORE) && around.before.get(1).is_none()) || {
                    // "Hence, drop ...": the comma is a clause break.
                    let head = buf[..start].trim_ascii_end();
                    head.strip_suffix(b",").is_some_and(|head| {
                        any_of(
                            crate::parse::lex::words_before(head, head.len(), 1).first(),
                            THEREFORE,
                        )
                    })
                });
            ((said_by_us || passive || ordered)
                && !around.before.iter().any(|w| any_of(Some(w), MAYBE))
                && !negated(buf, start)
                && !conditional(buf, start)
                && !buf.contains(&b'?'))
            .then_some((Decision, Strong))
        }
        b"decided" => {
            if negated(buf, start) || conditional(buf, start) || any_of(prev, &["to", "be"]) {
                return None;
            }
            // "We decided not to use Kafka", "it was decided to not chase it": a choice
            // declined.
            let after = &around.after;
            // What follows "not to" / "to not": "decided not to just use Redis" declines
            // nothing ([`NOT_DECLINING`](crate::parse::details::NOT_DECLINING)).
            let object = match (after.first(), after.get(1)) {
                (Some(n), Some(t)) if n == b"not" && t == b"to" => Some(after.get(2)),
                (Some(n), _) if n == b"not" => Some(after.get(1)),
                (Some(t), Some(n)) if t == b"to" && n == b"not" => Some(after.get(2)),
                _ => None,
            };
            let declined =
                object.is_some_and(|w| !any_of(w, &crate::parse::details::NOT_DECLINING));
            let kind = if declined { Rejected } else { Decision };
            if any_of(prev, &["was", "were", "is", "are", "been"]) {
                // Impersonal passive ("it was decided to ...") but not "decided by X".
                return (!any_of(next, &["by"])).then_some((kind, Strong));
            }
            first_person(buf, start).then_some((kind, Strong))
        }
        // "The fixed-timestep loop was a deliberate decision", "Polling is a conscious
        // choice": a choice the line owns as made on purpose.
        _ if cue.starts_with(b"was a") || cue.starts_with(b"is a") => {
            (!negated(buf, start) && !conditional(buf, start)).then_some((Decision, Strong))
        }
        // "The decision is to drop Python 2", "the consensus was to remove the flag", "The
        // new plan is to release 2.3 as is": the copula states the content of a choice the
        // line's people made. Only a choice named as theirs ("the", "our", "the latest"): not
        // "My plan is to ..." told of oneself alone, a choice not made yet ("the plan is to be
        // decided", "no decision was ...", "once the decision is to ..."), nor one hedged or
        // asked. "The goal is to ..." states a purpose and is no cue.
        _ if copular_choice(cue) => {
            let named = around
                .before
                .iter()
                .take(2)
                .any(|w| any_of(Some(w), &["the", "our"]));
            (named
                && !any_of(next, &["be"])
                && !negated(buf, start)
                && !conditional(buf, start)
                && !buf.contains(&b'?')
                && !around.before.iter().any(|w| {
                    any_of(
                        Some(w),
                        &["no", "until", "before", "once", "when", "after", "whether"],
                    ) || any_of(Some(w), MAYBE)
                }))
            .then_some((Decision, Strong))
        }
        // "The decision has been made to use Serde", "a decision was taken that ...": the
        // passive states the choice when its content follows. Not "no decision has been made
        // yet", "once the decision is made, ...", nor a bare "a decision was made in #12".
        _ if cue.starts_with(b"decision ") && !cue.starts_with(b"decision to") => {
            (any_of(next, &["to", "that"])
                && !negated(buf, start)
                && !conditional(buf, start)
                && !around
                    .before
                    .iter()
                    .any(|w| any_of(Some(w), &["no", "until", "before", "once", "when", "after"])))
            .then_some((Decision, Strong))
        }
        _ if cue.starts_with(b"decision to") || cue.starts_with(b"made ") => {
            (!negated(buf, start) && !conditional(buf, start)).then_some((Decision, Strong))
        }
        // "I'm just staying with Quicksilver"; "staying with the defaults keeps upgrades easy"
        // is advice.
        b"staying with" => (subject(buf, start).is_some_and(|w| {
            [
                "i'm",
                "we're",
                "im",
                "am",
                "are",
                "i\u{2019}m",
                "we\u{2019}re",
            ]
            .iter()
            .any(|s| s.as_bytes() == w)
        }) && !conditional(buf, start)
            && !hypothetical_after(buf, end))
        .then_some((Decision, Strong)),
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
        // "Let's switch to tabs", "I'll switch from X to the MIT license", "we will stay with
        // Quicksilver": the author's own next move. "The app will switch to dark mode" is a
        // program's behaviour, so "will" needs the author as subject.
        b"switch to" | b"switch from" | b"switch back to" | b"switch back from" | b"stay with" => {
            // "Switch to SQLite instead of Postgres": an order that names what it rejects is
            // a choice, as a commit or pull-request title gives it; "Switch to the docs tab"
            // is a step.
            if prev.is_none() && names_rejected_alternative(clause_after(buf, end)) {
                return (!negated(buf, start) && !conditional(buf, start))
                    .then_some((Decision, Medium));
            }
            // "Let's just switch back to CMake": an adverb may stand between.
            let adverb = any_of(prev, &["just", "simply"]);
            let (prev, second) = if adverb {
                (around.before.get(1), around.before.get(2))
            } else {
                (prev, around.before.get(1))
            };
            let own = any_of(
                prev,
                &[
                    "we'll",
                    "i'll",
                    "let's",
                    "ll",
                    "'ll",
                    "we\u{2019}ll",
                    "i\u{2019}ll",
                    "let\u{2019}s",
                ],
            ) || (any_of(prev, &["will", "gonna"])
                && second.is_some_and(|w| *w == b"we" || *w == b"i"));
            // "Now let's switch to the terminal": a step of a walk-through, not a choice.
            let walkthrough = any_of(second, &["now", "next", "first", "then"])
                || any_of(
                    around.after.iter().find(|w| !any_of(Some(w), DETERMINERS)),
                    &[
                        "tab",
                        "branch",
                        "terminal",
                        "window",
                        "pane",
                        "page",
                        "screen",
                        "view",
                        "laptop",
                        "machine",
                        "directory",
                        "folder",
                        "editor",
                        "shell",
                    ],
                );
            (own && !walkthrough
                && !conditional(buf, start)
                && !negated(buf, start)
                && !hypothetical_after(buf, end)
                && !crate::parse::lex::has_any_word(
                    clause_after(buf, end),
                    &["if", "unless", "once"],
                )
                && !unsure_before(buf, start))
            .then_some((Decision, Strong))
        }
        b"went with" | b"gone with" | b"chose" | b"settled on" | b"agreed to" | b"agreed on" => {
            (first_person(buf, start) && !negated(buf, start) && !conditional(buf, start))
                .then_some((Decision, Strong))
        }
        // "Postgres was chosen", "xlsxwriter chosen over openpyxl" (the alternative named),
        // "SQLite chosen for simplicity" (its reason). Not a thing described ("the chosen
        // option for the layout") nor a program's pick ("a port randomly chosen for each run").
        b"chosen" => ((any_of(prev, &["was", "were", "is", "been", "have", "has", "we've"])
            || any_of(next, &["over"])
            || (any_of(next, &["for", "because", "as", "due"])
                && !any_of(
                    prev,
                    &[
                        "the",
                        "a",
                        "an",
                        "my",
                        "our",
                        "your",
                        "their",
                        "his",
                        "her",
                        "its",
                        "this",
                        "that",
                        "randomly",
                        "automatically",
                        "arbitrarily",
                        "dynamically",
                    ],
                )))
            && !any_of(next, &["by"]))
        .then_some((Decision, Strong)),
        _ if cue.starts_with(b"opt") || cue.starts_with(b"switch") => {
            (first_person(buf, start) && !negated(buf, start) && !conditional(buf, start))
                .then_some((Decision, Strong))
        }
        // "Picked Zod for request validation", "We selected Postgres over Mongo": a choice with
        // what it is for, what it beat or why. Not "picked up", "picked out" or "picked off"
        // (a task taken, a thing singled out), which say nothing of a choice.
        // "Selected rows for deletion are highlighted" describes things picked, with a verb
        // of its own after them: with only "for", no copula may follow.
        b"picked" | b"selected" => {
            let clause = clause_after(buf, end);
            let reason = ["over", "because", "instead", "rather", "as"]
                .iter()
                .any(|w| has_word(clause, w.as_bytes()));
            let purpose = has_word(clause, b"for")
                && !crate::parse::lex::has_any_word(
                    clause,
                    &["is", "are", "was", "were", "get", "gets", "be", "been"],
                );
            (first_person(buf, start)
                && !any_of(next, &["up", "out", "off"])
                && (reason || purpose))
                .then_some((Decision, Strong))
        }
        b"use" | b"using" => {
            // "Not using Redux because the state fits in context": a line opening with the
            // choice not to, the author left out, and its reason; "Not using the cache makes
            // requests slow" says what happens without it.
            if cue == b"using" && not_using_for_a_reason(buf, start, end) {
                return Some((Rejected, Medium));
            }
            if negated(buf, start) || conditional(buf, start) {
                return None;
            }
            names_rejected_alternative(clause_after(buf, end)).then_some((Decision, Medium))
        }
        _ if cue.ends_with(b" use") => Some((Decision, Strong)),
        // "We prefer Go for core business logic", "We favor gRPC for internal calls": the
        // team's standing choice, said in the present. The team must be the subject, right
        // before the verb: "Users prefer dark mode" is someone else's taste, "I prefer Vim"
        // one person's, "Prefer composition over inheritance" a rule, "we would prefer" a
        // wish. What a contributor is asked to do ("We prefer PRs against develop") is a
        // guideline, and a choice left open after "but" ("We prefer Jest, but we haven't
        // decided yet") is not made.
        b"prefer" | b"favor" | b"favour" => (matches!(around.before.first().copied(), Some(b"we"))
            && !conditional(buf, start)
            && !hypothetical_after(buf, end)
            && !any_of(next, &["not", "that", "if", "when", "it"])
            && !asks_of_contributors(clause_after(buf, end))
            && !left_open_after_but(buf, end))
        .then_some((Decision, Medium)),
        // "I'd rather stick with Stack Overflow for answers": the writer's choice between
        // two ways. Not a wish about someone else ("I'd rather you didn't", "I'd rather see
        // a repro first"), nor under a condition.
        _ if cue.ends_with(b"d rather") => (!conditional(buf, start)
            && !any_of(
                next,
                &[
                    "you", "they", "he", "she", "not", "have", "be", "see", "get", "wait", "hear",
                ],
            )
            && !left_open_after_but(buf, end))
        .then_some((Decision, Medium)),
        _ => None,
    }
}

/// Whether what is preferred is something contributors are asked for ("We prefer PRs
/// against the develop branch", "We prefer to keep issues focused").
fn asks_of_contributors(clause: &[u8]) -> bool {
    contains_any(
        &words_after(clause, 0, 4),
        &[
            "pr",
            "prs",
            "pull",
            "issues",
            "issue",
            "contributions",
            "patches",
            "commits",
            "reports",
        ],
    )
}

/// Whether a "but" after the cue leaves the choice open or to someone else ("but we haven't
/// decided yet", "but let's wait for Bob", "but it's your call", "but whatever works").
fn left_open_after_but(buf: &[u8], end: usize) -> bool {
    let rest = &buf[end..];
    let Some(at) = memchr::memmem::find(rest, b" but ") else {
        return false;
    };
    crate::parse::lex::has_any_word(
        &rest[at..],
        &[
            "haven't",
            "havent",
            "not",
            "wait",
            "let's",
            "lets",
            "your",
            "whatever",
            "yet",
            "undecided",
            "open",
        ],
    )
}

/// Whether `clause` (after a verb of choice) names the alternative turned down: "over
/// MySQL", "instead of Postgres", "rather than polling", "in favor of only Postgres".
pub(super) fn names_rejected_alternative(clause: &[u8]) -> bool {
    crate::parse::details::alternative_over(clause).is_some()
        || [
            &b"instead of"[..],
            b"rather than",
            b"in favor of",
            b"in favour of",
        ]
        .iter()
        .any(|p| has_phrase(clause, p))
}

/// Whether the line opens with "Not using" and, after a name of one to four words, gives the
/// reason: "because", or one set off by a comma ("since" only so: "Not using the GPU since
/// the driver update" tells when), a colon or a dash. A verdict alone reads the other way
/// ("Not using the proxy didn't help either": going without it failed).
fn not_using_for_a_reason(buf: &[u8], start: usize, end: usize) -> bool {
    let opener = &buf[..start];
    let Some(not) = crate::parse::lex::find(opener, b"not") else {
        return false;
    };
    if opener[..not].iter().any(u8::is_ascii_alphanumeric)
        || opener[not + 3..].iter().any(u8::is_ascii_alphanumeric)
    {
        return false;
    }
    let tail = &buf[end..];
    [
        &b" because "[..],
        b", because ",
        b", since ",
        b": ",
        b" - ",
        b" \xE2\x80\x94 ",
    ]
    .iter()
    .filter_map(|r| crate::parse::lex::find(tail, r))
    .min()
    .is_some_and(|at| (1..=4).contains(&crate::parse::lex::word_index(tail, at)))
}

/// What follows a line-opening "Rejected X" when it rules X out: a verdict on it ("overkill",
/// "too slow", "no luck"), the alternative preferred ("in favour of Y"), or a reason set off by
/// a comma after a name of three words at most ("Rejected GraphQL, because ..."; "Rejected
/// requests get a 403, because ..." says what happens to them).
fn ruled_out_for_a_reason(tail: &[u8]) -> bool {
    if attempt_failed(tail)
        || [&b"in favour of"[..], b"in favor of"]
            .iter()
            .any(|p| has_phrase(tail, p))
    {
        return true;
    }
    [&b", because "[..], b", since "]
        .iter()
        .filter_map(|r| crate::parse::lex::find(tail, r))
        .min()
        .is_some_and(|at| (1..=3).contains(&crate::parse::lex::word_index(tail, at)))
}

/// "Postgres over Mongo for the event store, since we need transactions", "JWT instead of
/// server sessions: the API is stateless": a choice stated without a verb of choosing, as a
/// memory file lists its decisions. The chosen thing opens the line (one to four words, none a
/// subject, a verb of preference, a determiner or a hedge), the alternative it beat follows
/// ("over", "instead of", "rather than"), and then the reason, set off by a comma before
/// "since" or "because", "because" itself, a colon, a semicolon or a dash. Without the
/// reason it may be a motto ("Composition over inheritance") or a heading; with a subject or
/// a verb of its own another cue reads it. The span of the connecting word(s), or `None`.
pub(super) fn verbless_choice(buf: &[u8]) -> Option<(usize, usize)> {
    // Cheap first: nearly every line has no connector at all.
    let connects = |c: &[u8]| memchr::memmem::find(buf, c).is_some();
    if !(connects(b" over ") || connects(b" instead of ") || connects(b" rather than "))
        || buf.contains(&b'?')
    {
        return None;
    }
    let words: Vec<(usize, usize)> = {
        let mut out = Vec::new();
        let mut at = 0;
        while at < buf.len() {
            if crate::parse::lex::is_word_byte(buf[at]) {
                let start = at;
                while at < buf.len() && crate::parse::lex::is_word_byte(buf[at]) {
                    at += 1;
                }
                out.push((start, at));
            } else {
                at += 1;
            }
        }
        out
    };
    if words.len() > 30 {
        return None;
    }
    let word = |i: usize| words.get(i).map(|&(s, e)| &buf[s..e]);
    // The first connector, one to four words in.
    let (connector, after) = (1..words.len().min(5)).find_map(|i| match word(i)? {
        b"over" => crate::parse::details::alternative_over(&buf[words[i - 1].1..])
            .filter(|(start, _)| *start == words[i].1 - words[i - 1].1 + 1)
            .map(|_| (i, i + 1)),
        b"instead" if word(i + 1) == Some(b"of") => Some((i, i + 2)),
        b"rather" if word(i + 1) == Some(b"than") => Some((i, i + 2)),
        _ => None,
    })?;
    // The chosen thing: a name, not a clause ("we use X over Y"), an order ("Prefer X over
    // Y", "Always add X over Y"), a described thing ("the cache over NFS") or a hedge
    // ("maybe X over Y").
    const NOT_A_NAME: &[&str] = &[
        "we",
        "i",
        "you",
        "they",
        "he",
        "she",
        "it",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "should",
        "would",
        "could",
        "will",
        "can",
        "may",
        "might",
        "must",
        "shall",
        "do",
        "does",
        "did",
        "has",
        "have",
        "had",
        "prefer",
        "prefers",
        "preferred",
        "choose",
        "chose",
        "chosen",
        "pick",
        "picked",
        "use",
        "used",
        "using",
        "favor",
        "favour",
        "maybe",
        "perhaps",
        "possibly",
        "probably",
        "not",
        "no",
        "why",
        "what",
        "how",
        "which",
        "if",
        "when",
        "whether",
        "the",
        "a",
        "an",
        "this",
        "that",
        "these",
        "those",
        "our",
        "my",
        "their",
        "its",
        "his",
        "her",
        "your",
        "some",
        "any",
        "all",
        "each",
        "every",
        "priority",
        "precedence",
        "control",
        "preference",
        "always",
        "never",
        "only",
        "just",
        "don't",
        "dont",
    ];
    if (0..connector).any(|i| word(i).is_some_and(|w| NOT_A_NAME.iter().any(|n| n.as_bytes() == w)))
    {
        return None;
    }
    // The reason, after the alternative (at most eight words of it: "Mongo for the event
    // store").
    let rest = &buf[words.get(after)?.0..];
    const REASONS: &[&[u8]] = &[
        b", since ",
        b", because ",
        b" because ",
        b", as ",
        b": ",
        b"; ",
        b" - ",
        b" -- ",
        " \u{2014} ".as_bytes(),
        " \u{2013} ".as_bytes(),
        "\u{2014}".as_bytes(),
    ];
    let reason_at = REASONS
        .iter()
        .filter_map(|r| crate::parse::lex::find(rest, r))
        .min()?;
    let alternative_words = crate::parse::lex::word_index(rest, reason_at);
    let reason_words = crate::parse::lex::word_index(rest, rest.len()) - alternative_words;
    ((1..=8).contains(&alternative_words) && reason_words >= 2)
        .then(|| (words[connector].0, words[after - 1].1))
}

/// "Postgres it is", "OK, tabs it is!": the idiom that settles a choice, as a short line of
/// its own. The span of "it is", or `None`. Not "so be it", "that's what it is", "here it
/// is", "I think it is": the word before "it" must name the thing chosen.
pub(super) fn settled_choice(buf: &[u8]) -> Option<(usize, usize)> {
    let text = buf.trim_ascii_end();
    let text = text
        .strip_suffix(b".")
        .or_else(|| text.strip_suffix(b"!"))
        .unwrap_or(text);
    if !text.ends_with(b" it is") {
        return None;
    }
    let start = text.len() - "it is".len();
    // "Of course, it is.", "Yep, it is.": a reply, the named word set apart by a comma.
    if !text[..start - 1]
        .last()
        .is_some_and(|b| crate::parse::lex::is_word_byte(*b))
    {
        return None;
    }
    let words: Vec<&[u8]> = text
        .split(|b| !crate::parse::lex::is_word_byte(*b))
        .filter(|w| !w.is_empty())
        .collect();
    let [.., named, _, _] = words[..] else {
        return None;
    };
    const NOT_A_CHOICE: &[&str] = &[
        "what",
        "whatever",
        "as",
        "where",
        "how",
        "when",
        "why",
        "who",
        "which",
        "that",
        "this",
        "there",
        "here",
        "so",
        "be",
        "yes",
        "no",
        "because",
        "think",
        "know",
        "guess",
        "hope",
        "believe",
        "sure",
        "maybe",
        "well",
        "now",
        "then",
        "if",
        "than",
        "and",
        "but",
        "or",
        "thought",
        "said",
        "see",
        "is",
        "was",
        "whether",
        "whoever",
        "wherever",
        "indeed",
        "true",
        "certainly",
        "course",
        "yeah",
        "yep",
        "way",
        "until",
        "while",
        "whichever",
        "however",
        "confirmed",
        "really",
        "still",
        "though",
        "all",
        "not",
    ];
    // "Unfortunately it is", "Actually it is": an adverb answers, it names nothing.
    ((3..=5).contains(&words.len())
        && !any_of(Some(&named), NOT_A_CHOICE)
        && !named.ends_with(b"ly"))
    .then_some((start, start + "it is".len()))
}

/// A doubt before the cue: "maybe we'll switch to Rust", "perhaps we will stay with it".
fn unsure_before(buf: &[u8], start: usize) -> bool {
    crate::parse::lex::has_any_word(
        crate::parse::lex::clause_before(buf, start),
        &["maybe", "perhaps", "possibly", "might", "could"],
    )
}

/// What follows "tried X" says it failed: "tried X, didn't work", "tried X - no luck".
/// The people of a project speaking of their own plan or act ("we will", "I'm", "we've"):
/// [`FIRST_PERSON`] with "we'll" and without the conditional "we'd".
const FIRST_PERSON_SUBJECTS: &[&str] = &[
    "we",
    "i",
    "we'll",
    "i'll",
    "we're",
    "i'm",
    "im",
    "we've",
    "i've",
    "we\u{2019}ll",
    "we\u{2019}re",
    "i\u{2019}m",
];

/// Words that make an act a possibility or a question rather than a plan.
const MAYBE: &[&str] = &[
    "can", "could", "should", "might", "may", "would", "maybe", "perhaps", "probably",
];

pub(super) fn attempt_failed(tail: &[u8]) -> bool {
    const FAILED: &[&[u8]] = &[
        b"didn't work",
        b"didn\xE2\x80\x99t work",
        b"did not work",
        b"doesn't work",
        b"doesn\xE2\x80\x99t work",
        b"does not work",
        b"didn't help",
        b"didn\xE2\x80\x99t help",
        b"did not help",
        b"didn't fix",
        b"didn\xE2\x80\x99t fix",
        b"did not fix",
        b"no luck",
        // General English for an attempt that failed: "tried X, but no success".
        b"no success",
        b"without success",
        b"unsuccessfully",
        b"no dice",
        b"no effect",
        b"no difference",
        b"made it worse",
        b"same error",
        b"still fails",
        b"still failing",
        b"still broken",
        b"dead end",
        // Verdicts on an attempt (general wording): "tried Redis - overkill".
        b"overkill",
        b"too slow",
        b"too heavy",
        b"too complex",
        b"no good",
        b"not worth",
        b"wasn't worth",
        b"gave up",
        b"abandoned",
        // The attempt undone by its author: "tried X but dropped it", "... rejected it".
        b"dropped it",
        b"rejected it",
        b"reverted it",
        b"scrapped it",
        b"ditched it",
        b"backed it out",
        b"rolled it back",
    ];
    FAILED.iter().any(|p| has_phrase(tail, p)) || failure_verdict(tail)
}

/// A failure verb as the verdict on an attempt: "tried switching to rustls, it failed",
/// "tried pinning node 18 - build failed", "... but it crashed on start". Not the adjective
/// of a noun ("tried restarting the failed job").
fn failure_verdict(tail: &[u8]) -> bool {
    // In the attempt's own sentence: "Tried that twice. It always fails on restart" reports
    // a behaviour, not the attempt's outcome. Past tense: the outcome of that attempt.
    let sentence_end = tail
        .windows(2)
        .position(|w| matches!(w[0], b'.' | b'!' | b'?') && w[1] == b' ')
        .unwrap_or(tail.len());
    let tail = &tail[..sentence_end];
    const VERBS: &[&str] = &["failed", "crashed", "broke", "errored", "hung"];
    const AFTER: &[&str] = &[
        "to",
        "again",
        "too",
        "with",
        "on",
        "because",
        "due",
        "at",
        "in",
        "for",
        "as",
        "the",
        "everything",
        "it",
        "badly",
        "miserably",
        "immediately",
        "anyway",
    ];
    let is_word = |b: &u8| b.is_ascii_alphanumeric() || *b == b'\'';
    let mut i = 0;
    while i < tail.len() {
        if !is_word(&tail[i]) {
            i += 1;
            continue;
        }
        let end = tail[i..]
            .iter()
            .position(|b| !is_word(b))
            .map_or(tail.len(), |n| i + n);
        if VERBS.iter().any(|v| v.as_bytes() == &tail[i..end]) {
            // What follows: nothing, a clause break, or a word of the verdict's own.
            let rest = &tail[end..];
            let gap = rest.iter().take_while(|b| **b == b' ').count();
            let next_start = end + gap;
            let verdict = match rest.get(gap) {
                None => true,
                // "failed-over": a compound, not the verdict.
                Some(b'-') if gap == 0 => false,
                Some(b) if !is_word(b) => true,
                Some(_) => {
                    let next_end = tail[next_start..]
                        .iter()
                        .position(|b| !is_word(b))
                        .map_or(tail.len(), |n| next_start + n);
                    AFTER
                        .iter()
                        .any(|a| a.as_bytes() == &tail[next_start..next_end])
                }
            };
            if verdict {
                return true;
            }
        }
        i = end;
    }
    false
}

/// "decision is to", "the consensus was that": a noun naming a choice, its copula and the
/// word that opens the choice's content (see the cue pattern).
fn copular_choice(cue: &[u8]) -> bool {
    let mut words = cue.split(|&b| b == b' ');
    let noun = words.next().unwrap_or_default();
    matches!(
        noun,
        b"decision" | b"plan" | b"consensus" | b"conclusion" | b"verdict"
    ) && matches!(words.next(), Some(b"is" | b"was"))
        && matches!(words.next(), Some(b"to" | b"that"))
        && words.next().is_none()
}
