//! Building and running the application: storage, bus, live hub, HTTP server.
//! Tests and the demo run exactly this code on port 0.

use crate::app::AppState;
use crate::auth::csrf::OriginCheck;
use crate::bus::{Bus, LocalBus, RedisBus};
use crate::config::Settings;
use crate::live::{Hub, SharedStandings};
use crate::store::Store;
use actix_web::{web, App, HttpServer};
use anyhow::Context as _;
use std::net::TcpListener;
use std::sync::Arc;

/// A built, bound, not yet running server.
pub struct Application {
    port: u16,
    server: actix_web::dev::Server,
    state: AppState,
    /// The task writing `--backup-every` backups.
    backups: Option<tokio::task::AbortHandle>,
    /// The task announcing the captains' step timers that ran out.
    timers: tokio::task::AbortHandle,
}

impl Application {
    /// Connects the database (creating and migrating it), the bus (Redis if
    /// `redis_url` is set), starts the live hub and binds the listener.
    ///
    /// # Errors
    /// The database or Redis cannot be reached, or the address cannot be bound.
    pub async fn build(settings: Settings) -> anyhow::Result<Application> {
        let store = Store::connect(&settings.database_url).await?;
        let (bus, shared): (Arc<dyn Bus>, SharedStandings) = match &settings.redis_url {
            Some(url) => {
                let bus = RedisBus::connect(url).await?;
                let shared = SharedStandings::redis(bus.connection());
                (Arc::new(bus), shared)
            }
            None => (Arc::new(LocalBus::default()), SharedStandings::default()),
        };
        let hub = Hub::start(store.clone(), bus.clone(), shared);
        let address = settings.listen_address();
        let listener = TcpListener::bind(&address).with_context(|| format!("binding {address}"))?;
        let port = listener.local_addr()?.port();
        let mut metrics = prometheus_client::registry::Registry::default();
        hub.stats().register(&mut metrics);
        store.register_metrics(&mut metrics);
        let backups = settings.backup_every.map(|every| {
            let schedule = crate::backup::Schedule {
                every,
                dir: settings.backup_dir.clone(),
                keep: settings.backup_keep as usize,
            };
            schedule.spawn(store.clone(), settings.database_url.clone()).abort_handle()
        });
        let http_stats = Arc::new(crate::http::metrics::HttpStats::default());
        http_stats.register(&mut metrics);
        let state = AppState {
            ctx: crate::service::Ctx { store: store.clone(), bus, claim_code_days: settings.claim_code_days },
            hub,
            passwords: crate::auth::password::Hasher::per_core(),
            limits: Arc::new(crate::auth::limits::Limits::new(&settings)),
            settings: Arc::new(settings),
            metrics: Arc::new(metrics),
        };
        let timers = crate::service::teams::timer::watch(state.ctx.clone()).abort_handle();
        let data = web::Data::new(state.clone());
        // What the request guards read (the session's account, the Origin check).
        let store_data = web::Data::new(store);
        let settings_data = web::Data::from(state.settings.clone());
        // The kernel's backstop comes after the live sockets' own write deadline,
        // so a client that stops reading is cut off by the session first.
        let unacknowledged = std::time::Duration::from_secs(2 * state.settings.ws_timeout_secs.max(1));
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .app_data(store_data.clone())
                .app_data(settings_data.clone())
                .wrap(crate::http::catch_panic::CatchPanic)
                .wrap(actix_web::middleware::from_fn(crate::http::code_limit::limit))
                .wrap(actix_web::middleware::from_fn(crate::lan::host_check))
                .wrap(actix_web::middleware::from_fn(crate::http::body_limit::cap))
                .wrap(crate::http::body_limit::json_errors())
                .wrap(OriginCheck)
                .wrap(crate::http::security_headers())
                .wrap(actix_web::middleware::from_fn(crate::http::embed::embed))
                .wrap(tracing_actix_web::TracingLogger::<crate::http::peer::ClientSpan>::new())
                .wrap(crate::http::metrics::RecordHttp(http_stats.clone()))
                .wrap(actix_web::middleware::from_fn(crate::http::translate::middleware))
                .configure(crate::http::routes)
        })
        .on_connect(move |conn, _| on_connect(conn, unacknowledged))
        // Live frames are small and must leave at once: with Nagle's algorithm
        // (the OS default) a frame written while the last is unacknowledged
        // waits for the client's delayed ACK, up to 40 ms (measured: every
        // second's slowest confirmation took 45–60 ms, 24 ms of it the server's).
        .tcp_nodelay(true)
        .listen(listener)?
        .disable_signals()
        .shutdown_timeout(15)
        .run();
        Ok(Application { port, server, state, backups, timers })
    }

    /// The bound port (useful with `:0`).
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The shared state (for tests).
    #[must_use]
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// A handle that shuts the server down gracefully.
    #[must_use]
    pub fn stopper(&self) -> Stopper {
        Stopper {
            server: self.server.handle(),
            hub: self.state.hub.clone(),
            backups: self.backups.clone(),
            timers: self.timers.clone(),
        }
    }

    /// Runs until SIGINT or SIGTERM, then shuts down gracefully: live sockets
    /// are closed with a reconnect hint, in-flight requests finish (up to 15 s).
    ///
    /// # Errors
    /// The server failed.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let stopper = self.stopper();
        tokio::spawn(async move {
            wait_for_signal().await;
            stopper.stop().await;
        });
        self.server.await
    }
}

/// Stops a running server gracefully: live sockets are closed with a
/// reconnect hint, then in-flight requests finish (up to 15 s).
#[derive(Clone)]
pub struct Stopper {
    server: actix_web::dev::ServerHandle,
    hub: Hub,
    backups: Option<tokio::task::AbortHandle>,
    timers: tokio::task::AbortHandle,
}

impl Stopper {
    /// Shuts down and waits until the server has stopped.
    pub async fn stop(&self) {
        tracing::info!("shutting down: closing live sockets and draining requests");
        if let Some(b) = &self.backups {
            b.abort();
        }
        self.timers.abort();
        self.hub.shut_down();
        self.server.stop(true).await;
    }
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Sets up an accepted connection: the kernel closes it once data sent on it
/// has stayed unacknowledged (or unsent, behind a zero window: a peer that
/// stopped reading) for `timeout` (twice a live socket's write deadline: the
/// session gives up first), so a stuck client never holds a socket and its
/// buffers for long.
fn on_connect(conn: &dyn std::any::Any, timeout: std::time::Duration) {
    #[cfg(target_os = "linux")]
    if let Some(tcp) = conn.downcast_ref::<actix_web::rt::net::TcpStream>() {
        let socket = socket2::SockRef::from(tcp);
        if let Err(e) = socket.set_tcp_user_timeout(Some(timeout)) {
            tracing::warn!(error = %e, "cannot set TCP_USER_TIMEOUT on a connection");
        }
        // What the kernel keeps queued for one client is bounded (it grows to
        // 4 MiB by default): a live socket dropped for falling behind leaves
        // at most this much to drain, and an idle viewer never pins more.
        if let Err(e) = socket.set_send_buffer_size(SEND_BUFFER) {
            tracing::warn!(error = %e, "cannot set SO_SNDBUF on a connection");
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (conn, timeout);
}

/// The send buffer a connection asks the kernel for, in bytes (Linux
/// doubles it for its bookkeeping): far above a live frame or a page, and
/// 5 MB/s at 50 ms round trips.
const SEND_BUFFER: usize = 128 * 1024;

/// Installs the tracing subscriber (text or JSON lines) with `filter`.
pub fn init_tracing(filter: &str, json: bool) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_target(false);
    let _ = if json { builder.json().try_init() } else { builder.try_init() };
    crate::http::catch_panic::log_panics_as_one_line();
}
