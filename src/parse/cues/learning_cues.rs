//! The learning cues: "turns out", "learned that", "TIL", "realized", "the key takeaway".

use super::Strength::{self, *};
use super::cue_context::{
    Around, DETERMINERS, FILLERS, FIRST_PERSON, any_of, conditional, first_person, negated,
};
use crate::parse::EntryType::{self, *};

/// A learning, or `None` when the cue is not one or its context says otherwise.
pub(super) fn judge(around: &Around) -> Option<(EntryType, Strength)> {
    let (buf, original) = (around.buf, around.original);
    let (start, end, at_start) = (around.start, around.end, around.at_start);
    let (cue, prev, next) = (around.cue(), around.prev(), around.next());
    match cue {
        // "The bug was because the offset differs in summer", "it was because of the Python
        // version", "This is because the cache key ignores the locale": a failure or a fact
        // explained by its cause. Not asked, denied ("it's not because of X") or supposed.
        _ if cue.ends_with(b"because") => {
            (!buf.contains(&b'?') && !negated(buf, start) && !conditional(buf, start))
                .then_some((Learning, Medium))
        }
        // "The trailing comma was causing watchman to ignore the config", "This migration was
        // causing a deadlock": a cause found, told after the fact, with the failure it caused.
        // The subject is the cause, so the clause must have one ("What was causing it?" asks,
        // "which was causing" only describes); the present ("X is causing crashes") reports.
        _ if cue.ends_with(b"causing") => {
            let named = super::cue_context::clause_subject(buf, start).is_some_and(|w| {
                !matches!(
                    w,
                    b"what" | b"which" | b"who" | b"whatever" | b"if" | b"whether" | b"maybe"
                )
            });
            let effect = crate::parse::lex::clause_after(buf, end).trim_ascii();
            (named
                && !effect.is_empty()
                && !buf.contains(&b'?')
                && !negated(buf, start)
                && !conditional(buf, start))
            .then_some((Learning, Strong))
        }
        // "This is caused by the cookie's SameSite", "The problems in #207 are probably caused
        // by not removing the stale session", "Looks like the bug was introduced in #10": the
        // cause of a defect found, a diagnosis. The subject must be the defect ("this", "it",
        // or a defect noun before the cue in its clause), and the cause must be named: not
        // "delays due to weather", nor "what caused by …?".
        _ if cue.starts_with(b"caused")
            || cue.ends_with(b"due to")
            || cue.starts_with(b"was introduced")
            || cue.starts_with(b"were introduced") =>
        {
            let clause = crate::parse::lex::clause_before(buf, start);
            let subject_is_defect = crate::parse::lex::has_any_word(
                clause,
                &[
                    "this",
                    "it",
                    "that",
                    "bug",
                    "bugs",
                    "problem",
                    "problems",
                    "issue",
                    "issues",
                    "failure",
                    "failures",
                    "error",
                    "errors",
                    "crash",
                    "crashes",
                    "leak",
                    "regression",
                    "behaviour",
                    "behavior",
                ],
            );
            let cause_named = !crate::parse::lex::clause_after(buf, end)
                .trim_ascii()
                .is_empty();
            // "Various errors caused by time zone issues": a title naming a defect and its
            // cause still reports the defect; the diagnosis is a clause with a verb of its own.
            let finite = !cue.starts_with(b"caused")
                || any_of(
                    prev,
                    &[
                        "is",
                        "are",
                        "was",
                        "were",
                        "been",
                        "be",
                        "probably",
                        "likely",
                        "actually",
                        "clearly",
                        "apparently",
                    ],
                );
            // "this was due to a caching issue, which we've now addressed": the fix is the news.
            let fixed_after = crate::parse::lex::has_any_word(
                &buf[end..],
                &["addressed", "fixed", "resolved", "solved", "patched"],
            );
            (subject_is_defect
                && cause_named
                && finite
                && !fixed_after
                && !negated(buf, start)
                && !conditional(buf, start)
                && !buf.contains(&b'?'))
            .then_some((Learning, Strong))
        }
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
        // "Identified that the crash happens right after the fork", "Finally understood why
        // the cache misses": what the writer found out, as "found that" says it. Not asked,
        // denied or supposed ("need to understand why", "if we identified that ...").
        b"identified that" | b"understood how" | b"understood why" | b"understood that" => {
            (first_person(buf, start)
                && !negated(buf, start)
                && !conditional(buf, start)
                && !buf.contains(&b'?'))
            .then_some((Learning, Strong))
        }
        // "Identified CSS/layout as the cause of the missing overlay", "Pinned the leak down to
        // the image cache as the root cause": a cause found, named before the phrase by a verb
        // of finding in the same clause.
        b"as the cause" | b"as the root cause" => {
            // The verb opens the clause, after its writer at most ("We finally identified …"):
            // "The tool identified X as the cause" is what a program reports.
            let clause = crate::parse::lex::clause_before(buf, start);
            let mut words = clause
                .split(|b| !(b.is_ascii_alphanumeric() || *b == b'\''))
                .filter(|w| !w.is_empty())
                .skip_while(|w| any_of(Some(w), FIRST_PERSON) || any_of(Some(w), FILLERS));
            let found = words.next().is_some_and(|w| {
                matches!(
                    w,
                    b"identified"
                        | b"found"
                        | b"pinpointed"
                        | b"confirmed"
                        | b"isolated"
                        | b"traced"
                        | b"established"
                )
            });
            (found && !negated(buf, start) && !conditional(buf, start) && !buf.contains(&b'?'))
                .then_some((Learning, Strong))
        }
        // "Found the root cause: the CDN cached API responses", "We tracked down the cause to
        // a stale index": a diagnosis made. Not one to make ("need to find the root cause"),
        // denied or asked.
        _ if cue.ends_with(b"cause") => (first_person(buf, start)
            && !negated(buf, start)
            && !conditional(buf, start)
            && !buf.contains(&b'?'))
        .then_some((Learning, Strong)),
        // "Profiling showed that 80% of the time goes to serialization", "Bisecting revealed
        // the regression came with the allocator change": what an investigation found. Not
        // one planned or asked ("if profiling shows a hot loop", "what did profiling show?").
        // Only in the past: "The profiler shows self time per function" describes the tool.
        _ if cue.ends_with(b"showed") || cue.ends_with(b"revealed") => {
            let tail = crate::parse::lex::clause_after(buf, end).trim_ascii();
            (!tail.is_empty()
                && !negated(buf, start)
                && !conditional(buf, start)
                && !buf.contains(&b'?'))
            .then_some((Learning, Medium))
        }
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
            // "I realize this is likely an issue on my end, but …": the present tense after its
            // subject concedes a point to the reader; "I realized …", "came to realize …"
            // tell what was found.
            let conceding = matches!(cue, b"realize" | b"realise") && any_of(prev, &["i", "we"]);
            (!accounting && !passive && !conceding && !conditional(buf, start))
                .then_some((Learning, Strong))
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
        // "The retrospective lesson is that the bottleneck moved": a lesson stated.
        _ if cue.starts_with(b"lesson") && cue.ends_with(b" that") => Some((Learning, Medium)),

        // "In retrospect, SQLite was the right call", "but in hindsight the cache was the
        // bottleneck": the writer looking back on what a choice taught, opening a clause.
        // Not "predictable in hindsight", which qualifies a word.
        // "With hindsight, ..." reads the same; "Looking back, the cache was the bottleneck"
        // only with its comma: "looking back at the logs" is an action, not a reflection.
        b"in retrospect" | b"in hindsight" | b"with hindsight" | b"looking back" => {
            let opens_clause = buf[..start]
                .trim_ascii_end()
                .last()
                .is_none_or(|b| b".,;:!?(-".contains(b))
                || any_of(prev, &["but", "and", "so", "though"]);
            // "Looking back, ..." or "Looking back on it, ...", as a statement: not a
            // retrospective's prompt ("Looking back, what would you change?") or a title
            // ("Looking back, looking forward: Q3 notes").
            let reflects = cue != b"looking back"
                || ((buf.get(end) == Some(&b',')
                    || (buf[end..].starts_with(b" on ")
                        && buf[end..].iter().take(24).any(|b| *b == b',')))
                    && !buf.contains(&b'?')
                    && !buf[end..].starts_with(b", looking"));
            (opens_clause && reflects && !conditional(buf, start)).then_some((Learning, Medium))
        }
        // "Lowered it to 0.003. Takeaway: thresholds need tuning per mic": a label opening a
        // later sentence.
        b"takeaway" | b"insight" if buf.get(end) == Some(&b':') => Some((Learning, Medium)),
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
        _ => None,
    }
}
