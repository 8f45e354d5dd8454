//! `mind log [TYPE] MESSAGE...`: write one memory. Session types go to SESSION.md,
//! memory types to MEMORY.md under today's date heading.

use std::io::Read;

use serde::Serialize;

use crate::app::Ctx;
use crate::classify::{self, LogKind, TYPE_NAMES};
use crate::cli::LogArgs;
use crate::commands::display_path;
use crate::error::{Error, Result};
use crate::output;
use crate::rank::{self, signals::LogSignals};
use crate::store::{append, atomic, memory, session, templates, text};

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
}

/// The type (if named) and the message, from `--type` or a leading type word.
fn split_args(args: &LogArgs) -> Result<(Option<LogKind>, String)> {
    let unknown = |name: &str| {
        Error::usage_hint(
            format!("unknown type {name:?}"),
            format!("known types: {TYPE_NAMES}"),
        )
    };
    if args.kind.is_none()
        && let [only] = args.words.as_slice()
        && let Some(kind) = classify::parse_type(only)
    {
        return Err(Error::usage_hint(
            format!("no message after the type {:?}", kind.name()),
            format!(
                "mind log {} \"what happened\" (or `-` to read it from stdin)",
                kind.name()
            ),
        ));
    }
    let (kind, words): (Option<LogKind>, &[String]) = match &args.kind {
        Some(name) => (
            Some(classify::parse_type(name).ok_or_else(|| unknown(name))?),
            &args.words,
        ),
        None => match args.words.split_first() {
            Some((first, rest)) if !rest.is_empty() => match classify::parse_type(first) {
                Some(kind) => (Some(kind), rest),
                None => (None, &args.words),
            },
            _ => (None, &args.words),
        },
    };
    let message = if words.len() == 1 && words[0] == "-" {
        let mut input = Vec::new();
        std::io::stdin()
            .read_to_end(&mut input)
            .map_err(|e| Error::usage(format!("cannot read the message from stdin: {e}")))?;
        String::from_utf8(input)
            .map_err(|_| Error::usage("the message on stdin is not valid UTF-8"))?
    } else {
        words.join(" ")
    };
    Ok((kind, text::one_line(&message)))
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
        Some(kind) => (kind, None),
        None => {
            let c = classify::classify(&message);
            (c.kind, Some(c))
        }
    };
    let project = ctx.project()?;
    let _lock = project.lock()?;
    let signals = rank::signals::for_log(&project, kind, &message, ctx.clock.today())?;
    let (path, written, line) = match kind {
        LogKind::Session(section) => {
            let path = project.session();
            let existing = text::read_optional(&path)?
                .unwrap_or_else(|| templates::session(ctx.clock.today()).into_bytes());
            let (updated, line) = session::insert_item(&existing, section, &message);
            atomic::write_atomic(&path, &updated)?;
            (path, format!("- {message}"), line)
        }
        LogKind::Memory(entry_type) => {
            let path = project.memory();
            let existing = text::read_optional(&path)?.ok_or_else(|| Error::BadFile {
                path: path.clone(),
                reason: "missing; run `mind init` to recreate it (existing files are kept)".into(),
            })?;
            let entry = classify::memory_line(entry_type, &message);
            let bytes = memory::append_under_date(
                &existing,
                ctx.clock.today(),
                std::slice::from_ref(&entry),
            );
            append::append_bytes(&path, &bytes)?;
            // The appended bytes end with a newline, so the entry's line number is the
            // number of newlines in the file after the append.
            let line = memory::newline_count(&existing) + memory::newline_count(&bytes);
            (path, entry, line)
        }
    };
    ctx.touch(&project)?;
    super::refresh_personal(ctx, &project);

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
    };
    if ctx.json {
        return output::print_json(&reply);
    }
    let mut out = format!(
        "logged {} to {}:{}",
        ctx.paint.kind(kind.name()),
        reply.file,
        reply.line
    );
    if let Some(reason) = &reply.reason {
        out.push_str(&ctx.paint.dim(&format!(" ({reason}; --type overrides)")));
    }
    out.push('\n');
    out.push_str(&super::signals::render_log(&reply.signals, &ctx.paint));
    out.push_str(&crate::commands::reminders::render_fired(
        ctx,
        &reply.reminders,
    ));
    ctx.out(&out)
}
