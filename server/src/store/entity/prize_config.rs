//! `prize_configs`: a tournament's prize list and prize rules (JSON text).
#![allow(missing_docs)]

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "prize_configs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub tournament_id: String,
    pub config: String,
    pub updated_by: String,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
