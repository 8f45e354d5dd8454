//! Where a `mind log` message goes: explicit types and their aliases, and word-boundary
//! rules for messages logged without a type.

use serde::Serialize;

use crate::parse::{Classified, EntryType, classify_line, explain_line, is_hedged, ruled_out};
use crate::store::session_file::Section;

/// The destination of a log message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogKind {
    Session(Section),
    Memory(EntryType),
    /// Where to continue from: a `Next: ...` line in MEMORY.md, which the context block's
    /// Continue From shows.
    Next,
}

impl LogKind {
    /// The canonical type name (as `--type` accepts it and JSON reports it).
    pub fn name(self) -> &'static str {
        match self {
            LogKind::Session(Section::Experience) => "experience",
            LogKind::Session(Section::Blockers) => "blocker",
            LogKind::Session(Section::Rejected) => "rejected",
            LogKind::Session(Section::Assumptions) => "assumption",
            LogKind::Memory(kind) => kind.as_str(),
            LogKind::Next => "next",
        }
    }
}

impl Serialize for LogKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Every accepted type name and alias, for help and error messages.
pub const TYPE_NAMES: &str = "decision (decided, decide), learning (learned, til, lesson), problem (bug, issue), \
progress (fixed, fix, done, resolved, shipped), gotcha (pitfall, caveat), experience (note, xp), \
blocker (stuck, blocked), assumption (assume, assuming), rejected (tried, reject, failed), next";

/// How `mind log` reads its words; shown by `mind log --help`.
pub const LOG_HELP: &str = "\
Examples:
  mind log decision \"use Postgres for sessions: row locks are enough\"
  mind log learned the API paginates from 0
  mind log -t rejected \"redis for sessions - overkill\"
  git log -1 --format=%B | mind log -

Reading the words:
  A type name as the first word names the type: decision, learning, problem, progress, gotcha,
  experience, blocker, rejected, assumption.
  A next step goes to MEMORY.md as a `Next:` line, which Continue From shows:
  mind log \"Next: wire the replica\", mind log next \"wire the replica\" or --type next
  (`next` names the type only before a single quoted message, like an alias).
  An alias that is also a plain word (decided, learned, til, fixed, done, bug, issue, note,
  tried, stuck, ...) names the type only before a single quoted message
  (mind log done \"the refactor\") or as --type; otherwise it stays part of the message and the
  whole text is classified (mind log done with the refactor -> fixed: done with the refactor).
  A first word that looks like a misspelt type (decison) is an error; quote the message,
  give --type experience, or put it after -- to log it as it is.
  Flags may come anywhere; every word after -- is message text (mind log -- --json is slow).
  A memory line gets its type's label once: decided to use X -> decided: use X,
  --type decision \"learned: x\" -> decided: x.
  \"logging\": {\"level\": \"balanced\"|\"efficient\"} in .mind/config.json skips short or
  insight-free experiences (and obvious assumptions at efficient), saying why.";

/// Every type name and alias with its type. The first word of each type is its canonical name.
pub const TYPE_WORDS: &[(&str, LogKind)] = {
    use EntryType::*;
    use Section::*;
    &[
        ("decision", LogKind::Memory(Decision)),
        ("decisions", LogKind::Memory(Decision)),
        ("decided", LogKind::Memory(Decision)),
        ("decide", LogKind::Memory(Decision)),
        ("learning", LogKind::Memory(Learning)),
        ("learnings", LogKind::Memory(Learning)),
        ("learned", LogKind::Memory(Learning)),
        ("learnt", LogKind::Memory(Learning)),
        ("learn", LogKind::Memory(Learning)),
        ("til", LogKind::Memory(Learning)),
        ("lesson", LogKind::Memory(Learning)),
        ("problem", LogKind::Memory(Problem)),
        ("problems", LogKind::Memory(Problem)),
        ("bug", LogKind::Memory(Problem)),
        ("issue", LogKind::Memory(Problem)),
        ("progress", LogKind::Memory(Progress)),
        ("fixed", LogKind::Memory(Progress)),
        ("fix", LogKind::Memory(Progress)),
        ("done", LogKind::Memory(Progress)),
        ("resolved", LogKind::Memory(Progress)),
        ("shipped", LogKind::Memory(Progress)),
        ("gotcha", LogKind::Memory(Gotcha)),
        ("gotchas", LogKind::Memory(Gotcha)),
        ("pitfall", LogKind::Memory(Gotcha)),
        ("caveat", LogKind::Memory(Gotcha)),
        ("experience", LogKind::Session(Experience)),
        ("exp", LogKind::Session(Experience)),
        ("xp", LogKind::Session(Experience)),
        ("note", LogKind::Session(Experience)),
        ("blocker", LogKind::Session(Blockers)),
        ("blockers", LogKind::Session(Blockers)),
        ("stuck", LogKind::Session(Blockers)),
        ("blocked", LogKind::Session(Blockers)),
        ("assumption", LogKind::Session(Assumptions)),
        ("assumptions", LogKind::Session(Assumptions)),
        ("assume", LogKind::Session(Assumptions)),
        ("assuming", LogKind::Session(Assumptions)),
        ("rejected", LogKind::Session(Section::Rejected)),
        ("reject", LogKind::Session(Section::Rejected)),
        ("tried", LogKind::Session(Section::Rejected)),
        ("failed", LogKind::Session(Section::Rejected)),
        ("next", LogKind::Next),
    ]
};

/// Resolve a type name or alias, case-insensitively.
pub fn parse_type(name: &str) -> Option<LogKind> {
    let name = name.trim().to_ascii_lowercase();
    TYPE_WORDS
        .iter()
        .find(|(word, _)| *word == name)
        .map(|(_, kind)| *kind)
}

/// True for a canonical type name (`decision`, not `decided` or `decisions`).
pub fn is_canonical(name: &str) -> bool {
    parse_type(name).is_some_and(|kind| kind.name().eq_ignore_ascii_case(name.trim()))
}

/// True for a first word that always names the type: a canonical type name, while an alias
/// may just be the message's first word. `next` is one of those plain words too ("next
/// release drops Python 3.8"), so it names the type the way an alias does.
pub fn always_names_type(name: &str) -> bool {
    is_canonical(name) && parse_type(name) != Some(LogKind::Next)
}

/// The type chosen for an untyped message and the words that chose it.
#[derive(Debug, Clone, PartialEq)]
pub struct Classification {
    pub kind: LogKind,
    /// What matched, for the reply ("matched \"decided\""); `None` for the default.
    pub matched: Option<String>,
}

/// Labels that only `mind log` knows: they send a message to a SESSION.md section
/// (`tried:`, `blocked:`, `assuming:`, `note:`). Every memory label (`decided:`, `TIL:`,
/// `fixed:`, `gotcha:` ...) is read by the parser, like any memory line.
const SESSION_LABELS: &[(&str, Section)] = &[
    ("tried", Section::Rejected),
    ("rejected", Section::Rejected),
    ("ruled out", Section::Rejected),
    ("blocked", Section::Blockers),
    ("blocker", Section::Blockers),
    ("stuck", Section::Blockers),
    ("assuming", Section::Assumptions),
    ("assumption", Section::Assumptions),
    ("assume", Section::Assumptions),
    ("experience", Section::Experience),
    ("note", Section::Experience),
];

/// The session label a message starts with (`tried:`, `**Blocked:**`), if any, with the
/// byte offset where the text after it begins. A label with nothing after it is no note
/// (the parser reads it as a label without text), nor one whose value says there is none
/// (`Blocked: None`, `tried: n/a`: the parser reads a label with placeholder text); a value
/// that names something (`Blocked: #1234`, `tried: src/cache/lru.rs`) is a note.
fn session_label(text: &str) -> Option<(&'static str, LogKind, usize)> {
    let (name, end) = split_label(text)?;
    let value = text[end..].trim_matches(|c: char| c == '*' || c.is_whitespace());
    if value.is_empty() || crate::parse::says_nothing(value) {
        return None;
    }
    let name = name.to_lowercase();
    let (label, section) = SESSION_LABELS
        .iter()
        .find(|(label, _)| *label == name)
        .copied()?;
    Some((label, LogKind::Session(section), end))
}

/// The label a message starts with, session, memory or `Next:`, with the byte offset where
/// the text after it begins.
/// The memory type a line's own leading label gives it (`decided:` a decision, `fixed:`
/// progress, `decided against:` a rejection), `None` without one.
pub fn label_type(line: &str) -> Option<EntryType> {
    match leading_label(line)?.0 {
        LogKind::Memory(kind) => Some(kind),
        _ => None,
    }
}

fn leading_label(text: &str) -> Option<(LogKind, usize)> {
    if let Some((_, kind, end)) = session_label(text) {
        return Some((kind, end));
    }
    let (name, end) = split_label(text)?;
    if crate::parse::next_step(text).is_some() {
        return Some((LogKind::Next, end));
    }
    let kind = crate::parse::label_type(name)?;
    Some((LogKind::Memory(kind), end))
}

/// The words before a message's first colon, bold markers (`**Label:**`) and spaces trimmed,
/// and the byte offset where the text after the label begins.
fn split_label(text: &str) -> Option<(&str, usize)> {
    let lead = text.len() - text.trim_start().len();
    let t = text.trim_start();
    let bold = t.starts_with("**");
    let t2 = t.trim_start_matches("**").trim_start();
    let skipped = lead + (t.len() - t2.len());
    // The full-width colon of Chinese and Japanese ends a label too (`问题：构建失败`).
    let colon = t2.find([':', '\u{ff1a}'])?;
    let name = t2[..colon].trim_end_matches("**").trim();
    let width = t2[colon..].chars().next().map_or(1, char::len_utf8);
    let mut end = skipped + colon + width;
    if bold && text[end..].starts_with("**") {
        end += 2;
    }
    Some((name, end))
}

/// Where the parser's verdict on a message goes. A rejection recorded for good ("decided
/// against X", "we won't use X") is a memory; an attempt that did not work ("tried X, no
/// luck", "gave up on X") is a session note. A problem that says the work is stuck or
/// blocked is a blocker of the session. "Not using X because ..." (the cue "using") states a
/// standing choice, as "we won't use X" does.
fn route(found: &Classified) -> LogKind {
    let cue = found.cue.as_deref().unwrap_or("");
    match found.kind {
        EntryType::Rejected
            if found.reason == "cue"
                && !matches!(cue, "decided against" | "decided" | "using")
                && !cue.starts_with("won") =>
        {
            LogKind::Session(Section::Rejected)
        }
        EntryType::Problem if found.reason == "cue" && matches!(cue, "stuck" | "blocked") => {
            LogKind::Session(Section::Blockers)
        }
        kind => LogKind::Memory(kind),
    }
}

/// Classify a message logged without a type. A session label decides first; otherwise
/// the parser types the text exactly as it types a line of MEMORY.md (labels, cue words
/// in context, issue-title symptoms); text the parser keeps no memory from is an
/// assumption when it hedges and an experience otherwise.
pub fn classify(message: &str) -> Classification {
    let text = message.trim();
    if let Some((label, kind, _)) = session_label(text) {
        return Classification {
            kind,
            matched: Some(format!("{label}:")),
        };
    }
    if crate::parse::next_step(text).is_some() {
        return Classification {
            kind: LogKind::Next,
            matched: split_label(text)
                .map(|(label, _)| format!("{}:", label.trim_matches(['*', ' ']).to_lowercase())),
        };
    }
    if let Some(found) = classify_line(text, None) {
        let matched = match (&found.cue, found.reason) {
            (Some(cue), _) => cue.clone(),
            (None, crate::parse::TYPE_LABEL) => split_label(text).map_or_else(
                || found.reason.to_string(),
                |(label, _)| format!("{}:", label.trim_matches(['*', ' ']).to_lowercase()),
            ),
            (None, reason) => reason.to_string(),
        };
        return Classification {
            kind: route(&found),
            matched: Some(matched),
        };
    }
    if !text.ends_with('?') && is_hedged(text) {
        return Classification {
            kind: LogKind::Session(Section::Assumptions),
            matched: Some("a hedge".to_string()),
        };
    }
    // A leading type word the user kept in the text ("done with the refactor", "issue with
    // flaky tests") names the type when nothing else did: in prose, not in code or a
    // question (`decided = True`), and not as the first noun of a compound ("Decision aids",
    // "Problem statement": a name for something else). It needs two words after it: one
    // ("learning output.") is a fragment or a name, with nothing said about it. A title
    // ("Lesson on Scientific Debugging") names a thing too. (A list's caption, "Gotchas for
    // new contributors", is the parser's: what a file or section collects.)
    let mut words = text.split_whitespace();
    if explain_line(text, None).1 == "no cue"
        && text.split_whitespace().count() >= 3
        && !reads_as_a_title(text)
        && let Some(first) = words.next()
        && let Some(kind) = parse_type(first.trim_end_matches([',', '.', ';', '!']))
        && kind != LogKind::Next
        // A verb's plain form opens an instruction ("Learn from common mistakes to ...",
        // "Assume nothing about the order"), not a memory of that type. A bare "rejected"
        // opens a noun phrase as often as a ruling-out ("Rejected uploads go to the
        // quarantine bucket"): the parser weighs it as a cue only with the author as its
        // subject or a verdict or reason after it ("Rejected Redis, overkill") and typed
        // nothing, so the word alone does not type it here either.
        && !matches!(
            first.to_ascii_lowercase().as_str(),
            "learn" | "assume" | "reject" | "rejected"
        )
        && !names_a_compound(first, words.next())
        && !choice_still_to_make(kind, first, text)
    {
        return Classification {
            kind,
            matched: Some(first.to_lowercase()),
        };
    }
    Classification {
        kind: LogKind::Session(Section::Experience),
        matched: None,
    }
}

/// Whether `text` is written as a title: every word capitalised but the short words a title
/// leaves small ("Lesson on Scientific Debugging", "Problem Solving for the Web"), with no
/// sentence's end.
fn reads_as_a_title(text: &str) -> bool {
    const SMALL: &[&str] = &[
        "a", "an", "the", "of", "on", "in", "to", "for", "and", "or", "with", "at", "by", "vs",
        "from", "into", "as",
    ];
    !text.ends_with(['.', '!', ';', ':'])
        && text.split_whitespace().all(|word| {
            word.starts_with(|c: char| c.is_uppercase())
                || SMALL.contains(&word.to_lowercase().as_str())
        })
}

/// Whether a line that opens with a decision word says the choice is still to be made: an
/// order to make it ("Decide on Postgres / MySQL"), a decision pending, scheduled or
/// needed ("Decision on the path forward scheduled for the 14th"), or only its topic
/// ("Decision on compiler/platform support", with nothing after a colon or a dash to say
/// what was chosen). Stored as a decision, it would tell the next reader that something was
/// chosen.
fn choice_still_to_make(kind: LogKind, first: &str, text: &str) -> bool {
    if kind != LogKind::Memory(EntryType::Decision) {
        return false;
    }
    let first = first
        .trim_end_matches([',', '.', ';', '!'])
        .to_ascii_lowercase();
    let topic_only = text.split_whitespace().nth(1).is_some_and(|w| {
        matches!(
            w.to_ascii_lowercase().as_str(),
            "on" | "about" | "regarding" | "re" | "around"
        )
    }) && !text.contains([':', '\u{2014}', '='])
        && !text.contains(" - ");
    first == "decide"
        || (matches!(first.as_str(), "decision" | "decisions") && topic_only)
        || (matches!(first.as_str(), "decision" | "decisions")
            && text.split(|c: char| !c.is_alphanumeric()).any(|w| {
                matches!(
                    w.to_ascii_lowercase().as_str(),
                    "pending"
                        | "scheduled"
                        | "needed"
                        | "required"
                        | "tbd"
                        | "later"
                        | "open"
                        | "outstanding"
                        | "due"
                )
            }))
}

/// Whether a leading type word is the first noun of a compound ("Decision aids", "Problem
/// statement", "Bug bounty"): a noun (`decision`, not `decided`) followed by a word that is
/// not a preposition, a conjunction or an article.
fn names_a_compound(first: &str, next: Option<&str>) -> bool {
    // Not "learning": as a verb it starts a learning ("Learning Rust lifetimes the hard way").
    const NOUNS: &[&str] = &[
        "decision",
        "decisions",
        "learnings",
        "lesson",
        "problem",
        "problems",
        "bug",
        "issue",
        "progress",
        "gotcha",
        "gotchas",
        "pitfall",
        "caveat",
    ];
    let Some(next) = next else {
        return false;
    };
    if first.ends_with([',', '.', ';', '!', ':'])
        || !NOUNS.contains(&first.to_ascii_lowercase().as_str())
    {
        return false;
    }
    // Prepositions, conjunctions, articles, verbs and time words: what follows the type
    // word, not a noun it qualifies ("Progress today: importer done").
    const JOINS: &[&str] = &[
        "with",
        "in",
        "on",
        "for",
        "about",
        "when",
        "while",
        "after",
        "at",
        "to",
        "from",
        "of",
        "that",
        "where",
        "is",
        "was",
        "the",
        "a",
        "an",
        "and",
        "but",
        "so",
        "made",
        "taken",
        "today",
        "yesterday",
        "tonight",
        "now",
        "again",
        "here",
        "this",
        "these",
        "since",
        "by",
        "before",
        "during",
    ];
    let next = next
        .trim_end_matches([',', '.', ';', '!', ':'])
        .to_ascii_lowercase();
    !JOINS.contains(&next.as_str())
}

/// The type a message logged as `kind` is written with: the given type, except that a
/// decision whose text the parser reads as a rejection ("we decided against Redis") is
/// kept as a rejection, so it never reads back as a decision for what it ruled out.
pub fn given(kind: LogKind, message: &str) -> LogKind {
    if kind == LogKind::Memory(EntryType::Decision)
        && (crate::parse::declines(message)
            || classify_line(message.trim(), None)
                .is_some_and(|found| found.kind == EntryType::Rejected))
    {
        return LogKind::Memory(EntryType::Rejected);
    }
    kind
}

/// Leading words that already say what a type's label says, and the label that replaces them:
/// "decided to use X" is stored as "decided: use X", never "decided: decided to use X".
/// Longest first; matched case-insensitively as whole words.
fn verb_phrases(kind: EntryType) -> &'static [(&'static str, &'static str)] {
    match kind {
        EntryType::Decision => &[
            ("decided against", "decided against:"),
            // `mind log decision "against X"` is a decision against X, never one for it.
            ("against", "decided against:"),
            ("decided that", "decided:"),
            ("decided to", "decided:"),
            ("decided on", "decided:"),
            ("decided", "decided:"),
            // Verbs whose object is the choice itself: "chose Postgres over MySQL".
            ("chose", "decided:"),
            ("opted for", "decided:"),
            ("settled on", "decided:"),
            ("went with", "decided:"),
        ],
        EntryType::Learning => &[
            ("today i learned that", "learned:"),
            ("today i learned", "learned:"),
            ("til that", "learned:"),
            ("til", "learned:"),
            ("learned that", "learned:"),
            ("learnt that", "learned:"),
            ("learned", "learned:"),
            ("learnt", "learned:"),
        ],
        // Rejections: see [`ruled_out`], which also knows a leading subject ("we ruled out").
        EntryType::Rejected => &[],
        EntryType::Progress => &[("fixed", "fixed:")],
        EntryType::Problem | EntryType::Gotcha => &[],
    }
}

/// A label that rules something out (`rejected:`, `ruled out:`, `tried:`, `decided against:`).
fn is_rejection(kind: LogKind) -> bool {
    matches!(
        kind,
        LogKind::Memory(EntryType::Rejected) | LogKind::Session(Section::Rejected)
    )
}

/// The rest of `text` after `phrase` when `text` starts with it as whole words and more follows.
fn after_phrase<'a>(text: &'a str, phrase: &str) -> Option<&'a str> {
    let head = text.get(..phrase.len())?;
    let rest = &text[phrase.len()..];
    if !head.eq_ignore_ascii_case(phrase) || !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let rest = rest.trim_start();
    (!rest.is_empty()).then_some(rest)
}

/// Why a memory line as `mind log` writes it would not read back as `kind`: the parser's
/// reason ("label with template text", "label with a format slot") and what it reads as,
/// or `None` when it reads back as logged. A line that reads back as nothing is kept in
/// MEMORY.md but never reaches recall, search's types or the context block, so `mind log`
/// says so instead of losing it quietly.
pub fn reads_back_otherwise(
    kind: EntryType,
    line: &str,
) -> Option<(Option<EntryType>, &'static str)> {
    let (classified, reason) = explain_line(line, None);
    let read = classified.map(|c| c.kind);
    // A decision logged as one against something is written `decided against:` on purpose
    // ([`memory_line`]): it reads back as the rejection it is.
    let as_logged =
        read == Some(kind) || (kind == EntryType::Decision && read == Some(EntryType::Rejected));
    (!as_logged).then_some((read, reason))
}

/// The line `mind log` writes to MEMORY.md: exactly one label. A message that starts with
/// this type's label is kept as written; another type's label (`learned:` under
/// `--type decision`) is replaced; leading words that are the label's own verb ("decided to",
/// "fixed", "TIL") become the label, and so do the words of a rejection with their subject
/// ("we decided against X" -> `decided against: X`). No other word is ever dropped.
pub fn memory_line(kind: EntryType, message: &str) -> String {
    if let Some((labelled, end)) = leading_label(message) {
        let rest = message[end..].trim_start();
        // A label with nothing after it ("Sync issue:") names no entry: it is written
        // after the type's own label, so the line reads back as what was logged.
        if labelled == LogKind::Memory(kind) && !rest.is_empty() {
            return message.to_string();
        }
        if !rest.is_empty() {
            // A rejection logged as a decision is a decision against it: `decided:` would
            // turn "rejected: graphql" into a decision for graphql.
            let label = if kind == EntryType::Decision && is_rejection(labelled) {
                EntryType::Rejected.label()
            } else {
                kind.label()
            };
            // `decided: against Redis` read as the rejection it is: `decided against:
            // Redis`, the words that say so once.
            let rest = if label == EntryType::Rejected.label() {
                ruled_out(rest).unwrap_or(rest)
            } else {
                rest
            };
            return format!("{label} {rest}");
        }
    }
    let text = message.trim_start();
    if kind == EntryType::Rejected
        && let Some(rest) = ruled_out(text)
    {
        return format!("{} {rest}", kind.label());
    }
    for (phrase, label) in verb_phrases(kind) {
        if let Some(rest) = after_phrase(text, phrase) {
            return format!("{label} {rest}");
        }
    }
    format!("{} {message}", kind.label())
}

/// The line `mind log` writes for a next step: `Next: TEXT`, read back as where to continue
/// from. A message that already reads as one (`Next: x`, `Next steps: x`) is kept as written;
/// another label is replaced (`--type next "decided: x"` -> `Next: x`).
pub fn next_line(message: &str) -> String {
    if crate::parse::next_step(message).is_some() {
        return message.to_string();
    }
    if let Some((_, end)) = leading_label(message) {
        let rest = message[end..].trim_start();
        if !rest.is_empty() {
            return format!("Next: {rest}");
        }
    }
    format!("Next: {}", message.trim_start())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> &'static str {
        classify(text).kind.name()
    }

    #[test]
    fn word_boundaries_not_substrings() {
        assert_eq!(kind("wrote a helper for the parser"), "experience");
        assert_eq!(kind("retried the upload three times"), "experience");
        assert_eq!(kind("the flaky test is stuck on CI"), "blocker");
    }

    #[test]
    fn cues_pick_types() {
        assert_eq!(kind("tried redis - overkill for this"), "rejected");
        assert_eq!(kind("decided to use JWT because stateless"), "decision");
        assert_eq!(kind("turns out Safari drops the cookie"), "learning");
        assert_eq!(kind("fixed the login redirect"), "progress");
        assert_eq!(kind("upload crashes on large files"), "problem");
        assert_eq!(kind("assuming the API is stable"), "assumption");
        assert_eq!(kind("should we use postgres?"), "experience");
        assert_eq!(kind("we need to decide on a queue"), "experience");
        assert_eq!(kind("we haven't decided yet, it crashes"), "problem");
        // The parser reads a bare failure as a report of a problem.
        assert_eq!(kind("It didn\u{2019}t work with nginx"), "problem");
        assert_eq!(kind("tried mocking time, no luck"), "rejected");
        assert_eq!(kind("we decided against redis - overkill"), "rejected");
        // Ruled out for good: a memory, written as one.
        assert_eq!(kind("we won't use GraphQL"), "rejected");
        assert_eq!(
            memory_line(EntryType::Rejected, "we won't use GraphQL"),
            "decided against: GraphQL"
        );
        assert_eq!(kind("Tooltip flickers on hover in Firefox"), "problem");
    }

    #[test]
    fn a_leading_type_word_names_the_type_unless_it_starts_a_compound() {
        assert_eq!(kind("done with the refactor"), "progress");
        assert_eq!(kind("issue with flaky tests"), "problem");
        assert_eq!(kind("decision: JWT"), "decision");
        // A name for something else: the first noun of a compound.
        assert_eq!(kind("Decision aids"), "experience");
        assert_eq!(kind("Bug bounty payouts went out today"), "experience");
        assert_eq!(kind("Progress today: importer done"), "progress");
        assert_eq!(kind("Learning Rust lifetimes the hard way"), "learning");
        // A plural type word names a list: a title or an introduction, not one entry.
        assert_eq!(
            kind("Gotchas for humans and agents working on the importer."),
            "experience"
        );
        assert_eq!(kind("Decisions made at the kickoff meeting"), "experience");
        assert_eq!(
            kind("Learnings from the first month of the beta"),
            "experience"
        );
        // "progress" ends in an s but is no plural.
        assert_eq!(kind("progress on the importer, half done"), "progress");
        // A verb's plain form opens an instruction.
        assert_eq!(
            kind("Learn from common mistakes to ensure your submission succeeds."),
            "experience"
        );
        // A bare "rejected" opens a noun phrase as often as a ruling-out; the parser does not
        // type it by the word alone, and a label, the author as subject, or a verdict or
        // reason after it still does.
        assert_eq!(
            kind("Rejected uploads go to the quarantine bucket"),
            "experience"
        );
        // With its verdict or reason the parser reads it as ruled out, and so does `log`.
        assert_eq!(kind("Rejected Redis for sessions, overkill"), "rejected");
        assert_eq!(kind("Rejected Redis for the session store"), "experience");
        assert_eq!(kind("rejected: Redis for sessions, overkill"), "rejected");
        assert_eq!(kind("we rejected Redis for sessions, overkill"), "rejected");
    }

    #[test]
    fn labels_win() {
        assert_eq!(kind("learned: tried X and it failed"), "learning");
        assert_eq!(kind("TIL: cargo caches"), "learning");
        assert_eq!(kind("fixed: stuck build"), "progress");
        assert_eq!(kind("**Decided:** use JWT"), "decision");
        assert_eq!(kind("ruled out: redis"), "rejected");
        // A session label with nothing after it notes nothing: the parser reads a label
        // without text as none, and so does `log`.
        assert_eq!(kind("**Blocked:**"), "experience");
        assert_eq!(kind("tried:  "), "experience");
        assert_eq!(kind("**Blocked:** waiting on the API key"), "blocker");
        // Nor does one that says there is nothing: a status field's "none".
        assert_eq!(kind("Blocked: None"), "experience");
        assert_eq!(kind("**Blockers:** n/a"), "experience");
        // A value that names something is one, however short.
        assert_eq!(kind("Blocked: #1234"), "blocker");
        assert_eq!(kind("Blocked: (waiting on infra team)"), "blocker");
        assert_eq!(kind("tried: src/cache/lru.rs"), "rejected");
    }

    #[test]
    fn memory_line_prefixes_once() {
        assert_eq!(
            memory_line(EntryType::Decision, "use JWT"),
            "decided: use JWT"
        );
        assert_eq!(
            memory_line(EntryType::Decision, "decided: use JWT"),
            "decided: use JWT"
        );
        assert_eq!(memory_line(EntryType::Decision, "fixed: x"), "decided: x");
        assert_eq!(
            memory_line(EntryType::Decision, "**Learned:** x"),
            "decided: x"
        );
        assert_eq!(
            memory_line(EntryType::Decision, "Decided to use JWT"),
            "decided: use JWT"
        );
        assert_eq!(
            memory_line(EntryType::Decision, "decided against redis"),
            "decided against: redis"
        );
        assert_eq!(
            memory_line(EntryType::Progress, "fixed the upload"),
            "fixed: the upload"
        );
        assert_eq!(memory_line(EntryType::Learning, "TIL x"), "learned: x");
        assert_eq!(
            memory_line(EntryType::Learning, "learned that x"),
            "learned: x"
        );
        // Only the label's own verb: other words stay.
        assert_eq!(
            memory_line(EntryType::Progress, "fixedness of x"),
            "fixed: fixedness of x"
        );
        assert_eq!(
            memory_line(EntryType::Problem, "issue with flaky tests"),
            "problem: issue with flaky tests"
        );
        assert_eq!(
            memory_line(EntryType::Decision, "decided"),
            "decided: decided"
        );
        assert_eq!(memory_line(EntryType::Progress, "Fixed: x"), "Fixed: x");
    }

    #[test]
    fn a_next_label_is_a_next_step_and_under_another_type_gives_way() {
        assert_eq!(kind("Next: wire the replica into the ETL"), "next");
        assert_eq!(kind("**Next steps:** write the docs"), "next");
        // A sentence that starts with the word is no step.
        assert_eq!(kind("next release drops Python 3.8"), "experience");
        assert_eq!(next_line("Next: wire the ETL"), "Next: wire the ETL");
        assert_eq!(next_line("wire the ETL"), "Next: wire the ETL");
        assert_eq!(next_line("decided: ship it"), "Next: ship it");
        assert_eq!(
            memory_line(EntryType::Progress, "Next: wire the ETL"),
            "fixed: wire the ETL"
        );
        assert!(always_names_type("decision"));
        assert!(!always_names_type("next"));
        assert_eq!(parse_type("next"), Some(LogKind::Next));
    }

    #[test]
    fn aliases() {
        assert_eq!(parse_type("TIL").unwrap().name(), "learning");
        assert_eq!(parse_type("tried").unwrap().name(), "rejected");
        assert!(parse_type("bogus").is_none());
        assert!(is_canonical("Decision"));
        assert!(!is_canonical("decided"));
        assert!(!is_canonical("decisions"));
    }
}
