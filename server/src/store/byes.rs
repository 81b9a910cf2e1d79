//! Bye-request rows.

use super::entity::bye_request;
use super::{StoreError, StoreResult, Tx};
use crate::domain::{ByeKind, ByeRequest, PlayerId, TournamentId};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

impl Tx {
    /// Every bye request of a tournament, by round then request time.
    pub async fn bye_requests(&self, tournament: TournamentId) -> StoreResult<Vec<ByeRequest>> {
        bye_request::Entity::find()
            .filter(bye_request::Column::TournamentId.eq(tournament))
            .order_by_asc(bye_request::Column::RoundNumber)
            .order_by_asc(bye_request::Column::CreatedAt)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// Stores a request, replacing the player's request for the same round.
    pub async fn put_bye_request(&self, r: &ByeRequest) -> StoreResult<()> {
        self.delete_bye_request(r.player_id, r.round).await?;
        bye_request::ActiveModel {
            id: Set(r.id),
            tournament_id: Set(r.tournament_id),
            player_id: Set(r.player_id),
            round_number: Set(i32::try_from(r.round).unwrap_or(i32::MAX)),
            kind: Set(r.kind.as_str().to_string()),
            requested_by: Set(r.requested_by),
            created_at: Set(r.created_at),
        }
        .insert(self.conn())
        .await?;
        Ok(())
    }

    /// Deletes the player's request for `round`; whether there was one.
    pub async fn delete_bye_request(&self, player: PlayerId, round: u32) -> StoreResult<bool> {
        let r = bye_request::Entity::delete_many()
            .filter(bye_request::Column::PlayerId.eq(player))
            .filter(bye_request::Column::RoundNumber.eq(i32::try_from(round).unwrap_or(i32::MAX)))
            .exec(self.conn())
            .await?;
        Ok(r.rows_affected > 0)
    }
}

fn from_model(m: bye_request::Model) -> StoreResult<ByeRequest> {
    Ok(ByeRequest {
        id: m.id,
        tournament_id: m.tournament_id,
        player_id: m.player_id,
        round: u32::try_from(m.round_number)
            .map_err(|_| StoreError::Corrupt(format!("bye round {}", m.round_number)))?,
        kind: ByeKind::parse(&m.kind).ok_or_else(|| StoreError::Corrupt(format!("bye kind {:?}", m.kind)))?,
        requested_by: m.requested_by,
        created_at: m.created_at,
    })
}
