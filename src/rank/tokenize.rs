//! The tokenizer: text → index terms.
//!
//! Lower case, English stemming (Snowball), stop words dropped, and code-aware: an
//! identifier such as `transformIgnorePatterns`, `snake_case`, `src/auth.rs`, `v1.2.3`,
//! `ERR_CODE` or `go.sum` is kept whole (lower case, unstemmed) *and* split into its parts
//! (`transform`, `ignor`, `pattern`), so an exact search for the identifier prefers the
//! lines that contain it while a search in plain words still finds them. Two-word phrases
//! from the synonym table ("log in", "lock file") are joined into one extra term.

use std::collections::HashMap;
use std::sync::LazyLock;

use rust_stemmers::{Algorithm, Stemmer};

use super::stopwords::is_stop_word;
use super::synonyms::phrase;

static STEMMER: LazyLock<Stemmer> = LazyLock::new(|| Stemmer::create(Algorithm::English));

/// What part of the text a term came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A plain word (stemmed).
    Word,
    /// A whole identifier, path or version (lower case, not stemmed).
    Whole,
    /// A part of an identifier (stemmed).
    Part,
}

/// Switches for the tokenizer's features (the defaults are what `mind` uses; the others
/// exist to measure what each feature buys).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub stem: bool,
    pub code_aware: bool,
    pub phrases: bool,
    pub stop_words: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            stem: true,
            code_aware: true,
            phrases: true,
            stop_words: true,
        }
    }
}

/// Stem one lower-case word.
pub fn stem_word(word: &str) -> String {
    STEMMER.stem(word).into_owned()
}

/// A tokenizer with a memo of word → term, so each distinct word is stemmed once.
pub struct Tokenizer {
    options: Options,
    memo: HashMap<String, (Box<str>, bool)>,
    lower: String,
    compound: String,
    parts: Vec<(usize, usize)>,
    prev_word: Option<Box<str>>,
}

impl Default for Tokenizer {
    fn default() -> Self {
        Tokenizer::new(Options::default())
    }
}

/// A character that can continue an identifier when it sits between two word characters.
fn is_joiner(c: char) -> bool {
    matches!(c, '.' | '-' | '/' | ':' | '@' | '\'' | '\u{2019}')
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The byte ranges of the words and identifiers of `text` (what the tokenizer sees as one
/// unit before splitting), e.g. for highlighting.
pub fn compounds(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut chars = text.char_indices().peekable();
    std::iter::from_fn(move || {
        loop {
            let (start, c) = chars.next()?;
            if !is_word_char(c) {
                continue;
            }
            let mut end = start + c.len_utf8();
            loop {
                match chars.peek() {
                    Some(&(i, n)) if is_word_char(n) => {
                        end = i + n.len_utf8();
                        chars.next();
                    }
                    Some(&(i, n)) if is_joiner(n) => {
                        // A joiner continues the compound only when a word character follows.
                        let after = text[i + n.len_utf8()..].chars().next();
                        if after.is_some_and(is_word_char) {
                            end = i + n.len_utf8();
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    _ => break,
                }
            }
            return Some((start, end));
        }
    })
}

impl Tokenizer {
    pub fn new(options: Options) -> Self {
        Tokenizer {
            options,
            memo: HashMap::new(),
            lower: String::new(),
            compound: String::new(),
            parts: Vec::new(),
            prev_word: None,
        }
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// The terms of `text` in order, with their roles.
    pub fn terms(&mut self, text: &str) -> Vec<(String, Role)> {
        let mut out = Vec::new();
        self.each(text, |t, r| out.push((t.to_string(), r)));
        out
    }

    /// Call `emit` for every term of `text`.
    pub fn each(&mut self, text: &str, mut emit: impl FnMut(&str, Role)) {
        self.prev_word = None;
        let mut last_end = 0;
        for (start, end) in compounds(text) {
            // Punctuation between two words breaks a phrase ("log. In" is not "log in").
            if text[last_end..start].chars().any(|c| !c.is_whitespace()) {
                self.prev_word = None;
            }
            last_end = end;
            self.compound_terms(&text[start..end], &mut emit);
        }
    }

    /// Terms of one run of word characters and joiners.
    fn compound_terms(&mut self, raw: &str, emit: &mut impl FnMut(&str, Role)) {
        // Apostrophes: a possessive `'s` goes, any other apostrophe joins its halves.
        self.compound.clear();
        let mut it = raw.char_indices().peekable();
        while let Some((i, c)) = it.next() {
            if c == '\'' || c == '\u{2019}' {
                let rest = &raw[i + c.len_utf8()..];
                let mut rest_chars = rest.chars();
                if matches!(rest_chars.next(), Some('s' | 'S'))
                    && !rest_chars.next().is_some_and(is_word_char)
                {
                    it.next();
                }
                continue;
            }
            self.compound.push(c);
        }
        let compound = std::mem::take(&mut self.compound);
        self.split_parts(&compound);
        let parts = std::mem::take(&mut self.parts);
        if parts.len() > 1 && self.options.code_aware {
            lower_into(&mut self.lower, &compound);
            let whole = std::mem::take(&mut self.lower);
            emit(&whole, Role::Whole);
            self.lower = whole;
        }
        let role = if parts.len() > 1 {
            Role::Part
        } else {
            Role::Word
        };
        for &(s, e) in &parts {
            self.word(&compound[s..e], role, emit);
        }
        self.parts = parts;
        self.compound = compound;
    }

    /// Split a compound into parts: at joiners and `_`, and (code-aware) at camelCase and
    /// letter/digit boundaries.
    fn split_parts(&mut self, compound: &str) {
        self.parts.clear();
        let code = self.options.code_aware;
        let mut start: Option<usize> = None;
        let mut prev: Option<char> = None;
        let chars: Vec<(usize, char)> = compound.char_indices().collect();
        for (k, &(i, c)) in chars.iter().enumerate() {
            let separator = is_joiner(c) || c == '_';
            if separator {
                if let Some(s) = start.take() {
                    self.parts.push((s, i));
                }
                prev = None;
                continue;
            }
            if let (Some(s), Some(p), true) = (start, prev, code) {
                let next = chars.get(k + 1).map(|&(_, n)| n);
                let boundary = (p.is_lowercase() && c.is_uppercase())
                    || (p.is_uppercase()
                        && c.is_uppercase()
                        && next.is_some_and(|n| n.is_lowercase()))
                    || (p.is_alphabetic() && c.is_ascii_digit())
                    || (p.is_ascii_digit() && c.is_alphabetic());
                if boundary {
                    self.parts.push((s, i));
                    start = Some(i);
                }
            }
            if start.is_none() {
                start = Some(i);
            }
            prev = Some(c);
        }
        if let Some(s) = start {
            self.parts.push((s, compound.len()));
        }
    }

    /// One word: lower case, phrase joining, stop words, stemming.
    fn word(&mut self, word: &str, role: Role, emit: &mut impl FnMut(&str, Role)) {
        lower_into(&mut self.lower, word);
        let lower = std::mem::take(&mut self.lower);
        let (stem, keep) = self.lookup(&lower);
        if self.options.phrases {
            // Phrases match on stems, so "timed out" and "times out" both join.
            if let Some(prev) = self.prev_word.take()
                && let Some(joined) = phrase(&prev, &stem)
            {
                let (term, keep) = self.lookup(joined);
                if keep {
                    emit(&term, Role::Word);
                }
            }
            self.prev_word = Some(stem.clone());
        }
        if keep {
            emit(&stem, role);
        }
        self.lower = lower;
    }

    /// The stem of a lower-case word and whether it is kept as a term.
    fn lookup(&mut self, lower: &str) -> (Box<str>, bool) {
        if let Some(found) = self.memo.get(lower) {
            return found.clone();
        }
        let stem: Box<str> = if self.options.stem && lower.chars().all(char::is_alphabetic) {
            let stemmed = STEMMER.stem(lower);
            if stemmed.chars().count() < 2 {
                lower.into()
            } else {
                stemmed.into_owned().into_boxed_str()
            }
        } else {
            lower.into()
        };
        let keep = lower.chars().count() >= 2 && !(self.options.stop_words && is_stop_word(lower));
        self.memo.insert(lower.to_string(), (stem.clone(), keep));
        (stem, keep)
    }
}

fn lower_into(buf: &mut String, word: &str) {
    buf.clear();
    if word.is_ascii() {
        buf.push_str(word);
        buf.make_ascii_lowercase();
    } else {
        buf.extend(word.chars().flat_map(char::to_lowercase));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(text: &str) -> Vec<String> {
        Tokenizer::default()
            .terms(text)
            .into_iter()
            .map(|(t, _)| t)
            .collect()
    }

    #[test]
    fn words_are_lowered_stemmed_and_stop_words_dropped() {
        assert_eq!(
            terms("The tests were crashing on Windows"),
            vec!["test", "crash", "window"]
        );
    }

    #[test]
    fn identifiers_are_kept_whole_and_split() {
        assert_eq!(
            terms("transformIgnorePatterns"),
            vec!["transformignorepatterns", "transform", "ignor", "pattern"]
        );
        assert_eq!(terms("ERR_CODE"), vec!["err_code", "err", "code"]);
        assert_eq!(terms("go.sum"), vec!["go.sum", "go", "sum"]);
        assert_eq!(
            terms("src/auth/login.rs"),
            vec!["src/auth/login.rs", "src", "auth", "login", "rs"]
        );
        assert_eq!(terms("v1.2.3"), vec!["v1.2.3"]);
        assert_eq!(terms("HTTPServer"), vec!["httpserver", "http", "server"]);
    }

    #[test]
    fn sentence_punctuation_is_not_part_of_a_word() {
        assert_eq!(terms("it failed in CI."), vec!["fail", "ci"]);
        assert_eq!(terms("(see: docs)"), vec!["see", "doc"]);
    }

    #[test]
    fn apostrophes_join_and_possessives_go() {
        assert_eq!(terms("the order's customer"), vec!["order", "custom"]);
        assert_eq!(terms("it doesn't compile"), vec!["compil"]);
    }

    #[test]
    fn phrases_are_joined_as_an_extra_term() {
        assert_eq!(terms("users can't log in"), vec!["user", "log", "login"]);
        assert_eq!(terms("log. In"), vec!["log"]);
    }

    #[test]
    fn options_switch_features_off() {
        let mut plain = Tokenizer::new(Options {
            stem: false,
            code_aware: false,
            phrases: false,
            stop_words: true,
        });
        let t: Vec<String> = plain
            .terms("transformIgnorePatterns crashing")
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        assert_eq!(t, vec!["transformignorepatterns", "crashing"]);
    }
}
