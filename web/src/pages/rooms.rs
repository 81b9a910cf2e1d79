//! The captains' pairing rooms (issue 25, point 5): one team match's room
//! (`/t/{id}/matches/{match}`, a captain's phone, the staff's controls, or
//! the revealed state for anyone else) and the venue screen of every
//! match's process in the round (`/t/{id}/rooms`). Both are drawn by their
//! scripts (`pairing_room.js`, `rooms.js`) from the live `process` and
//! `rooms` views.

use super::{Live, Nav};
use askama::Template;

/// `/t/{id}/matches/{match}`: one team match's pairing room.
#[derive(Template)]
#[template(path = "pairing_room.html")]
pub struct PairingRoomPage {
    /// Header.
    pub nav: Nav,
    /// The tournament's id.
    pub tournament_id: String,
    /// The tournament's name.
    pub tournament_name: String,
    /// "Team A – Team B".
    pub title: String,
    /// The socket view (`process`, with `match=ID`).
    pub live: Live,
}

/// `/t/{id}/rooms`: every match's pairing process of the round, for a venue screen.
#[derive(Template)]
#[template(path = "rooms.html")]
pub struct RoomsPage {
    /// Header (unused on the big screen but keeps assets versioned).
    pub nav: Nav,
    /// The tournament's id.
    pub tournament_id: String,
    /// The tournament's name.
    pub tournament_name: String,
    /// The socket view (`rooms`).
    pub live: Live,
}

/// The pairing rooms' links a page shows while the captains of a 40K team
/// event pair the current round (`rooms_links.html`): the captain's own
/// match ("Open your pairing room") and the venue screen of every match.
#[derive(Clone, Debug, Default)]
pub struct RoomLinks {
    /// The tournament's id.
    pub tournament_id: String,
    /// The viewer's own team match (a captain's), if any.
    pub mine: Option<String>,
    /// Whether any match of the current round has a captains' process.
    pub any: bool,
}
