//! The live protocol, version 1: JSON text frames.
//!
//! A client picks a view when it connects (`?view=events|queue|board|standings|player`,
//! with `from`/`to` for a board's tables and `offset`/`limit` for a standings
//! window; see [`super::view`]) or later with a `subscribe` frame.
//!
//! Server → client:
//! - `{"v":1,"type":"snapshot","view":V,"seq":S,"data":{…}}`: the view's state as of event `S`;
//! - `{"v":1,"type":"event","tournament":ID,"seq":N,"kind":K,"at":MS,"data":{…}}`
//!   (`events` view): one state change, every one, in order (see
//!   [`crate::service::EventKind`] for the kinds);
//! - `{"v":1,"type":"update","view":V,"seq":N,"at":MS,"kind":K,"data":{…}}` (other views):
//!   what the view shows of event `N` (`kind` is the event's, or `standings` /
//!   `standing` for recomputed standings rows);
//! - `{"v":1,"type":"resync","reason":…}`: a snapshot follows; drop local state;
//! - `{"v":1,"type":"pong"}` and `{"v":1,"type":"error","code":…,"message":…}`.
//!
//! Client → server: `{"v":1,"type":"ping"}`; `{"v":1,"type":"resume","since":N}`
//! (events after `N`, or a snapshot); `{"v":1,"type":"subscribe","view":V,…}`
//! (switch view; a snapshot follows). Unknown frames get an `error` frame;
//! the socket stays open.
//!
//! Close codes: 1012 (server restarting: reconnect), 4001 (the sign-in
//! session the socket was opened with ended: signed out or expired), 1009
//! (a client frame over [`super::session::MAX_FRAME`] bytes), 1007 (text
//! that is not UTF-8), 1002 (another protocol violation).

use serde::Deserialize;
use serde_json::json;

/// The protocol version.
pub const VERSION: u32 = 1;

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Keep-alive; answered with `pong`.
    Ping {
        /// Protocol version (1).
        #[serde(default)]
        v: Option<u32>,
    },
    /// Resend everything after `since` (or a snapshot when `since` is absent
    /// or too old).
    Resume {
        /// Protocol version (1).
        #[serde(default)]
        v: Option<u32>,
        /// The last sequence number the client has applied.
        #[serde(default)]
        since: Option<i64>,
    },
    /// Show another view (or another window of the same one).
    Subscribe {
        /// Protocol version (1).
        #[serde(default)]
        v: Option<u32>,
        /// `events`, `queue`, `board`, `standings` or `player`.
        #[serde(default)]
        view: Option<String>,
        /// Board: first table.
        #[serde(default)]
        from: Option<u32>,
        /// Board: last table.
        #[serde(default)]
        to: Option<u32>,
        /// Standings: first row.
        #[serde(default)]
        offset: Option<u32>,
        /// Standings: number of rows.
        #[serde(default)]
        limit: Option<u32>,
    },
}

/// Parses a client frame.
///
/// # Errors
/// A message a person can read, for an `error` frame.
pub fn parse_client(text: &str) -> Result<ClientMsg, String> {
    let msg: ClientMsg = serde_json::from_str(text)
        .map_err(|e| format!("unrecognised message ({e}); send {{\"v\":1,\"type\":\"ping\"}} or {{\"v\":1,\"type\":\"resume\",\"since\":N}}"))?;
    let v = match &msg {
        ClientMsg::Ping { v } | ClientMsg::Resume { v, .. } | ClientMsg::Subscribe { v, .. } => *v,
    };
    match v {
        None | Some(VERSION) => Ok(msg),
        Some(other) => Err(format!("protocol version {other} is not supported; this server speaks version {VERSION}")),
    }
}

/// A `snapshot` frame of `view`.
#[must_use]
pub fn snapshot(view: &str, seq: i64, data: &serde_json::Value) -> String {
    json!({"v": VERSION, "type": "snapshot", "view": view, "seq": seq, "data": data}).to_string()
}

/// A `resync` frame.
#[must_use]
pub fn resync(reason: &str) -> String {
    json!({"v": VERSION, "type": "resync", "reason": reason}).to_string()
}

/// A `pong` frame.
#[must_use]
pub fn pong() -> String {
    json!({"v": VERSION, "type": "pong"}).to_string()
}

/// An `error` frame.
#[must_use]
pub fn error(code: &str, message: &str) -> String {
    json!({"v": VERSION, "type": "error", "code": code, "message": message}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_known_frames_and_explains_unknown_ones() {
        assert_eq!(parse_client(r#"{"v":1,"type":"ping"}"#), Ok(ClientMsg::Ping { v: Some(1) }));
        assert_eq!(parse_client(r#"{"type":"resume","since":12}"#), Ok(ClientMsg::Resume { v: None, since: Some(12) }));
        assert!(parse_client(r#"{"type":"dance"}"#).is_err_and(|m| m.contains("ping")));
        assert!(parse_client("not json").is_err());
        assert!(matches!(
            parse_client(r#"{"v":1,"type":"subscribe","view":"standings","offset":50,"limit":50}"#),
            Ok(ClientMsg::Subscribe { offset: Some(50), limit: Some(50), .. })
        ));
        assert!(parse_client(r#"{"v":2,"type":"ping"}"#).is_err_and(|m| m.contains("version 2")));
    }
}
