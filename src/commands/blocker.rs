//! `mind blocker DESCRIPTION`: log a blocker and show past solutions.

use crate::app::Ctx;
use crate::cli::BlockerArgs;
use crate::error::Result;

pub fn run(_args: &BlockerArgs, _ctx: &Ctx) -> Result<()> {
    Ok(())
}
