//! The context block: built from memory ([`build`]) and spliced between markers into the
//! instruction files agents read at start ([`splice`]).

pub mod build;
pub mod splice;

use std::path::PathBuf;

use serde::Serialize;

use crate::config::Config;
use crate::error::{Error, Result};
use crate::store::{Project, atomic, state::State, text};

/// What happened to one instruction file.
#[derive(Debug, Clone, Serialize)]
pub struct TargetOutcome {
    pub file: String,
    /// "created", "updated", "unchanged" or "refused".
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Write `body` into every configured instruction file. The caller holds the store lock.
///
/// The body written is remembered in `state` (saved by the caller) so that a marker deleted
/// later can be repaired exactly. A file whose markers cannot be repaired is left alone and
/// reported; the others are still written.
pub fn write_targets(
    project: &Project,
    config: &Config,
    state: &mut State,
    body: &str,
) -> Result<Vec<TargetOutcome>> {
    let mut outcomes = Vec::new();
    for name in &config.context_targets {
        let path: PathBuf = project.root.join(name);
        let existing = text::read_optional(&path)?;
        let previous = state.context_block(name).map(str::to_string);
        let spliced = splice::splice(
            existing.as_deref().unwrap_or_default(),
            body,
            previous.as_deref(),
        );
        let outcome = match spliced {
            Ok(bytes) => {
                let status = match &existing {
                    None => "created",
                    Some(old) if *old == bytes => "unchanged",
                    Some(_) => "updated",
                };
                if status != "unchanged" {
                    atomic::write_atomic(&path, &bytes)?;
                }
                state.set_context_block(name, body);
                TargetOutcome {
                    file: name.clone(),
                    status,
                    reason: None,
                }
            }
            Err(reason) => TargetOutcome {
                file: name.clone(),
                status: "refused",
                reason: Some(reason),
            },
        };
        outcomes.push(outcome);
    }
    Ok(outcomes)
}

/// The error to return when any target was refused (after everything else was done).
pub fn refused_error(project: &Project, outcomes: &[TargetOutcome]) -> Option<Error> {
    outcomes
        .iter()
        .find(|o| o.status == "refused")
        .map(|o| Error::Markers {
            path: project.root.join(&o.file),
            reason: o.reason.clone().unwrap_or_default(),
        })
}
