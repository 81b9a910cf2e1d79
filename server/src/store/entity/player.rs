//! `tournament_players`: registrations.
#![allow(missing_docs)]

use crate::domain::{PlayerId, TournamentId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "tournament_players")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: PlayerId,
    pub tournament_id: TournamentId,
    pub user_id: UserId,
    pub registration_no: i32,
    pub display_name: String,
    pub faction: String,
    pub list_text: Option<String>,
    pub checked_in: bool,
    pub dropped: bool,
    pub removed: bool,
    pub registered_at: i64,
    pub pairing_no: Option<i32>,
    pub profile: Option<String>,
    pub adjustments: Option<String>,
    pub kind: String,
    pub team_id: Option<PlayerId>,
    pub seat: Option<i32>,
    pub reserve: bool,
    pub captain_id: Option<UserId>,
    pub waitlist: Option<i32>,
    pub payment: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
