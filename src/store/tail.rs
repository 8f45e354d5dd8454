//! MEMORY.md read from its end: what `mind log` needs to append to it (the last heading,
//! the last line, how lines end) without reading the whole file, and its line count, kept
//! in state.json between runs so the count costs nothing either.
//!
//! The count is trusted only while the file has the length, modification time and last
//! bytes it was recorded with (the check git makes of its index, plus the end of the
//! file); anything else means counting again, streamed in fixed-size chunks.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::rank::cache::fast_hash;
use crate::store::memory_file::append_after;
use crate::store::text::{self, eol_of};

/// How much of the end is read at first (and how much more each time a heading or a line
/// start is not in it yet).
const CHUNK: usize = 64 * 1024;
/// How many of the last bytes a line count is recorded with.
const CHECKED_END: usize = 4096;

/// MEMORY.md's line count as last seen: valid while the file still matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineCount {
    pub len: u64,
    pub mtime_ns: u64,
    pub newlines: u64,
    /// The hash of the last `end_len` bytes.
    pub end_len: u64,
    pub end_hash: u64,
}

impl LineCount {
    /// The count of a file whose whole content is `bytes`, as it is on disk at `path` now.
    pub fn of_file(path: &Path, bytes: &[u8]) -> Option<LineCount> {
        let meta = std::fs::metadata(path).ok()?;
        (meta.len() == bytes.len() as u64).then_some(())?;
        Some(Self::from_end(
            meta.len(),
            mtime_ns(&meta)?,
            newlines(bytes),
            bytes,
        ))
    }

    fn from_end(len: u64, mtime_ns: u64, newlines: u64, end: &[u8]) -> LineCount {
        let end = &end[end.len().saturating_sub(CHECKED_END)..];
        LineCount {
            len,
            mtime_ns,
            newlines,
            end_len: end.len() as u64,
            end_hash: fast_hash(end),
        }
    }
}

/// What a cache derived from MEMORY.md's lines holds: the file it was taken of, and how many
/// records it has (records past `count` are ignored: an append cut short).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeysStamp {
    pub of: LineCount,
    pub count: u64,
    /// The version of the keys (`capture::dedupe::KEY_VERSION`; 0 before it was recorded).
    #[serde(default)]
    pub version: u32,
}

impl LineCount {
    /// Whether this was taken of the file at `path` as it is now (length, modification time,
    /// last bytes), reading only those last bytes.
    pub fn describes_file(&self, path: &Path) -> bool {
        let Ok(Some(mut file)) = super::read_guard::open(path) else {
            return false;
        };
        let Ok(meta) = file.metadata() else {
            return false;
        };
        if meta.len() != self.len
            || mtime_ns(&meta) != Some(self.mtime_ns)
            || self.end_len != self.len.min(CHECKED_END as u64)
        {
            return false;
        }
        let mut end = vec![0u8; self.end_len as usize];
        file.seek(SeekFrom::Start(self.len - self.end_len)).is_ok()
            && file.read_exact(&mut end).is_ok()
            && fast_hash(&end) == self.end_hash
    }
}

/// The end of MEMORY.md from the start of its last `## ` heading line (the whole file when
/// it has none), with what an append needs to know about the rest.
pub struct Tail {
    /// The file's length.
    pub len: u64,
    /// The bytes from `start` to the end; `start` is 0 or just after a newline.
    pub bytes: Vec<u8>,
    pub start: u64,
    /// How the file's lines end (as its first line does).
    pub eol: &'static str,
    /// `\n` bytes before `start`.
    pub newlines_before: u64,
    /// The modification time the file had when read.
    mtime_ns: Option<u64>,
}

impl Tail {
    /// Read the end of `path`; `known` is the line count recorded last (used when it still
    /// matches). `None` when the file does not exist.
    pub fn read(path: &Path, known: Option<LineCount>) -> std::io::Result<Option<Tail>> {
        // Through the read boundary: a MEMORY.md leading out of the project is not there.
        let Some(mut file) = super::read_guard::open(path)? else {
            return Ok(None);
        };
        let meta = file.metadata()?;
        let len = meta.len();
        let mut start = len;
        let mut bytes: Vec<u8> = Vec::new();
        // Read backwards until the bytes start at a line start and hold the last heading.
        loop {
            let from = start.saturating_sub(CHUNK.max(bytes.len()) as u64);
            let mut chunk = vec![0u8; (start - from) as usize];
            file.seek(SeekFrom::Start(from))?;
            file.read_exact(&mut chunk)?;
            chunk.extend_from_slice(&bytes);
            bytes = chunk;
            start = from;
            if start == 0 {
                break;
            }
            // The first (partial) line is not looked at; a heading after it will do.
            if let Some(nl) = memchr::memchr(b'\n', &bytes)
                && has_level2_heading(&bytes[nl + 1..])
            {
                bytes.drain(..=nl);
                start += nl as u64 + 1;
                break;
            }
        }
        let eol = if start == 0 {
            eol_of(&bytes)
        } else {
            first_eol(&mut file, start)?
        };
        let in_tail = newlines(&bytes);
        let mut tail = Tail {
            len,
            bytes,
            start,
            eol,
            newlines_before: 0,
            mtime_ns: mtime_ns(&meta),
        };
        let counted = known.filter(|k| tail.describes(k) && k.newlines >= in_tail);
        tail.newlines_before = match counted {
            Some(k) => k.newlines - in_tail,
            None => count_newlines(&mut file, start)?,
        };
        Ok(Some(tail))
    }

    /// Whether `recorded` was taken of the file as it is now: the same length, modification
    /// time and last bytes.
    pub fn describes(&self, recorded: &LineCount) -> bool {
        recorded.len == self.len
            && Some(recorded.mtime_ns) == self.mtime_ns
            && (recorded.end_len as usize) <= self.bytes.len()
            && recorded.end_len == self.len.min(CHECKED_END as u64)
            && fast_hash(&self.bytes[self.bytes.len() - recorded.end_len as usize..])
                == recorded.end_hash
    }

    /// `\n` bytes in the whole file.
    pub fn newlines(&self) -> u64 {
        self.newlines_before + newlines(&self.bytes)
    }

    /// The bytes to append so that `lines` sit under a `## {date}` heading (as
    /// [`crate::store::memory_file::append_under_date`] gives for the whole file).
    pub fn append_under_date(&self, date: NaiveDate, lines: &[String]) -> Vec<u8> {
        append_after(self.eol, &self.bytes, self.len == 0, date, lines)
    }

    /// The last non-blank line (without its line ending) and its 1-based number.
    pub fn last_line(&self) -> Option<(&[u8], u64)> {
        let body = self.bytes.trim_ascii_end();
        if body.is_empty() {
            return None;
        }
        let from = memchr::memrchr(b'\n', body).map_or(0, |i| i + 1);
        let number = self.newlines_before + newlines(&body[..from]) + 1;
        Some((text::strip_eol(&body[from..]), number))
    }

    /// The line count after `appended` was added at the end, as the file at `path` is now.
    pub fn count_after(&self, path: &Path, appended: &[u8]) -> Option<LineCount> {
        let meta = std::fs::metadata(path).ok()?;
        let len = self.len + appended.len() as u64;
        (meta.len() == len).then_some(())?;
        let mut end = self.bytes[self.bytes.len().saturating_sub(CHECKED_END)..].to_vec();
        end.extend_from_slice(appended);
        // The recorded end is the file's last bytes: whole only when `bytes` had enough.
        let whole_end = (end.len() as u64) >= len.min(CHECKED_END as u64);
        whole_end.then_some(())?;
        Some(LineCount::from_end(
            len,
            mtime_ns(&meta)?,
            self.newlines() + newlines(appended),
            &end,
        ))
    }
}

/// Whether `bytes` (starting at a line start) hold a `## ` heading line (what
/// `store::memory_file`'s last heading date looks for).
fn has_level2_heading(bytes: &[u8]) -> bool {
    bytes.split(|b| *b == b'\n').any(|line| {
        let t = text::trimmed(line);
        t.starts_with("## ") || t == "##"
    })
}

/// How the first line ends, read from the start (a newline is known to come before
/// `limit`).
fn first_eol(file: &mut File, limit: u64) -> std::io::Result<&'static str> {
    file.seek(SeekFrom::Start(0))?;
    let mut seen: u64 = 0;
    let mut buf = vec![0u8; 4096];
    let mut last: Option<u8> = None;
    while seen < limit {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        if let Some(i) = memchr::memchr(b'\n', &buf[..n]) {
            let before = if i > 0 { Some(buf[i - 1]) } else { last };
            return Ok(if before == Some(b'\r') { "\r\n" } else { "\n" });
        }
        last = Some(buf[n - 1]);
        seen += n as u64;
    }
    Ok("\n")
}

/// `\n` bytes in the first `limit` bytes of `file`, read in fixed-size chunks.
fn count_newlines(file: &mut File, limit: u64) -> std::io::Result<u64> {
    file.seek(SeekFrom::Start(0))?;
    let mut left = limit;
    let mut count = 0;
    let mut buf = vec![0u8; CHUNK];
    while left > 0 {
        let want = left.min(CHUNK as u64) as usize;
        let n = file.read(&mut buf[..want])?;
        if n == 0 {
            break;
        }
        count += newlines(&buf[..n]);
        left -= n as u64;
    }
    Ok(count)
}

fn newlines(bytes: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', bytes).count() as u64
}

fn mtime_ns(meta: &std::fs::Metadata) -> Option<u64> {
    let t = meta.modified().ok()?;
    let d = t.duration_since(std::time::UNIX_EPOCH).ok()?;
    u64::try_from(d.as_nanos()).ok()
}
