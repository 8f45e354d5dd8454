//! What an instruction file holds now compared with what `mind` last wrote there (for
//! `mind status`, `mind context` and `mind doctor`). Reads only.

use serde::Serialize;

use crate::config::Config;
use crate::context::splice::{self, BlockState};
use crate::error::Result;
use crate::store::{Project, state::State, text};

/// One instruction file `mind` writes a block into.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Target {
    pub file: String,
    /// True for the git-ignored personal target (the session's own sections).
    pub personal: bool,
}

/// The shared targets in config order, then the personal one.
pub fn targets(config: &Config) -> Vec<Target> {
    let mut all: Vec<Target> = config
        .context_targets
        .iter()
        .map(|file| Target {
            file: file.clone(),
            personal: false,
        })
        .collect();
    if let Some(file) = &config.personal_target {
        all.push(Target {
            file: file.clone(),
            personal: true,
        });
    }
    all
}

/// Tokens estimated from characters: one token per four characters, rounded up (a
/// common rule of thumb for English text and markdown; real tokenizers vary).
pub fn estimated_tokens(chars: usize) -> usize {
    chars.div_ceil(4)
}

/// Characters as the budget counts them: the block with its marker lines.
pub fn block_chars(body: &str) -> usize {
    splice::render_block(body, "\n").chars().count()
}

/// The state of one target's file.
#[derive(Debug, Clone, PartialEq)]
pub struct OnDisk {
    /// "present", "missing" (no block), "doubled", "damaged" or "no file".
    pub block: &'static str,
    /// Why the markers are damaged.
    pub damage: Option<String>,
    /// The body between the markers now, when they pair up.
    pub body: Option<String>,
    /// The body `mind` last wrote to this file (state.json).
    pub last_written: Option<String>,
}

impl OnDisk {
    /// Whether the block is what `mind` last wrote: `None` when there is no block or no record.
    pub fn matches_last_written(&self) -> Option<bool> {
        Some(self.body.as_deref()? == self.last_written.as_deref()?)
    }
}

pub fn inspect(project: &Project, state: &State, file: &str) -> Result<OnDisk> {
    let last_written = state.context_block(file).map(str::to_string);
    let Some(bytes) = text::read_optional(&project.root.join(file))? else {
        return Ok(OnDisk {
            block: "no file",
            damage: None,
            body: None,
            last_written,
        });
    };
    let (block, damage) = match splice::block_state(&bytes) {
        BlockState::Missing => ("missing", None),
        BlockState::Pairs(1) => ("present", None),
        BlockState::Pairs(_) => ("doubled", None),
        BlockState::Damaged(reason) => ("damaged", Some(reason)),
    };
    Ok(OnDisk {
        block,
        damage,
        body: splice::current_body(&bytes),
        last_written,
    })
}
