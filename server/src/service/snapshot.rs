//! The public state of a tournament at one sequence number: what a live
//! page starts from (and falls back to when it fell too far behind).

use super::views::{self, roster, Snapshot};
use crate::app::AppState;
use crate::domain::User;
use crate::error::ApiResult;
use uuid::Uuid;

/// Reads the snapshot of `id` in one consistent read.
///
/// # Errors
/// 404 for an unknown tournament (or a DRAFT not owned by `viewer`); 503 when the database is down.
pub async fn snapshot(state: &AppState, id: Uuid, viewer: Option<&User>) -> ApiResult<Snapshot> {
    let tx = state.store.read().await?;
    let t = super::tournaments::visible(&tx, id, viewer).await?;
    let players = tx.players(id).await?;
    let rounds = tx.rounds(id).await?;
    let pairings = tx.pairings_of_tournament(id).await?;
    let names = roster(&players);
    let round = match rounds.last() {
        Some(r) => Some(views::round(r, &tx.pairings_of_round(r.id).await?, &names)),
        None => None,
    };
    let (standings, standings_meta) = super::standings::table(&t, &players, &rounds, &pairings)?;
    Ok(Snapshot {
        seq: t.last_seq,
        tournament: views::tournament(&t, players.iter().filter(|p| !p.removed).count()),
        players: players.iter().filter(|p| !p.removed).map(|p| views::player(p, false)).collect(),
        round,
        standings,
        standings_meta,
    })
}
