//! `mind status --stale`: memory entries about files that changed (or were deleted) after
//! the entry was written, from one history walk cached by HEAD.

use serde::Serialize;

use crate::app::Ctx;
use crate::capture::staleness::{self, StaleEntry};
use crate::error::Result;
use crate::output;

#[derive(Serialize)]
struct Reply<'a> {
    stale: Vec<&'a StaleEntry>,
}

pub fn run(ctx: &Ctx) -> Result<()> {
    let project = ctx.project()?;
    // Unused here, but a problem in config.json is warned about on every command.
    ctx.config(&project)?;
    let staleness = staleness::check_memory(&project)?;
    let entries: Vec<&StaleEntry> = staleness.entries().collect();
    if ctx.json {
        return output::print_json(&Reply { stale: entries });
    }
    if entries.is_empty() {
        ctx.note("no stale entries: no file an entry names has changed since");
        return Ok(());
    }
    let p = &ctx.paint;
    let mut out = String::new();
    for e in &entries {
        let why = if e.deleted {
            format!("{} deleted", e.path)
        } else {
            match e.changed_on {
                Some(day) => format!("{} changed {day}", e.path),
                None => format!("{} changed", e.path),
            }
        };
        out.push_str(&format!(
            "{} MEMORY.md:{} ({}) {}\n    {}\n",
            p.warn(staleness::MARK),
            e.line,
            e.date,
            p.dim(&why),
            e.text
        ));
    }
    ctx.out(&out)
}
