//! `pairings`: one table (or the bye) of a round, with its result.
#![allow(missing_docs)]

use crate::domain::{PairingId, PlayerId, RoundId, TournamentId, UserId};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pairings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: PairingId,
    pub round_id: RoundId,
    pub tournament_id: TournamentId,
    pub table_number: i32,
    pub player1_id: PlayerId,
    pub player2_id: Option<PlayerId>,
    pub player1_vp: Option<i32>,
    pub player2_vp: Option<i32>,
    pub result: Option<String>,
    pub state: String,
    pub reported_by: Option<UserId>,
    pub reported_at: Option<i64>,
    pub dispute_player1_vp: Option<i32>,
    pub dispute_player2_vp: Option<i32>,
    pub dispute_note: Option<String>,
    pub to_override: bool,
    pub override_note: Option<String>,
    pub rematch: bool,
    pub created_at: i64,
    pub score: Option<String>,
    pub dispute_score: Option<String>,
    pub match_id: Option<PairingId>,
    pub board: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
