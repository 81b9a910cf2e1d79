//! `pools`: an event's round-robin pools (see `domain::Pools`).
#![allow(missing_docs)]

use crate::domain::TournamentId;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pools")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub tournament_id: TournamentId,
    pub members: String,
    pub rule: String,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
