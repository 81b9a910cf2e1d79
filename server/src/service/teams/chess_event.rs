//! A chess team event as the engine reads it: the store's team rows,
//! members, team matches and board games turned into the engine's teams
//! ([`Team`]), pairing numbers ([`TeamNo`]) and recorded rounds
//! ([`TeamRound`]).
//!
//! - Pairing numbers are the initial ranking of the FIDE Olympiad Pairing
//!   Rules 2022 art. 3.1 (average of the top `ranking_boards` ratings, then
//!   the next player's rating, then the name), given when round 1 is paired
//!   and kept on the team row (`pairing_no`); a team registered later is
//!   numbered after every team numbered before it (ranked the same way among
//!   the late teams).
//! - A board's result is read from its game row: `player1` is White, so on
//!   odd boards the match's first team holds `player1`, on even boards the
//!   second team does (art. 7: colours alternate by board). A board without a
//!   game row is a double forfeit; a game row without `player2` is a forfeit
//!   win for its one player's team (the other team fielded nobody there).

use crate::domain::{MatchResult, Pairing, PairingState, Player, PlayerId, PlayerKind, Round, RoundStatus, Tournament};
use crate::error::ApiResult;
use crate::store::Tx;
use arbiter_engine::teams::boards::{BoardResult, MatchScoring, TeamMatch, TeamRound};
use arbiter_engine::teams::olympiad::{initial_ranking, RankingConfig};
use arbiter_engine::teams::{Team, TeamNo, TeamPlayer};
use std::collections::HashMap;

/// Whether `t` is a chess team event.
#[must_use]
pub fn is_chess_teams(t: &Tournament) -> bool {
    t.teams.as_ref().is_some_and(|r| r.format == crate::domain::TeamFormat::Chess)
}

/// Boards per match (the team size), at least 1.
#[must_use]
pub fn boards_of(t: &Tournament) -> usize {
    t.teams.as_ref().map_or(4, |r| r.size.max(1) as usize)
}

/// The event's points: the Olympiad's (matches 2/1/0, games 1/½/0, the bye a
/// drawn match) for its number of boards ([`MatchScoring::olympiad`]).
#[must_use]
pub fn scoring(t: &Tournament) -> MatchScoring {
    MatchScoring::olympiad(boards_of(t))
}

/// The initial ranking's measure (art. 3.1.1): the average of the top
/// `ranking_boards` ratings (default: every board), unrated players at the
/// rating floor ([`RankingConfig::default`]).
#[must_use]
pub fn ranking_config(t: &Tournament) -> RankingConfig {
    let top = t.teams.as_ref().and_then(|r| r.ranking_boards).map_or(boards_of(t), |n| n.max(1) as usize);
    RankingConfig { top, ..RankingConfig::default() }
}

/// One chess team event as read in one snapshot.
pub struct ChessTeams {
    /// The tournament.
    pub t: Tournament,
    /// The team rows (entrants), registration order, removed ones included.
    pub teams: Vec<Player>,
    /// Every team's players.
    pub members: Vec<Player>,
    /// Every round, round 1 first (top-cut rounds are marked `playoff`).
    pub rounds: Vec<Round>,
    /// Team matches and byes (pairings of team rows), top-cut matches included.
    pub matches: Vec<Pairing>,
    /// The board games of every match.
    pub games: Vec<Pairing>,
}

impl ChessTeams {
    /// Reads `t`'s teams, members, rounds, matches and games through `tx`.
    ///
    /// # Errors
    /// 503 when the database is down.
    pub async fn read(tx: &Tx, t: Tournament) -> ApiResult<ChessTeams> {
        let id = t.id;
        let teams = tx.players(id).await?.into_iter().filter(|p| matches!(p.kind, PlayerKind::Team { .. })).collect();
        let members = tx.members(id).await?;
        // Top-cut rounds and their matches too (marked `playoff`): the
        // Swiss's records, standings and TRF leave them out.
        let mut rounds = tx.all_rounds(id).await?;
        rounds.sort_by_key(|r| r.number);
        let matches = tx.all_pairings_of_tournament(id).await?;
        let games = tx.games_of_tournament(id).await?;
        Ok(ChessTeams { t, teams, members, rounds, matches, games })
    }

    /// A team's members, roster order (seat 0 first).
    #[must_use]
    pub fn members_of(&self, team: PlayerId) -> Vec<&Player> {
        let mut out: Vec<&Player> = self.members.iter().filter(|m| m.kind.team() == Some(team)).collect();
        out.sort_by_key(|m| seat(m));
        out
    }

    /// The engine's view of `team`: name, regular players by seat, reserves.
    #[must_use]
    pub fn engine_team(&self, team: &Player) -> Team {
        let (mut players, mut reserves) = (Vec::new(), Vec::new());
        for m in self.members_of(team.id) {
            let p = TeamPlayer {
                name: m.display_name.clone(),
                rating: m.profile.rating,
                fide_id: m.profile.fide_id.clone(),
            };
            if matches!(m.kind, PlayerKind::Member { reserve: true, .. }) {
                reserves.push(p);
            } else {
                players.push(p);
            }
        }
        Team { name: team.display_name.clone(), players, reserves }
    }

    /// Pairing numbers: the stored ones, and numbers for the teams without
    /// one (art. 3.1 ranking among them, after the highest stored number).
    /// Returns every team's number and the numbers newly given.
    #[must_use]
    pub fn numbers(&self) -> (HashMap<PlayerId, TeamNo>, Vec<(PlayerId, u32)>) {
        let mut map: HashMap<PlayerId, TeamNo> =
            self.teams.iter().filter_map(|p| p.pairing_no.map(|n| (p.id, TeamNo(n)))).collect();
        let unnumbered: Vec<&Player> = self.teams.iter().filter(|p| p.pairing_no.is_none() && !p.removed).collect();
        let engine: Vec<Team> = unnumbered.iter().map(|p| self.engine_team(p)).collect();
        let mut next = map.values().map(|n| n.0).max().unwrap_or(0);
        let mut given = Vec::new();
        for i in initial_ranking(&engine, &ranking_config(&self.t)) {
            next += 1;
            map.insert(unnumbered[i].id, TeamNo(next));
            given.push((unnumbered[i].id, next));
        }
        (map, given)
    }

    /// The recorded rounds before round `before` (all rounds with `None`),
    /// as the engine reads them. With `complete_only`, a match counts only
    /// once every board's result is confirmed (a match still being played
    /// reads as the team's absence).
    #[must_use]
    pub fn engine_rounds(
        &self,
        numbers: &HashMap<PlayerId, TeamNo>,
        before: Option<u32>,
        complete_only: bool,
    ) -> Vec<TeamRound> {
        let boards = boards_of(&self.t);
        let team_of: HashMap<PlayerId, (PlayerId, usize)> =
            self.members.iter().filter_map(|m| m.kind.team().map(|t| (m.id, (t, seat(m) as usize)))).collect();
        self.rounds
            .iter()
            .filter(|r| !r.playoff && r.status != RoundStatus::Pending && before.is_none_or(|b| r.number < b))
            .map(|r| {
                let mut round = TeamRound::default();
                for m in self.matches.iter().filter(|m| m.round_id == r.id) {
                    let Some(&first) = numbers.get(&m.player1_id) else { continue };
                    let Some(second_id) = m.player2_id else {
                        if m.result == Some(MatchResult::Bye) {
                            round.bye = Some(first);
                        }
                        continue;
                    };
                    let Some(&second) = numbers.get(&second_id) else { continue };
                    let games: Vec<&Pairing> =
                        self.games.iter().filter(|g| g.in_match.is_some_and(|b| b.match_id == m.id)).collect();
                    if complete_only && games.iter().any(|g| g.state != PairingState::Confirmed) {
                        continue;
                    }
                    round.matches.push(team_match(m, first, second, &games, &team_of, boards));
                }
                round
            })
            .collect()
    }
}

/// A member's roster position.
#[must_use]
pub fn seat(m: &Player) -> u32 {
    match m.kind {
        PlayerKind::Member { seat, .. } => seat,
        _ => 0,
    }
}

/// The engine's match from the match row `m` and its games (`team_of`:
/// each member's team row and roster position).
pub(crate) fn team_match(
    m: &Pairing,
    first: TeamNo,
    second: TeamNo,
    games: &[&Pairing],
    team_of: &HashMap<PlayerId, (PlayerId, usize)>,
    boards: usize,
) -> TeamMatch {
    let mut out = TeamMatch::new(first, second, Vec::with_capacity(boards));
    for board in 1..=boards {
        let game = games.iter().find(|g| g.in_match.is_some_and(|b| b.board as usize == board));
        let Some(g) = game else {
            out.boards.push(BoardResult::DoubleForfeit);
            out.first_lineup.push(board - 1);
            out.second_lineup.push(board - 1);
            continue;
        };
        // Whose is player1: the first team's (odd boards) or the second's.
        let p1_first = team_of.get(&g.player1_id).is_some_and(|t| t.0 == m.player1_id);
        let seat_of = |id: Option<PlayerId>| id.and_then(|id| team_of.get(&id)).map_or(board - 1, |t| t.1);
        let (first_member, second_member) =
            if p1_first { (Some(g.player1_id), g.player2_id) } else { (g.player2_id, Some(g.player1_id)) };
        out.first_lineup.push(seat_of(first_member));
        out.second_lineup.push(seat_of(second_member));
        let p1 = match g.result {
            Some(MatchResult::P1Win) => BoardResult::FirstWins,
            Some(MatchResult::P2Win) => BoardResult::SecondWins,
            Some(MatchResult::Draw) => BoardResult::Draw,
            Some(MatchResult::P1WinForfeit | MatchResult::Bye) => BoardResult::FirstForfeitWin,
            Some(MatchResult::P2WinForfeit) => BoardResult::SecondForfeitWin,
            _ => BoardResult::DoubleForfeit,
        };
        out.boards.push(if p1_first { p1 } else { mirror(p1) });
    }
    out
}

/// A board result seen from the other team.
const fn mirror(r: BoardResult) -> BoardResult {
    match r {
        BoardResult::FirstWins => BoardResult::SecondWins,
        BoardResult::SecondWins => BoardResult::FirstWins,
        BoardResult::FirstForfeitWin => BoardResult::SecondForfeitWin,
        BoardResult::SecondForfeitWin => BoardResult::FirstForfeitWin,
        r => r,
    }
}
