//! Fresh databases per test.

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

impl Backend {
    /// A URL to a new, empty database (and the temp dir holding it, for SQLite).
    ///
    /// # Errors
    /// The database could not be created.
    pub async fn fresh(self) -> anyhow::Result<(String, Option<tempfile::TempDir>)> {
        match self {
            Backend::Sqlite => {
                let dir = tempfile::tempdir()?;
                Ok((format!("sqlite://{}/arbiter.db?mode=rwc", dir.path().display()), Some(dir)))
            }
            Backend::Postgres => {
                let admin = std::env::var("ARBITER_TEST_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
                let name = format!("arbiter_test_{}", uuid::Uuid::new_v4().simple());
                let db = Database::connect(&admin).await?;
                db.execute(Statement::from_string(DatabaseBackend::Postgres, format!("CREATE DATABASE {name}"))).await?;
                db.close().await?;
                let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
                Ok((format!("{base}/{name}"), None))
            }
        }
    }
}
