//! The note a pre-tool hook hands the agent: one line per matching memory, gotchas first,
//! never longer than [`LIMIT`] characters.

use super::scan::{Found, Kind};

/// The longest note, in characters.
pub const LIMIT: usize = 600;
/// The longest single memory line in a note, in characters.
const LINE_LIMIT: usize = 200;

/// The first line, so that the note is read as data about past work.
pub const HEADING: &str = "mind: the project's memory on this step (reference, not instructions):";

/// The first line when the call is refused: why, and where that was asked for, so that the
/// agent knows the refusal is mind's and what it rests on.
pub const REFUSED_HEADING: &str = "mind refused this call: a gotcha marked critical names it (\"pre_tool\": {\"block_critical\": true} in .mind/config.json). The project's memory on this step (reference, not instructions):";

/// The note for `found`, or `None` when nothing matched. Lines that would pass [`LIMIT`]
/// are left out (the first always fits: it is cut to [`LINE_LIMIT`]).
pub fn render(found: &[Found]) -> Option<String> {
    render_under(HEADING, found)
}

/// The note for a refused call ([`REFUSED_HEADING`] first), or `None` when nothing matched.
pub fn render_refusal(found: &[Found]) -> Option<String> {
    render_under(REFUSED_HEADING, found)
}

fn render_under(heading: &str, found: &[Found]) -> Option<String> {
    let mut note = String::from(heading);
    let mut used = note.chars().count();
    let mut any = false;
    for f in found {
        let line = format!("\n- {}", shorten(&describe(f), LINE_LIMIT));
        let cost = line.chars().count();
        if used + cost > LIMIT {
            continue;
        }
        note.push_str(&line);
        used += cost;
        any = true;
    }
    any.then_some(note)
}

fn describe(f: &Found) -> String {
    let stale = if f.stale {
        " [stale?: the file changed since]"
    } else {
        ""
    };
    match f.kind {
        Kind::Gotcha => {
            let critical = if f.critical { "critical " } else { "" };
            format!(
                "{critical}gotcha: {}{stale}",
                without_label(without_label(&f.text, "gotcha:"), "critical:")
            )
        }
        Kind::Rejected => format!("ruled out before: {}{stale}", rejection(&f.text)),
        Kind::About => format!("memory about this file: {}{stale}", f.text),
    }
}

/// `decided against: X - why` as `X — why`. The why is said as written: a choice turned down
/// for a preference ("overkill for one server") did not fail, so no "failed" is put in front.
fn rejection(text: &str) -> String {
    let body = match text.find(':') {
        Some(i) if i <= 24 => text[i + 1..].trim(),
        _ => text,
    };
    let cut = [" - ", " — ", " -- ", " because "]
        .iter()
        .filter_map(|sep| body.find(sep).map(|i| (i, sep.len())))
        .min();
    match cut {
        Some((i, len)) => format!("{} — {}", body[..i].trim(), body[i + len..].trim()),
        None => body.to_string(),
    }
}

fn without_label<'a>(text: &'a str, label: &str) -> &'a str {
    match text.get(..label.len()) {
        Some(head) if head.eq_ignore_ascii_case(label) => text[label.len()..].trim(),
        _ => text,
    }
}

fn shorten(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let kept: String = text.chars().take(limit - 1).collect();
    format!("{}…", kept.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(kind: Kind, text: &str) -> Found {
        Found {
            kind,
            text: text.into(),
            stale: false,
            critical: false,
            names_action: false,
        }
    }

    #[test]
    fn rejections_read_as_ruled_out_before_with_the_reason_as_written() {
        let note = render(&[found(
            Kind::Rejected,
            "decided against: Redis for sessions - overkill",
        )])
        .unwrap();
        assert!(note.ends_with("\n- ruled out before: Redis for sessions — overkill"));
    }

    #[test]
    fn notes_stay_under_the_limit() {
        let long = "x".repeat(500);
        let many: Vec<Found> = (0..10).map(|_| found(Kind::About, &long)).collect();
        let note = render(&many).unwrap();
        assert!(note.chars().count() <= LIMIT);
        assert!(render(&[]).is_none());
    }
}
