//! The on-disk index cache: `.mind/cache/index.bin`.
//!
//! Rebuilding the index of a 10,000-entry memory takes longer than a whole search may, so
//! the segments of MEMORY.md and the named memories are kept here. The cache is only ever
//! an optimisation: each segment is stored with the length and hash of the file it was built
//! from and is used only while the file still has that hash; the whole cache also carries
//! a format version, a fingerprint of the `mind` binary that wrote it (a new build may
//! tokenize or type lines differently) and a checksum. Anything that does not match is
//! ignored and rebuilt; the folder can be deleted at any time.
//!
//! A file that grows at the end (MEMORY.md, the commit store, archives) is kept in two
//! parts: its beginning up to its last heading (with that prefix's length and hash, and the
//! parser's state at its end) and the rest. While the file still starts with that prefix,
//! only the rest is indexed again (see `stream::Base`).
//!
//! The file is replaced by writing a temp file and renaming it, so readers see a whole old
//! or a whole new cache. It is not fsynced and not written under the store lock: losing or
//! racing a cache write costs a rebuild, never a memory.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, LazyLock};

use super::blocks::Blocks;
use super::segment::{Buf, Segment};
use super::stream::Base;
use crate::memories::Category;

const MAGIC: &[u8; 8] = b"MINDIDX\0";
/// Bump when the tokenizer, the segment layout or what gets indexed changes.
const FORMAT: u32 = 10;
pub const CACHE_FILE: &str = "index.bin";

/// The 64-bit content hash of everything persisted under `.mind/cache/` (change detection
/// and checksums; not cryptographic): XXH3, stable across versions and platforms. Measured
/// against the four-lane hash written here before: 1.2–2.3× faster from 64 bytes to 4 MiB.
pub fn fast_hash(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

/// Identifies the running binary: a rebuilt `mind` must not trust an older build's index.
static BINARY: LazyLock<u64> = LazyLock::new(|| {
    let meta = std::env::current_exe().and_then(std::fs::metadata);
    match meta {
        Ok(m) => {
            let modified = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos() as u64);
            fast_hash(&[m.len().to_le_bytes(), modified.to_le_bytes()].concat())
        }
        Err(_) => 0,
    }
});

/// The running binary's fingerprint (its size and modification time): caches of what a
/// build computed carry it, so another build never trusts them.
pub fn binary_fingerprint() -> u64 {
    *BINARY
}

/// A segment stored for one source file.
#[derive(Clone)]
pub struct Entry {
    pub source_len: u64,
    pub source_hash: u64,
    /// The source's modification time (ns since the epoch) when it was read, 0 when not
    /// known: with the length, what lets an unchanged file go unread ([`Cache::unchanged`]).
    pub source_mtime_ns: u64,
    /// The source is valid UTF-8 (so its lines can be shown without decoding it whole).
    pub valid_utf8: bool,
    /// A named memory's front matter as filters read it; `None` for other files and for
    /// a header that does not parse.
    pub header: Option<Header>,
    /// The source's blocks of whole lines and their hashes: a line shown is checked
    /// against its block alone.
    pub blocks: Blocks,
    /// The segment; with `base`, of the file's bytes after the base only.
    pub segment: Segment,
    /// MEMORY.md's beginning, indexed on its own (see [`Base`]): the file is searched as
    /// `base.segment` then `segment`, and while it still starts with the base's bytes only
    /// what follows them is indexed again. `source_len`, `source_hash` and `blocks` are
    /// the whole file's.
    pub base: Option<Arc<Base>>,
}

/// The front matter fields `--category` and `--tag` read.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    pub category: Category,
    pub tags: Vec<String>,
}

const FLAG_UTF8: u32 = 1;
const FLAG_HEADER: u32 = 2;
const FLAG_BASE: u32 = 4;
const FLAG_BASE_UTF8: u32 = 8;

/// The cache's entries by source name (relative to `.mind/`).
#[derive(Default)]
pub struct Cache {
    pub entries: HashMap<String, Entry>,
    /// When the cache file was written (ns since the epoch; 0 when new).
    written_ns: u64,
}

struct Reader<'a> {
    b: &'a [u8],
    pos: usize,
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&(s.len() as u32).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

/// A file's modification time in ns since the epoch.
pub fn mtime_ns(meta: &std::fs::Metadata) -> Option<u64> {
    let t = meta.modified().ok()?;
    u64::try_from(t.duration_since(std::time::UNIX_EPOCH).ok()?.as_nanos()).ok()
}

/// How long before the cache was written a file must have last changed for its length and
/// modification time to vouch for it (git's "racily clean" rule, with room for coarse
/// file-system clocks).
const RACY_NS: u64 = 1_000_000_000;

/// Whether a file last modified at `mtime_ns` is past the racy moment now: a cache written
/// from now on may vouch for it by its length and modification time.
pub fn settled(mtime_ns: u64) -> bool {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .and_then(|now| u64::try_from(now.as_nanos()).ok())
        .is_some_and(|now| settled_before(mtime_ns, now))
}

/// Whether a file last modified at `mtime_ns` was past the racy moment when a cache was
/// written at `written_ns`: only then do its length and modification time vouch for it.
pub fn settled_before(mtime_ns: u64, written_ns: u64) -> bool {
    mtime_ns.saturating_add(RACY_NS) < written_ns
}

/// Whether the last 8 bytes of the `len` bytes of `file` are the hash of the rest, read a
/// block at a time.
fn checksum_holds(mut file: std::fs::File, len: usize) -> bool {
    use std::io::Read;
    let Some(body_len) = len.checked_sub(8) else {
        return false;
    };
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    let mut block = vec![0u8; 1 << 16];
    let mut left = body_len;
    while left > 0 {
        let want = left.min(block.len());
        if file.read_exact(&mut block[..want]).is_err() {
            return false;
        }
        hasher.update(&block[..want]);
        left -= want;
    }
    let mut sum = [0u8; 8];
    file.read_exact(&mut sum).is_ok() && hasher.digest().to_le_bytes() == sum
}

impl<'a> Reader<'a> {
    fn str(&mut self) -> Option<&'a str> {
        let len = self.u32()? as usize;
        std::str::from_utf8(self.take(len)?).ok()
    }
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.b.get(self.pos..self.pos.checked_add(n)?)?;
        self.pos += n;
        Some(s)
    }
    fn u32(&mut self) -> Option<u32> {
        self.take(4)
            .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
    }
    fn u64(&mut self) -> Option<u64> {
        self.take(8)
            .map(|s| u64::from_le_bytes([s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]]))
    }
    fn blocks(&mut self) -> Option<Blocks> {
        let n_blocks = self.u32()? as usize;
        let mut blocks = Blocks::default();
        for _ in 0..n_blocks {
            blocks.ends.push(self.u64()?);
            blocks.hashes.push(self.u64()?);
        }
        Some(blocks)
    }
    /// A segment (its length, then its bytes) read in place in `buf`.
    fn segment(&mut self, buf: &Arc<Buf>) -> Option<Segment> {
        let seg_len = self.u32()? as usize;
        let start = self.pos;
        self.take(seg_len)?;
        Segment::open(buf.clone(), start, seg_len)
    }
}

fn put_blocks(out: &mut Vec<u8>, blocks: &Blocks) {
    out.extend_from_slice(&(blocks.len() as u32).to_le_bytes());
    for (end, hash) in blocks.ends.iter().zip(&blocks.hashes) {
        out.extend_from_slice(&end.to_le_bytes());
        out.extend_from_slice(&hash.to_le_bytes());
    }
}

impl Cache {
    /// Read the cache; anything missing, stale or damaged gives an empty cache.
    ///
    /// The file is memory-mapped, not read: its segments are used in place, and a search
    /// pages in little beyond the term tables and postings it looks at. The checksum reads
    /// the file once, a block at a time, from the page cache: hashing the mapping instead
    /// would make every page of it resident, as large as the index.
    pub fn load(dir: &Path) -> Cache {
        Cache::map(&dir.join(CACHE_FILE))
            .and_then(|(buf, written_ns)| {
                let mut cache = Cache::decode(buf)?;
                cache.written_ns = written_ns;
                Some(cache)
            })
            .unwrap_or_default()
    }

    /// The cache file's bytes and when it was written (one open and one fstat).
    fn map(path: &Path) -> Option<(Buf, u64)> {
        // Never blocks: a cache file linked to a pipe is refused, not waited on.
        let file = crate::store::read_guard::open_file(path).ok()?;
        let meta = file.metadata().ok()?;
        if !meta.is_file() {
            return None;
        }
        let written_ns = mtime_ns(&meta).unwrap_or(0);
        // SAFETY: the cache is only ever replaced by renaming a new file over it, never
        // written in place, so the mapped file does not change under this process. A file
        // truncated by hand while a search runs is the one way to break that, as with any
        // memory-mapped file.
        let map = unsafe { memmap2::Mmap::map(&file) }.ok()?;
        if !checksum_holds(file, map.len()) {
            return None;
        }
        Some((Buf::Mapped(map), written_ns))
    }

    /// The cached entry for `name` when the file's length and modification time (`meta`)
    /// are those it was built from, so the file need not be read to know. As git does with
    /// its index, a file modified less than a second before the cache was written is not
    /// trusted this way (it may have changed again within the same clock tick).
    pub fn unchanged(&self, name: &str, meta: &std::fs::Metadata) -> Option<&Entry> {
        let e = self.entries.get(name)?;
        let mtime = mtime_ns(meta)?;
        (e.source_mtime_ns != 0
            && e.source_mtime_ns == mtime
            && e.source_len == meta.len()
            && settled_before(mtime, self.written_ns))
        .then_some(e)
    }

    /// The entries of a cache file whose checksum holds (see [`checksum_holds`]).
    fn decode(bytes: Buf) -> Option<Cache> {
        let body_len = bytes.len().checked_sub(8)?;
        let buf = Arc::new(bytes);
        let mut r = Reader {
            b: &buf[..body_len],
            pos: 0,
        };
        if r.take(8)? != MAGIC || r.u32()? != FORMAT || r.u64()? != *BINARY {
            return None;
        }
        let count = r.u32()?;
        let mut entries = HashMap::new();
        for _ in 0..count {
            let name_len = r.u32()? as usize;
            let name = String::from_utf8(r.take(name_len)?.to_vec()).ok()?;
            let source_len = r.u64()?;
            let source_hash = r.u64()?;
            let source_mtime_ns = r.u64()?;
            let flags = r.u32()?;
            let header = if flags & FLAG_HEADER != 0 {
                let category = Category::parse(r.str()?)?;
                let tags = (0..r.u32()?)
                    .map(|_| r.str().map(str::to_string))
                    .collect::<Option<Vec<String>>>()?;
                Some(Header { category, tags })
            } else {
                None
            };
            let blocks = r.blocks()?;
            let segment = r.segment(&buf)?;
            let base = if flags & FLAG_BASE != 0 {
                let len = r.u64()?;
                let hash = r.u64()?;
                let blocks = r.blocks()?;
                let state_len = r.u32()? as usize;
                let state = r.take(state_len)?.to_vec();
                Some(Arc::new(Base {
                    len,
                    hash,
                    valid_utf8: flags & FLAG_BASE_UTF8 != 0,
                    blocks,
                    state,
                    segment: r.segment(&buf)?,
                }))
            } else {
                None
            };
            entries.insert(
                name,
                Entry {
                    source_len,
                    source_hash,
                    source_mtime_ns,
                    valid_utf8: flags & FLAG_UTF8 != 0,
                    header,
                    blocks,
                    segment,
                    base,
                },
            );
        }
        Some(Cache {
            entries,
            written_ns: 0,
        })
    }

    /// The cached entry for `name` if it was built from exactly `source`.
    pub fn get(&self, name: &str, source: &[u8], hash: u64) -> Option<Entry> {
        let e = self.entries.get(name)?;
        (e.source_len == source.len() as u64 && e.source_hash == hash).then(|| e.clone())
    }

    /// Write the cache (best effort: a cache that cannot be written is simply not there).
    pub fn save(&self, dir: &Path) {
        // A cloned repository's `.mind/cache` (or the file) may be a link out of the project:
        // then the cache is simply not kept.
        if crate::store::guard::check(&dir.join(CACHE_FILE)).is_ok() {
            let _ = self.try_save(dir);
        }
    }

    fn try_save(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let tmp = tempfile::Builder::new()
            .prefix(&crate::store::atomic::temp_prefix())
            .tempfile_in(dir)?;
        // Written as it is made, checksummed on the way: the segments are not copied into
        // one more buffer the size of the cache.
        let mut out = Hashing::new(std::io::BufWriter::with_capacity(1 << 16, tmp));
        out.put(MAGIC)?;
        out.put(&FORMAT.to_le_bytes())?;
        out.put(&BINARY.to_le_bytes())?;
        let mut names: Vec<&String> = self.entries.keys().collect();
        names.sort();
        out.put(&(names.len() as u32).to_le_bytes())?;
        for name in names {
            let e = &self.entries[name];
            let mut head = Vec::new();
            head.extend_from_slice(&(name.len() as u32).to_le_bytes());
            head.extend_from_slice(name.as_bytes());
            head.extend_from_slice(&e.source_len.to_le_bytes());
            head.extend_from_slice(&e.source_hash.to_le_bytes());
            head.extend_from_slice(&e.source_mtime_ns.to_le_bytes());
            let flags = if e.valid_utf8 { FLAG_UTF8 } else { 0 }
                | if e.header.is_some() { FLAG_HEADER } else { 0 }
                | match &e.base {
                    Some(base) if base.valid_utf8 => FLAG_BASE | FLAG_BASE_UTF8,
                    Some(_) => FLAG_BASE,
                    None => 0,
                };
            head.extend_from_slice(&flags.to_le_bytes());
            if let Some(h) = &e.header {
                put_str(&mut head, h.category.as_str());
                head.extend_from_slice(&(h.tags.len() as u32).to_le_bytes());
                for tag in &h.tags {
                    put_str(&mut head, tag);
                }
            }
            put_blocks(&mut head, &e.blocks);
            let seg_len = e.segment.bytes().len();
            head.extend_from_slice(&(seg_len as u32).to_le_bytes());
            out.put(&head)?;
            e.segment.write_pieces(|piece| out.put(piece))?;
            if let Some(base) = &e.base {
                let mut head = Vec::new();
                head.extend_from_slice(&base.len.to_le_bytes());
                head.extend_from_slice(&base.hash.to_le_bytes());
                put_blocks(&mut head, &base.blocks);
                head.extend_from_slice(&(base.state.len() as u32).to_le_bytes());
                head.extend_from_slice(&base.state);
                head.extend_from_slice(&(base.segment.bytes().len() as u32).to_le_bytes());
                out.put(&head)?;
                base.segment.write_pieces(|piece| out.put(piece))?;
            }
        }
        let tmp = out.finish()?.into_inner().map_err(|e| e.into_error())?;
        tmp.persist(dir.join(CACHE_FILE)).map_err(|e| e.error)?;
        Ok(())
    }
}

/// A writer that hashes what it writes, so a cache is written and checksummed as it is made
/// (the checksum, `fast_hash` of everything before it, goes last): the index cache and the
/// parse cache.
pub(crate) struct Hashing<W> {
    pub(crate) file: W,
    hasher: xxhash_rust::xxh3::Xxh3,
}

impl<W: Write> Hashing<W> {
    pub(crate) fn new(file: W) -> Self {
        Hashing {
            file,
            hasher: xxhash_rust::xxh3::Xxh3::new(),
        }
    }

    pub(crate) fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.hasher.update(bytes);
        self.file.write_all(bytes)
    }

    /// Writes the checksum of everything put so far; the writer back.
    pub(crate) fn finish(mut self) -> std::io::Result<W> {
        let sum = self.hasher.digest();
        self.file.write_all(&sum.to_le_bytes())?;
        Ok(self.file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::corpus;
    use crate::rank::tokenize::Tokenizer;

    #[test]
    fn hash_sees_every_byte() {
        let a = fast_hash(b"decided: use JWT for sessions");
        assert_ne!(a, fast_hash(b"decided: use JWT for session"));
        assert_ne!(a, fast_hash(b"decided: use JWT for sessionz"));
        assert_ne!(fast_hash(b""), fast_hash(b"\0"));
        assert_eq!(a, fast_hash(b"decided: use JWT for sessions"));
        // Every byte of a long input counts, in every lane and in the tail, and so does
        // where it is.
        let long: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let whole = fast_hash(&long);
        for i in [0, 7, 8, 31, 32, 500, 990, 999] {
            let mut changed = long.clone();
            changed[i] ^= 1;
            assert_ne!(fast_hash(&changed), whole, "byte {i}");
        }
        let mut swapped = long.clone();
        swapped.swap(0, 8);
        assert_ne!(fast_hash(&swapped), whole);
        assert_ne!(fast_hash(&long[..999]), whole);
    }

    #[test]
    fn round_trip_and_damage() {
        let dir = tempfile::tempdir().unwrap();
        let source = b"decided: use JWT\n";
        let seg = Segment::build(
            &corpus::markdown(&String::from_utf8_lossy(source)),
            &mut Tokenizer::default(),
        );
        let mut cache = Cache::default();
        let hash = fast_hash(source);
        cache.entries.insert(
            "MEMORY.md".into(),
            Entry {
                source_len: source.len() as u64,
                source_hash: hash,
                source_mtime_ns: 7,
                valid_utf8: true,
                header: None,
                blocks: Blocks::of(source),
                segment: seg.clone(),
                base: None,
            },
        );
        let header = Header {
            category: Category::Guide,
            tags: vec!["auth".into(), "Ünïcode".into()],
        };
        cache.entries.insert(
            "memories/a.md".into(),
            Entry {
                source_len: 3,
                source_hash: 9,
                source_mtime_ns: 0,
                valid_utf8: false,
                header: Some(header.clone()),
                blocks: Blocks::default(),
                segment: seg.clone(),
                base: None,
            },
        );
        cache.save(dir.path());
        let back = Cache::load(dir.path());
        let got = back.get("MEMORY.md", source, hash).expect("cached");
        assert_eq!(got.segment.bytes(), seg.bytes());
        assert!(got.valid_utf8);
        assert_eq!((got.source_mtime_ns, got.header), (7, None));
        assert_eq!(got.blocks, Blocks::of(source));
        let named = &back.entries["memories/a.md"];
        assert_eq!(named.header.as_ref(), Some(&header));
        assert!(!named.valid_utf8);
        assert!(
            back.get("MEMORY.md", b"other", fast_hash(b"other"))
                .is_none()
        );
        // Flip one byte: the checksum rejects the whole file.
        let path = dir.path().join(CACHE_FILE);
        let mut bytes = std::fs::read(&path).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(Cache::load(dir.path()).entries.is_empty());
        std::fs::write(&path, b"junk").unwrap();
        assert!(Cache::load(dir.path()).entries.is_empty());
    }
}
