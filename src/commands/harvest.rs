//! `mind harvest [--since REV|DATE] [--limit N] [--comments] [--to-memory] [--dry-run]`:
//! backfill the commit store (`.mind/cache/commits.md`) from git history with the
//! post-commit hook's rules and de-duplication, so a commit the hook already harvested adds
//! nothing and a new clone gets the same entries. Entries go under their commit's date,
//! oldest first. `--to-memory` then moves the store's entries into the tracked MEMORY.md
//! and refreshes the context block; without it, no tracked file changes.

use std::borrow::Cow;

use chrono::NaiveDate;
use serde::Serialize;

use crate::app::Ctx;
use crate::capture::commits::{self, Scope, WalkLimits};
use crate::capture::derived::Withdrawal;
use crate::capture::progress::Progress;
use crate::capture::settings::CaptureSettings;
use crate::capture::{self, Candidate, dedupe, derived};
use crate::cli::HarvestArgs;
use crate::commands::{memory_document, read_memory_bytes, refresh_context};
use crate::context::{self, TargetOutcome};
use crate::error::{Error, Result};
use crate::output;
use crate::remind::when;
use crate::store::state::{State, content_hash};
use crate::store::{self, Project, append, text};

#[derive(Serialize)]
struct Reply {
    dry_run: bool,
    commits_scanned: usize,
    /// Memories found in those commits.
    found: usize,
    added: Vec<Added>,
    already_known: usize,
    /// Lines moved from the commit store into MEMORY.md (`--to-memory`).
    moved_to_memory: Vec<String>,
    targets: Vec<TargetOutcome>,
    /// What left the commit store because a rebase or a reset left its commits on no branch.
    #[serde(skip_serializing_if = "Withdrawal::is_none")]
    withdrawn: Withdrawal,
}

#[derive(Serialize)]
struct Added {
    #[serde(rename = "type")]
    kind: &'static str,
    line: String,
    provenance: String,
    date: NaiveDate,
}

pub fn run(args: &HarvestArgs, ctx: &Ctx) -> Result<()> {
    let project = ctx.project()?;
    let config = ctx.config(&project)?;
    let settings = CaptureSettings::load(&project.config());
    let repo = commits::open(&project.root)?;
    let Some(head) = commits::head_id(&repo)? else {
        return Err(Error::Failed("the repository has no commits yet".into()));
    };
    let mut limits = WalkLimits {
        limit: args.limit,
        ..WalkLimits::default()
    };
    if let Some(since) = args.since.as_deref() {
        // A day (`2026-01-10`, `yesterday`, `2w`) or a revision. Something shaped like a
        // commit id (`1000d`) is a revision when the repository has it.
        let looks_like_commit = since.len() >= 4 && since.bytes().all(|b| b.is_ascii_hexdigit());
        let as_day = if looks_like_commit && repo.rev_parse_single(since).is_ok() {
            Err(when::WhenError(format!("{since:?} is a revision")))
        } else {
            when::since(since, ctx.clock.now())
        };
        match as_day {
            Ok(date) => {
                let start = date.and_hms_opt(0, 0, 0).unwrap_or_default();
                let offset = ctx.clock.now().offset().local_minus_utc();
                limits.since_seconds = Some(start.and_utc().timestamp() - i64::from(offset));
            }
            Err(not_a_day) => {
                let id = repo.rev_parse_single(since).map_err(|e| {
                    Error::usage_hint(
                        format!(
                            "--since {since:?} is neither a day ({}) nor a revision ({e})",
                            not_a_day.0
                        ),
                        format!(
                            "use a revision such as v1.0, HEAD~50 or a commit id, or a day; {}",
                            when::SINCE_FORMS
                        ),
                    )
                })?;
                limits.hide = Some(id.detach());
            }
        }
    }
    // Settings off for commits still allow an explicit harvest of messages: the user asked.
    let settings = CaptureSettings {
        commits: true,
        ..settings
    };
    let scope = Scope::new(&repo, &project.root, settings.max_file_bytes);

    let progress = Progress::new("commits", !ctx.quiet);
    let mut candidates: Vec<(i64, usize, Candidate)> = Vec::new();
    let mut order = 0usize;
    let scanned = commits::walk(&repo, head, &limits, |facts| {
        order += 1;
        if order.is_multiple_of(256) {
            progress.update(order);
        }
        let mut found = commits::message_candidates(facts, &settings);
        if args.comments {
            found.extend(commits::comment_candidates(&repo, facts, &scope)?);
        }
        for c in found {
            candidates.push((facts.seconds, order, c));
        }
        Ok(())
    })?;
    progress.finish();
    // Oldest first, and within a commit in message order.
    candidates.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    let found = candidates.len();
    let candidates: Vec<Candidate> = candidates.into_iter().map(|(_, _, c)| c).collect();

    let _lock = project.lock()?;
    let mut state = State::load(&project.state())?;
    // Lines of commits a rebase or a reset left on no branch go first (not on a dry run).
    let withdrawn = match args.dry_run {
        true => Withdrawal::default(),
        false => crate::capture::rewrites::settle(&project, &mut state).unwrap_or_default(),
    };
    let mut memory_bytes = read_memory_bytes(&project)?;
    let mut store = derived::read(&project)?;
    let mut seen = dedupe::Seen::from_memory(&text::lossy(&memory_bytes));
    seen.add_lines(&text::lossy(&store));
    let mut seen = seen.with_ledger(&project);
    let (added, already_known) = capture::select_new_from_commits(&mut seen, candidates, || {
        let doc = memory_document(&project, &memory_bytes)?;
        Ok(dedupe::OpenProblems::of(&doc).with_ledger(&project))
    })?;
    let mut targets = Vec::new();
    let mut moved = Vec::new();
    if !args.dry_run {
        // A session this harvest starts holds what it appends.
        ctx.begin_activity(&project, &mut state, Some(config.session_gap_ms()));
        let appended = derived::append_new(&project, &store, &added)?;
        store.extend_from_slice(&appended);
        if args.to_memory {
            moved = move_to_memory(&project, &mut memory_bytes, &store, ctx.clock.today())?;
        }
        // Like the hook, a harvest changes no tracked file: the context block (in a tracked
        // CLAUDE.md, often) follows at the next `mind recall` or `mind checkpoint`. Moving
        // entries into MEMORY.md is a change to commit, so the block follows it at once.
        if !moved.is_empty() {
            let doc = memory_document(&project, &memory_bytes)?;
            targets = refresh_context(ctx, &project, &config, &mut state, &doc, None)?.1;
            state.set_memory_hash(content_hash(&memory_bytes));
        }
        ctx.record_activity_with_gap(&project, &mut state, Some(config.session_gap_ms()));
        state.save(&project.state())?;
    }

    let reply = Reply {
        dry_run: args.dry_run,
        commits_scanned: scanned,
        found,
        added: capture::as_written(&project, &added)
            .iter()
            .map(|c| Added {
                kind: c.kind.as_str(),
                line: c.line(),
                provenance: c.provenance.clone(),
                date: c.date,
            })
            .collect(),
        already_known,
        moved_to_memory: moved,
        targets,
        withdrawn,
    };
    if ctx.json {
        output::print_json(&reply)?;
    } else {
        let verb = if reply.dry_run { "would add" } else { "added" };
        let mut out = format!(
            "scanned {} commit(s): {} memor{} found, {} {verb}, {} already known\n",
            reply.commits_scanned,
            reply.found,
            if reply.found == 1 { "y" } else { "ies" },
            reply.added.len(),
            reply.already_known
        );
        for a in &reply.added {
            out.push_str(&format!(
                "  {} {} {}\n",
                ctx.paint.good("+"),
                ctx.paint.dim(&a.date.to_string()),
                a.line
            ));
        }
        if args.to_memory && !reply.dry_run {
            out.push_str(&format!(
                "moved {} commit memor{} into {}\n",
                reply.moved_to_memory.len(),
                if reply.moved_to_memory.len() == 1 {
                    "y"
                } else {
                    "ies"
                },
                store::MEMORY_FILE
            ));
        }
        if reply.withdrawn.removed > 0 {
            out.push_str(&format!(
                "took out {} memor{} of commits no longer on any branch (a rebase or a reset)\n",
                reply.withdrawn.removed,
                if reply.withdrawn.removed == 1 {
                    "y"
                } else {
                    "ies"
                }
            ));
        }
        ctx.out(&out)?;
    }
    match context::refused_error(&project, &reply.targets) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Move the commit store's entries into MEMORY.md under their dates (those MEMORY.md does
/// not hold yet), then empty the store: each entry is then in exactly one of the two, and
/// a later harvest in any clone finds them in MEMORY.md. The caller holds the store lock.
fn move_to_memory(
    project: &Project,
    memory: &mut Vec<u8>,
    store: &[u8],
    today: NaiveDate,
) -> Result<Vec<String>> {
    let entries = derived::entries(&text::lossy(store));
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let mut seen = dedupe::Seen::from_memory(&text::lossy(memory));
    // A fix the store kept again because it closes a problem (see `dedupe::OpenProblems`)
    // moves with it, or MEMORY.md would leave that problem open.
    let dated = entries
        .into_iter()
        .map(|e| (e.date.unwrap_or(today), e.line));
    let (lines, _) = capture::select_new_with_repeated_fixes(
        &mut seen,
        dated,
        |(_, line)| line.as_str(),
        |(date, line)| (*date, Cow::Borrowed(line.as_str())),
        || {
            let mut doc = crate::store::parse_cache::memory_unresolved(project, memory);
            crate::parse::loops::resolve_problems(&mut doc.entities);
            Ok(dedupe::OpenProblems::of(&doc))
        },
    )?;
    if !lines.is_empty() {
        let bytes = capture::render_lines(memory, &lines);
        append::append_bytes(&project.memory(), &bytes)?;
        memory.extend_from_slice(&bytes);
    }
    // MEMORY.md holds every entry now: the store keeps only its header.
    derived::rewrite(project, derived::HEADER.as_bytes())?;
    Ok(lines.into_iter().map(|(_, line)| line).collect())
}
