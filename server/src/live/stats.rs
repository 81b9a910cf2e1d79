//! Live metrics: viewers, rooms, events, frames, drops, latency, and the
//! time each stage from commit to socket takes ([`Stage`]).

use crate::bus::{now_micros, LiveEvent};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::time::{Duration, Instant};

/// A stage of an event's way from its commit to a viewer's socket, each
/// timed on every instance that fans the event out (the
/// `arbiter_live_stage_seconds{stage}` histogram). In order:
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// From the event's append to its publication on the bus: the rest of
    /// the change's transaction and its commit (wall clock, microseconds).
    Commit,
    /// From publication to this instance's hub taking it from the bus:
    /// in-process, or through Redis from another instance.
    Bus,
    /// From the hub to the room's taking it from its inbox.
    Inbox,
    /// The room's fan-out of one event: each view's frame built and every
    /// viewer's queue handed its own (once per event).
    FanOut,
    /// A frame waiting in a viewer's queue until its session takes it.
    Queue,
    /// A session handing what it took from its queue (one frame or several,
    /// coalesced) to the socket's writer.
    Write,
    /// The whole server side of one frame: from the event's append to its
    /// handing to the socket's writer (what remains to the viewer is the
    /// socket, the kernel and the client).
    Server,
    /// Apart from the way of an event: a room's sending of freshly
    /// recomputed standings (each window and player line compared, the
    /// changed ones' frames built and queued), once per recomputation.
    Standings,
    /// Apart from the way of an event: one recomputation of the standings
    /// (read from the database, computed, compared per view), beside the room.
    Recompute,
}

impl Stage {
    /// Every stage, in order.
    pub const ALL: [Stage; 9] = [
        Stage::Commit,
        Stage::Bus,
        Stage::Inbox,
        Stage::FanOut,
        Stage::Queue,
        Stage::Write,
        Stage::Server,
        Stage::Standings,
        Stage::Recompute,
    ];

    /// The `stage` label.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Stage::Commit => "commit",
            Stage::Bus => "bus",
            Stage::Inbox => "inbox",
            Stage::FanOut => "fan_out",
            Stage::Queue => "queue",
            Stage::Write => "write",
            Stage::Server => "server",
            Stage::Standings => "standings",
            Stage::Recompute => "recompute",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StageLabel {
    stage: &'static str,
}

fn stage_histogram() -> Histogram {
    Histogram::new([
        0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    ])
}

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
    /// Connections dropped because their viewer fell behind (its queue
    /// overflowed) and its socket could not take a `resync` at once.
    pub cut_off: Counter,
    /// Sockets closed because the sign-in session they were opened with
    /// ended (signed out or expired).
    pub signed_out: Counter,
    /// Events read from the database to fill a gap in the bus stream.
    pub gap_filled: Counter,
    /// Standings recomputations by rooms.
    pub recomputes: Counter,
    /// Of those, standings this instance computed itself.
    pub standings_computed: Counter,
    /// Of those, standings another instance computed and shared (see
    /// [`super::shared`]).
    pub standings_shared: Counter,
    /// Events the bus brought this instance.
    pub bus_received: Counter,
    /// Of those, events of tournaments no one here watches (dropped at once).
    pub bus_ignored: Counter,
    /// Seconds from an event's commit to its fan-out by this instance's room.
    pub fanout_latency: Histogram,
    /// Seconds each [`Stage`] took.
    stages: Family<StageLabel, Histogram, fn() -> Histogram>,
    /// Each stage's histogram, in [`Stage::ALL`]'s order (handles into `stages`).
    by_stage: Vec<Histogram>,
}

impl Default for HubStats {
    fn default() -> HubStats {
        let buckets = [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];
        let stages: Family<StageLabel, Histogram, fn() -> Histogram> =
            Family::new_with_constructor(stage_histogram as fn() -> Histogram);
        let by_stage =
            Stage::ALL.iter().map(|s| stages.get_or_create(&StageLabel { stage: s.name() }).clone()).collect();
        HubStats {
            viewers: Gauge::default(),
            rooms: Gauge::default(),
            events: Counter::default(),
            delivered: Counter::default(),
            dropped_slow: Counter::default(),
            stalled: Counter::default(),
            cut_off: Counter::default(),
            signed_out: Counter::default(),
            gap_filled: Counter::default(),
            recomputes: Counter::default(),
            standings_computed: Counter::default(),
            standings_shared: Counter::default(),
            bus_received: Counter::default(),
            bus_ignored: Counter::default(),
            fanout_latency: Histogram::new(buckets),
            stages,
            by_stage,
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
            "arbiter_live_fell_behind_closed",
            "Live connections dropped because the client fell behind and its socket was full",
            self.cut_off.clone(),
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
            "arbiter_live_standings_computed",
            "Standings this instance computed for live views",
            self.standings_computed.clone(),
        );
        r.register(
            "arbiter_live_standings_shared",
            "Standings another instance computed and this one took for live views",
            self.standings_shared.clone(),
        );
        r.register("arbiter_live_bus_received", "Events the bus brought this instance", self.bus_received.clone());
        r.register(
            "arbiter_live_bus_ignored",
            "Events the bus brought this instance for tournaments no one here watches",
            self.bus_ignored.clone(),
        );
        r.register(
            "arbiter_live_fanout_latency_seconds",
            "Seconds from an event's commit to its fan-out here",
            self.fanout_latency.clone(),
        );
        r.register(
            "arbiter_live_stage_seconds",
            "Seconds each stage from an event's commit to a viewer's socket took here \
             (commit, bus, inbox, fan_out, queue, write; server: commit to socket in all; \
             standings: a room's sending of recomputed standings; recompute: their computation)",
            self.stages.clone(),
        );
    }

    /// Records that `stage` took `took`.
    pub fn stage(&self, stage: Stage, took: Duration) {
        if let Some(h) = Stage::ALL.iter().position(|s| *s == stage).and_then(|i| self.by_stage.get(i)) {
            h.observe(took.as_secs_f64());
        }
    }

    /// Records that `stage` took from `since` until now.
    pub fn stage_since(&self, stage: Stage, since: Instant) {
        self.stage(stage, since.elapsed());
    }

    /// Records that `stage` took from the wall-clock microsecond `since_us`
    /// until now (nothing when `since_us` is unknown: 0).
    pub fn stage_since_micros(&self, stage: Stage, since_us: i64) {
        if since_us > 0 {
            let us = u64::try_from(now_micros().saturating_sub(since_us)).unwrap_or(0);
            self.stage(stage, Duration::from_micros(us));
        }
    }

    /// Records the stages an event went through before reaching this
    /// instance's hub (see [`crate::bus::Stamps`]).
    pub fn arrived(&self, e: &LiveEvent) {
        let s = e.stamps;
        if s.emitted_us > 0 && s.published_us >= s.emitted_us {
            let us = u64::try_from(s.published_us - s.emitted_us).unwrap_or(0);
            self.stage(Stage::Commit, Duration::from_micros(us));
        }
        self.stage_since_micros(Stage::Bus, s.published_us);
    }

    /// Records an event's commit-to-fan-out latency.
    pub fn observe_lag(&self, e: &LiveEvent) {
        self.events.inc();
        let ms = crate::domain::now_millis().saturating_sub(e.at).max(0);
        #[allow(clippy::cast_precision_loss)]
        self.fanout_latency.observe(ms as f64 / 1000.0);
    }
}
