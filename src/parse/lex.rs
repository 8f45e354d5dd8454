//! Lexical helpers for the line classifier: list markers, checkboxes, emphasis, masking of
//! code spans and quotations, and word-level context around a byte position.
//!
//! Everything here is byte-oriented over ASCII structure and leaves other UTF-8 intact, so
//! a lower-cased copy of a line keeps the same byte offsets as the line itself.

/// The pieces of a line (its `\n` or `\r\n` already taken off) that lone carriage returns
/// separate: a classic Mac line end is a line end, so `decided: X\rlearned: Y` is two lines,
/// never one memory holding the other. A `\r` ending the line ends it (no empty piece after
/// it); a line without one is its own only piece.
pub fn split_lone_cr(line: &str) -> impl Iterator<Item = &str> {
    let body = line.strip_suffix('\r').unwrap_or(line);
    // `split` of an empty line gives one empty piece: a blank line stays a blank line.
    body.split('\r')
}

/// Leading whitespace width of a raw line (a tab counts as four columns).
pub fn indent_width(raw: &str) -> usize {
    let mut width = 0;
    for b in raw.bytes() {
        match b {
            b' ' => width += 1,
            b'\t' => width += 4,
            _ => break,
        }
    }
    width
}

/// Strip any `>` blockquote prefixes.
pub fn strip_blockquote(s: &str) -> &str {
    let mut s = s;
    while let Some(rest) = s.strip_prefix('>') {
        s = rest.trim_start();
    }
    s
}

/// Strip one list marker (`- `, `* `, `+ `, `• `, `1. `, `2) `); returns the rest and
/// whether there was a marker.
pub fn strip_list_marker(s: &str) -> (&str, bool) {
    let bytes = s.as_bytes();
    if let Some(rest) = s.strip_prefix("• ") {
        return (rest.trim_start(), true);
    }
    match bytes.first() {
        Some(b'-' | b'*' | b'+') if bytes.get(1).is_some_and(|b| *b == b' ' || *b == b'\t') => {
            (s[1..].trim_start(), true)
        }
        Some(b'0'..=b'9') => {
            let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits <= 3
                && matches!(bytes.get(digits), Some(b'.' | b')'))
                && bytes
                    .get(digits + 1)
                    .is_some_and(|b| *b == b' ' || *b == b'\t')
            {
                (s[digits + 1..].trim_start(), true)
            } else {
                (s, false)
            }
        }
        _ => (s, false),
    }
}

/// The rest of a task-list item (`[ ] `, `[x] `), if the text is one.
pub fn strip_checkbox(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    if b.len() >= 3 && b[0] == b'[' && b[2] == b']' && matches!(b[1], b' ' | b'x' | b'X') {
        let rest = &s[3..];
        if rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t') {
            return Some(rest.trim_start());
        }
    }
    // A box ticked with a mark rather than an x, as templates get filled in ("[ ✅]",
    // "[✔]"): blanks around one mark.
    let inner = s.strip_prefix('[')?;
    let close = inner.find(']')?;
    let mark = inner[..close].trim().trim_end_matches('\u{FE0F}');
    let mut chars = mark.chars();
    let ticked = matches!(
        (chars.next(), chars.next()),
        (
            Some('\u{2705}' | '\u{2714}' | '\u{2713}' | '\u{2611}' | '\u{274C}' | '\u{2717}'),
            None
        )
    );
    let rest = &inner[close + 1..];
    (ticked && (rest.is_empty() || rest.starts_with([' ', '\t']))).then(|| rest.trim_start())
}

/// Strip leading status symbols and emoji (`✅`, `⬜`, `⚠️`, `🐛` ...): anything that is
/// neither ASCII nor alphanumeric, plus the blanks after it; and an emoji written as its
/// shortcode before a blank (`:bug: Fix: ...`, the gitmoji of a commit title), which stands
/// for the same symbol. The commit harvester skips the same lead (`capture::rules`).
pub fn strip_symbols(s: &str) -> &str {
    let mut rest = s;
    loop {
        let trimmed = rest.trim_start();
        match trimmed.chars().next() {
            Some(c) if !c.is_ascii() && !c.is_alphanumeric() => {
                rest = &trimmed[c.len_utf8()..];
            }
            Some(':') if let Some((_, after)) = shortcode(trimmed) => rest = after,
            _ => return trimmed,
        }
    }
}

/// An emoji shortcode that opens `s` and is followed by a blank (`:bug: x`,
/// `:white_check_mark: x`, `:+1: x`): a colon, lowercase letters, digits, `_`, `+` or `-`,
/// and a colon; not a memory label written with a colon in front (`:decided: x`,
/// `:fixed: x`), which is read as that label's cue. Its name and the text after the blank.
pub fn shortcode(s: &str) -> Option<(&str, &str)> {
    let code = s.strip_prefix(':')?;
    let end = code.find(':')?;
    let name = &code[..end];
    let is_code = !name.is_empty()
        && name.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b'+' | b'-')
        })
        && !super::labels::MEMORY_LABELS.contains(&name);
    let after = &code[end + 1..];
    (is_code && after.starts_with([' ', '\t'])).then(|| (name, after.trim_start()))
}

/// The text after a log line's bracketed timestamp: `[2025-03-27 00:06:00] - Decision: ...`
/// (the memory-bank logs' shape) reads as `Decision: ...`. Only a date, with or without a
/// time, counts; `[BUG]` or `[wip]` stay.
pub fn strip_log_stamp(s: &str) -> &str {
    let Some(inner) = s.strip_prefix('[') else {
        return s;
    };
    let Some(close) = inner.find(']') else {
        return s;
    };
    let stamp = &inner[..close];
    let dated = super::dates::iso_at(stamp).is_some()
        && stamp.as_bytes()[10..]
            .iter()
            .all(|b| b.is_ascii_digit() || matches!(b, b' ' | b':' | b'T' | b'.' | b'Z'));
    if !dated {
        return s;
    }
    // The dash is the shape's: "[2026-01-05 10:12:01] ERROR ..." is a program's log record.
    let rest = inner[close + 1..].trim_start();
    match rest
        .strip_prefix("- ")
        .or_else(|| rest.strip_prefix("\u{2013} "))
        .map(str::trim_start)
    {
        Some(rest) if !rest.is_empty() => rest,
        _ => s,
    }
}

/// A whole-line `~~strikethrough~~` (done or withdrawn), unwrapped.
pub fn strip_strike(s: &str) -> (&str, bool) {
    match s.strip_prefix("~~") {
        Some(inner) => match inner.find("~~") {
            Some(end) if inner[end + 2..].trim().is_empty() => (inner[..end].trim(), true),
            // Struck text followed by more (e.g. a note): only the struck part is gone.
            _ => (s, false),
        },
        None => (s, false),
    }
}

/// A line wholly in single-`*`/`_` italics: template and placeholder prose
/// (`*Decisions will be logged here.*`).
pub fn is_italic_line(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 3 {
        return false;
    }
    for mark in [b'*', b'_'] {
        if b[0] == mark
            && b[1] != mark
            && b[1] != b' '
            && b[b.len() - 1] == mark
            && b[b.len() - 2] != mark
            && b[b.len() - 2] != b' '
        {
            return true;
        }
    }
    false
}

/// A lower-case copy of `s` (ASCII only, so byte offsets are unchanged).
pub fn lower(s: &str) -> Vec<u8> {
    s.as_bytes().to_ascii_lowercase()
}

/// Blank out inline code spans and quotations in `buf` (same length), so cue words inside
/// `` `code` `` or "quoted text" do not count. A quotation that is the whole text (an error
/// message written as `"..."`) is kept.
pub fn mask_spans(buf: &mut [u8]) {
    mask_pairs(buf, b"`", b"`", false);
    mask_pairs(buf, b"\"", b"\"", true);
    mask_pairs(buf, "\u{201c}".as_bytes(), "\u{201d}".as_bytes(), true);
}

fn mask_pairs(buf: &mut [u8], open: &[u8], close: &[u8], keep_whole: bool) {
    let mut i = 0;
    while let Some(rel) = find(&buf[i..], open) {
        let start = i + rel;
        let search_from = start + open.len();
        let Some(rel) = find(&buf[search_from..], close) else {
            return;
        };
        let end = search_from + rel + close.len();
        let whole = start == 0 && end == buf.len();
        if !(keep_whole && whole) {
            for b in &mut buf[start..end] {
                *b = b' ';
            }
        }
        i = end;
    }
}

/// Byte-substring search. Lines are short and needles tiny, so a `memchr` scan for the
/// first byte beats building a substring searcher per call.
pub fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    // Scan for the first byte that is not a blank (blanks are everywhere in prose).
    let k = needle.iter().position(|b| *b != b' ').unwrap_or(0);
    let probe = *needle.get(k)?;
    memchr::memchr_iter(probe, hay.get(k..)?)
        .find(|&i| hay.get(i..i + needle.len()) == Some(needle))
}

pub(crate) fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'\'' || b == b'_' || b >= 0x80
}

/// A contraction with "not": "doesn't", "isn’t" (straight or typographic apostrophe).
pub fn ends_with_nt(word: &[u8]) -> bool {
    word.ends_with(b"n't") || word.ends_with("n\u{2019}t".as_bytes())
}

/// Bytes that end a clause for subject/negation look-behind.
fn is_clause_break(b: u8) -> bool {
    matches!(
        b,
        b'.' | b';' | b':' | b'!' | b'?' | b'(' | b')' | b'[' | b']' | b',' | b'|' | b'"'
    )
}

/// A few words (at most [`Words::CAP`]) without a heap allocation: the context checks run
/// for every cue of every line.
#[derive(Debug, Clone, Copy)]
pub struct Words<'a> {
    items: [&'a [u8]; Words::CAP],
    len: usize,
}

impl<'a> Words<'a> {
    pub const CAP: usize = 6;

    fn new() -> Self {
        Words {
            items: [&[]; Words::CAP],
            len: 0,
        }
    }

    fn push(&mut self, word: &'a [u8]) {
        if self.len < Words::CAP {
            self.items[self.len] = word;
            self.len += 1;
        }
    }
}

impl<'a> std::ops::Deref for Words<'a> {
    type Target = [&'a [u8]];
    fn deref(&self) -> &Self::Target {
        &self.items[..self.len]
    }
}

/// Up to `n` words before `pos`, nearest first, stopping at a clause break or a ` - ` dash.
pub fn words_before(buf: &[u8], pos: usize, n: usize) -> Words<'_> {
    let n = n.min(Words::CAP);
    let mut out = Words::new();
    let mut i = pos;
    while out.len() < n && i > 0 {
        // Skip blanks, stop at a clause break.
        while i > 0 && !is_word_byte(buf[i - 1]) {
            let b = buf[i - 1];
            if is_clause_break(b) || (b == b'-' && i >= 2 && buf[i - 2] == b' ') {
                return out;
            }
            i -= 1;
        }
        let end = i;
        while i > 0 && is_word_byte(buf[i - 1]) {
            i -= 1;
        }
        if i == end {
            break;
        }
        out.push(&buf[i..end]);
    }
    out
}

/// Up to `n` words after `pos`, stopping at a clause break.
pub fn words_after(buf: &[u8], pos: usize, n: usize) -> Words<'_> {
    let n = n.min(Words::CAP);
    let mut out = Words::new();
    let mut i = pos;
    while out.len() < n && i < buf.len() {
        while i < buf.len() && !is_word_byte(buf[i]) {
            if is_clause_break(buf[i]) && !(buf[i] == b'.' && next_is_word(buf, i)) {
                return out;
            }
            i += 1;
        }
        let start = i;
        while i < buf.len() && (is_word_byte(buf[i]) || (buf[i] == b'.' && next_is_word(buf, i))) {
            i += 1;
        }
        if i == start {
            break;
        }
        out.push(&buf[start..i]);
    }
    out
}

fn next_is_word(buf: &[u8], i: usize) -> bool {
    i > 0 && is_word_byte(buf[i - 1]) && buf.get(i + 1).is_some_and(|b| is_word_byte(*b))
}

/// The rest of the clause after `pos` (up to `. `, `;`, `!`, `?` or end).
pub fn clause_after(buf: &[u8], pos: usize) -> &[u8] {
    let mut i = pos;
    while i < buf.len() {
        match buf[i] {
            b';' | b'!' | b'?' => break,
            b'.' if buf.get(i + 1).is_none_or(|b| *b == b' ') => break,
            _ => i += 1,
        }
    }
    &buf[pos..i]
}

/// The clause before `pos` (back to `. `, `;`, `!`, `?` or start).
pub fn clause_before(buf: &[u8], pos: usize) -> &[u8] {
    let mut i = pos;
    while i > 0 {
        match buf[i - 1] {
            b';' | b'!' | b'?' => break,
            b'.' if buf.get(i).is_none_or(|b| *b == b' ') => break,
            _ => i -= 1,
        }
    }
    &buf[i..pos]
}

/// A fixed set of phrases (lower case) searched with prebuilt SIMD substring finders.
pub struct PhraseSet {
    finders: Vec<memchr::memmem::Finder<'static>>,
}

impl PhraseSet {
    pub fn new(phrases: &[&'static str]) -> Self {
        PhraseSet {
            finders: phrases
                .iter()
                .map(|p| memchr::memmem::Finder::new(p.as_bytes()))
                .collect(),
        }
    }

    /// Occurrences that start a word of `lower`, in text order: (start, end after the
    /// phrase).
    pub fn matches(&self, lower: &[u8]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for f in &self.finders {
            let len = f.needle().len();
            for start in f.find_iter(lower) {
                if start == 0 || !is_word_byte(lower[start - 1]) {
                    out.push((start, start + len));
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Whether any phrase starts a word of `lower`.
    pub fn any(&self, lower: &[u8]) -> bool {
        self.finders.iter().any(|f| {
            f.find_iter(lower)
                .any(|start| start == 0 || !is_word_byte(lower[start - 1]))
        })
    }
}

/// Whether any of `words` is a whole word of `hay` (single words only).
pub fn has_any_word(hay: &[u8], words: &[&str]) -> bool {
    hay.split(|b| !is_word_byte(*b))
        .any(|w| !w.is_empty() && words.iter().any(|x| x.as_bytes() == w))
}

/// Whether `hay` holds `word` as a whole word.
pub fn has_word(hay: &[u8], word: &[u8]) -> bool {
    let mut from = 0;
    while let Some(rel) = find(&hay[from..], word) {
        let start = from + rel;
        let end = start + word.len();
        let before_ok = start == 0 || !is_word_byte(hay[start - 1]);
        let after_ok = end == hay.len() || !is_word_byte(hay[end]);
        if before_ok && after_ok {
            return true;
        }
        from = start + 1;
    }
    false
}

/// Number of words before `pos`.
pub fn word_index(buf: &[u8], pos: usize) -> usize {
    let mut count = 0;
    let mut in_word = false;
    for &b in &buf[..pos] {
        let w = is_word_byte(b);
        if w && !in_word {
            count += 1;
        }
        in_word = w;
    }
    count
}

/// Words of `s`: runs of ASCII alphanumerics, apostrophes and non-ASCII characters
/// (byte-based; every run boundary is an ASCII byte, so each word is valid UTF-8).
pub fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c.is_ascii() && !(c.is_ascii_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_stamps() {
        assert_eq!(
            strip_log_stamp("[2025-03-27 00:06:00] - Decision: use Redis"),
            "Decision: use Redis"
        );
        assert_eq!(strip_log_stamp("[2025-03-27] - fixed: x"), "fixed: x");
        assert_eq!(
            strip_log_stamp("[2026-01-05 10:12:01] ERROR worker crashed"),
            "[2026-01-05 10:12:01] ERROR worker crashed"
        );
        assert_eq!(strip_log_stamp("[BUG] x fails"), "[BUG] x fails");
        assert_eq!(
            strip_log_stamp("[2025-03-27 draft] x"),
            "[2025-03-27 draft] x"
        );
        assert_eq!(strip_log_stamp("[2025-03-27]"), "[2025-03-27]");
    }

    #[test]
    fn list_markers() {
        assert_eq!(strip_list_marker("- x"), ("x", true));
        assert_eq!(strip_list_marker("12. x"), ("x", true));
        assert_eq!(strip_list_marker("3) x"), ("x", true));
        assert_eq!(strip_list_marker("**bold**"), ("**bold**", false));
        assert_eq!(strip_list_marker("-x"), ("-x", false));
        assert_eq!(strip_list_marker("2025-01-01 x"), ("2025-01-01 x", false));
    }

    #[test]
    fn checkboxes_symbols_strikes() {
        assert_eq!(strip_checkbox("[x] done"), Some("done"));
        assert_eq!(strip_checkbox("[BUG] x"), None);
        assert_eq!(strip_checkbox("[ \u{2705}] Bug fix"), Some("Bug fix"));
        assert_eq!(strip_checkbox("[\u{2714}\u{FE0F}] done"), Some("done"));
        assert_eq!(strip_checkbox("[\u{2705} shipped] x"), None);
        assert_eq!(strip_symbols("✅ Fixed: y"), "Fixed: y");
        assert_eq!(strip_symbols("⚠️ careful"), "careful");
        assert_eq!(strip_symbols("轮询"), "轮询");
        assert_eq!(strip_symbols(":bug: Fix: y"), "Fix: y");
        assert_eq!(strip_symbols(":sparkles: :bug: y"), "y");
        // Not a shortcode before a blank: a field (`:param x:`), a time, a label.
        assert_eq!(strip_symbols(":param x: the value"), ":param x: the value");
        assert_eq!(strip_symbols(":bug:fix"), ":bug:fix");
        assert_eq!(strip_symbols(":fixed: the crash"), ":fixed: the crash");
        assert_eq!(strip_symbols("12:30: deploy"), "12:30: deploy");
        assert_eq!(strip_strike("~~old thing~~"), ("old thing", true));
        assert!(is_italic_line("*Decisions will be logged here.*"));
        assert!(!is_italic_line("**bold**"));
        assert!(!is_italic_line("* item"));
    }

    #[test]
    fn masking_keeps_offsets_and_whole_quotes() {
        let mut b = lower("say \"turns out\" and `fixed` here");
        mask_spans(&mut b);
        assert_eq!(b.len(), "say \"turns out\" and `fixed` here".len());
        assert!(!has_word(&b, b"turns") && !has_word(&b, b"fixed"));
        let mut whole = lower("\"bad interpreter: no such file\"");
        mask_spans(&mut whole);
        assert!(has_word(&whole, b"interpreter"));
    }

    #[test]
    fn context_words() {
        let b = lower("So we finally decided, then chose x");
        let pos = find(&b, b"decided").unwrap();
        assert_eq!(*words_before(&b, pos, 3), [&b"finally"[..], b"we", b"so"]);
        let pos = find(&b, b"chose").unwrap();
        assert_eq!(*words_before(&b, pos, 3), [&b"then"[..]]);
        assert_eq!(*words_after(&b, 0, 2), [&b"so"[..], b"we"]);
        assert_eq!(word_index(&b, pos), 5);
        assert_eq!(
            *words_after(b"use next.js now", 3, 2),
            [&b"next.js"[..], b"now"]
        );
    }
}
