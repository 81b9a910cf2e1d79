//! A chess team event's results: the match a board game belongs to is
//! settled from its boards, and the team standings and board results are
//! computed from the confirmed matches.
//!
//! - Match and game points (FIDE Olympiad Pairing Rules 2022; engine
//!   [`TeamMatch`](arbiter_engine::teams::boards::TeamMatch)): a won game 1,
//!   a draw ½; the team with more game points wins the match (2 match
//!   points), equal game points draw it (1 each); the bye is a drawn match.
//! - Team standings ([`team_standings`]): match points, then FIDE C.07's team
//!   tie-breaks: game points (art. 13.1), Sonneborn-Berger for teams on
//!   opponents' match points × game points scored (EMGSB, art. 13.2), and
//!   Buchholz of match points (art. 8.1 on the team score).
//! - Board results ([`board_results`]) and board prizes ([`board_prizes`]):
//!   a player counts on the board they played; the prize goes to the best
//!   percentage with at least a minimum of games.

use super::chess_event::{is_chess_teams, scoring, ChessTeams};
use super::chess_views::{BoardGameView, BoardLineView, BoardPlayer, BoardView, TeamMatchView, TeamRef};
use crate::bus::{Cause, EventData, StandingsCause};
use crate::domain::{
    now_millis, ChessResult, GameScore, MatchResult, Pairing, PairingState, Player, PlayerId, RoundId, RoundStatus,
    Tournament, TournamentId, User,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::views::{self, roster};
use crate::service::{Change, Ctx};
use arbiter_engine::model::Points;
use arbiter_engine::standings::ColumnKey;
use arbiter_engine::teams::board_prizes::{board_prizes, board_results, performance};
use arbiter_engine::teams::standings::{default_tie_breaks, team_standings, TieValue};
use arbiter_engine::teams::TeamNo;
use arbiter_web::views::{ColumnView, StandingView, StandingsMeta};
use std::collections::HashMap;

/// The rating an unrated opponent counts as in a performance rating (the
/// FIDE rating floor, as the initial ranking uses).
const UNRATED: u32 = 1400;

/// Settles the team match of board game `game` inside a change, after the
/// game's result changed: once every board is confirmed the match row is
/// CONFIRMED with its result (`P1_WIN`, `P2_WIN`, `DRAW` by game points) and
/// announced (`result_confirmed` on the match). A top-cut match level on
/// game points is decided by the Berlin tie-break
/// ([`arbiter_engine::teams::knockout`]); level after it, it is DISPUTED
/// (`result_disputed`) until the organiser records the decider's winner.
/// Nothing for a singles table or another kind of team event.
///
/// # Errors
/// 503 when the database is down.
pub async fn settle(change: &mut Change, game: &Pairing) -> ApiResult<()> {
    let Some(at) = game.in_match.filter(|_| is_chess_teams(change.tournament())) else { return Ok(()) };
    let Some(mut m) = change.tx().pairing(at.match_id).await? else { return Ok(()) };
    let games = change.tx().games_of_match(m.id).await?;
    if games.is_empty() || games.iter().any(|g| g.state != PairingState::Confirmed) {
        return Ok(());
    }
    let t = change.tournament().clone();
    let members = change.tx().members(t.id).await?;
    let (first, second) = game_points(&m, &games, &members, &t);
    let mut result = match first.cmp(&second) {
        std::cmp::Ordering::Greater => MatchResult::P1Win,
        std::cmp::Ordering::Less => MatchResult::P2Win,
        std::cmp::Ordering::Equal => MatchResult::Draw,
    };
    // A top-cut match must have a winner: a level one goes to the Berlin
    // tie-break, and level after it to the organiser's decider.
    let playoff = change.tx().round(m.round_id).await?.is_some_and(|r| r.playoff);
    let mut state = PairingState::Confirmed;
    if playoff && result == MatchResult::Draw {
        match knockout(&m, &games, &members, &t) {
            Some(true) => result = MatchResult::P1Win,
            Some(false) => result = MatchResult::P2Win,
            None => state = PairingState::Disputed,
        }
    }
    if m.state == state && m.result == Some(result) {
        return Ok(());
    }
    if state == PairingState::Disputed {
        // Awaiting the organiser's decider: `POST /api/pairings/{id}/override`
        // on the match with its `winner` (the bracket's rule for a level game).
        m.result = None;
        m.state = state;
        change.tx().update_pairing(&m).await?;
        let teams = change.tx().players_in(&[m.player1_id, m.player2_id.unwrap_or(m.player1_id)]).await?;
        let view = views::pairing(&m, &roster(&teams));
        return change.emit(EventData::ResultDisputed { pairing: view }).await;
    }
    m.result = Some(result);
    m.state = PairingState::Confirmed;
    m.reported_at = Some(now_millis());
    m.to_override = games.iter().any(|g| g.to_override);
    change.tx().update_pairing(&m).await?;
    let teams = change.tx().players_in(&[m.player1_id, m.player2_id.unwrap_or(m.player1_id)]).await?;
    let view = views::pairing(&m, &roster(&teams));
    change.emit(EventData::ResultConfirmed { pairing: view }).await?;
    // The team standings count decided matches: they change now (live
    // standings windows and players' lines are recomputed on this marker).
    let round = change.tx().round(m.round_id).await?.map(|r| r.number);
    let cause = StandingsCause { cause: Cause::ResultConfirmed, round, pairing_id: Some(m.id) };
    change.emit(EventData::StandingsChanged(cause)).await
}

/// Who won a level top-cut match by the Berlin tie-break
/// ([`arbiter_engine::teams::knockout::decide`]): `Some(true)` the match's
/// first team, `Some(false)` its second, `None` still level.
fn knockout(m: &Pairing, games: &[Pairing], members: &[Player], t: &Tournament) -> Option<bool> {
    let boards = super::chess_event::boards_of(t);
    let team_of: HashMap<PlayerId, (PlayerId, usize)> = members
        .iter()
        .filter_map(|p| p.kind.team().map(|team| (p.id, (team, super::chess_event::seat(p) as usize))))
        .collect();
    let refs: Vec<&Pairing> = games.iter().collect();
    let tm = super::chess_event::team_match(m, TeamNo(1), TeamNo(2), &refs, &team_of, boards);
    let results: Vec<(usize, arbiter_engine::teams::boards::BoardResult)> = (1..).zip(tm.boards).collect();
    arbiter_engine::teams::knockout::decide(boards, &results).first_won()
}

/// The game points of (the match's first team, its second) from its
/// confirmed games.
fn game_points(m: &Pairing, games: &[Pairing], members: &[Player], t: &Tournament) -> (Points, Points) {
    let s = scoring(t);
    let mut out = (Points::ZERO, Points::ZERO);
    for g in games.iter().filter(|g| g.state == PairingState::Confirmed) {
        let p1_first = members.iter().find(|p| p.id == g.player1_id).and_then(|p| p.kind.team()) == Some(m.player1_id);
        let (a, b) = match g.result {
            Some(MatchResult::P1Win | MatchResult::P1WinForfeit | MatchResult::Bye) => (s.game_win, Points::ZERO),
            Some(MatchResult::P2Win | MatchResult::P2WinForfeit) => (Points::ZERO, s.game_win),
            Some(MatchResult::Draw) => (s.game_draw, s.game_draw),
            _ => (Points::ZERO, Points::ZERO),
        };
        let (a, b) = if p1_first { (a, b) } else { (b, a) };
        out = (out.0 + a, out.1 + b);
    }
    out
}

/// Points as shown: `2`, `2.5`.
fn shown(p: Points) -> String {
    let s = p.to_string();
    s.strip_suffix(".0").map_or(s.clone(), str::to_string)
}

/// A tie-break value (hundredths) as shown: `12`, `7.5`, `6.25`.
fn shown_tie(v: TieValue) -> String {
    let (whole, frac) = (v.0 / 100, (v.0 % 100).abs());
    match frac {
        0 => whole.to_string(),
        f if f % 10 == 0 => format!("{whole}.{}", f / 10),
        f => format!("{whole}.{f:02}"),
    }
}

fn team_ref(p: &Player) -> TeamRef {
    TeamRef { id: p.id, name: p.display_name.clone(), pairing_no: p.pairing_no }
}

fn board_player(p: Option<&Player>, id: PlayerId) -> BoardPlayer {
    BoardPlayer {
        id,
        name: p.map_or_else(String::new, |p| p.display_name.clone()),
        rating: p.and_then(|p| p.profile.rating),
    }
}

/// The matches of round `round_id` of a chess team event, with their boards
/// and scores (`GET /api/rounds/{id}/matches`).
///
/// # Errors
/// 404 `round_not_found` (or a round not yet published to this viewer);
/// 409 `not_a_team_event` when the event is not a chess team event.
pub async fn matches(ctx: &Ctx, viewer: Option<&User>, round_id: RoundId) -> ApiResult<Vec<TeamMatchView>> {
    let tx = ctx.store.read().await?;
    let round = tx.round(round_id).await?.ok_or_else(crate::service::round_not_found)?;
    let t = crate::service::visible(&tx, round.tournament_id, viewer).await?;
    require_chess_teams(&t)?;
    if round.status == RoundStatus::Pending {
        return Ok(Vec::new());
    }
    let ev = ChessTeams::read(&tx, t).await?;
    drop(tx);
    let by_id: HashMap<PlayerId, &Player> = ev.teams.iter().chain(&ev.members).map(|p| (p.id, p)).collect();
    let s = scoring(&ev.t);
    let mut out = Vec::new();
    for m in ev.matches.iter().filter(|m| m.round_id == round_id) {
        let Some(first) = by_id.get(&m.player1_id) else { continue };
        let games: Vec<Pairing> =
            ev.games.iter().filter(|g| g.in_match.is_some_and(|b| b.match_id == m.id)).cloned().collect();
        let (a, b) =
            if m.is_bye() { (s.bye_game_points, Points::ZERO) } else { game_points(m, &games, &ev.members, &ev.t) };
        let points = |r: MatchResult| match r {
            MatchResult::P1Win => (s.match_win, s.match_loss),
            MatchResult::P2Win => (s.match_loss, s.match_win),
            MatchResult::Bye => (s.bye_match_points, Points::ZERO),
            _ => (s.match_draw, s.match_draw),
        };
        let mp = m.result.filter(|_| m.state == PairingState::Confirmed).map(points);
        let mut boards: Vec<BoardGameView> = games
            .iter()
            .map(|g| BoardGameView {
                board: g.in_match.map_or(0, |b| b.board),
                pairing_id: g.id,
                white: board_player(by_id.get(&g.player1_id).copied(), g.player1_id),
                black: g.player2_id.map(|id| board_player(by_id.get(&id).copied(), id)),
                result: g
                    .score
                    .and_then(|s| match s {
                        GameScore::Chess { result } => Some(result),
                        _ => None,
                    })
                    .or_else(|| {
                        (g.result == Some(MatchResult::P1WinForfeit)).then_some(ChessResult::WhiteWinsByForfeit)
                    })
                    .map(Into::into),
                state: g.state,
            })
            .collect();
        boards.sort_by_key(|b| b.board);
        out.push(TeamMatchView {
            id: m.id,
            round_id,
            number: m.table_number,
            first: team_ref(first),
            second: m.player2_id.and_then(|id| by_id.get(&id)).map(|p| team_ref(p)),
            first_game_points: shown(a),
            second_game_points: shown(b),
            first_match_points: mp.map(|p| shown(p.0)),
            second_match_points: mp.filter(|_| !m.is_bye()).map(|p| shown(p.1)),
            state: m.state,
            boards,
        });
    }
    out.sort_by_key(|m| if m.number == 0 { u32::MAX } else { m.number });
    Ok(out)
}

/// 409 `not_a_team_event` unless `t` is a chess team event.
fn require_chess_teams(t: &Tournament) -> ApiResult<()> {
    if is_chess_teams(t) {
        Ok(())
    } else {
        Err(ApiError::conflict(Code::WrongStatus, "This is not a chess team event: it has no team matches or boards."))
    }
}

/// The team standings after the confirmed matches of rounds up to
/// `after_round` (all with `None`): one row per team, the columns MP
/// (primary), GP, SB (EMGSB) and BH (Buchholz of match points). A row's
/// `wins`/`losses`/`draws` count matches, `byes` the pairing-allocated byes.
#[must_use]
pub fn standings(ev: &ChessTeams, after_round: Option<u32>) -> (Vec<StandingView>, StandingsMeta) {
    let (numbers, _) = ev.numbers();
    let before = after_round.map(|n| n + 1);
    let rounds = ev.engine_rounds(&numbers, before, true);
    let s = scoring(&ev.t);
    let entrants: Vec<&Player> = ev.teams.iter().filter(|p| !p.removed).collect();
    let nos: Vec<TeamNo> = entrants.iter().filter_map(|p| numbers.get(&p.id).copied()).collect();
    let by_no: HashMap<TeamNo, &Player> =
        entrants.iter().filter_map(|p| numbers.get(&p.id).map(|n| (*n, *p))).collect();
    let lines = team_standings(&nos, &rounds, &s, &default_tie_breaks());
    let rows = lines
        .iter()
        .zip(1u32..)
        .filter_map(|(line, position)| {
            let p = by_no.get(&line.team)?;
            let (mut w, mut l, mut d, mut byes) = (0, 0, 0, 0);
            for r in &rounds {
                if r.bye == Some(line.team) {
                    byes += 1;
                }
                for m in r.matches.iter().filter(|m| m.first == line.team || m.second == line.team) {
                    let (a, b) = m.match_points(&s);
                    let (own, other) = if m.first == line.team { (a, b) } else { (b, a) };
                    match own.cmp(&other) {
                        std::cmp::Ordering::Greater => w += 1,
                        std::cmp::Ordering::Less => l += 1,
                        std::cmp::Ordering::Equal => d += 1,
                    }
                }
            }
            Some(StandingView {
                rank: line.rank,
                position,
                player_id: p.id,
                display_name: p.display_name.clone(),
                faction: String::new(),
                wins: w,
                losses: l,
                draws: d,
                byes,
                vp_for: 0,
                vp_against: 0,
                margin: 0,
                sos: 0.0,
                sos_exact: "0/1".into(),
                dropped: p.dropped || p.removed,
                score: shown(line.match_points),
                values: line.tie_breaks.iter().map(|v| shown_tie(*v)).collect(),
                tie: None,
                tie_reason: None,
                pool: None,
                pool_rank: None,
                adjustments: Vec::new(),
            })
        })
        .collect();
    let col = |code: &str, name: &str, key: ColumnKey| ColumnView {
        code: code.into(),
        name: name.into(),
        key: key.into(),
        modifier: None,
    };
    let meta = StandingsMeta {
        game: ev.t.game,
        primary: Some(col("MP", "Match points", ColumnKey::Points)),
        columns: vec![
            col("GP", "Game points", ColumnKey::GamePoints),
            col(
                "SB",
                "Sonneborn-Berger for teams (match points of opponents × game points)",
                ColumnKey::SonnebornBerger,
            ),
            col("BH", "Buchholz (opponents' match points)", ColumnKey::Buchholz),
        ],
        ..StandingsMeta::default()
    };
    (rows, meta)
}

/// `GET …/standings` on a chess team event: the team standings now, or
/// after round `after_round`, and the rounds they count.
///
/// # Errors
/// 400 `invalid_query` for a round not yet paired; 503 when the database is down.
pub async fn read_standings(
    ctx: &Ctx,
    t: Tournament,
    after_round: Option<u32>,
) -> ApiResult<(usize, Vec<StandingView>, StandingsMeta)> {
    let tx = ctx.store.read().await?;
    let ev = ChessTeams::read(&tx, t).await?;
    drop(tx);
    let played = ev.rounds.iter().filter(|r| !r.playoff && r.status != RoundStatus::Pending).count();
    if let Some(n) = after_round {
        if n == 0 || n as usize > played {
            return Err(ApiError::bad_request(Code::InvalidQuery, "")
                .text("refusal-query-after-round", [("played", crate::error::Fill::from(&played))]));
        }
    }
    let (rows, meta) = standings(&ev, after_round);
    Ok((after_round.map_or(played, |n| n as usize), rows, meta))
}

/// The default minimum of games for a board prize: two thirds of the rounds
/// with results, rounded up (at least 1).
#[must_use]
pub fn default_min_games(rounds_played: usize) -> u32 {
    u32::try_from(rounds_played.saturating_mul(2).div_ceil(3)).unwrap_or(u32::MAX).max(1)
}

/// Every member's board line of a chess team event from its confirmed Swiss
/// matches ([`board_results`]): the member's registration with the board,
/// games over the board and points.
#[must_use]
pub fn member_boards(ev: &ChessTeams) -> Vec<(PlayerId, arbiter_engine::teams::board_prizes::BoardLine)> {
    let (numbers, _) = ev.numbers();
    let rounds = ev.engine_rounds(&numbers, None, true);
    let team_of: HashMap<TeamNo, &Player> =
        ev.teams.iter().filter_map(|p| numbers.get(&p.id).map(|n| (*n, p))).collect();
    board_results(&rounds, &scoring(&ev.t))
        .into_iter()
        .filter_map(|line| {
            let team = team_of.get(&line.team)?;
            let m = ev.members_of(team.id).into_iter().find(|m| super::chess_event::seat(m) as usize == line.member)?;
            Some((m.id, line))
        })
        .collect()
}

/// Board results and board prizes of a chess team event
/// (`GET /api/tournaments/{id}/boards?min_games=N`): every board's players
/// from the confirmed matches, best percentage first, and the board prize
/// among those with at least `min_games` games (default
/// [`default_min_games`]). Returns the minimum used and the boards.
///
/// # Errors
/// 404 for an unknown tournament; 409 `wrong_status` when it is not a chess team event.
pub async fn boards(
    ctx: &Ctx,
    viewer: Option<&User>,
    id: TournamentId,
    min_games: Option<u32>,
) -> ApiResult<(u32, Vec<BoardView>)> {
    let tx = ctx.store.read().await?;
    let t = crate::service::visible(&tx, id, viewer).await?;
    require_chess_teams(&t)?;
    let ev = ChessTeams::read(&tx, t).await?;
    drop(tx);
    let (numbers, _) = ev.numbers();
    let rounds = ev.engine_rounds(&numbers, None, true);
    let played = rounds.iter().filter(|r| !r.matches.is_empty()).count();
    let min = min_games.unwrap_or_else(|| default_min_games(played));
    let lines = board_results(&rounds, &scoring(&ev.t));
    let team_of: HashMap<TeamNo, &Player> =
        ev.teams.iter().filter_map(|p| numbers.get(&p.id).map(|n| (*n, p))).collect();
    let member = |team: TeamNo, index: usize| -> Option<&Player> {
        let t = team_of.get(&team)?;
        ev.members_of(t.id).into_iter().find(|m| super::chess_event::seat(m) as usize == index)
    };
    let rating = |team: TeamNo, index: usize| member(team, index).and_then(|m| m.profile.rating).unwrap_or(UNRATED);
    let prizes = board_prizes(&lines, min);
    let mut out: Vec<BoardView> = Vec::new();
    for line in &lines {
        let (Some(team), Some(m)) = (team_of.get(&line.team), member(line.team, line.member)) else { continue };
        let board = u32::try_from(line.board).unwrap_or(u32::MAX);
        if out.last().is_none_or(|b| b.board != board) {
            let prize = prizes
                .iter()
                .find(|(b, _)| *b == line.board)
                .map(|(_, winners)| {
                    winners.iter().filter_map(|w| member(w.team, w.member).map(|m| m.id)).collect::<Vec<_>>()
                })
                .unwrap_or_default();
            out.push(BoardView { board, lines: Vec::new(), prize });
        }
        if let Some(b) = out.last_mut() {
            b.lines.push(BoardLineView {
                player_id: m.id,
                name: m.display_name.clone(),
                team: team_ref(team),
                games: line.games,
                points: shown(line.points),
                percentage: (line.percentage() * 10.0).round() / 10.0,
                forfeit_wins: line.forfeit_wins,
                performance: performance(line, rating),
            });
        }
    }
    for b in &mut out {
        // Best percentage first, then more games, then name.
        b.lines.sort_by(|x, y| {
            y.percentage.total_cmp(&x.percentage).then(y.games.cmp(&x.games)).then(x.name.cmp(&y.name))
        });
    }
    Ok((min, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_shown_without_trailing_zeros() {
        assert_eq!(shown(Points::whole(2)), "2");
        assert_eq!(shown(Points::HALF * 5), "2.5");
        assert_eq!(shown_tie(TieValue(1200)), "12");
        assert_eq!(shown_tie(TieValue(750)), "7.5");
        assert_eq!(shown_tie(TieValue(625)), "6.25");
    }

    #[test]
    fn board_prizes_need_two_thirds_of_the_rounds_by_default() {
        assert_eq!(default_min_games(0), 1);
        assert_eq!(default_min_games(3), 2);
        assert_eq!(default_min_games(5), 4);
        assert_eq!(default_min_games(9), 6);
    }
}
