//! Normalised word terms for keyword matching: reminders that fire on a mention, gotchas
//! that match an intent, memories related to a problem.
//!
//! Matching is on whole words, never substrings ("auth" does not fire on "author"), after
//! lower-casing and English stemming, so "cookie" matches "cookies" and "deploying"
//! matches "deploy". `camelCase` and `snake_case` identifiers also yield their parts.

use std::sync::LazyLock;

use rust_stemmers::{Algorithm, Stemmer};

static STEMMER: LazyLock<Stemmer> = LazyLock::new(|| Stemmer::create(Algorithm::English));

/// Words that carry no meaning for matching (articles, pronouns, auxiliaries, and the
/// generic verbs of a coding intent such as "add" or "implement").
const STOP_WORDS: &[&str] = &[
    "a",
    "about",
    "after",
    "again",
    "all",
    "also",
    "am",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "been",
    "before",
    "being",
    "but",
    "by",
    "can",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "for",
    "from",
    "get",
    "going",
    "had",
    "has",
    "have",
    "he",
    "her",
    "here",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "just",
    "let",
    "like",
    "make",
    "may",
    "me",
    "might",
    "more",
    "my",
    "need",
    "new",
    "no",
    "not",
    "now",
    "of",
    "on",
    "one",
    "or",
    "our",
    "out",
    "over",
    "she",
    "should",
    "so",
    "some",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "to",
    "too",
    "try",
    "up",
    "us",
    "use",
    "using",
    "very",
    "want",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
    // Generic verbs of an intent: "add a login form" is about the login form.
    "add",
    "adding",
    "build",
    "building",
    "create",
    "creating",
    "implement",
    "implementing",
    "write",
    "writing",
    "fix",
    "fixing",
    "change",
    "changing",
    "update",
    "updating",
    "set",
    "setting",
    "work",
    "working",
    "thing",
    "things",
    "stuff",
];

/// Whether `word` (lower case) is a stop word.
pub fn is_stop_word(word: &str) -> bool {
    STOP_WORDS.contains(&word)
}

/// The stem of one lower-case word.
pub fn stem(word: &str) -> String {
    STEMMER.stem(word).into_owned()
}

/// Lower-case words of `text` in order: runs of letters and digits. Identifiers are split
/// at `_`, `.`, `-` and camelCase humps; each part is a word of its own.
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for token in text.split(|c: char| !c.is_alphanumeric()) {
        if token.is_empty() {
            continue;
        }
        for part in split_camel(token) {
            out.push(part.to_lowercase());
        }
    }
    out
}

/// Stems of every word of `text`, in order (stop words kept, so phrases keep their shape).
pub fn stems(text: &str) -> Vec<String> {
    words(text).iter().map(|w| stem(w)).collect()
}

/// Stems of the meaningful words of `text`, in order (stop words dropped).
pub fn content_stems(text: &str) -> Vec<String> {
    words(text)
        .iter()
        .filter(|w| !is_stop_word(w))
        .map(|w| stem(w))
        .collect()
}

/// Whether `phrase` occurs in `text` as consecutive whole terms.
pub fn contains_phrase(text: &[String], phrase: &[String]) -> bool {
    if phrase.is_empty() || phrase.len() > text.len() {
        return false;
    }
    text.windows(phrase.len()).any(|w| w == phrase)
}

/// `parseHTTPResponse` → `parse`, `HTTP`, `Response`; `snake` stays whole.
fn split_camel(token: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = token.char_indices().collect();
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 1..chars.len() {
        let (at, c) = chars[i];
        let prev = chars[i - 1].1;
        let next_lower = chars.get(i + 1).is_some_and(|(_, n)| n.is_lowercase());
        let boundary = (c.is_uppercase() && prev.is_lowercase())
            || (c.is_uppercase() && prev.is_uppercase() && next_lower)
            || (c.is_alphabetic() != prev.is_alphabetic());
        if boundary {
            parts.push(&token[start..at]);
            start = at;
        }
    }
    parts.push(&token[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn words_split_identifiers() {
        assert_eq!(
            words("localStorage.setItem parseHTTPResponse snake_case v2"),
            s(&[
                "local", "storage", "set", "item", "parse", "http", "response", "snake", "case",
                "v", "2"
            ])
        );
    }

    #[test]
    fn stems_unify_inflections() {
        assert_eq!(
            stems("Cookies deploying migrations"),
            stems("cookie deploy migration")
        );
    }

    #[test]
    fn whole_words_only() {
        let text = stems("the author wrote it");
        assert!(!contains_phrase(&text, &stems("auth")));
        assert!(contains_phrase(&stems("fix the auth flow"), &stems("auth")));
    }

    #[test]
    fn phrases_are_consecutive() {
        let text = stems("we hit the rate limits again");
        assert!(contains_phrase(&text, &stems("rate limit")));
        assert!(!contains_phrase(
            &stems("rate of the limit"),
            &stems("rate limit")
        ));
    }

    #[test]
    fn content_stems_drop_stop_words() {
        assert_eq!(
            content_stems("add a login form to the page"),
            stems("login form page")
        );
    }
}
