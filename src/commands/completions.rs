//! `mind completions SHELL`: print a completion script.

use clap::CommandFactory;

use crate::cli::{Cli, CompletionsArgs};
use crate::error::Result;

pub fn run(args: &CompletionsArgs) -> Result<()> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "mind", &mut out);
    crate::output::print(&String::from_utf8_lossy(&out))
}
