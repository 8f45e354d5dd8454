//! The context blocks: built from memory ([`build`]) and spliced between markers into the
//! instruction files agents read at start ([`splice`]): the shared block into the
//! configured targets (CLAUDE.md, AGENTS.md), the session's own sections into the
//! git-ignored personal target ([`personal`]). Python Mind instructions found in a shared
//! target are replaced by the block ([`migrate`]). A shared target that imports another
//! (`@AGENTS.md` in CLAUDE.md; Cursor's rule file, as Cursor loads AGENTS.md too) gets no
//! block: its agent reads the imported one's.

pub mod build;
pub mod digest;
pub mod inspect;
pub mod migrate;
pub mod personal;
mod shown;
pub mod splice;

use std::path::PathBuf;

use serde::Serialize;
use serde_json::{Value, json};

use crate::config::Config;
use crate::error::{Error, Result};
use crate::store::{Project, atomic, encoding, state::State, text};

/// State key: what was done about Python Mind instructions, per target.
const PYTHON_INSTRUCTIONS_KEY: &str = "python_instructions";
/// State key: the budget a "too small" warning was last given for.
const BUDGET_WARNED_KEY: &str = "context_budget_warned";

/// Why a target that is a link out of the project is left alone.
const OUTSIDE: &str = "it leads outside the project (a symbolic link); left unchanged";

/// What happened to one instruction file.
#[derive(Debug, Clone, Serialize)]
pub struct TargetOutcome {
    pub file: String,
    /// "created", "updated", "unchanged", "refused", or "removed" (the block taken out of a
    /// file that imports the target holding it, or of the personal target when it has
    /// nothing to show).
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Things the user should know, given once (migration, a budget too small, ignoring).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The target holding the block this file loads through an import line (`@AGENTS.md`):
    /// this file gets no block of its own ("removed": the one it had was taken out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imports: Option<String>,
}

/// Write the blocks into every configured instruction file. The caller holds the store lock.
///
/// The body written is remembered in `state` (saved by the caller) so that a marker deleted
/// later can be repaired exactly. A file whose markers cannot be repaired is left alone and
/// reported; the others are still written.
pub fn write_targets(
    project: &Project,
    config: &Config,
    state: &mut State,
    blocks: &build::Blocks,
) -> Result<Vec<TargetOutcome>> {
    let mut outcomes = Vec::new();
    let imports = inspect::imports(project, config)?;
    for name in &config.context_targets {
        if let Some(holder) = imports.get(name) {
            outcomes.push(drop_imported_block(project, name, holder)?);
            continue;
        }
        let mut outcome = write_target(project, state, name, &blocks.shared.body, true)?;
        outcome.notes.extend(budget_note(
            state,
            config.context_budget_chars,
            &blocks.shared,
        ));
        outcomes.push(outcome);
    }
    if let (Some(name), Some(block)) = (&config.personal_target, &blocks.personal) {
        outcomes.extend(write_personal(
            project,
            state,
            name,
            block,
            config.context_budget_chars,
        )?);
    }
    Ok(outcomes)
}

/// A target that imports `holder` (a line `@AGENTS.md`, or a Cursor rule file while
/// AGENTS.md is a target) reads the block there: a block of its own, left by an earlier
/// write, is taken out (the lines between the markers and the markers; every other byte
/// stays), and a rule file left with mind's front matter alone goes.
fn drop_imported_block(project: &Project, name: &str, holder: &str) -> Result<TargetOutcome> {
    let path = project.root.join(name);
    let mut outcome = TargetOutcome {
        file: name.to_string(),
        status: "unchanged",
        reason: None,
        notes: Vec::new(),
        imports: Some(holder.to_string()),
    };
    if let Some(reason) = target_refusal(project, name) {
        outcome.status = "refused";
        outcome.reason = Some(reason);
        return Ok(outcome);
    }
    let Some(bytes) = text::read_optional(&path)? else {
        return Ok(outcome);
    };
    let why = if crate::agents::cursor::is_rule_file(name) {
        format!("Cursor reads {holder} as well")
    } else {
        format!("it imports {holder}")
    };
    match splice::remove_in_place(&bytes) {
        Ok(None) => {}
        // A rule file left with mind's front matter alone would be an empty rule Cursor
        // loads in every request: it goes (a write that needs it makes it again).
        Ok(Some(without)) if crate::agents::cursor::holds_only_front_matter(&without) => {
            match std::fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(Error::io(&path, e)),
            }
            outcome.status = "removed";
            outcome.notes.push(format!(
                "deleted {name}, which held only the context block: {why}, which holds the block (its agent read the block twice)"
            ));
        }
        Ok(Some(without)) => {
            personal::ensure_unshared_ignored(&project.root);
            atomic::write_atomic(&path, &without)?;
            outcome.status = "removed";
            outcome.notes.push(format!(
                "removed the context block from {name}: {why}, which holds the block (its agent read the block twice)"
            ));
        }
        Err(reason) => {
            outcome.status = "refused";
            outcome.reason = Some(format!(
                "{reason}; {why}, which holds the block, so its own block is to be taken out"
            ));
        }
    }
    Ok(outcome)
}

/// Write the personal block only (cheap: the shared targets are not read). A block with
/// nothing to show (no session blockers, no reminders) is never written: the file's block,
/// if it has one, is taken out ([`remove_personal`]); a file without one is left alone.
pub fn write_personal(
    project: &Project,
    state: &mut State,
    name: &str,
    block: &build::Block,
    budget: usize,
) -> Result<Option<TargetOutcome>> {
    if block.sections == 0 {
        return remove_personal(project, state, name);
    }
    let mut outcome = write_target(project, state, name, &block.body, false)?;
    outcome.notes.extend(budget_note(state, budget, block));
    if outcome.status == "created"
        && let Some(exclude) = personal::ensure_ignored(&project.root, name)?
    {
        outcome.notes.push(format!(
            "{name} holds this session's blockers and reminders; added to {} so git ignores it",
            exclude.display()
        ));
    }
    Ok(Some(outcome))
}

/// The personal target's block taken out, now that it has nothing to show: its markers,
/// the lines between them and the blank line that set the appended block apart (a doubled
/// block, or one whose marker the repair finds, as a write would find it), every other
/// byte kept. A file left with nothing (mind made it for the block) goes. `None`: the file
/// has no block.
fn remove_personal(
    project: &Project,
    state: &mut State,
    name: &str,
) -> Result<Option<TargetOutcome>> {
    let path = project.root.join(name);
    let Some(bytes) = text::read_optional(&path)? else {
        return Ok(None);
    };
    if splice::block_state(&bytes) == splice::BlockState::Missing {
        return Ok(None);
    }
    let mut outcome = TargetOutcome {
        file: name.to_string(),
        status: "removed",
        reason: None,
        notes: Vec::new(),
        imports: None,
    };
    if let Some(reason) = target_refusal(project, name) {
        outcome.status = "refused";
        outcome.reason = Some(reason);
        return Ok(outcome.into());
    }
    let previous = state.context_block(name).map(str::to_string);
    let without = splice::splice(&bytes, "", previous.as_deref())
        .and_then(|one| splice::remove_appended(&one, false));
    match without {
        Ok(Some(without)) if text::split_bom(&without).1.is_empty() => {
            match std::fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(Error::io(&path, e)),
            }
            outcome.notes.push(format!(
                "deleted {name}, which held only the session's context block: no session blockers or reminders to show"
            ));
        }
        Ok(Some(without)) => {
            atomic::write_atomic(&path, &without)?;
            outcome.notes.push(format!(
                "took the session's context block out of {name}: no session blockers or reminders to show (the rest of the file is kept)"
            ));
        }
        Ok(None) => return Ok(None),
        Err(reason) => {
            outcome.status = "refused";
            outcome.reason = Some(reason);
            return Ok(outcome.into());
        }
    }
    state.remove_context_block(name);
    Ok(outcome.into())
}

fn write_target(
    project: &Project,
    state: &mut State,
    name: &str,
    body: &str,
    shared: bool,
) -> Result<TargetOutcome> {
    let path: PathBuf = project.root.join(name);
    if let Some(reason) = target_refusal(project, name) {
        return Ok(TargetOutcome {
            file: name.to_string(),
            status: "refused",
            reason: Some(reason),
            notes: Vec::new(),
            imports: None,
        });
    }
    let existing = text::read_optional(&path)?;
    // A file in UTF-16 is refused like damaged markers (the other targets are still
    // written): the block in UTF-8 after it would leave the file in two encodings.
    if let Some(found) = existing.as_deref().and_then(encoding::utf16_in) {
        return Ok(TargetOutcome {
            file: name.to_string(),
            status: "refused",
            reason: Some(format!(
                "it {}; mind writes UTF-8 only and left it unchanged",
                found.describe()
            )),
            notes: Vec::new(),
            imports: None,
        });
    }
    let mut notes = Vec::new();
    // A new Cursor rule file starts with the front matter that has Cursor load it always.
    let mut base = existing
        .clone()
        .unwrap_or_else(|| crate::agents::cursor::new_file_start(name).to_vec());
    if shared && existing.is_some() {
        let migration = migrate::remove_python_instructions(&base);
        notes.extend(migration_notes(state, name, &migration));
        base = migration.bytes;
    }
    let previous = state.context_block(name).map(str::to_string);
    let outcome = match splice::splice(&base, body, previous.as_deref()) {
        Ok(bytes) => {
            // Said each time it happens, which is once: the text then has a line of its own.
            let beside = splice::marker_lines_with_text(&base);
            if !beside.is_empty() {
                let lines: Vec<String> = beside.iter().map(usize::to_string).collect();
                notes.push(format!(
                    "{name} line(s) {}: text after a context block marker moved to a line of its own (the marker lines are mind's, the text is kept)",
                    lines.join(", ")
                ));
            }
            let status = match &existing {
                None => "created",
                Some(old) if *old == bytes => "unchanged",
                Some(_) => "updated",
            };
            if status != "unchanged" {
                // A target in a folder that does not exist yet (`.cursor/rules/`) gets it.
                if existing.is_none()
                    && let Some(parent) = path.parent()
                {
                    std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
                }
                personal::ensure_unshared_ignored(&project.root);
                atomic::write_atomic(&path, &bytes)?;
            }
            state.set_context_block(name, body);
            TargetOutcome {
                file: name.to_string(),
                status,
                reason: None,
                notes,
                imports: None,
            }
        }
        Err(reason) => TargetOutcome {
            file: name.to_string(),
            status: "refused",
            reason: Some(reason),
            notes,
            imports: None,
        },
    };
    Ok(outcome)
}

/// Say what the migration did (each time it removes something, which happens once) and
/// warn about sections kept (once for the same lines); both are recorded in state.
fn migration_notes(state: &mut State, name: &str, m: &migrate::Migration) -> Vec<String> {
    let mut notes = Vec::new();
    let mut record = state
        .get(PYTHON_INSTRUCTIONS_KEY)
        .filter(|v| v.is_object())
        .cloned()
        .unwrap_or_else(|| json!({}));
    let before = record.get(name).cloned();
    let mut entry = before.clone().unwrap_or_else(|| json!({}));
    if !entry.is_object() {
        entry = json!({});
    }
    if m.removed > 0 {
        let total = entry.get("removed").and_then(Value::as_u64).unwrap_or(0) + m.removed as u64;
        entry["removed"] = json!(total);
        notes.push(format!(
            "replaced the Python Mind's `## Memory (Mind)` instructions in {name} ({} section(s)) with the context block; text around them is kept",
            m.removed
        ));
    }
    let kept = json!(m.kept_at);
    if !m.kept_at.is_empty() && entry.get("kept_at") != Some(&kept) {
        let lines: Vec<String> = m.kept_at.iter().map(usize::to_string).collect();
        notes.push(format!(
            "{name} line(s) {}: a `## Memory (Mind)` section that is not exactly the Python Mind's instructions was left alone; delete it by hand if it is outdated",
            lines.join(", ")
        ));
    }
    if m.kept_at.is_empty() {
        if let Some(map) = entry.as_object_mut() {
            map.remove("kept_at");
        }
    } else {
        entry["kept_at"] = kept;
    }
    let empty = entry.as_object().is_some_and(|o| o.is_empty());
    if Some(&entry) != before.as_ref() && !empty {
        record[name] = entry;
        state.set(PYTHON_INSTRUCTIONS_KEY, record);
    }
    notes
}

/// Warn once that the budget cannot hold the block's headings: again only for another
/// budget (the warned budget is recorded in state).
fn budget_note(state: &mut State, budget: usize, block: &build::Block) -> Option<String> {
    let needed = block.too_small?;
    let warned = state.get(BUDGET_WARNED_KEY).and_then(Value::as_u64);
    if warned == Some(budget as u64) {
        return None;
    }
    state.set(BUDGET_WARNED_KEY, json!(budget));
    Some(format!(
        "context_budget_chars {budget} is too small for the context block's instructions and a line of each section (they need {needed}); wrote a shortened block"
    ))
}

/// The error to return when any target was refused (after everything else was done).
pub fn refused_error(project: &Project, outcomes: &[TargetOutcome]) -> Option<Error> {
    outcomes.iter().find(|o| o.status == "refused").map(|o| {
        let path = project.root.join(&o.file);
        let reason = o.reason.clone().unwrap_or_default();
        // Not a marker problem: the marker hint would mislead.
        if target_refusal(project, &o.file).is_some() {
            Error::BadFile { path, reason }
        } else if encoding::utf16_at(&path).is_some() {
            Error::FailedHint {
                message: format!("{}: {reason}", path.display()),
                hint: encoding::HINT.to_string(),
            }
        } else {
            Error::Markers { path, reason }
        }
    })
}

/// [`target_refusal`] naming where the file leads when a link takes it out of the project
/// (`it leads outside the project (a symbolic link, to /home/me/.bashrc); left unchanged`),
/// for a message about that one file: setup's refusal, status's problem.
pub fn target_refusal_naming_the_target(project: &Project, name: &str) -> Option<String> {
    let reason = target_refusal(project, name)?;
    if reason != OUTSIDE {
        return Some(reason);
    }
    let path = project.root.join(name);
    let to = std::fs::canonicalize(&path)
        .or_else(|_| std::fs::read_link(&path))
        .map_or_else(
            |_| "a missing target".to_string(),
            |to| to.display().to_string(),
        );
    Some(format!(
        "it leads outside the project (a symbolic link, to {to}); left unchanged"
    ))
}

/// Why mind must not write its block into the file `name` (relative to the project root)
/// names, judged where the file really is: its name by [`crate::config::target_refusal`],
/// then, with links followed, the file it leads to. A cloned repository can commit
/// `CLAUDE.md -> .git/config` or a link into `.mind/`, and a link leaving the project
/// (`AGENTS.md -> ~/notes.md`, `.cursor -> ~/...`) would have the block written outside it.
/// So the file must lead inside the project, and what it leads to must be a target by the
/// same rule as a name: a markdown file outside any git folder (one named `.git`, or any
/// folder holding git's `HEAD` and `objects`, a bare clone or a `gitdir:` folder) and
/// outside `.mind/`. `None`: the file may take the block. `mind doctor` and `mind context`
/// judge targets by it too.
pub fn target_refusal(project: &Project, name: &str) -> Option<String> {
    if let Some(why) = crate::config::target_refusal(name) {
        return Some(format!("{why}; {}", crate::config::TARGET_RULE));
    }
    let outside = || Some(OUTSIDE.to_string());
    let Ok(root) = std::fs::canonicalize(&project.root) else {
        return outside();
    };
    let Some(real) = crate::store::guard::resolve(&project.root.join(name)) else {
        return outside();
    };
    let Ok(relative) = real.strip_prefix(&root) else {
        return outside();
    };
    let shown = relative.to_string_lossy();
    if let Some(why) = crate::config::target_refusal(&shown) {
        return Some(format!(
            "it leads to {shown} (a symbolic link), {why}; left unchanged"
        ));
    }
    let mind_dir = std::fs::canonicalize(project.dir()).unwrap_or_else(|_| root.join(".mind"));
    if real.starts_with(&mind_dir) {
        return Some(format!(
            "it leads into .mind ({}), which holds mind's own memory and settings; left unchanged",
            real.display()
        ));
    }
    let git_folder = real
        .ancestors()
        .skip(1)
        .take_while(|dir| dir.starts_with(&root) && *dir != root)
        .find(|dir| dir.join("HEAD").is_file() && dir.join("objects").is_dir());
    if let Some(dir) = git_folder {
        return Some(format!(
            "it is inside {}, a git folder, which belongs to git; left unchanged",
            dir.strip_prefix(&root).unwrap_or(dir).display()
        ));
    }
    // Where a link leads counts too: `CLAUDE.md -> vendor/lib/README.md`.
    if let Some(why) = crate::config::nested_repository_refusal(&root, &shown) {
        return Some(format!("{why}; left unchanged"));
    }
    None
}
