//! One tournament's room on this instance: the owner task that orders
//! events, keeps the standings computed for the views that show them, and
//! hands each viewer's bounded queue what its view shows.

use super::order::Order;
use super::protocol::{Recomputed, ServerMsg, Update};
use super::stats::{HubStats, Stage};
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
    /// When it was built and queued (for the `queue` stage).
    pub queued: Instant,
    /// When its event was appended, wall-clock microseconds (0 for
    /// recomputed standings), for the `server` stage.
    pub emitted_us: i64,
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
    /// An event from the bus, and when the hub took it from the bus.
    Event(Arc<LiveEvent>, Instant),
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
    /// A read of events from the database finished (see [`Room::start_read`]).
    Read(Read),
}

/// What a room's read of the event table found.
pub struct Read {
    /// The events after the room's last, in order (`None`: the read failed).
    events: Option<Vec<Arc<LiveEvent>>>,
    /// A whole page was read: there may be more.
    more: bool,
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

/// One viewer's queue.
struct Viewer {
    id: u64,
    tx: mpsc::Sender<SharedFrame>,
}

struct Room {
    tournament: TournamentId,
    /// The room's own inbox, for its reads and recomputations to report
    /// back (weak: the room still closes when the hub lets it go).
    inbox: mpsc::WeakSender<RoomMsg>,
    /// A recomputation is running.
    computing: bool,
    /// A read of events from the database is running.
    reading: bool,
    store: Store,
    stats: Arc<HubStats>,
    /// The events passed on, and those held back until the ones before them arrive.
    order: Order,
    /// The viewers, grouped by what they show: each view's frame of an
    /// event is built once and handed to its viewers.
    views: HashMap<View, Vec<Viewer>>,
    /// Each viewer's view (to find it when it leaves).
    view_of: HashMap<u64, View>,
    standings: Option<StandingsCache>,
    /// Asked for the standings before any were computed: answered by the first computation.
    waiting: Vec<oneshot::Sender<Option<StandingsCache>>>,
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
            reading: false,
            store,
            stats,
            order: Order::default(),
            views: HashMap::new(),
            view_of: HashMap::new(),
            standings: None,
            waiting: Vec::new(),
            recompute_at: None,
        };
        room.order = Order::after(room.db_last_seq().await);
        room.run(rx).await;
        closed(&me);
    });
    tx
}

impl Room {
    /// The room's loop. It never waits for the database itself: reads of
    /// missing events and standings recomputations run in tasks of their
    /// own and report back through the inbox, so events keep flowing to
    /// viewers meanwhile.
    async fn run(&mut self, mut rx: mpsc::Receiver<RoomMsg>) {
        let mut check = tokio::time::interval(CHECK_EVERY);
        let mut empty_since = Some(Instant::now());
        loop {
            let (recompute, fill) = (self.recompute_at, self.order.fill_at());
            tokio::select! {
                msg = rx.recv() => {
                    let Some(msg) = msg else { return };
                    match msg {
                        RoomMsg::Event(e, routed) => {
                            self.stats.stage_since(Stage::Inbox, routed);
                            for e in self.order.take(e, Instant::now()) {
                                self.fan_out(&e);
                            }
                        }
                        RoomMsg::Join { id, view, tx, reply } => {
                            if reply.send(self.order.last()).is_ok() {
                                self.view_of.insert(id, view.clone());
                                self.views.entry(view).or_default().push(Viewer { id, tx });
                            }
                        }
                        RoomMsg::Leave { id } => self.leave(id),
                        RoomMsg::Check => self.start_read(),
                        RoomMsg::Standings(reply) => {
                            if self.standings.is_some() {
                                let _ = reply.send(self.standings.clone());
                            } else {
                                self.waiting.push(reply);
                                if !self.computing {
                                    self.start_recompute();
                                }
                            }
                        }
                        RoomMsg::Computed(computed) => {
                            self.computing = false;
                            self.apply(computed);
                            for reply in self.waiting.drain(..) {
                                let _ = reply.send(self.standings.clone());
                            }
                        }
                        RoomMsg::Read(read) => self.read(read),
                    }
                }
                () = sleep_until(recompute), if !self.computing => self.start_recompute(),
                () = sleep_until(fill), if !self.reading => self.start_read(),
                _ = check.tick() => {
                    self.drop_closed();
                    if !self.view_of.is_empty() {
                        empty_since = None;
                        self.start_read();
                    } else if empty_since.get_or_insert_with(Instant::now).elapsed() > IDLE_CLOSE {
                        return;
                    }
                }
            }
        }
    }

    fn leave(&mut self, id: u64) {
        let Some(view) = self.view_of.remove(&id) else { return };
        if let Some(viewers) = self.views.get_mut(&view) {
            viewers.retain(|v| v.id != id);
            if viewers.is_empty() {
                self.views.remove(&view);
            }
        }
    }

    /// Forgets viewers whose sessions ended without a word.
    fn drop_closed(&mut self) {
        let view_of = &mut self.view_of;
        self.views.retain(|_, viewers| {
            viewers.retain(|v| {
                let open = !v.tx.is_closed();
                if !open {
                    view_of.remove(&v.id);
                }
                open
            });
            !viewers.is_empty()
        });
    }

    /// Reads the events after the last one passed on (a page of them) in a
    /// task of its own: to fill a gap the bus left, and every
    /// [`CHECK_EVERY`] to catch what it lost at the end of a burst. The
    /// answer comes back as [`RoomMsg::Read`].
    fn start_read(&mut self) {
        if self.reading {
            return;
        }
        self.reading = true;
        let (store, tournament, inbox, from) = (self.store.clone(), self.tournament, self.inbox.clone(), self.order.last());
        tokio::spawn(async move {
            let page = match store.read().await {
                Ok(tx) => tx.events_since(tournament, from, PAGE).await,
                Err(e) => Err(e),
            };
            let read = match page {
                Ok(page) => Read {
                    more: page.len() as u64 >= PAGE,
                    events: Some(page.iter().map(|s| Arc::new(LiveEvent::from_stored(s))).collect()),
                },
                Err(err) => {
                    tracing::warn!(tournament = %tournament, error = %err, "room cannot read events; will retry");
                    Read { events: None, more: false }
                }
            };
            if let Some(inbox) = inbox.upgrade() {
                let _ = inbox.send(RoomMsg::Read(read)).await;
            }
        });
    }

    /// Passes on what a read found (what the bus delivered meanwhile is
    /// dropped as a duplicate), and reads on when a whole page came.
    fn read(&mut self, read: Read) {
        self.reading = false;
        let now = Instant::now();
        let Some(events) = read.events else {
            self.order.retry(now);
            return;
        };
        for e in events {
            let ready = self.order.take(e.clone(), now);
            if ready.iter().any(|r| Arc::ptr_eq(r, &e)) {
                self.stats.gap_filled.inc();
            }
            for e in &ready {
                self.fan_out(e);
            }
        }
        if read.more {
            self.start_read();
        } else {
            // What is still missing was not committed when the read began
            // (or was, by a transaction the read could not see yet): wait again.
            self.order.retry(now);
        }
    }

    /// Hands an event, now in sequence, to every viewer whose view shows it.
    fn fan_out(&mut self, e: &Arc<LiveEvent>) {
        self.stats.observe_lag(e);
        if e.data.moves_standings() {
            self.standings_changed();
        }
        let started = Instant::now();
        self.send_each(e.seq, e.stamps.emitted_us, |view| match view {
            View::Events => Some(ServerMsg::Event(e).text()),
            view => view.filter(&e.data).map(|data| {
                ServerMsg::Update { view: view.name(), seq: e.seq, at: e.at, body: Update::Event(&data) }.text()
            }),
        });
        self.stats.stage_since(Stage::FanOut, started);
    }

    /// Hands every viewer its view's frame (built once per view by `frame`,
    /// shared by that view's viewers), if it has one; viewers cut off or
    /// gone leave the room.
    fn send_each(&mut self, seq: i64, emitted_us: i64, mut frame: impl FnMut(&View) -> Option<ByteString>) {
        let queued = Instant::now();
        let (mut delivered, mut cut_off) = (0u64, 0u64);
        let view_of = &mut self.view_of;
        self.views.retain(|view, viewers| {
            let Some(text) = frame(view) else { return true };
            let shared = Arc::new(Frame { seq, text, queued, emitted_us });
            viewers.retain(|v| {
                let kept = match v.tx.try_send(shared.clone()) {
                    Ok(()) => {
                        delivered += 1;
                        true
                    }
                    Err(mpsc::error::TrySendError::Full(_)) => {
                        // Dropping the sender ends the viewer's queue; its session
                        // resynchronises with a snapshot. Nobody waits for it.
                        cut_off += 1;
                        false
                    }
                    Err(mpsc::error::TrySendError::Closed(_)) => false,
                };
                if !kept {
                    view_of.remove(&v.id);
                }
                kept
            });
            !viewers.is_empty()
        });
        self.stats.delivered.inc_by(delivered);
        self.stats.dropped_slow.inc_by(cut_off);
    }

    fn standings_changed(&mut self) {
        if self.views.keys().any(View::needs_standings) || self.standings.is_some() {
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
        let seq = self.order.last().min(new.seq);
        let Some(old) = self.standings.replace(new.clone()) else {
            // The first computation: viewers got these standings in their snapshots.
            return;
        };
        let meta_changed = old.meta != new.meta;
        let by_player = |rows: &[StandingView]| -> HashMap<PlayerId, usize> {
            rows.iter().enumerate().map(|(i, r)| (r.player_id, i)).collect()
        };
        let (old_index, new_index) = if self.views.keys().any(|v| matches!(v, View::Player { .. })) {
            (by_player(&old.rows), by_player(&new.rows))
        } else {
            (HashMap::new(), HashMap::new())
        };
        let update = |view: &View, body: Recomputed<'_>| {
            ServerMsg::Update { view: view.name(), seq, at, body: Update::Standings(body) }.text()
        };
        self.send_each(seq, 0, |view| match (view, view.window()) {
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
