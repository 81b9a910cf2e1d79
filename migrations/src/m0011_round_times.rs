//! The event's schedule: the planned start of each round (`tournaments.round_times`,
//! a JSON list of `HH:MM` or `YYYY-MM-DD HH:MM` texts, index 0 = round 1),
//! shown on the event page and the board.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter().table(Tournaments::Table).add_column(text(Tournaments::RoundTimes).default("[]")).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::RoundTimes).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    RoundTimes,
}
