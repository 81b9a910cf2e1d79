//! Who may enter a section: `tournaments.eligibility`, JSON (a rating band
//! on a named rating, an age range at a cut-off date, invitation only and
//! the invited e-mail addresses); `NULL`: everyone may enter.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter().table(Tournaments::Table).add_column(text_null(Tournaments::Eligibility)).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::Eligibility).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    Eligibility,
}
