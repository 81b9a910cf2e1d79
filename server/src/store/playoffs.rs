//! Playoff rows: an event's top-cut settings and seeds.

use super::entity::playoff;
use super::{StoreError, StoreResult, Tx};
use crate::domain::{PlayerId, Playoff, TournamentId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{EntityTrait, ModelTrait, Set};

impl Tx {
    /// The event's playoff stage, if the TO added one.
    pub async fn playoff(&self, tournament: TournamentId) -> StoreResult<Option<Playoff>> {
        playoff::Entity::find_by_id(tournament).one(self.conn()).await?.map(from_model).transpose()
    }

    /// Stores the event's playoff stage, replacing the one it had.
    pub async fn put_playoff(&self, p: &Playoff) -> StoreResult<()> {
        let corrupt = |e: serde_json::Error| StoreError::Corrupt(format!("playoff settings: {e}"));
        let row = playoff::ActiveModel {
            tournament_id: Set(p.tournament_id),
            settings: Set(serde_json::to_string(&p.settings).map_err(corrupt)?),
            seeds: Set(p.seeds.as_ref().map(serde_json::to_string).transpose().map_err(corrupt)?),
            updated_at: Set(p.updated_at),
        };
        let update = [playoff::Column::Settings, playoff::Column::Seeds, playoff::Column::UpdatedAt];
        playoff::Entity::insert(row)
            .on_conflict(OnConflict::column(playoff::Column::TournamentId).update_columns(update).to_owned())
            .exec(self.conn())
            .await?;
        Ok(())
    }

    /// Removes the event's playoff stage.
    pub async fn delete_playoff(&self, tournament: TournamentId) -> StoreResult<()> {
        if let Some(row) = playoff::Entity::find_by_id(tournament).one(self.conn()).await? {
            row.delete(self.conn()).await?;
        }
        Ok(())
    }
}

fn from_model(m: playoff::Model) -> StoreResult<Playoff> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("playoff of {}: bad {what}", m.tournament_id));
    let settings = serde_json::from_str(&m.settings).map_err(|_| corrupt("settings"))?;
    let seeds: Option<Vec<PlayerId>> =
        m.seeds.as_deref().map(serde_json::from_str).transpose().map_err(|_| corrupt("seeds"))?;
    Ok(Playoff { tournament_id: m.tournament_id, settings, seeds, updated_at: m.updated_at })
}
