//! `playoffs`: an event's top cut (see `domain::playoffs`).
#![allow(missing_docs)]

use crate::domain::TournamentId;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "playoffs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub tournament_id: TournamentId,
    pub settings: String,
    pub seeds: Option<String>,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
