//! Local sentence embeddings (all-MiniLM-L6-v2 run in process) for hybrid search and
//! similarity. Everything that needs the model is behind the `semantic` cargo feature; a
//! build without it (or a machine without the model installed) searches lexically.
//!
//! - [`files`]: where the model lives and which files it needs.
//! - `weights` / `bert` / `encoder`: the weights used in place from a memory map, the BERT
//!   forward pass and mean pooling (feature `semantic`); `half`: the linear layers' weights
//!   in half precision, derived once into `weights-f16.bin` beside the model; `split`: a
//!   query's products on two cores.
//! - `tokenizer`: tokenizer.json loaded with its vocabulary parsed directly.
//! - `install`: installing from a folder, a zip, a wheel or the hub (feature `semantic`).
//! - [`vectors`]: the per-project cache of line vectors.

pub mod files;
pub mod lines;
mod simd;
pub mod vectors;

#[cfg(feature = "semantic")]
mod bert;
#[cfg(feature = "semantic")]
mod encoder;
#[cfg(feature = "semantic")]
mod half;
#[cfg(feature = "semantic")]
pub mod install;
#[cfg(feature = "semantic")]
mod split;
#[cfg(feature = "semantic")]
mod tokenizer;
#[cfg(feature = "semantic")]
mod vocab;
#[cfg(feature = "semantic")]
mod weights;

#[cfg(feature = "semantic")]
pub use encoder::{EmbedError, Embedder};

use crate::store::home::GlobalFolder;

/// Whether this build can run a model at all.
pub const COMPILED: bool = cfg!(feature = "semantic");

/// The installed model, loaded; `None` when none is installed, this build has no semantic
/// search, or the model does not load (search then stays lexical).
#[cfg(feature = "semantic")]
pub fn installed(home: &GlobalFolder) -> Option<Embedder> {
    let dir = files::model_dir(home);
    if !files::is_complete(&dir) {
        return None;
    }
    Embedder::load(&dir).ok()
}

/// Why the complete model folder `dir` does not load, if it does not (a damaged or foreign
/// file); search then stays lexical, and `mind model status` says why.
#[cfg(feature = "semantic")]
pub fn load_error(dir: &std::path::Path) -> Option<String> {
    Embedder::load(dir).err().map(|e| e.to_string())
}

/// Without the `semantic` feature nothing is loaded, so nothing fails to load.
#[cfg(not(feature = "semantic"))]
pub fn load_error(_dir: &std::path::Path) -> Option<String> {
    None
}

/// Stand-in for builds without the `semantic` feature: never constructed.
#[cfg(not(feature = "semantic"))]
pub enum Embedder {}

#[cfg(not(feature = "semantic"))]
impl Embedder {
    pub fn dim(&self) -> usize {
        match *self {}
    }
    pub fn embed(&self, _texts: &[&str]) -> Result<Vec<Vec<f32>>, String> {
        match *self {}
    }
}

#[cfg(not(feature = "semantic"))]
pub fn installed(_home: &GlobalFolder) -> Option<Embedder> {
    None
}

/// Cosine of two unit-length vectors.
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    dot(a, b)
}

pub(crate) use simd::{dot, dot_i8};

/// A tiny random BERT for tests (unit and through the binary); not part of the interface.
#[cfg(feature = "semantic")]
#[doc(hidden)]
pub mod tiny;
