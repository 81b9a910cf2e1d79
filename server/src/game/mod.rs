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

use crate::domain::{ChessResult, Game, GameScore, MatchFormat, PairingSystem, Tournament};
use arbiter_engine::model::PointSystem;
use arbiter_engine::standings::{AdjustmentKind, StandingsConfig};
use serde_json::Number;

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
    /// The first value out of range or not a result ([`ScoreRefusal`]).
    fn parse_score(&self, score: &dyn ScoreFields, max_score: u32) -> Result<GameScore, ScoreRefusal>;

    /// A dispute's counter-report when each of player 1's and player 2's
    /// values may be given alone (40K's VP); `None`: the whole score or nothing.
    ///
    /// # Errors
    /// As [`GameSystem::parse_score`].
    fn counter_parts(&self, _score: &dyn ScoreFields, _max_score: u32) -> Option<Result<CounterParts, ScoreRefusal>> {
        None
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

    /// The game whose page parts (the entry of `web/static/games.js`: result
    /// forms, seats, score texts) this game's pages use, when its results and
    /// standings are that game's; `None`: it has an entry of its own. Sent
    /// with the tournament view and the new-event form.
    fn pages_like(&self) -> Option<Game> {
        None
    }
}

/// A counter-report's values given alone: player 1's and player 2's.
pub type CounterParts = (Option<u32>, Option<u32>);

/// A result payload's fields, as a game reads them.
pub trait ScoreFields {
    /// A number field by name (`player1_vp`), if given.
    fn number(&self, field: &str) -> Option<&Number>;

    /// The `result` field, if given.
    fn result(&self) -> Option<&str>;
}

/// What a score value counts, for its refusal (each has its error code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreUnit {
    /// 40K victory points.
    Vp,
    /// Crokinole game points.
    GamePoints,
    /// Crokinole 20s.
    Twenties,
}

/// A score value a game refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoreRefusal {
    /// `field` is not a whole number of `unit` from 0 to `max`.
    Range {
        /// The field.
        field: &'static str,
        /// What it counts.
        unit: ScoreUnit,
        /// The largest value allowed.
        max: u32,
        /// The value given.
        given: Number,
    },
    /// `result` is none of the results the game knows.
    Result {
        /// The value given.
        given: String,
    },
}

/// Checks `n` is a whole number of `unit` from 0 to `max`.
///
/// # Errors
/// [`ScoreRefusal::Range`] naming `field`.
pub fn whole(field: &'static str, unit: ScoreUnit, n: &Number, max: u32) -> Result<u32, ScoreRefusal> {
    n.as_u64().and_then(|v| u32::try_from(v).ok()).filter(|v| *v <= max).ok_or_else(|| ScoreRefusal::Range {
        field,
        unit,
        max,
        given: n.clone(),
    })
}

/// Checks the number field `field` of `s` (one not given reads as 0: the
/// caller has checked every field is given).
///
/// # Errors
/// As [`whole`].
pub fn field(s: &dyn ScoreFields, field: &'static str, unit: ScoreUnit, max: u32) -> Result<u32, ScoreRefusal> {
    whole(field, unit, s.number(field).unwrap_or(&Number::from(0)), max)
}

/// Reads a chess-style result (`1-0`, `½-½` or `1/2-1/2`, `0-1`, forfeits).
///
/// # Errors
/// [`ScoreRefusal::Result`].
pub fn result(s: &dyn ScoreFields) -> Result<ChessResult, ScoreRefusal> {
    let given = s.result().unwrap_or_default();
    ChessResult::parse(given).ok_or_else(|| ScoreRefusal::Result { given: given.to_owned() })
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
