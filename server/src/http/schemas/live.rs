//! The live protocol's frames as schemas (`GET /ws/tournaments/{id}`): what a
//! client may send and what the server sends. JSON text messages; every
//! frame carries `"v": 1` and its `type`. The server's own types
//! (`crate::live::protocol`) borrow their data, so the shapes are written out
//! here; `event` and `update` data are [`EventData`]'s shapes.

use crate::bus::EventData;
use utoipa::ToSchema;

/// Client → server: keep-alive, answered with `pong`.
#[derive(ToSchema)]
pub struct PingFrame {
    /// `ping`.
    #[serde(rename = "type")]
    #[schema(example = "ping")]
    pub frame_type: String,
    /// Protocol version (1); may be left out.
    pub v: Option<u32>,
}

/// Client → server: resend every event after `since` (a `snapshot` when
/// `since` is absent or older than the server keeps).
#[derive(ToSchema)]
pub struct ResumeFrame {
    /// `resume`.
    #[serde(rename = "type")]
    #[schema(example = "resume")]
    pub frame_type: String,
    /// Protocol version (1); may be left out.
    pub v: Option<u32>,
    /// The last sequence number the client has applied.
    pub since: Option<i64>,
}

/// Client → server: show another view, or another window of the same one
/// (the same fields as the socket's query string).
#[derive(ToSchema)]
pub struct SubscribeFrame {
    /// `subscribe`.
    #[serde(rename = "type")]
    #[schema(example = "subscribe")]
    pub frame_type: String,
    /// Protocol version (1); may be left out.
    pub v: Option<u32>,
    /// `events`, `queue`, `board`, `standings`, `bracket` or `player`.
    pub view: Option<String>,
    /// Board: first table.
    pub from: Option<u32>,
    /// Board: last table.
    pub to: Option<u32>,
    /// Standings: first row (0-based).
    pub offset: Option<u32>,
    /// Standings: number of rows (at most 200).
    pub limit: Option<u32>,
}

/// Server → client: the view's state as of event `seq`; the client replaces
/// what it shows.
#[derive(ToSchema)]
pub struct SnapshotFrame {
    /// Protocol version: 1.
    pub v: u32,
    /// `snapshot`.
    #[serde(rename = "type")]
    #[schema(example = "snapshot")]
    pub frame_type: String,
    /// The view's wire name.
    pub view: String,
    /// The last event the state includes.
    pub seq: i64,
    /// The view's state (its shape depends on the view: the `events` view's is
    /// `GET /api/tournaments/{id}/snapshot`'s body).
    pub data: serde_json::Value,
}

/// Server → client (`events` view, and `GET /api/tournaments/{id}/events`):
/// one stored event, in order, with no gaps.
#[derive(ToSchema)]
pub struct EventFrame {
    /// Protocol version: 1.
    pub v: u32,
    /// `event`.
    #[serde(rename = "type")]
    #[schema(example = "event")]
    pub frame_type: String,
    /// The tournament's id.
    #[schema(value_type = String, format = Uuid)]
    pub tournament: uuid::Uuid,
    /// The event's sequence number in its tournament (1, 2, 3…).
    pub seq: i64,
    /// When it was committed, Unix ms.
    pub at: i64,
    /// `kind` and `data`: one data shape per kind.
    #[serde(flatten)]
    pub event: EventData,
}

/// Server → client (every view but `events`): what the view shows of event
/// `seq` (`kind` and `data` as in [`EventFrame`], the data cut to the view),
/// or recomputed standings (`kind` `standings` with `rows`, or `standing`
/// with one `row`, for the `standings` and `player` views).
#[derive(ToSchema)]
pub struct UpdateFrame {
    /// Protocol version: 1.
    pub v: u32,
    /// `update`.
    #[serde(rename = "type")]
    #[schema(example = "update")]
    pub frame_type: String,
    /// The view's wire name.
    pub view: String,
    /// The event (for standings, the last event they include).
    pub seq: i64,
    /// When the change was committed, Unix ms.
    pub at: i64,
    /// The event's kind, or `standings` / `standing`.
    pub kind: String,
    /// The event's data narrowed to the view, or the recomputed rows.
    pub data: serde_json::Value,
}

/// Server → client: the client fell behind (its queue of 512 frames filled);
/// a `snapshot` follows, and local state should be dropped.
#[derive(ToSchema)]
pub struct ResyncFrame {
    /// Protocol version: 1.
    pub v: u32,
    /// `resync`.
    #[serde(rename = "type")]
    #[schema(example = "resync")]
    pub frame_type: String,
    /// Why, in words.
    pub reason: String,
}

/// Server → client: the answer to `ping`, with the server's time.
#[derive(ToSchema)]
pub struct PongFrame {
    /// Protocol version: 1.
    pub v: u32,
    /// `pong`.
    #[serde(rename = "type")]
    #[schema(example = "pong")]
    pub frame_type: String,
    /// The server's time when it answered, Unix ms.
    pub now: i64,
}

/// Server → client: a client frame could not be acted on; the socket stays open.
#[derive(ToSchema)]
pub struct ErrorFrame {
    /// Protocol version: 1.
    pub v: u32,
    /// `error`.
    #[serde(rename = "type")]
    #[schema(example = "error")]
    pub frame_type: String,
    /// `bad_message`, `bad_view`, or an API error code.
    pub code: String,
    /// What a person should read.
    pub message: String,
}

/// The names of the frame schemas: what a client sends, what the server sends.
pub const CLIENT_FRAMES: &[&str] = &["PingFrame", "ResumeFrame", "SubscribeFrame"];
/// The server's frames.
pub const SERVER_FRAMES: &[&str] =
    &["SnapshotFrame", "EventFrame", "UpdateFrame", "ResyncFrame", "PongFrame", "ErrorFrame"];

/// The socket's close codes and what they mean.
pub const CLOSE_CODES: &[(u16, &str)] = &[
    (1012, "The server is restarting: reconnect."),
    (4001, "The sign-in session the socket was opened with was signed out (on any instance) or expired."),
    (1009, "A client frame over 16 KiB."),
    (1007, "A client frame that is not valid UTF-8 text."),
    (1002, "Another protocol error."),
];

/// The operation's description: the protocol in words.
pub const DESCRIPTION: &str = "JSON text messages, every one with `\"v\":1` and a `type` (those over 4 KiB arrive as \
WebSocket fragments, which browsers and WebSocket libraries reassemble). `?view=` picks what the client shows: \
`events` (default; API clients: every event, in order, no gaps; `?since=N` replays what was missed), `queue` (the TO \
dashboard), `board` (`from`, `to`: a venue screen's tables), `standings` (`offset`, `limit`: a window of rows, \
recomputed after each result), `bracket`, `player` (signed in: one's own pairing, registration, standings line and \
rating change).\n\nThe server sends a `snapshot` of the view, then `event` frames (events view) or `update` frames \
(other views: the event cut to what the view shows, or `kind` `standings`/`standing` for recomputed rows); `resync` + \
`snapshot` when a client fell behind (its queue of 512 frames filled). A `ping` is answered by `pong` with the \
server's time (Unix ms). Each event `kind` has one `data` shape, the same in the database, `GET …/events` and the \
socket; within version 1 new kinds and fields may appear, so clients ignore what they do not know. Clients may send \
`ping`, `resume` (`since`) and `subscribe` (switch view or window), in frames of at most 16 KiB. A client that stops \
reading is disconnected after `--ws-timeout-secs`. The frames and close codes are listed under `x-websocket`.";
