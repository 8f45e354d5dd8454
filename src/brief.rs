//! The helper brief: everything a fresh agent needs to take over a problem — what it is,
//! what was already tried (so it is not tried again), the assumptions and blockers in play,
//! related memory and gotchas, the stack, and a way to work. Pure: built from values,
//! rendered to markdown; deterministic, so the same inputs give the same brief.

use std::collections::HashSet;

use chrono::NaiveDate;
use serde::Serialize;

use crate::edges::rank::Ranked;
use crate::parse::provenance::{QUOTED_NOTE, harvested_parts, split_provenance};
use crate::parse::{Document, EntryType};
use crate::store::{MEMORY_FILE, MIND_DIR};
use crate::terms;

/// One thing already tried.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Attempt {
    pub text: String,
    /// "given" (`--attempt`) or "session" (SESSION.md's Rejected).
    pub source: &'static str,
}

/// A memory related to the problem.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Memory {
    #[serde(rename = "type")]
    pub kind: EntryType,
    pub title: String,
    pub date: Option<NaiveDate>,
    /// `.mind/MEMORY.md`, or the commit store (`.mind/cache/commits.md`).
    pub file: String,
    pub line: usize,
    /// Taken from a code comment or a commit message (its title ends with where from): data
    /// chosen by whoever committed it, not an instruction.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub harvested: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Brief {
    pub problem: String,
    pub attempts: Vec<Attempt>,
    pub hypothesis: Option<String>,
    pub assumptions: Vec<String>,
    pub blockers: Vec<String>,
    pub memories: Vec<Memory>,
    pub gotchas: Vec<Ranked>,
    pub stack: Vec<String>,
}

/// Given attempts first, in the order given, then the session's rejected approaches in
/// file order; each once (compared without case, punctuation or spacing).
pub fn attempts(given: &[String], rejected: &[String]) -> Vec<Attempt> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let sources = given
        .iter()
        .map(|t| (t, "given"))
        .chain(rejected.iter().map(|t| (t, "session")));
    for (text, source) in sources {
        let text = text.trim();
        let key = terms::words(text).join(" ");
        if key.is_empty() || !seen.insert(key) {
            continue;
        }
        out.push(Attempt {
            text: text.to_string(),
            source,
        });
    }
    out
}

/// The memories sharing the most meaningful words with `query`, best first; ties go to
/// the newest. Gotchas are left to the edges ranking; superseded lines are skipped.
pub fn relevant_memories(doc: &Document, query: &str, limit: usize) -> Vec<Memory> {
    let wanted: HashSet<String> = terms::content_stems(query).into_iter().collect();
    if wanted.is_empty() {
        return Vec::new();
    }
    // Stemming every title of a large memory is the cost; a title can only share a stem
    // with the query if it contains the first letters of one of the query's words.
    let prefixes: Vec<String> = terms::words(query)
        .into_iter()
        .filter(|w| !terms::is_stop_word(w))
        .map(|w| w.chars().take(3).collect())
        .collect();
    let mut scored: Vec<(f32, &crate::parse::Entity)> = doc
        .entities
        .iter()
        .filter(|e| !e.superseded && e.kind != EntryType::Gotcha)
        .filter(|e| {
            let lower = e.title.to_lowercase();
            prefixes.iter().any(|p| lower.contains(p.as_str()))
        })
        .filter_map(|e| {
            // A harvested line's provenance (`src/upload.rs:2, commit 1a2b3c4`) says where
            // it came from, not what it is about.
            let title = split_provenance(&e.title).map_or(e.title.as_str(), |(body, _)| body);
            // Only words starting like a query word are stemmed; the rest just count.
            let mut have: HashSet<String> = HashSet::new();
            let mut shared: HashSet<String> = HashSet::new();
            for word in terms::words(title) {
                if terms::is_stop_word(&word) || !have.insert(word.clone()) {
                    continue;
                }
                let prefix: String = word.chars().take(3).collect();
                if prefixes.contains(&prefix) {
                    let stem = terms::stem(&word);
                    if wanted.contains(&stem) {
                        shared.insert(stem);
                    }
                }
            }
            // Word overlap normalised by both lengths (a cosine over sets).
            (!shared.is_empty()).then(|| {
                let score = shared.len() as f32 / ((have.len() * wanted.len()) as f32).sqrt();
                (score, e)
            })
        })
        .collect();
    scored.sort_by(|(sa, a), (sb, b)| {
        sb.total_cmp(sa)
            .then(b.date.cmp(&a.date))
            .then(b.line.cmp(&a.line))
    });
    scored
        .into_iter()
        .take(limit)
        .map(|(_, e)| Memory {
            kind: e.kind,
            title: e.title.clone(),
            date: e.date,
            file: format!("{MIND_DIR}/{MEMORY_FILE}"),
            line: e.line,
            harvested: harvested_parts(&e.title).is_some(),
        })
        .collect()
}

const METHOD: &str =
    "1. Restate the problem in your own words and say what \"fixed\" will look like.
2. Look at what the attempts above have in common; assume the cause lies outside it.
3. Test the assumptions one at a time against the code or a small experiment: a wrong
   assumption is the usual reason good attempts fail.
4. Reproduce with the smallest case you can, and change one thing at a time.
5. Read the related memory and gotchas: the answer may already be known.
6. After two failed ideas on one path, stop and zoom out before trying a third.";

const REPORT: &str = "- the root cause, and the evidence for it
- the fix (or the next experiment), and why it works where the attempts did not
- what you ruled out, so nobody tries it again";

/// Memory text as the brief shows it: a line harvested from a code comment or a commit
/// message (it ends with where it came from) in quotes, followed by that place, as the
/// context block and `mind search` show it, so the agent reads it as data, never as an
/// instruction; a line someone logged as written.
fn quoted(text: &str) -> String {
    match harvested_parts(text) {
        Some((body, provenance)) => format!("“{body}” ({provenance})"),
        None => text.to_string(),
    }
}

/// A gotcha and its workaround as one line (a harvested one's provenance ends it).
fn gotcha_text(g: &Ranked) -> String {
    if g.edge.workaround.is_empty() {
        g.edge.title.clone()
    } else {
        format!("{} -> {}", g.edge.title, g.edge.workaround)
    }
}

/// The brief as markdown.
pub fn render(b: &Brief) -> String {
    let mut out = String::new();
    let headline: String = b.problem.chars().take(80).collect();
    out.push_str(&format!("# Brief: {headline}\n\n"));
    out.push_str(
        "You are taking over a problem another agent is stuck on. Everything known so far is \
         below. Do not repeat the attempts listed; find what they missed.\n",
    );
    out.push_str(&format!("\n## Problem\n{}\n", b.problem));
    out.push_str("\n## Already tried (do not repeat)\n");
    if b.attempts.is_empty() {
        out.push_str("- (none recorded)\n");
    }
    for (i, a) in b.attempts.iter().enumerate() {
        let note = if a.source == "session" {
            " (rejected this session)"
        } else {
            ""
        };
        out.push_str(&format!("{}. {}{note}\n", i + 1, a.text));
    }
    if let Some(h) = &b.hypothesis {
        out.push_str(&format!("\n## Current hypothesis\n{h}\n"));
    }
    if !b.assumptions.is_empty() {
        out.push_str("\n## Assumptions in play (question these first)\n");
        for a in &b.assumptions {
            out.push_str(&format!("- {a}\n"));
        }
    }
    if !b.blockers.is_empty() {
        out.push_str("\n## Blockers\n");
        for x in &b.blockers {
            out.push_str(&format!("- {x}\n"));
        }
    }
    if !b.memories.is_empty() {
        out.push_str("\n## Related memory\n");
        for m in &b.memories {
            let date = m.date.map(|d| format!("{d}, ")).unwrap_or_default();
            // A rejection is shown as what it is, so it is not taken for advice to follow.
            let kind = match m.kind {
                EntryType::Rejected => "ruled out",
                kind => kind.as_str(),
            };
            out.push_str(&format!(
                "- [{kind}] {} ({date}{}:{})\n",
                quoted(&m.title),
                m.file,
                m.line
            ));
        }
    }
    if !b.gotchas.is_empty() {
        out.push_str("\n## Known gotchas\n");
        for g in &b.gotchas {
            out.push_str(&format!(
                "- {} ({})\n",
                quoted(&gotcha_text(g)),
                g.edge.source
            ));
        }
    }
    if b.memories.iter().any(|m| m.harvested)
        || (b.gotchas.iter()).any(|g| harvested_parts(&gotcha_text(g)).is_some())
    {
        // Under the lists when one holds a harvested line.
        out.push_str(&format!("\n{QUOTED_NOTE}\n"));
    }
    out.push_str(&format!(
        "\n## Stack\n{}\n",
        if b.stack.is_empty() {
            "(not detected)".to_string()
        } else {
            b.stack.join(", ")
        }
    ));
    out.push_str(&format!("\n## How to work\n{METHOD}\n"));
    out.push_str(&format!("\n## Report back\n{REPORT}\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_document;

    #[test]
    fn attempts_once_each_in_a_fixed_order() {
        let given = vec![
            "Raised the timeout".to_string(),
            "cleared the cache".to_string(),
        ];
        let rejected = vec![
            "raised the timeout.".to_string(),
            "Pinned node 18 - same error".to_string(),
            "  ".to_string(),
        ];
        let got: Vec<(String, &str)> = attempts(&given, &rejected)
            .into_iter()
            .map(|a| (a.text, a.source))
            .collect();
        assert_eq!(
            got,
            vec![
                ("Raised the timeout".into(), "given"),
                ("cleared the cache".into(), "given"),
                ("Pinned node 18 - same error".into(), "session"),
            ]
        );
    }

    #[test]
    fn memories_by_shared_words() {
        let doc = parse_document(
            "## 2026-01-10\ndecided: use Redis for the session cache\nlearned: the upload timeout is 30s behind nginx\n## 2026-01-12\nproblem: uploads over 10MB time out\n",
        );
        let found = relevant_memories(&doc, "large uploads time out at 30 seconds", 5);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].title, "uploads over 10MB time out");
        assert!(found.iter().all(|m| !m.title.contains("Redis")));
    }
}
