//! One project's rows mirrored into the database: new rows inserted, moved or re-marked
//! rows updated, rows no longer found marked deleted. One query reads the hashes already
//! there, so a push of an unchanged project writes nothing at all.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, NaiveDate, Utc};
use postgres::Client;

use crate::error::Result;
use crate::team::collect::{Collected, DELETED, Row};
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

/// What the database holds of one row, as far as a push compares it.
struct Stored {
    status: String,
    file: String,
    line: i32,
    date: Option<NaiveDate>,
    has_vector: bool,
}

/// Rows inserted per statement.
const CHUNK: usize = 2000;

/// Mirror `collected` as the project `who` in one transaction.
pub fn push(
    client: &mut Client,
    who: &Provenance,
    collected: &Collected,
    embed: Option<Embed<'_>>,
    now: DateTime<Utc>,
) -> Result<Pushed> {
    let mut tx = client
        .transaction()
        .map_err(db_error("starting the push"))?;
    let project_id: i64 = match tx
        .query_opt(
            "SELECT id FROM mind_projects WHERE identity = $1",
            &[&who.identity],
        )
        .map_err(db_error("finding the project"))?
    {
        Some(row) => row.get(0),
        None => tx
            .query_one(
                "INSERT INTO mind_projects (identity, name) VALUES ($1, $2) RETURNING id",
                &[&who.identity, &who.name],
            )
            .map_err(db_error("adding the project"))?
            .get(0),
    };
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
                    status: r.get(1),
                    file: r.get(2),
                    line: r.get(3),
                    date: r.get(4),
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
        match stored.get(&row.hash) {
            None => new_rows.push(row),
            Some(s)
                if s.status != row.status
                    || s.file != row.file
                    || s.line != row.line
                    || s.date != row.date =>
            {
                changed.push(row)
            }
            Some(_) => pushed.unchanged += 1,
        }
    }
    let local: HashSet<&str> = collected.rows.iter().map(|r| r.hash.as_str()).collect();
    let gone: Vec<&str> = stored
        .iter()
        .filter(|(hash, s)| s.status != DELETED && !local.contains(hash.as_str()))
        .map(|(hash, _)| hash.as_str())
        .collect();

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
