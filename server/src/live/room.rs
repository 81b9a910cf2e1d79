//! One tournament's room on this instance: the owner task that orders
//! events, keeps the standings computed for the views that show them, and
//! hands each viewer's bounded queue what its view shows.

use super::order::Order;
use super::protocol::{ServerMsg, Update};
use super::shared::{Found, SharedStandings};
use super::standings::{changes, Changed, StandingsCache};
use super::stats::{HubStats, Stage};
use super::view::View;
use crate::bus::LiveEvent;
use crate::domain::TournamentId;
use crate::store::Store;
use bytestring::ByteString;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot, Notify};

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
        /// Told when the room cuts the viewer off (its queue overflowed).
        overflowed: Arc<Notify>,
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
    /// The tournament's last event in the database (the hub's check, see
    /// [`super::hub`]): read what the room has not passed on yet.
    Head(i64),
    /// The current standings (computed now if there are none yet; otherwise
    /// the last computed, which the next recomputation updates).
    Standings(oneshot::Sender<Option<StandingsCache>>),
    /// A recomputation finished (see [`Room::start_recompute`]): `None` if it failed.
    Computed(Option<Fresh>),
    /// A read of events from the database finished (see [`Room::start_read`]).
    Read(Read),
    /// Pairing-room frames read for an event (see [`super::pairing_room`]).
    Prepared(Vec<(View, SharedFrame)>),
}

/// Freshly computed standings, and what changed for the views the room had
/// when the recomputation started.
pub struct Fresh {
    cache: StandingsCache,
    /// The views the changes were worked out for.
    asked: Vec<View>,
    /// Those whose standings changed (nothing on the first computation).
    changes: Vec<Changed>,
}

/// What a room's read of the event table found.
pub struct Read {
    /// The events after the room's last, in order (`None`: the read failed).
    events: Option<Vec<Arc<LiveEvent>>>,
    /// A whole page was read: there may be more.
    more: bool,
}

/// How often the hub compares the rooms' tournaments' last events with the
/// database (one statement for them all, see [`super::hub`]), and how long a
/// room whose read failed waits before reading again.
pub const CHECK_EVERY: Duration = Duration::from_secs(2);
/// How long an empty room stays open.
const IDLE_CLOSE: Duration = Duration::from_secs(30);
/// Room inbox size.
const INBOX: usize = 4096;
/// Events read per database page when filling a gap.
const PAGE: u64 = 500;
/// Recomputed standings go to at most this many viewers per [`PACE`]
/// (10,000 a second), so that results arriving meanwhile are not queued
/// behind them: 3,500 phones' lines and 1,000 viewers of one standings page
/// (~10 KB each) on one instance spread over ~0.45 s; standings are
/// recomputed once a second. Counted in viewers, not views: a page watched
/// by a thousand viewers is a thousand writes.
const PACED: usize = 100;
/// See [`PACED`].
const PACE: Duration = Duration::from_millis(10);
/// Standings are recomputed at most this often: results arrive in bursts,
/// and a standings window of 50 rows is ~10 KB per viewer, so once a second
/// keeps a big event's standings pages current without crowding out the
/// results boards and phones wait for.
const RECOMPUTE_AFTER: Duration = Duration::from_secs(1);

/// One viewer's queue.
struct Viewer {
    id: u64,
    tx: mpsc::Sender<SharedFrame>,
    overflowed: Arc<Notify>,
    /// The number of the last recomputation whose standings frame was
    /// handed to this viewer (see [`Room::send_paced`]).
    paced: u64,
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
    /// The tournament's last event in the database, as the hub last found it.
    head: i64,
    /// When to read again after a read that left the room behind `head`
    /// (it failed): the only timer a room with viewers keeps, and only then.
    retry_at: Option<Instant>,
    store: Store,
    /// Where standings computed by any instance are shared.
    shared: SharedStandings,
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
    /// Recomputed standings' frames not yet handed to their views (see [`PACED`]).
    paced: VecDeque<(View, SharedFrame)>,
    /// Recomputations applied so far: numbers the frames in `paced`.
    recomputation: u64,
}

/// Opens a room task and returns its inbox; `closed` is called with it when
/// the task ends (empty for a while, or every sender gone).
pub fn open(
    tournament: TournamentId,
    store: Store,
    shared: SharedStandings,
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
            head: 0,
            retry_at: None,
            store,
            shared,
            stats,
            order: Order::default(),
            views: HashMap::new(),
            view_of: HashMap::new(),
            standings: None,
            waiting: Vec::new(),
            recompute_at: None,
            paced: VecDeque::new(),
            recomputation: 0,
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
        // No timer runs while the room has viewers and nothing happens: an
        // idle room costs nothing. What the bus lost is found by the hub's
        // one check for all rooms ([`RoomMsg::Head`]); a failed read is
        // retried at `retry_at`; an empty room closes at `close_at`.
        let mut pace = tokio::time::interval(PACE);
        pace.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut close_at = Some(Instant::now() + IDLE_CLOSE);
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
                        RoomMsg::Join { id, view, tx, overflowed, reply } => {
                            if reply.send(self.order.last()).is_ok() {
                                self.view_of.insert(id, view.clone());
                                self.views.entry(view).or_default().push(Viewer { id, tx, overflowed, paced: 0 });
                            }
                        }
                        RoomMsg::Leave { id } => self.leave(id),
                        RoomMsg::Check => self.start_read(),
                        RoomMsg::Head(seq) => {
                            self.head = self.head.max(seq);
                            if self.head > self.order.last() {
                                self.start_read();
                            }
                        }
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
                        RoomMsg::Computed(fresh) => {
                            self.computing = false;
                            let started = Instant::now();
                            self.apply(fresh);
                            self.stats.stage_since(Stage::Standings, started);
                            for reply in self.waiting.drain(..) {
                                let _ = reply.send(self.standings.clone());
                            }
                        }
                        RoomMsg::Read(read) => self.read(read),
                        RoomMsg::Prepared(frames) => self.deliver_prepared(frames),
                    }
                    // Viewers leave (or are cut off) through messages and
                    // deliveries: the room's emptiness is known here.
                    if self.view_of.is_empty() {
                        close_at.get_or_insert_with(|| Instant::now() + IDLE_CLOSE);
                    } else {
                        close_at = None;
                    }
                }
                () = sleep_until(recompute), if !self.computing => self.start_recompute(),
                () = sleep_until(fill), if !self.reading => self.start_read(),
                () = sleep_until(self.retry_at), if !self.reading => {
                    self.retry_at = None;
                    if self.head > self.order.last() {
                        self.start_read();
                    }
                }
                _ = pace.tick(), if !self.paced.is_empty() => self.send_paced(),
                () = sleep_until(close_at) => {
                    self.drop_closed();
                    if self.view_of.is_empty() {
                        return;
                    }
                    close_at = None;
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
    /// task of its own: to fill a gap the bus left, and when the hub's check
    /// ([`RoomMsg::Head`]) finds the room behind the database (the bus lost
    /// the end of a burst). The
    /// answer comes back as [`RoomMsg::Read`].
    fn start_read(&mut self) {
        if self.reading {
            return;
        }
        self.reading = true;
        let (store, tournament, inbox, from) =
            (self.store.clone(), self.tournament, self.inbox.clone(), self.order.last());
        crate::store::runtime().spawn(async move {
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
            if self.head > self.order.last() {
                self.retry_at = Some(now + CHECK_EVERY);
            }
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
            if self.head > self.order.last() {
                self.retry_at = Some(now + CHECK_EVERY);
            }
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
        self.start_prepare(e);
    }

    /// Reads the pairing-room frames `e` changes, in a task of its own (one
    /// read per kind of viewer, see [`super::pairing_room`]); they come back
    /// as [`RoomMsg::Prepared`].
    fn start_prepare(&self, e: &Arc<LiveEvent>) {
        let views = super::pairing_room::affected(self.views.keys(), &e.data);
        if views.is_empty() {
            return;
        }
        let (store, tournament, inbox, e) = (self.store.clone(), self.tournament, self.inbox.clone(), e.clone());
        crate::store::runtime().spawn(async move {
            let texts = super::pairing_room::frames(&store, tournament, &e, views).await;
            let queued = Instant::now();
            let frames = texts
                .into_iter()
                .map(|(view, text)| {
                    (view, Arc::new(Frame { seq: e.seq, text, queued, emitted_us: e.stamps.emitted_us }))
                })
                .collect();
            if let Some(inbox) = inbox.upgrade() {
                let _ = inbox.send(RoomMsg::Prepared(frames)).await;
            }
        });
    }

    /// Hands each view its prepared frame.
    fn deliver_prepared(&mut self, frames: Vec<(View, SharedFrame)>) {
        let mut sent = Sent::default();
        for (view, frame) in frames {
            if let Some(viewers) = self.views.get_mut(&view) {
                sent.deliver(viewers, &frame, &mut self.view_of);
                if viewers.is_empty() {
                    self.views.remove(&view);
                }
            }
        }
        sent.count(&self.stats);
    }

    /// Hands every viewer its view's frame (built once per view by `frame`,
    /// shared by that view's viewers), if it has one; viewers cut off or
    /// gone leave the room.
    fn send_each(&mut self, seq: i64, emitted_us: i64, mut frame: impl FnMut(&View) -> Option<ByteString>) {
        let queued = Instant::now();
        let mut sent = Sent::default();
        let view_of = &mut self.view_of;
        self.views.retain(|view, viewers| {
            if let Some(text) = frame(view) {
                sent.deliver(viewers, &Arc::new(Frame { seq, text, queued, emitted_us }), view_of);
            }
            !viewers.is_empty()
        });
        sent.count(&self.stats);
    }

    /// Hands the next [`PACED`] viewers their recomputed standings, view
    /// after view; a view is done when each of its viewers has its frame
    /// (viewers who join meanwhile get it too; those who leave are skipped).
    fn send_paced(&mut self) {
        let mut sent = Sent::default();
        let mut budget = PACED;
        while budget > 0 {
            let Some((view, frame)) = self.paced.front().cloned() else { break };
            let done = match self.views.get_mut(&view) {
                None => true,
                Some(viewers) => {
                    let done = sent.deliver_some(viewers, &frame, self.recomputation, &mut budget, &mut self.view_of);
                    if viewers.is_empty() {
                        self.views.remove(&view);
                    }
                    done
                }
            };
            if !done {
                break;
            }
            self.paced.pop_front();
        }
        sent.count(&self.stats);
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
        let (store, shared, tournament, inbox, stats) =
            (self.store.clone(), self.shared.clone(), self.tournament, self.inbox.clone(), self.stats.clone());
        let old = self.standings.clone();
        let asked: Vec<View> = self.views.keys().filter(|v| v.needs_standings()).cloned().collect();
        // Standings reflecting at least every event passed on here do.
        let at_least = self.order.last();
        crate::store::runtime().spawn(async move {
            let started = Instant::now();
            let fresh = match shared.take(tournament, at_least).await {
                Found::Shared(cache) => {
                    stats.standings_shared.inc();
                    compare(cache, old, asked).await
                }
                Found::Compute(claim) => {
                    let fresh = compute(&store, tournament, old, asked).await;
                    match &fresh {
                        Some(fresh) => {
                            stats.standings_computed.inc();
                            shared.put(tournament, &fresh.cache, claim).await;
                        }
                        None => shared.release(tournament, claim).await,
                    }
                    fresh
                }
            };
            stats.stage_since(Stage::Recompute, started);
            if let Some(inbox) = inbox.upgrade() {
                let _ = inbox.send(RoomMsg::Computed(fresh)).await;
            }
        });
    }

    /// Takes freshly computed standings (or, on failure, schedules a retry)
    /// and queues each changed standings window and player line for its
    /// viewers (paced: see [`PACED`]).
    fn apply(&mut self, fresh: Option<Fresh>) {
        let Some(Fresh { cache: new, asked, mut changes }) = fresh else {
            self.recompute_at.get_or_insert_with(|| Instant::now() + CHECK_EVERY);
            return;
        };
        self.stats.recomputes.inc();
        let Some(old) = self.standings.replace(new.clone()) else {
            // The first computation: viewers got these standings in their snapshots.
            return;
        };
        // Views that came while the standings were computed.
        let late: Vec<View> =
            self.views.keys().filter(|v| v.needs_standings() && !asked.contains(v)).cloned().collect();
        if !late.is_empty() {
            changes.extend(super::standings::changes(&old, &new, &late));
        }
        let at = crate::domain::now_millis();
        // The frames carry the room's own sequence number, not the database's
        // (which may be ahead of events still on their way here): a view
        // skips frames older than the last it got, and must not skip those.
        let seq = self.order.last().min(new.seq);
        let queued = Instant::now();
        // A view with standings still waiting from the last recomputation
        // gets the new ones instead (every viewer of it, from the start).
        self.recomputation += 1;
        self.paced.retain(|(view, _)| !changes.iter().any(|c| c.view == *view));
        for c in changes {
            let text = ServerMsg::Update {
                view: c.view.name(),
                seq,
                at,
                body: Update::Prepared { kind: c.kind, data: &c.data },
            }
            .text();
            self.paced.push_back((c.view, Arc::new(Frame { seq, text, queued, emitted_us: 0 })));
        }
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

/// Frames handed to viewers' queues and viewers cut off, counted once per batch.
#[derive(Default)]
struct Sent {
    delivered: u64,
    cut_off: u64,
}

impl Sent {
    /// Hands `frame` to each of a view's `viewers`; those cut off (queue
    /// full) or gone are removed, here and from `view_of`.
    fn deliver(&mut self, viewers: &mut Vec<Viewer>, frame: &SharedFrame, view_of: &mut HashMap<u64, View>) {
        viewers.retain(|v| {
            let kept = self.offer(v, frame);
            if !kept {
                view_of.remove(&v.id);
            }
            kept
        });
    }

    /// Hands a recomputed standings `frame` (of the room's `recomputation`)
    /// to those of a view's `viewers` who do not have it yet, at most
    /// `budget` of them (counted down). True when every viewer has it.
    fn deliver_some(
        &mut self,
        viewers: &mut Vec<Viewer>,
        frame: &SharedFrame,
        recomputation: u64,
        budget: &mut usize,
        view_of: &mut HashMap<u64, View>,
    ) -> bool {
        let mut done = true;
        viewers.retain_mut(|v| {
            if v.paced >= recomputation {
                return true;
            }
            if *budget == 0 {
                done = false;
                return true;
            }
            *budget -= 1;
            v.paced = recomputation;
            let kept = self.offer(v, frame);
            if !kept {
                view_of.remove(&v.id);
            }
            kept
        });
        done
    }

    /// Queues `frame` for one viewer: false when the viewer is gone or cut
    /// off (its queue was full).
    fn offer(&mut self, v: &Viewer, frame: &SharedFrame) -> bool {
        match v.tx.try_send(frame.clone()) {
            Ok(()) => {
                self.delivered += 1;
                true
            }
            Err(mpsc::error::TrySendError::Full(_)) => {
                // Dropping the sender ends the viewer's queue; its session
                // resynchronises with a snapshot, or drops the connection
                // when it is stuck writing to a full socket (told here, so
                // it need not wait for that write). Nobody waits for it.
                v.overflowed.notify_one();
                self.cut_off += 1;
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    fn count(&self, stats: &HubStats) {
        stats.delivered.inc_by(self.delivered);
        stats.dropped_slow.inc_by(self.cut_off);
    }
}

/// The standings of `tournament` now, and what changed since `old` for the
/// `asked` views: read from the database, then computed on a low-priority
/// thread ([`super::background`]). `None` (logged) when the database cannot
/// give them.
async fn compute(
    store: &Store,
    tournament: TournamentId,
    old: Option<StandingsCache>,
    asked: Vec<View>,
) -> Option<Fresh> {
    // A chess team event ranks its teams by the Olympiad rules' own table
    // (as `GET …/standings` does); any other event by the sheet's.
    let read = async {
        match crate::service::teams::screens::chess_teams(store, tournament).await? {
            Some(ev) => Ok(Err(ev)),
            None => crate::service::standings::Inputs::read(store, tournament).await.map(Ok),
        }
    };
    let inputs = match read.await {
        Ok(inputs) => inputs,
        Err::<_, crate::error::ApiError>(e) => {
            tracing::warn!(tournament = %tournament, error = %e, "room cannot read the standings; will retry");
            return None;
        }
    };
    let computed = super::background::run(move || {
        let (seq, (rows, meta)) = match inputs {
            Ok(inputs) => (inputs.sheet.tournament.last_seq, inputs.table()?),
            Err(ev) => (ev.t.last_seq, crate::service::teams::chess_results::standings(&ev, None)),
        };
        let cache = StandingsCache { seq, rows: Arc::new(rows), meta: Arc::new(meta) };
        let changes = old.as_ref().map(|old| changes(old, &cache, &asked)).unwrap_or_default();
        Ok::<_, crate::error::ApiError>(Fresh { cache, asked, changes })
    })
    .await;
    match computed {
        Some(Ok(fresh)) => Some(fresh),
        Some(Err(e)) => {
            tracing::warn!(tournament = %tournament, error = %e, "room cannot compute the standings; will retry");
            None
        }
        None => {
            tracing::error!(tournament = %tournament, "the standings computation failed");
            None
        }
    }
}

/// What changed between `old` and standings another instance computed
/// (`cache`), for the `asked` views, worked out on a low-priority thread.
async fn compare(cache: StandingsCache, old: Option<StandingsCache>, asked: Vec<View>) -> Option<Fresh> {
    let fresh = super::background::run(move || {
        let changes = old.as_ref().map(|old| changes(old, &cache, &asked)).unwrap_or_default();
        Fresh { cache, asked, changes }
    })
    .await;
    if fresh.is_none() {
        tracing::error!("comparing shared standings failed");
    }
    fresh
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn viewer(id: u64) -> (Viewer, mpsc::Receiver<SharedFrame>) {
        let (tx, rx) = mpsc::channel(4);
        (Viewer { id, tx, overflowed: Arc::default(), paced: 0 }, rx)
    }

    fn frame() -> SharedFrame {
        Arc::new(Frame { seq: 7, text: "{}".into(), queued: Instant::now(), emitted_us: 0 })
    }

    #[test]
    fn paced_standings_reach_every_viewer_of_a_view_a_budget_at_a_time() {
        let (mut viewers, mut queues): (Vec<Viewer>, Vec<_>) = (0..250).map(viewer).unzip();
        let mut view_of: HashMap<u64, View> = (0..250).map(|id| (id, View::Queue)).collect();
        let (f, mut sent) = (frame(), Sent::default());
        let mut budget = PACED;
        assert!(!sent.deliver_some(&mut viewers, &f, 1, &mut budget, &mut view_of), "100 of 250 served");
        assert_eq!((budget, sent.delivered), (0, 100));
        // Between ticks one viewer who had it leaves, one who had not leaves, one joins.
        viewers.retain(|v| v.id != 0 && v.id != 200);
        let (late, late_queue) = viewer(250);
        viewers.push(late);
        queues.push(late_queue);
        let mut ticks = 1;
        loop {
            let mut budget = PACED;
            ticks += 1;
            if sent.deliver_some(&mut viewers, &f, 1, &mut budget, &mut view_of) {
                break;
            }
        }
        assert_eq!(ticks, 3, "150 viewers still waiting (149 + the late one), 100 a tick");
        assert_eq!(sent.delivered, 100 + 150, "everyone still there once, the late viewer included");
        for (id, q) in queues.iter_mut().enumerate() {
            let got = std::iter::from_fn(|| q.try_recv().ok()).count();
            assert_eq!(got, usize::from(id != 200), "viewer {id}");
        }
        // The next recomputation starts over for everyone.
        let mut budget = 1000;
        assert!(sent.deliver_some(&mut viewers, &f, 2, &mut budget, &mut view_of));
        assert_eq!(budget, 1000 - 249);
    }
}
