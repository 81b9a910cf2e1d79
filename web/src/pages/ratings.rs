//! Rating pages: a game system's leaderboard (`/ratings/{game}`) and an
//! account's ratings with a chart and every rated game (`/users/{id}`).

use super::Nav;
use crate::chart::{rating_svg, ChartPoint};
use crate::i18n::ToArg;
use crate::views::ratings::{GameRatingView, LeaderboardView, UserRatingsView, UserRef};
use askama::Template;

/// A rated game's result (`win`, `draw`, `loss`) in words.
#[must_use]
pub fn result_label(lang: &crate::i18n::Lang, result: &crate::views::sets::RatedResult) -> String {
    use crate::views::sets::RatedResult;
    lang.t(match result {
        RatedResult::Win => "result-win",
        RatedResult::Draw => "result-draw",
        RatedResult::Loss => "result-loss",
    })
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
    pub games: Vec<crate::views::sets::Game>,
    /// Offset of the previous page, if any.
    pub prev: Option<u64>,
    /// Offset of the next page, if any.
    pub next: Option<u64>,
}

impl LeaderboardPage {
    /// The page for `board`, `per_page` lines a page.
    #[must_use]
    pub fn new(
        nav: Nav,
        board: LeaderboardView,
        games: Vec<crate::views::sets::Game>,
        per_page: u64,
    ) -> LeaderboardPage {
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
                        label: nav.ta(
                            "user-chart-label",
                            &[
                                ("event", h.tournament_name.to_arg()),
                                ("round", h.round_number.to_string().to_arg()),
                                ("result", result_label(&nav.lang, &h.result).to_arg()),
                                ("opponent", h.opponent_name.to_arg()),
                                ("before", h.rating_before.to_string().to_arg()),
                                ("after", h.rating_after.to_string().to_arg()),
                                ("delta", signed(&h.delta).to_arg()),
                            ],
                        ),
                        event: h.tournament_id.to_string(),
                    })
                    .collect();
                GameSection { chart: rating_svg(start, &points), r }
            })
            .collect();
        UserPage { nav, user: view.user, games }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{PairingId, RoundId, TournamentId, UserId};
    use crate::views::ratings::{LeaderboardEntry, RatingHistoryEntry};

    /// Account `n`'s id.
    fn user(n: u64) -> UserId {
        UserId::from_uuid(uuid::Uuid::from_u128(u128::from(n)))
    }

    fn game(history: Vec<RatingHistoryEntry>) -> GameRatingView {
        GameRatingView {
            game: crate::views::sets::Game::Wh40k,
            rating: 1216,
            games_played: 1,
            k: 32,
            rank: 1,
            rated_players: 2,
            history,
        }
    }

    fn row(opponent: &str) -> RatingHistoryEntry {
        RatingHistoryEntry {
            tournament_id: TournamentId::random(),
            tournament_name: "Spring GT".into(),
            round_id: RoundId::random(),
            round_number: 1,
            pairing_id: PairingId::random(),
            opponent_id: UserId::random(),
            opponent_name: opponent.into(),
            result: crate::views::sets::RatedResult::Win,
            rating_before: 1200,
            rating_after: 1216,
            delta: 16,
            k: 32,
            recorded_at: 0,
        }
    }

    #[test]
    fn the_user_page_has_a_chart_and_escapes_names() {
        let view = UserRatingsView {
            user: UserRef { id: UserId::random(), display_name: "Ann".into() },
            ratings: vec![game(vec![row("<b>Ben</b>")])],
        };
        let html = UserPage::new(Nav::default(), view).render().unwrap_or_default();
        assert!(html.contains("<svg class=\"rating-chart\""));
        assert!(html.contains("Warhammer 40,000"));
        assert!(html.contains(">+16</td>"));
        assert!(!html.contains("<b>Ben</b>"));
    }

    #[test]
    fn leaderboard_pages() {
        let line = |rank| LeaderboardEntry {
            rank,
            user_id: user(rank),
            display_name: format!("P{rank}"),
            rating: 1300 - i32::try_from(rank).unwrap_or(0),
            games_played: 3,
            established: false,
        };
        let board = LeaderboardView {
            game: crate::views::sets::Game::Wh40k,
            total: 250,
            offset: 100,
            players: (101..=200).map(line).collect(),
        };
        let page = LeaderboardPage::new(Nav::default(), board, vec![crate::views::sets::Game::Wh40k], 100);
        assert_eq!((page.prev, page.next), (Some(0), Some(200)));
        let html = page.render().unwrap_or_default();
        assert!(
            html.contains(&format!("href=\"/users/{}\"", user(101)))
                && html.contains("?offset=200")
                && html.contains(">new<")
        );
    }
}
