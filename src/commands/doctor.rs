//! `mind doctor [--fix]`: run the checks of [`crate::doctor`], repair what is safe to
//! repair when asked, and exit 1 while a problem remains.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::app::Ctx;
use crate::cli::DoctorArgs;
use crate::commands::{read_memory, refresh_context};
use crate::config::Config;
use crate::doctor::{self, Finding, Fix, Severity, global_checks, project_checks};
use crate::error::{Error, Result};
use crate::output;
use crate::store::home::GlobalFolder;
use crate::store::{Project, registry, state::State};

#[derive(Serialize)]
struct Reply {
    healthy: bool,
    fixed: bool,
    findings: Vec<Finding>,
}

pub fn run(args: &DoctorArgs, ctx: &Ctx) -> Result<()> {
    let current = std::env::current_exe().ok();
    let mut findings = Vec::new();
    let home = match ctx.home() {
        Ok(home) => Some(home),
        Err(e) => {
            findings.push(Finding::problem("global-folder", "global", e.to_string()));
            None
        }
    };
    if let Some(home) = &home {
        findings.push(global_checks::global_folder(home));
        findings.extend(global_checks::legacy_folder(home));
        findings.extend(global_checks::semantic_search(home));
    }
    findings.push(global_checks::path_binary(
        current.as_deref(),
        std::env::var_os("PATH").as_deref(),
    ));
    for (root, in_registry) in projects(ctx, home.as_ref(), &mut findings) {
        if let Some(gone) = project_checks::folder(&root, in_registry) {
            findings.push(gone);
            continue;
        }
        findings.extend(project_checks::all(
            &Project::new(root),
            current.as_deref(),
        )?);
    }

    if args.fix {
        apply_fixes(ctx, home.as_ref(), &mut findings);
    }
    let unresolved = findings.iter().filter(|f| f.unresolved()).count();
    let reply = Reply {
        healthy: unresolved == 0,
        fixed: args.fix,
        findings,
    };
    if ctx.json {
        output::print_json(&reply)?;
    } else {
        ctx.out(&render(ctx, &reply))?;
    }
    if unresolved == 0 {
        return Ok(());
    }
    let fixable = reply
        .findings
        .iter()
        .filter(|f| f.unresolved() && f.fix.is_some() && f.fixed.is_none())
        .count();
    Err(Error::Failed(if args.fix {
        format!("{unresolved} problem(s) could not be fixed")
    } else if fixable > 0 {
        format!("{unresolved} problem(s); `mind doctor --fix` repairs {fixable} of them")
    } else {
        format!("{unresolved} problem(s)")
    }))
}

/// The registered projects (and the current one, when it is not registered), each with
/// whether the global folder's own registry lists it (only such an entry can be removed).
fn projects(
    ctx: &Ctx,
    home: Option<&GlobalFolder>,
    findings: &mut Vec<Finding>,
) -> Vec<(PathBuf, bool)> {
    let mut out: Vec<(PathBuf, bool)> = Vec::new();
    if let Some(home) = home {
        let own = GlobalFolder {
            dir: home.dir.clone(),
            legacy: None,
        };
        match (registry::list(home), registry::list(&own)) {
            (Ok(all), Ok(own)) => {
                for reg in all {
                    let ours = own.iter().any(|r| r.path == reg.path);
                    out.push((reg.path, ours));
                }
            }
            (Err(e), _) | (_, Err(e)) => {
                findings.push(Finding::problem("registry", "global", format!("{e}")))
            }
        }
    }
    if let Ok(current) = ctx.project()
        && !out.iter().any(|(p, _)| same_folder(p, &current.root))
    {
        out.push((current.root, false));
    }
    out
}

fn same_folder(a: &Path, b: &Path) -> bool {
    global_checks::same_file(a, b)
}

/// Apply every fix of a problem; the blocks of a project are rewritten once.
fn apply_fixes(ctx: &Ctx, home: Option<&GlobalFolder>, findings: &mut [Finding]) {
    // Files first: a block rewrite needs MEMORY.md.
    let mut order: Vec<usize> = (0..findings.len()).collect();
    order.sort_by_key(|&i| matches!(findings[i].fix, Some(Fix::RewriteBlocks { .. })));
    let mut rewritten: Vec<(PathBuf, std::result::Result<(), String>)> = Vec::new();
    for i in order {
        let finding = &mut findings[i];
        let Some(fix) = finding.fix.clone() else {
            continue;
        };
        if finding.severity != Severity::Problem {
            continue;
        }
        let result = match &fix {
            Fix::RewriteBlocks { root } => match rewritten.iter().find(|(r, _)| r == root) {
                Some((_, done)) => done.clone(),
                None => {
                    let done = rewrite_blocks(ctx, root).map_err(|e| e.to_string());
                    rewritten.push((root.clone(), done.clone()));
                    done
                }
            },
            other => match home {
                Some(home) => {
                    doctor::fix::apply(other, home, ctx.clock.today()).map_err(|e| e.to_string())
                }
                None => Err("no global folder".into()),
            },
        };
        finding.fixed = Some(result.is_ok());
        finding.fix_error = result.err();
    }
}

/// Rebuild and write a project's context blocks (recall's refresh without its session work).
fn rewrite_blocks(ctx: &Ctx, root: &Path) -> Result<()> {
    let project = Project::new(root);
    let _lock = project.lock()?;
    let config = Config::load(&project.config())?;
    let mut state = State::load(&project.state())?;
    let (_, doc) = read_memory(&project)?;
    let (_, outcomes) = refresh_context(ctx, &project, &config, &mut state, &doc, None)?;
    state.save(&project.state())?;
    match crate::context::refused_error(&project, &outcomes) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn render(ctx: &Ctx, reply: &Reply) -> String {
    let p = &ctx.paint;
    let mut out = String::new();
    let mut subject: Option<&str> = None;
    for f in &reply.findings {
        if subject != Some(f.subject.as_str()) {
            subject = Some(&f.subject);
            out.push_str(&format!("{}\n", p.heading(&f.subject)));
        }
        let label = match f.severity {
            Severity::Ok => p.good("ok     "),
            Severity::Note => p.dim("note   "),
            Severity::Warning => p.warn("warning"),
            Severity::Problem => p.warn("problem"),
        };
        out.push_str(&format!("  {label} {}\n", f.message));
        if let Some(fix) = &f.fix {
            let line = match (f.fixed, &f.fix_error) {
                (Some(true), _) => format!("fixed: {}", fix.describe()),
                (Some(false), Some(e)) => format!("not fixed ({e}): {}", fix.describe()),
                (Some(false), None) => format!("not fixed: {}", fix.describe()),
                (None, _) => format!("--fix: {}", fix.describe()),
            };
            out.push_str(&format!("          {line}\n"));
        }
    }
    let problems = reply
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Problem)
        .count();
    let unresolved = reply.findings.iter().filter(|f| f.unresolved()).count();
    if problems == 0 {
        out.push_str(&format!("{}\n", p.good("healthy")));
    } else if reply.fixed {
        out.push_str(&format!(
            "{} of {problems} problem(s) fixed\n",
            problems - unresolved
        ));
    }
    out
}
