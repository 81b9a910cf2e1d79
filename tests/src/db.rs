//! Fresh databases per test, and table fingerprints.

use sea_orm::{ConnectionTrait, Database, DatabaseBackend, DatabaseConnection, FromQueryResult, JsonValue, Statement};

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
                db.execute_raw(Statement::from_string(DatabaseBackend::Postgres, format!("CREATE DATABASE {name}")))
                    .await?;
                db.close().await?;
                let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
                Ok((format!("{base}/{name}"), None))
            }
        }
    }
}

/// The tables of the database, read from its own catalogue (so a table a
/// migration adds is covered without being listed here).
async fn tables(db: &DatabaseConnection) -> anyhow::Result<Vec<String>> {
    let backend = db.get_database_backend();
    let q = match backend {
        DatabaseBackend::Sqlite => {
            "SELECT name AS t FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        }
        _ => "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    };
    let mut out = Vec::new();
    for r in db.query_all_raw(Statement::from_string(backend, q)).await? {
        out.push(r.try_get::<String>("", "t")?);
    }
    Ok(out)
}

/// Every row of every table, in a stable order: to prove a refused request
/// changed nothing.
///
/// # Errors
/// The database could not be read.
pub async fn fingerprint(url: &str) -> anyhow::Result<String> {
    let db = Database::connect(url).await?;
    let backend = db.get_database_backend();
    let mut out = String::new();
    let names = tables(&db).await?;
    anyhow::ensure!(names.len() >= 10, "the database has only these tables: {names:?}");
    for t in names {
        let q = format!("SELECT * FROM {t}");
        let mut rows: Vec<String> = JsonValue::find_by_statement(Statement::from_string(backend, q))
            .all(&db)
            .await?
            .iter()
            .map(JsonValue::to_string)
            .collect();
        rows.sort();
        out.push_str(&format!("{t} ({} rows)\n", rows.len()));
        for r in rows {
            out.push_str(&r);
            out.push('\n');
        }
    }
    db.close().await?;
    Ok(out)
}
