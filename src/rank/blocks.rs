//! A source file cut into blocks of whole lines, each with its hash: a line a search shows
//! is checked by reading and hashing only the block it sits in, not the whole file.
//!
//! A block runs from where the last one ended to the first newline at or past [`BLOCK`]
//! bytes (or the end of the file), so every line lies in exactly one block however the
//! file was read: whole, or in pieces of any size.

use xxhash_rust::xxh3::Xxh3;

/// A block's size before it runs on to the end of its last line.
pub const BLOCK: u64 = 1 << 16;

/// Where each block ends and its hash ([`super::cache::fast_hash`] of its bytes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Blocks {
    pub ends: Vec<u64>,
    pub hashes: Vec<u64>,
}

impl Blocks {
    /// The blocks of a text held whole.
    pub fn of(bytes: &[u8]) -> Blocks {
        let mut hasher = BlockHasher::default();
        hasher.update(bytes);
        hasher.finish()
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// These blocks followed by `next`, the blocks of the bytes that come after them (its
    /// ends counted from where these end).
    pub fn then(mut self, next: Blocks) -> Blocks {
        let base = self.ends.last().copied().unwrap_or(0);
        self.ends.extend(next.ends.iter().map(|&end| base + end));
        self.hashes.extend(next.hashes);
        self
    }

    /// The block that holds all of `start..start + len`: its number and byte range;
    /// `None` when the range is past the end or spans two blocks.
    pub fn holding(&self, start: u64, len: u64) -> Option<(usize, std::ops::Range<u64>)> {
        let i = self.ends.partition_point(|&end| end <= start);
        let end = *self.ends.get(i)?;
        let begin = if i == 0 { 0 } else { self.ends[i - 1] };
        (start.checked_add(len)? <= end).then_some((i, begin..end))
    }
}

/// Cuts bytes handed to it in any pieces into [`Blocks`].
pub struct BlockHasher {
    blocks: Blocks,
    hasher: Xxh3,
    /// Where the current block starts and how far the bytes go.
    start: u64,
    pos: u64,
}

impl Default for BlockHasher {
    fn default() -> Self {
        BlockHasher {
            blocks: Blocks::default(),
            hasher: Xxh3::new(),
            start: 0,
            pos: 0,
        }
    }
}

impl BlockHasher {
    /// The next bytes of the file.
    pub fn update(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let filled = self.pos - self.start;
            let take = if filled < BLOCK {
                bytes.len().min((BLOCK - filled) as usize)
            } else {
                match memchr::memchr(b'\n', bytes) {
                    Some(newline) => newline + 1,
                    None => bytes.len(),
                }
            };
            self.hasher.update(&bytes[..take]);
            self.pos += take as u64;
            let ends_block = filled + take as u64 > BLOCK && bytes[take - 1] == b'\n';
            bytes = &bytes[take..];
            if ends_block {
                self.cut();
            }
        }
    }

    fn cut(&mut self) {
        self.blocks.ends.push(self.pos);
        self.blocks.hashes.push(self.hasher.digest());
        self.hasher.reset();
        self.start = self.pos;
    }

    /// The blocks, the last one ending where the bytes did.
    pub fn finish(mut self) -> Blocks {
        if self.pos > self.start {
            self.cut();
        }
        self.blocks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rank::cache::fast_hash;

    fn text() -> Vec<u8> {
        let mut text = Vec::new();
        for i in 0..20_000 {
            text.extend_from_slice(
                format!("decided: line {i} {}\n", "x".repeat(i % 97)).as_bytes(),
            );
        }
        text.extend_from_slice(b"last line without newline");
        text
    }

    #[test]
    fn blocks_end_at_newlines_past_the_size_and_hash_their_bytes() {
        let text = text();
        let blocks = Blocks::of(&text);
        assert!(blocks.len() > 10);
        assert_eq!(*blocks.ends.last().unwrap(), text.len() as u64);
        let mut begin = 0u64;
        for (i, (&end, &hash)) in blocks.ends.iter().zip(&blocks.hashes).enumerate() {
            let bytes = &text[begin as usize..end as usize];
            assert_eq!(hash, fast_hash(bytes));
            if i + 1 < blocks.len() {
                assert!(bytes.len() as u64 > BLOCK);
                assert_eq!(bytes.last(), Some(&b'\n'));
                // The newline that ends it is the first one past the size.
                assert!(!bytes[BLOCK as usize..bytes.len() - 1].contains(&b'\n'));
            }
            begin = end;
        }
    }

    #[test]
    fn the_same_blocks_in_any_pieces() {
        let text = text();
        let whole = Blocks::of(&text);
        for size in [1, 7, 4096, 65_536, 65_537, 1 << 20] {
            let mut hasher = BlockHasher::default();
            for piece in text.chunks(size) {
                hasher.update(piece);
            }
            assert_eq!(hasher.finish(), whole, "pieces of {size}");
        }
        assert!(Blocks::of(b"").is_empty());
    }

    #[test]
    fn a_line_lies_in_one_block() {
        let text = text();
        let blocks = Blocks::of(&text);
        let mut start = 0usize;
        for line in text.split(|&b| b == b'\n') {
            let (_, range) = blocks.holding(start as u64, line.len() as u64).unwrap();
            assert!(range.start <= start as u64 && (start + line.len()) as u64 <= range.end);
            start += line.len() + 1;
        }
        assert_eq!(blocks.holding(text.len() as u64, 1), None);
        let second = blocks.ends[0];
        assert_eq!(blocks.holding(second - 2, 4), None, "spans two blocks");
    }
}
