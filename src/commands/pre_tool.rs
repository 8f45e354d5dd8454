//! `mind hook pre-tool --agent claude|codex|cursor`: before an agent's tool call, what the
//! project's memory says about it. Reads the harness's hook JSON on stdin; prints the
//! harness's answer only when a memory matches (the per-harness ends are in
//! [`crate::pretool::harness`]). Always silent and exit 0 otherwise: no project,
//! an unknown agent, input that is not a pre-tool call, an unreadable file. A tool call
//! must never be slowed by more than reading the memory's files or broken by mind.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::capture::derived;
use crate::output;
use crate::pretool::harness::{Harness, Subject};
use crate::pretool::{Action, note, scan};
use crate::store::{self, Project, text};

/// The config key that lets a critical gotcha refuse the call (default: only a note).
pub const BLOCK_KEY: (&str, &str) = ("pre_tool", "block_critical");

pub fn run(args: &[OsString]) {
    let agent = args
        .iter()
        .position(|a| a == "--agent")
        .and_then(|i| args.get(i + 1))
        .map(|a| a.to_string_lossy().into_owned())
        .unwrap_or_else(|| "claude".into());
    // An agent whose contract is not known gets no answer.
    let Some(harness) = Harness::from_name(&agent) else {
        return;
    };
    let Some(call) = harness.parse(&super::text_arg::hook_stdin()) else {
        return;
    };
    let cwd = match call.cwd.clone().filter(|c| c.is_absolute() && c.is_dir()) {
        Some(cwd) => cwd,
        None => match std::env::current_dir() {
            Ok(cwd) => cwd,
            Err(_) => return,
        },
    };
    let Some(project) = store::find_upwards(&cwd) else {
        return;
    };
    // The agent at work in the project is activity: its session goes on (a write at most
    // once a minute).
    if let Ok(ctx) = crate::app::Ctx::for_hook(cwd.clone()) {
        ctx.touch_if_idle(&project);
    }
    let actions: Vec<Action> = match &call.subject {
        Subject::Command(command) => vec![Action::Command(command.clone())],
        Subject::Files(paths) => {
            let (root, cwd) = (canonical(&project.root), canonical(&cwd));
            paths
                .iter()
                .filter_map(|p| Action::file(&root, &cwd, p))
                .collect()
        }
    };
    if actions.is_empty() {
        return;
    }
    let memory = read_lossy(&project.memory());
    let commits = read_lossy(&derived::path(&project));
    let session = read_lossy(&project.session());
    let found = scan::scan_all(&memory, &commits, &session, &actions);
    // Only a critical gotcha that names the command or file itself refuses the call: one
    // that merely shares a word with it ("git" in `git status` and a gotcha about `git push
    // --force`) is a note, and the call goes on.
    let deny = found.iter().any(|f| f.critical && f.names_action) && blocks_on_critical(&project);
    let rendered = if deny {
        note::render_refusal(&found)
    } else {
        note::render(&found)
    };
    let Some(note) = rendered else {
        return;
    };
    let Some(answer) = harness.answer(&call, &note, deny) else {
        return;
    };
    let _ = output::print(&answer.text);
    // What the agent was shown counts as used (`mind status --unused`); never waits.
    if answer.shows_note
        && let Ok(clock) = crate::clock::Clock::from_env()
    {
        let shown: Vec<&str> = found.iter().map(|f| f.text.as_str()).collect();
        store::usage::record_shown_if_free(&project, &shown, clock.today());
    }
}

/// `"pre_tool": {"block_critical": true}` in `.mind/config.json`.
fn blocks_on_critical(project: &Project) -> bool {
    let Ok(Some(bytes)) = text::read_optional(&project.config()) else {
        return false;
    };
    text::parse_json::<Value>(&bytes)
        .ok()
        .and_then(|v| v.get(BLOCK_KEY.0)?.get(BLOCK_KEY.1)?.as_bool())
        .unwrap_or(false)
}

fn read_lossy(path: &Path) -> String {
    text::read_optional(path)
        .ok()
        .flatten()
        .map(|b| text::lossy(&b).into_owned())
        .unwrap_or_default()
}

/// Symlinks resolved (a temp folder under /tmp or /var), so prefixes compare.
fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}
