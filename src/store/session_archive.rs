//! `.mind/sessions/`: a copy of every finished SESSION.md, taken before a new session
//! resets it, so nothing written there is deleted without a copy.
//!
//! Each archive is the finished file's exact bytes, named after the session's start in
//! local time (`YYYY-MM-DD-HHMM.md`, then `-2`, `-3`, ... when that name is taken: an
//! archive is never replaced). Bytes an archive already holds are not copied again: a
//! command refused after archiving (a read-only MEMORY.md) and tried again would otherwise
//! keep the same session twice, and the copies, counted by the pruning, would push out the
//! archives of earlier sessions. The folder holds its own `.gitignore` (`*`), so archives
//! stay out of git in projects whose `.mind/.gitignore` predates the folder. The newest
//! `keep` archives are kept (0 keeps all); only files named like archives are pruned.
//! The caller holds the store lock.

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use chrono::{DateTime, TimeZone};

use crate::error::{Error, Result};
use crate::store::{Project, atomic};

pub const SESSIONS_DIR: &str = "sessions";
/// How many archived sessions are kept by default.
pub const DEFAULT_KEEP: usize = 30;

const GITIGNORE: &str = "# mind: archived sessions are personal; nothing here is committed.\n*\n";

/// Where an archive was written and how many old ones were pruned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Archived {
    pub path: PathBuf,
    pub pruned: usize,
}

/// The archive folder of a project.
pub fn dir(project: &Project) -> PathBuf {
    project.dir().join(SESSIONS_DIR)
}

/// Write `bytes` as a new archive named after `started`, then prune to `keep`; when an
/// archive holds these bytes already, that one, with nothing written or pruned.
pub fn archive<Tz: TimeZone>(
    project: &Project,
    bytes: &[u8],
    started: DateTime<Tz>,
    keep: usize,
) -> Result<Archived>
where
    Tz::Offset: std::fmt::Display,
{
    let dir = dir(project);
    ensure_dir(&dir)?;
    if let Some(path) = holding(&dir, bytes)? {
        return Ok(Archived { path, pruned: 0 });
    }
    let base = started.format("%Y-%m-%d-%H%M").to_string();
    let path = free_name(&dir, &base)?;
    atomic::write_atomic(&path, bytes)?;
    let pruned = prune(&dir, keep)?;
    Ok(Archived { path, pruned })
}

/// How many archives the project holds.
pub fn count(project: &Project) -> usize {
    archives(&dir(project)).map_or(0, |a| a.len())
}

/// Create the folder and its `.gitignore`; refuse a folder that is a link or a file (a
/// cloned repository could point it anywhere).
fn ensure_dir(dir: &Path) -> Result<()> {
    match fs::symlink_metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => {
            return Err(Error::BadFile {
                path: dir.to_path_buf(),
                reason: "not a folder (a link or a file); remove it so finished sessions can be \
                         archived there; SESSION.md was left as it was"
                    .into(),
            });
        }
        Err(e) if e.kind() == ErrorKind::NotFound => {
            fs::create_dir(dir).map_err(|e| Error::io(dir, e))?;
        }
        Err(e) => return Err(Error::io(dir, e)),
    }
    let ignore = dir.join(".gitignore");
    match fs::symlink_metadata(&ignore) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == ErrorKind::NotFound => {
            atomic::write_atomic(&ignore, GITIGNORE.as_bytes())
        }
        Err(e) => Err(Error::io(&ignore, e)),
    }
}

/// The archive whose bytes are `bytes`, if any (newest first: a retry's is the latest).
fn holding(dir: &Path, bytes: &[u8]) -> Result<Option<PathBuf>> {
    let all = archives(dir).map_err(|e| Error::io(dir, e))?;
    for (_, _, path) in all.iter().rev() {
        let same_size = fs::metadata(path).is_ok_and(|m| m.len() == bytes.len() as u64);
        if same_size
            && super::read_guard::read(path).is_ok_and(|held| held.as_deref() == Some(bytes))
        {
            return Ok(Some(path.clone()));
        }
    }
    Ok(None)
}

/// `base.md`, or the first of `base-2.md`, `base-3.md`, ... that does not exist.
fn free_name(dir: &Path, base: &str) -> Result<PathBuf> {
    for n in 1.. {
        let name = if n == 1 {
            format!("{base}.md")
        } else {
            format!("{base}-{n}.md")
        };
        let path = dir.join(name);
        match fs::symlink_metadata(&path) {
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(path),
            Err(e) => return Err(Error::io(&path, e)),
            Ok(_) => {}
        }
    }
    unreachable!("some suffix is free")
}

/// The order of an archive by its name: (date-time, suffix); `None` for other files.
fn archive_key(name: &str) -> Option<(String, u32)> {
    let stem = name.strip_suffix(".md")?;
    let (base, n) = match stem.get(15..) {
        Some("") => (stem, 1),
        Some(rest) => (&stem[..15], rest.strip_prefix('-')?.parse().ok()?),
        None => return None,
    };
    let shape = base.bytes().enumerate().all(|(i, b)| match i {
        4 | 7 | 10 => b == b'-',
        _ => b.is_ascii_digit(),
    });
    (shape && base.len() == 15).then(|| (base.to_string(), n))
}

/// The archives in `dir`, oldest first.
fn archives(dir: &Path) -> std::io::Result<Vec<(String, u32, PathBuf)>> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let Some(name) = entry.file_name().to_str().map(str::to_string) else {
            continue;
        };
        if !entry.file_type()?.is_file() {
            continue;
        }
        if let Some((base, n)) = archive_key(&name) {
            out.push((base, n, entry.path()));
        }
    }
    out.sort();
    Ok(out)
}

/// Remove the oldest archives beyond the newest `keep` (0 keeps all); returns how many.
fn prune(dir: &Path, keep: usize) -> Result<usize> {
    if keep == 0 {
        return Ok(0);
    }
    let all = archives(dir).map_err(|e| Error::io(dir, e))?;
    let extra = all.len().saturating_sub(keep);
    for (_, _, path) in &all[..extra] {
        fs::remove_file(path).map_err(|e| Error::io(path, e))?;
    }
    Ok(extra)
}

#[cfg(test)]
mod tests {
    use super::archive_key;

    #[test]
    fn archive_names() {
        assert_eq!(
            archive_key("2026-01-15-0900.md"),
            Some(("2026-01-15-0900".into(), 1))
        );
        assert_eq!(
            archive_key("2026-01-15-0900-12.md"),
            Some(("2026-01-15-0900".into(), 12))
        );
        assert_eq!(archive_key("notes.md"), None);
        assert_eq!(archive_key("2026-01-15-0900.txt"), None);
        assert_eq!(archive_key("2026-01-15-0900-x.md"), None);
        assert_eq!(archive_key("2026-01-15-09000.md"), None);
    }
}
