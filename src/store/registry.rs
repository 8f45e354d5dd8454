//! `$MIND_HOME/projects.json`: the registered projects, for cross-project search.
//! The Python Mind's shape: `{"projects": {<abs path>: {path, name, stack, registered_at, last_activity}}}`.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::error::{Error, Result};
use crate::store::{atomic, lock::StoreLock, text};

pub const PROJECTS_FILE: &str = "projects.json";

/// A registered project.
#[derive(Debug, Clone, PartialEq)]
pub struct Registered {
    pub path: PathBuf,
    pub name: String,
}

/// Add the project unless it is already there; returns whether the file changed.
pub fn register(
    home: &Path,
    root: &Path,
    name: &str,
    stack: &[String],
    now_iso: &str,
) -> Result<bool> {
    std::fs::create_dir_all(home).map_err(|e| Error::io(home, e))?;
    let _lock = StoreLock::acquire(&home.join(".lock"))?;
    let path = home.join(PROJECTS_FILE);
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

/// Every registered project, in file order.
pub fn list(home: &Path) -> Result<Vec<Registered>> {
    let doc = load_value(&home.join(PROJECTS_FILE))?;
    let Some(projects) = doc.get("projects").and_then(Value::as_object) else {
        return Ok(Vec::new());
    };
    Ok(projects
        .iter()
        .map(|(key, entry)| {
            let path = entry.get("path").and_then(Value::as_str).unwrap_or(key);
            let path = PathBuf::from(path);
            let name = entry
                .get("name")
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| {
                    path.file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default()
                });
            Registered { path, name }
        })
        .collect())
}

fn load_value(path: &Path) -> Result<Value> {
    let Some(bytes) = text::read_optional(path)? else {
        return Ok(json!({"projects": {}}));
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(json!({"projects": {}}));
    }
    match serde_json::from_slice::<Value>(&bytes) {
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
