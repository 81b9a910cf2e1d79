//! `claim_codes`: the one-time code that hands an entry to a player's account.
#![allow(missing_docs)]

use crate::domain::{PlayerId, TournamentId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "claim_codes")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub player_id: PlayerId,
    pub tournament_id: TournamentId,
    pub code_hash: String,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
