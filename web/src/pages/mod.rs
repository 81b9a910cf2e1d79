//! Page templates (askama). Each page struct renders one HTML page; live
//! pages embed their view's starting state as JSON for the socket client.

use crate::i18n::{Arg, Lang, ToArg};
pub use crate::script::script_json;
use crate::views::{PlayerView, RoundView, StandingsWindow, TournamentView};
use askama::Template;

pub mod account;
pub mod api_docs;
pub mod embeds;
pub mod events;
pub mod prizes;
pub mod ratings;
pub mod rooms;

/// What every page's header needs.
#[derive(Clone, Debug, Default)]
pub struct Nav {
    /// The signed-in user's display name.
    pub user: Option<String>,
    /// The form token for the sign-out form.
    pub csrf: String,
    /// Asset version for cache busting.
    pub assets: String,
    /// The page's language.
    pub lang: Lang,
    /// The language switch: each language and the address of this page in it.
    pub switch: Vec<(Lang, String)>,
}

impl Nav {
    /// The message `id` in the page's language.
    #[must_use]
    pub fn t(&self, id: &str) -> String {
        self.lang.t(id)
    }

    /// The message `id` with one argument.
    #[must_use]
    pub fn t1(&self, id: &str, k: &str, v: impl ToArg) -> String {
        self.lang.t_args(id, &[(k, v.to_arg())])
    }

    /// The message `id` with two arguments.
    #[must_use]
    pub fn t2(&self, id: &str, k1: &str, v1: impl ToArg, k2: &str, v2: impl ToArg) -> String {
        self.lang.t_args(id, &[(k1, v1.to_arg()), (k2, v2.to_arg())])
    }

    /// The message `id` with three arguments.
    #[must_use]
    #[allow(clippy::too_many_arguments)]
    pub fn t3(&self, id: &str, k1: &str, v1: impl ToArg, k2: &str, v2: impl ToArg, k3: &str, v3: impl ToArg) -> String {
        self.lang.t_args(id, &[(k1, v1.to_arg()), (k2, v2.to_arg()), (k3, v3.to_arg())])
    }

    /// A message with arguments already built.
    #[must_use]
    pub fn ta(&self, id: &str, args: &[(&str, Arg)]) -> String {
        self.lang.t_args(id, args)
    }

    /// An ISO date in the page's language.
    #[must_use]
    pub fn date(&self, iso: &str) -> String {
        self.lang.date(iso)
    }

    /// A decimal number (a score, an amount) in the page's language.
    #[must_use]
    pub fn num(&self, text: &str) -> String {
        self.lang.number(text)
    }

    /// The scripts' strings in the page's language, as script JSON.
    #[must_use]
    pub fn js_strings(&self) -> String {
        self.lang.js_strings()
    }

    /// The language switch for `path_and_query` (its `lang` parameter replaced).
    #[must_use]
    pub fn switch_for(path_and_query: &str) -> Vec<(Lang, String)> {
        let (path, query) = path_and_query.split_once('?').unwrap_or((path_and_query, ""));
        let kept: Vec<&str> = query.split('&').filter(|p| !p.is_empty() && !p.starts_with("lang=")).collect();
        Lang::ALL
            .into_iter()
            .map(|l| {
                let mut q = kept.clone();
                let lang = format!("lang={}", l.code());
                q.push(&lang);
                (l, format!("{path}?{}", q.join("&")))
            })
            .collect()
    }
}

/// The status as words, in `lang`.
#[must_use]
pub fn status_label(lang: &Lang, status: &crate::views::sets::TournamentStatus) -> String {
    use crate::views::sets::TournamentStatus as S;
    lang.t(match status {
        S::Draft => "status-draft",
        S::Registration => "status-registration",
        S::CheckIn => "status-check-in",
        S::InProgress => "status-in-progress",
        S::Complete => "status-complete",
    })
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
    /// Events with sections that have a section the visitor may see, each
    /// listed once with its sections (which are not listed on their own).
    pub events: Vec<crate::views::events::EventView>,
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
    /// The games offered, the default first (the server's game registry).
    pub games: Vec<GameChoice>,
}

/// A game the new-event form offers.
#[derive(Clone, Debug)]
pub struct GameChoice {
    /// The game.
    pub game: crate::views::sets::Game,
    /// The event format suggested for it (the game's own term, e.g. `Classical 90+30`).
    pub format: String,
    /// The game whose page parts the form uses for it (itself, or the game
    /// it plays like: the server's `GameSystem::pages_like`).
    pub pages: crate::views::sets::Game,
    /// The pairing systems it offers, its default first.
    pub pairing_systems: Vec<crate::views::sets::PairingSystem>,
}

impl NewTournamentPage {
    /// Every pairing system some game offers, in the order first offered.
    #[must_use]
    pub fn pairing_systems(&self) -> Vec<crate::views::sets::PairingSystem> {
        let mut out = Vec::new();
        for p in self.games.iter().flat_map(|g| &g.pairing_systems) {
            if !out.contains(p) {
                out.push(*p);
            }
        }
        out
    }

    /// The games offering `system`, space-separated (the option's `data-games`).
    #[must_use]
    pub fn games_of(&self, system: &crate::views::sets::PairingSystem) -> String {
        let games: Vec<&str> =
            self.games.iter().filter(|g| g.pairing_systems.contains(system)).map(|g| g.game.as_str()).collect();
        games.join(" ")
    }

    /// The format suggested for the default game.
    #[must_use]
    pub fn first_format(&self) -> &str {
        self.games.first().map_or("", |g| g.format.as_str())
    }

    /// A pairing system's name on this form (the round robin names its tables).
    #[must_use]
    pub fn pairing_label(&self, system: &crate::views::sets::PairingSystem) -> String {
        match system {
            crate::views::sets::PairingSystem::RoundRobin => self.nav.t("new-round-robin-berger"),
            other => pairing_label(&self.nav.lang, other),
        }
    }
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
    /// The pairing rooms' links (a 40K team event's captains' pairing).
    pub rooms: rooms::RoomLinks,
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

/// `/t/{id}/teams/{team}`: a team of a team event: its captain, its
/// players in order (factions or ratings), its reserves, and each round's
/// match with every player's game and result.
#[derive(Template)]
#[template(path = "team.html")]
pub struct TeamPage {
    /// Header.
    pub nav: Nav,
    /// The event.
    pub tournament: TournamentView,
    /// The team and its players (no lists).
    pub team: crate::views::teams::TeamView,
    /// The captain's name; `None` when the organisers keep the team.
    pub captain: Option<String>,
    /// Each round's match and games, round 1 first.
    pub rounds: Vec<crate::views::teams::TeamRoundLine>,
    /// The socket view (the venue board's: the current round's matches and
    /// games), whose changes to this team's matches re-read the page's parts.
    pub live: Live,
}

impl TeamPage {
    /// Whether the team registered reserves (not removed).
    #[must_use]
    pub fn has_reserves(&self) -> bool {
        self.team.members.iter().any(|m| m.reserve && !m.removed)
    }

    /// A match's result (`W`, `D`, `L`) in the page's language.
    #[must_use]
    pub fn result_label(&self, result: &crate::views::sets::TeamMatchResult) -> String {
        self.nav.t(&format!("team-result-{result}"))
    }

    /// A game's state (`CONFIRMED`…) in the page's language.
    #[must_use]
    pub fn state_label(&self, state: &crate::views::sets::PairingState) -> String {
        self.nav.t(&format!("team-state-{state}"))
    }
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
    /// The viewer's role: `OWNER`, `CO_ORGANISER` or `JUDGE` (a judge's
    /// dashboard offers results, disputes, overrides and check-in only).
    pub role: crate::views::sets::EventRole,
    /// Whether the event had a top cut when the page was made (the page asks
    /// for its bracket only then, or once one is added).
    pub playoffs: bool,
    /// The pairing rooms' links (a 40K team event's captains' pairing).
    pub rooms: rooms::RoomLinks,
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
    /// The pairing rooms' links (a 40K team event's captains' pairing).
    pub rooms: rooms::RoomLinks,
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

/// Who may enter, in sentences (helper for the registration page):
/// "Open to players rated 1600–1799 (FIDE)." and the like; empty when
/// everyone may.
#[must_use]
pub fn entry_rules(lang: &Lang, t: &crate::views::TournamentView) -> Vec<String> {
    let Some(e) = &t.eligibility else { return Vec::new() };
    let mut out = Vec::new();
    if let Some(b) = &e.rating {
        let band = match (b.min, b.max) {
            (Some(lo), Some(hi)) => format!("{lo}–{hi}"),
            (Some(lo), None) => format!("{lo}+"),
            (None, Some(hi)) => format!("≤{hi}"),
            (None, None) => String::new(),
        };
        let source = lang.t(&format!("eligibility-source-{}", b.source));
        out.push(lang.t_args("event-open-rated", &[("band", band.to_arg()), ("source", source.to_arg())]));
        if b.unrated {
            out.push(lang.t("event-open-unrated"));
        }
    }
    if let Some(a) = &e.age {
        let date = lang.date(&a.cutoff).to_arg();
        out.push(match (a.min, a.max) {
            (Some(lo), Some(hi)) => {
                lang.t_args("event-open-age-range", &[("min", lo.to_arg()), ("max", hi.to_arg()), ("date", date)])
            }
            (Some(lo), None) => lang.t_args("event-open-age-min", &[("min", lo.to_arg()), ("date", date)]),
            (None, hi) => {
                lang.t_args("event-open-age-under", &[("under", (hi.unwrap_or(0) + 1).to_arg()), ("date", date)])
            }
        });
    }
    if e.invitation_only {
        out.push(lang.t("event-invitation-only"));
    }
    out
}

/// The game's name in `lang` (helper for templates): the message `game-{key}`
/// (`game-wh40k`).
#[must_use]
pub fn game_label(lang: &Lang, game: &crate::views::sets::Game) -> String {
    lang.t(&format!("game-{game}"))
}

/// The pairing system's name in `lang` (helper for templates).
#[must_use]
pub fn pairing_label(lang: &Lang, system: &crate::views::sets::PairingSystem) -> String {
    use crate::views::sets::PairingSystem as P;
    lang.t(match system {
        P::SwissRecord => "pairing-swiss-record",
        P::RoundRobin => "pairing-round-robin",
        P::DoubleRoundRobin => "pairing-double-round-robin",
        P::Dutch => "pairing-dutch",
    })
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

/// `/claim/{code}`: a player takes over the entry the organiser made for them.
#[derive(Template)]
#[template(path = "claim.html")]
pub struct ClaimPage {
    /// Header.
    pub nav: Nav,
    /// The code as typed in the address.
    pub code: String,
    /// The entry's name.
    pub player_name: String,
    /// The event's id.
    pub tournament_id: String,
    /// The event's name.
    pub tournament_name: String,
    /// Whether a user is signed in (else the page offers to sign in first).
    pub signed_in: bool,
    /// Why the last attempt was refused.
    pub error: Option<String>,
}

/// `/staff/{code}`: a person accepts an invitation to an event's staff.
#[derive(Template)]
#[template(path = "staff_invite.html")]
pub struct StaffInvitePage {
    /// Header.
    pub nav: Nav,
    /// The code as typed in the address.
    pub code: String,
    /// The role offered: `CO_ORGANISER` or `JUDGE`.
    pub role: crate::views::sets::EventRole,
    /// The event's id.
    pub tournament_id: String,
    /// The event's name.
    pub tournament_name: String,
    /// Whether a user is signed in.
    pub signed_in: bool,
    /// Why the last attempt was refused.
    pub error: Option<String>,
}
