//! The live protocol, version 1: JSON text frames.
//!
//! A client picks a view when it connects (`?view=events|queue|board|standings|player|process|rooms`,
//! with `from`/`to` for a board's tables, `offset`/`limit` for a standings
//! window and `match` for a team match's pairing room; see [`super::view`]
//! and [`super::pairing_room`]) or later with a `subscribe` frame.
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
//! - `{"v":1,"type":"pong","now":MS}` (the server's time, for the round clock) and
//!   `{"v":1,"type":"error","code":…,"message":…}`.
//!
//! Client → server: `{"v":1,"type":"ping"}`; `{"v":1,"type":"resume","since":N}`
//! (events after `N`, or a snapshot); `{"v":1,"type":"subscribe","view":V,…}`
//! (switch view; a snapshot follows). Unknown frames get an `error` frame;
//! the socket stays open.
//!
//! Close codes: 1012 (server restarting: reconnect `in N ms`, the reason says,
//! a random moment within [`super::session::RECONNECT_SPREAD`]), 4001 (the sign-in
//! session the socket was opened with ended: signed out or expired), 1009
//! (a client frame over [`super::session::MAX_FRAME`] bytes), 1007 (text
//! that is not UTF-8), 1002 (another protocol violation).

use super::view::ViewParams;
use crate::bus::{EventData, LiveEvent};
use crate::service::views::{StandingView, StandingsMeta, StandingsWindow, ViewState};
use bytestring::ByteString;
use serde::{Deserialize, Serialize};

pub use crate::bus::event::VERSION;

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
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
        /// The view and its window.
        #[serde(flatten)]
        params: ViewParams,
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

/// A message to a client. Every frame carries `"v":1` and its `type`.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg<'a> {
    /// The view's state as of event `seq`: the client replaces what it shows.
    Snapshot {
        /// The view's wire name.
        view: &'static str,
        /// The last event the state includes.
        seq: i64,
        /// The state.
        data: &'a ViewState,
    },
    /// One event, on the raw event stream (`events` view): its frame is built
    /// once when the event is committed ([`LiveEvent::frame`]) and shared.
    #[serde(skip)]
    Event(&'a LiveEvent),
    /// What a view shows of event `seq`, or its recomputed standings.
    Update {
        /// The view's wire name.
        view: &'static str,
        /// The event (for standings, the last event they include).
        seq: i64,
        /// When the change was committed (Unix ms).
        at: i64,
        /// `kind` and `data`.
        #[serde(flatten)]
        body: Update<'a>,
    },
    /// The client fell behind: a snapshot follows; drop local state.
    Resync {
        /// Why, in words.
        reason: &'a str,
    },
    /// The answer to a `ping`, with the server's time (Unix ms): clients
    /// measure their offset from it, so a round's clock shows the same time
    /// on every screen whatever the device's own clock says.
    Pong {
        /// The server's time when it answered, Unix ms.
        now: i64,
    },
    /// A client frame could not be acted on; the socket stays open.
    Error {
        /// A stable snake_case code (`bad_message`, `bad_view`, or an API error code).
        code: &'a str,
        /// What a person should read.
        message: &'a str,
    },
}

/// The `kind` and `data` of an `update` frame.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Update<'a> {
    /// What the view shows of an event: the event's own kind, its data narrowed
    /// to the view (see [`super::view::View::filter`]).
    Event(&'a EventData),
    /// Standings the room recomputed.
    Standings(Recomputed<'a>),
    /// An update whose `data` is serialised already (recomputed standings,
    /// prepared beside the room: see [`super::standings`]).
    Prepared {
        /// The update's kind.
        kind: &'a str,
        /// The update's data, as JSON.
        data: &'a serde_json::value::RawValue,
    },
}

/// Standings a room recomputed for a view (`kind` `standings` or `standing`).
#[derive(Debug, Serialize)]
#[serde(tag = "kind", content = "data", rename_all = "snake_case")]
pub enum Recomputed<'a> {
    /// A standings window (the `standings` and `queue` views).
    Standings {
        /// The rows the view shows.
        standings: StandingsWindow,
        /// The columns, open ties and the TO's decisions.
        standings_meta: &'a StandingsMeta,
    },
    /// A player's own line (the `player` view); `null` when not ranked.
    Standing {
        /// The line.
        row: Option<&'a StandingView>,
    },
}

/// A frame as sent: the message with the protocol version.
#[derive(Serialize)]
struct Versioned<'a, 'b> {
    v: u32,
    #[serde(flatten)]
    msg: &'b ServerMsg<'a>,
}

impl ServerMsg<'_> {
    /// The JSON text frame.
    #[must_use]
    pub fn text(&self) -> ByteString {
        if let ServerMsg::Event(e) = self {
            return e.frame.clone();
        }
        match serde_json::to_string(&Versioned { v: VERSION, msg: self }) {
            Ok(text) => ByteString::from(text),
            Err(e) => {
                // Only a serialiser bug could get here: say so to the client.
                tracing::error!(error = %e, "cannot serialise a live frame");
                ByteString::from_static(r#"{"v":1,"type":"error","code":"internal","message":"Something went wrong."}"#)
            }
        }
    }
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
            Ok(ClientMsg::Subscribe { params: ViewParams { offset: Some(50), limit: Some(50), .. }, .. })
        ));
        assert!(parse_client(r#"{"v":2,"type":"ping"}"#).is_err_and(|m| m.contains("version 2")));
    }

    #[test]
    fn server_frames_carry_the_version_and_their_type() {
        let v = |m: ServerMsg<'_>| serde_json::from_str::<serde_json::Value>(&m.text()).unwrap();
        let pong = v(ServerMsg::Pong { now: 42 });
        assert_eq!((pong["v"].as_u64(), pong["type"].as_str()), (Some(1), Some("pong")));
        let resync = v(ServerMsg::Resync { reason: "fell behind" });
        assert_eq!(resync["reason"], "fell behind");
        let err = v(ServerMsg::Error { code: "bad_view", message: "no" });
        assert_eq!((err["type"].as_str(), err["code"].as_str()), (Some("error"), Some("bad_view")));
        let data = EventData::TieNoticesDismissed { count: 2 };
        let up = v(ServerMsg::Update { view: "queue", seq: 9, at: 5, body: Update::Event(&data) });
        assert_eq!(up["type"], "update");
        assert_eq!(up["view"], "queue");
        assert_eq!(up["seq"], 9);
        assert_eq!(up["kind"], "tie_notices_dismissed");
        assert_eq!(up["data"]["count"], 2);
        let meta = StandingsMeta::default();
        let standings = Recomputed::Standings { standings: StandingsWindow::default(), standings_meta: &meta };
        let up = v(ServerMsg::Update { view: "standings", seq: 3, at: 5, body: Update::Standings(standings) });
        assert_eq!(up["kind"], "standings");
        assert_eq!(up["data"]["standings"]["rows"], serde_json::json!([]));
        let up = v(ServerMsg::Update {
            view: "player",
            seq: 3,
            at: 5,
            body: Update::Standings(Recomputed::Standing { row: None }),
        });
        assert_eq!((up["kind"].as_str(), &up["data"]["row"]), (Some("standing"), &serde_json::Value::Null));
    }
}
