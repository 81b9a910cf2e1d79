//! Pairing a round of a chess team Swiss (FIDE Olympiad Pairing Rules,
//! effective 1 January 2022): `POST /api/rounds/{id}/pairings` on a chess
//! team event pairs the team rows with the engine's
//! [`pair_round`](arbiter_engine::teams::olympiad::pair_round) and writes
//! each team match with its board games.
//!
//! - Pairing numbers (art. 3.1): the initial ranking by the average of the
//!   top `ranking_boards` ratings, given when round 1 is paired
//!   ([`super::chess_event::ChessTeams::numbers`]).
//! - The bye (art. 4): to the lowest-ranked eligible team, scored as a drawn
//!   match; a team registered after round 1 is not eligible (art. 4.2.3).
//! - No rematches (art. 6.1); the order of the matches is art. 11.1's.
//! - Colours (art. 7): the team pairing gives board 1's colour; the boards
//!   alternate (the first team has White on odd boards, Black on even ones).
//!   A game row's `player1` is White, as in singles chess.
//! - Who plays which board: the round's lineup ([`super::lineup`]: regular
//!   players in board order, reserves on the bottom boards).

use super::chess_event::{boards_of, scoring, ChessTeams};
use crate::bus::{Cause, EventData, StandingsCause};
use crate::domain::User;
use crate::domain::{
    now_millis, MatchBoard, MatchResult, Pairing, PairingState, Player, PlayerId, Round, RoundId, RoundStatus,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::round_not_found;
use crate::service::views::{self, roster};
use crate::service::{require_to, Change, Ctx};
use crate::store::Tx;
use arbiter_engine::model::Colour;
use arbiter_engine::teams::olympiad::{pair_round, OlympiadError, PairingRequest};
use arbiter_engine::teams::TeamNo;
use arbiter_web::views::Published;
use std::collections::HashMap;

/// Pairs PENDING round `round_id` of a chess team event and publishes it;
/// `Ok(None)` when the event is not a chess team event (the caller pairs it
/// as singles).
///
/// # Errors
/// 403 for anyone but the TO; 409 `round_not_pending`, `not_enough_players`
/// (fewer than two teams checked in), `no_legal_pairing` (no pairing avoids a
/// rematch, art. 6.1, and gives the bye to an eligible team, art. 4.2).
pub async fn generate(ctx: &Ctx, user: &User, round_id: RoundId) -> ApiResult<Option<Published>> {
    let t_id = ctx.store.read().await?.round(round_id).await?.ok_or_else(round_not_found)?.tournament_id;
    let mut change = Change::begin(ctx, t_id, user).await?;
    let t = change.tournament().clone();
    if !super::chess_event::is_chess_teams(&t) {
        return Ok(None);
    }
    require_to(&t, user, "generate pairings")?;
    let mut round = change.tx().round(round_id).await?.ok_or_else(round_not_found)?;
    if round.status != RoundStatus::Pending {
        return Err(ApiError::conflict(Code::RoundNotPending, format!("Round {} is already paired.", round.number)));
    }
    let ev = ChessTeams::read(change.tx(), t).await?;
    let present: Vec<&Player> = ev.teams.iter().filter(|p| p.is_active()).collect();
    if present.len() < 2 {
        return Err(ApiError::conflict(
            Code::NotEnoughPlayers,
            format!("At least 2 checked-in teams are needed to pair a round; {} are.", present.len()),
        ));
    }
    let (numbers, given) = ev.numbers();
    let history = ev.engine_rounds(&numbers, Some(round.number), false);
    let scoring = scoring(&ev.t);
    let team_nos: Vec<TeamNo> = present.iter().filter_map(|p| numbers.get(&p.id).copied()).collect();
    // Art. 4.2.3: a team that joined after round 1 may not receive the bye.
    let first_round_at = ev.rounds.iter().find(|r| r.number == 1 && r.id != round.id).map(|r| r.created_at);
    let late: Vec<TeamNo> = present
        .iter()
        .filter(|p| first_round_at.is_some_and(|at| p.registered_at > at))
        .filter_map(|p| numbers.get(&p.id).copied())
        .collect();
    let req = PairingRequest {
        teams: &team_nos,
        rounds: &history,
        scoring: &scoring,
        initial_colour: ev.t.initial_colour_drawn(),
        late_entries: &late,
    };
    let paired = pair_round(&req).map_err(|e| match e {
        OlympiadError::NoPairing(_) => ApiError::conflict(Code::NoLegalPairing, e.to_string()),
        _ => ApiError::conflict(Code::CannotPair, e.to_string()),
    })?;
    let by_no: HashMap<TeamNo, PlayerId> = numbers.iter().map(|(id, no)| (*no, *id)).collect();
    let team = |no: TeamNo| by_no.get(&no).copied().ok_or_else(|| ApiError::internal(format!("team {no} unknown")));
    let boards = boards_of(&ev.t);
    let now = now_millis();
    let (mut rows, mut games) = (Vec::new(), Vec::new());
    for (m, no) in paired.matches.iter().zip(1u32..) {
        let first = team(m.first)?;
        let second = team(m.second)?;
        let row = Pairing::unreported(&round, no, first, Some(second), now);
        let row_of = |id: PlayerId| ev.teams.iter().find(|p| p.id == id).ok_or_else(|| ApiError::internal("team row"));
        let lineups = [
            lineup(change.tx(), row_of(first)?, round.number, boards).await?,
            lineup(change.tx(), row_of(second)?, round.number, boards).await?,
        ];
        games.extend(board_games(&round, &row, &lineups, boards, now));
        rows.push(row);
    }
    if let Some(bye) = paired.bye {
        // Art. 4: the pairing-allocated bye counts at once (a drawn match).
        let mut b = Pairing::unreported(&round, 0, team(bye)?, None, now);
        b.result = Some(MatchResult::Bye);
        b.state = PairingState::Confirmed;
        rows.push(b);
    }
    change.tx().insert_pairings(&rows).await?;
    change.tx().insert_pairings(&games).await?;
    for (id, no) in &given {
        if let Some(p) = ev.teams.iter().find(|p| p.id == *id) {
            let mut p = p.clone();
            p.pairing_no = Some(*no);
            change.tx().update_player(&p).await?;
        }
    }
    round.status = RoundStatus::Active;
    change.tx().update_round(&round).await?;
    let names = roster(&ev.teams);
    let published = Published { round: views::round(&round, &rows, &names), warnings: Vec::new(), tournament: None };
    change.emit(EventData::PairingsPublished(published.clone())).await?;
    if paired.bye.is_some() {
        let mut t = ev.t.clone();
        let cause = StandingsCause { round: Some(round.number), ..StandingsCause::of(Cause::PairingsPublished) };
        crate::service::standings::publish(&mut change, &mut t, cause).await?;
    }
    change.commit(ctx).await?;
    Ok(Some(published))
}

/// Who of `team` plays boards 1..=`boards` of round `round`, board 1
/// first: the lineup the captain set, or the regular players by seat
/// ([`super::lineup::lineup`]: regulars in board order, reserves on the
/// bottom boards); withdrawn members are left out and the boards left over
/// at the bottom are `None`.
///
/// # Errors
/// 503 when the database is down.
pub async fn lineup(tx: &Tx, team: &Player, round: u32, boards: usize) -> ApiResult<Vec<Option<PlayerId>>> {
    let (_, players) = super::lineup::lineup(tx, team, round).await?;
    let mut ids: Vec<Option<PlayerId>> =
        players.iter().filter(|m| !m.dropped && !m.removed).map(|m| Some(m.id)).take(boards).collect();
    ids.resize(boards, None);
    Ok(ids)
}

/// The board games of team match `m` (its `player1` has White on board 1):
/// on odd boards the first team's player has White, on even boards the
/// second team's (art. 7, colours by board). A board one team cannot field
/// is a forfeit win for the other's player, recorded at once; a board
/// neither fields has no game (a double forfeit).
#[must_use]
pub fn board_games(
    round: &Round,
    m: &Pairing,
    lineups: &[Vec<Option<PlayerId>>; 2],
    boards: usize,
    now: crate::domain::Millis,
) -> Vec<Pairing> {
    let mut out = Vec::new();
    for b in 1..=boards {
        let first = lineups[0].get(b - 1).copied().flatten();
        let second = lineups[1].get(b - 1).copied().flatten();
        let first_is_white = arbiter_engine::teams::boards::board_colour(Colour::White, b) == Colour::White;
        let (white, black) = if first_is_white { (first, second) } else { (second, first) };
        let table = (m.table_number.saturating_sub(1)) * u32::try_from(boards).unwrap_or(u32::MAX) + b as u32;
        let at = MatchBoard { match_id: m.id, board: b as u32 };
        let mut g = match (white, black) {
            (Some(w), Some(bl)) => Pairing::unreported(round, table, w, Some(bl), now),
            (Some(one), None) | (None, Some(one)) => {
                let mut g = Pairing::unreported(round, table, one, None, now);
                g.result = Some(MatchResult::P1WinForfeit);
                g.state = PairingState::Confirmed;
                g.reported_at = Some(now);
                g.override_note = Some(format!("Board {b}: the opposing team fielded no player; won by forfeit."));
                g
            }
            (None, None) => continue,
        };
        g.in_match = Some(at);
        out.push(g);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::TournamentId;

    fn round() -> Round {
        Round {
            id: RoundId::random(),
            tournament_id: TournamentId::random(),
            number: 1,
            status: RoundStatus::Pending,
            mission: String::new(),
            created_at: 0,
            playoff: false,
        }
    }

    #[test]
    fn colours_alternate_by_board_from_the_team_pairing() {
        let r = round();
        let (a, b) = (PlayerId::random(), PlayerId::random());
        let m = Pairing::unreported(&r, 2, a, Some(b), 0);
        let fa: Vec<Option<PlayerId>> = (0..4).map(|_| Some(PlayerId::random())).collect();
        let fb: Vec<Option<PlayerId>> = (0..4).map(|_| Some(PlayerId::random())).collect();
        let games = board_games(&r, &m, &[fa.clone(), fb.clone()], 4, 0);
        assert_eq!(games.len(), 4);
        // Board 1 and 3: the first team's player is White (player1); 2 and 4: Black.
        assert_eq!((games[0].player1_id, games[0].player2_id), (fa[0].unwrap(), fb[0]));
        assert_eq!((games[1].player1_id, games[1].player2_id), (fb[1].unwrap(), fa[1]));
        assert_eq!((games[2].player1_id, games[2].player2_id), (fa[2].unwrap(), fb[2]));
        assert_eq!((games[3].player1_id, games[3].player2_id), (fb[3].unwrap(), fa[3]));
        // Match 2 of four boards sits at tables 5-8.
        assert_eq!(games.iter().map(|g| g.table_number).collect::<Vec<_>>(), vec![5, 6, 7, 8]);
        assert!(games.iter().zip(1..).all(|(g, b)| g.in_match == Some(MatchBoard { match_id: m.id, board: b })));
    }

    #[test]
    fn an_empty_bottom_board_is_a_forfeit_win_for_the_other_team() {
        let r = round();
        let m = Pairing::unreported(&r, 1, PlayerId::random(), Some(PlayerId::random()), 0);
        let fa: Vec<Option<PlayerId>> = vec![Some(PlayerId::random()), Some(PlayerId::random()), None, None];
        let fb: Vec<Option<PlayerId>> =
            vec![Some(PlayerId::random()), Some(PlayerId::random()), Some(PlayerId::random()), None];
        let games = board_games(&r, &m, &[fa, fb.clone()], 4, 0);
        // Board 4: nobody on either side, no game; board 3: only the second team's player.
        assert_eq!(games.len(), 3);
        let b3 = &games[2];
        assert_eq!((b3.player1_id, b3.player2_id), (fb[2].unwrap(), None));
        assert_eq!((b3.result, b3.state), (Some(MatchResult::P1WinForfeit), PairingState::Confirmed));
    }
}
