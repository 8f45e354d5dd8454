//! The problem cues: "stuck on", "broken", "fails", "timed out", symptom nouns.

use super::cue_context::{any_of, negated};
use crate::parse::lex::{clause_after, has_word};

/// "issue" as a noun naming a defect, not the verb ("the server issues tokens") nor a
/// tracker reference ("issue #12", "open an issue", "the Issues tab").
pub(super) fn issue_noun(
    buf: &[u8],
    original: &[u8],
    prev: Option<&&[u8]>,
    next: Option<&&[u8]>,
    start: usize,
    end: usize,
) -> bool {
    if negated(buf, start)
        || any_of(
            prev,
            &[
                "no", "github", "gitlab", "jira", "open", "file", "an", "linked", "related",
            ],
        )
    {
        return false;
    }
    if buf.get(end..end + 2).is_some_and(|s| s == b" #") || buf.get(end) == Some(&b'#') {
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
    // Named in a list ("decisions, issues, progress"): a word, not a report.
    if prev.is_none() && !any_of(next, NOUN_FOLLOWERS) {
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
pub(super) fn about_handling_reports(buf: &[u8], end: usize) -> bool {
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

/// Words after "issue"/"problem" that make it a report ("problem with X", "issue where").
pub(super) const NOUN_FOLLOWERS: &[&str] = &[
    "with", "in", "on", "where", "when", "that", "causing", "found", "is", "was", "are", "were",
    "here", "again", "persists", "remains",
];

/// Nouns after which "error" names a feature, not a failure ("error handling").
pub(super) const ERROR_COMPOUNDS: &[&str] = &[
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
