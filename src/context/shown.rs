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

/// Escaped and cut to [`MAX_ITEM_CHARS`] at a word boundary. A cut that would drop the
/// words that turn the entry around ("..., but never for 4xx responses", "... unless the
/// migration is destructive") keeps them: the clause that holds them is shown after the
/// beginning, the middle left out (`head … but never for 4xx responses`), so a shortened
/// entry never says the opposite of what was written.
fn clip_plain(text: &str) -> String {
    let text = escape(text);
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= MAX_ITEM_CHARS {
        return text;
    }
    let cut = word_cut(&chars, MAX_ITEM_CHARS);
    if let Some(shown) = keep_turn(&chars, cut) {
        return shown;
    }
    format!("{}…", chars[..cut].iter().collect::<String>())
}

/// Words that negate, limit or take back what comes before them.
const TURN_WORDS: &[&str] = &[
    "not", "never", "no", "nor", "none", "nothing", "except", "unless", "without", "but", "only",
    "instead", "cannot",
];

/// How far before the cut a turning word still counts as cut off: its object would be.
const TURN_NEAR_CUT: usize = 24;

/// Longest clause kept after the cut.
const TURN_TAIL_CHARS: usize = MAX_ITEM_CHARS / 2;

/// Where `chars[..limit]` ends when cut at a word (a space in its second half), without
/// the punctuation or space the cut leaves at its end.
fn word_cut(chars: &[char], limit: usize) -> usize {
    let limit = limit.min(chars.len());
    let mut end = match chars[..limit].iter().rposition(|&c| c == ' ') {
        Some(i) if i > limit / 2 && limit < chars.len() => i,
        _ => limit,
    };
    while end > 0 && matches!(chars[end - 1], ',' | ';' | ':' | ' ') {
        end -= 1;
    }
    end
}

/// The first word that turns the entry around at or after `from`: its start.
fn turn_word(chars: &[char], from: usize) -> Option<usize> {
    let is_word = |c: char| c.is_alphanumeric() || c == '\'' || c == '’';
    let mut i = from;
    while i < chars.len() {
        let starts = is_word(chars[i]) && (i == 0 || !is_word(chars[i - 1]));
        if !starts {
            i += 1;
            continue;
        }
        let end = (i..chars.len())
            .find(|&j| !is_word(chars[j]))
            .unwrap_or(chars.len());
        let word: String = chars[i..end].iter().collect::<String>().to_lowercase();
        let word = word.replace('’', "'");
        if TURN_WORDS.contains(&word.as_str()) || word.ends_with("n't") {
            return Some(i);
        }
        i = end;
    }
    None
}

/// The entry shown as its beginning and the clause that turns it around, when cutting it
/// at `cut` would drop that clause (or the object of a turning word just before the cut).
fn keep_turn(chars: &[char], cut: usize) -> Option<String> {
    let half = MAX_ITEM_CHARS / 2;
    let turn = turn_word(chars, cut.saturating_sub(TURN_NEAR_CUT).max(half))?;
    // The clause starts after the nearest separator before the word, if that is close.
    let mut start = turn;
    let mut i = turn;
    while i > half && turn - i < TURN_NEAR_CUT {
        let before = &chars[i.saturating_sub(2)..i];
        if matches!(
            before,
            [',' | ';' | ':' | '.', ' '] | ['-' | '–' | '—', ' ']
        ) {
            start = i;
            break;
        }
        i -= 1;
    }
    let rest = &chars[start..];
    let tail: String = if rest.len() <= TURN_TAIL_CHARS {
        rest.iter().collect()
    } else {
        let end = word_cut(rest, TURN_TAIL_CHARS);
        format!("{}…", rest[..end].iter().collect::<String>())
    };
    let head_room = MAX_ITEM_CHARS - tail.chars().count() - 3;
    if start <= head_room {
        // Nothing left out before the clause; only its own end is cut.
        return Some(format!(
            "{}{tail}",
            chars[..start].iter().collect::<String>()
        ));
    }
    let head = word_cut(&chars[..start], head_room);
    Some(format!(
        "{} … {tail}",
        chars[..head].iter().collect::<String>()
    ))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_keeps_the_clause_that_turns_the_entry_around() {
        let text = "retry failed webhook deliveries up to five times with exponential backoff \
                    and jitter, then park them in the dead letter queue for manual replay by \
                    the on-call engineer, but never for 4xx responses";
        let shown = clip_plain(text);
        assert!(shown.ends_with("but never for 4xx responses"), "{shown}");
        assert!(
            shown.starts_with("retry failed webhook deliveries"),
            "{shown}"
        );
        assert!(shown.contains(" … "), "{shown}");
        assert!(shown.chars().count() <= MAX_ITEM_CHARS, "{shown}");
    }

    #[test]
    fn a_cut_that_drops_no_turning_word_ends_with_an_ellipsis() {
        let text = format!("decided: {}", "word ".repeat(80));
        let shown = clip_plain(&text);
        assert!(shown.ends_with("word…"), "{shown}");
        assert!(!shown.contains(" … "), "{shown}");
    }

    #[test]
    fn a_long_turning_clause_is_cut_at_a_word_too() {
        let text = format!(
            "{} unless {}",
            "run the migrations before every deploy of the API".repeat(3),
            "the migration drops a column that the old release still reads ".repeat(3)
        );
        let shown = clip_plain(&text);
        assert!(shown.contains(" … unless the migration drops"), "{shown}");
        assert!(shown.ends_with('…'), "{shown}");
        assert!(shown.chars().count() <= MAX_ITEM_CHARS + 1, "{shown}");
    }

    #[test]
    fn short_entries_are_shown_whole() {
        assert_eq!(
            clip_plain("never deploy on Fridays"),
            "never deploy on Fridays"
        );
    }
}
