//! Dates in headings: `## 2025-12-13`, `## 2026-01-14 05:33:18`, `## 12/25/2024`, `## December 12, 2024`.

use chrono::NaiveDate;

/// The date a `## ...` heading line carries, if any.
pub fn heading_date(line: &str) -> Option<NaiveDate> {
    let rest = line.trim_start().strip_prefix("##")?;
    if rest.starts_with('#') {
        return None;
    }
    let rest = rest.trim_start();
    let head: String = rest.chars().take(10).collect();
    NaiveDate::parse_from_str(&head, "%Y-%m-%d").ok()
}
