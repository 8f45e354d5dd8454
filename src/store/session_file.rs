//! SESSION.md: the four sections of the current session, read leniently, written by
//! inserting one line, and reset for a new session, leaving every other byte as it was.

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
    /// The blockers' own words: a carried-over blocker's mark is in `carried_over`.
    pub blockers: Vec<String>,
    pub rejected: Vec<String>,
    pub assumptions: Vec<String>,
    /// Blockers a new session's recall carried over from the session before, still open
    /// when it ended ([`carried_line`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub carried_over: Vec<CarriedOver>,
}

/// A blocker carried over from an earlier session, and which one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CarriedOver {
    pub blocker: String,
    /// The start of the session it was logged in, local time (`2026-01-15 09:00`): the
    /// name of that session's archive in `.mind/sessions/`.
    pub from: String,
}

/// How the mark of a carried-over blocker starts; it ends with `)` at the end of the line.
const CARRIED_MARK: &str = " (carried over from the session of ";

/// The SESSION.md item of a blocker carried over from the session that started at `from`
/// (`2026-01-15 09:00`): its words and a mark after them. The mark is plain text, so every
/// reader of the file (the Python Mind, an agent reading it whole) sees where the blocker
/// comes from; [`parse`] takes it off again, so what promotion, fixes and search compare is
/// the blocker's own words.
pub fn carried_line(blocker: &str, from: &str) -> String {
    format!("{blocker}{}", carried_mark(from))
}

/// The mark after a blocker carried over from the session that started at `from`:
/// ` (carried over from the session of 2026-01-15 09:00)`.
pub fn carried_mark(from: &str) -> String {
    format!("{CARRIED_MARK}{from})")
}

/// A blocker item split into its words and the session it was carried over from, when it
/// ends with the mark [`carried_line`] writes (a date and a time, nothing else).
fn split_carried(item: &str) -> Option<(&str, &str)> {
    let (blocker, rest) = item.strip_suffix(')')?.rsplit_once(CARRIED_MARK)?;
    chrono::NaiveDateTime::parse_from_str(rest, "%Y-%m-%d %H:%M").ok()?;
    let blocker = blocker.trim_end();
    (!blocker.is_empty()).then_some((blocker, rest))
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

    /// The session the blocker `blocker` was carried over from, if it was
    /// ([`carried_line`]).
    pub fn carried_from(&self, blocker: &str) -> Option<&str> {
        (self.carried_over.iter())
            .find(|c| c.blocker == blocker)
            .map(|c| c.from.as_str())
    }

    /// `item` of `section` as SESSION.md holds it: a carried-over blocker with its mark.
    pub fn line(&self, section: Section, item: &str) -> String {
        match self.carried_from(item) {
            Some(from) if section == Section::Blockers => carried_line(item, from),
            _ => item.to_string(),
        }
    }

    pub fn total(&self) -> usize {
        Section::ALL.iter().map(|s| self.items(*s).len()).sum()
    }

    /// How many items each section holds, in [`Section::ALL`]'s order.
    pub fn counts(&self) -> [usize; 4] {
        Section::ALL.map(|s| self.items(s).len())
    }

    /// Keep the first `kept` items of each section (in [`Section::ALL`]'s order) and return
    /// the rest: what was logged after that point (`mind log` adds items at a section's end).
    pub fn split_off(&mut self, kept: [usize; 4]) -> Session {
        let mut later = Session {
            date: self.date,
            carried_over: self.carried_over.clone(),
            ..Session::default()
        };
        for (section, kept) in Section::ALL.into_iter().zip(kept) {
            let items = self.items_mut(section);
            let at = kept.min(items.len());
            *later.items_mut(section) = items.split_off(at);
        }
        later
    }
}

/// Read SESSION.md: every non-blank line under a section heading that is not a comment
/// or heading is an item; a leading `- `, `* ` or `+ ` is dropped.
pub fn parse(text: &str) -> Session {
    // A byte order mark before the title is not part of it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut session = Session::default();
    let mut current: Option<Section> = None;
    let mut comments = crate::store::text::HtmlComments::default();
    for raw in text.lines() {
        let line = raw.trim();
        if comments.skip(line) {
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
            // Any list marker a person may type: `-`, `*`, `+`, `•`, `1.`, `2)`.
            let item = crate::parse::strip_list_marker(line).0.trim();
            if item.is_empty() {
                continue;
            }
            match split_carried(item).filter(|_| section == Section::Blockers) {
                Some((blocker, from)) => {
                    session.blockers.push(blocker.to_string());
                    session.carried_over.push(CarriedOver {
                        blocker: blocker.to_string(),
                        from: from.to_string(),
                    });
                }
                None => session.items_mut(section).push(item.to_string()),
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

/// The comment the template puts under a section's heading.
fn template_comment(section: Section) -> Option<&'static str> {
    match section {
        Section::Experience => Some("<!-- Raw moments, thoughts, what's happening -->"),
        Section::Blockers => None,
        Section::Rejected => Some("<!-- What didn't work and why -->"),
        Section::Assumptions => Some("<!-- What I'm assuming true -->"),
    }
}

/// SESSION.md for a new session made from the finished one: the title dated `today`, the
/// items of the four sections gone (their headings and comments stay), and everything
/// else — text before the first section, other sections such as `## Notes` — carried over
/// byte for byte in place. Sections missing from the file are added at its end.
///
/// A byte order mark stays the file's first bytes: the title after it is the title (not
/// text before the first section, which would keep the finished session's date for good).
pub fn reset(bytes: &[u8], today: NaiveDate) -> Vec<u8> {
    let (bom, bytes) = text::split_bom(bytes);
    let mut out = bom.to_vec();
    out.extend_from_slice(&reset_text(bytes, today));
    out
}

fn reset_text(bytes: &[u8], today: NaiveDate) -> Vec<u8> {
    let eol = eol_of(bytes);
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len() + 256);
    let mut titled = false;
    let mut seen = [false; 4];
    let mut current: Option<Section> = None;
    let mut in_comment = false;
    for line in split_lines(bytes) {
        let t = trimmed(line);
        if in_comment {
            // Comments are kept wherever they are (a known section's comment included).
            in_comment = !t.contains("-->");
            push_line(&mut out, line, eol);
            continue;
        }
        if t.starts_with("<!--") {
            in_comment = !t.contains("-->");
            push_line(&mut out, line, eol);
            continue;
        }
        let breaks = t.starts_with("# ") || (t.starts_with("##") && !t.starts_with("###"));
        if current.is_some() {
            if !breaks {
                continue; // an item, a sub-heading or a blank line of a finished section
            }
            end_section(&mut out, eol);
            current = None;
        }
        if !titled
            && t.strip_prefix("# ")
                .is_some_and(|title| title.trim_start().starts_with("Session:"))
        {
            out.extend_from_slice(format!("# Session: {today}{eol}").as_bytes());
            titled = true;
            continue;
        }
        if let Some(section) = t
            .strip_prefix("##")
            .filter(|h| !h.starts_with('#'))
            .and_then(Section::from_heading)
        {
            seen[section as usize] = true;
            current = Some(section);
        }
        push_line(&mut out, line, eol);
    }
    if current.is_some() {
        end_section(&mut out, eol);
    }
    for section in Section::ALL.into_iter().filter(|s| !seen[*s as usize]) {
        if !text::ends_with_newline(&out) {
            out.extend_from_slice(eol.as_bytes());
        }
        if !out.is_empty() && !out.ends_with(format!("{eol}{eol}").as_bytes()) {
            out.extend_from_slice(eol.as_bytes());
        }
        out.extend_from_slice(format!("## {}{eol}", section.heading()).as_bytes());
        if let Some(comment) = template_comment(section) {
            out.extend_from_slice(format!("{comment}{eol}").as_bytes());
        }
    }
    if !seen.iter().all(|s| *s) {
        out.extend_from_slice(eol.as_bytes());
    }
    if !titled {
        let mut titled_out = format!("# Session: {today}{eol}").into_bytes();
        if !out.starts_with(eol.as_bytes()) {
            titled_out.extend_from_slice(eol.as_bytes());
        }
        titled_out.extend_from_slice(&out);
        out = titled_out;
    }
    out
}

/// SESSION.md's size bound in bytes. A session is a few kilobytes; a file this large is an
/// agent logging in a loop, and every log rewrites the whole file.
pub const MAX_BYTES: usize = 1 << 20;

/// Whether inserting an item of `item_len` bytes would take a SESSION.md of `len` bytes
/// past [`MAX_BYTES`].
pub fn over_bound(len: usize, item_len: usize) -> bool {
    len.saturating_add(item_len) > MAX_BYTES
}

/// The SESSION.md to continue with once a full one has been archived: its [`reset`] (other
/// sections and notes kept), or the template when that text alone fills half the bound.
pub fn restart(bytes: &[u8], today: NaiveDate) -> Vec<u8> {
    let reset = reset(bytes, today);
    if reset.len() > MAX_BYTES / 2 {
        crate::store::templates::session(today).into_bytes()
    } else {
        reset
    }
}

/// Whether a new session's reset would leave this SESSION.md as it is, apart from the
/// date in its title: then it holds nothing that a reset could lose.
pub fn reset_keeps_all(bytes: &[u8]) -> bool {
    let date = parse(&text::lossy(bytes)).date;
    date.is_some_and(|date| reset(bytes, date) == bytes)
}

fn push_line(out: &mut Vec<u8>, line: &[u8], eol: &str) {
    out.extend_from_slice(line);
    if !line.ends_with(b"\n") {
        out.extend_from_slice(eol.as_bytes());
    }
}

/// A reset section ends with one blank line before whatever follows it.
fn end_section(out: &mut Vec<u8>, eol: &str) {
    out.extend_from_slice(eol.as_bytes());
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
    fn items_typed_with_any_list_marker() {
        let t = templates::session(day()).replace(
            "## Rejected\n",
            "## Rejected\n1. numbered - too slow\n2) second - overkill\n* starred - no\n• dotted - no\nplain - no\n",
        );
        assert_eq!(
            parse(&t).rejected,
            [
                "numbered - too slow",
                "second - overkill",
                "starred - no",
                "dotted - no",
                "plain - no"
            ]
        );
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
    fn reset_of_the_template_is_the_template() {
        let next = NaiveDate::from_ymd_opt(2026, 1, 16).unwrap();
        let t = templates::session(day());
        assert_eq!(
            reset(t.as_bytes(), next),
            templates::session(next).into_bytes()
        );
        let crlf = t.replace('\n', "\r\n");
        let want = templates::session(next).replace('\n', "\r\n");
        assert_eq!(reset(crlf.as_bytes(), next), want.into_bytes());
        assert!(reset_keeps_all(t.as_bytes()));
    }

    #[test]
    fn reset_drops_items_and_keeps_everything_else_in_place() {
        let old = "# Session: 2026-01-15\nscratch before the sections\n\n## Experience\n<!-- Raw moments, thoughts, what's happening -->\n- one\n### detail\n- two\n\n## Notes\nkeep me\n\n  indented too\n## Blockers\n- stuck\n## Rejected\n<!-- What didn't work and why -->\n## Assumptions\n- x\n";
        let out = String::from_utf8(reset(old.as_bytes(), day())).unwrap();
        assert_eq!(
            out,
            "# Session: 2026-01-15\nscratch before the sections\n\n## Experience\n<!-- Raw moments, thoughts, what's happening -->\n\n## Notes\nkeep me\n\n  indented too\n## Blockers\n\n## Rejected\n<!-- What didn't work and why -->\n\n## Assumptions\n\n"
        );
        assert_eq!(parse(&out).total(), 0);
        assert!(!reset_keeps_all(old.as_bytes()));
        assert!(reset_keeps_all(out.as_bytes()));
    }

    #[test]
    fn reset_of_notes_without_sections_adds_title_and_sections() {
        let old = "\n## 2026-02-09 08:01:03\nnotes";
        let out = String::from_utf8(reset(old.as_bytes(), day())).unwrap();
        assert_eq!(
            out,
            format!(
                "# Session: 2026-01-15\n\n## 2026-02-09 08:01:03\nnotes\n\n{}",
                templates::session(day()).split_once("\n\n").unwrap().1
            )
        );
        assert!(reset_keeps_all(out.as_bytes()));
    }

    #[test]
    fn a_byte_order_mark_before_the_title_stays_and_the_title_is_renewed() {
        let next = NaiveDate::from_ymd_opt(2026, 1, 16).unwrap();
        let (with_item, _) = insert_item(
            format!("\u{feff}{}", templates::session(day())).as_bytes(),
            Section::Blockers,
            "ci is red",
        );
        let parsed = parse(&text::lossy(&with_item));
        assert_eq!((parsed.date, parsed.blockers.len()), (Some(day()), 1));
        let out = reset(&with_item, next);
        assert_eq!(
            out,
            format!("\u{feff}{}", templates::session(next)).into_bytes()
        );
        assert!(reset_keeps_all(&out));
        // A file that starts with a section: the mark stays first, the title goes after it.
        let out = reset(b"\xEF\xBB\xBF## Blockers\n- x\n", next);
        assert!(out.starts_with(b"\xEF\xBB\xBF# Session: 2026-01-16\n\n## Blockers\n\n"));
    }

    #[test]
    fn a_carried_over_blocker_is_read_without_its_mark() {
        let line = carried_line("ci runner OOMs", "2026-01-14 09:00");
        assert_eq!(
            line,
            "ci runner OOMs (carried over from the session of 2026-01-14 09:00)"
        );
        let (text, _) = insert_item(
            templates::session(day()).as_bytes(),
            Section::Blockers,
            &line,
        );
        let (text, _) = insert_item(&text, Section::Blockers, "staging is down");
        let s = parse(&text::lossy(&text));
        assert_eq!(s.blockers, vec!["ci runner OOMs", "staging is down"]);
        assert_eq!(s.carried_from("ci runner OOMs"), Some("2026-01-14 09:00"));
        assert_eq!(s.carried_from("staging is down"), None);
        assert_eq!(s.line(Section::Blockers, "ci runner OOMs"), line);
        assert_eq!(
            s.line(Section::Blockers, "staging is down"),
            "staging is down"
        );
        // Only the exact mark, and only on a blocker, is one.
        for item in [
            "x (carried over from the session of yesterday)",
            "(carried over from the session of 2026-01-14 09:00)",
        ] {
            let s = parse(&format!("## Blockers\n- {item}\n"));
            assert_eq!(
                (s.blockers, s.carried_over),
                (vec![item.to_string()], vec![])
            );
        }
        let s = parse(&format!("## Experience\n- {line}\n"));
        assert_eq!(s.experience, vec![line]);
        // A reset takes it like any item.
        assert_eq!(parse(&text::lossy(&reset(&text, day()))).total(), 0);
    }

    #[test]
    fn multi_line_comment_is_not_an_item() {
        let s = parse("## Experience\n<!-- a\nb -->\n- real\n");
        assert_eq!(s.experience, vec!["real"]);
    }
}
