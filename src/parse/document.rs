//! The document scanner: walks a markdown file line by line, keeping the little state a
//! line's meaning depends on — code fences and multi-line HTML comments (skipped), the
//! heading stack (section types and dates), field labels (`**Decision:**` over a list) and
//! nesting — and turns each line's verdict into entities, project state, session
//! summaries and next steps.

use chrono::NaiveDate;

use super::line::{self, Analysis, Field, LineContext};
use super::sections::{self, SectionKind};
use super::{dates, details, lex, loops};
use crate::parse::{Document, Entity, EntryType, NextStep, ProjectState, SessionSummary};

#[derive(Clone)]
pub(super) struct Heading {
    pub(super) level: usize,
    pub(super) kind: SectionKind,
    /// Dates in level-3+ headings hold for their own section only.
    pub(super) date: Option<NaiveDate>,
}

#[derive(Default)]
pub(super) struct Scanner {
    pub(super) doc: Document,
    /// The open fence: its character and length.
    pub(super) fence: Option<(u8, usize)>,
    pub(super) in_comment: bool,
    pub(super) headings: Vec<Heading>,
    /// The date of the last level-1/2 date heading: it holds until the next one.
    pub(super) running_date: Option<NaiveDate>,
    pub(super) field: Option<Field>,
    /// Every line's verdict, in order, when the caller asked for them ([`explain_lines`]).
    pub(super) verdicts: Option<Vec<LineVerdict>>,
    /// Verdicts that replace the rules' on these lines (1-based places among
    /// [`super::lines`]), in order of line: the line classifier's ([`parse_with_verdicts`]).
    pub(super) replaced: Vec<(usize, LineVerdict)>,
    /// The place among [`super::lines`] of the line read (a lone `\r` ends a line there, so
    /// two lines can share a line number): what `replaced` is keyed by.
    pub(super) place: usize,
}

/// What the scanner made of one line: its type (if any) and why.
#[derive(Debug, Clone, PartialEq)]
pub struct LineVerdict {
    pub kind: Option<EntryType>,
    pub confidence: f32,
    pub key: bool,
    pub reason: &'static str,
}

/// The verdict on every line of `text`, each line judged on its own as [`parse`] judges
/// it, with the headings and field labels above it in scope (a fence or comment opened on
/// one line does not swallow the next: each line stands for itself).
pub fn explain_lines(text: &str) -> Vec<LineVerdict> {
    explain(text, true)
}

/// The verdict on every line of `text` as the document parse reads it in place: a line in a
/// fence or a multi-line comment is that fence's or comment's (unlike [`explain_lines`], where
/// each line stands for itself). What `mind parse` without `--lines` asks the line
/// classifier about.
pub fn explain_in_place(text: &str) -> Vec<LineVerdict> {
    explain(text, false)
}

/// Every line's verdict; with `each_alone`, no fence or comment outlives its line.
fn explain(text: &str, each_alone: bool) -> Vec<LineVerdict> {
    let mut scanner = Scanner {
        verdicts: Some(Vec::new()),
        ..Scanner::default()
    };
    for (number, raw) in super::lines(text) {
        scanner.line(number, raw);
        if each_alone {
            scanner.fence = None;
            scanner.in_comment = false;
        }
    }
    scanner.verdicts.unwrap_or_default()
}

/// A markdown heading's level and title (`## Known issues ##` → 2, "Known issues"); `None`
/// for a line that only starts with `#` (`#tag`, `#!/bin/sh`, a `#######` rule).
fn heading_title(text: &str) -> Option<(usize, &str)> {
    let level = text.bytes().take_while(|b| *b == b'#').count();
    if level > 6 || !(text.len() == level || text.as_bytes()[level] == b' ') {
        return None;
    }
    Some((level, text[level..].trim().trim_end_matches('#').trim()))
}

/// The headings above each line of `text`, from its verdicts ([`explain_lines`] or
/// [`explain_in_place`]: a line they call a heading is one, so a `#` in a fence or a comment
/// is not): the titles of the headings open at that line, outermost first, joined by " > "
/// ("Known issues > Export"); empty under none. A heading's own entry holds the headings
/// above it. What the line classifier reads before a line's text.
pub fn heading_paths(text: &str, verdicts: &[LineVerdict]) -> Vec<String> {
    let mut open: Vec<(usize, &str)> = Vec::new();
    let mut paths = Vec::with_capacity(verdicts.len());
    let joined = |open: &[(usize, &str)]| {
        let titles: Vec<&str> = open.iter().map(|h| h.1).filter(|t| !t.is_empty()).collect();
        titles.join(" > ")
    };
    let mut path = String::new();
    for ((_, raw), verdict) in super::lines(text).zip(verdicts) {
        paths.push(path.clone());
        if verdict.reason != "heading" {
            continue;
        }
        // As the scanner reads it: a comment the line leaves open is not part of the title.
        let trimmed = raw.trim();
        let text =
            lex::find(trimmed.as_bytes(), b"<!--").map_or(trimmed, |at| trimmed[..at].trim_end());
        if let Some((level, title)) = heading_title(text) {
            open.retain(|h| h.0 < level);
            open.push((level, title));
            path = joined(&open);
        }
    }
    paths
}

/// A parse that can go on: the document so far and the scanner's state after the last
/// line read, so lines appended to a file later are parsed without reading the file again
/// from the top. Fed whole lines (each piece but the last ends with a newline), it gives
/// exactly what [`parse_unresolved`] gives for the joined text.
#[derive(Default)]
pub struct Resumable {
    pub(super) scanner: Scanner,
    /// Lines read so far (the next line's number is one more).
    pub(super) lines: usize,
}

impl Resumable {
    /// Read `text`, which starts at the beginning of a line.
    pub fn feed(&mut self, text: &str) {
        for raw in text.lines() {
            self.lines += 1;
            for piece in lex::split_lone_cr(raw) {
                self.scanner.line(self.lines, piece);
            }
        }
    }

    /// Lines read so far.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// The entities read since the last call, taken out of the document (the scanner never
    /// looks back at an entity once it is pushed), so a reader streaming a large file holds
    /// one piece's entities at a time.
    pub fn take_entities(&mut self) -> Vec<Entity> {
        std::mem::take(&mut self.scanner.doc.entities)
    }

    /// The document of everything read, problems unresolved.
    pub fn into_document(self) -> Document {
        self.scanner.doc
    }
}

/// Parse a whole document.
pub fn parse(text: &str) -> Document {
    let mut doc = parse_unresolved(text);
    loops::resolve_problems(&mut doc.entities);
    doc
}

/// Parse a whole document, the lines in `replaced` (1-based place among [`super::lines`],
/// verdict; in order of line) typed by the verdict given instead of the rules' (the line
/// classifier's, see `line_model`). A line that opens a field or names a next step keeps
/// the rules' reading.
pub fn parse_with_verdicts(text: &str, replaced: Vec<(usize, LineVerdict)>) -> Document {
    let mut scanner = Scanner {
        replaced,
        ..Scanner::default()
    };
    scanner.replaced.reverse();
    for (place, (number, raw)) in super::lines(text).enumerate() {
        scanner.place = place + 1;
        scanner.line(number, raw);
    }
    let mut doc = scanner.doc;
    loops::resolve_problems(&mut doc.entities);
    doc
}

/// Parse a whole document but leave problems as written (no resolution by later progress),
/// for a caller that joins documents and resolves the whole once.
pub fn parse_unresolved(text: &str) -> Document {
    let mut scanner = Scanner::default();
    // About one entity per two hundred bytes in memory files.
    scanner.doc.entities.reserve(text.len() / 256);
    for (number, raw) in super::lines(text) {
        scanner.line(number, raw);
    }
    scanner.doc
}

impl Scanner {
    /// Set the reason of the current line's verdict (when verdicts are kept).
    fn mark(&mut self, reason: &'static str) {
        if let Some(last) = self.verdicts.as_mut().and_then(|v| v.last_mut()) {
            last.reason = reason;
        }
    }

    fn line(&mut self, number: usize, raw: &str) {
        if let Some(verdicts) = self.verdicts.as_mut() {
            verdicts.push(LineVerdict {
                kind: None,
                confidence: 0.0,
                key: false,
                reason: "blank",
            });
        }
        let trimmed = raw.trim();
        if self.in_comment {
            if lex::find(trimmed.as_bytes(), b"-->").is_some() {
                self.in_comment = false;
                self.mark("HTML comment");
                return;
            }
            // A comment left open (a `<!--` typed by hand) ends at the next heading, so it
            // never hides the rest of the file; the heading itself is read.
            if !trimmed.starts_with('#') {
                self.mark("HTML comment");
                return;
            }
            self.in_comment = false;
        }
        if let Some((ch, len)) = self.fence {
            let run = trimmed.bytes().take_while(|b| *b == ch).count();
            if run >= len && trimmed[run..].trim().is_empty() {
                self.fence = None;
            }
            self.mark("code block");
            return;
        }
        if trimmed.is_empty() {
            return;
        }
        let first = trimmed.as_bytes()[0];
        if first == b'`' || first == b'~' {
            let run = trimmed.bytes().take_while(|b| *b == first).count();
            if run >= 3 {
                self.fence = Some((first, run));
                self.mark("code fence");
                return;
            }
        }
        let mut text = trimmed;
        if let Some(open) = lex::find(trimmed.as_bytes(), b"<!--") {
            let closes = lex::find(&trimmed.as_bytes()[open..], b"-->").is_some();
            if open == 0 {
                // A comment line (the templates' keyword comments), or the start of a
                // multi-line one. The Python Mind dates what it promotes only by the comment
                // it writes above it: the lines under it carry that date.
                if closes && let Some(date) = promoted_on(trimmed) {
                    self.running_date = Some(date);
                }
                self.in_comment = !closes;
                self.mark("HTML comment");
                return;
            }
            if !closes {
                // Text, then a `<!--` the line does not close: the rest of this line is
                // left out, but the following lines are read (an entry that mentions
                // `<!--` must not hide every later memory).
                text = trimmed[..open].trim_end();
            }
            // A comment closed within the line is part of what was written: kept (the
            // block escapes it).
        }
        if first == b'#' && self.heading(number, text) {
            self.mark("heading");
            return;
        }

        let sections = self.section();
        if sections == Scope::ProjectState && read_state_line(text, &mut self.doc.state) {
            self.mark("project state");
            return;
        }
        let (_, is_item) = lex::strip_list_marker(text);
        let nested = lex::indent_width(raw) >= 2;
        if !is_item && !nested {
            // A paragraph ends the list a field label opened.
            self.field = None;
        }
        let (section, detail) = match (self.field, sections) {
            (Some(Field::Typed(kind)), _) => (Some(kind), nested),
            (Some(Field::Context | Field::Plans), _) => (None, nested),
            (Some(Field::Attribute), _) => (None, true),
            (None, Scope::Typed(kind)) => (Some(kind), nested),
            (None, _) => (None, nested),
        };
        let plans =
            self.field == Some(Field::Plans) || (self.field.is_none() && sections == Scope::Todo);
        let mut analysis = line::analyse(
            text,
            LineContext {
                section,
                detail,
                plans,
            },
        );
        // `replaced` is reversed: the next line to replace is last.
        while self
            .replaced
            .last()
            .is_some_and(|(place, _)| *place < self.place)
        {
            self.replaced.pop();
        }
        // A line that opens a field or names a next step is still read as one below,
        // whatever verdict replaced its type.
        if self
            .replaced
            .last()
            .is_some_and(|(place, _)| *place == self.place)
            && let Some((_, verdict)) = self.replaced.pop()
        {
            analysis.kind = verdict.kind;
            analysis.confidence = verdict.confidence;
            analysis.key = verdict.key;
            analysis.reason = verdict.reason;
        }
        if let Some(last) = self.verdicts.as_mut().and_then(|v| v.last_mut()) {
            *last = LineVerdict {
                kind: analysis.kind,
                confidence: super::confidence::tidy(analysis.confidence),
                key: analysis.key && analysis.kind.is_some(),
                reason: analysis.reason,
            };
        }
        if let Some(field) = analysis.field {
            self.field = Some(field);
            return;
        }
        let date = self.date();
        if let Some(next) = analysis.next {
            self.doc.next_steps.push(NextStep {
                text: details::title(next),
                date,
                line: number,
            });
            return;
        }
        if let Some(kind) = analysis.kind {
            self.doc
                .entities
                .push(entity(kind, text, &analysis, date, number));
        }
    }

    /// Handle a heading line; false when the line is not a heading after all (`#tag`).
    fn heading(&mut self, number: usize, text: &str) -> bool {
        let Some((level, title)) = heading_title(text) else {
            return false;
        };
        let date = dates::date_in_heading(title, self.running_date);
        if let Some(date) = date
            && title.contains('|')
            && let Some(summary) = session_summary(title, date, number)
        {
            self.doc.summaries.push(summary);
        }
        while self.headings.last().is_some_and(|h| h.level >= level) {
            self.headings.pop();
        }
        self.headings.push(Heading {
            level,
            kind: sections::heading_kind(title),
            date: if level >= 3 { date } else { None },
        });
        if level <= 2 && date.is_some() {
            self.running_date = date;
        }
        self.field = None;
        true
    }

    fn section(&self) -> Scope {
        // Whether a titled neutral heading stands between the line and a log around it.
        let mut titled = false;
        for h in self.headings.iter().rev() {
            match h.kind {
                SectionKind::Neutral => titled = true,
                SectionKind::Entry => continue,
                // A log of gotchas is a list of gotchas however it is divided, as a
                // gotchas heading is ("Gotchas & lessons — build log > Code / TSL").
                SectionKind::LogOf(EntryType::Gotcha) => return Scope::Typed(EntryType::Gotcha),
                // So is a lessons log: a lesson's heading is its title ("### 19. Cutting a
                // single-file app"), not a part such as a decision record's "### Rationale".
                SectionKind::LogOf(EntryType::Learning) => {
                    return Scope::Typed(EntryType::Learning);
                }
                SectionKind::LogOf(kind) if !titled => return Scope::Typed(kind),
                SectionKind::LogOf(_) => titled = true,
                SectionKind::Typed(kind) => return Scope::Typed(kind),
                SectionKind::Plans => return Scope::None,
                SectionKind::Todo => return Scope::Todo,
                SectionKind::ProjectState => return Scope::ProjectState,
            }
        }
        Scope::None
    }

    fn date(&self) -> Option<NaiveDate> {
        self.headings
            .iter()
            .rev()
            .find_map(|h| h.date)
            .or(self.running_date)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    None,
    /// Under a to-do or plan heading: items are work to do.
    Todo,
    Typed(EntryType),
    ProjectState,
}

fn entity(
    kind: EntryType,
    text: &str,
    analysis: &Analysis<'_>,
    date: Option<NaiveDate>,
    line: usize,
) -> Entity {
    let body = analysis.body;
    let mut title = details::title(body);
    let mut workaround = None;
    if kind == EntryType::Gotcha {
        let (head, tail) = details::split_gotcha(&title);
        title = head;
        workaround = tail;
    }
    // Reasoning and alternatives belong to decisions (what the block shows with them); a
    // rejection keeps its reason ("X - why") and is titled by what was ruled out.
    let (reasoning, alternatives) = match kind {
        EntryType::Decision => {
            let lower = lex::lower(body);
            // The reason from the cleaned title, as a rejection's: a link a promotion
            // appended ("(see also: [[MEMORY#2026-01-15]])") is no part of it.
            let reason = details::reasoning_in(&title, &lex::lower(&title), true);
            (
                reason.map(String::into_boxed_str),
                details::alternatives_in(body, &lower).into_boxed_slice(),
            )
        }
        EntryType::Rejected => {
            // From the cleaned title: a link promotion appended is not part of the reason.
            let reason = details::reasoning_in(&title, &lex::lower(&title), true);
            title = details::rejected_title(&title);
            (reason.map(String::into_boxed_str), Box::default())
        }
        _ => (None, Box::default()),
    };
    let status =
        (kind == EntryType::Problem).then(|| details::problem_status(text, analysis.struck));
    let superseded = details::find_ci(text, "[superseded]").is_some()
        || (analysis.struck && kind != EntryType::Problem);
    let subject = loops::Subject::of(kind, &title);
    Entity {
        kind,
        text: text.to_string(),
        title,
        confidence: super::confidence::tidy(analysis.confidence),
        key: analysis.key,
        date,
        line,
        reasoning,
        alternatives,
        status,
        superseded,
        links: details::wikilinks(text).into_boxed_slice(),
        subject,
        workaround,
        resolved_by: None,
    }
}

/// `DATE | summary | mood: X` (the heading text).
fn session_summary(title: &str, date: NaiveDate, line: usize) -> Option<SessionSummary> {
    let mut parts = title.split('|').map(str::trim);
    parts.next()?;
    let summary = parts.next()?.to_string();
    let mood = parts.find_map(|p| {
        let lower = p.to_ascii_lowercase();
        lower
            .starts_with("mood:")
            .then(|| p["mood:".len()..].trim().to_string())
            .filter(|m| !m.is_empty())
    });
    (!summary.is_empty()).then_some(SessionSummary {
        date,
        summary,
        mood,
        line,
    })
}

/// `- Goal: X`, `- Stack: a, b`, `- Blocked: X`; empty and placeholder values are empty.
/// True when the line was a state field.
fn read_state_line(line: &str, state: &mut ProjectState) -> bool {
    let (body, _) = lex::strip_list_marker(line);
    let body = body.replace("**", "");
    let value = |v: &str| {
        let v = v.trim();
        let placeholder = v.is_empty()
            || v == ":"
            || (v.starts_with('(') && v.ends_with(')') && !v.contains("auto"))
            || v.eq_ignore_ascii_case("none")
            || v.eq_ignore_ascii_case("n/a")
            || v == "-";
        (!placeholder).then(|| v.to_string())
    };
    let field = |name: &str| {
        body.get(..name.len())
            .filter(|head| head.eq_ignore_ascii_case(name))
            .map(|_| &body[name.len()..])
    };
    if let Some(v) = field("goal:") {
        state.goal = value(v);
    } else if let Some(v) = field("stack:") {
        state.stack = value(v)
            .map(|v| {
                v.trim_end_matches("(auto-detected)")
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            })
            .unwrap_or_default();
    } else if let Some(v) = field("blocked:") {
        state.blocked = value(v);
    } else {
        return false;
    }
    true
}

/// The date of the Python Mind's promotion comment, `<!-- Promoted from SESSION.md on
/// 2026-01-20 -->`.
fn promoted_on(line: &str) -> Option<NaiveDate> {
    let rest = line.strip_prefix("<!--")?.trim_start();
    let rest = rest.strip_prefix("Promoted from SESSION.md on ")?;
    let date = rest.split_whitespace().next()?;
    NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::ProblemStatus;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn kinds(doc: &Document) -> Vec<(&str, &str)> {
        doc.entities
            .iter()
            .map(|e| (e.kind.as_str(), e.title.as_str()))
            .collect()
    }

    #[test]
    fn verdicts_given_instead_of_the_rules_type_their_lines_and_nothing_else() {
        let text = "## 2026-03-02\n- Export to CSV drops the last row\n**Decision:**\n\
                    - use the queue\n- decided: keep the cron job\n";
        let rules = explain_lines(text);
        assert_eq!(rules[1].kind, None);
        let given = |kind| LineVerdict {
            kind,
            confidence: 0.6,
            key: false,
            reason: "line classifier",
        };
        let replaced = vec![
            (2, given(Some(EntryType::Problem))),
            // A field label keeps opening its field: no entry of its own, and the next line
            // is still a decision.
            (3, given(Some(EntryType::Problem))),
            (5, given(None)),
        ];
        let doc = parse_with_verdicts(text, replaced);
        assert_eq!(
            kinds(&doc),
            vec![
                ("problem", "Export to CSV drops the last row"),
                ("decision", "use the queue")
            ]
        );
        assert_eq!(doc.entities[0].line, 2);
        assert_eq!(doc.entities[0].date, Some(d(2026, 3, 2)));
        assert_eq!(doc.entities[0].status, Some(ProblemStatus::Open));
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line_and_keeps_the_line_number() {
        let text = "# M\n\n## 2026-03-02\ndecided: use postgres\rlearned: the ORM caches plans\r";
        let doc = parse(text);
        assert_eq!(
            kinds(&doc),
            vec![
                ("decision", "use postgres"),
                ("learning", "the ORM caches plans")
            ]
        );
        assert!(doc.entities.iter().all(|e| e.line == 4));
        // Fed a piece at a time, the same; the verdicts are one per line read.
        let mut resumable = Resumable::default();
        resumable.feed(text);
        assert_eq!(resumable.lines(), 4);
        assert_eq!(
            resumable.into_document().entities,
            parse_unresolved(text).entities
        );
        assert_eq!(explain_lines(text).len(), 5);
        // CRLF is one line end, and a blank line between lone ends is a blank line.
        let ends = "decided: use the queue\r\nlearned: the queue drops nothing\r\r";
        assert_eq!(parse(ends).entities.len(), 2);
        let crs: Vec<_> = crate::parse::lines("a\r\rb\r\nc").collect();
        assert_eq!(crs, vec![(1, "a"), (1, ""), (1, "b"), (2, "c")]);
    }

    #[test]
    fn in_place_verdicts_keep_fences_and_comments_open() {
        let text = "```\nProblem displaying an emoji\n```\n<!--\nProblem displaying it\n-->\n\
                    Problem displaying a flag\n";
        let in_place: Vec<&str> = explain_in_place(text).iter().map(|v| v.reason).collect();
        assert_eq!(
            in_place,
            [
                "code fence",
                "code block",
                "code block",
                "HTML comment",
                "HTML comment",
                "HTML comment",
                "cue"
            ]
        );
        // Line by line, each stands for itself.
        assert_eq!(explain_lines(text)[1].kind, Some(EntryType::Problem));
    }

    #[test]
    fn heading_paths_hold_the_open_headings_outermost_first() {
        let text = "# Notes\n\n## Known issues ##\n- Export drops the last row\n\
                    ### Safari <!-- todo\nCookies vanish\n```\n# not a heading\n```\n\
                    #tag line\n## Decisions\n- Use JWT\n#\nalone\n";
        let paths = heading_paths(text, &explain_in_place(text));
        assert_eq!(
            paths,
            [
                "",
                "Notes",
                "Notes",
                "Notes > Known issues",
                "Notes > Known issues",
                "Notes > Known issues > Safari",
                "Notes > Known issues > Safari",
                "Notes > Known issues > Safari",
                "Notes > Known issues > Safari",
                "Notes > Known issues > Safari",
                "Notes > Known issues > Safari",
                "Notes > Decisions",
                "Notes > Decisions",
                // An empty heading closes the others and adds no title.
                "",
            ]
        );
        // Line by line, a fence does not outlive its line: the `#` line in it is a heading.
        let alone = heading_paths(text, &explain_lines(text));
        assert_eq!(alone[9], "not a heading");
    }

    #[test]
    fn fences_and_comments_hide_lines() {
        let doc = parse(
            "<!-- MIND MEMORY - Append as you work.\nKeywords: decided, problem, learned, fixed -->\n\
             ```\ndecided: inside a fence\n```\n~~~~\nlearned: x\n~~~~\ndecided: outside\n",
        );
        assert_eq!(kinds(&doc), vec![("decision", "outside")]);
    }

    #[test]
    fn headings_give_dates_and_sections() {
        let doc = parse(
            "## 2025-12-13\n\n## Notes\ndecided: use rust\n\n### Sub (2026-01-08)\nlearned: cargo caches\n\n### Other\nfixed: the build\n\n## Gotchas\n- bcrypt slow on ARM -> use argon2\n",
        );
        let dates: Vec<_> = doc.entities.iter().map(|e| e.date).collect();
        assert_eq!(
            dates,
            vec![
                Some(d(2025, 12, 13)),
                Some(d(2026, 1, 8)),
                Some(d(2025, 12, 13)),
                Some(d(2025, 12, 13))
            ]
        );
        let gotcha = &doc.entities[3];
        assert_eq!(gotcha.kind, EntryType::Gotcha);
        assert_eq!(gotcha.title, "bcrypt slow on ARM");
        assert_eq!(gotcha.workaround.as_deref(), Some("use argon2"));
    }

    #[test]
    fn state_summaries_next() {
        let doc = parse(
            "## Project State\n- Goal: ship v1\n- Stack: rust, sqlite\n- Blocked: None\n\n\
             ## 2026-01-14 | wired the parser | mood: tired\nNext: write the docs\n",
        );
        assert_eq!(doc.state.goal.as_deref(), Some("ship v1"));
        assert_eq!(doc.state.stack, vec!["rust", "sqlite"]);
        assert_eq!(doc.state.blocked, None);
        assert_eq!(doc.summaries.len(), 1);
        assert_eq!(doc.summaries[0].summary, "wired the parser");
        assert_eq!(doc.summaries[0].mood.as_deref(), Some("tired"));
        assert_eq!(doc.next_steps[0].text, "write the docs");
        assert_eq!(doc.next_steps[0].date, Some(d(2026, 1, 14)));
        assert!(doc.entities.is_empty());
    }

    #[test]
    fn placeholder_state_is_empty() {
        let doc = parse("## Project State\n- Goal:\n- Stack: (add your stack)\n- Blocked: None\n");
        assert_eq!(doc.state, ProjectState::default());
    }

    #[test]
    fn field_labels_type_their_lists() {
        let doc = parse(
            "# Decision Log\n## 2025-03-06: Auth\n**Context:**\n- Tokens are issued before verification.\n\n\
             **Decision:**\n- Modify the login endpoint to check verification.\n  - nested detail\n\n\
             **Alternatives Considered:**\n- Allow login but restrict endpoints.\n",
        );
        assert_eq!(
            kinds(&doc),
            vec![(
                "decision",
                "Modify the login endpoint to check verification."
            )]
        );
        assert_eq!(doc.entities[0].date, Some(d(2025, 3, 6)));
    }

    #[test]
    fn a_lessons_log_types_the_bullets_under_each_titled_lesson() {
        // A lesson's title is the lesson's own heading, not a part of it such as a decision
        // record's `### Rationale`: its bullets are the lesson's.
        let doc = parse(
            "# Lessons Log\n## 2026-07-25\n### 19. Cutting a single-file app\n\
             - Cut only at top-level boundaries, never mid-function.\n\
             # Decision Log\n## Use Postgres\n### Rationale\n- The team knows it well.\n\
             # Lessons Learned\n## Login\n\
             **What happened:** The login endpoint expects an md5 hash, not the password.\n\
             **SOP:** Check the registry before writing an install command.\n",
        );
        assert_eq!(
            kinds(&doc),
            vec![
                (
                    "learning",
                    "Cut only at top-level boundaries, never mid-function."
                ),
                (
                    "learning",
                    "The login endpoint expects an md5 hash, not the password."
                ),
                (
                    "learning",
                    "Check the registry before writing an install command."
                ),
            ]
        );
    }

    #[test]
    fn superseded_links_and_strikes() {
        let doc = parse(
            "decided: use REST [superseded] see [[MEMORY#L9]]\n~~decided: use SOAP~~\n1. ~~**Ext detection**: files with dots were not getting detected.~~\n",
        );
        assert!(doc.entities[0].superseded);
        assert_eq!(doc.entities[0].title, "use REST see [[MEMORY#L9]]");
        assert_eq!(*doc.entities[0].links, ["MEMORY#L9"]);
        assert!(doc.entities[1].superseded);
        assert_eq!(doc.entities[2].kind, EntryType::Problem);
        assert_eq!(doc.entities[2].status, Some(ProblemStatus::Resolved));
    }
}
