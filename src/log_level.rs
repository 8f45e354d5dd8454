//! The logging level (`"logging": {"level": ...}` in config.json, the Python Mind's key):
//! which low-value session notes `mind log` skips. Decisions, problems, learnings, progress,
//! gotchas, blockers and rejections are always kept.
//!
//! - `efficient`: an experience without an insight marker is skipped, and so is an obvious
//!   assumption ("assuming it works", shorter than 30 characters).
//! - `balanced`: an experience shorter than 20 characters without an insight marker is skipped.
//! - `detailed` (the default when the key is missing): everything is kept.

use std::sync::LazyLock;

use regex::Regex;

use crate::classify::LogKind;
use crate::store::session_file::Section;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoggingLevel {
    Efficient,
    Balanced,
    Detailed,
}

impl LoggingLevel {
    pub fn as_str(self) -> &'static str {
        match self {
            LoggingLevel::Efficient => "efficient",
            LoggingLevel::Balanced => "balanced",
            LoggingLevel::Detailed => "detailed",
        }
    }

    pub fn parse(name: &str) -> Option<LoggingLevel> {
        match name {
            "efficient" => Some(LoggingLevel::Efficient),
            "balanced" => Some(LoggingLevel::Balanced),
            "detailed" => Some(LoggingLevel::Detailed),
            _ => None,
        }
    }
}

/// Words and shapes that make a short note worth keeping: a finding, a cause, a fix, a file
/// path, code in backticks, a version, a setting, a choice or a comparison.
static INSIGHT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"\b(found|discovered|noticed|realized)\b",
        r"|\b(because|since|due to|caused by)\b",
        r"|\b(workaround|solution|fix|resolved)\b",
        r"|[/\\][\w.-]+\.\w+",
        r"|`",
        r"|\bv?\d+\.\d+",
        r"|\b(config|setting|option|flag)\b",
        r"|\b(chose|decided|going with|using)\b",
        r"|\b(instead of|rather than|over)\b",
    ))
    .expect("static regex")
});

/// Assumptions too obvious to write down at `efficient`.
static OBVIOUS_ASSUMPTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"^assuming (this|it|that) (works?|is|will)",
        r"|^assuming (the )?(api|server|database) (is|will be)",
        r"|^assuming (user|they) (has?|will|can)",
    ))
    .expect("static regex")
});

/// Why a message is not logged at this level, or `None` to log it. The reasons are the
/// Python Mind's, word for word.
pub fn skip_reason(level: LoggingLevel, kind: LogKind, message: &str) -> Option<&'static str> {
    let lower = message.to_lowercase();
    let short = |limit: usize| message.chars().count() < limit;
    match (level, kind) {
        (LoggingLevel::Efficient, LogKind::Session(Section::Experience))
            if !INSIGHT.is_match(&lower) =>
        {
            Some("Skipped in efficient mode (no insight markers)")
        }
        (LoggingLevel::Efficient, LogKind::Session(Section::Assumptions)) => {
            // `mind log assumption "it works"` is the same note as "assuming it works".
            let phrased = if lower.starts_with("assuming ") {
                lower
            } else {
                format!("assuming {lower}")
            };
            (phrased.chars().count() < 30 && OBVIOUS_ASSUMPTION.is_match(&phrased))
                .then_some("Skipped in efficient mode (obvious assumption)")
        }
        (LoggingLevel::Balanced, LogKind::Session(Section::Experience))
            if short(20) && !INSIGHT.is_match(&lower) =>
        {
            Some("Skipped in balanced mode (too short, no insight)")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::EntryType;

    const XP: LogKind = LogKind::Session(Section::Experience);
    const ASSUME: LogKind = LogKind::Session(Section::Assumptions);

    #[test]
    fn balanced_skips_short_plain_experiences_only() {
        let b = LoggingLevel::Balanced;
        assert!(skip_reason(b, XP, "reading code").is_some());
        assert!(skip_reason(b, XP, "reading the auth code now").is_none());
        assert!(skip_reason(b, XP, "saw `npm ci`").is_none());
        assert!(skip_reason(b, XP, "found it").is_none());
        assert!(skip_reason(b, XP, "edit src/a.rs").is_none());
        assert!(skip_reason(b, XP, "on v1.2 now").is_none());
        assert!(skip_reason(b, ASSUME, "assuming it works").is_none());
        assert!(skip_reason(b, LogKind::Memory(EntryType::Decision), "x").is_none());
    }

    #[test]
    fn efficient_skips_plain_experiences_and_obvious_assumptions() {
        let e = LoggingLevel::Efficient;
        assert!(skip_reason(e, XP, "reading the whole auth module today").is_some());
        assert!(skip_reason(e, XP, "slow because of the N+1 query").is_none());
        assert_eq!(
            skip_reason(e, ASSUME, "assuming it works"),
            Some("Skipped in efficient mode (obvious assumption)")
        );
        assert!(skip_reason(e, ASSUME, "the API is stable").is_some());
        assert!(skip_reason(e, ASSUME, "the cache key includes the locale").is_none());
        assert!(skip_reason(e, LogKind::Session(Section::Blockers), "x").is_none());
    }

    #[test]
    fn detailed_keeps_everything() {
        assert!(skip_reason(LoggingLevel::Detailed, XP, "x").is_none());
    }
}
