//! Ranking gotchas for what is about to happen. Three signals, each explained in the reply:
//! - intent: the edge's `detection.intent` phrases, or the words of its title, description
//!   and workaround, against the intent's words — whole words, stemmed, stop words ignored
//!   (so "a" or "to" never match, unlike the Python Mind's substring test);
//! - code: the edge's `detection.code` fragments found in the snippet (or, for edges without
//!   them, identifiers of the snippet among the edge's words);
//! - stack: the edge's stack tags against the project's stack (project gotchas belong to
//!   this project's stack by definition).
//!
//! An edge needs an intent or code match to be listed; the stack only raises or lowers it.
//! An edge without code patterns is simply not matched on code (the Python Mind crashes).

use std::collections::HashSet;

use serde::Serialize;

use super::Edge;
use crate::stack;
use crate::terms;

/// What to rank against.
pub struct Query<'a> {
    pub intent: &'a str,
    pub code: Option<&'a str>,
    pub stack: &'a [String],
}

/// Why an edge matched.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Matched {
    /// Intent phrases or words that matched.
    pub intent: Vec<String>,
    /// Code patterns (or identifiers) found in the snippet.
    pub code: Vec<String>,
    /// Stack tags shared with the project.
    pub stack: Vec<String>,
}

/// An edge with its confidence (0–1) and what matched.
#[derive(Debug, Clone, Serialize)]
pub struct Ranked {
    #[serde(flatten)]
    pub edge: Edge,
    pub confidence: f32,
    pub matched: Matched,
}

const INTENT_WEIGHT: f32 = 0.6;
const CODE_WEIGHT: f32 = 0.25;
const STACK_WEIGHT: f32 = 0.15;

/// The matching edges, best first (confidence, then how many of the intent's words each
/// holds, severity, project before global, title).
pub fn rank(edges: &[Edge], query: &Query<'_>) -> Vec<Ranked> {
    let intent_words = intent_words(query.intent);
    let intent_stems: Vec<String> = terms::content_stems(query.intent);
    let project_stack = stack::expand(query.stack);
    // Stemming every word of every edge is the cost; a word can only share a stem with the
    // intent or the code if it starts with the same letters as one of their words.
    let prefixes: HashSet<String> = terms::words(&format!(
        "{} {}",
        query.intent,
        query.code.unwrap_or_default()
    ))
    .into_iter()
    .filter(|w| !terms::is_stop_word(w))
    .map(|w| prefix(&w))
    .collect();
    let relevant = |w: &String| !terms::is_stop_word(w) && prefixes.contains(&prefix(w));
    // Each edge with how many of the intent's words it holds: the confidence saturates
    // at three words, so among equals the edge holding more of the intent comes first.
    let mut out: Vec<(Ranked, usize)> = edges
        .iter()
        .filter_map(|edge| {
            let edge_terms: HashSet<String> = [
                edge.title.as_str(),
                &edge.description,
                &edge.workaround,
                &edge.intent_patterns.join(" "),
            ]
            .iter()
            .flat_map(|t| terms::words(t))
            .filter(relevant)
            .map(|w| terms::stem(&w))
            .collect();
            let mut matched = Matched::default();

            let phrases: Vec<String> = edge
                .intent_patterns
                .iter()
                .filter(|p| {
                    let words = terms::words(p);
                    words.iter().any(|w| !terms::is_stop_word(w))
                        && words.iter().all(|w| terms::is_stop_word(w) || relevant(w))
                        && terms::contains_phrase(&intent_stems, &terms::content_stems(p))
                })
                .cloned()
                .collect();
            let hits: Vec<&(String, String)> = intent_words
                .iter()
                .filter(|(_, stem)| edge_terms.contains(stem))
                .collect();
            let intent_hits = hits.len();
            let intent_score = if !phrases.is_empty() {
                matched.intent = phrases;
                1.0
            } else {
                matched.intent = hits.iter().map(|(w, _)| w.clone()).collect();
                // Three matching words make a full match, so a long intent is not penalised.
                let wanted = intent_words.len().clamp(1, 3);
                (hits.len() as f32 / wanted as f32).min(1.0)
            };

            let code_score = match query.code {
                Some(code) if !code.trim().is_empty() => {
                    let lower = code.to_lowercase();
                    let found: Vec<String> = edge
                        .code_patterns
                        .iter()
                        .filter(|p| lower.contains(&p.to_lowercase()))
                        .cloned()
                        .collect();
                    if !found.is_empty() {
                        matched.code = found;
                        1.0
                    } else {
                        let mut seen = HashSet::new();
                        matched.code = terms::words(code)
                            .into_iter()
                            .filter(|w| !terms::is_stop_word(w) && w.len() > 2)
                            .filter(|w| edge_terms.contains(&terms::stem(w)))
                            .filter(|w| seen.insert(w.clone()))
                            .collect();
                        if matched.code.is_empty() { 0.0 } else { 0.5 }
                    }
                }
                _ => 0.0,
            };

            if intent_score == 0.0 && code_score == 0.0 {
                return None;
            }

            let stack_score = if edge.source == "project" {
                let words: HashSet<String> =
                    terms::words(&format!("{} {}", edge.title, edge.workaround))
                        .into_iter()
                        .collect();
                matched.stack = project_stack
                    .iter()
                    .filter(|t| words.contains(*t))
                    .cloned()
                    .collect();
                1.0
            } else if edge.stack_tags.is_empty() {
                0.5
            } else {
                // A tag matches what the project's stack implies: a `react` edge applies to a
                // Next.js project, a `nextjs` edge not to a plain React one.
                matched.stack = edge
                    .stack_tags
                    .iter()
                    .map(|t| stack::normalise(t))
                    .filter(|t| project_stack.contains(t))
                    .collect();
                if matched.stack.is_empty() { 0.0 } else { 1.0 }
            };

            let code_given = query.code.is_some_and(|c| !c.trim().is_empty());
            let raw = INTENT_WEIGHT * intent_score
                + STACK_WEIGHT * stack_score
                + if code_given {
                    CODE_WEIGHT * code_score
                } else {
                    0.0
                };
            let max = INTENT_WEIGHT + STACK_WEIGHT + if code_given { CODE_WEIGHT } else { 0.0 };
            let confidence = ((raw / max) * 100.0).round() / 100.0;
            Some((
                Ranked {
                    edge: edge.clone(),
                    confidence,
                    matched,
                },
                intent_hits,
            ))
        })
        .collect();
    out.sort_by(|(a, a_hits), (b, b_hits)| {
        b.confidence
            .total_cmp(&a.confidence)
            .then(b_hits.cmp(a_hits))
            .then(severity_rank(&b.edge.severity).cmp(&severity_rank(&a.edge.severity)))
            .then((a.edge.source != "project").cmp(&(b.edge.source != "project")))
            .then(a.edge.title.cmp(&b.edge.title))
    });
    out.into_iter().map(|(ranked, _)| ranked).collect()
}

/// The first three letters of a word: words sharing a stem share them (English stemming
/// only rewrites endings).
fn prefix(word: &str) -> String {
    word.chars().take(3).collect()
}

/// The intent's meaningful words as written (lower case) with their stems, once each.
pub fn intent_words(intent: &str) -> Vec<(String, String)> {
    let mut seen = HashSet::new();
    terms::words(intent)
        .into_iter()
        .filter(|w| !terms::is_stop_word(w))
        .map(|w| {
            let s = terms::stem(&w);
            (w, s)
        })
        .filter(|(_, s)| seen.insert(s.clone()))
        .collect()
}

fn severity_rank(severity: &str) -> u8 {
    match severity {
        "critical" => 2,
        "warning" => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn global(title: &str, intent: &[&str], code: &[&str], tags: &[&str]) -> Edge {
        Edge {
            id: "x".into(),
            title: title.into(),
            description: String::new(),
            workaround: String::new(),
            severity: "warning".into(),
            source: "global",
            line: None,
            stack_tags: tags.iter().map(|s| s.to_string()).collect(),
            intent_patterns: intent.iter().map(|s| s.to_string()).collect(),
            code_patterns: code.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn stop_words_and_substrings_never_match() {
        let edges = [global(
            "Authorization header dropped on redirect",
            &[],
            &[],
            &[],
        )];
        let q = Query {
            intent: "add a page to the auth flow",
            code: None,
            stack: &[],
        };
        assert!(rank(&edges, &q).is_empty());
    }

    #[test]
    fn intent_phrase_beats_word_overlap_and_stack_matters() {
        let edges = [
            global(
                "Safari ITP blocks cross-domain cookies",
                &["cross-domain cookie"],
                &[],
                &["nextjs"],
            ),
            global("Cookies need SameSite", &[], &[], &["django"]),
            global("Unrelated thing", &[], &[], &[]),
        ];
        let stack = vec!["nextjs".to_string()];
        let q = Query {
            intent: "set a cross-domain cookie for login",
            code: None,
            stack: &stack,
        };
        let r = rank(&edges, &q);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].edge.title, "Safari ITP blocks cross-domain cookies");
        assert_eq!(r[0].confidence, 1.0);
        assert_eq!(r[0].matched.stack, vec!["nextjs"]);
        assert_eq!(r[1].matched.intent, vec!["cookie"]);
        assert!(r[1].confidence < 0.5);
    }

    #[test]
    fn among_full_matches_the_one_holding_more_of_the_intent_comes_first() {
        let edges = [
            global("admin import breaks on empty CSV rows", &[], &[], &[]),
            global("cart import breaks on empty CSV rows", &[], &[], &[]),
            global("billing import breaks on empty CSV rows", &[], &[], &[]),
        ];
        let q = Query {
            intent: "cart CSV import breaks on empty rows",
            code: None,
            stack: &[],
        };
        let r = rank(&edges, &q);
        assert!(r.iter().all(|e| e.confidence == r[0].confidence));
        assert_eq!(r[0].edge.title, "cart import breaks on empty CSV rows");
        assert_eq!(r[1].edge.title, "admin import breaks on empty CSV rows");
    }

    #[test]
    fn code_patterns_match_and_missing_ones_do_not_crash() {
        let edges = [
            global(
                "localStorage throws in Safari private mode",
                &[],
                &["localStorage.setItem"],
                &[],
            ),
            global("No code patterns here", &[], &[], &[]),
        ];
        let q = Query {
            intent: "persist drafts",
            code: Some("window.localStorage.setItem('d', x)"),
            stack: &[],
        };
        let r = rank(&edges, &q);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].matched.code, vec!["localStorage.setItem"]);
        let q = Query {
            intent: "persist drafts",
            code: None,
            stack: &[],
        };
        assert!(rank(&edges, &q).is_empty());
    }
}
