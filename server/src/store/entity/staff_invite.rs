//! `staff_invites`: one-time invitations to an event's staff.
#![allow(missing_docs)]

use crate::domain::{TournamentId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_invites")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub code_hash: String,
    pub tournament_id: TournamentId,
    pub role: String,
    pub created_at: i64,
    pub created_by: UserId,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
