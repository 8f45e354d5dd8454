//! A large markdown file (MEMORY.md, the commit store, an archive) indexed as it is read:
//! a piece of whole lines at a time goes through the parser, the line reader and the
//! segment builder, and is dropped before the next is read. Neither the text nor the
//! parse nor the lines are ever held whole, so building the index of a 200 MB memory
//! holds about what the finished segment takes.
//!
//! The result is the segment [`super::corpus::markdown`] gives for the whole text: the
//! pieces end at newlines, which is where the parser and the line reader may stop and go
//! on, and a newline is never part of a multi-byte character, so decoding invalid UTF-8 a
//! piece at a time gives the whole text's decoding too.

use std::io::Read;
use std::path::Path;

use xxhash_rust::xxh3::Xxh3;

use super::blocks::{BlockHasher, Blocks};
use super::corpus::{Line, MarkdownReader};
use super::segment::{Builder, Segment};
use super::tokenize::Tokenizer;
use crate::parse::Resumable;

/// Bytes read at a time (the piece handed on is this plus a partial line at most).
const PIECE: usize = 1 << 20;

/// A file's segment with what the cache records of the text it was built from.
pub struct Streamed {
    pub segment: Segment,
    pub len: u64,
    pub hash: u64,
    pub blocks: Blocks,
    pub valid_utf8: bool,
}

/// Read `path` in pieces of whole lines, handing each to `piece`; returns the length and
/// hash of everything read, and its blocks.
fn pieces(
    path: &Path,
    size: usize,
    piece: impl FnMut(&[u8]),
) -> std::io::Result<(u64, u64, Blocks)> {
    let mut hasher = Xxh3::new();
    let mut blocks = BlockHasher::default();
    let len = pieces_of(
        std::fs::File::open(path)?,
        size,
        &mut hasher,
        &mut blocks,
        piece,
    )?;
    Ok((len, hasher.digest(), blocks.finish()))
}

/// Read `source` to its end in pieces of whole lines, handing each to `piece`, its bytes
/// to `hasher` and `blocks` too; returns how many bytes were read.
fn pieces_of(
    mut source: impl Read,
    size: usize,
    hasher: &mut Xxh3,
    blocks: &mut BlockHasher,
    mut piece: impl FnMut(&[u8]),
) -> std::io::Result<u64> {
    let mut buf: Vec<u8> = Vec::with_capacity(size * 2);
    let mut len = 0u64;
    loop {
        let filled = buf.len();
        buf.resize(filled + size, 0);
        let n = loop {
            match source.read(&mut buf[filled..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        buf.truncate(filled + n);
        hasher.update(&buf[filled..]);
        blocks.update(&buf[filled..]);
        len += n as u64;
        if n == 0 {
            if !buf.is_empty() {
                piece(&buf);
            }
            return Ok(len);
        }
        if let Some(end) = memchr::memrchr(b'\n', &buf) {
            piece(&buf[..=end]);
            buf.drain(..=end);
        }
    }
}

/// The hash and length of the file at `path`, read a piece at a time.
pub fn hash(path: &Path) -> std::io::Result<(u64, u64)> {
    pieces(path, PIECE, |_| {}).map(|(len, hash, _)| (len, hash))
}

/// Index the markdown file at `path` as [`super::corpus::markdown`] does, a piece at a time.
/// The segment is written into an unnamed temp file in `spill_dir` as it is finished and
/// mapped back (in memory when that folder cannot take one), so it is not held whole either.
pub fn markdown(
    path: &Path,
    tokenizer: &mut Tokenizer,
    spill_dir: &Path,
) -> std::io::Result<Streamed> {
    markdown_in_pieces(path, tokenizer, PIECE, Some(spill_dir))
}

fn markdown_in_pieces(
    path: &Path,
    tokenizer: &mut Tokenizer,
    size: usize,
    spill_dir: Option<&Path>,
) -> std::io::Result<Streamed> {
    let mut parser = Resumable::default();
    let mut reader = MarkdownReader::new(false);
    let first = super::corpus::RawSection::before_first_heading();
    let mut builder = builder(Some(&first), tokenizer, spill_dir);
    let mut valid_utf8 = true;
    let (len, hash, blocks) = pieces(path, size, |bytes| {
        valid_utf8 &= index_piece(bytes, &mut parser, &mut reader, &mut builder, tokenizer);
    })?;
    let segment = builder.finish(tokenizer)?;
    Ok(Streamed {
        segment,
        len,
        hash,
        blocks,
        valid_utf8,
    })
}

/// The tail may grow to this fraction of the base before the file is split anew (at its
/// last heading then): indexing a tail costs as much as its bytes, so the work of a search
/// after appends stays a fraction of a rebuild, and a rebuild comes once per quarter grown.
const TAIL_SHARE: u64 = 4;

/// Index `input` in two parts: the tail alone after `previous` (the base the cache holds)
/// when the file still starts with it and has not outgrown it, else split anew ([`split`]).
/// The tail with what the cache records of the whole file, and the base; `None` when the
/// file cannot be split (the caller indexes it whole).
pub fn in_two_parts(
    input: Input<'_>,
    previous: Option<&std::sync::Arc<Base>>,
    tokenizer: &mut Tokenizer,
    spill_dir: Option<&Path>,
) -> std::io::Result<Option<(Streamed, std::sync::Arc<Base>)>> {
    if let Some(base) = previous {
        let len = match input {
            Input::File(path) => std::fs::metadata(path)?.len(),
            Input::Bytes(bytes) => bytes.len() as u64,
        };
        if len >= base.len
            && len - base.len <= base.len / TAIL_SHARE
            && let Some(tail) = grow(input, base, tokenizer, spill_dir)?
        {
            return Ok(Some((tail, base.clone())));
        }
    }
    Ok(split(input, tokenizer, spill_dir)?
        .map(|split| (split.tail, std::sync::Arc::new(split.base))))
}

/// Where a file to index is: on disk, or read already (MEMORY.md as promotion read it under
/// the lock).
#[derive(Clone, Copy)]
pub enum Input<'a> {
    File(&'a Path),
    Bytes(&'a [u8]),
}

impl Input<'_> {
    fn open(&self) -> std::io::Result<Box<dyn Read + '_>> {
        Ok(match *self {
            Input::File(path) => Box::new(std::fs::File::open(path)?),
            Input::Bytes(bytes) => Box::new(bytes),
        })
    }
}

/// MEMORY.md's beginning as the index cache keeps it: the bytes before its last heading,
/// indexed, with where the parser and the line reader stand at its end. MEMORY.md grows at
/// the end (`mind log`, promotion, harvest), so while the file still starts with exactly
/// these bytes only what follows them is indexed again.
///
/// It ends where a heading starts so that no section is cut in two: BM25's heading field
/// and the bonus for a line's neighbours under one heading see each section whole, in one
/// segment, and the ranking is the whole file's.
#[derive(Clone)]
pub struct Base {
    pub len: u64,
    pub hash: u64,
    pub valid_utf8: bool,
    pub blocks: Blocks,
    /// The line reader's and the parser's state at `len` (see [`resume_state`]).
    pub state: Vec<u8>,
    pub segment: Segment,
}

/// A file indexed in two parts: its [`Base`], and the rest (the tail) with what the cache
/// records of the whole file (its length, hash, blocks and UTF-8 validity).
pub struct Split {
    pub base: Base,
    pub tail: Streamed,
}

/// Index `input` in two parts, the cut at the start of its last heading (see [`Base`]).
/// `None` when it has no heading past its first byte, or when the line there is not a
/// heading to the line reader (inside a code fence, say): the caller indexes it whole.
pub fn split(
    input: Input<'_>,
    tokenizer: &mut Tokenizer,
    spill_dir: Option<&Path>,
) -> std::io::Result<Option<Split>> {
    let Some(cut) = last_heading(input)?.filter(|&cut| cut > 0) else {
        return Ok(None);
    };
    let mut source = input.open()?;
    let mut parser = Resumable::default();
    let mut reader = MarkdownReader::new(false);
    let first = super::corpus::RawSection::before_first_heading();
    let mut builder = builder(Some(&first), tokenizer, spill_dir);
    let mut hasher = Xxh3::new();
    let mut blocks = BlockHasher::default();
    let mut valid_utf8 = true;
    let len = pieces_of(
        (&mut source).take(cut),
        PIECE,
        &mut hasher,
        &mut blocks,
        |bytes| {
            valid_utf8 &= index_piece(bytes, &mut parser, &mut reader, &mut builder, tokenizer);
        },
    )?;
    if len != cut {
        // Shorter than it was a moment ago: indexed whole instead.
        return Ok(None);
    }
    let base = Base {
        len,
        hash: hasher.digest(),
        valid_utf8,
        blocks: blocks.finish(),
        state: resume_state(&reader, &parser),
        segment: builder.finish(tokenizer)?,
    };
    let tail = tail(source, PIECE, &base, hasher, tokenizer, spill_dir)?;
    Ok(tail.map(|tail| Split { base, tail }))
}

/// The tail of `input` after `base`, indexed from where the base left the parser and the
/// line reader, when `input` still starts with exactly the base's bytes; `None` when it
/// does not (an edit, a truncation) or when its first line is no longer a heading.
pub fn grow(
    input: Input<'_>,
    base: &Base,
    tokenizer: &mut Tokenizer,
    spill_dir: Option<&Path>,
) -> std::io::Result<Option<Streamed>> {
    let mut hasher = Xxh3::new();
    if let Input::Bytes(bytes) = input {
        // Read already: hashed and handed on in place, not copied a piece at a time.
        let Some((prefix, rest)) = usize::try_from(base.len)
            .ok()
            .and_then(|at| bytes.split_at_checked(at))
        else {
            return Ok(None);
        };
        hasher.update(prefix);
        if hasher.digest() != base.hash {
            return Ok(None);
        }
        return tail(rest, rest.len(), base, hasher, tokenizer, spill_dir);
    }
    let mut source = input.open()?;
    let mut buf = vec![0u8; PIECE];
    let mut left = base.len;
    while left > 0 {
        let want = usize::try_from(left).map_or(buf.len(), |left| left.min(buf.len()));
        match source.read(&mut buf[..want]) {
            Ok(0) => return Ok(None),
            Ok(n) => {
                hasher.update(&buf[..n]);
                left -= n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    drop(buf);
    if hasher.digest() != base.hash {
        return Ok(None);
    }
    tail(source, PIECE, base, hasher, tokenizer, spill_dir)
}

/// Index what `rest` holds after `base` (`hasher` has hashed the base's bytes): a segment of
/// its own whose sections are those that begin in it, marked as going on from the base's.
fn tail(
    rest: impl Read,
    size_hint: usize,
    base: &Base,
    mut hasher: Xxh3,
    tokenizer: &mut Tokenizer,
    spill_dir: Option<&Path>,
) -> std::io::Result<Option<Streamed>> {
    let Some((mut reader, mut parser)) = resumed(&base.state) else {
        return Ok(None);
    };
    // The tail's section 0 is empty; its first heading, section `sections()` of the whole
    // file, is its section 1.
    let shift = reader.sections() - 1;
    let first = super::corpus::RawSection::before_first_heading();
    let mut builder = builder(Some(&first), tokenizer, spill_dir);
    builder.continuing();
    let mut blocks = BlockHasher::default();
    let mut valid_utf8 = base.valid_utf8;
    // A line before the first heading would belong to the base's last section.
    let mut cut_in_a_section = false;
    let mut seen_heading = false;
    // A piece's buffer no larger than the tail (when known): a tail of a few lines does not
    // clear a megabyte to read them.
    let size = size_hint.clamp(1, PIECE);
    let len = pieces_of(rest, size, &mut hasher, &mut blocks, |bytes| {
        let text = crate::store::text::lossy(bytes);
        valid_utf8 &= matches!(text, std::borrow::Cow::Borrowed(_));
        parser.feed(&text);
        let entities = parser.take_entities();
        reader.read(&text, &entities, &mut |line| match line {
            Line::Doc(mut doc) if seen_heading && doc.section > shift => {
                doc.section -= shift;
                builder.doc(&doc, tokenizer);
            }
            Line::Doc(_) => cut_in_a_section = true,
            Line::Section(section) => {
                seen_heading = true;
                builder.section(&section, tokenizer);
            }
        });
    })?;
    if cut_in_a_section {
        return Ok(None);
    }
    Ok(Some(Streamed {
        segment: builder.finish(tokenizer)?,
        len: base.len + len,
        hash: hasher.digest(),
        blocks: base.blocks.clone().then(blocks.finish()),
        valid_utf8,
    }))
}

fn builder(
    first: Option<&super::corpus::RawSection>,
    tokenizer: &mut Tokenizer,
    spill_dir: Option<&Path>,
) -> Builder {
    // Unnamed: gone when the segment is dropped, or the process killed.
    // Not through a link out of the project (a cloned repository's `.mind/cache`): then the
    // segment is built in memory.
    let spill = spill_dir.and_then(|dir| {
        crate::store::guard::check(&dir.join("segment")).ok()?;
        std::fs::create_dir_all(dir).ok()?;
        tempfile::tempfile_in(dir).ok()
    });
    match spill {
        Some(file) => Builder::spilling(first, tokenizer, file),
        None => Builder::new(first, tokenizer),
    }
}

/// Parse and index one piece of the file (whole lines are not required: the parser and
/// the line reader carry what a piece leaves unfinished). Whether the piece was valid UTF-8.
fn index_piece(
    bytes: &[u8],
    parser: &mut Resumable,
    reader: &mut MarkdownReader,
    builder: &mut Builder,
    tokenizer: &mut Tokenizer,
) -> bool {
    let text = crate::store::text::lossy(bytes);
    let valid = matches!(text, std::borrow::Cow::Borrowed(_));
    parser.feed(&text);
    let entities = parser.take_entities();
    reader.read(&text, &entities, &mut |line| match line {
        Line::Doc(doc) => builder.doc(&doc, tokenizer),
        Line::Section(section) => builder.section(&section, tokenizer),
    });
    valid
}

/// The line reader's and the parser's state as bytes: the reader's (with its length first),
/// then the parser's (whose entities were all taken, so it needs no text to decode).
fn resume_state(reader: &MarkdownReader, parser: &Resumable) -> Vec<u8> {
    let state = reader.state();
    let mut out = Vec::with_capacity(4 + state.len() + 256);
    out.extend_from_slice(&(state.len() as u32).to_le_bytes());
    out.extend_from_slice(&state);
    crate::parse::snapshot::encode_into(&mut out, parser, &[], &Default::default());
    out
}

fn resumed(state: &[u8]) -> Option<(MarkdownReader, Resumable)> {
    let len = u32::from_le_bytes(state.get(..4)?.try_into().ok()?) as usize;
    let reader = MarkdownReader::resumed(state.get(4..4 + len)?)?;
    let parser = crate::parse::snapshot::decode(state.get(4 + len..)?, &[])?;
    Some((reader, parser))
}

/// Where the last line that looks like a heading (`#` to `######` at the start of the line,
/// then a blank or its end) starts; the file is read backwards a piece at a time. A heading
/// the line reader would not take as one is caught by [`tail`].
fn last_heading(input: Input<'_>) -> std::io::Result<Option<u64>> {
    match input {
        Input::Bytes(bytes) => Ok(last_heading_in(bytes, 0, bytes.len() as u64)),
        Input::File(path) => {
            use std::io::Seek;
            let mut file = std::fs::File::open(path)?;
            let len = file.metadata()?.len();
            let mut end = len;
            let mut window = Vec::new();
            while end > 0 {
                let start = end.saturating_sub(PIECE as u64);
                // A few bytes past the piece: enough to tell a line starting at its end.
                let upto = (end + 8).min(len);
                window.resize((upto - start) as usize, 0);
                file.seek(std::io::SeekFrom::Start(start))?;
                file.read_exact(&mut window)?;
                if let Some(at) = last_heading_in(&window, start, end) {
                    return Ok(Some(at));
                }
                end = start;
            }
            Ok(None)
        }
    }
}

/// [`last_heading`] among the lines of `window` (the bytes from `start` on) that start at
/// or before `end`, past `start` unless `start` is the file's beginning.
fn last_heading_in(window: &[u8], start: u64, end: u64) -> Option<u64> {
    let heading = |at: usize| {
        let rest = window.get(at..).unwrap_or(&[]);
        let hashes = rest.iter().take_while(|&&b| b == b'#').count();
        (1..=6).contains(&hashes)
            && rest
                .get(hashes)
                .is_none_or(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
    };
    let newlines = &window[..((end - start) as usize).min(window.len())];
    for nl in memchr::memrchr_iter(b'\n', newlines) {
        if start + nl as u64 + 1 < end + 1 && heading(nl + 1) && nl + 1 < window.len() {
            return Some(start + nl as u64 + 1);
        }
    }
    (start == 0 && heading(0)).then_some(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::corpus;

    /// The streamed segment is byte for byte the one built from the whole text, also when
    /// pieces end inside sections, comments, fences and around invalid UTF-8.
    #[test]
    fn same_segment_as_the_whole_text() {
        let mut text = String::from(
            "<!-- MIND MEMORY\nKeywords -->\n\n# demo\n\n## Project State\n- Goal: x\n\n## Gotchas\n- CRLF breaks it -> use LF\n\n",
        );
        for i in 0..3_000 {
            if i % 50 == 0 {
                text.push_str(&format!(
                    "\n## 2025-{:02}-{:02} | work {i}\n\n",
                    1 + i % 12,
                    1 + i % 28
                ));
            }
            match i % 7 {
                0 => text.push_str(&format!(
                    "decided: use JWT for auth {i} because stateless\n"
                )),
                1 => text.push_str(&format!(
                    "- problem: upload times out {i}\n  - nested detail {i}\n"
                )),
                2 => text.push_str("```\ncode line inside a fence\n```\n"),
                3 => text.push_str(&format!(
                    "<!-- a comment\nover lines {i} -->\nlearned: cookies {i}\n"
                )),
                4 => text.push_str(&format!("fixed: upload {i} [superseded]\n")),
                _ => text.push_str(&format!("Worked on search {i}\r\n")),
            }
        }
        let mut bytes = text.into_bytes();
        bytes.extend_from_slice(b"decided: bad \xff\xfe bytes\nlast line without newline");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("MEMORY.md");
        std::fs::write(&path, &bytes).unwrap();

        let whole = Segment::build(
            &corpus::markdown(&String::from_utf8_lossy(&bytes)),
            &mut Tokenizer::default(),
        );
        // Small pieces: many boundaries, one of them inside the invalid bytes' line.
        let streamed = markdown_in_pieces(&path, &mut Tokenizer::default(), 4096, None).unwrap();
        assert!(bytes.len() > 20 * 4096);
        assert_eq!(streamed.segment.bytes(), whole.bytes());
        assert_eq!(streamed.len, bytes.len() as u64);
        assert_eq!(streamed.hash, crate::rank::cache::fast_hash(&bytes));
        assert_eq!(streamed.blocks, Blocks::of(&bytes));
        assert!(!streamed.valid_utf8);
        assert_eq!(hash(&path).unwrap(), (streamed.len, streamed.hash));
        // Built into a mapped temp file: the same bytes, and the same again when copied out
        // a piece at a time.
        let big = markdown(&path, &mut Tokenizer::default(), dir.path()).unwrap();
        assert_eq!(big.segment.bytes(), whole.bytes());
        let mut copied = Vec::new();
        big.segment
            .write_pieces(|piece| {
                copied.extend_from_slice(piece);
                Ok(())
            })
            .unwrap();
        assert_eq!(copied, whole.bytes());
        assert_eq!(
            big.segment.bytes(),
            whole.bytes(),
            "read back after giving pages back"
        );
    }

    /// A file of more docs than are gathered before they go into the spill file: the docs
    /// written into it early and those kept to the end make the same segment.
    #[test]
    fn docs_written_into_the_spill_file_give_the_same_segment() {
        let mut text = String::from("# many\n\n## 2025-01-02 | work\n\n");
        for i in 0..60_000 {
            text.push_str(&format!("decided: use cache {i} for the {} path\n", i % 13));
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("MEMORY.md");
        std::fs::write(&path, &text).unwrap();
        let memory = markdown_in_pieces(&path, &mut Tokenizer::default(), PIECE, None).unwrap();
        let spilled = markdown(&path, &mut Tokenizer::default(), dir.path()).unwrap();
        assert!(spilled.segment.doc_count() * 24 > 1 << 20);
        assert_eq!(spilled.segment.doc_count(), 60_000);
        assert!(spilled.segment.bytes() == memory.segment.bytes());
    }

    /// A memory of dated sections with a gotcha section and code in between, appended to
    /// `extra` times; varied words so that heading and body terms overlap.
    fn memory(sections: usize, extra: usize) -> String {
        let words = [
            "auth", "upload", "cache", "token", "deploy", "timeout", "retry", "queue",
        ];
        let mut text = String::from("# demo\n\n## Gotchas\n- CRLF breaks auth -> use LF\n\n");
        for i in 0..sections + extra {
            let w = |k: usize| words[(i * 7 + k * 3) % words.len()];
            if i % 5 == 0 {
                text.push_str(&format!(
                    "\n## 2025-{:02}-{:02} | {} work\n\n",
                    1 + i % 12,
                    1 + i % 28,
                    w(0)
                ));
            } else {
                text.push_str(&format!(
                    "\n## 2025-{:02}-{:02}\n\n",
                    1 + i % 12,
                    1 + i % 28
                ));
            }
            text.push_str(&format!(
                "decided: use {} for {} because {}\n",
                w(1),
                w(2),
                w(0)
            ));
            text.push_str(&format!("- problem: {} {} fails\n", w(3), w(0)));
            if i % 9 == 0 {
                text.push_str("```\n## not a heading in a fence\n```\n");
            }
            text.push_str(&format!("learned: {} {} [superseded]\n", w(2), w(4)));
        }
        text
    }

    /// Line numbers and scores of the best hits for each query.
    fn ranked(segments: &[&Segment], tokenizer: &mut Tokenizer) -> Vec<Vec<(usize, u32)>> {
        use crate::rank::bm25::{Features, Filter, Query, search};
        let features = Features::default();
        let today = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        [
            "auth",
            "upload timeout",
            "cache token work",
            "deploy",
            "retry queue auth",
            "work fails",
        ]
        .iter()
        .map(|q| {
            let query = Query::parse(q, tokenizer, &features);
            search(segments, &query, &features, &Filter::default(), today, 30)
                .into_iter()
                .map(|h| (segments[h.seg].doc(h.doc).line, h.score.to_bits()))
                .collect()
        })
        .collect()
    }

    /// Split at the last heading, then grown by appends, the two segments rank as the whole
    /// file's one does, to the last bit of every score; an edit before the cut is refused.
    #[test]
    fn two_parts_rank_as_the_whole_file() {
        let mut tokenizer = Tokenizer::default();
        let first = memory(40, 0);
        let split = split(Input::Bytes(first.as_bytes()), &mut tokenizer, None)
            .unwrap()
            .expect("split");
        assert!(first[split.base.len as usize..].starts_with("## 2025-"));
        // The last line that looks like a heading is in a code fence: not split.
        let fenced = memory(37, 0);
        assert!(
            super::split(Input::Bytes(fenced.as_bytes()), &mut tokenizer, None)
                .unwrap()
                .is_none()
        );
        assert_eq!(split.tail.len, first.len() as u64);
        assert_eq!(
            split.tail.hash,
            crate::rank::cache::fast_hash(first.as_bytes())
        );
        // Blocks that cover the whole file, each hashed.
        let mut begin = 0;
        for (&end, &hash) in split.tail.blocks.ends.iter().zip(&split.tail.blocks.hashes) {
            assert_eq!(
                hash,
                crate::rank::cache::fast_hash(&first.as_bytes()[begin..end as usize])
            );
            begin = end as usize;
        }
        assert_eq!(begin, first.len());
        for extra in [0, 1, 3, 7, 8] {
            let mut grown = memory(40, extra.min(7));
            if extra == 8 {
                // A last section whose heading and one line share a word: its document
                // frequency is clamped to the file's lines, not to the tail's.
                grown.push_str("\n## 2026-01-01 | auth retry\n\ndecided: auth retry now\n");
            }
            let whole = Segment::build(&corpus::markdown(&grown), &mut tokenizer);
            let tail = grow(
                Input::Bytes(grown.as_bytes()),
                &split.base,
                &mut tokenizer,
                None,
            )
            .unwrap()
            .expect("grown");
            assert_eq!(
                tail.segment.doc_count() + split.base.segment.doc_count(),
                whole.doc_count()
            );
            let parts = ranked(&[&split.base.segment, &tail.segment], &mut tokenizer);
            assert!(parts.iter().all(|hits| hits.len() > 3));
            assert_eq!(parts, ranked(&[&whole], &mut tokenizer), "{extra} appended");
            // Every line where the whole file's index has it.
            let both: Vec<_> = (0..split.base.segment.doc_count())
                .map(|d| split.base.segment.doc(d))
                .chain((0..tail.segment.doc_count()).map(|d| tail.segment.doc(d)))
                .map(|m| (m.start, m.len, m.line, m.date, m.kind, m.superseded))
                .collect();
            let one: Vec<_> = (0..whole.doc_count())
                .map(|d| whole.doc(d))
                .map(|m| (m.start, m.len, m.line, m.date, m.kind, m.superseded))
                .collect();
            assert_eq!(both, one);
        }
        // A last section whose heading and one line share a word: the word's document
        // frequency is clamped to the file's lines, not to the tail's one line.
        let mut last = memory(40, 0);
        last.push_str("\n## 2026-01-01 | auth retry\n\ndecided: auth retry now\n");
        let two = super::split(Input::Bytes(last.as_bytes()), &mut tokenizer, None)
            .unwrap()
            .expect("split");
        assert_eq!(two.tail.segment.doc_count(), 1);
        let whole = Segment::build(&corpus::markdown(&last), &mut tokenizer);
        assert_eq!(
            ranked(&[&two.base.segment, &two.tail.segment], &mut tokenizer),
            ranked(&[&whole], &mut tokenizer)
        );
        // Grown past a quarter of the base: split anew at the last heading, the base longer.
        let big = memory(60, 0);
        assert!(big.len() as u64 - split.base.len > split.base.len / TAIL_SHARE);
        let previous = std::sync::Arc::new(split.base.clone());
        let (tail, base) = in_two_parts(
            Input::Bytes(big.as_bytes()),
            Some(&previous),
            &mut tokenizer,
            None,
        )
        .unwrap()
        .expect("split");
        assert!(base.len > previous.len);
        assert!(big[base.len as usize..].starts_with("## 2025-"));
        assert_eq!(tail.len, big.len() as u64);
        // A little grown: the same base, the tail after it.
        let small = memory(41, 0);
        let (_, same) = in_two_parts(
            Input::Bytes(small.as_bytes()),
            Some(&previous),
            &mut tokenizer,
            None,
        )
        .unwrap()
        .expect("grown");
        assert!(std::sync::Arc::ptr_eq(&same, &previous));
        // The same length, one byte changed before the cut: not grown.
        let mut edited = memory(40, 2).into_bytes();
        edited[20] ^= 1;
        assert!(
            grow(Input::Bytes(&edited), &split.base, &mut tokenizer, None)
                .unwrap()
                .is_none()
        );
        // Cut back before the base's end: not grown either.
        let short = &first.as_bytes()[..split.base.len as usize - 1];
        assert!(
            grow(Input::Bytes(short), &split.base, &mut tokenizer, None)
                .unwrap()
                .is_none()
        );
    }
}
