//! Top cut: an event's playoff stage (one row per event that has one) and the
//! mark on rounds that belong to it.
//!
//! - `playoffs.settings`: the TO's settings as JSON (cut size, re-seeding,
//!   third-place game, the rule that decides a level game);
//! - `playoffs.seeds`: the seeded players as a JSON list of registration ids
//!   (seed 1 first), written when the first playoff round is paired; null before;
//! - `rounds.playoff`: true for a playoff round. Swiss standings, pairing and
//!   tie-breaks read only the other rounds.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Playoffs::Table)
                .col(string_len(Playoffs::TournamentId, 36).primary_key())
                .col(text(Playoffs::Settings))
                .col(text_null(Playoffs::Seeds))
                .col(big_integer(Playoffs::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Playoffs::Table, Playoffs::TournamentId)
                        .to(Alias::new("tournaments"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter().table(Rounds::Table).add_column(boolean(Rounds::Playoff).default(false)).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Rounds::Table).drop_column(Rounds::Playoff).to_owned()).await?;
        m.drop_table(Table::drop().table(Playoffs::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Playoffs {
    Table,
    TournamentId,
    Settings,
    Seeds,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Rounds {
    Table,
    Playoff,
}
