//! Reminders: set with `mind remind`, kept in `.mind/REMINDERS.md`, surfaced at recall and
//! when logged text mentions their keywords.
//!
//! Numbers are positions among the file's reminders, so completing one (rewritten in place)
//! or adding one (appended to the pending section) never renumbers the others; completed
//! lines move under `## Done` only when a new session starts.

pub mod file;
pub mod when;

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime};
use serde::Serialize;

use crate::context::build::Section;
use crate::context::build::escape;
use crate::error::{Error, Result};
use crate::store::state::{State, content_hash};
use crate::store::{Project, atomic, templates, text};
use crate::terms;

pub use file::{Parsed, Reminder, Trigger, Unreadable};
pub use when::When;

/// REMINDERS.md's bytes (empty when missing) and what they say.
pub fn load(project: &Project) -> Result<(Vec<u8>, Parsed)> {
    let bytes = text::read_optional(&project.reminders())?.unwrap_or_default();
    let parsed = file::parse(&text::lossy(&bytes));
    Ok((bytes, parsed))
}

/// The trigger a parsed WHEN becomes.
pub fn trigger_of(when: When) -> Trigger {
    match when {
        When::Date(d) => Trigger::Date(d),
        When::Time(t) => Trigger::Time(t),
        When::NextSession => Trigger::NextSession,
        When::Context(k) => Trigger::Context(k),
    }
}

/// Add a pending reminder. The caller holds the store lock.
pub fn add(
    project: &Project,
    message: &str,
    trigger: Trigger,
    today: NaiveDate,
) -> Result<Reminder> {
    let path = project.reminders();
    let existing = text::read_optional(&path)?
        .filter(|b| !b.iter().all(u8::is_ascii_whitespace))
        .unwrap_or_else(|| templates::REMINDERS.as_bytes().to_vec());
    let line = file::pending_line(&trigger, message, today);
    let (updated, line_number) = file::insert_pending(&existing, &line);
    atomic::write_atomic(&path, &updated)?;
    file::parse(&text::lossy(&updated))
        .reminders
        .into_iter()
        .find(|r| r.line == line_number)
        .ok_or_else(|| {
            Error::Failed(format!(
                "{}: the new reminder did not read back",
                path.display()
            ))
        })
}

/// Complete reminders by number. Every number is checked before anything is written: an
/// unknown or already completed one is an error and the file is left as it was.
/// The caller holds the store lock.
pub fn complete(project: &Project, numbers: &[usize], today: NaiveDate) -> Result<Vec<Reminder>> {
    let (bytes, parsed) = load(project)?;
    let mut chosen: Vec<Reminder> = Vec::new();
    for &n in numbers {
        let Some(r) = parsed.reminders.iter().find(|r| r.number == n) else {
            let range = match parsed.reminders.len() {
                0 => "there are no reminders".to_string(),
                1 => "the only reminder is 1".to_string(),
                len => format!("numbers run from 1 to {len}"),
            };
            return Err(Error::Failed(format!(
                "no reminder {n} ({range}; see `mind reminders --all`)"
            )));
        };
        if r.done {
            return Err(Error::Failed(format!(
                "reminder {n} is already done: {}",
                r.message
            )));
        }
        if !chosen.iter().any(|c| c.number == n) {
            chosen.push(r.clone());
        }
    }
    let replacements: Vec<(usize, String)> = chosen
        .iter()
        .map(|r| (r.line, file::done_line(r, today)))
        .collect();
    atomic::write_atomic(
        &project.reminders(),
        &file::replace_lines(&bytes, &replacements),
    )?;
    for r in &mut chosen {
        r.done = true;
    }
    Ok(chosen)
}

/// Whether a pending reminder is due at `now` (local time). Context reminders never are;
/// a phrase written without a date is, since when it was written is unknown.
pub fn is_due(reminder: &Reminder, now: NaiveDateTime) -> bool {
    !reminder.done
        && match &reminder.trigger {
            Trigger::Date(d) => *d <= now.date(),
            Trigger::Time(t) => *t <= now,
            Trigger::NextSession | Trigger::Unresolved(_) => true,
            Trigger::Context(_) => false,
        }
}

/// A reminder as replies show it.
#[derive(Debug, Clone, Serialize)]
pub struct Shown {
    pub number: usize,
    pub line: usize,
    pub message: String,
    /// "absolute", "next session", "context" or "unresolved".
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The date or local time (`2026-01-16`, `2026-01-16T09:00:00`), or the phrase.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub due: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    pub done: bool,
    pub is_due: bool,
}

impl Shown {
    pub fn of(r: &Reminder, now: NaiveDateTime) -> Shown {
        let (kind, due, keywords) = match &r.trigger {
            Trigger::Date(d) => ("absolute", Some(d.to_string()), vec![]),
            Trigger::Time(t) => (
                "absolute",
                Some(t.format("%Y-%m-%dT%H:%M:%S").to_string()),
                vec![],
            ),
            Trigger::NextSession => ("next session", None, vec![]),
            Trigger::Context(k) => ("context", None, k.clone()),
            Trigger::Unresolved(p) => ("unresolved", (!p.is_empty()).then(|| p.clone()), vec![]),
        };
        Shown {
            number: r.number,
            line: r.line,
            message: r.message.clone(),
            kind,
            due,
            keywords,
            done: r.done,
            is_due: is_due(r, now),
        }
    }
}

/// When a reminder fires, in words: `due 2026-01-16`, `next session`, `when you mention auth`.
pub fn describe(trigger: &Trigger) -> String {
    match trigger {
        Trigger::Date(d) => format!("due {}", d.format("%a %Y-%m-%d")),
        Trigger::Time(t) => format!("due {}", t.format("%a %Y-%m-%d %H:%M")),
        Trigger::NextSession => "next session".into(),
        Trigger::Context(k) => format!("when you mention {}", k.join(", ")),
        Trigger::Unresolved(p) if p.is_empty() => "no due date".into(),
        Trigger::Unresolved(p) => format!("due {p:?} (written without a date)"),
    }
}

/// What recall does with reminders.
#[derive(Debug, Clone, Default, Serialize)]
pub struct AtRecall {
    /// Due time reminders and next-session ones, the most recently due first (by day; one
    /// day's in file order): see [`by_day_due`].
    pub due: Vec<Shown>,
    /// Pending context reminders.
    pub context: Vec<Shown>,
    /// Numbers of next-session reminders this recall completed.
    pub completed: Vec<usize>,
    /// Completed lines moved under `## Done` at the start of this session.
    pub moved_to_done: usize,
}

/// Settle reminders at recall: at a new session move completed lines under `## Done`; list
/// what is due and the context reminders; complete the next-session ones just shown (so a
/// later recall does not show them again). The caller holds the store lock.
pub fn settle_at_recall(
    project: &Project,
    now: DateTime<FixedOffset>,
    new_session: bool,
) -> Result<AtRecall> {
    let path = project.reminders();
    let Some(mut bytes) = text::read_optional(&path)? else {
        return Ok(AtRecall::default());
    };
    let mut parsed = file::parse(&text::lossy(&bytes));
    let mut out = AtRecall::default();
    if new_session && let Some(swept) = file::sweep_done(&bytes, &parsed) {
        out.moved_to_done = parsed
            .reminders
            .iter()
            .filter(|r| r.done && !r.in_done_section)
            .count();
        bytes = swept;
        parsed = file::parse(&text::lossy(&bytes));
    }
    let local = now.naive_local();
    let mut replacements = Vec::new();
    let mut due: Vec<&Reminder> = Vec::new();
    for r in &parsed.reminders {
        if r.done {
            continue;
        }
        if let Trigger::Context(_) = r.trigger {
            out.context.push(Shown::of(r, local));
        } else if r.trigger == Trigger::NextSession && !new_session {
            // Set for the next session: a recall later in this one (an agent's, a hook's)
            // must not show it early and use it up.
            continue;
        } else if is_due(r, local) {
            due.push(r);
            if r.trigger == Trigger::NextSession {
                replacements.push((r.line, file::done_line(r, now.date_naive())));
                out.completed.push(r.number);
            }
        }
    }
    // The block lists a bounded number of them: what became due lately must never be the
    // part left out behind reminders overdue for weeks.
    due.sort_by_key(|r| std::cmp::Reverse(by_day_due(r, now.date_naive())));
    out.due = due.into_iter().map(|r| Shown::of(r, local)).collect();
    if !replacements.is_empty() {
        bytes = file::replace_lines(&bytes, &replacements);
    }
    if out.moved_to_done > 0 || !replacements.is_empty() {
        atomic::write_atomic(&path, &bytes)?;
    }
    Ok(out)
}

/// The day a due reminder became due, for the order recall lists them in: its date, a
/// time's day, `today` for a next-session one (due from this session's start), and the
/// earliest day for a phrase written without a date (when it became due is unknown).
fn by_day_due(reminder: &Reminder, today: NaiveDate) -> NaiveDate {
    match &reminder.trigger {
        Trigger::Date(d) => *d,
        Trigger::Time(t) => t.date(),
        Trigger::NextSession => today,
        Trigger::Unresolved(_) | Trigger::Context(_) => NaiveDate::MIN,
    }
}

/// The reminders as a recall later in the current session would settle them: due and
/// context ones from REMINDERS.md as it is now. Writes nothing (only a recall that starts a
/// session moves done lines or uses up next-session reminders).
pub fn current(project: &Project, now: DateTime<FixedOffset>) -> Result<AtRecall> {
    settle_at_recall(project, now, false)
}

/// At most this many lines per reminders section in the context block; the rest are
/// counted, and `mind reminders` lists them all.
const SECTION_ITEMS: usize = 10;

fn cap(mut items: Vec<String>) -> Vec<String> {
    if items.len() > SECTION_ITEMS {
        let more = items.len() - (SECTION_ITEMS - 1);
        items.truncate(SECTION_ITEMS - 1);
        items.push(format!("- ... and {more} more: `mind reminders`"));
    }
    items
}

impl AtRecall {
    /// `## Reminders Due` and `## Context Reminders` for the context block.
    pub fn sections(&self) -> Vec<Section> {
        let mut out = Vec::new();
        if !self.due.is_empty() {
            out.push(Section {
                title: "Reminders Due".into(),
                intro: Some(format!(
                    "You have {} reminder(s) for this session (when handled: `mind reminders done N`):",
                    self.due.len()
                )),
                items: cap(self
                    .due
                    .iter()
                    .map(|s| {
                        if self.completed.contains(&s.number) {
                            format!("- {}", escape(&s.message))
                        } else {
                            // `2026-01-16T09:00:00` reads as `2026-01-16 09:00`.
                            let due = s.due.as_deref().unwrap_or_default();
                            let due = match due.split_once('T') {
                                Some((day, time)) => format!("{day} {}", &time[..time.len().min(5)]),
                                None => due.to_string(),
                            };
                            format!("- [{}] {} (due {})", s.number, escape(&s.message), escape(&due))
                        }
                    })
                    .collect()),
                priority: 1,
            });
        }
        if !self.context.is_empty() {
            out.push(Section {
                title: "Context Reminders".into(),
                intro: Some("Mention these when relevant keywords come up:".into()),
                items: cap(self
                    .context
                    .iter()
                    .map(|s| {
                        format!(
                            "- [{}] \"{}\" -> triggers on: {}",
                            s.number,
                            escape(&s.message),
                            escape(&s.keywords.join(", "))
                        )
                    })
                    .collect()),
                priority: 3,
            });
        }
        out
    }
}

/// A context reminder whose keywords a text mentions.
#[derive(Debug, Clone, Serialize)]
pub struct Fired {
    pub number: usize,
    pub message: String,
    /// The keywords that matched, as written in the reminder.
    pub matched: Vec<String>,
    /// Identifies the reminder across renumbering: a hash of its message and keywords.
    #[serde(skip)]
    pub id: String,
}

/// [`fire_context_reminders`], once per session: a reminder already shown during the
/// current session is left out, and the ones shown now are recorded in state.json with
/// the session's start, so a later session shows them again while they are pending.
/// The caller holds the store lock and has touched the state (the session has a start).
/// Never fails: when the record cannot be written the reminders are shown anyway.
pub fn fire_once_per_session(project: &Project, text: &str) -> Vec<Fired> {
    let fired = fire_context_reminders(project, text);
    if fired.is_empty() {
        return fired;
    }
    let path = project.state();
    let Ok(mut state) = State::load(&path) else {
        return fired;
    };
    let Some(session) = state.session_started() else {
        return fired;
    };
    let shown = state.fired_reminders(session);
    let new: Vec<Fired> = fired
        .into_iter()
        .filter(|f| !shown.contains(&f.id))
        .collect();
    if !new.is_empty() {
        let ids: Vec<String> = new.iter().map(|f| f.id.clone()).collect();
        state.add_fired_reminders(session, &ids);
        let _ = state.save(&path);
    }
    new
}

/// The pending context reminders whose keywords `text` mentions (whole words, stemmed:
/// "deploying" mentions "deploy", "author" does not mention "auth"). Read-only, and never
/// fails: an unreadable REMINDERS.md fires nothing rather than failing the caller's write.
pub fn fire_context_reminders(project: &Project, text: &str) -> Vec<Fired> {
    let Ok(Some(bytes)) = text::read_optional(&project.reminders()) else {
        return Vec::new();
    };
    // Every context reminder line names a context (`| context |`, `trigger:`, `type: context`);
    // a file without the word has none, and `mind log` stays as fast as without reminders.
    if !contains_ignore_case(&bytes, b"context") && !contains_ignore_case(&bytes, b"trigger") {
        return Vec::new();
    }
    fire(&file::parse(&text::lossy(&bytes)), text)
}

fn contains_ignore_case(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle))
}

/// [`fire_context_reminders`] over already parsed reminders.
pub fn fire(parsed: &Parsed, text: &str) -> Vec<Fired> {
    let mut stems: Option<Vec<String>> = None;
    // Stemming dominates the cost; the same keyword often appears in several reminders.
    let mut keyword_stems: std::collections::HashMap<&str, Vec<String>> = Default::default();
    let mut out = Vec::new();
    for r in parsed.reminders.iter().filter(|r| !r.done) {
        let Trigger::Context(keywords) = &r.trigger else {
            continue;
        };
        let stems = stems.get_or_insert_with(|| terms::stems(text));
        let matched: Vec<String> = keywords
            .iter()
            .filter(|k| {
                let phrase = keyword_stems
                    .entry(k.as_str())
                    .or_insert_with(|| terms::stems(k));
                terms::contains_phrase(stems, phrase)
            })
            .cloned()
            .collect();
        if !matched.is_empty() {
            out.push(Fired {
                number: r.number,
                message: r.message.clone(),
                matched,
                id: content_hash(
                    format!("{}\u{1f}{}", r.message, keywords.join("\u{1f}")).as_bytes(),
                ),
            });
        }
    }
    out
}

/// Problems for `mind status`: lines of REMINDERS.md that are not readable reminders.
pub fn problems(project: &Project) -> Result<Vec<String>> {
    let (_, parsed) = load(project)?;
    Ok(parsed
        .unreadable
        .iter()
        .map(|u| {
            format!(
                "{} line {}: not a reminder mind can read ({}); kept as is: {}",
                crate::store::REMINDERS_FILE,
                u.line,
                u.reason,
                u.text
            )
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_capped() {
        let shown = |n: usize| Shown {
            number: n,
            line: n,
            message: format!("m{n}"),
            kind: "context",
            due: None,
            keywords: vec!["k".into()],
            done: false,
            is_due: false,
        };
        let at = AtRecall {
            context: (1..=12).map(shown).collect(),
            ..AtRecall::default()
        };
        let items = &at.sections()[0].items;
        assert_eq!(items.len(), 10);
        assert_eq!(items[8], "- [9] \"m9\" -> triggers on: k");
        assert_eq!(items[9], "- ... and 3 more: `mind reminders`");
    }

    #[test]
    fn fires_on_whole_stemmed_words() {
        let parsed = file::parse(
            "## Reminders\n- [ ] auth,rate limits | context | check tokens\n- [ ] deploy | context | tag release\n- [x] auth | done | old\n",
        );
        let fired = fire(&parsed, "Deploying the auth fix");
        assert_eq!(fired.len(), 2);
        assert_eq!(fired[0].matched, vec!["auth"]);
        assert_eq!(fired[1].number, 2);
        assert!(
            fire(&parsed, "the author deployed nothing")
                .iter()
                .all(|f| f.number != 1)
        );
        assert_eq!(
            fire(&parsed, "hit the rate-limit")[0].matched,
            vec!["rate limits"]
        );
    }
}
