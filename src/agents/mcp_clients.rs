//! MCP client configuration: the `mcpServers.mind` entry that starts `mind mcp`, merged into
//! and taken out of a client's JSON file (Claude Code's `.mcp.json`, or a project's entry in
//! its per-user `~/.claude.json`, Cursor's `.cursor/mcp.json`; Claude Desktop's file has the
//! same layout). The entry is the one the Python Mind documented, so a configuration written
//! for it keeps working.

use serde_json::{Map, Value, json};

/// Claude Code's project MCP configuration (shared through git).
pub const CLAUDE_FILE: &str = ".mcp.json";
/// Cursor's project MCP configuration.
pub const CURSOR_FILE: &str = ".cursor/mcp.json";
/// Claude Code's per-user file in the home folder: its `projects` object holds, by each
/// project's path, the servers of Claude Code's local scope (`claude mcp add --scope local`),
/// which only that user sees in that project.
pub const CLAUDE_USER_FILE: &str = ".claude.json";
const PROJECTS: &str = "projects";

/// The object of the project at `key` in Claude Code's per-user file (made when missing),
/// whose `mcpServers` [`merge`] adds to.
pub fn user_project<'a>(
    file: &'a mut Map<String, Value>,
    key: &str,
) -> Result<&'a mut Map<String, Value>, String> {
    file.entry(PROJECTS)
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .ok_or_else(|| format!("\"{PROJECTS}\" is not an object; left unchanged"))?
        .entry(key)
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .ok_or_else(|| format!("{PROJECTS}.{key:?} is not an object; left unchanged"))
}

/// Whether Claude Code's per-user file has an entry for the project at `key`, and whether
/// that entry has `mcpServers`.
pub fn user_project_has(file: &Map<String, Value>, key: &str) -> (bool, bool) {
    let entry = file.get(PROJECTS).and_then(|p| p.get(key));
    (
        entry.is_some(),
        entry.and_then(|e| e.get(SERVERS)).is_some(),
    )
}

/// Take `mcpServers.mind` (while it is mind's entry) out of the project's entry at `key` in
/// Claude Code's per-user file, every other key kept in its place: an `mcpServers` left
/// empty goes when `servers_added`, the project's entry left empty when `entry_added` (and
/// `projects` with it when that is left empty). Returns whether anything changed.
pub fn remove_from_user_project(
    file: &mut Map<String, Value>,
    key: &str,
    servers_added: bool,
    entry_added: bool,
) -> bool {
    let Some(projects) = file.get_mut(PROJECTS).and_then(Value::as_object_mut) else {
        return false;
    };
    let Some(project) = projects.get_mut(key).and_then(Value::as_object_mut) else {
        return false;
    };
    let Some(servers) = project.get_mut(SERVERS).and_then(Value::as_object_mut) else {
        return false;
    };
    if servers.get(NAME) != Some(&entry()) {
        return false;
    }
    servers.shift_remove(NAME);
    if servers.is_empty() && servers_added {
        project.shift_remove(SERVERS);
    }
    if project.is_empty() && entry_added {
        projects.shift_remove(key);
        if projects.is_empty() {
            file.shift_remove(PROJECTS);
        }
    }
    true
}

const SERVERS: &str = "mcpServers";
const NAME: &str = "mind";

/// The server entry: the `mind` on PATH, started as `mind mcp`.
pub fn entry() -> Value {
    json!({"command": "mind", "args": ["mcp"]})
}

/// What a merge did.
#[derive(Debug, PartialEq, Eq)]
pub enum Merged {
    Added,
    /// The entry is there as mind writes it.
    Present,
    /// A `mind` server is configured otherwise (another command or arguments): kept.
    Different,
}

/// Add `mcpServers.mind` unless a `mind` server is configured already.
pub fn merge(file: &mut Map<String, Value>) -> Result<Merged, String> {
    let servers = file
        .entry(SERVERS)
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .ok_or_else(|| format!("\"{SERVERS}\" is not an object; left unchanged"))?;
    Ok(match servers.get(NAME) {
        None => {
            servers.insert(NAME.into(), entry());
            Merged::Added
        }
        Some(existing) if *existing == entry() => Merged::Present,
        Some(_) => Merged::Different,
    })
}

/// Take out `mcpServers.mind` when it is mind's entry (an empty `mcpServers` goes too).
/// Returns whether anything changed.
pub fn remove(file: &mut Map<String, Value>) -> bool {
    let Some(servers) = file.get_mut(SERVERS).and_then(Value::as_object_mut) else {
        return false;
    };
    if servers.get(NAME) != Some(&entry()) {
        return false;
    }
    servers.remove(NAME);
    if servers.is_empty() {
        file.remove(SERVERS);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_adds_once_and_keeps_other_servers_and_a_different_mind() {
        let mut file: Map<String, Value> =
            serde_json::from_str(r#"{"mcpServers": {"db": {"command": "pg-mcp"}}}"#).unwrap();
        assert_eq!(merge(&mut file), Ok(Merged::Added));
        assert_eq!(merge(&mut file), Ok(Merged::Present));
        assert_eq!(file["mcpServers"]["db"]["command"], "pg-mcp");
        assert_eq!(file["mcpServers"]["mind"], entry());
        assert!(remove(&mut file));
        assert_eq!(
            Value::Object(file.clone()),
            json!({"mcpServers": {"db": {"command": "pg-mcp"}}})
        );

        let mut own: Map<String, Value> = serde_json::from_str(
            r#"{"mcpServers": {"mind": {"command": "uv", "args": ["run", "mind", "mcp"]}}}"#,
        )
        .unwrap();
        assert_eq!(merge(&mut own), Ok(Merged::Different));
        assert!(!remove(&mut own));
        assert_eq!(own["mcpServers"]["mind"]["command"], "uv");
    }

    #[test]
    fn a_servers_key_that_is_no_object_is_refused() {
        let mut file: Map<String, Value> = serde_json::from_str(r#"{"mcpServers": []}"#).unwrap();
        assert!(merge(&mut file).is_err());
    }
}
