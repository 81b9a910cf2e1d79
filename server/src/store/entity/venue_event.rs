//! `venue_events`.
#![allow(missing_docs)]

use crate::domain::{EventId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "venue_events")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: EventId,
    pub owner_id: UserId,
    pub name: String,
    pub starts_on: String,
    pub ends_on: String,
    pub location: Option<String>,
    pub staff: Option<String>,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
