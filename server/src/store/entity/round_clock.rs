//! `round_clocks`: a round's clock (see `domain::clock`).
#![allow(missing_docs)]

use crate::domain::{RoundId, TournamentId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "round_clocks")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub round_id: RoundId,
    pub tournament_id: TournamentId,
    pub state: String,
    pub duration_ms: i64,
    pub ends_at: Option<i64>,
    pub remaining_ms: Option<i64>,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
