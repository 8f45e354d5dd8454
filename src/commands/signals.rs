//! Human rendering of the signals `mind log`, `mind blocker` and `mind recall` add to their
//! replies (loop warnings, past solutions, relevant memories).

use crate::commands::search;
use crate::output::{self, Paint};
use crate::rank::reply_signals::LogSignals;
use crate::rank::retrieve::Recalled;

/// The signals as text to print after the "logged ..." line (empty when there are none).
pub(crate) fn render_log(signals: &LogSignals, paint: &Paint) -> String {
    let mut out = String::new();
    if let Some(w) = &signals.loop_warning {
        out.push_str(&format!(
            "{} you're looping ({}, {:.0}% similar to an earlier rejection)\n",
            paint.warn("warning:"),
            w.severity.as_str(),
            w.similarity * 100.0
        ));
        out.push_str(&format!("  {}\n", w.severity.headline()));
        out.push_str(&format!(
            "  earlier: {}\n",
            output::escape_controls(&w.similar_to)
        ));
        out.push_str("  before the next attempt:\n");
        for (i, step) in w.methodology.iter().enumerate() {
            out.push_str(&format!("    {}. {step}\n", i + 1));
        }
        if let Some(helper) = &w.helper {
            out.push_str(&format!(
                "  attempt {} at this: hand it to a fresh agent: {helper}\n",
                w.attempt
            ));
        }
    }
    if let Some(solutions) = &signals.solutions {
        if solutions.is_empty() {
            out.push_str("no past solution in memory; next:\n");
            for step in &signals.next_steps {
                out.push_str(&format!("  - {step}\n"));
            }
        } else {
            out.push_str(&paint.heading("past solutions:"));
            out.push('\n');
            out.push_str(&list(solutions, paint, false));
        }
    }
    if !signals.relevant_memories.is_empty() {
        out.push_str(&relevant(&signals.relevant_memories, paint));
    }
    out
}

/// "You've dealt with this before" and the memories.
pub(crate) fn relevant(memories: &[Recalled], paint: &Paint) -> String {
    let mut out = paint.heading("you've dealt with this before:");
    out.push('\n');
    out.push_str(&list(memories, paint, true));
    out
}

/// Numbered memory lines: type, date, place (and "logged this session" for a line the
/// session wrote), then the text as `mind search` shows it: a harvested line quoted, with
/// the note under the list, and a decision or rejection taken back marked.
pub(crate) fn list(items: &[Recalled], paint: &Paint, similarity: bool) -> String {
    let mut out = String::new();
    for (i, r) in items.iter().enumerate() {
        let score = if similarity {
            format!("{:.0}% similar", r.score * 100.0)
        } else {
            format!("{:.2}", r.score)
        };
        let fresh = if r.this_session {
            format!("  {}", paint.dim("logged this session"))
        } else {
            String::new()
        };
        let file_line = format!("{}:{}", r.file, r.line);
        let (place, mut text) = search::place_and_text(
            &r.text,
            &file_line,
            r.pulled_from.as_deref(),
            || file_line.clone(),
            &[],
            paint,
        );
        if let Some(place) = &r.taken_back_by {
            text.push(' ');
            text.push_str(&search::taken_back_mark(place, paint));
        }
        out.push_str(&format!(
            "{:>4}. {} {}  {}  {}{fresh}\n      {text}\n",
            i + 1,
            output::pad_end(&paint.kind(r.kind.as_str()), 10),
            r.date.as_deref().unwrap_or("----------"),
            paint.dim(&place),
            paint.dim(&score),
        ));
    }
    out.push_str(&search::notes(
        items.iter().any(|r| r.harvested && r.pulled_from.is_none()),
        items.iter().any(|r| r.pulled_from.is_some()),
        paint,
    ));
    out
}
