//! `prize_runs`: every prize allocation run, with inputs, outputs and log (JSON text).
#![allow(missing_docs)]

use crate::domain::{PrizeRunId, TournamentId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "prize_runs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: PrizeRunId,
    pub tournament_id: TournamentId,
    pub run_by: UserId,
    pub run_at: i64,
    pub standings_seq: i64,
    pub inputs: String,
    pub outputs: String,
    pub log: String,
    pub published: bool,
    pub published_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
