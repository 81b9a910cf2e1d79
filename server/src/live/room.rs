//! One tournament's room on this instance: the owner task that orders
//! events, keeps the standings computed for the views that show them, and
//! hands each viewer's bounded queue what its view shows.

use super::protocol::{Recomputed, ServerMsg, Update};
use super::stats::HubStats;
use super::view::View;
use crate::bus::LiveEvent;
use crate::domain::{PlayerId, TournamentId};
use crate::service::views::{StandingView, StandingsMeta, StandingsWindow};
use crate::store::Store;
use bytestring::ByteString;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// One frame for its viewers: the text to send and the event sequence number it reflects.
/// Queued as a [`SharedFrame`].
#[derive(Clone, Debug)]
pub struct Frame {
    /// The sequence number of the event (or, for recomputed standings, the
    /// last event they include).
    pub seq: i64,
    /// The JSON text frame.
    pub text: ByteString,
}

/// A frame as viewers' queues hold it: built once per view and shared, one pointer per slot
/// (a queue allocates its slots 32 at a time: 256 bytes per idle viewer instead of 1,280).
pub type SharedFrame = Arc<Frame>;

/// The standings as last computed, and the sequence number they reflect.
#[derive(Clone, Debug)]
pub struct StandingsCache {
    /// Consistent with every event up to this one.
    pub seq: i64,
    /// The table in rank order.
    pub rows: Arc<Vec<StandingView>>,
    /// The columns, open ties and the TO's decisions.
    pub meta: Arc<StandingsMeta>,
}

/// Messages a room handles, in arrival order.
pub enum RoomMsg {
    /// An event from the bus.
    Event(Arc<LiveEvent>),
    /// A viewer joins; the reply is the room's last sequence number.
    Join {
        /// Viewer id.
        id: u64,
        /// What it shows.
        view: View,
        /// Its queue.
        tx: mpsc::Sender<SharedFrame>,
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
    /// The current standings (computed now if there are none yet; otherwise
    /// the last computed, which the next recomputation updates).
    Standings(oneshot::Sender<Option<StandingsCache>>),
    /// A recomputation finished (see [`Room::start_recompute`]).
    Computed(Option<StandingsCache>),
}

/// How often a room compares its sequence with the database.
const CHECK_EVERY: Duration = Duration::from_secs(2);
/// How long an empty room stays open.
const IDLE_CLOSE: Duration = Duration::from_secs(30);
/// Room inbox size.
const INBOX: usize = 4096;
/// Events read per database page when filling a gap.
const PAGE: u64 = 500;
/// Standings are recomputed at most this often: results arrive in bursts,
/// and a standings window of 50 rows is ~10 KB per viewer, so once a second
/// keeps a big event's standings pages current without crowding out the
/// results boards and phones wait for.
const RECOMPUTE_AFTER: Duration = Duration::from_secs(1);

struct Viewer {
    id: u64,
    view: View,
    tx: mpsc::Sender<SharedFrame>,
}

struct Room {
    tournament: TournamentId,
    /// The room's own inbox, for recomputations to report back (weak: the
    /// room still closes when the hub lets it go).
    inbox: mpsc::WeakSender<RoomMsg>,
    /// A recomputation is running.
    computing: bool,
    store: Store,
    stats: Arc<HubStats>,
    last: i64,
    viewers: Vec<Viewer>,
    standings: Option<StandingsCache>,
    /// When the standings must be recomputed (they changed and someone shows them).
    recompute_at: Option<Instant>,
}

/// Opens a room task and returns its inbox; `closed` is called with it when
/// the task ends (empty for a while, or every sender gone).
pub fn open(
    tournament: TournamentId,
    store: Store,
    stats: Arc<HubStats>,
    closed: impl FnOnce(&mpsc::Sender<RoomMsg>) + Send + 'static,
) -> mpsc::Sender<RoomMsg> {
    let (tx, rx) = mpsc::channel(INBOX);
    let me = tx.clone();
    let weak = tx.downgrade();
    tokio::spawn(async move {
        let mut room = Room {
            tournament,
            inbox: weak,
            computing: false,
            store,
            stats,
            last: 0,
            viewers: Vec::new(),
            standings: None,
            recompute_at: None,
        };
        room.last = room.db_last_seq().await;
        room.run(rx).await;
        closed(&me);
    });
    tx
}

impl Room {
    async fn run(&mut self, mut rx: mpsc::Receiver<RoomMsg>) {
        let mut check = tokio::time::interval(CHECK_EVERY);
        let mut empty_since = Some(Instant::now());
        loop {
            let recompute = self.recompute_at;
            tokio::select! {
                msg = rx.recv() => {
                    let Some(msg) = msg else { return };
                    match msg {
                        RoomMsg::Event(e) => self.receive(e).await,
                        RoomMsg::Join { id, view, tx, reply } => {
                            if reply.send(self.last).is_ok() {
                                self.viewers.push(Viewer { id, view, tx });
                            }
                        }
                        RoomMsg::Leave { id } => self.viewers.retain(|v| v.id != id),
                        RoomMsg::Check => self.catch_up(i64::MAX).await,
                        RoomMsg::Standings(reply) => {
                            if self.standings.is_none() {
                                let computed = compute(&self.store, self.tournament).await;
                                self.apply(computed);
                            }
                            let _ = reply.send(self.standings.clone());
                        }
                        RoomMsg::Computed(computed) => {
                            self.computing = false;
                            self.apply(computed);
                        }
                    }
                }
                () = sleep_until(recompute), if !self.computing => self.start_recompute(),
                _ = check.tick() => {
                    self.viewers.retain(|v| !v.tx.is_closed());
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
                self.stats.gap_filled.inc();
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
        self.stats.observe_lag(e);
        if e.data.moves_standings() {
            self.standings_changed();
        }
        self.send_each(e.seq, |view| match view {
            View::Events => Some(ServerMsg::Event(e).text()),
            view => view.filter(&e.data).map(|data| {
                ServerMsg::Update { view: view.name(), seq: e.seq, at: e.at, body: Update::Event(&data) }.text()
            }),
        });
    }

    /// Hands every viewer its view's frame (built once per view by `frame`,
    /// shared by that view's viewers), if it has one; viewers cut off or
    /// gone leave the room.
    fn send_each(&mut self, seq: i64, mut frame: impl FnMut(&View) -> Option<ByteString>) {
        let mut frames: HashMap<View, Option<SharedFrame>> = HashMap::new();
        let viewers = std::mem::take(&mut self.viewers);
        for v in viewers {
            let shared = frames
                .entry(v.view.clone())
                .or_insert_with(|| frame(&v.view).map(|text| Arc::new(Frame { seq, text })))
                .clone();
            let Some(shared) = shared else {
                self.viewers.push(v);
                continue;
            };
            match v.tx.try_send(shared) {
                Ok(()) => {
                    self.stats.delivered.inc();
                    self.viewers.push(v);
                }
                Err(mpsc::error::TrySendError::Full(_)) => {
                    // Dropping the sender ends the viewer's queue; its session
                    // resynchronises with a snapshot. Nobody waits for it.
                    self.stats.dropped_slow.inc();
                }
                Err(mpsc::error::TrySendError::Closed(_)) => {}
            }
        }
    }

    fn standings_changed(&mut self) {
        if self.viewers.iter().any(|v| v.view.needs_standings()) || self.standings.is_some() {
            self.recompute_at.get_or_insert_with(|| Instant::now() + RECOMPUTE_AFTER);
        }
    }

    /// Recomputes the standings in a task of its own, so that events keep
    /// flowing meanwhile; the result comes back as [`RoomMsg::Computed`].
    fn start_recompute(&mut self) {
        self.recompute_at = None;
        self.computing = true;
        let (store, tournament, inbox) = (self.store.clone(), self.tournament, self.inbox.clone());
        tokio::spawn(async move {
            let computed = compute(&store, tournament).await;
            if let Some(inbox) = inbox.upgrade() {
                let _ = inbox.send(RoomMsg::Computed(computed)).await;
            }
        });
    }

    /// Takes freshly computed standings (or, on failure, schedules a retry)
    /// and sends each standings window and player line that changed.
    fn apply(&mut self, computed: Option<StandingsCache>) {
        let Some(new) = computed else {
            self.recompute_at.get_or_insert_with(|| Instant::now() + CHECK_EVERY);
            return;
        };
        self.stats.recomputes.inc();
        let at = crate::domain::now_millis();
        // The frames carry the room's own sequence number, not the database's
        // (which may be ahead of events still on their way here): a view
        // skips frames older than the last it got, and must not skip those.
        let seq = self.last.min(new.seq);
        let Some(old) = self.standings.replace(new.clone()) else {
            // The first computation: viewers got these standings in their snapshots.
            return;
        };
        let meta_changed = old.meta != new.meta;
        let by_player = |rows: &[StandingView]| -> HashMap<PlayerId, usize> {
            rows.iter().enumerate().map(|(i, r)| (r.player_id, i)).collect()
        };
        let (old_index, new_index) = if self.viewers.iter().any(|v| matches!(v.view, View::Player { .. })) {
            (by_player(&old.rows), by_player(&new.rows))
        } else {
            (HashMap::new(), HashMap::new())
        };
        let update = |view: &View, body: Recomputed<'_>| {
            ServerMsg::Update { view: view.name(), seq, at, body: Update::Standings(body) }.text()
        };
        self.send_each(seq, |view| match (view, view.window()) {
            (_, Some((offset, limit))) => {
                let (a, b) =
                    (StandingsWindow::of(&old.rows, offset, limit), StandingsWindow::of(&new.rows, offset, limit));
                (a != b || meta_changed)
                    .then(|| update(view, Recomputed::Standings { standings: b, standings_meta: &new.meta }))
            }
            (View::Player { player, .. }, None) => {
                let row = new_index.get(player).map(|&i| &new.rows[i]);
                (row != old_index.get(player).map(|&i| &old.rows[i]))
                    .then(|| update(view, Recomputed::Standing { row }))
            }
            _ => None,
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

/// The standings of `tournament` now, or `None` (logged) when the database cannot give them.
async fn compute(store: &Store, tournament: TournamentId) -> Option<StandingsCache> {
    match crate::service::standings::current(store, tournament).await {
        Ok((seq, rows, meta)) => Some(StandingsCache { seq, rows: Arc::new(rows), meta: Arc::new(meta) }),
        Err(e) => {
            tracing::warn!(tournament = %tournament, error = %e, "room cannot compute standings; will retry");
            None
        }
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}
