//! Hooks in a plain hooks folder: the shim takes the hook's place and the hook that was
//! there is renamed `NAME.pre-mind`, which the shim runs first. Renames keep the original's
//! bytes, mode and symlink-ness, so uninstall restores exactly what was there.

use std::fs;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::hook_install::{HookName, HookReport, make_executable};
use crate::store::atomic;

/// The suffix of a hook that the shim chains to.
pub const PREVIOUS_SUFFIX: &str = ".pre-mind";
/// Where the pre-commit framework moves a foreign hook when it installs over it.
const LEGACY_SUFFIX: &str = ".legacy";
/// Every version of the shim carries this line.
const SHIM_MARK: &str = "installed by `mind hooks install`";
/// The folder of links that run a chained hook under its own name: `pre-mind/post-commit`
/// -> `../post-commit.pre-mind`, so a hook that dispatches on `$0` still sees its name.
const NAMED_DIR: &str = "pre-mind";

/// Shims earlier versions wrote: found as mind's own and replaced by the current one.
fn previous_shims(hook: HookName) -> &'static [&'static str] {
    match hook {
        HookName::PostCommit => &[include_str!("../../hooks/previous/post-commit.1")],
        HookName::PrepareCommitMsg => &[include_str!("../../hooks/previous/prepare-commit-msg.1")],
        HookName::PostMerge => &[],
    }
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

/// What a hook file is.
enum Found {
    Absent,
    Shim,
    /// A shim an earlier version wrote, unedited.
    OldShim,
    EditedShim,
    Other,
}

fn inspect(path: &Path, hook: HookName) -> Found {
    if fs::symlink_metadata(path).is_err() {
        return Found::Absent;
    }
    // A regular file only, never waited on: a tracked hook linked to a pipe or a device is
    // someone else's, renamed aside like any other.
    match crate::store::read_guard::read_file(path) {
        Ok(bytes) if bytes == hook.shim().as_bytes() => Found::Shim,
        Ok(bytes) if previous_shims(hook).iter().any(|s| bytes == s.as_bytes()) => Found::OldShim,
        Ok(bytes) if String::from_utf8_lossy(&bytes).contains(SHIM_MARK) => Found::EditedShim,
        _ => Found::Other,
    }
}

fn exists(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

fn rename(from: &Path, to: &Path) -> Result<()> {
    fs::rename(from, to).map_err(|e| Error::io(from, e))
}

fn write_shim(path: &Path, hook: HookName) -> Result<()> {
    atomic::write_atomic(path, hook.shim().as_bytes())?;
    make_executable(path)
}

/// The link that runs `NAME.pre-mind` as `pre-mind/NAME`. Best effort: without it the shim
/// runs `NAME.pre-mind` directly.
fn link_named(dir: &Path, hook: HookName) {
    #[cfg(unix)]
    {
        let folder = dir.join(NAMED_DIR);
        let link = folder.join(hook.as_str());
        if fs::symlink_metadata(&link).is_ok() || fs::create_dir_all(&folder).is_err() {
            return;
        }
        let target = format!("../{}{PREVIOUS_SUFFIX}", hook.as_str());
        let _ = std::os::unix::fs::symlink(target, link);
    }
    #[cfg(not(unix))]
    let _ = (dir, hook);
}

/// Remove the `pre-mind/NAME` link (only a link), and the folder once empty.
fn unlink_named(dir: &Path, hook: HookName) {
    let folder = dir.join(NAMED_DIR);
    let link = folder.join(hook.as_str());
    if fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()) {
        let _ = fs::remove_file(&link);
    }
    let _ = fs::remove_dir(&folder);
}

fn report(hook: HookName, file: &Path, status: &'static str, detail: Option<String>) -> HookReport {
    HookReport {
        hook,
        file: file.to_path_buf(),
        status,
        detail,
    }
}

pub fn install(dir: &Path, force: bool) -> Result<Vec<HookReport>> {
    fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let mut out = Vec::new();
    for hook in HookName::ALL {
        let path = dir.join(hook.as_str());
        let previous = with_suffix(&path, PREVIOUS_SUFFIX);
        let r = match inspect(&path, hook) {
            Found::Shim => {
                if exists(&previous) {
                    link_named(dir, hook);
                }
                report(hook, &path, "unchanged", None)
            }
            Found::EditedShim if !force => report(
                hook,
                &path,
                "refused",
                Some("mind's hook was edited by hand; --force replaces it".into()),
            ),
            Found::EditedShim | Found::OldShim => {
                write_shim(&path, hook)?;
                if exists(&previous) {
                    link_named(dir, hook);
                }
                report(hook, &path, "updated", None)
            }
            Found::Other if exists(&previous) => report(
                hook,
                &path,
                "refused",
                Some(format!(
                    "{} already exists; move one of the two hooks away first",
                    previous.display()
                )),
            ),
            Found::Other => {
                // A kill between the rename and the shim leaves only NAME.pre-mind: the next
                // install writes the shim (below), the next uninstall renames it back.
                rename(&path, &previous)?;
                if let Err(e) = write_shim(&path, hook) {
                    // Never leave the repository without its hook.
                    let _ = rename(&previous, &path);
                    return Err(e);
                }
                link_named(dir, hook);
                report(
                    hook,
                    &path,
                    "chained",
                    Some(format!(
                        "the existing hook now runs from {}",
                        previous.display()
                    )),
                )
            }
            // An install or uninstall killed half-way: the user's hook is only at NAME.pre-mind.
            Found::Absent if exists(&previous) => {
                write_shim(&path, hook)?;
                link_named(dir, hook);
                report(
                    hook,
                    &path,
                    "chained",
                    Some(format!(
                        "completed an interrupted install; the existing hook runs from {}",
                        previous.display()
                    )),
                )
            }
            Found::Absent => {
                write_shim(&path, hook)?;
                report(hook, &path, "installed", None)
            }
        };
        out.push(r);
    }
    Ok(out)
}

pub fn uninstall(dir: &Path, force: bool) -> Result<Vec<HookReport>> {
    let mut out = Vec::new();
    for hook in HookName::ALL {
        let path = dir.join(hook.as_str());
        let previous = with_suffix(&path, PREVIOUS_SUFFIX);
        let legacy = with_suffix(&path, LEGACY_SUFFIX);
        let r = match inspect(&path, hook) {
            Found::EditedShim if !force => report(
                hook,
                &path,
                "refused",
                Some("mind's hook was edited by hand; --force removes it".into()),
            ),
            Found::Shim | Found::EditedShim | Found::OldShim => {
                unlink_named(dir, hook);
                fs::remove_file(&path).map_err(|e| Error::io(&path, e))?;
                if exists(&previous) {
                    rename(&previous, &path)?;
                    report(hook, &path, "restored", None)
                } else {
                    report(hook, &path, "removed", None)
                }
            }
            // An install or uninstall killed half-way: finish putting the hook back.
            Found::Absent if exists(&previous) => {
                unlink_named(dir, hook);
                rename(&previous, &path)?;
                report(
                    hook,
                    &path,
                    "restored",
                    Some("completed an interrupted install or uninstall".into()),
                )
            }
            // The pre-commit framework moved the shim aside and runs it as its legacy hook.
            _ if matches!(inspect(&legacy, hook), Found::Shim | Found::EditedShim) => {
                fs::remove_file(&legacy).map_err(|e| Error::io(&legacy, e))?;
                if exists(&previous) {
                    rename(&previous, &legacy)?;
                    report(hook, &legacy, "restored", None)
                } else {
                    report(hook, &legacy, "removed", None)
                }
            }
            _ => report(hook, &path, "not-installed", None),
        };
        out.push(r);
    }
    Ok(out)
}

pub fn status(dir: &Path) -> Vec<HookReport> {
    HookName::ALL
        .into_iter()
        .map(|hook| {
            let path = dir.join(hook.as_str());
            let previous = with_suffix(&path, PREVIOUS_SUFFIX);
            let legacy = with_suffix(&path, LEGACY_SUFFIX);
            let chained = exists(&previous).then(|| format!("runs {} first", previous.display()));
            match inspect(&path, hook) {
                Found::Shim | Found::OldShim if chained.is_some() => {
                    report(hook, &path, "chained", chained)
                }
                Found::Shim | Found::OldShim => report(hook, &path, "installed", None),
                Found::EditedShim => report(hook, &path, "modified", chained),
                Found::Other if matches!(inspect(&legacy, hook), Found::Shim) => report(
                    hook,
                    &legacy,
                    "chained",
                    Some("run by the pre-commit framework as its legacy hook".into()),
                ),
                Found::Other => report(
                    hook,
                    &path,
                    "other",
                    Some("a hook that is not mind's".into()),
                ),
                Found::Absent => report(hook, &path, "absent", None),
            }
        })
        .collect()
}
