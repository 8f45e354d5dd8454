//! De-duplication: a harvested memory is added once, however often it is harvested.
//!
//! Two lines are the same memory when their *keys* are equal: the text reduced to lower
//! case and single spaces, without list markers, emphasis, the type label (`decided:`,
//! `TIL:`, `Memory:` ...), a `KEY:` prefix, `[superseded]` / `[stale?]` marks, wikilinks and
//! the trailing provenance `(src/a.rs:42)` / `(commit 1a2b3c4)`. So a comment that moved to
//! another line or file, a commit amended or rebased with the same message, a decision
//! logged by hand and then written in a commit: each is found already present.
//!
//! The keys come first from MEMORY.md itself (the source of truth) and the commit store
//! (`.mind/cache/commits.md`, see [`super::derived`]), and second from a ledger,
//! `.mind/cache/harvested.tsv`, that records every key ever harvested so that a harvested
//! line deleted by hand is not brought back by the next checkpoint or commit. The ledger is a cache: deleting it only forgets those deletions.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use regex::Regex;

use crate::error::Result;
use crate::store::state::content_hash_u64;
use crate::store::{CACHE_DIR, Project, append, text};

/// Labels dropped from the front of a line before comparing.
const LABELS: &[&str] = &[
    "decided", "decision", "learned", "learnt", "learning", "til", "gotcha", "problem", "issue",
    "bug", "fixed", "progress", "memory", "note",
];

static MARKS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\[superseded\]|\[stale\?\]|\[\[[^\]]*\]\]|\*\*|__").expect("static pattern")
});

/// The comparison key of a memory line.
pub fn key(line: &str) -> String {
    // The regexes run only on lines that can match them; most lines skip both.
    let line = line.trim();
    let text = match super::rules::split_provenance(line) {
        Some((body, _)) => std::borrow::Cow::Borrowed(body),
        None => std::borrow::Cow::Borrowed(line),
    };
    let text = if text.contains(['[', '*', '_']) {
        MARKS.replace_all(&text, "")
    } else {
        std::borrow::Cow::Borrowed(text.as_ref())
    };
    let mut rest = text.trim().trim_start_matches(['-', '*', '+', '>']).trim();
    let mut fix = false;
    for _ in 0..2 {
        let (stripped, label) = strip_label(rest);
        fix |= label.is_some_and(|l| FIX_LABELS.contains(&l.as_str()));
        rest = stripped;
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut key = words.join(" ").to_lowercase();
    while key.ends_with(['.', '!', ';', ',']) {
        key.pop();
    }
    // A fix is not the problem it names: `fixed: uploads stall` in a commit must reach the
    // memory (and resolve `problem: uploads stall`) rather than be dropped as a copy of it.
    if fix && !key.is_empty() {
        key.insert_str(0, "fixed: ");
    }
    key
}

/// Labels that make a line a fix; its key keeps that (see [`key`]).
const FIX_LABELS: &[&str] = &["fixed", "progress"];

/// Bump when [`key`] changes: caches of keys made by another version are rebuilt.
pub const KEY_VERSION: u32 = 2;

/// Drop one leading `label:` (a known type label, `KEY:` or `important:`); the label
/// dropped, in lower case.
fn strip_label(text: &str) -> (&str, Option<String>) {
    let Some((head, rest)) = text.split_once(':') else {
        return (text, None);
    };
    let head = head.trim().to_ascii_lowercase();
    if head == "key" || head == "important" || LABELS.contains(&head.as_str()) {
        (rest.trim_start(), Some(head))
    } else {
        (text, None)
    }
}

/// The hash a key is remembered by (in the ledger and in `kept_keys`' cache).
pub(crate) fn key_hash(key: &str) -> u64 {
    hash(key)
}

fn hash(key: &str) -> u64 {
    // The number content_hash's hex spells (the ledger stores that hex), without the round
    // trip through text.
    content_hash_u64(key.as_bytes())
}

/// The memories already present: keys of MEMORY.md's lines and of the ledger.
#[derive(Debug, Default)]
pub struct Seen {
    keys: HashSet<u64>,
}

impl Seen {
    /// Keys of every non-empty line of MEMORY.md.
    pub fn from_memory(memory: &str) -> Seen {
        let mut seen = Seen::default();
        seen.add_lines(memory);
        seen
    }

    /// Add the keys of every non-empty line of another memory file (the commit store).
    pub fn add_lines(&mut self, text: &str) {
        for line in text.lines() {
            let k = key(line);
            if !k.is_empty() {
                self.keys.insert(hash(&k));
            }
        }
    }

    /// Keys of only those MEMORY.md lines that could equal one of `candidates`: lines
    /// containing a candidate key's longest ASCII word, found in one pass. The same answer
    /// as [`Seen::from_memory`] for these candidates, at a fraction of the cost on a large
    /// memory (the git hook's path).
    pub fn from_memory_for(memory: &str, candidates: &[&str]) -> Seen {
        let mut seen = Seen::default();
        seen.add_lines_for(memory, candidates);
        seen
    }

    /// [`Seen::add_lines`] limited to the lines that could equal one of `candidates`
    /// (see [`Seen::from_memory_for`]).
    pub fn add_lines_for(&mut self, text: &str, candidates: &[&str]) {
        let mut anchors = Vec::new();
        for candidate in candidates {
            let k = key(candidate);
            // A fix's mark is not in the line (`progress:` gives it too).
            let word = k
                .strip_prefix("fixed: ")
                .unwrap_or(&k)
                .split(' ')
                .filter(|w| w.is_ascii())
                .max_by_key(|w| w.len())
                .unwrap_or("");
            if word.is_empty() {
                // Nothing to anchor on (an all non-ASCII text): compare every line.
                return self.add_lines(text);
            }
            anchors.push(word.to_string());
        }
        if anchors.is_empty() {
            return;
        }
        let Ok(finder) = aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(&anchors)
        else {
            return self.add_lines(text);
        };
        let bytes = text.as_bytes();
        let mut next_line = 0;
        for m in finder.find_iter(text) {
            if m.start() < next_line {
                continue;
            }
            let start = memchr::memrchr(b'\n', &bytes[..m.start()]).map_or(0, |i| i + 1);
            let end = memchr::memchr(b'\n', &bytes[m.end()..]).map_or(bytes.len(), |i| m.end() + i);
            next_line = end;
            let k = key(&text[start..end]);
            if !k.is_empty() {
                self.keys.insert(hash(&k));
            }
        }
    }

    /// The keys among `hashes` (MEMORY.md's, cached by [`super::kept_keys`]) of those lines
    /// that could equal one of `candidates`: the same answer as [`Seen::from_memory_for`]
    /// for these candidates.
    pub fn from_hashes_for(hashes: &[u64], candidates: &[&str]) -> Seen {
        // A handful of candidates: comparing each cached hash with them directly beats
        // hashing ten thousand hashes into a set.
        let wanted: Vec<u64> = candidates
            .iter()
            .map(|c| key(c))
            .filter(|k| !k.is_empty())
            .map(|k| hash(&k))
            .collect();
        Seen {
            keys: hashes
                .iter()
                .copied()
                .filter(|h| wanted.contains(h))
                .collect(),
        }
    }

    /// Add the ledger's keys (a missing or unreadable ledger adds nothing).
    pub fn with_ledger(mut self, project: &Project) -> Seen {
        if let Ok(Some(bytes)) = text::read_optional(&ledger_path(project)) {
            for line in text::lossy(&bytes).lines() {
                let hex = line.split('\t').next().unwrap_or("");
                if let Ok(h) = u64::from_str_radix(hex, 16) {
                    self.keys.insert(h);
                }
            }
        }
        self
    }

    /// True when `line` is present (without adding it).
    pub fn contains(&self, line: &str) -> bool {
        let k = key(line);
        !k.is_empty() && self.keys.contains(&hash(&k))
    }

    /// True when `line` is not yet present; it counts as present from now on.
    pub fn insert(&mut self, line: &str) -> bool {
        let k = key(line);
        !k.is_empty() && self.keys.insert(hash(&k))
    }
}

/// `.mind/cache/harvested.tsv`: `key-hash TAB provenance TAB line`, one per harvested memory.
pub fn ledger_path(project: &Project) -> PathBuf {
    project.dir().join(CACHE_DIR).join("harvested.tsv")
}

/// Record harvested lines in the ledger (the caller holds the store lock).
pub fn record(project: &Project, added: &[super::Candidate]) -> Result<()> {
    if added.is_empty() {
        return Ok(());
    }
    let path = ledger_path(project);
    ensure_parent(&path)?;
    let mut bytes = String::new();
    for super::Candidate {
        text: line,
        provenance,
        ..
    } in added
    {
        let k = key(line);
        bytes.push_str(&format!(
            "{:016x}\t{}\t{}\n",
            hash(&k),
            provenance.replace('\t', " "),
            line.replace('\t', " ")
        ));
    }
    if !path.exists() {
        crate::store::atomic::write_atomic(&path, b"")?;
    }
    append::append_bytes(&path, bytes.as_bytes())
}

/// Forget the ledger's lines harvested from commits that no longer stand (`gone`: full
/// commit ids, hex; an amended commit, the commits a revert undoes), except those whose key
/// `kept` holds (said again by the commit that replaced them): the memory was taken back,
/// not deleted by hand, so the same line in a later commit (the change re-applied, the
/// commit cherry-picked back) is harvested again. The caller holds the store lock.
pub fn forget_commits(project: &Project, gone: &[String], kept: &[String]) -> Result<()> {
    let path = ledger_path(project);
    let Some(bytes) = text::read_optional(&path)? else {
        return Ok(());
    };
    let kept: HashSet<u64> = kept.iter().map(|k| hash(k)).collect();
    let ledger = text::lossy(&bytes);
    let mut out = String::with_capacity(ledger.len());
    let mut changed = false;
    for line in ledger.split_inclusive('\n') {
        let mut fields = line.split('\t');
        let hex = fields.next().unwrap_or("");
        let provenance = fields.next().unwrap_or("");
        let from_gone = super::rules::provenance_commit(provenance)
            .is_some_and(|id| gone.iter().any(|g| g.starts_with(id)));
        let key_kept = u64::from_str_radix(hex, 16).is_ok_and(|h| kept.contains(&h));
        if from_gone && !key_kept {
            changed = true;
        } else {
            out.push_str(line);
        }
    }
    if changed {
        crate::store::atomic::write_atomic(&path, out.as_bytes())?;
    }
    Ok(())
}

fn ensure_parent(path: &Path) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| crate::error::Error::io(dir, e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_ignore_provenance_labels_and_form() {
        let a = key("decided: Cache tokens for 5 min. (src/auth.rs:42)");
        assert_eq!(a, "cache tokens for 5 min");
        assert_eq!(
            key("- **Decided:** cache   tokens for 5 min (commit 1a2b3c4)"),
            a
        );
        assert_eq!(
            key("MEMORY: decided: cache tokens for 5 min (src/x.rs:9, commit abcdef0)"),
            a
        );
        assert_eq!(key("KEY: learned: cache tokens for 5 min [stale?]"), a);
        assert_ne!(key("decided: cache tokens for 6 min"), a);
        // A parenthesis that is not provenance stays.
        assert_eq!(key("use X (for now)"), "use x (for now)");
    }

    #[test]
    fn a_fix_is_not_the_problem_it_names() {
        let problem = key("problem: Uploads stall at 90%");
        let fixed = key("fixed: uploads stall at 90% (commit 1a2b3c4)");
        assert_eq!(problem, "uploads stall at 90%");
        assert_eq!(fixed, "fixed: uploads stall at 90%");
        assert_eq!(key("- progress: Uploads stall at 90%."), fixed);
        assert_eq!(key("KEY: fixed: uploads stall at 90%"), fixed);
        assert_eq!(key("bug: uploads stall at 90%"), problem);
        let memory = "## 2026-01-15\nproblem: uploads stall at 90%\nprogress: exports are slow\n";
        let seen = Seen::from_memory_for(memory, &["fixed: uploads stall at 90%"]);
        assert!(!seen.contains("fixed: uploads stall at 90%"));
        let seen = Seen::from_memory_for(memory, &["fixed: exports are slow"]);
        assert!(seen.contains("fixed: exports are slow"));
    }

    #[test]
    fn seen_from_memory() {
        let mut seen = Seen::from_memory("## 2026-01-15\n\ndecided: use X (src/a.rs:1)\n");
        assert!(!seen.insert("decided: use X (src/b.rs:7)"));
        assert!(seen.insert("learned: something else"));
        assert!(!seen.insert("learned: something else"));
        assert!(!seen.insert(""));
    }

    #[test]
    fn seen_for_candidates_agrees_with_the_full_scan() {
        let memory = "# p\n\n## 2026-01-15\n- **Decided:** Cache  tokens for 5 MIN. (src/a.rs:1)\nlearned: other\nübung macht den meister\n";
        let candidates = [
            "decided: cache tokens for 5 min",
            "learned: something new",
            "learned: Übung macht den Meister",
        ];
        let mut fast = Seen::from_memory_for(memory, &candidates);
        let mut full = Seen::from_memory(memory);
        for c in candidates {
            assert_eq!(fast.insert(c), full.insert(c), "{c}");
        }
    }
}
