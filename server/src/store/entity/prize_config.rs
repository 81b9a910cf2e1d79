//! `prize_configs`: a tournament's prize list and prize rules (JSON text).
#![allow(missing_docs)]

use crate::domain::{TournamentId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "prize_configs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub tournament_id: TournamentId,
    pub config: String,
    pub updated_by: UserId,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
