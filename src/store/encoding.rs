//! Text files in UTF-16, as Windows PowerShell 5.1's `>` and `>>` (Out-File) and Notepad's
//! "Unicode" save them: found, refused as a place to write, and converted to UTF-8 on request.
//!
//! mind reads and writes UTF-8. A file in UTF-16 (every ASCII character followed or preceded
//! by a NUL byte) reads as nothing it knows, and UTF-8 appended to it would leave a file in
//! two encodings that no editor shows whole. So every write of a text file that holds UTF-16
//! is refused with the encoding named ([`refuse_utf16`], called by the append and rewrite
//! functions); `mind status` and `mind doctor` report such files, and `mind doctor --fix`
//! converts them ([`to_utf8`]): the characters and so the line endings are kept, and a UTF-16
//! byte order mark becomes the UTF-8 one.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use crate::error::{Error, Result};

/// The UTF-16 byte order marks: little-endian (what Windows writes) and big-endian.
const BOM_LE: &[u8] = b"\xFF\xFE";
const BOM_BE: &[u8] = b"\xFE\xFF";

/// How much of a file's start and of its end a writer reads to look for UTF-16: a whole
/// file saved as UTF-16 starts with it, and `>>` leaves it at the end.
const WINDOW: u64 = 4096;

/// What to do about a file in UTF-16.
pub const HINT: &str = "`mind doctor --fix` converts the project's files to UTF-8 (line endings \
                        kept), or save the file as UTF-8 in your editor; in Windows PowerShell \
                        5.1 add lines with `Add-Content -Encoding UTF8` instead of `>>`";

/// UTF-16 text found in a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Utf16 {
    /// The file starts with a UTF-16 byte order mark: saved whole as UTF-16.
    pub whole: bool,
    /// The 1-based line (counted in `\n` bytes) where the UTF-16 text starts, when known.
    pub line: Option<usize>,
}

impl Utf16 {
    /// What the file is, after its name: "is UTF-16 text, as ..., not UTF-8" or "holds
    /// UTF-16 text from line N on, as ..., not UTF-8".
    pub fn describe(&self) -> String {
        match (self.whole, self.line) {
            (true, _) | (false, Some(1)) => "is UTF-16 text, as Windows PowerShell 5.1's `>` and \
                                             Notepad's \"Unicode\" save it, not UTF-8"
                .to_string(),
            (false, Some(line)) => format!(
                "holds UTF-16 text from line {line} on, as Windows PowerShell 5.1's `>>` \
                 appends it, not UTF-8"
            ),
            (false, None) => "holds UTF-16 text, as Windows PowerShell 5.1's `>>` appends it, \
                              not UTF-8"
                .to_string(),
        }
    }
}

/// The UTF-16 text in `bytes`, if any: a UTF-16 byte order mark at the start, or a run of
/// two characters in UTF-16 (an ASCII byte and a NUL, twice, in either order). UTF-8 text
/// never holds a NUL byte, and mind writes none (a NUL in a message is stored as `\u0000`).
pub fn utf16_in(bytes: &[u8]) -> Option<Utf16> {
    if bytes.starts_with(BOM_LE) || bytes.starts_with(BOM_BE) {
        return Some(Utf16 {
            whole: true,
            line: Some(1),
        });
    }
    let at = run_start(bytes)?;
    Some(Utf16 {
        whole: false,
        line: Some(memchr::memchr_iter(b'\n', &bytes[..at]).count() + 1),
    })
}

/// Where the first run of UTF-16 text starts: the first NUL byte between two ASCII
/// characters' bytes as UTF-16 writes them (`a\0b\0`, little-endian; `\0a\0b`, big-endian).
fn run_start(bytes: &[u8]) -> Option<usize> {
    let ascii = |i: usize| bytes.get(i).is_some_and(|&b| b != 0 && b.is_ascii());
    let nul = |i: usize| bytes.get(i) == Some(&0);
    memchr::memchr_iter(0, bytes).find_map(|p| {
        if p > 0 && ascii(p - 1) && ascii(p + 1) && nul(p + 2) {
            Some(p - 1)
        } else if ascii(p + 1) && nul(p + 2) && ascii(p + 3) {
            Some(p)
        } else {
            None
        }
    })
}

/// The UTF-16 text in the file at `path`, judged by its first and last few KiB (what a
/// writer can afford to read before each append); `None` for a file that is not there or
/// cannot be read (the write that follows reports that).
pub fn utf16_at(path: &Path) -> Option<Utf16> {
    let mut file = super::read_guard::open(path).ok()??;
    let len = file.metadata().ok()?.len();
    let mut head = Vec::with_capacity(WINDOW as usize);
    (&mut file).take(WINDOW).read_to_end(&mut head).ok()?;
    if let Some(found) = utf16_in(&head) {
        return Some(found);
    }
    if len <= WINDOW {
        return None;
    }
    file.seek(SeekFrom::Start(len - WINDOW.min(len - WINDOW)))
        .ok()?;
    let mut tail = Vec::with_capacity(WINDOW as usize);
    file.take(WINDOW).read_to_end(&mut tail).ok()?;
    run_start(&tail).map(|_| Utf16 {
        whole: false,
        line: None,
    })
}

/// Whether `path` names a text file of the kinds people edit and mind reads as text
/// (markdown, JSON, YAML): the files a writer checks for UTF-16. Binary caches hold NUL
/// bytes of their own, and mind's ledgers (`.tsv`) are its own to rebuild.
fn is_text_file(path: &Path) -> bool {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    ["md", "mdc", "markdown", "json", "yml", "yaml"]
        .iter()
        .any(|known| ext.eq_ignore_ascii_case(known))
}

/// Refuse a write to the text file at `path` when it holds UTF-16 text: the error names
/// the file and its encoding and says how to convert it. Called by every append and
/// rewrite (and by the check a command makes before its first write), so no command
/// appends UTF-8 to UTF-16 or replaces text it could not read.
pub fn refuse_utf16(path: &Path) -> Result<()> {
    if !is_text_file(path) {
        return Ok(());
    }
    match utf16_at(path) {
        None => Ok(()),
        Some(found) => Err(Error::FailedHint {
            message: format!(
                "{} {}; mind writes UTF-8 only and left the file unchanged",
                path.display(),
                found.describe()
            ),
            hint: HINT.to_string(),
        }),
    }
}

/// `bytes` with every run of UTF-16 text converted to UTF-8; UTF-8 around the runs (what an
/// earlier version appended to such a file) is kept as it is, and so is every line ending.
/// A byte order mark at the start becomes the UTF-8 one (the file stays marked as Unicode
/// for the Windows tools that wrote it); one inside the text is dropped. `Err` says why the
/// file cannot be converted with certainty (an odd byte at a run's end, a character cut in
/// half, NUL bytes that are not UTF-16), and the file is then left for the user.
pub fn to_utf8(bytes: &[u8]) -> std::result::Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut pos = 0;
    let mut utf16: Option<bool> = None; // Some(big_endian) inside a run
    if let Some(big) = bom_at(bytes, 0) {
        out.extend_from_slice(super::text::BOM);
        pos = 2;
        utf16 = Some(big);
    }
    while pos < bytes.len() {
        match utf16 {
            None => {
                let rest = &bytes[pos..];
                let end = memchr::memchr(b'\n', rest).map_or(rest.len(), |i| i + 1);
                let line = &rest[..end];
                if let Some(big) = bom_at(bytes, pos) {
                    pos += 2;
                    utf16 = Some(big);
                } else if let Some(nul) = memchr::memchr(0, line) {
                    // A line starting with a NUL is big-endian; otherwise the run starts
                    // with the ASCII byte before the first NUL (little-endian).
                    let start = if nul == 0 { 0 } else { nul - 1 };
                    out.extend_from_slice(&line[..start]);
                    pos += start;
                    utf16 = Some(nul == 0);
                } else {
                    out.extend_from_slice(line);
                    pos += end;
                }
            }
            Some(big) => {
                let (units, next) = utf16_line(bytes, pos, big)?;
                let text: String = char::decode_utf16(units.iter().copied())
                    .filter(|c| *c != Ok('\u{feff}'))
                    .collect::<std::result::Result<_, _>>()
                    .map_err(|_| {
                        format!("a character cut in half (an unpaired surrogate) at byte {pos}")
                    })?;
                out.extend_from_slice(text.as_bytes());
                pos = next;
                // The run goes on while the next line holds a NUL byte too (an ASCII
                // character's other half); a line without one is UTF-8 again. The next
                // line's first code unit counts as well: an empty line is `\n\0` (LE),
                // whose NUL comes after the byte a UTF-8 line would end at.
                let rest = &bytes[pos..];
                let end = memchr::memchr(b'\n', rest).map_or(rest.len(), |i| i + 1);
                let first_unit_has_nul = rest.len() >= 2 && (rest[0] == 0 || rest[1] == 0);
                if memchr::memchr(0, &rest[..end]).is_none()
                    && !first_unit_has_nul
                    && bom_at(bytes, pos).is_none()
                {
                    utf16 = None;
                }
            }
        }
    }
    if memchr::memchr(0, &out).is_some() {
        return Err("NUL bytes that are not UTF-16 text remain".into());
    }
    Ok(out)
}

/// Which byte order mark stands at `pos`: `Some(big_endian)`.
fn bom_at(bytes: &[u8], pos: usize) -> Option<bool> {
    let rest = bytes.get(pos..)?;
    if rest.starts_with(BOM_LE) {
        Some(false)
    } else if rest.starts_with(BOM_BE) {
        Some(true)
    } else {
        None
    }
}

/// The UTF-16 code units of one line from `pos` (through its `\n`, or to the end) and
/// where the next line starts.
fn utf16_line(
    bytes: &[u8],
    mut pos: usize,
    big: bool,
) -> std::result::Result<(Vec<u16>, usize), String> {
    let mut units = Vec::new();
    while pos < bytes.len() {
        let Some(pair) = bytes.get(pos..pos + 2) else {
            return Err(format!(
                "an odd byte at the end of its UTF-16 text (byte {pos})"
            ));
        };
        let unit = if big {
            u16::from_be_bytes([pair[0], pair[1]])
        } else {
            u16::from_le_bytes([pair[0], pair[1]])
        };
        units.push(unit);
        pos += 2;
        if unit == u16::from(b'\n') {
            break;
        }
    }
    Ok((units, pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn le(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    fn be(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_be_bytes).collect()
    }

    #[test]
    fn utf16_is_found_whole_or_appended() {
        assert_eq!(utf16_in(b"plain\r\ntext\n"), None);
        assert_eq!(utf16_in(b"a\0stray NUL\n"), None);
        let whole = [BOM_LE, &le("# Rules\r\n")].concat();
        assert_eq!(
            utf16_in(&whole),
            Some(Utf16 {
                whole: true,
                line: Some(1)
            })
        );
        let appended = [b"# M\n\n## 2026-01-15\n".as_slice(), &le("decided: x\r\n")].concat();
        let found = utf16_in(&appended).unwrap();
        assert_eq!(found.line, Some(4));
        assert!(
            found.describe().contains("from line 4"),
            "{}",
            found.describe()
        );
        assert!(utf16_in(&be("big\n")).is_some());
    }

    #[test]
    fn conversion_keeps_characters_line_endings_and_utf8_around() {
        // Notepad's "Unicode": a mark, CRLF; then UTF-8 an earlier version appended.
        let file = [
            BOM_LE,
            &le("# Session\r\n- tried redis - too slow – ü 中\r\n"),
            b"\n## Rejected\n- memcached\n",
        ]
        .concat();
        assert_eq!(
            String::from_utf8(to_utf8(&file).unwrap()).unwrap(),
            "\u{feff}# Session\r\n- tried redis - too slow – ü 中\r\n\n## Rejected\n- memcached\n"
        );
        // PowerShell's `>>` after UTF-8 text, twice, the first with no line break before it.
        let file = [
            b"# M\nno break".as_slice(),
            &le("decided: use postgres\r\n"),
            &le("learned: y\r\n"),
        ]
        .concat();
        assert_eq!(
            String::from_utf8(to_utf8(&file).unwrap()).unwrap(),
            "# M\nno breakdecided: use postgres\r\nlearned: y\r\n"
        );
        let file = [BOM_BE, &be("big\nendian\n")].concat();
        assert_eq!(to_utf8(&file).unwrap(), b"\xEF\xBB\xBFbig\nendian\n");
        // Nothing to convert: the same bytes.
        assert_eq!(to_utf8(b"caf\xe9\r\n").unwrap(), b"caf\xe9\r\n");
        // Empty lines inside a UTF-16 run, with LF and CRLF, either byte order.
        let le_with_blank = [BOM_LE, &le("a\n\nb\n")].concat();
        assert_eq!(
            to_utf8(&le_with_blank).unwrap(),
            "\u{feff}a\n\nb\n".as_bytes()
        );
        let be_with_blank = [BOM_BE, &be("a\n\n\nb\n")].concat();
        assert_eq!(
            to_utf8(&be_with_blank).unwrap(),
            "\u{feff}a\n\n\nb\n".as_bytes()
        );
        let no_bom_blank = le("# M\n\ndecided: x\n");
        assert_eq!(to_utf8(&no_bom_blank).unwrap(), b"# M\n\ndecided: x\n");
    }

    #[test]
    fn what_cannot_be_converted_with_certainty_is_refused() {
        let odd = [BOM_LE, &le("xy"), b"z"].concat();
        assert!(to_utf8(&odd).is_err());
        let surrogate = [BOM_LE, &[0x00, 0xD8, b'a', 0]].concat();
        assert!(to_utf8(&surrogate).unwrap_err().contains("surrogate"));
    }
}
