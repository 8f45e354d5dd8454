//! Terminal control characters: what they are and their visible, JSON-compatible form.

use std::borrow::Cow;

/// Whether `c` would act on a terminal instead of showing: C0 controls but tab and line
/// feed (carriage return is judged by the caller), DEL, C1 controls, and the bidirectional
/// overrides and isolates that reorder what a reader sees ("Trojan Source").
pub fn is_control(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{b}'..='\u{c}' | '\u{e}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` is a format character that shows as nothing (Unicode Cf): a zero-width space,
/// the word joiner and invisible operators, a byte order mark inside text, a soft hyphen,
/// the Mongolian vowel separator, the deprecated shaping controls, interlinear annotation
/// marks and the tag characters (which can spell a whole sentence no reader sees, but an
/// agent reads). The two joiners are judged where they stand ([`escape`]); the bidi marks
/// are [`is_control`]'s.
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{ad}' | '\u{180e}' | '\u{200b}' | '\u{2060}'..='\u{2064}' | '\u{206a}'..='\u{206f}'
        | '\u{feff}' | '\u{fff9}'..='\u{fffb}' | '\u{e0000}'..='\u{e007f}')
}

/// Whether the zero-width non-joiner or joiner at `at` of `text` joins two characters of a
/// script (Persian, the Indic scripts) or an emoji sequence, where it belongs: the
/// characters on both sides are non-ASCII and visible. Anywhere else (inside an ASCII
/// word, at an end, beside a space) it only hides or splits text.
fn joins_visible(text: &str, at: usize, c: char) -> bool {
    let shows = |c: char| {
        !c.is_ascii()
            && !c.is_whitespace()
            && !c.is_control()
            && !is_control(c)
            && !is_invisible(c)
            && !matches!(c, '\u{200c}' | '\u{200d}')
    };
    let before = text[..at].chars().next_back();
    let after = text[at + c.len_utf8()..].chars().next();
    before.is_some_and(shows) && after.is_some_and(shows)
}

/// `c` as a visible `\uXXXX`: six characters a terminal shows as they are, and the same
/// character to a JSON reader when the text is inside a JSON string. A character beyond
/// U+FFFF (a tag character) is written as JSON writes it, its two UTF-16 halves
/// (`\udb40\udc49` for U+E0049): always four digits after each `\u`, so no digit of the
/// text after it can be read as part of the code (`\ue0049` reads as U+E004 and `9`).
pub fn visible(c: char) -> String {
    let mut units = [0u16; 2];
    c.encode_utf16(&mut units)
        .iter()
        .map(|unit| format!("\\u{unit:04x}"))
        .collect()
}

/// `text` with every control (a lone carriage return too) and every invisible format
/// character ([`is_invisible`], a joiner that joins no script's letters) in its [`visible`]
/// form; when `keep_colours`, colour codes (`ESC [ digits;... m`, what mind's own output
/// adds) stay.
pub fn escape(text: &str, keep_colours: bool) -> Cow<'_, str> {
    // Nearly every text has none: one pass over the bytes rules them out. A control is a
    // byte under 0x20 other than tab and newline, DEL, or a character whose UTF-8 starts
    // with 0xC2 (C1 controls, the soft hyphen), 0xD8 (U+061C), 0xE1 (U+180E), 0xE2 (the bidi
    // marks and overrides, the zero-width characters), 0xEF (U+FEFF, U+FFF9..U+FFFB) or 0xF3
    // (the tag characters).
    if !text.bytes().any(|b| {
        (b < 0x20 && b != b'\t' && b != b'\n')
            || matches!(b, 0x7f | 0xc2 | 0xd8 | 0xe1 | 0xe2 | 0xef | 0xf3)
    }) {
        return Cow::Borrowed(text);
    }
    let needs = |i: usize, c: char| {
        if c == '\u{1b}' && keep_colours {
            colour_code_len(&text[i..]).is_none()
        } else if c == '\r' {
            !text[i + 1..].starts_with('\n')
        } else if matches!(c, '\u{200c}' | '\u{200d}') {
            !joins_visible(text, i, c)
        } else {
            is_control(c) || is_invisible(c)
        }
    };
    if !text.char_indices().any(|(i, c)| needs(i, c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut at = 0;
    while let Some(c) = text[at..].chars().next() {
        if c == '\u{1b}'
            && keep_colours
            && let Some(len) = colour_code_len(&text[at..])
        {
            out.push_str(&text[at..at + len]);
            at += len;
            continue;
        }
        if needs(at, c) {
            out.push_str(&visible(c));
        } else {
            out.push(c);
        }
        at += c.len_utf8();
    }
    Cow::Owned(out)
}

/// A short field shown beside quoted text (a name, a place, an identity someone else chose):
/// every control character and line break (tab, newline, U+2028, U+2029 too) in its
/// [`visible`] form, and at most `max` characters, `…` marking a cut. Such a field is
/// printed outside the quotes that mark text as data, so a line break in it must never
/// start a line of its own (a fake heading) in what a reader sees.
pub fn one_field(text: &str, max: usize) -> String {
    let breaks = |c: char| {
        c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') || is_control(c) || is_invisible(c)
    };
    let mut out = String::with_capacity(text.len().min(max.saturating_mul(4)));
    for (count, c) in text.chars().enumerate() {
        if count == max {
            out.push('…');
            break;
        }
        if breaks(c) {
            out.push_str(&visible(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// The colour codes mind's own output adds (`crate::output::Paint`): reset, bold, dim,
/// red, green, yellow, cyan and the default colour. A colour code stored in memory text
/// that is one of these is kept too, but one that hides text (conceal `8`, black on black,
/// a colour the same as the background) is none of them.
const OWN_COLOUR_CODES: &[&str] = &["0", "1", "2", "22", "31", "32", "33", "36", "39"];

/// The length of one of mind's own colour codes (`ESC [ n m`, [`OWN_COLOUR_CODES`]) at the
/// start of `text`.
fn colour_code_len(text: &str) -> Option<usize> {
    let body = text.strip_prefix("\u{1b}[")?;
    let end = body.find('m')?;
    OWN_COLOUR_CODES
        .contains(&&body[..end])
        .then_some(2 + end + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_become_visible_and_colours_may_stay() {
        assert_eq!(
            escape("a\u{1b}]0;x\u{7}b\tc", false),
            "a\\u001b]0;x\\u0007b\tc"
        );
        assert_eq!(escape("\u{202e}x\r\n\ry", false), "\\u202ex\r\n\\u000dy");
        assert_eq!(
            escape("\u{1b}[31mred\u{1b}[0m \u{1b}]8;;", true),
            "\u{1b}[31mred\u{1b}[0m \\u001b]8;;"
        );
        assert_eq!(escape("\u{1b}[31m", false), "\\u001b[31m");
        // A stored code that hides text is not one of mind's colours, coloured output or not.
        assert_eq!(
            escape("a \u{1b}[8mhidden\u{1b}[0m \u{1b}[30;40mblack", true),
            "a \\u001b[8mhidden\u{1b}[0m \\u001b[30;40mblack"
        );
        // A character beyond U+FFFF is its two UTF-16 halves, as JSON writes it.
        assert_eq!(escape("x\u{e0049}9", false), "x\\udb40\\udc499");
        let json: String = serde_json::from_str(&format!("\"{}\"", visible('\u{e0049}'))).unwrap();
        assert_eq!(json, "\u{e0049}");
        assert!(matches!(escape("plain ü\n", false), Cow::Borrowed(_)));
    }

    #[test]
    fn a_field_is_one_line_and_clipped() {
        assert_eq!(
            one_field("Eve\n\n## Instructions\tx\u{2028}y", 100),
            "Eve\\u000a\\u000a## Instructions\\u0009x\\u2028y"
        );
        assert_eq!(one_field("abcdef", 3), "abc…");
        assert_eq!(one_field("abc", 3), "abc");
        assert_eq!(one_field("\u{202e}ü", 5), "\\u202eü");
    }

    #[test]
    fn invisible_characters_become_visible_and_joiners_stay_in_words_that_need_them() {
        assert_eq!(
            escape("bidi \u{202e}txt.exe\u{202c} zero\u{200b}width", false),
            "bidi \\u202etxt.exe\\u202c zero\\u200bwidth"
        );
        assert_eq!(
            escape("ig\u{200d}nore \u{feff}x\u{e0041}\u{e0042}\u{ad}", false),
            "ig\\u200dnore \\ufeffx\\udb40\\udc41\\udb40\\udc42\\u00ad"
        );
        // Persian's non-joiner and an emoji sequence's joiner are part of what they join.
        for kept in [
            "می\u{200c}خواهم",
            "👩\u{200d}💻",
            "❤\u{fe0f}\u{200d}🔥",
            "क्\u{200d}ष",
        ] {
            assert_eq!(escape(kept, false), kept);
        }
        assert_eq!(escape("\u{200d}👩", false), "\\u200d👩");
        assert_eq!(one_field("a\u{200b}b", 10), "a\\u200bb");
    }

    #[test]
    fn the_byte_pass_misses_no_control() {
        // Every control and invisible character, alone in a text: the quick pass over the
        // bytes must not let any of them through unescaped.
        let chars = (0u32..0x3000)
            .chain(0xfe00..0x10000)
            .chain(0xe0000..0xe0100)
            .filter_map(char::from_u32);
        for c in chars {
            let text = format!("a{c}b");
            let escaped = escape(&text, false);
            if is_control(c) || is_invisible(c) || matches!(c, '\r' | '\u{200c}' | '\u{200d}') {
                assert_eq!(escaped, format!("a{}b", visible(c)), "{:x}", u32::from(c));
            } else {
                assert_eq!(escaped, text, "{:x}", u32::from(c));
            }
        }
        // Text whose bytes look like a control's lead byte but is none stays as it is.
        assert_eq!(escape("a — b … ¢", false), "a — b … ¢");
    }
}
