//! The installed model's folder and the files it must hold.
//!
//! The model lives in the global data folder, `<data>/models/all-MiniLM-L6-v2/`, shared by
//! every project. A folder counts as installed only when the files below are all there;
//! an install writes them into a temporary folder beside it and renames it into place, so
//! a half-written model is never seen.

use std::path::{Path, PathBuf};

use crate::store::home::GlobalFolder;

/// The sentence-transformers model `mind` runs.
pub const MODEL_NAME: &str = "all-MiniLM-L6-v2";
/// Its Hugging Face repository.
pub const MODEL_REPO: &str = "sentence-transformers/all-MiniLM-L6-v2";
pub const MODELS_DIR: &str = "models";
pub const CONFIG_FILE: &str = "config.json";
pub const TOKENIZER_FILE: &str = "tokenizer.json";
pub const WEIGHTS_FILE: &str = "model.safetensors";

/// One file of the model with its published size and SHA-256 (downloads are checked
/// against these).
pub struct Known {
    pub name: &'static str,
    pub size: u64,
    pub sha256: &'static str,
}

/// The files the encoder reads, as published for all-MiniLM-L6-v2.
pub const REQUIRED: [Known; 3] = [
    Known {
        name: CONFIG_FILE,
        size: 612,
        sha256: "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41",
    },
    Known {
        name: TOKENIZER_FILE,
        size: 466_247,
        sha256: "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
    },
    Known {
        name: WEIGHTS_FILE,
        size: 90_868_376,
        sha256: "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    },
];

/// Where the model is (or would be) installed.
pub fn model_dir(home: &GlobalFolder) -> PathBuf {
    home.dir.join(MODELS_DIR).join(MODEL_NAME)
}

/// Whether `dir` holds the published files by their sizes: what a consumer of the vectors
/// that was trained on this model's (the line classifier) checks, since `mind model install
/// --from` takes any model that runs. Three `stat` calls, no hashing.
pub fn is_published_model(dir: &Path) -> bool {
    REQUIRED.iter().all(|k| {
        std::fs::metadata(dir.join(k.name)).is_ok_and(|m| m.is_file() && m.len() == k.size)
    })
}

/// Whether `dir` holds every file the encoder reads.
pub fn is_complete(dir: &Path) -> bool {
    REQUIRED.iter().all(|k| dir.join(k.name).is_file())
}

/// The files the encoder reads that `dir` lacks (all of them when it does not exist).
pub fn missing(dir: &Path) -> Vec<&'static str> {
    (REQUIRED.iter())
        .filter(|k| !dir.join(k.name).is_file())
        .map(|k| k.name)
        .collect()
}

/// Total size in bytes of the files in `dir` (one level of sub-folders).
pub fn folder_size(dir: &Path) -> u64 {
    let Ok(read) = std::fs::read_dir(dir) else {
        return 0;
    };
    read.filter_map(|e| e.ok())
        .map(|e| match e.metadata() {
            Ok(m) if m.is_dir() => folder_size(&e.path()),
            Ok(m) => m.len(),
            Err(_) => 0,
        })
        .sum()
}

/// What to do about a model folder that lacks a file or does not load.
pub const REINSTALL_HINT: &str = "install it again: `mind model install` (or `mind model install --from PATH`) replaces the folder";

/// The one line that says how to turn semantic search on.
pub const ENABLE_HINT: &str = "semantic search is off: `mind model install` (or `mind model install --from PATH`) turns it on";
