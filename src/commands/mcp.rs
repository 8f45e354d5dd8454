//! `mind mcp`: serve the memory to MCP clients over stdio until the client closes stdin.
//! The server's folder and `--project` / `MIND_PROJECT` are the project of a tool call that
//! names none.

use crate::app::Ctx;
use crate::error::Result;

pub fn run(ctx: &Ctx) -> Result<()> {
    crate::mcp::serve(ctx.cwd.clone(), ctx.project_override.clone())
}
