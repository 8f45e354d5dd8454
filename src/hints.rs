//! What `mind recall` warns about besides the context: a session going in circles (many
//! rejected approaches or blockers) and a MEMORY.md grown large. Pure; the thresholds are
//! the Python Mind's.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};

use crate::parse::dates::heading_date;
use crate::store::session_file::Session;

/// Rejected approaches in one session from which recall suggests a step back.
pub const REJECTED_WARNING: usize = 3;
/// Blockers in one session from which recall suggests asking for direction.
pub const BLOCKERS_WARNING: usize = 2;
/// MEMORY.md larger than this (100 KiB) gets the archiving hint.
pub const LARGE_MEMORY_BYTES: u64 = 100 * 1024;

/// Warnings about the current session, empty while it goes well.
pub fn session_warnings(session: &Session) -> Vec<String> {
    let mut out = Vec::new();
    let rejected = session.rejected.len();
    if rejected >= REJECTED_WARNING {
        out.push(format!(
            "{rejected} rejected approaches this session: step back before the next fix — \
             reread them (`mind session`), question your assumptions, or brief a fresh agent \
             with `mind helper`"
        ));
    }
    let blockers = session.blockers.len();
    if blockers >= BLOCKERS_WARNING {
        out.push(format!(
            "{blockers} blockers this session: consider asking the user for direction, or \
             brief a fresh agent with `mind helper`"
        ));
    }
    out
}

/// The hint for MEMORY.md (`memory`, its bytes), if it is large: which of its dated
/// entries to move into `.mind/archive/`, named from what the file holds.
pub fn memory_size_hint(memory: &[u8]) -> Option<String> {
    let bytes = memory.len() as u64;
    (bytes > LARGE_MEMORY_BYTES).then(|| {
        format!(
            "MEMORY.md is large ({} KiB): {}; `mind search` still finds them, and recall \
             reads less",
            bytes / 1024,
            archive_suggestion(memory)
        )
    })
}

/// What to move into `.mind/archive/`: the oldest entries, counted in years when the file
/// spans several, else in months, else in days; as many of the oldest as hold about half
/// of the dated entries' bytes (at least one, never the newest), so following the hint
/// brings the file well under the bound and keeps the latest entries in it.
/// A unit of time the hint counts in: its name, the format of its periods' names, what
/// follows a name in the headings it covers, and the period a day falls in.
type Unit = (
    &'static str,
    &'static str,
    &'static str,
    fn(NaiveDate) -> i64,
);

fn archive_suggestion(memory: &[u8]) -> String {
    // Bytes of each date's entries: a `## DATE` heading and the lines up to the next
    // level-2 heading (`## Gotchas` and the like belong to no date).
    let mut by_day: BTreeMap<NaiveDate, u64> = BTreeMap::new();
    let mut day: Option<NaiveDate> = None;
    for line in memory.split(|b| *b == b'\n') {
        if line.starts_with(b"##") && !line.starts_with(b"###") {
            day = heading_date(&String::from_utf8_lossy(line));
        }
        if let Some(d) = day {
            *by_day.entry(d).or_default() += line.len() as u64 + 1;
        }
    }
    // Each unit, the format of its periods' names, what follows a name in the headings it
    // covers, and the period a day falls in (a number that sorts as the periods follow each
    // other: formatting every day's name would cost more than the whole scan).
    let units: [Unit; 3] = [
        ("years", "%Y", "-…", |d| i64::from(d.year())),
        ("months", "%Y-%m", "-…", |d| {
            i64::from(d.year()) * 12 + i64::from(d.month0())
        }),
        ("days", "%Y-%m-%d", "", |d| i64::from(d.num_days_from_ce())),
    ];
    for (unit, format, more, period_of) in units {
        // Each period's bytes, and its first day (to name it).
        let mut periods: BTreeMap<i64, (u64, NaiveDate)> = BTreeMap::new();
        for (d, n) in &by_day {
            periods.entry(period_of(*d)).or_insert((0, *d)).0 += n;
        }
        if periods.len() < 2 {
            continue;
        }
        let total: u64 = periods.values().map(|(n, _)| n).sum();
        let mut moved = 0;
        let mut chosen: Vec<NaiveDate> = Vec::new();
        for (n, first_day) in periods.values().take(periods.len() - 1) {
            if moved * 2 >= total {
                break;
            }
            moved += n;
            chosen.push(*first_day);
        }
        let first = chosen[0].format(format).to_string();
        let last = chosen[chosen.len() - 1].format(format).to_string();
        return if first == last {
            format!(
                "move old {unit} into .mind/archive/ (e.g. the `## {first}{more}` entries \
                 into .mind/archive/{first}.md)"
            )
        } else {
            format!(
                "move old {unit} into .mind/archive/ (e.g. the `## {first}{more}` to \
                 `## {last}{more}` entries into .mind/archive/{first}-to-{last}.md)"
            )
        };
    }
    "move old entries into .mind/archive/".into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds() {
        let mut s = Session {
            rejected: vec!["a".into(), "b".into()],
            blockers: vec!["x".into()],
            ..Session::default()
        };
        assert!(session_warnings(&s).is_empty());
        s.rejected.push("c".into());
        s.blockers.push("y".into());
        let w = session_warnings(&s);
        assert_eq!(w.len(), 2);
        assert!(w[0].starts_with("3 rejected") && w[1].starts_with("2 blockers"));
        let filler = |n: u64| vec![b'x'; n as usize];
        assert_eq!(memory_size_hint(&filler(LARGE_MEMORY_BYTES)), None);
        assert_eq!(
            memory_size_hint(&filler(LARGE_MEMORY_BYTES + 1)).as_deref(),
            Some(
                "MEMORY.md is large (100 KiB): move old entries into .mind/archive/; \
                 `mind search` still finds them, and recall reads less"
            )
        );
    }

    /// A MEMORY.md with `n` bytes of entries under each of `days` (and a gotchas section).
    fn memory(days: &[(&str, usize)]) -> Vec<u8> {
        let mut out = String::from("# Project\n\n## Gotchas\n- a -> b\n");
        for (day, n) in days {
            out.push_str(&format!("\n## {day}\n\n{}\n", "x".repeat(*n)));
        }
        out.into_bytes()
    }

    #[test]
    fn the_archiving_hint_names_what_the_file_holds() {
        let hint = |days: &[(&str, usize)]| archive_suggestion(&memory(days));
        assert_eq!(
            hint(&[("2024-05-01", 200), ("2025-01-02", 100), ("2026-01-02", 10)]),
            "move old years into .mind/archive/ (e.g. the `## 2024-…` entries into \
             .mind/archive/2024.md)"
        );
        // The oldest months holding half of the entries, never the newest month.
        assert_eq!(
            hint(&[
                ("2026-01-05", 100),
                ("2026-02-02", 100),
                ("2026-03-02", 100),
                ("2026-04-01", 100),
            ]),
            "move old months into .mind/archive/ (e.g. the `## 2026-01-…` to `## 2026-02-…` \
             entries into .mind/archive/2026-01-to-2026-02.md)"
        );
        assert_eq!(
            hint(&[("2026-01-05", 900), ("2026-02-02", 100)]),
            "move old months into .mind/archive/ (e.g. the `## 2026-01-…` entries into \
             .mind/archive/2026-01.md)"
        );
        assert_eq!(
            hint(&[("2026-01-05", 10), ("2026-01-06", 10), ("2026-01-07", 10)]),
            "move old days into .mind/archive/ (e.g. the `## 2026-01-05` to `## 2026-01-06` \
             entries into .mind/archive/2026-01-05-to-2026-01-06.md)"
        );
        assert_eq!(
            hint(&[("2026-01-05", 10)]),
            "move old entries into .mind/archive/"
        );
    }
}
