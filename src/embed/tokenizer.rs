//! The tokenizer of the model: tokenizer.json loaded quickly.
//!
//! The file is mostly the WordPiece vocabulary (30,522 entries for all-MiniLM-L6-v2). For a
//! WordPiece model the vocabulary is used in its compact form ([`super::vocab`], kept in
//! `vocab.bin` beside the model, so a search neither parses the JSON nor builds a map of
//! strings); the normaliser, pre-tokeniser, post-processor and added tokens are the file's
//! own, run by the tokenizers crate. Any other kind of model (or anything unexpected) is
//! loaded by the crate's own loader.

use std::path::Path;

use tokenizers::decoders::DecoderWrapper;
use tokenizers::normalizers::NormalizerWrapper;
use tokenizers::pre_tokenizers::PreTokenizerWrapper;
use tokenizers::processors::PostProcessorWrapper;
use tokenizers::{AddedToken, TokenizerImpl, TruncationParams};

use super::vocab::{self, CompactWordPiece, Parts};

type WordPieceTokenizer = TokenizerImpl<
    CompactWordPiece,
    NormalizerWrapper,
    PreTokenizerWrapper,
    PostProcessorWrapper,
    DecoderWrapper,
>;

/// A loaded tokenizer.
pub enum Tokenizer {
    /// A WordPiece model over the compact vocabulary.
    WordPiece(Box<WordPieceTokenizer>),
    /// Any other model, as the crate loads it.
    Other(Box<tokenizers::Tokenizer>),
}

impl Tokenizer {
    /// The ids of `text` with the special tokens the post-processor adds.
    pub fn ids(&self, text: &str) -> Result<Vec<u32>, String> {
        let encoding = match self {
            Tokenizer::WordPiece(t) => t.encode(text, true),
            Tokenizer::Other(t) => t.encode(text, true),
        };
        Ok(encoding.map_err(|e| e.to_string())?.get_ids().to_vec())
    }

    /// Cut every text to `max` tokens (special tokens included), never padding.
    pub fn truncate_to(&mut self, max: usize) -> Result<(), String> {
        let params = Some(TruncationParams {
            max_length: max,
            ..Default::default()
        });
        match self {
            Tokenizer::WordPiece(t) => t.with_truncation(params).map(|_| ()),
            Tokenizer::Other(t) => {
                // Padding is done per batch by the encoder; the file's own settings
                // (fixed-length padding) would only add work.
                t.with_padding(None);
                t.with_truncation(params).map(|_| ())
            }
        }
        .map_err(|e| e.to_string())
    }
}

/// The tokenizer described by `bytes` (the contents of tokenizer.json); a WordPiece
/// vocabulary is read from (or kept in) `cache`.
pub fn load(bytes: &[u8], cache: &Path) -> Result<Tokenizer, String> {
    if let Some(tokenizer) = vocab::parts(bytes, cache).and_then(build) {
        return Ok(Tokenizer::WordPiece(Box::new(tokenizer)));
    }
    tokenizers::Tokenizer::from_bytes(bytes)
        .map(|t| Tokenizer::Other(Box::new(t)))
        .map_err(|e| e.to_string())
}

/// A tokenizer from its parts, as the crate's loader assembles one.
fn build(parts: Parts) -> Option<WordPieceTokenizer> {
    let rest = parts.rest;
    let mut tokenizer = TokenizerImpl::new(parts.vocab);
    tokenizer.with_normalizer(rest.normalizer).ok()?;
    tokenizer.with_pre_tokenizer(rest.pre_tokenizer);
    tokenizer.with_post_processor(rest.post_processor);
    // As the crate's loader does: every added token (special or not) in one call, in the
    // file's order.
    let added = rest.added_tokens.into_iter().map(|a| AddedToken {
        content: a.content,
        single_word: a.single_word,
        lstrip: a.lstrip,
        rstrip: a.rstrip,
        normalized: a.normalized,
        special: a.special,
    });
    tokenizer.add_tokens(added).ok()?;
    Some(tokenizer)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sentences that exercise the normaliser (case, accents, control characters, CJK),
    /// the pre-tokeniser (punctuation, identifiers) and WordPiece (unknown and split words).
    pub const CORPUS: [&str; 8] = [
        "the container scheduler runs the kubernetes pods",
        "JWT tokens: 15-minute expiry (v1.4.2) — src/auth.rs::refresh()",
        "Café résumé NAÏVE façade Ünïcödé",
        "日本語のテキスト and 中文 mixed with emojis 🚀🔥",
        "tab\tseparated\u{7}bell and\u{200b}zero width",
        "[CLS] a literal [SEP] and [MASK] in text",
        "",
        "supercalifragilisticexpialidocious antidisestablishmentarianism xyzzyplugh",
    ];

    /// The compact tokenizer (built from the JSON, then read back from its cache) and the
    /// crate's own loader give the same ids for every text, cut to 128 tokens alike.
    pub fn assert_same_ids(json: &[u8], texts: &[&str]) {
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join(vocab::VOCAB_FILE);
        let mut built = load(json, &cache).unwrap();
        assert!(cache.is_file(), "the vocabulary is kept");
        let mut cached = load(json, &cache).unwrap();
        let mut full = Tokenizer::Other(Box::new(tokenizers::Tokenizer::from_bytes(json).unwrap()));
        for t in [&mut built, &mut cached, &mut full] {
            t.truncate_to(128).unwrap();
        }
        assert!(matches!(built, Tokenizer::WordPiece(_)));
        assert!(matches!(cached, Tokenizer::WordPiece(_)));
        for text in texts {
            let want = full.ids(text).unwrap();
            assert_eq!(built.ids(text).unwrap(), want, "{text:?}");
            assert_eq!(cached.ids(text).unwrap(), want, "{text:?}");
        }
    }

    #[test]
    fn the_quick_loader_tokenises_as_the_crate_does() {
        let dir = tempfile::tempdir().unwrap();
        crate::embed::tiny::write_tiny_model(dir.path());
        assert_same_ids(
            &std::fs::read(dir.path().join("tokenizer.json")).unwrap(),
            &CORPUS,
        );
    }

    /// With the real model: the corpus above, a text longer than the cut, and every line
    /// of the evaluation corpora in tests/eval/.
    #[test]
    fn the_quick_loader_tokenises_as_the_crate_does_with_the_real_model() {
        let Some(dir) = std::env::var_os("MIND_TEST_MODEL").filter(|d| !d.is_empty()) else {
            eprintln!("skipped: set MIND_TEST_MODEL to an all-MiniLM-L6-v2 folder");
            return;
        };
        let json = std::fs::read(std::path::Path::new(&dir).join("tokenizer.json")).unwrap();
        let mut lines: Vec<String> = CORPUS.iter().map(|s| s.to_string()).collect();
        lines.push("token refresh ".repeat(200));
        let eval = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/eval");
        for entry in std::fs::read_dir(eval).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "md" || e == "jsonl") {
                let text = std::fs::read_to_string(&path).unwrap();
                lines.extend(text.lines().map(str::to_string));
            }
        }
        assert!(lines.len() > 1000, "{} lines", lines.len());
        let texts: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_same_ids(&json, &texts);
    }

    #[test]
    fn another_kind_of_model_goes_to_the_crates_loader() {
        let json = br#"{"version":"1.0","truncation":null,"padding":null,"added_tokens":[],
            "normalizer":null,"pre_tokenizer":{"type":"Whitespace"},"post_processor":null,
            "decoder":null,"model":{"type":"WordLevel","vocab":{"a":0,"[UNK]":1},"unk_token":"[UNK]"}}"#;
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join(vocab::VOCAB_FILE);
        let tokenizer = load(json, &cache).unwrap();
        assert!(matches!(tokenizer, Tokenizer::Other(_)));
        assert!(!cache.exists(), "nothing kept for another kind of model");
        assert_eq!(tokenizer.ids("a b").unwrap(), vec![0, 1]);
    }
}
