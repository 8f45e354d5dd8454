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
use crate::memories::pulled::{SOURCE, TEAM, pulled_from, team_source};
use crate::memories::{name, store as memories};
use crate::store::{Project, atomic};
use crate::team::db::db_error;
use crate::team::search_db::{
    MAX_AUTHOR, MAX_FILE, MAX_KIND, MAX_MEMORY, MAX_PROJECT, MAX_SECTION, shown_field,
};

/// The header field that makes a memory read-only.
pub const READONLY: &str = "readonly";

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
    let watch = crate::team::db::watch("reading the project", crate::team::db::query_timeout());
    let found = client
        .query(
            "SELECT identity FROM mind_projects WHERE lower(identity) = lower($1) OR lower(name) = lower($1) ORDER BY identity",
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
    drop(watch);
    let memory = memory_for(project, &identity)?;
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
        .insert(SOURCE.into(), Value::String(team_source(&identity)));
    let text = front_matter::render(&front, &render_body(&identity, &entries));
    write(project, &memory, &identity, &text)?;
    Ok(Pulled {
        project: shown_field(&identity, MAX_PROJECT),
        memory,
        entries: entries.len(),
    })
}

/// The memory a pull of `identity` writes: `team-acme-api` for `github.com/acme/api`, unless
/// that name holds a pulled copy of another project (`gitlab.com/acme/api`): then the host
/// is part of the name too (`team-gitlab-com-acme-api`), so two projects whose identities
/// differ only by host never overwrite each other's copy. A later pull of either finds its
/// own copy again by the `source` in its header.
fn memory_for(project: &Project, identity: &str) -> Result<String> {
    let short = memory_name(identity, false)?;
    let long = memory_name(identity, true)?;
    let holder = |name: &str| -> Holder {
        if std::fs::symlink_metadata(memories::path_of(project, name)).is_err() {
            return Holder::Nobody;
        }
        match memories::read(project, name) {
            Ok(m) if is_pulled(&m.front) => {
                if pulled_from(&m.front) == Some(identity) {
                    Holder::This
                } else {
                    Holder::Other
                }
            }
            // The user's own memory (or one that cannot be read): never replaced; `write`
            // refuses it with its reason.
            _ => Holder::Own,
        }
    };
    Ok(match (holder(&short), holder(&long)) {
        (Holder::This, _) => short,
        (_, Holder::This) => long,
        (Holder::Other, _) => long,
        _ => short,
    })
}

/// Who holds a memory name a pull may write.
enum Holder {
    Nobody,
    /// A pulled copy of the project being pulled.
    This,
    /// A pulled copy of another project.
    Other,
    /// A memory of the project's own.
    Own,
}

/// `team-acme-api` for `github.com/acme/api` (the identity's path, as a memory name), or
/// with `host` `team-github-com-acme-api`.
fn memory_name(identity: &str, host: bool) -> Result<String> {
    let path = if host {
        identity
    } else {
        identity.split_once('/').map_or(identity, |(_, p)| p)
    };
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
/// each with its project, where it is there and who pushed it. Every field but the text is
/// made one line and clipped (whoever pushed chose it: a `user.name`, a heading), so none
/// opens a heading or a line of its own; each line names its project, as it may be shown
/// alone (`mind search`, `mind blocker`).
fn render_body(identity: &str, entries: &[Entry]) -> String {
    let shown_identity = shown_field(identity, MAX_PROJECT);
    let mut out = format!(
        "# {shown_identity}\n\nPulled from the team database; read-only (`mind team pull --from {shown_identity}` refreshes it).\n"
    );
    let mut last_group = String::new();
    for e in entries {
        let kind = shown_field(&e.kind, MAX_KIND);
        let group = match &e.memory {
            Some(m) => format!("memory {}", shown_field(m, MAX_MEMORY)),
            None => kind.clone(),
        };
        if group != last_group {
            out.push_str(&format!("\n## {group}\n\n"));
            last_group = group;
        }
        let place = format!(
            "{shown_identity}: {}:{}{}",
            shown_field(&e.file, MAX_FILE),
            e.line,
            e.author
                .as_deref()
                .map(|a| format!(", {}", shown_field(a, MAX_AUTHOR)))
                .unwrap_or_default()
        );
        match (&e.memory, &e.section) {
            (Some(_), section) => {
                if let Some(section) = section {
                    out.push_str(&format!("### {}\n\n", shown_field(section, MAX_SECTION)));
                }
                out.push_str(&format!("{}\n\n_({place})_\n\n", e.text));
            }
            (None, _) => {
                let date = e.date.map(|d| format!("[{d}] ")).unwrap_or_default();
                let text = e.text.replace(['\n', '\r'], " ");
                // The text is the entry as written: its own type label (`decided:`) says the
                // type; one is added only to a text without one.
                let typed = text
                    .split_once(':')
                    .is_some_and(|(label, _)| crate::parse::label_type(label.trim()).is_some());
                let label = if typed {
                    String::new()
                } else {
                    format!("{kind}: ")
                };
                out.push_str(&format!("- {date}{label}{text} _({place})_\n"));
            }
        }
    }
    out
}

/// Write the pulled memory under the store lock, atomically; a memory of that name that
/// is not a pulled copy is the user's own and is never replaced, nor is a pulled copy of
/// another project.
fn write(project: &Project, memory: &str, identity: &str, text: &str) -> Result<()> {
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
        let existing = memories::read(project, memory).ok();
        let pulled = existing.as_ref().filter(|m| is_pulled(&m.front));
        let Some(pulled) = pulled else {
            return Err(Error::usage_hint(
                format!("the memory {memory:?} exists and is not a pulled copy"),
                "rename or delete it, then pull again",
            ));
        };
        if pulled_from(&pulled.front) != Some(identity) {
            let source = pulled.front.extra.get(SOURCE).and_then(Value::as_str);
            let from = source.map_or("another project", |s| s.trim_start_matches(TEAM));
            return Err(Error::usage_hint(
                format!(
                    "the memory {memory:?} holds a pull of {}, not of {}",
                    shown_field(from, MAX_PROJECT),
                    shown_field(identity, MAX_PROJECT)
                ),
                format!("delete it (`mind memory delete {memory}`), then pull again"),
            ));
        }
    }
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    atomic::write_atomic(&path, text.as_bytes())
}
