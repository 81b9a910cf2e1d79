//! One WebSocket viewer: joins the tournament's room, catches up (replay or
//! snapshot), then forwards events in order, exactly once, with heartbeats.

use super::{protocol, Subscription};
use crate::app::AppState;
use crate::domain::User;
use crate::live::protocol::ClientMsg;
use actix_ws::{CloseCode, CloseReason, Message};
use std::time::{Duration, Instant};
use uuid::Uuid;

/// A client this far behind gets a snapshot instead of a replay.
pub const REPLAY_MAX: i64 = 1000;
/// Ping interval.
const HEARTBEAT: Duration = Duration::from_secs(10);
/// A client silent this long (no frame, no pong) is closed.
const CLIENT_TIMEOUT: Duration = Duration::from_secs(35);

/// Why a session ended.
enum End {
    /// The client closed or vanished.
    Gone,
    /// The server is shutting down (clients should reconnect elsewhere).
    Shutdown,
}

struct Viewer {
    state: AppState,
    tournament: Uuid,
    user: Option<User>,
    ws: actix_ws::Session,
    /// The last sequence number sent to the client.
    last: i64,
}

/// Runs a viewer's session until the socket closes.
pub async fn run(
    state: AppState,
    tournament: Uuid,
    user: Option<User>,
    since: Option<i64>,
    ws: actix_ws::Session,
    mut stream: actix_ws::MessageStream,
) {
    let mut v = Viewer { state, tournament, user, ws, last: 0 };
    let end = v.serve(since, &mut stream).await;
    let reason = match end {
        End::Gone => CloseReason { code: CloseCode::Normal, description: None },
        End::Shutdown => CloseReason { code: CloseCode::Restart, description: Some("server restarting: reconnect with ?since=".into()) },
    };
    let _ = v.ws.close(Some(reason)).await;
}

impl Viewer {
    async fn serve(&mut self, since: Option<i64>, stream: &mut actix_ws::MessageStream) -> End {
        let mut since = since;
        let mut heartbeat = tokio::time::interval(HEARTBEAT);
        let mut heard = Instant::now();
        let mut shutdown = self.state.hub.shutdown_signal();
        loop {
            // (Re)join the room, then catch up from `since`.
            let Ok(mut sub) = self.state.hub.join(self.tournament).await else { return End::Gone };
            let id = sub.id;
            let end = async {
                if !self.catch_up(since, &sub).await {
                    return Some(End::Gone);
                }
                loop {
                    tokio::select! {
                        ev = sub.events.recv() => match ev {
                            Some(e) => {
                                if !self.forward(e.seq, e.frame.clone()).await { return Some(End::Gone) }
                            }
                            None => {
                                // Cut off for being slow (or the room closed): resync.
                                if self.ws.text(protocol::resync("fell behind")).await.is_err() { return Some(End::Gone) }
                                return None;
                            }
                        },
                        msg = stream.recv() => {
                            heard = Instant::now();
                            match msg {
                                Some(Ok(Message::Text(text))) => match protocol::parse_client(&text) {
                                    Ok(ClientMsg::Ping { .. }) => {
                                        if self.ws.text(protocol::pong()).await.is_err() { return Some(End::Gone) }
                                    }
                                    Ok(ClientMsg::Resume { since: s, .. }) => {
                                        if !self.catch_up(s, &sub).await { return Some(End::Gone) }
                                    }
                                    Err(m) => {
                                        if self.ws.text(protocol::error("bad_message", &m)).await.is_err() { return Some(End::Gone) }
                                    }
                                },
                                Some(Ok(Message::Ping(b))) => { if self.ws.pong(&b).await.is_err() { return Some(End::Gone) } }
                                Some(Ok(Message::Binary(_))) => {
                                    if self.ws.text(protocol::error("bad_message", "send JSON text frames")).await.is_err() { return Some(End::Gone) }
                                }
                                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return Some(End::Gone),
                                Some(Ok(_)) => {}
                            }
                        }
                        _ = heartbeat.tick() => {
                            if heard.elapsed() > CLIENT_TIMEOUT || self.ws.ping(b"").await.is_err() {
                                return Some(End::Gone);
                            }
                        }
                        _ = shutdown.changed() => return Some(End::Shutdown),
                    }
                }
            }
            .await;
            self.state.hub.leave(self.tournament, id);
            match end {
                Some(end) => return end,
                None => since = None,
            }
        }
    }

    /// Sends what the client is missing after `since`: a replay when close
    /// enough, otherwise a snapshot. Returns false when the socket is gone.
    async fn catch_up(&mut self, since: Option<i64>, sub: &Subscription) -> bool {
        match since {
            Some(s) if s >= 0 && s <= sub.joined_at && sub.joined_at - s <= REPLAY_MAX => self.replay(s).await,
            _ => self.snapshot().await,
        }
    }

    async fn replay(&mut self, since: i64) -> bool {
        let events = match self.state.store.read().await {
            Ok(tx) => tx.events_since(self.tournament, since, u64::try_from(REPLAY_MAX).unwrap_or(1000) + 100).await,
            Err(e) => Err(e),
        };
        match events {
            Ok(events) => {
                self.last = since;
                for e in &events {
                    let live = super::LiveEvent::from_stored(e);
                    if !self.forward(live.seq, live.frame).await {
                        return false;
                    }
                }
                true
            }
            Err(_) => self.snapshot().await,
        }
    }

    async fn snapshot(&mut self) -> bool {
        match crate::service::snapshot::snapshot(&self.state, self.tournament, self.user.as_ref()).await {
            Ok(s) => {
                let data = serde_json::to_value(&s).unwrap_or_default();
                self.last = s.seq;
                self.ws.text(protocol::snapshot(s.seq, &data)).await.is_ok()
            }
            Err(e) => {
                let _ = self.ws.text(protocol::error(e.code(), e.message())).await;
                false
            }
        }
    }

    /// Sends one event frame unless already sent; fills a gap from the database first.
    async fn forward(&mut self, seq: i64, frame: bytestring::ByteString) -> bool {
        if seq <= self.last {
            return true;
        }
        if seq > self.last + 1 {
            let from = self.last;
            let missing = match self.state.store.read().await {
                Ok(tx) => tx.events_since(self.tournament, from, u64::try_from(seq - from - 1).unwrap_or(0)).await,
                Err(e) => Err(e),
            };
            match missing {
                Ok(events) if events.len() as i64 == seq - from - 1 => {
                    for e in &events {
                        let live = super::LiveEvent::from_stored(e);
                        if self.ws.text(live.frame).await.is_err() {
                            return false;
                        }
                        self.last = e.seq;
                    }
                }
                _ => return self.snapshot().await,
            }
        }
        self.last = seq;
        self.ws.text(frame).await.is_ok()
    }
}
