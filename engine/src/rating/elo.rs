//! Elo ratings, as the seed `wh40k-tournament-manager.md` ("ELO Rating
//! System") defines them:
//!
//! - every player starts at [`START_RATING`] (1200) with 0 rated games;
//! - K is [`K_NEW`] (32) while the player has fewer than [`ESTABLISHED_GAMES`]
//!   (30) rated games, then [`K_ESTABLISHED`] (16);
//! - expected score `E = 1 / (1 + 10^((R_opponent − R_player) / 400))`, actual
//!   score `S` = 1 for a win, ½ for a draw, 0 for a loss, and the new rating is
//!   `round(R + K·(S − E))` with the seed's TypeScript `Math.round` ([`js_round`]);
//! - a round is rated at once, when the TO closes it: every game of the round is
//!   computed from the ratings before the round ([`rate_round`]).
//!
//! Readings of the seed, where its text leaves a choice:
//! - The seed's `updateElo` takes a single `kFactor`, but its parameter table
//!   gives K per player (by that player's game count). Each player's own K
//!   applies to their own update, from their game count before the game: the
//!   30th rated game still uses 32, the 31st uses 16. A game between a new and an
//!   established player is therefore not zero-sum.
//! - The seed computes the loser's expectation as `1 − E_winner`; we compute
//!   each player's `E` from their own side of the formula, which is the same
//!   value (up to the last bit of a float) and does not depend on which player
//!   is listed first.

use crate::model::Outcome;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::Hash;

/// The rating of a player with no rated game.
pub const START_RATING: i32 = 1200;
/// K for a player with fewer than [`ESTABLISHED_GAMES`] rated games.
pub const K_NEW: u32 = 32;
/// K for a player with [`ESTABLISHED_GAMES`] or more rated games.
pub const K_ESTABLISHED: u32 = 16;
/// The number of rated games after which a player is established (K 16).
pub const ESTABLISHED_GAMES: u32 = 30;

/// A player's rating and number of rated games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rating {
    /// The Elo rating.
    pub rating: i32,
    /// Rated games played (decides K).
    pub games: u32,
}

impl Default for Rating {
    /// A new player: 1200, no games.
    fn default() -> Rating {
        Rating { rating: START_RATING, games: 0 }
    }
}

impl Rating {
    /// The K-factor for this player's next game: 32 below 30 rated games, 16 from then on.
    #[must_use]
    pub const fn k(self) -> u32 {
        if self.games < ESTABLISHED_GAMES {
            K_NEW
        } else {
            K_ESTABLISHED
        }
    }
}

/// One rated game: `a` against `b`, with the result from `a`'s side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RatedGame<Id> {
    /// One player.
    pub a: Id,
    /// The other player.
    pub b: Id,
    /// The result for `a` (for a 40K game, derived from VP).
    pub score_a: Outcome,
}

/// How one game moved one player's rating (one `elo_history` row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RatingChange<Id> {
    /// The player whose rating moved.
    pub player: Id,
    /// The opponent.
    pub opponent: Id,
    /// The player's rating before the round.
    pub before: i32,
    /// The player's rating after the game.
    pub after: i32,
    /// `after − before` (positive = gained).
    pub delta: i32,
    /// The K-factor applied to this player.
    pub k: u32,
}

/// The outcome of rating one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRatings<Id: Eq + Hash> {
    /// Two changes per game, in the order of the games: `a`'s, then `b`'s.
    pub changes: Vec<RatingChange<Id>>,
    /// The new rating and game count of every player who played in the round.
    pub ratings: HashMap<Id, Rating>,
}

/// Why a round cannot be rated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EloError<Id: fmt::Debug> {
    /// A player appears in more than one game of the round.
    #[error("player {0:?} has more than one game in this round; each player is rated once per round")]
    TwoGames(Id),
    /// A game has the same player on both sides.
    #[error("player {0:?} cannot play against themself")]
    SelfGame(Id),
}

/// Rates every game of one round from the ratings before the round.
///
/// `before` holds the current rating of each known player; a player missing
/// from it is new (1200, 0 games). Every game is computed from `before`, never
/// from an update made earlier in the same call, so the order of `games` does
/// not matter. Errors if a player appears in two games, or plays themself:
/// a round gives each player at most one game.
pub fn rate_round<Id>(before: &HashMap<Id, Rating>, games: &[RatedGame<Id>]) -> Result<RoundRatings<Id>, EloError<Id>>
where
    Id: Copy + Eq + Hash + fmt::Debug,
{
    let mut seen = HashSet::with_capacity(games.len() * 2);
    for game in games {
        if game.a == game.b {
            return Err(EloError::SelfGame(game.a));
        }
        for player in [game.a, game.b] {
            if !seen.insert(player) {
                return Err(EloError::TwoGames(player));
            }
        }
    }
    let rating_of = |id: &Id| before.get(id).copied().unwrap_or_default();
    let mut changes = Vec::with_capacity(games.len() * 2);
    let mut ratings = HashMap::with_capacity(games.len() * 2);
    for game in games {
        let (a, b) = (rating_of(&game.a), rating_of(&game.b));
        for (player, opponent, own, other, outcome) in
            [(game.a, game.b, a, b, game.score_a), (game.b, game.a, b, a, game.score_a.reversed())]
        {
            let after = updated_rating(own, other.rating, outcome);
            changes.push(RatingChange {
                player,
                opponent,
                before: own.rating,
                after,
                delta: after - own.rating,
                k: own.k(),
            });
            ratings.insert(player, Rating { rating: after, games: own.games + 1 });
        }
    }
    Ok(RoundRatings { changes, ratings })
}

/// The expected score of a player rated `own` against one rated `opponent`:
/// `1 / (1 + 10^((opponent − own) / 400))`.
#[must_use]
pub fn expected_score(own: i32, opponent: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(f64::from(opponent - own) / 400.0))
}

/// The rating after one game: `round(R + K·(S − E))` with the player's own K
/// ([`Rating::k`]) and [`js_round`].
#[must_use]
pub fn updated_rating(player: Rating, opponent: i32, outcome: Outcome) -> i32 {
    let actual = match outcome {
        Outcome::Win => 1.0,
        Outcome::Draw => 0.5,
        Outcome::Loss => 0.0,
    };
    let exact = f64::from(player.rating) + f64::from(player.k()) * (actual - expected_score(player.rating, opponent));
    // A rating is within a few hundred points of 1200, far inside i32.
    js_round(exact) as i32
}

/// JavaScript's `Math.round`: the nearest integer, halves toward +∞
/// (`2.5 → 3`, `−2.5 → −2`, `−2.6 → −3`). Unlike `floor(x + 0.5)`, it is exact
/// for the float just below ½ (`0.49999999999999994 → 0`), as ECMAScript
/// specifies. Rust's `f64::round` rounds halves away from zero and would give
/// `−3` for `−2.5`.
#[must_use]
pub fn js_round(x: f64) -> f64 {
    let floor = x.floor();
    // x − floor(x) is exact in binary floating point.
    if x - floor >= 0.5 {
        floor + 1.0
    } else {
        floor
    }
}
