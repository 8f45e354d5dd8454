//! The commit store, `.mind/cache/commits.md`: memories taken from commits.
//!
//! A commit's message (and the `MEMORY:` comments it adds) is already shared through git,
//! so what the post-commit hook and `mind harvest` take from commits is kept here, in an
//! ignored file that any clone rebuilds with `mind harvest`, and never in the tracked
//! MEMORY.md: a commit, a rebase, a cherry-pick or a checkout never finds the work tree
//! changed by mind. The file has MEMORY.md's format (date headings, typed lines with their
//! provenance), so the same parser, search and context block read it.
//!
//! `cache/` is ignored by the shared `.mind/.gitignore`; a `.gitignore` of `*` written into
//! `cache/` keeps it out of git even where that line is missing.

use std::path::PathBuf;

use crate::capture::{Candidate, dedupe, render_append};
use crate::error::{Error, Result};
use crate::store::{CACHE_DIR, GITIGNORE_FILE, Project, append, atomic, text};

/// The store's path relative to `.mind/` (its name in search results and cache keys).
pub const RELATIVE: &str = "cache/commits.md";

/// The first lines of a new store.
pub const HEADER: &str = "<!-- mind: memories from commit messages and the MEMORY: comments commits add.
Derived from git history and not tracked by git: `mind harvest` rebuilds it in a new clone.
To keep an entry in the shared memory, copy it to MEMORY.md (`mind harvest --to-memory` moves them all). -->
";

/// What `cache/.gitignore` holds: everything in the cache folder stays out of git.
const CACHE_GITIGNORE: &str = "*\n";

pub fn path(project: &Project) -> PathBuf {
    project.dir().join(RELATIVE)
}

/// The store's bytes; empty when it does not exist yet.
pub fn read(project: &Project) -> Result<Vec<u8>> {
    Ok(text::read_optional(&path(project))?.unwrap_or_default())
}

/// Append the new candidates to the store and record them in the ledger. The caller holds
/// the store lock; `existing` is the store's current content (empty when there is none).
/// Returns the bytes appended after `existing` (the header of a new store included).
pub fn append_new(project: &Project, existing: &[u8], added: &[Candidate]) -> Result<Vec<u8>> {
    let (added_raw, cleaned) = crate::capture::writable(project, added);
    if cleaned.is_empty() {
        return Ok(Vec::new());
    }
    let file = path(project);
    let added = &cleaned[..];
    let bytes = if existing.is_empty() {
        create_cache_dir(project)?;
        let mut bytes = HEADER.as_bytes().to_vec();
        bytes.extend_from_slice(&render_append(HEADER.as_bytes(), added));
        // A new store is written whole (temp file and rename): never half a header.
        atomic::write_atomic(&file, &bytes)?;
        bytes
    } else {
        let bytes = render_append(existing, added);
        append::append_bytes(&file, &bytes)?;
        bytes
    };
    dedupe::record(project, &added_raw)?;
    Ok(bytes)
}

/// What stands in for commits that no longer stand: a memory's comparison key
/// ([`dedupe::key`]) → the short id of a standing commit that says it again (an amended
/// commit's new message, a rebased commit's copy).
pub type Replacements = std::collections::HashMap<String, String>;

/// Commit ids that no longer stand (full or abbreviated hex), looked up by an id as a
/// store line or a ledger row writes it: [`GoneIds::holds`] is `gone.iter().any(|g|
/// g.starts_with(id))`, by the first seven digits rather than a scan of every gone id (a
/// reverted merge or a reset can leave thousands).
pub struct GoneIds<'a> {
    by_prefix: std::collections::HashMap<&'a str, Vec<&'a str>>,
    /// Ids shorter than the prefix: compared one by one.
    short: Vec<&'a str>,
    all: &'a [String],
}

/// The length of the prefix [`GoneIds`] indexes by.
const GONE_PREFIX: usize = 7;

impl<'a> GoneIds<'a> {
    pub fn new(gone: &'a [String]) -> GoneIds<'a> {
        let mut by_prefix: std::collections::HashMap<&str, Vec<&str>> = Default::default();
        let mut short = Vec::new();
        for g in gone {
            match g.get(..GONE_PREFIX) {
                Some(prefix) => by_prefix.entry(prefix).or_default().push(g),
                None => short.push(g.as_str()),
            }
        }
        GoneIds {
            by_prefix,
            short,
            all: gone,
        }
    }

    /// Whether a gone id starts with `id`.
    pub fn holds(&self, id: &str) -> bool {
        match id.get(..GONE_PREFIX) {
            Some(prefix) => {
                self.by_prefix
                    .get(prefix)
                    .is_some_and(|ids| ids.iter().any(|g| g.starts_with(id)))
                    || self.short.iter().any(|g| g.starts_with(id))
            }
            // An id shorter than the prefix may begin any of them.
            None => self.all.iter().any(|g| g.starts_with(id)),
        }
    }
}

/// The store without the lines of commits that no longer stand (`gone`: full commit ids,
/// hex): each such line is dropped, unless `kept` holds its key, when it is kept under the
/// id of the commit that says it again. `None` when no line names a gone commit.
pub fn withdraw(store: &str, gone: &[String], kept: &Replacements) -> Option<String> {
    withdraw_ids(store, &GoneIds::new(gone), kept)
}

/// [`withdraw`] with the gone ids indexed.
fn withdraw_ids(store: &str, gone: &GoneIds<'_>, kept: &Replacements) -> Option<String> {
    // Where the commit id of a line's provenance is: `(src/a.rs:2, commit 1a2b3c4)`.
    let commit_of = |line: &str| -> Option<(usize, usize)> {
        let trimmed = line.trim_end();
        let (_, provenance) = crate::capture::rules::split_provenance(trimmed)?;
        let id = crate::capture::rules::provenance_commit(provenance)?;
        // The provenance ends just before the line's closing parenthesis, and the id ends it.
        let end = trimmed.len() - 1;
        Some((end - id.len(), end))
    };
    let mut changed = false;
    let mut out = String::with_capacity(store.len());
    for line in store.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let named = commit_of(body).filter(|&(start, end)| gone.holds(&body[start..end]));
        let Some((start, end)) = named else {
            out.push_str(line);
            continue;
        };
        changed = true;
        if let Some(now) = kept.get(&crate::capture::dedupe::key(body)) {
            out.push_str(&body[..start]);
            out.push_str(now);
            out.push_str(&line[end..]);
        }
    }
    changed.then_some(out)
}

/// Take the lines of `gone` commits out of the store (kept where `kept` says them again),
/// and out of the ledger, so a later commit that says one again is harvested again. Byte
/// offsets into the store that `state` keeps (the session's start, its blockers' marks)
/// move with the lines before them. The caller holds the store lock. Returns the store
/// after it, and how many lines left it and how many moved to a standing commit.
pub fn take_back(
    project: &Project,
    store: &[u8],
    gone: &[String],
    kept: &Replacements,
    state: Option<&mut crate::store::state::State>,
) -> Result<(Vec<u8>, Withdrawal)> {
    let before = text::lossy(store);
    let ids = GoneIds::new(gone);
    let kept = &with_other_sayers(project, &before, &ids, kept);
    let mut counts = Withdrawal::default();
    let after = match withdraw_ids(&before, &ids, kept) {
        Some(after) => {
            counts = Withdrawal::between(&before, &after);
            rewrite(project, after.as_bytes())?;
            if let Some(state) = state {
                // The store changes only line by line, so an offset at a line's end (where
                // every kept one is) maps to the withdrawn length of what came before it.
                state.shift_commits_offsets(|offset| {
                    let offset = usize::try_from(offset).unwrap_or(usize::MAX);
                    match before.get(..offset) {
                        Some(prefix) => withdraw_ids(prefix, &ids, kept)
                            .map_or(offset, |shorter| shorter.len())
                            as u64,
                        None => after.len() as u64,
                    }
                });
            }
            after.into_bytes()
        }
        None => store.to_vec(),
    };
    // Taken back, not deleted: a later commit that says it again is harvested again.
    dedupe::forget_commits(project, &ids, kept)?;
    Ok((after, counts))
}

/// `kept` with, for each line of a `gone` commit it does not hold, a standing commit the
/// ledger records as saying that line too ([`dedupe::record_sayers`]): two commits said
/// `fixed: X`, the store kept the line under the first, and a revert of that one leaves the
/// second on the branch, still saying it. A commit stands when HEAD reaches it.
fn with_other_sayers(
    project: &Project,
    store: &str,
    gone: &GoneIds<'_>,
    kept: &Replacements,
) -> Replacements {
    let mut orphans: std::collections::HashMap<u64, String> = std::collections::HashMap::new();
    for line in store.lines() {
        let Some((_, provenance)) = crate::capture::rules::split_provenance(line.trim_end()) else {
            continue;
        };
        let from_gone = crate::capture::rules::provenance_commit(provenance)
            .is_some_and(|id| gone.holds(&id.to_ascii_lowercase()));
        if !from_gone {
            continue;
        }
        let key = dedupe::key(line);
        if !key.is_empty() && !kept.contains_key(&key) {
            orphans.insert(dedupe::key_hash(&key), key);
        }
    }
    if orphans.is_empty() {
        return kept.clone();
    }
    let keys = orphans.keys().copied().collect();
    let others = dedupe::other_sayers(project, &keys, gone);
    let mut kept = kept.clone();
    if others.is_empty() {
        return kept;
    }
    let Ok(repo) = crate::capture::commits::open(&project.root) else {
        return kept;
    };
    let Ok(Some(head)) = crate::capture::commits::head_id(&repo) else {
        return kept;
    };
    for (hash, ids) in others {
        let standing = ids.into_iter().find(|id| {
            repo.rev_parse_single(id.as_str())
                .ok()
                .and_then(|found| repo.merge_base(found.detach(), head).ok().flatten())
                .is_some_and(|base| base.to_hex().to_string().starts_with(id.as_str()))
        });
        if let (Some(id), Some(key)) = (standing, orphans.remove(&hash)) {
            kept.insert(key, id);
        }
    }
    kept
}

/// Whether the store was deleted or emptied to its header (nothing but its header
/// comment and blank lines): a store to rebuild, whose ledger rows no longer say what was
/// deleted by hand ([`dedupe::forget_store_rows`]). A store that mind itself emptied by
/// taking lines back keeps their date headings, and one that `--to-memory` emptied has
/// ledger rows that name no commit ([`dedupe::mark_moved`]).
pub fn left_empty(store: &[u8]) -> bool {
    let mut comments = crate::store::text::HtmlComments::default();
    !text::lossy(store).lines().any(|raw| {
        let line = raw.trim();
        !comments.skip(line) && !line.is_empty()
    })
}

/// What [`take_back`] did to the store.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Withdrawal {
    /// Lines taken out.
    pub removed: usize,
    /// Lines kept under a standing commit's id.
    pub moved: usize,
}

impl Withdrawal {
    pub fn is_none(&self) -> bool {
        *self == Withdrawal::default()
    }

    fn between(before: &str, after: &str) -> Withdrawal {
        let removed = before.lines().count().saturating_sub(after.lines().count());
        let old: std::collections::HashSet<&str> = before.lines().collect();
        let moved = after.lines().filter(|l| !old.contains(l)).count();
        Withdrawal { removed, moved }
    }
}

/// Replace the store's content (the caller holds the store lock).
pub fn rewrite(project: &Project, bytes: &[u8]) -> Result<()> {
    create_cache_dir(project)?;
    atomic::write_atomic(&path(project), bytes)
}

/// The cache folder, with its own `.gitignore` when it has none.
pub(crate) fn create_cache_dir(project: &Project) -> Result<()> {
    let dir = project.dir().join(CACHE_DIR);
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    let ignore = dir.join(GITIGNORE_FILE);
    if !ignore.exists() {
        atomic::write_atomic(&ignore, CACHE_GITIGNORE.as_bytes())?;
    }
    Ok(())
}

/// One typed line of the store with the date heading it sits under.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub date: Option<chrono::NaiveDate>,
    /// The line as written (provenance included).
    pub line: String,
}

/// The store's lines, each with its date heading: what `--to-memory` copies.
pub fn entries(store: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut date = None;
    let mut comments = crate::store::text::HtmlComments::default();
    for raw in store.lines() {
        let line = raw.trim();
        if comments.skip(line) {
            continue;
        }
        if line.starts_with('#') {
            if line.starts_with("## ") {
                date = crate::parse::dates::heading_date(line);
            }
            continue;
        }
        if !line.is_empty() {
            out.push(Entry {
                date,
                line: line.to_string(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gone_ids_hold_what_a_gone_id_starts_with() {
        let gone: Vec<String> = ["1a2b3c4d5e6f", "1a2b3c4ffff", "9f8e7d6", "abc"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let ids = GoneIds::new(&gone);
        for id in [
            "1a2b3c4",
            "1a2b3c4d5",
            "1a2b3c4ff",
            "9f8e7d6",
            "9f8e7d60",
            "1a2b3c5",
            "ab",
            "abcd",
            "1a",
            "",
        ] {
            assert_eq!(
                ids.holds(id),
                gone.iter().any(|g| g.starts_with(id)),
                "{id}"
            );
        }
    }

    #[test]
    fn entries_skip_the_header_and_keep_their_dates() {
        let store = format!(
            "{HEADER}\n## 2026-01-14\n\ndecided: a (commit 1a2b3c4)\n\n## 2026-01-15\n\nlearned: b (commit 2b3c4d5)\n"
        );
        let found = entries(&store);
        let day = |d| chrono::NaiveDate::from_ymd_opt(2026, 1, d);
        assert_eq!(
            found,
            vec![
                Entry {
                    date: day(14),
                    line: "decided: a (commit 1a2b3c4)".into()
                },
                Entry {
                    date: day(15),
                    line: "learned: b (commit 2b3c4d5)".into()
                },
            ]
        );
    }
}
