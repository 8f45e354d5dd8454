//! `mind`: a memory for coding agents, kept as plain markdown in a project's `.mind/` folder.
//!
//! Data flows one way: `commands` → (`store`, `parse`, `rank`, `context`) → `output`.
//! Lower modules never print and never exit; they return values and typed errors.

pub mod agents;
pub mod app;
pub mod brief;
pub mod capture;
pub mod classify;
pub mod cli;
pub mod clock;
pub mod commands;
pub mod config;
pub mod context;
pub mod doctor;
pub mod edges;
pub mod embed;
pub mod error;
pub mod hints;
pub mod hook_install;
pub mod log_level;
pub mod mcp;
pub mod memories;
pub mod onboard;
pub mod output;
pub mod parse;
pub mod pretool;
pub mod promote;
pub mod rank;
pub mod remind;
pub mod safety;
pub mod sentences;
pub mod shell;
pub mod stack;
pub mod store;
pub mod suggest;
pub mod taught;
#[cfg(feature = "team")]
pub mod team;
pub mod terms;
pub mod vault_sync;

mod usage_error;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

/// Run `mind` with these arguments and return the process exit code.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    if let Some(code) = fast_hook(&args) {
        return code;
    }
    let cli = match cli::Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return usage_error::usage_error(&e, &args),
    };
    let json = cli.global.json;
    let paint = output::Paint::for_stderr(cli.global.color);
    match commands::dispatch(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let hint = e.hint();
            if json {
                output::to_stderr(&output::json_error_text(
                    &e.to_string(),
                    hint.as_deref(),
                    e.exit_code(),
                ));
            } else {
                print_error(&paint, &e.to_string(), hint.as_deref());
            }
            ExitCode::from(e.exit_code())
        }
    }
}

/// The hooks that run most often, exactly as they are installed — `mind hook post-commit`
/// (git, every commit) and `mind hook pre-tool ...` (an agent, every tool call) — started
/// without building the argument parser's whole command tree first, a measurable share of
/// their time (`mind hook post-commit` 2.7 → 2.5 ms). Their arguments go to the hook as the
/// parser would pass them (all of them, as given); anything else goes through the parser.
fn fast_hook(args: &[OsString]) -> Option<ExitCode> {
    let [_, hook, name, rest @ ..] = args else {
        return None;
    };
    let name = name.to_str()?;
    let known = match name {
        "post-commit" => rest.is_empty(),
        "pre-tool" => true,
        _ => false,
    };
    if hook != "hook" || !known {
        return None;
    }
    let global = cli::GlobalArgs {
        json: false,
        project: None,
        quiet: false,
        color: cli::ColorWhen::Auto,
    };
    commands::hook::run_named(name, rest, &global);
    Some(ExitCode::SUCCESS)
}

/// `--json` among the flags (before any `--`), for errors the parser reports before the
/// flags are known.
pub(crate) fn asks_for_json(args: &[OsString]) -> bool {
    args.iter()
        .skip(1)
        .take_while(|a| *a != "--")
        .any(|a| a == "--json")
}

/// An error on stderr as every command reports one: `mind: error: MESSAGE` and an optional
/// `hint:` line. Errors quote paths and arguments, which may come from a cloned repository,
/// so control characters are escaped.
pub(crate) fn print_error(paint: &output::Paint, message: &str, hint: Option<&str>) {
    let mut text = format!(
        "{} {}\n",
        paint.error("mind: error:"),
        output::escape_controls(message)
    );
    if let Some(hint) = hint {
        text.push_str(&format!(
            "{} {}\n",
            paint.dim("hint:"),
            output::escape_controls(hint)
        ));
    }
    output::to_stderr(&text);
}
