//! `mind shell-init SHELL [--prefix P]`: print the shell functions to source.

use crate::cli::ShellInitArgs;
use crate::error::Result;
use crate::shell::functions;

pub fn run(args: &ShellInitArgs) -> Result<()> {
    crate::output::print(&functions::script(args.shell, &args.prefix)?)
}
