//! `mind hooks install [--force] | uninstall [--force] | status`: the git hooks that harvest
//! commits, installed where git really runs them, never clobbering what is there.

use crate::app::Ctx;
use crate::cli::{HooksAction, HooksArgs};
use crate::doctor::global_checks::find_on_path;
use crate::error::{Error, Result};
use crate::hook_install::{self, Outcome};
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
        HooksAction::Install { force } => hook_install::install(&dir, *force)?,
        HooksAction::Uninstall { force } => hook_install::uninstall(&dir, *force)?,
        HooksAction::Status => hook_install::status(&dir)?,
    };
    if ctx.json {
        output::print_json(&outcome)?;
    } else {
        ctx.out(&render(ctx, &outcome))?;
    }
    if matches!(args.action, HooksAction::Install { .. }) {
        if store::find_upwards(&dir).is_none() {
            ctx.note("no .mind/ here yet: the hooks do nothing until `mind init`");
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

/// Human output for install, uninstall and status (also used by `mind init --hooks`).
pub(crate) fn render(ctx: &Ctx, o: &Outcome) -> String {
    let p = &ctx.paint;
    let mut out = format!(
        "{} {} ({}{})\n",
        p.heading("hooks"),
        o.location.hooks_dir.display(),
        o.location.manager.label(),
        if o.location.from_config {
            ", core.hooksPath"
        } else {
            ""
        }
    );
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
    for step in &o.next_steps {
        out.push_str(&format!("next: {step}\n"));
    }
    out
}
