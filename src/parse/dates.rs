//! Dates in headings: `## 2025-12-13`, `## 2026-01-14 05:33:18`, `## 12/25/2024`,
//! `## December 12, 2024`, `## Dec 13` (year from context), `## 2025-12-13 (continued)`,
//! `## 2025-12-13 | summary | mood: X`, `## 2025-03-06: Title`, `### Title (2026-01-08)`.

use chrono::{Datelike, NaiveDate};

/// The date a `## ...` heading carries, if any (level 2 only, year required). This is the
/// form `mind log` writes and checks before appending.
pub fn heading_date(line: &str) -> Option<NaiveDate> {
    let rest = line.trim_start().strip_prefix("##")?;
    if rest.starts_with('#') {
        return None;
    }
    let (date, _) = leading_date(rest.trim_start(), None)?;
    Some(date)
}

/// The date in a heading's text (without the `#`s): at the start in any of the forms
/// above, or an ISO date anywhere (`Title (2026-01-08)`). `year` is used for a date written
/// without one (`Dec 13`), rolling over to the next year when the month goes backwards
/// from `previous` (a December heading followed by a January one).
pub fn date_in_heading(text: &str, previous: Option<NaiveDate>) -> Option<NaiveDate> {
    let text = text.trim();
    let text = text
        .strip_prefix("Session:")
        .map(str::trim_start)
        .unwrap_or(text);
    if let Some((date, _)) = leading_date(text, previous) {
        return Some(date);
    }
    iso_anywhere(text)
}

/// A date at the start of `s` and the length consumed.
fn leading_date(s: &str, previous: Option<NaiveDate>) -> Option<(NaiveDate, usize)> {
    if let Some(d) = iso_at(s) {
        return Some((d, 10));
    }
    if let Some(found) = slash_date(s) {
        return Some(found);
    }
    month_name_date(s, previous)
}

/// `YYYY-MM-DD` at the start, followed by a non-digit or the end.
pub(crate) fn iso_at(s: &str) -> Option<NaiveDate> {
    let b = s.as_bytes();
    if b.len() < 10 || b.get(10).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let shape = b[..10].iter().enumerate().all(|(i, c)| {
        if i == 4 || i == 7 {
            *c == b'-'
        } else {
            c.is_ascii_digit()
        }
    });
    if !shape {
        return None;
    }
    NaiveDate::parse_from_str(&s[..10], "%Y-%m-%d").ok()
}

fn iso_anywhere(s: &str) -> Option<NaiveDate> {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(9)).find_map(|i| {
        if i > 0 && b[i - 1].is_ascii_digit() {
            return None;
        }
        if !s.is_char_boundary(i) {
            return None;
        }
        iso_at(&s[i..])
    })
}

/// `M/D/YYYY` (US order; `D/M/YYYY` when the first number cannot be a month).
fn slash_date(s: &str) -> Option<(NaiveDate, usize)> {
    let end = s
        .find(|c: char| !(c.is_ascii_digit() || c == '/'))
        .unwrap_or(s.len());
    let parts: Vec<&str> = s[..end].split('/').collect();
    if parts.len() != 3 || parts[2].len() != 4 {
        return None;
    }
    let a: u32 = parts[0].parse().ok()?;
    let b: u32 = parts[1].parse().ok()?;
    let y: i32 = parts[2].parse().ok()?;
    let date = if a > 12 {
        NaiveDate::from_ymd_opt(y, b, a)
    } else {
        NaiveDate::from_ymd_opt(y, a, b)
    }?;
    Some((date, end))
}

/// Month names, January first (also used to read reminder dates).
pub const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Weekday names, Monday first (also used to read reminder dates).
pub const WEEKDAYS: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// A weekday or a month, written out or abbreviated ("friday", "dec", "Sept."), of a
/// lower-cased word.
pub fn names_a_day_or_month(word: &[u8]) -> bool {
    let word = word.strip_suffix(b".").unwrap_or(word);
    word.len() >= 3
        && (MONTHS.iter().chain(&WEEKDAYS)).any(|name| {
            let name = name.as_bytes();
            name == word || (word.len() <= 4 && name.starts_with(word))
        })
}

fn month_number(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.').to_ascii_lowercase();
    if w.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| *m == w || (w.len() <= 4 && m.starts_with(&w)))
        .map(|i| i as u32 + 1)
}

/// `December 12, 2024`, `Dec 12 2024`, `12 December 2024`, `Dec 13` (year from context).
fn month_name_date(s: &str, previous: Option<NaiveDate>) -> Option<(NaiveDate, usize)> {
    let mut tokens = Vec::new();
    let mut pos = 0;
    for piece in s.split_inclusive([' ', ',']) {
        let word = piece.trim_matches([' ', ',']);
        pos += piece.len();
        if !word.is_empty() {
            tokens.push((word, pos));
        }
        if tokens.len() == 3 {
            break;
        }
    }
    let day = |w: &str| {
        let w = w
            .trim_end_matches("st")
            .trim_end_matches("nd")
            .trim_end_matches("rd")
            .trim_end_matches("th");
        w.parse::<u32>().ok().filter(|d| (1..=31).contains(d))
    };
    let year = |w: &str| (w.len() == 4).then(|| w.parse::<i32>().ok()).flatten();
    let (month, d, rest) = match tokens.as_slice() {
        [(m, _), (d, end_d), rest @ ..] if month_number(m).is_some() && day(d).is_some() => {
            (month_number(m)?, day(d)?, (rest.first().copied(), *end_d))
        }
        [(d, _), (m, end_m), rest @ ..] if day(d).is_some() && month_number(m).is_some() => {
            (month_number(m)?, day(d)?, (rest.first().copied(), *end_m))
        }
        _ => return None,
    };
    let (next, consumed) = rest;
    if let Some((y, end)) = next.and_then(|(w, end)| year(w).map(|y| (y, end))) {
        return NaiveDate::from_ymd_opt(y, month, d).map(|date| (date, end));
    }
    let previous = previous?;
    let mut y = previous.year();
    if month < previous.month() && previous.month() - month >= 6 {
        y += 1;
    }
    NaiveDate::from_ymd_opt(y, month, d).map(|date| (date, consumed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn heading_date_forms() {
        assert_eq!(heading_date("## 2025-12-13"), Some(d(2025, 12, 13)));
        assert_eq!(heading_date("## 2026-01-14 05:33:18"), Some(d(2026, 1, 14)));
        assert_eq!(heading_date("## 12/25/2024"), Some(d(2024, 12, 25)));
        assert_eq!(heading_date("## 25/12/2024"), Some(d(2024, 12, 25)));
        assert_eq!(heading_date("## December 12, 2024"), Some(d(2024, 12, 12)));
        assert_eq!(heading_date("## Dec 12 2024"), Some(d(2024, 12, 12)));
        assert_eq!(heading_date("## 12 December 2024"), Some(d(2024, 12, 12)));
        assert_eq!(
            heading_date("## 2025-12-13 (continued)"),
            Some(d(2025, 12, 13))
        );
        assert_eq!(
            heading_date("## 2025-12-13 | summary | mood: good"),
            Some(d(2025, 12, 13))
        );
        assert_eq!(
            heading_date("## 2025-03-06: Auth refactor"),
            Some(d(2025, 3, 6))
        );
        assert_eq!(heading_date("### 2025-01-01"), None);
        assert_eq!(heading_date("## Dec 13"), None);
        assert_eq!(heading_date("## 2025-13-45"), None);
        assert_eq!(heading_date("## Notes"), None);
        assert_eq!(heading_date("## 20251213"), None);
    }

    #[test]
    fn context_forms() {
        let prev = Some(d(2025, 12, 1));
        assert_eq!(date_in_heading("Dec 13", prev), Some(d(2025, 12, 13)));
        assert_eq!(date_in_heading("Jan 2", prev), Some(d(2026, 1, 2)));
        assert_eq!(date_in_heading("Dec 13", None), None);
        assert_eq!(
            date_in_heading("Guide System Design (2026-01-08)", None),
            Some(d(2026, 1, 8))
        );
        assert_eq!(
            date_in_heading("Session: 2026-01-16", None),
            Some(d(2026, 1, 16))
        );
        assert_eq!(date_in_heading("May the force", None), None);
        assert_eq!(date_in_heading("March on", prev), None);
    }
}
