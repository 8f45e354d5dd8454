//! Rewrites: a temp file in the same folder, fsync, rename. A reader sees the old file
//! or the new one, never a half-written one; a crash leaves the old file intact.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// Replace `path` with `bytes` atomically. A symlink is followed, so `CLAUDE.md -> AGENTS.md`
/// stays a link and its target is rewritten. Permissions of an existing file are kept.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let target = resolve_link(path)?;
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .prefix(".mind-tmp-")
        .tempfile_in(dir)
        .map_err(|e| Error::io(dir, e))?;
    let fail = |e| Error::io(&target, e);
    tmp.write_all(bytes).map_err(fail)?;
    let permissions = match fs::metadata(&target) {
        Ok(meta) => Some(meta.permissions()),
        Err(_) => default_permissions(),
    };
    if let Some(permissions) = permissions {
        tmp.as_file().set_permissions(permissions).map_err(fail)?;
    }
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(&target)
        .map_err(|e| Error::io(&target, e.error))?;
    Ok(())
}

/// Write only when the content differs; returns whether it wrote.
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<bool> {
    match fs::read(path) {
        Ok(existing) if existing == bytes => Ok(false),
        _ => write_atomic(path, bytes).map(|()| true),
    }
}

fn resolve_link(path: &Path) -> Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            fs::canonicalize(path).map_err(|e| Error::io(path, e))
        }
        _ => Ok(path.to_path_buf()),
    }
}

#[cfg(unix)]
fn default_permissions() -> Option<fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    // tempfile creates 0600; a new memory file should be readable like any other file.
    Some(fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn default_permissions() -> Option<fs::Permissions> {
    None
}
