//! Rating pages: a game system's leaderboard (`/ratings/{game}`) and an
//! account's ratings with a chart and every rated game (`/users/{id}`).

use super::Nav;
use crate::chart::{rating_svg, ChartPoint};
use crate::views::ratings::{GameRatingView, LeaderboardView, UserRatingsView, UserRef};
use askama::Template;

/// The name of a game system, e.g. `wh40k` → "Warhammer 40,000" (unknown codes as they are).
#[must_use]
pub fn game_label(game: &str) -> &str {
    match game {
        "wh40k" => "Warhammer 40,000",
        other => other,
    }
}

/// A rating change with its sign: `+16`, `-8`, `0`.
#[must_use]
pub fn signed(delta: &i32) -> String {
    if *delta > 0 {
        format!("+{delta}")
    } else {
        delta.to_string()
    }
}

/// `/ratings/{game}`: the leaderboard.
#[derive(Template)]
#[template(path = "ratings.html")]
pub struct LeaderboardPage {
    /// Header.
    pub nav: Nav,
    /// The page of the leaderboard.
    pub board: LeaderboardView,
    /// Every game system with ratings (for the tabs).
    pub games: Vec<String>,
    /// Offset of the previous page, if any.
    pub prev: Option<u64>,
    /// Offset of the next page, if any.
    pub next: Option<u64>,
}

impl LeaderboardPage {
    /// The page for `board`, `per_page` lines a page.
    #[must_use]
    pub fn new(nav: Nav, board: LeaderboardView, games: Vec<String>, per_page: u64) -> LeaderboardPage {
        let prev = (board.offset > 0).then(|| board.offset.saturating_sub(per_page));
        let shown = board.offset + board.players.len() as u64;
        let next = (shown < board.total).then_some(shown);
        LeaderboardPage { nav, board, games, prev, next }
    }
}

/// One game system on an account's page.
#[derive(Clone, Debug)]
pub struct GameSection {
    /// Rating and history.
    pub r: GameRatingView,
    /// The history chart (inline SVG).
    pub chart: String,
}

/// `/users/{id}`: an account's ratings.
#[derive(Template)]
#[template(path = "user.html")]
pub struct UserPage {
    /// Header.
    pub nav: Nav,
    /// The account.
    pub user: UserRef,
    /// One section per game system.
    pub games: Vec<GameSection>,
}

impl UserPage {
    /// The page of `view`, with a chart per game system.
    #[must_use]
    pub fn new(nav: Nav, view: UserRatingsView) -> UserPage {
        let games = view
            .ratings
            .into_iter()
            .map(|r| {
                let start = r.history.first().map_or(r.rating, |h| h.rating_before);
                let points: Vec<ChartPoint> = r
                    .history
                    .iter()
                    .map(|h| ChartPoint {
                        rating: h.rating_after,
                        label: format!(
                            "{}, round {}: {} against {}, {} → {} ({})",
                            h.tournament_name,
                            h.round_number,
                            h.result,
                            h.opponent_name,
                            h.rating_before,
                            h.rating_after,
                            signed(&h.delta)
                        ),
                        event: h.tournament_id.clone(),
                    })
                    .collect();
                GameSection { chart: rating_svg(start, &points), r }
            })
            .collect();
        UserPage { nav, user: view.user, games }
    }
}
