//! Live updates over WebSockets.
//!
//! Every committed change is an event with a per-tournament sequence number
//! ([`LiveEvent`]). The [`Hub`] routes bus events to one [`room`] task per
//! tournament with viewers on this instance; the room puts them in sequence
//! order (filling any gap from the database) and hands them to each viewer's
//! bounded queue. A viewer's [`session`] task writes them to its socket, drops
//! duplicates, and on reconnect (`?since=N`) replays what was missed, or sends
//! a snapshot when too far behind. A viewer too slow to keep up is cut from
//! the room and resynchronised with a snapshot; it never blocks anyone else.

mod event;
mod hub;
pub mod protocol;
mod room;
pub mod session;

pub use event::LiveEvent;
pub use hub::{Hub, HubStats, Subscription};
