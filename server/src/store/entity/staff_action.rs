//! `staff_actions`: organisers' changes that are no public event.
#![allow(missing_docs)]

use crate::domain::{TournamentId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_actions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub tournament_id: TournamentId,
    pub at: i64,
    pub actor_id: UserId,
    pub actor_role: String,
    pub kind: String,
    pub subject: String,
    pub changes: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
