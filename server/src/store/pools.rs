//! Pool rows: an event's round-robin pools.

use super::entity::pool;
use super::{StoreError, StoreResult, Tx};
use crate::domain::{PlayerId, PoolRule, Pools, TournamentId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{EntityTrait, ModelTrait, Set};

impl Tx {
    /// The event's pools, if the TO set them.
    pub async fn pools(&self, tournament: TournamentId) -> StoreResult<Option<Pools>> {
        pool::Entity::find_by_id(tournament).one(self.conn()).await?.map(from_model).transpose()
    }

    /// Stores the event's pools, replacing the ones it had.
    pub async fn put_pools(&self, p: &Pools) -> StoreResult<()> {
        let corrupt = |e: serde_json::Error| StoreError::Corrupt(format!("pools: {e}"));
        let row = pool::ActiveModel {
            tournament_id: Set(p.tournament_id),
            members: Set(serde_json::to_string(&p.members).map_err(corrupt)?),
            rule: Set(p.rule.as_str().to_string()),
            updated_at: Set(p.updated_at),
        };
        let update = [pool::Column::Members, pool::Column::Rule, pool::Column::UpdatedAt];
        pool::Entity::insert(row)
            .on_conflict(OnConflict::column(pool::Column::TournamentId).update_columns(update).to_owned())
            .exec(self.conn())
            .await?;
        Ok(())
    }

    /// Removes the event's pools.
    pub async fn delete_pools(&self, tournament: TournamentId) -> StoreResult<()> {
        if let Some(row) = pool::Entity::find_by_id(tournament).one(self.conn()).await? {
            row.delete(self.conn()).await?;
        }
        Ok(())
    }
}

fn from_model(m: pool::Model) -> StoreResult<Pools> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("pools of {}: bad {what}", m.tournament_id));
    let members: Vec<Vec<PlayerId>> = serde_json::from_str(&m.members).map_err(|_| corrupt("members"))?;
    let rule = PoolRule::parse(&m.rule).ok_or_else(|| corrupt("rule"))?;
    Ok(Pools { tournament_id: m.tournament_id, members, rule, updated_at: m.updated_at })
}
