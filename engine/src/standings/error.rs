//! Why standings cannot be computed from the data given.

use crate::model::PlayerNo;

/// Errors from the standings functions; each names the round and players
/// concerned so the organiser can fix the result that is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    /// Two entries share a player number.
    #[error("player {player} appears more than once")]
    DuplicatePlayer {
        /// The repeated number.
        player: PlayerNo,
    },
    /// A player's record does not cover every round played so far.
    #[error("player {player} has {found} rounds recorded, the others have {expected}")]
    RoundCount {
        /// The player.
        player: PlayerNo,
        /// Rounds recorded for this player.
        found: usize,
        /// Rounds recorded for the first player.
        expected: usize,
    },
    /// A pairing names a player who is not in the event.
    #[error("round {round}: player {player} is paired with {opponent}, who is not in the event")]
    UnknownOpponent {
        /// The round, 1-based.
        round: usize,
        /// The player whose record names the opponent.
        player: PlayerNo,
        /// The unknown opponent.
        opponent: PlayerNo,
    },
    /// A player is paired with themselves.
    #[error("round {round}: player {player} is paired with themselves")]
    SelfPaired {
        /// The round, 1-based.
        round: usize,
        /// The player.
        player: PlayerNo,
    },
    /// Two players' records of the same game disagree (opponent, colours or
    /// result).
    #[error("round {round}: the records of players {player} and {opponent} do not describe the same game")]
    Inconsistent {
        /// The round, 1-based.
        round: usize,
        /// The first player.
        player: PlayerNo,
        /// The opponent their record names.
        opponent: PlayerNo,
    },
    /// A Buchholz-type tie-break configured for a round robin; C.07 art. 8:
    /// "These tie-breaks must not be used in round-robins."
    #[error("{code} must not be used in a round robin (FIDE C.07 art. 8)")]
    NotForRoundRobin {
        /// The tie-break's code.
        code: String,
    },
    /// A player asked about is not in the event.
    #[error("player {player} is not in the event")]
    NotInEvent {
        /// The player.
        player: PlayerNo,
    },
    /// A crokinole game names a player who is not in the event.
    #[error("game {game}: player {player} is not in the event")]
    UnknownPlayer {
        /// The index of the game in the input, 0-based.
        game: usize,
        /// The unknown player.
        player: PlayerNo,
    },
    /// A crokinole game between a player and themselves.
    #[error("game {game}: player {player} plays themselves")]
    SelfGame {
        /// The index of the game in the input, 0-based.
        game: usize,
        /// The player.
        player: PlayerNo,
    },
    /// 40K results that cannot be ranked: the message of
    /// [`super::wh40k::StandingsError`], or battle points for a non-entrant.
    #[error("{0}")]
    Wh40k(String),
}
