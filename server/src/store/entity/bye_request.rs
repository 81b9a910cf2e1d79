//! `bye_requests`: byes asked for rounds not yet paired.
#![allow(missing_docs)]

use crate::domain::{ByeRequestId, PlayerId, TournamentId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bye_requests")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: ByeRequestId,
    pub tournament_id: TournamentId,
    pub player_id: PlayerId,
    pub round_number: i32,
    pub kind: String,
    pub requested_by: UserId,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
