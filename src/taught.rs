//! What a branch taught: the memory it adds compared with a base commit.
//!
//! Three sources, so the answer is the same in a fresh clone as in the working copy that
//! wrote it: MEMORY.md at the base (a blob read from git) against the working tree file,
//! the named memories in `.mind/memories/` likewise, and the memories in the messages of the
//! commits in `BASE..HEAD` that the commit hook sends to the project (its rules, not the
//! ignored commit store).

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use gix::ObjectId;
use serde::Serialize;

use crate::capture::commits::{self, Scope, WalkLimits, git_error};
use crate::capture::routing::{Router, Whose};
use crate::capture::{dedupe, rules};
use crate::error::{Error, Result};
use crate::parse::{Entity, EntryType, parse_document};
use crate::store::{MEMORIES_DIR, MEMORY_FILE, MIND_DIR, Project, text};

/// Branches tried, in order, when no base is given: the first that exists is the default
/// branch. The remote's HEAD comes last.
const DEFAULT_BRANCHES: [&str; 2] = ["main", "master"];
const REMOTE_HEAD: &str = "refs/remotes/origin/HEAD";

/// The commit the branch is compared with, and how it was chosen.
#[derive(Debug, Clone, Serialize)]
pub struct Base {
    /// What was given, or the default branch whose merge base was taken.
    pub rev: String,
    /// The base commit (full id).
    pub commit: String,
    /// `given` or `merge-base`.
    pub how: &'static str,
}

impl Base {
    pub fn short(&self) -> &str {
        &self.commit[..self.commit.len().min(7)]
    }
}

/// One memory the branch added.
#[derive(Debug, Clone, Serialize)]
pub struct Taught {
    #[serde(rename = "type")]
    pub kind: EntryType,
    /// The memory without its label.
    pub text: String,
    /// `MEMORY.md` or `commit`.
    pub source: &'static str,
    /// The line in the working tree MEMORY.md (for `MEMORY.md`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The short id of the commit whose message holds it (for `commit`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
}

/// A named memory added or changed since the base.
#[derive(Debug, Clone, Serialize)]
pub struct NamedChange {
    /// The file name in `.mind/memories/`.
    pub name: String,
    /// `added` or `changed`.
    pub change: &'static str,
}

/// Everything the branch taught.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub base: Base,
    /// Entries added (MEMORY.md) or found in commit messages, in file then commit order.
    pub entries: Vec<Taught>,
    /// MEMORY.md entries marked superseded since the base.
    pub superseded: Vec<Taught>,
    pub named_memories: Vec<NamedChange>,
    /// How many commits `BASE..HEAD` holds.
    pub commits: usize,
    /// Whether MEMORY.md or a named memory differs from HEAD (uncommitted changes count).
    pub uncommitted: bool,
}

impl Report {
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.superseded.is_empty() && self.named_memories.is_empty()
    }
}

/// Compare the project's memory with `base` (a revision), or with the merge base of HEAD and
/// the default branch.
pub fn since(project: &Project, base: Option<&str>, conventional_subjects: bool) -> Result<Report> {
    let repo = commits::open(&project.root)?;
    let Some(head) = commits::head_id(&repo)? else {
        return Err(Error::Failed("the repository has no commits yet".into()));
    };
    let base = resolve_base(&repo, head, base)?;
    let base_id = ObjectId::from_hex(base.commit.as_bytes())
        .map_err(|e| Error::Failed(format!("git: bad object id {}: {e}", base.commit)))?;
    let scope = Scope::new(&repo, &project.root, u64::MAX);
    let base_tree = commits::read_commit(&repo, base_id)?.tree;
    let head_tree = commits::read_commit(&repo, head)?.tree;

    let memory_path = format!("{MIND_DIR}/{MEMORY_FILE}");
    let now_memory = text::read_optional(&project.memory())?.unwrap_or_default();
    let base_memory = blob_at(&repo, base_tree, &scope, &memory_path)?.unwrap_or_default();
    let head_memory = blob_at(&repo, head_tree, &scope, &memory_path)?.unwrap_or_default();
    let (mut entries, superseded) =
        memory_changes(&text::lossy(&base_memory), &text::lossy(&now_memory));

    let now_named = named_in_folder(project, &project.dir().join(MEMORIES_DIR))?;
    let base_named = named_in_tree(&repo, base_tree, &scope)?;
    let head_named = named_in_tree(&repo, head_tree, &scope)?;
    let named_memories = now_named
        .iter()
        .filter_map(|(name, bytes)| match base_named.get(name) {
            None => Some(NamedChange {
                name: name.clone(),
                change: "added",
            }),
            Some(old) if old != bytes => Some(NamedChange {
                name: name.clone(),
                change: "changed",
            }),
            Some(_) => None,
        })
        .collect();

    let (from_commits, commit_count) =
        commit_memories(&repo, project, head, base_id, conventional_subjects)?;
    // A commit memory already copied into MEMORY.md on this branch is said once.
    let mut seen: std::collections::HashSet<(EntryType, String)> = entries
        .iter()
        .chain(superseded.iter())
        .map(|t| (t.kind, dedupe::key(&t.text)))
        .collect();
    entries.extend(
        from_commits
            .into_iter()
            .filter(|t| seen.insert((t.kind, dedupe::key(&t.text)))),
    );

    Ok(Report {
        base,
        entries,
        superseded,
        named_memories,
        commits: commit_count,
        uncommitted: now_memory != head_memory || now_named != head_named,
    })
}

/// The base commit: `given` resolved, or the merge base of HEAD with the default branch.
fn resolve_base(repo: &gix::Repository, head: ObjectId, given: Option<&str>) -> Result<Base> {
    if let Some(rev) = given {
        let id = repo
            .rev_parse_single(rev)
            .map_err(|e| {
                Error::usage_hint(
                    format!("unknown base {rev:?}: {e}"),
                    "name a branch, tag or commit, such as main, origin/main, v1.0 or HEAD~3",
                )
            })?
            .object()
            .map_err(git_error("reading the base"))?
            .peel_to_commit()
            .map_err(|e| Error::usage(format!("base {rev:?} is not a commit: {e}")))?
            .id;
        return Ok(Base {
            rev: rev.to_string(),
            commit: id.to_string(),
            how: "given",
        });
    }
    let mut candidates: Vec<(String, String)> = DEFAULT_BRANCHES
        .iter()
        .map(|b| (b.to_string(), format!("refs/heads/{b}")))
        .collect();
    candidates.push(("origin/HEAD".into(), REMOTE_HEAD.into()));
    for (label, name) in candidates {
        let Ok(Some(mut reference)) = repo.try_find_reference(name.as_str()) else {
            continue;
        };
        let Ok(tip) = reference.peel_to_commit() else {
            continue;
        };
        // The remote HEAD is shown as the branch it points at (origin/main).
        let label = if name == REMOTE_HEAD {
            reference
                .name()
                .as_bstr()
                .to_string()
                .strip_prefix("refs/remotes/")
                .map(str::to_string)
                .unwrap_or(label)
        } else {
            label
        };
        let base = repo
            .merge_base(head, tip.id)
            .map_err(git_error("finding the merge base"))?
            .ok_or_else(|| Error::Failed(format!("HEAD and {label} have no common history")))?;
        return Ok(Base {
            rev: label,
            commit: base.detach().to_string(),
            how: "merge-base",
        });
    }
    Err(Error::usage_hint(
        "no default branch to compare with: no main, master or origin/HEAD",
        "name the base: mind diff BRANCH",
    ))
}

/// The bytes of the project file `project_path` in `tree`, if it is there.
fn blob_at(
    repo: &gix::Repository,
    tree: ObjectId,
    scope: &Scope,
    project_path: &str,
) -> Result<Option<Vec<u8>>> {
    let Some(repo_path) = scope.repo_path(project_path) else {
        return Ok(None);
    };
    let mut cache = commits::TreeCache::default();
    let Some(id) = cache.lookup(repo, tree, &repo_path)? else {
        return Ok(None);
    };
    let Ok(blob) = repo.find_blob(id) else {
        return Ok(None);
    };
    Ok(Some(blob.detach().data))
}

/// MEMORY.md entries in `now` that `before` did not have, and those newly superseded.
/// An entry is the same when its type and its title (without marks) are.
fn memory_changes(before: &str, now: &str) -> (Vec<Taught>, Vec<Taught>) {
    let mut old: HashMap<(EntryType, String, bool), usize> = HashMap::new();
    for e in parse_document(before).entities {
        *old.entry((e.kind, dedupe::key(&e.title), e.superseded))
            .or_default() += 1;
    }
    let now_doc = parse_document(now);
    let mut take = |key: (EntryType, String, bool)| match old.get_mut(&key) {
        Some(n) if *n > 0 => {
            *n -= 1;
            true
        }
        _ => false,
    };
    // Unchanged entries first, so a line that was superseded before is never mistaken for
    // the earlier, live copy of one superseded now.
    let changed: Vec<_> = now_doc
        .entities
        .iter()
        .filter(|e| !take((e.kind, dedupe::key(&e.title), e.superseded)))
        .collect();
    let (mut added, mut superseded) = (Vec::new(), Vec::new());
    for e in changed {
        let item = Taught {
            kind: e.kind,
            text: memory_text(e),
            source: "MEMORY.md",
            line: Some(e.line),
            commit: None,
        };
        if e.superseded {
            // Newly superseded, or added already superseded: either way it is not advice.
            let _ = take((e.kind, dedupe::key(&e.title), false));
            superseded.push(item);
        } else {
            added.push(item);
        }
    }
    (added, superseded)
}

/// An entry as the context block and `mind edges` show it: the parser splits a gotcha's
/// workaround (and with it a harvested line's provenance) off its title, and a gotcha without
/// its workaround is only half of what was learned.
fn memory_text(e: &Entity) -> String {
    match &e.workaround {
        Some(w) => format!("{} -> {w}", e.title),
        None => e.title.clone(),
    }
}

/// The named memories (`*.md`) in a folder of the working tree, by file name; none read
/// through a symbolic link leading out of the project (the folder or the file).
fn named_in_folder(project: &Project, dir: &Path) -> Result<BTreeMap<String, Vec<u8>>> {
    let mut out = BTreeMap::new();
    let Ok(read) = std::fs::read_dir(dir) else {
        return Ok(out);
    };
    if !project.leads_inside(dir) {
        return Ok(out);
    }
    for entry in read.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".md") || !entry.path().is_file() {
            continue;
        }
        if entry.file_type().is_ok_and(|t| t.is_symlink()) && !project.leads_inside(&entry.path()) {
            continue;
        }
        if let Some(bytes) = text::read_optional(&entry.path())? {
            out.insert(name, bytes);
        }
    }
    Ok(out)
}

/// The named memories in `.mind/memories/` of a commit's tree, by file name.
fn named_in_tree(
    repo: &gix::Repository,
    tree: ObjectId,
    scope: &Scope,
) -> Result<BTreeMap<String, Vec<u8>>> {
    let mut out = BTreeMap::new();
    let Some(repo_path) = scope.repo_path(&format!("{MIND_DIR}/{MEMORIES_DIR}")) else {
        return Ok(out);
    };
    let mut cache = commits::TreeCache::default();
    let Some(dir) = cache.lookup(repo, tree, &repo_path)? else {
        return Ok(out);
    };
    let Ok(dir) = repo.find_tree(dir) else {
        return Ok(out);
    };
    let decoded = dir.decode().map_err(git_error("decoding a tree"))?;
    for entry in &decoded.entries {
        let name = entry.filename.to_string();
        if !entry.mode.is_blob() || !name.ends_with(".md") {
            continue;
        }
        if let Ok(blob) = repo.find_blob(entry.oid.to_owned()) {
            out.insert(name, blob.detach().data);
        }
    }
    Ok(out)
}

/// The memories in the messages of the commits in `base..head` that belong to `project`
/// (by the hooks' routing: another package's commit teaches this one nothing), oldest commit
/// first, and how many commits there are.
fn commit_memories(
    repo: &gix::Repository,
    project: &Project,
    head: ObjectId,
    base: ObjectId,
    conventional_subjects: bool,
) -> Result<(Vec<Taught>, usize)> {
    let mut per_commit = Vec::new();
    let limits = WalkLimits {
        hide: Some(base),
        ..WalkLimits::default()
    };
    let mut router = Router::new(repo);
    let count = commits::walk(repo, head, &limits, |facts| {
        let said = rules::from_message(&facts.message, conventional_subjects);
        if let Some(router) = router.as_mut()
            && !said.is_empty()
            && router.whose(repo, facts, project)? != Whose::Here
        {
            return Ok(());
        }
        let found: Vec<Taught> = said
            .into_iter()
            .map(|h| Taught {
                kind: h.kind,
                text: h
                    .line
                    .strip_prefix(h.kind.label())
                    .map(str::trim_start)
                    .unwrap_or(&h.line)
                    .to_string(),
                source: "commit",
                line: None,
                commit: Some(facts.short()),
            })
            .collect();
        per_commit.push(found);
        Ok(())
    })?;
    Ok((per_commit.into_iter().rev().flatten().collect(), count))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn added_and_newly_superseded_lines() {
        let before = "## 2026-01-01\n\ndecided: use REST\nlearned: old thing\n";
        let now = "## 2026-01-01\n\ndecided: use REST [superseded]\nlearned: old thing\n\n## 2026-01-02\n\ndecided: use gRPC\n";
        let (added, superseded) = memory_changes(before, now);
        assert_eq!(added.len(), 1);
        assert_eq!(added[0].text, "use gRPC");
        assert_eq!(superseded.len(), 1);
        assert_eq!(superseded[0].text, "use REST");
    }

    #[test]
    fn a_gotcha_keeps_its_workaround() {
        let now = "## Gotchas\n- uvicorn reload ignores .env -> restart by hand\n\n## 2026-01-02\n\ngotcha: ITP drops cookies -> same site (src/a.rs:3)\n";
        let (added, _) = memory_changes("", now);
        let texts: Vec<&str> = added.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "uvicorn reload ignores .env -> restart by hand",
                "ITP drops cookies -> same site (src/a.rs:3)"
            ]
        );
    }

    #[test]
    fn unchanged_memory_teaches_nothing() {
        let text = "## 2026-01-01\n\ndecided: use REST [superseded]\ndecided: use REST\n";
        let (added, superseded) = memory_changes(text, text);
        assert!(added.is_empty() && superseded.is_empty());
    }
}
