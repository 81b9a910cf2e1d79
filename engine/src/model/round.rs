//! What happened to one player in one round: a game played, a forfeit, or a
//! round without a game (a bye). This is the record pairing (FIDE C.04) and
//! tie-breaks (FIDE C.07) read, and the record a TRF result field holds.

use super::{Colour, Points};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's pairing number (FIDE C.04.2: the starting rank, 1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerNo(pub u32);

impl fmt::Display for PlayerNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// The result of a game from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The player won.
    Win,
    /// The game was drawn.
    Draw,
    /// The player lost.
    Loss,
}

impl Outcome {
    /// The same game seen from the opponent's side.
    #[must_use]
    pub const fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// Why a player had no opponent in a round (FIDE C.04.1 and C.07 "unplayed rounds").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unplayed {
    /// Pairing-allocated bye: the one player left unpaired by the pairing
    /// system (C.04.1 art. c); TRF `0000 - U`.
    PairingBye,
    /// Full-point bye given on request or by the organiser; TRF `0000 - F`.
    FullPointBye,
    /// Half-point bye requested by the player; TRF `0000 - H`.
    HalfPointBye,
    /// Zero-point bye requested by the player; TRF `0000 - Z`.
    ZeroPointBye,
    /// Not paired and not given a bye: absent, or withdrawn; TRF `0000 - -`.
    Absent,
}

/// One player's round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum RoundRecord {
    /// A game played over the board; TRF `1`, `=`, `0` (and `W`, `D`, `L`
    /// when `rated` is false: a game that does not count for rating).
    Played {
        /// The opponent's pairing number.
        opponent: PlayerNo,
        /// This player's colour.
        colour: Colour,
        /// The result from this player's side.
        outcome: Outcome,
        /// Whether the game counts for rating (TRF `1 = 0` yes, `W D L` no).
        rated: bool,
    },
    /// Paired, but the game was not played; TRF `+` (won) or `-` (lost).
    /// A double forfeit is a loss for both.
    Forfeit {
        /// The scheduled opponent's pairing number.
        opponent: PlayerNo,
        /// The colour this player was allocated, if the pairing gave one.
        colour: Option<Colour>,
        /// Whether this player was awarded the win.
        won: bool,
    },
    /// No opponent this round.
    Unpaired(Unplayed),
}

impl RoundRecord {
    /// The opponent this player was paired with (played or forfeited), if any.
    #[must_use]
    pub const fn opponent(&self) -> Option<PlayerNo> {
        match *self {
            RoundRecord::Played { opponent, .. } | RoundRecord::Forfeit { opponent, .. } => Some(opponent),
            RoundRecord::Unpaired(_) => None,
        }
    }

    /// The colour this player had in a game actually played (FIDE C.04.1: only
    /// played games count for colour history).
    #[must_use]
    pub const fn played_colour(&self) -> Option<Colour> {
        match *self {
            RoundRecord::Played { colour, .. } => Some(colour),
            _ => None,
        }
    }

    /// Whether a game was played over the board.
    #[must_use]
    pub const fn is_played(&self) -> bool {
        matches!(self, RoundRecord::Played { .. })
    }

    /// The points this round is worth under `system`.
    #[must_use]
    pub fn points(&self, system: &PointSystem) -> Points {
        match *self {
            RoundRecord::Played { outcome, .. } => system.game(outcome),
            RoundRecord::Forfeit { won: true, .. } => system.forfeit_win,
            RoundRecord::Forfeit { won: false, .. } => system.forfeit_loss,
            RoundRecord::Unpaired(kind) => system.unplayed(kind),
        }
    }
}

/// How many points each kind of round is worth.
///
/// The default is the FIDE standard 1-½-0 with a pairing-allocated bye worth
/// a win (C.04.1 art. c) and a forfeit win worth a win. TRF(x) `BBW`, `BBD`,
/// `BBL`, `BBZ`, `BBF`, `BBU` lines override single values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PointSystem {
    /// A game won.
    pub win: Points,
    /// A game drawn.
    pub draw: Points,
    /// A game lost.
    pub loss: Points,
    /// A forfeit win.
    pub forfeit_win: Points,
    /// A forfeit loss.
    pub forfeit_loss: Points,
    /// A pairing-allocated bye.
    pub pairing_bye: Points,
    /// A full-point bye.
    pub full_point_bye: Points,
    /// A half-point bye.
    pub half_point_bye: Points,
    /// A zero-point bye.
    pub zero_point_bye: Points,
    /// An absence without a bye.
    pub absent: Points,
}

impl Default for PointSystem {
    fn default() -> PointSystem {
        PointSystem::with_game_points(Points::ONE, Points::HALF, Points::ZERO)
    }
}

impl PointSystem {
    /// A system with the given values for a win, a draw and a loss; byes and
    /// forfeits follow them (forfeit win, PAB, full-point bye = win; half-point
    /// bye = draw; forfeit loss, zero-point bye, absence = loss).
    #[must_use]
    pub const fn with_game_points(win: Points, draw: Points, loss: Points) -> PointSystem {
        PointSystem {
            win,
            draw,
            loss,
            forfeit_win: win,
            forfeit_loss: loss,
            pairing_bye: win,
            full_point_bye: win,
            half_point_bye: draw,
            zero_point_bye: loss,
            absent: loss,
        }
    }

    /// The points for a game played with this outcome.
    #[must_use]
    pub const fn game(&self, outcome: Outcome) -> Points {
        match outcome {
            Outcome::Win => self.win,
            Outcome::Draw => self.draw,
            Outcome::Loss => self.loss,
        }
    }

    /// The points for a round without an opponent.
    #[must_use]
    pub const fn unplayed(&self, kind: Unplayed) -> Points {
        match kind {
            Unplayed::PairingBye => self.pairing_bye,
            Unplayed::FullPointBye => self.full_point_bye,
            Unplayed::HalfPointBye => self.half_point_bye,
            Unplayed::ZeroPointBye => self.zero_point_bye,
            Unplayed::Absent => self.absent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_points_are_fide_standard() {
        let s = PointSystem::default();
        let p = PlayerNo(2);
        let played = |outcome| RoundRecord::Played { opponent: p, colour: Colour::White, outcome, rated: true };
        assert_eq!(played(Outcome::Win).points(&s), Points::ONE);
        assert_eq!(played(Outcome::Draw).points(&s), Points::HALF);
        assert_eq!(played(Outcome::Loss).points(&s), Points::ZERO);
        assert_eq!(RoundRecord::Unpaired(Unplayed::PairingBye).points(&s), Points::ONE);
        assert_eq!(RoundRecord::Unpaired(Unplayed::HalfPointBye).points(&s), Points::HALF);
        assert_eq!(RoundRecord::Forfeit { opponent: p, colour: None, won: false }.points(&s), Points::ZERO);
    }

    #[test]
    fn three_one_zero_scoring() {
        let s = PointSystem::with_game_points(Points::whole(3), Points::whole(1), Points::ZERO);
        assert_eq!(RoundRecord::Unpaired(Unplayed::PairingBye).points(&s), Points::whole(3));
        assert_eq!(RoundRecord::Unpaired(Unplayed::HalfPointBye).points(&s), Points::whole(1));
        assert_eq!(Outcome::Win.reversed(), Outcome::Loss);
    }

    #[test]
    fn only_played_games_give_a_colour() {
        let f = RoundRecord::Forfeit { opponent: PlayerNo(3), colour: Some(Colour::Black), won: true };
        assert_eq!(f.played_colour(), None);
        assert_eq!(f.opponent(), Some(PlayerNo(3)));
        assert!(!f.is_played());
    }
}
