//! The setup record in `.mind/state.json` (key `setup`) is untrusted input: a cloned
//! repository can commit that file (`git add -f`), and `--remove` rewrites or deletes the
//! files the record names. Every path in it is checked before setup acts on it or merges
//! into it. A path is kept only if it is a file setup itself writes in that place:
//!
//! - an instruction file, `.mcp.json` or a settings file: inside the project once links
//!   are followed, and not in a git folder or `.mind/`;
//! - Claude Code's per-user file: exactly the `~/.claude.json` setup works out now;
//! - git's exclude file: exactly this repository's own `info/exclude`.
//!
//! Any other path (absolute, `../`, a link out of the project, another repository's exclude
//! file) is dropped with a one-line note and never read, rewritten or deleted.

use std::path::{Component, Path};

use super::Record;
use crate::store::{self, Project};

/// `record` with each path it names checked; a path setup would not write there is taken
/// out of it (with what depends on it), and `notes` says so.
pub(super) fn checked(project: &Project, mut record: Record, notes: &mut Vec<String>) -> Record {
    let mut refuse = |path: &str, what: &str| {
        notes.push(format!(
            ".mind/state.json: the setup record names {path:?}, which is not {what}; left alone"
        ));
    };
    const PROJECT_FILE: &str = "a file of this project setup writes";
    if let Some(file) = &record.file_created
        && crate::context::target_refusal(project, file).is_some()
    {
        refuse(file, PROJECT_FILE);
        record.file_created = None;
    }
    if let Some(added) = &record.block_added
        && crate::context::target_refusal(project, &added.file).is_some()
    {
        refuse(&added.file, PROJECT_FILE);
        record.block_added = None;
    }
    if let Some(file) = &record.mcp_file
        && !project_file(project, file)
    {
        refuse(file, PROJECT_FILE);
        record.mcp_file = None;
        record.mcp_original = None;
    }
    if let Some(file) = &record.changed_file
        && !project_file(project, file)
    {
        refuse(file, PROJECT_FILE);
        record.changed_file = None;
        record.original = None;
    }
    if let Some(added) = &record.mcp_user
        && !super::claude_user_file().is_ok_and(|own| same(&added.file, &own))
    {
        refuse(&added.file, "Claude Code's ~/.claude.json");
        record.mcp_user = None;
    }
    if let Some(excluded) = &record.excluded
        && !own_exclude(project).is_some_and(|own| same(&excluded.file, &own))
    {
        refuse(&excluded.file, "this repository's .git/info/exclude");
        record.excluded = None;
    }
    record
}

/// A relative path of plain names, outside git folders and `.mind/`, that stays inside the
/// project once links are followed.
fn project_file(project: &Project, name: &str) -> bool {
    let path = Path::new(name);
    let plain = !name.is_empty()
        && path.components().all(|c| match c {
            Component::Normal(part) => !part.to_str().is_some_and(|part| {
                part.eq_ignore_ascii_case(".git") || part.eq_ignore_ascii_case(store::MIND_DIR)
            }),
            _ => false,
        });
    plain && project.leads_inside(&project.root.join(path))
}

/// The exclude file of the repository holding the project, where `setup --local` adds its
/// line ([`crate::context::personal::ensure_ignored_as`]).
fn own_exclude(project: &Project) -> Option<std::path::PathBuf> {
    let repo = crate::capture::commits::open(&project.root).ok()?;
    Some(repo.common_dir().join("info").join("exclude"))
}

/// The recorded path is that file (links resolved; an absolute path only).
fn same(recorded: &str, own: &Path) -> bool {
    let recorded = Path::new(recorded);
    recorded.is_absolute() && store::same_file(recorded, own)
}
