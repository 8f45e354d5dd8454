//! Staleness: a memory about a file may no longer hold once the file has changed.
//!
//! An entry names files through its provenance (`(src/auth.rs:42)`) or in its text
//! (`src/auth.rs`, `config.toml`). It is *stale* when git shows that one of those files
//! changed on a later day than the entry's date, or when a file its provenance names is
//! gone from the work tree. A memory harvested from a comment in that file still holds while
//! the work-tree file holds the comment word for word: only a change that took it away
//! makes it stale. Words that merely look like file names (`Next.js`) never appear in
//! history, so they never make an entry stale.
//!
//! Cost: entries that name no file cost nothing and open no repository. Otherwise one walk
//! of history, newest first, stopping at the oldest entry's date, comparing only the named
//! paths between each commit and its first parent. The answer is cached in
//! `.mind/cache/stale.json`, keyed by HEAD and by the set of (path, date) questions, so
//! repeated calls with the same HEAD and memory read one small file.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::LazyLock;

use chrono::NaiveDate;
use gix::ObjectId;
use regex::Regex;
use serde::{Deserialize, Serialize};

use crate::capture::commits::{self, Scope, WalkLimits};
use crate::capture::settings::CaptureSettings;
use crate::error::Result;
use crate::parse::{Document, Entity};
use crate::store::{CACHE_DIR, Project, atomic, text};

/// The mark shown after a stale entry.
pub const MARK: &str = "[stale?]";

/// Why an entry is stale.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StaleEntry {
    /// 1-based line in MEMORY.md.
    pub line: usize,
    /// The entry's date.
    pub date: NaiveDate,
    /// The file that changed (project-relative).
    pub path: String,
    /// The day of the last commit that changed it, if history shows one.
    pub changed_on: Option<NaiveDate>,
    /// True when the file no longer exists.
    pub deleted: bool,
    /// The entry as written.
    pub text: String,
}

/// The stale entries of a memory, by line.
#[derive(Debug, Clone, Default)]
pub struct Staleness {
    by_line: BTreeMap<usize, StaleEntry>,
}

impl Staleness {
    /// Whether the entry on this 1-based MEMORY.md line is stale.
    pub fn is_stale(&self, line: usize) -> bool {
        self.by_line.contains_key(&line)
    }

    pub fn get(&self, line: usize) -> Option<&StaleEntry> {
        self.by_line.get(&line)
    }

    /// Stale entries in file order.
    pub fn entries(&self) -> impl Iterator<Item = &StaleEntry> {
        self.by_line.values()
    }

    pub fn is_empty(&self) -> bool {
        self.by_line.is_empty()
    }
}

static FILE_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[\w-][\w.-]*\.[A-Za-z][A-Za-z0-9]{0,7}$").expect("static pattern")
});

/// How many days after a memory the commit that brings its own comment in is looked for.
const OWN_COMMIT_DAYS: i64 = 14;

/// At most this many distinct paths are checked (newest entries first).
const MAX_PATHS: usize = 256;

/// The files an entry names: its provenance path first (if any), then paths in its text.
pub fn named_paths(text: &str) -> (Option<String>, Vec<String>) {
    // Cheap checks first: this runs on every entry of the memory at each context refresh.
    let split = super::rules::split_provenance(text);
    let provenance = split
        .and_then(|(_, from)| super::rules::provenance_path(from))
        .map(str::to_string);
    let body = match (&provenance, split) {
        (Some(_), Some((body, _))) => body,
        _ => text,
    };
    let mut found: Vec<String> = Vec::new();
    // One byte pass: no `/` and no `.` inside a word means no path in the text.
    let bytes = body.as_bytes();
    let maybe_path = memchr::memchr2_iter(b'/', b'.', bytes)
        .any(|i| i + 1 < bytes.len() && (bytes[i] == b'/' || bytes[i + 1].is_ascii_alphanumeric()));
    if !maybe_path {
        return (provenance, found);
    }
    for token in body.split(|c: char| c.is_whitespace() || "()[]{}<>\"'`,;|".contains(c)) {
        let token = token.trim_end_matches(['.', ':', '!', '?']);
        // A path has a `/` or a `.` followed by more text; most words have neither.
        if !token.contains(['/', '.']) {
            continue;
        }
        let token = match token.rsplit_once(':') {
            Some((path, line)) if line.chars().all(|c| c.is_ascii_digit()) => path,
            _ => token,
        };
        let token = token.strip_prefix("./").unwrap_or(token);
        if token.is_empty()
            || token.contains("://")
            || token.starts_with('/')
            || token.starts_with('~')
            || token.contains("..")
            || found.iter().any(|f| f == token)
            || provenance.as_deref() == Some(token)
        {
            continue;
        }
        let has_dir = token.contains('/') && token.split('/').all(|p| !p.is_empty());
        if has_dir || FILE_NAME.is_match(token) {
            found.push(token.to_string());
        }
    }
    (provenance, found)
}

/// The stale entries of a parsed MEMORY.md. Not a git repository, no HEAD, or
/// `capture.stale: false`: nothing is stale.
pub fn check(project: &Project, doc: &Document) -> Result<Staleness> {
    check_document(project, doc, true)
}

/// [`check`] without writing the cache (for commands that must change no file).
pub fn check_read_only(project: &Project, doc: &Document) -> Result<Staleness> {
    check_document(project, doc, false)
}

fn check_document(project: &Project, doc: &Document, save_cache: bool) -> Result<Staleness> {
    let entries: Vec<EntryRef<'_>> = EntryRef::current(&doc.entities).collect();
    check_entries_with(project, &entries, save_cache)
}

/// One MEMORY.md entry as staleness needs it.
#[derive(Debug, Clone, Copy)]
pub struct EntryRef<'a> {
    /// 1-based line in MEMORY.md.
    pub line: usize,
    pub date: Option<NaiveDate>,
    /// The line as written.
    pub text: &'a str,
}

impl<'a> EntryRef<'a> {
    /// The entries of `entities` that staleness checks: those not superseded.
    pub fn current(entities: &'a [Entity]) -> impl Iterator<Item = EntryRef<'a>> {
        entities.iter().filter(|e| !e.superseded).map(|e| EntryRef {
            line: e.line,
            date: e.date,
            text: &e.text,
        })
    }
}

/// The stale entries among `entries` (for callers that hold a few lines, such as search
/// results from MEMORY.md, and should not reparse the whole memory).
pub fn check_entries(project: &Project, entries: &[EntryRef<'_>]) -> Result<Staleness> {
    check_entries_with(project, entries, true)
}

fn check_entries_with(
    project: &Project,
    entries: &[EntryRef<'_>],
    save_cache: bool,
) -> Result<Staleness> {
    if !CaptureSettings::load(&project.config()).stale {
        return Ok(Staleness::default());
    }
    // (entry index, provenance path, text paths), newest entries first
    let mut asked: Vec<(usize, Option<String>, Vec<String>)> = Vec::new();
    for (i, entry) in entries.iter().enumerate().rev() {
        if entry.date.is_none() {
            continue;
        }
        let (provenance, paths) = named_paths(entry.text);
        if provenance.is_some() || !paths.is_empty() {
            asked.push((i, provenance, paths));
        }
    }
    if asked.is_empty() {
        return Ok(Staleness::default());
    }
    // Each path is asked about from the oldest date that names it.
    let mut questions: BTreeMap<String, NaiveDate> = BTreeMap::new();
    for (i, provenance, paths) in &asked {
        let date = entries[*i].date.unwrap_or_default();
        for path in provenance.iter().chain(paths) {
            if questions.len() >= MAX_PATHS && !questions.contains_key(path) {
                continue;
            }
            let slot = questions.entry(path.clone()).or_insert(date);
            *slot = (*slot).min(date);
        }
    }
    let changes = match last_changes(project, &questions, save_cache) {
        Ok(Some(changes)) => changes,
        // Not a repository (or no commit yet): only deleted provenance files count.
        Ok(None) | Err(_) => BTreeMap::new(),
    };
    let mut staleness = Staleness::default();
    let mut exists: HashMap<String, bool> = HashMap::new();
    // Read only when a provenance file changed after its memory.
    let mut versions = VersionsRead::default();
    let mut now_held: HashMap<String, Option<String>> = HashMap::new();
    for (i, provenance, paths) in asked {
        let entity = &entries[i];
        let date = entity.date.unwrap_or_default();
        let mut verdict: Option<StaleEntry> = None;
        for (path, is_provenance) in provenance
            .iter()
            .map(|p| (p, true))
            .chain(paths.iter().map(|p| (p, false)))
        {
            let change = changes.get(path.as_str()).copied().flatten();
            let changed_on = change.map(|c| c.date);
            let mut changed_after = changed_on.is_some_and(|d| d > date);
            // Only a change soon after the memory can be the one that brought its comment in
            // (the commit of a checkpointed file follows within days); a later one is read
            // no further, which keeps a memory of many stale entries as cheap as before.
            let soon_after = changed_on.is_some_and(|d| (d - date).num_days() <= OWN_COMMIT_DAYS);
            if changed_after
                && is_provenance
                && soon_after
                && let Some(commit) = change.and_then(|c| c.commit)
                && introduced_its_words(project, &mut versions, commit, path, entity.text)
            {
                // The newest change to the file is the commit that brought the memory's
                // own comment into history (checkpoint today, commit tomorrow): no change
                // since the memory was taken.
                changed_after = false;
            }
            if changed_after
                && is_provenance
                && still_holds(project, &mut now_held, path, entity.text)
            {
                // Another part of the file changed: the comment the memory was taken from
                // is still there, word for word, so what it says still holds there.
                changed_after = false;
            }
            // Only a provenance file that is gone makes an entry stale on its own.
            if !changed_after && !is_provenance {
                continue;
            }
            let deleted = !*exists
                .entry(path.clone())
                .or_insert_with(|| project.root.join(path).exists());
            if changed_after || deleted {
                verdict = Some(StaleEntry {
                    line: entity.line,
                    date,
                    path: path.clone(),
                    changed_on,
                    deleted,
                    text: entity.text.to_string(),
                });
                break;
            }
        }
        if let Some(v) = verdict {
            staleness.by_line.insert(v.line, v);
        }
    }
    Ok(staleness)
}

/// Whether the file at `path` in the work tree (read once per check, at most 4 MiB) still
/// holds, on one line, the comment the memory `text` was harvested from ([`holds_memory`]).
pub(crate) fn still_holds(
    project: &Project,
    read: &mut HashMap<String, Option<String>>,
    path: &str,
    text: &str,
) -> bool {
    let Some(key) = comment_key(text) else {
        return false;
    };
    let content = read.entry(path.to_string()).or_insert_with(|| {
        let full = project.root.join(path);
        let small =
            std::fs::symlink_metadata(&full).is_ok_and(|m| m.is_file() && m.len() <= 4 << 20);
        small
            .then(|| std::fs::read(&full).ok())
            .flatten()
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
    });
    content
        .as_deref()
        .is_some_and(|content| holds_memory(content, &key))
}

/// What a staleness check read of history to judge changes: the repository, opened once
/// when first needed, and each path's [`Versions`].
#[derive(Default)]
struct VersionsRead {
    repo: Option<Option<gix::Repository>>,
    by_path: HashMap<String, Versions>,
}

/// The two versions of a file a change is judged by: the changing commit's and its first
/// parent's (`None`: no such file there), read once per path and call.
type Versions = Option<(String, Option<String>)>;

/// Whether the commit `commit` brought the words of the memory `text` into the file at
/// `path`: its version of the file holds them on one line ([`holds_memory`]) and its first
/// parent's did not (or had no such file). Anything unreadable answers no.
fn introduced_its_words(
    project: &Project,
    read: &mut VersionsRead,
    commit: ObjectId,
    path: &str,
    text: &str,
) -> bool {
    let Some(key) = comment_key(text) else {
        return false;
    };
    let repo = read
        .repo
        .get_or_insert_with(|| commits::open(&project.root).ok())
        .as_ref();
    let versions = read
        .by_path
        .entry(path.to_string())
        .or_insert_with(|| repo.and_then(|repo| versions_of(project, repo, commit, path)));
    match versions {
        Some((now, before)) => {
            holds_memory(now, &key) && !before.as_deref().is_some_and(|b| holds_memory(b, &key))
        }
        None => false,
    }
}

/// The text of `path` in `commit` and in its first parent; `None` when either cannot be read
/// (or the file is not text, or larger than 4 MiB).
fn versions_of(
    project: &Project,
    repo: &gix::Repository,
    commit: ObjectId,
    path: &str,
) -> Versions {
    let scope = Scope::new(repo, &project.root, u64::MAX);
    let repo_path = scope.repo_path(path)?;
    let mut trees = commits::TreeCache::default();
    let mut text_in = |tree: ObjectId| -> Option<Option<String>> {
        match trees.lookup(repo, tree, &repo_path).ok()? {
            None => Some(None),
            Some(blob) => {
                let bytes = commits::blob_if_text(repo, blob, 4 << 20).ok()??;
                Some(Some(String::from_utf8_lossy(&bytes).into_owned()))
            }
        }
    };
    let facts = commits::read_commit(repo, commit).ok()?;
    let now = text_in(facts.tree)??;
    let before = match facts.parents.first() {
        Some(parent) => text_in(commits::read_commit(repo, *parent).ok()?.tree)?,
        None => None,
    };
    Some((now, before))
}

/// The words a memory harvested from a comment is compared by: its
/// [`dedupe::key`](super::dedupe::key) (no label, quotes or provenance; NFC, lower case, one
/// space), when it has two words or more.
fn comment_key(text: &str) -> Option<String> {
    let key = super::dedupe::key(text);
    (key.split(' ').count() >= 2).then_some(key)
}

/// Whether one `MEMORY:` line of `content` holds the memory whose [`comment_key`] is `key`:
/// `// MEMORY: decided: cache tokens 5 min` for `decided: cache tokens 5 min (src/a.rs:1)`,
/// whitespace runs as one, case and Unicode form aside.
fn holds_memory(content: &str, key: &str) -> bool {
    // Only a line with the `MEMORY:` tag holds a comment memory: the others are not
    // normalised at all (most of a file).
    memchr::memmem::find_iter(content.as_bytes(), super::comments::TAG.as_bytes()).any(|at| {
        let start = content[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = content[at..].find('\n').map_or(content.len(), |i| at + i);
        let words: Vec<&str> = content[start..end].split_whitespace().collect();
        text::nfc(&words.join(" ")).to_lowercase().contains(key)
    })
}

#[derive(Serialize, Deserialize)]
struct Cache {
    head: String,
    /// path → the oldest day the walk looked back to for it.
    asked: BTreeMap<String, NaiveDate>,
    /// path → day of the last change seen (None: none since its asked day).
    changes: BTreeMap<String, Option<NaiveDate>>,
    /// path → the commit of that change (hex). A cache written without them is rebuilt.
    #[serde(default)]
    commits: BTreeMap<String, String>,
}

/// The newest change to a path: its day and, when known, its commit.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Change {
    date: NaiveDate,
    commit: Option<ObjectId>,
}

fn cache_path(project: &Project) -> std::path::PathBuf {
    project.dir().join(CACHE_DIR).join("stale.json")
}

/// At most this many commits are read by one walk; older changes are not seen.
const MAX_WALK: usize = 10_000;

/// For each asked path, the day of the newest commit that changed it, looking back no
/// further than its question date. `None` when there is no repository or no commit.
///
/// The answer is cached with HEAD. When HEAD moved but the cache already covers every
/// question, only the new commits are walked (down to the cached HEAD) and merged in.
fn last_changes(
    project: &Project,
    questions: &BTreeMap<String, NaiveDate>,
    save_cache: bool,
) -> Result<Option<BTreeMap<String, Option<Change>>>> {
    let Ok(repo) = commits::open(&project.root) else {
        return Ok(None);
    };
    let Some(head) = commits::head_id(&repo)? else {
        return Ok(None);
    };
    let scope = Scope::new(&repo, &project.root, u64::MAX);
    let head_hex = head.to_string();
    let cache_file = cache_path(project);
    let cached = text::read_optional(&cache_file)
        .ok()
        .flatten()
        .and_then(|bytes| serde_json::from_slice::<Cache>(&bytes).ok())
        .filter(|c| {
            questions.iter().all(|(p, d)| {
                c.asked.get(p).is_some_and(|asked| asked <= d)
                    // Every change seen names its commit (an older cache did not).
                    && (c.changes.get(p).copied().flatten().is_none()
                        || c.commits.contains_key(p))
            })
        });
    let answer = |c: &Cache| -> BTreeMap<String, Option<Change>> {
        questions
            .keys()
            .map(|p| {
                let change = c.changes.get(p).copied().flatten().map(|date| Change {
                    date,
                    commit: c
                        .commits
                        .get(p)
                        .and_then(|hex| ObjectId::from_hex(hex.as_bytes()).ok()),
                });
                (p.clone(), change)
            })
            .collect()
    };
    if let Some(c) = &cached
        && c.head == head_hex
    {
        return Ok(Some(answer(c)));
    }
    let stop_at = cached
        .as_ref()
        .and_then(|c| ObjectId::from_hex(c.head.as_bytes()).ok());
    let fresh = walk_changes(&repo, head, &scope, questions, stop_at)?;
    let (asked, changes) = match &cached {
        Some(c) => {
            let before = answer(c);
            // A change in the new commits is newer than any the cache holds.
            let merged = fresh
                .into_iter()
                .map(|(p, new)| {
                    let old = before.get(&p).copied().flatten();
                    (p, new.or(old))
                })
                .collect();
            let asked = questions.keys().map(|p| (p.clone(), c.asked[p])).collect();
            (asked, merged)
        }
        None => (questions.clone(), fresh),
    };
    let changes: BTreeMap<String, Option<Change>> = changes;
    let cache = Cache {
        head: head_hex,
        asked,
        changes: changes
            .iter()
            .map(|(p, c)| (p.clone(), c.map(|c| c.date)))
            .collect(),
        commits: changes
            .iter()
            .filter_map(|(p, c)| Some((p.clone(), c.as_ref()?.commit?.to_string())))
            .collect(),
    };
    // The cache is an optimisation: failing to write it is not an error.
    if save_cache
        && let Ok(json) = serde_json::to_vec(&cache)
        && std::fs::create_dir_all(project.dir().join(CACHE_DIR)).is_ok()
    {
        let _ = atomic::write_atomic(&cache_file, &json);
    }
    Ok(Some(changes))
}

fn walk_changes(
    repo: &gix::Repository,
    head: ObjectId,
    scope: &Scope,
    questions: &BTreeMap<String, NaiveDate>,
    stop_at: Option<ObjectId>,
) -> Result<BTreeMap<String, Option<Change>>> {
    let mut changes: BTreeMap<String, Option<Change>> =
        questions.keys().map(|p| (p.clone(), None)).collect();
    let oldest = questions.values().min().copied().unwrap_or_default();
    // A day of margin for time zones: dates are compared as days afterwards.
    let since = oldest
        .pred_opt()
        .unwrap_or(oldest)
        .and_hms_opt(0, 0, 0)
        .map(|t| t.and_utc().timestamp());
    let mut open: BTreeSet<String> = questions.keys().cloned().collect();
    let mut trees = commits::TreeCache::default();
    let limits = WalkLimits {
        since_seconds: since,
        stop_at,
        limit: Some(MAX_WALK),
        ..WalkLimits::default()
    };
    // Parent trees are read on demand; a commit's first parent is usually visited next.
    let result = commits::walk(repo, head, &limits, |facts| {
        if open.is_empty() {
            return Err(crate::error::Error::Failed(String::new()));
        }
        let parent_tree = match facts.parents.first() {
            Some(p) => commits::read_commit(repo, *p).ok().map(|f| f.tree),
            None => None,
        };
        let mut done = Vec::new();
        for path in open.iter() {
            if facts.date < questions[path] {
                continue;
            }
            let Some(repo_path) = scope.repo_path(path) else {
                continue;
            };
            let now = trees.lookup(repo, facts.tree, &repo_path)?;
            let before = match parent_tree {
                Some(t) => trees.lookup(repo, t, &repo_path)?,
                None => None,
            };
            if now != before {
                changes.insert(
                    path.clone(),
                    Some(Change {
                        date: facts.date,
                        commit: Some(facts.id),
                    }),
                );
                done.push(path.clone());
            }
        }
        for path in done {
            open.remove(&path);
        }
        trees.trim();
        Ok(())
    });
    match result {
        Ok(_) => Ok(changes),
        // The empty error is the early stop: every path is answered.
        Err(crate::error::Error::Failed(m)) if m.is_empty() => Ok(changes),
        Err(e) => Err(e),
    }
}

/// A copy of `doc` whose stale entries carry the mark at the end of their title
/// (for the context block); `None` when nothing is stale.
pub fn mark_document(doc: &Document, staleness: &Staleness) -> Option<Document> {
    if staleness.is_empty() {
        return None;
    }
    let mut marked = doc.clone();
    for entity in &mut marked.entities {
        if staleness.is_stale(entity.line) && !entity.title.ends_with(MARK) {
            entity.title.push(' ');
            entity.title.push_str(MARK);
        }
    }
    Some(marked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_from_provenance_and_text() {
        let (p, t) =
            named_paths("decided: cache tokens in src/auth.rs and config.toml (src/auth.rs:42)");
        assert_eq!(p.as_deref(), Some("src/auth.rs"));
        assert_eq!(t, vec!["config.toml"]);
        let (p, t) = named_paths(
            "learned: `lib/x.py:10` breaks; see https://e.com/a.html (src/a.rs:3, commit 1a2b3c4)",
        );
        assert_eq!(p.as_deref(), Some("src/a.rs"));
        assert_eq!(t, vec!["lib/x.py"]);
        let (p, t) = named_paths("decided: use Next.js over v1.2 (commit 1a2b3c4)");
        assert_eq!(p, None);
        assert_eq!(t, vec!["Next.js"]);
    }
}
