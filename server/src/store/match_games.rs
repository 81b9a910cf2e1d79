//! Match-game rows: the games of a playoff table played as a match of several games.

use super::entity::match_game;
use super::{StoreError, StoreResult, Tx};
use crate::domain::{now_millis, MatchGame, PairingId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, ModelTrait, QueryFilter, Set};
use std::collections::HashMap;

impl Tx {
    /// The games of these tables, by table (tables without games are absent).
    pub async fn match_games(&self, pairings: &[PairingId]) -> StoreResult<HashMap<PairingId, Vec<MatchGame>>> {
        if pairings.is_empty() {
            return Ok(HashMap::new());
        }
        let rows = match_game::Entity::find()
            .filter(match_game::Column::PairingId.is_in(pairings.iter().copied()))
            .all(self.conn())
            .await?;
        rows.into_iter()
            .map(|m| {
                let games = serde_json::from_str(&m.games)
                    .map_err(|_| StoreError::Corrupt(format!("games of pairing {}", m.pairing_id)))?;
                Ok((m.pairing_id, games))
            })
            .collect()
    }

    /// Stores the games of a table, replacing those it had; no games removes them.
    pub async fn put_match_games(&self, pairing: PairingId, games: &[MatchGame]) -> StoreResult<()> {
        if games.is_empty() {
            if let Some(row) = match_game::Entity::find_by_id(pairing).one(self.conn()).await? {
                row.delete(self.conn()).await?;
            }
            return Ok(());
        }
        let json = serde_json::to_string(games).map_err(|e| StoreError::Corrupt(format!("match games: {e}")))?;
        let row = match_game::ActiveModel { pairing_id: Set(pairing), games: Set(json), updated_at: Set(now_millis()) };
        let update = [match_game::Column::Games, match_game::Column::UpdatedAt];
        match_game::Entity::insert(row)
            .on_conflict(OnConflict::column(match_game::Column::PairingId).update_columns(update).to_owned())
            .exec(self.conn())
            .await?;
        Ok(())
    }
}
