//! One tournament's room on this instance: the owner task that orders
//! events and fans them out to viewers' bounded queues.

use super::hub::{Hub, HubStats};
use super::LiveEvent;
use crate::store::Store;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use uuid::Uuid;

/// Messages a room handles, in arrival order.
pub enum RoomMsg {
    /// An event from the bus.
    Event(Arc<LiveEvent>),
    /// A viewer joins; the reply is the room's last sequence number.
    Join {
        /// Viewer id.
        id: u64,
        /// The viewer's queue.
        tx: mpsc::Sender<Arc<LiveEvent>>,
        /// Answered once the viewer is in.
        reply: oneshot::Sender<i64>,
    },
    /// A viewer left.
    Leave {
        /// Viewer id.
        id: u64,
    },
    /// Re-check the database for events the bus may have lost.
    Check,
}

/// How often a room compares its sequence with the database.
const CHECK_EVERY: Duration = Duration::from_secs(2);
/// How long an empty room stays open.
const IDLE_CLOSE: Duration = Duration::from_secs(30);
/// Room inbox size.
const INBOX: usize = 4096;
/// Events read per database page when filling a gap.
const PAGE: u64 = 500;

struct Room {
    tournament: Uuid,
    store: Store,
    stats: Arc<HubStats>,
    last: i64,
    viewers: Vec<(u64, mpsc::Sender<Arc<LiveEvent>>)>,
}

/// Opens a room task and returns its inbox.
pub fn open(tournament: Uuid, hub: Hub, store: Store, stats: Arc<HubStats>) -> mpsc::Sender<RoomMsg> {
    let (tx, rx) = mpsc::channel(INBOX);
    let me = tx.clone();
    tokio::spawn(async move {
        let mut room = Room { tournament, store, stats, last: 0, viewers: Vec::new() };
        room.last = room.db_last_seq().await;
        room.run(rx).await;
        hub.forget(tournament, &me);
    });
    tx
}

impl Room {
    async fn run(&mut self, mut rx: mpsc::Receiver<RoomMsg>) {
        let mut check = tokio::time::interval(CHECK_EVERY);
        let mut empty_since = Some(Instant::now());
        loop {
            tokio::select! {
                msg = rx.recv() => {
                    let Some(msg) = msg else { return };
                    match msg {
                        RoomMsg::Event(e) => self.receive(e).await,
                        RoomMsg::Join { id, tx, reply } => {
                            if reply.send(self.last).is_ok() {
                                self.viewers.push((id, tx));
                            }
                        }
                        RoomMsg::Leave { id } => self.viewers.retain(|(v, _)| *v != id),
                        RoomMsg::Check => self.catch_up(i64::MAX).await,
                    }
                }
                _ = check.tick() => {
                    self.viewers.retain(|(_, tx)| !tx.is_closed());
                    if !self.viewers.is_empty() {
                        empty_since = None;
                        self.catch_up(i64::MAX).await;
                    } else if empty_since.get_or_insert_with(Instant::now).elapsed() > IDLE_CLOSE {
                        return;
                    }
                }
            }
        }
    }

    /// Orders one bus event: duplicates are dropped, a gap is filled first.
    async fn receive(&mut self, e: Arc<LiveEvent>) {
        if e.seq <= self.last {
            return;
        }
        if e.seq > self.last + 1 {
            self.catch_up(e.seq - 1).await;
            if e.seq != self.last + 1 {
                // The gap could not be filled (database down): keep order by
                // waiting for the next check rather than skipping ahead.
                return;
            }
        }
        self.fan_out(&e);
    }

    /// Reads events after `self.last` (up to `upto`) from the database and fans them out.
    async fn catch_up(&mut self, upto: i64) {
        while self.last < upto {
            let page = match self.store.read().await {
                Ok(tx) => tx.events_since(self.tournament, self.last, PAGE).await,
                Err(e) => Err(e),
            };
            let page = match page {
                Ok(p) => p,
                Err(err) => {
                    tracing::warn!(tournament = %self.tournament, error = %err, "room cannot read events; will retry");
                    return;
                }
            };
            if page.is_empty() {
                return;
            }
            for stored in page.iter().take_while(|s| s.seq <= upto) {
                self.stats.gap_filled.fetch_add(1, Ordering::Relaxed);
                self.fan_out(&Arc::new(LiveEvent::from_stored(stored)));
            }
            if (page.len() as u64) < PAGE {
                return;
            }
        }
    }

    fn fan_out(&mut self, e: &Arc<LiveEvent>) {
        if e.seq != self.last + 1 {
            return;
        }
        self.last = e.seq;
        let stats = &self.stats;
        self.viewers.retain(|(_, tx)| match tx.try_send(e.clone()) {
            Ok(()) => {
                stats.delivered.fetch_add(1, Ordering::Relaxed);
                true
            }
            Err(mpsc::error::TrySendError::Full(_)) => {
                // Cut off: dropping the sender ends the viewer's queue, and
                // its session resynchronises with a snapshot.
                stats.dropped_slow.fetch_add(1, Ordering::Relaxed);
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        });
    }

    async fn db_last_seq(&self) -> i64 {
        let mut wait = Duration::from_millis(100);
        loop {
            let res = match self.store.read().await {
                Ok(tx) => tx.last_seq(self.tournament).await,
                Err(e) => Err(e),
            };
            match res {
                Ok(seq) => return seq,
                Err(crate::store::StoreError::TournamentNotFound) => return 0,
                Err(err) => {
                    tracing::warn!(tournament = %self.tournament, error = %err, "room cannot read its sequence; retrying");
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(Duration::from_secs(2));
                }
            }
        }
    }
}
