//! A WordPiece vocabulary in a compact form, and the file that keeps it beside the model.
//!
//! tokenizer.json is 466 KB of JSON, mostly the 30,522 vocabulary entries; parsing it and
//! hashing every entry into two maps was a third of a search's start. Here the vocabulary is
//! one block of bytes (the tokens in id order), their end offsets, and the ids in byte order
//! of their tokens, so a look-up is a binary search and loading is one read and a checksum:
//! no string is allocated. `vocab.bin` in the model folder keeps this form together with
//! the small rest of tokenizer.json (normaliser, pre-tokeniser, post-processor, added
//! tokens, WordPiece settings) as JSON. `mind model install` writes it; a search that finds
//! it missing, damaged, of another format or made from another tokenizer.json (its XXH3 and
//! length are in the header) rebuilds it from tokenizer.json and replaces it atomically.
//!
//! [`CompactWordPiece`] is a `tokenizers` model that splits words exactly as the crate's
//! WordPiece does (greedy longest match, `##` continuation, `[UNK]` for a word with an
//! unknown part or longer than the limit); the normaliser and the rest are the crate's own.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tokenizers::models::wordpiece::{WordPiece, WordPieceTrainer};
use tokenizers::normalizers::NormalizerWrapper;
use tokenizers::pre_tokenizers::PreTokenizerWrapper;
use tokenizers::processors::PostProcessorWrapper;
use tokenizers::{Model, Token};

use crate::rank::cache::fast_hash;

const MAGIC: &[u8; 8] = b"MINDVOC\0";
/// Raised whenever the layout below changes: an older file is then rebuilt.
const FORMAT: u32 = 1;
pub const VOCAB_FILE: &str = "vocab.bin";

/// The vocabulary: `blob[ends[id - 1]..ends[id]]` is the token of `id`.
#[derive(Debug, Clone, PartialEq)]
pub struct CompactWordPiece {
    blob: Vec<u8>,
    ends: Vec<u32>,
    /// Every id, ordered by its token's bytes.
    sorted: Vec<u32>,
    unk_token: String,
    continuing_subword_prefix: String,
    max_input_chars_per_word: usize,
}

impl CompactWordPiece {
    /// The compact form of a vocabulary whose ids are exactly `0..vocab.len()`; `None`
    /// otherwise (such a file is left to the crate's loader).
    pub fn new(
        vocab: &HashMap<String, u32>,
        unk_token: String,
        continuing_subword_prefix: String,
        max_input_chars_per_word: usize,
    ) -> Option<CompactWordPiece> {
        let mut by_id: Vec<Option<&str>> = vec![None; vocab.len()];
        for (token, &id) in vocab {
            *by_id.get_mut(id as usize)? = Some(token);
        }
        let mut blob = Vec::new();
        let mut ends = Vec::with_capacity(by_id.len());
        for token in by_id {
            blob.extend_from_slice(token?.as_bytes());
            ends.push(u32::try_from(blob.len()).ok()?);
        }
        let mut compact = CompactWordPiece {
            blob,
            ends,
            sorted: Vec::new(),
            unk_token,
            continuing_subword_prefix,
            max_input_chars_per_word,
        };
        let mut sorted: Vec<u32> = (0..compact.ends.len() as u32).collect();
        sorted.sort_by(|&a, &b| compact.bytes(a).cmp(compact.bytes(b)));
        compact.sorted = sorted;
        Some(compact)
    }

    fn bytes(&self, id: u32) -> &[u8] {
        let i = id as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.blob[start..self.ends[i] as usize]
    }

    fn id(&self, token: &str) -> Option<u32> {
        self.sorted
            .binary_search_by(|&id| self.bytes(id).cmp(token.as_bytes()))
            .ok()
            .map(|i| self.sorted[i])
    }

    fn unknown(&self, word: &str) -> tokenizers::Result<Vec<Token>> {
        let id = self
            .id(&self.unk_token)
            .ok_or("the unknown token is not in the vocabulary")?;
        Ok(vec![Token::new(
            id,
            self.unk_token.clone(),
            (0, word.len()),
        )])
    }
}

impl Model for CompactWordPiece {
    type Trainer = WordPieceTrainer;

    /// The crate's WordPiece algorithm, step for step.
    fn tokenize(&self, word: &str) -> tokenizers::Result<Vec<Token>> {
        if word.chars().count() > self.max_input_chars_per_word {
            return self.unknown(word);
        }
        let mut pieces = Vec::new();
        let mut candidate = String::new();
        let mut start = 0;
        while start < word.len() {
            let mut end = word.len();
            let mut found = None;
            while start < end {
                candidate.clear();
                if start > 0 {
                    candidate.push_str(&self.continuing_subword_prefix);
                }
                candidate.push_str(&word[start..end]);
                if let Some(id) = self.id(&candidate) {
                    found = Some(Token::new(id, candidate.clone(), (start, end)));
                    break;
                }
                end -= word[start..end].chars().last().map_or(1, char::len_utf8);
            }
            let Some(piece) = found else {
                return self.unknown(word);
            };
            pieces.push(piece);
            start = end;
        }
        Ok(pieces)
    }

    fn token_to_id(&self, token: &str) -> Option<u32> {
        self.id(token)
    }

    fn id_to_token(&self, id: u32) -> Option<String> {
        ((id as usize) < self.ends.len())
            .then(|| String::from_utf8_lossy(self.bytes(id)).into_owned())
    }

    fn get_vocab(&self) -> HashMap<String, u32> {
        (0..self.ends.len() as u32)
            .filter_map(|id| Some((self.id_to_token(id)?, id)))
            .collect()
    }

    fn get_vocab_size(&self) -> usize {
        self.ends.len()
    }

    fn save(&self, _folder: &Path, _prefix: Option<&str>) -> tokenizers::Result<Vec<PathBuf>> {
        Err("the compact vocabulary is not saved as a tokenizer file".into())
    }

    fn get_trainer(&self) -> WordPieceTrainer {
        WordPieceTrainer::builder().build()
    }
}

/// The parts of tokenizer.json besides the vocabulary.
#[derive(Serialize, Deserialize)]
pub struct Rest {
    #[serde(default)]
    pub added_tokens: Vec<Added>,
    pub normalizer: Option<NormalizerWrapper>,
    pub pre_tokenizer: Option<PreTokenizerWrapper>,
    pub post_processor: Option<PostProcessorWrapper>,
}

/// One added token as tokenizer.json lists it.
#[derive(Serialize, Deserialize)]
pub struct Added {
    pub content: String,
    #[serde(default)]
    pub single_word: bool,
    #[serde(default)]
    pub lstrip: bool,
    #[serde(default)]
    pub rstrip: bool,
    #[serde(default)]
    pub normalized: bool,
    #[serde(default)]
    pub special: bool,
}

/// tokenizer.json read as a WordPiece tokenizer (fails when the model is another kind).
#[derive(Deserialize)]
struct File {
    #[serde(default)]
    added_tokens: Vec<Added>,
    normalizer: Option<NormalizerWrapper>,
    pre_tokenizer: Option<PreTokenizerWrapper>,
    post_processor: Option<PostProcessorWrapper>,
    model: WordPiece,
}

/// What a tokenizer is built from.
pub struct Parts {
    pub vocab: CompactWordPiece,
    pub rest: Rest,
}

/// The parts of the WordPiece tokenizer `json` (tokenizer.json) describes, from `cache`
/// when it was made from these very bytes, else parsed (and `cache` rewritten, best
/// effort). `None` when the model is not WordPiece or its ids are not dense.
pub fn parts(json: &[u8], cache: &Path) -> Option<Parts> {
    let source = Source::of(json);
    if let Some(parts) = std::fs::read(cache).ok().and_then(|b| decode(&b, source)) {
        return Some(parts);
    }
    let parts = parse(json)?;
    if let Some(bytes) = encode(&parts, source) {
        // A rewrite killed before its rename left a temp file beside the model, and left the
        // cache missing, so the next rewrite comes here: it removes what dead writers left.
        if let Some(folder) = cache.parent() {
            crate::store::atomic::sweep_stale(folder);
        }
        // A cache that cannot be written costs the next search a parse, nothing more.
        let _ = crate::store::atomic::write_atomic(cache, &bytes);
    }
    Some(parts)
}

/// Parse tokenizer.json (the slow way, the crate's WordPiece deserialiser).
pub fn parse(json: &[u8]) -> Option<Parts> {
    let file: File = serde_json::from_slice(json).ok()?;
    let vocab = CompactWordPiece::new(
        &file.model.get_vocab(),
        file.model.unk_token.clone(),
        file.model.continuing_subword_prefix.clone(),
        file.model.max_input_chars_per_word,
    )?;
    Some(Parts {
        vocab,
        rest: Rest {
            added_tokens: file.added_tokens,
            normalizer: file.normalizer,
            pre_tokenizer: file.pre_tokenizer,
            post_processor: file.post_processor,
        },
    })
}

/// Which tokenizer.json a cache was made from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Source {
    hash: u64,
    len: u64,
}

impl Source {
    fn of(json: &[u8]) -> Source {
        Source {
            hash: fast_hash(json),
            len: json.len() as u64,
        }
    }
}

/// Settings kept as JSON in the file, beside the vocabulary.
#[derive(Deserialize)]
struct Settings {
    rest: Rest,
    unk_token: String,
    continuing_subword_prefix: String,
    max_input_chars_per_word: usize,
}

/// [`Settings`] as written.
#[derive(Serialize)]
struct SettingsOut<'a> {
    rest: &'a Rest,
    unk_token: &'a str,
    continuing_subword_prefix: &'a str,
    max_input_chars_per_word: usize,
}

fn encode(parts: &Parts, source: Source) -> Option<Vec<u8>> {
    let v = &parts.vocab;
    let settings = serde_json::to_vec(&SettingsOut {
        rest: &parts.rest,
        unk_token: &v.unk_token,
        continuing_subword_prefix: &v.continuing_subword_prefix,
        max_input_chars_per_word: v.max_input_chars_per_word,
    })
    .ok()?;
    let mut out = Vec::with_capacity(64 + settings.len() + v.blob.len() + 8 * v.ends.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(&source.hash.to_le_bytes());
    out.extend_from_slice(&source.len.to_le_bytes());
    out.extend_from_slice(&u32::try_from(settings.len()).ok()?.to_le_bytes());
    out.extend_from_slice(&settings);
    out.extend_from_slice(&u32::try_from(v.ends.len()).ok()?.to_le_bytes());
    for n in v.ends.iter().chain(&v.sorted) {
        out.extend_from_slice(&n.to_le_bytes());
    }
    out.extend_from_slice(&v.blob);
    let sum = fast_hash(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    Some(out)
}

/// The parts a cache file holds, if it is whole, of this format and made from `source`.
fn decode(bytes: &[u8], source: Source) -> Option<Parts> {
    let body = bytes.get(..bytes.len().checked_sub(8)?)?;
    if fast_hash(body).to_le_bytes() != bytes[body.len()..] {
        return None;
    }
    let mut r = Reader(body);
    if r.take(8)? != MAGIC
        || r.u32()? != FORMAT
        || r.u64()? != source.hash
        || r.u64()? != source.len
    {
        return None;
    }
    let settings_len = r.u32()? as usize;
    let settings: Settings = serde_json::from_slice(r.take(settings_len)?).ok()?;
    let count = r.u32()? as usize;
    let ends = r.u32s(count)?;
    let sorted = r.u32s(count)?;
    let blob = r.0.to_vec();
    // Offsets that climb to the blob's end and a permutation of the ids: anything else is
    // damage the checksum missed, and a look-up must never index out of bounds.
    let climbing = ends.windows(2).all(|w| w[0] <= w[1]);
    if !climbing || ends.last().map_or(0, |&e| e as usize) != blob.len() {
        return None;
    }
    let mut seen = vec![false; count];
    for &id in &sorted {
        let slot = seen.get_mut(id as usize)?;
        if std::mem::replace(slot, true) {
            return None;
        }
    }
    Some(Parts {
        vocab: CompactWordPiece {
            blob,
            ends,
            sorted,
            unk_token: settings.unk_token,
            continuing_subword_prefix: settings.continuing_subword_prefix,
            max_input_chars_per_word: settings.max_input_chars_per_word,
        },
        rest: settings.rest,
    })
}

/// Reads little-endian fields off the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.0.len() {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    fn u32s(&mut self, count: usize) -> Option<Vec<u32>> {
        let bytes = self.take(count.checked_mul(4)?)?;
        Some(
            bytes
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny_json() -> (tempfile::TempDir, Vec<u8>) {
        let dir = tempfile::tempdir().unwrap();
        crate::embed::tiny::write_tiny_model(dir.path());
        let json = std::fs::read(dir.path().join("tokenizer.json")).unwrap();
        (dir, json)
    }

    #[test]
    fn the_cache_is_written_then_read_back_as_parsed() {
        let (dir, json) = tiny_json();
        let cache = dir.path().join(VOCAB_FILE);
        let parsed = parts(&json, &cache).unwrap();
        let bytes = std::fs::read(&cache).expect("written on first use");
        let read = decode(&bytes, Source::of(&json)).expect("read back");
        assert_eq!(read.vocab, parsed.vocab);
        assert_eq!(
            serde_json::to_string(&read.rest).unwrap(),
            serde_json::to_string(&parsed.rest).unwrap()
        );
        // A second load uses the file as it is.
        parts(&json, &cache).unwrap();
        assert_eq!(std::fs::read(&cache).unwrap(), bytes);
    }

    #[test]
    fn a_damaged_or_foreign_cache_is_rebuilt() {
        let (dir, json) = tiny_json();
        let cache = dir.path().join(VOCAB_FILE);
        parts(&json, &cache).unwrap();
        let good = std::fs::read(&cache).unwrap();
        let source = Source::of(&json);

        let mut flipped = good.clone();
        let mid = flipped.len() / 2;
        flipped[mid] ^= 0x20;
        let mut other_format = good.clone();
        other_format[8] = other_format[8].wrapping_add(1);
        let body = other_format.len() - 8;
        let sum = fast_hash(&other_format[..body]).to_le_bytes();
        other_format[body..].copy_from_slice(&sum);
        let damaged: [&[u8]; 4] = [b"", b"junk", &good[..good.len() - 1], &flipped];
        for bytes in damaged.into_iter().chain([other_format.as_slice()]) {
            assert!(decode(bytes, source).is_none());
            std::fs::write(&cache, bytes).unwrap();
            assert_eq!(
                parts(&json, &cache).unwrap().vocab,
                parse(&json).unwrap().vocab
            );
            assert_eq!(std::fs::read(&cache).unwrap(), good, "rewritten whole");
        }

        // Made from another tokenizer.json: not trusted.
        let mut edited = json.clone();
        edited.push(b'\n');
        assert!(decode(&good, Source::of(&edited)).is_none());
        parts(&edited, &cache).unwrap();
        assert_ne!(std::fs::read(&cache).unwrap(), good);
    }

    #[test]
    fn words_split_as_the_crates_wordpiece_splits_them() {
        let (_dir, json) = tiny_json();
        let file: File = serde_json::from_slice(&json).unwrap();
        let compact = parse(&json).unwrap().vocab;
        for word in [
            "the",
            "scheduler",
            "schedulers",
            "xyzzy",
            "é",
            "日本",
            "",
            "aaaa",
        ] {
            let ids = |t: Vec<Token>| t.into_iter().map(|t| (t.id, t.offsets)).collect::<Vec<_>>();
            assert_eq!(
                ids(compact.tokenize(word).unwrap()),
                ids(file.model.tokenize(word).unwrap()),
                "{word:?}"
            );
        }
        let long = "a".repeat(compact.max_input_chars_per_word + 1);
        assert_eq!(
            compact.tokenize(&long).unwrap()[0].id,
            compact.id(&compact.unk_token).unwrap()
        );
    }
}
