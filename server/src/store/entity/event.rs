//! `events`: the per-tournament event log.
#![allow(missing_docs)]

use crate::domain::{TournamentId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "events")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub tournament_id: TournamentId,
    #[sea_orm(primary_key, auto_increment = false)]
    pub seq: i64,
    pub kind: String,
    pub payload: String,
    pub created_at: i64,
    pub actor_id: Option<UserId>,
    pub actor_role: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
