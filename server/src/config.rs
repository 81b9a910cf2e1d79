//! Settings for `arbiter serve`, parsed once from flags with environment
//! fallbacks and passed down (no globals).

use clap::Args;

/// How to run the server.
#[derive(Clone, Debug, Args)]
pub struct Settings {
    /// Address to listen on.
    #[arg(long, env = "ARBITER_BIND", default_value = "127.0.0.1:3005")]
    pub bind: String,
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
    /// how long data sent on any connection may stay unacknowledged before it is reset.
    #[arg(long, env = "ARBITER_WS_TIMEOUT_SECS", default_value_t = 35)]
    pub ws_timeout_secs: u64,
}

impl Settings {
    /// Settings for tests and the demo: `bind` and `database_url` given, the rest default.
    #[must_use]
    pub fn new(bind: impl Into<String>, database_url: impl Into<String>, redis_url: Option<String>) -> Settings {
        Settings {
            bind: bind.into(),
            database_url: database_url.into(),
            redis_url,
            log: "info".into(),
            log_json: false,
            secure_cookies: false,
            ws_heartbeat_secs: 10,
            ws_timeout_secs: 35,
        }
    }
}
