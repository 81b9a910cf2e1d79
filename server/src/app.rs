//! The state every request handler shares.

use crate::auth::limits::Limits;
use crate::auth::password::Hasher;
use crate::config::Settings;
use crate::live::Hub;
use crate::service::Ctx;
use std::sync::Arc;

/// Shared application state (cheap to clone).
#[derive(Clone)]
pub struct AppState {
    /// What services work with: the database and the bus.
    pub ctx: Ctx,
    /// This instance's live rooms and WebSocket sessions.
    pub hub: Hub,
    /// The settings the server started with.
    pub settings: Arc<Settings>,
    /// Password hashing, one hash per core at a time.
    pub passwords: Hasher,
    /// Sign-in/sign-up rate limits and live sockets per address.
    pub limits: Arc<Limits>,
    /// Prometheus metrics, served at `/metrics`.
    pub metrics: Arc<prometheus_client::registry::Registry>,
}
