//! One file per subcommand: each turns arguments into calls on the modules below and
//! renders the result. `dispatch` is the single match.

mod blocker;
mod completions;
mod edges;
mod helper;
mod init;
mod log;
mod parse;
mod recall;
mod remind;
mod reminders;
mod search;
mod session;
mod signals;
mod status;

use crate::app::Ctx;
use crate::cli::{Cli, Command};
use crate::config::Config;
use crate::context::{self, TargetOutcome, build};
use crate::error::{Error, Result};
use crate::parse::{Document, parse_document};
use crate::store::{Project, session as session_file, state::State, text};

pub fn dispatch(cli: Cli) -> Result<()> {
    let ctx = Ctx::from_args(&cli.global)?;
    match cli.command {
        Command::Init(args) => init::run(&args, &ctx),
        Command::Log(args) => log::run(&args, &ctx),
        Command::Session => session::run(&ctx),
        Command::Recall => recall::run(&ctx),
        Command::Status => status::run(&ctx),
        Command::Parse(args) => parse::run(&args, &ctx),
        Command::Search(args) => search::run(&args, &ctx),
        Command::Blocker(args) => blocker::run(&args, &ctx),
        Command::Completions(args) => completions::run(&args),
        Command::Remind(args) => remind::run(&args, &ctx),
        Command::Reminders(args) => reminders::run(&args, &ctx),
        Command::Edges(args) => edges::run(&args, &ctx),
        Command::Helper(args) => helper::run(&args, &ctx),
    }
}

/// MEMORY.md's bytes; a missing file is an error with a way out.
pub(crate) fn read_memory_bytes(project: &Project) -> Result<Vec<u8>> {
    let path = project.memory();
    text::read_optional(&path)?.ok_or_else(|| Error::BadFile {
        path: path.clone(),
        reason: "missing; run `mind init` to recreate it (existing files are kept)".into(),
    })
}

/// MEMORY.md's bytes and its parsed document.
pub(crate) fn read_memory(project: &Project) -> Result<(Vec<u8>, Document)> {
    let bytes = read_memory_bytes(project)?;
    let doc = parse_document(&text::lossy(&bytes));
    Ok((bytes, doc))
}

/// Rebuild the context block from memory and write it to every instruction file.
/// The caller holds the store lock and saves `state` afterwards.
pub(crate) fn refresh_context(
    project: &Project,
    config: &Config,
    state: &mut State,
    doc: &Document,
    extra: Vec<build::Section>,
) -> Result<(String, Vec<TargetOutcome>)> {
    let session = text::read_optional(&project.session())?
        .map(|bytes| session_file::parse(&text::lossy(&bytes)));
    let body = build::build(&build::Input {
        doc,
        session: session.as_ref(),
        extra,
        budget: config.context_budget_chars,
    });
    let outcomes = context::write_targets(project, config, state, &body)?;
    Ok((body, outcomes))
}

/// A path relative to the project root, for replies (`.mind/MEMORY.md`).
pub(crate) fn display_path(project: &Project, path: &std::path::Path) -> String {
    path.strip_prefix(&project.root)
        .unwrap_or(path)
        .display()
        .to_string()
}
