//! Sentence embeddings: tokenizer.json + config.json + model.safetensors in, one unit-length
//! vector per text out (mean pooling over the attention mask, as sentence-transformers
//! does for all-MiniLM-L6-v2).

use std::path::Path;

use super::bert::{Bert, Config};
use super::files::{CONFIG_FILE, TOKENIZER_FILE, WEIGHTS_FILE};
use super::weights::Weights;

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

/// A loaded sentence encoder.
pub struct Embedder {
    tokenizer: super::tokenizer::Tokenizer,
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
        let mut tokenizer =
            super::tokenizer::load(&read(TOKENIZER_FILE)?, &dir.join(super::vocab::VOCAB_FILE))
                .map_err(|e| EmbedError(format!("{TOKENIZER_FILE}: {e}")))?;
        tokenizer
            .truncate_to(MAX_TOKENS.min(config.max_position_embeddings))
            .map_err(|e| EmbedError(format!("{TOKENIZER_FILE}: {e}")))?;
        let weights = Weights::open(&dir.join(WEIGHTS_FILE))
            .map_err(|e| EmbedError(format!("{WEIGHTS_FILE}: {e}")))?;
        let bert =
            Bert::load(weights, &config).map_err(|e| EmbedError(format!("{WEIGHTS_FILE}: {e}")))?;
        Ok(Embedder {
            tokenizer,
            dim: bert.hidden(),
            bert,
        })
    }

    /// Length of every vector.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// One unit-length vector per text, in order. Batches run on every core.
    pub fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let mut encoded = Vec::with_capacity(texts.len());
        for text in texts {
            let ids = self
                .tokenizer
                .ids(text)
                .map_err(|e| EmbedError(format!("tokenizer: {e}")))?;
            encoded.push(ids);
        }
        // Batches of similar lengths waste little on padding.
        let mut order: Vec<usize> = (0..texts.len()).collect();
        order.sort_by_key(|&i| encoded[i].len());
        let batches: Vec<&[usize]> = order.chunks(BATCH).collect();
        // One batch (a query) runs here: asking for the cores costs a few system calls.
        let threads = if batches.len() <= 1 {
            1
        } else {
            std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(batches.len())
        };
        let run = |share: &[&[usize]],
                   helper: Option<&super::split::Helper>|
         -> Result<Vec<Vec<f32>>, EmbedError> {
            let mut vectors = Vec::new();
            for batch in share {
                let ids: Vec<&[u32]> = batch.iter().map(|&i| encoded[i].as_slice()).collect();
                vectors.extend(self.bert.embed_batch(&ids, helper).map_err(EmbedError)?);
            }
            Ok(vectors)
        };
        let per_thread = batches.len().div_ceil(threads).max(1);
        let results: Vec<Result<Vec<Vec<f32>>, EmbedError>> = if batches.len() == 1 {
            // A query or a few short texts (a session's items): one batch, so the batches
            // cannot be shared out; a second core takes half of each product's weight rows
            // instead (for a query, which reads the weights more than it computes, half of
            // the reading).
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            vec![super::split::with_helper(cores, |helper| {
                run(&batches, helper)
            })]
        } else if threads == 1 {
            vec![run(&batches, None)]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = batches
                    .chunks(per_thread)
                    .map(|share| scope.spawn(move || run(share, None)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| {
                        h.join()
                            .unwrap_or_else(|_| Err(EmbedError("embedding failed".into())))
                    })
                    .collect()
            })
        };
        let mut out = vec![Vec::new(); texts.len()];
        let mut slots = order.iter();
        for vectors in results {
            for v in vectors? {
                if let Some(&i) = slots.next() {
                    out[i] = v;
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A query (a few tokens, products row by row) gets the vector the batch path (the
    /// GEMM kernel, which the reference test checks) gives the same text.
    #[test]
    fn a_query_alone_gets_the_vector_it_gets_in_a_batch_with_the_real_model() {
        let Some(dir) = std::env::var_os("MIND_TEST_MODEL").filter(|d| !d.is_empty()) else {
            eprintln!("skipped: set MIND_TEST_MODEL to an all-MiniLM-L6-v2 folder");
            return;
        };
        let work = tempfile::tempdir().unwrap();
        for name in [CONFIG_FILE, TOKENIZER_FILE, WEIGHTS_FILE] {
            std::fs::copy(Path::new(&dir).join(name), work.path().join(name)).unwrap();
        }
        let model = Embedder::load(work.path()).unwrap();
        let queries = [
            "timeout under load on Windows",
            "the container scheduler",
            "jwt",
        ];
        let mut batch: Vec<&str> = queries.to_vec();
        batch.extend(["the CI runner has no Docker socket and builds images remotely"; 6]);
        let together = model.embed(&batch).unwrap();
        for (i, query) in queries.iter().enumerate() {
            let alone = model.embed(&[query]).unwrap().pop().unwrap();
            let cosine = crate::embed::cosine(&alone, &together[i]);
            assert!(cosine > 0.99999, "{query:?}: {cosine}");
        }
    }
}
