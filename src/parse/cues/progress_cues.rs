//! The progress cues: "fixed", "resolved", "shipped", "works now", "got it working".

use super::Strength::{self, *};
use super::cue_context::{
    Around, DETERMINERS, FILLERS, FIRST_PERSON, any_of, conditional, in_condition_clause, modal,
    negated, negated_within, own_part_before,
};
use crate::parse::EntryType::{self, *};
use crate::parse::lex::{clause_after, clause_before, has_word, words_after};

/// Progress (or a problem still open: "not fixed yet"), or `None` when the cue is not one or
/// its context says otherwise.
pub(super) fn judge(around: &Around) -> Option<(EntryType, Strength)> {
    let (buf, start, end, at_start) = (around.buf, around.start, around.end, around.at_start);
    let (cue, prev, next) = (around.cue(), around.prev(), around.next());
    match cue {
        // ---- progress
        b"completed" if work_reported_done(around) => Some((Progress, Medium)),
        // "I was able to solve the problem", "managed to fix it by reinstalling": the writer
        // got a remedy done. Not "wasn't able to fix it", "will be able to fix it", "if we're
        // able to resolve this".
        _ if cue.starts_with(b"able to") || cue.starts_with(b"managed to") => {
            (!negated_within(buf, start, 3)
                && !any_of(prev, &["be", "not", "never"])
                && !modal(buf, start)
                && !conditional(buf, start)
                && !buf.contains(&b'?'))
            .then_some((Progress, Strong))
        }
        b"fixed" | b"corrected" | b"resolved" | b"solved" | b"patched" | b"repaired"
        | b"shipped" | b"completed" => {
            if negated(buf, start) && !modal(buf, start) && !conditional(buf, start) {
                // "still not fixed": the problem is open.
                return (cue != b"shipped" && cue != b"completed").then_some((Problem, Medium));
            }
            if cue != b"shipped"
                && cue != b"completed"
                && any_of(prev, &["be"])
                && around.before.iter().any(|w| *w == b"should")
                && names_where_it_went(&buf[end..])
            {
                // "should be fixed by <commit>", "should be fixed in latest stable": fixed in
                // a change that exists, said with a courtesy hedge.
                return Some((Progress, Medium));
            }
            if any_of(prev, &["be", "have", "been"])
                && around
                    .before
                    .iter()
                    .any(|w| matches!(*w, b"seems" | b"seem" | b"appears" | b"looks"))
                && !negated_within(buf, start, 5)
                && !conditional(buf, start)
            {
                // "The bug seems to be solved in the latest build": a fix seen, hedged ("doesn't
                // seem to be solved" is not).
                return Some((Progress, Medium));
            }
            // "Once this bug is fixed, please ping me": a fix to come, as a condition. ("Once
            // we fixed the cache, the build passed" tells what happened.)
            if any_of(prev, &["is", "are", "gets", "get"])
                && crate::parse::lex::has_any_word(own_part_before(buf, start), &["once"])
            {
                return None;
            }
            // After a determiner the cue is an adjective ("the fixed header") unless the
            // clause ends there or goes on with a preposition: "I consider this fixed.",
            // "I have this resolved on dev".
            let adjective = any_of(prev, DETERMINERS)
                && next.is_some_and(|n| !AFTER_A_PARTICIPLE.iter().any(|p| p.as_bytes() == *n));
            if modal(buf, start)
                || conditional(buf, start)
                || adjective
                || any_of(prev, &["only", "un", "partially"])
                || (cue == b"fixed" && any_of(next, FIXED_ADJECTIVE_NOUNS))
                || (cue == b"resolved" && any_of(next, &["to"]))
            {
                return None;
            }
            Some((Progress, Strong))
        }
        // "... fixes #57", "closes #12", "The pull request resolves issue #699": a change
        // that closes an issue (the forge's keywords). "resolves to 10.0.0.1" names no issue.
        b"fixes" | b"resolves" | b"closes" if names_an_issue(&buf[end..]) => {
            Some((Progress, Strong))
        }
        // "Resolves Infinite Redirect behind Reverse Proxy": a change's title, as "Fixes …"
        // is. Not "resolves to 10.0.0.1".
        b"resolves" if (at_start || around.after_scope()) && !any_of(next, &["to"]) => {
            Some((Progress, Strong))
        }
        // "Memory leaks have manifested ... This resolves that issue by removing references":
        // the change a description goes on to give, as "this fixes it" is, when its object is
        // the defect. Not "This resolves the path" (what a function does), "resolves to" (an
        // address), nor "if this resolves it" (a test asked for).
        b"resolves"
            if any_of(
                prev,
                &["this", "that", "which", "commit", "pr", "patch", "change"],
            ) && (any_of(next, &["it"])
                || (any_of(next, &["that", "this", "the", "these", "those"])
                    && defect_after(&words_after(buf, end, 3))))
                && !conditional(buf, start)
                && !negated(buf, start)
                && !buf.contains(&b'?') =>
        {
            Some((Progress, Strong))
        }
        b"resolves" | b"closes" => None,
        // "v4.8.1 out now", "The blog post is now live", "the new API went live on Monday".
        // ("The results are live!" says no more than that they can be seen.)
        b"now live" | b"went live" | b"out now" => {
            (!negated(buf, start) && !modal(buf, start) && !conditional(buf, start))
                .then_some((Progress, Medium))
        }
        // "Race condition fix", "Better Safari bugfix, wider disable button": a title naming
        // a fix by what it fixes. Not "needs a fix", "no fix yet", "a bugfix release".
        // "lottie: hotfix memory leaks", "Hotfix the crash on login": the verb of a commit
        // subject, as "Fix X" is, when a defect follows. Not "Hotfix release 1.2.1".
        b"bugfix" | b"hotfix" if at_start || around.after_scope() => {
            defect_after(&words_after(buf, end, 5)).then_some((Progress, Strong))
        }
        // Strong: the fix is the title's head noun, the defect before it only says which
        // ("Race condition fix" is no report of a race).
        b"bugfix" | b"hotfix" => names_a_fix(around).then_some((Progress, Strong)),
        // "v3.0.2 is released", "Done. Released 1.0.11": a version that went out.
        b"released" => (names_a_version(buf)
            && !negated(buf, start)
            && !modal(buf, start)
            && !conditional(buf, start))
        .then_some((Progress, Medium)),
        // "Replacing the app with a fresh copy solves this", "Restarting the worker fixes
        // it": a step the writer found to be the remedy. Medium: told after a report of the
        // defect, it is the report's workaround.
        b"fixes" | b"solves" if gerund_subject(buf, start) => {
            // Not "Rebooting only fixes it for a few hours".
            (opens_the_line(buf, start)
                && any_of(next, &["this", "it", "that", "the"])
                && !crate::parse::lex::has_any_word(clause_before(buf, start), UNSURE_OR_PARTIAL)
                && !negated(buf, start)
                && !modal(buf, start)
                && !conditional(buf, start)
                && !buf.contains(&b'?'))
            .then_some((Progress, Medium))
        }
        // "It solves itself after a while": the defect went away on its own.
        b"fixes" | b"solves" if any_of(next, &["itself", "themselves"]) => None,
        b"fixes" | b"solves" => (at_start
            || around.after_scope()
            // "More fixes to timezone problems", "Various fixes for Safari": a changelog's
            // line naming the fixes it made, as the line's whole title. "More fixes to follow", "Small fixes to the docs
            // can go straight to main" and "Some fixes for the importer are still missing"
            // say what is to come, what is allowed or what is not done.
            || (cue == b"fixes"
                && one_word_before(buf, start)
                && any_of(
                    prev,
                    &["more", "some", "several", "various", "minor", "small", "misc", "many"],
                )
                && any_of(next, &["to", "for", "in"])
                && !any_of(
                    words_after(buf, end, 2).get(1),
                    &["follow", "come", "land", "be"],
                )
                && !has_a_verb_after(buf, end))
            // "this fixes it"; not "let me know if it fixes the problem" (a test asked for).
            || (any_of(
                prev,
                &[
                    "this", "it", "which", "that", "commit", "pr", "patch", "change", "update",
                    "release", "request", "mr", "version", "build",
                ],
            ) && !conditional(buf, start))
            // "Can confirm the latest nightly fixes the issue": a change that ended a defect.
            // Not "nothing fixes it", "maybe a reboot fixes it", "only fixes it for an hour".
            || (defect_after(&words_after(buf, end, 6))
                && !negated(buf, start)
                && !modal(buf, start)
                && !conditional(buf, start)
                && !crate::parse::lex::has_any_word(clause_before(buf, start), UNSURE_OR_PARTIAL)))
        .then_some((Progress, Strong)),
        b"fix" => {
            // "Fix X" opens a changelog line or a commit subject, also after the tag of the
            // part it is in ("Desktop: Fix empty PDF export", "[CI] Fix nightly builds").
            if at_start || around.after_scope() {
                return Some((Progress, Strong));
            }
            if any_of(
                next,
                &["was", "applied", "landed", "merged", "worked", "works"],
            ) && !negated(buf, start)
            {
                // "The crash was thrown on big files. The fix was a one-character change.":
                // the fix told as done, a sentence of its own after its defect, is what the
                // line reports (as "Fixed by ..." is). Not "the fix was reverted".
                let told_as_done = any_of(prev, &["the"])
                    && clause_before(buf, start).trim_ascii() == b"the"
                    && !words_after(buf, end, 2)
                        .get(1)
                        .is_some_and(|w| any_of(Some(w), UNDONE));
                return Some((Progress, if told_as_done { Strong } else { Medium }));
            }
            if fix_released(buf, start, end) && !negated(buf, start) && !modal(buf, start) {
                return Some((Progress, Medium));
            }
            // "suppress `nounset` error (fix #1876)": a change that names the issue it closes,
            // the whole remark ("(fix #1876 was incomplete)" says otherwise).
            if buf[..start].ends_with(b"(") && is_issue_then_close(&buf[end..]) {
                return Some((Progress, Strong));
            }
            // "I've pushed the fix", "I've committed a fix which will be in the next version":
            // a fix the writer handed over. Not "once we've pushed the fix", "whether they
            // merged the fix", "Microsoft shipped a fix" (someone else's), nor "I pushed the
            // fix but it doesn't work". Medium: a defect named in the line still wins. A kind
            // of fix may stand between ("I've released a bug fix for that").
            let handed = match &around.before[..] {
                [kind, rest @ ..] if any_of(Some(kind), FIX_KINDS) => rest,
                all => all,
            };
            if let [det, verb, rest @ ..] = handed
                && any_of(Some(det), &["a", "the", "my", "our"])
                && any_of(Some(verb), HANDED_OVER)
                && rest
                    .iter()
                    .find(|w| !any_of(Some(w), FILLERS))
                    .is_none_or(|w| any_of(Some(w), FIRST_PERSON))
                && !negated_within(buf, start, 4)
                && !modal(buf, start)
                && !in_condition_clause(buf, start)
                && !crate::parse::lex::has_any_word(&buf[end..], CONTRASTS)
                && !has_word(&buf[end..], b"still")
            {
                return Some((Progress, Medium));
            }
            // Strong: the opening verb is the change itself, not a work item's.
            if fix_brought_in_first(buf, start) {
                return Some((Progress, Strong));
            }
            names_a_fix(around).then_some((Progress, Strong))
        }
        // "Fixing the crash on startup" (a commit subject), "I'm fixing the login bug now":
        // work on a fix, by the writer. Strong: the defect is the fix's object, no report.
        // Not "Fixing this requires a restart" (the gerund as a subject), "we are not fixing
        // it", "if fixing the cache helps".
        // "Thanks for fixing the crash", "Thank you to @dev for fixing crashes on boot": a
        // fix someone made, acknowledged.
        b"fixing"
            if any_of(prev, &["for"])
                && around
                    .before
                    .iter()
                    .take(5)
                    .any(|w| any_of(Some(w), &["thanks", "thank", "thx", "kudos"])) =>
        {
            Some((Progress, Strong))
        }
        b"fixing" => {
            let by_us = at_start
                || around.after_scope()
                || any_of(prev, &["i'm", "im", "we're", "am", "currently", "now"])
                || (any_of(prev, &["are"])
                    && around
                        .before
                        .get(1)
                        .is_some_and(|w| any_of(Some(w), &["we"])));
            let gerund_subject =
                at_start && any_of(next, &["this", "it", "that", "these", "those", "them"]);
            // Opening a line, it names a defect as its object and is the whole statement:
            // "Fixing the leak is hard because ...", "Fixing typos is always welcome",
            // "Fixing a version with =1.2.3 prevents upgrades" and "Fixing bugs in open
            // source: a guide" speak of fixing, not of work done.
            let rest = &buf[end..];
            let names_defect = defect_after(&words_after(buf, end, 5))
                || crate::parse::lex::has_any_word(rest, &["typo", "typos"]);
            let goes_on = crate::parse::lex::has_any_word(rest, FINITE_AFTER_A_GERUND)
                || rest.contains(&b':');
            let title_fix = !(at_start || around.after_scope()) || (names_defect && !goes_on);
            (by_us
                && title_fix
                && !gerund_subject
                && !negated(buf, start)
                && !modal(buf, start)
                && !conditional(buf, start)
                && !in_condition_clause(buf, start)
                && !buf.contains(&b'?'))
            .then_some((Progress, Strong))
        }
        // "FCP 0.0.3 addresses this", "This PR addresses #123": a change that deals with an
        // issue. "... which we've now addressed", "The leak was addressed in 2.1": one dealt
        // with. Not "must be addressed", "needs to be addressed", "addresses the same
        // store" (another sense), nor a question.
        b"addresses" => {
            // "This guide addresses the issue of configuring TLS": a topic, not a defect.
            let topic = words_after(buf, end, 3).get(2).is_some_and(|w| *w == b"of");
            let object = !topic
                && (any_of(next, &["this", "it", "these", "both"])
                    || names_an_issue(&buf[end..])
                    || defect_after(&words_after(buf, end, 3)));
            (object
                && !negated(buf, start)
                && !modal(buf, start)
                && !conditional(buf, start)
                && !buf.contains(&b'?'))
            .then_some((Progress, Medium))
        }
        // Strong after a named defect ("The leak was addressed in 2.1"), which is its subject,
        // not a report.
        // Not the past perfect of a story ("seeing that #35 had been addressed, I updated,
        // only to find it crashed").
        b"addressed" => (any_of(prev, &["been", "we've", "i've", "was", "were", "now"])
            && !around.before.iter().any(|w| any_of(Some(w), &["had"]))
            && !negated(buf, start)
            && !modal(buf, start)
            && !conditional(buf, start)
            && !in_condition_clause(buf, start)
            && !buf.contains(&b'?'))
        .then_some((
            Progress,
            if defect_before(buf, start) {
                Strong
            } else {
                Medium
            },
        )),
        // "That did it! Thank you!", "a clean rebuild did the trick": a fix confirmed.
        b"did the trick" | b"that did it" => (!negated(buf, start)
            && !conditional(buf, start)
            && !in_condition_clause(buf, start)
            && !buf.contains(&b'?'))
        .then_some((Progress, Medium)),
        // "It works!", "That worked, thanks": a confirmation, as "It works fine." is (see
        // below); not "It works on Linux", "it works by polling", "here is how it works".
        _ if cue.starts_with(b"it work")
            || cue.starts_with(b"that work")
            || cue.starts_with(b"this work") =>
        {
            if worked_until(around, buf, start, end) {
                return Some((Problem, Medium));
            }
            let alone = around
                .before
                .iter()
                .take_while(|w| !any_of(Some(w), &["and", "so"]))
                .all(|w| {
                    any_of(
                        Some(w),
                        &[
                            "now",
                            "finally",
                            "yes",
                            "yay",
                            "great",
                            "ok",
                            "okay",
                            "thanks",
                            "thank",
                            "you",
                            "cool",
                            "perfect",
                            "confirmed",
                            "confirm",
                            "can",
                        ],
                    )
                });
            let rest_only = words_after(buf, end, 6)
                .iter()
                .all(|w| any_of(Some(w), CONFIRMATION_TAIL));
            let qualified = crate::parse::lex::has_any_word(buf, CONTRASTS)
                || crate::parse::lex::has_any_word(buf, &["except", "if", "when", "unless"]);
            // "It worked on core. I see that it fails on hbase": the line goes on to a failure.
            let failure_later = crate::parse::lex::has_any_word(
                &buf[end..],
                &[
                    "fails", "failed", "fail", "failing", "error", "errors", "crash", "crashes",
                    "crashed", "broken", "breaks", "still", "doesn't", "not",
                ],
            );
            (alone
                && (rest_only || worked_after_remedy(buf, end))
                && !qualified
                && !failure_later
                && !negated(buf, start)
                && !buf.contains(&b'?'))
            .then_some((Progress, Medium))
        }
        // "- Phase 2: done — SSE endpoint live", "**Migration:** complete": a named piece of
        // work reported finished (see [`work_reported_done`]).
        b"done" | b"complete" | b"finished" => (work_reported_done(around)
            || done_in_a_change(around)
            || done_as_a_reply(around)
            || finished_work_opens(around))
        .then_some((Progress, Medium)),
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
        // "Cool, now it works like a charm"; not "now it works like this: ..." nor "right now
        // it works by polling", which say how something works.
        b"now it works" => (!negated(buf, start)
            && !any_of(prev, &["right", "until", "for"])
            && match &around.after[..] {
                [] => true,
                [first, rest @ ..] => {
                    any_of(
                        Some(first),
                        &[
                            "again",
                            "fine",
                            "perfectly",
                            "great",
                            "correctly",
                            "properly",
                            "for",
                            "as",
                            "now",
                            "flawlessly",
                            "ok",
                            "okay",
                        ],
                    ) || (*first == b"like" && rest.first().is_some_and(|w| *w == b"a"))
                }
            })
        .then_some((Progress, Strong)),
        // "It works fine.", "Everything went well.", "Working fine.": a confirmation, as a
        // thread gives it once a fix is tried; the sentence says nothing else. Not "works
        // fine in Firefox" after a report ("but"), "would work fine too" (a maybe), "This
        // works well with version control" (what a thing is good for).
        _ if confirms_it_works(cue) => {
            if worked_until(around, buf, start, end) {
                return Some((Problem, Medium));
            }
            // The words before it, back to the sentence's start or an "and" that joins it to
            // what was done ("I ran the new script and everything went ok").
            let subject_only = around
                .before
                .iter()
                .take_while(|w| !any_of(Some(w), &["and", "so"]))
                .all(|w| any_of(Some(w), &["it", "this", "that", "everything", "all", "now"]));
            let rest_only = words_after(buf, end, 6).iter().all(|w| {
                any_of(
                    Some(w),
                    &[
                        "now", "again", "for", "me", "on", "my", "side", "here", "thanks", "thank",
                        "you", "too", "both",
                    ],
                )
            });
            // Anywhere in the line: "Works fine, but only on Linux", "It works fine, if slowly".
            let qualified = crate::parse::lex::has_any_word(buf, CONTRASTS)
                || crate::parse::lex::has_any_word(buf, &["except", "if", "when", "unless"]);
            (subject_only && rest_only && !qualified && !negated(buf, start))
                .then_some((Progress, Medium))
        }
        // "seems to work now", "should work now with 2.1": a fix seen or announced, hedged.
        b"to work now" => (any_of(
            prev,
            &[
                "seems", "seem", "appears", "appear", "seemed", "got", "managed",
            ],
        ) && !negated(buf, start)
            && !conditional(buf, start))
        .then_some((Progress, Medium)),

        // "the flicker went away after the upgrade", "this issue is now gone": a defect that
        // ended. Only with a defect as the subject ("the file is gone" is a loss, not a fix).
        b"went away" | b"gone away" | b"is gone" | b"are gone" | b"was gone" | b"were gone"
        | b"now gone" => (defect_before(buf, start)
            && !negated(buf, start)
            && !modal(buf, start)
            && !conditional(buf, start))
        .then_some((Progress, Strong)),
        // "This is now done.", "The migration is done": a piece of work finished. Only
        // when the clause ends there: "validation is done in the API layer", "this is done
        // by the scheduler" say how, not that.
        // Not "The damage is done", "What's done is done", "Don't deploy before the backup
        // is done", "Verify the upload is done", "Validation is done too" (a duty, not news).
        b"is done" | b"are done" | b"now done" => {
            let after = clause_after(buf, end);
            let ends = crate::parse::lex::words(std::str::from_utf8(after).unwrap_or("x"))
                .all(|w| matches!(w, "now" | "already"));
            let opener = buf
                .split(|b| !b.is_ascii_alphanumeric() && *b != b'\'')
                .find(|w| !w.is_empty());
            (ends
                && !negated(buf, start)
                && !modal(buf, start)
                && !in_condition_clause(buf, start)
                && !crate::parse::lex::has_any_word(
                    clause_before(buf, start),
                    &["what's", "what", "damage"],
                )
                && !any_of(
                    opener.as_ref(),
                    &[
                        "verify", "check", "ensure", "make", "wait", "confirm", "see", "don't",
                        "do", "we'll", "i'll",
                    ],
                )
                && !any_of(
                    around.before.last(),
                    &["nothing", "what", "how", "much", "little"],
                ))
            .then_some((Progress, Medium))
        }
        // "the upload no longer crashes on big files": the failure stopped.
        b"no longer" => {
            if modal(buf, start) || conditional(buf, start) {
                return None;
            }
            if any_of(next, FAILURE_VERBS) {
                return Some((Progress, Strong));
            }
            if let [_, how, ..] = &around.after[..]
                && any_of(Some(how), DONE_AS_EXPECTED)
            {
                // "The app no longer exits cleanly on FreeBSD", "no longer syncs reliably":
                // whatever the verb, doing it as expected is what stopped.
                return Some((Problem, Medium));
            }
            if let [first, second, ..] = &around.after[..]
                && any_of(Some(first), &["a", "an"])
                && any_of(Some(second), DEFECT_NOUNS)
            {
                // "It is no longer an issue": the defect ended.
                return Some((Progress, Medium));
            }
            if defect_before(buf, start) {
                // "The flicker no longer appears with 2.1", "the error no longer occurred
                // after a reinstall": the defect is what stopped.
                return (any_of(next, CAPABILITIES) || any_of(next, OCCURRENCES))
                    .then_some((Progress, Medium));
            }
            // "Keyboard shortcut no longer works after the update": a capability lost.
            any_of(next, CAPABILITIES).then_some((Problem, Medium))
        }

        _ => None,
    }
}

/// "Added fix to restart the service", "Merge fix for non-beta build memory leak", "added a
/// temporary fix": the line opens with the change that brought a fix in, the way changelogs
/// and commit subjects write it. Nothing but that verb, a determiner and the fix's kind come
/// before it; "We should add a fix" and "need to merge the fix" come with words of their own,
/// and a question asks.
fn fix_brought_in_first(buf: &[u8], start: usize) -> bool {
    const BROUGHT_IN: &[&str] = &[
        "add",
        "adds",
        "added",
        "merge",
        "merges",
        "merged",
        "apply",
        "applies",
        "applied",
        "backport",
        "backported",
        "land",
        "landed",
        "include",
        "included",
    ];
    let head = &buf[..start];
    if buf.contains(&b'?')
        || head
            .iter()
            .any(|b| !(b.is_ascii_alphabetic() || matches!(b, b' ' | b'-' | b'*')))
    {
        return false;
    }
    let mut words = head
        .split(|b| !b.is_ascii_alphabetic())
        .filter(|w| !w.is_empty());
    let Some(verb) = words.next() else {
        return false;
    };
    any_of(Some(&verb), BROUGHT_IN)
        && words.all(|w| any_of(Some(&w), &["a", "an", "the"]) || any_of(Some(&w), FIX_KINDS))
}

/// Words for a kind of fix, between its article and "fix": "a bug fix", "a quick fix",
/// "added a temporary fix".
const FIX_KINDS: &[&str] = &[
    "bug",
    "quick",
    "small",
    "temporary",
    "hot",
    "proper",
    "partial",
    "minor",
    "simple",
    "security",
];

/// Verbs of handing a change over, before "a fix" / "the fix": "pushed the fix".
const HANDED_OVER: &[&str] = &[
    "pushed",
    "committed",
    "merged",
    "landed",
    "deployed",
    "released",
    "submitted",
    "published",
    "uploaded",
    "shipped",
];

/// Whether the text after a closing keyword names an issue: "#57", "issue #699",
/// "owner/repo#12".
pub(crate) fn names_an_issue(after: &[u8]) -> bool {
    let rest = after.trim_ascii_start();
    let rest = rest
        .strip_prefix(b"issue ")
        .or_else(|| rest.strip_prefix(b"issues "))
        .unwrap_or(rest)
        .trim_ascii_start();
    let word = rest
        .split(|b| b.is_ascii_whitespace() || matches!(b, b',' | b')'))
        .next()
        .unwrap_or_default();
    // "#0" is a template's slot, not an issue.
    word.windows(2)
        .any(|pair| pair[0] == b'#' && pair[1].is_ascii_digit() && pair[1] != b'0')
}

/// "#1876)": an issue ([`names_an_issue`]), then the end of the remark it is in.
fn is_issue_then_close(after: &[u8]) -> bool {
    let rest = after.trim_ascii_start();
    rest.first() == Some(&b'#')
        && names_an_issue(rest)
        && rest[1..].iter().find(|b| !b.is_ascii_digit()) == Some(&b')')
}

/// Words after "the fix was" that take it back or say it fell short.
const UNDONE: &[&str] = &[
    "reverted",
    "incomplete",
    "partial",
    "wrong",
    "insufficient",
    "broken",
    "rolled",
    "backed",
    "not",
];

/// Whether the clause before `start` opens with a gerund, the subject of the cue there:
/// "Replacing the app with a fresh copy (solves this)", "Terminating the application and
/// reopening it (solves this issue)".
fn gerund_subject(buf: &[u8], start: usize) -> bool {
    let clause = clause_before(buf, start);
    let first = clause
        .split(|b| b.is_ascii_whitespace())
        .find(|w| !w.is_empty());
    first.is_some_and(|w| w.len() > 5 && w.ends_with(b"ing"))
        && !clause.contains(&b',')
        && clause.trim_ascii().len() > first.map_or(0, <[u8]>::len)
}

/// Whether the clause before `start` opens the line. A remedy told in a later sentence,
/// after an account of the defect, is that account's workaround: the line stays a report.
fn opens_the_line(buf: &[u8], start: usize) -> bool {
    let clause = clause_before(buf, start);
    buf[..start - clause.len()].trim_ascii().is_empty()
}

/// Whether a "fix" or "bugfix" that is not the line's first word names a fix made, in the
/// shape of a title: a noun before it (not "a", "the", "no"), nothing after it in its clause,
/// and a short line ("Race condition fix", "Better Safari bugfix, wider disable button").
fn names_a_fix(around: &Around) -> bool {
    let (buf, start, end) = (around.buf, around.start, around.end);
    let ends_clause = buf[end..]
        .iter()
        .take_while(|b| !matches!(b, b',' | b';' | b'.' | b'!' | b'('))
        .all(|b| !b.is_ascii_alphanumeric());
    let short = buf
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .count()
        <= 6;
    // "Waiting for the upstream fix": a fix someone else owes, named in a phrase. A
    // preposition right after a defect belongs to the defect's own phrase ("Crash on
    // startup fix", "Exception on launch fix"): the fix is still the title's head.
    let in_a_phrase = around.before.iter().enumerate().any(|(i, w)| {
        any_of(Some(w), DETERMINERS)
            || (any_of(
                Some(w),
                &[
                    "for", "with", "on", "of", "from", "about", "into", "without",
                ],
            ) && !around
                .before
                .get(i + 1)
                .is_some_and(|d| any_of(Some(d), DEFECT_NOUNS)))
    });
    let noun_before = !in_a_phrase
        && around.prev().is_some_and(|p| {
            p.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-')
                && !any_of(Some(p), DETERMINERS)
                && !any_of(
                    Some(p),
                    // "Please fix": a request, not a fix named.
                    &[
                        "no",
                        "to",
                        "quick",
                        "possible",
                        "proposed",
                        "potential",
                        "please",
                    ],
                )
        });
    // "Option 1: Quit CCleaner (Immediate Fix)": an aside names a kind of fix.
    let aside = buf[..start].iter().filter(|b| **b == b'(').count()
        > buf[..start].iter().filter(|b| **b == b')').count();
    ends_clause
        && !aside
        && short
        && noun_before
        && !negated(buf, start)
        && !modal(buf, start)
        && !conditional(buf, start)
        && !buf.contains(&b'?')
}

/// Whether `after` (the text after "should be fixed") names a change that exists: a link,
/// an issue or pull request, a commit, a version, or the latest release or main branch
/// ("by https://…", "by #42", "in 2.3.1", "as of v22", "in latest stable", "on master"), or
/// says the fix is there already ("should be fixed now").
fn names_where_it_went(after: &[u8]) -> bool {
    let rest = after.trim_ascii_start();
    if rest.starts_with(b"now") && !rest.get(3).is_some_and(u8::is_ascii_alphanumeric) {
        return true;
    }
    let Some(rest) = [&b"by "[..], b"in ", b"on ", b"with ", b"as of "]
        .iter()
        .find_map(|p| rest.strip_prefix(*p))
    else {
        return false;
    };
    let rest = rest.strip_prefix(b"the ").unwrap_or(rest);
    let word: &[u8] = rest
        .split(|b| b.is_ascii_whitespace() || matches!(b, b',' | b'!' | b')'))
        .next()
        .unwrap_or_default();
    let word = word.strip_suffix(b".").unwrap_or(word);
    word.starts_with(b"http")
        || word.starts_with(b"#")
        || matches!(
            word,
            b"latest" | b"master" | b"main" | b"nightly" | b"trunk" | b"commit" | b"pr" | b"head"
        )
        || (word.len() >= 7 && word.iter().all(u8::is_ascii_hexdigit))
        || names_a_version(word)
        || (word.len() > 1 && word[0] == b'v' && word[1..].iter().all(u8::is_ascii_digit))
}

/// Verbs of doing what was expected, after "no longer": the thing stopped doing it. Only
/// verbs nobody drops on purpose: "no longer reads ~/.config" is a change of behaviour.
const CAPABILITIES: &[&str] = &[
    "works", "work", "working", "launches", "launch", "boots", "boot", "responds", "respond",
    "renders", "render", "compiles", "compile", "appears", "appear",
];

/// "This fix is included in 0.8.1", "a fix has been implemented", "There is a fix for this
/// in v3.8.0-rc-43": a fix that exists in a release or a build. Not one to come ("the fix will
/// be included", "a fix is planned"), nor one wished for ("is there a fix?").
fn fix_released(buf: &[u8], start: usize, end: usize) -> bool {
    let words = words_after(buf, end, 6);
    let at = words
        .iter()
        .position(|w| !any_of(Some(w), &["is", "has", "been", "now", "already", "also"]));
    if at.is_some_and(|i| i > 0)
        && any_of(
            at.and_then(|i| words.get(i)),
            &[
                "included",
                "implemented",
                "released",
                "merged",
                "landed",
                "available",
                "live",
                "out",
                "shipped",
                "deployed",
            ],
        )
    {
        return !buf[end..].contains(&b'?') && !has_word(&buf[end..], b"will");
    }
    // "There is a fix for this in v3.8.0": the release named after "in".
    // Nearest word first: "a", "is", "there".
    let there = crate::parse::lex::words_before(buf, start, 3);
    let there_is = matches!(
        &there[..],
        [b"a", b"is", t, ..] | [b"a", t, ..] if *t == b"there" || *t == b"there's"
    );
    there_is
        && !buf.contains(&b'?')
        && clause_after(buf, end).windows(4).enumerate().any(|(i, w)| {
            w == b" in "
                && buf[end..][i + 4..]
                    .first()
                    .is_some_and(|c| c.is_ascii_digit() || *c == b'v')
        })
}

/// The words that may follow "it works" in a bare confirmation: "It works for me now",
/// "that worked perfectly, thank you", "works like a charm".
const CONFIRMATION_TAIL: &[&str] = &[
    "now",
    "again",
    "for",
    "me",
    "on",
    "my",
    "side",
    "here",
    "thanks",
    "thank",
    "you",
    "too",
    "both",
    "fine",
    "perfectly",
    "great",
    "well",
    "flawlessly",
    "like",
    "a",
    "charm",
];

/// "It works after replacing the config", "it worked fine after a reboot": a remedy the
/// writer applied, then the confirmation. What follows "after" must be a step (a verb in
/// -ing, or a restart, reinstall or update), not a time ("works after a delay of 5 s" says how
/// it works).
fn worked_after_remedy(buf: &[u8], end: usize) -> bool {
    const REMEDY_NOUNS: &[&str] = &[
        "restart",
        "reboot",
        "reinstall",
        "update",
        "upgrade",
        "downgrade",
        "restarting",
    ];
    let words = words_after(buf, end, 8);
    let Some(at) = words
        .iter()
        .position(|w| !any_of(Some(w), CONFIRMATION_TAIL))
    else {
        return false;
    };
    if !any_of(words.get(at), &["after"]) {
        return false;
    }
    let step = words.get(at + 1);
    if any_of(step, &["a", "the", "an"]) {
        return any_of(words.get(at + 2), REMEDY_NOUNS);
    }
    step.is_some_and(|w| w.ends_with(b"ing") && w.len() > 5) || any_of(step, REMEDY_NOUNS)
}

/// How a thing is done when it works, after "no longer" and a verb: "no longer saves
/// properly". General vocabulary of correct behaviour.
const DONE_AS_EXPECTED: &[&str] = &[
    "properly",
    "correctly",
    "cleanly",
    "reliably",
    "successfully",
];

/// Verbs of a defect showing itself, in any tense, after "no longer" and a defect noun.
const OCCURRENCES: &[&str] = &[
    "occurs",
    "occur",
    "occurred",
    "happens",
    "happen",
    "happened",
    "appeared",
    "reproduces",
    "reproduce",
    "reproduced",
    "shows",
    "showed",
];

/// Verbs of failing, after "no longer".
const FAILURE_VERBS: &[&str] = &[
    "crashes",
    "crash",
    "fails",
    "fail",
    "hangs",
    "hang",
    "freezes",
    "freeze",
    "errors",
    "throws",
    "panics",
    "breaks",
    "leaks",
    "times",
    "flickers",
    "flicker",
    "happens",
    "happen",
    "occurs",
    "occur",
    "reproduces",
    "reproduce",
    "lags",
    "stutters",
    "drops",
    "truncates",
    "duplicates",
    "segfaults",
    "blocks",
];

/// Nouns that name a defect, before a verb of its ending ("the flicker went away") or as a
/// remedy's object ("doesn't fix the issue").
pub(super) const DEFECT_NOUNS: &[&str] = &[
    "issue",
    "issues",
    "problem",
    "problems",
    "bug",
    "bugs",
    "error",
    "errors",
    "crash",
    "crashes",
    "warning",
    "warnings",
    "flicker",
    "flickering",
    "leak",
    "leaks",
    "deadlock",
    "deadlocks",
    "race",
    "lag",
    "glitch",
    "glitches",
    "exception",
    "exceptions",
    "regression",
    "symptom",
    "symptoms",
    "timeout",
    "timeouts",
    "noise",
    "crackling",
    "stutter",
    "stuttering",
    "failure",
    "failures",
];

/// Words before "fixes" that deny, doubt or limit the fix.
const UNSURE_OR_PARTIAL: &[&str] = &[
    "nothing",
    "none",
    "neither",
    "nobody",
    "no",
    "not",
    "maybe",
    "perhaps",
    "hope",
    "hopefully",
    "which",
    "whether",
    "only",
    "temporarily",
    "partially",
    "sometimes",
];

/// Only one word, after any bullet, stands before `start`: "More fixes …", "- Various fixes …".
fn one_word_before(buf: &[u8], start: usize) -> bool {
    let head = buf[..start].trim_ascii();
    let head = head
        .strip_prefix(b"- ")
        .or_else(|| head.strip_prefix(b"* "))
        .unwrap_or(head)
        .trim_ascii();
    !head.is_empty() && !head.iter().any(|b| b.is_ascii_whitespace())
}

/// Whether the rest of the line says something of what came before, with a verb of its own
/// ("… are planned", "… can go straight to main", "… were never backported"): a statement,
/// not a title.
fn has_a_verb_after(buf: &[u8], end: usize) -> bool {
    const VERBS: &[&str] = &[
        "are",
        "is",
        "was",
        "were",
        "will",
        "can",
        "could",
        "should",
        "would",
        "don't",
        "doesn't",
        "do",
        "need",
        "needs",
        "never",
        "still",
        "missing",
        "welcome",
        "attempted",
        "planned",
        "go",
        "went",
    ];
    words_after(buf, end, crate::parse::lex::Words::CAP)
        .iter()
        .any(|w| any_of(Some(w), VERBS))
}

/// Whether the words after a verb are a defect as its object: "fixes the issue", "fixes
/// this bug", "fixes it".
fn defect_after(after: &[&[u8]]) -> bool {
    if after.first().is_some_and(|w| *w == b"it") {
        return true;
    }
    // "fixes a bunch of memory leaks", "fixes several race conditions": how many, then what.
    let after = match after {
        [b"a", amount, b"of", rest @ ..]
            if any_of(Some(amount), &["bunch", "couple", "lot", "number"]) =>
        {
            rest
        }
        [b"lots", b"of", rest @ ..] | [b"a", b"few", rest @ ..] => rest,
        [amount, rest @ ..] if any_of(Some(amount), QUANTITIES) => rest,
        [det, rest @ ..] if any_of(Some(det), DETERMINERS) => rest,
        _ => after,
    };
    // The noun, or one word that says which ("the memory leak", "a startup crash").
    after.iter().take(2).any(|w| any_of(Some(w), DEFECT_NOUNS))
}

/// Whether the cue ("done", "complete", "completed", "finished") is the whole value of a
/// label that names a piece of work: "- Phase 2: done — SSE endpoint live", "**Migration:**
/// complete". Not `Status: done` (a field that says nothing of what), nor a value that goes
/// on ("Tests: complete coverage of the parser", "Feature: Completed the sign-up flow" is
/// the verb's own reading).
fn work_reported_done(around: &Around) -> bool {
    let (buf, start, end) = (around.buf, around.start, around.end);
    let before = buf[..start].trim_ascii_end();
    let before = before.strip_suffix(b"**").unwrap_or(before);
    let Some(head) = before.strip_suffix(b":") else {
        return false;
    };
    let head = head.trim_ascii();
    let head = head
        .strip_prefix(b"- ")
        .or_else(|| head.strip_prefix(b"* "))
        .unwrap_or(head);
    let name: Vec<&[u8]> = head
        .split(|b| !b.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let named_work = !name.is_empty()
        && name.len() <= 4
        && !matches!(
            name.as_slice(),
            [b"status"] | [b"current", b"status"] | [b"state"]
        );
    let after = buf[end..].trim_ascii_start();
    // The value ends there: the line's end, a dash or an aside, or punctuation.
    let ends = match after.first() {
        None => true,
        Some(b) if *b >= 0x80 => {
            after.starts_with("\u{2014}".as_bytes())
                || after.starts_with("\u{2013}".as_bytes())
                || after.starts_with("\u{2705}".as_bytes())
        }
        Some(b) => !b.is_ascii_alphanumeric(),
    };
    named_work && ends
}

/// "Finished writing the proof", "Finished the migration to Postgres": the line opens with
/// work reported finished, its object right after ("finished by Friday" sets a date, "finished
/// product" names a thing). Not a question ("Finished reading? Leave a comment"), a program's
/// log line with its counts ("Finished processing 1,204 records in 3.2s"), or a finish that
/// left something broken ("Finished the upgrade but now every request returns 500").
fn finished_work_opens(around: &Around) -> bool {
    let buf = around.buf;
    // The cheap tests first: the cue opens the line and its object follows.
    around.at_start
        && around.cue() == b"finished"
        && around.after.first().is_some_and(|w| {
            any_of(Some(w), DETERMINERS)
                || matches!(*w, b"all" | b"up")
                || (w.len() > 4 && w.ends_with(b"ing"))
        })
        && !buf.contains(&b'?')
        && !buf.iter().any(u8::is_ascii_digit)
        && !crate::parse::lex::has_any_word(
            &buf[around.end..],
            &["but", "still", "now", "except", "although", "though"],
        )
}

/// "Done in the latest few commits", "Done in #412", "Done in v2.3": a thread's answer that
/// the work asked for went into a change. Only as the line's first word, and only with a
/// change named after it ("done in the API layer" says where, "done in two steps" how).
fn done_in_a_change(around: &Around) -> bool {
    if !around.at_start || !any_of(around.after.first(), &["in", "with", "via", "by"]) {
        return false;
    }
    words_after(around.buf, around.end, 6)
        .iter()
        .skip(1)
        .any(|w| {
            any_of(
                Some(w),
                &[
                    "commit", "commits", "pr", "prs", "release", "version", "build", "patch",
                    "merge",
                ],
            ) || w.first().is_some_and(u8::is_ascii_digit)
                || (w.len() > 1 && w[0] == b'v' && w[1].is_ascii_digit())
        })
        || around.buf[around.end..]
            .trim_ascii_start()
            .starts_with(b"in #")
}

/// "Done.", "Done, thanks for the push", "Finished!": the line opens with the word alone as
/// its own sentence, a reply that the work asked for is done (as "That did it!" says a fix
/// worked). Not "Done:" (a label or a to-do column), "Done when the tests pass" (a
/// condition) or "Done right, this takes a day" (a word of a longer clause).
fn done_as_a_reply(around: &Around) -> bool {
    if !around.at_start {
        return false;
    }
    let after = &around.buf[around.end..];
    match after.first() {
        Some(b'.') => !after.starts_with(b"..."),
        Some(b',' | b'!') => {
            // "Done, thanks", "Done!", not "Done, or nearly: ..." asking whether it is.
            let rest = after[1..].trim_ascii_start();
            !rest.starts_with(b"or ") && !after.contains(&b'?')
        }
        _ => false,
    }
}

/// "It worked fine until the last update", "was working perfectly up until yesterday",
/// "That worked until 2.3": what worked before something changed, a regression reported.
/// Only in the past: "works fine until you open 50 tabs" states a limit.
fn worked_until(around: &Around, buf: &[u8], start: usize, end: usize) -> bool {
    let cue = &buf[start..end];
    let past = crate::parse::lex::has_any_word(cue, &["worked"])
        || (crate::parse::lex::has_any_word(cue, &["working"])
            && any_of(around.before.last(), &["was", "were", "been"]));
    past && words_after(buf, end, 4)
        .iter()
        .any(|w| any_of(Some(w), &["until", "till"]))
        && !modal(buf, start)
        && !conditional(buf, start)
}

/// "works fine", "went well": the cue phrases of a confirmation (not "went away", a defect's
/// end, judged on its own).
fn confirms_it_works(cue: &[u8]) -> bool {
    (cue.starts_with(b"work")
        && [b"fine".as_slice(), b"perfectly", b"flawlessly"]
            .iter()
            .any(|how| cue.ends_with(how)))
        || (cue.starts_with(b"went ") && cue != b"went away")
}

/// Verbs that make a gerund the subject of a sentence: "Fixing the leak is hard",
/// "Fixing a version prevents upgrades".
const FINITE_AFTER_A_GERUND: &[&str] = &[
    "is", "are", "was", "were", "will", "would", "can", "could", "should", "must", "may", "might",
    "requires", "require", "prevents", "means", "makes", "takes", "needs", "helps", "involves",
    "seems", "becomes",
];

/// Words that set what follows against what came before: a fix said with one is not whole.
const CONTRASTS: &[&str] = &["but", "however", "although", "though"];

/// Words of how many, before a noun: "fixes several race conditions".
const QUANTITIES: &[&str] = &[
    "several", "many", "multiple", "some", "two", "three", "various", "numerous", "all", "both",
];

/// Whether a defect noun stands in the clause before `start`.
fn defect_before(buf: &[u8], start: usize) -> bool {
    crate::parse::lex::has_any_word(clause_before(buf, start), DEFECT_NOUNS)
}

/// Nouns after which "fixed" is an adjective ("fixed width").
const FIXED_ADJECTIVE_NOUNS: &[&str] = &[
    "size",
    "sizes",
    "width",
    "height",
    "point",
    "rate",
    "rates",
    "price",
    "prices",
    "cost",
    "costs",
    "number",
    "length",
    "value",
    "values",
    "format",
    "position",
    "positioning",
    "seed",
    "layout",
    "amount",
    "income",
    "window",
    "capacity",
    "term",
    "header",
    "footer",
    "interval",
    "delay",
    "timestep",
    "port",
    "address",
    "schedule",
    "fee",
    "fees",
    "salary",
    "order",
    "set",
    "string",
    "array",
    "budget",
    "time",
    "frame",
    "step",
];

/// Whether the line names a version (`1.0.11`, `v3.0.2`, `v1.2`): at the start of a word, an
/// optional `v`, digits, a dot, a digit. (Promotion's `cue_match::has_version` is the same
/// test over Unicode word characters; the parser does not depend on promotion, and its cue
/// buffers are ASCII-lowered bytes.)
fn names_a_version(buf: &[u8]) -> bool {
    (0..buf.len()).any(|i| {
        if i > 0 && (buf[i - 1].is_ascii_alphanumeric() || buf[i - 1] == b'_') {
            return false;
        }
        let at = if buf[i] == b'v' { i + 1 } else { i };
        let digits = buf[at..].iter().take_while(|b| b.is_ascii_digit()).count();
        digits > 0
            && buf.get(at + digits) == Some(&b'.')
            && buf.get(at + digits + 1).is_some_and(u8::is_ascii_digit)
    })
}

/// Words that follow a participle, not a noun it qualifies: "this resolved on dev", "it
/// fixed now".
const AFTER_A_PARTICIPLE: &[&str] = &[
    "on", "in", "by", "for", "at", "now", "already", "locally", "upstream", "too", "as", "with",
];
