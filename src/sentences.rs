//! Sentence vectors of lines for similarity (promotion): the vectors retrieval caches in
//! `.mind/cache/vectors.bin` (keyed by the line's text) are reused as they are; a line
//! without one is embedded only when asked for — the few new items of a session and the
//! memory lines they are compared with — and cached for the next search or promotion.
//! Never used where a model may not be loaded (`log`, hooks on every tool call).

use std::path::{Path, PathBuf};

use crate::embed::Embedder;
use crate::embed::vectors::{Quantized, VECTORS_FILE, VectorCache, line_key};
use crate::store::home::GlobalFolder;

/// The installed model and one project's vector cache.
pub struct Sentences {
    model: Embedder,
    cache: VectorCache,
    cache_dir: PathBuf,
    embedded: bool,
}

impl Sentences {
    /// `None` when no model is installed (or this build has none, or it does not load).
    pub fn open(home: &GlobalFolder, cache_dir: &Path) -> Option<Sentences> {
        crate::embed::installed(home)
            .map(|model| Sentences::with_model(model, home, cache_dir, VECTORS_FILE))
    }

    /// The installed `model`, already loaded from `home`, with the vector cache `file` in
    /// `cache_dir`.
    pub fn with_model(
        model: Embedder,
        home: &GlobalFolder,
        cache_dir: &Path,
        file: &'static str,
    ) -> Sentences {
        // Vectors through tuned layers (the line classifier's) are not the model's own.
        let fingerprint =
            crate::embed::lines::model_fingerprint(&crate::embed::files::model_dir(home))
                ^ model.fingerprint();
        let cache = VectorCache::load_named(cache_dir, file, model.dim(), fingerprint);
        Sentences {
            model,
            cache,
            cache_dir: cache_dir.to_path_buf(),
            embedded: false,
        }
    }

    /// Whether [`Sentences::vectors`] embedded any line (a save has something to write).
    pub fn embedded(&self) -> bool {
        self.embedded
    }

    /// The cached vector of a line, if it has one (nothing is embedded).
    pub fn cached(&mut self, text: &str) -> Option<Quantized<'_>> {
        self.cache.get(line_key(text))
    }

    /// The vector of every text, embedding (and caching) those without one; `None` when
    /// the model fails.
    pub fn vectors(&mut self, texts: &[&str]) -> Option<Vec<Vec<f32>>> {
        let missing: Vec<&str> = texts
            .iter()
            .copied()
            .filter(|t| !self.cache.contains(line_key(t)))
            .collect();
        if !missing.is_empty() {
            let vectors = self.model.embed(&missing).ok()?;
            for (text, v) in missing.iter().zip(&vectors) {
                self.cache.insert(line_key(text), v);
            }
            self.embedded = true;
        }
        texts
            .iter()
            .map(|t| self.cache.get(line_key(t)).map(|v| v.to_vec()))
            .collect()
    }

    /// Append what was embedded to the cache, keeping the vectors of lines this did not
    /// look at (other files' lines are retrieval's to keep or drop). The caller holds the
    /// project's lock.
    pub fn save(self) {
        self.save_keeping_at_most(usize::MAX);
    }

    /// [`Sentences::save`], but when the cache holds more than `limit` vectors the ones this
    /// did not look at are dropped (a cache of every file ever parsed would only grow).
    pub fn save_keeping_at_most(mut self, limit: usize) {
        if self.embedded {
            if self.cache.len() <= limit {
                self.cache.keep_unused();
            }
            self.cache.save(&self.cache_dir);
        }
    }
}
