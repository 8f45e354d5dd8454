//! Building the context block from parsed memory. Deterministic: the same memory gives
//! byte-identical text (dates, never "5 min ago"), so a tracked CLAUDE.md changes only
//! when memory does. Bounded: never more than the budget, dropping whole lines only.
//!
//! Sections, each newest first: Memory: Active, Project State, the `extra` sections
//! (reminders), Key (Never Forget), Session Blockers, Recent Decisions (with their
//! reasoning), Ruled Out (rejected approaches with their reasons), Open Loops (open problems; provisional decisions older than two weeks as
//! "still valid?"), Gotchas (with workarounds), Session History, Continue From.
//! Superseded entries never appear. When the budget is tight, the least valuable items go
//! first: session history, then gotchas, decisions, open loops, where to continue.

use chrono::NaiveDate;

use crate::parse::{Document, Entity, EntryType, loops};
use crate::store::session::Session;

/// The fixed instructions at the top of the block.
const INSTRUCTIONS: &str = "## Memory (mind)
This project keeps its memory in `.mind/`: MEMORY.md (long-term) and SESSION.md (this session).
- Start every session with `mind recall`; check `mind session` before retrying a fix.
- Log as you work: `mind log decision|learning|problem|progress \"...\"` (kept) and
  `mind log experience|blocker|rejected|assumption \"...\"` (this session).
- Find past work with `mind search \"...\"`.";

/// A section of the block; items are ordered most valuable first.
#[derive(Debug, Clone)]
pub struct Section {
    pub title: String,
    pub intro: Option<String>,
    pub items: Vec<String>,
    /// Lower numbers are kept longer when the budget is tight; 0 is never dropped.
    pub priority: u8,
}

impl Section {
    fn new(title: &str, priority: u8) -> Self {
        Section {
            title: title.to_string(),
            intro: None,
            items: Vec::new(),
            priority,
        }
    }

    fn render(&self, out: &mut String) {
        out.push_str("## ");
        out.push_str(&self.title);
        out.push('\n');
        if let Some(intro) = &self.intro {
            out.push_str(intro);
            out.push('\n');
        }
        for item in &self.items {
            out.push_str(item);
            out.push('\n');
        }
    }
}

/// What the block is built from.
pub struct Input<'a> {
    pub doc: &'a Document,
    pub session: Option<&'a Session>,
    /// Extra sections from other parts of `mind` (reminders), placed after the state.
    pub extra: Vec<Section>,
    pub budget: usize,
}

/// The block body (without the marker lines).
pub fn build(input: &Input<'_>) -> String {
    let mut sections = sections(input);
    // The budget covers the whole block, marker lines included.
    let markers = super::splice::START_MARKER.len() + super::splice::END_MARKER.len() + 2;
    fit(&mut sections, input.budget.saturating_sub(markers));
    render(&sections)
}

fn sections(input: &Input<'_>) -> Vec<Section> {
    let doc = input.doc;
    let live: Vec<&Entity> = doc.entities.iter().filter(|e| !e.superseded).collect();
    let mut out = Vec::new();

    let mut active = Section::new("Memory: Active", 0);
    if let Some(date) = last_date(doc) {
        active.intro = Some(format!("Last captured: {date}"));
    }
    out.push(active);

    let mut state = Section::new("Project State", 1);
    if let Some(goal) = &doc.state.goal {
        state.items.push(format!("- Goal: {}", escape(goal)));
    }
    if !doc.state.stack.is_empty() {
        state
            .items
            .push(format!("- Stack: {}", escape(&doc.state.stack.join(", "))));
    }
    state.items.push(format!(
        "- Blocked: {}",
        doc.state.blocked.as_deref().map_or("None".into(), escape)
    ));
    out.push(state);

    out.extend(input.extra.iter().cloned());

    let mut key = Section::new("Key (Never Forget)", 2);
    key.items = newest_first(live.iter().copied().filter(|e| e.key))
        .map(|e| format!("- [{}] {}", e.kind.as_str(), clip(&e.title)))
        .collect();
    out.push(key);

    if let Some(session) = input.session {
        let mut blockers = Section::new("Session Blockers", 3);
        blockers.items = session
            .blockers
            .iter()
            .rev()
            .map(|b| format!("- {}", clip(b)))
            .collect();
        out.push(blockers);
    }

    let mut decisions = Section::new("Recent Decisions", 5);
    decisions.items = newest_first(
        live.iter()
            .copied()
            .filter(|e| e.kind == EntryType::Decision && !e.key),
    )
    .take(MAX_DECISIONS)
    .map(decision_item)
    .collect();
    out.push(decisions);
    out.push(ruled_out(&live));

    let mut open = Section::new("Open Loops", 4);
    let today = reference_day(input);
    open.items = today
        .map(|today| loops::open_loops(doc, today))
        .unwrap_or_default()
        .into_iter()
        .filter(|l| !l.entity.key)
        .take(MAX_LOOPS)
        .map(|l| loop_item(&l))
        .collect();
    out.push(open);

    let mut gotchas = Section::new("Gotchas", 6);
    gotchas.items = newest_first(
        live.iter()
            .copied()
            .filter(|e| e.kind == EntryType::Gotcha && !e.key),
    )
    .take(MAX_GOTCHAS)
    .map(|e| match &e.workaround {
        Some(w) => format!("- {} -> {}", clip(&e.title), clip(w)),
        None => format!("- {}", clip(&e.title)),
    })
    .collect();
    out.push(gotchas);

    let mut history = Section::new("Session History", 7);
    let mut summaries: Vec<_> = doc.summaries.iter().collect();
    summaries.sort_by_key(|s| std::cmp::Reverse((s.date, s.line)));
    history.items = summaries
        .into_iter()
        .take(MAX_SUMMARIES)
        .map(|s| match &s.mood {
            Some(mood) => format!("- {}: {} | {}", s.date, clip(&s.summary), clip(mood)),
            None => format!("- {}: {}", s.date, clip(&s.summary)),
        })
        .collect();
    out.push(history);

    let mut next = Section::new("Continue From", 3);
    if let Some(step) = doc.next_steps.iter().max_by_key(|s| (s.date, s.line)) {
        next.items.push(format!("Next: {}", clip(&step.text)));
    }
    // A rejection is no place to continue from.
    if let Some(last) = newest_first(
        live.iter()
            .copied()
            .filter(|e| !matches!(e.kind, EntryType::Gotcha | EntryType::Rejected)),
    )
    .next()
    {
        next.items.push(format!(
            "Last: {}{}",
            clip(&last.title),
            date_suffix(last.date)
        ));
    }
    out.push(next);

    out.retain(|s| s.priority == 0 || !s.items.is_empty() || s.intro.is_some());
    out
}

const MAX_DECISIONS: usize = 5;
const MAX_RULED_OUT: usize = 5;
const MAX_LOOPS: usize = 5;
const MAX_GOTCHAS: usize = 6;
const MAX_SUMMARIES: usize = 5;
/// Longest memory text shown in the block; longer entries are cut at a word.
const MAX_ITEM_CHARS: usize = 160;

/// "Today" for aging loops, taken from the files so that the block depends on memory only:
/// the current session's date, or else the newest date in memory.
fn reference_day(input: &Input<'_>) -> Option<NaiveDate> {
    let session = input.session.and_then(|s| s.date);
    let memory = last_date(input.doc);
    session.max(memory)
}

/// `- use JWT because stateless (2026-01-15)`: the decision as written (its reasoning is
/// part of it), its date, and the reasoning only when the line does not already say it.
fn decision_item(e: &Entity) -> String {
    let mut item = format!("- {}{}", clip(&e.title), date_suffix(e.date));
    if let Some(reason) = &e.reasoning
        && !e.title.contains(reason.as_str())
    {
        item.push_str(" - ");
        item.push_str(&clip(reason));
    }
    item
}

/// "Ruled Out": approaches rejected for good, newest first, each with its reason, so
/// they are neither retried nor read as decisions.
fn ruled_out(live: &[&Entity]) -> Section {
    let mut section = Section::new("Ruled Out", 5);
    section.items = newest_first(
        live.iter()
            .copied()
            .filter(|e| e.kind == EntryType::Rejected && !e.key),
    )
    .take(MAX_RULED_OUT)
    .map(decision_item)
    .collect();
    section
}

fn loop_item(l: &loops::OpenLoop<'_>) -> String {
    let e = l.entity;
    match l.kind {
        loops::LoopKind::Problem => {
            format!(
                "- [!] {}{} - unresolved",
                clip(&e.title),
                date_suffix(e.date)
            )
        }
        loops::LoopKind::Blocked => {
            format!("- [!] {}{} - blocked", clip(&e.title), date_suffix(e.date))
        }
        loops::LoopKind::StaleDecision => format!(
            "- [?] {}{} - still valid?",
            clip(&e.title),
            date_suffix(e.date)
        ),
    }
}

/// Escaped and cut to [`MAX_ITEM_CHARS`] at a word boundary.
fn clip(text: &str) -> String {
    let text = escape(text);
    if text.chars().count() <= MAX_ITEM_CHARS {
        return text;
    }
    let cut: String = text.chars().take(MAX_ITEM_CHARS).collect();
    let cut = match cut.rfind(' ') {
        Some(i) if i > MAX_ITEM_CHARS / 2 => &cut[..i],
        _ => &cut,
    };
    format!("{}…", cut.trim_end_matches([',', ';', ':', ' ']))
}

/// Entities sorted newest first: by date, then by line (later lines are newer).
fn newest_first<'a>(
    entities: impl Iterator<Item = &'a Entity>,
) -> impl Iterator<Item = &'a Entity> {
    let mut list: Vec<&Entity> = entities.collect();
    list.sort_by_key(|e| std::cmp::Reverse((e.date, e.line)));
    list.into_iter()
}

fn last_date(doc: &Document) -> Option<NaiveDate> {
    let entities = doc.entities.iter().filter_map(|e| e.date).max();
    let summaries = doc.summaries.iter().map(|s| s.date).max();
    entities.max(summaries)
}

fn date_suffix(date: Option<NaiveDate>) -> String {
    date.map(|d| format!(" ({d})")).unwrap_or_default()
}

/// Memory text can never close the block or open a comment inside it.
pub fn escape(text: &str) -> String {
    text.replace("<!--", "&lt;!--").replace("-->", "--&gt;")
}

fn render(sections: &[Section]) -> String {
    let mut out = String::from(INSTRUCTIONS);
    out.push('\n');
    for section in sections {
        out.push('\n');
        section.render(&mut out);
    }
    out.truncate(out.trim_end().len());
    out
}

/// Drop items, lowest priority and least valuable first, until the text fits the budget.
///
/// The size is tracked as lines are dropped (a dropped line takes exactly its characters and
/// its newline with it) and checked against a full render whenever it looks small enough, so
/// fitting stays linear in the number of items while the result is exact.
fn fit(sections: &mut Vec<Section>, budget: usize) {
    let mut size = render(sections).chars().count();
    while size > budget {
        let victim = sections
            .iter()
            .enumerate()
            .filter(|(_, s)| s.priority > 0 && (!s.items.is_empty() || s.intro.is_some()))
            .max_by_key(|(i, s)| (s.priority, *i))
            .map(|(i, _)| i);
        let Some(i) = victim else { return };
        let section = &mut sections[i];
        if let Some(item) = section.items.pop() {
            size = size.saturating_sub(item.chars().count() + 1);
        }
        if section.items.is_empty() {
            // "\n## title\n" plus the intro line, if any.
            let overhead = 5
                + section.title.chars().count()
                + section
                    .intro
                    .as_ref()
                    .map_or(0, |intro| intro.chars().count() + 1);
            size = size.saturating_sub(overhead);
            sections.remove(i);
        }
        if size <= budget {
            size = render(sections).chars().count();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_document;

    /// The straightforward fit: re-render after every dropped line.
    fn fit_naive(sections: &mut Vec<Section>, budget: usize) {
        while render(sections).chars().count() > budget {
            let victim = sections
                .iter()
                .enumerate()
                .filter(|(_, s)| s.priority > 0 && (!s.items.is_empty() || s.intro.is_some()))
                .max_by_key(|(i, s)| (s.priority, *i))
                .map(|(i, _)| i);
            let Some(i) = victim else { return };
            if sections[i].items.pop().is_none() || sections[i].items.is_empty() {
                sections.remove(i);
            }
        }
    }

    #[test]
    fn incremental_fit_matches_the_naive_fit() {
        let mut all = Vec::new();
        for (p, title) in [(1u8, "A"), (4, "Décisions"), (6, "Gotchas"), (3, "B")] {
            let mut s = Section::new(title, p);
            s.intro = (p == 3).then(|| "intro line".to_string());
            s.items = (0..12)
                .map(|i| format!("- item {i} of {title} ✓ {}", "x".repeat(i * 3)))
                .collect();
            all.push(s);
        }
        for budget in [0, 300, 700, 1200, 1800, 2500, 10_000] {
            let (mut a, mut b) = (all.clone(), all.clone());
            fit(&mut a, budget);
            fit_naive(&mut b, budget);
            assert_eq!(render(&a), render(&b), "budget {budget}");
        }
    }

    #[test]
    fn stays_within_budget_and_keeps_whole_lines() {
        let mut memory = String::from("## 2026-01-15\n");
        for i in 0..400 {
            memory.push_str(&format!("decided: option number {i} because reasons\n"));
        }
        let doc = parse_document(&memory);
        let body = build(&Input {
            doc: &doc,
            session: None,
            extra: vec![],
            budget: 1200,
        });
        assert!(body.chars().count() <= 1200, "{}", body.len());
        assert!(body.contains("option number 399"));
        assert!(body.lines().all(|l| !l.ends_with("numb")));
    }

    fn block(memory: &str, session: Option<&Session>) -> String {
        let doc = parse_document(memory);
        build(&Input {
            doc: &doc,
            session,
            extra: vec![],
            budget: 6000,
        })
    }

    const MEMORY: &str = "# demo

## Project State
- Goal: ship v1
- Stack: rust, sqlite
- Blocked: None

## Gotchas
- bcrypt is slow on ARM -> use argon2

## 2026-01-01
decided: use sqlite for now because no server is needed
decided: use REST over GraphQL - simpler [superseded]
problem: uploads fail on Safari
problem: the API returns 500 on large payloads

## 2026-01-02 | parser and uploads | mood: focused
learned: KEY: tokens are scoped per workspace
fixed: large payloads now stream, the API 500 is gone
decided: use GraphQL over REST because the mobile team needs it
Next: wire the retry queue
";

    #[test]
    fn sections_from_entities() {
        let session = Session {
            date: NaiveDate::from_ymd_opt(2026, 1, 20),
            ..Session::default()
        };
        let body = block(MEMORY, Some(&session));
        let expected = "## Memory: Active
Last captured: 2026-01-02

## Project State
- Goal: ship v1
- Stack: rust, sqlite
- Blocked: None

## Key (Never Forget)
- [learning] tokens are scoped per workspace

## Recent Decisions
- use GraphQL over REST because the mobile team needs it (2026-01-02)
- use sqlite for now because no server is needed (2026-01-01)

## Open Loops
- [!] uploads fail on Safari (2026-01-01) - unresolved
- [?] use sqlite for now because no server is needed (2026-01-01) - still valid?

## Gotchas
- bcrypt is slow on ARM -> use argon2

## Session History
- 2026-01-02: parser and uploads | focused

## Continue From
Next: wire the retry queue
Last: use GraphQL over REST because the mobile team needs it (2026-01-02)";
        assert!(body.ends_with(expected), "{body}");
        assert!(!body.contains("simpler"), "superseded entries stay out");
        assert!(
            !body.contains("returns 500"),
            "a later fix closes the problem"
        );
    }

    #[test]
    fn provisional_decisions_age_from_the_files() {
        // Without a session, "today" is the newest date in memory: one day, not stale.
        let body = block(MEMORY, None);
        assert!(!body.contains("still valid?"), "{body}");
        // Deterministic: the same memory gives the same block.
        assert_eq!(body, block(MEMORY, None));
    }

    #[test]
    fn long_entries_are_clipped_at_a_word() {
        let long = format!("decided: {}", "word ".repeat(80));
        let body = block(&long, None);
        let line = body.lines().find(|l| l.starts_with("- word")).unwrap();
        assert!(line.ends_with("word…"), "{line}");
        assert!(line.chars().count() <= MAX_ITEM_CHARS + 3);
    }

    #[test]
    fn escapes_markers() {
        assert_eq!(
            escape("x <!-- MIND:END --> y"),
            "x &lt;!-- MIND:END --&gt; y"
        );
    }
}
