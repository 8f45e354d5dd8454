//! Memory text as the context block shows it: escaped so it can never close the block or
//! reach a terminal as control characters, cut at a word, and harvested lines quoted as data.

use crate::capture::rules;

/// Longest memory text shown in the block; longer entries are cut at a word.
pub(super) const MAX_ITEM_CHARS: usize = 160;

/// The quotes around harvested text in the block.
pub(super) const OPEN_QUOTE: char = '“';
const CLOSE_QUOTE: char = '”';

/// Memory text as the block shows it: escaped and cut to [`MAX_ITEM_CHARS`] at a word
/// boundary. A line harvested from a code comment or a commit message (it ends with its
/// provenance, `(src/a.rs:42)` or `(commit 1a2b3c4)`) is text anyone who can commit to the
/// repository chose: it is shown in quotes, followed by where it came from, so an agent
/// reads it as data, never as an instruction. Only a line someone logged is shown bare.
pub(super) fn clip(text: &str) -> String {
    let (text, stale) = match text.strip_suffix(crate::capture::staleness::MARK) {
        Some(rest) => (rest.trim_end(), true),
        None => (text, false),
    };
    let mut shown = match rules::harvested_parts(text) {
        Some((body, provenance)) => {
            // Quotes inside the text cannot end the quotation early.
            // A line already stored as a quotation (`"KEY: …"`) is quoted once.
            let body = body.replace([OPEN_QUOTE, CLOSE_QUOTE], "\"");
            format!(
                "{OPEN_QUOTE}{}{CLOSE_QUOTE} ({})",
                clip_plain(&body),
                escape(provenance)
            )
        }
        None => clip_plain(text),
    };
    if stale {
        shown.push(' ');
        shown.push_str(crate::capture::staleness::MARK);
    }
    shown
}

/// Escaped and cut to [`MAX_ITEM_CHARS`] at a word boundary.
fn clip_plain(text: &str) -> String {
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

/// Memory text can never close the block or open a comment inside it, and its control
/// characters (a terminal's escape sequences, a bell, a carriage return that hides what
/// precedes it), bidi overrides and invisible format characters (a zero-width space, tag
/// characters) show as the visible `\u001b`, `\u202e` every command prints them as: the
/// block is printed by `mind recall` and read by agents, and written raw they would act on
/// a terminal, or reorder or hide text in the file a reviewer reads and the agent is given.
/// A line break (U+0085 too) shows the same way, so one item stays one line.
pub fn escape(text: &str) -> String {
    let text = text.replace("<!--", "&lt;!--").replace("-->", "--&gt;");
    let escaped = crate::safety::controls::escape(&text, false);
    if !escaped.chars().any(|c| c.is_control() && c != '\t') {
        return escaped.into_owned();
    }
    escaped
        .chars()
        .map(|c| match c {
            '\t' => c.to_string(),
            c if c.is_control() => crate::safety::controls::visible(c),
            c => c.to_string(),
        })
        .collect()
}
