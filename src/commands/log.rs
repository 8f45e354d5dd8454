//! `mind log [TYPE] MESSAGE...`: write one memory. Session types go to SESSION.md,
//! memory types and next steps (`Next: ...`) to MEMORY.md under today's date heading.

use serde::Serialize;

use crate::app::Ctx;
use crate::capture::kept_keys;
use crate::classify::{self, LogKind, TYPE_NAMES};
use crate::cli::LogArgs;
use crate::commands::{display_path, text_arg};
use crate::error::{Error, Result};
use crate::log_level::{self, LoggingLevel};
use crate::output;
use crate::rank::{self, reply_signals::LogSignals};
use crate::store::tail::Tail;
use crate::store::{
    MEMORY_FILE, SESSION_FILE, append, atomic, memory_file as memory, session_archive,
    session_file as session, state::State, templates, text,
};
use crate::suggest;

#[derive(Serialize)]
struct Reply {
    #[serde(rename = "type")]
    kind: LogKind,
    file: String,
    text: String,
    line: usize,
    /// True when no type was given and the text chose it.
    classified: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    /// Loop warning, past solutions or relevant memories, when there is signal.
    #[serde(flatten)]
    signals: LogSignals,
    /// Context reminders whose keywords the message mentions.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    reminders: Vec<crate::remind::Fired>,
    /// How many secrets were replaced by `[redacted]` before writing.
    #[serde(skip_serializing_if = "is_zero")]
    redacted: usize,
    /// True when the same entry was logged moments ago (a retry): nothing was written.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    already_logged: bool,
    /// Work after the entry was written that failed (state, context refresh): the entry is
    /// kept and the command succeeds.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<String>,
    /// SESSION.md had reached its size bound: where the session so far was moved before
    /// the item was written to a fresh SESSION.md.
    #[serde(skip_serializing_if = "Option::is_none")]
    session_archived: Option<String>,
    /// Minutes since the activity before this log, when this log ended a break that no recall
    /// has seen: the next `mind recall` starts a new session.
    #[serde(skip_serializing_if = "Option::is_none")]
    session_break_minutes: Option<i64>,
    /// The session a recall ended since the last log or `mind session`: when, and where its
    /// notes are.
    #[serde(skip_serializing_if = "Option::is_none")]
    session_ended: Option<super::session::Ended>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The longest message `mind log` writes, in bytes: one memory is one line, and a line
/// longer than this is a document that belongs in a file of its own.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// Move a SESSION.md that reached its size bound to `.mind/sessions/` (named after the
/// session's start, as at a new session) and return the file to continue with and the
/// archive's display path. Nothing is lost: the archive holds every byte.
fn roll_over(
    ctx: &Ctx,
    project: &crate::store::Project,
    config: &crate::config::Config,
    bytes: &[u8],
    started_ms: Option<i64>,
) -> Result<(Vec<u8>, String)> {
    let started =
        chrono::DateTime::from_timestamp_millis(started_ms.unwrap_or_else(|| ctx.clock.epoch_ms()))
            .unwrap_or_default()
            .with_timezone(ctx.clock.now().offset());
    let archived = session_archive::archive(project, bytes, started, config.session_archive_keep)?;
    Ok((
        session::restart(bytes, ctx.clock.today()),
        display_path(project, &archived.path),
    ))
}

/// How long after an entry the same entry is taken for a retry and not written again.
const RETRY_WINDOW: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// The type (if named) and the message, from `--type` or a leading type word.
///
/// A canonical type name as the first word always names the type; an alias that is also a
/// plain word ("done", "issue", "tried") does so only before a single argument
/// (`mind log done "the refactor"`), otherwise it stays in the text for classification.
/// Words after `--` are always text.
fn split_args(args: &LogArgs) -> Result<(Option<LogKind>, String)> {
    let all: Vec<&str> = args
        .words
        .iter()
        .chain(&args.literal)
        .map(String::as_str)
        .collect();
    let (kind, words): (Option<LogKind>, Vec<&str>) = match (&args.kind, args.words.split_first()) {
        (Some(name), _) => (Some(named_type(name)?), all),
        (None, Some((first, rest))) => {
            let rest: Vec<&str> = rest
                .iter()
                .chain(&args.literal)
                .map(String::as_str)
                .collect();
            match classify::parse_type(first) {
                Some(kind) if rest.is_empty() => {
                    return Err(Error::usage_hint(
                        format!("no message after the type {:?}", kind.name()),
                        format!(
                            "mind log {} \"what happened\" (or `-` to read it from stdin)",
                            kind.name()
                        ),
                    ));
                }
                Some(kind) if classify::always_names_type(first) || rest.len() == 1 => {
                    (Some(kind), rest)
                }
                Some(_) => (None, all),
                None => {
                    if !rest.is_empty() {
                        refuse_misspelt_type(first, &all)?;
                    }
                    (None, all)
                }
            }
        }
        (None, None) => (None, all),
    };
    // `-` reads stdin, unless it came after `--` (then it is the text "-").
    let message = if args.literal.is_empty() {
        text_arg::words_or_stdin(&words)?
    } else {
        words.join(" ")
    };
    Ok((kind, text::one_line(&message)))
}

/// The type `--type` names; an unknown one is a usage error that suggests the closest.
fn named_type(name: &str) -> Result<LogKind> {
    classify::parse_type(name).ok_or_else(|| {
        let guess = suggest::misspelt_type(name)
            .map(|t| format!("did you mean `{t}`? "))
            .unwrap_or_default();
        Error::usage_hint(
            format!("unknown type {name:?}"),
            format!("{guess}known types: {TYPE_NAMES}"),
        )
    })
}

/// A first word that looks like a misspelt type (`mind log decison use X`) is refused rather
/// than logged as an experience the user did not mean; the hint says how to keep the words.
fn refuse_misspelt_type(first: &str, all: &[&str]) -> Result<()> {
    let word = first.trim_end_matches(':');
    if first.contains(char::is_whitespace) {
        return Ok(());
    }
    match suggest::misspelt_type(word) {
        Some(target) => Err(Error::usage_hint(
            format!("{word:?} is not a type; did you mean `{target}`?"),
            format!(
                "to log the words as they are, quote them (mind log \"{}\"), or give --type experience, or put them after `--`",
                all.join(" ")
            ),
        )),
        None => Ok(()),
    }
}

/// Whether `mind log` wrote `file` less than [`RETRY_WINDOW`] before `now` (mind's clock):
/// only then can a message be a retry. The window is measured on mind's clock as state.json
/// records it, not on the file's modification time, which comes from the system's (under
/// `MIND_NOW` the two disagree, and an entry logged days later by mind's clock would be taken
/// for a retry). A state.json that cannot be read keeps no record, so how long ago is
/// unknown: a retry after that very failure must not store a copy, so it counts as recent
/// (the message must still be the last entry, or in its section, to be one).
fn logged_recently(state: Option<&State>, file: &str, now: i64) -> bool {
    let Some(state) = state else {
        return true;
    };
    state
        .last_logged(file)
        .is_some_and(|at| (0..RETRY_WINDOW.as_millis() as i64).contains(&(now - at)))
}

/// The line number of `item` when this is a retry of it: SESSION.md was logged to within
/// [`RETRY_WINDOW`] and `item` is one of its lines (an item goes into its section).
/// `None` means: write it.
fn retried_item(recent: bool, existing: &[u8], item: &str) -> Option<usize> {
    if !recent {
        return None;
    }
    let matches = |l: &&[u8]| same_text(text::strip_eol(l), item);
    text::split_lines(existing)
        .iter()
        .rposition(matches)
        .map(|i| i + 1)
}

/// The line number of `entry` when this is a retry of it: MEMORY.md was logged to within
/// [`RETRY_WINDOW`] and `entry` is its last non-blank line, read from the end (a large
/// MEMORY.md must not cost more to log to).
fn retried_entry(recent: bool, tail: &Tail, entry: &str) -> Option<usize> {
    if !recent {
        return None;
    }
    let (last, number) = tail.last_line()?;
    same_text(last, entry).then_some(number as usize)
}

/// Whether a line read back is `entry`: the same bytes, or the same text in another Unicode
/// form (`é` typed, and `e` + a combining accent pasted from a macOS file name), which a
/// reader cannot tell apart either.
fn same_text(line: &[u8], entry: &str) -> bool {
    line == entry.as_bytes()
        || (!line.is_ascii()
            && std::str::from_utf8(line).is_ok_and(|l| text::nfc(l) == text::nfc(entry)))
}

/// The reply when the logging level skips a message: nothing is written.
#[derive(Serialize)]
struct Filtered {
    action: &'static str,
    #[serde(rename = "type")]
    kind: LogKind,
    logging_level: &'static str,
    reason: &'static str,
}

fn reply_filtered(
    ctx: &Ctx,
    kind: LogKind,
    level: LoggingLevel,
    reason: &'static str,
) -> Result<()> {
    let reply = Filtered {
        action: "filtered",
        kind,
        logging_level: level.as_str(),
        reason,
    };
    if ctx.json {
        return ctx.reply(&reply);
    }
    ctx.out(&format!(
        "not logged ({}): {reason}{}\n",
        ctx.paint.kind(kind.name()),
        ctx.paint
            .dim(" (\"logging\": {\"level\": \"detailed\"} in .mind/config.json keeps everything)")
    ))
}

pub fn run(args: &LogArgs, ctx: &Ctx) -> Result<()> {
    let (named, message) = split_args(args)?;
    if message.is_empty() {
        return Err(Error::usage_hint(
            "empty message: nothing to log",
            "mind log [TYPE] MESSAGE... (or `-` to read the message from stdin)",
        ));
    }
    let (kind, classification) = match named {
        Some(kind) => (classify::given(kind, &message), None),
        None => {
            let c = classify::classify(&message);
            (c.kind, Some(c))
        }
    };
    if message.len() > MAX_MESSAGE_BYTES {
        return Err(Error::usage_hint(
            format!(
                "the message is {} bytes; one memory holds at most {MAX_MESSAGE_BYTES}",
                message.len()
            ),
            "log the gist, and keep the long text in a file (e.g. .mind/memories/NAME.md) that the memory names",
        ));
    }
    let project = ctx.project()?;
    let config = ctx.config(&project)?;
    let (message, redacted) = if config.redact_secrets {
        let (clean, n) = crate::safety::secrets::redact(&message);
        (clean.into_owned(), n)
    } else {
        (message, 0)
    };
    let level = config.logging_level;
    if let Some(reason) = log_level::skip_reason(level, kind, &message) {
        // Skipped at this level: nothing is written and activity is not touched.
        return reply_filtered(ctx, kind, level, reason);
    }
    let _lock = project.lock()?;
    let signals = rank::reply_signals::for_log(&project, kind, &message, ctx.clock.today())?;
    let shown: Vec<&str> = (signals.solutions.iter().flatten())
        .chain(&signals.relevant_memories)
        .map(|m| m.text.as_str())
        .collect();
    crate::store::usage::record_shown(&project, &shown, ctx.clock.today());
    let mut already_logged = false;
    // Loaded before the write for MEMORY.md's recorded line count; a state that cannot be
    // read fails only the bookkeeping after the write, never the entry.
    let mut loaded = State::load(&project.state());
    // A break this log ends is noticed before the item is written: the item is the new
    // session's, not the finished one's. So is a session this log starts.
    let gap_ms = Some(config.session_gap_ms());
    let break_known = loaded
        .as_ref()
        .is_ok_and(|state| state.unrecalled_break().is_some());
    if let Ok(state) = loaded.as_mut() {
        ctx.begin_activity(&project, state, gap_ms);
    }
    let mut memory_lines = None;
    let mut memory_keys = None;
    let mut session_archived = None;
    // A blocker written now: only what MEMORY.md and the commit store gain after it can fix
    // it (see `session_fixes`).
    let mut new_blocker = None;
    let now = ctx.clock.epoch_ms();
    let (path, written, line) = match kind {
        LogKind::Session(section) => {
            let path = project.session();
            let existing = text::read_optional(&path)?
                .unwrap_or_else(|| templates::session(ctx.clock.today()).into_bytes());
            let item = format!("- {message}");
            // A rejection logged again is another failed attempt, which the loop warning
            // counts: never taken for a retry.
            let recent = logged_recently(loaded.as_ref().ok(), SESSION_FILE, now);
            let retry = (section != session::Section::Rejected)
                .then(|| retried_item(recent, &existing, &item))
                .flatten();
            match retry {
                Some(line) => {
                    already_logged = true;
                    (path, item, line)
                }
                None => {
                    let existing = if session::over_bound(existing.len(), item.len() + 2) {
                        let started = loaded.as_ref().ok().and_then(State::session_started);
                        let (restarted, archived) =
                            roll_over(ctx, &project, &config, &existing, started)?;
                        session_archived = Some(archived);
                        restarted
                    } else {
                        existing
                    };
                    let (updated, line) = session::insert_item(&existing, section, &message);
                    atomic::write_atomic(&path, &updated)?;
                    if section == session::Section::Blockers {
                        new_blocker = Some(message.clone());
                    }
                    (path, item, line)
                }
            }
        }
        LogKind::Memory(_) | LogKind::Next => {
            let path = project.memory();
            let known = loaded.as_ref().ok().and_then(State::memory_lines);
            let tail = Tail::read(&path, known)
                .map_err(|e| Error::io(&path, e))?
                .ok_or_else(|| super::missing_memory(&project))?;
            let entry = match kind {
                LogKind::Memory(entry_type) => classify::memory_line(entry_type, &message),
                _ => classify::next_line(&message),
            };
            let recent = logged_recently(loaded.as_ref().ok(), MEMORY_FILE, now);
            match retried_entry(recent, &tail, &entry) {
                Some(line) => {
                    already_logged = true;
                    (path, entry, line)
                }
                None => {
                    let bytes =
                        tail.append_under_date(ctx.clock.today(), std::slice::from_ref(&entry));
                    append::append_bytes(&path, &bytes)?;
                    let count = tail.count_after(&path, &bytes);
                    // The cached keys of MEMORY.md's lines (the post-commit hook's) follow
                    // the append while they described the file before it.
                    memory_keys = (loaded.as_ref().ok())
                        .and_then(State::memory_keys)
                        .filter(|stamp| tail.describes(&stamp.of))
                        .zip(count)
                        .and_then(|(stamp, now)| kept_keys::extend(&project, stamp, &bytes, now));
                    memory_lines = Some(count);
                    // The appended bytes end with a newline, so the entry's line number is
                    // the number of newlines in the file after the append.
                    let line = tail.newlines() as usize + memory::newline_count(&bytes);
                    (path, entry, line)
                }
            }
        }
    };
    // The entry is durable now: whatever fails from here on is a warning, never an error,
    // or a retry of the command would write the entry a second time.
    let mut warnings = Vec::new();
    let mut session_ended = None;
    let after = (|| -> Result<Option<i64>> {
        // One load and one save of state.json for the activity and the personal block.
        let mut state = loaded?;
        if let Some(count) = memory_lines {
            state.set_memory_lines(count);
        }
        if memory_keys.is_some() {
            state.set_memory_keys(memory_keys);
        }
        if !already_logged {
            let file = match kind {
                LogKind::Session(_) => SESSION_FILE,
                _ => MEMORY_FILE,
            };
            state.set_last_logged(file, now);
        }
        ctx.record_activity_with_gap(&project, &mut state, gap_ms);
        if let Some(blocker) = &new_blocker {
            let len = |path: std::path::PathBuf| std::fs::metadata(path).map_or(0, |m| m.len());
            let commits = len(crate::capture::derived::path(&project));
            let today = Some(ctx.clock.today());
            state.mark_blocker(blocker, len(project.memory()), commits, today, Some(now));
        }
        // A recall ended the session this log may have been part of: said once, to the
        // first log or `mind session` after it.
        session_ended = state.take_session_ended();
        super::refresh_personal(ctx, &project, &config, &mut state);
        state.save(&project.state())?;
        // This log ended a break that no recall has seen: say so once, so that an agent that
        // skipped `mind recall` knows its context is from the session before.
        let now = ctx.clock.epoch_ms();
        Ok((!break_known)
            .then(|| state.unrecalled_break())
            .flatten()
            .map(|pause| (now - pause.from) / 60_000))
    })();
    let session_break_minutes = match after {
        Ok(minutes) => minutes,
        Err(e) => {
            warnings.push(format!(
                "the entry is saved, but recording the activity failed: {e}"
            ));
            None
        }
    };
    if let Some(archived) = &session_archived {
        warnings.push(format!(
            "SESSION.md reached its size bound ({} KB): the session so far was moved to \
             {archived} (its items are not promoted at the next recall) and SESSION.md \
             started over",
            session::MAX_BYTES / 1024
        ));
    }

    if let LogKind::Memory(entry_type) = kind
        && !already_logged
        && let Some((read, why)) = classify::reads_back_otherwise(entry_type, &written)
    {
        let as_what = read.map_or_else(|| "no memory".to_string(), |k| format!("a {}", k.as_str()));
        let how = if why.contains("slot") || why == "code" {
            "put the `{slot}` or the code in backticks"
        } else {
            "say the particular thing it records"
        };
        warnings.push(format!(
            "the entry is saved, but it reads back as {as_what} ({why}), so recall and the \
             context block will not show it as a {}; reword it ({how}) and log it again",
            entry_type.as_str()
        ));
    }
    let reason = classification.as_ref().map(|c| match &c.matched {
        Some(m) => format!("no type given; {m:?} reads as {}", kind.name()),
        None => "no type given and no cue word matched".to_string(),
    });
    let reply = Reply {
        kind,
        file: display_path(&project, &path),
        text: written,
        line,
        classified: classification.is_some(),
        reason,
        signals,
        reminders: crate::remind::fire_once_per_session(&project, &message),
        redacted,
        already_logged,
        warnings,
        session_archived,
        session_break_minutes,
        session_ended: session_ended.map(|e| super::session::Ended::of(ctx, &e)),
    };
    for warning in &reply.warnings {
        output::warn(&ctx.err_paint, warning);
    }
    if ctx.json {
        return ctx.reply(&reply);
    }
    let verb = if reply.already_logged {
        "already logged"
    } else {
        "logged"
    };
    let mut out = format!(
        "{verb} {} to {}:{}",
        ctx.paint.kind(kind.name()),
        reply.file,
        reply.line
    );
    if redacted > 0 {
        out.push_str(&format!(" ({})", crate::safety::secrets::report(redacted)));
    }
    if let Some(reason) = &reply.reason {
        out.push_str(&ctx.paint.dim(&format!(" ({reason}; --type overrides)")));
    }
    out.push_str(&format!("\n  {}\n", output::escape_controls(&reply.text)));
    if let Some(minutes) = reply.session_break_minutes {
        out.push_str(&format!(
            "{minutes} min since the last activity: the session before the break ends at the \
             next `mind recall` (run it now for this session's context)\n"
        ));
    }
    if let Some(ended) = &reply.session_ended {
        out.push_str(&format!("{}\n", ended.sentence()));
    }
    out.push_str(&super::signals::render_log(&reply.signals, &ctx.paint));
    out.push_str(&crate::commands::reminders::render_fired(
        ctx,
        &reply.reminders,
    ));
    ctx.out(&out)
}
