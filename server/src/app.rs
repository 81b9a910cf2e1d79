//! The state every request handler shares.

use crate::bus::Bus;
use crate::config::Settings;
use crate::live::Hub;
use crate::store::Store;
use std::sync::Arc;

/// Shared application state (cheap to clone).
#[derive(Clone)]
pub struct AppState {
    /// The database.
    pub store: Store,
    /// Where committed events go (in-process, or Redis pub/sub).
    pub bus: Arc<dyn Bus>,
    /// This instance's live rooms and WebSocket sessions.
    pub hub: Hub,
    /// The settings the server started with.
    pub settings: Arc<Settings>,
    /// Prometheus metrics, served at `/metrics`.
    pub metrics: Arc<prometheus_client::registry::Registry>,
}
