//! `mind checkpoint [--dry-run]`: harvest `MEMORY:` comments from the project's files into
//! MEMORY.md (new ones only, with `path:line` provenance), reparse, rewrite the context
//! block and touch the session. `mind checkpoint --hook claude` is the same as an agent's hook
//! before a compaction and at a session's end: the folder from the hook's JSON, nothing
//! printed, exit 0 always.

use std::collections::HashSet;
use std::time::Duration;

use serde::Serialize;

use crate::agents::claude;
use crate::app::Ctx;
use crate::capture::comments::{ScanOptions, scan_tree};
use crate::capture::progress::Progress;
use crate::capture::settings::CaptureSettings;
use crate::capture::{self, Candidate, dedupe, derived, edited, rules};
use crate::cli::{CheckpointArgs, GlobalArgs, HookAgent};
use crate::commands::{memory_document, read_memory_bytes, refresh_context};
use crate::context::{self, TargetOutcome};
use crate::error::{Error, Result};
use crate::store::lock::AGENT_HOOK_TIMEOUT;
use crate::store::state::{State, content_hash};
use crate::store::{atomic, text};

#[derive(Serialize)]
struct Reply {
    dry_run: bool,
    files_scanned: usize,
    /// `MEMORY:` comments found in the tree.
    comments: usize,
    added: Vec<Added>,
    /// Comments whose memory is already in MEMORY.md (or was harvested before).
    already_known: usize,
    /// MEMORY.md lines marked `[superseded]` (or, in a dry run, that would be): memories
    /// whose comment was edited in place into another one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    superseded: Vec<Superseded>,
    skipped: Skipped,
    /// Entities in MEMORY.md after the checkpoint.
    entities: usize,
    targets: Vec<TargetOutcome>,
}

#[derive(Serialize)]
struct Added {
    #[serde(rename = "type")]
    kind: &'static str,
    line: String,
    provenance: String,
}

#[derive(Serialize)]
struct Superseded {
    /// 1-based line in MEMORY.md.
    line: usize,
    text: String,
}

#[derive(Serialize)]
struct Skipped {
    too_large: usize,
    binary: usize,
    unreadable: Vec<String>,
}

pub fn run(args: &CheckpointArgs, ctx: &Ctx) -> Result<()> {
    checkpoint(args, ctx, None)
}

/// `mind checkpoint --hook AGENT`: the checkpoint of the project the hook's JSON (stdin)
/// names by its `cwd` (else the current folder). A hook must never fail the agent's
/// compaction or the end of its session: no project is silence, any other problem one line
/// on stderr; nothing on stdout, exit 0; the store lock is waited on briefly.
pub fn run_hook(agent: HookAgent, global: &GlobalArgs) {
    let HookAgent::Claude = agent;
    let input = claude::HookInput::parse(&super::text_arg::hook_stdin());
    let result = (|| -> Result<()> {
        let mut ctx = Ctx::from_args(global)?;
        ctx.quiet = true;
        ctx.json = false;
        if let Some(cwd) = input.cwd.as_ref().filter(|c| c.is_absolute() && c.is_dir()) {
            ctx.cwd = cwd.clone();
        }
        if matches!(ctx.project(), Err(Error::NoProject { .. })) {
            return Ok(());
        }
        let args = CheckpointArgs {
            dry_run: false,
            hook: Some(agent),
        };
        checkpoint(&args, &ctx, Some(AGENT_HOOK_TIMEOUT))
    })();
    if let Err(e) = result {
        crate::output::note(
            &crate::output::Paint::plain(),
            &format!(
                "checkpoint hook skipped: {}",
                text::one_line(&e.to_string())
            ),
        );
    }
}

/// The checkpoint; the store lock waited on at most `patience` when given.
fn checkpoint(args: &CheckpointArgs, ctx: &Ctx, patience: Option<Duration>) -> Result<()> {
    let project = ctx.project()?;
    let config = ctx.config(&project)?;
    let settings = CaptureSettings::load(&project.config());

    let progress = Progress::new("files", !ctx.quiet);
    let report = if settings.comments {
        scan_tree(
            &project.root,
            &ScanOptions {
                max_file_bytes: settings.max_file_bytes,
                threads: 0,
            },
            &|n| progress.update(n),
        )
    } else {
        Default::default()
    };
    progress.finish();

    let today = ctx.clock.today();
    let candidates: Vec<Candidate> = report
        .comments
        .iter()
        .filter_map(|c| {
            rules::from_comment(&c.text).map(|h| Candidate {
                kind: h.kind,
                text: h.line,
                provenance: rules::file_place(&c.path, c.line),
                date: today,
            })
        })
        .collect();

    let _lock = project.lock_waiting(patience)?;
    let mut memory_bytes = read_memory_bytes(&project)?;
    // What a commit already brought into the commit store is not copied into MEMORY.md.
    let mut seen = dedupe::Seen::from_memory(&text::lossy(&memory_bytes));
    seen.add_lines(&text::lossy(&derived::read(&project)?));
    let mut seen = seen.with_ledger(&project);
    // A comment edited where it stands replaces the memory harvested from it: one at the
    // same place whose comment the tree no longer holds. Only what was harvested is replaced
    // so: a line logged by hand that cites the same place is someone's own word.
    let present: HashSet<String> = candidates.iter().map(|c| dedupe::key(&c.text)).collect();
    let harvested = dedupe::Seen::default().with_ledger(&project);
    let replaced = edited::replaced(&text::lossy(&memory_bytes), &candidates, |line, _| {
        harvested.contains(line) && !present.contains(&dedupe::key(line))
    });
    let (added, already_known) = capture::select_new(&mut seen, candidates);

    let mut targets = Vec::new();
    let doc = if args.dry_run {
        memory_document(&project, &memory_bytes)?
    } else {
        let mut state = State::load(&project.state())?;
        // A session this checkpoint starts holds what it appends.
        ctx.begin_activity(&project, &mut state, Some(config.session_gap_ms()));
        if !replaced.is_empty() {
            let lines = replaced.keys().copied().collect();
            memory_bytes = crate::promote::rewrite::mark_superseded(&memory_bytes, &lines);
            atomic::write_atomic(&project.memory(), &memory_bytes)?;
        }
        let appended = capture::append_new(&project, &memory_bytes, &added)?;
        memory_bytes.extend_from_slice(&appended);
        let doc = memory_document(&project, &memory_bytes)?;
        targets = refresh_context(ctx, &project, &config, &mut state, &doc, None)?.1;
        ctx.record_activity_with_gap(&project, &mut state, Some(config.session_gap_ms()));
        state.set_memory_hash(content_hash(&memory_bytes));
        state.save(&project.state())?;
        doc
    };

    let reply = Reply {
        dry_run: args.dry_run,
        files_scanned: report.files_scanned,
        comments: report.comments.len(),
        added: capture::as_written(&project, &added)
            .iter()
            .map(|c| Added {
                kind: c.kind.as_str(),
                line: c.line(),
                provenance: c.provenance.clone(),
            })
            .collect(),
        already_known,
        superseded: replaced
            .into_iter()
            .map(|(line, text)| Superseded { line, text })
            .collect(),
        skipped: Skipped {
            too_large: report.skipped_large,
            binary: report.skipped_binary,
            unreadable: report.unreadable,
        },
        entities: doc.entities.len(),
        targets,
    };
    if ctx.json {
        ctx.reply(&reply)?;
    } else {
        ctx.out(&render(ctx, &reply))?;
    }
    match context::refused_error(&project, &reply.targets) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn render(ctx: &Ctx, r: &Reply) -> String {
    let p = &ctx.paint;
    let verb = if r.dry_run { "would add" } else { "added" };
    let mut out = format!(
        "scanned {} files: {} MEMORY: comment(s), {} {verb}, {} already known\n",
        r.files_scanned,
        r.comments,
        r.added.len(),
        r.already_known
    );
    for a in &r.added {
        out.push_str(&format!("  {} {}\n", p.good("+"), a.line));
    }
    let marked = if r.dry_run { "would mark" } else { "marked" };
    for s in &r.superseded {
        out.push_str(&format!(
            "  ~ {marked} MEMORY.md:{} [superseded] (its comment now says otherwise): {}\n",
            s.line,
            crate::output::escape_controls(&s.text)
        ));
    }
    let skipped = r.skipped.too_large + r.skipped.binary + r.skipped.unreadable.len();
    if skipped > 0 {
        out.push_str(&p.dim(&format!(
            "skipped {} large, {} binary, {} unreadable file(s)",
            r.skipped.too_large,
            r.skipped.binary,
            r.skipped.unreadable.len()
        )));
        out.push('\n');
    }
    for t in r.targets.iter().filter(|t| t.status != "unchanged") {
        out.push_str(&format!(
            "{} {} (context block)\n",
            p.good(t.status),
            t.file
        ));
    }
    out
}
