//! `mind hooks install [--force] [--shared-folder] | uninstall [--force] [--shared-folder] |
//! status`: the git hooks that harvest commits, installed where git really runs them (and in
//! the repository's submodules), never clobbering what is there.

use std::path::Path;

use crate::app::Ctx;
use crate::cli::{HooksAction, HooksArgs};
use crate::doctor::global_checks::find_on_path;
use crate::error::{Error, Result};
use crate::hook_install::{self, Options, Outcome};
use crate::output;
use crate::store;

pub fn run(args: &HooksArgs, ctx: &Ctx) -> Result<()> {
    // The repository git uses here: the current folder's (a submodule's own, inside a
    // project), or the one holding `--project DIR`.
    let dir = ctx
        .project_override
        .as_ref()
        .map(|p| ctx.cwd.join(p))
        .unwrap_or_else(|| ctx.cwd.clone());
    let outcome = match &args.action {
        HooksAction::Install {
            force,
            shared_folder,
        } => hook_install::install_with(
            &dir,
            Options {
                force: *force,
                shared_folder: *shared_folder,
            },
        )?,
        HooksAction::Uninstall {
            force,
            shared_folder,
        } => hook_install::uninstall_with(
            &dir,
            Options {
                force: *force,
                shared_folder: *shared_folder,
            },
        )?,
        HooksAction::Status => hook_install::status(&dir)?,
    };
    if ctx.json {
        output::print_json(&outcome)?;
    } else {
        ctx.out(&render(ctx, &outcome))?;
    }
    if matches!(args.action, HooksAction::Install { .. }) {
        match store::find_upwards(&dir) {
            None => ctx.note("no .mind/ here yet: the hooks do nothing until `mind init`"),
            Some(project) => note_when_below_the_top(ctx, &project.root),
        }
        note_when_not_on_path(ctx);
    }
    if outcome.ok() {
        Ok(())
    } else {
        Err(Error::Failed(
            "some hooks were left alone (see above)".into(),
        ))
    }
}

/// After an install (here or `mind init --hooks`): the hooks call `mind` by name, so hooks
/// installed by a `mind` run from a build folder or by its full path would stay silent at
/// every commit without a word.
pub(crate) fn note_when_not_on_path(ctx: &Ctx) {
    let path = std::env::var_os("PATH").unwrap_or_default();
    if find_on_path(&path, "mind").is_none() {
        ctx.note("`mind` is not on PATH: the hooks run it by name and do nothing until it is");
    }
}

/// After an install for a project in a subfolder of its repository (a package of a
/// monorepo): git runs hooks at the repository's top folder, so say which commits they keep
/// here (see `capture::routing`), with a project at the top folder or without one.
pub(crate) fn note_when_below_the_top(ctx: &Ctx, root: &Path) {
    let Some(top) = crate::capture::commits::open(root)
        .ok()
        .and_then(|repo| repo.workdir().map(Path::to_path_buf))
    else {
        return;
    };
    let canonical = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let (top, root) = (canonical(&top), canonical(root));
    if top == root {
        return;
    }
    let Ok(rel) = root.strip_prefix(&top) else {
        return;
    };
    let rel = rel.display();
    let note = match store::find_upwards(&top) {
        Some(covering) => {
            let at = if canonical(&covering.root) == top {
                "the top folder's project".to_string()
            } else {
                format!("the project at {}", covering.root.display())
            };
            format!(
                "this project is in {rel}, below the repository's top folder (where git runs \
                 hooks): the hooks keep a commit's memories here when the files it changes are \
                 all in {rel}; {at} keeps the other commits; `mind harvest` here takes the same \
                 commits"
            )
        }
        None => format!(
            "this project is in {rel}, below the repository's top folder (where git runs hooks): \
             the hooks keep a commit's memories here when it changes files in {rel} and in no \
             other project, or files in no project when this is the only project in the \
             repository; `mind harvest` here takes the same commits"
        ),
    };
    ctx.note(&note);
}

/// Human output for install, uninstall and status (also used by `mind init --hooks`).
pub(crate) fn render(ctx: &Ctx, o: &Outcome) -> String {
    let mut out = String::new();
    render_into(ctx, o, "", &mut out);
    for step in &o.next_steps {
        out.push_str(&format!("next: {step}\n"));
    }
    out
}

/// One repository's hooks, then its submodules' (`prefix` names the submodule).
fn render_into(ctx: &Ctx, o: &Outcome, prefix: &str, out: &mut String) {
    let p = &ctx.paint;
    let whence = match (&o.location.config_file, o.location.from_config) {
        (Some(file), true) => format!(", core.hooksPath from {}", file.display()),
        (None, true) => ", core.hooksPath".to_string(),
        _ => String::new(),
    };
    out.push_str(&format!(
        "{} {} ({}{whence})\n",
        p.heading(&format!("{prefix}hooks")),
        o.location.hooks_dir.display(),
        o.location.manager.label(),
    ));
    if let Some(why) = &o.location.shared {
        out.push_str(&format!("  {} {why}\n", p.warn("shared:")));
    }
    for h in &o.hooks {
        let status = match h.status {
            "refused" | "modified" | "other" => p.warn(h.status),
            "absent" | "not-installed" | "unchanged" => p.dim(h.status),
            s => p.good(s),
        };
        out.push_str(&format!("  {:<19} {status}", h.hook.as_str()));
        let file = h.file.display().to_string();
        if !file.ends_with(h.hook.as_str()) {
            out.push_str(&format!(" in {file}"));
        }
        if let Some(detail) = &h.detail {
            out.push_str(&format!(" — {detail}"));
        }
        out.push('\n');
    }
    for sub in &o.submodules {
        let name = format!("{prefix}submodule {}: ", sub.path);
        match (&sub.outcome, &sub.problem) {
            (Some(inner), _) => render_into(ctx, inner, &name, out),
            (None, Some(problem)) => out.push_str(&format!(
                "{} {}\n",
                p.heading(name.trim_end()),
                p.warn(&format!("left alone: {problem}"))
            )),
            (None, None) => {}
        }
    }
}
