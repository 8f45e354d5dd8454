//! The command line: every clap type lives in this module (the top level here, each
//! subcommand's arguments in `args`) so completions and docs come from one source.

mod args;

pub use args::*;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum, ValueHint};

/// A memory for coding agents and their humans, kept as plain markdown in `.mind/`.
#[derive(Debug, Parser)]
#[command(
    name = "mind",
    version,
    about,
    after_help = "Environment:\n  MIND_PROJECT          project folder (like --project)\n  MIND_HOME             global folder (default: the data folder, ~/.local/share/mind on Linux)\n  MIND_LOCK_TIMEOUT_MS  how long a write waits for a busy lock (default 5000)\n  MIND_HOOKS=0          skip the git hooks for one command\n  MIND_FSYNC=0          skip the fsync of appends and renames: faster, but an entry written just\n                        before a power loss can be lost\n  MIND_DATABASE_URL     the team database (wins over team.database_url in the global config.json)\n  MIND_TEAM_TIMEOUT_MS  how long a team search, status or pull query waits (default 30000)\n  XDG_DATA_HOME         on Linux, the data folder's parent when MIND_HOME is unset\n  MIND_NOW              fixed clock, RFC 3339 (for tests and scripts)\n  NO_COLOR              disable colour (set, not empty)\n  CLICOLOR_FORCE        colour even into a pipe (set, not empty)\n  CLICOLOR=0, TERM=dumb disable colour\n  (--color always|never wins over all of them)"
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
    #[arg(
        long,
        global = true,
        env = "MIND_PROJECT",
        value_name = "DIR",
        value_hint = ValueHint::DirPath
    )]
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
    #[command(after_help = "Examples:
  mind init
  mind init --hooks
  mind init ~/code/app --private")]
    Init(InitArgs),
    /// Write a memory: session types go to SESSION.md, memory types to MEMORY.md.
    Log(LogArgs),
    /// Show the current session: experience, blockers, rejected approaches, assumptions.
    #[command(after_help = "Examples:
  mind session
  mind session --json")]
    Session,
    /// Start or continue a session: promote after a break, refresh the context block, print it.
    #[command(after_help = "Examples:
  mind recall
  mind recall --quiet
  mind recall --json")]
    Recall(RecallArgs),
    /// Health of the memory: counts, last capture, files, problems found.
    #[command(after_help = "Examples:
  mind status
  mind status --stale
  mind status --unused --days 60
  mind status --json")]
    Status(StatusArgs),
    /// Print the entities the loose parser finds in MEMORY.md or the given files.
    #[command(after_help = "Examples:
  mind parse
  mind parse notes.md --lines
  git log -1 --format=%B | mind parse -
  mind parse --json | jq .title")]
    Parse(ParseArgs),
    /// Search memory: ranked lines from MEMORY.md, named memories and the session.
    #[command(after_help = "Examples:
  mind search session cookies
  mind search postgres --type decision --since 2w
  mind search \"rate limit\" --all-projects -n 5")]
    Search(SearchArgs),
    /// Log a blocker to SESSION.md and show how similar problems were solved before.
    #[command(after_help = "Examples:
  mind blocker \"CI cannot reach the staging database\"
  mind blocker uploads time out after 60s --json
  cat error.log | mind blocker -")]
    Blocker(BlockerArgs),
    /// Print a shell completion script (the same as the files in `completions/`).
    #[command(after_help = "Examples:
  mind completions bash > ~/.local/share/bash-completion/completions/mind
  mind completions zsh > ~/.zfunc/_mind")]
    Completions(CompletionsArgs),
    /// Print shell functions to source: decided, learned, fixed, tried, stuck, remember, recall.
    #[command(
        name = "shell-init",
        after_help = "Examples:
  mind shell-init bash > ~/.mind-functions.bash
  mind shell-init fish | source
  mind shell-init zsh --prefix m-

Load them from your shell's start-up file: eval \"$(mind shell-init bash)\" in ~/.bashrc."
    )]
    ShellInit(ShellInitArgs),
    /// Set a reminder for a time, the next session, or when a subject comes up.
    Remind(RemindArgs),
    /// List reminders with their numbers; `mind reminders done N` completes one.
    #[command(after_help = "Examples:
  mind reminders
  mind reminders --all
  mind reminders done 2 3")]
    Reminders(RemindersArgs),
    /// Gotchas that match what you are about to do; `mind edges add` records one.
    #[command(after_help = "Examples:
  mind edges \"store the session token in a cookie\"
  mind edges \"parse the upload\" --code \"JSON.parse(body)\"
  mind edges add \"Safari ITP blocks cross-site cookies\" --workaround \"same-site auth domain\"")]
    Edges(EdgesArgs),
    /// Print a self-contained brief of a problem for a fresh agent: what was tried, what is known.
    #[command(after_help = "Examples:
  mind helper \"uploads time out after 60s\" --attempt \"raised the body limit\"
  mind helper \"flaky login test\" --hypothesis \"clock skew\" --out brief.md")]
    Helper(HelperArgs),
    /// Harvest `MEMORY:` comments from the project's files, then refresh the context block.
    #[command(after_help = "Examples:
  mind checkpoint
  mind checkpoint --dry-run")]
    Checkpoint(CheckpointArgs),
    /// Backfill memory from commit messages in git history.
    #[command(after_help = "Examples:
  mind harvest
  mind harvest --since 2w --dry-run
  mind harvest --since v1.0 --comments --to-memory")]
    Harvest(HarvestArgs),
    /// Install, remove or inspect the git hooks that harvest commits.
    #[command(after_help = "Examples:
  mind hooks install
  mind hooks status
  mind hooks uninstall")]
    Hooks(HooksArgs),
    /// Show what each instruction file's context block would hold now and what the budget leaves out; writes nothing.
    #[command(after_help = "Examples:
  mind context
  mind context --target CLAUDE.md
  mind context --json")]
    Context(ContextArgs),
    /// Check the global folder, PATH and every registered project; `--fix` repairs what is safe to repair.
    #[command(after_help = "Examples:
  mind doctor
  mind doctor --fix
  mind doctor --json")]
    Doctor(DoctorArgs),
    /// Run a git hook's work (called by the installed shims; always exits 0).
    #[command(
        hide = true,
        after_help = "Examples:
  mind hook post-commit
  echo \"$HOOK_JSON\" | mind hook pre-tool --agent claude
  echo \"$HOOK_JSON\" | mind hook post-tool --agent codex"
    )]
    Hook(HookArgs),
    /// Wire mind into a coding agent: its instruction file, and for Claude Code, Codex and Cursor its hooks.
    #[command(after_help = "Examples:
  mind setup claude
  mind setup claude --local --dry-run
  mind setup cursor
  mind setup codex --remove")]
    Setup(SetupArgs),
    /// What this branch taught: new and superseded memory since BASE, as markdown for a PR description.
    #[command(after_help = "Examples:
  mind diff
  mind diff origin/develop
  mind diff v1.0 --json
  mind diff > pr-notes.md")]
    Diff(DiffArgs),
    /// Named memories: markdown documents in `.mind/memories/` with a category and tags.
    #[command(after_help = "Examples:
  mind memory write api-design --category architecture --tag api --content \"# API design\"
  mind memory write release-checklist --category guide -
  mind memory read api-design
  mind memory list --category decision --json
  mind memory edit api-design
  mind memory delete api-design")]
    Memory(MemoryArgs),
    /// The registered projects (for cross-project search): list, add, remove, prune the gone.
    #[command(after_help = "Examples:
  mind projects
  mind projects add ~/code/app
  mind projects remove ~/code/old-app
  mind projects prune --yes
  mind projects list --json")]
    Projects(ProjectsArgs),
    /// Detect languages, package managers and the build, test, run, lint and format commands;
    /// print an onboarding document (`--write`: keep it as the `onboarding` memory).
    #[command(after_help = "Examples:
  mind onboard
  mind onboard --write
  mind onboard --json")]
    Onboard(OnboardArgs),
    /// Put the project's `.mind/` into an Obsidian vault (a link, or a synced copy) and show the links.
    #[command(after_help = "Examples:
  mind vault link ~/Obsidian/Work
  mind vault link ~/Obsidian/Work --copy --name app-memory
  mind vault sync
  mind vault status")]
    Vault(VaultArgs),
    /// Install or inspect the local sentence-embedding model that makes search semantic.
    #[command(after_help = "Examples:
  mind model install
  mind model install --from ~/Downloads/model.zip
  mind model status --json")]
    Model(ModelArgs),
    /// Share memory between projects through a PostgreSQL database: push, search, status, pull.
    #[command(after_help = "Examples:
  mind team push
  mind team push --all-projects
  mind team search \"rate limit\" --from api --type decision
  mind team status
  mind team pull --from github.com/acme/api

The database: MIND_DATABASE_URL, else team.database_url in the global folder's config.json.")]
    Team(TeamArgs),
    /// Serve memory to MCP clients over stdio (Claude Desktop, Claude Code, Cursor): the
    /// Python Mind's mind_* tools and more.
    #[command(after_help = "Examples:
  mind mcp
  mind setup claude --mcp
  mind setup cursor --mcp

Client configuration: {\"command\": \"mind\", \"args\": [\"mcp\"]}")]
    Mcp,
}
