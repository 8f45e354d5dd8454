//! Sentence embeddings: tokenizer.json + config.json + model.safetensors in, one unit-length
//! vector per text out (mean pooling over the attention mask, as sentence-transformers
//! does for all-MiniLM-L6-v2).

use std::path::Path;

use candle_core::{Device, Tensor};

use super::bert::{self, Bert, Config};
use super::files::{CONFIG_FILE, TOKENIZER_FILE, WEIGHTS_FILE};

/// Longer texts are cut to this many tokens: a memory line is a sentence or two, and the
/// cost of attention grows with the square of the length.
pub const MAX_TOKENS: usize = 128;
/// Texts embedded together (similar lengths, so little padding).
const BATCH: usize = 32;

/// Why a model could not be loaded or run.
#[derive(Debug)]
pub struct EmbedError(pub String);

impl std::fmt::Display for EmbedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<candle_core::Error> for EmbedError {
    fn from(e: candle_core::Error) -> Self {
        EmbedError(format!("model: {e}"))
    }
}

/// A loaded sentence encoder.
pub struct Embedder {
    tokenizer: tokenizers::Tokenizer,
    bert: Bert,
    dim: usize,
}

impl Embedder {
    /// Load the model in `dir` (config.json, tokenizer.json, model.safetensors).
    pub fn load(dir: &Path) -> Result<Embedder, EmbedError> {
        let read = |name: &str| {
            std::fs::read(dir.join(name))
                .map_err(|e| EmbedError(format!("{}: {e}", dir.join(name).display())))
        };
        let config: Config = serde_json::from_slice(&read(CONFIG_FILE)?)
            .map_err(|e| EmbedError(format!("{CONFIG_FILE}: {e}")))?;
        let mut tokenizer = tokenizers::Tokenizer::from_bytes(read(TOKENIZER_FILE)?)
            .map_err(|e| EmbedError(format!("{TOKENIZER_FILE}: {e}")))?;
        // Padding is done per batch here; the file's own settings (fixed-length padding)
        // would only add work.
        tokenizer.with_padding(None);
        tokenizer
            .with_truncation(Some(tokenizers::TruncationParams {
                max_length: MAX_TOKENS.min(config.max_position_embeddings),
                ..Default::default()
            }))
            .map_err(|e| EmbedError(format!("{TOKENIZER_FILE}: {e}")))?;
        let weights = bert::weights(&dir.join(WEIGHTS_FILE))
            .map_err(|e| EmbedError(format!("{WEIGHTS_FILE}: {e}")))?;
        let bert =
            Bert::load(weights, &config).map_err(|e| EmbedError(format!("{WEIGHTS_FILE}: {e}")))?;
        Ok(Embedder {
            tokenizer,
            bert,
            dim: config.hidden_size,
        })
    }

    /// Length of every vector.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// One unit-length vector per text, in order.
    pub fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let mut encoded = Vec::with_capacity(texts.len());
        for text in texts {
            let e = self
                .tokenizer
                .encode(*text, true)
                .map_err(|e| EmbedError(format!("tokenizer: {e}")))?;
            encoded.push(e.get_ids().to_vec());
        }
        // Batches of similar lengths waste little on padding.
        let mut order: Vec<usize> = (0..texts.len()).collect();
        order.sort_by_key(|&i| encoded[i].len());
        let mut out = vec![Vec::new(); texts.len()];
        for chunk in order.chunks(BATCH) {
            let vectors = self.embed_batch(chunk.iter().map(|&i| encoded[i].as_slice()))?;
            for (&i, v) in chunk.iter().zip(vectors) {
                out[i] = v;
            }
        }
        Ok(out)
    }

    fn embed_batch<'a>(
        &self,
        batch: impl Iterator<Item = &'a [u32]> + Clone,
    ) -> Result<Vec<Vec<f32>>, EmbedError> {
        let len = batch.clone().map(<[u32]>::len).max().unwrap_or(0).max(1);
        let rows = batch.clone().count();
        let mut ids = Vec::with_capacity(rows * len);
        let mut mask = Vec::with_capacity(rows * len);
        for row in batch {
            ids.extend_from_slice(row);
            ids.extend(std::iter::repeat_n(0u32, len - row.len()));
            mask.extend(std::iter::repeat_n(1f32, row.len()));
            mask.extend(std::iter::repeat_n(0f32, len - row.len()));
        }
        let device = Device::Cpu;
        let ids = Tensor::from_vec(ids, (rows, len), &device)?;
        let mask = Tensor::from_vec(mask, (rows, len), &device)?;
        let hidden = self.bert.forward(&ids, &mask)?;
        Ok(bert::mean_pool_normalised(&hidden, &mask)?.to_vec2::<f32>()?)
    }
}
