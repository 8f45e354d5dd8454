//! `mind completions SHELL`: print a completion script (the same text as `completions/`).

use crate::cli::CompletionsArgs;
use crate::error::Result;
use crate::shell::completion;

pub fn run(args: &CompletionsArgs) -> Result<()> {
    crate::output::print(&completion::script(args.shell))
}
