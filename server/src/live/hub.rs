//! The hub: this instance's rooms, and the task routing bus events to them.

use super::room::{self, RoomMsg};
use super::LiveEvent;
use crate::bus::{Bus, BusMsg};
use crate::store::Store;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{broadcast, mpsc, oneshot};
use uuid::Uuid;

/// How many events may wait in one viewer's queue; a viewer further behind
/// is cut off and resynchronised with a snapshot.
pub const VIEWER_QUEUE: usize = 512;

/// Counters for metrics and tests.
#[derive(Debug, Default)]
pub struct HubStats {
    /// Viewers currently joined to a room.
    pub viewers: AtomicU64,
    /// Event frames handed to viewers' queues.
    pub delivered: AtomicU64,
    /// Viewers cut off because their queue was full.
    pub dropped_slow: AtomicU64,
    /// Events read from the database to fill a gap in the bus stream.
    pub gap_filled: AtomicU64,
}

/// A viewer's membership in a room: its queue, and the sequence number the
/// room had reached when it joined (the queue holds every event after it).
pub struct Subscription {
    /// The viewer's id within the room.
    pub id: u64,
    /// Events after `joined_at`, in order, without gaps. `None` from `recv`
    /// means the room cut this viewer off (too slow) or closed.
    pub events: mpsc::Receiver<Arc<LiveEvent>>,
    /// The room's last sequence number at the moment of joining.
    pub joined_at: i64,
}

struct Inner {
    store: Store,
    shutdown: tokio::sync::watch::Sender<bool>,
    rooms: Mutex<HashMap<Uuid, mpsc::Sender<RoomMsg>>>,
    next_id: AtomicU64,
    stats: Arc<HubStats>,
}

/// This instance's live rooms (cheap to clone).
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

impl Hub {
    /// Starts the hub: a task that forwards everything on `bus` to the rooms.
    #[must_use]
    pub fn start(store: Store, bus: &dyn Bus) -> Hub {
        let hub = Hub {
            inner: Arc::new(Inner {
                store,
                shutdown: tokio::sync::watch::channel(false).0,
                rooms: Mutex::new(HashMap::new()),
                next_id: AtomicU64::new(1),
                stats: Arc::new(HubStats::default()),
            }),
        };
        tokio::spawn(route(hub.clone(), bus.subscribe()));
        hub
    }

    /// Tells every session to close with a "reconnect" reason (graceful shutdown).
    pub fn shut_down(&self) {
        let _ = self.inner.shutdown.send(true);
    }

    /// A receiver that changes when the server shuts down.
    #[must_use]
    pub fn shutdown_signal(&self) -> tokio::sync::watch::Receiver<bool> {
        self.inner.shutdown.subscribe()
    }

    /// The counters.
    #[must_use]
    pub fn stats(&self) -> &HubStats {
        &self.inner.stats
    }

    /// Number of rooms open on this instance.
    #[must_use]
    pub fn room_count(&self) -> usize {
        self.inner.rooms.lock().map(|r| r.len()).unwrap_or(0)
    }

    /// Joins `tournament`'s room (opening it if needed).
    ///
    /// # Errors
    /// Only if rooms keep closing under us (never in practice).
    pub async fn join(&self, tournament: Uuid) -> Result<Subscription, &'static str> {
        for _ in 0..5 {
            let room = self.room(tournament);
            let (tx, events) = mpsc::channel(VIEWER_QUEUE);
            let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
            let (reply, joined) = oneshot::channel();
            if room.send(RoomMsg::Join { id, tx, reply }).await.is_err() {
                self.forget(tournament, &room);
                continue;
            }
            if let Ok(joined_at) = joined.await {
                self.inner.stats.viewers.fetch_add(1, Ordering::Relaxed);
                return Ok(Subscription { id, events, joined_at });
            }
            self.forget(tournament, &room);
        }
        Err("the live room could not be opened")
    }

    /// Leaves a room (when the socket closes).
    pub fn leave(&self, tournament: Uuid, id: u64) {
        self.inner.stats.viewers.fetch_sub(1, Ordering::Relaxed);
        let room = self.inner.rooms.lock().ok().and_then(|r| r.get(&tournament).cloned());
        if let Some(room) = room {
            let _ = room.try_send(RoomMsg::Leave { id });
        }
    }

    fn room(&self, tournament: Uuid) -> mpsc::Sender<RoomMsg> {
        let Ok(mut rooms) = self.inner.rooms.lock() else {
            // A poisoned lock means a panic elsewhere; open an unshared room.
            return room::open(tournament, self.clone(), self.inner.store.clone(), self.inner.stats.clone());
        };
        if let Some(r) = rooms.get(&tournament).filter(|r| !r.is_closed()) {
            return r.clone();
        }
        let r = room::open(tournament, self.clone(), self.inner.store.clone(), self.inner.stats.clone());
        rooms.insert(tournament, r.clone());
        r
    }

    /// Removes `room` from the map if it is still the registered room of `tournament`.
    pub(super) fn forget(&self, tournament: Uuid, room: &mpsc::Sender<RoomMsg>) {
        if let Ok(mut rooms) = self.inner.rooms.lock() {
            if rooms.get(&tournament).is_some_and(|r| r.same_channel(room)) {
                rooms.remove(&tournament);
            }
        }
    }

    fn rooms(&self) -> Vec<(Uuid, mpsc::Sender<RoomMsg>)> {
        self.inner.rooms.lock().map(|r| r.iter().map(|(k, v)| (*k, v.clone())).collect()).unwrap_or_default()
    }
}

async fn route(hub: Hub, mut rx: broadcast::Receiver<BusMsg>) {
    loop {
        match rx.recv().await {
            Ok(BusMsg::Event(e)) => {
                let room = hub.inner.rooms.lock().ok().and_then(|r| r.get(&e.tournament_id).cloned());
                if let Some(room) = room {
                    // A full room queue drops the event; the room's next
                    // database check (or the next event's gap) recovers it.
                    let _ = room.try_send(RoomMsg::Event(e));
                }
            }
            Ok(BusMsg::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
                for (_, room) in hub.rooms() {
                    let _ = room.try_send(RoomMsg::Check);
                }
            }
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}
