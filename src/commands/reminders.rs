//! `mind reminders [--all]`: the reminders with their numbers; `mind reminders done N...`
//! completes them.

use serde::Serialize;

use crate::app::Ctx;
use crate::cli::{RemindersAction, RemindersArgs};
use crate::commands::{refresh_personal, set_session_sections};
use crate::config::Config;
use crate::error::Result;
use crate::output;
use crate::remind::{self, Fired, Shown, Unreadable};
use crate::store::Project;
use crate::store::state::State;

#[derive(Serialize)]
struct ListReply {
    reminders: Vec<Shown>,
    unreadable: Vec<Unreadable>,
}

#[derive(Serialize)]
struct DoneReply {
    done: Vec<Shown>,
}

pub fn run(args: &RemindersArgs, ctx: &Ctx) -> Result<()> {
    match &args.action {
        Some(RemindersAction::Done { numbers }) => done(numbers, ctx),
        None => list(args.all, ctx),
    }
}

fn list(all: bool, ctx: &Ctx) -> Result<()> {
    let project = ctx.project()?;
    // Unused here, but a problem in config.json is warned about on every command.
    ctx.config(&project)?;
    let (_, parsed) = remind::load(&project)?;
    let now = ctx.clock.now().naive_local();
    let reply = ListReply {
        reminders: parsed
            .reminders
            .iter()
            .filter(|r| all || !r.done)
            .map(|r| Shown::of(r, now))
            .collect(),
        unreadable: parsed.unreadable.clone(),
    };
    if ctx.json {
        return ctx.reply(&reply);
    }
    for u in &reply.unreadable {
        output::warn(
            &ctx.err_paint,
            &format!(
                "REMINDERS.md line {} is not a reminder mind can read ({}); kept as is",
                u.line, u.reason
            ),
        );
    }
    if reply.reminders.is_empty() {
        ctx.note(if all {
            "no reminders"
        } else {
            "no pending reminders"
        });
        return Ok(());
    }
    let p = &ctx.paint;
    let width = reply
        .reminders
        .iter()
        .map(|s| s.number)
        .max()
        .unwrap_or(1)
        .to_string()
        .len();
    let mut out = String::new();
    for (shown, reminder) in reply
        .reminders
        .iter()
        .zip(parsed.reminders.iter().filter(|r| all || !r.done))
    {
        let when = if shown.done {
            "done".to_string()
        } else {
            remind::describe(&reminder.trigger)
        };
        let due_now = if shown.is_due {
            format!(" {}", p.warn("due"))
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{:>width$}. {} {}{due_now}\n",
            shown.number,
            shown.message,
            p.dim(&format!("({when})")),
        ));
    }
    ctx.out(&out)
}

fn done(numbers: &[usize], ctx: &Ctx) -> Result<()> {
    let project = ctx.project()?;
    let config = ctx.config(&project)?;
    let _lock = project.lock()?;
    let completed = remind::complete(&project, numbers, ctx.clock.today())?;
    reminders_changed(ctx, &project, &config)?;
    let now = ctx.clock.now().naive_local();
    let reply = DoneReply {
        done: completed.iter().map(|r| Shown::of(r, now)).collect(),
    };
    if ctx.json {
        return ctx.reply(&reply);
    }
    let mut out = String::new();
    for r in &reply.done {
        out.push_str(&format!("done {}: {}\n", r.number, r.message));
    }
    ctx.out(&out)
}

/// After a reminder was added or completed: the activity recorded, and the reminder sections
/// settled again and written to the personal block as `mind log` refreshes it, so an agent
/// re-reading its files mid-session never sees a completed reminder as due, or misses a new
/// one. The caller holds the store lock.
pub(crate) fn reminders_changed(ctx: &Ctx, project: &Project, config: &Config) -> Result<()> {
    let mut state = State::load(&project.state())?;
    ctx.record_activity_with_gap(project, &mut state, Some(config.session_gap_ms()));
    let settled = remind::current(project, ctx.clock.now())?;
    set_session_sections(&mut state, &settled.sections());
    refresh_personal(ctx, project, config, &mut state);
    state.save(&project.state())
}

/// Lines for context reminders that a logged text fired (empty when none did).
pub(crate) fn render_fired(ctx: &Ctx, fired: &[Fired]) -> String {
    let mut out = String::new();
    for f in fired {
        out.push_str(&format!(
            "{} {}: {} {}\n",
            ctx.paint.warn("reminder"),
            f.number,
            f.message,
            ctx.paint.dim(&format!(
                "(you mentioned {}; when handled: mind reminders done {})",
                f.matched.join(", "),
                f.number
            ))
        ));
    }
    out
}
