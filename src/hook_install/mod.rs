//! Installing the git hooks without getting in git's way.
//!
//! Where: the folder git really runs hooks from, resolved through gix — `core.hooksPath`
//! (relative to the work tree, `~` expanded) or the *common* git dir's `hooks/`, which is
//! where linked worktrees and submodules (`.git/modules/NAME/hooks`) keep theirs. A folder
//! other repositories use too (`core.hooksPath` from `~/.gitconfig` or the system's config,
//! or one outside the repository), or one git tracks (every clone's), is written only when
//! asked ([`Options::shared_folder`]): a shim there runs in every repository (is committed
//! for every clone), and an uninstall from any one removes it for all.
//! The repository's initialised submodules get the hooks too (their commits feed the
//! enclosing project), so a submodule is never silently left out.
//!
//! How, by what is found there ([`Manager`]):
//! - plain hooks folder (also the pre-commit framework's): [`chain`] — an existing hook
//!   is renamed `NAME.pre-mind` and the shim runs it first with the same arguments, so a
//!   hook of any language, or one ending in `exec`, keeps working unchanged; uninstall
//!   renames it back, byte for byte. When the pre-commit framework later reinstalls, it
//!   moves the shim to `NAME.legacy` and runs it itself ("migration mode"); uninstall
//!   handles that too.
//! - husky (`core.hooksPath` is `.husky/_` or `.husky`): husky regenerates its hooks
//!   folder, so a marked block goes into the user script `.husky/NAME` instead ([`block`]).
//! - lefthook (a `lefthook.yml` at the top): lefthook owns `.git/hooks`, so a marked block
//!   of commands goes into `lefthook-local.yml`; `lefthook install` activates it.

pub mod block;
pub mod chain;

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::capture::commits;
use crate::error::{Error, Result};
use crate::store::guard;

/// The hooks `mind` installs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HookName {
    PostCommit,
    PrepareCommitMsg,
    /// The commits a merge, a pull or a fast-forward brings (git runs no post-commit then).
    PostMerge,
}

impl HookName {
    pub const ALL: [HookName; 3] = [
        HookName::PostCommit,
        HookName::PrepareCommitMsg,
        HookName::PostMerge,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            HookName::PostCommit => "post-commit",
            HookName::PrepareCommitMsg => "prepare-commit-msg",
            HookName::PostMerge => "post-merge",
        }
    }

    /// The shim written into a plain hooks folder (kept in the repository's `hooks/`).
    pub fn shim(self) -> &'static str {
        match self {
            HookName::PostCommit => include_str!("../../hooks/post-commit"),
            HookName::PrepareCommitMsg => include_str!("../../hooks/prepare-commit-msg"),
            HookName::PostMerge => include_str!("../../hooks/post-merge"),
        }
    }
}

/// Who manages the hooks folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "name")]
pub enum Manager {
    /// Git's own hooks folder (or any `core.hooksPath` nobody regenerates).
    Plain,
    /// The pre-commit framework: chaining is what it expects of other hooks.
    PreCommit,
    /// husky: user scripts live in `scripts` (the `.husky` folder).
    Husky { scripts: PathBuf },
    /// lefthook: commands go to the local config file.
    Lefthook { config: PathBuf },
}

impl Manager {
    pub fn label(&self) -> &'static str {
        match self {
            Manager::Plain => "git",
            Manager::PreCommit => "pre-commit",
            Manager::Husky { .. } => "husky",
            Manager::Lefthook { .. } => "lefthook",
        }
    }
}

/// Where the hooks go.
#[derive(Debug, Clone, Serialize)]
pub struct Location {
    /// The folder git runs hooks from.
    pub hooks_dir: PathBuf,
    /// True when `core.hooksPath` chose it.
    pub from_config: bool,
    /// The config file that set `core.hooksPath` (absent when git's default folder is used).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config_file: Option<PathBuf>,
    /// Why the folder serves other repositories too, when it does: written there only with
    /// [`Options::shared_folder`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shared: Option<String>,
    pub manager: Manager,
}

/// How install and uninstall may go about it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Replace (or remove) a mind hook that was edited by hand.
    pub force: bool,
    /// Write in a hooks folder other repositories use too (see [`Location::shared`]).
    pub shared_folder: bool,
}

/// Resolve the hooks folder of the repository holding `dir`.
pub fn locate(dir: &Path) -> Result<Location> {
    let repo = commits::open(dir)?;
    let work_dir = repo.workdir().map(Path::to_path_buf);
    // A cloned repository's husky script or lefthook-local.yml can be a link to `~/.bashrc`:
    // the work tree is a boundary no hook file mind writes may leave ([`guard`]), whether
    // or not it holds a project yet.
    if let Some(work_dir) = &work_dir {
        guard::enclose(work_dir);
    }
    let snapshot = repo.config_snapshot();
    let configured = snapshot
        .trusted_path("core.hooksPath")
        .map_err(|e| Error::Failed(format!("git: core.hooksPath: {e}")))?;
    let set_in = hooks_path_origin(&snapshot);
    let (hooks_dir, from_config, absolute) = match configured {
        Some(path) if !path.as_os_str().is_empty() => {
            let base = work_dir
                .clone()
                .unwrap_or_else(|| repo.git_dir().to_path_buf());
            let absolute = path.is_absolute();
            (base.join(path), true, absolute)
        }
        _ => (repo.common_dir().join("hooks"), false, false),
    };
    let hooks_dir = normalise(&hooks_dir);
    let shared = from_config
        .then(|| {
            let ours: Vec<&Path> = [Some(repo.git_dir()), Some(repo.common_dir())]
                .into_iter()
                .chain([work_dir.as_deref()])
                .flatten()
                .collect();
            shared_because(&hooks_dir, absolute, set_in.as_ref(), &ours)
        })
        .flatten();
    let manager = detect_manager(&hooks_dir, work_dir.as_deref());
    // husky's scripts are tracked by design (mind's block goes into them, as documented);
    // lefthook writes git's own folder.
    let shared = shared.or_else(|| {
        let plain = matches!(manager, Manager::Plain | Manager::PreCommit);
        (from_config && plain)
            .then(|| tracked_because(&repo, &hooks_dir, work_dir.as_deref()?))
            .flatten()
    });
    Ok(Location {
        hooks_dir,
        from_config,
        config_file: set_in.and_then(|(_, file)| file),
        shared,
        manager,
    })
}

/// Where the `core.hooksPath` git uses was set: the source and file of the last one (the
/// one that wins, as for any single-valued key).
fn hooks_path_origin(
    snapshot: &gix::config::Snapshot<'_>,
) -> Option<(gix::config::Source, Option<PathBuf>)> {
    let sections = snapshot.plumbing().sections_by_name("core")?;
    sections
        .filter(|s| s.header().subsection_name().is_none())
        .filter(|s| {
            s.body()
                .value_names()
                .any(|n| n.eq_ignore_ascii_case("hooksPath"))
        })
        .last()
        .map(|s| (s.meta().source, s.meta().path.clone()))
}

/// Why a configured hooks folder serves other repositories too, if it does: an absolute
/// `core.hooksPath` set outside the repository's own config (`~/.gitconfig`, the system's)
/// is the folder of every repository; any folder outside this repository (its work tree and
/// git folders, `ours`) may be another's too. A relative path from `~/.gitconfig` resolves
/// inside each repository, and one inside the work tree (husky's `.husky/_`) is this
/// repository's own.
fn shared_because(
    hooks_dir: &Path,
    absolute: bool,
    set_in: Option<&(gix::config::Source, Option<PathBuf>)>,
    ours: &[&Path],
) -> Option<String> {
    use gix::config::Source;
    let file = set_in
        .and_then(|(_, file)| file.as_ref())
        .map(|f| f.display().to_string());
    let repository_config =
        set_in.is_none_or(|(source, _)| matches!(source, Source::Local | Source::Worktree));
    if absolute && !repository_config {
        let whence = file.map_or_else(
            || "outside the repository's config".to_string(),
            |f| format!("in {f}"),
        );
        return Some(format!(
            "core.hooksPath is set {whence}: git runs the hooks in {} for every repository, not just this one",
            hooks_dir.display()
        ));
    }
    let real = canonical_lenient(hooks_dir);
    let inside = ours
        .iter()
        .any(|dir| real.starts_with(canonical_lenient(dir)));
    (!inside).then(|| {
        format!(
            "core.hooksPath points outside this repository, to {}, a folder other repositories may use too",
            hooks_dir.display()
        )
    })
}

/// Why a configured hooks folder inside the work tree is every clone's too, when git tracks
/// files in it (a repository's `githooks/`, which each clone's `core.hooksPath` names): a
/// shim written there changes tracked hooks or adds files beside them, which `git status`
/// shows and the next `git add -A` commits for everyone. Names the tracked files (a few).
fn tracked_because(repo: &gix::Repository, hooks_dir: &Path, work_dir: &Path) -> Option<String> {
    let real = canonical_lenient(hooks_dir);
    let relative = real.strip_prefix(canonical_lenient(work_dir)).ok()?;
    let folder: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let prefix = match folder.join("/") {
        top if top.is_empty() => top,
        folder => format!("{folder}/"),
    };
    let index = repo.index_or_empty().ok()?;
    let tracked: Vec<String> = index
        .entries()
        .iter()
        .map(|e| e.path(&index).to_string())
        .filter(|p| p.starts_with(&prefix))
        .collect();
    const NAMED: usize = 4;
    let mut named = tracked
        .iter()
        .take(NAMED)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    match tracked.len() {
        0 => return None,
        n if n > NAMED => named.push_str(&format!(" and {} more", n - NAMED)),
        _ => {}
    }
    let shown = if prefix.is_empty() {
        "."
    } else {
        prefix.as_str()
    };
    Some(format!(
        "core.hooksPath points at {shown}, a folder git tracks ({named}): its hooks are those \
         of every clone of this repository, and mind's shims there would show in `git status` \
         and go out with the next `git add -A`"
    ))
}

/// `path` with links resolved as far as it exists (the folder itself may not exist yet).
fn canonical_lenient(path: &Path) -> PathBuf {
    let mut rest = Vec::new();
    let mut at = path;
    loop {
        if let Ok(real) = std::fs::canonicalize(at) {
            return rest.iter().rev().fold(real, |p, part| p.join(part));
        }
        match (at.parent(), at.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                at = parent;
            }
            _ => return path.to_path_buf(),
        }
    }
}

/// Remove `.` and `..` components without touching the file system (the folder may not
/// exist yet), so paths print the way users wrote them.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

const LEFTHOOK_CONFIGS: &[&str] = &[
    "lefthook.yml",
    ".lefthook.yml",
    "lefthook.yaml",
    ".lefthook.yaml",
    "lefthook.json",
    ".lefthook.json",
    "lefthook.toml",
    ".lefthook.toml",
    ".config/lefthook.yml",
    ".config/lefthook.yaml",
];

fn detect_manager(hooks_dir: &Path, work_dir: Option<&Path>) -> Manager {
    let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
    if name(hooks_dir).as_deref() == Some(".husky") {
        return Manager::Husky {
            scripts: hooks_dir.to_path_buf(),
        };
    }
    if name(hooks_dir).as_deref() == Some("_")
        && let Some(parent) = hooks_dir.parent()
        && name(parent).as_deref() == Some(".husky")
    {
        return Manager::Husky {
            scripts: parent.to_path_buf(),
        };
    }
    if let Some(work_dir) = work_dir {
        if LEFTHOOK_CONFIGS.iter().any(|f| work_dir.join(f).is_file()) {
            let config = if work_dir.join(".lefthook-local.yml").is_file() {
                work_dir.join(".lefthook-local.yml")
            } else {
                work_dir.join("lefthook-local.yml")
            };
            return Manager::Lefthook { config };
        }
        if work_dir.join(".pre-commit-config.yaml").is_file()
            || work_dir.join(".pre-commit-config.yml").is_file()
        {
            return Manager::PreCommit;
        }
    }
    Manager::Plain
}

/// What happened to (or is true of) one hook.
#[derive(Debug, Clone, Serialize)]
pub struct HookReport {
    pub hook: HookName,
    /// The file written or inspected.
    pub file: PathBuf,
    /// installed, chained, unchanged, updated, removed, restored, not-installed, refused,
    /// absent, other (a hook that is not mind's), modified (mind's shim edited by hand).
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// The result of install, uninstall or status.
#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    pub location: Location,
    pub hooks: Vec<HookReport>,
    /// Something the user must do to finish (e.g. `lefthook install`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub next_steps: Vec<String>,
    /// The repository's initialised submodules, each with its own hooks folder.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub submodules: Vec<SubmoduleHooks>,
}

/// One submodule's hooks: git runs a submodule's hooks from its own git folder, and its
/// commits feed the enclosing project.
#[derive(Debug, Clone, Serialize)]
pub struct SubmoduleHooks {
    /// The submodule's folder, relative to the enclosing work tree (`/` separators).
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Why its hooks could not be read or written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

/// Whether a hook's status means mind runs there.
pub fn active(status: &str) -> bool {
    matches!(status, "installed" | "chained" | "unchanged" | "updated")
}

impl Outcome {
    /// True when every hook ended in a good state, submodules' included.
    pub fn ok(&self) -> bool {
        self.hooks.iter().all(|h| h.status != "refused")
            && self
                .submodules
                .iter()
                .all(|s| s.problem.is_none() && s.outcome.as_ref().is_none_or(Outcome::ok))
    }

    /// The submodules (nested ones as `outer/inner`) where mind's hooks do not all run
    /// although they run here: their commits are not kept.
    pub fn uncovered_submodules(&self) -> Vec<String> {
        let mut out = Vec::new();
        for sub in &self.submodules {
            match &sub.outcome {
                Some(o) if o.hooks.iter().all(|h| active(h.status)) => out.extend(
                    o.uncovered_submodules()
                        .into_iter()
                        .map(|inner| format!("{}/{inner}", sub.path)),
                ),
                _ => out.push(sub.path.clone()),
            }
        }
        out
    }
}

/// How deep submodules of submodules are followed.
const SUBMODULE_DEPTH: usize = 4;

/// Install the hooks where git will run them, refusing a folder other repositories use.
pub fn install(dir: &Path, force: bool) -> Result<Outcome> {
    install_with(
        dir,
        Options {
            force,
            ..Options::default()
        },
    )
}

/// Install the hooks where git will run them, and in the repository's submodules.
pub fn install_with(dir: &Path, options: Options) -> Result<Outcome> {
    let mut outcome = install_here(dir, options)?;
    outcome.submodules = each_submodule(dir, SUBMODULE_DEPTH, |sub| install_here(sub, options));
    Ok(outcome)
}

/// The refusal to write in a folder other repositories use too: what `doing` would do to
/// them, and how to do it `anyway`.
fn refuse_shared(location: &Location, doing: &str, anyway: &str) -> Result<()> {
    match &location.shared {
        None => Ok(()),
        Some(why) => Err(Error::FailedHint {
            message: format!("{why}; {doing}; nothing written"),
            hint: format!(
                "{anyway}; or give this repository a hooks folder of its own (`git config core.hooksPath .git/hooks`; the shared hooks then no longer run here)"
            ),
        }),
    }
}

fn install_here(dir: &Path, options: Options) -> Result<Outcome> {
    let force = options.force;
    let location = locate(dir)?;
    if !options.shared_folder {
        refuse_shared(
            &location,
            "installing mind's hooks there would add them to each of those repositories",
            "`mind hooks install --shared-folder` (or `mind init --hooks --shared-folder`) \
             installs there anyway (in a repository without .mind/ they do nothing)",
        )?;
    }
    let (hooks, next_steps) = match &location.manager {
        Manager::Husky { scripts } => (block::install_husky(scripts)?, Vec::new()),
        Manager::Lefthook { config } => {
            let hooks = block::install_lefthook(config)?;
            let next = if hooks
                .iter()
                .any(|h| matches!(h.status, "installed" | "updated"))
            {
                vec!["run `lefthook install` so lefthook picks up the new commands".to_string()]
            } else {
                Vec::new()
            };
            (hooks, next)
        }
        Manager::Plain | Manager::PreCommit => {
            (chain::install(&location.hooks_dir, force)?, Vec::new())
        }
    };
    Ok(Outcome {
        location,
        hooks,
        next_steps,
        submodules: Vec::new(),
    })
}

/// Remove the hooks and put back what was there, refusing a folder other repositories use.
pub fn uninstall(dir: &Path, force: bool) -> Result<Outcome> {
    uninstall_with(
        dir,
        Options {
            force,
            ..Options::default()
        },
    )
}

/// Remove the hooks here and in the repository's submodules.
pub fn uninstall_with(dir: &Path, options: Options) -> Result<Outcome> {
    let mut outcome = uninstall_here(dir, options)?;
    outcome.submodules = each_submodule(dir, SUBMODULE_DEPTH, |sub| uninstall_here(sub, options));
    Ok(outcome)
}

fn uninstall_here(dir: &Path, options: Options) -> Result<Outcome> {
    let location = locate(dir)?;
    if !options.shared_folder {
        refuse_shared(
            &location,
            "removing mind's hooks there would remove them from each of those repositories",
            "`mind hooks uninstall --shared-folder` removes them anyway",
        )?;
    }
    let hooks = match &location.manager {
        Manager::Husky { scripts } => block::uninstall_husky(scripts)?,
        Manager::Lefthook { config } => block::uninstall_lefthook(config)?,
        Manager::Plain | Manager::PreCommit => {
            chain::uninstall(&location.hooks_dir, options.force)?
        }
    };
    Ok(Outcome {
        location,
        hooks,
        next_steps: Vec::new(),
        submodules: Vec::new(),
    })
}

/// What is installed where, submodules included.
pub fn status(dir: &Path) -> Result<Outcome> {
    let mut outcome = status_here(dir)?;
    outcome.submodules = each_submodule(dir, SUBMODULE_DEPTH, status_here);
    Ok(outcome)
}

fn status_here(dir: &Path) -> Result<Outcome> {
    let location = locate(dir)?;
    let hooks = match &location.manager {
        Manager::Husky { scripts } => block::status_husky(scripts),
        Manager::Lefthook { config } => block::status_lefthook(config),
        Manager::Plain | Manager::PreCommit => chain::status(&location.hooks_dir),
    };
    Ok(Outcome {
        location,
        hooks,
        next_steps: Vec::new(),
        submodules: Vec::new(),
    })
}

/// `each` run for every initialised submodule of the repository holding `dir` (listed in
/// its `.gitmodules`, with a checkout), then for theirs, `depth` levels down. A submodule
/// without a checkout has no commits to keep and is left out.
fn each_submodule(
    dir: &Path,
    depth: usize,
    each: impl Fn(&Path) -> Result<Outcome> + Copy,
) -> Vec<SubmoduleHooks> {
    if depth == 0 {
        return Vec::new();
    }
    let Some(work_dir) = commits::open(dir)
        .ok()
        .and_then(|repo| repo.workdir().map(Path::to_path_buf))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for path in submodule_paths(&work_dir) {
        let folder = work_dir.join(&path);
        if std::fs::symlink_metadata(folder.join(".git")).is_err() {
            continue;
        }
        let (outcome, problem) = match each(&folder) {
            Ok(mut outcome) => {
                outcome.submodules = each_submodule(&folder, depth - 1, each);
                (Some(outcome), None)
            }
            Err(e) => (None, Some(e.to_string())),
        };
        out.push(SubmoduleHooks {
            path,
            outcome,
            problem,
        });
    }
    out
}

/// The `path` of each `[submodule]` in the work tree's `.gitmodules`: relative, inside the
/// work tree (a path that leaves it is no submodule of this one).
fn submodule_paths(work_dir: &Path) -> Vec<String> {
    let Ok(text) = std::fs::read_to_string(work_dir.join(".gitmodules")) else {
        return Vec::new();
    };
    let Ok(file) = text.parse::<gix::config::File>() else {
        return Vec::new();
    };
    let Some(sections) = file.sections_by_name("submodule") else {
        return Vec::new();
    };
    let mut paths: Vec<String> = sections
        .filter_map(|s| s.body().value("path").map(|v| v.to_string()))
        .filter(|p| {
            let path = Path::new(p);
            !p.is_empty()
                && path.is_relative()
                && path
                    .components()
                    .all(|c| matches!(c, std::path::Component::Normal(_)))
        })
        .collect();
    paths.sort();
    paths.dedup();
    paths
}

#[cfg(unix)]
pub(crate) fn make_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    // chmod follows links: a hook linked to `~/.bashrc` must not make that executable.
    guard::check(path)?;
    let meta = std::fs::metadata(path).map_err(|e| Error::io(path, e))?;
    let mut permissions = meta.permissions();
    permissions.set_mode(permissions.mode() | 0o755);
    std::fs::set_permissions(path, permissions).map_err(|e| Error::io(path, e))
}

#[cfg(not(unix))]
pub(crate) fn make_executable(_path: &Path) -> Result<()> {
    Ok(())
}
