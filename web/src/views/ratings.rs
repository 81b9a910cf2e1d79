//! Rating view models: the leaderboard of a game system, an account's
//! ratings with their history, and the changes a round close or a result
//! override made (the `ratings_changed` event).

use crate::ids::{PairingId, RoundId, TournamentId, UserId};
use serde::{Deserialize, Serialize};

/// How one change moved one account's current rating in one game system.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatingDeltaView {
    /// The account.
    pub user_id: UserId,
    /// Name (as on this event's board where the player is registered, else the account name).
    pub name: String,
    /// The current rating before the change (1200 if unrated).
    pub rating_before: i32,
    /// The current rating after it.
    pub rating_after: i32,
    /// `rating_after − rating_before`.
    pub delta: i32,
    /// Rated games after the change.
    pub games_played: u32,
}

/// What a round close or a result override did to ratings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatingsChangedView {
    /// The game system (`wh40k`, …).
    pub game: super::sets::Game,
    /// `round_closed`, `result_overridden`, `round_reopened` or `entry_claimed`.
    pub cause: super::sets::RatingCause,
    /// The round closed, or the round of the overridden result.
    pub round_id: RoundId,
    /// How many rated rounds were computed (1 for a close; that round and
    /// every later one for an override).
    pub rounds_rated: usize,
    /// Every account whose rating or game count changed, by name.
    pub changes: Vec<RatingDeltaView>,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeaderboardEntry {
    /// Place, from 1; equal ratings share a place.
    pub rank: u64,
    /// The account.
    pub user_id: UserId,
    /// Account name.
    pub display_name: String,
    /// Current rating.
    pub rating: i32,
    /// Rated games.
    pub games_played: u32,
    /// 30 or more rated games (K 16).
    pub established: bool,
}

/// A page of a game system's leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeaderboardView {
    /// The game system.
    pub game: super::sets::Game,
    /// Rated accounts in all.
    pub total: u64,
    /// Lines skipped before this page.
    pub offset: u64,
    /// The page, best first.
    pub players: Vec<LeaderboardEntry>,
}

/// One rated game in an account's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatingHistoryEntry {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// Its name.
    pub tournament_name: String,
    /// The round.
    pub round_id: RoundId,
    /// Its number.
    pub round_number: u32,
    /// The table.
    pub pairing_id: PairingId,
    /// The opponent's account.
    pub opponent_id: UserId,
    /// The opponent's account name.
    pub opponent_name: String,
    /// `win`, `draw` or `loss`.
    pub result: super::sets::RatedResult,
    /// Rating before the round.
    pub rating_before: i32,
    /// Rating after the game.
    pub rating_after: i32,
    /// `rating_after − rating_before`.
    pub delta: i32,
    /// K-factor applied.
    pub k: u32,
    /// When the round was closed (Unix ms).
    pub recorded_at: i64,
}

/// An account's rating in one game system, with every rated game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameRatingView {
    /// The game system.
    pub game: super::sets::Game,
    /// Current rating.
    pub rating: i32,
    /// Rated games.
    pub games_played: u32,
    /// K for the next game (32, or 16 once established).
    pub k: u32,
    /// Place on the leaderboard (equal ratings share a place).
    pub rank: u64,
    /// Rated accounts in this game system.
    pub rated_players: u64,
    /// Rated games, oldest first.
    pub history: Vec<RatingHistoryEntry>,
}

/// An account (public part).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UserRef {
    /// Account id.
    pub id: UserId,
    /// Name.
    pub display_name: String,
}

/// An account's ratings in every game system it has played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UserRatingsView {
    /// The account.
    pub user: UserRef,
    /// One per game system, by game name.
    pub ratings: Vec<GameRatingView>,
}
