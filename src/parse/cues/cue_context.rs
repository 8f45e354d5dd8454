//! What the words around a cue say: its subject, negation, modality, conditionals.

use crate::parse::lex::{clause_after, clause_before, has_word, words_before};

pub(super) fn any_of(word: Option<&&[u8]>, set: &[&str]) -> bool {
    word.is_some_and(|w| set.iter().any(|s| s.as_bytes() == *w))
}

pub(super) fn contains_any(words: &[&[u8]], set: &[&str]) -> bool {
    words.iter().any(|w| set.iter().any(|s| s.as_bytes() == *w))
}

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

pub(super) const FIRST_PERSON: &[&str] = &[
    "i", "we", "i've", "we've", "i'd", "we'd", "team", "us", "i'm", "we're", "everyone", "im",
];

pub(super) const NEGATIONS: &[&str] = &[
    "not", "never", "no", "haven't", "hasn't", "hadn't", "isn't", "aren't", "wasn't", "weren't",
    "don't", "doesn't", "didn't", "won't", "can't", "cannot", "without", "yet", "nobody", "none",
];

pub(super) const MODALS: &[&str] = &[
    "to", "will", "should", "must", "need", "needs", "needed", "can", "could", "would", "might",
    "may", "shall", "gonna", "be", "try", "trying", "tried", "how", "whether", "if",
];

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

pub(super) const DETERMINERS: &[&str] = &[
    "the", "a", "an", "our", "their", "its", "his", "her", "my", "your", "this", "that",
];

/// Words before `start` in the clause, with fillers skipped: the grammatical subject (or
/// nothing, for the subjectless diary style "Decided to ...").
pub(super) fn subject(buf: &[u8], start: usize) -> Option<&[u8]> {
    words_before(buf, start, 5)
        .iter()
        .copied()
        .find(|w| !FILLERS.iter().any(|f| f.as_bytes() == *w))
}

/// The author (or the author's team) is the one acting: no subject, or a first-person one.
pub(super) fn first_person(buf: &[u8], start: usize) -> bool {
    match subject(buf, start) {
        None => true,
        Some(w) => FIRST_PERSON.iter().any(|f| f.as_bytes() == w),
    }
}

pub(super) fn negated(buf: &[u8], start: usize) -> bool {
    let before = words_before(buf, start, 3);
    contains_any(&before, NEGATIONS) || before.iter().any(|w| w.ends_with(b"n't"))
}

pub(super) fn modal(buf: &[u8], start: usize) -> bool {
    contains_any(&words_before(buf, start, 3), MODALS)
}

pub(super) fn conditional(buf: &[u8], start: usize) -> bool {
    crate::parse::lex::has_any_word(clause_before(buf, start), CONDITIONALS)
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
