//! A WebSocket client for the live protocol.

use awc::ws::{Frame, Message};
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::Value;
use std::time::Duration;

type Socket = actix_codec::Framed<awc::BoxedSocket, awc::ws::Codec>;

/// A live-feed client: reads JSON frames, answers pings.
pub struct WsClient {
    socket: Socket,
}

impl WsClient {
    /// Connects to `url` (`ws://…`).
    ///
    /// # Errors
    /// The handshake failed.
    pub async fn connect(url: &str) -> anyhow::Result<WsClient> {
        let (_, socket) = awc::Client::new().ws(url).connect().await.map_err(|e| anyhow::anyhow!("ws connect {url}: {e}"))?;
        Ok(WsClient { socket })
    }

    /// The next JSON text frame, waiting at most `timeout`. `None` on timeout or close.
    pub async fn next_json(&mut self, timeout: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.socket.next()).await.ok()??;
            match frame.ok()? {
                Frame::Text(b) => return serde_json::from_slice(&b).ok(),
                Frame::Ping(p) => {
                    let _ = self.socket.send(Message::Pong(p)).await;
                }
                Frame::Close(_) => return None,
                _ => {}
            }
        }
    }

    /// Frames until `pred` holds for one (returned with everything before it).
    pub async fn until(&mut self, timeout: Duration, mut pred: impl FnMut(&Value) -> bool) -> (Vec<Value>, bool) {
        let deadline = tokio::time::Instant::now() + timeout;
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

    /// Sends a text frame.
    ///
    /// # Errors
    /// The socket is closed.
    pub async fn send_text(&mut self, text: &str) -> anyhow::Result<()> {
        self.socket.send(Message::Text(text.to_string().into())).await.map_err(|e| anyhow::anyhow!("ws send: {e}"))
    }
}
