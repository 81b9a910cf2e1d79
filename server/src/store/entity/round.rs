//! `rounds`.
#![allow(missing_docs)]

use crate::domain::{RoundId, TournamentId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rounds")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: RoundId,
    pub tournament_id: TournamentId,
    pub round_number: i32,
    pub status: String,
    pub mission: String,
    pub created_at: i64,
    pub playoff: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
