//! `mind context [--target FILE]`: the block each instruction file would get now, its size,
//! whether writing it would change the file, and what the lists' bounds and the budget left
//! out. Writes nothing:
//! no instruction file, no state.json, no cache.

use serde::Serialize;

use crate::app::Ctx;
use crate::cli::ContextArgs;
use crate::commands::{build_blocks, read_memory_only, session_sections};
use crate::context::build::{Block, Capped, Dropped};
use crate::context::inspect::{self, Target};
use crate::context::splice;
use crate::error::{Error, Result};
use crate::store::{state::State, text};

#[derive(Serialize)]
struct Reply {
    project: String,
    budget: usize,
    targets: Vec<TargetView>,
}

#[derive(Serialize)]
struct TargetView {
    file: String,
    personal: bool,
    /// The block with its markers; null when nothing would be written (a personal block
    /// with nothing to show: a write takes out the block the file has, if any).
    block: Option<String>,
    chars: usize,
    /// Characters ÷ 4, rounded up.
    tokens: usize,
    /// "create", "update", "unchanged", "refused" (damaged markers) or "remove" (the block
    /// of a file that imports the target holding it, or of the personal target with nothing
    /// to show): what a write would do.
    change: &'static str,
    /// The target holding the block this file loads through an import line (`@AGENTS.md`);
    /// this file gets no block of its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    imports: Option<String>,
    /// Set when the budget cannot hold the instructions and a line of every section.
    needs_chars: Option<usize>,
    dropped: Vec<Dropped>,
    /// Entries past a list's bound (the block's `+N older` lines).
    capped: Vec<Capped>,
}

pub fn run(args: &ContextArgs, ctx: &Ctx) -> Result<()> {
    let project = ctx.project()?;
    let config = ctx.config(&project)?;
    let targets = inspect::targets(&project, &config)?;
    let chosen: Vec<Target> = match &args.target {
        None => targets,
        Some(name) => {
            let found: Vec<Target> = targets
                .iter()
                .filter(|t| &t.file == name)
                .cloned()
                .collect();
            if found.is_empty() {
                let names: Vec<&str> = targets.iter().map(|t| t.file.as_str()).collect();
                return Err(Error::usage(format!(
                    "{name} is not a context target; the targets are: {}",
                    if names.is_empty() {
                        "(none)".into()
                    } else {
                        names.join(", ")
                    }
                )));
            }
            found
        }
    };
    let state = State::load(&project.state())?;
    let (_, doc) = read_memory_only(&project)?;
    let blocks = build_blocks(
        &project,
        &config,
        &state,
        &crate::context::digest::Memory::Parsed(&doc),
        session_sections(&state),
        false,
    )?;

    let mut views = Vec::new();
    for target in chosen {
        let block = if target.personal {
            blocks.personal.as_ref()
        } else {
            Some(&blocks.shared)
        };
        views.push(view(&project, &state, target, block)?);
    }
    let reply = Reply {
        project: project.root.display().to_string(),
        budget: config.context_budget_chars,
        targets: views,
    };
    if ctx.json {
        return ctx.reply(&reply);
    }
    ctx.out(&render(ctx, &reply))
}

fn view(
    project: &crate::store::Project,
    state: &State,
    target: Target,
    block: Option<&Block>,
) -> Result<TargetView> {
    let existing = text::read_optional(&project.root.join(&target.file))?;
    if let Some(holder) = target.imports {
        let has_block = existing
            .as_deref()
            .is_some_and(|bytes| splice::block_state(bytes) != splice::BlockState::Missing);
        return Ok(TargetView {
            file: target.file,
            personal: false,
            block: None,
            chars: 0,
            tokens: 0,
            change: if has_block { "remove" } else { "unchanged" },
            imports: Some(holder),
            needs_chars: None,
            dropped: Vec::new(),
            capped: Vec::new(),
        });
    }
    // A personal block with nothing to show is never written; the file's block, if it has
    // one, is taken out.
    let empty_personal = target.personal && block.is_none_or(|b| b.sections == 0);
    let Some(block) = block.filter(|_| !empty_personal) else {
        let has_block = existing
            .as_deref()
            .is_some_and(|bytes| splice::block_state(bytes) != splice::BlockState::Missing);
        return Ok(TargetView {
            file: target.file,
            personal: target.personal,
            block: None,
            chars: 0,
            tokens: 0,
            change: if has_block { "remove" } else { "unchanged" },
            imports: None,
            needs_chars: None,
            dropped: Vec::new(),
            capped: Vec::new(),
        });
    };
    let rendered = splice::render_block(&block.body, "\n");
    let chars = rendered.chars().count();
    // What a write would do; Python Mind instructions a write would migrate are not counted.
    let change = match &existing {
        // A link out of the project or into a git folder or `.mind/`: never written.
        _ if crate::context::target_refusal(project, &target.file).is_some() => "refused",
        None => "create",
        Some(bytes) => {
            match splice::splice(bytes, &block.body, state.context_block(&target.file)) {
                Ok(new) if new == *bytes => "unchanged",
                Ok(_) => "update",
                Err(_) => "refused",
            }
        }
    };
    Ok(TargetView {
        file: target.file,
        personal: target.personal,
        block: Some(rendered),
        chars,
        tokens: inspect::estimated_tokens(chars),
        change,
        imports: None,
        needs_chars: block.too_small,
        dropped: block.dropped.clone(),
        capped: block.capped.clone(),
    })
}

fn render(ctx: &Ctx, reply: &Reply) -> String {
    let p = &ctx.paint;
    let mut out = String::new();
    for (i, t) in reply.targets.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let kind = if t.personal { "personal" } else { "shared" };
        if let Some(holder) = &t.imports {
            let removal = if t.change == "remove" {
                "; a write takes out the block it has"
            } else {
                ""
            };
            out.push_str(&format!(
                "{} ({kind}): imports {holder}, which gets the block; none of its own{removal}\n",
                p.heading(&t.file)
            ));
            continue;
        }
        let Some(block) = &t.block else {
            let removal = if t.change == "remove" {
                "; a write takes out the block it has"
            } else {
                ""
            };
            out.push_str(&format!(
                "{} ({kind}): nothing to write (no session blockers or reminders){removal}\n",
                p.heading(&t.file)
            ));
            continue;
        };
        let change = match t.change {
            "unchanged" => "up to date",
            "create" => "would be created",
            "update" => "would be updated",
            _ => "a write would be refused (damaged markers, or a link out of the project)",
        };
        out.push_str(&format!(
            "{} ({kind}) · {} of {} chars (~{} tokens) · {change}\n",
            p.heading(&t.file),
            t.chars,
            reply.budget,
            t.tokens
        ));
        out.push_str(block);
        if let Some(needs) = t.needs_chars {
            out.push_str(&format!(
                "{} the budget is too small for the instructions and a line of each section (they need {needs}); the block is shortened\n",
                p.warn("!")
            ));
        }
        if !t.capped.is_empty() {
            out.push_str("left out past the lists' bounds (the block says how to see them):\n");
            for c in &t.capped {
                out.push_str(&format!("  {} ({} entries)\n", c.section, c.entries));
            }
        }
        if t.dropped.is_empty() {
            out.push_str(&format!("{}\n", p.dim("nothing left out for the budget")));
            continue;
        }
        out.push_str("left out for the budget:\n");
        for d in &t.dropped {
            let what = if d.whole_section {
                "whole section".to_string()
            } else {
                format!("{} line(s)", d.lines.len())
            };
            out.push_str(&format!("  {} ({what})\n", d.section));
            for line in &d.lines {
                out.push_str(&format!("    {line}\n"));
            }
        }
    }
    out
}
