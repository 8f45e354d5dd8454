//! Which project a commit belongs to, in a repository that holds several (the packages of a
//! monorepo, each with its own `.mind/`).
//!
//! git runs hooks at the work tree's top folder, whatever the commit changes, so the commit's
//! files say whose it is. Each changed file belongs to the nearest project holding it: a
//! folder below the top that holds `.mind/`, else the project at the top folder (or above it,
//! for a submodule), which takes what no deeper project holds. A commit whose files all
//! belong to one project is that project's; one whose files belong to several is the nearest
//! project holding them all (the top one, when there is one), else no project's for sure
//! (which one is for the user to say). A commit of files that no project holds, in a
//! repository without a top project, is the repository's only project's, when it has exactly
//! one.
//!
//! The post-commit and post-merge hooks route each commit by these rules, and so do
//! `mind harvest`, `mind diff` and the bookkeeping of rewritten history: a new clone rebuilds
//! the same store the hooks built, and no package is told another package's decisions. The
//! rules read only the folders on disk, the repository's index and the registry, never which
//! folder a command runs in.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::capture::commits::{self, CommitFacts};
use crate::error::Result;
use crate::store::discovery::{self, Bounds};
use crate::store::{self, MIND_DIR, Project};

/// Where a commit goes.
#[derive(Debug, Clone)]
pub enum Route {
    /// The project it belongs to.
    One(Project),
    /// No project: the files it changes are in none, and the repository has no single one.
    None,
    /// It changes files of these projects, and no project holds them all.
    Several(Vec<Project>),
}

impl Route {
    /// Whether the commit belongs to `project`.
    pub fn is(&self, project: &Project) -> bool {
        matches!(self, Route::One(p) if same_folder(&p.root, &project.root))
    }
}

/// What a commit is to one project: its own, another project's (or no project's), or one
/// that changes files of several projects and is kept by none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    Here,
    Elsewhere,
    Several,
}

/// The routing rules for one repository, with what they looked up kept for the next commit.
pub struct Router {
    /// The work tree's top folder (canonical).
    top: PathBuf,
    /// The project at the top folder or above it, which takes what no deeper project holds.
    covering: Option<Project>,
    bounds: Bounds,
    /// A folder → the nearest folder at or above it, below the top, that holds a project.
    nearest: HashMap<PathBuf, Option<PathBuf>>,
    /// The repository's only project, once looked up.
    only: Option<Option<Project>>,
    /// The repository's index, for the projects it tracks.
    index_path: PathBuf,
    object_hash: gix::hash::Kind,
}

impl Router {
    /// The rules for `repo`'s work tree; `None` for a repository without one.
    pub fn new(repo: &gix::Repository) -> Option<Router> {
        let top = repo.workdir()?;
        let top = std::fs::canonicalize(top).unwrap_or_else(|_| top.to_path_buf());
        Some(Router {
            covering: store::find_upwards(&top),
            bounds: Bounds::from_env(&top),
            nearest: HashMap::new(),
            only: None,
            index_path: repo.index_path(),
            object_hash: repo.object_hash(),
            top,
        })
    }

    /// The project at the top folder or above it, if any.
    pub fn covering(&self) -> Option<&Project> {
        self.covering.as_ref()
    }

    /// The project a commit that changes `paths` (relative to the top folder) belongs to.
    pub fn route(&mut self, paths: &[String]) -> Route {
        let mut owners: Vec<PathBuf> = Vec::new();
        for path in paths {
            let Some(folder) = self.top.join(path).parent().map(Path::to_path_buf) else {
                continue;
            };
            let owner = self
                .nearest_below_top(&folder)
                .or_else(|| self.covering.as_ref().map(|p| p.root.clone()));
            if let Some(owner) = owner
                && !owners.contains(&owner)
            {
                owners.push(owner);
            }
        }
        match owners.len() {
            0 => match &self.covering {
                Some(project) => Route::One(project.clone()),
                None => self.only_project().map_or(Route::None, Route::One),
            },
            1 => Route::One(self.project_at(&owners[0])),
            _ => match self.holding_all(&owners) {
                Some(project) => Route::One(project),
                None => {
                    owners.sort();
                    Route::Several(owners.iter().map(|o| self.project_at(o)).collect())
                }
            },
        }
    }

    /// The project `facts` (a commit) belongs to, from the files it adds or changes.
    pub fn route_commit(&mut self, repo: &gix::Repository, facts: &CommitFacts) -> Result<Route> {
        let paths = commit_paths(repo, facts)?;
        Ok(self.route(&paths))
    }

    /// What `facts` is to `project`.
    pub fn whose(
        &mut self,
        repo: &gix::Repository,
        facts: &CommitFacts,
        project: &Project,
    ) -> Result<Whose> {
        Ok(match self.route_commit(repo, facts)? {
            route if route.is(project) => Whose::Here,
            Route::Several(_) => Whose::Several,
            _ => Whose::Elsewhere,
        })
    }

    /// A project's folder as notes name it: relative to the top folder, `/`-separated.
    pub fn name(&self, project: &Project) -> String {
        let root = std::fs::canonicalize(&project.root).unwrap_or_else(|_| project.root.clone());
        let rel = root.strip_prefix(&self.top).unwrap_or(&root);
        let parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        parts.join("/")
    }

    /// The project at `root`: the covering one, or one below the top.
    fn project_at(&self, root: &Path) -> Project {
        match &self.covering {
            Some(project) if project.root == root => project.clone(),
            _ => Project::new(root),
        }
    }

    /// The nearest project holding every one of `owners` (folders of projects): the nearest
    /// at or above the folder they share, else the covering one.
    fn holding_all(&mut self, owners: &[PathBuf]) -> Option<Project> {
        let mut shared = owners[0].clone();
        for owner in &owners[1..] {
            while !owner.starts_with(&shared) {
                if !shared.pop() {
                    return self.covering.clone();
                }
            }
        }
        match self.nearest_below_top(&shared) {
            Some(root) => Some(Project::new(root)),
            None => self.covering.clone(),
        }
    }

    /// The nearest folder from `folder` up to (not including) the top that holds a project,
    /// remembered per folder: a commit of many files in few folders costs a few `stat`s.
    fn nearest_below_top(&mut self, folder: &Path) -> Option<PathBuf> {
        if folder == self.top || !folder.starts_with(&self.top) {
            return None;
        }
        if let Some(found) = self.nearest.get(folder) {
            return found.clone();
        }
        let found = if discovery::holds_project(folder, &self.bounds) {
            Some(folder.to_path_buf())
        } else {
            folder
                .parent()
                .and_then(|parent| self.nearest_below_top(parent))
        };
        self.nearest.insert(folder.to_path_buf(), found.clone());
        found
    }

    /// The repository's only project below the top folder, if it has exactly one: counting
    /// those `mind init` registered inside this work tree (in no repository of their own: a
    /// nested clone or a submodule runs its own hooks) and those whose `.mind/` git tracks, so
    /// that a clone where only one package was set up counts the others too.
    fn only_project(&mut self) -> Option<Project> {
        if let Some(known) = &self.only {
            return known.clone();
        }
        // Without a project registered here the index is not read: a repository mind was
        // never set up in (hooks from a shared folder) pays nothing for the rule.
        let mut roots = self.registered_projects();
        if !roots.is_empty() {
            roots.extend(self.tracked_projects());
        }
        roots.sort();
        roots.dedup();
        let only = match roots.as_slice() {
            [root] if discovery::holds_project(root, &self.bounds) => Some(Project::new(root)),
            _ => None,
        };
        self.only = Some(only.clone());
        only
    }

    /// The folders below the top whose `.mind/` the index holds files of.
    fn tracked_projects(&self) -> Vec<PathBuf> {
        let Ok(index) = gix::index::File::at(
            &self.index_path,
            self.object_hash,
            false,
            gix::index::decode::Options::default(),
        ) else {
            return Vec::new();
        };
        let marker = format!("/{MIND_DIR}/");
        let mut out: Vec<PathBuf> = Vec::new();
        for entry in index.entries() {
            let path = entry.path(&index).to_string();
            let Some(at) = path.find(&marker) else {
                continue;
            };
            let root = self.top.join(&path[..at]);
            if !out.contains(&root) {
                out.push(root);
            }
        }
        out
    }

    /// The registered projects below the top folder and in no repository of their own.
    fn registered_projects(&self) -> Vec<PathBuf> {
        let Some(entries) = store::home::GlobalFolder::from_env(&self.top)
            .ok()
            .and_then(|home| store::registry::list(&home).ok())
        else {
            return Vec::new();
        };
        let top = &self.top;
        entries
            .into_iter()
            .map(|r| r.path)
            .filter(|root| root != top && root.starts_with(top))
            .filter(|root| {
                root.ancestors()
                    .take_while(|dir| dir != top)
                    .all(|dir| std::fs::symlink_metadata(dir.join(".git")).is_err())
            })
            .collect()
    }
}

/// The paths a commit adds, changes or deletes against its first parent (every file of a
/// first commit), relative to the top folder. A deletion counts: a commit that removes a
/// package's files (a revert of what added them) is that package's.
pub fn commit_paths(repo: &gix::Repository, facts: &CommitFacts) -> Result<Vec<String>> {
    let parent_tree = match facts.parents.first() {
        Some(parent) => match commits::read_commit(repo, *parent) {
            Ok(parent) => Some(parent.tree),
            // The edge of a shallow clone: what the commit changed is not known here, and it
            // routes as a commit of no files does (to the top folder's project, or the only
            // one).
            Err(_) => return Ok(Vec::new()),
        },
        None => None,
    };
    let mut out = Vec::new();
    touched(
        repo,
        parent_tree,
        Some(facts.tree),
        &mut String::new(),
        &mut out,
    )?;
    Ok(out)
}

type Entries = HashMap<Vec<u8>, (gix::objs::tree::EntryMode, gix::ObjectId)>;

fn entries_of(repo: &gix::Repository, tree: Option<gix::ObjectId>) -> Result<Entries> {
    let Some(id) = tree else {
        return Ok(Entries::new());
    };
    let tree = repo
        .find_tree(id)
        .map_err(commits::git_error("reading a tree"))?;
    let decoded = tree
        .decode()
        .map_err(commits::git_error("decoding a tree"))?;
    Ok(decoded
        .entries
        .iter()
        .map(|e| (e.filename.to_vec(), (e.mode, e.oid.to_owned())))
        .collect())
}

/// The paths that differ between two trees (either may be missing), identical subtrees
/// skipped.
fn touched(
    repo: &gix::Repository,
    old: Option<gix::ObjectId>,
    new: Option<gix::ObjectId>,
    prefix: &mut String,
    out: &mut Vec<String>,
) -> Result<()> {
    if old == new {
        return Ok(());
    }
    let (before, after) = (entries_of(repo, old)?, entries_of(repo, new)?);
    let mut names: Vec<&Vec<u8>> = after.keys().chain(before.keys()).collect();
    names.sort();
    names.dedup();
    for name in names {
        let (was, is) = (before.get(name), after.get(name));
        if was == is {
            continue;
        }
        let len = prefix.len();
        prefix.push_str(&String::from_utf8_lossy(name));
        let named = prefix.len();
        let tree_of = |entry: Option<&(gix::objs::tree::EntryMode, gix::ObjectId)>| {
            entry.filter(|(mode, _)| mode.is_tree()).map(|(_, id)| *id)
        };
        let (old_sub, new_sub) = (tree_of(was), tree_of(is));
        if old_sub.is_some() || new_sub.is_some() {
            prefix.push('/');
            touched(repo, old_sub, new_sub, prefix, out)?;
            prefix.truncate(named);
        }
        // A file (or a link, or a submodule) on either side.
        let not_tree = |entry: Option<&(gix::objs::tree::EntryMode, gix::ObjectId)>| {
            entry.is_some_and(|(mode, _)| !mode.is_tree())
        };
        if not_tree(was) || not_tree(is) {
            out.push(prefix.clone());
        }
        prefix.truncate(len);
    }
    Ok(())
}

fn same_folder(a: &Path, b: &Path) -> bool {
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    a == b || canonical(a) == canonical(b)
}
