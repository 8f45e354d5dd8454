//! What the team database holds: server, schema version, the connected role's rights,
//! and rows per project.

use chrono::{DateTime, Utc};
use postgres::Client;
use serde::Serialize;

use crate::error::Result;
use crate::team::db::{self, db_error};
use crate::team::search_db::{MAX_PROJECT, shown_field};

#[derive(Debug, Serialize)]
pub struct Status {
    pub server_version: String,
    pub user: String,
    pub schema_version: i32,
    /// Whether the connected role may push (insert into mind_entries).
    pub can_push: bool,
    pub pgvector: bool,
    pub projects: Vec<ProjectRows>,
}

#[derive(Debug, Serialize)]
pub struct ProjectRows {
    pub project: String,
    pub live: i64,
    pub superseded: i64,
    /// Problems a later fix resolved.
    pub resolved: i64,
    pub deleted: i64,
    /// The last push that changed something.
    pub last_push: Option<DateTime<Utc>>,
}

pub fn status(client: &mut Client) -> Result<Status> {
    // Each query is short; together they get one query's time.
    let _watch = db::watch("reading the status", db::query_timeout());
    let row = client
        .query_one(
            "SELECT current_setting('server_version'), current_user::text",
            &[],
        )
        .map_err(db_error("reading the server"))?;
    let server_version = shown_field(row.get::<_, &str>(0), 100);
    let user = shown_field(row.get::<_, &str>(1), 100);
    let schema_version = db::version(client)?;
    let pgvector = db::has_pgvector(client);
    if schema_version == 0 {
        return Ok(Status {
            server_version,
            user,
            schema_version,
            can_push: false,
            pgvector,
            projects: Vec::new(),
        });
    }
    db::readable_schema(schema_version)?;
    let can_push: bool = client
        .query_one("SELECT has_table_privilege('mind_entries', 'INSERT')", &[])
        .map_err(db_error("reading privileges"))?
        .get(0);
    let projects = client
        .query(
            "SELECT p.identity,
                    count(*) FILTER (WHERE e.status = 'live'),
                    count(*) FILTER (WHERE e.status = 'superseded'),
                    count(*) FILTER (WHERE e.status = 'deleted'),
                    count(*) FILTER (WHERE e.status = 'resolved'),
                    p.last_push
               FROM mind_projects p LEFT JOIN mind_entries e ON e.project_id = p.id
              GROUP BY p.id ORDER BY p.identity",
            &[],
        )
        .map_err(db_error("counting rows"))?
        .iter()
        .map(|r| ProjectRows {
            // Whoever pushed chose it (a remote URL): shown on one line, clipped.
            project: shown_field(r.get::<_, &str>(0), MAX_PROJECT),
            live: r.get(1),
            superseded: r.get(2),
            deleted: r.get(3),
            resolved: r.get(4),
            last_push: r.get(5),
        })
        .collect();
    Ok(Status {
        server_version,
        user,
        schema_version,
        can_push,
        pgvector,
        projects,
    })
}
