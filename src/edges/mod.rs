//! Edges: gotchas worth knowing before doing something. Project gotchas live in MEMORY.md
//! (`## Gotchas` bullets and `gotcha:` lines, see [`project_gotchas`]); global edges, shared by
//! every project, in `$MIND_HOME/global_edges.json` (the Python Mind's schema, see
//! [`global_edges`]). [`rank`] orders them for an intent, a code snippet and a stack.

pub mod global_edges;
pub mod project_gotchas;
pub mod rank;

use serde::Serialize;

/// One gotcha, whichever file it came from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Edge {
    /// The global edge's id; empty for project gotchas.
    pub id: String,
    pub title: String,
    pub description: String,
    pub workaround: String,
    /// "info", "warning" or "critical".
    pub severity: String,
    /// "project" (MEMORY.md), "commits" (the commit store) or "global".
    pub source: &'static str,
    /// The 1-based line of a project gotcha in MEMORY.md (in the commit store for "commits").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stack_tags: Vec<String>,
    /// `detection.intent`: phrases whose mention surfaces the edge.
    #[serde(skip)]
    pub intent_patterns: Vec<String>,
    /// `detection.code`: code fragments whose presence surfaces the edge.
    #[serde(skip)]
    pub code_patterns: Vec<String>,
}

/// Split `title -> workaround` on the first `->`, `→` or ` -- ` (the Python Mind's rule).
pub fn split_workaround(text: &str) -> (String, String) {
    let cut = ["->", "→", " -- "]
        .iter()
        .filter_map(|sep| text.find(sep).map(|i| (i, sep.len())))
        .min();
    match cut {
        Some((i, len)) => (
            text[..i].trim().to_string(),
            text[i + len..].trim().to_string(),
        ),
        None => (text.trim().to_string(), String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_on_the_first_arrow() {
        assert_eq!(
            split_workaround("Safari ITP -> use same domain -> really"),
            ("Safari ITP".into(), "use same domain -> really".into())
        );
        assert_eq!(split_workaround("a → b"), ("a".into(), "b".into()));
        assert_eq!(split_workaround("a -- b"), ("a".into(), "b".into()));
        assert_eq!(
            split_workaround("plain - text"),
            ("plain - text".into(), "".into())
        );
    }
}
