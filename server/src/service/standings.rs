//! Standings from results: the engine's 40K standings over every confirmed
//! game (and bye), computed fresh from the database on each change.

use super::views::StandingView;
use crate::domain::{Pairing, PairingState, Player, Round};
use crate::error::{ApiError, ApiResult};
use crate::store::Store;
use arbiter_engine::standings::wh40k::{self, Game, Standing};
use std::collections::HashMap;
use uuid::Uuid;

/// The games that count: confirmed results and byes, as the engine reads them.
#[must_use]
pub fn games(rounds: &[Round], pairings: &[Pairing]) -> Vec<Game<Uuid>> {
    as_games(rounds, pairings.iter().filter(|p| p.state == PairingState::Confirmed))
}

/// Every pairing, confirmed or not, as a "who met whom" history for pairing
/// (a reported but unconfirmed game still means the players met).
#[must_use]
pub fn history(rounds: &[Round], pairings: &[Pairing]) -> Vec<Game<Uuid>> {
    as_games(rounds, pairings.iter())
}

fn as_games<'a>(rounds: &[Round], pairings: impl Iterator<Item = &'a Pairing>) -> Vec<Game<Uuid>> {
    let number: HashMap<Uuid, u32> = rounds.iter().map(|r| (r.id, r.number)).collect();
    pairings
        .filter_map(|p| {
            Some(Game {
                round: *number.get(&p.round_id)?,
                player1: p.player1_id,
                player2: p.player2_id,
                vp1: p.player1_vp.unwrap_or(0),
                vp2: p.player2_vp.unwrap_or(0),
            })
        })
        .collect()
}

/// The entrants standings are computed over: every registration in
/// registration order, except players the TO removed before they played.
fn entrants(players: &[Player], games: &[Game<Uuid>]) -> Vec<Uuid> {
    players
        .iter()
        .filter(|p| !p.removed || games.iter().any(|g| g.player1 == p.id || g.player2 == Some(p.id)))
        .map(|p| p.id)
        .collect()
}

/// The engine's standings lines for a tournament.
///
/// # Errors
/// 500 if stored results are inconsistent (a player twice in a round).
pub fn compute(players: &[Player], rounds: &[Round], pairings: &[Pairing]) -> ApiResult<Vec<Standing<Uuid>>> {
    let games = games(rounds, pairings);
    wh40k::standings(&entrants(players, &games), &games).map_err(ApiError::internal)
}

/// The standings table as shown: rank, player, faction, W, L, D, VP, margin, SOS.
///
/// # Errors
/// As [`compute`].
pub fn table(players: &[Player], rounds: &[Round], pairings: &[Pairing]) -> ApiResult<Vec<StandingView>> {
    let by_id: HashMap<Uuid, &Player> = players.iter().map(|p| (p.id, p)).collect();
    Ok(compute(players, rounds, pairings)?
        .into_iter()
        .filter_map(|s| {
            let p = by_id.get(&s.id)?;
            Some(StandingView {
                rank: s.rank,
                player_id: s.id.to_string(),
                display_name: p.display_name.clone(),
                faction: p.faction.clone(),
                wins: s.wins,
                losses: s.losses,
                draws: s.draws,
                byes: s.byes,
                vp_for: s.vp_for,
                vp_against: s.vp_against,
                margin: s.margin,
                sos: (s.sos.as_percent_f64() * 10.0).round() / 10.0,
                sos_exact: format!("{}/{}", s.sos.num(), s.sos.den()),
                dropped: p.dropped || p.removed,
            })
        })
        .collect())
}

/// The current standings table of a tournament and the sequence number it
/// is consistent with, read in one snapshot.
///
/// # Errors
/// 404 for an unknown tournament; 503 when the database is down.
pub async fn current(store: &Store, tournament: Uuid) -> ApiResult<(i64, Vec<StandingView>)> {
    let tx = store.read().await?;
    let seq = tx.last_seq(tournament).await?;
    let players = tx.players(tournament).await?;
    let rounds = tx.rounds(tournament).await?;
    let pairings = tx.pairings_of_tournament(tournament).await?;
    Ok((seq, table(&players, &rounds, &pairings)?))
}
