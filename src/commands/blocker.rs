//! `mind blocker DESCRIPTION`: log a blocker to SESSION.md and show how similar problems
//! were solved before (progress, learning and decision lines first); when memory holds
//! nothing close, say so and suggest next steps. The same as `mind log blocker ...`.

use crate::app::Ctx;
use crate::cli::{BlockerArgs, LogArgs};
use crate::error::Result;

pub fn run(args: &BlockerArgs, ctx: &Ctx) -> Result<()> {
    let log = LogArgs {
        kind: Some("blocker".into()),
        words: args.words.clone(),
        literal: Vec::new(),
    };
    super::log::run(&log, ctx)
}
