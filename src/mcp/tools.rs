//! The MCP tools. Argument names are the Python Mind's (`message`, `type`, `project_path`,
//! ...), so its clients and prompts keep working; each tool builds the subcommand's
//! arguments and runs the subcommand itself, never a copy of its logic.

use std::path::PathBuf;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, CustomRequest, CustomResult, ErrorCode, Implementation,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::replies;
use crate::app::Ctx;
use crate::cli::{
    BlockerArgs, CheckpointArgs, Command, ContextArgs, EdgeAddArgs, EdgesAction, EdgesArgs,
    HelperArgs, LogArgs, MemoryAction, MemoryArgs, RecallArgs, RemindArgs, RemindersAction,
    RemindersArgs, SearchArgs, Severity, StatusArgs,
};

type ToolResult = Result<CallToolResult, ErrorData>;

/// What the server knows between calls: only where it was started. Every call finds its
/// project again, so several projects are served at once and files changed by hand or by
/// the CLI between calls are read afresh.
#[derive(Clone)]
pub struct Server {
    cwd: PathBuf,
    project: Option<PathBuf>,
    // Read by the code `#[tool_handler]` generates.
    #[allow(dead_code)]
    tool_router: ToolRouter<Server>,
}

#[derive(Deserialize, JsonSchema)]
pub struct ProjectOnly {
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct RecallParams {
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
    /// Accepted for compatibility: every recall rewrites the context block.
    #[allow(dead_code)]
    force_refresh: Option<bool>,
}

#[derive(Deserialize, JsonSchema)]
pub struct LogParams {
    /// The memory, one line.
    message: String,
    /// decision, learning, problem, progress, gotcha, experience, blocker, rejected,
    /// assumption, next (a `Next:` step) or an alias; default: chosen from the text.
    #[serde(rename = "type")]
    kind: Option<String>,
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

// The choices of `scope` and `severity`, in the tools' schemas: a value outside them is a
// tool error naming them, as an argument of the wrong type is. (Plain comments: a doc
// comment would become each schema's description.)
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
#[schemars(inline)]
pub enum Scope {
    Project,
    All,
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
#[schemars(inline)]
pub enum EdgeSeverity {
    Info,
    Warning,
    Critical,
}

#[derive(Deserialize, JsonSchema)]
pub struct SearchParams {
    /// What to look for.
    query: String,
    /// `project` (default) or `all` (every registered project).
    scope: Option<Scope>,
    /// Only these types (decision, problem/issue, learning, progress, gotcha, ...).
    types: Option<Vec<String>>,
    /// How many results (default 10).
    #[schemars(range(min = 1))]
    limit: Option<usize>,
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct BlockerParams {
    /// What is blocking you.
    description: String,
    /// Accepted for compatibility; the description is what is searched.
    #[allow(dead_code)]
    keywords: Option<Vec<String>>,
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct RemindParams {
    /// What to be reminded of.
    message: String,
    /// When: `tomorrow`, `in 3 days`, `2026-03-01`, `next session`, `when I mention auth`.
    when: String,
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct ReminderDoneParams {
    /// The reminder's `index`, as mind_reminders and mind_recall give it (from 1).
    #[schemars(range(min = 1))]
    index: usize,
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct EdgesParams {
    /// What you are about to do, e.g. "store the session token in a cookie".
    intent: String,
    /// Code you are about to write or change.
    code: Option<String>,
    /// The stack to match, e.g. ["nextjs", "postgres"]; default: detected.
    stack: Option<Vec<String>>,
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

#[derive(Deserialize, JsonSchema, Default)]
pub struct Detection {
    /// Stack tags the edge belongs to (added to stack_tags).
    #[serde(default)]
    context: Vec<String>,
    /// Intent phrases that should surface it.
    #[serde(default)]
    intent: Vec<String>,
    /// Code patterns that should surface it, e.g. `document.cookie`.
    #[serde(default)]
    code: Vec<String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct GlobalEdgeParams {
    /// What goes wrong.
    title: String,
    /// Why it happens or when it bites.
    description: String,
    /// What to do instead.
    workaround: String,
    /// When to surface it: {"intent": [...], "code": [...], "context": [...]}.
    detection: Option<Detection>,
    /// Stacks it applies to.
    stack_tags: Option<Vec<String>>,
    /// info, warning (default) or critical.
    severity: Option<EdgeSeverity>,
}

#[derive(Deserialize, JsonSchema)]
pub struct HelperParams {
    /// The problem, in a sentence or two.
    problem: String,
    /// What was already tried; this session's rejected approaches are added.
    attempts: Option<Vec<String>>,
    /// What you currently think is going on.
    hypothesis: Option<String>,
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct MemoryWriteParams {
    /// The memory's name (its file name without `.md`).
    name: String,
    /// The markdown body; replaces the old one. Omitted: the body is kept.
    content: Option<String>,
    /// architecture, decision, pattern, guide, onboarding, note, progress.
    category: Option<String>,
    /// Tags; given tags replace the memory's tags.
    tags: Option<Vec<String>>,
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct MemoryNameParams {
    /// The memory's name.
    name: String,
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct MemoryListParams {
    /// Only memories of this category.
    category: Option<String>,
    /// Only memories with any of these tags.
    tags: Option<Vec<String>>,
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct ContextParams {
    /// Only this instruction file (one of the project's context targets).
    target: Option<String>,
    /// The project's root folder (holding `.mind/`); default: the server's project.
    project_path: Option<String>,
}

#[tool_router]
impl Server {
    pub fn new(cwd: PathBuf, project: Option<PathBuf>) -> Server {
        Server {
            cwd,
            project,
            tool_router: Self::tool_router(),
        }
    }

    #[tool(
        description = "Call first in every session: promotes the last session's learnings after a break, refreshes the context block and returns it with reminders due."
    )]
    async fn mind_recall(&self, Parameters(p): Parameters<RecallParams>) -> ToolResult {
        let command = Command::Recall(RecallArgs { hook: None });
        self.run(p.project_path, command, replies::recall).await
    }

    #[tool(
        description = "Call when something happens worth keeping: a decision, learning, problem, fix (progress), gotcha; or for this session: experience, blocker, rejected approach, assumption."
    )]
    async fn mind_log(&self, Parameters(p): Parameters<LogParams>) -> ToolResult {
        // The message goes after `--`: always text, never a type word. A lone `-` is refused
        // first, as in every other text field: after `--` it would be stored as the text "-".
        let command = Command::Log(LogArgs {
            kind: p.kind,
            words: Vec::new(),
            literal: vec![text("message", p.message)?],
        });
        self.run(p.project_path, command, replies::log).await
    }

    #[tool(
        description = "Call to see the current session: experience, blockers, rejected approaches, assumptions."
    )]
    async fn mind_session(&self, Parameters(p): Parameters<ProjectOnly>) -> ToolResult {
        self.run(p.project_path, Command::Session, replies::session)
            .await
    }

    #[tool(
        description = "Call before solving a problem or deciding: searches past decisions, learnings, problems, named memories and the session."
    )]
    async fn mind_search(&self, Parameters(p): Parameters<SearchParams>) -> ToolResult {
        let all_projects = matches!(p.scope, Some(Scope::All));
        if p.limit == Some(0) {
            // The command line refuses `-n 0` too: an answer with no results would read as
            // "nothing in memory about this".
            return Ok(CallToolResult::error(vec![ContentBlock::text(
                "Error: limit: expected a whole number, 1 or more",
            )]));
        }
        let command = Command::Search(SearchArgs {
            query: vec![text("query", p.query)?],
            limit: p.limit.unwrap_or(10),
            kinds: p.types.unwrap_or_default(),
            since: None,
            all_projects,
            category: Vec::new(),
            tag: Vec::new(),
            threshold: None,
            team: false,
        });
        self.run(p.project_path, command, replies::search).await
    }

    #[tool(
        description = "Call to check the memory's health: counts per type, open problems, files, context blocks, problems found."
    )]
    async fn mind_status(&self, Parameters(p): Parameters<ProjectOnly>) -> ToolResult {
        let command = Command::Status(StatusArgs {
            stale: false,
            unused: false,
            days: 30,
        });
        self.run(p.project_path, command, replies::unchanged).await
    }

    #[tool(description = "Call to list reminders, pending and done, with their index.")]
    async fn mind_reminders(&self, Parameters(p): Parameters<ProjectOnly>) -> ToolResult {
        let command = Command::Reminders(RemindersArgs {
            all: true,
            action: None,
        });
        self.run(p.project_path, command, replies::reminders).await
    }

    #[tool(
        description = "Call when stuck: logs the blocker to the session and returns how similar problems were solved before."
    )]
    async fn mind_blocker(&self, Parameters(p): Parameters<BlockerParams>) -> ToolResult {
        let command = Command::Blocker(BlockerArgs {
            words: vec![text("description", p.description)?],
        });
        self.run(p.project_path, command, replies::blocker).await
    }

    #[tool(
        description = "Call to set a reminder for a date, the next session, or when a subject comes up (`when I mention auth`)."
    )]
    async fn mind_remind(&self, Parameters(p): Parameters<RemindParams>) -> ToolResult {
        let command = Command::Remind(RemindArgs {
            words: vec![text("message", p.message)?],
            when: Some(p.when),
        });
        self.run(p.project_path, command, replies::remind).await
    }

    #[tool(description = "Call when a reminder is handled: marks it done by its index.")]
    async fn mind_reminder_done(
        &self,
        Parameters(p): Parameters<ReminderDoneParams>,
    ) -> ToolResult {
        let command = Command::Reminders(RemindersArgs {
            all: false,
            action: Some(RemindersAction::Done {
                numbers: vec![p.index],
            }),
        });
        self.run(p.project_path, command, replies::reminder_done)
            .await
    }

    #[tool(
        description = "Call before risky work (auth, cookies, dates, migrations, deploys): returns known gotchas for what you are about to do."
    )]
    async fn mind_edges(&self, Parameters(p): Parameters<EdgesParams>) -> ToolResult {
        let command = Command::Edges(EdgesArgs {
            intent: vec![text("intent", p.intent)?],
            code: p.code.map(|c| text("code", c)).transpose()?,
            stack: p.stack.unwrap_or_default(),
            limit: 10,
            action: None,
        });
        self.run(p.project_path, command, replies::unchanged).await
    }

    #[tool(
        description = "Call after a stretch of work: harvests MEMORY: comments from the code into MEMORY.md and refreshes the context block."
    )]
    async fn mind_checkpoint(&self, Parameters(p): Parameters<ProjectOnly>) -> ToolResult {
        let command = Command::Checkpoint(CheckpointArgs {
            dry_run: false,
            hook: None,
        });
        self.run(p.project_path, command, replies::checkpoint).await
    }

    #[tool(
        description = "Call when you find a gotcha that bites in every project (a platform or library trap): stores it in the global edges."
    )]
    async fn mind_add_global_edge(
        &self,
        Parameters(p): Parameters<GlobalEdgeParams>,
    ) -> ToolResult {
        let severity = p.severity.map(|s| match s {
            EdgeSeverity::Info => Severity::Info,
            EdgeSeverity::Warning => Severity::Warning,
            EdgeSeverity::Critical => Severity::Critical,
        });
        let detection = p.detection.unwrap_or_default();
        let mut stack = p.stack_tags.unwrap_or_default();
        stack.extend(detection.context);
        let command = Command::Edges(EdgesArgs {
            intent: Vec::new(),
            code: None,
            stack: Vec::new(),
            limit: 10,
            action: Some(EdgesAction::Add(EdgeAddArgs {
                title: vec![text("title", p.title)?],
                workaround: text("workaround", p.workaround)?,
                description: Some(text("description", p.description)?),
                global: true,
                stack,
                severity,
                intent: detection.intent,
                code: detection.code,
            })),
        });
        self.run(None, command, replies::global_edge).await
    }

    #[tool(
        description = "Call when going in circles: returns a brief for a fresh helper agent with the problem, every approach already tried, related memories and gotchas."
    )]
    async fn mind_spawn_helper(&self, Parameters(p): Parameters<HelperParams>) -> ToolResult {
        let command = Command::Helper(HelperArgs {
            problem: vec![text("problem", p.problem)?],
            attempts: p
                .attempts
                .unwrap_or_default()
                .into_iter()
                .map(|a| text("attempts", a))
                .collect::<Result<_, _>>()?,
            hypothesis: p.hypothesis.map(|h| text("hypothesis", h)).transpose()?,
            out: None,
        });
        self.run(p.project_path, command, replies::helper).await
    }

    #[tool(
        description = "Call to keep a longer document (architecture, a guide, a pattern) as a named memory in .mind/memories/NAME.md."
    )]
    async fn mind_memory_write(&self, Parameters(p): Parameters<MemoryWriteParams>) -> ToolResult {
        let content = p.content.map(|c| text("content", c)).transpose()?;
        let category = match cli_checked(&["memory", "write"], "category", p.category) {
            Ok(category) => category,
            Err(e) => return Ok(tool_error(&e, &[])),
        };
        let command = Command::Memory(MemoryArgs {
            action: MemoryAction::Write {
                name: p.name,
                category,
                tags: p.tags.unwrap_or_default(),
                content,
                stdin: None,
            },
        });
        self.run(p.project_path, command, replies::unchanged).await
    }

    #[tool(description = "Call to read a named memory: its fields, body and backlinks.")]
    async fn mind_memory_read(&self, Parameters(p): Parameters<MemoryNameParams>) -> ToolResult {
        let command = Command::Memory(MemoryArgs {
            action: MemoryAction::Read { name: p.name },
        });
        self.run(p.project_path, command, replies::unchanged).await
    }

    #[tool(description = "Call to see which named memories exist.")]
    async fn mind_memory_list(&self, Parameters(p): Parameters<MemoryListParams>) -> ToolResult {
        let category = match cli_checked(&["memory", "list"], "category", p.category) {
            Ok(category) => category,
            Err(e) => return Ok(tool_error(&e, &[])),
        };
        let command = Command::Memory(MemoryArgs {
            action: MemoryAction::List {
                category,
                tags: p.tags.unwrap_or_default(),
            },
        });
        self.run(p.project_path, command, replies::unchanged).await
    }

    #[tool(description = "Call to delete a named memory that is wrong or obsolete.")]
    async fn mind_memory_delete(&self, Parameters(p): Parameters<MemoryNameParams>) -> ToolResult {
        let command = Command::Memory(MemoryArgs {
            action: MemoryAction::Delete { name: p.name },
        });
        self.run(p.project_path, command, replies::unchanged).await
    }

    #[tool(
        description = "Call to preview the context block each instruction file would get, with its size; writes nothing."
    )]
    async fn mind_context(&self, Parameters(p): Parameters<ContextParams>) -> ToolResult {
        let command = Command::Context(ContextArgs { target: p.target });
        self.run(p.project_path, command, replies::unchanged).await
    }
}

impl Server {
    /// Run `command` for the project at `project_path` (or the server's) on the blocking
    /// pool and turn its reply into the tool's result; a command's error is a tool error
    /// the agent reads (`isError`), with the hint the CLI would print. The warnings the
    /// command line prints on stderr (an unusable config.json) go into the reply's
    /// `warnings`, or under the error: the agent sees no stderr.
    async fn run(
        &self,
        project_path: Option<String>,
        command: Command,
        shape: fn(Value) -> Value,
    ) -> ToolResult {
        let cwd = self.cwd.clone();
        let given = project_path.filter(|p| !p.trim().is_empty());
        let from_argument = given.is_some();
        let project = given.map(PathBuf::from).or_else(|| self.project.clone());
        let outcome = tokio::task::spawn_blocking(move || {
            let ctx = Ctx::for_tool(cwd, project)?;
            let result = crate::commands::run_command(command, &ctx);
            let warnings = ctx.take_warnings();
            Ok::<_, crate::error::Error>((result.map(|()| ctx.take_reply()), warnings))
        })
        .await
        .map_err(|e| ErrorData::internal_error(format!("the tool failed: {e}"), None))?;
        let (result, warnings) = match outcome {
            Ok((result, warnings)) => (result, warnings),
            Err(e) => (Err(e), Vec::new()),
        };
        match result {
            Ok(reply) => {
                let reply = with_warnings(shape(reply.unwrap_or(Value::Null)), warnings);
                let text = serde_json::to_string_pretty(&reply).expect("JSON values serialise");
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            }
            Err(e) if from_argument => Ok(tool_error(&named_project_path(e), &warnings)),
            Err(e) => Ok(tool_error(&e, &warnings)),
        }
    }
}

/// A command's failure as the tool's result: `Error: MESSAGE`, the `hint:` line the CLI
/// prints, and a `warning:` line for each warning it gave.
fn tool_error(e: &crate::error::Error, warnings: &[String]) -> CallToolResult {
    let mut message = format!("Error: {e}");
    if let Some(hint) = e.hint() {
        message.push_str(&format!("\nhint: {hint}"));
    }
    for warning in warnings {
        message.push_str(&format!("\nwarning: {warning}"));
    }
    CallToolResult::error(vec![ContentBlock::text(message)])
}

/// `warnings` added to a reply's own (`mind_log` has some), each once.
fn with_warnings(reply: Value, warnings: Vec<String>) -> Value {
    if warnings.is_empty() {
        return reply;
    }
    let mut map = match reply {
        Value::Object(map) => map,
        Value::Null => serde_json::Map::new(),
        other => {
            let mut map = serde_json::Map::new();
            map.insert("reply".into(), other);
            map
        }
    };
    let list = map
        .entry("warnings")
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(list) = list {
        for warning in warnings {
            let warning = Value::String(warning);
            if !list.contains(&warning) {
                list.push(warning);
            }
        }
    }
    Value::Object(map)
}

/// A folder given as `project_path` that holds no `.mind/`: said of `project_path`, which
/// the agent gave, not of `--project` / `MIND_PROJECT`, which it did not; the project that
/// holds the folder, if one does, is named.
fn named_project_path(e: crate::error::Error) -> crate::error::Error {
    use crate::error::{Error, SearchEnd};
    let Error::NoProject {
        searched_from: dir,
        end: SearchEnd::Explicit,
        ..
    } = &e
    else {
        return e;
    };
    let hint = match crate::store::discovery::find_upwards(dir) {
        Some(project) => format!(
            "project_path is the project's root folder: give {}, which holds .mind/",
            project.root.display()
        ),
        None => "give the project's root folder (the one holding .mind/) as project_path, or \
                 run `mind init` there"
            .to_string(),
    };
    Error::FailedHint {
        message: format!(
            "no .mind/ in {} (the folder given as project_path)",
            dir.display()
        ),
        hint,
    }
}

/// The value of an enumerated argument, checked by the parser the command line runs on the
/// same argument (`mind memory write --category`): the command takes the value as given,
/// so without this a value the command line refuses would pass here unseen (an unknown
/// category stored as `note`, or no filter at all). The subcommand's own parser reads
/// `--FLAG=VALUE` alone: it refuses a bad value as it reads it, before it looks for the
/// arguments that are missing. The refusal is the command line's: the value, the possible
/// values and a similar one, with the tool's field named for the flag.
fn cli_checked(
    path: &[&str],
    arg: &str,
    value: Option<String>,
) -> Result<Option<String>, crate::error::Error> {
    use clap::CommandFactory;
    let Some(value) = value else {
        return Ok(None);
    };
    let root = crate::cli::Cli::command();
    let mut command = &root;
    for name in path {
        command = command
            .find_subcommand(name)
            .expect("the tool's subcommand exists");
    }
    let flag = command
        .get_arguments()
        .find(|a| a.get_id() == arg)
        .and_then(|a| a.get_long())
        .expect("the tool's argument is a flag");
    let line = [command.get_name().to_string(), format!("--{flag}={value}")];
    match command.clone().try_get_matches_from(line) {
        Err(e) if e.kind() == clap::error::ErrorKind::InvalidValue => {
            Err(refused_value(arg, &value, &e))
        }
        _ => Ok(Some(value)),
    }
}

/// A value the command line's parser refused, in the words `mind` prints for it.
fn refused_value(field: &str, value: &str, e: &clap::Error) -> crate::error::Error {
    use clap::error::{ContextKind, ContextValue};
    let strings = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(list)) => list.clone(),
        _ => Vec::new(),
    };
    let mut hints = Vec::new();
    let possible = strings(ContextKind::ValidValue);
    if !possible.is_empty() {
        hints.push(format!("possible values: {}", possible.join(", ")));
    }
    for similar in strings(ContextKind::SuggestedValue) {
        hints.push(format!("a similar value exists: '{similar}'"));
    }
    crate::error::Error::Usage {
        message: format!("invalid value '{value}' for `{field}`"),
        hint: (!hints.is_empty()).then(|| hints.join("; ")),
    }
}

/// A free-text argument (every field whose text a tool stores or matches: messages,
/// descriptions, queries, intents, code, attempts, hypotheses, bodies). A lone `-` means
/// "read stdin" on the command line; here stdin carries the protocol, so it is refused rather
/// than read, and rather than kept as a memory that says nothing (whether or not the command
/// line reads that field from stdin).
fn text(field: &str, value: String) -> Result<String, ErrorData> {
    if value.trim() == "-" {
        return Err(invalid(format!(
            "{field}: `-` is not text here; give the text itself"
        )));
    }
    Ok(value)
}

fn invalid(message: String) -> ErrorData {
    ErrorData::invalid_params(message, None)
}

#[tool_handler]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("mind", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "Project memory kept as markdown in .mind/. Call mind_recall at the start of a \
                 session, mind_log when something is worth keeping, mind_search before solving \
                 a problem again, mind_blocker when stuck.",
            )
    }

    /// rmcp reads a request of a method it knows whose params do not fit that method (a
    /// `tools/call` without params, or with `arguments` that are not an object) as a method
    /// of its own name: invalid params (-32602) saying what is wrong, not "method not found".
    fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CustomResult, ErrorData>> + Send + '_ {
        let error = super::transport::bad_params(&request.method, request.params.as_ref())
            .unwrap_or_else(|| {
                ErrorData::new(
                    ErrorCode::METHOD_NOT_FOUND,
                    format!("method not found: {}", request.method),
                    None,
                )
            });
        std::future::ready(Err(error))
    }
}
