//! `mind session`: the current session's four sections, with counts and age.

use chrono::{DateTime, FixedOffset};
use serde::Serialize;

use crate::app::Ctx;
use crate::error::Result;
use crate::store::session_file::{self as session_file, Section, Session};
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
}

#[derive(Serialize)]
struct FixedBlocker {
    blocker: String,
    fix: String,
}

pub fn run(ctx: &Ctx) -> Result<()> {
    let project = ctx.project()?;
    let _lock = project.lock()?;
    let session = text::read_optional(&project.session())?
        .map(|bytes| session_file::parse(&text::lossy(&bytes)))
        .unwrap_or_default();
    let before = ctx.touch_returning_previous(&project)?;
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
