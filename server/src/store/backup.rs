//! Copies of the database while it is in use: SQLite's `VACUUM INTO` (a
//! consistent snapshot written by a read transaction, so writers carry on),
//! and what a copy holds (to check it and to tell what a restore replaces).

use super::{Store, StoreResult};
use sea_orm::{ConnectionTrait, DatabaseBackend, Statement};

/// What a database holds, counted: enough to tell an empty database from a
/// used one and a backup from another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    /// Accounts.
    pub users: u64,
    /// Tournaments.
    pub tournaments: u64,
    /// Confirmed results (tables whose state is `CONFIRMED`).
    pub confirmed: u64,
    /// Stored live events.
    pub events: u64,
}

impl Contents {
    /// Whether nothing was ever stored (no account, no tournament).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.users == 0 && self.tournaments == 0
    }
}

impl std::fmt::Display for Contents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = |count: u64, one: &str, many: &str| format!("{count} {}", if count == 1 { one } else { many });
        write!(
            f,
            "{}, {}, {}, {}",
            n(self.users, "account", "accounts"),
            n(self.tournaments, "tournament", "tournaments"),
            n(self.confirmed, "confirmed result", "confirmed results"),
            n(self.events, "event", "events")
        )
    }
}

impl super::Tx {
    /// `SELECT COUNT(*) FROM {table}{filter}` (fixed SQL from this module only).
    async fn count(&self, table: &'static str, filter: &'static str) -> StoreResult<u64> {
        let stmt = Statement::from_string(self.backend, format!("SELECT COUNT(*) AS n FROM {table}{filter}"));
        let n: i64 = match self.txn.query_one_raw(stmt).await? {
            Some(r) => r.try_get("", "n")?,
            None => 0,
        };
        Ok(n.unsigned_abs())
    }
}

impl Store {
    /// SQLite only: writes a consistent copy of the whole database to `dest`
    /// (`VACUUM INTO`), while other connections keep reading and writing.
    /// `dest` must not exist.
    ///
    /// # Errors
    /// Not an SQLite database, `dest` exists or cannot be written, or the
    /// database is unavailable.
    pub async fn vacuum_into(&self, dest: &std::path::Path) -> StoreResult<()> {
        if self.db.get_database_backend() != DatabaseBackend::Sqlite {
            return Err(super::StoreError::Db(sea_orm::DbErr::Custom(
                "VACUUM INTO copies SQLite databases only (PostgreSQL is copied by pg_dump)".into(),
            )));
        }
        let stmt = Statement::from_sql_and_values(
            DatabaseBackend::Sqlite,
            "VACUUM INTO ?",
            [sea_orm::Value::from(dest.to_string_lossy().into_owned())],
        );
        self.pooled(self.db.execute_raw(stmt)).await?;
        Ok(())
    }

    /// What the database holds (counted in one snapshot).
    ///
    /// # Errors
    /// The database is unavailable.
    pub async fn contents(&self) -> StoreResult<Contents> {
        let tx = self.read().await?;
        Ok(Contents {
            users: tx.count("users", "").await?,
            tournaments: tx.count("tournaments", "").await?,
            confirmed: tx.count("pairings", " WHERE state = 'CONFIRMED'").await?,
            events: tx.count("events", "").await?,
        })
    }

    /// SQLite only: `PRAGMA integrity_check` (`ok`, or what is wrong).
    ///
    /// # Errors
    /// The database is unavailable.
    pub async fn integrity_check(&self) -> StoreResult<String> {
        let stmt = Statement::from_string(self.db.get_database_backend(), "PRAGMA integrity_check");
        let row = self.pooled(self.db.query_one_raw(stmt)).await?;
        Ok(match row {
            Some(r) => r.try_get_by_index::<String>(0)?,
            None => "no answer".into(),
        })
    }

    /// Closes every pooled connection (so a copy of an SQLite file can be
    /// replaced or moved once this store is done with it).
    pub async fn close(self) {
        let _ = self.db.close().await;
    }
}
