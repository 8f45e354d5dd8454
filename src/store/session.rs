//! SESSION.md: the four sections of the current session, read leniently and
//! written by inserting one line, leaving every other byte as it was.

use chrono::NaiveDate;
use serde::Serialize;

use crate::store::text::{self, eol_of, split_lines, trimmed};

/// One of SESSION.md's sections.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Section {
    Experience,
    Blockers,
    Rejected,
    Assumptions,
}

impl Section {
    pub const ALL: [Section; 4] = [
        Section::Experience,
        Section::Blockers,
        Section::Rejected,
        Section::Assumptions,
    ];

    pub fn heading(self) -> &'static str {
        match self {
            Section::Experience => "Experience",
            Section::Blockers => "Blockers",
            Section::Rejected => "Rejected",
            Section::Assumptions => "Assumptions",
        }
    }

    fn from_heading(heading: &str) -> Option<Section> {
        let name = heading.trim().trim_end_matches(':').trim();
        Section::ALL
            .into_iter()
            .find(|s| s.heading().eq_ignore_ascii_case(name))
    }
}

/// The items of a session, in file order.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Session {
    /// The date in the `# Session: YYYY-MM-DD` title, if any.
    pub date: Option<NaiveDate>,
    pub experience: Vec<String>,
    pub blockers: Vec<String>,
    pub rejected: Vec<String>,
    pub assumptions: Vec<String>,
}

impl Session {
    pub fn items(&self, section: Section) -> &[String] {
        match section {
            Section::Experience => &self.experience,
            Section::Blockers => &self.blockers,
            Section::Rejected => &self.rejected,
            Section::Assumptions => &self.assumptions,
        }
    }

    fn items_mut(&mut self, section: Section) -> &mut Vec<String> {
        match section {
            Section::Experience => &mut self.experience,
            Section::Blockers => &mut self.blockers,
            Section::Rejected => &mut self.rejected,
            Section::Assumptions => &mut self.assumptions,
        }
    }

    pub fn total(&self) -> usize {
        Section::ALL.iter().map(|s| self.items(*s).len()).sum()
    }
}

/// Read SESSION.md: every non-blank line under a section heading that is not a comment
/// or heading is an item; a leading `- `, `* ` or `+ ` is dropped.
pub fn parse(text: &str) -> Session {
    let mut session = Session::default();
    let mut current: Option<Section> = None;
    let mut in_comment = false;
    for raw in text.lines() {
        let line = raw.trim();
        if in_comment {
            in_comment = !line.contains("-->");
            continue;
        }
        if line.starts_with("<!--") {
            in_comment = !line.contains("-->");
            continue;
        }
        if let Some(title) = line.strip_prefix("# ") {
            if let Some(date) = title.trim().strip_prefix("Session:") {
                session.date = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").ok();
            }
            current = None;
            continue;
        }
        if let Some(heading) = line.strip_prefix("##") {
            current = if heading.starts_with('#') {
                current
            } else {
                Section::from_heading(heading)
            };
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(section) = current {
            let item = line
                .strip_prefix("- ")
                .or_else(|| line.strip_prefix("* "))
                .or_else(|| line.strip_prefix("+ "))
                .unwrap_or(line)
                .trim();
            if !item.is_empty() {
                session.items_mut(section).push(item.to_string());
            }
        }
    }
    session
}

/// Insert `- item` as the last line of `section` (chronological order), keeping every
/// other byte. A missing section is added at the end of the file. Returns the new file
/// and the 1-based line number of the item.
pub fn insert_item(bytes: &[u8], section: Section, item: &str) -> (Vec<u8>, usize) {
    let eol = eol_of(bytes);
    let lines = split_lines(bytes);
    let new_line = format!("- {item}{eol}");
    let heading = lines.iter().position(|l| {
        let t = trimmed(l);
        t.strip_prefix("##")
            .is_some_and(|h| !h.starts_with('#') && Section::from_heading(h) == Some(section))
    });
    let Some(heading) = heading else {
        let mut out = bytes.to_vec();
        if !text::ends_with_newline(&out) {
            out.extend_from_slice(eol.as_bytes());
        }
        if !out.is_empty() && !out.ends_with(format!("{eol}{eol}").as_bytes()) {
            out.extend_from_slice(eol.as_bytes());
        }
        out.extend_from_slice(format!("## {}{eol}", section.heading()).as_bytes());
        let line = newlines(&out) + 1;
        out.extend_from_slice(new_line.as_bytes());
        return (out, line);
    };
    let end = lines[heading + 1..]
        .iter()
        .position(|l| trimmed(l).starts_with('#'))
        .map_or(lines.len(), |i| heading + 1 + i);
    // After the last non-blank line of the section (its last item, or its comment).
    let after = (heading + 1..end)
        .rev()
        .find(|&i| !trimmed(lines[i]).is_empty())
        .unwrap_or(heading);
    let mut out = Vec::with_capacity(bytes.len() + new_line.len() + 2);
    for line in &lines[..=after] {
        out.extend_from_slice(line);
    }
    if !text::ends_with_newline(&out) {
        out.extend_from_slice(eol.as_bytes());
    }
    let line = newlines(&out) + 1;
    out.extend_from_slice(new_line.as_bytes());
    let rest = &lines[after + 1..];
    if rest.first().is_some_and(|l| trimmed(l).starts_with('#')) {
        out.extend_from_slice(eol.as_bytes());
    }
    for rest_line in rest {
        out.extend_from_slice(rest_line);
    }
    (out, line)
}

fn newlines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::templates;

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 1, 15).unwrap()
    }

    #[test]
    fn template_parses_empty() {
        let s = parse(&templates::session(day()));
        assert_eq!(s.total(), 0);
        assert_eq!(s.date, Some(day()));
    }

    #[test]
    fn insert_keeps_order_and_bytes() {
        let t = templates::session(day());
        let (once, first) = insert_item(t.as_bytes(), Section::Rejected, "redis - overkill");
        let (twice, second) = insert_item(&once, Section::Rejected, "memcached - no");
        assert_eq!((first, second), (10, 11));
        let text = String::from_utf8(twice).unwrap();
        assert!(text.contains(
            "## Rejected\n<!-- What didn't work and why -->\n- redis - overkill\n- memcached - no\n\n## Assumptions"
        ));
        assert_eq!(
            parse(&text).rejected,
            vec!["redis - overkill", "memcached - no"]
        );
    }

    #[test]
    fn insert_into_last_section_and_crlf() {
        let t = templates::session(day()).replace('\n', "\r\n");
        let (out, _) = insert_item(t.as_bytes(), Section::Assumptions, "api is stable");
        let text = String::from_utf8(out).unwrap();
        assert!(text.ends_with("<!-- What I'm assuming true -->\r\n- api is stable\r\n\r\n"));
        assert!(!text.replace("\r\n", "").contains('\n'));
    }

    #[test]
    fn missing_section_is_appended() {
        let (out, line) = insert_item(b"# Session: 2026-01-15\n", Section::Blockers, "ci is red");
        assert_eq!(line, 4);
        assert_eq!(out, b"# Session: 2026-01-15\n\n## Blockers\n- ci is red\n");
    }

    #[test]
    fn multi_line_comment_is_not_an_item() {
        let s = parse("## Experience\n<!-- a\nb -->\n- real\n");
        assert_eq!(s.experience, vec!["real"]);
    }
}
