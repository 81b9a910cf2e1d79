//! A player's profile in an event (JSON text): rating, FIDE id, title,
//! federation, birth date, sex, club, city, state, disability — what chess
//! pairing (initial order), rating tie-breaks, TRF and prize eligibility read.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter().table(TournamentPlayers::Table).add_column(text_null(TournamentPlayers::Profile)).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(TournamentPlayers::Table).drop_column(TournamentPlayers::Profile).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum TournamentPlayers {
    Table,
    Profile,
}
