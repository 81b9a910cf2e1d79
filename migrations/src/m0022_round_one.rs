//! How a 40K event pairs round 1: by registration order (the default),
//! by a seeded random draw, or by rating.
//!
//! - `tournaments.round_one`: JSON, `NULL` for registration order.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Tournaments::Table).add_column(text_null(Tournaments::RoundOne)).to_owned())
            .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::RoundOne).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    RoundOne,
}
