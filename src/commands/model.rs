//! `mind model install [--from PATH]` and `mind model status`: the local sentence-embedding
//! model that makes `mind search` hybrid (lexical and semantic).

use serde::Serialize;

use crate::app::Ctx;
use crate::cli::{ModelAction, ModelArgs};
use crate::embed::files::{self, MODEL_NAME};
use crate::error::{Error, Result};
use crate::output;

#[derive(Serialize)]
struct Status {
    model: &'static str,
    installed: bool,
    path: String,
    /// Bytes on disk (0 when not installed).
    bytes: u64,
    /// Whether this build can run the model (`semantic` feature).
    supported: bool,
    /// The model's files the folder lacks, when it exists without all of them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    missing: Vec<&'static str>,
    /// Why a complete folder does not load.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<String>,
}

pub fn run(args: &ModelArgs, ctx: &Ctx) -> Result<()> {
    match &args.action {
        ModelAction::Status => status(ctx),
        ModelAction::Install { from } => install(from.as_deref(), ctx),
    }
}

fn status(ctx: &Ctx) -> Result<()> {
    let home = ctx.home()?;
    let dir = files::model_dir(&home);
    // A folder left half-filled by hand, or with a file since removed or damaged: said as
    // such, not as "not installed" nor "installed" (search is lexical all the same).
    let folder = dir.is_dir();
    let (installed, missing, error) = match crate::embed::open(&home) {
        crate::embed::Model::Loaded(_) => (true, Vec::new(), None),
        crate::embed::Model::Incomplete(missing) => (false, missing, None),
        crate::embed::Model::Broken(error) => (false, Vec::new(), Some(error)),
        crate::embed::Model::Absent => (false, Vec::new(), None),
    };
    let complete = folder && missing.is_empty();
    let reply = Status {
        model: MODEL_NAME,
        installed,
        path: dir.display().to_string(),
        bytes: if complete {
            files::folder_size(&dir)
        } else {
            0
        },
        supported: crate::embed::COMPILED,
        missing,
        error,
        hint: hint(installed, folder),
    };
    if ctx.json {
        return output::print_json(&reply);
    }
    let mut out = if installed {
        format!(
            "{MODEL_NAME}: installed, {} at {}\n",
            megabytes(reply.bytes),
            reply.path
        )
    } else if let Some(error) = &reply.error {
        format!(
            "{MODEL_NAME}: at {} but it does not load ({error}); search is lexical\n",
            reply.path
        )
    } else if !reply.missing.is_empty() {
        format!(
            "{MODEL_NAME}: incomplete at {} (missing {}); search is lexical\n",
            reply.path,
            reply.missing.join(", ")
        )
    } else {
        format!("{MODEL_NAME}: not installed (would be at {})\n", reply.path)
    };
    if let Some(hint) = &reply.hint {
        out.push_str(hint);
        out.push('\n');
    }
    ctx.out(&out)
}

/// What to do next, when semantic search is not on.
fn hint(installed: bool, folder: bool) -> Option<String> {
    if !crate::embed::COMPILED {
        Some("this build has no semantic search (built without the `semantic` feature)".into())
    } else if installed {
        None
    } else if folder {
        Some(files::REINSTALL_HINT.into())
    } else {
        Some(files::ENABLE_HINT.into())
    }
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

#[cfg(feature = "semantic")]
fn install(from: Option<&std::path::Path>, ctx: &Ctx) -> Result<()> {
    use crate::embed::install;
    let target = files::model_dir(&ctx.home()?);
    let result = match from {
        Some(path) => install::from_path(path, &target),
        None => {
            ctx.note(&format!(
                "downloading {MODEL_NAME} (about 91 MB) from huggingface.co"
            ));
            install::download(&target)
        }
    };
    let done = result.map_err(|e| Error::Failed(format!("model not installed: {e}")))?;
    if ctx.json {
        return output::print_json(&serde_json::json!({
            "model": MODEL_NAME,
            "installed": true,
            "path": done.dir.display().to_string(),
            "bytes": done.bytes,
            "dim": done.dim,
        }));
    }
    ctx.out(&format!(
        "installed {MODEL_NAME} ({}, {} dimensions) at {}\nmind search is now hybrid: lexical and semantic\n",
        megabytes(done.bytes),
        done.dim,
        done.dir.display()
    ))
}

#[cfg(not(feature = "semantic"))]
fn install(_from: Option<&std::path::Path>, _ctx: &Ctx) -> Result<()> {
    Err(Error::Failed(
        "this build has no semantic search (built without the `semantic` feature)".into(),
    ))
}
