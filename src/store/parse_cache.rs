//! `.mind/cache/memory.parse`: MEMORY.md's parse up to its last whole line, kept between
//! runs so a recall parses only what was appended since.
//!
//! MEMORY.md grows at the end (`mind log`, promotion, harvest), so the common case is "the
//! same beginning, a few new lines". The cache holds the length and hash of the beginning
//! it was made from, and the parser's state after it ([`parse::Resumable`]); it is used
//! only while the file still starts with exactly those bytes, and the lines after them are
//! parsed on top. Anything else (an edit inside, a truncation, another build of `mind`, a
//! damaged file) means a full parse, with the same result: the cache is an optimisation
//! only. Written through a temp file and a rename, not fsynced and without the lock: a lost
//! or raced write costs one full parse, never a memory.
//!
//! The cache it grew from is kept beside it (`memory.parse.prev`): a recall that promotes
//! reads MEMORY.md before its append (for the comparison) and after it (for the context
//! block), and a file cut back to where it was before an append (an undone promotion, a
//! checkout of MEMORY.md) resumes from that earlier point instead of being parsed whole.

use std::path::Path;

use crate::parse::{self, Document, Resumable};
use crate::rank::cache::{Hashing, binary_fingerprint, fast_hash};
use crate::store::{CACHE_DIR, Project, atomic, guard, text};

pub const PARSE_CACHE_FILE: &str = "memory.parse";
/// The cache `memory.parse` was last grown from (the same format), tried when the newer one
/// does not match: MEMORY.md as it was before its last append.
pub const PARSE_CACHE_PREVIOUS: &str = "memory.parse.prev";
const MAGIC: &[u8; 8] = b"MINDPRS\0";
/// Bump when the encoding changes (a parser change is covered by the binary fingerprint).
const FORMAT: u32 = 8;
/// Below this many bytes of whole lines a parse takes about a millisecond, less than the
/// cache would save; such memories are parsed whole and no cache file is written.
pub const PARSE_CACHE_MIN: usize = 32 * 1024;
/// Fixed header: magic, format, binary fingerprint, prefix length, prefix hash.
const HEADER: usize = 8 + 4 + 8 + 8 + 8;

/// MEMORY.md's document (`bytes`, as the caller read it), problems not yet resolved: the
/// cached beginning resumed when it matches, and the cache brought up to date.
pub fn memory_unresolved(project: &Project, bytes: &[u8]) -> Document {
    if bytes.len() < PARSE_CACHE_MIN {
        return parse::parse_document_unresolved(&text::lossy(bytes));
    }
    let dir = project.dir().join(CACHE_DIR);
    let current = dir.join(PARSE_CACHE_FILE);
    let previous = dir.join(PARSE_CACHE_PREVIOUS);
    // The newer cache first; the one it grew from when the file is back to that point.
    let (found, from_current) = match load(&current, bytes) {
        Some(found) => (Some(found), true),
        None => (load(&previous, bytes), false),
    };
    let (mut parse, cached_len) = found.unwrap_or_default();
    // Everything up to the last newline is kept; a last line without one may still grow.
    let whole = memchr::memrchr(b'\n', bytes).map_or(0, |i| i + 1);
    if whole > cached_len {
        parse.feed(&text::lossy(&bytes[cached_len..whole]));
        // Grown from the newer cache: that one becomes the previous point. Otherwise the
        // newer cache matched nothing and is simply replaced.
        let keep_previous = from_current && cached_len > 0;
        save(&dir, &parse, &bytes[..whole], keep_previous);
    }
    parse.feed(&text::lossy(&bytes[whole.max(cached_len)..]));
    parse.into_document()
}

/// The newer cache when it holds the parse of MEMORY.md's beginning (`bytes`, as the
/// caller read it) and at most [`lag_allowed`] bytes of whole lines follow it: a reader that
/// takes only some of its entities ([`parse::snapshot::decode_lazy`]) parses those lines on
/// top and leaves the cache as it is, so a recall after a `mind log` does not decode and
/// write every cached entity again for one new line. `None` when it is missing, stale,
/// damaged, or too far behind the file (then [`memory_unresolved`] parses and saves).
pub fn current(project: &Project, bytes: &[u8]) -> Option<Current> {
    if bytes.len() < PARSE_CACHE_MIN {
        return None;
    }
    let path = project.dir().join(CACHE_DIR).join(PARSE_CACHE_FILE);
    let (map, len) = matching(&path, bytes)?;
    let whole = memchr::memrchr(b'\n', bytes).map_or(0, |i| i + 1);
    let behind = whole.checked_sub(len)?;
    (behind <= lag_allowed(len)).then_some(Current { map, len })
}

/// How many bytes of whole lines may follow a cache of `cached` bytes before a reader
/// brings it up to date instead: 64 KiB (parsed in a millisecond or two), or a sixteenth of
/// the cached text when that is more, so the rewrite (which costs about as much as parsing
/// the cached text) is paid at most once per that much growth.
pub fn lag_allowed(cached: usize) -> usize {
    (64 * 1024).max(cached / 16)
}

/// [`current`], or when MEMORY.md has no cache it could resume from at all (a first recall,
/// a deleted cache, an edit inside, another build of `mind`): a new cache written straight
/// from the text ([`write_streamed`]), then read as a current one. A whole parse of a large
/// memory holds every entity at once, several times the text's size; this holds one
/// piece's. `None` when the memory is small, a cache it could resume from exists (then
/// [`memory_unresolved`] goes on from it), or the cache cannot be written.
pub fn current_or_streamed(project: &Project, bytes: &[u8]) -> Option<Current> {
    if let Some(current) = current(project, bytes) {
        return Some(current);
    }
    if bytes.len() < PARSE_CACHE_MIN {
        return None;
    }
    let dir = project.dir().join(CACHE_DIR);
    let resumable = [PARSE_CACHE_FILE, PARSE_CACHE_PREVIOUS]
        .iter()
        .any(|name| matching(&dir.join(name), bytes).is_some());
    if resumable {
        return None;
    }
    let whole = memchr::memrchr(b'\n', bytes).map_or(0, |i| i + 1);
    write_streamed(&dir, &bytes[..whole], STREAM_PIECE)?;
    current(project, bytes)
}

/// Bytes of MEMORY.md parsed at a time by [`write_streamed`] (then cut at a line's end):
/// some five thousand entries, whose encoding is written before the next piece is read.
const STREAM_PIECE: usize = 1 << 20;

/// Write the cache of `prefix` (MEMORY.md's whole lines) parsing it `piece` bytes at a time:
/// each piece's entities are encoded into an unnamed temporary file and dropped, then the
/// cache is the header, what goes before the entities ([`parse::snapshot::Streamed`]),
/// that file's bytes, summed as they are copied, and the problems still waiting. The same
/// bytes [`save`] writes for a whole parse of `prefix`.
fn write_streamed(dir: &Path, prefix: &[u8], piece: usize) -> Option<()> {
    use std::io::{Read, Seek, Write};
    let path = dir.join(PARSE_CACHE_FILE);
    guard::check(&path).ok()?;
    guard::check(&dir.join(PARSE_CACHE_PREVIOUS)).ok()?;
    std::fs::create_dir_all(dir).ok()?;
    // Unnamed: gone when dropped, or when the process is killed.
    let mut entities = tempfile::tempfile_in(dir).ok()?;
    let mut streamed = parse::snapshot::Streamed::new(prefix);
    let mut out = Vec::with_capacity(piece);
    while streamed.read() < prefix.len() {
        let from = streamed.read();
        let end = (from + piece.max(1)).min(prefix.len());
        // Cut after the piece's last newline (a line longer than a piece goes whole).
        let cut = match memchr::memrchr(b'\n', &prefix[from..end]) {
            Some(i) if end < prefix.len() => from + i + 1,
            _ => memchr::memchr(b'\n', &prefix[end..]).map_or(prefix.len(), |i| end + i + 1),
        };
        streamed.read_to(cut, &mut out, &names_a_file);
        entities.write_all(&out).ok()?;
        out.clear();
    }
    let tmp = tempfile::Builder::new()
        .prefix(&atomic::temp_prefix())
        .tempfile_in(dir)
        .ok()?;
    let mut file = Hashing::new(tmp);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(&binary_fingerprint().to_le_bytes());
    out.extend_from_slice(&(prefix.len() as u64).to_le_bytes());
    out.extend_from_slice(&fast_hash(prefix).to_le_bytes());
    let waiting = streamed.finish(&mut out);
    file.put(&out).ok()?;
    entities.rewind().ok()?;
    out.resize(parse::snapshot::CHUNK * 4, 0);
    loop {
        match entities.read(&mut out) {
            Ok(0) => break,
            Ok(n) => file.put(&out[..n]).ok()?,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    // Then the problems still waiting, written as they are encoded.
    out.clear();
    let mut failed = false;
    parse::snapshot::put_waiting(&waiting, &mut out, &mut |buf| {
        failed |= file.put(buf).is_err();
        buf.clear();
    });
    drop(waiting);
    if failed {
        return None;
    }
    file.put(&out).ok()?;
    file.finish().ok()?.persist(&path).ok()?;
    Some(())
}

/// A mapped cache file that matches MEMORY.md's whole lines (see [`current`]).
pub struct Current {
    map: memmap2::Mmap,
    len: usize,
}

impl Current {
    /// The length of MEMORY.md's beginning the cache covers (its whole lines).
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cached parse of `bytes` (the MEMORY.md given to [`current`]), entities unread;
    /// the pages a pass over them has read are let go of as it goes.
    pub fn lazy<'a>(&'a self, bytes: &'a [u8]) -> Option<parse::snapshot::Lazy<'a>> {
        let body = &self.map[HEADER..self.map.len() - 8];
        let lazy = parse::snapshot::decode_lazy(body, bytes.get(..self.len)?)?;
        Some(lazy.releasing(self))
    }
}

impl parse::snapshot::Release for Current {
    fn release(&self, bytes: std::ops::Range<usize>) {
        release(&self.map, HEADER + bytes.start..HEADER + bytes.end);
    }
}

/// Let go of the pages of `map` that hold `range` (best effort): a pass over a large cache
/// then keeps no more of it resident than it is reading.
fn release(map: &memmap2::Mmap, range: std::ops::Range<usize>) {
    #[cfg(unix)]
    if range.end <= map.len() && range.start < range.end {
        // SAFETY: the map is a read-only shared mapping of a file that is only ever
        // replaced by a rename, never written in place (see `map`): pages let go of are
        // read again from the file, with the same bytes, when anything borrowed from them
        // is read. Nothing of it is ever written through the map.
        let _ = unsafe {
            map.unchecked_advise_range(
                memmap2::UncheckedAdvice::DontNeed,
                range.start,
                range.end - range.start,
            )
        };
    }
    #[cfg(not(unix))]
    let _ = (map, range);
}

/// The parse cached in `path` and the length of the beginning of `bytes` it covers, when
/// the cache was made from exactly that beginning by this build.
fn load(path: &Path, bytes: &[u8]) -> Option<(Resumable, usize)> {
    let (file, len) = matching(path, bytes)?;
    let body = &file[HEADER..file.len() - 8];
    let parse = parse::snapshot::decode(body, &bytes[..len])?;
    Some((parse, len))
}

/// The cache file in `path`, mapped, and the length of the beginning of `bytes` it was
/// made from, when its sum, format, build and that beginning's hash all match.
fn matching(path: &Path, bytes: &[u8]) -> Option<(memmap2::Mmap, usize)> {
    let file = map(path)?;
    let body_len = file.len().checked_sub(8)?;
    let (body, sum) = file.split_at(body_len);
    if body.len() < HEADER || summed(&file, body_len).to_le_bytes() != sum {
        return None;
    }
    let u64_at = |at: usize| u64::from_le_bytes(body[at..at + 8].try_into().unwrap_or_default());
    let format = u32::from_le_bytes(body[8..12].try_into().unwrap_or_default());
    if &body[..8] != MAGIC || format != FORMAT || u64_at(12) != binary_fingerprint() {
        return None;
    }
    let len = usize::try_from(u64_at(20)).ok()?;
    let prefix = bytes.get(..len)?;
    if fast_hash(prefix) != u64_at(28) {
        return None;
    }
    Some((file, len))
}

/// [`fast_hash`] of the first `len` bytes of `map`, summed a piece at a time and each
/// piece let go of once summed: checking a large cache does not keep all of it resident.
fn summed(map: &memmap2::Mmap, len: usize) -> u64 {
    const PIECE: usize = 4 << 20;
    let mut sum = xxhash_rust::xxh3::Xxh3::new();
    let mut at = 0;
    while at < len {
        let end = (at + PIECE).min(len);
        sum.update(&map[at..end]);
        release(map, at..end);
        at = end;
    }
    sum.digest()
}

/// The cache file's bytes, mapped rather than read: nothing is copied, and no large
/// buffer is freed before the parse is built (glibc would then keep the following
/// allocations, the parse among them, in its heap, where freed memory stays resident).
fn map(path: &Path) -> Option<memmap2::Mmap> {
    // A regular file only, opened without blocking: a cache linked to a pipe is no cache.
    let file = super::read_guard::open_file(path).ok()?;
    // SAFETY: the cache is only ever replaced by renaming a new file over it (`try_save`),
    // never written in place, so the mapped bytes do not change under this process; a file
    // truncated by hand during a recall is the one way to break that, as with any mapping.
    unsafe { memmap2::Mmap::map(&file) }.ok()
}

/// Keep `parse`, made from `prefix` (best effort: a cache that cannot be written is simply
/// not there); with `keep_previous`, the cache it replaces stays as the previous point.
fn save(dir: &Path, parse: &Resumable, prefix: &[u8], keep_previous: bool) {
    let _ = try_save(dir, parse, prefix, keep_previous);
}

fn try_save(dir: &Path, parse: &Resumable, prefix: &[u8], keep_previous: bool) -> Option<()> {
    let path = dir.join(PARSE_CACHE_FILE);
    let previous = dir.join(PARSE_CACHE_PREVIOUS);
    // A cloned repository may hold a `.mind/cache` link: never write through it.
    guard::check(&path).ok()?;
    guard::check(&previous).ok()?;
    std::fs::create_dir_all(dir).ok()?;
    let tmp = tempfile::Builder::new()
        .prefix(&atomic::temp_prefix())
        .tempfile_in(dir)
        .ok()?;
    // Written and summed as it is encoded, so a large parse is not held a second time as
    // bytes.
    let mut file = Hashing::new(tmp);
    let mut failed = false;
    let mut out = Vec::with_capacity(parse::snapshot::CHUNK + 4096);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(&binary_fingerprint().to_le_bytes());
    out.extend_from_slice(&(prefix.len() as u64).to_le_bytes());
    out.extend_from_slice(&fast_hash(prefix).to_le_bytes());
    let extras = parse::snapshot::extras_of(parse, names_a_file);
    parse::snapshot::encode_chunked(&mut out, parse, prefix, &extras, &mut |buf| {
        failed |= file.put(buf).is_err();
        buf.clear();
    });
    if failed {
        return None;
    }
    file.put(&out).ok()?;
    let finished = file.finish().ok()?;
    // A rename, not a copy: the newer cache is only ever replaced whole, so the previous
    // point is the file as it was written. Failing, the previous point is merely older.
    if keep_previous {
        let _ = std::fs::rename(&path, &previous);
    }
    finished.persist(&path).ok()?;
    Some(())
}

/// Entries the block's staleness check asks about (the same filter as
/// `capture::staleness`: not superseded, dated, a file named), kept in the cache so a
/// recall finds them without reading every entry.
fn names_a_file(e: &crate::parse::Entity) -> bool {
    if e.superseded || e.date.is_none() {
        return false;
    }
    let (provenance, paths) = crate::capture::staleness::named_paths(&e.text);
    provenance.is_some() || !paths.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use xxhash_rust::xxh3::Xxh3;

    /// A memory above the cache's threshold with a bit of everything the cache keeps.
    fn memory() -> String {
        let mut text = String::from("# Memory\n\n## Project State\n- Goal: ship\n\n");
        let mut day = 0;
        while text.len() < 3 * PARSE_CACHE_MIN {
            day += 1;
            text.push_str(&format!(
                "## 2025-{:02}-{:02} | day {day}\n\nproblem: upload {day} times out\n\
                 decided: keep sqlite for now\nlearned: src/a{day}.rs is slow\n\
                 fixed: upload {} no longer times out\nNext: docs {day}\n\n",
                1 + day / 28 % 12,
                1 + day % 28,
                day.max(2) - 1
            ));
        }
        text
    }

    #[test]
    fn the_streamed_cache_is_the_one_a_whole_parse_writes_for_any_piece_size() {
        // With lines that are not UTF-8 and lines ending in CRLF, as MEMORY.md may hold.
        let mut bytes = memory().into_bytes();
        bytes.extend_from_slice(b"decided: use caf\xe9 for the lobby\r\nproblem: \xff\xfe drops\n");
        bytes.extend_from_slice(memory().replace('\n', "\r\n").as_bytes());
        let bytes = &bytes[..];
        let dir = tempfile::tempdir().unwrap();
        let mut parse = Resumable::default();
        parse.feed(&crate::store::text::lossy(bytes));
        save(dir.path(), &parse, bytes, false);
        let whole = std::fs::read(dir.path().join(PARSE_CACHE_FILE)).unwrap();
        for piece in [1, 7, 100, 4096, 65_536, STREAM_PIECE] {
            let other = tempfile::tempdir().unwrap();
            write_streamed(other.path(), bytes, piece).expect("written");
            let streamed = std::fs::read(other.path().join(PARSE_CACHE_FILE)).unwrap();
            assert!(streamed == whole, "piece of {piece} bytes");
            // Nothing else is left behind.
            assert_eq!(std::fs::read_dir(other.path()).unwrap().count(), 1);
        }
    }

    #[test]
    fn a_mapped_file_summed_in_pieces_is_its_fast_hash() {
        let bytes: Vec<u8> = (0..9_000_000u32).map(|i| (i * 31 % 253) as u8).collect();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, &bytes).unwrap();
        let map = map(&path).expect("mapped");
        assert_eq!(summed(&map, bytes.len()), fast_hash(&bytes));
        assert_eq!(summed(&map, 1000), fast_hash(&bytes[..1000]));
        // Pages let go of read back the same.
        assert!(map[..] == bytes[..]);
    }

    #[test]
    fn the_sum_computed_in_pieces_is_fast_hash() {
        let bytes: Vec<u8> = (0..300_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut sum = Xxh3::new();
        for piece in bytes.chunks(65_536 + 17) {
            sum.update(piece);
        }
        assert_eq!(sum.digest(), fast_hash(&bytes));
    }
}
