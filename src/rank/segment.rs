//! One indexed file as a compact, read-in-place byte blob.
//!
//! The same bytes serve a freshly built index and one read back from `.mind/cache/`, so
//! there is one code path and loading a cached index costs a file read, not a decode:
//! terms are found by binary search in the sorted term table and only the postings of the
//! query's terms are touched. Every read is bounds-checked, so a damaged blob yields
//! wrong-but-harmless answers (and is caught earlier by the cache checksum), never a panic.
//!
//! Layout (little-endian):
//! ```text
//! header      HEADER_WORDS × u32 (magic, counts, offsets)
//! docs        n_docs × DOC_SIZE      start, len, line, date, section, body_len:u16, kind:u8, flags:u8
//! sections    n_sections × SEC_SIZE  start, len, line, first_doc, head_len
//! term_off    (n_terms + 1) × u32    offsets into term_bytes
//! term_bytes  the sorted terms, concatenated
//! term_post   n_terms × 16           body_start, body_count, head_start, head_count
//! body_post   (doc, tf) varints      grouped by term, docs as gaps from the previous one
//! head_post   (section, tf) varints  grouped by term, sections as gaps
//! fwd_index   (n_docs + 1) × u32     start of each doc's terms in fwd_post
//! fwd_post    (term, tf) varints     grouped by doc, terms as gaps
//! ```
//!
//! Header word 19 holds flags (`SEG_CONTINUES`).
//!
//! Postings are LEB128 varints (starts are byte offsets, counts are pairs), ids stored as the
//! gap from the previous id of the same list: a pair takes two or three bytes instead of
//! eight, which keeps the cache near the size of the text it indexes.
//!
//! Why a layout of its own and not a serialisation crate, measured: the MEMORY.md segments
//! of `scripts/bench`'s 100,000- and 10,000-entry corpora, taken from a real index cache,
//! written again in each format (this layout re-encodes to the same bytes); release build,
//! medians of 1,001–2,001 runs, three sessions on a loaded 2-core machine. Open = from a
//! memory map to a checked view (this layout checks each read as it goes); lookup = find 3
//! terms and read all their body postings.
//!
//! | 100,000 entries (10,000)        | MB          | build, ms    | open, µs    | lookup, µs    |
//! |---------------------------------|-------------|--------------|-------------|---------------|
//! | this layout                     | 8.63 (0.83) | 30 (1.3)     | 0.05 (0.05) | 110–155 (7.3) |
//! | zerocopy types, the same bytes  | 8.63 (0.83) | 30 (1.3)     | 0.05 (0.05) | 140 (6.7)     |
//! | zerocopy, fixed u32 postings    | 16.3 (1.62) | 27–31 (1.2)  | 0.05 (0.05) | 11 (1.4)      |
//! | rkyv 0.8, map of (id, tf) lists | 17.0 (1.70) | 200–260 (15) | 1,560 (150) | 11 (1.2)      |
//! | rkyv 0.8, sorted terms, varints | 8.54 (0.83) | 37–39 (1.8)  | 830 (75)    | 150 (7.6)     |
//!
//! Every format also pays the cache's checksum (xxh3 over the file: 1.1 ms (0.05)), since
//! a damaged byte can still be well formed. Verdict: kept. No crate is as fast and no
//! bigger: the one rkyv archive as small builds 25–40% slower, opens 0.8 ms slower (its
//! check walks the whole archive; `access_unchecked` is not sound on bytes read from disk)
//! and looks up no faster; the archives that look up 10× faster are twice the size, for a
//! gain of about 0.1 ms in a 150 ms search. zerocopy would only name the fixed fields read
//! here with `rd`: the same bytes at the same speed.

use std::sync::Arc;

use chrono::{Datelike, NaiveDate};

use super::corpus::{Kind, RawFile};
use super::postings::Pairs;
use super::tokenize::Tokenizer;

pub use super::segment_builder::Builder;

pub(super) const MAGIC: u32 = 0x4745_534d; // "MSEG"
pub(super) const HEADER_WORDS: usize = 20;
pub(super) const DOC_SIZE: usize = 24;
pub(super) const SEC_SIZE: usize = 20;

// Header word indexes.
pub(super) const H_MAGIC: usize = 0;
pub(super) const H_DOCS: usize = 1;
pub(super) const H_SECTIONS: usize = 2;
pub(super) const H_TERMS: usize = 3;
pub(super) const H_BODY_LEN: usize = 4;
pub(super) const H_HEAD_LEN: usize = 5;
pub(super) const O_DOCS: usize = 6;
pub(super) const O_SECTIONS: usize = 7;
pub(super) const O_TERM_OFF: usize = 8;
pub(super) const O_TERM_BYTES: usize = 9;
pub(super) const O_TERM_POST: usize = 10;
pub(super) const O_BODY_POST: usize = 11;
pub(super) const O_HEAD_POST: usize = 12;
pub(super) const O_FWD_INDEX: usize = 13;
pub(super) const O_FWD_POST: usize = 14;
pub(super) const N_BODY_POST: usize = 15;
pub(super) const N_HEAD_POST: usize = 16;
pub(super) const N_FWD_POST: usize = 17;
pub(super) const N_TERM_BYTES: usize = 18;
pub(super) const H_FLAGS: usize = 19;

/// Header flag: the segment goes on from the one before it in the same file (MEMORY.md's
/// tail after its cached beginning, see `cache::Grown`); its sections are its own, but
/// BM25's document frequencies are clamped over the two together, as over the whole file.
pub(super) const SEG_CONTINUES: u32 = 1;

pub(super) const FLAG_SUPERSEDED: u8 = 1;

/// The bytes segments are read from: built in memory, or the index cache mapped from
/// disk (so a search touches only the pages of the terms it looks up, and the cache is
/// neither copied nor held twice).
pub enum Buf {
    Owned(Vec<u8>),
    Mapped(memmap2::Mmap),
    /// A segment built into its own unnamed temp file (see `Builder::finish_spilled`).
    Written(memmap2::MmapMut),
}

impl std::ops::Deref for Buf {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Buf::Owned(v) => v,
            Buf::Mapped(m) => m,
            Buf::Written(m) => m,
        }
    }
}

impl Buf {
    /// Drop the pages of `from..from + len` (`from` page-aligned) out of this process's
    /// memory when the buffer is a mapped file: they stay in the file and are read in again
    /// only if touched again. Reading a large mapped segment through (to copy it into the
    /// cache file) thus holds a piece of it at a time, not all of it.
    pub fn give_back(&self, from: usize, len: usize) {
        match self {
            Buf::Owned(_) => {}
            #[cfg(unix)]
            Buf::Mapped(m) => {
                if from.checked_add(len).is_some_and(|end| end <= m.len()) {
                    // SAFETY: a shared mapping of a file that is never written in place
                    // (see `Cache::map`): dropped pages are read back unchanged.
                    let _ = unsafe {
                        m.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, from, len)
                    };
                }
            }
            Buf::Written(m) => Buf::give_back_mut(m, from, len),
            #[cfg(not(unix))]
            _ => {}
        }
    }

    /// [`Buf::give_back`] for a writable mapping of a file.
    pub(super) fn give_back_mut(m: &memmap2::MmapMut, from: usize, len: usize) {
        #[cfg(unix)]
        if from.checked_add(len).is_some_and(|end| end <= m.len()) {
            // SAFETY: a shared mapping of this process's own temp file: dropped pages are
            // read back from the file with what was written to them, never lost or zeroed.
            let _ =
                unsafe { m.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, from, len) };
        }
        #[cfg(not(unix))]
        let _ = (m, from, len);
    }
}

/// A shared byte buffer and the range of it that holds one segment.
#[derive(Clone)]
pub struct Segment {
    buf: Arc<Buf>,
    start: usize,
    len: usize,
    header: [u32; HEADER_WORDS],
    /// Unique per opened segment (its clones share it), so that values derived from one
    /// segment can be remembered and never mistaken for another's.
    id: u64,
}

static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// One document's fixed fields.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DocMeta {
    pub start: usize,
    pub len: usize,
    pub line: usize,
    pub date: Option<NaiveDate>,
    pub section: usize,
    pub body_len: u32,
    pub kind: Kind,
    pub superseded: bool,
}

/// One section's fixed fields.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SectionMeta {
    pub start: usize,
    pub len: usize,
    pub line: usize,
    pub first_doc: usize,
    pub end_doc: usize,
    pub head_len: u32,
}

/// Where a term's postings are.
#[derive(Debug, Clone, Copy, Default)]
pub struct TermPostings {
    pub id: u32,
    body_start: usize,
    pub body_count: usize,
    head_start: usize,
    pub head_count: usize,
}

pub(super) fn rd(b: &[u8], off: usize) -> u32 {
    b.get(off..off + 4)
        .map_or(0, |s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// The fixed fields of a segment's docs, sliced once: what ranking reads for every line
/// a query touches (section, length, kind, day, flags) costs one bounds-checked load each.
#[derive(Clone, Copy)]
pub struct DocTable<'a> {
    bytes: &'a [u8],
}

impl DocTable<'_> {
    #[inline]
    fn word(&self, id: usize, k: usize) -> u32 {
        rd(self.bytes, id * DOC_SIZE + k * 4)
    }

    /// The section of doc `id`.
    #[inline]
    pub fn section(&self, id: usize) -> usize {
        self.word(id, 4) as usize
    }

    /// The body length (in terms) of doc `id`.
    #[inline]
    pub fn body_len(&self, id: usize) -> u32 {
        self.word(id, 5) & 0xffff
    }

    /// Kind, day and superseded flag of doc `id`: what ranking filters and sorts on.
    #[inline]
    pub fn rank_fields(&self, id: usize) -> (Kind, Day, bool) {
        let tail = self.word(id, 5);
        (
            Kind::from_code(((tail >> 16) & 0xff) as u8),
            Day::from_raw(self.word(id, 3)),
            (tail >> 24) as u8 & FLAG_SUPERSEDED != 0,
        )
    }
}

/// A line's date as a day number (days since 0001-01-01 is day 1, as chrono counts them),
/// so that ranking compares and subtracts integers instead of building dates per line.
/// `Day::NONE` is an undated line and sorts before every date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day(i64);

impl Day {
    pub const NONE: Day = Day(i64::MIN);

    /// The stored form: 0 is "no date" (see `days`).
    fn from_raw(v: u32) -> Day {
        if v == 0 {
            Day::NONE
        } else {
            Day(i64::from(v as i32))
        }
    }

    pub fn of(date: NaiveDate) -> Day {
        Day(i64::from(date.num_days_from_ce()))
    }

    pub fn is_none(self) -> bool {
        self == Day::NONE
    }

    /// Whole days from `self` to `later` (negative when `later` is earlier).
    pub fn days_until(self, later: Day) -> i64 {
        later.0 - self.0
    }
}

pub(super) fn days(date: Option<NaiveDate>) -> u32 {
    date.map_or(0, |d| d.num_days_from_ce() as u32)
}

fn from_days(v: u32) -> Option<NaiveDate> {
    if v == 0 {
        None
    } else {
        NaiveDate::from_num_days_from_ce_opt(v as i32)
    }
}

impl Segment {
    /// Read a segment from `buf[start..start + len]`; `None` when the bytes are not one.
    pub fn open(buf: Arc<Buf>, start: usize, len: usize) -> Option<Segment> {
        let bytes = buf.get(start..start.checked_add(len)?)?;
        if bytes.len() < HEADER_WORDS * 4 {
            return None;
        }
        let mut header = [0u32; HEADER_WORDS];
        for (i, h) in header.iter_mut().enumerate() {
            *h = rd(bytes, i * 4);
        }
        if header[H_MAGIC] != MAGIC {
            return None;
        }
        let n = |i: usize| header[i] as usize;
        let arrays = [
            (O_DOCS, n(H_DOCS) * DOC_SIZE),
            (O_SECTIONS, n(H_SECTIONS) * SEC_SIZE),
            (O_TERM_OFF, (n(H_TERMS) + 1) * 4),
            (O_TERM_BYTES, n(N_TERM_BYTES)),
            (O_TERM_POST, n(H_TERMS) * 16),
            (O_BODY_POST, n(N_BODY_POST)),
            (O_HEAD_POST, n(N_HEAD_POST)),
            (O_FWD_INDEX, (n(H_DOCS) + 1) * 4),
            (O_FWD_POST, n(N_FWD_POST)),
        ];
        for (off, size) in arrays {
            if n(off).checked_add(size)? > bytes.len() {
                return None;
            }
        }
        Some(Segment {
            buf,
            start,
            len,
            header,
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        })
    }

    /// The raw bytes (for writing the cache).
    pub fn bytes(&self) -> &[u8] {
        &self.buf[self.start..self.start + self.len]
    }

    /// Hand the raw bytes to `put` a piece at a time, each piece's pages given back once
    /// written when the segment is a mapped file (see [`Buf::give_back`]): copying a large
    /// segment into the cache file does not make all of it resident.
    pub fn write_pieces(
        &self,
        mut put: impl FnMut(&[u8]) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        const PIECE: usize = 1 << 20;
        let page = super::segment_builder::page_size();
        let mut at = self.start;
        let end = self.start + self.len;
        while at < end {
            let to = (at + PIECE).min(end);
            put(&self.buf[at..to])?;
            let from = at / page * page;
            self.buf.give_back(from, to / page * page - from);
            at = to;
        }
        Ok(())
    }

    fn word(&self, off: usize) -> u32 {
        rd(self.bytes(), off)
    }

    pub fn doc_count(&self) -> usize {
        self.header[H_DOCS] as usize
    }

    /// Whether this segment goes on from the previous one of the same file (see
    /// [`SEG_CONTINUES`]).
    pub fn continues(&self) -> bool {
        self.header[H_FLAGS] & SEG_CONTINUES != 0
    }

    pub fn section_count(&self) -> usize {
        self.header[H_SECTIONS] as usize
    }

    pub fn term_count(&self) -> usize {
        self.header[H_TERMS] as usize
    }

    /// Sum of the docs' body lengths (in terms).
    pub fn total_body_len(&self) -> u64 {
        u64::from(self.header[H_BODY_LEN])
    }

    /// Sum over docs of their section heading's length (in terms).
    pub fn total_head_len(&self) -> u64 {
        u64::from(self.header[H_HEAD_LEN])
    }

    /// The docs' fixed fields, for reading a few of them per line in a ranking loop
    /// without decoding the rest (see [`DocTable`]).
    pub fn docs(&self) -> DocTable<'_> {
        let start = self.header[O_DOCS] as usize;
        DocTable {
            bytes: self
                .bytes()
                .get(start..start + self.doc_count() * DOC_SIZE)
                .unwrap_or(&[]),
        }
    }

    /// Every section's heading length (in terms), indexed by section.
    pub fn section_head_lens(&self) -> Vec<u32> {
        let start = self.header[O_SECTIONS] as usize;
        let table = self
            .bytes()
            .get(start..start + self.section_count() * SEC_SIZE)
            .unwrap_or(&[]);
        table.chunks_exact(SEC_SIZE).map(|r| rd(r, 16)).collect()
    }

    pub fn doc(&self, id: usize) -> DocMeta {
        let o = self.header[O_DOCS] as usize + id * DOC_SIZE;
        let b = self.bytes();
        let tail = rd(b, o + 20);
        DocMeta {
            start: rd(b, o) as usize,
            len: rd(b, o + 4) as usize,
            line: rd(b, o + 8) as usize,
            date: from_days(rd(b, o + 12)),
            section: rd(b, o + 16) as usize,
            body_len: tail & 0xffff,
            kind: Kind::from_code(((tail >> 16) & 0xff) as u8),
            superseded: (tail >> 24) as u8 & FLAG_SUPERSEDED != 0,
        }
    }

    pub fn section(&self, id: usize) -> SectionMeta {
        let o = self.header[O_SECTIONS] as usize + id * SEC_SIZE;
        let b = self.bytes();
        let first_doc = rd(b, o + 12) as usize;
        let end_doc = if id + 1 < self.section_count() {
            rd(b, o + SEC_SIZE + 12) as usize
        } else {
            self.doc_count()
        };
        SectionMeta {
            start: rd(b, o) as usize,
            len: rd(b, o + 4) as usize,
            line: rd(b, o + 8) as usize,
            first_doc,
            end_doc: end_doc.max(first_doc).min(self.doc_count()),
            head_len: rd(b, o + 16),
        }
    }

    /// The text of term `id`.
    pub fn term(&self, id: usize) -> &str {
        std::str::from_utf8(self.term_bytes(id)).unwrap_or("")
    }

    fn term_bytes(&self, id: usize) -> &[u8] {
        let off = self.header[O_TERM_OFF] as usize;
        let base = self.header[O_TERM_BYTES] as usize;
        let s = self.word(off + id * 4) as usize;
        let e = self.word(off + (id + 1) * 4) as usize;
        self.bytes().get(base + s..base + e).unwrap_or(&[])
    }

    /// Find a term by binary search (on bytes: their order is the terms' order).
    pub fn find(&self, term: &str) -> Option<TermPostings> {
        let (mut lo, mut hi) = (0usize, self.term_count());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.term_bytes(mid).cmp(term.as_bytes()) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(self.postings(mid)),
            }
        }
        None
    }

    /// Whether `other` is this segment (the same bytes, not merely equal ones).
    pub fn same_as(&self, other: &Segment) -> bool {
        std::ptr::eq(self.bytes(), other.bytes())
    }

    /// A number no other segment opened by this process has (clones share it).
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Where term `id`'s postings are.
    pub fn postings_of(&self, id: usize) -> TermPostings {
        self.postings(id)
    }

    fn postings(&self, id: usize) -> TermPostings {
        let o = self.header[O_TERM_POST] as usize + id * 16;
        TermPostings {
            id: id as u32,
            body_start: self.word(o) as usize,
            body_count: self.word(o + 4) as usize,
            head_start: self.word(o + 8) as usize,
            head_count: self.word(o + 12) as usize,
        }
    }

    /// `(doc, tf)` pairs of a term's body postings.
    pub fn body_postings(&self, p: &TermPostings) -> Pairs<'_> {
        self.pairs(O_BODY_POST, N_BODY_POST, p.body_start, p.body_count)
    }

    /// `count` pairs from byte `start` of the varint array at header slot `slot` (whose
    /// length is at slot `len_slot`); a damaged range reads as fewer pairs, never a panic.
    fn pairs(&self, slot: usize, len_slot: usize, start: usize, count: usize) -> Pairs<'_> {
        let base = self.header[slot] as usize;
        let end = base.saturating_add(self.header[len_slot] as usize);
        let bytes = base
            .checked_add(start)
            .and_then(|s| self.bytes().get(s..end))
            .unwrap_or(&[]);
        Pairs {
            bytes,
            pos: 0,
            left: count,
            prev: 0,
        }
    }

    /// `(section, tf)` pairs of a term's heading postings.
    pub fn head_postings(&self, p: &TermPostings) -> Pairs<'_> {
        self.pairs(O_HEAD_POST, N_HEAD_POST, p.head_start, p.head_count)
    }

    /// `(term id, tf)` pairs of a doc's body.
    pub fn doc_terms(&self, doc: usize) -> Pairs<'_> {
        let idx = self.header[O_FWD_INDEX] as usize;
        let s = self.word(idx + doc * 4) as usize;
        let e = (self.word(idx + (doc + 1) * 4) as usize).max(s);
        let base = self.header[O_FWD_POST] as usize;
        let bytes = self
            .bytes()
            .get(base.saturating_add(s)..base.saturating_add(e))
            .unwrap_or(&[]);
        Pairs {
            bytes,
            pos: 0,
            left: usize::MAX,
            prev: 0,
        }
    }

    /// Number of docs whose body or section heading holds the term.
    pub fn doc_freq(&self, p: &TermPostings) -> usize {
        let from_heads: usize = self
            .head_postings(p)
            .filter(|&(s, _)| s < self.section_count())
            .map(|(s, _)| {
                let m = self.section(s);
                m.end_doc - m.first_doc
            })
            .sum();
        (p.body_count + from_heads).min(self.doc_count())
    }

    /// Build a segment from a file's docs and sections.
    pub fn build(file: &RawFile, tokenizer: &mut Tokenizer) -> Segment {
        let mut builder = Builder::new(file.sections.first(), tokenizer);
        for doc in &file.docs {
            builder.doc(doc, tokenizer);
        }
        for section in file.sections.iter().skip(1) {
            builder.section(section, tokenizer);
        }
        // Without a spill file nothing is read or written: it cannot fail.
        builder
            .finish(tokenizer)
            .expect("a segment built in memory does no I/O")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::corpus;

    #[test]
    fn built_segment_reads_back() {
        let text = "## 2026-01-14 | auth work\n\ndecided: use JWT tokens\n- JWT expiry is short\n\n## Gotchas\n- cookies and JWT\n";
        let file = corpus::markdown(text);
        let seg = Segment::build(&file, &mut Tokenizer::default());
        assert_eq!(seg.doc_count(), 3);
        let jwt = seg.find("jwt").expect("jwt indexed");
        let docs: Vec<(usize, u32)> = seg.body_postings(&jwt).collect();
        assert_eq!(docs, vec![(0, 1), (1, 1), (2, 1)]);
        let auth = seg.find("auth").expect("heading word indexed");
        assert_eq!(auth.body_count, 0);
        let heads: Vec<(usize, u32)> = seg.head_postings(&auth).collect();
        assert_eq!(heads, vec![(1, 1)]);
        assert_eq!(seg.doc_freq(&auth), 2);
        let d = seg.doc(1);
        assert_eq!(&text[d.start..d.start + d.len], "- JWT expiry is short");
        assert_eq!((d.line, d.kind, d.section), (4, Kind::Note, 1));
        assert_eq!(d.date.map(|x| x.to_string()), Some("2026-01-14".into()));
        let s = seg.section(1);
        assert_eq!((s.first_doc, s.end_doc), (0, 2));
        assert_eq!(&text[s.start..s.start + s.len], "2026-01-14 | auth work");
        let terms: Vec<&str> = seg.doc_terms(0).map(|(t, _)| seg.term(t)).collect();
        assert_eq!(terms, vec!["jwt", "token", "use"]);
        assert!(seg.find("missing").is_none());
        // A copy of the bytes opens as the same segment.
        let copy = Arc::new(Buf::Owned(seg.bytes().to_vec()));
        let again = Segment::open(copy.clone(), 0, copy.len()).unwrap();
        assert_eq!(again.doc(1), seg.doc(1));
        // Damaged bytes never open.
        assert!(Segment::open(Arc::new(Buf::Owned(vec![0; 10])), 0, 10).is_none());
        assert!(Segment::open(copy.clone(), 0, copy.len() - 9).is_none());
    }
}
