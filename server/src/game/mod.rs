//! One home per game system: what each game ([`Game`]) decides on its own,
//! behind one trait, [`GameSystem`], with one implementation per game
//! ([`wh40k`], [`chess`], [`crokinole`]). The rest of the server asks
//! [`system`] instead of matching on the game.
//!
//! The rules themselves are pure functions in the engine (standings,
//! pairing, playoff decisions in [`arbiter_engine::playoffs::matches`]);
//! this module says which of them a game uses and with which defaults.
//! It depends on `domain` and the engine only, so the store, the services
//! and the error mapping may all ask it.

pub mod chess;
pub mod crokinole;
pub mod wh40k;

use crate::domain::{Game, GameScore, MatchFormat, PairingSystem, Tournament};
use crate::error::ApiResult;
use crate::service::scores::Score;
use arbiter_engine::model::PointSystem;
use arbiter_engine::standings::{AdjustmentKind, StandingsConfig};

/// The default VP cap per player per game (40K 10th edition scores at most 100).
pub const DEFAULT_MAX_VP: u32 = 100;

/// What a game system decides for its events.
pub trait GameSystem: Sync {
    /// The game.
    fn game(&self) -> Game;

    /// The name shown to people: `Warhammer 40,000`, `Chess`, `Crokinole`.
    fn label(&self) -> &'static str;

    /// The event format the new-event form suggests, in the game's own
    /// terms (`2000pts Matched Play`, `Classical 90+30`); kept as written.
    fn suggested_format(&self) -> &'static str;

    /// The pairing systems the game offers, the default first.
    fn pairing_systems(&self) -> &'static [PairingSystem];

    /// The score fields of a result payload, by name.
    fn score_fields(&self) -> &'static [&'static str];

    /// How the game's result is written, in words (refusals name it).
    fn score_fields_text(&self) -> &'static str;

    /// Reads the game's score from a result payload that gives exactly the
    /// game's [`score_fields`](GameSystem::score_fields) (checked before),
    /// each value within its range: game points or VP up to `max_score`.
    ///
    /// # Errors
    /// 422 with the value's code (`invalid_vp`, `invalid_result`, ...) naming the field.
    fn parse_score(&self, score: &Score, max_score: u32) -> ApiResult<GameScore>;

    /// A dispute's counter-report `(player1_vp, player2_vp, score)`: by
    /// default the whole score or nothing (40K takes either VP alone).
    ///
    /// # Errors
    /// As [`Score::parse`].
    fn counter_score(&self, score: &Score, t: &Tournament) -> ApiResult<(Option<u32>, Option<u32>, Option<GameScore>)> {
        if score.is_empty() {
            Ok((None, None, None))
        } else {
            Ok((None, None, Some(score.parse(t)?)))
        }
    }

    /// The largest score a player can be credited with in a game, by default
    /// (the event's `max_vp`: VP in 40K, game points in crokinole).
    fn default_max_score(&self) -> u32 {
        DEFAULT_MAX_VP
    }

    /// The missions an event starts with, one per round as far as they go.
    fn default_missions(&self) -> &'static [&'static str] {
        &[]
    }

    /// The standings an event of this game and pairing system starts with.
    fn default_standings(&self, system: PairingSystem) -> StandingsConfig;

    /// The point values an event starts with; `None` where the standings
    /// count wins and scores rather than points.
    fn default_points(&self, _system: PairingSystem) -> Option<PointSystem> {
        None
    }

    /// The adjustments staff can give a player, in the order offered.
    fn adjustment_kinds(&self) -> &'static [AdjustmentKind];

    /// Why a kind that is not the game's is refused, when the game has its
    /// own reason (chess has no adjustments at all); `None`: list the kinds.
    fn no_adjustment_reason(&self) -> Option<&'static str> {
        None
    }

    /// Whether a late entry's missed rounds count as byes the TO picks
    /// (zero or half a point, as in FIDE C.04.1) rather than as losses,
    /// byes or absences by the game's own scoring.
    fn missed_rounds_are_byes(&self) -> bool {
        false
    }

    /// What a bye is worth in `t`, in words (a refusal to report a bye's
    /// table names it).
    fn bye_worth(&self, _t: &Tournament) -> String {
        "the event's bye points".into()
    }

    /// The playoff match formats the game offers besides a single game.
    fn playoff_formats(&self) -> &'static [MatchFormat] {
        &[]
    }
}

/// The game system of `game`.
#[must_use]
pub fn system(game: Game) -> &'static dyn GameSystem {
    match game {
        Game::Wh40k => &wh40k::Wh40k,
        Game::Chess => &chess::Chess,
        Game::Crokinole => &crokinole::Crokinole,
    }
}

/// Every game system, in the order offered (the default, 40K, first).
pub fn all() -> impl Iterator<Item = &'static dyn GameSystem> {
    Game::ALL.iter().map(|g| system(*g))
}

/// The standings an event of `game` and `system` starts with
/// ([`GameSystem::default_standings`]).
#[must_use]
pub fn default_standings(game: Game, system: PairingSystem) -> StandingsConfig {
    self::system(game).default_standings(system)
}

/// The point values an event of `game` and `system` starts with
/// ([`GameSystem::default_points`]).
#[must_use]
pub fn default_points(game: Game, system: PairingSystem) -> Option<PointSystem> {
    self::system(game).default_points(system)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_own_system_and_a_pairing_system() {
        for game in [Game::Wh40k, Game::Chess, Game::Crokinole] {
            let s = system(game);
            assert_eq!(s.game(), game);
            assert!(!s.pairing_systems().is_empty(), "{game}");
            assert!(!s.score_fields().is_empty(), "{game}");
        }
    }
}
