//! A command line the argument parser refused, reported as every other error is:
//! `mind: error: MESSAGE` and a `hint:` line, or under `--json` one JSON error on stderr.

use std::ffi::OsString;
use std::process::ExitCode;

use crate::{asks_for_json, cli, output};

/// A command line clap refused (or `--help` / `--version`, which are not errors), reported
/// like every other error: `mind: error: MESSAGE` and a `hint:` line, or under `--json` one
/// JSON error on stderr. The message is clap's whole first paragraph (with the names of the
/// missing arguments); the hint is clap's tip, else the command's usage. A subcommand
/// missing its action shows that command's help, as clap does, in text.
pub(crate) fn usage_error(e: &clap::Error, args: &[OsString]) -> ExitCode {
    use clap::error::ErrorKind;
    if let Some(code) = help_asked_of_help(e, args) {
        return code;
    }
    let code = e.exit_code();
    let json = asks_for_json(args);
    if !e.use_stderr() || (!json && e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand)
    {
        let _ = e.print();
        return ExitCode::from(u8::try_from(code).unwrap_or(2));
    }
    let code = u8::try_from(code).unwrap_or(2);
    let (message, hint) = if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        missing_subcommand(args)
    } else {
        clap_message(e, args)
    };
    if json {
        output::to_stderr(&output::json_error_text(&message, hint.as_deref(), code));
    } else {
        let paint = output::Paint::for_stderr(color_asked(args));
        crate::print_error(&paint, &message, hint.as_deref());
    }
    ExitCode::from(code)
}

/// The message and hint of a clap error, from its plain rendering: the first line and the
/// lines under it (the missing arguments; possible values go to the hint), then the tips,
/// else the command's usage.
fn clap_message(e: &clap::Error, args: &[OsString]) -> (String, Option<String>) {
    let rendered = e.render().to_string();
    let mut paragraphs = rendered.split("\n\n");
    let mut first = paragraphs.next().unwrap_or_default().lines().map(str::trim);
    let head = first.next().unwrap_or("invalid arguments");
    let mut message = head.strip_prefix("error: ").unwrap_or(head).to_string();
    let mut hints = Vec::new();
    let mut listed = Vec::new();
    for line in first.filter(|l| !l.is_empty()) {
        match line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            Some(values) => hints.push(values.to_string()),
            None => listed.push(line),
        }
    }
    if !listed.is_empty() {
        message = format!("{message} {}", listed.join(", "));
    }
    let mut usage = None;
    for line in paragraphs.flat_map(str::lines).map(str::trim) {
        if let Some(tip) = line.strip_prefix("tip: ") {
            // clap's "use '-- -x'" would make `-x` alone the text: the whole line is shown.
            let dashed = tip
                .starts_with("to pass '")
                .then(|| after_double_dash(e, args));
            hints.push(dashed.flatten().unwrap_or_else(|| tip.to_string()));
        } else if let Some(line) = line.strip_prefix("Usage: ") {
            usage = Some(line.to_string());
        }
    }
    if hints.is_empty() {
        // The command's own usage: clap's repeats the flags given (`mind search --json`).
        hints.extend(command_usage(args).or(usage).map(|u| format!("usage: {u}")));
    }
    (message, (!hints.is_empty()).then(|| hints.join("; ")))
}

/// `mind help --help` (or `mind help search -h`): clap's `help` takes no flags and reports
/// `--help` as an unknown command. Asking for help of `help` gets what `help` prints without
/// it; the exit code is that of the help printed (0).
fn help_asked_of_help(e: &clap::Error, args: &[OsString]) -> Option<ExitCode> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let is_help_flag = |a: &OsString| a == "--help" || a == "-h";
    if e.kind() != ErrorKind::InvalidSubcommand {
        return None;
    }
    let Some(ContextValue::String(invalid)) = e.get(ContextKind::InvalidSubcommand) else {
        return None;
    };
    let words: Vec<&OsString> = args.iter().skip(1).take_while(|a| *a != "--").collect();
    let first_command = words
        .iter()
        .find(|a| !a.to_string_lossy().starts_with('-'))?;
    if *first_command != "help" || !matches!(invalid.as_str(), "--help" | "-h") {
        return None;
    }
    let without: Vec<OsString> = (args.iter())
        .enumerate()
        .filter(|(i, a)| *i == 0 || !is_help_flag(a))
        .map(|(_, a)| a.clone())
        .collect();
    let help = <cli::Cli as clap::Parser>::try_parse_from(&without).err()?;
    if help.use_stderr() {
        return None;
    }
    let _ = help.print();
    Some(ExitCode::from(u8::try_from(help.exit_code()).unwrap_or(0)))
}

/// The command line again with `--` before the argument clap took for an option, which is
/// text (`mind log decision "-x stays"`): the flags `--json`, `--quiet` and `-q` after it
/// move before the `--`, where they still count. When the word before it is an option that
/// takes a value (`--since -2w`), the word is that value, and `--` would not help: the value
/// goes after `=` instead (`--since=-2w`).
fn after_double_dash(e: &clap::Error, args: &[OsString]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let Some(ContextValue::String(invalid)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let words: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let at = (1..words.len())
        .find(|&i| words[i] == *invalid)
        .or_else(|| (1..words.len()).find(|&i| words[i].starts_with(invalid.as_str())))?;
    if words[1..at].iter().any(|w| w == "--") {
        return None;
    }
    if let Some(option) = option_taking_a_value(&named_command(args), &words[at - 1]) {
        let mut line: Vec<String> = vec!["mind".into()];
        line.extend(words[1..at - 1].iter().map(|w| shell_word(w)));
        line.push(shell_word(&format!("{}={}", words[at - 1], words[at])));
        line.extend(words[at + 1..].iter().map(|w| shell_word(w)));
        return Some(format!(
            "{option} takes a value; one that starts with '-' goes after '=': {}",
            line.join(" ")
        ));
    }
    let flag = |w: &String| matches!(w.as_str(), "--json" | "--quiet" | "-q");
    let mut line: Vec<&str> = vec!["mind"];
    line.extend(words[1..at].iter().map(String::as_str));
    line.extend(words[at..].iter().filter(|w| flag(w)).map(String::as_str));
    line.push("--");
    line.extend(words[at..].iter().filter(|w| !flag(w)).map(String::as_str));
    let line: Vec<String> = line.into_iter().map(shell_word).collect();
    Some(format!(
        "text starting with '-' goes after `--`: {}",
        line.join(" ")
    ))
}

/// `word` when it is an option of `command` (`--since`, `-n`, given without `=`) that takes a
/// value: its name as the command's help shows it.
fn option_taking_a_value(command: &clap::Command, word: &str) -> Option<String> {
    let arg = if let Some(long) = word.strip_prefix("--") {
        command
            .get_arguments()
            .find(|a| a.get_long() == Some(long))?
    } else {
        let mut chars = word.strip_prefix('-')?.chars();
        let (short, None) = (chars.next()?, chars.next()) else {
            return None;
        };
        command
            .get_arguments()
            .find(|a| a.get_short() == Some(short))?
    };
    arg.get_action().takes_values().then(|| word.to_string())
}

/// A word as a shell reads it back: bare when it is plain, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:=@%+,".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The subcommand the arguments name (`mind reminders done`), built for its usage.
fn named_command(args: &[OsString]) -> clap::Command {
    use clap::CommandFactory;
    let mut command = cli::Cli::command();
    command.build();
    for word in args.iter().skip(1).take_while(|a| *a != "--") {
        let Some(sub) = word.to_str().and_then(|w| command.find_subcommand(w)) else {
            continue;
        };
        command = sub.clone();
    }
    command
}

/// `mind reminders done <N>...`: the usage of the subcommand the arguments name.
fn command_usage(args: &[OsString]) -> Option<String> {
    let usage = named_command(args).render_usage().to_string();
    let usage = usage.trim();
    Some(usage.strip_prefix("Usage: ").unwrap_or(usage).to_string()).filter(|u| !u.is_empty())
}

/// A command that takes a subcommand (`mind memory`) given none, worded as clap words it
/// when a flag follows (`mind memory --json`).
fn missing_subcommand(args: &[OsString]) -> (String, Option<String>) {
    let command = named_command(args);
    let name = command.get_bin_name().unwrap_or(command.get_name());
    let subcommands: Vec<&str> = command
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .map(clap::Command::get_name)
        .collect();
    (
        format!("'{name}' requires a subcommand but one was not provided"),
        Some(format!("subcommands: {}", subcommands.join(", "))),
    )
}

/// The `--color` asked for on the command line (before any `--`), for an error reported
/// before the parser has read it.
fn color_asked(args: &[OsString]) -> cli::ColorWhen {
    use clap::ValueEnum;
    let words: Vec<&str> = args
        .iter()
        .skip(1)
        .take_while(|a| *a != "--")
        .filter_map(|a| a.to_str())
        .collect();
    let value = words.iter().enumerate().rev().find_map(|(i, w)| {
        w.strip_prefix("--color=").or_else(|| {
            (*w == "--color")
                .then(|| words.get(i + 1).copied())
                .flatten()
        })
    });
    value
        .and_then(|v| cli::ColorWhen::from_str(v, true).ok())
        .unwrap_or(cli::ColorWhen::Auto)
}
