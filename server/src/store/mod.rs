//! Storage: the only place SeaORM appears. Everything goes through a [`Tx`]
//! (a database transaction) and comes back as `crate::domain` records.
//!
//! Writes to a tournament start with [`Store::write`], whose first statement
//! locks the tournament row (PostgreSQL row lock; SQLite's write lock), so the
//! checks a service makes inside the transaction cannot race another writer,
//! and the event sequence is gap-free. A step of a team match's captains'
//! process reads and decides under the match's own lock first
//! ([`Tx::lock_team_match`]) and takes the tournament's only for its writes
//! and commit ([`Store::lock_in`]), so the matches of one event do not queue
//! behind each other's reads and disk flushes.
//!
//! SQLite has one writer at a time, and a deferred transaction that reads
//! before it writes fails (`SQLITE_BUSY`, no waiting) when another writer got
//! there first. So on SQLite every write transaction ([`Store::begin`],
//! [`Store::write`]) first queues for this process's single writer slot (a
//! fair FIFO lock: a burst of writes waits its turn, it does not fail) and
//! then takes the database's write lock with its first statement, as
//! `BEGIN IMMEDIATE` would (another process holding it is waited for by the
//! busy timeout). Reads never queue: WAL lets them run beside the writer. Reads that must be consistent with a
//! sequence number use [`Store::read`] (a snapshot: `REPEATABLE READ` on
//! PostgreSQL; every SQLite transaction is one).

mod backup;
mod byes;
mod claims;
mod clocks;
mod drafts;
mod elo_history;
mod entity;
mod events;
mod match_games;
mod pairings;
mod players;
mod playoffs;
mod pools;
mod prizes;
mod ratings;
mod rounds;
mod runtime;
mod sheet;
mod stats;
mod teams;
mod tokens;
mod tournaments;
mod users;
mod venue_events;

pub use backup::{schema_problem, sqlite_schema, Contents, Schema};
pub use drafts::StoredDraft;
pub use elo_history::{outcome_name, EloEntry};
pub use events::{StaffAction, StoredEvent};
pub use ratings::{PlayerElo, RatedRound};
pub use runtime::runtime;
pub use stats::StoreStats;

use crate::domain::{Tournament, TournamentId};
use sea_orm::{
    AccessMode, ConnectOptions, ConnectionTrait, Database, DatabaseBackend, DatabaseConnection, DatabaseTransaction,
    DbErr, IsolationLevel, RuntimeErr, TransactionTrait,
};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, OwnedMutexGuard};

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database cannot be reached (down, restarting, pool exhausted).
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// Any other database error.
    #[error("database error: {0}")]
    Db(DbErr),
    /// A stored value the code cannot read back (a bug or a hand-edited row).
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// The tournament a write was for does not exist.
    #[error("no such tournament")]
    TournamentNotFound,
}

impl From<DbErr> for StoreError {
    fn from(e: DbErr) -> StoreError {
        if is_unavailable(&e) {
            StoreError::Unavailable(e.to_string())
        } else {
            StoreError::Db(e)
        }
    }
}

/// Whether an error means "the database cannot be reached right now" (so the
/// request may succeed later) rather than a bad statement: connection and
/// pool failures, and PostgreSQL's connection-exception (08xxx) and
/// operator-intervention (57Pxx: shutting down, restarting) states.
fn is_unavailable(e: &DbErr) -> bool {
    use sea_orm::SqlxError;
    let sqlx = match e {
        DbErr::ConnectionAcquire(_) => return true,
        DbErr::Conn(RuntimeErr::SqlxError(s))
        | DbErr::Exec(RuntimeErr::SqlxError(s))
        | DbErr::Query(RuntimeErr::SqlxError(s)) => s,
        DbErr::Conn(_) => return true,
        _ => return false,
    };
    match &**sqlx {
        SqlxError::Io(_)
        | SqlxError::PoolTimedOut
        | SqlxError::PoolClosed
        | SqlxError::WorkerCrashed
        | SqlxError::Tls(_) => true,
        SqlxError::Protocol(_) => true,
        SqlxError::Database(d) => d.code().is_some_and(|c| code_means_unavailable(&c)),
        _ => false,
    }
}

/// Whether a database error code means "cannot serve now, try again": a
/// PostgreSQL SQLSTATE (always five characters) of class 08 (connection
/// exception), 53 (insufficient resources: too many connections, out of
/// memory, disk full), 57P (shutting down, restarting, cannot connect now)
/// or 55000 (the database is not accepting connections); or SQLite's
/// BUSY/LOCKED (primary codes 5 and 6, extended codes in the high bits).
fn code_means_unavailable(code: &str) -> bool {
    if code.len() == 5 {
        return code.starts_with("08") || code.starts_with("53") || code.starts_with("57P") || code == "55000";
    }
    code.parse::<u32>().is_ok_and(|n| matches!(n & 0xff, 5 | 6))
}

/// The largest offset or limit a query is given: SQL binds them as signed
/// 64-bit integers, and a larger `u64` must not reach the query binder.
pub(crate) const SQL_MAX: u64 = i64::MAX.unsigned_abs();

/// Shorthand for store results.
pub type StoreResult<T> = Result<T, StoreError>;

/// How long a write waits for SQLite's single writer before it is answered
/// 503: far longer than any burst at a venue takes to drain (a write holds
/// the writer for milliseconds), so reaching it means the database is stuck.
pub const WRITE_QUEUE_LIMIT: Duration = Duration::from_secs(60);

/// How long a request waits for a pooled connection while the database is
/// busy (every connection in use) before it is answered 503.
pub const POOL_WAIT_LIMIT: Duration = Duration::from_secs(30);

/// After this long without a connection, a request checks whether the
/// database server is there at all (PostgreSQL): unreachable answers 503 at
/// once, busy keeps waiting (up to [`POOL_WAIT_LIMIT`]).
const REACHABILITY_CHECK_AFTER: Duration = Duration::from_millis(750);

/// The database: a connection pool, and on SQLite the queue for its one writer.
#[derive(Clone, Debug)]
pub struct Store {
    db: DatabaseConnection,
    /// SQLite only: held by the open write transaction (see the module doc).
    writer: Option<Arc<Mutex<()>>>,
    /// PostgreSQL only: how to tell a busy pool from an unreachable server.
    reachability: Option<Arc<Reachability>>,
    /// Transaction begin and writer-slot wait times.
    stats: Arc<StoreStats>,
}

/// Whether the PostgreSQL server accepts connections, checked with a fresh
/// connection outside the pool and remembered for a second (so a crowd of
/// waiting requests makes one check, not one each).
struct Reachability {
    url: String,
    last: Mutex<Option<(std::time::Instant, bool)>>,
}

impl std::fmt::Debug for Reachability {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reachability").field("url", &redact(&self.url)).finish_non_exhaustive()
    }
}

impl Reachability {
    async fn reachable(&self) -> bool {
        let mut last = self.last.lock().await;
        if let Some((at, answer)) = *last {
            if at.elapsed() < Duration::from_secs(1) {
                return answer;
            }
        }
        use sea_orm::sqlx::Connection as _;
        let attempt = sea_orm::sqlx::PgConnection::connect(&self.url);
        let answer = match tokio::time::timeout(Duration::from_secs(3), attempt).await {
            Ok(Ok(conn)) => {
                let _ = conn.close().await;
                true
            }
            _ => false,
        };
        *last = Some((std::time::Instant::now(), answer));
        answer
    }
}

/// An open transaction. Dropped without [`Tx::commit`], it rolls back.
pub struct Tx {
    // Declared before the writer slot: dropped first, so a rollback is
    // started before the next writer is let in.
    txn: DatabaseTransaction,
    backend: DatabaseBackend,
    /// A change's hold on its tournament's write lock, timed until the
    /// transaction ends (declared after `txn`: a rollback is timed too).
    held: Option<Held>,
    /// PostgreSQL: the team match whose lock this transaction holds, when its
    /// commit does not wait for the disk ([`Tx::lock_team_match`]); the change
    /// is durable only once [`Store::settle`] has run for it.
    unsettled: Option<crate::domain::PairingId>,
    _writer: Option<OwnedMutexGuard<()>>,
}

/// Times how long a write lock is held: from [`Store::write`] taking it to
/// the drop of this value, after the commit or the rollback.
struct Held {
    since: std::time::Instant,
    stats: Arc<StoreStats>,
}

impl Drop for Held {
    fn drop(&mut self) {
        self.stats.lock_held.observe(self.since.elapsed().as_secs_f64());
    }
}

impl Store {
    /// Connects to `url` (`sqlite://path?mode=rwc` or `postgres://…`) and
    /// applies every pending migration. For SQLite the parent directory is
    /// created, and the database runs in WAL mode with `synchronous=FULL`
    /// (a committed result survives a crash or power cut) and a 5 s busy wait.
    ///
    /// # Errors
    /// The database cannot be reached or migrated.
    pub async fn connect(url: &str) -> anyhow::Result<Store> {
        // Opened on the database runtime, whose I/O driver then runs the
        // connections it opens (see [`runtime`]).
        let url = url.to_string();
        runtime().spawn(async move { Store::open(&url).await }).await.map_err(|e| anyhow::anyhow!(e))?
    }

    async fn open(url: &str) -> anyhow::Result<Store> {
        use anyhow::Context as _;
        use arbiter_migrations::MigratorTrait as _;
        if let Some(path) = sqlite_path(url) {
            if let Some(dir) = std::path::Path::new(&path).parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("creating the data directory {}", dir.display()))?;
            }
        }
        // sea-orm records its options, the URL with them, in trace-level
        // spans: the password goes to the driver's options apart from it.
        let (shown, password) = without_password(url);
        let mut opts = ConnectOptions::new(shown);
        if let Some(password) = password.clone() {
            opts.map_sqlx_postgres_opts(move |o| o.password(&password));
        }
        opts.sqlx_logging(false)
            .max_connections(if url.starts_with("sqlite") { 8 } else { 16 })
            // PostgreSQL: half the pool is opened at once and kept, by the
            // database runtime's own task (see `runtime`).
            .min_connections(if url.starts_with("sqlite") { 1 } else { 8 })
            .acquire_timeout(POOL_WAIT_LIMIT)
            .connect_timeout(Duration::from_secs(5))
            .map_sqlx_sqlite_opts(|o| {
                o.journal_mode(sea_orm::sqlx::sqlite::SqliteJournalMode::Wal)
                    .synchronous(sea_orm::sqlx::sqlite::SqliteSynchronous::Full)
                    .busy_timeout(Duration::from_secs(5))
                    .foreign_keys(true)
            });
        let mut db = Database::connect(opts)
            .await
            // Its message may quote the URL it was given.
            .map_err(|e| anyhow::anyhow!(scrub(&e.to_string(), url, password.as_deref())))
            .with_context(|| format!("connecting to the database at {}", redact(url)))?;
        arbiter_migrations::Migrator::up(&db, None).await.context("applying database migrations")?;
        let backend = db.get_database_backend();
        let writer = (backend == DatabaseBackend::Sqlite).then(|| Arc::new(Mutex::new(())));
        let reachability = (backend == DatabaseBackend::Postgres)
            .then(|| Arc::new(Reachability { url: url.to_string(), last: Mutex::new(None) }));
        let stats = Arc::new(StoreStats::default());
        let queries = stats.queries.clone();
        db.set_metric_callback(move |info| {
            queries.get_or_create(&stats::QueryLabels::of(&info.statement.sql)).inc();
        });
        Ok(Store { db, writer, reachability, stats })
    }

    /// Registers the store's metrics (`arbiter_db_*`, see [`StoreStats`]).
    pub fn register_metrics(&self, r: &mut prometheus_client::registry::Registry) {
        self.stats.register(r, self.db.clone());
    }

    /// Runs `op`, which needs a pooled connection: a busy pool is waited for
    /// (up to [`POOL_WAIT_LIMIT`]); an unreachable PostgreSQL server is
    /// answered [`StoreError::Unavailable`] within about a second.
    async fn pooled<T>(&self, op: impl std::future::Future<Output = Result<T, DbErr>>) -> StoreResult<T> {
        tokio::pin!(op);
        let Some(reachability) = &self.reachability else {
            return op.await.map_err(StoreError::from);
        };
        if let Ok(done) = tokio::time::timeout(REACHABILITY_CHECK_AFTER, &mut op).await {
            return done.map_err(StoreError::from);
        }
        let mut pause = Duration::ZERO;
        loop {
            let check = async {
                tokio::time::sleep(pause).await;
                reachability.reachable().await
            };
            tokio::select! {
                done = &mut op => return done.map_err(StoreError::from),
                reachable = check => if !reachable {
                    return Err(StoreError::Unavailable("the database server refuses connections".into()));
                },
            }
            pause = Duration::from_secs(1);
        }
    }

    /// Opens a read-only snapshot transaction.
    ///
    /// # Errors
    /// The database is unavailable.
    pub async fn read(&self) -> StoreResult<Tx> {
        let backend = self.db.get_database_backend();
        let start = std::time::Instant::now();
        let txn = match backend {
            DatabaseBackend::Postgres => {
                self.pooled(self.db.begin_with_config(Some(IsolationLevel::RepeatableRead), Some(AccessMode::ReadOnly)))
                    .await?
            }
            _ => self.pooled(self.db.begin()).await?,
        };
        self.stats.observe_begin("read", start.elapsed().as_secs_f64());
        Ok(Tx { txn, backend, held: None, unsettled: None, _writer: None })
    }

    /// Opens a write transaction not tied to a tournament (accounts, new
    /// tournaments). On SQLite it waits its turn for the single writer (up to
    /// [`WRITE_QUEUE_LIMIT`]) and holds the database's write lock from its
    /// first statement.
    ///
    /// # Errors
    /// The database is unavailable, or no turn came within the limit.
    pub async fn begin(&self) -> StoreResult<Tx> {
        let backend = self.db.get_database_backend();
        let queued = std::time::Instant::now();
        let writer = match &self.writer {
            Some(slot) => {
                let turn = tokio::time::timeout(WRITE_QUEUE_LIMIT, slot.clone().lock_owned()).await;
                self.stats.write_wait.observe(queued.elapsed().as_secs_f64());
                Some(turn.map_err(|_| {
                    StoreError::Unavailable(format!("no write turn within {} s", WRITE_QUEUE_LIMIT.as_secs()))
                })?)
            }
            None => None,
        };
        let start = std::time::Instant::now();
        let tx = Tx { txn: self.pooled(self.db.begin()).await?, backend, held: None, unsettled: None, _writer: writer };
        self.stats.observe_begin("write", start.elapsed().as_secs_f64());
        if backend == DatabaseBackend::Sqlite {
            // A write statement that matches nothing still takes the write
            // lock (as `BEGIN IMMEDIATE` does), so no read in this
            // transaction can later fail to upgrade.
            tx.exec("UPDATE tournaments SET last_seq = last_seq WHERE 0", vec![]).await?;
        }
        Ok(tx)
    }

    /// Opens a write transaction on `tournament`, locking its row first,
    /// and returns the tournament as read under the lock.
    ///
    /// # Errors
    /// [`StoreError::TournamentNotFound`], or the database is unavailable.
    pub async fn write(&self, tournament: TournamentId) -> StoreResult<(Tx, Tournament)> {
        let mut tx = self.begin().await?;
        let t = self.lock_in(&mut tx, tournament).await?;
        Ok((tx, t))
    }

    /// Takes `tournament`'s write lock inside `tx`, a write transaction
    /// opened by [`Store::begin`] that has done its own reads and checks
    /// first (a team match's step, under the match's own lock:
    /// [`Tx::lock_team_match`]), and returns the tournament as read under
    /// the lock. From here to the commit the lock is held, and timed, as
    /// [`Store::write`]'s.
    ///
    /// # Errors
    /// [`StoreError::TournamentNotFound`], or the database is unavailable.
    pub async fn lock_in(&self, tx: &mut Tx, tournament: TournamentId) -> StoreResult<Tournament> {
        let asked = std::time::Instant::now();
        let t = tx.lock_tournament(tournament).await?;
        self.stats.lock_wait.observe(asked.elapsed().as_secs_f64());
        tx.held = Some(Held { since: std::time::Instant::now(), stats: self.stats.clone() });
        Ok(t)
    }

    /// Checks that the database answers (`SELECT 1`).
    ///
    /// # Errors
    /// The database is unavailable.
    pub async fn ping(&self) -> StoreResult<()> {
        self.pooled(self.db.ping()).await
    }

    /// Which database this is: `sqlite` or `postgres`.
    #[must_use]
    pub fn backend_name(&self) -> &'static str {
        match self.db.get_database_backend() {
            DatabaseBackend::Postgres => "postgres",
            DatabaseBackend::Sqlite => "sqlite",
            _ => "other",
        }
    }
}

impl Tx {
    /// Commits.
    ///
    /// # Errors
    /// The commit failed; nothing was written.
    pub async fn commit(self) -> StoreResult<()> {
        let Tx { txn, held, _writer, .. } = self;
        let done = txn.commit().await.map_err(StoreError::from);
        drop(held);
        done
    }

    /// The team match whose commit [`Store::settle`] must make durable
    /// (PostgreSQL, after [`Tx::lock_team_match`]); `None` otherwise.
    #[must_use]
    pub fn unsettled(&self) -> Option<crate::domain::PairingId> {
        self.unsettled
    }

    fn conn(&self) -> &DatabaseTransaction {
        &self.txn
    }

    async fn exec(&self, sql: &str, values: Vec<sea_orm::Value>) -> StoreResult<u64> {
        let stmt = sea_orm::Statement::from_sql_and_values(self.backend, self.placeholders(sql), values);
        Ok(self.txn.execute_raw(stmt).await?.rows_affected())
    }

    /// Rewrites `?` placeholders as `$1, $2, …` for PostgreSQL.
    fn placeholders(&self, sql: &str) -> String {
        if self.backend != DatabaseBackend::Postgres {
            return sql.to_string();
        }
        let mut out = String::with_capacity(sql.len() + 8);
        let mut n = 0;
        for c in sql.chars() {
            if c == '?' {
                n += 1;
                out.push('$');
                out.push_str(&n.to_string());
            } else {
                out.push(c);
            }
        }
        out
    }
}

/// The file of an SQLite URL (`sqlite://data/arbiter.db?mode=rwc` → `data/arbiter.db`);
/// `None` for another database or an in-memory one.
#[must_use]
pub fn sqlite_path(url: &str) -> Option<String> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && path != ":memory:").then(|| path.to_string())
}

/// The URL without its password, for messages and logs: the one in its user
/// information (`scheme://user:password@host…`) and a `password` query
/// parameter (which PostgreSQL URLs may carry; `pass` in Redis socket URLs)
/// are shown as `***`.
pub(crate) fn redact(url: &str) -> String {
    let (before_query, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let mut out = match before_query.find("://") {
        Some(s) => {
            let rest = &before_query[s + 3..];
            let authority = &rest[..rest.find('/').unwrap_or(rest.len())];
            match authority.rfind('@').and_then(|at| authority[..at].find(':').map(|c| (c, at))) {
                Some((c, at)) => format!("{}{}:***{}", &before_query[..s + 3], &rest[..c], &rest[at..]),
                None => before_query.to_string(),
            }
        }
        None => before_query.to_string(),
    };
    if let Some(query) = query {
        let pairs: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((k, _)) if k.eq_ignore_ascii_case("pass") || k.to_ascii_lowercase().contains("password") => {
                    format!("{k}=***")
                }
                _ => pair.to_string(),
            })
            .collect();
        out.push('?');
        out.push_str(&pairs.join("&"));
    }
    out
}

/// `url` without its password (in the user information or a `password`
/// query parameter), and the password, percent-decoded. SQLite URLs and
/// URLs without a password are returned as they are.
pub(crate) fn without_password(url: &str) -> (String, Option<String>) {
    if sqlite_path(url).is_some() || url.starts_with("sqlite:") {
        return (url.to_string(), None);
    }
    let Ok(mut parsed) = url::Url::parse(url) else { return (url.to_string(), None) };
    let mut password =
        parsed.password().map(|p| urlencoding::decode(p).map_or_else(|_| p.to_string(), std::borrow::Cow::into_owned));
    if password.is_some() && parsed.set_password(None).is_err() {
        return (url.to_string(), None);
    }
    let pairs: Vec<(String, String)> = parsed.query_pairs().into_owned().collect();
    if pairs.iter().any(|(k, _)| k == "password") {
        let kept: Vec<&(String, String)> = pairs.iter().filter(|(k, _)| k != "password").collect();
        password = pairs.iter().rev().find(|(k, _)| k == "password").map(|(_, v)| v.clone()).or(password);
        if kept.is_empty() {
            parsed.set_query(None);
        } else {
            parsed.query_pairs_mut().clear().extend_pairs(kept);
        }
    }
    if password.is_none() {
        return (url.to_string(), None);
    }
    (parsed.to_string(), password)
}

/// An error message about connecting to `url`, with the URL redacted and the
/// password nowhere in it.
fn scrub(message: &str, url: &str, password: Option<&str>) -> String {
    let message = message.replace(url, &redact(url));
    // A password of a few characters would also match ordinary words; the
    // URL that could quote it is redacted already.
    match password.filter(|p| p.len() >= 4) {
        Some(p) => message.replace(p, "***"),
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_paths_and_redaction() {
        assert_eq!(sqlite_path("sqlite://data/arbiter.db?mode=rwc").as_deref(), Some("data/arbiter.db"));
        assert_eq!(sqlite_path("sqlite::memory:"), None);
        assert_eq!(sqlite_path("postgres://x"), None);
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(redact("postgres://h/db"), "postgres://h/db");
        assert_eq!(redact("redis://:secret@cache:6379/0"), "redis://:***@cache:6379/0");
        assert_eq!(redact("postgres://u:p@ss@h/db?sslmode=require"), "postgres://u:***@h/db?sslmode=require");
        assert_eq!(redact("postgres://h/db?user=u&password=secret"), "postgres://h/db?user=u&password=***");
        assert_eq!(redact("postgres://h:5432/db?options=a@b:c"), "postgres://h:5432/db?options=a@b:c");
        assert_eq!(redact("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(
            redact("redis+unix:///run/redis.sock?db=1&pass=secret"),
            "redis+unix:///run/redis.sock?db=1&pass=***"
        );
    }

    #[test]
    fn the_password_is_taken_out_of_the_url_the_driver_is_given() {
        assert_eq!(
            without_password("postgres://u:s%40cret@h:5432/db?sslmode=disable"),
            ("postgres://u@h:5432/db?sslmode=disable".to_string(), Some("s@cret".to_string()))
        );
        assert_eq!(
            without_password("postgres://u@h/db?password=secret&sslmode=disable"),
            ("postgres://u@h/db?sslmode=disable".to_string(), Some("secret".to_string()))
        );
        assert_eq!(without_password("postgres://u@h/db?password=secret").0, "postgres://u@h/db");
        assert_eq!(without_password("postgres://u@h/db"), ("postgres://u@h/db".to_string(), None));
        assert_eq!(without_password("sqlite://data/a.db?mode=rwc"), ("sqlite://data/a.db?mode=rwc".to_string(), None));
        let url = "mysql://u:secret@h/db";
        let said = scrub(&format!("The connection string '{url}' has no supporting driver."), url, Some("secret"));
        assert_eq!(said, "The connection string 'mysql://u:***@h/db' has no supporting driver.");
    }

    #[test]
    fn a_store_shows_no_password_when_debugged() {
        let r = Reachability { url: "postgres://u:secret@h/db".into(), last: Mutex::new(None) };
        let shown = format!("{r:?}");
        assert!(shown.contains("postgres://u:***@h/db") && !shown.contains("secret"), "{shown}");
    }

    #[test]
    fn unreachable_and_overloaded_databases_are_unavailable_not_internal() {
        for code in ["08006", "08001", "53300", "53100", "57P01", "57P03", "55000", "5", "6", "517", "262"] {
            assert!(code_means_unavailable(code), "{code}");
        }
        for code in ["23505", "42P01", "40001", "22001", "19", "2067", "1"] {
            assert!(!code_means_unavailable(code), "{code}");
        }
    }
}
