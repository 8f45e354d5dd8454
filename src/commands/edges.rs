//! `mind edges INTENT`: the gotchas that match what you are about to do;
//! `mind edges add TITLE --workaround W [--global]`: record one.

use serde::Serialize;

use crate::app::Ctx;
use crate::capture::derived;
use crate::cli::{EdgeAddArgs, EdgesAction, EdgesArgs, Severity};
use crate::commands::display_path;
use crate::edges::rank::{self, Query, Ranked};
use crate::edges::{Edge, global_edges, project_gotchas as project_edges};
use crate::error::{Error, Result};
use crate::output;
use crate::parse::{Document, parse_document};
use crate::stack;
use crate::store::{Project, atomic, text};

/// The source of a gotcha taken from a commit message (the commit store).
const COMMITS: &str = "commits";

/// The gotchas of the commit store (`.mind/cache/commits.md`): the context block lists them
/// with MEMORY.md's, so `mind edges` must find them too.
pub(crate) fn commit_edges(project: &Project) -> Result<Vec<Edge>> {
    let store = text::lossy(&derived::read(project)?).into_owned();
    if store.is_empty() {
        return Ok(Vec::new());
    }
    let doc = parse_document(&store);
    let mut edges = project_edges::load(&store, &doc);
    for edge in &mut edges {
        edge.source = COMMITS;
    }
    Ok(edges)
}

#[derive(Serialize)]
struct Reply {
    intent: String,
    stack: Vec<String>,
    /// "given" (--stack) or "detected" (project files and MEMORY.md's `- Stack:`).
    stack_source: &'static str,
    edges: Vec<Ranked>,
}

#[derive(Serialize)]
struct AddReply {
    file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    edge: Edge,
}

pub fn run(args: &EdgesArgs, ctx: &Ctx) -> Result<()> {
    if let Some(EdgesAction::Add(add_args)) = &args.action {
        return add(add_args, ctx);
    }
    let intent = text::one_line(&super::text_arg::words_or_stdin(&args.intent)?);
    let code = args.code.as_deref().filter(|c| !c.trim().is_empty());
    if rank::intent_words(&intent).is_empty() && code.is_none() {
        return Err(Error::usage_hint(
            format!("nothing to match in {intent:?}: only common words"),
            "say what you are about to do, e.g. mind edges \"store the session token in a cookie\"",
        ));
    }
    let project = optional_project(ctx)?;
    let memory = match &project {
        Some(p) => text::read_optional(&p.memory())?
            .map(|b| text::lossy(&b).into_owned())
            .unwrap_or_default(),
        None => String::new(),
    };
    let doc = parse_document(&memory);
    let mut edges = project_edges::load(&memory, &doc);
    if let Some(p) = &project {
        edges.extend(commit_edges(p)?);
    }
    edges.extend(global_edges(ctx)?);
    let (stack, stack_source) = if args.stack.is_empty() {
        let root = project.as_ref().map_or(ctx.cwd.clone(), |p| p.root.clone());
        (project_stack(&root, &doc), "detected")
    } else {
        (stack::expand(&args.stack), "given")
    };
    let mut ranked = rank::rank(
        &edges,
        &Query {
            intent: &intent,
            code,
            stack: &stack,
        },
    );
    ranked.truncate(args.limit);
    let reply = Reply {
        intent,
        stack,
        stack_source,
        edges: ranked,
    };
    if ctx.json {
        return ctx.reply(&reply);
    }
    if reply.edges.is_empty() {
        ctx.note(&format!("no gotchas match {:?}", reply.intent));
        return Ok(());
    }
    ctx.out(&render(ctx, &reply))
}

/// The project, or `None` outside one (global edges still apply); an explicit
/// `--project` that is not a project stays an error. A problem in the project's config.json
/// is warned about, as on every command.
fn optional_project(ctx: &Ctx) -> Result<Option<Project>> {
    match ctx.project() {
        Ok(p) => {
            ctx.config(&p)?;
            Ok(Some(p))
        }
        Err(Error::NoProject { .. }) if ctx.project_override.is_none() => Ok(None),
        Err(e) => Err(e),
    }
}

/// Global edges; entries without a title are skipped with a warning.
pub(crate) fn global_edges(ctx: &Ctx) -> Result<Vec<Edge>> {
    let (edges, skipped) = global_edges::load(&ctx.home()?)?;
    if !ctx.quiet {
        for s in skipped {
            output::warn(&ctx.err_paint, &s);
        }
    }
    Ok(edges)
}

/// The stack detected from the project's files plus MEMORY.md's `- Stack:` line.
pub(crate) fn project_stack(root: &std::path::Path, doc: &Document) -> Vec<String> {
    let mut tags = stack::detect(root);
    tags.extend(doc.state.stack.iter().cloned());
    stack::expand(&tags)
}

fn render(ctx: &Ctx, reply: &Reply) -> String {
    let p = &ctx.paint;
    let mut out = format!(
        "{}\n",
        p.dim(&format!(
            "stack: {} ({})",
            if reply.stack.is_empty() {
                "none".into()
            } else {
                reply.stack.join(", ")
            },
            reply.stack_source
        ))
    );
    for r in &reply.edges {
        let origin = match (r.edge.source, r.edge.line) {
            (COMMITS, Some(line)) => format!("commits, .mind/{}:{line}", derived::RELATIVE),
            (_, Some(line)) => format!("project, MEMORY.md:{line}"),
            (_, None) => format!("global, {}", r.edge.severity),
        };
        out.push_str(&format!(
            "{:.2}  {}  {}\n",
            r.confidence,
            p.heading(&r.edge.title),
            p.dim(&format!("[{origin}]"))
        ));
        if !r.edge.description.is_empty() {
            out.push_str(&format!("      {}\n", r.edge.description));
        }
        if !r.edge.workaround.is_empty() {
            out.push_str(&format!(
                "      {} {}\n",
                p.good("workaround:"),
                r.edge.workaround
            ));
        }
        let mut why = Vec::new();
        if !r.matched.intent.is_empty() {
            why.push(format!("intent {}", r.matched.intent.join(", ")));
        }
        if !r.matched.code.is_empty() {
            why.push(format!("code {}", r.matched.code.join(", ")));
        }
        if !r.matched.stack.is_empty() {
            why.push(format!("stack {}", r.matched.stack.join(", ")));
        }
        out.push_str(&format!(
            "      {}\n",
            p.dim(&format!("matched: {}", why.join("; ")))
        ));
    }
    out
}

fn add(args: &EdgeAddArgs, ctx: &Ctx) -> Result<()> {
    let title = text::one_line(&super::text_arg::words_or_stdin(&args.title)?);
    let workaround = text::one_line(&args.workaround);
    let description = args
        .description
        .as_deref()
        .map(text::one_line)
        .unwrap_or_default();
    // Secrets never reach MEMORY.md nor the global edges file (the project's switch applies
    // where there is a project; the global file is always redacted).
    let redacts = match ctx.project() {
        Ok(project) => ctx.config(&project)?.redact_secrets,
        Err(_) => true,
    };
    let mut redacted = 0;
    let mut clean = |text: String| {
        let (out, n) = crate::safety::secrets::redact_if(&text, redacts);
        redacted += n;
        out
    };
    let (title, workaround, description) = (clean(title), clean(workaround), clean(description));
    if redacted > 0 {
        ctx.note(&crate::safety::secrets::report(redacted));
    }
    if title.is_empty() {
        return Err(Error::usage_hint(
            "empty TITLE: nothing to record",
            "mind edges add \"what goes wrong\" --workaround \"what to do instead\"",
        ));
    }
    if workaround.is_empty() {
        return Err(Error::usage("empty --workaround: say what to do instead"));
    }
    if args.global {
        return add_global(args, ctx, title, description, workaround);
    }
    if !args.stack.is_empty()
        || args.severity.is_some()
        || !args.intent.is_empty()
        || !args.code.is_empty()
    {
        return Err(Error::usage_hint(
            "--stack, --severity, --intent and --code describe global edges",
            "add --global, or drop them: a project gotcha applies to this project",
        ));
    }
    if ["->", "→", " -- "].iter().any(|s| title.contains(s)) {
        return Err(Error::usage(
            "the TITLE may not contain `->`, `→` or ` -- ` (they separate the title from the workaround)",
        ));
    }
    let project = ctx.project()?;
    let _lock = project.lock()?;
    let path = project.memory();
    let existing = text::read_optional(&path)?.ok_or_else(|| super::missing_memory(&project))?;
    let wanted = title.to_lowercase();
    let memory = text::lossy(&existing);
    if let Some(same) = project_edges::load(&memory, &parse_document(&memory))
        .into_iter()
        .find(|e| e.title.to_lowercase() == wanted)
    {
        return Err(Error::Failed(format!(
            "MEMORY.md:{} already has this gotcha; nothing written",
            same.line.unwrap_or_default()
        )));
    }
    let head = if description.is_empty() {
        title
    } else {
        format!("{title}: {description}")
    };
    let bullet = format!("- {head} -> {workaround}");
    let (updated, line) = project_edges::insert(&existing, &bullet);
    atomic::write_atomic(&path, &updated)?;
    ctx.touch(&project)?;
    let memory = text::lossy(&updated);
    let edge = project_edges::load(&memory, &parse_document(&memory))
        .into_iter()
        .find(|e| e.line == Some(line))
        .ok_or_else(|| Error::Failed("the new gotcha did not read back".into()))?;
    let reply = AddReply {
        file: display_path(&project, &path),
        line: Some(line),
        edge,
    };
    if ctx.json {
        return ctx.reply(&reply);
    }
    ctx.out(&format!("added gotcha to {}:{}\n", reply.file, line))
}

fn add_global(
    args: &EdgeAddArgs,
    ctx: &Ctx,
    title: String,
    description: String,
    workaround: String,
) -> Result<()> {
    let home = ctx.home()?;
    let new = global_edges::NewEdge {
        title,
        description,
        workaround,
        severity: args
            .severity
            .unwrap_or(Severity::Warning)
            .as_str()
            .to_string(),
        stack_tags: args.stack.iter().map(|s| stack::normalise(s)).collect(),
        intent: args
            .intent
            .iter()
            .map(|s| text::one_line(s))
            .filter(|s| !s.is_empty())
            .collect(),
        code: args
            .code
            .iter()
            .filter(|s| !s.trim().is_empty())
            .cloned()
            .collect(),
    };
    let now = ctx
        .clock
        .now()
        .naive_local()
        .format("%Y-%m-%dT%H:%M:%S")
        .to_string();
    let (edge, path) = global_edges::add(&home, new, &now)?;
    let reply = AddReply {
        file: path.display().to_string(),
        line: None,
        edge,
    };
    if ctx.json {
        return ctx.reply(&reply);
    }
    ctx.out(&format!(
        "added global edge {} to {}\n",
        reply.edge.id, reply.file
    ))
}
