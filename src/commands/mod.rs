//! One file per subcommand: each turns arguments into calls on the modules below and
//! renders the result. `dispatch` is the single match.

mod blocker;
mod checkpoint;
mod completions;
mod context;
mod diff;
mod doctor;
mod edges;
mod harvest;
mod helper;
pub(crate) mod hook;
mod hooks;
mod init;
mod log;
/// The longest text `mind log` takes.
pub use log::MAX_MESSAGE_BYTES;
mod mcp;
mod memory;
mod model;
mod onboard;
mod parse;
mod post_tool;
mod pre_tool;
mod projects;
mod recall;
mod remind;
mod reminders;
mod search;
mod session;
mod session_fixes;
mod setup;
/// `mind doctor --fix`'s upgrade of a Codex install made before mind had all its hooks.
pub(crate) use setup::add_missing_codex_hooks;
mod setup_desktop;
mod shell_init;
mod signals;
mod stale;
mod status;
mod team;
mod text_arg;
mod unused;
mod vault;

use crate::app::Ctx;
use crate::capture::{dedupe, derived};
use crate::cli::{Cli, Command};
use crate::config::Config;
use crate::context::digest::Memory;
use crate::context::{TargetOutcome, build};
use crate::error::{Error, Result};
use crate::parse::{Document, parse_document_unresolved};
use crate::store::{Project, session_file, state::State, text};

pub fn dispatch(cli: Cli) -> Result<()> {
    // Hooks must never fail a commit, not even on a bad environment: they handle errors.
    if let Command::Hook(args) = &cli.command {
        hook::run(args, &cli.global);
        return Ok(());
    }
    // An agent's session-start hook must never break the session: no error, no stray output.
    if let Command::Recall(args) = &cli.command
        && let Some(agent) = args.hook
    {
        recall::run_hook(agent, &cli.global);
        return Ok(());
    }
    // So must the hook before a compaction or at a session's end.
    if let Command::Checkpoint(args) = &cli.command
        && let Some(agent) = args.hook
    {
        checkpoint::run_hook(agent, &cli.global);
        return Ok(());
    }
    let ctx = Ctx::from_args(&cli.global)?;
    if let Command::Mcp = cli.command {
        return mcp::run(&ctx);
    }
    run_command(cli.command, &ctx)
}

/// Run one subcommand in `ctx`. The MCP server's tools come through here too, with a
/// context that keeps the JSON reply instead of printing it ([`Ctx::for_tool`]).
pub fn run_command(command: Command, ctx: &Ctx) -> Result<()> {
    let result = match command {
        Command::Init(args) => init::run(&args, ctx),
        Command::Log(args) => log::run(&args, ctx),
        Command::Session => session::run(ctx),
        Command::Recall(_) => recall::run(ctx),
        Command::Status(args) if args.stale => stale::run(ctx),
        Command::Status(args) if args.unused => unused::run(args.days, ctx),
        Command::Status(_) => status::run(ctx),
        Command::Parse(args) => parse::run(&args, ctx),
        Command::Search(args) => search::run(&args, ctx),
        Command::Blocker(args) => blocker::run(&args, ctx),
        Command::Completions(args) => completions::run(&args),
        Command::ShellInit(args) => shell_init::run(&args),
        Command::Remind(args) => remind::run(&args, ctx),
        Command::Reminders(args) => reminders::run(&args, ctx),
        Command::Edges(args) => edges::run(&args, ctx),
        Command::Helper(args) => helper::run(&args, ctx),
        Command::Checkpoint(args) => checkpoint::run(&args, ctx),
        Command::Harvest(args) => harvest::run(&args, ctx),
        Command::Hooks(args) => hooks::run(&args, ctx),
        Command::Model(args) => model::run(&args, ctx),
        Command::Context(args) => context::run(&args, ctx),
        Command::Doctor(args) => doctor::run(&args, ctx),
        Command::Hook(_) | Command::Mcp => Ok(()),
        Command::Setup(args) => setup::run(&args, ctx),
        Command::Diff(args) => diff::run(&args, ctx),
        Command::Memory(args) => memory::run(&args, ctx),
        Command::Projects(args) => projects::run(&args, ctx),
        Command::Onboard(args) => onboard::run(&args, ctx),
        Command::Vault(args) => vault::run(&args, ctx),
        Command::Team(args) => team::run(&args, ctx),
    };
    // Files of the project that a link leads out of it were read as missing: said once each.
    for refused in crate::store::read_guard::take_refused() {
        ctx.warn(&refused);
    }
    result
}

/// MEMORY.md's bytes; a missing file is an error with a way out.
pub(crate) fn read_memory_bytes(project: &Project) -> Result<Vec<u8>> {
    let path = project.memory();
    text::read_optional(&path)?.ok_or_else(|| missing_memory(project))
}

/// The error for a missing MEMORY.md, with the way out: on a branch that does not have the
/// project's files, that they are on another branch (`mind init` would start a second
/// project here); else that `mind init` recreates it.
pub(crate) fn missing_memory(project: &Project) -> Error {
    // A link leading out of the project, neither read nor written (`mind init` would not
    // replace it): the write boundary's refusal names where it leads.
    if crate::store::read_guard::refused_to(&project.memory()).is_some()
        && let Err(refused) = crate::store::guard::check(&project.memory())
    {
        return refused;
    }
    let reason = match crate::store::checkout::not_on_branch(project) {
        Some(absent) => absent.reason(),
        None => "missing; run `mind init` to recreate it (existing files are kept)".into(),
    };
    Error::BadFile {
        path: project.memory(),
        reason,
    }
}

/// [`read_memory`] for a command that writes nothing (`mind context`): a MEMORY.md that a
/// link leads out of the project is said to be left unread, naming where it leads and the
/// link to replace (`.mind` itself, in a clone whose `.mind` is a link), not as a refused
/// write the command never tried.
pub(crate) fn read_memory_only(project: &Project) -> Result<(Vec<u8>, Document)> {
    let path = project.memory();
    let Some(bytes) = text::read_optional(&path)? else {
        return Err(match crate::store::read_guard::refused_to(&path) {
            Some(to) => Error::FailedHint {
                message: format!(
                    "{}: a symbolic link leads it outside the project (to {}); not read",
                    path.display(),
                    to.display()
                ),
                hint: crate::store::guard::replace_hint(&path),
            },
            None => missing_memory(project),
        });
    };
    let doc = memory_document(project, &bytes)?;
    Ok((bytes, doc))
}

/// MEMORY.md's bytes and the memory's parsed document (MEMORY.md and the commit store, see
/// [`memory_document`]).
pub(crate) fn read_memory(project: &Project) -> Result<(Vec<u8>, Document)> {
    let bytes = read_memory_bytes(project)?;
    let doc = memory_document(project, &bytes)?;
    Ok((bytes, doc))
}

/// The memory as one document: MEMORY.md (`memory`, as the caller read it) and the commit
/// store `.mind/cache/commits.md`, what the context block, status and the brief read.
/// MEMORY.md's unchanged beginning comes from the parse cache (`store::parse_cache`).
pub(crate) fn memory_document(project: &Project, memory: &[u8]) -> Result<Document> {
    let store = derived::read(project)?;
    let doc = crate::store::parse_cache::memory_unresolved(project, memory);
    Ok(merge_documents(doc, memory, &text::lossy(&store)))
}

/// MEMORY.md's document (`doc`, parsed from `memory`, problems unresolved) followed by the
/// commit store's. Each file is parsed on its own (an
/// unclosed fence or a section heading in MEMORY.md does not reach into the store); the
/// store's line numbers continue after MEMORY.md's last line, as if the two were one file,
/// so ordering, staleness and problem resolution (a `fixed:` commit resolves a problem
/// logged in MEMORY.md) see one sequence with distinct lines. A store entry that MEMORY.md
/// also holds (copied there, logged by hand, or marked `[superseded]`) is left out.
///
/// Problems are resolved once, over the joined entities (resolving each file first and the
/// whole again would do the work twice on a large MEMORY.md).
fn merge_documents(mut doc: Document, memory: &[u8], store: &str) -> Document {
    append_store(&mut doc, memory, store);
    crate::parse::loops::resolve_problems(&mut doc.entities);
    doc
}

/// The commit store's document (`store`) after MEMORY.md's (`doc`, parsed from `memory`),
/// as [`merge_documents`] joins them, problems left unresolved.
pub(crate) fn append_store(doc: &mut Document, memory: &[u8], store: &str) {
    if store.trim().is_empty() {
        return;
    }
    let offset = line_count(memory);
    let extra = parse_document_unresolved(store);
    // Only MEMORY.md lines that could equal a store entry are keyed (one scan for the
    // entries' anchor words), not every line of a large MEMORY.md.
    let texts: Vec<&str> = extra.entities.iter().map(|e| e.text.as_str()).collect();
    let present = dedupe::Seen::from_memory_for(&text::lossy(memory), &texts);
    // Every line mind writes to the store ends with where it came from, and is harvested
    // text someone committed: shown quoted, never a key memory. A line without that ending
    // (a store committed or edited by hand, a clone's) is no harvest, and is not read; nor
    // are summaries or next steps, which harvesting never writes there.
    doc.entities
        .extend(extra.entities.into_iter().filter_map(|mut e| {
            if present.contains(&e.text)
                || crate::parse::provenance::harvested_parts(&e.text).is_none()
            {
                return None;
            }
            e.line += offset;
            e.key = false;
            Some(e)
        }));
}

/// The number of lines `str::lines` yields, counted with memchr.
pub(crate) fn line_count(text: &[u8]) -> usize {
    let newlines = memchr::memchr_iter(b'\n', text).count();
    newlines + usize::from(!text.is_empty() && !text.ends_with(b"\n"))
}

/// State key: the session sections (reminders) the last recall settled, kept for refreshes
/// between recalls (a next-session reminder is marked done when shown, so REMINDERS.md alone
/// no longer says it is due).
const SESSION_SECTIONS_KEY: &str = "context_session_sections";

/// Rebuild the context blocks from memory and write them to every instruction file.
/// `extra`: the session sections recall settled; `None` keeps those of the last recall.
/// Returns the text to show (shared block, then the personal one) and what each file got;
/// notes about the files go to stderr. The caller holds the store lock and saves `state`.
pub(crate) fn refresh_context(
    ctx: &Ctx,
    project: &Project,
    config: &Config,
    state: &mut State,
    doc: &Document,
    extra: Option<Vec<build::Section>>,
) -> Result<(String, Vec<TargetOutcome>)> {
    refresh_context_from(ctx, project, config, state, &Memory::Parsed(doc), extra)
}

/// [`refresh_context`] from the memory parsed whole or read from the parse cache.
pub(crate) fn refresh_context_from(
    ctx: &Ctx,
    project: &Project,
    config: &Config,
    state: &mut State,
    memory: &Memory<'_>,
    extra: Option<Vec<build::Section>>,
) -> Result<(String, Vec<TargetOutcome>)> {
    let extra = match extra {
        Some(sections) => {
            set_session_sections(state, &sections);
            sections
        }
        None => session_sections(state),
    };
    let blocks = build_blocks(project, config, state, memory, extra, true)?;
    let outcomes = crate::context::write_targets(project, config, state, &blocks)?;
    record_written(ctx, state, &outcomes);
    // The memories a changed block shows count as shown (`mind status --unused`).
    if outcomes.iter().any(|o| {
        matches!(o.status, "created" | "updated") && config.context_targets.contains(&o.file)
    }) {
        let shown = crate::store::usage::entries_shown(memory.entries(), &blocks.shared.body);
        crate::store::usage::record_shown(project, &shown, ctx.clock.today());
    }
    report_notes(ctx, &outcomes);
    let mut shown = blocks.shared.body;
    if let Some(personal) = blocks.personal.filter(|b| b.sections > 0) {
        shown.push_str("\n\n");
        shown.push_str(&personal.body);
    }
    Ok((shown, outcomes))
}

/// The blocks the memory gives now: `doc` with its `[stale?]` marks, SESSION.md (its
/// blockers a fix logged since the session in `state` started resolves left out) and the
/// session sections `extra`. Writes nothing but the staleness cache, and that only when
/// `save_cache`.
pub(crate) fn build_blocks(
    project: &Project,
    config: &Config,
    state: &State,
    memory: &Memory<'_>,
    extra: Vec<build::Section>,
    save_cache: bool,
) -> Result<build::Blocks> {
    let session = text::read_optional(&project.session())?.map(|bytes| {
        let session = session_file::parse(&text::lossy(&bytes));
        session_fixes::still_blocking(project, state, session)
    });
    // Entries about files changed since they were written carry a `[stale?]` mark.
    let staleness = match memory {
        Memory::Parsed(doc) if save_cache => crate::capture::staleness::check(project, doc),
        Memory::Parsed(doc) => crate::capture::staleness::check_read_only(project, doc),
        Memory::Cached(cached) => {
            crate::capture::staleness::check_entries(project, &cached.staleness_entries())
        }
    };
    let mut digest = memory.digest();
    if let Ok(staleness) = staleness {
        digest.mark_stale(&staleness);
    }
    Ok(build::build(&build::Input {
        digest: &digest,
        session: session.as_ref(),
        extra,
        budget: config.context_budget_chars,
        split: config.personal_target.is_some(),
        named: named_memories(project)?,
    }))
}

/// The named memories as the context block lists them; none reached through a symbolic link
/// leading out of the project (its name would come from a folder elsewhere).
fn named_memories(project: &Project) -> Result<Vec<build::Named>> {
    Ok(crate::memories::store::list(project)?
        .into_iter()
        .filter(|m| !m.outside)
        .map(|m| build::Named {
            category: m.front.ok().map(|f| f.category.as_str().to_string()),
            name: m.name,
            first_line: m.first_line,
        })
        .collect())
}

/// Remember when each file whose bytes changed was written (`mind status` shows it).
fn record_written(ctx: &Ctx, state: &mut State, outcomes: &[TargetOutcome]) {
    for outcome in outcomes {
        if matches!(outcome.status, "created" | "updated") {
            state.set_context_written(&outcome.file, ctx.clock.epoch_ms());
        }
    }
}

/// Refresh only the personal block after a session write (`mind log`, `mind blocker`), so
/// that an agent re-reading its files mid-session sees it. Never touches the shared
/// targets; never fails the command (a problem is a warning). The caller holds the lock
/// and saves `state` (the personal block written is recorded there).
pub(crate) fn refresh_personal(ctx: &Ctx, project: &Project, config: &Config, state: &mut State) {
    let result = (|| -> Result<Vec<TargetOutcome>> {
        let Some(name) = &config.personal_target else {
            return Ok(Vec::new());
        };
        let session = text::read_optional(&project.session())?.map(|bytes| {
            let session = session_file::parse(&text::lossy(&bytes));
            session_fixes::still_blocking(project, state, session)
        });
        let block = build::build_personal(&build::Input {
            digest: &build::Digest::default(),
            session: session.as_ref(),
            extra: session_sections(state),
            budget: config.context_budget_chars,
            split: true,
            named: Vec::new(),
        });
        let outcome = crate::context::write_personal(
            project,
            state,
            name,
            &block,
            config.context_budget_chars,
        )?;
        record_written(ctx, state, outcome.as_slice());
        Ok(outcome.into_iter().collect())
    })();
    match result {
        Ok(outcomes) => {
            report_notes(ctx, &outcomes);
            if let Some(e) = crate::context::refused_error(project, &outcomes)
                && !ctx.quiet
            {
                crate::output::warn(&ctx.err_paint, &e.to_string());
            }
        }
        Err(e) if !ctx.quiet => crate::output::warn(
            &ctx.err_paint,
            &format!("the personal context block was not refreshed: {e}"),
        ),
        Err(_) => {}
    }
}

/// The session sections the last recall settled (for a rebuild between recalls).
pub(crate) fn session_sections(state: &State) -> Vec<build::Section> {
    state
        .get(SESSION_SECTIONS_KEY)
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default()
}

/// Keep the session sections a recall settled, or that a change to REMINDERS.md between
/// recalls settled again, for the rebuilds that follow.
pub(crate) fn set_session_sections(state: &mut State, sections: &[build::Section]) {
    state.set(
        SESSION_SECTIONS_KEY,
        serde_json::to_value(sections).unwrap_or_default(),
    );
}

fn report_notes(ctx: &Ctx, outcomes: &[TargetOutcome]) {
    for note in outcomes.iter().flat_map(|o| &o.notes) {
        ctx.note(note);
    }
}

/// A path relative to the project root, for replies (`.mind/MEMORY.md`).
pub(crate) fn display_path(project: &Project, path: &std::path::Path) -> String {
    path.strip_prefix(&project.root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{EntryType, ProblemStatus};

    #[test]
    fn the_commit_store_follows_memory_with_its_own_lines() {
        let memory = "# p\n\n## 2026-01-10\n\nproblem: imports hang on big files\ndecided: use REST [superseded]\n";
        let store = "<!-- c -->\n\n## 2026-01-12\n\ndecided: use REST (commit 1a2b3c4)\nfixed: imports no longer hang on big files (commit 2b3c4d5)\n";
        let doc = merge_documents(parse_document_unresolved(memory), memory.as_bytes(), store);
        let lines: Vec<(EntryType, usize, bool)> = doc
            .entities
            .iter()
            .map(|e| (e.kind, e.line, e.superseded))
            .collect();
        // MEMORY.md has 6 lines; the store's line 6 is line 12. The decision MEMORY.md
        // holds (superseded there) is not brought back by the store.
        assert_eq!(
            lines,
            vec![
                (EntryType::Problem, 5, false),
                (EntryType::Decision, 6, true),
                (EntryType::Progress, 12, false),
            ]
        );
        // The commit's fix resolves the problem logged in MEMORY.md.
        assert_eq!(doc.entities[0].status, Some(ProblemStatus::Resolved));
        assert_eq!(doc.entities[0].resolved_by, Some(12));
    }
}
