//! `mind status --unused [--days N]`: MEMORY.md entries mind has never shown (in search
//! results, recall, a blocker's past solutions or the context block), or not in N days,
//! oldest first. A curation aid from the usage ledger; nothing is changed or deleted.

use chrono::{Days, NaiveDate};
use serde::Serialize;

use crate::app::Ctx;
use crate::error::Result;
use crate::output;
use crate::parse::parse_document;
use crate::store::{text, usage};

#[derive(Serialize)]
struct Reply {
    days: u64,
    unused: Vec<Unused>,
}

#[derive(Serialize)]
struct Unused {
    line: usize,
    #[serde(rename = "type")]
    kind: &'static str,
    date: Option<String>,
    text: String,
    /// When the entry was last shown (YYYY-MM-DD); null: never.
    last_shown: Option<String>,
    /// How many times it has been shown in all.
    shown: u64,
}

pub fn run(days: u64, ctx: &Ctx) -> Result<()> {
    let project = ctx.project()?;
    // Unused here, but a problem in config.json is warned about on every command.
    ctx.config(&project)?;
    let memory = text::read_optional(&project.memory())?.unwrap_or_default();
    let doc = parse_document(&text::lossy(&memory));
    let ledger = usage::load(&project);
    let today = ctx.clock.today();
    let cutoff = today
        .checked_sub_days(Days::new(days))
        .unwrap_or(NaiveDate::MIN);
    let mut unused: Vec<Unused> = doc
        .entities
        .iter()
        .filter(|e| !e.superseded)
        .filter_map(|e| {
            let used = ledger.get(&e.text);
            if used.is_some_and(|u| u.last > cutoff) {
                return None;
            }
            Some(Unused {
                line: e.line,
                kind: e.kind.as_str(),
                date: e.date.map(|d| d.to_string()),
                text: e.text.clone(),
                last_shown: used.map(|u| u.last.to_string()),
                shown: used.map_or(0, |u| u.count),
            })
        })
        .collect();
    // Oldest first: by when last shown (never shown first), then by the entry's own date.
    unused.sort_by(|a, b| {
        (a.last_shown.is_some(), &a.last_shown, &a.date, a.line).cmp(&(
            b.last_shown.is_some(),
            &b.last_shown,
            &b.date,
            b.line,
        ))
    });
    if ctx.json {
        return output::print_json(&Reply { days, unused });
    }
    if unused.is_empty() {
        ctx.note(&format!(
            "every MEMORY.md entry was shown in the last {days} days"
        ));
        return Ok(());
    }
    let p = &ctx.paint;
    let mut out = String::new();
    for u in &unused {
        let seen = match &u.last_shown {
            Some(day) => format!("last shown {day} ({}x)", u.shown),
            None => "never shown".to_string(),
        };
        out.push_str(&format!(
            "MEMORY.md:{} {} {} {}\n    {}\n",
            u.line,
            p.kind(u.kind),
            u.date.as_deref().unwrap_or("----------"),
            p.dim(&seen),
            u.text
        ));
    }
    ctx.out(&out)
}
