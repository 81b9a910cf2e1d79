//! Tournament rows.

use super::entity::{player, tournament};
use super::{parse_uuid, StoreError, StoreResult, Tx};
use crate::domain::{Game, Tournament, TournamentStatus};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set};
use uuid::Uuid;

impl Tx {
    /// Takes the write lock on a tournament: a no-op update of its row, so
    /// it is the transaction's first write (see [`super::Store::write`]).
    pub(super) async fn lock_tournament(&self, id: Uuid) -> StoreResult<()> {
        let n = self.exec("UPDATE tournaments SET last_seq = last_seq WHERE id = ?", vec![id.to_string().into()]).await?;
        if n == 0 {
            return Err(StoreError::TournamentNotFound);
        }
        Ok(())
    }

    /// Inserts a new tournament.
    pub async fn insert_tournament(&self, t: &Tournament) -> StoreResult<()> {
        to_active(t).insert(self.conn()).await?;
        Ok(())
    }

    /// Loads a tournament.
    pub async fn tournament(&self, id: Uuid) -> StoreResult<Option<Tournament>> {
        tournament::Entity::find_by_id(id.to_string()).one(self.conn()).await?.map(from_model).transpose()
    }

    /// Tournaments in any of these states, newest event first.
    pub async fn tournaments_with_status(&self, statuses: &[TournamentStatus]) -> StoreResult<Vec<Tournament>> {
        tournament::Entity::find()
            .filter(tournament::Column::Status.is_in(statuses.iter().map(|s| s.as_str())))
            .order_by_asc(tournament::Column::EventDate)
            .order_by_asc(tournament::Column::CreatedAt)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// Tournaments `user` owns or is registered in (not removed from).
    pub async fn tournaments_of_user(&self, user: Uuid) -> StoreResult<Vec<Tournament>> {
        let registered: Vec<String> = player::Entity::find()
            .filter(player::Column::UserId.eq(user.to_string()))
            .filter(player::Column::Removed.eq(false))
            .all(self.conn())
            .await?
            .into_iter()
            .map(|p| p.tournament_id)
            .collect();
        tournament::Entity::find()
            .filter(tournament::Column::OwnerId.eq(user.to_string()).or(tournament::Column::Id.is_in(registered)))
            .order_by_desc(tournament::Column::EventDate)
            .order_by_desc(tournament::Column::CreatedAt)
            .all(self.conn())
            .await?
            .into_iter()
            .map(from_model)
            .collect()
    }

    /// Saves a tournament's mutable fields (status, lock).
    pub async fn update_tournament(&self, t: &Tournament) -> StoreResult<()> {
        let mut m = tournament::Entity::find_by_id(t.id.to_string())
            .one(self.conn())
            .await?
            .ok_or(StoreError::TournamentNotFound)?
            .into_active_model();
        m.status = Set(t.status.as_str().to_string());
        m.lists_locked = Set(t.lists_locked);
        m.update(self.conn()).await?;
        Ok(())
    }

    /// Deletes a tournament and everything in it.
    pub async fn delete_tournament(&self, id: Uuid) -> StoreResult<()> {
        tournament::Entity::delete_by_id(id.to_string()).exec(self.conn()).await?;
        Ok(())
    }
}

fn to_active(t: &Tournament) -> tournament::ActiveModel {
    tournament::ActiveModel {
        id: Set(t.id.to_string()),
        owner_id: Set(t.owner_id.to_string()),
        name: Set(t.name.clone()),
        game: Set(t.game.as_str().to_string()),
        event_date: Set(t.event_date.format("%Y-%m-%d").to_string()),
        location: Set(t.location.clone()),
        format: Set(t.format.clone()),
        total_rounds: Set(i32::try_from(t.total_rounds).unwrap_or(i32::MAX)),
        max_vp: Set(i32::try_from(t.max_vp).unwrap_or(i32::MAX)),
        missions: Set(serde_json::to_string(&t.missions).unwrap_or_else(|_| "[]".into())),
        status: Set(t.status.as_str().to_string()),
        lists_locked: Set(t.lists_locked),
        last_seq: Set(t.last_seq),
        created_at: Set(t.created_at),
    }
}

fn from_model(m: tournament::Model) -> StoreResult<Tournament> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("tournament {}: bad {what}", m.id));
    Ok(Tournament {
        id: parse_uuid(&m.id)?,
        owner_id: parse_uuid(&m.owner_id)?,
        game: Game::parse(&m.game).ok_or_else(|| corrupt("game"))?,
        event_date: chrono::NaiveDate::parse_from_str(&m.event_date, "%Y-%m-%d").map_err(|_| corrupt("event_date"))?,
        total_rounds: u32::try_from(m.total_rounds).map_err(|_| corrupt("total_rounds"))?,
        max_vp: u32::try_from(m.max_vp).map_err(|_| corrupt("max_vp"))?,
        missions: serde_json::from_str(&m.missions).map_err(|_| corrupt("missions"))?,
        status: TournamentStatus::parse(&m.status).ok_or_else(|| corrupt("status"))?,
        name: m.name,
        location: m.location,
        format: m.format,
        lists_locked: m.lists_locked,
        last_seq: m.last_seq,
        created_at: m.created_at,
    })
}
