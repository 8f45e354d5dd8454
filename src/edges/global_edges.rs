//! `global_edges.json` in the global folder: cross-project gotchas in the Python Mind's
//! schema — a JSON list of `{id, title, description, workaround, detection: {context, intent,
//! code}, stack_tags, severity, created_at}`. Fields `mind` does not know are kept on rewrite.
//! A file that is not valid JSON is an error naming it, and is never overwritten. The Python
//! Mind's `~/.mind/global_edges.json`, when read, adds the edges whose titles are not already
//! there; it is never written.

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::Value;

use super::Edge;
use crate::error::{Error, Result};
use crate::store::home::GlobalFolder;
use crate::store::{atomic, lock::StoreLock, text};

pub const EDGES_FILE: &str = "global_edges.json";
/// The lock that serialises writes of `global_edges.json`.
pub const EDGES_LOCK: &str = "global_edges.lock";

/// The global edges (the global folder's, then the Python Mind's not already there by
/// title), and a note for each entry that had to be skipped.
pub fn load(home: &GlobalFolder) -> Result<(Vec<Edge>, Vec<String>)> {
    let mut edges = Vec::new();
    let mut skipped = Vec::new();
    load_file(&home.file(EDGES_FILE), &mut edges, &mut skipped)?;
    if let Some(legacy) = home.legacy_file(EDGES_FILE) {
        load_file(&legacy, &mut edges, &mut skipped)?;
    }
    Ok((edges, skipped))
}

/// Add the file's edges whose titles are not in `edges` yet.
fn load_file(path: &Path, edges: &mut Vec<Edge>, skipped: &mut Vec<String>) -> Result<()> {
    let Some(list) = load_list(path)? else {
        return Ok(());
    };
    for (i, entry) in list.iter().enumerate() {
        match edge_of(entry) {
            Some(edge) if has_title(edges, &edge.title) => {}
            Some(edge) => edges.push(edge),
            None => skipped.push(format!(
                "{}: entry {} has no title; skipped",
                path.display(),
                i + 1
            )),
        }
    }
    Ok(())
}

fn has_title(edges: &[Edge], title: &str) -> bool {
    let wanted = title.to_lowercase();
    edges.iter().any(|e| e.title.to_lowercase() == wanted)
}

/// What `mind edges add --global` stores.
pub struct NewEdge {
    pub title: String,
    pub description: String,
    pub workaround: String,
    pub severity: String,
    pub stack_tags: Vec<String>,
    pub intent: Vec<String>,
    pub code: Vec<String>,
}

/// An edge as stored, fields in the Python Mind's order.
#[derive(Serialize)]
struct Stored<'a> {
    id: String,
    title: &'a str,
    description: &'a str,
    workaround: &'a str,
    detection: Detection<'a>,
    stack_tags: &'a [String],
    severity: &'a str,
    created_at: &'a str,
}

#[derive(Serialize)]
struct Detection<'a> {
    context: [&'a str; 0],
    intent: &'a [String],
    code: &'a [String],
}

/// Append an edge to the global folder's file under its lock. A title already present
/// (there or in the Python Mind's file) is refused. The entries already in the file keep
/// their bytes: the new one is inserted before the closing `]`.
pub fn add(home: &GlobalFolder, new: NewEdge, now_iso: &str) -> Result<(Edge, PathBuf)> {
    std::fs::create_dir_all(&home.dir).map_err(|e| Error::io(&home.dir, e))?;
    let _lock = StoreLock::acquire(&home.file(EDGES_LOCK))?;
    let path = home.file(EDGES_FILE);
    let list = load_list(&path)?.unwrap_or_default();
    // Named by the file that holds the title: the global folder's, or the Python Mind's
    // (read, never written; the global folder's file may not exist yet).
    let mut holder = None;
    let mut edges = Vec::new();
    let mut skipped = Vec::new();
    for file in std::iter::once(path.clone()).chain(home.legacy_file(EDGES_FILE)) {
        load_file(&file, &mut edges, &mut skipped)?;
        if holder.is_none() && has_title(&edges, &new.title) {
            holder = Some(file);
        }
    }
    if let Some(holder) = holder {
        let hint = if holder == path {
            "give the new edge another title, or change the one there by editing that file"
        } else {
            "give the new edge another title; that one is in the Python Mind's file, which mind reads but never writes (change it there by hand)"
        }
        .to_string();
        return Err(Error::Conflict {
            message: format!(
                "{}: an edge titled {:?} already exists; nothing written",
                holder.display(),
                new.title
            ),
            hint,
        });
    }
    let stored = Stored {
        id: short_id(&format!("{}{now_iso}", new.title)),
        title: &new.title,
        description: &new.description,
        workaround: &new.workaround,
        detection: Detection {
            context: [],
            intent: &new.intent,
            code: &new.code,
        },
        stack_tags: &new.stack_tags,
        severity: &new.severity,
        created_at: now_iso,
    };
    let value = serde_json::to_value(&stored).expect("JSON serialises");
    let edge = edge_of(&value).expect("a new edge has a title");
    let entry = serde_json::to_string_pretty(&stored).expect("JSON serialises");
    let existing = text::read_optional(&path)?.unwrap_or_default();
    let out = match append_to_array(&existing, &entry) {
        Some(bytes) => bytes,
        None => {
            // An empty list, a missing file, or the `{"edges": [...]}` shape (kept as it is).
            let mut list = list;
            list.push(value);
            let doc = match serde_json::from_slice::<Value>(&existing) {
                Ok(Value::Object(mut map)) => {
                    map.insert("edges".into(), Value::Array(list));
                    Value::Object(map)
                }
                _ => Value::Array(list),
            };
            let mut out = serde_json::to_string_pretty(&doc).expect("JSON serialises");
            out.push('\n');
            out.into_bytes()
        }
    };
    atomic::write_atomic(&path, &out)?;
    Ok((edge, path))
}

/// `existing` (a top-level JSON array with at least one element) with `entry` added as its
/// last element; `None` for any other shape.
fn append_to_array(existing: &[u8], entry: &str) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(existing).ok()?;
    let body = text.trim_end();
    let inner = body.strip_suffix(']')?.trim_end();
    if !text.trim_start().starts_with('[') || inner.trim_start() == "[" {
        return None;
    }
    let indented: Vec<String> = entry.lines().map(|l| format!("  {l}")).collect();
    Some(format!("{inner},\n{}\n]\n", indented.join("\n")).into_bytes())
}

/// The list in the file; `None` when it does not exist or is blank.
fn load_list(path: &Path) -> Result<Option<Vec<Value>>> {
    let Some(bytes) = text::read_optional(path)? else {
        return Ok(None);
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let bad = |reason: String| Error::BadFile {
        path: path.to_path_buf(),
        reason: format!("{reason}; fix or move it (mind never overwrites it)"),
    };
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Array(list)) => Ok(Some(list)),
        Ok(Value::Object(map)) => match map.get("edges") {
            Some(Value::Array(list)) => Ok(Some(list.clone())),
            _ => Err(bad("not a JSON list of edges".into())),
        },
        Ok(_) => Err(bad("not a JSON list of edges".into())),
        Err(e) => Err(bad(format!("invalid JSON ({e})"))),
    }
}

fn edge_of(value: &Value) -> Option<Edge> {
    let field = |k: &str| {
        value
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim()
            .to_string()
    };
    let title = field("title");
    if title.is_empty() {
        return None;
    }
    let detection = value.get("detection");
    let patterns = |k: &str| strings(detection.and_then(|d| d.get(k)));
    let mut stack_tags = strings(value.get("stack_tags"));
    for context in patterns("context") {
        if !stack_tags.contains(&context) {
            stack_tags.push(context);
        }
    }
    let severity = match field("severity") {
        s if s.is_empty() => "warning".to_string(),
        s => s.to_lowercase(),
    };
    Some(Edge {
        id: field("id"),
        title,
        description: field("description"),
        workaround: field("workaround"),
        severity,
        source: "global",
        line: None,
        stack_tags,
        intent_patterns: patterns("intent"),
        code_patterns: patterns("code"),
    })
}

/// A list of strings, a single string, or nothing (missing, null, other types).
fn strings(value: Option<&Value>) -> Vec<String> {
    match value {
        Some(Value::String(s)) if !s.trim().is_empty() => vec![s.trim().to_string()],
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

/// Eight hex digits (FNV-1a), like the Python Mind's `md5(title + now)[:8]`.
fn short_id(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", hash >> 32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn appends_without_touching_existing_entries() {
        let existing = b"[\n    {\"title\": \"old\", \"zeta\": 1, \"alpha\": 2}\n]\n";
        let out = append_to_array(existing, "{\n  \"title\": \"new\"\n}").unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[\n    {\"title\": \"old\", \"zeta\": 1, \"alpha\": 2},\n  {\n    \"title\": \"new\"\n  }\n]\n"
        );
        assert!(append_to_array(b"[]", "{}").is_none());
        assert!(append_to_array(b"{\"edges\": []}", "{}").is_none());
    }

    #[test]
    fn reads_the_python_schema_leniently() {
        let e = edge_of(&json!({
            "id": "ab12cd34", "title": "Safari ITP", "description": "d", "workaround": "w",
            "detection": {"context": ["nextjs"], "intent": ["cookie"], "code": null},
            "stack_tags": ["safari"], "created_at": "2026-01-01T00:00:00"
        }))
        .unwrap();
        assert_eq!(e.severity, "warning");
        assert_eq!(e.stack_tags, vec!["safari", "nextjs"]);
        assert!(e.code_patterns.is_empty());
        assert_eq!(e.intent_patterns, vec!["cookie"]);
        assert!(edge_of(&json!({"title": ""})).is_none());
        assert_eq!(
            edge_of(&json!({"title": "t", "detection": {"code": "x.y"}}))
                .unwrap()
                .code_patterns,
            vec!["x.y"]
        );
    }
}
