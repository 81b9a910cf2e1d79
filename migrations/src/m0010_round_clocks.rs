//! Round clocks: the time left in a round, kept by the server and pushed to
//! every board and phone (one row per round that has had its clock started).
//!
//! A clock is `running` (it ends at `ends_at`, Unix ms on the server's
//! clock), `paused` (with `remaining_ms` left) or `ended`; `duration_ms` is
//! the round's length as set at start plus every extension.

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(RoundClocks::Table)
                .col(string_len(RoundClocks::RoundId, 36).primary_key())
                .col(string_len(RoundClocks::TournamentId, 36))
                // `running`, `paused` or `ended`.
                .col(string_len(RoundClocks::State, 8))
                .col(big_integer(RoundClocks::DurationMs))
                .col(big_integer_null(RoundClocks::EndsAt))
                .col(big_integer_null(RoundClocks::RemainingMs))
                .col(big_integer(RoundClocks::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(RoundClocks::Table, RoundClocks::RoundId)
                        .to(Alias::new("rounds"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(RoundClocks::Table, RoundClocks::TournamentId)
                        .to(Alias::new("tournaments"), Alias::new("id"))
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(RoundClocks::Table).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum RoundClocks {
    Table,
    RoundId,
    TournamentId,
    State,
    DurationMs,
    EndsAt,
    RemainingMs,
    UpdatedAt,
}
