//! The event bus: how committed events reach every instance's live rooms.
//! It owns the event model ([`event`]): services produce [`EventData`],
//! rooms match on it.
//!
//! - [`LocalBus`] (default): a tokio broadcast channel inside one process.
//! - [`RedisBus`] (`REDIS_URL` set): the same, plus Redis pub/sub between
//!   instances, one channel per tournament: an instance hears only the
//!   tournaments it has live rooms for ([`Bus::watch`]). Redis pub/sub is
//!   at-most-once, so rooms treat the bus as a hint: the event table is the
//!   source of truth, and gaps are filled from it.
//!
//! Publishing always delivers to this instance first, directly, so an
//! instance keeps serving its own clients while Redis is down.

pub mod event;
mod local;
mod payloads;
mod redis;

pub use self::event::{now_micros, EventData, LiveEvent, Stamps};
pub use self::local::LocalBus;
pub use self::payloads::{Cause, FieldChange, PrizesNotice, SettingsChange, StandingsCause, StepExpiry, TimerAction};
pub use self::redis::{channel, RedisBus, CHANNEL_PREFIX, CONTROL_CHANNEL};

use crate::domain::TournamentId;
use std::sync::Arc;
use tokio::sync::broadcast;

/// What the bus delivers to subscribers.
#[derive(Clone, Debug)]
pub enum BusMsg {
    /// A committed event.
    Event(Arc<LiveEvent>),
    /// An instruction every instance acts on.
    Control(Arc<Control>),
    /// Messages may have been lost (the connection to Redis was re-established,
    /// or this subscriber lagged): rooms should re-check the database.
    Resync,
}

/// An instruction for every instance, not a tournament's event: published
/// after the change it follows is committed, delivered at most once (an
/// instance that misses one catches up from the database, see
/// [`crate::live::Hub`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Control {
    /// A sign-in session ended (signed out): every live socket opened with it
    /// closes, on every instance.
    SessionEnded {
        /// The session's key: the SHA-256 of its token, 64 lower-case hex
        /// digits (`crate::auth::session::token_hash`).
        session: String,
    },
}

/// An event bus.
pub trait Bus: Send + Sync + 'static {
    /// Publishes committed events, in order.
    fn publish(&self, events: Vec<Arc<LiveEvent>>);
    /// Publishes a control message to every instance (this one first, directly).
    fn control(&self, msg: Control);
    /// A new subscription to what is published from now on: this
    /// instance's own events and control messages, and other instances'
    /// events of the tournaments [`watch`](Bus::watch)ed here.
    fn subscribe(&self) -> broadcast::Receiver<BusMsg>;
    /// Asks for other instances' events of `tournament` (a live room opened
    /// here). Asynchronous: events published before the subscription takes
    /// effect may not come (the rooms' check of the database finds them).
    /// Nothing to do for [`LocalBus`].
    fn watch(&self, _tournament: TournamentId) {}
    /// No longer asks for `tournament`'s events (its room here closed).
    fn unwatch(&self, _tournament: TournamentId) {}
    /// Whether the bus's backing service is reachable (`true` for [`LocalBus`]).
    fn is_healthy(&self) -> bool;
    /// `local` or `redis`.
    fn name(&self) -> &'static str;
}

/// Capacity of the in-process broadcast channel (events; a subscriber that
/// lags further gets [`BusMsg::Resync`]).
pub const LOCAL_CAPACITY: usize = 8192;
