//! `elo_history`: how one rated game moved one player's rating.
#![allow(missing_docs)]

use crate::domain::{EloEntryId, PairingId, RoundId, TournamentId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "elo_history")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: EloEntryId,
    pub user_id: UserId,
    pub game: String,
    pub tournament_id: TournamentId,
    pub round_id: RoundId,
    pub pairing_id: PairingId,
    pub opponent_id: UserId,
    pub result: String,
    pub rating_before: i32,
    pub rating_after: i32,
    pub delta: i32,
    pub k_factor: i32,
    pub games_before: i32,
    pub recorded_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
