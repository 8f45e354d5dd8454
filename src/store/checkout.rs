//! What git's checkout leaves out of a project: its whole folder, outside a sparse checkout,
//! or its tracked files (MEMORY.md, config.json), on a branch that does not have them. Either
//! way the project is not gone: the repository holds it, and `git sparse-checkout add` or a
//! checkout of another branch brings it back, so there is nothing to repair, unregister or
//! recreate (`mind init` on such a branch would start a second project there, whose new
//! files then stand in the way of the checkout back).

use std::path::Path;

use super::Project;

/// The repository holding `path` and `path` relative to its work tree (`/` separators).
/// `path` need not exist: git is looked for from the nearest folder above it that does.
fn repository_of(path: &Path) -> Option<(gix::Repository, String)> {
    let existing = path.ancestors().find(|a| a.is_dir())?;
    let rest = path.strip_prefix(existing).ok()?;
    let existing = std::fs::canonicalize(existing).ok()?;
    let repo = gix::discover(&existing).ok()?;
    let work = std::fs::canonicalize(repo.workdir()?).ok()?;
    let relative = existing.join(rest);
    let relative = relative.strip_prefix(&work).ok()?;
    let parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    Some((repo, parts.join("/")))
}

/// The text of `path` as git's index holds it (at most 4 MiB, lossily decoded): the version
/// the repository tracks, which a clone brings along. `None` when the file is not tracked,
/// outside a repository, or when the index or the blob cannot be read.
pub fn tracked_text(path: &Path) -> Option<String> {
    let (repo, relative) = repository_of(path)?;
    let index = repo.index_or_empty().ok()?;
    let id = index.entry_by_path(relative.as_str().into())?.id;
    let blob = repo.find_object(id).ok()?;
    (blob.data.len() <= 4 << 20).then(|| String::from_utf8_lossy(&blob.data).into_owned())
}

/// Whether the tree of `commit` holds `path`.
fn holds(commit: &gix::Commit<'_>, path: &str) -> bool {
    commit
        .tree()
        .ok()
        .and_then(|tree| tree.lookup_entry_by_path(path).ok().flatten())
        .is_some()
}

/// `a/b` joined with `c` (`c` alone when `a/b` is empty).
fn join(folder: &str, name: &str) -> String {
    if folder.is_empty() {
        name.to_string()
    } else {
        format!("{folder}/{name}")
    }
}

/// When the project folder `root` (or its `.mind/`) is not on disk only because it lies
/// outside the sparse checkout (`core.sparseCheckout` is on and HEAD's tree holds it): the
/// folder, relative to the work tree's top, for `git sparse-checkout add`.
pub fn outside_sparse_checkout(root: &Path) -> Option<String> {
    let (repo, relative) = repository_of(root)?;
    if relative.is_empty() {
        return None;
    }
    let sparse = repo.config_snapshot().boolean("core.sparseCheckout");
    if sparse != Some(true) {
        return None;
    }
    let missing = if root.is_dir() {
        join(&relative, super::MIND_DIR)
    } else {
        relative.clone()
    };
    let head = repo.head_commit().ok()?;
    holds(&head, &missing).then_some(relative)
}

/// A project whose tracked files the checked-out commit does not have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotOnBranch {
    /// `.mind/` relative to the work tree's top (`packages/a/.mind`).
    pub folder: String,
    /// The branch checked out (`old-main`), or `None` on a detached HEAD.
    pub branch: Option<String>,
    /// Branches (local first, then remote) whose tip holds the project's MEMORY.md: a few.
    pub holders: Vec<String>,
}

impl NotOnBranch {
    /// Why MEMORY.md is missing and what to do, after `PATH: `.
    pub fn reason(&self) -> String {
        let here = match &self.branch {
            Some(branch) => format!("branch `{branch}`"),
            None => "the commit checked out".to_string(),
        };
        let holders: Vec<String> = self.holders.iter().map(|b| format!("`{b}`")).collect();
        format!(
            "missing: {here} has no {}/ (the project's files are on {}); check out a branch that has it \
             to use this memory, or `mind init` to start a separate project on this branch",
            self.folder,
            holders.join(", ")
        )
    }
}

/// How many references [`not_on_branch`] looks at before giving up: the answer is wanted on an
/// error path, not worth a walk of every remote branch of a large repository.
const REFS_LOOKED_AT: usize = 200;

/// When the project's shared files are gone from its `.mind/` because the checked-out commit
/// does not have them (MEMORY.md and config.json are both missing, HEAD's tree holds no
/// MEMORY.md there, and a branch does): what to tell the user. `None` for anything else,
/// such as a MEMORY.md deleted by hand, which `mind init` recreates.
pub fn not_on_branch(project: &Project) -> Option<NotOnBranch> {
    if project.memory().exists() || project.config().exists() {
        return None;
    }
    let (repo, relative) = repository_of(&project.root)?;
    let folder = join(&relative, super::MIND_DIR);
    let memory = join(&folder, super::MEMORY_FILE);
    if let Ok(head) = repo.head_commit()
        && holds(&head, &memory)
    {
        return None;
    }
    let branch = repo
        .head_name()
        .ok()
        .flatten()
        .map(|name| name.shorten().to_string());
    let platform = repo.references().ok()?;
    let local = platform.local_branches().ok()?;
    let remote = platform.remote_branches().ok()?;
    let mut holders = Vec::new();
    for reference in local
        .chain(remote)
        .filter_map(Result::ok)
        .take(REFS_LOOKED_AT)
    {
        let name = reference.name().shorten().to_string();
        if name.ends_with("/HEAD") || Some(&name) == branch.as_ref() {
            continue;
        }
        let mut reference = reference;
        let Ok(commit) = reference.peel_to_commit() else {
            continue;
        };
        if holds(&commit, &memory) {
            holders.push(name);
            if holders.len() == 3 {
                break;
            }
        }
    }
    (!holders.is_empty()).then_some(NotOnBranch {
        folder,
        branch,
        holders,
    })
}
