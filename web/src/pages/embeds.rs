//! Pages for other sites and streams (`--embed-origins`): the stream
//! overlay (`/t/{id}/overlay`), drawn by `overlay.js` from a live view on a
//! transparent page.

use super::{Live, Nav};
use crate::views::TournamentView;
use askama::Template;

/// `/t/{id}/overlay?view=standings|board|pairing`.
#[derive(Template)]
#[template(path = "overlay.html")]
pub struct OverlayPage {
    /// Header (the page shows none; its language and assets).
    pub nav: Nav,
    /// The event.
    pub tournament: TournamentView,
    /// What it shows: `standings` (the top rows), `board` (every table) or `pairing` (one table).
    pub kind: String,
    /// The table a `pairing` overlay shows.
    pub table: u32,
    /// The socket view.
    pub live: Live,
}
