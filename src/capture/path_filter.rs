//! Which files of a project its `MEMORY:` comments are read from: one rule for the tree scan
//! of `mind checkpoint` and for the files a commit adds or changes (the post-commit hook,
//! `mind harvest --comments`, prepare-commit-msg's list), so the two give the same set.
//!
//! A file is left out when a folder on its way from the project's root is one never entered
//! ([`NEVER_ENTER`]: `.git`, `.mind`, `node_modules`, `.venv`, ...), or when the ignore rules
//! match the file or a folder on its way: `.mindignore`, `.ignore` and `.gitignore` in the
//! file's folder and every folder above it, git's `info/exclude` and `core.excludesFile`,
//! with the precedence the walk of the `ignore` crate gives them (`.mindignore` first, a
//! deeper file before a shallower one, `!` re-including). These are rules on paths, so a
//! tracked file they match is left out too: a committed `node_modules/`, a bundle added with
//! `git add -f`, code generated into a folder a nested `.mindignore` names are somebody
//! else's text, not the team's memory.
//!
//! The commit path reads the rules from the work tree, as the walk does, each folder's once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};

/// Folders never worth entering, whatever the ignore files say: version control, mind's
/// own, and the dependency and cache folders tools fill with other people's code.
pub const NEVER_ENTER: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    ".jj",
    crate::store::MIND_DIR,
    "node_modules",
    "__pycache__",
    ".venv",
    "venv",
];

/// The project's own ignore file, read in every folder like `.gitignore`, and first.
pub const MINDIGNORE: &str = ".mindignore";

/// Whether a folder of this name is never entered.
pub fn never_entered(name: &str) -> bool {
    NEVER_ENTER.contains(&name)
}

/// The ignore rules of one folder.
#[derive(Debug, Default)]
struct Folder {
    mindignore: Option<Gitignore>,
    ignore: Option<Gitignore>,
    gitignore: Option<Gitignore>,
    /// `info/exclude` of the repository whose work tree this folder is.
    exclude: Option<Gitignore>,
}

impl Folder {
    /// `dir`'s rule files, read.
    fn read(dir: &Path) -> Folder {
        Folder {
            mindignore: rules(dir, &dir.join(MINDIGNORE)),
            ignore: rules(dir, &dir.join(".ignore")),
            gitignore: rules(dir, &dir.join(".gitignore")),
            exclude: git_dir(dir).and_then(|git| rules(dir, &git.join("info").join("exclude"))),
        }
    }

    fn is_empty(&self) -> bool {
        self.mindignore.is_none()
            && self.ignore.is_none()
            && self.gitignore.is_none()
            && self.exclude.is_none()
    }
}

/// The folders with rules that apply in one folder: it and those above it, deepest first.
type Chain = Arc<Vec<Arc<Folder>>>;

/// What is known of a folder below the project's root.
#[derive(Debug, Clone)]
struct Judged {
    /// The walk leaves it out: it, or a folder on its way, is ignored.
    left_out: bool,
    /// The rules that apply to what it holds.
    chain: Chain,
}

/// The rules for the paths of one project, read from its work tree as paths come.
#[derive(Debug, Clone)]
pub struct PathFilter {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    /// The project's root (canonical).
    root: PathBuf,
    /// The work tree's top folder, which `core.excludesFile`'s patterns are relative to.
    top: PathBuf,
    /// Folders already read (project-relative, `""` the root): each folder's files are read
    /// once, and a file's verdict costs its folder's look-up and its chain's matches.
    judged: Mutex<HashMap<String, Judged>>,
    global: OnceLock<Option<Gitignore>>,
}

impl PathFilter {
    /// The filter for the project at `root` (canonical) in the work tree at `top`.
    pub fn new(root: &Path, top: &Path) -> PathFilter {
        PathFilter {
            inner: Arc::new(Inner {
                root: root.to_path_buf(),
                top: top.to_path_buf(),
                judged: Mutex::new(HashMap::new()),
                global: OnceLock::new(),
            }),
        }
    }

    /// Whether the file at `rel` (relative to the project's root, `/` separators) is left
    /// out: a folder on its way is never entered, or the rules ignore a folder on its way (the
    /// walk never goes in) or the file itself.
    pub fn excludes(&self, rel: &str) -> bool {
        if self.never_enters(rel) {
            return true;
        }
        let (folder, _) = rel.rsplit_once('/').unwrap_or(("", rel));
        let judged = self.judge(folder);
        judged.left_out || self.ignored(&judged.chain, &self.inner.root.join(rel), false)
    }

    /// Whether a folder on the way to the file at `rel` is one never entered (no disk read).
    pub fn never_enters(&self, rel: &str) -> bool {
        let folders = rel.rsplit_once('/').map_or("", |(folders, _)| folders);
        folders.split('/').any(never_entered)
    }

    /// The folder at `rel` (project-relative; `""` is the root), judged once: whether the walk
    /// leaves it out, and the rules for what it holds.
    fn judge(&self, rel: &str) -> Judged {
        let known = (self.inner.judged.lock().unwrap_or_else(|e| e.into_inner()))
            .get(rel)
            .cloned();
        if let Some(judged) = known {
            return judged;
        }
        let path = self.inner.root.join(rel);
        let judged = if rel.is_empty() {
            // The root and every folder above it, as the walk reads them.
            let chain: Vec<Arc<Folder>> = (path.ancestors())
                .map(Folder::read)
                .filter(|f| !f.is_empty())
                .map(Arc::new)
                .collect();
            Judged {
                left_out: false,
                chain: Arc::new(chain),
            }
        } else {
            let parent = self.judge(rel.rsplit_once('/').map_or("", |(parent, _)| parent));
            let left_out = parent.left_out || self.ignored(&parent.chain, &path, true);
            let own = Folder::read(&path);
            let chain = if own.is_empty() {
                parent.chain
            } else {
                let mut chain = vec![Arc::new(own)];
                chain.extend(parent.chain.iter().cloned());
                Arc::new(chain)
            };
            Judged { left_out, chain }
        };
        (self.inner.judged.lock().unwrap_or_else(|e| e.into_inner()))
            .insert(rel.to_string(), judged.clone());
        judged
    }

    /// Whether the rules of `chain` ignore `path` (absolute): for each kind of rule file, the
    /// deepest folder's that says anything about it decides; `.mindignore` before `.ignore`
    /// before `.gitignore` before `info/exclude` before `core.excludesFile`.
    fn ignored(&self, chain: &[Arc<Folder>], path: &Path, is_dir: bool) -> bool {
        let mut found: [Match<()>; 4] = [Match::None, Match::None, Match::None, Match::None];
        for folder in chain {
            let rules = [
                &folder.mindignore,
                &folder.ignore,
                &folder.gitignore,
                &folder.exclude,
            ];
            for (slot, rule) in found.iter_mut().zip(rules) {
                if slot.is_none()
                    && let Some(rule) = rule
                {
                    *slot = rule.matched(path, is_dir).map(|_| ());
                }
            }
        }
        let decided = found.into_iter().find(|m| !m.is_none());
        let decided = decided.unwrap_or_else(|| match self.global() {
            Some(global) => global.matched(path, is_dir).map(|_| ()),
            None => Match::None,
        });
        decided.is_ignore()
    }

    fn global(&self) -> Option<&Gitignore> {
        self.inner
            .global
            .get_or_init(|| {
                let (global, _) = GitignoreBuilder::new(&self.inner.top).build_global();
                (!global.is_empty()).then_some(global)
            })
            .as_ref()
    }
}

/// The rules of the ignore file `file`, relative to `dir`; none when it is missing or empty.
fn rules(dir: &Path, file: &Path) -> Option<Gitignore> {
    if !file.is_file() {
        return None;
    }
    let mut builder = GitignoreBuilder::new(dir);
    // A line git would not accept is skipped, as the walk skips it.
    let _ = builder.add(file);
    builder.build().ok().filter(|g| !g.is_empty())
}

/// The git folder holding `info/exclude` for a work tree at `dir`: `.git` itself, or for a
/// `.git` file (a linked worktree) the common folder its `gitdir:` names.
fn git_dir(dir: &Path) -> Option<PathBuf> {
    let dot_git = dir.join(".git");
    let meta = std::fs::metadata(&dot_git).ok()?;
    if meta.is_dir() {
        return Some(dot_git);
    }
    let text = std::fs::read_to_string(&dot_git).ok()?;
    let linked = dir.join(text.lines().next()?.strip_prefix("gitdir: ")?.trim());
    let common = std::fs::read_to_string(linked.join("commondir")).ok()?;
    Some(linked.join(common.lines().next()?.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn the_rules_of_every_folder_on_the_way_with_their_precedence() {
        let tmp = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(tmp.path()).unwrap();
        write(&root, ".gitignore", "dist/\n*.gen.rs\n!keep.gen.rs\n");
        write(&root, "pkg/.mindignore", "gen/\n");
        write(&root, "pkg/sub/.gitignore", "!*.gen.rs\n");
        write(&root, ".mindignore", "!dist/\n");
        std::fs::create_dir_all(root.join("dist")).unwrap();
        std::fs::create_dir_all(root.join("pkg/gen")).unwrap();
        let filter = PathFilter::new(&root, &root);
        for (rel, left_out) in [
            ("src/main.rs", false),
            ("node_modules/x/index.js", true),
            ("a/.venv/lib/site.py", true),
            ("node_modules", false),
            ("pkg/gen/api.rs", true),
            ("gen/api.rs", false),
            ("x.gen.rs", true),
            ("keep.gen.rs", false),
            ("pkg/sub/x.gen.rs", false),
            // `.mindignore` re-includes what `.gitignore` leaves out: it comes first.
            ("dist/bundle.js", false),
        ] {
            assert_eq!(filter.excludes(rel), left_out, "{rel}");
        }
    }
}
