//! `rated_rounds`: closed rounds, in the order their games were rated.
#![allow(missing_docs)]

use crate::domain::{RoundId, TournamentId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rated_rounds")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub round_id: RoundId,
    pub tournament_id: TournamentId,
    pub game: String,
    pub closed_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
