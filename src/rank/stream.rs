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
    mut piece: impl FnMut(&[u8]),
) -> std::io::Result<(u64, u64, Blocks)> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    let mut blocks = BlockHasher::default();
    let mut buf: Vec<u8> = Vec::with_capacity(size * 2);
    let mut len = 0u64;
    loop {
        let filled = buf.len();
        buf.resize(filled + size, 0);
        let n = loop {
            match file.read(&mut buf[filled..]) {
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
            return Ok((len, hasher.digest(), blocks.finish()));
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
    // Unnamed: gone when the segment is dropped, or the process killed.
    let spill = spill_dir.and_then(|dir| {
        std::fs::create_dir_all(dir).ok()?;
        tempfile::tempfile_in(dir).ok()
    });
    let first = super::corpus::RawSection::before_first_heading();
    let mut builder = match spill {
        Some(file) => Builder::spilling(Some(&first), tokenizer, file),
        None => Builder::new(Some(&first), tokenizer),
    };
    let mut valid_utf8 = true;
    let (len, hash, blocks) = pieces(path, size, |bytes| {
        let text = crate::store::text::lossy(bytes);
        valid_utf8 &= matches!(text, std::borrow::Cow::Borrowed(_));
        parser.feed(&text);
        let entities = parser.take_entities();
        reader.read(&text, &entities, &mut |line| match line {
            Line::Doc(doc) => builder.doc(&doc, tokenizer),
            Line::Section(section) => builder.section(&section, tokenizer),
        });
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
}
