//! Live metrics: viewers, rooms, events, frames, drops, latency.

use crate::bus::LiveEvent;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

/// Live metrics (Prometheus types: cheap to clone, shared with the registry).
#[derive(Debug)]
pub struct HubStats {
    /// Viewers connected to this instance.
    pub viewers: Gauge,
    /// Rooms open on this instance.
    pub rooms: Gauge,
    /// Events fanned out by rooms (their rate is events per second).
    pub events: Counter,
    /// Frames handed to viewers' queues.
    pub delivered: Counter,
    /// Viewers cut off because their queue was full.
    pub dropped_slow: Counter,
    /// Sockets closed because the client stopped reading (a write missed its deadline).
    pub stalled: Counter,
    /// Sockets closed because the sign-in session they were opened with
    /// ended (signed out or expired).
    pub signed_out: Counter,
    /// Events read from the database to fill a gap in the bus stream.
    pub gap_filled: Counter,
    /// Standings recomputations by rooms.
    pub recomputes: Counter,
    /// Seconds from an event's commit to its fan-out by this instance's room.
    pub fanout_latency: Histogram,
}

impl Default for HubStats {
    fn default() -> HubStats {
        let buckets = [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];
        HubStats {
            viewers: Gauge::default(),
            rooms: Gauge::default(),
            events: Counter::default(),
            delivered: Counter::default(),
            dropped_slow: Counter::default(),
            stalled: Counter::default(),
            signed_out: Counter::default(),
            gap_filled: Counter::default(),
            recomputes: Counter::default(),
            fanout_latency: Histogram::new(buckets),
        }
    }
}

impl HubStats {
    /// Registers every metric under `arbiter_live_*`.
    pub fn register(&self, r: &mut Registry) {
        r.register("arbiter_live_viewers", "WebSocket viewers connected to this instance", self.viewers.clone());
        r.register("arbiter_live_rooms", "Tournament rooms open on this instance", self.rooms.clone());
        r.register("arbiter_live_events", "Events fanned out by this instance's rooms", self.events.clone());
        r.register("arbiter_live_frames_delivered", "Frames queued to viewers", self.delivered.clone());
        r.register(
            "arbiter_live_queue_drops",
            "Viewers cut off because their queue was full",
            self.dropped_slow.clone(),
        );
        r.register(
            "arbiter_live_stalled_closed",
            "Live sockets closed because the client stopped reading",
            self.stalled.clone(),
        );
        r.register(
            "arbiter_live_signed_out_closed",
            "Live sockets closed because their sign-in session ended",
            self.signed_out.clone(),
        );
        r.register(
            "arbiter_live_gap_filled",
            "Events read from the database to fill bus gaps",
            self.gap_filled.clone(),
        );
        r.register("arbiter_live_standings_recomputes", "Standings recomputed for live views", self.recomputes.clone());
        r.register(
            "arbiter_live_fanout_latency_seconds",
            "Seconds from an event's commit to its fan-out here",
            self.fanout_latency.clone(),
        );
    }

    /// Records an event's commit-to-fan-out latency.
    pub fn observe_lag(&self, e: &LiveEvent) {
        self.events.inc();
        let ms = crate::domain::now_millis().saturating_sub(e.at).max(0);
        #[allow(clippy::cast_precision_loss)]
        self.fanout_latency.observe(ms as f64 / 1000.0);
    }
}
