//! `mind status`: health of the memory — counts, last capture, sizes, the context block,
//! and any problem found. Reads only; never touches the session.

use std::collections::BTreeMap;

use chrono::DateTime;
use serde::Serialize;

use crate::app::Ctx;
use crate::config::Config;
use crate::context::inspect;
use crate::error::Result;
use crate::parse::{EntryType, ProblemStatus};
use crate::store::session_file::{self as session_file, Section};
use crate::store::state::State;
use crate::store::{self, text};

#[derive(Serialize)]
struct Reply {
    project: String,
    counts: BTreeMap<&'static str, usize>,
    open_problems: usize,
    session: BTreeMap<&'static str, usize>,
    last_activity: Option<String>,
    session_age_minutes: Option<i64>,
    files: BTreeMap<String, Option<u64>>,
    context: Vec<TargetStatus>,
    search: SearchStatus,
    problems: Vec<String>,
}

/// How `mind search` ranks on this machine: with the model (hybrid) or by words alone.
#[derive(Serialize)]
struct SearchStatus {
    /// "hybrid" or "lexical".
    mode: &'static str,
    /// The model: "installed", "not installed", "incomplete" (a file missing), "does not
    /// load", or "not built" (a build without semantic search).
    model: &'static str,
    /// Why search is lexical, and what to do; absent when it is hybrid.
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<String>,
}

#[derive(Serialize)]
struct TargetStatus {
    file: String,
    /// True for the git-ignored personal target.
    personal: bool,
    /// "present", "missing", "doubled", "damaged", "no file", or "refused" (a target mind
    /// never writes: a link out of the project, into a git folder or .mind/).
    block: &'static str,
    /// When mind last changed the file (RFC 3339), if recorded.
    written_at: Option<String>,
    /// The block's characters, marker lines included (what the budget counts).
    chars: Option<usize>,
    /// Estimated tokens: characters ÷ 4, rounded up.
    tokens: Option<usize>,
    /// Whether the block is what mind last wrote (false: edited by hand); null when
    /// there is no block or no record of one.
    matches_last_written: Option<bool>,
    /// The target holding the block this file loads through an import line (`@AGENTS.md`);
    /// this file has no block of its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    imports: Option<String>,
}

/// Where `.mind` leads when it is a symbolic link leading outside the project.
fn mind_folder_outside(project: &store::Project) -> Option<std::path::PathBuf> {
    let dir = project.dir();
    let link = std::fs::symlink_metadata(&dir).ok()?;
    if !link.file_type().is_symlink() || project.leads_inside(&dir) {
        return None;
    }
    Some(std::fs::canonicalize(&dir).unwrap_or_else(|_| std::fs::read_link(&dir).unwrap_or(dir)))
}

impl TargetStatus {
    /// A target mind never writes: no block, no size, no time of writing to show.
    fn refused(file: &str, personal: bool) -> TargetStatus {
        TargetStatus {
            file: file.to_string(),
            personal,
            block: "refused",
            written_at: None,
            chars: None,
            tokens: None,
            matches_last_written: None,
            imports: None,
        }
    }
}

pub fn run(ctx: &Ctx) -> Result<()> {
    let project = ctx.project()?;
    let config = Config::load(&project.config())?;
    let state = State::load(&project.state())?;
    let mut problems = Vec::new();
    // `.mind` a link out of the project (a cloned repository's `.mind -> ../other/.mind`):
    // none of its files is this project's, so that is the problem to name, and neither
    // their sizes nor advice to recreate them or to recall (which refuses) is given.
    let mind_outside = mind_folder_outside(&project);
    if let Some(to) = &mind_outside {
        problems.push(format!(
            ".mind is a symbolic link leading outside the project (to {}): mind neither reads \
             nor writes anything there; remove the link and run `mind init` to give the \
             project a .mind of its own",
            to.display()
        ));
    }
    if let Some(p) = &config.problem {
        problems.push(format!("{}: {p}", store::CONFIG_FILE));
    }
    if let Some(p) = &state.problem {
        problems.push(format!(
            "{}: {p} (the next recall starts a new session)",
            store::STATE_FILE
        ));
    }

    // On a branch without the project's files, that is the one thing to say of them: `mind
    // init` would start a second project here.
    let not_on_branch = store::checkout::not_on_branch(&project);
    if let Some(absent) = &not_on_branch {
        problems.push(format!("{}: {}", store::MEMORY_FILE, absent.reason()));
    }
    let mut files = BTreeMap::new();
    for name in [
        store::MEMORY_FILE,
        store::SESSION_FILE,
        store::REMINDERS_FILE,
        store::CONFIG_FILE,
        store::STATE_FILE,
    ] {
        let size = std::fs::metadata(project.file(name))
            .ok()
            .filter(|_| mind_outside.is_none())
            .map(|m| m.len());
        if size.is_none()
            && name != store::STATE_FILE
            && not_on_branch.is_none()
            && mind_outside.is_none()
        {
            problems.push(format!(
                "{name} is missing (run `mind init` to recreate it)"
            ));
        }
        files.insert(name.to_string(), size);
    }

    problems.extend(crate::remind::problems(&project)?);
    let personal_in_git = store::git_ignored::personal_exposed(
        &project,
        &crate::doctor::project_checks::personal_root_files(&config),
    );
    if !personal_in_git.is_empty() {
        problems.push(store::git_ignored::exposed_message(&personal_in_git));
    }
    for (name, found) in crate::doctor::project_checks::utf16_files(&project, &config)? {
        problems.push(format!(
            "{name} {}: its text is not read, and writes to it are refused (`mind doctor --fix` converts it)",
            found.describe()
        ));
    }

    let mut counts: BTreeMap<&'static str, usize> =
        EntryType::ALL.iter().map(|t| (t.as_str(), 0)).collect();
    let mut open_problems = 0;
    if let Some(bytes) = text::read_optional(&project.memory())? {
        if std::str::from_utf8(&bytes).is_err() && store::encoding::utf16_in(&bytes).is_none() {
            problems.push(format!(
                "{} has invalid UTF-8 (read lossily; never rewritten)",
                store::MEMORY_FILE
            ));
        }
        // Commit memories (the ignored commit store) count like MEMORY.md's own.
        let doc = crate::commands::memory_document(&project, &bytes)?;
        for e in doc.entities.iter().filter(|e| !e.superseded) {
            *counts.entry(e.kind.as_str()).or_default() += 1;
            if e.kind == EntryType::Problem && e.status == Some(ProblemStatus::Open) {
                open_problems += 1;
            }
        }
    }
    let session = text::read_optional(&project.session())?
        .map(|bytes| session_file::parse(&text::lossy(&bytes)))
        .unwrap_or_default();
    let session_counts = Section::ALL
        .iter()
        .map(|s| (section_key(*s), session.items(*s).len()))
        .collect();

    let offset = *ctx.clock.now().offset();
    let mut context = Vec::new();
    for target in inspect::targets(&project, &config)? {
        let name = &target.file;
        // Looked at first: a link to a pipe or a device is an error of its own.
        let disk = inspect::inspect(&project, &state, name)?;
        // A target mind refuses to write (a link out of the project, into a git folder) is
        // that one problem: `mind recall` would refuse it too, so it is not the advice.
        if let Some(reason) = crate::context::target_refusal_naming_the_target(&project, name) {
            problems.push(format!("{name}: {reason}"));
            context.push(TargetStatus::refused(name, target.personal));
            continue;
        }
        if let Some(reason) = &disk.damage {
            problems.push(format!("{name}: {reason}"));
        }
        if let Some(holder) = &target.imports {
            if !matches!(disk.block, "no file" | "missing") {
                problems.push(format!(
                    "{name} imports {holder}, which holds the context block, and has a block of its own: its agent reads the block twice (`mind recall` takes it out)"
                ));
            }
        } else {
            match disk.block {
                "no file" | "missing" if !target.personal && mind_outside.is_none() => {
                    problems.push(format!("{name} has no context block (run `mind recall`)"))
                }
                "doubled" => problems.push(format!(
                    "{name} has the context block twice (`mind recall` merges them)"
                )),
                _ => {}
            }
            if disk.matches_last_written() == Some(false) {
                problems.push(format!(
                    "{name}: the context block was edited by hand; the next write replaces it (keep notes outside the markers)"
                ));
            }
            if let Some(past) = crate::agents::codex::block_past_limit(&project.root, name) {
                problems.push(past.describe(name));
            }
        }
        let chars = disk.body.as_deref().map(inspect::block_chars);
        context.push(TargetStatus {
            file: name.clone(),
            personal: target.personal,
            block: disk.block,
            written_at: state
                .context_written(name)
                .and_then(DateTime::from_timestamp_millis)
                .map(|t| t.with_timezone(&offset).to_rfc3339()),
            chars,
            tokens: chars.map(inspect::estimated_tokens),
            matches_last_written: disk.matches_last_written(),
            imports: target.imports,
        });
    }

    let last = state
        .last_activity()
        .and_then(DateTime::from_timestamp_millis)
        .map(|t| t.with_timezone(&offset));
    let session_age_minutes = state
        .session_started()
        .and_then(DateTime::from_timestamp_millis)
        .map(|t| {
            (ctx.clock.now() - t.with_timezone(&offset))
                .num_minutes()
                .max(0)
        });
    let reply = Reply {
        project: project.root.display().to_string(),
        counts,
        open_problems,
        session: session_counts,
        last_activity: last.map(|t| t.to_rfc3339()),
        session_age_minutes,
        files,
        context,
        search: search_status(ctx),
        problems,
    };
    if ctx.json {
        return ctx.reply(&reply);
    }
    ctx.out(&render(
        ctx,
        &reply,
        last.map(|t| t.format("%Y-%m-%d %H:%M").to_string()),
    ))
}

fn section_key(section: Section) -> &'static str {
    match section {
        Section::Experience => "experience",
        Section::Blockers => "blockers",
        Section::Rejected => "rejected",
        Section::Assumptions => "assumptions",
    }
}

/// Whether search is hybrid here; when it is not, why and what to do. The model is loaded
/// to tell (a few milliseconds): a folder whose files are all there may still not load.
fn search_status(ctx: &Ctx) -> SearchStatus {
    use crate::embed::{Model, files};
    let lexical = |model, hint: String| SearchStatus {
        mode: "lexical",
        model,
        hint: Some(hint),
    };
    if !crate::embed::COMPILED {
        return lexical(
            "not built",
            "this build has no semantic search (built without the `semantic` feature)".into(),
        );
    }
    let Ok(home) = ctx.home() else {
        return lexical("not installed", files::ENABLE_HINT.into());
    };
    let model = crate::embed::open(&home);
    let problem = model.problem(&home);
    match model {
        Model::Loaded(_) => SearchStatus {
            mode: "hybrid",
            model: "installed",
            hint: None,
        },
        Model::Absent => lexical("not installed", files::ENABLE_HINT.into()),
        Model::Incomplete(_) => lexical("incomplete", problem.unwrap_or_default()),
        Model::Broken(_) => lexical("does not load", problem.unwrap_or_default()),
    }
}

fn render(ctx: &Ctx, r: &Reply, last: Option<String>) -> String {
    let p = &ctx.paint;
    let size = |name: &str| match r.files.get(name).copied().flatten() {
        Some(bytes) if bytes >= 1024 => format!("{:.1} KB", bytes as f64 / 1024.0),
        Some(bytes) => format!("{bytes} B"),
        None => "missing".into(),
    };
    let count = |k: &str| r.counts.get(k).copied().unwrap_or(0);
    let mut out = format!("{} {}\n", p.heading("project "), r.project);
    out.push_str(&format!(
        "{} {} · {} decisions · {} problems ({} open) · {} learnings · {} progress · {} gotchas · {} rejected\n",
        p.heading("memory  "),
        size(store::MEMORY_FILE),
        count("decision"),
        count("problem"),
        r.open_problems,
        count("learning"),
        count("progress"),
        count("gotcha"),
        count("rejected"),
    ));
    let s = |k: &str| r.session.get(k).copied().unwrap_or(0);
    let mut session = format!(
        "{} · {} experience · {} blockers · {} rejected · {} assumptions",
        size(store::SESSION_FILE),
        s("experience"),
        s("blockers"),
        s("rejected"),
        s("assumptions")
    );
    if let Some(age) = r.session_age_minutes {
        session.push_str(&format!(" · age {}", super::session::duration(age)));
    }
    out.push_str(&format!("{} {session}\n", p.heading("session ")));
    out.push_str(&format!(
        "{} {}\n",
        p.heading("activity"),
        last.as_deref().unwrap_or("never")
    ));
    for t in &r.context {
        if let Some(holder) = &t.imports {
            out.push_str(&format!(
                "{} {}: imports {holder}, so the block is written to {holder} only",
                p.heading("context "),
                t.file
            ));
            if !matches!(t.block, "no file" | "missing") {
                out.push_str(&format!(" · {}", p.warn(&format!("block {}", t.block))));
            }
            out.push('\n');
            continue;
        }
        if t.block == "refused" {
            out.push_str(&format!(
                "{} {}: {} (see problems)\n",
                p.heading("context "),
                t.file,
                p.warn("refused, never written")
            ));
            continue;
        }
        out.push_str(&format!(
            "{} {}: block {}",
            p.heading("context "),
            t.file,
            t.block
        ));
        if let (Some(chars), Some(tokens)) = (t.chars, t.tokens) {
            out.push_str(&format!(" · {chars} chars (~{tokens} tokens)"));
        }
        if let Some(at) = &t.written_at {
            let shown = DateTime::parse_from_rfc3339(at)
                .map(|t| t.format("%Y-%m-%d %H:%M").to_string())
                .unwrap_or_else(|_| at.clone());
            out.push_str(&format!(" · written {shown}"));
        }
        match t.matches_last_written {
            Some(true) => out.push_str(" · as mind wrote it"),
            Some(false) => out.push_str(&format!(" · {}", p.warn("edited by hand"))),
            None => {}
        }
        out.push('\n');
    }
    let search = match (&r.search.hint, r.search.model) {
        (None, _) => format!(
            "hybrid: lexical and semantic ({})",
            crate::embed::files::MODEL_NAME
        ),
        (Some(hint), "not installed" | "not built") => format!("lexical · {hint}"),
        (Some(hint), _) => format!("lexical · {}", p.warn(hint)),
    };
    out.push_str(&format!("{} {search}\n", p.heading("search  ")));
    if r.problems.is_empty() {
        out.push_str(&format!("{} {}\n", p.heading("problems"), p.good("none")));
    } else {
        out.push_str(&format!("{}\n", p.heading("problems")));
        for problem in &r.problems {
            out.push_str(&format!("  {} {problem}\n", p.warn("!")));
        }
    }
    out
}
