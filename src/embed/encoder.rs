//! Sentence embeddings: tokenizer.json + config.json + model.safetensors in, one unit-length
//! vector per text out (mean pooling over the attention mask, as sentence-transformers
//! does for all-MiniLM-L6-v2).

use std::path::Path;

use super::bert::{Bert, Config};
use super::files::{CONFIG_FILE, TOKENIZER_FILE, WEIGHTS_FILE};
use super::tuning::Tuning;
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
    /// Tuned last layers; with several, a vector is their vectors one after another.
    tunings: Vec<Tuning>,
}

impl Embedder {
    /// Load the model in `dir` (config.json, tokenizer.json, model.safetensors), its linear
    /// layers in half precision from `weights-f16.bin` beside them (derived on the spot
    /// when missing or stale, see `half`).
    pub fn load(dir: &Path) -> Result<Embedder, EmbedError> {
        Embedder::load_with(dir, true)
    }

    /// [`Embedder::load`] with every weight read as the file's f32: the reference the
    /// half-precision pass is checked against.
    #[doc(hidden)]
    pub fn load_f32(dir: &Path) -> Result<Embedder, EmbedError> {
        Embedder::load_with(dir, false)
    }

    /// Whether the linear layers run on half-precision weights.
    pub fn half_precision(&self) -> bool {
        self.bert.half_precision()
    }

    fn load_with(dir: &Path, half: bool) -> Result<Embedder, EmbedError> {
        // Files damaged since the install may still load, and every vector they gave
        // would be wrong.
        super::record::check(dir).map_err(EmbedError)?;
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
        let source = dir.join(WEIGHTS_FILE);
        let derived = dir.join(super::half::HALF_FILE);
        let half = half.then_some((derived.as_path(), source.as_path()));
        let bert = Bert::load(weights, &config, half)
            .map_err(|e| EmbedError(format!("{WEIGHTS_FILE}: {e}")))?;
        Ok(Embedder {
            tokenizer,
            dim: bert.hidden(),
            bert,
            tunings: Vec::new(),
        })
    }

    /// Length of every vector: the model's width, times the tunings' number when there are
    /// several.
    pub fn dim(&self) -> usize {
        self.dim * self.tunings.len().max(1)
    }

    /// This model with its last layers tuned by safetensors files (see `tuning`); with
    /// several (an ensemble's starts), a text's vector is the tunings' vectors one after
    /// another, in order, [`Embedder::dim`] long. Its vectors then mean something only to
    /// what was trained with them, and [`Embedder::fingerprint`] tells them apart from the
    /// published model's.
    pub fn with_tunings(mut self, files: &[&[u8]]) -> Result<Embedder, EmbedError> {
        let (layers, inner) = self.bert.layers();
        let tunings = files
            .iter()
            .map(|bytes| Tuning::from_bytes(bytes, layers, self.dim, inner))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| EmbedError(format!("tuned layers: {e}")))?;
        self.tunings = tunings;
        Ok(self)
    }

    /// What sets this encoder's vectors apart from the installed model's own: 0 for the
    /// model as published, a hash of the tuning otherwise (of one, its own, so the vectors
    /// cached through it stay valid; of several, theirs combined in order).
    pub fn fingerprint(&self) -> u64 {
        let mut tunings = self.tunings.iter().map(Tuning::fingerprint);
        let first = tunings.next().unwrap_or(0);
        tunings.fold(first, |hash, next| {
            hash.rotate_left(17) ^ next.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        })
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
                vectors.extend(
                    self.bert
                        .embed_batch(&ids, helper, &self.tunings)
                        .map_err(EmbedError)?,
                );
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

    /// The real model's files (MIND_TEST_MODEL) copied into a folder of the test's own;
    /// `None`, with a note, when no model is given.
    fn real_model_copy() -> Option<tempfile::TempDir> {
        let Some(dir) = std::env::var_os("MIND_TEST_MODEL").filter(|d| !d.is_empty()) else {
            eprintln!("skipped: set MIND_TEST_MODEL to an all-MiniLM-L6-v2 folder");
            return None;
        };
        let work = tempfile::tempdir().unwrap();
        for name in [CONFIG_FILE, TOKENIZER_FILE, WEIGHTS_FILE] {
            std::fs::copy(Path::new(&dir).join(name), work.path().join(name)).unwrap();
        }
        Some(work)
    }

    /// A query (a few tokens, products row by row) gets the vector the batch path (the
    /// GEMM kernel, which the reference test checks) gives the same text.
    #[test]
    fn a_query_alone_gets_the_vector_it_gets_in_a_batch_with_the_real_model() {
        let Some(work) = real_model_copy() else {
            return;
        };
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

    /// Half-precision linear weights keep the real model's vectors within a cosine of
    /// 0.9999 of the f32 ones, for queries (the blocked kernels) and a batch (the GEMM).
    #[test]
    fn half_precision_weights_give_the_f32_vectors_with_the_real_model() {
        let Some(work) = real_model_copy() else {
            return;
        };
        let half = Embedder::load(work.path()).unwrap();
        assert!(half.half_precision());
        let full = Embedder::load_f32(work.path()).unwrap();
        let texts = [
            "timeout under load on Windows",
            "jwt",
            "decided: deploy the services on Kubernetes with one pod per worker",
            "the CI runner has no Docker socket and builds images remotely",
            "learned: the flaky login test fails when the session cache is cold, so warm it first",
            "problem: Postgres connections are exhausted by the nightly export job",
        ];
        let batch = |m: &Embedder| {
            let mut many: Vec<&str> = texts.to_vec();
            many.extend(texts.iter().cycle().take(40));
            m.embed(&many).unwrap()
        };
        let (half_batch, full_batch) = (batch(&half), batch(&full));
        for (i, text) in texts.iter().enumerate() {
            let (h, f) = (
                half.embed(&[text]).unwrap().pop().unwrap(),
                full.embed(&[text]).unwrap().pop().unwrap(),
            );
            let query = crate::embed::cosine(&h, &f);
            let batched = crate::embed::cosine(&half_batch[i], &full_batch[i]);
            assert!(
                query >= 0.9999 && batched >= 0.9999,
                "{text:?}: {query}, {batched}"
            );
        }
    }
}
