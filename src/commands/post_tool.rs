//! `mind hook post-tool --agent claude|codex`: the harness's after-a-tool-call hook. Both
//! answer in the same documented shape (`hookSpecificOutput.additionalContext`; Codex:
//! `post-tool-use.command.output.schema.json`). Cursor's `afterShellExecution` has no exit
//! code and no answer, so Cursor has no post-tool hook.
//!
//! A failed shell command is recorded in SESSION.md's Experience section under a stable key
//! (the command, the folder it ran in, the agent's session) with its first error line (the
//! same failure again only raises the line's count; at most [`SESSION_CAP`] distinct
//! failures a session) and compared with the same agent's earlier failures: the first
//! repeat of a loop prints the loop warning, with the way out, as the harness's
//! `additionalContext`; a later repeat of it, one line with the attempt's number and the
//! `mind helper` command. Another agent's failure of the same command is no repeat: the
//! first time, one line says another agent hit it too. A command that succeeds after
//! failing (for the same agent, in the same folder) records `fixed: `KEY` succeeded after
//! N failed attempts`, which the next session promotes to MEMORY.md.
//!
//! Input that cannot be read (or over 8 MB, the limit of every hook's input), another tool,
//! no project: nothing at all. Any other problem is one line on stderr; the tool call is
//! never failed or held up for long.

use std::path::{Path, PathBuf};

use crate::app::Ctx;
use crate::capture::tool_failures::{
    self as failures, FailureLine, FixedLine, Place, SESSION_CAP, ShellOutcome, open_failures,
};
use crate::cli::GlobalArgs;
use crate::error::{Error, Result};
use crate::rank::loop_signals::{self, LoopWarning};
use crate::store::session_file::{self, Section};
use crate::store::{self, Project, atomic, templates, text};

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
    let folder = cwd.strip_prefix(&project.root).unwrap_or(Path::new(""));
    let place = Place::new(folder, outcome.session.as_deref());
    if let Some(context) = record(&ctx, &project, &outcome, &place)? {
        let reply = serde_json::json!({
            "hookSpecificOutput": {
                "hookEventName": outcome.event,
                "additionalContext": context,
            }
        });
        crate::output::print(&format!("{reply}\n"))?;
    }
    // Any command the agent runs in the project is activity, not only a failure or a fix
    // (those recorded it already): its session goes on. A write at most once a minute.
    ctx.touch_if_idle(&project);
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

/// Record the outcome in SESSION.md; what to tell the agent, if anything.
fn record(
    ctx: &Ctx,
    project: &Project,
    outcome: &ShellOutcome,
    place: &Place,
) -> Result<Option<String>> {
    let key = failures::normalise(&outcome.command);
    if key.is_empty() {
        return Ok(None);
    }
    // This agent's failures of this command in this folder: what a success closes.
    let mine = |f: &FailureLine| f.key == key && f.place.same(place);
    let path = project.session();
    // A success with nothing open (the common case) is decided without the lock.
    if outcome.failure.is_none() {
        let Some(bytes) = text::read_optional(&path)? else {
            return Ok(None);
        };
        let experience = session_file::parse(&text::lossy(&bytes)).experience;
        if !open_failures(&experience).iter().any(|(_, f)| mine(f)) {
            return Ok(None);
        }
    }

    let _lock = super::hook::lock_patiently(
        project,
        crate::store::lock::AGENT_HOOK_TIMEOUT,
        "the memory store is busy; this command's outcome was not recorded",
    )?;
    let existing = text::read_optional(&path)?
        .unwrap_or_else(|| templates::session(ctx.clock.today()).into_bytes());
    let current = session_file::parse(&text::lossy(&existing));
    let open = open_failures(&current.experience);
    let (updated, said) = match &outcome.failure {
        None => {
            let attempts: usize = open
                .iter()
                .map(|(_, f)| f)
                .filter(|f| mine(f))
                .map(|f| f.count)
                .sum();
            if attempts == 0 {
                return Ok(None);
            }
            let line = FixedLine {
                key: key.clone(),
                place: place.clone(),
                attempts,
            }
            .render();
            (
                session_file::insert_item(&existing, Section::Experience, &line).0,
                None,
            )
        }
        Some(output) => {
            let new = FailureLine {
                key: key.clone(),
                place: place.clone(),
                error: failures::first_error_line(output),
                count: 1,
            };
            // Loops are an agent's own: another agent's attempts are not this one's.
            let own: Vec<(usize, FailureLine)> = open
                .iter()
                .filter(|(_, f)| f.place.same_agent(place))
                .cloned()
                .collect();
            let mut said = loop_warning(&current, &own, &new);
            if !own.iter().any(|(_, f)| mine(f))
                && let Some(note) = another_agent(&open, &new)
            {
                said = Some(said.unwrap_or_default() + &note);
            }
            let same = own
                .iter()
                .rev()
                .map(|(_, f)| f)
                .find(|f| mine(f) && f.error == new.error);
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
            (updated.unwrap_or_else(|| existing.clone()), said)
        }
    };
    // Touched first: a break this command ends is noticed before its item is written, so
    // the item counts as the new session's.
    ctx.touch(project)?;
    if updated != existing {
        atomic::write_atomic(&path, &updated)?;
    }
    Ok(said)
}

/// A repeat among the agent's own open failures (each counted as often as it happened),
/// as the agent reads it: the whole warning with the way out the first time its loop is
/// warned about, one line after that.
fn loop_warning(
    current: &session_file::Session,
    own: &[(usize, FailureLine)],
    new: &FailureLine,
) -> Option<String> {
    let subjects = |lines: &[(usize, FailureLine)]| -> Vec<String> {
        lines
            .iter()
            .flat_map(|(_, f)| std::iter::repeat_n(f.subject(), f.count))
            .collect()
    };
    let earlier = subjects(own);
    let context: Vec<String> = Section::ALL
        .iter()
        .flat_map(|s| current.items(*s).iter().cloned())
        .chain(earlier.iter().cloned())
        .collect();
    let warning = loop_signals::detect(&earlier, &context, &new.subject())?;
    let similar = own
        .iter()
        .rev()
        .map(|(_, f)| f)
        .find(|f| f.subject() == warning.similar_to)?;
    // Warned about before: an attempt this one repeats was itself a repeat, of its own
    // line (counted twice or more) or of a line before it.
    let warned = own.iter().enumerate().any(|(i, (_, f))| {
        loop_signals::detect(&[f.subject()], &context, &new.subject()).is_some()
            && (f.count > 1
                || loop_signals::detect(&subjects(&own[..i]), &context, &f.subject()).is_some())
    });
    Some(if warned {
        render_repeat(&warning, &new.subject())
    } else {
        render_warning(&warning, similar)
    })
}

/// The whole warning: severity, the earlier failure, the way out, from the third attempt
/// `mind helper`.
fn render_warning(w: &LoopWarning, earlier: &FailureLine) -> String {
    let mut out = headline(w);
    out.push('\n');
    out.push_str(&format!("{}\n", w.severity.headline()));
    out.push_str(&format!("earlier: {}\n", earlier.shown()));
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

/// A loop already warned about, again: one line, the way out not repeated.
fn render_repeat(w: &LoopWarning, subject: &str) -> String {
    let helper = (w.helper.clone()).unwrap_or_else(|| loop_signals::helper_command(subject));
    format!(
        "{}: step back as the warning at its first repeat said, or hand it to a fresh agent: {helper}\n",
        headline(w)
    )
}

fn headline(w: &LoopWarning) -> String {
    format!(
        "mind: this command keeps failing ({}, {:.0}% similar to an earlier failure in this session; attempt {})",
        w.severity.as_str(),
        w.similarity * 100.0,
        w.attempt
    )
}

/// One line when another agent's open failures hold the same command: its own attempts go
/// on, this agent's count starts at one. Its output is not repeated (neither agent chose
/// that text); only whether the error was the same.
fn another_agent(open: &[(usize, FailureLine)], new: &FailureLine) -> Option<String> {
    let theirs: Vec<&FailureLine> = open
        .iter()
        .map(|(_, f)| f)
        .filter(|f| f.key == new.key && !f.place.same_agent(&new.place))
        .collect();
    let last = theirs.last()?;
    let times: usize = theirs.iter().map(|f| f.count).sum();
    let times = if times == 1 {
        "once".to_string()
    } else {
        format!("{times} times")
    };
    let error = if theirs.iter().any(|f| f.error == new.error) {
        "with the same error"
    } else {
        "with another error"
    };
    Some(format!(
        "mind: another agent hit this too: its `{}` in {} failed {times}, {error}; not counted as your attempt\n",
        new.key,
        last.place.folder_shown()
    ))
}
