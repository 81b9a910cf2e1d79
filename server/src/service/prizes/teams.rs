//! The prize standings of a team event (issue 25, point 6): the engine's
//! lines are the teams' rows, ranked by the team standings (a finished top
//! cut first, by its places), then the teams' players, each with their own
//! figures for the individual awards.
//!
//! Who may take what is the engine's rule ([`arbiter_engine::prizes::Entrant`]):
//! a category ranked by the standings is a team category, paid to the
//! team's row (the team's own registration), never to its players; a
//! category ranked by a score (`game_points`, `board_percentage`) is an
//! individual award to a player.
//!
//! - **Teams**: a 40K team event by [`crate::service::standings::teams`]
//!   (rank = place; score = match wins, the standings' first key, so teams
//!   level on wins are level for money); a chess team event by its team
//!   standings (rank as shown; score = match points).
//! - **Players**: ranked below every team, with a score below every team's,
//!   so no player is ever tied with a team for money. A 40K player's
//!   `game_points` are the sum of their games' converted scores (the
//!   event's conversion table, 0–20 a game on the WTC's), with the number of
//!   games; a chess player's are their board points in half-points (forfeits
//!   left out), with their board, games over the board and percentage
//!   (tenths of a percent), as the board prizes count them.
//!
//! Which games count: an individual award counts every game the player
//! played in the event, the top cut's included: that is what "best player
//! of the event" means to a TO and to the players (a player who carried
//! their team through the semifinal played for the award too). A category
//! ranked by `swiss_game_points` says otherwise and counts the Swiss rounds
//! only. Board prizes (`board_percentage`) stay with the Swiss: they compare
//! the players of one board over the same rounds, as the Olympiad's do.

use super::inputs::{cut_first, finish, line};
use crate::domain::{GameScore, MatchResult, PairingState, Player, PlayerId, PrizeConfig, RoundId, RunInputs, Sheet};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::standings::teams as wh40k;
use crate::service::teams::{chess_event, chess_results};
use crate::store::Tx;
use arbiter_engine::model::Points;
use arbiter_engine::prizes::{Entrant, ManualOverride};
use std::collections::{HashMap, HashSet};

/// A player's figures for the individual awards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Figures {
    game_points: i64,
    swiss_game_points: i64,
    games: u32,
    board: Option<u32>,
    board_percentage: Option<i64>,
}

/// The team event's lines: each team row with its rank, score and score as
/// shown, best first; each player's figures.
struct Lines {
    teams: Vec<(PlayerId, u32, Points, String)>,
    figures: HashMap<PlayerId, Figures>,
}

/// A 40K team event's lines.
fn wh40k_lines(sheet: &Sheet, games: &[crate::domain::Pairing]) -> Option<Lines> {
    let rules = wh40k::rules(&sheet.tournament)?;
    let standings = wh40k::standings(rules, &sheet.entrants, &sheet.rounds, &sheet.pairings);
    let teams = standings
        .iter()
        .zip(1u32..)
        .map(|(l, place)| {
            let r = &l.record;
            (
                l.team,
                place,
                Points::whole(i32::try_from(r.wins).unwrap_or(i32::MAX)),
                format!("{}-{}-{}", r.wins, r.losses, r.draws),
            )
        })
        .collect();
    let swiss: HashSet<RoundId> = sheet.rounds.iter().map(|r| r.id).collect();
    let cut: HashSet<RoundId> = sheet.playoff_rounds.iter().map(|r| r.id).collect();
    let mut figures: HashMap<PlayerId, Figures> = HashMap::new();
    for g in games.iter().filter(|g| g.state == PairingState::Confirmed) {
        let in_swiss = swiss.contains(&g.round_id);
        if !in_swiss && !cut.contains(&g.round_id) {
            continue;
        }
        let (Some(GameScore::Wh40k { player1_vp, player2_vp }), Some(p2)) = (g.score, g.player2_id) else { continue };
        let (a, b) = rules.conversion.convert(player1_vp, player2_vp);
        for (p, pts) in [(g.player1_id, a), (p2, b)] {
            let f = figures.entry(p).or_default();
            f.game_points += i64::from(pts);
            if in_swiss {
                f.swiss_game_points += i64::from(pts);
            }
            f.games += 1;
        }
    }
    Some(Lines { teams, figures })
}

/// A chess team event's lines: the Swiss from its board results, then each
/// top-cut game's board points (confirmed, played over the board: a
/// forfeit counts none) added to `game_points` (not to the Swiss figures
/// the board prizes read).
async fn chess_lines(tx: &Tx, sheet: &Sheet, games: &[crate::domain::Pairing]) -> ApiResult<Option<Lines>> {
    if !chess_event::is_chess_teams(&sheet.tournament) {
        return Ok(None);
    }
    let ev = chess_event::ChessTeams::read(tx, sheet.tournament.clone()).await?;
    let (rows, _) = chess_results::standings(&ev, None);
    let teams = rows
        .iter()
        .map(|r| {
            let tenths = r.score.parse::<f64>().map_or(0, |v| (v * 10.0).round() as i32);
            (r.player_id, r.rank, Points::from_tenths(tenths), r.score.clone())
        })
        .collect();
    let mut figures = HashMap::new();
    for (member, l) in chess_results::member_boards(&ev) {
        let halves = l.points.tenths() / 5;
        figures.insert(
            member,
            Figures {
                game_points: i64::from(halves),
                swiss_game_points: i64::from(halves),
                games: l.games,
                board: u32::try_from(l.board).ok(),
                board_percentage: (l.games > 0).then(|| (l.percentage() * 10.0).round() as i64),
            },
        );
    }
    let cut: HashSet<RoundId> = sheet.playoff_rounds.iter().map(|r| r.id).collect();
    for g in games.iter().filter(|g| g.state == PairingState::Confirmed && cut.contains(&g.round_id)) {
        let Some(p2) = g.player2_id else { continue };
        let halves = match g.result {
            Some(MatchResult::P1Win) => (2, 0),
            Some(MatchResult::P2Win) => (0, 2),
            Some(MatchResult::Draw) => (1, 1),
            _ => continue,
        };
        // `games` stays the Swiss count: a board prize's minimum counts the
        // games its percentage is made of.
        for (p, h) in [(g.player1_id, halves.0), (p2, halves.1)] {
            figures.entry(p).or_default().game_points += h;
        }
    }
    Ok(Some(Lines { teams, figures }))
}

/// The run's inputs of a team event (see the module docs); `None` for a
/// singles event (or crokinole doubles, whose teams take prizes as singles).
///
/// # Errors
/// 409 `no_results` before any team match counts; 503 when the database is down.
pub async fn prize_event(
    tx: &Tx,
    sheet: &Sheet,
    config: &PrizeConfig,
    overrides: Vec<ManualOverride>,
    playoff: Option<&[(PlayerId, u32)]>,
) -> ApiResult<Option<RunInputs>> {
    let t = &sheet.tournament;
    let games = tx.games_of_tournament(t.id).await?;
    let lines = match wh40k_lines(sheet, &games) {
        Some(l) => l,
        None => match chess_lines(tx, sheet, &games).await? {
            Some(l) => l,
            None => return Ok(None),
        },
    };
    if !sheet.started() {
        return Err(ApiError::conflict(
            Code::NoResults,
            "No team match counts yet: prizes are allocated from the team standings once results are in.",
        ));
    }
    let mut ranked: Vec<(usize, u32, Points)> = lines.teams.iter().enumerate().map(|(i, l)| (i, l.1, l.2)).collect();
    if let Some(places) = playoff.filter(|p| !p.is_empty()) {
        ranked = cut_first(ranked, places, |i| lines.teams.get(i).map(|l| l.0));
    }
    let by_id: HashMap<PlayerId, &Player> = sheet.entrants.iter().map(|p| (p.id, p)).collect();
    let (mut entrants, mut players) = (Vec::new(), Vec::new());
    let mut lowest = i32::MAX;
    let mut last_rank = 0;
    for (i, rank, score) in ranked {
        let Some(team) = lines.teams.get(i).and_then(|l| by_id.get(&l.0)).filter(|p| !p.removed) else { continue };
        let (e, mut p) = line(team, rank, score, lines.teams[i].3.clone());
        p.entrant = Some(Entrant::Team);
        lowest = lowest.min(score.tenths());
        last_rank = last_rank.max(rank);
        entrants.push(e);
        players.push(p);
    }
    // The teams' players: below every team, for the individual awards only.
    // Members are numbered apart from teams: their engine numbers follow the
    // highest team's registration number.
    let offset = sheet.entrants.iter().map(|p| p.registration_no).max().unwrap_or(0);
    let members = tx.members(t.id).await?;
    let below = Points::from_tenths(lowest.min(0).saturating_sub(10));
    for m in members.iter().filter(|m| !m.removed && m.kind.team().is_some_and(|t| by_id.contains_key(&t))) {
        let f = lines.figures.get(&m.id).copied().unwrap_or_default();
        let (mut e, mut p) = line(m, last_rank.saturating_add(1), below, format!("{}", f.game_points));
        e.no = arbiter_engine::model::PlayerNo(offset.saturating_add(m.registration_no));
        p.id = e.no;
        p.entrant = Some(Entrant::Member);
        let played = f.games > 0 || f.game_points > 0;
        p.game_points = played.then_some(f.game_points);
        p.swiss_game_points = (f.games > 0).then_some(f.swiss_game_points);
        p.games = Some(f.games);
        p.board = f.board;
        p.board_percentage = f.board_percentage;
        entrants.push(e);
        players.push(p);
    }
    finish(t, config, overrides, entrants, players).map(Some)
}
