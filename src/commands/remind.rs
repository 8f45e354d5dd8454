//! `mind remind MESSAGE WHEN`: add a reminder to REMINDERS.md.

use crate::app::Ctx;
use crate::cli::RemindArgs;
use crate::error::{Error, Result};
use crate::remind::{self, Shown, When, when};
use crate::store::text;

pub fn run(args: &RemindArgs, ctx: &Ctx) -> Result<()> {
    let now = ctx.clock.now();
    let (message, phrase, when) = split_args(args, |phrase| when::read(phrase, now))?;
    // A WHEN read fine but already gone is refused as that, not as a phrase mind cannot
    // read: the forms list would not help.
    if when::is_past(&when, now) {
        return Err(Error::usage(format!(
            "WHEN {:?} is in the past ({}; it is now {}); nothing written",
            phrase.split_whitespace().collect::<Vec<_>>().join(" "),
            when::describe_moment(&when),
            when::describe_moment(&When::Time(now.naive_local()))
        )));
    }
    // `-` as the message reads it from stdin (the WHEN stays on the command line).
    let message = if message == "-" {
        super::text_arg::read_stdin()?
    } else {
        message
    };
    let message = text::one_line(&message);
    if message.is_empty() {
        return Err(Error::usage_hint(
            "empty message: nothing to remind",
            "mind remind \"MESSAGE\" WHEN, e.g. mind remind \"check the audit\" tomorrow",
        ));
    }
    let project = ctx.project()?;
    let config = ctx.config(&project)?;
    let redacts = config.redact_secrets;
    let (message, redacted) = crate::safety::secrets::redact_if(&message, redacts);
    if redacted > 0 {
        ctx.note(&crate::safety::secrets::report(redacted));
    }
    let _lock = project.lock()?;
    let reminder = remind::add(
        &project,
        &message,
        remind::trigger_of(when),
        ctx.clock.today(),
    )?;
    super::reminders::reminders_changed(ctx, &project, &config)?;
    if ctx.json {
        return ctx.reply(&Shown::of(&reminder, now.naive_local()));
    }
    ctx.out(&format!(
        "reminder {}: {} {}\n",
        ctx.paint.highlight(&reminder.number.to_string()),
        reminder.message,
        ctx.paint
            .dim(&format!("({})", remind::describe(&reminder.trigger)))
    ))
}

/// The message, the WHEN phrase and what it reads as. Without `--when`, WHEN is the last
/// argument; when the message was not quoted (`mind remind call Bob in 2 days`), the
/// longest run of trailing arguments that reads as a WHEN (past or not: a past one is
/// refused as such, never cut shorter until what is left reads as a time to come).
fn split_args(
    args: &RemindArgs,
    parse: impl Fn(&str) -> std::result::Result<When, when::WhenError>,
) -> Result<(String, String, When)> {
    let refuse = |e: when::WhenError| {
        Error::usage_hint(
            format!("unknown WHEN: {}; nothing written", e.0),
            when::ACCEPTED_FORMS,
        )
    };
    if let Some(phrase) = &args.when {
        return Ok((
            args.words.join(" "),
            phrase.clone(),
            parse(phrase).map_err(refuse)?,
        ));
    }
    match args.words.len() {
        0 => Err(Error::usage_hint(
            "missing MESSAGE and WHEN",
            "mind remind \"MESSAGE\" WHEN, e.g. mind remind \"check the audit\" tomorrow",
        )),
        1 => Err(Error::usage_hint(
            format!("missing WHEN after {:?}", args.words[0]),
            when::ACCEPTED_FORMS,
        )),
        n => {
            for split in 1..n - 1 {
                let phrase = args.words[split..].join(" ");
                if let Ok(when) = parse(&phrase) {
                    return Ok((args.words[..split].join(" "), phrase, when));
                }
            }
            let last = &args.words[n - 1];
            Ok((
                args.words[..n - 1].join(" "),
                last.clone(),
                parse(last).map_err(refuse)?,
            ))
        }
    }
}
