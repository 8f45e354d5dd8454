//! `mind helper PROBLEM`: a self-contained markdown brief for a fresh agent (another
//! session, a sub-agent): the problem, every attempt so far, assumptions, blockers, related
//! memory, gotchas, the stack and a method. Reads only, except the `--out` file.

use serde::Serialize;

use crate::app::Ctx;
use crate::brief::{self, Brief};
use crate::capture::derived;
use crate::cli::HelperArgs;
use crate::commands::edges::{commit_edges, global_edges, project_stack};
use crate::edges::{project_gotchas as project_edges, rank};
use crate::error::{Error, Result};
use crate::parse::{loops, parse_document_unresolved};
use crate::store::{MIND_DIR, atomic, session_file, text};

#[derive(Serialize)]
struct Reply {
    #[serde(flatten)]
    brief: Brief,
    markdown: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    written_to: Option<String>,
}

pub fn run(args: &HelperArgs, ctx: &Ctx) -> Result<()> {
    let problem = text::one_line(&super::text_arg::words_or_stdin(&args.problem)?);
    if problem.is_empty() {
        return Err(Error::usage_hint(
            "empty PROBLEM: nothing to brief",
            "mind helper \"what is wrong\" --attempt \"what was tried\"",
        ));
    }
    let given: Vec<String> = args.attempts.iter().map(|a| text::one_line(a)).collect();
    let hypothesis = args
        .hypothesis
        .as_deref()
        .map(text::one_line)
        .filter(|h| !h.is_empty());
    let project = ctx.project()?;
    // Unused here, but a problem in config.json is warned about on every command.
    ctx.config(&project)?;
    let memory_bytes = text::read_optional(&project.memory())?.unwrap_or_default();
    let memory = text::lossy(&memory_bytes).into_owned();
    let session = text::read_optional(&project.session())?
        .map(|b| session_file::parse(&text::lossy(&b)))
        .unwrap_or_default();
    let attempts = brief::attempts(&given, &session.rejected);
    let mut doc = parse_document_unresolved(&memory);
    let stack = project_stack(&project.root, &doc);
    let mut edges = project_edges::load(&memory, &doc);
    edges.extend(commit_edges(&project)?);
    edges.extend(global_edges(ctx)?);
    // The commit store's entries after MEMORY.md's, as the context block and `mind search`
    // read them: the fix a commit message reported is part of what is known about a problem.
    let store = derived::read(&project)?;
    super::append_store(&mut doc, &memory_bytes, &text::lossy(&store));
    loops::resolve_problems(&mut doc.entities);

    let mut query = problem.clone();
    for extra in attempts
        .iter()
        .map(|a| a.text.as_str())
        .chain(hypothesis.as_deref())
    {
        query.push(' ');
        query.push_str(extra);
    }
    let mut memories = brief::relevant_memories(&doc, &query, 5);
    // The store's lines are numbered after MEMORY.md's in `doc`.
    let memory_lines = super::line_count(&memory_bytes);
    for m in memories.iter_mut().filter(|m| m.line > memory_lines) {
        m.file = format!("{MIND_DIR}/{}", derived::RELATIVE);
        m.line -= memory_lines;
    }
    // Gotchas match the problem itself; the attempts would drag in unrelated ones.
    let gotcha_query = format!("{} {}", problem, hypothesis.as_deref().unwrap_or(""));
    let mut gotchas = rank::rank(
        &edges,
        &rank::Query {
            intent: &gotcha_query,
            code: None,
            stack: &stack,
        },
    );
    gotchas.truncate(5);

    let brief = Brief {
        problem,
        attempts,
        hypothesis,
        assumptions: session.assumptions,
        blockers: session.blockers,
        memories,
        gotchas,
        stack,
    };
    // Memory text in it is stored text, with no colour of mind's: its controls are shown
    // visibly wherever the brief goes (the terminal, the file, `markdown` in --json).
    let markdown = crate::output::escape_controls(&brief::render(&brief)).into_owned();
    let written_to = match &args.out {
        Some(path) => {
            let path = if path.is_absolute() {
                path.clone()
            } else {
                ctx.cwd.join(path)
            };
            atomic::write_atomic(&path, markdown.as_bytes())?;
            Some(path.display().to_string())
        }
        None => None,
    };
    let reply = Reply {
        brief,
        markdown,
        written_to,
    };
    if ctx.json {
        return ctx.reply(&reply);
    }
    match &reply.written_to {
        Some(path) => ctx.out(&format!(
            "wrote the brief to {path} ({} attempt(s), {} memory(ies), {} gotcha(s))\n",
            reply.brief.attempts.len(),
            reply.brief.memories.len(),
            reply.brief.gotchas.len()
        )),
        None => ctx.out(&reply.markdown),
    }
}
