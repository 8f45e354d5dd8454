//! REMINDERS.md: reading every format seen in the wild, writing the Python Mind's.
//!
//! Read:
//! - the Python Mind's actual lines, `- [ ] DUE | TYPE | MESSAGE` (TYPE: `absolute`,
//!   `next session`, `context`, `done`; DUE a date, a datetime or comma-joined keywords);
//! - its template's documented form, `- [ ] MESSAGE | due: DATE | type: TYPE`;
//! - the seeds' form, `- [ ] MESSAGE | due: tomorrow`, `| trigger: when I mention auth`,
//!   `- [x] MESSAGE | completed: DATE`.
//!
//! Written: the Python Mind's form only, so both tools share the file. Pending reminders
//! go at the end of `## Reminders` (so numbers already shown stay valid); completing one
//! rewrites its line in place as `- [x] DUE | done | MESSAGE`; at the start of a new session
//! completed lines move under `## Done`. A checkbox line that cannot be read is kept byte
//! for byte and reported, never rewritten.

use chrono::{DateTime, NaiveDate, NaiveDateTime};

use super::when;
use crate::store::text::{self, eol_of, split_lines, strip_eol};

/// What makes a reminder due.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trigger {
    Date(NaiveDate),
    Time(NaiveDateTime),
    NextSession,
    Context(Vec<String>),
    /// A relative phrase written without a date (the seeds' `due: tomorrow`): when it was
    /// written is unknown, so it counts as due.
    Unresolved(String),
}

/// The form a line was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// `- [ ] DUE | TYPE | MESSAGE` (the Python Mind and `mind`).
    Mind,
    /// `- [ ] MESSAGE | due: DATE | type: TYPE` (the Python Mind's template comment).
    Template,
    /// `- [ ] MESSAGE | due: …` / `| trigger: …` (the seeds).
    Seed,
}

/// One reminder line.
#[derive(Debug, Clone, PartialEq)]
pub struct Reminder {
    /// 1-based, in file order over all readable reminders; what `mind reminders done N` takes.
    pub number: usize,
    /// 1-based line in REMINDERS.md.
    pub line: usize,
    pub message: String,
    pub trigger: Trigger,
    pub done: bool,
    pub format: Format,
    /// The DUE field as written (Mind format), kept when the line is rewritten as done.
    pub due_text: Option<String>,
    /// Whether the line sits under `## Done`.
    pub in_done_section: bool,
}

/// Where a line added to the section headed at `start` goes: after the section's last
/// non-blank line (or right under its heading), before the blank lines that end it.
fn end_of_section<L: AsRef<[u8]>>(
    lines: &[L],
    headings: &[(usize, String)],
    start: usize,
) -> usize {
    let end = headings
        .iter()
        .map(|(i, _)| *i)
        .find(|i| *i > start)
        .unwrap_or(lines.len());
    (start + 1..end)
        .rev()
        .find(|&i| !text::trimmed(lines[i].as_ref()).is_empty())
        .map_or(start + 1, |i| i + 1)
}

/// A checkbox line that is not a reminder `mind` can read.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Unreadable {
    pub line: usize,
    pub text: String,
    pub reason: String,
}

/// Everything read from REMINDERS.md.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Parsed {
    pub reminders: Vec<Reminder>,
    pub unreadable: Vec<Unreadable>,
}

const TYPES: [&str; 4] = ["absolute", "next session", "context", "done"];

/// Read REMINDERS.md's text.
pub fn parse(text: &str) -> Parsed {
    let mut parsed = Parsed::default();
    let mut hidden = Hidden::default();
    let mut in_done = false;
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if hidden.hides(line) {
            continue;
        }
        if let Some(heading) = heading(line) {
            in_done = is_done_heading(heading);
            continue;
        }
        let Some(rest) = ["- [", "* [", "+ ["]
            .iter()
            .find_map(|p| line.strip_prefix(p))
        else {
            continue;
        };
        let number = parsed.reminders.len() + 1;
        match read_item(rest) {
            Ok(item) => parsed.reminders.push(Reminder {
                number,
                line: index + 1,
                message: item.message,
                trigger: item.trigger,
                done: item.done,
                format: item.format,
                due_text: item.due_text,
                in_done_section: in_done,
            }),
            Err(reason) => parsed.unreadable.push(Unreadable {
                line: index + 1,
                text: line.to_string(),
                reason,
            }),
        }
    }
    parsed
}

struct Item {
    message: String,
    trigger: Trigger,
    done: bool,
    format: Format,
    due_text: Option<String>,
}

/// `rest` is what follows `- [`.
fn read_item(rest: &str) -> Result<Item, String> {
    let (mark, body) = rest
        .split_once(']')
        .ok_or_else(|| "no closing `]` after the checkbox".to_string())?;
    let checked = match mark {
        " " => false,
        "x" | "X" => true,
        other => return Err(format!("checkbox [{other}] is neither [ ] nor [x]")),
    };
    let fields: Vec<&str> = body.split('|').map(str::trim).collect();
    if fields.len() >= 3 {
        let kind = fields[1].to_lowercase();
        if TYPES.contains(&kind.as_str()) {
            return read_mind(fields[0], &kind, &fields[2..].join(" | "), checked);
        }
    }
    read_keyed(&fields, checked)
}

/// `DUE | TYPE | MESSAGE`.
fn read_mind(due: &str, kind: &str, message: &str, checked: bool) -> Result<Item, String> {
    if message.is_empty() {
        return Err("the message is empty".into());
    }
    let trigger = match kind {
        "next session" => Trigger::NextSession,
        "context" => {
            // What `mind` and the Python Mind write is already a clean `a,b` list.
            let simple = due
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b" ,.-_".contains(&b));
            let keywords = if simple && !due.contains(" and ") && !due.contains(" or ") {
                due.split(',')
                    .map(str::trim)
                    .filter(|k| !k.is_empty())
                    .map(str::to_string)
                    .collect()
            } else {
                when::keywords(due)
            };
            if keywords.is_empty() {
                return Err("a context reminder without keywords".into());
            }
            Trigger::Context(keywords)
        }
        "absolute" => date_or_time(due).ok_or_else(|| format!("due {due:?} is not a date"))?,
        // A done line keeps its DUE; what it was is a best guess, for display only. A DUE
        // with no keyword in it (`- [x]  | done | old one`) is no context: no due date.
        _ => date_or_time(due).unwrap_or_else(|| {
            let keywords = when::keywords(due);
            if keywords.is_empty() {
                Trigger::Unresolved(due.to_string())
            } else {
                Trigger::Context(keywords)
            }
        }),
    };
    Ok(Item {
        message: message.to_string(),
        trigger,
        done: checked || kind == "done",
        format: Format::Mind,
        due_text: Some(due.to_string()),
    })
}

/// `MESSAGE | key: value | …` (template and seed forms).
fn read_keyed(fields: &[&str], checked: bool) -> Result<Item, String> {
    let mut message_parts = vec![fields[0]];
    let (mut due, mut kind, mut trigger, mut completed) = (None, None, None, false);
    for field in &fields[1..] {
        let keyed = field
            .split_once(':')
            .map(|(k, v)| (k.trim().to_lowercase(), v.trim()));
        match keyed {
            Some((k, v)) if k == "due" || k == "when" => due = Some(v),
            Some((k, v)) if k == "type" => kind = Some(v.to_lowercase()),
            Some((k, v)) if k == "trigger" => trigger = Some(v),
            Some((k, _)) if k == "completed" || k == "done" => completed = true,
            _ => message_parts.push(field),
        }
    }
    if fields.len() < 2 || (due.is_none() && kind.is_none() && trigger.is_none() && !completed) {
        return Err("no `DUE | TYPE | MESSAGE` fields and no `due:` or `trigger:`".into());
    }
    let message = message_parts.join(" | ");
    if message.is_empty() {
        return Err("the message is empty".into());
    }
    let format = if kind.is_some() {
        Format::Template
    } else {
        Format::Seed
    };
    let done = checked || completed || kind.as_deref() == Some("done");
    let keywords_of = |v: &str| when::context_keywords(v).unwrap_or_else(|| when::keywords(v));
    let trigger = if let Some(t) = trigger {
        Trigger::Context(keywords_of(t))
    } else if kind.as_deref() == Some("context") {
        Trigger::Context(keywords_of(due.unwrap_or_default()))
    } else if kind.as_deref() == Some("next session") {
        Trigger::NextSession
    } else if let Some(d) = due {
        if d.eq_ignore_ascii_case("next session") {
            Trigger::NextSession
        } else if d.to_lowercase().starts_with("when ") {
            Trigger::Context(keywords_of(d))
        } else {
            date_or_time(d).unwrap_or_else(|| Trigger::Unresolved(d.to_string()))
        }
    } else if done {
        Trigger::Unresolved(String::new())
    } else {
        return Err("no due date or trigger".into());
    };
    if matches!(&trigger, Trigger::Context(k) if k.is_empty()) {
        return Err("a context reminder without keywords".into());
    }
    if matches!(&kind, Some(k) if !TYPES.contains(&k.as_str())) {
        return Err(format!("unknown type {:?}", kind.unwrap_or_default()));
    }
    Ok(Item {
        message,
        trigger,
        done,
        format,
        due_text: None,
    })
}

/// An ISO date, or a datetime as the Python Mind writes it (`2026-01-15T11:30:00.123456`).
fn date_or_time(text: &str) -> Option<Trigger> {
    if let Ok(d) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Some(Trigger::Date(d));
    }
    for format in [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S%.f",
        "%Y-%m-%d %H:%M",
    ] {
        if let Ok(t) = NaiveDateTime::parse_from_str(text, format) {
            return Some(Trigger::Time(t));
        }
    }
    DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| Trigger::Time(t.naive_local()))
}

/// The DUE and TYPE fields for a trigger, as the Python Mind writes them.
pub fn fields(trigger: &Trigger, today: NaiveDate) -> (String, &'static str) {
    match trigger {
        Trigger::Date(d) => (d.to_string(), "absolute"),
        Trigger::Time(t) => (t.format("%Y-%m-%dT%H:%M:%S").to_string(), "absolute"),
        Trigger::NextSession => (today.to_string(), "next session"),
        Trigger::Context(k) => (k.join(","), "context"),
        Trigger::Unresolved(p) => (p.clone(), "absolute"),
    }
}

/// A pending line: `- [ ] DUE | TYPE | MESSAGE`.
pub fn pending_line(trigger: &Trigger, message: &str, today: NaiveDate) -> String {
    let (due, kind) = fields(trigger, today);
    format!("- [ ] {due} | {kind} | {message}")
}

/// The line a reminder becomes once done: `- [x] DUE | done | MESSAGE`.
pub fn done_line(reminder: &Reminder, today: NaiveDate) -> String {
    let due = reminder
        .due_text
        .clone()
        .unwrap_or_else(|| fields(&reminder.trigger, today).0);
    format!("- [x] {due} | done | {}", reminder.message)
}

/// Insert `line` at the end of the pending section (`## Reminders` or `## Pending`); a file
/// without one gets `## Reminders` before `## Done`, or at its end. Returns the new bytes and
/// the 1-based line number of the inserted line.
pub fn insert_pending(bytes: &[u8], line: &str) -> (Vec<u8>, usize) {
    let eol = eol_of(bytes);
    let mut lines: Vec<Vec<u8>> = split_lines(bytes).into_iter().map(<[u8]>::to_vec).collect();
    if let Some(last) = lines.last_mut()
        && !last.ends_with(b"\n")
    {
        last.extend_from_slice(eol.as_bytes());
    }
    let new_line = format!("{line}{eol}").into_bytes();
    let headings: Vec<(usize, String)> = heading_lines(&lines);
    let pending = headings
        .iter()
        .find(|(_, h)| matches!(h.as_str(), "reminders" | "pending"));
    let at = if let Some((start, _)) = pending {
        let at = outside_open_block(&lines, end_of_section(&lines, &headings, *start));
        lines.insert(at, new_line);
        at
    } else {
        let done = headings.iter().find(|(_, h)| is_done_heading(h));
        let at = outside_open_block(&lines, done.map_or(lines.len(), |(i, _)| *i));
        let mut block = Vec::new();
        if at > 0 && !text::trimmed(&lines[at - 1]).is_empty() {
            block.push(eol.as_bytes().to_vec());
        }
        block.push(format!("## Reminders{eol}").into_bytes());
        let line_index = at + block.len();
        block.push(new_line);
        if done.is_some() {
            block.push(eol.as_bytes().to_vec());
        }
        lines.splice(at..at, block);
        line_index
    };
    (lines.concat(), at + 1)
}

/// What a reader skips: comments (one left open ends at the next heading, as every markdown
/// reader here follows them, so an unclosed `<!--` never hides what comes after it), code
/// fences and what they hold. Reading and inserting share it, so a reminder is written only
/// where it will be read.
#[derive(Default)]
struct Hidden {
    comments: text::HtmlComments,
    fence: bool,
}

impl Hidden {
    /// Whether the trimmed `line` is skipped; follows the comment and fence state.
    fn hides(&mut self, line: &str) -> bool {
        if !self.fence && self.comments.skip(line) {
            return true;
        }
        if line.starts_with("```") || line.starts_with("~~~") {
            self.fence = !self.fence;
            return true;
        }
        self.fence
    }

    /// Whether a comment or fence is open after the lines seen so far.
    fn is_open(&self) -> bool {
        self.fence || self.comments.is_open()
    }
}

/// `at`, or the line that opened a code fence or comment still open at `at`: a line inserted
/// inside one would not be read as a reminder. (A heading ends an open comment, so only a
/// fence can hide a new section; the opening line is where the list visibly ended.)
fn outside_open_block(lines: &[Vec<u8>], at: usize) -> usize {
    let mut hidden = Hidden::default();
    let mut open: Option<usize> = None;
    for (i, l) in lines.iter().enumerate().take(at) {
        let was_open = hidden.is_open();
        hidden.hides(&text::trimmed(l));
        open = match (was_open, hidden.is_open()) {
            (false, true) => Some(i),
            (true, true) => open,
            (_, false) => None,
        };
    }
    open.unwrap_or(at)
}

/// Replace whole lines (1-based numbers) with new text, keeping their indentation and
/// line endings and every other byte.
pub fn replace_lines(bytes: &[u8], replacements: &[(usize, String)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + 64);
    for (index, raw) in split_lines(bytes).into_iter().enumerate() {
        match replacements.iter().find(|(n, _)| *n == index + 1) {
            Some((_, new)) => {
                let content = strip_eol(raw);
                let indent = content.len() - content.trim_ascii_start().len();
                out.extend_from_slice(&content[..indent]);
                out.extend_from_slice(new.as_bytes());
                out.extend_from_slice(&raw[content.len()..]);
            }
            None => out.extend_from_slice(raw),
        }
    }
    out
}

/// Move completed lines that are not under `## Done` to the end of that section (added at
/// the end of the file when missing). `None` when there is nothing to move.
pub fn sweep_done(bytes: &[u8], parsed: &Parsed) -> Option<Vec<u8>> {
    let moving: Vec<usize> = parsed
        .reminders
        .iter()
        .filter(|r| r.done && !r.in_done_section)
        .map(|r| r.line - 1)
        .collect();
    if moving.is_empty() {
        return None;
    }
    let eol = eol_of(bytes);
    let with_eol = |l: &[u8]| {
        let mut l = l.to_vec();
        if !l.ends_with(b"\n") {
            l.extend_from_slice(eol.as_bytes());
        }
        l
    };
    let all = split_lines(bytes);
    let moved: Vec<Vec<u8>> = moving.iter().map(|&i| with_eol(all[i])).collect();
    let mut lines: Vec<Vec<u8>> = all
        .iter()
        .enumerate()
        .filter(|(i, _)| !moving.contains(i))
        .map(|(_, l)| with_eol(l))
        .collect();
    // Moved lines go where the reader will see them, as in `insert_pending`: never inside
    // a code fence or comment left open at the end of the section or file.
    let headings = heading_lines(&lines);
    match headings.iter().find(|(_, h)| is_done_heading(h)) {
        Some((start, _)) => {
            let at = outside_open_block(&lines, end_of_section(&lines, &headings, *start));
            lines.splice(at..at, moved);
        }
        None => {
            let at = outside_open_block(&lines, lines.len());
            let mut block = Vec::new();
            if at > 0 && !text::trimmed(&lines[at - 1]).is_empty() {
                block.push(eol.as_bytes().to_vec());
            }
            block.push(format!("## Done{eol}").into_bytes());
            block.extend(moved);
            if at < lines.len() {
                block.push(eol.as_bytes().to_vec());
            }
            lines.splice(at..at, block);
        }
    }
    Some(lines.concat())
}

/// Every line the reader takes for a heading (index, lower-case title), outside comments
/// and code fences, by the reader's rules: each one ends the section above it. A level-1
/// heading's title keeps its `# ` so that it never names a section: `# Reminders`, the
/// Python Mind's template title, is not one (it adds `## Reminders` itself).
fn heading_lines(lines: &[Vec<u8>]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut hidden = Hidden::default();
    for (i, l) in lines.iter().enumerate() {
        let t = text::trimmed(l);
        if hidden.hides(&t) {
            continue;
        }
        if let Some(title) = heading(&t) {
            let title = title.to_lowercase();
            out.push((
                i,
                if t.starts_with("##") {
                    title
                } else {
                    format!("# {title}")
                },
            ));
        }
    }
    out
}

/// The title of a `#`/`##` heading line.
fn heading(line: &str) -> Option<&str> {
    let rest = line.strip_prefix('#')?;
    let rest = rest.strip_prefix('#').unwrap_or(rest);
    (!rest.starts_with('#')).then(|| rest.trim())
}

fn is_done_heading(title: &str) -> bool {
    matches!(
        title.to_lowercase().as_str(),
        "done" | "completed" | "complete"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn reads_the_three_formats() {
        let text = "# Reminders

## Pending
- [ ] 2026-01-16 | absolute | check the audit | with a pipe
- [ ] 2026-01-15T11:30:00.123456 | absolute | call back
- [ ] auth,login | context | rotate tokens
- [ ] 2026-01-15 | next session | demo prep
- [ ] Review PR | due: 2026-02-01 | type: absolute
- [ ] Talk about auth | due: auth, login | type: context
- [ ] Check security audit | due: tomorrow
- [ ] Review auth flow | trigger: when I mention auth
- [ ] Ship it | due: next session

## Done
- [x] Update docs | completed: 2025-12-13
- [x] 2026-01-09 | done | old one
";
        let p = parse(text);
        assert!(p.unreadable.is_empty(), "{:?}", p.unreadable);
        let r = &p.reminders;
        assert_eq!(r.len(), 11);
        assert_eq!(r[0].message, "check the audit | with a pipe");
        assert_eq!(r[0].trigger, Trigger::Date(d("2026-01-16")));
        assert_eq!(r[0].line, 4);
        assert!(matches!(r[1].trigger, Trigger::Time(_)));
        assert_eq!(
            r[2].trigger,
            Trigger::Context(vec!["auth".into(), "login".into()])
        );
        assert_eq!(r[3].trigger, Trigger::NextSession);
        assert_eq!(
            (r[4].format, &r[4].trigger),
            (Format::Template, &Trigger::Date(d("2026-02-01")))
        );
        assert_eq!(
            r[5].trigger,
            Trigger::Context(vec!["auth".into(), "login".into()])
        );
        assert_eq!(
            (r[6].format, &r[6].trigger),
            (Format::Seed, &Trigger::Unresolved("tomorrow".into()))
        );
        assert_eq!(r[7].trigger, Trigger::Context(vec!["auth".into()]));
        assert_eq!(r[8].trigger, Trigger::NextSession);
        assert!(r[9].done && r[9].in_done_section && r[10].done);
        assert!(r[..9].iter().all(|r| !r.done));
        assert_eq!(
            r.iter().map(|r| r.number).collect::<Vec<_>>(),
            (1..=11).collect::<Vec<_>>()
        );
    }

    #[test]
    fn unreadable_lines_are_reported() {
        let text = "## Reminders\n- [ ] 2026-13-45 | absolute | bad date\n- [?] x | absolute | y\n- [ ] just words\n- [ ] 2026-01-01 | sometime | z\n<!-- - [ ] a | b | c -->\n";
        let p = parse(text);
        assert!(p.reminders.is_empty());
        assert_eq!(
            p.unreadable.iter().map(|u| u.line).collect::<Vec<_>>(),
            vec![2, 3, 4, 5]
        );
    }

    #[test]
    fn inserts_at_the_end_of_the_pending_section() {
        let file = b"<!-- c -->\n\n## Reminders\n- [ ] a | context | one\n\n## Done\n- [x] b | done | two\n";
        let (out, line) = insert_pending(file, "- [ ] 2026-01-16 | absolute | three");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "<!-- c -->\n\n## Reminders\n- [ ] a | context | one\n- [ ] 2026-01-16 | absolute | three\n\n## Done\n- [x] b | done | two\n"
        );
        assert_eq!(line, 5);
        let (out, line) = insert_pending(b"## Reminders\n\n## Done\n", "- [ ] x | context | y");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "## Reminders\n- [ ] x | context | y\n\n## Done\n"
        );
        assert_eq!(line, 2);
    }

    #[test]
    fn an_unclosed_comment_or_fence_never_hides_an_added_reminder() {
        // Found by fuzzing: a file that starts with an unclosed template comment hid every
        // reminder after it, the one just added included.
        let unclosed = "<!-- templa\n- [ ] ask about auth | trigger: when I mention auth\n";
        for file in [
            unclosed,
            "## Reminders\n- [ ] a | context | one\n```\nnotes\n",
        ] {
            let (out, line) = insert_pending(file.as_bytes(), "- [ ] x | next session | added");
            let out = String::from_utf8(out).unwrap();
            let back = parse(&out);
            let found = back.reminders.iter().find(|r| r.line == line);
            assert_eq!(found.map(|r| r.message.as_str()), Some("added"), "{out}");
            // Every line of the file is kept, in order, around the added one.
            let mut kept: Vec<&str> = out.lines().collect();
            kept.remove(line - 1);
            assert!(kept.join("\n").contains(file.trim_end()), "{out}");
        }
    }

    #[test]
    fn inserts_a_heading_when_missing_and_keeps_crlf() {
        let (out, line) = insert_pending(b"# Reminders\r\n", "- [ ] x | context | y");
        assert_eq!(
            out,
            b"# Reminders\r\n\r\n## Reminders\r\n- [ ] x | context | y\r\n"
        );
        assert_eq!(line, 4);
        let (out, _) = insert_pending(b"", "- [ ] x | context | y");
        assert_eq!(out, b"## Reminders\n- [ ] x | context | y\n");
    }

    #[test]
    fn replace_keeps_other_bytes() {
        let out = replace_lines(
            b"a\r\n  - [ ] x | context | m\r\nc",
            &[(2, "- [x] x | done | m".into())],
        );
        assert_eq!(out, b"a\r\n  - [x] x | done | m\r\nc");
    }

    #[test]
    fn sweep_moves_done_lines_under_done() {
        let text = "## Reminders\n- [x] 2026-01-15 | done | a\n- [ ] k | context | b\n\n## Done\n- [x] old | done | c\n";
        let p = parse(text);
        let out = sweep_done(text.as_bytes(), &p).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "## Reminders\n- [ ] k | context | b\n\n## Done\n- [x] old | done | c\n- [x] 2026-01-15 | done | a\n"
        );
        let text = "## Reminders\n- [x] 2026-01-15 | done | a";
        let out = sweep_done(text.as_bytes(), &parse(text)).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "## Reminders\n\n## Done\n- [x] 2026-01-15 | done | a\n"
        );
        assert!(sweep_done(b"## Reminders\n", &parse("## Reminders\n")).is_none());
    }

    #[test]
    fn swept_reminders_never_land_in_an_open_fence_or_comment() {
        // Found by fuzzing: a file ending in an unclosed code fence got its `## Done`
        // section appended inside the fence, so the done reminders were no longer read.
        for file in [
            "<!-- template\n-->\n## Pending\n- [x] shipped | completed: 2026-01-02\n- [ ] b | due: 2026-04-01\n```\n- [`] in fence | due: x\n``l\n",
            "## Reminders\n- [x] 2026-01-15 | done | shipped\n\n## Done\n- [x] old | done | c\n~~~\nnotes\n",
            "## Reminders\n- [x] 2026-01-15 | done | shipped\n<!-- left open\n",
            // A heading inside a fence is not the section the reader sees.
            "## Reminders\n- [x] 2026-01-15 | done | shipped\n```\n## Done\n```\n",
        ] {
            let before = parse(file);
            let out = sweep_done(file.as_bytes(), &before).unwrap();
            let out = String::from_utf8(out).unwrap();
            let after = parse(&out);
            let done = |p: &Parsed| {
                let mut d: Vec<String> = p
                    .reminders
                    .iter()
                    .filter(|r| r.done)
                    .map(|r| r.message.clone())
                    .collect();
                d.sort();
                d
            };
            assert_eq!(done(&after), done(&before), "{out}");
            assert!(
                after
                    .reminders
                    .iter()
                    .filter(|r| r.done)
                    .all(|r| r.in_done_section),
                "{out}"
            );
            // Only the moved lines changed place: every other line is kept, in order.
            let moved: Vec<&str> = file.lines().filter(|l| l.starts_with("- [x]")).collect();
            let rest = |t: &str| -> Vec<String> {
                t.lines()
                    .filter(|l| !moved.contains(l) && !l.trim().is_empty() && *l != "## Done")
                    .map(str::to_string)
                    .collect()
            };
            assert_eq!(rest(&out), rest(file), "{out}");
        }
    }

    #[test]
    fn a_done_line_without_a_due_has_no_due_date_not_an_empty_context() {
        // Found by fuzzing: `* [ ] | done | old one` read as a context reminder without
        // keywords, which nothing can trigger or show.
        for line in ["* [ ] | done | old one", "- [x] +and | done | old one"] {
            let p = parse(line);
            assert_eq!(p.reminders.len(), 1, "{line}");
            let r = &p.reminders[0];
            assert!(r.done && r.message == "old one", "{line}");
            assert!(matches!(r.trigger, Trigger::Unresolved(_)), "{line}");
            assert!(parse(&done_line(r, d("2026-01-15"))).reminders[0].done);
        }
    }

    #[test]
    fn a_line_the_reader_takes_for_a_heading_ends_the_done_section() {
        // Found by fuzzing: `##-01 | done | x` reads as a heading (the reader needs no space
        // after `##`), but the sweep did not see it and put the moved line after it, outside
        // `## Done`.
        let text = "## Reminders\n- [x] 2026-01-15 | done | a\n\n## Done\n- [x] old | done | c\n##-01 | done | x\n\n# Notes\nfree text\n";
        let out = sweep_done(text.as_bytes(), &parse(text)).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out,
            "## Reminders\n\n## Done\n- [x] old | done | c\n- [x] 2026-01-15 | done | a\n##-01 | done | x\n\n# Notes\nfree text\n"
        );
        assert!(parse(&out).reminders.iter().all(|r| r.in_done_section));
        // A level-1 `# Reminders` title is still not the pending section.
        let (out, line) = insert_pending(b"# Reminders\n", "- [ ] x | context | y");
        assert_eq!(out, b"# Reminders\n\n## Reminders\n- [ ] x | context | y\n");
        assert_eq!(line, 4);
    }

    #[test]
    fn written_lines_read_back() {
        let today = d("2026-01-15");
        for trigger in [
            Trigger::Date(d("2026-02-01")),
            Trigger::Time(d("2026-01-15").and_hms_opt(11, 30, 0).unwrap()),
            Trigger::NextSession,
            Trigger::Context(vec!["auth".into(), "rate limits".into()]),
        ] {
            let line = pending_line(&trigger, "a | message", today);
            let p = parse(&line);
            assert_eq!(p.reminders[0].trigger, trigger, "{line}");
            assert_eq!(p.reminders[0].message, "a | message");
            let done = done_line(&p.reminders[0], today);
            assert!(parse(&done).reminders[0].done, "{done}");
        }
    }
}
