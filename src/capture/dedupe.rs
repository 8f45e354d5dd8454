//! De-duplication: a harvested memory is added once, however often it is harvested.
//!
//! Two lines are the same memory when their *keys* are equal: the text reduced to Unicode
//! NFC (`é` typed and `e` + a combining accent are one letter), lower case and single spaces, without list markers, emphasis, the type label (`decided:`,
//! `TIL:`, `Memory:` ...), a `KEY:` prefix, `[superseded]` / `[stale?]` marks, wikilinks and
//! the trailing provenance `(src/a.rs:42)` / `(commit 1a2b3c4)`. So a comment that moved to
//! another line or file, a commit amended or rebased with the same message, a decision
//! logged by hand and then written in a commit: each is found already present.
//!
//! The keys come first from MEMORY.md itself (the source of truth) and the commit store
//! (`.mind/cache/commits.md`, see [`super::derived`]), and second from a ledger,
//! `.mind/cache/harvested.tsv`, that records every key ever harvested so that a harvested
//! line deleted by hand is not brought back by the next checkpoint or commit. The ledger is a cache: deleting it only forgets those deletions.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

use crate::error::Result;
use crate::parse::{Document, Entity, EntryType, ProblemStatus};
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
    // A harvest stored as a quotation (`gotcha: "KEY: never commit .env"`) is the memory
    // it quotes: the same key as the line before it was quoted.
    if let Some(quoted) = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        rest = quoted.trim();
        for _ in 0..2 {
            rest = strip_label(rest).0;
        }
    }
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut key = text::nfc(&words.join(" ")).to_lowercase();
    while key.ends_with(['.', '!', ';', ',']) {
        key.pop();
    }
    // A fix is not the problem it names: `fixed: uploads stall` in a commit must reach the
    // memory (and resolve `problem: uploads stall`) rather than be dropped as a copy of it.
    if fix && !key.is_empty() {
        key.insert_str(0, FIX_MARK);
    }
    key
}

/// Labels that make a line a fix; its key keeps that (see [`key`]).
const FIX_LABELS: &[&str] = &["fixed", "progress"];

/// How a fix's key starts (see [`key`]).
pub const FIX_MARK: &str = "fixed: ";

/// Bump when [`key`] changes: caches of keys made by another version are rebuilt.
pub const KEY_VERSION: u32 = 4;

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

/// The longest anchor [`Seen::add_lines_for`] searches for, in bytes.
const MAX_ANCHOR: usize = 32;

/// The memories already present: keys of MEMORY.md's lines and of the ledger.
#[derive(Debug, Default)]
pub struct Seen {
    keys: HashSet<u64>,
    /// The keys only the ledger holds: memories harvested once and deleted by hand since.
    ledger_only: HashSet<u64>,
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
            // A prefix of the word finds every line the whole word does (and a few more,
            // whose keys are then compared all the same). Bounded, it keeps the automaton
            // small: built from a pasted separator of 20,000 `=`, its table took seconds.
            anchors.push(word[..word.len().min(MAX_ANCHOR)].to_string());
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
            ledger_only: HashSet::new(),
        }
    }

    /// Add the ledger's keys (a missing or unreadable ledger adds nothing).
    pub fn with_ledger(self, project: &Project) -> Seen {
        self.with_ledger_rows(project, true)
    }

    /// [`Seen::with_ledger`], leaving out the rows of memories taken from commits unless
    /// `commit_rows`: what a commit store that is gone ([`forget_store_rows`]) no longer
    /// counts, when it is not to be written (a dry run).
    pub fn with_ledger_rows(mut self, project: &Project, commit_rows: bool) -> Seen {
        if let Ok(Some(bytes)) = text::read_optional(&ledger_path(project)) {
            for line in text::lossy(&bytes).lines() {
                let mut fields = line.split('\t');
                let hex = fields.next().unwrap_or("");
                if !commit_rows && is_commit_row(fields.next().unwrap_or("")) {
                    continue;
                }
                if let Ok(h) = u64::from_str_radix(hex, 16)
                    && self.keys.insert(h)
                {
                    self.ledger_only.insert(h);
                }
            }
        }
        self
    }

    /// True when only the ledger holds `line`: it was harvested once and deleted by hand
    /// since, so it is not brought back (and is not "already known" either).
    pub fn only_in_ledger(&self, line: &str) -> bool {
        let k = key(line);
        !k.is_empty() && self.ledger_only.contains(&hash(&k))
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
/// commit ids, hex; an amended or rebased-away commit, the commits a revert undoes), except
/// those whose key `kept` holds (said again by a standing commit): those are recorded under
/// that commit instead. The memory was taken back, not deleted by hand, so the same line in a
/// later commit (the change re-applied, the commit cherry-picked back) is harvested again;
/// and a revert of the standing commit finds its lines. The caller holds the store lock.
pub fn forget_commits(
    project: &Project,
    gone: &super::derived::GoneIds<'_>,
    kept: &super::derived::Replacements,
) -> Result<()> {
    let path = ledger_path(project);
    let Some(bytes) = text::read_optional(&path)? else {
        return Ok(());
    };
    let kept: HashMap<u64, &str> = kept.iter().map(|(k, id)| (hash(k), id.as_str())).collect();
    let ledger = text::lossy(&bytes);
    // The rows that stay as they are, by key and commit: a line kept under a commit the
    // ledger already records as saying it (or just recorded so) needs no second row.
    let mut staying: HashSet<(&str, &str)> = ledger
        .lines()
        .filter_map(|line| {
            let mut fields = line.splitn(3, '\t');
            let (hex, provenance) = (fields.next()?, fields.next()?);
            let id = super::rules::provenance_commit(provenance)?;
            (!gone.holds(id)).then_some((hex, short(id)))
        })
        .collect();
    let mut out = String::with_capacity(ledger.len());
    let mut changed = false;
    for line in ledger.split_inclusive('\n') {
        let mut fields = line.splitn(3, '\t');
        let hex = fields.next().unwrap_or("");
        let provenance = fields.next().unwrap_or("");
        let rest = fields.next().unwrap_or("");
        let from_gone = super::rules::provenance_commit(provenance).filter(|id| gone.holds(id));
        let Some(old_id) = from_gone else {
            out.push_str(line);
            continue;
        };
        changed = true;
        let now = u64::from_str_radix(hex, 16).ok().and_then(|h| kept.get(&h));
        if let Some(now) = now
            && staying.insert((hex, short(now)))
        {
            // The id is a piece of the provenance (`src/a.rs:2, commit 1a2b3c4`).
            let start = old_id.as_ptr() as usize - provenance.as_ptr() as usize;
            let (place, after) = (&provenance[..start], &provenance[start + old_id.len()..]);
            out.push_str(&format!("{hex}\t{place}{now}{after}\t{rest}"));
        }
    }
    if changed {
        crate::store::atomic::write_atomic(&path, out.as_bytes())?;
    }
    Ok(())
}

/// The first seven digits of a commit id, as the ledger's rows are compared by.
fn short(id: &str) -> &str {
    id.get(..7).unwrap_or(id)
}

/// Whether a ledger row's provenance names a commit: a memory taken into the commit store.
fn is_commit_row(provenance: &str) -> bool {
    super::rules::provenance_commit(provenance).is_some()
}

/// Record that the commits of `repeated` say lines the ledger already holds from another
/// commit: those lines then stand as long as any of their commits does, so reverting one of
/// two commits that both say `fixed: X` leaves the fix under the other
/// ([`super::derived::take_back`] looks here). A line the ledger does not hold (one written
/// by hand in MEMORY.md) gets no row: the ledger stays a record of what was harvested. The
/// caller holds the store lock.
pub fn record_sayers(project: &Project, repeated: &[super::Candidate]) -> Result<()> {
    if repeated.is_empty() {
        return Ok(());
    }
    let path = ledger_path(project);
    let Some(bytes) = text::read_optional(&path)? else {
        return Ok(());
    };
    let ledger = text::lossy(&bytes);
    let mut harvested: HashSet<u64> = HashSet::new();
    let mut rows: HashSet<(u64, String)> = HashSet::new();
    for line in ledger.lines() {
        let mut fields = line.splitn(3, '\t');
        let (Some(hex), Some(provenance)) = (fields.next(), fields.next()) else {
            continue;
        };
        let (Ok(h), Some(id)) = (
            u64::from_str_radix(hex, 16),
            super::rules::provenance_commit(provenance),
        ) else {
            continue;
        };
        harvested.insert(h);
        rows.insert((h, short(id).to_ascii_lowercase()));
    }
    let mut out = String::new();
    for c in repeated {
        let Some(id) = super::rules::provenance_commit(&c.provenance) else {
            continue;
        };
        let h = hash(&key(&c.text));
        if harvested.contains(&h) && rows.insert((h, short(id).to_ascii_lowercase())) {
            out.push_str(&format!(
                "{h:016x}\t{}\t{}\n",
                c.provenance.replace('\t', " "),
                c.text.replace('\t', " ")
            ));
        }
    }
    if out.is_empty() {
        return Ok(());
    }
    append::append_bytes(&path, out.as_bytes())
}

/// The commits besides `gone` (hex ids) that the ledger records as saying each of `keys`
/// (key hashes), as their ids are written there, oldest row first.
pub fn other_sayers(
    project: &Project,
    keys: &HashSet<u64>,
    gone: &super::derived::GoneIds<'_>,
) -> HashMap<u64, Vec<String>> {
    let mut out: HashMap<u64, Vec<String>> = HashMap::new();
    let Ok(Some(bytes)) = text::read_optional(&ledger_path(project)) else {
        return out;
    };
    for line in text::lossy(&bytes).lines() {
        let mut fields = line.splitn(3, '\t');
        let (Some(hex), Some(provenance)) = (fields.next(), fields.next()) else {
            continue;
        };
        let (Ok(h), Some(id)) = (
            u64::from_str_radix(hex, 16),
            super::rules::provenance_commit(provenance),
        ) else {
            continue;
        };
        let id = id.to_ascii_lowercase();
        if keys.contains(&h) && !gone.holds(&id) {
            let ids = out.entry(h).or_default();
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    out
}

/// Forget the ledger's rows of memories taken from commits (the other rows stay): the
/// commit store they were kept in is gone (deleted, or emptied to its header, to have
/// `mind harvest` rebuild it), so "harvested once, deleted by hand since" no longer says
/// anything about them. Whether anything was forgotten. The caller holds the store lock.
pub fn forget_store_rows(project: &Project) -> Result<bool> {
    let path = ledger_path(project);
    let Some(bytes) = text::read_optional(&path)? else {
        return Ok(false);
    };
    let ledger = text::lossy(&bytes);
    let mut out = String::with_capacity(ledger.len());
    let mut changed = false;
    for line in ledger.split_inclusive('\n') {
        let provenance = line.split('\t').nth(1).unwrap_or("");
        if is_commit_row(provenance) {
            changed = true;
        } else {
            out.push_str(line);
        }
    }
    if changed {
        crate::store::atomic::write_atomic(&path, out.as_bytes())?;
    }
    Ok(changed)
}

/// Turn the ledger's commit rows into rows that name no commit, once `mind harvest
/// --to-memory` has moved the commit store's lines into MEMORY.md and left the store empty:
/// that store is not one to rebuild ([`forget_store_rows`]), and what was deleted by hand
/// (from the store before, or from MEMORY.md after) stays deleted. The caller holds the
/// store lock.
pub fn mark_moved(project: &Project) -> Result<()> {
    let path = ledger_path(project);
    let Some(bytes) = text::read_optional(&path)? else {
        return Ok(());
    };
    let ledger = text::lossy(&bytes);
    let mut out = String::with_capacity(ledger.len());
    let mut changed = false;
    for line in ledger.split_inclusive('\n') {
        let mut fields = line.splitn(3, '\t');
        let (Some(hex), Some(provenance), Some(rest)) =
            (fields.next(), fields.next(), fields.next())
        else {
            out.push_str(line);
            continue;
        };
        if is_commit_row(provenance) {
            changed = true;
            out.push_str(&format!("{hex}\t{MOVED}\t{rest}"));
        } else {
            out.push_str(line);
        }
    }
    if changed {
        crate::store::atomic::write_atomic(&path, out.as_bytes())?;
    }
    Ok(())
}

/// The provenance of a ledger row for a line moved into MEMORY.md.
const MOVED: &str = "moved to MEMORY.md";

/// The problems memory leaves open, for the one exception to "never twice": a fix line
/// that a commit says again is kept again when it closes one of them. A fix dated before a
/// problem never closes it (see [`crate::parse::loops::not_before`]), so when a problem comes
/// back after its fix was stored and a later commit fixes it with the same words, dropping
/// that commit's line as a copy would leave the problem open for good.
#[derive(Debug, Default)]
pub struct OpenProblems {
    /// Open or blocked problems, in the entries' order.
    problems: Vec<Entity>,
    /// A fix line's key with the commit it came from, for each one already harvested or held:
    /// the same line from the same commit is a copy, whatever it would close.
    sources: HashSet<u64>,
}

impl OpenProblems {
    /// The problems `doc` leaves open (its problems resolved), and the sources of its fixes.
    pub fn of(doc: &Document) -> OpenProblems {
        let mut open = OpenProblems::default();
        for e in &doc.entities {
            match e.kind {
                EntryType::Problem
                    if matches!(e.status, Some(ProblemStatus::Open | ProblemStatus::Blocked)) =>
                {
                    open.problems.push(e.clone());
                }
                EntryType::Progress => {
                    if let Some(source) = source(&e.text, None) {
                        open.sources.insert(source);
                    }
                }
                _ => {}
            }
        }
        open
    }

    /// Add the sources of the ledger's lines (what was ever harvested, from which commit):
    /// a harvest run again, or a line deleted by hand, does not bring a fix back.
    pub fn with_ledger(mut self, project: &Project) -> OpenProblems {
        if let Ok(Some(bytes)) = text::read_optional(&ledger_path(project)) {
            for line in text::lossy(&bytes).lines() {
                let mut fields = line.split('\t');
                let (Some(hex), Some(provenance)) = (fields.next(), fields.next()) else {
                    continue;
                };
                if let Some(source) = source(hex, Some(provenance)) {
                    self.sources.insert(source);
                }
            }
        }
        self
    }

    /// Take a line kept after the document into account (`line` with its provenance, under
    /// `date`): a problem is open from now on, a fix closes what it closes.
    pub fn kept(&mut self, date: NaiveDate, line: &str) {
        let Some(e) = entity(date, line) else {
            return;
        };
        match e.kind {
            EntryType::Problem
                if matches!(e.status, Some(ProblemStatus::Open | ProblemStatus::Blocked)) =>
            {
                self.problems.push(e);
            }
            EntryType::Progress => {
                if let Some(source) = source(&e.text, None) {
                    self.sources.insert(source);
                }
                self.close(&e);
            }
            _ => {}
        }
    }

    /// Whether `line` (under `date`), a fix whose words memory already holds, is still worth
    /// keeping: it comes from another commit than every copy, and it closes a problem left
    /// open; that problem is closed from now on.
    pub fn closes_again(&mut self, date: NaiveDate, line: &str) -> bool {
        let Some(e) = entity(date, line) else {
            return false;
        };
        if e.kind != EntryType::Progress
            || source(&e.text, None).is_none_or(|s| !self.sources.insert(s))
        {
            return false;
        }
        self.close(&e)
    }

    /// Close the problems the fix `e`, coming after them, resolves; whether it closed one.
    fn close(&mut self, e: &Entity) -> bool {
        if self.problems.is_empty() {
            return false;
        }
        // The fix after every open problem, on a line no entry has: the resolution rules
        // (shared words, not dated before the problem) decide what it closes.
        let mut fix = e.clone();
        fix.line = usize::MAX;
        let entries: Vec<&Entity> = self.problems.iter().chain([&fix]).collect();
        let mut closed: Vec<usize> = crate::parse::loops::resolutions_of(&entries, |e| {
            crate::parse::loops::Resolvable::of(e)
        })
        .into_iter()
        .filter(|&(_, line)| line == usize::MAX)
        .map(|(index, _)| index)
        .collect();
        closed.sort_unstable();
        for index in closed.iter().rev() {
            self.problems.remove(*index);
        }
        !closed.is_empty()
    }
}

/// The entity of one memory line written under `date`.
fn entity(date: NaiveDate, line: &str) -> Option<Entity> {
    let doc = crate::parse::parse_document_unresolved(&format!("## {date}\n\n{line}\n"));
    doc.entities.into_iter().next()
}

/// A fix line's source: the hash of its key (or of `key_hex`, the ledger's hash of it, when
/// `provenance` is given) with the first seven digits of its commit; `None` for a line from
/// no commit.
fn source(line_or_hex: &str, provenance: Option<&str>) -> Option<u64> {
    let (key_hex, provenance) = match provenance {
        Some(p) => (line_or_hex.to_string(), p),
        None => {
            let (_, p) = super::rules::split_provenance(line_or_hex.trim())?;
            (format!("{:016x}", hash(&key(line_or_hex))), p)
        }
    };
    let commit = super::rules::provenance_commit(provenance)?;
    Some(hash(&format!("{key_hex}\t{}", &commit[..7])))
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
        // A harvest stored as a quotation is the memory it quotes.
        assert_eq!(key("gotcha: \"KEY: cache tokens for 5 min\" (a.rs:1)"), a);
        assert_eq!(
            key("learned: \"cache tokens for 5 min\" (commit 1a2b3c4)"),
            a
        );
        assert_eq!(key("learned: \"use X\" for now"), "\"use x\" for now");
        assert_ne!(key("decided: cache tokens for 6 min"), a);
        // A parenthesis that is not provenance stays.
        assert_eq!(key("use X (for now)"), "use x (for now)");
        // An accent typed and one decomposed (macOS) are one letter.
        assert_eq!(
            key("decided: the Cafe\u{301} page"),
            key("decided: the caf\u{e9} page")
        );
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
