//! One WebSocket viewer: joins the tournament's room for its view, catches
//! up (a replay of events, or the view's snapshot), then forwards frames in
//! order, with heartbeats; switches view on request.
//!
//! Every write to the socket has a deadline (`ws_timeout_secs`): a client
//! that stops reading is not waited for (its heartbeat would never run); its
//! session ends and its connection is dropped at once ([`super::cut`]). A
//! viewer the room cut off because its queue was full drops what is still
//! queued (all of it stale): a `resync` and a fresh snapshot follow when the
//! socket takes them at once; otherwise — the client is reading too slowly
//! for the frames it is sent — its connection is dropped at once too, and
//! the client reconnects (with `?since=N` on the event stream).
//!
//! A socket opened with a session cookie closes with 4001 when that sign-in
//! session ends (signed out on any instance, or expired): what it shows is
//! the account's. A client frame over [`MAX_FRAME`] bytes closes it with 1009
//! (message too big), invalid UTF-8 text with 1007, any other protocol
//! violation with 1002 (RFC 6455, section 7.4.1).

use super::cut::Cut;
use super::protocol::{self, ClientMsg, ServerMsg};
use super::signin::{SignInEnd, SignInWatch};
use super::stats::Stage;
use super::view::{Me, View};
use super::{Hub, SharedFrame, Subscription};
use crate::bus::event::frame_of;
use crate::domain::{TournamentId, User};
use crate::error::Code;
use actix_web::web::Bytes;
use actix_ws::{CloseCode, CloseReason, Message, ProtocolError};
use bytestring::ByteString;
use std::future::Future as _;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// A client this far behind gets a snapshot instead of a replay.
pub const REPLAY_MAX: i64 = 1000;

/// At most this many queued frames are forwarded in one turn of a session
/// (then its loop runs again: heartbeats, client frames, shutdown).
const BATCH: usize = 64;

/// Over how long the sockets a restarting server closes are told to come
/// back, each at a random moment in it, so a venue's screens and phones do
/// not all reconnect (and read their snapshots) at once.
pub const RECONNECT_SPREAD: Duration = Duration::from_secs(10);

/// A random moment in [`RECONNECT_SPREAD`], in milliseconds.
fn reconnect_in_ms() -> u128 {
    use rand::Rng as _;
    rand::thread_rng().gen_range(0..RECONNECT_SPREAD.as_millis())
}

/// The largest frame a client may send, in bytes (its messages are a few
/// dozen bytes); a larger one closes the socket with 1009.
pub const MAX_FRAME: usize = 16 * 1024;

/// The close code of a socket whose sign-in session ended (signed out or
/// expired): from the range RFC 6455 leaves to applications (4000–4999). The
/// page reloads rather than reconnecting.
pub const CLOSE_SIGNED_OUT: u16 = 4001;

/// Why a session ended.
enum End {
    /// The client closed or vanished.
    Gone,
    /// The server is shutting down (clients should reconnect elsewhere).
    Shutdown,
    /// The client stopped reading: a write missed its deadline.
    Stalled,
    /// The room cut the viewer off (its queue overflowed) and the socket
    /// could not take a `resync` at once: the client reads too slowly.
    FellBehind,
    /// The sign-in session the socket was opened with ended.
    SignedOut(SignInEnd),
    /// The client sent a frame larger than [`MAX_FRAME`].
    TooBig,
    /// The client sent text that is not UTF-8.
    InvalidText,
    /// The client broke the WebSocket protocol otherwise.
    Protocol,
}

/// What to do after leaving the room.
enum Next {
    End(End),
    /// Join again (after being cut off, or with another view).
    Rejoin,
}

/// Who is watching and what.
pub struct Watcher {
    /// The tournament.
    pub tournament: TournamentId,
    /// The signed-in account, if any.
    pub user: Option<User>,
    /// The account's registration in the tournament, if any (for the player view).
    pub me: Option<Me>,
    /// The view.
    pub view: View,
    /// The last sequence number the client has (`?since=`).
    pub since: Option<i64>,
    /// The sign-in session the socket was opened with, if any: the socket
    /// closes when it ends.
    pub sign_in: Option<SignInWatch>,
}

/// How a session keeps its socket alive.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// Time between pings.
    pub heartbeat: Duration,
    /// A socket silent this long is closed; also the deadline of every write.
    pub timeout: Duration,
}

impl Timing {
    /// From the settings' seconds (at least one second each).
    #[must_use]
    pub fn from_secs(heartbeat: u64, timeout: u64) -> Timing {
        Timing { heartbeat: Duration::from_secs(heartbeat.max(1)), timeout: Duration::from_secs(timeout.max(1)) }
    }
}

struct Viewer {
    hub: Hub,
    timing: Timing,
    w: Watcher,
    ws: actix_ws::Session,
    /// Drops the connection at once (see [`super::cut`]).
    cut: Cut,
    /// The last sequence number sent to the client.
    last: i64,
    /// The room's sequence number when this viewer last joined: a snapshot
    /// must be at least this recent (its queue holds every later event).
    joined_at: i64,
    /// A write missed its deadline: the client is not reading.
    stalled: bool,
    /// Notified when the room cuts this viewer off (see [`Subscription`]).
    overflowed: Arc<Notify>,
    /// The room cut the viewer off while a write waited for the socket.
    fell_behind: bool,
}

/// One message to the client.
enum Out {
    Text(ByteString),
    Ping,
    Pong(Bytes),
}

/// Runs a viewer's session until the socket closes; `socket` is its writer
/// and the handle that drops its connection at once.
pub async fn run(
    hub: Hub,
    timing: Timing,
    watcher: Watcher,
    socket: (actix_ws::Session, Cut),
    mut stream: actix_ws::MessageStream,
) {
    let write_deadline = timing.timeout;
    let (ws, cut) = socket;
    let mut v = Viewer {
        hub,
        timing,
        w: watcher,
        ws,
        cut,
        last: 0,
        joined_at: 0,
        stalled: false,
        overflowed: Arc::default(),
        fell_behind: false,
    };
    let end = v.serve(&mut stream).await;
    let reason = match end {
        End::Gone => CloseReason { code: CloseCode::Normal, description: None },
        End::Shutdown => CloseReason {
            code: CloseCode::Restart,
            description: Some(format!("server restarting: reconnect with ?since= in {} ms", reconnect_in_ms())),
        },
        End::SignedOut(why) => {
            v.hub.stats().signed_out.inc();
            let description = match why {
                SignInEnd::SignedOut => "signed out",
                SignInEnd::Expired => "session expired: sign in again",
            };
            CloseReason { code: CloseCode::Other(CLOSE_SIGNED_OUT), description: Some(description.into()) }
        }
        End::TooBig => CloseReason {
            code: CloseCode::Size,
            description: Some(format!("message too big: frames are limited to {MAX_FRAME} bytes")),
        },
        End::InvalidText => {
            CloseReason { code: CloseCode::Invalid, description: Some("text frames must be UTF-8".into()) }
        }
        End::Protocol => {
            CloseReason { code: CloseCode::Protocol, description: Some("WebSocket protocol error".into()) }
        }
        End::Stalled => {
            // A close frame would wait behind everything the client has not
            // read: the connection is dropped instead.
            v.hub.stats().stalled.inc();
            tracing::info!(
                tournament = %v.w.tournament,
                deadline_secs = write_deadline.as_secs(),
                "live client stopped reading; connection dropped"
            );
            v.cut.now();
            return;
        }
        End::FellBehind => {
            v.hub.stats().cut_off.inc();
            tracing::info!(tournament = %v.w.tournament, "live client fell behind; connection dropped");
            v.cut.now();
            return;
        }
    };
    let _ = tokio::time::timeout(write_deadline, v.ws.close(Some(reason))).await;
}

/// Resolves when the socket's sign-in session ends; never for an anonymous socket.
async fn signed_in_until(watch: &mut Option<SignInWatch>) -> SignInEnd {
    match watch {
        Some(w) => w.ended().await,
        None => std::future::pending().await,
    }
}

impl Viewer {
    async fn serve(&mut self, stream: &mut actix_ws::MessageStream) -> End {
        let timeout = self.timing.timeout;
        let mut heartbeat = tokio::time::interval(self.timing.heartbeat);
        let mut heard = Instant::now();
        let mut shutdown = self.hub.shutdown_signal();
        // Taken out of the watcher so the select below can borrow it beside `self`.
        let mut sign_in = self.w.sign_in.take();
        loop {
            let Ok(mut sub) = self.hub.join(self.w.tournament, self.w.view.clone()).await else {
                return End::Gone;
            };
            self.joined_at = sub.joined_at;
            self.overflowed = sub.overflowed.clone();
            let next = async {
                if !Box::pin(self.catch_up(self.w.since, &sub)).await {
                    return self.gone();
                }
                loop {
                    tokio::select! {
                        frame = sub.frames.recv() => match frame {
                            // Still in the room: its frames are current.
                            Some(f) if !sub.frames.is_closed() => {
                                // A pairing room's frames are its kind of viewer's: one
                                // whose role changed since (made captain or staff, or no
                                // longer) gets none of them, but the room as they see it now.
                                if let Some(view) = self.moved_seat().await {
                                    self.w.view = view;
                                    self.w.since = None;
                                    return Next::Rejoin;
                                }
                                if !self.forward_queued(f, &mut sub).await { return self.gone() }
                            }
                            // Cut off for being slow (or the room closed): what is
                            // still queued is stale; resync and start from a
                            // snapshot — if the socket takes the resync at once.
                            _ => {
                                match self.try_send(Out::Text(ServerMsg::Resync { reason: "fell behind" }.text())) {
                                    Some(true) => {}
                                    Some(false) => return self.gone(),
                                    None => return Next::End(End::FellBehind),
                                }
                                self.w.since = None;
                                return Next::Rejoin;
                            }
                        },
                        msg = stream.recv() => {
                            heard = Instant::now();
                            match msg {
                                Some(Ok(Message::Text(text))) => match protocol::parse_client(&text) {
                                    Ok(ClientMsg::Ping { .. }) => {
                                        if !self.send(Out::Text(ServerMsg::Pong { now: crate::domain::now_millis() }.text())).await { return self.gone() }
                                    }
                                    Ok(ClientMsg::Resume { since, .. }) => {
                                        if !Box::pin(self.catch_up(since, &sub)).await { return self.gone() }
                                    }
                                    Ok(ClientMsg::Subscribe { params, .. }) => {
                                        let view = match params.view(self.w.me) {
                                            Ok(v) => super::pairing_room::resolve(self.hub.store(), self.w.tournament, self.w.user.as_ref(), v).await.map_err(|e| e.message().to_string()),
                                            Err(m) => Err(m),
                                        };
                                        match view {
                                            Ok(v) => {
                                                self.w.view = v;
                                                self.w.since = None;
                                                return Next::Rejoin;
                                            }
                                            Err(m) => {
                                                if !self.send(Out::Text(ServerMsg::Error { code: Code::BadView.as_str(), message: &m }.text())).await { return self.gone() }
                                            }
                                        }
                                    }
                                    Err(m) => {
                                        if !self.send(Out::Text(ServerMsg::Error { code: Code::BadMessage.as_str(), message: &m }.text())).await { return self.gone() }
                                    }
                                },
                                Some(Ok(Message::Ping(b))) => { if !self.send(Out::Pong(b)).await { return self.gone() } }
                                Some(Ok(Message::Binary(_))) => {
                                    if !self.send(Out::Text(ServerMsg::Error { code: Code::BadMessage.as_str(), message: "send JSON text frames" }.text())).await { return self.gone() }
                                }
                                Some(Err(ProtocolError::Overflow)) => return Next::End(End::TooBig),
                                Some(Err(ProtocolError::Io(e))) if e.kind() == std::io::ErrorKind::InvalidData => {
                                    return Next::End(End::InvalidText)
                                }
                                Some(Ok(Message::Close(_))) | None | Some(Err(ProtocolError::Io(_))) => {
                                    return Next::End(End::Gone)
                                }
                                Some(Err(_)) => return Next::End(End::Protocol),
                                Some(Ok(_)) => {}
                            }
                        }
                        _ = heartbeat.tick() => {
                            if heard.elapsed() > timeout || !self.send(Out::Ping).await {
                                return self.gone();
                            }
                        }
                        _ = shutdown.changed() => return Next::End(End::Shutdown),
                        why = signed_in_until(&mut sign_in) => return Next::End(End::SignedOut(why)),
                    }
                }
            }
            .await;
            // Leaves the room (see `Subscription`) before joining again.
            drop(sub);
            match next {
                Next::End(end) => return end,
                Next::Rejoin => {}
            }
        }
    }

    /// A signed-in viewer of a pairing room (`process` view) whose kind of
    /// viewer is no longer the one their frames are read for (they became a
    /// captain of the match or staff, or stopped being one): that view with
    /// their kind now. `None` for every other socket, when nothing changed,
    /// or when it cannot be read (the frames, read from the same database,
    /// then cannot be either).
    async fn moved_seat(&self) -> Option<View> {
        let View::Process { match_id, seat } = self.w.view else { return None };
        let user = self.w.user.as_ref()?;
        let now = crate::service::teams::rooms::viewer_of(self.hub.store(), self.w.tournament, Some(user), match_id)
            .await
            .ok()?;
        (now != seat).then_some(View::Process { match_id, seat: now })
    }

    /// Forwards a frame taken from the room's queue, and whatever else is
    /// queued behind it (up to [`BATCH`] frames) in the same turn: the
    /// socket's writer then takes them together, in one write, and the
    /// session's loop is not re-entered per frame. False when the socket is
    /// gone.
    async fn forward_queued(&mut self, first: SharedFrame, sub: &mut Subscription) -> bool {
        let taken = Instant::now();
        let mut next = Some(first);
        let mut n = 0;
        while let Some(f) = next.take() {
            let stats = self.hub.stats();
            stats.stage_since(Stage::Queue, f.queued);
            if !self.forward(f.seq, f.text.clone()).await {
                return false;
            }
            self.hub.stats().stage_since_micros(Stage::Server, f.emitted_us);
            n += 1;
            // A closed queue's frames are stale: the caller's next receive resyncs.
            if n < BATCH && !sub.frames.is_closed() {
                next = sub.frames.try_recv().ok();
            }
        }
        self.hub.stats().stage_since(Stage::Write, taken);
        true
    }

    /// Sends one message if the socket's writer takes it at once: `None`
    /// when it would have to wait (its buffer is full), else whether it was sent.
    fn try_send(&mut self, out: Out) -> Option<bool> {
        use futures_util::FutureExt as _;
        let sending = match out {
            Out::Text(text) => self.ws.text(text).boxed_local(),
            Out::Ping => self.ws.ping(b"").boxed_local(),
            Out::Pong(b) => {
                let ws = &mut self.ws;
                async move { ws.pong(&b).await }.boxed_local()
            }
        };
        sending.now_or_never().map(|sent| sent.is_ok())
    }

    /// Sends one message, waiting at most the write deadline for room in the
    /// socket's buffers. False when the socket is gone, or the deadline
    /// passed (the client is not reading; the session then ends), or the
    /// room cut the viewer off while this write waited (the client reads
    /// too slowly: its connection is dropped at once). A send the writer
    /// takes at once (nearly every one) costs no timer.
    async fn send(&mut self, out: Out) -> bool {
        let ws = &mut self.ws;
        let started = Instant::now();
        let sending = async move {
            match out {
                Out::Text(text) => ws.text(text).await,
                Out::Ping => ws.ping(b"").await,
                Out::Pong(b) => ws.pong(&b).await,
            }
        };
        tokio::pin!(sending);
        let once = std::future::poll_fn(|cx| std::task::Poll::Ready(sending.as_mut().poll(cx))).await;
        let sent = match once {
            std::task::Poll::Ready(done) => Ok(done),
            std::task::Poll::Pending => {
                let overflowed = self.overflowed.clone();
                tokio::select! {
                    sent = tokio::time::timeout(self.timing.timeout, sending) => sent,
                    () = overflowed.notified() => {
                        self.fell_behind = true;
                        return false;
                    }
                }
            }
        };
        match sent {
            Ok(Ok(())) => true,
            Ok(Err(_)) => {
                // The connection went away under a write that was waiting
                // for room: the kernel reset it because the client stopped
                // reading (`TCP_USER_TIMEOUT`, counted from the last data the
                // client took, so it may come before this write's deadline).
                self.stalled = started.elapsed() >= self.timing.timeout / 2;
                false
            }
            Err(_) => {
                self.stalled = true;
                false
            }
        }
    }

    /// How the session ends after a failed send.
    fn gone(&self) -> Next {
        Next::End(if self.fell_behind {
            End::FellBehind
        } else if self.stalled {
            End::Stalled
        } else {
            End::Gone
        })
    }

    /// Sends what the client is missing after `since`: for the event stream a
    /// replay when close enough; otherwise (and for every other view) a
    /// snapshot. Returns false when the socket is gone.
    async fn catch_up(&mut self, since: Option<i64>, sub: &Subscription) -> bool {
        match since {
            Some(s)
                if self.w.view == View::Events && s >= 0 && s <= sub.joined_at && sub.joined_at - s <= REPLAY_MAX =>
            {
                self.replay(s, sub).await
            }
            _ => self.snapshot().await,
        }
    }

    /// Replays the events after `since`. Stops early, with true, when the
    /// room cuts the viewer off meanwhile (a slow client asking for long
    /// replays): the session's loop then resyncs it or drops it at once.
    async fn replay(&mut self, since: i64, sub: &Subscription) -> bool {
        let events = match self.hub.store().read().await {
            Ok(tx) => tx.events_since(self.w.tournament, since, u64::try_from(REPLAY_MAX).unwrap_or(1000) + 100).await,
            Err(e) => Err(e),
        };
        match events {
            Ok(events) => {
                self.last = since;
                for e in &events {
                    if sub.frames.is_closed() {
                        break;
                    }
                    if !self.forward(e.seq, frame_of(e)).await {
                        return false;
                    }
                }
                true
            }
            Err(_) => self.snapshot().await,
        }
    }

    /// Sends the view's snapshot, shared with the other viewers of the view
    /// (see [`super::Snapshots`]). Returns false when the socket is gone, or
    /// the snapshot cannot be read (an error frame is sent first).
    async fn snapshot(&mut self) -> bool {
        let (hub, w) = (&self.hub, &self.w);
        let shared = hub.snapshots().frame(w.tournament, &w.view, self.joined_at, || async {
            let (seq, data) = super::snapshot::for_view(hub, w.tournament, w.user.as_ref(), &w.view).await?;
            Ok::<_, crate::error::ApiError>((seq, ServerMsg::Snapshot { view: w.view.name(), seq, data: &data }.text()))
        });
        match shared.await {
            Ok((seq, frame)) => {
                self.last = seq;
                self.send(Out::Text(frame)).await
            }
            Err(e) => {
                let _ = self.send(Out::Text(ServerMsg::Error { code: e.code(), message: e.message() }.text())).await;
                false
            }
        }
    }

    /// Sends one frame unless the client has it already. On the event stream
    /// a gap is filled from the database first (the room keeps it gap-free;
    /// this is a safety net); a view's updates are idempotent replacements,
    /// so only frames older than its snapshot are dropped.
    async fn forward(&mut self, seq: i64, frame: ByteString) -> bool {
        if self.w.view != View::Events {
            if seq < self.last {
                return true;
            }
            self.last = seq;
            return self.send(Out::Text(frame)).await;
        }
        if seq <= self.last {
            return true;
        }
        if seq > self.last + 1 {
            if let Some(sent) = Box::pin(self.fill_gap(seq)).await {
                return sent;
            }
        }
        self.last = seq;
        self.send(Out::Text(frame)).await
    }

    /// Sends the events between the last one sent and `seq` from the
    /// database. `None` when the gap is filled (send `seq` next); otherwise a
    /// snapshot was sent instead and its outcome is the answer. Called boxed,
    /// like [`Viewer::catch_up`]: database futures are large, and a session's
    /// idle state (held for hours per viewer) should not carry them (7.5 KB
    /// per viewer before, 2 KB after).
    async fn fill_gap(&mut self, seq: i64) -> Option<bool> {
        let from = self.last;
        let missing = match self.hub.store().read().await {
            Ok(tx) => tx.events_since(self.w.tournament, from, u64::try_from(seq - from - 1).unwrap_or(0)).await,
            Err(e) => Err(e),
        };
        match missing {
            Ok(events) if events.len() as i64 == seq - from - 1 => {
                for e in &events {
                    if !self.send(Out::Text(frame_of(e))).await {
                        return Some(false);
                    }
                    self.last = e.seq;
                }
                None
            }
            _ => Some(self.snapshot().await),
        }
    }
}
