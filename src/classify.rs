//! Where a `mind log` message goes: explicit types and their aliases, and word-boundary
//! rules for messages logged without a type.

use std::sync::LazyLock;

use regex::Regex;
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
        "rejected" | "reject" | "tried" | "failed" => LogKind::Session(Rejected),
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

struct Rule {
    kind: LogKind,
    pattern: Regex,
}

fn rule(kind: LogKind, pattern: &str) -> Rule {
    Rule {
        kind,
        pattern: Regex::new(&format!("(?i){pattern}")).expect("static pattern"),
    }
}

/// Leading labels (`decided:`, `TIL:`, `tried:` ...) decide before any cue word.
static LABELS: LazyLock<Vec<Rule>> = LazyLock::new(|| {
    use EntryType::*;
    use Section::*;
    vec![
        rule(
            LogKind::Memory(Decision),
            r"^(?:\*\*)?(?:decided(?: against)?|decision|chose)(?:\*\*)?\s*:",
        ),
        rule(
            LogKind::Memory(Learning),
            r"^(?:\*\*)?(?:learned|learning|til|lesson|insight)(?:\*\*)?\s*:",
        ),
        rule(
            LogKind::Memory(Progress),
            r"^(?:\*\*)?(?:fixed|fix|resolved|done|shipped)(?:\*\*)?\s*:",
        ),
        rule(
            LogKind::Memory(Problem),
            r"^(?:\*\*)?(?:problem|bug|issue)(?:\*\*)?\s*:",
        ),
        rule(
            LogKind::Memory(Gotcha),
            r"^(?:\*\*)?(?:gotcha|pitfall|caveat)(?:\*\*)?\s*:",
        ),
        rule(
            LogKind::Session(Rejected),
            r"^(?:tried|rejected|ruled out)\s*:",
        ),
        rule(
            LogKind::Session(Blockers),
            r"^(?:blocked|blocker|stuck)\s*:",
        ),
        rule(
            LogKind::Session(Assumptions),
            r"^(?:assuming|assumption|assume)\s*:",
        ),
        rule(LogKind::Session(Experience), r"^(?:experience|note)\s*:"),
    ]
});

/// Cue words, tried in order; the first rule with a match wins.
static CUES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
    use EntryType::*;
    use Section::*;
    vec![
        rule(
            LogKind::Session(Rejected),
            r"\b(?:tried|didn'?t work|did not work|doesn'?t work|won'?t work|ruled out|rejected|abandoned|gave up on|scrapped|discarded|no good|overkill|dead end)\b",
        ),
        rule(
            LogKind::Session(Blockers),
            r"\b(?:stuck|blocked|can'?t figure|cannot figure|don'?t know how|no idea (?:how|why|what)|hitting a wall|roadblock)\b",
        ),
        rule(
            LogKind::Memory(Decision),
            r"\b(?:decided|going with|went with|chose|settled on|opted for|we'?ll use|will use|switched to)\b",
        ),
        rule(
            LogKind::Memory(Learning),
            r"\b(?:learned|learnt|til|turns out|turned out|realized|realised|discovered|found out|lesson)\b",
        ),
        rule(
            LogKind::Memory(Progress),
            r"\b(?:fixed|resolved|solved|shipped|completed)\b",
        ),
        rule(
            LogKind::Memory(Problem),
            r"\b(?:bug|broken|crash(?:es|ed|ing)?|panics?|segfaults?|regression|fails|failing)\b",
        ),
        rule(
            LogKind::Session(Assumptions),
            r"\b(?:assuming|assume|i think|probably|i believe|presumably|guessing|should be)\b",
        ),
    ]
});

/// Phrases that mention a decision without making one.
static UNDECIDED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:haven'?t|have not|not yet|need to|needs to|should we|if we|might|yet to) decide",
    )
    .expect("static pattern")
});

/// Classify a message logged without a type.
pub fn classify(message: &str) -> Classification {
    let text = message.trim();
    for rule in LABELS.iter() {
        if let Some(m) = rule.pattern.find(text) {
            return Classification {
                kind: rule.kind,
                matched: Some(m.as_str().trim().to_string()),
            };
        }
    }
    // A question records no fact: it is an experience.
    if !text.ends_with('?') {
        for rule in CUES.iter() {
            if rule.kind == LogKind::Memory(EntryType::Decision) && UNDECIDED.is_match(text) {
                continue;
            }
            if let Some(m) = rule.pattern.find(text) {
                return Classification {
                    kind: rule.kind,
                    matched: Some(m.as_str().to_string()),
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
    let starts_with_own_label = LABELS
        .iter()
        .any(|rule| rule.kind == LogKind::Memory(kind) && rule.pattern.is_match(message));
    if starts_with_own_label {
        message.to_string()
    } else {
        format!("{} {message}", kind.label())
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
    }

    #[test]
    fn labels_win() {
        assert_eq!(kind("learned: tried X and it failed"), "learning");
        assert_eq!(kind("TIL: cargo caches"), "learning");
        assert_eq!(kind("fixed: stuck build"), "progress");
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
