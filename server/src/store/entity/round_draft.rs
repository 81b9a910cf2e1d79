//! `round_drafts`: a round's draft pairings, seen by the organiser only.
#![allow(missing_docs)]

use crate::domain::{RoundId, TournamentId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "round_drafts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub round_id: RoundId,
    pub tournament_id: TournamentId,
    pub layout: String,
    pub updated_at: i64,
    pub updated_by: UserId,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
