//! `mind hook post-tool --agent claude|codex`: the harness's after-a-tool-call hook. Both
//! answer in the same documented shape (`hookSpecificOutput.additionalContext`; Codex:
//! `post-tool-use.command.output.schema.json`). Cursor's `afterShellExecution` has no exit
//! code and no answer, so Cursor has no post-tool hook.
//!
//! A failed shell command is recorded in SESSION.md's Experience section under a stable key
//! with its first error line (the same failure again only raises the line's count; at most
//! [`SESSION_CAP`] distinct failures a session) and compared with the session's earlier
//! failures: a repeat prints a loop warning as the harness's `additionalContext`. A command
//! that succeeds after failing records `fixed: `KEY` after N failed attempts`, which the
//! next session promotes to MEMORY.md.
//!
//! Input that cannot be read (or over 8 MB, the limit of every hook's input), another tool,
//! no project: nothing at all. Any other problem is one line on stderr; the tool call is
//! never failed or held up for long.

use std::path::PathBuf;
use std::time::Duration;

use crate::app::Ctx;
use crate::capture::tool_failures::{
    self as failures, FailureLine, SESSION_CAP, ShellOutcome, open_failures,
};
use crate::cli::GlobalArgs;
use crate::error::{Error, Result};
use crate::rank::loop_signals::{self, LoopWarning};
use crate::store::session_file::{self, Section};
use crate::store::{self, Project, atomic, templates, text};

/// Give up on a busy store after this long rather than hold up the agent.
const LOCK_PATIENCE: Duration = Duration::from_millis(500);

pub fn run(args: &[std::ffi::OsString], global: &GlobalArgs) -> Result<()> {
    let args: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let agent = match args.as_slice() {
        [flag, agent] if flag == "--agent" => agent.as_str(),
        [one] => one.strip_prefix("--agent=").unwrap_or(one),
        _ => return Err(Error::usage("post-tool needs --agent claude|codex")),
    };
    let parse: fn(&str) -> Option<ShellOutcome> = match agent {
        "claude" => failures::parse_claude,
        "codex" => failures::parse_codex,
        // afterShellExecution reports no exit code and takes no answer back.
        "cursor" => {
            return Err(Error::usage(
                "post-tool: Cursor's afterShellExecution hook gives no exit code and cannot answer the agent; nothing to do for cursor",
            ));
        }
        _ => {
            return Err(Error::usage(format!(
                "post-tool: unknown agent {agent:?} (known: claude, codex)"
            )));
        }
    };
    // Input over the hooks' limit, or unreadable, is empty: nothing to record.
    let input = super::text_arg::hook_stdin();
    let Some(outcome) = parse(&String::from_utf8_lossy(&input)) else {
        return Ok(());
    };
    let cwd = hook_cwd(&input);
    let Some(project) = store::find_upwards(&cwd) else {
        return Ok(());
    };
    let ctx = Ctx::from_args(global)?;
    if let Some(context) = record(&ctx, &project, &outcome)? {
        let reply = serde_json::json!({
            "hookSpecificOutput": {
                "hookEventName": outcome.event,
                "additionalContext": context,
            }
        });
        crate::output::print(&format!("{reply}\n"))?;
    }
    Ok(())
}

/// The folder the command ran in: the input's `cwd` when it is a folder, else ours.
fn hook_cwd(input: &[u8]) -> PathBuf {
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    serde_json::from_slice::<serde_json::Value>(input)
        .ok()
        .and_then(|v| v.get("cwd").and_then(|c| c.as_str()).map(PathBuf::from))
        .filter(|p| p.is_absolute() && p.is_dir())
        .unwrap_or(here)
}

/// Record the outcome in SESSION.md; the loop warning to show, if any.
fn record(ctx: &Ctx, project: &Project, outcome: &ShellOutcome) -> Result<Option<String>> {
    let key = failures::normalise(&outcome.command);
    if key.is_empty() {
        return Ok(None);
    }
    let path = project.session();
    // A success with nothing open (the common case) is decided without the lock.
    if outcome.failure.is_none() {
        let Some(bytes) = text::read_optional(&path)? else {
            return Ok(None);
        };
        let experience = session_file::parse(&text::lossy(&bytes)).experience;
        if !open_failures(&experience).iter().any(|(_, f)| f.key == key) {
            return Ok(None);
        }
    }

    let _lock = super::hook::lock_patiently(
        project,
        LOCK_PATIENCE,
        "the memory store is busy; this command's outcome was not recorded",
    )?;
    let existing = text::read_optional(&path)?
        .unwrap_or_else(|| templates::session(ctx.clock.today()).into_bytes());
    let current = session_file::parse(&text::lossy(&existing));
    let open = open_failures(&current.experience);
    let (updated, warning) = match &outcome.failure {
        None => {
            let mine: Vec<&FailureLine> = open
                .iter()
                .map(|(_, f)| f)
                .filter(|f| f.key == key)
                .collect();
            let Some(last) = mine.last() else {
                return Ok(None);
            };
            let attempts = mine.iter().map(|f| f.count).sum();
            let line = failures::fixed_line(&key, attempts, &last.error);
            (
                session_file::insert_item(&existing, Section::Experience, &line).0,
                None,
            )
        }
        Some(output) => {
            let new = FailureLine {
                key: key.clone(),
                error: failures::first_error_line(output),
                count: 1,
            };
            let warning = loop_warning(&current, &open, &new);
            let same = open
                .iter()
                .rev()
                .map(|(_, f)| f)
                .find(|f| f.key == new.key && f.error == new.error);
            let updated = match same {
                Some(f) => {
                    let counted = FailureLine {
                        count: f.count + 1,
                        ..f.clone()
                    };
                    failures::replace_last_item(&existing, &f.render(), &counted.render())
                }
                None => {
                    let recorded = current
                        .experience
                        .iter()
                        .filter(|i| FailureLine::parse(i).is_some())
                        .count();
                    (recorded < SESSION_CAP).then(|| {
                        session_file::insert_item(&existing, Section::Experience, &new.render()).0
                    })
                }
            };
            (updated.unwrap_or_else(|| existing.clone()), warning)
        }
    };
    // Touched first: a break this command ends is noticed before its item is written, so
    // the item counts as the new session's.
    ctx.touch(project)?;
    if updated != existing {
        atomic::write_atomic(&path, &updated)?;
    }
    Ok(warning.map(|(w, earlier)| render_warning(&w, &earlier)))
}

/// A repeat among the session's open failures (each counted as often as it happened),
/// with the earlier failure it repeats.
fn loop_warning(
    current: &session_file::Session,
    open: &[(usize, FailureLine)],
    new: &FailureLine,
) -> Option<(LoopWarning, FailureLine)> {
    let earlier: Vec<String> = open
        .iter()
        .flat_map(|(_, f)| std::iter::repeat_n(f.subject(), f.count))
        .collect();
    let context: Vec<String> = Section::ALL
        .iter()
        .flat_map(|s| current.items(*s).iter().cloned())
        .chain(earlier.iter().cloned())
        .collect();
    let warning = loop_signals::detect(&earlier, &context, &new.subject())?;
    let similar = open
        .iter()
        .rev()
        .map(|(_, f)| f)
        .find(|f| f.subject() == warning.similar_to)?
        .clone();
    Some((warning, similar))
}

/// The warning as the agent reads it.
fn render_warning(w: &LoopWarning, earlier: &FailureLine) -> String {
    let mut out = format!(
        "mind: this command keeps failing ({}, {:.0}% similar to an earlier failure in this session; attempt {})\n",
        w.severity.as_str(),
        w.similarity * 100.0,
        w.attempt
    );
    out.push_str(&format!("{}\n", w.severity.headline()));
    out.push_str(&format!("earlier: {}\n", earlier.render()));
    out.push_str("before the next attempt:\n");
    for (i, step) in w.methodology.iter().enumerate() {
        out.push_str(&format!("  {}. {step}\n", i + 1));
    }
    if let Some(helper) = &w.helper {
        out.push_str(&format!(
            "attempt {} at this: hand it to a fresh agent: {helper}\n",
            w.attempt
        ));
    }
    out
}
