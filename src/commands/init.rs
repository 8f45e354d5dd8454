//! `mind init [DIR]`: create `.mind/` from templates, add the context block, register.
//! Running it again changes nothing (missing files are recreated, existing ones kept).

use std::fs;
use std::path::Path;

use clap::ValueEnum;
use serde::Serialize;

use crate::agents::{self, Agent};
use crate::app::Ctx;
use crate::cli::InitArgs;
use crate::commands::{display_path, read_memory, refresh_context};
use crate::context;
use crate::error::{Error, Result};
use crate::output;
use crate::stack;
use crate::store::{self, Project, atomic, git_ignored, registry, state::State, templates};

/// Refuse a folder that is a git directory or inside one: a bare repository, or the `.git`
/// folder of a clone. There is no work tree there: no files of the project to remember, no
/// commit runs a post-commit hook, and `.mind/` and the context block would sit among git's
/// own files (and the folder would be registered as a project). Nothing is written.
fn refuse_git_dir(root: &std::path::Path) -> Result<()> {
    // The nearest folder that exists (`mind init DIR` may name a new one).
    let Some(existing) = root.ancestors().find(|dir| dir.is_dir()) else {
        return Ok(());
    };
    let Ok(repo) = gix::discover(existing) else {
        return Ok(());
    };
    let canonical = |p: &std::path::Path| fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let git_dir = canonical(repo.git_dir());
    let inside = canonical(existing).starts_with(&git_dir);
    match repo.workdir() {
        None => Err(Error::FailedHint {
            message: format!(
                "{} is a bare git repository: it has no work tree, so there are no files to \
                 remember and no commit runs its hooks; nothing written",
                git_dir.display()
            ),
            hint: format!(
                "run `mind init` in a clone with a work tree (git clone {})",
                git_dir.display()
            ),
        }),
        Some(work_tree) if inside => Err(Error::FailedHint {
            message: format!(
                "{} is inside the git directory {}, not the work tree; nothing written",
                root.display(),
                git_dir.display()
            ),
            hint: format!("run `mind init` in {}", canonical(work_tree).display()),
        }),
        Some(_) => Ok(()),
    }
}

/// Refuse a `.mind` (or a folder on the way to it, `mind init DIR`) that is there but is
/// not a folder: a file of notes named `.mind`, or a link to nothing. Creating the folder
/// would fail with the system's bare "File exists"; this says which path is in the way and
/// what to do. Nothing is written, and the file is never moved or removed: it is the user's.
fn refuse_file_in_the_way(mind_dir: &std::path::Path) -> Result<()> {
    for path in mind_dir.ancestors() {
        let Ok(link) = fs::symlink_metadata(path) else {
            continue;
        };
        let what = match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => return Ok(()),
            Ok(_) => "a file, not a folder".to_string(),
            Err(_) if link.file_type().is_symlink() => format!(
                "a symbolic link to {}, which does not exist",
                fs::read_link(path).unwrap_or_default().display()
            ),
            Err(e) => return Err(Error::io(path, e)),
        };
        let inside = if path == mind_dir {
            "mind keeps the project's memory in a .mind/ folder there"
        } else {
            "the project's .mind/ folder would go inside it"
        };
        return Err(Error::FailedHint {
            message: format!("{} is {what}: {inside}; nothing written", path.display()),
            hint: "rename or move it, then run `mind init` again".into(),
        });
    }
    Ok(())
}

#[derive(Serialize)]
struct Report {
    project: String,
    created: Vec<String>,
    kept: Vec<String>,
    context: Vec<context::TargetOutcome>,
    registered: bool,
    /// The agents whose files were found (their instruction files are the context targets).
    agents: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hooks: Option<crate::hook_install::Outcome>,
    /// The shared files git ignores (a `.mind/.gitignore` kept from the Python Mind), the
    /// rule and the fix; absent when they are shared, or with `--private`.
    #[serde(skip_serializing_if = "Option::is_none")]
    git_ignored: Option<git_ignored::Ignored>,
    /// The personal files git would commit (a committed `!SESSION.md` rule, a tracked
    /// state.json); empty when git ignores them all.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    personal_in_git: Vec<git_ignored::Exposed>,
}

pub fn run(args: &InitArgs, ctx: &Ctx) -> Result<()> {
    let requested = args.dir.as_deref().or(ctx.project_override.as_deref());
    let root = store::init_root(&ctx.cwd, requested)?;
    refuse_git_dir(&root)?;
    refuse_file_in_the_way(&root.join(store::MIND_DIR))?;
    fs::create_dir_all(root.join(store::MIND_DIR))
        .map_err(|e| Error::io(root.join(store::MIND_DIR), e))?;
    let root = fs::canonicalize(&root).unwrap_or(root);
    let project = Project::new(root);
    let _lock = project.lock()?;

    let today = ctx.clock.today();
    let stack = stack::detect(&project.root);
    let mut report = Report {
        project: project.root.display().to_string(),
        created: Vec::new(),
        kept: Vec::new(),
        context: Vec::new(),
        registered: false,
        agents: Vec::new(),
        hooks: None,
        git_ignored: None,
        personal_in_git: Vec::new(),
    };
    // The agents already in use decide where the context block goes: a project with only
    // AGENTS.md gets no CLAUDE.md.
    let detected = agents::detect(&project.root);
    report.agents = detected.iter().map(|a| a.definition().name).collect();
    let gitignore = if args.private {
        templates::GITIGNORE_PRIVATE
    } else {
        templates::GITIGNORE_SHARED
    };
    let mut files: Vec<(&str, String, bool)> = vec![
        (
            store::MEMORY_FILE,
            templates::memory(&project.name(), &stack, today),
            false,
        ),
        (store::SESSION_FILE, templates::session(today), false),
        (
            store::REMINDERS_FILE,
            templates::REMINDERS.to_string(),
            false,
        ),
        (
            store::CONFIG_FILE,
            templates::config(&agents::targets_for(&detected)),
            false,
        ),
        (
            store::GITIGNORE_FILE,
            gitignore.to_string(),
            args.rewrite_gitignore,
        ),
    ];
    if !args.private {
        files.push((
            store::GITATTRIBUTES_FILE,
            templates::GITATTRIBUTES.to_string(),
            false,
        ));
    }
    for (name, content, overwrite) in files {
        let path = project.file(name);
        let shown = display_path(&project, &path);
        let keep = if overwrite {
            fs::read(&path).is_ok_and(|old| old == content.as_bytes())
        } else {
            path.exists()
        };
        if keep {
            report.kept.push(shown);
        } else {
            atomic::write_atomic(&path, content.as_bytes())?;
            report.created.push(shown);
        }
    }
    // The personal files stay out of git also on a branch without `.mind/.gitignore`.
    crate::context::personal::ensure_unshared_ignored(&project.root);
    // Asked after the files are written, so git judges the `.mind/.gitignore` in place (a
    // kept one, or mind's after `--rewrite-gitignore`). With `--private` ignoring is the point.
    if !args.private {
        report.git_ignored = git_ignored::shared_ignored(&project);
    }

    // The targets are written below; a new Cursor rule file gets its front matter there, so
    // it is reported as created.
    let config = ctx.config(&project)?;
    let mut state = State::load(&project.state())?;
    // From here on a rebase or a reset that leaves commits behind is noticed at a recall.
    crate::capture::rewrites::note_reflog_end(&project, &mut state);
    let (_, doc) = read_memory(&project)?;
    let (_, outcomes) = refresh_context(ctx, &project, &config, &mut state, &doc, None)?;
    state.save_if_changed(&project.state())?;
    // Asked once the personal block is written: a rule a clone committed may keep it, or
    // the session, in git whatever mind added to `.git/info/exclude`.
    report.personal_in_git = git_ignored::personal_exposed(
        &project,
        &crate::doctor::project_checks::personal_root_files(&config),
    );
    report.context = outcomes;

    match ctx.home().and_then(|home| {
        registry::register(
            &home,
            &project.root,
            &project.name(),
            &stack,
            &ctx.clock.now().to_rfc3339(),
        )
    }) {
        Ok(changed) => report.registered = changed,
        Err(e) => {
            if !ctx.quiet {
                output::warn(
                    &ctx.err_paint,
                    &format!("project not registered for cross-project search: {e}"),
                );
            }
        }
    }

    if args.hooks {
        let options = crate::hook_install::Options {
            force: false,
            shared_folder: args.shared_folder,
        };
        match crate::hook_install::install_with(&project.root, options) {
            Ok(outcome) => {
                super::hooks::note_when_below_the_top(ctx, &project.root);
                super::hooks::note_when_not_on_path(ctx);
                report.hooks = Some(outcome)
            }
            // The memory is set up; only the hooks could not be (e.g. not a git repository).
            Err(e) if !ctx.quiet => {
                output::warn(&ctx.err_paint, &format!("hooks not installed: {e}"));
                if let Some(hint) = e.hint() {
                    ctx.note(&hint);
                }
            }
            Err(_) => {}
        }
    }

    if ctx.json {
        output::print_json(&report)?;
    } else {
        ctx.out(&render(ctx, &report, &shown_from(&ctx.cwd, &project.root)))?;
        if let Some(hooks) = &report.hooks {
            ctx.out(&super::hooks::render(ctx, hooks))?;
        }
        match &report.git_ignored {
            // mind's own file ignores them: most likely kept from the Python Mind.
            Some(ignored) if ignored.fix.is_some() && !ctx.quiet => {
                output::warn(&ctx.err_paint, &ignored.message())
            }
            // A rule of the user's own: their choice, said once.
            Some(ignored) => ctx.note(&ignored.message()),
            None => {}
        }
        if !report.personal_in_git.is_empty() && !ctx.quiet {
            output::warn(
                &ctx.err_paint,
                &git_ignored::exposed_message(&report.personal_in_git),
            );
        }
    }
    if report.hooks.as_ref().is_some_and(|h| !h.ok()) {
        return Err(Error::Failed(
            "some hooks were left alone (see above)".into(),
        ));
    }
    match context::refused_error(&project, &report.context) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// What goes before a project file's name (relative to the project) so that it names the
/// file as seen from `cwd`, where `mind init` ran: nothing there, `packages/a/` for a project
/// below it (`mind init packages/a` at the top of a monorepo, where `CLAUDE.md` alone would
/// name the top folder's file), `../` for one above it; the root's full path when the two
/// share no folder but the filesystem's root.
fn shown_from(cwd: &Path, root: &Path) -> String {
    let canonical = |p: &Path| fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let (cwd, root) = (canonical(cwd), canonical(root));
    let shared = cwd
        .components()
        .zip(root.components())
        .take_while(|(a, b)| a == b)
        .count();
    if shared <= 1 {
        return format!("{}/", root.display());
    }
    let ups = cwd.components().count() - shared;
    let mut out = "../".repeat(ups);
    for part in root.components().skip(shared) {
        out.push_str(&part.as_os_str().to_string_lossy());
        out.push('/');
    }
    out
}

/// `report` for people; `from` goes before each project file's name (see [`shown_from`]).
fn render(ctx: &Ctx, report: &Report, from: &str) -> String {
    let paint = &ctx.paint;
    let mut out = String::new();
    let ignored = report
        .git_ignored
        .as_ref()
        .map_or(&[][..], |g| &g.files[..]);
    for file in &report.created {
        // A file meant for git that git ignores is not reported as if it were shared.
        let unshared = if ignored.contains(file) {
            " (git ignores it, see below)"
        } else {
            ""
        };
        out.push_str(&format!(
            "{} {from}{file}{unshared}\n",
            paint.good("created")
        ));
    }
    for target in &report.context {
        match target.status {
            "unchanged" => {}
            "refused" => out.push_str(&format!(
                "{} {from}{} (see below)\n",
                paint.warn("refused"),
                target.file
            )),
            status => out.push_str(&format!(
                "{} {from}{} (context block)\n",
                paint.good(status),
                target.file
            )),
        }
        if let Some(holder) = &target.imports {
            out.push_str(&crate::context::inspect::import_note(
                &target.file,
                holder,
                from,
            ));
            out.push('\n');
        }
    }
    if report.registered {
        out.push_str(&format!(
            "{} project in the global registry\n",
            paint.good("registered")
        ));
    }
    if report.created.is_empty()
        && report.context.iter().all(|t| t.status == "unchanged")
        && !report.registered
    {
        out.push_str(&format!(
            "{} is already set up; nothing changed\n",
            report.project
        ));
    } else {
        out.push_str(
            "Next: `mind recall` at the start of each session, `mind log ...` as you work.\n",
        );
    }
    for (agent, why) in [
        (
            Agent::Claude,
            "adds hooks that bring the memory into each session",
        ),
        (
            Agent::Aider,
            "adds the context file to `read:` in .aider.conf.yml",
        ),
    ] {
        if report.agents.contains(&agent.definition().name) {
            out.push_str(&format!(
                "{} found: `mind setup {}` {why}.\n",
                agent.definition().name,
                agent
                    .to_possible_value()
                    .map(|v| v.get_name().to_string())
                    .unwrap_or_default()
            ));
        }
    }
    out
}
