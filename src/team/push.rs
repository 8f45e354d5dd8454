//! One project's rows mirrored into the database: new rows inserted, rows this clone moved or
//! re-marked updated, rows this clone removed marked deleted. One query reads the hashes
//! already there, so a push of an unchanged project writes nothing at all.
//!
//! Many clones push one project. Each keeps what it pushed last ([`Record`], in the project's
//! personal cache): a push writes what the clone changed since, and leaves every other row as
//! the database has it. So a clone that is behind (another clone removed or re-marked an entry
//! it still holds) changes nothing of it, and an entry another clone added is never marked
//! deleted by a clone that never held it.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use chrono::{DateTime, NaiveDate, Utc};
use postgres::Client;

use crate::error::Result;
use crate::store::{CACHE_DIR, Project, atomic, text};
use crate::team::collect::{Collected, DELETED, Row, hash};
use crate::team::db::db_error;
use crate::team::identity::Provenance;

/// What one push did.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct Pushed {
    pub project: String,
    pub rows: usize,
    pub inserted: usize,
    pub updated: usize,
    pub deleted: usize,
    pub unchanged: usize,
    pub embedded: usize,
    pub redacted: usize,
}

impl Pushed {
    pub fn wrote(&self) -> bool {
        self.inserted + self.updated + self.deleted + self.embedded > 0
    }
}

/// Turns texts into vectors (the installed model), or `None` when it fails.
pub type Embed<'a> = &'a dyn Fn(&[&str]) -> Option<Vec<Vec<f32>>>;

/// What a row is, as a push compares it: its status and place.
#[derive(Debug, Clone, PartialEq)]
struct Shape {
    status: String,
    file: String,
    line: i32,
    date: Option<NaiveDate>,
}

impl Shape {
    fn of(row: &Row) -> Shape {
        Shape {
            status: row.status.to_string(),
            file: row.file.clone(),
            line: row.line,
            date: row.date,
        }
    }
}

/// What the database holds of one row, as far as a push compares it.
struct Stored {
    shape: Shape,
    has_vector: bool,
}

/// Rows inserted per statement.
const CHUNK: usize = 2000;

/// Mirror `collected` as the project `who` in one transaction. `record`: what this clone
/// pushed last to this database under this identity; `None` (its first push, or the record
/// is lost) writes the clone's view of every row it holds and marks nothing deleted.
pub fn push(
    client: &mut Client,
    who: &Provenance,
    collected: &Collected,
    record: Option<&Record>,
    embed: Option<Embed<'_>>,
    now: DateTime<Utc>,
) -> Result<Pushed> {
    let mut tx = client
        .transaction()
        .map_err(db_error("starting the push"))?;
    // Pushes of one project wait for each other (a scheduled push and a hand push, or two
    // clones): each then reads what the one before it committed. The two-key form keeps this
    // lock apart from the migration's.
    tx.execute(
        "SELECT pg_advisory_xact_lock(hashtext('mind_push'), hashtext($1))",
        &[&who.identity],
    )
    .map_err(db_error("waiting for another push of the project"))?;
    tx.execute(
        "INSERT INTO mind_projects (identity, name) VALUES ($1, $2) ON CONFLICT (identity) DO NOTHING",
        &[&who.identity, &who.name],
    )
    .map_err(db_error("adding the project"))?;
    let project_id: i64 = tx
        .query_one(
            "SELECT id FROM mind_projects WHERE identity = $1",
            &[&who.identity],
        )
        .map_err(db_error("finding the project"))?
        .get(0);
    let stored: HashMap<String, Stored> = tx
        .query(
            "SELECT hash, status, file, line, entry_date, embedding IS NOT NULL
               FROM mind_entries WHERE project_id = $1",
            &[&project_id],
        )
        .map_err(db_error("reading the pushed entries"))?
        .into_iter()
        .map(|r| {
            (
                r.get(0),
                Stored {
                    shape: Shape {
                        status: r.get(1),
                        file: r.get(2),
                        line: r.get(3),
                        date: r.get(4),
                    },
                    has_vector: r.get(5),
                },
            )
        })
        .collect();

    let mut pushed = Pushed {
        project: who.identity.clone(),
        rows: collected.rows.len(),
        redacted: collected.redacted,
        ..Pushed::default()
    };
    let mut new_rows: Vec<&Row> = Vec::new();
    let mut changed: Vec<&Row> = Vec::new();
    for row in &collected.rows {
        let shape = Shape::of(row);
        match stored.get(&row.hash) {
            None => new_rows.push(row),
            Some(s) if s.shape == shape => pushed.unchanged += 1,
            // As this clone pushed it last: another clone changed it since (moved it, marked
            // it, or removed it), and this one, not having changed it, leaves it so.
            Some(_) if record.is_some_and(|r| r.rows.get(&row.hash) == Some(&shape)) => {
                pushed.unchanged += 1
            }
            Some(_) => changed.push(row),
        }
    }
    // Deleted: what this clone held at its last push and holds no more. A row it never held
    // (another clone's) stays as it is, however far behind this clone is.
    let local: HashSet<&str> = collected.rows.iter().map(|r| r.hash.as_str()).collect();
    let gone: Vec<&str> = record
        .map(|r| {
            (r.rows.iter())
                .filter(|(hash, shape)| {
                    !local.contains(hash.as_str()) && !collected.unread.contains(&shape.file)
                })
                .map(|(hash, _)| hash)
                .filter(|hash| stored.get(*hash).is_some_and(|s| s.shape.status != DELETED))
                .map(String::as_str)
                .collect()
        })
        .unwrap_or_default();

    for chunk in new_rows.chunks(CHUNK) {
        insert(&mut tx, project_id, chunk, who, now)?;
    }
    pushed.inserted = new_rows.len();
    for row in &changed {
        tx.execute(
            "UPDATE mind_entries SET status = $3, file = $4, line = $5, entry_date = $6, changed_at = $7
              WHERE project_id = $1 AND hash = $2",
            &[&project_id, &row.hash, &row.status, &row.file, &row.line, &row.date, &now],
        )
        .map_err(db_error("updating an entry"))?;
    }
    pushed.updated = changed.len();
    if !gone.is_empty() {
        pushed.deleted = tx
            .execute(
                "UPDATE mind_entries SET status = 'deleted', changed_at = $3
                  WHERE project_id = $1 AND hash = ANY($2)",
                &[&project_id, &gone, &now],
            )
            .map_err(db_error("marking deleted entries"))? as usize;
    }
    if let Some(embed) = embed {
        // New rows, and rows pushed before a model was installed.
        let missing: Vec<&Row> = collected
            .rows
            .iter()
            .filter(|r| stored.get(&r.hash).is_none_or(|s| !s.has_vector))
            .collect();
        for chunk in missing.chunks(64) {
            let texts: Vec<&str> = chunk.iter().map(|r| r.text.as_str()).collect();
            let Some(vectors) = embed(&texts) else { break };
            for (row, vector) in chunk.iter().zip(vectors) {
                tx.execute(
                    "UPDATE mind_entries SET embedding = $3 WHERE project_id = $1 AND hash = $2",
                    &[&project_id, &row.hash, &vector],
                )
                .map_err(db_error("storing a vector"))?;
                pushed.embedded += 1;
            }
        }
    }
    if pushed.wrote() {
        tx.execute(
            "UPDATE mind_projects SET last_push = $2, name = $3 WHERE id = $1",
            &[&project_id, &now, &who.name],
        )
        .map_err(db_error("recording the push"))?;
    }
    tx.commit().map_err(db_error("committing the push"))?;
    if pushed.inserted > 0 {
        crate::team::db::settle_index(client);
    }
    Ok(pushed)
}

/// One multi-row insert: the columns as arrays, unnested by the server.
fn insert(
    tx: &mut postgres::Transaction<'_>,
    project_id: i64,
    rows: &[&Row],
    who: &Provenance,
    now: DateTime<Utc>,
) -> Result<()> {
    let hashes: Vec<&str> = rows.iter().map(|r| r.hash.as_str()).collect();
    let kinds: Vec<&str> = rows.iter().map(|r| r.kind.as_str()).collect();
    let dates: Vec<Option<NaiveDate>> = rows.iter().map(|r| r.date).collect();
    let bodies: Vec<&str> = rows.iter().map(|r| r.text.as_str()).collect();
    let files: Vec<&str> = rows.iter().map(|r| r.file.as_str()).collect();
    let lines: Vec<i32> = rows.iter().map(|r| r.line).collect();
    let memories: Vec<Option<&str>> = rows.iter().map(|r| r.memory.as_deref()).collect();
    let sections: Vec<Option<&str>> = rows.iter().map(|r| r.section.as_deref()).collect();
    let statuses: Vec<&str> = rows.iter().map(|r| r.status).collect();
    tx.execute(
        "INSERT INTO mind_entries
             (project_id, hash, kind, entry_date, body, file, line, memory, section, status,
              author, commit_id, first_pushed, changed_at)
         SELECT $1::bigint, h, k, d, b, f, l, m, s, st, $11::text, $12::text, $13::timestamptz, $13::timestamptz
           FROM unnest($2::text[], $3::text[], $4::date[], $5::text[], $6::text[], $7::int4[],
                       $8::text[], $9::text[], $10::text[]) AS t(h, k, d, b, f, l, m, s, st)",
        &[
            &project_id,
            &hashes,
            &kinds,
            &dates,
            &bodies,
            &files,
            &lines,
            &memories,
            &sections,
            &statuses,
            &who.author,
            &who.commit,
            &now,
        ],
    )
    .map_err(db_error("inserting entries"))?;
    Ok(())
}

/// The database's own id (schema version 3 makes it): what a [`Record`] is kept under.
pub fn database_id(client: &mut Client) -> Result<String> {
    client
        .query_one("SELECT id FROM mind_database LIMIT 1", &[])
        .map(|r| r.get(0))
        .map_err(db_error("reading the database's id"))
}

/// What a clone pushed last to one database under one identity: each row's hash with the
/// status and place it had. Kept in `.mind/cache/` (personal, never committed), one file per
/// database and identity, rewritten atomically after each push that committed.
#[derive(Debug, Default, PartialEq)]
pub struct Record {
    rows: HashMap<String, Shape>,
}

/// The record file's first line, before the database id and the identity.
const RECORD_HEADER: &str = "# mind team push record v1";

/// The record of `identity` in `database`, if this clone has one: its file, a header naming
/// both, then `hash TAB status TAB line TAB date TAB file` per row. A record that cannot be
/// read whole counts as none (the push then marks nothing deleted).
pub fn read_record(project: &Project, database: &str, identity: &str) -> Option<Record> {
    let bytes = text::read_optional(&record_path(project, database, identity)).ok()??;
    let text = String::from_utf8(bytes).ok()?;
    let mut lines = text.lines();
    if lines.next()? != header(database, identity) {
        return None;
    }
    let mut rows = HashMap::new();
    for line in lines {
        let mut fields = line.splitn(5, '\t');
        let (hash, status, number, date, file) = (
            fields.next()?,
            fields.next()?,
            fields.next()?,
            fields.next()?,
            fields.next()?,
        );
        let date = match date {
            "" => None,
            d => Some(NaiveDate::parse_from_str(d, "%Y-%m-%d").ok()?),
        };
        let shape = Shape {
            status: status.to_string(),
            file: file.to_string(),
            line: number.parse().ok()?,
            date,
        };
        rows.insert(hash.to_string(), shape);
    }
    Some(Record { rows })
}

/// Keep `collected` as what this clone pushed to `database` under `identity`, with the rows
/// of the files it could not read this time as `record` had them. On failure the old record
/// is removed, so the next push marks nothing deleted rather than judge by it.
pub fn write_record(
    project: &Project,
    database: &str,
    identity: &str,
    collected: &Collected,
    record: Option<&Record>,
) -> Result<()> {
    let path = record_path(project, database, identity);
    let mut out = header(database, identity);
    out.push('\n');
    let carried = (record.iter())
        .flat_map(|r| r.rows.iter())
        .filter(|(_, shape)| collected.unread.contains(&shape.file));
    let rows = (collected.rows.iter())
        .map(|row| (&row.hash, Shape::of(row)))
        .chain(carried.map(|(hash, shape)| (hash, shape.clone())));
    for (hash, shape) in rows {
        // A line break or tab in a memory's file name would break the line: such a row is
        // left out (it is new to every push, never marked deleted by this clone).
        if shape.file.contains(['\t', '\n', '\r']) {
            continue;
        }
        let date = shape.date.map(|d| d.to_string()).unwrap_or_default();
        let _ = writeln!(
            out,
            "{hash}\t{}\t{}\t{date}\t{}",
            shape.status, shape.line, shape.file
        );
    }
    let written = project.lock().and_then(|_lock| {
        crate::capture::derived::create_cache_dir(project)?;
        atomic::write_if_changed(&path, out.as_bytes()).map(|_| ())
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&path);
    }
    written
}

fn header(database: &str, identity: &str) -> String {
    // The identity and id on one line, whatever they hold.
    let one_line = |s: &str| s.replace(['\t', '\n', '\r'], " ");
    format!(
        "{RECORD_HEADER}\t{}\t{}",
        one_line(database),
        one_line(identity)
    )
}

/// `.mind/cache/team-pushed-<hash of database and identity>.tsv`.
fn record_path(project: &Project, database: &str, identity: &str) -> std::path::PathBuf {
    let key = &hash(database, identity)[..16];
    project
        .dir()
        .join(CACHE_DIR)
        .join(format!("team-pushed-{key}.tsv"))
}
