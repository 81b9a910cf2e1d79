//! `rated_rounds`: closed rounds, in the order their games were rated.
#![allow(missing_docs)]

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rated_rounds")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub round_id: String,
    pub tournament_id: String,
    pub game: String,
    pub closed_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
