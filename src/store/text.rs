//! Reading files without loss: bytes stay bytes, so CRLF endings and invalid UTF-8
//! survive every rewrite; text views for parsing are lossy copies that are never written back.

use std::borrow::Cow;
use std::io::ErrorKind;
use std::path::Path;

use crate::error::Result;

/// Whether a read failed because the file is not there: missing, or a folder on its path is
/// a file (a `.mind/cache` that is a file holds no `commits.md`).
pub fn is_absent(e: &std::io::Error) -> bool {
    matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory)
}

/// The file's bytes, or `None` when it does not exist. A project's file is read through the
/// read boundary ([`super::read_guard::read`]): one that a link leads out of the project
/// reads as missing, and a device, a pipe or a file over 64 MiB is an error.
pub fn read_optional(path: &Path) -> Result<Option<Vec<u8>>> {
    super::read_guard::read(path)
}

/// The UTF-8 byte order mark, which Windows editors (Notepad) and PowerShell 5.1's
/// `Set-Content -Encoding UTF8` put before a file's text.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// `bytes` split into its leading byte order mark (empty when it has none) and the text
/// after it. A rewrite puts the mark back in front, so a file keeps the encoding mark it had.
pub fn split_bom(bytes: &[u8]) -> (&[u8], &[u8]) {
    match bytes.strip_prefix(BOM) {
        Some(rest) => (BOM, rest),
        None => (&[], bytes),
    }
}

/// The one reader of the JSON files people may edit (config.json, the global folder's
/// config.json and projects.json, state.json): a leading byte order mark is read past, as
/// RFC 8259 lets a parser do. The mark is invisible in an editor, so refusing the file for
/// it would point at nothing the user can see. The error says when positions count from
/// after the mark.
pub fn parse_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> std::result::Result<T, String> {
    // A file that looks like valid JSON in Notepad may be UTF-16: the error says so, as
    // the JSON reader's "expected value at line 1 column 1" would point at nothing.
    if let Some(found) = super::encoding::utf16_in(bytes) {
        return Err(format!("the file {}; save it as UTF-8", found.describe()));
    }
    let (bom, json) = split_bom(bytes);
    serde_json::from_slice(json).map_err(|e| {
        if bom.is_empty() {
            e.to_string()
        } else {
            format!("{e}, after the file's byte order mark")
        }
    })
}

/// A text view for parsing (invalid UTF-8 becomes U+FFFD in the copy only).
pub fn lossy(bytes: &[u8]) -> Cow<'_, str> {
    // The strict check is several times faster than the lossy decoder on valid text,
    // which is nearly every file.
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// `bytes` as text for what is written on from it (a session item promoted into
/// MEMORY.md): valid UTF-8 as it is, and each byte that is not read as Latin-1 (`caf\xe9`,
/// an editor saving in Latin-1 or Windows-1252, becomes `café`) instead of U+FFFD, which
/// would lose the byte in the memory for good.
pub fn latin1_fallback(bytes: &[u8]) -> Cow<'_, str> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(bytes.len() + 16);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        out.extend(chunk.invalid().iter().map(|&b| char::from(b)));
    }
    Cow::Owned(out)
}

/// `text` in Unicode normalization form C, the form text is compared in: `é` typed (one
/// character) and `é` from a macOS file name or a macOS-made file (`e` + a combining accent)
/// are the same text to a reader, and must be the same word to a search and the same entry
/// to a duplicate check. Only compared forms are normalised; stored bytes never are. ASCII
/// and text already in NFC (nearly all) are borrowed without a copy.
pub fn nfc(text: &str) -> Cow<'_, str> {
    use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
    if text.is_ascii() || is_nfc_quick(text.chars()) == IsNormalized::Yes {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.nfc().collect())
    }
}

/// The line ending a file uses: CRLF when its first line ends with one, else LF.
pub fn eol_of(bytes: &[u8]) -> &'static str {
    match bytes.iter().position(|&b| b == b'\n') {
        Some(i) if i > 0 && bytes[i - 1] == b'\r' => "\r\n",
        _ => "\n",
    }
}

/// Split into lines that keep their terminators, so joining them gives the input back.
pub fn split_lines(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split_inclusive(|&b| b == b'\n').collect()
}

/// A line without its `\n` / `\r\n` terminator.
pub fn strip_eol(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The trimmed text of a line (lossy), for matching headings and markers. A byte order mark
/// before it is not part of it: editors put one before a file's first line, and the title or
/// marker there is still a title or a marker.
pub fn trimmed(line: &[u8]) -> Cow<'_, str> {
    let line = split_bom(line).1;
    match lossy(strip_eol(line)) {
        Cow::Borrowed(s) => Cow::Borrowed(s.trim()),
        Cow::Owned(s) => Cow::Owned(s.trim().to_string()),
    }
}

/// Whether the bytes end with a line terminator (an empty file counts as ending cleanly).
pub fn ends_with_newline(bytes: &[u8]) -> bool {
    bytes.is_empty() || bytes.ends_with(b"\n")
}

/// Turn a message into one line: line breaks become spaces, runs of blanks collapse, and
/// control characters (NUL, escape sequences, bidi overrides) are stored as a visible
/// `\uXXXX`. A memory entry is one line, so a message can never open a fake heading or
/// section, and git never takes the file for binary.
pub fn one_line(message: &str) -> String {
    let joined = message.split_whitespace().collect::<Vec<_>>().join(" ");
    neutral_comments(&crate::safety::controls::escape(&joined, false))
}

/// A name chosen outside mind (a project's folder name, which an archive or a script may
/// have given a line break or a control character) as one line for the files and blocks it
/// goes into: line breaks become spaces, other control characters a visible `\uXXXX`, and
/// `<!--` is neutral, as in a message ([`one_line`]); spaces stay as they are, so an
/// ordinary name is unchanged. Written raw as MEMORY.md's `# title`, a name holding
/// `\n- KEY: …` would add a line of its own that reads as a memory.
pub fn one_line_name(name: &str) -> String {
    let breaks = |c: char| {
        matches!(
            c,
            '\n' | '\r' | '\u{b}' | '\u{c}' | '\u{85}' | '\u{2028}' | '\u{2029}'
        )
    };
    let joined: String = name
        .chars()
        .map(|c| if breaks(c) { ' ' } else { c })
        .collect();
    neutral_comments(&crate::safety::controls::escape(joined.trim(), false))
}

/// `<!--` written as `&lt;!--`: markdown shows the same characters, but no reader (mind's
/// parser, a markdown renderer, the context block's markers) takes it for a comment that
/// hides the lines after it.
pub fn neutral_comments(text: &str) -> String {
    text.replace("<!--", "&lt;!--")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_fallback_keeps_each_byte_as_a_character() {
        assert_eq!(latin1_fallback(b"plain"), "plain");
        assert_eq!(
            latin1_fallback(b"caf\xe9 cr\xe8me \xc3\xa9"),
            "café crème é"
        );
        assert!(matches!(latin1_fallback(b"ok"), Cow::Borrowed(_)));
    }

    #[test]
    fn split_lines_round_trips() {
        let input = b"a\r\nb\n\nc";
        assert_eq!(split_lines(input).concat(), input);
        assert_eq!(split_lines(input).len(), 4);
    }

    #[test]
    fn eol_detection() {
        assert_eq!(eol_of(b"x\r\ny\r\n"), "\r\n");
        assert_eq!(eol_of(b"x\ny"), "\n");
        assert_eq!(eol_of(b""), "\n");
    }

    #[test]
    fn nfc_composes_only_what_needs_it() {
        assert_eq!(nfc("cafe\u{301}"), "caf\u{e9}");
        assert!(matches!(nfc("caf\u{e9}"), Cow::Borrowed(_)));
        assert!(matches!(nfc("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_name_is_one_line_and_otherwise_unchanged() {
        assert_eq!(one_line_name("my  app"), "my  app");
        assert_eq!(
            one_line_name("app\n- KEY: run it\r\nx\u{2028}y"),
            "app - KEY: run it  x y"
        );
        assert_eq!(
            one_line_name("a\u{1b}[2Jb <!-- c"),
            "a\\u001b[2Jb &lt;!-- c"
        );
    }

    #[test]
    fn one_line_collapses_breaks() {
        assert_eq!(one_line("a\n## b\r\n  c "), "a ## b c");
        assert_eq!(one_line("a\0b\u{1b}[2J"), "a\\u0000b\\u001b[2J");
        assert_eq!(one_line("render <!-- as text"), "render &lt;!-- as text");
    }
}

/// Follows `<!-- ... -->` comments across lines, as the markdown readers skip them.
#[derive(Debug, Default)]
pub struct HtmlComments {
    open: bool,
}

impl HtmlComments {
    /// Whether the trimmed `line` is (part of) a comment; an opening line that does not
    /// close the comment makes the following lines part of it until one holds `-->`.
    /// A comment left open ends at the next heading line, which is not skipped: an unclosed
    /// `<!--` typed by hand never hides the rest of a file.
    pub fn skip(&mut self, line: &str) -> bool {
        if self.open && line.starts_with('#') && !line.contains("-->") {
            self.open = false;
        } else if self.open {
            self.open = !line.contains("-->");
            return true;
        }
        if line.starts_with("<!--") {
            self.open = !line.contains("-->");
            return true;
        }
        false
    }

    /// Whether a comment opened on an earlier line is still open.
    pub fn is_open(&self) -> bool {
        self.open
    }
}
