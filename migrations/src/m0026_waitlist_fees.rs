//! Entry fees and what the desk took: no payment processor, a record.
//!
//! - `tournaments.fee_amount`: the entry fee in the currency's minor units
//!   (cents), `NULL` when the event has no fee; `tournaments.fee_currency`:
//!   its ISO 4217 code (`EUR`).
//! - `tournament_players.payment`: JSON, the entrant's payment as staff last
//!   marked it (`paid`, `owed` or `waived`, the amount taken in minor units,
//!   who marked it and when); `NULL`: nothing marked (owed).

use sea_orm_migration::{async_trait, prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters a table one column at a time.
        m.alter_table(
            Table::alter().table(Tournaments::Table).add_column(big_integer_null(Tournaments::FeeAmount)).to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter().table(Tournaments::Table).add_column(text_null(Tournaments::FeeCurrency)).to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter().table(TournamentPlayers::Table).add_column(text_null(TournamentPlayers::Payment)).to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter().table(TournamentPlayers::Table).drop_column(TournamentPlayers::Payment).to_owned(),
        )
        .await?;
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::FeeCurrency).to_owned())
            .await?;
        m.alter_table(Table::alter().table(Tournaments::Table).drop_column(Tournaments::FeeAmount).to_owned()).await
    }
}

#[derive(DeriveIden)]
enum Tournaments {
    Table,
    FeeAmount,
    FeeCurrency,
}

#[derive(DeriveIden)]
enum TournamentPlayers {
    Table,
    Payment,
}
