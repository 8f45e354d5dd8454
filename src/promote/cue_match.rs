//! The pieces of regular-expression semantics the cue tests in `worth_cues` are written
//! with: `\w`, `\d`, `\s`, Unicode word boundaries, case-insensitive literals by simple case
//! folding, and the runs of word characters a pattern starts at.

/// `\w`: a Unicode word character (Alphabetic, Mark, Decimal_Number, Connector_Punctuation,
/// Join_Control).
pub(super) fn is_word(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || c == '_'
    } else {
        regex_syntax::is_word_character(c)
    }
}

/// `\d`: a Unicode decimal digit (Decimal_Number). Among word characters, the numeric ones
/// that are not alphabetic are exactly those (letter numbers such as `Ⅻ` are alphabetic;
/// other numbers such as `²` are not word characters).
pub(super) fn is_digit(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_digit()
    } else {
        c.is_numeric() && !c.is_alphabetic() && regex_syntax::is_word_character(c)
    }
}

/// `\s`: Unicode White_Space.
pub(super) fn is_space(c: char) -> bool {
    c.is_whitespace()
}

/// Whether `c` matches the ASCII character `l` case-insensitively (simple case folding).
pub(super) fn fold_eq(c: char, l: u8) -> bool {
    let l = char::from(l);
    c == l
        || (l.is_ascii_alphabetic() && c == l.to_ascii_uppercase())
        || (l == 'k' && c == '\u{212A}')
        || (l == 's' && c == '\u{17F}')
}

/// `(?i)[A-Z]`: an ASCII letter, or a character that folds to one.
pub(super) fn is_folded_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '\u{212A}' || c == '\u{17F}'
}

/// The end of the literal `lit` at `text[at..]`, its ASCII letters (lower case) matched
/// case-insensitively.
pub(super) fn literal_at(text: &str, at: usize, lit: &str) -> Option<usize> {
    let mut chars = text[at..].char_indices();
    for l in lit.chars() {
        let (_, c) = chars.next()?;
        let same = match u8::try_from(l) {
            Ok(b) if b.is_ascii() => fold_eq(c, b),
            _ => c == l,
        };
        if !same {
            return None;
        }
    }
    Some(chars.next().map_or(text.len(), |(i, _)| at + i))
}

pub(super) fn char_before(text: &str, at: usize) -> Option<char> {
    text[..at].chars().next_back()
}

pub(super) fn char_at(text: &str, at: usize) -> Option<char> {
    text[at..].chars().next()
}

/// `\b` at `at`.
pub(super) fn boundary(text: &str, at: usize) -> bool {
    char_before(text, at).is_some_and(is_word) != char_at(text, at).is_some_and(is_word)
}

/// The byte offsets where a run of word characters starts (`\b` before a word character).
pub(super) fn run_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    let mut prev_word = false;
    text.char_indices().filter_map(move |(i, c)| {
        let word = is_word(c);
        let start = word && !prev_word;
        prev_word = word;
        start.then_some(i)
    })
}

/// The end of the first of `words` (`|`-separated, lower-case, matched case-insensitively;
/// the words of a phrase separated by one space) that starts at `at`, when a word boundary
/// follows it.
pub(super) fn word_at(text: &str, at: usize, words: &str) -> Option<usize> {
    words
        .split('|')
        .filter_map(|w| literal_at(text, at, w))
        .find(|&end| boundary(text, end))
}

/// `(?i)\b(?:w1|w2|...)\b`.
pub(super) fn has_word(text: &str, words: &str) -> bool {
    run_starts(text).any(|at| word_at(text, at, words).is_some())
}

/// `->|=>|→`.
pub(super) fn has_arrow(text: &str) -> bool {
    text.contains("->") || text.contains("=>") || text.contains('→')
}

/// `` `[^`]+` ``: two backticks with something between them.
pub(super) fn has_code_span(text: &str) -> bool {
    text.split('`')
        .skip(1)
        .take(text.matches('`').count().saturating_sub(1))
        .any(|between| !between.is_empty())
}

/// `"[^"]{8,}"`: two double quotes with at least eight characters between them.
pub(super) fn has_long_quote(text: &str) -> bool {
    let quotes = text.matches('"').count();
    text.split('"')
        .skip(1)
        .take(quotes.saturating_sub(1))
        .any(|between| between.chars().count() >= 8)
}

/// `[/\\][\w.-]+\.\w+`: a slash or backslash, then word characters, dots and dashes, one
/// of the dots followed by a word character.
pub(super) fn has_path(text: &str) -> bool {
    text.char_indices()
        .filter(|&(_, c)| c == '/' || c == '\\')
        .any(|(i, _)| {
            let rest: Vec<char> = text[i + 1..]
                .chars()
                .take_while(|&c| is_word(c) || c == '.' || c == '-')
                .collect();
            (1..rest.len().saturating_sub(1)).any(|j| rest[j] == '.' && is_word(rest[j + 1]))
        })
}

/// `\b\w+[._]\w+\b`: a dot between two word characters, or an underscore inside a word
/// with a word character on each side.
pub(super) fn has_joined_word(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    (1..chars.len().saturating_sub(1)).any(|i| {
        (chars[i] == '.' || chars[i] == '_') && is_word(chars[i - 1]) && is_word(chars[i + 1])
    })
}

/// `\bv?\d+\.\d+`: a version or decimal number at the start of a word.
pub(super) fn has_version(text: &str) -> bool {
    run_starts(text).any(|at| {
        let mut chars = text[at..].chars().peekable();
        if chars.peek() == Some(&'v') {
            chars.next();
        }
        let mut digits = 0;
        while chars.peek().is_some_and(|&c| is_digit(c)) {
            chars.next();
            digits += 1;
        }
        digits > 0 && chars.next() == Some('.') && chars.next().is_some_and(is_digit)
    })
}

/// The word run (maximal run of word characters) that starts at `at`.
pub(super) fn run_at(text: &str, at: usize) -> &str {
    let len: usize = text[at..]
        .chars()
        .take_while(|&c| is_word(c))
        .map(char::len_utf8)
        .sum();
    &text[at..at + len]
}

/// `\b[A-Z][A-Z0-9]*_[A-Z0-9_]{min,}\b` on one word run, with `[A-Z]` widened to what
/// folds to a letter when `fold` (the regex is case-insensitive).
pub(super) fn is_upper_snake(run: &str, min: usize, fold: bool) -> bool {
    let letter = |c: char| {
        if fold {
            is_folded_letter(c)
        } else {
            c.is_ascii_uppercase()
        }
    };
    let mut chars = run.chars();
    if !chars.next().is_some_and(letter) {
        return false;
    }
    let mut head = true;
    let mut tail = 0;
    for c in chars {
        if head {
            if c == '_' {
                head = false;
            } else if !(letter(c) || c.is_ascii_digit()) {
                return false;
            }
        } else if letter(c) || c.is_ascii_digit() || c == '_' {
            tail += 1;
        } else {
            return false;
        }
    }
    !head && tail >= min
}
