//! Building the context block from parsed memory. Deterministic: the same memory gives
//! byte-identical text (dates, never "5 min ago"), so a tracked CLAUDE.md changes only
//! when memory does. Bounded: never more than the budget, dropping whole lines only.

use chrono::NaiveDate;

use crate::parse::{Document, Entity, EntryType, ProblemStatus};
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
        .map(|e| format!("- [{}] {}", e.kind.as_str(), escape(&e.title)))
        .collect();
    out.push(key);

    if let Some(session) = input.session {
        let mut blockers = Section::new("Session Blockers", 3);
        blockers.items = session
            .blockers
            .iter()
            .rev()
            .map(|b| format!("- {}", escape(b)))
            .collect();
        out.push(blockers);
    }

    let mut decisions = Section::new("Recent Decisions", 4);
    decisions.items = newest_first(
        live.iter()
            .copied()
            .filter(|e| e.kind == EntryType::Decision && !e.key),
    )
    .take(8)
    .map(|e| format!("- {}{}", escape(&e.title), date_suffix(e.date)))
    .collect();
    out.push(decisions);

    let mut problems = Section::new("Open Problems", 5);
    problems.items = newest_first(
        live.iter()
            .copied()
            .filter(|e| e.kind == EntryType::Problem && e.status == Some(ProblemStatus::Open)),
    )
    .take(5)
    .map(|e| format!("- [!] {}{}", escape(&e.title), date_suffix(e.date)))
    .collect();
    out.push(problems);

    let mut gotchas = Section::new("Gotchas", 6);
    gotchas.items = live
        .iter()
        .filter(|e| e.kind == EntryType::Gotcha)
        .take(8)
        .map(|e| format!("- {}", escape(&e.title)))
        .collect();
    out.push(gotchas);

    let mut next = Section::new("Continue From", 7);
    if let Some(step) = doc.next_steps.last() {
        next.items.push(format!("Next: {}", escape(&step.text)));
    }
    out.push(next);

    out.retain(|s| s.priority == 0 || !s.items.is_empty() || s.intro.is_some());
    out
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
    doc.entities.iter().filter_map(|e| e.date).max()
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
fn fit(sections: &mut Vec<Section>, budget: usize) {
    loop {
        let size = render(sections).chars().count();
        if size <= budget {
            return;
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_document;

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

    #[test]
    fn escapes_markers() {
        assert_eq!(
            escape("x <!-- MIND:END --> y"),
            "x &lt;!-- MIND:END --&gt; y"
        );
    }
}
