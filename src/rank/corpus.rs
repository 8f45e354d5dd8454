//! What gets indexed: every content line of a memory file, typed and dated.
//!
//! A content line is any line that is not blank, not a heading, not inside an HTML comment
//! or a code fence, not a horizontal rule and not an empty template placeholder. Each one
//! becomes a [`RawDoc`] with its type (from the loose parser; lines the parser does not type
//! are notes), the date of the nearest date heading above it, its section (the nearest
//! heading, whose words are a second, lighter search field) and its 1-based line number.

use std::fmt;

use chrono::{Datelike, NaiveDate};
use serde::Serialize;

use crate::parse::{EntryType, classify_line, dates, parse_document};

/// The type of an indexed line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Decision,
    Problem,
    Learning,
    Progress,
    Gotcha,
    Experience,
    Blocker,
    Rejected,
    Assumption,
    /// A content line the parser gives no type.
    Note,
}

impl Kind {
    pub const ALL: [Kind; 10] = [
        Kind::Decision,
        Kind::Problem,
        Kind::Learning,
        Kind::Progress,
        Kind::Gotcha,
        Kind::Experience,
        Kind::Blocker,
        Kind::Rejected,
        Kind::Assumption,
        Kind::Note,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Decision => "decision",
            Kind::Problem => "problem",
            Kind::Learning => "learning",
            Kind::Progress => "progress",
            Kind::Gotcha => "gotcha",
            Kind::Experience => "experience",
            Kind::Blocker => "blocker",
            Kind::Rejected => "rejected",
            Kind::Assumption => "assumption",
            Kind::Note => "note",
        }
    }

    pub fn code(self) -> u8 {
        Kind::ALL.iter().position(|k| *k == self).unwrap_or(9) as u8
    }

    pub fn from_code(code: u8) -> Kind {
        Kind::ALL.get(code as usize).copied().unwrap_or(Kind::Note)
    }

    pub fn from_entry(kind: EntryType) -> Kind {
        match kind {
            EntryType::Decision => Kind::Decision,
            EntryType::Problem => Kind::Problem,
            EntryType::Learning => Kind::Learning,
            EntryType::Progress => Kind::Progress,
            EntryType::Gotcha => Kind::Gotcha,
            EntryType::Rejected => Kind::Rejected,
        }
    }

    /// A type name as `--type` accepts it (the `mind log` names and aliases, plus `note`).
    pub fn parse(name: &str) -> Option<Kind> {
        use crate::classify::{LogKind, parse_type};
        use crate::store::session_file::Section;
        if matches!(name.trim().to_ascii_lowercase().as_str(), "note" | "notes") {
            return Some(Kind::Note);
        }
        Some(match parse_type(name)? {
            LogKind::Memory(kind) => Kind::from_entry(kind),
            LogKind::Session(Section::Experience) => Kind::Experience,
            LogKind::Session(Section::Blockers) => Kind::Blocker,
            LogKind::Session(Section::Rejected) => Kind::Rejected,
            LogKind::Session(Section::Assumptions) => Kind::Assumption,
            // Next steps are no kind of line search tells apart.
            LogKind::Next => return None,
        })
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One indexed line.
#[derive(Debug, Clone, PartialEq)]
pub struct RawDoc {
    /// Byte range of the trimmed line in the (lossy) source text.
    pub start: usize,
    pub len: usize,
    /// 1-based line number.
    pub line: usize,
    pub kind: Kind,
    pub date: Option<NaiveDate>,
    /// Index into the sections.
    pub section: usize,
    pub superseded: bool,
    /// The words that are searched: the line without list marker, type label and emphasis.
    pub body: String,
}

/// A heading and the lines under it (until the next heading).
#[derive(Debug, Clone, PartialEq)]
pub struct RawSection {
    /// Byte range of the heading text (without `#`s) in the source; empty for the part
    /// of the file before the first heading.
    pub start: usize,
    pub len: usize,
    pub line: usize,
    /// The words of the heading that are searched (without its date).
    pub words: String,
}

/// The lines and sections of one file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawFile {
    pub docs: Vec<RawDoc>,
    pub sections: Vec<RawSection>,
}

/// The level of a markdown heading line (`## x` → 2), if it is one.
fn heading_level(line: &str) -> Option<usize> {
    let level = line.bytes().take_while(|&b| b == b'#').count();
    if level == 0 || level > 6 {
        return None;
    }
    match line[level..].chars().next() {
        None => Some(level),
        Some(c) if c.is_whitespace() => Some(level),
        _ => None,
    }
}

fn is_rule(line: &str) -> bool {
    let Some(first) = line
        .bytes()
        .next()
        .filter(|b| matches!(b, b'-' | b'*' | b'_'))
    else {
        return false;
    };
    let mut count = 0;
    for b in line.bytes() {
        if b == first {
            count += 1;
        } else if !b.is_ascii_whitespace() {
            return false;
        }
    }
    count >= 3
}

/// The line without its list marker (`- `, `* `, `+ `, `1. `, `1) `, `- [ ] `).
pub fn strip_marker(line: &str) -> &str {
    let t = line.trim();
    let rest = if let Some(r) = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .or_else(|| t.strip_prefix("+ "))
    {
        r
    } else {
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && digits < 4 {
            match t[digits..]
                .strip_prefix(". ")
                .or_else(|| t[digits..].strip_prefix(") "))
            {
                Some(r) => r,
                None => t,
            }
        } else {
            t
        }
    };
    let rest = rest.trim_start();
    rest.strip_prefix("[ ] ")
        .or_else(|| rest.strip_prefix("[x] "))
        .or_else(|| rest.strip_prefix("[X] "))
        .unwrap_or(rest)
        .trim()
}

/// A template placeholder or an empty `Key:` line carries no memory.
fn is_placeholder(body: &str, section: &str) -> bool {
    let b = body.trim();
    if b.is_empty() || (b.starts_with('(') && b.ends_with(')')) {
        return true;
    }
    if section == "project state" {
        let value = b.split_once(':').map_or("", |(_, v)| v.trim());
        return value.is_empty() || value.eq_ignore_ascii_case("none") || value.starts_with('(');
    }
    false
}

/// The words of a heading that describe its section: no `#`s, no leading date, no `|`.
fn heading_words(text: &str) -> String {
    let mut t = text.trim();
    // `get`: the tenth byte may fall inside a character (`## 已知问题`).
    if let Some(day) = t.get(..10)
        && NaiveDate::parse_from_str(day, "%Y-%m-%d").is_ok()
    {
        t = &t[10..];
    }
    t.replace('|', " ").trim().to_string()
}

/// Index a memory-style markdown file (MEMORY.md, a named memory): every content line,
/// typed by the loose parser.
pub fn markdown(text: &str) -> RawFile {
    markdown_with(text, false)
}

/// [`markdown`], optionally searching the whole line, type label included (only to measure
/// what leaving labels out buys).
pub fn markdown_with(text: &str, keep_labels: bool) -> RawFile {
    markdown_parsed(text, &parse_document(text), keep_labels)
}

/// [`markdown_with`] for a text already parsed (`doc`; whether its problems were resolved
/// does not matter here): MEMORY.md's parse comes from the parse cache.
pub fn markdown_parsed(text: &str, doc: &crate::parse::Document, keep_labels: bool) -> RawFile {
    let mut out = RawFile {
        docs: Vec::new(),
        sections: vec![RawSection::before_first_heading()],
    };
    let mut reader = MarkdownReader::new(keep_labels);
    reader.read(text, &doc.entities, &mut |line| match line {
        Line::Doc(doc) => out.docs.push(doc),
        Line::Section(section) => out.sections.push(section),
    });
    out
}

impl RawSection {
    /// The section every file starts in: the part before its first heading.
    pub fn before_first_heading() -> RawSection {
        RawSection {
            start: 0,
            len: 0,
            line: 0,
            words: String::new(),
        }
    }
}

/// What [`MarkdownReader`] finds on a line.
pub enum Line {
    Doc(RawDoc),
    /// A heading: the docs after it are in this new section (the first is section 1,
    /// section 0 being [`RawSection::before_first_heading`]).
    Section(RawSection),
}

/// [`markdown_parsed`] a piece at a time: a large file is read in pieces of whole lines,
/// each with the parser's entities for its lines, and nothing of a piece is kept once its
/// lines are handed on.
pub struct MarkdownReader {
    keep_labels: bool,
    date: Option<NaiveDate>,
    section_name: String,
    sections: usize,
    in_comment: bool,
    in_fence: bool,
    in_front_matter: bool,
    /// Byte offset and number of lines of everything read before the current piece.
    offset: usize,
    lines: usize,
}

impl MarkdownReader {
    pub fn new(keep_labels: bool) -> Self {
        MarkdownReader {
            keep_labels,
            date: None,
            section_name: String::new(),
            sections: 1,
            in_comment: false,
            in_fence: false,
            in_front_matter: false,
            offset: 0,
            lines: 0,
        }
    }

    /// Sections begun so far (section 0, before any heading, included): the next heading
    /// starts section number `sections()`.
    pub fn sections(&self) -> usize {
        self.sections
    }

    /// The reader's state as bytes, to go on from later ([`MarkdownReader::resumed`]):
    /// where the lines read so far leave it, so lines appended to the file are read without
    /// reading it again from the top.
    pub fn state(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(48 + self.section_name.len());
        let flags = u8::from(self.keep_labels)
            | u8::from(self.in_comment) << 1
            | u8::from(self.in_fence) << 2
            | u8::from(self.in_front_matter) << 3
            | u8::from(self.date.is_some()) << 4;
        out.push(flags);
        let date = self.date.map_or(0, |d| i64::from(d.num_days_from_ce()));
        for v in [
            date as u64,
            self.sections as u64,
            self.offset as u64,
            self.lines as u64,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(self.section_name.as_bytes());
        out
    }

    /// A reader in the state [`MarkdownReader::state`] gave; `None` for bytes that are not one.
    pub fn resumed(bytes: &[u8]) -> Option<MarkdownReader> {
        let (&flags, rest) = bytes.split_first()?;
        let word = |i: usize| -> Option<u64> {
            Some(u64::from_le_bytes(
                rest.get(i * 8..i * 8 + 8)?.try_into().ok()?,
            ))
        };
        let date = match flags & 16 {
            0 => None,
            _ => Some(NaiveDate::from_num_days_from_ce_opt(
                i32::try_from(word(0)? as i64).ok()?,
            )?),
        };
        Some(MarkdownReader {
            keep_labels: flags & 1 != 0,
            date,
            section_name: std::str::from_utf8(rest.get(32..)?).ok()?.to_string(),
            sections: usize::try_from(word(1)?).ok()?,
            in_comment: flags & 2 != 0,
            in_fence: flags & 4 != 0,
            in_front_matter: flags & 8 != 0,
            offset: usize::try_from(word(2)?).ok()?,
            lines: usize::try_from(word(3)?).ok()?,
        })
    }

    /// Read `text`, the next piece of the file (starting at a line's start; every piece
    /// but the last ends with a newline), whose typed lines are among `entities` (by line
    /// number in the whole file).
    pub fn read(
        &mut self,
        text: &str,
        entities: &[crate::parse::Entity],
        found: &mut dyn FnMut(Line),
    ) {
        let first_line = self.lines + 1;
        // The first of each line's entities (a line that lone `\r`s split has one per piece).
        let mut by_line: Vec<Option<usize>> = Vec::new();
        for (i, e) in entities.iter().enumerate() {
            let Some(at) = e.line.checked_sub(first_line) else {
                continue;
            };
            if at >= by_line.len() {
                by_line.resize(at + 1, None);
            }
            by_line[at].get_or_insert(i);
        }
        // A lone `\r` ends a line as the parser reads it: each piece is a line of its own
        // (its own place in the file), under the number of the line `\n` ends.
        let pieces = (text.split_inclusive('\n').enumerate()).flat_map(|(at, raw)| {
            lone_cr_pieces(raw)
                .map(move |(piece, last)| (at, piece, last, piece.len() == raw.len()))
        });
        for (at, raw, last, whole) in pieces {
            let line_start = self.offset;
            self.offset += raw.len();
            let index = self.lines;
            if last {
                self.lines += 1;
            }
            let number = index + 1;
            let line = raw.trim();
            if index == 0 && line == "---" {
                self.in_front_matter = true;
                continue;
            }
            if self.in_front_matter {
                if line == "---" || line == "..." {
                    self.in_front_matter = false;
                } else if let Some((d, updated)) = front_matter_date(line) {
                    // The last update dates a named memory's lines; its creation only when
                    // the header has no update time.
                    self.date = if updated {
                        Some(d)
                    } else {
                        self.date.or(Some(d))
                    };
                }
                continue;
            }
            // A comment left open ends at the next heading (as in the parser).
            if self.in_comment && (!line.starts_with('#') || line.contains("-->")) {
                self.in_comment = !line.contains("-->");
                continue;
            }
            self.in_comment = false;
            if line.starts_with("```") || line.starts_with("~~~") {
                self.in_fence = !self.in_fence;
                continue;
            }
            if self.in_fence || line.is_empty() || is_rule(line) {
                continue;
            }
            if line.starts_with("<!--") {
                self.in_comment = !line.contains("-->");
                continue;
            }
            if let Some(level) = heading_level(line) {
                if let Some(d) = dates::heading_date(line) {
                    self.date = Some(d);
                }
                let heading = line[level..].trim();
                self.section_name = heading.to_ascii_lowercase();
                let lead = raw.len() - raw.trim_start().len();
                let text_start = line_start + lead + line.find(heading).unwrap_or(level);
                self.sections += 1;
                found(Line::Section(RawSection {
                    start: text_start,
                    len: heading.len(),
                    line: number,
                    words: heading_words(heading),
                }));
                continue;
            }
            let entity = by_line.get(at).copied().flatten().and_then(|first| {
                let mut same = entities[first..].iter().take_while(|e| e.line == number);
                if whole {
                    return same.next();
                }
                // One of several pieces: the entity read from this piece.
                same.find(|e| line.starts_with(e.text.as_str()))
            });
            let superseded = entity.is_some_and(|e| e.superseded) || line.contains(SUPERSEDED);
            let (kind, body) = match entity {
                Some(e) if superseded => (
                    Kind::from_entry(e.kind),
                    whole_body(e).replace(SUPERSEDED, ""),
                ),
                Some(e) => (Kind::from_entry(e.kind), whole_body(e)),
                None if superseded => superseded_line(line, &self.section_name),
                None => (Kind::Note, strip_marker(line).to_string()),
            };
            if entity.is_none() && is_placeholder(&body, &self.section_name) {
                continue;
            }
            let body = if self.keep_labels {
                line.to_string()
            } else {
                body
            };
            let lead = raw.len() - raw.trim_start().len();
            found(Line::Doc(RawDoc {
                start: line_start + lead,
                len: line.len(),
                line: number,
                kind,
                date: entity.and_then(|e| e.date).or(self.date),
                section: self.sections - 1,
                superseded,
                body: if body.len() == body.trim().len() {
                    body
                } else {
                    body.trim().to_string()
                },
            }));
        }
    }
}

/// A line (with its line end) in the pieces lone carriage returns end, each with its `\r`,
/// and whether the piece is the line's last; a line without a lone `\r` is one piece.
fn lone_cr_pieces(raw: &str) -> impl Iterator<Item = (&str, bool)> {
    let mut rest = raw;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let bytes = rest.as_bytes();
        let end = memchr::memchr_iter(b'\r', bytes)
            .find(|&i| bytes.get(i + 1).is_some_and(|&next| next != b'\n'));
        let (piece, more) = match end {
            Some(i) => rest.split_at(i + 1),
            None => (rest, ""),
        };
        rest = more;
        Some((piece, more.is_empty()))
    })
}

/// What a typed line contributes to the index: its title and, for a gotcha written
/// `X -> Y`, the workaround too (the parser splits it off, but a search for the fix must
/// find the gotcha). The separator is kept as written (`->`, `→` or `--`).
fn whole_body(e: &crate::parse::Entity) -> String {
    let Some(workaround) = e.workaround.as_deref() else {
        return e.title.clone();
    };
    let separator = ["->", "→", " -- "]
        .iter()
        .filter_map(|sep| e.text.find(sep).map(|at| (at, sep.trim())))
        .min()
        .map_or("->", |(_, sep)| sep);
    format!("{} {separator} {workaround}", e.title)
}

/// The marker promotion puts on a line that a newer memory replaced.
pub const SUPERSEDED: &str = "[superseded]";

/// Type and body of a superseded line, classified as if the marker were not there.
fn superseded_line(line: &str, section: &str) -> (Kind, String) {
    let without = line.replacen(SUPERSEDED, "", 1);
    let hint = section.starts_with("gotcha").then_some(EntryType::Gotcha);
    match classify_line(strip_marker(&without), hint) {
        Some(c) => (Kind::from_entry(c.kind), c.title),
        None => (Kind::Note, strip_marker(&without).to_string()),
    }
}

/// A front matter date line: the day and whether it is the update time (which wins).
fn front_matter_date(line: &str) -> Option<(NaiveDate, bool)> {
    let (key, value) = line.split_once(':')?;
    let updated = match key.trim() {
        "updated" | "updatedAt" => true,
        "created" | "createdAt" | "date" => false,
        _ => return None,
    };
    let v = value.trim().trim_matches(['"', '\'']);
    v.get(..10)
        .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        .map(|d| (d, updated))
}

/// Index SESSION.md (or a finished session): the items of its four sections, typed by
/// section and dated by the `# Session: DATE` title; and every other content line (notes a
/// person or another tool wrote around the sections, which a session reset keeps) as a note,
/// dated by the date heading above it, else by the title, with its heading as its section,
/// as MEMORY.md's notes are.
pub fn session(text: &str) -> RawFile {
    let mut out = RawFile {
        docs: Vec::new(),
        sections: vec![RawSection::before_first_heading()],
    };
    let mut date = None;
    // The date heading notes are under (`## 2026-02-09 08:01:03`), since the title.
    let mut note_date = None;
    let mut kind: Option<Kind> = None;
    let mut section = 0;
    let mut in_fence = false;
    let mut comments = crate::store::text::HtmlComments::default();
    let mut offset = 0usize;
    for (index, raw) in text.split_inclusive('\n').enumerate() {
        let line_start = offset;
        offset += raw.len();
        let line = raw.trim();
        if comments.skip(line) {
            continue;
        }
        let lead = raw.len() - raw.trim_start().len();
        if let Some(level) = heading_level(line) {
            let heading = line[level..].trim();
            // Sections are what the session file reads: a code block left open ends here.
            in_fence = false;
            kind = None;
            if level == 1 {
                if let Some(d) = heading.strip_prefix("Session:") {
                    date = NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").ok();
                }
                note_date = None;
            } else if level == 2 {
                let name = heading.trim_end_matches(':').trim().to_ascii_lowercase();
                kind = match name.as_str() {
                    "experience" => Some(Kind::Experience),
                    "blockers" => Some(Kind::Blocker),
                    "rejected" => Some(Kind::Rejected),
                    "assumptions" => Some(Kind::Assumption),
                    _ => None,
                };
            }
            if let Some(d) = dates::heading_date(line) {
                note_date = Some(d);
            }
            if kind.is_none() {
                out.sections.push(RawSection {
                    start: line_start + lead + line.find(heading).unwrap_or(level),
                    len: heading.len(),
                    line: index + 1,
                    words: heading_words(heading),
                });
                section = out.sections.len() - 1;
            }
            continue;
        }
        let body = strip_marker(line);
        let doc = |kind, date, section| RawDoc {
            start: line_start + lead,
            len: line.len(),
            line: index + 1,
            kind,
            date,
            section,
            superseded: false,
            body: body.to_string(),
        };
        match kind {
            Some(kind) => {
                if !body.is_empty() && !line.starts_with('#') {
                    out.docs.push(doc(kind, date, 0));
                }
            }
            None => {
                if line.starts_with("```") || line.starts_with("~~~") {
                    in_fence = !in_fence;
                    continue;
                }
                if in_fence || is_rule(line) || is_placeholder(body, "") {
                    continue;
                }
                out.docs.push(doc(Kind::Note, note_date.or(date), section));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_words_cut_a_leading_date_and_never_a_character() {
        assert_eq!(heading_words("2026-01-14 | Auth"), "Auth");
        assert_eq!(heading_words("已知问题"), "已知问题");
        assert_eq!(
            heading_words("Phase 1 — Workspace Skeleton"),
            "Phase 1 — Workspace Skeleton"
        );
        let file = markdown("## 已知问题\n\n- Safari drops the session cookie\n");
        assert_eq!(file.docs.len(), 1);
    }

    const MEMORY: &str = "<!-- MIND MEMORY
Keywords: decided -->

# demo

## Project State
- Goal:
- Stack: rust
- Blocked: None

## Gotchas
<!-- Project-specific gotchas -->
- CRLF breaks the shebang

---

## 2026-01-14 | auth work

decided: use JWT
- plain note
```
code line
```
(Start writing here)
### detail
learned: cookies need SameSite
";

    #[test]
    fn every_content_line_with_type_date_section_and_line() {
        let file = markdown(MEMORY);
        let got: Vec<(usize, &str, Option<String>, &str)> = file
            .docs
            .iter()
            .map(|d| {
                (
                    d.line,
                    d.kind.as_str(),
                    d.date.map(|x| x.to_string()),
                    &MEMORY[d.start..d.start + d.len],
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (8, "note", None, "- Stack: rust"),
                (13, "gotcha", None, "- CRLF breaks the shebang"),
                (
                    19,
                    "decision",
                    Some("2026-01-14".into()),
                    "decided: use JWT"
                ),
                (20, "note", Some("2026-01-14".into()), "- plain note"),
                (
                    26,
                    "learning",
                    Some("2026-01-14".into()),
                    "learned: cookies need SameSite"
                ),
            ]
        );
        let sections: Vec<&str> = file
            .docs
            .iter()
            .map(|d| file.sections[d.section].words.as_str())
            .collect();
        assert_eq!(
            sections,
            vec![
                "Project State",
                "Gotchas",
                "auth work",
                "auth work",
                "detail"
            ]
        );
        assert_eq!(file.docs[2].body, "use JWT");
        assert_eq!(file.docs[3].body, "plain note");
    }

    #[test]
    fn session_items_by_section() {
        let text = "# Session: 2026-01-15\n\n## Experience\n<!-- c -->\n- saw a thing\n\n## Rejected\n- redis - overkill\n";
        let file = session(text);
        let got: Vec<(usize, Kind, &str)> = file
            .docs
            .iter()
            .map(|d| (d.line, d.kind, d.body.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (5, Kind::Experience, "saw a thing"),
                (8, Kind::Rejected, "redis - overkill")
            ]
        );
        assert_eq!(
            file.docs[0].date.map(|d| d.to_string()),
            Some("2026-01-15".into())
        );
    }

    /// Notes around the sections (a Python Mind SESSION.md's, kept by every reset) are
    /// indexed as notes, dated by the date heading above them, under their heading.
    #[test]
    fn session_notes_outside_the_four_sections_are_notes() {
        let text = "# Session: 2026-02-17\n\n## 2026-02-09 08:01:03\n## Review findings\n\n### HIGH Issues:\n1. Potential goroutine leak in agent.go:136\n```go\nentry := map[string]any{}\n```\n---\n(placeholder)\n\n## Experience\n<!-- c -->\n- saw a thing\n\n## Notes\nundated here\n";
        let file = session(text);
        let got: Vec<(usize, Kind, Option<String>, &str, &str)> = file
            .docs
            .iter()
            .map(|d| {
                (
                    d.line,
                    d.kind,
                    d.date.map(|x| x.to_string()),
                    d.body.as_str(),
                    file.sections[d.section].words.as_str(),
                )
            })
            .collect();
        let day = |d: &str| Some(d.to_string());
        assert_eq!(
            got,
            vec![
                (
                    7,
                    Kind::Note,
                    day("2026-02-09"),
                    "Potential goroutine leak in agent.go:136",
                    "HIGH Issues:"
                ),
                (16, Kind::Experience, day("2026-02-17"), "saw a thing", ""),
                (19, Kind::Note, day("2026-02-09"), "undated here", "Notes"),
            ]
        );
    }

    #[test]
    fn markers_are_stripped() {
        assert_eq!(strip_marker("  - x"), "x");
        assert_eq!(strip_marker("12. x"), "x");
        assert_eq!(strip_marker("- [ ] x"), "x");
        assert_eq!(strip_marker("2026 was"), "2026 was");
    }

    #[test]
    fn kinds_parse_from_type_names() {
        assert_eq!(Kind::parse("decision"), Some(Kind::Decision));
        assert_eq!(Kind::parse("fixed"), Some(Kind::Progress));
        assert_eq!(Kind::parse("rejected"), Some(Kind::Rejected));
        assert_eq!(Kind::parse("note"), Some(Kind::Note));
        assert_eq!(Kind::parse("bogus"), None);
        for k in Kind::ALL {
            assert_eq!(Kind::from_code(k.code()), k);
        }
    }
}
