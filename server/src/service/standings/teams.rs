//! A 40K team event's team standings (issue 25, point 2): the team matches
//! that count, the engine's team standings, and their rows in the singles
//! shape. Pairing by them is [`crate::service::lifecycle::pairing::team_swiss`].

use crate::domain::{
    GameScore, MatchResult, Pairing, PairingState, Player, PlayerId, Round, RoundId, Sheet, TeamFormat, TeamRules,
    Tournament,
};
use crate::error::{ApiError, ApiResult, Code};
use arbiter_engine::model::Outcome;
use arbiter_engine::wh40k_teams::swiss::{self, ByeScore, TeamMatch, TeamStanding, TeamSwissConfig};
use arbiter_engine::wh40k_teams::TeamSize;
use std::collections::HashMap;

/// The team rules of `t` when it is a 40K team event.
#[must_use]
pub fn rules(t: &Tournament) -> Option<&TeamRules> {
    t.teams.as_ref().filter(|r| r.format == TeamFormat::Wh40k)
}

/// The engine's team size for `rules` (5 or 8 players).
///
/// # Errors
/// 409 `cannot_pair` for any other size (creation refuses them).
pub fn team_size(rules: &TeamRules) -> ApiResult<TeamSize> {
    match rules.size {
        5 => Ok(TeamSize::Five),
        8 => Ok(TeamSize::Eight),
        n => Err(ApiError::conflict(Code::CannotPair, format!("A 40K team event fields 5 or 8 players, not {n}."))),
    }
}

/// What a team bye scores in this event.
#[must_use]
pub fn bye_score(rules: &TeamRules) -> ByeScore {
    let size = if rules.size == 8 { TeamSize::Eight } else { TeamSize::Five };
    ByeScore::seed_default(size, &rules.conversion)
}

/// The team matches and byes that count, as the engine reads them: every
/// final team match of a Swiss round (`pairings`: team matches, no games).
#[must_use]
pub fn team_matches(rules: &TeamRules, rounds: &[Round], pairings: &[Pairing]) -> Vec<TeamMatch<PlayerId>> {
    let number: HashMap<RoundId, u32> = rounds.iter().filter(|r| !r.playoff).map(|r| (r.id, r.number)).collect();
    pairings
        .iter()
        .filter(|p| p.state == PairingState::Confirmed)
        .filter_map(|p| {
            let round = *number.get(&p.round_id)?;
            let Some(team_b) = p.player2_id else {
                return Some(TeamMatch::bye(round, p.player1_id, bye_score(rules)));
            };
            let (points_a, points_b) = match p.score {
                Some(GameScore::Wh40k { player1_vp, player2_vp }) => (player1_vp, player2_vp),
                _ => (0, 0),
            };
            let outcome = match p.result? {
                MatchResult::P1Win | MatchResult::P1WinForfeit => Outcome::Win,
                MatchResult::P2Win | MatchResult::P2WinForfeit | MatchResult::DoubleForfeit => Outcome::Loss,
                _ => Outcome::Draw,
            };
            Some(TeamMatch { round, team_a: p.player1_id, team_b: Some(team_b), points_a, points_b, outcome })
        })
        .collect()
}

/// The team standings, best first ([`swiss::team_standings`] with the
/// default tie-break, strength of schedule): `teams` in registration order.
#[must_use]
pub fn standings(
    rules: &TeamRules,
    teams: &[Player],
    rounds: &[Round],
    pairings: &[Pairing],
) -> Vec<TeamStanding<PlayerId>> {
    let ids: Vec<PlayerId> = teams.iter().filter(|p| !p.removed).map(|p| p.id).collect();
    swiss::team_standings(&ids, &team_matches(rules, rounds, pairings), &TeamSwissConfig::default().tie_breaks)
}

/// The standings rows of a 40K team event in the singles shape: one row per
/// team (`rows`, as the singles table computed them, keyed by the team
/// row), ordered and counted by the team standings ([`standings`]): wins,
/// losses and draws are team match results, `vp_for`/`vp_against` the game
/// points scored and conceded, `margin` their difference, `sos` the
/// opponents' match wins.
#[must_use]
pub fn standing_rows(
    rules: &TeamRules,
    sheet: &Sheet,
    rows: &[arbiter_web::views::StandingView],
) -> Vec<arbiter_web::views::StandingView> {
    let mut out = Vec::new();
    for (line, place) in standings(rules, &sheet.entrants, &sheet.rounds, &sheet.pairings).iter().zip(1u32..) {
        let Some(mut row) = rows.iter().find(|r| r.player_id == line.team).cloned() else { continue };
        row.rank = place;
        row.position = place;
        row.wins = line.record.wins;
        row.losses = line.record.losses;
        row.draws = line.record.draws;
        row.vp_for = u64::from(line.game_points);
        row.vp_against = u64::from(line.game_points_against);
        row.margin = i64::from(line.game_points) - i64::from(line.game_points_against);
        row.sos = f64::from(line.strength_of_schedule);
        row.sos_exact = line.strength_of_schedule.to_string();
        row.tie = None;
        row.tie_reason = None;
        out.push(row);
    }
    out
}
