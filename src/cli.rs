//! The command line: every clap type lives here so completions and docs come from one source.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// A memory for coding agents and their humans, kept as plain markdown in `.mind/`.
#[derive(Debug, Parser)]
#[command(
    name = "mind",
    version,
    about,
    after_help = "Environment:\n  MIND_PROJECT  project folder (like --project)\n  MIND_HOME     global folder (default ~/.mind)\n  MIND_NOW      fixed clock, RFC 3339 (for tests and scripts)\n  NO_COLOR      disable colour"
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// Print machine-readable JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// Use this project folder instead of searching upwards for `.mind/`.
    #[arg(long, global = true, env = "MIND_PROJECT", value_name = "DIR")]
    pub project: Option<PathBuf>,
    /// Print nothing but errors.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// When to colour output.
    #[arg(long, global = true, value_enum, default_value_t = ColorWhen::Auto, value_name = "WHEN")]
    pub color: ColorWhen,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create `.mind/` with its templates, add the context block to CLAUDE.md, register the project.
    Init(InitArgs),
    /// Write a memory: session types go to SESSION.md, memory types to MEMORY.md.
    Log(LogArgs),
    /// Show the current session: experience, blockers, rejected approaches, assumptions.
    Session,
    /// Start or continue a session: promote after a break, refresh the context block, print it.
    Recall,
    /// Health of the memory: counts, last capture, files, problems found.
    Status(StatusArgs),
    /// Print the entities the loose parser finds in MEMORY.md or the given files.
    Parse(ParseArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Harvest `MEMORY:` comments from the project's files, then refresh the context block.
    Checkpoint(CheckpointArgs),
    /// Backfill memory from commit messages in git history.
    Harvest(HarvestArgs),
    /// Install, remove or inspect the git hooks that harvest commits.
    Hooks(HooksArgs),
    /// Run a git hook's work (called by the installed shims; always exits 0).
    #[command(hide = true)]
    Hook(HookArgs),
}

#[derive(Debug, Args, Default)]
pub struct StatusArgs {
    /// List memory entries about files that changed after they were written.
    #[arg(long)]
    pub stale: bool,
}

#[derive(Debug, Args)]
pub struct CheckpointArgs {
    /// Show what would be added; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Debug, Args)]
pub struct HarvestArgs {
    /// Only commits after this revision (exclusive) or date (YYYY-MM-DD, inclusive).
    #[arg(long, value_name = "REV|DATE")]
    pub since: Option<String>,
    /// Look at no more than this many commits (newest first).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Also harvest the `MEMORY:` comments each commit added (reads every commit's diff).
    #[arg(long)]
    pub comments: bool,
    /// Show what would be added; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Debug, Args)]
pub struct HooksArgs {
    #[command(subcommand)]
    pub action: HooksAction,
}

#[derive(Debug, Subcommand)]
pub enum HooksAction {
    /// Install the post-commit and prepare-commit-msg hooks (an existing hook keeps running).
    Install {
        /// Replace a mind hook that was edited by hand.
        #[arg(long)]
        force: bool,
    },
    /// Remove the hooks and put back what was there before.
    Uninstall {
        /// Also remove a mind hook that was edited by hand.
        #[arg(long)]
        force: bool,
    },
    /// Show which hooks are installed where.
    Status,
}

#[derive(Debug, Args)]
pub struct HookArgs {
    /// The hook: post-commit or prepare-commit-msg.
    pub name: std::ffi::OsString,
    /// The arguments git passed to the hook.
    #[arg(allow_hyphen_values = true, trailing_var_arg = true)]
    pub args: Vec<std::ffi::OsString>,
}

#[derive(Debug, Args)]
pub struct InitArgs {
    /// Project folder (default: the git work-tree root, else the current folder).
    pub dir: Option<PathBuf>,
    /// Keep all of `.mind/` out of git.
    #[arg(long)]
    pub private: bool,
    /// Rewrite `.mind/.gitignore` even if it exists.
    #[arg(long)]
    pub rewrite_gitignore: bool,
    /// Also install the git hooks (`mind hooks install`).
    #[arg(long)]
    pub hooks: bool,
}

#[derive(Debug, Args)]
pub struct LogArgs {
    /// The type (decision, learning, problem, progress, experience, blocker, assumption, rejected
    /// or an alias such as decided, learned, fixed, tried, stuck); it always wins over classification.
    #[arg(short = 't', long = "type", value_name = "TYPE")]
    pub kind: Option<String>,
    /// `[TYPE] MESSAGE...`: a leading known type names the type; `-` reads the message from stdin.
    #[arg(
        value_name = "MESSAGE",
        allow_hyphen_values = true,
        trailing_var_arg = true
    )]
    pub words: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ParseArgs {
    /// Files to parse (default: .mind/MEMORY.md).
    pub files: Vec<PathBuf>,
    /// Classify each line of the file on its own and print one record per input line.
    #[arg(long)]
    pub lines: bool,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to generate for.
    pub shell: clap_complete::Shell,
}
