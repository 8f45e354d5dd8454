//! Applying the doctor's fixes that need nothing from the commands layer. Rewriting the
//! context blocks needs the whole build pipeline, so the command does that one.

use super::Fix;
use crate::error::{Error, Result};
use crate::store::home::GlobalFolder;
use crate::store::{self, Project, atomic, encoding, lock::StoreLock, registry, templates};

/// Apply one fix. `today` dates a recreated SESSION.md.
pub fn apply(fix: &Fix, home: &GlobalFolder, today: chrono::NaiveDate) -> Result<()> {
    match fix {
        Fix::CreateFile { root, name } => {
            let project = Project::new(root);
            let _lock = project.lock()?;
            let path = project.file(name);
            // Checked again under the lock: a file that appeared meanwhile is kept.
            if path.exists() {
                return Ok(());
            }
            let content = match *name {
                store::MEMORY_FILE => {
                    templates::memory(&project.name(), &crate::stack::detect(root), today)
                }
                store::SESSION_FILE => templates::session(today),
                store::REMINDERS_FILE => templates::REMINDERS.to_string(),
                store::CONFIG_FILE => {
                    templates::config(&crate::agents::targets_for(&crate::agents::detect(root)))
                }
                other => return Err(Error::Failed(format!("no template for {other}"))),
            };
            atomic::write_atomic(&path, content.as_bytes())
        }
        Fix::InstallHooks { root } => {
            let outcome = crate::hook_install::install(root, false)?;
            if outcome.ok() {
                Ok(())
            } else {
                Err(Error::Failed("a hook was left alone".into()))
            }
        }
        Fix::ClearLock { root } => {
            let path = Project::new(root).file(store::LOCK_FILE);
            // Taking the lock and letting it go empties the file; a live holder keeps it.
            match StoreLock::try_acquire(&path)? {
                Some(lock) => {
                    drop(lock);
                    Ok(())
                }
                None => Err(Error::Failed("another process holds the lock".into())),
            }
        }
        Fix::UpdateAgentHooks { root, file } => {
            let project = Project::new(root);
            let _lock = project.lock()?;
            // Codex's file lacks hooks rather than holding outdated ones: they are added as
            // setup adds them, and recorded for its `--remove`.
            if *file == crate::agents::codex::HOOKS_FILE {
                return crate::commands::add_missing_codex_hooks(&project);
            }
            let path = root.join(file);
            // Read again under the lock: a file already brought up to date is left alone.
            let Some(bytes) = crate::store::text::read_optional(&path)? else {
                return Ok(());
            };
            match crate::agents::claude::upgrade_file(&bytes) {
                Some(updated) => atomic::write_atomic(&path, &updated),
                None => Ok(()),
            }
        }
        Fix::Unregister { root } => {
            registry::unregister(home, root)?;
            Ok(())
        }
        Fix::ConvertToUtf8 { root, file } => {
            let project = Project::new(root);
            let _lock = project.lock()?;
            let path = root.join(file);
            let Some(bytes) = crate::store::text::read_optional(&path)? else {
                return Ok(());
            };
            // Checked again under the lock: a file converted meanwhile is left alone.
            if encoding::utf16_in(&bytes).is_none() {
                return Ok(());
            }
            let utf8 = encoding::to_utf8(&bytes).map_err(|why| {
                Error::Failed(format!(
                    "{file} cannot be converted with certainty ({why}); save it as UTF-8 in your editor"
                ))
            })?;
            atomic::write_atomic_converted(&path, &utf8)
        }
        Fix::RewriteBlocks { .. } => Err(Error::Failed(
            "the context blocks are rewritten by the command".into(),
        )),
    }
}
