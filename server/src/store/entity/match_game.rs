//! `match_games`: the games of a playoff match of several games.
#![allow(missing_docs)]

use crate::domain::PairingId;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "match_games")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub pairing_id: PairingId,
    pub games: String,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
