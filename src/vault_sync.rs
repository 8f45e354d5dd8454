//! An Obsidian vault holding the project's `.mind/`: a folder named after the project inside
//! the vault, either a symbolic link to `.mind/` (Obsidian follows it; nothing to sync) or,
//! where links are impossible or `--copy` asks for it, a copy of the markdown files kept in
//! step by [`sync`].
//!
//! The copy carries `.mind-vault-sync.json`: each file's hash and length at the last sync. A
//! file changed on one side only since then goes to the other. One that grew on both sides,
//! each still starting with the text of the last sync (a `mind log` here, a line added in
//! Obsidian there), is merged: that text, then what `.mind/` added, then what the vault
//! added, written to both. Any other change on both sides is a conflict and neither is
//! touched. A file of `memories/`, `archive/` or `sessions/` deleted on one side whose other
//! copy is still what the last sync recorded was deleted on purpose (`mind memory delete`, a
//! note removed in Obsidian, a pruned session): it is deleted on the other side too, where
//! bringing it back would undo the deletion at every sync. One deleted on one side and changed
//! on the other is a conflict. MEMORY.md, SESSION.md and REMINDERS.md are mind's own files and
//! are never deleted: a missing one is copied back. A file of `.mind/` reached through a
//! symbolic link leading out of the project is neither read nor written (a cloned repository
//! could point one at a private file); the sync says it left it out. The links made are
//! recorded in `state.json` (`vault_links`) for `mind vault status`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::memories::name;
use crate::memories::store::guard_inside;
use crate::store::state::{State, content_hash};
use crate::store::{MEMORIES_DIR, Project, atomic, text};

/// The copy's record of the last sync, inside the copy.
pub const MANIFEST: &str = ".mind-vault-sync.json";
const STATE_KEY: &str = "vault_links";
/// Folders of `.mind/` whose markdown goes to the vault (besides the top level).
const FOLDERS: [&str; 3] = [MEMORIES_DIR, crate::store::ARCHIVE_DIR, "sessions"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Link,
    Copy,
}

/// A place in a vault that holds the project's memory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// `VAULT/NAME`, absolute.
    pub path: PathBuf,
    pub mode: Mode,
}

/// What a sync of a copy moved.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Synced {
    /// Files written into the vault (paths relative to `.mind/`).
    pub to_vault: Vec<String>,
    /// Files written into `.mind/` from the vault.
    pub to_project: Vec<String>,
    /// Files that grew at the end on both sides: both additions, written to both sides.
    pub merged: Vec<String>,
    /// Files changed on both sides since the last sync, not only at the end: left as they
    /// are on both.
    pub conflicts: Vec<String>,
    /// Files deleted in `.mind/` since the last sync, so deleted from the vault's copy.
    pub deleted_from_vault: Vec<String>,
    /// Files deleted in the vault's copy since the last sync, so deleted from `.mind/`.
    pub deleted_from_project: Vec<String>,
    /// Files deleted on one side and changed on the other since the last sync: left as they
    /// are.
    pub delete_conflicts: Vec<String>,
    /// Files of `.mind/` reached through a symbolic link leading out of the project: neither
    /// read nor written.
    pub outside: Vec<String>,
}

impl Synced {
    pub fn changed(&self) -> bool {
        !self.to_vault.is_empty()
            || !self.to_project.is_empty()
            || !self.merged.is_empty()
            || !self.deleted_from_vault.is_empty()
            || !self.deleted_from_project.is_empty()
    }

    /// Whether some file is left for someone to settle (the sync fails).
    pub fn has_conflicts(&self) -> bool {
        !self.conflicts.is_empty() || !self.delete_conflicts.is_empty()
    }
}

/// What `link` did.
#[derive(Debug, Clone, PartialEq)]
pub struct Linked {
    pub entry: Entry,
    /// True when the vault already held this link or an up-to-date copy.
    pub unchanged: bool,
    /// True when the vault already held this link or a copy (then synced).
    pub existed: bool,
    pub synced: Synced,
    /// Why a link could not be made, when the copy stands in for it.
    pub fallback: Option<String>,
}

/// Put the project's `.mind/` into `vault` as `name` (a link, or a copy when `copy` or when
/// the link cannot be made). Running it again changes nothing (a copy is synced).
pub fn link(project: &Project, vault: &Path, name_raw: &str, copy: bool) -> Result<Linked> {
    let name = name::validate(name_raw)?;
    let vault = std::fs::canonicalize(vault).map_err(|e| Error::io(vault, e))?;
    if !vault.is_dir() {
        return Err(Error::usage(format!("{} is not a folder", vault.display())));
    }
    let target = std::fs::canonicalize(project.dir()).map_err(|e| Error::io(project.dir(), e))?;
    if vault.starts_with(&target) {
        return Err(Error::usage(
            "the vault is inside .mind/; it would hold itself",
        ));
    }
    let dest = vault.join(&name);
    let existing = std::fs::symlink_metadata(&dest).ok();
    let is_copy = dest.join(MANIFEST).is_file();
    if let Some(meta) = &existing {
        if meta.file_type().is_symlink() {
            let points = std::fs::canonicalize(&dest).ok();
            if points.as_deref() == Some(target.as_path()) && !copy {
                return linked(project, dest, true, None);
            }
            return Err(taken(
                &dest,
                "is a symbolic link (to somewhere else, or --copy was asked for); remove it first",
            ));
        }
        if !is_copy {
            return Err(taken(&dest, "exists and is not a copy mind made"));
        }
    }
    let mut fallback = None;
    if !copy && !is_copy {
        match make_link(&target, &dest) {
            Ok(()) => {
                return linked(project, dest, false, fallback);
            }
            Err(e) => {
                fallback = Some(format!(
                    "a symbolic link cannot be made here ({e}); copied instead"
                ))
            }
        }
    }
    std::fs::create_dir_all(&dest).map_err(|e| Error::io(&dest, e))?;
    let synced = sync(project, &dest)?;
    let entry = Entry {
        path: dest,
        mode: Mode::Copy,
    };
    record(project, entry.clone())?;
    Ok(Linked {
        unchanged: existing.is_some() && !synced.changed(),
        existed: existing.is_some(),
        entry,
        synced,
        fallback,
    })
}

/// A link at `dest`, recorded in the project's state: `already` when it was there before.
fn linked(
    project: &Project,
    dest: PathBuf,
    already: bool,
    fallback: Option<String>,
) -> Result<Linked> {
    let entry = Entry {
        path: dest,
        mode: Mode::Link,
    };
    record(project, entry.clone())?;
    Ok(Linked {
        entry,
        unchanged: already,
        existed: already,
        synced: Synced::default(),
        fallback,
    })
}

fn taken(dest: &Path, why: &str) -> Error {
    Error::usage_hint(
        format!("{} {why}; nothing was changed", dest.display()),
        "pick another name with --name, or move it away",
    )
}

#[cfg(unix)]
fn make_link(target: &Path, dest: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, dest)
}

#[cfg(windows)]
fn make_link(target: &Path, dest: &Path) -> std::io::Result<()> {
    std::os::windows::fs::symlink_dir(target, dest)
}

#[cfg(not(any(unix, windows)))]
fn make_link(_target: &Path, _dest: &Path) -> std::io::Result<()> {
    Err(std::io::Error::other("no symbolic links on this platform"))
}

/// The links recorded for the project.
pub fn recorded(state: &State) -> Vec<Entry> {
    state
        .get(STATE_KEY)
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default()
}

/// Add `entry` to state.json (under the store lock), replacing one at the same path.
fn record(project: &Project, entry: Entry) -> Result<()> {
    let _lock = project.lock()?;
    let mut state = State::load(&project.state())?;
    let mut entries = recorded(&state);
    entries.retain(|e| e.path != entry.path);
    entries.push(entry);
    entries.sort_by(|a, b| a.path.cmp(&b.path));
    state.set(
        STATE_KEY,
        serde_json::to_value(&entries).expect("entries serialise"),
    );
    state.save_if_changed(&project.state())
}

/// How a recorded entry looks now.
pub fn status(project: &Project, entry: &Entry) -> &'static str {
    let Ok(meta) = std::fs::symlink_metadata(&entry.path) else {
        return "missing";
    };
    match entry.mode {
        Mode::Link => {
            let target = std::fs::canonicalize(project.dir()).ok();
            let points = std::fs::canonicalize(&entry.path).ok();
            if meta.file_type().is_symlink() && points.is_some() && points == target {
                "linked"
            } else {
                "changed"
            }
        }
        Mode::Copy => match plan(project, &entry.path, &read_manifest(&entry.path)) {
            // A file no sync can read counts as neither.
            Ok(plan)
                if (plan.iter()).all(|(_, step)| matches!(step, Step::Same | Step::Outside)) =>
            {
                "in sync"
            }
            Ok(_) => "out of sync",
            Err(_) => "unreadable",
        },
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Same,
    ToVault,
    ToProject,
    /// Both sides grew from the synced text, which is this many bytes long.
    Merge(usize),
    Conflict,
    /// Deleted in `.mind/`, the vault's copy still as last synced.
    DeleteInVault,
    /// Deleted in the vault, `.mind/`'s copy still as last synced.
    DeleteInProject,
    /// Deleted on one side, changed on the other.
    DeleteConflict,
    /// `.mind/`'s side leads out of the project through a symbolic link.
    Outside,
}

#[derive(Default, Serialize, Deserialize)]
struct Manifest {
    files: BTreeMap<String, String>,
    /// Each file's length at the last sync (a copy made by an older version has none).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    lengths: BTreeMap<String, u64>,
}

/// Bring a copy and `.mind/` into step (see the module doc). Writes into `.mind/` hold the
/// store lock and are atomic; none goes through a link leaving the project.
pub fn sync(project: &Project, dest: &Path) -> Result<Synced> {
    let _lock = project.lock()?;
    let last = read_manifest(dest);
    let steps = plan(project, dest, &last)?;
    let mut manifest = Manifest::default();
    let mut out = Synced::default();
    for (rel, step) in steps {
        let here = project.dir().join(&rel);
        let there = dest.join(&rel);
        // Read again: the vault side may have changed since the plan.
        let merged = match step {
            Step::Merge(base) => {
                let ours = std::fs::read(&here).map_err(|e| Error::io(&here, e))?;
                let theirs = std::fs::read(&there).map_err(|e| Error::io(&there, e))?;
                merge_appended(&ours, &theirs, base, last.files.get(&rel))
            }
            _ => None,
        };
        let step = match step {
            Step::Merge(_) if merged.is_none() => Step::Conflict,
            step => step,
        };
        let keep_record = |manifest: &mut Manifest| {
            // The old record stays: the file shows again until it is settled (or readable).
            if let Some(old) = last.files.get(&rel) {
                manifest.files.insert(rel.clone(), old.clone());
            }
            if let Some(old) = last.lengths.get(&rel) {
                manifest.lengths.insert(rel.clone(), *old);
            }
        };
        match step {
            Step::Same => {}
            Step::Outside => {
                out.outside.push(rel.clone());
                keep_record(&mut manifest);
                continue;
            }
            Step::DeleteInVault => {
                // Read again: edited in the vault since the plan, it is a conflict.
                let theirs = text::read_optional(&there)?;
                if theirs.as_deref().map(content_hash).as_ref() == last.files.get(&rel) {
                    remove(&there)?;
                    out.deleted_from_vault.push(rel.clone());
                } else {
                    out.delete_conflicts.push(rel.clone());
                    keep_record(&mut manifest);
                }
                continue;
            }
            Step::DeleteInProject => {
                if text::read_optional(&there)?.is_some() {
                    // Back in the vault since the plan: the next sync sees what it is.
                    keep_record(&mut manifest);
                    continue;
                }
                guard_inside(project, &here)?;
                remove(&here)?;
                out.deleted_from_project.push(rel.clone());
                continue;
            }
            Step::DeleteConflict => {
                out.delete_conflicts.push(rel.clone());
                keep_record(&mut manifest);
                continue;
            }
            Step::ToVault => {
                let bytes = std::fs::read(&here).map_err(|e| Error::io(&here, e))?;
                if let Some(parent) = there.parent() {
                    std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
                }
                atomic::write_atomic(&there, &bytes)?;
                out.to_vault.push(rel.clone());
            }
            Step::ToProject => {
                let bytes = std::fs::read(&there).map_err(|e| Error::io(&there, e))?;
                guard_inside(project, &here)?;
                if let Some(parent) = here.parent() {
                    std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
                }
                atomic::write_atomic(&here, &bytes)?;
                out.to_project.push(rel.clone());
            }
            Step::Merge(_) => {
                let bytes = merged.unwrap_or_default();
                guard_inside(project, &here)?;
                atomic::write_atomic(&there, &bytes)?;
                atomic::write_atomic(&here, &bytes)?;
                out.merged.push(rel.clone());
            }
            Step::Conflict => {
                out.conflicts.push(rel.clone());
                keep_record(&mut manifest);
                continue;
            }
        }
        let bytes = text::read_optional(&here)?.unwrap_or_default();
        manifest.files.insert(rel.clone(), content_hash(&bytes));
        manifest.lengths.insert(rel, bytes.len() as u64);
    }
    let mut json = serde_json::to_string_pretty(&manifest).expect("manifest serialises");
    json.push('\n');
    atomic::write_if_changed(&dest.join(MANIFEST), json.as_bytes())?;
    Ok(out)
}

/// Delete `path`; one already gone is fine.
fn remove(path: &Path) -> Result<()> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::io(path, e)),
    }
}

fn read_manifest(dest: &Path) -> Manifest {
    std::fs::read(dest.join(MANIFEST))
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default()
}

/// What each file needs, by its path relative to `.mind/`, sorted, against `manifest` (the
/// copy's record of the last sync).
fn plan(project: &Project, dest: &Path, manifest: &Manifest) -> Result<Vec<(String, Step)>> {
    let mut names = markdown_files(&project.dir(), Some(project));
    // Notes made in the vault's copy of memories/ come home; other new vault files stay there.
    for rel in markdown_files(dest, None) {
        let new_memory = rel
            .strip_prefix(&format!("{MEMORIES_DIR}/"))
            .and_then(|f| f.strip_suffix(".md"))
            .is_some_and(|stem| name::validate(stem).is_ok_and(|n| n == stem));
        if new_memory || manifest.files.contains_key(&rel) {
            names.push(rel);
        }
    }
    names.sort();
    names.dedup();
    let mut out = Vec::new();
    for rel in names {
        let path = project.dir().join(&rel);
        if !project.leads_inside(&path) {
            out.push((rel, Step::Outside));
            continue;
        }
        let ours = text::read_optional(&path)?;
        let theirs = text::read_optional(&dest.join(&rel))?;
        let here = ours.as_deref().map(content_hash);
        let there = theirs.as_deref().map(content_hash);
        let last = manifest.files.get(&rel);
        // MEMORY.md, SESSION.md and REMINDERS.md: mind's own, copied back when missing.
        let deletable = rel.contains('/');
        let step = match (&here, &there) {
            (Some(h), Some(t)) if h == t => Step::Same,
            (Some(h), None) if deletable && last == Some(h) => Step::DeleteInProject,
            (None, Some(t)) if deletable && last == Some(t) => Step::DeleteInVault,
            (Some(_), None) | (None, Some(_)) if deletable && last.is_some() => {
                Step::DeleteConflict
            }
            (Some(_), None) => Step::ToVault,
            (None, Some(_)) => Step::ToProject,
            (Some(_), Some(t)) if last == Some(t) => Step::ToVault,
            (Some(h), Some(_)) if last == Some(h) => Step::ToProject,
            (Some(_), Some(_)) => {
                let (ours, theirs) = (ours.unwrap_or_default(), theirs.unwrap_or_default());
                let known = manifest.lengths.get(&rel).map(|&n| n as usize);
                match synced_length(&ours, &theirs, known, last) {
                    Some(base) => Step::Merge(base),
                    None => Step::Conflict,
                }
            }
            (None, None) => continue,
        };
        out.push((rel, step));
    }
    Ok(out)
}

/// How many line starts below the first difference an older copy's record (a hash with no
/// length) is looked for at.
const UNRECORDED_LENGTH_TRIES: usize = 64;

/// The length of the text both files start with that was the file at the last sync (its
/// hash is `last`): the recorded length, or, for a record with none, the longest such text
/// ending at a line start (or at the first difference) near where the two part.
fn synced_length(
    ours: &[u8],
    theirs: &[u8],
    known: Option<usize>,
    last: Option<&String>,
) -> Option<usize> {
    let last = last?;
    let is_base = |n: usize| {
        n <= ours.len()
            && n <= theirs.len()
            && ours[..n] == theirs[..n]
            && content_hash(&ours[..n]) == *last
    };
    if let Some(n) = known {
        return is_base(n).then_some(n);
    }
    let common = ours.iter().zip(theirs).take_while(|(a, b)| a == b).count();
    let line_starts = memchr::memrchr_iter(b'\n', &ours[..common]).map(|i| i + 1);
    std::iter::once(common)
        .chain(line_starts.take(UNRECORDED_LENGTH_TRIES))
        .find(|&n| is_base(n))
}

/// Both additions to the synced text, when both files still start with it: the synced
/// text, what `.mind/` added, then what the vault added (on a line of its own).
fn merge_appended(
    ours: &[u8],
    theirs: &[u8],
    base: usize,
    last: Option<&String>,
) -> Option<Vec<u8>> {
    let base = synced_length(ours, theirs, Some(base), last)?;
    let mut merged = ours.to_vec();
    let added = &theirs[base..];
    if !merged.is_empty() && !merged.ends_with(b"\n") && !added.starts_with(b"\n") {
        merged.extend_from_slice(crate::store::text::eol_of(ours).as_bytes());
    }
    merged.extend_from_slice(added);
    Some(merged)
}

/// The markdown files directly in `dir` and in its [`FOLDERS`], relative, `/`-separated;
/// links and dot files are left out, and, for the project's side (`inside`), a folder that
/// leads out of the project through a symbolic link.
fn markdown_files(dir: &Path, inside: Option<&Project>) -> Vec<String> {
    let mut out = Vec::new();
    let mut scan = |sub: Option<&str>| {
        let folder = sub.map_or(dir.to_path_buf(), |s| dir.join(s));
        let Ok(entries) = std::fs::read_dir(&folder) else {
            return;
        };
        if inside.is_some_and(|project| !project.leads_inside(&folder)) {
            return;
        }
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            let plain = entry.file_type().is_ok_and(|t| t.is_file());
            if plain && file.ends_with(".md") && !file.starts_with('.') {
                out.push(sub.map_or(file.clone(), |s| format!("{s}/{file}")));
            }
        }
    };
    scan(None);
    for folder in FOLDERS {
        scan(Some(folder));
    }
    out
}
