//! Rewrites: a temp file in the same folder, fsync, rename, fsync of the folder. A reader
//! sees the old file or the new one, never a half-written one; a crash leaves the old file
//! intact, and once a rewrite returns, the new file survives a power loss.
//!
//! Temp files are named `.mind-tmp-<pid>-<random>` in the target's own folder (a rename
//! must stay on one file system). One left by a killed process is removed by
//! [`sweep_stale`] at the next command that takes the store lock; `.mind/.gitignore` and the
//! repository's `.git/info/exclude` keep them out of `git add -A` meanwhile.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::store::{encoding, guard};

/// Every temp file name starts with this.
pub const TEMP_PREFIX: &str = ".mind-tmp-";

/// The name prefix of this process's temp files (`.mind-tmp-<pid>-`), for any writer that makes
/// its own temp file: [`sweep_stale`] removes it as soon as the process is gone.
pub fn temp_prefix() -> String {
    format!("{TEMP_PREFIX}{}-", std::process::id())
}

/// Replace `path` with `bytes` atomically. A symlink is followed, so `CLAUDE.md -> AGENTS.md`
/// stays a link and its target is rewritten, but never one that leads out of the project
/// ([`guard`]). Permissions of an existing file are kept.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    replace(path, bytes, true)
}

/// [`write_atomic`] for the one writer that replaces a file holding UTF-16 text: its
/// conversion to UTF-8 (`mind doctor --fix`), which every other writer refuses to overwrite
/// ([`encoding::refuse_utf16`]).
pub fn write_atomic_converted(path: &Path, bytes: &[u8]) -> Result<()> {
    replace_checked(path, bytes, true, false)
}

/// Replace `path` atomically like [`write_atomic`], but without waiting for the disk: for
/// bookkeeping that can be derived again (state.json). A crash of mind still leaves the old
/// file or the new one; after a power loss the file may be the previous version (or, on a file
/// system that does not order a rename after its data, empty, which its reader treats as
/// missing). It costs no `fsync`, which is most of a small command's wall time.
pub fn write_atomic_unsynced(path: &Path, bytes: &[u8]) -> Result<()> {
    replace(path, bytes, false)
}

fn replace(path: &Path, bytes: &[u8], synced: bool) -> Result<()> {
    replace_checked(path, bytes, synced, true)
}

fn replace_checked(path: &Path, bytes: &[u8], synced: bool, refuse_utf16: bool) -> Result<()> {
    guard::check(path)?;
    let target = resolve_link(path)?;
    refuse_read_only(&target)?;
    if refuse_utf16 {
        encoding::refuse_utf16(&target)?;
    }
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .prefix(&temp_prefix())
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
    if synced {
        tmp.as_file().sync_all().map_err(fail)?;
    }
    tmp.persist(&target)
        .map_err(|e| Error::io(&target, e.error))?;
    if synced {
        sync_dir(dir);
    }
    Ok(())
}

/// A file the user made read-only is left as it is, by every writer alike (a rename would
/// replace it, and root could write it anyway): the permission bits are the user's word.
pub fn refuse_read_only(path: &Path) -> Result<()> {
    match fs::metadata(path) {
        Ok(meta) if meta.is_file() && meta.permissions().readonly() => Err(Error::io(
            path,
            std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "the file is read-only; mind leaves it unchanged",
            ),
        )),
        _ => Ok(()),
    }
}

/// Refuse now what a rewrite or an append of `path` would refuse (a link leading out of the
/// project, a read-only file, a text file in UTF-16) or fail on (a folder in the file's
/// place): for a command that writes several files, checked before the first of them, so
/// that it fails having written nothing rather than half-way. A missing file passes: the
/// write creates it.
pub fn check_writable(path: &Path) -> Result<()> {
    guard::check(path)?;
    let target = resolve_link(path)?;
    refuse_read_only(&target)?;
    encoding::refuse_utf16(&target)?;
    match fs::metadata(&target) {
        Ok(meta) if meta.is_dir() => Err(Error::BadFile {
            path: path.to_path_buf(),
            reason: "a folder where a file belongs".into(),
        }),
        _ => Ok(()),
    }
}

/// Write only when the content differs; returns whether it wrote.
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<bool> {
    match super::read_guard::read(path) {
        Ok(Some(existing)) if existing == bytes => Ok(false),
        _ => write_atomic(path, bytes).map(|()| true),
    }
}

/// Whether acknowledged writes are flushed to the disk (`fsync`): yes, unless
/// `MIND_FSYNC=0` trades power-loss durability for speed (a crash of mind itself loses
/// nothing either way; the temp file of a rewrite is always synced before its rename, or a
/// power loss could leave an empty file in place of the old one).
pub fn durable() -> bool {
    static DURABLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *DURABLE.get_or_init(|| std::env::var_os("MIND_FSYNC").is_none_or(|v| v != "0"))
}

/// Make a rename in `dir` durable. Best effort: some file systems cannot sync a folder, and
/// the rename itself has already happened.
pub fn sync_dir(dir: &Path) {
    if !durable() {
        return;
    }
    #[cfg(unix)]
    if let Ok(folder) = fs::File::open(dir) {
        let _ = folder.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Remove temp files in `dir` left by processes that no longer run. Returns how many.
/// A temp of a live process (a rewrite in progress) is left alone.
pub fn sweep_stale(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(TEMP_PREFIX)) else {
            continue;
        };
        if !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let owner = rest.split('-').next().and_then(|p| p.parse::<u32>().ok());
        let alive = owner.and_then(|pid| {
            (pid == std::process::id())
                .then_some(true)
                .or_else(|| super::lock::process_alive(pid))
        });
        let stale = match alive {
            Some(alive) => !alive,
            // No pid in the name, or no way to ask: stale once it is a minute old.
            None => entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age.as_secs() > 60),
        };
        if stale && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
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
