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

/// The parts of an SQLite file's schema a restore checks, read without
/// migrating it or writing to it (`sqlite_master` and the migration history).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Schema {
    /// The tables, by name.
    pub tables: Vec<String>,
    /// The triggers and views (`trigger evil`, `view v`): code the file would
    /// run or show in place of data.
    pub code: Vec<String>,
    /// The migrations the file records as applied, in order.
    pub migrations: Vec<String>,
}

/// Reads the schema of the SQLite file `file` (see [`Schema`]).
///
/// # Errors
/// The file cannot be opened as an SQLite database.
pub async fn sqlite_schema(file: &std::path::Path) -> anyhow::Result<Schema> {
    let url = format!("sqlite://{}?mode=rw", file.display());
    let read = async move {
        let mut options = sea_orm::ConnectOptions::new(url);
        options.sqlx_logging(false).max_connections(1);
        let db = sea_orm::Database::connect(options).await?;
        let schema = read_schema(&db).await;
        let _ = db.close().await;
        schema
    };
    super::runtime().spawn(read).await.map_err(|e| anyhow::anyhow!(e))?
}

async fn read_schema(db: &sea_orm::DatabaseConnection) -> anyhow::Result<Schema> {
    let sql = |q: &str| Statement::from_string(DatabaseBackend::Sqlite, q.to_string());
    let mut schema = Schema::default();
    for row in db.query_all_raw(sql("SELECT type, name FROM sqlite_master ORDER BY type, name")).await? {
        let (kind, name): (String, String) = (row.try_get("", "type")?, row.try_get("", "name")?);
        match kind.as_str() {
            "table" => schema.tables.push(name),
            "trigger" | "view" => schema.code.push(format!("{kind} {name}")),
            _ => {}
        }
    }
    if schema.tables.iter().any(|t| t == "seaql_migrations") {
        for row in db.query_all_raw(sql("SELECT version FROM seaql_migrations ORDER BY version")).await? {
            schema.migrations.push(row.try_get("", "version")?);
        }
    }
    Ok(schema)
}

/// What is wrong with `schema` as an Arbiter database whose migrations are
/// `known` (in order), if anything: no Arbiter tables, a migration history
/// that is not a beginning of `known`, or a trigger or view (no migration
/// creates one).
#[must_use]
pub fn schema_problem(schema: &Schema, known: &[String]) -> Option<String> {
    let has = |t: &str| schema.tables.iter().any(|n| n == t);
    if !["seaql_migrations", "users", "tournaments"].iter().all(|t| has(t)) {
        return Some("it has no Arbiter tables (users, tournaments and the migration history)".into());
    }
    for (i, seen) in schema.migrations.iter().enumerate() {
        match known.get(i) {
            Some(want) if want == seen => {}
            Some(want) => {
                return Some(format!(
                    "its migration history does not match this version's: {seen} where {want} was expected"
                ))
            }
            None => {
                return Some(format!("it was made by a newer version of Arbiter (migration {seen} is unknown here)"))
            }
        }
    }
    if schema.migrations.is_empty() {
        return Some("its migration history is empty".into());
    }
    if !schema.code.is_empty() {
        return Some(format!(
            "it holds {} that Arbiter's migrations did not create: {}",
            if schema.code.len() == 1 { "a trigger or view" } else { "triggers or views" },
            schema.code.join(", ")
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{schema_problem, Schema};

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_backup_schema_is_checked_against_the_migrations() {
        let known = s(&["m1", "m2", "m3"]);
        let good = Schema {
            tables: s(&["seaql_migrations", "tournaments", "users"]),
            code: vec![],
            migrations: s(&["m1", "m2"]),
        };
        assert_eq!(schema_problem(&good, &known), None, "an older backup is fine");
        let full = Schema { migrations: known.clone(), ..good.clone() };
        assert_eq!(schema_problem(&full, &known), None);
        let trigger = Schema { code: s(&["trigger evil"]), ..full.clone() };
        assert!(schema_problem(&trigger, &known).is_some_and(|p| p.contains("trigger evil")));
        let newer = Schema { migrations: s(&["m1", "m2", "m3", "m4"]), ..good.clone() };
        assert!(schema_problem(&newer, &known).is_some_and(|p| p.contains("newer version")));
        let odd = Schema { migrations: s(&["m1", "mX"]), ..good.clone() };
        assert!(schema_problem(&odd, &known).is_some_and(|p| p.contains("mX where m2")));
        let none = Schema { tables: s(&["notes"]), ..good.clone() };
        assert!(schema_problem(&none, &known).is_some_and(|p| p.contains("no Arbiter tables")));
        let empty = Schema { migrations: vec![], ..good };
        assert!(schema_problem(&empty, &known).is_some());
    }
}
