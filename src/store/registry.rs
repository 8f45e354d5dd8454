//! `projects.json` in the global folder: the registered projects, for cross-project search.
//! The Python Mind's shape: `{"projects": {<abs path>: {path, name, stack, registered_at, last_activity}}}`.
//! Writes go to the global folder under its own lock (`projects.lock`, never a project's
//! `.lock`); the Python Mind's `~/.mind/projects.json`, when read, adds its projects to the list.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::error::{Error, Result};
use crate::store::home::GlobalFolder;
use crate::store::{atomic, lock::StoreLock, text};

pub const PROJECTS_FILE: &str = "projects.json";
/// The lock that serialises writes of `projects.json`.
pub const PROJECTS_LOCK: &str = "projects.lock";

/// A registered project.
#[derive(Debug, Clone, PartialEq)]
pub struct Registered {
    pub path: PathBuf,
    pub name: String,
    /// Listed only by the Python Mind's `~/.mind/projects.json`, which is never written.
    pub legacy: bool,
}

/// Add the project to the global folder's file unless it is already there; returns whether
/// the file changed. The Python Mind's file is only read, never written.
pub fn register(
    home: &GlobalFolder,
    root: &Path,
    name: &str,
    stack: &[String],
    now_iso: &str,
) -> Result<bool> {
    std::fs::create_dir_all(&home.dir).map_err(|e| Error::io(&home.dir, e))?;
    let _lock = StoreLock::acquire(&home.file(PROJECTS_LOCK))?;
    let path = home.file(PROJECTS_FILE);
    let mut doc = load_value(&path)?;
    let key = root.display().to_string();
    let projects = doc
        .as_object_mut()
        .expect("load_value returns an object")
        .entry("projects")
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(projects) = projects else {
        return Err(Error::BadFile {
            path,
            reason: "\"projects\" is not an object".into(),
        });
    };
    if projects.contains_key(&key) {
        return Ok(false);
    }
    projects.insert(
        key.clone(),
        json!({"path": key, "name": name, "stack": stack, "registered_at": now_iso, "last_activity": null}),
    );
    let mut out = serde_json::to_string_pretty(&doc).expect("JSON value serialises");
    out.push('\n');
    atomic::write_atomic(&path, out.as_bytes())?;
    Ok(true)
}

/// Remove a project from the global folder's file; returns whether it was there. The
/// Python Mind's file is never written, so a project only it lists stays listed.
pub fn unregister(home: &GlobalFolder, root: &Path) -> Result<bool> {
    let path = home.file(PROJECTS_FILE);
    if !path.exists() {
        return Ok(false);
    }
    let _lock = StoreLock::acquire(&home.file(PROJECTS_LOCK))?;
    let mut doc = load_value(&path)?;
    let Some(projects) = doc.get_mut("projects").and_then(Value::as_object_mut) else {
        return Ok(false);
    };
    let wanted = root.display().to_string();
    let before = projects.len();
    projects.retain(|key, entry| {
        let listed = entry.get("path").and_then(Value::as_str).unwrap_or(key);
        listed != wanted
    });
    if projects.len() == before {
        return Ok(false);
    }
    let mut out = serde_json::to_string_pretty(&doc).expect("JSON value serialises");
    out.push('\n');
    atomic::write_atomic(&path, out.as_bytes())?;
    Ok(true)
}

/// Remove every project of the global folder's file whose folder is gone (checked again
/// under the lock); returns those removed, in file order. The Python Mind's file is never
/// written, so a gone project only it lists stays listed.
pub fn remove_gone(home: &GlobalFolder) -> Result<Vec<Registered>> {
    let path = home.file(PROJECTS_FILE);
    if !path.exists() {
        return Ok(Vec::new());
    }
    let _lock = StoreLock::acquire(&home.file(PROJECTS_LOCK))?;
    let gone: Vec<Registered> = list_file(&path, false)?
        .into_iter()
        .filter(|r| is_gone(&r.path))
        .collect();
    if gone.is_empty() {
        return Ok(gone);
    }
    let mut doc = load_value(&path)?;
    if let Some(projects) = doc.get_mut("projects").and_then(Value::as_object_mut) {
        projects.retain(|key, entry| {
            let listed = entry.get("path").and_then(Value::as_str).unwrap_or(key);
            !gone.iter().any(|g| g.path == Path::new(listed))
        });
    }
    let mut out = serde_json::to_string_pretty(&doc).expect("JSON value serialises");
    out.push('\n');
    atomic::write_atomic(&path, out.as_bytes())?;
    Ok(gone)
}

/// Whether a registered project's folder no longer exists. A folder that cannot be checked
/// (no permission) is not gone, nor one outside a sparse checkout: the repository holds it.
pub fn is_gone(root: &Path) -> bool {
    matches!(std::fs::symlink_metadata(root), Err(e) if e.kind() == std::io::ErrorKind::NotFound)
        && super::checkout::outside_sparse_checkout(root).is_none()
}

/// Every registered project in file order: the global folder's, then those only the Python
/// Mind's file lists.
pub fn list(home: &GlobalFolder) -> Result<Vec<Registered>> {
    let mut all = list_file(&home.file(PROJECTS_FILE), false)?;
    if let Some(legacy) = home.legacy_file(PROJECTS_FILE) {
        for reg in list_file(&legacy, true)? {
            if !all.iter().any(|r| r.path == reg.path) {
                all.push(reg);
            }
        }
    }
    Ok(all)
}

fn list_file(path: &Path, legacy: bool) -> Result<Vec<Registered>> {
    let doc = load_value(path)?;
    let Some(projects) = doc.get("projects").and_then(Value::as_object) else {
        return Ok(Vec::new());
    };
    Ok(projects
        .iter()
        .map(|(key, entry)| {
            let path = entry.get("path").and_then(Value::as_str).unwrap_or(key);
            let path = PathBuf::from(path);
            // One line, whoever wrote the entry (an older version wrote a folder name's
            // line breaks as they were): it labels search results and `mind projects`.
            let name = entry
                .get("name")
                .and_then(Value::as_str)
                .map(text::one_line_name)
                .unwrap_or_else(|| {
                    path.file_name()
                        .map(|n| text::one_line_name(&n.to_string_lossy()))
                        .unwrap_or_default()
                });
            Registered { path, name, legacy }
        })
        .collect())
}

fn load_value(path: &Path) -> Result<Value> {
    let Some(bytes) = text::read_optional(path)? else {
        return Ok(json!({"projects": {}}));
    };
    if text::split_bom(&bytes)
        .1
        .iter()
        .all(u8::is_ascii_whitespace)
    {
        return Ok(json!({"projects": {}}));
    }
    match text::parse_json::<Value>(&bytes) {
        Ok(value @ Value::Object(_)) => Ok(value),
        Ok(_) => Err(Error::BadFile {
            path: path.to_path_buf(),
            reason: "not a JSON object".into(),
        }),
        Err(e) => Err(Error::BadFile {
            path: path.to_path_buf(),
            reason: format!("invalid JSON ({e}); fix or delete it, it is never overwritten"),
        }),
    }
}
