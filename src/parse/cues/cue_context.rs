//! What the words around a cue say: its subject, negation, modality, conditionals.

use crate::parse::lex::{
    Words, clause_after, clause_before, has_word, word_index, words_after, words_before,
};

/// A candidate cue and the few words around it, read once for the family that judges it.
pub(super) struct Around<'a> {
    /// The line body, lower-cased, code and quotes masked.
    pub buf: &'a [u8],
    /// The same body as written, for the cues where case matters (`TIL`, `BLOCKED`).
    pub original: &'a [u8],
    pub start: usize,
    pub end: usize,
    /// Up to three words before the cue, nearest first.
    pub before: Words<'a>,
    /// Up to three words after the cue.
    pub after: Words<'a>,
    /// The cue opens the line.
    pub at_start: bool,
}

/// Whether `head` (the body before a cue) is only a scope tag, the way changelogs and commit
/// subjects name the part a change is in: a bracketed tag (`[CI] `) or up to three words
/// before a colon (`Desktop: `, `Zsh: `, `ci(deps): `), after any bullet.
pub(super) fn is_scope_tag(head: &[u8]) -> bool {
    let head = head.trim_ascii();
    let head = head
        .strip_prefix(b"- ")
        .or_else(|| head.strip_prefix(b"* "))
        .unwrap_or(head)
        .trim_ascii_start();
    if let Some(inner) = head.strip_prefix(b"[") {
        return inner.len() >= 2
            && inner.len() <= 24
            && inner.ends_with(b"]")
            && !inner[..inner.len() - 1].contains(&b']');
    }
    // "#193 Fix …", "5b91f32 Fixes …": the issue or the commit a changelog line names first.
    if let Some(number) = head.strip_prefix(b"#") {
        return !number.is_empty() && number.iter().all(u8::is_ascii_digit);
    }
    if (7..=40).contains(&head.len())
        && head.iter().all(u8::is_ascii_hexdigit)
        && head.iter().any(u8::is_ascii_digit)
    {
        return true;
    }
    let Some(name) = head.strip_suffix(b":") else {
        return false;
    };
    !name.is_empty()
        && name.len() <= 30
        && name.first().is_some_and(u8::is_ascii_alphabetic)
        && name.split(|&b| b == b' ').filter(|w| !w.is_empty()).count() <= 3
        && name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b" ._/-()".contains(&b))
}

impl<'a> Around<'a> {
    pub fn new(buf: &'a [u8], original: &'a [u8], start: usize, end: usize) -> Self {
        let before = words_before(buf, start, 3);
        let at_start = before.is_empty() && word_index(buf, start) == 0;
        Around {
            buf,
            original,
            start,
            end,
            before,
            after: words_after(buf, end, 3),
            at_start,
        }
    }

    /// The cue opens the line after a scope tag: `Desktop: Fix …`, `[CI] Fix …`, `ci: fix …`,
    /// or after the issue or commit the line names first: `#193 Fix …`, `5b91f32 Fixes …`.
    /// Asked only by the cue that needs it, not for every candidate.
    pub fn after_scope(&self) -> bool {
        !self.at_start && is_scope_tag(&self.buf[..self.start])
    }

    /// The cue phrase itself.
    pub fn cue(&self) -> &'a [u8] {
        &self.buf[self.start..self.end]
    }

    /// The word just before the cue.
    pub fn prev(&self) -> Option<&&'a [u8]> {
        self.before.first()
    }

    /// The word just after the cue.
    pub fn next(&self) -> Option<&&'a [u8]> {
        self.after.first()
    }
}

pub(super) fn any_of(word: Option<&&[u8]>, set: &[&str]) -> bool {
    word.is_some_and(|w| set.iter().any(|s| s.as_bytes() == *w))
}

pub(super) fn contains_any(words: &[&[u8]], set: &[&str]) -> bool {
    words.iter().any(|w| set.iter().any(|s| s.as_bytes() == *w))
}

/// Words before a noun: a cue word after one is a noun or an adjective ("the fixed header").
pub(super) const DETERMINERS: &[&str] = &[
    "the", "a", "an", "our", "their", "its", "his", "her", "my", "your", "this", "that",
];

/// Words that may stand between a subject and its verb ("we finally decided").
pub(super) const FILLERS: &[&str] = &[
    "finally",
    "eventually",
    "ultimately",
    "also",
    "then",
    "just",
    "instead",
    "have",
    "has",
    "had",
    "already",
    "now",
    "so",
    "and",
    "but",
    "therefore",
    "thus",
    "today",
    "initially",
    "originally",
    "actually",
    "really",
    "collectively",
    "jointly",
    "together",
    "quickly",
    "after",
    "all",
    "later",
    "since",
    "hence",
];

/// Words before `start` in the clause, with fillers skipped: the grammatical subject (or
/// nothing, for the subjectless diary style "Decided to ...").
pub(super) fn subject(buf: &[u8], start: usize) -> Option<&[u8]> {
    let mut joined = false;
    for w in words_before(buf, start, 5).iter().copied() {
        if FILLERS.iter().any(|f| f.as_bytes() == w) {
            joined |= w == b"and";
            continue;
        }
        // "We discussed it with three people and decided ...": a verb joined to another by
        // "and" shares its subject, the clause's first word, not the noun before "and".
        return if joined {
            clause_subject(buf, start)
        } else {
            Some(w)
        };
    }
    None
}

/// The subject of the clause that ends at `start`: its first word that is not a determiner
/// or a filler ("Today we discussed it ... and decided": "we"). A clause that opens with a
/// verb ("Discussed it and decided") names none that counts as the writer: the diary style is
/// too like "Frustrated users forked it and decided ...".
pub(super) fn clause_subject(buf: &[u8], start: usize) -> Option<&[u8]> {
    let clause = crate::parse::lex::clause_before(buf, start);
    clause
        .split(|b| !crate::parse::lex::is_word_byte(*b))
        .filter(|w| !w.is_empty())
        .find(|w| {
            !DETERMINERS.iter().any(|d| d.as_bytes() == *w)
                && !FILLERS.iter().any(|f| f.as_bytes() == *w)
                && !matches!(*w, b"yesterday" | b"earlier" | b"recently" | b"eventually")
        })
}

/// Subjects that make the author (or the author's team) the one acting.
pub(super) const FIRST_PERSON: &[&str] = &[
    "i",
    "we",
    "i've",
    "we've",
    "i'd",
    "we'd",
    "team",
    "us",
    "i'm",
    "we're",
    "everyone",
    "im",
    // The same with the typographic apostrophe threads and editors often write.
    "i\u{2019}ve",
    "we\u{2019}ve",
    "i\u{2019}d",
    "we\u{2019}d",
    "i\u{2019}m",
    "we\u{2019}re",
];

/// The author (or the author's team) is the one acting: no subject, or a first-person one.
pub(super) fn first_person(buf: &[u8], start: usize) -> bool {
    match subject(buf, start) {
        None => true,
        Some(w) => FIRST_PERSON.iter().any(|f| f.as_bytes() == w),
    }
}

/// Words anywhere earlier in the clause that make what follows a condition, a time or an
/// open question, not an event: "once we've pushed the fix", "whether they merged the fix",
/// "don't deploy before the backup is done". ([`conditional`] looks only three words back.)
const CLAUSE_CONDITIONS: &[&str] = &[
    "if", "when", "whenever", "once", "unless", "until", "whether", "after", "before",
];

/// Whether the clause before `start` opens a condition, a time or a question
/// ([`CLAUSE_CONDITIONS`]).
pub(super) fn in_condition_clause(buf: &[u8], start: usize) -> bool {
    crate::parse::lex::has_any_word(
        crate::parse::lex::clause_before(buf, start),
        CLAUSE_CONDITIONS,
    )
}

/// Whether the sentence before `start` is an order about a thing: an imperative verb and a
/// determiner ("Update this file if you hit a tricky bug", "Make the Windows builder fail on
/// compilation errors", "Keep a running note of what broke"). A failure named in it is what
/// the order is about, not a report. An issue title that opens with a verb used as a noun
/// ("Update error at startup", "Export creates empty file") has no determiner after it, and
/// a sentence that goes on after a colon or a dash ("Restart the worker - it crashes on
/// start") reports in its second part.
pub(super) fn ordered_about(buf: &[u8], start: usize) -> bool {
    let clause = crate::parse::lex::clause_before(buf, start);
    let mut words = clause
        .split(|b| !(crate::parse::lex::is_word_byte(*b) || *b == b'\''))
        .filter(|w| !w.is_empty());
    let (Some(verb), Some(next)) = (words.next(), words.next()) else {
        return false;
    };
    // Words that open an order without being its verb, or whose next word starts no object.
    const NOT_THE_VERB: &[&str] = &["always", "never", "don't", "do", "let", "back"];
    let verb = std::str::from_utf8(verb).unwrap_or("");
    // The cheap tests first: most lines with a failure word fail the determiner's.
    DETERMINERS
        .iter()
        .chain(&["these", "those", "every", "each", "all", "any"])
        .any(|d| d.as_bytes() == next)
        && !NOT_THE_VERB.contains(&verb)
        && crate::parse::negatives::starts_imperative(verb)
        && !clause.contains(&b':')
        && memchr::memmem::find(clause, b" - ").is_none()
        && memchr::memmem::find(clause, "\u{2014}".as_bytes()).is_none()
        && memchr::memmem::find(clause, b"->").is_none()
}

/// Whether the failure at `start` is what someone is thanked for finding or reporting: "Thanks
/// for finding the bug!", "Credit to @ana for reporting this crash", "Kudos to the team for
/// tracking down the leak". The line thanks; the failure it names was reported elsewhere.
/// Not when the sentence goes on past the thanks ("Thanks for the fix, but the crash still
/// happens", "Thanks. The build still fails").
pub(super) fn thanked_for(buf: &[u8], start: usize) -> bool {
    let clause = crate::parse::lex::clause_before(buf, start);
    let mut words = clause
        .split(|b| !(crate::parse::lex::is_word_byte(*b) || *b == b'\''))
        .filter(|w| !w.is_empty());
    let thanks = match words.next() {
        Some(b"thanks" | b"thx" | b"credit" | b"kudos" | b"props" | b"shoutout" | b"cheers") => {
            true
        }
        Some(b"thank") => words.next() == Some(b"you"),
        _ => false,
    };
    if !thanks {
        return false;
    }
    // The failure sits in what the thanks is for, with no clause break after the "for".
    let Some(at) = memchr::memmem::rfind(clause, b" for ") else {
        return false;
    };
    let rest = &clause[at..];
    !rest.contains(&b',')
        && !crate::parse::lex::has_any_word(rest, &["but", "however", "although", "though"])
}

/// Whether the choice at `start` is what a "why" asks about, as the object of another verb
/// ("Show why Problem 1 was chosen", "Create an ADR as to why Directus was chosen", "it
/// would be good to comment on why we decided not to"): a reason to give, not a decision
/// recorded. "That's why we chose X" and "This is why we went with Y" give the reason for a
/// choice made, and stay decisions.
pub(super) fn asked_why(buf: &[u8], start: usize) -> bool {
    let clause = crate::parse::lex::clause_before(buf, start);
    // Cheap first: nearly every clause has no "why".
    if memchr::memmem::find(clause, b"why").is_none() {
        return false;
    }
    let words: Vec<&[u8]> = clause
        .split(|b| !(crate::parse::lex::is_word_byte(*b) || *b == b'\''))
        .filter(|w| !w.is_empty())
        .collect();
    let Some(at) = words.iter().rposition(|w| *w == b"why") else {
        return false;
    };
    // What gives a reason rather than asks for one.
    const GIVING: &[&str] = &[
        "that's", "thats", "that", "this", "is", "here's", "heres", "which", "and", "so",
    ];
    at > 0 && !GIVING.iter().any(|g| g.as_bytes() == words[at - 1])
}

/// Whether the clause before `start` is an instruction to let something happen: "Let the
/// job time out rather than retrying forever", "Never let the worker crash silently", "Don't
/// let the session time out". A failure named in it is a rule or a design ("let it crash"),
/// not a report. "Let me know if it crashes" and "Let's see if ..." are asides to a reader;
/// "The missing check lets the worker crash" (a subject before "lets") is a report.
pub(super) fn permitted_by_instruction(buf: &[u8], start: usize) -> bool {
    let clause = crate::parse::lex::clause_before(buf, start);
    let mut words = clause
        .split(|b| !(crate::parse::lex::is_word_byte(*b) || *b == b'\''))
        .filter(|w| !w.is_empty());
    let mut first = words.next();
    let negated_instruction = matches!(first, Some(b"never" | b"don't" | b"dont"))
        || (first == Some(b"do") && words.next() == Some(b"not"));
    if negated_instruction {
        first = words.next();
    }
    first == Some(b"let") && !matches!(words.next(), Some(b"me" | b"us") | None)
}

/// Words that negate a cue a few words after them ("not fixed", "never fails").
pub(super) const NEGATIONS: &[&str] = &[
    "not", "never", "no", "haven't", "hasn't", "hadn't", "isn't", "aren't", "wasn't", "weren't",
    "don't", "doesn't", "didn't", "won't", "can't", "cannot", "without", "yet", "nobody", "none",
    // The same negations as issue threads often type them, without the apostrophe.
    "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "cant", "couldnt", "hasnt",
    "havent", "hadnt", "wont", "wouldnt", "shouldnt",
];

pub(super) fn negated(buf: &[u8], start: usize) -> bool {
    negated_within(buf, start, 3)
}

/// A negation among the `words` words before `start` ("doesn't seem to be fixed" needs
/// five).
pub(super) fn negated_within(buf: &[u8], start: usize, words: usize) -> bool {
    let before = words_before(buf, start, words);
    contains_any(&before, NEGATIONS) || before.iter().any(|w| crate::parse::lex::ends_with_nt(w))
}

/// Words that make a cue a plan or a possibility, not an event ("needs to be fixed").
pub(super) const MODALS: &[&str] = &[
    "to", "will", "should", "must", "need", "needs", "needed", "can", "could", "would", "might",
    "may", "shall", "gonna", "be", "try", "trying", "tried", "how", "whether", "if",
];

pub(super) fn modal(buf: &[u8], start: usize) -> bool {
    contains_any(&words_before(buf, start, 3), MODALS)
}

/// Words that make the clause a condition or advice ("if you're stuck on X").
pub(super) const CONDITIONALS: &[&str] = &[
    "if",
    "when",
    "whenever",
    "unless",
    "until",
    "whether",
    "avoid",
    "prevent",
    "prevents",
    "prevented",
];

pub(super) fn conditional(buf: &[u8], start: usize) -> bool {
    crate::parse::lex::has_any_word(clause_before(buf, start), CONDITIONALS)
}

/// Whether a condition governs a failure cue. A condition that a comma closes before the cue
/// is the trigger of a report, and the failure is the main clause's: "When I close one of
/// the windows, kitty throws a segmentation fault", "After updating to Android 14, the
/// app crashes on start". A condition in the cue's own comma-separated part still governs it:
/// "if the job fails, retry", "restart it when it hangs". Only for failures: a decision
/// after a condition ("When I have time, I'll switch to Postgres") is not made yet, while a
/// failure after its trigger has happened.
pub(super) fn failure_conditional(buf: &[u8], start: usize) -> bool {
    let part = own_part_before(buf, start);
    // "when I click save nothing happens": the failure's own first word is the subject.
    let cue_is_subject = buf[start..].starts_with(b"nothing ");
    crate::parse::lex::has_any_word(part, CONDITIONALS)
        && !own_trigger_then_subject(part, cue_is_subject)
}

/// "When I upgrade to 3.7 the script stops working", "whenever I open it the app freezes",
/// "when we click on settings the app crashes", "if I try to open the settings nothing
/// happens": the writer's (or the writer's team's) own step as the trigger,
/// then without a comma a clause with a subject of its own. What the writer did happened,
/// and so did what followed: a report, as a comma would make it. A condition anyone may meet
/// ("when the tab is hidden timers throttle", "if it fails retry") stays one, and so does
/// the writer's "if" other than a reproduction's "if I try" ("if I had the time, the cache
/// would go").
pub(super) fn own_trigger_then_subject(part: &[u8], cue_is_subject: bool) -> bool {
    let words: Vec<&[u8]> = part
        .split(|b| !crate::parse::lex::is_word_byte(*b))
        .filter(|w| !w.is_empty())
        .collect();
    let Some(at) = words
        .iter()
        .rposition(|w| CONDITIONALS.iter().any(|c| c.as_bytes() == *w))
    else {
        return false;
    };
    let tried = words[at] == b"if" && words.get(at + 2) == Some(&&b"try"[..]);
    if !(matches!(words[at], b"when" | b"whenever") || tried)
        || !matches!(words.get(at + 1), Some(&b"i" | &b"we"))
    {
        return false;
    }
    // The subject: after the writer's verb and its words, not the word right after "I".
    cue_is_subject
        || words.get(at + 3..).is_some_and(|rest| {
            rest.iter().any(|w| {
                matches!(
                    *w,
                    b"the" | b"it" | b"my" | b"this" | b"that" | b"everything" | b"nothing"
                )
            })
        })
}

/// The clause before `start` from its last comma on: the part the word at `start` is in.
pub(super) fn own_part_before(buf: &[u8], start: usize) -> &[u8] {
    let clause = clause_before(buf, start);
    match clause.iter().rposition(|b| *b == b',') {
        Some(comma) => &clause[comma + 1..],
        None => clause,
    }
}

pub(super) fn hypothetical_after(buf: &[u8], end: usize) -> bool {
    let clause = clause_after(buf, end);
    ["would", "could", "might", "'d"]
        .iter()
        .any(|w| has_word(clause, w.as_bytes()))
}

pub(super) fn has_phrase(hay: &[u8], phrase: &[u8]) -> bool {
    has_word(hay, phrase)
}

#[cfg(test)]
mod tests {
    use super::is_scope_tag;

    #[test]
    fn scope_tags_are_a_bracketed_tag_or_a_few_words_before_a_colon() {
        for tag in [
            "desktop: ",
            "[ci] ",
            "- zsh: ",
            "ci(deps): ",
            "api gateway: ",
            "* [mobile] ",
        ] {
            assert!(is_scope_tag(tag.as_bytes()), "{tag:?}");
        }
        for not in [
            "",
            "we should ",
            "the reason we had to: ",
            "[] ",
            "[a] [b] ",
            "1: ",
            "see https://x.y/z: ",
        ] {
            assert!(!is_scope_tag(not.as_bytes()), "{not:?}");
        }
    }
}
