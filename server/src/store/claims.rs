//! One-time code rows, kept as their hash: claim codes (one live code per
//! entry) and staff invitations.

use super::entity::{claim_code, staff_invite};
use super::{StoreError, StoreResult, Tx};
use crate::domain::{now_millis, PlayerId, StaffRole, TournamentId};
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

    /// The entry a claim code (by its hash) hands over, if it is live:
    /// issued at or after `issued_since` (ms since the epoch).
    pub async fn claimed_entry(&self, hash: &str, issued_since: i64) -> StoreResult<Option<PlayerId>> {
        Ok(claim_code::Entity::find()
            .filter(claim_code::Column::CodeHash.eq(hash))
            .filter(claim_code::Column::CreatedAt.gte(issued_since))
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

impl Tx {
    /// Stores a staff invitation (by its code's hash).
    pub async fn put_staff_invite(
        &self,
        hash: &str,
        tournament: TournamentId,
        role: StaffRole,
        by: crate::domain::UserId,
    ) -> StoreResult<()> {
        staff_invite::Entity::insert(staff_invite::ActiveModel {
            code_hash: Set(hash.to_string()),
            tournament_id: Set(tournament),
            role: Set(role.as_str().to_string()),
            created_at: Set(now_millis()),
            created_by: Set(by),
        })
        .exec(self.conn())
        .await?;
        Ok(())
    }

    /// The event and role a live invitation (by its code's hash) offers:
    /// made at or after `made_since` (ms since the epoch).
    pub async fn staff_invite(&self, hash: &str, made_since: i64) -> StoreResult<Option<(TournamentId, StaffRole)>> {
        let Some(m) = staff_invite::Entity::find_by_id(hash.to_string())
            .filter(staff_invite::Column::CreatedAt.gte(made_since))
            .one(self.conn())
            .await?
        else {
            return Ok(None);
        };
        let role =
            StaffRole::parse(&m.role).ok_or_else(|| StoreError::Corrupt(format!("staff invite role {}", m.role)))?;
        Ok(Some((m.tournament_id, role)))
    }

    /// Uses up an invitation.
    pub async fn delete_staff_invite(&self, hash: &str) -> StoreResult<()> {
        self.exec("DELETE FROM staff_invites WHERE code_hash = ?", vec![hash.into()]).await?;
        Ok(())
    }
}
