//! `tournaments`.
#![allow(missing_docs)]

use crate::domain::{EventId, TournamentId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "tournaments")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: TournamentId,
    pub owner_id: UserId,
    pub name: String,
    pub game: String,
    pub event_date: String,
    pub location: Option<String>,
    pub format: String,
    pub total_rounds: i32,
    pub max_vp: i32,
    pub missions: String,
    pub round_times: String,
    pub status: String,
    pub lists_locked: bool,
    pub pairing_system: String,
    pub standings_config: Option<String>,
    pub point_system: Option<String>,
    pub tie_resolutions: Option<String>,
    pub tie_notices: Option<String>,
    pub staff: Option<String>,
    pub constraints: Option<String>,
    pub acceleration: Option<String>,
    pub round_one: Option<String>,
    pub standings_log: Option<String>,
    pub initial_colour: Option<String>,
    pub teams: Option<String>,
    pub cap: Option<i32>,
    pub fee_amount: Option<i64>,
    pub fee_currency: Option<String>,
    pub eligibility: Option<String>,
    pub event_id: Option<EventId>,
    pub last_seq: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
