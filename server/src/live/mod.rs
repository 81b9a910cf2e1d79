//! Live updates over WebSockets.
//!
//! Every committed change is an event with a per-tournament sequence number
//! ([`crate::bus::LiveEvent`]). The [`Hub`] routes bus events to one [`room`] task per
//! tournament with viewers on this instance; the room puts them in sequence
//! order (filling any gap from the database), keeps the standings computed
//! for the views that show them, and hands each viewer's bounded queue what
//! its [`view::View`] shows. A viewer's [`session`] writes the frames to its
//! socket; on reconnect (`?since=N`) the event stream is replayed, a view
//! starts again from a snapshot. A viewer too slow to keep up is cut from the
//! room and resynchronised with a snapshot; it never blocks anyone else.

mod background;
pub mod cut;
mod hub;
mod order;
pub mod pairing_room;
pub mod protocol;
mod room;
pub mod session;
pub mod shared;
pub mod signin;
pub mod snapshot;
mod snapshots;
mod standings;
mod stats;
pub mod view;

pub use hub::{Hub, Subscription, SIGN_IN_CHECK_EVERY, VIEWER_QUEUE};
pub use room::{Frame, SharedFrame};
pub use shared::SharedStandings;
pub use snapshots::Snapshots;
pub use standings::StandingsCache;
pub use stats::HubStats;
