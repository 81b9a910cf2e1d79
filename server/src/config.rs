//! Settings for `arbiter serve`, parsed once from flags with environment
//! fallbacks and passed down (no globals).

use clap::Args;

/// How to run the server. Its `Debug` shows the database and Redis URLs
/// without their passwords.
#[derive(Clone, Args)]
pub struct Settings {
    /// Address to listen on.
    #[arg(long, env = "ARBITER_BIND", default_value = "127.0.0.1:3005")]
    pub bind: String,
    /// Listen on every network interface (on `--bind`'s port), for the phones
    /// and screens on the venue's network: prints the addresses to open and a
    /// QR code of the first.
    #[arg(long, env = "ARBITER_LAN", default_value_t = false)]
    pub lan: bool,
    /// Database URL: `sqlite://path?mode=rwc` (default, created at start) or `postgres://…`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/arbiter.db?mode=rwc")]
    pub database_url: String,
    /// Redis URL for pub/sub between instances (`redis://127.0.0.1:6379`); without it
    /// live events stay in this process.
    #[arg(long, env = "REDIS_URL")]
    pub redis_url: Option<String>,
    /// Log filter (tracing `EnvFilter` syntax), e.g. `info` or `arbiter_server=debug`.
    #[arg(long = "log", env = "RUST_LOG", default_value = "info")]
    pub log: String,
    /// Log as JSON lines instead of human-readable text.
    #[arg(long, env = "ARBITER_LOG_JSON", default_value_t = false)]
    pub log_json: bool,
    /// Cookies marked `Secure` (set this when serving over HTTPS).
    #[arg(long, env = "ARBITER_SECURE_COOKIES", default_value_t = false)]
    pub secure_cookies: bool,
    /// Seconds between the pings a live socket is sent.
    #[arg(long, env = "ARBITER_WS_HEARTBEAT_SECS", default_value_t = 10)]
    pub ws_heartbeat_secs: u64,
    /// Seconds of silence (no frame, no pong) after which a live socket is closed; also
    /// how long a write to a socket may wait (a client that stops reading is cut off) and
    /// half of how long data sent on any connection may stay unacknowledged before it is reset.
    #[arg(long, env = "ARBITER_WS_TIMEOUT_SECS", default_value_t = 35)]
    pub ws_timeout_secs: u64,
    /// The address people reach the server at, e.g. `https://arbiter.example.org`
    /// (scheme, host and port). Requests and live sockets whose `Origin` is not
    /// this one are refused. Without it, the origin is the request's own `Host`
    /// over `http` (or what a trusted proxy forwards).
    #[arg(long, env = "ARBITER_PUBLIC_URL", value_parser = parse_public_url)]
    pub public_url: Option<url::Url>,
    /// Serve `/metrics` to anyone (off: only to loopback and trusted-proxy addresses).
    #[arg(long, env = "ARBITER_PUBLIC_METRICS", default_value_t = false)]
    pub public_metrics: bool,
    /// Addresses of reverse proxies whose `X-Forwarded-For` is believed (comma-separated).
    /// Requests from anyone else are counted by their own address.
    #[arg(long = "trusted-proxy", env = "ARBITER_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// The venue's shared public addresses (comma-separated): the address a
    /// whole room of players signs in from. Failed sign-ins from one of them
    /// never lock the others out (see SECURITY.md); each account keeps its own limit.
    #[arg(long = "venue-address", env = "ARBITER_VENUE_ADDRESSES", value_delimiter = ',')]
    pub venue_addresses: Vec<std::net::IpAddr>,
    /// Failed sign-ins and sign-ups one client address may make at once
    /// (successful sign-ins are not counted; a venue's players share one
    /// public address: keep it above the field size).
    #[arg(long, env = "ARBITER_AUTH_BURST_PER_ADDRESS", default_value_t = 600)]
    pub auth_burst_per_address: u32,
    /// Failed sign-ins and sign-ups per minute one client address regains after a burst.
    #[arg(long, env = "ARBITER_AUTH_PER_MINUTE_PER_ADDRESS", default_value_t = 300)]
    pub auth_per_minute_per_address: u32,
    /// Sign-in attempts one account (e-mail) may have at once from one client
    /// address, right or wrong (another address has its own).
    #[arg(long, env = "ARBITER_AUTH_BURST_PER_ACCOUNT", default_value_t = 10)]
    pub auth_burst_per_account: u32,
    /// Sign-in attempts per minute one account regains, per address, after a burst.
    #[arg(long, env = "ARBITER_AUTH_PER_MINUTE_PER_ACCOUNT", default_value_t = 5)]
    pub auth_per_minute_per_account: u32,
    /// Live sockets one client address may hold open at once.
    #[arg(long, env = "ARBITER_WS_PER_ADDRESS", default_value_t = 1000)]
    pub ws_per_address: u32,
    /// Write a backup this often while serving (`90s`, `10m`, `1h`), into `--backup-dir`.
    #[arg(long, env = "ARBITER_BACKUP_EVERY", value_parser = crate::backup::parse_every)]
    pub backup_every: Option<std::time::Duration>,
    /// Where `--backup-every` writes its backups (`arbiter-YYYYMMDD-HHMMSS.db`, UTC).
    #[arg(long, env = "ARBITER_BACKUP_DIR", default_value = "data/backups")]
    pub backup_dir: std::path::PathBuf,
    /// How many of those backups are kept (the oldest are deleted).
    #[arg(long, env = "ARBITER_BACKUP_KEEP", default_value_t = 24, value_parser = clap::value_parser!(u32).range(1..))]
    pub backup_keep: u32,
    /// The most players one roster CSV may add (every row is an entry, written in one transaction).
    #[arg(long, env = "ARBITER_IMPORT_MAX_PLAYERS", default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..))]
    pub import_max_players: u32,
    /// Days a claim code (an entry handed to its player) stays valid after it is issued.
    #[arg(long, env = "ARBITER_CLAIM_CODE_DAYS", default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=3650))]
    pub claim_code_days: u32,
    /// Origins (comma-separated, `https://club.example.org`) whose pages may embed this server's
    /// public views: read its public `GET` routes (CORS), frame the board, standings, bracket and
    /// overlay pages, and open the live socket of a public view. None by default.
    #[arg(long = "embed-origins", env = "ARBITER_EMBED_ORIGINS", value_delimiter = ',', value_parser = parse_origin)]
    pub embed_origins: Vec<String>,
}

impl Settings {
    /// The address to listen on: `--bind`, or with `--lan` every interface
    /// (`0.0.0.0`) on `--bind`'s port.
    #[must_use]
    pub fn listen_address(&self) -> String {
        if !self.lan {
            return self.bind.clone();
        }
        let port = self.bind.rsplit_once(':').map_or("3005", |(_, p)| p);
        format!("0.0.0.0:{port}")
    }

    /// Settings for tests and the demo: `bind` and `database_url` given, the rest default.
    #[must_use]
    pub fn new(bind: impl Into<String>, database_url: impl Into<String>, redis_url: Option<String>) -> Settings {
        Settings {
            bind: bind.into(),
            lan: false,
            database_url: database_url.into(),
            redis_url,
            log: "info".into(),
            log_json: false,
            secure_cookies: false,
            ws_heartbeat_secs: 10,
            ws_timeout_secs: 35,
            public_url: None,
            public_metrics: false,
            trusted_proxies: Vec::new(),
            venue_addresses: Vec::new(),
            auth_burst_per_address: 600,
            auth_per_minute_per_address: 300,
            auth_burst_per_account: 10,
            auth_per_minute_per_account: 5,
            ws_per_address: 1000,
            backup_every: None,
            backup_dir: "data/backups".into(),
            backup_keep: 24,
            import_max_players: 2000,
            claim_code_days: 30,
            embed_origins: Vec::new(),
        }
    }
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Every field named, so a new one is not left out by mistake.
        let Settings {
            bind,
            lan,
            database_url,
            redis_url,
            log,
            log_json,
            secure_cookies,
            ws_heartbeat_secs,
            ws_timeout_secs,
            public_url,
            public_metrics,
            trusted_proxies,
            venue_addresses,
            auth_burst_per_address,
            auth_per_minute_per_address,
            auth_burst_per_account,
            auth_per_minute_per_account,
            ws_per_address,
            backup_every,
            backup_dir,
            backup_keep,
            import_max_players,
            claim_code_days,
            embed_origins,
        } = self;
        f.debug_struct("Settings")
            .field("bind", bind)
            .field("lan", lan)
            .field("database_url", &crate::store::redact(database_url))
            .field("redis_url", &redis_url.as_deref().map(crate::store::redact))
            .field("log", log)
            .field("log_json", log_json)
            .field("secure_cookies", secure_cookies)
            .field("ws_heartbeat_secs", ws_heartbeat_secs)
            .field("ws_timeout_secs", ws_timeout_secs)
            .field("public_url", public_url)
            .field("public_metrics", public_metrics)
            .field("trusted_proxies", trusted_proxies)
            .field("venue_addresses", venue_addresses)
            .field("auth_burst_per_address", auth_burst_per_address)
            .field("auth_per_minute_per_address", auth_per_minute_per_address)
            .field("auth_burst_per_account", auth_burst_per_account)
            .field("auth_per_minute_per_account", auth_per_minute_per_account)
            .field("ws_per_address", ws_per_address)
            .field("backup_every", backup_every)
            .field("backup_dir", backup_dir)
            .field("backup_keep", backup_keep)
            .field("import_max_players", import_max_players)
            .field("claim_code_days", claim_code_days)
            .field("embed_origins", embed_origins)
            .finish()
    }
}

/// Parses `--public-url`: an `http` or `https` URL with a host.
fn parse_public_url(s: &str) -> Result<url::Url, String> {
    let u = url::Url::parse(s).map_err(|e| format!("not a URL ({e}); write it like https://arbiter.example.org"))?;
    if !matches!(u.scheme(), "http" | "https") || u.host_str().is_none() {
        return Err("the public URL must be http:// or https:// with a host, like https://arbiter.example.org".into());
    }
    Ok(u)
}

/// Parses one of `--embed-origins`: an `http` or `https` origin (scheme,
/// host, port if not the default; no path), as browsers send it in `Origin`.
fn parse_origin(s: &str) -> Result<String, String> {
    let u = url::Url::parse(s.trim())
        .map_err(|e| format!("{s:?} is not an origin ({e}); write it like https://club.example.org"))?;
    if !matches!(u.scheme(), "http" | "https") || u.host_str().is_none() || u.path().len() > 1 || u.query().is_some() {
        return Err(format!("{s:?} is not an origin: http:// or https://, a host, no path (https://club.example.org)"));
    }
    Ok(u.origin().ascii_serialization())
}

#[cfg(test)]
mod tests {
    use super::Settings;

    #[test]
    fn embed_origins_are_origins() {
        assert_eq!(super::parse_origin("https://Club.Example.org/").unwrap(), "https://club.example.org");
        assert_eq!(super::parse_origin("http://localhost:8080").unwrap(), "http://localhost:8080");
        assert_eq!(super::parse_origin("https://club.example.org:443").unwrap(), "https://club.example.org");
        assert!(super::parse_origin("https://club.example.org/page").is_err());
        assert!(super::parse_origin("ftp://club.example.org").is_err());
        assert!(super::parse_origin("club.example.org").is_err());
    }

    #[test]
    fn settings_show_no_passwords_when_debugged() {
        let s =
            Settings::new("127.0.0.1:0", "postgres://u:secret@db/arbiter", Some("redis://:hunter22@cache:6379".into()));
        let shown = format!("{s:?}");
        assert!(shown.contains("postgres://u:***@db/arbiter") && shown.contains("redis://:***@cache:6379"), "{shown}");
        assert!(!shown.contains("secret") && !shown.contains("hunter22"), "{shown}");
    }
}
