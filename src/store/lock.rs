//! Advisory locks (`flock`-style, std `File::lock`) that serialise writes: `.mind/.lock` for a
//! project, one lock file per file in the global folder.
//!
//! A wait is bounded: after `MIND_LOCK_TIMEOUT_MS` (default five seconds) the caller gets
//! [`Error::Locked`] naming the holder. The holder writes its pid into the lock file while it
//! holds it, and empties the file on release; the file itself is never removed, so every process
//! locks the same inode. The kernel releases the lock of a process that dies, so a crashed
//! holder never blocks anyone.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::error::{Error, Result};

/// How long a writer waits for a lock unless `MIND_LOCK_TIMEOUT_MS` says otherwise: long
/// enough for any other `mind` command to finish its write, short enough that a stuck
/// holder is reported rather than waited on forever.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long an agent's hook (a session's start, a checkpoint before a compaction) waits: the
/// agent waits on it, and what it would write can wait for the next one.
pub const AGENT_HOOK_TIMEOUT: Duration = Duration::from_millis(500);
const TIMEOUT_VAR: &str = "MIND_LOCK_TIMEOUT_MS";
/// Polling starts fast (locks are held for milliseconds) and backs off to this.
const MAX_POLL: Duration = Duration::from_millis(16);

/// Holds the exclusive lock until dropped.
#[derive(Debug)]
pub struct StoreLock {
    file: File,
}

impl StoreLock {
    /// Wait until the lock is ours, at most the configured timeout.
    pub fn acquire(path: &Path) -> Result<Self> {
        Self::acquire_within(path, timeout()?)
    }

    /// Wait until the lock is ours, at most `timeout` (callers with their own patience:
    /// git and agent hooks, which someone is waiting on); then [`Error::Locked`].
    pub fn acquire_within(path: &Path, timeout: Duration) -> Result<Self> {
        let file = open(path)?;
        let started = Instant::now();
        let mut pause = Duration::from_millis(1);
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(StoreLock::held(file)),
                Err(std::fs::TryLockError::WouldBlock) => {}
                Err(std::fs::TryLockError::Error(e)) => return Err(Error::io(path, e)),
            }
            let waited = started.elapsed();
            if waited >= timeout {
                return Err(Error::Locked {
                    path: path.to_path_buf(),
                    holder: holder_pid(path),
                    waited_ms: u64::try_from(waited.as_millis()).unwrap_or(u64::MAX),
                });
            }
            std::thread::sleep(pause.min(timeout - waited));
            pause = (pause * 2).min(MAX_POLL);
        }
    }

    /// Take the lock if it is free now; `None` when another process holds it.
    /// For callers that must not wait (git hooks).
    pub fn try_acquire(path: &Path) -> Result<Option<Self>> {
        let file = open(path)?;
        match file.try_lock() {
            Ok(()) => Ok(Some(StoreLock::held(file))),
            Err(std::fs::TryLockError::WouldBlock) => Ok(None),
            Err(std::fs::TryLockError::Error(e)) => Err(Error::io(path, e)),
        }
    }

    /// Record our pid for anyone who has to wait. Best effort: the pid only improves an
    /// error message, so a failed write does not fail the lock.
    fn held(mut file: File) -> StoreLock {
        // One write of the whole line (the file is unbuffered), from the start. The file is
        // truncated only when a holder that died left a pid behind: a release empties it, and
        // a truncate on every lock would be a metadata write per command.
        let pid = format!("{}\n", std::process::id());
        let _ = file.seek(SeekFrom::Start(0)).and_then(|_| {
            if file.metadata()?.len() > 0 {
                file.set_len(0)?;
            }
            file.write_all(pid.as_bytes())
        });
        StoreLock { file }
    }
}

impl Drop for StoreLock {
    fn drop(&mut self) {
        // Empty first: a pid left behind would name a process that no longer holds the lock.
        let _ = self.file.set_len(0);
        let _ = self.file.unlock();
    }
}

fn open(path: &Path) -> Result<File> {
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
        .map_err(|e| Error::io(path, e))
}

/// The wait allowed by `MIND_LOCK_TIMEOUT_MS`, else [`DEFAULT_TIMEOUT`].
fn timeout() -> Result<Duration> {
    let Some(raw) = std::env::var_os(TIMEOUT_VAR).filter(|v| !v.is_empty()) else {
        return Ok(DEFAULT_TIMEOUT);
    };
    raw.to_str()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .map(Duration::from_millis)
        .ok_or_else(|| {
            Error::usage(format!(
                "{TIMEOUT_VAR} must be a whole number of milliseconds, not {:?}",
                raw.to_string_lossy()
            ))
        })
}

/// The pid the holder wrote, when it is a live process (where that can be checked).
fn holder_pid(path: &Path) -> Option<u32> {
    let pid = recorded_pid(path)?;
    (process_alive(pid) != Some(false)).then_some(pid)
}

/// The pid recorded in a lock file, if any. A holder empties the file on release, so a pid
/// names the current holder or one that died while holding the lock.
pub fn recorded_pid(path: &Path) -> Option<u32> {
    let mut text = String::new();
    File::open(path).ok()?.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// Whether a process is running: known only where `/proc` lists processes.
pub fn process_alive(pid: u32) -> Option<bool> {
    let proc_dir = PathBuf::from("/proc");
    proc_dir
        .join("self")
        .exists()
        .then(|| proc_dir.join(pid.to_string()).exists())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_holder_pid_is_recorded_while_held_and_cleared_on_release() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join(".lock");
        let lock = StoreLock::acquire(&path).unwrap();
        assert_eq!(holder_pid(&path), Some(std::process::id()));
        assert!(StoreLock::try_acquire(&path).unwrap().is_none());
        drop(lock);
        assert_eq!(std::fs::read(&path).unwrap(), b"");
        assert!(StoreLock::try_acquire(&path).unwrap().is_some());
    }

    #[test]
    fn a_pid_left_by_a_holder_that_died_is_replaced_whole() {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join(".lock");
        std::fs::write(&path, "4294967295\n").unwrap();
        let lock = StoreLock::acquire(&path).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{}\n", std::process::id())
        );
        drop(lock);
        assert_eq!(std::fs::read(&path).unwrap(), b"");
    }
}
