//! `mind onboard [--write]`: the onboarding document, printed, and kept as the named memory
//! `onboarding` with `--write`.

use serde::Serialize;

use crate::app::Ctx;
use crate::cli::OnboardArgs;
use crate::commands::display_path;
use crate::error::Result;
use crate::memories::{Category, store};
use crate::onboard::{self, Onboarding};
use crate::output;
use crate::store::Project;

/// The named memory `--write` keeps the document in.
const MEMORY_NAME: &str = "onboarding";

#[derive(Serialize)]
struct Written {
    name: &'static str,
    path: String,
    status: &'static str,
}

#[derive(Serialize)]
struct Reply<'a> {
    #[serde(flatten)]
    found: &'a Onboarding,
    document: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    written: Option<Written>,
}

pub fn run(args: &OnboardArgs, ctx: &Ctx) -> Result<()> {
    // Printing needs no `.mind/`; keeping the document does.
    let project = match ctx.project() {
        Ok(project) => {
            // Unused here, but a problem in config.json is warned about on every command.
            ctx.config(&project)?;
            project
        }
        Err(e) if args.write => return Err(e),
        Err(_) => Project::new(&ctx.cwd),
    };
    let found = onboard::scan(&project.root);
    let document = onboard::render(&project.name(), &found);
    let written = if args.write {
        let change = store::Change {
            category: Some(Category::Onboarding),
            tags: None,
            body: Some(document.clone()),
        };
        let now = super::memory::now_stamp(ctx);
        let status = store::write(&project, MEMORY_NAME, change, &now)?;
        Some(Written {
            name: MEMORY_NAME,
            path: display_path(&project, &store::path_of(&project, MEMORY_NAME)),
            status: status.as_str(),
        })
    } else {
        None
    };
    if ctx.json {
        return output::print_json(&Reply {
            found: &found,
            document: &document,
            written,
        });
    }
    ctx.out(&document)?;
    if let Some(w) = written {
        ctx.note(&format!("{} {}", w.status, w.path));
    }
    Ok(())
}
