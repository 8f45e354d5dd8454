//! Vectors for every indexed line, from the projects' vector caches; only lines with no
//! cached vector are embedded (the caller sees how many through `progress`), and each chunk
//! of them is appended to the cache as it is done, so a long first build that is
//! interrupted keeps what it embedded.

use std::ops::Range;
use std::path::PathBuf;

use super::Embedder;
use super::vectors::{VectorCache, line_key};
use crate::rank::index::Index;
use crate::store::lock::StoreLock;

/// One project's part of an index: its sources and where its vector cache lives.
pub struct Part {
    pub cache_dir: PathBuf,
    pub sources: Range<usize>,
    /// Every line of the project is among `sources`: a cached vector no line uses is of a
    /// line that is gone. Otherwise (a search of some files only) every vector is kept.
    pub whole: bool,
}

/// What a fill did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct FillStats {
    /// Lines whose vector came from the cache.
    pub cached: usize,
    /// Lines embedded now.
    pub embedded: usize,
}

/// Unit vectors of every line of every source of an index, as the caches keep them (`dim`
/// signed bytes and one scale per line), read where each part's cache holds them.
pub struct LineVectors {
    pub dim: usize,
    caches: Vec<VectorCache>,
    by_source: Vec<SourceVectors>,
    pub stats: FillStats,
}

/// Where one source's line vectors are.
#[derive(Default)]
struct SourceVectors {
    /// Index into `LineVectors::caches`.
    part: usize,
    /// The cache slot of each line ([`NONE`] for a line without a vector).
    slots: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl LineVectors {
    /// The cosine of a line's vector and `query` (a unit vector of `dim` floats); 0 for a
    /// line without one.
    pub fn cosine(&self, source: usize, doc: usize, query: &[f32]) -> f32 {
        let s = &self.by_source[source];
        match s.slots[doc] {
            NONE => 0.0,
            slot => self.caches[s.part].at(slot as usize).dot(query),
        }
    }
}

/// A fingerprint of the installed model's files, so vectors of another model, or of these
/// files before a reinstall or a repair, are never reused: config.json's bytes and the
/// length and modification time of tokenizer.json and model.safetensors. A load checks that
/// files whose length and time are the recorded ones are the installed bytes (see
/// `record`), so vectors kept under this fingerprint are of those bytes.
pub fn model_fingerprint(dir: &std::path::Path) -> u64 {
    use super::files::{CONFIG_FILE, TOKENIZER_FILE, WEIGHTS_FILE};
    let mut bytes = std::fs::read(dir.join(CONFIG_FILE)).unwrap_or_default();
    for name in [WEIGHTS_FILE, TOKENIZER_FILE] {
        let meta = std::fs::metadata(dir.join(name)).ok();
        let modified = (meta.as_ref())
            .and_then(|m| m.modified().ok())
            .map_or(0, super::record::nanos);
        bytes.extend_from_slice(&meta.map_or(0, |m| m.len()).to_le_bytes());
        bytes.extend_from_slice(&modified.to_le_bytes());
    }
    crate::rank::cache::fast_hash(&bytes)
}

/// Write what the cache has new under the project's lock (`.mind/.lock`, beside the cache
/// folder); when the lock cannot be had the vectors stay pending for the next save, or
/// are embedded again by a later search.
fn save(cache: &mut VectorCache, part: &Part) {
    if !cache.needs_save() {
        return;
    }
    let Some(mind_dir) = part.cache_dir.parent() else {
        return;
    };
    if let Ok(_lock) = StoreLock::acquire(&mind_dir.join(crate::store::LOCK_FILE)) {
        cache.save(&part.cache_dir);
    }
}

/// Lines embedded per call (and per progress step).
const CHUNK: usize = 64;

/// Vectors for every line of `index`, reading and updating each part's cache.
/// `progress(part, done, total)` is called before the first chunk of a part's new
/// embeddings (`done` 0) and after each.
pub fn fill(
    index: &Index,
    parts: &[Part],
    model: &Embedder,
    fingerprint: u64,
    progress: &mut dyn FnMut(&Part, usize, usize),
) -> Result<LineVectors, String> {
    let dim = model.dim();
    let mut by_source: Vec<SourceVectors> = index
        .sources
        .iter()
        .map(|s| SourceVectors {
            part: 0,
            slots: vec![NONE; s.segment.doc_count()],
        })
        .collect();
    let mut caches = Vec::with_capacity(parts.len());
    let mut stats = FillStats::default();
    for (p, part) in parts.iter().enumerate() {
        let mut cache = VectorCache::load(&part.cache_dir, dim, fingerprint);
        if !part.whole {
            cache.keep_unused();
        }
        // (source, doc, key, text) of lines the cache does not have.
        let mut missing: Vec<(usize, usize, u64, &str)> = Vec::new();
        for s in part.sources.clone() {
            let source = &index.sources[s];
            by_source[s].part = p;
            for doc in 0..source.segment.doc_count() {
                let meta = source.segment.doc(doc);
                let text = source.slice(meta.start, meta.len);
                let key = line_key(text);
                match cache.slot(key) {
                    Some(slot) => {
                        by_source[s].slots[doc] = slot as u32;
                        stats.cached += 1;
                    }
                    None => missing.push((s, doc, key, text)),
                }
            }
        }
        // The same text twice is embedded once.
        missing.sort_by_key(|m| m.2);
        let mut unique: Vec<(u64, &str)> = missing.iter().map(|m| (m.2, m.3)).collect();
        unique.dedup_by_key(|u| u.0);
        let total = unique.len();
        if total > 0 {
            progress(part, 0, total);
        }
        for (done, chunk) in unique.chunks(CHUNK).enumerate() {
            let texts: Vec<&str> = chunk.iter().map(|u| u.1).collect();
            let vectors = model.embed(&texts).map_err(|e| e.to_string())?;
            for ((key, _), v) in chunk.iter().zip(&vectors) {
                cache.insert(*key, v);
            }
            save(&mut cache, part);
            stats.embedded += chunk.len();
            progress(part, ((done + 1) * CHUNK).min(total), total);
        }
        for (s, doc, key, _) in missing {
            if let Some(slot) = cache.slot(key) {
                by_source[s].slots[doc] = slot as u32;
            }
        }
        // Nothing new, but lines gone may have made compacting the file worth it.
        save(&mut cache, part);
        caches.push(cache);
    }
    Ok(LineVectors {
        dim,
        caches,
        by_source,
        stats,
    })
}
