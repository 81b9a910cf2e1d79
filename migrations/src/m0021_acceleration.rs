//! Accelerated pairings of a Swiss chess event (FIDE C.04.7): the Baku
//! method, or virtual points given per player and round (TRF `XXA`, `250`).
//!
//! - `tournaments.acceleration`: JSON, `NULL` when the event is not accelerated.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter().table(Tournaments::Table).add_column(text_null(Tournaments::Acceleration)).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::Acceleration).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    Acceleration,
}
