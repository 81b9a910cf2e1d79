//! Database metrics: the statements run, by kind; how long transactions take to begin (a pooled
//! connection plus `BEGIN`), how long SQLite writes wait for the single
//! writer slot, and the pool's connections in use and idle (read at each
//! scrape).

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeLabelSet, EncodeMetric as _};
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::MetricType;
use prometheus_client::registry::Registry;
use sea_orm::{DatabaseConnection, DatabaseConnectionType};

/// Which kind of transaction began.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct AccessLabels {
    /// `read` (a snapshot) or `write`.
    pub access: &'static str,
}

fn wait_histogram() -> Histogram {
    Histogram::new([0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0])
}

/// Which kind of statement ran.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct QueryLabels {
    /// The statement's first word, lower case: `select`, `insert`, `update`,
    /// `delete`, `begin`, `commit`… (`other` for anything else).
    pub kind: &'static str,
}

impl QueryLabels {
    /// The kind of `sql`.
    #[must_use]
    pub fn of(sql: &str) -> QueryLabels {
        const KINDS: [&str; 10] =
            ["select", "insert", "update", "delete", "with", "begin", "commit", "rollback", "savepoint", "release"];
        let first = sql.trim_start().split(|c: char| !c.is_ascii_alphabetic()).next().unwrap_or_default();
        let kind = KINDS.into_iter().find(|k| first.eq_ignore_ascii_case(k)).unwrap_or("other");
        QueryLabels { kind }
    }
}

/// The store's metrics (Prometheus types: cheap to clone, shared with the registry).
#[derive(Debug)]
pub struct StoreStats {
    /// Statements run, by kind (`arbiter_db_queries_total`).
    pub queries: Family<QueryLabels, prometheus_client::metrics::counter::Counter>,
    /// Seconds to begin a transaction (waiting for a pooled connection, then
    /// `BEGIN`), by `access`; on SQLite a write's wait for the writer slot is
    /// not included (see `write_wait`).
    pub begin: Family<AccessLabels, Histogram, fn() -> Histogram>,
    /// SQLite only: seconds a write transaction waited for this process's
    /// single writer slot.
    pub write_wait: Histogram,
    /// Seconds a change waited for its tournament's write lock (the row
    /// lock on PostgreSQL; on SQLite the database's write lock, after the
    /// writer slot), once its transaction had begun.
    pub lock_wait: Histogram,
    /// Seconds a change held its tournament's write lock: from taking it to
    /// the commit's (or rollback's) end. Every other change of the
    /// tournament (on SQLite: of the database) waits this long.
    pub lock_held: Histogram,
}

impl Default for StoreStats {
    fn default() -> StoreStats {
        StoreStats {
            queries: Family::default(),
            begin: Family::new_with_constructor(wait_histogram as fn() -> Histogram),
            write_wait: wait_histogram(),
            lock_wait: wait_histogram(),
            lock_held: wait_histogram(),
        }
    }
}

impl StoreStats {
    /// Records how long a transaction took to begin, in seconds.
    pub fn observe_begin(&self, access: &'static str, seconds: f64) {
        self.begin.get_or_create(&AccessLabels { access }).observe(seconds);
    }

    /// Registers `arbiter_db_*`, with the pool gauges of `db`.
    pub fn register(&self, r: &mut Registry, db: DatabaseConnection) {
        r.register("arbiter_db_queries", "Database statements run, by kind", self.queries.clone());
        r.register(
            "arbiter_db_begin_seconds",
            "Seconds to begin a database transaction (a pooled connection, then BEGIN)",
            self.begin.clone(),
        );
        r.register(
            "arbiter_db_write_wait_seconds",
            "Seconds a write waited for SQLite's single writer slot (SQLite only)",
            self.write_wait.clone(),
        );
        r.register(
            "arbiter_db_lock_wait_seconds",
            "Seconds a change waited for its tournament's write lock once its transaction had begun",
            self.lock_wait.clone(),
        );
        r.register(
            "arbiter_db_lock_held_seconds",
            "Seconds a change held its tournament's write lock, until its commit or rollback ended",
            self.lock_held.clone(),
        );
        r.register_collector(Box::new(PoolCollector { db }));
    }
}

/// Reads the connection pool's size at each scrape: `arbiter_db_connections{state}`.
#[derive(Debug)]
struct PoolCollector {
    db: DatabaseConnection,
}

impl PoolCollector {
    /// Connections open and idle now.
    fn counts(&self) -> Option<(u32, usize)> {
        match &self.db.inner {
            DatabaseConnectionType::SqlxSqlitePoolConnection(_) => {
                let pool = self.db.get_sqlite_connection_pool();
                Some((pool.size(), pool.num_idle()))
            }
            DatabaseConnectionType::SqlxPostgresPoolConnection(_) => {
                let pool = self.db.get_postgres_connection_pool();
                Some((pool.size(), pool.num_idle()))
            }
            _ => None,
        }
    }
}

impl Collector for PoolCollector {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let Some((open, idle)) = self.counts() else { return Ok(()) };
        let idle = i64::try_from(idle).unwrap_or(i64::MAX);
        let in_use = i64::from(open).saturating_sub(idle).max(0);
        let mut family = encoder.encode_descriptor(
            "arbiter_db_connections",
            "Database pool connections, by state (in_use, idle)",
            None,
            MetricType::Gauge,
        )?;
        for (state, n) in [("in_use", in_use), ("idle", idle)] {
            ConstGauge::new(n).encode(family.encode_family(&[("state", state)])?)?;
        }
        Ok(())
    }
}
