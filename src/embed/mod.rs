//! Local sentence embeddings (all-MiniLM-L6-v2 run in process) for hybrid search and
//! similarity. Everything that needs the model is behind the `semantic` cargo feature; a
//! build without it (or a machine without the model installed) searches lexically.
//!
//! - [`files`]: where the model lives and which files it needs.
//! - `weights` / `bert` / `encoder`: the weights used in place from a memory map, the BERT
//!   forward pass and mean pooling (feature `semantic`); `half`: the linear layers' weights
//!   in half precision, derived once into `weights-f16.bin` beside the model; `split`: a
//!   query's products on two cores; `tuning`: the line classifier's tuned last layers, a
//!   low-rank change of the published ones.
//! - `tokenizer`: tokenizer.json loaded with its vocabulary parsed directly.
//! - `install`: installing from a folder, a zip, a wheel or the hub (feature `semantic`).
//! - [`record`]: the installed files' lengths, times and hashes, checked at every load.
//! - [`vectors`]: the per-project cache of line vectors.

pub mod files;
pub mod lines;
pub mod record;
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
mod tuning;
#[cfg(feature = "semantic")]
mod vocab;
#[cfg(feature = "semantic")]
mod weights;

#[cfg(feature = "semantic")]
pub use encoder::{EmbedError, Embedder};

use crate::store::home::GlobalFolder;

/// Whether this build can run a model at all.
pub const COMPILED: bool = cfg!(feature = "semantic");

/// The model folder as a search finds it.
pub enum Model {
    /// No model folder (or a build without semantic search).
    Absent,
    /// A folder that lacks some of the files the encoder reads.
    Incomplete(Vec<&'static str>),
    /// Every file is there, but the model does not load: why.
    Broken(String),
    Loaded(Box<Embedder>),
}

impl Model {
    /// The one line that says a model is installed but search cannot use it (and what to
    /// do), for `mind status`, `mind doctor` and a search; `None` when there is nothing
    /// wrong (loaded, or never installed).
    pub fn problem(&self, home: &GlobalFolder) -> Option<String> {
        let dir = files::model_dir(home);
        let what = match self {
            Model::Absent | Model::Loaded(_) => return None,
            Model::Incomplete(missing) => format!("lacks {}", missing.join(", ")),
            Model::Broken(error) => format!("does not load ({error})"),
        };
        Some(format!(
            "the model at {} {what}, so search is lexical; {}",
            dir.display(),
            files::REINSTALL_HINT
        ))
    }
}

/// The installed model, loaded, or what keeps it from loading.
#[cfg(feature = "semantic")]
pub fn open(home: &GlobalFolder) -> Model {
    let dir = files::model_dir(home);
    if !dir.is_dir() {
        return Model::Absent;
    }
    let missing = files::missing(&dir);
    if !missing.is_empty() {
        return Model::Incomplete(missing);
    }
    match Embedder::load(&dir) {
        Ok(model) => Model::Loaded(Box::new(model)),
        Err(e) => Model::Broken(e.to_string()),
    }
}

/// Without the `semantic` feature there is no model to open.
#[cfg(not(feature = "semantic"))]
pub fn open(_home: &GlobalFolder) -> Model {
    Model::Absent
}

/// The installed model, loaded; `None` when none is installed, this build has no semantic
/// search, or the model does not load (search then stays lexical).
pub fn installed(home: &GlobalFolder) -> Option<Embedder> {
    match open(home) {
        Model::Loaded(model) => Some(*model),
        _ => None,
    }
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
    pub fn fingerprint(&self) -> u64 {
        match *self {}
    }
    pub fn with_tunings(self, _files: &[&[u8]]) -> Result<Embedder, String> {
        match self {}
    }
}

/// Whether `bytes` are tuned last layers for a model of `layers` layers, `hidden` wide,
/// `inner` inside (see `tuning`); why not. For the shipped classifier's test, which lives
/// outside this module.
#[cfg(all(test, feature = "semantic"))]
pub(crate) fn check_tuning(
    bytes: &[u8],
    layers: usize,
    hidden: usize,
    inner: usize,
) -> Result<(), String> {
    tuning::Tuning::from_bytes(bytes, layers, hidden, inner).map(|_| ())
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
