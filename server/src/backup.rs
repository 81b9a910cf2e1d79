//! Backups: `arbiter backup PATH`, `arbiter restore PATH [--force]`, and the
//! backups `arbiter serve --backup-every` writes while serving.
//!
//! SQLite is copied with `VACUUM INTO`: a read transaction writes a
//! consistent snapshot while the server keeps writing (WAL lets both run).
//! The copy is written beside its destination under a `.partial` name,
//! checked (`PRAGMA integrity_check`) and then renamed into place, so a
//! backup path never holds half a copy. A backup holds every account's
//! password and session hashes: it is created readable by its owner only
//! (0600), and the `.partial` copy is deleted whatever step fails.
//! PostgreSQL is dumped by `pg_dump`
//! (custom format, itself a consistent snapshot) and restored by
//! `pg_restore`; both must be installed (`postgresql-client`).

use crate::store::{sqlite_path, Contents, Store};
use anyhow::{bail, Context as _};
use clap::Args;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The default database, as `arbiter serve` has it.
const DEFAULT_DATABASE: &str = "sqlite://data/arbiter.db?mode=rwc";

/// Options of `arbiter backup`.
#[derive(Clone, Debug, Args)]
pub struct BackupArgs {
    /// Where to write the copy (a file; replaced if it exists). For SQLite it
    /// is itself an SQLite database; for PostgreSQL a `pg_dump` custom-format archive.
    pub path: PathBuf,
    /// The database to copy (the one the server runs on).
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE)]
    pub database_url: String,
}

/// Options of `arbiter restore`.
#[derive(Clone, Debug, Args)]
pub struct RestoreArgs {
    /// The backup to restore (written by `arbiter backup` or `--backup-every`).
    pub path: PathBuf,
    /// The database to restore into (created if missing).
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE)]
    pub database_url: String,
    /// Replace a database that holds data (stop the server using it first).
    /// An SQLite file replaced is kept beside it as `….before-restore-<time>`.
    #[arg(long)]
    pub force: bool,
}

/// A backup written.
#[derive(Clone, Debug)]
pub struct Made {
    /// Where.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// How long it took.
    pub took: Duration,
    /// What it holds (SQLite: counted in the copy; PostgreSQL: in the
    /// database just after the dump).
    pub contents: Contents,
}

impl std::fmt::Display for Made {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "backed up to {} ({} KiB in {} ms): {}",
            self.path.display(),
            self.bytes.div_ceil(1024),
            self.took.as_millis(),
            self.contents
        )
    }
}

/// `arbiter backup PATH`: a consistent copy of the database, made while the
/// server runs.
///
/// # Errors
/// There is no database at the URL, the copy cannot be written, or
/// `pg_dump` failed.
pub async fn backup(args: &BackupArgs) -> anyhow::Result<()> {
    if let Some(file) = sqlite_path(&args.database_url) {
        anyhow::ensure!(
            Path::new(&file).is_file(),
            "there is no database at {file}: pass the server's --database-url (or DATABASE_URL)"
        );
    }
    let store = Store::connect(&args.database_url).await?;
    let made = write(&store, &args.database_url, &args.path).await;
    store.close().await;
    println!("{}", made?);
    Ok(())
}

/// Writes a backup of `store` (whose URL is `url`) to `dest`.
///
/// # Errors
/// The copy cannot be written or fails its check, or `pg_dump` failed.
pub async fn write(store: &Store, url: &str, dest: &Path) -> anyhow::Result<Made> {
    let start = Instant::now();
    if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let partial = with_suffix(dest, ".partial");
    remove_if_there(&partial)?;
    if let Some(live) = sqlite_path(url) {
        if same_file(Path::new(&live), dest) {
            bail!("{} is the database itself: write the backup somewhere else", dest.display());
        }
    }
    // Whatever fails, no copy is left behind under the `.partial` name: it
    // holds every account's password and session hashes.
    let contents = match write_partial(store, url, &partial, dest).await {
        Ok(c) => c,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    let bytes = std::fs::metadata(dest).map(|m| m.len()).unwrap_or(0);
    Ok(Made { path: dest.to_path_buf(), bytes, took: start.elapsed(), contents })
}

/// Writes the copy to `partial` (created first, readable by its owner
/// only), checks it and moves it to `dest`.
async fn write_partial(store: &Store, url: &str, partial: &Path, dest: &Path) -> anyhow::Result<Contents> {
    private_file(partial)?;
    let contents = if sqlite_path(url).is_some() {
        store.vacuum_into(partial).await.with_context(|| format!("writing {}", partial.display()))?;
        check_sqlite_copy(partial).await?
    } else {
        pg_dump(url, partial).await?;
        store.contents().await?
    };
    owner_only(partial)?;
    sync_file(partial)?;
    std::fs::rename(partial, dest).with_context(|| format!("moving the backup to {}", dest.display()))?;
    Ok(contents)
}

/// Creates the empty file `path`, readable and writable by its owner only
/// (mode 0600): `VACUUM INTO` and `pg_dump` write into it and keep its mode.
fn private_file(path: &Path) -> anyhow::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    options.open(path).map(drop).with_context(|| format!("creating {}", path.display()))
}

/// Makes `path` readable and writable by its owner only (mode 0600).
fn owner_only(path: &Path) -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .with_context(|| format!("making {} private", path.display()))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// Opens an SQLite copy, checks it (`integrity_check`, the tables there)
/// and counts what it holds. Closing it folds its journal back into the file.
async fn check_sqlite_copy(file: &Path) -> anyhow::Result<Contents> {
    let copy = Store::connect(&sqlite_url(file))
        .await
        .with_context(|| format!("{} is not an Arbiter database", file.display()))?;
    let integrity = copy.integrity_check().await;
    let contents = copy.contents().await;
    copy.close().await;
    let integrity = integrity?;
    anyhow::ensure!(integrity == "ok", "{} fails SQLite's integrity check: {integrity}", file.display());
    Ok(contents?)
}

/// `arbiter restore PATH`: puts a backup in place of the database. A
/// database that holds data (or that a server has open) is replaced only
/// with `--force`.
///
/// # Errors
/// The backup is not one, the database holds data and `--force` was not
/// given, or `pg_restore` failed.
pub async fn restore(args: &RestoreArgs) -> anyhow::Result<()> {
    anyhow::ensure!(args.path.is_file(), "there is no backup at {}", args.path.display());
    let start = Instant::now();
    let contents = match sqlite_path(&args.database_url) {
        Some(live) => restore_sqlite(&args.path, Path::new(&live), args.force).await?,
        None => restore_postgres(&args.path, &args.database_url, args.force).await?,
    };
    println!(
        "restored {} into {} in {} ms: {contents}",
        args.path.display(),
        crate::store::redact(&args.database_url),
        start.elapsed().as_millis()
    );
    Ok(())
}

async fn restore_sqlite(backup: &Path, live: &Path, force: bool) -> anyhow::Result<Contents> {
    if let Some(dir) = live.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    if same_file(backup, live) {
        bail!("{} is the database itself", backup.display());
    }
    // The backup is copied first and checked as a copy (opening it migrates
    // a backup made by an older version: the backup file itself stays as it was).
    let incoming = with_suffix(live, ".restoring");
    remove_if_there(&incoming)?;
    std::fs::copy(backup, &incoming)
        .with_context(|| format!("copying {} to {}", backup.display(), incoming.display()))?;
    // The schema is checked before the copy is opened as a database (and
    // migrated): a trigger planted in a backup would run on the server's writes.
    let problem = match crate::store::sqlite_schema(&incoming).await {
        Ok(schema) => crate::store::schema_problem(&schema, &known_migrations()),
        Err(e) => Some(format!("it cannot be read as an SQLite database ({e})")),
    };
    if let Some(problem) = problem {
        let _ = std::fs::remove_file(&incoming);
        bail!("{} is not a backup that can be restored: {problem}; nothing was changed", backup.display());
    }
    let contents = match check_sqlite_copy(&incoming).await {
        Ok(c) => c,
        Err(e) => {
            let _ = std::fs::remove_file(&incoming);
            return Err(e.context(format!("{} is not a backup that can be restored", backup.display())));
        }
    };
    let shm = with_suffix(live, "-shm");
    if live.exists() {
        let open = shm.exists();
        let there = if open { None } else { Some(sqlite_contents(live).await?) };
        let in_use = open || there.is_some_and(|c| !c.is_empty());
        if in_use && !force {
            let _ = std::fs::remove_file(&incoming);
            let what = match there {
                Some(c) => format!("holds {c}"),
                None => format!(
                    "may be open in a server ({} exists: a server is using it, or one stopped without closing it)",
                    shm.display()
                ),
            };
            bail!(
                "the database at {} {what}; nothing was changed. Stop the server using it, then run \
                 arbiter restore again with --force (the database replaced is kept beside it)",
                live.display()
            );
        }
        let kept = with_suffix(live, &format!(".before-restore-{}", chrono::Utc::now().format("%Y%m%d-%H%M%S")));
        std::fs::rename(live, &kept).with_context(|| format!("moving {} aside", live.display()))?;
        if in_use {
            eprintln!("the database replaced is kept as {}", kept.display());
        } else {
            let _ = std::fs::remove_file(&kept);
        }
    }
    for stale in [with_suffix(live, "-wal"), shm] {
        remove_if_there(&stale)?;
    }
    sync_file(&incoming)?;
    std::fs::rename(&incoming, live).with_context(|| format!("moving the restored database to {}", live.display()))?;
    Ok(contents)
}

/// Counts what an existing SQLite file holds (its tables are created if
/// it has none, as the server would at start).
async fn sqlite_contents(file: &Path) -> anyhow::Result<Contents> {
    let store = Store::connect(&sqlite_url(file)).await?;
    let c = store.contents().await;
    store.close().await;
    Ok(c?)
}

async fn restore_postgres(backup: &Path, url: &str, force: bool) -> anyhow::Result<Contents> {
    check_pg_archive(backup).await?;
    let store = Store::connect(url).await?;
    let there = store.contents().await;
    store.close().await;
    let there = there?;
    if !there.is_empty() && !force {
        bail!(
            "the database at {} holds {there}; nothing was changed. Stop the servers using it, then run \
             arbiter restore again with --force",
            crate::store::redact(url)
        );
    }
    let (shown, password) = crate::store::without_password(url);
    let mut cmd = tokio::process::Command::new("pg_restore");
    cmd.args(["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error"])
        .arg("--dbname")
        .arg(&shown)
        .arg(backup);
    run_pg_tool(cmd, password.as_deref(), "pg_restore").await?;
    let store = Store::connect(url).await?;
    let contents = store.contents().await;
    store.close().await;
    Ok(contents?)
}

/// The names of this version's migrations, in order.
fn known_migrations() -> Vec<String> {
    use arbiter_migrations::MigratorTrait as _;
    arbiter_migrations::Migrator::migrations().iter().map(|m| m.name().to_string()).collect()
}

/// What a `pg_dump` archive may not hold: code that would run in the
/// database (Arbiter's migrations create none of these).
const PG_CODE: [&str; 7] = ["TRIGGER", "EVENT TRIGGER", "FUNCTION", "PROCEDURE", "RULE", "VIEW", "AGGREGATE"];

/// Checks a `pg_dump` archive's table of contents (`pg_restore --list`)
/// before anything is restored: Arbiter's tables are there, and no trigger,
/// view, function or rule.
async fn check_pg_archive(backup: &Path) -> anyhow::Result<()> {
    let out = tokio::process::Command::new("pg_restore")
        .arg("--list")
        .arg(backup)
        .output()
        .await
        .context("running pg_restore (install postgresql-client)")?;
    let refuse = |problem: String| {
        anyhow::anyhow!("{} is not a backup that can be restored: {problem}; nothing was changed", backup.display())
    };
    if !out.status.success() {
        return Err(refuse(format!("pg_restore cannot read it ({})", String::from_utf8_lossy(&out.stderr).trim())));
    }
    let list = String::from_utf8_lossy(&out.stdout);
    // An entry: `215; 1259 16386 TABLE public users owner`.
    let entries: Vec<&str> =
        list.lines().filter(|l| !l.starts_with(';')).filter_map(|l| l.split_once(' ').map(|(_, rest)| rest)).collect();
    let kind_of = |entry: &str| entry.splitn(3, ' ').nth(2).unwrap_or_default().to_string();
    let code: Vec<String> = entries
        .iter()
        .map(|e| kind_of(e))
        .filter(|k| PG_CODE.iter().any(|c| k.starts_with(&format!("{c} "))))
        .collect();
    if !code.is_empty() {
        return Err(refuse(format!("it holds code that Arbiter's migrations did not create: {}", code.join(", "))));
    }
    for table in ["seaql_migrations", "users", "tournaments"] {
        let is_table = |e: &&str| {
            let k = kind_of(e);
            let words: Vec<&str> = k.split(' ').collect();
            words.len() > 2 && words[0] == "TABLE" && words[2] == table
        };
        if !entries.iter().any(is_table) {
            return Err(refuse("it has no Arbiter tables (users, tournaments and the migration history)".into()));
        }
    }
    Ok(())
}

async fn pg_dump(url: &str, dest: &Path) -> anyhow::Result<()> {
    let (shown, password) = crate::store::without_password(url);
    let mut cmd = tokio::process::Command::new("pg_dump");
    cmd.args(["--format=custom", "--no-owner", "--no-privileges", "--file"]).arg(dest).arg("--dbname").arg(&shown);
    run_pg_tool(cmd, password.as_deref(), "pg_dump").await
}

/// Runs a PostgreSQL client tool, the password in its environment (not on
/// its command line, where `ps` would show it).
async fn run_pg_tool(mut cmd: tokio::process::Command, password: Option<&str>, name: &str) -> anyhow::Result<()> {
    if let Some(p) = password {
        cmd.env("PGPASSWORD", p);
    }
    let out = cmd.output().await.with_context(|| {
        format!("running {name} (PostgreSQL backups need the PostgreSQL client tools: apt install postgresql-client)")
    })?;
    if !out.status.success() {
        bail!("{name} failed ({}): {}", out.status, String::from_utf8_lossy(&out.stderr).trim());
    }
    Ok(())
}

/// Backups written while serving: one every `every` into `dir`, named
/// `arbiter-YYYYMMDD-HHMMSS.db` (`.dump` for PostgreSQL), the newest `keep` kept.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// Time between backups.
    pub every: Duration,
    /// Where they go.
    pub dir: PathBuf,
    /// How many are kept (the oldest are deleted).
    pub keep: usize,
}

impl Schedule {
    /// Starts writing backups of `store` (whose URL is `url`), the first one
    /// `every` from now. A failed backup is logged and tried again next time.
    pub fn spawn(self, store: Store, url: String) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + self.every, self.every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                match self.once(&store, &url).await {
                    Ok((made, removed)) => tracing::info!(removed, "{made}"),
                    Err(e) => tracing::error!(error = format!("{e:#}"), dir = %self.dir.display(), "backup failed"),
                }
            }
        })
    }

    /// Writes one backup now and deletes those beyond the newest `keep`;
    /// returns it and how many were deleted.
    ///
    /// # Errors
    /// The backup could not be written.
    pub async fn once(&self, store: &Store, url: &str) -> anyhow::Result<(Made, usize)> {
        let ext = if sqlite_path(url).is_some() { "db" } else { "dump" };
        let name = format!("arbiter-{}.{ext}", chrono::Utc::now().format("%Y%m%d-%H%M%S"));
        let made = write(store, url, &self.dir.join(name)).await?;
        let removed = prune(&self.dir, ext, self.keep.max(1))?;
        Ok((made, removed))
    }
}

/// Deletes the oldest `arbiter-*.{ext}` backups in `dir` beyond the newest
/// `keep` (their names sort by time); returns how many were deleted.
fn prune(dir: &Path, ext: &str, keep: usize) -> anyhow::Result<usize> {
    let suffix = format!(".{ext}");
    let mut names: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("arbiter-") && n.ends_with(&suffix))
        .collect();
    names.sort();
    let extra = names.len().saturating_sub(keep);
    for n in &names[..extra] {
        std::fs::remove_file(dir.join(n)).with_context(|| format!("deleting the old backup {n}"))?;
    }
    Ok(extra)
}

/// Parses a time between backups: a whole number and a unit, `s`, `m` or
/// `h` (`90s`, `10m`, `1h`); at least a second.
///
/// # Errors
/// Not in that form, or zero.
pub fn parse_every(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let split = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (n, unit) = s.split_at(split);
    let n: u64 = n.parse().map_err(|_| format!("{s:?} is not a duration: write it like 90s, 10m or 1h"))?;
    let secs = match unit {
        "s" => n,
        "m" => n.saturating_mul(60),
        "h" => n.saturating_mul(3600),
        _ => return Err(format!("{s:?} has no unit: write it like 90s, 10m or 1h")),
    };
    if secs == 0 {
        return Err("the time between backups must be at least 1s".into());
    }
    Ok(Duration::from_secs(secs))
}

/// `sqlite://FILE?mode=rwc`.
fn sqlite_url(file: &Path) -> String {
    format!("sqlite://{}?mode=rwc", file.display())
}

/// `path` with `suffix` appended to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

fn remove_if_there(path: &Path) -> anyhow::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(anyhow::Error::from(e).context(format!("removing {}", path.display())))
        }
        _ => Ok(()),
    }
}

/// Flushes a written file to the disk (a backup taken before a power cut is there after it).
fn sync_file(path: &Path) -> anyhow::Result<()> {
    std::fs::File::open(path).and_then(|f| f.sync_all()).with_context(|| format!("syncing {}", path.display()))
}

/// Whether two paths name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backup_intervals_are_read_with_their_unit() {
        assert_eq!(parse_every("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_every("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_every("2h"), Ok(Duration::from_secs(7200)));
        assert!(parse_every("10").unwrap_err().contains("no unit"));
        assert!(parse_every("0m").unwrap_err().contains("at least 1s"));
        assert!(parse_every("m").is_err());
        assert!(parse_every("1d").is_err());
    }

    #[test]
    fn only_the_newest_backups_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        for n in ["arbiter-20260101-100000.db", "arbiter-20260101-090000.db", "arbiter-20260101-110000.db", "notes.db"]
        {
            std::fs::write(dir.path().join(n), b"x").unwrap();
        }
        assert_eq!(prune(dir.path(), "db", 2).unwrap(), 1);
        let mut left: Vec<String> =
            std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into()).collect();
        left.sort();
        assert_eq!(left, ["arbiter-20260101-100000.db", "arbiter-20260101-110000.db", "notes.db"]);
    }
}
