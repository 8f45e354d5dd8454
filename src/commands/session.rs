//! `mind session`: the current session's four sections, with counts and age.

use chrono::{DateTime, FixedOffset};
use serde::Serialize;

use crate::app::Ctx;
use crate::error::Result;
use crate::store::session_file::{self as session_file, Section, Session};
use crate::store::state::{SessionEnded, State};
use crate::store::{session_archive, text};

#[derive(Serialize)]
struct Reply {
    date: Option<String>,
    started: Option<String>,
    age_minutes: Option<i64>,
    last_activity: Option<String>,
    experience: Vec<String>,
    blockers: Vec<String>,
    /// Blockers a fix logged since the session started resolves, with that fix.
    fixed_blockers: Vec<FixedBlocker>,
    rejected: Vec<String>,
    assumptions: Vec<String>,
    total: usize,
    /// Finished sessions kept in `.mind/sessions/`.
    archived_sessions: usize,
    /// Blockers carried over from the session before, each with the session's start.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    carried_over: Vec<session_file::CarriedOver>,
    /// The session a recall ended since the last `mind log` or `mind session`.
    #[serde(skip_serializing_if = "Option::is_none")]
    session_ended: Option<Ended>,
}

/// A session that a recall ended (said once, by the first `mind log` or `mind session`
/// after it): an agent that worked on without the recall learns that its session's notes
/// are in the archive now, and what came back with the new session.
#[derive(Serialize)]
pub struct Ended {
    /// When the recall ended it (RFC 3339).
    pub at: String,
    /// Its last activity (RFC 3339), if known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_activity: Option<String>,
    /// Where its SESSION.md is kept (relative to the project root).
    pub archived: String,
    /// How many of its open blockers the new SESSION.md carries over.
    pub carried_blockers: usize,
}

impl Ended {
    pub fn of(ctx: &Ctx, ended: &SessionEnded) -> Ended {
        let rfc = |ms: i64| local(ctx, ms).map(|t| t.to_rfc3339());
        Ended {
            at: rfc(ended.at).unwrap_or_default(),
            last_activity: ended.last_activity.and_then(rfc),
            archived: ended.archived.clone(),
            carried_blockers: ended.carried_blockers,
        }
    }

    /// The line that tells it: `the session was ended by a recall at 2026-01-15 10:05 (48
    /// min after its last activity); its notes are in .mind/sessions/2026-01-15-0900.md (1
    /// open blocker carried over into SESSION.md)`.
    pub fn sentence(&self) -> String {
        let parse = |t: &str| DateTime::parse_from_rfc3339(t).ok();
        let at = parse(&self.at);
        let mut out = String::from("the session was ended by a `mind recall`");
        if let Some(at) = at {
            out.push_str(&format!(" at {}", at.format("%Y-%m-%d %H:%M")));
        }
        if let (Some(at), Some(last)) = (at, self.last_activity.as_deref().and_then(parse)) {
            let minutes = (at - last).num_minutes().max(0);
            out.push_str(&format!(" ({} after its last activity)", duration(minutes)));
        }
        out.push_str(&format!("; its notes are in {}", self.archived));
        match self.carried_blockers {
            0 => {}
            1 => out.push_str(" (1 open blocker carried over into SESSION.md)"),
            n => out.push_str(&format!(
                " ({n} open blockers carried over into SESSION.md)"
            )),
        }
        out
    }
}

fn local(ctx: &Ctx, ms: i64) -> Option<DateTime<FixedOffset>> {
    DateTime::from_timestamp_millis(ms).map(|t| t.with_timezone(ctx.clock.now().offset()))
}

#[derive(Serialize)]
struct FixedBlocker {
    blocker: String,
    fix: String,
}

pub fn run(ctx: &Ctx) -> Result<()> {
    let project = ctx.project()?;
    // Read (and a problem warned about) on every command; its session gap decides whether
    // this activity follows a break.
    let config = ctx.config(&project)?;
    let _lock = project.lock()?;
    let session = text::read_optional(&project.session())?
        .map(|bytes| session_file::parse(&text::lossy(&bytes)))
        .unwrap_or_default();
    let before = State::load(&project.state())?;
    let mut state = before.clone();
    // Said once: the first `mind log` or `mind session` after the recall that ended it.
    let ended = state.take_session_ended().map(|e| Ended::of(ctx, &e));
    ctx.record_activity_with_gap(&project, &mut state, Some(config.session_gap_ms()));
    state.save(&project.state())?;
    let fixes = super::session_fixes::blocker_fixes(&project, &before, &session);
    let offset = *ctx.clock.now().offset();
    let at = |ms: i64| DateTime::from_timestamp_millis(ms).map(|t| t.with_timezone(&offset));
    let started = before.session_started().and_then(at);
    let last = before.last_activity().and_then(at);
    let age_minutes = started.map(|s| (ctx.clock.now() - s).num_minutes().max(0));

    if ctx.json {
        return ctx.reply(&Reply {
            date: session.date.map(|d| d.to_string()),
            started: started.map(|t| t.to_rfc3339()),
            age_minutes,
            last_activity: last.map(|t| t.to_rfc3339()),
            total: session.total(),
            archived_sessions: session_archive::count(&project),
            carried_over: session.carried_over.clone(),
            session_ended: ended,
            fixed_blockers: (session.blockers.iter().zip(&fixes))
                .filter_map(|(blocker, fix)| {
                    Some(FixedBlocker {
                        blocker: blocker.clone(),
                        fix: fix.clone()?,
                    })
                })
                .collect(),
            experience: session.experience,
            blockers: session.blockers,
            rejected: session.rejected,
            assumptions: session.assumptions,
        });
    }
    let mut out = render(ctx, &session, &fixes, started, age_minutes, last);
    if let Some(ended) = &ended {
        out.push_str(&format!("\n{}\n", ended.sentence()));
    }
    let archived = session_archive::count(&project);
    if archived > 0 {
        out.push_str(&format!(
            "\n{archived} earlier session(s) in {}/{}/\n",
            crate::store::MIND_DIR,
            session_archive::SESSIONS_DIR
        ));
    }
    ctx.out(&out)
}

/// `fixes`: for each blocker, the fix logged since that resolves it.
fn render(
    ctx: &Ctx,
    session: &Session,
    fixes: &[Option<String>],
    started: Option<DateTime<FixedOffset>>,
    age_minutes: Option<i64>,
    last: Option<DateTime<FixedOffset>>,
) -> String {
    let paint = &ctx.paint;
    let mut head = String::from("Session");
    if let Some(date) = session.date {
        head.push_str(&format!(" {date}"));
    }
    if let (Some(s), Some(age)) = (started, age_minutes) {
        head.push_str(&format!(
            " · started {} ({} ago)",
            s.format("%Y-%m-%d %H:%M"),
            duration(age)
        ));
    }
    if let Some(last) = last {
        head.push_str(&format!(
            " · last activity {}",
            last.format("%Y-%m-%d %H:%M")
        ));
    }
    let mut out = format!("{}\n", paint.heading(&head));
    for section in Section::ALL {
        let items = session.items(section);
        out.push_str(&format!(
            "\n{} ({})\n",
            paint.heading(section.heading()),
            items.len()
        ));
        for (i, item) in items.iter().enumerate() {
            let fix = (section == Section::Blockers)
                .then(|| fixes.get(i).cloned().flatten())
                .flatten();
            // A blocker carried over from the session before says so.
            let item = session.line(section, item);
            match fix {
                Some(fix) => out.push_str(&format!("  - {item}  (fixed: {fix})\n")),
                None => out.push_str(&format!("  - {item}\n")),
            }
        }
    }
    out
}

/// `2h 05m`, `12m`, `3d 4h`.
pub fn duration(minutes: i64) -> String {
    match minutes {
        m if m < 60 => format!("{m}m"),
        m if m < 24 * 60 => format!("{}h {:02}m", m / 60, m % 60),
        m => format!("{}d {}h", m / (24 * 60), (m % (24 * 60)) / 60),
    }
}
