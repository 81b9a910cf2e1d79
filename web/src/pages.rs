//! Page templates (askama). Each page struct renders one HTML page; live
//! pages embed their view's starting state as JSON for the socket client.

use crate::views::{PlayerView, RoundView, StandingsWindow, TournamentView};
use askama::Template;

pub mod api_docs;
pub mod prizes;
pub mod ratings;

/// What every page's header needs.
#[derive(Clone, Debug, Default)]
pub struct Nav {
    /// The signed-in user's display name.
    pub user: Option<String>,
    /// The form token for the sign-out form.
    pub csrf: String,
    /// Asset version for cache busting.
    pub assets: String,
}

/// Serialises `value` for a `<script type="application/json">` element:
/// `<`, `>` and `&` are escaped so the text cannot close the element.
#[must_use]
pub fn script_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|_| "null".into())
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The status as words.
#[must_use]
pub fn status_label(status: &str) -> &'static str {
    match status {
        "DRAFT" => "Draft",
        "REGISTRATION" => "Registration open",
        "CHECK_IN" => "Check-in open",
        "IN_PROGRESS" => "In progress",
        "COMPLETE" => "Complete",
        _ => "Unknown",
    }
}

/// `/`: open events and the user's own.
#[derive(Template)]
#[template(path = "home.html")]
pub struct HomePage {
    /// Header.
    pub nav: Nav,
    /// Events being played now.
    pub running: Vec<TournamentView>,
    /// Events open for registration or check-in.
    pub open: Vec<TournamentView>,
    /// Finished events, the latest first (those matching `search`, if given).
    pub finished: Vec<TournamentView>,
    /// The search of finished events (`?q=`), as typed.
    pub search: String,
    /// Events the user runs or plays in.
    pub mine: Vec<TournamentView>,
}

/// `/t/{id}/results`: every round's pairings and results, the standings
/// after any round, the crosstable and each player's games (drawn by
/// `results.js` from the API; printable).
#[derive(Template)]
#[template(path = "results.html")]
pub struct ResultsPage {
    /// Header.
    pub nav: Nav,
    /// The event.
    pub t: TournamentView,
}

/// `/login` and `/signup`.
#[derive(Template)]
#[template(path = "account.html")]
pub struct AccountPage {
    /// Header.
    pub nav: Nav,
    /// `true` for sign-up, `false` for sign-in.
    pub signup: bool,
    /// What went wrong with the last attempt.
    pub error: Option<String>,
    /// The e-mail typed.
    pub email: String,
    /// The name typed (sign-up).
    pub display_name: String,
    /// Where to go afterwards.
    pub next: String,
}

/// `/tournaments/new`.
#[derive(Template)]
#[template(path = "new_tournament.html")]
pub struct NewTournamentPage {
    /// Header.
    pub nav: Nav,
    /// What went wrong with the last attempt.
    pub error: Option<String>,
}

/// `/t/{id}`: the event's home: details, registration, links.
#[derive(Template)]
#[template(path = "tournament.html")]
pub struct TournamentPage {
    /// Header.
    pub nav: Nav,
    /// The event.
    pub t: TournamentView,
    /// Whether the viewer is the TO.
    pub is_to: bool,
    /// Whether someone is signed in.
    pub signed_in: bool,
    /// The viewer's registration.
    pub me: Option<PlayerView>,
    /// Registrations (lists where visible).
    pub players: Vec<PlayerView>,
}

/// What a live page needs to follow its view over the socket.
#[derive(Clone, Debug, Default)]
pub struct Live {
    /// The view's name (`board`, `standings`, `player`, `queue`).
    pub view: String,
    /// Extra query parameters for the socket, e.g. `from=1&to=20`.
    pub params: String,
    /// The view's starting state as script JSON.
    pub json: String,
}

/// `/t/{id}/board`: the pairings board for a venue screen (all tables, or
/// `?from=&to=` for one of several screens).
#[derive(Template)]
#[template(path = "board.html")]
pub struct BoardPage {
    /// Header (unused on the big screen but keeps assets versioned).
    pub nav: Nav,
    /// The event.
    pub tournament: TournamentView,
    /// The latest round, cut to this screen's tables.
    pub round: Option<RoundView>,
    /// The socket view.
    pub live: Live,
}

/// `/t/{id}/standings`: the live standings table, a page of rows at a time.
#[derive(Template)]
#[template(path = "standings.html")]
pub struct StandingsPage {
    /// Header.
    pub nav: Nav,
    /// Whether the viewer is the TO (who orders open ties).
    pub is_to: bool,
    /// The event.
    pub tournament: TournamentView,
    /// The rows shown (the pager's first label; the rows are drawn by the page's script).
    pub standings: StandingsWindow,
    /// The socket view.
    pub live: Live,
}

/// `/t/{id}/bracket`: the top cut's live bracket (drawn by `bracket.js`).
#[derive(Template)]
#[template(path = "bracket.html")]
pub struct BracketPage {
    /// Header.
    pub nav: Nav,
    /// The event.
    pub tournament: TournamentView,
    /// The socket view.
    pub live: Live,
}

/// `/t/{id}/dashboard`: the TO's control room.
#[derive(Template)]
#[template(path = "dashboard.html")]
pub struct DashboardPage {
    /// Header.
    pub nav: Nav,
    /// The event.
    pub tournament: TournamentView,
    /// The socket view.
    pub live: Live,
    /// Registrations with their lists (the TO may read them), as script JSON.
    pub players_json: String,
}

/// `/t/{id}/me`: a player's own page.
#[derive(Template)]
#[template(path = "player.html")]
pub struct PlayerPage {
    /// Header.
    pub nav: Nav,
    /// The event.
    pub tournament: TournamentView,
    /// The player's registration (with their list).
    pub me: PlayerView,
    /// The socket view.
    pub live: Live,
    /// Whether the event's prizes are published.
    pub prizes_published: bool,
    /// The prizes the player won (published run).
    pub my_prizes: Vec<crate::views::prizes::PrizeEntryView>,
    /// The money the player receives (published run).
    pub my_payout: Option<crate::views::prizes::PayoutView>,
}

/// An error page.
#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    /// Header.
    pub nav: Nav,
    /// Heading.
    pub title: String,
    /// What happened and what to do.
    pub message: String,
    /// The error's stable code (as the API's `error`), shown small for support.
    pub code: String,
}

/// The game's name (helper for templates).
#[must_use]
pub fn game_label(game: &str) -> &'static str {
    match game {
        "wh40k" => "Warhammer 40,000",
        "chess" => "Chess",
        "crokinole" => "Crokinole",
        _ => "Unknown game",
    }
}

/// The pairing system's name (helper for templates).
#[must_use]
pub fn pairing_label(system: &str) -> &'static str {
    match system {
        "swiss_record" => "Swiss (by record)",
        "round_robin" => "Round robin",
        "double_round_robin" => "Double round robin",
        "dutch" => "Swiss (FIDE Dutch)",
        _ => "Unknown pairing system",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_the_script_element() {
        let s = script_json(&"</script><b>&");
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('&'));
        assert_eq!(serde_json::from_str::<String>(&s).ok().as_deref(), Some("</script><b>&"));
    }

    #[test]
    fn error_page_escapes_html() {
        let p = ErrorPage {
            nav: Nav::default(),
            title: "<x>".into(),
            message: "a & b".into(),
            code: "csrf_token_invalid".into(),
        };
        let html = p.render().unwrap_or_default();
        assert!(html.contains("&#60;x&#62;") || html.contains("&lt;x&gt;"));
        assert!(!html.contains("<x>"));
    }
}
