//! The tokenizer: text → index terms.
//!
//! Lower case, English stemming (Snowball), stop words dropped, and code-aware: an
//! identifier such as `transformIgnorePatterns`, `snake_case`, `src/auth.rs`, `v1.2.3`,
//! `ERR_CODE` or `go.sum` is kept whole (lower case, unstemmed) *and* split into its parts
//! (`transform`, `ignor`, `pattern`), so an exact search for the identifier prefers the
//! lines that contain it while a search in plain words still finds them. Two-word phrases
//! from the synonym table ("log in", "lock file") are joined into one extra term.
//! Words are compared in Unicode NFC: `café` typed and `café` written with a combining
//! accent (as macOS file names are) are one term.

use std::collections::HashMap;
use std::sync::LazyLock;

use rust_stemmers::{Algorithm, Stemmer};
use unicode_normalization::char::is_combining_mark;

use super::stopwords::is_stop_word;
use super::synonyms::{phrase, starts_phrase};
use crate::store::text::nfc;

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

/// The stem of one lower-case word: English (Snowball) for words of plain letters, the
/// word itself for anything else (`utf8`, `2`, a CJK bigram) or when the stem would be a
/// single letter.
pub fn stem_word(word: &str) -> String {
    if word.chars().all(char::is_alphabetic) && !has_cjk(word) {
        let stemmed = STEMMER.stem(word);
        if stemmed.chars().count() >= 2 {
            return stemmed.into_owned();
        }
    }
    word.to_string()
}

/// The index term of a whole identifier (lower case, several parts): `dataLoader`,
/// `data-loader` and `data_loader` all become the stem of `dataloader`, so a search for
/// the word `dataloader` finds them; identifiers with digits or other joiners (`go.sum`,
/// `v1.2.3`, `src/auth.rs`) stay as written.
pub fn whole_term(lower: &str) -> String {
    let joined: String = lower.chars().filter(|&c| c != '-' && c != '_').collect();
    if !joined.is_empty() && joined.chars().all(char::is_alphabetic) {
        stem_word(&joined)
    } else {
        lower.to_string()
    }
}

/// Whether a lower-case word is kept as a term: two characters or more (or one CJK
/// character, which can be a word by itself) and not a stop word.
pub fn is_kept(word: &str) -> bool {
    long_enough(word) && !is_stop_word(word)
}

/// Two characters or more, or one CJK character.
fn long_enough(word: &str) -> bool {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(_), Some(_)) => true,
        (Some(c), None) => is_cjk(c),
        _ => false,
    }
}

/// Whether `c` belongs to a script written without spaces between words (Chinese, Japanese)
/// or whose words carry their particles (Korean): Han ideographs, kana and Hangul. A run of
/// them is indexed as overlapping two-character terms (see [`cjk_pieces`]), the usual way
/// to search such text without a dictionary: `构建失败` gives `构建 建失 失败`, so a search
/// for `构建` finds it.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x11FF     // Hangul Jamo
        | 0x3005..=0x3007   // 々 〆 〇
        | 0x3040..=0x30FF   // Hiragana, Katakana
        | 0x3130..=0x318F   // Hangul compatibility Jamo
        | 0x31F0..=0x31FF   // Katakana phonetic extensions
        | 0x3400..=0x4DBF   // CJK extension A
        | 0x4E00..=0x9FFF   // CJK unified ideographs
        | 0xAC00..=0xD7AF   // Hangul syllables
        | 0xF900..=0xFAFF   // CJK compatibility ideographs
        | 0xFF66..=0xFF9F   // half-width Katakana
        | 0x20000..=0x3134F // CJK extensions B–G
    )
}

/// Whether `text` has a CJK character (ASCII text is answered without decoding).
pub fn has_cjk(text: &str) -> bool {
    !text.is_ascii() && text.chars().any(is_cjk)
}

/// The pieces of `text[start..end]` as byte ranges, into `out`: runs of other characters
/// whole, and each run of CJK characters as its overlapping pairs (a run of one character
/// as itself). `甲乙丙abc` gives `甲乙`, `乙丙`, `abc`.
pub fn cjk_pieces(text: &str, start: usize, end: usize, out: &mut Vec<(usize, usize)>) {
    // The current run: where it starts, whether it is CJK, whether it gave a pair yet.
    let mut run: Option<(usize, bool, bool)> = None;
    let mut prev_cjk: Option<usize> = None;
    let flush = |run: Option<(usize, bool, bool)>, at: usize, out: &mut Vec<_>| {
        if let Some((s, cjk, paired)) = run
            && !(cjk && paired)
        {
            out.push((s, at));
        }
    };
    for (offset, c) in text[start..end].char_indices() {
        let i = start + offset;
        let cjk = is_cjk(c);
        if run.is_some_and(|(_, k, _)| k != cjk) {
            flush(run, i, out);
            run = None;
            prev_cjk = None;
        }
        let (s, _, mut paired) = run.unwrap_or((i, cjk, false));
        if cjk {
            if let Some(p) = prev_cjk {
                out.push((p, i + c.len_utf8()));
                paired = true;
            }
            prev_cjk = Some(i);
        }
        run = Some((s, cjk, paired));
    }
    flush(run, end, out);
}

/// The lower-case words of `text` in order, exactly as the tokenizer splits them (before
/// stop words and stemming): compounds split at joiners, `_`, camelCase humps and
/// letter/digit boundaries; a possessive `'s` dropped, other apostrophes joining their halves.
/// Every part of `mind` that matches words (search, similarity, reminders, edges, the
/// pre-tool hook) goes through this one splitter.
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut compound = String::new();
    let mut parts = Vec::new();
    for (start, end) in compounds(text) {
        drop_apostrophes(&nfc(&text[start..end]), &mut compound);
        split_parts_into(&compound, true, &mut parts);
        for &(s, e) in &parts {
            let mut lower = String::new();
            lower_into(&mut lower, &compound[s..e]);
            out.push(lower);
        }
    }
    out
}

/// `raw` with a possessive `'s` removed and any other apostrophe dropped, into `out`.
fn drop_apostrophes(raw: &str, out: &mut String) {
    out.clear();
    if !raw.contains(['\'', '\u{2019}']) {
        out.push_str(raw);
        return;
    }
    let mut it = raw.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if c == '\'' || c == '\u{2019}' {
            let mut rest = raw[i + c.len_utf8()..].chars();
            if matches!(rest.next(), Some('s' | 'S')) && !rest.next().is_some_and(is_word_char) {
                it.next();
            }
            continue;
        }
        out.push(c);
    }
}

/// Split a compound into parts (byte ranges): at joiners and `_`, and (code-aware) at
/// camelCase and letter/digit boundaries.
fn split_parts_into(compound: &str, code_aware: bool, parts: &mut Vec<(usize, usize)>) {
    parts.clear();
    let mut start: Option<usize> = None;
    let mut prev: Option<char> = None;
    let mut cjk = false;
    let mut chars = compound.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        cjk |= !c.is_ascii() && is_cjk(c);
        if is_joiner(c) || c == '_' {
            if let Some(s) = start.take() {
                parts.push((s, i));
            }
            prev = None;
            continue;
        }
        if let (Some(s), Some(p), true) = (start, prev, code_aware) {
            let boundary = (p.is_lowercase() && c.is_uppercase())
                || (p.is_uppercase()
                    && c.is_uppercase()
                    && chars.peek().is_some_and(|&(_, n)| n.is_lowercase()))
                || (p.is_alphabetic() && c.is_ascii_digit())
                || (p.is_ascii_digit() && c.is_alphabetic());
            if boundary {
                parts.push((s, i));
                start = Some(i);
            }
        }
        if start.is_none() {
            start = Some(i);
        }
        prev = Some(c);
    }
    if let Some(s) = start {
        parts.push((s, compound.len()));
    }
    if cjk {
        let whole = std::mem::take(parts);
        for (s, e) in whole {
            cjk_pieces(compound, s, e, parts);
        }
    }
}

/// A tokenizer with a memo of word → term, so each distinct word is stemmed once; terms are
/// also handed out as small ids (indexes into the memo), so an index builder never hashes a
/// term twice.
/// Entries kept in each of the tokenizer's caches (word → id, compound → words) before it
/// is emptied: far more than the distinct words of prose, so only a file full of distinct
/// identifiers or numbers ever reaches it.
const MEMO_LIMIT: usize = 1 << 14;

pub struct Tokenizer {
    options: Options,
    /// Lower-case word (or `\0` + whole identifier) → (term id, kept: not a stop word).
    memo: HashMap<Box<str>, (u32, bool), FastHash>,
    /// Term → id: words with one stem ("runs", "running") share one id. The table holds
    /// only ids; their text is in `terms`, so each term is stored once.
    ids: hashbrown::HashTable<u32>,
    /// id → the stem of a word or a whole identifier.
    terms: Terms,
    /// Raw compound (as written) → what it becomes; most words of a memory recur, so each
    /// distinct one is split, lowered and looked up once.
    compounds: HashMap<Box<str>, Compound, FastHash>,
    /// The words of the remembered compounds: (term id, kept), `Compound::start` on.
    compound_words: Vec<(u32, bool)>,
    lower: String,
    compound: String,
    parts: Vec<(usize, usize)>,
    prev_word: Option<u32>,
}

/// The terms of one compound: its whole form (an identifier of several parts) and its
/// words in `Tokenizer::compound_words[start..start + len]`, each with the role `role`.
#[derive(Clone, Copy)]
struct Compound {
    whole: Option<u32>,
    start: u32,
    len: u32,
    role: Role,
}

impl Default for Tokenizer {
    fn default() -> Self {
        Tokenizer::new(Options::default())
    }
}

/// The vocabulary: every term's text one after another in one string, with where each
/// ends, so that a file of millions of distinct identifiers costs their bytes and a few
/// more per term, not an allocation (twice) per term.
#[derive(Default)]
struct Terms {
    text: String,
    ends: Vec<u32>,
    /// The term can start a two-word phrase of the synonym table.
    starts_phrase: Vec<bool>,
}

impl Terms {
    fn get(&self, id: u32) -> &str {
        let i = id as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }

    fn push(&mut self, term: &str) -> u32 {
        let id = self.ends.len() as u32;
        self.text.push_str(term);
        self.ends.push(self.text.len() as u32);
        self.starts_phrase.push(starts_phrase(term));
        id
    }
}

fn term_hash(term: &str) -> u64 {
    use std::hash::BuildHasher;
    FastHash::default().hash_one(term)
}

/// The hasher of the in-memory term maps: foldhash (hashbrown's own default), much faster
/// than SipHash on short keys, and the keys here are the user's own words, not an
/// attacker's. Its fixed seed keeps iteration order the same from run to run. Measured
/// against the FxHash written here before: the same speed on 2 million word lookups.
pub type FastHash = foldhash::fast::FixedState;

/// A character that can continue an identifier when it sits between two word characters.
fn is_joiner(c: char) -> bool {
    matches!(c, '.' | '-' | '/' | ':' | '@' | '\'' | '\u{2019}')
}

/// A letter, a digit, `_`, or a combining mark: the accent of a decomposed `é` (`e` +
/// U+0301, as macOS writes file names) belongs to its word, which NFC then composes.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || (!c.is_ascii() && is_combining_mark(c))
}

/// The byte ranges of the words and identifiers of `text` (what the tokenizer sees as one
/// unit before splitting), e.g. for highlighting.
pub fn compounds(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = text.as_bytes();
    // The character at byte `i` and its length (ASCII without decoding).
    let at = move |i: usize| -> Option<(char, usize)> {
        let b = *bytes.get(i)?;
        if b.is_ascii() {
            Some((char::from(b), 1))
        } else {
            text[i..].chars().next().map(|c| (c, c.len_utf8()))
        }
    };
    let mut pos = 0;
    std::iter::from_fn(move || {
        loop {
            let (c, n) = at(pos)?;
            let start = pos;
            pos += n;
            if !is_word_char(c) {
                continue;
            }
            while let Some((c, n)) = at(pos) {
                // A joiner continues the compound only when a word character follows.
                if is_word_char(c)
                    || (is_joiner(c) && at(pos + n).is_some_and(|(a, _)| is_word_char(a)))
                {
                    pos += n;
                } else {
                    break;
                }
            }
            return Some((start, pos));
        }
    })
}

impl Tokenizer {
    pub fn new(options: Options) -> Self {
        Tokenizer {
            options,
            memo: HashMap::with_hasher(FastHash::default()),
            ids: hashbrown::HashTable::new(),
            terms: Terms::default(),
            compounds: HashMap::with_hasher(FastHash::default()),
            compound_words: Vec::new(),
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
        let mut ids: Vec<(u32, Role)> = Vec::new();
        self.each_id(text, |id, role| ids.push((id, role)));
        for (id, role) in ids {
            emit(self.term(id), role);
        }
    }

    /// The text of a term id handed out by [`Tokenizer::each_id`].
    pub fn term(&self, id: u32) -> &str {
        self.terms.get(id)
    }

    /// Call `emit` with the id of every term of `text` (ids are stable for this tokenizer).
    pub fn each_id(&mut self, text: &str, mut emit: impl FnMut(u32, Role)) {
        self.prev_word = None;
        let mut last_end = 0;
        for (start, end) in compounds(text) {
            // Punctuation between two words breaks a phrase ("log. In" is not "log in").
            if text[last_end..start]
                .bytes()
                .any(|b| !b.is_ascii_whitespace())
            {
                self.prev_word = None;
            }
            last_end = end;
            self.compound_terms(&text[start..end], &mut emit);
        }
    }

    /// Terms of one run of word characters and joiners.
    fn compound_terms(&mut self, raw: &str, emit: &mut impl FnMut(u32, Role)) {
        let c = match self.compounds.get(raw) {
            Some(&c) => c,
            None => {
                if self.compounds.len() >= MEMO_LIMIT {
                    // A cache, not the vocabulary: emptied when full, so that a file of
                    // millions of distinct words (ids, numbers) does not keep each one's
                    // analysis too; the words that recur are back in it at once.
                    self.compounds.clear();
                    self.compound_words.clear();
                }
                let c = self.analyse(raw);
                self.compounds.insert(raw.into(), c);
                c
            }
        };
        if let Some(id) = c.whole {
            emit(id, Role::Whole);
        }
        for i in c.start..c.start + c.len {
            let (id, keep) = self.compound_words[i as usize];
            self.word(id, keep, c.role, emit);
        }
    }

    /// Split, lower and look up a compound's words (see [`Compound`]), in NFC (see
    /// [`nfc`]: the compound memo keeps the result, so each distinct spelling is normalised
    /// once).
    fn analyse(&mut self, raw: &str) -> Compound {
        let mut compound = std::mem::take(&mut self.compound);
        drop_apostrophes(&nfc(raw), &mut compound);
        self.split_parts(&compound);
        let parts = std::mem::take(&mut self.parts);
        // A run of CJK text is words, not an identifier: its pairs are plain words.
        let several = parts.len() > 1 && !compound.chars().all(is_cjk);
        let mut whole = None;
        if several && self.options.code_aware {
            lower_into(&mut self.lower, &compound);
            self.lower.insert(0, '\0');
            let key = std::mem::take(&mut self.lower);
            whole = Some(self.lookup(&key).0);
            self.lower = key;
        }
        let role = if several { Role::Part } else { Role::Word };
        let start = self.compound_words.len() as u32;
        for &(s, e) in &parts {
            lower_into(&mut self.lower, &compound[s..e]);
            let lower = std::mem::take(&mut self.lower);
            let found = self.lookup(&lower);
            self.lower = lower;
            self.compound_words.push(found);
        }
        let len = parts.len() as u32;
        self.parts = parts;
        self.compound = compound;
        Compound {
            whole,
            start,
            len,
            role,
        }
    }

    fn split_parts(&mut self, compound: &str) {
        split_parts_into(compound, self.options.code_aware, &mut self.parts);
    }

    /// One word (its term id, and whether it is kept: not a stop word): phrase joining
    /// with the word before it, then the word itself.
    fn word(&mut self, id: u32, keep: bool, role: Role, emit: &mut impl FnMut(u32, Role)) {
        if self.options.phrases {
            // Phrases match on stems, so "timed out" and "times out" both join.
            if let Some(prev) = self.prev_word.take()
                && self.terms.starts_phrase[prev as usize]
                && let Some(joined) = phrase(self.term(prev), self.term(id))
            {
                let (joined, keep) = self.lookup(joined);
                if keep {
                    emit(joined, Role::Word);
                }
            }
            self.prev_word = Some(id);
        }
        if keep {
            emit(id, role);
        }
    }

    /// The id of a lower-case word (or `\0` + a whole identifier), stemming it on first sight.
    fn lookup(&mut self, key: &str) -> (u32, bool) {
        if let Some(&found) = self.memo.get(key) {
            return found;
        }
        let (term, keep): (Box<str>, bool) = if let Some(whole) = key.strip_prefix('\0') {
            let term = if self.options.stem {
                whole_term(whole)
            } else {
                whole.to_string()
            };
            (term.into_boxed_str(), true)
        } else {
            let stem: Box<str> = if self.options.stem {
                stem_word(key).into_boxed_str()
            } else {
                key.into()
            };
            let keep = if self.options.stop_words {
                is_kept(key)
            } else {
                long_enough(key)
            };
            (stem, keep)
        };
        let hash = term_hash(&term);
        let terms = &mut self.terms;
        let id = match self.ids.find(hash, |&id| terms.get(id) == &*term) {
            Some(&id) => id,
            None => {
                let id = terms.push(&term);
                self.ids
                    .insert_unique(hash, id, |&id| term_hash(terms.get(id)));
                id
            }
        };
        if self.memo.len() >= MEMO_LIMIT {
            // As the compounds: a cache over `ids`, emptied when full.
            self.memo.clear();
        }
        self.memo.insert(key.into(), (id, keep));
        (id, keep)
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
            vec!["transformignorepattern", "transform", "ignor", "pattern"]
        );
        // Letters-only identifiers are stemmed whole, whatever their style, so the plain
        // word finds them.
        assert_eq!(terms("DataLoader"), vec!["dataload", "data", "loader"]);
        assert_eq!(terms("data_loader")[0], terms("dataloader")[0]);
        assert_eq!(terms("data-loader")[0], terms("dataloader")[0]);
        assert_eq!(terms("ERR_CODE"), vec!["errcod", "err", "code"]);
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
    fn compounds_are_word_runs_joined_only_between_word_characters() {
        let text = "naïve café: src/über.rs, a-b- -c d’e x. ☕ü_1";
        let got: Vec<&str> = compounds(text).map(|(s, e)| &text[s..e]).collect();
        assert_eq!(
            got,
            vec![
                "naïve",
                "café",
                "src/über.rs",
                "a-b",
                "c",
                "d’e",
                "x",
                "ü_1"
            ]
        );
        assert_eq!(compounds("").count(), 0);
        assert_eq!(compounds("-- .. //").count(), 0);
    }

    #[test]
    fn cjk_runs_are_indexed_as_overlapping_pairs() {
        assert_eq!(terms("构建失败"), vec!["构建", "建失", "失败"]);
        // Labels and full-width punctuation break runs; other scripts are words of their own.
        assert_eq!(
            terms("问题：构建失败"),
            vec!["问题", "构建", "建失", "失败"]
        );
        assert_eq!(
            terms("CI上的构建失败of v2"),
            vec![
                "ci上的构建失败of",
                "ci",
                "上的",
                "的构",
                "构建",
                "建失",
                "失败",
                "v2"
            ]
        );
        // A lone character is a word by itself.
        assert_eq!(terms("表 is slow"), vec!["表", "slow"]);
        assert_eq!(
            terms("ビルドが失敗"),
            vec!["ビル", "ルド", "ドが", "が失", "失敗"]
        );
        assert_eq!(terms("빌드 실패"), vec!["빌드", "실패"]);
        // Pure CJK runs are words, not identifiers: no whole term, full weight.
        let roles: Vec<Role> = Tokenizer::default()
            .terms("构建失败")
            .into_iter()
            .map(|(_, r)| r)
            .collect();
        assert_eq!(roles, vec![Role::Word; 3]);
        assert_eq!(
            words("修复：构建失败"),
            vec!["修复", "构建", "建失", "失败"]
        );
    }

    #[test]
    fn cjk_pieces_pair_only_cjk_runs() {
        let text = "甲乙丙abc丁x";
        let mut out = Vec::new();
        cjk_pieces(text, 0, text.len(), &mut out);
        let got: Vec<&str> = out.iter().map(|&(s, e)| &text[s..e]).collect();
        assert_eq!(got, vec!["甲乙", "乙丙", "abc", "丁", "x"]);
        out.clear();
        cjk_pieces("", 0, 0, &mut out);
        assert!(out.is_empty());
        assert!(!has_cjk("naïve café"));
        assert!(has_cjk("a 表"));
    }

    #[test]
    fn composed_and_decomposed_accents_are_one_word() {
        let composed = "caf\u{e9} r\u{e9}sum\u{e9}";
        let decomposed = "cafe\u{301} re\u{301}sume\u{301}";
        assert_eq!(terms(decomposed), terms(composed));
        assert_eq!(terms(composed), vec!["caf\u{e9}", "r\u{e9}sum\u{e9}"]);
        assert_eq!(words(decomposed), words(composed));
        // The accent is part of its compound, so a highlight covers the whole word.
        let spans: Vec<&str> = compounds(decomposed)
            .map(|(s, e)| &decomposed[s..e])
            .collect();
        assert_eq!(spans, vec!["cafe\u{301}", "re\u{301}sume\u{301}"]);
    }

    #[test]
    fn words_with_one_stem_share_one_id() {
        let mut tok = Tokenizer::default();
        let mut ids = Vec::new();
        tok.each_id("runs running run", |id, _| ids.push(id));
        assert_eq!(ids.len(), 3);
        assert!(ids.iter().all(|&i| i == ids[0]));
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
