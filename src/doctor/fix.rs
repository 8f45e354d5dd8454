//! Applying the doctor's fixes that need nothing from the commands layer. Rewriting the
//! context blocks needs the whole build pipeline, so the command does that one.

use super::Fix;
use crate::error::{Error, Result};
use crate::store::home::GlobalFolder;
use crate::store::{self, Project, atomic, lock::StoreLock, registry, templates};

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
        Fix::Unregister { root } => {
            registry::unregister(home, root)?;
            Ok(())
        }
        Fix::RewriteBlocks { .. } => Err(Error::Failed(
            "the context blocks are rewritten by the command".into(),
        )),
    }
}
