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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    //! Expected values are computed by hand in the comments.

    use super::*;

    fn rated(rating: i32, games: u32) -> Rating {
        Rating { rating, games }
    }

    fn change(round: &RoundRatings<char>, player: char) -> RatingChange<char> {
        *round.changes.iter().find(|c| c.player == player).unwrap()
    }

    /// 1200 v 1200, both new (K 32): E = 1/(1+10^0) = 0.5; the winner gets
    /// round(1200 + 32·0.5) = 1216, the loser round(1200 − 32·0.5) = 1184.
    /// Both were missing from `before`, so both start at 1200 with 0 games.
    #[test]
    fn equal_new_players_win_gives_16() {
        let round = rate_round(&HashMap::new(), &[RatedGame { a: 'A', b: 'B', score_a: Outcome::Win }]).unwrap();
        assert_eq!(
            change(&round, 'A'),
            RatingChange { player: 'A', opponent: 'B', before: 1200, after: 1216, delta: 16, k: 32 }
        );
        assert_eq!(
            change(&round, 'B'),
            RatingChange { player: 'B', opponent: 'A', before: 1200, after: 1184, delta: -16, k: 32 }
        );
        assert_eq!(round.ratings[&'A'], rated(1216, 1));
        assert_eq!(round.ratings[&'B'], rated(1184, 1));
    }

    /// 1400 v 1200, drawn, both K 32.
    /// E(1400) = 1/(1+10^(−200/400)) = 1/(1+0.316228) = 0.759747;
    /// 1400 + 32·(0.5 − 0.759747) = 1400 − 8.3119 = 1391.688 → 1392.
    /// E(1200) = 0.240253; 1200 + 32·(0.5 − 0.240253) = 1208.312 → 1208.
    #[test]
    fn draw_between_1400_and_1200() {
        let before = HashMap::from([('H', rated(1400, 5)), ('L', rated(1200, 5))]);
        let round = rate_round(&before, &[RatedGame { a: 'L', b: 'H', score_a: Outcome::Draw }]).unwrap();
        assert_eq!((change(&round, 'H').after, change(&round, 'H').delta), (1392, -8));
        assert_eq!((change(&round, 'L').after, change(&round, 'L').delta), (1208, 8));
        assert!((expected_score(1400, 1200) - 0.759_747).abs() < 1e-6);
    }

    /// Round 1: A (29 games, K 32) beats B (30 games, K 16), both 1500:
    /// A = 1500 + 32·0.5 = 1516, B = 1500 − 16·0.5 = 1492 (not zero-sum).
    /// Round 2: A now has 30 games (K 16) and beats C (1516, new, K 32):
    /// A = 1516 + 16·0.5 = 1524, C = 1516 − 32·0.5 = 1500.
    #[test]
    fn k_drops_from_32_to_16_at_30_games() {
        let before = HashMap::from([('A', rated(1500, 29)), ('B', rated(1500, 30))]);
        let r1 = rate_round(&before, &[RatedGame { a: 'A', b: 'B', score_a: Outcome::Win }]).unwrap();
        assert_eq!((change(&r1, 'A').after, change(&r1, 'A').k), (1516, 32));
        assert_eq!((change(&r1, 'B').after, change(&r1, 'B').k), (1492, 16));
        assert_eq!(r1.ratings[&'A'], rated(1516, 30));

        let before = HashMap::from([('A', r1.ratings[&'A']), ('C', rated(1516, 0))]);
        let r2 = rate_round(&before, &[RatedGame { a: 'C', b: 'A', score_a: Outcome::Loss }]).unwrap();
        assert_eq!((change(&r2, 'A').after, change(&r2, 'A').k), (1524, 16));
        assert_eq!((change(&r2, 'C').after, change(&r2, 'C').k), (1500, 32));
    }

    /// Every game uses the ratings from before the round, so listing the games
    /// in another order changes nothing, and a player cannot be rated twice.
    /// A (1200) beats B (1300): E(A) = 1/(1+10^(100/400)) = 0.359935;
    /// A = 1200 + 32·0.640065 = 1220.48 → 1220; B = 1300 − 20.48 = 1279.52 → 1280.
    /// C (1250) draws D (1250): no change.
    #[test]
    fn a_round_is_rated_from_the_ratings_before_it() {
        let before =
            HashMap::from([('A', rated(1200, 3)), ('B', rated(1300, 3)), ('C', rated(1250, 3)), ('D', rated(1250, 3))]);
        let g1 = RatedGame { a: 'A', b: 'B', score_a: Outcome::Win };
        let g2 = RatedGame { a: 'C', b: 'D', score_a: Outcome::Draw };
        let forward = rate_round(&before, &[g1, g2]).unwrap();
        let backward = rate_round(&before, &[g2, g1]).unwrap();
        assert_eq!(forward.ratings, backward.ratings);
        assert_eq!(forward.ratings[&'A'], rated(1220, 4));
        assert_eq!(forward.ratings[&'B'], rated(1280, 4));
        assert_eq!(forward.ratings[&'C'], rated(1250, 4));

        let twice = RatedGame { a: 'A', b: 'C', score_a: Outcome::Win };
        assert_eq!(rate_round(&before, &[g1, twice]), Err(EloError::TwoGames('A')));
        let alone = RatedGame { a: 'A', b: 'A', score_a: Outcome::Win };
        assert_eq!(rate_round(&before, &[alone]), Err(EloError::SelfGame('A')));
    }

    /// `Math.round` sends halves toward +∞: 2.5 → 3 but −2.5 → −2; Rust's
    /// `f64::round` would give −3.
    #[test]
    fn math_round_halves_go_up() {
        assert_eq!(js_round(2.5), 3.0);
        assert_eq!(js_round(-2.5), -2.0);
        assert_eq!(js_round(-2.6), -3.0);
        assert_eq!(js_round(-2.4), -2.0);
        assert_eq!(js_round(1391.688), 1392.0);
        assert_eq!(js_round(0.499_999_999_999_999_94), 0.0);
        assert_eq!(js_round(-0.5), 0.0);
        assert_eq!((-2.5f64).round(), -3.0);
    }
}
