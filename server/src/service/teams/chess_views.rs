//! What the API answers for a chess team event's matches and board results.

use crate::domain::{PairingId, PlayerId, RoundId};
use serde::Serialize;

/// A team as a match or board line names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TeamRef {
    /// The team's registration id.
    pub id: PlayerId,
    /// The team's name.
    pub name: String,
    /// The team's pairing number (Olympiad Pairing Rules 2022 art. 3.1), once round 1 is paired.
    pub pairing_no: Option<u32>,
}

/// A member at a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BoardPlayer {
    /// The member's registration id.
    pub id: PlayerId,
    /// The member's name.
    pub name: String,
    /// The member's rating, if rated.
    pub rating: Option<u32>,
}

/// One board of a team match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BoardGameView {
    /// The board, 1-based.
    pub board: u32,
    /// The game's pairing id (report, confirm, dispute and override it with the result routes).
    pub pairing_id: PairingId,
    /// White (the game's `player1`).
    pub white: BoardPlayer,
    /// Black; `null` when the other team fielded nobody (a forfeit win for White's side).
    pub black: Option<BoardPlayer>,
    /// The game's result, White first: `1-0`, `½-½`, `0-1`, `1F-0F`, `0F-1F`, `0F-0F`; `null` until reported.
    pub result: Option<arbiter_web::views::sets::ChessResult>,
    /// `UNREPORTED`, `REPORTED`, `DISPUTED` or `CONFIRMED`.
    pub state: arbiter_web::views::sets::PairingState,
}

/// A team match: two teams, their boards, and the score so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TeamMatchView {
    /// The match's pairing id (a bye's too).
    pub id: PairingId,
    /// The round.
    pub round_id: RoundId,
    /// The match's number in the round (art. 11.1 order); 0 for the bye.
    pub number: u32,
    /// The team with White on board 1 (and every odd board).
    pub first: TeamRef,
    /// The team with Black on board 1; `null` for the bye.
    pub second: Option<TeamRef>,
    /// Game points of the first team from the confirmed boards (`2.5`).
    pub first_game_points: String,
    /// Game points of the second team from the confirmed boards.
    pub second_game_points: String,
    /// Match points (2/1/0; the bye 1) of the first team, once every board is confirmed.
    pub first_match_points: Option<String>,
    /// Match points of the second team, once every board is confirmed.
    pub second_match_points: Option<String>,
    /// `CONFIRMED` once every board's result is, else `UNREPORTED`.
    pub state: arbiter_web::views::sets::PairingState,
    /// The boards, board 1 first.
    pub boards: Vec<BoardGameView>,
}

/// One player's results on one board.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct BoardLineView {
    /// The member's registration id.
    pub player_id: PlayerId,
    /// The member's name.
    pub name: String,
    /// The team.
    pub team: TeamRef,
    /// Games played over the board on this board (forfeits not counted).
    pub games: u32,
    /// Points from those games (`2.5`).
    pub points: String,
    /// Points as a percentage of the games, one decimal.
    pub percentage: f64,
    /// Games won by forfeit on this board (not in `games` or `points`).
    pub forfeit_wins: u32,
    /// Performance rating (FIDE C.07 art. 10.3, TPR; unrated opponents at 1400); `null` without a game.
    pub performance: Option<i64>,
}

/// One board's results and its prize.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct BoardView {
    /// The board, 1-based.
    pub board: u32,
    /// Every player who played on this board, best score first.
    pub lines: Vec<BoardLineView>,
    /// The board prize: the best percentage among players with at least
    /// `min_games` games (then more games); equal players share it. Empty when nobody qualifies.
    pub prize: Vec<PlayerId>,
}
