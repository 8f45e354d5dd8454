//! `mind projects [list|add PATH|remove PATH|prune]`: the global registry of projects.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::app::Ctx;
use crate::cli::{ProjectsAction, ProjectsArgs};
use crate::error::{Error, Result};
use crate::output;
use crate::store::{MIND_DIR, Project, registry};

pub fn run(args: &ProjectsArgs, ctx: &Ctx) -> Result<()> {
    match &args.action {
        None | Some(ProjectsAction::List) => list(ctx),
        Some(ProjectsAction::Add { path }) => add(path, ctx),
        Some(ProjectsAction::Remove { path }) => remove(path, ctx),
        Some(ProjectsAction::Prune { yes }) => prune(*yes, ctx),
    }
}

/// A registered project as listed.
#[derive(Serialize)]
struct Listed {
    name: String,
    path: String,
    /// `ok`, `gone` (the folder no longer exists), `sparse` (outside the sparse checkout of
    /// the repository holding it) or `no-mind` (the folder has no `.mind/`).
    status: &'static str,
    /// Listed only by the Python Mind's `~/.mind/projects.json` (never written).
    legacy: bool,
}

fn status_of(root: &Path) -> &'static str {
    if registry::is_gone(root) {
        "gone"
    } else if root.join(MIND_DIR).is_dir() {
        "ok"
    } else if crate::store::checkout::outside_sparse_checkout(root).is_some() {
        "sparse"
    } else {
        "no-mind"
    }
}

#[derive(Serialize)]
struct ListReply {
    projects: Vec<Listed>,
    gone: usize,
}

fn list(ctx: &Ctx) -> Result<()> {
    let home = ctx.home()?;
    let projects: Vec<Listed> = registry::list(&home)?
        .into_iter()
        .map(|r| Listed {
            status: status_of(&r.path),
            path: r.path.display().to_string(),
            name: r.name,
            legacy: r.legacy,
        })
        .collect();
    let gone = projects.iter().filter(|p| p.status == "gone").count();
    if ctx.json {
        return output::print_json(&ListReply { projects, gone });
    }
    if projects.is_empty() {
        ctx.note("no registered projects; `mind init` registers a project");
        return Ok(());
    }
    let width = projects
        .iter()
        .map(|p| output::display_width(&p.name))
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for p in &projects {
        out.push_str(&output::pad_end(&p.name, width));
        out.push_str("  ");
        // A folder's name may hold a line break: shown visibly, so each project is one line.
        out.push_str(&crate::safety::controls::one_field(&p.path, usize::MAX));
        match p.status {
            "gone" => out.push_str(&format!("  {}", ctx.paint.warn("[gone]"))),
            "no-mind" => out.push_str(&format!("  {}", ctx.paint.warn("[no .mind/]"))),
            "sparse" => out.push_str(&format!(
                "  {}",
                ctx.paint.dim("[outside the sparse checkout]")
            )),
            _ => {}
        }
        if p.legacy {
            out.push_str(&format!("  {}", ctx.paint.dim("(Python Mind)")));
        }
        out.push('\n');
    }
    if gone > 0 {
        out.push_str(&format!(
            "{gone} project(s) whose folder is gone; `mind projects prune` unregisters them\n"
        ));
    }
    ctx.out(&out)
}

#[derive(Serialize)]
struct ChangeReply {
    path: String,
    changed: bool,
}

/// An absolute path for `path` without resolving links of a folder that may be gone.
fn absolute(ctx: &Ctx, path: &Path) -> PathBuf {
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        ctx.cwd.join(path)
    };
    std::fs::canonicalize(&joined).unwrap_or(joined)
}

fn add(path: &Path, ctx: &Ctx) -> Result<()> {
    let root = absolute(ctx, path);
    if !root.join(MIND_DIR).is_dir() {
        return Err(Error::usage_hint(
            format!("{} holds no .mind/", root.display()),
            "run `mind init` there first (it registers the project)",
        ));
    }
    let project = Project::new(&root);
    let changed = registry::register(
        &ctx.home()?,
        &root,
        &project.name(),
        &crate::stack::detect(&root),
        &ctx.clock.now().to_rfc3339(),
    )?;
    reply_change(ctx, &root, changed, "registered", "already registered")
}

fn remove(path: &Path, ctx: &Ctx) -> Result<()> {
    let root = absolute(ctx, path);
    let changed = registry::unregister(&ctx.home()?, &root)?;
    if !changed {
        return Err(Error::usage_hint(
            format!("{} is not registered", root.display()),
            "`mind projects` lists the registered projects",
        ));
    }
    reply_change(ctx, &root, changed, "unregistered", "")
}

fn reply_change(ctx: &Ctx, root: &Path, changed: bool, done: &str, same: &str) -> Result<()> {
    if ctx.json {
        return output::print_json(&ChangeReply {
            path: root.display().to_string(),
            changed,
        });
    }
    ctx.out(&format!(
        "{} {}\n",
        if changed { done } else { same },
        root.display()
    ))
}

#[derive(Serialize)]
struct PruneReply {
    removed: Vec<String>,
    /// Gone projects only the Python Mind's file lists; it is never written.
    kept_legacy: Vec<String>,
}

fn prune(yes: bool, ctx: &Ctx) -> Result<()> {
    let home = ctx.home()?;
    let gone: Vec<registry::Registered> = registry::list(&home)?
        .into_iter()
        .filter(|r| registry::is_gone(&r.path))
        .collect();
    let (legacy, own): (Vec<_>, Vec<_>) = gone.into_iter().partition(|r| r.legacy);
    let removed = if own.is_empty() {
        Vec::new()
    } else {
        if !yes && !confirm(&own)? {
            return Err(Error::Failed("nothing was unregistered".into()));
        }
        registry::remove_gone(&home)?
    };
    let reply = PruneReply {
        removed: removed
            .iter()
            .map(|r| r.path.display().to_string())
            .collect(),
        kept_legacy: legacy
            .iter()
            .map(|r| r.path.display().to_string())
            .collect(),
    };
    if ctx.json {
        return output::print_json(&reply);
    }
    if reply.removed.is_empty() && reply.kept_legacy.is_empty() {
        ctx.note("no registered project is gone; nothing to prune");
        return Ok(());
    }
    let mut out = String::new();
    for path in &reply.removed {
        out.push_str(&format!("unregistered {path}\n"));
    }
    for path in &reply.kept_legacy {
        out.push_str(&format!(
            "kept {path}: only the Python Mind's ~/.mind/projects.json lists it, and mind never writes that file\n"
        ));
    }
    ctx.out(&out)
}

/// Ask on the terminal; refuse without one (a script must say --yes).
fn confirm(gone: &[registry::Registered]) -> Result<bool> {
    if !std::io::stdin().is_terminal() {
        return Err(Error::usage_hint(
            "refusing to prune without a terminal to confirm on",
            "pass --yes to unregister the projects whose folder is gone",
        ));
    }
    let mut err = std::io::stderr().lock();
    for r in gone {
        let _ = writeln!(err, "  {}  {}", r.name, r.path.display());
    }
    let _ = write!(
        err,
        "Unregister these {} project(s) whose folder is gone? [y/N] ",
        gone.len()
    );
    let _ = err.flush();
    let mut answer = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut answer)
        .map_err(|e| Error::Failed(format!("cannot read the answer: {e}")))?;
    Ok(matches!(answer.trim(), "y" | "Y" | "yes" | "YES" | "Yes"))
}
