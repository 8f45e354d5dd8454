//! Normalised word terms for keyword matching: reminders that fire on a mention, gotchas
//! that match an intent, memories related to a problem.
//!
//! Matching is on whole words, never substrings ("auth" does not fire on "author"), after
//! lower-casing and English stemming, so "cookie" matches "cookies" and "deploying"
//! matches "deploy". `camelCase` and `snake_case` identifiers also yield their parts.
//!
//! This is a thin view of the search tokenizer (`rank::tokenize`): the same splitter, the
//! same stemmer and the same stop list (`rank::stopwords`), so a word means the same thing
//! to every part of `mind`. Intent matching additionally ignores generic intent verbs.

use crate::rank::stopwords;
use crate::rank::tokenize;

/// Whether `word` (lower case) says nothing about an intent: a stop word, or a generic
/// intent verb such as "add" or "implement".
pub fn is_stop_word(word: &str) -> bool {
    stopwords::is_intent_filler(word)
}

/// The stem of one lower-case word.
pub fn stem(word: &str) -> String {
    tokenize::stem_word(word)
}

/// Lower-case words of `text` in order: runs of letters and digits. Identifiers are split
/// at `_`, `.`, `-` and camelCase humps; each part is a word of its own.
pub fn words(text: &str) -> Vec<String> {
    tokenize::words(text)
}

/// Stems of every word of `text`, in order (stop words kept, so phrases keep their shape).
pub fn stems(text: &str) -> Vec<String> {
    words(text).iter().map(|w| stem(w)).collect()
}

/// Stems of the meaningful words of `text`, in order (stop words, intent verbs and
/// one-letter words dropped).
pub fn content_stems(text: &str) -> Vec<String> {
    words(text)
        .iter()
        .filter(|w| tokenize::is_kept(w) && !is_stop_word(w))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::tokenize::{Options, Role, Tokenizer};

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

    /// Every line of the evaluation corpora and the real memory fixtures: the words a
    /// keyword matcher sees are exactly the words the search index sees (the index's word
    /// and identifier-part terms, without phrase joins and whole identifiers).
    #[test]
    fn one_tokenization_across_callers() {
        let root = env!("CARGO_MANIFEST_DIR");
        let mut files = Vec::new();
        for dir in ["tests/eval", "tests/fixtures/real"] {
            for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "md" || e == "jsonl") {
                    files.push(path);
                }
            }
        }
        assert!(files.len() >= 6, "{files:?}");
        let mut index = Tokenizer::new(Options {
            phrases: false,
            ..Options::default()
        });
        let mut lines = 0;
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            for line in text.lines() {
                let indexed: Vec<String> = index
                    .terms(line)
                    .into_iter()
                    .filter(|(_, role)| *role != Role::Whole)
                    .map(|(t, _)| t)
                    .collect();
                let matched: Vec<String> = words(line)
                    .iter()
                    .filter(|w| tokenize::is_kept(w))
                    .map(|w| stem(w))
                    .collect();
                assert_eq!(indexed, matched, "{}: {line}", path.display());
                lines += 1;
            }
        }
        assert!(lines > 500, "{lines}");
    }
}
