//! A 40K team event's rounds and match scores (issue 25, point 2).
//!
//! - **Pairing** (`POST /api/rounds/{id}/pairings` on a 40K team event): the
//!   entrants are the team rows. Round 1 is drawn by
//!   [`swiss::pair_first_round`] from the event's recorded seed (the
//!   tournament's `round_one` seed when the TO set a random draw, otherwise
//!   the low 64 bits of the tournament's id, which never changes: the same
//!   event and teams always give the same draw). Later rounds pair by team
//!   record with [`swiss::pair_next_round`] (team wins, then game points,
//!   then strength of schedule, then registration; no rematches; a team bye
//!   when the number of teams is odd, scored as [`ByeScore::seed_default`]).
//! - **The process**: each team match gets its captains' process
//!   ([`TeamProcess`]): team A is the match's player 1; each team's roster is
//!   its lineup for the round, or its regular players in seat order.
//! - **The games**: when a process finishes, its games are created in the
//!   order the process set them, boards 1.., at table
//!   `(match table − 1) × team size + board` (match table 1 of five-player
//!   teams plays on tables 1–5, match table 2 on 6–10, …).
//! - **The match score**: each game that counts (confirmed, or set by the TO)
//!   is converted by the event's [`ConversionTable`](arbiter_engine::wh40k_teams::scoring::ConversionTable)
//!   (WTC by default); the match pairing's score is the sum for each team
//!   (stored as its two "VP"), and once every game counts its result is the
//!   event's [`MatchRule`](arbiter_engine::wh40k_teams::scoring::MatchRule)
//!   decision and the match is final. In a top-cut round a level match is
//!   not final: it is DISPUTED until the organiser records the winner of the
//!   event's tiebreaker (overriding the match with its `winner`, as for any
//!   level playoff game).

use crate::bus::{Cause, EventData, StandingsCause};
use crate::domain::{
    now_millis, GameScore, MatchBoard, MatchResult, Pairing, PairingId, PairingState, Player, PlayerId, RoundId,
    TeamProcess, TeamRules, Tournament,
};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::standings::teams::{rules, team_size};
use crate::service::views::{self, roster};
use crate::service::Change;
use arbiter_engine::model::Outcome;
use arbiter_engine::wh40k_teams::captains::{self, State};

/// The members who play for `team` in round `round`: its lineup for the
/// round if its captain (or the TO) set one, else its regular players (not
/// reserves, not removed) in seat order ([`super::lineup::lineup`]).
///
/// # Errors
/// 503 when the database is down.
pub async fn playing(change: &Change, team: &Player, round: u32) -> ApiResult<Vec<PlayerId>> {
    let (_, members) = super::lineup::lineup(change.tx(), team, round).await?;
    Ok(members.iter().map(|m| m.id).collect())
}

/// Opens the captains' process of every team match of round `round`, just
/// published, without committing.
///
/// # Errors
/// 409 `cannot_pair` when a team does not field the team size (or fields a
/// player twice); 503 when the database is down.
pub async fn open_processes(change: &Change, rules: &TeamRules, round: RoundId) -> ApiResult<()> {
    let size = team_size(rules)?;
    let now = now_millis();
    let matches = change.tx().pairings_of_round(round).await?;
    let number = change.tx().round(round).await?.map_or(1, |r| r.number);
    let teams = change.tx().players(change.tournament().id).await?;
    let team = |id: PlayerId| teams.iter().find(|p| p.id == id).ok_or_else(|| ApiError::internal("a match of no team"));
    let name =
        |id: PlayerId| teams.iter().find(|p| p.id == id).map_or_else(|| id.to_string(), |p| p.display_name.clone());
    for m in matches {
        let Some(team_b) = m.player2_id else { continue };
        let rosters =
            [playing(change, team(m.player1_id)?, number).await?, playing(change, team(team_b)?, number).await?];
        if let Err(e) = State::new(size, rosters[0].clone(), rosters[1].clone(), rules.table_choice) {
            let team = match e {
                captains::RosterError::WrongSize { side: captains::Side::B, .. } => name(team_b),
                _ => name(m.player1_id),
            };
            return Err(ApiError::conflict(
                Code::CannotPair,
                format!(
                    "The round cannot be paired: {team} must field exactly {} regular players for the captains' pairing ({e}).",
                    rules.size
                ),
            ));
        }
        let mut process = TeamProcess {
            match_id: m.id,
            tournament_id: m.tournament_id,
            rosters,
            table_choice: rules.table_choice,
            actions: Vec::new(),
            step_started_at: now,
            updated_at: now,
            expires_at: None,
        };
        let phase = replay(rules, &process)?.phase();
        arm_timer(&mut process, rules, phase);
        change.tx().put_team_process(&process).await?;
    }
    Ok(())
}

/// The process of `process` as the engine rebuilds it: the rosters, then
/// every logged action replayed.
///
/// # Errors
/// 500 when the stored log no longer replays (it was written by this code,
/// each action checked, so it always does).
pub fn replay(rules: &TeamRules, process: &TeamProcess) -> ApiResult<State<PlayerId>> {
    let size = team_size(rules)?;
    let [a, b] = process.rosters.clone();
    let initial = State::new(size, a, b, process.table_choice).map_err(ApiError::internal)?;
    let actions: Vec<captains::Action<PlayerId>> = process.actions.iter().map(|l| l.action).collect();
    State::replay(&initial, &actions).map_err(|(i, r)| ApiError::internal(format!("action {i} of the log: {r}")))
}

/// Sets the step timer's announcement for a step that just started (at
/// `process.step_started_at`) in `phase`: due at the start plus the event's
/// `step_seconds` when the step takes the captains' choices (defenders,
/// attackers, choices), none while the process waits for the TO's roll-off
/// or is finished.
pub fn arm_timer(process: &mut TeamProcess, rules: &TeamRules, phase: captains::Phase) {
    let timed = matches!(phase, captains::Phase::Defenders | captains::Phase::Attackers | captains::Phase::Choices);
    process.expires_at = timed.then(|| process.step_started_at + i64::from(rules.step_seconds) * 1000);
}

/// Creates and publishes the games of team match `team_match` from its
/// finished process (see the module docs for boards and tables), without
/// committing. Returns the games.
///
/// # Errors
/// 503 when the database is down.
pub async fn create_games(
    change: &mut Change,
    rules: &TeamRules,
    team_match: &Pairing,
    games: &[captains::Pairing<PlayerId>],
) -> ApiResult<Vec<Pairing>> {
    let Some(round) = change.tx().round(team_match.round_id).await? else {
        return Err(ApiError::internal("a team match without its round"));
    };
    let now = now_millis();
    let first_table = team_match.table_number.saturating_sub(1).saturating_mul(rules.size);
    let rows: Vec<Pairing> = (1u32..)
        .zip(games)
        .map(|(board, g)| {
            let mut p = Pairing::unreported(&round, first_table + board, g.player_a, Some(g.player_b), now);
            p.in_match = Some(MatchBoard { match_id: team_match.id, board });
            p
        })
        .collect();
    change.tx().insert_pairings(&rows).await?;
    let ids: Vec<PlayerId> = rows.iter().flat_map(|p| std::iter::once(p.player1_id).chain(p.player2_id)).collect();
    let names = roster(&change.tx().players_in(&ids).await?);
    let views = rows.iter().map(|p| views::pairing(p, &names)).collect();
    change.emit(EventData::MatchGamesPaired { match_id: team_match.id, games: views }).await?;
    Ok(rows)
}

/// A game of team match `match_id` counted (or its result changed): the
/// match is scored again from its games (see the module docs) and, once
/// every game counts, its result is final and the standings follow.
/// Without committing.
///
/// # Errors
/// 503 when the database is down.
pub async fn game_counted(change: &mut Change, t: &mut Tournament, match_id: PairingId) -> ApiResult<()> {
    let Some(rules) = rules(t).cloned() else { return Ok(()) };
    let Some(mut m) = change.tx().pairing(match_id).await? else { return Ok(()) };
    let games = change.tx().games_of_match(match_id).await?;
    let counted: Vec<(u32, u32)> = games
        .iter()
        .filter(|g| g.state == PairingState::Confirmed)
        .filter_map(|g| match g.score {
            Some(GameScore::Wh40k { player1_vp, player2_vp }) => Some((player1_vp, player2_vp)),
            _ => None,
        })
        .collect();
    let score = rules.match_rule.score(&rules.conversion, &counted);
    let complete = u32::try_from(counted.len()).is_ok_and(|n| n == rules.size);
    m.score = Some(GameScore::Wh40k { player1_vp: score.points_a, player2_vp: score.points_b });
    let round = change.tx().round(m.round_id).await?;
    let playoff = round.as_ref().is_some_and(|r| r.playoff);
    if complete && playoff && score.outcome == Outcome::Draw {
        // A top-cut match must have a winner: level by the event's match
        // rule, it awaits the organiser's tiebreaker (the bracket's rule for
        // a level game, `arbiter_engine::playoffs::matches::decide`): the TO
        // overrides the match with its score and `winner`.
        m.result = None;
        m.state = PairingState::Disputed;
        m.reported_at = Some(now_millis());
    } else if complete {
        m.result = Some(match score.outcome {
            Outcome::Win => MatchResult::P1Win,
            Outcome::Loss => MatchResult::P2Win,
            Outcome::Draw => MatchResult::Draw,
        });
        m.state = PairingState::Confirmed;
        m.reported_at = Some(now_millis());
    } else {
        m.result = None;
        m.state = PairingState::Unreported;
        m.reported_at = None;
    }
    change.tx().update_pairing(&m).await?;
    let teams: Vec<PlayerId> = std::iter::once(m.player1_id).chain(m.player2_id).collect();
    let view = views::pairing(&m, &roster(&change.tx().players_in(&teams).await?));
    change.emit(EventData::TeamMatchScored { pairing: view }).await?;
    if playoff {
        // A top-cut match moves the bracket (the caller announces it), not the Swiss standings.
        return Ok(());
    }
    let round = round.map(|r| r.number);
    let cause = StandingsCause { cause: Cause::ResultConfirmed, round, pairing_id: Some(match_id) };
    crate::service::standings::publish(change, t, cause).await?;
    Ok(())
}
