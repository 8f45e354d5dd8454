//! `mind setup AGENT [--local] [--remove] [--dry-run]`: wire mind into a coding agent.
//!
//! Every agent gets its instruction file as a context target (config.json), written by the
//! context refresh that follows (a Cursor rule file starts with the front matter that makes
//! Cursor always load it; a target whose agent reads another's block gets none); what the
//! refresh does to each instruction file is named (and shown by `--dry-run`), and a removal
//! that takes a target out refreshes the rest. `--local` is Claude Code's. Claude Code gets
//! its hooks and permission rule merged into `.claude/settings.json`, Codex its hooks into
//! `.codex/hooks.json`, Cursor its hooks into `.cursor/hooks.json`; Aider gets the
//! context file in `read:` of `.aider.conf.yml`. With `--mcp`, Claude Code's `.mcp.json` (with
//! `--local`, the project's entry in the per-user `~/.claude.json`) or Cursor's
//! `.cursor/mcp.json` gets the `mind mcp` server. What setup added is recorded in
//! `.mind/state.json` (key `setup`), so `--remove` takes out exactly that and puts a file
//! back byte for byte when nothing else in it changed.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::agents::{Agent, aider, claude, codex, cursor, mcp_clients, targets};
use crate::app::Ctx;
use crate::cli::SetupArgs;
use crate::commands::{read_memory, refresh_context};
use crate::config::Config;
use crate::context::{migrate, personal, splice};
use crate::error::{Error, Result};
use crate::output;
use crate::store::{Project, atomic, state::State, text};

mod record_check;

/// State key: per agent, what setup added.
const STATE_KEY: &str = "setup";

/// What setup added for one agent (state.json), so that a removal takes out that alone.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Record {
    /// The context target setup added to config.json (None: it was there already).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    target_added: Option<String>,
    /// The instruction file setup created (removed again while it holds only the block).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    file_created: Option<String>,
    /// A settings or config file setup changed: its path and bytes before (None: no file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    changed_file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    original: Option<String>,
    /// Claude Code: the hooks and rule added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    claude: Option<claude::Added>,
    /// Codex: the events whose hook was added to `.codex/hooks.json`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    codex: Option<Vec<String>>,
    /// Cursor: what was added to `.cursor/hooks.json`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cursor_hooks: Option<cursor::Added>,
    /// The context block setup appended to an instruction file that existed without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    block_added: Option<BlockAdded>,
    /// `--mcp`: the MCP configuration file setup added the server to, and its bytes
    /// before (None: no file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mcp_file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mcp_original: Option<String>,
    /// `--mcp --local` (Claude Code): the server added to this project's entry in the
    /// per-user `~/.claude.json`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mcp_user: Option<McpUser>,
    /// `--local` (Claude Code): the lines setup appended to git's exclude file so the
    /// personal settings file stays out of git.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    excluded: Option<ExcludedLines>,
}

/// Lines appended to an exclude file (`.git/info/exclude`): its path and the text.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct ExcludedLines {
    file: String,
    text: String,
}

/// The server setup added to the project's entry in Claude Code's per-user file: enough to
/// take out that alone (the file itself is Claude Code's, rewritten by it all the time, so
/// its bytes are not kept).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct McpUser {
    file: String,
    /// Setup made the project's entry, or its `mcpServers`, or the file.
    #[serde(default)]
    entry_added: bool,
    #[serde(default)]
    servers_added: bool,
    #[serde(default)]
    file_created: bool,
}

/// A context block appended to a file the user had: enough to give the file back.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct BlockAdded {
    file: String,
    /// The file did not end with a line break, so the append added one.
    #[serde(default)]
    newline_added: bool,
    /// The block took the place of the Python Mind's instructions (not appended, so no
    /// separator to take out; those outdated instructions are not brought back).
    #[serde(default)]
    in_place: bool,
}

/// One file setup writes (None: deletes).
#[derive(Debug, Serialize)]
struct Change {
    file: String,
    /// What happens to it, in words.
    action: String,
    #[serde(skip)]
    bytes: Option<Vec<u8>>,
    /// A context block the refresh after setup writes (setup itself writes nothing for
    /// it): what `--dry-run` shows of it (empty unless dry-running).
    #[serde(skip)]
    block: Option<Preview>,
}

/// What `--dry-run` prints of a change the refresh makes: a heading and the text.
#[derive(Debug)]
struct Preview {
    heading: String,
    text: String,
}

/// The name setup's changes give the config file.
const CONFIG_FILE: &str = ".mind/config.json";

#[derive(Debug, Serialize)]
struct Report {
    agent: &'static str,
    remove: bool,
    dry_run: bool,
    changes: Vec<Change>,
    notes: Vec<String>,
}

pub fn run(args: &SetupArgs, ctx: &Ctx) -> Result<()> {
    if args.mcp && mcp_file(args.agent).is_none() {
        return Err(Error::usage_hint(
            format!(
                "--mcp: mind writes the MCP configuration of Claude Code and Cursor, not {}'s",
                args.agent.definition().name
            ),
            "mind setup claude --mcp, or mind setup cursor --mcp; other clients: {\"command\": \"mind\", \"args\": [\"mcp\"]} (README: mind mcp)",
        ));
    }
    if args.local && args.agent != Agent::Claude {
        // Only Claude Code has a personal settings file beside the shared one; writing the
        // team's files for a user who asked for a personal setup would be the opposite.
        return Err(Error::usage_hint(
            format!(
                "--local: only Claude Code has a personal, uncommitted setup (.claude/settings.local.json); {} is set up in the project's shared files",
                args.agent.definition().name
            ),
            format!(
                "mind setup {} (without --local) writes the files the team shares; mind setup claude --local for Claude Code's personal settings",
                record_key(args)
            ),
        ));
    }
    if args.desktop {
        return super::setup_desktop::run(args, ctx);
    }
    let project = ctx.project()?;
    let _lock = project.lock()?;
    let mut state = State::load(&project.state())?;
    let key = record_key(args);
    let records = state.get(STATE_KEY).cloned().unwrap_or(Value::Null);
    let record: Option<Record> = records
        .get(&key)
        .and_then(|r| serde_json::from_value(r.clone()).ok());
    let definition = args.agent.definition();
    let mut report = Report {
        agent: definition.name,
        remove: args.remove,
        dry_run: args.dry_run,
        changes: Vec::new(),
        notes: Vec::new(),
    };
    // A cloned repository can commit state.json: no path of the record is taken on trust.
    let record = record.map(|r| record_check::checked(&project, r, &mut report.notes));
    let mut heir: Option<(String, Record)> = None;
    let mut new_record = if args.remove && args.mcp {
        // `--mcp --remove` takes out the MCP server alone: hooks and blocks added by a setup
        // without `--mcp` stay, and so does their record.
        let mut kept = record.unwrap_or_default();
        plan_mcp_removal(&project, args, &kept, &mut report)?;
        kept.mcp_file = None;
        kept.mcp_original = None;
        kept.mcp_user = None;
        let empty =
            serde_json::to_value(&kept).ok() == serde_json::to_value(Record::default()).ok();
        (!empty).then_some(kept)
    } else if args.remove {
        let record =
            record.map(|r| hand_over(&records, &key, args.agent, r, &mut heir, &mut report));
        plan_removal(&project, args, record.as_ref(), &mut report)?;
        None
    } else {
        Some(plan_setup(
            ctx,
            &project,
            args,
            record.unwrap_or_default(),
            &mut report,
        )?)
    };

    // What the refresh that follows does to each instruction file, said (and shown by
    // --dry-run); a block setup appended to a file that now imports the holder goes exactly.
    let targets_change = report.changes.iter().any(|c| c.file == CONFIG_FILE);
    let config_before = Config::load(&project.config())?;
    let mut config_after = config_before.clone();
    if targets_change {
        let target = definition.target;
        if args.remove {
            config_after.context_targets.retain(|t| t != target);
        } else if !config_after.context_targets.iter().any(|t| t == target) {
            config_after.context_targets.push(target.to_string());
        }
    }
    let appended = blocks_appended(&records, &key, heir.as_ref(), new_record.as_ref());
    plan_blocks(
        &project,
        &state,
        (&config_before, &config_after),
        &appended,
        args.dry_run,
        &mut report,
    )?;

    // A cloned repository is untrusted: `.claude` linked to `~/.claude` must not lead setup
    // into the user's own settings. Checked for every file before any is written (a
    // context target is judged by the refresh, which refuses one that leads out).
    // A per-user file (named by its absolute path) is outside the project by design.
    if let Some(change) = report.changes.iter().find(|c| {
        c.block.is_none()
            && !Path::new(&c.file).is_absolute()
            && !project.leads_inside(&project.root.join(&c.file))
    }) {
        return Err(Error::BadFile {
            path: project.root.join(&change.file),
            reason: "leads outside the project (a symbolic link); left unchanged".into(),
        });
    }
    // The agent's own instruction file refused (a cloned repository's `GEMINI.md ->
    // ~/.bashrc`): its agent would read no memory, so setup does nothing and says why,
    // rather than wire the hooks and report success.
    if !args.remove
        && config_after
            .context_targets
            .iter()
            .any(|t| t == definition.target)
        && let Some(reason) =
            crate::context::target_refusal_naming_the_target(&project, definition.target)
    {
        let reason = reason.strip_suffix("; left unchanged").unwrap_or(&reason);
        return Err(Error::BadFile {
            path: project.root.join(definition.target),
            reason: format!(
                "refused: {reason}: {} would read no memory there, so nothing was set up; \
                 replace the link with a file, or point it inside the project",
                definition.name
            ),
        });
    }
    if !args.dry_run {
        for change in &report.changes {
            apply(&project, change)?;
        }
        if let Some(record) = new_record
            .as_mut()
            .filter(|_| args.agent == Agent::Claude && args.local)
        {
            // Claude Code's personal settings stay out of git, as CLAUDE.local.md does; the
            // lines are recorded so that --remove takes them out again.
            let added = personal::ensure_ignored_as(
                &project.root,
                claude::LOCAL_SETTINGS_FILE,
                "# mind: Claude Code's personal settings (mind setup claude --local) are not committed",
            )?;
            if let Some(added) = added
                && record.excluded.is_none()
            {
                record.excluded = Some(ExcludedLines {
                    file: added.file.display().to_string(),
                    text: added.text,
                });
            }
        }
        let mut records = match records {
            Value::Object(map) => map,
            _ => serde_json::Map::new(),
        };
        if let Some((heir_key, heir_record)) = heir {
            records.insert(
                heir_key,
                serde_json::to_value(heir_record).unwrap_or_default(),
            );
        }
        match new_record {
            Some(record) => {
                records.insert(key, serde_json::to_value(record).unwrap_or_default());
            }
            None => {
                records.remove(&key);
            }
        }
        if records.is_empty() {
            state.remove(STATE_KEY);
        } else {
            state.set(STATE_KEY, Value::Object(records));
        }
        // The new target gets its block now, not at the next recall (the config's problems
        // were said when the setup was planned). A removal that takes a target out refreshes
        // the others too: one that imported it reads no block now and gets its own back.
        if !args.remove || targets_change {
            let config = Config::load(&project.config())?;
            let (_, doc) = read_memory(&project)?;
            refresh_context(ctx, &project, &config, &mut state, &doc, None)?;
            // Where the block landed in AGENTS.md: past what Codex reads, it is cut or unread.
            if args.agent == Agent::Codex
                && !args.remove
                && let Some(past) = codex::block_past_limit(&project.root, definition.target)
            {
                report.notes.push(past.describe(definition.target));
            }
        }
        state.save_if_changed(&project.state())?;
    }

    if ctx.json {
        output::print_json(&report)?;
    } else {
        ctx.out(&render(ctx, &report))?;
    }
    Ok(())
}

/// The agent a record key names (`claude-local` is Claude Code's).
fn agent_of_key(key: &str) -> Option<Agent> {
    Agent::from_str(key.strip_suffix("-local").unwrap_or(key), true).ok()
}

/// Before a removal: when another recorded setup uses the same instruction file (Codex,
/// Aider and any AGENTS.md reader share AGENTS.md; Claude Code's shared and personal setups
/// share CLAUDE.md), the context target, the file and the block setup added for it are not
/// this removal's to take out. They pass to that setup's record, so the last removal of
/// the ones that need them takes them out. Returns the record left to remove; `heir` gets
/// the other record when it changed.
fn hand_over(
    records: &Value,
    key: &str,
    agent: Agent,
    mut record: Record,
    heir: &mut Option<(String, Record)>,
    report: &mut Report,
) -> Record {
    let target = agent.definition().target;
    let Some(others) = records.as_object() else {
        return record;
    };
    let dependents: Vec<(&String, Record)> = others
        .iter()
        .filter(|(k, _)| k.as_str() != key)
        .filter(|(k, _)| agent_of_key(k).is_some_and(|a| a.definition().target == target))
        .filter_map(|(k, v)| Some((k, serde_json::from_value(v.clone()).ok()?)))
        .collect();
    let owns = record.target_added.is_some()
        || record.file_created.is_some()
        || record.block_added.is_some();
    let Some((first_key, first)) = dependents.first().filter(|_| owns) else {
        return record;
    };
    let mut first = first.clone();
    if first.target_added.is_none() {
        first.target_added = record.target_added.take();
    }
    if first.file_created.is_none() {
        first.file_created = record.file_created.take();
    }
    if first.block_added.is_none() {
        first.block_added = record.block_added.take();
    }
    // Whatever could not be handed over (the other record has its own) stays too.
    record.target_added = None;
    record.file_created = None;
    record.block_added = None;
    let users: Vec<String> = dependents
        .iter()
        .map(|(k, _)| format!("`mind setup {}`", k.replace("-local", " --local")))
        .collect();
    let users = match users.split_last() {
        Some((last, [])) => format!("{last} still needs it (its --remove takes it out)"),
        Some((last, rest)) => format!(
            "{} and {last} still need it (the last one's --remove takes it out)",
            rest.join(", ")
        ),
        None => String::new(),
    };
    report.notes.push(format!(
        "{target} stays a context target, with its block: {users}"
    ));
    *heir = Some((first_key.to_string(), first));
    record
}

/// One record per agent (Claude Code's shared and personal settings apart).
fn record_key(args: &SetupArgs) -> String {
    let name = args
        .agent
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default();
    if args.agent == Agent::Claude && args.local {
        format!("{name}-local")
    } else {
        name
    }
}

use clap::ValueEnum;

fn plan_setup(
    ctx: &Ctx,
    project: &Project,
    args: &SetupArgs,
    mut record: Record,
    report: &mut Report,
) -> Result<Record> {
    let target = args.agent.definition().target;
    // The instruction file, as a context target.
    let config_path = project.config();
    let config_bytes = text::read_optional(&config_path)?;
    let edited =
        targets::edit(config_bytes.as_deref(), target, true).map_err(|reason| Error::BadFile {
            path: config_path.clone(),
            reason,
        })?;
    let adds_target = edited.is_some();
    if let Some(bytes) = edited {
        report.changes.push(Change {
            file: CONFIG_FILE.into(),
            action: format!("add {target} to context_targets"),
            bytes: Some(bytes),
            block: None,
        });
        record
            .target_added
            .get_or_insert_with(|| target.to_string());
    }
    let target_path = project.root.join(target);
    let existing = text::read_optional(&target_path)?;
    if let Some(bytes) = &existing
        && adds_target
        && record.block_added.is_none()
        && splice::block_state(bytes) == splice::BlockState::Missing
    {
        // The refresh below appends the block; a block that was there already (written
        // for a target the config had) is not setup's to take out.
        let migrated = migrate::remove_python_instructions(bytes);
        record.block_added = Some(BlockAdded {
            file: target.to_string(),
            newline_added: !text::ends_with_newline(&migrated.bytes),
            in_place: migrated.removed > 0,
        });
    }
    if existing.is_none() {
        // The refresh creates it (a rule file with its front matter), unless its agent reads
        // the block in another target; the removal deletes it while it holds only the block.
        record
            .file_created
            .get_or_insert_with(|| target.to_string());
    } else if args.agent == Agent::Cursor
        && !cursor::always_applies(existing.as_deref().unwrap_or_default())
    {
        report.notes.push(format!(
            "{target} has no `alwaysApply: true` front matter; Cursor loads it only when asked"
        ));
    }
    // Read once (its problems said once): the budget and the imports are judged on it, with
    // the target setup adds.
    let mut config = ctx.config(project)?;
    match args.agent {
        Agent::Claude => plan_claude(project, args, &mut record, report)?,
        Agent::Aider => plan_aider(project, target, &mut record, report)?,
        Agent::Cursor => plan_cursor_hooks(project, &mut record, report)?,
        Agent::Codex => plan_codex(project, &mut record, report)?,
        _ => {}
    }
    if args.mcp && args.agent == Agent::Claude && args.local {
        plan_mcp_user(project, &mut record, report)?;
    } else if args.mcp {
        plan_mcp(project, args.agent, &mut record, report)?;
    }
    // A target that imports another (`@AGENTS.md` in CLAUDE.md) gets no block of its own:
    // its agent reads the imported one's.
    if !config.context_targets.iter().any(|t| t == target) {
        config.context_targets.push(target.to_string());
    }
    for (importer, holder) in crate::context::inspect::imports(project, &config)? {
        if importer == target || holder == target {
            report
                .notes
                .push(crate::context::inspect::import_note(&importer, &holder, ""));
        }
    }
    Ok(record)
}

/// The project MCP configuration file of an agent that has one.
fn mcp_file(agent: Agent) -> Option<&'static str> {
    match agent {
        Agent::Claude => Some(mcp_clients::CLAUDE_FILE),
        Agent::Cursor => Some(mcp_clients::CURSOR_FILE),
        _ => None,
    }
}

/// `--mcp`: the `mind mcp` server merged into the agent's MCP configuration.
fn plan_mcp(
    project: &Project,
    agent: Agent,
    record: &mut Record,
    report: &mut Report,
) -> Result<()> {
    let Some(file) = mcp_file(agent) else {
        return Ok(());
    };
    let (existing, mut config) = read_json_file(project, file)?;
    let merged = mcp_clients::merge(&mut config).map_err(|reason| Error::BadFile {
        path: project.root.join(file),
        reason,
    })?;
    match merged {
        mcp_clients::Merged::Added => {
            report.changes.push(Change {
                file: file.into(),
                action: "add the mind MCP server (mind mcp)".into(),
                bytes: Some(claude::render_like(&config, existing.as_deref())),
                block: None,
            });
            if record.mcp_file.is_none() {
                record.mcp_file = Some(file.into());
                record.mcp_original = existing.map(|b| String::from_utf8_lossy(&b).into_owned());
            }
        }
        mcp_clients::Merged::Present => {}
        mcp_clients::Merged::Different => report.notes.push(format!(
            "{file} configures a `mind` MCP server with another command; it stays as it is"
        )),
    }
    Ok(())
}

/// Claude Code's per-user file, `~/.claude.json`.
fn claude_user_file() -> Result<PathBuf> {
    crate::store::home::user_home()
        .map(|home| home.join(mcp_clients::CLAUDE_USER_FILE))
        .ok_or_else(|| {
            Error::usage_hint(
                "no home folder: cannot find Claude Code's ~/.claude.json",
                "set HOME",
            )
        })
}

/// The key of this project in Claude Code's per-user file: its folder's path.
fn user_project_key(project: &Project) -> String {
    project.root.display().to_string()
}

/// `--mcp --local` (Claude Code): the `mind mcp` server in this project's entry of the
/// per-user `~/.claude.json`, Claude Code's local scope (what `claude mcp add --scope local`
/// writes): only this user sees it, in this project, and no file of the project changes.
fn plan_mcp_user(project: &Project, record: &mut Record, report: &mut Report) -> Result<()> {
    let path = claude_user_file()?;
    let bad = |reason: String| Error::BadFile {
        path: path.clone(),
        reason,
    };
    let (existing, mut config) = read_json(&path)?;
    let key = user_project_key(project);
    let (had_entry, had_servers) = mcp_clients::user_project_has(&config, &key);
    let entry = mcp_clients::user_project(&mut config, &key).map_err(bad)?;
    let file = path.display().to_string();
    match mcp_clients::merge(entry).map_err(bad)? {
        mcp_clients::Merged::Added => {
            report.changes.push(Change {
                file: file.clone(),
                action: format!(
                    "add the mind MCP server (mind mcp) to projects[{key:?}] (Claude Code's local scope)"
                ),
                bytes: Some(claude::render_like(&config, existing.as_deref())),
                block: None,
            });
            if record.mcp_user.is_none() {
                record.mcp_user = Some(McpUser {
                    file,
                    entry_added: !had_entry,
                    servers_added: !had_servers,
                    file_created: existing.is_none(),
                });
            }
        }
        mcp_clients::Merged::Present => {}
        mcp_clients::Merged::Different => report.notes.push(format!(
            "{file} configures a `mind` MCP server for this project with another command; it stays as it is"
        )),
    }
    Ok(())
}

/// `--remove` of `--mcp --local`: the server taken out of the project's entry in the
/// per-user file again, and what setup made for it (with no record: the server only).
fn plan_mcp_user_removal(
    project: &Project,
    args: &SetupArgs,
    record: &Record,
    report: &mut Report,
) -> Result<()> {
    let local = args.mcp && args.local && args.agent == Agent::Claude;
    let (path, added) = match (&record.mcp_user, local) {
        (Some(added), _) => (PathBuf::from(&added.file), Some(added)),
        (None, true) => (claude_user_file()?, None),
        (None, false) => return Ok(()),
    };
    let (existing, mut config) = read_json(&path)?;
    if existing.is_none() {
        return Ok(());
    }
    let removed = mcp_clients::remove_from_user_project(
        &mut config,
        &user_project_key(project),
        added.is_some_and(|a| a.servers_added),
        added.is_some_and(|a| a.entry_added),
    );
    if !removed {
        return Ok(());
    }
    let created = added.is_some_and(|a| a.file_created);
    report.changes.push(Change {
        file: path.display().to_string(),
        action: "remove the mind MCP server (Claude Code's local scope)".into(),
        bytes: (!(created && config.is_empty()))
            .then(|| claude::render_like(&config, existing.as_deref())),
        block: None,
    });
    Ok(())
}

/// `--remove`: the `mind mcp` server taken out of the file setup added it to (or, with
/// `--mcp` and no record, the agent's file); the original bytes come back when nothing
/// else changed.
fn plan_mcp_removal(
    project: &Project,
    args: &SetupArgs,
    record: &Record,
    report: &mut Report,
) -> Result<()> {
    plan_mcp_user_removal(project, args, record, report)?;
    let local = args.agent == Agent::Claude && args.local;
    let file = match (&record.mcp_file, args.mcp && !local) {
        (Some(file), _) => file.clone(),
        (None, true) => match mcp_file(args.agent) {
            Some(file) => file.to_string(),
            None => return Ok(()),
        },
        (None, false) => return Ok(()),
    };
    let (existing, mut config) = read_json_file(project, &file)?;
    if existing.is_none() || !mcp_clients::remove(&mut config) {
        return Ok(());
    }
    let bytes = match &record.mcp_original {
        None if record.mcp_file.is_some() && config.is_empty() => None,
        Some(original) if claude::parse(original.as_bytes()).is_ok_and(|o| o == config) => {
            Some(original.clone().into_bytes())
        }
        _ => Some(claude::render_like(&config, existing.as_deref())),
    };
    report.changes.push(Change {
        file,
        action: "remove the mind MCP server".into(),
        bytes,
        block: None,
    });
    Ok(())
}

fn settings_file(args: &SetupArgs) -> &'static str {
    if args.local {
        claude::LOCAL_SETTINGS_FILE
    } else {
        claude::SETTINGS_FILE
    }
}

fn plan_claude(
    project: &Project,
    args: &SetupArgs,
    record: &mut Record,
    report: &mut Report,
) -> Result<()> {
    let file = settings_file(args);
    let (existing, mut settings) = read_json_file(project, file)?;
    // Hooks an earlier setup wrote are brought up to date first (who added them does not
    // change), so the merge finds them as mind's and adds no second.
    let upgraded = claude::upgrade(&mut settings);
    let added = claude::merge(&mut settings).map_err(|reason| Error::BadFile {
        path: project.root.join(file),
        reason,
    })?;
    let update = (!upgraded.is_empty()).then(|| {
        let plural = if upgraded.len() == 1 { "" } else { "s" };
        format!("bring the {} hook{plural} up to date", upgraded.join(", "))
    });
    if added.is_empty() {
        // Only commands change: every other byte of the file stays.
        if let Some(action) = update
            && let Some(bytes) = existing.as_deref().and_then(claude::upgrade_file)
        {
            report.changes.push(Change {
                file: file.into(),
                action,
                bytes: Some(bytes),
                block: None,
            });
        }
        return Ok(());
    }
    let mut parts: Vec<String> = added.hooks.iter().map(|e| format!("{e} hook")).collect();
    if added.permission {
        parts.push(format!("permission {}", claude::PERMISSION));
    }
    let mut action = format!("add {}", parts.join(", "));
    if let Some(update) = update {
        action = format!("{update}; {action}");
    }
    report.changes.push(Change {
        file: file.into(),
        action,
        bytes: Some(claude::render_like(&settings, existing.as_deref())),
        block: None,
    });
    remember_original(record, file, existing);
    let mut all = record.claude.take().unwrap_or_default();
    all.hooks.extend(added.hooks);
    all.permission |= added.permission;
    record.claude = Some(all);
    Ok(())
}

/// A JSON file's bytes as found (None: no file) and its object.
pub(super) type JsonFile = (Option<Vec<u8>>, serde_json::Map<String, Value>);

/// Parse a project's JSON hook or settings file (none: empty), for a merge or a removal.
fn read_json_file(project: &Project, file: &str) -> Result<JsonFile> {
    read_json(&project.root.join(file))
}

/// Parse the JSON file at `path` (none: empty); a file that is no JSON object is refused.
pub(super) fn read_json(path: &Path) -> Result<JsonFile> {
    let existing = text::read_optional(path)?;
    let parsed = claude::parse(existing.as_deref().unwrap_or_default()).map_err(|reason| {
        Error::BadFile {
            path: path.to_path_buf(),
            reason,
        }
    })?;
    Ok((existing, parsed))
}

/// Remember the bytes a file had before setup first changed it.
fn remember_original(record: &mut Record, file: &str, existing: Option<Vec<u8>>) {
    if record.changed_file.is_none() {
        record.changed_file = Some(file.into());
        record.original = existing.map(|b| String::from_utf8_lossy(&b).into_owned());
    }
}

fn plan_codex(project: &Project, record: &mut Record, report: &mut Report) -> Result<()> {
    let file = codex::HOOKS_FILE;
    let (existing, mut hooks) = read_json_file(project, file)?;
    let added = codex::merge(&mut hooks).map_err(|reason| Error::BadFile {
        path: project.root.join(file),
        reason,
    })?;
    if !added.is_empty() {
        let parts: Vec<String> = added.iter().map(|e| format!("{e} hook")).collect();
        report.changes.push(Change {
            file: file.into(),
            action: format!("add {}", parts.join(", ")),
            bytes: Some(claude::render_like(&hooks, existing.as_deref())),
            block: None,
        });
        remember_original(record, file, existing);
        let mut all = record.codex.take().unwrap_or_default();
        all.extend(added);
        record.codex = Some(all);
    }
    // Two gates, both silent when closed: the project's trust, and each hook's own review
    // (a new or changed hook is skipped until approved).
    report.notes.push(format!(
        "Codex runs the hooks in {file} only in a trusted project (trust it when Codex asks, or `trust_level = \"trusted\"` for it in ~/.codex/config.toml), and only once each is approved: approve mind's hooks in Codex's `/hooks` (every new or changed hook needs it; until then Codex skips it)"
    ));
    Ok(())
}

/// `mind doctor --fix` for a Codex install an earlier setup made before mind had all its
/// hooks: the missing ones merged into `.codex/hooks.json` as `mind setup codex` merges
/// them, and added to that setup's record, so that `--remove` takes them out with the
/// rest (with no record, a removal takes out every hook of mind's anyway). The caller holds
/// the store lock.
pub fn add_missing_codex_hooks(project: &Project) -> Result<()> {
    let file = codex::HOOKS_FILE;
    let (existing, mut hooks) = read_json_file(project, file)?;
    let Some(existing) = existing else {
        return Ok(());
    };
    let added = codex::merge(&mut hooks).map_err(|reason| Error::BadFile {
        path: project.root.join(file),
        reason,
    })?;
    if added.is_empty() {
        return Ok(());
    }
    let rendered = claude::render_like(&hooks, Some(&existing));
    atomic::write_atomic(
        &project.root.join(file),
        &claude::keep_bom(Some(&existing), rendered),
    )?;
    let mut state = State::load(&project.state())?;
    let Some(Value::Object(mut records)) = state.get(STATE_KEY).cloned() else {
        return Ok(());
    };
    let key = Agent::Codex
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default();
    let Some(mut record) = records
        .get(&key)
        .and_then(|r| serde_json::from_value::<Record>(r.clone()).ok())
    else {
        return Ok(());
    };
    remember_original(&mut record, file, Some(existing));
    record.codex.get_or_insert_with(Vec::new).extend(added);
    records.insert(key, serde_json::to_value(record).unwrap_or_default());
    state.set(STATE_KEY, Value::Object(records));
    state.save(&project.state())
}

fn plan_cursor_hooks(project: &Project, record: &mut Record, report: &mut Report) -> Result<()> {
    let file = cursor::HOOKS_FILE;
    let (existing, mut hooks) = read_json_file(project, file)?;
    let added = cursor::merge(&mut hooks).map_err(|reason| Error::BadFile {
        path: project.root.join(file),
        reason,
    })?;
    if added.is_empty() {
        return Ok(());
    }
    let parts: Vec<String> = added.hooks.iter().map(|e| format!("{e} hook")).collect();
    report.changes.push(Change {
        file: file.into(),
        action: format!("add {}", parts.join(", ")),
        bytes: Some(claude::render_like(&hooks, existing.as_deref())),
        block: None,
    });
    remember_original(record, file, existing);
    let mut all = record.cursor_hooks.take().unwrap_or_default();
    all.hooks.extend(added.hooks);
    all.version |= added.version;
    record.cursor_hooks = Some(all);
    Ok(())
}

fn plan_aider(
    project: &Project,
    target: &str,
    record: &mut Record,
    report: &mut Report,
) -> Result<()> {
    let path = project.root.join(aider::CONFIG_FILE);
    let existing = text::read_optional(&path)?;
    let edit = aider::add_read(existing.as_deref(), target).map_err(|reason| Error::BadFile {
        path: path.clone(),
        reason,
    })?;
    if let aider::Edit::Changed(bytes) = edit {
        report.changes.push(Change {
            file: aider::CONFIG_FILE.into(),
            action: format!("add {target} to read:"),
            bytes: Some(bytes),
            block: None,
        });
        remember_original(record, aider::CONFIG_FILE, existing);
    }
    Ok(())
}

fn plan_removal(
    project: &Project,
    args: &SetupArgs,
    record: Option<&Record>,
    report: &mut Report,
) -> Result<()> {
    let fallback = Record::default();
    let record_or_default = record.unwrap_or(&fallback);
    match args.agent {
        Agent::Claude => {
            let file = settings_file(args);
            let (existing, mut settings) = read_json_file(project, file)?;
            // Without a record, every hook and rule setup writes is taken out.
            let added = record_or_default
                .claude
                .clone()
                .unwrap_or_else(claude::Added::everything);
            // A container the user had before setup stays, even left empty.
            let before = original_json(record, file);
            if existing.is_some() && claude::remove(&mut settings, &added, before.as_ref()) {
                report.changes.push(Change {
                    file: file.into(),
                    action: "remove the mind hooks and permission".into(),
                    bytes: restore_or(
                        record,
                        file,
                        &settings,
                        claude::render_like(&settings, existing.as_deref()),
                    ),
                    block: None,
                });
            }
        }
        Agent::Codex => {
            let file = codex::HOOKS_FILE;
            let (existing, mut hooks) = read_json_file(project, file)?;
            let events = record_or_default
                .codex
                .clone()
                .unwrap_or_else(codex::all_events);
            let before = original_json(record, file);
            if existing.is_some() && codex::remove(&mut hooks, &events, before.as_ref()) {
                report.changes.push(Change {
                    file: file.into(),
                    action: "remove the mind hooks".into(),
                    bytes: restore_or(
                        record,
                        file,
                        &hooks,
                        claude::render_like(&hooks, existing.as_deref()),
                    ),
                    block: None,
                });
            }
        }
        Agent::Cursor => {
            let file = cursor::HOOKS_FILE;
            let (existing, mut hooks) = read_json_file(project, file)?;
            let added = record_or_default
                .cursor_hooks
                .clone()
                .unwrap_or_else(cursor::Added::everything);
            let before = original_json(record, file);
            if existing.is_some() && cursor::remove(&mut hooks, &added, before.as_ref()) {
                report.changes.push(Change {
                    file: file.into(),
                    action: "remove the mind hooks".into(),
                    bytes: restore_or(
                        record,
                        file,
                        &hooks,
                        claude::render_like(&hooks, existing.as_deref()),
                    ),
                    block: None,
                });
            }
        }
        Agent::Aider => {
            // Only an entry setup added is taken out: one the user listed stays theirs.
            let path = project.root.join(aider::CONFIG_FILE);
            let target = args.agent.definition().target;
            if record_or_default.changed_file.as_deref() == Some(aider::CONFIG_FILE)
                && let Some(bytes) = text::read_optional(&path)?
            {
                let original = record_or_default.original.as_deref().map(str::as_bytes);
                let edit = aider::remove_read(&bytes, target, original).map_err(|reason| {
                    Error::BadFile {
                        path: path.clone(),
                        reason,
                    }
                })?;
                if let aider::Edit::Changed(after) = edit {
                    let created = original.is_none();
                    report.changes.push(Change {
                        file: aider::CONFIG_FILE.into(),
                        action: format!("remove {target} from read:"),
                        bytes: (!(created && after.is_empty())).then_some(after),
                        block: None,
                    });
                }
            }
        }
        _ => {}
    }
    plan_mcp_removal(project, args, record_or_default, report)?;
    if let Some(target) = &record_or_default.target_added {
        let config_path = project.config();
        let edited = targets::edit(text::read_optional(&config_path)?.as_deref(), target, false)
            .map_err(|reason| Error::BadFile {
                path: config_path.clone(),
                reason,
            })?;
        if let Some(bytes) = edited {
            report.changes.push(Change {
                file: CONFIG_FILE.into(),
                action: format!("remove {target} from context_targets"),
                bytes: Some(bytes),
                block: None,
            });
        }
    }
    if let Some(added) = &record_or_default.block_added {
        plan_block_removal(project, added, report)?;
    }
    if let Some(excluded) = &record_or_default.excluded {
        plan_exclude_removal(project, excluded, report)?;
    }
    if let Some(file) = &record_or_default.file_created {
        plan_created_file_removal(project, file, report)?;
    }
    if record.is_none() && !matches!(args.agent, Agent::Claude | Agent::Codex | Agent::Cursor) {
        report.notes.push(format!(
            "no record of `mind setup {}` in .mind/state.json; nothing of it to take out",
            record_key(args)
        ));
    }
    Ok(())
}

/// A file setup created: deleted while it holds only the context block (and a rule file's
/// front matter); with lines the user added since, the block comes out as it does from a
/// file the project had (markers, the lines between them, the blank line before them) and
/// the rest stays. A block left behind would no longer be refreshed (the target is gone)
/// and go on telling the agent what was true at the removal.
fn plan_created_file_removal(project: &Project, file: &str, report: &mut Report) -> Result<()> {
    let Some(bytes) = text::read_optional(&project.root.join(file))? else {
        return Ok(());
    };
    let delete = Change {
        file: file.to_string(),
        action: "delete (setup created it; it holds only the context block)".into(),
        bytes: None,
        block: None,
    };
    if holds_only_the_block(&bytes) || cursor::holds_only_front_matter(&bytes) {
        report.changes.push(delete);
        return Ok(());
    }
    match splice::remove_appended(&bytes, false) {
        Ok(Some(rest))
            if cursor::holds_only_front_matter(&rest) || rest.iter().all(u8::is_ascii_whitespace) =>
        {
            report.changes.push(delete)
        }
        Ok(Some(rest)) => report.changes.push(Change {
            file: file.to_string(),
            action: "remove the context block (setup created the file; the lines added since stay)"
                .into(),
            bytes: Some(rest),
            block: None,
        }),
        Ok(None) => {}
        Err(reason) => report.notes.push(format!(
            "{file}: {reason}; it stays as it is (delete the lines between the MIND markers by hand)"
        )),
    }
    Ok(())
}

/// The blocks setup appended to files the project had, by the setups still recorded after
/// this command: the others' (`heir` in place of its old record) and this one's new record.
fn blocks_appended(
    records: &Value,
    key: &str,
    heir: Option<&(String, Record)>,
    new_record: Option<&Record>,
) -> Vec<BlockAdded> {
    let mut found: Vec<BlockAdded> = Vec::new();
    if let Some(map) = records.as_object() {
        for (k, v) in map.iter().filter(|(k, _)| k.as_str() != key) {
            let record = match heir {
                Some((heir_key, heir_record)) if heir_key == k => Some(heir_record.clone()),
                _ => serde_json::from_value::<Record>(v.clone()).ok(),
            };
            found.extend(record.and_then(|r| r.block_added));
        }
    }
    found.extend(new_record.and_then(|r| r.block_added.clone()));
    found
}

/// What the refresh after this command does to each instruction file, as changes: a target
/// that gets the block for the first time, or again because the target it imported went,
/// is named with what happens to it ("append the context block (your text kept)"), shown in
/// full by `--dry-run`; the refresh writes it. A target that now imports the one holding the
/// block loses its own: when setup appended it (`appended`), it comes out here exactly as
/// it went in, separator included, so the file is what it was; otherwise the refresh takes
/// out the lines between the markers. `configs`: the config before and after this command.
fn plan_blocks(
    project: &Project,
    state: &State,
    configs: (&Config, &Config),
    appended: &[BlockAdded],
    dry_run: bool,
    report: &mut Report,
) -> Result<()> {
    let (before, after) = configs;
    let imported_before = crate::context::inspect::imports(project, before)?;
    let imported_after = crate::context::inspect::imports(project, after)?;
    let mut body: Option<String> = None;
    let mut found = Vec::new();
    for name in &after.context_targets {
        if report.changes.iter().any(|c| &c.file == name)
            || crate::context::target_refusal(project, name).is_some()
        {
            continue;
        }
        let bytes = text::read_optional(&project.root.join(name))?;
        let has_block = bytes
            .as_deref()
            .is_some_and(|b| splice::block_state(b) != splice::BlockState::Missing);
        if let Some(holder) = imported_after.get(name) {
            let Some(bytes) = bytes.filter(|_| has_block) else {
                continue;
            };
            let why = if cursor::is_rule_file(name) {
                format!("Cursor reads {holder}, which holds the block now")
            } else {
                format!("it imports {holder}, which holds the block now")
            };
            match appended.iter().find(|a| &a.file == name && !a.in_place) {
                Some(added) => {
                    if let Ok(Some(restored)) = splice::remove_appended(&bytes, added.newline_added)
                    {
                        found.push(Change {
                            file: name.clone(),
                            action: format!("remove the context block setup added ({why})"),
                            bytes: Some(restored),
                            block: None,
                        });
                    }
                }
                // Said by the refresh when it does it.
                None if dry_run => report
                    .notes
                    .push(format!("{name} would lose its context block: {why}")),
                None => {}
            }
            continue;
        }
        let new = !before.context_targets.contains(name) || imported_before.contains_key(name);
        if !new || has_block {
            continue;
        }
        let in_place = bytes
            .as_deref()
            .is_some_and(|b| migrate::remove_python_instructions(b).removed > 0);
        let action = match &bytes {
            None if cursor::is_rule_file(name) => "create (always applied) with the context block",
            None => "create with the context block",
            Some(_) if in_place => {
                "put the context block in place of the Python Mind's `## Memory (Mind)` instructions (your other text kept)"
            }
            Some(_) => "append the context block (your text kept)",
        };
        let preview = if dry_run {
            let body = match &body {
                Some(body) => body,
                None => body.insert(shared_block(project, state, after)?),
            };
            preview_of(name, bytes.as_deref(), body)?
        } else {
            Preview {
                heading: String::new(),
                text: String::new(),
            }
        };
        found.push(Change {
            file: name.clone(),
            action: action.into(),
            bytes: None,
            block: Some(preview),
        });
    }
    // Named right after the context target that brings them.
    let at = report
        .changes
        .iter()
        .position(|c| c.file == CONFIG_FILE)
        .map_or(0, |i| i + 1);
    report.changes.splice(at..at, found);
    Ok(())
}

/// The shared context block the refresh would write with `config`.
fn shared_block(project: &Project, state: &State, config: &Config) -> Result<String> {
    let (_, doc) = read_memory(project)?;
    let blocks = crate::commands::build_blocks(
        project,
        config,
        state,
        &crate::context::digest::Memory::Parsed(&doc),
        crate::commands::session_sections(state),
        false,
    )?;
    Ok(blocks.shared.body)
}

/// What `--dry-run` shows of the block the refresh writes into `name` (`existing`: its
/// bytes now): the lines appended to a file of the user's, else the file as it would be.
fn preview_of(name: &str, existing: Option<&[u8]>, body: &str) -> Result<Preview> {
    let base = existing.unwrap_or_else(|| cursor::new_file_start(name));
    let written = splice::splice(base, body, None).map_err(|reason| Error::Markers {
        path: PathBuf::from(name),
        reason,
    })?;
    Ok(
        match written.strip_prefix(base).filter(|_| existing.is_some()) {
            Some(tail) => Preview {
                heading: format!("--- appended to {name} ---"),
                text: String::from_utf8_lossy(tail).into_owned(),
            },
            None => Preview {
                heading: format!("--- {name} as it would be ---"),
                text: String::from_utf8_lossy(&written).into_owned(),
            },
        },
    )
}

/// Take the lines setup appended to git's exclude file out again, while they are there
/// whole (a line the user changed or moved is theirs now).
fn plan_exclude_removal(
    project: &Project,
    excluded: &ExcludedLines,
    report: &mut Report,
) -> Result<()> {
    let path = PathBuf::from(&excluded.file);
    let Some(bytes) = text::read_optional(&path)? else {
        return Ok(());
    };
    let Some(restored) = personal::without_excluded(&bytes, &excluded.text) else {
        return Ok(());
    };
    // Inside the project (`.git/info/exclude`) it is named as the other files are.
    let file = match path.strip_prefix(&project.root) {
        Ok(relative) => relative.display().to_string(),
        Err(_) => excluded.file.clone(),
    };
    report.changes.push(Change {
        file,
        action: format!(
            "remove {} (setup added it so git ignores that file)",
            excluded.text.lines().last().unwrap_or_default()
        ),
        bytes: Some(restored),
        block: None,
    });
    Ok(())
}

/// Take the context block setup appended out of a file the user had, with the separator
/// the append added, so the file is byte for byte what it was (the user's edits since kept).
fn plan_block_removal(project: &Project, added: &BlockAdded, report: &mut Report) -> Result<()> {
    let Some(bytes) = text::read_optional(&project.root.join(&added.file))? else {
        return Ok(());
    };
    let removed = if added.in_place {
        splice::remove_in_place(&bytes)
    } else {
        splice::remove_appended(&bytes, added.newline_added)
    };
    match removed {
        Ok(Some(restored)) => report.changes.push(Change {
            file: added.file.clone(),
            action: "remove the context block setup added".into(),
            bytes: Some(restored),
            block: None,
        }),
        Ok(None) => {}
        Err(reason) => report.notes.push(format!(
            "{}: {reason}; it stays as it is (delete the lines between the MIND markers by hand)",
            added.file
        )),
    }
    Ok(())
}

/// The JSON object a file setup changed held before (None: no record of it, no file, or
/// not a JSON object).
fn original_json(record: Option<&Record>, file: &str) -> Option<serde_json::Map<String, Value>> {
    let record = record.filter(|r| r.changed_file.as_deref() == Some(file))?;
    claude::parse(record.original.as_deref()?.as_bytes()).ok()
}

/// After a removal: the file's original bytes when what is left equals them as JSON (no
/// file at all when there was none and nothing is left), else the rewritten settings.
fn restore_or(
    record: Option<&Record>,
    file: &str,
    left: &serde_json::Map<String, Value>,
    rewritten: Vec<u8>,
) -> Option<Vec<u8>> {
    let Some(record) = record.filter(|r| r.changed_file.as_deref() == Some(file)) else {
        return Some(rewritten);
    };
    match &record.original {
        None if left.is_empty() => None,
        Some(original) if claude::parse(original.as_bytes()).is_ok_and(|o| &o == left) => {
            Some(original.clone().into_bytes())
        }
        _ => Some(rewritten),
    }
}

/// A file of one context block and nothing else (Cursor's front matter aside).
fn holds_only_the_block(bytes: &[u8]) -> bool {
    let rest = bytes
        .strip_prefix(cursor::FRONT_MATTER.as_bytes())
        .unwrap_or(bytes);
    let text = String::from_utf8_lossy(rest);
    let trimmed = text.trim();
    splice::block_state(rest) == splice::BlockState::Pairs(1)
        && trimmed.starts_with(splice::START_MARKER)
        && trimmed.ends_with(splice::END_MARKER)
}

fn apply(project: &Project, change: &Change) -> Result<()> {
    if change.block.is_some() {
        // The context refresh writes it.
        return Ok(());
    }
    let path: PathBuf = project.root.join(&change.file);
    match &change.bytes {
        Some(bytes) => {
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
            }
            // A file that began with a byte order mark keeps it (JSON is parsed past it).
            let existing = text::read_optional(&path)?;
            atomic::write_atomic(&path, &claude::keep_bom(existing.as_deref(), bytes.clone()))
        }
        None => {
            match std::fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(Error::io(&path, e)),
            }
            remove_empty_parents(&project.root, &path);
            Ok(())
        }
    }
}

/// Folders setup's files lived in (`.claude/`, `.cursor/rules/`) go when left empty.
fn remove_empty_parents(root: &Path, file: &Path) {
    let mut dir = file.parent();
    while let Some(d) = dir.filter(|d| *d != root && d.starts_with(root)) {
        if std::fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
}

fn render(ctx: &Ctx, report: &Report) -> String {
    let paint = &ctx.paint;
    let mut out = String::new();
    let verb = if report.dry_run { "would" } else { "did" };
    for change in &report.changes {
        let action = if report.dry_run {
            format!("{verb} {}", change.action)
        } else {
            change.action.clone()
        };
        out.push_str(&format!("{}: {action}\n", paint.good(&change.file)));
        if report.dry_run && Path::new(&change.file).is_absolute() {
            // A per-user file holds far more than mind's entry (and may hold credentials).
            out.push_str("--- only the entry named above would change in that file ---\n");
        } else if let Some(preview) = change.block.as_ref().filter(|_| report.dry_run) {
            out.push_str(&format!("{}\n", preview.heading));
            out.push_str(&preview.text);
            if !preview.text.ends_with('\n') {
                out.push('\n');
            }
            out.push_str("---\n");
        } else if report.dry_run {
            match &change.bytes {
                Some(bytes) => {
                    out.push_str(&format!("--- {} as it would be ---\n", change.file));
                    out.push_str(&String::from_utf8_lossy(bytes));
                    if !bytes.ends_with(b"\n") {
                        out.push('\n');
                    }
                    out.push_str("---\n");
                }
                None => out.push_str(&format!("--- {} would be deleted ---\n", change.file)),
            }
        }
    }
    for note in &report.notes {
        out.push_str(&format!("{} {note}\n", paint.warn("note:")));
    }
    if report.changes.is_empty() {
        let what = if report.remove {
            "to take out"
        } else {
            "to add"
        };
        out.push_str(&format!("{}: nothing {what}\n", report.agent));
    } else if report.dry_run {
        out.push_str("nothing was written (--dry-run)\n");
    }
    out
}
