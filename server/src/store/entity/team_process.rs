//! `team_processes`: the captains' pairing process of a 40K team match.
#![allow(missing_docs)]

use crate::domain::{PairingId, TournamentId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "team_processes")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub match_id: PairingId,
    pub tournament_id: TournamentId,
    pub rosters: String,
    pub table_choice: String,
    pub actions: String,
    pub step_started_at: i64,
    pub updated_at: i64,
    pub expires_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
