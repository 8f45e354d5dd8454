//! The connection to the team database and its schema: versioned SQL files embedded in the
//! binary, applied in one transaction and recorded in `mind_schema`.

use std::str::FromStr;
use std::sync::{Condvar, Mutex, OnceLock, mpsc};
use std::time::{Duration, Instant};

use postgres::{Client, NoTls};

use crate::error::{Error, Result};

/// Every migration, in order; a version is never edited once released, only added to.
const MIGRATIONS: &[(i32, &str)] = &[
    (1, include_str!("migrations/001_entries.sql")),
    (2, include_str!("migrations/002_search_plan.sql")),
    (
        3,
        include_str!("migrations/003_resolved_and_folded_identities.sql"),
    ),
];

/// The schema version this build writes.
pub const LATEST: i32 = MIGRATIONS[MIGRATIONS.len() - 1].0;

/// How long connecting may take in all when the URL does not say (`connect_timeout`):
/// name lookup, TCP, the server's startup and authentication. A server (or a proxy) that
/// accepts the connection and then says nothing is given up on after this.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long one query of a search, `status` or `pull` may wait for the server's answer
/// (the server is told the same limit as `statement_timeout`, so it stops too);
/// `MIND_TEAM_TIMEOUT_MS` sets another.
const QUERY_TIMEOUT: Duration = Duration::from_secs(30);

/// The variable that sets [`query_timeout`].
pub const TIMEOUT_ENV: &str = "MIND_TEAM_TIMEOUT_MS";

/// [`QUERY_TIMEOUT`], or what `MIND_TEAM_TIMEOUT_MS` says.
pub fn query_timeout() -> Duration {
    std::env::var(TIMEOUT_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|ms| *ms > 0)
        .map_or(QUERY_TIMEOUT, Duration::from_millis)
}

/// How long one step of a push (the schema's migration, one project's rows) may wait: a
/// large push or migration takes tens of seconds; a server that stopped answering does not
/// get to hold the command forever.
pub const PUSH_STEP_TIMEOUT: Duration = Duration::from_secs(600);

/// TCP keepalive: a connection whose other end is gone (a server down, a dropped VPN) is
/// noticed within about half a minute, whatever the query.
const KEEPALIVE_IDLE: Duration = Duration::from_secs(15);
const KEEPALIVE_INTERVAL: Duration = Duration::from_secs(5);
const KEEPALIVE_RETRIES: u32 = 3;

/// A PostgreSQL failure as a `mind` error saying what was being done; the server's own
/// message (e.g. "permission denied for table mind_entries") rather than the driver's wrapper,
/// with a hint when the cause is a usual one.
pub fn db_error(doing: &str) -> impl FnOnce(postgres::Error) -> Error + '_ {
    move |e| {
        let message = format!("team database: {doing}: {}", detail(&e));
        match hint_for(&e) {
            Some(hint) => Error::FailedHint {
                message,
                hint: hint.into(),
            },
            None => Error::Failed(message),
        }
    }
}

/// The server's message when it sent one (it never holds the password), else the driver's.
fn detail(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => db.message().to_string(),
        None => {
            // "db error" alone says nothing: the cause behind it does.
            let mut text = e.to_string();
            if let Some(cause) = std::error::Error::source(e) {
                let cause = cause.to_string();
                if !text.contains(&cause) {
                    text = format!("{text}: {cause}");
                }
            }
            text
        }
    }
}

/// What to do about the usual failures, by the server's error code.
fn hint_for(e: &postgres::Error) -> Option<&'static str> {
    use postgres::error::SqlState;
    let code = e.code()?;
    Some(if *code == SqlState::INSUFFICIENT_PRIVILEGE {
        "pushing needs the writer role (README: Team memory, Roles); `mind team status` says what this role may do"
    } else if *code == SqlState::INVALID_PASSWORD
        || *code == SqlState::INVALID_AUTHORIZATION_SPECIFICATION
    {
        "check the user and password in MIND_DATABASE_URL or team.database_url"
    } else if *code == SqlState::INVALID_CATALOG_NAME {
        "check the database name in MIND_DATABASE_URL or team.database_url, or create it (README: Team memory, Roles)"
    } else if *code == SqlState::QUERY_CANCELED {
        "the server stopped the query at its time limit; try again, or narrow the search"
    } else {
        return None;
    })
}

/// Connect to `url` (a `postgresql://` URL or `key=value` pairs) within [`CONNECT_TIMEOUT`],
/// for a search, `status` or `pull`: each query the session runs is stopped by the server
/// after [`QUERY_TIMEOUT`]. The error names the database's host and name but never the URL,
/// which may hold a password.
pub fn connect(url: &str) -> Result<Client> {
    connect_within(url, CONNECT_TIMEOUT, Some(query_timeout()))
}

/// [`connect`] for a push: no time limit on the server's side (a migration or a large push
/// may take minutes); [`watch`] bounds each step instead.
pub fn connect_to_push(url: &str) -> Result<Client> {
    connect_within(url, CONNECT_TIMEOUT, None)
}

/// [`connect`] with a time limit for connecting in all (used when the URL does not set
/// `connect_timeout`) and, when given, a statement timeout for the session: for callers
/// that must not wait on the database.
///
/// The driver's own `connect_timeout` covers only each TCP connect: the startup and the
/// authentication after it have no limit, so a server that accepts and stays silent would
/// hold the caller forever. The connection is made on a thread of its own, waited for up
/// to the limit; one that overruns is left to end with the process.
pub fn connect_within(
    url: &str,
    timeout: Duration,
    statement_timeout: Option<Duration>,
) -> Result<Client> {
    refuse_tls(url)?;
    let mut config = postgres::Config::from_str(url).map_err(|e| {
        Error::usage_hint(
            format!("team database: the connection string is not valid: {e}"),
            "a postgresql:// URL or key=value pairs (README: Team memory, The database)",
        )
    })?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(timeout);
    }
    let deadline = *config.get_connect_timeout().unwrap_or(&timeout);
    if let Some(limit) = statement_timeout {
        // Sent with the startup packet: no extra round trip.
        config.options(&format!("-c statement_timeout={}", limit.as_millis()));
    }
    if config.get_application_name().is_none() {
        config.application_name("mind");
    }
    if config.get_keepalives_idle() == Duration::from_secs(2 * 60 * 60) {
        config
            .keepalives_idle(KEEPALIVE_IDLE)
            .keepalives_interval(KEEPALIVE_INTERVAL)
            .keepalives_retries(KEEPALIVE_RETRIES);
    }
    let place = describe(&config);
    match within(deadline, move || config.connect(NoTls)) {
        Some(Ok(client)) => Ok(client),
        Some(Err(e)) => {
            let message = format!(
                "cannot connect to the team database ({place}): {}",
                detail(&e)
            );
            Err(Error::FailedHint {
                message,
                hint: hint_for(&e)
                    .unwrap_or(
                        "check the host, port and database in MIND_DATABASE_URL or team.database_url, and that the server is running",
                    )
                    .into(),
            })
        }
        None => Err(Error::FailedHint {
            message: format!(
                "cannot connect to the team database ({place}): no answer within {} s",
                deadline.as_secs_f32()
            ),
            hint: "the server (or something in between: a proxy, a VPN) accepted the connection but never answered; check the host and port".into(),
        }),
    }
}

/// What `work` returns, run on a thread of its own, or `None` when it has not returned within
/// `limit`: for waits on the database that nothing else bounds (a server that accepts and
/// then says nothing). A thread that overruns is left to end with the process.
pub fn within<T: Send + 'static>(
    limit: Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    receiver.recv_timeout(limit).ok()
}

/// `sslmode` as the connection string gives it: `require`, `verify-ca` and `verify-full`
/// ask for an encrypted connection, which this build cannot make (it speaks to PostgreSQL
/// without TLS): refused before anything is sent, rather than sending in clear or failing
/// with a bare "error performing TLS handshake". `disable`, `allow` and `prefer` (the
/// default) connect unencrypted.
fn refuse_tls(url: &str) -> Result<()> {
    let Some(mode) = ssl_mode(url) else {
        return Ok(());
    };
    if matches!(mode.as_str(), "require" | "verify-ca" | "verify-full") {
        return Err(Error::usage_hint(
            format!(
                "team database: sslmode={mode} asks for TLS, and mind connects to PostgreSQL without it"
            ),
            "reach the server over a network you trust (a VPN, an SSH tunnel: ssh -L 5432:DBHOST:5432 HOST) and connect with sslmode=disable; a hosted PostgreSQL that requires TLS cannot be used directly",
        ));
    }
    Ok(())
}

/// The `sslmode` of a URL's query (`?sslmode=require`) or of `key=value` pairs, lower case.
fn ssl_mode(url: &str) -> Option<String> {
    let pairs: Vec<&str> = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        url.split_once('?')?.1.split('&').collect()
    } else {
        url.split_whitespace().collect()
    };
    pairs.iter().rev().find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key.trim() == "sslmode").then(|| value.trim().trim_matches('\'').to_ascii_lowercase())
    })
}

/// Gives up on a database that stopped answering: [`watch`] arms it around each step a
/// command waits for; a step that overruns its limit ends the process with the error, as
/// the command would have printed it (nothing is committed: the server rolls back a
/// transaction whose connection is gone). Off until [`give_up_on_silence`] turns it on, so
/// callers with their own deadline (recall) are never ended by it.
struct Watchdog {
    armed: Mutex<Option<(Instant, String, Duration)>>,
    changed: Condvar,
    report: Box<dyn Fn(&Error) + Send + Sync>,
}

static WATCHDOG: OnceLock<Watchdog> = OnceLock::new();

/// Turn the watchdog on for this process: `report` prints an overrun as the command's error.
pub fn give_up_on_silence(report: impl Fn(&Error) + Send + Sync + 'static) {
    let mut started = false;
    WATCHDOG.get_or_init(|| {
        started = true;
        Watchdog {
            armed: Mutex::new(None),
            changed: Condvar::new(),
            report: Box::new(report),
        }
    });
    if started {
        std::thread::spawn(|| {
            let Some(dog) = WATCHDOG.get() else { return };
            let mut armed = dog.armed.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                match armed.clone() {
                    None => armed = dog.changed.wait(armed).unwrap_or_else(|e| e.into_inner()),
                    Some((until, doing, limit)) => {
                        let now = Instant::now();
                        if now >= until {
                            (dog.report)(&Error::FailedHint {
                                message: format!(
                                    "team database: {doing}: no answer within {} s",
                                    limit.as_secs_f32()
                                ),
                                hint: "the server (or a proxy, a VPN) stopped answering; try again later".into(),
                            });
                            std::process::exit(1);
                        }
                        armed = dog
                            .changed
                            .wait_timeout(armed, until - now)
                            .unwrap_or_else(|e| e.into_inner())
                            .0;
                    }
                }
            }
        });
    }
}

/// While the returned guard lives, a step (`doing`) that has not finished after `limit`
/// ends the process (when [`give_up_on_silence`] is on; a no-op otherwise). Guards nest:
/// dropping one brings back the limit of the step around it.
pub fn watch(doing: &str, limit: Duration) -> Watch {
    let previous = WATCHDOG.get().and_then(|dog| {
        let mut armed = dog.armed.lock().unwrap_or_else(|e| e.into_inner());
        let previous = armed.replace((Instant::now() + limit, doing.to_string(), limit));
        dog.changed.notify_all();
        previous
    });
    Watch { previous }
}

/// While the returned guard lives, the step under way is doing local work (computing
/// vectors), not waiting on the database: not counted; its limit starts over afterwards.
pub fn local_work() -> LocalWork {
    let paused = WATCHDOG.get().and_then(|dog| {
        let mut armed = dog.armed.lock().unwrap_or_else(|e| e.into_inner());
        let paused = armed.take();
        dog.changed.notify_all();
        paused
    });
    LocalWork { paused }
}

/// Arms the watchdog again, with a fresh limit, when dropped.
pub struct LocalWork {
    paused: Option<(Instant, String, Duration)>,
}

impl Drop for LocalWork {
    fn drop(&mut self) {
        if let (Some(dog), Some((_, doing, limit))) = (WATCHDOG.get(), self.paused.take()) {
            *dog.armed.lock().unwrap_or_else(|e| e.into_inner()) =
                Some((Instant::now() + limit, doing, limit));
            dog.changed.notify_all();
        }
    }
}

/// Puts back the step around it (or disarms the watchdog) when dropped.
pub struct Watch {
    previous: Option<(Instant, String, Duration)>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        if let Some(dog) = WATCHDOG.get() {
            *dog.armed.lock().unwrap_or_else(|e| e.into_inner()) = self.previous.take();
            dog.changed.notify_all();
        }
    }
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
    let _watch = watch("reading the schema version", query_timeout());
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
    let _watch = watch("migrating the schema", PUSH_STEP_TIMEOUT);
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
    readable_schema(version(client)?)
}

/// [`require_schema`] for a schema `version` already read.
pub fn readable_schema(version: i32) -> Result<i32> {
    match version {
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
    let _watch = watch("settling the full-text index", PUSH_STEP_TIMEOUT);
    let _ = client.execute(
        "SELECT gin_clean_pending_list('mind_entries_tsv'::regclass)",
        &[],
    );
}

/// Whether the `vector` extension (pgvector) is installed in this database.
pub fn has_pgvector(client: &mut Client) -> bool {
    let _watch = watch("looking for pgvector", query_timeout());
    client
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector')",
            &[],
        )
        .map(|row| row.get(0))
        .unwrap_or(false)
}
