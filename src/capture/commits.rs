//! Commits through gix: their messages, the `MEMORY:` comments they add, and a walk of
//! history newest first.
//!
//! "The comments a commit adds" are those in a changed file's new version whose key is
//! not in the old version: no line diff is needed, and a comment that only moved within a
//! file is not new. Trees are compared recursively, skipping identical subtrees, so a
//! small commit in a large repository reads a handful of objects.

use std::collections::{BinaryHeap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use chrono::{DateTime, NaiveDate};
use gix::ObjectId;
use gix::bstr::ByteSlice;

use crate::capture::path_filter::PathFilter;
use crate::capture::settings::CaptureSettings;
use crate::capture::{Candidate, comments, dedupe, rules};
use crate::error::{Error, Result};

/// A gix failure as a `mind` error, with what was being done.
pub fn git_error(doing: &str) -> impl FnOnce(gix::Error) -> Error + '_ {
    move |e| Error::Failed(format!("git: {doing}: {e}"))
}

/// The repository that holds `dir` (honouring `GIT_DIR` and friends, as hooks may set them).
pub fn open(dir: &Path) -> Result<gix::Repository> {
    let mut repo = gix::discover_with_environment_overrides(dir)
        .map_err(|e| Error::Failed(format!("not in a git repository ({}): {e}", dir.display())))?;
    repo.object_cache_size_if_unset(4 * 1024 * 1024);
    Ok(repo)
}

/// The commit HEAD points at; `None` on an unborn branch.
pub fn head_id(repo: &gix::Repository) -> Result<Option<ObjectId>> {
    let head = repo.head().map_err(git_error("reading HEAD"))?;
    Ok(head.id().map(|id| id.detach()))
}

/// What harvesting needs of one commit.
#[derive(Debug, Clone)]
pub struct CommitFacts {
    pub id: ObjectId,
    pub tree: ObjectId,
    pub parents: Vec<ObjectId>,
    /// Committer time, seconds since the epoch.
    pub seconds: i64,
    /// The committer's calendar day, in the committer's own time zone.
    pub date: NaiveDate,
    pub message: String,
}

impl CommitFacts {
    /// `1a2b3c4`: the id as provenance shows it.
    pub fn short(&self) -> String {
        self.id.to_hex_with_len(7).to_string()
    }
}

/// What a revert commit says it undoes, from the lines git writes into its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reverted {
    /// "This reverts commit <id>.": that commit (its id as written, lower case).
    Commit(String),
    /// "This reverts commit <merge>, reversing changes made to <mainline>." (`git revert -m`):
    /// the merge undoes what it brought in, the commits reachable from the merge and not
    /// from the mainline parent.
    Merge { merge: String, mainline: String },
}

/// The commits `message` says it reverts, in message order.
pub fn reverted(message: &str) -> Vec<Reverted> {
    // A hex id of at least seven digits, with the punctuation after it dropped.
    fn id(word: &str) -> Option<String> {
        let id = word.trim_end_matches(['.', ',']).to_ascii_lowercase();
        (id.len() >= 7 && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_hexdigit())).then_some(id)
    }
    // Most messages revert nothing: one search, no line split.
    if memchr::memmem::find(message.as_bytes(), b"This reverts commit ").is_none() {
        return Vec::new();
    }
    let lines: Vec<&str> = message.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.trim().strip_prefix("This reverts commit ") else {
            continue;
        };
        // git wraps the merge form: "This reverts commit X, reversing\nchanges made to Y."
        let next = lines.get(i + 1).copied().unwrap_or("");
        let joined = format!("{rest} {next}");
        let mut words = joined.split_whitespace();
        let Some(first) = words.next() else {
            continue;
        };
        let Some(target) = id(first) else {
            continue;
        };
        let reversing: Vec<&str> = words.take(5).collect();
        match reversing.as_slice() {
            ["reversing", "changes", "made", "to", mainline, ..] if first.ends_with(',') => {
                if let Some(mainline) = id(mainline) {
                    out.push(Reverted::Merge {
                        merge: target,
                        mainline,
                    });
                }
            }
            _ => out.push(Reverted::Commit(target)),
        }
    }
    out
}

/// At most this many commits are counted as what one merge brought in.
const MAX_MERGED: usize = 10_000;

/// The commits a reverted merge brought in: reachable from `merge` (itself included) and not
/// from `mainline`. Empty when either is not in the repository (a shallow clone, a pruned
/// branch): nothing is taken back then rather than too much.
pub fn merged_by(repo: &gix::Repository, merge: &str, mainline: &str) -> Vec<ObjectId> {
    let resolve = |id: &str| -> Option<ObjectId> {
        let found = repo.rev_parse_single(id).ok()?.detach();
        repo.find_commit(found).ok().map(|c| c.id)
    };
    let (Some(merge), Some(mainline)) = (resolve(merge), resolve(mainline)) else {
        return Vec::new();
    };
    let Ok(walk) = repo.rev_walk([merge]).with_hidden([mainline]).all() else {
        return Vec::new();
    };
    walk.take(MAX_MERGED)
        .map_while(|info| info.ok().map(|info| info.id))
        .collect()
}

/// The commits (full or abbreviated hex ids) `reverts` names: a reverted commit, or what a
/// reverted merge brought in.
pub fn revert_targets(repo: &gix::Repository, reverts: &[Reverted]) -> Vec<String> {
    let mut out = Vec::new();
    for revert in reverts {
        match revert {
            Reverted::Commit(id) => out.push(id.clone()),
            Reverted::Merge { merge, mainline } => out.extend(
                merged_by(repo, merge, mainline)
                    .into_iter()
                    .map(|id| id.to_hex().to_string()),
            ),
        }
    }
    out
}

/// What `facts` (the commit just made, HEAD) takes back and brings back ([`Undone`]): the
/// commit it amended (HEAD's newest reflog entry is a `commit (amend)` from it) and what it
/// reverts.
pub fn taken_back(repo: &gix::Repository, facts: &CommitFacts) -> Undone {
    let mut out = undone(repo, &facts.message);
    out.gone.extend(amended_from(repo, facts.id));
    out
}

/// What a revert undoes, followed through reverts of reverts.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Undone {
    /// Commits whose memories no longer stand (hex ids, maybe abbreviated): those reverted,
    /// those a reverted merge brought in, and what a reverted revert of a revert had
    /// brought back.
    pub gone: Vec<String>,
    /// Commits whose memories stand again: what a reverted revert had undone (a merge
    /// reverted, then that revert reverted to merge it again, as git's documentation
    /// advises).
    pub back: Vec<ObjectId>,
}

/// How deep a chain of reverts of reverts is followed.
const MAX_REVERT_DEPTH: usize = 8;

/// What the revert `message` undoes and brings back ([`Undone`]).
pub fn undone(repo: &gix::Repository, message: &str) -> Undone {
    let mut out = Undone::default();
    follow_reverts(repo, message, true, 0, &mut out);
    out
}

/// Reverting a commit takes back what it said and undoes what it did: when it was itself a
/// revert, what that one took back stands again, and so on down the chain.
fn follow_reverts(
    repo: &gix::Repository,
    message: &str,
    take_back: bool,
    depth: usize,
    out: &mut Undone,
) {
    for target in revert_targets(repo, &reverted(message)) {
        let facts = repo
            .rev_parse_single(target.as_str())
            .ok()
            .and_then(|found| read_commit(repo, found.detach()).ok());
        if take_back {
            out.gone.push(target);
        } else if let Some(facts) = &facts
            && !out.back.contains(&facts.id)
        {
            out.back.push(facts.id);
        }
        if let Some(facts) = facts
            && depth < MAX_REVERT_DEPTH
        {
            follow_reverts(repo, &facts.message, !take_back, depth + 1, out);
        }
    }
}

/// The commit HEAD was amended from, when HEAD's newest reflog entry says so. Only the end
/// of the reflog is read.
fn amended_from(repo: &gix::Repository, head: ObjectId) -> Option<String> {
    use std::io::{Read, Seek, SeekFrom};
    let mut file = std::fs::File::open(repo.git_dir().join("logs").join("HEAD")).ok()?;
    let len = file.metadata().ok()?.len();
    file.seek(SeekFrom::Start(len.saturating_sub(4096))).ok()?;
    let mut tail = Vec::new();
    file.read_to_end(&mut tail).ok()?;
    let tail = String::from_utf8_lossy(&tail);
    let last = tail.trim_end_matches('\n').rsplit('\n').next()?;
    let (ids, message) = last.split_once('\t')?;
    let mut ids = ids.split(' ');
    let (old, new) = (ids.next()?, ids.next()?);
    (message.starts_with("commit (amend):") && head.to_hex() == new).then(|| old.to_string())
}

/// Read one commit.
pub fn read_commit(repo: &gix::Repository, id: ObjectId) -> Result<CommitFacts> {
    let object = repo
        .find_object(id)
        .map_err(git_error("reading a commit"))?;
    facts_from_bytes(id, &object.data, repo.object_hash())
}

/// Read a commit from its raw object bytes (public for the fuzz targets).
#[doc(hidden)]
pub fn facts_from_bytes(id: ObjectId, data: &[u8], kind: gix::hash::Kind) -> Result<CommitFacts> {
    let commit = gix::objs::CommitRef::from_bytes(data, kind)
        .map_err(|e| Error::Failed(format!("git: commit {id} is unreadable: {e}")))?;
    let time = commit
        .time()
        .map_err(|e| Error::Failed(format!("git: commit {id} has a bad date: {e}")))?;
    Ok(CommitFacts {
        id,
        tree: commit.tree(),
        parents: commit.parents().collect(),
        seconds: time.seconds,
        date: day_of(time.seconds, time.offset),
        message: commit.message.to_str_lossy().into_owned(),
    })
}

/// The calendar day of a git time in its own offset.
pub fn day_of(seconds: i64, offset: i32) -> NaiveDate {
    DateTime::from_timestamp(seconds + i64::from(offset), 0)
        .map(|t| t.date_naive())
        .unwrap_or_default()
}

/// The memories in a commit's message.
pub fn message_candidates(facts: &CommitFacts, settings: &CaptureSettings) -> Vec<Candidate> {
    if !settings.commits {
        return Vec::new();
    }
    let provenance = format!("commit {}", facts.short());
    rules::from_message(&facts.message, settings.conventional_subjects)
        .into_iter()
        .map(|h| Candidate {
            kind: h.kind,
            text: h.line,
            provenance: provenance.clone(),
            date: facts.date,
        })
        .collect()
}

/// Where the project sits in the repository, to turn repository paths into project paths.
#[derive(Debug, Clone)]
pub struct Scope {
    /// The project root relative to the work tree root, with `/` separators and a trailing
    /// `/` (empty when they are the same folder).
    pub prefix: String,
    /// The work tree root relative to the project root, when the repository sits inside the
    /// project (a submodule, a nested repository): prepended to repository paths.
    pub outer: String,
    /// The files whose comments are read, by the rules the tree scan follows.
    filter: PathFilter,
    pub max_file_bytes: u64,
    /// Folders below the project root that hold a project of their own.
    nested: NestedProjects,
}

/// The folders below a project's root that hold a project of their own (a package of a
/// monorepo with its own `.mind/`): their files are that project's, as `mind checkpoint`
/// leaves them to it, so the comments a commit adds there are not this project's. Looked up
/// on disk as paths come, each folder once.
#[derive(Debug)]
struct NestedProjects {
    root: PathBuf,
    bounds: crate::store::discovery::Bounds,
    known: std::sync::Mutex<HashMap<String, bool>>,
}

impl Clone for NestedProjects {
    fn clone(&self) -> Self {
        NestedProjects {
            root: self.root.clone(),
            bounds: self.bounds.clone(),
            known: std::sync::Mutex::new(self.known.lock().map(|k| k.clone()).unwrap_or_default()),
        }
    }
}

impl NestedProjects {
    /// Whether a folder on the way from the root to `rel` (a project path) holds a project.
    fn hold(&self, rel: &str) -> bool {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        let mut end = 0;
        while let Some(slash) = rel[end..].find('/') {
            end += slash;
            let folder = &rel[..end];
            let holds = match known.get(folder) {
                Some(&holds) => holds,
                None => {
                    let holds = crate::store::discovery::holds_project(
                        &self.root.join(folder),
                        &self.bounds,
                    );
                    known.insert(folder.to_string(), holds);
                    holds
                }
            };
            if holds {
                return true;
            }
            end += 1;
        }
        false
    }
}

impl Scope {
    pub fn new(repo: &gix::Repository, project_root: &Path, max_file_bytes: u64) -> Scope {
        let work_dir = repo.workdir().map(canonical);
        let root = canonical(project_root);
        let prefix = match work_dir.as_deref().and_then(|w| root.strip_prefix(w).ok()) {
            Some(rel) if !rel.as_os_str().is_empty() => {
                format!("{}/", comments::relative_path(Path::new(""), rel))
            }
            _ => String::new(),
        };
        let outer = match work_dir.as_deref().and_then(|w| w.strip_prefix(&root).ok()) {
            Some(rel) if !rel.as_os_str().is_empty() => {
                format!("{}/", comments::relative_path(Path::new(""), rel))
            }
            _ => String::new(),
        };
        let filter = PathFilter::new(&root, work_dir.as_deref().unwrap_or(&root));
        Scope {
            prefix,
            outer,
            filter,
            max_file_bytes,
            nested: NestedProjects {
                bounds: crate::store::discovery::Bounds::from_env(&root),
                root,
                known: Default::default(),
            },
        }
    }

    /// The project-relative path of a repository path, if it is inside the project, not in
    /// a folder holding a project of its own, and not left out by the rules `mind checkpoint`
    /// follows ([`PathFilter`]: never-entered folders such as `node_modules/`, every
    /// `.mindignore`, `.gitignore` and `.ignore` on the way), which leave out a tracked file
    /// too: a commit's comments are read from the same files as the work tree's.
    pub fn project_path(&self, repo_path: &str) -> Option<String> {
        let rel = self.inside(repo_path)?;
        (!self.filter.excludes(&rel)).then_some(rel)
    }

    /// [`Scope::project_path`] but for the ignore rules, which read the work tree's folders:
    /// inside the project, in no never-entered folder and no folder of a project of its own.
    /// What the caller keeps of such a file still goes through the rules.
    fn inside(&self, repo_path: &str) -> Option<String> {
        let rel = format!(
            "{}{}",
            self.outer,
            repo_path.strip_prefix(self.prefix.as_str())?
        );
        if self.filter.never_enters(&rel) || self.nested.hold(&rel) {
            return None;
        }
        Some(rel)
    }

    /// The repository path of a project path, if the repository holds it.
    pub fn repo_path(&self, project_path: &str) -> Option<String> {
        let inside = project_path.strip_prefix(self.outer.as_str())?;
        Some(format!("{}{inside}", self.prefix))
    }
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// A file a commit added or changed: its path and the blob before and after.
#[derive(Debug, Clone)]
pub struct ChangedFile {
    pub path: String,
    pub old: Option<ObjectId>,
    pub new: ObjectId,
}

/// Files that differ between two trees (added or modified blobs; deletions are skipped).
pub fn changed_files(
    repo: &gix::Repository,
    old_tree: Option<ObjectId>,
    new_tree: ObjectId,
) -> Result<Vec<ChangedFile>> {
    let mut out = Vec::new();
    let mut prefix = String::new();
    diff_trees(repo, old_tree, new_tree, &mut prefix, &mut out)?;
    Ok(out)
}

type Entries = Vec<(String, gix::objs::tree::EntryMode, ObjectId)>;

fn tree_entries(repo: &gix::Repository, id: ObjectId) -> Result<Entries> {
    let tree = repo.find_tree(id).map_err(git_error("reading a tree"))?;
    let decoded = tree.decode().map_err(git_error("decoding a tree"))?;
    Ok(decoded
        .entries
        .iter()
        .map(|e| {
            (
                e.filename.to_str_lossy().into_owned(),
                e.mode,
                e.oid.to_owned(),
            )
        })
        .collect())
}

fn diff_trees(
    repo: &gix::Repository,
    old: Option<ObjectId>,
    new: ObjectId,
    prefix: &mut String,
    out: &mut Vec<ChangedFile>,
) -> Result<()> {
    if old == Some(new) {
        return Ok(());
    }
    let old_entries: HashMap<String, (gix::objs::tree::EntryMode, ObjectId)> = match old {
        Some(id) => tree_entries(repo, id)?
            .into_iter()
            .map(|(name, mode, oid)| (name, (mode, oid)))
            .collect(),
        None => HashMap::new(),
    };
    for (name, mode, oid) in tree_entries(repo, new)? {
        let before = old_entries.get(&name);
        if before.is_some_and(|(_, o)| *o == oid) {
            continue;
        }
        let len = prefix.len();
        prefix.push_str(&name);
        if mode.is_tree() {
            prefix.push('/');
            let old_sub = before.filter(|(m, _)| m.is_tree()).map(|(_, o)| *o);
            diff_trees(repo, old_sub, oid, prefix, out)?;
        } else if mode.is_blob() {
            out.push(ChangedFile {
                path: prefix.clone(),
                old: before.filter(|(m, _)| m.is_blob()).map(|(_, o)| *o),
                new: oid,
            });
        }
        prefix.truncate(len);
    }
    Ok(())
}

/// The `MEMORY:` comments present in `new` but not (by key) in `old`, with their lines.
pub fn added_comments_in_blobs(
    repo: &gix::Repository,
    path: &str,
    old: Option<ObjectId>,
    new: ObjectId,
    max_file_bytes: u64,
) -> Result<Vec<(usize, String)>> {
    let Some(new_bytes) = blob_if_text(repo, new, max_file_bytes)? else {
        return Ok(Vec::new());
    };
    let found = comments::comments_in(Path::new(path), &new_bytes);
    if found.is_empty() {
        return Ok(found);
    }
    let before: HashSet<String> = match old {
        Some(id) => match blob_if_text(repo, id, max_file_bytes)? {
            Some(bytes) => comments::comments_in(Path::new(path), &bytes)
                .into_iter()
                .map(|(_, text)| dedupe::key(&text))
                .collect(),
            None => HashSet::new(),
        },
        None => HashSet::new(),
    };
    Ok(found
        .into_iter()
        .filter(|(_, text)| !before.contains(&dedupe::key(text)))
        .collect())
}

pub fn blob_if_text(repo: &gix::Repository, id: ObjectId, max: u64) -> Result<Option<Vec<u8>>> {
    let header = repo
        .find_header(id)
        .map_err(git_error("reading a blob header"))?;
    if header.size() > max {
        return Ok(None);
    }
    let blob = repo.find_blob(id).map_err(git_error("reading a blob"))?;
    let data = blob.detach().data;
    if memchr::memchr(0, &data).is_some() {
        return Ok(None);
    }
    Ok(Some(data))
}

/// The `MEMORY:` comments a commit adds compared with its first parent.
pub fn comment_candidates(
    repo: &gix::Repository,
    facts: &CommitFacts,
    scope: &Scope,
) -> Result<Vec<Candidate>> {
    let parent_tree = match facts.parents.first() {
        Some(parent) => Some(read_commit(repo, *parent)?.tree),
        None => None,
    };
    let mut out = Vec::new();
    for file in changed_files(repo, parent_tree, facts.tree)? {
        let Some(rel) = scope.inside(&file.path) else {
            continue;
        };
        let added =
            added_comments_in_blobs(repo, &file.path, file.old, file.new, scope.max_file_bytes)?;
        // The ignore rules are asked only of a file that adds comments: a commit of thousands
        // of files reads the rule files of few folders.
        if added.is_empty() || scope.filter.excludes(&rel) {
            continue;
        }
        for (line, text) in added {
            if let Some(h) = rules::from_comment(&text) {
                out.push(Candidate {
                    kind: h.kind,
                    text: h.line,
                    provenance: format!(
                        "{}, commit {}",
                        rules::file_place(&rel, line),
                        facts.short()
                    ),
                    date: facts.date,
                });
            }
        }
    }
    Ok(out)
}

/// Limits of a history walk.
#[derive(Debug, Clone, Default)]
pub struct WalkLimits {
    /// Stop before commits whose committer time is older than this (seconds).
    pub since_seconds: Option<i64>,
    /// Leave out this commit and its ancestors.
    pub hide: Option<ObjectId>,
    /// At most this many commits.
    pub limit: Option<usize>,
    /// Neither this commit nor what lies behind it through it (an earlier walk's start).
    pub stop_at: Option<ObjectId>,
}

/// Visit the commits reachable from `start`, newest committer time first.
pub fn walk(
    repo: &gix::Repository,
    start: ObjectId,
    limits: &WalkLimits,
    mut visit: impl FnMut(&CommitFacts) -> Result<()>,
) -> Result<usize> {
    let hidden = match limits.hide {
        Some(id) => ancestors(repo, id)?,
        None => HashSet::new(),
    };
    let mut queue: BinaryHeap<(i64, ObjectId)> = BinaryHeap::new();
    // Commits read when first queued, so each is read once.
    let mut pending: HashMap<ObjectId, CommitFacts> = HashMap::new();
    let first = read_commit(repo, start)?;
    queue.push((first.seconds, start));
    pending.insert(start, first);
    let mut queued: HashSet<ObjectId> = HashSet::from([start]);
    let mut visited = 0;
    while let Some((_, id)) = queue.pop() {
        let Some(facts) = pending.remove(&id) else {
            continue;
        };
        if limits.limit.is_some_and(|n| visited >= n) {
            break;
        }
        if hidden.contains(&id)
            || limits.stop_at == Some(id)
            || limits.since_seconds.is_some_and(|s| facts.seconds < s)
        {
            continue;
        }
        visited += 1;
        visit(&facts)?;
        for parent in &facts.parents {
            if queued.insert(*parent) && !hidden.contains(parent) {
                // A parent missing from a shallow clone ends that line of history.
                let Ok(parent_facts) = read_commit(repo, *parent) else {
                    continue;
                };
                queue.push((parent_facts.seconds, *parent));
                pending.insert(*parent, parent_facts);
            }
        }
    }
    Ok(visited)
}

/// Every commit reachable from `id` (itself included).
fn ancestors(repo: &gix::Repository, id: ObjectId) -> Result<HashSet<ObjectId>> {
    let mut seen = HashSet::new();
    let mut stack = vec![id];
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        if let Ok(facts) = read_commit(repo, id) {
            stack.extend(facts.parents);
        }
    }
    Ok(seen)
}

/// Decoded trees by id, so paths shared by many commits are looked up cheaply.
#[derive(Default)]
pub struct TreeCache {
    trees: HashMap<ObjectId, HashMap<Vec<u8>, (bool, ObjectId)>>,
}

impl TreeCache {
    /// The object at `path` in tree `root`, if any.
    pub fn lookup(
        &mut self,
        repo: &gix::Repository,
        root: ObjectId,
        path: &str,
    ) -> Result<Option<ObjectId>> {
        let mut current = root;
        let mut parts = path.split('/').peekable();
        while let Some(part) = parts.next() {
            let entries = self.entries(repo, current)?;
            let Some(&(is_tree, id)) = entries.get(part.as_bytes()) else {
                return Ok(None);
            };
            if parts.peek().is_none() {
                return Ok(Some(id));
            }
            if !is_tree {
                return Ok(None);
            }
            current = id;
        }
        Ok(None)
    }

    fn entries(
        &mut self,
        repo: &gix::Repository,
        id: ObjectId,
    ) -> Result<&HashMap<Vec<u8>, (bool, ObjectId)>> {
        if let std::collections::hash_map::Entry::Vacant(slot) = self.trees.entry(id) {
            let tree = repo.find_tree(id).map_err(git_error("reading a tree"))?;
            let decoded = tree.decode().map_err(git_error("decoding a tree"))?;
            let map = decoded
                .entries
                .iter()
                .map(|e| {
                    (
                        e.filename.as_bytes().to_vec(),
                        (e.mode.is_tree(), e.oid.to_owned()),
                    )
                })
                .collect();
            slot.insert(map);
        }
        Ok(&self.trees[&id])
    }

    /// Bound memory on long walks.
    pub fn trim(&mut self) {
        if self.trees.len() > 20_000 {
            self.trees.clear();
        }
    }
}
