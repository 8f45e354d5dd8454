//! Promotion at a new session: what of SESSION.md is worth keeping in MEMORY.md.
//!
//! Rejected approaches that carry a reason become `decided against: ...`; experiences that
//! carry a tech word, a path, an insight word or an arrow become `learned: ...`. Blockers
//! and assumptions belong to their session and are not kept.

use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use crate::store::session::{Section, Session};

/// One item to promote and the memory line it becomes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Promotion {
    pub from: Section,
    pub item: String,
    pub line: String,
}

static REASON: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\s[-–—]\s|\s--\s|\bbecause\b|\bsince\b|\bdue to\b|:\s")
        .expect("static pattern")
});

static TECH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:safari|chrome|firefox|windows|linux|macos|ios|android|npm|yarn|pnpm|pip|cargo|apt|brew|docker|kubernetes|k8s|react|vue|angular|svelte|node|python|rust|go|java|typescript|httponly|cookies?|localstorage|jwt|oauth|cors|bcrypt|hash|ssl|tls|https?|sql|postgres|sqlite|redis|git|api|webpack|vite|jest)\b",
    )
    .expect("static pattern")
});

static INSIGHT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:realized|realised|learned|learnt|discovered|turns out|gotcha|important|key|critical|always|never|because)\b|->|=>|→",
    )
    .expect("static pattern")
});

static PATH_OR_CODE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[/\\][\w.-]+\.\w+|`[^`]+`").expect("static pattern"));

/// The items of `session` worth promoting, in session order, without duplicates of each
/// other or of lines already in `memory`.
pub fn select(session: &Session, memory: &str) -> Vec<Promotion> {
    let mut seen: HashSet<String> = memory
        .lines()
        .map(normalize)
        .filter(|l| !l.is_empty())
        .collect();
    let mut out = Vec::new();
    let rejected = session
        .rejected
        .iter()
        .filter(|item| REASON.is_match(item))
        .map(|item| {
            (
                Section::Rejected,
                item,
                format!("decided against: {}", strip_label(item)),
            )
        });
    let learned = session
        .experience
        .iter()
        .filter(|item| TECH.is_match(item) || INSIGHT.is_match(item) || PATH_OR_CODE.is_match(item))
        .map(|item| {
            (
                Section::Experience,
                item,
                format!("learned: {}", strip_label(item)),
            )
        });
    for (from, item, line) in rejected.chain(learned) {
        if seen.insert(normalize(&line)) {
            out.push(Promotion {
                from,
                item: item.clone(),
                line,
            });
        }
    }
    out
}

/// Drop a label the item already has, so `learned: x` does not become `learned: learned: x`.
fn strip_label(item: &str) -> &str {
    let lower = item.to_ascii_lowercase();
    for label in ["learned:", "learning:", "til:", "rejected:", "tried:"] {
        if lower.starts_with(label) {
            return item[label.len()..].trim_start();
        }
    }
    item
}

/// A line reduced for duplicate checks: no list marker, lower case, single spaces.
fn normalize(line: &str) -> String {
    let t = line.trim().trim_start_matches(['-', '*', '+']).trim();
    t.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_and_duplicates() {
        let session = Session {
            experience: vec![
                "Safari drops the cookie on redirect".into(),
                "had lunch".into(),
                "edited src/auth.rs".into(),
            ],
            rejected: vec![
                "redis - overkill".into(),
                "memcached".into(),
                "redis - overkill".into(),
            ],
            ..Session::default()
        };
        let lines: Vec<String> = select(&session, "").into_iter().map(|p| p.line).collect();
        assert_eq!(
            lines,
            vec![
                "decided against: redis - overkill",
                "learned: Safari drops the cookie on redirect",
                "learned: edited src/auth.rs",
            ]
        );
        let again = select(&session, "- learned: Safari drops the cookie on redirect\n");
        assert_eq!(again.len(), 2);
    }
}
