//! Loading `tokenizer.json` quickly.
//!
//! The file is mostly the WordPiece vocabulary (30,522 entries for all-MiniLM-L6-v2). The
//! tokenizers crate's own loader reads the model section as "any of several models", which
//! buffers the whole vocabulary in a generic form first, and that made it a large part of a
//! search's start. Here the section is read as a WordPiece model directly (the crate's own
//! deserialiser for that model); the normaliser, pre-tokeniser, post-processor and added
//! tokens are the file's own, read by the crate too. Any other kind of model (or anything
//! unexpected) is loaded by the crate's loader.

use serde::Deserialize;
use tokenizers::models::wordpiece::WordPiece;
use tokenizers::normalizers::NormalizerWrapper;
use tokenizers::pre_tokenizers::PreTokenizerWrapper;
use tokenizers::processors::PostProcessorWrapper;
use tokenizers::{AddedToken, Tokenizer};

#[derive(Deserialize)]
struct File {
    #[serde(default)]
    added_tokens: Vec<Added>,
    normalizer: Option<NormalizerWrapper>,
    pre_tokenizer: Option<PreTokenizerWrapper>,
    post_processor: Option<PostProcessorWrapper>,
    model: WordPiece,
}

#[derive(Deserialize)]
struct Added {
    content: String,
    #[serde(default)]
    single_word: bool,
    #[serde(default)]
    lstrip: bool,
    #[serde(default)]
    rstrip: bool,
    #[serde(default)]
    normalized: bool,
    #[serde(default)]
    special: bool,
}

/// The tokenizer described by `bytes` (the contents of tokenizer.json).
pub fn load(bytes: &[u8]) -> Result<Tokenizer, String> {
    match load_wordpiece(bytes) {
        Some(tokenizer) => Ok(tokenizer),
        None => Tokenizer::from_bytes(bytes).map_err(|e| e.to_string()),
    }
}

/// The quick path, for a WordPiece model; `None` for anything else.
fn load_wordpiece(bytes: &[u8]) -> Option<Tokenizer> {
    // Fails (and the caller falls back) when the model is not WordPiece.
    let file: File = serde_json::from_slice(bytes).ok()?;
    let mut tokenizer = Tokenizer::new(file.model);
    tokenizer.with_normalizer(file.normalizer).ok()?;
    tokenizer.with_pre_tokenizer(file.pre_tokenizer);
    tokenizer.with_post_processor(file.post_processor);
    // As the crate's loader does: every added token (special or not) in one call, in the
    // file's order.
    let added = file.added_tokens.into_iter().map(|a| AddedToken {
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

    fn ids(tokenizer: &Tokenizer, text: &str) -> Vec<u32> {
        tokenizer.encode(text, true).unwrap().get_ids().to_vec()
    }

    /// The quick loader and the crate's own give the same ids for every sentence.
    pub fn assert_same_ids(json: &[u8]) {
        let quick = load_wordpiece(json).expect("a WordPiece tokenizer");
        let mut full = Tokenizer::from_bytes(json).unwrap();
        // The file's fixed-length padding is switched off by the encoder as well.
        full.with_padding(None);
        for text in CORPUS {
            assert_eq!(ids(&quick, text), ids(&full, text), "{text:?}");
        }
    }

    #[test]
    fn the_quick_loader_tokenises_as_the_crate_does() {
        let dir = tempfile::tempdir().unwrap();
        crate::embed::tiny::write_tiny_model(dir.path());
        assert_same_ids(&std::fs::read(dir.path().join("tokenizer.json")).unwrap());
    }

    #[test]
    fn the_quick_loader_tokenises_as_the_crate_does_with_the_real_model() {
        let Some(dir) = std::env::var_os("MIND_TEST_MODEL").filter(|d| !d.is_empty()) else {
            eprintln!("skipped: set MIND_TEST_MODEL to an all-MiniLM-L6-v2 folder");
            return;
        };
        let json = std::fs::read(std::path::Path::new(&dir).join("tokenizer.json")).unwrap();
        assert_same_ids(&json);
    }

    #[test]
    fn another_kind_of_model_goes_to_the_crates_loader() {
        let json = br#"{"version":"1.0","truncation":null,"padding":null,"added_tokens":[],
            "normalizer":null,"pre_tokenizer":{"type":"Whitespace"},"post_processor":null,
            "decoder":null,"model":{"type":"WordLevel","vocab":{"a":0,"[UNK]":1},"unk_token":"[UNK]"}}"#;
        assert!(load_wordpiece(json).is_none());
        let tokenizer = load(json).unwrap();
        assert_eq!(ids(&tokenizer, "a b"), vec![0, 1]);
    }
}
