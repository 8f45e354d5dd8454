//! Comments edited where they stand: the harvested memory of a `MEMORY:` comment whose place
//! (file and line) now holds another comment memory of the same type is replaced by it. Read
//! by `mind checkpoint` (over MEMORY.md) and the post-commit hook (over the commit store), so
//! "tokens live 15 minutes", edited to "5 minutes", is no longer shown as a current decision
//! beside the new one whichever way the edit was harvested.

use std::collections::{BTreeMap, HashMap};

use super::{Candidate, dedupe, rules};
use crate::parse::{EntryType, classify_line};
use crate::rank::corpus::SUPERSEDED;

/// The place a provenance names, without its commit: `src/a.rs:1` of `src/a.rs:1, commit
/// 1a2b3c4`; `None` for a commit's message (`commit 1a2b3c4`).
pub fn place(provenance: &str) -> Option<&str> {
    if provenance.starts_with("commit ") {
        return None;
    }
    Some(match provenance.rsplit_once(", commit ") {
        Some((place, _)) => place,
        None => provenance,
    })
}

/// The lines of `text` (MEMORY.md or the commit store) that comments edited in place
/// replace, by 1-based number, each as written (trimmed): a line not yet superseded whose provenance names the place of one of `current`
/// (comment memories found now), of the same type but another memory, and of which `gone`
/// says its own comment is no longer there. A line logged by hand is for `gone` to refuse.
pub fn replaced(
    text: &str,
    current: &[Candidate],
    mut gone: impl FnMut(&str, &str) -> bool,
) -> BTreeMap<usize, String> {
    let mut places: HashMap<&str, Vec<(EntryType, String)>> = HashMap::new();
    for c in current {
        if let Some(p) = place(&c.provenance) {
            places
                .entry(p)
                .or_default()
                .push((c.kind, dedupe::key(&c.text)));
        }
    }
    let mut out = BTreeMap::new();
    if places.is_empty() {
        return out;
    }
    for (index, line) in text.lines().enumerate() {
        // Only a line that ends with a provenance can name a place: most lines stop here.
        if !line.trim_end().ends_with(')') || line.contains(SUPERSEDED) {
            continue;
        }
        let Some((_, provenance)) = rules::split_provenance(line) else {
            continue;
        };
        let Some((here, at)) = place(provenance).and_then(|p| Some((places.get(p)?, p))) else {
            continue;
        };
        let Some(kind) = classify_line(line.trim(), None).map(|c| c.kind) else {
            continue;
        };
        let key = dedupe::key(line);
        if here.iter().any(|(k, new)| *k == kind && *new != key) && gone(line, at) {
            out.insert(index + 1, line.trim().to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(text: &str, provenance: &str) -> Candidate {
        Candidate {
            kind: EntryType::Decision,
            text: text.into(),
            provenance: provenance.into(),
            date: chrono::NaiveDate::from_ymd_opt(2026, 3, 3).unwrap(),
        }
    }

    #[test]
    fn places_without_their_commit() {
        assert_eq!(place("src/a.rs:1, commit 1a2b3c4"), Some("src/a.rs:1"));
        assert_eq!(place("src/a.rs:1"), Some("src/a.rs:1"));
        assert_eq!(place("\"my notes.rs\":3"), Some("\"my notes.rs\":3"));
        assert_eq!(place("commit 1a2b3c4"), None);
    }

    #[test]
    fn a_memory_at_the_same_place_of_the_same_type_is_replaced_when_gone() {
        let text = "# m\n\ndecided: tokens live 15 min (a.rs:1)\n\
                    gotcha: never log tokens (a.rs:1)\n\
                    decided: tokens live 15 min (b.rs:1)\n\
                    [superseded] decided: tokens live 30 min (a.rs:1, commit 1a2b3c4)\n\
                    decided: tokens live 5 min (a.rs:1)\n";
        let now = [candidate(
            "decided: tokens live 5 min",
            "a.rs:1, commit 2b3c4d5",
        )];
        assert_eq!(
            replaced(text, &now, |_, _| true),
            BTreeMap::from([(3, "decided: tokens live 15 min (a.rs:1)".to_string())])
        );
        assert!(replaced(text, &now, |_, _| false).is_empty());
        let elsewhere = [candidate("decided: tokens live 5 min", "a.rs:2")];
        assert!(replaced(text, &elsewhere, |_, _| true).is_empty());
    }
}
