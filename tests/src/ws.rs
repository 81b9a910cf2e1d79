//! A WebSocket client for the live protocol. A background task reads the
//! socket continuously (as a browser does), so the client is never the slow
//! consumer the server cuts off; frames wait in an unbounded local queue.

use awc::ws::{Frame, Message};
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::Value;
use std::time::Duration;
use tokio::sync::mpsc;

/// A live-feed client.
pub struct WsClient {
    frames: mpsc::UnboundedReceiver<Value>,
    outgoing: mpsc::UnboundedSender<String>,
}

impl WsClient {
    /// Connects to `url` (`ws://…`).
    ///
    /// # Errors
    /// The handshake failed.
    pub async fn connect(url: &str) -> anyhow::Result<WsClient> {
        WsClient::connect_as(url, None).await
    }

    /// Connects to `url` with a session cookie (as a signed-in browser does).
    ///
    /// # Errors
    /// The handshake failed.
    pub async fn connect_as(url: &str, session: Option<&str>) -> anyhow::Result<WsClient> {
        let mut req = awc::Client::new().ws(url);
        if let Some(token) = session {
            req = req.set_header("Cookie", format!("arbiter_session={token}"));
        }
        let (_, mut socket) = req.connect().await.map_err(|e| anyhow::anyhow!("ws connect {url}: {e}"))?;
        let (frames_tx, frames) = mpsc::unbounded_channel();
        let (outgoing, mut out_rx) = mpsc::unbounded_channel::<String>();
        actix_web::rt::spawn(async move {
            // A long message arrives in fragments (RFC 6455 §5.4): reassembled here.
            let mut pieces: Vec<u8> = Vec::new();
            loop {
                tokio::select! {
                    frame = socket.next() => match frame {
                        Some(Ok(Frame::Text(b))) => {
                            if let Ok(v) = serde_json::from_slice(&b) {
                                if frames_tx.send(v).is_err() { return; }
                            }
                        }
                        Some(Ok(Frame::Continuation(item))) => {
                            use actix_http::ws::Item;
                            match item {
                                Item::FirstText(b) | Item::FirstBinary(b) => { pieces.clear(); pieces.extend_from_slice(&b); }
                                Item::Continue(b) => pieces.extend_from_slice(&b),
                                Item::Last(b) => {
                                    pieces.extend_from_slice(&b);
                                    if let Ok(v) = serde_json::from_slice(&pieces) {
                                        if frames_tx.send(v).is_err() { return; }
                                    }
                                    pieces.clear();
                                }
                            }
                        }
                        Some(Ok(Frame::Ping(p))) => { let _ = socket.send(Message::Pong(p)).await; }
                        Some(Ok(Frame::Close(_))) | None | Some(Err(_)) => return,
                        Some(Ok(_)) => {}
                    },
                    text = out_rx.recv() => match text {
                        Some(t) => { let _ = socket.send(Message::Text(t.into())).await; }
                        None => return,
                    },
                }
            }
        });
        Ok(WsClient { frames, outgoing })
    }

    /// The next JSON text frame, waiting at most `timeout`. `None` on timeout
    /// or close. (A frame that must come is awaited with [`crate::WAIT`]; a
    /// short `timeout` is for checking that nothing more comes.)
    pub async fn next_json(&mut self, timeout: Duration) -> Option<Value> {
        tokio::time::timeout(timeout, self.frames.recv()).await.ok()?
    }

    /// Frames until `pred` holds for one (returned with everything before
    /// it), waiting at most `timeout` — at least [`crate::WAIT`]: this waits
    /// for what must happen. To gather what arrives in a while, see [`WsClient::collect`].
    pub async fn until(&mut self, timeout: Duration, mut pred: impl FnMut(&Value) -> bool) -> (Vec<Value>, bool) {
        let deadline = tokio::time::Instant::now() + timeout.max(crate::WAIT);
        let mut seen = Vec::new();
        while let Some(left) = deadline.checked_duration_since(tokio::time::Instant::now()) {
            let Some(v) = self.next_json(left).await else { break };
            let done = pred(&v);
            seen.push(v);
            if done {
                return (seen, true);
            }
        }
        (seen, false)
    }

    /// Every frame that arrives within `period` (for checking what comes, or that nothing does).
    pub async fn collect(&mut self, period: Duration) -> Vec<Value> {
        let deadline = tokio::time::Instant::now() + period;
        let mut seen = Vec::new();
        while let Some(left) = deadline.checked_duration_since(tokio::time::Instant::now()) {
            let Some(v) = self.next_json(left).await else { break };
            seen.push(v);
        }
        seen
    }

    /// Sends a text frame.
    ///
    /// # Errors
    /// The socket is closed.
    pub fn send_text(&self, text: &str) -> anyhow::Result<()> {
        self.outgoing.send(text.to_string()).map_err(|_| anyhow::anyhow!("ws closed"))
    }
}
