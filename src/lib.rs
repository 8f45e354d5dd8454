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
pub mod cues;
pub mod doctor;
pub mod edges;
pub mod error;
pub mod githooks;
pub mod hints;
pub mod log_level;
pub mod output;
pub mod parse;
pub mod promote;
pub mod rank;
pub mod remind;
pub mod shell;
pub mod stack;
pub mod store;
pub mod suggest;
pub mod terms;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

/// Run `mind` with these arguments and return the process exit code.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match cli::Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(e.exit_code() as u8);
        }
    };
    let paint = output::Paint::for_stderr(cli.global.color);
    match commands::dispatch(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{} {e}", paint.error("mind: error:"));
            if let Some(hint) = e.hint() {
                eprintln!("{} {hint}", paint.dim("hint:"));
            }
            ExitCode::from(e.exit_code())
        }
    }
}
