//! The hub: this instance's rooms, and the task routing bus events to them.

use super::room::{self, RoomMsg, SharedFrame};
use super::shared::SharedStandings;
use super::signin::{SignInWatch, SignIns};
use super::snapshots::Snapshots;
use super::standings::StandingsCache;
use super::stats::HubStats;
use super::view::View;
use crate::bus::{Bus, BusMsg, Control};
use crate::domain::TournamentId;
use crate::service::views::RoundView;
use crate::store::Store;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot, Notify};

/// How often the sign-in sessions of live sockets are checked against the
/// database (which also catches a sign-out whose bus message was lost).
pub const SIGN_IN_CHECK_EVERY: Duration = Duration::from_secs(30);

/// How many frames may wait in one viewer's queue; a viewer further behind
/// is cut off and resynchronised with a snapshot.
pub const VIEWER_QUEUE: usize = 512;

/// A viewer's membership in a room: its queue, and the sequence number the
/// room had reached when it joined (the queue holds what its view shows of
/// every later event).
pub struct Subscription {
    /// The viewer's id within the room.
    pub id: u64,
    /// Frames after `joined_at`, in order. `None` from `recv` means the room
    /// cut this viewer off (too slow) or closed.
    pub frames: mpsc::Receiver<SharedFrame>,
    /// Notified when the room cuts this viewer off because its queue
    /// overflowed (a permit is kept if nobody is waiting).
    pub overflowed: Arc<Notify>,
    /// The room's last sequence number at the moment of joining.
    pub joined_at: i64,
    /// Leaves the room when the subscription is dropped.
    _membership: Membership,
}

/// A viewer's place in a room: dropping it leaves the room, however the
/// session ended (even a task cancelled mid-await), so an idle room needs
/// no timer to find viewers gone without a word.
struct Membership {
    hub: Hub,
    tournament: TournamentId,
    id: u64,
}

impl Drop for Membership {
    fn drop(&mut self) {
        self.hub.leave(self.tournament, self.id);
    }
}

/// A tournament's latest round as last read, and the sequence number it was read at.
type RoundSlot = Arc<tokio::sync::Mutex<Option<(i64, Option<Arc<RoundView>>)>>>;

struct Inner {
    store: Store,
    /// Told which tournaments have rooms here (see [`Bus::watch`]).
    bus: Arc<dyn Bus>,
    /// Where the rooms share the standings they compute.
    shared: SharedStandings,
    /// The latest round of each tournament with viewers, shared by the
    /// snapshots of everyone who connects at the same sequence number (a
    /// venue's screens, a reconnect storm): one read serves them all.
    rounds: Mutex<HashMap<TournamentId, RoundSlot>>,
    /// The views' snapshot frames, shared the same way.
    snapshots: Snapshots,
    shutdown: tokio::sync::watch::Sender<bool>,
    rooms: Mutex<HashMap<TournamentId, mpsc::Sender<RoomMsg>>>,
    next_id: AtomicU64,
    stats: Arc<HubStats>,
    /// Sign-in sessions with live sockets here.
    sign_ins: SignIns,
    /// Asks for a check of the watched sign-in sessions now.
    check_sign_ins: tokio::sync::Notify,
}

/// This instance's live rooms (cheap to clone).
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

impl Hub {
    /// Starts the hub: a task that forwards everything on `bus` to the rooms
    /// (and tells `bus` which tournaments have rooms here); the rooms share
    /// the standings they compute through `shared`.
    #[must_use]
    pub fn start(store: Store, bus: Arc<dyn Bus>, shared: SharedStandings) -> Hub {
        let rx = bus.subscribe();
        let hub = Hub {
            inner: Arc::new(Inner {
                store,
                bus,
                shared,
                rounds: Mutex::new(HashMap::new()),
                snapshots: Snapshots::default(),
                shutdown: tokio::sync::watch::channel(false).0,
                rooms: Mutex::new(HashMap::new()),
                next_id: AtomicU64::new(1),
                stats: Arc::new(HubStats::default()),
                sign_ins: SignIns::default(),
                check_sign_ins: tokio::sync::Notify::new(),
            }),
        };
        tokio::spawn(route(hub.clone(), rx));
        tokio::spawn(check_heads(hub.clone()));
        tokio::spawn(check_sign_ins(hub.clone()));
        hub
    }

    /// Watches the sign-in session `session` (the SHA-256 hex of its token)
    /// for one live socket: the watch ends when the session is signed out on
    /// any instance, or expires. Register it before reading the session from
    /// the database (see [`super::signin`]).
    #[must_use]
    pub fn watch_sign_in(&self, session: String) -> SignInWatch {
        self.inner.sign_ins.watch(session)
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

    /// The database the rooms read.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The views' snapshot frames, shared by the viewers of each view.
    #[must_use]
    pub fn snapshots(&self) -> &Snapshots {
        &self.inner.snapshots
    }

    /// The metrics.
    #[must_use]
    pub fn stats(&self) -> &HubStats {
        &self.inner.stats
    }

    /// Joins `tournament`'s room (opening it if needed) to receive what `view` shows.
    ///
    /// # Errors
    /// Only if rooms keep closing under us (never in practice).
    pub async fn join(&self, tournament: TournamentId, view: View) -> Result<Subscription, &'static str> {
        for _ in 0..5 {
            let room = self.room(tournament);
            let (tx, frames) = mpsc::channel(VIEWER_QUEUE);
            let overflowed = Arc::new(Notify::new());
            let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
            let (reply, joined) = oneshot::channel();
            if room
                .send(RoomMsg::Join { id, view: view.clone(), tx, overflowed: overflowed.clone(), reply })
                .await
                .is_err()
            {
                self.forget(tournament, &room);
                continue;
            }
            if let Ok(joined_at) = joined.await {
                self.inner.stats.viewers.inc();
                let membership = Membership { hub: self.clone(), tournament, id };
                return Ok(Subscription { id, frames, overflowed, joined_at, _membership: membership });
            }
            self.forget(tournament, &room);
        }
        Err("the live room could not be opened")
    }

    /// Leaves a room (when a [`Subscription`] is dropped: the socket closed
    /// or changed view). A full inbox gets the message from a task of its own.
    fn leave(&self, tournament: TournamentId, id: u64) {
        self.inner.stats.viewers.dec();
        let room = self.inner.rooms.lock().ok().and_then(|r| r.get(&tournament).cloned());
        if let Some(room) = room {
            if let Err(mpsc::error::TrySendError::Full(msg)) = room.try_send(RoomMsg::Leave { id }) {
                if let Ok(rt) = tokio::runtime::Handle::try_current() {
                    rt.spawn(async move { room.send(msg).await });
                }
            }
        }
    }

    /// The tournament's standings as its room keeps them (computed if stale).
    pub async fn standings(&self, tournament: TournamentId) -> Option<StandingsCache> {
        let (reply, rx) = oneshot::channel();
        self.room(tournament).send(RoomMsg::Standings(reply)).await.ok()?;
        rx.await.ok().flatten()
    }

    fn room(&self, tournament: TournamentId) -> mpsc::Sender<RoomMsg> {
        let Ok(mut rooms) = self.inner.rooms.lock() else {
            // A poisoned lock means a panic elsewhere; open an unshared room.
            return self.open_room(tournament);
        };
        if let Some(r) = rooms.get(&tournament).filter(|r| !r.is_closed()) {
            return r.clone();
        }
        let r = self.open_room(tournament);
        rooms.insert(tournament, r.clone());
        self.inner.bus.watch(tournament);
        self.inner.stats.rooms.set(i64::try_from(rooms.len()).unwrap_or(i64::MAX));
        r
    }

    /// Opens a room task for `tournament`, which leaves the map when it closes.
    fn open_room(&self, tournament: TournamentId) -> mpsc::Sender<RoomMsg> {
        let hub = self.clone();
        let closed = move |room: &mpsc::Sender<RoomMsg>| hub.forget(tournament, room);
        room::open(tournament, self.inner.store.clone(), self.inner.shared.clone(), self.inner.stats.clone(), closed)
    }

    /// The latest round of `tournament` as of sequence number `seq`: from the
    /// cache when it was read at `seq`, else read by `load` (one reader at a
    /// time per tournament; the others wait and share its result).
    ///
    /// # Errors
    /// `load`'s error.
    pub async fn latest_round<E, F, Fut>(
        &self,
        tournament: TournamentId,
        seq: i64,
        load: F,
    ) -> Result<Option<Arc<RoundView>>, E>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<Option<RoundView>, E>>,
    {
        let slot = match self.inner.rounds.lock() {
            Ok(mut rounds) => rounds.entry(tournament).or_default().clone(),
            Err(_) => RoundSlot::default(),
        };
        let mut cached = slot.lock().await;
        if let Some((_, round)) = cached.as_ref().filter(|(at, _)| *at == seq) {
            return Ok(round.clone());
        }
        let round = load().await?.map(Arc::new);
        *cached = Some((seq, round.clone()));
        Ok(round)
    }

    /// Removes `room` from the map if it is still the registered room of `tournament`.
    fn forget(&self, tournament: TournamentId, room: &mpsc::Sender<RoomMsg>) {
        if let Ok(mut rounds) = self.inner.rounds.lock() {
            rounds.remove(&tournament);
        }
        self.inner.snapshots.forget(tournament);
        if let Ok(mut rooms) = self.inner.rooms.lock() {
            if rooms.get(&tournament).is_some_and(|r| r.same_channel(room)) {
                rooms.remove(&tournament);
                self.inner.bus.unwatch(tournament);
            }
            self.inner.stats.rooms.set(i64::try_from(rooms.len()).unwrap_or(i64::MAX));
        }
    }

    fn rooms(&self) -> Vec<(TournamentId, mpsc::Sender<RoomMsg>)> {
        self.inner.rooms.lock().map(|r| r.iter().map(|(k, v)| (*k, v.clone())).collect()).unwrap_or_default()
    }
}

async fn route(hub: Hub, mut rx: broadcast::Receiver<BusMsg>) {
    loop {
        match rx.recv().await {
            Ok(BusMsg::Event(e)) => {
                hub.inner.stats.bus_received.inc();
                let room = hub.inner.rooms.lock().ok().and_then(|r| r.get(&e.tournament_id).cloned());
                if room.is_none() {
                    hub.inner.stats.bus_ignored.inc();
                }
                if let Some(room) = room {
                    hub.inner.stats.arrived(&e);
                    // A full room inbox drops the event; the room's next
                    // database check (or the next event's gap) recovers it.
                    let _ = room.try_send(RoomMsg::Event(e, std::time::Instant::now()));
                }
            }
            Ok(BusMsg::Control(c)) => match &*c {
                Control::SessionEnded { session } => {
                    hub.inner.sign_ins.end(session);
                }
            },
            Ok(BusMsg::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
                for (_, room) in hub.rooms() {
                    let _ = room.try_send(RoomMsg::Check);
                }
                // A sign-out may have been among what was lost.
                hub.inner.check_sign_ins.notify_one();
            }
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

/// Tournaments one check's statement asks about at most.
const HEADS_PER_STATEMENT: usize = 500;

/// Every [`super::room::CHECK_EVERY`], reads the last event's sequence
/// number of every tournament with a room here (one statement per 500
/// rooms, however many there are: an idle room costs no query of its own)
/// and tells each room whose tournament moved on since the last check
/// ([`RoomMsg::Head`]); a room behind it reads what the bus lost.
async fn check_heads(hub: Hub) {
    let mut every = tokio::time::interval(super::room::CHECK_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut told: HashMap<TournamentId, i64> = HashMap::new();
    loop {
        every.tick().await;
        if *hub.inner.shutdown.borrow() {
            return;
        }
        let rooms: HashMap<TournamentId, mpsc::Sender<RoomMsg>> = hub.rooms().into_iter().collect();
        told.retain(|t, _| rooms.contains_key(t));
        let ids: Vec<TournamentId> = rooms.keys().copied().collect();
        for chunk in ids.chunks(HEADS_PER_STATEMENT) {
            let heads = match hub.inner.store.read().await {
                Ok(tx) => tx.last_seqs(chunk).await,
                Err(e) => Err(e),
            };
            let heads = match heads {
                Ok(heads) => heads,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot check the live rooms' last events; will retry");
                    continue;
                }
            };
            for (t, seq) in heads {
                if told.get(&t) != Some(&seq) {
                    if let Some(room) = rooms.get(&t) {
                        if room.try_send(RoomMsg::Head(seq)).is_ok() {
                            told.insert(t, seq);
                        }
                    }
                }
            }
        }
    }
}

/// Every [`SIGN_IN_CHECK_EVERY`] (and after the bus lost messages), ends the
/// watches of sign-in sessions the database no longer has, or has expired.
async fn check_sign_ins(hub: Hub) {
    let mut every = tokio::time::interval(SIGN_IN_CHECK_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            () = hub.inner.check_sign_ins.notified() => {}
        }
        if *hub.inner.shutdown.borrow() {
            return;
        }
        let watched = hub.inner.sign_ins.watched();
        if watched.is_empty() {
            continue;
        }
        let open = match hub.inner.store.read().await {
            Ok(tx) => tx.open_sessions(&watched, crate::domain::now_millis()).await,
            Err(e) => Err(e),
        };
        match open {
            Ok(open) => {
                for s in watched.iter().filter(|s| !open.contains(*s)) {
                    hub.inner.sign_ins.end(s);
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot check the sign-in sessions of live sockets"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bus::{LiveEvent, LocalBus};
    use crate::domain::now_millis;
    use std::time::Duration;

    fn event(tournament: TournamentId, seq: i64) -> Arc<LiveEvent> {
        let data = crate::bus::EventData::TieNoticesDismissed { count: 0 };
        Arc::new(LiveEvent::new(tournament, seq, now_millis(), data, r#"{"count":0}"#))
    }

    #[tokio::test]
    async fn a_slow_viewer_is_cut_off_and_never_blocks_the_others() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::connect(&format!("sqlite://{}/t.db?mode=rwc", dir.path().display())).await.unwrap();
        let bus = LocalBus::default();
        let hub = Hub::start(store, Arc::new(bus.clone()), SharedStandings::default());
        // A tournament the database does not know: the room starts at seq 0.
        let t = TournamentId::random();
        let mut fast = hub.join(t, View::Events).await.unwrap();
        let mut slow = hub.join(t, View::Events).await.unwrap();
        let n = i64::try_from(VIEWER_QUEUE).unwrap() + 100;
        for seq in 1..=n {
            bus.publish(vec![event(t, seq)]);
            // The fast viewer gets every event promptly, whatever the slow one does.
            let f = tokio::time::timeout(Duration::from_secs(2), fast.frames.recv()).await.unwrap().unwrap();
            assert_eq!(f.seq, seq);
        }
        assert_eq!(hub.stats().dropped_slow.get(), 1, "the slow viewer was cut off once");
        // The slow viewer finds its full queue, then the end of it: its session resyncs.
        let mut got = 0;
        while let Some(f) = slow.frames.recv().await {
            got += 1;
            assert_eq!(f.seq, got);
        }
        assert_eq!(got, i64::try_from(VIEWER_QUEUE).unwrap());
        assert!(hub.stats().delivered.get() >= u64::try_from(n).unwrap() + u64::try_from(VIEWER_QUEUE).unwrap());
    }

    #[tokio::test]
    async fn events_are_ordered_and_deduplicated_per_room() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::connect(&format!("sqlite://{}/t.db?mode=rwc", dir.path().display())).await.unwrap();
        let bus = LocalBus::default();
        let hub = Hub::start(store, Arc::new(bus.clone()), SharedStandings::default());
        let t = TournamentId::random();
        let mut v = hub.join(t, View::Events).await.unwrap();
        for seq in [1, 2, 2, 1, 3] {
            bus.publish(vec![event(t, seq)]);
        }
        let mut seen = Vec::new();
        for _ in 0..3 {
            seen.push(tokio::time::timeout(Duration::from_secs(2), v.frames.recv()).await.unwrap().unwrap().seq);
        }
        assert_eq!(seen, [1, 2, 3]);
        assert!(tokio::time::timeout(Duration::from_millis(200), v.frames.recv()).await.is_err(), "no duplicates");
    }
}
