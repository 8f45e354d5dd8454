//! `mind team pull`: another project's live memory from the team database, kept as one
//! read-only named memory, `.mind/memories/team-<project>.md`, for offline reading and
//! local search.
//!
//! Read-only is a field of the header: `readonly: true` with `source: team:<identity>`.
//! `mind memory write` and `mind memory edit` refuse such a memory; a pull rewrites it
//! whole; `mind memory delete` drops it. A push never sends it back.

use chrono::{DateTime, NaiveDate, Utc};
use postgres::Client;
use serde_json::Value;

use crate::error::{Error, Result};
use crate::memories::front_matter::{self, Category, FrontMatter};
use crate::memories::{name, store as memories};
use crate::store::{Project, atomic};
use crate::team::db::db_error;

/// The header field that makes a memory read-only.
pub const READONLY: &str = "readonly";
/// The header field naming where a pulled memory came from.
pub const SOURCE: &str = "source";

/// Whether a memory's header marks it as a pulled, read-only copy.
pub fn is_pulled(front: &FrontMatter) -> bool {
    front.is_read_only()
}

/// What a pull wrote.
#[derive(Debug, serde::Serialize)]
pub struct Pulled {
    pub project: String,
    pub memory: String,
    pub entries: usize,
}

struct Entry {
    kind: String,
    date: Option<NaiveDate>,
    text: String,
    file: String,
    line: i32,
    author: Option<String>,
    memory: Option<String>,
    section: Option<String>,
}

/// Pull the project named `wanted` (identity or short name) into `project`.
pub fn pull(
    client: &mut Client,
    project: &Project,
    wanted: &str,
    now: DateTime<Utc>,
) -> Result<Pulled> {
    let found = client
        .query(
            "SELECT identity FROM mind_projects WHERE identity = $1 OR name = $1 ORDER BY identity",
            &[&wanted],
        )
        .map_err(db_error("finding the project"))?;
    let identity: String = match found.as_slice() {
        [one] => one.get(0),
        [] => {
            return Err(Error::usage_hint(
                format!("the team database has no project {wanted:?}"),
                "`mind team status` lists the projects pushed",
            ));
        }
        _ => {
            let names: Vec<String> = found.iter().map(|r| r.get(0)).collect();
            return Err(Error::usage_hint(
                format!("{wanted:?} names several projects"),
                format!("give the whole identity: {}", names.join(", ")),
            ));
        }
    };
    let entries: Vec<Entry> = client
        .query(
            "SELECT e.kind, e.entry_date, e.body, e.file, e.line, e.author, e.memory, e.section
               FROM mind_entries e JOIN mind_projects p ON p.id = e.project_id
              WHERE p.identity = $1 AND e.status = 'live'
              ORDER BY e.file, e.line",
            &[&identity],
        )
        .map_err(db_error("reading the project's entries"))?
        .iter()
        .map(|r| Entry {
            kind: r.get(0),
            date: r.get(1),
            text: r.get(2),
            file: r.get(3),
            line: r.get(4),
            author: r.get(5),
            memory: r.get(6),
            section: r.get(7),
        })
        .collect();
    let memory = memory_name(&identity)?;
    let mut front = FrontMatter {
        category: Category::default(),
        project: Some(identity.clone()),
        tags: vec!["team".to_string()],
        created_at: None,
        updated_at: Some(now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
        extra: Default::default(),
    };
    front.extra.insert(READONLY.into(), Value::Bool(true));
    front
        .extra
        .insert(SOURCE.into(), Value::String(format!("team:{identity}")));
    let text = front_matter::render(&front, &render_body(&identity, &entries));
    write(project, &memory, &text)?;
    Ok(Pulled {
        project: identity,
        memory,
        entries: entries.len(),
    })
}

/// `team-acme-api` for `github.com/acme/api`: the identity's path, as a memory name.
fn memory_name(identity: &str) -> Result<String> {
    let path = identity.split_once('/').map_or(identity, |(_, p)| p);
    let slug: String = path
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let slug = slug.trim_matches('-');
    let candidate: String = format!("team-{slug}").chars().take(90).collect();
    name::validate(&candidate)
}

/// The memory's body: the entries grouped by type, then the named memories' sections,
/// each with where it is in its project and who pushed it.
fn render_body(identity: &str, entries: &[Entry]) -> String {
    let mut out = format!(
        "# {identity}\n\nPulled from the team database; read-only (`mind team pull --from {identity}` refreshes it).\n"
    );
    let mut last_group = String::new();
    for e in entries {
        let group = match &e.memory {
            Some(m) => format!("memory {m}"),
            None => e.kind.clone(),
        };
        if group != last_group {
            out.push_str(&format!("\n## {group}\n\n"));
            last_group = group;
        }
        let place = format!(
            "{}:{}{}",
            e.file,
            e.line,
            e.author
                .as_deref()
                .map(|a| format!(", {a}"))
                .unwrap_or_default()
        );
        match (&e.memory, &e.section) {
            (Some(_), section) => {
                if let Some(section) = section {
                    out.push_str(&format!("### {section}\n\n"));
                }
                out.push_str(&format!("{}\n\n_({place})_\n\n", e.text));
            }
            (None, _) => {
                let date = e.date.map(|d| format!("[{d}] ")).unwrap_or_default();
                let text = e.text.replace('\n', " ");
                out.push_str(&format!("- {date}{}: {text} _({place})_\n", e.kind));
            }
        }
    }
    out
}

/// Write the pulled memory under the store lock, atomically; a memory of that name that
/// is not a pulled copy is the user's own and is never replaced.
fn write(project: &Project, memory: &str, text: &str) -> Result<()> {
    let _lock = project.lock()?;
    let dir = memories::dir(project);
    if !project.leads_inside(&dir) {
        return Err(Error::Failed(format!(
            "{} leads out of the project; not writing through it",
            dir.display()
        )));
    }
    let path = memories::path_of(project, memory);
    if std::fs::symlink_metadata(&path).is_ok() {
        let mine = memories::read(project, memory)
            .map(|m| !is_pulled(&m.front))
            .unwrap_or(true);
        if mine {
            return Err(Error::usage_hint(
                format!("the memory {memory:?} exists and is not a pulled copy"),
                "rename or delete it, then pull again",
            ));
        }
    }
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    atomic::write_atomic(&path, text.as_bytes())
}
