//! `mind status --stale`: memory entries about files that changed (or were deleted) after
//! the entry was written, from one history walk cached by HEAD.

use crate::app::Ctx;
use crate::capture::derived;
use crate::capture::staleness::{self, StaleEntry};
use crate::error::Result;
use crate::output;

pub fn run(ctx: &Ctx) -> Result<()> {
    let project = ctx.project()?;
    // Unused here, but a problem in config.json is warned about on every command.
    ctx.config(&project)?;
    // MEMORY.md and the commit store, as the context block and search judge them: a memory
    // harvested from a commit is marked there, so it is listed here too.
    let (memory, doc) = super::read_memory(&project)?;
    let memory_lines = super::line_count(&memory);
    let staleness = staleness::check(&project, &doc)?;
    let entries: Vec<&StaleEntry> = staleness.entries().collect();
    // The store's lines are numbered after MEMORY.md's.
    let place = |e: &StaleEntry| -> (String, usize) {
        if e.line > memory_lines {
            (
                format!(".mind/{}", derived::RELATIVE),
                e.line - memory_lines,
            )
        } else {
            ("MEMORY.md".to_string(), e.line)
        }
    };
    if ctx.json {
        let stale: Vec<serde_json::Value> = entries
            .iter()
            .map(|e| {
                let (file, line) = place(e);
                serde_json::json!({
                    "file": file,
                    "line": line,
                    "date": e.date,
                    "path": e.path,
                    "changed_on": e.changed_on,
                    "deleted": e.deleted,
                    "text": e.text,
                })
            })
            .collect();
        return output::print_json(&serde_json::json!({ "stale": stale }));
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
        let (file, line) = place(e);
        out.push_str(&format!(
            "{} {file}:{line} ({}) {}\n    {}\n",
            p.warn(staleness::MARK),
            e.date,
            p.dim(&why),
            e.text
        ));
    }
    ctx.out(&out)
}
