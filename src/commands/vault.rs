//! `mind vault link VAULT_DIR [--copy] [--name NAME]`, `mind vault sync`, `mind vault status`.

use serde::Serialize;

use crate::app::Ctx;
use crate::cli::{VaultAction, VaultArgs};
use crate::error::{Error, Result};
use crate::output;
use crate::store::state::State;
use crate::vault_sync::{self, Mode, Synced};

pub fn run(args: &VaultArgs, ctx: &Ctx) -> Result<()> {
    match &args.action {
        VaultAction::Link { vault, name, copy } => link(vault, name.as_deref(), *copy, ctx),
        VaultAction::Sync => sync(ctx),
        VaultAction::Status => status(ctx),
    }
}

#[derive(Serialize)]
struct LinkReply {
    path: String,
    mode: Mode,
    /// `created`, `unchanged` or `synced`.
    status: &'static str,
    #[serde(flatten)]
    synced: Synced,
    #[serde(skip_serializing_if = "Option::is_none")]
    fallback: Option<String>,
}

/// The project, and a problem in its config.json warned about, as on every command (no key
/// of it applies to the vault).
fn project(ctx: &Ctx) -> Result<crate::store::Project> {
    let project = ctx.project()?;
    ctx.config(&project)?;
    Ok(project)
}

fn link(vault_dir: &std::path::Path, name: Option<&str>, copy: bool, ctx: &Ctx) -> Result<()> {
    let project = project(ctx)?;
    let name = name.map_or_else(|| project.name(), str::to_string);
    let vault_dir = ctx.cwd.join(vault_dir);
    let linked = vault_sync::link(&project, &vault_dir, &name, copy)?;
    let status = if linked.unchanged {
        "unchanged"
    } else if linked.existed {
        "synced"
    } else {
        "created"
    };
    let reply = LinkReply {
        path: linked.entry.path.display().to_string(),
        mode: linked.entry.mode,
        status,
        synced: linked.synced,
        fallback: linked.fallback,
    };
    if ctx.json {
        output::print_json(&reply)?;
        return conflicts_error(&project, [(reply.path.as_str(), &reply.synced)]);
    }
    if let Some(why) = &reply.fallback {
        output::warn(&ctx.err_paint, why);
    }
    let what = match reply.mode {
        Mode::Link => format!("{status} link {} -> .mind/", reply.path),
        Mode::Copy => format!("{status} copy {}", reply.path),
    };
    let mut out = format!("{what}\n");
    out.push_str(&render_synced(&reply.synced));
    ctx.out(&out)?;
    conflicts_error(&project, [(reply.path.as_str(), &reply.synced)])
}

fn render_synced(synced: &Synced) -> String {
    let groups: [(&[String], &str, &str); 8] = [
        (&synced.to_vault, "  -> vault    ", ""),
        (&synced.to_project, "  <- .mind/   ", ""),
        (
            &synced.merged,
            "  merged     ",
            ": lines added on both sides, kept from both (.mind/'s first), written to both",
        ),
        (
            &synced.deleted_from_vault,
            "  deleted    ",
            " from the vault: deleted in .mind/ since the last sync",
        ),
        (
            &synced.deleted_from_project,
            "  deleted    ",
            " from .mind/: deleted in the vault since the last sync",
        ),
        (
            &synced.conflicts,
            "  conflict   ",
            ": changed in .mind/ and in the vault since the last sync, not only by lines added at the end; neither was touched",
        ),
        (
            &synced.delete_conflicts,
            "  conflict   ",
            ": deleted on one side and changed on the other since the last sync; neither was touched",
        ),
        (
            &synced.outside,
            "  left out   ",
            ": leads outside the project through a symbolic link; neither read nor written",
        ),
    ];
    let mut out = String::new();
    for (files, label, why) in groups {
        for f in files {
            out.push_str(&format!("{label}{f}{why}\n"));
        }
    }
    out
}

/// A sync that left files in conflict fails (after its report), saying how to settle them:
/// make both sides the same, then sync again.
fn conflicts_error<'a>(
    project: &crate::store::Project,
    copies: impl IntoIterator<Item = (&'a str, &'a Synced)>,
) -> Result<()> {
    let mut files = Vec::new();
    let mut deleted = Vec::new();
    let mut example = None;
    for (path, synced) in copies {
        for rel in &synced.conflicts {
            let here = project.dir().join(rel);
            let there = std::path::Path::new(path).join(rel);
            example.get_or_insert_with(|| (here.clone(), there.clone()));
            files.push(there.display().to_string());
        }
        for rel in &synced.delete_conflicts {
            deleted.push(std::path::Path::new(path).join(rel).display().to_string());
        }
    }
    let Some((here, there)) = example else {
        if deleted.is_empty() {
            return Ok(());
        }
        return Err(Error::Conflict {
            message: format!(
                "{} file(s) deleted on one side and changed on the other since the last sync: {}; neither side was touched",
                deleted.len(),
                deleted.join(", ")
            ),
            hint: "keep it by copying the changed copy over to the side that lacks it, or delete it on both sides, then run `mind vault sync` again".to_string(),
        });
    };
    if !deleted.is_empty() {
        files.extend(
            deleted
                .into_iter()
                .map(|f| format!("{f} (deleted on one side)")),
        );
    }
    Err(Error::Conflict {
        message: format!(
            "{} file(s) changed in .mind/ and in the vault since the last sync: {}; neither side was touched",
            files.len(),
            files.join(", ")
        ),
        hint: format!(
            "make the two copies the same: edit one to hold what both should keep, copy it over the other (cp {} {}, or the reverse), then run `mind vault sync` again",
            here.display(),
            there.display()
        ),
    })
}

#[derive(Serialize)]
struct SyncedCopy {
    path: String,
    #[serde(flatten)]
    synced: Synced,
}

#[derive(Serialize)]
struct SyncReply<'a> {
    copies: Vec<&'a SyncedCopy>,
}

fn sync(ctx: &Ctx) -> Result<()> {
    let project = project(ctx)?;
    let state = State::load(&project.state())?;
    let mut copies = Vec::new();
    for entry in vault_sync::recorded(&state) {
        if entry.mode != Mode::Copy || !entry.path.join(vault_sync::MANIFEST).is_file() {
            continue;
        }
        copies.push(SyncedCopy {
            synced: vault_sync::sync(&project, &entry.path)?,
            path: entry.path.display().to_string(),
        });
    }
    let conflicts = || {
        conflicts_error(
            &project,
            copies.iter().map(|c| (c.path.as_str(), &c.synced)),
        )
    };
    if ctx.json {
        output::print_json(&SyncReply {
            copies: copies.iter().collect(),
        })?;
        return conflicts();
    }
    if copies.is_empty() {
        ctx.note("no vault copies to sync; `mind vault link VAULT_DIR --copy` makes one");
        return Ok(());
    }
    let mut out = String::new();
    for copy in &copies {
        let state = if copy.synced.changed() || copy.synced.has_conflicts() {
            "synced"
        } else {
            "unchanged"
        };
        out.push_str(&format!("{state} {}\n", copy.path));
        out.push_str(&render_synced(&copy.synced));
    }
    ctx.out(&out)?;
    conflicts()
}

#[derive(Serialize)]
struct StatusItem {
    path: String,
    mode: Mode,
    /// `linked`, `changed`, `missing`, `in sync`, `out of sync`, `unreadable`.
    status: &'static str,
}

#[derive(Serialize)]
struct StatusReply {
    links: Vec<StatusItem>,
}

fn status(ctx: &Ctx) -> Result<()> {
    let project = project(ctx)?;
    let state = State::load(&project.state())?;
    let links: Vec<StatusItem> = vault_sync::recorded(&state)
        .into_iter()
        .map(|e| StatusItem {
            status: vault_sync::status(&project, &e),
            path: e.path.display().to_string(),
            mode: e.mode,
        })
        .collect();
    if ctx.json {
        return output::print_json(&StatusReply { links });
    }
    if links.is_empty() {
        ctx.note("not in any vault; `mind vault link VAULT_DIR` adds it");
        return Ok(());
    }
    let mut out = String::new();
    for l in &links {
        let mode = match l.mode {
            Mode::Link => "link",
            Mode::Copy => "copy",
        };
        out.push_str(&format!("{mode}  {}  {}\n", l.path, l.status));
    }
    ctx.out(&out)
}
