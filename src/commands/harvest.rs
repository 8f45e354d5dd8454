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
use crate::capture::routing::{Router, Whose};
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
    /// Memories of commits a revert undid (and no standing commit says again): left out.
    reverted: usize,
    /// Memories harvested once and deleted by hand since: left out.
    deleted_by_hand: usize,
    /// Memories of commits that belong to another project (or to none): left out.
    other_projects: usize,
    /// Memories of commits that change files of several projects, which none keeps: left out.
    several_projects: usize,
    /// The walk reached the edge of a shallow clone: older history is not in this clone.
    shallow: bool,
    /// Lines moved from the commit store into MEMORY.md (`--to-memory`).
    moved_to_memory: Vec<String>,
    targets: Vec<TargetOutcome>,
    /// What left the commit store because a rebase or a reset left its commits on no branch,
    /// or a revert undid them.
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

/// One commit of the walk: what it says and what it reverts.
struct Scanned {
    id: gix::ObjectId,
    seconds: i64,
    /// Its place in the walk (newest first).
    order: usize,
    found: Vec<Candidate>,
    /// The commits it reverts (full or abbreviated hex ids).
    reverts: Vec<String>,
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
                let id = repo
                    .rev_parse_single(since)
                    .map_err(|_| since_error(&repo, since, &not_a_day.0))?;
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
    // The commits whose parents a shallow clone lacks: reaching one, the walk ends there.
    let shallow_edge: std::collections::HashSet<gix::ObjectId> = match repo.shallow_commits() {
        Ok(Some(edge)) => edge.iter().copied().collect(),
        _ => Default::default(),
    };
    let mut shallow = false;
    let mut router = Router::new(&repo);
    let (mut other_projects, mut several_projects) = (0, 0);

    let progress = Progress::new("commits", !ctx.quiet);
    let mut scanned: Vec<Scanned> = Vec::new();
    let commits_scanned = commits::walk(&repo, head, &limits, |facts| {
        if scanned.len().is_multiple_of(256) && !scanned.is_empty() {
            progress.update(scanned.len());
        }
        shallow |= shallow_edge.contains(&facts.id);
        let mut found = commits::message_candidates(facts, &settings);
        if args.comments {
            found.extend(commits::comment_candidates(&repo, facts, &scope)?);
        }
        let mut reverts = commits::revert_targets(&repo, &commits::reverted(&facts.message));
        // A commit is this project's when the hooks would have sent it here (see
        // `routing`): another package's commit, or one that changes files of several, says
        // nothing here and reverts nothing here, as in the clone where it was made. Only a
        // commit with something to say is routed (its files read).
        if let Some(router) = router.as_mut()
            && (!found.is_empty() || !reverts.is_empty())
        {
            let whose = router.whose(&repo, facts, &project)?;
            match whose {
                Whose::Here => {}
                Whose::Several => several_projects += found.len(),
                Whose::Elsewhere => other_projects += found.len(),
            }
            if whose != Whose::Here {
                found.clear();
                reverts.clear();
            }
        }
        scanned.push(Scanned {
            id: facts.id,
            seconds: facts.seconds,
            order: scanned.len() + 1,
            found,
            reverts,
        });
        Ok(())
    })?;
    progress.finish();
    let standing = Standing::of(&scanned);
    // Oldest first, and within a commit in message order.
    scanned.sort_by(|a, b| a.seconds.cmp(&b.seconds).then(b.order.cmp(&a.order)));
    let found: usize =
        scanned.iter().map(|c| c.found.len()).sum::<usize>() + other_projects + several_projects;
    // What a revert undid is not brought back, but a standing commit that says the same
    // keeps it (under that commit's id, the oldest one).
    let mut kept = derived::Replacements::new();
    let mut candidates: Vec<Candidate> = Vec::new();
    let mut reverted = 0;
    for commit in scanned {
        if standing.stands(&commit.id) {
            if !standing.gone.is_empty() && !commit.found.is_empty() {
                let short = commit.id.to_hex_with_len(7).to_string();
                for c in &commit.found {
                    kept.entry(dedupe::key(&c.text))
                        .or_insert_with(|| short.clone());
                }
            }
            candidates.extend(commit.found);
        } else {
            reverted += commit.found.len();
        }
    }
    let gone = standing.gone;

    let _lock = project.lock()?;
    let mut state = State::load(&project.state())?;
    // Lines of commits a rebase or a reset left on no branch go first (not on a dry run).
    let mut withdrawn = match args.dry_run {
        true => Withdrawal::default(),
        false => crate::capture::rewrites::settle(&project, &mut state).unwrap_or_default(),
    };
    let mut memory_bytes = read_memory_bytes(&project)?;
    let mut store = derived::read(&project)?;
    // Then what the reverts in history undid, as the post-commit hook takes it back when
    // it sees the revert: for a store built without the hook (a new clone, a revert pulled
    // in), or by a version that did not follow reverts.
    if !gone.is_empty() {
        if args.dry_run {
            if let Some(after) = derived::withdraw(&text::lossy(&store), &gone, &kept) {
                store = after.into_bytes();
            }
        } else {
            let (after, taken) =
                derived::take_back(&project, &store, &gone, &kept, Some(&mut state))?;
            store = after;
            withdrawn.removed += taken.removed;
            withdrawn.moved += taken.moved;
        }
    }
    // A store deleted (or emptied to its header) is one to rebuild: the ledger's record of
    // what was harvested from commits no longer says "deleted by hand" of its lines.
    let rebuild = derived::left_empty(&store);
    if rebuild && !args.dry_run {
        dedupe::forget_store_rows(&project)?;
    }
    let mut seen = dedupe::Seen::from_memory(&text::lossy(&memory_bytes));
    seen.add_lines(&text::lossy(&store));
    let mut seen = seen.with_ledger_rows(&project, !(rebuild && args.dry_run));
    let (added, repeated) = capture::select_new_from_commits(&mut seen, candidates, || {
        let doc = memory_document(&project, &memory_bytes)?;
        Ok(dedupe::OpenProblems::of(&doc).with_ledger(&project))
    })?;
    let deleted_by_hand = repeated
        .iter()
        .filter(|c| seen.only_in_ledger(&c.text))
        .count();
    let already_known = repeated.len() - deleted_by_hand;
    let mut targets = Vec::new();
    let mut moved = Vec::new();
    if !args.dry_run {
        // A session this harvest starts holds what it appends.
        ctx.begin_activity(&project, &mut state, Some(config.session_gap_ms()));
        let appended = derived::append_new(&project, &store, &added)?;
        store.extend_from_slice(&appended);
        // Every commit that says a line counts: it stands while any of them does.
        dedupe::record_sayers(&project, &repeated)?;
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
    } else if args.to_memory {
        // What the move would take: the store's entries and what this harvest would add.
        let mut entries: Vec<(NaiveDate, String)> = derived::entries(&text::lossy(&store))
            .into_iter()
            .map(|e| (e.date.unwrap_or(ctx.clock.today()), e.line))
            .collect();
        entries.extend(
            capture::as_written(&project, &added)
                .iter()
                .map(|c| (c.date, c.line())),
        );
        moved = lines_to_move(&project, &memory_bytes, entries)?
            .into_iter()
            .map(|(_, line)| line)
            .collect();
    }

    let reply = Reply {
        dry_run: args.dry_run,
        commits_scanned,
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
        reverted,
        deleted_by_hand,
        other_projects,
        several_projects,
        shallow,
        moved_to_memory: moved,
        targets,
        withdrawn,
    };
    if ctx.json {
        output::print_json(&reply)?;
    } else {
        ctx.out(&human(&reply, args, ctx))?;
    }
    match context::refused_error(&project, &reply.targets) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// `n memory` / `n memories`.
fn memories(n: usize) -> String {
    format!("{n} memor{}", if n == 1 { "y" } else { "ies" })
}

/// The report for people.
fn human(reply: &Reply, args: &HarvestArgs, ctx: &Ctx) -> String {
    let verb = if reply.dry_run { "would add" } else { "added" };
    let mut out = format!(
        "scanned {} commit(s): {} found, {} {verb}, {} already known",
        reply.commits_scanned,
        memories(reply.found),
        reply.added.len(),
        reply.already_known
    );
    if reply.reverted > 0 {
        out.push_str(&format!(", {} undone by a revert", reply.reverted));
    }
    if reply.deleted_by_hand > 0 {
        out.push_str(&format!(
            ", {} deleted by hand earlier (remove .mind/cache/harvested.tsv to bring {} back)",
            reply.deleted_by_hand,
            if reply.deleted_by_hand == 1 {
                "it"
            } else {
                "them"
            }
        ));
    }
    if reply.other_projects > 0 {
        out.push_str(&format!(
            ", {} of other projects' commits",
            reply.other_projects
        ));
    }
    if reply.several_projects > 0 {
        out.push_str(&format!(
            ", {} of commits that change files of several projects (kept by none: `mind log` what belongs here)",
            reply.several_projects
        ));
    }
    out.push('\n');
    for a in &reply.added {
        out.push_str(&format!(
            "  {} {} {}\n",
            ctx.paint.good("+"),
            ctx.paint.dim(&a.date.to_string()),
            a.line
        ));
    }
    if reply.shallow {
        out.push_str(
            "this is a shallow clone: its history stops there, so older commits were not scanned \
             (`git fetch --unshallow`, then `mind harvest` again, for the rest)\n",
        );
    }
    if args.to_memory {
        let n = reply.moved_to_memory.len();
        out.push_str(&format!(
            "{} {n} commit memor{} into {}\n",
            if reply.dry_run { "would move" } else { "moved" },
            if n == 1 { "y" } else { "ies" },
            store::MEMORY_FILE
        ));
        if reply.dry_run {
            for line in &reply.moved_to_memory {
                out.push_str(&format!("  {} {line}\n", ctx.paint.good(">")));
            }
        }
    }
    if reply.withdrawn.removed > 0 {
        out.push_str(&format!(
            "took out {} of commits no longer on any branch (a rebase or a reset) or undone by a revert\n",
            memories(reply.withdrawn.removed)
        ));
    }
    out
}

/// Which walked commits still stand: a commit stands unless a standing commit reverts it
/// (a revert of a revert brings the first change back). The same rule as the post-commit
/// hook applies commit by commit ([`commits::taken_back`]), over the whole walk at once.
struct Standing {
    fallen: std::collections::HashSet<gix::ObjectId>,
    /// The commits whose memories no longer stand (hex): walked ones that fell, and those a
    /// standing revert names beyond the walk (`--since`, `--limit`).
    gone: Vec<String>,
}

impl Standing {
    fn of(scanned: &[Scanned]) -> Standing {
        use std::collections::HashMap;
        if scanned.iter().all(|c| c.reverts.is_empty()) {
            return Standing {
                fallen: Default::default(),
                gone: Vec::new(),
            };
        }
        let by_prefix: HashMap<String, Vec<usize>> =
            scanned
                .iter()
                .enumerate()
                .fold(HashMap::new(), |mut map, (i, c)| {
                    map.entry(c.id.to_hex_with_len(7).to_string())
                        .or_default()
                        .push(i);
                    map
                });
        // Each walked commit's reverters, and the targets beyond the walk of each revert.
        let mut reverters: Vec<Vec<usize>> = vec![Vec::new(); scanned.len()];
        let mut beyond: Vec<Vec<String>> = vec![Vec::new(); scanned.len()];
        for (r, commit) in scanned.iter().enumerate() {
            for target in &commit.reverts {
                let walked: Vec<usize> = target
                    .get(..7)
                    .and_then(|p| by_prefix.get(p))
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|&i| {
                        scanned[i]
                            .id
                            .to_hex()
                            .to_string()
                            .starts_with(target.as_str())
                    })
                    .collect();
                if walked.is_empty() {
                    beyond[r].push(target.clone());
                }
                for i in walked {
                    if i != r && !reverters[i].contains(&r) {
                        reverters[i].push(r);
                    }
                }
            }
        }
        let mut stands: Vec<Option<bool>> = vec![None; scanned.len()];
        for i in 0..scanned.len() {
            resolve(i, &reverters, &mut stands, 0);
        }
        let mut fallen = std::collections::HashSet::new();
        let mut gone = Vec::new();
        for (i, commit) in scanned.iter().enumerate() {
            if stands[i] == Some(false) {
                fallen.insert(commit.id);
                gone.push(commit.id.to_hex().to_string());
            } else {
                gone.extend(beyond[i].iter().cloned());
            }
        }
        Standing { fallen, gone }
    }

    fn stands(&self, id: &gix::ObjectId) -> bool {
        !self.fallen.contains(id)
    }
}

/// Whether commit `i` stands: none of its reverters does. A chain of reverts of reverts is
/// followed to a bounded depth (a deeper link counts as standing).
fn resolve(i: usize, reverters: &[Vec<usize>], stands: &mut [Option<bool>], depth: usize) -> bool {
    if let Some(known) = stands[i] {
        return known;
    }
    if depth > 64 {
        return true;
    }
    let mut standing = true;
    for &r in &reverters[i] {
        if resolve(r, reverters, stands, depth + 1) {
            standing = false;
            break;
        }
    }
    stands[i] = Some(standing);
    standing
}

/// The `--since` error for a value that is neither a day nor a revision, in plain words: a
/// revision that walks past the first commit it can reach (`HEAD~3` in a clone of depth 2)
/// says so, and a shallow clone says where its history stops.
fn since_error(repo: &gix::Repository, since: &str, not_a_day: &str) -> Error {
    let base = since.split(['~', '^']).next().unwrap_or("");
    let navigates = base.len() < since.len();
    let base_found = !base.is_empty() && repo.rev_parse_single(base).is_ok();
    let shallow = repo.is_shallow().unwrap_or(false);
    if navigates && base_found {
        return if shallow {
            Error::usage_hint(
                format!("--since {since:?} is beyond the history of this shallow clone"),
                "`git fetch --unshallow` fetches the rest of the history; or give a revision or a day this clone holds",
            )
        } else {
            Error::usage_hint(
                format!("--since {since:?} goes back further than the first commit"),
                "give a revision within the history, such as HEAD~5 or a commit id, or a day",
            )
        };
    }
    Error::usage_hint(
        format!(
            "--since {since:?} is neither a day ({not_a_day}) nor a revision of this repository"
        ),
        format!(
            "use a revision such as v1.0, HEAD~50 or a commit id, or a day; {}",
            when::SINCE_FORMS
        ),
    )
}

/// The dated lines of `entries` that MEMORY.md (`memory`) does not hold yet: what a move
/// appends. A fix the store kept again because it closes a problem (see
/// `dedupe::OpenProblems`) moves with it, or MEMORY.md would leave that problem open.
fn lines_to_move(
    project: &Project,
    memory: &[u8],
    entries: Vec<(NaiveDate, String)>,
) -> Result<Vec<(NaiveDate, String)>> {
    let mut seen = dedupe::Seen::from_memory(&text::lossy(memory));
    let (lines, _) = capture::select_new_with_repeated_fixes(
        &mut seen,
        entries,
        |(_, line)| line.as_str(),
        |(date, line)| (*date, Cow::Borrowed(line.as_str())),
        || {
            let mut doc = crate::store::parse_cache::memory_unresolved(project, memory);
            crate::parse::loops::resolve_problems(&mut doc.entities);
            Ok(dedupe::OpenProblems::of(&doc))
        },
    )?;
    Ok(lines)
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
    let entries: Vec<(NaiveDate, String)> = derived::entries(&text::lossy(store))
        .into_iter()
        .map(|e| (e.date.unwrap_or(today), e.line))
        .collect();
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let lines = lines_to_move(project, memory, entries)?;
    if !lines.is_empty() {
        let bytes = capture::render_lines(memory, &lines);
        append::append_bytes(&project.memory(), &bytes)?;
        memory.extend_from_slice(&bytes);
    }
    // MEMORY.md holds every entry now: the store keeps only its header, and the ledger's
    // rows no longer point into it (an empty store is otherwise one to rebuild).
    derived::rewrite(project, derived::HEADER.as_bytes())?;
    dedupe::mark_moved(project)?;
    Ok(lines.into_iter().map(|(_, line)| line).collect())
}
