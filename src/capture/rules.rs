//! Harvest rules: which comment and commit-message text becomes a memory line, and how
//! that line is written.
//!
//! Every type here is the parser's: these rules only say which text is offered to it.
//!
//! - A `MEMORY:` comment is typed by the parser ([`crate::parse::classify_line`]); text it
//!   recognises is kept as written, anything else is a plain learning (`learned: ...`). So is
//!   a problem only a cue or a symptom reads into it ("the arena is not Sync"): a note left
//!   in the code states what holds there, and as an open problem nothing would ever close
//!   it. `MEMORY: problem: ...` opens one. A comment that only asks ("should we cache
//!   this?") or lists work still to do ("TODO: ...", "Next: ...") states no finding: it is
//!   no memory at all.
//! - A commit message line (subject or body; a bullet, a numbered item, a task box or a
//!   gitmoji may lead it) that starts with `decided:`, `decided against:`, `ruled out:`,
//!   `rejected:`, `tried:`, `learned:`, `TIL:`, `gotcha:`, `problem:` or `fixed:`, or a
//!   trailer `Decided:` / `Learned:` / `Memory:`, is a memory, written with its canonical
//!   label. Where the parser reads the words otherwise within the label's polarity, its
//!   reading wins: `decided: we won't use Kafka` is a rejection, `tried: X, it worked`
//!   progress.
//! - Conventional-commit subjects (`fix: typo`, `fix(api): ...`) are not memories unless
//!   `capture.conventional_subjects` is on; then `fix` subjects become `fixed: ...`.
//! - What a message quotes or shows is not what its author says: lines inside a ``` or
//!   `~~~` fence, indented code (four spaces or a tab, after a blank line) and quoted lines
//!   (`> ...`) are never memories. The one indentation that is not code is git's own in
//!   `git merge --squash`'s "Squashed commit of the following:" list: each squashed
//!   commit's message, indented four spaces under its `commit <id>` header, is read as a
//!   message of its own (those commits never reach the branch; the squash carries them).
//! - A line longer than [`MAX_LINE_BYTES`] is never a memory (a pasted log, a progress bar):
//!   it is dropped before anything else looks at it.

use crate::parse::{
    EntryType, MEMORY_LABELS, classify_line, conventional_fix, label_type, ruled_out,
};
use crate::store::text::one_line;

/// A memory line found by a rule (without its provenance).
#[derive(Debug, Clone, PartialEq)]
pub struct Harvested {
    pub kind: EntryType,
    pub line: String,
}

/// The memory a `MEMORY:` comment's text holds.
pub fn from_comment(text: &str) -> Option<Harvested> {
    if text.len() > MAX_LINE_BYTES {
        return None;
    }
    let text = one_line(text);
    if text.is_empty() {
        return None;
    }
    if let Some(found) = classify_line(&text, None) {
        let reported_problem =
            found.kind == EntryType::Problem && found.reason != crate::parse::TYPE_LABEL;
        // `we will switch to httpx later`: the parser reads a plan put off as no entry (and
        // then the comment is dropped below, as a plan); "decided to use Redis, maybe we
        // will revisit later" was decided, and is kept as the parser types it.
        if !reported_problem {
            return Some(Harvested {
                kind: found.kind,
                line: text,
            });
        }
    }
    // No keyword: a note-level learning. A leading KEY:/important: stays in front.
    let (key, rest) = split_key(&text);
    // Unless it asks or lists work still to do: `learned: should we cache this?` or
    // `learned: TODO: ...` would tell the reader a question or a plan is a finding.
    if asks_or_plans(rest) {
        return None;
    }
    let line = match key {
        Some(key) => format!("{key} {} {rest}", EntryType::Learning.label()),
        None => format!("{} {rest}", EntryType::Learning.label()),
    };
    read_back(EntryType::Learning, line)
}

/// `line` as a memory of `kind`, if the parser reads the line as written back as that
/// kind: text too short or too garbled to hold a memory (`MEMORY: K`, a value of invalid
/// UTF-8) would otherwise land in MEMORY.md as a line no reader sees as an entry. Every
/// rule offers its line through this check.
fn read_back(kind: EntryType, line: String) -> Option<Harvested> {
    classify_line(&line, None)
        .is_some_and(|c| c.kind == kind)
        .then_some(Harvested { kind, line })
}

/// Whether a comment's text with no memory keyword is a question ("should we cache this
/// lookup?") or work still to do ("TODO: ...", "FIXME ...", "Next: ...", "next step: ...",
/// a plan put off: [`crate::parse::puts_off`]): no finding, so no learning.
fn asks_or_plans(text: &str) -> bool {
    let text = text.trim();
    if text.ends_with('?') || crate::parse::puts_off(text) {
        return true;
    }
    let lower = text.to_lowercase();
    let opens = |word: &str, ends: &[char]| {
        lower
            .strip_prefix(word)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(ends))
    };
    ["todo", "to do", "fixme", "xxx", "tbd"]
        .iter()
        .any(|w| opens(w, &[':', ' ', '(', '-', '!']))
        || ["next", "next step", "next steps"]
            .iter()
            .any(|w| opens(w, &[':']))
}

fn split_key(text: &str) -> (Option<&str>, &str) {
    let lower = text.to_ascii_lowercase();
    for prefix in ["key:", "important:"] {
        if lower.starts_with(prefix) {
            return (
                Some(&text[..prefix.len()]),
                text[prefix.len()..].trim_start(),
            );
        }
    }
    (None, text)
}

/// The type a commit line's label gives; `Some(None)` for `memory`, which defers to the
/// parser like a comment does.
fn keyword(head: &str) -> Option<Option<EntryType>> {
    if head == "memory" {
        return Some(None);
    }
    // Only the memory labels: a commit body is full of `Note:`/`Issue:`/`Error:` lines that
    // are not meant for memory.
    if !MEMORY_LABELS.contains(&head) {
        return None;
    }
    label_type(head).map(Some)
}

/// The longest comment or message line that can be a memory, in bytes: as long as a
/// message `mind log` takes. A memory is a sentence or two; a longer line is pasted output,
/// and every step after this one (the parser, the comparison keys, the store) would pay for
/// its length.
pub const MAX_LINE_BYTES: usize = crate::commands::MAX_MESSAGE_BYTES;

/// The memories in a commit message, in message order.
pub fn from_message(message: &str, conventional_subjects: bool) -> Vec<Harvested> {
    let mut out = Vec::new();
    let mut blocks = Blocks::default();
    // After git's "Squashed commit of the following:", the lines indented under each
    // `commit <id>` header are that commit's message (see the module's notes).
    let mut squashed = false;
    for (index, raw) in message.lines().enumerate() {
        if raw.len() > MAX_LINE_BYTES {
            blocks.text_line();
            continue;
        }
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        if !blocks.in_block() && raw == SQUASHED {
            squashed = true;
            blocks = Blocks::default();
            continue;
        }
        let raw = if squashed {
            if is_squashed_header(raw) {
                // A new squashed message: nothing the last one left open runs into it.
                blocks = Blocks::default();
                continue;
            }
            raw.strip_prefix("    ").unwrap_or(raw)
        } else {
            raw
        };
        if blocks.skips(raw) {
            continue;
        }
        let line = without_lead(raw.trim());
        let Some((head, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        // `**Decided:** x`: the label's closing emphasis follows the colon. `decided: *x*`:
        // the value is emphasised whole, and both its marks go.
        let value = match value.strip_prefix('*') {
            Some(inner) if !head.trim_start().starts_with('*') => {
                let marks = 1 + inner.len() - inner.trim_start_matches('*').len();
                let inner = value.trim_matches('*').trim();
                if value.ends_with(&"*".repeat(marks)) && !inner.is_empty() {
                    inner
                } else {
                    value.trim_start_matches('*').trim_start()
                }
            }
            _ => value.trim_start_matches('*').trim_start(),
        };
        if value.is_empty() {
            continue;
        }
        let name = head.trim().trim_matches('*').to_ascii_lowercase();
        let tried = name == "tried";
        match keyword(&name) {
            // The label offers the line; the parser decides whether it holds a memory
            // (`TIL: notes_2025.md`, `Til: o'zbek` and `**Decision:**` hold none).
            Some(Some(labelled)) => {
                let read = classify_line(line, None).map(|c| c.kind);
                let kind = match (labelled, read) {
                    // `decided: we won't use Kafka`: a choice declined is the rejection the
                    // parser reads; `tried: X, it worked` the progress it reads.
                    (EntryType::Decision, Some(EntryType::Rejected)) => EntryType::Rejected,
                    (EntryType::Rejected, Some(EntryType::Progress)) if tried => {
                        EntryType::Progress
                    }
                    _ => labelled,
                };
                // `tried: X` says what was tried; only its failure ("- still fails") rules
                // it out, and only its success makes it progress.
                let outcome_said =
                    !tried || kind == EntryType::Progress || crate::parse::attempt_failed(value);
                // `learned: should we pin numpy?`, `gotcha: TODO: ...`: a question or work
                // to do is no finding whatever its label (a problem may still be asked).
                let finding = kind == EntryType::Problem || !asks_or_plans(value);
                if read == Some(kind) && outcome_said && finding {
                    let value = match kind {
                        EntryType::Rejected => ruled_out(value).unwrap_or(value),
                        _ => value,
                    };
                    out.extend(read_back(
                        kind,
                        format!("{} {}", kind.label(), one_line(value)),
                    ));
                }
            }
            Some(None) => out.extend(from_comment(value)),
            None if index == 0 && conventional_subjects => {
                if let Some(rest) = conventional_fix(line) {
                    let kind = EntryType::Progress;
                    out.extend(read_back(
                        kind,
                        format!("{} {}", kind.label(), one_line(rest)),
                    ));
                }
            }
            None => {}
        }
    }
    out
}

/// A commit line without what leads it before a label: a list marker followed by a blank
/// (`- `, `* `, `+ `, `1. `, `2) `), a task box (`- [x] `), and a gitmoji (`🐛 `, `:bug: `).
/// Not `-- Gotcha:` (a SQL comment pasted into the message) nor `**Learned:**` (emphasis,
/// kept for the parser, which reads a legend such as `**Learned:** what you now know` as
/// none).
fn without_lead(line: &str) -> &str {
    let mut rest = line;
    let bytes = rest.as_bytes();
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    rest = match bytes {
        [b'-' | b'*' | b'+', b' ' | b'\t', ..] => rest[1..].trim_start(),
        _ if (1..=3).contains(&digits)
            && matches!(bytes.get(digits), Some(b'.' | b')'))
            && matches!(bytes.get(digits + 1), Some(b' ' | b'\t')) =>
        {
            rest[digits + 1..].trim_start()
        }
        _ => rest,
    };
    // A box ticked is work done; one left open is work to do, and says nothing has
    // happened (`- [ ] fixed: x` is a plan).
    if rest.starts_with("[ ] ") {
        return "";
    }
    for task in ["[x] ", "[X] "] {
        if let Some(after) = rest.strip_prefix(task) {
            rest = after.trim_start();
        }
    }
    // A gitmoji: an emoji (a symbol, neither letter nor digit, outside ASCII) or its
    // `:code:` before a blank.
    let symbols: usize = rest
        .chars()
        .take_while(|&c| !c.is_ascii() && !c.is_alphanumeric() && !c.is_whitespace())
        .map(char::len_utf8)
        .sum();
    // A cross or a no-entry sign says the opposite of the label after it (`❌ fixed: x`).
    if rest[..symbols].contains(['❌', '❎', '✗', '✘', '🚫', '⛔']) {
        return "";
    }
    if symbols > 0 && rest[symbols..].starts_with(' ') {
        return rest[symbols..].trim_start();
    }
    // The shortcode as the parser skips it (`parse::shortcode`).
    if let Some((_, after)) = crate::parse::shortcode(rest) {
        return after;
    }
    rest
}

/// The line `git merge --squash` puts before the messages of the commits it squashed.
const SQUASHED: &str = "Squashed commit of the following:";

/// `commit <hex id>`: the header of one squashed commit in a squash message.
fn is_squashed_header(line: &str) -> bool {
    line.strip_prefix("commit ").is_some_and(|id| {
        let id = id.trim_end();
        id.len() >= 7 && id.bytes().all(|b| b.is_ascii_hexdigit())
    })
}

/// Markdown's code and quote blocks in a message, line by line: what a message shows (a
/// pasted log, a reviewer's words, an example) rather than says.
#[derive(Debug)]
struct Blocks {
    /// The open fence's character and length (```` ``` ````, `~~~~`).
    fence: Option<(u8, usize)>,
    /// Inside indented code.
    indented: bool,
    /// The line before was blank (or there was none): indented code may start here.
    after_blank: bool,
}

impl Default for Blocks {
    fn default() -> Blocks {
        Blocks {
            fence: None,
            indented: false,
            after_blank: true,
        }
    }
}

impl Blocks {
    fn in_block(&self) -> bool {
        self.fence.is_some() || self.indented
    }

    /// A line that was not looked at (too long): it ends indented code and a blank run.
    fn text_line(&mut self) {
        if self.fence.is_none() {
            self.indented = false;
            self.after_blank = false;
        }
    }

    /// Whether `line` is in a code block, a fence line or a quote (and so never a memory);
    /// the blocks it opens or closes are noted.
    fn skips(&mut self, line: &str) -> bool {
        let blank = line.trim().is_empty();
        let indent = indent_width(line);
        if let Some((mark, len)) = self.fence {
            // A fence closes with at least as many of its characters and nothing after.
            let rest = line.trim_start();
            let run = rest.bytes().take_while(|&b| b == mark).count();
            if indent < 4 && run >= len && rest[run..].trim().is_empty() {
                self.fence = None;
                self.after_blank = false;
            }
            return true;
        }
        if blank {
            self.after_blank = true;
            return false;
        }
        if indent >= 4 && (self.after_blank || self.indented) {
            self.indented = true;
            return true;
        }
        self.indented = false;
        self.after_blank = false;
        let rest = line.trim_start();
        if indent < 4
            && let Some(mark @ (b'`' | b'~')) = rest.bytes().next()
        {
            let run = rest.bytes().take_while(|&b| b == mark).count();
            // A backtick fence's info string has no backtick (``` `x` ``` is inline code).
            if run >= 3 && (mark == b'~' || !rest[run..].contains('`')) {
                self.fence = Some((mark, run));
                return true;
            }
        }
        // A quote (`> fixed: ...` from a bug report) is someone else's words.
        rest.starts_with('>')
    }
}

/// The width of a line's leading spaces and tabs (a tab to the next multiple of four).
fn indent_width(line: &str) -> usize {
    let mut width = 0;
    for b in line.bytes() {
        match b {
            b' ' => width += 1,
            b'\t' => width += 4 - width % 4,
            _ => break,
        }
    }
    width
}

pub use crate::parse::provenance::{
    file_place, harvested_parts, provenance_commit, provenance_path, split_provenance,
    with_provenance,
};

#[cfg(test)]
mod tests {

    use super::*;

    fn lines(message: &str, conventional: bool) -> Vec<String> {
        from_message(message, conventional)
            .into_iter()
            .map(|h| h.line)
            .collect()
    }

    #[test]
    fn a_comment_that_asks_or_lists_work_to_do_is_no_learning() {
        for text in [
            "should we cache this lookup?",
            "TODO: handle the timezone edge case",
            "todo handle DST",
            "FIXME: leaks a file handle",
            "Next: wire the retry queue into the scheduler",
            "KEY: is this still needed?",
        ] {
            assert_eq!(from_comment(text), None, "{text}");
        }
        // A finding that merely mentions what comes next stays one.
        for text in [
            "next time the cache fills it evicts the oldest entry",
            "todos are stored in the tasks table",
            "the lock is no longer needed since v2",
        ] {
            let found = from_comment(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(found.kind, EntryType::Learning, "{text}");
        }
    }

    #[test]
    fn a_plan_put_off_is_no_decision_nor_learning() {
        for text in [
            "we will switch to httpx later",
            "We'll switch to httpx later.",
            "someday we will use uvloop",
            "we will use uvloop at some point",
            "eventually we should move to aiohttp",
            "maybe we should cache tokens",
            "I'm going to split this module one day",
            "KEY: we should drop Python 3.8 in the future",
        ] {
            assert_eq!(from_comment(text), None, "{text}");
            assert_eq!(
                lines(&format!("wip\n\nDecided: {text}\n"), false),
                Vec::<String>::new(),
                "{text}"
            );
        }
        // A plan for no later time, the code's own course, a version range, and a problem
        // put off stay what they are.
        for (text, kind) in [
            ("we'll stick with tokio", EntryType::Decision),
            ("we switched to orjson for speed", EntryType::Decision),
            ("the queue eventually drains", EntryType::Learning),
            ("we'll need Python 3.11 or later", EntryType::Learning),
            (
                "problem: we will hit the rate limit later",
                EntryType::Problem,
            ),
        ] {
            let found = from_comment(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(found.kind, kind, "{text}");
        }
    }

    #[test]
    fn message_keywords_subject_body_and_trailers() {
        let message = "fixed: Safari cookie loss\n\nSome context.\n- decided: same-site domain\nTIL: cookies\ngotcha: none here\nProblem: flaky CI\n\nDecided: keep it\nLearned: the CDN strips ETags\nSigned-off-by: A <a@b>\n";
        assert_eq!(
            lines(message, false),
            vec![
                "fixed: Safari cookie loss",
                "decided: same-site domain",
                "learned: cookies",
                "gotcha: none here",
                "problem: flaky CI",
                "decided: keep it",
                "learned: the CDN strips ETags",
            ]
        );
        // The parser decides whether a labelled line holds a memory: a placeholder, a file
        // name or an empty bold label holds none.
        assert!(
            lines(
                "Learned: x
TIL: notes_2025.md
**Decision:**
",
                false
            )
            .is_empty()
        );
    }

    #[test]
    fn what_leads_a_label_is_read_past_only_when_it_is_a_marker() {
        assert_eq!(without_lead("🐛 fixed: x"), "fixed: x");
        assert_eq!(without_lead(":bug: fixed: x"), "fixed: x");
        assert_eq!(without_lead("12. learned: y"), "learned: y");
        assert_eq!(without_lead("3) learned: y"), "learned: y");
        assert_eq!(without_lead("- [x] decided: z"), "decided: z");
        assert_eq!(without_lead("* [x] decided: z"), "decided: z");
        // An open box is work to do; a cross says it did not happen.
        assert_eq!(without_lead("- [ ] fixed: z"), "");
        assert_eq!(without_lead("❌ fixed: z"), "");
        // Not a marker: a SQL comment, emphasis, a version, a label in colons, a sign.
        assert_eq!(without_lead("-- Gotcha: x"), "-- Gotcha: x");
        assert_eq!(without_lead("**Learned:** y"), "**Learned:** y");
        assert_eq!(without_lead("2.1 decided: z"), "2.1 decided: z");
        assert_eq!(without_lead(":fixed: x"), ":fixed: x");
        assert_eq!(without_lead("→fixed: x"), "→fixed: x");
        assert_eq!(
            lines(
                "✨ tried: a bigger runner, no luck\n2024. learned: y\ntried: a cache\ntried: X - 3x faster builds\n",
                false
            ),
            vec!["decided against: a bigger runner, no luck"]
        );
    }

    #[test]
    fn a_declined_choice_in_a_message_is_a_rejection() {
        assert_eq!(
            lines(
                "decided: we won't use Kafka for events\ndecided: against Redis - too heavy\nDecision: not to use GraphQL\ndecided: abandoned carts expire after 1h\n",
                false
            ),
            vec![
                "decided against: Kafka for events",
                "decided against: Redis - too heavy",
                "decided against: GraphQL",
                "decided: abandoned carts expire after 1h",
            ]
        );
    }

    #[test]
    fn conventional_subjects_are_opt_in() {
        assert!(lines("fix: typo\n", false).is_empty());
        assert!(lines("fix(api): handle 404\n", false).is_empty());
        assert_eq!(
            lines("fix(api): handle 404\n", true),
            vec!["fixed: handle 404"]
        );
        assert!(lines("feat: new thing\n", true).is_empty());
        // Only the subject is a conventional subject.
        assert!(lines("chore: x\n\nfix: y\n", true).is_empty());
    }

    #[test]
    fn memory_trailer_and_comments_without_keyword_are_learnings() {
        assert_eq!(
            lines("x\n\nMemory: the API allows 100 requests a minute\n", false),
            vec!["learned: the API allows 100 requests a minute"]
        );
        let h = from_comment("decided: cache tokens for 5 min").unwrap();
        assert_eq!(h.kind, EntryType::Decision);
        assert_eq!(h.line, "decided: cache tokens for 5 min");
        // A KEY prefix stays in front, whatever type the parser gives the rest.
        let key = from_comment("KEY: never log tokens").unwrap();
        assert!(key.line.starts_with("KEY: "), "{}", key.line);
        assert!(key.line.ends_with("never log tokens"), "{}", key.line);
        assert!(from_comment("   ").is_none());
    }

    #[test]
    fn a_comment_states_what_holds_and_opens_a_problem_only_when_labelled() {
        for text in [
            "the arena is not Sync",
            "uploads over 10MB are not supported by the proxy",
            "the login page does not load in Safari",
        ] {
            let h = from_comment(text).unwrap();
            assert_eq!(h.kind, EntryType::Learning, "{text}");
            assert_eq!(h.line, format!("learned: {text}"));
        }
        let key = from_comment("KEY: the arena is not Sync").unwrap();
        assert_eq!(key.line, "KEY: learned: the arena is not Sync");
        let problem = from_comment("problem: the arena is not Sync").unwrap();
        assert_eq!(problem.kind, EntryType::Problem);
        assert_eq!(problem.line, "problem: the arena is not Sync");
    }

    #[test]
    fn a_memory_too_short_to_read_back_is_not_harvested() {
        // Found by fuzzing: `Memory: K` became `learned: K`, which no reader sees as an entry.
        assert!(lines("x\n\nMemory: K\n", false).is_empty());
        assert!(from_comment("K").is_none());
        assert!(from_comment("use argon2").is_some());
    }

    #[test]
    fn a_labelled_line_is_harvested_only_as_it_reads_back() {
        // Found by fuzzing: `TIL:` followed by invalid UTF-8 (U+FFFD once decoded) reads as
        // a learning, but the `learned: ...` line written for it does not.
        let message =
            String::from_utf8_lossy(b"x\n\n- TIL:\xb7\xb7\xb7\nTIL: the CDN strips ETags\n");
        for conventional in [false, true] {
            let found = from_message(&message, conventional);
            assert_eq!(
                found.iter().map(|h| h.line.as_str()).collect::<Vec<_>>(),
                vec!["learned: the CDN strips ETags"]
            );
            for h in found {
                assert_eq!(classify_line(&h.line, None).map(|c| c.kind), Some(h.kind));
            }
        }
    }

    #[test]
    fn code_and_quotes_in_a_message_are_not_memories() {
        let message = "Refactor\n\n> fixed: quoted report\n\n```\nproblem: connection reset by peer\nfixed: nothing yet\n```\n\n~~~~ text\ndecided: in a tilde fence\n~~~\nlearned: still in it\n~~~~\n\n    decided: indented code block should not count\n\tlearned: tab-indented too\n\n    gotcha: code after a blank line inside it\ndecided: stream uploads in 1 MB chunks\n  - learned: a two-space bullet is text\n";
        assert_eq!(
            lines(message, false),
            vec![
                "decided: stream uploads in 1 MB chunks",
                "learned: a two-space bullet is text",
            ]
        );
        // An indented line right after text continues the paragraph: not code.
        assert_eq!(
            lines("x\n\nSome text\n    decided: wrapped under it\n", false),
            vec!["decided: wrapped under it"]
        );
        // A fence left open swallows the rest; inline backticks open none.
        assert!(lines("x\n\n```\ndecided: use sqlite\n", false).is_empty());
        assert_eq!(
            lines("x\n\n```rust` x\ndecided: use sqlite\n", false),
            vec!["decided: use sqlite"]
        );
    }

    #[test]
    fn a_squash_message_reads_each_squashed_commit_as_a_message() {
        let message = "Squashed commit of the following:\n\ncommit 0123456789abcdef0123456789abcdef01234567\nAuthor: A <a@example.com>\nDate:   Thu Jan 15 09:00:00 2026 +0000\n\n    Cache\n\n    decided: cache sessions in Redis\n    ```\n    problem: quoted log\n\ncommit 1123456789abcdef0123456789abcdef01234567\nAuthor: A <a@example.com>\nDate:   Thu Jan 15 09:00:00 2026 +0000\n\n    fixed: login times out\n\n        learned: code in a squashed message\n";
        assert_eq!(
            lines(message, false),
            vec!["decided: cache sessions in Redis", "fixed: login times out"]
        );
    }

    #[test]
    fn a_line_too_long_to_be_a_memory_is_not_harvested() {
        let long = format!("learned: the progress bar prints {}", "=".repeat(5000));
        assert!(lines(&format!("x\n\n{long}\ndecided: short\n"), false) == ["decided: short"]);
        assert!(from_comment(&long).is_none());
        let fits = format!("learned: {}", "word ".repeat(800));
        assert!(fits.len() <= MAX_LINE_BYTES);
        assert_eq!(lines(&format!("x\n\n{fits}\n"), false).len(), 1);
    }

    #[test]
    fn empty_values_and_plain_lines_are_skipped() {
        assert!(lines("decided:\nupdate deps\nsee: docs\n", false).is_empty());
    }
}
