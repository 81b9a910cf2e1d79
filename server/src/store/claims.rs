//! Claim-code rows: one live code per entry, kept as its hash.

use super::entity::claim_code;
use super::{StoreResult, Tx};
use crate::domain::{now_millis, PlayerId, TournamentId};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};

impl Tx {
    /// Stores `hash` as the entry's claim code, replacing the one it had.
    pub async fn put_claim_code(&self, player: PlayerId, tournament: TournamentId, hash: &str) -> StoreResult<()> {
        self.exec("DELETE FROM claim_codes WHERE player_id = ?", vec![player.into()]).await?;
        claim_code::Entity::insert(claim_code::ActiveModel {
            player_id: Set(player),
            tournament_id: Set(tournament),
            code_hash: Set(hash.to_string()),
            created_at: Set(now_millis()),
        })
        .exec(self.conn())
        .await?;
        Ok(())
    }

    /// The entry a claim code (by its hash) hands over, if it is live.
    pub async fn claimed_entry(&self, hash: &str) -> StoreResult<Option<PlayerId>> {
        Ok(claim_code::Entity::find()
            .filter(claim_code::Column::CodeHash.eq(hash))
            .one(self.conn())
            .await?
            .map(|m| m.player_id))
    }

    /// Removes the entry's claim code (claimed, or the entry was claimed otherwise).
    pub async fn delete_claim_code(&self, player: PlayerId) -> StoreResult<()> {
        self.exec("DELETE FROM claim_codes WHERE player_id = ?", vec![player.into()]).await?;
        Ok(())
    }
}
