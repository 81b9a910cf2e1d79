//! A 40K team event's pairing (issue 25, point 2), pure: round 1 drawn by
//! [`swiss::pair_first_round`] from the event's recorded seed (the
//! tournament's `round_one` seed when the TO set a random draw, otherwise the
//! low 64 bits of the tournament's id, which never changes), later rounds by
//! team record with [`swiss::pair_next_round`]; and the team standings in the
//! singles shape ([`crate::service::standings::teams`]). The captains' process and the match scores are in
//! [`crate::service::teams::wh40k`].

use super::{describe, Paired, PairedTable};
use crate::domain::{PlayerId, Sheet, TeamRules, Tournament};
use crate::error::{ApiError, ApiResult, Code};
use crate::service::views::roster;
use arbiter_engine::pairing::swiss_record::PairingWarning;
use arbiter_engine::wh40k_teams::swiss::{self, TeamSwissConfig};

use crate::service::standings::teams::team_matches;

/// The seed of round 1's draw (see the module docs).
#[must_use]
pub fn draw_seed(t: &Tournament) -> u64 {
    t.round_one.seed().map_or_else(|| t.id.uuid().as_u64_pair().1, u64::from)
}

fn cannot_pair(e: impl std::fmt::Display) -> ApiError {
    ApiError::conflict(Code::CannotPair, format!("The round cannot be paired: {e}"))
}

/// Pairs round `number` of a 40K team event (see the module docs). Runs the
/// engine synchronously: call it off the async runtime.
///
/// # Errors
/// 409 `not_enough_players` with fewer than two checked-in teams;
/// `cannot_pair` when the engine refuses the field.
pub fn pair(sheet: &Sheet, rules: &TeamRules, number: u32) -> ApiResult<Paired> {
    let (t, teams, rounds, pairings) = (&sheet.tournament, &sheet.entrants, &sheet.rounds, &sheet.pairings);
    let active: Vec<PlayerId> = teams.iter().filter(|p| p.is_active()).map(|p| p.id).collect();
    if active.len() < 2 {
        return Err(ApiError::conflict(
            Code::NotEnoughPlayers,
            format!("At least 2 checked-in teams are needed to pair a round; {} are.", active.len()),
        ));
    }
    let (round, explanation) = if number == 1 {
        let seed = draw_seed(t);
        let round = swiss::pair_first_round(&active, seed).map_err(cannot_pair)?;
        (round, format!("Round 1 drawn at random from seed {seed} (the same seed and teams give the same draw)."))
    } else {
        let ids: Vec<PlayerId> = teams.iter().filter(|p| !p.removed).map(|p| p.id).collect();
        let matches = team_matches(rules, rounds, pairings);
        let config = TeamSwissConfig::default();
        let round =
            swiss::pair_next_round(&ids, |id| active.contains(&id), &matches, &config, number).map_err(cannot_pair)?;
        (round, format!("Round {number} paired by team record: match wins, game points, strength of schedule."))
    };
    let rematch = |a: PlayerId, b: PlayerId| {
        round.warnings.iter().any(|w| {
            matches!(w, PairingWarning::Rematch { player1, player2, .. }
                if (*player1 == a && *player2 == b) || (*player1 == b && *player2 == a))
        })
    };
    let tables = round
        .tables
        .iter()
        .map(|tb| PairedTable {
            number: tb.number,
            player1: tb.player1,
            player2: tb.player2,
            rematch: rematch(tb.player1, tb.player2),
            forfeit: None,
        })
        .collect();
    Ok(Paired {
        tables,
        bye: round.bye,
        warnings: describe(&round.warnings, &roster(teams)),
        explanation: Some(explanation),
        ..Paired::default()
    })
}
