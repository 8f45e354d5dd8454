//! The files of named memories in `.mind/memories/`: list, read, write, delete.
//!
//! Every write holds the store lock and replaces the file atomically; none goes through a
//! symbolic link that leads out of the project (a cloned repository's
//! `.mind/memories -> ~/notes` is refused, not written through). A file whose front matter
//! is broken is reported and never rewritten: the person who broke it fixes it.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::memories::front_matter::{self, Category, FrontMatter, Layout, Split};
use crate::memories::name;
use crate::store::{MEMORIES_DIR, Project, atomic, text};

const EXTENSION: &str = "md";

/// A memory read whole.
#[derive(Debug, Clone, PartialEq)]
pub struct Memory {
    pub name: String,
    pub path: PathBuf,
    /// The header; the defaults (a note without tags or times) when the file has none.
    pub front: FrontMatter,
    pub body: String,
    /// The file's size in bytes.
    pub size: u64,
}

/// A memory as listed: its header, or why the header cannot be read.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    pub name: String,
    pub size: u64,
    pub front: std::result::Result<FrontMatter, String>,
    /// The first line of the body that says something (a heading's text), if any.
    pub first_line: Option<String>,
    /// Reached through a symbolic link leading out of the project (the file or the folder):
    /// not read, and not offered to an agent as one of the project's memories.
    pub outside: bool,
}

/// What a write asks for; `None` keeps what the memory has.
#[derive(Debug, Clone, Default)]
pub struct Change {
    pub category: Option<Category>,
    pub tags: Option<Vec<String>>,
    pub body: Option<String>,
}

/// What a write did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Created,
    Updated,
    Unchanged,
}

impl Written {
    pub fn as_str(self) -> &'static str {
        match self {
            Written::Created => "created",
            Written::Updated => "updated",
            Written::Unchanged => "unchanged",
        }
    }
}

/// `.mind/memories/`.
pub fn dir(project: &Project) -> PathBuf {
    project.dir().join(MEMORIES_DIR)
}

/// `.mind/memories/NAME.md` for a name that passed [`name::validate`].
pub fn path_of(project: &Project, name: &str) -> PathBuf {
    dir(project).join(format!("{name}.{EXTENSION}"))
}

/// The memory the name `name` (validated) means: the memory of that very name, else the one
/// whose name differs from it only in case or Unicode form (`Deploy` for `deploy`), else
/// `name` itself, a new memory. Windows and macOS hold one file for such names, so they are
/// one memory on every clone, never two files that a clone there could not both check out.
/// Two memories already there whose names differ only so (written by hand, or before this
/// rule) are ambiguous: the error names both, and the exact name reaches each.
pub fn resolve(project: &Project, name: &str) -> Result<String> {
    // A folder that cannot be listed (a file in its place) holds no other spelling; what the
    // command does next says what is wrong with it, as it did before names were compared.
    let Ok(existing) = names(project) else {
        return Ok(name.to_string());
    };
    if existing.iter().any(|n| n == name) {
        return Ok(name.to_string());
    }
    let key = name::fold(name);
    let same: Vec<&String> = existing.iter().filter(|n| name::fold(n) == key).collect();
    match same.as_slice() {
        [] => Ok(name.to_string()),
        [one] => Ok((*one).clone()),
        several => {
            let listed: Vec<String> = several.iter().map(|n| format!("{n:?}")).collect();
            Err(Error::usage_hint(
                format!(
                    "the memory name {name:?} matches {}, which differ only in case or Unicode form",
                    listed.join(" and ")
                ),
                "give one of them exactly as `mind memory list` shows it; Windows and macOS \
                 keep only one such file: merge them into one memory",
            ))
        }
    }
}

/// The names of the memories in `.mind/memories/`, sorted. Files whose name is not a
/// memory name (`.hidden.md`, `a#b.md`) and folders are not memories.
pub fn names(project: &Project) -> Result<Vec<String>> {
    let dir = dir(project);
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::io(&dir, e)),
    };
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| Error::io(&dir, e))?;
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some(EXTENSION) || path.is_dir() {
            continue;
        }
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if name::validate(stem).is_ok_and(|n| n == stem) {
            names.push(stem.to_string());
        }
    }
    names.sort();
    Ok(names)
}

/// Every memory with its header (or why it is broken), sorted by name.
pub fn list(project: &Project) -> Result<Vec<Listed>> {
    let mut out = Vec::new();
    for name in names(project)? {
        let path = path_of(project, &name);
        let (size, front, first, outside) = match load(project, &path) {
            Ok((bytes, split, _)) => {
                let first = first_line(&split.body);
                (bytes, Ok(split.front.unwrap_or_default()), first, false)
            }
            Err(Broken {
                size,
                reason,
                outside,
                ..
            }) => (size, Err(reason), None, outside),
        };
        out.push(Listed {
            name,
            size,
            front,
            first_line: first,
            outside,
        });
    }
    Ok(out)
}

/// The memory `name` (validated); an error when it does not exist or its header is broken.
pub fn read(project: &Project, raw_name: &str) -> Result<Memory> {
    let name = resolve(project, &name::validate(raw_name)?)?;
    let path = path_of(project, &name);
    if std::fs::symlink_metadata(&path).is_err() {
        return Err(Error::usage_hint(
            format!("no memory named {name:?}"),
            "`mind memory list` shows the memories there are",
        ));
    }
    let (size, split, _) = load(project, &path).map_err(|b| broken_error(&path, &b))?;
    Ok(Memory {
        name,
        path,
        front: split.front.unwrap_or_default(),
        body: split.body,
        size,
    })
}

/// Create or rewrite the memory `name` (validated before anything is written; a name that
/// differs from an existing memory's only in case or Unicode form is that memory, see
/// [`resolve`]). `createdAt` stays; `updatedAt` becomes `now` only when the body or a field
/// changes; an unchanged memory is not written at all. The file keeps its line ending and
/// byte order mark ([`Layout`]). Holds the store lock.
pub fn write(project: &Project, raw_name: &str, change: Change, now: &str) -> Result<Written> {
    let name = name::validate(raw_name)?;
    let _lock = project.lock()?;
    let name = resolve(project, &name)?;
    let path = path_of(project, &name);
    guard_inside(project, &path)?;
    let existing = match std::fs::symlink_metadata(&path) {
        Ok(_) => Some(load(project, &path).map_err(|b| broken_error(&path, &b))?),
        Err(_) => None,
    };
    let Some((_, existing, layout)) = existing else {
        let body = change.body.ok_or_else(|| {
            Error::usage_hint(
                format!("the memory {name:?} does not exist yet and no content was given"),
                "give the text with --content TEXT, or `-` to read it from stdin",
            )
        })?;
        let (layout, body) = Layout::of_new(&body);
        let front = FrontMatter {
            category: change.category.unwrap_or_default(),
            project: Some(project.name()),
            tags: change.tags.unwrap_or_default(),
            created_at: Some(now.to_string()),
            updated_at: Some(now.to_string()),
            extra: Default::default(),
        };
        create_dir(project)?;
        let text = front_matter::render_as(&front, body, layout);
        atomic::write_atomic(&path, text.as_bytes())?;
        return Ok(Written::Created);
    };
    refuse_read_only(&name, existing.front.as_ref())?;
    let had_front = existing.front.is_some();
    let old_front = existing.front.unwrap_or_default();
    let mut front = old_front.clone();
    if let Some(category) = change.category {
        front.category = category;
    }
    if let Some(tags) = change.tags {
        front.tags = tags;
    }
    let body = match &change.body {
        Some(body) => layout.apply(body).into_owned(),
        None => existing.body.clone(),
    };
    let old_text = front_matter::render_as(&old_front, &existing.body, layout);
    if had_front && front_matter::render_as(&front, &body, layout) == old_text {
        return Ok(Written::Unchanged);
    }
    if !had_front {
        // Plain markdown written by hand gains its header now.
        front.project.get_or_insert_with(|| project.name());
    }
    front.created_at.get_or_insert_with(|| now.to_string());
    front.updated_at = Some(now.to_string());
    let text = front_matter::render_as(&front, &body, layout);
    atomic::write_atomic(&path, text.as_bytes())?;
    Ok(Written::Updated)
}

/// An error for a memory whose header says `readonly: true` (a pulled team copy).
pub fn refuse_read_only(name: &str, front: Option<&FrontMatter>) -> Result<()> {
    if front.is_some_and(FrontMatter::is_read_only) {
        return Err(Error::usage_hint(
            format!("the memory {name:?} is read-only (readonly: true in its header)"),
            "it is a copy pulled by `mind team pull`; change the project it came from, or delete it",
        ));
    }
    Ok(())
}

/// A memory's file as `memory edit` found it before opening the editor.
#[derive(Debug, Clone, PartialEq)]
pub enum Before {
    Missing,
    /// Its header does not parse (why): the editor is where it gets fixed.
    Broken(String),
    Read(Split),
}

/// After `memory edit`: the file as the editor left it is checked, and when its body or
/// fields differ from `before` while `updatedAt` was not touched by hand, `updatedAt`
/// becomes `now` (always, for a header the edit repaired). A broken header is an error and
/// the file stays as it is.
pub fn settle_edit(project: &Project, name: &str, before: &Before, now: &str) -> Result<Written> {
    let path = path_of(project, name);
    let _lock = project.lock()?;
    guard_inside(project, &path)?;
    let (_, after, layout) = load(project, &path).map_err(|b| broken_error(&path, &b))?;
    let before = match before {
        Before::Read(split) => Some(split),
        Before::Missing | Before::Broken(_) => None,
    };
    if before == Some(&after) {
        return Ok(Written::Unchanged);
    }
    let mut front = after.front.clone().unwrap_or_default();
    let before_front = before.and_then(|b| b.front.as_ref());
    if before.is_some()
        && after.front.is_some()
        && front.updated_at != before_front.and_then(|f| f.updated_at.clone())
    {
        // Whoever edited set updatedAt themselves: theirs stands.
        return Ok(Written::Updated);
    }
    front.project.get_or_insert_with(|| project.name());
    front.created_at.get_or_insert_with(|| now.to_string());
    front.updated_at = Some(now.to_string());
    let text = front_matter::render_as(&front, &after.body, layout);
    atomic::write_atomic(&path, text.as_bytes())?;
    Ok(Written::Updated)
}

/// The memory's file as it is now, for [`settle_edit`]. One whose header is broken can be
/// opened (that is how it gets fixed); one that cannot be read, or that leads out of the
/// project through a symbolic link, is an error.
pub fn snapshot(project: &Project, name: &str) -> Result<Before> {
    let path = path_of(project, name);
    if std::fs::symlink_metadata(&path).is_err() {
        return Ok(Before::Missing);
    }
    match load(project, &path) {
        Ok((_, split, _)) => Ok(Before::Read(split)),
        Err(b) if !b.outside && b.header => Ok(Before::Broken(b.reason)),
        Err(b) => Err(broken_error(&path, &b)),
    }
}

/// Remove the memory `name`; returns whether it existed. Holds the store lock.
pub fn delete(project: &Project, raw_name: &str) -> Result<bool> {
    let name = name::validate(raw_name)?;
    let _lock = project.lock()?;
    let name = resolve(project, &name)?;
    let path = path_of(project, &name);
    // The link itself may be removed, but not through a memories folder elsewhere.
    if !project.leads_inside(&dir(project)) {
        return Err(outside_error(&dir(project)));
    }
    match std::fs::remove_file(&path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(Error::io(&path, e)),
    }
}

/// Create `.mind/memories/` if missing. The caller checked it leads inside the project.
fn create_dir(project: &Project) -> Result<()> {
    let dir = dir(project);
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))
}

/// `path`, a file of `.mind/` about to be written, must stay inside the project once
/// symbolic links are followed: a cloned repository could point it at a private file.
pub(crate) fn guard_inside(project: &Project, path: &Path) -> Result<()> {
    if project.leads_inside(path) {
        Ok(())
    } else {
        Err(outside_error(path))
    }
}

fn outside_error(path: &Path) -> Error {
    Error::BadFile {
        path: path.to_path_buf(),
        reason: "leads outside the project through a symbolic link; nothing was written".into(),
    }
}

/// A memory that cannot be used, with what to do: a link leading out is replaced by the
/// file; a broken header is fixed by hand, and `mind memory edit NAME` opens the file.
fn broken_error(path: &Path, broken: &Broken) -> Error {
    let reason = &broken.reason;
    let reason = if broken.outside {
        format!("{reason}; put the file itself there instead of the link")
    } else {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy())
            .unwrap_or_default();
        format!(
            "{reason}; fix it by hand in this file (`mind memory edit {name}` opens it), mind never rewrites it"
        )
    };
    Error::BadFile {
        path: path.to_path_buf(),
        reason,
    }
}

/// Why a memory file cannot be used, and its size.
struct Broken {
    size: u64,
    reason: String,
    /// It leads out of the project through a symbolic link (and was not read).
    outside: bool,
    /// The file was read and its header is what is wrong (an editor can fix it).
    header: bool,
}

/// The file's size, its split text and its layout. A file reached through a link leading
/// out of the project is not read (a cloned repository could point it at a private file).
fn load(project: &Project, path: &Path) -> std::result::Result<(u64, Split, Layout), Broken> {
    if !project.leads_inside(path) {
        return Err(Broken {
            size: 0,
            reason: "leads outside the project through a symbolic link; not read".into(),
            outside: true,
            header: false,
        });
    }
    let bytes = match text::read_optional(path) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => Vec::new(),
        Err(e) => {
            return Err(Broken {
                size: 0,
                reason: e.to_string(),
                outside: false,
                header: false,
            });
        }
    };
    let size = bytes.len() as u64;
    let Ok(text) = String::from_utf8(bytes) else {
        return Err(Broken {
            size,
            reason: "not UTF-8 text".into(),
            outside: false,
            header: false,
        });
    };
    front_matter::split(&text)
        .map(|split| {
            let layout = Layout::of_file(&text, &split.body);
            (size, split, layout)
        })
        .map_err(|reason| Broken {
            size,
            reason,
            outside: false,
            header: true,
        })
}

/// The first non-blank body line, a heading without its `#`s.
fn first_line(body: &str) -> Option<String> {
    body.lines()
        .map(|l| l.trim().trim_start_matches('#').trim())
        .find(|l| !l.is_empty())
        .map(str::to_string)
}

/// The notes that link to the memory `name`: other memories by name, and `MEMORY` when
/// MEMORY.md does. Sorted; a memory's link to itself does not count.
pub fn backlinks(project: &Project, name: &str) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for other in names(project)? {
        if other == name {
            continue;
        }
        let path = path_of(project, &other);
        if !project.leads_inside(&path) {
            continue;
        }
        if let Some(bytes) = text::read_optional(&path)?
            && crate::memories::links::links_to(&text::lossy(&bytes), name)
        {
            out.push(other);
        }
    }
    if let Some(bytes) = text::read_optional(&project.memory())?
        && crate::memories::links::links_to(&text::lossy(&bytes), name)
    {
        out.push("MEMORY".to_string());
    }
    Ok(out)
}
