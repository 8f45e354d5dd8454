//! MEMORY.md writes: entries are appended as whole lines under today's `## YYYY-MM-DD`
//! heading, which is added when the last heading is not today's.

use chrono::NaiveDate;

use crate::parse::dates;
use crate::store::text::{self, eol_of};

/// The bytes to append so that `lines` sit under a `## {date}` heading.
///
/// `existing` is the current file; nothing in it changes. When the last level-2 heading is
/// already `date`, the lines go straight at the end; otherwise a new heading comes first.
pub fn append_under_date(existing: &[u8], date: NaiveDate, lines: &[String]) -> Vec<u8> {
    append_after(eol_of(existing), existing, existing.is_empty(), date, lines)
}

/// [`append_under_date`] from the file's end only: `end` is the file from the start of a
/// line that holds its last `## ` heading line (or the whole file), `eol` how its lines
/// end, `empty` whether the file is empty.
pub(crate) fn append_after(
    eol: &str,
    end: &[u8],
    empty: bool,
    date: NaiveDate,
    lines: &[String],
) -> Vec<u8> {
    let mut out = Vec::new();
    if !empty && !text::ends_with_newline(end) {
        out.extend_from_slice(eol.as_bytes());
    }
    if last_heading_date(end) != Some(date) {
        if !empty && !end.ends_with(format!("{eol}{eol}").as_bytes()) {
            out.extend_from_slice(eol.as_bytes());
        }
        out.extend_from_slice(format!("## {date}{eol}{eol}").as_bytes());
    }
    for line in lines {
        out.extend_from_slice(line.as_bytes());
        out.extend_from_slice(eol.as_bytes());
    }
    out
}

/// The date of the last `## ` heading, when that heading is a date heading.
/// Scans backwards from the end, so an append costs the same on a 10 MB file as on a small one.
pub(crate) fn last_heading_date(bytes: &[u8]) -> Option<NaiveDate> {
    let mut end = bytes.len();
    loop {
        let start = memchr::memrchr(b'\n', &bytes[..end]).map_or(0, |i| i + 1);
        let line = text::trimmed(&bytes[start..end]);
        if line.starts_with("## ") || line == "##" {
            return dates::heading_date(&line);
        }
        if start == 0 {
            return None;
        }
        end = start - 1;
    }
}

/// Number of `\n` bytes.
pub fn newline_count(bytes: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', bytes).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 1, day).unwrap()
    }

    #[test]
    fn adds_heading_when_last_is_another_day() {
        let out = append_under_date(b"## 2026-01-14\n\nold\n", d(15), &["decided: x".into()]);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\n## 2026-01-15\n\ndecided: x\n"
        );
    }

    #[test]
    fn reuses_todays_heading() {
        let out = append_under_date(b"## 2026-01-15\n\nold", d(15), &["learned: y".into()]);
        assert_eq!(String::from_utf8(out).unwrap(), "\nlearned: y\n");
    }

    #[test]
    fn a_later_non_date_heading_needs_a_new_date_heading() {
        let out = append_under_date(
            b"## 2026-01-15\n\n## Notes\nx\n",
            d(15),
            &["fixed: z".into()],
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\n## 2026-01-15\n\nfixed: z\n"
        );
    }

    #[test]
    fn keeps_crlf() {
        let out = append_under_date(b"# x\r\n", d(15), &["decided: x".into()]);
        assert_eq!(out, b"\r\n## 2026-01-15\r\n\r\ndecided: x\r\n");
    }
}
