//! The connection to the team database and its schema: versioned SQL files embedded in the
//! binary, applied in one transaction and recorded in `mind_schema`.

use std::str::FromStr;
use std::time::Duration;

use postgres::{Client, NoTls};

use crate::error::{Error, Result};

/// Every migration, in order; a version is never edited once released, only added to.
const MIGRATIONS: &[(i32, &str)] = &[
    (1, include_str!("migrations/001_entries.sql")),
    (2, include_str!("migrations/002_search_plan.sql")),
];

/// The schema version this build writes.
pub const LATEST: i32 = MIGRATIONS[MIGRATIONS.len() - 1].0;

/// How long a connection attempt may take when the URL does not say.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A PostgreSQL failure as a `mind` error saying what was being done; the server's own
/// message (e.g. "permission denied for table mind_entries") rather than the driver's wrapper.
pub fn db_error(doing: &str) -> impl FnOnce(postgres::Error) -> Error + '_ {
    move |e| {
        let detail = match e.as_db_error() {
            Some(db) => db.message().to_string(),
            None => e.to_string(),
        };
        Error::Failed(format!("team database: {doing}: {detail}"))
    }
}

/// Connect to `url` (a `postgresql://` URL or `key=value` pairs). The error names the
/// database's host and name but never the URL, which may hold a password.
pub fn connect(url: &str) -> Result<Client> {
    connect_within(url, CONNECT_TIMEOUT, None)
}

/// [`connect`] with a connection timeout (used when the URL does not set one) and, when given,
/// a statement timeout for the session: for callers that must not wait on the database.
pub fn connect_within(
    url: &str,
    timeout: Duration,
    statement_timeout: Option<Duration>,
) -> Result<Client> {
    let mut config = postgres::Config::from_str(url).map_err(|e| {
        Error::Failed(format!(
            "team database: the connection string is not valid: {e}"
        ))
    })?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(timeout);
    }
    if let Some(limit) = statement_timeout {
        // Sent with the startup packet: no extra round trip.
        config.options(&format!("-c statement_timeout={}", limit.as_millis()));
    }
    if config.get_application_name().is_none() {
        config.application_name("mind");
    }
    config.connect(NoTls).map_err(|e| {
        Error::Failed(format!(
            "cannot connect to the team database ({}): {e}",
            describe(&config)
        ))
    })
}

/// `database NAME on HOST` for messages, without user or password.
fn describe(config: &postgres::Config) -> String {
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .map(|h| match h {
            postgres::config::Host::Tcp(name) => name.clone(),
            #[cfg(unix)]
            postgres::config::Host::Unix(path) => path.display().to_string(),
        })
        .collect();
    let hosts = if hosts.is_empty() {
        "localhost".to_string()
    } else {
        hosts.join(",")
    };
    format!(
        "database {} on {hosts}",
        config.get_dbname().unwrap_or("(default)")
    )
}

/// The schema version the database has; 0 when mind's tables were never created. One round
/// trip: a search pays it on every call.
pub fn version(client: &mut Client) -> Result<i32> {
    match client.query_one("SELECT max(version) FROM mind_schema", &[]) {
        Ok(row) => Ok(row.get::<_, Option<i32>>(0).unwrap_or(0)),
        Err(e) if e.code() == Some(&postgres::error::SqlState::UNDEFINED_TABLE) => Ok(0),
        Err(e) => Err(db_error("reading the schema version")(e)),
    }
}

/// Bring the schema up to [`LATEST`] in one transaction (pushes only: a read-only role
/// cannot and need not). Concurrent pushes wait on an advisory lock, so each migration
/// runs once. Nothing is written when the schema is current.
pub fn migrate(client: &mut Client) -> Result<i32> {
    let current = version(client)?;
    if current > LATEST {
        return Err(newer_schema(current));
    }
    if current == LATEST {
        return Ok(current);
    }
    let mut tx = client
        .transaction()
        .map_err(db_error("starting the migration"))?;
    tx.execute("SELECT pg_advisory_xact_lock(hashtext('mind_schema'))", &[])
        .map_err(db_error("waiting for another migration"))?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS mind_schema (
             version integer PRIMARY KEY,
             applied_at timestamptz NOT NULL DEFAULT now()
         )",
    )
    .map_err(db_error("creating the schema version table"))?;
    let current: i32 = tx
        .query_one("SELECT coalesce(max(version), 0) FROM mind_schema", &[])
        .map_err(db_error("reading the schema version"))?
        .get(0);
    for (version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > current) {
        tx.batch_execute(sql)
            .map_err(db_error(&format!("applying migration {version}")))?;
        tx.execute("INSERT INTO mind_schema (version) VALUES ($1)", &[version])
            .map_err(db_error("recording the schema version"))?;
    }
    tx.commit().map_err(db_error("committing the migration"))?;
    Ok(LATEST)
}

/// The schema is there and this build can read it (searches, status, pulls).
pub fn require_schema(client: &mut Client) -> Result<i32> {
    match version(client)? {
        0 => Err(Error::Failed(
            "team database: mind's tables are not there yet; run `mind team push` with a writer role first".into(),
        )),
        v if v > LATEST => Err(newer_schema(v)),
        v => Ok(v),
    }
}

fn newer_schema(version: i32) -> Error {
    Error::Failed(format!(
        "team database: its schema (version {version}) is newer than this mind knows ({LATEST}); update mind"
    ))
}

/// Move the rows a push just inserted from the full-text index's pending list into the index
/// proper. Until then every search scans that list (up to 4 MB by default) row by row; autovacuum
/// would do it, but only later. Best effort: a role that may not do it leaves it to autovacuum.
pub fn settle_index(client: &mut Client) {
    let _ = client.execute(
        "SELECT gin_clean_pending_list('mind_entries_tsv'::regclass)",
        &[],
    );
}

/// Whether the `vector` extension (pgvector) is installed in this database.
pub fn has_pgvector(client: &mut Client) -> bool {
    client
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector')",
            &[],
        )
        .map(|row| row.get(0))
        .unwrap_or(false)
}
