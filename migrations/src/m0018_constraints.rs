//! Pairing constraints set by the organiser: pairs to avoid (family, team
//! mates; or every two players of the same club), fixed tables for players
//! (mobility needs), and, for 40K, no table twice for a player.
//!
//! - `tournaments.constraints`: JSON, `NULL` when none are set.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter().table(Tournaments::Table).add_column(text_null(Tournaments::Constraints)).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::Constraints).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    Constraints,
}
