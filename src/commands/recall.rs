//! `mind recall`: start or continue a session. After a gap longer than
//! `session_gap_minutes`, promote what is worth keeping from SESSION.md and reset it; then
//! rebuild the context block in the instruction files and print it.

use chrono::{DateTime, NaiveDate};
use serde::Serialize;

use crate::agents::claude;
use crate::app::Ctx;
use crate::capture::derived::{self, Withdrawal};
use crate::capture::tool_failures::FailureLine;
use crate::cli::{GlobalArgs, SessionStartAgent};
use crate::commands::{
    append_store, build_blocks, memory_document, read_memory, read_memory_bytes,
    refresh_context_from,
};
use crate::context::digest::{Cached, Memory};
use crate::context::{self, TargetOutcome};
use crate::error::{Error, Result};
use crate::output;
use crate::parse::Document;
use crate::promote::{self, Action, Promotion};
use crate::rank::{self, retrieve::Recalled};
use crate::remind;
use crate::store::lock::AGENT_HOOK_TIMEOUT;
use crate::store::session_file::{self as session_file, Session};
use crate::store::state::{SessionEnded, State, content_hash};
use crate::store::tail::LineCount;
use crate::store::{Project, atomic, session_archive, templates, text};

#[derive(Serialize)]
struct Reply {
    new_session: bool,
    /// The previous activity (RFC 3339), if any.
    last_activity: Option<String>,
    gap_minutes: Option<i64>,
    promoted: Vec<String>,
    /// Every promotable item and what became of it (added, linked, superseded, skipped).
    promotion: Vec<Promotion>,
    reminders: remind::AtRecall,
    session: Session,
    /// Memories about what the continuing session is doing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    relevant_memories: Vec<Recalled>,
    context: String,
    targets: Vec<TargetOutcome>,
    /// Where the finished SESSION.md was archived (relative to the project root); absent
    /// when nothing was archived.
    #[serde(skip_serializing_if = "Option::is_none")]
    archived: Option<String>,
    /// The finished session's blockers carried over into the new SESSION.md: still open,
    /// not promoted, logged within `session_gap_minutes` of its last activity.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    carried_over: Vec<String>,
    /// The finished session's notes that became no memory and do not go on into the new
    /// session: kept only in its archive (`archived`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    not_promoted: Vec<String>,
    /// How many of the finished session's notes are in the version of SESSION.md git tracks
    /// (a clone brings them): archived, none promoted.
    #[serde(skip_serializing_if = "Option::is_none")]
    session_from_repository: Option<usize>,
    /// The session is going in circles (many rejected approaches or blockers).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    session_warnings: Vec<String>,
    /// MEMORY.md has grown large: which old entries to archive (once a session).
    #[serde(skip_serializing_if = "Option::is_none")]
    memory_hint: Option<String>,
    /// SESSION.md had outgrown its size bound: where the whole file was moved before the
    /// recall started a fresh one (its items are not promoted).
    #[serde(skip_serializing_if = "Option::is_none")]
    session_archived: Option<String>,
    /// Other projects' memories from the team database (`team.recall`): each as `mind team
    /// search --json` gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    team_memories: Option<super::team::TeamMemories>,
    /// What left the commit store because a rebase or a reset left its commits on no branch.
    #[serde(skip_serializing_if = "Withdrawal::is_none")]
    withdrawn: Withdrawal,
}

pub fn run(ctx: &Ctx) -> Result<()> {
    let (project, reply) = recall(ctx, None)?;
    if ctx.json {
        ctx.reply(&reply)?;
    } else {
        render(ctx, &reply)?;
    }
    match context::refused_error(&project, &reply.targets) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// `mind recall --hook AGENT`: the same recall, answered as the agent's hook expects. The
/// hook's JSON is read from stdin (anything unreadable counts as empty); only the envelope
/// goes to stdout, nothing to stderr, and no failure fails it: a hook must never break the
/// session it starts. Outside a project it says nothing; a memory that cannot be read at
/// all gets one line saying so ([`NOT_READ`]). A memory that can be read but not
/// updated (a read-only file, a store busy for longer than a hook waits) is still given,
/// as it stands, after a line saying why it was not updated.
pub fn run_hook(agent: SessionStartAgent, global: &GlobalArgs) {
    // Codex's SessionStart hook is Claude Code's: the same input fields (`session_id`,
    // `cwd`, `source`, with `resume` going on with a conversation) and the same answer,
    // `hookSpecificOutput` with `hookEventName` and `additionalContext`
    // (<https://developers.openai.com/codex/hooks>). Codex keeps a hook's text to about
    // 2,500 tokens (10,000 bytes), which the envelope's bound keeps it within.
    let (SessionStartAgent::Claude | SessionStartAgent::Codex) = agent;
    let input = claude::HookInput::parse(&super::text_arg::hook_stdin());
    let Some(event) = input.context_event() else {
        return;
    };
    let result = (|| -> Result<String> {
        let mut ctx = Ctx::from_args(global)?;
        ctx.quiet = true;
        ctx.json = false;
        // The session's folder, as the agent reports it, is where the project is looked for.
        if let Some(cwd) = input.cwd.as_ref().filter(|c| c.is_absolute() && c.is_dir()) {
            ctx.cwd = cwd.clone();
        }
        let project = ctx.project()?;
        let hook = FromHook {
            agent: input.agent_session(),
        };
        match recall(&ctx, Some(&hook)) {
            // Team memories (opt-in) follow the block.
            Ok((_, reply)) => {
                let with_team = |context: &str| match &reply.team_memories {
                    Some(team) => format!("{context}\n\n{}", team.rendered),
                    None => context.to_string(),
                };
                let mut context = with_team(&reply.context);
                // A block built for a larger budget than the hook's answer can hold is built
                // again within a smaller one, so every section keeps its first lines (the
                // envelope would otherwise drop whole sections from the end: the blockers and
                // where to continue from).
                let mut budget = HOOK_BUDGET;
                while !claude::fits(event, &context) && budget >= 1_000 {
                    match read_only_context_within(&ctx, &project, Some(budget)) {
                        Ok(smaller) => context = with_team(&smaller),
                        Err(_) => break,
                    }
                    budget = budget * 3 / 4;
                }
                Ok(context)
            }
            Err(e) => Ok(match read_only_context(&ctx, &project) {
                Ok(memory) => format!("{}\n\n{memory}", not_updated(&e)),
                // Nothing to give: the agent still learns that its memory is missing, and
                // where to look, so it does not start as if the project had none.
                Err(_) => NOT_READ.to_string(),
            }),
        }
    })();
    if let Ok(context) = result {
        let _ = output::print(&claude::context_output(event, &context));
    }
}

/// What an agent's session-start hook brings to a recall.
struct FromHook {
    /// The agent's conversation, when the hook names it.
    agent: Option<claude::AgentSession>,
}

/// A hook's whole answer when the memory could not even be read. The error itself is left
/// out: it can hold a cloned repository's text (a link's target), and this line goes into
/// the agent's context.
const NOT_READ: &str = "mind could not read this project's memory at this start; run `mind doctor` \
                        in the project to see why";

/// The line before the memory a hook gives when its recall could not update it: why, and
/// how to go on.
fn not_updated(e: &Error) -> String {
    // A busy store's hint (wait, or raise MIND_LOCK_TIMEOUT_MS) is not a hook's: it waits
    // its own short time, and the next start tries again.
    let hint = match e {
        Error::Locked { .. } => None,
        _ => e.hint(),
    };
    let how = hint.map(|hint| format!("; {hint}")).unwrap_or_default();
    text::one_line(&format!(
        "mind could not update the memory at this start ({e}{how}); what follows is the memory as it stands, read without writing anything"
    ))
}

/// The context a recall in the current session would print, built without writing
/// anything: MEMORY.md and the commit store, SESSION.md, the reminders due now. A state.json
/// or REMINDERS.md that cannot be read is left out; a memory that cannot be read is an
/// error.
fn read_only_context(ctx: &Ctx, project: &Project) -> Result<String> {
    read_only_context_within(ctx, project, None)
}

/// The budget a hook's context is first rebuilt within when the block's own does not fit
/// the hook's answer ([`claude::OUTPUT_LIMIT`]): the shared and the personal block share it.
const HOOK_BUDGET: usize = 4_500;

/// [`read_only_context`], each block within `budget` characters when given (at most the
/// configured one).
fn read_only_context_within(ctx: &Ctx, project: &Project, budget: Option<usize>) -> Result<String> {
    let mut config = ctx.config(project)?;
    if let Some(budget) = budget {
        config.context_budget_chars = config.context_budget_chars.min(budget);
    }
    let state = State::load(&project.state()).unwrap_or_default();
    let reminders = remind::current(project, ctx.clock.now()).unwrap_or_default();
    let (_, doc) = read_memory(project)?;
    let blocks = build_blocks(
        project,
        &config,
        &state,
        &Memory::Parsed(&doc),
        reminders.sections(),
        false,
    )?;
    let mut shown = blocks.shared.body;
    if let Some(personal) = blocks.personal.filter(|b| b.sections > 0) {
        shown.push_str("\n\n");
        shown.push_str(&personal.body);
    }
    Ok(shown)
}

/// Promote after a break, refresh the context blocks; what happened, for either rendering.
/// From an agent's hook (`hook`) the store lock is waited on briefly, and a compaction or
/// a resume of a conversation this session has seen goes on with the session whatever the
/// time since the last activity.
fn recall(ctx: &Ctx, hook: Option<&FromHook>) -> Result<(Project, Reply)> {
    let project = ctx.project()?;
    let config = ctx.config(&project)?;
    let lock = project.lock_waiting(hook.map(|_| AGENT_HOOK_TIMEOUT))?;
    let mut state = State::load(&project.state())?;
    let now_ms = ctx.clock.epoch_ms();
    // Commits a rebase or a reset left on no branch take their memories with them, before
    // anything reads the commit store. A git failure here never fails the recall.
    let withdrawn = crate::capture::rewrites::settle(&project, &mut state).unwrap_or_default();
    // A break another command ended (a log, a search) counts as if this recall had come
    // first, while the session after it is still going; when that one has ended too, the
    // whole file is the finished session's, as after any break.
    let gap_limit = config.session_gap_ms();
    let last_seen = state.last_activity();
    // A break counts only if it is still longer than the gap: one noted before the gap was
    // raised is no break now.
    let hidden_break = state.unrecalled_break().filter(|pause| {
        last_seen.is_some_and(|last| now_ms - last <= gap_limit)
            && pause.to.is_none_or(|to| to - pause.from > gap_limit)
    });
    let previous = hidden_break.map(|pause| pause.from).or(last_seen);
    let gap_ms = previous.map(|last| now_ms - last);
    // The agent's own conversation going on (compacted, or resumed after a pause) is the
    // same session: its blockers and failed attempts are what it needs back, not a reset.
    let agent = hook.and_then(|h| h.agent.as_ref());
    let continued = agent.is_some_and(|a| a.continues && state.agent_session_seen(&a.id));
    let new_session =
        !continued && (hidden_break.is_some() || gap_ms.is_none_or(|gap| gap > gap_limit));

    let mut memory_bytes = read_memory_bytes(&project)?;
    let mut promoted: Vec<Promotion> = Vec::new();
    let mut archived: Option<String> = None;
    let mut carried_over: Vec<String> = Vec::new();
    let mut not_promoted: Vec<String> = Vec::new();
    let mut session_from_repository: Option<usize> = None;
    // A SESSION.md past its bound (grown by hand or by another tool; `mind log` never lets
    // it) is moved whole to `.mind/sessions/` and started over before anything reads it, so
    // a recall's work stays bounded; its items are not promoted.
    let session_archived = roll_over_oversized(ctx, &project, &config, &state, now_ms)?;
    if new_session {
        let finished = text::read_optional(&project.session())?;
        let mut old = finished
            .as_deref()
            // What is promoted is written on: a byte that is not UTF-8 is kept as Latin-1.
            .map(|bytes| session_file::parse(&text::latin1_fallback(bytes)))
            .unwrap_or_default();
        // Items logged after a break that another command ended are the new session's:
        // carried into the fresh SESSION.md, not promoted (the archive keeps every byte).
        let carried = match hidden_break.and_then(|pause| pause.items) {
            Some(kept) => old.split_off(kept),
            None => session_file::Session::default(),
        };
        // The notes of a SESSION.md git tracks, as git holds them, are someone's session
        // that came with the repository (a clone brings them; committing them shares them):
        // the archive keeps them, and none is promoted into the memory this project shares
        // or carried into the new session. Notes logged here since are this session's.
        if old.total() > 0
            && let Some(tracked) = crate::store::checkout::tracked_text(&project.session())
        {
            let theirs = session_file::parse(&tracked);
            let removed = without_items_of(&mut old, &theirs);
            if removed > 0 {
                session_from_repository = Some(removed);
            }
        }
        // Every file the new session's start writes is checked before the first of them (the
        // archive) is written: a recall refused half-way left the session archived, and each
        // retry (a SessionStart hook runs one per session) archived it again.
        let mut written = vec![project.session(), project.state()];
        if old.total() > 0 {
            written.push(project.memory());
        }
        for path in &written {
            writable_for_new_session(&project, path)?;
        }
        // The finished file is copied first, so a failure anywhere after it (promotion, the
        // reset) can lose nothing; a refused archive stops the recall before MEMORY.md changes.
        let finished_start = state.session_started().or(previous).unwrap_or(now_ms);
        if let Some(bytes) = &finished {
            archived = archive_finished(ctx, &project, bytes, finished_start, &config)?;
        }
        // Promoted items are dated by the session they come from (its last activity).
        let date = previous
            .and_then(|ms| day_of(ctx, ms))
            .unwrap_or(ctx.clock.today());
        // With the model installed, promotion compares by sentence vectors.
        let home = ctx.home().ok();
        // What the finished session logged to MEMORY.md and the commit store after each of
        // its blockers: a blocker it already fixed is promoted with its fix.
        let blockers = super::session_fixes::promotion_blockers(&project, &state, &old);
        let outcome =
            promote::promote(&project, &old, memory_bytes, date, home.as_ref(), &blockers)?;
        memory_bytes = outcome.memory;
        promoted = outcome.promotions;
        // The finished session's blockers still open, logged near its end, that memory does
        // not hold now: another agent may be on one right now.
        let open = still_open(&old, &blockers, &promoted, &state, previous, gap_limit);
        let from = local_minute(ctx, finished_start);
        // The reset keeps what is not a session item (notes, other sections) in the new file.
        let mut fresh = match &finished {
            Some(bytes) => session_file::reset(bytes, ctx.clock.today()),
            None => templates::session(ctx.clock.today()).into_bytes(),
        };
        // Carried over first (logged before the break), each marked with the session it
        // was logged in (the first one, when it was carried over before).
        for blocker in &open {
            let line =
                session_file::carried_line(blocker, old.carried_from(blocker).unwrap_or(&from));
            fresh = session_file::insert_item(&fresh, session_file::Section::Blockers, &line).0;
        }
        for section in session_file::Section::ALL {
            for item in carried.items(section) {
                let line = carried.line(section, item);
                fresh = session_file::insert_item(&fresh, section, &line).0;
            }
        }
        atomic::write_atomic(&project.session(), &fresh)?;
        // A carried blocker keeps the point `mind log` marked for it, its day and its time,
        // so a fix logged after it but before this recall still resolves it (the new
        // session's start is later), and a blocker carried over once is not carried again
        // for being logged near the end of the next session.
        let carried_marks: Vec<_> = (open.iter().chain(&carried.blockers))
            .filter_map(|blocker| {
                let mark = state.blocker_mark(blocker)?;
                let (day, at) = (state.blocker_day(blocker), state.blocker_logged_at(blocker));
                Some((blocker.clone(), mark, day, at))
            })
            .collect();
        let commits_len = std::fs::metadata(derived::path(&project)).map_or(0, |m| m.len());
        state.start_session(now_ms, memory_bytes.len() as u64, commits_len);
        for (blocker, (memory_len, commits_len), day, at) in &carried_marks {
            state.mark_blocker(blocker, *memory_len, *commits_len, *day, *at);
        }
        // An agent that worked on without a recall learns of the end at its next `mind
        // log` or `mind session`: its notes are in the archive.
        if let Some(archived) = &archived {
            state.set_session_ended(&SessionEnded {
                session: now_ms,
                at: now_ms,
                last_activity: previous,
                archived: archived.clone(),
                carried_blockers: open.len(),
            });
        }
        if archived.is_some() {
            not_promoted = left_in_archive(&old, &promoted, &open);
        }
        carried_over = open;
    }

    let reminders = remind::settle_at_recall(&project, ctx.clock.now(), new_session)?;
    // MEMORY.md as the parse cache holds it, with the few lines logged since parsed on top:
    // the block reads a few entities of it, not every one. Otherwise (a cache many lines
    // behind, or a file cut back to its previous point) the memory is parsed from the cache
    // it resumes and the cache brought up to date.
    // A memory without a cache to resume from is parsed straight into a new cache a piece
    // at a time and read from it like this: a whole parse of a large memory holds every
    // entity at once.
    let current = crate::store::parse_cache::current_or_streamed(&project, &memory_bytes);
    let cached = match &current {
        Some(current) => cached_memory(&project, &config, &memory_bytes, current)?,
        None => None,
    };
    let doc = match &cached {
        Some(_) => None,
        None => Some(memory_document(&project, &memory_bytes)?),
    };
    let memory = match (&cached, &doc) {
        (Some(cached), _) => Memory::Cached(cached),
        (None, Some(doc)) => Memory::Parsed(doc),
        (None, None) => unreachable!("one of the two is read above"),
    };
    let (body, targets) = refresh_context_from(
        ctx,
        &project,
        &config,
        &mut state,
        &memory,
        Some(reminders.sections()),
    )?;
    // The large-MEMORY.md hint, once a session: a recall continuing it (an agent's, a
    // hook's) does not repeat what this session was already told. A recall that prints no
    // notes (a hook's, `--quiet`) has told no one, unless it replies in JSON.
    let session_start = state.session_started();
    let memory_hint = match session_start {
        _ if ctx.quiet && !ctx.json => None,
        Some(started) if state.memory_hint_said(started) => None,
        _ => crate::hints::memory_size_hint(&memory_bytes),
    };
    if memory_hint.is_some()
        && let Some(started) = session_start
    {
        state.set_memory_hint_said(started);
    }
    state.set_last_activity(now_ms);
    state.clear_unrecalled_break();
    if let Some(agent) = agent {
        state.add_agent_session(&agent.id);
    }
    state.set_memory_hash(content_hash(&memory_bytes));
    // The next `mind log` counts MEMORY.md's lines from here instead of reading it all.
    state.set_memory_lines(LineCount::of_file(&project.memory(), &memory_bytes));
    state.save(&project.state())?;

    let session = text::read_optional(&project.session())?
        .map(|bytes| session_file::parse(&text::lossy(&bytes)))
        .unwrap_or_default();
    let last_activity = last_seen
        .and_then(DateTime::from_timestamp_millis)
        .map(|t| t.with_timezone(ctx.clock.now().offset()).to_rfc3339());
    let relevant_memories = if new_session {
        Vec::new()
    } else {
        rank::reply_signals::for_session(&project, &session, ctx.clock.today())?
    };
    let shown: Vec<&str> = relevant_memories.iter().map(|m| m.text.as_str()).collect();
    crate::store::usage::record_shown(&project, &shown, ctx.clock.today());
    // The team database may be slow or unreachable: other `mind` commands must not wait on it.
    drop(lock);
    // Opt-in team memories; after the lock's work, and never failing the recall.
    let latest;
    let team_doc = match &doc {
        Some(doc) => doc,
        None => {
            latest = team_document(&memory);
            &latest
        }
    };
    let team_memories = super::team::recall_section(ctx, &project, &config, team_doc, &session);
    // A blocker fixed since is not one the session is stuck on.
    let still_blocking = super::session_fixes::still_blocking(&project, &state, session.clone());
    let reply = Reply {
        new_session,
        last_activity,
        gap_minutes: gap_ms.map(|g| g / 60_000),
        promoted: promoted
            .iter()
            .filter(|p| p.action != Action::Skipped)
            .map(|p| p.line.clone())
            .collect(),
        relevant_memories,
        promotion: promoted,
        reminders,
        session_warnings: crate::hints::session_warnings(&still_blocking)
            .into_iter()
            .chain(unread_utf16(&project))
            .collect(),
        memory_hint,
        session_archived,
        session,
        context: body,
        targets,
        archived,
        carried_over,
        not_promoted,
        session_from_repository,
        team_memories,
        withdrawn,
    };
    Ok((project, reply))
}

fn render(ctx: &Ctx, reply: &Reply) -> Result<()> {
    {
        if reply.new_session && !ctx.quiet {
            let mut note = String::from("new session");
            if let Some(gap) = reply.gap_minutes {
                note.push_str(&format!(" after {}", super::session::duration(gap)));
            }
            note.push_str(&format!(
                "; promoted {} item(s) to MEMORY.md",
                reply.promoted.len()
            ));
            for line in &reply.promoted {
                note.push_str(&format!("\n  + {line}"));
            }
            note.push_str(&promote::describe(&reply.promotion));
            for blocker in &reply.carried_over {
                note.push_str(&format!(
                    "\n  ^ carried over to SESSION.md (still open): {blocker}"
                ));
            }
            note.push_str(&describe_not_promoted(&reply.not_promoted));
            ctx.note(&note);
        }
        if reply.withdrawn.removed > 0 {
            ctx.note(&format!(
                "{} memor{} of commits no longer on any branch (a rebase or a reset) left the \
                 commit store",
                reply.withdrawn.removed,
                if reply.withdrawn.removed == 1 {
                    "y"
                } else {
                    "ies"
                }
            ));
        }
        if let Some(path) = &reply.session_archived {
            output::warn(
                &ctx.err_paint,
                &format!(
                    "SESSION.md had outgrown its size bound ({} KB): all of it was moved to \
                     {path} (its items are not promoted) and SESSION.md started over",
                    session_file::MAX_BYTES / 1024
                ),
            );
        }
        if let Some(path) = &reply.archived {
            ctx.note(&format!("the finished session is kept in {path}"));
            if let Some(notes) = reply.session_from_repository {
                output::warn(
                    &ctx.err_paint,
                    &format!(
                        "{notes} note(s) of SESSION.md are in the version git tracks (they \
                         came with the repository, or were committed): they are in {path}, \
                         none promoted; `git rm --cached .mind/SESSION.md` keeps the file \
                         personal"
                    ),
                );
            }
        }
        if !ctx.quiet {
            for warning in &reply.session_warnings {
                output::warn(&ctx.err_paint, warning);
            }
        }
        if let Some(hint) = &reply.memory_hint {
            ctx.note(hint);
        }
        ctx.out(&format!("{}\n", reply.context))?;
        if let Some(team) = &reply.team_memories {
            ctx.out(&format!("\n{}", team.rendered))?;
        }
        if !reply.relevant_memories.is_empty() {
            ctx.out(&super::signals::relevant(
                &reply.relevant_memories,
                &ctx.paint,
            ))?;
        }
    }
    Ok(())
}

/// MEMORY.md (`memory`, whose beginning `current` holds) read from the parse cache, with
/// the lines after that beginning and the commit store parsed after it; `None` when the
/// cache does not decode.
fn cached_memory<'a>(
    project: &Project,
    config: &crate::config::Config,
    memory: &'a [u8],
    current: &'a crate::store::parse_cache::Current,
) -> Result<Option<Cached<'a>>> {
    let Some(mut prefix) = current.lazy(memory) else {
        return Ok(None);
    };
    // The scanner goes on from the cached lines, as `parse_cache::memory_unresolved` does.
    let mut parse = std::mem::take(&mut prefix.parse);
    parse.feed(&text::lossy(&memory[current.len()..]));
    let mut rest = parse.into_document();
    let store = derived::read(project)?;
    append_store(&mut rest, memory, &text::lossy(&store));
    Ok(Cached::new(prefix, rest, config.context_budget_chars))
}

/// What the team recall reads of the memory (the project state and the latest problems and
/// decisions), without parsing it whole; nothing when the build has no team memory.
fn team_document(memory: &Memory<'_>) -> Document {
    if cfg!(feature = "team") {
        memory.digest().latest_document()
    } else {
        Document::default()
    }
}

/// Move a SESSION.md larger than [`session_file::MAX_BYTES`] to `.mind/sessions/` (every
/// byte, named after the session's start) and start it over as `mind log` does at the
/// bound; the archive's display path, or `None` when the file is within the bound.
fn roll_over_oversized(
    ctx: &Ctx,
    project: &Project,
    config: &crate::config::Config,
    state: &State,
    now_ms: i64,
) -> Result<Option<String>> {
    let path = project.session();
    let within =
        std::fs::metadata(&path).map_or(true, |m| m.len() <= session_file::MAX_BYTES as u64);
    if within {
        return Ok(None);
    }
    let Some(bytes) = text::read_optional(&path)? else {
        return Ok(None);
    };
    // Refused before the copy, not after it: each try would copy the file again.
    writable_for_new_session(project, &path)?;
    let started_ms = state
        .session_started()
        .or(state.last_activity())
        .unwrap_or(now_ms);
    let started = DateTime::from_timestamp_millis(started_ms)
        .unwrap_or_default()
        .with_timezone(ctx.clock.now().offset());
    let archived = session_archive::archive(project, &bytes, started, config.session_archive_keep)?;
    atomic::write_atomic(&path, &session_file::restart(&bytes, ctx.clock.today()))?;
    Ok(Some(super::display_path(project, &archived.path)))
}

/// Copy the finished SESSION.md into `.mind/sessions/`, unless a reset would keep all of it;
/// returns the archive's path for display.
fn archive_finished(
    ctx: &Ctx,
    project: &Project,
    bytes: &[u8],
    started_ms: i64,
    config: &crate::config::Config,
) -> Result<Option<String>> {
    if session_file::reset_keeps_all(bytes) {
        return Ok(None);
    }
    let started = DateTime::from_timestamp_millis(started_ms)
        .unwrap_or_default()
        .with_timezone(ctx.clock.now().offset());
    let archived = session_archive::archive(project, bytes, started, config.session_archive_keep)?;
    Ok(Some(super::display_path(project, &archived.path)))
}

/// MEMORY.md or SESSION.md in UTF-16 (PowerShell 5.1's `>>`, Notepad's "Unicode"): none of
/// that text reaches the block, so every recall says so until the file is converted (a
/// look at each file's first and last few KiB).
fn unread_utf16(project: &Project) -> Vec<String> {
    [project.memory(), project.session()]
        .iter()
        .filter_map(|path| {
            let found = crate::store::encoding::utf16_at(path)?;
            Some(format!(
                "{} {}: none of that text is read, and writes to it are refused; `mind doctor --fix` converts it",
                super::display_path(project, path),
                found.describe()
            ))
        })
        .collect()
}

/// `path` can be written as the recall writes it; otherwise the error, saying that nothing
/// was written and how to go on.
fn writable_for_new_session(project: &Project, path: &std::path::Path) -> Result<()> {
    atomic::check_writable(path).map_err(|e| {
        let shown = super::display_path(project, path);
        Error::FailedHint {
            message: format!(
                "{e}; the recall stopped before its first write: nothing was archived, promoted or reset"
            ),
            // A refusal that says what to do (a file in UTF-16: convert it) keeps its hint.
            hint: match e.hint() {
                Some(hint) => format!("{hint}; then run `mind recall` again"),
                None => format!(
                    "make {shown} a writable file inside the project (for a read-only file: `chmod u+w {shown}`), then run `mind recall` again"
                ),
            },
        }
    })
}

/// The finished session's blockers that the new session carries over: each still open
/// (no fix logged after it resolves it), not in memory now (promotion neither wrote it nor
/// found it there), and logged within `gap_ms` of the session's last activity (`last`),
/// when an agent may still be on it. Two agents share a session when one of them has no
/// hook that tells mind it is at work: the other's recall after a break ends the session
/// under it, and its blocker would be in no file an agent reads. One logged earlier, or at
/// a time not recorded (written by hand), belongs to its session, which its archive keeps.
fn still_open(
    old: &Session,
    blockers: &promote::Blockers,
    promoted: &[Promotion],
    state: &State,
    last: Option<i64>,
    gap_ms: i64,
) -> Vec<String> {
    let Some(last) = last else {
        return Vec::new();
    };
    let in_memory = |blocker: &str| {
        promoted.iter().any(|p| {
            p.from == session_file::Section::Blockers
                && p.item == blocker
                && (p.action != Action::Skipped || p.similar_to.is_some())
        })
    };
    let mut open: Vec<String> = Vec::new();
    for blocker in &old.blockers {
        let recent = state
            .blocker_logged_at(blocker)
            .is_some_and(|at| last - at <= gap_ms);
        if recent
            && !blockers.fixes.contains_key(blocker)
            && !in_memory(blocker)
            && !open.contains(blocker)
        {
            open.push(blocker.clone());
        }
    }
    open
}

/// Take out of `session` every item `theirs` holds too; how many were taken out.
fn without_items_of(session: &mut Session, theirs: &Session) -> usize {
    let before = session.total();
    session
        .experience
        .retain(|i| !theirs.experience.contains(i));
    session.blockers.retain(|i| !theirs.blockers.contains(i));
    session.rejected.retain(|i| !theirs.rejected.contains(i));
    session
        .assumptions
        .retain(|i| !theirs.assumptions.contains(i));
    before - session.total()
}

/// The finished session's experiences, blockers and rejected approaches that no promotion
/// took (as its item, or as the cause or fix inside a problem's line) and that do not go on
/// as an open blocker: what stays only in the archive. A failed command's line is raw
/// material a hook wrote, not a note, and an assumption is never promoted.
fn left_in_archive(old: &Session, promoted: &[Promotion], open: &[String]) -> Vec<String> {
    let taken = |item: &str| {
        open.iter().any(|o| o == item)
            || promoted
                .iter()
                .any(|p| p.item == item || p.line.contains(item.trim()))
    };
    let mut left: Vec<String> = Vec::new();
    for item in old
        .experience
        .iter()
        .chain(&old.blockers)
        .chain(&old.rejected)
    {
        if FailureLine::parse(item).is_none() && !taken(item) && !left.contains(item) {
            left.push(item.clone());
        }
    }
    left
}

/// How many notes stayed only in the archive, the first few by their start: a note worth
/// keeping that promotion passed over can still be logged to MEMORY.md by hand.
fn describe_not_promoted(left: &[String]) -> String {
    const SHOWN: usize = 3;
    if left.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "\n  {} note(s) not promoted (the archive keeps them; `mind log learning \"...\"` keeps \
         one that matters):",
        left.len()
    );
    for item in left.iter().take(SHOWN) {
        let start: String = item.chars().take(70).collect();
        let more = if start.len() < item.len() { "…" } else { "" };
        out.push_str(&format!("\n    - {start}{more}"));
    }
    if left.len() > SHOWN {
        out.push_str(&format!("\n    - +{} more", left.len() - SHOWN));
    }
    out
}

/// `epoch_ms` as local time to the minute (`2026-01-15 09:00`), as archives are named.
fn local_minute(ctx: &Ctx, epoch_ms: i64) -> String {
    DateTime::from_timestamp_millis(epoch_ms)
        .unwrap_or_default()
        .with_timezone(ctx.clock.now().offset())
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

fn day_of(ctx: &Ctx, epoch_ms: i64) -> Option<NaiveDate> {
    DateTime::from_timestamp_millis(epoch_ms)
        .map(|t| t.with_timezone(ctx.clock.now().offset()).date_naive())
}
