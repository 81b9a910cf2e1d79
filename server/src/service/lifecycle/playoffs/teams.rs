//! The top cut of a team event (issue 25, point 6): the bracket's entrants
//! are the team rows, seeded from the team standings, and each bracket
//! table is a team match played as in the Swiss rounds.
//!
//! - **Seeding** ([`team_order`]): a 40K team event by its team standings
//!   ([`crate::service::standings::teams::standings`]: match wins, game
//!   points, strength of schedule, registration); a chess team Swiss by its
//!   team standings ([`crate::service::teams::chess_results::standings`]:
//!   match points, then FIDE C.07's team tie-breaks).
//! - **A 40K bracket match** ([`open_matches`]): its captains' process opens
//!   with the playoff round, exactly as in a Swiss round (the bracket's
//!   higher seed is team A); its games are reported, confirmed, disputed and
//!   overridden as in the Swiss rounds, and the match is decided by the
//!   event's conversion table and threshold. A match level by the threshold
//!   awaits the organiser's tiebreaker (see [`crate::service::teams::wh40k`]).
//! - **A chess bracket match**: its board games are created with the round
//!   (the lineups as in a Swiss round; the higher seed is the match's first
//!   team, with White on board 1, colours alternating by board as the
//!   Olympiad Pairing Rules art. 7 set them); it is decided by game points,
//!   then the Berlin tie-break ([`arbiter_engine::teams::knockout`]), then
//!   the organiser's decider.

use crate::domain::{now_millis, Pairing, PlayerId, Round, Sheet, Tournament};
use crate::error::ApiResult;
use crate::service::teams::{chess, chess_event, chess_results};
use crate::service::{standings, Change};
use crate::store::Tx;

/// The team standings' order of a team event's team rows, best first;
/// `None` for a singles event (or crokinole doubles, ranked as singles).
///
/// # Errors
/// 503 when the database is down.
pub async fn team_order(tx: &Tx, sheet: &Sheet) -> ApiResult<Option<Vec<PlayerId>>> {
    let t = &sheet.tournament;
    if let Some(rules) = standings::teams::rules(t) {
        let lines = standings::teams::standings(rules, &sheet.entrants, &sheet.rounds, &sheet.pairings);
        return Ok(Some(lines.into_iter().map(|l| l.team).collect()));
    }
    if chess_event::is_chess_teams(t) {
        let ev = chess_event::ChessTeams::read(tx, t.clone()).await?;
        let (rows, _) = chess_results::standings(&ev, None);
        return Ok(Some(rows.into_iter().map(|r| r.player_id).collect()));
    }
    Ok(None)
}

/// Opens the team matches `rows` of playoff round `round` of `t`, just
/// inserted, without committing: a 40K team event's captains' processes, a
/// chess team event's board games (see the module docs). Nothing for a
/// singles event.
///
/// # Errors
/// 409 `cannot_pair` when a 40K team does not field the team size; 503 when
/// the database is down.
pub async fn open_matches(change: &mut Change, t: &Tournament, round: &Round, rows: &[Pairing]) -> ApiResult<()> {
    if let Some(rules) = standings::teams::rules(t).cloned() {
        return crate::service::teams::wh40k::open_processes(change, &rules, round.id).await;
    }
    if !chess_event::is_chess_teams(t) {
        return Ok(());
    }
    let boards = chess_event::boards_of(t);
    let now = now_millis();
    let mut games = Vec::new();
    for m in rows {
        let Some(second) = m.player2_id else { continue };
        let teams = change.tx().players_in(&[m.player1_id, second]).await?;
        let (Some(a), Some(b)) = (teams.iter().find(|p| p.id == m.player1_id), teams.iter().find(|p| p.id == second))
        else {
            continue;
        };
        let lineups = [
            chess::lineup(change.tx(), a, round.number, boards).await?,
            chess::lineup(change.tx(), b, round.number, boards).await?,
        ];
        games.extend(chess::board_games(round, m, &lineups, boards, now));
    }
    change.tx().insert_pairings(&games).await?;
    // A board a team cannot field is won by forfeit at once: a match may be
    // settled before anyone plays.
    for g in games.iter().filter(|g| g.state == crate::domain::PairingState::Confirmed) {
        chess_results::settle(change, g).await?;
    }
    Ok(())
}
