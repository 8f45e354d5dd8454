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
//! body_post   (doc, tf) × u32        grouped by term
//! head_post   (section, tf) × u32    grouped by term
//! fwd_index   (n_docs + 1) × u32     start of each doc's terms in fwd_post
//! fwd_post    (term, tf) × u32       grouped by doc
//! ```

use std::sync::Arc;

use chrono::{Datelike, NaiveDate};

use super::corpus::{Kind, RawFile};
use super::tokenize::Tokenizer;

const MAGIC: u32 = 0x4745_534d; // "MSEG"
const HEADER_WORDS: usize = 20;
const DOC_SIZE: usize = 24;
const SEC_SIZE: usize = 20;

// Header word indexes.
const H_MAGIC: usize = 0;
const H_DOCS: usize = 1;
const H_SECTIONS: usize = 2;
const H_TERMS: usize = 3;
const H_BODY_LEN: usize = 4;
const H_HEAD_LEN: usize = 5;
const O_DOCS: usize = 6;
const O_SECTIONS: usize = 7;
const O_TERM_OFF: usize = 8;
const O_TERM_BYTES: usize = 9;
const O_TERM_POST: usize = 10;
const O_BODY_POST: usize = 11;
const O_HEAD_POST: usize = 12;
const O_FWD_INDEX: usize = 13;
const O_FWD_POST: usize = 14;
const N_BODY_POST: usize = 15;
const N_HEAD_POST: usize = 16;
const N_FWD_POST: usize = 17;
const N_TERM_BYTES: usize = 18;

const FLAG_SUPERSEDED: u8 = 1;

/// A shared byte buffer and the range of it that holds one segment.
#[derive(Clone)]
pub struct Segment {
    buf: Arc<Vec<u8>>,
    start: usize,
    len: usize,
    header: [u32; HEADER_WORDS],
}

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

fn rd(b: &[u8], off: usize) -> u32 {
    b.get(off..off + 4)
        .map_or(0, |s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

fn days(date: Option<NaiveDate>) -> u32 {
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
    pub fn open(buf: Arc<Vec<u8>>, start: usize, len: usize) -> Option<Segment> {
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
            (O_BODY_POST, n(N_BODY_POST) * 8),
            (O_HEAD_POST, n(N_HEAD_POST) * 8),
            (O_FWD_INDEX, (n(H_DOCS) + 1) * 4),
            (O_FWD_POST, n(N_FWD_POST) * 8),
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
        })
    }

    /// The raw bytes (for writing the cache).
    pub fn bytes(&self) -> &[u8] {
        &self.buf[self.start..self.start + self.len]
    }

    fn word(&self, off: usize) -> u32 {
        rd(self.bytes(), off)
    }

    pub fn doc_count(&self) -> usize {
        self.header[H_DOCS] as usize
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
        let off = self.header[O_TERM_OFF] as usize;
        let base = self.header[O_TERM_BYTES] as usize;
        let s = self.word(off + id * 4) as usize;
        let e = self.word(off + (id + 1) * 4) as usize;
        self.bytes()
            .get(base + s..base + e)
            .and_then(|b| std::str::from_utf8(b).ok())
            .unwrap_or("")
    }

    /// Find a term by binary search.
    pub fn find(&self, term: &str) -> Option<TermPostings> {
        let (mut lo, mut hi) = (0usize, self.term_count());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.term(mid).cmp(term) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(self.postings(mid)),
            }
        }
        None
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
    pub fn body_postings(&self, p: &TermPostings) -> impl Iterator<Item = (usize, u32)> + '_ {
        let base = self.header[O_BODY_POST] as usize;
        (p.body_start..p.body_start + p.body_count).map(move |i| {
            let o = base + i * 8;
            (self.word(o) as usize, self.word(o + 4))
        })
    }

    /// `(section, tf)` pairs of a term's heading postings.
    pub fn head_postings(&self, p: &TermPostings) -> impl Iterator<Item = (usize, u32)> + '_ {
        let base = self.header[O_HEAD_POST] as usize;
        (p.head_start..p.head_start + p.head_count).map(move |i| {
            let o = base + i * 8;
            (self.word(o) as usize, self.word(o + 4))
        })
    }

    /// `(term id, tf)` pairs of a doc's body.
    pub fn doc_terms(&self, doc: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        let idx = self.header[O_FWD_INDEX] as usize;
        let base = self.header[O_FWD_POST] as usize;
        let s = self.word(idx + doc * 4) as usize;
        let e = (self.word(idx + (doc + 1) * 4) as usize).max(s);
        (s..e).map(move |i| {
            let o = base + i * 8;
            (self.word(o) as usize, self.word(o + 4))
        })
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
        // Tokenizer ids → this segment's provisional term ids.
        let mut local: Vec<u32> = Vec::new();
        let mut names: Vec<u32> = Vec::new();
        let mut intern = |id: u32| -> u32 {
            let i = id as usize;
            if i >= local.len() {
                local.resize(i + 1, u32::MAX);
            }
            if local[i] == u32::MAX {
                local[i] = names.len() as u32;
                names.push(id);
            }
            local[i]
        };
        // Forward lists with provisional ids.
        let mut doc_terms: Vec<Vec<(u32, u32)>> = Vec::with_capacity(file.docs.len());
        let mut scratch: Vec<u32> = Vec::new();
        for doc in &file.docs {
            scratch.clear();
            tokenizer.each_id(&doc.body, |t, _| scratch.push(intern(t)));
            doc_terms.push(counts(&mut scratch));
        }
        let mut head_terms: Vec<Vec<(u32, u32)>> = Vec::with_capacity(file.sections.len());
        for section in &file.sections {
            scratch.clear();
            tokenizer.each_id(&section.words, |t, _| scratch.push(intern(t)));
            head_terms.push(counts(&mut scratch));
        }
        let names: Vec<&str> = names.iter().map(|&id| tokenizer.term(id)).collect();
        // Sort terms; remap ids.
        let mut order: Vec<u32> = (0..names.len() as u32).collect();
        order.sort_by(|&a, &b| names[a as usize].cmp(names[b as usize]));
        let mut remap = vec![0u32; names.len()];
        for (new, &old) in order.iter().enumerate() {
            remap[old as usize] = new as u32;
        }
        let n_terms = names.len();
        let mut body: Vec<Vec<(u32, u32)>> = vec![Vec::new(); n_terms];
        let mut head: Vec<Vec<(u32, u32)>> = vec![Vec::new(); n_terms];
        for (d, terms) in doc_terms.iter_mut().enumerate() {
            for (t, tf) in terms.iter_mut() {
                *t = remap[*t as usize];
                body[*t as usize].push((d as u32, *tf));
            }
            terms.sort_unstable();
        }
        for (s, terms) in head_terms.iter().enumerate() {
            for &(t, tf) in terms {
                head[remap[t as usize] as usize].push((s as u32, tf));
            }
        }

        // Section boundaries and lengths.
        let mut first_doc = vec![file.docs.len(); file.sections.len()];
        for (d, doc) in file.docs.iter().enumerate().rev() {
            if let Some(f) = first_doc.get_mut(doc.section) {
                *f = d;
            }
        }
        for s in (0..first_doc.len().saturating_sub(1)).rev() {
            first_doc[s] = first_doc[s].min(first_doc[s + 1]);
        }
        let head_len: Vec<u32> = head_terms
            .iter()
            .map(|t| t.iter().map(|&(_, tf)| tf).sum())
            .collect();

        let mut w = Writer {
            words: vec![0; HEADER_WORDS],
            body: Vec::new(),
        };
        w.words[H_MAGIC] = MAGIC;
        w.words[H_DOCS] = file.docs.len() as u32;
        w.words[H_SECTIONS] = file.sections.len() as u32;
        w.words[H_TERMS] = n_terms as u32;
        let mut total_body = 0u64;
        let mut total_head = 0u64;
        w.mark(O_DOCS);
        for (d, doc) in file.docs.iter().enumerate() {
            let body_len: u32 = doc_terms[d].iter().map(|&(_, tf)| tf).sum();
            total_body += u64::from(body_len);
            total_head += u64::from(head_len.get(doc.section).copied().unwrap_or(0));
            let flags = if doc.superseded { FLAG_SUPERSEDED } else { 0 };
            w.push(doc.start as u32);
            w.push(doc.len as u32);
            w.push(doc.line as u32);
            w.push(days(doc.date));
            w.push(doc.section as u32);
            w.push(
                body_len.min(0xffff) | u32::from(doc.kind.code()) << 16 | u32::from(flags) << 24,
            );
        }
        w.words[H_BODY_LEN] = total_body.min(u64::from(u32::MAX)) as u32;
        w.words[H_HEAD_LEN] = total_head.min(u64::from(u32::MAX)) as u32;
        w.mark(O_SECTIONS);
        for (s, section) in file.sections.iter().enumerate() {
            w.push(section.start as u32);
            w.push(section.len as u32);
            w.push(section.line as u32);
            w.push(first_doc[s] as u32);
            w.push(head_len[s]);
        }
        w.mark(O_TERM_OFF);
        let mut off = 0u32;
        for &old in &order {
            w.push(off);
            off += names[old as usize].len() as u32;
        }
        w.push(off);
        w.words[N_TERM_BYTES] = off;
        w.mark(O_TERM_BYTES);
        let mut term_bytes = Vec::with_capacity(off as usize);
        for &old in &order {
            term_bytes.extend_from_slice(names[old as usize].as_bytes());
        }
        w.raw(&term_bytes);
        w.mark(O_TERM_POST);
        let (mut bs, mut hs) = (0u32, 0u32);
        for t in 0..n_terms {
            w.push(bs);
            w.push(body[t].len() as u32);
            w.push(hs);
            w.push(head[t].len() as u32);
            bs += body[t].len() as u32;
            hs += head[t].len() as u32;
        }
        w.words[N_BODY_POST] = bs;
        w.words[N_HEAD_POST] = hs;
        w.mark(O_BODY_POST);
        for list in &body {
            for &(d, tf) in list {
                w.push(d);
                w.push(tf);
            }
        }
        w.mark(O_HEAD_POST);
        for list in &head {
            for &(s, tf) in list {
                w.push(s);
                w.push(tf);
            }
        }
        w.mark(O_FWD_INDEX);
        let mut fs = 0u32;
        for terms in &doc_terms {
            w.push(fs);
            fs += terms.len() as u32;
        }
        w.push(fs);
        w.words[N_FWD_POST] = fs;
        w.mark(O_FWD_POST);
        for terms in &doc_terms {
            for &(t, tf) in terms {
                w.push(t);
                w.push(tf);
            }
        }
        let bytes = w.finish();
        let len = bytes.len();
        Segment::open(Arc::new(bytes), 0, len).expect("a built segment is well formed")
    }
}

/// Sorted `(term, count)` pairs of a list of term ids.
fn counts(ids: &mut [u32]) -> Vec<(u32, u32)> {
    ids.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for &id in ids.iter() {
        match out.last_mut() {
            Some((t, c)) if *t == id => *c += 1,
            _ => out.push((id, 1)),
        }
    }
    out
}

/// Builds the blob: header words patched in at the end.
struct Writer {
    words: Vec<u32>,
    body: Vec<u8>,
}

impl Writer {
    fn pos(&self) -> u32 {
        (HEADER_WORDS * 4 + self.body.len()) as u32
    }
    fn mark(&mut self, slot: usize) {
        self.words[slot] = self.pos();
    }
    fn push(&mut self, v: u32) {
        self.body.extend_from_slice(&v.to_le_bytes());
    }
    fn raw(&mut self, b: &[u8]) {
        self.body.extend_from_slice(b);
    }
    fn finish(self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_WORDS * 4 + self.body.len());
        for w in &self.words {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.body);
        out
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
        let copy = Arc::new(seg.bytes().to_vec());
        let again = Segment::open(copy.clone(), 0, copy.len()).unwrap();
        assert_eq!(again.doc(1), seg.doc(1));
        // Damaged bytes never open.
        assert!(Segment::open(Arc::new(vec![0; 10]), 0, 10).is_none());
        assert!(Segment::open(copy.clone(), 0, copy.len() - 9).is_none());
    }
}
