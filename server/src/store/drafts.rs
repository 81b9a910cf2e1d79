//! Draft-pairing rows: a round paired as a draft, until it is published.

use super::entity::round_draft;
use super::{StoreResult, Tx};
use crate::domain::{now_millis, RoundId, TournamentId, UserId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{EntityTrait, Set};

/// A stored draft: its layout (JSON), when and by whom it was last changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredDraft {
    /// The paired round as JSON (see `service::drafts`).
    pub layout: String,
    /// When it was last changed (Unix ms).
    pub updated_at: i64,
    /// Who changed it last.
    pub updated_by: UserId,
}

impl Tx {
    /// The round's draft, if it has one.
    pub async fn draft(&self, round: RoundId) -> StoreResult<Option<StoredDraft>> {
        Ok(round_draft::Entity::find_by_id(round).one(self.conn()).await?.map(|m| StoredDraft {
            layout: m.layout,
            updated_at: m.updated_at,
            updated_by: m.updated_by,
        }))
    }

    /// Stores the round's draft, replacing the one it had.
    pub async fn put_draft(
        &self,
        round: RoundId,
        tournament: TournamentId,
        layout: String,
        by: UserId,
    ) -> StoreResult<()> {
        let row = round_draft::ActiveModel {
            round_id: Set(round),
            tournament_id: Set(tournament),
            layout: Set(layout),
            updated_at: Set(now_millis()),
            updated_by: Set(by),
        };
        let update = [round_draft::Column::Layout, round_draft::Column::UpdatedAt, round_draft::Column::UpdatedBy];
        round_draft::Entity::insert(row)
            .on_conflict(OnConflict::column(round_draft::Column::RoundId).update_columns(update).to_owned())
            .exec(self.conn())
            .await?;
        Ok(())
    }

    /// Drops the round's draft (published or discarded); false when it had none.
    pub async fn delete_draft(&self, round: RoundId) -> StoreResult<bool> {
        Ok(self.exec("DELETE FROM round_drafts WHERE round_id = ?", vec![round.into()]).await? > 0)
    }
}
