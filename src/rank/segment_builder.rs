//! Writes a segment (the layout is described in `segment.rs`) from docs and sections handed
//! to it one at a time, so a large file is indexed without holding its text or its lines.

use std::sync::Arc;

use super::corpus::{RawDoc, RawSection};
use super::postings::{Lists, Packed, encode_into, encoded_len};
use super::segment::{
    Buf, DOC_SIZE, FLAG_SUPERSEDED, H_BODY_LEN, H_DOCS, H_FLAGS, H_HEAD_LEN, H_MAGIC, H_SECTIONS,
    H_TERMS, HEADER_WORDS, MAGIC, N_BODY_POST, N_FWD_POST, N_HEAD_POST, N_TERM_BYTES, O_BODY_POST,
    O_DOCS, O_FWD_INDEX, O_FWD_POST, O_HEAD_POST, O_SECTIONS, O_TERM_BYTES, O_TERM_OFF,
    O_TERM_POST, SEC_SIZE, SEG_CONTINUES, Segment, days,
};
use super::tokenize::Tokenizer;
/// The doc table as it is built: each doc's final record, in memory, or written as it
/// comes into the spill file at the place the segment's doc table will have in it.
struct DocTable {
    /// Records not (yet) in the file.
    pending: Vec<u8>,
    /// The spill file: room for the header, then the first `in_file` records.
    file: Option<std::fs::File>,
    in_file: usize,
    /// Records go on into the file (until a write to it fails).
    spilling: bool,
    count: usize,
}

/// Records gathered before they are written into the spill file.
const DOC_BATCH: usize = 1 << 20;

impl DocTable {
    fn push(&mut self, record: &[u8; DOC_SIZE]) {
        self.pending.extend_from_slice(record);
        self.count += 1;
        if self.spilling && self.pending.len() >= DOC_BATCH {
            self.write_pending();
        }
    }

    fn write_pending(&mut self) {
        use std::io::Write;
        if let Some(mut file) = self.file.as_ref() {
            if file.write_all(&self.pending).is_ok() {
                self.in_file += self.pending.len() / DOC_SIZE;
                self.pending.clear();
            } else {
                // Kept in memory from here on; the records already in the file stay valid.
                self.spilling = false;
            }
        }
    }
}

/// Builds a segment from docs and sections handed to it one at a time, so a large file is
/// indexed without holding its text or its lines: what is kept per doc is its fixed fields
/// and its `(term, count)` pairs.
pub struct Builder {
    /// Tokenizer ids → this segment's provisional term ids, and back.
    local: Vec<u32>,
    names: Vec<u32>,
    docs: DocTable,
    /// Per section: its first doc (`u32::MAX` before it has one) and how many docs it has.
    first_doc: Vec<u32>,
    docs_in: Vec<u32>,
    total_body: u64,
    /// Forward lists with provisional ids: per doc (packed), per section.
    doc_terms: Packed,
    head_terms: Lists,
    /// Sections as (start, len, line).
    sections: Vec<(u32, u32, u32)>,
    scratch: Vec<u32>,
    /// Header flags (`SEG_CONTINUES`).
    flags: u32,
}

impl Builder {
    /// A builder whose first section (0, before any heading) is `first`; `None` for a
    /// file without sections.
    pub fn new(first: Option<&RawSection>, tokenizer: &mut Tokenizer) -> Builder {
        Builder::with_spill(first, tokenizer, None)
    }

    /// [`Builder::new`] whose docs and finished segment are written into `spill` (an
    /// unnamed temp file) as they are made, see [`Builder::finish_spilled`].
    pub fn spilling(
        first: Option<&RawSection>,
        tokenizer: &mut Tokenizer,
        spill: std::fs::File,
    ) -> Builder {
        use std::io::Write;
        // Room for the header: the doc table follows it.
        let spill = (&spill)
            .write_all(&[0u8; HEADER_WORDS * 4])
            .is_ok()
            .then_some(spill);
        Builder::with_spill(first, tokenizer, spill)
    }

    fn with_spill(
        first: Option<&RawSection>,
        tokenizer: &mut Tokenizer,
        spill: Option<std::fs::File>,
    ) -> Builder {
        let mut builder = Builder {
            local: Vec::new(),
            names: Vec::new(),
            docs: DocTable {
                pending: Vec::new(),
                spilling: spill.is_some(),
                file: spill,
                in_file: 0,
                count: 0,
            },
            first_doc: Vec::new(),
            docs_in: Vec::new(),
            total_body: 0,
            doc_terms: Packed::default(),
            head_terms: Lists::with_capacity(0),
            sections: Vec::new(),
            scratch: Vec::new(),
            flags: 0,
        };
        if let Some(first) = first {
            builder.section(first, tokenizer);
        }
        builder
    }

    /// Mark the segment as going on from the previous one of the same file.
    pub fn continuing(&mut self) {
        self.flags |= SEG_CONTINUES;
    }

    fn intern(local: &mut Vec<u32>, names: &mut Vec<u32>, id: u32) -> u32 {
        let i = id as usize;
        if i >= local.len() {
            local.resize(i + 1, u32::MAX);
        }
        if local[i] == u32::MAX {
            local[i] = names.len() as u32;
            names.push(id);
        }
        local[i]
    }

    /// Add the next doc (its section must have been added already).
    pub fn doc(&mut self, doc: &RawDoc, tokenizer: &mut Tokenizer) {
        self.scratch.clear();
        let (local, names, scratch) = (&mut self.local, &mut self.names, &mut self.scratch);
        tokenizer.each_id(&doc.body, |t, _| {
            scratch.push(Self::intern(local, names, t))
        });
        let body_len = self.doc_terms.push_counts(&mut self.scratch);
        let d = self.docs.count as u32;
        // A file's docs may come before its sections (`Segment::build`).
        if doc.section >= self.first_doc.len() {
            self.first_doc.resize(doc.section + 1, u32::MAX);
            self.docs_in.resize(doc.section + 1, 0);
        }
        if self.first_doc[doc.section] == u32::MAX {
            self.first_doc[doc.section] = d;
        }
        self.docs_in[doc.section] += 1;
        self.total_body += u64::from(body_len);
        let flags = if doc.superseded { FLAG_SUPERSEDED } else { 0 };
        let words = [
            doc.start as u32,
            doc.len as u32,
            doc.line as u32,
            days(doc.date),
            doc.section as u32,
            body_len.min(0xffff) | u32::from(doc.kind.code()) << 16 | u32::from(flags) << 24,
        ];
        let mut record = [0u8; DOC_SIZE];
        for (k, w) in words.iter().enumerate() {
            record[k * 4..k * 4 + 4].copy_from_slice(&w.to_le_bytes());
        }
        self.docs.push(&record);
    }

    /// Add the next section (a heading; section 0 is given to [`Builder::new`]).
    pub fn section(&mut self, section: &RawSection, tokenizer: &mut Tokenizer) {
        self.scratch.clear();
        let (local, names, scratch) = (&mut self.local, &mut self.names, &mut self.scratch);
        tokenizer.each_id(&section.words, |t, _| {
            scratch.push(Self::intern(local, names, t))
        });
        self.head_terms.push_counts(&mut self.scratch);
        self.sections.push((
            section.start as u32,
            section.len as u32,
            section.line as u32,
        ));
        if self.first_doc.len() < self.sections.len() {
            self.first_doc.resize(self.sections.len(), u32::MAX);
            self.docs_in.resize(self.sections.len(), 0);
        }
    }

    /// The finished segment: written into the spill file given to [`Builder::spilling`] as
    /// it is made and mapped back, each part's pages given back once written, so the segment
    /// of a large file is never held whole in memory; in memory without a spill file or when
    /// the file cannot be sized or mapped. An error only when the docs already written into
    /// the spill file can be neither mapped nor read back.
    pub fn finish(self, tokenizer: &Tokenizer) -> std::io::Result<Segment> {
        let Builder {
            local,
            names,
            docs,
            first_doc,
            docs_in,
            total_body,
            doc_terms,
            mut head_terms,
            sections,
            scratch,
            flags,
        } = self;
        drop((local, scratch));
        // Each term's text is looked up in the tokenizer's vocabulary when needed, not
        // gathered into a table of its own (millions of terms in a large memory).
        let name = |local: u32| tokenizer.term(names[local as usize]);
        // Sort terms; remap ids.
        let mut order: Vec<u32> = (0..names.len() as u32).collect();
        order.sort_unstable_by(|&a, &b| name(a).cmp(name(b)));
        let mut remap = vec![0u32; names.len()];
        for (new, &old) in order.iter().enumerate() {
            remap[old as usize] = new as u32;
        }
        let n_terms = names.len();
        let doc_terms = doc_terms.remapped(&remap);
        head_terms.remap(&remap);
        drop(remap);
        let n_docs = docs.count;
        let n_sections = sections.len();

        // Section boundaries and lengths.
        // Docs of a section that was never given count for nothing, as before.
        let mut first_doc: Vec<usize> = first_doc
            .iter()
            .take(n_sections)
            .map(|&f| if f == u32::MAX { n_docs } else { f as usize })
            .collect();
        for s in (0..first_doc.len().saturating_sub(1)).rev() {
            first_doc[s] = first_doc[s].min(first_doc[s + 1]);
        }
        let head_len: Vec<u32> = (0..head_terms.len())
            .map(|s| head_terms.get(s).iter().map(|&(_, tf)| tf).sum())
            .collect();
        let total_head: u64 = docs_in
            .iter()
            .zip(&head_len)
            .map(|(&n, &len)| u64::from(n) * u64::from(len))
            .sum();

        let term_len: usize = (0..n_terms as u32).map(|t| name(t).len()).sum();
        let fwd_bytes_len = doc_terms.bytes.len();
        let head = head_terms.invert(n_terms);
        let head_bytes_len = encoded_len(&head);
        // The body postings are measured before they are made, so that the blob is
        // allocated once at its final size and each part written straight into it.
        let (body_counts, body_lens) = doc_terms.inverted_sizes(n_terms);
        let size = HEADER_WORDS * 4
            + n_docs * DOC_SIZE
            + n_sections * SEC_SIZE
            + (n_terms + 1) * 4
            + term_len
            + n_terms * 16
            + body_lens.iter().map(|&b| b as usize).sum::<usize>()
            + head_bytes_len
            + (n_docs + 1) * 4
            + fwd_bytes_len;
        let DocTable {
            pending,
            file,
            in_file,
            ..
        } = docs;
        let mut w = Writer::new(size, file, HEADER_WORDS * 4 + in_file * DOC_SIZE)?;
        w.words[H_MAGIC] = MAGIC;
        w.words[H_DOCS] = n_docs as u32;
        w.words[H_SECTIONS] = n_sections as u32;
        w.words[H_TERMS] = n_terms as u32;
        w.words[H_FLAGS] = flags;
        w.mark(O_DOCS);
        // The records already in the spill file are in place (or were read back).
        w.pos += in_file * DOC_SIZE;
        w.raw(&pending);
        drop(pending);
        w.release();
        w.words[H_BODY_LEN] = total_body.min(u64::from(u32::MAX)) as u32;
        w.words[H_HEAD_LEN] = total_head.min(u64::from(u32::MAX)) as u32;
        w.mark(O_SECTIONS);
        for (s, &(start, len, line)) in sections.iter().enumerate() {
            w.push(start);
            w.push(len);
            w.push(line);
            w.push(first_doc[s] as u32);
            w.push(head_len[s]);
        }
        drop((sections, first_doc, head_len));
        w.mark(O_TERM_OFF);
        let mut off = 0u32;
        for &old in &order {
            w.push(off);
            off += name(old).len() as u32;
        }
        w.push(off);
        w.words[N_TERM_BYTES] = off;
        w.mark(O_TERM_BYTES);
        for &old in &order {
            w.raw(name(old).as_bytes());
        }
        drop((order, names));
        w.release();
        // Postings as varints: each term's byte start and count, then the bytes. The body
        // postings are written straight from the forward lists (`Lists::encode_inverted`),
        // never held as a second copy of every pair.
        w.mark(O_TERM_POST);
        let table = w.pos() as usize;
        for _ in 0..n_terms * 4 {
            w.push(0);
        }
        w.mark(O_BODY_POST);
        let body_total: usize = body_lens.iter().map(|&b| b as usize).sum();
        let body_starts = doc_terms.encode_inverted(&body_lens, w.region(body_total));
        w.words[N_BODY_POST] = body_total as u32;
        w.release();
        w.mark(O_HEAD_POST);
        let head_starts = encode_into(&head, w.region(head_bytes_len));
        w.words[N_HEAD_POST] = head_bytes_len as u32;
        for t in 0..n_terms {
            let at = table + t * 16;
            let row = [
                body_starts[t],
                body_counts[t],
                head_starts[t],
                head.get(t).len() as u32,
            ];
            for (k, v) in row.iter().enumerate() {
                w.patch(at + k * 4, *v);
            }
        }
        drop((body_starts, body_counts, body_lens, head_starts, head));
        w.mark(O_FWD_INDEX);
        let index = w.pos() as usize;
        for _ in 0..=n_docs {
            w.push(0);
        }
        w.mark(O_FWD_POST);
        let fwd_base = w.pos() as usize;
        w.raw(&doc_terms.bytes);
        let fwd_len = (w.pos() as usize - fwd_base) as u32;
        for d in 0..=n_docs {
            let start = if d == n_docs {
                fwd_len
            } else {
                doc_terms.start(d) as u32
            };
            w.patch(index + d * 4, start);
        }
        w.words[N_FWD_POST] = fwd_len;
        drop(doc_terms);
        let (buf, len) = w.finish();
        Ok(Segment::open(Arc::new(buf), 0, len).expect("a built segment is well formed"))
    }
}

/// Builds the blob in one buffer of its final size, in memory or in a mapped file; the
/// header words are patched in at the end.
struct Writer {
    words: Vec<u32>,
    body: Body,
    pos: usize,
    /// Bytes before this were given back to the file (see [`Writer::release`]).
    released: usize,
}

enum Body {
    Memory(Vec<u8>),
    Mapped(memmap2::MmapMut),
}

impl Body {
    fn bytes(&mut self) -> &mut [u8] {
        match self {
            Body::Memory(v) => v,
            Body::Mapped(m) => m,
        }
    }
}

/// A shared mapping of `file` sized to `size` bytes. The bytes are written (as zeros)
/// before the file is mapped, so its blocks are allocated: a full disk refuses that write
/// (and the segment is built in memory) instead of failing a store into the mapping later,
/// which would kill the process.
fn map_sized(file: &std::fs::File, written: usize, size: usize) -> Option<memmap2::MmapMut> {
    use std::io::{Seek, Write};
    if size == 0 {
        return None;
    }
    let zeros = vec![0u8; 1 << 20];
    let mut out = file;
    out.seek(std::io::SeekFrom::Start(written as u64)).ok()?;
    let mut left = size.checked_sub(written)?;
    while left > 0 {
        let n = left.min(zeros.len());
        out.write_all(&zeros[..n]).ok()?;
        left -= n;
    }
    file.set_len(size as u64).ok()?;
    // SAFETY: the file is this process's own unnamed temp file: nothing else can open it,
    // let alone change it, while it is mapped.
    unsafe { memmap2::MmapMut::map_mut(file) }.ok()
}

impl Writer {
    /// A writer of `size` bytes: a mapping of `spill` whose first `written` bytes (the
    /// header's room and docs) are already there, else memory with those bytes read back
    /// from `spill`.
    fn new(size: usize, spill: Option<std::fs::File>, written: usize) -> std::io::Result<Self> {
        let writer = |body| Writer {
            words: vec![0; HEADER_WORDS],
            body,
            pos: HEADER_WORDS * 4,
            released: 0,
        };
        let Some(file) = spill else {
            return Ok(writer(Body::Memory(vec![0; size])));
        };
        if let Some(map) = map_sized(&file, written, size) {
            return Ok(writer(Body::Mapped(map)));
        }
        let mut bytes = vec![0; size];
        if written > HEADER_WORDS * 4 {
            use std::io::{Read, Seek};
            let mut file = &file;
            file.seek(std::io::SeekFrom::Start((HEADER_WORDS * 4) as u64))?;
            file.read_exact(&mut bytes[HEADER_WORDS * 4..written])?;
        }
        Ok(writer(Body::Memory(bytes)))
    }
    fn pos(&self) -> u32 {
        self.pos as u32
    }
    fn mark(&mut self, slot: usize) {
        self.words[slot] = self.pos();
    }
    fn push(&mut self, v: u32) {
        self.raw(&v.to_le_bytes());
    }
    fn raw(&mut self, b: &[u8]) {
        let at = self.pos;
        self.body.bytes()[at..at + b.len()].copy_from_slice(b);
        self.pos += b.len();
    }
    /// The next `len` bytes to be written at will; the position moves past them.
    fn region(&mut self, len: usize) -> &mut [u8] {
        let at = self.pos;
        self.pos += len;
        &mut self.body.bytes()[at..at + len]
    }
    /// Overwrite the word at `at`, written before.
    fn patch(&mut self, at: usize, v: u32) {
        self.body.bytes()[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }
    /// Give the pages written so far back to the mapped file: they stay in the file (and
    /// the page cache), and are read again only if touched again, so building a large
    /// segment holds only the part being written.
    fn release(&mut self) {
        if let Body::Mapped(map) = &self.body {
            let page = page_size();
            let from = self.released / page * page;
            let to = self.pos / page * page;
            if to > from {
                Buf::give_back_mut(map, from, to - from);
                self.released = to;
            }
        }
    }
    fn finish(mut self) -> (Buf, usize) {
        let words = std::mem::take(&mut self.words);
        for (i, w) in words.iter().enumerate() {
            self.patch(i * 4, *w);
        }
        let len = self.pos;
        match self.body {
            Body::Memory(mut v) => {
                v.truncate(len);
                (Buf::Owned(v), len)
            }
            Body::Mapped(map) => {
                // Every page back to the file: the search reads in only the pages it
                // looks at.
                Buf::give_back_mut(&map, 0, map.len());
                (Buf::Written(map), len)
            }
        }
    }
}

/// The memory page size (4 KiB; where pages are larger the unaligned ranges are refused,
/// which only keeps those pages in memory).
pub(super) fn page_size() -> usize {
    4096
}
