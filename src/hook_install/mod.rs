//! Installing the git hooks without getting in git's way.
//!
//! Where: the folder git really runs hooks from, resolved through gix — `core.hooksPath`
//! (relative to the work tree, `~` expanded) or the *common* git dir's `hooks/`, which is
//! where linked worktrees and submodules (`.git/modules/NAME/hooks`) keep theirs.
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

/// The hooks `mind` installs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HookName {
    PostCommit,
    PrepareCommitMsg,
}

impl HookName {
    pub const ALL: [HookName; 2] = [HookName::PostCommit, HookName::PrepareCommitMsg];

    pub fn as_str(self) -> &'static str {
        match self {
            HookName::PostCommit => "post-commit",
            HookName::PrepareCommitMsg => "prepare-commit-msg",
        }
    }

    /// The shim written into a plain hooks folder (kept in the repository's `hooks/`).
    pub fn shim(self) -> &'static str {
        match self {
            HookName::PostCommit => include_str!("../../hooks/post-commit"),
            HookName::PrepareCommitMsg => include_str!("../../hooks/prepare-commit-msg"),
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
    pub manager: Manager,
}

/// Resolve the hooks folder of the repository holding `dir`.
pub fn locate(dir: &Path) -> Result<Location> {
    let repo = commits::open(dir)?;
    let work_dir = repo.workdir().map(Path::to_path_buf);
    let configured = repo
        .config_snapshot()
        .trusted_path("core.hooksPath")
        .map_err(|e| Error::Failed(format!("git: core.hooksPath: {e}")))?;
    let (hooks_dir, from_config) = match configured {
        Some(path) if !path.as_os_str().is_empty() => {
            let base = work_dir
                .clone()
                .unwrap_or_else(|| repo.git_dir().to_path_buf());
            (base.join(path), true)
        }
        _ => (repo.common_dir().join("hooks"), false),
    };
    let hooks_dir = normalise(&hooks_dir);
    let manager = detect_manager(&hooks_dir, work_dir.as_deref());
    Ok(Location {
        hooks_dir,
        from_config,
        manager,
    })
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
}

impl Outcome {
    /// True when every hook ended in a good state.
    pub fn ok(&self) -> bool {
        self.hooks.iter().all(|h| h.status != "refused")
    }
}

/// Install both hooks where git will run them.
pub fn install(dir: &Path, force: bool) -> Result<Outcome> {
    let location = locate(dir)?;
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
    })
}

/// Remove the hooks and put back what was there.
pub fn uninstall(dir: &Path, force: bool) -> Result<Outcome> {
    let location = locate(dir)?;
    let hooks = match &location.manager {
        Manager::Husky { scripts } => block::uninstall_husky(scripts)?,
        Manager::Lefthook { config } => block::uninstall_lefthook(config)?,
        Manager::Plain | Manager::PreCommit => chain::uninstall(&location.hooks_dir, force)?,
    };
    Ok(Outcome {
        location,
        hooks,
        next_steps: Vec::new(),
    })
}

/// What is installed where.
pub fn status(dir: &Path) -> Result<Outcome> {
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
    })
}

/// Whether mind's hooks are active for this repository (for `mind status`).
pub fn installed(dir: &Path) -> bool {
    status(dir).is_ok_and(|o| {
        o.hooks
            .iter()
            .all(|h| matches!(h.status, "installed" | "chained" | "unchanged"))
    })
}

#[cfg(unix)]
pub(crate) fn make_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    // chmod follows links: a hook linked to `~/.bashrc` must not make that executable.
    crate::store::guard::check(path)?;
    let meta = std::fs::metadata(path).map_err(|e| Error::io(path, e))?;
    let mut permissions = meta.permissions();
    permissions.set_mode(permissions.mode() | 0o755);
    std::fs::set_permissions(path, permissions).map_err(|e| Error::io(path, e))
}

#[cfg(not(unix))]
pub(crate) fn make_executable(_path: &Path) -> Result<()> {
    Ok(())
}
