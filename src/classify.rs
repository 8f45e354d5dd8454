//! Where a `mind log` message goes: explicit types and their aliases, and word-boundary
//! rules for messages logged without a type.

use serde::Serialize;

use crate::parse::EntryType;
use crate::store::session::Section;

/// The destination of a log message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogKind {
    Session(Section),
    Memory(EntryType),
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
blocker (stuck, blocked), assumption (assume, assuming), rejected (tried, reject, failed)";

/// Resolve a type name or alias, case-insensitively.
pub fn parse_type(name: &str) -> Option<LogKind> {
    use EntryType::*;
    use Section::*;
    let kind = match name.trim().to_ascii_lowercase().as_str() {
        "decision" | "decisions" | "decided" | "decide" => LogKind::Memory(Decision),
        "learning" | "learnings" | "learned" | "learnt" | "learn" | "til" | "lesson" => {
            LogKind::Memory(Learning)
        }
        "problem" | "problems" | "bug" | "issue" => LogKind::Memory(Problem),
        "progress" | "fixed" | "fix" | "done" | "resolved" | "shipped" => LogKind::Memory(Progress),
        "gotcha" | "gotchas" | "pitfall" | "caveat" => LogKind::Memory(Gotcha),
        "experience" | "exp" | "xp" | "note" => LogKind::Session(Experience),
        "blocker" | "blockers" | "stuck" | "blocked" => LogKind::Session(Blockers),
        "assumption" | "assumptions" | "assume" | "assuming" => LogKind::Session(Assumptions),
        "rejected" | "reject" | "tried" | "failed" => LogKind::Session(Section::Rejected),
        _ => return None,
    };
    Some(kind)
}

/// The type chosen for an untyped message and the words that chose it.
#[derive(Debug, Clone, PartialEq)]
pub struct Classification {
    pub kind: LogKind,
    /// What matched, for the reply ("matched \"decided\""); `None` for the default.
    pub matched: Option<String>,
}

/// A type decided by a leading label such as `decided:`, `**TIL:**` or `tried:`.
const LABELS: &[(&str, LogKind)] = {
    use EntryType::*;
    use Section::*;
    &[
        ("decided against", LogKind::Memory(EntryType::Rejected)),
        ("decided", LogKind::Memory(Decision)),
        ("decision", LogKind::Memory(Decision)),
        ("chose", LogKind::Memory(Decision)),
        ("learned", LogKind::Memory(Learning)),
        ("learning", LogKind::Memory(Learning)),
        ("til", LogKind::Memory(Learning)),
        ("lesson", LogKind::Memory(Learning)),
        ("insight", LogKind::Memory(Learning)),
        ("fixed", LogKind::Memory(Progress)),
        ("fix", LogKind::Memory(Progress)),
        ("resolved", LogKind::Memory(Progress)),
        ("done", LogKind::Memory(Progress)),
        ("shipped", LogKind::Memory(Progress)),
        ("problem", LogKind::Memory(Problem)),
        ("bug", LogKind::Memory(Problem)),
        ("issue", LogKind::Memory(Problem)),
        ("gotcha", LogKind::Memory(Gotcha)),
        ("pitfall", LogKind::Memory(Gotcha)),
        ("caveat", LogKind::Memory(Gotcha)),
        ("tried", LogKind::Session(Section::Rejected)),
        ("rejected", LogKind::Session(Section::Rejected)),
        ("ruled out", LogKind::Session(Section::Rejected)),
        ("blocked", LogKind::Session(Blockers)),
        ("blocker", LogKind::Session(Blockers)),
        ("stuck", LogKind::Session(Blockers)),
        ("assuming", LogKind::Session(Assumptions)),
        ("assumption", LogKind::Session(Assumptions)),
        ("assume", LogKind::Session(Assumptions)),
        ("experience", LogKind::Session(Experience)),
        ("note", LogKind::Session(Experience)),
    ]
};

/// Cue phrases (whole words), tried in this order; the first rule with a match wins.
/// Plain word matching, not substrings: "helper" is not "help", "retried" is not "tried".
const CUES: &[(LogKind, &[&str])] = {
    use EntryType::*;
    use Section::*;
    &[
        // A rejection made for good is memory, and stays a rejection there.
        (LogKind::Memory(EntryType::Rejected), &["decided against"]),
        (
            LogKind::Session(Section::Rejected),
            &[
                "tried",
                "didn't work",
                "didnt work",
                "did not work",
                "doesn't work",
                "doesnt work",
                "won't work",
                "wont work",
                "ruled out",
                "rejected",
                "abandoned",
                "gave up on",
                "scrapped",
                "discarded",
                "no good",
                "overkill",
                "dead end",
            ],
        ),
        (
            LogKind::Session(Blockers),
            &[
                "stuck",
                "blocked",
                "can't figure",
                "cant figure",
                "cannot figure",
                "don't know how",
                "dont know how",
                "no idea how",
                "no idea why",
                "no idea what",
                "hitting a wall",
                "roadblock",
            ],
        ),
        (
            LogKind::Memory(Decision),
            &[
                "decided",
                "going with",
                "went with",
                "chose",
                "settled on",
                "opted for",
                "we'll use",
                "will use",
                "switched to",
            ],
        ),
        (
            LogKind::Memory(Learning),
            &[
                "learned",
                "learnt",
                "til",
                "turns out",
                "turned out",
                "realized",
                "realised",
                "discovered",
                "found out",
                "lesson",
            ],
        ),
        (
            LogKind::Memory(Progress),
            &["fixed", "resolved", "solved", "shipped", "completed"],
        ),
        (
            LogKind::Memory(Problem),
            &[
                "bug",
                "broken",
                "crash",
                "crashes",
                "crashed",
                "crashing",
                "panic",
                "panics",
                "segfault",
                "segfaults",
                "regression",
                "fails",
                "failing",
            ],
        ),
        (
            LogKind::Session(Assumptions),
            &[
                "assuming",
                "assume",
                "i think",
                "probably",
                "i believe",
                "presumably",
                "guessing",
                "should be",
            ],
        ),
    ]
};

/// Phrases that mention a decision without making one.
const UNDECIDED: &[&str] = &[
    "haven't decided",
    "havent decided",
    "have not decided",
    "not yet decided",
    "need to decide",
    "needs to decide",
    "should we decide",
    "if we decide",
    "might decide",
    "yet to decide",
];

/// Lower-case words (letters, digits, apostrophes) of a text, for phrase matching.
fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .replace(['\u{2019}', '\u{2018}'], "'")
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .map(|w| w.trim_matches('\''))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The first phrase of `phrases` that occurs as whole words in `words`.
fn find_phrase<'a>(words: &[String], phrases: &[&'a str]) -> Option<&'a str> {
    phrases.iter().copied().find(|phrase| {
        let parts: Vec<&str> = phrase.split(' ').collect();
        words
            .windows(parts.len())
            .any(|w| w.iter().zip(&parts).all(|(a, b)| a == b))
    })
}

/// The label a message starts with (`decided:`, `**TIL:**`, `ruled out:`), if it is one we know.
fn leading_label(text: &str) -> Option<(&'static str, LogKind)> {
    let t = text.trim_start().trim_start_matches("**").trim_start();
    let colon = t.find(':')?;
    let name = t[..colon].trim_end_matches("**").trim().to_lowercase();
    LABELS.iter().find(|(label, _)| *label == name).copied()
}

/// Classify a message logged without a type.
pub fn classify(message: &str) -> Classification {
    let text = message.trim();
    if let Some((label, kind)) = leading_label(text) {
        return Classification {
            kind,
            matched: Some(format!("{label}:")),
        };
    }
    // A question records no fact: it is an experience.
    if !text.ends_with('?') {
        let words = words(text);
        let undecided = find_phrase(&words, UNDECIDED).is_some();
        for (kind, phrases) in CUES {
            if undecided && *kind == LogKind::Memory(EntryType::Decision) {
                continue;
            }
            if let Some(phrase) = find_phrase(&words, phrases) {
                return Classification {
                    kind: *kind,
                    matched: Some(phrase.to_string()),
                };
            }
        }
    }
    Classification {
        kind: LogKind::Session(Section::Experience),
        matched: None,
    }
}

/// The line `mind log` writes to MEMORY.md: the type's label unless the message already
/// starts with a label of that same type.
pub fn memory_line(kind: EntryType, message: &str) -> String {
    let rejection_phrase = kind == EntryType::Rejected
        && message
            .trim_start()
            .to_ascii_lowercase()
            .starts_with("decided against ");
    match leading_label(message) {
        _ if rejection_phrase => message.to_string(),
        Some((_, labelled)) if labelled == LogKind::Memory(kind) => message.to_string(),
        _ => format!("{} {message}", kind.label()),
    }
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
        assert_eq!(kind("It didn\u{2019}t work with nginx"), "rejected");
    }

    #[test]
    fn labels_win() {
        assert_eq!(kind("learned: tried X and it failed"), "learning");
        assert_eq!(kind("TIL: cargo caches"), "learning");
        assert_eq!(kind("fixed: stuck build"), "progress");
        assert_eq!(kind("**Decided:** use JWT"), "decision");
        assert_eq!(kind("ruled out: redis"), "rejected");
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
        assert_eq!(
            memory_line(EntryType::Decision, "fixed: x"),
            "decided: fixed: x"
        );
        assert_eq!(memory_line(EntryType::Progress, "Fixed: x"), "Fixed: x");
    }

    #[test]
    fn aliases() {
        assert_eq!(parse_type("TIL").unwrap().name(), "learning");
        assert_eq!(parse_type("tried").unwrap().name(), "rejected");
        assert!(parse_type("bogus").is_none());
    }
}
