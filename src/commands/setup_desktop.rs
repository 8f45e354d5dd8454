//! `mind setup claude --mcp --desktop`: register `mind mcp` in Claude Desktop's own
//! configuration file, `claude_desktop_config.json` in the user's configuration folder
//! (`~/.config/Claude/` on Linux, `~/Library/Application Support/Claude/` on macOS,
//! `%APPDATA%\Claude\` on Windows). The file is per user, not per project, so no project is
//! needed and nothing is recorded in one; `--remove` takes out the entry only while it is
//! still mind's own. Every other key and server is kept, as `mind setup` keeps them.

use std::path::PathBuf;

use serde::Serialize;

use crate::agents::{Agent, claude, mcp_clients};
use crate::app::Ctx;
use crate::cli::SetupArgs;
use crate::error::{Error, Result};
use crate::store::atomic;

/// The file's folder under the user's configuration folder, and its name.
const FOLDER: &str = "Claude";
const FILE: &str = "claude_desktop_config.json";

#[derive(Debug, Serialize)]
struct Reply {
    file: String,
    /// added, present, different (a `mind` server configured otherwise, kept), removed,
    /// absent (nothing of mind's to remove).
    status: &'static str,
    dry_run: bool,
}

pub fn run(args: &SetupArgs, ctx: &Ctx) -> Result<()> {
    if args.agent != Agent::Claude {
        return Err(Error::usage_hint(
            "--desktop registers the MCP server for Claude Desktop only",
            "mind setup claude --mcp --desktop",
        ));
    }
    let path = config_path()?;
    let (existing, mut config) = super::setup::read_json(&path)?;
    let status = if args.remove {
        if mcp_clients::remove(&mut config) {
            "removed"
        } else {
            "absent"
        }
    } else {
        match mcp_clients::merge(&mut config).map_err(|reason| Error::BadFile {
            path: path.clone(),
            reason,
        })? {
            mcp_clients::Merged::Added => "added",
            mcp_clients::Merged::Present => "present",
            mcp_clients::Merged::Different => "different",
        }
    };
    let changed = matches!(status, "added" | "removed");
    // A file that began with a byte order mark keeps it (JSON is parsed past it).
    let bytes = claude::keep_bom(
        existing.as_deref(),
        claude::render_like(&config, existing.as_deref()),
    );
    if changed && !args.dry_run {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir.to_path_buf(), e))?;
        }
        atomic::write_atomic(&path, &bytes)?;
    }
    let file = path.display().to_string();
    if ctx.json {
        return ctx.reply(&Reply {
            file,
            status,
            dry_run: args.dry_run,
        });
    }
    let verb = if args.dry_run { "would " } else { "" };
    let line = match status {
        "added" => format!("{verb}add the mind MCP server (mind mcp) to {file}\n"),
        "removed" => format!("{verb}remove the mind MCP server from {file}\n"),
        "present" => format!("{file} already starts the mind MCP server\n"),
        "different" => format!(
            "{file} configures a `mind` MCP server with another command; it stays as it is\n"
        ),
        _ => format!("{file} has no mind MCP server of mind's to remove\n"),
    };
    ctx.out(&line)?;
    if args.dry_run && changed {
        ctx.out(&String::from_utf8_lossy(&bytes))?;
    }
    if changed && !args.dry_run {
        ctx.out("Restart Claude Desktop to load it.\n")?;
    }
    Ok(())
}

/// `<configuration folder>/Claude/claude_desktop_config.json`.
fn config_path() -> Result<PathBuf> {
    let base = directories::BaseDirs::new().ok_or_else(|| {
        Error::usage_hint(
            "no home folder: cannot find Claude Desktop's configuration",
            "set HOME",
        )
    })?;
    Ok(base.config_dir().join(FOLDER).join(FILE))
}
