//! Fresh databases per test, and table fingerprints.

use sea_orm::{ConnectionTrait, Database, DatabaseBackend, Statement};

/// Which database a test app uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file in a temporary directory.
    Sqlite,
    /// A new database on the local PostgreSQL server (`ARBITER_TEST_PG`, default
    /// `postgres://postgres@127.0.0.1:5432/test` for the admin connection).
    Postgres,
}

/// The admin connection used to create test databases.
fn pg_admin() -> String {
    std::env::var("ARBITER_TEST_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

impl Backend {
    /// A URL to a new, empty database (and the temp dir holding it, for SQLite).
    ///
    /// # Errors
    /// The database could not be created.
    pub async fn fresh(self) -> anyhow::Result<(String, Option<tempfile::TempDir>)> {
        match self {
            Backend::Sqlite => {
                let dir = tempfile::tempdir()?;
                let url = format!("sqlite://{}/arbiter.db?mode=rwc", dir.path().display());
                Ok((url, Some(dir)))
            }
            Backend::Postgres => {
                let admin = pg_admin();
                let name = format!("arbiter_test_{}", uuid::Uuid::new_v4().simple());
                let db = Database::connect(&admin).await?;
                db.execute(Statement::from_string(DatabaseBackend::Postgres, format!("CREATE DATABASE {name}")))
                    .await?;
                db.close().await?;
                let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
                Ok((format!("{base}/{name}"), None))
            }
        }
    }
}

const TABLES: [&str; 10] = [
    "users",
    "sessions",
    "tournaments",
    "tournament_players",
    "rounds",
    "pairings",
    "events",
    "player_elo",
    "elo_history",
    "rated_rounds",
];

/// Row counts of every table, every tournament's sequence and status, and
/// every pairing's result fields.
///
/// # Errors
/// The database could not be read.
pub async fn fingerprint(url: &str) -> anyhow::Result<String> {
    let db = Database::connect(url).await?;
    let backend = db.get_database_backend();
    let mut out = String::new();
    for t in TABLES {
        let row = db.query_one(Statement::from_string(backend, format!("SELECT COUNT(*) AS n FROM {t}"))).await?;
        let n: i64 = row.map(|r| r.try_get("", "n")).transpose()?.unwrap_or(0);
        out.push_str(&format!("{t}={n};"));
    }
    let queries = [
        "SELECT id || ':' || status || ':' || CAST(last_seq AS TEXT) || ':' || CAST(lists_locked AS TEXT) AS v FROM tournaments ORDER BY id",
        "SELECT id || ':' || CAST(checked_in AS TEXT) || CAST(dropped AS TEXT) || CAST(removed AS TEXT) || ':' || COALESCE(list_text, '') AS v FROM tournament_players ORDER BY id",
        "SELECT id || ':' || status AS v FROM rounds ORDER BY id",
        "SELECT id || ':' || state || ':' || COALESCE(CAST(player1_vp AS TEXT), '-') || ':' || COALESCE(CAST(player2_vp AS TEXT), '-') || ':' || COALESCE(reported_by, '-') AS v FROM pairings ORDER BY id",
    ];
    for q in queries {
        for r in db.query_all(Statement::from_string(backend, q)).await? {
            let v: String = r.try_get("", "v")?;
            out.push_str(&v);
            out.push('\n');
        }
    }
    db.close().await?;
    Ok(out)
}
