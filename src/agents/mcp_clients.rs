//! MCP client configuration: the `mcpServers.mind` entry that starts `mind mcp`, merged into
//! and taken out of a client's JSON file (Claude Code's `.mcp.json`, Cursor's
//! `.cursor/mcp.json`; Claude Desktop's file has the same layout). The entry is the one the
//! Python Mind documented, so a configuration written for it keeps working.

use serde_json::{Map, Value, json};

/// Claude Code's project MCP configuration (shared through git).
pub const CLAUDE_FILE: &str = ".mcp.json";
/// Cursor's project MCP configuration.
pub const CURSOR_FILE: &str = ".cursor/mcp.json";

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
