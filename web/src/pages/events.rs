//! The pages of an event with sections: `/e/{id}` (every section with its
//! standings summary and links) and the venue screens `/e/{id}/board` and
//! `/e/{id}/standings` across sections.

use super::Nav;
use crate::views::events::{EventView, SectionView};
use crate::views::{RoundView, StandingView};
use askama::Template;

/// One section on the event page: its summary and the top of its standings.
#[derive(Clone, Debug)]
pub struct SectionSummary {
    /// The section.
    pub section: SectionView,
    /// The first rows of its standings (none before round 1).
    pub top: Vec<StandingView>,
}

/// `/e/{id}`: the event, each section with its standings summary, its
/// pages, its prizes and exports, and the combined players file.
#[derive(Template)]
#[template(path = "event.html")]
pub struct EventPage {
    /// Header.
    pub nav: Nav,
    /// The event.
    pub event: EventView,
    /// Its sections the viewer sees.
    pub sections: Vec<SectionSummary>,
    /// Whether the viewer organises the event.
    pub is_to: bool,
}

/// One section on a venue screen.
#[derive(Clone, Debug)]
pub struct ScreenSection {
    /// The section.
    pub section: SectionView,
    /// Its latest round, with every table (the board).
    pub round: Option<RoundView>,
    /// Its standings' first rows (the standings screen).
    pub standings: Vec<StandingView>,
    /// The number of its last event (the socket resumes from it).
    pub seq: i64,
}

/// One line of "find your name" across sections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameLine {
    /// The player.
    pub name: String,
    /// Their section.
    pub section: String,
    /// Their table; `None` for a bye.
    pub table: Option<u32>,
    /// Their opponent (`None` for a bye).
    pub opponent: Option<String>,
}

/// `/e/{id}/board` and `/e/{id}/standings`: every section's current round
/// (by section, or `?view=names`: everyone A–Z with section, table and
/// opponent) or standings, `?sections=` choosing which; kept live by one
/// socket per section (`event_screens.js`).
#[derive(Template)]
#[template(path = "event_screen.html")]
pub struct EventScreenPage {
    /// Header (the screen shows none, but keeps assets versioned).
    pub nav: Nav,
    /// The event.
    pub event: EventView,
    /// `board` or `standings`.
    pub screen: String,
    /// The board's `names` mode (everyone A–Z).
    pub names_mode: bool,
    /// The sections shown.
    pub sections: Vec<ScreenSection>,
    /// Everyone seated in a shown section's current round, A–Z (names mode).
    pub names: Vec<NameLine>,
    /// The `sections=` parameter as given (kept in the mode links).
    pub filter: String,
    /// The socket view each section is followed with (`board` or `standings`).
    pub live_view: String,
    /// Its parameters.
    pub live_params: String,
}

impl EventScreenPage {
    /// The query string of this screen in `names` mode or by section, the
    /// section filter kept.
    #[must_use]
    pub fn mode_query(&self, names: bool) -> String {
        let mut q = Vec::new();
        if names {
            q.push("view=names".to_string());
        }
        if !self.filter.is_empty() {
            q.push(format!("sections={}", self.filter));
        }
        if q.is_empty() {
            String::new()
        } else {
            format!("?{}", q.join("&"))
        }
    }

    /// The section ids and their last events, for the script: `id:seq,…`.
    #[must_use]
    pub fn follow(&self) -> String {
        self.sections.iter().map(|s| format!("{}:{}", s.section.id, s.seq)).collect::<Vec<_>>().join(",")
    }
}
