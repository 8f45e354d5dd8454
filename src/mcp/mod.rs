//! `mind mcp`: a Model Context Protocol server on stdin/stdout, built on the official SDK
//! (`rmcp`). Each tool turns its arguments into the subcommand's arguments and runs the
//! subcommand ([`crate::commands::run_command`]) in a context that keeps the JSON reply
//! ([`crate::app::Ctx::for_tool`]); the reply, with the fields the Python Mind's tools gave
//! ([`replies`]), is the tool's result. Nothing here prints: stdout carries only protocol
//! messages, which rmcp writes.
//!
//! `tools.rs`     the tools: argument types (JSON schemas by schemars), the command each runs
//! `replies.rs`   the Python Mind's reply fields added to a command's reply (pure)
//! `transport.rs` stdin/stdout, one message a line: every request answered, one too large
//!                or of the wrong shape included

mod replies;
mod tools;
mod transport;

use std::path::PathBuf;

use rmcp::ServiceExt;

use crate::error::{Error, Result};

/// Serve until the client closes stdin. `cwd` and `project` are the defaults for a tool
/// call without `project_path` (the server's folder, `--project` / `MIND_PROJECT`).
pub fn serve(cwd: PathBuf, project: Option<PathBuf>) -> Result<()> {
    // One thread drives the protocol; each tool call runs on tokio's blocking pool, so
    // calls run side by side and the store lock keeps their writes apart.
    let runtime = tokio::runtime::Builder::new_current_thread()
        // rmcp times its shutdown.
        .enable_time()
        .build()
        .map_err(|e| Error::Failed(format!("cannot start the MCP server: {e}")))?;
    runtime.block_on(async move {
        let server = tools::Server::new(cwd, project);
        let running = server
            .serve(transport::Stdio::new(
                tokio::io::stdin(),
                tokio::io::stdout(),
            ))
            .await
            .map_err(|e| Error::Failed(format!("MCP initialisation failed: {e}")))?;
        running
            .waiting()
            .await
            .map_err(|e| Error::Failed(format!("the MCP server stopped: {e}")))?;
        Ok(())
    })
}
