//! Real processes for fault tests: `arbiter serve` instances (killable with
//! SIGKILL), and private Redis and PostgreSQL servers that a test may stop
//! and restart without disturbing other tests.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A free TCP port on 127.0.0.1 (bound, then released).
///
/// # Errors
/// No port could be bound.
pub fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

fn port_open(port: u16) -> bool {
    std::net::TcpStream::connect_timeout(&([127, 0, 0, 1], port).into(), Duration::from_millis(200)).is_ok()
}

/// Waits until something listens on `port`.
///
/// # Errors
/// Nothing listened within `limit`.
pub async fn wait_port(port: u16, limit: Duration) -> anyhow::Result<()> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if port_open(port) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    anyhow::bail!("nothing listened on port {port} within {limit:?}")
}

/// The `arbiter` binary of this build (`target/<profile>/arbiter`).
/// `scripts/test` builds it before the tests run; when it is missing or
/// older than the server library these tests were linked with, it is
/// rebuilt here (`cargo build --workspace --bins`, the same feature set).
///
/// # Errors
/// `cargo build` failed.
pub fn arbiter_binary() -> anyhow::Result<PathBuf> {
    static BUILT: std::sync::OnceLock<Result<PathBuf, String>> = std::sync::OnceLock::new();
    BUILT.get_or_init(|| find_or_build().map_err(|e| e.to_string())).clone().map_err(|e| anyhow::anyhow!(e))
}

fn find_or_build() -> anyhow::Result<PathBuf> {
    let exe = std::env::current_exe()?;
    let deps = exe.parent().ok_or_else(|| anyhow::anyhow!("no deps directory"))?;
    let bin = deps.parent().ok_or_else(|| anyhow::anyhow!("no target directory"))?.join("arbiter");
    let modified = |p: &std::path::Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let newest_lib = std::fs::read_dir(deps)?
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("libarbiter_server-"))
        .filter_map(|e| modified(&e.path()))
        .max();
    let fresh = match (modified(&bin), newest_lib) {
        (Some(b), Some(l)) => b >= l,
        (Some(_), None) => true,
        (None, _) => false,
    };
    if !fresh {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo).args(["build", "--quiet", "--workspace", "--bins"]).status()?;
        anyhow::ensure!(status.success(), "building the arbiter binary failed");
    }
    Ok(bin)
}

/// An `arbiter serve` process.
pub struct ServerProcess {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
}

impl ServerProcess {
    /// Starts `arbiter serve` on a free port against `database_url` (and
    /// Redis), and waits until it answers.
    ///
    /// # Errors
    /// It did not start.
    pub async fn spawn(database_url: &str, redis_url: Option<&str>) -> anyhow::Result<ServerProcess> {
        ServerProcess::spawn_bin(&arbiter_binary()?, database_url, redis_url, &[]).await
    }

    /// Starts a given `arbiter` binary (e.g. a release build for benchmarks)
    /// with `extra` flags for `arbiter serve`.
    ///
    /// # Errors
    /// It did not start.
    pub async fn spawn_bin(
        bin: &std::path::Path,
        database_url: &str,
        redis_url: Option<&str>,
        extra: &[&str],
    ) -> anyhow::Result<ServerProcess> {
        let port = free_port()?;
        let mut cmd = Command::new(bin);
        cmd.args(["serve", "--bind", &format!("127.0.0.1:{port}"), "--database-url", database_url, "--log", "warn"])
            .env_remove("REDIS_URL")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if let Some(r) = redis_url {
            cmd.args(["--redis-url", r]);
        }
        cmd.args(extra);
        let child = cmd.spawn()?;
        let p = ServerProcess { child, base: format!("http://127.0.0.1:{port}") };
        wait_port(port, Duration::from_secs(30)).await?;
        Ok(p)
    }

    /// The process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The WebSocket base (`ws://127.0.0.1:PORT`).
    #[must_use]
    pub fn ws_base(&self) -> String {
        self.base.replacen("http", "ws", 1)
    }

    /// Kills the process with SIGKILL (no chance to clean up) and reaps it.
    pub fn kill9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends SIGTERM (graceful shutdown) and waits for the exit status.
    ///
    /// # Errors
    /// The signal could not be sent.
    pub fn terminate(&mut self) -> anyhow::Result<std::process::ExitStatus> {
        self.send_term()?;
        Ok(self.child.wait()?)
    }

    /// Sends SIGTERM (graceful shutdown) without waiting: the caller's
    /// clients can then answer the server's goodbyes (see [`Self::terminate`]).
    ///
    /// # Errors
    /// The signal could not be sent.
    pub fn send_term(&self) -> anyhow::Result<()> {
        Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status()?;
        Ok(())
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill9();
    }
}

/// A private `redis-server` on its own port, stoppable and restartable.
pub struct RedisProcess {
    child: Option<Child>,
    /// Its port.
    pub port: u16,
}

impl RedisProcess {
    /// Starts one.
    ///
    /// # Errors
    /// `redis-server` did not start.
    pub async fn spawn() -> anyhow::Result<RedisProcess> {
        let mut r = RedisProcess { child: None, port: free_port()? };
        r.start().await?;
        Ok(r)
    }

    /// `redis://127.0.0.1:PORT`.
    #[must_use]
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Starts it (again) on its port.
    ///
    /// # Errors
    /// `redis-server` did not start.
    pub async fn start(&mut self) -> anyhow::Result<()> {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?;
        self.child = Some(child);
        wait_port(self.port, Duration::from_secs(10)).await
    }

    /// Stops it abruptly.
    pub fn stop(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

impl Drop for RedisProcess {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A private PostgreSQL server (initdb in a temporary directory, its own
/// port), stoppable and restartable. Run as the `postgres` user when root.
pub struct PgProcess {
    dir: tempfile::TempDir,
    bin: PathBuf,
    /// Its port.
    pub port: u16,
}

fn pg_bin() -> anyhow::Result<PathBuf> {
    let root = PathBuf::from("/usr/lib/postgresql");
    let mut versions: Vec<PathBuf> =
        std::fs::read_dir(&root)?.filter_map(|e| e.ok().map(|e| e.path().join("bin"))).collect();
    versions.sort();
    versions.pop().ok_or_else(|| anyhow::anyhow!("no PostgreSQL under {}", root.display()))
}

fn as_postgres(program: &std::path::Path, args: &[&str]) -> Command {
    // Root may not run initdb or postgres: switch to the postgres account.
    let root = std::env::var("USER").is_ok_and(|u| u == "root")
        || Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0"));
    if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program).args(args);
        c
    } else {
        let mut c = Command::new(program);
        c.args(args);
        c
    }
}

impl PgProcess {
    /// Creates a cluster and starts it.
    ///
    /// # Errors
    /// initdb or the server failed.
    pub async fn spawn() -> anyhow::Result<PgProcess> {
        let dir = tempfile::tempdir()?;
        let _ = Command::new("chown").args(["postgres:postgres", &dir.path().display().to_string()]).status();
        let bin = pg_bin()?;
        let data = dir.path().join("data");
        let status =
            as_postgres(&bin.join("initdb"), &["-D", &data.display().to_string(), "-A", "trust", "-U", "postgres"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()?;
        anyhow::ensure!(status.success(), "initdb failed");
        let mut pg = PgProcess { dir, bin, port: free_port()? };
        pg.start().await?;
        Ok(pg)
    }

    /// `postgres://postgres@127.0.0.1:PORT/postgres`.
    #[must_use]
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Starts the server (again).
    ///
    /// # Errors
    /// It did not start.
    pub async fn start(&mut self) -> anyhow::Result<()> {
        let data = self.dir.path().join("data").display().to_string();
        let log = self.dir.path().join("log").display().to_string();
        let opts = format!("-p {} -k {} -c listen_addresses=127.0.0.1", self.port, self.dir.path().display());
        let status = as_postgres(&self.bin.join("pg_ctl"), &["-D", &data, "-o", &opts, "-l", &log, "-w", "start"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()?;
        anyhow::ensure!(status.success(), "pg_ctl start failed");
        wait_port(self.port, Duration::from_secs(20)).await
    }

    /// Stops the server immediately (connections are cut, as in a crash or restart).
    pub fn stop(&mut self) {
        let data = self.dir.path().join("data").display().to_string();
        let _ = as_postgres(&self.bin.join("pg_ctl"), &["-D", &data, "-m", "immediate", "-w", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

impl Drop for PgProcess {
    fn drop(&mut self) {
        self.stop();
    }
}
